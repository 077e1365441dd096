/*
 * mailbox.c - request messages between processes of one node through the
 * node-local segment (node.c) instead of MPI: at the sync the sender copies
 * its message for a process of its segment into its own mailbox and notes
 * where in the receiver's row of the table; the receiver, once the combine
 * has told it how many messages come, finds those through the table and
 * receives only the rest through MPI.  No MPI call, no matching, and the
 * combine already orders the writes before the reads.  The receiver reads
 * a message in place (its E.peer[].in views the mailbox): it applies the
 * records at the sync, and bsp_move reads queued BSMP payloads from there
 * during the next superstep, all before it arrives at the next combine.
 *
 * NestStep's distributed-array requests and their replies (darequest.c)
 * travel the same way in the root group's steps: a kind of message each
 * (enum ns_mail_kind), stamped with the step.  A request is looked for
 * once the combine has counted it (or earlier, to serve it while the
 * combine waits); a reply, posted after the combine, is waited for on its
 * entry, whose stamp is stored after the message (release, acquire).
 *
 * Layout after the combine's part of the segment: the table, two (by
 * parity of the superstep) rows per kind and receiver of one entry per
 * sender, then two mailboxes (by parity) per sender.  The mailboxes of
 * superstep s + 2 are written only after every process has arrived at the
 * combine of s + 1, that is, after all have taken the messages of s.  An entry is the
 * message's superstep + 1 (the zeroed table holds none), its offset and
 * length in the sender's mailbox.  A message that does not fit the room
 * left in the mailbox goes through MPI as before.
 * A bsp_put of NS_PUT_DIRECT bytes or more to a process of the segment
 * copies its data at the call into the end of the mailbox of its
 * superstep (reserve), which the parity rule above already frees then:
 * the sender has finished the combine of s - 1, so everyone has taken the
 * messages of s - 2.  Its record says where; the destination copies the
 * data out when it applies the record, before it arrives at the combine
 * of s + 1.  One copy each way, no MPI message.  While a superstep holds
 * such room, other kinds of message (NestStep's) stay out of that
 * mailbox: their steps are counted apart.
 * Used in barrier mode under the tree exchange (the combines that run
 * through the segment), for the root group's BSPlib supersteps and
 * NestStep steps (groups below the root do not all sync together).
 */
#include "internal.h"
#include "node.h"

#define MAILBOX_MAX (256 * 1024)            /* bytes per sender and parity */
#define MAILBOX_ALL (64L * 1024 * 1024)     /* at most, over the node's mailboxes */

struct entry { int64_t step; uint32_t off, len; };

static struct mailbox {
    struct entry *table;    /* [2][kinds][nactive receivers][nactive senders] */
    char *data;             /* [nactive senders][2][size] */
    size_t size;            /* bytes of one mailbox */
    size_t used;            /* of mine, in this superstep */
    size_t room;            /* of mine, for messages: below the reserved data */
    long resv_step;         /* the BSPlib superstep whose puts reserved, or -1 */
    int *local;             /* [nprocs]: a pid's index in my segment, or -1 */
} M;

/* At most this share of a mailbox holds reserved put data, so that the
 * sync's messages keep some room. */
#define RESERVE_MAX(size) ((size) / 4 * 3)

static size_t
mailbox_size(int nlocal)
{
    size_t size = (size_t)(MAILBOX_ALL / (2 * (long)nlocal));
    size = size < MAILBOX_MAX ? size : MAILBOX_MAX;
    return size & ~(size_t)4095;
}

size_t
ns_mailbox_table_bytes(int nlocal)
{
    return 2 * (size_t)NS_MAIL_KINDS * (size_t)nlocal * (size_t)nlocal * sizeof(struct entry);
}

size_t
ns_mailbox_data_bytes(int nlocal)
{
    return 2 * (size_t)nlocal * mailbox_size(nlocal);
}

