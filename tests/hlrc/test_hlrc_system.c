/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_hlrc_system.c -- the hLRC family on the shared system with its C models (tb/proto/hlrc/):
 * small systems of each variant (hlrc, hlrc-scoped) under random traffic, stepped one cycle at a
 * time with the single-owner check V1 (docs/units/hlrc/hlrc.md section 5, hlrc_check.c) after
 * every edge, whole (hlrc_check_v1) and kept (hlrc_check_v1_kept): no deadlock, no harness error,
 * no protocol error, no V1 violation, the kept count the whole one's and every kept line a fresh
 * reading's, every line an edge changed listed by hlrc_l1_touched / hlrc_l2_touched (what the
 * kept check re-checks from); and the kept check against the whole one on violations made by
 * driving two L1 models and a bank through their ports: by an L1 alone, by the bank alone.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gsys.h"
#include "hlrc_check.h"
#include "hlrc_sys_rtl.h"
#include "hlrc_units.h"
#include "traffic.h"

extern const gsys_proto_t hlrc_proto;

enum { RUN_CYCLES = 20000 };

typedef struct {
    uint64_t cycles, v1, ops, model_errors, harness;
    uint64_t unlisted, listed; /* changed lines the edge's touched list missed / named */
    uint64_t l1_all, l2_all;   /* edges where an L1 / a bank said it wrote every line */
    uint64_t kept_r;           /* lines kept R after the last edge */
    gsys_run_t end;
} run_t;

/* ---- the touched lists: every line an edge changed is listed ----------------------------------
 */

static bool listed(const uint32_t* sel, uint32_t n, bool all, uint32_t i) {
    for (uint32_t k = 0; k < n; k++)
        if (sel[k] == i)
            return true;
    return all;
}

/* the lines of one instance whose fields changed unlisted. prev: the state after the last edge,
 * replaced by this one. */
#define UNLISTED(unit, stype, smax, lines, m, prev, cur, o)                                        \
    do {                                                                                           \
        (cur)->sel_all = 1;                                                                        \
        unit##_state_get((m), (cur));                                                              \
        uint32_t sel[smax];                                                                        \
        bool all = false;                                                                          \
        const uint32_t n = unit##_touched((m), sel, (smax), &all);                                 \
        for (uint32_t i = 0; i < (lines); i++)                                                     \
            if (memcmp(&(prev)->line[i], &(cur)->line[i], sizeof(cur)->line[i]) != 0)              \
                *(listed(sel, n, all, i) ? &(o)->listed : &(o)->unlisted) += 1u;                   \
        stype* t_ = (prev);                                                                        \
        (prev) = (cur);                                                                            \
        (cur) = t_;                                                                                \
    } while (0)

typedef struct {
    hlrc_l1_state_t* l1[HLRC_MAX_SM + 1];
    hlrc_l2_state_t* l2[HLRC_MAX_BANKS + 1]; /* the last: the edge's scratch */
} snaps_t;

static void touched_check(const hlrc_sys_desc_t* d, const gsys_backend_t* be, snaps_t* p,
                          run_t* o) {
    const uint32_t ns = d->d.num_sm, nb = d->d.num_banks;
    for (uint32_t j = 0; j < ns; j++)
        UNLISTED(hlrc_l1, hlrc_l1_state_t, HLRC_SEL_MAX, d->d.l1_sets * d->d.l1_ways,
                 hlrc_backend_c_l1(be, j), p->l1[j], p->l1[ns], o);
    for (uint32_t b = 0; b < nb; b++)
        UNLISTED(hlrc_l2, hlrc_l2_state_t, HLRC_L2_SEL_MAX, d->d.l2_sets * d->d.l2_ways,
                 hlrc_backend_c_l2(be, b), p->l2[b], p->l2[nb], o);
}

