# NestStep-C top-level Makefile (GNU make).
#
#   make            install missing Debian packages (deps), build everything
#   make demo       ... and compile a NestStep sample with nsc, run it on 4 processes
#   make check      build and run the whole lit test suite, then the protocol matrix
#                   over a chosen part of it (CHECK_MATRIX_TESTS, below)
#   make check-memcheck  the tests that run a program under valgrind (%valgrind),
#                   with memcheck on (in make check those runs are plain)
#   make check-protocols  only the tests of the protocol matrix, by default and in
#                   each configuration of PROTOCOL_MATRIX (below)
#   make check-modes  every DRMA program at p = 1..5 in every configuration of
#                   PROTOCOL_MATRIX, output compared with barrier mode's
#   make check-sanitize  the same with ASan + UBSan + LeakSanitizer, in build-sanitize/
#   make check-hosts  samples and part of the suite across 1, 2 and 3 simulated hosts
#                   (network + UTS namespaces; root; docs/cluster.md)
#   make simulate   the engine, the libraries and the tools for SimGrid's simulated
#                   MPI (SMPI), in build-simulate/ (installs SimGrid; docs/simulate.md)
#   make check-simulate  ... and the tests of testsuite/simulate (programs on
#                   simulated machines of up to 1024 nodes)
#   make bench      build and run the benchmarks (table of ratios vs raw MPI)
#   make bench-simulate  seed 003's kernels and the empty sync on simulated machines
#   make bench-growth-sim  the basic supersteps' cost against p on the simulated fat
#                   tree, per count-exchange protocol, against bspprobe's model
#                   (the SP2 at p = 8, 16, 32; the fat tree; docs/research.md)
#   make fuzz       fuzz nsc's translator with libFuzzer (FUZZ_TIME=s, FUZZ_RUNS=n)
#   make install PREFIX=/usr/local   (DESTDIR too; packaging/packaging.mk)
#   make uninstall PREFIX=/usr/local
#   make clean
#
# Everything generated goes to $(BUILD); nothing is written into the sources.

BUILD   ?= build
PREFIX  ?= /usr/local
CC      := mpicc
HOSTCC  := gcc
CFLAGS  ?= -O2 -g
CFLAGS  += -std=c11 -Wall -Wextra -D_GNU_SOURCE -MMD -MP
# SANITIZE: compiler and linker flags for everything built here (set by
# check-sanitize; empty in a normal build).
SANITIZE ?=
CFLAGS  += $(SANITIZE)
# SIMULATE: compiler flags of a build for SimGrid's SMPI (-DNS_SIMULATE, set
# by make simulate; empty in a normal build).
SIMULATE ?=
CFLAGS  += $(SIMULATE)
LDFLAGS += $(SANITIZE)
ARFLAGS := rcs
PYTHON  := /usr/bin/python3
LIT     := /usr/lib/llvm-14/build/utils/lit/lit.py

DEB_PACKAGES := flex bison mpich libmpich-dev llvm-14-tools python3-psutil valgrind gdb make gcc \
                libxml2-utils cmake pkgconf iproute2

ifeq ($(V),1)
Q :=
else
Q := @
endif

# The engine and the library in layers, one folder each (runtime/LAYERS
# gives their order; testsuite/layout checks that calls go only down it).
RUNTIME_DIRS := $(patsubst %/,%,$(wildcard runtime/src/*/))
BSPLIB_DIRS  := $(patsubst %/,%,$(wildcard lib-bsplib/src/*/))
RUNTIME_INC  := -Iruntime/include $(addprefix -I,$(RUNTIME_DIRS))
BSPLIB_INC   := -Ilib-bsplib/include $(addprefix -I,$(BSPLIB_DIRS)) $(RUNTIME_INC)
RUNTIME_SRC := $(wildcard runtime/src/*/*.c)
BSPLIB_SRC  := $(wildcard lib-bsplib/src/*/*.c)
RUNTIME_OBJ := $(RUNTIME_SRC:%.c=$(BUILD)/obj/%.o)
BSPLIB_OBJ  := $(BSPLIB_SRC:%.c=$(BUILD)/obj/%.o)

