/* SPDX-License-Identifier: Apache-2.0 */
/*
 * swave.c -- the debugging kit of a failing system run (tb/sys/swave.h, docs/waves.md): the
 * re-run with every Verilated unit traced over the window, the GTKWave view of the diverging
 * unit (the protocol's wave_gtkw), the JSON report and the replay line.
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE   700 /* realpath */
#include "swave.h"

#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "traffic.h"
#include "util.h"

static const char* impl_name(gsys_impl_t i) {
    return i == GSYS_IMPL_C ? "c" : i == GSYS_IMPL_RTL ? "rtl" : "lockstep";
}

/* "l1,l2" for a set of the protocol's slots */
static void units_list(const gsys_proto_t* P, uint32_t u, char* b, size_t n) {
    size_t k = 0;
    b[0] = 0;
    for (uint32_t i = 0; i < P->nslots && k < n; i++)
        if ((u >> i) & 1u)
            k += (size_t)snprintf(b + k, n - k, "%s%s", k ? "," : "", P->slots[i].name);
}

/* append to a string buffer */
static void cat(char* b, size_t n, const char* fmt, ...) __attribute__((format(printf, 3, 4)));
static void cat(char* b, size_t n, const char* fmt, ...) {
    size_t l = strlen(b);
    if (l + 1 >= n)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b + l, n - l, fmt, ap);
    va_end(ap);
}

static void abs_path(const char* p, char* buf, size_t n) {
    char r[PATH_MAX];
    if (realpath(p, r))
        snprintf(buf, n, "%s", r);
    else
        snprintf(buf, n, "%s", p);
}

void swave_scope(const gsys_cfg_t* c, const char* unit, char* buf, size_t n) {
    gsys_units_t u;
    gsys_units(c, &u);
    buf[0] = 0;
    for (uint32_t k = 0; k < u.nslots; k++)
        for (uint32_t i = 0; i < gsys_slot_count(&u, k); i++) {
            char p[64];
            snprintf(p, sizeof p, u.slots[k].inst_fmt, (unsigned)i);
            if (!strcmp(p, unit)) {
                snprintf(buf, n, u.slots[k].scope_fmt, (unsigned)i);
                return;
            }
        }
}

static const char* out_dir(const swave_run_t* r, char* buf, size_t n) {
    if (r->out_dir)
        snprintf(buf, n, "%s", r->out_dir);
    else
        snprintf(buf, n, "%s/build/out", gpucoh_root());
    return buf;
}

void swave_base(const swave_run_t* r, const gsys_rtl_result_t* div, char* buf, size_t n) {
    const char* p = gsys_variant_name(&r->cfg);
    switch (r->kind) {
    case SWAVE_COSIM:
        snprintf(buf, n, "system-%s-seed%llu-fail", p, (unsigned long long)r->cfg.seed);
        break;
    case SWAVE_EPISODE:
        snprintf(buf, n, "episode-%s-seed%llu-fail", p, (unsigned long long)r->ep.seed);
        break;
    default: {
        char name[128];
        snprintf(name, sizeof name, "%s", r->lit ? litmus_name(r->lit) : "test");
        for (char* c = name; *c; c++)
            if (*c == '/' || *c == ' ')
                *c = '_';
        snprintf(buf, n, "litmus-%s-%s-run%llu-fail", name, p,
                 (unsigned long long)(r->lo.first_run + (div ? div->div.run : 0)));
        break;
    }
    }
}