static snaps_t* snaps_new(const hlrc_sys_desc_t* d) {
    snaps_t* p = calloc(1, sizeof *p);
    assert_non_null(p);
    for (uint32_t j = 0; j <= d->d.num_sm; j++)
        assert_non_null(p->l1[j] = calloc(1, sizeof *p->l1[j]));
    for (uint32_t b = 0; b <= d->d.num_banks; b++)
        assert_non_null(p->l2[b] = calloc(1, sizeof *p->l2[b]));
    return p;
}

static void snaps_free(const hlrc_sys_desc_t* d, snaps_t* p) {
    for (uint32_t j = 0; j <= d->d.num_sm; j++)
        free(p->l1[j]);
    for (uint32_t b = 0; b <= d->d.num_banks; b++)
        free(p->l2[b]);
    free(p);
}

/* The edges whose L1s / banks said "every line" (the kept check's (a') and (c') paths). */
static void count_all(const hlrc_sys_desc_t* d, const hlrc_l1_t* const* l1,
                      const hlrc_l2_t* const* l2, run_t* o) {
    uint32_t sel[HLRC_L2_SEL_MAX];
    bool all;
    for (uint32_t j = 0; j < d->d.num_sm; j++) {
        (void)hlrc_l1_touched(l1[j], sel, HLRC_SEL_MAX, &all);
        o->l1_all += all;
    }
    for (uint32_t b = 0; b < d->d.num_banks; b++) {
        (void)hlrc_l2_touched(l2[b], sel, HLRC_L2_SEL_MAX, &all);
        o->l2_all += all;
    }
}

/* V1 kept (hlrc_check_v1_kept) after the edge of `cycle`: the count the whole check's and every
 * kept line a fresh reading's. */
static void kept_vs_whole(hlrc_v1_kept_t* k, const hlrc_sys_desc_t* d, const gsys_backend_t* be,
                          uint64_t cycle, uint64_t whole, run_t* o) {
    const hlrc_l1_t* l1[HLRC_MAX_SM];
    const hlrc_l2_t* l2[HLRC_MAX_BANKS];
    hlrc_backend_models(d, be, l1, l2);
    count_all(d, l1, l2, o);
    const uint64_t kept = hlrc_check_v1_kept(k, d, l1, l2, cycle, NULL);
    assert_int_equal(kept, whole);
    assert_true(hlrc_v1_kept_agrees(k, d, l1, l2));
    o->kept_r = 0;
    for (uint32_t j = 0; j < d->d.num_sm; j++)
        for (uint32_t i = 0; i < d->d.l1_sets * d->d.l1_ways; i++)
            o->kept_r += k->addr[j][i] != HLRC_V1_NONE;
}

typedef struct {
    gsys_cfg_t cfg;
    gsys_backend_t be;
    gsys_workload_t wl;
    traffic_t* r;
    gsys_t* s;
} sysrun_t;

/* A system of variant v (the small or paper configuration) under random traffic, as cosim
 * system makes it. */
static void sys_new(sysrun_t* x, hlrc_variant_t v, bool paper, uint64_t seed) {
    hlrc_proto.config(v, paper, &x->cfg);
    x->cfg.seed = seed;
    x->cfg.deadlock_cycles = 5000; /* within the run: the system never waits this long */
    char err[256];
    assert_int_equal(gsys_backend_c_cfg(&x->cfg, &x->be, err, sizeof err), 0);
    traffic_cfg_t tc = traffic_cfg_default(&x->cfg, seed, ~0ull >> 1);
    x->r = traffic_new(&x->cfg, &tc, err, sizeof err);
    assert_non_null(x->r);
    traffic_workload(x->r, &x->wl);
    x->s = gsys_new(&x->cfg, &x->be, &x->wl, err, sizeof err);
    assert_non_null(x->s);
}

