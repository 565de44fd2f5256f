/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_units.c -- catalogue entries of the TC units and the standalone lockstep adapters of
 * tc_timer and tc_gwct (random stimulus: issues, acks with and without GWCT, GWCTs from the
 * previous era, rollovers every 2^TsWidth cycles, counter saturation). Spec: docs/units/tc_*.md.
 */
#include "gpucoh_bits.h"
#include "tc_units.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gsys_params.h"
#include "rng.h"
#include "energy_filter.h"
#include "tb_common.h"
#include "tc_gwct.h"
#include "tc_gwct_ports.h"
#include "tc_l1_ports.h"
#include "tc_l2_ports.h"
#include "tc_l1.h"
#include "tc_l2.h"
#include "tc_timer.h"
#include "tc_timer_ports.h"
#include "tb_ports.h"

/* ---- parameters ----------------------------------------------------------------------------- */

static const char* const proto_names[] = {"tc-strong", "tc-weak", "tc-weak-c", NULL};
static const char* const lease_names[] = {"fixed", "predict", NULL};

#define TCP(n, r, k, e, h, f) GSYS_PDEF(tc_desc_t, n, r, k, e, h, f)
enum {
    TP_PROTO,
    TP_SM,
    TP_WF,
    TP_BANKS,
    TP_LINE,
    TP_AW,
    TP_L1S,
    TP_L1W,
    TP_L2S,
    TP_L2W,
    TP_MSHR,
    TP_TS,
    TP_L1Q,
    TP_L2Q,
    TP_WFC,
    TP_LC,
    TP_LMODE,
    TP_LEASE,
    TP_PINIT,
    TP_PMIN,
    TP_PMAX,
    TP_THIT,
    TP_TEVICT,
    TP_TWRITE,
    TP_USETW,
    TP_OBL,
    TP_N
};
static const gsys_pdef_t tc_p[TP_N] = {
    [TP_PROTO] = TCP("protocol", "Protocol", GPUCOH_P_ENUM, proto_names,
                     "tc-strong | tc-weak | tc-weak-c (default tc-weak)", protocol),
    [TP_SM] = TCP("sm", "NumSm", GPUCOH_P_UINT, NULL, "SMs: 1..64 (default 16)", num_sm),
    [TP_WF] =
        TCP("wf", "NumWf", GPUCOH_P_UINT, NULL, "wavefronts per SM: 1..64 (default 48)", num_wf),
    [TP_BANKS] = TCP("banks", "NumBanks", GPUCOH_P_UINT, NULL, "L2 banks: 1,2,4,8,16 (default 8)",
                     num_banks),
    [TP_LINE] = TCP("line", "LineBytes", GPUCOH_P_UINT, NULL,
                    "line bytes: 16, 32, 64, 128 (default 128)", line_bytes),
    [TP_AW] = TCP("addr_width", "AddrWidth", GPUCOH_P_UINT, NULL,
                  "byte-address bits: 16..48 (default 32)", addr_width),
    [TP_L1S] = TCP("l1_sets", "L1Sets", GPUCOH_P_UINT, NULL,
                   "L1 sets: power of two 1..256 (default 64)", l1_sets),
    [TP_L1W] = TCP("l1_ways", "L1Ways", GPUCOH_P_UINT, NULL, "L1 ways: 1..8 (default 4)", l1_ways),
    [TP_L2S] = TCP("l2_sets", "L2Sets", GPUCOH_P_UINT, NULL,
                   "L2 sets per bank: power of two 1..1024 (default 128)", l2_sets),
    [TP_L2W] = TCP("l2_ways", "L2Ways", GPUCOH_P_UINT, NULL, "L2 ways: 1..16 (default 8)", l2_ways),
    [TP_MSHR] = TCP("l2_mshrs", "L2Mshrs", GPUCOH_P_UINT, NULL,
                    "L2 MSHRs per bank: 2..128 (default 128)", l2_mshrs),
    [TP_TS] = TCP("ts_width", "TsWidth", GPUCOH_P_UINT, NULL, "timestamp bits: 8..32 (default 32)",
                  ts_width),
    [TP_L1Q] = TCP("l1_queue", "L1Queue", GPUCOH_P_UINT, NULL,
                   "core request FIFO depth: 1..8 (default 4)", l1_queue),
    [TP_L2Q] = TCP("l2_queue", "L2Queue", GPUCOH_P_UINT, NULL,
                   "L2 request FIFO depth: 1..8 (default 4)", l2_queue),
    [TP_WFC] = TCP("wf_cnt_width", "WfCntWidth", GPUCOH_P_UINT, NULL,
                   "outstanding-write counter bits per wavefront: 2..8 (default 6)", wf_cnt_width),
    [TP_LC] = TCP("line_cnt_width", "LineCntWidth", GPUCOH_P_UINT, NULL,
                  "pending-write counter bits per L1 line: 2..8 (default 4)", line_cnt_width),
    [TP_LMODE] =
        TCP("lease_mode", "LeaseMode", GPUCOH_P_ENUM, lease_names,
            "fixed | predict (default: predict for tc-weak, fixed for tc-strong)", lease_mode),
    [TP_LEASE] = TCP("lease", "Lease", GPUCOH_P_UINT, NULL,
                     "fixed lifetime in cycles: 0..2^ts_width-2 (default 800)", lease),
    [TP_PINIT] = TCP("pred_init", "PredInit", GPUCOH_P_UINT, NULL,
                     "predictor reset value (default 800)", pred_init),
    [TP_PMIN] =
        TCP("pred_min", "PredMin", GPUCOH_P_UINT, NULL, "predictor floor (default 0)", pred_min),
    [TP_PMAX] = TCP("pred_max", "PredMax", GPUCOH_P_UINT, NULL,
                    "predictor ceiling: <= 2^ts_width-2 (default 65535)", pred_max),
    [TP_THIT] =
        TCP("t_hit", "THit", GPUCOH_P_UINT, NULL, "predictor +step: 0..255 (default 4)", t_hit),
    [TP_TEVICT] = TCP("t_evict", "TEvict", GPUCOH_P_UINT, NULL,
                      "predictor -step on an unexpired eviction: 0..255 (default 8)", t_evict),
    [TP_TWRITE] =
        TCP("t_write", "TWrite", GPUCOH_P_UINT, NULL,
            "predictor -step on a write to an unexpired line: 0..255 (default 8)", t_write),
    [TP_USETW] = TCP("use_t_write", "UseTWrite", GPUCOH_P_UINT, NULL,
                     "t_write mechanism on: 0/1 (default 1)", use_t_write),
    [TP_OBL] =
        TCP("obl", "OblPort", GPUCOH_P_UINT, NULL,
            "tc_gwct's obligation port: 0 (TC-Weak's table) or 1 (default 1)", gwct_obl_port),
};

