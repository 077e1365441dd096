/*
 * profile.c - the per-superstep trace (NS_PROFILE=DIR): owns the trace file
 * of this process, DIR/prof.<pid>.nsp (format: profile_format.h,
 * docs/profile.md), and the record of the superstep in progress.
 *
 * The file is written through a fixed window (1 MiB) of a shared file
 * mapping: a record is complete in the file as soon as it is written, so a
 * process that is killed keeps every finished superstep, and memory stays
 * bounded however many supersteps there are (a full window is unmapped and
 * the next one mapped).  Traffic per peer is kept sparse: a slot per peer
 * touched in this superstep, found through an index of p ints.  Where the
 * node has more processes than cores, each record also holds the processor
 * time the process computed for (bspprof's model of a shared node).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "internal.h"
#include "node.h"
#include "profile.h"

int ns_prof_on;

#define WINDOW ((size_t)1 << 20)
#define WINDOW_ALIGN ((size_t)1 << 16)   /* a multiple of any page size */

static int fd = -1;
static char path[PATH_MAX];
static char *win;                   /* the mapped window */
static size_t win_size, used;
static off_t win_off;               /* file offset of the window */
static int64_t t0;                  /* CLOCK_MONOTONIC at start, ns */
static int64_t last_end;            /* end of my previous superstep */
static int64_t setup_start;         /* ns_prof_setup_begin's time */
static int cpu_on;                  /* my node is oversubscribed: read the CPU clock */
static int64_t last_end_cpu;        /* my processor time at last_end */

static struct nsp_step cur;         /* the superstep in progress */
static int open_rec;
static int *slot_of;                /* [nprocs]: index in peers, or -1 */
static struct nsp_peer *peers;      /* [nprocs]: peers touched now */
static int npeers;

static struct file_id { const char *ptr; uint32_t id; } *files;
static int nfiles, capfiles;

/* NestStep: per group depth, the last combine's group and step, to number
 * the combines of one group step (a neststep's split and join share it). */
static struct last_combine { uint64_t group; int64_t step; int ordinal; } *last;
static int caplast;

static int64_t
now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec - t0;
}

/* This thread's processor time, ns. */
static int64_t
cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void __attribute__((noreturn))
fail(const char *what)
{
    int err = errno;
    ns_prof_on = 0;
    ns_fatal(NS_SITE("NS_PROFILE", NULL, 0), "%s %s: %s; set NS_PROFILE (bsprun --profile=DIR) "
             "to a directory that can be written", what, path, strerror(err));
}

/* n bytes (a multiple of 8) of room in the window, mapping the next
 * window when this one is full. */
static void *
reserve(size_t n)
{
    if (!win || win_size - used < n) {
        if (win) {
            if (win_size - used >= sizeof(struct nsp_rec)) {
                struct nsp_rec *s = (void *)(win + used);
                *s = (struct nsp_rec){ NSP_SKIP, 0, (uint32_t)(win_size - used) };
            }
            munmap(win, win_size);
            win = NULL;
            win_off += (off_t)win_size;
        }
        win_size = n > WINDOW ? (n + WINDOW_ALIGN - 1) & ~(WINDOW_ALIGN - 1) : WINDOW;
        if (ftruncate(fd, win_off + (off_t)win_size))
            fail("cannot extend");
        void *m = mmap(NULL, win_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd,
                       win_off);
        if (m == MAP_FAILED)
            fail("cannot map");
        win = m;
        used = 0;
    }
    void *p = win + used;
    used += n;
    return p;
}

static uint32_t
file_id(const char *f)
{
    static int hit;
    if (!f)
        return 0;
    if (hit < nfiles && files[hit].ptr == f)
        return files[hit].id;
    for (int i = 0; i < nfiles; i++)
        if (files[i].ptr == f)
            return files[hit = i].id;
    if (nfiles == capfiles) {
        capfiles = capfiles ? 2 * capfiles : 16;
        files = ns_xrealloc(files, sizeof *files * (size_t)capfiles);
    }
    uint32_t id = (uint32_t)nfiles + 1, len = (uint32_t)strlen(f) + 1;
    files[hit = nfiles++] = (struct file_id){ f, id };
    size_t size = NS_PAD8(sizeof(struct nsp_string) + len);
    struct nsp_string *s = reserve(size);
    memset(s, 0, size);
    *s = (struct nsp_string){ { NSP_STRING, 0, (uint32_t)size }, id, len };
    memcpy(s + 1, f, len);
    return id;
}

