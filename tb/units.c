/* SPDX-License-Identifier: Apache-2.0 */
/* units.c -- the catalogue: every unit the gpucoh tool can co-simulate, synthesize and bench. */
#include <stdio.h>
#include <string.h>

#include "sig_bloom_tb.h"
#include "unit.h"
#include "util.h"

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
        snprintf(err, errlen, "sig_bloom: %s", why);
        return -1;
    }
    return 0;
}

/* ceil(log2(x)) for x >= 1 */
static uint32_t clog2u(uint32_t x) {
    uint32_t lg = 0;
    while ((1u << lg) < x)
        lg++;
    return lg;
}

/* storage: the m signature bits and the CW = log2(m) + 1 bit counter (as synth/sweep.sh) */
static uint32_t sb_storage_bits(const gpucoh_pvals_t* pv) {
    const uint32_t m = (uint32_t)pv->v[SB_P_M];
    return m + clog2u(m) + 1u;
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

static const char* const sb_rtl_files[] = {"gpucoh_pkg.sv", "sig_bloom.sv", NULL};

static const char* const sb_wave_signals[] = {
    "TOP.sig_bloom.clk_i",        "TOP.sig_bloom.rst_ni",
    "TOP.sig_bloom.op_i",         "TOP.sig_bloom.addr_i",
    "TOP.sig_bloom.chunk_idx_i",  "TOP.sig_bloom.chunk_data_i",
    "TOP.sig_bloom.resp_valid_o", "TOP.sig_bloom.member_o",
    "TOP.sig_bloom.chunk_data_o", "TOP.sig_bloom.count_o",
    "TOP.sig_bloom.thresh_o",     "TOP.sig_bloom.count_q",
    "TOP.sig_bloom.bits_q",       NULL};
static const char* const sb_wave_filters[] = {
    "", "", "sig_bloom_op.txt", "", "", "", "", "", "", "", "", "", "", NULL};

static uint32_t sb_wave_width(const gpucoh_pvals_t* pv, unsigned i) {
    uint32_t m = (uint32_t)pv->v[SB_P_M], c = (uint32_t)pv->v[SB_P_CW];
    const uint32_t cw = clog2u(m) + 1u;                  /* CW = log2(m) + 1 */
    const uint32_t ciw = m / c > 1 ? clog2u(m / c) : 1u; /* CIW = max(1, log2(NC)) */
    switch (i) {
    case 2:
        return 3;
    case 3:
        return (uint32_t)pv->v[SB_P_AW];
    case 4:
        return ciw;
    case 5:
    case 8:
        return c;
    case 9:
    case 11:
        return cw;
    case 12:
        return m;
    default:
        return 1;
    }
}

static const gpucoh_unit_t unit_sig_bloom = {
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
    .wave_width = sb_wave_width,
};

/* ---- registry ------------------------------------------------------------------------------- */

static const gpucoh_unit_t* const all_units[] = {&unit_sig_bloom, NULL};

const gpucoh_unit_t* const* gpucoh_units(void) {
    return all_units;
}

const gpucoh_unit_t* gpucoh_unit_find(const char* name) {
    for (const gpucoh_unit_t* const* u = all_units; *u; u++)
        if (strcmp((*u)->name, name) == 0)
            return *u;
    return NULL;
}

int gpucoh_param_set(const gpucoh_unit_t* u, gpucoh_pvals_t* pv, const char* kv, char* err,
                     size_t errlen) {
    const char* eq = strchr(kv, '=');
    if (!eq || eq == kv || !eq[1]) {
        snprintf(err, errlen, "--param expects NAME=VALUE, got '%s'", kv);
        return -1;
    }
    size_t nlen = (size_t)(eq - kv);
    const char* val = eq + 1;
    for (unsigned i = 0; i < u->nparams; i++) {
        const gpucoh_param_def_t* p = &u->params[i];
        if (strlen(p->name) != nlen || strncmp(p->name, kv, nlen) != 0)
            continue;
        if (pv->set[i]) {
            snprintf(err, errlen, "parameter '%s' given twice", p->name);
            return -1;
        }
        if (p->kind == GPUCOH_P_ENUM) {
            for (unsigned e = 0; p->enum_names[e]; e++) {
                if (strcmp(p->enum_names[e], val) == 0) {
                    pv->v[i] = e;
                    pv->set[i] = true;
                    return 0;
                }
            }
            snprintf(err, errlen, "parameter %s: '%s' is not one of:", p->name, val);
            for (unsigned e = 0; p->enum_names[e]; e++) {
                size_t l = strlen(err);
                snprintf(err + l, errlen - l, " %s", p->enum_names[e]);
            }
            return -1;
        }
        uint64_t v;
        if (!gpucoh_parse_u64(val, &v)) {
            snprintf(err, errlen, "parameter %s: '%s' is not an unsigned number (%s)", p->name, val,
                     p->help);
            return -1;
        }
        pv->v[i] = v;
        pv->set[i] = true;
        return 0;
    }
    snprintf(err, errlen, "unit %s has no parameter '%.*s'; its parameters are:", u->name,
             (int)nlen, kv);
    for (unsigned i = 0; i < u->nparams; i++) {
        size_t l = strlen(err);
        snprintf(err + l, errlen - l, " %s", u->params[i].name);
    }
    return -1;
}

void gpucoh_param_str(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, unsigned i, char* buf,
                      size_t n) {
    const gpucoh_param_def_t* p = &u->params[i];
    if (p->kind == GPUCOH_P_ENUM)
        snprintf(buf, n, "%s", p->enum_names[pv->v[i]]);
    else
        snprintf(buf, n, "%llu", (unsigned long long)pv->v[i]);
}

void gpucoh_param_rtl(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, unsigned i, char* buf,
                      size_t n) {
    snprintf(buf, n, "%s=%llu", u->params[i].rtl, (unsigned long long)pv->v[i]);
}
