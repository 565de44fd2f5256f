/*
 * gpu_rsp_small.c -- hand-computed smoke sequences for the RSP logic (Rsp = 1) of the gpu_l2 and
 * gpu_l1 RTL (docs/units/gpu/rsp.md sections 4 and 5; not part of make test: the lockstep against
 * the C models is the real check). The test plays the req, rsp and peer networks by hand.
 * Build the two models with tools/build_rtl.sh (the file lists of tb/proto/gpu/gpu_units.c),
 *   L1: Hrf=1 Rsp=1 NumSm=4 NumWf=8 LineBytes=16 AddrWidth=16 L1Sets=4 L1Ways=2 L1Queue=2
 *       SbEntries=4 SbIdle=64 WtCntWidth=3
 *   L2: Rsp=1 NumSm=4 NumBanks=2 LineBytes=16 AddrWidth=16 L2Sets=4 L2Ways=2 L2Mshrs=4
 *       L2Queue=2
 * then: cc -Iverilator -Icmodel -Icmodel/gpu tests/rtl/gpu_smoke/gpu_rsp_small.c -o /tmp/rsp -ldl
 *       && /tmp/rsp L1_MODEL_SO L2_MODEL_SO
 * Part A: the token of bank 0 (rsp.md T4: four contenders, T01-T04, I7, I8). Part B: SM1 as
 * the issuer of an rm acquire (C24-C27, C30, R07, K04-K06). Part C: SM1 as a receiver (K01, K02,
 * S07, K04 with a command pop B09, K05 after the ACK; I7, I9, I12 change nothing). Part D: an rm
 * atomic's step order (a19-a25) and an rm release's (a9-a14, C28).
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpucoh_rtl.h"
#include "gpu_l1.h"
#include "gpu_l2.h"

static int fails, checks, cyc;
#define CHECK(c)                                                                                   \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(c)) {                                                                                \
            fails++;                                                                               \
            printf("FAIL line %d cycle %d: %s\n", __LINE__, cyc, #c);                              \
        }                                                                                          \
    } while (0)

static const gpucoh_rtl_api_t* load(const char* path) {
    void* so = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!so) {
        printf("%s\n", dlerror());
        exit(2);
    }
    return ((gpucoh_rtl_api_fn)dlsym(so, "gpucoh_rtl_api"))();
}

/* ------------------------------------------------------------------------------------------ */
/* Part A: gpu_l2 token                                                                        */
/* ------------------------------------------------------------------------------------------ */

static const gpucoh_rtl_api_t* a2;
static void* h2;
static gpu_l2_in_t i2;
static gpu_l2_out_t o2;
static gpu_l2_state_t s2;

static void tick2(void) {
    a2->tick(h2, &i2, &o2);
    cyc++;
    memset(&i2, 0, sizeof i2);
    i2.rst_n = 1;
}
static void state2(void) {
    memset(&s2, 0, sizeof s2);
    s2.sel_all = 1;
    a2->state(h2, &s2);
}
/* one token request: pushed in one edge, performed in the next; o2 then holds its response */
static void tok(uint32_t kind, uint32_t src) {
    i2.req.valid = 1;
    i2.req.kind = kind;
    i2.req.src = src;
    i2.req.line = 0;
    tick2();
    CHECK(!o2.rsp.valid);
    tick2();
    state2();
}
static void gnt2(uint64_t dst) {
    CHECK(o2.rsp.valid && o2.rsp.kind == GPU_RSP_GNT && o2.rsp.dst == dst && o2.rsp.line == 0 &&
          o2.rsp.wf == 0 && !o2.rsp.acq && o2.rsp.data[0] == 0);
}

