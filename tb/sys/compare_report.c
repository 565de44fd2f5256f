/* SPDX-License-Identifier: Apache-2.0 */
/*
 * compare_report.c -- the reports of gpucoh compare: compare.md (a table per workload and the
 * claims), compare.csv (one row per run), compare.json (everything) and compare.png (gnuplot:
 * cycles and messages normalised to the first variant, grouped bars). Each file is written to a
 * temporary file and renamed (util.h, gpucoh_afile_t), so none appears half-written.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "compare_int.h"
#include "util.h"

int report_check(const copt_t* o, char* err, size_t errlen) {
    err[0] = 0;
    if (o->plot && system("command -v gnuplot >/dev/null 2>&1") != 0) {
        snprintf(err, errlen,
                 "gnuplot not found (install the Debian package gnuplot-nox, or pass --no-plot)");
        return -1;
    }
    if (gpucoh_check_out_dir("--out", o->out, err, errlen) != 0)
        return -1;
    return o->json ? gpucoh_check_out_file("--json", o->json, err, errlen) : 0;
}

void report_paths(const copt_t* o, FILE* f) {
    if (o->json)
        fprintf(f, "  report    %s/compare.md (+ .csv%s), %s\n", o->out,
                o->plot ? ", compare.png" : "", o->json);
    else
        fprintf(f, "  report    %s/compare.md (+ .csv, .json%s)\n", o->out,
                o->plot ? ", compare.png" : "");
}

static double msgs(const cmp_run_t* r) {
    return (double)r->st.msgs;
}

/* ---- compare.csv --------------------------------------------------------------------------- */

static void csv_counters(FILE* f, const cmp_run_t* r) {
    for (uint32_t k = 0; k < GSYS_CTR_N; k++) {
        if ((r->ctr.have >> k) & 1u)
            fprintf(f, ",%" PRIu64, r->ctr.v[k]);
        else
            fprintf(f, ",");
    }
}

static void write_csv(FILE* f, const cmp_t* x) {
    fprintf(f, "config,workload,variant,result,cycles,messages,requests,response_copies,loads,"
               "stores,atomics,fences_cta,fences_gpu,dram_fetches,dram_writebacks,"
               "core_stall_cycles");
    for (uint32_t k = 0; k < GSYS_CTR_N; k++)
        fprintf(f, ",%s", gsys_ctr_name(k));
    fprintf(f, ",checked,wrong,protocol_counters\n");
    for (uint32_t i = 0; i < x->n; i++) {
        const cmp_run_t* r = &x->runs[i];
        const gsys_stats_t* s = &r->st;
        fprintf(f,
                "%s,%s,%s,%s,%" PRIu64 ",%.0f,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
                ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64,
                r->config, synth_name(r->sc.kind), r->variant, r->pass ? "pass" : "fail", s->cycles,
                msgs(r), s->req_total, s->rsp_copies,
                s->done[GSYS_OP_LOAD] + s->done[GSYS_OP_ACQUIRE],
                s->done[GSYS_OP_STORE] + s->done[GSYS_OP_RELEASE], s->done[GSYS_OP_ATOMIC],
                s->fences[0], s->fences[1], s->dram_fetch, s->dram_wb, s->core_stall);
        csv_counters(f, r);
        fprintf(f, ",%" PRIu64 ",%" PRIu64 ",", r->res.checked, r->res.errors);
        for (uint32_t k = 0; k < r->ctr.npv; k++)
            fprintf(f, "%s%s=%" PRIu64, k ? ";" : "", r->ctr.pnames[k], r->ctr.pv[k]);
        fputc('\n', f);
    }
}

/* ---- compare.json -------------------------------------------------------------------------- */

static void json_kinds(FILE* f, const char* key, const char* const* names, const uint64_t* v,
                       uint32_t n) {
    fprintf(f, ", \"%s\": {", key);
    for (uint32_t k = 1; k < n; k++)
        fprintf(f, "%s\"%s\": %" PRIu64, k > 1 ? ", " : "", names[k], v[k]);
    fputc('}', f);
}