void swave_replay(const swave_run_t* r, const gsys_rtl_result_t* div, char* buf, size_t n) {
    const gsys_cfg_t* c = &r->cfg;
    char u[32], p[PATH_MAX];
    snprintf(buf, n, "%s/build/gpucoh ", gpucoh_root());
    if (r->kind == SWAVE_COSIM)
        cat(buf, n, "cosim system");
    else if (r->kind == SWAVE_EPISODE)
        cat(buf, n, "episode");
    else {
        abs_path(r->lit_file ? r->lit_file : "?", p, sizeof p);
        cat(buf, n, "litmus %s", p);
    }
    cat(buf, n, " --protocol %s --impl %s", gsys_variant_name(c), impl_name(r->rtl.impl));
    if (r->rtl.impl != GSYS_IMPL_C) {
        units_list(r->cfg.proto, r->rtl.rtl, u, sizeof u);
        cat(buf, n, " --rtl %s", u);
        if (r->rtl.netlist) {
            units_list(r->cfg.proto, r->rtl.netlist, u, sizeof u);
            cat(buf, n, " --netlist %s", u);
        }
        if (r->rtl.rtl_dir) {
            abs_path(r->rtl.rtl_dir, p, sizeof p);
            cat(buf, n, " --rtl-dir %s", p);
        }
        if (r->rtl.impl == GSYS_IMPL_LOCKSTEP) /* --impl rtl refuses it */
            cat(buf, n, " --full-every %u", (unsigned)r->rtl.full_every);
    }
    /* every parameter, one --param each (the protocol's params_print writes "--param NAME=VALUE
     * ...") */
    char* ps = NULL;
    size_t pn = 0;
    FILE* m = open_memstream(&ps, &pn);
    if (m) {
        c->proto->params_print(gsys_pdc(c), m);
        fclose(m);
        cat(buf, n, " %s", ps);
    }
    free(ps);
    cat(buf, n, " --req-delay %u:%u --rsp-delay %u:%u --mem-lat %u:%u", (unsigned)c->req_delay_min,
        (unsigned)c->req_delay_max, (unsigned)c->rsp_delay_min, (unsigned)c->rsp_delay_max,
        (unsigned)c->mem_lat_min, (unsigned)c->mem_lat_max);
    if (c->start)
        cat(buf, n, " --start-time %u", (unsigned)c->start);
    if (c->core_illegal_per_mille)
        cat(buf, n, " --illegal-rate %u", (unsigned)c->core_illegal_per_mille);
    const bool diverged = div && (div->mismatches || div->rtl_errors);
    switch (r->kind) {
    case SWAVE_COSIM:
        if (c->bank_illegal_per_mille)
            cat(buf, n, " --l2-illegal-rate %u", (unsigned)c->bank_illegal_per_mille);
        if (c->peer_illegal_per_mille)
            cat(buf, n, " --peer-illegal-rate %u", (unsigned)c->peer_illegal_per_mille);
        if (r->steer_off)
            cat(buf, n, " --steer off");
        if (r->events)
            cat(buf, n, " --traffic events");
        if (r->active_wf)
            cat(buf, n, " --active-wf %u", (unsigned)r->active_wf);
        if (r->ops)
            cat(buf, n, " --ops %llu", (unsigned long long)r->ops);
        /* the illegal bank inputs stop ILLEGAL_QUIET cycles before the end of --cycles
         * (sys_cli.c): a replay with them keeps the run's --cycles, and stops at the same first
         * divergence (found by hLRC's lockstep, 2026-11-29) */
        cat(buf, n, " --seed %llu --cycles %llu", (unsigned long long)c->seed,
            (unsigned long long)(diverged && !c->bank_illegal_per_mille ? div->div.cycle + 1
                                                                        : r->cycles));
        break;
    case SWAVE_EPISODE:
        cat(buf, n, " --episodes %u --locations %u", (unsigned)r->ep.episodes,
            (unsigned)r->ep.locations);
        if (r->ep.wfs) /* 0: every wavefront (the default; --wfs takes 1..NumWf) */
            cat(buf, n, " --wfs %u", (unsigned)r->ep.wfs);
        if (r->ep.sync_mode == EP_SYNC_RELACQ)
            cat(buf, n, " --sync relacq --cta-sync %u", (unsigned)r->ep.cta_permille);
        cat(buf, n, " --seed %llu", (unsigned long long)r->ep.seed);
        if (diverged || r->cycles)
            cat(buf, n, " --cycles %llu",
                (unsigned long long)(diverged ? div->div.cycle + 1 : r->cycles));
        break;
    default:
        if (r->lo.set_traffic)
            cat(buf, n, " --set-traffic %u", (unsigned)r->lo.set_traffic);
        cat(buf, n, " --seed %llu", (unsigned long long)r->lo.seed);
        if (diverged)
            cat(buf, n, " --run %llu", (unsigned long long)(r->lo.first_run + div->div.run));
        else if (r->fail_run_set)
            cat(buf, n, " --run %llu", (unsigned long long)r->fail_run);
        else
            cat(buf, n, " --runs %u", (unsigned)r->lo.runs);
        break;
    }
}

