/* SPDX-License-Identifier: Apache-2.0 */
/*
 * conform_merge.c -- `gpucoh conform --from-results LIST` (conform_int.h; docs/campaigns.md,
 * "The conform kind"): the reports of a campaign's shards (`--shard K/N`, K = 1..N, in order)
 * summed into one run's state, which conform.c then prints and writes as it does after its own
 * runs: one report code for a run whole and a run in pieces.
 *
 * What a shard's JSON carries for it: "tests" (its tests run), "seconds", "unparsed",
 * "shard": "K/N", "known_tests" (per known entry, the tests it applies to that ran), a line per
 * variant (its counts), a line per violation (variant, test, shape, outcome, model, counts, the
 * re-runs' words and "rerun_failed"). The options object must be the one this run would write.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axiom.h"
#include "conform_int.h"
#include "util.h"

#define CM_MAX_REPORT (256u << 20) /* a shard's JSON: at most 256 MiB */

/* the string after "key": in s (JSON escapes of gpucoh_json_str undone) into b: true if found */
static bool json_str(const char* s, const char* key, char* b, size_t n) {
    char k[64];
    snprintf(k, sizeof k, "\"%s\": \"", key);
    const char* t = strstr(s, k);
    if (!t || !n)
        return false;
    size_t l = 0;
    for (t += strlen(k); *t && *t != '"' && l + 1 < n; t++) {
        unsigned x = 0;
        if (*t != '\\')
            b[l++] = *t;
        else if (t[1] == 'n' && ++t)
            b[l++] = '\n';
        else if (t[1] == 'u' && sscanf(t + 2, "%4x", &x) == 1 && (t += 5))
            b[l++] = (char)x;
        else if (t[1])
            b[l++] = *++t;
    }
    b[l] = 0;
    return *t == '"';
}

/* the unsigned number after "key": in s into *v: true if found */
static bool json_u64(const char* s, const char* key, uint64_t* v) {
    char k[64];
    snprintf(k, sizeof k, "\"%s\": ", key);
    const char* t = strstr(s, k);
    if (!t)
        return false;
    char* e = NULL;
    *v = strtoull(t + strlen(k), &e, 10);
    return e != t + strlen(k);
}

typedef struct {
    const char* path; /* the shard's report, for the messages */
    uint64_t k, n;    /* it is shard k of n */
} cm_src_t;

static int bad(const cm_src_t* r, const char* what) {
    fprintf(stderr, "gpucoh: conform: --from-results: %s: %s\n", r->path, what);
    return -1;
}

/* one variant line: its counts added to the variant of that name at index i */
static int add_var(cf_t* c, uint32_t i, const char* line, const cm_src_t* r) {
    char name[64];
    cf_var_t* x = &c->var[i];
    static const char* const keys[] = {
        "tests",      "racy_tests", "runs",           "outcomes",
        "violations", "known",      "never_observed", "tests_with_never_observed",
        "refused",    "fatal_runs"};
    uint64_t* const dst[] = {&x->tests, &x->racy,  &x->runs,        &x->outcomes, &x->violations,
                             &x->known, &x->never, &x->never_tests, &x->refused,  &x->fatal};
    if (!json_str(line, "variant", name, sizeof name) || strcmp(name, x->v->name))
        return bad(r, "its variants are not this run's, in this order");
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        uint64_t v = 0;
        if (!json_u64(line, keys[k], &v))
            return bad(r, "a variant's counts are incomplete");
        *dst[k] += v;
    }
    return 0;
}

static int var_index(const cf_t* c, const char* name) {
    for (uint32_t i = 0; i < c->nvar; i++)
        if (!strcmp(c->var[i].v->name, name))
            return (int)i;
    return -1;
}

static int shape_index(const char* name) {
    for (uint32_t s = 0; s < litgen_nshapes(); s++)
        if (!strcmp(litgen_shape_name(s), name))
            return (int)s;
    return -1;
}

/* one violation line appended to c's list, its known entry found again */
static int add_viol_line(cf_t* c, const char* line, const cm_src_t* r) {
    char var[64], shape[64], model[64];
    cf_viol_t* v = cf_viol_new(c);
    if (!v)
        return bad(r, "out of memory");
    uint64_t rb = 0;
    const int vi = json_str(line, "variant", var, sizeof var) ? var_index(c, var) : -1;
    const int sh = json_str(line, "shape", shape, sizeof shape) ? shape_index(shape) : -1;
    const bool mod = json_str(line, "model", model, sizeof model);
    const int mi = mod ? ax_model_index(model) : -1;
    if (vi < 0 || sh < 0 || !mod || (mi < 0 && strcmp(model, "none")) ||
        !json_str(line, "test", v->test, sizeof v->test) ||
        !json_str(line, "outcome", v->outcome, sizeof v->outcome) ||
        !json_str(line, "rtl", v->rtl, sizeof v->rtl) ||
        !json_str(line, "lockstep", v->lockstep, sizeof v->lockstep) ||
        !json_u64(line, "count", &v->count) || !json_u64(line, "runs", &v->runs) ||
        !json_u64(line, "first_run", &v->first_run) || !json_u64(line, "rerun_failed", &rb))
        return bad(r, "a violation is incomplete or names an unknown variant, shape or model");
    v->var = (uint32_t)vi;
    v->shape = (uint32_t)sh;
    v->model = mi >= 0 ? ax_model_name((uint32_t)mi) : "none";
    v->rerun_bad = (uint32_t)rb;
    v->known = cf_known_find(c, var, v->test, v->model);
    if (v->known >= 0)
        c->known[v->known].hits++;
    return 0;
}

