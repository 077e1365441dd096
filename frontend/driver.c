/*
 * driver.c - nsc's main: the compiler driver.
 *
 * Owns the command line (gcc-like options, see nsc(1) and usage() below),
 * finding the runtime next to the executable (<root>/bin/nsc,
 * <root>/include, <root>/lib), and running the stages for every input:
 *
 *   .nst        mpicc -E (with neststep.h) | nsc_translate() > temp .i,
 *               then mpicc -x cpp-output -c
 *   .c .i .s .S mpicc -c with -I<root>/include
 *   others      (.o .a .so, -l, -L, -Wl,...) go to the link
 *
 * and the link with -L<root>/lib and the static -lbsp -lnsengine.  Programs are started
 * with posix_spawnp, never through a shell.  Temporary files live in
 * $TMPDIR and are removed at exit and on SIGINT, SIGTERM, SIGHUP, SIGQUIT.
 * The exit status is gcc's: 0 on success, 1 on any error.
 *
 * The translator itself (lexer, parser, checks, emitter) is behind
 * nsc_translate() of translate.h; this file knows nothing of NestStep.
 */
#include "header_pragmas.h"
#include "translate.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define NSC_VERSION "0.1"
#define DEFAULT_STD "-std=gnu11"
#define DEFAULT_MAX_ERRORS 20

extern char **environ;

/* ---- diagnostics ---- */

static void
message(const char *kind, const char *fmt, va_list ap)
{
    fprintf(stderr, "nsc: %s: ", kind);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

static void
error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    message("error", fmt, ap);
    va_end(ap);
}

static void
warning(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    message("warning", fmt, ap);
    va_end(ap);
}

/* Prints "nsc: fatal error: ...", "compilation terminated." and exits 1;
 * the atexit handler removes the temporary files. */
static _Noreturn void
fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    message("fatal error", fmt, ap);
    va_end(ap);
    fputs("compilation terminated.\n", stderr);
    exit(1);
}

static void *
xrealloc(void *p, size_t n)
{
    p = realloc(p, n);
    if (!p)
        fatal("out of memory");
    return p;
}

static char *
xstrcat3(const char *a, const char *b, const char *c)
{
    size_t la = strlen(a), lb = strlen(b), lc = strlen(c);
    char *s = xrealloc(NULL, la + lb + lc + 1);
    memcpy(s, a, la);
    memcpy(s + la, b, lb);
    memcpy(s + la + lb, c, lc + 1);
    return s;
}

static char *
xstrdup(const char *s)
{
    return xstrcat3(s, "", "");
}

/* ---- argument vectors, always NULL-terminated ---- */

struct strvec {
    const char **v;
    size_t n, cap;
    char **owned;               /* arguments made for it, freed with it */
    size_t nowned;
};

static void
sv_push(struct strvec *s, const char *arg)
{
    if (s->n + 2 > s->cap) {
        s->cap = s->cap ? 2 * s->cap : 16;
        s->v = xrealloc(s->v, s->cap * sizeof *s->v);
    }
    s->v[s->n++] = arg;
    s->v[s->n] = NULL;
}

/* Pushes an argument allocated for this vector: sv_free frees it. */
static void
sv_push_owned(struct strvec *s, char *arg)
{
    sv_push(s, arg);
    s->owned = xrealloc(s->owned, (s->nowned + 1) * sizeof *s->owned);
    s->owned[s->nowned++] = arg;
}

static void
sv_append(struct strvec *dst, const struct strvec *src)
{
    for (size_t i = 0; i < src->n; i++)
        sv_push(dst, src->v[i]);
}

static void
sv_free(struct strvec *s)
{
    for (size_t i = 0; i < s->nowned; i++)
        free(s->owned[i]);
    free(s->owned);
    free(s->v);
    *s = (struct strvec){ 0 };
}

/* ---- temporary files: removed at exit and on fatal signals ---- */

static char **temps;
static volatile sig_atomic_t ntemps;
static size_t temps_cap;
static volatile pid_t running_child;    /* the program being waited for, or 0 */

/* Async-signal-safe: only unlink and rmdir, newest first (a directory
 * after the files made in it). */
static void
remove_temps(void)
{
    for (sig_atomic_t i = ntemps; i-- > 0;)
        if (unlink(temps[i]) != 0)
            rmdir(temps[i]);
}

/* Passes the signal on to the running program (which may not have got it:
 * kill(1) names one process), removes the temporary files, and dies of
 * the same signal. */
static void
on_fatal_signal(int sig)
{
    if (running_child > 0)
        kill(running_child, sig);
    remove_temps();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void
install_signal_handlers(void)
{
    static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction old, sa = { .sa_handler = on_fatal_signal };
        sigemptyset(&sa.sa_mask);
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(sigs[i], &sa, NULL);     /* ignored stays ignored, as in gcc */
    }
    atexit(remove_temps);
}

/* Records name for removal; signals are blocked while the list changes. */
static void
register_temp(char *name)
{
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    if ((size_t)ntemps == temps_cap) {
        temps_cap = temps_cap ? 2 * temps_cap : 8;
        temps = xrealloc(temps, temps_cap * sizeof *temps);
    }
    temps[ntemps] = name;
    ntemps = ntemps + 1;
    sigprocmask(SIG_SETMASK, &old, NULL);
}

/* Creates an empty temporary file "$TMPDIR/nsc-XXXXXX<suffix>" and
 * returns its name. */
static char *
make_temp(const char *suffix)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir)
        dir = "/tmp";
    char *name = xstrcat3(dir, "/nsc-XXXXXX", suffix);
    sigset_t all, old;                  /* no signal between create and register */
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    int fd = mkstemps(name, (int)strlen(suffix));
    if (fd >= 0)
        register_temp(name);
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (fd < 0)
        fatal("cannot create a temporary file in '%s': %s", dir, strerror(errno));
    close(fd);
    return name;
}

/* Creates an empty temporary directory "$TMPDIR/nsc-XXXXXX" and returns
 * its name; it is removed with the files registered after it. */
