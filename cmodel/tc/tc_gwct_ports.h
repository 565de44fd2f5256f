/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_gwct_ports.h -- the ports of tc_gwct (docs/units/tc/tc_gwct.md section 2), once: the shim, the
 * lockstep compare, the SystemC pins and the wave lists are expanded from this table
 * (cmodel/gpucoh_ports.h says how to read it). Fields: tc_gwct_in_t / tc_gwct_out_t. rd_wf_i /
 * rd_gwct_o: the combinational read port inside tc_l1, no C field (shape NONE).
 */
#ifndef GPUCOH_TC_GWCT_PORTS_H
#define GPUCOH_TC_GWCT_PORTS_H

#include "gpucoh_ports.h"

/* clang-format off */
#define TC_GWCT_PORTS(X, P)                                                                        \
    X(rst_ni,        IN,  1,          rst_n,       SCALAR, WAVE, "")                               \
    X(now_i,         IN,  P(TsWidth), t.now,       SCALAR, WAVE, "")                               \
    X(era_i,         IN,  1,          t.era,       SCALAR, NOWAVE, "")                             \
    X(roll_i,        IN,  1,          t.roll,      SCALAR, WAVE, "")                               \
    X(iss_valid_i,   IN,  1,          iss_valid,   SCALAR, WAVE, "")                               \
    X(iss_wf_i,      IN,  6,          iss_wf,      SCALAR, WAVE, "")                               \
    X(ack_valid_i,   IN,  1,          ack_valid,   SCALAR, WAVE, "")                               \
    X(ack_wf_i,      IN,  6,          ack_wf,      SCALAR, WAVE, "")                               \
    X(ack_global_i,  IN,  1,          ack_global,  SCALAR, WAVE, "")                               \
    X(ack_gwct_i,    IN,  P(TsWidth), ack_gwct,    SCALAR, WAVE, "")                               \
    X(ack_era_i,     IN,  1,          ack_era,     SCALAR, NOWAVE, "")                             \
    X(obl_valid_i,   IN,  1,          obl_valid,   SCALAR, NOWAVE, "")                             \
    X(obl_mask_i,    IN,  P(NumWf),   obl_mask,    SCALAR, NOWAVE, "")                             \
    X(obl_ts_i,      IN,  P(TsWidth), obl_ts,      SCALAR, NOWAVE, "")                             \
    X(rd_wf_i,       IN,  6,          _,           NONE,   NOWAVE, "")                             \
    X(fence_ready_o, OUT, P(NumWf),   fence_ready, SCALAR, WAVE, "")                               \
    X(wr_idle_o,     OUT, P(NumWf),   wr_idle,     SCALAR, WAVE, "")                               \
    X(full_o,        OUT, P(NumWf),   full,        SCALAR, NOWAVE, "")                             \
    X(rd_gwct_o,     OUT, P(TsWidth), _,           NONE,   NOWAVE, "")
/* clang-format on */

#endif