static void json_stats(FILE* f, const gsys_stats_t* s) {
    fprintf(f, ", \"cycles\": %" PRIu64 ", \"messages\": %" PRIu64, s->cycles, s->msgs);
    json_kinds(f, "requests", s->req_kinds, s->req, s->n_req_kinds);
    json_kinds(f, "responses", s->rsp_kinds, s->rsp, s->n_rsp_kinds);
    fprintf(f,
            ", \"response_copies\": %" PRIu64 ", \"ops\": {\"load\": %" PRIu64
            ", \"acquire\": %" PRIu64 ", \"store\": %" PRIu64 ", \"release\": %" PRIu64
            ", \"atomic\": %" PRIu64 ", \"fence\": %" PRIu64 "}",
            s->rsp_copies, s->done[GSYS_OP_LOAD], s->done[GSYS_OP_ACQUIRE], s->done[GSYS_OP_STORE],
            s->done[GSYS_OP_RELEASE], s->done[GSYS_OP_ATOMIC], s->done[GSYS_OP_FENCE]);
    fprintf(f,
            ", \"fences\": {\"cta\": %" PRIu64 ", \"gpu\": %" PRIu64 "}, \"dram_fetches\": %" PRIu64
            ", \"dram_writebacks\": %" PRIu64 ", \"core_stall_cycles\": %" PRIu64
            ", \"bank_stall_cycles\": %" PRIu64 ", \"load_latency_avg\": %.2f",
            s->fences[0], s->fences[1], s->dram_fetch, s->dram_wb, s->core_stall, s->bank_stall,
            s->lat_n ? (double)s->lat_sum / (double)s->lat_n : 0.0);
    fprintf(f, ", \"networks\": {");
    for (uint32_t i = 0; i < s->nnets; i++) {
        const gsys_net_stats_t* n = &s->net[i];
        fprintf(f, "%s\"%s\": {\"messages\": %" PRIu64, i ? ", " : "", n->name, n->total);
        json_kinds(f, "kinds", n->kinds, n->kind, n->nkinds);
        fprintf(f,
                ", \"copies\": %" PRIu64 ", \"max_in_flight\": %" PRIu64
                ", \"stall_cycles\": %" PRIu64 ", \"conflicts\": %" PRIu64
                ", \"priority_waits\": %" PRIu64 "}",
                n->copies, n->max, n->stall, n->conflict, n->wait);
    }
    fputc('}', f);
}

static void json_counters(FILE* f, const gsys_counters_t* c) {
    fprintf(f, ", \"counters\": {");
    for (uint32_t k = 0; k < GSYS_CTR_N; k++) {
        fprintf(f, "%s\"%s\": ", k ? ", " : "", gsys_ctr_name(k));
        if ((c->have >> k) & 1u)
            fprintf(f, "%" PRIu64, c->v[k]);
        else
            fprintf(f, "null");
    }
    fputc('}', f);
    if (!c->npv) /* the protocol names no counters of its own (TC, GPU) */
        return;
    fprintf(f, ", \"protocol_counters\": {");
    for (uint32_t k = 0; k < c->npv; k++)
        fprintf(f, "%s\"%s\": %" PRIu64, k ? ", " : "", c->pnames[k], c->pv[k]);
    fputc('}', f);
}

void report_json_run(FILE* f, const cmp_run_t* r) {
    const gsys_proto_t* P = r->cfg.proto;
    const uint32_t vi = P->variant_of(gsys_pdc(&r->cfg));
    fprintf(f, "{\"config\": \"%s\", \"workload\": \"%s\", \"variant\": \"%s\", \"family\": ",
            r->config, synth_name(r->sc.kind), r->variant);
    gpucoh_json_str(f, P->name);
    gpucoh_json_kv(f, ", ", "model", P->variants[vi].model);
    fprintf(f, ", \"workload_params\": {");
    synth_params_json(&r->sc, f);
    fprintf(f, "}, \"params\": ");
    if (P->params_json)
        P->params_json(gsys_pdc(&r->cfg), f);
    else
        fprintf(f, "null");
    fprintf(f, ", \"verdict\": \"%s\", \"why\": ", r->pass ? "pass" : "fail");
    gpucoh_json_str(f, r->why);
    fprintf(f, ", \"seconds\": %.3f", r->seconds);
    json_stats(f, &r->st);
    json_counters(f, &r->ctr);
    fprintf(f,
            ", \"checked\": %" PRIu64 ", \"wrong\": %" PRIu64 ", \"work_done\": %" PRIu64
            ", \"work_total\": %" PRIu64 ", \"spins\": %" PRIu64 ", \"model_errors\": %" PRIu64
            ", \"harness_errors\": %" PRIu64 "}",
            r->res.checked, r->res.errors, r->res.work_done, r->res.work_total, r->res.spins,
            r->model_errors, r->st.harness_errors);
}

