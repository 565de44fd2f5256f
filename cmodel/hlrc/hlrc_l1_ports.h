/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_l1_ports.h -- the ports of hlrc_l1 (docs/units/hlrc/hlrc_l1.md section 2, in the page's
 * order and names), once: the shim, the lockstep compare, the SystemC pins and the wave lists are
 * expanded from this table (cmodel/gpucoh_ports.h says how to read it). Fields: hlrc_l1_in_t /
 * hlrc_l1_out_t.
 */
#ifndef GPUCOH_HLRC_L1_PORTS_H
#define GPUCOH_HLRC_L1_PORTS_H

#include "gpucoh_ports.h"

/* derived widths: LA = AddrWidth - log2 LineBytes line-address bits, DW = 8 * LineBytes */
#define HLRC_L1_LA(P) (P(AddrWidth) - GPUCOH_PORT_CLOG2(P(LineBytes)))
#define HLRC_L1_DW(P) (8u * P(LineBytes))

/* clang-format off */
#define HLRC_L1_PORTS(X, P)                                                                        \
    X(rst_ni,         IN,  1,               rst_n,        SCALAR, WAVE,   "")                      \
    X(core_valid_i,   IN,  1,               core.valid,   SCALAR, WAVE,   "")                      \
    X(core_op_i,      IN,  3,               core.op,      SCALAR, NOWAVE, "")                      \
    X(core_wf_i,      IN,  6,               core.wf,      SCALAR, NOWAVE, "")                      \
    X(core_line_i,    IN,  HLRC_L1_LA(P),   core.line,    SCALAR, NOWAVE, "")                      \
    X(core_gpu_i,     IN,  1,               core.gpu,     SCALAR, NOWAVE, "")                      \
    X(core_acq_i,     IN,  1,               core.acq,     SCALAR, NOWAVE, "")                      \
    X(core_rel_i,     IN,  1,               core.rel,     SCALAR, NOWAVE, "")                      \
    X(core_data_i,    IN,  HLRC_L1_DW(P),   core.data,    WORDS,  NOWAVE, "")                      \
    X(core_mask_i,    IN,  P(LineBytes),    core.mask,    WORDS,  NOWAVE, "")                      \
    X(core_aop_i,     IN,  2,               core.aop,     SCALAR, NOWAVE, "")                      \
    X(core_word_i,    IN,  5,               core.word,    SCALAR, NOWAVE, "")                      \
    X(core_a_i,       IN,  32,              core.a,       SCALAR, NOWAVE, "")                      \
    X(core_b_i,       IN,  32,              core.b,       SCALAR, NOWAVE, "")                      \
    X(core_ready_o,   OUT, 1,               core_ready,   SCALAR, WAVE,   "")                      \
    X(crsp_valid_o,   OUT, 1,               crsp.valid,   SCALAR, NOWAVE, "")                      \
    X(crsp_kind_o,    OUT, 2,               crsp.kind,    SCALAR, NOWAVE, "")                      \
    X(crsp_wf_mask_o, OUT, P(NumWf),        crsp.wf_mask, SCALAR, NOWAVE, "")                      \
    X(crsp_line_o,    OUT, HLRC_L1_LA(P),   crsp.line,    SCALAR, NOWAVE, "")                      \
    X(crsp_data_o,    OUT, HLRC_L1_DW(P),   crsp.data,    WORDS,  NOWAVE, "")                      \
    X(rsp_valid_i,    IN,  1,               msg.valid,    SCALAR, WAVE,   "")                      \
    X(rsp_kind_i,     IN,  4,               msg.kind,     SCALAR, NOWAVE, "")                      \
    X(rsp_wf_i,       IN,  6,               msg.wf,       SCALAR, NOWAVE, "")                      \
    X(rsp_line_i,     IN,  HLRC_L1_LA(P),   msg.line,     SCALAR, NOWAVE, "")                      \
    X(rsp_data_i,     IN,  HLRC_L1_DW(P),   msg.data,     WORDS,  NOWAVE, "")                      \
    X(req_valid_o,    OUT, 1,               req.valid,    SCALAR, WAVE,   "")                      \
    X(req_kind_o,     OUT, 4,               req.kind,     SCALAR, NOWAVE, "")                      \
    X(req_line_o,     OUT, HLRC_L1_LA(P),   req.line,     SCALAR, NOWAVE, "")                      \
    X(req_mask_o,     OUT, P(LineBytes),    req.mask,     WORDS,  NOWAVE, "")                      \
    X(req_data_o,     OUT, HLRC_L1_DW(P),   req.data,     WORDS,  NOWAVE, "")                      \
    X(sync_valid_o,   OUT, 1,               sync.valid,   SCALAR, WAVE,   "")                      \
    X(sync_kind_o,    OUT, 4,               sync.kind,    SCALAR, NOWAVE, "")                      \
    X(sync_line_o,    OUT, HLRC_L1_LA(P),   sync.line,    SCALAR, NOWAVE, "")                      \
    X(sync_wf_o,      OUT, 6,               sync.wf,      SCALAR, NOWAVE, "")                      \
    X(sync_word_o,    OUT, 5,               sync.word,    SCALAR, NOWAVE, "")                      \
    X(sync_aop_o,     OUT, 2,               sync.aop,     SCALAR, NOWAVE, "")                      \
    X(sync_bmask_o,   OUT, 4,               sync.bmask,   SCALAR, NOWAVE, "")                      \
    X(sync_a_o,       OUT, 32,              sync.a,       SCALAR, NOWAVE, "")                      \
    X(sync_b_o,       OUT, 32,              sync.b,       SCALAR, NOWAVE, "")                      \
    X(wb_valid_o,     OUT, 1,               wb.valid,     SCALAR, WAVE,   "")                      \
    X(wb_kind_o,      OUT, 4,               wb.kind,      SCALAR, NOWAVE, "")                      \
    X(wb_line_o,      OUT, HLRC_L1_LA(P),   wb.line,      SCALAR, NOWAVE, "")                      \
    X(fence_done_o,   OUT, P(NumWf),        fence_done,   SCALAR, NOWAVE, "")                      \
    X(drained_o,      OUT, 1,               drained,      SCALAR, NOWAVE, "")
/* clang-format on */

#endif
