#!/usr/bin/python3
"""fault_job.py - run one job that fails on purpose and check how it ended.

Usage: fault_job.py WORKDIR [--interrupt N [--terminal | --group] [--signal SIG]]
                    [--cleanup] -- COMMAND...

Runs COMMAND (a bsprun/nsrun line) with NS_FAULT_PIDS=WORKDIR/pids, where
each process records its pid (testsuite/faults/Inputs/fault_pids.h), and
TMPDIR=WORKDIR/tmp.  With --interrupt N, sends SIGINT (or SIG: INT, TERM,
HUP, QUIT) to the launcher once N processes have recorded their pids; with
--group, to the launcher's process group instead (the job runs in a
session of its own, as kill -INT -PGID does); with --terminal, the job
runs on a pseudo-terminal (its controlling terminal, also its stdin) and
the script types Ctrl-C on it instead, so that the terminal signals the
whole foreground process group, as for a user.  The job's stdout and stderr pass
through; after it, the checks print to WORKDIR/report, one line each, for
FileCheck:
  recorded N pids
  ended within 60 s, status non-zero
  left: none                  (no process of the job running, 10 s after the
                              launcher returned at the latest; zombies have ended)
  /dev/shm: clean             (no file of the job's left there)
  tmp: clean                  (nothing in TMPDIR; no /tmp entry new since the job
                              started and named after one of its pids: pids are
                              reused, and an older file named after another
                              process with the same pid is not the job's)
  exit status S               (the launcher's; "killed by signal N" if it died of one)
The bound of 60 s is generous: a fault ends the job in under a second on a
quiet machine.  While the job runs the script notes every process below the
launcher (mpiexec's proxy, bsprun's watches, the program), polling every
20 ms, so that the ones that die early are checked too.  --cleanup (for
the test of these checks) kills what is left and removes what is left in
/dev/shm after the report.
"""
import fcntl
import os
import pty
import signal
import subprocess
import sys
import termios
import time

import psutil

BOUND_S = 60
# After the launcher has returned, its processes may take a moment to die
# (MPICH's mpiexec does not wait for them after MPI_Abort).
GRACE_S = 10
# A leftover in /dev/shm that no process holds must stay that long to count
# as this job's (see main).
SETTLE_S = 5


def shm_holders():
    """Paths under /dev/shm that some live process has open or mapped."""
    held = set()
    for proc in psutil.process_iter():
        try:
            for f in proc.open_files():
                held.add(f.path)
            for m in proc.memory_maps(grouped=True):
                held.add(m.path.replace(' (deleted)', ''))
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            pass
    return held


def note_descendants(launcher, seen):
    try:
        for child in launcher.children(recursive=True):
            try:
                seen.setdefault(child.pid, (child.create_time(), ' '.join(child.cmdline()[:2])))
            except (psutil.NoSuchProcess, psutil.ZombieProcess):
                pass
    except psutil.NoSuchProcess:
        pass


