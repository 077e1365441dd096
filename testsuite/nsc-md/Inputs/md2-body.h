/* md2-body.h - one 2-D distributed array of R x S units of U ints through
 * every form: owner, owned, DArray_Length/DArray_index, forall2 writes,
 * local and remote element and unit reads (after a mirror of a 2-D
 * section), remote element writes that leave the unit's other elements
 * alone, concurrent element writes combined with +, sections over one and
 * both distributed dimensions (with an undistributed subscript, private
 * strides, downward), a distributed-to-distributed copy, #pragma update,
 * forall2 with a bound triple per dimension, and the array as a
 * parameter.  Included by md-2d.nst with FN, CYC (1: <%>, 0: </>) and
 * PARAM (the parameter function's name) defined. */

static long
PARAM(int S, int U, sh int C[][S] MD_DIST [U], int which)
{
    long s = 0;
    int i, j, k;
    forall2 (i, j, C)
        for (k = 0; k < U; k++)
            s += which ? C[i][j][k] : (long)i * S + j;
    return s;
}

/* C after the remote writes of the last element of each unit */
#define CV(i, j, k) ((k) == U - 1 ? -V(i, j, k) : V(i, j, k))

static int
FN(int R, int S, int U)
{
    sh int C[R][S] MD_DIST [U];
    sh<+> int H[R][S] MD_DIST [U];
    sh int D[S][R] MD_DIST [U];
    sh<+> long cnt, sum;
    int i, j, k, wrong = 0, p = #, me = $, cyc = CYC;
    long n = (long)R * S, u;
    int t[2 * R * S * U + 2], tt[S][U];

    /* ownership, closed forms */
    for (i = 0; i < R; i++)
        for (j = 0; j < S; j++) {
            u = (long)i * S + j;
            EXPECT(owner(C[i][j]) == md_owner(u, n, p, cyc), "owner(C[%d][%d])", i, j);
            EXPECT(owner(C[i][j][U - 1]) == md_owner(u, n, p, cyc), "owner(C[%d][%d][U-1])", i, j);
            EXPECT(owned(C[i][j]) == (md_owner(u, n, p, cyc) == me), "owned(C[%d][%d])", i, j);
            EXPECT(owned(C[i][j][0]) == (md_owner(u, n, p, cyc) == me), "owned(C[%d][%d][0])", i, j);
        }
    EXPECT(DArray_Length(C) == md_length(n, p, me, cyc), "DArray_Length %ld", DArray_Length(C));
    for (k = 0; k < DArray_Length(C); k++)
        EXPECT(DArray_index(C, k) == md_index(n, p, me, cyc, k), "DArray_index(C, %d)", k);

    /* local writes in forall2, local reads of owned elements outside it */
    step forall2 (i, j, C)
        for (k = 0; k < U; k++) {
            C[i][j][k] = V(i, j, k);
            H[i][j][k] = k;
        }
    for (i = 0; i < R; i++)
        for (j = 0; j < S; j++)
            if (owned(C[i][j]))
                for (k = 0; k < U; k++)
                    EXPECT(C[i][j][k] == V(i, j, k), "local C[%d][%d][%d]", i, j, k);

    /* a mirror over both distributed dimensions; remote element and unit reads */
    step {
#pragma mirror(C[0:R-1][0:S-1])
    }
    step {
        for (i = 0; i < R; i++)
            for (j = 0; j < S; j++) {
                for (k = 0; k < U; k++)
                    EXPECT(C[i][j][k] == V(i, j, k), "C[%d][%d][%d] = %d", i, j, k, C[i][j][k]);
                EXPECT(unit_sum(C[i][j], U) == U * V(i, j, 0) + U * (U - 1) / 2, "unit C[%d][%d]",
                       i, j);
            }
    }

    /* remote element writes: the next rank writes the last element of each unit */
    step for (i = 0; i < R; i++)
        for (j = 0; j < S; j++)
            if (((long)i * S + j + 1) % p == me) {
                C[i][j][U - 1] = -V(i, j, U - 1);
                EXPECT(C[i][j][U - 1] == -V(i, j, U - 1), "read back C[%d][%d]", i, j);
            }
    /* every process adds 1 to element 0 of every unit of H */
    step for (i = 0; i < R; i++)
        for (j = 0; j < S; j++)
            H[i][j][0] = 1;
    step forall2 (i, j, C)
        for (k = 0; k < U; k++) {
            EXPECT(C[i][j][k] == CV(i, j, k), "after write C[%d][%d][%d] = %d",
                   i, j, k, C[i][j][k]);
            EXPECT(H[i][j][k] == (k == 0 ? p : k), "H[%d][%d][%d] = %d", i, j, k, H[i][j][k]);
        }

    /* sections: a column of units with all their elements, into private memory */
    j = S - 1;
    step t[0:R * U - 1] = C[0:R - 1][j][0:U - 1];
    for (i = 0; i < R; i++)
        for (k = 0; k < U; k++)
            EXPECT(t[i * U + k] == CV(i, j, k), "column t[%d]", i * U + k);
    /* one element of every unit, into every other slot, rows downward */
    for (k = 0; k < 2 * R * S; k++)
        t[k] = -7;
    step t[0:2 * R * S - 2:2] = C[R - 1:0:-1][0:S - 1][0];
    for (i = 0; i < R; i++)
        for (j = 0; j < S; j++) {
            int at = 2 * (i * S + j);
            EXPECT(t[at] == CV(R - 1 - i, j, 0) && t[at + 1] == -7, "strided t[%d] = %d", at, t[at]);
        }
    /* a row of whole units written from private memory by the last rank */
    for (j = 0; j < S; j++)
        for (k = 0; k < U; k++)
            tt[j][k] = 3 * V(R - 1, j, k);
    step if (me == p - 1)
        C[R - 1][0:S - 1] = tt[0:S - 1];
    step forall2 (i, j, C)
        for (k = 0; k < U; k++)
            EXPECT(C[i][j][k] == (i == R - 1 ? 3 * V(i, j, k) : CV(i, j, k)),
                   "row write C[%d][%d][%d] = %d", i, j, k, C[i][j][k]);
    /* distributed to distributed: D[j][0:R-1] = C[0:R-1][j] (units), after a mirror */
    step {
#pragma mirror(C[0:R-1][0:S-1][0])
    }
    step for (j = 0; j < S; j++)
        D[j][0:R - 1] = C[0:R - 1][j];
    step forall2 (j, i, D)
        for (k = 0; k < U; k++)
            EXPECT(D[j][i][k] == (i == R - 1 ? 3 * V(i, j, k) : CV(i, j, k)),
                   "copy D[%d][%d][%d] = %d", j, i, k, D[j][i][k]);
    /* update of mirrored copies: the owners' values stay */
    step {
#pragma mirror(D[0:S-1][0:R-1])
    }
    step {
#pragma update(D[0:S-1][R-1][0:U-1])
    }
    step forall2 (j, i, D)
        EXPECT(D[j][i][0] == (i == R - 1 ? 3 * V(i, j, 0) : CV(i, j, 0)), "update D[%d][%d]", j, i);

    /* forall2 with a bound triple per dimension: rows 1, 3, ..; columns downward */
    long c = 0, sm = 0, last = -1;
    for (i = 1; i <= R - 1; i += 2)
        for (j = S - 1; j >= 0; j -= 2)
            c++, sm += (long)i * S + j;
    step cnt = sum = 0;
    step {
        forall2 (i, j, C, 1, R - 1, 2, S - 1, 0, -2) {
            u = (long)i * S + j;
            EXPECT(owned(C[i][j]), "forall2 bounds: C[%d][%d] is not mine", i, j);
            EXPECT(i % 2 == 1 && (S - 1 - j) % 2 == 0, "forall2 bounds: C[%d][%d]", i, j);
            EXPECT(last < 0 || i > last / S || (i == last / S && j < last % S), "order");
            last = u;
            cnt = cnt + 1;
            sum = sum + u;
        }
    }
    EXPECT(cnt == c && sum == sm, "forall2 bounds: %ld units sum %ld, want %ld sum %ld", cnt, sum, c, sm);
    /* out-of-range bounds are clipped, as forall's are */
    step cnt = 0;
    step {
        forall2 (i, j, C, -3, R + 2, 1, -1, S, 1)
            cnt = cnt + 1;
    }
    EXPECT(cnt == n, "forall2 clipped bounds: %ld", cnt);
    /* break ends all rows; continue goes on in the row */
    long seen = 0, went_on = 0;
    step forall2 (i, j, C, 0, R - 1, 1, 0, S - 1, 1) {
        seen++;
        break;
    }
    EXPECT(seen == (DArray_Length(C) > 0), "forall2 break: %ld units", seen);
    step forall2 (i, j, C, R - 1, 0, -1, 0, S - 1, 1) {
        if (j % 2)
            continue;
        went_on++;
    }
    for (u = 0; u < n; u++)
        went_on -= u % S % 2 == 0 && md_owner(u, n, p, cyc) == me;
    EXPECT(went_on == 0, "forall2 continue: %ld", went_on);

    /* as a parameter */
    step sum = PARAM(S, U, C, 0);
    EXPECT(sum == n * (n - 1) / 2 * U, "parameter: %ld", sum);
    return wrong;
}
#undef CV
