/* mix.h - the integer hash the samples use to make their inputs (each
 * sample carries the same function, so that every process can compute any
 * element); shared by the sequential references. */
#ifndef SAMPLES_MIX_H
#define SAMPLES_MIX_H
#include <stdint.h>

static inline uint32_t
mix(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}
#endif