static void json_claim(FILE* f, const cmp_claim_t* c, const char* config, const cmp_verdict_t* v) {
    fprintf(f, "{\"id\": \"%s\", \"config\": \"%s\", \"workload\": \"%s\", \"metric\": \"%s\"",
            c->id, config, c->workload, c->metric);
    fprintf(f, ", \"a\": \"%s\", \"rel\": \"%s\", \"b\": \"%s\", \"tol\": %g", c->a,
            cmp_rel_name(c->rel), c->b, c->tol);
    gpucoh_json_kv(f, ", ", "text", c->text);
    gpucoh_json_kv(f, ", ", "source", c->source);
    gpucoh_json_kv(f, ", ", "status", cmp_status_name(v->status));
    if (v->status == CLAIM_PASS || (v->status == CLAIM_FAIL && (v->va != 0 || v->vb != 0)))
        fprintf(f, ", \"a_value\": %.0f, \"b_value\": %.0f", v->va, v->vb);
    gpucoh_json_kv(f, ", ", "why", v->why);
    fputc('}', f);
}

static void json_claims(FILE* f, const cmp_t* x) {
    uint32_t nc;
    const cmp_claim_t* cl = cmp_claims(&nc);
    fprintf(f, ", \"claims\": [");
    bool first = true;
    for (uint32_t c = 0; c < x->o.nc; c++)
        for (uint32_t i = 0; i < nc; i++) {
            cmp_verdict_t v;
            cmp_claim_eval(&cl[i], x->o.configs[c], x->runs, x->n, &v);
            fprintf(f, "%s\n  ", first ? "" : ",");
            json_claim(f, &cl[i], x->o.configs[c], &v);
            first = false;
        }
    fprintf(f, "]");
}

static void json_first_failure(FILE* f, const cmp_t* x) {
    for (uint32_t i = 0; i < x->n; i++) {
        const cmp_run_t* r = &x->runs[i];
        if (r->pass)
            continue;
        fprintf(f,
                ", \"first_divergence\": {\"config\": \"%s\", \"workload\": \"%s\", \"variant\": ",
                r->config, synth_name(r->sc.kind));
        gpucoh_json_str(f, r->variant);
        gpucoh_json_kv(f, ", ", "message", r->why);
        fputc('}', f);
        return;
    }
    fprintf(f, ", \"first_divergence\": null");
}

static void json_list(FILE* f, const char* key, const char* const* v, uint32_t n) {
    fprintf(f, ", \"%s\": [", key);
    for (uint32_t i = 0; i < n; i++) {
        fprintf(f, "%s", i ? ", " : "");
        gpucoh_json_str(f, v[i]);
    }
    fputc(']', f);
}

