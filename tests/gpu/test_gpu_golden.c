/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_gpu_golden.c -- directed golden tests of the baseline GPU protocol (GPU-D / GPU-H,
 * docs/units/gpu/gpu_l1.md, docs/units/gpu/gpu_l2.md) on the C models and on the Verilated RTL:
 *   S1  seed 002 section 2.1, the GPU-D and GPU-H rows (../shared/reference/notes/
 *       seed002-denovo.md sections 2.1-2.3): where a synchronization access executes (GPU-H:
 *       a CTA atomic in the L1 on a valid line, C16, and at the L2 on a line that is not
 *       valid, C18, after C17 writes its dirty bytes through: gpu_l1.md D9), acquire
 *       invalidation, release flush, stores into the coalescing store buffer, load misses
 *       serviced by the L2;
 *   S2  seed 000 Table 3 rows a0-a18 without the remote rows (notes seed000-hlrc.md sections
 *       2.0 / 2.1): wg (= CTA) scope a0, a6, a15 under GPU-H; agent (= GPU) scope a1/a2,
 *       a7/a8, a16-a18 under both. A release store is given to the L1 as a FENCE and, once
 *       fence_done shows the wavefront's bit, a STORE with rel = 1; an acq_rel atomic as a FENCE
 *       then an ATOMIC with acq = 1 (gpu_l1.md section 6 note, D5);
 *   S3  corners: stale fill (D7), store buffer full (S03 + full pop B05), idle drain (B03 /
 *       B04), dirty eviction (V01), fence batch chaining (B08), an L2 write-through merged into
 *       a pending line (W02 / G02 / M01), an L2 atomic stalled on a pending line (A02), a dirty
 *       L2 victim written back in the edge of the fetch (X02), an atomic sent to the L2 that
 *       drops its line (L13, D12: issue 24 §1.1).
 *
 * The test is a tiny system: three gpu_l1 (SM 0..2, "C1".."C3") and one gpu_l2 bank, all C
 * models or all RTL. The test plays the crossbar with zero latency (an L1 request visible after
 * edge k is presented to the L2 at edge k+1 with src = the SM, queued while req_ready is 0; an
 * L2 response visible after edge k is given at edge k+1 to every L1 named in dst) and the DRAM
 * (a fetch visible after edge k is answered at edge k+1 with the image memw(line, w); a
 * write-back updates the image). The L2 responses and the DRAM can be held.
 *
 * Every expected value is written here by hand from the unit pages and the headers (cmodel/
 * gpu_types.h, gpu_l1.h, gpu_l2.h), never taken from a model, so that a misreading shared by the
 * C model and the RTL fails here. Readings where the pages leave a choice (listed for the spec
 * owner; each is marked "reading" where it is used):
 *   R1  C02, C04, C05, C11, C12 say "plain"; an acquire load / release store of CTA scope under
 *       GPU-H (acq && !gpu_s, rel && !gpu_s) takes them too (C01 and C10 name that case; no
 *       other row would take it).
 *   R2  An allocation (L7 rules 1, 2) keeps the way's data: a never used way holds 0 (reset),
 *       so a store to an absent line leaves the other bytes of the L1 line 0; an L2 way
 *       reserved by W03 likewise holds 0 outside the WT's bytes until the fill.
 *   R3  A WT carries only its bytes: data outside the mask is 0 (gpu_types.h), also for the
 *       store buffer's pops, V01, C14 and C17 (the L1 array holds other bytes there).
 *   R4  Every message carries its line: DATA and ATOM the request's line, a core LOAD response
 *       the line loaded. An ACK's line is not checked (the pages do not say); wf and acq of a
 *       GETS, a WT, a DATA and an ACK are 0 (gpu_types.h: "else 0").
 *   R5  R05 / R06 on the atomic's own line clear val without touching dirty bytes; a GPU
 *       atomic's line is not allocated by C15, nor a CTA atomic's by C18.
 *   R6  fence_done_o shows fdone_d of the edge (L2 (g)), so a C20 fence shows its bit after the
 *       edge that takes it from the FIFO, and a batch's bit shows after the edge following the
 *       edge of its last ACK (B07 reads wtp_q).
 *   R7  An idle pop happens at the edge whose registered idle_q equals SbIdle: the 66th edge
 *       after the edge that performed the last store (SbIdle 64); idle_q then stays at SbIdle
 *       and the next entry pops at the next edge.
 *
 * Geometry (every test): NumSm 3, NumWf 4, NumBanks 1, LineBytes 16, AddrWidth 16 (LA = 12),
 * L1 4 sets x 2 ways, L1Queue 2, SbEntries 4, SbIdle 64 (the page's small value: a scenario of
 * several steps stays below it unless it waits for the drain on purpose), WtCntWidth 3 (WMAX 7),
 * L2 4 sets x 2 ways, 4 MSHRs, L2Queue 2. L1 and L2 set = line mod 4, tag = line >> 2.
 *
 * Every scenario reports every mismatch (scenario, variant, step, field, expected, got) and
 * fails at its end. GPU_GOLDEN_FILTER (a cmocka filter such as "*_c") selects tests;
 * GPU_GOLDEN_RTL_UNITS=l1 (or l2) makes the *_rtl tests use the RTL of that unit only, the other
 * from its C model (debugging aid). GPUCOH_ROOT must point at the repository for the RTL runs;
 * an RTL that cannot be built or loaded fails its test with the build's message.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu_l1.h"
#include "gpu_l2.h"
#include "gpu_types.h"
#include "gpu_units.h"
#include "rtl_load.h"
#include "unit.h"

#define NSM    3u  /* L1 instances (SM 0..2) */
#define QMAX   32u /* channel queues */
#define LOGMAX 64u /* per-step logs */
#define NLINE  4096u
#define SETS   4u /* L1 and L2 sets */
#define WAYS   2u

/* line addresses (set = line mod 4, tag = line >> 2) */
#define X_ 0x010u /* set 0, tag 4 */
#define Y_ 0x021u /* set 1, tag 8 */
#define F_ 0x022u /* set 2, tag 8: a flag */
#define Z_ 0x033u /* set 3, tag 0xC */
#define W_ 0x023u /* set 3, tag 8 */
#define A_ 0x010u /* set 0: A, B, C share it (tags 4, 5, 6) */
#define B_ 0x014u
#define C_ 0x018u

#define MW(w) (0xFu << (4u * (w))) /* byte mask of word w */

static uint32_t memw(uint32_t line, uint32_t w) {
    return 0xD0000000u | (line << 8) | w;
}

/* a 16-byte line image */
typedef struct {
    uint32_t w[4];
} w4_t;

static w4_t w4(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
    const w4_t r = {{a, b, c, d}};
    return r;
}
static w4_t m4(uint32_t line) {
    return w4(memw(line, 0), memw(line, 1), memw(line, 2), memw(line, 3));
}
/* a with word w replaced by v */
static w4_t with(w4_t a, uint32_t w, uint32_t v) {
    a.w[w] = v;
    return a;
}

typedef struct {
    uint64_t cycle;
    gpu_req_t r;
} req_log_t;
typedef struct {
    uint64_t cycle;
    gpu_rsp_t r;
} rsp_log_t;
typedef struct {
    uint64_t cycle;
    gpu_core_rsp_t r;
} crsp_log_t;

typedef struct {
    const char* scen;
    const char* step;
    bool rtl, rtl1, rtl2; /* any unit is RTL; the L1s; the L2 */
    gpu_desc_t d;
    gpu_l1_t* c1[NSM];
    gpu_l2_t* c2;
    gpucoh_rtl_t r1, r2;
    void* h1[NSM];
    void* h2;
    gpu_l1_state_t* st1; /* state buffers (C: *_state_get; RTL: the shim) */
    gpu_l2_state_t* st2;
    gpu_l1_out_t o1[NSM];
    gpu_l2_out_t o2;
    /* channels */
    gpu_core_req_t cq[NSM][QMAX];
    uint32_t cqn[NSM];
    gpu_req_t xq[QMAX];
    uint32_t xqn;
    gpu_rsp_t rq[QMAX];
    uint32_t rqn;
    uint64_t fq[QMAX];
    uint32_t fqn;
    bool hold_rsp, hold_mem;
    uint32_t mem[NLINE][4];
    /* per-step logs (cycle = the edge, counted from 1, after which the message was visible,
     * or at which it was given / taken) */
    req_log_t req[NSM][LOGMAX]; /* L1 requests as the L1 output them (src 0) */
    uint32_t nreq[NSM];
    rsp_log_t rsp[LOGMAX]; /* L2 responses */
    uint32_t nrsp;
    rsp_log_t dlv[NSM][LOGMAX]; /* responses given to L1 j */
    uint32_t ndlv[NSM];
    crsp_log_t crsp[NSM][LOGMAX];
    uint32_t ncrsp[NSM];
    uint64_t push[NSM][LOGMAX]; /* edges at which L1 j took a core request */
    uint32_t npush[NSM];
    uint64_t fetch[LOGMAX], fetch_cyc[LOGMAX];
    uint32_t nfetch;
    uint64_t wb[LOGMAX], wb_cyc[LOGMAX];
    w4_t wb_data[LOGMAX];
    uint32_t nwb;
    bool busy; /* something happened in the last edge */
    uint64_t cycle;
    uint32_t fails;
} sys_t;

/* ---- checks ---------------------------------------------------------------------------------- */

static void ck(sys_t* s, int line, const char* what, uint64_t exp, uint64_t got) {
    if (exp == got)
        return;
    if (s->fails < 60)
        print_error("[%s %s] %s, step \"%s\" (test line %d): %s expected %llu (0x%llx) got %llu "
                    "(0x%llx) [cycle %llu]\n",
                    s->scen, s->rtl1 ? (s->rtl2 ? "RTL" : "RTL l1") : (s->rtl2 ? "RTL l2" : "C"),
                    s->d.hrf ? "GPU-H" : "GPU-D", s->step, line, what, (unsigned long long)exp,
                    (unsigned long long)exp, (unsigned long long)got, (unsigned long long)got,
                    (unsigned long long)s->cycle);
    s->fails++;
}
#define CK(s, what, exp, got) ck((s), __LINE__, (what), (uint64_t)(exp), (uint64_t)(got))

/* ---- models ---------------------------------------------------------------------------------- */

static gpu_desc_t gdesc(gpu_variant_t v) {
    gpu_desc_t d;
    memset(&d, 0, sizeof d);
    d.hrf = v;
    d.num_sm = NSM;
    d.num_wf = 4;
    d.num_banks = 1;
    d.line_bytes = 16;
    d.addr_width = 16;
    d.l1_sets = SETS;
    d.l1_ways = WAYS;
    d.l1_queue = 2;
    d.sb_entries = 4;
    d.sb_idle = 64;
    d.wt_cnt_width = 3;
    d.l2_sets = SETS;
    d.l2_ways = WAYS;
    d.l2_mshrs = 4;
    d.l2_queue = 2;
    return d;
}

static void load_rtl(const gpucoh_unit_t* u, const gpu_desc_t* d, gpucoh_rtl_t* r) {
    gpucoh_pvals_t pv;
    gpu_pvals_from_desc(u, d, &pv);
    char err[1024];
    if (gpucoh_rtl_load(u, &pv, NULL, true, r, err, sizeof err) != 0)
        fail_msg("RTL build/load of %s failed (the RTL tests need rtl/%s.sv and its shim): %s",
                 u->name, u->name, err);
}

static void open_l1s(sys_t* s) {
    char err[512];
    if (s->rtl1) {
        load_rtl(&unit_gpu_l1, &s->d, &s->r1);
        for (uint32_t j = 0; j < NSM; j++)
            s->h1[j] = s->r1.api->create();
        return;
    }
    const gpu_l1_desc_t d1 = gpu_l1_desc_from(&s->d);
    const size_t n1 = gpu_l1_size(&d1);
    assert_true(n1 > 0);
    for (uint32_t j = 0; j < NSM; j++) {
        void* mem = malloc(n1);
        assert_non_null(mem);
        s->c1[j] = gpu_l1_init(mem, n1, &d1, err, sizeof err);
        if (!s->c1[j])
            fail_msg("gpu_l1_init: %s", err);
    }
}

static void open_l2(sys_t* s) {
    char err[512];
    if (s->rtl2) {
        load_rtl(&unit_gpu_l2, &s->d, &s->r2);
        s->h2 = s->r2.api->create();
        return;
    }
    const gpu_l2_desc_t d2 = gpu_l2_desc_from(&s->d);
    const size_t n2 = gpu_l2_size(&d2);
    assert_true(n2 > 0);
    void* mem = malloc(n2);
    assert_non_null(mem);
    s->c2 = gpu_l2_init(mem, n2, &d2, err, sizeof err);
    if (!s->c2)
        fail_msg("gpu_l2_init: %s", err);
}

static void tick_rst(sys_t* s, bool rst_n);

static sys_t* sys_open(const char* scen, gpu_variant_t v, bool rtl) {
    sys_t* s = calloc(1, sizeof *s);
    assert_non_null(s);
    s->scen = scen;
    s->step = "reset";
    s->rtl = s->rtl1 = s->rtl2 = rtl;
    const char* m = getenv("GPU_GOLDEN_RTL_UNITS"); /* "l1" or "l2": only that unit is RTL */
    if (rtl && m && strcmp(m, "l1") == 0)
        s->rtl2 = false;
    if (rtl && m && strcmp(m, "l2") == 0)
        s->rtl1 = false;
    s->d = gdesc(v);
    char err[512];
    if (gpu_check_desc(&s->d, err, sizeof err) != 0)
        fail_msg("%s: gpu_check_desc refuses the descriptor: %s", scen, err);
    for (uint32_t l = 0; l < NLINE; l++)
        for (uint32_t w = 0; w < 4; w++)
            s->mem[l][w] = memw(l, w);
    open_l1s(s);
    open_l2(s);
    s->st1 = calloc(1, sizeof *s->st1);
    s->st2 = calloc(1, sizeof *s->st2);
    assert_non_null(s->st1);
    assert_non_null(s->st2);
    /* reset: two edges with rst_n = 0, then one idle edge (the ready outputs are valid after) */
    tick_rst(s, false);
    tick_rst(s, false);
    tick_rst(s, true);
    return s;
}

static void close_units(sys_t* s) {
    if (!s->rtl1) {
        for (uint32_t j = 0; j < NSM; j++)
            free(s->c1[j]);
    } else {
        for (uint32_t j = 0; j < NSM; j++)
            s->r1.api->destroy(s->h1[j]);
        gpucoh_rtl_unload(&s->r1);
    }
    if (!s->rtl2) {
        free(s->c2);
    } else {
        s->r2.api->destroy(s->h2);
        gpucoh_rtl_unload(&s->r2);
    }
}