static void part_a(void) {
    h2 = a2->create();
    memset(&i2, 0, sizeof i2);
    a2->tick(h2, &i2, &o2);
    a2->tick(h2, &i2, &o2);
    i2.rst_n = 1;
    state2();
    CHECK(s2.tbusy == 0 && s2.town == 0 && s2.twait == 0);
    tok(GPU_REQ_TOKREQ, 1); /* T01 */
    gnt2(0x2);
    CHECK(s2.tbusy == 1 && s2.town == 1 && s2.twait == 0);
    tok(GPU_REQ_TOKREQ, 2); /* T02 */
    CHECK(!o2.rsp.valid && s2.tbusy == 1 && s2.town == 1 && s2.twait == 0x4);
    tok(GPU_REQ_TOKREQ, 3);
    CHECK(!o2.rsp.valid && s2.twait == 0xc);
    tok(GPU_REQ_TOKREQ, 0);
    CHECK(!o2.rsp.valid && s2.twait == 0xd);
    tok(GPU_REQ_TOKREQ, 2); /* I8: already waiting */
    CHECK(!o2.rsp.valid && s2.twait == 0xd && s2.town == 1 && s2.qcnt == 0);
    tok(GPU_REQ_TOKREQ, 1); /* I8: the holder */
    CHECK(!o2.rsp.valid && s2.twait == 0xd && s2.town == 1);
    tok(GPU_REQ_TOKREL, 3); /* I7: not the holder */
    CHECK(!o2.rsp.valid && s2.twait == 0xd && s2.town == 1 && s2.tbusy == 1);
    tok(GPU_REQ_TOKREL, 1); /* T04: from SM2 */
    gnt2(0x4);
    CHECK(s2.town == 2 && s2.twait == 0x9 && s2.tbusy == 1);
    tok(GPU_REQ_TOKREL, 2); /* T04: SM3 */
    gnt2(0x8);
    CHECK(s2.town == 3 && s2.twait == 0x1);
    tok(GPU_REQ_TOKREL, 3); /* T04: the scan wraps to SM0 */
    gnt2(0x1);
    CHECK(s2.town == 0 && s2.twait == 0);
    tok(GPU_REQ_TOKREL, 0); /* T03 */
    CHECK(!o2.rsp.valid && s2.tbusy == 0 && s2.town == 0 && s2.twait == 0);
    tok(GPU_REQ_TOKREL, 0); /* I7: free */
    CHECK(!o2.rsp.valid && s2.tbusy == 0);
    tok(6, 0); /* I9 */
    CHECK(!o2.rsp.valid && s2.tbusy == 0 && s2.qcnt == 0);
    printf("part A: gpu_l2 token done (assertion reports %u)\n", a2->errors(h2));
}

/* ------------------------------------------------------------------------------------------ */
/* Parts B-D: gpu_l1 as SM1                                                                    */
/* ------------------------------------------------------------------------------------------ */

#define SELF 1u
static const gpucoh_rtl_api_t* a1;
static void* h1;
static gpu_l1_in_t i1;
static gpu_l1_out_t o1;
static gpu_l1_state_t s1;

static void tick1(void) {
    a1->tick(h1, &i1, &o1);
    cyc++;
    memset(&i1, 0, sizeof i1);
    i1.rst_n = 1;
    memset(&s1, 0, sizeof s1);
    s1.sel_all = 1;
    a1->state(h1, &s1);
}
static void core(uint32_t op, uint32_t wf, uint64_t line, bool gpu, bool rm, bool acq, bool rel) {
    i1.core.valid = 1;
    i1.core.op = op;
    i1.core.wf = wf;
    i1.core.line = line;
    i1.core.gpu = gpu;
    i1.core.rm = rm;
    i1.core.acq = acq;
    i1.core.rel = rel;
}
static void rsp1(uint32_t kind, uint64_t line, uint32_t wf, uint32_t d0) {
    i1.rsp.valid = 1;
    i1.rsp.kind = kind;
    i1.rsp.line = line;
    i1.rsp.wf = wf;
    i1.rsp.data[0] = d0;
}
static void pin(uint32_t kind, uint32_t src) {
    i1.peer.valid = 1;
    i1.peer.kind = kind;
    i1.peer.src = src;
}
static bool back_to(uint32_t sm) {
    return o1.peer.valid && o1.peer.kind == GPU_PEER_BACK && o1.peer.dst == (1ull << sm);
}
static unsigned lidx(uint64_t line, unsigned way) {
    return (unsigned)(line & 3) * 2 + way;
}

/* One broadcast step of the issuer: the command leaves in this edge; the test delivers it to
 * the issuer itself, waits for its own BACK, and delivers the four BACKs. */