static void write_json(FILE* f, const cmp_t* x, const cmp_tally_t* t, bool pass, double secs) {
    const copt_t* o = &x->o;
    const char* wn[SYNTH_N];
    for (uint32_t i = 0; i < o->nw; i++)
        wn[i] = synth_name(o->workloads[i]);
    fprintf(f, "{\"tool\": \"gpucoh compare\", \"version\": ");
    gpucoh_json_str(f, gpucoh_version());
    gpucoh_json_kv(f, ", ", "command", x->cmd);
    fprintf(f,
            ", \"config\": {\"seed\": %" PRIu64 ", \"scale\": %u, \"cycles\": %" PRIu64
            ", \"inject\": \"%s\", \"impl\": \"c\"",
            o->seed, o->scale, o->cycles,
            o->inject == SYNTH_INJECT_MISREAD     ? "misread"
            : o->inject == SYNTH_INJECT_CTA_LOCAL ? "cta-local"
                                                  : "none");
    if (o->steal_set)
        fprintf(f, ", \"steal_permille\": %u", o->steal);
    json_list(f, "configs", o->configs, o->nc);
    json_list(f, "variants", o->variants, o->nv);
    json_list(f, "workloads", wn, o->nw);
    fprintf(f, "}, \"seconds\": %.2f, \"runs\": [", secs);
    for (uint32_t i = 0; i < x->n; i++) {
        fprintf(f, "%s\n  ", i ? "," : "");
        report_json_run(f, &x->runs[i]);
    }
    fprintf(f, "]");
    json_claims(f, x);
    fprintf(f,
            ", \"claims_passed\": %u, \"claims_failed\": %u, \"claims_not_run\": %u, "
            "\"claims_not_measured\": %u",
            t->n[CLAIM_PASS], t->n[CLAIM_FAIL], t->n[CLAIM_NOT_RUN], t->n[CLAIM_NOT_MEASURED]);
    json_first_failure(f, x);
    gpucoh_json_kv(f, ", ", "replay", x->replay);
    fprintf(f, ", \"verdict\": \"%s\"}\n", pass ? "pass" : "fail");
}

/* ---- compare.md ---------------------------------------------------------------------------- */

static void md_num(FILE* f, const cmp_run_t* r, uint32_t k) {
    if ((r->ctr.have >> k) & 1u)
        fprintf(f, " %" PRIu64 " |", r->ctr.v[k]);
    else
        fprintf(f, " - |");
}

static void md_ratio(FILE* f, double v, double base, bool ok) {
    if (ok && base > 0)
        fprintf(f, " %.3f |", v / base);
    else
        fprintf(f, " - |");
}

static void md_row(FILE* f, const cmp_run_t* r, const cmp_run_t* first) {
    const bool ok = r->pass && first->pass;
    fprintf(f, "| %s | %s | %" PRIu64 " |", r->variant, r->pass ? "pass" : "**FAIL**",
            r->st.cycles);
    md_ratio(f, (double)r->st.cycles, (double)first->st.cycles, ok);
    fprintf(f, " %.0f |", msgs(r));
    md_ratio(f, msgs(r), msgs(first), ok);
    for (uint32_t k = 0; k < GSYS_CTR_N; k++)
        md_num(f, r, k);
    fprintf(f, " %" PRIu64 " | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " |\n", r->st.dram_fetch,
            r->st.dram_wb, r->res.checked, r->res.errors);
}

static void md_kinds(FILE* f, const cmp_run_t* r) {
    const gsys_stats_t* s = &r->st;
    fprintf(f, "- %s: requests", r->variant);
    for (uint32_t k = 1; k < s->n_req_kinds; k++)
        fprintf(f, " %s %" PRIu64, s->req_kinds[k], s->req[k]);
    fprintf(f, "; responses");
    for (uint32_t k = 1; k < s->n_rsp_kinds; k++)
        fprintf(f, " %s %" PRIu64, s->rsp_kinds[k], s->rsp[k]);
    fprintf(f, " (%" PRIu64 " copies delivered)\n", s->rsp_copies);
}

/* The counters the protocols name themselves (gsys_proto_t.ctr_names), a line per variant that has
 * any. */
static void md_pcounters(FILE* f, const cmp_t* x, uint32_t c, uint32_t w) {
    bool any = false;
    for (uint32_t v = 0; v < x->o.nv; v++) {
        const cmp_run_t* r = run_at(x, c, w, v);
        if (!r->ctr.npv)
            continue;
        if (!any)
            fprintf(f, "\nProtocol counters (each protocol's own, from its C models; what they "
                       "count: docs/cli.md, \"Comparing protocols\"):\n\n");
        any = true;
        fprintf(f, "- %s:", r->variant);
        for (uint32_t k = 0; k < r->ctr.npv; k++)
            fprintf(f, "%s %s %" PRIu64, k ? "," : "", r->ctr.pnames[k], r->ctr.pv[k]);
        fputc('\n', f);
    }
}

