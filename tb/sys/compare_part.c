/* SPDX-License-Identifier: Apache-2.0 */
/*
 * compare_part.c -- the part report of one run of gpucoh compare (compare_int.h): what a campaign
 * job writes with --only-run (docs/campaigns.md, "The compare kind") and what the merge reads back
 * into the run, so the serial command's table, claims and reports are made from it by the same
 * code. Every measured field of a run (cmp_run_t: the run's status, gsys_stats_t,
 * gsys_counters_t, synth_result_t) is visited by one walk (walk_run) that either writes it or
 * reads it back, in the same order with the same names, so the two cannot drift apart.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "compare_int.h"
#include "util.h"

void part_name(const cmp_run_t* r, char* b, size_t n) {
    snprintf(b, n, "%s/%s/%s", r->config, synth_name(r->sc.kind), r->variant);
}

/* ---- the walk: write (f set) or read (s set) --------------------------------------------------
 */

typedef struct {
    FILE* f;       /* write: the report */
    const char* s; /* read: the cursor */
    cmp_t* x;      /* read: where the names are kept */
    bool bad;      /* read: the text does not fit */
    bool first;
    char key[64];
} walk_t;

static void keep(walk_t* w, void* p) {
    cmp_t* x = w->x;
    if (!p || w->bad) {
        free(p);
        w->bad = true;
        return;
    }
    if (x->nkept == x->capkept) {
        const uint32_t cap = x->capkept ? 2 * x->capkept : 64;
        void** k = realloc(x->kept, cap * sizeof *k);
        if (!k) {
            free(p);
            w->bad = true;
            return;
        }
        x->kept = k;
        x->capkept = cap;
    }
    x->kept[x->nkept++] = p;
}

/* `, "key": ` written, or expected at the cursor */
static bool member(walk_t* w, const char* key) {
    if (w->f) {
        fprintf(w->f, "%s\"%s\": ", w->first ? "" : ", ", key);
        w->first = false;
        return false;
    }
    if (w->bad)
        return false;
    char k[96];
    snprintf(k, sizeof k, "%s\"%s\": ", w->first ? "" : ", ", key);
    snprintf(w->key, sizeof w->key, "%s", key); /* the member a failure is at */
    w->first = false;
    if (strncmp(w->s, k, strlen(k))) {
        w->bad = true;
        return false;
    }
    w->s += strlen(k);
    return true;
}

static void w_u64(walk_t* w, const char* key, uint64_t* v) {
    const bool rd = member(w, key);
    if (w->f) {
        fprintf(w->f, "%" PRIu64, *v);
    } else if (rd) {
        char* e = NULL;
        *v = strtoull(w->s, &e, 10);
        w->bad = e == w->s;
        w->s = e;
    }
}

static void w_u32(walk_t* w, const char* key, uint32_t* v, uint32_t max) {
    uint64_t t = *v;
    w_u64(w, key, &t);
    if (!w->f && t > max)
        w->bad = true;
    *v = (uint32_t)(t <= max ? t : 0);
}

static void w_bool(walk_t* w, const char* key, bool* v) {
    uint32_t t = *v;
    w_u32(w, key, &t, 1);
    *v = t != 0;
}

static void w_f64(walk_t* w, const char* key, double* v) {
    const bool rd = member(w, key);
    if (w->f) {
        fprintf(w->f, "%.17g", *v);
    } else if (rd) {
        char* e = NULL;
        *v = strtod(w->s, &e);
        w->bad = e == w->s;
        w->s = e;
    }
}

/* a JSON string as gpucoh_json_str writes it, at the cursor, into b (n bytes) */
static bool read_str(walk_t* w, char* b, size_t n) {
    const char* s = w->s;
    size_t l = 0;
    if (*s++ != '"')
        return false;
    for (; *s && *s != '"' && l + 1 < n; s++) {
        unsigned c = (unsigned char)*s;
        if (c == '\\') {
            s++;
            if (*s == 'n')
                c = '\n';
            else if (*s == 'u' && sscanf(s + 1, "%4x", &c) == 1 && c < 0x80)
                s += 4;
            else if (*s == '"' || *s == '\\')
                c = (unsigned char)*s;
            else
                return false;
        }
        b[l++] = (char)c;
    }
    b[l] = 0;
    if (*s != '"')
        return false;
    w->s = s + 1;
    return true;
}

/* a string in a buffer of the run (why, first_error) */
static void w_buf(walk_t* w, const char* key, char* b, size_t n) {
    const bool rd = member(w, key);
    if (w->f)
        gpucoh_json_str(w->f, b);
    else if (rd && !read_str(w, b, n))
        w->bad = true;
}

/* a name the run points to (a network's, a message kind's, a counter's); null for none */
static void w_name(walk_t* w, const char* key, const char** v) {
    const bool rd = member(w, key);
    char b[256];
    if (w->f && *v)
        gpucoh_json_str(w->f, *v);
    else if (w->f)
        fputs("null", w->f);
    else if (rd && !strncmp(w->s, "null", 4)) {
        *v = NULL;
        w->s += 4;
    } else if (rd && read_str(w, b, sizeof b)) {
        char* c = strdup(b);
        keep(w, c);
        *v = c;
    } else if (rd) {
        w->bad = true;
    }
}