static void sys_end(sysrun_t* x, run_t* o) {
    const hlrc_sys_desc_t* d = gsys_pdc(&x->cfg);
    for (uint32_t j = 0; j < d->d.num_sm; j++)
        o->model_errors += hlrc_l1_errors(hlrc_backend_c_l1(&x->be, j));
    for (uint32_t b = 0; b < d->d.num_banks; b++)
        o->model_errors += hlrc_l2_errors(hlrc_backend_c_l2(&x->be, b));
    o->ops = traffic_completed(x->r);
    o->harness = gsys_errors(x->s);
    gsys_free(x->s);
    traffic_free(x->r);
    x->be.destroy(x->be.ctx);
}

/* One system of variant v under random traffic for `cycles` cycles, V1 checked after every cycle,
 * whole and kept; the touched lists checked too at the small configuration (at the paper one a
 * full state read of every model every edge would be most of the test's time). */
static run_t run_variant(hlrc_variant_t v, bool paper, uint64_t seed, uint64_t cycles) {
    sysrun_t x;
    sys_new(&x, v, paper, seed);
    run_t o = {.end = GSYS_RUN_CYCLES};
    const hlrc_sys_desc_t* d = gsys_pdc(&x.cfg);
    snaps_t* p = paper ? NULL : snaps_new(d);
    hlrc_v1_kept_t* k = malloc(sizeof *k);
    assert_non_null(k);
    hlrc_v1_kept_init(k);
    while (o.cycles < cycles && o.end == GSYS_RUN_CYCLES) {
        o.end = gsys_run(x.s, 1, stderr);
        const uint64_t v1 =
            hlrc_check_v1_backend(d, &x.be, gsys_cycle(x.s), o.v1 < 5 ? stderr : NULL);
        o.v1 += v1;
        kept_vs_whole(k, d, &x.be, gsys_cycle(x.s), v1, &o);
        if (p)
            touched_check(d, &x.be, p, &o);
        o.cycles++;
    }
    free(k);
    if (p)
        snaps_free(d, p);
    sys_end(&x, &o);
    return o;
}

static run_t check_variant(hlrc_variant_t v, bool paper, uint64_t seed, uint64_t cycles) {
    const run_t o = run_variant(v, paper, seed, cycles);
    print_message("%s %s seed %llu: %llu cycles, %llu ops, %llu protocol errors, %llu V1 "
                  "violations, %llu line changes listed by touched, %llu not%s; touched all: %llu "
                  "L1 edges, %llu bank edges; %llu lines kept R at the end\n",
                  hlrc_proto.variants[v].name, paper ? "paper" : "small", (unsigned long long)seed,
                  (unsigned long long)o.cycles, (unsigned long long)o.ops,
                  (unsigned long long)o.model_errors, (unsigned long long)o.v1,
                  (unsigned long long)o.listed, (unsigned long long)o.unlisted,
                  paper ? " (not compared)" : "", (unsigned long long)o.l1_all,
                  (unsigned long long)o.l2_all, (unsigned long long)o.kept_r);
    assert_int_equal(o.end, GSYS_RUN_CYCLES);
    assert_int_equal(o.cycles, cycles);
    assert_int_equal(o.harness, 0);
    assert_int_equal(o.model_errors, 0);
    assert_int_equal(o.v1, 0);
    assert_int_equal(o.unlisted, 0);
    assert_true(paper || o.listed > cycles / 20u);
    assert_true(o.ops > cycles / 200u);
    assert_true(o.l1_all > 0u); /* (a') exercised: GRANTs' INVs */
    assert_true(o.kept_r > 0u);
    return o;
}

static void hlrc_runs(void** state) {
    (void)state;
    (void)check_variant(HLRC, false, 7, RUN_CYCLES);
}
static void hlrc_scoped_runs(void** state) {
    (void)state;
    (void)check_variant(HLRC_SCOPED, false, 7, RUN_CYCLES);
}

/* The kept V1 (hlrc_check_v1_kept) on more seeds, shorter: every edge the whole check's count
 * and a fresh reading of every kept line (also done by the runs above). */
