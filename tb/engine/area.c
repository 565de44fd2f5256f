/* SPDX-License-Identifier: Apache-2.0 */
/*
 * area.c -- run synth/synth.sh for one unit configuration, cache its result, parse area.txt.
 * See area.h and docs/area-method.md.
 */
#define _POSIX_C_SOURCE 200809L

#include "area.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define AREA_PATH_MAX      4096
#define AREA_CACHE_VERSION "gpucoh-area-cache-v1"

/* ---- small helpers ------------------------------------------------------------------------ */

static int set_err(char* err, size_t errlen, const char* fmt, ...) {
    if (err != NULL && errlen > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int join_path(char* dst, size_t n, const char* a, const char* b) {
    int r;
    if (b[0] == '/' || a == NULL || a[0] == '\0') {
        r = snprintf(dst, n, "%s", b);
    } else {
        size_t la = strlen(a);
        r = snprintf(dst, n, "%s%s%s", a, (la > 0 && a[la - 1] == '/') ? "" : "/", b);
    }
    return (r < 0 || (size_t)r >= n) ? -1 : 0;
}

static bool is_identifier(const char* s) {
    if (s == NULL || s[0] == '\0')
        return false;
    for (const char* p = s; *p != '\0'; p++) {
        char c = *p;
        bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        bool digit = c >= '0' && c <= '9';
        if (!(alpha || (digit && p != s)))
            return false;
    }
    return true;
}

/* "Name=Value": Name an identifier, Value non-empty without whitespace. */
static bool is_param(const char* s) {
    const char* eq = strchr(s, '=');
    if (eq == NULL || eq == s || eq[1] == '\0')
        return false;
    for (const char* p = s; p < eq; p++) {
        char c = *p;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
                  (c >= '0' && c <= '9' && p != s);
        if (!ok)
            return false;
    }
    for (const char* p = eq + 1; *p != '\0'; p++)
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            return false;
    return true;
}

static int mkdir_p(const char* path, char* err, size_t errlen) {
    char buf[AREA_PATH_MAX];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof buf)
        return set_err(err, errlen, "work directory path '%s' is empty or too long", path);
    memcpy(buf, path, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] == '/' || buf[i] == '\0') {
            char saved = buf[i];
            buf[i] = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return set_err(err, errlen, "cannot create directory '%s': %s", buf,
                               strerror(errno));
            buf[i] = saved;
        }
    }
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return set_err(err, errlen, "'%s' is not a directory", path);
    return 0;
}

/* ---- input fingerprint (FNV-1a 64, two lanes) --------------------------------------------- */

typedef struct {
    uint64_t a, b;
} fp_t;

static void fp_bytes(fp_t* h, const void* data, size_t n) {
    const unsigned char* p = data;
    for (size_t i = 0; i < n; i++) {
        h->a = (h->a ^ p[i]) * 0x100000001b3ULL;
        h->b = (h->b ^ (unsigned char)(p[i] + 0x5bu)) * 0x100000001b3ULL;
    }
}

static void fp_str(fp_t* h, const char* tag, const char* s) {
    fp_bytes(h, tag, strlen(tag) + 1);
    if (s == NULL)
        fp_bytes(h, "\x01(null)", 8);
    else
        fp_bytes(h, s, strlen(s) + 1);
}

/* Hashes a file's contents (or the fact that it is missing). */
static void fp_file(fp_t* h, const char* tag, const char* path) {
    fp_str(h, tag, path);
    FILE* f = fopen(path, "rb");
    if (f == NULL) {
        fp_str(h, "missing", strerror(errno));
        return;
    }
    unsigned char buf[65536];
    size_t n;
    uint64_t total = 0;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        fp_bytes(h, buf, n);
        total += n;
    }
    fp_bytes(h, &total, sizeof total);
    fclose(f);
}

static int cmp_str(const void* x, const void* y) {
    const char* const* a = x;
    const char* const* b = y;
    return strcmp(*a, *b);
}

