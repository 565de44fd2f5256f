/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gsys_backend.h -- the backends of the shared multi-SM system, built from a protocol's unit
 * slots (docs/framework.md, "Protocols", sections 2 and 6 step 3).
 *
 * A protocol's hardware is a list of slots: a unit kind and where it sits (one instance per SM,
 * per L2 bank, or one global instance). A backend ticks instance `inst` of slot `slot` with the
 * unit's input struct and returns its output struct; it knows nothing else of the protocol.
 *
 *   C:        the units' C models.
 *   RTL:      every slot selected in `rtl` is a Verilated model (one per instance); the others
 *             are C models.
 *   LOCKSTEP: the C models drive the system; every selected slot also has its Verilated model,
 *             fed the same inputs every cycle; the outputs are compared every cycle, the state the
 *             C model wrote that cycle too, all of it every full_every cycles. The first
 *             difference names the instance and the field (sm[3].l1.set[5].way[1].lts) and
 *             stops the run.
 *
 * A slot in `netlist` runs as its synthesized osu018 netlist; the state bits whose flops
 * synthesis removed (the shim's mask) are taken from the C model before the compare, so every
 * other bit is compared (docs/testing.md, "Netlist lockstep").
 */
#ifndef GPUCOH_GSYS_BACKEND_H
#define GPUCOH_GSYS_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "mwave.h"
#include "step.h"
#include "unit.h"

typedef enum { GSYS_AT_SM = 0, GSYS_AT_BANK = 1, GSYS_GLOBAL = 2 } gsys_place_t;

/* What the system knows of one unit kind: its catalogue entry (RTL, parameters) and how its C
 * model is built, ticked and compared. `pd` is the protocol's descriptor (e.g. tc_desc_t). */
typedef struct gsys_unit_ops {
    const gpucoh_unit_t* unit; /* catalogue entry: RTL files, top module, parameters */
    size_t in_size, out_size;
    size_t state_size; /* the shim's state struct (0: outputs only are compared) */
    /* The C model of one instance in one malloc'd block (freed with free()); NULL + err. */
    void* (*model_new)(const void* pd, char* err, size_t errlen);
    void (*model_tick)(void* model, const void* in, void* out);
    /* The unit's RTL parameter set for the protocol descriptor. */
    void (*pvals)(const void* pd, gpucoh_pvals_t* pv);
    /* Lockstep: every differing output field counts in *bad, the first is described in *mm. */
    void (*cmp_out)(const void* pd, gpucoh_mismatch_t* mm, uint32_t* bad, const void* e,
                    const void* g);
    /* Before the shim's state(): what of the state to read into st (what the model wrote this
     * cycle; everything when full). NULL when state_size is 0. */
    void (*state_select)(const void* pd, const void* model, bool full, void* st);
    /* The RTL's state st against the model's; fix (NULL or a state struct with ones in the
     * bits a netlist removed) says which bits of st to take from the model first. */
    void (*cmp_state)(const void* pd, const void* model, void* st, const void* fix,
                      gpucoh_mismatch_t* mm, uint32_t* bad);
} gsys_unit_ops_t;

typedef struct {
    const gsys_unit_ops_t* ops;
    gsys_place_t place;
    const char* name;      /* "l1": netlist notes */
    const char* inst_fmt;  /* instance path in reports, "sm[%u].l1" (%u = the SM or bank) */
    const char* scope_fmt; /* wave scope, "sm%u_l1" */
} gsys_slot_t;

enum { GSYS_MAX_SLOTS = 8 };

/* A protocol's hardware for one configuration. */
typedef struct {
    const gsys_slot_t* slots;
    uint32_t nslots;
    const void* pd; /* the protocol descriptor (copied by the backend) */
    size_t pd_size;
    uint32_t num_sm, num_banks;
} gsys_units_t;

typedef struct gsys_backend {
    void* ctx;
    /* tick instance inst of slot; non-zero stops the run (lockstep mismatch, RTL error; the
     * backend has printed the report) */
    int (*tick)(void* ctx, uint32_t slot, uint32_t inst, const void* in, void* out);
    /* tick instances 0..n-1 of slot, instance i's input at in + i * istride and output at
     * out + i * ostride (the system's loop: one call per slot per cycle) */
    int (*tick_slot)(void* ctx, uint32_t slot, const void* in, size_t istride, void* out,
                     size_t ostride, uint32_t n);
    /* before the first tick of a cycle (rst_n: the units' reset input this cycle) and after its
     * last; cycle_end's non-zero return stops the run. Both optional (NULL). */
    void (*cycle_begin)(void* ctx, bool rst_n);
    int (*cycle_end)(void* ctx);
    void (*destroy)(void* ctx);
} gsys_backend_t;

/* be: the same instances as real, with a destroy that does nothing (a backend shared by the
 * systems of several runs; real is destroyed by its owner). */
void gsys_backend_borrow(const gsys_backend_t* real, gsys_backend_t* be);

typedef enum { GSYS_IMPL_C = 0, GSYS_IMPL_RTL = 1, GSYS_IMPL_LOCKSTEP = 2 } gsys_impl_t;

/* The C backend. */
int gsys_backend_c(const gsys_units_t* u, gsys_backend_t* be, char* err, size_t errlen);
/* The C model of (slot, inst) of a C backend; NULL for another backend (use
 * gsys_backend_rtl_cside for the C side of a lockstep one) or an index out of range. */
void* gsys_backend_model(const gsys_backend_t* be, uint32_t slot, uint32_t inst);
/* Instances of a slot. */
uint32_t gsys_slot_count(const gsys_units_t* u, uint32_t slot);

typedef struct {
    gsys_impl_t impl;    /* GSYS_IMPL_RTL or GSYS_IMPL_LOCKSTEP */
    uint32_t rtl;        /* slots taken from RTL (bit i = slot i) */
    const char* rtl_dir; /* RTL sources (NULL = rtl/): mutant experiments */
    uint32_t full_every; /* full state compare period in cycles (0 = every cycle) */
    FILE* report;        /* mismatch report (NULL = stderr) */
    bool quiet;          /* no build messages */
    uint32_t netlist;    /* slots whose synthesized osu018 netlist runs in place of the RTL */
    /* Waves (docs/waves.md): every Verilated instance is added to `wave` (the slot's scope),
     * traced from the start of cycle wave_from of a run to the end of cycle wave_to (UINT64_MAX:
     * until the backend is destroyed) and merged into one file. Cycles count from the run's
     * reset (a shared backend sees one reset per run: litmus). */
    gpucoh_mwave_t* wave; /* NULL = no trace; owned by the caller */
    uint64_t wave_from, wave_to;
    /* 0: the first divergence stops the run. Else it is recorded (the first stays the one
     * reported) and the run is stopped at the end of cycle stop_at: the tail of a wave window. */
    uint64_t stop_at;
    /* the run presents illegal inputs on purpose (gsys_backend_rtl_cfg sets it from the
     * configuration): the RTL's input-assertion failures are then counted, not printed */
    bool illegal;
} gsys_rtl_cfg_t;

typedef struct {
    uint64_t cycles;     /* cycles ticked */
    uint64_t compared;   /* unit-cycles whose outputs were compared */
    uint64_t mismatches; /* 0 or 1 (the run stops at the first) */
    uint64_t rtl_errors; /* RTL assertion failures */
    /* the RTL's input-assertion failures (ASSERT_WARN: the protocol errors of its environment
     * a run presents on purpose; counted by the shims while cfg.illegal, summed over the slots'
     * models; filled by gsys_backend_rtl_result) */
    uint64_t input_asserts;
    /* the first divergence (step.h): div.text "cycle 123 sm[3].l1.crsp.data[5]: C 0x.. RTL
     * 0x..", div.cycle counted from its run's reset, div.run its run (0 but for a backend shared
     * by several runs: litmus), div.unit "sm[3].l1", "bank[1].l2" or "timer", div.field
     * "sm[3].l1.crsp_data_o[31:0]"; div.text "" when none */
    gpucoh_divergence_t div;
    /* netlist units: state bits (per instance of a unit, summed over the slots) whose flops
     * synthesis removed, taken from the C model, and the registers ("l2: life_q, ...") */
    uint32_t removed_bits;
    char removed[640];
    bool state_compared; /* false: a netlist removed bits its shim cannot say (stated) */
} gsys_rtl_result_t;

int gsys_backend_rtl(const gsys_units_t* u, const gsys_rtl_cfg_t* cfg, gsys_backend_t* be,
                     char* err, size_t errlen);
const gsys_rtl_result_t* gsys_backend_rtl_result(const gsys_backend_t* be);
/* The C backend inside a lockstep backend (NULL for RTL only): coverage and stats. */
gsys_backend_t* gsys_backend_rtl_cside(gsys_backend_t* be);
/* The end of a lockstep run that ended without a divergence: every RTL unit's whole state
 * compared with its C model's once more, as at a --full-every cycle, so that a line the C model
 * did not name and no full compare has read since it changed is seen at the latest here. A
 * mismatch is reported at the run's last cycle and counted as any other (its first divergence,
 * its replay). The mismatches found; 0 for another backend or after a divergence. */
uint64_t gsys_backend_rtl_final_check(gsys_backend_t* be);

/* For a protocol's cmp_state: a netlist's state bits synthesis removed, got takes them from the
 * C model (exp, the same struct type) under fix (ones in those bits). GSYS_FIX(g, e, m) on one
 * member. */
void gsys_fix_bits(void* got, const void* exp, const void* fix, size_t n);
#define GSYS_FIX(g, e, m) gsys_fix_bits(&(g), &(e), &(m), sizeof(g))
/* A protocol's cmp_state compares field f of the RTL's state g against the model's e (tb_cmp_u64
 * on the mm and bad in scope, the path printf(...)), after the bits synthesis removed are taken
 * from the model (fx: NULL or the mask). */
#define GSYS_CMPF(fx, g, e, f, ...)                                                                \
    do {                                                                                           \
        if (fx)                                                                                    \
            GSYS_FIX((g)->f, (e)->f, (fx)->f);                                                     \
        tb_cmp_u64(mm, bad, (e)->f, (g)->f, __VA_ARGS__);                                          \
    } while (0)

/* For a protocol's state_select whose C model lists the lines an edge wrote (touched: the
 * gpu_l1_touched contract, e.g. gpu_l2_touched, denovo_l1_touched) into the state st of type
 * stype (sel_all, sel_n, sel[]): those lines, every line when full or when the model says all (a
 * reset, more lines than sel[] holds). Expands to the body of the function. */
#define GSYS_SELECT_TOUCHED(touched, stype, model, full, st)                                       \
    do {                                                                                           \
        stype* s_ = (st);                                                                          \
        bool all_ = false;                                                                         \
        const uint32_t max_ = (uint32_t)(sizeof s_->sel / sizeof s_->sel[0]);                      \
        s_->sel_n = touched((model), s_->sel, max_, &all_);                                        \
        s_->sel_all = all_ || (full);                                                              \
        if (s_->sel_all)                                                                           \
            s_->sel_n = 0;                                                                         \
    } while (0)

/* For a protocol's invariant_new / invariant_free (gsys_proto_t): the checker's state kept from
 * edge to edge, one malloc'd stype per system, set up by init(stype*); NULL when out of memory
 * (the invariant then checks whole). Defines static new_fn(const void* pd) and free_fn(void*). */
#define GSYS_INVARIANT_STATE(new_fn, free_fn, stype, init)                                         \
    static void* new_fn(const void* pd) {                                                          \
        (void)pd;                                                                                  \
        stype* c_ = malloc(sizeof *c_);                                                            \
        if (c_)                                                                                    \
            init(c_);                                                                              \
        return c_;                                                                                 \
    }                                                                                              \
    static void free_fn(void* st) {                                                                \
        free(st);                                                                                  \
    }

/* For a protocol's model_new: one C model in one malloc'd block, built from the protocol
 * descriptor pd (of type ptype) through unit##_desc_from / _size / _init; size 0 is an illegal
 * descriptor, init says why. Expands to the body of the function (it returns). */
#define GSYS_MODEL_NEW(unit, dtype, ptype, pd, err, errlen)                                        \
    do {                                                                                           \
        const dtype ud = unit##_desc_from((const ptype*)(pd));                                     \
        const size_t n = unit##_size(&ud);                                                         \
        void* mem = n ? malloc(n) : NULL;                                                          \
        if (n && !mem) {                                                                           \
            snprintf(err, errlen, "%s: out of memory", #unit);                                     \
            return NULL;                                                                           \
        }                                                                                          \
        void* m = unit##_init(mem, n, &ud, err, errlen);                                           \
        if (!m)                                                                                    \
            free(mem);                                                                             \
        return m;                                                                                  \
    } while (0)

/* A protocol's gsys_unit_ops_t ops_##u for its unit p##_##u (DeNovo's and hLRC's l1 and l2): a C
 * model built from the protocol descriptor (which starts with a ptype) by GSYS_MODEL_NEW, ticked
 * over p##_##u##_in_t / _out_t, its parameters from p##_pvals_from_desc, its state the lines
 * p##_##u##_touched names (GSYS_SELECT_TOUCHED) compared by p##_cmp_##u##_state against the
 * model's same selection. The protocol defines u##_cmp_out first. Expands the static functions
 * u##_new, u##_tick, u##_pvals, u##_select, u##_cmp_state and the struct ops_##u. */
#define GSYS_UNIT_OPS(p, u, ptype)                                                                 \
    static void* u##_new(const void* pd, char* err, size_t errlen) {                               \
        GSYS_MODEL_NEW(p##_##u, p##_##u##_desc_t, ptype, pd, err, errlen);                         \
    }                                                                                              \
    static void u##_tick(void* m, const void* in, void* out) {                                     \
        p##_##u##_tick(m, in, out);                                                                \
    }                                                                                              \
    static void u##_pvals(const void* pd, gpucoh_pvals_t* pv) {                                    \
        p##_pvals_from_desc(&unit_##p##_##u, pd, pv);                                              \
    }                                                                                              \
    static void u##_select(const void* pd, const void* model, bool full, void* st) {               \
        (void)pd;                                                                                  \
        GSYS_SELECT_TOUCHED(p##_##u##_touched, p##_##u##_state_t, model, full, st);                \
    }                                                                                              \
    static void u##_cmp_state(const void* pd, const void* model, void* st, const void* fix,        \
                              gpucoh_mismatch_t* mm, uint32_t* bad) {                              \
        p##_##u##_state_t* g = st;                                                                 \
        static p##_##u##_state_t e; /* the model's state, the same selection */                    \
        e.sel_all = g->sel_all;                                                                    \
        e.sel_n = g->sel_n;                                                                        \
        memcpy(e.sel, g->sel, sizeof e.sel);                                                       \
        p##_##u##_state_get(model, &e);                                                            \
        p##_cmp_##u##_state(pd, &e, g, fix, mm, bad);                                              \
    }                                                                                              \
    static const gsys_unit_ops_t ops_##u = {                                                       \
        .unit = &unit_##p##_##u,                                                                   \
        .in_size = sizeof(p##_##u##_in_t),                                                         \
        .out_size = sizeof(p##_##u##_out_t),                                                       \
        .state_size = sizeof(p##_##u##_state_t),                                                   \
        .model_new = u##_new,                                                                      \
        .model_tick = u##_tick,                                                                    \
        .pvals = u##_pvals,                                                                        \
        .cmp_out = u##_cmp_out,                                                                    \
        .state_select = u##_select,                                                                \
        .cmp_state = u##_cmp_state,                                                                \
    }

#endif
