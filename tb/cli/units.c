/* SPDX-License-Identifier: Apache-2.0 */
/* units.c -- the catalogue: every unit the gpucoh tool can co-simulate, synthesize and bench. */
#include <stdio.h>
#include <string.h>

#include "avu_tb.h"
#include "avu_ports.h"
#include "gpucoh_bits.h"
#include "rdu_tb.h"
#include "rdu_ports.h"
#include "sig_bloom_tb.h"
#include "sig_bloom_ports.h"
#include "tb_ports.h"
#include "gpu_units.h"
#include "tc_units.h"
#include "unit.h"
#include "util.h"

/* every registered entry, declared (tb/cli/units.def): each is defined with its unit's files */
#define GPUCOH_UNIT(entry) extern const gpucoh_unit_t entry;
#include "units.def"
#undef GPUCOH_UNIT

/* ---- sig_bloom ------------------------------------------------------------------------------ */

static const char* const sb_org_names[] = {"true", "parallel", NULL};
static const char* const sb_hash_names[] = {"h3", "bitsel", NULL};

static const gpucoh_param_def_t sb_params[SB_P_COUNT] = {
    [SB_P_M] = {"m", "SigBits", GPUCOH_P_UINT, NULL,
                "signature bits: power of two, 256..16384 (default 4096)"},
    [SB_P_K] = {"k", "NumHashes", GPUCOH_P_UINT, NULL, "hash functions: 1..8 (default 6)"},
    [SB_P_ORG] = {"org", "Parallel", GPUCOH_P_ENUM, sb_org_names,
                  "organisation: true | parallel (k banks of m/k bits) (default true)"},
    [SB_P_HASH] = {"hash", "HashKind", GPUCOH_P_ENUM, sb_hash_names,
                   "hash family: h3 | bitsel (default h3)"},
    [SB_P_GRAN] = {"gran", "GranBytes", GPUCOH_P_UINT, NULL,
                   "tracking granularity in bytes: 1, 4, 128, 512 (default 128)"},
    [SB_P_AW] = {"addr_width", "AddrWidth", GPUCOH_P_UINT, NULL,
                 "address width in bits: 16..64 (default 32)"},
    [SB_P_CW] = {"chunk_width", "ChunkWidth", GPUCOH_P_UINT, NULL,
                 "read-out/load chunk bits: power of two, 8..512, <= m (default 64)"},
    [SB_P_THRESH] = {"threshold", "Threshold", GPUCOH_P_UINT, NULL,
                     "insertions that raise thresh_o: 1..2m-1 (default m/8)"},
    [SB_P_SEED] = {"h3_seed", "H3Seed", GPUCOH_P_UINT, NULL,
                   "H3 matrix seed: 1..0xffffffff (default 0x9e3779b9)"},
};

void sig_bloom_tb_desc(const gpucoh_pvals_t* pv, sig_bloom_desc_t* d) {
    d->m = (uint32_t)pv->v[SB_P_M];
    d->k = (uint32_t)pv->v[SB_P_K];
    d->org = (sig_bloom_org_t)pv->v[SB_P_ORG];
    d->hash = (sig_bloom_hash_t)pv->v[SB_P_HASH];
    d->gran = (uint32_t)pv->v[SB_P_GRAN];
    d->addr_width = (uint32_t)pv->v[SB_P_AW];
    d->chunk_width = (uint32_t)pv->v[SB_P_CW];
    d->threshold = (uint32_t)pv->v[SB_P_THRESH];
    d->h3_seed = (uint32_t)pv->v[SB_P_SEED];
}

/* "<unit>: <why>" for a model's parameter check, whose message names its unit already
 * ("sig_bloom: m = ... is illegal"): no second prefix. */
static void unit_msg(char* err, size_t errlen, const char* unit, const char* why) {
    const size_t n = strlen(unit);
    if (!strncmp(why, unit, n) && why[n] == ':')
        snprintf(err, errlen, "%s", why);
    else
        snprintf(err, errlen, "%s: %s", unit, why);
}

