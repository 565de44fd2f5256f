/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_wave.c -- the debugging kit of a failing TC system run (tb/proto/tc/tc_wave.h, docs/waves.md):
 * the re-run with every Verilated unit traced over the window, the GTKWave view of the
 * diverging unit, the JSON report and the replay line.
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE   700 /* realpath */
#include "tc_wave.h"

#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "traffic.h"
#include "tc_units.h"
#include "util.h"

static const char* proto_name(const tc_desc_t* d) {
    return d->protocol == TC_WEAK ? "tc-weak" : "tc-strong";
}

static const char* impl_name(tc_impl_t i) {
    return i == TC_IMPL_C ? "c" : i == TC_IMPL_RTL ? "rtl" : "lockstep";
}

static void units_list(uint32_t u, char* b, size_t n) {
    snprintf(b, n, "%s%s%s", (u & TC_RTL_L1) ? ",l1" : "", (u & TC_RTL_L2) ? ",l2" : "",
             (u & TC_RTL_TIMER) ? ",timer" : "");
    if (b[0] == ',')
        memmove(b, b + 1, strlen(b));
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

void tc_wave_scope(const char* unit, char* buf, size_t n) {
    unsigned i;
    char k[8];
    buf[0] = 0;
    if (!strcmp(unit, "timer"))
        snprintf(buf, n, "timer");
    else if (sscanf(unit, "sm[%u].%3s", &i, k) == 2 && !strcmp(k, "l1"))
        snprintf(buf, n, "sm%u_l1", i);
    else if (sscanf(unit, "bank[%u].%3s", &i, k) == 2 && !strcmp(k, "l2"))
        snprintf(buf, n, "bank%u_l2", i);
}

static const char* out_dir(const tc_wave_run_t* r, char* buf, size_t n) {
    if (r->out_dir)
        snprintf(buf, n, "%s", r->out_dir);
    else
        snprintf(buf, n, "%s/build/out", gpucoh_root());
    return buf;
}

void tc_wave_base(const tc_wave_run_t* r, const tc_rtl_result_t* div, char* buf, size_t n) {
    const char* p = proto_name(TC_DC(&r->cfg));
    switch (r->kind) {
    case TC_WAVE_COSIM:
        snprintf(buf, n, "system-%s-seed%llu-fail", p, (unsigned long long)r->cfg.seed);
        break;
    case TC_WAVE_EPISODE:
        snprintf(buf, n, "episode-%s-seed%llu-fail", p, (unsigned long long)r->ep.seed);
        break;
    default: {
        char name[128];
        snprintf(name, sizeof name, "%s", r->lit ? litmus_name(r->lit) : "test");
        for (char* c = name; *c; c++)
            if (*c == '/' || *c == ' ')
                *c = '_';
        snprintf(buf, n, "litmus-%s-%s-run%llu-fail", name, p,
                 (unsigned long long)(r->lo.first_run + (div ? div->div_run : 0)));
        break;
    }
    }
}

void tc_wave_replay(const tc_wave_run_t* r, const tc_rtl_result_t* div, char* buf, size_t n) {
    const tc_sys_cfg_t* c = &r->cfg;
    char u[32], p[PATH_MAX];
    snprintf(buf, n, "%s/build/gpucoh ", gpucoh_root());
    if (r->kind == TC_WAVE_COSIM)
        cat(buf, n, "cosim system");
    else if (r->kind == TC_WAVE_EPISODE)
        cat(buf, n, "episode");
    else {
        abs_path(r->lit_file ? r->lit_file : "?", p, sizeof p);
        cat(buf, n, "litmus %s", p);
    }
    cat(buf, n, " --protocol %s --impl %s", proto_name(TC_DC(c)), impl_name(r->rtl.impl));
    if (r->rtl.impl != TC_IMPL_C) {
        units_list(r->rtl.rtl, u, sizeof u);
        cat(buf, n, " --rtl %s", u);
        if (r->rtl.netlist) {
            units_list(r->rtl.netlist, u, sizeof u);
            cat(buf, n, " --netlist %s", u);
        }
        if (r->rtl.rtl_dir) {
            abs_path(r->rtl.rtl_dir, p, sizeof p);
            cat(buf, n, " --rtl-dir %s", p);
        }
        cat(buf, n, " --full-every %u", (unsigned)r->rtl.full_every);
    }
    /* every parameter, one --param each (tc_desc_print writes "--param NAME=VALUE ...") */
    char* ps = NULL;
    size_t pn = 0;
    FILE* m = open_memstream(&ps, &pn);
    if (m) {
        tc_desc_print(TC_DC(c), m);
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
    case TC_WAVE_COSIM:
        if (c->bank_illegal_per_mille)
            cat(buf, n, " --l2-illegal-rate %u", (unsigned)c->bank_illegal_per_mille);
        if (r->steer_off)
            cat(buf, n, " --steer off");
        if (r->ops)
            cat(buf, n, " --ops %llu", (unsigned long long)r->ops);
        cat(buf, n, " --seed %llu --cycles %llu", (unsigned long long)c->seed,
            (unsigned long long)(diverged ? div->div_cycle + 1 : r->cycles));
        break;
    case TC_WAVE_EPISODE:
        cat(buf, n, " --episodes %u --locations %u", (unsigned)r->ep.episodes,
            (unsigned)r->ep.locations);
        if (r->ep.wfs) /* 0: every wavefront (the default; --wfs takes 1..NumWf) */
            cat(buf, n, " --wfs %u", (unsigned)r->ep.wfs);
        cat(buf, n, " --seed %llu", (unsigned long long)r->ep.seed);
        if (diverged || r->cycles)
            cat(buf, n, " --cycles %llu",
                (unsigned long long)(diverged ? div->div_cycle + 1 : r->cycles));
        break;
    default:
        cat(buf, n, " --seed %llu", (unsigned long long)r->lo.seed);
        if (diverged)
            cat(buf, n, " --run %llu", (unsigned long long)(r->lo.first_run + div->div_run));
        else
            cat(buf, n, " --runs %u", (unsigned)r->lo.runs);
        break;
    }
}

/* ---- the re-run ----------------------------------------------------------------------------- */

/* A backend factory handing out one traced backend; its destroy is the caller's. */
typedef struct {
    tc_rtl_cfg_t rc;
    tc_backend_t real;
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
static int rerun(const tc_wave_run_t* r, const tc_rtl_result_t* div, gpucoh_mwave_t* w,
                 uint64_t from, uint64_t to, tc_rtl_result_t* res, char* err, size_t n) {
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
    if (r->kind == TC_WAVE_COSIM) {
        if (f_make(&f, &r->cfg, &(gsys_backend_t){0}, err, n) == 0) {
            traffic_cfg_t rcfg =
                traffic_cfg_default(&r->cfg, r->cfg.seed, r->ops ? r->ops : ~0ull >> 1);
            rcfg.steer = !r->steer_off;
            rcfg.roll_cycle = traffic_roll_cycle(&r->cfg);
            traffic_t* rnd = traffic_new(&r->cfg, &rcfg, err, n);
            if (rnd) {
                tc_workload_t wl;
                traffic_workload(rnd, &wl);
                tc_sys_t* s = tc_sys_new(&r->cfg, &f.real, &wl, err, n);
                if (s) {
                    tc_sys_run(s, to + 1, sink);
                    tc_sys_free(s);
                    rc = 0;
                }
                traffic_free(rnd);
            }
        }
    } else if (r->kind == TC_WAVE_EPISODE) {
        chk_result_t chk;
        rc = ep_run(&r->cfg, &r->ep, f_make, &f, to + 1, false, sink, &chk, err, n) < 0 ? -1 : 0;
    } else {
        litmus_opts_t lo = r->lo;
        lo.first_run = r->lo.first_run + div->div_run;
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
        *res = *tc_backend_rtl_result(&f.real);
        f.real.destroy(f.real.ctx); /* writes the merged trace */
    }
    show_stdout(saved);
    if (sink)
        fclose(sink);
    return f.made ? rc : -1;
}

/* ---- the GTKWave view ----------------------------------------------------------------------- */

typedef struct {
    gpucoh_gtkw_t* g;
    char scope[32];
    const char* mod; /* "tc_l1", "tc_l2", "tc_timer" */
    char red[128];   /* the diverging signal (path below scope.mod), "" if none */
} view_t;

/* one trace scope.mod.name; red when it is the diverging signal */
static void tr(view_t* v, const char* name, const char* filter) {
    char p[256];
    snprintf(p, sizeof p, "%s.%s.%s", v->scope, v->mod, name);
    gpucoh_gtkw_trace(v->g, p, filter, GPUCOH_GTKW_HEX, strcmp(name, v->red) ? 0 : 1);
}

static void tri(view_t* v, const char* name, unsigned i, const char* filter) {
    char b[96];
    snprintf(b, sizeof b, "%s[%u]", name, i);
    tr(v, b, filter);
}

enum { K_L1, K_L2, K_TIMER };

/* The RTL signal of a field path (below the unit): the register the shim reads it from. *line:
 * the line index it names (-1 none). */
static void field_signal(int kind, const tc_desc_t* d, const char* f, char* sig, size_t n,
                         int* line) {
    unsigned s, w, k;
    char x[64];
    sig[0] = 0;
    *line = -1;
    const uint32_t ways = kind == K_L1 ? d->l1_ways : d->l2_ways;
    if (sscanf(f, "set[%u].way[%u].%63s", &s, &w, x) == 3) {
        *line = (int)(s * ways + w);
        snprintf(sig, n, "%s_q[%d]", x, *line);
    } else if (sscanf(f, "set[%u].%63s", &s, x) == 2 && !strcmp(x, "rr")) {
        snprintf(sig, n, "rr_q");
    } else if (kind == K_L2 && sscanf(f, "mshr[%u].%63s", &k, x) == 2) {
        static const char* const mf[][2] = {
            {"v", "mv_q"},   {"kind", "mkind_q"}, {"line", "mline_q"}, {"way", "mway_q"},
            {"ts", "mts_q"}, {"sm", "msm_q"},     {"op", "mop_q"},     {"src", "msrc_q"},
            {"wf", "mwf_q"}, {"aop", "maop_q"},   {"word", "mword_q"}, {"a", "ma_q"},
            {"b", "mb_q"},   {"data", "mdata_q"}, {"mask", "mmask_q"}};
        for (unsigned i = 0; i < sizeof mf / sizeof mf[0]; i++)
            if (!strcmp(x, mf[i][0])) {
                if (i == 0)
                    snprintf(sig, n, "mv_q");
                else
                    snprintf(sig, n, "%s[%u]", mf[i][1], k);
            }
    } else if (!strcmp(f, "fcnt")) {
        snprintf(sig, n, "u_fifo.cnt_q");
    } else if (!strcmp(f, "life")) {
        snprintf(sig, n, "life_q");
    } else if (sscanf(f, "gwct.cnt[%u]", &k) == 1) {
        snprintf(sig, n, "u_gwct.cnt_q[%u]", k);
    } else if (sscanf(f, "gwct[%u]", &k) == 1) {
        snprintf(sig, n, "u_gwct.gwct_q[%u]", k);
    } else {
        /* an output port, perhaps with a bit range: "crsp_data_o[63:32]" */
        snprintf(sig, n, "%.*s", (int)strcspn(f, "["), f);
    }
}

/* The ports of a unit: the control and address fields (data = false), or the payload ones
 * (data = true: byte masks, data, atomic operands). */
/* The signals of a unit's views, with the translate filter of each enum field. */
typedef struct {
    const char* sig;
    const char* filter;
} sigdef_t;

#define NSIG(t) (sizeof(t) / sizeof((t)[0]))

static const sigdef_t L1_PORTS[] = {
    {"clk_i", NULL},
    {"rst_ni", NULL},
    {"now_i", NULL},
    {"era_i", NULL},
    {"roll_i", NULL},
    {"core_valid_i", NULL},
    {"core_op_i", "tc_op.txt"},
    {"core_wf_i", NULL},
    {"core_line_i", NULL},
    {"core_ready_o", NULL},
    {"rsp_valid_i", NULL},
    {"rsp_kind_i", "tc_rsp_kind.txt"},
    {"rsp_wf_i", NULL},
    {"rsp_line_i", NULL},
    {"rsp_ts_i", NULL},
    {"rsp_era_i", NULL},
    {"crsp_valid_o", NULL},
    {"crsp_kind_o", "tc_crsp_kind.txt"},
    {"crsp_wf_mask_o", NULL},
    {"crsp_line_o", NULL},
    {"req_valid_o", NULL},
    {"req_kind_o", "tc_req_kind.txt"},
    {"req_wf_o", NULL},
    {"req_line_o", NULL},
    {"req_exp_o", NULL},
    {"req_ts_o", NULL},
    {"req_era_o", NULL},
    {"fence_ready_o", NULL},
    {"wr_idle_o", NULL},
};

static const sigdef_t L1_DATA[] = {
    {"core_mask_i", NULL},  {"core_data_i", NULL}, {"core_aop_i", "tc_aop.txt"},
    {"core_word_i", NULL},  {"core_a_i", NULL},    {"core_b_i", NULL},
    {"rsp_atomic_i", NULL}, {"rsp_data_i", NULL},  {"crsp_data_o", NULL},
    {"req_mask_o", NULL},   {"req_data_o", NULL},  {"req_aop_o", "tc_aop.txt"},
    {"req_word_o", NULL},   {"req_a_o", NULL},     {"req_b_o", NULL},
};

static const sigdef_t L2_PORTS[] = {
    {"clk_i", NULL},
    {"rst_ni", NULL},
    {"now_i", NULL},
    {"era_i", NULL},
    {"roll_i", NULL},
    {"req_valid_i", NULL},
    {"req_kind_i", "tc_req_kind.txt"},
    {"req_src_i", NULL},
    {"req_wf_i", NULL},
    {"req_line_i", NULL},
    {"req_exp_i", NULL},
    {"req_ts_i", NULL},
    {"req_era_i", NULL},
    {"req_ready_o", NULL},
    {"rsp_valid_o", NULL},
    {"rsp_kind_o", "tc_rsp_kind.txt"},
    {"rsp_dst_o", NULL},
    {"rsp_wf_o", NULL},
    {"rsp_line_o", NULL},
    {"rsp_ts_o", NULL},
    {"rsp_era_o", NULL},
    {"mem_valid_i", NULL},
    {"mem_line_i", NULL},
    {"mreq_fetch_o", NULL},
    {"mreq_fetch_line_o", NULL},
    {"mreq_wb_o", NULL},
    {"mreq_wb_line_o", NULL},
};

static const sigdef_t L2_DATA[] = {
    {"req_mask_i", NULL},     {"req_data_i", NULL}, {"req_aop_i", "tc_aop.txt"},
    {"req_word_i", NULL},     {"req_a_i", NULL},    {"req_b_i", NULL},
    {"rsp_atomic_o", NULL},   {"rsp_data_o", NULL}, {"mem_data_i", NULL},
    {"mreq_wb_data_o", NULL},
};

static const sigdef_t TIMER_PORTS[] = {
    {"clk_i", NULL}, {"rst_ni", NULL}, {"load_i", NULL}, {"load_val_i", NULL},
    {"now_o", NULL}, {"era_o", NULL},  {"roll_o", NULL},
};

static const sigdef_t L1_LINE[] = {{"lts_q", NULL}, {"mts_q", NULL},  {"rd_q", NULL},
                                   {"waw_q", NULL}, {"wcnt_q", NULL}, {"orig_q", NULL},
                                   {"late_q", NULL}};
static const sigdef_t L2_LINE[] = {{"gts_q", NULL}, {"dirty_q", NULL}};
static const sigdef_t L2_MSHR[] = {
    {"mkind_q", "tc_mshr_kind.txt"}, {"mline_q", NULL}, {"mts_q", NULL}, {"msm_q", NULL},
    {"mop_q", "tc_req_kind.txt"},    {"mway_q", NULL}};

/* every signal of table t; with i >= 0, element i of each (name[i]) */
static void trs(view_t* v, const sigdef_t* t, size_t n, long i) {
    for (size_t k = 0; k < n; k++) {
        if (i >= 0)
            tri(v, t[k].sig, (unsigned)i, t[k].filter);
        else
            tr(v, t[k].sig, t[k].filter);
    }
}

/* the lines listed: all of them up to 16, else the diverging line's set (else the first 16) */
static void line_range(uint32_t lines, uint32_t ways, int line, uint32_t* lo, uint32_t* hi) {
    if (lines <= 16) {
        *lo = 0;
        *hi = lines;
    } else if (line >= 0) {
        *lo = (uint32_t)line / ways * ways;
        *hi = *lo + ways;
    } else {
        *lo = 0;
        *hi = 16;
    }
}

static void unit_view(view_t* v, int kind, const tc_desc_t* d, int line) {
    gpucoh_gtkw_t* g = v->g;
    char t[256];
    if (kind == K_TIMER) {
        snprintf(t, sizeof t, "%s ports, state", v->scope);
        gpucoh_gtkw_group(g, t, false);
        trs(v, TIMER_PORTS, NSIG(TIMER_PORTS), -1);
        tr(v, "now_q", NULL);
        tr(v, "era_q", NULL);
        gpucoh_gtkw_group_end(g);
        return;
    }
    const bool l1 = kind == K_L1;
    const uint32_t ways = l1 ? d->l1_ways : d->l2_ways;
    const uint32_t lines = l1 ? d->l1_sets * d->l1_ways : d->l2_sets * d->l2_ways;
    const char* stf = l1 ? "tc_l1_st.txt" : "tc_l2_st.txt";
    /* 1. the diverging line: every field, and the bits that say how the shim reads them */
    if (line >= 0 && (uint32_t)line < lines) {
        snprintf(t, sizeof t, "%s line %d: set %u way %u", v->scope, line, (unsigned)line / ways,
                 (unsigned)line % ways);
        gpucoh_gtkw_group(g, t, false);
        tri(v, "st_q", (unsigned)line, stf);
        tri(v, "tag_q", (unsigned)line, NULL);
        if (l1)
            trs(v, L1_LINE, NSIG(L1_LINE), line);
        else
            trs(v, L2_LINE, NSIG(L2_LINE), line);
        tri(v, "data_q", (unsigned)line, NULL);
        tr(v, "mlive_q", NULL);
        tr(v, l1 ? "rolled_q" : "groll_q", NULL);
        tr(v, "dlive_q", NULL);
        gpucoh_gtkw_group_end(g);
    }
    /* 2. the ports (payloads in a closed group) */
    snprintf(t, sizeof t, "%s ports", v->scope);
    gpucoh_gtkw_group(g, t, false);
    if (l1)
        trs(v, L1_PORTS, NSIG(L1_PORTS), -1);
    else
        trs(v, L2_PORTS, NSIG(L2_PORTS), -1);
    gpucoh_gtkw_group_end(g);
    /* 3. MSHRs / GWCT table and counters */
    if (l1) {
        snprintf(t, sizeof t, "%s FIFO, rr, GWCT", v->scope);
        gpucoh_gtkw_group(g, t, false);
        tr(v, "u_fifo.cnt_q", NULL);
        tr(v, "rr_q", NULL);
        tr(v, "u_gwct.gval_q", NULL);
        tr(v, "u_gwct.cval_q", NULL);
        for (uint32_t w = 0; w < d->num_wf && w < 16; w++) {
            tri(v, "u_gwct.gwct_q", w, NULL);
            tri(v, "u_gwct.cnt_q", w, NULL);
        }
    } else {
        snprintf(t, sizeof t, "%s MSHRs, FIFO, life", v->scope);
        gpucoh_gtkw_group(g, t, false);
        tr(v, "mv_q", NULL);
        for (uint32_t k = 0; k < d->l2_mshrs && k < 16; k++)
            trs(v, L2_MSHR, NSIG(L2_MSHR), k);
        tr(v, "mlv_q", NULL);
        tr(v, "mroll_q", NULL);
        tr(v, "u_fifo.cnt_q", NULL);
        tr(v, "life_q", NULL);
    }
    gpucoh_gtkw_group_end(g);
    /* 4. the lines: state, timestamp, tag */
    uint32_t lo, hi;
    line_range(lines, ways, line, &lo, &hi);
    snprintf(t, sizeof t, "%s lines %u..%u", v->scope, (unsigned)lo, (unsigned)hi - 1);
    gpucoh_gtkw_group(g, t, false);
    for (uint32_t i = lo; i < hi; i++) {
        tri(v, "st_q", i, stf);
        tri(v, l1 ? "lts_q" : "gts_q", i, NULL);
        tri(v, "tag_q", i, NULL);
    }
    gpucoh_gtkw_group_end(g);
    snprintf(t, sizeof t, "%s data ports", v->scope);
    gpucoh_gtkw_group(g, t, true);
    if (l1)
        trs(v, L1_DATA, NSIG(L1_DATA), -1);
    else
        trs(v, L2_DATA, NSIG(L2_DATA), -1);
    gpucoh_gtkw_group_end(g);
}

int tc_wave_gtkw(const tc_desc_t* d, const tc_rtl_result_t* div, const gpucoh_mwave_t* w,
                 const char* gtkw_path, const char* title, unsigned* traces, unsigned* missing,
                 char* err, size_t errlen) {
    char scope[32];
    tc_wave_scope(div->unit, scope, sizeof scope);
    const int kind = !strncmp(scope, "sm", 2) ? K_L1 : !strncmp(scope, "bank", 4) ? K_L2 : K_TIMER;
    gpucoh_gtkw_t* g = gpucoh_gtkw_new(w, gtkw_path, (int64_t)(2 * div->div_cycle + 1));
    if (!g) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    char t[768];
    snprintf(t, sizeof t, "%s", title);
    gpucoh_gtkw_header_comment(g, t);
    snprintf(t, sizeof t,
             "first divergence (the marker, time %llu = rising edge of cycle %llu): %s",
             (unsigned long long)(2 * div->div_cycle + 1), (unsigned long long)div->div_cycle,
             div->first);
    gpucoh_gtkw_header_comment(g, t);
    snprintf(t, sizeof t, "one scope per Verilated unit:");
    for (unsigned i = 0; i < gpucoh_mwave_count(w); i++)
        cat(t, sizeof t, " %s", gpucoh_mwave_scope(w, i));
    gpucoh_gtkw_header_comment(g, t);
    gpucoh_gtkw_header_comment(g, "time: 2 units per cycle, inputs of cycle c at 2c, its rising "
                                  "edge at 2c+1 (docs/waves.md)");
    gpucoh_gtkw_treeopen(g, scope);
    char mod[64];
    snprintf(mod, sizeof mod, "%s.%s", scope,
             kind == K_L1   ? "tc_l1"
             : kind == K_L2 ? "tc_l2"
                            : "tc_timer");
    gpucoh_gtkw_treeopen(g, mod);
    view_t v = {.g = g, .mod = kind == K_L1 ? "tc_l1" : kind == K_L2 ? "tc_l2" : "tc_timer"};
    snprintf(v.scope, sizeof v.scope, "%s", scope);
    int line = -1;
    const char* fld = div->field + strlen(div->unit);
    if (*fld == '.')
        field_signal(kind, d, fld + 1, v.red, sizeof v.red, &line);
    if (div->expected[0] && strlen(div->expected) + strlen(div->got) < 24)
        snprintf(t, sizeof t, "cycle %llu: C %s RTL %s", (unsigned long long)div->div_cycle,
                 div->expected, div->got);
    else
        snprintf(t, sizeof t, "cycle %llu: %s", (unsigned long long)div->div_cycle, div->kind);
    gpucoh_gtkw_comment(g, t);
    if (v.red[0]) {
        const char* filt = NULL;
        if (!strncmp(v.red, "st_q[", 5))
            filt = kind == K_L1 ? "tc_l1_st.txt" : "tc_l2_st.txt";
        else if (!strncmp(v.red, "mkind_q[", 8))
            filt = "tc_mshr_kind.txt";
        tr(&v, v.red, filt); /* the diverging signal first, red */
    }
    unit_view(&v, kind, d, line);
    /* the other units: their handshakes, in closed groups */
    for (unsigned i = 0; i < gpucoh_mwave_count(w); i++) {
        const char* s = gpucoh_mwave_scope(w, i);
        if (!strcmp(s, scope))
            continue;
        view_t o = {.g = g,
                    .mod = !strncmp(s, "sm", 2)     ? "tc_l1"
                           : !strncmp(s, "bank", 4) ? "tc_l2"
                                                    : "tc_timer"};
        snprintf(o.scope, sizeof o.scope, "%s", s);
        snprintf(t, sizeof t, "%s ports", s);
        gpucoh_gtkw_group(g, t, true);
        if (!strncmp(s, "sm", 2))
            trs(&o, L1_PORTS, NSIG(L1_PORTS), -1);
        else if (!strncmp(s, "bank", 4))
            trs(&o, L2_PORTS, NSIG(L2_PORTS), -1);
        else
            trs(&o, TIMER_PORTS, NSIG(TIMER_PORTS), -1);
        gpucoh_gtkw_group_end(g);
    }
    *traces = gpucoh_gtkw_written(g);
    *missing = gpucoh_gtkw_missing(g);
    if (*missing) /* e.g. a netlist, whose registers have other names */
        fprintf(stderr,
                "gpucoh: note: %u signal(s) of the view are not in the dump (first: %s); the save "
                "file leaves them out\n",
                *missing, gpucoh_gtkw_first_missing(g));
    return gpucoh_gtkw_commit(g, err, errlen);
}

/* ---- --wave: a whole run ------------------------------------------------------------------- */

gpucoh_mwave_t* tc_wave_trace_new(const char* path) {
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

void tc_wave_trace_done(gpucoh_mwave_t* w, const char* path, FILE* out) {
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

static void json_run(FILE* f, const tc_wave_run_t* r) {
    const tc_sys_cfg_t* c = &r->cfg;
    char u[32];
    fprintf(f, "  \"protocol\": \"%s\",\n  \"impl\": \"%s\",\n", proto_name(TC_DC(c)),
            impl_name(r->rtl.impl));
    units_list(r->rtl.rtl, u, sizeof u);
    fprintf(f, "  \"rtl\": \"%s\",\n", u);
    units_list(r->rtl.netlist, u, sizeof u);
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
        tc_desc_print(TC_DC(c), m);
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
            "  \"full_every\": %u,\n  \"seed\": %llu,\n",
            (unsigned)c->req_delay_min, (unsigned)c->req_delay_max, (unsigned)c->rsp_delay_min,
            (unsigned)c->rsp_delay_max, (unsigned)c->mem_lat_min, (unsigned)c->mem_lat_max,
            (unsigned)c->start, (unsigned)c->core_illegal_per_mille,
            (unsigned)c->bank_illegal_per_mille, (unsigned)r->rtl.full_every,
            (unsigned long long)(r->kind == TC_WAVE_LITMUS ? r->lo.seed : c->seed));
    if (r->kind == TC_WAVE_COSIM)
        fprintf(f, "  \"steer\": %s,\n  \"ops\": %llu,\n", r->steer_off ? "false" : "true",
                (unsigned long long)r->ops);
    else if (r->kind == TC_WAVE_EPISODE)
        fprintf(f, "  \"episodes\": %u,\n  \"locations\": %u,\n  \"wfs\": %u,\n",
                (unsigned)r->ep.episodes, (unsigned)r->ep.locations, (unsigned)r->ep.wfs);
    else {
        abs_path(r->lit_file ? r->lit_file : "?", p, sizeof p);
        fprintf(f, "  \"litmus\": ");
        gpucoh_json_str(f, p);
        fprintf(f, ",\n  \"test\": ");
        gpucoh_json_str(f, r->lit ? litmus_name(r->lit) : "");
        fprintf(f, ",\n");
    }
}

static const char* tool_name(const tc_wave_run_t* r) {
    return r->kind == TC_WAVE_COSIM     ? "gpucoh cosim system"
           : r->kind == TC_WAVE_EPISODE ? "gpucoh episode"
                                        : "gpucoh litmus";
}

int tc_wave_divergence(const tc_wave_run_t* r, const tc_rtl_result_t* div, FILE* out,
                       tc_wave_files_t* files) {
    tc_wave_files_t local;
    memset(&local, 0, sizeof local);
    tc_wave_files_t* F = files ? files : &local;
    memset(F, 0, sizeof *F);
    char dir[PATH_MAX], base[256], err[1024] = "";
    out_dir(r, dir, sizeof dir);
    tc_wave_base(r, div, base, sizeof base);
    tc_wave_replay(r, div, F->replay, sizeof F->replay);
    int rc = 0;
    if (gpucoh_mkdirs(dir) != 0) {
        fprintf(out, "  (no failure files: cannot create %s)\n  replay    %s\n", dir, F->replay);
        return -1;
    }
    const uint64_t win = r->window ? r->window : TC_WAVE_WINDOW;
    F->from = div->div_cycle > win ? div->div_cycle - win : 0;
    F->to = div->div_cycle + TC_WAVE_TAIL;
    char fst[PATH_MAX + 300], gtkw[PATH_MAX + 300], json[PATH_MAX + 300];
    snprintf(fst, sizeof fst, "%s/%s.fst", dir, base);
    snprintf(gtkw, sizeof gtkw, "%s/%s.gtkw", dir, base);
    snprintf(json, sizeof json, "%s/%s.json", dir, base);
    unsigned ntr = 0, nmiss = 0;
    gpucoh_mwave_t* w = gpucoh_mwave_new(fst, err, sizeof err);
    tc_rtl_result_t re;
    memset(&re, 0, sizeof re);
    if (w && rerun(r, div, w, F->from, F->to, &re, err, sizeof err) == 0) {
        F->same = (re.mismatches || re.rtl_errors) && re.div_cycle == div->div_cycle &&
                  !strcmp(re.field, div->field);
        if (!F->same)
            snprintf(err, sizeof err,
                     "the re-run did not diverge at the same cycle on the same field (%s), so "
                     "its trace is not this failure's",
                     re.first[0] ? re.first : "no divergence");
        else if (gpucoh_mwave_error(w)[0])
            snprintf(err, sizeof err, "%s", gpucoh_mwave_error(w));
        else if (!gpucoh_mwave_done(w))
            snprintf(err, sizeof err, "the trace was not written");
        else {
            snprintf(F->wave, sizeof F->wave, "%s", fst);
            char title[512];
            snprintf(title, sizeof title, "%s, %s", tool_name(r), base);
            if (tc_wave_gtkw(TC_DC(&r->cfg), div, w, gtkw, title, &ntr, &nmiss, err, sizeof err) ==
                0)
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
        fprintf(f, "  \"first_divergence\": {\n    \"cycle\": %llu,\n    \"run\": %llu,\n",
                (unsigned long long)div->div_cycle,
                (unsigned long long)(r->kind == TC_WAVE_LITMUS ? r->lo.first_run + div->div_run
                                                               : div->div_run));
        char scope[32];
        tc_wave_scope(div->unit, scope, sizeof scope);
        gpucoh_json_kv(f, "    ", "kind", div->kind);
        gpucoh_json_kv(f, ",\n    ", "unit", div->unit);
        gpucoh_json_kv(f, ",\n    ", "scope", scope);
        gpucoh_json_kv(f, ",\n    ", "field", div->field);
        gpucoh_json_kv(f, ",\n    ", "expected", div->expected);
        gpucoh_json_kv(f, ",\n    ", "got", div->got);
        gpucoh_json_kv(f, ",\n    ", "message", div->first);
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
                    (unsigned long long)(2 * div->div_cycle + 1), ntr, nmiss);
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
