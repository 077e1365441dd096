/*
 * bspprof - reads the trace of a run (bsprun --profile=DIR, NS_PROFILE) and
 * holds it against the BSP cost model: a table per superstep (w, h, wait,
 * measured and predicted time w + h*g + l with bspprobe's g and l, l of
 * NestStep supersteps by their kind and group size; on a node with more
 * processes than cores, w by the processor time the node's cores had to
 * give), totals,
 * the costliest supersteps and load imbalance; --csv; --svg, a timeline
 * with one lane per process; --matrix, the bytes from process i to j.
 * The file format is runtime/src/observe/profile_format.h (docs/profile.md).
 * Plain C11 and libc: no MPI.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "profile_format.h"

#define WORD 8                      /* bytes per word of h, as bspbench counts */

static const char *me = "bspprof";

static void __attribute__((noreturn, format(printf, 1, 2)))
die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", me);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static void *
xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        die("out of memory");
    return p;
}

static void *
xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        die("out of memory");
    return p;
}

/* ---- the trace: one mapped file per process ----
 * Nothing in a file is trusted: every size, count, offset and id is held
 * against the bytes the file has before it is used (64-bit sums), the
 * tables made from it are no larger than the file can fill, and times are
 * bounded so that no sum of them overflows.  A record that contradicts
 * itself, its file or the run stops bspprof with one line naming the file,
 * the record's offset and what is wrong.  A file that ends early (cut
 * inside a record, or without the record of bsp_end or NestStep_finalize:
 * its process was killed, or the file was cut) is read up to there, with
 * a warning: the table holds what is complete. */

#define TIME_MAX ((int64_t)1 << 62)     /* ns (146 years): sums of two stay in int64 */
#define STRING_MIN 24                   /* the smallest string record: id, len, 1 char */

struct proc {
    const struct nsp_head *head;
    const struct nsp_step **rec;    /* its supersteps, in order */
    long nrec;
    const char **file;              /* string id -> text */
    size_t nfile;                   /* at most 1 + the strings the file can hold */
    int aborted;
    int v1;                         /* a version-1 trace: no set-up, no path */
    int shared;                     /* index among the shared nodes, or -1 */
    int ended;                      /* its last record is bsp_end's or NestStep_finalize's,
                                     * or it is cut short (and was warned of) */
};
static struct proc *procs;
static int nprocs;
static int64_t origin = INT64_MAX;  /* earliest engine start, absolute ns */

/* The file being read, for the messages. */
static const char *cur_path;

