/*
 * exchange.c - requests and their delivery.  During a superstep, every put,
 * get and send becomes a record appended to one buffer per destination (a
 * copy, not a message).  A fine-grained put gets seed 004's 4-byte header
 * where its fields fit.  At the sync each non-empty buffer goes out as one
 * MPI message (in pieces of NS_CHUNK bytes on a Latin-square schedule,
 * schedule.c), before the combine so they overlap; the combine tells each
 * process how many messages to expect; then, in this order (seed 000):
 *   1. all get requests are served (sources read after all computation),
 *   2. puts are written, in source-rank order, then issue order, and BSMP
 *      messages are queued for the next superstep in the same order,
 *   3. get replies are written.
 * Messages of consecutive supersteps are told apart by tag parity: a
 * process can be at most one superstep ahead of any other.
 */
#include <limits.h>
#include <stdio.h>
#include "internal.h"
#include "node.h"

#define E ns_eng

struct ns_put_fast ns_put_fast = { .slot = -1 };

static int *hist_dest;              /* sorted destinations other than me */
static MPI_Request *reply_reqs;     /* [nprocs], by index in the dirty list */
static MPI_Request *recv_reqs;      /* [nprocs] */
struct span { const char *lo, *hi; };
static struct span *inflight;       /* areas of direct receives in flight */
static int ninflight, capinflight;

void
ns_exchange_init(void)
{
    int p = ns_proc.nprocs;
    E.peer = calloc((size_t)p, sizeof *E.peer);
    ns_put_fast.cur = calloc((size_t)p, sizeof *ns_put_fast.cur);
    E.dirty = ns_xmalloc(sizeof(int) * (size_t)p);
    E.sources = ns_xmalloc(sizeof(int) * (size_t)p);
    hist_dest = ns_xmalloc(sizeof(int) * (size_t)p);
    reply_reqs = ns_xmalloc(sizeof(MPI_Request) * (size_t)p);
    recv_reqs = ns_xmalloc(sizeof(MPI_Request) * (size_t)p);
    if (!E.peer || !ns_put_fast.cur)
        ns_fatal(&E.site, "out of memory for %d processes", p);
    ns_put_fast.npeers = (unsigned)p;
    E.ndirty = E.nsources = E.nhp = 0;
    E.tagsize = E.tagsize_next = 0;
    ns_sched_init(&E.site);
}

void
ns_exchange_stop(void)
{
    for (int i = 0; i < ns_proc.nprocs; i++) {
        struct ns_peer *pe = &E.peer[i];
        ns_peer_own_in(pe);
        ns_buf_free(&pe->out);
        ns_buf_free(&pe->in);
        ns_buf_free(&pe->reply_out);
        ns_buf_free(&pe->reply_in);
        free(pe->gets);
    }
    free(E.peer);
    free(ns_put_fast.cur);
    ns_put_fast.cur = NULL;
    ns_put_fast.npeers = 0;
    free(E.dirty);
    free(E.sources);
    free(E.hp);
    ns_reqs_free(&E.sends);
    ns_reqs_free(&E.hp_recvs);
    ns_reqs_free(&E.ssends);
    ns_reqs_free(&E.chunk_recvs);
    ns_buf_free(&E.bulk);
    free(inflight);
    inflight = NULL;
    ninflight = capinflight = 0;
    ns_sched_stop();
    free(E.queue);
    free(hist_dest);
    free(reply_reqs);
    free(recv_reqs);
    E.peer = NULL;
    E.queue = NULL;
    E.hp = NULL;
    E.qlen = E.qhead = E.qcap = 0;
}

/* ---- during the superstep ---- */

/* memcpy with the common word sizes unrolled by the compiler. */
static inline void
copy_bytes(void *dst, const void *src, size_t n)
{
    switch (n) {
    case 4: memcpy(dst, src, 4); break;
    case 8: memcpy(dst, src, 8); break;
    case 16: memcpy(dst, src, 16); break;
    default: memcpy(dst, src, n);
    }
}

/* A request that memory ran out for (NS_NOMEM): what it was, to whom,
 * its bytes, and the buffer it did not fit in, for ns_out_of_memory. */
static struct {
    const char *buffer;         /* which buffer */
    int dest;
    size_t nbytes, held, asked;
} nomem;

static int
note_nomem(const char *buffer, int dest, size_t nbytes, size_t held, size_t asked)
{
    nomem.buffer = buffer;
    nomem.dest = dest;
    nomem.nbytes = nbytes;
    nomem.held = held;
    nomem.asked = asked;
    return NS_NOMEM;
}

/* Grows b to hold n more bytes, or notes what ran out of memory (b as it
 * was) and returns 0. */
static int __attribute__((noinline))
grow_or_note(struct ns_buf *b, size_t n, const char *buffer, int dest, size_t nbytes)
{
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len < n)
        cap = cap <= SIZE_MAX / 2 ? 2 * cap : b->len + n;
    void *p = cap >= b->len + n ? realloc(b->data, cap) : NULL;
    if (!p) {
        note_nomem(buffer, dest, nbytes, b->len, cap);
        return 0;
    }
    b->data = p;
    b->cap = cap;
    return 1;
}

