/* Sizes for pragma-macros.nst, found beside it as a "..." include. */
#define N 23
#define LAST(n) ((n) - 1)