static const gsys_ptab_t tc_ptab = {"the TC system", tc_p, TP_N};

static const uint8_t timer_sel[] = {TP_TS};
static const uint8_t gwct_sel[] = {TP_WF, TP_TS, TP_WFC, TP_OBL};
static const uint8_t l1_sel[] = {TP_PROTO, TP_WF, TP_LINE, TP_AW,  TP_L1S,
                                 TP_L1W,   TP_TS, TP_L1Q,  TP_WFC, TP_LC};
static const uint8_t l2_sel[] = {
    TP_PROTO, TP_SM,    TP_BANKS, TP_LINE, TP_AW,   TP_L2S,  TP_L2W,    TP_MSHR,   TP_TS,   TP_L2Q,
    TP_LMODE, TP_LEASE, TP_PINIT, TP_PMIN, TP_PMAX, TP_THIT, TP_TEVICT, TP_TWRITE, TP_USETW};
#define NSEL(a) (sizeof(a) / sizeof(a[0]))

static gpucoh_param_def_t timer_params[NSEL(timer_sel)], gwct_params[NSEL(gwct_sel)],
    l1_params[NSEL(l1_sel)], l2_params[NSEL(l2_sel)];

static const uint8_t* unit_sel(const gpucoh_unit_t* u, unsigned* n) {
    if (u == &unit_tc_timer)
        return *n = NSEL(timer_sel), timer_sel;
    if (u == &unit_tc_gwct)
        return *n = NSEL(gwct_sel), gwct_sel;
    if (u == &unit_tc_l1)
        return *n = NSEL(l1_sel), l1_sel;
    return *n = NSEL(l2_sel), l2_sel;
}

void tc_pvals_from_desc(const gpucoh_unit_t* u, const tc_desc_t* d, gpucoh_pvals_t* pv) {
    unsigned n;
    const uint8_t* sel = unit_sel(u, &n);
    gsys_ptab_pvals(&tc_ptab, sel, n, d, pv);
}

/* The check of unit u's own descriptor. */
static int unit_check(const gpucoh_unit_t* u, const tc_desc_t* d, char* err, size_t errlen) {
    if (u == &unit_tc_timer) {
        const tc_timer_desc_t x = tc_timer_desc_from(d);
        return tc_timer_check_desc(&x, err, errlen);
    }
    if (u == &unit_tc_gwct) {
        const tc_gwct_desc_t x = tc_gwct_desc_from(d);
        return tc_gwct_check_desc(&x, err, errlen);
    }
    if (u == &unit_tc_l1) {
        const tc_l1_desc_t x = tc_l1_desc_from(d);
        return tc_l1_check_desc(&x, err, errlen);
    }
    const tc_l2_desc_t x = tc_l2_desc_from(d);
    return tc_l2_check_desc(&x, err, errlen);
}

int tc_desc_from_pvals(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, tc_desc_t* d, char* err,
                       size_t errlen) {
    unsigned n;
    const uint8_t* sel = unit_sel(u, &n);
    tc_protocol_t proto = TC_WEAK;
    for (unsigned i = 0; i < n; i++)
        if (sel[i] == TP_PROTO && pv->set[i])
            proto = (tc_protocol_t)pv->v[i];
    *d = tc_desc_default(proto);
    if (gsys_ptab_put_pvals(&tc_ptab, sel, n, pv, d, err, errlen) != 0)
        return -1;
    /* defaults of parameters the unit does not have follow a narrow timestamp */
    bool given[TP_N] = {false};
    for (unsigned i = 0; i < n; i++)
        given[sel[i]] = pv->set[i];
    const uint32_t top = tc_ts_max(d) - 1u; /* 2^TsWidth - 2 */
    if (!given[TP_PMAX] && d->pred_max > top)
        d->pred_max = top;
    if (!given[TP_LEASE] && d->lease > top / 4u)
        d->lease = top / 4u;
    if (!given[TP_PINIT] && d->pred_init > d->pred_max / 4u)
        d->pred_init = d->pred_max / 4u;
    if (!given[TP_PMIN] && d->pred_min > d->pred_init)
        d->pred_min = d->pred_init;
    /* the unit's own parameters only (the message names the unit and, like --param, the
     * parameter) */
    if (unit_check(u, d, err, errlen) != 0) {
        tc_msg_cli_names(err, errlen);
        return -1;
    }
    return 0;
}

static int tc_resolve(const gpucoh_unit_t* u, gpucoh_pvals_t* pv, char* err, size_t errlen) {
    tc_desc_t d;
    if (tc_desc_from_pvals(u, pv, &d, err, errlen) != 0)
        return -1;
    unsigned n;
    const uint8_t* sel = unit_sel(u, &n);
    gsys_ptab_resolved(&tc_ptab, sel, n, &d, pv); /* keeps pv->set: what the user gave */
    return 0;
}
static int timer_resolve(gpucoh_pvals_t* pv, char* err, size_t n) {
    return tc_resolve(&unit_tc_timer, pv, err, n);
}
static int gwct_resolve(gpucoh_pvals_t* pv, char* err, size_t n) {
    return tc_resolve(&unit_tc_gwct, pv, err, n);
}
static int l1_resolve(gpucoh_pvals_t* pv, char* err, size_t n) {
    return tc_resolve(&unit_tc_l1, pv, err, n);
}
static int l2_resolve(gpucoh_pvals_t* pv, char* err, size_t n) {
    return tc_resolve(&unit_tc_l2, pv, err, n);
}