static void bcast(uint32_t kind, uint32_t step) {
    tick1(); /* C26 */
    CHECK(o1.peer.valid && o1.peer.kind == kind && o1.peer.dst == 0xf && !o1.req.valid);
    CHECK(s1.rst == step && s1.rsnt == 1 && s1.bcnt == 4);
    pin(kind, SELF);
    tick1();
    int n = 0;
    while (!back_to(SELF) && n++ < 8)
        tick1(); /* a FLUSH: K05 in a later edge */
    CHECK(back_to(SELF));
    for (uint32_t sm = 0; sm < 4; sm++) {
        pin(GPU_PEER_BACK, sm);
        tick1();
        CHECK(s1.bcnt == 3 - sm);
    }
    CHECK(s1.rst == step + 1 && s1.rsnt == 0);
}
static void token(void) {
    tick1(); /* C24 */
    CHECK(o1.req.valid && o1.req.kind == GPU_REQ_TOKREQ && o1.req.line == 0 && o1.req.wf == 0);
    CHECK(s1.rst == 1 && s1.rsnt == 1 && !o1.drained);
    tick1(); /* S08 */
    CHECK(!o1.req.valid && !o1.peer.valid && s1.rst == 1 && s1.rsnt == 1);
    rsp1(GPU_RSP_GNT, 0, 0, 0);
    tick1(); /* R07 */
    CHECK(s1.rst == 2 && s1.rsnt == 0);
}
static void untoken(uint32_t step) {
    CHECK(s1.rst == step && s1.fcnt == 1);
    tick1(); /* C30 */
    CHECK(o1.req.valid && o1.req.kind == GPU_REQ_TOKREL && o1.req.line == 0);
    CHECK(s1.rst == 0 && s1.rsnt == 0 && s1.fcnt == 0);
}

static void part_b(void) {
    /* ld.acquire.rm x (line 2) by wf0 */
    core(GPU_OP_LOAD, 0, 2, false, true, true, false);
    tick1(); /* push */
    token();
    tick1(); /* C25: GETS x, acq 0 */
    CHECK(o1.req.valid && o1.req.kind == GPU_REQ_GETS && o1.req.line == 2 && !o1.req.acq);
    CHECK(s1.rst == 2 && s1.rsnt == 1 && s1.line[lidx(2, 0)].pend == 1 &&
          s1.line[lidx(2, 0)].acq == 0 && s1.line[lidx(2, 0)].wait == 1);
    tick1(); /* S08 */
    CHECK(!o1.req.valid);
    rsp1(GPU_RSP_DATA, 2, 0, 5);
    tick1(); /* R01, a3 completes */
    CHECK(o1.crsp.valid && o1.crsp.kind == GPU_CRSP_LOAD && o1.crsp.wf_mask == 1 &&
          o1.crsp.data[0] == 5);
    CHECK(s1.rst == 3 && s1.rsnt == 0 && s1.line[lidx(2, 0)].val == 1);
    bcast(GPU_PEER_FLUSH, 3); /* a4 */
    tick1();                  /* C27: a5 */
    CHECK(s1.rst == 5 && s1.line[lidx(2, 0)].val == 0 && !o1.req.valid && !o1.peer.valid);
    untoken(5);
    tick1();
    CHECK(o1.drained && !o1.peer.valid);
    printf("part B: rm acquire done\n");
}

static void part_c(void) {
    /* a valid line 3 */
    core(GPU_OP_LOAD, 1, 3, false, false, false, false);
    tick1();
    tick1(); /* C05 */
    CHECK(o1.req.valid && o1.req.kind == GPU_REQ_GETS && o1.req.line == 3);
    rsp1(GPU_RSP_DATA, 3, 0, 7);
    tick1();
    CHECK(o1.crsp.valid && s1.line[lidx(3, 0)].val == 1);
    pin(GPU_PEER_LOCK, 2);
    tick1(); /* K01 */
    CHECK(back_to(2) && s1.rblk == 1);
    core(GPU_OP_ATOMIC, 1, 3, false, false, false, false);
    i1.core.a = 1;
    tick1(); /* push */
    for (int k = 0; k < 3; k++) {
        if (k == 1)
            pin(GPU_PEER_LOCK, 2); /* I9: nothing, no BACK */
        if (k == 2)
            pin(GPU_PEER_BACK, 0); /* I7 */
        tick1();                   /* S07 */
        CHECK(!o1.crsp.valid && !o1.peer.valid && s1.fcnt == 1 && s1.rblk == 1);
    }
    pin(7, 2); /* I12 */
    tick1();
    CHECK(!o1.crsp.valid && !o1.peer.valid && s1.rblk == 1);
    pin(GPU_PEER_UNLOCK, 2);
    tick1(); /* K02 (the head still sees rblk_q = 1: S07) */
    CHECK(back_to(2) && s1.rblk == 0 && !o1.crsp.valid);
    pin(GPU_PEER_UNLOCK, 2); /* I8 */
    tick1();                 /* C16 */
    CHECK(!o1.peer.valid && o1.crsp.valid && o1.crsp.kind == GPU_CRSP_ATOMIC &&
          o1.crsp.data[0] == 7);
    CHECK(s1.sbcnt == 1 && s1.line[lidx(3, 0)].data[0] == 8);
    pin(GPU_PEER_FLUSH, 2);
    tick1(); /* K04 */
    CHECK(s1.cfv == 1 && s1.cfl == 1 && s1.csrc == 2 && !o1.peer.valid && !o1.drained);
    tick1(); /* B09 */
    CHECK(o1.req.valid && o1.req.kind == GPU_REQ_WT && o1.req.line == 3 && o1.req.data[0] == 8);
    CHECK(s1.cfl == 0 && s1.sbcnt == 0 && s1.wtp == 1 && s1.cfv == 1);
    tick1();
    tick1();
    CHECK(!o1.peer.valid && s1.cfv == 1); /* F60: waits for the ACK */
    rsp1(GPU_RSP_ACK, 3, 0, 0);
    tick1();
    CHECK(!o1.peer.valid && s1.wtp == 0 && s1.cfv == 1);
    tick1(); /* K05 */
    CHECK(back_to(2) && s1.cfv == 0);
    rsp1(GPU_RSP_GNT, 0, 0, 0); /* I11 */
    tick1();
    CHECK(s1.rst == 0 && s1.rsnt == 0);
    tick1();
    CHECK(o1.drained);
    printf("part C: receiver done\n");
}

