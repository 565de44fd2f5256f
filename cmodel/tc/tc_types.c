/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_types.c -- defaults and legality check of the Temporal Coherence parameters
 * (docs/system.md section 2, the "Default (paper)" and "Legal" columns). Written from the
 * specification only.
 *
 * Readings:
 *  - LeaseMode default: predict (1) for TC-Weak and TC-Weak-C (tc_l1.md section 12: "LeaseMode
 *    and the other defaults as TC-Weak"), fixed (0) for TC-Strong (the table's cell).
 *    tc_desc_default() of a protocol value other than 0/1/2 keeps that value (tc_check_desc then
 *    rejects it) and takes LeaseMode fixed.
 *  - Every parameter of the system is a parameter of tc_l1 or of tc_l2 (tc_gwct's and
 *    tc_timer's are the L1's), so the system is legal iff its L1 and its L2 bank are:
 *    tc_check_desc runs tc_l1_check_desc, then tc_l2_check_desc, and reports the first
 *    violation with the unit that refuses it ("tc_l1: l1_sets = 3 is illegal (...)").
 *  - Beyond the "Legal" column, the derived tag widths of C4 must be >= 1 bit:
 *    L1 tag = LA - log2 L1Sets (tc_l1), L2 tag = LA - log2 L2Sets (the bank bits stay in the L2
 *    tag), so AddrWidth is checked against LA >= log2 L1Sets + 1 and LA >= max(log2 B + log2
 *    L2Sets, log2 L2Sets + 1) (tc_l2). The num_wf <= 64 and num_sm <= 64 limits are the table's
 *    (6-bit wf/src).
 *  - Each unit checks its parameters in table order, except that AddrWidth's derived
 *    constraints run after the set counts they use have been checked. Return value: 0 ok,
 *    1 illegal (also for d == NULL).
 */
#include "tc_types.h"

#include <stdarg.h>
#include <stdio.h>

#include "tc_l1.h"
#include "tc_l2.h"

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
    d.gwct_obl_port = 1u;
    d.line_cnt_width = 4u;
    d.lease_mode =
        (p == TC_WEAK || p == TC_WEAK_C) ? (uint32_t)TC_LEASE_PREDICT : (uint32_t)TC_LEASE_FIXED;
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

int tc_check_desc(const tc_desc_t* d, char* msg, size_t msg_len) {
    if (d == NULL) {
        return tc_param_error(msg, msg_len, "tc: desc is NULL");
    }
    const tc_l1_desc_t d1 = tc_l1_desc_from(d);
    const tc_l2_desc_t d2 = tc_l2_desc_from(d);
    if (tc_l1_check_desc(&d1, msg, msg_len) != 0 || tc_l2_check_desc(&d2, msg, msg_len) != 0) {
        return 1;
    }
    if (d->gwct_obl_port != 1u) { /* tc_gwct.md G7: the system's L1 always has the port */
        return tc_param_error(msg, msg_len,
                              "tc: gwct_obl_port = %u is illegal in the system (OblPort = 0 is the "
                              "standalone tc_gwct's, for its area; every L1 has the port)",
                              (unsigned)d->gwct_obl_port);
    }
    return 0;
}