static void sys_close(sys_t* s) {
    /* protocol errors seen by the models (C: error counters; RTL: failed assertions) */
    s->step = "end";
    for (uint32_t j = 0; j < NSM; j++) {
        if (!s->rtl1)
            CK(s, "gpu_l1 protocol errors (L9)", 0, gpu_l1_errors(s->c1[j]));
        else
            CK(s, "gpu_l1 RTL assertion failures", 0, s->r1.api->errors(s->h1[j]));
    }
    if (!s->rtl2)
        CK(s, "gpu_l2 protocol errors (E4)", 0, gpu_l2_errors(s->c2));
    else
        CK(s, "gpu_l2 RTL assertion failures", 0, s->r2.api->errors(s->h2));
    close_units(s);
    const uint32_t fails = s->fails;
    const char* scen = s->scen;
    const bool rtl = s->rtl;
    const char* var = s->d.hrf ? "GPU-H" : "GPU-D";
    free(s->st1);
    free(s->st2);
    free(s);
    if (fails)
        fail_msg("%s (%s, %s): %u mismatches (listed above)", scen, rtl ? "RTL" : "C", var, fails);
}

static const gpu_l1_state_t* l1st(sys_t* s, uint32_t j) {
    s->st1->sel_all = 1;
    if (!s->rtl1)
        gpu_l1_state_get(s->c1[j], s->st1);
    else
        s->r1.api->state(s->h1[j], s->st1);
    return s->st1;
}

static const gpu_l2_state_t* l2st(sys_t* s) {
    s->st2->sel_all = 1;
    if (!s->rtl2)
        gpu_l2_state_get(s->c2, s->st2);
    else
        s->r2.api->state(s->h2, s->st2);
    return s->st2;
}

/* ---- one clock edge of the system ------------------------------------------------------------ */

static void absorb_l1(sys_t* s, uint32_t j, uint64_t c) {
    const gpu_l1_out_t* o = &s->o1[j];
    if (o->req.valid) {
        assert_true(s->nreq[j] < LOGMAX && s->xqn < QMAX);
        s->req[j][s->nreq[j]].cycle = c;
        s->req[j][s->nreq[j]++].r = o->req;
        s->xq[s->xqn] = o->req;
        s->xq[s->xqn++].src = j;
        s->busy = true;
    }
    if (o->crsp.valid) {
        assert_true(s->ncrsp[j] < LOGMAX);
        s->crsp[j][s->ncrsp[j]].cycle = c;
        s->crsp[j][s->ncrsp[j]++].r = o->crsp;
        s->busy = true;
    }
}

static void absorb_l2(sys_t* s, uint64_t c) {
    const gpu_l2_out_t* o = &s->o2;
    if (o->rsp.valid) {
        assert_true(s->nrsp < LOGMAX && s->rqn < QMAX);
        s->rsp[s->nrsp].cycle = c;
        s->rsp[s->nrsp++].r = o->rsp;
        s->rq[s->rqn++] = o->rsp;
        s->busy = true;
    }
    if (o->mreq.fetch) {
        assert_true(s->nfetch < LOGMAX && s->fqn < QMAX);
        s->fetch_cyc[s->nfetch] = c;
        s->fetch[s->nfetch++] = o->mreq.fetch_line;
        s->fq[s->fqn++] = o->mreq.fetch_line;
        s->busy = true;
    }
    if (o->mreq.wb) {
        assert_true(s->nwb < LOGMAX);
        s->wb_cyc[s->nwb] = c;
        s->wb[s->nwb] = o->mreq.wb_line;
        memcpy(s->wb_data[s->nwb++].w, o->mreq.wb_data, 16);
        memcpy(s->mem[o->mreq.wb_line % NLINE], o->mreq.wb_data, 16);
        s->busy = true;
    }
}

static void qpop(void* q, uint32_t* n, size_t sz) {
    memmove(q, (char*)q + sz, (*n - 1) * sz);
    (*n)--;
}

/* The L2's inputs of this edge; *pop_x / *pop_f: the crossbar / DRAM head is taken. */
static void l2_inputs(sys_t* s, bool rst_n, gpu_l2_in_t* i2, bool* pop_x, bool* pop_f) {
    memset(i2, 0, sizeof *i2);
    i2->rst_n = rst_n;
    *pop_x = *pop_f = false;
    if (rst_n && s->xqn) {
        i2->req = s->xq[0];
        *pop_x = s->o2.req_ready;
    }
    if (rst_n && !s->hold_mem && s->fqn) {
        i2->mem.valid = true;
        i2->mem.line = s->fq[0];
        memcpy(i2->mem.data, s->mem[s->fq[0] % NLINE], 16);
        *pop_f = true;
    }
}

/* The L1s' inputs of this edge; pop_c[j]: L1 j takes its core request; the response head is
 * given to every L1 in its dst (logged at edge c). Returns whether the response head is taken. */
static bool l1_inputs(sys_t* s, bool rst_n, gpu_l1_in_t* i1, bool* pop_c, uint64_t c) {
    const bool give = rst_n && !s->hold_rsp && s->rqn;
    for (uint32_t j = 0; j < NSM; j++) {
        memset(&i1[j], 0, sizeof i1[j]);
        i1[j].rst_n = rst_n;
        pop_c[j] = rst_n && s->cqn[j] && s->o1[j].core_ready;
        if (rst_n && s->cqn[j])
            i1[j].core = s->cq[j][0];
        if (give && (s->rq[0].dst >> j & 1u)) {
            i1[j].rsp = s->rq[0];
            assert_true(s->ndlv[j] < LOGMAX);
            s->dlv[j][s->ndlv[j]].cycle = c;
            s->dlv[j][s->ndlv[j]++].r = s->rq[0];
        }
    }
    return give;
}

/* The channels after an edge: the taken heads leave their queues. */
static void pop_heads(sys_t* s, bool pop_x, bool pop_f, bool pop_r, const bool* pop_c, uint64_t c) {
    s->busy = pop_x || pop_f || pop_r;
    if (pop_x)
        qpop(s->xq, &s->xqn, sizeof s->xq[0]);
    if (pop_f)
        qpop(s->fq, &s->fqn, sizeof s->fq[0]);
    if (pop_r)
        qpop(s->rq, &s->rqn, sizeof s->rq[0]);
    for (uint32_t j = 0; j < NSM; j++) {
        if (!pop_c[j])
            continue;
        assert_true(s->npush[j] < LOGMAX);
        s->push[j][s->npush[j]++] = c;
        qpop(s->cq[j], &s->cqn[j], sizeof s->cq[j][0]);
        s->busy = true;
    }
}

static void tick_rst(sys_t* s, bool rst_n) {
    gpu_l1_in_t i1[NSM];
    gpu_l2_in_t i2;
    bool pop_x, pop_f, pop_c[NSM];
    uint64_t fd[NSM]; /* fence_done and drained before the edge (a change counts as activity) */
    bool dr[NSM];
    const uint64_t c = s->cycle + 1;
    l2_inputs(s, rst_n, &i2, &pop_x, &pop_f);
    const bool pop_r = l1_inputs(s, rst_n, i1, pop_c, c);
    for (uint32_t j = 0; j < NSM; j++) {
        fd[j] = s->o1[j].fence_done;
        dr[j] = s->o1[j].drained;
        if (s->rtl1)
            s->r1.api->tick(s->h1[j], &i1[j], &s->o1[j]);
        else
            gpu_l1_tick(s->c1[j], &i1[j], &s->o1[j]);
    }
    if (s->rtl2)
        s->r2.api->tick(s->h2, &i2, &s->o2);
    else
        gpu_l2_tick(s->c2, &i2, &s->o2);
    s->cycle = c;
    pop_heads(s, pop_x, pop_f, pop_r, pop_c, c);
    if (!rst_n) {
        memset(s->o1, 0, sizeof s->o1);
        memset(&s->o2, 0, sizeof s->o2);
        return;
    }
    for (uint32_t j = 0; j < NSM; j++) {
        absorb_l1(s, j, c);
        if (s->o1[j].fence_done != fd[j] || s->o1[j].drained != dr[j])
            s->busy = true;
    }
    absorb_l2(s, c);
}

static void tick(sys_t* s) {
    tick_rst(s, true);
}

static void run(sys_t* s, uint32_t n) {
    for (uint32_t i = 0; i < n; i++)
        tick(s);
}

/* Ticks until edge `cycle` has been done. */
static void run_to(sys_t* s, uint64_t cycle) {
    assert_true(cycle >= s->cycle);
    while (s->cycle < cycle)
        tick(s);
}

static bool pending(const sys_t* s) {
    for (uint32_t j = 0; j < NSM; j++)
        if (s->cqn[j])
            return true;
    return s->xqn || (!s->hold_rsp && s->rqn) || (!s->hold_mem && s->fqn);
}

/* Ticks until nothing has moved for 4 edges (at most 400; a stalled head stays). */
static void settle(sys_t* s) {
    uint32_t quiet = 0;
    for (uint32_t i = 0; i < 400 && quiet < 4; i++) {
        tick(s);
        quiet = (s->busy || pending(s)) ? 0 : quiet + 1;
    }
}

/* Ticks until L1 j has taken every queued core request (at most 40 edges). */
static void taken(sys_t* s, uint32_t j) {
    for (uint32_t i = 0; i < 40 && s->cqn[j]; i++)
        tick(s);
    CK(s, "core requests the L1 did not take (core_ready stayed 0)", 0, s->cqn[j]);
}

/* A new step: its name, and empty logs. */
static void step(sys_t* s, const char* name) {
    s->step = name;
    memset(s->nreq, 0, sizeof s->nreq);
    memset(s->ndlv, 0, sizeof s->ndlv);
    memset(s->ncrsp, 0, sizeof s->ncrsp);
    memset(s->npush, 0, sizeof s->npush);
    s->nrsp = s->nfetch = s->nwb = 0;
}

/* ---- core operations (queued; the L1 takes them when core_ready) ---------------------------- */

static gpu_core_req_t creq(uint32_t op, uint32_t wf, uint32_t line) {
    gpu_core_req_t r;
    memset(&r, 0, sizeof r);
    r.valid = true;
    r.op = op;
    r.wf = wf;
    r.line = line;
    return r;
}

static void core_push(sys_t* s, uint32_t j, const gpu_core_req_t* r) {
    assert_true(s->cqn[j] < QMAX);
    s->cq[j][s->cqn[j]++] = *r;
}

static void load(sys_t* s, uint32_t j, uint32_t wf, uint32_t line) {
    const gpu_core_req_t r = creq(GPU_OP_LOAD, wf, line);
    core_push(s, j, &r);
}

/* acquire load of scope gpu (1) or cta (0) */
static void load_acq(sys_t* s, uint32_t j, uint32_t wf, uint32_t line, bool gpu) {
    gpu_core_req_t r = creq(GPU_OP_LOAD, wf, line);
    r.acq = true;
    r.gpu = gpu;
    core_push(s, j, &r);
}

static gpu_core_req_t store_req(uint32_t wf, uint32_t line, uint32_t word, uint32_t v) {
    gpu_core_req_t r = creq(GPU_OP_STORE, wf, line);
    r.data[word] = v;
    r.mask[0] = MW(word);
    return r;
}

static void store(sys_t* s, uint32_t j, uint32_t wf, uint32_t line, uint32_t word, uint32_t v) {
    const gpu_core_req_t r = store_req(wf, line, word, v);
    core_push(s, j, &r);
}

/* the store of a release (after its fence): rel = 1, scope gpu (1) or cta (0) */
static void store_rel(sys_t* s, uint32_t j, uint32_t wf, uint32_t line, uint32_t word, uint32_t v,
                      bool gpu) {
    gpu_core_req_t r = store_req(wf, line, word, v);
    r.rel = true;
    r.gpu = gpu;
    core_push(s, j, &r);
}

typedef struct {
    uint32_t aop, word, a, b;
    bool acq, gpu;
} aop_t;

static void atomic(sys_t* s, uint32_t j, uint32_t wf, uint32_t line, aop_t o) {
    gpu_core_req_t r = creq(GPU_OP_ATOMIC, wf, line);
    r.aop = o.aop;
    r.word = o.word;
    r.a = o.a;
    r.b = o.b;
    r.acq = o.acq;
    r.gpu = o.gpu;
    core_push(s, j, &r);
}
#define ATOMIC(s, j, wf, line, ...) atomic((s), (j), (wf), (line), (aop_t){__VA_ARGS__})

static void fence(sys_t* s, uint32_t j, uint32_t wf, bool gpu) {
    gpu_core_req_t r = creq(GPU_OP_FENCE, wf, 0);
    r.gpu = gpu;
    core_push(s, j, &r);
}

/* ---- expectations: L1 state ------------------------------------------------------------------ */

static void ckf(sys_t* s, int ln, const char* pre, const char* f, uint64_t exp, uint64_t got) {
    char what[160];
    snprintf(what, sizeof what, "%s %s", pre, f);
    ck(s, ln, what, exp, got);
}

static void ckw4(sys_t* s, int ln, const char* pre, w4_t exp, const uint32_t* got) {
    char f[32];
    for (uint32_t w = 0; w < 4; w++) {
        snprintf(f, sizeof f, "data word %u", w);
        ckf(s, ln, pre, f, exp.w[w], got[w]);
    }
}

/* the fields of an L1 line (spec section 3); a field not named is expected 0 */
typedef struct {
    uint32_t val, pend, stale, acq;
    uint64_t wait;
    uint32_t dirty; /* byte mask (16 bytes) */
} l1x_t;

static const gpu_l1_line_t* l1way(sys_t* s, uint32_t j, uint32_t set, uint32_t way) {
    return &l1st(s, j)->line[set * WAYS + way];
}

static void l1_fields(sys_t* s, int ln, const char* p, const gpu_l1_line_t* l, l1x_t e) {
    ckf(s, ln, p, "val", e.val, l->val);
    ckf(s, ln, p, "pend", e.pend, l->pend);
    ckf(s, ln, p, "stale", e.stale, l->stale);
    ckf(s, ln, p, "acq", e.acq, l->acq);
    ckf(s, ln, p, "wait", e.wait, l->wait);
    ckf(s, ln, p, "dirty", e.dirty, l->dirty[0]);
    for (uint32_t k = 1; k < GPU_MASK_WORDS; k++)
        ckf(s, ln, p, "dirty (bytes >= 32)", 0, l->dirty[k]);
}

/* L1 j: the way `way` of line's set has line's tag and the fields e. */
static void exp_l1(sys_t* s, int ln, uint32_t j, uint32_t line, uint32_t way, l1x_t e) {
    char p[96];
    snprintf(p, sizeof p, "C%u L1 line 0x%03x (set %u way %u)", j + 1, line, line % SETS, way);
    const gpu_l1_line_t* l = l1way(s, j, line % SETS, way);
    ckf(s, ln, p, "tag", line / SETS, l->tag);
    l1_fields(s, ln, p, l, e);
}
#define EXP_L1(s, j, line, way, ...) exp_l1((s), __LINE__, (j), (line), (way), (l1x_t){__VA_ARGS__})

/* L1 j: the way is not allocated (val, pend, dirty 0; its tag is not checked). */
static void exp_l1_free(sys_t* s, int ln, uint32_t j, uint32_t set, uint32_t way) {
    char p[96];
    snprintf(p, sizeof p, "C%u L1 set %u way %u (not allocated)", j + 1, set, way);
    const gpu_l1_line_t* l = l1way(s, j, set, way);
    ckf(s, ln, p, "val", 0, l->val);
    ckf(s, ln, p, "pend", 0, l->pend);
    ckf(s, ln, p, "dirty", 0, l->dirty[0]);
}
#define EXP_L1_FREE(s, j, set, way) exp_l1_free((s), __LINE__, (j), (set), (way))