static tc_desc_t pv_desc(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv) {
    tc_desc_t d;
    char err[256];
    if (tc_desc_from_pvals(u, pv, &d, err, sizeof err) != 0)
        d = tc_desc_default(TC_WEAK);
    return d;
}

/* Storage (section 3 of each unit page), in bits. */
static uint32_t timer_storage_bits(const gpucoh_pvals_t* pv) {
    return (uint32_t)pv->v[0] + 1u;
}
static uint32_t gwct_storage_bits(const gpucoh_pvals_t* pv) {
    tc_desc_t d = pv_desc(&unit_tc_gwct, pv);
    return d.num_wf * (d.ts_width + d.wf_cnt_width + 3u);
}
static uint32_t l1_storage_bits(const gpucoh_pvals_t* pv) {
    tc_desc_t d = pv_desc(&unit_tc_l1, pv);
    const uint32_t la = d.addr_width - gpucoh_log2_ceil(d.line_bytes);
    const uint32_t lines = d.l1_sets * d.l1_ways;
    const uint32_t per = (la - gpucoh_log2_ceil(d.l1_sets)) + 3u + d.ts_width + 8u * d.line_bytes +
                         2u + d.line_cnt_width + 2u * d.num_wf + d.ts_width;
    return lines * per + d.l1_sets * gpucoh_log2_ceil(d.l1_ways) +
           d.num_wf * (d.ts_width + d.wf_cnt_width + 3u);
}
static uint32_t l2_storage_bits(const gpucoh_pvals_t* pv) {
    tc_desc_t d = pv_desc(&unit_tc_l2, pv);
    const uint32_t la = d.addr_width - gpucoh_log2_ceil(d.line_bytes);
    const uint32_t lines = d.l2_sets * d.l2_ways;
    const uint32_t per =
        (la - gpucoh_log2_ceil(d.l2_sets)) + 3u + d.ts_width + 1u + 8u * d.line_bytes;
    const uint32_t mshr = 1u + 2u + la + 4u + d.ts_width + d.num_sm + 3u + 6u + 6u +
                          9u * d.line_bytes + 2u + 5u + 64u;
    return lines * per + d.l2_mshrs * mshr + d.ts_width;
}
/* data arrays in SRAM macros: one single-ported macro per unit */
static void l1_sram_shape(const gpucoh_pvals_t* pv, uint32_t* bits, uint32_t* banks,
                          uint32_t* ports) {
    tc_desc_t d = pv_desc(&unit_tc_l1, pv);
    *bits = d.l1_sets * d.l1_ways * 8u * d.line_bytes;
    *banks = 1;
    *ports = 1;
}
static void l2_sram_shape(const gpucoh_pvals_t* pv, uint32_t* bits, uint32_t* banks,
                          uint32_t* ports) {
    tc_desc_t d = pv_desc(&unit_tc_l2, pv);
    *bits = d.l2_sets * d.l2_ways * 8u * d.line_bytes;
    *banks = 1;
    *ports = 1;
}

static const char* const timer_files[] = {"tc/tc_timer.sv", NULL};
/* the packages first: the shared atomic codes (rtl/gpucoh_atom_pkg.sv, which gpucoh_amo names)
 * and the encodings of the TC family (rtl/tc/tc_pkg.sv); then the shared primitives
 * (docs/units/prim/primitives.md) each unit instantiates */
static const char* const gwct_files[] = {"tc/tc_gwct.sv", NULL};
static const char* const l1_files[] = {"tc/tc_pkg.sv",
                                       "prim/gpucoh_fifo.sv",
                                       "prim/gpucoh_bytemerge.sv",
                                       "prim/gpucoh_rr_ffs.sv",
                                       "tc/tc_gwct.sv",
                                       "tc/tc_l1.sv",
                                       NULL};
static const char* const l2_files[] = {
    "gpucoh_atom_pkg.sv",       "tc/tc_pkg.sv",       "prim/gpucoh_fifo.sv",
    "prim/gpucoh_bytemerge.sv", "prim/gpucoh_amo.sv", "prim/gpucoh_ffs.sv",
    "prim/gpucoh_ffs2.sv",      "tc/tc_l2.sv",        NULL};

/* tc_timer's waves: clk_i, the ports of its table (cmodel/tc/tc_timer_ports.h) */
#define TB_PORT_TOP "TOP.tc_timer."
TB_PORT_LISTS(timer, TC_TIMER_PORTS, unit_tc_timer)
#undef TB_PORT_TOP
#define TB_PORT_TOP "TOP.tc_gwct."
TB_PORT_LISTS(gwct, TC_GWCT_PORTS, unit_tc_gwct)
#undef TB_PORT_TOP
/* tc_l1 / tc_l2: clk_i and the handshakes of their port tables (all 1 bit) */
#define TB_PORT_TOP "TOP.tc_l1."
TB_PORT_LISTS(l1, TC_L1_PORTS, unit_tc_l1)
#undef TB_PORT_TOP
#define TB_PORT_TOP "TOP.tc_l2."
TB_PORT_LISTS(l2, TC_L2_PORTS, unit_tc_l2)
#undef TB_PORT_TOP

/* ---- tc_timer adapter ----------------------------------------------------------------------- */

/* Steering draws from a stream of its own, so that the base traffic's draws stay in order. */
#define STEER_SALT 0x5354454552ull /* "STEER" */

typedef struct {
    tc_timer_t model; /* first member */
    gpucoh_rng_t rng, srng;
    uint32_t max;
    bool steer;
} timer_ctx_t;