/* Room for n more bytes in b, a buffer of this superstep's requests, or 0
 * when memory ran out (the caller returns NS_NOMEM; the library reports it
 * with the call's site).  Only the buffers' growth can fail: appends within
 * the room need no check. */
static inline int
room(struct ns_buf *b, size_t n, const char *buffer, int dest, size_t nbytes)
{
    if (__builtin_expect(b->cap - b->len >= n && b->data != NULL, 1))
        return 1;
    return grow_or_note(b, n, buffer, dest, nbytes);
}

/* The peer's request buffer, ready for the engine to append a record of
 * at most need bytes to (and a NOP before it): begun in this superstep,
 * with what one-word puts appended through its cursor folded in (the
 * cursor stays closed until put_general opens it again).  NULL when memory
 * ran out for it (nbytes: the call's, for the message). */
static inline struct ns_peer *
to_peer(int pid, size_t need, size_t nbytes)
{
    struct ns_peer *pe = &E.peer[pid];
    if (!pe->dirty) {
        pe->out.len = 0;
        if (!room(&pe->out, sizeof(struct msg_head) + 4 + need, "request", pid, nbytes))
            return NULL;
        pe->dirty = 1;
        E.dirty[E.ndirty++] = pid;
        struct msg_head *h = ns_buf_append(&pe->out, sizeof *h);
        *h = (struct msg_head){ 0 };
    } else {
        ns_put_cursor_close(pid, &pe->out);
        if (!room(&pe->out, 4 + need, "request", pid, nbytes))
            return NULL;
    }
    return pe;
}

/* Closes every cursor, so that the sync reads whole request buffers. */
void
ns_exchange_close_cursors(void)
{
    for (int i = 0; i < E.ndirty; i++)
        ns_put_cursor_close(E.dirty[i], &E.peer[E.dirty[i]].out);
}

/* A general header starts 8-byte aligned: after a compact put that left
 * the buffer 4 bytes off, a 4-byte NOP record pads. */
static inline void
align8(struct ns_peer *pe)
{
    if (pe->out.len & 4)
        *(uint32_t *)ns_buf_append(&pe->out, 4) = (uint32_t)NS_REC_NOP << 28;
}

static inline struct ns_rec *
add_rec(struct ns_peer *pe, int kind, int slot, size_t offset, size_t nbytes, size_t data)
{
    align8(pe);
    struct ns_rec *r = ns_buf_append(&pe->out, sizeof *r + data);
    r->kind_slot = ((uint32_t)kind << 28) | (uint32_t)slot;
    r->nbytes = (uint32_t)nbytes;
    r->offset = offset;
    return r;
}

static int hpput(int pid, const void *src, int slot, size_t offset, size_t nbytes);
static int add_hpfix(struct ns_hpfix f);

/* A large bsp_put: the source copied now (BSPlib semantics).  To a
 * process of my node's segment, into my mailbox, where the destination
 * copies it from when it applies the record (a MPUT record, mailbox.c);
 * else into the bulk store, from which it leaves at the sync as a message
 * of its own, received in place (a HPPUT record). */
static int
bulk_put(int pid, const void *src, int slot, size_t offset, size_t nbytes)
{
    uint64_t at;
    struct ns_peer *pe = to_peer(pid, sizeof(struct ns_rec) + sizeof at, nbytes);
    if (!pe)
        return NS_NOMEM;
    char *box = ns_mailbox_reserve(E.superstep, pid, nbytes, &at);
    if (box) {
        struct ns_rec *r = add_rec(pe, NS_REC_MPUT, slot, offset, nbytes, sizeof at);
        memcpy(r + 1, &at, sizeof at);
        memcpy(box, src, nbytes);
        return 0;
    }
    if (!room(&E.bulk, NS_PAD8(nbytes), "large-put", pid, nbytes))
        return NS_NOMEM;
    add_rec(pe, NS_REC_HPPUT, slot, offset, nbytes, 0);
    size_t copy = E.bulk.len;
    memcpy(ns_buf_append(&E.bulk, NS_PAD8(nbytes)), src, nbytes);
    return add_hpfix((struct ns_hpfix){ (size_t)pid, NS_HP_SEND_DIRECT, NULL, nbytes, copy });
}

/* The slot of a registered area, if offset + nbytes fits some process's. */
static inline int
area_slot(const void *area, size_t offset, size_t nbytes)
{
    size_t max;
    int slot = ns_reg_find(area, &max);
    return (slot >= 0 && offset + nbytes <= max && offset + nbytes >= offset) ? slot : -1;
}

