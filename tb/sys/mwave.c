/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mwave.c -- one wave file for several Verilated units (tb/sys/mwave.h, docs/waves.md):
 * per-instance FST traces, fst2vcd, a VCD merger that renumbers identifier codes and interleaves
 * timestamps, vcd2fst; and GTKWave save files that name only variables the merged dump has.
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE   700 /* realpath */
#include "mwave.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

typedef struct {
    char scope[64];
    const gpucoh_rtl_api_t* api;
    void* h;
    bool open;
} inst_t;

struct gpucoh_mwave {
    char path[PATH_MAX];
    bool vcd_out;
    inst_t* inst;
    unsigned n, cap;
    char parts[PATH_MAX + 32];
    bool started, done;
    char err[768];
    gpucoh_wvar_t* vars;
    unsigned nvars, capvars;
    int64_t t_first, t_last;
    char* doomed; /* the temporary paths, NUL-separated, the parts directory last (below) */
};

/* ---- SIGTERM / a second Ctrl-C: no hidden .<name>.parts/ left behind --------------------------
 */

enum { MW_ACTIVE = 4 };
static gpucoh_mwave_t* volatile active[MW_ACTIVE]; /* traces whose parts exist */

/* async-signal-safe: unlink each temporary of every active trace, then its directory */
static void doomed_remove(const char* list) {
    const char* last = list;
    for (const char* p = list; *p; p += strlen(p) + 1) {
        unlink(p);
        last = p;
    }
    rmdir(last);
}

static void cleanup_all(void) {
    for (int i = 0; i < MW_ACTIVE; i++)
        if (active[i] && active[i]->doomed)
            doomed_remove(active[i]->doomed);
}

static void active_set(gpucoh_mwave_t* w, bool on) {
    for (int i = 0; i < MW_ACTIVE; i++)
        if (on ? active[i] == NULL : active[i] == w) {
            active[i] = on ? w : NULL;
            break;
        }
    if (on)
        gpucoh_on_signal_cleanup(cleanup_all);
}

static void seterr(gpucoh_mwave_t* w, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
static void seterr(gpucoh_mwave_t* w, const char* fmt, ...) {
    if (w->err[0])
        return; /* keep the first */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->err, sizeof w->err, fmt, ap);
    va_end(ap);
}

static bool ends_with(const char* s, const char* suf) {
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

gpucoh_mwave_t* gpucoh_mwave_new(const char* path, char* err, size_t errlen) {
    if (!ends_with(path, ".fst") && !ends_with(path, ".vcd")) {
        snprintf(err, errlen, "--wave %s: the file name must end in .fst or .vcd", path);
        return NULL;
    }
    if (strlen(path) >= PATH_MAX - 64) {
        snprintf(err, errlen, "--wave %s: path too long", path);
        return NULL;
    }
    gpucoh_mwave_t* w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    snprintf(w->path, sizeof w->path, "%s", path);
    w->vcd_out = ends_with(path, ".vcd");
    w->t_first = w->t_last = -1;
    return w;
}

static void vars_free(gpucoh_mwave_t* w) {
    for (unsigned i = 0; i < w->nvars; i++)
        free(w->vars[i].path);
    free(w->vars);
    w->vars = NULL;
    w->nvars = w->capvars = 0;
}

void gpucoh_mwave_free(gpucoh_mwave_t* w) {
    if (!w)
        return;
    active_set(w, false);
    free(w->doomed);
    vars_free(w);
    free(w->inst);
    free(w);
}

int gpucoh_mwave_add(gpucoh_mwave_t* w, const char* scope, const gpucoh_rtl_api_t* api, void* h) {
    if (w->started) {
        seterr(w, "wave: instance %s added after the trace started", scope);
        return -1;
    }
    for (const char* p = scope; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              *p == '_')) {
            seterr(w, "wave: scope name '%s' is not an identifier", scope);
            return -1;
        }
    if (w->n == w->cap) {
        unsigned nc = w->cap ? 2 * w->cap : 8;
        inst_t* ni = realloc(w->inst, nc * sizeof *ni);
        if (!ni) {
            seterr(w, "out of memory");
            return -1;
        }
        w->inst = ni;
        w->cap = nc;
    }
    inst_t* x = &w->inst[w->n++];
    memset(x, 0, sizeof *x);
    snprintf(x->scope, sizeof x->scope, "%s", scope);
    x->api = api;
    x->h = h;
    return 0;
}

