/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bench.c -- speed of the three ways to run a unit, measured in one process on one stimulus:
 * the stimulus is generated first (not timed), then replayed into (a) the C model alone,
 * (b) the Verilated RTL alone, (c) both in lockstep with every output and the full state
 * compared. Each is run 5 times and the fastest kept; ratios come from the same run.
 */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "cosim.h"
#include "rtl_load.h"
#include "util.h"

#define REPS 5

/* One unit's bench: the buffers, the recorded stimulus, the best times. */
typedef struct {
    const gpucoh_unit_t* u;
    const gpucoh_pvals_t* pv;
    const gpucoh_tb_ops_t* t;
    const gpucoh_rtl_t* rtl;
    uint64_t cycles, seed;
    unsigned char* ins;
    void *ctx, *mout, *rout, *rst;
    double best_c, best_r, best_l; /* seconds of the fastest repetition */
    int diverged;
    uint64_t div_cycle;
    gpucoh_mismatch_t mm;
} bench_t;

/* (a) the C model alone over the recorded inputs: seconds. */
static double bench_c(bench_t* b) {
    const gpucoh_tb_ops_t* t = b->t;
    char err[1024];
    volatile uint32_t sink = 0;
    t->init(b->ctx, b->pv, b->seed, GPUCOH_STIM_RANDOM, err, sizeof err);
    double t0 = gpucoh_now();
    for (uint64_t c = 0; c < b->cycles; c++)
        t->model_tick(b->ctx, b->ins + c * t->in_size, b->mout);
    double dt = gpucoh_now() - t0;
    sink += ((unsigned char*)b->mout)[0];
    (void)sink;
    return dt;
}

/* (b) the RTL alone: seconds. */
static double bench_rtl(bench_t* b) {
    const gpucoh_tb_ops_t* t = b->t;
    void* h = b->rtl->api->create();
    double t0 = gpucoh_now();
    for (uint64_t c = 0; c < b->cycles; c++)
        b->rtl->api->tick(h, b->ins + c * t->in_size, b->rout);
    double dt = gpucoh_now() - t0;
    b->rtl->api->destroy(h);
    return dt;
}

/* (c) lockstep: both, every output and the full state compared each cycle: seconds (a
 * divergence is recorded in b and ends the run). */
static double bench_lockstep(bench_t* b) {
    const gpucoh_tb_ops_t* t = b->t;
    char err[1024];
    t->init(b->ctx, b->pv, b->seed, GPUCOH_STIM_RANDOM, err, sizeof err);
    void* h = b->rtl->api->create();
    double t0 = gpucoh_now();
    for (uint64_t c = 0; c < b->cycles; c++) {
        const void* in = b->ins + c * t->in_size;
        t->model_tick(b->ctx, in, b->mout);
        b->rtl->api->tick(h, in, b->rout);
        b->rtl->api->state(h, b->rst);
        if (t->compare_out(b->ctx, b->mout, b->rout, &b->mm) ||
            t->compare_state(b->ctx, b->rst, &b->mm)) {
            fprintf(stderr,
                    "gpucoh: bench: lockstep diverged at cycle %llu: %s expected %s "
                    "got %s\n",
                    (unsigned long long)c, b->mm.field, b->mm.expected, b->mm.got);
            b->diverged = 1;
            b->div_cycle = c;
            break;
        }
    }
    double dt = gpucoh_now() - t0;
    b->rtl->api->destroy(h);
    return dt;
}

/* The best of REPS repetitions of each (stopping at a divergence). */
static void bench_measure(bench_t* b) {
    b->best_c = b->best_r = b->best_l = 1e30;
    for (int rep = 0; rep < REPS && !b->diverged; rep++) {
        double dt = bench_c(b);
        if (dt < b->best_c)
            b->best_c = dt;
        dt = bench_rtl(b);
        if (dt < b->best_r)
            b->best_r = dt;
        dt = bench_lockstep(b);
        if (dt < b->best_l)
            b->best_l = dt;
    }
}

/* The table on stdout. */
static void bench_print(const bench_t* b, const struct rusage* ru) {
    const gpucoh_unit_t* u = b->u;
    double rc = (double)b->cycles / b->best_c, rr = (double)b->cycles / b->best_r,
           rl = (double)b->cycles / b->best_l;
    char pstr[512] = "";
    size_t l = 0;
    for (unsigned i = 0; i < u->nparams; i++) {
        char v[64];
        gpucoh_param_str(u, b->pv, i, v, sizeof v);
        l += (size_t)snprintf(pstr + l, sizeof pstr - l, "%s%s=%s", i ? " " : "", u->params[i].name,
                              v);
    }
    printf("bench %s (%s), %llu cycles of random stimulus, best of %d\n", u->name, pstr,
           (unsigned long long)b->cycles, REPS);
    printf("  %-22s %14s %12s\n", "run", "cycles/s", "ns/cycle");
    printf("  %-22s %14.0f %12.1f\n", "C model alone", rc, 1e9 / rc);
    printf("  %-22s %14.0f %12.1f\n", "Verilator alone", rr, 1e9 / rr);
    printf("  %-22s %14.0f %12.1f\n", "lockstep (compared)", rl, 1e9 / rl);
    printf("  ratios: lockstep / Verilator time = %.2f, Verilator / C model time = %.1f\n",
           b->best_l / b->best_r, b->best_r / b->best_c);
    printf("  peak RSS %ld MiB (stimulus buffer %.0f MiB)\n", ru->ru_maxrss / 1024,
           (double)(b->cycles * b->t->in_size) / 1048576.0);
}