static char *
make_temp_dir(void)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir)
        dir = "/tmp";
    char *name = xstrcat3(dir, "/nsc-XXXXXX", "");
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    int made = mkdtemp(name) != NULL;
    if (made)
        register_temp(name);
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (!made)
        fatal("cannot create a temporary directory in '%s': %s", dir, strerror(errno));
    return name;
}

/* ---- running programs ---- */

static int verbose;

/* Prints argv as a shell command line (for -v). */
static void
print_command(const char *const *argv)
{
    for (size_t i = 0; argv[i]; i++) {
        const char *a = argv[i];
        fputs(i ? " " : "", stderr);
        if (*a && strspn(a, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                            "0123456789_-+=/.,:@%") == strlen(a)) {
            fputs(a, stderr);
            continue;
        }
        fputc('\'', stderr);
        for (; *a; a++) {
            if (*a == '\'')
                fputs("'\\''", stderr);   /* ' ends the quote, \' is one, ' reopens */
            else
                fputc(*a, stderr);
        }
        fputc('\'', stderr);
    }
    fputc('\n', stderr);
}

/* Starts argv[0] (searched in PATH) with stdout on out_fd, or inherited
 * when out_fd < 0.  Returns the pid, or -1 after reporting. */
static pid_t
spawn(const struct strvec *argv, int out_fd)
{
    if (verbose)
        print_command(argv->v);
    fflush(NULL);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    if (out_fd >= 0)
        posix_spawn_file_actions_adddup2(&fa, out_fd, STDOUT_FILENO);
    pid_t pid;
    int rc = posix_spawnp(&pid, argv->v[0], &fa, NULL, (char *const *)argv->v, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        error("cannot execute '%s': %s", argv->v[0], strerror(rc));
        return -1;
    }
    running_child = pid;
    return pid;
}

/* Waits for pid; returns 0 if it exited with 0, else 1 (a death by a
 * signal is reported; an exit status was explained by the program). */
static int
wait_child(pid_t pid, const char *prog)
{
    int status;
    pid_t got;
    while ((got = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
        continue;
    running_child = 0;
    if (got < 0) {
        error("waiting for '%s': %s", prog, strerror(errno));
        return 1;
    }
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        error("'%s' terminated by signal %d (%s)", prog, sig, strsignal(sig));
        return 1;
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

static int
run(const struct strvec *argv)
{
    pid_t pid = spawn(argv, -1);
    return pid < 0 ? 1 : wait_child(pid, argv->v[0]);
}

struct buf {
    char *data;
    size_t len, cap;
};

static int
read_all(int fd, struct buf *b)
{
    for (;;) {
        if (b->cap - b->len < 65536) {
            b->cap = b->cap ? 2 * b->cap : 1 << 20;
            b->data = xrealloc(b->data, b->cap);
        }
        ssize_t n = read(fd, b->data + b->len, b->cap - b->len - 1);
        if (n == 0)
            break;
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        b->len += (size_t)n;
    }
    b->data[b->len] = '\0';
    return 0;
}

/* Runs argv with its stdout captured into out; returns 0 or 1. */
static int
run_capture(const struct strvec *argv, struct buf *out)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC) < 0) {
        error("cannot create a pipe: %s", strerror(errno));
        return 1;
    }
    pid_t pid = spawn(argv, p[1]);
    close(p[1]);
    int read_err = pid >= 0 && read_all(p[0], out) < 0 ? errno : 0;
    close(p[0]);
    if (pid < 0)
        return 1;
    int failed = wait_child(pid, argv->v[0]);
    if (read_err) {
        error("reading the output of '%s': %s", argv->v[0], strerror(read_err));
        return 1;
    }
    return failed;
}

/* ---- the command line ---- */

enum mode {
    MODE_PREPROCESS,    /* -E */
    MODE_EMIT_C,        /* --emit-c */
    MODE_SYNTAX,        /* -fsyntax-only: check, write nothing */
    MODE_ASSEMBLE,      /* -S: stop after compiling to assembler */
    MODE_COMPILE,       /* -c */
    MODE_LINK
};

enum kind {
    IN_NST,             /* NestStep-C: preprocess, translate, compile */
    IN_C,               /* .c .i .s .S: mpicc compiles it */
    IN_LINK             /* everything else: object files and libraries */
};

/* One element of the link, in command-line order: an input (its object
 * once compiled) or a linker option (-l, -Wl,..., -Xlinker x). */
struct link_item {
    const char *arg;    /* the option or the input's name */
    int input;          /* index into inputs, or -1 for an option */
};

struct input {
    const char *name;
    enum kind kind;
    char *object;       /* its object file for the link, once compiled */
};

struct options {
    enum mode mode;
    int emit_c_wanted;          /* --emit-c */
    int simulate;               /* --simulate: smpicc and the simulation build */
    const char *output;         /* -o */
    const char *std;            /* the last -std=..., or NULL */
    int max_errors;             /* -fmax-errors= */
    int line_markers;           /* 0 with -P / --no-line-markers */
    int mirror_warnings;        /* -Wmirror (the translator's; not given to mpicc) */
    int perf_warnings;          /* -Wperf (the translator's; not given to mpicc) */
    int dep_file_given;         /* -MF */
    int dep_target_given;       /* -MT or -MQ */
    int dep_wanted;             /* -MD or -MMD */
    struct strvec cflags;       /* -O -g -W -w -f -m -pthread -pedantic: every stage */
    struct strvec cppflags;     /* -I -D -U -include -isystem -iquote -idirafter -Wp, */
    struct strvec depflags;     /* -MD -MMD -MP -MF -MT -MQ */
    struct strvec ldflags;      /* -static -rdynamic -s: the link, before the inputs */
    struct input *inputs;
    size_t ninputs;
    struct link_item *links;
    size_t nlinks;
    int errors;                 /* command-line errors so far */
    /* the runtime and the compiler */
    const char *cc;             /* $NSC_CC or mpicc */
    char *include_flag;         /* -I<root>/include */
    char *neststep_h;           /* <root>/include/neststep.h */
    char *lib_flag;             /* -L<root>/lib */
};

