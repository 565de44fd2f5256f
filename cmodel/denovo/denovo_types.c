/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_types.c -- the two configurations of each DeNovo variant and the legality check of the
 * family's parameters (docs/units/denovo/denovo_l1.md and denovo_l2.md, section 1: the "small"
 * and the "paper" columns). Written from the specification only.
 *
 * Every parameter belongs to denovo_l1 or to denovo_l2 (NumSm, LineBytes and AddrWidth to both):
 * denovo_check_desc runs denovo_l1_check_desc, then denovo_l2_check_desc.
 */
#include "denovo_types.h"

#include <stdarg.h>
#include <stdio.h>

#include "denovo_l1.h"
#include "denovo_l2.h"

int denovo_param_error(char* msg, size_t msg_len, const char* fmt, ...) {
    if (msg != NULL && msg_len > 0u) {
        va_list ap;
        va_start(ap, fmt);
        (void)vsnprintf(msg, msg_len, fmt, ap);
        va_end(ap);
    }
    return 1;
}

static void set_variant(denovo_desc_t* d, denovo_variant_t v) {
    d->hrf = v == DENOVO_H ? 1u : 0u;
    d->ro = v == DENOVO_D_RO ? 1u : 0u;
}

/* The paper column (seed 002 Table 3). */
denovo_desc_t denovo_desc_default(denovo_variant_t v) {
    denovo_desc_t d;
    set_variant(&d, v);
    d.num_sm = 15u;
    d.num_wf = 48u;
    d.num_banks = 16u;
    d.line_bytes = 64u;
    d.addr_width = 32u;
    d.l1_sets = 64u;
    d.l1_ways = 8u;
    d.l1_queue = 4u;
    d.sb_entries = 256u;
    d.sb_idle = 1000u;
    d.mshrs = 16u;
    d.wb_entries = 4u;
    d.l2_sets = 256u;
    d.l2_ways = 16u;
    d.l2_mshrs = 32u;
    d.l2_queue = 4u;
    d.wb_queue = 4u;
    return d;
}

/* The small column. */
denovo_desc_t denovo_desc_small(denovo_variant_t v) {
    denovo_desc_t d;
    set_variant(&d, v);
    d.num_sm = 4u;
    d.num_wf = 8u;
    d.num_banks = 2u;
    d.line_bytes = 16u;
    d.addr_width = 16u;
    d.l1_sets = 4u;
    d.l1_ways = 2u;
    d.l1_queue = 2u;
    d.sb_entries = 4u;
    d.sb_idle = 64u;
    d.mshrs = 2u;
    d.wb_entries = 1u;
    d.l2_sets = 4u;
    d.l2_ways = 2u;
    d.l2_mshrs = 4u;
    d.l2_queue = 2u;
    d.wb_queue = 2u;
    return d;
}

int denovo_check_desc(const denovo_desc_t* d, char* msg, size_t msg_len) {
    if (d == NULL) {
        return denovo_param_error(msg, msg_len, "denovo: desc is NULL");
    }
    const denovo_l1_desc_t d1 = denovo_l1_desc_from(d);
    const denovo_l2_desc_t d2 = denovo_l2_desc_from(d);
    if (denovo_l1_check_desc(&d1, msg, msg_len) != 0 ||
        denovo_l2_check_desc(&d2, msg, msg_len) != 0) {
        return 1;
    }
    return 0;
}
