# lit configuration for the NestStep-C test suite.
# Run through `make check`, which passes --param build=<abs build dir>.
import os
import shutil
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

llvm_bin = '/usr/lib/llvm-14/bin'
config.environment['PATH'] = os.pathsep.join(
    [os.path.join(build, 'bin'), llvm_bin, config.environment.get('PATH', os.environ['PATH'])])
# mpiexec needs HOME and the user's identity; keep the engine knobs if set.
for var in ('HOME', 'USER', 'NS_TREE_ARITY', 'NS_DIRECT_MAX', 'NS_SPIN_POLLS', 'NS_WAIT_POLICY',
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
config.substitutions.append(('%inputs', os.path.join(config.test_source_root, 'Inputs')))
# Memcheck that fails the run on any error or leak of ours; the suppressions
# cover MPICH/UCX internals only.
config.substitutions.append(('%valgrind', 'valgrind -q --error-exitcode=99 --leak-check=full '
    '--suppressions=' + os.path.join(config.test_source_root, 'Inputs', 'mpich-ucx.supp')))
config.substitutions.append(('%samples', os.path.join(config.test_source_root, '..', 'samples')))

if shutil.which('mpiexec'):
    config.available_features.add('mpi')

# A test that deadlocks fails instead of hanging CI.
lit_config.maxIndividualTestTime = 120
# MPI jobs oversubscribe this 2-core machine: run at most two at once.
lit_config.parallelism_groups['mpi'] = 2
config.parallelism_group = 'mpi'
