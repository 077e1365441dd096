/*
 * bspi.h - what the BSPlib files share: the engine, and argument checks that
 * stop the job with a message naming the call, the process and the fix.
 */
#ifndef NESTSTEP_BSPI_H
#define NESTSTEP_BSPI_H

#define BSP_NO_SITE_MACROS
#include "bsp.h"
#include "engine.h"

/* Slow paths of the checks below: they report and stop the job. */
void bspi_not_running(const struct ns_site *site) __attribute__((noreturn));
void bspi_bad_pid(int pid, const struct ns_site *site) __attribute__((noreturn));
void bspi_negative(int value, const char *what, const struct ns_site *site)
    __attribute__((noreturn));
void bspi_no_bsmp(const struct ns_site *site) __attribute__((noreturn));

/* bsp_end's check of the layer above (bsc/, which installs it when it
 * first queues a request): no request of bsc.h may be left queued. */
extern void (*bspi_end_check)(const struct ns_site *site);

/* The BSMP queue for both APIs (bsmp.c); each returns the first message's
 * payload size, or -1 (doing nothing) when the queue is empty.  Copies the
 * first message's tag to tag: */
long bspi_peek_tag(void *tag, const struct ns_site *site);
/* Copies at most max_nbytes of its payload and removes it: */
long bspi_take(void *payload, size_t max_nbytes, const struct ns_site *site);
/* Points at its tag and payload and removes it: */
long bspi_take_pointers(void **tag_ptr, void **payload_ptr, const struct ns_site *site);

/* The call must come between bsp_begin and bsp_end. */
static inline void
bspi_require_running(const struct ns_site *site)
{
    if (__builtin_expect(!ns_engine_running(), 0))
        bspi_not_running(site);
}

/* A BSMP call: running, and in barrier mode (a queue needs the global
 * message count that the relaxed modes do without). */
static inline void
bspi_require_bsmp(const struct ns_site *site)
{
    bspi_require_running(site);
    if (__builtin_expect(ns_sync_relaxed_mode(), 0))
        bspi_no_bsmp(site);
}

static inline void
bspi_check_pid(int pid, const struct ns_site *site)
{
    if (__builtin_expect((unsigned)pid >= (unsigned)ns_nprocs(), 0))
        bspi_bad_pid(pid, site);
}

static inline void
bspi_check_nonneg(int value, const char *what, const struct ns_site *site)
{
    if (__builtin_expect(value < 0, 0))
        bspi_negative(value, what, site);
}

#endif
