/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_timer.c -- C reference model of the synchronized timestamp counter.
 * Written from docs/units/tc_timer.md (rules T1-T3) and docs/timing.md only.
 *
 * Readings:
 *  - load_val_i is a TsWidth-bit port: the model takes load_val & (2^TsWidth-1), then
 *    max(., 1) (T1; "0 is taken as 1").
 *  - tc_timer_init() leaves the model in its reset state (now 1, era 0); the state before the
 *    first reset is never compared (docs/timing.md rule 2).
 *  - Coverage: exactly one of T01 reset, T02 count, T03 load, T04 wrap per edge (T1's priority).
 */
#include "tc_timer.h"

#include <stdio.h>
#include <string.h>

static uint32_t ts_max_w(uint32_t w) {
    return w >= 32u ? 0xffffffffu : ((1u << w) - 1u);
}

int tc_timer_init(tc_timer_t* t, uint32_t ts_width, char* msg, size_t msg_len) {
    if (t == NULL) {
        if (msg != NULL && msg_len > 0u) {
            (void)snprintf(msg, msg_len, "tc_timer: t is NULL");
        }
        return 1;
    }
    memset(t, 0, sizeof *t);
    if (ts_width < 8u || ts_width > 32u) {
        if (msg != NULL && msg_len > 0u) {
            (void)snprintf(msg, msg_len, "tc_timer: ts_width = %u is illegal (TsWidth: 8..32)",
                           (unsigned)ts_width);
        }
        return 1;
    }
    t->ts_width = ts_width;
    t->st.now = 1u;
    t->st.era = 0u;
    return 0;
}

void tc_timer_outputs(const tc_timer_t* t, tc_timer_out_t* out) {
    out->now = t->st.now;
    out->era = t->st.era;
    out->roll = (t->st.now == ts_max_w(t->ts_width)); /* T2 */
}

void tc_timer_tick(tc_timer_t* t, const tc_timer_in_t* in, tc_timer_out_t* out) {
    const uint32_t max = ts_max_w(t->ts_width);
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
