/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_timer_ports.h -- the ports of tc_timer (docs/units/tc/tc_timer.md section 2), once: the
 * shim, the lockstep compare, the SystemC pins and the wave lists are expanded from this table
 * (cmodel/gpucoh_ports.h says how to read it). Fields: tc_timer_in_t / tc_timer_out_t.
 */
#ifndef GPUCOH_TC_TIMER_PORTS_H
#define GPUCOH_TC_TIMER_PORTS_H

#include "gpucoh_ports.h"

/* clang-format off */
#define TC_TIMER_PORTS(X, P)                                                                       \
    X(rst_ni,     IN,  1,           rst_n,    SCALAR, WAVE,   "")                                  \
    X(load_i,     IN,  1,           load,     SCALAR, WAVE,   "")                                  \
    X(load_val_i, IN,  P(TsWidth),  load_val, SCALAR, NOWAVE, "")                                  \
    X(now_o,      OUT, P(TsWidth),  now,      SCALAR, WAVE,   "")                                  \
    X(era_o,      OUT, 1,           era,      SCALAR, WAVE,   "")                                  \
    X(roll_o,     OUT, 1,           roll,     SCALAR, WAVE,   "")
/* clang-format on */

#endif