# nsc: frontend/*.c plus the flex and bison output, built with gcc (nsc
# itself does not use MPI).
FRONTEND_SRC := $(wildcard frontend/*.c)
FRONTEND_GEN := $(BUILD)/frontend/lexer.c $(BUILD)/frontend/parser.c
FRONTEND_HDR := $(BUILD)/frontend/lexer.h $(BUILD)/frontend/parser.h
FRONTEND_OBJ := $(FRONTEND_SRC:%.c=$(BUILD)/obj/%.o)
FRONTEND_GEN_OBJ := $(FRONTEND_GEN:$(BUILD)/frontend/%.c=$(BUILD)/obj/frontend/%.o)

LIBS  := $(BUILD)/lib/libbsp.a $(BUILD)/lib/libnsengine.a
TOOLS := $(BUILD)/bin/bspcc $(BUILD)/bin/bsprun $(BUILD)/bin/nsrun $(BUILD)/bin/nsc \
         $(BUILD)/bin/bspprof $(BUILD)/bin/bspprobe
# Helpers that bsprun runs, found next to it (../libexec/neststep).
LIBEXEC := $(BUILD)/libexec/neststep/bsprun-watch $(BUILD)/libexec/neststep/bsprun-launch
HEADERS := $(patsubst lib-bsplib/include/%,$(BUILD)/include/%,$(wildcard lib-bsplib/include/*.h)) $(BUILD)/include/neststep.h $(BUILD)/include/NestStep.h \
           $(BUILD)/include/ns_put_word.h

.PHONY: all deps demo check check-protocols check-modes check-memcheck check-sanitize check-hosts \
        bench bench-simulate bench-growth-sim install clean fuzz fuzz-deps simulate deps-simulate check-simulate
all: deps $(LIBS) $(TOOLS) $(LIBEXEC) $(HEADERS) $(if $(SANITIZE),$(BUILD)/bin/mpicc-sanitize)

# $(call install_missing,PACKAGES): the recipe of a deps target: installs
# those of the Debian PACKAGES that are missing (root; apt-get), a no-op
# (one dpkg query each) when all are there.
define install_missing
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "$@: installing$$missing"; \
	  if [ "$$(id -u)" != 0 ]; then echo "$@: run as root (or: sudo apt-get install$$missing)"; exit 1; fi; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	fi
endef

# Installs only what is missing; a no-op (one dpkg query) when all is there.
deps:
	$(call install_missing,$(DEB_PACKAGES))

# Every tool the build runs (mpicc, flex, bison) comes from deps: under
# make -j nothing may start before it.
$(RUNTIME_OBJ) $(BSPLIB_OBJ) $(FRONTEND_OBJ) $(FRONTEND_GEN) $(FRONTEND_HDR): | deps

$(BUILD)/obj/runtime/%.o: runtime/%.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) $(RUNTIME_INC) -c $< -o $@

$(BUILD)/obj/lib-bsplib/%.o: lib-bsplib/%.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) $(BSPLIB_INC) -c $< -o $@

$(BUILD)/lib/libnsengine.a: $(RUNTIME_OBJ)
	@mkdir -p $(dir $@)
	@echo "  AR      $@"
	$(Q)rm -f $@ && $(AR) $(ARFLAGS) $@ $^

$(BUILD)/lib/libbsp.a: $(BSPLIB_OBJ)
	@mkdir -p $(dir $@)
	@echo "  AR      $@"
	$(Q)rm -f $@ && $(AR) $(ARFLAGS) $@ $^

$(BUILD)/frontend/lexer.c $(BUILD)/frontend/lexer.h &: frontend/lexer.l
	@mkdir -p $(dir $@)
	@echo "  FLEX    $<"
	$(Q)flex --header-file=$(BUILD)/frontend/lexer.h -o $(BUILD)/frontend/lexer.c $<

$(BUILD)/frontend/parser.c $(BUILD)/frontend/parser.h &: frontend/parser.y
	@mkdir -p $(dir $@)
	@echo "  BISON   $<"
	$(Q)bison -d -o $(BUILD)/frontend/parser.c $<

NSC_CFLAGS = $(CFLAGS) -pthread -Ifrontend -I$(BUILD)/frontend

$(FRONTEND_OBJ): $(BUILD)/obj/frontend/%.o: frontend/%.c
	@mkdir -p $(dir $@)
	@echo "  HOSTCC  $<"
	$(Q)$(HOSTCC) $(NSC_CFLAGS) -c $< -o $@

$(FRONTEND_GEN_OBJ): $(BUILD)/obj/frontend/%.o: $(BUILD)/frontend/%.c
	@mkdir -p $(dir $@)
	@echo "  HOSTCC  $<"
	$(Q)$(HOSTCC) $(NSC_CFLAGS) -c $< -o $@

# The generated headers exist before any frontend file is compiled; after
# the first build the dependency files (-MMD) say who includes them.
$(FRONTEND_OBJ) $(FRONTEND_GEN_OBJ): | $(FRONTEND_HDR)

$(BUILD)/bin/nsc: $(FRONTEND_OBJ) $(FRONTEND_GEN_OBJ)
	@mkdir -p $(dir $@)
	@echo "  LINK    $@"
	$(Q)$(HOSTCC) $(LDFLAGS) -pthread $^ -o $@

$(BUILD)/include/%.h: lib-bsplib/include/%.h
	@mkdir -p $(dir $@)
	$(Q)cp $< $@

$(BUILD)/include/%.h: runtime/include/%.h
	@mkdir -p $(dir $@)
	$(Q)cp $< $@

$(BUILD)/bin/%: lib-bsplib/tools/%.sh
	@mkdir -p $(dir $@)
	$(Q)cp $< $@ && chmod +x $@

# The per-process watch: plain libc (no MPI), with the engine's report_once.c.
$(BUILD)/libexec/neststep/bsprun-watch: lib-bsplib/tools/bsprun-watch.c runtime/src/core/report_once.c \
		runtime/src/core/report_once.h lib-bsplib/tools/watched_signals.h lib-bsplib/tools/job_hub.h
	@mkdir -p $(dir $@)
	@echo "  HOSTCC  $@"
	$(Q)$(HOSTCC) $(filter-out -MMD -MP,$(CFLAGS)) -Iruntime/src/core $(LDFLAGS) $(filter %.c,$^) -o $@

# bsprun-launch: plain libc too, with the hub of the job's watches and the
# removal of MPICH's start-up segments.
$(BUILD)/libexec/neststep/bsprun-launch: lib-bsplib/tools/bsprun-launch.c lib-bsplib/tools/job_hub.c \
		lib-bsplib/tools/shm_leftovers.c lib-bsplib/tools/watched_signals.h \
		lib-bsplib/tools/job_hub.h lib-bsplib/tools/job_hub_server.h \
		lib-bsplib/tools/shm_leftovers.h runtime/src/core/report_once.h
	@mkdir -p $(dir $@)
	@echo "  HOSTCC  $@"
	$(Q)$(HOSTCC) $(filter-out -MMD -MP,$(CFLAGS)) -Iruntime/src/core $(LDFLAGS) $(filter %.c,$^) -o $@

# bspprof reads traces: plain libc, the trace format from the engine's header.
$(BUILD)/bin/bspprof: lib-bsplib/tools/bspprof.c runtime/src/observe/profile_format.h
	@mkdir -p $(dir $@)
	@echo "  HOSTCC  $@"
	$(Q)$(HOSTCC) $(filter-out -MMD -MP,$(CFLAGS)) -Iruntime/src/observe $(LDFLAGS) $< -o $@ -lm

# bspprobe is a BSPlib program; it measures as make bench's hrel_bsp does,
# with the same code, which lives next to it (lib-bsplib/tools/probe/,
# which bench/ builds from there).
PROBE_DIR := lib-bsplib/tools/probe
BSPPROBE_SRC := lib-bsplib/tools/bspprobe.c $(wildcard $(PROBE_DIR)/*.c)
$(BUILD)/bin/bspprobe: $(BSPPROBE_SRC) $(wildcard $(PROBE_DIR)/*.h) \
		$(LIBS) lib-bsplib/include/bsp.h runtime/include/neststep.h
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	$(Q)$(CC) $(filter-out -MMD -MP,$(CFLAGS)) -Ilib-bsplib/include -Iruntime/include -I$(PROBE_DIR) \
	  $(LDFLAGS) $(BSPPROBE_SRC) $(BUILD)/lib/libbsp.a $(BUILD)/lib/libnsengine.a -o $@ -lm

$(BUILD)/bin/nsrun: lib-bsplib/tools/bsprun.sh
	@mkdir -p $(dir $@)
	$(Q)cp $< $@ && chmod +x $@

# In a sanitizer build the libraries need the sanitizer runtimes in every
# program: mpicc-sanitize is mpicc with this build's flags, for BSPCC_CC
# and NSC_CC (the test suite sets both when it finds this file).
$(BUILD)/bin/mpicc-sanitize: Makefile
	@mkdir -p $(dir $@)
	$(Q)printf '#!/bin/sh\n# mpicc with the sanitizers this build was made with (make check-sanitize)\nexec mpicc %s "$$@"\n' \
	  '$(SANITIZE)' > $@ && chmod +x $@

# The main job of the README's first command.
demo: all
	$(BUILD)/bin/nsc -O2 samples/neststep/quicksort.nst -o $(BUILD)/samples/quicksort
	$(BUILD)/bin/nsrun -np 4 $(BUILD)/samples/quicksort 100000

# The protocol matrix (docs/testing.md): engine configurations under which
# every test marked "MATRIX: every-mode" (DRMA only) or, in barrier mode,
# "MATRIX: barrier-mode" must give exactly the output it gives by default.
# One word per configuration, KNOB=VALUE[,KNOB=VALUE...] (NS_NODE_AFTER=0:
# through the node-local segment from the first combine; with a relaxed
# mode, its requests through the segment's pipes at every p).
# make check-protocols and make check-modes run every marked test in each.
PROTOCOL_MATRIX ?= NS_EXCHANGE=direct NS_EXCHANGE=nbx NS_SYNC=relaxed NS_SYNC=relaxed-eager \
                   NS_SYNC=relaxed-check NS_NODE_AFTER=0 NS_SYNC=relaxed-eager,NS_NODE_AFTER=0

# `make check` runs the whole suite in the default configuration (barrier
# mode, NS_EXCHANGE=tree, NS_NODE_LOCAL=shm, made at the 257th root combine
# when processes outnumber cores, so at p >= 3 here most tests combine on
# MPI messages), then a chosen part of the marked tests, CHECK_MATRIX_TESTS
# (one feature each: puts, gets, high-performance puts and gets,
# registrations, the order of overlapping writes, message headers, long combines, BSMP, the
# collectives, distributed arrays, subgroups, the misuse the count exchange
# finds), in each
# configuration of CHECK_MATRIX, which covers every protocol of
# PROTOCOL_MATRIX once: relaxed-check runs relaxed's three messages (over
# the pipes), plain relaxed-eager its one (over MPI at p >= 3 here).  So
# it stays under 10 minutes on 2 cores (docs/testing.md).
CHECK_MATRIX ?= NS_EXCHANGE=direct NS_EXCHANGE=nbx NS_NODE_AFTER=0 \
                NS_SYNC=relaxed-check,NS_NODE_AFTER=0 NS_SYNC=relaxed-eager
CHECK_MATRIX_TESTS ?= put-array get-after-puts hpget-bsp-sum reg-push-next-sync overlap-random \
    relaxed-producers-ahead put-headers combine-long-message hpput-direct collectives \
    bsmp-order da-irregular neststep-join-order misuse-sync-vs-end
empty :=
space := $(empty) $(empty)
# The test targets build first with as many jobs as cores, unless make was
# given -j itself (the tests then run two at a time, run-lit.sh).  make check
# brings a simulation build that is there up to date too: the suite's
# simulated runs use it (testsuite/simulate; skipped without one).
BUILD_JOBS = $(if $(filter -j% j%,$(MAKEFLAGS)),,-j$(shell nproc 2>/dev/null || echo 1))

check: deps
	$(Q)$(MAKE) --no-print-directory $(BUILD_JOBS) all
	$(Q)if [ -d $(SIMULATE_BUILD)/share/neststep/platforms ] && command -v smpicc >/dev/null; then \
	  $(MAKE) -s --no-print-directory $(BUILD_JOBS) simulate; fi
	@mkdir -p $(BUILD)/testsuite
	@LIT_MATRIX_FILTER='/($(subst $(space),|,$(strip $(CHECK_MATRIX_TESTS))))\.(c|test)$$' \
	  testsuite/run-lit.sh $(PYTHON) $(LIT) $(abspath $(BUILD)) testsuite default $(CHECK_MATRIX)

check-protocols: all
	@mkdir -p $(BUILD)/testsuite
	@testsuite/run-lit.sh $(PYTHON) $(LIT) $(abspath $(BUILD)) testsuite NS_EXCHANGE=tree $(PROTOCOL_MATRIX)

# check-memcheck: the tests whose runs say %valgrind, with valgrind's memcheck
# on (any error or leak of ours fails; lit.cfg.py).  In make check those runs
# are plain: under valgrind they are a tenth of its time.
check-memcheck: all
	@mkdir -p $(BUILD)/testsuite
	@LIT_ARGS="--param memcheck=1" testsuite/run-lit.sh $(PYTHON) $(LIT) $(abspath $(BUILD)) testsuite

# check-modes: every DRMA program of the suite at p = 1..5 under every
# configuration of PROTOCOL_MATRIX, its output compared with barrier mode's
# byte for byte (no expected output needed; about 8 minutes here, so not
# part of make check, whose matrix runs the same programs at their own
# process counts against expected output).
check-modes: all
	@testsuite/modes-identical.sh $(abspath $(BUILD)) "$(PROTOCOL_MATRIX)"

# check-sanitize: the engine, the libraries, nsc and every program the tests
# compile, built with AddressSanitizer, UndefinedBehaviorSanitizer and
# LeakSanitizer in $(SANITIZE_BUILD), then the whole suite run there
# (testsuite/lit.cfg.py says what differs there).  Every report is written
# to $(SANITIZE_BUILD)/sanitizer-reports/ and fails the target, including one
# from a process whose test expected it to fail.
SANITIZE_BUILD := build-sanitize
SANITIZE_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
check-sanitize: deps
	$(Q)$(MAKE) --no-print-directory $(BUILD_JOBS) BUILD=$(SANITIZE_BUILD) SANITIZE='$(SANITIZE_FLAGS)' \
	  $(LIBS:$(BUILD)/%=$(SANITIZE_BUILD)/%) $(TOOLS:$(BUILD)/%=$(SANITIZE_BUILD)/%) \
	  $(LIBEXEC:$(BUILD)/%=$(SANITIZE_BUILD)/%) \
	  $(HEADERS:$(BUILD)/%=$(SANITIZE_BUILD)/%) $(SANITIZE_BUILD)/bin/mpicc-sanitize
	@rm -rf $(SANITIZE_BUILD)/sanitizer-reports && mkdir -p $(SANITIZE_BUILD)/testsuite $(SANITIZE_BUILD)/sanitizer-reports
	@testsuite/run-lit.sh $(PYTHON) $(LIT) $(abspath $(SANITIZE_BUILD)) testsuite; status=$$?; \
	  testsuite/sanitizer-reports.sh $(SANITIZE_BUILD)/sanitizer-reports || status=1; exit $$status

# check-hosts: jobs across simulated hosts (network, UTS, IPC namespaces
# made and torn down by testsuite/hosts/check-hosts.sh, launched by MPICH's
# mpiexec through its ssh launcher); ends with "check-hosts: N passed, N
# failed, N skipped".  Needs root; `check-hosts.sh --probe` says why not.
check-hosts: all
	@testsuite/hosts/check-hosts.sh $(BUILD)

# simulate: everything built with SimGrid's smpicc and -DNS_SIMULATE (the
# engine's fallbacks for what SMPI lacks: runtime/src/core/mpi_compat.h) in
# $(SIMULATE_BUILD), next to $(BUILD), where bspcc --simulate, nsc --simulate
# and bsprun --simulate find it (docs/simulate.md).  nsc and the launch
# helpers are plain programs, the same as in $(BUILD).  The platforms go
# to $(SIMULATE_BUILD)/share/neststep/platforms.  deps-simulate installs
# SimGrid (Debian's libsimgrid-dev: smpicc, smpirun), only for these targets.
SIMULATE_BUILD := build-simulate
SIMULATE_DEB_PACKAGES := libsimgrid-dev
PLATFORMS := $(wildcard platforms/*.xml)
deps-simulate: deps
	$(call install_missing,$(SIMULATE_DEB_PACKAGES))

simulate: deps-simulate
	$(Q)$(MAKE) --no-print-directory BUILD=$(SIMULATE_BUILD) CC=smpicc SIMULATE=-DNS_SIMULATE \
	  $(LIBS:$(BUILD)/%=$(SIMULATE_BUILD)/%) $(TOOLS:$(BUILD)/%=$(SIMULATE_BUILD)/%) \
	  $(LIBEXEC:$(BUILD)/%=$(SIMULATE_BUILD)/%) $(HEADERS:$(BUILD)/%=$(SIMULATE_BUILD)/%) \
	  $(PLATFORMS:platforms/%=$(SIMULATE_BUILD)/share/neststep/platforms/%)

$(BUILD)/share/neststep/platforms/%.xml: platforms/%.xml
	@mkdir -p $(dir $@)
	$(Q)cp $< $@

# check-simulate: the tests of testsuite/simulate, which need both builds
# (a real run at small p is each simulated run's reference); ends with
# "testsuite: N passed, N failed, N skipped" (.ci/run reads it).
check-simulate: all simulate
	@mkdir -p $(BUILD)/testsuite
	@testsuite/run-lit.sh $(PYTHON) $(LIT) $(abspath $(BUILD)) testsuite/simulate

bench: all
	@$(MAKE) --no-print-directory -C bench BUILD=$(abspath $(BUILD))

bench-simulate: all simulate
	@$(MAKE) --no-print-directory -C bench BUILD=$(abspath $(BUILD)) simulate

bench-growth-sim: all simulate
	@$(MAKE) --no-print-directory -C bench BUILD=$(abspath $(BUILD)) growth-sim

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include \
	  $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/man/man3
	install -m 755 $(TOOLS) $(DESTDIR)$(PREFIX)/bin
	install -d $(DESTDIR)$(PREFIX)/libexec/neststep
	install -m 755 $(LIBEXEC) $(DESTDIR)$(PREFIX)/libexec/neststep
	install -m 644 $(LIBS) $(DESTDIR)$(PREFIX)/lib
	install -m 644 $(HEADERS) $(DESTDIR)$(PREFIX)/include
	install -m 644 docs/man/man1/*.1 $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 docs/man/man3/*.3 $(DESTDIR)$(PREFIX)/share/man/man3

# ---- fuzzing nsc's translator (frontend/fuzz/README.md) ----
#
# make fuzz: builds $(FUZZ_BIN), the libFuzzer target of nsc_translate(),
# from the frontend sources (not driver.c) and the flex/bison output with
# clang's fuzzer, address and undefined sanitizers; builds the seed corpus
# from the samples and the nsc tests (frontend/fuzz/seeds.sh); then fuzzes
# for FUZZ_TIME seconds, or until FUZZ_RUNS executions when that is set and
# comes first.  New
# inputs go to $(FUZZ_CORPUS) (kept between runs), findings to
# $(BUILD)/fuzz/artifacts/; the status is libFuzzer's (non-zero on a crash,
# leak, timeout or sanitizer report).  FUZZ_FLAGS adds libFuzzer options.
FUZZ_DEB_PACKAGES := clang-14 libclang-rt-14-dev
FUZZ_CC     := clang-14
FUZZ_CFLAGS := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
               -pthread -std=c11 -D_GNU_SOURCE -Ifrontend -I$(BUILD)/frontend
FUZZ_BIN    := $(BUILD)/fuzz/fuzz_translate
FUZZ_SEEDS  := $(BUILD)/fuzz/seeds
FUZZ_CORPUS := $(BUILD)/fuzz/corpus
FUZZ_TIME   ?= 3600
FUZZ_RUNS   ?=
FUZZ_FLAGS  ?=
FUZZ_SRC    := frontend/fuzz/fuzz_translate.c $(filter-out frontend/driver.c,$(FRONTEND_SRC)) \
               $(FRONTEND_GEN)
FUZZ_LIMIT  = -max_total_time=$(FUZZ_TIME) $(if $(FUZZ_RUNS),-runs=$(FUZZ_RUNS))

# Like deps, for the fuzzer's compiler and runtime only (flex, bison and gcc
# come from DEB_PACKAGES).
fuzz-deps:
	$(call install_missing,$(FUZZ_DEB_PACKAGES) $(filter flex bison gcc make,$(DEB_PACKAGES)))

$(FUZZ_BIN): $(FUZZ_SRC) $(FRONTEND_HDR) $(wildcard frontend/*.h)
	@mkdir -p $(dir $@)
	@echo "  FUZZCC  $@"
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SRC) -o $@

fuzz: fuzz-deps
	$(Q)$(MAKE) --no-print-directory $(FUZZ_BIN) $(BUILD)/include/neststep.h
	$(Q)frontend/fuzz/seeds.sh $(FUZZ_SEEDS) $(BUILD)
	@mkdir -p $(FUZZ_CORPUS) $(BUILD)/fuzz/artifacts
	$(FUZZ_BIN) $(FUZZ_CORPUS) $(FUZZ_SEEDS) -dict=frontend/fuzz/nsc.dict \
	  -max_len=65536 -timeout=10 $(FUZZ_LIMIT) -print_final_stats=1 -close_fd_mask=2 \
	  -artifact_prefix=$(BUILD)/fuzz/artifacts/ $(FUZZ_FLAGS)

clean:
	rm -rf $(BUILD) $(SANITIZE_BUILD) $(SIMULATE_BUILD)

$(BUILD)/samples:
	@mkdir -p $@
demo: | $(BUILD)/samples

include packaging/packaging.mk

-include $(RUNTIME_OBJ:.o=.d) $(BSPLIB_OBJ:.o=.d) $(FRONTEND_OBJ:.o=.d) $(FRONTEND_GEN_OBJ:.o=.d)
