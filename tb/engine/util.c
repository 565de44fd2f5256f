/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE   700 /* realpath */
#include "util.h"
#include "unit.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int gpucoh_afile_open(gpucoh_afile_t* a, const char* path, char* err, size_t errlen) {
    memset(a, 0, sizeof *a);
    if (strlen(path) >= sizeof a->path) {
        snprintf(err, errlen, "output path too long: %s", path);
        return -1;
    }
    snprintf(a->path, sizeof a->path, "%s", path);
    snprintf(a->tmp, sizeof a->tmp, "%s.tmp.%ld", path, (long)getpid());
    a->f = fopen(a->tmp, "w");
    if (!a->f) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int gpucoh_afile_commit(gpucoh_afile_t* a, char* err, size_t errlen) {
    int bad = ferror(a->f);
    if (fclose(a->f) != 0)
        bad = 1;
    a->f = NULL;
    if (bad || rename(a->tmp, a->path) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", a->path, strerror(errno));
        remove(a->tmp);
        return -1;
    }
    return 0;
}

void gpucoh_afile_abort(gpucoh_afile_t* a) {
    if (a->f) {
        fclose(a->f);
        a->f = NULL;
        remove(a->tmp);
    }
}

void gpucoh_json_str(FILE* f, const char* s) {
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

void gpucoh_json_kv(FILE* f, const char* sep, const char* key, const char* val) {
    fprintf(f, "%s\"%s\": ", sep, key);
    gpucoh_json_str(f, val);
}

uint64_t gpucoh_fnv1a(uint64_t h, const void* p, size_t n) {
    const unsigned char* b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001B3ull;
    }
    return h;
}

bool gpucoh_fnv1a_file(uint64_t* h, const char* path) {
    FILE* f = fopen(path, "rb");
    if (!f)
        return false;
    unsigned char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        *h = gpucoh_fnv1a(*h, buf, n);
    bool ok = !ferror(f);
    fclose(f);
    return ok;
}

/* Read at most limit + 1 bytes of f into a buffer of limit + 1 bytes: the count read. */
static size_t read_bounded(FILE* f, char* b, size_t limit) {
    size_t n = 0, r;
    while (n <= limit && (r = fread(b + n, 1, limit + 1 - n, f)) > 0)
        n += r;
    return n;
}

char* gpucoh_read_text(const char* path, const char* what, size_t limit, size_t* n, char* err,
                       size_t errlen) {
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: is a directory, not a %s file", path, what);
        return NULL;
    }
    FILE* f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    char* b = malloc(limit + 2);
    const size_t got = b ? read_bounded(f, b, limit) : 0;
    const bool bad = ferror(f);
    fclose(f);
    if (!b || bad || got > limit || memchr(b, 0, got)) {
        if (!b)
            snprintf(err, errlen, "%s: out of memory", path);
        else if (bad)
            snprintf(err, errlen, "%s: read error", path);
        else if (got > limit)
            snprintf(err, errlen, "%s: larger than the limit of %zu bytes for a %s file", path,
                     limit, what);
        else
            snprintf(err, errlen, "%s: not a text file (NUL byte)", path);
        free(b);
        return NULL;
    }
    b[got] = 0;
    *n = got;
    return b;
}

void gpucoh_name_tag(const char* diff, char* buf, size_t n) {
    const size_t l = strlen(diff);
    if (l == 0) {
        snprintf(buf, n, "%s", "");
    } else if (l <= 40 && l + 2 <= n) {
        buf[0] = '-';
        for (size_t i = 0; i <= l; i++) /* a file name: separators and '/' become '-' */
            buf[i + 1] = diff[i] == ' ' || diff[i] == '/' || diff[i] == ':' ? '-' : diff[i];
    } else {
        snprintf(buf, n, "-p%08llx",
                 (unsigned long long)(gpucoh_fnv1a(0xcbf29ce484222325ull, diff, l) & 0xffffffffu));
    }
}