static int sb_resolve(gpucoh_pvals_t* pv, char* err, size_t errlen) {
    sig_bloom_desc_t def = sig_bloom_desc_default();
    const uint64_t defs[SB_P_COUNT] = {def.m,           def.k,         def.org,
                                       def.hash,        def.gran,      def.addr_width,
                                       def.chunk_width, def.threshold, def.h3_seed};
    for (unsigned i = 0; i < SB_P_COUNT; i++)
        if (!pv->set[i])
            pv->v[i] = defs[i];
    for (unsigned i = 0; i < SB_P_COUNT; i++) {
        if (pv->v[i] > 0xFFFFFFFFull) {
            snprintf(err, errlen, "parameter %s=%llu is out of range (%s)", sb_params[i].name,
                     (unsigned long long)pv->v[i], sb_params[i].help);
            return -1;
        }
    }
    if (!pv->set[SB_P_THRESH]) /* the default threshold follows m: n = m/8 (spec D5) */
        pv->v[SB_P_THRESH] = pv->v[SB_P_M] / 8 ? pv->v[SB_P_M] / 8 : 1;
    sig_bloom_desc_t d;
    sig_bloom_tb_desc(pv, &d);
    char why[256];
    if (sig_bloom_check_desc(&d, why, sizeof why) != SIG_BLOOM_OK) {
        unit_msg(err, errlen, "sig_bloom", why);
        return -1;
    }
    return 0;
}

/* storage: the m signature bits and the CW = log2(m) + 1 bit counter (as synth/sweep.sh) */
static uint32_t sb_storage_bits(const gpucoh_pvals_t* pv) {
    const uint32_t m = (uint32_t)pv->v[SB_P_M];
    return m + gpucoh_log2_ceil(m) + 1u;
}

/* the signature in SRAM: one k-ported macro (true) or k single-ported banks (parallel) */
static void sb_sram_shape(const gpucoh_pvals_t* pv, uint32_t* bits, uint32_t* banks,
                          uint32_t* ports) {
    const uint32_t k = (uint32_t)pv->v[SB_P_K];
    const bool parallel = pv->v[SB_P_ORG] == SIG_BLOOM_ORG_PARALLEL;
    *bits = (uint32_t)pv->v[SB_P_M];
    *banks = parallel ? k : 1u;
    *ports = parallel ? 1u : k;
}

static const char* const sb_rtl_files[] = {"gpucoh_pkg.sv", "sig/sig_bloom.sv", NULL};

/* clk_i, the ports of the port table (cmodel/sig/sig_bloom_ports.h), the state */
#define TB_PORT_TOP "TOP.sig_bloom."
static const char* const sb_wave_signals[] = {
    TB_PORT_TOP "clk_i", SIG_BLOOM_PORTS(TB_PORT_WAVE, TB_PORT_NO_P) TB_PORT_TOP "count_q",
    TB_PORT_TOP "bits_q", NULL};
#undef TB_PORT_TOP
static const char* const sb_wave_filters[] = {"", SIG_BLOOM_PORTS(TB_PORT_WFILT, TB_PORT_NO_P) "",
                                              "", NULL};
static const gpucoh_port_row_t sb_port_rows[] = {SIG_BLOOM_PORTS(TB_PORT_ROW, TB_PORT_NO_P)};

#define SB_PV(name) tb_pv_rtl(sb_params, SB_P_COUNT, pv, #name)
static uint32_t sb_wave_width(const gpucoh_pvals_t* pv, unsigned i) {
    unsigned k = 1; /* clk_i */
    SIG_BLOOM_PORTS(TB_PORT_WWIDTH, SB_PV)
    if (i == k++) /* count_q */
        return SIG_BLOOM_CW(SB_PV);
    if (i == k++) /* bits_q */
        return (uint32_t)pv->v[SB_P_M];
    return 1u;
}

/* The adapters (tb/<unit>_tb.c) keep the model as the first member of their ctx. */
static const void* sb_model_state(const void* ctx) {
    return &((const sig_bloom_t*)ctx)->st;
}

const gpucoh_unit_t unit_sig_bloom = {
    .name = "sig_bloom",
    .summary = "Bloom-filter signature: true/parallel, H3/bit-select, chunked read-out/load, "
               "insertion counter with threshold",
    .source = "thesis ch. 4 (notes/seed003-rdu-avu.md §1.3)",
    .status = "done",
    .top = "sig_bloom",
    .rtl_files = sb_rtl_files,
    .params = sb_params,
    .nparams = SB_P_COUNT,
    .resolve = sb_resolve,
    .storage_bits = sb_storage_bits,
    .sram_shape = sb_sram_shape,
    .tb = &sig_bloom_tb_ops,
    .wave_signals = sb_wave_signals,
    .wave_filters = sb_wave_filters,
    TB_PORT_ROWS(sb_port_rows),
    .wave_width = sb_wave_width,
    .model_state = sb_model_state,
    .family = "sig",
    .context = "standalone",
    .netlist = true,
    .systemc = true,
    .lint_params = "SigBits=256 ChunkWidth=32",
    .synth_script = "synth/sweep.sh",
    .synth_point = "m4096_k6_true",
    .synth_result = "sig_bloom_m4096_k6_true",
    .netlist_params = "m=256 chunk_width=32",
};