static void exp_l1_data(sys_t* s, int ln, uint32_t j, uint32_t line, uint32_t way, w4_t d) {
    char p[96];
    snprintf(p, sizeof p, "C%u L1 line 0x%03x (set %u way %u)", j + 1, line, line % SETS, way);
    const gpu_l1_line_t* l = l1way(s, j, line % SETS, way);
    ckw4(s, ln, p, d, l->data);
}
#define EXP_L1D(s, j, line, way, d) exp_l1_data((s), __LINE__, (j), (line), (way), (d))

/* the L1's scalars and store buffer (spec section 3); a field not named is expected 0 */
typedef struct {
    uint32_t fcnt, sbh, sbcnt, wtp, batch, fl;
    uint64_t fcur, fwait, fdone;
    uint64_t sb[4]; /* the live entries from the head (sbcnt of them) */
} l1s_t;

/* ... and the registered outputs that follow from them (L2 (g)): core_ready = fcnt < L1Queue,
 * drained = (sbcnt == 0 && wtp == 0), fence_done = fdone. */
static void exp_l1s(sys_t* s, int ln, uint32_t j, l1s_t e) {
    char p[32], f[32];
    snprintf(p, sizeof p, "C%u L1", j + 1);
    const gpu_l1_state_t* st = l1st(s, j);
    ckf(s, ln, p, "fcnt", e.fcnt, st->fcnt);
    ckf(s, ln, p, "sbh", e.sbh, st->sbh);
    ckf(s, ln, p, "sbcnt", e.sbcnt, st->sbcnt);
    for (uint32_t k = 0; k < e.sbcnt && k < 4; k++) {
        snprintf(f, sizeof f, "store buffer entry %u (from the head)", k);
        ckf(s, ln, p, f, e.sb[k], st->sb[k]);
    }
    ckf(s, ln, p, "wtp", e.wtp, st->wtp);
    ckf(s, ln, p, "batch", e.batch, st->batch);
    ckf(s, ln, p, "fl", e.fl, st->fl);
    ckf(s, ln, p, "fcur", e.fcur, st->fcur);
    ckf(s, ln, p, "fwait", e.fwait, st->fwait);
    ckf(s, ln, p, "fdone", e.fdone, st->fdone);
    ckf(s, ln, p, "core_ready output", e.fcnt < s->d.l1_queue, s->o1[j].core_ready);
    ckf(s, ln, p, "drained output", e.sbcnt == 0 && e.wtp == 0, s->o1[j].drained);
    ckf(s, ln, p, "fence_done output", e.fdone, s->o1[j].fence_done);
}
#define EXP_L1S(s, j, ...) exp_l1s((s), __LINE__, (j), (l1s_t){__VA_ARGS__})

static void exp_rr1(sys_t* s, int ln, uint32_t j, uint32_t set, uint32_t v) {
    char f[32];
    snprintf(f, sizeof f, "C%u L1 rr[%u]", j + 1, set);
    ck(s, ln, f, v, l1st(s, j)->rr[set]);
}
#define EXP_RR1(s, j, set, v) exp_rr1((s), __LINE__, (j), (set), (v))

static void exp_idle(sys_t* s, int ln, uint32_t j, uint32_t v) {
    char f[32];
    snprintf(f, sizeof f, "C%u L1 idle", j + 1);
    ck(s, ln, f, v, l1st(s, j)->idle);
}
#define EXP_IDLE(s, j, v) exp_idle((s), __LINE__, (j), (v))

/* ---- expectations: L2 state ------------------------------------------------------------------ */

/* L2: the way of line's set has line's tag, state st (GPU_L2_V, _D, _P) and data d. */
static void exp_l2(sys_t* s, int ln, uint32_t line, uint32_t way, uint32_t st, w4_t d) {
    char p[96];
    snprintf(p, sizeof p, "L2 line 0x%03x (set %u way %u)", line, line % SETS, way);
    const gpu_l2_line_t* l = &l2st(s)->line[(line % SETS) * WAYS + way];
    ckf(s, ln, p, "tag", line / SETS, l->tag);
    ckf(s, ln, p, "st (0 I, 1 V, 2 D, 3 P)", st, l->st);
    ckw4(s, ln, p, d, l->data);
}
#define EXP_L2(s, line, way, st, d) exp_l2((s), __LINE__, (line), (way), (st), (d))

static void exp_l2_free(sys_t* s, int ln, uint32_t set, uint32_t way) {
    char p[64];
    snprintf(p, sizeof p, "L2 set %u way %u", set, way);
    ckf(s, ln, p, "st (0 I, 1 V, 2 D, 3 P)", GPU_L2_I, l2st(s)->line[set * WAYS + way].st);
}
#define EXP_L2_FREE(s, set, way) exp_l2_free((s), __LINE__, (set), (way))

static void exp_rr2(sys_t* s, int ln, uint32_t set, uint32_t v) {
    char f[32];
    snprintf(f, sizeof f, "L2 rr[%u]", set);
    ck(s, ln, f, v, l2st(s)->rr[set]);
}
#define EXP_RR2(s, set, v) exp_rr2((s), __LINE__, (set), (v))

typedef struct {
    uint32_t v;
    uint64_t line;
    uint32_t way;
    uint64_t dst;
    uint32_t wm;
} mx_t;

static void exp_mshr(sys_t* s, int ln, uint32_t k, mx_t e) {
    char p[32];
    snprintf(p, sizeof p, "L2 MSHR %u", k);
    const gpu_l2_mshr_t* m = &l2st(s)->mshr[k];
    ckf(s, ln, p, "valid", e.v, m->v);
    if (!e.v || !m->v)
        return;
    ckf(s, ln, p, "line", e.line, m->line);
    ckf(s, ln, p, "way", e.way, m->way);
    ckf(s, ln, p, "dst", e.dst, m->dst);
    ckf(s, ln, p, "wm", e.wm, m->wm[0]);
}
#define EXP_MSHR(s, k, ...) exp_mshr((s), __LINE__, (k), (mx_t){__VA_ARGS__})

/* every MSHR free and the request FIFO empty */
static void exp_l2_idle(sys_t* s, int ln) {
    const gpu_l2_state_t* st = l2st(s);
    char f[32];
    for (uint32_t k = 0; k < s->d.l2_mshrs; k++) {
        snprintf(f, sizeof f, "L2 MSHR %u valid", k);
        ck(s, ln, f, 0, st->mshr[k].v);
    }
    ck(s, ln, "L2 qcnt", 0, st->qcnt);
    ck(s, ln, "L2 req_ready output", 1, s->o2.req_ready);
}
#define EXP_L2_IDLE(s) exp_l2_idle((s), __LINE__)

static void exp_l2q(sys_t* s, int ln, uint32_t qcnt) {
    ck(s, ln, "L2 qcnt", qcnt, l2st(s)->qcnt);
    ck(s, ln, "L2 req_ready output", qcnt < s->d.l2_queue, s->o2.req_ready);
}
#define EXP_L2Q(s, q) exp_l2q((s), __LINE__, (q))

/* ---- expectations: messages of the step ------------------------------------------------------ */

static void exp_nreq(sys_t* s, int ln, uint32_t j, uint32_t n) {
    char f[64];
    snprintf(f, sizeof f, "C%u L2 requests in the step", j + 1);
    ck(s, ln, f, n, s->nreq[j]);
}
#define EXP_NREQ(s, j, n) exp_nreq((s), __LINE__, (j), (n))

/* request i of L1 j in the step: kind, line, src 0; NULL if there is none */
static const gpu_req_t* req_base(sys_t* s, int ln, uint32_t j, uint32_t i, uint32_t kind,
                                 uint32_t line, char* p, size_t n) {
    snprintf(p, n, "C%u request %u of the step", j + 1, i);
    if (i >= s->nreq[j]) {
        ckf(s, ln, p, "present (requests in the step > index)", 1, 0);
        return NULL;
    }
    const gpu_req_t* r = &s->req[j][i].r;
    ckf(s, ln, p, "kind (1 GETS, 2 WT, 3 ATOMIC)", kind, r->kind);
    ckf(s, ln, p, "line", line, r->line);
    ckf(s, ln, p, "src (0 on the L1's output)", 0, r->src);
    return r;
}

static void exp_gets(sys_t* s, int ln, uint32_t j, uint32_t i, uint32_t line) {
    char p[64];
    const gpu_req_t* r = req_base(s, ln, j, i, GPU_REQ_GETS, line, p, sizeof p);
    if (!r)
        return;
    ckf(s, ln, p, "wf", 0, r->wf);
    ckf(s, ln, p, "acq", 0, r->acq);
}
#define EXP_GETS(s, j, i, line) exp_gets((s), __LINE__, (j), (i), (line))

static void exp_wt(sys_t* s, int ln, uint32_t j, uint32_t i, uint32_t line, uint32_t mask, w4_t d) {
    char p[64];
    const gpu_req_t* r = req_base(s, ln, j, i, GPU_REQ_WT, line, p, sizeof p);
    if (!r)
        return;
    ckf(s, ln, p, "wf", 0, r->wf);
    ckf(s, ln, p, "acq", 0, r->acq);
    ckf(s, ln, p, "mask", mask, r->mask[0]);
    for (uint32_t k = 1; k < GPU_MASK_WORDS; k++)
        ckf(s, ln, p, "mask (bytes >= 32)", 0, r->mask[k]);
    ckw4(s, ln, p, d, r->data);
}
#define EXP_WT(s, j, i, line, mask, d) exp_wt((s), __LINE__, (j), (i), (line), (mask), (d))

static void exp_areq(sys_t* s, int ln, uint32_t j, uint32_t i, uint32_t line, uint32_t wf,
                     aop_t o) {
    char p[64];
    const gpu_req_t* r = req_base(s, ln, j, i, GPU_REQ_ATOMIC, line, p, sizeof p);
    if (!r)
        return;
    ckf(s, ln, p, "wf", wf, r->wf);
    ckf(s, ln, p, "acq", o.acq, r->acq);
    ckf(s, ln, p, "aop", o.aop, r->aop);
    ckf(s, ln, p, "word", o.word, r->word);
    ckf(s, ln, p, "a", o.a, r->a);
    ckf(s, ln, p, "b", o.b, r->b);
}
#define EXP_AREQ(s, j, i, line, wf, ...)                                                           \
    exp_areq((s), __LINE__, (j), (i), (line), (wf), (aop_t){__VA_ARGS__})

static void exp_nrsp(sys_t* s, int ln, uint32_t n) {
    ck(s, ln, "L2 responses in the step", n, s->nrsp);
}
#define EXP_NRSP(s, n) exp_nrsp((s), __LINE__, (n))

static const gpu_rsp_t* rsp_base(sys_t* s, int ln, uint32_t i, uint32_t kind, uint64_t dst, char* p,
                                 size_t n) {
    snprintf(p, n, "L2 response %u of the step", i);
    if (i >= s->nrsp) {
        ckf(s, ln, p, "present (responses in the step > index)", 1, 0);
        return NULL;
    }
    const gpu_rsp_t* r = &s->rsp[i].r;
    ckf(s, ln, p, "kind (1 DATA, 2 ACK, 3 ATOM)", kind, r->kind);
    ckf(s, ln, p, "dst", dst, r->dst);
    return r;
}

static void exp_data(sys_t* s, int ln, uint32_t i, uint32_t line, uint64_t dst, w4_t d) {
    char p[64];
    const gpu_rsp_t* r = rsp_base(s, ln, i, GPU_RSP_DATA, dst, p, sizeof p);
    if (!r)
        return;
    ckf(s, ln, p, "line", line, r->line);
    ckf(s, ln, p, "wf", 0, r->wf);
    ckf(s, ln, p, "acq", 0, r->acq);
    ckw4(s, ln, p, d, r->data);
}
#define EXP_DATA(s, i, line, dst, d) exp_data((s), __LINE__, (i), (line), (dst), (d))

static void exp_ack(sys_t* s, int ln, uint32_t i, uint64_t dst) {
    char p[64];
    const gpu_rsp_t* r = rsp_base(s, ln, i, GPU_RSP_ACK, dst, p, sizeof p);
    if (!r)
        return;
    ckf(s, ln, p, "wf", 0, r->wf);
    ckf(s, ln, p, "acq", 0, r->acq);
}
#define EXP_ACK(s, i, dst) exp_ack((s), __LINE__, (i), (dst))

static void exp_atom(sys_t* s, int ln, uint32_t i, uint32_t line, uint64_t dst, uint32_t wf,
                     uint32_t acq, w4_t d) {
    char p[64];
    const gpu_rsp_t* r = rsp_base(s, ln, i, GPU_RSP_ATOM, dst, p, sizeof p);
    if (!r)
        return;
    ckf(s, ln, p, "line", line, r->line);
    ckf(s, ln, p, "wf", wf, r->wf);
    ckf(s, ln, p, "acq", acq, r->acq);
    ckw4(s, ln, p, d, r->data);
}
#define EXP_ATOM(s, i, line, dst, wf, acq, d)                                                      \
    exp_atom((s), __LINE__, (i), (line), (dst), (wf), (acq), (d))

static void exp_ncrsp(sys_t* s, int ln, uint32_t j, uint32_t n) {
    char f[64];
    snprintf(f, sizeof f, "C%u core responses in the step", j + 1);
    ck(s, ln, f, n, s->ncrsp[j]);
}
#define EXP_NCRSP(s, j, n) exp_ncrsp((s), __LINE__, (j), (n))

static const gpu_core_rsp_t* crsp_base(sys_t* s, int ln, uint32_t j, uint32_t i, uint32_t kind,
                                       uint64_t wfm, char* p, size_t n) {
    snprintf(p, n, "C%u core response %u of the step", j + 1, i);
    if (i >= s->ncrsp[j]) {
        ckf(s, ln, p, "present (core responses in the step > index)", 1, 0);
        return NULL;
    }
    const gpu_core_rsp_t* r = &s->crsp[j][i].r;
    ckf(s, ln, p, "kind (1 LOAD, 2 ATOMIC)", kind, r->kind);
    ckf(s, ln, p, "wf_mask", wfm, r->wf_mask);
    return r;
}

static void exp_cload(sys_t* s, int ln, uint32_t j, uint32_t i, uint64_t wfm, uint32_t line,
                      w4_t d) {
    char p[64];
    const gpu_core_rsp_t* r = crsp_base(s, ln, j, i, GPU_CRSP_LOAD, wfm, p, sizeof p);
    if (!r)
        return;
    ckf(s, ln, p, "line", line, r->line);
    ckw4(s, ln, p, d, r->data);
}
#define EXP_CLOAD(s, j, i, wfm, line, d) exp_cload((s), __LINE__, (j), (i), (wfm), (line), (d))

