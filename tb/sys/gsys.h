/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gsys.h -- the shared multi-SM system every protocol runs on (docs/system.md sections 6-9,
 * docs/framework.md "Protocols").
 *
 * N SMs, each with W wavefronts driven by a workload and one instance of the protocol's SM unit
 * (its L1); the protocol's virtual networks (gsys_net_t: TC and GPU declare a request and a
 * response network) with per-message delays (point-to-point order kept); B L2 banks (the
 * protocol's bank unit); a DRAM model with a latency input; the protocol's global units (TC:
 * the timer). The units are ticked through a backend (gsys_backend.h: C models, RTL, or
 * lockstep).
 *
 * Per cycle (docs/system.md section 6):
 *   1. route the units' registered outputs: each L1's messages (in network order), its core
 *      response -> the wavefronts; each bank's messages (a copy per destination SM for a network
 *      into the SMs), its memory request -> DRAM;
 *   2. fences, new operations from the workload, and the inputs: each SM's core request, each
 *      L1's delivered messages (at most one per input port per cycle, networks sharing a port in
 *      priority order), each bank's (a message refused by back-pressure is presented and kept),
 *      each bank's DRAM response;
 *   3. tick every instance of every slot, in slot order, through the backend.
 * A fence also waits until every store / atomic its wavefront gave the L1 has appeared as an L2
 * request (until then the L1 may not count it). The system knows the protocol only through its
 * descriptor (gsys_proto_t): messages are bytes to it, read through msg_info.
 */
#ifndef GPUCOH_GSYS_H
#define GPUCOH_GSYS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "gsys_backend.h"
#include "rng.h"

enum {
    GSYS_MAX_SM = 64,
    GSYS_MAX_WF = 64,
    GSYS_MAX_BANKS = 32,
    GSYS_MAX_LINE_WORDS = 32, /* 128-byte lines */
    GSYS_MASK_WORDS = 4,      /* byte-mask words of a line */
};
#define GSYS_NO_WF 0xffffffffu

/* ---- workloads: what the wavefronts do ---------------------------------------------------- */

typedef enum {
    GSYS_OP_LOAD = 0,   /* word load, blocking: the wavefront waits for the value */
    GSYS_OP_STORE,      /* word store, not blocking (store_ack: waits for its acknowledgement) */
    GSYS_OP_ATOMIC,     /* word atomic (aop, value, value2), blocking: returns the old value */
    GSYS_OP_FENCE,      /* a fence of the op's scope: waits for the protocol's fence_mask */
    GSYS_OP_ACQUIRE,    /* load with acquire semantics (blocking load) */
    GSYS_OP_RELEASE,    /* fence(scope) then store */
    GSYS_OP_STORE_LINE, /* store with an arbitrary byte mask over a whole line (random traffic) */
    GSYS_OP_LOAD_LINE,  /* line load (random traffic) */
    GSYS_OP_N
} gsys_op_kind_t;

/* Scopes. RM is the remote scope of remote-scope promotion (docs/units/gpu/rsp.md section 7):
 * its instance is the GPU, and it promotes the other side of a synchronization to GPU scope. A
 * variant whose cores do not take it (gsys_variant_t.scopes) gets an RM operation as the same
 * operation at GPU scope (the shared core changes it when it takes the operation, gsys.c
 * wf_fetch), and every model but hrf-rsp reads RM as GPU (tb/sys/axiom.c). */
typedef enum { GSYS_SCOPE_CTA = 0, GSYS_SCOPE_GPU = 1, GSYS_SCOPE_RM = 2 } gsys_scope_t;
enum { GSYS_NSCOPES = 3 };

/* Memory order of an ATOMIC, and of a FENCE (RELAXED = the default: an atomic with no
 * ordering; a FENCE with any order but SC is an acquire-release fence). An ATOMIC of order
 * RELEASE or ACQ_REL is a fence of its scope, then the atomic (as RELEASE is for a store); its
 * acquire half is the blocking atomic itself. A FENCE of order SC is an SC fence: the protocol's
 * fence_mask sees the scope and the order (TC and GPU ignore the order: they give SC fences the
 * strength of their fences; docs/memory-models.md says what that is per variant). */
typedef enum {
    GSYS_ORD_RELAXED = 0,
    GSYS_ORD_ACQUIRE,
    GSYS_ORD_RELEASE,
    GSYS_ORD_ACQ_REL,
    GSYS_ORD_SC
} gsys_order_t;

/* atomic operations (ATOMIC: value = a, value2 = the CAS swap value) */
typedef enum { GSYS_AOP_ADD = 0, GSYS_AOP_EXCH = 1, GSYS_AOP_CAS = 2 } gsys_aop_t;

typedef struct {
    uint32_t kind;   /* gsys_op_kind_t */
    uint32_t scope;  /* gsys_scope_t (FENCE, ACQUIRE, RELEASE, ATOMIC) */
    uint32_t order;  /* gsys_order_t (ATOMIC, FENCE) */
    uint64_t addr;   /* byte address, 4-byte aligned (word ops) or line-aligned (line ops) */
    uint32_t value;  /* STORE/RELEASE value; ATOMIC operand a */
    uint32_t value2; /* ATOMIC CAS swap value */
    uint32_t aop;    /* gsys_aop_t (an illegal-input test may give another value) */
    uint32_t data[GSYS_MAX_LINE_WORDS]; /* STORE_LINE image */
    uint32_t mask[GSYS_MASK_WORDS];     /* STORE_LINE byte mask */
    uint64_t tag;                       /* workload's own id, returned in done() */
} gsys_op_t;

