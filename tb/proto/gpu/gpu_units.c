/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpu_units.c -- catalogue entries of the baseline GPU units (gpu_units.h): parameters, RTL
 * files, storage, wave signals. Spec: docs/units/gpu/gpu_l1.md, gpu_l2.md.
 */
#include "gpucoh_bits.h"
#include "gpu_units.h"

#include <string.h>

#include "gpu_l1.h"
#include "gpu_l2.h"
#include "gpu_l1_ports.h"
#include "gpu_l2_ports.h"
#include "gsys_params.h"
#include "tb_ports.h"

static const char* const proto_names[] = {"gpu-d", "gpu-h", NULL};

#define GP(n, r, k, e, h, f) GSYS_PDEF(gpu_desc_t, n, r, k, e, h, f)
enum {
    GP_PROTO,
    GP_RSP,
    GP_SM,
    GP_WF,
    GP_BANKS,
    GP_LINE,
    GP_AW,
    GP_L1S,
    GP_L1W,
    GP_L1Q,
    GP_SB,
    GP_SBI,
    GP_WTC,
    GP_L2S,
    GP_L2W,
    GP_MSHR,
    GP_L2Q,
    GP_N
};
static const gsys_pdef_t gpu_p[GP_N] = {
    [GP_PROTO] =
        GP("protocol", "Hrf", GPUCOH_P_ENUM, proto_names, "gpu-d | gpu-h (default gpu-d)", hrf),
    [GP_RSP] = GP("rsp", "Rsp", GPUCOH_P_UINT, NULL,
                  "remote-scope promotion: 0, 1 (1 needs Hrf = 1; default 0)", rsp),
    [GP_SM] = GP("sm", "NumSm", GPUCOH_P_UINT, NULL, "SMs: 1..64 (default 15)", num_sm),
    [GP_WF] =
        GP("wf", "NumWf", GPUCOH_P_UINT, NULL, "wavefronts per SM: 1..64 (default 48)", num_wf),
    [GP_BANKS] = GP("banks", "NumBanks", GPUCOH_P_UINT, NULL, "L2 banks: 1,2,4,8,16 (default 16)",
                    num_banks),
    [GP_LINE] = GP("line", "LineBytes", GPUCOH_P_UINT, NULL,
                   "line bytes: 16, 32, 64, 128 (default 64)", line_bytes),
    [GP_AW] = GP("addr_width", "AddrWidth", GPUCOH_P_UINT, NULL,
                 "byte-address bits: 16..48 (default 32)", addr_width),
    [GP_L1S] = GP("l1_sets", "L1Sets", GPUCOH_P_UINT, NULL,
                  "L1 sets: power of two 1..256 (default 64)", l1_sets),
    [GP_L1W] = GP("l1_ways", "L1Ways", GPUCOH_P_UINT, NULL, "L1 ways: 1..8 (default 8)", l1_ways),
    [GP_L1Q] = GP("l1_queue", "L1Queue", GPUCOH_P_UINT, NULL,
                  "core request FIFO depth: 1..8 (default 4)", l1_queue),
    [GP_SB] = GP("sb_entries", "SbEntries", GPUCOH_P_UINT, NULL,
                 "store-buffer entries (dirty lines): 1..256 (default 256)", sb_entries),
    [GP_SBI] = GP("sb_idle", "SbIdle", GPUCOH_P_UINT, NULL,
                  "cycles without a store before the store buffer drains: 1..65535 (default 1000)",
                  sb_idle),
    [GP_WTC] = GP("wt_cnt_width", "WtCntWidth", GPUCOH_P_UINT, NULL,
                  "outstanding write-through counter bits: 2..10 (default 9)", wt_cnt_width),
    [GP_L2S] = GP("l2_sets", "L2Sets", GPUCOH_P_UINT, NULL,
                  "L2 sets per bank: power of two 1..1024 (default 256)", l2_sets),
    [GP_L2W] = GP("l2_ways", "L2Ways", GPUCOH_P_UINT, NULL, "L2 ways: 1..16 (default 16)", l2_ways),
    [GP_MSHR] = GP("l2_mshrs", "L2Mshrs", GPUCOH_P_UINT, NULL,
                   "L2 MSHRs per bank: 1..64 (default 32)", l2_mshrs),
    [GP_L2Q] = GP("l2_queue", "L2Queue", GPUCOH_P_UINT, NULL,
                  "L2 request FIFO depth: 1..8 (default 4)", l2_queue),
};
static const gsys_ptab_t gpu_ptab = {"the GPU system", gpu_p, GP_N};

