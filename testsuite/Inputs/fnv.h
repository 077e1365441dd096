/* fnv.h - for tests: FNV-1a over bytes, continuing from h (start with
 * 14695981039346656037ul), to checksum what puts wrote. */
#ifndef TESTSUITE_FNV_H
#define TESTSUITE_FNV_H

static unsigned long
fnv(unsigned long h, const unsigned char *b, long n)
{
    for (long i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ul;
    return h;
}
#endif
