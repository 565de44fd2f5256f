/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_sys.h -- the multi-SM Temporal Coherence system harness (docs/system.md sections 6-9).
 *
 * N tc_l1 (one per SM, each with W wavefronts driven by a workload), a request and a response
 * crossbar with per-message delays (testbench inputs, point-to-point order kept), B tc_l2 banks,
 * a DRAM model with a latency input, and one tc_timer. Units are ticked through a backend:
 * C models only, RTL only, or lockstep (C drives the system, every RTL unit gets the same
 * inputs and its outputs/state are compared each cycle).
 *
 * Per cycle (docs/system.md section 6):
 *   1. time = timer outputs (state);
 *   2. route the units' registered outputs: L1 req -> request crossbar, L2 rsp -> response
 *      crossbar (one copy per dst bit), L2 mem req -> DRAM, L1 core rsp -> workload;
 *   3. build inputs: each SM's core request (if its L1's core_ready), each L1's delivered
 *      response (at most one per cycle), each bank's request (head of its input, if req_ready),
 *      each bank's DRAM response (at most one per cycle);
 *   4. tick every unit through the backend; tick the timer.
 * A core request (or a bank's request) is also presented while core_ready (req_ready) is 0; it is
 * then not consumed and stays pending (docs/timing.md rule 6; this reaches the Q01 rows). A fence
 * also waits until every store/atomic its wavefront gave the L1 has appeared as an L2 request
 * (until then the L1's GWCT table does not count it, so wr_idle/fence_ready would be early).
 */
#ifndef GPUCOH_TC_SYS_H
#define GPUCOH_TC_SYS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "tc_l1.h"
#include "tc_l2.h"
#include "tc_sys_rtl.h"
#include "tc_timer.h"
#include "tc_types.h"

/* ---- workloads: what the wavefronts do ---------------------------------------------------- */

typedef enum {
    TC_WOP_LOAD = 0,   /* word load, blocking: the wavefront waits for the value */
    TC_WOP_STORE,      /* word store, not blocking */
    TC_WOP_ATOMIC,     /* word atomic (aop, value, value2), blocking: returns the old value */
    TC_WOP_FENCE,      /* scope GPU: wait fence_ready[wf]; scope CTA: wait wr_idle[wf] */
    TC_WOP_ACQUIRE,    /* load with acquire semantics (blocking load; TC needs nothing more) */
    TC_WOP_RELEASE,    /* fence(scope) then store */
    TC_WOP_STORE_LINE, /* store with an arbitrary byte mask over a whole line (random traffic) */
    TC_WOP_LOAD_LINE,  /* line load (random traffic) */
} tc_wop_kind_t;

typedef enum { TC_SCOPE_CTA = 0, TC_SCOPE_GPU = 1 } tc_scope_t;

typedef struct {
    uint32_t kind;   /* tc_wop_kind_t */
    uint32_t scope;  /* tc_scope_t (FENCE, ACQUIRE, RELEASE) */
    uint64_t addr;   /* byte address, 4-byte aligned (word ops) or line-aligned (line ops) */
    uint32_t value;  /* STORE/RELEASE value; ATOMIC operand a */
    uint32_t value2; /* ATOMIC CAS swap value */
    uint32_t aop;    /* tc_aop_t */
    uint32_t data[TC_MAX_LINE_WORDS]; /* STORE_LINE image */
    uint32_t mask[TC_MASK_WORDS];     /* STORE_LINE byte mask */
    uint64_t tag;                     /* workload's own id, returned in done() */
} tc_wop_t;

typedef struct tc_workload {
    void* ctx;
    /* The next operation of (sm, wf), or false if it has none now (waiting or finished). Called
     * only when the wavefront is not blocked (every cycle for every idle wavefront). *op is all
     * zero on entry; write it only when returning true. */
    bool (*next)(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle, tc_wop_t* op);
    /* Completion of a blocking op (LOAD, ACQUIRE, ATOMIC: value = the word read / old value;
     * LOAD_LINE: line = the line), of a FENCE (value 0), and the issue of a STORE/RELEASE store
     * (value 0). Called in the cycle the harness sees it. */
    void (*done)(void* ctx, uint32_t sm, uint32_t wf, const tc_wop_t* op, uint32_t value,
                 const uint32_t* line, uint64_t cycle);
    /* True when every wavefront has finished (the run may end). */
    bool (*finished)(void* ctx);
} tc_workload_t;

/* ---- backends: tb/sys/gsys_backend.h, TC's units in tb/proto/tc/tc_sys_rtl.h ---------------- */

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

typedef struct tc_sys tc_sys_t;

/* Owns nothing passed in: be and wl must outlive the system. */
tc_sys_t* tc_sys_new(const tc_sys_cfg_t* cfg, tc_backend_t* be, tc_workload_t* wl, char* err,
                     size_t errlen);
void tc_sys_free(tc_sys_t* s);

typedef enum {
    TC_RUN_DONE = 0,     /* workload finished and the system drained */
    TC_RUN_CYCLES = 1,   /* cycle budget reached */
    TC_RUN_STOPPED = 2,  /* the backend stopped (mismatch) */
    TC_RUN_DEADLOCK = 3, /* no progress for deadlock_cycles: report printed */
} tc_run_t;

/* Run until the workload finishes and the system drains, or max_cycles more cycles (counted from
 * the current cycle, so a run may be continued by another call). */
tc_run_t tc_sys_run(tc_sys_t* s, uint64_t max_cycles, FILE* report);
uint64_t tc_sys_cycle(const tc_sys_t* s);
/* Statistics: messages by kind, loads/stores/atomics/fences completed, stall cycles. */
void tc_sys_stats(const tc_sys_t* s, FILE* f);
/* One line per wavefront that is blocked, and what it waits for (deadlock reports). */
void tc_sys_dump_blocked(const tc_sys_t* s, FILE* f);

/* The initial DRAM contents are 0; the harness's DRAM is the memory image of record. */
uint32_t tc_sys_mem_word(const tc_sys_t* s, uint64_t addr);
/* The word as the system holds it: the L2 bank's copy when the line is valid there (P, S or E;
 * C backend only, read from the model), else the DRAM image. Use after TC_RUN_DONE for final
 * values (dirty lines are not written back at the end of a run). */
uint32_t tc_sys_word(const tc_sys_t* s, uint64_t addr);
/* Harness errors: core responses no wavefront waits for, L2 requests for writes the core never
 * issued, responses to absent SMs, unknown workload ops (the first 10 are printed on stderr). */
uint64_t tc_sys_errors(const tc_sys_t* s);
/* illegal core requests presented while the L1 was ready (each one the L1 must drop) */
uint64_t tc_sys_illegal(const tc_sys_t* s);
/* tc_l2 illegal inputs given (l2_illegal_per_mille): j[0] J1 requests presented while the bank
 * was ready, j[1] J3 fills, j[2] J5 and j[3] J6 atomics taken by an L1. The banks' C models count
 * each J1 and J3 as a protocol error; J5 and J6 have defined effects and count nothing. */
void tc_sys_l2_illegal(const tc_sys_t* s, uint64_t j[4]);

#endif /* GPUCOH_TC_SYS_H */
