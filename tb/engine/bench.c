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

int gpucoh_bench(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, uint64_t cycles, uint64_t seed,
                 const char* json_path, const char* out_dir) {
    const gpucoh_tb_ops_t* t = u->tb;
    char err[1024];
    gpucoh_rtl_t rtl;
    if (gpucoh_rtl_load(u, pv, NULL, false, &rtl, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return 2;
    }
    unsigned char* ins = malloc(cycles * t->in_size);
    void* ctx = calloc(1, t->ctx_size);
    void* mout = calloc(1, t->out_size);
    void* rout = calloc(1, t->out_size);
    void* rst = calloc(1, t->state_size);
    int status = 2;
    if (!ins || !ctx || !mout || !rout || !rst) {
        fprintf(stderr, "gpucoh: bench: out of memory for %llu cycles of stimulus\n",
                (unsigned long long)cycles);
        goto done;
    }
    if (t->init(ctx, pv, seed, GPUCOH_STIM_RANDOM, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        goto done;
    }
    /* The stimulus may react to the unit's outputs (ready, responses): generate it with the C
     * model running, as in a co-simulation, then replay the recorded inputs. */
    for (uint64_t c = 0; c < cycles; c++) {
        t->next_input(ctx, c, ins + c * t->in_size);
        t->model_tick(ctx, ins + c * t->in_size, mout);
    }

    double best_c = 1e30, best_r = 1e30, best_l = 1e30;
    volatile uint32_t sink = 0;
    int diverged = 0;
    uint64_t div_cycle = 0;
    gpucoh_mismatch_t mm;
    memset(&mm, 0, sizeof mm);
    for (int rep = 0; rep < REPS && !diverged; rep++) {
        /* (a) C model alone */
        t->init(ctx, pv, seed, GPUCOH_STIM_RANDOM, err, sizeof err);
        double t0 = gpucoh_now();
        for (uint64_t c = 0; c < cycles; c++)
            t->model_tick(ctx, ins + c * t->in_size, mout);
        double dt = gpucoh_now() - t0;
        sink += ((unsigned char*)mout)[0];
        if (dt < best_c)
            best_c = dt;
        /* (b) RTL alone */
        void* h = rtl.api->create();
        t0 = gpucoh_now();
        for (uint64_t c = 0; c < cycles; c++)
            rtl.api->tick(h, ins + c * t->in_size, rout);
        dt = gpucoh_now() - t0;
        rtl.api->destroy(h);
        if (dt < best_r)
            best_r = dt;
        /* (c) lockstep: both, every output and the full state compared each cycle */
        t->init(ctx, pv, seed, GPUCOH_STIM_RANDOM, err, sizeof err);
        h = rtl.api->create();
        t0 = gpucoh_now();
        for (uint64_t c = 0; c < cycles; c++) {
            const void* in = ins + c * t->in_size;
            t->model_tick(ctx, in, mout);
            rtl.api->tick(h, in, rout);
            rtl.api->state(h, rst);
            if (t->compare_out(ctx, mout, rout, &mm) || t->compare_state(ctx, rst, &mm)) {
                fprintf(stderr,
                        "gpucoh: bench: lockstep diverged at cycle %llu: %s expected %s "
                        "got %s\n",
                        (unsigned long long)c, mm.field, mm.expected, mm.got);
                diverged = 1;
                div_cycle = c;
                break;
            }
        }
        dt = gpucoh_now() - t0;
        rtl.api->destroy(h);
        if (dt < best_l)
            best_l = dt;
    }
    (void)sink;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double rc = (double)cycles / best_c, rr = (double)cycles / best_r, rl = (double)cycles / best_l;
    char pstr[512] = "";
    size_t l = 0;
    for (unsigned i = 0; i < u->nparams; i++) {
        char v[64];
        gpucoh_param_str(u, pv, i, v, sizeof v);
        l += (size_t)snprintf(pstr + l, sizeof pstr - l, "%s%s=%s", i ? " " : "", u->params[i].name,
                              v);
    }
    printf("bench %s (%s), %llu cycles of random stimulus, best of %d\n", u->name, pstr,
           (unsigned long long)cycles, REPS);
    printf("  %-22s %14s %12s\n", "run", "cycles/s", "ns/cycle");
    printf("  %-22s %14.0f %12.1f\n", "C model alone", rc, 1e9 / rc);
    printf("  %-22s %14.0f %12.1f\n", "Verilator alone", rr, 1e9 / rr);
    printf("  %-22s %14.0f %12.1f\n", "lockstep (compared)", rl, 1e9 / rl);
    printf("  ratios: lockstep / Verilator time = %.2f, Verilator / C model time = %.1f\n",
           best_l / best_r, best_r / best_c);
    printf("  peak RSS %ld MiB (stimulus buffer %.0f MiB)\n", ru.ru_maxrss / 1024,
           (double)(cycles * t->in_size) / 1048576.0);

    char path[PATH_MAX];
    if (json_path) {
        snprintf(path, sizeof path, "%s", json_path);
    } else {
        const char* d = out_dir ? out_dir : gpucoh_default_out();
        if (gpucoh_mkdirs(d) != 0) {
            fprintf(stderr, "gpucoh: cannot create %s: %s\n", d, strerror(errno));
            goto done;
        }
        snprintf(path, sizeof path, "%s/bench-%s.json", d, u->name);
    }
    gpucoh_afile_t a;
    if (gpucoh_afile_open(&a, path, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        goto done;
    }
    fprintf(a.f, "{\"tool\": \"gpucoh bench\", \"version\": ");
    gpucoh_json_str(a.f, gpucoh_version());
    fprintf(a.f, ", \"unit\": \"%s\", \"params\": ", u->name);
    gpucoh_params_json(a.f, u, pv);
    fprintf(a.f,
            ", \"seed\": %llu, \"cycles\": %llu, \"reps\": %d, \"c_model_cps\": %.0f, "
            "\"verilator_cps\": %.0f, \"lockstep_cps\": %.0f, \"lockstep_over_verilator\": "
            "%.3f, \"verilator_over_c\": %.2f, \"peak_rss_kib\": %ld, \"diverged\": %s, "
            "\"first_divergence\": ",
            (unsigned long long)seed, (unsigned long long)cycles, REPS, rc, rr, rl, best_l / best_r,
            best_r / best_c, ru.ru_maxrss, diverged ? "true" : "false");
    if (diverged) {
        fprintf(a.f, "{\"cycle\": %llu, ", (unsigned long long)div_cycle);
        gpucoh_json_kv(a.f, "", "field", mm.field);
        gpucoh_json_kv(a.f, ", ", "expected", mm.expected);
        gpucoh_json_kv(a.f, ", ", "got", mm.got);
        fprintf(a.f, "}");
    } else {
        fprintf(a.f, "null");
    }
    fprintf(a.f, ", \"verdict\": \"%s\"}\n", diverged ? "fail" : "pass");
    if (gpucoh_afile_commit(&a, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        goto done;
    }
    printf("  report    %s\n", path);
    status = diverged ? 1 : 0;
done:
    free(ins);
    free(ctx);
    free(mout);
    free(rout);
    free(rst);
    gpucoh_rtl_unload(&rtl);
    return status;
}
