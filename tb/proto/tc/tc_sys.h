/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_sys.h -- the Temporal Coherence system: TC's descriptor on the shared system (tb/sys/gsys.h)
 * and the TC names of the system's API that the TC tools use (docs/system.md sections 6-9).
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

/* ---- workloads and backends: the shared system's (gsys.h, gsys_backend.h), by TC names ---- */

typedef gsys_op_t tc_wop_t;
typedef gsys_workload_t tc_workload_t;
#define TC_WOP_LOAD       GSYS_OP_LOAD
#define TC_WOP_STORE      GSYS_OP_STORE
#define TC_WOP_ATOMIC     GSYS_OP_ATOMIC
#define TC_WOP_FENCE      GSYS_OP_FENCE
#define TC_WOP_ACQUIRE    GSYS_OP_ACQUIRE
#define TC_WOP_RELEASE    GSYS_OP_RELEASE
#define TC_WOP_STORE_LINE GSYS_OP_STORE_LINE
#define TC_WOP_LOAD_LINE  GSYS_OP_LOAD_LINE
#define TC_SCOPE_CTA      GSYS_SCOPE_CTA
#define TC_SCOPE_GPU      GSYS_SCOPE_GPU

/* TC's protocol descriptor (tb/proto/tc/tc_proto.c): its units, messages and wiring. */
extern const gsys_proto_t tc_proto;
/* "tc-weak" / "tc-strong": the descriptor's variant name (index = tc_protocol_t) */
static inline const char* tc_variant_name(tc_protocol_t p) {
    return tc_proto.variants[p].name;
}

/* ---- the system ---------------------------------------------------------------------------- */

/* A TC system configuration is the shared one (gsys_cfg_t) with proto = &tc_proto and a
 * tc_desc_t as its descriptor: TC_D(&cfg)->num_sm (TC_DC for a const one). */
typedef gsys_cfg_t tc_sys_cfg_t;
#define TC_D(c)  ((tc_desc_t*)gsys_pd(c))
#define TC_DC(c) ((const tc_desc_t*)gsys_pdc(c))

/* paper configuration, delays 1..8, DRAM 20..60 */
tc_sys_cfg_t tc_sys_cfg_default(tc_protocol_t p);
/* 4 SMs, 2 banks, tiny caches (system.md section 2), delays 1..6, DRAM 5..30 */
tc_sys_cfg_t tc_sys_cfg_small(tc_protocol_t p);
/* its parameters */
tc_desc_t tc_desc_small(tc_protocol_t p);

typedef gsys_t tc_sys_t;
typedef gsys_run_t tc_run_t;
#define TC_RUN_DONE     GSYS_RUN_DONE
#define TC_RUN_CYCLES   GSYS_RUN_CYCLES
#define TC_RUN_STOPPED  GSYS_RUN_STOPPED
#define TC_RUN_DEADLOCK GSYS_RUN_DEADLOCK

#define tc_sys_new          gsys_new
#define tc_sys_free         gsys_free
#define tc_sys_run          gsys_run
#define tc_sys_cycle        gsys_cycle
#define tc_sys_stats        gsys_stats
#define tc_sys_dump_blocked gsys_dump_blocked
#define tc_sys_mem_word     gsys_mem_word
#define tc_sys_word         gsys_word
#define tc_sys_errors       gsys_errors
#define tc_sys_illegal      gsys_illegal
/* tc_l2 illegal inputs given (l2_illegal_per_mille): j[0] J1 requests presented while the bank
 * was ready, j[1] J3 fills, j[2] J5 and j[3] J6 atomics taken by an L1. The banks' C models count
 * each J1 and J3 as a protocol error; J5 and J6 have defined effects and count nothing. */
#define tc_sys_l2_illegal gsys_bank_illegal

#endif /* GPUCOH_TC_SYS_H */