static void
usage(void)
{
    fputs(
"Usage: nsc [options] file...\n"
"Compiles NestStep-C (.nst) and C (.c) files with mpicc against the NestStep-C\n"
"runtime and BSPlib, and links them into an MPI program (run it with nsrun).\n"
"\n"
"Inputs:  .nst NestStep-C;  .c .i .s .S given to mpicc;  others (.o .a .so) linked.\n"
"\n"
"Options:\n"
"  -o <file>            write the output to <file> (default a.out, or one per input)\n"
"  -c                   compile only: one .o per input\n"
"  -S                   compile to assembler: one .s per input\n"
"  -fsyntax-only        check only (translate, then compile to nothing)\n"
"  -E                   preprocess only (.nst: with neststep.h, not translated)\n"
"  --emit-c             print the translated C of one .nst input (to -o if given;\n"
"                       -o - and -E -o -: standard output)\n"
"  -P, --no-line-markers  translated C without linemarkers (-E: cpp's -P)\n"
"  -fmax-errors=<n>     stop translating after <n> errors (0: no limit; default 20)\n"
"  -Wmirror             say where nsc inserted mirrors for remote reads, and where not\n"
"  -Wperf               name each access in a forall that takes the general path, and why\n"
"  -I<dir> -D<m>[=<v>] -U<m> -include <file> -isystem <dir> -iquote <dir>\n"
"  -idirafter <dir> -Wp,<opts>\n"
"                       preprocessor options\n"
"  -MD -MMD -MP -MF <file> -MT <target> -MQ <target>\n"
"                       write make dependencies while compiling\n"
"  -O<n> -g<...> -W<...> -w -f<...> -m<...> -std=<std> -pthread -pedantic\n"
"  -pedantic-errors -Wa,<opts>\n"
"                       compiler options, given to every stage\n"
"                       (.nst inputs use -std=gnu11 unless -std is given)\n"
"  -l<lib> -L<dir> -Wl,<opts> -Xlinker <opt> -static -rdynamic -s\n"
"                       linker options\n"
"  --simulate           for a simulated machine (bsprun --simulate): compile with\n"
"                       SimGrid's smpicc against the simulation build\n"
"  -v                   print the commands that are run\n"
"  --version            print the version\n"
"  --help               print this text\n"
"\n"
"Environment: NSC_CC, the compiler to run instead of mpicc; NSC_SIMULATE_CC, the\n"
"compiler of --simulate (default smpicc); NS_SIMULATE_ROOT, the simulation build\n"
"(default <root>-simulate); TMPDIR.\n"
"See nsc(1).\n", stdout);
}

/* The kind of an input, from its suffix. */
static enum kind
input_kind(const char *name)
{
    const char *dot = strrchr(name, '.');
    if (!dot || strchr(dot, '/'))
        return IN_LINK;
    if (!strcmp(dot, ".nst"))
        return IN_NST;
    if (!strcmp(dot, ".c") || !strcmp(dot, ".i") || !strcmp(dot, ".s") || !strcmp(dot, ".S"))
        return IN_C;
    return IN_LINK;
}

static void
add_link(struct options *o, const char *arg, int input)
{
    o->links = xrealloc(o->links, (o->nlinks + 1) * sizeof *o->links);
    o->links[o->nlinks++] = (struct link_item){ arg, input };
}

static void
add_input(struct options *o, const char *name)
{
    o->inputs = xrealloc(o->inputs, (o->ninputs + 1) * sizeof *o->inputs);
    o->inputs[o->ninputs] = (struct input){ name, input_kind(name), NULL };
    add_link(o, name, (int)o->ninputs);
    o->ninputs++;
}

static void
set_mode(struct options *o, enum mode m)
{
    if (m < o->mode)                    /* the earliest stage wins, as in gcc */
        o->mode = m;
}

static int
starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The argument of an option that takes one, joined ("-Idir") or separate
 * ("-I dir"); NULL after reporting when it is missing. */
static const char *
option_arg(struct options *o, int argc, char **argv, int *i, const char *opt)
{
    const char *joined = argv[*i] + strlen(opt);
    if (*joined)
        return joined;
    if (*i + 1 < argc)
        return argv[++*i];
    if (!strcmp(opt, "-o"))
        error("missing filename after '%s'", opt);
    else
        error("missing argument to '%s'", opt);
    o->errors++;
    return NULL;
}

/* Options that take an argument and go, with it, into one list.  "joined"
 * says whether "-Xarg" is also accepted. */
static const struct {
    const char *name;
    int joined;
    enum { TO_CPP, TO_DEP, TO_LINK } to;
} arg_options[] = {
    { "-I", 1, TO_CPP }, { "-D", 1, TO_CPP }, { "-U", 1, TO_CPP },
    { "-include", 0, TO_CPP }, { "-isystem", 1, TO_CPP }, { "-iquote", 1, TO_CPP },
    { "-idirafter", 1, TO_CPP },
    { "-MF", 1, TO_DEP }, { "-MT", 1, TO_DEP }, { "-MQ", 1, TO_DEP },
    { "-l", 1, TO_LINK }, { "-L", 1, TO_LINK }, { "-Xlinker", 0, TO_LINK },
};

static int
is_arg_option(const char *a, size_t k)
{
    const char *n = arg_options[k].name;
    return !strcmp(a, n) || (arg_options[k].joined && starts(a, n));
}

/* An option with an argument; the option and its argument keep their
 * joined or separate form.  Returns 0 when a is none of them. */
static int
parse_arg_option(struct options *o, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    for (size_t k = 0; k < sizeof arg_options / sizeof arg_options[0]; k++) {
        if (!is_arg_option(a, k))
            continue;
        const char *name = arg_options[k].name;
        const char *v = option_arg(o, argc, argv, i, name);
        if (!v)
            return 1;
        int separate = v != a + strlen(name);
        struct strvec *to = arg_options[k].to == TO_CPP ? &o->cppflags : &o->depflags;
        if (arg_options[k].to == TO_LINK) {
            add_link(o, a, -1);         /* -lm, -L dir, -Xlinker x in order */
            if (separate)
                add_link(o, v, -1);
            return 1;
        }
        sv_push(to, a);
        if (separate)
            sv_push(to, v);
        o->dep_file_given |= !strcmp(name, "-MF");
        o->dep_target_given |= !strcmp(name, "-MT") || !strcmp(name, "-MQ");
        return 1;
    }
    return 0;
}

