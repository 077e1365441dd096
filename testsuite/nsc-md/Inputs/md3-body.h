/* md3-body.h - three distributed dimensions: E (H x R x S units of U
 * ints) and F (H x R x S units of one long, no undistributed dimension)
 * through owner, owned, DArray_Length/DArray_index, forall3 writes, a
 * mirror over all three dimensions, remote element reads and writes,
 * sections over one, two and three distributed dimensions with and
 * without an undistributed subscript, forall3 with a bound triple per
 * dimension, and a parameter.  Included by md-3d.nst with FN, PARAM, CYC
 * and MD_DIST defined. */

static long
PARAM(int R, int S, sh long F[][R][S] MD_DIST)
{
    long s = 0;
    int h, i, j;
    forall3 (h, i, j, F)
        s += F[h][i][j];
    return s;
}

static int
FN(int H, int R, int S, int U)
{
    sh int E[H][R][S] MD_DIST [U];
    sh long F[H][R][S] MD_DIST;
    sh<+> long cnt, sum;
    int h, i, j, k, wrong = 0, p = #, me = $, cyc = CYC;
    long n = (long)H * R * S, u;
    int t[H * R * S * U + 1];
    long tf[H * R * S + 1];

    for (h = 0; h < H; h++)
        for (i = 0; i < R; i++)
            for (j = 0; j < S; j++) {
                u = ((long)h * R + i) * S + j;
                EXPECT(owner(E[h][i][j]) == md_owner(u, n, p, cyc), "owner(E[%d][%d][%d])", h, i, j);
                EXPECT(owner(E[h][i][j][0]) == md_owner(u, n, p, cyc), "owner(E[..][0])");
                EXPECT(owner(F[h][i][j]) == md_owner(u, n, p, cyc), "owner(F[%d][%d][%d])", h, i, j);
                EXPECT(owned(F[h][i][j]) == (md_owner(u, n, p, cyc) == me), "owned(F)");
            }
    EXPECT(DArray_Length(E) == md_length(n, p, me, cyc) && DArray_Length(F) == DArray_Length(E),
           "DArray_Length %ld", DArray_Length(E));
    for (k = 0; k < DArray_Length(F); k++)
        EXPECT(DArray_index(F, k) == md_index(n, p, me, cyc, k), "DArray_index(F, %d)", k);

    step forall3 (h, i, j, E) {
        for (k = 0; k < U; k++)
            E[h][i][j][k] = V3(h, i, j, k);
        F[h][i][j] = -V3(h, i, j, 0);
    }
    step {
#pragma mirror(E[0:H-1][0:R-1][0:S-1], F[0:H-1][0:R-1][0:S-1])
    }
    step for (h = 0; h < H; h++)
        for (i = 0; i < R; i++)
            for (j = 0; j < S; j++) {
                EXPECT(F[h][i][j] == -V3(h, i, j, 0), "F[%d][%d][%d]", h, i, j);
                for (k = 0; k < U; k++)
                    EXPECT(E[h][i][j][k] == V3(h, i, j, k), "E[%d][%d][%d][%d]", h, i, j, k);
            }

    /* remote writes: the next rank doubles F and writes element 0 of E */
    step for (h = 0; h < H; h++)
        for (i = 0; i < R; i++)
            for (j = 0; j < S; j++)
                if ((((long)h * R + i) * S + j + 1) % p == me) {
                    F[h][i][j] = 2 * V3(h, i, j, 0);
                    E[h][i][j][0] = 7;
                }
    step forall3 (h, i, j, F) {
        EXPECT(F[h][i][j] == 2 * V3(h, i, j, 0), "written F[%d][%d][%d]", h, i, j);
        for (k = 0; k < U; k++)
            EXPECT(E[h][i][j][k] == (k ? V3(h, i, j, k) : 7), "written E[%d][%d][%d][%d]", h, i, j, k);
    }

    /* sections: all of F; one plane of E with every other column; the last
     * elements of a column through all planes */
    step tf[0:n - 1] = F[0:H - 1][0:R - 1][0:S - 1];
    for (u = 0; u < n; u++)
        EXPECT(tf[u] == 2 * V3(u / (R * S), u / S % R, u % S, 0), "tf[%ld]", u);
    int tp[R * ((S + 1) / 2)][U];           /* whole units: the private elements are units */
    step tp[0:R * ((S + 1) / 2) - 1] = E[H - 1][0:R - 1][0:S - 1:2];
    for (i = 0; i < R; i++)
        for (j = 0; j < S; j += 2)
            for (k = 0; k < U; k++)
                EXPECT(tp[i * ((S + 1) / 2) + j / 2][k] == (k ? V3(H - 1, i, j, k) : 7),
                       "plane tp");
    if (U > 1) {
        step t[0:H * (U - 1) - 1] = E[0:H - 1][R - 1][0][1:U - 1];
        for (h = 0; h < H; h++)
            for (k = 1; k < U; k++)
                EXPECT(t[h * (U - 1) + k - 1] == V3(h, R - 1, 0, k), "elements t");
    }
    /* a section write over two dimensions from the last rank */
    for (u = 0; u < n; u++)
        tf[u] = 5 * u;
    step if (me == p - 1)
        F[H - 1][0:R - 1][S - 1:0:-1] = tf[0:R * S - 1];
    step forall3 (h, i, j, F)
        EXPECT(F[h][i][j] == (h == H - 1 ? 5 * (i * S + S - 1 - j) : 2 * V3(h, i, j, 0)),
               "section write F[%d][%d][%d] = %ld", h, i, j, F[h][i][j]);

    /* forall3 with a triple per dimension */
    long c = 0, sm = 0, last = -1;
    for (h = H - 1; h >= 0; h--)
        for (i = 0; i < R; i += 2)
            for (j = 1; j < S; j++)
                c++, sm += ((long)h * R + i) * S + j;
    step cnt = sum = 0;
    step forall3 (h, i, j, E, H - 1, 0, -1, 0, R - 1, 2, 1, S - 1, 1) {
        u = ((long)h * R + i) * S + j;
        EXPECT(owned(E[h][i][j]) && i % 2 == 0 && j >= 1, "forall3 bounds");
        EXPECT(last < 0 || h < last / (R * S) || (h == last / (R * S) && u > last), "order");
        last = u;
        cnt = cnt + 1;
        sum = sum + u;
    }
    EXPECT(cnt == c && sum == sm, "forall3 bounds: %ld sum %ld, want %ld sum %ld", cnt, sum, c, sm);

    step sum = PARAM(R, S, F);
    long want = 0;
    for (u = 0; u < n; u++)
        want += u / (R * S) == H - 1 ? 5 * (u / S % R * S + S - 1 - u % S)
                                     : 2 * V3(u / (R * S), u / S % R, u % S, 0);
    EXPECT(sum == want, "parameter: %ld, want %ld", sum, want);
    return wrong;
}