typedef struct gsys_workload {
    void* ctx;
    /* The next operation of (sm, wf), or false if it has none now (waiting or finished). Called
     * only when the wavefront is not blocked (every cycle for every idle wavefront). *op is all
     * zero on entry; write it only when returning true. */
    bool (*next)(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle, gsys_op_t* op);
    /* Completion of a blocking op (LOAD, ACQUIRE, ATOMIC: value = the word read / old value;
     * LOAD_LINE: line = the line), of a FENCE (value 0), and the issue of a STORE/RELEASE store
     * (value 0; with store_ack its acknowledgement). Called in the cycle the system sees it. */
    void (*done)(void* ctx, uint32_t sm, uint32_t wf, const gsys_op_t* op, uint32_t value,
                 const uint32_t* line, uint64_t cycle);
    /* True when every wavefront has finished (the run may end). */
    bool (*finished)(void* ctx);
    /* Optional (NULL: next() is asked for every idle wavefront every cycle). The first cycle >=
     * cycle at which next() may give idle wavefront (sm, wf) an operation (UINT64_MAX: never
     * again). The system asks it when the wavefront becomes idle (at the first cycle it would
     * have asked next()) and after a next() that returned false (with the following cycle), and
     * asks next() only at the cycle due() named: a workload with due() costs nothing for the
     * wavefronts it leaves waiting (docs/system.md, "Traffic streams"). A due() that always
     * returns cycle gives the same run as none. */
    uint64_t (*due)(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle);
    /* Optional, for a workload without due() (NULL: next() for each idle wavefront): next() for
     * the idle wavefronts of SM sm in *mask, lowest first, each bit cleared as it is asked; the
     * first wavefront whose next() returns true (its operation in *op), or -1 once none of *mask
     * does. The same calls of next() in the same order, without a call through the table per
     * wavefront (the cycle stream asks every idle wavefront every cycle). */
    int (*next_of)(void* ctx, uint32_t sm, uint64_t* mask, uint64_t cycle, gsys_op_t* op);
} gsys_workload_t;

/* ---- the protocol descriptor --------------------------------------------------------------- */

typedef struct {
    uint32_t num_sm, num_wf, num_banks, line_bytes, addr_width;
} gsys_geom_t;

/* core response kinds; GSYS_CRSP_STORE: a store's acknowledgement (gsys_proto_t.store_ack) */
enum { GSYS_CRSP_LOAD = 1, GSYS_CRSP_ATOMIC = 2, GSYS_CRSP_STORE = 3 };

enum { GSYS_MAX_NETS = 8 }; /* virtual networks a protocol may declare (gsys_new checks) */

/* What an SM's unit drives in the current cycle (its registered outputs). */
typedef struct {
    /* send[n]: the message the L1 sends on network n (one whose source is GSYS_AT_SM), or NULL;
     * in_ready[n]: the L1 takes a message of network n (one into the SMs declared with in_ready)
     * presented now. Entries of other networks are not read. */
    const void* send[GSYS_MAX_NETS];
    bool in_ready[GSYS_MAX_NETS];
    bool core_ready;    /* a core request presented now is taken */
    bool crsp_valid;    /* a core response */
    uint32_t crsp_kind; /* GSYS_CRSP_LOAD / GSYS_CRSP_ATOMIC / GSYS_CRSP_STORE (store_ack; another
                           value: a harness error) */
    uint64_t crsp_wf_mask, crsp_line;
    const uint32_t* crsp_data; /* the line */
    bool drained; /* no store / atomic of any wavefront still owed to the banks (quiescence) */
} gsys_sm_view_t;

/* What a bank's unit drives in the current cycle (send / in_ready: as for an SM, for the
 * networks whose source / destination is GSYS_AT_BANK). */
typedef struct {
    const void* send[GSYS_MAX_NETS];
    bool in_ready[GSYS_MAX_NETS];
    bool fetch, wb; /* DRAM: line fetch, line write-back */
    uint64_t fetch_line, wb_line;
    const uint32_t* wb_data;
} gsys_bank_view_t;

/* What the system needs to know of a message. */
typedef struct {
    uint32_t kind; /* index into the network's kind names (statistics) */
    uint64_t line; /* the line: on a network into the banks it picks the bank (bank_of) */
    uint64_t dst;  /* on a network into the SMs: the SM mask (one copy per bit) */
    uint32_t wf;   /* a request carrying a store / atomic of this wavefront, or GSYS_NO_WF (read on
                      networks from the SMs to the banks: write_through) */
} gsys_msg_info_t;

/* Delivery priority at a destination (lower first), as gem5 Ruby's SLICC protocols rank their
 * virtual networks: responses before forwards (bank- or L1-initiated requests to an L1:
 * invalidations, recalls) before requests. */
enum { GSYS_PRIO_RESPONSE = 0, GSYS_PRIO_FORWARD = 1, GSYS_PRIO_REQUEST = 2 };
/* Which of the configuration's delay ranges a network's messages take. */
enum { GSYS_DELAY_REQ = 0, GSYS_DELAY_RSP = 1 };

/* A virtual network of a protocol (docs/framework.md, "Protocols", section 2). The system keeps a
 * FIFO per (network, source, destination) with a delay per message drawn from the network's
 * delay range and point-to-point order; it delivers at most one message per cycle into each input
 * port of a destination: the networks that share a port (same destination place and port number)
 * are served in priority order, each round robin over its sources. A network declared with
 * in_ready has back-pressure: its message is consumed only when the destination's view says
 * in_ready[net]; when no network of a port can deliver, the highest-priority ready message is still
 * presented (the unit must ignore it, docs/timing.md rule 6) and kept. Sources and destinations are
 * GSYS_AT_SM or GSYS_AT_BANK (GSYS_GLOBAL: not yet, gsys_new refuses it); a message into the banks
 * goes to bank_of(line), one into the SMs to every SM of its dst mask (a copy each, stamped). */