static void
parse_max_errors(struct options *o, const char *v)
{
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (!*v || *end || n < 0 || n > INT_MAX || errno) {
        error("argument to '-fmax-errors=' should be a non-negative integer");
        o->errors++;
        return;
    }
    o->max_errors = (int)n;
}

/* Options without an argument that only set something.  Returns 0 when a
 * is none of them. */
static int
parse_flag_option(struct options *o, const char *a)
{
    if (!strcmp(a, "-c"))
        set_mode(o, MODE_COMPILE);
    else if (!strcmp(a, "-S"))
        set_mode(o, MODE_ASSEMBLE);
    else if (!strcmp(a, "-E"))
        set_mode(o, MODE_PREPROCESS);
    else if (!strcmp(a, "--emit-c"))
        o->emit_c_wanted = 1;
    else if (!strcmp(a, "-v"))
        verbose = 1;
    else if (!strcmp(a, "--simulate"))
        o->simulate = 1;
    else if (!strcmp(a, "-P") || !strcmp(a, "--no-line-markers"))
        o->line_markers = 0;
    else if (!strcmp(a, "-MD") || !strcmp(a, "-MMD") || !strcmp(a, "-MP")) {
        sv_push(&o->depflags, a);
        o->dep_wanted |= strcmp(a, "-MP") != 0;
    } else if (!strcmp(a, "-static") || !strcmp(a, "-rdynamic") || !strcmp(a, "-s"))
        sv_push(&o->ldflags, a);
    else
        return 0;
    return 1;
}

/* Compiler options for every stage. */
static int
parse_compiler_option(struct options *o, const char *a)
{
    if (starts(a, "-std=")) {
        o->std = a;
        return 1;
    }
    if (starts(a, "-fmax-errors="))      /* for the translator, and the compiler */
        parse_max_errors(o, a + strlen("-fmax-errors="));
    if (!strcmp(a, "-fsyntax-only")) {
        set_mode(o, MODE_SYNTAX);
        return 1;
    }
    if (!strcmp(a, "-Wmirror") || !strcmp(a, "-Wno-mirror")) {
        o->mirror_warnings = !strcmp(a, "-Wmirror");
        return 1;
    }
    if (!strcmp(a, "-Wperf") || !strcmp(a, "-Wno-perf")) {
        o->perf_warnings = !strcmp(a, "-Wperf");
        return 1;
    }
    if (starts(a, "-Wl,")) {
        add_link(o, a, -1);
        return 1;
    }
    if (starts(a, "-Wp,")) {
        sv_push(&o->cppflags, a);
        return 1;
    }
    if ((starts(a, "-O") || starts(a, "-g") || starts(a, "-W") || starts(a, "-f") ||
         starts(a, "-m")) && a[2] != '\0') {
        sv_push(&o->cflags, a);
        return 1;
    }
    if (!strcmp(a, "-O") || !strcmp(a, "-g") || !strcmp(a, "-w") || !strcmp(a, "-pthread") ||
        !strcmp(a, "-pedantic") || !strcmp(a, "-pedantic-errors")) {
        sv_push(&o->cflags, a);
        return 1;
    }
    return 0;
}

/* --help and --version exit at once, as in gcc. */
static void
parse_info_option(const char *a)
{
    if (!strcmp(a, "--help")) {
        usage();
        exit(0);
    }
    if (!strcmp(a, "--version")) {
        printf("nsc (NestStep-C) %s\n", NSC_VERSION);
        printf("The NestStep-C precompiler; it compiles with mpicc (or $NSC_CC).\n");
        exit(0);
    }
}

static void
parse_args(struct options *o, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] == '\0') {
            if (a[0] == '-') {
                error("reading from standard input ('-') is not supported");
                o->errors++;
            } else
                add_input(o, a);
            continue;
        }
        parse_info_option(a);
        if (starts(a, "-o")) {
            const char *v = option_arg(o, argc, argv, &i, "-o");
            if (v)
                o->output = v;
        } else if (!parse_arg_option(o, argc, argv, &i) && !parse_flag_option(o, a) &&
                   !parse_compiler_option(o, a)) {
            error("unrecognized command-line option '%s'", a);
            o->errors++;
        }
    }
}

/* ---- finding the runtime ---- */

/* <root> is the directory above the one that holds the executable:
 * build/bin/nsc -> build, PREFIX/bin/nsc -> PREFIX. */
static char *
runtime_root(const char *argv0)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0)
        exe[n] = '\0';
    else if (!strchr(argv0, '/') || !realpath(argv0, exe))
        fatal("cannot find the nsc executable to locate the runtime (no /proc/self/exe)");
    char *bin = dirname(exe);
    char *root = dirname(bin);
    return xstrdup(root);
}

/* With --simulate, the simulation build (make simulate): $NS_SIMULATE_ROOT,
 * else <root> itself if it is one (it has share/neststep/platforms), else
 * <root>-simulate (build -> build-simulate); the compiler $NSC_SIMULATE_CC
 * or smpicc. */
static char *
simulation_root(char *root)
{
    const char *env = getenv("NS_SIMULATE_ROOT");
    if (env && *env) {
        free(root);
        return xstrdup(env);
    }
    char *platforms = xstrcat3(root, "/share/neststep", "/platforms");
    int is_simulation = access(platforms, F_OK) == 0;
    free(platforms);
    if (is_simulation)
        return root;
    char *sim = xstrcat3(root, "-simulate", "");
    free(root);
    return sim;
}

static void
locate_runtime(struct options *o, const char *argv0)
{
    const char *cc = getenv(o->simulate ? "NSC_SIMULATE_CC" : "NSC_CC");
    o->cc = cc && *cc ? cc : o->simulate ? "smpicc" : "mpicc";
    char *root = runtime_root(argv0);
    if (o->simulate)
        root = simulation_root(root);
    o->include_flag = xstrcat3("-I", root, "/include");
    o->neststep_h = xstrcat3(root, "/include", "/neststep.h");
    o->lib_flag = xstrcat3("-L", root, "/lib");
    if (access(o->neststep_h, R_OK) != 0)
        fatal("cannot find the NestStep-C runtime header '%s': %s%s", o->neststep_h,
              strerror(errno), o->simulate ? " (--simulate: make simulate builds the "
              "simulation build; NS_SIMULATE_ROOT names another)" : "");
    free(root);
}