/* Hashes every regular file of a directory, in name order. */
static void fp_dir(fp_t* h, const char* dir) {
    fp_str(h, "dir", dir);
    DIR* d = opendir(dir);
    if (d == NULL) {
        fp_str(h, "missing", "");
        return;
    }
    char* names[512] = {0};
    size_t count = 0;
    struct dirent* e;
    while ((e = readdir(d)) != NULL && count < sizeof names / sizeof names[0]) {
        if (e->d_name[0] == '.')
            continue;
        names[count] = strdup(e->d_name);
        if (names[count] != NULL)
            count++;
    }
    closedir(d);
    qsort(names, count, sizeof names[0], cmp_str);
    for (size_t i = 0; i < count; i++) {
        char p[AREA_PATH_MAX];
        struct stat st;
        if (join_path(p, sizeof p, dir, names[i]) == 0 && stat(p, &st) == 0 && S_ISREG(st.st_mode))
            fp_file(h, "inc", p);
        free(names[i]);
    }
}

/* Hashes the identity (path, size, mtime) of a tool binary found like the shell would. */
static void fp_tool(fp_t* h, const char* name) {
    char p[AREA_PATH_MAX];
    struct stat st;
    bool found = false;
    if (strchr(name, '/') != NULL) {
        found = snprintf(p, sizeof p, "%s", name) < (int)sizeof p && stat(p, &st) == 0;
    } else {
        const char* path = getenv("PATH");
        while (!found && path != NULL && *path != '\0') {
            const char* colon = strchr(path, ':');
            size_t len = colon ? (size_t)(colon - path) : strlen(path);
            if (len > 0 && len + strlen(name) + 2 < sizeof p) {
                memcpy(p, path, len);
                p[len] = '/';
                strcpy(p + len + 1, name);
                found = stat(p, &st) == 0 && S_ISREG(st.st_mode) && access(p, X_OK) == 0;
            }
            path = colon ? colon + 1 : NULL;
        }
    }
    fp_str(h, "tool", name);
    if (!found) {
        fp_str(h, "missing", "");
        return;
    }
    fp_str(h, "at", p);
    long long sz = (long long)st.st_size, mt = (long long)st.st_mtime;
    fp_bytes(h, &sz, sizeof sz);
    fp_bytes(h, &mt, sizeof mt);
}

/* Environment variables read by synth/synth.sh that change its result. */
static const char* const ENV_KNOBS[] = {
    "GPUCOH_LIBERTY",
    "GPUCOH_CLOCK_NS",
    "GPUCOH_ABC",
    "GPUCOH_ABC_DELAY_PS",
    "GPUCOH_ABC_BUFFER",
    "GPUCOH_DRIVE_CELL",
    "GPUCOH_LOAD_PF",
    "GPUCOH_SYNTH_OPTS",
    "GPUCOH_WIDE_SHIFT_MAP",
    "GPUCOH_PKG",
    "GPUCOH_IO_IN_FRAC",
    "GPUCOH_IO_OUT_FRAC",
    "GPUCOH_SRAM_CELL_UM2",
    "GPUCOH_SRAM_PORT_GROWTH",
    "GPUCOH_SRAM_PERIPH_FRAC",
    "GPUCOH_SRAM_MACRO_FIXED_UM2",
    "YOSYS",
    "STA",
};

/* ---- area.txt ---------------------------------------------------------------------------- */

static char* trim(char* s) {
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    return s;
}

static int parse_double(const char* v, double* out, bool allow_na) {
    if (allow_na && strcmp(v, "NA") == 0) {
        *out = NAN;
        return 0;
    }
    char* end;
    errno = 0;
    double d = strtod(v, &end);
    if (errno != 0 || end == v || *end != '\0' || !isfinite(d))
        return -1;
    *out = d;
    return 0;
}

static int parse_u32(const char* v, uint32_t* out) {
    char* end;
    errno = 0;
    unsigned long long u = strtoull(v, &end, 10);
    if (errno != 0 || end == v || *end != '\0' || v[0] == '-' || u > UINT32_MAX)
        return -1;
    *out = (uint32_t)u;
    return 0;
}

/* The optional keys of the I/O-budget timing (docs/area-method.md §2.5); others are ignored. */
static int parse_io_key(const char* key, const char* v, gpucoh_area_t* a, const char* path,
                        int lineno, char* err, size_t errlen) {
    int bad = 0;
    if (strcmp(key, "crit_path_io_ns") == 0)
        bad = parse_double(v, &a->crit_path_io_ns, true);
    else if (strcmp(key, "fmax_io_mhz") == 0)
        bad = parse_double(v, &a->fmax_io_mhz, true);
    else if (strcmp(key, "io_limit_class") == 0) {
        bad = strlen(v) >= sizeof a->io_limit_class;
        if (!bad)
            snprintf(a->io_limit_class, sizeof a->io_limit_class, "%s", v);
    }
    if (bad)
        return set_err(err, errlen, "%s:%d: bad value '%s' for '%s'", path, lineno, v, key);
    return 0;
}