/* ---- rdu / avu: shared signature parameters ------------------------------------------------ */

#define SIGP_M(idx)                                                                                \
    [idx] = {"m", "SigBits", GPUCOH_P_UINT, NULL,                                                  \
             "bits per signature: power of two, 256..16384 (default 4096)"}
#define SIGP_K(idx)                                                                                \
    [idx] = {"k", "NumHashes", GPUCOH_P_UINT, NULL, "hash functions: 1..8 (default 6)"}
#define SIGP_ORG(idx)                                                                              \
    [idx] = {"org", "Parallel", GPUCOH_P_ENUM, sb_org_names,                                       \
             "organisation: true | parallel (default true)"}
#define SIGP_HASH(idx)                                                                             \
    [idx] = {"hash", "HashKind", GPUCOH_P_ENUM, sb_hash_names,                                     \
             "hash family: h3 | bitsel (default h3)"}
#define SIGP_GRAN(idx)                                                                             \
    [idx] = {"gran", "GranBytes", GPUCOH_P_UINT, NULL,                                             \
             "tracking granularity in bytes: 1 (byte), 4 (word), 128 (block), 512 (half page) "    \
             "(default 128)"}
#define SIGP_AW(idx)                                                                               \
    [idx] = {"addr_width", "AddrWidth", GPUCOH_P_UINT, NULL,                                       \
             "address width in bits: 16..64 (default 32)"}
#define SIGP_LINE(idx)                                                                             \
    [idx] = {"line", "LineBytes", GPUCOH_P_UINT, NULL,                                             \
             "line size in bytes: 32, 64, 128, 256 (default 128)"}
#define SIGP_CW(idx)                                                                               \
    [idx] = {"chunk_width", "ChunkWidth", GPUCOH_P_UINT, NULL,                                     \
             "signature shipment beat bits: power of two, 8..512, <= m (default 256)"}
#define SIGP_SEED(idx)                                                                             \
    [idx] = {"h3_seed", "H3Seed", GPUCOH_P_UINT, NULL,                                             \
             "H3 matrix seed: 1..0xffffffff (default 0x9e3779b9)"}

/* Fill defaults for unset parameters and refuse values that do not fit 32 bits. */
static int fill_defaults(const gpucoh_param_def_t* defs, unsigned n, const uint64_t* dflt,
                         gpucoh_pvals_t* pv, char* err, size_t errlen) {
    for (unsigned i = 0; i < n; i++) {
        if (!pv->set[i])
            pv->v[i] = dflt[i];
        if (pv->v[i] > 0xFFFFFFFFull) {
            snprintf(err, errlen, "parameter %s=%llu is out of range (%s)", defs[i].name,
                     (unsigned long long)pv->v[i], defs[i].help);
            return -1;
        }
    }
    return 0;
}

/* ---- rdu ------------------------------------------------------------------------------------ */

static const gpucoh_param_def_t rdu_params[RDU_P_COUNT] = {
    [RDU_P_N] = {"n", "NumSm", GPUCOH_P_UINT, NULL, "number of SMs: 2..64 (default 16)"},
    SIGP_M(RDU_P_M),
    SIGP_K(RDU_P_K),
    SIGP_ORG(RDU_P_ORG),
    SIGP_HASH(RDU_P_HASH),
    SIGP_GRAN(RDU_P_GRAN),
    SIGP_AW(RDU_P_AW),
    SIGP_LINE(RDU_P_LINE),
    SIGP_CW(RDU_P_CW),
    [RDU_P_THRESH] = {"threshold", "Threshold", GPUCOH_P_UINT, NULL,
                      "insertions that force a sync: 1..2m-1 (default m/8)"},
    [RDU_P_QUEUE] = {"queue", "QueueDepth", GPUCOH_P_UINT, NULL,
                     "input-queue entries per SM: 1..16 (default 4)"},
    SIGP_SEED(RDU_P_SEED),
};