static const uint8_t l1_sel[] = {GP_PROTO, GP_RSP, GP_SM,  GP_WF, GP_LINE, GP_AW,
                                 GP_L1S,   GP_L1W, GP_L1Q, GP_SB, GP_SBI,  GP_WTC};
static const uint8_t l2_sel[] = {GP_RSP, GP_SM,  GP_BANKS, GP_LINE, GP_AW,
                                 GP_L2S, GP_L2W, GP_MSHR,  GP_L2Q};
#define NSEL(a) (sizeof(a) / sizeof(a[0]))

static gpucoh_param_def_t l1_params[NSEL(l1_sel)], l2_params[NSEL(l2_sel)];

static int unit_check(const gpucoh_unit_t* u, const gpu_desc_t* d, char* err, size_t errlen) {
    if (u == &unit_gpu_l1) {
        const gpu_l1_desc_t x = gpu_l1_desc_from(d);
        return gpu_l1_check_desc(&x, err, errlen);
    }
    const gpu_l2_desc_t x = gpu_l2_desc_from(d);
    return gpu_l2_check_desc(&x, err, errlen);
}

/* desc_from_pvals: a descriptor from the paper defaults (GPU-D) overridden by the parameters
 * given in pv */
GSYS_UNIT_PARAMS(gpu, gpu_ptab, gpu_desc_t, gpu_desc_default(GPU_D))

/* RSP's registers (docs/units/gpu/rsp.md section 10, registers only: the request FIFOs'
 * contents are not counted for any variant, gpu_l2.md section 3): per L1 rblk, rst (4), rsnt,
 * cfv and bcnt (AW = CW(NumSm + 1)), cfl (CW(SbEntries + 1)), csrc (CW(NumSm)); per bank tbusy,
 * town (CW(NumSm)), twait (NumSm). 0 without Rsp. */
static uint32_t cw(uint32_t n) {
    return n > 1u ? gpucoh_log2_ceil(n) : 1u;
}
static uint32_t l1_rsp_bits(const gpu_desc_t* d) {
    return d->rsp ? 7u + cw(d->num_sm + 1u) + cw(d->sb_entries + 1u) + cw(d->num_sm) : 0u;
}
static uint32_t l2_rsp_bits(const gpu_desc_t* d) {
    return d->rsp ? 1u + cw(d->num_sm) + d->num_sm : 0u;
}

/* Storage (section 3 of each unit page), in bits. */
static uint32_t l1_storage_bits(const gpucoh_pvals_t* pv) {
    const gpu_desc_t d = pv_dtype(&unit_gpu_l1, pv);
    const uint32_t la = d.addr_width - gpucoh_log2_ceil(d.line_bytes);
    const uint32_t lines = d.l1_sets * d.l1_ways;
    const uint32_t per = (la - gpucoh_log2_ceil(d.l1_sets)) + 4u + d.num_wf + 9u * d.line_bytes;
    const uint32_t sb = d.sb_entries * la + 2u * (gpucoh_log2_ceil(d.sb_entries) + 1u);
    return lines * per + d.l1_sets * gpucoh_log2_ceil(d.l1_ways) + sb + d.wt_cnt_width + 2u +
           3u * d.num_wf + 16u + l1_rsp_bits(&d);
}
static uint32_t l2_storage_bits(const gpucoh_pvals_t* pv) {
    const gpu_desc_t d = pv_dtype(&unit_gpu_l2, pv);
    const uint32_t la = d.addr_width - gpucoh_log2_ceil(d.line_bytes);
    const uint32_t lines = d.l2_sets * d.l2_ways;
    const uint32_t per = (la - gpucoh_log2_ceil(d.l2_sets)) + 2u + 8u * d.line_bytes;
    const uint32_t mshr = 1u + la + gpucoh_log2_ceil(d.l2_ways) + d.num_sm + d.line_bytes;
    return lines * per + d.l2_sets * gpucoh_log2_ceil(d.l2_ways) + d.l2_mshrs * mshr +
           l2_rsp_bits(&d);
}
/* data arrays in SRAM macros: one single-ported macro per unit */
static void l1_sram_shape(const gpucoh_pvals_t* pv, uint32_t* bits, uint32_t* banks,
                          uint32_t* ports) {
    const gpu_desc_t d = pv_dtype(&unit_gpu_l1, pv);
    *bits = d.l1_sets * d.l1_ways * 8u * d.line_bytes;
    *banks = 1;
    *ports = 1;
}
static void l2_sram_shape(const gpucoh_pvals_t* pv, uint32_t* bits, uint32_t* banks,
                          uint32_t* ports) {
    const gpu_desc_t d = pv_dtype(&unit_gpu_l2, pv);
    *bits = d.l2_sets * d.l2_ways * 8u * d.line_bytes;
    *banks = 1;
    *ports = 1;
}

