/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_timer.c -- C reference model of the synchronized timestamp counter.
 * Written from docs/units/tc/tc_timer.md (rules T1-T3) and docs/timing.md only.
 *
 * Readings:
 *  - load_val_i is a TsWidth-bit port: the model takes load_val & (2^TsWidth-1), then
 *    max(., 1) (T1; "0 is taken as 1").
 *  - tc_timer_init() leaves the model in its reset state (now 1, era 0); the state before the
 *    first reset is never compared (docs/timing.md rule 2).
 *  - Coverage: exactly one of T01 reset, T02 count, T03 load, T04 wrap per edge (T1's priority).
 *  - Cover points (spec section 7): judged on the state before the edge and this edge's inputs;
 *    "the roll cycle" is now_q == 2^TsWidth-1 (roll_o = 1).
 */
#include "tc_timer.h"

#include <stdint.h>
#include <string.h>

tc_timer_desc_t tc_timer_desc_from(const tc_desc_t* sys) {
    tc_timer_desc_t d;
    d.ts_width = sys->ts_width;
    return d;
}

int tc_timer_check_desc(const tc_timer_desc_t* d, char* msg, size_t msg_len) {
    if (d == NULL) {
        return tc_param_error(msg, msg_len, "tc_timer: desc is NULL");
    }
    if (d->ts_width < 8u || d->ts_width > 32u) {
        return tc_param_error(msg, msg_len, "tc_timer: ts_width = %u is illegal (TsWidth: 8..32)",
                              (unsigned)d->ts_width);
    }
    return 0;
}

size_t tc_timer_size(const tc_timer_desc_t* d) {
    return tc_timer_check_desc(d, NULL, 0u) == 0 ? sizeof(tc_timer_t) : 0u;
}

tc_timer_t* tc_timer_init(void* mem, size_t len, const tc_timer_desc_t* d, char* msg,
                          size_t msg_len) {
    if (tc_timer_check_desc(d, msg, msg_len) != 0) {
        return NULL;
    }
    const size_t need = tc_timer_size(d);
    if (mem == NULL || len < need || ((uintptr_t)mem % _Alignof(tc_timer_t)) != 0u) {
        (void)tc_param_error(msg, msg_len,
                             "tc_timer: storage %s (%zu bytes at %p; the model needs %zu bytes "
                             "aligned to %zu)",
                             mem == NULL  ? "is NULL"
                             : len < need ? "too small"
                                          : "misaligned",
                             len, mem, need, (size_t) _Alignof(tc_timer_t));
        return NULL;
    }
    tc_timer_t* t = (tc_timer_t*)mem;
    memset(t, 0, need);
    t->d = *d;
    t->st.now = 1u;
    t->st.era = 0u;
    return t;
}

void tc_timer_outputs(const tc_timer_t* t, tc_timer_out_t* out) {
    out->now = t->st.now;
    out->era = t->st.era;
    out->roll = (t->st.now == tc_ts_max_w(t->d.ts_width)); /* T2 */
}

/* Cover points of one edge, before the state changes. */
static void timer_fcov(tc_timer_t* t, const tc_timer_in_t* in, uint32_t max) {
    uint64_t* f = t->fcov;
    const bool roll = t->st.now == max;
    const bool era1 = t->st.era != 0u;
    if (!in->rst_n) {
        if (roll) {
            f[era1 ? TC_TIMER_F_RESET_ROLL_ERA1 : TC_TIMER_F_RESET_ROLL]++;
        }
        f[TC_TIMER_F_RESET_LOAD] += in->load;
        return;
    }
    if (in->load) {
        const uint32_t v = in->load_val & max;
        f[TC_TIMER_F_LOAD_ZERO] += v == 0u;
        f[TC_TIMER_F_LOAD_MAX] += v == max;
        f[TC_TIMER_F_LOAD_ROLL] += roll;
        f[TC_TIMER_F_LOAD_ERA1] += era1;
        return;
    }
    if (roll) {
        f[era1 ? TC_TIMER_F_WRAP_ERA1 : TC_TIMER_F_WRAP_ERA0]++;
        return;
    }
    f[TC_TIMER_F_COUNT_MAX] += t->st.now + 1u == max;
    f[TC_TIMER_F_CARRY_TOP] += t->st.now == (max >> 1); /* 2^(W-1)-1 -> 2^(W-1) */
}

void tc_timer_tick(tc_timer_t* t, const tc_timer_in_t* in, tc_timer_out_t* out) {
    const uint32_t max = tc_ts_max_w(t->d.ts_width);
    timer_fcov(t, in, max);
    if (!in->rst_n) {
        t->st.now = 1u;
        t->st.era = 0u;
        t->cov[TC_TIMER_T_RESET]++;
    } else if (in->load) {
        const uint32_t v = in->load_val & max;
        t->st.now = v == 0u ? 1u : v;
        t->cov[TC_TIMER_T_LOAD]++;
    } else if (t->st.now == max) {
        t->st.now = 1u;
        t->st.era ^= 1u;
        t->cov[TC_TIMER_T_WRAP]++;
    } else {
        t->st.now++;
        t->cov[TC_TIMER_T_COUNT]++;
    }
    if (out != NULL) {
        tc_timer_outputs(t, out);
    }
}

const char* tc_timer_trans_name(tc_timer_trans_t r) {
    switch (r) {
    case TC_TIMER_T_RESET:
        return "reset";
    case TC_TIMER_T_COUNT:
        return "count";
    case TC_TIMER_T_LOAD:
        return "load";
    case TC_TIMER_T_WRAP:
        return "wrap";
    default:
        return "?";
    }
}

static const char* const timer_fcov_names[TC_TIMER_F_N] = {
    "count reaches the maximum 2^TsWidth-1",
    "wrap in era 0 (era 0 -> 1)",
    "wrap in era 1 (era 1 -> 0)",
    "count carries into the top bit",
    "load of 0 (taken as 1)",
    "load of the maximum",
    "load in the roll cycle (no wrap, era kept)",
    "load in era 1 (era kept)",
    "reset in the roll cycle, era 0",
    "reset in the roll cycle, era 1",
    "reset and load at one edge (reset wins)",
};

const char* tc_timer_fcov_name(tc_timer_fcov_t f) {
    return (unsigned)f < (unsigned)TC_TIMER_F_N ? timer_fcov_names[f] : "?";
}

bool tc_timer_fcov_reachable(const tc_timer_t* t, tc_timer_fcov_t f) {
    (void)t;
    return (unsigned)f < (unsigned)TC_TIMER_F_N;
}