typedef struct gsys_net {
    const char* name;  /* "req": reports, compare.json's "networks" keys */
    const char* noun;  /* "request": statistics and reports ("L1->L2 requests", "request xbar") */
    uint32_t src, dst; /* gsys_place_t */
    uint32_t prio;     /* GSYS_PRIO_* (lower first at a shared port) */
    uint32_t port;     /* the destination's input port (networks into one place sharing it
                          arbitrate: one message per cycle) */
    bool in_ready;     /* the destination has back-pressure for it (view in_ready[net]) */
    uint32_t delay;    /* GSYS_DELAY_REQ | GSYS_DELAY_RSP */
    size_t size;       /* the message struct */
    const char* const* kinds; /* names by kind, for statistics and reports; kind 0 = none */
    uint32_t nkinds;          /* at most GSYS_MAX_KINDS */
    /* the copy of msg sent from source instance src to destination instance dst (TC: a request's
     * src, a response copy's dst mask) */
    void (*stamp)(void* msg, uint32_t src, uint32_t dst);
    /* a delivered message into the destination unit's input */
    void (*deliver)(void* in, const void* msg);
} gsys_net_t;

/* A variant of a protocol and the memory model it gives (litmus expectations are keyed by
 * variant, family or model: docs/framework.md, "Litmus expectations"). */
typedef struct {
    const char* name;             /* "tc-weak": --protocol */
    const char* model;            /* its own memory model, "rcpc" */
    const char* const* satisfies; /* the models it satisfies: its own and each weaker; NULL-ended */
    /* The core orders a release before the wavefront's next acquire (RCsc, DRF-SC, HRF: a
     * release and a later acquire in program order are ordered): an ACQUIRE, or an ATOMIC of
     * order ACQUIRE, issued while a release store / atomic of the wavefront has not been followed
     * by a fence of its scope, first waits as a fence of the larger of the two scopes. false
     * (RCpc, PTX): the acquire may be performed before the release (docs/memory-models.md
     * section 12). */
    bool acq_waits_rel;
    /* The scopes its cores take beyond CTA and GPU, a mask of (1u << GSYS_SCOPE_RM) (0: CTA and
     * GPU only; an RM operation reaches the protocol at GPU scope). The random traffic and the
     * episodes draw RM only for a variant that takes it. */
    uint32_t scopes;
    /* The variant's L1 acknowledges every store (gsys_proto_t.store_ack, for this variant only:
     * G-TSC-SC, whose RC sibling completes stores at issue). The system waits for the
     * acknowledgement when either is set. */
    bool store_ack;
} gsys_variant_t;

struct gsys_cfg; /* below */

/* Protocol counters of a run (the descriptor's optional `counters` hook, summed over the C models
 * of every slot): a small fixed set every protocol fills as it can, so runs of different protocols
 * compare (gpucoh compare). A counter the protocol does not fill has its bit clear in `have` and
 * reads 0; reports print it as "-". */
typedef enum {
    GSYS_CTR_L1_INVALIDATIONS = 0, /* lines an L1 dropped by self-invalidation (flash invalidation
                                      at an acquire / release / fence) or lease expiry (TC: E01 +
                                      E02, counted when an expired line is found) */
    GSYS_CTR_SB_FLUSHES,           /* store-buffer flushes (release, fence, full buffer); 0 for an
                                      L1 without one (TC) */
    GSYS_CTR_L1_STALL_CYCLES,      /* cycles an L1 could not serve the head of its core requests
                                      (TC: S01-S03; not the cycles its queue refused a request:
                                      those are gsys_stats_t.core_stall) */
    GSYS_CTR_L1_LOAD_HITS,         /* loads served from a valid L1 copy (TC: C01, C02) */
    GSYS_CTR_L1_LOAD_MISSES,       /* loads that found no valid copy: a request to the L2, or
                                      merged into one in flight (TC: C03-C06) */
    GSYS_CTR_L2_STALL_CYCLES,      /* cycles a bank could not serve the head of its requests (TC:
                                      S01-S04; S04 is TC-Strong's write waiting for leases) */
    GSYS_CTR_L1_INV_EVENTS,        /* flash self-invalidations of a whole L1 (events, whatever
                                      they dropped); not filled by a protocol without them (TC) */
    GSYS_CTR_L1_LEASE_MISSES,      /* accesses that found their line's copy with an expired lease
                                      and went to the L2 for it ("misses due to lease
                                      expiration", seed003 section 3.6.5). TC: E01 + E02 (a load,
                                      store or atomic that finds its copy expired); G-TSC: C03 (a
                                      load with warp_ts > rts; its stores never look at a lease);
                                      not filled by a protocol without leases */
    GSYS_CTR_N
} gsys_ctr_t;

enum { GSYS_MAX_PCTR = 16 }; /* counters a protocol may name itself (gsys_proto_t.ctr_names) */

typedef struct gsys_counters {
    uint64_t v[GSYS_CTR_N];
    uint32_t have; /* bit k: counter k was filled by the protocol */
    /* the protocol's own counters (gsys_proto_t.ctr_names; the counters hook adds into pv[k]):
     * names set by gsys_counters_collect */
    uint32_t npv;
    const char* const* pnames;
    uint64_t pv[GSYS_MAX_PCTR];
} gsys_counters_t;

/* "l1_invalidations", ... (the JSON / CSV names); NULL out of range */
const char* gsys_ctr_name(uint32_t k);

