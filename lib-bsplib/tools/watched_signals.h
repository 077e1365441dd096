/*
 * watched_signals.h - what bsprun-launch and bsprun-watch share: both
 * block the signals they pass on to their child, and SIGCHLD, before they
 * fork, and take them one by one with sigwaitinfo.
 */
#ifndef WATCHED_SIGNALS_H
#define WATCHED_SIGNALS_H
#include <signal.h>
#include <stddef.h>

/* Blocks sigs[0..n-1] and SIGCHLD: *watched gets that set, *old_mask the
 * mask before (the child restores it). */
static inline void
block_watched_signals(const int *sigs, size_t n, sigset_t *watched, sigset_t *old_mask)
{
    sigemptyset(watched);
    for (size_t i = 0; i < n; i++)
        sigaddset(watched, sigs[i]);
    sigaddset(watched, SIGCHLD);
    sigprocmask(SIG_BLOCK, watched, old_mask);
}
#endif /* WATCHED_SIGNALS_H */