static void exp_catom(sys_t* s, int ln, uint32_t j, uint32_t i, uint64_t wfm, w4_t d) {
    char p[64];
    const gpu_core_rsp_t* r = crsp_base(s, ln, j, i, GPU_CRSP_ATOMIC, wfm, p, sizeof p);
    if (r)
        ckw4(s, ln, p, d, r->data);
}
#define EXP_CATOM(s, j, i, wfm, d) exp_catom((s), __LINE__, (j), (i), (wfm), (d))

/* the DRAM fetches of the step: n, the first of them `line` (n > 0) */
static void exp_fetch(sys_t* s, int ln, uint32_t n, uint32_t line) {
    ck(s, ln, "DRAM fetches in the step", n, s->nfetch);
    if (n && s->nfetch)
        ck(s, ln, "DRAM fetch 0 line", line, s->fetch[0]);
}
#define EXP_FETCH(s, n, line) exp_fetch((s), __LINE__, (n), (line))

static void exp_nwb(sys_t* s, int ln, uint32_t n) {
    ck(s, ln, "DRAM write-backs in the step", n, s->nwb);
}
#define EXP_NWB(s, n) exp_nwb((s), __LINE__, (n))

/* ---- fences ---------------------------------------------------------------------------------- */

/* A FENCE of (j, wf) given to an L1 whose FIFO is empty: ticks until the L1 takes it, then one
 * edge, in which the head performs it. After that edge the fence's bit of fence_done is 1 for
 * C20 (CTA fence under GPU-H) and 0 for C21 / C22 (a batch cannot complete in the edge that
 * starts it: B07 reads batch_q), and the FIFO is empty. */
static void fence_issue(sys_t* s, int ln, uint32_t j, uint32_t wf, bool gpu) {
    const bool gpu_s = gpu || s->d.hrf == GPU_D;
    fence(s, j, wf, gpu);
    taken(s, j);
    tick(s);
    ck(s, ln,
       gpu_s ? "fence_done bit after the edge of C21/C22 (cleared)"
             : "fence_done bit after the edge of C20 (set)",
       gpu_s ? 0 : 1, s->o1[j].fence_done >> wf & 1u);
    ck(s, ln, "L1 fcnt after the edge that performs the FENCE", 0, l1st(s, j)->fcnt);
}
#define FENCE_ISSUE(s, j, wf, gpu) fence_issue((s), __LINE__, (j), (wf), (gpu))

/* Ticks until fence_done of (j, wf) is 1 (at most 200 edges): the edge after which it shows. */
static uint64_t fence_wait(sys_t* s, int ln, uint32_t j, uint32_t wf) {
    for (uint32_t i = 0; i < 200 && !(s->o1[j].fence_done >> wf & 1u); i++)
        tick(s);
    ck(s, ln, "fence_done bit within 200 edges", 1, s->o1[j].fence_done >> wf & 1u);
    return s->cycle;
}
#define FENCE_WAIT(s, j, wf) fence_wait((s), __LINE__, (j), (wf))

/* The edge at which the last ACK of the step was given to L1 j (0: none). */
static uint64_t last_ack(const sys_t* s, uint32_t j) {
    uint64_t c = 0;
    for (uint32_t i = 0; i < s->ndlv[j]; i++)
        if (s->dlv[j][i].r.kind == GPU_RSP_ACK)
            c = s->dlv[j][i].cycle;
    return c;
}

/* A GPU-scope fence of (j, wf) on an L1 whose FIFO is empty, up to its completion, checked to
 * show fence_done the edge after the edge of the step's last ACK (or of the batch start when the
 * batch had nothing to wait for: R6). */
static void release_fence(sys_t* s, int ln, uint32_t j, uint32_t wf) {
    fence_issue(s, ln, j, wf, true);
    const uint64_t start = s->cycle;
    const uint64_t done = fence_wait(s, ln, j, wf);
    const uint64_t ack = last_ack(s, j);
    ck(s, ln, "edge after which fence_done shows (last ACK + 1, or batch start + 1)",
       (ack ? ack : start) + 1, done);
}
#define RELEASE_FENCE(s, j, wf) release_fence((s), __LINE__, (j), (wf))

/* ================================================================================================
 * S1 (seed 002 section 2.1, GPU-D and GPU-H rows): data loads and stores. A load miss is
 * serviced by the L2 (G03 with a DRAM fetch, then G01 hits for every other SM); a merge (C02)
 * gives one DATA to two wavefronts; a data store goes into the L1 line and the coalescing store
 * buffer (C11, C10, C12), nothing reaches the L2 and no other SM sees it; a store to an absent
 * line allocates without fetching (D1) and a later load merges the fill under its bytes (C04,
 * R01). Both variants: no synchronization here.
 * ============================================================================================== */
static void s1_loads(sys_t* s) {
    step(s, "1: C1 wf0 load X: miss (C05), GETS, L2 G03 with a DRAM fetch, M01 DATA, R01");
    load(s, 0, 0, X_);
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_GETS(s, 0, 0, X_);
    EXP_FETCH(s, 1, X_);
    EXP_NRSP(s, 1);
    EXP_DATA(s, 0, X_, 1u, m4(X_));
    EXP_NCRSP(s, 0, 1);
    EXP_CLOAD(s, 0, 0, 1u, X_, m4(X_));
    EXP_L1(s, 0, X_, 0, .val = 1);
    EXP_L1D(s, 0, X_, 0, m4(X_));
    EXP_L1_FREE(s, 0, 0, 1);
    EXP_RR1(s, 0, 0, 1);
    EXP_L1S(s, 0, .fcnt = 0);
    EXP_L2(s, X_, 0, GPU_L2_V, m4(X_));
    EXP_RR2(s, 0, 1);
    EXP_L2_IDLE(s);

    step(s, "2: C1 wf1 load X: hit (C01), no request");
    load(s, 0, 1, X_);
    settle(s);
    EXP_NREQ(s, 0, 0);
    EXP_NCRSP(s, 0, 1);
    EXP_CLOAD(s, 0, 0, 2u, X_, m4(X_));

    step(s, "3: C2 wf0 and wf3 load Y back to back: C05 then C02 merge; one GETS, one DATA, one "
            "core response to both (wait 0b1001)");
    load(s, 1, 0, Y_);
    load(s, 1, 3, Y_);
    settle(s);
    EXP_NREQ(s, 1, 1);
    EXP_GETS(s, 1, 0, Y_);
    EXP_FETCH(s, 1, Y_);
    EXP_NRSP(s, 1);
    EXP_DATA(s, 0, Y_, 2u, m4(Y_));
    EXP_NCRSP(s, 1, 1);
    EXP_CLOAD(s, 1, 0, 9u, Y_, m4(Y_));
    EXP_L1(s, 1, Y_, 0, .val = 1);
    EXP_L2(s, Y_, 0, GPU_L2_V, m4(Y_));

    step(s, "4: C3 wf0 load Y: L2 hit (G01), no DRAM fetch");
    load(s, 2, 0, Y_);
    settle(s);
    EXP_NREQ(s, 2, 1);
    EXP_GETS(s, 2, 0, Y_);
    EXP_FETCH(s, 0, 0);
    EXP_NRSP(s, 1);
    EXP_DATA(s, 0, Y_, 4u, m4(Y_));
    EXP_CLOAD(s, 2, 0, 1u, Y_, m4(Y_));
}

static void s1_stores(sys_t* s) {
    const w4_t x1 = with(m4(X_), 2, 0xA1);
    step(s, "5: C1 wf1 store X word 2 = 0xA1: C11 on the valid line, into the store buffer");
    store(s, 0, 1, X_, 2, 0xA1);
    taken(s, 0);
    tick(s); /* the edge that performs it */
    EXP_IDLE(s, 0, 0);
    EXP_L1(s, 0, X_, 0, .val = 1, .dirty = MW(2));
    EXP_L1D(s, 0, X_, 0, x1);
    EXP_L1S(s, 0, .sbcnt = 1, .sb = {X_});
    settle(s);
    EXP_NREQ(s, 0, 0);
    EXP_L2(s, X_, 0, GPU_L2_V, m4(X_));

    const w4_t x2 = with(with(m4(X_), 2, 0xA2), 0, 0xB0);
    step(s, "6: C1 wf2 stores X word 2 = 0xA2, word 0 = 0xB0: C10, coalesced in one entry");
    store(s, 0, 2, X_, 2, 0xA2);
    store(s, 0, 2, X_, 0, 0xB0);
    settle(s);
    EXP_NREQ(s, 0, 0);
    EXP_L1(s, 0, X_, 0, .val = 1, .dirty = MW(0) | MW(2));
    EXP_L1D(s, 0, X_, 0, x2);
    EXP_L1S(s, 0, .sbcnt = 1, .sb = {X_});

    step(s, "7: C1 wf3 load X: hit (C01) with the SM's own stores");
    load(s, 0, 3, X_);
    settle(s);
    EXP_NREQ(s, 0, 0);
    EXP_CLOAD(s, 0, 0, 8u, X_, x2);

    step(s, "8: C2 wf1 load X: GETS, L2 G01: the L2's copy, without C1's stores");
    load(s, 1, 1, X_);
    settle(s);
    EXP_NREQ(s, 1, 1);
    EXP_DATA(s, 0, X_, 2u, m4(X_));
    EXP_CLOAD(s, 1, 0, 2u, X_, m4(X_));
    EXP_L1(s, 1, X_, 0, .val = 1);
}

static void s1_store_miss(sys_t* s) {
    step(s, "9: C1 wf0 store Z word 3 = 0xC3: C12 (write-allocate, not fetched), second entry");
    store(s, 0, 0, Z_, 3, 0xC3);
    settle(s);
    EXP_NREQ(s, 0, 0);
    EXP_L1(s, 0, Z_, 0, .dirty = MW(3));
    EXP_L1D(s, 0, Z_, 0, w4(0, 0, 0, 0xC3)); /* reading R2 */
    EXP_RR1(s, 0, 3, 1);
    EXP_L1S(s, 0, .sbcnt = 2, .sb = {X_, Z_});

    const w4_t z = with(m4(Z_), 3, 0xC3);
    step(s, "10: C1 wf0 load Z: C04 (allocated by its dirty bytes): GETS, DATA merged under the "
            "dirty word (R01)");
    load(s, 0, 0, Z_);
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_GETS(s, 0, 0, Z_);
    EXP_DATA(s, 0, Z_, 1u, m4(Z_));
    EXP_CLOAD(s, 0, 0, 1u, Z_, z);
    EXP_L1(s, 0, Z_, 0, .val = 1, .dirty = MW(3));
    EXP_L1D(s, 0, Z_, 0, z);
    EXP_L1S(s, 0, .sbcnt = 2, .sb = {X_, Z_});
    EXP_L2(s, Z_, 0, GPU_L2_V, m4(Z_));
    EXP_L2_IDLE(s);
}

static void s1_load_store(gpu_variant_t v, bool rtl) {
    sys_t* s = sys_open("S1 load/store", v, rtl);
    s1_loads(s);
    s1_stores(s);
    s1_store_miss(s);
    sys_close(s);
}

/* ================================================================================================
 * S1, GPU-D row: every synchronization access executes at the L2 and is of GPU scope whatever
 * its scope bit (L4): here every one is given with scope cta. An atomic is performed at the L2
 * (C15, A01; relaxed: R05 invalidates only its line), an acquire load reads the L2 even for a
 * line the L1 holds and then invalidates the entire L1 (C09 / C08, R03), a release flushes the
 * store buffer and waits for the write-through's ACK (C21, B01, R04, B07 with INV) and its store
 * goes straight to the L2 (C13, W03 then M02 without a response).
 * ============================================================================================== */
static void s1d_setup(sys_t* s) {
    step(s, "setup: C1 wf0 loads X and Z (valid), stores Y word 0 = 5 (C12, SB [Y])");
    load(s, 0, 0, X_);
    load(s, 0, 0, Z_);
    store(s, 0, 0, Y_, 0, 5);
    settle(s);
    EXP_NREQ(s, 0, 2);
    EXP_L1(s, 0, X_, 0, .val = 1);
    EXP_L1(s, 0, Z_, 0, .val = 1);
    EXP_L1(s, 0, Y_, 0, .dirty = MW(0));
    EXP_L1D(s, 0, Y_, 0, w4(5, 0, 0, 0)); /* reading R2 */
    EXP_L1S(s, 0, .sbcnt = 1, .sb = {Y_});
}

static void s1d_atomic(sys_t* s) {
    const w4_t x = with(m4(X_), 1, memw(X_, 1) + 2);
    step(s, "atomic: C1 wf1 ATOMIC ADD X word 1 += 2, scope cta (= gpu): C15 to the L2, A01, "
            "ATOM; R05 clears X's val only");
    ATOMIC(s, 0, 1, X_, .aop = GPU_AOP_ADD, .word = 1, .a = 2, .gpu = false);
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_AREQ(s, 0, 0, X_, 1, .aop = GPU_AOP_ADD, .word = 1, .a = 2);
    EXP_NRSP(s, 1);
    EXP_ATOM(s, 0, X_, 1u, 1, 0, m4(X_));
    EXP_NCRSP(s, 0, 1);
    EXP_CATOM(s, 0, 0, 2u, m4(X_));
    EXP_L2(s, X_, 0, GPU_L2_D, x);
    EXP_L1(s, 0, X_, 0, .val = 0);
    EXP_L1(s, 0, Z_, 0, .val = 1);
    EXP_L1(s, 0, Y_, 0, .dirty = MW(0));
    EXP_L1S(s, 0, .sbcnt = 1, .sb = {Y_});

    step(s, "acquire: C1 wf2 LOAD acq X, scope cta (= gpu): X not allocated: C09 (allocate, GETS, "
            "acq), L2 G01, R03: installed, then INV of the entire L1");
    load_acq(s, 0, 2, X_, false);
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_GETS(s, 0, 0, X_);
    EXP_DATA(s, 0, X_, 1u, x);
    EXP_CLOAD(s, 0, 0, 4u, X_, x);
    EXP_L1(s, 0, X_, 0, .val = 0);
    EXP_L1D(s, 0, X_, 0, x);
    EXP_RR1(s, 0, 0, 1);
    EXP_L1(s, 0, Z_, 0, .val = 0);
    EXP_L1(s, 0, Y_, 0, .dirty = MW(0)); /* dirty bytes stay (L6) */
    EXP_L1S(s, 0, .sbcnt = 1, .sb = {Y_});
}

static void s1d_acq_dirty(sys_t* s) {
    const w4_t y = with(m4(Y_), 0, 5);
    step(s, "acquire on a dirty line: C1 wf3 LOAD acq Y (cta = gpu): C08, GETS, L2 G03 + fetch, "
            "R03: merged under the dirty word, then INV");
    load_acq(s, 0, 3, Y_, false);
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_GETS(s, 0, 0, Y_);
    EXP_FETCH(s, 1, Y_);
    EXP_DATA(s, 0, Y_, 1u, m4(Y_));
    EXP_CLOAD(s, 0, 0, 8u, Y_, y);
    EXP_L1(s, 0, Y_, 0, .dirty = MW(0));
    EXP_L1D(s, 0, Y_, 0, y);
    EXP_L2(s, Y_, 0, GPU_L2_V, m4(Y_));
}

