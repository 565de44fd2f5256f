/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_denovo_system.c -- the DeNovo family on the shared system with its C models
 * (tb/proto/denovo/): small systems of each variant under random traffic, stepped one cycle at a
 * time with the single-owner check V1 (docs/units/denovo/denovo.md section 4,
 * tb/proto/denovo/denovo_check.c) after every edge: no deadlock, no harness error, no protocol
 * error, no V1 violation, operations completed, every line an edge changed listed by
 * denovo_l1_touched / denovo_l2_touched (the lockstep compares those lines every cycle); and V1
 * catching a word registered at two L1s, a state made by driving two L1 models and a registry
 * bank through their ports.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "denovo_check.h"
#include "denovo_sys_rtl.h"
#include "denovo_units.h"
#include "gsys.h"
#include "traffic.h"

extern const gsys_proto_t denovo_proto;

enum { RUN_CYCLES = 20000 };

typedef struct {
    uint64_t cycles, v1, ops, model_errors, harness;
    uint64_t unlisted, listed; /* changed lines the edge's touched list missed / named */
    gsys_run_t end;
} run_t;

/* ---- the touched lists: every line (fields or its set's rr) an edge changed is listed -------- */

static bool listed(const uint32_t* sel, uint32_t n, bool all, uint32_t i) {
    for (uint32_t k = 0; k < n; k++)
        if (sel[k] == i)
            return true;
    return all;
}

/* the lines of one instance whose fields changed unlisted; a set whose rr changed with none of
 * its lines listed counts one. prev: the state after the last edge, replaced by this one. */
#define UNLISTED(unit, stype, smax, sets, ways, m, prev, cur, o)                                   \
    do {                                                                                           \
        (cur)->sel_all = 1;                                                                        \
        unit##_state_get((m), (cur));                                                              \
        uint32_t sel[smax];                                                                        \
        bool all = false;                                                                          \
        const uint32_t n = unit##_touched((m), sel, (smax), &all);                                 \
        for (uint32_t x = 0; x < (sets); x++) {                                                    \
            bool any = false;                                                                      \
            for (uint32_t i = x * (ways); i < (x + 1u) * (ways); i++) {                            \
                const bool in = listed(sel, n, all, i);                                            \
                any = any || in;                                                                   \
                if (memcmp(&(prev)->line[i], &(cur)->line[i], sizeof(cur)->line[i]) != 0)          \
                    *(in ? &(o)->listed : &(o)->unlisted) += 1u;                                   \
            }                                                                                      \
            if ((prev)->rr[x] != (cur)->rr[x] && !any)                                             \
                (o)->unlisted++;                                                                   \
        }                                                                                          \
        stype* t_ = (prev);                                                                        \
        (prev) = (cur);                                                                            \
        (cur) = t_;                                                                                \
    } while (0)

typedef struct {
    denovo_l1_state_t* l1[DENOVO_MAX_SM + 1];
    denovo_l2_state_t* l2[DENOVO_MAX_BANKS + 1]; /* the last: the edge's scratch */
} snaps_t;

static void touched_check(const denovo_sys_desc_t* d, const gsys_backend_t* be, snaps_t* p,
                          run_t* o) {
    const uint32_t ns = d->d.num_sm, nb = d->d.num_banks;
    for (uint32_t j = 0; j < ns; j++)
        UNLISTED(denovo_l1, denovo_l1_state_t, DENOVO_SEL_MAX, d->d.l1_sets, d->d.l1_ways,
                 denovo_backend_c_l1(be, j), p->l1[j], p->l1[ns], o);
    for (uint32_t b = 0; b < nb; b++)
        UNLISTED(denovo_l2, denovo_l2_state_t, DENOVO_L2_SEL_MAX, d->d.l2_sets, d->d.l2_ways,
                 denovo_backend_c_l2(be, b), p->l2[b], p->l2[nb], o);
}

/* V1 kept (denovo_check_v1_kept) after the edge of `cycle`: the count the whole check's and every
 * kept line a fresh reading's; the kept count returned. */
