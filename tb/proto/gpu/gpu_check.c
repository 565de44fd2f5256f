/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpu_check.c -- V-RSP1..V-RSP4 (gpu_check.h; docs/units/gpu/rsp.md section 6). What an L1 is
 * doing is read from its compare state (rst, rsnt, bcnt, rblk, cfv) and from the peer message it
 * sent in the edge (its registered output): a holder's locked window opens when the step after
 * its LOCK begins (rst past the LOCK's step) and closes in the edge it sends UNLOCK.
 */
#include "gpu_check.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_l1.h"
#include "gpu_l2.h"
#include "gpu_sys_rtl.h"

/* what the checker keeps between edges, per SM (gpu_rsp_chk_t's kept part) */
typedef struct {
    uint64_t last_cycle;
    bool live;
    uint32_t last_cmd[GPU_MAX_SM]; /* the last command kind it sent (0 before the first) */
    bool locked[GPU_MAX_SM];       /* it sent a LOCK and not yet its UNLOCK */
    uint32_t lock_rst[GPU_MAX_SM]; /* its rst when it sent the LOCK */
    uint32_t rblk[GPU_MAX_SM];     /* rblk_q after the previous edge */
    uint64_t c16[GPU_MAX_SM];      /* its C16 count after the previous edge */
} chk_t;

struct gpu_rsp_chk {
    chk_t k;
    gpu_l2_state_t st2; /* scratch: a scalar read of bank 0 (no lines) */
};

gpu_rsp_chk_t* gpu_rsp_chk_new(void) {
    return calloc(1, sizeof(gpu_rsp_chk_t));
}

void gpu_rsp_chk_free(gpu_rsp_chk_t* c) {
    free(c);
}

typedef gpu_l1_rsp_regs_t l1_regs_t;

/* the registers of the compare state the checks read (gpu_l1_rsp_regs: without copying the
 * rest of the state every edge, 41 % of gpu-rsp's C system before) */
static l1_regs_t regs_of(const gpu_l1_t* m) {
    l1_regs_t r;
    gpu_l1_rsp_regs(m, &r);
    return r;
}

/* the commands each L1 sent in this edge */
static void observe(chk_t* k, const gpu_l1_t* m, uint32_t j, const l1_regs_t* r) {
    const gpu_peer_t* p = &gpu_l1_out(m)->peer;
    if (!p->valid || p->kind == GPU_PEER_BACK || p->kind == GPU_PEER_NONE)
        return;
    k->last_cmd[j] = p->kind;
    if (p->kind == GPU_PEER_LOCK) {
        k->locked[j] = true;
        k->lock_rst[j] = r->rst;
    } else if (p->kind == GPU_PEER_UNLOCK) {
        k->locked[j] = false;
    }
}

static uint64_t v1_one_holder(gpu_l2_state_t* s, const gpu_desc_t* d, const l1_regs_t* r,
                              const gpu_l2_t* b0, uint64_t cycle, FILE* f) {
    uint32_t n = 0, h = 0;
    for (uint32_t j = 0; j < d->num_sm; j++)
        if (r[j].rst >= 2u) {
            n++;
            h = j;
        }
    if (n > 1u) {
        if (f)
            fprintf(f, "V-RSP1: cycle %llu: %u L1s past step T (one holder at most)\n",
                    (unsigned long long)cycle, (unsigned)n);
        return 1;
    }
    s->sel_all = 0;
    s->sel_n = 0;
    gpu_l2_state_get(b0, s);
    if (n == 1u && (!s->tbusy || s->town != h)) {
        if (f)
            fprintf(f, "V-RSP1: cycle %llu: SM %u holds past T, bank 0 has tbusy %u town %u\n",
                    (unsigned long long)cycle, (unsigned)h, (unsigned)s->tbusy, (unsigned)s->town);
        return 1;
    }
    return 0;
}

/* V-RSP2: while an L1 is in its locked window every L1 has rblk = 1 */
static uint64_t v2_window(const chk_t* k, const gpu_desc_t* d, const l1_regs_t* r, uint64_t cycle,
                          FILE* f) {
    uint64_t bad = 0;
    for (uint32_t h = 0; h < d->num_sm; h++) {
        if (!k->locked[h] || r[h].rst <= k->lock_rst[h])
            continue;
        for (uint32_t j = 0; j < d->num_sm; j++)
            if (!r[j].rblk) {
                if (f)
                    fprintf(f, "V-RSP2: cycle %llu: SM %u in its locked window, SM %u has rblk 0\n",
                            (unsigned long long)cycle, (unsigned)h, (unsigned)j);
                bad++;
            }
    }
    return bad;
}

/* V-RSP3: no C16 in an edge that began with rblk_q = 1 */
static uint64_t v3_no_rmw(chk_t* k, const gpu_desc_t* d, const gpu_l1_t* const* l1, uint64_t cycle,
                          FILE* f) {
    uint64_t bad = 0;
    for (uint32_t j = 0; j < d->num_sm; j++) {
        const uint64_t c16 = gpu_l1_cov(l1[j])[GPU_L1_T_C16];
        if (k->rblk[j] && c16 != k->c16[j]) {
            if (f)
                fprintf(f, "V-RSP3: cycle %llu: SM %u performed an L1 RMW (C16) while locked\n",
                        (unsigned long long)cycle, (unsigned)j);
            bad++;
        }
        k->c16[j] = c16;
    }
    return bad;
}

/* V-RSP4: one command at a time: at most one L1 counts BACKs, none beyond NumSm; an L1 runs a
 * command flush only while the holder's outstanding command is a FLUSH */
static uint64_t v4_one_command(const chk_t* k, const gpu_desc_t* d, const l1_regs_t* r,
                               uint64_t cycle, FILE* f) {
    uint32_t counting = 0, flushing_holder = 0;
    uint64_t bad = 0;
    for (uint32_t j = 0; j < d->num_sm; j++) {
        counting += r[j].bcnt > 0u;
        flushing_holder += r[j].rsnt && k->last_cmd[j] == GPU_PEER_FLUSH && r[j].bcnt > 0u;
        if (r[j].bcnt > d->num_sm) {
            if (f)
                fprintf(f, "V-RSP4: cycle %llu: SM %u expects %u BACKs (NumSm %u)\n",
                        (unsigned long long)cycle, (unsigned)j, (unsigned)r[j].bcnt,
                        (unsigned)d->num_sm);
            bad++;
        }
    }
    if (counting > 1u) {
        if (f)
            fprintf(f, "V-RSP4: cycle %llu: %u L1s count BACKs (one command at a time)\n",
                    (unsigned long long)cycle, (unsigned)counting);
        bad++;
    }
    for (uint32_t j = 0; j < d->num_sm && !flushing_holder; j++)
        if (r[j].cfv) {
            if (f)
                fprintf(f, "V-RSP4: cycle %llu: SM %u runs a command flush, no FLUSH outstanding\n",
                        (unsigned long long)cycle, (unsigned)j);
            bad++;
        }
    return bad;
}

uint64_t gpu_check_rsp(gpu_rsp_chk_t* c, const gpu_desc_t* d, const gpu_l1_t* const* l1,
                       const gpu_l2_t* bank0, uint64_t cycle, FILE* f) {
    if (!d->rsp)
        return 0;
    chk_t* k = &c->k;
    if (!k->live || cycle <= k->last_cycle)
        memset(k, 0, sizeof *k);
    k->live = true;
    k->last_cycle = cycle;
    l1_regs_t r[GPU_MAX_SM];
    for (uint32_t j = 0; j < d->num_sm; j++) {
        r[j] = regs_of(l1[j]);
        observe(k, l1[j], j, &r[j]);
    }
    uint64_t bad = v1_one_holder(&c->st2, d, r, bank0, cycle, f);
    bad += v2_window(k, d, r, cycle, f);
    bad += v3_no_rmw(k, d, l1, cycle, f);
    bad += v4_one_command(k, d, r, cycle, f);
    for (uint32_t j = 0; j < d->num_sm; j++)
        k->rblk[j] = r[j].rblk;
    return bad;
}

uint64_t gpu_check_rsp_backend(gpu_rsp_chk_t* c, const gpu_desc_t* d, const gsys_backend_t* be,
                               uint64_t cycle, FILE* f) {
    if (!d->rsp)
        return 0;
    const gpu_l1_t* l1[GPU_MAX_SM];
    for (uint32_t j = 0; j < d->num_sm; j++)
        l1[j] = gsys_backend_model(be, GPU_SLOT_L1, j);
    return gpu_check_rsp(c, d, l1, gsys_backend_model(be, GPU_SLOT_L2, 0), cycle, f);
}
