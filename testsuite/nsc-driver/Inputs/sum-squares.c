// A second translation unit for the nsc-driver tests: it defines what
// two-files.c and compile-then-link.c call.
#include "sum-squares.h"

long sum_squares(int n)
{
    long s = 0;
    for (int i = 1; i <= n; i++)
        s += (long)i * i;
    return s;
}