static void part_d(void) {
    /* atom.add.relaxed.rm line 2 by wf2 */
    core(GPU_OP_ATOMIC, 2, 2, false, true, false, false);
    i1.core.a = 1;
    tick1();
    token();
    bcast(GPU_PEER_LOCK, 2); /* a19 */
    CHECK(s1.rblk == 1);
    bcast(GPU_PEER_FLUSH, 3); /* a20 */
    bcast(GPU_PEER_INV, 4);   /* a21 */
    tick1();                  /* C29: a22 */
    CHECK(o1.req.valid && o1.req.kind == GPU_REQ_ATOMIC && o1.req.line == 2 && o1.req.wf == 2 &&
          !o1.req.acq && o1.req.a == 1);
    CHECK(s1.rst == 5 && s1.rsnt == 1);
    tick1();
    rsp1(GPU_RSP_ATOM, 2, 2, 5);
    tick1(); /* R05: a22 completes */
    CHECK(o1.crsp.valid && o1.crsp.kind == GPU_CRSP_ATOMIC && o1.crsp.wf_mask == 4);
    CHECK(s1.rst == 6 && s1.rsnt == 0);
    bcast(GPU_PEER_FLUSH, 6);  /* a23 */
    bcast(GPU_PEER_INV, 7);    /* a24 */
    bcast(GPU_PEER_UNLOCK, 8); /* a25 */
    CHECK(s1.rblk == 0);
    untoken(9);
    printf("part D: rm atomic done\n");

    /* st.release.rm line 2 by wf3 */
    core(GPU_OP_STORE, 3, 2, false, true, false, true);
    i1.core.data[0] = 42;
    i1.core.mask[0] = 0xf;
    tick1();
    token();
    bcast(GPU_PEER_LOCK, 2);  /* a9 */
    bcast(GPU_PEER_FLUSH, 3); /* a10 */
    bcast(GPU_PEER_INV, 4);   /* a11 */
    tick1();                  /* C28: a12 */
    CHECK(o1.req.valid && o1.req.kind == GPU_REQ_WT && o1.req.line == 2 && o1.req.data[0] == 42 &&
          o1.req.mask[0] == 0xf);
    CHECK(s1.rst == 5 && s1.rsnt == 1 && s1.wtp == 1 && s1.idle == 0);
    tick1();
    CHECK(s1.rst == 5 && s1.rsnt == 1);
    rsp1(GPU_RSP_ACK, 2, 0, 0);
    tick1(); /* a12 completes: wtp_d == 0 */
    CHECK(s1.rst == 6 && s1.rsnt == 0 && s1.wtp == 0);
    bcast(GPU_PEER_INV, 6);    /* a13 */
    bcast(GPU_PEER_UNLOCK, 7); /* a14 */
    untoken(8);
    printf("part D: rm release done\n");
}

int main(int argc, char** argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s L1_MODEL_SO L2_MODEL_SO\n", argv[0]);
        return 2;
    }
    a1 = load(argv[1]);
    a2 = load(argv[2]);
    part_a();
    h1 = a1->create();
    memset(&i1, 0, sizeof i1);
    a1->tick(h1, &i1, &o1);
    a1->tick(h1, &i1, &o1);
    i1.rst_n = 1;
    part_b();
    part_c();
    part_d();
    printf("gpu_l1 assertion reports %u\n", a1->errors(h1));
    printf("%d checks, %d failures\n", checks, fails);
    return fails != 0;
}
