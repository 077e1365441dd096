/*
 * bsmp.c - BSPlib bulk synchronous message passing: bsp_set_tagsize,
 * bsp_send (and bsp_hpsend), bsp_qsize, bsp_get_tag, bsp_move, bsp_hpmove;
 * barrier mode only (each stops the job in a relaxed mode of NS_SYNC).
 */
#include <string.h>
#include "bspi.h"

void
bspi_set_tagsize_at(int *tag_nbytes, const char *file, int line)
{
    const struct ns_site *site = NS_SITE("bsp_set_tagsize", file, line);
    bspi_require_bsmp(site);
    if (!tag_nbytes)
        ns_fatal(site, "the argument is NULL; pass a pointer to the new tag size");
    bspi_check_nonneg(*tag_nbytes, "the tag size", site);
    *tag_nbytes = (int)ns_set_tagsize((size_t)*tag_nbytes);
}

void bsp_set_tagsize(int *tag_nbytes) { bspi_set_tagsize_at(tag_nbytes, NULL, 0); }

void
bspi_send_at(int pid, const void *tag, const void *payload, int payload_nbytes, int hp,
             const char *file, int line)
{
    const struct ns_site *site = NS_SITE(hp ? "bsp_hpsend" : "bsp_send", file, line);
    bspi_require_bsmp(site);
    bspi_check_pid(pid, site);
    bspi_check_nonneg(payload_nbytes, "payload_nbytes", site);
    size_t tagsize = ns_tagsize();
    if (!tag && tagsize > 0)
        ns_fatal(site, "the tag is NULL but the tag size is %zu; pass a tag of that size "
                 "(or set the tag size to 0 with bsp_set_tagsize a superstep earlier)", tagsize);
    if (!payload && payload_nbytes > 0)
        ns_fatal(site, "the payload is NULL but payload_nbytes is %d", payload_nbytes);
    if (ns_send(pid, tag, tagsize, payload, (size_t)payload_nbytes) == NS_NOMEM)
        ns_out_of_memory(site);
}

void
bsp_send(int pid, const void *tag, const void *payload, int payload_nbytes)
{
    bspi_send_at(pid, tag, payload, payload_nbytes, 0, NULL, 0);
}

void
bsp_hpsend(int pid, const void *tag, const void *payload, int payload_nbytes)
{
    bspi_send_at(pid, tag, payload, payload_nbytes, 1, NULL, 0);
}

void
bsp_qsize(int *nmessages, int *accum_nbytes)
{
    const struct ns_site *site = NS_SITE("bsp_qsize", NULL, 0);
    size_t bytes;
    bspi_require_bsmp(site);
    if (!nmessages || !accum_nbytes)
        ns_fatal(site, "an argument is NULL; pass pointers to two ints");
    *nmessages = ns_queue_size(&bytes);
    *accum_nbytes = (int)bytes;
}

long
bspi_peek_tag(void *tag, const struct ns_site *site)
{
    const void *t, *payload;
    long n = ns_queue_peek(&t, &payload);
    if (n < 0)
        return -1;
    size_t tagsize = ns_queue_tagsize();
    if (tagsize > 0 && !tag)
        ns_fatal(site, "the tag buffer is NULL but messages carry %zu-byte tags", tagsize);
    if (tagsize > 0)
        memcpy(tag, t, tagsize);
    return n;
}

long
bspi_take(void *payload, size_t max_nbytes, const struct ns_site *site)
{
    const void *t, *data;
    long n = ns_queue_peek(&t, &data);
    if (n < 0)
        return -1;
    size_t copy = (size_t)n < max_nbytes ? (size_t)n : max_nbytes;
    if (copy > 0 && !payload)
        ns_fatal(site, "the payload buffer is NULL but %zu bytes are to be copied", copy);
    if (copy > 0)
        memcpy(payload, data, copy);
    ns_queue_pop();
    return n;
}

long
bspi_take_pointers(void **tag_ptr, void **payload_ptr, const struct ns_site *site)
{
    const void *t, *data;
    if (!tag_ptr || !payload_ptr)
        ns_fatal(site, "an argument is NULL; pass the addresses of two pointers");
    long n = ns_queue_peek(&t, &data);
    if (n < 0)
        return -1;
    *tag_ptr = (void *)t;
    *payload_ptr = (void *)data;
    ns_queue_pop();
    return n;
}

void
bsp_get_tag(int *status, void *tag)
{
    const struct ns_site *site = NS_SITE("bsp_get_tag", NULL, 0);
    bspi_require_bsmp(site);
    if (!status)
        ns_fatal(site, "status is NULL; pass a pointer to an int");
    *status = (int)bspi_peek_tag(tag, site);
}

void
bsp_move(void *payload, int reception_nbytes)
{
    const struct ns_site *site = NS_SITE("bsp_move", NULL, 0);
    bspi_require_bsmp(site);
    bspi_check_nonneg(reception_nbytes, "reception_nbytes", site);
    if (bspi_take(payload, (size_t)reception_nbytes, site) < 0)
        ns_fatal(site, "the message queue is empty; check bsp_qsize or the status of "
                 "bsp_get_tag (-1 when empty) before moving");
}

int
bsp_hpmove(void **tag_ptr, void **payload_ptr)
{
    const struct ns_site *site = NS_SITE("bsp_hpmove", NULL, 0);
    bspi_require_bsmp(site);
    return (int)bspi_take_pointers(tag_ptr, payload_ptr, site);
}
