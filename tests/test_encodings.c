/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_encodings.c -- every encoding of the RTL packages equals its C enum value.
 *
 * The RTL writes each encoding once, as a typed enum item of a family package (rtl/gpucoh_pkg.sv:
 * sig_bloom, rdu, avu; rtl/tc/tc_pkg.sv: the TC family; rtl/gpu/gpu_pkg.sv: the GPU family;
 * rtl/denovo/denovo_pkg.sv: the DeNovo family; rtl/hlrc/hlrc_pkg.sv: the hLRC family;
 * rtl/gtsc/gtsc_pkg.sv: the G-TSC family) or of
 * the shared atomic-operation package rtl/gpucoh_atom_pkg.sv (TC and GPU). This test reads the
 * packages as text, finds every enum item `Name = W'dV` (or 'h / 'b) inside a
 * `typedef enum ... { ... }` block and checks it against the table below, which names the C enum
 * constant of each item (an item of the shared package has one row per family's C enum):
 *   - every item of a package has a row, and every row of it has the same value (a new item
 *     without a C name fails: an encoding nothing checks cannot be added);
 *   - every row names an item that exists in its package (a renamed item fails);
 *   - the check itself fails on a package with one value changed and on one with an extra item.
 *
 * The packages are read from $GPUCOH_ROOT/rtl (default ./rtl).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "avu.h"
#include "gpu_l2.h"
#include "denovo_types.h"
#include "gtsc_types.h"
#include "hlrc_types.h"
#include "gpu_types.h"
#include "rdu.h"
#include "sig_bloom.h"
#include "tc_l1.h"
#include "tc_l2.h"
#include "tc_types.h"

typedef struct {
    const char* pkg; /* file under rtl/ */
    const char* sv;  /* enum item */
    long c;          /* the C enum constant's value */
    const char* cn;  /* its name, for messages */
} enc_t;

#define E(pkg, sv, c)                                                                              \
    { pkg, sv, (long)(c), #c }
static const enc_t k_enc[] = {
    E("gpucoh_pkg.sv", "SigBloomOpNop", SIG_BLOOM_OP_NOP),
    E("gpucoh_pkg.sv", "SigBloomOpInsert", SIG_BLOOM_OP_INSERT),
    E("gpucoh_pkg.sv", "SigBloomOpTest", SIG_BLOOM_OP_TEST),
    E("gpucoh_pkg.sv", "SigBloomOpClear", SIG_BLOOM_OP_CLEAR),
    E("gpucoh_pkg.sv", "SigBloomOpRead", SIG_BLOOM_OP_READ),
    E("gpucoh_pkg.sv", "SigBloomOpLoad", SIG_BLOOM_OP_LOAD),
    E("gpucoh_pkg.sv", "RduRspNone", RDU_RSP_NONE),
    E("gpucoh_pkg.sv", "RduRspWriteAck", RDU_RSP_WRITE_ACK),
    E("gpucoh_pkg.sv", "RduRspNoRace", RDU_RSP_NO_RACE),
    E("gpucoh_pkg.sv", "RduRspRace", RDU_RSP_RACE),
    E("gpucoh_pkg.sv", "RduRspForced", RDU_RSP_FORCED),
    E("gpucoh_pkg.sv", "RduStIdle", RDU_ST_IDLE),
    E("gpucoh_pkg.sv", "RduStUnits", RDU_ST_UNITS),
    E("gpucoh_pkg.sv", "RduStShip", RDU_ST_SHIP),
    E("gpucoh_pkg.sv", "AvuStIdle", AVU_ST_IDLE),
    E("gpucoh_pkg.sv", "AvuStTest", AVU_ST_TEST),
    E("gpucoh_pkg.sv", "AvuStLoad", AVU_ST_LOAD),
    E("gpucoh_pkg.sv", "AvuStValidate", AVU_ST_VALIDATE),
    E("gpucoh_pkg.sv", "AvuResHit", AVU_RES_HIT),
    E("gpucoh_pkg.sv", "AvuResMiss", AVU_RES_MISS),
    E("gpucoh_pkg.sv", "AvuResAvuMiss", AVU_RES_AVU_MISS),
    E("gpucoh_pkg.sv", "AvuResExpired", AVU_RES_EXPIRED),
    E("gpucoh_pkg.sv", "AvuResStore", AVU_RES_STORE),
    E("tc/tc_pkg.sv", "TcStrong", TC_STRONG),
    E("tc/tc_pkg.sv", "TcWeak", TC_WEAK),
    E("tc/tc_pkg.sv", "TcWeakC", TC_WEAK_C),
    E("tc/tc_pkg.sv", "TcLeaseFixed", TC_LEASE_FIXED),
    E("tc/tc_pkg.sv", "TcLeasePredict", TC_LEASE_PREDICT),
    E("tc/tc_pkg.sv", "TcOpNone", TC_OP_NONE),
    E("tc/tc_pkg.sv", "TcOpLoad", TC_OP_LOAD),
    E("tc/tc_pkg.sv", "TcOpStore", TC_OP_STORE),
    E("tc/tc_pkg.sv", "TcOpAtomic", TC_OP_ATOMIC),
    E("tc/tc_pkg.sv", "TcReqNone", TC_REQ_NONE),
    E("tc/tc_pkg.sv", "TcReqGets", TC_REQ_GETS),
    E("tc/tc_pkg.sv", "TcReqGetx", TC_REQ_GETX),
    E("tc/tc_pkg.sv", "TcReqUpgr", TC_REQ_UPGR),
    E("tc/tc_pkg.sv", "TcReqAtomic", TC_REQ_ATOMIC),
    E("tc/tc_pkg.sv", "TcRspNone", TC_RSP_NONE),
    E("tc/tc_pkg.sv", "TcRspData", TC_RSP_DATA),
    E("tc/tc_pkg.sv", "TcRspDataG", TC_RSP_DATA_G),
    E("tc/tc_pkg.sv", "TcRspAck", TC_RSP_ACK),
    E("tc/tc_pkg.sv", "TcRspAckG", TC_RSP_ACK_G),
    E("tc/tc_pkg.sv", "TcRspDataW", TC_RSP_DATA_W),
    E("tc/tc_pkg.sv", "TcCrspNone", TC_CRSP_NONE),
    E("tc/tc_pkg.sv", "TcCrspLoad", TC_CRSP_LOAD),
    E("tc/tc_pkg.sv", "TcCrspAtomic", TC_CRSP_ATOMIC),
    E("tc/tc_pkg.sv", "TcL1StI", TC_L1_I),
    E("tc/tc_pkg.sv", "TcL1StV", TC_L1_V),
    E("tc/tc_pkg.sv", "TcL1StVM", TC_L1_V_M),
    E("tc/tc_pkg.sv", "TcL1StIV", TC_L1_I_V),
    E("tc/tc_pkg.sv", "TcL1StII", TC_L1_I_I),
    E("tc/tc_pkg.sv", "TcL2StI", TC_L2_I),
    E("tc/tc_pkg.sv", "TcL2StP", TC_L2_P),
    E("tc/tc_pkg.sv", "TcL2StS", TC_L2_S),
    E("tc/tc_pkg.sv", "TcL2StE", TC_L2_E),
    E("tc/tc_pkg.sv", "TcL2StIS", TC_L2_I_S),
    E("tc/tc_pkg.sv", "TcL2StIM", TC_L2_I_M),
    E("tc/tc_pkg.sv", "TcMshrIS", TC_MS_IS),
    E("tc/tc_pkg.sv", "TcMshrIM", TC_MS_IM),
    E("tc/tc_pkg.sv", "TcMshrMI", TC_MS_MI),
    E("gpu/gpu_pkg.sv", "GpuD", GPU_D),
    E("gpu/gpu_pkg.sv", "GpuH", GPU_H),
    E("gpu/gpu_pkg.sv", "GpuOpNone", GPU_OP_NONE),
    E("gpu/gpu_pkg.sv", "GpuOpLoad", GPU_OP_LOAD),
    E("gpu/gpu_pkg.sv", "GpuOpStore", GPU_OP_STORE),
    E("gpu/gpu_pkg.sv", "GpuOpAtomic", GPU_OP_ATOMIC),
    E("gpu/gpu_pkg.sv", "GpuOpFence", GPU_OP_FENCE),
    E("gpu/gpu_pkg.sv", "GpuReqNone", GPU_REQ_NONE),
    E("gpu/gpu_pkg.sv", "GpuReqGets", GPU_REQ_GETS),
    E("gpu/gpu_pkg.sv", "GpuReqWt", GPU_REQ_WT),
    E("gpu/gpu_pkg.sv", "GpuReqAtomic", GPU_REQ_ATOMIC),
    E("gpu/gpu_pkg.sv", "GpuReqTokReq", GPU_REQ_TOKREQ),
    E("gpu/gpu_pkg.sv", "GpuReqTokRel", GPU_REQ_TOKREL),
    E("gpu/gpu_pkg.sv", "GpuRspNone", GPU_RSP_NONE),
    E("gpu/gpu_pkg.sv", "GpuRspData", GPU_RSP_DATA),
    E("gpu/gpu_pkg.sv", "GpuRspAck", GPU_RSP_ACK),
    E("gpu/gpu_pkg.sv", "GpuRspAtom", GPU_RSP_ATOM),
    E("gpu/gpu_pkg.sv", "GpuRspGnt", GPU_RSP_GNT),
    E("gpu/gpu_pkg.sv", "GpuPeerNone", GPU_PEER_NONE),
    E("gpu/gpu_pkg.sv", "GpuPeerLock", GPU_PEER_LOCK),
    E("gpu/gpu_pkg.sv", "GpuPeerFlush", GPU_PEER_FLUSH),
    E("gpu/gpu_pkg.sv", "GpuPeerInv", GPU_PEER_INV),
    E("gpu/gpu_pkg.sv", "GpuPeerUnlock", GPU_PEER_UNLOCK),
    E("gpu/gpu_pkg.sv", "GpuPeerBack", GPU_PEER_BACK),
    E("gpu/gpu_pkg.sv", "GpuCrspNone", GPU_CRSP_NONE),
    E("gpu/gpu_pkg.sv", "GpuCrspLoad", GPU_CRSP_LOAD),
    E("gpu/gpu_pkg.sv", "GpuCrspAtomic", GPU_CRSP_ATOMIC),
    E("gpu/gpu_pkg.sv", "GpuL2StI", GPU_L2_I),
    E("gpu/gpu_pkg.sv", "GpuL2StV", GPU_L2_V),
    E("gpu/gpu_pkg.sv", "GpuL2StD", GPU_L2_D),
    E("gpu/gpu_pkg.sv", "GpuL2StP", GPU_L2_P),
    /* the shared atomic codes: each item against both families' C enums */
    E("gpucoh_atom_pkg.sv", "AopAdd", TC_AOP_ADD),
    E("gpucoh_atom_pkg.sv", "AopExch", TC_AOP_EXCH),
    E("gpucoh_atom_pkg.sv", "AopCas", TC_AOP_CAS),
    E("denovo/denovo_pkg.sv", "DnMsgGets", DENOVO_MSG_GETS),
    E("denovo/denovo_pkg.sv", "DnMsgReg", DENOVO_MSG_REG),
    E("denovo/denovo_pkg.sv", "DnMsgWb", DENOVO_MSG_WB),
    E("denovo/denovo_pkg.sv", "DnMsgDone", DENOVO_MSG_DONE),
    E("denovo/denovo_pkg.sv", "DnMsgData", DENOVO_MSG_DATA),
    E("denovo/denovo_pkg.sv", "DnMsgRegd", DENOVO_MSG_REGD),
    E("denovo/denovo_pkg.sv", "DnMsgWback", DENOVO_MSG_WBACK),
    E("denovo/denovo_pkg.sv", "DnMsgRecall", DENOVO_MSG_RECALL),
    E("denovo/denovo_pkg.sv", "DnMsgPdata", DENOVO_MSG_PDATA),
    E("denovo/denovo_pkg.sv", "DnMsgXfer", DENOVO_MSG_XFER),
    E("denovo/denovo_pkg.sv", "DnMsgDack", DENOVO_MSG_DACK),
    E("denovo/denovo_pkg.sv", "DnWI", DENOVO_W_I),
    E("denovo/denovo_pkg.sv", "DnWV", DENOVO_W_V),
    E("denovo/denovo_pkg.sv", "DnWR", DENOVO_W_R),
    E("denovo/denovo_pkg.sv", "DnWVO", DENOVO_W_VO),
    E("denovo/denovo_pkg.sv", "DnL2StI", DENOVO_L2_I),
    E("denovo/denovo_pkg.sv", "DnL2StV", DENOVO_L2_V),
    E("denovo/denovo_pkg.sv", "DnL2StD", DENOVO_L2_D),
    E("denovo/denovo_pkg.sv", "DnL2StP", DENOVO_L2_P),
    E("denovo/denovo_pkg.sv", "DnOpLoad", DENOVO_OP_LOAD),
    E("denovo/denovo_pkg.sv", "DnOpStore", DENOVO_OP_STORE),
    E("denovo/denovo_pkg.sv", "DnOpAtomic", DENOVO_OP_ATOMIC),
    E("denovo/denovo_pkg.sv", "DnOpFence", DENOVO_OP_FENCE),
    E("denovo/denovo_pkg.sv", "DnCrspLoad", DENOVO_CRSP_LOAD),
    E("denovo/denovo_pkg.sv", "DnCrspAtomic", DENOVO_CRSP_ATOMIC),
    E("hlrc/hlrc_pkg.sv", "HlMsgNone", HLRC_MSG_NONE),
    E("hlrc/hlrc_pkg.sv", "HlMsgGets", HLRC_MSG_GETS),
    E("hlrc/hlrc_pkg.sv", "HlMsgWt", HLRC_MSG_WT),
    E("hlrc/hlrc_pkg.sv", "HlMsgReg", HLRC_MSG_REG),
    E("hlrc/hlrc_pkg.sv", "HlMsgAtomic", HLRC_MSG_ATOMIC),
    E("hlrc/hlrc_pkg.sv", "HlMsgRack", HLRC_MSG_RACK),
    E("hlrc/hlrc_pkg.sv", "HlMsgEvict", HLRC_MSG_EVICT),
    E("hlrc/hlrc_pkg.sv", "HlMsgData", HLRC_MSG_DATA),
    E("hlrc/hlrc_pkg.sv", "HlMsgAck", HLRC_MSG_ACK),
    E("hlrc/hlrc_pkg.sv", "HlMsgGrant", HLRC_MSG_GRANT),
    E("hlrc/hlrc_pkg.sv", "HlMsgAtom", HLRC_MSG_ATOM),
    E("hlrc/hlrc_pkg.sv", "HlMsgRevoke", HLRC_MSG_REVOKE),
    E("hlrc/hlrc_pkg.sv", "HlMsgEack", HLRC_MSG_EACK),
    E("hlrc/hlrc_pkg.sv", "HlL1StI", HLRC_L1_I),
    E("hlrc/hlrc_pkg.sv", "HlL1StV", HLRC_L1_V),
    E("hlrc/hlrc_pkg.sv", "HlL1StR", HLRC_L1_R),
    E("hlrc/hlrc_pkg.sv", "HlL2StI", HLRC_L2_I),
    E("hlrc/hlrc_pkg.sv", "HlL2StV", HLRC_L2_V),
    E("hlrc/hlrc_pkg.sv", "HlL2StD", HLRC_L2_D),
    E("hlrc/hlrc_pkg.sv", "HlL2StP", HLRC_L2_P),
    E("hlrc/hlrc_pkg.sv", "AopNone", HLRC_AOP_NONE),
    E("hlrc/hlrc_pkg.sv", "HlOpLoad", HLRC_OP_LOAD),
    E("hlrc/hlrc_pkg.sv", "HlOpStore", HLRC_OP_STORE),
    E("hlrc/hlrc_pkg.sv", "HlOpAtomic", HLRC_OP_ATOMIC),
    E("hlrc/hlrc_pkg.sv", "HlOpFence", HLRC_OP_FENCE),
    E("hlrc/hlrc_pkg.sv", "HlCrspLoad", HLRC_CRSP_LOAD),
    E("hlrc/hlrc_pkg.sv", "HlCrspAtomic", HLRC_CRSP_ATOMIC),
    E("hlrc/hlrc_pkg.sv", "HlHphNone", HLRC_HPH_NONE),
    E("hlrc/hlrc_pkg.sv", "HlHphNext", HLRC_HPH_NEXT),
    E("hlrc/hlrc_pkg.sv", "HlHphCur", HLRC_HPH_CUR),
    E("hlrc/hlrc_pkg.sv", "HlHphDone", HLRC_HPH_DONE),
    E("hlrc/hlrc_pkg.sv", "HlEvsNone", HLRC_EVS_NONE),
    E("hlrc/hlrc_pkg.sv", "HlEvsNext", HLRC_EVS_NEXT),
    E("hlrc/hlrc_pkg.sv", "HlEvsCur", HLRC_EVS_CUR),
    E("hlrc/hlrc_pkg.sv", "HlEvsFlushed", HLRC_EVS_FLUSHED),
    E("hlrc/hlrc_pkg.sv", "HlEvsSent", HLRC_EVS_SENT),
    E("hlrc/hlrc_pkg.sv", "HlRvpNext", HLRC_RVP_NEXT),
    E("hlrc/hlrc_pkg.sv", "HlRvpCur", HLRC_RVP_CUR),
    E("hlrc/hlrc_pkg.sv", "HlRvpFlushed", HLRC_RVP_FLUSHED),
    E("gtsc/gtsc_pkg.sv", "GtOpNone", GTSC_OP_NONE),
    E("gtsc/gtsc_pkg.sv", "GtOpLoad", GTSC_OP_LOAD),
    E("gtsc/gtsc_pkg.sv", "GtOpStore", GTSC_OP_STORE),
    E("gtsc/gtsc_pkg.sv", "GtOpAtomic", GTSC_OP_ATOMIC),
    E("gtsc/gtsc_pkg.sv", "GtCrspNone", GTSC_CRSP_NONE),
    E("gtsc/gtsc_pkg.sv", "GtCrspLoad", GTSC_CRSP_LOAD),
    E("gtsc/gtsc_pkg.sv", "GtCrspAtomic", GTSC_CRSP_ATOMIC),
    E("gtsc/gtsc_pkg.sv", "GtCrspStore", GTSC_CRSP_STORE),
    E("gtsc/gtsc_pkg.sv", "GtReqNone", GTSC_REQ_NONE),
    E("gtsc/gtsc_pkg.sv", "GtReqRd", GTSC_REQ_RD),
    E("gtsc/gtsc_pkg.sv", "GtReqWr", GTSC_REQ_WR),
    E("gtsc/gtsc_pkg.sv", "GtReqAt", GTSC_REQ_AT),
    E("gtsc/gtsc_pkg.sv", "GtRspNone", GTSC_RSP_NONE),
    E("gtsc/gtsc_pkg.sv", "GtRspFill", GTSC_RSP_FILL),
    E("gtsc/gtsc_pkg.sv", "GtRspRnw", GTSC_RSP_RNW),
    E("gtsc/gtsc_pkg.sv", "GtRspWack", GTSC_RSP_WACK),
    E("gtsc/gtsc_pkg.sv", "GtRspAack", GTSC_RSP_AACK),
    E("gtsc/gtsc_pkg.sv", "GtL1StI", GTSC_L1_I),
    E("gtsc/gtsc_pkg.sv", "GtL1StV", GTSC_L1_V),
    E("gtsc/gtsc_pkg.sv", "GtL1StP", GTSC_L1_P),
    E("gtsc/gtsc_pkg.sv", "GtMkRd", GTSC_MK_RD),
    E("gtsc/gtsc_pkg.sv", "GtMkWr", GTSC_MK_WR),
    E("gtsc/gtsc_pkg.sv", "GtMkAt", GTSC_MK_AT),
    E("gtsc/gtsc_pkg.sv", "GtMkSv", GTSC_MK_SV),
    E("gtsc/gtsc_pkg.sv", "GtL2StI", GTSC_L2_I),
    E("gtsc/gtsc_pkg.sv", "GtL2StV", GTSC_L2_V),
    E("gtsc/gtsc_pkg.sv", "GtL2StD", GTSC_L2_D),
    E("gtsc/gtsc_pkg.sv", "GtL2StP", GTSC_L2_P),
    E("gpucoh_atom_pkg.sv", "AopAdd", GPU_AOP_ADD),
    E("gpucoh_atom_pkg.sv", "AopExch", GPU_AOP_EXCH),
    E("gpucoh_atom_pkg.sv", "AopCas", GPU_AOP_CAS),
    E("gpucoh_atom_pkg.sv", "AopAdd", DENOVO_AOP_ADD),
    E("gpucoh_atom_pkg.sv", "AopExch", DENOVO_AOP_EXCH),
    E("gpucoh_atom_pkg.sv", "AopCas", DENOVO_AOP_CAS),
    E("gpucoh_atom_pkg.sv", "AopAdd", GTSC_AOP_ADD),
    E("gpucoh_atom_pkg.sv", "AopExch", GTSC_AOP_EXCH),
    E("gpucoh_atom_pkg.sv", "AopCas", GTSC_AOP_CAS),
};
#define N_ENC (sizeof k_enc / sizeof k_enc[0])

/* ---- the package reader -------------------------------------------------------------------- */

#define MAX_ITEMS 256
typedef struct {
    char name[64];
    long value;
} item_t;

/* The enum items of SystemVerilog text: `Name = W'<base>digits` inside `typedef enum ... {}`
 * blocks, comments skipped. Returns the number found, or -1 on an item it cannot read. */
static int read_items(const char* text, item_t* it, int max) {
    int n = 0;
    bool in_enum = false;
    for (const char* p = text; *p;) {
        if (p[0] == '/' && p[1] == '/') {
            p = strchr(p, '\n');
            if (!p)
                break;
            continue;
        }
        if (!in_enum && !strncmp(p, "typedef enum", 12)) {
            p = strchr(p, '{');
            if (!p)
                return -1;
            in_enum = true;
            p++;
            continue;
        }
        if (in_enum && *p == '}') {
            in_enum = false;
            p++;
            continue;
        }
        if (in_enum && (isalpha((unsigned char)*p) || *p == '_')) {
            const char* s = p;
            while (isalnum((unsigned char)*p) || *p == '_')
                p++;
            size_t len = (size_t)(p - s);
            while (*p == ' ')
                p++;
            if (*p != '=' || n >= max || len >= sizeof it[n].name)
                return -1;
            p++;
            char* end;
            strtol(p, &end, 10); /* width */
            if (*end != '\'')
                return -1;
            const int base = end[1] == 'h' ? 16 : end[1] == 'b' ? 2 : end[1] == 'd' ? 10 : 0;
            if (!base)
                return -1;
            memcpy(it[n].name, s, len);
            it[n].name[len] = '\0';
            it[n].value = strtol(end + 2, &end, base);
            p = end;
            n++;
            continue;
        }
        p++;
    }
    return in_enum ? -1 : n;
}

static char* slurp(const char* file) {
    const char* root = getenv("GPUCOH_ROOT");
    char path[4096];
    snprintf(path, sizeof path, "%s/rtl/%s", root ? root : ".", file);
    FILE* f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char* b = malloc((size_t)len + 1);
    if (b && fread(b, 1, (size_t)len, f) != (size_t)len) {
        free(b);
        b = NULL;
    }
    if (b)
        b[len] = '\0';
    fclose(f);
    return b;
}

/* Compare the items of one package's text with the table; print and count each problem. */
static int check_pkg(const char* pkg, const char* text) {
    item_t it[MAX_ITEMS];
    const int n = read_items(text, it, MAX_ITEMS);
    if (n <= 0) {
        printf("# %s: no enum items read (%d)\n", pkg, n);
        return 1;
    }
    int bad = 0;
    for (int i = 0; i < n; i++) {
        int rows = 0;
        for (size_t k = 0; k < N_ENC; k++) {
            const enc_t* e = &k_enc[k];
            if (strcmp(e->pkg, pkg) || strcmp(e->sv, it[i].name))
                continue;
            rows++;
            if (e->c != it[i].value) {
                printf("# %s: %s = %ld, but %s = %ld\n", pkg, it[i].name, it[i].value, e->cn, e->c);
                bad++;
            }
        }
        if (!rows) {
            printf("# %s: %s = %ld has no C enum in the table\n", pkg, it[i].name, it[i].value);
            bad++;
        }
    }
    for (size_t k = 0; k < N_ENC; k++) {
        if (strcmp(k_enc[k].pkg, pkg))
            continue;
        bool found = false;
        for (int i = 0; i < n && !found; i++)
            found = !strcmp(k_enc[k].sv, it[i].name);
        if (!found) {
            printf("# %s: no item %s (for %s)\n", pkg, k_enc[k].sv, k_enc[k].cn);
            bad++;
        }
    }
    return bad;
}

static void check_file(const char* pkg) {
    char* t = slurp(pkg);
    assert_non_null(t);
    assert_int_equal(check_pkg(pkg, t), 0);
    free(t);
}

static void test_gpucoh_pkg(void** state) {
    (void)state;
    check_file("gpucoh_pkg.sv");
}

static void test_tc_pkg(void** state) {
    (void)state;
    check_file("tc/tc_pkg.sv");
}

static void test_gpu_pkg(void** state) {
    (void)state;
    check_file("gpu/gpu_pkg.sv");
}

static void test_denovo_pkg(void** state) {
    (void)state;
    check_file("denovo/denovo_pkg.sv");
}

static void test_hlrc_pkg(void** state) {
    (void)state;
    check_file("hlrc/hlrc_pkg.sv");
}

static void test_gtsc_pkg(void** state) {
    (void)state;
    check_file("gtsc/gtsc_pkg.sv");
}

static void test_atom_pkg(void** state) {
    (void)state;
    check_file("gpucoh_atom_pkg.sv");
}

/* The rows of one package in the table. */
static int rows_of(const char* pkg) {
    int n = 0;
    for (size_t k = 0; k < N_ENC; k++)
        n += !strcmp(k_enc[k].pkg, pkg);
    return n;
}

/* The check fails on a changed value (TcL2StE 3 -> 6). */
static void test_catches_changed_value(void** state) {
    (void)state;
    char* t = slurp("tc/tc_pkg.sv");
    assert_non_null(t);
    char* p = strstr(t, "TcL2StE  = 3'd3");
    assert_non_null(p);
    p[strlen("TcL2StE  = 3'd")] = '6';
    assert_int_equal(check_pkg("tc/tc_pkg.sv", t), 1);
    free(t);
}

/* The check fails on an item with no C name, and on a missing item. */
static void test_catches_unknown_and_missing(void** state) {
    (void)state;
    const char* extra = "package p;\n typedef enum logic [1:0] {\n  TcOpNone = 2'd0, // x\n"
                        "  TcOpLoad = 2'd1,\n  TcOpFlush = 2'd2\n } tc_op_e;\nendpackage\n";
    /* TcOpFlush has no C name; every tc_pkg row but TcOpNone and TcOpLoad is missing */
    assert_int_equal(check_pkg("tc/tc_pkg.sv", extra), 1 + rows_of("tc/tc_pkg.sv") - 2);
}

/* An item of the shared atomic package is checked against each family's C enum: a value that
 * differs from all four counts four times, and an item with no row fails. */
static void test_catches_atom_value(void** state) {
    (void)state;
    char* t = slurp("gpucoh_atom_pkg.sv");
    assert_non_null(t);
    char* p = strstr(t, "AopCas  = 2'd2");
    assert_non_null(p);
    p[strlen("AopCas  = 2'd")] = '3';
    assert_int_equal(check_pkg("gpucoh_atom_pkg.sv", t), 4); /* TC, GPU, DeNovo, G-TSC */
    free(t);
    const char* extra = "package p;\n typedef enum logic [1:0] {\n  AopAdd = 2'd0,\n"
                        "  AopExch = 2'd1,\n  AopCas = 2'd2,\n  AopMax = 2'd3\n } aop_e;\n"
                        "endpackage\n";
    assert_int_equal(check_pkg("gpucoh_atom_pkg.sv", extra), 1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gpucoh_pkg),
        cmocka_unit_test(test_tc_pkg),
        cmocka_unit_test(test_gpu_pkg),
        cmocka_unit_test(test_denovo_pkg),
        cmocka_unit_test(test_hlrc_pkg),
        cmocka_unit_test(test_gtsc_pkg),
        cmocka_unit_test(test_atom_pkg),
        cmocka_unit_test(test_catches_changed_value),
        cmocka_unit_test(test_catches_unknown_and_missing),
        cmocka_unit_test(test_catches_atom_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