/* Every put that ns_put's fast path does not take. */
static int
put_record(int pid, const void *src, const void *area, size_t offset, size_t nbytes, int hp)
{
    int slot = area_slot(area, offset, nbytes);
    if (__builtin_expect(slot < 0, 0))
        return -1;
    if (hp)
        return hpput(pid, src, slot, offset, nbytes);
    if (nbytes >= NS_PUT_DIRECT && pid != ns_proc.pid && nbytes <= INT_MAX && !ns_proc.sync_mode)
        return bulk_put(pid, src, slot, offset, nbytes);
    struct ns_peer *pe = to_peer(pid, sizeof(struct ns_rec) + NS_PAD8(nbytes), nbytes);
    if (__builtin_expect(!pe, 0))
        return NS_NOMEM;
    if (nbytes - 1 < NS_CPUT_MAX_BYTES && slot <= NS_CPUT_MAX_SLOT) {
        unsigned shift = ns_cput_shift[nbytes];
        size_t units = offset >> shift;
        if ((units << shift) == offset && units <= NS_CPUT_MAX_UNITS) {
            uint32_t *w = ns_buf_append(&pe->out, 4 + NS_PAD4(nbytes));
            *w = ns_cput_head(slot, offset, nbytes);
            copy_bytes(w + 1, src, nbytes);
            return 0;
        }
    }
    if (nbytes <= NS_SPUT_MAX_BYTES && slot <= NS_SPUT_MAX_SLOT && offset <= UINT32_MAX) {
        align8(pe);
        struct ns_srec *r = ns_buf_append(&pe->out, sizeof *r + NS_PAD8(nbytes));
        r->kind_len_slot = ((uint32_t)NS_REC_SPUT << 28) | ((uint32_t)nbytes << 20)
                         | (uint32_t)slot;
        r->offset = (uint32_t)offset;
        copy_bytes(r + 1, src, nbytes);
        return 0;
    }
    struct ns_rec *r = add_rec(pe, NS_REC_PUT, slot, offset, nbytes, NS_PAD8(nbytes));
    copy_bytes(r + 1, src, nbytes);
    return 0;
}

/* put_record, then the peer's cursor opened for the one-word puts that
 * follow (every put that put_record takes has begun the peer's buffer). */
static int __attribute__((noinline))
put_general(int pid, const void *src, const void *area, size_t offset, size_t nbytes, int hp)
{
    int r = put_record(pid, src, area, offset, nbytes, hp);
    if (r != 0)
        return r;
    ns_put_cursor_open(pid, &E.peer[pid].out);
    return 0;
}

/* The fine-grained case inline (ns_put_word.h), then everything else. */
int
ns_put(int pid, const void *src, const void *area, size_t offset, size_t nbytes, int hp)
{
    if (!hp && ns_put_word(pid, src, area, offset, nbytes) == 0)
        return 0;
    return put_general(pid, src, area, offset, nbytes, hp);
}

static int
add_hpfix(struct ns_hpfix f)
{
    if (E.nhp == E.caphp) {
        int cap = E.caphp ? 2 * E.caphp : 64;
        void *hp = realloc(E.hp, sizeof *E.hp * (size_t)cap);
        if (!hp)
            return note_nomem("hpput-list", (int)f.dest, f.n, sizeof *E.hp * (size_t)E.nhp,
                              sizeof *E.hp * (size_t)cap);
        E.hp = hp;
        E.caphp = cap;
    }
    E.hp[E.nhp++] = f;
    return 0;
}

static int
hpput(int pid, const void *src, int slot, size_t offset, size_t nbytes)
{
    int direct = nbytes >= NS_HPPUT_DIRECT && pid != ns_proc.pid && nbytes <= INT_MAX
                 && !ns_proc.sync_mode;
    struct ns_peer *pe = to_peer(pid, sizeof(struct ns_rec) + (direct ? 0 : NS_PAD8(nbytes)),
                                 nbytes);
    if (!pe)
        return NS_NOMEM;
    size_t at;
    if (direct) {
        add_rec(pe, NS_REC_HPPUT, slot, offset, nbytes, 0);
        at = NS_HP_SEND_DIRECT;
    } else {
        add_rec(pe, NS_REC_PUT, slot, offset, nbytes, NS_PAD8(nbytes));
        at = pe->out.len - NS_PAD8(nbytes);
    }
    return add_hpfix((struct ns_hpfix){ (size_t)pid, at, src, nbytes, 0 });
}

int
ns_get(int pid, const void *area, size_t offset, void *dst, size_t nbytes)
{
    int slot = area_slot(area, offset, nbytes);
    if (__builtin_expect(slot < 0, 0))
        return -1;
    struct ns_peer *pe = to_peer(pid, sizeof(struct ns_rec), nbytes);
    if (!pe)
        return NS_NOMEM;
    if (pe->ngets == pe->capgets) {
        int cap = pe->capgets ? 2 * pe->capgets : 16;
        void *gets = realloc(pe->gets, sizeof *pe->gets * (size_t)cap);
        if (!gets)
            return note_nomem("get-list", pid, nbytes, sizeof *pe->gets * (size_t)pe->ngets,
                              sizeof *pe->gets * (size_t)cap);
        pe->gets = gets;
        pe->capgets = cap;
    }
    add_rec(pe, NS_REC_GET, slot, offset, nbytes, 0);
    pe->gets[pe->ngets++] = (struct ns_getwait){ dst, nbytes };
    pe->get_bytes += nbytes;
    if (pe->get_bytes > INT_MAX)
        ns_fatal(NS_SITE("bsp_get", NULL, 0), "more than %d bytes of gets from process %d in "
                 "one superstep; split them over several supersteps", INT_MAX, pid);
    return 0;
}