static uint64_t kept_vs_whole(denovo_v1_kept_t* k, const denovo_sys_desc_t* d,
                              const gsys_backend_t* be, uint64_t cycle, uint64_t whole) {
    const denovo_l1_t* l1[DENOVO_MAX_SM];
    const denovo_l2_t* l2[DENOVO_MAX_BANKS];
    denovo_backend_models(d, be, l1, l2);
    const uint64_t kept = denovo_check_v1_kept(k, d, l1, l2, cycle, NULL);
    assert_int_equal(kept, whole);
    assert_true(denovo_v1_kept_agrees(k, d, l1, l2));
    return kept;
}

/* One small system of variant v under random traffic for `cycles` cycles, V1 checked after every
 * cycle, whole and kept. */
static run_t run_variant(denovo_variant_t v, uint64_t seed, uint64_t cycles) {
    gsys_cfg_t cfg;
    denovo_proto.config(v, false, &cfg);
    cfg.seed = seed;
    cfg.deadlock_cycles = 5000; /* within the run: the small system never waits this long */
    char err[256];
    gsys_backend_t be;
    assert_int_equal(gsys_backend_c_cfg(&cfg, &be, err, sizeof err), 0);
    traffic_cfg_t tc = traffic_cfg_default(&cfg, seed, ~0ull >> 1); /* as cosim system */
    traffic_t* r = traffic_new(&cfg, &tc, err, sizeof err);
    assert_non_null(r);
    gsys_workload_t wl;
    traffic_workload(r, &wl);
    gsys_t* s = gsys_new(&cfg, &be, &wl, err, sizeof err);
    assert_non_null(s);
    run_t o = {0, 0, 0, 0, 0, 0, 0, GSYS_RUN_CYCLES};
    const denovo_sys_desc_t* d = gsys_pdc(&cfg);
    snaps_t* p = calloc(1, sizeof *p);
    assert_non_null(p);
    for (uint32_t j = 0; j <= d->d.num_sm; j++)
        assert_non_null(p->l1[j] = calloc(1, sizeof *p->l1[j]));
    for (uint32_t b = 0; b <= d->d.num_banks; b++)
        assert_non_null(p->l2[b] = calloc(1, sizeof *p->l2[b]));
    denovo_v1_kept_t* k = malloc(sizeof *k);
    assert_non_null(k);
    denovo_v1_kept_init(k);
    while (o.cycles < cycles && o.end == GSYS_RUN_CYCLES) {
        o.end = gsys_run(s, 1, stderr);
        const uint64_t v1 =
            denovo_check_v1_backend(d, &be, gsys_cycle(s), o.v1 < 5 ? stderr : NULL);
        o.v1 += v1;
        (void)kept_vs_whole(k, d, &be, gsys_cycle(s), v1);
        touched_check(d, &be, p, &o);
        o.cycles++;
    }
    free(k);
    for (uint32_t j = 0; j <= d->d.num_sm; j++)
        free(p->l1[j]);
    for (uint32_t b = 0; b <= d->d.num_banks; b++)
        free(p->l2[b]);
    free(p);
    for (uint32_t j = 0; j < d->d.num_sm; j++)
        o.model_errors += denovo_l1_errors(denovo_backend_c_l1(&be, j));
    for (uint32_t b = 0; b < d->d.num_banks; b++)
        o.model_errors += denovo_l2_errors(denovo_backend_c_l2(&be, b));
    o.ops = traffic_completed(r);
    o.harness = gsys_errors(s);
    gsys_free(s);
    traffic_free(r);
    be.destroy(be.ctx);
    return o;
}

static void check_variant(denovo_variant_t v, uint64_t seed, uint64_t cycles) {
    const run_t o = run_variant(v, seed, cycles);
    print_message("%s: %llu cycles, %llu ops, %llu protocol errors, %llu V1 violations, %llu "
                  "line changes listed by touched, %llu not\n",
                  denovo_proto.variants[v].name, (unsigned long long)o.cycles,
                  (unsigned long long)o.ops, (unsigned long long)o.model_errors,
                  (unsigned long long)o.v1, (unsigned long long)o.listed,
                  (unsigned long long)o.unlisted);
    assert_int_equal(o.end, GSYS_RUN_CYCLES);
    assert_int_equal(o.cycles, cycles);
    assert_int_equal(o.harness, 0);
    assert_int_equal(o.model_errors, 0);
    assert_int_equal(o.v1, 0);
    assert_int_equal(o.unlisted, 0);
    assert_true(o.listed > cycles / 20u);
    assert_true(o.ops > cycles / 200u);
}