/* ---- the re-run ----------------------------------------------------------------------------- */

/* A backend factory handing out one traced backend; its destroy is the caller's. */
typedef struct {
    gsys_rtl_cfg_t rc;
    gsys_backend_t real;
    bool made;
} fac_t;

static int f_make(void* x, const gsys_cfg_t* c, gsys_backend_t* be, char* err, size_t n) {
    fac_t* f = x;
    if (!f->made) {
        if (gsys_backend_rtl_cfg(c, &f->rc, &f->real, err, n) != 0)
            return -1;
        f->made = true;
    }
    gsys_backend_borrow(&f->real, be);
    return 0;
}

/* stdout of the Verilated models ($warning lines of assertions) is hidden during a re-run */
static int hide_stdout(void) {
    fflush(stdout);
    int saved = dup(1), nul = open("/dev/null", O_WRONLY);
    if (saved >= 0 && nul >= 0)
        dup2(nul, 1);
    if (nul >= 0)
        close(nul);
    return saved;
}
static void show_stdout(int saved) {
    fflush(stdout);
    if (saved >= 0) {
        dup2(saved, 1);
        close(saved);
    }
}

/* Run r again, traced into w from cycle `from` to `to` of the diverging run; res: the re-run's
 * backend result. */
static int rerun(const swave_run_t* r, const gsys_rtl_result_t* div, gpucoh_mwave_t* w,
                 uint64_t from, uint64_t to, gsys_rtl_result_t* res, char* err, size_t n) {
    FILE* sink = fopen("/dev/null", "w");
    fac_t f;
    memset(&f, 0, sizeof f);
    f.rc = r->rtl;
    f.rc.report = sink;
    f.rc.quiet = true;
    f.rc.wave = w;
    f.rc.wave_from = from;
    f.rc.wave_to = to;
    f.rc.stop_at = to;
    int rc = -1;
    const int saved = hide_stdout();
    if (r->kind == SWAVE_COSIM) {
        if (f_make(&f, &r->cfg, &(gsys_backend_t){0}, err, n) == 0) {
            traffic_cfg_t rcfg =
                traffic_cfg_default(&r->cfg, r->cfg.seed, r->ops ? r->ops : ~0ull >> 1);
            rcfg.steer = !r->steer_off;
            rcfg.events = r->events;
            rcfg.active_permille = r->active_wf ? r->active_wf : 1000u;
            rcfg.roll_cycle = traffic_roll_cycle(&r->cfg);
            traffic_t* rnd = traffic_new(&r->cfg, &rcfg, err, n);
            if (rnd) {
                gsys_workload_t wl;
                traffic_workload(rnd, &wl);
                gsys_t* s = gsys_new(&r->cfg, &f.real, &wl, err, n);
                if (s) {
                    /* up to the divergence, then as cosim system ends a run (a divergence the
                     * end-of-run compare found is at its last cycle; after any other, the
                     * compare does nothing), then the tail of the window */
                    const uint64_t upto = div->div.cycle + 1 < to + 1 ? div->div.cycle + 1 : to + 1;
                    const gsys_run_t e = gsys_run(s, upto, sink);
                    if (e == GSYS_RUN_CYCLES || e == GSYS_RUN_DONE)
                        gsys_backend_rtl_final_check(&f.real);
                    if (e == GSYS_RUN_CYCLES && to + 1 > upto)
                        gsys_run(s, to + 1 - upto, sink);
                    gsys_free(s);
                    rc = 0;
                }
                traffic_free(rnd);
            }
        }
    } else if (r->kind == SWAVE_EPISODE) {
        chk_result_t chk;
        rc = ep_run(&r->cfg, &r->ep, f_make, &f, to + 1, false, sink, &chk, err, n) < 0 ? -1 : 0;
    } else {
        litmus_opts_t lo = r->lo;
        lo.first_run = r->lo.first_run + div->div.run;
        lo.runs = 1;
        lo.make_backend = f_make;
        lo.backend_ctx = &f;
        lo.fresh_backend = false;
        lo.report = sink;
        lo.verbose = false;
        if (lo.max_cycles < to + 1)
            lo.max_cycles = to + 1;
        litmus_result_t lr;
        memset(&lr, 0, sizeof lr);
        rc = litmus_run(r->lit, &r->cfg, &lo, NULL, &lr, err, n) < 0 ? -1 : 0;
        litmus_result_free(&lr);
    }
    if (f.made) {
        *res = *gsys_backend_rtl_result(&f.real);
        f.real.destroy(f.real.ctx); /* writes the merged trace */
    }
    show_stdout(saved);
    if (sink)
        fclose(sink);
    return f.made ? rc : -1;
}