/* ---- checks of the whole command line ---- */

static size_t
count_sources(const struct options *o)
{
    size_t n = 0;
    for (size_t i = 0; i < o->ninputs; i++)
        n += o->inputs[i].kind != IN_LINK;
    return n;
}

/* Why an input cannot be used, or NULL: it must be a readable file, not a
 * directory, and a source file must not be empty.  Opened and read, not
 * asked with access(): for root, access() says yes to a file with mode 000
 * and to a directory. */
static const char *
input_problem(const struct input *in)
{
    struct stat st;
    char byte;
    int fd = open(in->name, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return strerror(errno);
    const char *why = NULL;
    if (fstat(fd, &st) != 0)
        why = strerror(errno);
    else if (S_ISDIR(st.st_mode))
        why = "is a directory, not a file";
    else if (S_ISREG(st.st_mode)) {
        ssize_t n = read(fd, &byte, 1);
        if (n < 0)
            why = strerror(errno);
        else if (n == 0 && in->kind != IN_LINK)
            why = "file is empty, nothing to compile";
    }
    close(fd);
    return why;
}

static void
check_inputs_exist(struct options *o)
{
    size_t missing = 0;
    for (size_t i = 0; i < o->ninputs; i++) {
        const char *why = input_problem(&o->inputs[i]);
        if (why) {
            error("%s: %s", o->inputs[i].name, why);
            missing++;
        }
    }
    if (o->ninputs == 0)
        fatal("no input files");
    if (missing)                        /* one line per bad input said why */
        exit(1);
}

/* -o names a file in a directory that exists (checked before any stage
 * runs, so one line says so instead of the compiler's or linker's). */
static void
check_output_dir(const struct options *o)
{
    struct stat st;
    if (!o->output || o->mode == MODE_SYNTAX)
        return;
    if (stat(o->output, &st) == 0 && S_ISDIR(st.st_mode)) {
        error("cannot write '%s': it is a directory", o->output);
        exit(1);
    }
    char *copy = xstrdup(o->output);
    const char *dir = dirname(copy);
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        if (stat(dir, &st) != 0)
            error("cannot write '%s': directory '%s' does not exist", o->output, dir);
        else
            error("cannot write '%s': '%s' is not a directory", o->output, dir);
        exit(1);
    }
    free(copy);
}

static char *derived_name(const char *name, const char *suffix);

/* Is the file named out one of the inputs (the same file, by device and
 * inode, under whatever name: a link, another path)?  Then nsc stops, as
 * gcc does, before anything is written. */
static void
check_not_an_input(const struct options *o, const char *out)
{
    struct stat so, si;
    if (!out || stat(out, &so) != 0 || !S_ISREG(so.st_mode))
        return;                         /* not there yet, or /dev/null and the like */
    for (size_t i = 0; i < o->ninputs; i++) {
        const char *in = o->inputs[i].name;
        if (stat(in, &si) != 0 || si.st_dev != so.st_dev || si.st_ino != so.st_ino)
            continue;
        if (!strcmp(in, out))
            fatal("input file '%s' is the same as output file", in);
        fatal("input file '%s' is the same as output file '%s'", in, out);
    }
}

/* Every file a stage would write (-o, a.out, or the .o/.s that -c/-S
 * derive from each input's name) is none of the inputs. */
static void
check_outputs_not_inputs(const struct options *o)
{
    if (o->mode == MODE_SYNTAX)
        return;
    if (o->output) {
        check_not_an_input(o, o->output);
        return;
    }
    if (o->mode == MODE_LINK) {
        check_not_an_input(o, "a.out");
        return;
    }
    if (o->mode != MODE_COMPILE && o->mode != MODE_ASSEMBLE)
        return;                         /* -E and --emit-c without -o: standard output */
    for (size_t i = 0; i < o->ninputs; i++) {
        if (o->inputs[i].kind == IN_LINK)
            continue;
        char *out = derived_name(o->inputs[i].name, o->mode == MODE_ASSEMBLE ? ".s" : ".o");
        check_not_an_input(o, out);
        free(out);
    }
}

static void
check_command_line(struct options *o)
{
    if (o->errors && o->ninputs == 0)
        fatal("no input files");
    if (o->errors)
        exit(1);
    if (o->emit_c_wanted) {
        if (o->mode != MODE_LINK)
            fatal("'--emit-c' cannot be used with '-c', '-S', '-E' or '-fsyntax-only'");
        o->mode = MODE_EMIT_C;
        if (o->ninputs != 1 || o->inputs[0].kind != IN_NST)
            fatal("'--emit-c' takes exactly one .nst input");
    }
    if (o->mode != MODE_LINK && o->mode != MODE_SYNTAX && o->output && count_sources(o) > 1)
        fatal("cannot specify '-o' with '-c', '-S' or '-E' with multiple files");
    /* -E -o - and --emit-c -o -: standard output, as gcc -E -o - */
    if ((o->mode == MODE_PREPROCESS || o->mode == MODE_EMIT_C) && o->output
        && !strcmp(o->output, "-"))
        o->output = NULL;
}

/* ---- building the command lines ---- */

/* The compiler options, less -g* for the preprocessor: with -E, -g3 would
 * print every #define into the translator's input. */
static void
push_cflags(struct strvec *a, const struct options *o, int for_cpp)
{
    for (size_t i = 0; i < o->cflags.n; i++)
        if (!for_cpp || !starts(o->cflags.v[i], "-g"))
            sv_push(a, o->cflags.v[i]);
}

/* The name without directory and without its last suffix, plus suffix. */
static char *
derived_name(const char *name, const char *suffix)
{
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    const char *dot = strrchr(base, '.');
    size_t n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    char *s = xrealloc(NULL, n + strlen(suffix) + 1);
    memcpy(s, base, n);
    strcpy(s + n, suffix);
    return s;
}

