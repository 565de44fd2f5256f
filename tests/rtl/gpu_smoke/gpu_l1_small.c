/*
 * gpu_l1_small.c -- hand-computed smoke sequences for the gpu_l1 / gpu_l2 RTL (not part of make
 * test; the lockstep against the C models is the real check). Build the model(s) with
 * tools/build_rtl.sh at the parameter set named below, then: cc -Iverilator -Icmodel
 * tests/rtl/gpu_smoke/gpu_l1_small.c -o /tmp/smoke -ldl && /tmp/smoke L1_MODEL_SO small set: Hrf=1
 * NumWf=8 LineBytes=16 AddrWidth=16 L1Sets=4 L1Ways=2 L1Queue=2 SbEntries=4 SbIdle=64 WtCntWidth=3
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpucoh_rtl.h"
#include "gpu_l1.h"

static const gpucoh_rtl_api_t* api;
static void* h;
static gpu_l1_in_t in;
static gpu_l1_out_t out;
static gpu_l1_state_t st;
static int fails, checks;
static int cyc;
#define CHECK(c)                                                                                   \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(c)) {                                                                                \
            fails++;                                                                               \
            printf("FAIL line %d cycle %d: %s\n", __LINE__, cyc, #c);                              \
        }                                                                                          \
    } while (0)

static void tick(void) {
    api->tick(h, &in, &out);
    cyc++;
    memset(&in, 0, sizeof in);
    in.rst_n = 1;
}
static void state(void) {
    memset(&st, 0, sizeof st);
    st.sel_all = 1;
    api->state(h, &st);
}
static void reset(void) {
    memset(&in, 0, sizeof in);
    in.rst_n = 0;
    api->tick(h, &in, &out);
    api->tick(h, &in, &out);
    memset(&in, 0, sizeof in);
    in.rst_n = 1;
}
static void core(uint32_t op, uint32_t wf, uint64_t line) {
    in.core.valid = 1;
    in.core.op = op;
    in.core.wf = wf;
    in.core.line = line;
}
static void rsp(uint32_t kind, uint64_t line, uint32_t wf, bool acq, uint32_t d0) {
    in.rsp.valid = 1;
    in.rsp.kind = kind;
    in.rsp.line = line;
    in.rsp.wf = wf;
    in.rsp.acq = acq;
    for (int i = 0; i < 4; i++)
        in.rsp.data[i] = d0 + i;
}
static unsigned idx(uint64_t line, unsigned way) {
    return (unsigned)(line % 4) * 2 + way;
}

int main(int argc, char** argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s L1_MODEL_SO\n", argv[0]);
        return 2;
    }
    void* so = dlopen(argv[1], RTLD_NOW);
    if (!so) {
        printf("%s\n", dlerror());
        return 2;
    }
    api = ((gpucoh_rtl_api_fn)dlsym(so, "gpucoh_rtl_api"))();
    h = api->create();
    reset();
    CHECK(out.core_ready && out.drained && !out.crsp.valid && !out.req.valid &&
          out.fence_done == 0);
    state();
    CHECK(st.fcnt == 0 && st.sbcnt == 0 && st.idle == 0 && st.line[0].val == 0);

    /* 1. load miss -> GETS -> DATA -> hit */
    core(GPU_OP_LOAD, 3, 0x25);
    tick(); /* push */
    CHECK(out.core_ready && !out.req.valid);
    state();
    CHECK(st.fcnt == 1);
    tick(); /* C05: alloc way 0 of set 1, GETS */
    CHECK(out.req.valid && out.req.kind == GPU_REQ_GETS && out.req.line == 0x25 && out.req.wf == 0);
    state();
    CHECK(st.fcnt == 0 && st.line[idx(0x25, 0)].tag == 9 && st.line[idx(0x25, 0)].pend == 1 &&
          st.line[idx(0x25, 0)].wait == 8 && st.line[idx(0x25, 0)].val == 0 && st.rr[1] == 1);
    tick();
    CHECK(!out.req.valid && !out.crsp.valid);
    rsp(GPU_RSP_DATA, 0x25, 0, 0, 0x100);
    tick(); /* R01 */
    CHECK(out.crsp.valid && out.crsp.kind == GPU_CRSP_LOAD && out.crsp.wf_mask == 8 &&
          out.crsp.line == 0x25 && out.crsp.data[0] == 0x100 && out.crsp.data[3] == 0x103);
    state();
    CHECK(st.line[idx(0x25, 0)].val == 1 && st.line[idx(0x25, 0)].pend == 0 &&
          st.line[idx(0x25, 0)].wait == 0 && st.line[idx(0x25, 0)].data[2] == 0x102);
    core(GPU_OP_LOAD, 5, 0x25);
    tick();
    CHECK(!out.crsp.valid);
    tick(); /* C01 */
    CHECK(out.crsp.valid && out.crsp.kind == GPU_CRSP_LOAD && out.crsp.wf_mask == 0x20 &&
          out.crsp.data[1] == 0x101 && !out.req.valid);
    /* idle counter: 6 edges after reset without a store */
    state();
    CHECK(st.idle == 6);

    /* 2. store hit (C11) -> idle drain B03 -> ACK */
    core(GPU_OP_STORE, 1, 0x25);
    in.core.mask[0] = 0x00F0;
    in.core.data[1] = 0xAABBCCDD;
    tick();
    tick(); /* C11 */
    CHECK(!out.req.valid && !out.drained);
    state();
    CHECK(st.sbcnt == 1 && st.sb[0] == 0x25 && st.idle == 0 &&
          st.line[idx(0x25, 0)].dirty[0] == 0xF0 && st.line[idx(0x25, 0)].data[1] == 0xAABBCCDD &&
          st.line[idx(0x25, 0)].data[0] == 0x100);
    for (int k = 1; k <= 64; k++) {
        tick();
        CHECK(!out.req.valid);
    }
    state();
    CHECK(st.idle == 64 && st.sbcnt == 1);
    tick(); /* B03 */
    CHECK(out.req.valid && out.req.kind == GPU_REQ_WT && out.req.line == 0x25 &&
          out.req.mask[0] == 0xF0 && out.req.data[1] == 0xAABBCCDD && out.req.data[0] == 0 &&
          out.req.data[2] == 0 && !out.drained);
    state();
    CHECK(st.sbcnt == 0 && st.sbh == 1 && st.wtp == 1 && st.line[idx(0x25, 0)].dirty[0] == 0 &&
          st.line[idx(0x25, 0)].val == 1 && st.idle == 64);
    rsp(GPU_RSP_ACK, 0x25, 0, 0, 0);
    tick(); /* R04 */
    CHECK(out.drained && !out.crsp.valid);
    state();
    CHECK(st.wtp == 0);

    /* 3. store miss (C12) + fence (C21) -> B01 -> ACK -> B07 with INV; a second fence chains (C22,
     * B08) */
    core(GPU_OP_STORE, 2, 0x30);
    in.core.mask[0] = 0x000F;
    in.core.data[0] = 0x11223344;
    tick();
    core(GPU_OP_FENCE, 2, 0);
    in.core.gpu = 1;
    tick(); /* C12; fence pushed */
    state();
    CHECK(st.line[idx(0x30, 0)].tag == 0xC && st.line[idx(0x30, 0)].dirty[0] == 0xF &&
          st.line[idx(0x30, 0)].val == 0 && st.sbcnt == 1 && st.sb[0] == 0x30 && st.sbh == 1 &&
          st.rr[0] == 1);
    core(GPU_OP_FENCE, 4, 0);
    in.core.gpu = 0;
    in.core.line = 0x123;
    tick(); /* C21 (wf 2); push fence wf 4 cta */
    state();
    CHECK(st.batch == 1 && st.fl == 1 && st.fcur == 4 && st.fdone == 0);
    core(GPU_OP_FENCE, 6, 0);
    in.core.gpu = 1;
    tick(); /* B01 pops 0x30 (WT); head C20 wf 4 (fence, no line) */
    CHECK(out.req.valid && out.req.kind == GPU_REQ_WT && out.req.line == 0x30 &&
          out.req.mask[0] == 0xF && out.req.data[0] == 0x11223344 && out.fence_done == 0x10);
    state();
    CHECK(st.fl == 0 && st.wtp == 1 && st.sbcnt == 0 && st.fdone == 0x10);
    tick(); /* C22 wf 6: fwait */
    state();
    CHECK(st.fwait == 0x40 && st.batch == 1);
    rsp(GPU_RSP_ACK, 0x30, 0, 0, 0);
    tick(); /* R04 */
    state();
    CHECK(st.wtp == 0 && st.batch == 1);
    tick(); /* B08: fdone |= 4, INV, next batch fcur 0x40 */
    CHECK(out.fence_done == 0x14);
    state();
    CHECK(st.batch == 1 && st.fcur == 0x40 && st.fwait == 0 && st.fl == 0 &&
          st.line[idx(0x25, 0)].val == 0);
    tick(); /* B07 */
    CHECK(out.fence_done == 0x54);
    state();
    CHECK(st.batch == 0 && st.fcur == 0);

    /* 4. acquire load on a pending line overtaken by INV: C09 GETS, fence completes, stale DATA
     * (R02 acq: INV) */
    core(GPU_OP_LOAD, 0, 0x25);
    tick();
    tick(); /* C04: line 0x25 allocated? (val 0, dirty 0): no: C05 */
    CHECK(out.req.valid && out.req.kind == GPU_REQ_GETS && out.req.line == 0x25);
    core(GPU_OP_FENCE, 1, 0);
    in.core.gpu = 1;
    tick();
    tick(); /* C21: batch, fl 0 */
    tick(); /* B07: INV: the pending line goes stale */
    state();
    CHECK(st.line[idx(0x25, 0)].stale == 1 && st.line[idx(0x25, 0)].pend == 1 &&
          (out.fence_done & 2));
    core(GPU_OP_LOAD, 7, 0x25);
    tick();
    tick(); /* C03: stall */
    state();
    CHECK(st.fcnt == 1);
    rsp(GPU_RSP_DATA, 0x25, 0, 0, 0x200);
    tick(); /* R02: serves wf 0, val stays 0 */
    CHECK(out.crsp.valid && out.crsp.wf_mask == 1 && out.crsp.data[0] == 0x200);
    state();
    CHECK(st.line[idx(0x25, 0)].val == 0 && st.line[idx(0x25, 0)].pend == 0 &&
          st.line[idx(0x25, 0)].stale == 0);
    tick(); /* head now C04: GETS */
    CHECK(out.req.valid && out.req.kind == GPU_REQ_GETS);
    state();
    CHECK(st.line[idx(0x25, 0)].wait == 0x80);

    /* 5. GPU atomic on a dirty line: C14 then C15; ATOM R06 (INV) */
    rsp(GPU_RSP_DATA, 0x25, 0, 0, 0x300);
    tick(); /* R01 wf 7 */
    CHECK(out.crsp.valid && out.crsp.wf_mask == 0x80);
    core(GPU_OP_STORE, 1, 0x25);
    in.core.mask[0] = 0xF000;
    in.core.data[3] = 0x5;
    tick();
    tick(); /* C11 */
    core(GPU_OP_ATOMIC, 2, 0x25);
    in.core.gpu = 1;
    in.core.acq = 1;
    in.core.aop = GPU_AOP_ADD;
    in.core.word = 3;
    in.core.a = 10;
    tick();
    tick(); /* C14 */
    CHECK(out.req.valid && out.req.kind == GPU_REQ_WT && out.req.mask[0] == 0xF000 &&
          out.req.data[3] == 5 && out.req.data[0] == 0);
    tick(); /* C15 */
    CHECK(out.req.valid && out.req.kind == GPU_REQ_ATOMIC && out.req.wf == 2 && out.req.acq &&
          out.req.word == 3 && out.req.a == 10);
    state();
    CHECK(st.wtp == 1 && st.fcnt == 0 && st.line[idx(0x25, 0)].val == 1);
    rsp(GPU_RSP_ATOM, 0x25, 2, 1, 0x400);
    tick(); /* R06 */
    CHECK(out.crsp.valid && out.crsp.kind == GPU_CRSP_ATOMIC && out.crsp.wf_mask == 4 &&
          out.crsp.data[0] == 0x400);
    state();
    CHECK(st.line[idx(0x25, 0)].val == 0);

    /* 6. CTA atomics (GPU-H, D9): on a line that is not valid they go to the L2 (C18, acq
     * forced to 0, no allocation) after the line's dirty bytes are written through (C17, which
     * waits for a pending line: S05); on a valid line they are performed in the L1 (C16) */
    /* 6a. absent line (0x25: val 0, pend 0, dirty 0 after R06): C18, no allocation */
    core(GPU_OP_ATOMIC, 3, 0x25);
    in.core.gpu = 0;
    in.core.acq = 1;
    in.core.aop = GPU_AOP_CAS;
    in.core.word = 5;
    in.core.a = 0x501;
    in.core.b = 77;
    tick();
    tick(); /* C18: ATOMIC(0x25, wf 3, acq 0, CAS, word 5, a, b); pop */
    CHECK(out.req.valid && out.req.kind == GPU_REQ_ATOMIC && out.req.line == 0x25 &&
          out.req.wf == 3 && !out.req.acq && out.req.aop == GPU_AOP_CAS && out.req.word == 5 &&
          out.req.a == 0x501 && out.req.b == 77 && out.req.mask[0] == 0 && out.req.data[0] == 0);
    state();
    CHECK(st.fcnt == 0 && st.wtp == 1 && st.sbcnt == 1 && st.line[idx(0x25, 0)].val == 0 &&
          st.line[idx(0x25, 0)].pend == 0 && st.line[idx(0x25, 0)].dirty[0] == 0 &&
          st.line[idx(0x25, 1)].pend == 0 && st.line[idx(0x25, 1)].val == 0);
    rsp(GPU_RSP_ATOM, 0x25, 3, 0, 0x500);
    tick(); /* R05: no matching line */
    CHECK(out.crsp.valid && out.crsp.kind == GPU_CRSP_ATOMIC && out.crsp.wf_mask == 8 &&
          out.crsp.line == 0x25 && out.crsp.data[1] == 0x501 && !out.req.valid);
    /* 6b. a line with dirty bytes, not valid: C17 WT(line, dirty bytes), then C18 */
    core(GPU_OP_STORE, 1, 0x25);
    in.core.mask[0] = 0x000F;
    in.core.data[0] = 0xD0;
    tick();
    core(GPU_OP_ATOMIC, 2, 0x25);
    in.core.gpu = 0;
    in.core.aop = GPU_AOP_ADD;
    in.core.word = 0;
    in.core.a = 5;
    tick(); /* C12: way 0 of set 1, dirty 0xF, push */
    state();
    CHECK(st.line[idx(0x25, 0)].tag == 9 && st.line[idx(0x25, 0)].dirty[0] == 0xF &&
          st.line[idx(0x25, 0)].val == 0 && st.line[idx(0x25, 0)].data[0] == 0xD0 &&
          st.sbcnt == 2 && st.sb[1] == 0x25 && st.rr[1] == 1 && st.fcnt == 1 && st.idle == 0);
    tick(); /* C17: WT(0x25, dirty bytes); dirty := 0; the atomic stays */
    CHECK(out.req.valid && out.req.kind == GPU_REQ_WT && out.req.line == 0x25 &&
          out.req.mask[0] == 0xF && out.req.data[0] == 0xD0 && out.req.data[1] == 0 &&
          out.req.wf == 0 && !out.crsp.valid);
    state();
    CHECK(st.fcnt == 1 && st.wtp == 2 && st.line[idx(0x25, 0)].dirty[0] == 0 &&
          st.line[idx(0x25, 0)].val == 0 && st.sbcnt == 2 && st.idle == 1);
    tick(); /* C18 (the line is no longer allocated): ATOMIC(0x25, wf 2, ADD, word 0, a 5) */
    CHECK(out.req.valid && out.req.kind == GPU_REQ_ATOMIC && out.req.line == 0x25 &&
          out.req.wf == 2 && !out.req.acq && out.req.aop == GPU_AOP_ADD && out.req.word == 0 &&
          out.req.a == 5 && out.req.mask[0] == 0);
    state();
    CHECK(st.fcnt == 0 && st.wtp == 2 && st.idle == 2);
    rsp(GPU_RSP_ATOM, 0x25, 2, 0, 0xD0);
    tick(); /* R05 */
    CHECK(out.crsp.valid && out.crsp.kind == GPU_CRSP_ATOMIC && out.crsp.wf_mask == 4 &&
          out.crsp.data[0] == 0xD0);
    /* 6c. dirty bytes on a pending line: C17 stalls (S05) until the DATA; then C16 */
    core(GPU_OP_LOAD, 0, 0x29);
    tick();
    core(GPU_OP_STORE, 1, 0x29);
    in.core.mask[0] = 0x00F0;
    in.core.data[1] = 0xE1;
    tick(); /* C05: way 0 of set 1, GETS */
    CHECK(out.req.valid && out.req.kind == GPU_REQ_GETS && out.req.line == 0x29);
    core(GPU_OP_ATOMIC, 3, 0x29);
    in.core.gpu = 0;
    in.core.aop = GPU_AOP_EXCH;
    in.core.word = 2;
    in.core.a = 0x77;
    tick(); /* C11 into the pending line (push) */
    CHECK(!out.req.valid);
    state();
    CHECK(st.line[idx(0x29, 0)].tag == 0xA && st.line[idx(0x29, 0)].pend == 1 &&
          st.line[idx(0x29, 0)].dirty[0] == 0xF0 && st.sbcnt == 3 && st.fcnt == 1);
    tick(); /* C17 on a pending line: S05 */
    CHECK(!out.req.valid && !out.crsp.valid);
    tick(); /* S05 */
    CHECK(!out.req.valid && !out.crsp.valid);
    state();
    CHECK(st.fcnt == 1 && st.wtp == 2 && st.line[idx(0x29, 0)].dirty[0] == 0xF0);
    rsp(GPU_RSP_DATA, 0x29, 0, 0, 0x900);
    tick(); /* R01: merged under the dirty bytes */
    CHECK(out.crsp.valid && out.crsp.kind == GPU_CRSP_LOAD && out.crsp.wf_mask == 1 &&
          out.crsp.data[0] == 0x900 && out.crsp.data[1] == 0xE1 && out.crsp.data[2] == 0x902);
    tick(); /* C16: EXCH word 2, old 0x902 */
    CHECK(out.crsp.valid && out.crsp.kind == GPU_CRSP_ATOMIC && out.crsp.wf_mask == 8 &&
          out.crsp.data[2] == 0x902 && out.crsp.data[1] == 0xE1 && !out.req.valid);
    state();
    CHECK(st.fcnt == 0 && st.line[idx(0x29, 0)].val == 1 && st.line[idx(0x29, 0)].data[2] == 0x77 &&
          st.line[idx(0x29, 0)].dirty[0] == 0xFF0 && st.sbcnt == 3 && st.idle == 0);
    /* 6d. a clean pending line: C18 (no wait for the DATA); its ATOM stales the line (R05) */
    core(GPU_OP_LOAD, 4, 0x2D);
    tick();
    core(GPU_OP_ATOMIC, 5, 0x2D);
    in.core.gpu = 0;
    in.core.aop = GPU_AOP_ADD;
    in.core.word = 0;
    in.core.a = 1;
    tick(); /* C05: way 1 of set 1, GETS */
    CHECK(out.req.valid && out.req.kind == GPU_REQ_GETS && out.req.line == 0x2D);
    state();
    CHECK(st.line[idx(0x2D, 1)].tag == 0xB && st.line[idx(0x2D, 1)].pend == 1 && st.rr[1] == 0);
    tick(); /* C18 on the pending line */
    CHECK(out.req.valid && out.req.kind == GPU_REQ_ATOMIC && out.req.line == 0x2D &&
          out.req.wf == 5 && !out.req.acq && out.req.a == 1);
    state();
    CHECK(st.fcnt == 0 && st.line[idx(0x2D, 1)].pend == 1 && st.line[idx(0x2D, 1)].stale == 0);
    rsp(GPU_RSP_ATOM, 0x2D, 5, 0, 0xA00);
    tick(); /* R05: val := 0, stale := 1 (pending) */
    CHECK(out.crsp.valid && out.crsp.kind == GPU_CRSP_ATOMIC && out.crsp.wf_mask == 0x20 &&
          out.crsp.data[0] == 0xA00);
    state();
    CHECK(st.line[idx(0x2D, 1)].stale == 1 && st.line[idx(0x2D, 1)].pend == 1 &&
          st.line[idx(0x2D, 1)].val == 0);
    rsp(GPU_RSP_DATA, 0x2D, 0, 0, 0xB00);
    tick(); /* R02: serves wf 4, the line stays invalid */
    CHECK(out.crsp.valid && out.crsp.kind == GPU_CRSP_LOAD && out.crsp.wf_mask == 0x10 &&
          out.crsp.data[0] == 0xB00);
    state();
    CHECK(st.line[idx(0x2D, 1)].val == 0 && st.line[idx(0x2D, 1)].pend == 0 &&
          st.line[idx(0x2D, 1)].stale == 0);

    /* 7. V01 (dirty victim), full pops B06 / B05 */
    reset();
    core(GPU_OP_STORE, 0, 0x00);
    in.core.mask[0] = 1;
    in.core.data[0] = 0xA0;
    tick();
    core(GPU_OP_STORE, 0, 0x04);
    in.core.mask[0] = 1;
    in.core.data[0] = 0xA4;
    tick(); /* C12 0x00 way 0 */
    core(GPU_OP_STORE, 0, 0x08);
    in.core.mask[0] = 1;
    in.core.data[0] = 0xA8;
    tick(); /* C12 0x04 way 1 */
    state();
    CHECK(st.sbcnt == 2 && st.rr[0] == 0 && st.line[1].tag == 1 && st.fcnt == 1);
    tick(); /* V01: WT 0x00 */
    CHECK(out.req.valid && out.req.kind == GPU_REQ_WT && out.req.line == 0x00 &&
          out.req.mask[0] == 1 && out.req.data[0] == 0xA0);
    state();
    CHECK(st.fcnt == 1 && st.wtp == 1 && st.line[0].dirty[0] == 0 && st.line[0].val == 0 &&
          st.rr[0] == 0);
    core(GPU_OP_STORE, 0, 0x01);
    in.core.mask[0] = 1;
    tick(); /* C12 0x08 way 0 */
    CHECK(!out.req.valid);
    state();
    CHECK(st.line[0].tag == 2 && st.sbcnt == 3 && st.rr[0] == 1 && st.sb[2] == 0x08);
    core(GPU_OP_STORE, 0, 0x02);
    in.core.mask[0] = 1;
    tick(); /* C12 0x01 set 1: full */
    state();
    CHECK(st.sbcnt == 4);
    core(GPU_OP_STORE, 0, 0x03);
    in.core.mask[0] = 1;
    tick(); /* S03 + B06 (0x00 absent) */
    CHECK(!out.req.valid);
    state();
    CHECK(st.sbcnt == 3 && st.sbh == 1 && st.fcnt == 2);
    tick(); /* C12 0x02 */
    state();
    CHECK(st.sbcnt == 4 && st.fcnt == 1);
    tick(); /* S03 + B05: WT 0x04 */
    CHECK(out.req.valid && out.req.kind == GPU_REQ_WT && out.req.line == 0x04 &&
          out.req.data[0] == 0xA4);
    state();
    CHECK(st.sbcnt == 3 && st.wtp == 2 && st.fcnt == 1);
    tick(); /* C12 0x03 */
    state();
    CHECK(st.sbcnt == 4 && st.fcnt == 0 && st.sb[0] == 0x08 && st.sb[3] == 0x03 && st.idle == 0);

    /* 8. S04: a miss tried while idle pops run waits until the buffer is empty */
    for (int k = 0; k < 63; k++)
        tick();
    core(GPU_OP_LOAD, 1, 0x30);
    tick(); /* idle 64 after this edge */
    state();
    CHECK(st.idle == 64 && st.fcnt == 1);
    uint64_t want[4] = {0x08, 0x01, 0x02, 0x03};
    for (int k = 0; k < 4; k++) {
        tick();
        CHECK(out.req.valid && out.req.kind == GPU_REQ_WT && out.req.line == want[k]);
    }
    tick();
    CHECK(out.req.valid && out.req.kind == GPU_REQ_GETS && out.req.line == 0x30);
    state();
    CHECK(st.wtp == 6 && st.sbcnt == 0);

    /* 9. WMAX: an idle pop blocked at wtp == 7 (F37); C13 stalls S05 */
    core(GPU_OP_STORE, 0, 0x05);
    in.core.mask[0] = 2;
    tick();
    tick(); /* C11? 0x05 set 1: miss -> C12 */
    core(GPU_OP_STORE, 0, 0x09);
    in.core.rel = 1;
    in.core.gpu = 1;
    in.core.mask[0] = 4;
    tick();
    tick(); /* C13: WT, wtp 7 */
    CHECK(out.req.valid && out.req.kind == GPU_REQ_WT && out.req.line == 0x09 &&
          out.req.mask[0] == 4);
    state();
    CHECK(st.wtp == 7);
    core(GPU_OP_STORE, 0, 0x0D);
    in.core.rel = 1;
    in.core.gpu = 1;
    in.core.mask[0] = 4;
    tick();
    tick();
    tick(); /* S05 */
    CHECK(!out.req.valid);
    state();
    CHECK(st.fcnt == 1);
    rsp(GPU_RSP_ACK, 0, 0, 0, 0);
    tick(); /* wtp 6 */
    tick();
    CHECK(out.req.valid && out.req.line == 0x0D);
    state();
    CHECK(st.wtp == 7);

    /* 10. R05 stales a pending line; the DATA serves its loads without validating it */
    rsp(GPU_RSP_DATA, 0x30, 0, 0, 0x600);
    tick(); /* close the GETS of 0x30 */
    CHECK(out.crsp.valid && out.crsp.wf_mask == 2);
    core(GPU_OP_LOAD, 4, 0x31);
    tick();
    tick(); /* GETS 0x31 */
    CHECK(out.req.valid && out.req.kind == GPU_REQ_GETS);
    rsp(GPU_RSP_ATOM, 0x31, 5, 0, 0x700);
    tick(); /* R05 */
    CHECK(out.crsp.valid && out.crsp.kind == GPU_CRSP_ATOMIC && out.crsp.wf_mask == 0x20);
    state();
    unsigned w31 = st.line[idx(0x31, 0)].tag == (0x31 >> 2) && st.line[idx(0x31, 0)].pend ? 0 : 1;
    CHECK(st.line[idx(0x31, w31)].stale == 1 && st.line[idx(0x31, w31)].pend == 1);
    rsp(GPU_RSP_DATA, 0x31, 0, 0, 0x800);
    tick(); /* R02 */
    CHECK(out.crsp.valid && out.crsp.wf_mask == 0x10 && out.crsp.data[0] == 0x800);
    state();
    CHECK(st.line[idx(0x31, w31)].val == 0 && st.line[idx(0x31, w31)].stale == 0 &&
          st.line[idx(0x31, w31)].pend == 0);
    /* an L9 protocol error changes nothing */
    rsp(GPU_RSP_DATA, 0x31, 0, 0, 0x900);
    tick();
    CHECK(!out.crsp.valid);
    printf("smoke_l1: %d checks, %d failed, rtl errors %u\n", checks, fails, api->errors(h));
    api->destroy(h);
    return fails != 0;
}