/* ---- --wave: a whole run ------------------------------------------------------------------- */

gpucoh_mwave_t* swave_trace_new(const char* path) {
    char err[512];
    gpucoh_mwave_t* w = gpucoh_mwave_new(path, err, sizeof err);
    if (!w) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return NULL;
    }
    fprintf(stderr,
            "gpucoh: --wave %s: every cycle of every Verilated unit is traced and merged through "
            "a VCD; expect megabytes per thousand cycles at the small configuration (far more "
            "at the paper's) and a slow merge: bound the run with --cycles (a failure writes its "
            "own window without --wave)\n",
            path);
    return w;
}

void swave_trace_done(gpucoh_mwave_t* w, const char* path, FILE* out) {
    if (!w)
        return;
    gpucoh_mwave_finish(w); /* nothing when the backend has written it */
    if (gpucoh_mwave_error(w)[0])
        fprintf(stderr, "gpucoh: warning: %s\n", gpucoh_mwave_error(w));
    else if (!gpucoh_mwave_started(w))
        fprintf(stderr, "gpucoh: warning: --wave %s: nothing was traced\n", path);
    else {
        fprintf(out,
                "  wave      %s (cycles %lld..%lld of every Verilated unit:", gpucoh_mwave_path(w),
                (long long)(gpucoh_mwave_first_time(w) / 2),
                (long long)(gpucoh_mwave_last_time(w) / 2));
        for (unsigned i = 0; i < gpucoh_mwave_count(w); i++)
            fprintf(out, " %s", gpucoh_mwave_scope(w, i));
        fprintf(out, ")\n");
    }
    gpucoh_mwave_free(w);
}

/* ---- the report ----------------------------------------------------------------------------- */

static void json_run(FILE* f, const swave_run_t* r) {
    const gsys_cfg_t* c = &r->cfg;
    char u[32];
    fprintf(f, "  \"protocol\": \"%s\",\n  \"impl\": \"%s\",\n", gsys_variant_name(c),
            impl_name(r->rtl.impl));
    units_list(r->cfg.proto, r->rtl.rtl, u, sizeof u);
    fprintf(f, "  \"rtl\": \"%s\",\n", u);
    units_list(r->cfg.proto, r->rtl.netlist, u, sizeof u);
    fprintf(f, "  \"netlist\": \"%s\",\n  \"rtl_dir\": ", u);
    char p[PATH_MAX];
    if (r->rtl.rtl_dir) {
        abs_path(r->rtl.rtl_dir, p, sizeof p);
        gpucoh_json_str(f, p);
    } else {
        fprintf(f, "null");
    }
    fprintf(f, ",\n  \"params\": {");
    char* ps = NULL;
    size_t pn = 0;
    FILE* m = open_memstream(&ps, &pn);
    if (m) {
        c->proto->params_print(gsys_pdc(c), m);
        fclose(m);
        const char* sep = "";
        for (char* t = strtok(ps, " "); t; t = strtok(NULL, " ")) {
            char* eq = strchr(t, '='); /* NAME=VALUE; the "--param" tokens have none */
            if (!eq)
                continue;
            *eq = 0;
            fprintf(f, "%s\"%s\": ", sep, t);
            uint64_t v;
            if (gpucoh_parse_u64(eq + 1, &v))
                fprintf(f, "%llu", (unsigned long long)v);
            else
                gpucoh_json_str(f, eq + 1);
            sep = ", ";
        }
    }
    free(ps);
    fprintf(f,
            "},\n  \"req_delay\": [%u, %u],\n  \"rsp_delay\": [%u, %u],\n  \"mem_lat\": [%u, %u],\n"
            "  \"start_time\": %u,\n  \"illegal_per_mille\": %u,\n  \"l2_illegal_per_mille\": %u,\n"
            "  \"peer_illegal_per_mille\": %u,\n  \"full_every\": %u,\n  \"seed\": %llu,\n",
            (unsigned)c->req_delay_min, (unsigned)c->req_delay_max, (unsigned)c->rsp_delay_min,
            (unsigned)c->rsp_delay_max, (unsigned)c->mem_lat_min, (unsigned)c->mem_lat_max,
            (unsigned)c->start, (unsigned)c->core_illegal_per_mille,
            (unsigned)c->bank_illegal_per_mille, (unsigned)c->peer_illegal_per_mille,
            (unsigned)r->rtl.full_every,
            (unsigned long long)(r->kind == SWAVE_LITMUS ? r->lo.seed : c->seed));
    if (r->kind == SWAVE_COSIM)
        fprintf(
            f, "  \"steer\": %s,\n  \"traffic\": \"%s\",\n  \"active_wf\": %u,\n  \"ops\": %llu,\n",
            r->steer_off ? "false" : "true", r->events ? "events" : "cycles",
            (unsigned)(r->active_wf ? r->active_wf : 1000u), (unsigned long long)r->ops);
    else if (r->kind == SWAVE_EPISODE)
        fprintf(f,
                "  \"episodes\": %u,\n  \"locations\": %u,\n  \"wfs\": %u,\n  \"sync\": \"%s\",\n"
                "  \"cta_sync_permille\": %u,\n",
                (unsigned)r->ep.episodes, (unsigned)r->ep.locations, (unsigned)r->ep.wfs,
                r->ep.sync_mode == EP_SYNC_RELACQ ? "relacq" : "atomic",
                (unsigned)r->ep.cta_permille);
    else {
        abs_path(r->lit_file ? r->lit_file : "?", p, sizeof p);
        fprintf(f, "  \"litmus\": ");
        gpucoh_json_str(f, p);
        fprintf(f, ",\n  \"test\": ");
        gpucoh_json_str(f, r->lit ? litmus_name(r->lit) : "");
        fprintf(f, ",\n");
    }
}

