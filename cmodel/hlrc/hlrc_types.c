/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_types.c -- the two configurations of each hLRC variant (hlrc.md section 10), the
 * legality check of the family's parameters and the names of the message kinds. Written from the
 * specification only.
 */
#include "hlrc_types.h"

#include <stdarg.h>
#include <stdio.h>

#include "hlrc_l1.h"
#include "hlrc_l2.h"

int hlrc_param_error(char* msg, size_t msg_len, const char* fmt, ...) {
    if (msg != NULL && msg_len > 0u) {
        va_list ap;
        va_start(ap, fmt);
        (void)vsnprintf(msg, msg_len, fmt, ap);
        va_end(ap);
    }
    return 1;
}

/* The paper column. */
hlrc_desc_t hlrc_desc_default(hlrc_variant_t v) {
    hlrc_desc_t d;
    d.scoped = v == HLRC_SCOPED ? 1u : 0u;
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
    d.wt_cnt_width = 9u;
    d.l2_sets = 256u;
    d.l2_ways = 16u;
    d.l2_mshrs = 32u;
    d.l2_queue = 4u;
    d.sync_queue = 4u;
    d.wb_queue = 4u;
    return d;
}

/* The small column. */
hlrc_desc_t hlrc_desc_small(hlrc_variant_t v) {
    hlrc_desc_t d;
    d.scoped = v == HLRC_SCOPED ? 1u : 0u;
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
    d.wt_cnt_width = 3u;
    d.l2_sets = 4u;
    d.l2_ways = 2u;
    d.l2_mshrs = 4u;
    d.l2_queue = 2u;
    d.sync_queue = 2u;
    d.wb_queue = 2u;
    return d;
}

int hlrc_check_desc(const hlrc_desc_t* d, char* msg, size_t msg_len) {
    const hlrc_l1_desc_t d1 = hlrc_l1_desc_from(d);
    if (hlrc_l1_check_desc(&d1, msg, msg_len) != 0) {
        return 1;
    }
    const hlrc_l2_desc_t d2 = hlrc_l2_desc_from(d);
    return hlrc_l2_check_desc(&d2, msg, msg_len);
}

static const char* const kind_names[HLRC_MSG_KINDS] = {
    "NONE", "GETS", "WT",    "REG",  "ATOMIC", "RACK", "EVICT",
    "DATA", "ACK",  "GRANT", "ATOM", "REVOKE", "EACK",
};
static const char* const kind_nets[HLRC_MSG_KINDS] = {
    "?", "req", "req", "sync", "sync", "wb", "wb", "rsp", "rsp", "rsp", "rsp", "rsp", "rsp",
};

const char* hlrc_msg_kind_name(uint32_t kind) {
    return kind < HLRC_MSG_KINDS ? kind_names[kind] : "?";
}

const char* hlrc_msg_kind_net(uint32_t kind) {
    return kind < HLRC_MSG_KINDS ? kind_nets[kind] : "?";
}