static void md_claims_of(FILE* f, const cmp_t* x, const char* config, const char* workload) {
    uint32_t nc;
    const cmp_claim_t* cl = cmp_claims(&nc);
    bool any = false;
    for (uint32_t i = 0; i < nc; i++) {
        if (strcmp(cl[i].workload, workload))
            continue;
        cmp_verdict_t v;
        cmp_claim_eval(&cl[i], config, x->runs, x->n, &v);
        if (!any)
            fprintf(f, "\nClaims on %s:\n\n", workload);
        any = true;
        fprintf(f, "- **%s** %s: %s (%s)\n", cmp_status_name(v.status), cl[i].id, cl[i].text,
                v.why);
    }
}

static void md_table(FILE* f, const cmp_t* x, uint32_t c, uint32_t w) {
    const copt_t* o = &x->o;
    const cmp_run_t* first = run_at(x, c, w, 0);
    char p[256];
    synth_params_text(&first->sc, p, sizeof p);
    fprintf(f, "\n### %s\n\n%s (%s; %" PRIu64 " work items).\n\n", synth_name(o->workloads[w]),
            synth_blurb(o->workloads[w]), p, first->res.work_total);
    fprintf(f, "| variant | result | cycles | x first | messages | x first |");
    for (uint32_t k = 0; k < GSYS_CTR_N; k++)
        fprintf(f, " %s |", gsys_ctr_name(k));
    fprintf(f, " DRAM fetches | DRAM write-backs | values checked | wrong |\n|---|---|");
    for (uint32_t k = 0; k < 4 + GSYS_CTR_N + 4; k++)
        fprintf(f, "--:|");
    fputc('\n', f);
    for (uint32_t v = 0; v < o->nv; v++)
        md_row(f, run_at(x, c, w, v), first);
    fprintf(f, "\nMessages by kind:\n\n");
    for (uint32_t v = 0; v < o->nv; v++)
        md_kinds(f, run_at(x, c, w, v));
    md_pcounters(f, x, c, w);
    if (first->sc.kind == SYNTH_RSTEAL) {
        fprintf(f, "\nScopes (local / steal) chosen from what each variant states (docs/cli.md, "
                   "\"Comparing protocols\"):");
        for (uint32_t v = 0; v < o->nv; v++) {
            const cmp_run_t* r = run_at(x, c, w, v);
            fprintf(f, "%s %s %s/%s", v ? "," : "", r->variant, synth_scope_name(r->sc.local_scope),
                    synth_scope_name(r->sc.steal_scope));
        }
        fprintf(f, ".\n");
    }
    for (uint32_t v = 0; v < o->nv; v++)
        if (!run_at(x, c, w, v)->pass)
            fprintf(f, "\n**%s failed:** %s\n", run_at(x, c, w, v)->variant,
                    run_at(x, c, w, v)->why);
    md_claims_of(f, x, o->configs[c], synth_name(o->workloads[w]));
}

static void md_geometry(FILE* f, const cmp_t* x, uint32_t c) {
    fprintf(f, "\n## %s configuration\n\n", x->o.configs[c]);
    for (uint32_t v = 0; v < x->o.nv; v++) {
        gsys_geom_t g;
        gsys_geometry(&run_at(x, c, 0, v)->cfg, &g);
        fprintf(f, "%s%s: %u SMs x %u wavefronts, %u banks, %u-byte lines", v ? "; " : "",
                x->o.variants[v], g.num_sm, g.num_wf, g.num_banks, g.line_bytes);
    }
    fprintf(f, ".\n");
}

static void md_claims(FILE* f, const cmp_t* x) {
    uint32_t nc;
    const cmp_claim_t* cl = cmp_claims(&nc);
    fprintf(f, "\n## Claims\n\nEach claim is a direction from a paper, judged from the measured "
               "numbers above; one whose variants are not registered (or were not run) is listed "
               "as not run.\n\n| claim | configuration | verdict | claim | measured | source |\n"
               "|---|---|---|---|---|---|\n");
    for (uint32_t c = 0; c < x->o.nc; c++)
        for (uint32_t i = 0; i < nc; i++) {
            cmp_verdict_t v;
            cmp_claim_eval(&cl[i], x->o.configs[c], x->runs, x->n, &v);
            fprintf(f, "| %s | %s | **%s** | %s | %s | %s |\n", cl[i].id, x->o.configs[c],
                    cmp_status_name(v.status), cl[i].text, v.why, cl[i].source);
        }
}