/* the packages first: the shared atomic codes (rtl/gpucoh_atom_pkg.sv) and the encodings of the
 * GPU family (rtl/gpu/gpu_pkg.sv); then the shared primitives each unit instantiates
 * (docs/units/prim/primitives.md), then the unit */
static const char* const l1_files[] = {
    "gpucoh_atom_pkg.sv",       "gpu/gpu_pkg.sv",     "prim/gpucoh_fifo.sv",
    "prim/gpucoh_bytemerge.sv", "prim/gpucoh_amo.sv", "prim/gpucoh_ffs.sv",
    "prim/gpucoh_rr_ffs.sv",    "gpu/gpu_l1.sv",      NULL};
static const char* const l2_files[] = {"gpucoh_atom_pkg.sv",  "gpu/gpu_pkg.sv",
                                       "prim/gpucoh_fifo.sv", "prim/gpucoh_bytemerge.sv",
                                       "prim/gpucoh_amo.sv",  "prim/gpucoh_ffs2.sv",
                                       "prim/gpucoh_ffs.sv",  "prim/gpucoh_rr_ffs.sv",
                                       "gpu/gpu_l2.sv",       NULL};

/* gpu_l1 / gpu_l2: clk_i and the handshakes of their port tables (all 1 bit) */
#define TB_PORT_TOP "TOP.gpu_l1."
TB_PORT_LISTS(l1, GPU_L1_PORTS, unit_gpu_l1)
#undef TB_PORT_TOP
#define TB_PORT_TOP "TOP.gpu_l2."
TB_PORT_LISTS(l2, GPU_L2_PORTS, unit_gpu_l2)
#undef TB_PORT_TOP

const gpucoh_unit_t unit_gpu_l1 = {
    .name = "gpu_l1",
    .summary = "baseline GPU L1 (GPU-D / GPU-H): valid bit, byte-dirty coalescing store buffer, "
               "flash self-invalidation, CTA atomics in the L1 (in the system)",
    .source = "seed 002 §2.1-2.3, seed 000 Table 3 a0-a18 (notes/seed002-denovo.md)",
    .status = "done",
    .top = "gpu_l1",
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
    .family = "gpu",
    .context = "l1",
    .netlist = true,
    .systemc = true,
    .verilator_flags = "--unroll-count 256",
    .lint_params = "Hrf=1 Rsp=1 NumSm=4 L1Sets=4 LineBytes=16 SbEntries=4",
};
const gpucoh_unit_t unit_gpu_l2 = {
    .name = "gpu_l2",
    .summary = "baseline GPU L2 bank: write-back, write-allocate, byte-merged write-throughs "
               "with acks, atomics, MSHRs merging reads (in the system)",
    .source = "seed 002 §2.2, primer RCC Table 10.13 (notes/seed002-denovo.md)",
    .status = "done",
    .top = "gpu_l2",
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
    .family = "gpu",
    .context = "l2",
    .netlist = true,
    .systemc = true,
    .verilator_flags = "--unroll-count 256",
    .lint_params = "Rsp=1 NumSm=4 L2Sets=4 L2Mshrs=4 LineBytes=16",
};

/* The parameter tables are views of gpu_p; filled once before first use. */
__attribute__((constructor)) static void gpu_units_fill(void) {
    gsys_ptab_defs(&gpu_ptab, l1_sel, NSEL(l1_sel), l1_params);
    gsys_ptab_defs(&gpu_ptab, l2_sel, NSEL(l2_sel), l2_params);
}

int gpu_desc_set(gpu_desc_t* d, const char* kv, char* err, size_t errlen) {
    return gsys_ptab_set(&gpu_ptab, d, kv, err, errlen);
}

void gpu_desc_print(const gpu_desc_t* d, FILE* f) {
    gsys_ptab_print(&gpu_ptab, d, f);
}

void gpu_desc_json(const gpu_desc_t* d, FILE* f) {
    gsys_ptab_json(&gpu_ptab, d, f);
}

void gpu_msg_cli_names(char* msg, size_t n) {
    gsys_ptab_cli_names(&gpu_ptab, msg, n);
}
