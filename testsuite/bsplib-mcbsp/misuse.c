// Misuse in MulticoreBSP for C 2.0's API (bspcc --mcbsp): the same checks
// and located errors as the BSPlib API, and sizes above what the library
// takes (INT_MAX) stop the job; bsp_direct_get does not build.
// RUN: %bspcc --mcbsp -Werror %s -o %t
// RUN: not %bsprun 3 %t bounds 2> %t.err
// RUN: FileCheck %s --check-prefix=BOUNDS --implicit-check-not=error: < %t.err
// RUN: not %bsprun 1 %t large 2> %t.err
// RUN: FileCheck %s --check-prefix=LARGE --implicit-check-not=error: < %t.err
// RUN: not %bsprun 5 %t pid 2> %t.err
// RUN: FileCheck %s --check-prefix=PID --implicit-check-not=error: < %t.err
// bsp_vabort, MulticoreBSP's bsp_abort with a va_list, from a wrapper:
// RUN: not %bsprun 3 %t vabort > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=VABORT --implicit-check-not=error: < %t.err
// RUN: not %bspcc --mcbsp -DDIRECT_GET %s -o %t.direct 2> %t.cc
// RUN: FileCheck %s --check-prefix=DIRECT < %t.cc
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <bsp.h>

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bsp_vabort(fmt, ap);
}

int main(int argc, char **argv)
{
    (void)argc;
    bsp_begin(bsp_nprocs());
    int x[2] = { 0, 0 };
    bsp_push_reg(x, sizeof x);
    bsp_sync();
    if (strcmp(argv[1], "bounds") == 0 && bsp_pid() == 1)
        // BOUNDS: misuse.c:[[@LINE+1]]: error: [process 1, superstep 1] bsp_put: offset 4 + nbytes 8 = 12 is beyond the registered destination area, which is 8 bytes on the largest process
        bsp_put(0, x, x, sizeof(int), sizeof x);
    if (strcmp(argv[1], "large") == 0)
        // LARGE: misuse.c:[[@LINE+1]]: error: [process 0, superstep 1] bsp_get: size is 4294967296, more than this library takes (2147483647); split the transfer or the area into pieces of at most 2147483647 bytes
        bsp_get(0, x, 0, x, (size_t)1 << 32);
    if (strcmp(argv[1], "pid") == 0 && bsp_pid() == 4)
        // PID: misuse.c:[[@LINE+1]]: error: [process 4, superstep 1] bsp_send: process id 5 is out of range; use 0 <= pid < bsp_nprocs() = 5
        bsp_send(bsp_nprocs(), NULL, x, 1);
    if (strcmp(argv[1], "vabort") == 0 && bsp_pid() == 2)
        fail("giving up after %d of %zu\n", 3, (size_t)7);
    // VABORT: {{^}}bsp_abort: process 2: giving up after 3 of 7{{$}}
#ifdef DIRECT_GET
    // DIRECT: error: call to 'bsp_direct_get' declared with attribute error: bsp_direct_get (MulticoreBSP, shared memory only) is not available
    bsp_direct_get(0, x, 0, x, sizeof x);
#endif
    bsp_sync();
    bsp_end();
    return 0;
}
