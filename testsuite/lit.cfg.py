# lit configuration for the NestStep-C test suite.
# Run through `make check`, which passes --param build=<abs build dir>.
import os
import shutil
import sys
import lit.formats

config.name = 'neststep'
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = ['.c', '.nst', '.test']
config.excludes = ['Inputs', 'lit.cfg.py', 'lit.local.cfg']
config.test_source_root = os.path.dirname(__file__)

build = lit_config.params.get('build')
if not build or not os.path.isfile(os.path.join(build, 'bin', 'bspcc')):
    lit_config.fatal('run the suite through `make check` (needs --param build=<dir> with bin/bspcc)')
config.test_exec_root = os.path.join(build, 'testsuite')


def test_texts():
    """(file name, text) of every test file of the suite; lit excludes by
    file name, and the names of the tests chosen by text are unique."""
    for dirpath, dirs, files in os.walk(config.test_source_root):
        dirs[:] = [d for d in dirs if d not in ('Inputs', 'Output')]
        for name in files:
            if os.path.splitext(name)[1] in config.suffixes:
                with open(os.path.join(dirpath, name), errors='replace') as f:
                    yield name, f.read()


llvm_bin = '/usr/lib/llvm-14/bin'
config.environment['PATH'] = os.pathsep.join(
    [os.path.join(build, 'bin'), llvm_bin, config.environment.get('PATH', os.environ['PATH'])])
# mpiexec needs HOME and the user's identity; keep the launcher (BSPRUN_MPIEXEC:
# make check-hosts runs tests across hosts with it) and the engine knobs if set.
for var in ('HOME', 'USER', 'BSPRUN_MPIEXEC', 'NS_EXCHANGE', 'NS_SYNC', 'NS_TREE_ARITY', 'NS_DIRECT_MAX', 'NS_SPIN_POLLS', 'NS_WAIT_POLICY',
            'NS_WAIT_SLEEP_AFTER', 'NS_WAIT_NAP_MAX'):
    if var in os.environ:
        config.environment[var] = os.environ[var]

config.substitutions.append(('%bspcc', os.path.join(build, 'bin', 'bspcc') + ' -O2 -Wall -Wextra'))
config.substitutions.append(('%bsprun', os.path.join(build, 'bin', 'bsprun') + ' -np'))
# C written against the NestStep runtime ABI (runtime/include/neststep.h),
# as nsc emits it; bspcc finds the header and links the engine.
config.substitutions.append(('%nscc', os.path.join(build, 'bin', 'bspcc') + ' -O2 -Wall -Wextra -Werror'))
config.substitutions.append(('%nsrun', os.path.join(build, 'bin', 'nsrun') + ' -np'))
# nsc, the NestStep-C compiler driver, with no options of its own.  Listed
# after %nscc: substitutions apply in order and '%nsc' is a prefix of it.
config.substitutions.append(('%nsc', os.path.join(build, 'bin', 'nsc')))
config.substitutions.append(('%builddir', build))
config.substitutions.append(('%inputs', os.path.join(config.test_source_root, 'Inputs')))
# The suite's Python scripts run with the Python that runs lit (make check's
# /usr/bin/python3): a python3 found first on PATH may be a wrapper that
# takes seconds to start on a loaded machine.
config.substitutions.append(('%python', sys.executable))
# A sanitizer build (make check-sanitize) has bin/mpicc-sanitize: every
# program a test compiles, with bspcc or nsc, gets the same sanitizers as the
# libraries.  Every report ends its process (-fno-sanitize-recover,
# halt_on_error) and leaves a file under <build>/sanitizer-reports, which
# make check-sanitize counts: it fails on any, even from a process whose
# test expected it to fail.  ASan and LeakSanitizer write their report
# there; gcc's UBSan runtime prints its report on the process's stderr only
# (its log_path option reaches libasan's copy of the setting, not its own),
# so UBSan aborts and ASan's SIGABRT handler writes the file (an ABRT whose
# stack holds __ubsan_handle_*).  LeakSanitizer checks every process that
# exits normally, MPICH's allocations aside (Inputs/lsan-mpich.supp; the full
# unwind on malloc lets that file name libmpich in stacks that pass through
# UCX modules unloaded at MPI_Finalize).  Memcheck cannot run a sanitized
# program, so %valgrind is empty there: ASan and LSan check those runs.
sanitize_cc = os.path.join(build, 'bin', 'mpicc-sanitize')
if os.path.isfile(sanitize_cc):
    config.available_features.add('sanitize')
    log = 'log_path=' + os.path.join(build, 'sanitizer-reports', 'report')
    config.environment['BSPCC_CC'] = sanitize_cc
    config.environment['NSC_CC'] = sanitize_cc
    config.environment['ASAN_OPTIONS'] = ':'.join([
        'detect_leaks=1', 'halt_on_error=1', 'handle_abort=1', 'detect_stack_use_after_return=1',
        'fast_unwind_on_malloc=0', log])
    config.environment['UBSAN_OPTIONS'] = ':'.join([
        'print_stacktrace=1', 'halt_on_error=1', 'abort_on_error=1', log])
    config.environment['LSAN_OPTIONS'] = ':'.join([
        'suppressions=' + os.path.join(config.test_source_root, 'Inputs', 'lsan-mpich.supp'),
        'print_suppressions=0'])
    config.substitutions.append(('%valgrind', ''))
    config.substitutions.append(('%mpicc', sanitize_cc))