unsigned gpucoh_mwave_count(const gpucoh_mwave_t* w) {
    return w->n;
}
const char* gpucoh_mwave_scope(const gpucoh_mwave_t* w, unsigned i) {
    return i < w->n ? w->inst[i].scope : NULL;
}
bool gpucoh_mwave_started(const gpucoh_mwave_t* w) {
    return w->started;
}
bool gpucoh_mwave_done(const gpucoh_mwave_t* w) {
    return w->done;
}
const char* gpucoh_mwave_error(const gpucoh_mwave_t* w) {
    return w->err;
}
const char* gpucoh_mwave_path(const gpucoh_mwave_t* w) {
    return w->path;
}
unsigned gpucoh_mwave_nvars(const gpucoh_mwave_t* w) {
    return w->nvars;
}
const gpucoh_wvar_t* gpucoh_mwave_var(const gpucoh_mwave_t* w, unsigned i) {
    return i < w->nvars ? &w->vars[i] : NULL;
}
const gpucoh_wvar_t* gpucoh_mwave_find(const gpucoh_mwave_t* w, const char* path) {
    for (unsigned i = 0; i < w->nvars; i++)
        if (!strcmp(w->vars[i].path, path))
            return &w->vars[i];
    return NULL;
}
int64_t gpucoh_mwave_first_time(const gpucoh_mwave_t* w) {
    return w->t_first;
}
int64_t gpucoh_mwave_last_time(const gpucoh_mwave_t* w) {
    return w->t_last;
}

static void part_path(const gpucoh_mwave_t* w, unsigned i, const char* ext, char* buf, size_t n) {
    snprintf(buf, n, "%s/%s.%s", w->parts, w->inst[i].scope, ext);
}

static void doomed_add(char** list, size_t* len, const char* p) {
    const size_t l = strlen(p) + 1;
    char* n = *list ? realloc(*list, *len + l + 1) : NULL;
    if (!n) {
        free(*list);
        *list = NULL;
        return;
    }
    memcpy(n + *len, p, l);
    *len += l;
    n[*len] = 0;
    *list = n;
}

/* Every file the parts directory and the result's temporaries can hold, computed before the
 * trace starts (a signal handler cannot format paths), and the trace made active. */
static void doomed_list(gpucoh_mwave_t* w) {
    size_t len = 0;
    char* list = calloc(1, 1);
    char p[PATH_MAX + 128];
    for (unsigned i = 0; i < w->n && list; i++) {
        part_path(w, i, "fst", p, sizeof p);
        doomed_add(&list, &len, p);
        part_path(w, i, "fst.hier", p, sizeof p); /* the FST writer's hierarchy temporary */
        doomed_add(&list, &len, p);
        part_path(w, i, "vcd", p, sizeof p);
        doomed_add(&list, &len, p);
    }
    static const char* const extra[] = {"merged.vcd", "tool.log"};
    for (unsigned k = 0; k < 2 && list; k++) {
        snprintf(p, sizeof p, "%s/%s", w->parts, extra[k]);
        doomed_add(&list, &len, p);
    }
    snprintf(p, sizeof p, "%s.tmp.%ld%s", w->path, (long)getpid(), w->vcd_out ? "" : ".fst");
    if (list)
        doomed_add(&list, &len, p);
    if (list)
        doomed_add(&list, &len, w->parts); /* last: rmdir */
    free(w->doomed);
    w->doomed = list;
    if (list)
        active_set(w, true);
}

int gpucoh_mwave_start(gpucoh_mwave_t* w) {
    if (w->started)
        return 0;
    w->started = true;
    if (w->n == 0) {
        seterr(w, "wave %s: no Verilated unit to trace", w->path);
        return -1;
    }
    /* the parts go next to the result: ".<name>.parts/" in its directory */
    const char* slash = strrchr(w->path, '/');
    char dir[PATH_MAX];
    if (slash)
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - w->path), w->path);
    else
        snprintf(dir, sizeof dir, ".");
    if (dir[0] == 0)
        snprintf(dir, sizeof dir, "/");
    /* the directory is the user's: checked before the run, never created here (docs/cli.md) */
    snprintf(w->parts, sizeof w->parts, "%s/.%s.parts", dir, slash ? slash + 1 : w->path);
    if (mkdir(w->parts, 0777) != 0 && errno != EEXIST) {
        seterr(w, "wave: cannot create %s: %s", w->parts, strerror(errno));
        return -1;
    }
    doomed_list(w);
    for (unsigned i = 0; i < w->n; i++) {
        char p[PATH_MAX + 128];
        part_path(w, i, "fst", p, sizeof p);
        if (w->inst[i].api->trace_open(w->inst[i].h, p) != 0) {
            seterr(w, "wave: cannot open the trace of %s (%s)", w->inst[i].scope, p);
            return -1;
        }
        w->inst[i].open = true;
    }
    return 0;
}

/* Run a tool (tool a1 a2 a3 a4), its output into log; 0 when it exits 0. */
static int run_tool(const char* log, const char* tool, const char* a1, const char* a2,
                    const char* a3, const char* a4) {
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
        execlp(tool, tool, a1, a2, a3, a4, (char*)NULL);
        _exit(127);
    }
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

static void rm_parts(gpucoh_mwave_t* w) {
    char p[PATH_MAX + 128];
    for (unsigned i = 0; i < w->n; i++) {
        part_path(w, i, "fst", p, sizeof p);
        remove(p);
        part_path(w, i, "vcd", p, sizeof p);
        remove(p);
    }
    snprintf(p, sizeof p, "%s/merged.vcd", w->parts);
    remove(p);
    snprintf(p, sizeof p, "%s/tool.log", w->parts);
    remove(p);
    rmdir(w->parts);
    active_set(w, false);
}