static void __attribute__((noreturn, format(printf, 3, 4)))
bad_record(size_t off, const char *what, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: %s: offset %zu, %s: ", me, cur_path, off, what);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static void __attribute__((format(printf, 1, 2)))
warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: warning: ", me);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* A record of an older version, whose fixed part is fixed bytes long, as a
 * current one: the fields it lacks say "not recorded" (no set-up, no
 * processor time), the peers after the longer fixed part.  Its size is
 * fixed + its peers (checked). */
static const struct nsp_step *
from_old(const struct nsp_rec *r, size_t fixed)
{
    size_t peers = r->size - fixed;
    struct nsp_step *s = xcalloc(1, sizeof *s + peers);
    memcpy(s, r, fixed);
    memcpy(s + 1, (const char *)r + fixed, peers);
    s->r.size = (uint32_t)(sizeof *s + peers);
    s->w_cpu_ns = -1;
    return s;
}

/* A text field of the header ends within it. */
static void
check_text(const char *field, size_t n, const char *name)
{
    if (!memchr(field, '\0', n))
        die("%s: the header's %s has no NUL in its %zu bytes", cur_path, name, n);
}

static void
check_head(const struct nsp_head *h, size_t size, int pid, int p0)
{
    if (memcmp(h->magic, NSP_MAGIC, sizeof NSP_MAGIC))
        die("%s is not a trace (it does not start with %s)", cur_path, NSP_MAGIC);
    if (h->version < 1 || h->version > NSP_VERSION)
        die("%s is a trace of version %u; bspprof reads versions 1..%d", cur_path, h->version,
            NSP_VERSION);
    if (h->head_size < NSP_HEAD_V2_SIZE || h->head_size > size)
        die("%s: the header's size %u is out of range (%d..%zu, the file's size)", cur_path,
            h->head_size, NSP_HEAD_V2_SIZE, size);
    if (h->pid != pid)
        die("%s: the header is process %d's, not process %d's", cur_path, h->pid, pid);
    if (pid == 0 && h->nprocs < 1)
        die("%s: the header names %d processes", cur_path, h->nprocs);
    if (pid > 0 && h->nprocs != p0)
        die("%s: the header names %d processes, prof.0.nsp %d", cur_path, h->nprocs, p0);
    if (h->t0_ns < 0 || h->t0_ns >= TIME_MAX)
        die("%s: the header's clock origin t0_ns %lld is out of range (0..2^62 ns)", cur_path,
            (long long)h->t0_ns);
    check_text(h->job, sizeof h->job, "job key");
    check_text(h->program, sizeof h->program, "program name");
    check_text(h->knobs, sizeof h->knobs, "knobs");
}

/* The fields of a superstep record that the tables use, held against the
 * run (p processes) and the strings before it; s: the record as written
 * (its fields up to item_bytes have their places in every version), its
 * npeer peers at e. */
static void
check_step(const struct proc *P, const struct nsp_step *s, const struct nsp_peer *e,
           size_t off, long k, int p)
{
    char what[48];
    snprintf(what, sizeof what, "superstep record %ld", k);
    if (s->kind > 6)
        bad_record(off, what, "kind %u is not a superstep kind (0..6)", s->kind);
    for (int i = 0; i < NSP_NT; i++)
        if (s->t[i] < 0 || s->t[i] >= TIME_MAX)
            bad_record(off, what, "time t[%d] = %lld ns is out of range (0..2^62)", i,
                       (long long)s->t[i]);
    if (s->gsize < 1 || s->gsize > p)
        bad_record(off, what, "group size %d is not in 1..%d", s->gsize, p);
    if (s->file && (s->file >= P->nfile || !P->file[s->file]))
        bad_record(off, what, "file name id %u has no string record before it", s->file);
    for (uint32_t i = 0; i < s->npeer; i++)
        if (e[i].peer < 0 || e[i].peer >= p)
            bad_record(off, what, "peer %d is not a process of the run (0..%d)", e[i].peer,
                       p - 1);
}

/* A string record (in the file, its len and size checked), into P's table
 * of names. */
static void
read_string(struct proc *P, const struct nsp_string *s, size_t off, size_t file_size)
{
    /* ids are 1, 2, ... in the order written: no more than the file can hold */
    size_t max_id = file_size / STRING_MIN;
    if (s->id < 1 || s->id > max_id)
        bad_record(off, "string record", "id %u out of range (1..%zu, as many as the file can "
                   "hold)", s->id, max_id);
    const char *text = (const char *)(s + 1);
    if (text[s->len - 1])
        bad_record(off, "string record", "its text of %u bytes does not end with a NUL",
                   s->len);
    if (s->id >= P->nfile) {
        size_t n = P->nfile ? P->nfile : 16;
        while (n <= s->id)
            n *= 2;
        if (n > max_id + 1)
            n = max_id + 1;
        P->file = xrealloc(P->file, sizeof *P->file * n);
        for (size_t i = P->nfile; i < n; i++)
            P->file[i] = NULL;
        P->nfile = n;
    }
    P->file[s->id] = text;
}

/* The bytes from off on are all zero: the unwritten tail of a process that
 * was killed.  Else the offset of the first that is not. */
static size_t
nonzero_from(const char *base, size_t off, size_t size)
{
    for (; off < size; off++)
        if (base[off])
            return off;
    return size;
}

/* Reads DIR/prof.<pid>.nsp into P; p0: prof.0.nsp's process count (0 when
 * this is prof.0.nsp). */
static void
load(struct proc *P, const char *dir, int pid, int p0)
{
    static char path[4096];
    struct stat st;
    snprintf(path, sizeof path, "%s/prof.%d.nsp", dir, pid);
    cur_path = path;
    int fd = open(path, O_RDONLY);
    if (fd < 0 || fstat(fd, &st)) {
        if (pid == 0)
            die("cannot read %s: %s (is %s the directory of a bsprun --profile run?)", path,
                strerror(errno), dir);
        die("cannot read %s: %s (prof.0.nsp names %d processes)", path, strerror(errno), p0);
    }
    if (!S_ISREG(st.st_mode))
        die("%s is not a file", path);
    size_t size = (size_t)st.st_size;
    if (size < NSP_HEAD_V2_SIZE)
        die("%s is too short to be a trace (%zu bytes; its header alone has %d)", path, size,
            NSP_HEAD_V2_SIZE);
    const char *base = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (base == MAP_FAILED)
        die("cannot map %s: %s", path, strerror(errno));
    P->head = (const void *)base;
    check_head(P->head, size, pid, p0);
    int p = pid ? p0 : P->head->nprocs;
    P->v1 = P->head->version == 1;
    size_t fixed = P->head->version == 1 ? NSP_STEP_V1_SIZE
                 : P->head->version == 2 ? NSP_STEP_V2_SIZE : sizeof(struct nsp_step);
    long cap = 0;
    size_t off = ((size_t)P->head->head_size + 7) & ~(size_t)7;
    const char *cut = NULL;             /* why the file ends early, if it does */
    char cut_why[160];
    for (; off < size; ) {
        const struct nsp_rec *r = (const void *)(base + off);
        size_t left = size - off;
        if (left < sizeof *r || r->type == NSP_END) {
            size_t z = nonzero_from(base, off, size);
            if (z < size) {
                snprintf(cut_why, sizeof cut_why, left < sizeof *r
                         ? "is cut short at offset %zu, inside a record's header"
                         : "has an end record at offset %zu with data after it (at offset %zu): "
                           "damaged, or its process was killed while writing", off, z);
                cut = cut_why;
            }
            break;
        }
        char what[48];
        if (r->type == NSP_STEP)
            snprintf(what, sizeof what, "superstep record %ld", P->nrec);
        else
            snprintf(what, sizeof what, "%s record", r->type == NSP_STRING ? "string"
                     : r->type == NSP_SKIP ? "skip" : "a");
        if (r->type > NSP_STEP)
            bad_record(off, what, "type %u is none of a trace's (0..%d)", r->type, NSP_STEP);
        if (r->size % 8)
            bad_record(off, what, "size %u is not a multiple of 8", r->size);
        if (r->type == NSP_STEP) {
            if (r->size < fixed)
                bad_record(off, what, "size %u is less than the fixed part's %zu bytes", r->size,
                           fixed);
            if (left >= fixed) {
                /* npeer has its place in every version's fixed part */
                uint32_t npeer = ((const struct nsp_step *)(const void *)r)->npeer;
                uint64_t need = (uint64_t)npeer * sizeof(struct nsp_peer);
                if (need != r->size - fixed)
                    bad_record(off, what, "npeer %u needs %llu bytes of peers, the record has "
                               "%zu", npeer, (unsigned long long)need, r->size - fixed);
            }
        } else if (r->type == NSP_STRING) {
            const struct nsp_string *t = (const void *)r;
            if (r->size < sizeof *t)
                bad_record(off, what, "size %u is less than its header's %zu bytes", r->size,
                           sizeof *t);
            if (left >= sizeof *t && (t->len < 1 || (sizeof *t + (uint64_t)t->len + 7) / 8 * 8
                                                    != r->size))
                bad_record(off, what, "a text of %u bytes does not fill a record of %u", t->len,
                           r->size);
        } else if (r->size < sizeof *r)
            bad_record(off, what, "size %u is less than a record header's %zu bytes", r->size,
                       sizeof *r);
        if (r->size > left) {
            snprintf(cut_why, sizeof cut_why, "is cut short at offset %zu, inside a record of "
                     "%u bytes (%zu of them in the file)", off, r->size, left);
            cut = cut_why;
            break;
        }
        if (r->type == NSP_STEP) {
            if (P->nrec == cap) {
                cap = cap ? 2 * cap : 1024;
                P->rec = xrealloc(P->rec, sizeof *P->rec * (size_t)cap);
            }
            const struct nsp_step *s = (const void *)r;
            check_step(P, s, (const void *)(base + off + fixed), off, P->nrec, p);
            P->rec[P->nrec++] = fixed < sizeof *s ? from_old(r, fixed) : s;
            if (r->flags & NSP_F_ABORTED)
                P->aborted = 1;
        } else if (r->type == NSP_STRING)
            read_string(P, (const void *)r, off, size);
        off += r->size;
    }
    if (cut)
        warn("%s %s; read its %ld superstep%s before it, the rest is lost", path, cut, P->nrec,
             P->nrec == 1 ? "" : "s");
    /* a file cut short has had its warning */
    P->ended = cut || (P->nrec && (P->rec[P->nrec - 1]->kind == 2
                                   || P->rec[P->nrec - 1]->kind == 6));
    if (P->head->t0_ns < origin)
        origin = P->head->t0_ns;
}

/* Files that end without their process's last superstep (bsp_end or
 * NestStep_finalize): where the job did not stop (the table says so), each
 * gets a warning. */
static void
warn_unended(const char *dir)
{
    int stopped = 0, n = 0;
    for (int pid = 0; pid < nprocs; pid++)
        stopped |= procs[pid].aborted;
    if (stopped)
        return;
    for (int pid = 0; pid < nprocs; pid++) {
        const struct proc *P = &procs[pid];
        if (P->ended || n++ >= 4)
            continue;
        if (P->nrec)
            warn("%s/prof.%d.nsp ends after superstep %lld without the record of bsp_end or "
                 "NestStep_finalize: its process was killed or the file was cut; the table "
                 "holds its %ld superstep%s", dir, pid, (long long)P->rec[P->nrec - 1]->superstep,
                 P->nrec, P->nrec == 1 ? "" : "s");
        else
            warn("%s/prof.%d.nsp has no superstep: its process was killed or the file was cut",
                 dir, pid);
    }
    if (n > 4)
        warn("... and %d more files end so", n - 4);
}

static const char *
file_name(const struct proc *P, uint32_t id)
{
    return id && id < P->nfile && P->file[id] ? P->file[id] : NULL;
}

/* Absolute time of phase k of record r of P, in us since the origin. */
static double
at(const struct proc *P, const struct nsp_step *r, int k)
{
    return (double)(P->head->t0_ns - origin + r->t[k]) * 1e-3;
}

/* Data bytes and messages to and from others (not oneself). */
static void
traffic(const struct nsp_step *r, int pid, uint64_t *out, uint64_t *in, uint32_t *mout,
        uint32_t *min)
{
    const struct nsp_peer *e = (const void *)(r + 1);
    *out = *in = 0;
    *mout = *min = 0;
    for (uint32_t i = 0; i < r->npeer; i++)
        if (e[i].peer != pid) {
            *out += e[i].bytes_out;
            *in += e[i].bytes_in;
            *mout += e[i].msgs_out;
            *min += e[i].msgs_in;
        }
}

/* ---- machine parameters from bspprobe ---- */

/* The kinds of NestStep superstep that bspprobe measures (l_KIND=S:T,...
 * in its line: T us in a group of S processes). */
enum { L_STEP, L_PREFIX, L_SPLIT, L_JOIN, L_DA, NL };
static const char *const l_name[NL] = { "l_step", "l_prefix", "l_split", "l_join", "l_da" };

struct param {
    int p;
    double r, g, l, gb;             /* gb: g of bulk puts, or g */
    double lmpi;                    /* l on the all-MPI path (l_mpi=), else l */
    int has_lmpi;
    double gdw, gdr;                /* per word of distributed-array section writes, reads */
    double gdc;                     /* per request record beyond its data */
    int has_gda;
    int smax;                       /* NestStep costs for group sizes 1..smax */
    double *ls;                     /* [s * NL + kind], 0: not measured */
};
static struct param *params;
static int nparams;
static const char *params_path;

static void
read_params(const char *path, int must)
{
    FILE *f = fopen(path, "r");
    char line[8192];
    if (!f) {
        if (must)
            die("cannot read the parameter file %s: %s", path, strerror(errno));
        return;
    }
    while (fgets(line, sizeof line, f)) {
        struct param q;
        if (sscanf(line, "p=%d r=%lf g=%lf l=%lf", &q.p, &q.r, &q.g, &q.l) == 4) {
            const char *b = strstr(line, " g_bulk=");
            if (!b || sscanf(b, " g_bulk=%lf", &q.gb) != 1)
                q.gb = q.g;
            b = strstr(line, " l_mpi=");
            q.has_lmpi = b && sscanf(b, " l_mpi=%lf", &q.lmpi) == 1;
            if (!q.has_lmpi)
                q.lmpi = q.l;
            const char *dw = strstr(line, " g_da_write="), *dr = strstr(line, " g_da_read=");
            q.has_gda = dw && dr && sscanf(dw, " g_da_write=%lf", &q.gdw) == 1
                     && sscanf(dr, " g_da_read=%lf", &q.gdr) == 1;
            const char *dc = strstr(line, " g_da_rec=");
            if (!dc || sscanf(dc, " g_da_rec=%lf", &q.gdc) != 1)
                q.gdc = 0;
            q.smax = 0;
            q.ls = NULL;
            for (int k = 0; k < NL; k++) {
                char key[32];
                snprintf(key, sizeof key, " %s=", l_name[k]);
                const char *c = strstr(line, key);
                int s, n;
                double t;
                for (c = c ? c + strlen(key) : NULL; c; c = c[n] == ',' ? c + n + 1 : NULL) {
                    if (sscanf(c, "%d:%lf%n", &s, &t, &n) != 2 || s < 1 || s > 1 << 20 ||
                        !(t >= 0) || (c[n] != ',' && c[n] != ' ' && c[n] != '\n' && c[n]))
                        die("%s: bad %s entry '%.*s' (S:T, S processes, T us)", path, l_name[k],
                            (int)strcspn(c, ", \n"), c);
                    if (s > q.smax) {
                        size_t had = q.smax ? (size_t)(q.smax + 1) * NL : 0;
                        size_t now = (size_t)(s + 1) * NL;
                        q.ls = xrealloc(q.ls, sizeof *q.ls * now);
                        memset(q.ls + had, 0, sizeof *q.ls * (now - had));
                        q.smax = s;
                    }
                    q.ls[s * NL + k] = t;
                }
            }
            params = xrealloc(params, sizeof *params * (size_t)(nparams + 1));
            params[nparams++] = q;
        }
    }
    fclose(f);
    if (!nparams)
        die("%s has no line 'p=P r=R g=G l=L'; write it with bspprobe", path);
    params_path = path;
}

/* The parameters for p processes: that line, else the nearest p. */
static const struct param *
param_for(int p)
{
    const struct param *best = NULL;
    for (int i = 0; i < nparams; i++)
        if (!best || abs(params[i].p - p) < abs(best->p - p))
            best = &params[i];
    return best;
}

/* ---- supersteps across processes ---- */

struct row {
    uint64_t group;
    int64_t superstep;
    int ordinal, kind, depth, gsize, gindex, line, nmem, aborted, neststep, prefix;
    int nnode, v1;                  /* members whose combine was node-local; v1 traces */
    double *cpu;                    /* [nshared] or NULL: per shared node, its members'
                                     * processor time in w, summed (us) */
    double wmodel;                  /* the w the prediction takes (w_model) */
    uint64_t hdaw, hdar;            /* max over members of distributed-array write data
                                     * out or in, and of read data (bytes) */
    uint64_t hdarec;                /* ... and of its request records sent or served */
    int da_priced;                  /* predicted with g_da_write and g_da_read */
    long seq;                       /* latest position among its members' records */
    int first;                      /* its lowest process */
    const char *file;
    double start, end;              /* earliest start, latest end (us) */
    double measured;                /* max over members of end - start */
    double setup;                   /* max over members of engine set-up in it (us) */
    double model;                   /* max over members of end - start - set-up */
    double wmax, wsum, waitmax, waitsum;
    double ph[5];                   /* summed phase times: w, send, wait, recv, apply */
    uint64_t hbytes;                /* max over members of max(sent, received) */
    uint64_t sentmax, recvmax;
    uint32_t msgmax;                /* most messages a member sent */
    uint64_t reqmax;                /* most puts, gets and sends a member issued */
    uint64_t msgs, nput, nget, nsend, items, item_bytes, served;
    double predicted;
    const char *lterm;              /* the l it was predicted with: "l", "l_step", ... */
};
static struct row *rows;
static long nrows;

/* key -> row: open addressing */
static long *table;
static size_t mask;

static uint64_t
key_hash(uint64_t g, int64_t s, int o)
{
    uint64_t z = g * 0x9e3779b97f4a7c15ull ^ (uint64_t)s * 0xbf58476d1ce4e5b9ull ^ (uint64_t)o;
    z ^= z >> 31;
    return z * 0x94d049bb133111ebull;
}

/* The row of r's superstep, or NULL. */
static struct row *
row_find(const struct nsp_step *r)
{
    if (!mask)
        return NULL;
    size_t h = key_hash(r->group, r->superstep, r->ordinal) & mask;
    for (; table[h]; h = (h + 1) & mask) {
        struct row *w = &rows[table[h] - 1];
        if (w->group == r->group && w->superstep == r->superstep && w->ordinal == r->ordinal)
            return w;
    }
    return NULL;
}

static void
index_rows(void)
{
    memset(table, 0, sizeof *table * (mask + 1));
    for (long i = 0; i < nrows; i++) {
        size_t h = key_hash(rows[i].group, rows[i].superstep, rows[i].ordinal) & mask;
        while (table[h])
            h = (h + 1) & mask;
        table[h] = i + 1;
    }
}

/* The row of r's superstep, made if new. */
static struct row *
row_of(const struct nsp_step *r)
{
    struct row *w = row_find(r);
    if (w)
        return w;
    if ((size_t)nrows * 2 + 2 >= mask) {
        size_t n = mask ? 2 * (mask + 1) : 1024;
        free(table);
        table = xcalloc(n, sizeof *table);
        mask = n - 1;
        rows = xrealloc(rows, sizeof *rows * (mask + 1) / 2);
        index_rows();
    }
    size_t h = key_hash(r->group, r->superstep, r->ordinal) & mask;
    while (table[h])
        h = (h + 1) & mask;
    w = &rows[nrows++];
    table[h] = nrows;
    memset(w, 0, sizeof *w);
    w->group = r->group;
    w->superstep = r->superstep;
    w->ordinal = r->ordinal;
    w->start = INFINITY;
    w->end = -INFINITY;
    return w;
}

/* ---- shared nodes: more processes than cores ----
 * A node that runs more of the job's processes than it has cores cannot
 * give each its own: in a superstep its cores must give the processor time
 * of all its processes' computations, and a process's wall-clock w counts
 * the time it waited for a core as well.  Both bound the superstep from
 * below: it ends after its slowest computation (w_max, wall-clock, as on
 * every node) and after the shared node's cores have given their
 * processes' total processor time; the model takes the larger.  The
 * engine records the processor time of every computation on a shared node
 * (w_cpu_ns, version 3). */
struct shared_node { int node, procs, cores; };
static struct shared_node *shared;
static int nshared;

static void
find_shared(void)
{
    for (int pid = 0; pid < nprocs; pid++) {
        struct proc *P = &procs[pid];
        const struct nsp_head *h = P->head;
        P->shared = -1;
        if (h->version < 3 || h->head_size < sizeof *h || h->node_cores < 1
            || h->node_procs <= h->node_cores)
            continue;
        int k = 0;
        while (k < nshared && shared[k].node != h->node)
            k++;
        if (k == nshared) {
            shared = xrealloc(shared, sizeof *shared * (size_t)(nshared + 1));
            shared[nshared++] = (struct shared_node){ h->node, h->node_procs, h->node_cores };
        }
        P->shared = k;
    }
}

static uint64_t umax(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* A member's processor time into its row, on a shared node. */
static void
add_cpu(struct row *w, const struct proc *P, const struct nsp_step *r)
{
    if (P->shared < 0 || r->w_cpu_ns < 0)
        return;
    if (!w->cpu)
        w->cpu = xcalloc((size_t)nshared, sizeof *w->cpu);
    w->cpu[P->shared] += (double)r->w_cpu_ns * 1e-3;
}

/* The w of a superstep in the model: w_max, or what a shared node's cores
 * must give where that is more. */
static double
w_model(const struct row *w)
{
    double m = w->wmax;
    for (int k = 0; w->cpu && k < nshared; k++) {
        double share = w->cpu[k] / shared[k].cores;
        if (share > m)
            m = share;
    }
    return m;
}

static void
gather(void)
{
    for (int pid = 0; pid < nprocs; pid++) {
        struct proc *P = &procs[pid];
        for (long i = 0; i < P->nrec; i++) {
            const struct nsp_step *r = P->rec[i];
            struct row *w = row_of(r);
            double t[NSP_NT];
            for (int k = 0; k < NSP_NT; k++)
                t[k] = at(P, r, k);
            if (!w->nmem)
                w->first = pid;
            if (!w->nmem || (r->kind && !w->kind)) {
                w->kind = r->kind;
                w->depth = r->depth;
                w->gsize = r->gsize;
                w->gindex = r->gindex;
                w->line = r->line;
                w->file = file_name(P, r->file);
            }
            w->nmem++;
            if (i > w->seq)
                w->seq = i;
            w->aborted |= !!(r->r.flags & NSP_F_ABORTED);
            w->neststep |= !!(r->r.flags & NSP_F_NESTSTEP);
            w->prefix |= !!(r->r.flags & NSP_F_PREFIX);
            if (t[NSP_T_START] < w->start)
                w->start = t[NSP_T_START];
            if (t[NSP_T_END] > w->end)
                w->end = t[NSP_T_END];
            double dur = t[NSP_T_END] - t[NSP_T_START], wk = t[NSP_T_SYNC] - t[NSP_T_START];
            double wait = t[NSP_T_COMBINED] - t[NSP_T_SENT];
            double setup = (double)r->setup_ns * 1e-3;
            if (dur > w->measured)
                w->measured = dur;
            if (setup > w->setup)
                w->setup = setup;
            if (dur - setup > w->model)
                w->model = dur - setup;
            w->nnode += !!(r->r.flags & NSP_F_NODE_LOCAL);
            w->v1 |= P->v1;
            if (wk > w->wmax)
                w->wmax = wk;
            w->wsum += wk;
            add_cpu(w, P, r);
            const uint64_t *da = r->da_bytes;
            w->hdaw = umax(w->hdaw, umax(da[NSP_DA_WRITE_OUT], da[NSP_DA_WRITE_IN]));
            w->hdar = umax(w->hdar, umax(da[NSP_DA_READ_OUT], da[NSP_DA_READ_IN]));
            w->hdarec = umax(w->hdarec, umax(r->da_recs[0], r->da_recs[1]));
            if (wait > w->waitmax)
                w->waitmax = wait;
            w->waitsum += wait;
            for (int k = 0; k < 5; k++)
                w->ph[k] += t[k + 1] - t[k];
            uint64_t out, in;
            uint32_t mout, min;
            traffic(r, pid, &out, &in, &mout, &min);
            if (out > w->sentmax)
                w->sentmax = out;
            if (in > w->recvmax)
                w->recvmax = in;
            if ((out > in ? out : in) > w->hbytes)
                w->hbytes = out > in ? out : in;
            if (mout > w->msgmax)
                w->msgmax = mout;
            if ((uint64_t)r->nput + r->nget + r->nsend > w->reqmax)
                w->reqmax = (uint64_t)r->nput + r->nget + r->nsend;
            w->msgs += mout;
            w->nput += r->nput;
            w->nget += r->nget;
            w->nsend += r->nsend;
            w->items += r->items;
            w->item_bytes += r->item_bytes;
            w->served += r->da_served;
        }
    }
}

/* The l of a NestStep superstep: bspprobe's cost of its kind in a group of
 * its size, from the line of the run's p; a step that computes prefixes
 * or has distributed-array requests adds what those cost over a plain
 * step.  0 (and *term NULL) where the line has no such cost. */
static double
l_neststep(const struct row *w, const char **term)
{
    const struct param *q = param_for(nprocs);
    *term = NULL;
    if (!q || w->gsize < 1 || w->gsize > q->smax)
        return 0;
    const double *c = q->ls + (size_t)w->gsize * NL;
    int da = w->msgs > 0 || w->served > 0;
    switch (w->kind) {
    case 4:
        *term = c[L_SPLIT] ? l_name[L_SPLIT] : NULL;
        return c[L_SPLIT];
    case 5:
        *term = c[L_JOIN] ? l_name[L_JOIN] : NULL;
        return c[L_JOIN];
    case 3:
    case 6:
        if (!c[L_STEP] || (da && !c[L_DA]) || (w->prefix && !c[L_PREFIX]))
            return 0;
        *term = da && w->prefix ? "l_da+l_prefix-l_step" : da ? l_name[L_DA]
              : w->prefix ? l_name[L_PREFIX] : l_name[L_STEP];
        return c[L_STEP] + (da ? c[L_DA] - c[L_STEP] : 0)
             + (w->prefix ? c[L_PREFIX] - c[L_STEP] : 0);
    }
    return 0;
}

/* The path of a superstep's combine, as its members' records say: "node"
 * (through the node-local segments), "mpi" (MPI messages, or no combine),
 * "mixed" (never written: the choice is collective), "-" (a version-1
 * trace does not say). */
static const char *
path_name(const struct row *w)
{
    return w->v1 ? "-" : w->nnode == w->nmem ? "node" : w->nnode ? "mixed" : "mpi";
}

/* w + h*g + l, with h's words at the bulk rate plus, per request issued,
 * the extra cost of a one-word put over a word in bulk (g - g_bulk): one-
 * word puts cost h*g as in bspbench, one put per destination h*g_bulk.
 * l: bspprobe's l (an h-relation of BSPlib puts), or for a NestStep
 * superstep the cost of its kind (l_neststep) where the line has it;
 * BSPlib's l is that of the path the combine took: l_mpi (where the line
 * has it) for one on MPI messages, as before the node-local segments are
 * made, l (the steady state) else.  w: w_model's.  A NestStep superstep
 * with distributed-array data, where the line has their costs: its write
 * and read words (h of each, hdaw and hdar) at g_da_write and g_da_read
 * and its request records (hdarec) at g_da_rec, instead of h at g. */
static double
predict(struct row *w)
{
    const struct param *q = param_for(w->gsize);
    w->wmodel = w_model(w);
    if (!q)
        return NAN;
    double words = (double)((w->hbytes + WORD - 1) / WORD);
    double reqs = (double)w->reqmax < words ? (double)w->reqmax : words;
    int mpi = !strcmp(path_name(w), "mpi") && q->has_lmpi;
    double l = mpi ? q->lmpi : q->l;
    w->lterm = mpi ? "l_mpi" : "l";
    if (w->neststep) {
        const char *term;
        double ln = l_neststep(w, &term);
        if (term) {
            l = ln;
            w->lterm = term;
        }
    }
    w->da_priced = w->neststep && q->has_gda && (w->hdaw || w->hdar);
    if (w->da_priced)
        return w->wmodel + (double)((w->hdaw + WORD - 1) / WORD) * q->gdw
             + (double)((w->hdar + WORD - 1) / WORD) * q->gdr + (double)w->hdarec * q->gdc + l;
    return w->wmodel + words * q->gb + reqs * (q->g - q->gb) + l;
}

/* Program order: a superstep comes after every superstep that one of its
 * members had before it (a neststep's join after the longest subgroup);
 * concurrent subgroups by depth and lowest process. */
static int
cmp_order(const void *a, const void *b)
{
    const struct row *x = a, *y = b;
    if (x->seq != y->seq)
        return x->seq < y->seq ? -1 : 1;
    if (x->depth != y->depth)
        return x->depth < y->depth ? -1 : 1;
    if (x->first != y->first)
        return x->first < y->first ? -1 : 1;
    return (x->start > y->start) - (x->start < y->start);
}

static const char *
kind_name(int k)
{
    switch (k) {
    case 1: return "sync";
    case 2: return "end";
    case 3: return "step";
    case 4: return "split";
    case 5: return "join";
    case 6: return "final";
    default: return "abort";
    }
}

static const char *
base_name(const char *f)
{
    if (!f)
        return "?";
    const char *s = strrchr(f, '/');
    return s ? s + 1 : f;
}

static void
site_text(const struct row *w, char *buf, size_t n)
{
    if (w->file)
        snprintf(buf, n, "%s:%d", base_name(w->file), w->line);
    else
        snprintf(buf, n, "-");
}

static void
group_text(const struct row *w, char *buf, size_t n)
{
    if (!w->group)
        snprintf(buf, n, "all/%d", w->gsize);
    else
        snprintf(buf, n, "d%d.%d/%d@%d", w->depth, w->gindex, w->gsize, w->first);
}

/* Per process: the sum of the predictions of its supersteps; the run's
 * prediction is the largest (the processes of a subgroup follow their own
 * supersteps; for BSPlib every process has every superstep). */
static double predicted_total, measured_total;
static double launch_skew;          /* latest engine start - earliest (us) */
static double setup_total;          /* engine set-up inside supersteps (us) */
static long setup_rows, first_setup = -1;
static long path_rows[2];           /* supersteps on MPI, node-local */
static long da_rows;                /* predicted with g_da_write and g_da_read */
static int any_v1;

static void
totals(void)
{
    double best = 0;
    for (int pid = 0; pid < nprocs; pid++) {
        const struct proc *P = &procs[pid];
        double sum = 0, end = 0;
        for (long i = 0; i < P->nrec; i++) {
            sum += row_find(P->rec[i])->predicted;
            end = at(P, P->rec[i], NSP_T_END);
        }
        if (sum > best)
            best = sum;
        if (end > measured_total)
            measured_total = end;
        if ((P->head->t0_ns - origin) * 1e-3 > launch_skew)
            launch_skew = (double)(P->head->t0_ns - origin) * 1e-3;
    }
    predicted_total = best;
    for (long i = 0; i < nrows; i++) {
        const struct row *w = &rows[i];
        any_v1 |= w->v1;
        path_rows[0] += !strcmp(path_name(w), "mpi");
        path_rows[1] += !strcmp(path_name(w), "node");
        da_rows += w->da_priced;
        if (w->setup > 0) {
            setup_total += w->setup;
            setup_rows++;
            if (first_setup < 0)
                first_setup = i;
        }
    }
}

/* ---- the text table and CSV ---- */

static void
print_table(long maxrows, int top)
{
    char site[96], grp[32];
    const struct nsp_head *h = procs[0].head;
    printf("bspprof: %s, %d processes, %ld supersteps (%s)\n", h->program, nprocs, nrows, h->knobs);
    if (params_path)
        printf("parameters: %s (g in us per %d-byte word, l in us)\n", params_path, WORD);
    else
        printf("parameters: none (run bspprobe; --params FILE): no prediction\n");
    for (int pid = 0; pid < nprocs; pid++)
        if (procs[pid].aborted)
            printf("process %d: the job stopped during its superstep %ld (kept: %ld supersteps)\n",
                   pid, procs[pid].nrec - 1, procs[pid].nrec);
    if (nrows > maxrows)
        printf("(%ld supersteps: table of the first %ld; --rows N for more)\n", nrows, maxrows);
    printf("%5s %-5s %6s %-22s %-10s %10s %9s %8s %5s %10s %10s %10s %10s %10s %6s %-4s %s\n",
           "#", "kind", "step", "site", "group", "w_max_us", "h_bytes", "h_words", "msgs",
           "wait_max", "wait_mean", "meas_us", "setup_us", "pred_us", "ratio", "path", "l_term");
    for (long i = 0; i < nrows && i < maxrows; i++) {
        const struct row *w = &rows[i];
        site_text(w, site, sizeof site);
        group_text(w, grp, sizeof grp);
        char step[32];
        if (w->ordinal)
            snprintf(step, sizeof step, "%lld.%d", (long long)w->superstep, w->ordinal);
        else
            snprintf(step, sizeof step, "%lld", (long long)w->superstep);
        printf("%5ld %-5s %6s %-22s %-10s %10.2f %9llu %8llu %5u %10.2f %10.2f %10.2f ", i,
               w->aborted ? "ABORT" : kind_name(w->kind), step, site, grp, w->wmax,
               (unsigned long long)w->hbytes, (unsigned long long)(w->hbytes + WORD - 1) / WORD,
               w->msgmax, w->waitmax, w->waitsum / w->nmem, w->measured);
        if (w->setup > 0)
            printf("%10.2f ", w->setup);
        else
            printf("%10s ", "-");
        if (isnan(w->predicted))
            printf("%10s %6s %-4s %s\n", "-", "-", path_name(w), "-");
        else
            printf("%10.2f %6.2f %-4s %s\n", w->predicted, w->model / w->predicted, path_name(w),
                   w->lterm);
    }
    double wmax = 0, wmean = 0, ph[5] = { 0 };
    uint64_t nput = 0, nget = 0, nsend = 0, msgs = 0, bytes = 0;
    for (long i = 0; i < nrows; i++) {
        wmax += rows[i].wmax;
        wmean += rows[i].wsum / rows[i].nmem;
        for (int k = 0; k < 5; k++)
            ph[k] += rows[i].ph[k];
        nput += rows[i].nput;
        nget += rows[i].nget;
        nsend += rows[i].nsend;
        msgs += rows[i].msgs;
        bytes += rows[i].hbytes;
    }
    double all = ph[0] + ph[1] + ph[2] + ph[3] + ph[4];
    /* the engine's set-up (the node-local segments, made in the superstep
     * after NS_NODE_AFTER combines) is no superstep's work: the model
     * leaves it out, and so do the ratios */
    double model_total = measured_total - setup_total;
    printf("total: measured %.2f us", measured_total);
    if (setup_total > 0)
        printf(", of which engine set-up %.2f us (not in the model); without it measured %.2f us",
               setup_total, model_total);
    if (params_path && predicted_total > 0)
        printf(", predicted %.2f us, measured/predicted %.2f", predicted_total,
               model_total / predicted_total);
    /* the model starts every process at once; a process that starts late
     * makes the others wait in the first superstep, outside the model */
    printf("\nlaunch: the processes started within %.2f us; from the last start%s: measured "
           "%.2f us", launch_skew, setup_total > 0 ? ", without the set-up" : "",
           model_total - launch_skew);
    if (params_path && predicted_total > 0)
        printf(", measured/predicted %.2f", (model_total - launch_skew) / predicted_total);
    if (any_v1)
        printf("\nsetup: not recorded (a version-1 trace)");
    else if (setup_rows)
        printf("\nsetup: %.2f us of engine set-up (making the node-local segments) in %s #%ld%s; "
               "not in the model", setup_total, setup_rows > 1 ? "supersteps from" : "superstep",
               first_setup, setup_rows > 1 ? " on" : "");
    else
        printf("\nsetup: none inside a superstep");
    if (!any_v1) {
        const struct param *q = param_for(nprocs);
        printf("\npath: %ld supersteps combined over MPI messages%s, %ld through the node-local "
               "segments", path_rows[0], q && q->has_lmpi ? " (predicted with l_mpi)" : "",
               path_rows[1]);
    }
    if (da_rows)
        printf("\nda: %ld supersteps with distributed-array data, priced per word with "
               "g_da_write and g_da_read and per request record with g_da_rec", da_rows);
    for (int k = 0; k < nshared; k++)
        printf("\nshared node: node %d runs %d processes on %d core%s: w is the larger of w_max "
               "and the processor time of its members' w / %d", shared[k].node, shared[k].procs,
               shared[k].cores, shared[k].cores > 1 ? "s" : "", shared[k].cores);
    printf("\ntotal: %llu puts, %llu gets, %llu sends, %llu data messages, sum of h %llu bytes\n",
           (unsigned long long)nput, (unsigned long long)nget, (unsigned long long)nsend,
           (unsigned long long)msgs, (unsigned long long)bytes);
    if (all > 0)
        printf("time of all processes: w %.1f%%, send %.1f%%, wait %.1f%%, receive %.1f%%, "
               "apply %.1f%%\n", 100 * ph[0] / all, 100 * ph[1] / all, 100 * ph[2] / all,
               100 * ph[3] / all, 100 * ph[4] / all);
    if (wmean > 0)
        printf("load imbalance: sum of max w / sum of mean w = %.2f\n", wmax / wmean);
    /* the costliest supersteps */
    long *idx = xcalloc((size_t)nrows, sizeof *idx);
    int ntop = 0;
    for (long i = 0; i < nrows && top > 0; i++) {
        int j = ntop < top ? ntop++ : top - 1;
        if (j == top - 1 && ntop == top && i >= top && rows[i].measured <= rows[idx[j]].measured)
            continue;
        idx[j] = i;
        for (; j > 0 && rows[idx[j]].measured > rows[idx[j - 1]].measured; j--) {
            long t = idx[j]; idx[j] = idx[j - 1]; idx[j - 1] = t;
        }
    }
    if (ntop)
        printf("costliest supersteps:\n");
    for (int j = 0; j < ntop; j++) {
        const struct row *w = &rows[idx[j]];
        site_text(w, site, sizeof site);
        printf("  #%ld %s %s: %.2f us (w_max %.2f, h %llu bytes, wait_max %.2f", idx[j],
               kind_name(w->kind), site, w->measured, w->wmax, (unsigned long long)w->hbytes,
               w->waitmax);
        if (w->setup > 0)
            printf(", engine set-up %.2f", w->setup);
        printf("), imbalance %.2f\n", w->wsum > 0 ? w->wmax / (w->wsum / w->nmem) : 1.0);
    }
    free(idx);
}

static void
print_csv(void)
{
    char site[96], grp[32];
    printf("row,kind,superstep,ordinal,site,group,depth,gindex,gsize,members,h_bytes,h_words,"
           "sent_max_bytes,recv_max_bytes,msgs_max,msgs,puts,gets,sends,items,item_bytes,"
           "da_served,aborted,prefix,l_term,w_max_us,w_mean_us,wait_max_us,wait_mean_us,start_us,end_us,"
           "measured_us,predicted_us,ratio,setup_us,path,w_model_us,h_da_write_words,h_da_read_words,h_da_records\n");
    for (long i = 0; i < nrows; i++) {
        const struct row *w = &rows[i];
        site_text(w, site, sizeof site);
        group_text(w, grp, sizeof grp);
        printf("%ld,%s,%lld,%d,%s,%s,%d,%d,%d,%d,%llu,%llu,%llu,%llu,%u,%llu,%llu,%llu,%llu,"
               "%llu,%llu,%llu,%d,%d,%s,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,", i, kind_name(w->kind),
               (long long)w->superstep, w->ordinal, site, grp, w->depth, w->gindex, w->gsize,
               w->nmem, (unsigned long long)w->hbytes,
               (unsigned long long)(w->hbytes + WORD - 1) / WORD,
               (unsigned long long)w->sentmax, (unsigned long long)w->recvmax, w->msgmax,
               (unsigned long long)w->msgs, (unsigned long long)w->nput,
               (unsigned long long)w->nget, (unsigned long long)w->nsend,
               (unsigned long long)w->items, (unsigned long long)w->item_bytes,
               (unsigned long long)w->served, w->aborted, w->prefix,
               isnan(w->predicted) ? "-" : w->lterm, w->wmax, w->wsum / w->nmem,
               w->waitmax, w->waitsum / w->nmem, w->start, w->end, w->measured);
        if (isnan(w->predicted))
            printf(",,");
        else
            printf("%.3f,%.3f,", w->predicted, w->model / w->predicted);
        printf("%.3f,%s,", w->setup, path_name(w));
        if (isnan(w->predicted))
            printf(",");
        else
            printf("%.3f,", w->wmodel);
        printf("%llu,%llu,%llu\n", (unsigned long long)(w->hdaw + WORD - 1) / WORD,
               (unsigned long long)(w->hdar + WORD - 1) / WORD, (unsigned long long)w->hdarec);
    }
}

/* ---- SVG ---- */

static const char *const phase_name[5] = { "w (computation)", "send", "wait (combine/barrier)",
                                           "receive", "apply" };
static const char *const phase_color[5] = { "#4e79a7", "#f28e2b", "#e15759", "#76b7b2",
                                            "#59a14f" };

#define PLOT_W 1200                 /* pixels of the time axis */
#define LEFT 70
#define TOP 40

/* The timeline has a lane per process up to max_lanes processes (--lanes);
 * beyond, a lane per band of consecutive processes (band_size of them),
 * which shows the phases of its members added up. */
static int max_lanes = 128, band_size = 1;

static int
lanes(void)
{
    return (nprocs + band_size - 1) / band_size;
}

static double
lane_height(void)
{
    double h = 480.0 / lanes();
    return h > 24 ? 24 : h < 3 ? 3 : h;
}

/* Text into XML: its markup characters as entities, and what XML 1.0 or
 * UTF-8 cannot hold (control characters, bytes of no valid UTF-8
 * sequence: a name from a damaged or foreign trace) as '?'. */
static void
xml_text(FILE *f, const char *text)
{
    const unsigned char *s = (const void *)text;
    while (*s) {
        int n = *s < 0x80 ? 1 : (*s & 0xe0) == 0xc0 ? 2 : (*s & 0xf0) == 0xe0 ? 3
              : (*s & 0xf8) == 0xf0 ? 4 : 0;
        for (int k = 1; k < n; k++)
            if ((s[k] & 0xc0) != 0x80)
                n = 0;
        if (n == 2 && *s < 0xc2)                /* overlong */
            n = 0;
        if (n == 3 && ((*s == 0xe0 && s[1] < 0xa0) || (*s == 0xed && s[1] >= 0xa0)))
            n = 0;                              /* overlong, or a UTF-16 surrogate */
        if (n == 4 && ((*s == 0xf0 && s[1] < 0x90) || *s > 0xf4 || (*s == 0xf4 && s[1] >= 0x90)))
            n = 0;                              /* overlong, or beyond U+10FFFF */
        if (n > 1) {
            fwrite(s, 1, (size_t)n, f);
            s += n;
            continue;
        }
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(n && (*s >= 0x20 || *s == '\t' || *s == '\n') ? *s : '?', f);
        }
        s++;
    }
}

static void
svg_head(FILE *f, int w, int h, const char *title)
{
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">\n<title>",
            w, h, w, h);
    xml_text(f, title);
    fprintf(f, "</title>\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
}

/* NestStep groups as frames around the lanes of their members for the time
 * of their supersteps, drawn over the bars (hovering the frame shows the
 * group), nested by depth; one per group and contiguous run of lanes. */
static const char *const depth_color[3] = { "#3a3a3a", "#7b4f73", "#b8860b" };

static void
svg_groups(FILE *f, double scale, double lh)
{
    struct band { uint64_t group; int depth, index, size, lo, hi; double t0, t1; long steps; }
        *b = NULL;
    long nb = 0, cap = 0;
    for (int pid = 0; pid < nprocs; pid++) {
        const struct proc *P = &procs[pid];
        for (long i = 0; i < P->nrec; i++) {
            const struct nsp_step *r = P->rec[i];
            if (!r->group || !r->depth)
                continue;
            long j = nb - 1;
            for (; j >= 0 && j >= nb - 64; j--)
                if (b[j].group == r->group && b[j].hi >= pid - 1)
                    break;
            if (j < 0 || j < nb - 64) {
                if (nb == cap) {
                    cap = cap ? 2 * cap : 64;
                    b = xrealloc(b, sizeof *b * (size_t)cap);
                }
                b[nb++] = (struct band){ r->group, r->depth, r->gindex, r->gsize, pid, pid,
                                         at(P, r, NSP_T_START), at(P, r, NSP_T_END), 0 };
                j = nb - 1;
            }
            struct band *x = &b[j];
            if (pid > x->hi)
                x->hi = pid;
            if (at(P, r, NSP_T_START) < x->t0)
                x->t0 = at(P, r, NSP_T_START);
            if (at(P, r, NSP_T_END) > x->t1)
                x->t1 = at(P, r, NSP_T_END);
            if (pid == x->lo)
                x->steps++;
        }
    }
    for (long j = 0; j < nb; j++) {
        double inset = 3.0 - 2.0 * b[j].depth;    /* deeper: inside */
        int lo = b[j].lo / band_size, hi = b[j].hi / band_size;
        double x = LEFT + b[j].t0 * scale, y = TOP + lo * lh - inset;
        fprintf(f, "<rect class=\"group\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
                "fill=\"none\" stroke=\"%s\" stroke-width=\"2\">"
                "<title>group depth %d, index %d, size %d, processes %d..%d: %ld combines, "
                "%.2f..%.2f us</title></rect>\n", x, y,
                (b[j].t1 - b[j].t0) * scale > 0.5 ? (b[j].t1 - b[j].t0) * scale : 0.5,
                (hi - lo + 1) * lh + 2 * inset, depth_color[b[j].depth % 3], b[j].depth,
                b[j].index, b[j].size, b[j].lo, b[j].hi, b[j].steps, b[j].t0, b[j].t1);
    }
    free(b);
}

/* Processes lo..hi in one lane at y, in 2-pixel slots: each slot shows
 * the share of each phase in its time (added up over the processes) as a
 * stacked bar, with the supersteps that end in it. */
static void
svg_slots(FILE *f, int lo, int hi, double y, double lh, double T)
{
    int nslot = PLOT_W / 2;
    double slot = T / nslot, (*ph)[5] = xcalloc((size_t)nslot, sizeof *ph);
    long *cnt = xcalloc((size_t)nslot, sizeof *cnt);
    for (int pid = lo; pid <= hi; pid++) {
        const struct proc *P = &procs[pid];
        for (long i = 0; i < P->nrec; i++) {
            const struct nsp_step *r = P->rec[i];
            /* a phase may end after the last superstep's end (times
             * out of order): the slots stop at T */
            double s_end = at(P, r, NSP_T_END) / slot;
            cnt[s_end < nslot ? (int)s_end : nslot - 1]++;
            for (int k = 0; k < 5; k++) {
                double a = at(P, r, k), b = at(P, r, k + 1);
                if (a / slot >= nslot)
                    continue;
                for (int s = (int)(a / slot); s < nslot && s * slot < b; s++) {
                    double l = a > s * slot ? a : s * slot;
                    double h = b < (s + 1) * slot ? b : (s + 1) * slot;
                    if (h > l && s >= 0)
                        ph[s][k] += h - l;
                }
            }
        }
    }
    char who[64];
    if (lo == hi)
        snprintf(who, sizeof who, "process %d", lo);
    else
        snprintf(who, sizeof who, "processes %d..%d", lo, hi);
    for (int s = 0; s < nslot; s++) {
        double sum = ph[s][0] + ph[s][1] + ph[s][2] + ph[s][3] + ph[s][4], yy = y + 1;
        if (sum <= 0)
            continue;
        fprintf(f, "<g><title>%s, %.1f..%.1f us: %ld supersteps end here; w %.0f%%, "
                "send %.0f%%, wait %.0f%%, receive %.0f%%, apply %.0f%%</title>", who,
                s * slot, (s + 1) * slot, cnt[s], 100 * ph[s][0] / sum,
                100 * ph[s][1] / sum, 100 * ph[s][2] / sum, 100 * ph[s][3] / sum,
                100 * ph[s][4] / sum);
        for (int k = 0; k < 5; k++) {
            double hh = (lh - 2) * ph[s][k] / sum;
            if (hh <= 0)
                continue;
            fprintf(f, "<rect x=\"%d\" y=\"%.2f\" width=\"2\" height=\"%.2f\" fill=\"%s\"/>",
                    LEFT + 2 * s, yy, hh, phase_color[k]);
            yy += hh;
        }
        fprintf(f, "</g>\n");
    }
    free(ph);
    free(cnt);
}

static void
write_svg(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        die("cannot write %s: %s", path, strerror(errno));
    band_size = (nprocs + max_lanes - 1) / max_lanes;
    double lh = lane_height(), T = measured_total > 0 ? measured_total : 1;
    double scale = PLOT_W / T;
    int nl = lanes(), height = (int)(TOP + nl * lh + 70);
    char title[256];
    snprintf(title, sizeof title, "bspprof timeline: %s, %d processes, %ld supersteps",
             procs[0].head->program, nprocs, nrows);
    svg_head(f, LEFT + PLOT_W + 20, height, title);
    fprintf(f, "<text x=\"%d\" y=\"16\" font-size=\"13\">", LEFT);
    xml_text(f, title);
    fprintf(f, "</text>\n");
    long maxrec = 0;
    for (int pid = 0; pid < nprocs; pid++)
        if (procs[pid].nrec > maxrec)
            maxrec = procs[pid].nrec;
    /* more supersteps than 2-pixel slots, or more processes than lanes */
    int aggregate = maxrec > PLOT_W / 2 || band_size > 1;
    for (int lane = 0; lane < nl; lane++) {
        int pid = lane * band_size, last = pid + band_size - 1 < nprocs ? pid + band_size - 1
                                                                      : nprocs - 1;
        const struct proc *P = &procs[pid];
        double y = TOP + lane * lh;
        char label[32];
        if (band_size > 1)
            snprintf(label, sizeof label, "%d-%d", pid, last);
        else
            snprintf(label, sizeof label, "%d", pid);
        fprintf(f, "<g class=\"lane\" id=\"p%d\"><text x=\"%d\" y=\"%.2f\" text-anchor=\"end\" "
                "font-size=\"%.1f\">%s</text>\n", pid, LEFT - 4, y + lh * 0.8,
                lh < 11 ? lh : 11, label);
        if (!aggregate) {
            for (long i = 0; i < P->nrec; i++) {
                const struct nsp_step *r = P->rec[i];
                const struct row *w = row_find(r);
                for (int k = 0; k < 5; k++) {
                    double a = at(P, r, k), b = at(P, r, k + 1);
                    if (b <= a)
                        continue;
                    fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
                            "fill=\"%s\"><title>process %d, superstep %lld%s (", LEFT + a * scale,
                            y + 1, (b - a) * scale, lh - 2, phase_color[k], pid,
                            (long long)r->superstep, r->depth ? " of a subgroup" : "");
                    xml_text(f, base_name(file_name(P, r->file)));
                    fprintf(f, ":%d): %s %.2f us (%.2f..%.2f); superstep w_max %.2f us, h %llu "
                            "bytes</title></rect>\n", r->line, phase_name[k], b - a, a, b,
                            w->wmax, (unsigned long long)w->hbytes);
                }
            }
        } else
            svg_slots(f, pid, last, y, lh, T);
        fprintf(f, "</g>\n");
    }
    svg_groups(f, scale, lh);
    /* superstep boundaries of the whole machine (root group), when they fit */
    long nroot = 0;
    for (long i = 0; i < nrows; i++)
        nroot += rows[i].depth == 0;
    if (nroot <= PLOT_W / 4)
        for (long i = 0; i < nrows; i++)
            if (rows[i].depth == 0)
                fprintf(f, "<line class=\"boundary\" x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" y2=\"%.2f\" "
                        "stroke=\"black\" stroke-width=\"0.6\" stroke-dasharray=\"2,2\"/>\n",
                        LEFT + rows[i].end * scale, TOP - 4, LEFT + rows[i].end * scale,
                        TOP + nl * lh + 2);
    /* time axis */
    double ya = TOP + nl * lh + 14;
    double tick = pow(10, floor(log10(T / 5)));
    if (T / tick > 10)
        tick *= 2;
    fprintf(f, "<line x1=\"%d\" y1=\"%.2f\" x2=\"%d\" y2=\"%.2f\" stroke=\"black\"/>\n", LEFT,
            ya - 8, LEFT + PLOT_W, ya - 8);
    int ms = T / 5 >= 1000;
    for (double t = 0; t <= T * 1.0001; t += tick)
        fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">%g</text>\n",
                LEFT + t * scale, ya + 4, ms ? t / 1000 : t);
    fprintf(f, "<text x=\"%d\" y=\"%.2f\" text-anchor=\"end\">%s</text>\n", LEFT - 4, ya + 4,
            ms ? "ms" : "us");
    double x = LEFT;
    for (int k = 0; k < 5; k++) {
        fprintf(f, "<rect x=\"%.1f\" y=\"%.2f\" width=\"10\" height=\"10\" fill=\"%s\"/>"
                "<text x=\"%.1f\" y=\"%.2f\">%s</text>\n", x, ya + 14, phase_color[k], x + 14,
                ya + 23, phase_name[k]);
        x += 40 + 6.5 * (double)strlen(phase_name[k]);
    }
    fprintf(f, "<rect x=\"%.1f\" y=\"%.2f\" width=\"10\" height=\"10\" fill=\"none\" "
            "stroke=\"#7b4f73\" stroke-width=\"1.5\"/><text x=\"%.1f\" y=\"%.2f\">NestStep group</text>\n",
            x, ya + 14, x + 14, ya + 23);
    if (band_size > 1)
        fprintf(f, "<text x=\"%d\" y=\"%.2f\">%d processes, a lane per %d: each 2-pixel column "
                "shows the share of each phase in the time of the lane's processes</text>\n",
                LEFT, ya + 40, nprocs, band_size);
    else if (aggregate)
        fprintf(f, "<text x=\"%d\" y=\"%.2f\">%ld supersteps on a process: each 2-pixel column "
                "shows the share of each phase in its time</text>\n", LEFT, ya + 40, maxrec);
    fprintf(f, "</svg>\n");
    if (fclose(f))
        die("cannot write %s: %s", path, strerror(errno));
}