static void v1_kept_agrees_runs(void** state) {
    (void)state;
    const hlrc_variant_t v[2] = {HLRC, HLRC_SCOPED};
    for (int k = 0; k < 2; k++)
        for (uint64_t seed = 1; seed <= 3; seed += 2)
            (void)check_variant(v[k], false, seed, 4000);
}

/* The same at the paper configuration (15 SMs, 16 banks of 16 ways): there the banks' LRU
 * touches mark more lines than their list holds (an allocation marks every way), so the kept
 * check's bank touched-all path (c') runs on many edges; the small banks (2 ways) never take it. */
static void v1_kept_agrees_paper(void** state) {
    (void)state;
    const hlrc_variant_t v[2] = {HLRC, HLRC_SCOPED};
    for (int k = 0; k < 2; k++) {
        const run_t o = check_variant(v[k], true, 1, 3000);
        assert_true(o.l2_all > 100u);
    }
}

/* ---- V1 kept against the whole check: models driven through their ports --------------------- */

enum { LX = 4, LY = 5 }; /* line x (L1 set 0, bank set 0) and a line of another set */

typedef struct {
    hlrc_sys_desc_t s;
    hlrc_l1_t* l1[2];
    hlrc_l2_t* l2[1];
    hlrc_l1_in_t in1[2];
    hlrc_l1_out_t out1[2];
    hlrc_l2_in_t in2;
    hlrc_l2_out_t out2;
    hlrc_v1_kept_t* kept; /* V1 kept after every tick (rig_kept) */
    uint64_t tick;        /* ticks so far (the kept check's cycle) */
    uint64_t bad;         /* V1's count (whole and kept) after the last tick */
    bool skip;            /* the next tick without the kept check (a gap in its cycles) */
} rig_t;

/* After every tick of a rig model: V1 kept over l1[0..1], l2[0] against the whole check (the
 * models not ticked list what their last tick wrote: re-checked again, which changes nothing). */
static void rig_kept(rig_t* r) {
    const hlrc_l1_t* const* l1 = (const hlrc_l1_t* const*)r->l1;
    const hlrc_l2_t* const* l2 = (const hlrc_l2_t* const*)r->l2;
    r->tick++;
    if (r->skip) {
        r->skip = false;
        return;
    }
    const uint64_t whole = hlrc_check_v1(&r->s, l1, l2, r->tick, NULL);
    const uint64_t kept = hlrc_check_v1_kept(r->kept, &r->s, l1, l2, r->tick, NULL);
    assert_int_equal(kept, whole);
    assert_true(hlrc_v1_kept_agrees(r->kept, &r->s, l1, l2));
    r->bad = whole;
}

/* SM j's L1 for one edge (its inputs then cleared); rst: a reset edge */
static void tick_l1_rst(rig_t* r, uint32_t j, bool rst) {
    r->in1[j].rst_n = !rst;
    hlrc_l1_tick(r->l1[j], &r->in1[j], &r->out1[j]);
    memset(&r->in1[j].core, 0, sizeof r->in1[j].core);
    memset(&r->in1[j].msg, 0, sizeof r->in1[j].msg);
    rig_kept(r);
}

static void tick_l1(rig_t* r, uint32_t j) {
    tick_l1_rst(r, j, false);
}

/* The bank for one edge (DRAM answers a fetch at the next edge, with zeros); rst: a reset edge */
static void tick_l2_rst(rig_t* r, bool rst) {
    r->in2.rst_n = !rst;
    hlrc_l2_tick(r->l2[0], &r->in2, &r->out2);
    memset(&r->in2, 0, sizeof r->in2);
    if (r->out2.mreq.fetch) {
        r->in2.mem.valid = true;
        r->in2.mem.line = r->out2.mreq.fetch_line;
    }
    rig_kept(r);
}

static void tick_l2(rig_t* r) {
    tick_l2_rst(r, false);
}