/* What random traffic is sized from, beyond the geometry. */
typedef struct gsys_traffic {
    uint32_t l2_sets, l2_ways; /* a bank's sets and ways: conflict pools fill a set */
    /* An L1's sets and ways (0: not given; the litmus runner's set traffic then takes 1 set of 4
     * ways). Like the pools above it takes the set of line L to be L mod l1_sets and a bank's L2
     * set to be (L / NumBanks) mod l2_sets (both protocols index so). */
    uint32_t l1_sets, l1_ways;
    uint32_t life; /* the longest a copy stays valid with no traffic, in cycles (TC: the longest
                      lease to expect); QUIET phases outlast it; 0: copies do not expire */
    /* Steered traffic only: a quarter of the ADD atomics add a value >= 2^31 (taken from bits of
     * the draw the atomic already makes: no draw of its own), so that sums wrap past 2^32
     * (gpu_l2 F58 ADD_WRAP). false (TC): the addends stay 0..3, the streams of before. */
    bool wide_add;
    /* Steered traffic only: now and then a FENCE phase in which every wavefront alternates a
     * line store and a GPU-scope fence at full rate, so that every wavefront of an SM waits for
     * a fence at once (gpu_l1 F45 FENCE_ALL_WAIT). Its draws come after the other steered
     * phases' (false, TC: no draw, the streams of before). */
    bool fence_all;
    /* Steered traffic only: now and then an RSP phase (docs/units/gpu/rsp.md section 12.3, S7):
     * the wavefronts of one SM (the owner) run CTA-scope atomics and stores on a few hot lines at
     * full rate while the others issue rm acquires, releases and atomics on the same lines. Set
     * by the shared traffic (not the protocol's hook) exactly when the selected variant takes rm
     * (gsys_variant_takes_rm); its draws come after the FENCE phase's (false: no draw, the
     * streams of before). */
    bool rm_steal;
} gsys_traffic_t;

/* Required by the system (gsys_new checks): the tables, geometry, bank_of, the views, msg_info,
 * req_src, rsp_copy, core_req, sm_rsp, bank_req, bank_fill, inputs, clear, fence_mask and
 * variant_of. Every other hook may be NULL: the system then does without it (no illegal inputs,
 * notes, coverage, final values from the banks, traffic hints, wave view, counters). The command
 * line (sys_cli.c) also needs check, config, set_variant, param_set, params_print, params_json,
 * full_every, model_bytes_json, illegal_report, illegal_expected and the cov_* hooks (it says so
 * before running). tests/test_gsys_proto.c runs a protocol with only the required hooks.
 *
 * What the shared system cannot express yet: docs/framework.md, "Protocols", section 7. */