int gpucoh_mwave_finish(gpucoh_mwave_t* w) {
    if (!w->started || w->done)
        return w->err[0] ? -1 : 0;
    w->done = true;
    for (unsigned i = 0; i < w->n; i++)
        if (w->inst[i].open) {
            w->inst[i].api->trace_close(w->inst[i].h);
            w->inst[i].open = false;
        }
    if (w->err[0]) {
        rm_parts(w);
        return -1;
    }
    char log[PATH_MAX + 64];
    snprintf(log, sizeof log, "%s/tool.log", w->parts);
    const char** in = calloc(w->n, sizeof *in);
    const char** sc = calloc(w->n, sizeof *sc);
    char(*vp)[PATH_MAX + 128] = calloc(w->n, sizeof *vp);
    int rc = (in && sc && vp) ? 0 : -1;
    if (rc)
        seterr(w, "out of memory");
    for (unsigned i = 0; rc == 0 && i < w->n; i++) {
        char fp[PATH_MAX + 128];
        part_path(w, i, "fst", fp, sizeof fp);
        part_path(w, i, "vcd", vp[i], sizeof vp[i]);
        if (run_tool(log, "fst2vcd", "-f", fp, "-o", vp[i]) != 0) {
            seterr(w, "wave: fst2vcd could not convert %s (is gtkwave installed? see %s)", fp, log);
            rc = -1;
        }
        in[i] = vp[i];
        sc[i] = w->inst[i].scope;
    }
    char merged[PATH_MAX + 64];
    if (w->vcd_out)
        snprintf(merged, sizeof merged, "%s.tmp.%ld", w->path, (long)getpid());
    else
        snprintf(merged, sizeof merged, "%s/merged.vcd", w->parts);
    if (rc == 0) {
        char e[512];
        vars_free(w);
        if (gpucoh_vcd_merge(in, sc, w->n, merged, w, e, sizeof e) != 0) {
            seterr(w, "wave: %s", e);
            rc = -1;
        }
    }
    if (rc == 0 && w->vcd_out) {
        if (rename(merged, w->path) != 0) {
            seterr(w, "wave: cannot rename %s to %s: %s", merged, w->path, strerror(errno));
            rc = -1;
        }
    } else if (rc == 0) {
        char tmp[PATH_MAX + 64];
        snprintf(tmp, sizeof tmp, "%s.tmp.%ld.fst", w->path, (long)getpid());
        if (run_tool(log, "vcd2fst", "-v", merged, "-f", tmp) != 0 || rename(tmp, w->path) != 0) {
            seterr(w, "wave: vcd2fst could not convert %s into %s (see %s)", merged, w->path, log);
            remove(tmp);
            rc = -1;
        }
    }
    if (rc != 0 && w->vcd_out)
        remove(merged);
    if (rc == 0)
        rm_parts(w); /* on failure the parts stay for a look */
    free(in);
    free(sc);
    free(vp);
    return rc;
}

/* ---- the VCD merger ------------------------------------------------------------------------- */

typedef struct {
    char* key;
    uint32_t id;
} hent_t;

typedef struct {
    hent_t* e;
    uint32_t cap, n;
} hmap_t;

static uint64_t hstr(const char* s) {
    return gpucoh_fnv1a(0xcbf29ce484222325ull, s, strlen(s));
}

static hent_t* hfind(const hmap_t* m, const char* k) {
    if (!m->cap)
        return NULL;
    for (uint32_t i = (uint32_t)hstr(k) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (!m->e[i].key)
            return NULL;
        if (!strcmp(m->e[i].key, k))
            return &m->e[i];
    }
}

static int hput(hmap_t* m, const char* k, uint32_t id) {
    if (2 * (m->n + 1) > m->cap) {
        uint32_t nc = m->cap ? 2 * m->cap : 256;
        hent_t* ne = calloc(nc, sizeof *ne);
        if (!ne)
            return -1;
        for (uint32_t j = 0; j < m->cap; j++)
            if (m->e[j].key)
                for (uint32_t i = (uint32_t)hstr(m->e[j].key) & (nc - 1);; i = (i + 1) & (nc - 1))
                    if (!ne[i].key) {
                        ne[i] = m->e[j];
                        break;
                    }
        free(m->e);
        m->e = ne;
        m->cap = nc;
    }
    for (uint32_t i = (uint32_t)hstr(k) & (m->cap - 1);; i = (i + 1) & (m->cap - 1))
        if (!m->e[i].key) {
            m->e[i].key = strdup(k);
            if (!m->e[i].key)
                return -1;
            m->e[i].id = id;
            m->n++;
            return 0;
        }
}

static void hfree(hmap_t* m) {
    for (uint32_t i = 0; i < m->cap; i++)
        free(m->e[i].key);
    free(m->e);
    memset(m, 0, sizeof *m);
}

/* identifier code of a new id: base 94 over '!'..'~' */
static void code_of(uint32_t id, char* b) {
    do {
        *b++ = (char)('!' + id % 94u);
        id /= 94u;
    } while (id);
    *b = 0;
}