/* Whether the last tick of the bank / of SM j's L1 said it wrote every line. */
static bool l2_all(const rig_t* r) {
    uint32_t sel[HLRC_L2_SEL_MAX];
    bool all;
    (void)hlrc_l2_touched(r->l2[0], sel, HLRC_L2_SEL_MAX, &all);
    return all;
}
static bool l1_all(const rig_t* r, uint32_t j) {
    uint32_t sel[HLRC_SEL_MAX];
    bool all;
    (void)hlrc_l1_touched(r->l1[j], sel, HLRC_SEL_MAX, &all);
    return all;
}

/* SM j: an acquire load of line x, until its REG is on the sync port */
static void acquire(rig_t* r, uint32_t j) {
    r->in1[j].core = (hlrc_core_req_t){.valid = true, .op = HLRC_OP_LOAD, .acq = true, .line = LX};
    tick_l1(r, j);
    for (int k = 0; k < 4 && !r->out1[j].sync.valid; k++)
        tick_l1(r, j);
    assert_true(r->out1[j].sync.valid);
    assert_int_equal(r->out1[j].sync.kind, HLRC_MSG_REG);
}

/* The bank for one edge or more, until its rsp port says `kind` (20 edges at most) */
static void bank_until(rig_t* r, uint32_t kind) {
    tick_l2(r);
    for (int k = 0; k < 20 && !(r->out2.rsp.valid && r->out2.rsp.kind == kind); k++)
        tick_l2(r);
    assert_true(r->out2.rsp.valid);
    assert_int_equal(r->out2.rsp.kind, kind);
}

/* SM 0 holds line x R, registered at the bank (its REG served, the GRANT taken); V1 holds. */
static void rig_one_owner(rig_t* r) {
    acquire(r, 0);
    r->in2.sync = r->out1[0].sync;
    r->in2.sync.src = 0;
    bank_until(r, HLRC_MSG_GRANT);
    r->in1[0].msg = r->out2.rsp;
    tick_l1(r, 0);
    assert_int_equal(
        hlrc_l1_line_st(r->l1[0], (uint32_t)hlrc_l1_find(r->l1[0], LX), &(uint64_t){0}), HLRC_L1_R);
    assert_int_equal(r->bad, 0);
}

/* The bank reads line `line` for SM 1 (a GETS served: the last lines it wrote are that set's) */
static void bank_reads(rig_t* r, uint64_t line) {
    r->in2.req = (hlrc_msg_t){.valid = true, .kind = HLRC_MSG_GETS, .src = 1, .line = line};
    bank_until(r, HLRC_MSG_DATA);
}

static void* alloc_l1(const hlrc_sys_desc_t* s) {
    const hlrc_l1_desc_t d = hlrc_l1_desc_from(&s->d);
    const size_t n = hlrc_l1_size(&d);
    void* m = hlrc_l1_init(calloc(1, n), n, &d, NULL, 0);
    assert_non_null(m);
    return m;
}

static void* alloc_l2(const hlrc_sys_desc_t* s) {
    const hlrc_l2_desc_t d = hlrc_l2_desc_from(&s->d);
    const size_t n = hlrc_l2_size(&d);
    void* m = hlrc_l2_init(calloc(1, n), n, &d, NULL, 0);
    assert_non_null(m);
    return m;
}

/* Two L1s and one bank of the small hLRC system (NumSm 2, NumBanks 1; L2Ways l2_ways) after a
 * reset edge, V1 kept after every tick from here on. */