static void write_md(FILE* f, const cmp_t* x, const cmp_tally_t* t, bool pass) {
    char date[32];
    const time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d", gmtime(&now));
    fprintf(f,
            "# Protocol comparison\n\nGenerated by `%s` (`make compare`) on %s with %s; do not "
            "edit by hand. Verdict: **%s** (claims: %u PASS, %u FAIL, %u not run, %u not "
            "measured).\n\n",
            x->cmd, date, gpucoh_version(), pass ? "pass" : "FAIL", t->n[CLAIM_PASS],
            t->n[CLAIM_FAIL], t->n[CLAIM_NOT_RUN], t->n[CLAIM_NOT_MEASURED]);
    fprintf(f,
            "Each workload (`tb/sys/synth.h`) runs once on every variant, on the C models, with "
            "the same seed (%" PRIu64 ") and parameters (sized from the first variant's "
            "geometry). *cycles*: to finish the fixed work; *messages*: L1-to-L2 requests plus "
            "L2-to-L1 response copies delivered; *x first*: the ratio to the first variant's. "
            "The counters come from each protocol's `counters` hook (docs/framework.md, "
            "\"Protocols\"); \"-\" = not counted by that protocol. A run passes when it finished, "
            "did all its work and every value it read was right. Replay: `%s`.\n",
            x->o.seed, x->replay);
    for (uint32_t c = 0; c < x->o.nc; c++) {
        md_geometry(f, x, c);
        for (uint32_t w = 0; w < x->o.nw; w++)
            md_table(f, x, c, w);
    }
    md_claims(f, x);
    if (x->o.plot)
        fprintf(f, "\n![cycles and messages normalised to the first variant](compare.png)\n");
}

/* ---- compare.png --------------------------------------------------------------------------- */

static void plot_data(FILE* f, const cmp_t* x) {
    for (uint32_t c = 0; c < x->o.nc; c++)
        for (uint32_t w = 0; w < x->o.nw; w++) {
            const cmp_run_t* first = run_at(x, c, w, 0);
            fprintf(f, "\"%s%s%s\"", x->o.nc > 1 ? x->o.configs[c] : "", x->o.nc > 1 ? " " : "",
                    synth_name(x->o.workloads[w]));
            for (int m = 0; m < 2; m++)
                for (uint32_t v = 0; v < x->o.nv; v++) {
                    const cmp_run_t* r = run_at(x, c, w, v);
                    const double a = m ? msgs(r) : (double)r->st.cycles;
                    const double b = m ? msgs(first) : (double)first->st.cycles;
                    fprintf(f, " %.6g", r->pass && first->pass && b > 0 ? a / b : NAN);
                }
            fputc('\n', f);
        }
}

static void plot_panel(FILE* f, const cmp_t* x, const char* dat, const char* title, uint32_t col0) {
    fprintf(f, "set title '%s (normalised to %s)'\nplot ", title, x->o.variants[0]);
    for (uint32_t v = 0; v < x->o.nv; v++)
        fprintf(f, "%s'%s' using %u%s title '%s'", v ? ", " : "", dat, col0 + v,
                v ? "" : ":xtic(1)", x->o.variants[v]);
    fputc('\n', f);
}

static int plot_script(const cmp_t* x, const char* gp, const char* dat, const char* png) {
    FILE* f = fopen(gp, "w");
    if (!f)
        return -1;
    const int cairo = system("gnuplot -e 'set terminal pngcairo' >/dev/null 2>&1") == 0;
    fprintf(f, "set terminal %s size 1200,500%s\nset output '%s'\n", cairo ? "pngcairo" : "png",
            cairo ? " enhanced font 'DejaVu Sans,10'" : "", png);
    fprintf(f, "set datafile missing 'NaN'\nset style data histograms\n"
               "set style histogram clustered gap 1\nset style fill solid 0.85 border -1\n"
               "set boxwidth 0.9\nset grid ytics\nset yrange [0:*]\nset key top left\n"
               "set multiplot layout 1,2\n");
    plot_panel(f, x, dat, "cycles to finish", 2);
    plot_panel(f, x, dat, "messages", 2 + x->o.nv);
    fprintf(f, "unset multiplot\n");
    return fclose(f) == 0 ? 0 : -1;
}