/* n names (a protocol's message kinds, its counters): kept in an array of their own */
static void w_names(walk_t* w, const char* key, const char* const** v, uint32_t n) {
    const char** a = w->f ? NULL : calloc(n ? n : 1, sizeof *a);
    if (!w->f)
        keep(w, a);
    for (uint32_t i = 0; i < n && !w->bad; i++) {
        char k[80];
        snprintf(k, sizeof k, "%s%u", key, i);
        const char* name = w->f ? (*v)[i] : NULL;
        w_name(w, k, &name);
        if (a)
            a[i] = name;
    }
    if (!w->f)
        *v = a;
}

static void w_u64s(walk_t* w, const char* key, uint64_t* v, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) {
        char k[80];
        snprintf(k, sizeof k, "%s%u", key, i);
        w_u64(w, k, &v[i]);
    }
}

/* ---- every measured field of a run ---------------------------------------------------------- */

static void walk_net(walk_t* w, gsys_net_stats_t* n) {
    w_name(w, "net_name", &n->name);
    w_u32(w, "net_nkinds", &n->nkinds, GSYS_MAX_KINDS);
    w_names(w, "net_kind_name", &n->kinds, n->nkinds);
    w_u64s(w, "net_kind", n->kind, n->nkinds);
    uint64_t* const v[] = {&n->total, &n->copies, &n->max, &n->stall, &n->conflict, &n->wait};
    static const char* const k[] = {"net_total", "net_copies",   "net_max",
                                    "net_stall", "net_conflict", "net_wait"};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        w_u64(w, k[i], v[i]);
}

static void walk_stats(walk_t* w, gsys_stats_t* s) {
    w_u64(w, "cycles", &s->cycles);
    w_u64(w, "harness_errors", &s->harness_errors);
    w_u64s(w, "done", s->done, GSYS_OP_N);
    w_u64s(w, "fences", s->fences, 2);
    uint64_t* const a[] = {&s->core_req, &s->core_rsp, &s->lat_sum, &s->lat_n, &s->lat_max};
    static const char* const ka[] = {"core_req", "core_rsp", "lat_sum", "lat_n", "lat_max"};
    for (size_t i = 0; i < sizeof a / sizeof a[0]; i++)
        w_u64(w, ka[i], a[i]);
    w_u32(w, "nnets", &s->nnets, GSYS_MAX_NETS);
    for (uint32_t i = 0; i < s->nnets && !w->bad; i++)
        walk_net(w, &s->net[i]);
    w_u64(w, "msgs", &s->msgs);
    w_u32(w, "n_req_kinds", &s->n_req_kinds, GSYS_MAX_KINDS);
    w_u32(w, "n_rsp_kinds", &s->n_rsp_kinds, GSYS_MAX_KINDS);
    w_names(w, "req_kind_name", &s->req_kinds, s->n_req_kinds);
    w_names(w, "rsp_kind_name", &s->rsp_kinds, s->n_rsp_kinds);
    w_u64s(w, "req", s->req, s->n_req_kinds);
    w_u64s(w, "rsp", s->rsp, s->n_rsp_kinds);
    uint64_t* const b[] = {&s->req_total,    &s->rsp_total, &s->rsp_copies, &s->dram_fetch,
                           &s->dram_wb,      &s->dram_rsp,  &s->core_stall, &s->bank_stall,
                           &s->rsp_conflict, &s->rq_max,    &s->rs_max,     &s->dram_max};
    static const char* const kb[] = {"req_total",    "rsp_total", "rsp_copies", "dram_fetch",
                                     "dram_wb",      "dram_rsp",  "core_stall", "bank_stall",
                                     "rsp_conflict", "rq_max",    "rs_max",     "dram_max"};
    for (size_t i = 0; i < sizeof b / sizeof b[0]; i++)
        w_u64(w, kb[i], b[i]);
    w_bool(w, "have_model_errors", &s->have_model_errors);
    w_u64(w, "model_errors_l1", &s->model_errors_l1);
    w_u64(w, "model_errors_l2", &s->model_errors_l2);
}

static void walk_counters(walk_t* w, gsys_counters_t* c) {
    w_u64s(w, "ctr", c->v, GSYS_CTR_N);
    w_u32(w, "ctr_have", &c->have, UINT32_MAX);
    w_u32(w, "npv", &c->npv, GSYS_MAX_PCTR);
    w_names(w, "pv_name", &c->pnames, c->npv);
    w_u64s(w, "pv", c->pv, c->npv);
}