static void denovo_d_runs(void** state) {
    (void)state;
    check_variant(DENOVO_D, 7, RUN_CYCLES);
}
static void denovo_d_ro_runs(void** state) {
    (void)state;
    check_variant(DENOVO_D_RO, 7, RUN_CYCLES);
}
static void denovo_h_runs(void** state) {
    (void)state;
    check_variant(DENOVO_H, 7, RUN_CYCLES);
}

/* The kept V1 (denovo_check_v1_kept) on more seeds, shorter: every edge the whole check's count
 * and a fresh reading of every kept line (also done by the runs above). */
static void v1_kept_agrees_runs(void** state) {
    (void)state;
    const denovo_variant_t v[3] = {DENOVO_D, DENOVO_D_RO, DENOVO_H};
    for (int k = 0; k < 3; k++)
        for (uint64_t seed = 1; seed <= 3; seed += 2)
            check_variant(v[k], seed, 4000);
}

/* ---- V1 catches two owners: models driven through their ports ------------------------------- */

typedef struct {
    denovo_sys_desc_t s;
    denovo_l1_t* l1[2];
    denovo_l2_t* l2[2];
    denovo_l1_in_t in1[2];
    denovo_l1_out_t out1[2];
    denovo_l2_in_t in2;
    denovo_l2_out_t out2;
    denovo_msg_t done;      /* SM 0's DONE after its REGD (register_at_bank) */
    denovo_v1_kept_t* kept; /* V1 kept after every tick (rig_kept) */
    uint64_t tick;          /* ticks so far (the kept check's cycle) */
    uint64_t first_bad;     /* the first tick after which V1 (whole and kept) was not 0 */
} rig_t;

/* After every tick of a rig model: V1 kept over l1[0..1], l2[0] against the whole check (the
 * models not ticked list what their last tick wrote: re-checked again, which changes nothing). */
static void rig_kept(rig_t* r) {
    const denovo_l1_t* const* l1 = (const denovo_l1_t* const*)r->l1;
    const denovo_l2_t* const* l2 = (const denovo_l2_t* const*)r->l2;
    r->tick++;
    const uint64_t whole = denovo_check_v1(&r->s, l1, l2, r->tick, NULL);
    const uint64_t kept = denovo_check_v1_kept(r->kept, &r->s, l1, l2, r->tick, NULL);
    assert_int_equal(kept, whole);
    assert_true(denovo_v1_kept_agrees(r->kept, &r->s, l1, l2));
    if (whole && !r->first_bad)
        r->first_bad = r->tick;
}

static void* alloc_l1(const denovo_sys_desc_t* s) {
    const denovo_l1_desc_t d = denovo_l1_desc_from(&s->d);
    const size_t n = denovo_l1_size(&d);
    void* m = denovo_l1_init(calloc(1, n), n, &d, NULL, 0);
    assert_non_null(m);
    return m;
}

static void* alloc_l2(const denovo_sys_desc_t* s) {
    const denovo_l2_desc_t d = denovo_l2_desc_from(&s->d);
    const size_t n = denovo_l2_size(&d);
    void* m = denovo_l2_init(calloc(1, n), n, &d, NULL, 0);
    assert_non_null(m);
    return m;
}

/* SM j's L1 for one edge (its inputs then cleared); the bank for one edge */
static void tick_l1(rig_t* r, uint32_t j) {
    r->in1[j].rst_n = true;
    r->in1[j].sm_id = j;
    denovo_l1_tick(r->l1[j], &r->in1[j], &r->out1[j]);
    memset(&r->in1[j].core, 0, sizeof r->in1[j].core);
    memset(&r->in1[j].msg, 0, sizeof r->in1[j].msg);
    rig_kept(r);
}

static void tick_l2(rig_t* r) {
    r->in2.rst_n = true;
    denovo_l2_tick(r->l2[0], &r->in2, &r->out2);
    memset(&r->in2, 0, sizeof r->in2);
    if (r->out2.mreq.fetch) { /* DRAM at once: zeros */
        r->in2.mem.valid = true;
        r->in2.mem.line = r->out2.mreq.fetch_line;
    }
    rig_kept(r);
}