bool gpucoh_parse_u64(const char* s, uint64_t* v) {
    if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
        return false;
    int base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
        if (!*s)
            return false;
    }
    errno = 0;
    char* end = NULL;
    unsigned long long x = strtoull(s, &end, base);
    if (errno || *end || end == s)
        return false;
    *v = (uint64_t)x;
    return true;
}

const char* gpucoh_root(void) {
    static char root[PATH_MAX];
    if (root[0])
        return root;
    const char* env = getenv("GPUCOH_ROOT");
    if (env && *env) { /* absolute, so that replay lines work from any directory */
        if (!realpath(env, root))
            snprintf(root, sizeof root, "%s", env);
        return root;
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        snprintf(root, sizeof root, ".");
        return root;
    }
    exe[n] = 0;
    for (int up = 0; up < 2; up++) {
        char* slash = strrchr(exe, '/');
        if (slash)
            *slash = 0;
    }
    snprintf(root, sizeof root, "%s", exe[0] ? exe : "/");
    return root;
}

int gpucoh_mkdirs(const char* path) {
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char* p = tmp + 1; *p; p++) {
        if (*p == '/') {
            *p = 0;
            if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    }
    if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
        return -1;
    return 0;
}

double gpucoh_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- command-line conventions (docs/cli.md) ------------------------------------------------ */

#ifndef GPUCOH_VERSION
#define GPUCOH_VERSION "unknown (built without tools/version.sh)"
#endif

const char* gpucoh_version(void) {
    return GPUCOH_VERSION;
}

static const char* prog_name = "gpucoh";
const char* gpucoh_prog(void) {
    return prog_name;
}
void gpucoh_set_prog(const char* name) {
    prog_name = name;
}

void gpucoh_split_free(int argc, char** argv, int nargc, char** nargv) {
    for (int i = 0; i < nargc; i++) {
        bool own = true; /* a "--name=value" half, not a word of argv */
        for (int j = 0; j < argc && own; j++)
            own = nargv[i] != argv[j];
        if (own)
            free(nargv[i]);
    }
    free(nargv);
}

int gpucoh_split_opts(int argc, char** argv, int* nargc, char*** nargv) {
    /* options of any command that never take a value */
    static const char* const flags[] = {"--quiet",   "--coverage", "--help",  "--quick",
                                        "--no-plot", "--list",     "--count", "--no-dedup",
                                        "--check",   "--axioms",   NULL};
    char** v = calloc((size_t)(2 * argc + 1), sizeof *v);
    if (!v) {
        fprintf(stderr, "%s: out of memory\n", prog_name);
        return -1;
    }
    int n = 0;
    for (int i = 0; i < argc; i++) {
        const char* a = argv[i];
        const char* eq = i > 0 && a[0] == '-' && a[1] == '-' && a[2] ? strchr(a, '=') : NULL;
        if (!eq || eq == a + 2) {
            v[n++] = argv[i];
            continue;
        }
        const size_t nl = (size_t)(eq - a);
        for (const char* const* f = flags; *f; f++)
            if (strlen(*f) == nl && !strncmp(*f, a, nl)) {
                fprintf(stderr, "%s: option %s takes no value (got '%s')\n", prog_name, *f, a);
                gpucoh_split_free(argc, argv, n, v);
                return -1;
            }
        char* name = malloc(nl + 1);
        char* val = strdup(eq + 1);
        if (!name || !val) {
            free(name);
            free(val);
            gpucoh_split_free(argc, argv, n, v);
            fprintf(stderr, "%s: out of memory\n", prog_name);
            return -1;
        }
        memcpy(name, a, nl);
        name[nl] = 0;
        v[n++] = name;
        v[n++] = val;
    }
    v[n] = NULL;
    *nargc = n;
    *nargv = v;
    return 0;
}

