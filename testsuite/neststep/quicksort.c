// Seed 002 Figure 3: p-way randomized Combine-CRCW BSP quicksort
// (Gerbessiotis/Valiant, no oversampling), translated by hand to the
// runtime ABI as nsc emits it: block-distributed A and B, replicated
// shared arrays size and pivs, a prefix combine size[:]<+:preFSIZE[:]>,
// bulk section writes and reads of B, a mirror.
// Corrections to the figure (its bugs, as printed):
//  1. `sh float *size, *pivs` with `size = new_Array(p, Type_int)`, `pivs =
//     new_Array(p, Type_int)`, but size holds counts and pivs holds
//     elements used as floats: here sh int *size (Type_int) and
//     sh float *pivs (Type_float).
//  2. `combine ( size[:]<+;preFSIZE[:> )` is a typo for
//     `combine ( size[:]<+:preFSIZE[:]> )`.
//  3. `int pivi = DArray_index( rand()%myndp )` lacks the array argument:
//     DArray_index(A, rand() % myndp).
//  4. myndp == 0 (N < p, or the trailing processes of a block distribution
//     with block size ceil(N/p)) makes rand() % myndp undefined: such a
//     process contributes the pivot +infinity (FLT_MAX), an empty interval.
//  5. `myslice[j][size[j]] = A[i];` never advances size[j]: size[j]++.
//  6. The slices hold ndp = N/p elements each, but a process owns up to
//     ceil(N/p) elements and all of them may fall in one slice: each slice
//     gets DArray_Length(A) places.
//  7. findloc does arithmetic on a void pointer (`a+j*size`): (char *)a.
//  8. size[$] == 0 (an empty pivot interval): T has no elements; the empty
//     sections B[l:l-1] = T[0:-1] and the mirror of B[l:l-1] do nothing.
//  9. qsort(pivs, ...) in step 2 writes a replicated shared array through
//     its address: nsc emits ns_sh_escape (every process sorts the same
//     values, so the writers agree).
// The mirror of stage 5 is kept, though stage 6 reads B with a section.
// Values come from srand(seed + $).  Rank 0 reads A and B at the end and
// compares B with a sequential sort of A (sorted and a permutation).
// RUN: %nscc %s -o %t
// RUN: %nsrun 1 %t 1000 | FileCheck %s --check-prefix=N1000
// RUN: %nsrun 2 %t 1000 | FileCheck %s --check-prefix=N1000
// RUN: %nsrun 3 %t 1000 | FileCheck %s --check-prefix=N1000
// RUN: %nsrun 4 %t 1000 | FileCheck %s --check-prefix=N1000
// RUN: %nsrun 5 %t 1000 | FileCheck %s --check-prefix=N1000
// RUN: %nsrun 5 %t 1000 10 7 | FileCheck %s --check-prefix=N1000
// RUN: %nsrun 3 %t 37 | FileCheck %s --check-prefix=N37
// RUN: %nsrun 4 %t 37 4 3 | FileCheck %s --check-prefix=N37
// RUN: %nsrun 5 %t 7 | FileCheck %s --check-prefix=N7
// RUN: %nsrun 4 %t 7 3 | FileCheck %s --check-prefix=N7
// RUN: %nsrun 5 %t 3 | FileCheck %s --check-prefix=N3
// RUN: %nsrun 4 %t 3 | FileCheck %s --check-prefix=N3
// RUN: %nsrun 2 %t 1 | FileCheck %s --check-prefix=N1
// RUN: %nsrun 3 %t 0 | FileCheck %s --check-prefix=N0
// N1000: N=1000 sorted yes, equal to the sequential sort yes
// N1000-NEXT: wrong 0
// N37: N=37 sorted yes, equal to the sequential sort yes
// N37-NEXT: wrong 0
// N7: N=7 sorted yes, equal to the sequential sort yes
// N7-NEXT: wrong 0
// N3: N=3 sorted yes, equal to the sequential sort yes
// N3-NEXT: wrong 0
// N1: N=1 sorted yes, equal to the sequential sort yes
// N1-NEXT: wrong 0
// N0: N=0 sorted yes, equal to the sequential sort yes
// N0-NEXT: wrong 0
#include <neststep.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int N = 10;                             // default value