int gpucoh_area_parse(const char* path, gpucoh_area_t* out, char* err, size_t errlen) {
    enum {
        K_CELLS,
        K_AREA,
        K_GE,
        K_FLOPS,
        K_FF,
        K_LOGIC,
        K_BITS,
        K_MACRO,
        K_TOTAL,
        K_CRIT,
        K_FMAX,
        K_SECS,
        K_COUNT
    };
    static const char* const keys[K_COUNT] = {"cells",        "area_um2",       "ge",
                                              "flops",        "ff_area_um2",    "logic_area_um2",
                                              "storage_bits", "sram_macro_um2", "sram_total_um2",
                                              "crit_path_ns", "fmax_mhz",       "synth_seconds"};
    if (path == NULL || out == NULL)
        return set_err(err, errlen, "gpucoh_area_parse: NULL argument");
    FILE* f = fopen(path, "r");
    if (f == NULL)
        return set_err(err, errlen, "cannot open '%s': %s", path, strerror(errno));
    gpucoh_area_t a;
    memset(&a, 0, sizeof a);
    a.crit_path_io_ns = NAN;
    a.fmax_io_mhz = NAN;
    bool seen[K_COUNT] = {false};
    char line[1024];
    int lineno = 0;
    int rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f) != NULL) {
        lineno++;
        char* s = trim(line);
        if (s[0] == '\0' || s[0] == '#')
            continue;
        char* sp = strpbrk(s, " \t");
        if (sp == NULL)
            continue;
        *sp = '\0';
        char* v = trim(sp + 1);
        int k;
        for (k = 0; k < K_COUNT; k++)
            if (strcmp(s, keys[k]) == 0)
                break;
        if (k == K_COUNT) {
            rc = parse_io_key(s, v, &a, path, lineno, err, errlen);
            continue; /* an optional or informational key */
        }
        int bad = 0;
        switch (k) {
        case K_CELLS:
            bad = parse_u32(v, &a.cells);
            break;
        case K_FLOPS:
            bad = parse_u32(v, &a.flops);
            break;
        case K_BITS:
            bad = parse_u32(v, &a.storage_bits);
            break;
        case K_AREA:
            bad = parse_double(v, &a.area_um2, false);
            break;
        case K_GE:
            bad = parse_double(v, &a.ge, false);
            break;
        case K_FF:
            bad = parse_double(v, &a.ff_area_um2, false);
            break;
        case K_LOGIC:
            bad = parse_double(v, &a.logic_area_um2, false);
            break;
        case K_MACRO:
            bad = parse_double(v, &a.sram_macro_um2, false);
            break;
        case K_TOTAL:
            bad = parse_double(v, &a.sram_total_um2, false);
            break;
        case K_CRIT:
            bad = parse_double(v, &a.crit_path_ns, true);
            break;
        case K_FMAX:
            bad = parse_double(v, &a.fmax_mhz, true);
            break;
        case K_SECS:
            bad = parse_double(v, &a.synth_seconds, false);
            break;
        default:
            break;
        }
        if (bad)
            rc = set_err(err, errlen, "%s:%d: bad value '%s' for '%s'", path, lineno, v, s);
        seen[k] = true;
    }
    fclose(f);
    if (rc != 0)
        return rc;
    for (int k = 0; k < K_COUNT; k++)
        if (!seen[k])
            return set_err(err, errlen, "%s: key '%s' is missing (incomplete result?)", path,
                           keys[k]);
    *out = a;
    return 0;
}

/* ---- running the flow --------------------------------------------------------------------- */

/* Last line of the run log that carries an error message, for err. */
static void last_error_line(const char* log, char* dst, size_t n) {
    dst[0] = '\0';
    FILE* f = fopen(log, "r");
    if (f == NULL)
        return;
    char line[1024], last_any[1024] = "";
    while (fgets(line, sizeof line, f) != NULL) {
        char* s = trim(line);
        if (s[0] == '\0')
            continue;
        snprintf(last_any, sizeof last_any, "%s", s);
        if (strstr(s, "error") != NULL || strstr(s, "ERROR") != NULL)
            snprintf(dst, n, "%s", s);
    }
    fclose(f);
    if (dst[0] == '\0')
        snprintf(dst, n, "%s", last_any);
}