/* With -MD/-MMD, gives the dependency file and target their names unless
 * -MF/-MT/-MQ did: "<out>.d" and "<out>" for the object out of -c and -S,
 * "<input>.d" and "<input>.o" (without directory) when linking, where the
 * object is temporary. */
static void
push_dep_flags(struct strvec *a, const struct options *o, const struct input *in,
               const char *out)
{
    sv_append(a, &o->depflags);
    if (!o->dep_wanted || !out)
        return;
    int linking = o->mode == MODE_LINK;
    if (!o->dep_file_given) {
        const char *stem = linking ? in->name : out;
        char *d = derived_name(stem, ".d");
        if (!linking && strchr(out, '/')) {     /* beside the object */
            size_t dir = (size_t)(strrchr(out, '/') - out) + 1;
            char *full = xrealloc(NULL, dir + strlen(d) + 1);
            memcpy(full, out, dir);
            strcpy(full + dir, d);
            free(d);
            d = full;
        }
        sv_push(a, "-MF");
        sv_push_owned(a, d);
    }
    if (!o->dep_target_given) {
        sv_push(a, "-MQ");              /* quoted for make: names may hold spaces */
        if (linking)
            sv_push_owned(a, derived_name(in->name, ".o"));
        else
            sv_push(a, out);
    }
}

/* mpicc -E for a .nst input, as the translator needs it: $ is never part
 * of an identifier, and neststep.h (by its full name) comes before the
 * user's -include files; quote_dir (or NULL) is searched for "..."
 * includes before the user's -iquote directories, and the user's -I
 * directories before the runtime's. */
static void
nst_cpp_command(struct strvec *a, const struct options *o, const char *quote_dir)
{
    sv_push(a, o->cc);
    sv_push(a, "-E");
    sv_push(a, o->std ? o->std : DEFAULT_STD);
    push_cflags(a, o, 1);
    sv_push(a, "-fno-dollars-in-identifiers");
    sv_push(a, "-include");
    sv_push(a, o->neststep_h);
    if (quote_dir) {
        sv_push(a, "-iquote");
        sv_push(a, quote_dir);
    }
    sv_append(a, &o->cppflags);
    sv_push(a, o->include_flag);
}

/* mpicc -E for a .c input: what its compile would see. */
static void
c_cpp_command(struct strvec *a, const struct options *o)
{
    sv_push(a, o->cc);
    sv_push(a, "-E");
    if (o->std)
        sv_push(a, o->std);
    push_cflags(a, o, 1);
    sv_append(a, &o->cppflags);
    sv_push(a, o->include_flag);
}

/* The option that stops the compiler before the link. */
static void
push_stop(struct strvec *a, const struct options *o)
{
    sv_push(a, o->mode == MODE_SYNTAX ? "-fsyntax-only" : o->mode == MODE_ASSEMBLE ? "-S" : "-c");
}

static void
push_output(struct strvec *a, const char *out)
{
    if (out) {
        sv_push(a, "-o");
        sv_push(a, out);
    }
}

/* ---- the stages ---- */

/* -E: every source input to stdout, or to -o. */
static int
preprocess_input(const struct options *o, const struct input *in)
{
    struct strvec a = { 0 };
    if (in->kind == IN_NST)
        nst_cpp_command(&a, o, NULL);
    else
        c_cpp_command(&a, o);
    if (o->line_markers == 0)
        sv_push(&a, "-P");
    sv_append(&a, &o->depflags);
    if (in->kind == IN_NST) {
        sv_push(&a, "-x");
        sv_push(&a, "c");
    }
    sv_push(&a, in->name);
    push_output(&a, o->output);
    int failed = run(&a);
    sv_free(&a);
    return failed;
}

/* The length of "#pragma mirror" or "#pragma update" (with any blanks)
 * when line starts a directive with one of them, else 0. */
static size_t
mirror_pragma_at(const char *line, const char *end)
{
    const char *p = line;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (p == end || *p++ != '#')
        return 0;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (end - p < 7 || memcmp(p, "pragma", 6) != 0 || (p[6] != ' ' && p[6] != '\t'))
        return 0;
    p += 6;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (end - p < 6 || (memcmp(p, "mirror", 6) != 0 && memcmp(p, "update", 6) != 0))
        return 0;
    p += 6;
    if (p < end && (isalnum((unsigned char)*p) || *p == '_'))
        return 0;
    return (size_t)(p - line);
}

/* The text of the .nst file name with each "#pragma mirror" and "#pragma
 * update" directive turned into the marker "__ns_mirror" / "__ns_update"
 * (blank-padded in front to the same width, so columns stay), which cpp
 * leaves alone and whose argument it macro-expands like any text; lexer.l
 * reads the marker as the pragma.  A line directive first keeps the file's own name.  NULL
 * when the file has no such pragma (or cannot be read: cpp will say so). */
static char *
mark_mirror_pragmas(const char *name, size_t *len)
{
    FILE *f = fopen(name, "rb");
    if (!f)
        return NULL;
    struct buf src = { 0 };
    int bad = read_all(fileno(f), &src) < 0;
    fclose(f);
    int found = 0;
    for (char *line = src.data; !bad && line < src.data + src.len;) {
        char *nl = memchr(line, '\n', (size_t)(src.data + src.len - line));
        const char *end = nl ? nl : src.data + src.len;
        size_t n = mirror_pragma_at(line, end);
        if (n) {
            char *hash = memchr(line, '#', n);
            const char *mark = line[n - 6] == 'm' ? "__ns_mirror" : "__ns_update";
            memset(hash, ' ', (size_t)(line + n - hash));
            memcpy(line + n - 11, mark, 11);        /* cpp keeps indentation only */
            found = 1;
        }
        line = nl ? nl + 1 : src.data + src.len;
    }
    if (!found) {
        free(src.data);
        return NULL;
    }
    struct buf out = { 0 };
    out.cap = 2 * strlen(name) + src.len + 16;
    out.data = xrealloc(NULL, out.cap);
    out.len = (size_t)sprintf(out.data, "# 1 \"");
    for (const char *c = name; *c; c++) {
        if (*c == '"' || *c == '\\')
            out.data[out.len++] = '\\';
        out.data[out.len++] = *c;
    }
    out.len += (size_t)sprintf(out.data + out.len, "\"\n");
    memcpy(out.data + out.len, src.data, src.len);
    out.len += src.len;
    free(src.data);
    *len = out.len;
    return out.data;
}