static rig_t* rig_new(uint32_t l2_ways) {
    rig_t* r = calloc(1, sizeof *r);
    assert_non_null(r);
    r->s = hlrc_sys_config(HLRC, false);
    r->s.d.num_sm = 2;
    r->s.d.num_banks = 1;
    r->s.d.l2_ways = l2_ways;
    assert_int_equal(hlrc_check_desc(&r->s.d, NULL, 0), 0);
    for (uint32_t j = 0; j < 2; j++)
        r->l1[j] = alloc_l1(&r->s);
    r->l2[0] = alloc_l2(&r->s);
    assert_non_null(r->kept = malloc(sizeof *r->kept));
    hlrc_v1_kept_init(r->kept);
    for (uint32_t j = 0; j < 2; j++)
        tick_l1_rst(r, j, true);
    tick_l2_rst(r, true);
    return r;
}

static void rig_free(rig_t* r) {
    for (int k = 0; k < 2; k++)
        free(r->l1[k]);
    free(r->l2[0]);
    free(r->kept);
    free(r);
}

/* SM 1 given line x R by a GRANT the bank never sent (its REG not delivered), after the bank has
 * last written another set (line y): a violation made by SM 1's L1 alone, on an edge that wrote
 * every line (M06's INV), re-checked from (a') alone. */
static void forged_grant(rig_t* r) {
    bank_reads(r, LY);
    acquire(r, 1);
    r->in1[1].msg = (hlrc_msg_t){.valid = true, .kind = HLRC_MSG_GRANT, .dst = 2u, .line = LX};
    assert_int_equal(r->bad, 0);
    tick_l1(r, 1);
    assert_true(l1_all(r, 1));
    assert_int_equal(r->bad, 1); /* SM 1's line; SM 0's still agrees with the bank */
    assert_int_equal(r->kept->bad, 1);
    assert_int_equal(r->kept->v[0][(uint32_t)hlrc_l1_find(r->l1[0], LX)], 0);
}

/* A violation made by an L1 alone, then cleared by it alone: SM 1's forged GRANT (above), then a
 * REVOKE the bank never sent: SM 1 answers RACK and drops the line on an edge that lists it (a).
 * The kept count is the whole check's after every tick, and every kept line agrees. */
static void v1_kept_sees_the_l1_alone(void** state) {
    (void)state;
    rig_t* r = rig_new(2);
    rig_one_owner(r);
    forged_grant(r);
    r->in1[1].msg = (hlrc_msg_t){.valid = true, .kind = HLRC_MSG_REVOKE, .dst = 2u, .line = LX};
    for (int k = 0; k < 20 && !(r->out1[1].wb.valid && r->out1[1].wb.kind == HLRC_MSG_RACK); k++) {
        assert_int_equal(r->bad, 1);
        tick_l1(r, 1);
    }
    assert_int_equal(r->out1[1].wb.kind, HLRC_MSG_RACK);
    assert_false(l1_all(r, 1));
    assert_int_equal(r->bad, 0);
    tick_l1(r, 0); /* nothing more, for both */
    tick_l2(r);
    assert_int_equal(r->bad, 0);
    rig_free(r);
}

/* The same violation cleared by a reset of SM 1's L1 (touched all: its kept R lines re-read, (a')
 * for the lines kept R); and one seen after a gap in the kept check's edges (the GRANT's edge
 * not checked, an idle edge after it: every line read again). */
static void v1_kept_sees_the_l1_reset_and_gap(void** state) {
    (void)state;
    rig_t* r = rig_new(2);
    rig_one_owner(r);
    forged_grant(r);
    tick_l1_rst(r, 1, true);
    assert_int_equal(r->bad, 0);
    rig_free(r);
    r = rig_new(2);
    rig_one_owner(r);
    bank_reads(r, LY);
    acquire(r, 1);
    r->in1[1].msg = (hlrc_msg_t){.valid = true, .kind = HLRC_MSG_GRANT, .dst = 2u, .line = LX};
    r->skip = true;
    tick_l1(r, 1); /* not checked */
    tick_l1(r, 1); /* lists nothing of line x */
    assert_false(l1_all(r, 1));
    assert_int_equal(r->bad, 1);
    rig_free(r);
}