static int run_flow(const char* script, char* const argv[], const char* log, char* err,
                    size_t errlen) {
    pid_t pid = fork();
    if (pid < 0)
        return set_err(err, errlen, "cannot start the synthesis flow: fork: %s", strerror(errno));
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666);
        int nul = open("/dev/null", O_RDONLY);
        if (fd >= 0) {
            dup2(fd, STDOUT_FILENO);
            dup2(fd, STDERR_FILENO);
            close(fd);
        }
        if (nul >= 0) {
            dup2(nul, STDIN_FILENO);
            close(nul);
        }
        execv(script, argv);
        dprintf(STDERR_FILENO, "gpucoh area: error: cannot execute '%s': %s\n", script,
                strerror(errno));
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR)
            return set_err(err, errlen, "waitpid: %s", strerror(errno));
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    char msg[768];
    last_error_line(log, msg, sizeof msg);
    if (WIFSIGNALED(status))
        return set_err(err, errlen, "synthesis flow killed by signal %d (log: %s)",
                       WTERMSIG(status), log);
    if (strstr(msg, "(log: ") != NULL)
        return set_err(err, errlen, "synthesis flow failed (exit %d): %s", WEXITSTATUS(status),
                       msg);
    return set_err(err, errlen, "synthesis flow failed (exit %d): %s (log: %s)",
                   WEXITSTATUS(status), msg[0] ? msg : "no message", log);
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int read_key(const char* path, char* dst, size_t n) {
    FILE* f = fopen(path, "r");
    if (f == NULL)
        return -1;
    char line[256];
    int rc = -1;
    if (fgets(line, sizeof line, f) != NULL) {
        snprintf(dst, n, "%s", trim(line));
        rc = 0;
    }
    fclose(f);
    return rc;
}

static int write_file_atomic(const char* path, const char* text) {
    char tmp[AREA_PATH_MAX];
    if (snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid()) >= (int)sizeof tmp)
        return -1;
    FILE* f = fopen(tmp, "w");
    if (f == NULL)
        return -1;
    int bad = fputs(text, f) < 0;
    bad |= fclose(f) != 0;
    if (bad || rename(tmp, path) != 0) {
        unlink(tmp);
        return -1;
    }
    return 0;
}

int gpucoh_area_hier(const char* repo_root, const char* only_regex, const char* result_name,
                     const char* log_path, gpucoh_area_t* out, char* err, size_t errlen) {
    if (repo_root == NULL || only_regex == NULL || result_name == NULL || log_path == NULL ||
        out == NULL)
        return set_err(err, errlen, "area: gpucoh_area_hier: NULL argument");
    if (!is_identifier(result_name))
        return set_err(err, errlen, "area: result name '%s' is not an identifier", result_name);
    char script[AREA_PATH_MAX], result[AREA_PATH_MAX], rel[AREA_PATH_MAX];
    if (join_path(script, sizeof script, repo_root, "synth/hier.sh") != 0 ||
        snprintf(rel, sizeof rel, "synth/results/%s.area.txt", result_name) >= (int)sizeof rel ||
        join_path(result, sizeof result, repo_root, rel) != 0)
        return set_err(err, errlen, "area: repository root path too long");
    if (access(script, X_OK) != 0)
        return set_err(err, errlen, "area: flow script '%s' not found or not executable (%s)",
                       script, strerror(errno));
    char opt_only[] = "--only", opt_noreport[] = "--no-report";
    char* regex = strdup(only_regex);
    if (regex == NULL)
        return set_err(err, errlen, "area: out of memory");
    char* const argv[] = {script, opt_only, regex, opt_noreport, NULL};
    int rc = run_flow(script, argv, log_path, err, errlen);
    free(regex);
    if (rc != 0)
        return -1;
    return gpucoh_area_parse(result, out, err, errlen);
}

int gpucoh_area_run(const char* repo_root, const char* top, const char* const* rtl_files,
                    int nfiles, const char* const* params, int nparams, uint32_t storage_bits,
                    const char* workdir, gpucoh_area_t* out, char* err, size_t errlen) {
    return gpucoh_area_run_ex(repo_root, top, rtl_files, nfiles, params, nparams, storage_bits,
                              workdir, NULL, out, err, errlen);
}