int
ns_send(int pid, const void *tag, size_t tag_nbytes, const void *payload, size_t nbytes)
{
    size_t data = NS_PAD8(tag_nbytes) + NS_PAD8(nbytes);
    struct ns_peer *pe = to_peer(pid, sizeof(struct ns_rec) + data, nbytes);
    if (!pe)
        return NS_NOMEM;
    struct ns_rec *r = add_rec(pe, NS_REC_SEND, 0, tag_nbytes, nbytes, data);
    if (tag_nbytes)
        memcpy(r + 1, tag, tag_nbytes);
    if (nbytes)
        memcpy((char *)(r + 1) + NS_PAD8(tag_nbytes), payload, nbytes);
    return 0;
}

/* The human size of n bytes, for messages. */
static const char *
human(char *buf, size_t size, size_t n)
{
    if (n >= 1024 * 1024 * 1024)
        snprintf(buf, size, "%.1f GiB", n / (1024.0 * 1024 * 1024));
    else if (n >= 1024 * 1024)
        snprintf(buf, size, "%.1f MiB", n / (1024.0 * 1024));
    else
        snprintf(buf, size, "%.1f KiB", n / 1024.0);
    return buf;
}

void
ns_out_of_memory(const struct ns_site *site)
{
    char asked[32], held[32];
    const char *call = site && site->call ? site->call : "the call";
    const char *what = !strcmp(nomem.buffer, "large-put")
        ? "the copies of this superstep's large bsp_puts (their sources, taken at the call)"
        : !strcmp(nomem.buffer, "hpput-list") ? "the list of this superstep's bsp_hpputs"
        : !strcmp(nomem.buffer, "get-list") ? "the list of this superstep's gets"
        : "the requests of this superstep to that process (puts, gets and messages)";
    int get = !strcmp(nomem.buffer, "get-list") || (site && site->call
                                                     && strstr(site->call, "get"));
    ns_fatal(site, "out of memory: %s of %zu bytes %s process %d needs room for %zu bytes (%s) "
             "in %s, which holds %zu bytes (%s); the library buffers every put, get and send "
             "until the next bsp_sync: move less data per superstep (split it over several "
             "supersteps) or give each process more memory", call, nomem.nbytes,
             get ? "from" : "to", nomem.dest, nomem.asked, human(asked, sizeof asked, nomem.asked),
             what, nomem.held, human(held, sizeof held, nomem.held));
}

/* ---- at the sync ---- */

static int
cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static inline int data_tag(void) { return (E.superstep & 1) ? NS_TAG_DATA1 : NS_TAG_DATA0; }
static inline int reply_tag(void) { return (E.superstep & 1) ? NS_TAG_REPLY1 : NS_TAG_REPLY0; }
static inline int hpput_tag(void) { return (E.superstep & 1) ? NS_TAG_HPPUT1 : NS_TAG_HPPUT0; }

static inline int chunk_tag(void) { return (E.superstep & 1) ? NS_TAG_CHUNK1 : NS_TAG_CHUNK0; }

/* Copies the sources of the buffered bsp_hpputs into the request buffers;
 * leaves in E.hp, in issue order, those that go straight to their
 * destination (barrier mode only: ns_exchange_send sends them). */
void
ns_exchange_fix_hpputs(void)
{
    int ndirect = 0;
    for (int i = 0; i < E.nhp; i++) {
        const struct ns_hpfix *f = &E.hp[i];
        if (f->at == NS_HP_SEND_DIRECT)
            E.hp[ndirect++] = *f;
        else
            memcpy(E.peer[f->dest].out.data + f->at, f->src, f->n);
    }
    E.nhp = ndirect;
}

void
ns_exchange_seal(int d)
{
    struct ns_peer *pe = &E.peer[d];
    struct msg_head *h = (struct msg_head *)pe->out.data;
    h->ngets = (uint32_t)pe->ngets;
    h->stamp = (uint32_t)E.superstep;
    h->len = (uint32_t)pe->out.len;
    h->chunk = (uint32_t)E.chunk;
    if (pe->out.len > INT_MAX && d != ns_proc.pid)
        ns_fatal(&E.site, "more than %d bytes of requests to process %d in one superstep; "
                 "split the communication over several supersteps", INT_MAX, d);
}

/* Sends the request messages, then the direct bsp_hpput data, on the
 * Latin-square schedule (schedule.c); returns the sorted list of
 * destinations for the N_DAMsgs histogram (one request message per
 * destination: its further pieces are not counted, the receiver learns
 * them from the first).  With ssend (the NBX protocol) first pieces go out
 * as synchronous sends whose requests are added there, apart from E.sends:
 * their completion says that the destination has taken them. */