static int timer_init(void* vctx, const gpucoh_pvals_t* pv, uint64_t seed, int stim, char* err,
                      size_t errlen) {
    timer_ctx_t* c = vctx;
    (void)stim;
    gpucoh_rng_seed(&c->rng, seed);
    gpucoh_rng_seed(&c->srng, seed ^ STEER_SALT);
    c->steer = true;
    const tc_timer_desc_t d = {.ts_width = (uint32_t)pv->v[0]};
    if (!tc_timer_init(&c->model, sizeof c->model, &d, err, errlen)) /* its size for every d */
        return -1;
    c->max = pv->v[0] >= 32 ? 0xffffffffu : (1u << pv->v[0]) - 1u;
    return 0;
}
/* Steering (docs/units/tc/tc_timer.md section 7): in the roll cycle a load (1 in 8) or a reset
 * (1 in 16); now and then a jump to just below the top-bit carry, or a reset with a load. */
static void timer_steer(timer_ctx_t* c, uint64_t cycle, tc_timer_in_t* in) {
    if (cycle < 2)
        return;
    gpucoh_rng_t* r = &c->srng;
    if (c->model.st.now == c->max) {
        const uint32_t x = gpucoh_rng_below(r, 16);
        if (x < 2) {
            in->load = true;
            in->load_val = x ? 0u : (uint32_t)gpucoh_rng_next(r) & c->max;
        } else if (x == 2) {
            in->rst_n = false;
        }
    } else if (gpucoh_rng_below(r, 2000) == 0) {
        in->load = true;
        in->load_val = (c->max >> 1) - gpucoh_rng_below(r, 8);
    } else if (gpucoh_rng_below(r, 4000) == 0) {
        in->rst_n = false;
        in->load = true;
        in->load_val = c->max - gpucoh_rng_below(r, 8);
    }
}
static void timer_next(void* vctx, uint64_t cycle, void* vin) {
    timer_ctx_t* c = vctx;
    tc_timer_in_t* in = vin;
    memset(in, 0, sizeof *in);
    in->rst_n = cycle >= 2 && gpucoh_rng_below(&c->rng, 100000) != 0;
    if (gpucoh_energy_idle())
        return; /* the energy filter's idle baseline (energy_filter.h): the timer only counts */
    if (gpucoh_rng_below(&c->rng, 500) == 0) {
        in->load = true;
        /* mostly just before the wrap; sometimes 0 (taken as 1) or anywhere */
        uint32_t r = gpucoh_rng_below(&c->rng, 10);
        in->load_val = r == 0  ? 0u
                       : r < 8 ? c->max - gpucoh_rng_below(&c->rng, 8)
                               : (uint32_t)gpucoh_rng_next(&c->rng) & c->max;
    }
    if (c->steer)
        timer_steer(c, cycle, in);
}
static int timer_stim_cfg(void* vctx, gpucoh_stim_cfg_t* cfg, char* err, size_t errlen) {
    timer_ctx_t* c = vctx;
    if (cfg->illegal_rate) {
        snprintf(err, errlen,
                 "tc_timer: --illegal-rate: the timer has no illegal inputs to present (a load "
                 "of 0, its one input outside the range, is in the stimulus already)");
        return -1;
    }
    c->steer = cfg->steer;
    cfg->illegal_rate = 0;
    return 0;
}
static uint32_t timer_frows(void* vctx) {
    (void)vctx;
    return TC_TIMER_F_N;
}
static void timer_frow(void* vctx, uint32_t row, const char** id, const char** name,
                       uint64_t* count, bool* reachable) {
    timer_ctx_t* c = vctx;
    *id = tb_fcov_id(row);
    *name = tc_timer_fcov_name((tc_timer_fcov_t)row);
    *count = c->model.fcov[row];
    *reachable = tc_timer_fcov_reachable(&c->model, (tc_timer_fcov_t)row);
}
static void timer_tick(void* vctx, const void* in, void* out) {
    timer_ctx_t* c = vctx;
    tc_timer_tick(&c->model, in, out);
}
static uint32_t timer_cmp_out(void* vctx, const void* ve, const void* vg, gpucoh_mismatch_t* mm) {
    (void)vctx;
    const tc_timer_out_t *e = ve, *g = vg;
    uint32_t n = 0, *bad = &n;
#define TB_PORT_PREFIX "tc_timer."
    TC_TIMER_PORTS(TB_PORT_CMP, TB_PORT_NO_P)
#undef TB_PORT_PREFIX
    if (n)
        mm->extra = n - 1;
    return n;
}
static uint32_t timer_cmp_state(void* vctx, const void* vg, gpucoh_mismatch_t* mm) {
    timer_ctx_t* c = vctx;
    const tc_timer_state_t* g = vg;
    uint32_t bad = 0;
    tb_cmp_u64(mm, &bad, c->model.st.now, g->now, "tc_timer.now_q");
    tb_cmp_u64(mm, &bad, c->model.st.era, g->era, "tc_timer.era_q");
    if (bad)
        mm->extra = bad - 1;
    return bad;
}
static void timer_json(void* vctx, const void* vin, char* buf, size_t n) {
    (void)vctx;
    const tc_timer_in_t* in = vin;
    snprintf(buf, n, "{\"rst_ni\": %d, \"load_i\": %d, \"load_val_i\": %u}", in->rst_n ? 1 : 0,
             in->load ? 1 : 0, (unsigned)in->load_val);
}
static void timer_cov(void* vctx, uint32_t* covered, uint32_t* reachable) {
    timer_ctx_t* c = vctx;
    *covered = 0;
    *reachable = TC_TIMER_T_N;
    for (unsigned r = 0; r < TC_TIMER_T_N; r++)
        *covered += c->model.cov[r] != 0;
}
static uint32_t timer_rows(void* vctx) {
    (void)vctx;
    return TC_TIMER_T_N;
}
static void timer_row(void* vctx, uint32_t row, const char** id, const char** name, uint64_t* count,
                      bool* reachable) {
    timer_ctx_t* c = vctx;
    *id = tb_row_id(row);
    *name = tc_timer_trans_name((tc_timer_trans_t)row);
    *count = c->model.cov[row];
    *reachable = true;
}
static const gpucoh_tb_ops_t timer_ops = {
    .ctx_size = sizeof(timer_ctx_t),
    .in_size = sizeof(tc_timer_in_t),
    .out_size = sizeof(tc_timer_out_t),
    .state_size = sizeof(tc_timer_state_t),
    .init = timer_init,
    .next_input = timer_next,
    .model_tick = timer_tick,
    .compare_out = timer_cmp_out,
    .compare_state = timer_cmp_state,
    .input_json = timer_json,
    .coverage = timer_cov,
    .coverage_rows = timer_rows,
    .coverage_row = timer_row,
    .fcov_rows = timer_frows,
    .fcov_row = timer_frow,
    .stim_cfg = timer_stim_cfg,
};