/* One synthesis run of gpucoh_area_run_ex: its inputs resolved, its work directory's files. */
typedef struct {
    const char* root;
    const char* top;
    const char* workdir;
    const char* const* params;
    int nfiles, nparams;
    char (*files)[AREA_PATH_MAX]; /* the RTL files under root */
    char script[AREA_PATH_MAX];
    char storage[128]; /* synth.sh's storage argument */
    char area_txt[AREA_PATH_MAX], key_path[AREA_PATH_MAX], log_path[AREA_PATH_MAX],
        lock_path[AREA_PATH_MAX];
    int lock_fd;
} area_job_t;

/* The arguments' checks, then the storage argument. 0, or set_err's -1. */
static int check_args(area_job_t* j, const char* const* rtl_files, uint32_t storage_bits,
                      const gpucoh_area_opts_t* o, const gpucoh_area_t* out, char* err,
                      size_t errlen) {
    if (j->root == NULL || j->root[0] == '\0')
        return set_err(err, errlen, "area: no repository root given");
    if (out == NULL)
        return set_err(err, errlen, "area: no result struct given");
    if (!is_identifier(j->top))
        return set_err(err, errlen, "area: top module name '%s' is not a Verilog identifier",
                       j->top ? j->top : "(null)");
    if (j->nfiles < 1 || rtl_files == NULL)
        return set_err(err, errlen, "area: no RTL files given for '%s'", j->top);
    if (j->nparams < 0 || (j->nparams > 0 && j->params == NULL))
        return set_err(err, errlen, "area: bad parameter list for '%s'", j->top);
    if (j->workdir == NULL || j->workdir[0] == '\0')
        return set_err(err, errlen, "area: no work directory given");
    uint32_t sram_bits = o->sram_bits ? o->sram_bits : storage_bits;
    uint32_t banks = o->sram_banks ? o->sram_banks : 1u;
    uint32_t ports = o->sram_ports ? o->sram_ports : 1u;
    if (sram_bits > storage_bits)
        return set_err(err, errlen, "area: sram_bits (%u) exceeds storage_bits (%u)",
                       (unsigned)sram_bits, (unsigned)storage_bits);
    if (sram_bits == storage_bits && banks == 1 && ports == 1)
        snprintf(j->storage, sizeof j->storage, "%u", (unsigned)storage_bits);
    else
        snprintf(j->storage, sizeof j->storage, "%u,sram=%u,banks=%u,ports=%u",
                 (unsigned)storage_bits, (unsigned)sram_bits, (unsigned)banks, (unsigned)ports);
    return 0;
}

/* The flow script, the RTL files (under the root, readable) and the parameters' form. 0, or -1
 * after set_err (j->files is freed by the caller). */
static int check_inputs(area_job_t* j, const char* const* rtl_files, char* err, size_t errlen) {
    if (join_path(j->script, sizeof j->script, j->root, "synth/synth.sh") != 0)
        return set_err(err, errlen, "area: repository root path too long");
    if (access(j->script, X_OK) != 0)
        return set_err(err, errlen, "area: flow script '%s' not found or not executable (%s)",
                       j->script, strerror(errno));
    j->files = calloc((size_t)j->nfiles, sizeof *j->files);
    if (j->files == NULL)
        return set_err(err, errlen, "area: out of memory");
    int rc = 0;
    for (int i = 0; i < j->nfiles && rc == 0; i++) {
        if (rtl_files[i] == NULL || rtl_files[i][0] == '\0')
            rc = set_err(err, errlen, "area: RTL file %d of '%s' is empty", i, j->top);
        else if (join_path(j->files[i], AREA_PATH_MAX, j->root, rtl_files[i]) != 0)
            rc = set_err(err, errlen, "area: path too long: %s", rtl_files[i]);
        else if (access(j->files[i], R_OK) != 0)
            rc = set_err(err, errlen, "area: RTL file '%s' of '%s' not found (%s)", j->files[i],
                         j->top, strerror(errno));
    }
    for (int i = 0; i < j->nparams && rc == 0; i++)
        if (j->params[i] == NULL || !is_param(j->params[i]))
            rc = set_err(err, errlen, "area: parameter '%s' is not of the form Name=Value",
                         j->params[i] ? j->params[i] : "(null)");
    return rc;
}

/* The work directory (created), its files' paths, and its lock (waited for; j->lock_fd is -1
 * if the lock file cannot be opened). 0, or -1 after the message. */