int
ns_exchange_send(const int **dests, struct ns_reqs *ssend)
{
    int n = 0;
    ns_exchange_fix_hpputs();
    ns_mailbox_begin();
    for (int i = 0; i < E.ndirty; i++) {
        int d = E.dirty[i];
        struct ns_peer *pe = &E.peer[d];
        ns_exchange_seal(d);
        if (d == ns_proc.pid)
            continue;
        hist_dest[n++] = d;
        if (!ns_mailbox_post(NS_MAIL_BSP, E.superstep, d, pe->out.data, pe->out.len))
            ns_sched_add(d, pe->out.data, pe->out.len, data_tag(), chunk_tag(), ssend != NULL);
    }
    for (int i = 0; i < E.nhp; i++) {
        const struct ns_hpfix *f = &E.hp[i];
        ns_sched_add((int)f->dest, f->src ? f->src : E.bulk.data + f->copy, f->n, hpput_tag(),
                     hpput_tag(), 0);
    }
    E.nhp = 0;
    ns_sched_post(ssend);
    ns_sort(hist_dest, (size_t)n, sizeof(int), cmp_int);
    *dests = hist_dest;
    return n;
}

/* The rest of a request message from src whose first piece is in: when
 * its head says it is longer, receives its further pieces. */
static void
take_rest(int src)
{
    struct ns_buf *in = &E.peer[src].in;
    const struct msg_head *h = (const void *)in->data;
    size_t first = in->len;
    if (h->len <= first)
        return;
    size_t chunk = h->chunk;
    ns_buf_append(in, h->len - first);
    ns_sched_receive(in->data, first, in->len, chunk, src, chunk_tag(), &E.chunk_recvs);
}

static void
take_message(int src, MPI_Message *msg, int count, MPI_Request *req)
{
    struct ns_peer *pe = &E.peer[src];
    ns_peer_own_in(pe);
    pe->in.len = 0;
    void *p = ns_buf_append(&pe->in, (size_t)count);
    MPI_Imrecv(p, count, MPI_BYTE, msg, req);
    E.sources[E.nsources++] = src;
    if (E.chunk && (size_t)count == E.chunk) {    /* likely chunked: its rest now */
        ns_wait(req);
        take_rest(src);
    }
}

/* Receiving the request messages addressed to this process: begin, take
 * messages as they arrive (poll), end. */
static int got;

void
ns_exchange_receive_begin(void)
{
    struct ns_peer *self = &E.peer[ns_proc.pid];
    got = 0;
    E.nsources = 0;
    if (self->dirty) {          /* my requests to myself: swap, no copy */
        ns_peer_own_in(self);
        struct ns_buf t = self->in; self->in = self->out; self->out = t;
        E.sources[E.nsources++] = ns_proc.pid;
    }
}

/* One probe: takes a request message of this superstep if one has arrived
 * (its receive is started); returns whether it did. */
int
ns_exchange_poll(void)
{
    int flag = 0, count;
    MPI_Message msg;
    MPI_Status st;
    MPI_Improbe(MPI_ANY_SOURCE, data_tag(), E.comm, &flag, &msg, &st);
    if (!flag)
        return 0;
    MPI_Get_count(&st, MPI_BYTE, &count);
    take_message(st.MPI_SOURCE, &msg, count, &recv_reqs[got++]);
    return 1;
}

/* Receives the nrecv request messages addressed to this process. */
void
ns_exchange_receive(int nrecv)
{
    ns_exchange_receive_begin();
    int shm = ns_mailbox_take();
    struct ns_backoff b = { 0 };
    while (got + shm < nrecv) {
        if (!ns_exchange_poll()) {
            ns_backoff_idle(&b);
            continue;
        }
        ns_backoff_done(&b);           /* messages flow: spin again */
    }
    ns_exchange_receive_end();
}

/* The messages taken are in; posts receives for the replies to my gets. */
void
ns_exchange_receive_end(void)
{
    ns_wait_all(got, recv_reqs);
    ns_sort(E.sources, (size_t)E.nsources, sizeof(int), cmp_int);
    for (int i = 0; i < E.nsources; i++)     /* chunked with another size: its rest */
        if (E.sources[i] != ns_proc.pid)
            take_rest(E.sources[i]);
    ns_reqs_wait(&E.chunk_recvs);

    for (int i = 0; i < E.ndirty; i++) {
        struct ns_peer *pe = &E.peer[E.dirty[i]];
        if (E.dirty[i] == ns_proc.pid || pe->get_bytes == 0)
            continue;
        pe->reply_in.len = 0;
        void *p = ns_buf_append(&pe->reply_in, pe->get_bytes);
        MPI_Irecv(p, (int)pe->get_bytes, MPI_BYTE, E.dirty[i], reply_tag(), E.comm,
                  &reply_reqs[i]);
    }
}

