/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_sys.h -- the Temporal Coherence system: TC's descriptor on the shared system (tb/sys/gsys.h)
 * and TC's configurations (docs/system.md sections 6-9).
 *
 * N tc_l1 (one per SM, each with W wavefronts driven by a workload), a request and a response
 * crossbar with per-message delays, B tc_l2 banks, a DRAM model with a latency input, and one
 * tc_timer whose outputs (now, era, roll) are every unit's time input. TC's wiring: a fence of
 * scope GPU completes on the L1's fence_ready[wf], of scope CTA on wr_idle[wf]; the L1's core
 * request carries a load, a store (word or byte-masked line) or an atomic; the timer is loaded
 * with start_time at cycle 2 (tc_proto.c).
 */
#ifndef GPUCOH_TC_SYS_H
#define GPUCOH_TC_SYS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "gsys.h"
#include "tc_l1.h"
#include "tc_l2.h"
#include "tc_sys_rtl.h"
#include "tc_timer.h"
#include "tc_types.h"

/* TC's protocol descriptor (tb/proto/tc/tc_proto.c): its units, messages and wiring. */
extern const gsys_proto_t tc_proto;
/* "tc-weak" / "tc-strong": the descriptor's variant name (index = tc_protocol_t) */
static inline const char* tc_variant_name(tc_protocol_t p) {
    return tc_proto.variants[p].name;
}

/* ---- the system ---------------------------------------------------------------------------- */

/* A TC system configuration is the shared one (gsys_cfg_t) with proto = &tc_proto and a
 * tc_desc_t as its descriptor: TC_D(&cfg)->num_sm (TC_DC for a const one). */
#define TC_D(c)  ((tc_desc_t*)gsys_pd(c))
#define TC_DC(c) ((const tc_desc_t*)gsys_pdc(c))

/* paper configuration, delays 1..8, DRAM 20..60 */
gsys_cfg_t tc_sys_cfg_default(tc_protocol_t p);
/* 4 SMs, 2 banks, tiny caches (system.md section 2), delays 1..6, DRAM 5..30 */
gsys_cfg_t tc_sys_cfg_small(tc_protocol_t p);
/* its parameters */
tc_desc_t tc_desc_small(tc_protocol_t p);

#endif /* GPUCOH_TC_SYS_H */