/* Next whitespace-separated token (0 at end of file); longer tokens are cut to n-1. */
static size_t token(FILE* f, char* b, size_t n) {
    int c;
    do
        c = getc(f);
    while (c == ' ' || c == '\t' || c == '\n' || c == '\r');
    size_t l = 0;
    while (c != EOF && c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        if (l + 1 < n)
            b[l++] = (char)c;
        c = getc(f);
    }
    b[l] = 0;
    return l;
}

/* Skip tokens up to and including "$end" (0, or -1 at end of file). */
static int skip_end(FILE* f) {
    char t[256];
    while (token(f, t, sizeof t))
        if (!strcmp(t, "$end"))
            return 0;
    return -1;
}

static int add_var(gpucoh_mwave_t* w, const char* path, uint32_t width, const char* range) {
    if (!w)
        return 0;
    if (w->nvars == w->capvars) {
        unsigned nc = w->capvars ? 2 * w->capvars : 256;
        gpucoh_wvar_t* nv = realloc(w->vars, nc * sizeof *nv);
        if (!nv)
            return -1;
        w->vars = nv;
        w->capvars = nc;
    }
    gpucoh_wvar_t* v = &w->vars[w->nvars];
    v->path = strdup(path);
    if (!v->path)
        return -1;
    v->width = width;
    snprintf(v->range, sizeof v->range, "%s", range);
    w->nvars++;
    return 0;
}

typedef struct {
    FILE* f;
    hmap_t map;
    char* line;
    size_t cap;
    int64_t t; /* time of the pending block (its '#' line has been read) */
    bool eof;
} src_t;

/* Read lines up to the next "#time" line: none pending -> eof. Lines before it go to out (when
 * out != NULL) with codes renumbered. */
static int copy_block(src_t* s, FILE* out, const char* name, char* err, size_t errlen) {
    ssize_t l;
    bool in_comment = false;
    while ((l = getline(&s->line, &s->cap, s->f)) >= 0) {
        char* p = s->line;
        while (l > 0 && (p[l - 1] == '\n' || p[l - 1] == '\r' || p[l - 1] == ' '))
            p[--l] = 0;
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            continue;
        if (in_comment) {
            in_comment = strstr(p, "$end") == NULL;
            continue;
        }
        if (*p == '#') {
            char* e = NULL;
            long long t = strtoll(p + 1, &e, 10);
            if (e == p + 1 || t < 0) {
                snprintf(err, errlen, "%s: bad time line '%s'", name, p);
                return -1;
            }
            s->t = t;
            return 0;
        }
        if (*p == '$') {
            in_comment = !strncmp(p, "$comment", 8) && strstr(p, "$end") == NULL;
            continue; /* $dumpvars, $end, $dumpall, $dumpon, $dumpoff */
        }
        char* code;
        char save = 0;
        char* cut;
        if (strchr("bBrRsS", *p)) {
            cut = strchr(p, ' ');
            if (!cut) {
                snprintf(err, errlen, "%s: bad value line '%s'", name, p);
                return -1;
            }
            code = cut;
            while (*code == ' ')
                code++;
            save = *cut;
        } else {
            cut = p + 1;
            code = p + 1;
            save = *cut;
        }
        const hent_t* h = hfind(&s->map, code);
        if (!h) {
            snprintf(err, errlen, "%s: value of an undeclared identifier '%s'", name, code);
            return -1;
        }
        if (out) {
            char nc[8];
            code_of(h->id, nc);
            *cut = 0;
            fputs(p, out);
            if (save == ' ')
                fputc(' ', out);
            fputs(nc, out);
            fputc('\n', out);
        }
    }
    s->eof = true;
    return 0;
}

/* The scopes of one input's header as they are read: the TOP scope is dropped, every other one
 * copied; prefix is the hierarchical name of the current scope (for the variable list). */
enum { MAXD = 64 };
typedef struct {
    bool skipped[MAXD];
    size_t plen[MAXD + 1];
    char prefix[2048];
    int depth;
} hdr_t;

/* "$scope TYPE NAME $end" of input name: 0, or -1 with err. */
static int hdr_scope(FILE* f, const char* name, hdr_t* h, FILE* d, char* err, size_t errlen) {
    char ty[64], nm[256], e[16];
    if (!token(f, ty, sizeof ty) || !token(f, nm, sizeof nm) || !token(f, e, sizeof e) ||
        strcmp(e, "$end") || h->depth >= MAXD) {
        snprintf(err, errlen, "%s: bad $scope", name);
        return -1;
    }
    h->skipped[h->depth] = h->depth == 0 && !strcmp(nm, "TOP");
    size_t pl = h->plen[h->depth];
    if (!h->skipped[h->depth]) {
        fprintf(d, "$scope %s %s $end\n", ty, nm);
        snprintf(h->prefix + pl, sizeof h->prefix - pl, ".%s", nm);
        pl = strlen(h->prefix);
    }
    h->depth++;
    h->plen[h->depth] = pl;
    return 0;
}