typedef struct gsys_proto {
    const char* name; /* the family, "tc" */
    const gsys_variant_t* variants;
    uint32_t nvariants;
    uint32_t default_variant; /* --protocol's default */
    size_t pd_size;           /* the protocol's descriptor (its parameters) */
    uint32_t (*variant_of)(const void* pd);
    /* 0 if the descriptor is legal, else -1 with a message naming the problem */
    int (*check)(const void* pd, char* err, size_t errlen);
    /* The command line (tb/sys/sys_cli.c): a variant's small or paper configuration (proto,
     * descriptor, delays); a descriptor switched to another variant, its other parameters kept
     * (--protocol both); --param NAME=VALUE; every parameter as "--param NAME=VALUE ..." (replay
     * lines) and as a JSON object; a check() message in --param's names (NULL: as it is); the
     * lockstep's default full-state compare period; the C models' bytes as a JSON object; the
     * illegal inputs a run presented (core: gsys_illegal, bank: gsys_bank_illegal). */
    void (*config)(uint32_t variant, bool paper, struct gsys_cfg* c);
    void (*set_variant)(void* pd, uint32_t variant);
    int (*param_set)(void* pd, const char* kv, char* err, size_t errlen);
    void (*params_print)(const void* pd, FILE* f);
    void (*params_json)(const void* pd, FILE* f);
    void (*cli_names)(char* msg, size_t n);
    uint32_t (*full_every)(const void* pd);
    void (*model_bytes_json)(const void* pd, FILE* f);
    void (*illegal_report)(const struct gsys_cfg* c, uint64_t core, const uint64_t bank[4],
                           FILE* f);
    /* the protocol errors the C models must count for the illegal inputs a run presented (TC:
     * every core request and every J1 / J3; J5 / J6 have defined effects) */
    uint64_t (*illegal_expected)(uint64_t core, const uint64_t bank[4]);
    /* A system invariant of the protocol (DeNovo: V1, single owner), checked after every edge
     * over the C models of a backend (a C backend, or a lockstep backend's C side): the
     * violations found, each printed on f when not NULL. NULL: the protocol states none. st is
     * the checker's state kept from edge to edge, one per system (invariant_new's; NULL when the
     * protocol keeps none, or when it could not be allocated: the invariant then checks whole). */
    uint64_t (*invariant)(const void* pd, void* st, const gsys_backend_t* cbe, uint64_t cycle,
                          FILE* f);
    /* The invariant's state for one system (made by gsys_check_invariant, freed by gsys_free);
     * NULL: the invariant keeps none. */
    void* (*invariant_new)(const void* pd);
    void (*invariant_free)(void* st);
    const char* start_help; /* what start_max is, for messages: "2^ts_width-1, --param ts_width" */
    /* The GTKWave view of a divergence in a merged dump of a system run (tb/sys/swave.c): the
     * diverging unit (its scope in the dump) opened with its ports and state, the diverging
     * signal first; NULL: no view. 0 = written; else err. */
    int (*wave_gtkw)(const void* pd, const gsys_rtl_result_t* div, const char* scope,
                     const gpucoh_mwave_t* w, const char* gtkw_path, const char* title,
                     unsigned* traces, unsigned* missing, char* err, size_t errlen);
    /* what random traffic needs to aim at the protocol's corners (tb/sys/traffic.c) */
    void (*traffic)(const void* pd, struct gsys_traffic* t);
    /* the largest start value of the global unit (cfg.start; TC: 2^TsWidth-1, the timer just
     * before its rollover); NULL: the protocol has no start value */
    uint32_t (*start_max)(const void* pd);
    const gsys_slot_t* slots;
    uint32_t nslots;
    uint32_t sm_slot, bank_slot; /* the slot of the SMs' L1 and of the L2 banks */
    /* Every store / atomic an L1 takes reaches the banks as one request carrying its wavefront
     * (msg_info.wf; TC, any write-through L1): the system then makes a fence also wait until
     * those requests have left the L1, and reports one that names no such write. false (a
     * write-back or write-combining L1): fence_mask alone says when a fence may complete. */
    bool write_through;
    /* The banks accept a DRAM fill nobody asked for (TC: tc_l2.md J3, a protocol error that
     * changes nothing): with bank_illegal_per_mille the system presents one now and then. */
    bool stray_fills;
    /* A FENCE, and the fence of a RELEASE, is given to the L1 as a core request (core_req with a
     * GSYS_OP_FENCE of the op's scope) before the wavefront waits for fence_mask: an L1 that
     * self-invalidates or flushes at a fence sees it. false (TC): fences wait in the system. */
    bool fences_to_l1;
    int global_slot; /* the slot whose outputs are every unit's global inputs (-1: none); it is
                        the last slot, so every other unit sees its outputs of the previous edge */
    /* Optional: the global unit's inputs from the banks (G-TSC: every bank's ovf_o into
     * gtsc_ovf's ovf_i, docs/units/gtsc/gtsc.md section 13). Called once per cycle by tick_all
     * before the first slot's edge (the bank slot ticks before the global slot, so only then does
     * the bank slot's output buffer hold the registered outputs of the previous edge), in reset
     * cycles too: instance b's outputs at bank_out + b * bank_osz; gin is the global slot's
     * input. It writes only the fields it owns, which the protocol's inputs() for the global slot
     * leaves alone and clear() zeroes after the edge. gsys_new refuses it when global_slot < 0.
     * NULL for every protocol whose global unit reads no bank. */
    void (*global_in)(const void* pd, const void* bank_out, size_t bank_osz, uint32_t nbanks,
                      void* gin);
    /* the virtual networks (gsys_net_t; TC, GPU: "req" L1 -> bank and "rsp" bank -> L1s) */
    const gsys_net_t* nets;
    uint32_t nnets;
    void (*geometry)(const void* pd, gsys_geom_t* g);
    uint32_t (*bank_of)(const void* pd, uint64_t line);
    /* The registered outputs of the n instances of the SM (bank) slot, as the system sees them:
     * instance i's outputs at out + i * stride into v[i]. Once per cycle (a batch: one call). */
    void (*sm_views)(const void* pd, const void* out, size_t stride, uint32_t n, gsys_sm_view_t* v);
    void (*bank_views)(const void* pd, const void* out, size_t stride, uint32_t n,
                       gsys_bank_view_t* v);
    void (*msg_info)(const void* pd, uint32_t net, const void* msg, gsys_msg_info_t* mi);
    /* inputs: the core request of a wavefront's operation (line and word from op->addr), a DRAM
     * fill (messages: each network's deliver) */
    void (*core_req)(const void* pd, void* sm_in, uint32_t wf, const gsys_op_t* op, uint64_t line,
                     uint32_t word);
    void (*bank_fill)(const void* pd, void* bank_in, uint64_t line, const uint32_t* data);
    /* The inputs of a slot's n instances (at in + i * stride) before their edge: reset, the
     * global slot's outputs (gout, NULL if none); a global unit's own input (cycle: the cycle,
     * start: cfg.start). After the edge, clear() zeroes the payloads that were valid (an
     * invalid input is all 0). Once per slot per cycle. */
    void (*inputs)(const void* pd, uint32_t slot, void* in, size_t stride, uint32_t n, bool rst,
                   const void* gout, uint64_t cycle, uint32_t start);
    void (*clear)(uint32_t slot, void* in, size_t stride, uint32_t n);
    /* optional: an instance's outputs before its first edge (NULL: all 0) */
    void (*reset_outputs)(const void* pd, uint32_t slot, void* out);
    /* the wavefronts (bit wf) whose fence of this scope and memory order may complete now (sm_out:
     * their L1's outputs; the system also waits for their stores to reach the crossbar). order is
     * GSYS_ORD_SC for a FENCE of order SC and GSYS_ORD_ACQ_REL for every other fence (a FENCE of
     * any other order, the fence of a RELEASE, of a release / acq_rel atomic, of an acquire that
     * waits for a release: gsys_order_t); both are asked in a cycle a fence of that scope waits
     * whose wavefront's stores have all left the L1 (the SC one only while an SC fence waits). */
    uint64_t (*fence_mask)(const void* pd, const void* sm_out, uint32_t scope, uint32_t order);
    /* Illegal inputs (the unit pages' "Illegal inputs"), called only after the system has drawn
     * their chance: an idle core's request the L1 must drop; an atomic's odd variant (the core
     * request of a GSYS_OP_ATOMIC in sm_in; returns its counter index 2 or 3, or -1); an illegal
     * message at one of a bank's input ports (returns the network whose port it is, whose
     * in_ready decides whether it was presented while ready, or -1 for the first bank network
     * with an in_ready). NULL: the protocol has none. */
    void (*core_illegal)(const void* pd, gpucoh_rng_t* rng, void* sm_in);
    int (*atomic_illegal)(const void* pd, gpucoh_rng_t* rng, void* sm_in);
    int (*bank_illegal)(const void* pd, gpucoh_rng_t* rng, void* bank_in);
    /* Optional: an illegal message at the inputs of SM j's L1 from the networks (its peer or
     * response port), called only after the system has drawn its chance (peer_illegal_per_mille)
     * for an SM to which no network delivers anything in the cycle. model: that L1's C model, its
     * registered state (NULL when the run has no C model: only an input no state makes legal).
     * Returns 1 when it presented one, which the L1 must count as a protocol error, else 0.
     * Called with sm_in NULL it presents nothing: 0 if the descriptor's variant has such inputs,
     * -1 if not (the command line refuses a peer_illegal_per_mille then). NULL: none. */
    int (*peer_illegal)(const void* pd, gpucoh_rng_t* rng, void* sm_in, const void* model);
    /* reports: a unit's pending work after the system's own words (deadlock report; model is
     * its C model or NULL), what a fence of wf waits for (blocked wavefronts), the global
     * state ("now 5 era 0"), a C model's protocol error count */
    void (*unit_note)(const void* pd, uint32_t slot, const void* out, const void* model, FILE* f);
    void (*fence_note)(const void* pd, const void* sm_out, uint32_t wf, uint32_t scope, FILE* f);
    void (*global_note)(const void* pd, const void* gout, FILE* f);
    uint64_t (*model_errors)(uint32_t slot, const void* model);
    /* a bank's C model holds the line valid: the word of it (final values of a run) */
    bool (*bank_word)(const void* pd, const void* model, uint64_t line, uint32_t word, uint32_t* v);
    /* Optional: an L1's C model owns the line (holds it dirty, or is its registered owner): the
     * word of it. gsys_word asks every SM in order before the banks (a write-back or ownership
     * L1: DeNovo, MESI); NULL (TC, GPU): L1s hold no data of record. */
    bool (*sm_word)(const void* pd, const void* model, uint64_t line, uint32_t word, uint32_t* v);
    /* The L1 acknowledges every store (STORE, STORE_LINE, a RELEASE's store) to its wavefront
     * with a core response of kind GSYS_CRSP_STORE (crsp_wf_mask, crsp_line): the wavefront
     * waits for it, and the store completes then. false (TC, GPU): stores complete at issue
     * (unless the variant says so: gsys_variant_t.store_ack). */
    bool store_ack;
    /* Coverage over a run's C models (the unit pages' transition rows and cover points): a
     * cov_size-byte table (zeroed by the caller) that cov_add sums every instance into; the
     * summary ("coverage l1 37/40 l2 37/38, cover points l1 30/32 l2 33/36"), the matrices (rows:
     * also every row and point with its count), and JSON members for a report (each preceded by
     * ", ": rows covered / reachable per unit, "cover_points"). */
    size_t cov_size;
    void (*cov_add)(void* cov, uint32_t slot, const void* model);
    void (*cov_summary)(const void* cov, const void* pd, char* buf, size_t n);
    void (*cov_print)(const void* cov, const void* pd, bool rows, FILE* f);
    void (*cov_json)(const void* cov, const void* pd, FILE* f);
    /* Optional: add one C model's protocol counters (gsys_counters_t: set the bit of each counter
     * filled in c->have, add to c->v[]) for an instance of slot. Called for every instance of every
     * slot after a run (gsys_counters_collect); a protocol without the hook reports none. */
    void (*counters)(const void* pd, uint32_t slot, const void* model, gsys_counters_t* c);
    /* Optional: the names of the protocol's own counters (at most GSYS_MAX_PCTR), which the
     * counters hook adds into c->pv[k] (reports: "protocol_counters" in gpucoh compare's JSON) */
    const char* const* ctr_names;
    uint32_t nctr;
} gsys_proto_t;