static int open_workdir(area_job_t* j, char* err, size_t errlen) {
    if (mkdir_p(j->workdir, err, errlen) != 0)
        return -1;
    if (join_path(j->area_txt, sizeof j->area_txt, j->workdir, "area.txt") != 0 ||
        join_path(j->key_path, sizeof j->key_path, j->workdir, "inputs.key") != 0 ||
        join_path(j->log_path, sizeof j->log_path, j->workdir, "run.log") != 0 ||
        join_path(j->lock_path, sizeof j->lock_path, j->workdir, ".lock") != 0)
        return set_err(err, errlen, "area: work directory path too long");
    j->lock_fd = open(j->lock_path, O_RDWR | O_CREAT, 0666);
    if (j->lock_fd >= 0) {
        struct flock fl;
        memset(&fl, 0, sizeof fl);
        fl.l_type = F_WRLCK;
        fl.l_whence = SEEK_SET;
        while (fcntl(j->lock_fd, F_SETLKW, &fl) != 0 && errno == EINTR) {
        }
    }
    return 0;
}

/* The cache key: a fingerprint of everything the result depends on. */
static void input_key(const area_job_t* j, char* key, size_t n) {
    fp_t h = {0xcbf29ce484222325ULL, 0x84222325cbf29ce4ULL};
    fp_str(&h, "version", AREA_CACHE_VERSION);
    fp_str(&h, "top", j->top);
    fp_str(&h, "storage", j->storage);
    for (int i = 0; i < j->nfiles; i++)
        fp_file(&h, "rtl", j->files[i]);
    for (int i = 0; i < j->nparams; i++)
        fp_str(&h, "param", j->params[i]);
    fp_file(&h, "script", j->script);
    char pth[AREA_PATH_MAX];
    if (join_path(pth, sizeof pth, j->root, "synth/techmap_wide_shift.v") == 0)
        fp_file(&h, "map", pth);
    const char* pkg_env = getenv("GPUCOH_PKG");
    if (pkg_env == NULL) {
        if (join_path(pth, sizeof pth, j->root, "rtl/gpucoh_pkg.sv") == 0)
            fp_file(&h, "pkg", pth);
    } else if (pkg_env[0] != '\0') {
        fp_file(&h, "pkg", pkg_env);
    }
    if (join_path(pth, sizeof pth, j->root, "rtl/include") == 0)
        fp_dir(&h, pth);
    const char* lib = getenv("GPUCOH_LIBERTY");
    fp_file(&h, "liberty", lib ? lib : "/usr/share/qflow/tech/osu018/osu018_stdcells.lib");
    for (size_t i = 0; i < sizeof ENV_KNOBS / sizeof ENV_KNOBS[0]; i++) {
        const char* v = getenv(ENV_KNOBS[i]);
        fp_str(&h, ENV_KNOBS[i], v ? v : "\x02unset");
    }
    const char* yosys = getenv("YOSYS");
    const char* sta = getenv("STA");
    fp_tool(&h, yosys && yosys[0] ? yosys : "yosys");
    fp_tool(&h, sta && sta[0] ? sta : "sta");
    snprintf(key, n, "%016llx%016llx", (unsigned long long)h.a, (unsigned long long)h.b);
}

/* synth.sh's argv: script workdir top storage files... -- params... (NULL-terminated, argc + 1
 * entries); NULL when out of memory (*argc set either way, for free_argv). */
static char** flow_argv(const area_job_t* j, size_t* argc, char* err, size_t errlen) {
    *argc = 4 + (size_t)j->nfiles + 1 + (size_t)j->nparams;
    char** argv = calloc(*argc + 1, sizeof *argv);
    if (argv == NULL) {
        set_err(err, errlen, "area: out of memory");
        return NULL;
    }
    size_t k = 0;
    argv[k++] = strdup(j->script);
    argv[k++] = strdup(j->workdir);
    argv[k++] = strdup(j->top);
    argv[k++] = strdup(j->storage);
    for (int i = 0; i < j->nfiles; i++)
        argv[k++] = strdup(j->files[i]);
    argv[k++] = strdup("--");
    for (int i = 0; i < j->nparams; i++)
        argv[k++] = strdup(j->params[i]);
    for (size_t i = 0; i < k; i++)
        if (argv[i] == NULL)
            set_err(err, errlen, "area: out of memory");
    return argv;
}