void rdu_tb_desc(const gpucoh_pvals_t* pv, rdu_desc_t* d) {
    d->n = (uint32_t)pv->v[RDU_P_N];
    d->sig.m = (uint32_t)pv->v[RDU_P_M];
    d->sig.k = (uint32_t)pv->v[RDU_P_K];
    d->sig.org = (sig_bloom_org_t)pv->v[RDU_P_ORG];
    d->sig.hash = (sig_bloom_hash_t)pv->v[RDU_P_HASH];
    d->sig.gran = (uint32_t)pv->v[RDU_P_GRAN];
    d->sig.addr_width = (uint32_t)pv->v[RDU_P_AW];
    d->sig.chunk_width = (uint32_t)pv->v[RDU_P_CW];
    d->sig.threshold = (uint32_t)pv->v[RDU_P_THRESH];
    d->sig.h3_seed = (uint32_t)pv->v[RDU_P_SEED];
    d->line = (uint32_t)pv->v[RDU_P_LINE];
    d->queue = (uint32_t)pv->v[RDU_P_QUEUE];
}

static int rdu_resolve(gpucoh_pvals_t* pv, char* err, size_t errlen) {
    rdu_desc_t def = rdu_desc_default();
    const uint64_t dflt[RDU_P_COUNT] = {[RDU_P_N] = def.n,
                                        [RDU_P_M] = def.sig.m,
                                        [RDU_P_K] = def.sig.k,
                                        [RDU_P_ORG] = def.sig.org,
                                        [RDU_P_HASH] = def.sig.hash,
                                        [RDU_P_GRAN] = def.sig.gran,
                                        [RDU_P_AW] = def.sig.addr_width,
                                        [RDU_P_LINE] = def.line,
                                        [RDU_P_CW] = def.sig.chunk_width,
                                        [RDU_P_THRESH] = def.sig.threshold,
                                        [RDU_P_QUEUE] = def.queue,
                                        [RDU_P_SEED] = def.sig.h3_seed};
    if (fill_defaults(rdu_params, RDU_P_COUNT, dflt, pv, err, errlen) != 0)
        return -1;
    if (!pv->set[RDU_P_THRESH]) /* follows m: n = m/8 (rdu D4) */
        pv->v[RDU_P_THRESH] = pv->v[RDU_P_M] / 8 ? pv->v[RDU_P_M] / 8 : 1;
    rdu_desc_t d;
    rdu_tb_desc(pv, &d);
    char why[256];
    if (rdu_check_desc(&d, why, sizeof why) != RDU_OK) {
        unit_msg(err, errlen, "rdu", why);
        return -1;
    }
    return 0;
}

/* storage: N signatures and counters, the FIFOs, the current request (docs/units/sig/rdu.md §3) */
static uint32_t rdu_storage_bits(const gpucoh_pvals_t* pv) {
    const uint32_t n = (uint32_t)pv->v[RDU_P_N], m = (uint32_t)pv->v[RDU_P_M];
    const uint32_t aw = (uint32_t)pv->v[RDU_P_AW], line = (uint32_t)pv->v[RDU_P_LINE];
    const uint32_t q = (uint32_t)pv->v[RDU_P_QUEUE];
    return n * (m + gpucoh_log2_ceil(m) + 1u) + n * q * (1u + aw + line);
}

/* the signatures in SRAM: N macros of m bits, k write ports each (true) or k banks (parallel) */
static void rdu_sram_shape(const gpucoh_pvals_t* pv, uint32_t* bits, uint32_t* banks,
                           uint32_t* ports) {
    const uint32_t k = (uint32_t)pv->v[RDU_P_K], n = (uint32_t)pv->v[RDU_P_N];
    const bool parallel = pv->v[RDU_P_ORG] == SIG_BLOOM_ORG_PARALLEL;
    *bits = n * (uint32_t)pv->v[RDU_P_M];
    *banks = parallel ? n * k : n;
    *ports = parallel ? 1u : k;
}

static const char* const rdu_rtl_files[] = {"gpucoh_pkg.sv", "sig/sig_hash.sv", "sig/sig_store.sv",
                                            "sig/rdu.sv", NULL};
/* clk_i, the ports of the port table (cmodel/sig/rdu_ports.h), the state */
#define TB_PORT_TOP "TOP.rdu."
static const char* const rdu_wave_signals[] = {
    TB_PORT_TOP "clk_i",    RDU_PORTS(TB_PORT_WAVE, TB_PORT_NO_P) TB_PORT_TOP "st_q",
    TB_PORT_TOP "cur_sm_q", TB_PORT_TOP "cur_addr_q",
    TB_PORT_TOP "pend_q",   NULL};