/* A violation made by the bank alone, on a line it lists (c): an EVICT SM 0 never sent
 * unregisters line x (K03) while SM 0 still holds it R. */
static void v1_kept_sees_the_bank_alone(void** state) {
    (void)state;
    rig_t* r = rig_new(2);
    rig_one_owner(r);
    r->in2.wb = (hlrc_msg_t){.valid = true, .kind = HLRC_MSG_EVICT, .src = 0, .line = LX};
    tick_l2(r); /* pushed */
    assert_int_equal(r->bad, 0);
    tick_l2(r); /* taken: unregistered */
    assert_false(l2_all(r));
    assert_int_equal(r->bad, 1);
    tick_l1(r, 0); /* still counted, by both */
    assert_int_equal(r->bad, 1);
    rig_free(r);
}

/* Violations made by the bank alone on an edge that lists every line (c'), SM 0 still holding
 * line x R: an ATOMIC from SM 0 (A03 unregisters it, then A01) on a way of age 9 of 16, whose
 * LRU touch marks ten ways (more than the list holds); a reset of the bank. */
static void v1_kept_sees_the_bank_all(void** state) {
    (void)state;
    rig_t* r = rig_new(16);
    rig_one_owner(r);
    for (uint64_t k = 1; k <= 9; k++) /* nine lines of line x's set (0) after it: its age 9 */
        bank_reads(r, LX + 4u * k);
    r->in2.sync = (hlrc_msg_t){
        .valid = true, .kind = HLRC_MSG_ATOMIC, .src = 0, .line = LX, .a = 1, .bmask = 15};
    tick_l2(r); /* pushed */
    assert_int_equal(r->bad, 0);
    bank_until(r, HLRC_MSG_ATOM);
    assert_true(l2_all(r));
    assert_int_equal(r->bad, 1);
    rig_free(r);

    r = rig_new(2);
    rig_one_owner(r);
    tick_l2_rst(r, true);
    assert_true(l2_all(r));
    assert_int_equal(r->bad, 1);
    rig_free(r);
}

/* Other models (a bank that holds nothing, after an idle edge: it lists no line) at the next
 * edge: every line read again (the kept verdicts were for the rig's bank). */
static void v1_kept_sees_other_models(void** state) {
    (void)state;
    rig_t* r = rig_new(2);
    rig_one_owner(r);
    hlrc_l2_t* empty = alloc_l2(&r->s);
    hlrc_l2_tick(empty, &(hlrc_l2_in_t){.rst_n = true}, NULL);
    uint32_t sel[HLRC_L2_SEL_MAX];
    bool all;
    assert_int_equal(hlrc_l2_touched(empty, sel, HLRC_L2_SEL_MAX, &all), 0);
    assert_false(all);
    const hlrc_l1_t* const* l1 = (const hlrc_l1_t* const*)r->l1;
    const hlrc_l2_t* l2[1] = {empty};
    assert_int_equal(hlrc_check_v1_kept(r->kept, &r->s, l1, l2, r->tick + 1u, NULL), 1);
    assert_true(hlrc_v1_kept_agrees(r->kept, &r->s, l1, l2));
    free(empty);
    rig_free(r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(v1_kept_sees_the_l1_alone),
        cmocka_unit_test(v1_kept_sees_the_l1_reset_and_gap),
        cmocka_unit_test(v1_kept_sees_the_bank_alone),
        cmocka_unit_test(v1_kept_sees_the_bank_all),
        cmocka_unit_test(v1_kept_sees_other_models),
        cmocka_unit_test(v1_kept_agrees_runs),
        cmocka_unit_test(v1_kept_agrees_paper),
        cmocka_unit_test(hlrc_runs),
        cmocka_unit_test(hlrc_scoped_runs),
    };
    const char* f = getenv("HLRC_SYSTEM_FILTER"); /* one test (a mutant's abort stops the rest) */
    if (f != NULL && *f != '\0')
        cmocka_set_test_filter(f);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