/* ---- tc_gwct adapter ------------------------------------------------------------------------ */

/* Steered phases (docs/units/tc/tc_gwct.md section 7), chosen at the start of each base phase:
 * MIRROR picks wavefronts from the top of the table (NumWf-1 down), FILL issues to every
 * wavefront in turn with no acks until every count is at its maximum. */
enum { SP_NONE, SP_MIRROR, SP_FILL };

typedef struct {
    tc_gwct_t* model;   /* in mem */
    tc_gwct_state_t st; /* the model's state in the shim's layout, after every tick */
    uint64_t mem[TC_GWCT_BYTES(TC_MAX_WF) / 8u]; /* the model's storage at any NumWf */
    tc_timer_t timer;
    gpucoh_rng_t rng, srng, irng; /* base traffic, steering, illegal inputs */
    uint32_t num_wf, max, cmax;
    uint32_t iss_pm, ack_pm; /* per mille, per phase */
    uint64_t phase_left;
    bool steer;
    uint32_t illegal_rate; /* per 100 000 cycles */
    uint64_t illegal_n;    /* illegal inputs presented */
    int sphase;
    uint32_t fill_wf;
} gwct_ctx_t;

static int gwct_init(void* vctx, const gpucoh_pvals_t* pv, uint64_t seed, int stim, char* err,
                     size_t errlen) {
    gwct_ctx_t* c = vctx;
    (void)stim;
    gpucoh_rng_seed(&c->rng, seed);
    gpucoh_rng_seed(&c->srng, seed ^ STEER_SALT);
    gpucoh_rng_seed(&c->irng, seed ^ (STEER_SALT << 8));
    c->steer = true;
    c->num_wf = (uint32_t)pv->v[0];
    const tc_gwct_desc_t gd = {.num_wf = c->num_wf,
                               .ts_width = (uint32_t)pv->v[1],
                               .wf_cnt_width = (uint32_t)pv->v[2],
                               .obl_port = (uint32_t)pv->v[3]};
    const tc_timer_desc_t td = {.ts_width = (uint32_t)pv->v[1]};
    c->model = tc_gwct_init(c->mem, sizeof c->mem, &gd, err, errlen);
    if (!c->model || !tc_timer_init(&c->timer, sizeof c->timer, &td, err, errlen))
        return -1;
    tc_gwct_state_get(c->model, &c->st);
    c->max = pv->v[1] >= 32 ? 0xffffffffu : (1u << pv->v[1]) - 1u;
    c->cmax = (1u << pv->v[2]) - 1u;
    return 0;
}
/* A wavefront of the base traffic (a few hot ones), mirrored to the top in MIRROR phases. */
static uint32_t gwct_pick(gwct_ctx_t* c) {
    const uint32_t n = c->num_wf;
    const uint32_t w = gpucoh_rng_below(&c->rng, 4) ? gpucoh_rng_below(&c->rng, n < 4 ? n : 4)
                                                    : gpucoh_rng_below(&c->rng, n);
    return c->sphase == SP_MIRROR ? n - 1u - w : w;
}
/* The first wavefront from a random start whose count satisfies want (0: idle, 1: busy,
 * 2: full); num_wf if none. */
static uint32_t gwct_find(gwct_ctx_t* c, gpucoh_rng_t* r, int want) {
    const uint32_t n = c->num_wf, s0 = gpucoh_rng_below(r, n);
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t w = (s0 + i) % n, cnt = c->model->cnt[w];
        if ((want == 0 && cnt == 0) || (want == 1 && cnt > 0) || (want == 2 && cnt == c->cmax))
            return w;
    }
    return n;
}
/* The base traffic's issue and ack of this cycle. */
static void gwct_base(gwct_ctx_t* c, const tc_timer_out_t* t, tc_gwct_in_t* in) {
    if (gpucoh_rng_below(&c->rng, 1000) < c->iss_pm) {
        const uint32_t w = gwct_pick(c);
        if (!((c->model->out.full >> w) & 1u)) {
            in->iss_valid = true;
            in->iss_wf = w;
        }
    }
    if (gpucoh_rng_below(&c->rng, 1000) < c->ack_pm) {
        const uint32_t w = gwct_pick(c);
        if (c->model->cnt[w] > 0) {
            in->ack_valid = true;
            in->ack_wf = w;
            in->ack_global = gpucoh_rng_below(&c->rng, 4) != 0;
            if (in->ack_global) {
                uint32_t r = gpucoh_rng_below(&c->rng, 8);
                uint64_t g = (uint64_t)t->now + gpucoh_rng_below(&c->rng, 200);
                in->ack_gwct = r == 0 ? gpucoh_rng_below(&c->rng, t->now + 1u)
                                      : (uint32_t)(g > c->max ? c->max : g);
                in->ack_era = r == 1 ? t->era ^ 1u : t->era;
            }
        }
    }
}
/* TC-Weak-C obligations (tc_gwct.md section 8), steered stimulus only: 1 cycle in 8 (and every
 * other roll cycle) raises one entry, every entry or a random mask (bits >= NumWf too, G6) to
 * 0, the maximum, or up to 200 cycles ahead. */
