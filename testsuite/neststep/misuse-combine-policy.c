// Misuse (spec section 3): a combine policy that does not apply to the
// element type: <&> <|> <^> need integers, <+> <*> <max> <min> numbers;
// a struct takes only <?>, <=> and functions.  In a declaration (which has
// no source line in the runtime ABI: the message names the variable) and in
// a combine clause (the message names the step's line).  Every process
// makes the mistake; the job prints one line (no other line says error).
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t decl 2>&1 | FileCheck %s --check-prefix=DECL --implicit-check-not=error
// RUN: not %nsrun 3 %t declstruct 2>&1 | FileCheck %s --check-prefix=DECLS --implicit-check-not=error
// RUN: not %nsrun 3 %t clause 2>&1 | FileCheck %s --check-prefix=CLAUSE --implicit-check-not=error
// RUN: not %nsrun 3 %t clausestruct 2>&1 | FileCheck %s --check-prefix=CLAUSES --implicit-check-not=error
// DECL: {{^}}error: [process {{[0-2]}}, superstep 1] sh: shared variable 'd': combine policy <&> does not apply to its element type; use <+> <*> <max> <min> on numbers, <&> <|> <^> on integers, <?> <=> or a function on any type
// DECLS: {{^}}error: [process {{[0-2]}}, superstep 1] sh: shared variable 'w': combine policy <+> does not apply to its element type; use <+> <*> <max> <min> on numbers, <&> <|> <^> on integers, <?> <=> or a function on any type
#include <neststep.h>
#include <string.h>

struct word { char s[8]; };

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    const char *what = argc > 1 ? argv[1] : "";
    double d = 0;
    struct word w = { "" };
    ns_shvar sv_d, sv_w;
    ns_step_begin(NS_AT("step"));       // not the line to name for a declaration
    ns_step_end();
    // sh<&> double d;  or  sh<+> double d;
    ns_sh_declare(&sv_d, "d", &d, 1, Type_double, sizeof d,
                  !strcmp(what, "decl") ? NS_OP_AND : NS_OP_ADD, NULL);
    // sh<+> struct word w;  or  sh struct word w;
    ns_sh_declare(&sv_w, "w", &w, 1, Type_bytes, sizeof w,
                  !strcmp(what, "declstruct") ? NS_OP_ADD : NS_OP_FIRST, NULL);
    if (!strcmp(what, "clause")) {
        // CLAUSE: misuse-combine-policy.c:[[@LINE+1]]: error: [process {{[0-2]}}, superstep 1] combine: combine policy <^> does not apply to the element type of 'd'
        ns_step_begin(NS_AT("step"));
        ns_sh_w(&sv_d, 0, NS_AT("d")), d = 1;
        ns_combine_policy(&sv_d, NS_OP_XOR, NULL);  // combine(d<^>)
        ns_step_end();
    }
    if (!strcmp(what, "clausestruct")) {
        // CLAUSES: misuse-combine-policy.c:[[@LINE+1]]: error: [process {{[0-2]}}, superstep 1] combine: combine policy <max> does not apply to the element type of 'w'
        ns_step_begin(NS_AT("step"));
        ns_combine_policy(&sv_w, NS_OP_MAX, NULL);  // combine(w<max>)
        ns_step_end();
    }
    ns_sh_undeclare(&sv_w);
    ns_sh_undeclare(&sv_d);
    NestStep_finalize();
    return 0;
}
