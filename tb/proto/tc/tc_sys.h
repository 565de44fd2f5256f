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

typedef struct {
    tc_desc_t d;
    uint64_t seed;
    /* per-message delays in cycles, drawn uniformly from [min, max] by the harness's PRNG */
    uint32_t req_delay_min, req_delay_max; /* L1 -> L2 */
    uint32_t rsp_delay_min, rsp_delay_max; /* L2 -> L1 */
    uint32_t mem_lat_min, mem_lat_max;     /* DRAM */
    uint32_t start_time;      /* timer load at cycle 2 (0 = none): start close to a rollover */
    uint64_t deadlock_cycles; /* no wavefront progress for this long = deadlock (0 = 100000) */
    /* an idle core presents an illegal request (op 0, or a wavefront >= NumWf: tc_l1.md I1) with
     * this probability per cycle, in 1/1000 (0 = never; no random draw then) */
    uint32_t illegal_per_mille;
    /* the illegal inputs of tc_l2 (tc_l2.md section 10), each with this probability per chance,
     * in 1/1000 (0 = never; no random draw then): an idle bank request port presents a request
     * of kind 0 or 5..7 (J1), an idle DRAM port a fill of a line with no fetch in flight (J3),
     * and a core's atomic carries a word number >= LineBytes/4 (J5) or aop 3 (J6) */
    uint32_t l2_illegal_per_mille;
} tc_sys_cfg_t;

tc_sys_cfg_t
tc_sys_cfg_default(tc_protocol_t p);            /* paper configuration, delays 1..8, DRAM 20..60 */
tc_sys_cfg_t tc_sys_cfg_small(tc_protocol_t p); /* 4 SMs, 2 banks, tiny caches (system.md §2) */

typedef gsys_t tc_sys_t;
typedef gsys_run_t tc_run_t;
#define TC_RUN_DONE     GSYS_RUN_DONE
#define TC_RUN_CYCLES   GSYS_RUN_CYCLES
#define TC_RUN_STOPPED  GSYS_RUN_STOPPED
#define TC_RUN_DEADLOCK GSYS_RUN_DEADLOCK

/* The shared system (gsys_new) with TC's descriptor; cfg is copied. Owns nothing passed in: be and
 * wl must outlive the system. */
tc_sys_t* tc_sys_new(const tc_sys_cfg_t* cfg, tc_backend_t* be, tc_workload_t* wl, char* err,
                     size_t errlen);
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