static void s1d_release(sys_t* s) {
    const w4_t y = with(m4(Y_), 0, 5);
    step(s, "release: C1 wf0 FENCE (cta = gpu): C21 (fl 1), B01 pops Y: WT, R04, B07: INV and "
            "fence_done; the store rel F word 0 = 1 (cta = gpu): C13, WT, L2 W03 + fetch, M02");
    fence(s, 0, 0, false);
    taken(s, 0);
    tick(s);
    EXP_L1S(s, 0, .batch = 1, .fl = 1, .fcur = 1, .sbcnt = 1, .sb = {Y_});
    const uint64_t done = FENCE_WAIT(s, 0, 0);
    CK(s, "edge after which fence_done shows (= the ACK's edge + 1)", last_ack(s, 0) + 1, done);
    store_rel(s, 0, 0, F_, 0, 1, false);
    settle(s);
    EXP_NREQ(s, 0, 2);
    EXP_WT(s, 0, 0, Y_, MW(0), w4(5, 0, 0, 0));
    EXP_WT(s, 0, 1, F_, MW(0), w4(1, 0, 0, 0));
    EXP_NRSP(s, 2);
    EXP_ACK(s, 0, 1u);
    EXP_ACK(s, 1, 1u);
    EXP_FETCH(s, 1, F_);
    EXP_L1S(s, 0, .sbh = 1, .fdone = 1);
    EXP_L1(s, 0, Y_, 0, .dirty = 0);
    EXP_L1_FREE(s, 0, 2, 0); /* C13 does not allocate */
    EXP_L1_FREE(s, 0, 2, 1);
    EXP_L2(s, Y_, 0, GPU_L2_D, y);
    EXP_L2(s, F_, 0, GPU_L2_D, with(m4(F_), 0, 1));
    EXP_L2_IDLE(s);

    step(s, "C2 wf0 LOAD acq F (gpu): sees 1; then a plain load of Y sees 5 (message passing)");
    load_acq(s, 1, 0, F_, true);
    settle(s);
    load(s, 1, 0, Y_);
    settle(s);
    EXP_NCRSP(s, 1, 2);
    EXP_CLOAD(s, 1, 0, 1u, F_, with(m4(F_), 0, 1));
    EXP_CLOAD(s, 1, 1, 1u, Y_, y);
}

static void s1_sync_gpud(bool rtl) {
    sys_t* s = sys_open("S1 sync GPU-D", GPU_D, rtl);
    s1d_setup(s);
    s1d_atomic(s);
    s1d_acq_dirty(s);
    s1d_release(s);
    sys_close(s);
}

/* ================================================================================================
 * S1, GPU-H rows. Local (cta) scope: an acquire load hits in the L1 (C01) and invalidates
 * nothing; an atomic is performed in the L1 on a valid line (C16); on a line that is not valid
 * it is performed at the L2 (D9): on an absent line it goes to the L2 at once, with acq 0 and
 * without allocating (C18; the L2 A03, M02, A01; R05 invalidates nothing), on an invalid line
 * with dirty bytes it first writes them through (C17, the head stays) so that the L2 performs it
 * after them (C18, W03, M02, A01); a release completes at once (C20) and its store stays in the
 * L1 (C12): nothing reaches the L2, so another SM's acquire still reads the old value. Global
 * (gpu) scope: as GPU-D: the release flushes the whole store buffer in FIFO order (C21; B02
 * skips the entry of the line written through by C17, B01 x 2, ACKs, B07: INV), its store goes
 * to the L2 (C13), the acquire reads the L2 and invalidates the entire L1 (C09, R03).
 * ============================================================================================== */
static void s1h_local(sys_t* s) {
    step(s, "setup: C1 wf0 loads X and Z, stores Y word 0 = 5 (C12, SB [Y])");
    load(s, 0, 0, X_);
    load(s, 0, 0, Z_);
    store(s, 0, 0, Y_, 0, 5);
    settle(s);
    EXP_L1S(s, 0, .sbcnt = 1, .sb = {Y_});

    step(s, "local acquire: C1 wf0 LOAD acq X, scope cta: C01 hit, no request, no INV");
    load_acq(s, 0, 0, X_, false);
    settle(s);
    EXP_NREQ(s, 0, 0);
    EXP_CLOAD(s, 0, 0, 1u, X_, m4(X_));
    EXP_L1(s, 0, X_, 0, .val = 1);
    EXP_L1(s, 0, Z_, 0, .val = 1);

    const w4_t x = with(m4(X_), 1, memw(X_, 1) + 2);
    step(s, "local atomic: C1 wf1 ATOMIC ADD X word 1 += 2, cta: C16 in the L1, X pushed");
    ATOMIC(s, 0, 1, X_, .aop = GPU_AOP_ADD, .word = 1, .a = 2, .gpu = false);
    settle(s);
    EXP_NREQ(s, 0, 0);
    EXP_NCRSP(s, 0, 1);
    EXP_CATOM(s, 0, 0, 2u, m4(X_));
    EXP_L1(s, 0, X_, 0, .val = 1, .dirty = MW(1));
    EXP_L1D(s, 0, X_, 0, x);
    EXP_L1S(s, 0, .sbcnt = 2, .sb = {Y_, X_});
    EXP_L2(s, X_, 0, GPU_L2_V, m4(X_));
}

static void s1h_local2(sys_t* s) {
    const w4_t x = with(m4(X_), 1, memw(X_, 1) + 2);
    step(s, "local atomic on an absent line: C1 wf0 ATOMIC acq EXCH W word 0 := 0x77, cta: C18 "
            "(no allocation, ATOMIC acq 0), L2 A03 (way 1, fetch), M02, A01; R05 without INV");
    ATOMIC(s, 0, 0, W_, .aop = GPU_AOP_EXCH, .word = 0, .a = 0x77, .acq = true, .gpu = false);
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_AREQ(s, 0, 0, W_, 0, .aop = GPU_AOP_EXCH, .word = 0, .a = 0x77, .acq = false);
    EXP_FETCH(s, 1, W_);
    EXP_NWB(s, 0);
    EXP_NRSP(s, 1);
    EXP_ATOM(s, 0, W_, 1u, 0, 0, m4(W_));
    EXP_NCRSP(s, 0, 1);
    EXP_CATOM(s, 0, 0, 1u, m4(W_));
    EXP_L1_FREE(s, 0, 3, 1);
    EXP_RR1(s, 0, 3, 1);
    EXP_L1(s, 0, Z_, 0, .val = 1);
    EXP_L1(s, 0, X_, 0, .val = 1, .dirty = MW(1));
    EXP_L1D(s, 0, X_, 0, x);
    EXP_L1S(s, 0, .sbcnt = 2, .sb = {Y_, X_});
    EXP_L2(s, Z_, 0, GPU_L2_V, m4(Z_));
    EXP_L2(s, W_, 1, GPU_L2_D, with(m4(W_), 0, 0x77));
    EXP_RR2(s, 3, 0);
    EXP_L2_IDLE(s);

    const w4_t y = with(m4(Y_), 0, 5);
    step(s, "local atomic on an invalid line with dirty bytes: C1 wf2 ATOMIC ADD Y word 0 += 3, "
            "cta: C17 (WT of the dirty word, the head stays), C18; L2 W03 (fetch), ACK, M02, "
            "A01 after the WT: the old value 5");
    ATOMIC(s, 0, 2, Y_, .aop = GPU_AOP_ADD, .word = 0, .a = 3, .gpu = false);
    settle(s);
    EXP_NREQ(s, 0, 2);
    EXP_WT(s, 0, 0, Y_, MW(0), w4(5, 0, 0, 0));
    EXP_AREQ(s, 0, 1, Y_, 2, .aop = GPU_AOP_ADD, .word = 0, .a = 3);
    CK(s, "edge of the ATOMIC = the WT's edge + 1 (C17 stays, C18 the next edge)",
       s->req[0][0].cycle + 1, s->req[0][1].cycle);
    EXP_FETCH(s, 1, Y_);
    EXP_NWB(s, 0);
    EXP_NRSP(s, 2);
    EXP_ACK(s, 0, 1u);
    EXP_ATOM(s, 1, Y_, 1u, 2, 0, y);
    EXP_NCRSP(s, 0, 1);
    EXP_CATOM(s, 0, 0, 4u, y);
    EXP_L1_FREE(s, 0, 1, 0); /* C17: dirty := 0 (val 0): the line is no longer allocated */
    EXP_L1_FREE(s, 0, 1, 1);
    EXP_L1(s, 0, X_, 0, .val = 1, .dirty = MW(1));
    EXP_L1S(s, 0, .sbcnt = 2, .sb = {Y_, X_}); /* Y's entry stays, skipped at its pop */
    EXP_L2(s, Y_, 0, GPU_L2_D, with(m4(Y_), 0, 8));
    EXP_RR2(s, 1, 1);
    EXP_L2_IDLE(s);

    step(s, "local release: C1 wf0 FENCE cta (C20: fence_done at once, no batch), STORE rel cta "
            "F word 0 = 1 (reading R1: C12 in the L1); nothing to the L2");
    FENCE_ISSUE(s, 0, 0, false);
    EXP_L1S(s, 0, .sbcnt = 2, .sb = {Y_, X_}, .fdone = 1);
    store_rel(s, 0, 0, F_, 0, 1, false);
    settle(s);
    EXP_NREQ(s, 0, 0);
    EXP_NRSP(s, 0);
    EXP_L1(s, 0, F_, 0, .dirty = MW(0));
    EXP_L1D(s, 0, F_, 0, w4(1, 0, 0, 0));
    EXP_L1S(s, 0, .sbcnt = 3, .sb = {Y_, X_, F_}, .fdone = 1);

    step(s, "C2 wf0 LOAD acq F (gpu): the L2 has the old F (a local release publishes nothing)");
    load_acq(s, 1, 0, F_, true);
    settle(s);
    EXP_CLOAD(s, 1, 0, 1u, F_, m4(F_));
    EXP_L1(s, 1, F_, 0, .val = 0); /* R03 */
}

static void s1h_global(sys_t* s) {
    step(s, "global release: C1 wf0 FENCE gpu: C21 (fl 3), pops in FIFO order: Y (B02: written "
            "through by C17, no WT), X and F (B01), two WTs and ACKs, B07: INV");
    FENCE_ISSUE(s, 0, 0, true);
    EXP_L1S(s, 0, .batch = 1, .fl = 3, .fcur = 1, .sbcnt = 3, .sb = {Y_, X_, F_});
    const uint64_t done = FENCE_WAIT(s, 0, 0);
    CK(s, "edge after which fence_done shows (= the last ACK's edge + 1)", last_ack(s, 0) + 1,
       done);
    settle(s);
    EXP_NREQ(s, 0, 2);
    EXP_WT(s, 0, 0, X_, MW(1), w4(0, memw(X_, 1) + 2, 0, 0));
    EXP_WT(s, 0, 1, F_, MW(0), w4(1, 0, 0, 0));
    EXP_NRSP(s, 2);
    EXP_ACK(s, 0, 1u);
    EXP_ACK(s, 1, 1u);
    EXP_L1S(s, 0, .sbh = 3, .fdone = 1);
    EXP_L1(s, 0, X_, 0, .val = 0);
    EXP_L1(s, 0, Z_, 0, .val = 0);
    EXP_L1_FREE(s, 0, 3, 1); /* W was never allocated (C18) */
    EXP_L1(s, 0, Y_, 0, .val = 0);
    EXP_L1(s, 0, F_, 0, .val = 0);
    EXP_L2(s, Y_, 0, GPU_L2_D, with(m4(Y_), 0, 8));
    EXP_L2(s, X_, 0, GPU_L2_D, with(m4(X_), 1, memw(X_, 1) + 2));
    EXP_L2(s, W_, 1, GPU_L2_D, with(m4(W_), 0, 0x77));
    EXP_L2(s, F_, 0, GPU_L2_D, with(m4(F_), 0, 1));
    EXP_L2_IDLE(s);

    step(s, "global release store: C1 wf0 STORE rel gpu F word 1 = 2: C13, WT, no allocation");
    store_rel(s, 0, 0, F_, 1, 2, true);
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_WT(s, 0, 0, F_, MW(1), w4(0, 2, 0, 0));
    EXP_L1(s, 0, F_, 0, .val = 0);
    EXP_L2(s, F_, 0, GPU_L2_D, with(with(m4(F_), 0, 1), 1, 2));
}

static void s1h_global_acq(sys_t* s) {
    const w4_t x = with(m4(X_), 1, memw(X_, 1) + 2);
    step(s, "global acquire: C1 wf0 loads Z (C05, valid), wf1 LOAD acq gpu X: C09, GETS, R03: "
            "the entire L1 invalid");
    load(s, 0, 0, Z_);
    settle(s);
    EXP_L1(s, 0, Z_, 0, .val = 1);
    load_acq(s, 0, 1, X_, true);
    settle(s);
    EXP_NREQ(s, 0, 2);
    EXP_GETS(s, 0, 1, X_);
    EXP_CLOAD(s, 0, 1, 2u, X_, x);
    EXP_L1(s, 0, X_, 0, .val = 0);
    EXP_L1(s, 0, Z_, 0, .val = 0);
    EXP_RR1(s, 0, 3, 1);

    step(s, "C2 wf1 LOAD acq gpu F sees {1, 2}; C2 wf1 load W sees 0x77");
    load_acq(s, 1, 1, F_, true);
    settle(s);
    load(s, 1, 1, W_);
    settle(s);
    EXP_NCRSP(s, 1, 2);
    EXP_CLOAD(s, 1, 0, 2u, F_, with(with(m4(F_), 0, 1), 1, 2));
    EXP_CLOAD(s, 1, 1, 2u, W_, with(m4(W_), 0, 0x77));
}

static void s1_sync_gpuh(bool rtl) {
    sys_t* s = sys_open("S1 sync GPU-H", GPU_H, rtl);
    s1h_local(s);
    s1h_local2(s);
    s1h_global(s);
    s1h_global_acq(s);
    sys_close(s);
}

/* ================================================================================================
 * S2 (seed 000 Table 3, the RSP columns without the remote rows; notes section 2.1): wg scope
 * = cta (GPU-H), agent scope = gpu (GPU-D and GPU-H).
 * ============================================================================================== */

/* a0: LD_acq wg -> LD x at L1. A hit (C01) and a miss (reading R1: C05, acq_q 0, R01 without
 * INV): no invalidation either way. */