static struct nsp_peer *
peer_of(int q)
{
    int s = slot_of[q];
    if (s < 0) {
        s = slot_of[q] = npeers++;
        peers[s] = (struct nsp_peer){ .peer = q };
    }
    return &peers[s];
}

void
ns_prof_out(int q, int msgs, size_t bytes)
{
    if (!msgs && !bytes)
        return;
    struct nsp_peer *e = peer_of(q);
    e->msgs_out += (uint32_t)msgs;
    e->bytes_out += bytes;
}

void
ns_prof_da(int what, size_t bytes)
{
    if (open_rec)
        cur.da_bytes[what] += bytes;
}

void
ns_prof_da_recs(int served, long n)
{
    if (open_rec)
        cur.da_recs[served] += (uint64_t)n;
}

void
ns_prof_in(int q, int msgs, size_t bytes)
{
    if (!msgs && !bytes)
        return;
    struct nsp_peer *e = peer_of(q);
    e->msgs_in += (uint32_t)msgs;
    e->bytes_in += bytes;
}

static int
cmp_peer(const void *a, const void *b)
{
    const struct nsp_peer *x = a, *y = b;
    return (x->peer > y->peer) - (x->peer < y->peer);
}

/* Writes the superstep in progress, ending at t. */
static void
close_rec(int64_t t, int flags)
{
    cur.r.flags |= (uint16_t)flags;
    for (int i = NSP_T_SENT; i < NSP_T_END; i++)
        if (cur.t[i] < 0)
            cur.t[i] = cur.t[i - 1];
    if (cur.t[NSP_T_END] < 0)
        cur.t[NSP_T_END] = t;
    ns_sort(peers, (size_t)npeers, sizeof *peers, cmp_peer);
    cur.npeer = (uint32_t)npeers;
    size_t size = sizeof cur + sizeof *peers * (size_t)npeers;
    cur.r = (struct nsp_rec){ NSP_STEP, cur.r.flags, (uint32_t)size };
    char *p = reserve(size);
    memcpy(p, &cur, sizeof cur);
    memcpy(p + sizeof cur, peers, sizeof *peers * (size_t)npeers);
    for (int i = 0; i < npeers; i++)
        slot_of[peers[i].peer] = -1;
    npeers = 0;
    last_end = cur.t[NSP_T_END];
    if (cpu_on)
        last_end_cpu = cpu_now();
    open_rec = 0;
}

/* A superstep's sync begins now; an open one (a combine that no hook
 * closed) ends here. */
static void
begin(int kind)
{
    int64_t t = now();
    if (open_rec)
        close_rec(t, 0);
    memset(&cur, 0, sizeof cur);
    cur.t[NSP_T_START] = last_end;
    cur.t[NSP_T_SYNC] = t;
    cur.w_cpu_ns = cpu_on ? cpu_now() - last_end_cpu : -1;
    for (int i = NSP_T_SENT; i < NSP_NT; i++)
        cur.t[i] = -1;
    cur.kind = (uint16_t)kind;
    open_rec = 1;
}

void
ns_prof_mark(int phase)
{
    if (open_rec)
        cur.t[phase] = now();
}

void
ns_prof_node_local(void)
{
    cur.r.flags |= NSP_F_NODE_LOCAL;
}

void
ns_prof_setup_begin(void)
{
    setup_start = now();
}

void
ns_prof_setup_end(void)
{
    if (open_rec)
        cur.setup_ns += now() - setup_start;
}

void
ns_prof_end(void)
{
    if (open_rec)
        close_rec(now(), 0);
}

/* ---- BSPlib supersteps: the request buffers tell the traffic ---- */

void
ns_prof_sync(int kind, const struct ns_site *site)
{
    begin(kind);
    cur.superstep = ns_eng.superstep;
    cur.file = file_id(site ? site->file : NULL);
    cur.line = site ? site->line : 0;
    cur.gsize = ns_proc.nprocs;
    cur.grank = ns_proc.pid;
}

/* Walks the requests in buffer b (from or to peer q): outgoing ones are
 * mine (counted), incoming ones from q. */
