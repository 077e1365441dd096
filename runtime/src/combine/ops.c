/*
 * ops.c - the combine policies on element values: + * max min & | ^,
 * first writer wins (default and <?>), all equal (<=>), and user functions;
 * their identities for empty prefixes; which policy suits which type.
 */
#include <float.h>
#include <limits.h>
#include <math.h>
#include "internal.h"

static const size_t type_size[NS_NTYPES] = {
    [Type_bytes] = 0,
    [Type_char] = sizeof(char), [Type_schar] = sizeof(signed char),
    [Type_uchar] = sizeof(unsigned char),
    [Type_short] = sizeof(short), [Type_ushort] = sizeof(unsigned short),
    [Type_int] = sizeof(int), [Type_uint] = sizeof(unsigned),
    [Type_long] = sizeof(long), [Type_ulong] = sizeof(unsigned long),
    [Type_llong] = sizeof(long long), [Type_ullong] = sizeof(unsigned long long),
    [Type_float] = sizeof(float), [Type_double] = sizeof(double),
};

size_t
ns_type_size(int type)
{
    return type >= 0 && type < NS_NTYPES ? type_size[type] : 0;
}

const char *
ns_op_name(int op)
{
    static const char *const name[NS_NOPS] = { "?", "+", "*", "max", "min", "&", "|", "^",
                                               "=", "function" };
    return op >= 0 && op < NS_NOPS ? name[op] : "unknown";
}

/* Whether op applies to type: arithmetic needs a number type, bitwise an
 * integer type; structs (Type_bytes) take only ?, = and functions. */
int
ns_op_valid(int op, int type)
{
    if (op == NS_OP_FIRST || op == NS_OP_EQ || op == NS_OP_FN)
        return op >= 0;
    if (type <= Type_bytes || type >= NS_NTYPES)
        return 0;
    if (op == NS_OP_AND || op == NS_OP_OR || op == NS_OP_XOR)
        return type != Type_float && type != Type_double;
    return op > 0 && op < NS_NOPS;
}

#define ARITH(T)                                                              \
    do {                                                                      \
        T *x = acc; const T *y = in;                                          \
        switch (op) {                                                         \
        case NS_OP_ADD: *x = (T)(*x + *y); break;                             \
        case NS_OP_MUL: *x = (T)(*x * *y); break;                             \
        case NS_OP_MAX: if (*y > *x) *x = *y; break;                          \
        case NS_OP_MIN: if (*y < *x) *x = *y; break;                          \
        }                                                                     \
    } while (0)
#define BITS(T)                                                               \
    do {                                                                      \
        T *x = acc; const T *y = in;                                          \
        switch (op) {                                                         \
        case NS_OP_AND: *x &= *y; break;                                      \
        case NS_OP_OR: *x |= *y; break;                                       \
        case NS_OP_XOR: *x ^= *y; break;                                      \
        default: ARITH(T);                                                    \
        }                                                                     \
    } while (0)

/* acc := acc (op) in for one element of elsize bytes, acc from the lower
 * rank.  Returns 0 only for <=> when the two differ. */
int
ns_op_apply(int op, int type, ns_combine_fn fn, void *acc, const void *in, size_t elsize)
{
    switch (op) {
    case NS_OP_FIRST: return 1;
    case NS_OP_EQ: return memcmp(acc, in, elsize) == 0;
    case NS_OP_FN: fn(acc, in); return 1;
    }
    switch (type) {
    case Type_char: BITS(char); break;
    case Type_schar: BITS(signed char); break;
    case Type_uchar: BITS(unsigned char); break;
    case Type_short: BITS(short); break;
    case Type_ushort: BITS(unsigned short); break;
    case Type_int: BITS(int); break;
    case Type_uint: BITS(unsigned); break;
    case Type_long: BITS(long); break;
    case Type_ulong: BITS(unsigned long); break;
    case Type_llong: BITS(long long); break;
    case Type_ullong: BITS(unsigned long long); break;
    case Type_float: ARITH(float); break;
    case Type_double: ARITH(double); break;
    }
    return 1;
}

#define SET(T, v) (*(T *)out = (T)(v))
/* The identity of op on type into out; 0 when op has none (?, =, f). */
int
ns_op_identity(int op, int type, void *out)
{
    int zero = op == NS_OP_ADD || op == NS_OP_OR || op == NS_OP_XOR;
    int one = op == NS_OP_MUL;
    int all = op == NS_OP_AND;
    if (op == NS_OP_MAX || op == NS_OP_MIN) {
        int mx = op == NS_OP_MIN;       /* min's identity is the largest value */
        switch (type) {
        case Type_char: SET(char, mx ? CHAR_MAX : CHAR_MIN); return 1;
        case Type_schar: SET(signed char, mx ? SCHAR_MAX : SCHAR_MIN); return 1;
        case Type_uchar: SET(unsigned char, mx ? UCHAR_MAX : 0); return 1;
        case Type_short: SET(short, mx ? SHRT_MAX : SHRT_MIN); return 1;
        case Type_ushort: SET(unsigned short, mx ? USHRT_MAX : 0); return 1;
        case Type_int: SET(int, mx ? INT_MAX : INT_MIN); return 1;
        case Type_uint: SET(unsigned, mx ? UINT_MAX : 0); return 1;
        case Type_long: SET(long, mx ? LONG_MAX : LONG_MIN); return 1;
        case Type_ulong: SET(unsigned long, mx ? ULONG_MAX : 0); return 1;
        case Type_llong: SET(long long, mx ? LLONG_MAX : LLONG_MIN); return 1;
        case Type_ullong: SET(unsigned long long, mx ? ULLONG_MAX : 0); return 1;
        case Type_float: SET(float, mx ? INFINITY : -INFINITY); return 1;
        case Type_double: SET(double, mx ? INFINITY : -INFINITY); return 1;
        }
        return 0;
    }
    if (!zero && !one && !all)
        return 0;
    long long v = one ? 1 : all ? -1 : 0;
    switch (type) {
    case Type_char: SET(char, v); return 1;
    case Type_schar: SET(signed char, v); return 1;
    case Type_uchar: SET(unsigned char, v); return 1;
    case Type_short: SET(short, v); return 1;
    case Type_ushort: SET(unsigned short, v); return 1;
    case Type_int: SET(int, v); return 1;
    case Type_uint: SET(unsigned, v); return 1;
    case Type_long: SET(long, v); return 1;
    case Type_ulong: SET(unsigned long, v); return 1;
    case Type_llong: SET(long long, v); return 1;
    case Type_ullong: SET(unsigned long long, v); return 1;
    case Type_float: SET(float, v); return 1;
    case Type_double: SET(double, v); return 1;
    }
    return 0;
}