/* "known_tests": [a, b, ...] added to the known entries' test counts */
static int add_known(cf_t* c, const char* s, const cm_src_t* r) {
    const char* t = strstr(s, "\"known_tests\": [");
    if (!t)
        return bad(r, "no \"known_tests\"");
    t += strlen("\"known_tests\": [");
    for (uint32_t k = 0; k < c->nknown; k++) {
        char* e = NULL;
        const uint64_t v = strtoull(t, &e, 10);
        if (e == t)
            return bad(r, "its known list is not this run's (--known changed since?)");
        c->known[k].tests += v;
        t = e + (*e == ',' ? 2 : 0);
    }
    return *t == ']' ? 0 : bad(r, "its known list is not this run's (--known changed since?)");
}

/* the head: options, shard K/N; totals */
static int add_head(cf_t* c, const char* s, const cm_src_t* r, double* secs) {
    char* want = NULL;
    size_t wl = 0;
    FILE* m = open_memstream(&want, &wl);
    if (!m)
        return bad(r, "out of memory");
    fputs("\"options\": ", m);
    cf_json_options(m, c);
    fclose(m);
    const bool same = strstr(s, want) != NULL;
    free(want);
    char sh[64], exp[64];
    snprintf(exp, sizeof exp, "%" PRIu64 "/%" PRIu64, r->k, r->n);
    uint64_t ran = 0, unp = 0;
    const char* sec = strstr(s, "\"seconds\": ");
    if (!strstr(s, "\"command\": \"conform\"") || !json_u64(s, "tests", &ran) ||
        !json_u64(s, "unparsed", &unp) || !sec)
        return bad(r, "not a report of gpucoh conform --shard");
    if (!same)
        return bad(r, "its options are not this run's (gpucoh campaign merge gives the plan's)");
    if (!json_str(s, "shard", sh, sizeof sh) || strcmp(sh, exp)) {
        fprintf(stderr, "gpucoh: conform: --from-results: %s: expected shard %s here\n", r->path,
                exp);
        return -1;
    }
    c->ran += ran;
    c->refused_total += unp;
    *secs += strtod(sec + strlen("\"seconds\": "), NULL);
    return add_known(c, s, r);
}

/* the variant lines, then the violation lines, of one report */
static int add_lists(cf_t* c, char* s, const cm_src_t* r) {
    char* v = strstr(s, "\n  \"variants\": [\n");
    char* w = v ? strstr(v, "\n  ],\n  \"violations\": [") : NULL;
    char* e = w ? strstr(w + 1, "\n  ],\n") : NULL;
    if (!e)
        return bad(r, "no variants or violations list");
    *w = *e = 0;
    uint32_t i = 0;
    for (char* l = strtok(v + strlen("\n  \"variants\": [\n"), "\n"); l; l = strtok(NULL, "\n"))
        if (i >= c->nvar || add_var(c, i++, l, r) != 0)
            return i > c->nvar ? bad(r, "more variants than this run's") : -1;
    if (i != c->nvar)
        return bad(r, "fewer variants than this run's");
    for (char* l = strtok(w + strlen("\n  ],\n  \"violations\": ["), "\n"); l;
         l = strtok(NULL, "\n"))
        if (add_viol_line(c, l, r) != 0)
            return -1;
    return 0;
}

static int add_report(cf_t* c, const cm_src_t* r, double* secs) {
    char err[1400];
    size_t len = 0;
    char* s = gpucoh_read_text(r->path, "shard report", CM_MAX_REPORT, &len, err, sizeof err);
    if (!s) {
        fprintf(stderr, "gpucoh: conform: --from-results: %s\n", err);
        return -1;
    }
    const int rc = add_head(c, s, r, secs) == 0 ? add_lists(c, s, r) : -1;
    free(s);
    return rc;
}

/* the re-runs kept as the whole run has them: the first --rerun-rtl violations' (every shard
 * re-ran its own first ones; the run's first N are among those) */
static uint32_t trim_reruns(cf_t* c) {
    uint32_t b = 0;
    for (uint32_t i = 0; i < c->nviol; i++) {
        cf_viol_t* v = &c->viol[i];
        if (i < c->rerun) {
            b += v->rerun_bad;
            continue;
        }
        v->rtl[0] = v->lockstep[0] = 0;
        v->rerun_bad = 0;
    }
    return b;
}

int cf_from_results(cf_t* c, double* secs, uint32_t* rtl_bad) {
    char err[1400];
    size_t len = 0;
    char* list =
        gpucoh_read_text(c->from, "list of shard reports", 64u << 20, &len, err, sizeof err);
    if (!list) {
        fprintf(stderr, "gpucoh: conform: --from-results: %s\n", err);
        return -1;
    }
    uint64_t n = 0;
    for (const char* t = list; *t; t++)
        n += *t == '\n' || (!t[1] && *t != '\n');
    cm_src_t r = {.n = n};
    int rc = n ? 0 : -1;
    if (!n)
        fprintf(stderr, "gpucoh: conform: --from-results %s: names no report\n", c->from);
    char* save = NULL;
    for (char* p = strtok_r(list, "\n", &save); p && rc == 0; p = strtok_r(NULL, "\n", &save)) {
        r.path = p;
        r.k++;
        rc = add_report(c, &r, secs);
    }
    free(list);
    *rtl_bad = rc == 0 ? trim_reruns(c) : 0;
    return rc;
}