void
ns_mailbox_attach(char *base)
{
    int n = ns_node.nactive;
    M.table = (struct entry *)base;
    M.data = base + ns_mailbox_table_bytes(n);
    M.size = mailbox_size(n);
    M.used = 0;
    M.room = M.size;
    M.resv_step = -1;
    M.local = ns_xmalloc(sizeof(int) * (size_t)ns_node.nprocs);
    for (int i = 0; i < ns_node.nprocs; i++)
        M.local[i] = -1;
    for (int j = 0; j < n; j++)
        M.local[ns_node.active_rank[j]] = j;
}

void
ns_mailbox_detach(void)
{
    free(M.local);
    M = (struct mailbox){ 0 };
}

static int
in_use(void)
{
    return M.table && ns_node.seg && ns_eng.exchange == NS_EXCHANGE_TREE;
}

int
ns_mailbox_reaches(int pid)
{
    return in_use() && M.local[pid] >= 0;
}

static struct entry *
entry(int kind, long step, int receiver, int sender)
{
    size_t n = (size_t)ns_node.nactive;
    return &M.table[(((size_t)(step & 1) * NS_MAIL_KINDS + (size_t)kind) * n + (size_t)receiver)
                    * n + (size_t)sender];
}

void
ns_mailbox_begin(void)
{
    M.used = 0;
}

static char *
box_of(int lrank, long step)
{
    return M.data + ((size_t)lrank * 2 + (size_t)(step & 1)) * M.size;
}

/* The room for messages of this kind and step: below the data reserved
 * for the puts of the superstep; none for other kinds while a reservation
 * of the last two supersteps may still be read. */
static size_t
room(int kind, long step)
{
    if (M.resv_step < 0)
        return M.size;
    if (kind != NS_MAIL_BSP)
        return ns_eng.superstep <= M.resv_step + 1 ? 0 : M.size;
    return step == M.resv_step ? M.room : M.size;
}

char *
ns_mailbox_reserve(long step, int dest, size_t len, uint64_t *off)
{
    if (!in_use() || M.local[dest] < 0)
        return NULL;
    if (M.resv_step != step) {
        M.resv_step = step;
        M.room = M.size;
    }
    size_t need = (len + 63) & ~(size_t)63;
    if (need > M.room || M.size - (M.room - need) > RESERVE_MAX(M.size))
        return NULL;
    M.room -= need;
    *off = M.room;
    return box_of(ns_node.lrank, step) + M.room;
}

const char *
ns_mailbox_of(int src, long step)
{
    return box_of(M.local[src], step);
}

int
ns_mailbox_post(int kind, long step, int dest, const void *msg, size_t len)
{
    size_t r = in_use() ? room(kind, step) : 0;
    if (!r || M.local[dest] < 0 || M.used > r || len > r - M.used)
        return 0;
    char *box = box_of(ns_node.lrank, step);
    memcpy(box + M.used, msg, len);
    struct entry *e = entry(kind, step, M.local[dest], ns_node.lrank);
    e->off = (uint32_t)M.used;
    e->len = (uint32_t)len;
    __atomic_store_n(&e->step, step + 1, __ATOMIC_RELEASE);    /* after the message */
    M.used += (len + 63) & ~(size_t)63;         /* the next one on its own line */
    if (M.used > M.size)
        M.used = M.size;
    return 1;
}

const char *
ns_mailbox_peek(int kind, long step, int src, size_t *len)
{
    int s = M.local[src];
    const struct entry *e = entry(kind, step, ns_node.lrank, s);
    if (__atomic_load_n(&e->step, __ATOMIC_ACQUIRE) != step + 1)
        return NULL;
    *len = e->len;
    return box_of(s, step) + e->off;
}

int
ns_mailbox_take(void)
{
    if (!in_use())
        return 0;
    long step = ns_eng.superstep;
    int n = 0;
    for (int s = 0; s < ns_node.nactive; s++) {
        int src = ns_node.active_rank[s];
        size_t len;
        const char *msg;
        if (s == ns_node.lrank || !(msg = ns_mailbox_peek(NS_MAIL_BSP, step, src, &len)))
            continue;
        ns_peer_view_in(&ns_eng.peer[src], msg, len);
        ns_eng.sources[ns_eng.nsources++] = src;
        n++;
    }
    ns_node.mailed += n;
    return n;
}
