/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_l1_ports.h -- the ports of gtsc_l1 (docs/units/gtsc/gtsc_l1.md section 2, in the page's
 * order and names), once (cmodel/gpucoh_ports.h says how to read it). Fields: gtsc_l1_in_t /
 * gtsc_l1_out_t.
 */
#ifndef GPUCOH_GTSC_L1_PORTS_H
#define GPUCOH_GTSC_L1_PORTS_H

#include "gpucoh_ports.h"

/* derived widths: LA = AddrWidth - log2 LineBytes line-address bits, DW = 8 * LineBytes */
#define GTSC_L1_LA(P) (P(AddrWidth) - GPUCOH_PORT_CLOG2(P(LineBytes)))
#define GTSC_L1_DW(P) (8u * P(LineBytes))

/* clang-format off */
#define GTSC_L1_PORTS(X, P)                                                                        \
    X(rst_ni,         IN,  1,               rst_n,        SCALAR, WAVE,   "")                      \
    X(tsrst_i,        IN,  1,               tsrst,        SCALAR, WAVE,   "")                      \
    X(core_valid_i,   IN,  1,               core.valid,   SCALAR, WAVE,   "")                      \
    X(core_op_i,      IN,  2,               core.op,      SCALAR, NOWAVE, "")                      \
    X(core_wf_i,      IN,  6,               core.wf,      SCALAR, NOWAVE, "")                      \
    X(core_line_i,    IN,  GTSC_L1_LA(P),   core.line,    SCALAR, NOWAVE, "")                      \
    X(core_data_i,    IN,  GTSC_L1_DW(P),   core.data,    WORDS,  NOWAVE, "")                      \
    X(core_mask_i,    IN,  P(LineBytes),    core.mask,    WORDS,  NOWAVE, "")                      \
    X(core_aop_i,     IN,  2,               core.aop,     SCALAR, NOWAVE, "")                      \
    X(core_word_i,    IN,  5,               core.word,    SCALAR, NOWAVE, "")                      \
    X(core_a_i,       IN,  32,              core.a,       SCALAR, NOWAVE, "")                      \
    X(core_b_i,       IN,  32,              core.b,       SCALAR, NOWAVE, "")                      \
    X(core_ready_o,   OUT, 1,               core_ready,   SCALAR, WAVE,   "")                      \
    X(crsp_valid_o,   OUT, 1,               crsp.valid,   SCALAR, WAVE,   "")                      \
    X(crsp_kind_o,    OUT, 2,               crsp.kind,    SCALAR, NOWAVE, "")                      \
    X(crsp_wf_mask_o, OUT, P(NumWf),        crsp.wf_mask, SCALAR, NOWAVE, "")                      \
    X(crsp_line_o,    OUT, GTSC_L1_LA(P),   crsp.line,    SCALAR, NOWAVE, "")                      \
    X(crsp_data_o,    OUT, GTSC_L1_DW(P),   crsp.data,    WORDS,  NOWAVE, "")                      \
    X(rsp_valid_i,    IN,  1,               rsp.valid,    SCALAR, WAVE,   "")                      \
    X(rsp_kind_i,     IN,  3,               rsp.kind,     SCALAR, NOWAVE, "")                      \
    X(rsp_wf_i,       IN,  6,               rsp.wf,       SCALAR, NOWAVE, "")                      \
    X(rsp_line_i,     IN,  GTSC_L1_LA(P),   rsp.line,     SCALAR, NOWAVE, "")                      \
    X(rsp_wts_i,      IN,  P(TsWidth),      rsp.wts,      SCALAR, NOWAVE, "")                      \
    X(rsp_rts_i,      IN,  P(TsWidth),      rsp.rts,      SCALAR, NOWAVE, "")                      \
    X(rsp_keep_i,     IN,  1,               rsp.keep,     SCALAR, NOWAVE, "")                      \
    X(rsp_ep_i,       IN,  P(EpWidth),      rsp.ep,       SCALAR, NOWAVE, "")                      \
    X(rsp_data_i,     IN,  GTSC_L1_DW(P),   rsp.data,     WORDS,  NOWAVE, "")                      \
    X(req_valid_o,    OUT, 1,               req.valid,    SCALAR, WAVE,   "")                      \
    X(req_kind_o,     OUT, 2,               req.kind,     SCALAR, NOWAVE, "")                      \
    X(req_wf_o,       OUT, 6,               req.wf,       SCALAR, NOWAVE, "")                      \
    X(req_line_o,     OUT, GTSC_L1_LA(P),   req.line,     SCALAR, NOWAVE, "")                      \
    X(req_wts_o,      OUT, P(TsWidth),      req.wts,      SCALAR, NOWAVE, "")                      \
    X(req_warp_ts_o,  OUT, P(TsWidth),      req.warp_ts,  SCALAR, NOWAVE, "")                      \
    X(req_ep_o,       OUT, P(EpWidth),      req.ep,       SCALAR, NOWAVE, "")                      \
    X(req_data_o,     OUT, GTSC_L1_DW(P),   req.data,     WORDS,  NOWAVE, "")                      \
    X(req_mask_o,     OUT, P(LineBytes),    req.mask,     WORDS,  NOWAVE, "")                      \
    X(req_aop_o,      OUT, 2,               req.aop,      SCALAR, NOWAVE, "")                      \
    X(req_word_o,     OUT, 5,               req.word,     SCALAR, NOWAVE, "")                      \
    X(req_a_o,        OUT, 32,              req.a,        SCALAR, NOWAVE, "")                      \
    X(req_b_o,        OUT, 32,              req.b,        SCALAR, NOWAVE, "")                      \
    X(wr_idle_o,      OUT, P(NumWf),        wr_idle,      SCALAR, NOWAVE, "")
/* clang-format on */

#endif
