#!/bin/sh
# bsprun (also installed as nsrun) - start a BSPlib or NestStep-C program
# on N MPI processes.
# Usage: bsprun [-np N | -n N] [OPTION...] [--] prog [args...]   (N defaults to 1)
#   -hosts LIST        run on these hosts (host[:slots],...), passed to mpiexec
#   -f FILE            run on the hosts of FILE (one host[:slots] a line), passed to mpiexec
#   --sync=MODE        barrier (default), relaxed, relaxed-eager or relaxed-check:
#                      superstep synchronization of BSPlib programs (sets NS_SYNC)
#   --exchange=PROTO   tree (default), direct or nbx: the count exchange of
#                      barrier-mode syncs (sets NS_EXCHANGE)
#   --profile[=DIR]    trace every superstep into DIR (default ./profile) for
#                      bspprof (sets NS_PROFILE)
#   --max-procs=M      allow up to M processes on this machine (default: 64 per
#                      CPU, fewer if memory is short; also BSPRUN_MAX_PROCS)
#   --simulate[=PLAT]  run a program built with --simulate on a simulated machine
#                      under SimGrid's smpirun: PLAT is a platform file or the name
#                      of a shipped one (default small-cluster; docs/simulate.md)
#   --cfg=KEY:VALUE    with --simulate: a SimGrid setting, passed to smpirun
# Engine knobs pass through the environment (see bsprun(1)): NS_TREE_ARITY,
# NS_DIRECT_MAX, NS_SPIN_POLLS, NS_WAIT_POLICY, NS_WAIT_SLEEP_AFTER,
# NS_WAIT_NAP_MAX, NS_CHECK_SITES, NS_SYNC, NS_EXCHANGE, NS_CHUNK, NS_PROFILE.
me=$(basename "$0")
usage="usage: $me [-np N] [-hosts LIST | -f FILE] [--sync=MODE] [--exchange=PROTO] [--profile[=DIR]] [--max-procs=M] [--simulate[=PLATFORM] [--cfg=KEY:VALUE]...] prog [args...]"
np=1 hosts= hostfile= max_procs=${BSPRUN_MAX_PROCS-} simulate= cfgs=
# A decimal count without its leading zeros; '' if not a positive decimal.
count() {
  case "$1" in ''|*[!0-9]*) return ;; esac
  n=${1#"${1%%[!0]*}"}
  echo "${n:-0}"
}
while [ $# -gt 0 ]; do
  case "$1" in
    -np|-n) [ $# -ge 2 ] || { echo "$me: $1 needs a number; $usage" >&2; exit 2; }
            np=$2; shift 2 ;;
    -np=*|-n=*) np=${1#*=}; shift ;;
    --max-procs=*) max_procs=${1#*=}; shift ;;
    --max-procs) [ $# -ge 2 ] || { echo "$me: --max-procs needs a number; $usage" >&2; exit 2; }
            max_procs=$2; shift 2 ;;
    -hosts|-host) [ $# -ge 2 ] && [ -n "$2" ] || { echo "$me: $1 needs a list of hosts (host[:slots],...); $usage" >&2; exit 2; }
            hosts=$2; shift 2 ;;
    -f|-hostfile|-machinefile)
            [ $# -ge 2 ] || { echo "$me: $1 needs a file of hosts; $usage" >&2; exit 2; }
            [ -f "$2" ] && [ -r "$2" ] || { echo "$me: hostfile '$2' is not a readable file" >&2; exit 2; }
            hostfile=$2; shift 2 ;;
    --sync=*) NS_SYNC=${1#*=}; export NS_SYNC; shift ;;
    --profile) NS_PROFILE=profile; export NS_PROFILE; shift ;;
    --profile=*) NS_PROFILE=${1#*=}; export NS_PROFILE; shift
                 [ -n "$NS_PROFILE" ] || { echo "$me: --profile= needs a directory; $usage" >&2; exit 2; } ;;
    --exchange|--exchange=*)
            if [ "$1" = --exchange ]; then
              [ $# -ge 2 ] || { echo "$me: --exchange needs tree, direct or nbx; $usage" >&2; exit 2; }
              NS_EXCHANGE=$2; shift
            else NS_EXCHANGE=${1#*=}; fi
            shift
            case "$NS_EXCHANGE" in tree|direct|nbx) export NS_EXCHANGE ;;
              *) echo "$me: --exchange must be tree, direct or nbx, got '$NS_EXCHANGE'" >&2; exit 2 ;;
            esac ;;
    --simulate) simulate=small-cluster; shift ;;
    --simulate=*) simulate=${1#*=}; shift
            [ -n "$simulate" ] || { echo "$me: --simulate= needs a platform; $usage" >&2; exit 2; } ;;
    --cfg=*) cfgs="$cfgs $1"; shift ;;
    -h|--help) sed -n '2,21s/^# \{0,1\}//p' "$0"; exit 0 ;;
    --) shift; break ;;
    -*) echo "$me: unknown option '$1'; $usage (mpiexec options: see BSPRUN_MPIEXEC in bsprun(1))" >&2
        exit 2 ;;
    *) break ;;
  esac