static void walk_run(walk_t* w, cmp_run_t* r) {
    uint32_t rc = (uint32_t)r->rc;
    w_u32(w, "rc", &rc, GSYS_RUN_DEADLOCK);
    r->rc = (gsys_run_t)rc;
    w_bool(w, "pass", &r->pass);
    w_buf(w, "why", r->why, sizeof r->why);
    w_f64(w, "seconds", &r->seconds);
    w_u64(w, "model_errors", &r->model_errors);
    synth_result_t* x = &r->res;
    uint64_t* const v[] = {&x->checked, &x->errors, &x->work_done, &x->work_total, &x->spins};
    static const char* const k[] = {"checked", "errors", "work_done", "work_total", "spins"};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        w_u64(w, k[i], v[i]);
    w_buf(w, "first_error", x->first_error, sizeof x->first_error);
    walk_stats(w, &r->st);
    walk_counters(w, &r->ctr);
}

/* ---- the part report ---------------------------------------------------------------------- */

int part_write(const cmp_t* x, const cmp_run_t* r, const char* path, char* err, size_t errlen) {
    gpucoh_afile_t a;
    if (gpucoh_afile_open(&a, path, err, errlen) != 0)
        return -1;
    char name[256];
    part_name(r, name, sizeof name);
    fprintf(a.f, "{\"tool\": \"gpucoh compare\"");
    gpucoh_json_kv(a.f, ", ", "part", name);
    gpucoh_json_kv(a.f, ", ", "version", gpucoh_version());
    gpucoh_json_kv(a.f, ", ", "replay", x->replay);
    fprintf(a.f, ",\n\"run\": ");
    report_json_run(a.f, r);
    fprintf(a.f, ",\n\"metrics\": {");
    walk_t w = {.f = a.f, .first = true};
    cmp_run_t copy = *r; /* the walk takes a run it may fill; writing changes nothing */
    walk_run(&w, &copy);
    fprintf(a.f, "}}\n");
    return gpucoh_afile_commit(&a, err, errlen);
}

/* the string member key of the head, at most n bytes, into b */
static bool head_str(const char* s, const char* key, char* b, size_t n) {
    char k[64];
    snprintf(k, sizeof k, "\"%s\": ", key);
    const char* t = strstr(s, k);
    const char* nl = strchr(s, '\n');
    if (!t || (nl && t > nl))
        return false;
    walk_t w = {.s = t + strlen(k)};
    return read_str(&w, b, n);
}

cmp_run_t* part_find(const cmp_t* x, const char* name) {
    for (uint32_t i = 0; i < x->n; i++) {
        char b[256];
        part_name(&x->runs[i], b, sizeof b);
        if (!strcmp(b, name))
            return &x->runs[i];
    }
    return NULL;
}

/* the head: a part of this build and selection, naming a run of x not read before */
static cmp_run_t* part_head(const cmp_t* x, const char* s, const char* path, char* err,
                            size_t errlen) {
    char name[256], ver[256], replay[1024];
    if (strncmp(s, "{\"tool\": \"gpucoh compare\", \"part\": ", 35) ||
        !head_str(s, "part", name, sizeof name) || !head_str(s, "version", ver, sizeof ver) ||
        !head_str(s, "replay", replay, sizeof replay)) {
        snprintf(err, errlen, "%s is not a part report of gpucoh compare (--only-run)", path);
        return NULL;
    }
    if (strcmp(ver, gpucoh_version()) || strcmp(replay, x->replay)) {
        snprintf(err, errlen,
                 "%s was made by another build or for other options (its version or its replay "
                 "line differs)",
                 path);
        return NULL;
    }
    cmp_run_t* r = part_find(x, name);
    if (!r || r->ran)
        snprintf(err, errlen, "%s: run %s %s", path, name,
                 r ? "has two part reports" : "is not one of the selection's runs");
    return r && !r->ran ? r : NULL;
}

int part_read(cmp_t* x, const char* path, char* err, size_t errlen) {
    size_t len = 0;
    char* s = gpucoh_read_text(path, "a part report", 1u << 24, &len, err, errlen);
    if (!s)
        return -1;
    cmp_run_t* r = part_head(x, s, path, err, errlen);
    const char* m = r ? strstr(s, ",\n\"metrics\": {") : NULL;
    int rc = r ? 0 : -1;
    if (r && !m) {
        snprintf(err, errlen, "%s is not a part report of gpucoh compare (no metrics)", path);
        rc = -1;
    }
    if (rc == 0) {
        walk_t w = {.s = m + strlen(",\n\"metrics\": {"), .x = x, .first = true};
        walk_run(&w, r);
        if (w.bad || strcmp(w.s, "}}\n")) {
            snprintf(err, errlen, "%s: its metrics do not read back (at \"%s\")", path,
                     w.bad ? w.key : "the end");
            rc = -1;
        }
        r->ran = rc == 0;
    }
    free(s);
    return rc;
}

void part_free(cmp_t* x) {
    for (uint32_t i = 0; i < x->nkept; i++)
        free(x->kept[i]);
    free(x->kept);
    x->kept = NULL;
    x->nkept = x->capkept = 0;
}