/* The bytes from process i to j, over the run or one superstep (row). */
static void
write_matrix(const char *path, long only)
{
    int p = nprocs, cell = p <= 8 ? 48 : p <= 32 ? 16 : p <= 128 ? 6 : 3;
    double *bytes = xcalloc((size_t)p * (size_t)p, sizeof *bytes);
    double *msgs = xcalloc((size_t)p * (size_t)p, sizeof *msgs);
    const struct row *target = only >= 0 ? &rows[only] : NULL;
    for (int i = 0; i < p; i++)
        for (long k = 0; k < procs[i].nrec; k++) {
            const struct nsp_step *r = procs[i].rec[k];
            if (target && row_find(r) != target)
                continue;
            const struct nsp_peer *e = (const void *)(r + 1);
            for (uint32_t j = 0; j < r->npeer; j++)
                if (e[j].peer >= 0 && e[j].peer < p) {
                    bytes[(size_t)i * p + e[j].peer] += (double)e[j].bytes_out;
                    msgs[(size_t)i * p + e[j].peer] += e[j].msgs_out;
                }
        }
    double max = 0;
    for (size_t k = 0; k < (size_t)p * p; k++)
        if (bytes[k] > max)
            max = bytes[k];
    FILE *f = fopen(path, "w");
    if (!f)
        die("cannot write %s: %s", path, strerror(errno));
    char title[256];
    if (target)
        snprintf(title, sizeof title, "bytes from process i (row) to j (column), superstep #%ld",
                 only);
    else
        snprintf(title, sizeof title, "bytes from process i (row) to j (column), whole run");
    int side = p * cell;
    svg_head(f, LEFT + side + 40, TOP + side + 40, title);
    fprintf(f, "<text x=\"10\" y=\"16\" font-size=\"13\">%s (max %.0f)</text>\n", title, max);
    for (int i = 0; i < p; i++) {
        fprintf(f, "<g class=\"row\" id=\"from%d\">", i);
        for (int j = 0; j < p; j++) {
            double v = bytes[(size_t)i * p + j];
            double s = v > 0 && max > 0 ? log1p(v) / log1p(max) : 0;
            int c = (int)(255 - 200 * s);
            fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"rgb(%d,%d,255)\" "
                    "stroke=\"#ddd\" stroke-width=\"0.3\"><title>%d -&gt; %d: %.0f bytes in %.0f "
                    "messages</title></rect>", LEFT + j * cell, TOP + i * cell, cell, cell,
                    v > 0 ? c : 255, v > 0 ? c : 255, i, j, v, msgs[(size_t)i * p + j]);
        }
        fprintf(f, "</g>\n");
    }
    if (cell >= 16)
        for (int i = 0; i < p; i++)
            fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>"
                    "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%d</text>\n",
                    LEFT - 4, TOP + i * cell + cell / 2 + 4, i, LEFT + i * cell + cell / 2,
                    TOP - 4, i);
    fprintf(f, "</svg>\n");
    if (fclose(f))
        die("cannot write %s: %s", path, strerror(errno));
    free(bytes);
    free(msgs);
}