done
# The process count: decimal digits (leading zeros are fine), 1 to 2^20,
# and on this machine alone no more than it can hold (docs: bsprun(1)).
n=$(count "$np")
case "$n" in ''|0)
  echo "$me: process count must be a positive number, got '$np'" >&2; exit 2 ;; esac
if [ ${#n} -gt 7 ] || [ "$n" -gt 1048576 ]; then
  echo "$me: process count $np is too large; at most 1048576" >&2; exit 2
fi
np=$n
if [ -n "$cfgs" ] && [ -z "$simulate" ]; then
  echo "$me: --cfg is a setting of the simulator; use it with --simulate" >&2; exit 2
fi
if [ -n "$simulate" ]; then
  [ -z "$hosts$hostfile" ] || { echo "$me: --simulate runs on a simulated platform, not on -hosts or -f" >&2; exit 2; }
  max_procs=1048576         # simulated processes: no cap of this machine's
fi
if [ -n "$max_procs" ]; then
  cap=$(count "$max_procs")
  case "$cap" in ''|0)
    echo "$me: the most processes (--max-procs or BSPRUN_MAX_PROCS) must be a positive number, got '$max_procs'" >&2
    exit 2 ;; esac
  [ ${#cap} -le 7 ] || cap=1048576
  why="set by --max-procs or BSPRUN_MAX_PROCS"
elif [ -z "$hosts$hostfile${SLURM_JOB_NODELIST-}" ]; then
  # this machine alone: 64 processes per CPU, and 32 MiB of available memory each
  cpus=$(nproc 2>/dev/null || echo 1)
  mem=$(awk '/^MemAvailable:/ { print int($2 / 32768) }' /proc/meminfo 2>/dev/null)
  cap=$((64 * cpus)) why="64 per CPU on $cpus CPUs"
  if [ -n "$mem" ] && [ "$mem" -lt "$cap" ]; then
    cap=$((mem > 0 ? mem : 1)) why="one per 32 MiB of available memory"
  fi
fi
if [ -n "${cap-}" ] && [ "$np" -gt "$cap" ]; then
  echo "$me: $np processes are more than this machine can hold: at most $cap ($why); for more, set --max-procs=M or BSPRUN_MAX_PROCS=M" >&2
  exit 2
fi
[ $# -ge 1 ] || { echo "$me: no program given; $usage" >&2; exit 2; }

# The program must exist and be executable: checked once here, instead of
# one launcher error per process.
prog=$1
case "$prog" in
  */*) path=$prog ;;
  *) path=
     IFS_SAVE=$IFS; IFS=:
     for dir in $PATH; do
       [ -f "${dir:-.}/$prog" ] && [ -x "${dir:-.}/$prog" ] && { path=${dir:-.}/$prog; break; }
     done
     IFS=$IFS_SAVE
     [ -n "$path" ] || { echo "$me: program '$prog' not found in PATH (for one in the current directory, write ./$prog)" >&2; exit 127; } ;;
esac
if [ ! -e "$path" ]; then
  echo "$me: program '$prog' does not exist" >&2; exit 127
elif [ -d "$path" ]; then
  echo "$me: program '$prog' is a directory, not a program" >&2; exit 126
elif [ ! -x "$path" ]; then
  echo "$me: program '$prog' is not executable (chmod +x '$prog'?)" >&2; exit 126
fi

# --simulate: smpirun with the platform, a host file that takes the
# platform's hosts in order (again from the first when there are more
# processes than hosts), and settings that make the simulated times
# depend on the program and the platform alone: no computation time (the
# simulated processes compute in no time), and each failed MPI_Iprobe or
# MPI_Test of a polling loop costs 1 us (SimGrid's default, 100 us growing
# with each failed poll, would swamp a superstep of microseconds); see
# docs/simulate.md.
if [ -n "$simulate" ]; then
  root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
  if [ -n "${NS_SIMULATE_ROOT-}" ]; then simroot=$NS_SIMULATE_ROOT
  elif [ -d "$root/share/neststep/platforms" ]; then simroot=$root
  else simroot=$root-simulate; fi
  case "$simulate" in
    */*|*.xml) platform=$simulate ;;
    *) platform=$simroot/share/neststep/platforms/$simulate.xml ;;
  esac
  [ -f "$platform" ] || {
    echo "$me: --simulate: no platform '$simulate' ($platform; shipped: $(ls "$simroot/share/neststep/platforms" 2>/dev/null | sed 's/\.xml$//' | tr '\n' ' '))" >&2
    exit 2; }
  command -v "${BSPRUN_SMPIRUN:-smpirun}" >/dev/null 2>&1 || {
    echo "$me: --simulate needs SimGrid's smpirun (make simulate installs it)" >&2; exit 2; }
  hostlist=$(mktemp "${TMPDIR:-/tmp}/bsprun-hosts.XXXXXX") || exit 2
  trap 'rm -f "$hostlist"' EXIT
  # every <host id=...>, and every host of each <cluster prefix radical suffix>
  tr '\n' ' ' < "$platform" | sed 's/<!--[^>]*-->//g; s/</\n</g' | awk -v np="$np" '
    function attr(s, name,   m) {
      if (match(s, " " name "=\"[^\"]*\"")) { m = substr(s, RSTART, RLENGTH); sub(/^[^"]*"/, "", m); sub(/"$/, "", m); return m }
      return "" }
    /^<host / { h[n++] = attr($0, "id") }
    /^<cluster / { pre = attr($0, "prefix"); suf = attr($0, "suffix")
      k = split(attr($0, "radical"), parts, ",")
      for (i = 1; i <= k; i++) {
        if (split(parts[i], r, "-") == 2) for (j = r[1] + 0; j <= r[2] + 0; j++) h[n++] = pre j suf
        else h[n++] = pre parts[i] suf } }
    END { if (n == 0) exit 1; for (i = 0; i < np; i++) print h[i % n] }' > "$hostlist" || {
    echo "$me: --simulate: no hosts in $platform" >&2; exit 2; }
  # shellcheck disable=SC2086
  "${BSPRUN_SMPIRUN:-smpirun}" -np "$np" -platform "$platform" -hostfile "$hostlist" \
    --cfg=smpi/simulate-computation:no --cfg=smpi/iprobe:1e-6 --cfg=smpi/test:1e-6 \
    --cfg=smpi/grow-injected-times:no --cfg=smpi/display-timing:yes \
    --log=root.thres:warning --log=smpi_utils.thres:info $cfgs "$@"
  exit $?
fi

# Each process runs under a watch that names it if it dies of a signal;
# bsprun-launch runs mpiexec and passes signals to bsprun on to it.
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
watch=$root/libexec/neststep/bsprun-watch
launch=$root/libexec/neststep/bsprun-launch
for helper in "$watch" "$launch"; do
  [ -x "$helper" ] || { echo "$me: missing $helper; reinstall NestStep-C" >&2; exit 2; }
done
# One error line per job: the processes' reports share this key.
NS_JOB_KEY=bsprun-$$
# The watch reports a signal in one line; UCX's backtrace would add twenty.
: "${UCX_HANDLE_ERRORS:=none}"
export NS_JOB_KEY UCX_HANDLE_ERRORS
exec "$launch" ${BSPRUN_MPIEXEC:-mpiexec} ${hosts:+-hosts "$hosts"} ${hostfile:+-f "$hostfile"} \
  -n "$np" "$watch" "$@"