/* SM j: a GPU-scope release store of word w (< 8) of line 4 (C14: it registers the word first) */
static void release_store_word(rig_t* r, uint32_t j, uint32_t w, uint32_t v) {
    denovo_core_req_t* c = &r->in1[j].core;
    c->valid = true;
    c->op = DENOVO_OP_STORE;
    c->rel = c->gpu = true;
    c->line = 4;
    c->word = w;
    c->data[w] = v;
    c->mask[0] = 0xfu << (4u * w);
    tick_l1(r, j);
    for (int k = 0; k < 4 && !r->out1[j].req.valid; k++)
        tick_l1(r, j);
    assert_true(r->out1[j].req.valid);
    assert_int_equal(r->out1[j].req.kind, DENOVO_MSG_REG);
}

static void release_store(rig_t* r, uint32_t j, uint32_t v) {
    release_store_word(r, j, 1, v);
}

/* SM 0's REG through the registry: the REGD back to SM 0 (the word registered there) */
static void register_at_bank(rig_t* r) {
    denovo_msg_t q = r->out1[0].req;
    q.src = 0;
    r->in2.req = q;
    for (int k = 0; k < 20 && !(r->out2.rsp.valid && r->out2.rsp.kind == DENOVO_MSG_REGD); k++)
        tick_l2(r);
    assert_int_equal(r->out2.rsp.kind, DENOVO_MSG_REGD);
    r->in1[0].msg = r->out2.rsp;
    for (int k = 0; k < 2; k++) {
        tick_l1(r, 0);
        if (r->out1[0].wb.valid && r->out1[0].wb.kind == DENOVO_MSG_DONE)
            r->done = r->out1[0].wb;
    }
    assert_true(r->done.valid);
}

/* Two L1s and a bank of the small denovo-d system after a reset edge, V1 kept after every tick
 * from here on. */
static rig_t* rig_new(void) {
    rig_t* r = calloc(1, sizeof *r);
    assert_non_null(r);
    r->s = denovo_sys_config(DENOVO_D, false);
    r->s.d.num_sm = 2;
    r->s.d.num_banks = 1;
    r->l1[0] = alloc_l1(&r->s);
    r->l1[1] = alloc_l1(&r->s);
    r->l2[0] = alloc_l2(&r->s);
    for (uint32_t j = 0; j < 2; j++) /* a reset edge: the outputs of reset (core_ready) */
        denovo_l1_tick(r->l1[j], &r->in1[j], &r->out1[j]);
    denovo_l2_tick(r->l2[0], &r->in2, &r->out2);
    assert_non_null(r->kept = malloc(sizeof *r->kept));
    denovo_v1_kept_init(r->kept);
    return r;
}

static void rig_free(rig_t* r) {
    for (int k = 0; k < 2; k++) {
        free(r->l1[k]);
        free(r->l2[k]);
    }
    free(r->kept);
    free(r);
}

/* SM 0's word 1 of line 4 registered (its DONE through the bank: no longer busy); V1 holds. */
static void rig_one_owner(rig_t* r) {
    release_store(r, 0, 0x11);
    register_at_bank(r);
    r->in2.wb = r->done;
    r->in2.wb.src = 0;
    for (int k = 0; k < 20 && !(r->out2.rsp.valid && r->out2.rsp.kind == DENOVO_MSG_DACK); k++)
        tick_l2(r);
    assert_int_equal(r->out2.rsp.kind, DENOVO_MSG_DACK);
    assert_int_equal(denovo_l1_word_st(r->l1[0], 4, 1), DENOVO_W_R);
    assert_int_equal(r->first_bad, 0);
}

/* A violation made by the bank alone (re-checked only from denovo_l2_touched): a recall WB of
 * SM 0's registered word 1 of line 4 that SM 0 never sent unregisters it while SM 0 holds it R.
 * The kept count (compared with the whole check after every tick) is not 0 from the bank's edge
 * that takes it from its FIFO, as the whole check's. */