static void t3_a0(bool rtl) {
    sys_t* s = sys_open("T3 a0 LD_acq wg", GPU_H, rtl);
    step(s, "setup: C1 wf0 loads X and Z");
    load(s, 0, 0, X_);
    load(s, 0, 0, Z_);
    settle(s);

    step(s, "a0 hit: C1 wf1 LOAD acq cta X: C01, no request, Z stays valid");
    load_acq(s, 0, 1, X_, false);
    settle(s);
    EXP_NREQ(s, 0, 0);
    EXP_CLOAD(s, 0, 0, 2u, X_, m4(X_));
    EXP_L1(s, 0, X_, 0, .val = 1);
    EXP_L1(s, 0, Z_, 0, .val = 1);

    step(s, "a0 miss: C1 wf1 LOAD acq cta Y: C05 (acq 0), GETS, R01: Y valid, no INV");
    load_acq(s, 0, 1, Y_, false);
    tick(s);
    tick(s); /* pushed, then performed: GETS pending */
    EXP_L1(s, 0, Y_, 0, .pend = 1, .wait = 2u, .acq = 0);
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_GETS(s, 0, 0, Y_);
    EXP_CLOAD(s, 0, 0, 2u, Y_, m4(Y_));
    EXP_L1(s, 0, Y_, 0, .val = 1);
    EXP_L1(s, 0, X_, 0, .val = 1);
    EXP_L1(s, 0, Z_, 0, .val = 1);
    sys_close(s);
}

/* a1 / a2: LD_acq agent -> LD x at L2, then invalidate the local L1. C2 publishes X (store +
 * GPU fence); C1's plain load still hits its stale copy; its acquire load reads the L2 although
 * the line is valid (C06, D6: val stays 1 while the GETS is out), gets the new value and then
 * invalidates every line (R03); an acquire merged into a pending plain load (C07) answers both
 * wavefronts and invalidates. */
static void t3_a1a2_pub(sys_t* s) {
    step(s, "setup: C1 wf0 loads X and Z; C2 wf0 stores X word 0 = 0x42 and fences (gpu)");
    load(s, 0, 0, X_);
    load(s, 0, 0, Z_);
    store(s, 1, 0, X_, 0, 0x42);
    settle(s);
    RELEASE_FENCE(s, 1, 0);
    settle(s);
    EXP_NREQ(s, 1, 1);
    EXP_WT(s, 1, 0, X_, MW(0), w4(0x42, 0, 0, 0));
    EXP_L2(s, X_, 0, GPU_L2_D, with(m4(X_), 0, 0x42));

    step(s, "C1 wf1 plain load X: C01, the stale copy");
    load(s, 0, 1, X_);
    settle(s);
    EXP_NREQ(s, 0, 0);
    EXP_CLOAD(s, 0, 0, 2u, X_, m4(X_));
}

static void t3_a1a2(gpu_variant_t v, bool rtl) {
    sys_t* s = sys_open("T3 a1/a2 LD_acq agent", v, rtl);
    const w4_t x = with(m4(X_), 0, 0x42);
    t3_a1a2_pub(s);

    step(s, "a1: C1 wf1 LOAD acq gpu X (valid): C06, GETS with val 1 held (responses held)");
    s->hold_rsp = true;
    load_acq(s, 0, 1, X_, true);
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_GETS(s, 0, 0, X_);
    EXP_L1(s, 0, X_, 0, .val = 1, .pend = 1, .acq = 1, .wait = 2u);
    step(s, "a2: the DATA arrives: R03, the value of the L2, then INV of the entire L1");
    s->hold_rsp = false;
    settle(s);
    EXP_NCRSP(s, 0, 1);
    EXP_CLOAD(s, 0, 0, 2u, X_, x);
    EXP_L1(s, 0, X_, 0, .val = 0);
    EXP_L1D(s, 0, X_, 0, x);
    EXP_L1(s, 0, Z_, 0, .val = 0);

    step(s, "C1 wf2 plain load X: C05, the new value");
    load(s, 0, 2, X_);
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_CLOAD(s, 0, 0, 4u, X_, x);
    EXP_L1(s, 0, X_, 0, .val = 1);

    step(s, "C07: C1 wf0 plain load Y (C05) and right behind it wf3 LOAD acq gpu Y (C07 merge): "
            "one GETS, one response to both, R03 INV");
    load(s, 0, 0, Y_);
    load_acq(s, 0, 3, Y_, true);
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_GETS(s, 0, 0, Y_);
    EXP_NCRSP(s, 0, 1);
    EXP_CLOAD(s, 0, 0, 9u, Y_, m4(Y_));
    EXP_L1(s, 0, Y_, 0, .val = 0);
    EXP_L1(s, 0, X_, 0, .val = 0);
    sys_close(s);
}

/* a6: ST_rel wg -> ST x at L1 (FENCE cta: C20; STORE rel cta: C11, reading R1), and a0 by
 * another wavefront of the SM sees data and flag without any request; another SM does not. */
static void t3_a6(bool rtl) {
    sys_t* s = sys_open("T3 a6 ST_rel wg", GPU_H, rtl);
    step(s, "setup: C1 wf0 loads Y and F (valid)");
    load(s, 0, 0, Y_);
    load(s, 0, 0, F_);
    settle(s);

    step(s, "C1 wf0 store Y word 0 = 7 (C11), FENCE cta (C20), STORE rel cta F word 0 = 1 (C11)");
    store(s, 0, 0, Y_, 0, 7);
    settle(s);
    FENCE_ISSUE(s, 0, 0, false);
    store_rel(s, 0, 0, F_, 0, 1, false);
    settle(s);
    EXP_NREQ(s, 0, 0);
    EXP_L1(s, 0, Y_, 0, .val = 1, .dirty = MW(0));
    EXP_L1(s, 0, F_, 0, .val = 1, .dirty = MW(0));
    EXP_L1S(s, 0, .sbcnt = 2, .sb = {Y_, F_}, .fdone = 1);

    step(s, "a0: C1 wf1 LOAD acq cta F sees 1 (C01), then load Y sees 7 (C01); no request");
    load_acq(s, 0, 1, F_, false);
    load(s, 0, 1, Y_);
    settle(s);
    EXP_NREQ(s, 0, 0);
    EXP_NCRSP(s, 0, 2);
    EXP_CLOAD(s, 0, 0, 2u, F_, with(m4(F_), 0, 1));
    EXP_CLOAD(s, 0, 1, 2u, Y_, with(m4(Y_), 0, 7));
    EXP_L2(s, Y_, 0, GPU_L2_V, m4(Y_));
    EXP_L2(s, F_, 0, GPU_L2_V, m4(F_));

    step(s, "C2 wf0 LOAD acq gpu F: the old value (wg scope publishes nothing beyond the SM)");
    load_acq(s, 1, 0, F_, true);
    settle(s);
    EXP_CLOAD(s, 1, 0, 1u, F_, m4(F_));
    sys_close(s);
}

/* a7 / a8: ST_rel agent -> flush local L1 (FENCE gpu: the batch writes Y through and waits for
 * its ACK, B07), then ST x at L2 (STORE rel gpu: C13, WT, no allocation): the flag's WT leaves
 * after the data's ACK; another SM's acquire then sees flag and data. */
static void t3_a7a8(gpu_variant_t v, bool rtl) {
    sys_t* s = sys_open("T3 a7/a8 ST_rel agent", v, rtl);
    step(s,
         "setup: C1 wf0 loads Y and F and at once stores Y word 0 = 7 (C11 while the GETS is out)");
    load(s, 0, 0, Y_);
    load(s, 0, 0, F_);
    store(s, 0, 0, Y_, 0, 7); /* C11 on the pending line (F35); R01 merges under it (F36) */
    settle(s);
    EXP_L1S(s, 0, .sbcnt = 1, .sb = {Y_});
    EXP_L1(s, 0, Y_, 0, .val = 1, .dirty = MW(0));
    EXP_L1D(s, 0, Y_, 0, with(m4(Y_), 0, 7));

    step(s, "a7: C1 wf0 FENCE gpu: B01 WT Y, ACK, B07 (INV, fence_done); a8: STORE rel gpu F "
            "word 0 = 1: C13 WT after the ACK");
    RELEASE_FENCE(s, 0, 0);
    const uint64_t ack = last_ack(s, 0);
    store_rel(s, 0, 0, F_, 0, 1, true);
    settle(s);
    EXP_NREQ(s, 0, 2);
    EXP_WT(s, 0, 0, Y_, MW(0), w4(7, 0, 0, 0));
    EXP_WT(s, 0, 1, F_, MW(0), w4(1, 0, 0, 0));
    CK(s, "the flag's WT leaves after the data's ACK (1 = yes)", 1,
       s->nreq[0] == 2 && s->req[0][1].cycle > ack);
    EXP_NRSP(s, 2);
    EXP_L1(s, 0, Y_, 0, .val = 0);
    EXP_L1(s, 0, F_, 0, .val = 0);
    EXP_L1D(s, 0, F_, 0, m4(F_)); /* not matching: C13 writes no byte of the L1 */
    EXP_L1S(s, 0, .sbh = 1, .fdone = 1);
    EXP_L2(s, Y_, 0, GPU_L2_D, with(m4(Y_), 0, 7));
    EXP_L2(s, F_, 0, GPU_L2_D, with(m4(F_), 0, 1));

    step(s, "C2 wf0 LOAD acq gpu F sees 1, then load Y sees 7");
    load_acq(s, 1, 0, F_, true);
    settle(s);
    load(s, 1, 0, Y_);
    settle(s);
    EXP_CLOAD(s, 1, 0, 1u, F_, with(m4(F_), 0, 1));
    EXP_CLOAD(s, 1, 1, 1u, Y_, with(m4(Y_), 0, 7));
    sys_close(s);
}

/* a15: RMW acq_rel wg -> RMW x at L1 (FENCE cta C20 + ATOMIC acq cta: C16): no flush, no
 * invalidation; a second one (CAS, succeeds) does not push again (the line is dirty); a failing
 * CAS writes nothing (F38). */
static void t3_a15(bool rtl) {
    sys_t* s = sys_open("T3 a15 RMW wg", GPU_H, rtl);
    const uint32_t x0 = memw(X_, 0);
    step(s, "setup: C1 wf0 loads X and Z, stores Y word 0 = 5 (C12)");
    load(s, 0, 0, X_);
    load(s, 0, 0, Z_);
    store(s, 0, 0, Y_, 0, 5);
    settle(s);

    step(s, "a15: C1 wf0 FENCE cta (C20) + ATOMIC acq cta ADD X word 0 += 3: C16");
    FENCE_ISSUE(s, 0, 0, false);
    ATOMIC(s, 0, 0, X_, .aop = GPU_AOP_ADD, .word = 0, .a = 3, .acq = true, .gpu = false);
    settle(s);
    EXP_NREQ(s, 0, 0);
    EXP_CATOM(s, 0, 0, 1u, m4(X_));
    EXP_L1(s, 0, X_, 0, .val = 1, .dirty = MW(0));
    EXP_L1D(s, 0, X_, 0, with(m4(X_), 0, x0 + 3));
    EXP_L1(s, 0, Z_, 0, .val = 1);
    EXP_L1(s, 0, Y_, 0, .dirty = MW(0));
    EXP_L1S(s, 0, .sbcnt = 2, .sb = {Y_, X_}, .fdone = 1);

    step(s, "a15 again: C1 wf1 FENCE cta + ATOMIC acq cta CAS X word 0 (x0+3 -> 0x55): writes, "
            "no second push");
    FENCE_ISSUE(s, 0, 1, false);
    ATOMIC(s, 0, 1, X_, .aop = GPU_AOP_CAS, .word = 0, .a = x0 + 3, .b = 0x55, .acq = true);
    settle(s);
    EXP_CATOM(s, 0, 0, 2u, with(m4(X_), 0, x0 + 3));
    EXP_L1D(s, 0, X_, 0, with(m4(X_), 0, 0x55));
    EXP_L1S(s, 0, .sbcnt = 2, .sb = {Y_, X_}, .fdone = 3);

    step(s, "failing CAS: C1 wf2 ATOMIC acq cta CAS X word 0 (1 -> 0x66): no write");
    ATOMIC(s, 0, 2, X_, .aop = GPU_AOP_CAS, .word = 0, .a = 1, .b = 0x66, .acq = true);
    settle(s);
    EXP_NREQ(s, 0, 0);
    EXP_CATOM(s, 0, 0, 4u, with(m4(X_), 0, 0x55));
    EXP_L1D(s, 0, X_, 0, with(m4(X_), 0, 0x55));
    EXP_L1(s, 0, X_, 0, .val = 1, .dirty = MW(0));
    EXP_L2(s, X_, 0, GPU_L2_V, m4(X_));
    sys_close(s);
}

/* a16-a18: RMW acq_rel agent -> flush local L1 (FENCE gpu), RMW x at L2 (ATOMIC acq gpu: C15,
 * A01), invalidate local L1 (R06). Contrast: a relaxed GPU atomic (acq 0) invalidates only its
 * own line (R05, D5). D8: a GPU atomic on a line with this SM's dirty bytes writes them through
 * first (C14, then C15 the next edge), so the L2 performs it after the store; the entry left in
 * the store buffer is skipped by the idle drain (B04, no message). */
static void t3_a16a18_main(sys_t* s) {
    step(s, "setup: C1 wf0 loads X and Z, stores Y word 0 = 5 (C12)");
    load(s, 0, 0, X_);
    load(s, 0, 0, Z_);
    store(s, 0, 0, Y_, 0, 5);
    settle(s);

    step(s, "a16: C1 wf0 FENCE gpu: WT Y, ACK, B07 INV");
    RELEASE_FENCE(s, 0, 0);
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_WT(s, 0, 0, Y_, MW(0), w4(5, 0, 0, 0));
    EXP_L1(s, 0, X_, 0, .val = 0);
    EXP_L1(s, 0, Z_, 0, .val = 0);
    EXP_L1S(s, 0, .sbh = 1, .fdone = 1);

    step(s, "a17/a18: C1 wf1 loads Z (valid); C1 wf0 ATOMIC acq gpu ADD X word 2 += 1: C15 "
            "(acq 1), A01, ATOM acq 1, R06: Z invalid");
    load(s, 0, 1, Z_);
    settle(s);
    EXP_L1(s, 0, Z_, 0, .val = 1);
    ATOMIC(s, 0, 0, X_, .aop = GPU_AOP_ADD, .word = 2, .a = 1, .acq = true, .gpu = true);
    settle(s);
    EXP_NREQ(s, 0, 2);
    EXP_AREQ(s, 0, 1, X_, 0, .aop = GPU_AOP_ADD, .word = 2, .a = 1, .acq = true);
    EXP_NRSP(s, 2);
    EXP_ATOM(s, 1, X_, 1u, 0, 1, m4(X_));
    EXP_CATOM(s, 0, 1, 1u, m4(X_));
    EXP_L1(s, 0, Z_, 0, .val = 0);
    EXP_L1_FREE(s, 0, 0, 0); /* reading R5: C15 does not allocate */
    EXP_L2(s, X_, 0, GPU_L2_D, with(m4(X_), 2, memw(X_, 2) + 1));
}

