/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_units.c -- catalogue entries of the hLRC units (hlrc_units.h): parameters, RTL files,
 * storage, wave signals; the system descriptor's parameter table. Spec: docs/units/hlrc/hlrc.md,
 * hlrc_l1.md, hlrc_l2.md.
 *
 * Registered in tb/cli/units.def: the RTL (rtl/hlrc/) runs in lockstep with the C models in the
 * system through the shims verilator/hlrc/hlrc_l{1,2}_rtl.cpp (`gpucoh cosim system --protocol
 * hlrc`). SystemC: systemc/hlrc/ (sc_lockstep).
 */
#include "hlrc_units.h"

#include <stddef.h>
#include <string.h>

#include "gpucoh_bits.h"
#include "gsys_params.h"
#include "hlrc_l1.h"
#include "hlrc_l1_ports.h"
#include "hlrc_l2.h"
#include "hlrc_l2_ports.h"
#include "tb_ports.h"

/* a field of the C models' descriptor (named as they name it in their messages) */
#define DP(n, r, h, f)                                                                             \
    { {n, r, GPUCOH_P_UINT, NULL, h}, offsetof(hlrc_sys_desc_t, d) + offsetof(hlrc_desc_t, f), #f }
enum {
    DP_SCOPED,
    DP_SM,
    DP_WF,
    DP_BANKS,
    DP_LINE,
    DP_AW,
    DP_L1S,
    DP_L1W,
    DP_L1Q,
    DP_SB,
    DP_SBI,
    DP_WTC,
    DP_L2S,
    DP_L2W,
    DP_L2M,
    DP_L2Q,
    DP_SQ,
    DP_WBQ,
    DP_N
};
static const gsys_pdef_t hl_p[DP_N] = {
    [DP_SCOPED] = DP("scoped", "Scoped",
                     "1: hLRC-scoped (GPU-scope synchronization at the bank): 0..1", scoped),
    [DP_SM] = DP("sm", "NumSm", "SMs: 1..64 (default 15)", num_sm),
    [DP_WF] = DP("wf", "NumWf", "wavefronts per SM: 1..64 (default 48)", num_wf),
    [DP_BANKS] = DP("banks", "NumBanks", "L2 banks: 1,2,4,8,16 (default 16)", num_banks),
    [DP_LINE] = DP("line", "LineBytes", "line bytes: 16, 32, 64, 128 (default 64)", line_bytes),
    [DP_AW] = DP("addr_width", "AddrWidth", "byte-address bits: 16..48 (default 32)", addr_width),
    [DP_L1S] = DP("l1_sets", "L1Sets", "L1 sets: power of two 1..256 (default 64)", l1_sets),
    [DP_L1W] = DP("l1_ways", "L1Ways", "L1 ways: 1..8 (default 8)", l1_ways),
    [DP_L1Q] = DP("l1_queue", "L1Queue", "core request FIFO depth: 1..8 (default 4)", l1_queue),
    [DP_SB] = DP("sb_entries", "SbEntries",
                 "store-buffer entries (lines with dirty bytes): 1..256 (default 256)", sb_entries),
    [DP_SBI] = DP("sb_idle", "SbIdle",
                  "cycles without a new dirty byte before the store buffer drains: 1..65535 "
                  "(default 1000)",
                  sb_idle),
    [DP_WTC] = DP("wt_cnt_width", "WtCntWidth",
                  "bits of the outstanding write-through counter: 2..10 (default 9)", wt_cnt_width),
    [DP_L2S] =
        DP("l2_sets", "L2Sets", "L2 sets per bank: power of two 1..1024 (default 256)", l2_sets),
    [DP_L2W] = DP("l2_ways", "L2Ways", "L2 ways: 2..16 (default 16)", l2_ways),
    [DP_L2M] = DP("l2_mshrs", "L2Mshrs", "L2 MSHRs per bank: 1..64 (default 32)", l2_mshrs),
    [DP_L2Q] =
        DP("l2_queue", "L2Queue", "L2 req FIFO depth (GETS, WT): 1..8 (default 4)", l2_queue),
    [DP_SQ] = DP("sync_queue", "SyncQueue", "L2 sync FIFO depth (REG, ATOMIC): 1..8 (default 4)",
                 sync_queue),
    [DP_WBQ] =
        DP("wb_queue", "WbQueue", "L2 wb FIFO depth (RACK, EVICT): 1..8 (default 4)", wb_queue),
};
static const gsys_ptab_t hl_ptab = {"the hLRC system", hl_p, DP_N};

static const uint8_t l1_sel[] = {DP_SCOPED, DP_WF,  DP_BANKS, DP_LINE, DP_AW, DP_L1S,
                                 DP_L1W,    DP_L1Q, DP_SB,    DP_SBI,  DP_WTC};
static const uint8_t l2_sel[] = {DP_SM,  DP_BANKS, DP_LINE, DP_AW, DP_L2S,
                                 DP_L2W, DP_L2M,   DP_L2Q,  DP_SQ, DP_WBQ};
#define NSEL(a) (sizeof(a) / sizeof(a[0]))

static gpucoh_param_def_t l1_params[NSEL(l1_sel)], l2_params[NSEL(l2_sel)];

/* ---- the system descriptor ------------------------------------------------------------------ */

void hlrc_sys_set_variant(hlrc_sys_desc_t* s, hlrc_variant_t v) {
    s->d.scoped = v == HLRC_SCOPED ? 1u : 0u;
}

hlrc_sys_desc_t hlrc_sys_config(hlrc_variant_t v, bool paper) {
    hlrc_sys_desc_t s;
    memset(&s, 0, sizeof s);
    s.d = paper ? hlrc_desc_default(v) : hlrc_desc_small(v);
    return s;
}

int hlrc_sys_check(const hlrc_sys_desc_t* s, char* err, size_t errlen) {
    if (hlrc_check_desc(&s->d, err, errlen) != 0) {
        hlrc_msg_cli_names(err, errlen);
        return -1;
    }
    return 0;
}

/* ---- unit parameters ------------------------------------------------------------------------ */

static int unit_check(const gpucoh_unit_t* u, const hlrc_sys_desc_t* s, char* err, size_t errlen) {
    if (u == &unit_hlrc_l1) {
        const hlrc_l1_desc_t x = hlrc_l1_desc_from(&s->d);
        return hlrc_l1_check_desc(&x, err, errlen) ? -1 : 0;
    }
    const hlrc_l2_desc_t x = hlrc_l2_desc_from(&s->d);
    return hlrc_l2_check_desc(&x, err, errlen) ? -1 : 0;
}

/* desc_from_pvals: a descriptor from the paper defaults (hLRC) overridden by the parameters
 * given in pv */
GSYS_UNIT_PARAMS(hlrc, hl_ptab, hlrc_sys_desc_t, hlrc_sys_config(HLRC, true))

static hlrc_desc_t pv_desc(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv) {
    return pv_dtype(u, pv).d;
}

/* ---- storage (hlrc_l1.md and hlrc_l2.md section 11), in bits -------------------------------- */

static uint32_t lg(uint32_t x) { /* log2 rounded up, 0 for 1 */
    return gpucoh_log2_ceil(x);
}
static uint32_t line_addr_bits(const hlrc_desc_t* d) {
    return d->addr_width - lg(d->line_bytes);
}

static uint32_t l1_storage_bits(const gpucoh_pvals_t* pv) {
    const hlrc_desc_t d = pv_desc(&unit_hlrc_l1, pv);
    const uint32_t la = line_addr_bits(&d), lines = d.l1_sets * d.l1_ways;
    const uint32_t iw = lines > 1u ? lg(lines) : 1u, sbc = lg(d.sb_entries + 1u);
    const uint32_t per = (la - lg(d.l1_sets)) + 5u + d.num_wf + 9u * d.line_bytes + lg(d.l1_ways);
    const uint32_t sb = d.sb_entries * la + lg(d.sb_entries) + sbc;
    const uint32_t rvq = d.num_banks * (la + 2u) + lg(d.num_banks) + lg(d.num_banks + 1u);
    return lines * per + sb + d.wt_cnt_width + 1u + sbc + 3u * d.num_wf + 16u + (iw + 4u) +
           (3u + iw + la) + rvq;
}
static uint32_t l2_storage_bits(const gpucoh_pvals_t* pv) {
    const hlrc_desc_t d = pv_desc(&unit_hlrc_l2, pv);
    const uint32_t la = line_addr_bits(&d), aw2 = lg(d.l2_ways);
    const uint32_t sw = d.num_sm > 1u ? lg(d.num_sm) : 1u;
    const uint32_t per = (la - lg(d.l2_sets)) + 3u + sw + aw2 + 8u * d.line_bytes;
    const uint32_t mshr = 1u + la + aw2 + d.num_sm + d.line_bytes;
    return d.l2_sets * d.l2_ways * per + d.l2_mshrs * mshr + (1u + aw2 + la + sw) + 1u;
}
static void l1_sram_shape(const gpucoh_pvals_t* pv, uint32_t* bits, uint32_t* banks,
                          uint32_t* ports) {
    const hlrc_desc_t d = pv_desc(&unit_hlrc_l1, pv);
    *bits = d.l1_sets * d.l1_ways * 8u * d.line_bytes;
    *banks = 1;
    *ports = 1;
}
static void l2_sram_shape(const gpucoh_pvals_t* pv, uint32_t* bits, uint32_t* banks,
                          uint32_t* ports) {
    const hlrc_desc_t d = pv_desc(&unit_hlrc_l2, pv);
    *bits = d.l2_sets * d.l2_ways * 8u * d.line_bytes;
    *banks = 1;
    *ports = 1;
}

/* the packages first (the shared atomic codes, the family's encodings), then the shared
 * primitives each unit instantiates (docs/units/prim/primitives.md), then the unit */
static const char* const l1_files[] = {"gpucoh_atom_pkg.sv",
                                       "hlrc/hlrc_pkg.sv",
                                       "prim/gpucoh_fifo.sv",
                                       "prim/gpucoh_amo.sv",
                                       "prim/gpucoh_ffs.sv",
                                       "hlrc/hlrc_l1.sv",
                                       NULL};
static const char* const l2_files[] = {
    "gpucoh_atom_pkg.sv",  "hlrc/hlrc_pkg.sv",   "prim/gpucoh_fifo.sv", "prim/gpucoh_amo.sv",
    "prim/gpucoh_ffs2.sv", "prim/gpucoh_ffs.sv", "hlrc/hlrc_l2.sv",     NULL};

/* clk_i and the handshakes of the port tables (all 1 bit) */
#define TB_PORT_TOP "TOP.hlrc_l1."
TB_PORT_LISTS(l1, HLRC_L1_PORTS, unit_hlrc_l1)
#undef TB_PORT_TOP
#define TB_PORT_TOP "TOP.hlrc_l2."
TB_PORT_LISTS(l2, HLRC_L2_PORTS, unit_hlrc_l2)
#undef TB_PORT_TOP

/* Slot units of the hLRC system (no standalone lockstep, no synthesis point); systemc: the
 * pin-level modules systemc/hlrc/<unit>_sc_c.h, driven by the system (sc_lockstep --protocol);
 * lint_params: the reduced sizes of the Yosys / Icarus lint gates. */
const gpucoh_unit_t unit_hlrc_l1 = {
    .name = "hlrc_l1",
    .summary = "hLRC L1 (hLRC / hLRC-scoped): I/V/R lines, lazy registration of synchronization "
               "lines, flush on losing and invalidation on gaining registration (in the system)",
    .source = "seed 000 §III-IV, Table 3 (notes/seed000-hlrc.md)",
    .status = "lockstep",
    .top = "hlrc_l1",
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
    .family = "hlrc",
    .context = "l1",
    .netlist = true,
    .systemc = true,
    .verilator_flags = "--unroll-count 256",
    .lint_params = "L1Sets=4 LineBytes=16 SbEntries=4",
};
const gpucoh_unit_t unit_hlrc_l2 = {
    .name = "hlrc_l2",
    .summary = "hLRC L2 bank: R(owner) per line, revocation with the flush before the grant, "
               "one sync request at a time, bank-path atomics (in the system)",
    .source = "seed 000 §III-IV, Table 3 (notes/seed000-hlrc.md)",
    .status = "lockstep",
    .top = "hlrc_l2",
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
    .family = "hlrc",
    .context = "l2",
    .netlist = true,
    .systemc = true,
    .verilator_flags = "--unroll-count 256",
    .lint_params = "L2Sets=4 L2Mshrs=4 LineBytes=16",
};

/* The parameter tables are views of hl_p; filled once before first use. */
__attribute__((constructor)) static void hlrc_units_fill(void) {
    gsys_ptab_defs(&hl_ptab, l1_sel, NSEL(l1_sel), l1_params);
    gsys_ptab_defs(&hl_ptab, l2_sel, NSEL(l2_sel), l2_params);
}

int hlrc_desc_set(hlrc_sys_desc_t* s, const char* kv, char* err, size_t errlen) {
    return gsys_ptab_set(&hl_ptab, s, kv, err, errlen);
}

void hlrc_desc_print(const hlrc_sys_desc_t* s, FILE* f) {
    gsys_ptab_print(&hl_ptab, s, f);
}

void hlrc_desc_json(const hlrc_sys_desc_t* s, FILE* f) {
    gsys_ptab_json(&hl_ptab, s, f);
}

void hlrc_msg_cli_names(char* msg, size_t n) {
    gsys_ptab_cli_names(&hl_ptab, msg, n);
}