static const char* tool_name(const swave_run_t* r) {
    return r->kind == SWAVE_COSIM     ? "gpucoh cosim system"
           : r->kind == SWAVE_EPISODE ? "gpucoh episode"
                                      : "gpucoh litmus";
}

int swave_divergence(const swave_run_t* r, const gsys_rtl_result_t* div, FILE* out,
                     swave_files_t* files) {
    swave_files_t local;
    memset(&local, 0, sizeof local);
    swave_files_t* F = files ? files : &local;
    memset(F, 0, sizeof *F);
    char dir[PATH_MAX], base[256], err[1024] = "";
    out_dir(r, dir, sizeof dir);
    swave_base(r, div, base, sizeof base);
    swave_replay(r, div, F->replay, sizeof F->replay);
    int rc = 0;
    if (gpucoh_mkdirs(dir) != 0) {
        fprintf(out, "  (no failure files: cannot create %s)\n  replay    %s\n", dir, F->replay);
        return -1;
    }
    const uint64_t win = r->window ? r->window : SWAVE_WINDOW;
    F->from = div->div.cycle > win ? div->div.cycle - win : 0;
    F->to = div->div.cycle + SWAVE_TAIL;
    char fst[PATH_MAX + 300], gtkw[PATH_MAX + 300], json[PATH_MAX + 300];
    snprintf(fst, sizeof fst, "%s/%s.fst", dir, base);
    snprintf(gtkw, sizeof gtkw, "%s/%s.gtkw", dir, base);
    snprintf(json, sizeof json, "%s/%s.json", dir, base);
    unsigned ntr = 0, nmiss = 0;
    gpucoh_mwave_t* w = gpucoh_mwave_new(fst, err, sizeof err);
    gsys_rtl_result_t re;
    memset(&re, 0, sizeof re);
    if (w && rerun(r, div, w, F->from, F->to, &re, err, sizeof err) == 0) {
        F->same = (re.mismatches || re.rtl_errors) && re.div.cycle == div->div.cycle &&
                  !strcmp(re.div.field, div->div.field);
        if (!F->same)
            snprintf(err, sizeof err,
                     "the re-run did not diverge at the same cycle on the same field (%s), so "
                     "its trace is not this failure's",
                     re.div.text[0] ? re.div.text : "no divergence");
        else if (gpucoh_mwave_error(w)[0])
            snprintf(err, sizeof err, "%s", gpucoh_mwave_error(w));
        else if (!gpucoh_mwave_done(w))
            snprintf(err, sizeof err, "the trace was not written");
        else {
            snprintf(F->wave, sizeof F->wave, "%s", fst);
            char title[512];
            snprintf(title, sizeof title, "%s, %s", tool_name(r), base);
            char scope[48];
            swave_scope(&r->cfg, div->div.unit, scope, sizeof scope);
            if (r->cfg.proto->wave_gtkw &&
                r->cfg.proto->wave_gtkw(gsys_pdc(&r->cfg), div, scope, w, gtkw, title, &ntr, &nmiss,
                                        err, sizeof err) == 0)
                snprintf(F->gtkw, sizeof F->gtkw, "%s", gtkw);
        }
        if (!F->same)
            remove(fst);
    }
    /* the report */
    gpucoh_afile_t a;
    char e2[512];
    if (gpucoh_afile_open(&a, json, e2, sizeof e2) == 0) {
        FILE* f = a.f;
        fprintf(f, "{\n  \"tool\": \"%s\",\n", tool_name(r));
        json_run(f, r);
        gpucoh_divergence_t d = div->div; /* a litmus run counts from its file's first */
        d.has_run = true;
        d.run = r->kind == SWAVE_LITMUS ? r->lo.first_run + div->div.run : div->div.run;
        char scope[48];
        swave_scope(&r->cfg, div->div.unit, scope, sizeof scope);
        fprintf(f, "  \"first_divergence\": {\n");
        gpucoh_divergence_json(f, &d, "    ", ",\n    ");
        gpucoh_json_kv(f, ",\n    ", "scope", scope);
        gpucoh_json_kv(f, ",\n    ", "message", div->div.text);
        fprintf(f, "\n  },\n  \"wave\": ");
        if (F->wave[0]) {
            fprintf(f, "{\n    \"file\": ");
            gpucoh_json_str(f, F->wave);
            fprintf(f, ",\n    \"gtkw\": ");
            gpucoh_json_str(f, F->gtkw);
            fprintf(f,
                    ",\n    \"from_cycle\": %llu,\n    \"to_cycle\": %llu,\n    \"marker_time\": "
                    "%llu,\n    \"gtkw_traces\": %u,\n    \"gtkw_missing\": %u,\n    \"scopes\": [",
                    (unsigned long long)F->from, (unsigned long long)F->to,
                    (unsigned long long)(2 * div->div.cycle + 1), ntr, nmiss);
            for (unsigned i = 0; i < gpucoh_mwave_count(w); i++) {
                fprintf(f, "%s", i ? ", " : "");
                gpucoh_json_str(f, gpucoh_mwave_scope(w, i));
            }
            fprintf(f, "]\n  }");
        } else {
            fprintf(f, "null,\n  \"wave_error\": ");
            gpucoh_json_str(f, err);
        }
        fprintf(f, ",\n  \"replay\": ");
        gpucoh_json_str(f, F->replay);
        fprintf(f, ",\n  \"verdict\": \"fail\"\n}\n");
        if (gpucoh_afile_commit(&a, e2, sizeof e2) == 0)
            snprintf(F->json, sizeof F->json, "%s", json);
    }
    if (F->json[0])
        fprintf(out, "  json      %s\n", F->json);
    if (F->wave[0]) {
        fprintf(out, "  waves     %s (cycles %llu..%llu, every Verilated unit:", F->wave,
                (unsigned long long)F->from, (unsigned long long)F->to);
        for (unsigned i = 0; i < gpucoh_mwave_count(w); i++)
            fprintf(out, " %s", gpucoh_mwave_scope(w, i));
        fprintf(out, ")\n");
    }
    if (F->gtkw[0])
        fprintf(out, "  view      gtkwave %s %s\n", F->wave, F->gtkw);
    if (!F->wave[0] || !F->gtkw[0]) {
        fprintf(out, "  (no wave window: %s)\n", err[0] ? err : "unknown error");
        rc = -1;
    }
    fprintf(out, "  replay    %s\n", F->replay);
    gpucoh_mwave_free(w);
    return F->json[0] ? rc : -1;
}
