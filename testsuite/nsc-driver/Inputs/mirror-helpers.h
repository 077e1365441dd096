/* Functions with #pragma mirror whose arguments are macros of this header,
 * one of them redefined between the two: each expands as it stands. */
#define WIDTH 3
#define LAST_OF(a, n) ((n) - 1)

static int sum_tail(sh int b[]</>, int n)
{
    int s = 0;
    step {
#pragma mirror(b[n - WIDTH:LAST_OF(b, n)])
    }
    step {
        for (int k = n - WIDTH; k < n; k++)
            s += b[k];
    }
    return s;
}

#undef WIDTH
#define WIDTH 1

static int last_one(sh int b[]</>, int n)
{
    int v = 0;
    step {
        b[n - WIDTH] = (n - 1) * (n - 1);     /* the value it has: every process */
  #  pragma update(b[n - WIDTH])
#pragma mirror(b[n - WIDTH])
    }
    step v = b[n - 1];
    return v;
}