static void v1_kept_sees_the_bank_alone(void** state) {
    (void)state;
    rig_t* r = rig_new();
    rig_one_owner(r);
    r->in2.wb = (denovo_msg_t){.valid = true,
                               .kind = DENOVO_MSG_WB,
                               .src = 0,
                               .line = 4,
                               .mask = 1u << 1,
                               .pmask = 1u}; /* pmask bit 0: a recall WB */
    r->in2.wb.data[1] = 0x55;
    tick_l2(r); /* pushed */
    assert_int_equal(r->first_bad, 0);
    tick_l2(r); /* taken: the word unregistered */
    assert_int_equal(r->first_bad, r->tick);
    assert_int_equal(denovo_l1_word_st(r->l1[0], 4, 1), DENOVO_W_R);
    tick_l1(r, 0); /* still counted, by both */
    tick_l2(r);
    rig_free(r);
}

/* A violation made by an L1 alone (re-checked from denovo_l1_touched and, for the other lines
 * of the address, from the kept lines): after SM 0 holds word 1 of line 4 R, registered, and
 * the bank has last written another line (a GETS of line 5: no bank line of line 4 listed), a
 * REGD the registry never sent gives SM 1 word w of line 4 R. w = 1: SM 1's line and SM 0's
 * (the same word R at both; SM 0's line only from the other-line re-check), w = 2: SM 1's line
 * alone (the registry has the word unregistered; kept from SM 1's touched list only). The kept
 * count is not 0 from that edge on, as the whole check's, and every kept line agrees. */
static void v1_kept_sees_the_l1_word(uint32_t w, uint64_t lines_bad) {
    rig_t* r = rig_new();
    rig_one_owner(r);
    r->in2.req = (denovo_msg_t){.valid = true, .kind = DENOVO_MSG_GETS, .src = 1, .line = 5};
    for (int k = 0; k < 20 && !(r->out2.rsp.valid && r->out2.rsp.kind == DENOVO_MSG_DATA); k++)
        tick_l2(r);
    assert_int_equal(r->out2.rsp.kind, DENOVO_MSG_DATA);
    release_store_word(r, 1, w, 0x22);
    r->in1[1].msg = (denovo_msg_t){
        .valid = true, .kind = DENOVO_MSG_REGD, .req = 1, .line = 4, .mask = 1u << w};
    assert_int_equal(r->first_bad, 0);
    tick_l1(r, 1);
    assert_int_equal(r->first_bad, r->tick);
    assert_int_equal(denovo_l1_word_st(r->l1[1], 4, w), DENOVO_W_R);
    assert_int_equal(r->kept->bad, lines_bad);
    tick_l1(r, 0); /* still counted, by both */
    tick_l2(r);
    rig_free(r);
}

static void v1_kept_sees_the_l1s(void** state) {
    (void)state;
    v1_kept_sees_the_l1_word(1, 2);
    v1_kept_sees_the_l1_word(2, 1);
}