static void gwct_obligation(gwct_ctx_t* c, const tc_timer_out_t* t, tc_gwct_in_t* in) {
    gpucoh_rng_t* r = &c->srng;
    if (gpucoh_rng_below(r, t->roll ? 2 : 8) != 0)
        return;
    const uint64_t all = c->num_wf >= 64 ? ~0ull : (1ull << c->num_wf) - 1u;
    const uint32_t k = gpucoh_rng_below(r, 4), v = gpucoh_rng_below(r, 8);
    in->obl_valid = true;
    in->obl_mask = k == 0   ? all
                   : k == 1 ? 1ull << gpucoh_rng_below(r, c->num_wf)
                            : gpucoh_rng_next(r);
    const uint64_t g = (uint64_t)t->now + gpucoh_rng_below(r, 200);
    in->obl_ts = v == 0 ? 0u : v == 1 ? c->max : (uint32_t)(g > c->max ? c->max : g);
}
/* Steering of one cycle: FILL issues, a GWCT acked in the roll cycle, and time jumps (a load
 * of the timer) to just before the wrap or the top-bit carry. Returns the timer input. */
static tc_timer_in_t gwct_steer(gwct_ctx_t* c, const tc_timer_out_t* t, tc_gwct_in_t* in) {
    gpucoh_rng_t* r = &c->srng;
    tc_timer_in_t ti = {.rst_n = in->rst_n};
    if (c->sphase == SP_FILL) {
        in->ack_valid = in->ack_global = false;
        in->ack_wf = in->ack_gwct = in->ack_era = 0;
        in->iss_valid = false;
        in->iss_wf = 0;
        for (uint32_t i = 0; i < c->num_wf && !in->iss_valid; i++) {
            const uint32_t w = c->fill_wf;
            c->fill_wf = (c->fill_wf + 1u) % c->num_wf;
            in->iss_valid = c->model->cnt[w] != c->cmax;
            in->iss_wf = in->iss_valid ? w : 0u;
        }
    }
    gwct_obligation(c, t, in);
    if (t->roll && gpucoh_rng_below(r, 2) == 0) {
        const uint32_t w = gwct_find(c, r, 1);
        if (w < c->num_wf) {
            in->ack_valid = in->ack_global = true;
            in->ack_wf = w;
            in->ack_gwct = c->max - gpucoh_rng_below(r, 4);
            in->ack_era = t->era;
        }
    }
    const uint32_t x = gpucoh_rng_below(r, 8000);
    const uint32_t to = x < 2   ? c->max - gpucoh_rng_below(r, 64)
                        : x < 3 ? (c->max >> 1) - gpucoh_rng_below(r, 64)
                                : 0u;
    if (to > t->now) {
        ti.load = true;
        ti.load_val = to;
    }
    return ti;
}
/* An illegal input (G2) in place of this cycle's issue or ack. */
static void gwct_illegal(gwct_ctx_t* c, const tc_timer_out_t* t, tc_gwct_in_t* in) {
    gpucoh_rng_t* r = &c->irng;
    uint32_t kind = gpucoh_rng_below(r, c->num_wf < TC_MAX_WF ? 3 : 2);
    const uint32_t full = gwct_find(c, r, 2), idle = gwct_find(c, r, 0);
    if (kind == 1 && full == c->num_wf)
        kind = 0; /* nothing at the maximum: an idle ack instead */
    if (kind == 1 || (kind == 2 && gpucoh_rng_below(r, 2))) {
        in->iss_valid = true;
        in->iss_wf = kind == 1 ? full : c->num_wf + gpucoh_rng_below(r, TC_MAX_WF - c->num_wf);
        c->illegal_n += in->rst_n;
        return;
    }
    if (kind == 0 && idle == c->num_wf)
        return; /* every wavefront busy */
    in->ack_valid = in->ack_global = true;
    in->ack_wf = kind == 0 ? idle : c->num_wf + gpucoh_rng_below(r, TC_MAX_WF - c->num_wf);
    in->ack_gwct = c->max; /* a GWCT the entry must not take */
    in->ack_era = t->era;
    c->illegal_n += in->rst_n;
}
static uint64_t gwct_illegal_inputs(void* vctx) {
    return ((const gwct_ctx_t*)vctx)->illegal_n;
}
static void gwct_next(void* vctx, uint64_t cycle, void* vin) {
    gwct_ctx_t* c = vctx;
    tc_gwct_in_t* in = vin;
    memset(in, 0, sizeof *in);
    tc_timer_out_t t;
    tc_timer_outputs(&c->timer, &t);
    in->t.now = t.now;
    in->t.era = t.era;
    in->t.roll = t.roll;
    in->rst_n = cycle >= 2 && gpucoh_rng_below(&c->rng, 200000) != 0;
    if (gpucoh_energy_idle()) { /* the energy filter's idle baseline: the time runs, no write */
        tc_timer_in_t ti = {.rst_n = in->rst_n};
        tc_timer_out_t to;
        tc_timer_tick(&c->timer, &ti, &to);
        return;
    }
    if (c->phase_left-- == 0) { /* phases: issue-heavy (counters fill), ack-heavy, balanced */
        uint32_t r = gpucoh_rng_below(&c->rng, 3);
        c->iss_pm = r == 0 ? 700 : r == 1 ? 150 : 400;
        c->ack_pm = r == 0 ? 150 : r == 1 ? 700 : 400;
        c->phase_left = 100 + gpucoh_rng_below(&c->rng, 3000);
        const uint32_t sr = c->steer ? gpucoh_rng_below(&c->srng, 8) : 7u;
        c->sphase = sr < 2 ? SP_FILL : sr < 4 ? SP_MIRROR : SP_NONE;
        if (c->sphase == SP_FILL) /* long enough to fill every count */
            c->phase_left = (uint64_t)c->num_wf * c->cmax + 200u + c->phase_left;
    }
    gwct_base(c, &t, in);
    tc_timer_in_t ti = {.rst_n = in->rst_n};
    if (c->steer && cycle >= 2)
        ti = gwct_steer(c, &t, in);
    if (c->illegal_rate && cycle >= 2 && gpucoh_rng_below(&c->irng, 100000) < c->illegal_rate)
        gwct_illegal(c, &t, in);
    tc_timer_out_t to;
    tc_timer_tick(&c->timer, &ti, &to);
}
/* The illegal inputs of the steered stimulus: 0.1 per 1000 cycles (docs/units/tc/tc_gwct.md G2). */
#define GWCT_ILLEGAL_DEFAULT 10u /* per 100 000 cycles */
static int gwct_stim_cfg(void* vctx, gpucoh_stim_cfg_t* cfg, char* err, size_t errlen) {
    gwct_ctx_t* c = vctx;
    (void)err;
    (void)errlen;
    c->steer = cfg->steer;
    c->illegal_rate = cfg->illegal_set ? cfg->illegal_rate : cfg->steer ? GWCT_ILLEGAL_DEFAULT : 0u;
    cfg->illegal_rate = c->illegal_rate;
    return 0;
}
static uint64_t gwct_rtl_errors(void* vctx) {
    const gwct_ctx_t* c = vctx;
    return c->model->errors - c->model->errors_wf; /* the RTL only warns on a wavefront >= NumWf */
}
static uint32_t gwct_frows(void* vctx) {
    (void)vctx;
    return TC_GWCT_F_N;
}
static void gwct_frow(void* vctx, uint32_t row, const char** id, const char** name, uint64_t* count,
                      bool* reachable) {
    gwct_ctx_t* c = vctx;
    const tc_gwct_fcov_t f = (tc_gwct_fcov_t)row;
    *id = tb_fcov_id(row);
    *name = tc_gwct_fcov_name(f);
    *count = c->model->fcov[row];
    /* the illegal inputs are presented only at an illegal rate > 0, obligations only steered */
    const bool ill = f >= TC_GWCT_F_ILL_ACK_IDLE && f <= TC_GWCT_F_ILL_WF_RANGE;
    const bool obl = f >= TC_GWCT_F_OBL_MULTI;
    *reachable =
        tc_gwct_fcov_reachable(c->model, f) && (!ill || c->illegal_rate > 0) && (!obl || c->steer);
}
static void gwct_tick(void* vctx, const void* in, void* out) {
    gwct_ctx_t* c = vctx;
    tc_gwct_tick(c->model, in, out);
    tc_gwct_state_get(c->model, &c->st);
}
static uint32_t gwct_cmp_out(void* vctx, const void* ve, const void* vg, gpucoh_mismatch_t* mm) {
    (void)vctx;
    const tc_gwct_out_t *e = ve, *g = vg;
    uint32_t n = 0, *bad = &n;
#define TB_PORT_PREFIX "tc_gwct."
    TC_GWCT_PORTS(TB_PORT_CMP, TB_PORT_NO_P) /* every output of cmodel/tc/tc_gwct_ports.h */
#undef TB_PORT_PREFIX
    if (n)
        mm->extra = n - 1;
    return n;
}
static uint32_t gwct_cmp_state(void* vctx, const void* vg, gpucoh_mismatch_t* mm) {
    gwct_ctx_t* c = vctx;
    const tc_gwct_state_t* g = vg;
    uint32_t bad = 0;
    for (uint32_t w = 0; w < c->num_wf; w++) {
        tb_cmp_u64(mm, &bad, c->st.gwct[w], g->gwct[w], "tc_gwct.gwct_q[%u]", w);
        tb_cmp_u64(mm, &bad, c->st.cnt[w], g->cnt[w], "tc_gwct.cnt_q[%u]", w);
    }
    if (bad)
        mm->extra = bad - 1;
    return bad;
}
static void gwct_json(void* vctx, const void* vin, char* buf, size_t n) {
    (void)vctx;
    const tc_gwct_in_t* in = vin;
    snprintf(buf, n,
             "{\"rst_ni\": %d, \"now_i\": %u, \"era_i\": %u, \"roll_i\": %d, \"iss_valid_i\": %d, "
             "\"iss_wf_i\": %u, \"ack_valid_i\": %d, \"ack_wf_i\": %u, \"ack_global_i\": %d, "
             "\"ack_gwct_i\": %u, \"ack_era_i\": %u, \"obl_valid_i\": %d, \"obl_mask_i\": "
             "\"0x%llx\", \"obl_ts_i\": %u}",
             in->rst_n ? 1 : 0, (unsigned)in->t.now, (unsigned)in->t.era, in->t.roll ? 1 : 0,
             in->iss_valid ? 1 : 0, (unsigned)in->iss_wf, in->ack_valid ? 1 : 0,
             (unsigned)in->ack_wf, in->ack_global ? 1 : 0, (unsigned)in->ack_gwct,
             (unsigned)in->ack_era, in->obl_valid ? 1 : 0, (unsigned long long)in->obl_mask,
             (unsigned)in->obl_ts);
}
/* Rows G11/G12 need obligations: steered stimulus and the port (tc_gwct.md G7). */
static bool gwct_row_reachable(const gwct_ctx_t* c, unsigned r) {
    return r < TC_GWCT_T_OBL_RAISE || (c->steer && c->model->d.obl_port != 0u);
}
static void gwct_cov(void* vctx, uint32_t* covered, uint32_t* reachable) {
    gwct_ctx_t* c = vctx;
    *covered = 0;
    *reachable = 0;
    for (unsigned r = 0; r < TC_GWCT_T_N; r++) {
        const bool reach = gwct_row_reachable(c, r);
        *reachable += reach;
        *covered += reach && c->model->cov[r] != 0;
    }
}
static uint32_t gwct_rows(void* vctx) {
    (void)vctx;
    return TC_GWCT_T_N;
}
static void gwct_row(void* vctx, uint32_t row, const char** id, const char** name, uint64_t* count,
                     bool* reachable) {
    gwct_ctx_t* c = vctx;
    *id = tc_gwct_trans_id((tc_gwct_trans_t)row);
    *name = tc_gwct_trans_name((tc_gwct_trans_t)row);
    *count = c->model->cov[row];
    *reachable = gwct_row_reachable(c, row);
}
static const gpucoh_tb_ops_t gwct_ops = {
    .ctx_size = sizeof(gwct_ctx_t),
    .in_size = sizeof(tc_gwct_in_t),
    .out_size = sizeof(tc_gwct_out_t),
    .state_size = sizeof(tc_gwct_state_t),
    .init = gwct_init,
    .next_input = gwct_next,
    .model_tick = gwct_tick,
    .compare_out = gwct_cmp_out,
    .compare_state = gwct_cmp_state,
    .input_json = gwct_json,
    .coverage = gwct_cov,
    .coverage_rows = gwct_rows,
    .coverage_row = gwct_row,
    .fcov_rows = gwct_frows,
    .fcov_row = gwct_frow,
    .stim_cfg = gwct_stim_cfg,
    .rtl_errors = gwct_rtl_errors,
    .illegal_inputs = gwct_illegal_inputs,
};