/* Every protocol the tool knows (the registry: tb/cli/protocols.c), NULL-ended. */
const gsys_proto_t* const* gsys_protocols(void);
/* The protocol of a family name ("tc"); NULL if none. */
const gsys_proto_t* gsys_proto_find(const char* family);
/* The protocol and variant index of a variant name; NULL if none has it. */
const gsys_proto_t* gsys_variant_find(const char* name, uint32_t* variant);

/* Sum the C models of a C backend (or of a lockstep backend's C side) into cov (p->cov_size
 * bytes, zeroed by the caller) and return their protocol errors (model_errors). */
uint64_t gsys_cov_collect(const gsys_proto_t* p, const void* pd, const gsys_backend_t* cbe,
                          void* cov);

/* Sum every C model's counters (p->counters) of a C backend into c (zeroed here; the protocol's
 * own counter names set); false when the protocol has no counters hook or the backend no C
 * model. */
bool gsys_counters_collect(const gsys_proto_t* p, const void* pd, const gsys_backend_t* cbe,
                           gsys_counters_t* c);

/* ---- the system ---------------------------------------------------------------------------- */

enum { GSYS_PD_MAX = 1024 }; /* bytes of a protocol descriptor a configuration holds */

/* A system configuration: the protocol, its descriptor (parameters, variant) and the system's
 * own settings. A value type: copied freely (episode and litmus runs, replay lines). */
typedef struct gsys_cfg {
    const gsys_proto_t* proto;
    union {
        uint64_t align_;
        unsigned char bytes[GSYS_PD_MAX];
    } pd; /* the protocol's descriptor (proto->pd_size bytes; TC: tc_desc_t) */
    uint64_t seed;
    /* per-message delays in cycles, drawn uniformly from [min, max] by the system's PRNG */
    uint32_t req_delay_min, req_delay_max; /* L1 -> L2 */
    uint32_t rsp_delay_min, rsp_delay_max; /* L2 -> L1 */
    uint32_t mem_lat_min, mem_lat_max;     /* DRAM */
    uint32_t start; /* the global unit's start value (TC: timer load at cycle 2; 0 = none):
                       start close to a rollover */
    uint64_t deadlock_cycles; /* no wavefront progress for this long = deadlock (0 = 100000) */
    /* illegal inputs, each with this probability per chance in 1/1000 (0 = never; no random
     * draw then): an idle core's request (core_illegal; TC: tc_l1.md I1); a bank's request and
     * DRAM ports with nothing to deliver, and a core's atomic (bank_illegal, a DRAM fill of a line
     * no fetch waits for, atomic_illegal; TC: tc_l2.md J1, J3, J5, J6) */
    uint32_t core_illegal_per_mille;
    uint32_t bank_illegal_per_mille;
    /* an illegal message at the network inputs of an L1 with nothing delivered in the cycle
     * (peer_illegal), with this probability per cycle in 1/1000 (0 = never, no draw) */
    uint32_t peer_illegal_per_mille;
} gsys_cfg_t;