static void v1_catches_two_owners(void** state) {
    (void)state;
    rig_t* r = rig_new();
    const denovo_l1_t* const* l1 = (const denovo_l1_t* const*)r->l1;
    const denovo_l2_t* const* l2 = (const denovo_l2_t* const*)r->l2;
    release_store(r, 0, 0x11);
    register_at_bank(r);
    assert_int_equal(denovo_l1_word_st(r->l1[0], 4, 1), DENOVO_W_R);
    assert_int_equal(denovo_check_v1(&r->s, l1, l2, 1, stderr), 0); /* one owner, the slot's */
    /* SM 1 given the word too by a REGD the registry never sent (the kept check: SM 1's line
     * from its touched list, SM 0's as another line of the address) */
    release_store(r, 1, 0x22);
    r->in1[1].msg = r->out2.rsp;
    r->in1[1].msg.req = 1;
    r->in1[1].msg.data[1] = 0x33;
    assert_int_equal(r->first_bad, 0);
    tick_l1(r, 1);
    assert_int_equal(r->first_bad, r->tick);
    assert_int_equal(denovo_l1_word_st(r->l1[1], 4, 1), DENOVO_W_R);
    char buf[512] = {0};
    FILE* f = fmemopen(buf, sizeof buf - 1, "w");
    assert_non_null(f);
    const uint64_t bad = denovo_check_v1(&r->s, l1, l2, 42, f);
    fclose(f);
    print_message("%s", buf);
    assert_true(bad >= 1);
    assert_non_null(strstr(buf, "V1: cycle 42 line 0x4 word 1: R at SM 0 and SM 1"));
    /* one owner each, the registry disagreeing: SM 0's word as SM 1's (an L1 that holds nothing
     * as SM 0), then at a bank that holds the line, read by a GETS, with nothing registered */
    r->in2.wb = r->done; /* SM 0's DONE: the word no longer busy */
    r->in2.wb.src = 0;
    for (int k = 0; k < 20 && !(r->out2.rsp.valid && r->out2.rsp.kind == DENOVO_MSG_DACK); k++)
        tick_l2(r);
    assert_int_equal(r->out2.rsp.kind, DENOVO_MSG_DACK);
    denovo_l1_t* none = alloc_l1(&r->s);
    denovo_l1_tick(none, &r->in1[0], &r->out1[0]);
    const denovo_l1_t* swapped[2] = {none, r->l1[0]};
    assert_int_equal(denovo_check_v1(&r->s, swapped, l2, 43, stderr), 1);
    r->l2[1] = alloc_l2(&r->s);
    denovo_l2_in_t in = {0};
    denovo_l2_out_t out;
    denovo_l2_tick(r->l2[1], &in, &out); /* a reset edge */
    in.rst_n = true;
    in.req = (denovo_msg_t){.valid = true, .kind = DENOVO_MSG_GETS, .src = 1, .line = 4};
    for (int k = 0; k < 20 && !(out.rsp.valid && out.rsp.kind == DENOVO_MSG_DATA); k++) {
        denovo_l2_tick(r->l2[1], &in, &out);
        memset(&in, 0, sizeof in);
        in.rst_n = true;
        if (out.mreq.fetch) { /* DRAM at once: zeros */
            in.mem.valid = true;
            in.mem.line = out.mreq.fetch_line;
        }
    }
    assert_int_equal(out.rsp.kind, DENOVO_MSG_DATA);
    const denovo_l1_t* one[2] = {r->l1[0], none};
    const denovo_l2_t* read[1] = {r->l2[1]};
    assert_int_equal(denovo_check_v1(&r->s, one, l2, 44, stderr), 0);
    assert_int_equal(denovo_check_v1(&r->s, one, read, 45, stderr), 1);
    free(none);
    rig_free(r);
}

/* The catalogue entries (not registered yet: no RTL): their parameters resolve to the paper
 * defaults, a parameter given is kept and checked, the RTL names and storage are the pages'. */
static void catalogue_entries(void** state) {
    (void)state;
    const gpucoh_unit_t* const u[2] = {&unit_denovo_l1, &unit_denovo_l2};
    for (int k = 0; k < 2; k++) {
        gpucoh_pvals_t pv;
        memset(&pv, 0, sizeof pv);
        char err[256];
        assert_int_equal(u[k]->resolve(&pv, err, sizeof err), 0);
        assert_true(u[k]->storage_bits(&pv) > 0);
        assert_string_equal(u[k]->family, "denovo");
        assert_string_equal(u[k]->context, k ? "l2" : "l1");
        assert_ptr_equal(denovo_slots[k].ops->unit, u[k]);
        assert_true(u[k]->nports > 20);
    }
    gpucoh_pvals_t pv;
    memset(&pv, 0, sizeof pv);
    const denovo_sys_desc_t s = denovo_sys_config(DENOVO_D, true);
    denovo_pvals_from_desc(&unit_denovo_l1, &s, &pv);
    assert_string_equal(unit_denovo_l1.params[2].rtl, "NumSm");
    assert_int_equal(pv.v[2], 15);
    pv.set[2] = true;
    pv.v[2] = 65; /* NumSm 1..64 */
    char err[256];
    assert_int_equal(unit_denovo_l1.resolve(&pv, err, sizeof err), -1);
    print_message("%s\n", err);
    assert_non_null(strstr(err, "sm = 65 is illegal"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(catalogue_entries),
        cmocka_unit_test(v1_catches_two_owners),
        cmocka_unit_test(v1_kept_sees_the_bank_alone),
        cmocka_unit_test(v1_kept_sees_the_l1s),
        cmocka_unit_test(v1_kept_agrees_runs),
        cmocka_unit_test(denovo_d_runs),
        cmocka_unit_test(denovo_d_ro_runs),
        cmocka_unit_test(denovo_h_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