/* ---- the entries ---------------------------------------------------------------------------- */

const gpucoh_unit_t unit_tc_timer = {
    .name = "tc_timer",
    .summary = "synchronized timestamp counter: 1..2^TsWidth-1, era bit, rollover strobe",
    .source = "HPCA 2013 TC (notes/seed001-tc.md §1.1 H1, §2.7)",
    .status = "done",
    .top = "tc_timer",
    .rtl_files = timer_files,
    .params = timer_params,
    .nparams = NSEL(timer_sel),
    .resolve = timer_resolve,
    .storage_bits = timer_storage_bits,
    .tb = &timer_ops,
    .wave_signals = timer_waves,
    .wave_filters = timer_wfilt,
    TB_PORT_ROWS(timer_port_rows),
    .wave_width = timer_wave_width,
    .family = "tc",
    .context = "standalone",
    .netlist = true,
    .systemc = true,
    .synth_script = "synth/tc.sh",
    .synth_point = "timer_ts32",
    .synth_result = "tc_timer_ts32",
    .netlist_params = "ts_width=8",
};
const gpucoh_unit_t unit_tc_gwct = {
    .name = "tc_gwct",
    .summary = "TC-Weak GWCT table: per-wavefront max GWCT and outstanding writes, fence ready",
    .source = "HPCA 2013 TC (notes/seed001-tc.md §1.1 H4/H9, §2.7)",
    .status = "done",
    .top = "tc_gwct",
    .rtl_files = gwct_files,
    .params = gwct_params,
    .nparams = NSEL(gwct_sel),
    .resolve = gwct_resolve,
    .storage_bits = gwct_storage_bits,
    .tb = &gwct_ops,
    .wave_signals = gwct_waves,
    .wave_filters = gwct_wfilt,
    TB_PORT_ROWS(gwct_port_rows),
    .wave_width = gwct_wave_width,
    .family = "tc",
    .context = "standalone",
    .netlist = true,
    .systemc = true,
    .synth_script = "synth/tc.sh",
    .synth_point = "gwct_wf48",
    .synth_result = "tc_gwct_wf48",
    .netlist_params = "wf=8 ts_width=8 wf_cnt_width=2",
};
const gpucoh_unit_t unit_tc_l1 = {
    .name = "tc_l1",
    .summary = "TC L1 controller: leases, I/V/V_M/I_V/I_I, merged reads, write-through, GWCT "
               "(co-simulated in the system: gpucoh cosim system)",
    .source = "HPCA 2013 TC Table 2 (notes/seed001-tc.md §2.5)",
    .status = "done",
    .top = "tc_l1",
    .rtl_files = l1_files,
    .params = l1_params,
    .nparams = NSEL(l1_sel),
    .resolve = l1_resolve,
    .storage_bits = l1_storage_bits,
    .sram_shape = l1_sram_shape,
    .tb = NULL,
    .wave_signals = l1_waves,
    .wave_filters = l1_wfilt,
    TB_PORT_ROWS(l1_port_rows),
    .wave_width = l1_wave_width,
    .family = "tc",
    .context = "l1",
    .netlist = true,
    .systemc = true,
    .verilator_flags = "--unroll-count 256",
    .lint_params = "L1Sets=4 LineBytes=16",
};
const gpucoh_unit_t unit_tc_l2 = {
    .name = "tc_l2",
    .summary = "TC L2 bank: gTS per line, I/P/S/E/I_S/I_M/M_I, MSHRs holding unexpired stamps, "
               "atomics, lifetime predictor, TC-Strong write stall (in the system)",
    .source = "HPCA 2013 TC Table 2 (notes/seed001-tc.md §2.6)",
    .status = "done",
    .top = "tc_l2",
    .rtl_files = l2_files,
    .params = l2_params,
    .nparams = NSEL(l2_sel),
    .resolve = l2_resolve,
    .storage_bits = l2_storage_bits,
    .sram_shape = l2_sram_shape,
    .tb = NULL,
    .wave_signals = l2_waves,
    .wave_filters = l2_wfilt,
    TB_PORT_ROWS(l2_port_rows),
    .wave_width = l2_wave_width,
    .family = "tc",
    .context = "l2",
    .netlist = true,
    .systemc = true,
    .verilator_flags = "--unroll-count 256",
    .lint_params = "L2Sets=4 L2Mshrs=8 LineBytes=16",
};

/* The parameter tables are views of tc_p; filled once before first use. */
__attribute__((constructor)) static void tc_units_fill(void) {
    gsys_ptab_defs(&tc_ptab, timer_sel, NSEL(timer_sel), timer_params);
    gsys_ptab_defs(&tc_ptab, gwct_sel, NSEL(gwct_sel), gwct_params);
    gsys_ptab_defs(&tc_ptab, l1_sel, NSEL(l1_sel), l1_params);
    gsys_ptab_defs(&tc_ptab, l2_sel, NSEL(l2_sel), l2_params);
}

int tc_desc_set(tc_desc_t* d, const char* kv, char* err, size_t errlen) {
    return gsys_ptab_set(&tc_ptab, d, kv, err, errlen);
}

void tc_desc_print(const tc_desc_t* d, FILE* f) {
    gsys_ptab_print(&tc_ptab, d, f);
}

void tc_desc_json(const tc_desc_t* d, FILE* f) {
    gsys_ptab_json(&tc_ptab, d, f);
}

void tc_msg_cli_names(char* msg, size_t n) {
    gsys_ptab_cli_names(&tc_ptab, msg, n);
}