/* The protocol descriptor inside a configuration. */
static inline void* gsys_pd(gsys_cfg_t* c) {
    return c->pd.bytes;
}
static inline const void* gsys_pdc(const gsys_cfg_t* c) {
    return c->pd.bytes;
}
/* The geometry, variant name and the C backend of a configuration. */
void gsys_geometry(const gsys_cfg_t* c, gsys_geom_t* g);
const char* gsys_variant_name(const gsys_cfg_t* c);
/* The configuration's variant takes the remote scope (gsys_variant_t.scopes has GSYS_SCOPE_RM):
 * the random traffic and the episodes draw rm operations only then. */
bool gsys_variant_takes_rm(const gsys_cfg_t* c);
void gsys_units(const gsys_cfg_t* c, gsys_units_t* u);
int gsys_backend_c_cfg(const gsys_cfg_t* c, gsys_backend_t* be, char* err, size_t errlen);
int gsys_backend_rtl_cfg(const gsys_cfg_t* c, const gsys_rtl_cfg_t* rc, gsys_backend_t* be,
                         char* err, size_t errlen);
/* Makes the backend of a run (the checkers build one system per run); NULL where one is asked
 * for means the C models (gsys_backend_c_cfg). */
typedef int (*gsys_backend_factory_t)(void* ctx, const gsys_cfg_t* cfg, gsys_backend_t* be,
                                      char* err, size_t errlen);

typedef struct gsys gsys_t;

/* cfg is copied; be and wl must outlive the system. */
gsys_t* gsys_new(const gsys_cfg_t* cfg, gsys_backend_t* be, gsys_workload_t* wl, char* err,
                 size_t errlen);
void gsys_free(gsys_t* s);

typedef enum {
    GSYS_RUN_DONE = 0,     /* workload finished and the system drained */
    GSYS_RUN_CYCLES = 1,   /* cycle budget reached */
    GSYS_RUN_STOPPED = 2,  /* the backend stopped (mismatch) */
    GSYS_RUN_DEADLOCK = 3, /* no progress for deadlock_cycles: report printed */
} gsys_run_t;

/* Run until the workload finishes and the system drains, or max_cycles more cycles (counted from
 * the current cycle, so a run may be continued by another call). gsys_run(s, 1, report) steps
 * exactly one cycle (a clock driven from outside, e.g. the SystemC TLM target systemc/tlm/): a
 * run stepped cycle by cycle is the same run as one call (tests/test_gsys_proto.c); it returns
 * GSYS_RUN_DONE for every cycle after which the workload is finished and the system has been
 * quiescent for 4 cycles, GSYS_RUN_CYCLES otherwise (or STOPPED / DEADLOCK). */
gsys_run_t gsys_run(gsys_t* s, uint64_t max_cycles, FILE* report);
uint64_t gsys_cycle(const gsys_t* s);
/* Count the current cycle as progress: the deadlock limit (cfg.deadlock_cycles without a completed
 * operation) counts from here. For a workload that is idle by choice (an initiator that issues
 * nothing for a while: the SystemC TLM target calls it for every cycle in which it has nothing
 * in the system and the system is drained), so that its first operation after a long pause is
 * not reported as a deadlock. Changes nothing else. */
void gsys_mark_progress(gsys_t* s);
/* Statistics: messages by kind, loads/stores/atomics/fences completed, stall cycles. */
void gsys_stats(const gsys_t* s, FILE* f);

/* The two networks of a write-through protocol (TC, GPU, the test's nc): L1 -> bank requests
 * under the banks' back-pressure, bank -> L1s responses. MSG: the message struct; KINDS: a
 * static array of kind names (counted here); STAMP, DELIVER: the network's hooks. */
#define GSYS_NET_REQUESTS(MSG, KINDS, STAMP, DELIVER)                                              \
    {                                                                                              \
        .name = "req", .noun = "request", .src = GSYS_AT_SM, .dst = GSYS_AT_BANK,                  \
        .prio = GSYS_PRIO_REQUEST, .in_ready = true, .delay = GSYS_DELAY_REQ, .size = sizeof(MSG), \
        .kinds = (KINDS), .nkinds = (uint32_t)(sizeof(KINDS) / sizeof((KINDS)[0])),                \
        .stamp = (STAMP), .deliver = (DELIVER)                                                     \
    }
#define GSYS_NET_RESPONSES(MSG, KINDS, STAMP, DELIVER)                                             \
    {                                                                                              \
        .name = "rsp", .noun = "response", .src = GSYS_AT_BANK, .dst = GSYS_AT_SM,                 \
        .prio = GSYS_PRIO_RESPONSE, .delay = GSYS_DELAY_RSP, .size = sizeof(MSG),                  \
        .kinds = (KINDS), .nkinds = (uint32_t)(sizeof(KINDS) / sizeof((KINDS)[0])),                \
        .stamp = (STAMP), .deliver = (DELIVER)                                                     \
    }

enum { GSYS_MAX_KINDS = 16 }; /* message kinds per network a protocol may name (gsys_new checks) */

/* One network's statistics (gsys_stats_t.net[]). */
typedef struct {
    const char* name; /* gsys_net_t.name */
    const char* const* kinds;
    uint32_t nkinds;
    uint64_t kind[GSYS_MAX_KINDS]; /* messages sent, by kind */
    uint64_t total;                /* messages sent (before fan-out) */
    uint64_t copies;               /* copies queued, one per destination */
    uint64_t max;                  /* most copies in flight */
    uint64_t stall;    /* cycles a ready message was presented and not taken (in_ready 0) */
    uint64_t conflict; /* cycles a destination had more than one message of it ready to take */
    uint64_t wait; /* cycles a ready message was not presented: its port showed another network's
                      (a higher priority's, or one its unit took while refusing this one) */
} gsys_net_stats_t;

