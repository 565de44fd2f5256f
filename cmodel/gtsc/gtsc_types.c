/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_types.c -- the two configurations of each G-TSC variant (gtsc.md section 3), the legality
 * check of the family's parameters and the names of the message kinds. Written from the
 * specification only.
 */
#include "gtsc_types.h"

#include <stdarg.h>
#include <stdio.h>

#include "gtsc_l1.h"
#include "gtsc_l2.h"

int gtsc_param_error(char* msg, size_t msg_len, const char* fmt, ...) {
    if (msg != NULL && msg_len > 0u) {
        va_list ap;
        va_start(ap, fmt);
        (void)vsnprintf(msg, msg_len, fmt, ap);
        va_end(ap);
    }
    return 1;
}

/* The thesis column (Table 3.3; Lease 10, D12; SpinHits 16, gtsc.md section 15.1). */
gtsc_desc_t gtsc_desc_default(gtsc_variant_t v) {
    gtsc_desc_t d;
    d.sc = v == GTSC_SC ? 1u : 0u;
    d.num_sm = 16u;
    d.num_wf = 48u;
    d.num_banks = 8u;
    d.line_bytes = 128u;
    d.addr_width = 32u;
    d.l1_sets = 32u;
    d.l1_ways = 4u;
    d.l1_mshrs = 32u;
    d.l1_queue = 4u;
    d.wf_cnt_width = 6u;
    d.l2_sets = 128u;
    d.l2_ways = 8u;
    d.l2_mshrs = 32u;
    d.l2_queue = 4u;
    d.ts_width = 16u;
    d.lease = 10u;
    d.lease_odd = 10u;
    d.ep_width = 4u;
    d.spin_hits = 16u; /* decided (gtsc.md section 15.1): the thesis has no figure */
    return d;
}

/* The small column. */
gtsc_desc_t gtsc_desc_small(gtsc_variant_t v) {
    gtsc_desc_t d;
    d.sc = v == GTSC_SC ? 1u : 0u;
    d.num_sm = 4u;
    d.num_wf = 8u;
    d.num_banks = 2u;
    d.line_bytes = 16u;
    d.addr_width = 16u;
    d.l1_sets = 4u;
    d.l1_ways = 2u;
    d.l1_mshrs = 4u;
    d.l1_queue = 2u;
    d.wf_cnt_width = 2u;
    d.l2_sets = 4u;
    d.l2_ways = 2u;
    d.l2_mshrs = 4u;
    d.l2_queue = 2u;
    d.ts_width = 6u;
    d.lease = 5u;
    d.lease_odd = 5u;
    d.ep_width = 4u;
    d.spin_hits = 4u;
    return d;
}

int gtsc_check_desc(const gtsc_desc_t* d, char* msg, size_t msg_len) {
    const gtsc_l1_desc_t d1 = gtsc_l1_desc_from(d);
    if (gtsc_l1_check_desc(&d1, msg, msg_len) != 0) {
        return 1;
    }
    const gtsc_l2_desc_t d2 = gtsc_l2_desc_from(d);
    if (gtsc_l2_check_desc(&d2, msg, msg_len) != 0) {
        return 1;
    }
    if (d->num_sm < 1u || d->num_sm > GTSC_MAX_SM) {
        return gtsc_param_error(msg, msg_len, "gtsc: num_sm = %u is illegal (NumSm: 1..64)",
                                (unsigned)d->num_sm);
    }
    const uint32_t hi = (gtsc_ts_max(d->ts_width) - 2u) / 2u;
    if (d->lease < 1u || d->lease > hi) {
        return gtsc_param_error(msg, msg_len, "gtsc: lease = %u is illegal (Lease: 1..%u)",
                                (unsigned)d->lease, (unsigned)hi);
    }
    if (d->lease_odd < 1u || d->lease_odd > hi) {
        return gtsc_param_error(msg, msg_len, "gtsc: lease_odd = %u is illegal (LeaseOdd: 1..%u)",
                                (unsigned)d->lease_odd, (unsigned)hi);
    }
    return 0;
}

uint32_t gtsc_bank_lease(const gtsc_desc_t* d, uint32_t b) {
    return (b & 1u) != 0u ? d->lease_odd : d->lease;
}

static const char* const req_names[4] = {"NONE", "RD", "WR", "AT"};
static const char* const rsp_names[5] = {"NONE", "FILL", "RNW", "WACK", "AACK"};

const char* gtsc_req_kind_name(uint32_t kind) {
    return kind < 4u ? req_names[kind] : "?";
}
const char* gtsc_rsp_kind_name(uint32_t kind) {
    return kind < 5u ? rsp_names[kind] : "?";
}