int gpucoh_opt_u64(const char* opt, const char* s, uint64_t lo, uint64_t hi, uint64_t* v) {
    uint64_t x;
    if (!gpucoh_parse_u64(s, &x)) {
        /* all digits but beyond 64 bits: out of range, not malformed */
        const bool digits = s && *s && strspn(s, "0123456789") == strlen(s);
        if (digits)
            fprintf(stderr, "%s: %s: %s is out of range ", prog_name, opt, s);
        else
            fprintf(stderr, "%s: %s: '%s' is not an unsigned number", prog_name, opt, s ? s : "");
        if (!digits) {
            fputc('\n', stderr);
            return -1;
        }
    } else if (x >= lo && x <= hi) {
        *v = x;
        return 0;
    } else {
        fprintf(stderr, "%s: %s: %s is out of range ", prog_name, opt, s);
    }
    fprintf(stderr, "%llu..%llu\n", (unsigned long long)lo, (unsigned long long)hi);
    return -1;
}

int gpucoh_opt_u32(const char* opt, const char* s, uint32_t lo, uint32_t hi, uint32_t* v) {
    uint64_t x;
    if (gpucoh_opt_u64(opt, s, lo, hi, &x) != 0)
        return -1;
    *v = (uint32_t)x;
    return 0;
}

const char* gpucoh_default_out(void) {
    static char d[PATH_MAX];
    if (!d[0])
        snprintf(d, sizeof d, "%s/build/out", gpucoh_root());
    return d;
}

/* Can a new file be created at path? 0, or -1 with errno set. */
static int probe_file(const char* path) {
    char tmp[PATH_MAX + 32];
    snprintf(tmp, sizeof tmp, "%s.probe.%ld", path, (long)getpid());
    const int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd < 0)
        return -1;
    close(fd);
    unlink(tmp);
    return 0;
}

int gpucoh_check_out_file(const char* opt, const char* path, char* err, size_t errlen) {
    struct stat st;
    if (!path || !*path) {
        snprintf(err, errlen, "%s: an empty path; nothing was run", opt);
        return -1;
    }
    if (strlen(path) >= 1000) {
        snprintf(err, errlen, "cannot write %.60s... (%s): path too long; nothing was run", path,
                 opt);
        return -1;
    }
    if (!strcmp(path, "-")) { /* not standard output: the command's summary goes there */
        snprintf(err, errlen,
                 "cannot write - (%s): '-' is not standard output here, the report is a file "
                 "(name one; ./- for a file called '-'); nothing was run",
                 opt);
        return -1;
    }
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "cannot write %s (%s): it is a directory; nothing was run", path,
                 opt);
        return -1;
    }
    if (probe_file(path) != 0) {
        snprintf(err, errlen, "cannot write %s (%s): %s; nothing was run", path, opt,
                 strerror(errno));
        return -1;
    }
    return 0;
}

int gpucoh_check_out_dir(const char* opt, const char* dir, char* err, size_t errlen) {
    struct stat st;
    if (!dir || !*dir) {
        snprintf(err, errlen, "%s: an empty path; nothing was run", opt);
        return -1;
    }
    if (gpucoh_mkdirs(dir) != 0 || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "cannot create the directory %s (%s): %s; nothing was run", dir, opt,
                 errno ? strerror(errno) : "not a directory");
        return -1;
    }
    char probe[PATH_MAX + 8];
    snprintf(probe, sizeof probe, "%s/.gpucoh", dir);
    if (probe_file(probe) != 0) {
        snprintf(err, errlen, "cannot write in the directory %s (%s): %s; nothing was run", dir,
                 opt, strerror(errno));
        return -1;
    }
    return 0;
}

static void fmt_secs(char* b, size_t n, double s) {
    if (s < 0)
        s = 0;
    const unsigned long t = (unsigned long)(s + 0.5);
    if (t < 60)
        snprintf(b, n, "%lu s", t);
    else if (t < 3600)
        snprintf(b, n, "%lu min %02lu s", t / 60, t % 60);
    else
        snprintf(b, n, "%lu h %02lu min", t / 3600, t / 60 % 60);
}

void gpucoh_progress_start(gpucoh_progress_t* p, const char* what, bool on) {
    memset(p, 0, sizeof *p);
    snprintf(p->what, sizeof p->what, "%s", what);
    p->on = on;
    p->t0 = p->last = gpucoh_now();
    p->every = 5.0;
    const char* e = getenv("GPUCOH_PROGRESS_SECONDS");
    if (e && *e) {
        char* end = NULL;
        const double x = strtod(e, &end);
        if (end && !*end && x > 0)
            p->every = x;
    }
}