static void t3_a16a18_relaxed(sys_t* s) {
    const w4_t x = with(m4(X_), 2, memw(X_, 2) + 1);
    step(s, "relaxed: C1 wf1 loads Z and X; wf1 ATOMIC gpu EXCH X word 3 := 0x99 (acq 0): C15, "
            "R05: X invalid, Z stays valid");
    load(s, 0, 1, Z_);
    load(s, 0, 1, X_);
    settle(s);
    EXP_L1(s, 0, X_, 0, .val = 1);
    ATOMIC(s, 0, 1, X_, .aop = GPU_AOP_EXCH, .word = 3, .a = 0x99, .gpu = true);
    settle(s);
    EXP_NREQ(s, 0, 3);
    EXP_AREQ(s, 0, 2, X_, 1, .aop = GPU_AOP_EXCH, .word = 3, .a = 0x99);
    EXP_ATOM(s, 2, X_, 1u, 1, 0, x);
    EXP_CATOM(s, 0, 2, 2u, x);
    EXP_L1(s, 0, X_, 0, .val = 0);
    EXP_L1(s, 0, Z_, 0, .val = 1);
    EXP_L2(s, X_, 0, GPU_L2_D, with(x, 3, 0x99));
}

static void t3_a16a18_d8(sys_t* s) {
    const w4_t z = with(m4(Z_), 1, 0x11);
    step(s, "D8: C1 wf2 store Z word 1 = 0x11 (C11), ATOMIC gpu ADD Z word 1 += 1: C14 (WT Z, "
            "dirty 0, stays), C15 the next edge; the L2 adds to 0x11");
    store(s, 0, 2, Z_, 1, 0x11);
    ATOMIC(s, 0, 2, Z_, .aop = GPU_AOP_ADD, .word = 1, .a = 1, .gpu = true);
    settle(s);
    EXP_NREQ(s, 0, 2);
    EXP_WT(s, 0, 0, Z_, MW(1), w4(0, 0x11, 0, 0));
    EXP_AREQ(s, 0, 1, Z_, 2, .aop = GPU_AOP_ADD, .word = 1, .a = 1);
    CK(s, "edge of the ATOMIC - edge of the C14 WT", 1,
       s->nreq[0] == 2 ? s->req[0][1].cycle - s->req[0][0].cycle : 0);
    EXP_NRSP(s, 2);
    EXP_ACK(s, 0, 1u);
    EXP_ATOM(s, 1, Z_, 1u, 2, 0, z);
    EXP_CATOM(s, 0, 0, 4u, z);
    EXP_L1(s, 0, Z_, 0, .val = 0);
    EXP_L1S(s, 0, .sbh = 1, .sbcnt = 1, .sb = {Z_}, .fdone = 1);
    EXP_L2(s, Z_, 0, GPU_L2_D, with(z, 1, 0x12));

    step(s, "idle drain of the clean entry: B04, no message");
    run(s, 70);
    EXP_NREQ(s, 0, 0);
    EXP_L1S(s, 0, .sbh = 2, .fdone = 1);
    EXP_L2_IDLE(s);
}

static void t3_a16a18(gpu_variant_t v, bool rtl) {
    sys_t* s = sys_open("T3 a16-a18 RMW agent", v, rtl);
    t3_a16a18_main(s);
    t3_a16a18_relaxed(s);
    t3_a16a18_d8(s);
    sys_close(s);
}

/* ================================================================================================
 * S3 corners (GPU-D).
 * ============================================================================================== */

/* D7: a GETS outstanding at an invalidation: INV marks it stale (L6); a later load of the line
 * stalls (C03, S01); the DATA answers the load that waited (R02) but is not installed; the
 * stalled load then allocates again and sends a second GETS. */
static void c_stale(bool rtl) {
    sys_t* s = sys_open("stale fill D7", GPU_D, rtl);
    step(s, "C1 wf0 load X: C05, GETS; the DATA is held in the crossbar");
    s->hold_rsp = true;
    load(s, 0, 0, X_);
    settle(s);
    CK(s, "responses held in the crossbar", 1, s->rqn);
    EXP_L1(s, 0, X_, 0, .pend = 1, .wait = 1u);

    step(s, "C1 wf1 FENCE gpu: C21 (fl 0, F31), B07 the next edge: INV marks X stale (F33)");
    FENCE_ISSUE(s, 0, 1, true);
    EXP_L1S(s, 0, .batch = 1, .fl = 0, .fcur = 2u);
    tick(s);
    EXP_L1S(s, 0, .fdone = 2u);
    EXP_L1(s, 0, X_, 0, .pend = 1, .stale = 1, .wait = 1u);

    step(s, "C1 wf2 load X: C03 stall (S01), no request");
    load(s, 0, 2, X_);
    settle(s);
    EXP_NREQ(s, 0, 0);
    EXP_L1S(s, 0, .fcnt = 1, .fdone = 2u);
    EXP_L1(s, 0, X_, 0, .pend = 1, .stale = 1, .wait = 1u);

    step(s, "the DATA arrives: R02 answers wf0, not installed; wf2's load then C05: second GETS");
    s->hold_rsp = false;
    tick(s); /* the response edge */
    EXP_NCRSP(s, 0, 1);
    EXP_CLOAD(s, 0, 0, 1u, X_, m4(X_));
    EXP_L1(s, 0, X_, 0, .val = 0);
    EXP_L1S(s, 0, .fcnt = 1, .fdone = 2u);
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_GETS(s, 0, 0, X_);
    EXP_NRSP(s, 1);
    EXP_DATA(s, 0, X_, 1u, m4(X_));
    EXP_NCRSP(s, 0, 2);
    EXP_CLOAD(s, 0, 1, 4u, X_, m4(X_));
    EXP_L1(s, 0, X_, 0, .val = 1);
    EXP_L1_FREE(s, 0, 0, 1);
    EXP_L1S(s, 0, .fdone = 2u);
    sys_close(s);
}

/* S03 + full pop (D11): with SbEntries = 4 entries, a store to a fifth line stalls (S03) and the
 * engine writes the oldest entry through in that edge (B05); the store allocates the next edge
 * (in the way the pop freed); a GPU fence then pops four entries from slot 1 round the ring
 * (sbh back to 1, F29). */
static void c_sb_full(bool rtl) {
    sys_t* s = sys_open("store buffer full", GPU_D, rtl);
    step(s, "C1 wf0 stores A, Y, F, Z word 0 = 0x1A..0x1D (C12 x 4): the buffer is full");
    store(s, 0, 0, A_, 0, 0x1A);
    store(s, 0, 0, Y_, 0, 0x1B);
    store(s, 0, 0, F_, 0, 0x1C);
    store(s, 0, 0, Z_, 0, 0x1D);
    settle(s);
    EXP_NREQ(s, 0, 0);
    EXP_L1S(s, 0, .sbcnt = 4, .sb = {A_, Y_, F_, Z_});

    step(s, "C1 wf1 store B word 0 = 0x1E: S03 and B05 (WT A) in one edge, C12 the next edge");
    store(s, 0, 1, B_, 0, 0x1E);
    taken(s, 0);
    tick(s);
    EXP_NREQ(s, 0, 1);
    EXP_WT(s, 0, 0, A_, MW(0), w4(0x1A, 0, 0, 0));
    EXP_L1S(s, 0, .fcnt = 1, .sbh = 1, .sbcnt = 3, .sb = {Y_, F_, Z_}, .wtp = 1);
    EXP_L1(s, 0, A_, 0, .dirty = 0);
    tick(s);
    EXP_L1(s, 0, B_, 0, .dirty = MW(0));
    EXP_L1D(s, 0, B_, 0, w4(0x1E, 0, 0, 0)); /* reading R2: the way keeps A's bytes */
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_L1S(s, 0, .sbh = 1, .sbcnt = 4, .sb = {Y_, F_, Z_, B_});
    EXP_L2(s, A_, 0, GPU_L2_D, with(m4(A_), 0, 0x1A));

    step(s, "C1 wf0 FENCE gpu: the batch pops Y, F, Z, B (slots 1, 2, 3, 0)");
    RELEASE_FENCE(s, 0, 0);
    settle(s);
    EXP_NREQ(s, 0, 4);
    EXP_WT(s, 0, 0, Y_, MW(0), w4(0x1B, 0, 0, 0));
    EXP_WT(s, 0, 1, F_, MW(0), w4(0x1C, 0, 0, 0));
    EXP_WT(s, 0, 2, Z_, MW(0), w4(0x1D, 0, 0, 0));
    EXP_WT(s, 0, 3, B_, MW(0), w4(0x1E, 0, 0, 0));
    EXP_L1S(s, 0, .sbh = 1, .fdone = 1);
    EXP_L2_IDLE(s);
    sys_close(s);
}

/* Idle drain (D3, R7): the 66th edge after the last store's edge pops the first entry (B03),
 * the next edge the second; nothing leaves before. */
static void c_idle(bool rtl) {
    sys_t* s = sys_open("idle drain", GPU_D, rtl);
    step(s, "C1 wf0 stores X word 0 = 0x61 and Y word 1 = 0x62 back to back (C12, C12)");
    store(s, 0, 0, X_, 0, 0x61);
    store(s, 0, 0, Y_, 1, 0x62);
    taken(s, 0);
    CK(s, "core requests taken", 2, s->npush[0]);
    const uint64_t p = s->npush[0] == 2 ? s->push[0][1] : s->cycle; /* Y taken */
    run_to(s, p + 1 + 10);
    EXP_IDLE(s, 0, 10);
    EXP_L1S(s, 0, .sbcnt = 2, .sb = {X_, Y_});
    run_to(s, p + 1 + 64);
    EXP_IDLE(s, 0, 64);
    EXP_NREQ(s, 0, 0);
    EXP_L1S(s, 0, .sbcnt = 2, .sb = {X_, Y_});
    tick(s);
    EXP_NREQ(s, 0, 1);
    EXP_WT(s, 0, 0, X_, MW(0), w4(0x61, 0, 0, 0));
    EXP_L1S(s, 0, .sbh = 1, .sbcnt = 1, .sb = {Y_}, .wtp = 1);
    tick(s);
    EXP_NREQ(s, 0, 2);
    EXP_WT(s, 0, 1, Y_, MW(1), w4(0, 0x62, 0, 0));
    EXP_IDLE(s, 0, 64);
    settle(s);
    EXP_L1S(s, 0, .sbh = 2);
    EXP_L2(s, X_, 0, GPU_L2_D, with(m4(X_), 0, 0x61));
    EXP_L2(s, Y_, 0, GPU_L2_D, with(m4(Y_), 1, 0x62));
    EXP_L2_IDLE(s);
    sys_close(s);
}

/* V01: a load misses in a set whose two ways hold dirty bytes: the head writes the victim (the
 * way from rr_q = 0) through and stays; the next edge it allocates the freed way. The stale
 * entry is skipped later (B04) while the other is written (B03). */
static void c_v01(bool rtl) {
    sys_t* s = sys_open("dirty eviction V01", GPU_D, rtl);
    step(s, "C1 wf0 stores A and B word 0 = 0xAA, 0xBB (C12: set 0 ways 0, 1; rr 0)");
    store(s, 0, 0, A_, 0, 0xAA);
    store(s, 0, 0, B_, 0, 0xBB);
    settle(s);
    EXP_RR1(s, 0, 0, 0);
    EXP_L1S(s, 0, .sbcnt = 2, .sb = {A_, B_});

    step(s, "C1 wf1 load C: V01 (WT A, A's way freed), then C05 in way 0 the next edge");
    load(s, 0, 1, C_);
    settle(s);
    EXP_NREQ(s, 0, 2);
    EXP_WT(s, 0, 0, A_, MW(0), w4(0xAA, 0, 0, 0));
    EXP_GETS(s, 0, 1, C_);
    CK(s, "edge of the GETS - edge of the V01 WT", 1,
       s->nreq[0] == 2 ? s->req[0][1].cycle - s->req[0][0].cycle : 0);
    EXP_CLOAD(s, 0, 0, 2u, C_, m4(C_));
    EXP_L1(s, 0, C_, 0, .val = 1);
    EXP_L1D(s, 0, C_, 0, m4(C_));
    EXP_L1(s, 0, B_, 1, .dirty = MW(0));
    EXP_RR1(s, 0, 0, 1);
    EXP_L1S(s, 0, .sbcnt = 2, .sb = {A_, B_});
    EXP_L2(s, A_, 0, GPU_L2_D, with(m4(A_), 0, 0xAA));
    EXP_L2(s, C_, 1, GPU_L2_V, m4(C_));

    step(s, "idle drain: A's entry skipped (B04), B written (B03)");
    run(s, 80);
    EXP_NREQ(s, 0, 1);
    EXP_WT(s, 0, 0, B_, MW(0), w4(0xBB, 0, 0, 0));
    EXP_L1S(s, 0, .sbh = 2);
    EXP_L1(s, 0, B_, 1, .dirty = 0);
    sys_close(s);
}

/* B08: a second wavefront's fence arrives while a batch runs (C22: fwait); the batch completes
 * (fdone bit 0, INV) and the next starts in the same edge with the entries present then (the
 * store made during the first batch); it completes in turn (B07). */
static void c_b08(bool rtl) {
    sys_t* s = sys_open("fence batch chaining B08", GPU_D, rtl);
    step(s, "C1: wf0 store X (C12), wf0 FENCE gpu (C21, fl 1), wf2 store Y (C12 during the "
            "batch), wf1 FENCE gpu (C22: fwait 0b10), back to back");
    store(s, 0, 0, X_, 0, 0x81);
    fence(s, 0, 0, true);
    store(s, 0, 2, Y_, 0, 0x82);
    fence(s, 0, 1, true);
    taken(s, 0);
    tick(s);
    EXP_L1S(s, 0, .batch = 1, .fcur = 1u, .fwait = 2u, .sbh = 1, .sbcnt = 1, .sb = {Y_}, .wtp = 1);
    FENCE_WAIT(s, 0, 0);
    EXP_L1S(s, 0, .batch = 1, .fl = 1, .fcur = 2u, .fwait = 0, .fdone = 1u, .sbh = 1, .sbcnt = 1,
            .sb = {Y_});
    EXP_L1(s, 0, Y_, 0, .dirty = MW(0));
    settle(s);
    EXP_NREQ(s, 0, 2);
    EXP_WT(s, 0, 0, X_, MW(0), w4(0x81, 0, 0, 0));
    EXP_WT(s, 0, 1, Y_, MW(0), w4(0x82, 0, 0, 0));
    EXP_L1S(s, 0, .sbh = 2, .fdone = 3u);
    EXP_L2(s, X_, 0, GPU_L2_D, with(m4(X_), 0, 0x81));
    EXP_L2(s, Y_, 0, GPU_L2_D, with(m4(Y_), 0, 0x82));
    sys_close(s);
}

/* W02 / G02 / M01: C1's GETS of X misses in the L2 (P, MSHR 0; the DRAM held); C2's release
 * writes X through: the bytes go into the reserved way (mwm) and are acknowledged at once (the
 * fence completes with the fetch outstanding); C3's GETS merges (dst 0b101); the fill is merged
 * under the written bytes, one DATA to both, the line D. */
