/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cosim.c -- lockstep co-simulation: every cycle the same input goes to the C model and to the
 * Verilated RTL; all outputs and the full architectural state are compared. The first
 * divergence stops the run and is reported with unit, cycle, seed, field path, expected (C) and
 * got (RTL) in hex, the last inputs, a JSON copy, a one-line replay command, and an FST window
 * around it with a GTKWave save file (written by re-running the same seed with tracing on).
 * With opts.netlist the Verilated model is the synthesized gate-level netlist (rtl_load.h): the
 * outputs are compared as for the RTL, the state through the register names the netlist keeps,
 * except the register bits synthesis removed, which are taken from the C model (or, if the
 * unit cannot say which bits those are, the state is not compared; the summary says which).
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE   700 /* realpath */
#include "cosim.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rtl_load.h"
#include "step.h"
#include "util.h"

#define RING   16u
#define TAIL   8u  /* cycles traced after a divergence */
#define WINDOW 64u /* default cycles traced before a divergence (--window) */

/* First cycle of the wave window before a divergence at cycle div. */
static uint64_t window_from(const gpucoh_cosim_opts_t* o, uint64_t div) {
    const uint64_t w = o->window ? o->window : WINDOW;
    return div > w ? div - w : 0;
}

static const char* stim_name(int s) {
    return s == GPUCOH_STIM_RANDOM ? "random" : s == GPUCOH_STIM_DIRECTED ? "directed" : "mixed";
}

void gpucoh_param_args(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, char* buf, size_t n) {
    size_t l = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < u->nparams; i++) {
        if (!pv->set[i])
            continue;
        char v[64];
        gpucoh_param_str(u, pv, i, v, sizeof v);
        l += (size_t)snprintf(buf + l, n > l ? n - l : 0, " --param %s=%s", u->params[i].name, v);
    }
}

void gpucoh_params_json(FILE* f, const gpucoh_unit_t* u, const gpucoh_pvals_t* pv) {
    fputc('{', f);
    for (unsigned i = 0; i < u->nparams; i++) {
        char v[64];
        gpucoh_param_str(u, pv, i, v, sizeof v);
        fprintf(f, "%s\"%s\": ", i ? ", " : "", u->params[i].name);
        if (u->params[i].kind == GPUCOH_P_ENUM)
            gpucoh_json_str(f, v);
        else
            fprintf(f, "%s", v);
    }
    fputc('}', f);
}

int gpucoh_write_gtkw(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, const char* dump,
                      const char* gtkw, int64_t marker, int64_t start, const char* comment,
                      char* err, size_t errlen) {
    /* Layout as GTKWave 3.3.118 itself writes a save file (File > Write Save File). The view:
     * GTKWave honours [timestart] only if timestart <= (last dump time - page width), otherwise it
     * shows the dump from its first time; the page width is wave_px * 2^-zoom / 200 time units
     * (GTKWave draws 200 pixels per 2^-zoom units). At zoom -3 a clock cycle (2 units) is 50
     * pixels: op names and 8-digit hex values fit. wave_px is the wave pane of a 1600-pixel-wide
     * window with the pane widths below (measured under Xvfb; GTKWave widens the SST pane to
     * about 276 whatever sst_width says). */
    const int win_w = 1600, win_h = 900, sst_w = 250, sig_w = 260;
    const double wave_px = 1040.0;
    double zoom = -3.0, upx = 0.04; /* time units per pixel at this zoom */
    int64_t ts = start < 0 ? 0 : start;
    if (marker >= 0) {
        /* failure window: find where the dump really ends (FST header: block type byte,
         * 8-byte length, then start and end time, 64-bit big-endian) */
        int64_t first = -1, last = -1;
        FILE* d = fopen(dump, "rb");
        if (d) {
            unsigned char h[25];
            if (fread(h, 1, sizeof h, d) == sizeof h && h[0] == 0) {
                uint64_t s = 0, e = 0;
                for (int i = 0; i < 8; i++) {
                    s = (s << 8) | h[9 + i];
                    e = (e << 8) | h[17 + i];
                }
                first = (int64_t)s;
                last = (int64_t)e;
            }
            fclose(d);
        }
        if (first < 0 || last < marker)
            first = ts, last = marker;
        if (last - marker >= 8 && (double)(last - first) > wave_px * upx) {
            /* the dump goes on past the divergence: readable zoom, the last page of the dump
             * plus 10 % (so that a slightly wider pane still honours timestart), which puts the
             * marker (last - marker) units left of the right edge; snap to a cycle start */
            ts = last - (int64_t)(1.1 * wave_px * upx) - 1;
            ts -= ts & 1;
            if (ts < first)
                ts = first;
        } else {
            /* the dump ends at (or just after) the divergence: show all of it, zoomed out in
             * quarter steps until it fits with a margin, marker near the right edge */
            ts = first;
            double need = (double)(last - first) * 1.04 + 2.0;
            while (wave_px * upx < need && zoom > -40.0) {
                zoom -= 0.25;
                upx *= 1.189207115002721; /* 2^0.25 */
            }
        }
    }
    gpucoh_afile_t a;
    if (gpucoh_afile_open(&a, gtkw, err, errlen) != 0)
        return -1;
    FILE* f = a.f;
    /* an absolute dump path, so that `gtkwave file.gtkw` alone works from any directory */
    char cwd[4096];
    bool rel = dump[0] != '/' && getcwd(cwd, sizeof cwd);
    fprintf(f, "[*]\n[*] gpucoh %s: %s\n[*]\n", u->name, comment);
    fprintf(f, "[dumpfile] \"%s%s%s\"\n", rel ? cwd : "", rel ? "/" : "",
            dump + (rel && dump[0] == '.' && dump[1] == '/' ? 2 : 0));
    fprintf(f, "[timestart] %lld\n", (long long)ts);
    fprintf(f, "[size] %d %d\n[pos] -1 -1\n", win_w, win_h);
    /* zoom, primary marker, then the 26 named markers A..Z (-1 = unset) */
    fprintf(f, "*%.6f %lld", zoom, (long long)marker);
    for (int i = 0; i < 26; i++)
        fprintf(f, " -1");
    fprintf(f, "\n[sst_width] %d\n[signals_width] %d\n[sst_expanded] 1\n[sst_vpaned_height] 300\n",
            sst_w, sig_w);
    int nfilter = 0;
    unsigned last_flags = 0;
    for (unsigned i = 0; u->wave_signals[i]; i++) {
        uint32_t w = u->wave_width(pv, i);
        const char* filt = u->wave_filters[i];
        bool tr = filt && *filt;
        /* 0x20 right-justify | 0x08 binary or 0x02 hex | 0x2000 file-translated (the filter
         * file's left column is the value as printed in hex) */
        unsigned flags = tr ? 0x2022u : w == 1 ? 0x28u : 0x22u;
        if (flags != last_flags)
            fprintf(f, "@%x\n", flags);
        last_flags = flags;
        if (tr)
            fprintf(f, "^%d %s/waves/filters/%s\n", ++nfilter, gpucoh_root(), filt);
        if (w == 1)
            fprintf(f, "%s\n", u->wave_signals[i]);
        else
            fprintf(f, "%s[%u:0]\n", u->wave_signals[i], w - 1);
    }
    fprintf(f, "[pattern_trace] 1\n[pattern_trace] 0\n");
    return gpucoh_afile_commit(&a, err, errlen);
}

