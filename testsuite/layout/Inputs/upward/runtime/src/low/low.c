/* low.c - a lower layer that calls up (what layering.test must find). */
#include "high.h"

int low_helper(int x) { return x + 1; }
int low_entry(int x) { return high_work(x); }
