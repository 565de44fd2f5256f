/* SPDX-License-Identifier: Apache-2.0 */
/*
 * compare.c -- one comparison run (a synthetic workload on one protocol variant, C models), its
 * metrics by name, and the judging of a claim against the runs (compare.h). No protocol is named
 * here: the claims table is in compare_claims.c, the command line in compare_cli.c.
 */
#include "compare.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "axiom.h"
#include "util.h"

/* ---- rsteal's scopes ----------------------------------------------------------------------- */

void cmp_synth_scopes(const gsys_cfg_t* cfg, synth_cfg_t* sc) {
    if (sc->kind != SYNTH_RSTEAL)
        return;
    const gsys_proto_t* P = cfg->proto;
    const gsys_variant_t* V = &P->variants[P->variant_of(gsys_pdc(cfg))];
    const int m = ax_model_index(V->model);
    if ((V->scopes >> GSYS_SCOPE_RM) & 1u) {
        sc->local_scope = GSYS_SCOPE_CTA;
        sc->steal_scope = GSYS_SCOPE_RM;
    } else if (m < 0 || ax_model_scoped((uint32_t)m)) {
        sc->local_scope = GSYS_SCOPE_GPU;
        sc->steal_scope = GSYS_SCOPE_GPU;
    } else {
        sc->local_scope = GSYS_SCOPE_CTA;
        sc->steal_scope = GSYS_SCOPE_GPU;
    }
    if (sc->inject == SYNTH_INJECT_CTA_LOCAL)
        sc->local_scope = GSYS_SCOPE_CTA;
}

/* ---- one run ------------------------------------------------------------------------------- */

enum { SLICE = 4096 }; /* cycles between progress checks (gsys_run continues where it stopped) */

static gsys_run_t run_sliced(gsys_t* s, const synth_t* x, uint64_t budget, bool quiet,
                             const char* what) {
    gpucoh_progress_t pg;
    gpucoh_progress_start(&pg, what, !quiet);
    uint64_t left = budget;
    for (;;) {
        const uint64_t n = left < SLICE ? left : SLICE;
        const gsys_run_t rc = gsys_run(s, n, stderr);
        left -= n;
        if (rc != GSYS_RUN_CYCLES || left == 0)
            return rc;
        const synth_result_t* r = synth_result(x);
        char extra[64];
        snprintf(extra, sizeof extra, ", cycle %" PRIu64, gsys_cycle(s));
        gpucoh_progress(&pg, r->work_done, r->work_total, "work items", extra);
    }
}

static const char* run_name(gsys_run_t rc) {
    switch (rc) {
    case GSYS_RUN_DONE:
        return "finished";
    case GSYS_RUN_CYCLES:
        return "did not finish within the cycle budget (--cycles)";
    case GSYS_RUN_STOPPED:
        return "stopped by the backend";
    default:
        return "deadlocked (no progress)";
    }
}

/* The verdict of a run and, for a failure, why. */
static void judge(cmp_run_t* r) {
    const synth_result_t* x = &r->res;
    r->why[0] = 0;
    if (r->rc != GSYS_RUN_DONE)
        snprintf(r->why, sizeof r->why, "%s at cycle %" PRIu64, run_name(r->rc), r->st.cycles);
    else if (x->errors)
        snprintf(r->why, sizeof r->why, "%" PRIu64 " wrong value(s) of %" PRIu64 "; first: %s",
                 x->errors, x->checked, x->first_error);
    else if (x->work_done != x->work_total)
        snprintf(r->why, sizeof r->why, "%" PRIu64 " of %" PRIu64 " work items done", x->work_done,
                 x->work_total);
    else if (r->st.harness_errors || r->model_errors)
        snprintf(r->why, sizeof r->why,
                 "%" PRIu64 " harness error(s), %" PRIu64 " protocol error(s) in the C models",
                 r->st.harness_errors, r->model_errors);
    r->pass = r->why[0] == 0;
}

static void collect(cmp_run_t* r, gsys_t* s, synth_t* x, const gsys_backend_t* be) {
    if (r->rc == GSYS_RUN_DONE)
        synth_final_check(x, s);
    gsys_stats_get(s, &r->st);
    gsys_counters_collect(r->cfg.proto, gsys_pdc(&r->cfg), be, &r->ctr);
    r->model_errors = r->st.model_errors_l1 + r->st.model_errors_l2;
    r->res = *synth_result(x);
    r->ran = true;
    judge(r);
}

int cmp_run(cmp_run_t* r, uint64_t max_cycles, bool quiet, char* err, size_t errlen) {
    gsys_geom_t g;
    gsys_geometry(&r->cfg, &g);
    synth_t* x = synth_new(&r->sc, &g, err, errlen);
    if (!x)
        return -1;
    gsys_backend_t be;
    if (gsys_backend_c_cfg(&r->cfg, &be, err, errlen) != 0) {
        synth_free(x);
        return -1;
    }
    gsys_workload_t wl;
    synth_workload(x, &wl);
    gsys_t* s = gsys_new(&r->cfg, &be, &wl, err, errlen);
    if (!s) {
        be.destroy(be.ctx);
        synth_free(x);
        return -1;
    }
    char what[96];
    snprintf(what, sizeof what, "compare %s %s %s", r->config, synth_name(r->sc.kind), r->variant);
    const double t0 = gpucoh_now();
    r->rc = run_sliced(s, x, max_cycles, quiet, what);
    r->seconds = gpucoh_now() - t0;
    collect(r, s, x, &be);
    gsys_free(s);
    be.destroy(be.ctx);
    synth_free(x);
    return 0;
}