/* "$var TYPE SIZE CODE NAME [RANGE] $end" of input s: its merged code (an alias keeps the code
 * of the variable it aliases), the declaration into d, the variable into w's list. 0, or -1 with
 * err. */
static int hdr_var(src_t* s, const char* name, const hdr_t* h, FILE* d, uint32_t* next_id,
                   gpucoh_mwave_t* w, char* err, size_t errlen) {
    char ty[64], sz[32], code[64], nm[256], x[64], range[64] = "";
    if (!token(s->f, ty, sizeof ty) || !token(s->f, sz, sizeof sz) ||
        !token(s->f, code, sizeof code) || !token(s->f, nm, sizeof nm)) {
        snprintf(err, errlen, "%s: bad $var", name);
        return -1;
    }
    while (token(s->f, x, sizeof x) && strcmp(x, "$end"))
        if (x[0] == '[')
            snprintf(range, sizeof range, "%s", x);
    const hent_t* he = hfind(&s->map, code);
    uint32_t id;
    if (he) {
        id = he->id; /* an alias of a variable declared before */
    } else {
        id = (*next_id)++;
        if (hput(&s->map, code, id) != 0) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
    }
    char nc[8];
    code_of(id, nc);
    fprintf(d, "$var %s %s %s %s%s%s $end\n", ty, sz, nc, nm, range[0] ? " " : "", range);
    char full[2400];
    snprintf(full, sizeof full, "%s.%s", h->prefix, nm);
    if (add_var(w, full, (uint32_t)strtoul(sz, NULL, 10), range) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

/* "$timescale ... $end": the first input's is the merge's, every other must equal it. 0, or -1
 * with err. */
static int hdr_timescale(FILE* f, const char* name, char* timescale, size_t tn, char* err,
                         size_t errlen) {
    char ts[64] = "", x[64];
    while (token(f, x, sizeof x) && strcmp(x, "$end")) {
        size_t l = strlen(ts);
        snprintf(ts + l, sizeof ts - l, "%s", x);
    }
    if (!timescale[0])
        snprintf(timescale, tn, "%s", ts);
    else if (strcmp(ts, timescale)) {
        snprintf(err, errlen, "%s: timescale %s differs from %s", name, ts, timescale);
        return -1;
    }
    return 0;
}

/* The header of input s (file name), its declarations into d inside a scope named scope, then
 * up to its first time line. 0, or -1 with err. */
static int read_header(src_t* s, const char* name, const char* scope, FILE* d, uint32_t* next_id,
                       char* timescale, size_t tn, gpucoh_mwave_t* w, char* err, size_t errlen) {
    fprintf(d, "$scope module %s $end\n", scope);
    hdr_t h;
    memset(&h, 0, sizeof h);
    snprintf(h.prefix, sizeof h.prefix, "%s", scope);
    h.plen[0] = strlen(h.prefix);
    bool ended = false;
    char t[512];
    while (!ended && token(s->f, t, sizeof t)) {
        int r = 0;
        if (!strcmp(t, "$enddefinitions")) {
            skip_end(s->f);
            ended = true;
        } else if (!strcmp(t, "$scope")) {
            r = hdr_scope(s->f, name, &h, d, err, errlen);
        } else if (!strcmp(t, "$upscope")) {
            skip_end(s->f);
            if (h.depth == 0) {
                snprintf(err, errlen, "%s: $upscope without $scope", name);
                return -1;
            }
            h.depth--;
            if (!h.skipped[h.depth])
                fputs("$upscope $end\n", d);
            h.prefix[h.plen[h.depth]] = 0;
        } else if (!strcmp(t, "$var")) {
            r = hdr_var(s, name, &h, d, next_id, w, err, errlen);
        } else if (!strcmp(t, "$timescale")) {
            r = hdr_timescale(s->f, name, timescale, tn, err, errlen);
        } else if (t[0] == '$') {
            skip_end(s->f); /* $date, $version, $comment, $attrbegin (enum tables) ... */
        } else {
            snprintf(err, errlen, "%s: unexpected '%s' in the header", name, t);
            return -1;
        }
        if (r != 0)
            return -1;
    }
    if (!ended || h.depth != 0) {
        snprintf(err, errlen, "%s: no complete header", name);
        return -1;
    }
    fputs("$upscope $end\n", d);
    /* up to the first time line (nothing may come before it) */
    return copy_block(s, NULL, name, err, errlen);
}

/* The value changes of the n inputs merged in time order into o (the first time's inside
 * $dumpvars); the first and last times in *first, *last (-1: none). 0, or -1 with err. */
static int merge_changes(src_t* s, unsigned n, const char* const* in, FILE* o, int64_t* first,
                         int64_t* last, char* err, size_t errlen) {
    *first = *last = -1;
    bool dumpvars = true;
    for (;;) {
        int64_t t = -1;
        for (unsigned i = 0; i < n; i++)
            if (!s[i].eof && (t < 0 || s[i].t < t))
                t = s[i].t;
        if (t < 0)
            break;
        if (t < *last) {
            snprintf(err, errlen, "time %lld goes backwards", (long long)t);
            return -1;
        }
        fprintf(o, "#%lld\n", (long long)t);
        if (dumpvars)
            fputs("$dumpvars\n", o);
        if (*first < 0)
            *first = t;
        *last = t;
        for (unsigned i = 0; i < n; i++)
            if (!s[i].eof && s[i].t == t && copy_block(&s[i], o, in[i], err, errlen) != 0)
                return -1;
        if (dumpvars)
            fputs("$end\n", o);
        dumpvars = false;
    }
    return 0;
}

int gpucoh_vcd_merge(const char* const* in, const char* const* scopes, unsigned n, const char* out,
                     gpucoh_mwave_t* w, char* err, size_t errlen) {
    src_t* s = calloc(n ? n : 1, sizeof *s);
    char* decl = NULL;
    size_t decl_n = 0;
    FILE* d = open_memstream(&decl, &decl_n);
    FILE* o = NULL;
    char timescale[64] = "";
    uint32_t next_id = 0;
    int rc = -1;
    if (!s || !d) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    for (unsigned i = 0; i < n; i++) {
        s[i].f = fopen(in[i], "r");
        if (!s[i].f) {
            snprintf(err, errlen, "cannot read %s: %s", in[i], strerror(errno));
            goto done;
        }
        if (read_header(&s[i], in[i], scopes[i], d, &next_id, timescale, sizeof timescale, w, err,
                        errlen) != 0)
            goto done;
    }
    fclose(d);
    d = NULL;
    o = fopen(out, "w");
    if (!o) {
        snprintf(err, errlen, "cannot write %s: %s", out, strerror(errno));
        goto done;
    }
    time_t now = time(NULL);
    char date[64];
    strftime(date, sizeof date, "%a %b %d %H:%M:%S %Y", localtime(&now));
    fprintf(o, "$date\n\t%s\n$end\n$version\n\tgpucoh mwave: %u Verilated traces merged\n$end\n",
            date, n);
    fprintf(o, "$timescale\n\t%s\n$end\n", timescale[0] ? timescale : "1ps");
    fwrite(decl, 1, decl_n, o);
    fputs("$enddefinitions $end\n", o);
    int64_t first, last;
    if (merge_changes(s, n, in, o, &first, &last, err, errlen) != 0)
        goto done;
    if (fflush(o) != 0 || ferror(o)) {
        snprintf(err, errlen, "cannot write %s: %s", out, strerror(errno));
        goto done;
    }
    if (w) {
        w->t_first = first;
        w->t_last = last;
    }
    rc = 0;
done:
    if (o && fclose(o) != 0 && rc == 0) {
        snprintf(err, errlen, "cannot write %s: %s", out, strerror(errno));
        rc = -1;
    }
    if (d)
        fclose(d);
    free(decl);
    for (unsigned i = 0; s && i < n; i++) {
        if (s[i].f)
            fclose(s[i].f);
        hfree(&s[i].map);
        free(s[i].line);
    }
    free(s);
    return rc;
}

/* ---- relative paths ------------------------------------------------------------------------- */

/* Absolute and normalised (no ".", "..", "//"); realpath() where the path exists. */
static void abspath(const char* p, char* out, size_t n) {
    char tmp[PATH_MAX];
    if (realpath(p, tmp)) {
        snprintf(out, n, "%s", tmp);
        return;
    }
    char cwd[PATH_MAX] = "";
    if (p[0] != '/' && !getcwd(cwd, sizeof cwd))
        cwd[0] = 0;
    char full[2 * PATH_MAX + 2];
    snprintf(full, sizeof full, "%s/%s", cwd, p);
    /* normalise */
    char* parts[512];
    int np = 0;
    for (char* t = strtok(full, "/"); t && np < 512; t = strtok(NULL, "/")) {
        if (!strcmp(t, "."))
            continue;
        if (!strcmp(t, "..")) {
            if (np)
                np--;
            continue;
        }
        parts[np++] = t;
    }
    size_t l = 0;
    out[0] = 0;
    for (int i = 0; i < np; i++)
        l += (size_t)snprintf(out + l, n > l ? n - l : 0, "/%s", parts[i]);
    if (!np)
        snprintf(out, n, "/");
}

/* Split an absolute path into its components (in place). */
static int split(char* p, char** parts, int max) {
    int np = 0;
    for (char* t = strtok(p, "/"); t && np < max; t = strtok(NULL, "/"))
        parts[np++] = t;
    return np;
}

void gpucoh_relpath(const char* dir, const char* target, char* buf, size_t n) {
    char a[PATH_MAX], b[PATH_MAX];
    abspath(dir, a, sizeof a);
    abspath(target, b, sizeof b);
    char *pa[256], *pb[256];
    const int na = split(a, pa, 256), nb = split(b, pb, 256);
    int c = 0;
    while (c < na && c < nb && !strcmp(pa[c], pb[c]))
        c++;
    size_t l = 0;
    buf[0] = 0;
    for (int i = c; i < na; i++)
        l += (size_t)snprintf(buf + l, n > l ? n - l : 0, "../");
    for (int i = c; i < nb; i++)
        l += (size_t)snprintf(buf + l, n > l ? n - l : 0, "%s%s", pb[i], i + 1 < nb ? "/" : "");
    if (!buf[0])
        snprintf(buf, n, ".");
}

/* ---- GTKWave save files --------------------------------------------------------------------- */

typedef struct {
    char* b;
    size_t n, cap;
} sbuf_t;

static void sb_printf(sbuf_t* s, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf_t* s, const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (need < 0)
        return;
    if (s->n + (size_t)need + 1 > s->cap) {
        size_t nc = s->cap ? s->cap : 4096;
        while (nc < s->n + (size_t)need + 1)
            nc *= 2;
        char* nb = realloc(s->b, nc);
        if (!nb)
            return;
        s->b = nb;
        s->cap = nc;
    }
    va_start(ap, fmt);
    vsnprintf(s->b + s->n, s->cap - s->n, fmt, ap);
    va_end(ap);
    s->n += (size_t)need;
}

struct gpucoh_gtkw {
    const gpucoh_mwave_t* w;
    char path[PATH_MAX];
    char dir[PATH_MAX];
    int64_t marker;
    sbuf_t hdr, tree, body;
    unsigned long long flags; /* of the last trace line (~0: none yet) */
    unsigned written, missing;
    char first_missing[256];
    char filters[32][64];
    int nfilters;
    char groups[16][160];
    bool gclosed[16];
    int ngroups;
};

gpucoh_gtkw_t* gpucoh_gtkw_new(const gpucoh_mwave_t* w, const char* gtkw_path, int64_t marker) {
    gpucoh_gtkw_t* g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->w = w;
    snprintf(g->path, sizeof g->path, "%s", gtkw_path);
    const char* sl = strrchr(gtkw_path, '/');
    if (sl)
        snprintf(g->dir, sizeof g->dir, "%.*s", (int)(sl - gtkw_path), gtkw_path);
    else
        snprintf(g->dir, sizeof g->dir, ".");
    if (!g->dir[0])
        snprintf(g->dir, sizeof g->dir, "/");
    g->marker = marker;
    g->flags = ~0ull;
    return g;
}

void gpucoh_gtkw_free(gpucoh_gtkw_t* g) {
    if (!g)
        return;
    free(g->hdr.b);
    free(g->tree.b);
    free(g->body.b);
    free(g);
}

void gpucoh_gtkw_header_comment(gpucoh_gtkw_t* g, const char* text) {
    sb_printf(&g->hdr, "[*] %s\n", text);
}

void gpucoh_gtkw_treeopen(gpucoh_gtkw_t* g, const char* scope) {
    sb_printf(&g->tree, "[treeopen] %s.\n", scope);
}

static void set_flags(gpucoh_gtkw_t* g, unsigned long long f) {
    if (f != g->flags)
        sb_printf(&g->body, "@%llx\n", f);
    g->flags = f;
}

void gpucoh_gtkw_comment(gpucoh_gtkw_t* g, const char* text) {
    set_flags(g, 0x200ull); /* TR_BLANK */
    sb_printf(&g->body, "-%s\n", text);
}

void gpucoh_gtkw_group(gpucoh_gtkw_t* g, const char* name, bool closed) {
    /* TR_GRP_BEGIN | TR_BLANK, and TR_CLOSED for a closed group */
    set_flags(g, closed ? 0xc00200ull : 0x800200ull);
    sb_printf(&g->body, "-%s\n", name);
    if (g->ngroups < 16) {
        snprintf(g->groups[g->ngroups], sizeof g->groups[0], "%s", name);
        g->gclosed[g->ngroups] = closed;
    }
    g->ngroups++;
}

void gpucoh_gtkw_group_end(gpucoh_gtkw_t* g) {
    if (g->ngroups == 0)
        return;
    g->ngroups--;
    const int k = g->ngroups < 16 ? g->ngroups : 15;
    set_flags(g, g->gclosed[k] ? 0x1400200ull : 0x1000200ull); /* TR_GRP_END (| TR_CLOSED) */
    sb_printf(&g->body, "-%s\n", g->groups[k]);
}

bool gpucoh_gtkw_trace(gpucoh_gtkw_t* g, const char* path, const char* filter, int fmt, int color) {
    const gpucoh_wvar_t* v = gpucoh_mwave_find(g->w, path);
    if (!v) {
        if (!g->missing++)
            snprintf(g->first_missing, sizeof g->first_missing, "%s", path);
        return false;
    }
    /* 0x20 right-justify; 0x02 hex, 0x08 binary, 0x04 decimal; 0x2000 file-translated (the
     * filter's left column is the value as GTKWave prints it in hex) */
    unsigned long long f = 0x20ull;
    if (filter && *filter)
        f |= 0x2002ull;
    else if (fmt == GPUCOH_GTKW_BIN || v->width == 1)
        f |= 0x08ull;
    else if (fmt == GPUCOH_GTKW_DEC)
        f |= 0x04ull;
    else
        f |= 0x02ull;
    set_flags(g, f);
    if (color > 0)
        sb_printf(&g->body, "[color] %d\n", color);
    if (filter && *filter) {
        int k = 0;
        while (k < g->nfilters && strcmp(g->filters[k], filter))
            k++;
        if (k == g->nfilters && k < 32)
            snprintf(g->filters[g->nfilters++], sizeof g->filters[0], "%s", filter);
        char abs[PATH_MAX + 128], rel[PATH_MAX];
        snprintf(abs, sizeof abs, "%s/waves/filters/%s", gpucoh_root(), filter);
        gpucoh_relpath(g->dir, abs, rel, sizeof rel);
        sb_printf(&g->body, "^%d %s\n", k + 1, rel);
    }
    sb_printf(&g->body, "%s%s\n", v->path, v->range);
    g->written++;
    return true;
}

unsigned gpucoh_gtkw_written(const gpucoh_gtkw_t* g) {
    return g->written;
}
unsigned gpucoh_gtkw_missing(const gpucoh_gtkw_t* g) {
    return g->missing;
}
const char* gpucoh_gtkw_first_missing(const gpucoh_gtkw_t* g) {
    return g->first_missing;
}

int gpucoh_gtkw_commit(gpucoh_gtkw_t* g, char* err, size_t errlen) {
    while (g->ngroups > 0)
        gpucoh_gtkw_group_end(g);
    /* The view (GTKWave 3.3.118): [timestart] is honoured only when it is at most (last dump
     * time - page width); the page is wave_px * 2^-zoom / 200 time units wide (200 pixels per
     * 2^-zoom units). At zoom -3 a clock cycle (2 units) is 50 pixels. wave_px: the wave pane
     * of a 1600-pixel window with the pane widths below (GTKWave widens the SST pane to about
     * 276 pixels whatever sst_width says). */
    const int win_w = 1600, win_h = 1000, sst_w = 250, sig_w = 300;
    const double wave_px = 1020.0;
    double zoom = -3.0, upx = 0.04;
    const double page = wave_px * upx;
    const int64_t first = gpucoh_mwave_first_time(g->w) < 0 ? 0 : gpucoh_mwave_first_time(g->w);
    const int64_t last =
        gpucoh_mwave_last_time(g->w) < first ? first : gpucoh_mwave_last_time(g->w);
    int64_t ts = first;
    if (g->marker >= 0 && (double)(g->marker - first) > 0.55 * page &&
        (double)(last - g->marker) > 0.5 * page) {
        /* the marker 55 % across the page; honoured because at least a page of dump follows
         * (a pane up to about 1.9 times the width assumed here still shows it) */
        ts = g->marker - (int64_t)(0.55 * page);
        ts -= ts & 1;
    } else if (g->marker >= 0 && last - g->marker >= 8 && (double)(last - first) > page) {
        /* the last page of the dump plus 10 %: the marker (last - marker) units left of the
         * right edge; snapped to a cycle start */
        ts = last - (int64_t)(1.1 * page) - 1;
        ts -= ts & 1;
        if (ts < first)
            ts = first;
    } else {
        /* all of the dump, zoomed out in quarter steps until it fits */
        const double need = (double)(last - first) * 1.04 + 2.0;
        while (wave_px * upx < need && zoom > -40.0) {
            zoom -= 0.25;
            upx *= 1.189207115002721; /* 2^0.25 */
        }
    }
    gpucoh_afile_t a;
    if (gpucoh_afile_open(&a, g->path, err, errlen) != 0) {
        gpucoh_gtkw_free(g);
        return -1;
    }
    FILE* f = a.f;
    fprintf(f, "[*]\n%s[*]\n", g->hdr.b ? g->hdr.b : "");
    /* dump and save file: the dump relative to the save file's directory; GTKWave resolves it
     * (and the filters) against the directory the save file is loaded from, using [savefile] */
    char rel[PATH_MAX], sabs[PATH_MAX];
    gpucoh_relpath(g->dir, gpucoh_mwave_path(g->w), rel, sizeof rel);
    abspath(g->path, sabs, sizeof sabs);
    fprintf(f, "[dumpfile] \"%s\"\n[savefile] \"%s\"\n", rel, sabs);
    fprintf(f, "[timestart] %lld\n[size] %d %d\n[pos] -1 -1\n", (long long)ts, win_w, win_h);
    fprintf(f, "*%.6f %lld", zoom, (long long)g->marker);
    for (int i = 0; i < 26; i++)
        fprintf(f, " -1");
    fprintf(f, "\n%s", g->tree.b ? g->tree.b : "");
    fprintf(f, "[sst_width] %d\n[signals_width] %d\n[sst_expanded] 1\n[sst_vpaned_height] 300\n",
            sst_w, sig_w);
    if (g->body.b)
        fputs(g->body.b, f);
    fprintf(f, "[pattern_trace] 1\n[pattern_trace] 0\n");
    int rc = gpucoh_afile_commit(&a, err, errlen);
    gpucoh_gtkw_free(g);
    return rc;
}