static void __attribute__((noreturn))
usage(int status)
{
    fprintf(status ? stderr : stdout,
            "usage: %s [--params FILE] [--csv] [--rows N] [--top K] [--svg FILE]\n"
            "       [--lanes N] [--matrix FILE [--superstep N]] DIR\n"
            "Reads the trace in DIR (bsprun --profile=DIR) and prints a table per superstep\n"
            "with the BSP prediction w + h*g + l from bspprobe's parameter file (--params,\n"
            "else DIR/bspprobe.txt, else ./bspprobe.txt).  See bspprof(1).\n", me);
    exit(status);
}

/* An option's value: a whole number in 0..max, in decimal digits and
 * nothing else (no sign, no blanks, no suffix), or a usage error. */
static long
count_arg(const char *opt, const char *text, long max)
{
    char *end = (char *)text;
    errno = 0;
    long v = text[0] >= '0' && text[0] <= '9' ? strtol(text, &end, 10) : -1;
    if (v < 0 || *end || errno || v > max) {
        if (max == LONG_MAX)
            die("%s takes a whole number >= 0, not '%s'; see --help", opt, text);
        die("%s takes a whole number from 0 to %ld, not '%s'; see --help", opt, max, text);
    }
    return v;
}

int
main(int argc, char **argv)
{
    const char *dir = NULL, *svg = NULL, *matrix = NULL, *pfile = NULL;
    int csv = 0, top = 5;
    long maxrows = 1000, only = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
#define ARG() (i + 1 < argc ? argv[++i] : (die("%s needs a value; see --help", a), ""))
        if (!strcmp(a, "--csv"))
            csv = 1;
        else if (!strcmp(a, "--svg"))
            svg = ARG();
        else if (!strcmp(a, "--matrix"))
            matrix = ARG();
        else if (!strcmp(a, "--params"))
            pfile = ARG();
        else if (!strcmp(a, "--superstep"))
            only = count_arg(a, ARG(), LONG_MAX);
        else if (!strcmp(a, "--rows"))
            maxrows = count_arg(a, ARG(), LONG_MAX);
        else if (!strcmp(a, "--top"))
            top = (int)count_arg(a, ARG(), INT_MAX);
        else if (!strcmp(a, "--lanes")) {
            if ((max_lanes = (int)count_arg(a, ARG(), INT_MAX)) < 1)
                die("--lanes takes a whole number >= 1; see --help");
        }
        else if (!strcmp(a, "-h") || !strcmp(a, "--help"))
            usage(0);
        else if (a[0] == '-')
            die("unknown option '%s'; see --help", a);
        else if (dir)
            die("one trace directory, please ('%s' and '%s')", dir, a);
        else
            dir = a;
    }
    if (!dir)
        usage(2);
    int cap = 16;
    procs = xcalloc((size_t)cap, sizeof *procs);
    load(&procs[0], dir, 0, 0);
    int p = procs[0].head->nprocs;
    for (int q = 1; q < p; q++) {       /* as many as there are files, however many it says */
        if (q == cap) {
            procs = xrealloc(procs, sizeof *procs * 2 * (size_t)cap);
            memset(procs + cap, 0, sizeof *procs * (size_t)cap);
            cap *= 2;
        }
        load(&procs[q], dir, q, p);
        if (strcmp(procs[q].head->job, procs[0].head->job))
            warn("%s/prof.%d.nsp is from another run (job %s, not %s)", dir, q,
                 procs[q].head->job, procs[0].head->job);
    }
    nprocs = p;
    warn_unended(dir);
    if (pfile)
        read_params(pfile, 1);
    else {
        char def[4096];
        snprintf(def, sizeof def, "%s/bspprobe.txt", dir);
        read_params(def, 0);
        if (!nparams)
            read_params("bspprobe.txt", 0);
    }
    find_shared();
    gather();
    qsort(rows, (size_t)nrows, sizeof *rows, cmp_order);
    index_rows();                       /* the rows moved */
    for (long i = 0; i < nrows; i++)
        rows[i].predicted = predict(&rows[i]);
    totals();
    if (only >= nrows && nrows)
        die("--superstep %ld: the run has supersteps #0..#%ld", only, nrows - 1);
    if (only >= nrows)
        die("--superstep %ld: the run has no superstep", only);
    if (csv)
        print_csv();
    else
        print_table(maxrows, top);
    if (svg)
        write_svg(svg);
    if (matrix)
        write_matrix(matrix, only);
    return 0;
}
