/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_units.c -- catalogue entries of the G-TSC units (gtsc_units.h): parameters, RTL files,
 * storage, wave signals; the system descriptor's parameter table. Spec: docs/units/gtsc/gtsc.md,
 * gtsc_l1.md, gtsc_l2.md (gtsc_ovf: gtsc.md section 7.4).
 *
 * Registered in tb/cli/units.def: the RTL (rtl/gtsc/) runs in lockstep with the C models in the
 * system through the shims verilator/gtsc/gtsc_{l1,l2,ovf}_rtl.cpp.
 */
#include "gtsc_units.h"

#include <stddef.h>
#include <string.h>

#include "gpucoh_bits.h"
#include "gsys_params.h"
#include "gtsc_l1.h"
#include "gtsc_l1_ports.h"
#include "gtsc_l2.h"
#include "gtsc_l2_ports.h"
#include "gtsc_ovf.h"
#include "gtsc_ovf_ports.h"
#include "tb_ports.h"

/* a field of the C models' descriptor (named as they name it in their messages) */
#define DP(n, r, h, f)                                                                             \
    { {n, r, GPUCOH_P_UINT, NULL, h}, offsetof(gtsc_sys_desc_t, d) + offsetof(gtsc_desc_t, f), #f }
enum {
    DP_SC,
    DP_SM,
    DP_WF,
    DP_BANKS,
    DP_LINE,
    DP_AW,
    DP_L1S,
    DP_L1W,
    DP_L1M,
    DP_L1Q,
    DP_WFC,
    DP_L2S,
    DP_L2W,
    DP_L2M,
    DP_L2Q,
    DP_TS,
    DP_LEASE,
    DP_LEASE_ODD,
    DP_EP,
    DP_SPIN,
    DP_N
};
static const gsys_pdef_t gt_p[DP_N] = {
    [DP_SC] = DP("sc", "Sc", "1: G-TSC-SC (one outstanding operation per warp): 0..1", sc),
    [DP_SM] = DP("sm", "NumSm", "SMs: 1..64 (default 16)", num_sm),
    [DP_WF] = DP("wf", "NumWf", "warps per SM: 1..64 (default 48)", num_wf),
    [DP_BANKS] = DP("banks", "NumBanks", "L2 banks: 1,2,4,8,16 (default 8)", num_banks),
    [DP_LINE] = DP("line", "LineBytes", "line bytes: 16, 32, 64, 128 (default 128)", line_bytes),
    [DP_AW] = DP("addr_width", "AddrWidth", "byte-address bits: 16..48 (default 32)", addr_width),
    [DP_L1S] = DP("l1_sets", "L1Sets", "L1 sets: power of two 1..256 (default 32)", l1_sets),
    [DP_L1W] = DP("l1_ways", "L1Ways", "L1 ways: 1..8 (default 4)", l1_ways),
    [DP_L1M] = DP("l1_mshrs", "L1Mshrs", "L1 MSHR entries: 1..64 (default 32)", l1_mshrs),
    [DP_L1Q] = DP("l1_queue", "L1Queue", "core request FIFO depth: 1..8 (default 4)", l1_queue),
    [DP_WFC] = DP("wf_cnt_width", "WfCntWidth",
                  "bits of a warp's outstanding-store counter: 2..8 (default 6)", wf_cnt_width),
    [DP_L2S] =
        DP("l2_sets", "L2Sets", "L2 sets per bank: power of two 1..1024 (default 128)", l2_sets),
    [DP_L2W] = DP("l2_ways", "L2Ways", "L2 ways: 1..16 (default 8)", l2_ways),
    [DP_L2M] = DP("l2_mshrs", "L2Mshrs", "L2 MSHRs per bank: 1..64 (default 32)", l2_mshrs),
    [DP_L2Q] = DP("l2_queue", "L2Queue", "bank request FIFO depth: 1..8 (default 4)", l2_queue),
    [DP_TS] = DP("ts_width", "TsWidth", "bits of every timestamp: 6..32 (default 16)", ts_width),
    [DP_LEASE] = DP("lease", "Lease",
                    "lease of the even-numbered banks: 1..(2^TsWidth-3)/2 (default 10)", lease),
    [DP_LEASE_ODD] =
        DP("lease_odd", "LeaseOdd",
           "lease of the odd-numbered banks: 1..(2^TsWidth-3)/2 (default 10)", lease_odd),
    [DP_EP] = DP("ep_width", "EpWidth", "epoch bits of every message: 1..8 (default 4)", ep_width),
    [DP_SPIN] = DP("spin_hits", "SpinHits",
                   "a warp's L1 hits in a row before its warp_ts moves forward by one (T12): "
                   "0..255 (default 4 small, 16 thesis)",
                   spin_hits),
};
static const gsys_ptab_t gt_ptab = {"the G-TSC system", gt_p, DP_N};

static const uint8_t l1_sel[] = {DP_SC,  DP_WF,  DP_LINE, DP_AW, DP_L1S, DP_L1W,
                                 DP_L1M, DP_L1Q, DP_WFC,  DP_TS, DP_EP,  DP_SPIN};
static const uint8_t l2_sel[] = {DP_SM,  DP_BANKS, DP_LINE, DP_AW, DP_L2S,
                                 DP_L2W, DP_L2M,   DP_L2Q,  DP_TS, DP_EP};
static const uint8_t ovf_sel[] = {DP_BANKS};
#define NSEL(a) (sizeof(a) / sizeof(a[0]))

static gpucoh_param_def_t l1_params[NSEL(l1_sel)], l2_params[NSEL(l2_sel)],
    ovf_params[NSEL(ovf_sel)];

/* ---- the system descriptor ------------------------------------------------------------------ */

void gtsc_sys_set_variant(gtsc_sys_desc_t* s, gtsc_variant_t v) {
    s->d.sc = v == GTSC_SC ? 1u : 0u;
}

gtsc_sys_desc_t gtsc_sys_config(gtsc_variant_t v, bool paper) {
    gtsc_sys_desc_t s;
    memset(&s, 0, sizeof s);
    s.d = paper ? gtsc_desc_default(v) : gtsc_desc_small(v);
    return s;
}

int gtsc_sys_check(const gtsc_sys_desc_t* s, char* err, size_t errlen) {
    if (gtsc_check_desc(&s->d, err, errlen) != 0) {
        gtsc_msg_cli_names(err, errlen);
        return -1;
    }
    return 0;
}

/* ---- unit parameters ------------------------------------------------------------------------ */

static const uint8_t* unit_sel(const gpucoh_unit_t* u, unsigned* n) {
    if (u == &unit_gtsc_l1)
        return *n = NSEL(l1_sel), l1_sel;
    if (u == &unit_gtsc_l2)
        return *n = NSEL(l2_sel), l2_sel;
    return *n = NSEL(ovf_sel), ovf_sel;
}

static int unit_check(const gpucoh_unit_t* u, const gtsc_sys_desc_t* s, char* err, size_t errlen) {
    if (u == &unit_gtsc_l1) {
        const gtsc_l1_desc_t x = gtsc_l1_desc_from(&s->d);
        return gtsc_l1_check_desc(&x, err, errlen) ? -1 : 0;
    }
    if (u == &unit_gtsc_l2) {
        const gtsc_l2_desc_t x = gtsc_l2_desc_from(&s->d);
        return gtsc_l2_check_desc(&x, err, errlen) ? -1 : 0;
    }
    gtsc_ovf_t o;
    return gtsc_ovf_init(&o, s->d.num_banks, err, errlen) ? -1 : 0;
}

/* desc_from_pvals: a descriptor from the thesis defaults (G-TSC) overridden by the parameters
 * given in pv */
GSYS_UNIT_PARAMS_SEL(gtsc, gt_ptab, gtsc_sys_desc_t, gtsc_sys_config(GTSC, true))

static int ovf_resolve(gpucoh_pvals_t* pv, char* err, size_t n) {
    return unit_resolve(&unit_gtsc_ovf, pv, err, n);
}

static gtsc_desc_t pv_desc(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv) {
    return pv_dtype(u, pv).d;
}

/* ---- storage (gtsc.md section 12), in bits -------------------------------------------------- */

static uint32_t lg(uint32_t x) { /* log2 rounded up, 0 for 1 */
    return gpucoh_log2_ceil(x);
}
static uint32_t lg1(uint32_t x) { /* an index of x values: at least 1 bit */
    return x > 1u ? lg(x) : 1u;
}
static uint32_t line_addr_bits(const gtsc_desc_t* d) {
    return d->addr_width - lg(d->line_bytes);
}

/* lines (tag, st, wts, rts, data), ep, warp_ts, wcnt, spin (SW = ceil(log2(SpinHits + 1)), 0
 * when SpinHits = 0), rr, MSHR (v, kind, line, has-way, way, wait, wf, stale) */
static uint32_t l1_storage_bits(const gpucoh_pvals_t* pv) {
    const gtsc_desc_t d = pv_desc(&unit_gtsc_l1, pv);
    const uint32_t la = line_addr_bits(&d), t = d.ts_width, ww = lg1(d.l1_ways);
    const uint32_t per = (la - lg(d.l1_sets)) + 2u + 2u * t + 8u * d.line_bytes;
    const uint32_t mshr = 1u + 2u + la + 1u + ww + d.num_wf + 6u + 1u;
    const uint32_t sw = lg(d.spin_hits + 1u);
    return d.l1_sets * d.l1_ways * per + d.ep_width + d.num_wf * (t + d.wf_cnt_width + sw) +
           d.l1_sets * ww + d.l1_mshrs * mshr;
}
/* lines (tag without bank and set bits, st, wts, rts, data), MSHR (v, rdy, line, way, kind,
 * src, wf, wts, warp_ts, ep, data, mask, aop, word, a, b), mem_ts, ep, ovf, rr */
static uint32_t l2_storage_bits(const gpucoh_pvals_t* pv) {
    const gtsc_desc_t d = pv_desc(&unit_gtsc_l2, pv);
    const uint32_t la = line_addr_bits(&d), t = d.ts_width, ww = lg1(d.l2_ways);
    const uint32_t tag = la - lg(d.num_banks) - lg(d.l2_sets);
    const uint32_t per = tag + 2u + 2u * t + 8u * d.line_bytes;
    const uint32_t mshr =
        2u + la + ww + 2u + 6u + 6u + 2u * t + d.ep_width + 9u * d.line_bytes + 2u + 5u + 64u;
    return d.l2_sets * d.l2_ways * per + d.l2_mshrs * mshr + t + d.ep_width + 1u + d.l2_sets * ww;
}
static uint32_t ovf_storage_bits(const gpucoh_pvals_t* pv) {
    (void)pv;
    return 33u; /* tsrst_q, nrst_q */
}
static void l1_sram_shape(const gpucoh_pvals_t* pv, uint32_t* bits, uint32_t* banks,
                          uint32_t* ports) {
    const gtsc_desc_t d = pv_desc(&unit_gtsc_l1, pv);
    *bits = d.l1_sets * d.l1_ways * 8u * d.line_bytes;
    *banks = 1;
    *ports = 1;
}
static void l2_sram_shape(const gpucoh_pvals_t* pv, uint32_t* bits, uint32_t* banks,
                          uint32_t* ports) {
    const gtsc_desc_t d = pv_desc(&unit_gtsc_l2, pv);
    *bits = d.l2_sets * d.l2_ways * 8u * d.line_bytes;
    *banks = 1;
    *ports = 1;
}

/* the packages first (the shared atomic codes, the family's encodings), then the shared
 * primitives each unit instantiates (docs/units/prim/primitives.md), then the unit */
static const char* const l1_files[] = {"gpucoh_atom_pkg.sv",    "gtsc/gtsc_pkg.sv",
                                       "prim/gpucoh_fifo.sv",   "prim/gpucoh_ffs.sv",
                                       "prim/gpucoh_rr_ffs.sv", "prim/gpucoh_bytemerge.sv",
                                       "gtsc/gtsc_l1.sv",       NULL};
static const char* const l2_files[] = {
    "gpucoh_atom_pkg.sv",       "gtsc/gtsc_pkg.sv",   "prim/gpucoh_fifo.sv",
    "prim/gpucoh_amo.sv",       "prim/gpucoh_ffs.sv", "prim/gpucoh_rr_ffs.sv",
    "prim/gpucoh_bytemerge.sv", "gtsc/gtsc_l2.sv",    NULL};
static const char* const ovf_files[] = {"gtsc/gtsc_ovf.sv", NULL};

/* clk_i and the handshakes of the port tables (all 1 bit) */
#define TB_PORT_TOP "TOP.gtsc_l1."
TB_PORT_LISTS(l1, GTSC_L1_PORTS, unit_gtsc_l1)
#undef TB_PORT_TOP
#define TB_PORT_TOP "TOP.gtsc_l2."
TB_PORT_LISTS(l2, GTSC_L2_PORTS, unit_gtsc_l2)
#undef TB_PORT_TOP
#define TB_PORT_TOP "TOP.gtsc_ovf."
TB_PORT_LISTS(ovf, GTSC_OVF_PORTS, unit_gtsc_ovf)
#undef TB_PORT_TOP

/* Slot units of the G-TSC system (no standalone lockstep, no synthesis point yet, no SystemC
 * flavour); lint_params: the reduced sizes of the Yosys / Icarus lint gates. */
const gpucoh_unit_t unit_gtsc_l1 = {
    .name = "gtsc_l1",
    .summary = "G-TSC L1 (G-TSC / G-TSC-SC): wts/rts leases per line, warp_ts per warp, "
               "renewals, write-through stores timestamped at the bank (in the system)",
    .source = "seed 003 ch. 3 (Tabbakh 2018; notes/seed003-gtsc.md)",
    .status = "lockstep",
    .top = "gtsc_l1",
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
    .family = "gtsc",
    .context = "l1",
    .netlist = true,
    .systemc = false,
    .verilator_flags = "--unroll-count 256",
    .lint_params = "NumWf=8 LineBytes=16 AddrWidth=16 L1Sets=4 L1Ways=2 L1Mshrs=4 L1Queue=2 "
                   "WfCntWidth=2 TsWidth=6",
};
const gpucoh_unit_t unit_gtsc_l2 = {
    .name = "gtsc_l2",
    .summary = "G-TSC L2 bank: store timestamps after every lease, lease extension, mem_ts of "
               "evicted lines, overflow held for the global timestamp reset (in the system)",
    .source = "seed 003 ch. 3 (Tabbakh 2018; notes/seed003-gtsc.md)",
    .status = "lockstep",
    .top = "gtsc_l2",
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
    .family = "gtsc",
    .context = "l2",
    .netlist = true,
    .systemc = false,
    .verilator_flags = "--unroll-count 256",
    .lint_params = "NumSm=4 NumBanks=2 LineBytes=16 AddrWidth=16 L2Sets=4 L2Ways=2 L2Mshrs=4 "
                   "L2Queue=2 TsWidth=6",
};
const gpucoh_unit_t unit_gtsc_ovf = {
    .name = "gtsc_ovf",
    .summary = "G-TSC global overflow unit: one timestamp-reset pulse for any bank's overflow "
               "(in the system)",
    .source = "docs/units/gtsc/gtsc.md section 7.4 (the thesis's §3.5.4 reset, decided)",
    .status = "lockstep",
    .top = "gtsc_ovf",
    .rtl_files = ovf_files,
    .params = ovf_params,
    .nparams = NSEL(ovf_sel),
    .resolve = ovf_resolve,
    .storage_bits = ovf_storage_bits,
    .sram_shape = NULL,
    .tb = NULL,
    .wave_signals = ovf_waves,
    .wave_filters = ovf_wfilt,
    TB_PORT_ROWS(ovf_port_rows),
    .wave_width = ovf_wave_width,
    .family = "gtsc",
    .context = "ovf",
    .netlist = true,
    .systemc = false,
    .lint_params = "NumBanks=2",
};

/* The parameter tables are views of gt_p; filled once before first use. */
__attribute__((constructor)) static void gtsc_units_fill(void) {
    gsys_ptab_defs(&gt_ptab, l1_sel, NSEL(l1_sel), l1_params);
    gsys_ptab_defs(&gt_ptab, l2_sel, NSEL(l2_sel), l2_params);
    gsys_ptab_defs(&gt_ptab, ovf_sel, NSEL(ovf_sel), ovf_params);
}

int gtsc_desc_set(gtsc_sys_desc_t* s, const char* kv, char* err, size_t errlen) {
    return gsys_ptab_set(&gt_ptab, s, kv, err, errlen);
}

void gtsc_desc_print(const gtsc_sys_desc_t* s, FILE* f) {
    gsys_ptab_print(&gt_ptab, s, f);
}

void gtsc_desc_json(const gtsc_sys_desc_t* s, FILE* f) {
    gsys_ptab_json(&gt_ptab, s, f);
}

void gtsc_msg_cli_names(char* msg, size_t n) {
    gsys_ptab_cli_names(&gt_ptab, msg, n);
}