#undef TB_PORT_TOP
static const char* const rdu_wave_filters[] = {
    "", RDU_PORTS(TB_PORT_WFILT, TB_PORT_NO_P) "rdu_st.txt", "", "", "", NULL};
static const gpucoh_port_row_t rdu_port_rows[] = {RDU_PORTS(TB_PORT_ROW, TB_PORT_NO_P)};

#define RDU_PV(name) tb_pv_rtl(rdu_params, RDU_P_COUNT, pv, #name)
static uint32_t rdu_wave_width(const gpucoh_pvals_t* pv, unsigned i) {
    unsigned k = 1; /* clk_i */
    RDU_PORTS(TB_PORT_WWIDTH, RDU_PV)
    if (i == k++) /* st_q */
        return 2;
    if (i == k++) /* cur_sm_q */
        return RDU_SW(RDU_PV);
    if (i == k++) /* cur_addr_q */
        return (uint32_t)pv->v[RDU_P_AW];
    if (i == k++) /* pend_q */
        return (uint32_t)pv->v[RDU_P_N];
    return 1u;
}

static const void* rdu_model_state(const void* ctx) {
    return &((const rdu_t*)ctx)->st;
}

const gpucoh_unit_t unit_rdu = {
    .name = "rdu",
    .summary = "Race Detection Unit: N per-SM unseen-update signatures, per-SM input FIFOs, "
               "round-robin, write / race-check / forced sync, chunked signature shipment",
    .source = "thesis ch. 4 (notes/seed003-rdu-avu.md §1.1, §2.1-2.4)",
    .status = "done",
    .top = "rdu",
    .rtl_files = rdu_rtl_files,
    .params = rdu_params,
    .nparams = RDU_P_COUNT,
    .resolve = rdu_resolve,
    .storage_bits = rdu_storage_bits,
    .sram_shape = rdu_sram_shape,
    .tb = &rdu_tb_ops,
    .wave_signals = rdu_wave_signals,
    .wave_filters = rdu_wave_filters,
    TB_PORT_ROWS(rdu_port_rows),
    .wave_width = rdu_wave_width,
    .model_state = rdu_model_state,
    .family = "sig",
    .context = "standalone",
    .netlist = true,
    .systemc = true,
    .lint_params = "NumSm=3 SigBits=256 ChunkWidth=32",
    .synth_script = "synth/hier.sh",
    .synth_point = "rdu_m4096_n16",
    .synth_result = "rdu_m4096_n16",
    .synth_hier = true,
    .netlist_params = "n=3 m=256 k=4 addr_width=16 line=32 gran=4 chunk_width=32 queue=2 "
                      "threshold=8",
};

/* ---- avu ------------------------------------------------------------------------------------ */

static const gpucoh_param_def_t avu_params[AVU_P_COUNT] = {
    SIGP_M(AVU_P_M),
    SIGP_K(AVU_P_K),
    SIGP_ORG(AVU_P_ORG),
    SIGP_HASH(AVU_P_HASH),
    SIGP_GRAN(AVU_P_GRAN),
    SIGP_AW(AVU_P_AW),
    SIGP_LINE(AVU_P_LINE),
    SIGP_CW(AVU_P_CW),
    SIGP_SEED(AVU_P_SEED),
    [AVU_P_LINES] = {"lines", "NumLines", GPUCOH_P_UINT, NULL,
                     "L1 lines tracked: power of two, 4..1024 (default 128)"},
    [AVU_P_EW] = {"epoch_width", "EpochWidth", GPUCOH_P_UINT, NULL,
                  "epoch register / tag bits: 2..8 (default 5)"},
    [AVU_P_HITLIM] = {"hit_limit", "HitLimit", GPUCOH_P_UINT, NULL,
                      "consecutive hits that force a race-check: 1..15 (default 4)"},
    [AVU_P_SPEC] = {"spec_depth", "SpecDepth", GPUCOH_P_UINT, NULL,
                    "speculative-load queue entries: 1..32 (default 8)"},
    [AVU_P_OUTMAX] = {"out_max", "OutMax", GPUCOH_P_UINT, NULL,
                      "outstanding RDU requests: 1..255 (default 16)"},
    [AVU_P_IDW] = {"id_width", "IdWidth", GPUCOH_P_UINT, NULL,
                   "load token bits: 1..32 (default 16)"},
};

