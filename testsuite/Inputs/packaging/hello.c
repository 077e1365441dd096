/* hello.c - a small BSPlib program for the out-of-tree build test
 * (packaging/out-of-tree.test): every process sends pid + 1 to process 0,
 * which sums the queue.  Written with the bsp_*_t typedefs, so it builds
 * against both APIs (BSPlib's and MulticoreBSP 2.0's). */
#include <stdio.h>
#include <bsp.h>

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = (int)bsp_nprocs(), s = (int)bsp_pid(), v = s + 1, sum = 0;
    bsp_send(0, NULL, &v, sizeof v);
    bsp_sync();
    bsp_nprocs_t n;
    bsp_size_t bytes, status;
    bsp_qsize(&n, &bytes);
    for (bsp_nprocs_t i = 0; i < n; i++) {
        bsp_get_tag(&status, NULL);
        bsp_move(&v, (bsp_size_t)sizeof v);
        sum += v;
    }
    if (s == 0)
        printf("%s API: %d processes, %d messages of %d bytes, sum %d\n",
#ifdef NESTSTEP_BSPLIB_MCBSP
               "MulticoreBSP",
#else
               "BSPlib",
#endif
               p, (int)n, (int)status, sum);
    bsp_end();
    return 0;
}