/* What gsys_stats prints, as numbers (gsys_stats_get). Message kinds are the protocol's
 * (gsys_net_t.kinds); kind 0 is no message (TC: NONE) and counts 0. The req / rsp members are
 * the request network's (the first declared from the SMs into the banks) and the response
 * network's (the first from the banks into the SMs), as every report before the networks were
 * data had them; net[] has every network. */
typedef struct {
    uint64_t cycles, harness_errors;
    uint64_t done[GSYS_OP_N]; /* operations completed, by gsys_op_kind_t (stores: at issue, or
                                 at their acknowledgement with store_ack) */
    uint64_t fences[2];       /* fences (and releases' fences) completed: CTA, GPU scope */
    uint64_t core_req, core_rsp;
    uint64_t lat_sum, lat_n, lat_max; /* load / atomic latency in cycles (issue to response) */
    uint32_t nnets;
    gsys_net_stats_t net[GSYS_MAX_NETS];
    uint64_t msgs; /* copies of every network (what gpucoh compare calls messages) */
    uint32_t n_req_kinds, n_rsp_kinds;
    const char* const* req_kinds; /* the protocol's names */
    const char* const* rsp_kinds;
    uint64_t req[GSYS_MAX_KINDS], rsp[GSYS_MAX_KINDS]; /* messages by kind */
    uint64_t req_total, rsp_total; /* L1 -> L2 requests, L2 -> L1 responses (before fan-out) */
    uint64_t rsp_copies;           /* response copies delivered to L1s (one per destination) */
    uint64_t dram_fetch, dram_wb, dram_rsp;
    uint64_t core_stall;               /* cycles a pending core request found its L1 not ready */
    uint64_t bank_stall;               /* cycles a delivered request found its bank not ready */
    uint64_t rsp_conflict;             /* cycles an L1 had more than one response to take */
    uint64_t rq_max, rs_max, dram_max; /* most messages in flight */
    bool have_model_errors;            /* the C models' protocol error counts below are known */
    uint64_t model_errors_l1, model_errors_l2;
} gsys_stats_t;
void gsys_stats_get(const gsys_t* s, gsys_stats_t* st);
/* One line per wavefront that is blocked, and what it waits for (deadlock reports). */
void gsys_dump_blocked(const gsys_t* s, FILE* f);
/* The store image of a STORE / RELEASE (word = the word in the line) or a STORE_LINE (its bytes
 * within line_bytes): data and byte mask as an L1's core port takes them (bytes outside the mask
 * 0). data holds line_bytes/4 words and mask GSYS_MASK_WORDS words; both are written whole. */
void gsys_store_image(const gsys_op_t* op, uint32_t line_bytes, uint32_t word, uint32_t* data,
                      uint32_t* mask);
/* The initial DRAM contents are 0; the system's DRAM is the memory image of record. */
uint32_t gsys_mem_word(const gsys_t* s, uint64_t addr);
/* The word as the system holds it: the copy of an L1 that owns the line (sm_word), else the
 * bank's copy when its C model holds the line valid (C backend only), else the DRAM image. Use
 * after GSYS_RUN_DONE for final values (dirty lines are not written back at the end of a run). */
uint32_t gsys_word(const gsys_t* s, uint64_t addr);
/* Harness errors: core responses no wavefront waits for, L2 requests for writes the core never
 * issued, responses to absent SMs, unknown workload ops (the first 10 are printed on stderr). */
uint64_t gsys_errors(const gsys_t* s);
/* illegal core requests presented while the L1 was ready (each one the L1 must drop) */
uint64_t gsys_illegal(const gsys_t* s);
/* For a protocol's core_illegal (GPU, DeNovo, hLRC: their L1s' I1): the op and wavefront of an
 * illegal core request, op 0 or 5..7 of the 3-bit port, or the legal op load from a wavefront >=
 * num_wf of the 6-bit port */
void gsys_illegal_op_wf(gpucoh_rng_t* rng, uint32_t num_wf, uint32_t load, uint32_t* op,
                        uint32_t* wf);
/* For a protocol's atomic_illegal, on a core's atomic: its word + lw when that fits the 5-bit
 * port (the same word modulo lw; returns 2), else aop 3 (returns 3) */
int gsys_illegal_atomic(gpucoh_rng_t* rng, uint32_t lw, uint32_t* word, uint32_t* aop);
/* bank-side illegal inputs given: j[0] bank requests presented while the bank was ready, j[1]
 * DRAM fills, j[2] and j[3] the atomic variants atomic_illegal returned, taken by an L1 */
void gsys_bank_illegal(const gsys_t* s, uint64_t j[4]);
/* illegal messages presented at the L1s' network inputs (peer_illegal), each one a protocol
 * error the L1 counts in the edge it is presented */
uint64_t gsys_peer_illegal(const gsys_t* s);
/* The C models peer_illegal reads (a C backend, or a lockstep backend's C side:
 * gsys_backend_rtl_cside); without it, the system backend's own (none for lockstep or RTL). */
void gsys_set_illegal_models(gsys_t* s, const gsys_backend_t* cbe);
/* No illegal bank message is presented from `cycle` on (default: never stops): a run's quiet
 * tail, so that every one presented has left its FIFO, and been counted by the bank, by the
 * time the counts are compared. */
void gsys_set_bank_illegal_until(gsys_t* s, uint64_t cycle);
/* Check the protocol's invariant (gsys_proto_t.invariant) after every edge over cbe's C models,
 * the first violations printed on f; gsys_invariant_violations counts them. cbe NULL: off. The
 * first call with a cbe makes the invariant's state of this system (gsys_proto_t.invariant_new). */
void gsys_check_invariant(gsys_t* s, const gsys_backend_t* cbe, FILE* f);
uint64_t gsys_invariant_violations(const gsys_t* s);
/* The invariant's state of this system (gsys_proto_t.invariant_new's), or NULL. */
const void* gsys_invariant_state(const gsys_t* s);

#endif /* GPUCOH_GSYS_H */
