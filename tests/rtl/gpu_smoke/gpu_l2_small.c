/*
 * gpu_l2_small.c -- hand-computed smoke sequences for the gpu_l1 / gpu_l2 RTL (not part of make
 * test; the lockstep against the C models is the real check). Build the model(s) with
 * tools/build_rtl.sh at the parameter set named below, then: cc -Iverilator -Icmodel
 * tests/rtl/gpu_smoke/gpu_l2_small.c -o /tmp/smoke -ldl && /tmp/smoke L2_MODEL_SO small set:
 * NumSm=4 NumBanks=2 LineBytes=16 AddrWidth=16 L2Sets=4 L2Ways=2 L2Mshrs=4 L2Queue=2
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpucoh_rtl.h"
#include "gpu_l2.h"

static const gpucoh_rtl_api_t* api;
static void* h;
static gpu_l2_in_t in;
static gpu_l2_out_t out;
static gpu_l2_state_t st;
static int fails, checks, cyc;
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
static void req(uint32_t kind, uint32_t src, uint64_t line) {
    in.req.valid = 1;
    in.req.kind = kind;
    in.req.src = src;
    in.req.line = line;
}
static void fill(uint64_t line, uint32_t d0) {
    in.mem.valid = 1;
    in.mem.line = line;
    for (int i = 0; i < 4; i++)
        in.mem.data[i] = d0 + i;
}
static unsigned idx(uint64_t line, unsigned way) {
    return (unsigned)((line >> 1) & 3) * 2 + way;
}

int main(int argc, char** argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s L2_MODEL_SO\n", argv[0]);
        return 2;
    }
    void* so = dlopen(argv[1], RTLD_NOW);
    if (!so) {
        printf("%s\n", dlerror());
        return 2;
    }
    api = ((gpucoh_rtl_api_fn)dlsym(so, "gpucoh_rtl_api"))();
    h = api->create();
    in.rst_n = 0;
    tick();
    in.rst_n = 0;
    tick();
    CHECK(out.req_ready && !out.rsp.valid && !out.mreq.fetch && !out.mreq.wb);

    /* GETS miss -> fetch; WT merges (W02); GETS merges (G02); ATOMIC stalls (A02); fill (M01) */
    req(GPU_REQ_GETS, 2, 0x15);
    tick();
    CHECK(out.req_ready && !out.mreq.fetch);
    req(GPU_REQ_WT, 1, 0x15);
    in.req.mask[0] = 0x0F00;
    in.req.data[2] = 0xCAFE;
    tick(); /* G03 */
    CHECK(out.mreq.fetch && out.mreq.fetch_line == 0x15 && !out.mreq.wb && !out.rsp.valid);
    state();
    CHECK(st.line[idx(0x15, 0)].st == GPU_L2_P && st.line[idx(0x15, 0)].tag == 5 && st.rr[2] == 1 &&
          st.mshr[0].v == 1 && st.mshr[0].line == 0x15 && st.mshr[0].way == 0 &&
          st.mshr[0].dst == 4 && st.mshr[0].wm[0] == 0 && st.qcnt == 1);
    req(GPU_REQ_GETS, 3, 0x15);
    tick(); /* W02 */
    CHECK(out.rsp.valid && out.rsp.kind == GPU_RSP_ACK && out.rsp.dst == 2 &&
          out.rsp.line == 0x15 && out.rsp.data[2] == 0);
    state();
    CHECK(st.mshr[0].wm[0] == 0x0F00 && st.line[idx(0x15, 0)].data[2] == 0xCAFE);
    req(GPU_REQ_ATOMIC, 0, 0x15);
    in.req.wf = 9;
    in.req.acq = 1;
    in.req.aop = GPU_AOP_ADD;
    in.req.word = 6;
    in.req.a = 1;
    tick(); /* G02 */
    CHECK(!out.rsp.valid);
    state();
    CHECK(st.mshr[0].dst == 0xC);
    tick();
    tick(); /* A02 stalls */
    CHECK(!out.rsp.valid);
    state();
    CHECK(st.qcnt == 1);
    fill(0x15, 0x700);
    tick(); /* M01 */
    CHECK(out.rsp.valid && out.rsp.kind == GPU_RSP_DATA && out.rsp.dst == 0xC &&
          out.rsp.data[0] == 0x700 && out.rsp.data[2] == 0xCAFE && out.rsp.data[3] == 0x703 &&
          out.rsp.wf == 0 && !out.rsp.acq);
    state();
    CHECK(st.line[idx(0x15, 0)].st == GPU_L2_D && st.mshr[0].v == 0 && st.mshr[0].line == 0x15);
    tick(); /* A01: ADD word 2 (6 mod 4) */
    CHECK(out.rsp.valid && out.rsp.kind == GPU_RSP_ATOM && out.rsp.dst == 1 && out.rsp.wf == 9 &&
          out.rsp.acq && out.rsp.data[2] == 0xCAFE);
    state();
    CHECK(st.line[idx(0x15, 0)].data[2] == 0xCAFF && st.line[idx(0x15, 0)].st == GPU_L2_D &&
          st.qcnt == 0);

    /* E4: a fill without an MSHR changes nothing */
    fill(0x99, 0);
    tick();
    CHECK(!out.rsp.valid);

    /* eviction: 0x1D into way 1, fill (V); 0x25 evicts it silently (X01); WT makes 0x25 D; 0x35
     * writes back 0x15 (X02) */
    req(GPU_REQ_GETS, 0, 0x1D);
    tick();
    tick();
    CHECK(out.mreq.fetch && out.mreq.fetch_line == 0x1D && !out.mreq.wb);
    state();
    CHECK(st.line[idx(0x1D, 1)].tag == 7 && st.line[idx(0x1D, 1)].st == GPU_L2_P && st.rr[2] == 0 &&
          st.mshr[0].v == 1 && st.mshr[0].way == 1);
    fill(0x1D, 0x800);
    tick();
    CHECK(out.rsp.valid && out.rsp.dst == 1 && out.rsp.data[1] == 0x801);
    state();
    CHECK(st.line[idx(0x1D, 1)].st == GPU_L2_V);
    req(GPU_REQ_GETS, 1, 0x25);
    tick();
    tick(); /* X01: way 1 */
    CHECK(out.mreq.fetch && out.mreq.fetch_line == 0x25 && !out.mreq.wb);
    state();
    CHECK(st.line[idx(0x25, 1)].tag == 9 && st.line[idx(0x25, 1)].st == GPU_L2_P && st.rr[2] == 0 &&
          st.line[idx(0x25, 1)].data[1] == 0x801);
    fill(0x25, 0x900);
    tick();
    req(GPU_REQ_WT, 1, 0x25);
    in.req.mask[0] = 0x1;
    in.req.data[0] = 0xEE;
    tick();
    tick(); /* W01 */
    CHECK(out.rsp.valid && out.rsp.kind == GPU_RSP_ACK);
    state();
    CHECK(st.line[idx(0x25, 1)].st == GPU_L2_D && st.line[idx(0x25, 1)].data[0] == 0x9EE);
    req(GPU_REQ_WT, 2, 0x35);
    in.req.mask[0] = 0xF000;
    in.req.data[3] = 0x1234;
    tick();
    tick(); /* W03 evicting way 0 (X02) */
    CHECK(out.mreq.fetch && out.mreq.fetch_line == 0x35 && out.mreq.wb &&
          out.mreq.wb_line == 0x15 && out.mreq.wb_data[2] == 0xCAFF &&
          out.mreq.wb_data[0] == 0x700 && out.rsp.valid && out.rsp.kind == GPU_RSP_ACK &&
          out.rsp.dst == 4);
    state();
    CHECK(st.line[idx(0x35, 0)].st == GPU_L2_P && st.line[idx(0x35, 0)].tag == 13 &&
          st.rr[2] == 1 && st.mshr[0].v == 1 && st.mshr[0].line == 0x35 &&
          st.mshr[0].wm[0] == 0xF000 && st.mshr[0].dst == 0 &&
          st.line[idx(0x35, 0)].data[3] == 0x1234 && st.line[idx(0x35, 0)].data[2] == 0xCAFF);
    fill(0x35, 0xA00);
    tick(); /* M02: no response; D */
    CHECK(!out.rsp.valid);
    state();
    CHECK(st.line[idx(0x35, 0)].st == GPU_L2_D && st.line[idx(0x35, 0)].data[3] == 0x1234 &&
          st.line[idx(0x35, 0)].data[2] == 0xA02);
    /* S01: four outstanding fetches fill the MSHRs; a fifth miss stalls */
    uint64_t ls[5] = {0x40, 0x41, 0x42, 0x43, 0x44};
    for (int k = 0; k < 5; k++) {
        req(GPU_REQ_GETS, 0, ls[k]);
        tick();
    }
    tick();
    tick();
    state();
    CHECK(st.mshr[0].v && st.mshr[1].v && st.mshr[2].v && st.mshr[3].v && st.qcnt == 1);
    fill(0x41, 0);
    tick();
    tick();
    tick();
    state();
    CHECK(st.qcnt == 0 && st.mshr[1].v == 1 && st.mshr[1].line == 0x44);
    printf("smoke_l2: %d checks, %d failed, rtl errors %u\n", checks, fails, api->errors(h));
    api->destroy(h);
    return fails != 0;
}