static void __attribute__((noreturn))
bad_access(const char *call, int src, int slot, uint64_t offset, uint64_t nbytes)
{
    const struct ns_site *site = NS_SITE(call, NULL, 0);
    const struct ns_regstate *R = &E.reg;
    const char *what = !strncmp(call, "bsp_get", 7) ? "reads" : "writes";
    if (slot >= R->nslot || !R->slot[slot].in_use || !R->slot[slot].addr)
        ns_fatal(site, "a request from process %d %s registration slot %d, which process %d "
                 "registered as NULL (unregistered); register a real area on every process "
                 "that is accessed", src, what, slot, ns_proc.pid);
    ns_fatal(site, "a request from process %d %s bytes [%llu, %llu) of an area that process %d "
             "registered with only %zu bytes; keep offset + nbytes within the size registered "
             "on the remote process", src, what, (unsigned long long)offset,
             (unsigned long long)(offset + nbytes), ns_proc.pid, R->slot[slot].size);
}

/* The local address that a request from src refers to, checked against my
 * registration. */
static inline char *
target(const char *call, int src, int slot, uint64_t offset, uint64_t nbytes)
{
    const struct ns_regstate *R = &E.reg;
    if (slot >= R->nslot || !R->slot[slot].addr || offset + nbytes > R->slot[slot].size)
        bad_access(call, src, slot, offset, nbytes);
    return R->slot[slot].addr + offset;
}

/* The areas that direct bsp_hpput receives, still in flight, write
 * (E.hp_recvs): a later write that overlaps one waits for them all, so
 * overlapping writes land in source-rank, then issue, order. */

static void
wait_inflight(const char *t, uint64_t nbytes)
{
    for (int i = 0; i < ninflight; i++)
        if (t < inflight[i].hi && inflight[i].lo < t + nbytes) {
            ns_reqs_wait(&E.hp_recvs);
            ninflight = 0;
            return;
        }
}

static void
add_inflight(const char *t, uint64_t nbytes)
{
    if (ninflight == capinflight) {
        capinflight = capinflight ? 2 * capinflight : 16;
        inflight = ns_xrealloc(inflight, sizeof *inflight * (size_t)capinflight);
    }
    inflight[ninflight++] = (struct span){ t, t + nbytes };
}

/* target() for a put: also counts it for bspx_read. */
static inline char *
put_target(const char *call, int src, int slot, uint64_t offset, uint64_t nbytes)
{
    char *t = target(call, src, slot, offset, nbytes);
    E.reg.slot[slot].nput++;
    if (__builtin_expect(ninflight > 0, 0))
        wait_inflight(t, nbytes);
    return t;
}

#define REC_SLOT(r) ((int)((r)->kind_slot & 0x0fffffffu))
#define SREC_SLOT(s) ((int)((s)->kind_len_slot & NS_SPUT_MAX_SLOT))

/* Writes one record addressed to me, or queues it; returns its size. */
static inline size_t
apply_record(int src, const char *p)
{
    const struct ns_rec *r = (const void *)p;
    const struct ns_srec *s = (const void *)p;
    size_t n;
    uint32_t w;
    switch (NS_REC_KIND(p)) {
    case NS_REC_CPUT:
        w = *(const uint32_t *)p;
        n = NS_CPUT_BYTES(w);
        copy_bytes(put_target("bsp_put/bsp_hpput", src, NS_CPUT_SLOT(w), NS_CPUT_OFFSET(w), n),
                   p + 4, n);
        return 4 + NS_PAD4(n);
    case NS_REC_NOP:
        return 4;
    case NS_REC_SPUT:
        n = NS_SREC_BYTES(s);
        copy_bytes(put_target("bsp_put/bsp_hpput", src, SREC_SLOT(s), s->offset, n), s + 1, n);
        return sizeof *s + NS_PAD8(n);
    case NS_REC_PUT:
        copy_bytes(put_target("bsp_put/bsp_hpput", src, REC_SLOT(r), r->offset, r->nbytes),
                   r + 1, r->nbytes);
        return sizeof *r + NS_PAD8(r->nbytes);
    case NS_REC_SEND:
        ns_queue_add(r + 1, (const char *)(r + 1) + NS_PAD8(r->offset), r->nbytes);
        return sizeof *r + NS_PAD8(r->offset) + NS_PAD8(r->nbytes);
    case NS_REC_MPUT: {     /* its data in the sender's mailbox */
        uint64_t at;
        memcpy(&at, r + 1, sizeof at);
        copy_bytes(put_target("bsp_put", src, REC_SLOT(r), r->offset, r->nbytes),
                   ns_mailbox_of(src, E.superstep) + at, r->nbytes);
        return sizeof *r + sizeof at;
    }
    case NS_REC_HPPUT: {    /* unbuffered on destination: lands in place, in pieces */
        char *t = put_target("bsp_hpput", src, REC_SLOT(r), r->offset, r->nbytes);
        ns_sched_receive(t, 0, r->nbytes, ((const struct msg_head *)E.peer[src].in.data)->chunk,
                         src, hpput_tag(), &E.hp_recvs);
        add_inflight(t, r->nbytes);
        return sizeof *r;
    }
    default:
        return sizeof *r;
    }
}