/* ---- metrics ------------------------------------------------------------------------------- */

static bool stat_metric(const cmp_run_t* r, const char* name, double* v) {
    const gsys_stats_t* s = &r->st;
    static const char* const nm[] = {
        "cycles",       "messages",        "requests",          "responses",
        "dram_fetches", "dram_writebacks", "core_stall_cycles", NULL};
    const uint64_t val[] = {s->cycles,     s->msgs,    s->req_total, s->rsp_copies,
                            s->dram_fetch, s->dram_wb, s->core_stall};
    for (uint32_t k = 0; nm[k]; k++)
        if (!strcmp(name, nm[k])) {
            *v = (double)val[k];
            return true;
        }
    return false;
}

bool cmp_metric(const cmp_run_t* r, const char* name, double* v) {
    if (stat_metric(r, name, v))
        return true;
    if (!strcmp(name, "stall_cycles")) { /* the L1s' and the banks' stalls together */
        const uint32_t both = 1u << GSYS_CTR_L1_STALL_CYCLES | 1u << GSYS_CTR_L2_STALL_CYCLES;
        if ((r->ctr.have & both) != both)
            return false;
        *v = (double)(r->ctr.v[GSYS_CTR_L1_STALL_CYCLES] + r->ctr.v[GSYS_CTR_L2_STALL_CYCLES]);
        return true;
    }
    for (uint32_t k = 0; k < GSYS_CTR_N; k++)
        if (!strcmp(name, gsys_ctr_name(k))) {
            if (!((r->ctr.have >> k) & 1u))
                return false;
            *v = (double)r->ctr.v[k];
            return true;
        }
    for (uint32_t k = 0; k < r->ctr.npv; k++)
        if (!strcmp(name, r->ctr.pnames[k])) {
            *v = (double)r->ctr.pv[k];
            return true;
        }
    return false;
}

/* ---- claims -------------------------------------------------------------------------------- */

const char* cmp_status_name(uint32_t status) {
    static const char* const nm[] = {"PASS", "FAIL", "not run", "not measured"};
    return status <= CLAIM_NOT_MEASURED ? nm[status] : "?";
}

const char* cmp_rel_name(uint32_t rel) {
    return rel == CLAIM_LT ? "<" : rel == CLAIM_GT ? ">" : "~=";
}

static const cmp_run_t* find_run(const char* config, const char* workload, const char* variant,
                                 const cmp_run_t* runs, uint32_t n) {
    for (uint32_t i = 0; i < n; i++)
        if (runs[i].ran && !strcmp(runs[i].config, config) &&
            !strcmp(synth_name(runs[i].sc.kind), workload) && !strcmp(runs[i].variant, variant))
            return &runs[i];
    return NULL;
}

/* Not run: a variant that is not registered, or a pair that was not run; else NULL. */
static const char* missing(const cmp_claim_t* c, const char* config, const cmp_run_t* runs,
                           uint32_t n, char* buf, size_t bn) {
    const char* v[2] = {c->a, c->b};
    uint32_t idx;
    for (int k = 0; k < 2; k++)
        if (!gsys_variant_find(v[k], &idx)) {
            snprintf(buf, bn, "%s is not registered", v[k]);
            return buf;
        }
    for (int k = 0; k < 2; k++)
        if (!find_run(config, c->workload, v[k], runs, n)) {
            snprintf(buf, bn, "%s on %s was not run", v[k], c->workload);
            return buf;
        }
    return NULL;
}

static bool holds(uint32_t rel, double a, double b, double tol) {
    if (rel == CLAIM_LT)
        return a < b;
    if (rel == CLAIM_GT)
        return a > b;
    return fabs(a - b) <= tol * (b > 1.0 ? b : 1.0);
}

void cmp_claim_eval(const cmp_claim_t* c, const char* config, const cmp_run_t* runs, uint32_t n,
                    cmp_verdict_t* v) {
    memset(v, 0, sizeof *v);
    if (missing(c, config, runs, n, v->why, sizeof v->why)) {
        v->status = CLAIM_NOT_RUN;
        return;
    }
    const cmp_run_t* ra = find_run(config, c->workload, c->a, runs, n);
    const cmp_run_t* rb = find_run(config, c->workload, c->b, runs, n);
    if (!ra->pass || !rb->pass) {
        v->status = CLAIM_FAIL;
        snprintf(v->why, sizeof v->why, "the %s run failed", ra->pass ? c->b : c->a);
        return;
    }
    if (!cmp_metric(ra, c->metric, &v->va) || !cmp_metric(rb, c->metric, &v->vb)) {
        v->status = CLAIM_NOT_MEASURED;
        snprintf(v->why, sizeof v->why, "%s's protocol does not count %s",
                 cmp_metric(ra, c->metric, &v->va) ? c->b : c->a, c->metric);
        return;
    }
    const bool ok = holds(c->rel, v->va, v->vb, c->tol);
    v->status = ok ? CLAIM_PASS : CLAIM_FAIL;
    char tol[48] = "";
    if (c->rel == CLAIM_NEAR)
        snprintf(tol, sizeof tol, " (within %.0f %%)", 100.0 * c->tol);
    snprintf(v->why, sizeof v->why, "%s: %s %.0f %s %s %.0f%s%s", c->metric, c->a, v->va,
             cmp_rel_name(c->rel), c->b, v->vb, tol, ok ? "" : ": does not hold");
}