static void c_w02(bool rtl) {
    sys_t* s = sys_open("L2 WT into a pending line W02/M01", GPU_D, rtl);
    const w4_t x = with(m4(X_), 3, 0x33);
    step(s, "C1 wf0 load X: L2 G03, P, MSHR 0 (DRAM held)");
    s->hold_mem = true;
    load(s, 0, 0, X_);
    settle(s);
    EXP_FETCH(s, 1, X_);
    EXP_MSHR(s, 0, .v = 1, .line = X_, .way = 0, .dst = 1u);
    EXP_L2(s, X_, 0, GPU_L2_P, w4(0, 0, 0, 0)); /* reading R2 */

    step(s, "C2 wf0 store X word 3 = 0x33, FENCE gpu: WT X, W02 (mwm 0xF000), ACK at once");
    store(s, 1, 0, X_, 3, 0x33);
    settle(s);
    RELEASE_FENCE(s, 1, 0);
    settle(s);
    EXP_NREQ(s, 1, 1);
    EXP_WT(s, 1, 0, X_, MW(3), w4(0, 0, 0, 0x33));
    EXP_NRSP(s, 1);
    EXP_ACK(s, 0, 2u);
    EXP_MSHR(s, 0, .v = 1, .line = X_, .way = 0, .dst = 1u, .wm = MW(3));
    EXP_L2(s, X_, 0, GPU_L2_P, w4(0, 0, 0, 0x33));

    step(s, "C3 wf1 load X: G02, dst 0b101");
    load(s, 2, 1, X_);
    settle(s);
    EXP_NRSP(s, 0);
    EXP_MSHR(s, 0, .v = 1, .line = X_, .way = 0, .dst = 5u, .wm = MW(3));

    step(s, "the fill: M01 under the written bytes, one DATA to C1 and C3, D");
    s->hold_mem = false;
    settle(s);
    EXP_NRSP(s, 1);
    EXP_DATA(s, 0, X_, 5u, x);
    EXP_CLOAD(s, 0, 0, 1u, X_, x);
    EXP_CLOAD(s, 2, 0, 2u, X_, x);
    EXP_L2(s, X_, 0, GPU_L2_D, x);
    EXP_L2_IDLE(s);
    sys_close(s);
}

/* A02: an atomic on a pending line stalls at the head of the L2's FIFO and blocks the GETS
 * behind it (N3); after the fill: the DATA of the first GETS, the atomic (A01), then the GETS. */
static void c_a02(bool rtl) {
    sys_t* s = sys_open("L2 atomic on a pending line A02", GPU_D, rtl);
    step(s, "C1 wf0 load X (L2 P, DRAM held); C2 wf1 ATOMIC gpu ADD X word 0 += 5 (A02 stall); "
            "C3 wf0 load Y (blocked behind it)");
    s->hold_mem = true;
    load(s, 0, 0, X_);
    settle(s);
    ATOMIC(s, 1, 1, X_, .aop = GPU_AOP_ADD, .word = 0, .a = 5, .gpu = true);
    settle(s);
    load(s, 2, 0, Y_);
    settle(s);
    EXP_NRSP(s, 0);
    EXP_FETCH(s, 1, X_);
    EXP_L2Q(s, 2);
    EXP_MSHR(s, 0, .v = 1, .line = X_, .way = 0, .dst = 1u);
    EXP_MSHR(s, 1, .v = 0);
    EXP_L2(s, X_, 0, GPU_L2_P, w4(0, 0, 0, 0));
    EXP_L2_FREE(s, 1, 0);

    step(s, "the fill: DATA X to C1, then A01 (ATOM to C2), then G03 Y, DATA Y to C3");
    s->hold_mem = false;
    settle(s);
    EXP_NRSP(s, 3);
    EXP_DATA(s, 0, X_, 1u, m4(X_));
    EXP_ATOM(s, 1, X_, 2u, 1, 0, m4(X_));
    EXP_DATA(s, 2, Y_, 4u, m4(Y_));
    EXP_CLOAD(s, 0, 0, 1u, X_, m4(X_));
    EXP_CATOM(s, 1, 0, 2u, m4(X_));
    EXP_CLOAD(s, 2, 0, 1u, Y_, m4(Y_));
    EXP_L2(s, X_, 0, GPU_L2_D, with(m4(X_), 0, memw(X_, 0) + 5));
    EXP_L2(s, Y_, 0, GPU_L2_V, m4(Y_));
    EXP_L2_IDLE(s);
    sys_close(s);
}

/* X02: an L2 miss in a set of two D lines writes the victim (rr_q = 0: way 0) back and fetches
 * in the same edge (F61); the written-back bytes come back from the DRAM later (X01 drops the
 * clean line of way 0 on the scan from rr_q = 1, F49). */
static void c_x02(bool rtl) {
    sys_t* s = sys_open("L2 dirty victim X02", GPU_D, rtl);
    const w4_t a = with(m4(A_), 0, 0xA0);
    step(s, "C1 wf0 stores A, B word 0 = 0xA0, 0xB0 and fences: L2 W03 x 2, both D, rr 0");
    store(s, 0, 0, A_, 0, 0xA0);
    store(s, 0, 0, B_, 0, 0xB0);
    settle(s);
    RELEASE_FENCE(s, 0, 0);
    settle(s);
    EXP_L2(s, A_, 0, GPU_L2_D, a);
    EXP_L2(s, B_, 1, GPU_L2_D, with(m4(B_), 0, 0xB0));
    EXP_RR2(s, 0, 0);
    EXP_NWB(s, 0);

    step(s, "C2 wf0 load C: G03, victim way 0 (A, D): mem_wb A and mem_fetch C in one edge");
    load(s, 1, 0, C_);
    settle(s);
    EXP_FETCH(s, 1, C_);
    EXP_NWB(s, 1);
    CK(s, "write-back line", A_, s->wb[0]);
    for (uint32_t w = 0; w < 4; w++)
        CK(s, "write-back data word", a.w[w], s->wb_data[0].w[w]);
    CK(s, "the write-back's edge = the fetch's edge (1 = yes)", 1,
       s->nwb == 1 && s->nfetch == 1 && s->wb_cyc[0] == s->fetch_cyc[0]);
    EXP_CLOAD(s, 1, 0, 1u, C_, m4(C_));
    EXP_L2(s, C_, 0, GPU_L2_V, m4(C_));
    EXP_RR2(s, 0, 1);

    step(s, "C3 wf0 load A: G03, X01 drops C (way 0, scanned from rr 1); the DRAM has A's bytes");
    load(s, 2, 0, A_);
    settle(s);
    EXP_FETCH(s, 1, A_);
    EXP_NWB(s, 0);
    EXP_CLOAD(s, 2, 0, 1u, A_, a);
    EXP_L2(s, A_, 0, GPU_L2_V, a);
    EXP_L2(s, B_, 1, GPU_L2_D, with(m4(B_), 0, 0xB0));
    EXP_RR2(s, 0, 1);
    EXP_L2_IDLE(s);
    sys_close(s);
}

/* L13 / D12 (issue 24 §1.1, GPU-H): an ATOMIC sent to the L2 drops its line. (1) A CTA atomic
 * on a line whose GETS is outstanding (C18) marks that GETS stale (F51): its DATA, which holds
 * the word before the atomic, answers the load (R02) but is not installed, so a second CTA
 * atomic also goes to the L2 (C18) instead of being performed in the L1 on the old word (C16);
 * the L2 performs both: x0 + 2, and the two wavefronts get x0 and x0 + 1. (2) A GPU atomic on
 * a valid line (C15) drops the copy at once, so a CTA atomic behind it goes to the L2 (C18). */
static void c_atom_l13(bool rtl) {
    sys_t* s = sys_open("atomic drops its line L13", GPU_H, rtl);
    const uint32_t x0 = memw(X_, 0), y0 = memw(Y_, 0);
    step(s, "C1 wf0 load X: C05, GETS; the DATA is held in the crossbar");
    s->hold_rsp = true;
    load(s, 0, 0, X_);
    settle(s);
    EXP_L1(s, 0, X_, 0, .pend = 1, .wait = 1u);

    step(s, "C1 wf1 ATOMIC ADD X word 0 += 1, cta: C18 (X not valid), L2 A01 after the fill; "
            "L13: the GETS is stale");
    ATOMIC(s, 0, 1, X_, .aop = GPU_AOP_ADD, .word = 0, .a = 1, .gpu = false);
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_AREQ(s, 0, 0, X_, 1, .aop = GPU_AOP_ADD, .word = 0, .a = 1);
    EXP_L1(s, 0, X_, 0, .pend = 1, .stale = 1, .wait = 1u);
    CK(s, "responses held in the crossbar (DATA X, ATOM X)", 2, s->rqn);
    EXP_L2(s, X_, 0, GPU_L2_D, with(m4(X_), 0, x0 + 1));

    step(s, "the DATA alone: R02 answers wf0 with the word before the atomic; X not installed");
    s->hold_rsp = false;
    tick(s); /* the response edge */
    s->hold_rsp = true;
    EXP_NCRSP(s, 0, 1);
    EXP_CLOAD(s, 0, 0, 1u, X_, m4(X_));
    EXP_L1_FREE(s, 0, 0, 0);

    step(s, "C1 wf2 ATOMIC ADD X word 0 += 1, cta: X not valid: C18 (not C16 on the old word)");
    ATOMIC(s, 0, 2, X_, .aop = GPU_AOP_ADD, .word = 0, .a = 1, .gpu = false);
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_AREQ(s, 0, 0, X_, 2, .aop = GPU_AOP_ADD, .word = 0, .a = 1);
    EXP_NCRSP(s, 0, 0);
    EXP_L2(s, X_, 0, GPU_L2_D, with(m4(X_), 0, x0 + 2));

    step(s, "the ATOMs: wf1 gets x0, wf2 x0 + 1 (R05: no matching line)");
    s->hold_rsp = false;
    settle(s);
    EXP_NCRSP(s, 0, 2);
    EXP_CATOM(s, 0, 0, 2u, m4(X_));
    EXP_CATOM(s, 0, 1, 4u, with(m4(X_), 0, x0 + 1));
    EXP_L1_FREE(s, 0, 0, 0);
    EXP_L1S(s, 0, .sbcnt = 0);

    step(s, "C1 wf0 load Y: C05, R01: Y valid");
    load(s, 0, 0, Y_);
    settle(s);
    EXP_L1(s, 0, Y_, 0, .val = 1);

    step(s, "C1 wf1 ATOMIC ADD Y word 0 += 1, gpu: C15; L13: Y dropped in that edge");
    s->hold_rsp = true;
    ATOMIC(s, 0, 1, Y_, .aop = GPU_AOP_ADD, .word = 0, .a = 1, .gpu = true);
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_AREQ(s, 0, 0, Y_, 1, .aop = GPU_AOP_ADD, .word = 0, .a = 1);
    EXP_L1_FREE(s, 0, 1, 0);

    step(s, "C1 wf2 ATOMIC ADD Y word 0 += 1, cta: Y not valid: C18 (not C16 on the copy)");
    ATOMIC(s, 0, 2, Y_, .aop = GPU_AOP_ADD, .word = 0, .a = 1, .gpu = false);
    settle(s);
    EXP_NREQ(s, 0, 1);
    EXP_AREQ(s, 0, 0, Y_, 2, .aop = GPU_AOP_ADD, .word = 0, .a = 1);
    EXP_NCRSP(s, 0, 0);

    step(s, "the ATOMs: wf1 gets y0, wf2 y0 + 1; the L2 holds y0 + 2");
    s->hold_rsp = false;
    settle(s);
    EXP_NCRSP(s, 0, 2);
    EXP_CATOM(s, 0, 0, 2u, m4(Y_));
    EXP_CATOM(s, 0, 1, 4u, with(m4(Y_), 0, y0 + 1));
    EXP_L2(s, Y_, 0, GPU_L2_D, with(m4(Y_), 0, y0 + 2));
    EXP_L1_FREE(s, 0, 1, 0);
    EXP_L2_IDLE(s);
    sys_close(s);
}

/* ---- cmocka wrappers --------------------------------------------------------------------- */

#define TWO(name, call_c, call_r)                                                                  \
    static void name##_c(void** st) {                                                              \
        (void)st;                                                                                  \
        call_c;                                                                                    \
    }                                                                                              \
    static void name##_rtl(void** st) {                                                            \
        (void)st;                                                                                  \
        call_r;                                                                                    \
    }
TWO(s1_load_store_gpud, s1_load_store(GPU_D, false), s1_load_store(GPU_D, true))
TWO(s1_load_store_gpuh, s1_load_store(GPU_H, false), s1_load_store(GPU_H, true))
TWO(s1_sync_gpud, s1_sync_gpud(false), s1_sync_gpud(true))
TWO(s1_sync_gpuh, s1_sync_gpuh(false), s1_sync_gpuh(true))
TWO(t3_a0_gpuh, t3_a0(false), t3_a0(true))
TWO(t3_a1a2_gpud, t3_a1a2(GPU_D, false), t3_a1a2(GPU_D, true))
TWO(t3_a1a2_gpuh, t3_a1a2(GPU_H, false), t3_a1a2(GPU_H, true))
TWO(t3_a6_gpuh, t3_a6(false), t3_a6(true))
TWO(t3_a7a8_gpud, t3_a7a8(GPU_D, false), t3_a7a8(GPU_D, true))
TWO(t3_a7a8_gpuh, t3_a7a8(GPU_H, false), t3_a7a8(GPU_H, true))
TWO(t3_a15_gpuh, t3_a15(false), t3_a15(true))
TWO(t3_a16a18_gpud, t3_a16a18(GPU_D, false), t3_a16a18(GPU_D, true))
TWO(t3_a16a18_gpuh, t3_a16a18(GPU_H, false), t3_a16a18(GPU_H, true))
TWO(c_stale_d7, c_stale(false), c_stale(true))
TWO(c_sb_full_s03, c_sb_full(false), c_sb_full(true))
TWO(c_idle_drain, c_idle(false), c_idle(true))
TWO(c_evict_v01, c_v01(false), c_v01(true))
TWO(c_batch_b08, c_b08(false), c_b08(true))
TWO(c_l2_w02, c_w02(false), c_w02(true))
TWO(c_l2_a02, c_a02(false), c_a02(true))
TWO(c_l2_x02, c_x02(false), c_x02(true))
TWO(c_atom_l13, c_atom_l13(false), c_atom_l13(true))

#define BOTH(name) cmocka_unit_test(name##_c), cmocka_unit_test(name##_rtl)

int main(void) {
    const struct CMUnitTest tests[] = {
        BOTH(s1_load_store_gpud), BOTH(s1_load_store_gpuh), BOTH(s1_sync_gpud),
        BOTH(s1_sync_gpuh),       BOTH(t3_a0_gpuh),         BOTH(t3_a1a2_gpud),
        BOTH(t3_a1a2_gpuh),       BOTH(t3_a6_gpuh),         BOTH(t3_a7a8_gpud),
        BOTH(t3_a7a8_gpuh),       BOTH(t3_a15_gpuh),        BOTH(t3_a16a18_gpud),
        BOTH(t3_a16a18_gpuh),     BOTH(c_stale_d7),         BOTH(c_sb_full_s03),
        BOTH(c_idle_drain),       BOTH(c_evict_v01),        BOTH(c_batch_b08),
        BOTH(c_l2_w02),           BOTH(c_l2_a02),           BOTH(c_l2_x02),
        BOTH(c_atom_l13),
    };
    const char* f = getenv("GPU_GOLDEN_FILTER");
    if (f && *f)
        cmocka_set_test_filter(f);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