/* The loop of apply_word_run for n = 4 or 8 bytes, a constant once
 * inlined: writes records while they match key (kind, size and slot) and
 * stay within size; returns where it stopped. */
static inline __attribute__((always_inline)) const char *
word_run(const char *p, const char *end, uint32_t key, char *base, size_t size, size_t n)
{
    uint32_t w;
    for (; p < end && ((w = *(const uint32_t *)p) & ~(uint32_t)NS_CPUT_MAX_UNITS) == key;
         p += 4 + n) {
        size_t off = (size_t)(w & NS_CPUT_MAX_UNITS) * n;
        if (off + n > size)
            break;
        memcpy(base + off, p + 4, n);
    }
    return p;
}

/* A run of compact puts of one word size into one registration, the
 * fine-grained h-relation's common case, written with the registration
 * looked up and the puts counted once per run.  Returns where the run
 * ends: p itself when it starts none (apply_record takes that record, and
 * a record out of bounds, which ends a run, gets its message there). */
static inline const char *
apply_word_run(const char *p, const char *end)
{
    struct ns_slot *sl;
    uint32_t w = *(const uint32_t *)p;
    int slot = NS_CPUT_SLOT(w);
    size_t n = NS_CPUT_BYTES(w);
    if (w >> 28 != NS_REC_CPUT || (n != 8 && n != 4) || ninflight > 0 || slot >= E.reg.nslot
        || !(sl = &E.reg.slot[slot])->addr)
        return p;
    const uint32_t key = w & ~(uint32_t)NS_CPUT_MAX_UNITS;
    const char *start = p;
    p = n == 8 ? word_run(p, end, key, sl->addr, sl->size, 8)
               : word_run(p, end, key, sl->addr, sl->size, 4);
    sl->nput += (p - start) / (long)(4 + n);
    return p;
}

/* Writes the records from src between p and end (puts) or queues them. */
static void
apply_records(int src, const char *p, const char *end)
{
    while (p < end) {
        const char *q = apply_word_run(p, end);
        p = q != p ? q : p + apply_record(src, p);
    }
}

/* Reads the sources of the gets among the records between p and end, of
 * superstep stamp, into reply (counting them for bspx_lend). */
static void
serve_records(int src, const char *p, const char *end, struct ns_buf *reply, long stamp)
{
    for (; p < end; p += ns_rec_size(p)) {
        const struct ns_rec *r = (const void *)p;
        if (NS_REC_KIND(p) != NS_REC_GET)
            continue;
        memcpy(ns_buf_append(reply, r->nbytes),
               target("bsp_get/bsp_hpget", src, REC_SLOT(r), r->offset, r->nbytes), r->nbytes);
        ns_lend_count(REC_SLOT(r), stamp, src);
    }
}

/* Step 1: read the sources of all gets addressed to me and send them back. */
void
ns_exchange_serve_gets(void)
{
    for (int i = 0; i < E.nsources; i++) {
        int src = E.sources[i];
        struct ns_peer *pe = &E.peer[src];
        const char *p = pe->in.data, *end = p + pe->in.len;
        if (((const struct msg_head *)p)->ngets == 0)
            continue;
        pe->reply_out.len = 0;
        serve_records(src, p + sizeof(struct msg_head), end, &pe->reply_out, E.superstep);
        if (src == ns_proc.pid) {
            struct ns_buf t = pe->reply_in; pe->reply_in = pe->reply_out; pe->reply_out = t;
        } else {
            MPI_Isend(pe->reply_out.data, (int)pe->reply_out.len, MPI_BYTE, src, reply_tag(),
                      E.comm, ns_reqs_add(&E.sends));
        }
    }
}

/* Step 2: write the puts addressed to me, queue the BSMP messages. */
void
ns_exchange_apply(void)
{
    ns_queue_reset(E.tagsize);
    for (int i = 0; i < E.nsources; i++) {
        int src = E.sources[i];
        const char *p = E.peer[src].in.data, *end = p + E.peer[src].in.len;
        apply_records(src, p + sizeof(struct msg_head), end);
    }
}

/* Step 3: write the get replies, then wait for my sends and reset. */
void
ns_exchange_write_replies(const struct ns_peer *pe)
{
    const char *p = pe->reply_in.data;
    for (int g = 0; g < pe->ngets; g++) {
        memcpy(pe->gets[g].dst, p, pe->gets[g].nbytes);
        p += pe->gets[g].nbytes;
    }
}

void
ns_exchange_finish(void)
{
    ns_reqs_wait(&E.hp_recvs);      /* the puts, then the get replies */
    ninflight = 0;
    for (int i = 0; i < E.ndirty; i++) {
        int d = E.dirty[i];
        struct ns_peer *pe = &E.peer[d];
        if (pe->get_bytes == 0)
            continue;
        if (d != ns_proc.pid)
            ns_wait(&reply_reqs[i]);
        ns_exchange_write_replies(pe);
    }
    ns_reqs_wait(&E.sends);
    ns_exchange_reset_peers();
}

