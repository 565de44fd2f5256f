/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_gwct.c -- C reference model of the per-wavefront GWCT table and write tracking.
 * Written from docs/units/tc/tc_gwct.md (rules G1-G6), docs/system.md (C2, C7, RO2) and
 * docs/timing.md only, never from the RTL.
 *
 * One tc_gwct_tick() = one rising edge: reset (priority), else G1 (counts, GWCT max), G5 (the
 * obligation's max), then the roll clear, then G3 (registered outputs from the next state and
 * this cycle's now_i).
 *
 * G3 is evaluated from what changed, not over every entry each edge: the idle and full bits of
 * an entry depend on its count alone and its ready bit on its count, its GWCT and now_i, so an
 * edge re-evaluates the entries whose count or GWCT it changed (redo) and, while now_i only
 * grows, the waiting entries (idle, GWCT >= now_i) once now_i passes the least of their GWCTs;
 * a reset, a roll clear or a now_i below the last edge's re-evaluates every entry. The outputs
 * are those of the whole-table G3: test_g3_incremental (tests/tc/test_tc_storage.c) compares
 * the two on random edges, the lockstep compares them with the RTL every cycle.
 *
 * Readings of the spec where it is silent (each also noted where it applies):
 *  - G2 errors (the page's list of illegal inputs and their one effect): an ack whose count is
 *    0 is dropped (no decrement and no GWCT update; an issue of the same edge still applies); an
 *    issue whose count is at the maximum follows G1's arithmetic, modulo 2^WfCntWidth: it wraps
 *    to 0 (with an ack of the same wavefront at the same edge the count stays at the maximum).
 *    "At the maximum" and "is 0" are judged on cnt_q, before the edge, even when the other
 *    operation of the same edge names the same wavefront. An iss_wf_i / ack_wf_i >= NumWf names
 *    no entry (G1 "for each w"): it changes nothing. Each is counted in errors; the last kind
 *    also in errors_wf (the RTL flags it with a warning, the other two with error assertions).
 *    (Until 2026-11 the model dropped an issue at the maximum, against the page; the first
 *    lockstep that presented one, --illegal-rate, diverged on it.)
 *  - ack_gwct_i is taken at TsWidth bits and ack_era_i / era_i at 1 bit (port widths).
 *  - tc_gwct_init() leaves the model in its reset state.
 *  - Coverage: G02 counts every applied issue, one of G03-G06 every applied ack (G03: global 0;
 *    G04/G05: global, same era, above / not above the entry; G06: global, other era); G07 counts
 *    in addition when an applied issue and an applied ack name the same wavefront; G08 counts
 *    once per wavefront whose fence_ready_o bit goes 0 -> 1 at this edge; G09 once per
 *    wavefront whose count becomes 2^WfCntWidth-1 at this edge; G10 every roll edge (no reset).
 *    A reset edge counts G01 only.
 *  - Cover points (spec section 7) are judged on this edge's inputs and the state before it,
 *    except "reaches" / "returns to" / "raises", judged on the state after G1 (before the roll
 *    clear for the GWCT values).
 *  - Obligations (section 8, G5/G6): obl_ts is taken at TsWidth bits with no era check (the port
 *    carries current-era times only; 0 = none); obl_mask bits >= NumWf are ignored without an
 *    error. An obligation applies whatever the ack of the same edge does (also when G2 drops that
 *    ack). It is applied after the ack of G1 (max is commutative, so the state does not depend on
 *    the order) and before the roll clear. A reset edge ignores it.
 *  - Rows G11/G12 count once per entry the obligation names (bit w of obl_mask, w < NumWf): G11
 *    when obl_ts is above the entry after this edge's ack, else G12 (also for obl_ts = 0). F15:
 *    G11 for two or more entries at one edge; F16: an applied ack with GWCT of the current era
 *    (G04/G05) for an entry the obligation names; F17: G11 for at least one entry at a roll edge
 *    (as F10 counts an ack that raises its entry in the roll cycle).
 *  - Reachability: the page counts G11/G12 and F15-F17 only where obligations are presented
 *    (the standalone lockstep, a TC-Weak-C L1). The model does not know its driver, so it
 *    reports them reachable at every NumWf, as it reports the G2 illegal points F12-F13; the
 *    harness that never presents obligations (a TC-Strong / TC-Weak L1, a standalone run
 *    without them) is the one to discount them, as it discounts F12-F14 at an illegal rate 0.
 */
#include "tc_gwct.h"
#include "gpucoh_bits.h"

#include <stdint.h>
#include <string.h>

static uint32_t popcount64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return (uint32_t)__builtin_popcountll(x);
#else
    uint32_t n = 0;
    while (x != 0u) {
        x &= x - 1u;
        n++;
    }
    return n;
#endif
}

static void gwct_reset(tc_gwct_t* g) {
    memset(g->gwct, 0, sizeof(uint32_t) * g->d.num_wf);
    memset(g->cnt, 0, sizeof(uint32_t) * g->d.num_wf);
    g->out.fence_ready = gpucoh_mask64(g->d.num_wf);
    g->out.wr_idle = gpucoh_mask64(g->d.num_wf);
    g->out.full = 0u;
    g->redo = gpucoh_mask64(g->d.num_wf);
    g->wait = 0u;
    g->wait_min = 0u;
    g->now_q = 0u;
}

tc_gwct_desc_t tc_gwct_desc_from(const tc_desc_t* sys) {
    tc_gwct_desc_t d;
    d.num_wf = sys->num_wf;
    d.ts_width = sys->ts_width;
    d.wf_cnt_width = sys->wf_cnt_width;
    d.obl_port = sys->gwct_obl_port;
    return d;
}

int tc_gwct_check_desc(const tc_gwct_desc_t* d, char* msg, size_t msg_len) {
    if (d == NULL) {
        return tc_param_error(msg, msg_len, "tc_gwct: desc is NULL");
    }
    const char* name = NULL;
    const char* range = NULL;
    unsigned val = 0;
    if (d->num_wf < 1u || d->num_wf > TC_MAX_WF) {
        name = "num_wf";
        range = "NumWf: 1..64";
        val = d->num_wf;
    } else if (d->ts_width < 8u || d->ts_width > 32u) {
        name = "ts_width";
        range = "TsWidth: 8..32";
        val = d->ts_width;
    } else if (d->wf_cnt_width < 2u || d->wf_cnt_width > 8u) {
        name = "wf_cnt_width";
        range = "WfCntWidth: 2..8";
        val = d->wf_cnt_width;
    } else if (d->obl_port > 1u) {
        name = "obl_port";
        range = "OblPort: 0..1";
        val = d->obl_port;
    }
    if (name != NULL) {
        return tc_param_error(msg, msg_len, "tc_gwct: %s = %u is illegal (%s)", name, val, range);
    }
    return 0;
}

size_t tc_gwct_size(const tc_gwct_desc_t* d) {
    return tc_gwct_check_desc(d, NULL, 0u) == 0 ? TC_GWCT_BYTES(d->num_wf) : 0u;
}

tc_gwct_t* tc_gwct_init(void* mem, size_t len, const tc_gwct_desc_t* d, char* msg, size_t msg_len) {
    if (tc_gwct_check_desc(d, msg, msg_len) != 0) {
        return NULL;
    }
    const size_t need = tc_gwct_size(d);
    if (mem == NULL || len < need || ((uintptr_t)mem % _Alignof(tc_gwct_t)) != 0u) {
        (void)tc_param_error(msg, msg_len,
                             "tc_gwct: storage %s (%zu bytes at %p; the model needs %zu bytes "
                             "aligned to %zu)",
                             mem == NULL  ? "is NULL"
                             : len < need ? "too small"
                                          : "misaligned",
                             len, mem, need, (size_t) _Alignof(tc_gwct_t));
        return NULL;
    }
    memset(mem, 0, need);
    tc_gwct_t* g = (tc_gwct_t*)mem;
    unsigned char* at = (unsigned char*)mem + TC_GWCT_ALIGN8(sizeof(tc_gwct_t));
    g->gwct = (uint32_t*)(void*)at;
    at += TC_GWCT_ALIGN8(4u * (size_t)d->num_wf);
    g->cnt = (uint32_t*)(void*)at;
    g->d = *d;
    gwct_reset(g);
    return g;
}

void tc_gwct_state_get(const tc_gwct_t* g, tc_gwct_state_t* st) {
    memset(st, 0, sizeof *st);
    memcpy(st->gwct, g->gwct, sizeof(uint32_t) * g->d.num_wf);
    memcpy(st->cnt, g->cnt, sizeof(uint32_t) * g->d.num_wf);
}

/* G2 screening on cnt_q (see the readings above); counts the illegal-input cover points. */
static void gwct_screen(tc_gwct_t* g, const tc_gwct_in_t* in, uint32_t cmax, bool* iss, bool* ack) {
    *iss = in->iss_valid;
    *ack = in->ack_valid;
    if (*iss && in->iss_wf >= g->d.num_wf) {
        g->errors++;
        g->errors_wf++;
        g->fcov[TC_GWCT_F_ILL_WF_RANGE]++;
        *iss = false;
    } else if (*iss && g->cnt[in->iss_wf] == cmax) {
        g->errors++; /* applied: wraps */
        g->fcov[TC_GWCT_F_ILL_ISS_MAX]++;
    }
    if (*ack && in->ack_wf >= g->d.num_wf) {
        g->errors++;
        g->errors_wf++;
        g->fcov[TC_GWCT_F_ILL_WF_RANGE]++;
        *ack = false;
    } else if (*ack && g->cnt[in->ack_wf] == 0u) {
        g->errors++;
        g->fcov[TC_GWCT_F_ILL_ACK_IDLE]++;
        *ack = false;
    }
}

/* An issue reached the maximum (G09): which entry, and whether every entry is full now. */
static void gwct_fcov_full(tc_gwct_t* g, uint32_t w, uint32_t cmax) {
    g->fcov[TC_GWCT_F_MAX_WF0] += w == 0u;
    g->fcov[TC_GWCT_F_MAX_WFLAST] += w + 1u == g->d.num_wf;
    for (uint32_t x = 0; x < g->d.num_wf; x++) {
        if (g->cnt[x] != cmax) {
            return;
        }
    }
    g->fcov[TC_GWCT_F_ALL_FULL]++;
}

/* G1 for an applied ack of wavefront w (its count is not 0). */
static void gwct_ack(tc_gwct_t* g, const tc_gwct_in_t* in, bool same_iss, uint32_t cmax,
                     uint32_t tmax) {
    const uint32_t w = in->ack_wf;
    const uint32_t era = in->t.era & 1u;
    g->redo |= (uint64_t)1 << w;
    g->fcov[TC_GWCT_F_FROM_MAX] += g->cnt[w] == cmax && !same_iss;
    g->cnt[w] = (g->cnt[w] - 1u) & cmax;
    if (!in->ack_global) {
        g->cov[TC_GWCT_T_ACK]++;
    } else if ((in->ack_era & 1u) != era) {
        g->cov[TC_GWCT_T_ACK_OLD]++;
        g->fcov[TC_GWCT_F_OLD_ERA1] += era;
    } else {
        const uint32_t v = in->ack_gwct & tmax;
        if (v > g->gwct[w]) {
            g->gwct[w] = v;
            g->cov[TC_GWCT_T_ACK_RAISE]++;
            g->fcov[TC_GWCT_F_GWCT_NOW] += v == in->t.now;
            g->fcov[TC_GWCT_F_GWCT_MAX] += v == tmax;
            g->fcov[TC_GWCT_F_ROLL_ACK] += in->t.roll;
        } else {
            g->cov[TC_GWCT_T_ACK_KEEP]++;
        }
    }
    if (same_iss) {
        g->cov[TC_GWCT_T_ISS_ACK]++;
    }
    g->fcov[TC_GWCT_F_IDLE_PENDING] +=
        g->cnt[w] == 0u && !same_iss && !in->t.roll && g->gwct[w] >= in->t.now;
}

/* G5/G6: an obligation raises the GWCT of every entry of obl_mask (w < NumWf) to obl_ts; counts
 * G11/G12 and F15-F17. ack: the ack of this edge was applied (not dropped by G2). */
static void gwct_obl(tc_gwct_t* g, const tc_gwct_in_t* in, bool ack, uint32_t tmax) {
    const uint64_t mask = in->obl_mask & gpucoh_mask64(g->d.num_wf);
    const uint32_t v = in->obl_ts & tmax;
    uint32_t raised = 0;
    for (uint32_t w = 0; w < g->d.num_wf; w++) {
        if (((mask >> w) & 1u) == 0u) {
            continue;
        }
        if (v > g->gwct[w]) {
            g->gwct[w] = v;
            g->redo |= (uint64_t)1 << w;
            g->cov[TC_GWCT_T_OBL_RAISE]++;
            raised++;
        } else {
            g->cov[TC_GWCT_T_OBL_KEEP]++;
        }
    }
    g->fcov[TC_GWCT_F_OBL_MULTI] += raised >= 2u;
    g->fcov[TC_GWCT_F_OBL_ROLL] += raised >= 1u && in->t.roll;
    g->fcov[TC_GWCT_F_OBL_WITH_ACK] += ack && in->ack_global &&
                                       (in->ack_era & 1u) == (in->t.era & 1u) &&
                                       ((mask >> in->ack_wf) & 1u) != 0u;
}

/* The roll clear (RO2). */
static void gwct_roll(tc_gwct_t* g) {
    for (uint32_t w = 0; w < g->d.num_wf; w++) {
        if (g->gwct[w] != 0u) {
            g->fcov[TC_GWCT_F_ROLL_PENDING]++;
            break;
        }
    }
    memset(g->gwct, 0, sizeof(uint32_t) * g->d.num_wf);
    g->redo = gpucoh_mask64(g->d.num_wf);
    g->cov[TC_GWCT_T_ROLL]++;
}

/* G3 for entry w: its idle, full and ready bits from cnt_d, gwct_d and now_i. */
static void gwct_entry(tc_gwct_t* g, uint32_t w, uint32_t now, uint32_t cmax, tc_gwct_out_t* o) {
    const uint64_t bit = (uint64_t)1 << w;
    const uint32_t c = g->cnt[w];
    o->wr_idle = c == 0u ? o->wr_idle | bit : o->wr_idle & ~bit;
    o->full = c == cmax ? o->full | bit : o->full & ~bit;
    o->fence_ready = c == 0u && g->gwct[w] < now ? o->fence_ready | bit : o->fence_ready & ~bit;
}

/* G3: registered outputs from cnt_d, gwct_d and this cycle's now_i, re-evaluated where they can
 * have changed (see the top of the file). */
static void gwct_outputs(tc_gwct_t* g, uint32_t now, uint32_t cmax) {
    uint64_t redo = g->redo;
    if (now < g->now_q) {
        redo = gpucoh_mask64(g->d.num_wf);
    } else if (g->wait != 0u && now > g->wait_min) {
        redo |= g->wait;
    }
    g->redo = 0u;
    g->now_q = now;
    if (redo == 0u) {
        return;
    }
    tc_gwct_out_t o = g->out;
    for (uint64_t m = redo; m != 0u; m &= m - 1u) {
        gwct_entry(g, gpucoh_ctz64(m), now, cmax, &o);
    }
    g->wait = o.wr_idle & ~o.fence_ready;
    g->wait_min = UINT32_MAX;
    for (uint64_t m = g->wait; m != 0u; m &= m - 1u) {
        const uint32_t v = g->gwct[gpucoh_ctz64(m)];
        g->wait_min = v < g->wait_min ? v : g->wait_min;
    }
    g->cov[TC_GWCT_T_READY] += popcount64(o.fence_ready & ~g->out.fence_ready);
    g->out = o;
}

void tc_gwct_tick(tc_gwct_t* g, const tc_gwct_in_t* in, tc_gwct_out_t* out) {
    if (!in->rst_n) {
        gwct_reset(g);
        g->cov[TC_GWCT_T_RESET]++;
        if (out != NULL) {
            *out = g->out;
        }
        return;
    }
    const uint32_t cmax = (1u << g->d.wf_cnt_width) - 1u;
    const uint32_t tmax = tc_ts_max_w(g->d.ts_width);
    bool iss, ack;
    gwct_screen(g, in, cmax, &iss, &ack);
    g->fcov[TC_GWCT_F_TOP_CROSS] += in->t.now == (tmax >> 1) + 1u;

    /* G1: counts modulo 2^WfCntWidth, the GWCT max, then the roll clear */
    if (iss) {
        const uint32_t w = in->iss_wf;
        g->cnt[w] = (g->cnt[w] + 1u) & cmax;
        g->redo |= (uint64_t)1 << w;
        g->cov[TC_GWCT_T_ISSUE]++;
        if (g->cnt[w] == cmax && !(ack && in->ack_wf == w)) {
            g->cov[TC_GWCT_T_FULL]++;
            gwct_fcov_full(g, w, cmax);
        }
    }
    if (ack) {
        gwct_ack(g, in, iss && in->iss_wf == in->ack_wf, cmax, tmax);
    }
    if (in->obl_valid && g->d.obl_port != 0u) {
        gwct_obl(g, in, ack, tmax); /* G5; G7: no port, no obligation */
    }
    if (in->t.roll) {
        gwct_roll(g);
    }
    gwct_outputs(g, in->t.now, cmax);
    if (out != NULL) {
        *out = g->out;
    }
}

void tc_gwct_tick_quiet(tc_gwct_t* g, uint32_t now) {
    const uint32_t tmax = tc_ts_max_w(g->d.ts_width);
    g->fcov[TC_GWCT_F_TOP_CROSS] += now == (tmax >> 1) + 1u;
    if (g->redo == 0u && now >= g->now_q && (g->wait == 0u || now <= g->wait_min)) {
        g->now_q = now; /* gwct_outputs would re-evaluate no entry */
        return;
    }
    gwct_outputs(g, now, (1u << g->d.wf_cnt_width) - 1u);
}

static const char* const gwct_ids[TC_GWCT_T_N] = {"G01", "G02", "G03", "G04", "G05", "G06",
                                                  "G07", "G08", "G09", "G10", "G11", "G12"};
static const char* const gwct_names[TC_GWCT_T_N] = {
    "reset",
    "issue",
    "ack without GWCT",
    "ack with GWCT, raises the entry",
    "ack with GWCT, not above the entry",
    "ack with GWCT from the previous era (ignored)",
    "issue and ack in one cycle (same wavefront)",
    "fence ready rises",
    "counter reaches its maximum",
    "roll clear",
    "obligation raises the entry",
    "obligation does not raise the entry (already at or above)",
};

const char* tc_gwct_trans_id(tc_gwct_trans_t r) {
    return (unsigned)r < (unsigned)TC_GWCT_T_N ? gwct_ids[r] : "?";
}

const char* tc_gwct_trans_name(tc_gwct_trans_t r) {
    return (unsigned)r < (unsigned)TC_GWCT_T_N ? gwct_names[r] : "?";
}

static const char* const gwct_fcov_names[TC_GWCT_F_N] = {
    "wavefront 0's count reaches its maximum",
    "wavefront NumWf-1's count reaches its maximum",
    "every count at its maximum at once",
    "a count falls from its maximum (ack)",
    "a count returns to 0, its GWCT not expired",
    "an ack raises an entry to exactly now_i",
    "an ack raises an entry to 2^TsWidth-1",
    "now_i crosses into the top bit",
    "roll clear of a non-zero GWCT",
    "current-era GWCT acked in the roll cycle",
    "previous-era GWCT ignored in era 1",
    "G2 illegal: ack of an idle wavefront",
    "G2 illegal: issue at the maximum (wraps)",
    "G2 illegal: wavefront number >= NumWf",
    "OBL_MULTI: one obligation raises two or more entries",
    "OBL_WITH_ACK: an obligation and an ack with GWCT for one entry",
    "OBL_ROLL: an obligation in the roll cycle (cleared at once)",
};

const char* tc_gwct_fcov_name(tc_gwct_fcov_t f) {
    return (unsigned)f < (unsigned)TC_GWCT_F_N ? gwct_fcov_names[f] : "?";
}

uint32_t tc_gwct_read(const tc_gwct_t* g, uint32_t wf) {
    return wf < g->d.num_wf ? g->gwct[wf] : 0u;
}

/* F15-F17 count as reachable at every NumWf with the obligation port (see the readings at the
 * top: obligations), never without it (G7). */
bool tc_gwct_fcov_reachable(const tc_gwct_t* g, tc_gwct_fcov_t f) {
    if (f == TC_GWCT_F_ILL_WF_RANGE) {
        return g->d.num_wf < TC_MAX_WF; /* the 6-bit port names only entries at NumWf = 64 */
    }
    if (f >= TC_GWCT_F_OBL_MULTI && f <= TC_GWCT_F_OBL_ROLL) {
        return g->d.obl_port != 0u;
    }
    return (unsigned)f < (unsigned)TC_GWCT_F_N;
}
