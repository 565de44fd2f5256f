/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_units.c -- catalogue entries of the DeNovo units (denovo_units.h): parameters, RTL files,
 * storage, wave signals; the system descriptor's parameter table and read-only region. Spec:
 * docs/units/denovo/denovo.md, denovo_l1.md, denovo_l2.md.
 *
 * Registered in tb/cli/units.def: the RTL (rtl/denovo/) runs in lockstep with the C models in
 * the system through the shims verilator/denovo/denovo_l{1,2}_rtl.cpp, which also build on the
 * units' osu018 netlists (the netlist lockstep in the system, `gpucoh cosim system --protocol
 * denovo-d --netlist l1,l2`, at the small configuration). SystemC: systemc/denovo/ (sc_lockstep).
 */
#include "denovo_units.h"

#include <stddef.h>
#include <string.h>

#include "denovo_l1.h"
#include "denovo_l1_ports.h"
#include "denovo_l2.h"
#include "denovo_l2_ports.h"
#include "gpucoh_bits.h"
#include "gsys_params.h"
#include "tb_ports.h"

/* a field of the C models' descriptor (named as they name it in their messages), or of the
 * system's own */
#define DP(n, r, e, h, f)                                                                          \
    { {n, r, GPUCOH_P_UINT, e, h}, offsetof(denovo_sys_desc_t, d) + offsetof(denovo_desc_t, f), #f }
#define SP(n, r, h, f) GSYS_PDEF(denovo_sys_desc_t, n, r, GPUCOH_P_UINT, NULL, h, f)
enum {
    DP_HRF,
    DP_RO,
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
    DP_MSHR,
    DP_WBE,
    DP_L2S,
    DP_L2W,
    DP_L2M,
    DP_L2Q,
    DP_WBQ,
    DP_ROB,
    DP_ROL,
    DP_N
};
static const gsys_pdef_t dn_p[DP_N] = {
    [DP_HRF] = DP("hrf", "Hrf", NULL, "1: DeNovo-H (CTA synchronization in the L1): 0..1", hrf),
    [DP_RO] =
        DP("ro", "Ro", NULL, "1: DeNovo-D+RO (read-only loads fill VO): 0..1, 0 with hrf=1", ro),
    [DP_SM] = DP("sm", "NumSm", NULL, "SMs: 1..64 (default 15)", num_sm),
    [DP_WF] = DP("wf", "NumWf", NULL, "wavefronts per SM: 1..64 (default 48)", num_wf),
    [DP_BANKS] = DP("banks", "NumBanks", NULL, "L2 banks: 1,2,4,8,16 (default 16)", num_banks),
    [DP_LINE] =
        DP("line", "LineBytes", NULL, "line bytes: 16, 32, 64, 128 (default 64)", line_bytes),
    [DP_AW] =
        DP("addr_width", "AddrWidth", NULL, "byte-address bits: 16..48 (default 32)", addr_width),
    [DP_L1S] = DP("l1_sets", "L1Sets", NULL, "L1 sets: power of two 1..256 (default 64)", l1_sets),
    [DP_L1W] = DP("l1_ways", "L1Ways", NULL, "L1 ways: 1..8 (default 8)", l1_ways),
    [DP_L1Q] =
        DP("l1_queue", "L1Queue", NULL, "core request FIFO depth: 1..8 (default 4)", l1_queue),
    [DP_SB] = DP("sb_entries", "SbEntries", NULL,
                 "store-buffer entries (lines with unregistered words): 1..256 (default 256)",
                 sb_entries),
    [DP_SBI] = DP("sb_idle", "SbIdle", NULL,
                  "cycles without a store before the store buffer drains: 1..65535 (default 1000)",
                  sb_idle),
    [DP_MSHR] = DP("mshrs", "Mshrs", NULL,
                   "L1 MSHRs (GETS, REG, queued transfers): 1..32 "
                   "(default 16)",
                   mshrs),
    [DP_WBE] = DP("wb_entries", "WbEntries", NULL, "L1 write-back buffer lines: 1..8 (default 4)",
                  wb_entries),
    [DP_L2S] = DP("l2_sets", "L2Sets", NULL,
                  "L2 sets per bank: power of two 1..1024 (default "
                  "256)",
                  l2_sets),
    [DP_L2W] = DP("l2_ways", "L2Ways", NULL, "L2 ways: 1..16 (default 16)", l2_ways),
    [DP_L2M] = DP("l2_mshrs", "L2Mshrs", NULL, "L2 MSHRs per bank: 1..64 (default 32)", l2_mshrs),
    [DP_L2Q] = DP("l2_queue", "L2Queue", NULL, "L2 request FIFO depth: 1..8 (default 4)", l2_queue),
    [DP_WBQ] =
        DP("wb_queue", "WbQueue", NULL, "L2 write-back FIFO depth: 1..8 (default 4)", wb_queue),
    [DP_ROB] = SP("ro_base", "RoBase",
                  "first line address of the read-only region (denovo.md D11; a system "
                  "parameter, no unit's)",
                  ro_base),
    [DP_ROL] = SP("ro_lines", "RoLines",
                  "lines of the read-only region, RoBase + RoLines <= 2^LA (0: none; default "
                  "denovo-d-ro: the upper half of the line addresses, else 0)",
                  ro_lines),
};
static const gsys_ptab_t dn_ptab = {"the DeNovo system", dn_p, DP_N};

static const uint8_t l1_sel[] = {DP_HRF, DP_RO,  DP_SM, DP_WF,  DP_LINE, DP_AW, DP_L1S,
                                 DP_L1W, DP_L1Q, DP_SB, DP_SBI, DP_MSHR, DP_WBE};
static const uint8_t l2_sel[] = {DP_SM,  DP_BANKS, DP_LINE, DP_AW, DP_L2S,
                                 DP_L2W, DP_L2M,   DP_L2Q,  DP_WBQ};
#define NSEL(a) (sizeof(a) / sizeof(a[0]))

static gpucoh_param_def_t l1_params[NSEL(l1_sel)], l2_params[NSEL(l2_sel)];

/* ---- the system descriptor ------------------------------------------------------------------ */

static uint32_t line_addr_bits(const denovo_desc_t* d) {
    return d->addr_width - gpucoh_log2_ceil(d->line_bytes);
}

void denovo_sys_set_variant(denovo_sys_desc_t* s, denovo_variant_t v) {
    s->d.hrf = v == DENOVO_H ? 1u : 0u;
    s->d.ro = v == DENOVO_D_RO ? 1u : 0u;
    const uint32_t la = line_addr_bits(&s->d);
    s->ro_base = v == DENOVO_D_RO && la <= 32u ? 1u << (la - 1u) : 0u;
    s->ro_lines = s->ro_base;
}

denovo_sys_desc_t denovo_sys_config(denovo_variant_t v, bool paper) {
    denovo_sys_desc_t s;
    memset(&s, 0, sizeof s);
    s.d = paper ? denovo_desc_default(v) : denovo_desc_small(v);
    denovo_sys_set_variant(&s, v);
    return s;
}

int denovo_sys_check(const denovo_sys_desc_t* s, char* err, size_t errlen) {
    if (denovo_check_desc(&s->d, err, errlen) != 0) {
        denovo_msg_cli_names(err, errlen);
        return -1;
    }
    const uint32_t la = line_addr_bits(&s->d);
    const uint64_t top = la >= 63u ? ~0ull : 1ull << la;
    if (s->ro_lines && (uint64_t)s->ro_base + s->ro_lines > top) {
        snprintf(err, errlen,
                 "the DeNovo system: ro_base + ro_lines = %llu is illegal (RoBase + RoLines <= "
                 "2^LA = %llu line addresses)",
                 (unsigned long long)s->ro_base + s->ro_lines, (unsigned long long)top);
        return -1;
    }
    return 0;
}

bool denovo_in_ro(const denovo_sys_desc_t* s, uint64_t line) {
    return line >= s->ro_base && line - s->ro_base < s->ro_lines;
}

/* ---- unit parameters ------------------------------------------------------------------------ */

static int unit_check(const gpucoh_unit_t* u, const denovo_sys_desc_t* s, char* err,
                      size_t errlen) {
    if (u == &unit_denovo_l1) {
        const denovo_l1_desc_t x = denovo_l1_desc_from(&s->d);
        return denovo_l1_check_desc(&x, err, errlen) ? -1 : 0;
    }
    const denovo_l2_desc_t x = denovo_l2_desc_from(&s->d);
    return denovo_l2_check_desc(&x, err, errlen) ? -1 : 0;
}

/* desc_from_pvals: a descriptor from the paper defaults (DeNovo-D) overridden by the parameters
 * given in pv */
GSYS_UNIT_PARAMS(denovo, dn_ptab, denovo_sys_desc_t, denovo_sys_config(DENOVO_D, true))

static denovo_desc_t pv_desc(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv) {
    return pv_dtype(u, pv).d;
}

/* ---- storage (section 3 of each unit page), in bits ----------------------------------------- */

static uint32_t l1_storage_bits(const gpucoh_pvals_t* pv) {
    const denovo_desc_t d = pv_desc(&unit_denovo_l1, pv);
    const uint32_t la = line_addr_bits(&d), lw = d.line_bytes / 4u;
    const uint32_t lines = d.l1_sets * d.l1_ways, lb = gpucoh_log2_ceil(lines);
    const uint32_t per = (la - gpucoh_log2_ceil(d.l1_sets)) + 2u * lw + 9u * d.line_bytes;
    const uint32_t mshr =
        2u + (lb ? lb : 1u) + 3u * lw + d.num_wf + 3u + 6u * lw + gpucoh_log2_ceil(d.l1_queue + 1u);
    const uint32_t wb = 1u + la + lw + 8u * d.line_bytes;
    const uint32_t sb = d.sb_entries * la + 2u * (gpucoh_log2_ceil(d.sb_entries) + 1u);
    return lines * per + d.l1_sets * gpucoh_log2_ceil(d.l1_ways) + d.mshrs * mshr +
           d.wb_entries * wb + sb + 3u * d.num_wf + 2u + 16u + 1u + 4u;
}
static uint32_t l2_storage_bits(const gpucoh_pvals_t* pv) {
    const denovo_desc_t d = pv_desc(&unit_denovo_l2, pv);
    const uint32_t la = line_addr_bits(&d), lw = d.line_bytes / 4u;
    const uint32_t lines = d.l2_sets * d.l2_ways;
    const uint32_t per = (la - gpucoh_log2_ceil(d.l2_sets)) + 2u + 2u * lw + 1u + 8u * d.line_bytes;
    const uint32_t mshr = 1u + la + gpucoh_log2_ceil(d.l2_ways) + d.num_sm;
    return lines * per + d.l2_sets * gpucoh_log2_ceil(d.l2_ways) + d.l2_mshrs * mshr;
}
static void l1_sram_shape(const gpucoh_pvals_t* pv, uint32_t* bits, uint32_t* banks,
                          uint32_t* ports) {
    const denovo_desc_t d = pv_desc(&unit_denovo_l1, pv);
    *bits = d.l1_sets * d.l1_ways * 8u * d.line_bytes;
    *banks = 1;
    *ports = 1;
}
static void l2_sram_shape(const gpucoh_pvals_t* pv, uint32_t* bits, uint32_t* banks,
                          uint32_t* ports) {
    const denovo_desc_t d = pv_desc(&unit_denovo_l2, pv);
    *bits = d.l2_sets * d.l2_ways * 8u * d.line_bytes;
    *banks = 1;
    *ports = 1;
}

/* the packages first (the shared atomic codes, the family's encodings), then the shared
 * primitives each unit instantiates (docs/units/prim/primitives.md), then the unit */
static const char* const l1_files[] = {
    "gpucoh_atom_pkg.sv", "denovo/denovo_pkg.sv",  "prim/gpucoh_amo.sv",  "prim/gpucoh_ffs2.sv",
    "prim/gpucoh_ffs.sv", "prim/gpucoh_rr_ffs.sv", "denovo/denovo_l1.sv", NULL};
static const char* const l2_files[] = {"gpucoh_atom_pkg.sv",
                                       "denovo/denovo_pkg.sv",
                                       "prim/gpucoh_ffs2.sv",
                                       "prim/gpucoh_ffs.sv",
                                       "prim/gpucoh_rr_ffs.sv",
                                       "denovo/denovo_l2.sv",
                                       NULL};

/* clk_i and the handshakes of the port tables (all 1 bit) */
#define TB_PORT_TOP "TOP.denovo_l1."
TB_PORT_LISTS(l1, DENOVO_L1_PORTS, unit_denovo_l1)
#undef TB_PORT_TOP
#define TB_PORT_TOP "TOP.denovo_l2."
TB_PORT_LISTS(l2, DENOVO_L2_PORTS, unit_denovo_l2)
#undef TB_PORT_TOP

/* netlist: the netlist lockstep in the system, as gpu_l1 / gpu_l2 (the shims read their registers
 * under GPUCOH_NETLIST too; no standalone lockstep, so no netlist_params and no synthesis point:
 * `gpucoh area` synthesizes the netlist on the spot at the system's parameters; the area points
 * are synth/points/denovo.sh, docs/area-denovo.md, with l1_storage_bits / l2_storage_bits above
 * as their storage, tests/test_area_storage.c); systemc: the pin-level modules
 * systemc/denovo/<unit>_sc_c.h, driven by the system (sc_lockstep --protocol);
 * lint_params: the GPU units' reduced sizes */
const gpucoh_unit_t unit_denovo_l1 = {
    .name = "denovo_l1",
    .summary = "DeNovo L1 (DeNovo-D / D+RO / H): per-word I/V/R/VO, lazy registration from a "
               "store buffer, selective self-invalidation, L1-to-L1 transfers (in the system)",
    .source = "seed 002 §2.4-2.9 (notes/seed002-denovo.md), primer RCC-O",
    .status = "lockstep",
    .top = "denovo_l1",
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
    .family = "denovo",
    .context = "l1",
    .netlist = true,
    .systemc = true,
    .verilator_flags = "--unroll-count 256",
    .lint_params = "L1Sets=4 LineBytes=16 SbEntries=4 Mshrs=2",
};
const gpucoh_unit_t unit_denovo_l2 = {
    .name = "denovo_l2",
    .summary = "DeNovo registry bank: per-word registered bit and owner id, multicast forwards, "
               "registrations in arrival order, recalls of registered lines (in the system)",
    .source = "seed 002 §1.3, §2.5, seed 000 §II.E (notes/seed002-denovo.md)",
    .status = "lockstep",
    .top = "denovo_l2",
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
    .family = "denovo",
    .context = "l2",
    .netlist = true,
    .systemc = true,
    .verilator_flags = "--unroll-count 256",
    .lint_params = "L2Sets=4 L2Mshrs=4 LineBytes=16",
};

/* The parameter tables are views of dn_p; filled once before first use. */
__attribute__((constructor)) static void denovo_units_fill(void) {
    gsys_ptab_defs(&dn_ptab, l1_sel, NSEL(l1_sel), l1_params);
    gsys_ptab_defs(&dn_ptab, l2_sel, NSEL(l2_sel), l2_params);
}

int denovo_desc_set(denovo_sys_desc_t* s, const char* kv, char* err, size_t errlen) {
    return gsys_ptab_set(&dn_ptab, s, kv, err, errlen);
}

void denovo_desc_print(const denovo_sys_desc_t* s, FILE* f) {
    gsys_ptab_print(&dn_ptab, s, f);
}

void denovo_desc_json(const denovo_sys_desc_t* s, FILE* f) {
    gsys_ptab_json(&dn_ptab, s, f);
}

void denovo_msg_cli_names(char* msg, size_t n) {
    gsys_ptab_cli_names(&dn_ptab, msg, n);
}