/* Preprocesses a .nst input into text; out is the file it becomes (for
 * the dependency file), or NULL.  When the file has #pragma mirror/update
 * lines, cpp reads the marked copy (mark_mirror_pragmas) from a temporary
 * directory of its own, with the input's directory first among the "..."
 * include directories, as it is for the input; the dependency file then
 * comes from a run of its own on the input itself. */
static int
preprocess_nst(const struct options *o, const struct input *in, const char *out,
               struct buf *text)
{
    size_t marked_len = 0;
    char *marked = mark_mirror_pragmas(in->name, &marked_len);
    struct strvec a = { 0 };
    if (!marked) {
        nst_cpp_command(&a, o, NULL);
        push_dep_flags(&a, o, in, out);
        sv_push(&a, "-x");
        sv_push(&a, "c");
        sv_push(&a, in->name);
        int failed = run_capture(&a, text);
        sv_free(&a);
        return failed;
    }
    if (o->depflags.n) {                /* the dependencies of the input itself */
        nst_cpp_command(&a, o, NULL);
        push_dep_flags(&a, o, in, out);
        sv_push(&a, "-x");
        sv_push(&a, "c");
        sv_push(&a, in->name);
        sv_push(&a, "-o");
        sv_push(&a, "/dev/null");
        int failed = run(&a);
        sv_free(&a);
        if (failed) {
            free(marked);
            return failed;
        }
    }
    /* the copy alone in a directory of its own, under the input's name */
    const char *slash = strrchr(in->name, '/');
    char *copy = xstrcat3(make_temp_dir(), "/", slash ? slash + 1 : in->name);
    FILE *f = fopen(copy, "wb");
    if (f)
        register_temp(copy);
    if (!f || fwrite(marked, 1, marked_len, f) != marked_len || fclose(f) != 0)
        fatal("cannot write the temporary file '%s': %s", copy, strerror(errno));
    free(marked);
    char *dir = slash ? xrealloc(NULL, (size_t)(slash - in->name) + 2) : NULL;
    if (dir) {
        size_t n = slash == in->name ? 1 : (size_t)(slash - in->name);    /* "/x.nst": "/" */
        memcpy(dir, in->name, n);
        dir[n] = '\0';
    }
    nst_cpp_command(&a, o, dir ? dir : ".");
    sv_push(&a, "-x");
    sv_push(&a, "c");
    sv_push(&a, copy);
    int failed = run_capture(&a, text);
    sv_free(&a);
    free(dir);
    return failed;
}

/* Macros in the arguments of #pragma mirror/update lines from headers
 * (header_pragmas.h): a cpp run with -dD on the input, then one on the
 * definitions with each such argument in its place; 0 or 1. */
static int
expand_header_pragmas(const struct options *o, const struct input *in, struct buf *text)
{
    if (!hp_count(text->data, text->len))
        return 0;
    struct strvec a = { 0 };
    struct buf dd = { 0 }, ex = { 0 };
    nst_cpp_command(&a, o, NULL);
    sv_push(&a, "-dD");
    sv_push(&a, "-x");
    sv_push(&a, "c");
    sv_push(&a, in->name);
    int failed = run_capture(&a, &dd);
    sv_free(&a);
    size_t n = 0;
    char *src = failed ? NULL : hp_expansion_input(dd.data, dd.len, in->name, &n);
    free(dd.data);
    if (!src)
        return failed;
    char *name = make_temp(".c");
    FILE *f = fopen(name, "wb");
    if (!f || fwrite(src, 1, n, f) != n || fclose(f) != 0)
        fatal("cannot write the temporary file '%s': %s", name, strerror(errno));
    free(src);
    sv_push(&a, o->cc);
    sv_push(&a, "-E");
    sv_push(&a, "-P");
    sv_push(&a, "-w");
    sv_push(&a, "-x");
    sv_push(&a, "c");
    sv_push(&a, name);
    failed = run_capture(&a, &ex);
    sv_free(&a);
    char *t = failed ? NULL : hp_substitute(text->data, text->len, ex.data, ex.len, &n);
    free(ex.data);
    if (t) {
        free(text->data);
        text->data = t;
        text->len = text->cap = n;
    }
    return failed;
}

/* Translates text into out (named out_name for messages); 0 or 1. */
static int
translate(const struct options *o, const struct input *in, const struct buf *text,
          FILE *out, const char *out_name)
{
    if (verbose)
        fprintf(stderr, "nsc: translate %s > %s\n", in->name, out_name);
    struct nsc_options to = {
        .input_name = in->name,
        .max_errors = o->max_errors,
        .line_markers = o->line_markers,
        .mirror_warnings = o->mirror_warnings,
        .perf_warnings = o->perf_warnings,
    };
    int errors = nsc_translate(text->data, text->len, out, &to);
    if (fflush(out) != 0 || ferror(out)) {
        error("writing '%s': %s", out_name, strerror(errno));
        return 1;
    }
    return errors != 0;
}

/* Translates text into the file named c_file, which is removed again
 * when translation fails (as a compiler removes a failed output). */
static int
translate_to_file(const struct options *o, const struct input *in, const struct buf *text,
                  const char *c_file)
{
    FILE *f = fopen(c_file, "w");
    if (!f) {
        error("cannot open '%s': %s", c_file, strerror(errno));
        return 1;
    }
    int failed = translate(o, in, text, f, c_file);
    if (fclose(f) != 0 && !failed) {
        error("writing '%s': %s", c_file, strerror(errno));
        failed = 1;
    }
    if (failed)
        unlink(c_file);
    return failed;
}

/* Preprocesses and translates in into the file named c_file; obj is the
 * file it becomes, for the dependency file, or NULL.  0 or 1. */