/** findloc(): the first index j in [0..n-1] with key <= a[j], else n-1. */
static int
findloc(void *key, void *a, int n, int size, int (*cmp)(const void *, const void *))
{
    int j;                              // for the first, use naive linear search:
    for (j = 0; j < n; j++)
        if (cmp(key, (char *)a + j * size) <= 0)
            return j;
    return n - 1;
}

static int
flcmp(const void *a, const void *b)     // compare 2 floats
{
    if (*(const float *)a < *(const float *)b) return -1;
    if (*(const float *)a > *(const float *)b) return 1;
    return 0;
}

int
main(int argc, char *argv[])
{
    // shared variables:
    ns_darray *A, *B;                   // sh float *A</>, *B</>;
    int *size = NULL;                   // sh int *size;
    float *pivs = NULL;                 // sh float *pivs;
    ns_shvar sv_size, sv_pivs;
    // private variables:
    float *T, **myslice;
    int *mysize, *Ssize, *preFSIZE;
    int i, j, p, myndp, psumsize;
    long li;
    int range = 1000000, seed = 1;

    NestStep_init(&argc, &argv);
    if (argc > 1) sscanf(argv[1], "%d", &N);
    if (argc > 2) sscanf(argv[2], "%d", &range);    // small: many equal keys
    if (argc > 3) sscanf(argv[3], "%d", &seed);
    ns_sh_declare(&sv_size, "size", NULL, 0, Type_int, sizeof(int), NS_OP_FIRST, NULL);
    ns_sh_handle(&sv_size, (void **)&size);
    ns_sh_declare(&sv_pivs, "pivs", NULL, 0, Type_float, sizeof(float), NS_OP_FIRST, NULL);
    ns_sh_handle(&sv_pivs, (void **)&pivs);
    p = NestStep_size();
    srand((unsigned)(seed + NestStep_rank()));
    A = ns_da_new("A", N, 1, Type_float, sizeof(float), NS_BLOCK, NS_OP_FIRST, NULL);
    B = ns_da_new("B", N, 1, Type_float, sizeof(float), NS_BLOCK, NS_OP_FIRST, NULL);
    mysize = new_Array(p, Type_int);
    Ssize = new_Array(p, Type_int);
    size = new_Array(p, Type_int);
    preFSIZE = new_Array(p, Type_int);
    pivs = new_Array(p, Type_float);

    for (ns_iter it = ns_forall(A, 0, ns_da_length(A) - 1, 1); ns_next(&it, &li); )
        *(float *)ns_da_wlocal(A, li) = (float)(rand() % range);

    myndp = (int)DArray_Length(A);      // size of my local partition

    // STAGE 1: each processor randomly selects a pivot element and writes
    // it to pivs[$].
    ns_step_begin(NS_AT("step"));       /*1*/
    {
        if (myndp > 0) {
            long pivi = DArray_index(A, rand() % myndp);
            ns_sh_w(&sv_pivs, (size_t)NestStep_rank(), NS_AT("pivs")),
                pivs[NestStep_rank()] = *(float *)ns_da_local(A, pivi);
        } else {
            ns_sh_w(&sv_pivs, (size_t)NestStep_rank(), NS_AT("pivs")),
                pivs[NestStep_rank()] = FLT_MAX;
        }
    }
    ns_step_end();

    // STAGES 2, 3, 4 form a single superstep.
    ns_step_begin(NS_AT("step"));       /*2*/
    {
        // STAGE 2: locally sort the pivots (replicated computation).
        ns_sh_escape(&sv_pivs, NS_AT("pivs"));
        qsort(pivs, p, sizeof(float), flcmp);
        // STAGE 3: local p-way partitioning into slices.
        myslice = (float **)malloc(p * sizeof(float *));
        myslice[0] = (float *)malloc((p * myndp + 1) * sizeof(float));
        for (i = 1; i < p; i++)
            myslice[i] = myslice[0] + i * myndp;
        for (i = 0; i < p; i++)
            ns_sh_w(&sv_size, i, NS_AT("size")), size[i] = 0;
        for (ns_iter it = ns_forall(A, 0, ns_da_length(A) - 1, 1); ns_next(&it, &li); ) {
            j = findloc(ns_da_local(A, li), pivs, p, sizeof(float), flcmp);
            ns_sh_w(&sv_size, j, NS_AT("size")), myslice[j][size[j]++] = *(float *)ns_da_local(A, li);
        }
        for (i = 0; i < p; i++)         // keep the local sizes for later
            mysize[i] = size[i];
        // STAGE 4: global slice sizes and prefixes, by combining.
    }
    ns_combine_prefix(&sv_size, NS_OP_ADD, NULL, preFSIZE);    // combine(size[:]<+:preFSIZE[:]>)
    ns_step_end();

    // STAGE 5: write the local slices to their parts of B.
    ns_step_begin(NS_AT("step"));       /*3*/
    {
        psumsize = 0;
        for (i = 0; i < p; i++) {
            // B[psumsize+preFSIZE[i] : psumsize+preFSIZE[i]+mysize[i]-1] = myslice[i][0:mysize[i]-1];
            ns_da_write_section(B, psumsize + preFSIZE[i], psumsize + preFSIZE[i] + mysize[i] - 1, 1,
                                myslice[i], NS_AT("section"));
            Ssize[i] = psumsize;        // prefix sum size[0]+...+size[i-1]
            psumsize += size[i];
        }
        // #pragma mirror(B[Ssize[$] : Ssize[$]+size[$]-1])
        ns_da_mirror(B, Ssize[NestStep_rank()], Ssize[NestStep_rank()] + size[NestStep_rank()] - 1, 1,
                     NS_AT("mirror"));
    }
    ns_step_end();

    // STAGE 6: bulk-read my pivot interval from B.
    ns_step_begin(NS_AT("step"));       /*4*/
    {
        T = new_Array(size[NestStep_rank()], Type_float);
        // T[0:size[$]-1] = B[Ssize[$] : Ssize[$]+size[$]-1];
        ns_da_read_section(B, Ssize[NestStep_rank()], Ssize[NestStep_rank()] + size[NestStep_rank()] - 1,
                           1, T, NS_AT("section"));
    }
    ns_step_end();

    // STAGES 7 + 8: sort T locally, write it back to B.
    ns_step_begin(NS_AT("step"));       /*5*/
    {
        qsort(T, size[NestStep_rank()], sizeof(float), flcmp);
        // B[Ssize[$] : Ssize[$]+size[$]-1] = T[0:size[$]-1];
        ns_da_write_section(B, Ssize[NestStep_rank()], Ssize[NestStep_rank()] + size[NestStep_rank()] - 1,
                            1, T, NS_AT("section"));
    }
    ns_step_end();

    // Check: rank 0 reads A and B.
    float *all_a = malloc(sizeof(float) * (N + 1)), *all_b = malloc(sizeof(float) * (N + 1));
    int total = 0;                      // sum of size[]: must be N
    for (i = 0; i < p; i++)
        total += size[i];
    ns_step_begin(NS_AT("step"));
    if (NestStep_rank() == 0 && N > 0) {
        ns_da_read_section(A, 0, N - 1, 1, all_a, NS_AT("section"));
        ns_da_read_section(B, 0, N - 1, 1, all_b, NS_AT("section"));
    }
    ns_step_end();
    int wrong = 0;                      // sh<+> int wrong;
    ns_shvar sv_wrong;
    ns_sh_declare(&sv_wrong, "wrong", &wrong, 1, Type_int, sizeof wrong, NS_OP_ADD, NULL);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_wrong, 0, NS_AT("wrong")), wrong = total != N;
    ns_step_end();
    if (NestStep_rank() == 0) {
        int sorted = 1, same;
        for (i = 1; i < N; i++)
            if (all_b[i - 1] > all_b[i])
                sorted = 0;
        qsort(all_a, N, sizeof(float), flcmp);
        same = N == 0 || memcmp(all_a, all_b, sizeof(float) * N) == 0;
        printf("N=%d sorted %s, equal to the sequential sort %s\n", N, sorted ? "yes" : "no",
               same ? "yes" : "no");
        printf("wrong %d\n", wrong);
    }
    free(all_b);
    free(all_a);
    free_Array(T);
    free(myslice[0]);
    free(myslice);
    ns_sh_undeclare(&sv_wrong);
    ns_sh_undeclare(&sv_pivs);
    ns_sh_undeclare(&sv_size);
    free_Array(pivs);
    free_Array(preFSIZE);
    free_Array(size);
    free_Array(Ssize);
    free_Array(mysize);
    ns_da_free(B);
    ns_da_free(A);
    NestStep_finalize();
    return 0;
}
