#!/bin/sh
# enter-host.sh - the "ssh" of the simulated hosts of make check-hosts
# (check-hosts.sh): MPICH's launcher (hydra, mpiexec -launcher ssh
# -launcher-exec THIS) runs it as it would run ssh:
#     enter-host.sh [-x ...] HOST COMMAND WORDS...
# and, like ssh, it runs COMMAND (one shell command line, the words joined
# by spaces, hydra's quoting kept) on HOST: inside the network namespace
# $CHECK_HOSTS_NETNS_PREFIX$HOST made by check-hosts.sh, in a fresh UTS
# namespace named HOST (gethostname() says HOST there).  With
# CHECK_HOSTS_ISOLATE_IPC=1 also in a fresh IPC namespace with its own
# /dev/shm, so that processes on different simulated hosts share neither
# System V IPC nor POSIX shared memory and MPICH (UCX) can only reach the
# other hosts over TCP, as between two machines on Ethernet.  Processes that
# one call starts (one hydra proxy and its MPI processes) share all of
# these: one host, one node.
me=enter-host.sh
while [ $# -gt 0 ]; do
  case "$1" in -*) shift ;; *) break ;; esac      # ssh options from hydra (-x)
done
[ $# -ge 2 ] || { echo "$me: usage: $me [ssh options] HOST COMMAND..." >&2; exit 255; }
host=$1; shift
[ -n "$CHECK_HOSTS_NETNS_PREFIX" ] || { echo "$me: CHECK_HOSTS_NETNS_PREFIX is not set (run through check-hosts.sh)" >&2; exit 255; }
case "$host" in ''|*[!A-Za-z0-9.-]*) echo "$me: bad host name '$host'" >&2; exit 255 ;; esac
netns=$CHECK_HOSTS_NETNS_PREFIX$host
[ -e "/run/netns/$netns" ] || { echo "$me: no simulated host '$host' (network namespace $netns)" >&2; exit 255; }
if [ "$CHECK_HOSTS_ISOLATE_IPC" = 1 ]; then
  exec ip netns exec "$netns" unshare --uts --ipc --mount -- \
    sh -c "hostname '$host' && mount -t tmpfs -o mode=1777 shm /dev/shm && exec $*"
fi
exec ip netns exec "$netns" unshare --uts -- sh -c "hostname '$host' && exec $*"