elif lit_config.params.get('memcheck'):
    # make check-memcheck: memcheck that fails the run on any error or leak
    # of ours (the suppressions cover MPICH/UCX internals only), over the
    # tests that use it; elsewhere %valgrind is empty (each such run is
    # then one more plain run): under valgrind a run takes 3.5 to 9 s on 2
    # cores, about 100 s of the suite's 970 s of test time.
    config.substitutions.append(('%valgrind', 'valgrind -q --error-exitcode=99 --leak-check=full '
        '--suppressions=' + os.path.join(config.test_source_root, 'Inputs', 'mpich-ucx.supp')))
    config.excludes += sorted(name for name, text in test_texts() if '%valgrind' not in text)
else:
    config.substitutions.append(('%valgrind', ''))
if not os.path.isfile(sanitize_cc):
    # The compiler nsc and bspcc run (nsc -v prints it).
    config.substitutions.append(('%mpicc', 'mpicc'))
config.substitutions.append(('%samples', os.path.join(config.test_source_root, '..', 'samples')))

# NS_SYNC=relaxed|relaxed-eager|relaxed-check in the environment runs the
# BSPlib programs in a relaxed synchronization mode (docs/research.md);
# tests of barrier-only semantics say `UNSUPPORTED: relaxed`.
if os.environ.get('NS_SYNC', 'barrier') not in ('', 'barrier'):
    config.available_features.add('relaxed')
# The protocol matrix (make check-protocols; the configurations are listed
# once, in the Makefile's PROTOCOL_MATRIX; docs/testing.md).  With
# --param matrix=KNOB=VALUE[,KNOB=VALUE...] only the tests that mark
# themselves for it run, with those engine knobs set, and must give the same
# output as by default.  A test marks itself with one line:
#   // MATRIX: every-mode    DRMA only (no BSMP, no misuse): the same output in
#                            every sync mode and under every exchange protocol
#   // MATRIX: barrier-mode  needs barrier mode (BSMP, NestStep steps, the
#                            combine's checks): every exchange protocol
# A configuration is in barrier mode unless it sets NS_SYNC to another mode.
matrix = lit_config.params.get('matrix')
if matrix:
    import re
    knobs = dict(kv.split('=', 1) for kv in matrix.split(','))
    config.environment.update(knobs)
    wanted = {'every-mode'}
    if knobs.get('NS_SYNC', 'barrier') == 'barrier':
        wanted.add('barrier-mode')
    else:                       # as NS_SYNC from the environment does
        config.available_features.add('relaxed')
    mark = re.compile(r'^\s*(?://|#)?\s*MATRIX:\s*([a-z-]+)\s*$', re.M)
    # lit excludes by file name: every test not marked for this
    # configuration (names of marked tests are unique in the suite)
    config.excludes += sorted(name for name, text in test_texts()
                              if not set(mark.findall(text)) & wanted)
    config.available_features.add('matrix')
    # make check-memcheck checks memory with valgrind; here the outputs count
    config.substitutions.insert(0, ('%valgrind', ''))

if shutil.which('mpiexec'):
    config.available_features.add('mpi')

# A test that deadlocks fails instead of hanging CI.
lit_config.maxIndividualTestTime = 120
# MPI jobs oversubscribe this 2-core machine: run at most two at once.
lit_config.parallelism_groups['mpi'] = 2
config.parallelism_group = 'mpi'
