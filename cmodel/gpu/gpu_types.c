/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpu_types.c -- the two configurations and the legality check of the baseline GPU protocol's
 * parameters (docs/units/gpu/gpu_l1.md and docs/units/gpu/gpu_l2.md, section 1: the "small" and the
 * "paper" columns). Written from the specification only.
 *
 * Every parameter of the system belongs to gpu_l1 or to gpu_l2 (LineBytes and AddrWidth to
 * both), so the system is legal iff its L1 and its L2 bank are: gpu_check_desc runs
 * gpu_l1_check_desc, then gpu_l2_check_desc, and reports the first violation with the unit that
 * refuses it ("gpu_l1: l1_sets = 3 is illegal (L1Sets: a power of two in 1..256)").
 */
#include "gpu_types.h"

#include <stdarg.h>
#include <stdio.h>

#include "gpu_l1.h"
#include "gpu_l2.h"

int gpu_param_error(char* msg, size_t msg_len, const char* fmt, ...) {
    if (msg != NULL && msg_len > 0u) {
        va_list ap;
        va_start(ap, fmt);
        (void)vsnprintf(msg, msg_len, fmt, ap);
        va_end(ap);
    }
    return 1;
}

/* The paper column (seed 002 Table 3): 15 SMs of 48 wavefronts, 32 KB 8-way L1s of 64-byte
 * lines, a 256-entry store buffer, 16 L2 banks of 256 KB (16-way). */
gpu_desc_t gpu_desc_default(gpu_variant_t v) {
    gpu_desc_t d;
    d.hrf = (uint32_t)v;
    d.rsp = 0u; /* GPU-RSP's configurations are set by the glue (rsp.md section 1) */
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
    return d;
}

/* The small column: every structure a few entries deep, for unit tests and fast lockstep. */
gpu_desc_t gpu_desc_small(gpu_variant_t v) {
    gpu_desc_t d;
    d.hrf = (uint32_t)v;
    d.rsp = 0u;
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
    return d;
}

int gpu_check_desc(const gpu_desc_t* d, char* msg, size_t msg_len) {
    if (d == NULL) {
        return gpu_param_error(msg, msg_len, "gpu: desc is NULL");
    }
    const gpu_l1_desc_t d1 = gpu_l1_desc_from(d);
    const gpu_l2_desc_t d2 = gpu_l2_desc_from(d);
    if (gpu_l1_check_desc(&d1, msg, msg_len) != 0 || gpu_l2_check_desc(&d2, msg, msg_len) != 0) {
        return 1;
    }
    return 0;
}