static int
nst_to_c(const struct options *o, const struct input *in, const char *obj, const char *c_file)
{
    struct buf text = { 0 };
    int failed = preprocess_nst(o, in, obj, &text);
    if (!failed)
        failed = expand_header_pragmas(o, in, &text);
    if (!failed)
        failed = translate_to_file(o, in, &text, c_file);
    free(text.data);
    return failed;
}

/* --emit-c: the translated C of the one input to stdout or -o. */
static int
emit_c(const struct options *o)
{
    const struct input *in = &o->inputs[0];
    if (o->output)
        return nst_to_c(o, in, NULL, o->output);
    struct buf text = { 0 };
    int failed = preprocess_nst(o, in, NULL, &text);
    if (!failed)
        failed = expand_header_pragmas(o, in, &text);
    if (!failed)
        failed = translate(o, in, &text, stdout, "standard output");
    free(text.data);
    return failed;
}

/* A .nst input to out (an object, or assembler with -S). */
static int
compile_nst(const struct options *o, const struct input *in, const char *out)
{
    char *c_file = make_temp(".i");
    if (nst_to_c(o, in, out, c_file))
        return 1;
    struct strvec a = { 0 };
    sv_push(&a, o->cc);
    sv_push(&a, o->std ? o->std : DEFAULT_STD);
    push_cflags(&a, o, 0);
    sv_push(&a, "-x");
    sv_push(&a, "cpp-output");
    push_stop(&a, o);
    sv_push(&a, c_file);
    push_output(&a, out);
    int failed = run(&a);
    sv_free(&a);
    return failed;
}

/* A .c (.i .s .S) input to out. */
static int
compile_c(const struct options *o, const struct input *in, const char *out)
{
    struct strvec a = { 0 };
    sv_push(&a, o->cc);
    if (o->std)
        sv_push(&a, o->std);
    push_cflags(&a, o, 0);
    sv_append(&a, &o->cppflags);
    push_dep_flags(&a, o, in, out);
    sv_push(&a, o->include_flag);
    push_stop(&a, o);
    sv_push(&a, in->name);
    push_output(&a, out);
    int failed = run(&a);
    sv_free(&a);
    return failed;
}

/* Where -c or -S puts the output of in; a temporary object when linking;
 * NULL with -fsyntax-only. */
static char *
output_name(const struct options *o, const struct input *in)
{
    if (o->mode == MODE_SYNTAX)
        return NULL;
    if (o->mode == MODE_LINK)
        return make_temp(".o");
    if (o->output)
        return xstrdup(o->output);
    return derived_name(in->name, o->mode == MODE_ASSEMBLE ? ".s" : ".o");
}

/* Compiles every source input (all of them, to show all errors). */
static int
compile_all(struct options *o)
{
    int failed = 0;
    for (size_t i = 0; i < o->ninputs; i++) {
        struct input *in = &o->inputs[i];
        if (in->kind == IN_LINK)
            continue;
        in->object = output_name(o, in);
        failed |= in->kind == IN_NST ? compile_nst(o, in, in->object)
                                     : compile_c(o, in, in->object);
    }
    return failed;
}

static int
link_all(const struct options *o)
{
    struct strvec a = { 0 };
    sv_push(&a, o->cc);
    push_cflags(&a, o, 0);
    sv_append(&a, &o->ldflags);
    for (size_t i = 0; i < o->nlinks; i++) {
        const struct link_item *l = &o->links[i];
        sv_push(&a, l->input < 0 || !o->inputs[l->input].object ? l->arg
                                                                : o->inputs[l->input].object);
    }
    sv_push(&a, o->lib_flag);
    sv_push(&a, "-Wl,-Bstatic");        /* the static libraries, .so beside them or not */
    sv_push(&a, "-lbsp");
    sv_push(&a, "-lnsengine");
    sv_push(&a, "-Wl,-Bdynamic");
    push_output(&a, o->output ? o->output : "a.out");
    int failed = run(&a);
    sv_free(&a);
    return failed;
}

static void
warn_unused_link_inputs(const struct options *o)
{
    for (size_t i = 0; i < o->ninputs; i++)
        if (o->inputs[i].kind == IN_LINK)
            warning("%s: linker input file unused because linking not done",
                    o->inputs[i].name);
}

static int
preprocess_all(const struct options *o)
{
    int failed = 0;
    for (size_t i = 0; i < o->ninputs; i++)
        if (o->inputs[i].kind != IN_LINK)
            failed |= preprocess_input(o, &o->inputs[i]);
    return failed;
}

static int
run_mode(struct options *o)
{
    switch (o->mode) {
    case MODE_PREPROCESS:
        warn_unused_link_inputs(o);
        return preprocess_all(o);
    case MODE_EMIT_C:
        return emit_c(o);
    case MODE_SYNTAX:
    case MODE_ASSEMBLE:
    case MODE_COMPILE:
        warn_unused_link_inputs(o);
        return compile_all(o);
    case MODE_LINK:
        return compile_all(o) || link_all(o);
    }
    return 1;
}

static void
free_options(struct options *o)
{
    sv_free(&o->cflags);
    sv_free(&o->cppflags);
    sv_free(&o->depflags);
    sv_free(&o->ldflags);
    if (o->mode != MODE_LINK)   /* when linking, objects are temporaries: the temp list owns them */
        for (size_t i = 0; i < o->ninputs; i++)
            free(o->inputs[i].object);
    free(o->inputs);
    free(o->links);
    free(o->include_flag);
    free(o->neststep_h);
    free(o->lib_flag);
}

int
main(int argc, char **argv)
{
    struct options o = {
        .mode = MODE_LINK,
        .max_errors = DEFAULT_MAX_ERRORS,
        .line_markers = 1,
    };
    parse_args(&o, argc, argv);
    if (verbose)
        fprintf(stderr, "nsc (NestStep-C) %s\n", NSC_VERSION);
    if (verbose && argc == 2)
        return 0;                       /* "nsc -v" alone: the version, as gcc -v */
    check_command_line(&o);
    install_signal_handlers();
    locate_runtime(&o, argv[0]);
    check_inputs_exist(&o);
    check_output_dir(&o);
    check_outputs_not_inputs(&o);
    int failed = run_mode(&o);
    free_options(&o);
    return failed ? 1 : 0;
}