static int run_gnuplot(const char* gp, const char* png, char* err, size_t errlen) {
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "gnuplot '%s' 2>&1", gp);
    FILE* pp = popen(cmd, "r");
    char msg[512] = "";
    const size_t ml = pp ? fread(msg, 1, sizeof msg - 1, pp) : 0;
    msg[ml] = 0;
    const int st = pp ? pclose(pp) : -1;
    struct stat sb;
    if (st != 0 || stat(png, &sb) != 0 || sb.st_size == 0) {
        snprintf(err, errlen, "gnuplot failed: %s", ml ? msg : "no image written");
        return -1;
    }
    return 0;
}

/* compare.png into png_tmp (renamed by the caller) */
static int write_plot(const cmp_t* x, char* png_tmp, size_t n, char* err, size_t errlen) {
    char dat[1100], gp[1100];
    const long pid = (long)getpid();
    snprintf(dat, sizeof dat, "%s/compare.png.%ld.dat", x->o.out, pid);
    snprintf(gp, sizeof gp, "%s/compare.png.%ld.gp", x->o.out, pid);
    snprintf(png_tmp, n, "%s/compare.png.tmp.%ld", x->o.out, pid);
    FILE* f = fopen(dat, "w");
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", dat, strerror(errno));
        return -1;
    }
    plot_data(f, x);
    int rc = fclose(f) == 0 && plot_script(x, gp, dat, png_tmp) == 0 ? 0 : -1;
    if (rc != 0)
        snprintf(err, errlen, "cannot write %s: %s", gp, strerror(errno));
    else
        rc = run_gnuplot(gp, png_tmp, err, errlen);
    remove(dat);
    remove(gp);
    if (rc != 0)
        remove(png_tmp);
    return rc;
}

/* ---- all of them --------------------------------------------------------------------------- */

static int commit_all(gpucoh_afile_t* af, char path[][1100], char* err, size_t errlen) {
    for (int i = 0; i < 3; i++)
        if (gpucoh_afile_commit(&af[i], err, errlen) != 0) {
            for (int j = i + 1; j < 3; j++)
                gpucoh_afile_abort(&af[j]);
            for (int j = 0; j < i; j++)
                remove(path[j]);
            return -1;
        }
    return 0;
}

int report_write(const cmp_t* x, const cmp_tally_t* t, bool pass, double secs, char* err,
                 size_t errlen) {
    static const char* const names[3] = {"compare.md", "compare.csv", "compare.json"};
    char path[3][1100], png[1100], png_tmp[1100] = "";
    gpucoh_afile_t af[3];
    if (x->o.plot && write_plot(x, png_tmp, sizeof png_tmp, err, errlen) != 0)
        return -1;
    for (int i = 0; i < 3; i++) {
        snprintf(path[i], sizeof path[i], "%s/%s", x->o.out, names[i]);
        if (i == 2 && x->o.json)
            snprintf(path[i], sizeof path[i], "%s", x->o.json);
        if (gpucoh_afile_open(&af[i], path[i], err, errlen) != 0) {
            for (int j = 0; j < i; j++)
                gpucoh_afile_abort(&af[j]);
            if (png_tmp[0])
                remove(png_tmp);
            return -1;
        }
    }
    write_md(af[0].f, x, t, pass);
    write_csv(af[1].f, x);
    write_json(af[2].f, x, t, pass, secs);
    if (commit_all(af, path, err, errlen) != 0) {
        if (png_tmp[0])
            remove(png_tmp);
        return -1;
    }
    snprintf(png, sizeof png, "%s/compare.png", x->o.out);
    if (x->o.plot && rename(png_tmp, png) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", png, strerror(errno));
        remove(png_tmp);
        return -1;
    }
    return 0;
}
