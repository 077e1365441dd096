/* high.c - a higher layer that calls down (allowed). */
#include "high.h"
int low_helper(int x);

int high_work(int x) { return low_helper(x) * 2; }