/* Convert an FST into a VCD with gtkwave's fst2vcd. */
static int fst_to_vcd(const char* fst, const char* vcd, char* err, size_t errlen) {
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        execlp("fst2vcd", "fst2vcd", "-f", fst, "-o", vcd, (char*)NULL);
        _exit(127);
    }
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        snprintf(err, errlen, "fst2vcd failed converting %s to %s (is gtkwave installed?)", fst,
                 vcd);
        return -1;
    }
    remove(fst);
    return 0;
}

static bool ends_with(const char* s, const char* suf) {
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

/* How the state is compared: in full (RTL), without some bits, or not at all (netlist). */
typedef struct {
    bool skip;          /* outputs only */
    size_t nfix;        /* bytes of the state struct holding removed bits */
    size_t* fix_off;    /* their offsets */
    unsigned char* fix; /* and which bits of each: taken from the C model */
} state_cmp_t;

/* --steer / --illegal-rate into the adapter (after its init); the rate in effect into *rate. */
static int apply_stim_cfg(const gpucoh_cosim_opts_t* o, void* ctx, uint32_t* rate, char* err,
                          size_t errlen) {
    const gpucoh_tb_ops_t* t = o->u->tb;
    gpucoh_stim_cfg_t cfg = {
        .steer = !o->no_steer, .illegal_set = o->illegal_set, .illegal_rate = o->illegal_rate};
    *rate = 0;
    if (t->stim_cfg) {
        const int rc = t->stim_cfg(ctx, &cfg, err, errlen);
        *rate = cfg.illegal_rate;
        return rc;
    }
    if (o->no_steer || o->illegal_rate) {
        snprintf(err, errlen, "%s: its stimulus has no %s", o->u->name,
                 o->no_steer ? "steering to turn off (--steer)"
                             : "illegal inputs (--illegal-rate)");
        return -1;
    }
    return 0;
}

int gpucoh_cosim_check_stim(const gpucoh_cosim_opts_t* o, char* err, size_t errlen) {
    const gpucoh_tb_ops_t* t = o->u->tb;
    void* ctx = calloc(1, t->ctx_size);
    if (!ctx) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    uint32_t rate;
    int rc = t->init(ctx, &o->pv, o->seed, o->stim, err, errlen);
    if (rc == 0)
        rc = apply_stim_cfg(o, ctx, &rate, err, errlen);
    free(ctx);
    return rc;
}

/* Cover points reached / reachable (0/0 for a unit without any). */
static void fcov_tally(const gpucoh_tb_ops_t* t, void* ctx, uint32_t* reached,
                       uint32_t* reachable) {
    *reached = *reachable = 0;
    const uint32_t n = t->fcov_rows ? t->fcov_rows(ctx) : 0;
    for (uint32_t i = 0; i < n; i++) {
        const char *id, *name;
        uint64_t cnt;
        bool reach;
        t->fcov_row(ctx, i, &id, &name, &cnt, &reach);
        *reachable += reach;
        *reached += reach && cnt;
    }
}

/* "cover points: N/M reached", then the unreached points (every point with all = true). */
static void fcov_print(const gpucoh_tb_ops_t* t, void* ctx, bool all) {
    if (!t->fcov_rows)
        return;
    uint32_t reached, reachable;
    fcov_tally(t, ctx, &reached, &reachable);
    printf("  cover points: %u/%u reached\n", reached, reachable);
    const uint32_t n = t->fcov_rows(ctx);
    for (uint32_t i = 0; i < n; i++) {
        const char *id, *name;
        uint64_t cnt;
        bool reach;
        t->fcov_row(ctx, i, &id, &name, &cnt, &reach);
        if (all || (reach && cnt == 0))
            printf("  %s %-52s %12llu%s\n", id, name, (unsigned long long)cnt,
                   !reach ? "  (unreachable here: see the unit page)"
                   : cnt  ? ""
                          : "  NOT REACHED");
    }
}

static void fcov_json(FILE* f, const gpucoh_tb_ops_t* t, void* ctx) {
    if (!t->fcov_rows)
        return;
    uint32_t reached, reachable;
    fcov_tally(t, ctx, &reached, &reachable);
    fprintf(f, "  \"cover_points\": {\"reached\": %u, \"reachable\": %u, \"points\": [", reached,
            reachable);
    const uint32_t n = t->fcov_rows(ctx);
    for (uint32_t i = 0; i < n; i++) {
        const char *id, *name;
        uint64_t cnt;
        bool reach;
        t->fcov_row(ctx, i, &id, &name, &cnt, &reach);
        fprintf(f, "%s\n    {\"id\": \"%s\", \"name\": ", i ? "," : "", id);
        gpucoh_json_str(f, name);
        fprintf(f, ", \"count\": %llu, \"reachable\": %s}", (unsigned long long)cnt,
                reach ? "true" : "false");
    }
    fprintf(f, "\n  ]},\n");
}

typedef struct {
    const gpucoh_cosim_opts_t* o;
    const gpucoh_rtl_api_t* api;
    const state_cmp_t* sc;
    void* ctx;
    void* h;
    unsigned char *in, *mout, *rout, *rst, *ring;
    uint32_t illegal_rate; /* in effect, per 100 000 cycles */
    bool interrupted;      /* Ctrl-C stopped the run after `stopped` cycles */
    uint64_t stopped;
} run_t;

static int run_alloc(run_t* r, const gpucoh_cosim_opts_t* o, const gpucoh_rtl_api_t* api,
                     const state_cmp_t* sc, char* err, size_t errlen) {
    const gpucoh_tb_ops_t* t = o->u->tb;
    memset(r, 0, sizeof *r);
    r->o = o;
    r->api = api;
    r->sc = sc;
    r->ctx = calloc(1, t->ctx_size);
    r->in = calloc(1, t->in_size);
    r->mout = calloc(1, t->out_size);
    r->rout = calloc(1, t->out_size);
    r->rst = calloc(1, t->state_size);
    r->ring = calloc(RING, t->in_size);
    if (!r->ctx || !r->in || !r->mout || !r->rout || !r->rst || !r->ring) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (t->init(r->ctx, &o->pv, o->seed, o->stim, err, errlen) != 0 ||
        apply_stim_cfg(o, r->ctx, &r->illegal_rate, err, errlen) != 0)
        return -1;
    r->h = api->create();
    return 0;
}

static void state_cmp_free(state_cmp_t* sc) {
    free(sc->fix_off);
    free(sc->fix);
    memset(sc, 0, sizeof *sc);
}

/* Netlist: how its state can be compared; the summary's note. Register bits synthesis removed
 * (their flops drove nothing) are read from the C model when the shim says which bits of the
 * state struct they are and the unit says where the model keeps its state; otherwise only the
 * outputs are compared. */
static int state_plan(const gpucoh_unit_t* u, const gpucoh_rtl_t* nl, state_cmp_t* sc,
                      gpucoh_cosim_result_t* res, char* err, size_t errlen) {
    const size_t n = u->tb->state_size;
    res->netlist = true;
    res->state_compared = true;
    if (nl->removed_regs == 0) {
        snprintf(res->impl_note, sizeof res->impl_note,
                 "impl=netlist: outputs and state compared, every register kept by synthesis");
        return 0;
    }
    if (!nl->state_mask || !u->model_state) {
        sc->skip = true;
        res->state_compared = false;
        snprintf(res->impl_note, sizeof res->impl_note,
                 "impl=netlist: outputs compared, state not compared (synthesis removed bits of "
                 "%u registers: %s; the %s does not say which state bits they are)",
                 nl->removed_regs, nl->removed, !nl->state_mask ? "shim" : "unit entry");
        return 0;
    }
    uint32_t bits = 0;
    unsigned char* all = gpucoh_netlist_removed_mask(nl, n, &bits);
    if (!all) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        sc->nfix += all[i] != 0;
    sc->fix_off = calloc(sc->nfix ? sc->nfix : 1, sizeof *sc->fix_off);
    sc->fix = calloc(sc->nfix ? sc->nfix : 1, 1);
    if (!sc->fix_off || !sc->fix) {
        free(all);
        state_cmp_free(sc);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (all[i]) {
            sc->fix_off[k] = i;
            sc->fix[k++] = all[i];
        }
    free(all);
    res->removed_bits = bits;
    snprintf(res->impl_note, sizeof res->impl_note,
             "impl=netlist: outputs and state compared, except %u state bits whose flops "
             "synthesis removed (no output depends on them; taken from the C model); removed: %s",
             bits, nl->removed);
    return 0;
}

static void run_free(run_t* r) {
    if (r->h)
        r->api->destroy(r->h);
    free(r->ctx);
    free(r->in);
    free(r->mout);
    free(r->rout);
    free(r->rst);
    free(r->ring);
}

/* The checks of one unit step (step.h): the outputs, the state (not for a netlist whose state
 * cannot be compared), then the RTL's assertion failures against those the C model expects. */
static uint32_t check_out(void* a, gpucoh_mismatch_t* mm) {
    run_t* r = a;
    return r->o->u->tb->compare_out(r->ctx, r->mout, r->rout, mm);
}

static uint32_t check_state(void* a, gpucoh_mismatch_t* mm) {
    run_t* r = a;
    r->api->state(r->h, r->rst);
    if (r->sc->nfix) { /* netlist: the removed register bits are the C model's */
        const unsigned char* ms = r->o->u->model_state(r->ctx);
        for (size_t k = 0; k < r->sc->nfix; k++) {
            const size_t at = r->sc->fix_off[k];
            const unsigned char m = r->sc->fix[k];
            r->rst[at] = (unsigned char)((r->rst[at] & ~m) | (ms[at] & m));
        }
    }
    return r->o->u->tb->compare_state(r->ctx, r->rst, mm);
}

/* illegal inputs driven on purpose fire the RTL's protocol assertions; the netlist has none
 * (synthesis drops them) */
static uint32_t check_asserts(void* a, gpucoh_mismatch_t* mm) {
    run_t* r = a;
    const gpucoh_tb_ops_t* t = r->o->u->tb;
    const uint64_t want = t->rtl_errors && !r->o->netlist ? t->rtl_errors(r->ctx) : 0;
    const uint32_t got = r->api->errors(r->h);
    if (got == want)
        return 0;
    snprintf(mm->field, sizeof mm->field, "%s (RTL assertion)", r->o->u->name);
    if (want)
        snprintf(mm->expected, sizeof mm->expected,
                 "%llu assertion failures (the illegal inputs the C model counted)",
                 (unsigned long long)want);
    else
        snprintf(mm->expected, sizeof mm->expected, "no assertion failure");
    snprintf(mm->got, sizeof mm->got, "%u RTL assertion or $error failures (see stderr)",
             (unsigned)got);
    mm->extra = 0;
    return 1;
}

/* Compare step c (gpucoh_step_compare, ending at the first check that differs): true if it
 * diverged, recorded in *first. */
static bool unit_step(run_t* r, uint64_t c, gpucoh_first_t* first) {
    const gpucoh_check_t checks[] = {
        {GPUCOH_CHECK_OUTPUT, check_out},
        {GPUCOH_CHECK_STATE, r->sc->skip ? NULL : check_state},
        {GPUCOH_CHECK_ASSERTION, check_asserts},
    };
    memset(first, 0, sizeof *first);
    return gpucoh_step_compare(checks, 3, r, c, first, NULL) != 0;
}

/* Run cycles [0, n); trace [tfrom, tto) into tpath (if set). Returns the divergence cycle or
 * UINT64_MAX (the divergence in *first). The main run (not the failure window's re-run) prints a
 * progress line on stderr now and then (gpucoh_progress; not with --quiet), and Ctrl-C
 * (gpucoh_interrupted) ends it with r->interrupted and the trace closed. */
static uint64_t run_lockstep(run_t* r, uint64_t n, const char* tpath, uint64_t tfrom, uint64_t tto,
                             gpucoh_first_t* first, bool main_run, char* err, size_t errlen,
                             int* trace_err) {
    const gpucoh_tb_ops_t* t = r->o->u->tb;
    const gpucoh_rtl_api_t* api = r->api;
    gpucoh_progress_t pr;
    gpucoh_progress_t* prog = &pr;
    gpucoh_progress_start(prog, r->o->u->name, main_run && !r->o->quiet);
    *trace_err = 0;
    for (uint64_t c = 0; c < n; c++) {
        if (tpath && c == tfrom && api->trace_open(r->h, tpath) != 0) {
            snprintf(err, errlen, "cannot open wave file %s", tpath);
            *trace_err = 1;
            return UINT64_MAX;
        }
        if (tpath && c == tto)
            api->trace_close(r->h);
        t->next_input(r->ctx, c, r->in);
        memcpy(r->ring + (c % RING) * t->in_size, r->in, t->in_size);
        t->model_tick(r->ctx, r->in, r->mout);
        api->tick(r->h, r->in, r->rout);
        if (unit_step(r, c, first))
            return c;
        if ((c & 0x3FFF) == 0x3FFF) {
            if (prog->on) {
                uint32_t cov, reach;
                t->coverage(r->ctx, &cov, &reach);
                char extra[48];
                snprintf(extra, sizeof extra, ", coverage %u/%u", cov, reach);
                gpucoh_progress(prog, c + 1, n, "cycles", extra);
            }
        }
        if (main_run && gpucoh_interrupted) { /* Ctrl-C: stop after this cycle */
            r->interrupted = true;
            r->stopped = c + 1;
            if (tpath)
                api->trace_close(r->h); /* a finalized trace of the cycles run */
            return UINT64_MAX;
        }
    }
    if (tpath && tto >= n)
        api->trace_close(r->h);
    return UINT64_MAX;
}

static void write_json_report(FILE* f, const gpucoh_cosim_opts_t* o, run_t* r,
                              const gpucoh_cosim_result_t* res, const char* key,
                              const gpucoh_rtl_t* nl, uint64_t from) {
    const gpucoh_unit_t* u = o->u;
    const gpucoh_tb_ops_t* t = u->tb;
    fprintf(f, "{\n  \"tool\": \"gpucoh %s\",\n  \"version\": ", o->command ? o->command : "cosim");
    gpucoh_json_str(f, gpucoh_version());
    fprintf(f, ",\n  \"unit\": \"%s\",\n", u->name);
    fprintf(f, "  \"params\": ");
    gpucoh_params_json(f, u, &o->pv);
    fprintf(f, ",\n  \"impl\": \"%s\",\n  \"rtl_build\": ", res->netlist ? "netlist" : "rtl");
    gpucoh_json_str(f, key);
    if (res->netlist) {
        fprintf(f, ",\n  \"netlist\": {\"file\": ");
        gpucoh_json_str(f, nl->netlist_path);
        fprintf(f,
                ", \"cells\": %u, \"flops\": %u, \"outputs_compared\": true, "
                "\"state_compared\": %s, \"removed_state_bits\": %u, \"removed_registers\": ",
                nl->cells, nl->flops, res->state_compared ? "true" : "false", res->removed_bits);
        gpucoh_json_str(f, nl->removed);
        fprintf(f, ", \"assertions\": \"none (synthesis drops them)\", \"note\": ");
        gpucoh_json_str(f, res->impl_note);
        fprintf(f, "}");
    }
    fprintf(f, ",\n  \"seed\": %llu,\n  \"stim\": \"%s\",\n", (unsigned long long)o->seed,
            stim_name(o->stim));
    fprintf(f, "  \"steer\": %s,\n  \"illegal_rate_per_1000\": %u.%02u,\n",
            o->no_steer ? "false" : "true", r->illegal_rate / 100u, r->illegal_rate % 100u);
    fprintf(f, "  \"illegal_inputs\": %llu,\n  \"expected_assertions\": %llu,\n",
            (unsigned long long)res->illegal_inputs, (unsigned long long)res->expected_asserts);
    fprintf(f, "  \"cycles_requested\": %llu,\n  \"cycles_run\": %llu,\n  \"compared\": %llu,\n",
            (unsigned long long)o->cycles, (unsigned long long)res->cycles_run,
            (unsigned long long)res->compared);
    fprintf(f, "  \"mismatches\": %llu,\n  \"seconds\": %.3f,\n  \"cycles_per_second\": %.0f,\n",
            (unsigned long long)res->mismatches, res->seconds, res->rate);
    fprintf(f, "  \"coverage\": {\"covered\": %u, \"reachable\": %u, \"rows\": [", res->covered,
            res->reachable);
    uint32_t rows = t->coverage_rows(r->ctx);
    for (uint32_t i = 0; i < rows; i++) {
        const char *id, *name;
        uint64_t cnt;
        bool reach;
        t->coverage_row(r->ctx, i, &id, &name, &cnt, &reach);
        fprintf(f, "%s\n    {\"id\": \"%s\", \"name\": \"%s\", \"count\": %llu, \"reachable\": %s}",
                i ? "," : "", id, name, (unsigned long long)cnt, reach ? "true" : "false");
    }
    fprintf(f, "\n  ]},\n");
    fcov_json(f, t, r->ctx);
    if (!res->diverged) {
        if (res->interrupted)
            fprintf(f, "  \"interrupted_after_cycles\": %llu,\n",
                    (unsigned long long)res->cycles_run);
        fprintf(f, "  \"first_divergence\": null,\n  \"verdict\": \"%s\"\n}\n",
                res->interrupted ? "interrupted" : "pass");
        return;
    }
    fprintf(f, "  \"first_divergence\": {\n");
    gpucoh_divergence_json(f, &res->div, "    ", ",\n    ");
    fprintf(f, ",\n    \"last_inputs\": [");
    for (uint64_t c = from; c <= res->div.cycle; c++) {
        char buf[768];
        t->input_json(r->ctx, r->ring + (c % RING) * t->in_size, buf, sizeof buf);
        fprintf(f, "%s\n      {\"cycle\": %llu, \"in\": %s}", c == from ? "" : ",",
                (unsigned long long)c, buf);
    }
    gpucoh_json_kv(f, "\n    ],\n    ", "replay", res->replay);
    gpucoh_json_kv(f, ",\n    ", "wave", res->fail_wave);
    gpucoh_json_kv(f, ",\n    ", "gtkw", res->fail_gtkw);
    fprintf(f, "\n  },\n  \"verdict\": \"fail\"\n}\n");
}

/* The report's path (--json, else <out>/<command>-<unit><params>-seed<S>.json) and the trace's
 * (tpath: an .fst, converted afterwards if --wave names a .vcd), every output path checked
 * before anything is built or run (docs/cli.md). 0, or -1 with err. */
static int cosim_paths(const gpucoh_cosim_opts_t* o, gpucoh_cosim_result_t* res, char* out_dir,
                       size_t odn, char* tpath, size_t tpn, char* err, size_t errlen) {
    const gpucoh_unit_t* u = o->u;
    snprintf(out_dir, odn, "%s", o->out_dir ? o->out_dir : gpucoh_default_out());
    if (gpucoh_check_out_dir(o->out_dir ? "--out" : "the default output directory", out_dir, err,
                             errlen) != 0)
        return -1;
    if (o->json_path)
        snprintf(res->json_path, sizeof res->json_path, "%s", o->json_path);
    else {
        char diff[512], tag[64];
        gpucoh_param_diff(u, &o->pv, diff, sizeof diff);
        gpucoh_name_tag(diff, tag, sizeof tag);
        snprintf(res->json_path, sizeof res->json_path, "%s/%s-%s%s-seed%llu.json", out_dir,
                 o->command ? o->command : "cosim", u->name, tag, (unsigned long long)o->seed);
    }
    if (gpucoh_check_out_file("--json", res->json_path, err, errlen) != 0)
        return -1;
    tpath[0] = 0;
    if (o->wave_path) {
        if (!ends_with(o->wave_path, ".vcd") && !ends_with(o->wave_path, ".fst")) {
            snprintf(err, errlen, "--wave %s: the file name must end in .fst or .vcd",
                     o->wave_path);
            return -1;
        }
        if (gpucoh_check_out_file("--wave", o->wave_path, err, errlen) != 0)
            return -1;
        if (ends_with(o->wave_path, ".vcd"))
            snprintf(tpath, tpn, "%s.fst", o->wave_path);
        else
            snprintf(tpath, tpn, "%s", o->wave_path);
    }
    return 0;
}

/* The counts of a finished run (div: the divergence's cycle, or UINT64_MAX). */
static void cosim_counts(const gpucoh_cosim_opts_t* o, const run_t* r, const gpucoh_rtl_t* rtl,
                         uint64_t ia0, uint64_t div, gpucoh_cosim_result_t* res) {
    const gpucoh_tb_ops_t* t = o->u->tb;
    res->diverged = div != UINT64_MAX;
    res->interrupted = r->interrupted;
    res->cycles_run = res->diverged ? div + 1 : r->interrupted ? r->stopped : o->cycles;
    res->compared = res->diverged ? div : res->cycles_run;
    res->mismatches = res->diverged ? 1 : 0;
    res->rate = res->seconds > 0 ? (double)res->cycles_run / res->seconds : 0;
    t->coverage(r->ctx, &res->covered, &res->reachable);
    res->has_fcov = t->fcov_rows != NULL;
    res->illegal_rate = r->illegal_rate;
    res->illegal_inputs = t->illegal_inputs ? t->illegal_inputs(r->ctx) : 0;
    res->expected_asserts =
        r->illegal_rate > 0 && rtl->input_asserts ? rtl->input_asserts() - ia0 : 0;
    fcov_tally(t, r->ctx, &res->fcov_reached, &res->fcov_reachable);
}

/* The replay line of a divergence at div: absolute paths, so that it replays from any
 * directory. */
static void cosim_replay(const gpucoh_cosim_opts_t* o, const char* out_dir, uint64_t div,
                         gpucoh_cosim_result_t* res) {
    const gpucoh_unit_t* u = o->u;
    char pargs[1024];
    gpucoh_param_args(u, &o->pv, pargs, sizeof pargs);
    char sargs[64] = "";
    if (o->illegal_set)
        snprintf(sargs, sizeof sargs, " --illegal-rate %u.%02u", o->illegal_rate / 100u,
                 o->illegal_rate % 100u);
    if (o->no_steer)
        snprintf(sargs + strlen(sargs), sizeof sargs - strlen(sargs), " --steer off");
    char rdir[PATH_MAX] = "", odir[PATH_MAX];
    if (o->rtl_dir && !realpath(o->rtl_dir, rdir))
        snprintf(rdir, sizeof rdir, "%s", o->rtl_dir);
    if (!realpath(out_dir, odir))
        snprintf(odir, sizeof odir, "%s", out_dir);
    snprintf(res->replay, sizeof res->replay,
             "%s/build/gpucoh cosim %s --seed %llu --cycles %llu --stim %s%s%s%s%s%s --wave "
             "%s/replay-%s.fst",
             gpucoh_root(), u->name, (unsigned long long)o->seed, (unsigned long long)(div + 1),
             stim_name(o->stim), sargs, pargs, o->rtl_dir ? " --rtl-dir " : "", rdir,
             o->netlist ? " --netlist" : "", odir, u->name);
}

/* The failure's wave window: the same seed re-run with tracing over the window before the
 * divergence at div, a few cycles past it, and its .gtkw; on failure a warning and no window. */
static void cosim_fail_window(const gpucoh_cosim_opts_t* o, const gpucoh_rtl_t* rtl,
                              const state_cmp_t* sc, const char* out_dir, uint64_t div,
                              gpucoh_cosim_result_t* res) {
    const gpucoh_unit_t* u = o->u;
    const gpucoh_tb_ops_t* t = u->tb;
    const uint64_t wfrom = window_from(o, div);
    snprintf(res->fail_wave, sizeof res->fail_wave, "%s/%s-seed%llu-fail.fst", out_dir, u->name,
             (unsigned long long)o->seed);
    snprintf(res->fail_gtkw, sizeof res->fail_gtkw, "%s/%s-seed%llu-fail.gtkw", out_dir, u->name,
             (unsigned long long)o->seed);
    run_t r2;
    gpucoh_first_t first2;
    char e2[256];
    int terr2 = 0;
    if (run_alloc(&r2, o, rtl->api, sc, e2, sizeof e2) == 0) {
        uint64_t div2 = run_lockstep(&r2, div + 1, res->fail_wave, wfrom, UINT64_MAX, &first2,
                                     false, e2, sizeof e2, &terr2);
        /* keep the trace open for a few cycles past the divergence, so the wrong value
         * is drawn as a wave and not only shown at the marker */
        for (uint64_t c = div + 1; !terr2 && div2 == div && c <= div + TAIL; c++) {
            t->next_input(r2.ctx, c, r2.in);
            t->model_tick(r2.ctx, r2.in, r2.mout);
            r2.api->tick(r2.h, r2.in, r2.rout);
        }
        r2.api->trace_close(r2.h);
        char comment[512];
        snprintf(comment, sizeof comment,
                 "first divergence at cycle %llu: %s expected %s got %s (marker)",
                 (unsigned long long)div, res->div.field, res->div.expected, res->div.got);
        if (terr2 || div2 != div ||
            gpucoh_write_gtkw(u, &o->pv, res->fail_wave, res->fail_gtkw, (int64_t)(2 * div + 1),
                              (int64_t)(2 * wfrom), comment, e2, sizeof e2) != 0) {
            fprintf(stderr, "gpucoh: warning: the wave window could not be written%s%s\n",
                    div2 != div ? " (the re-run did not diverge at the same cycle)" : ": ",
                    div2 != div ? "" : e2);
            res->fail_wave[0] = res->fail_gtkw[0] = 0;
        }
    }
    run_free(&r2);
}

/* A divergence at div: its fields in res, the replay line, the wave window, the failure's own
 * JSON copy. */
static void cosim_divergence(const gpucoh_cosim_opts_t* o, run_t* r, const gpucoh_rtl_t* rtl,
                             const state_cmp_t* sc, const char* out_dir, uint64_t div,
                             const gpucoh_first_t* first, uint64_t from,
                             gpucoh_cosim_result_t* res) {
    gpucoh_divergence_from(&res->div, first, o->u->name, "");
    cosim_replay(o, out_dir, div, res);
    snprintf(res->fail_json, sizeof res->fail_json, "%s/%s-seed%llu-fail.json", out_dir, o->u->name,
             (unsigned long long)o->seed);
    if (!o->no_fail_artifacts)
        cosim_fail_window(o, rtl, sc, out_dir, div, res);
    gpucoh_afile_t a;
    char e3[256];
    if (gpucoh_afile_open(&a, res->fail_json, e3, sizeof e3) == 0) {
        write_json_report(a.f, o, r, res, rtl->key, rtl, from);
        if (gpucoh_afile_commit(&a, e3, sizeof e3) != 0)
            res->fail_json[0] = 0;
    } else {
        res->fail_json[0] = 0;
    }
}

/* The summary line: PASS / FAIL / INTERRUPTED, counts, coverage, rate. */
static void cosim_print_summary(const gpucoh_cosim_opts_t* o, const gpucoh_cosim_result_t* res) {
    char fc[48] = "";
    if (res->has_fcov)
        snprintf(fc, sizeof fc, ", cover points %u/%u", res->fcov_reached, res->fcov_reachable);
    char il[128] = "";
    if (res->illegal_rate)
        snprintf(
            il, sizeof il, ", illegal %u.%02u/1000, %llu illegal inputs, %llu expected assertions",
            res->illegal_rate / 100u, res->illegal_rate % 100u,
            (unsigned long long)res->illegal_inputs, (unsigned long long)res->expected_asserts);
    printf("%s %s: %llu cycles, %llu compared, %llu mismatches, coverage %u/%u transitions%s, "
           "%.2f M cycles/s (seed %llu, stim %s%s%s%s%s)\n",
           res->diverged      ? "FAIL"
           : res->interrupted ? "INTERRUPTED"
                              : "PASS",
           o->u->name, (unsigned long long)res->cycles_run, (unsigned long long)res->compared,
           (unsigned long long)res->mismatches, res->covered, res->reachable, fc, res->rate / 1e6,
           (unsigned long long)o->seed, stim_name(o->stim), o->no_steer ? ", steer off" : "", il,
           res->netlist ? ", " : "", res->impl_note);
}

/* The transition rows not covered (all with --coverage), the cover points, the expected RTL
 * assertion failures of illegal inputs. */
static void cosim_print_coverage(const gpucoh_cosim_opts_t* o, const run_t* r) {
    const gpucoh_tb_ops_t* t = o->u->tb;
    uint32_t rows = t->coverage_rows(r->ctx);
    for (uint32_t i = 0; i < rows; i++) {
        const char *id, *name;
        uint64_t cnt;
        bool reach;
        t->coverage_row(r->ctx, i, &id, &name, &cnt, &reach);
        if (o->print_coverage || (reach && cnt == 0))
            printf("  %s %-18s %12llu%s\n", id, name, (unsigned long long)cnt,
                   !reach ? "  (unreachable with these parameters)"
                   : cnt  ? ""
                          : "  NOT COVERED");
    }
    fcov_print(t, r->ctx, o->print_coverage);
    const uint64_t ne = t->rtl_errors && !o->netlist ? t->rtl_errors(r->ctx) : 0;
    if (ne && !o->quiet)
        printf("  illegal inputs: %llu RTL protocol-assertion failures, each expected (the "
               "C model counted the same illegal inputs; counted among the expected "
               "assertions, not printed)\n",
               (unsigned long long)ne);
}

/* The first divergence (at div; inputs from cycle from): field, values, last inputs, files,
 * replay line. */
static void cosim_print_divergence(const gpucoh_cosim_opts_t* o, const run_t* r,
                                   const gpucoh_rtl_t* rtl, uint64_t div, uint64_t from,
                                   const gpucoh_cosim_result_t* res) {
    gpucoh_divergence_print(stdout, &res->div, "C model", res->netlist ? "netlist" : "RTL");
    if (res->netlist)
        printf("  netlist   %s (%u cells, %u flops)\n", rtl->netlist_path, rtl->cells, rtl->flops);
    gpucoh_last_inputs_print(stdout, o->u->tb, r->ctx, r->ring, RING, from, div);
    if (res->fail_json[0])
        printf("  json      %s\n", res->fail_json);
    if (res->fail_wave[0])
        printf("  waves     %s (cycles %llu..%llu)\n  view      gtkwave %s %s\n", res->fail_wave,
               (unsigned long long)window_from(o, div), (unsigned long long)(div + TAIL),
               res->fail_wave, res->fail_gtkw);
    printf("  replay    %s\n", res->replay);
}

/* Load the model to compare with (RTL or netlist) and plan the netlist's state compare: 0, or -1
 * with err (nothing left loaded). */
static int cosim_load(const gpucoh_cosim_opts_t* o, gpucoh_rtl_t* rtl, state_cmp_t* sc,
                      gpucoh_cosim_result_t* res, char* err, size_t errlen) {
    const gpucoh_unit_t* u = o->u;
    if (o->netlist ? gpucoh_netlist_load(u, &o->pv, o->rtl_dir, o->quiet, rtl, err, errlen)
                   : gpucoh_rtl_load(u, &o->pv, o->rtl_dir, o->quiet, rtl, err, errlen))
        return -1;
    res->build_seconds = rtl->build_seconds;
    memset(sc, 0, sizeof *sc);
    if (o->netlist && state_plan(u, rtl, sc, res, err, errlen) != 0) {
        gpucoh_rtl_unload(rtl);
        return -1;
    }
    return 0;
}

int gpucoh_cosim_run(const gpucoh_cosim_opts_t* o, gpucoh_cosim_result_t* res, char* err,
                     size_t errlen) {
    memset(res, 0, sizeof *res);
    char out_dir[PATH_MAX];
    char tpath[PATH_MAX + 8]; /* waves requested for this run: an .fst */
    if (cosim_paths(o, res, out_dir, sizeof out_dir, tpath, sizeof tpath, err, errlen) != 0 ||
        gpucoh_cosim_check_stim(o, err, errlen) != 0)
        return -1;
    gpucoh_rtl_t rtl;
    state_cmp_t sc;
    if (cosim_load(o, &rtl, &sc, res, err, errlen) != 0)
        return -1;
    run_t r;
    int rc = -1;
    if (run_alloc(&r, o, rtl.api, &sc, err, errlen) != 0)
        goto done;
    /* illegal inputs on purpose: their input-assertion failures are expected (counted, not
     * printed; rtl/include/gpucoh_assert.svh); without them any such failure prints */
    const uint64_t ia0 = rtl.input_asserts ? rtl.input_asserts() : 0;
    if (rtl.expect_input_asserts)
        rtl.expect_input_asserts(r.illegal_rate > 0);
    gpucoh_first_t first;
    memset(&first, 0, sizeof first);
    int terr = 0;
    double t0 = gpucoh_now();
    uint64_t div = run_lockstep(&r, o->cycles, o->wave_path ? tpath : NULL, o->wave_from,
                                o->wave_to, &first, true, err, errlen, &terr);
    res->seconds = gpucoh_now() - t0;
    if (o->wave_path && ends_with(o->wave_path, ".vcd"))
        r.api->trace_close(r.h);
    /* One Verilated model alive at a time: the failure re-run below creates a second one, and
     * Verilator 5.006 deadlocks destroying a model after another was created and destroyed. */
    r.api->destroy(r.h);
    r.h = NULL;
    if (terr)
        goto done;
    cosim_counts(o, &r, &rtl, ia0, div, res);
    if (r.interrupted && o->wave_path && access(tpath, F_OK) != 0) {
        res->no_wave = true; /* stopped before the traced window began */
    } else if (o->wave_path && ends_with(o->wave_path, ".vcd")) {
        if (fst_to_vcd(tpath, o->wave_path, err, errlen) != 0)
            goto done;
    }
    uint64_t from = 0;
    if (res->diverged) {
        from = div + 1 >= RING ? div + 1 - RING : 0;
        cosim_divergence(o, &r, &rtl, &sc, out_dir, div, &first, from, res);
    }
    if (!(o->quiet && o->no_fail_artifacts))
        cosim_print_summary(o, res);
    if (!o->quiet || o->print_coverage)
        cosim_print_coverage(o, &r);
    if (res->diverged && !(o->quiet && o->no_fail_artifacts))
        cosim_print_divergence(o, &r, &rtl, div, from, res);
    gpucoh_afile_t a;
    if (gpucoh_afile_open(&a, res->json_path, err, errlen) == 0) {
        write_json_report(a.f, o, &r, res, rtl.key, &rtl, from);
        rc = gpucoh_afile_commit(&a, err, errlen) != 0 ? -1 : 0;
    }
done:
    run_free(&r);
    state_cmp_free(&sc);
    gpucoh_rtl_unload(&rtl);
    return rc;
}
