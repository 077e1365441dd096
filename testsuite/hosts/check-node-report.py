#!/usr/bin/python3
# check-node-report.py REPORT PLACEMENT NP [KNOB=VALUE...] - checks the
# lines "ns-node: pid P host HOSTNAME node N of M local L of S shm-syncs K
# shm-msgs J"
# (NS_NODE_REPORT=1, one per process) of one job of check-hosts.sh against
# where the placement put each process.  Exit 0 and a one-line summary if
# they agree, else 1 and what is wrong.
#
# Expected, for processes 0..NP-1 placed as MPICH's mpiexec places them
# (the hosts in order, each taking its slots, then again from the first):
# one line per process; HOSTNAME its host; the nodes are the hosts, numbered
# by their lowest process; L the rank among the node's processes in world
# order, S their number; K > 0 and the same for all processes of a node
# with S > 1 (they synchronized through the node-local segment), K = 0 for
# a node of one process and for every node with NS_NODE_LOCAL=mpi; J (request
# messages received through the segment's mailboxes) 0 wherever K is, so
# messages between hosts never take that path.
import re
import socket
import sys

PLACEMENTS = {  # check-hosts.sh's placements: (host, slots) in order
    'local': [(socket.gethostname(), 1)],
    '1host': [('simhost1', 1)],
    '2hosts': [('simhost1', 2), ('simhost2', 2)],
    '3hosts': [('simhost1', 2), ('simhost2', 2), ('simhost3', 2)],
    '3hosts-cyclic': [('simhost1', 1), ('simhost2', 1), ('simhost3', 1)],
    'uneven': [('simhost1', 3), ('simhost2', 3)],
}
LINE = re.compile(r'^ns-node: pid (\d+) host (\S+) node (\d+) of (\d+) local (\d+) of (\d+) '
                  r'shm-syncs (\d+) shm-msgs (\d+)$')


def host_of(placement, rank):
    slots = [h for h, n in placement for _ in range(n)]
    return slots[rank % len(slots)]


def main():
    report, place, np = sys.argv[1], sys.argv[2], int(sys.argv[3])
    knobs = dict(kv.split('=', 1) for kv in sys.argv[4:])
    shm = knobs.get('NS_NODE_LOCAL', 'shm') != 'mpi'
    errors = []
    seen = {}
    with open(report) as f:
        for text in f:
            text = text.rstrip('\n')
            m = LINE.match(text)
            if not m:
                errors.append('malformed line: ' + text)
                continue
            pid, host = int(m.group(1)), m.group(2)
            node, nodes, local, size, k, j = map(int, m.group(3, 4, 5, 6, 7, 8))
            if pid in seen:
                errors.append('two lines for process %d' % pid)
            seen[pid] = (host, node, nodes, local, size, k, j)
    missing = sorted(set(range(np)) - set(seen))
    if missing or len(seen) != np:
        errors.append('lines for processes %s, expected 0..%d' % (sorted(seen), np - 1))
    hosts = [host_of(PLACEMENTS[place], r) for r in range(np)]
    order = []                      # hosts by their lowest process
    for h in hosts:
        if h not in order:
            order.append(h)
    members = {h: [r for r in range(np) if hosts[r] == h] for h in order}
    for r in range(np):
        if r not in seen:
            continue
        h = hosts[r]
        want = (h, order.index(h), len(order), members[h].index(r), len(members[h]))
        got = seen[r][:5]
        if got != want:
            errors.append('process %d: host %s node %d of %d local %d of %d, expected '
                          'host %s node %d of %d local %d of %d' % ((r,) + got + want))
    summary = []
    for h in order:
        ks = {seen[r][5] for r in members[h] if r in seen}
        if len(members[h]) > 1 and shm:
            if len(ks) != 1 or 0 in ks:
                errors.append('node %s (processes %s): shm-syncs %s, expected one value > 0'
                              % (h, members[h], sorted(ks)))
        else:
            js = {seen[r][6] for r in members[h] if r in seen}
            if ks != {0} or js != {0}:
                errors.append('node %s (processes %s): shm-syncs %s shm-msgs %s, expected 0 (%s)'
                              % (h, members[h], sorted(ks), sorted(js),
                                 'NS_NODE_LOCAL=mpi' if len(members[h]) > 1 else 'one process'))
        summary.append('%s %s K=%s' % (h, members[h], '/'.join(map(str, sorted(ks)))))
    if errors:
        print('; '.join(errors))
        return 1
    print('%d node(s): %s' % (len(order), ', '.join(summary)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