/* The JSON report at path: 0, or -1 after a message. */
static int bench_json(const bench_t* b, const struct rusage* ru, const char* path) {
    const gpucoh_unit_t* u = b->u;
    char err[1024];
    double rc = (double)b->cycles / b->best_c, rr = (double)b->cycles / b->best_r,
           rl = (double)b->cycles / b->best_l;
    gpucoh_afile_t a;
    if (gpucoh_afile_open(&a, path, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return -1;
    }
    fprintf(a.f, "{\"tool\": \"gpucoh bench\", \"version\": ");
    gpucoh_json_str(a.f, gpucoh_version());
    fprintf(a.f, ", \"unit\": \"%s\", \"params\": ", u->name);
    gpucoh_params_json(a.f, u, b->pv);
    fprintf(a.f,
            ", \"seed\": %llu, \"cycles\": %llu, \"reps\": %d, \"c_model_cps\": %.0f, "
            "\"verilator_cps\": %.0f, \"lockstep_cps\": %.0f, \"lockstep_over_verilator\": "
            "%.3f, \"verilator_over_c\": %.2f, \"peak_rss_kib\": %ld, \"diverged\": %s, "
            "\"first_divergence\": ",
            (unsigned long long)b->seed, (unsigned long long)b->cycles, REPS, rc, rr, rl,
            b->best_l / b->best_r, b->best_r / b->best_c, ru->ru_maxrss,
            b->diverged ? "true" : "false");
    if (b->diverged) {
        fprintf(a.f, "{\"cycle\": %llu, ", (unsigned long long)b->div_cycle);
        gpucoh_json_kv(a.f, "", "field", b->mm.field);
        gpucoh_json_kv(a.f, ", ", "expected", b->mm.expected);
        gpucoh_json_kv(a.f, ", ", "got", b->mm.got);
        fprintf(a.f, "}");
    } else {
        fprintf(a.f, "null");
    }
    fprintf(a.f, ", \"verdict\": \"%s\"}\n", b->diverged ? "fail" : "pass");
    if (gpucoh_afile_commit(&a, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return -1;
    }
    return 0;
}

/* After the RTL is loaded: the stimulus, the runs, the table and the report. The exit status. */
static int bench_main(bench_t* b, const char* json_path, const char* out_dir) {
    const gpucoh_tb_ops_t* t = b->t;
    char err[1024];
    if (t->init(b->ctx, b->pv, b->seed, GPUCOH_STIM_RANDOM, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return 2;
    }
    /* The stimulus may react to the unit's outputs (ready, responses): generate it with the C
     * model running, as in a co-simulation, then replay the recorded inputs. */
    for (uint64_t c = 0; c < b->cycles; c++) {
        t->next_input(b->ctx, c, b->ins + c * t->in_size);
        t->model_tick(b->ctx, b->ins + c * t->in_size, b->mout);
    }
    bench_measure(b);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    bench_print(b, &ru);
    char path[PATH_MAX];
    if (json_path) {
        snprintf(path, sizeof path, "%s", json_path);
    } else {
        const char* d = out_dir ? out_dir : gpucoh_default_out();
        if (gpucoh_mkdirs(d) != 0) {
            fprintf(stderr, "gpucoh: cannot create %s: %s\n", d, strerror(errno));
            return 2;
        }
        snprintf(path, sizeof path, "%s/bench-%s.json", d, b->u->name);
    }
    if (bench_json(b, &ru, path) != 0)
        return 2;
    printf("  report    %s\n", path);
    return b->diverged ? 1 : 0;
}

int gpucoh_bench(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, uint64_t cycles, uint64_t seed,
                 const char* json_path, const char* out_dir) {
    const gpucoh_tb_ops_t* t = u->tb;
    char err[1024];
    gpucoh_rtl_t rtl;
    if (gpucoh_rtl_load(u, pv, NULL, false, &rtl, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return 2;
    }
    bench_t b;
    memset(&b, 0, sizeof b);
    b.u = u;
    b.pv = pv;
    b.t = t;
    b.rtl = &rtl;
    b.cycles = cycles;
    b.seed = seed;
    b.ins = malloc(cycles * t->in_size);
    b.ctx = calloc(1, t->ctx_size);
    b.mout = calloc(1, t->out_size);
    b.rout = calloc(1, t->out_size);
    b.rst = calloc(1, t->state_size);
    int status = 2;
    if (!b.ins || !b.ctx || !b.mout || !b.rout || !b.rst)
        fprintf(stderr, "gpucoh: bench: out of memory for %llu cycles of stimulus\n",
                (unsigned long long)cycles);
    else
        status = bench_main(&b, json_path, out_dir);
    free(b.ins);
    free(b.ctx);
    free(b.mout);
    free(b.rout);
    free(b.rst);
    gpucoh_rtl_unload(&rtl);
    return status;
}