void avu_tb_desc(const gpucoh_pvals_t* pv, avu_desc_t* d) {
    d->sig.m = (uint32_t)pv->v[AVU_P_M];
    d->sig.k = (uint32_t)pv->v[AVU_P_K];
    d->sig.org = (sig_bloom_org_t)pv->v[AVU_P_ORG];
    d->sig.hash = (sig_bloom_hash_t)pv->v[AVU_P_HASH];
    d->sig.gran = (uint32_t)pv->v[AVU_P_GRAN];
    d->sig.addr_width = (uint32_t)pv->v[AVU_P_AW];
    d->sig.chunk_width = (uint32_t)pv->v[AVU_P_CW];
    d->sig.threshold = d->sig.m / 8u ? d->sig.m / 8u : 1u; /* unused by the AVU */
    d->sig.h3_seed = (uint32_t)pv->v[AVU_P_SEED];
    d->line = (uint32_t)pv->v[AVU_P_LINE];
    d->lines = (uint32_t)pv->v[AVU_P_LINES];
    d->epoch_width = (uint32_t)pv->v[AVU_P_EW];
    d->hit_limit = (uint32_t)pv->v[AVU_P_HITLIM];
    d->spec_depth = (uint32_t)pv->v[AVU_P_SPEC];
    d->out_max = (uint32_t)pv->v[AVU_P_OUTMAX];
    d->id_width = (uint32_t)pv->v[AVU_P_IDW];
}

static int avu_resolve(gpucoh_pvals_t* pv, char* err, size_t errlen) {
    avu_desc_t def = avu_desc_default();
    const uint64_t dflt[AVU_P_COUNT] = {
        [AVU_P_M] = def.sig.m,          [AVU_P_K] = def.sig.k,
        [AVU_P_ORG] = def.sig.org,      [AVU_P_HASH] = def.sig.hash,
        [AVU_P_GRAN] = def.sig.gran,    [AVU_P_AW] = def.sig.addr_width,
        [AVU_P_LINE] = def.line,        [AVU_P_CW] = def.sig.chunk_width,
        [AVU_P_SEED] = def.sig.h3_seed, [AVU_P_LINES] = def.lines,
        [AVU_P_EW] = def.epoch_width,   [AVU_P_HITLIM] = def.hit_limit,
        [AVU_P_SPEC] = def.spec_depth,  [AVU_P_OUTMAX] = def.out_max,
        [AVU_P_IDW] = def.id_width};
    if (fill_defaults(avu_params, AVU_P_COUNT, dflt, pv, err, errlen) != 0)
        return -1;
    avu_desc_t d;
    avu_tb_desc(pv, &d);
    char why[256];
    if (avu_check_desc(&d, why, sizeof why) != AVU_OK) {
        unit_msg(err, errlen, "avu", why);
        return -1;
    }
    return 0;
}

/* storage: signature, epoch, per-line tags, op register, speculative queue (avu.md §3) */
static uint32_t avu_storage_bits(const gpucoh_pvals_t* pv) {
    const uint32_t m = (uint32_t)pv->v[AVU_P_M], lines = (uint32_t)pv->v[AVU_P_LINES];
    const uint32_t ew = (uint32_t)pv->v[AVU_P_EW], hl = (uint32_t)pv->v[AVU_P_HITLIM];
    const uint32_t d = (uint32_t)pv->v[AVU_P_SPEC], aw = (uint32_t)pv->v[AVU_P_AW];
    const uint32_t line = (uint32_t)pv->v[AVU_P_LINE], gran = (uint32_t)pv->v[AVU_P_GRAN];
    const uint32_t idw = (uint32_t)pv->v[AVU_P_IDW];
    const uint32_t ow = gpucoh_log2_ceil((uint32_t)pv->v[AVU_P_OUTMAX] + 1u);
    const uint32_t hw = hl > 1 ? gpucoh_log2_ceil(hl) : 1u, un = gran < line ? line / gran : 1u;
    const uint32_t lw = lines > 1 ? gpucoh_log2_ceil(lines) : 1u;
    return m + ew + lines * (ew + 1u + hw) + ow + (3u + lw + aw + line + idw) +
           d * (1u + idw + aw + un + ow + 2u);
}

