/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_types.c -- defaults and legality check of the Temporal Coherence parameters
 * (docs/system.md section 2, the "Default (paper)" and "Legal" columns). Written from the
 * specification only.
 *
 * Readings:
 *  - LeaseMode default: predict (1) for TC-Weak, fixed (0) for TC-Strong (the table's cell).
 *    tc_desc_default() of a protocol value other than 0/1 keeps that value (tc_check_desc then
 *    rejects it) and takes LeaseMode fixed.
 *  - Beyond the "Legal" column, the derived tag widths of C4 must be >= 1 bit:
 *    L1 tag = LA - log2 L1Sets, L2 tag = LA - log2 L2Sets (the bank bits stay in the L2 tag), so
 *    AddrWidth is checked against LA >= log2 L1Sets + 1 and LA >= max(log2 B + log2 L2Sets,
 *    log2 L2Sets + 1). The num_wf <= 64 and num_sm <= 64 limits are the table's (6-bit wf/src).
 *  - The checks run in table order, except that AddrWidth's derived constraints run after the
 *    set counts they use have been checked; the first violation is reported. Return value: 0 ok,
 *    1 illegal (also for d == NULL).
 */
#include "tc_types.h"

#include <stdarg.h>
#include <stdio.h>

/* Write the one-line message (when msg is not NULL) and return 1. */
int tc_param_error(char* msg, size_t msg_len, const char* fmt, ...) {
    if (msg != NULL && msg_len > 0u) {
        va_list ap;
        va_start(ap, fmt);
        (void)vsnprintf(msg, msg_len, fmt, ap);
        va_end(ap);
    }
    return 1;
}

static int is_pow2(uint32_t x) {
    return x != 0u && (x & (x - 1u)) == 0u;
}

static uint32_t log2u(uint32_t x) {
    uint32_t r = 0;
    while (x > 1u) {
        x >>= 1;
        r++;
    }
    return r;
}

/* v outside lo..hi (a function, so that lo = 0 draws no "always false" warning) */
static int out_of(uint32_t v, uint32_t lo, uint32_t hi) {
    return v < lo || v > hi;
}

tc_desc_t tc_desc_default(tc_protocol_t p) {
    tc_desc_t d;
    d.protocol = (uint32_t)p;
    d.num_sm = 16u;
    d.num_wf = 48u;
    d.num_banks = 8u;
    d.line_bytes = 128u;
    d.addr_width = 32u;
    d.l1_sets = 64u;
    d.l1_ways = 4u;
    d.l2_sets = 128u;
    d.l2_ways = 8u;
    d.l2_mshrs = 128u;
    d.ts_width = 32u;
    d.l1_queue = 4u;
    d.l2_queue = 4u;
    d.wf_cnt_width = 6u;
    d.line_cnt_width = 4u;
    d.lease_mode = (p == TC_WEAK) ? (uint32_t)TC_LEASE_PREDICT : (uint32_t)TC_LEASE_FIXED;
    d.lease = 800u;
    d.pred_init = 800u;
    d.pred_min = 0u;
    d.pred_max = 65535u;
    d.t_hit = 4u;
    d.t_evict = 8u;
    d.t_write = 8u;
    d.use_t_write = 1u;
    return d;
}

#define RANGE(field, name, lo, hi)                                                                 \
    do {                                                                                           \
        if (out_of(d->field, (lo), (hi))) {                                                        \
            return tc_param_error(msg, msg_len,                                                    \
                                  "tc: " #field " = %u is illegal (" name ": %u..%u)",             \
                                  (unsigned)d->field, (unsigned)(lo), (unsigned)(hi));             \
        }                                                                                          \
    } while (0)

int tc_check_desc(const tc_desc_t* d, char* msg, size_t msg_len) {
    if (d == NULL) {
        return tc_param_error(msg, msg_len, "tc: desc is NULL");
    }
    RANGE(protocol, "Protocol: 0 TC-Strong, 1 TC-Weak", 0u, 1u);
    RANGE(num_sm, "NumSm", 1u, TC_MAX_SM);
    RANGE(num_wf, "NumWf", 1u, TC_MAX_WF);
    if (!is_pow2(d->num_banks) || d->num_banks > TC_MAX_BANKS) {
        return tc_param_error(msg, msg_len,
                              "tc: num_banks = %u is illegal (NumBanks: 1, 2, 4, 8 or 16)",
                              (unsigned)d->num_banks);
    }
    if (!is_pow2(d->line_bytes) || d->line_bytes < 16u || d->line_bytes > TC_MAX_LINE_BYTES) {
        return tc_param_error(msg, msg_len,
                              "tc: line_bytes = %u is illegal (LineBytes: 16, 32, 64 or 128)",
                              (unsigned)d->line_bytes);
    }
    RANGE(addr_width, "AddrWidth", 16u, 48u);
    if (!is_pow2(d->l1_sets) || d->l1_sets > 256u) {
        return tc_param_error(msg, msg_len,
                              "tc: l1_sets = %u is illegal (L1Sets: a power of two in 1..256)",
                              (unsigned)d->l1_sets);
    }
    RANGE(l1_ways, "L1Ways", 1u, 8u);
    if (!is_pow2(d->l2_sets) || d->l2_sets > 1024u) {
        return tc_param_error(msg, msg_len,
                              "tc: l2_sets = %u is illegal (L2Sets: a power of two in 1..1024)",
                              (unsigned)d->l2_sets);
    }
    RANGE(l2_ways, "L2Ways", 1u, 16u);
    {
        /* AddrWidth's derived constraints (section 2 "Legal", tag widths of C4 >= 1) */
        const uint32_t la = d->addr_width - log2u(d->line_bytes);
        const uint32_t s1 = log2u(d->l1_sets);
        const uint32_t s2 = log2u(d->l2_sets);
        const uint32_t b = log2u(d->num_banks);
        if (la < s1 + 1u) {
            return tc_param_error(
                msg, msg_len,
                "tc: addr_width = %u is illegal (AddrWidth: LA = AddrWidth - log2 LineBytes"
                " = %u must be >= log2 L1Sets + 1 = %u, an L1 tag of >= 1 bit; legal "
                "AddrWidth >= %u)",
                (unsigned)d->addr_width, (unsigned)la, (unsigned)(s1 + 1u),
                (unsigned)(s1 + 1u + log2u(d->line_bytes)));
        }
        const uint32_t need2 = (b + s2 > s2 + 1u) ? b + s2 : s2 + 1u;
        if (la < need2) {
            return tc_param_error(
                msg, msg_len,
                "tc: addr_width = %u is illegal (AddrWidth: LA = AddrWidth - log2 LineBytes"
                " = %u must be >= log2 NumBanks + log2 L2Sets and >= log2 L2Sets + 1 (an L2"
                " tag of >= 1 bit), i.e. >= %u; legal AddrWidth >= %u)",
                (unsigned)d->addr_width, (unsigned)la, (unsigned)need2,
                (unsigned)(need2 + log2u(d->line_bytes)));
        }
    }
    RANGE(l2_mshrs, "L2Mshrs", 2u, 128u);
    RANGE(ts_width, "TsWidth", 8u, 32u);
    RANGE(l1_queue, "L1Queue", 1u, 8u);
    RANGE(l2_queue, "L2Queue", 1u, 8u);
    RANGE(wf_cnt_width, "WfCntWidth", 2u, 8u);
    RANGE(line_cnt_width, "LineCntWidth", 2u, 8u);
    RANGE(lease_mode, "LeaseMode: 0 fixed, 1 predict", 0u, 1u);
    {
        const uint32_t tmax2 = tc_ts_max(d) - 1u; /* 2^TsWidth-2 */
        RANGE(lease, "Lease: 0..2^TsWidth-2", 0u, tmax2);
        RANGE(pred_max, "PredMax: <= 2^TsWidth-2", 0u, tmax2);
        RANGE(pred_min, "PredMin: 0..PredMax", 0u, d->pred_max);
        RANGE(pred_init, "PredInit: PredMin..PredMax", d->pred_min, d->pred_max);
    }
    RANGE(t_hit, "THit", 0u, 255u);
    RANGE(t_evict, "TEvict", 0u, 255u);
    RANGE(t_write, "TWrite", 0u, 255u);
    RANGE(use_t_write, "UseTWrite", 0u, 1u);
    return 0;
}