static void
walk(const struct ns_buf *b, int q, int outgoing)
{
    const char *p = b->data, *end = p + b->len;
    struct nsp_peer *e = peer_of(q);
    uint64_t data = 0, back = 0;    /* q's way in my direction, and the other way */
    for (p += sizeof(struct msg_head); p < end; p += ns_rec_size(p)) {
        const struct ns_rec *r = (const void *)p;
        switch (NS_REC_KIND(p)) {
        case NS_REC_CPUT:
            data += NS_CPUT_BYTES(*(const uint32_t *)p);
            cur.nput += outgoing;
            cur.put_bytes += outgoing ? NS_CPUT_BYTES(*(const uint32_t *)p) : 0;
            break;
        case NS_REC_SPUT:
            data += NS_SREC_BYTES((const struct ns_srec *)p);
            cur.nput += outgoing;
            cur.put_bytes += outgoing ? NS_SREC_BYTES((const struct ns_srec *)p) : 0;
            break;
        case NS_REC_HPPUT:
            outgoing ? e->msgs_out++ : e->msgs_in++;
            /* fall through */
        case NS_REC_PUT:
        case NS_REC_MPUT:
            data += r->nbytes;
            cur.nput += outgoing;
            cur.put_bytes += outgoing ? r->nbytes : 0;
            break;
        case NS_REC_SEND:
            data += r->offset + r->nbytes;
            cur.nsend += outgoing;
            cur.send_bytes += outgoing ? r->offset + r->nbytes : 0;
            break;
        case NS_REC_GET:
            back += r->nbytes;
            cur.nget += outgoing;
            cur.get_bytes += outgoing ? r->nbytes : 0;
            break;
        }
    }
    if (outgoing) {
        e->bytes_out += data;
        e->bytes_in += back;
    } else {
        e->bytes_in += data;
        e->bytes_out += back;
    }
    if (q != ns_proc.pid) {
        outgoing ? e->msgs_out++ : e->msgs_in++;
        if (back)                       /* the reply to the gets */
            outgoing ? e->msgs_in++ : e->msgs_out++;
    }
}

void
ns_prof_bsp_sent(void)
{
    cur.t[NSP_T_SENT] = now();
    for (int i = 0; i < ns_eng.ndirty; i++)
        walk(&ns_eng.peer[ns_eng.dirty[i]].out, ns_eng.dirty[i], 1);
}

void
ns_prof_bsp_received(void)
{
    cur.t[NSP_T_RECEIVED] = now();
    for (int i = 0; i < ns_eng.nsources; i++)
        walk(&ns_eng.peer[ns_eng.sources[i]].in, ns_eng.sources[i], 0);
}

/* Relaxed modes (sync_relaxed.c): a request's records from src, counted
 * when this process accepts them, in the superstep then open or the next
 * one (acceptance happens in syncs and in bspx_read's waits). */
void
ns_prof_relaxed_in(int src, const struct ns_buf *records)
{
    walk(records, src, 0);
}

/* ---- NestStep combines ---- */

void
ns_prof_combine(const struct ns_group *g, int kind, int prefix, const char *items, size_t len)
{
    begin(kind);
    if (g->depth >= caplast) {
        int cap = 2 * g->depth + 8;
        last = ns_xrealloc(last, sizeof *last * (size_t)cap);
        memset(last + caplast, 0, sizeof *last * (size_t)(cap - caplast));
        caplast = cap;
    }
    struct last_combine *lc = &last[g->depth];
    lc->ordinal = lc->group == g->uid && lc->step == g->step ? lc->ordinal + 1 : 0;
    lc->group = g->uid;
    lc->step = g->step;
    cur.r.flags = NSP_F_NESTSTEP | (prefix ? NSP_F_PREFIX : 0);
    cur.superstep = g->step;
    cur.group = g->uid;
    cur.ordinal = (uint16_t)lc->ordinal;
    cur.depth = (uint16_t)g->depth;
    cur.gsize = g->size;
    cur.grank = g->rank;
    cur.gindex = g->index;
    cur.file = file_id(g->site.file);
    cur.line = g->site.line;
    for (size_t off = 0; off < len; off += ((const struct ns_witem *)(items + off))->bytes)
        cur.items++;
    cur.item_bytes = len;
}

void
ns_prof_served(int nrecv)
{
    cur.t[NSP_T_COMBINED] = now();
    cur.da_served = (uint32_t)nrecv;
}

/* ---- start, stop, abort ---- */

static void
make_dirs(char *p)
{
    for (char *s = p + 1; ; s++) {
        if (*s == '/' || !*s) {
            char c = *s;
            *s = '\0';
            if (mkdir(p, 0777) && errno != EEXIST)
                fail("cannot create directory");
            *s = c;
            if (!c)
                break;
        }
    }
}

/* Process 0: files of processes that this run does not have (an earlier
 * run with more) would mislead the reader. */