def alive(pid, created):
    """The process that had pid and started at `created` still runs.  A
    zombie has ended: it holds only its pid until its parent, or init for
    an orphan (slow in some containers), collects its status."""
    try:
        proc = psutil.Process(pid)
        return abs(proc.create_time() - created) < 0.5 and proc.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def main():
    args = sys.argv[1:]
    work = args.pop(0)
    interrupt, cleanup, terminal, group, signum = 0, False, False, False, signal.SIGINT
    while args[0] != '--':
        if args[0] == '--interrupt':
            interrupt = int(args[1])
            args = args[2:]
        elif args[0] == '--terminal':
            terminal = True
            args = args[1:]
        elif args[0] == '--group':
            group = True
            args = args[1:]
        elif args[0] == '--signal':
            signum = getattr(signal, 'SIG' + args[1])
            args = args[2:]
        elif args[0] == '--cleanup':
            cleanup = True
            args = args[1:]
        else:
            sys.exit('fault_job.py: unknown option ' + args[0])
    assert args.pop(0) == '--'
    pids_dir, tmp_dir = os.path.join(work, 'pids'), os.path.join(work, 'tmp')
    os.makedirs(pids_dir, exist_ok=True)
    os.makedirs(tmp_dir, exist_ok=True)
    shm_before = set(os.listdir('/dev/shm'))
    tmp_before = set(os.listdir('/tmp'))
    # Files that a test makes on purpose carry its run's tag; another run's
    # tagged files (fault tests run side by side) are not this job's.
    tag = 'nsfault-%d-' % os.getpid()
    env = dict(os.environ, NS_FAULT_PIDS=pids_dir, TMPDIR=tmp_dir, NS_FAULT_TAG=tag)

    start = time.monotonic()
    if terminal:
        master, slave = pty.openpty()

        def take_terminal():
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        job = subprocess.Popen(args, env=env, stdin=slave, preexec_fn=take_terminal)
        os.close(slave)
    else:
        job = subprocess.Popen(args, env=env, start_new_session=group)
    launcher = psutil.Process(job.pid)
    seen = {job.pid: (launcher.create_time(), 'launcher')}
    interrupted = False
    while job.poll() is None and time.monotonic() - start < BOUND_S:
        note_descendants(launcher, seen)
        if interrupt and not interrupted and len(
                [n for n in os.listdir(pids_dir) if not n.endswith('.part')]) >= interrupt:
            note_descendants(launcher, seen)
            if terminal:
                os.write(master, termios.tcgetattr(master)[6][termios.VINTR])
            elif group:
                os.killpg(job.pid, signum)
            else:
                job.send_signal(signum)
            interrupted = True
        time.sleep(0.02)
    elapsed = time.monotonic() - start
    timed_out = job.poll() is None
    if timed_out:
        for pid in seen:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        job.wait()

    lines = []
    recorded = {}
    for name in os.listdir(pids_dir):
        if name.endswith('.part'):
            continue
        with open(os.path.join(pids_dir, name)) as f:
            pid, ppid = (int(w) for w in f.read().split())
        recorded[int(name)] = (pid, ppid)
    lines.append('recorded %d pids' % len(recorded))
    if timed_out:
        lines.append('did not end within %d s' % BOUND_S)
    else:
        lines.append('ended within %d s, status %s' % (
            BOUND_S, 'non-zero' if job.returncode != 0 else 'zero'))

    # The recorded pids were seen as the launcher's descendants, or the
    # process died before the first poll; either way they must be gone.
    for rank, (pid, ppid) in recorded.items():
        for p in (pid, ppid):
            if p not in seen:
                try:
                    seen[p] = (psutil.Process(p).create_time(), 'recorded by process %d' % rank)
                except psutil.NoSuchProcess:
                    pass
    def still_running():
        return ['%d (%s)' % (pid, what) for pid, (created, what) in sorted(seen.items())
                if alive(pid, created)]
    launcher_end = time.monotonic()
    left = still_running()
    while left and time.monotonic() - launcher_end < GRACE_S:
        time.sleep(0.01)
        left = still_running()
    straggle = time.monotonic() - launcher_end
    lines.append('left: ' + (', '.join(left) if left else 'none'))

    # A new file that no live process holds is this job's leftover, unless
    # it is another job's: tests run side by side, and a job stopped during
    # MPI_Init leaves MPICH's start-up segment until its launcher removes it
    # a moment later.  So a file counts only if it stays, unheld, for
    # SETTLE_S (this costs time only when such a file is seen).
    new_shm = {n for n in set(os.listdir('/dev/shm')) - shm_before
               if not n.startswith('nsfault-') or n.startswith(tag)}
    settle_end = time.monotonic() + SETTLE_S
    while new_shm:
        held = shm_holders()
        new_shm = {n for n in new_shm
                   if os.path.exists(os.path.join('/dev/shm', n))
                   and os.path.join('/dev/shm', n) not in held}
        if time.monotonic() >= settle_end:
            break
        time.sleep(0.1)
    lines.append('/dev/shm: ' + (' '.join(sorted(new_shm)) if new_shm else 'clean'))

    stray = os.listdir(tmp_dir)
    pids = {str(pid) for pid in seen}
    stray += ['/tmp/' + n for n in set(os.listdir('/tmp')) - tmp_before
              if any(p in n.replace('.', ' ').replace('-', ' ').replace('_', ' ').split()
                     for p in pids)]
    lines.append('tmp: ' + (' '.join(stray) if stray else 'clean'))
    if not timed_out:
        lines.append('exit status %d' % job.returncode if job.returncode >= 0
                     else 'killed by signal %d' % -job.returncode)
    lines.append('took %.2f s; the last process ended %.2f s after the launcher' % (elapsed, straggle))

    with open(os.path.join(work, 'report'), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    if cleanup:
        for pid, (created, _) in seen.items():
            if alive(pid, created):
                os.kill(pid, signal.SIGKILL)
        for name in new_shm:
            os.unlink(os.path.join('/dev/shm', name))
    return 0


if __name__ == '__main__':
    sys.exit(main())