void gpucoh_progress(gpucoh_progress_t* p, uint64_t done, uint64_t total, const char* unit,
                     const char* extra) {
    if (!p->on)
        return;
    const double now = gpucoh_now();
    if (now - p->last < p->every)
        return;
    p->last = now;
    const double el = now - p->t0, rate = el > 0 ? (double)done / el : 0.0;
    char r[32], e[32], eta[48] = "";
    if (rate >= 1e6)
        snprintf(r, sizeof r, "%.2f M", rate / 1e6);
    else
        snprintf(r, sizeof r, "%.0f", rate);
    fmt_secs(e, sizeof e, el);
    if (total && done <= total && rate > 0) {
        char t[32];
        fmt_secs(t, sizeof t, (double)(total - done) / rate);
        snprintf(eta, sizeof eta, ", ETA %s", t);
    }
    if (total)
        fprintf(stderr, "  [%s] %llu/%llu %s (%.0f%%), %s %s/s, elapsed %s%s%s\n", p->what,
                (unsigned long long)done, (unsigned long long)total, unit,
                100.0 * (double)done / (double)total, r, unit, e, eta, extra ? extra : "");
    else
        fprintf(stderr, "  [%s] %llu %s, %s %s/s, elapsed %s%s\n", p->what,
                (unsigned long long)done, unit, r, unit, e, extra ? extra : "");
    fflush(stderr);
}

volatile sig_atomic_t gpucoh_interrupted = 0;

static void (*volatile sig_cleanup)(void); /* gpucoh_on_signal_cleanup */

/* Die by sig as if uncaught, after the cleanup (async-signal-safe: unlink, rmdir). */
static void die_by(int sig) {
    if (sig_cleanup)
        sig_cleanup();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void on_sigint(int sig) {
    if (gpucoh_interrupted) /* a second Ctrl-C kills as usual */
        die_by(sig);
    gpucoh_interrupted = 1;
}

static void catch_signal(int sig, void (*fn)(int)) {
    struct sigaction sa;
    /* a background job started with SIGINT ignored (`cmd &` in a script, nohup) keeps it so */
    if (sigaction(sig, NULL, &sa) == 0 && sa.sa_handler == SIG_IGN)
        return;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = fn;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART; /* interrupted calls go on */
    sigaction(sig, &sa, NULL);
}

void gpucoh_catch_interrupt(void) {
    catch_signal(SIGINT, on_sigint);
}

void gpucoh_on_signal_cleanup(void (*fn)(void)) {
    sig_cleanup = fn;
    catch_signal(SIGTERM, die_by);
}

/* u's entry of rtl_files for module top (named <top>.sv, in any folder), NULL if none */
static const char* rtl_entry(const struct gpucoh_unit* u, const char* top) {
    char want[128];
    snprintf(want, sizeof want, "%s.sv", top ? top : "");
    for (const char* const* f = u->rtl_files; f && *f; f++) {
        const char* slash = strrchr(*f, '/');
        if (!strcmp(slash ? slash + 1 : *f, want))
            return *f;
    }
    return NULL;
}

const char* gpucoh_unit_folder(const struct gpucoh_unit* u, char* buf, size_t n) {
    const char* f = rtl_entry(u, u->top);
    const char* slash = f ? strrchr(f, '/') : NULL;
    buf[0] = '\0';
    if (slash)
        snprintf(buf, n, "%.*s", (int)(slash - f), f);
    return buf;
}

void gpucoh_unit_file(const struct gpucoh_unit* u, const char* role, const char* name,
                      const char* suffix, char* out, size_t n) {
    char dir[128];
    gpucoh_unit_folder(u, dir, sizeof dir);
    snprintf(out, n, "%s/%s/%s%s%s%s", gpucoh_root(), role, dir, dir[0] ? "/" : "", name, suffix);
}

bool gpucoh_unit_reads(const struct gpucoh_unit* u, const char* top) {
    return rtl_entry(u, top) != NULL;
}