void
ns_exchange_reset_peers(void)
{
    for (int i = 0; i < E.ndirty; i++) {
        struct ns_peer *pe = &E.peer[E.dirty[i]];
        ns_put_fast.cur[E.dirty[i]] = (struct ns_put_cursor){ NULL, NULL };
        pe->dirty = 0;
        pe->ngets = 0;
        pe->get_bytes = 0;
        pe->out.len = 0;
    }
    E.ndirty = 0;
    E.bulk.len = 0;
}

/* ---- one request message at a time: the relaxed modes (sync_relaxed.c) ---- */

long ns_exchange_stamp(const struct ns_buf *msg) { return ((const struct msg_head *)msg->data)->stamp; }

static void __attribute__((noreturn))
stale_put(int src, int slot, long stamp)
{
    ns_fatal(NS_SITE("bsp_put/bsp_hpput", NULL, 0), "a put of superstep %ld from process %d "
             "reached registration slot %d, which process %d had not registered in that "
             "superstep (registered later, or popped before); every process must push and "
             "pop its registrations in the same order", stamp, src, slot, ns_proc.pid);
}

/* The registration a record of superstep `stamp` refers to must still be
 * the one in force then: not popped, not reused since. */
static inline void
check_current(int src, const char *p, long stamp)
{
    const struct ns_regstate *R = &E.reg;
    int kind = NS_REC_KIND(p), slot;
    if (kind == NS_REC_CPUT)
        slot = NS_CPUT_SLOT(*(const uint32_t *)p);
    else if (kind == NS_REC_SPUT)
        slot = SREC_SLOT((const struct ns_srec *)p);
    else if (kind == NS_REC_PUT || kind == NS_REC_GET || kind == NS_REC_HPPUT
             || kind == NS_REC_MPUT)
        slot = REC_SLOT((const struct ns_rec *)p);
    else
        return;
    if (slot < R->nslot && (R->slot[slot].since > stamp
                            || (!R->slot[slot].in_use && R->slot[slot].until <= stamp)))
        stale_put(src, slot, stamp);
}

int
ns_exchange_serve_message(int src, const struct ns_buf *in, struct ns_buf *reply, long stamp)
{
    const char *p = in->data, *end = p + in->len;
    int ngets = (int)((const struct msg_head *)p)->ngets;
    p += sizeof(struct msg_head);
    for (const char *q = p; q < end; q += ns_rec_size(q))
        check_current(src, q, stamp);
    if (ngets) {
        reply->len = 0;
        serve_records(src, p, end, reply, stamp);
    }
    return ngets > 0;
}

void
ns_exchange_write_message(int src, const struct ns_buf *in, long stamp)
{
    ns_order_write(src, in->data + sizeof(struct msg_head), in->data + in->len, stamp);
}

void
ns_exchange_apply_puts(int src, const char *p, const char *end)
{
    apply_records(src, p, end);
}

char *
ns_exchange_put_target(int src, int slot, uint64_t offset, uint64_t nbytes)
{
    return put_target("bsp_put/bsp_hpput", src, slot, offset, nbytes);
}

int
ns_rec_put(const char *p, struct ns_put_view *v)
{
    const struct ns_rec *r = (const void *)p;
    const struct ns_srec *s = (const void *)p;
    uint32_t w;
    switch (NS_REC_KIND(p)) {
    case NS_REC_CPUT:
        w = *(const uint32_t *)p;
        *v = (struct ns_put_view){ NS_CPUT_SLOT(w), NS_CPUT_OFFSET(w), NS_CPUT_BYTES(w), p + 4 };
        return 1;
    case NS_REC_SPUT:
        *v = (struct ns_put_view){ SREC_SLOT(s), s->offset, NS_SREC_BYTES(s),
                                   (const char *)(s + 1) };
        return 1;
    case NS_REC_PUT:
        *v = (struct ns_put_view){ REC_SLOT(r), r->offset, r->nbytes, (const char *)(r + 1) };
        return 1;
    default:                    /* HPPUT: barrier mode only */
        return 0;
    }
}

void
ns_exchange_note_slots(const struct ns_buf *out, struct ns_buf *slots)
{
    const char *p = out->data, *end = p + out->len;
    for (p += sizeof(struct msg_head); p < end; p += ns_rec_size(p)) {
        int kind = NS_REC_KIND(p), slot;
        if (kind == NS_REC_CPUT)
            slot = NS_CPUT_SLOT(*(const uint32_t *)p);
        else if (kind == NS_REC_SPUT)
            slot = SREC_SLOT((const struct ns_srec *)p);
        else if (kind == NS_REC_PUT || kind == NS_REC_HPPUT || kind == NS_REC_MPUT)
            slot = REC_SLOT((const struct ns_rec *)p);
        else if (kind == NS_REC_GET)
            slot = -1 - REC_SLOT((const struct ns_rec *)p);
        else
            continue;
        memcpy(ns_buf_append(slots, sizeof slot), &slot, sizeof slot);
    }
}