/* Run the flow, parse its result and record the key beside it (the result is then cached). */
static int synthesize(const area_job_t* j, const char* key, const gpucoh_area_opts_t* o,
                      gpucoh_area_t* out, char* err, size_t errlen) {
    unlink(j->key_path); /* an interrupted run must not leave a key that matches an old result */
    size_t argc = 0;
    char** argv = flow_argv(j, &argc, err, errlen);
    int rc = argv == NULL ? -1 : 0;
    for (size_t i = 0; argv != NULL && i < argc; i++)
        if (argv[i] == NULL)
            rc = -1;
    if (rc == 0) {
        if (o->progress != NULL) {
            fprintf(o->progress, "area: synthesizing %s (%d parameter%s) in %s; log %s\n", j->top,
                    j->nparams, j->nparams == 1 ? "" : "s", j->workdir, j->log_path);
            fflush(o->progress);
        }
        double t0 = now_seconds();
        rc = run_flow(j->script, argv, j->log_path, err, errlen);
        if (rc == 0)
            rc = gpucoh_area_parse(j->area_txt, out, err, errlen);
        if (rc == 0) {
            char text[128];
            snprintf(text, sizeof text, "%s\n", key);
            if (write_file_atomic(j->key_path, text) != 0 && o->progress != NULL)
                fprintf(o->progress, "area: warning: cannot write %s; result not cached\n",
                        j->key_path);
            if (o->progress != NULL)
                fprintf(o->progress, "area: %s done in %.1f s\n", j->top, now_seconds() - t0);
        }
    }
    if (argv != NULL) {
        for (size_t i = 0; i < argc; i++)
            free(argv[i]);
        free(argv);
    }
    return rc;
}

int gpucoh_area_run_ex(const char* repo_root, const char* top, const char* const* rtl_files,
                       int nfiles, const char* const* params, int nparams, uint32_t storage_bits,
                       const char* workdir, const gpucoh_area_opts_t* opts, gpucoh_area_t* out,
                       char* err, size_t errlen) {
    gpucoh_area_opts_t o;
    memset(&o, 0, sizeof o);
    if (opts != NULL)
        o = *opts;
    if (err != NULL && errlen > 0)
        err[0] = '\0';
    area_job_t job = {.root = repo_root,
                      .top = top,
                      .workdir = workdir,
                      .params = params,
                      .nfiles = nfiles,
                      .nparams = nparams,
                      .lock_fd = -1};
    area_job_t* j = &job;
    int rc = check_args(j, rtl_files, storage_bits, &o, out, err, errlen);
    if (rc == 0)
        rc = check_inputs(j, rtl_files, err, errlen);
    if (rc == 0)
        rc = open_workdir(j, err, errlen);
    if (rc == 0) {
        char key[64], old_key[64] = "", perr[256];
        input_key(j, key, sizeof key);
        if (!o.force && read_key(j->key_path, old_key, sizeof old_key) == 0 &&
            strcmp(old_key, key) == 0 &&
            gpucoh_area_parse(j->area_txt, out, perr, sizeof perr) == 0) {
            if (o.progress != NULL)
                fprintf(o.progress, "area: %s: inputs unchanged, using the cached result in %s\n",
                        top, workdir);
        } else {
            rc = synthesize(j, key, &o, out, err, errlen);
        }
    }
    free(j->files);
    if (j->lock_fd >= 0)
        close(j->lock_fd);
    return rc;
}

/* ---- output ------------------------------------------------------------------------------- */

/* 1234567.8 -> "1,234,567.8" (decimals 0..3). */
static const char* thousands(char* buf, size_t n, double v, int decimals) {
    char raw[64];
    if (!isfinite(v)) {
        snprintf(buf, n, "n/a");
        return buf;
    }
    snprintf(raw, sizeof raw, "%.*f", decimals, fabs(v));
    const char* dot = strchr(raw, '.');
    size_t intlen = dot ? (size_t)(dot - raw) : strlen(raw);
    char tmp[96];
    size_t k = 0;
    if (v < 0)
        tmp[k++] = '-';
    for (size_t i = 0; i < intlen && k + 2 < sizeof tmp; i++) {
        tmp[k++] = raw[i];
        size_t left = intlen - i - 1;
        if (left > 0 && left % 3 == 0)
            tmp[k++] = ',';
    }
    if (dot != NULL)
        for (const char* p = dot; *p && k + 1 < sizeof tmp; p++)
            tmp[k++] = *p;
    tmp[k] = '\0';
    snprintf(buf, n, "%s", tmp);
    return buf;
}
static const char* io_class_name(const char* c) {
    return strcmp(c, "rr") == 0   ? "register-to-register"
           : strcmp(c, "ir") == 0 ? "input-to-register"
           : strcmp(c, "ro") == 0 ? "register-to-output"
           : strcmp(c, "io") == 0 ? "input-to-output"
                                  : "unknown";
}