static void
remove_stale(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    if (!d)
        return;
    while ((e = readdir(d))) {
        int q, n = 0;
        if (sscanf(e->d_name, "prof.%d.nsp%n", &q, &n) == 1 && !e->d_name[n]
            && q >= ns_proc.nprocs) {
            char f[PATH_MAX];
            snprintf(f, sizeof f, "%s/%s", dir, e->d_name);
            unlink(f);
        }
    }
    closedir(d);
}

static void
knobs(char *out, size_t n, int combine_direct)
{
    static const char *const names[] = { "NS_TREE_ARITY", "NS_DIRECT_MAX", "NS_SYNC",
                                         "NS_EXCHANGE", "NS_WAIT_POLICY", "NS_SPIN_POLLS",
                                         "NS_CORES" };
    size_t k = (size_t)snprintf(out, n, "combine=%s", combine_direct ? "direct"
                                                                               : "tree");
    for (size_t i = 0; i < sizeof names / sizeof *names && k < n; i++) {
        const char *v = getenv(names[i]);
        if (v && *v)
            k += (size_t)snprintf(out + k, n - k, " %s=%s", names[i], v);
    }
}

/* ns_fatal and bsp_abort (core/fatal.c), before the job stops. */
static void flush_on_abort(void) { NS_PROF(ns_prof_abort()); }

void
ns_prof_start(int combine_direct)
{
    const char *dir = getenv("NS_PROFILE");
    if (!dir || !*dir)
        return;
    struct timespec ts;
    snprintf(path, sizeof path, "%s", dir);
    make_dirs(path);
    if (ns_proc.pid == 0)
        remove_stale(dir);
    snprintf(path, sizeof path, "%s/prof.%d.nsp", dir, ns_proc.pid);
    fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0)
        fail("cannot create");
    int p = ns_proc.nprocs;
    slot_of = ns_xmalloc(sizeof *slot_of * (size_t)p);
    peers = ns_xmalloc(sizeof *peers * (size_t)p);
    for (int i = 0; i < p; i++)
        slot_of[i] = -1;
    struct nsp_head *h = reserve(NS_PAD8(sizeof *h));
    memset(h, 0, sizeof *h);
    memcpy(h->magic, NSP_MAGIC, sizeof NSP_MAGIC);
    h->version = NSP_VERSION;
    h->head_size = sizeof *h;
    h->pid = ns_proc.pid;
    h->nprocs = p;
    const char *job = getenv("NS_JOB_KEY");
    if (job)
        snprintf(h->job, sizeof h->job, "%s", job);
    else
        snprintf(h->job, sizeof h->job, "ppid-%ld", (long)getppid());
    snprintf(h->program, sizeof h->program, "%s", program_invocation_short_name);
    knobs(h->knobs, sizeof h->knobs, combine_direct);
    h->node = ns_node.index;
    h->node_procs = ns_node.size;
    h->node_cores = ns_node_cores();
    cpu_on = ns_oversubscribed();
    last_end_cpu = cpu_on ? cpu_now() : 0;
    clock_gettime(CLOCK_MONOTONIC, &ts);        /* the first superstep starts now */
    t0 = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
    h->t0_ns = t0;
    last_end = 0;
    ns_prof_on = 1;
    ns_fatal_flush = flush_on_abort;
}

/* The file ends where the records end. */
static void
finish_file(void)
{
    if (ftruncate(fd, win_off + (off_t)used))
        fail("cannot truncate");
}

void
ns_prof_stop(void)
{
    ns_prof_end();
    finish_file();
    munmap(win, win_size);
    close(fd);
    win = NULL;
    fd = -1;
    free(slot_of);
    free(peers);
    free(files);
    free(last);
    slot_of = NULL;
    peers = NULL;
    files = NULL;
    last = NULL;
    nfiles = capfiles = caplast = npeers = 0;
    ns_prof_on = 0;
}

void
ns_prof_abort(void)
{
    ns_prof_on = 0;                     /* once, and no hook runs while dying */
    if (fd < 0 || !win)
        return;
    if (!open_rec) {                    /* stopped while computing */
        begin(0);
        cur.superstep = ns_eng.superstep;
        cur.file = file_id(ns_eng.site.file);
        cur.line = ns_eng.site.line;
        cur.gsize = ns_proc.nprocs;
        cur.grank = ns_proc.pid;
    }
    close_rec(now(), NSP_F_ABORTED);
    if (ftruncate(fd, win_off + (off_t)used) == 0)
        msync(win, used, MS_ASYNC);
}