/* the signature in SRAM: one single-ported m-bit macro (LOAD writes chunks, TEST reads k bits) */
static void avu_sram_shape(const gpucoh_pvals_t* pv, uint32_t* bits, uint32_t* banks,
                           uint32_t* ports) {
    const uint32_t k = (uint32_t)pv->v[AVU_P_K];
    const bool parallel = pv->v[AVU_P_ORG] == SIG_BLOOM_ORG_PARALLEL;
    *bits = (uint32_t)pv->v[AVU_P_M];
    *banks = parallel ? k : 1u;
    *ports = parallel ? 1u : k;
}

static const char* const avu_rtl_files[] = {"gpucoh_pkg.sv", "sig/sig_hash.sv", "sig/sig_store.sv",
                                            "sig/avu.sv", NULL};
/* clk_i, the ports of the port table (cmodel/sig/avu_ports.h), the state */
#define TB_PORT_TOP "TOP.avu."
static const char* const avu_wave_signals[] = {
    TB_PORT_TOP "clk_i", AVU_PORTS(TB_PORT_WAVE, TB_PORT_NO_P) TB_PORT_TOP "st_q",
    TB_PORT_TOP "outs_q", TB_PORT_TOP "qn_q", NULL};
#undef TB_PORT_TOP
static const char* const avu_wave_filters[] = {
    "", AVU_PORTS(TB_PORT_WFILT, TB_PORT_NO_P) "avu_st.txt", "", "", NULL};
static const gpucoh_port_row_t avu_port_rows[] = {AVU_PORTS(TB_PORT_ROW, TB_PORT_NO_P)};

#define AVU_PV(name) tb_pv_rtl(avu_params, AVU_P_COUNT, pv, #name)
static uint32_t avu_wave_width(const gpucoh_pvals_t* pv, unsigned i) {
    unsigned k = 1; /* clk_i */
    AVU_PORTS(TB_PORT_WWIDTH, AVU_PV)
    if (i == k++) /* st_q */
        return 2;
    if (i == k++) /* outs_q */
        return gpucoh_log2_ceil((uint32_t)pv->v[AVU_P_OUTMAX] + 1u);
    if (i == k++) /* qn_q */
        return gpucoh_log2_ceil((uint32_t)pv->v[AVU_P_SPEC] + 1u);
    return 1u;
}

static const void* avu_model_state(const void* ctx) {
    return &((const avu_t*)ctx)->st;
}

const gpucoh_unit_t unit_avu = {
    .name = "avu",
    .summary = "Access Validation Unit: previous-epoch signature, 5-bit epochs with scrub, L1 "
               "hit validation, hit-limit race-checks, speculative-load queue",
    .source = "thesis ch. 4 (notes/seed003-rdu-avu.md §1.2, §1.4, §2.5-2.6)",
    .status = "done",
    .top = "avu",
    .rtl_files = avu_rtl_files,
    .params = avu_params,
    .nparams = AVU_P_COUNT,
    .resolve = avu_resolve,
    .storage_bits = avu_storage_bits,
    .sram_shape = avu_sram_shape,
    .tb = &avu_tb_ops,
    .wave_signals = avu_wave_signals,
    .wave_filters = avu_wave_filters,
    TB_PORT_ROWS(avu_port_rows),
    .wave_width = avu_wave_width,
    .model_state = avu_model_state,
    .family = "sig",
    .context = "standalone",
    .netlist = true,
    .systemc = true,
    .lint_params = "SigBits=256 ChunkWidth=32 NumLines=8",
    .synth_script = "synth/hier.sh",
    .synth_point = "avu_m4096",
    .synth_result = "avu_m4096",
    .synth_hier = true,
    .netlist_params = "m=256 k=4 gran=4 line=32 chunk_width=32 lines=8 epoch_width=2 "
                      "hit_limit=2 spec_depth=2 out_max=3 id_width=4 addr_width=16",
};

/* ---- registry ------------------------------------------------------------------------------- */

/* tb/cli/units.def: one line a unit */
#define GPUCOH_UNIT(entry) &entry,
static const gpucoh_unit_t* const all_units[] = {
#include "units.def"
    NULL};
#undef GPUCOH_UNIT

const gpucoh_unit_t* const* gpucoh_units(void) {
    return all_units;
}

const gpucoh_unit_t* gpucoh_unit_find(const char* name) {
    for (const gpucoh_unit_t* const* u = all_units; *u; u++)
        if (strcmp((*u)->name, name) == 0)
            return *u;
    return NULL;
}
