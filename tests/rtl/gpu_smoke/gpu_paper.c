/*
 * gpu_paper.c -- hand-computed smoke sequences for the gpu_l1 / gpu_l2 RTL (not part of make test;
 * the lockstep against the C models is the real check). Build the model(s) with tools/build_rtl.sh
 * at the parameter set named below, then:
 *   cc -Iverilator -Icmodel tests/rtl/gpu_smoke/gpu_paper.c -o /tmp/smoke -ldl && /tmp/smoke
 * L1_MODEL_SO L2_MODEL_SO paper set: gpu_l1 Hrf=1 NumWf=48 LineBytes=64 AddrWidth=32 L1Sets=64
 * L1Ways=8 L1Queue=4 SbEntries=256 SbIdle=1000 WtCntWidth=9; gpu_l2 NumSm=15 NumBanks=16
 * LineBytes=64 AddrWidth=32 L2Sets=256 L2Ways=16 L2Mshrs=32 L2Queue=4
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
static const gpucoh_rtl_api_t* load(const char* p) {
    void* so = dlopen(p, RTLD_NOW);
    if (!so) {
        printf("%s\n", dlerror());
        exit(2);
    }
    return ((gpucoh_rtl_api_fn)dlsym(so, "gpucoh_rtl_api"))();
}
static gpu_l1_state_t s1;
static gpu_l2_state_t s2;
int main(int argc, char** argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s L1_MODEL_SO L2_MODEL_SO\n", argv[0]);
        return 2;
    }
    const gpucoh_rtl_api_t* a1 = load(argv[1]);
    void* h = a1->create();
    gpu_l1_in_t in;
    gpu_l1_out_t out;
    memset(&in, 0, sizeof in);
    a1->tick(h, &in, &out);
    a1->tick(h, &in, &out);
#define T1()                                                                                       \
    do {                                                                                           \
        a1->tick(h, &in, &out);                                                                    \
        cyc++;                                                                                     \
        memset(&in, 0, sizeof in);                                                                 \
        in.rst_n = 1;                                                                              \
    } while (0)
#define S1()                                                                                       \
    do {                                                                                           \
        memset(&s1, 0, sizeof s1);                                                                 \
        s1.sel_all = 1;                                                                            \
        a1->state(h, &s1);                                                                         \
    } while (0)
    in.rst_n = 1;
    uint64_t L = 0x3FFFFFF - 3; /* top tag bit set, set 60 */
    unsigned i0 = (unsigned)(L % 64) * 8;
    in.core.valid = 1;
    in.core.op = GPU_OP_LOAD;
    in.core.wf = 47;
    in.core.line = L;
    T1();
    T1();
    CHECK(out.req.valid && out.req.kind == GPU_REQ_GETS && out.req.line == L);
    S1();
    CHECK(s1.line[i0].pend && s1.line[i0].wait == (1ull << 47) && s1.line[i0].tag == (L >> 6) &&
          s1.rr[60] == 1);
    in.rsp.valid = 1;
    in.rsp.kind = GPU_RSP_DATA;
    in.rsp.line = L;
    for (int k = 0; k < 16; k++)
        in.rsp.data[k] = 0x1000 + k;
    T1();
    CHECK(out.crsp.valid && out.crsp.wf_mask == (1ull << 47) && out.crsp.data[15] == 0x100F);
    in.core.valid = 1;
    in.core.op = GPU_OP_STORE;
    in.core.wf = 1;
    in.core.line = L;
    in.core.mask[1] = 0x80000000u;
    in.core.data[15] = 0xAB000000u;
    T1();
    T1();
    S1();
    CHECK(s1.sbcnt == 1 && s1.sb[0] == L && s1.line[i0].dirty[1] == 0x80000000u &&
          s1.line[i0].data[15] == 0xAB00100Fu);
    for (int k = 0; k < 1000; k++)
        T1();
    CHECK(!out.req.valid);
    T1();
    CHECK(out.req.valid && out.req.kind == GPU_REQ_WT && out.req.mask[1] == 0x80000000u &&
          out.req.data[15] == 0xAB000000u && out.req.data[0] == 0);
    in.core.valid = 1;
    in.core.op = GPU_OP_FENCE;
    in.core.wf = 40;
    in.core.gpu = 1;
    T1();
    T1();
    S1();
    CHECK(s1.batch == 1 && s1.fl == 0 && s1.wtp == 1 && s1.fcur == (1ull << 40));
    in.rsp.valid = 1;
    in.rsp.kind = GPU_RSP_ACK;
    T1();
    T1();
    CHECK(out.fence_done == (1ull << 40) && out.drained);
    S1();
    CHECK(s1.line[i0].val == 0 && s1.batch == 0);
    printf("l1 paper: errors %u\n", a1->errors(h));
    a1->destroy(h);

    const gpucoh_rtl_api_t* a2 = load(argv[2]);
    h = a2->create();
    gpu_l2_in_t i2;
    gpu_l2_out_t o2;
    memset(&i2, 0, sizeof i2);
    a2->tick(h, &i2, &o2);
    a2->tick(h, &i2, &o2);
#define T2()                                                                                       \
    do {                                                                                           \
        a2->tick(h, &i2, &o2);                                                                     \
        cyc++;                                                                                     \
        memset(&i2, 0, sizeof i2);                                                                 \
        i2.rst_n = 1;                                                                              \
    } while (0)
    i2.rst_n = 1;
    uint64_t M = 0x2ABCDE5;
    unsigned set = (unsigned)((M >> 4) & 255);
    i2.req.valid = 1;
    i2.req.kind = GPU_REQ_GETS;
    i2.req.src = 14;
    i2.req.line = M;
    T2();
    T2();
    CHECK(o2.mreq.fetch && o2.mreq.fetch_line == M);
    memset(&s2, 0, sizeof s2);
    s2.sel_all = 1;
    a2->state(h, &s2);
    CHECK(s2.line[set * 16].st == GPU_L2_P &&
          s2.line[set * 16].tag == (((M >> 12) << 4) | (M & 15)) && s2.mshr[0].dst == (1u << 14));
    i2.mem.valid = 1;
    i2.mem.line = M;
    for (int k = 0; k < 16; k++)
        i2.mem.data[k] = 0x5000 + k;
    T2();
    CHECK(o2.rsp.valid && o2.rsp.kind == GPU_RSP_DATA && o2.rsp.dst == (1u << 14) &&
          o2.rsp.data[15] == 0x500F);
    i2.req.valid = 1;
    i2.req.kind = GPU_REQ_ATOMIC;
    i2.req.src = 3;
    i2.req.line = M;
    i2.req.aop = GPU_AOP_CAS;
    i2.req.word = 15;
    i2.req.a = 0x500F;
    i2.req.b = 7;
    T2();
    T2();
    CHECK(o2.rsp.valid && o2.rsp.kind == GPU_RSP_ATOM && o2.rsp.data[15] == 0x500F);
    memset(&s2, 0, sizeof s2);
    s2.sel_all = 1;
    a2->state(h, &s2);
    CHECK(s2.line[set * 16].st == GPU_L2_D && s2.line[set * 16].data[15] == 7);
    printf("l2 paper: errors %u\n", a2->errors(h));
    printf("smoke_paper: %d checks, %d failed\n", checks, fails);
    return fails != 0;
}