void gpucoh_area_print(FILE* f, const char* label, const gpucoh_area_t* a) {
    char b1[64], b2[64], b3[64];
    if (f == NULL || a == NULL)
        return;
    double ff_pct = a->area_um2 > 0 ? 100.0 * a->ff_area_um2 / a->area_um2 : 0.0;
    fprintf(f, "%s\n", label ? label : "area");
    fprintf(f, "  cells            %s\n", thousands(b1, sizeof b1, a->cells, 0));
    fprintf(f, "  area             %s um2  (%s kGE; 1 GE = NAND2X1 = 24 um2)\n",
            thousands(b1, sizeof b1, a->area_um2, 1), thousands(b2, sizeof b2, a->ge / 1000.0, 2));
    fprintf(f, "  flip-flops       %s  (%s um2, %.1f %% of area)\n",
            thousands(b1, sizeof b1, a->flops, 0), thousands(b2, sizeof b2, a->ff_area_um2, 1),
            ff_pct);
    fprintf(f, "  logic            %s um2\n", thousands(b1, sizeof b1, a->logic_area_um2, 1));
    fprintf(f, "  storage bits     %s\n", thousands(b1, sizeof b1, a->storage_bits, 0));
    fprintf(f, "  SRAM estimate    macro %s um2; total with SRAM %s um2 (%.2fx of flop version)\n",
            thousands(b1, sizeof b1, a->sram_macro_um2, 1),
            thousands(b2, sizeof b2, a->sram_total_um2, 1),
            a->area_um2 > 0 ? a->sram_total_um2 / a->area_um2 : 0.0);
    if (isfinite(a->crit_path_ns))
        fprintf(f, "  critical path    %.3f ns  (fmax %.1f MHz)\n", a->crit_path_ns, a->fmax_mhz);
    else
        fprintf(f, "  critical path    n/a (no constrained path)\n");
    if (isfinite(a->crit_path_io_ns))
        fprintf(f, "  with I/O budget  %.3f ns  (fmax %.1f MHz; limited by %s paths)\n",
                a->crit_path_io_ns, a->fmax_io_mhz, io_class_name(a->io_limit_class));
    fprintf(f, "  synthesis time   %s s\n", thousands(b3, sizeof b3, a->synth_seconds, 1));
}

static void json_num(FILE* f, const char* name, double v, int decimals, bool comma) {
    if (isfinite(v))
        fprintf(f, "\"%s\": %.*f%s", name, decimals, v, comma ? ", " : "");
    else
        fprintf(f, "\"%s\": null%s", name, comma ? ", " : "");
}

void gpucoh_area_json(FILE* f, const gpucoh_area_t* a) {
    if (f == NULL || a == NULL)
        return;
    fprintf(f, "{\"cells\": %u, \"flops\": %u, \"storage_bits\": %u, ", (unsigned)a->cells,
            (unsigned)a->flops, (unsigned)a->storage_bits);
    json_num(f, "area_um2", a->area_um2, 1, true);
    json_num(f, "ge", a->ge, 1, true);
    json_num(f, "ff_area_um2", a->ff_area_um2, 1, true);
    json_num(f, "logic_area_um2", a->logic_area_um2, 1, true);
    json_num(f, "sram_macro_um2", a->sram_macro_um2, 1, true);
    json_num(f, "sram_total_um2", a->sram_total_um2, 1, true);
    json_num(f, "crit_path_ns", a->crit_path_ns, 3, true);
    json_num(f, "fmax_mhz", a->fmax_mhz, 1, true);
    json_num(f, "crit_path_io_ns", a->crit_path_io_ns, 3, true);
    json_num(f, "fmax_io_mhz", a->fmax_io_mhz, 1, true);
    fprintf(f, "\"io_limit_class\": \"%s\", ", a->io_limit_class);
    json_num(f, "synth_seconds", a->synth_seconds, 1, false);
    fputc('}', f);
}
