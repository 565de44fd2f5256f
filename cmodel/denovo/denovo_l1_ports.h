/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_l1_ports.h -- the ports of denovo_l1 (docs/units/denovo/denovo_l1.md section 2), once:
 * the shim, the lockstep compare, the SystemC pins and the wave lists are expanded from this
 * table (cmodel/gpucoh_ports.h says how to read it). Fields: denovo_l1_in_t / denovo_l1_out_t.
 */
#ifndef GPUCOH_DENOVO_L1_PORTS_H
#define GPUCOH_DENOVO_L1_PORTS_H

#include "gpucoh_ports.h"

/* derived widths: LA = AddrWidth - log2 LineBytes line-address bits, DW = 8 * LineBytes */
#define DENOVO_L1_LA(P) (P(AddrWidth) - GPUCOH_PORT_CLOG2(P(LineBytes)))
#define DENOVO_L1_DW(P) (8u * P(LineBytes))

/* clang-format off */
#define DENOVO_L1_PORTS(X, P)                                                                      \
    X(rst_ni,         IN,  1,               rst_n,        SCALAR, WAVE,   "")                      \
    X(sm_id_i,        IN,  6,               sm_id,        SCALAR, NOWAVE, "")                      \
    X(core_valid_i,   IN,  1,               core.valid,   SCALAR, WAVE,   "")                      \
    X(core_op_i,      IN,  3,               core.op,      SCALAR, NOWAVE, "")                      \
    X(core_wf_i,      IN,  6,               core.wf,      SCALAR, NOWAVE, "")                      \
    X(core_line_i,    IN,  DENOVO_L1_LA(P), core.line,    SCALAR, NOWAVE, "")                      \
    X(core_gpu_i,     IN,  1,               core.gpu,     SCALAR, NOWAVE, "")                      \
    X(core_acq_i,     IN,  1,               core.acq,     SCALAR, NOWAVE, "")                      \
    X(core_rel_i,     IN,  1,               core.rel,     SCALAR, NOWAVE, "")                      \
    X(core_ro_i,      IN,  1,               core.ro,      SCALAR, NOWAVE, "")                      \
    X(core_all_i,     IN,  1,               core.all,     SCALAR, NOWAVE, "")                      \
    X(core_word_i,    IN,  5,               core.word,    SCALAR, NOWAVE, "")                      \
    X(core_data_i,    IN,  DENOVO_L1_DW(P), core.data,    WORDS,  NOWAVE, "")                      \
    X(core_mask_i,    IN,  P(LineBytes),    core.mask,    WORDS,  NOWAVE, "")                      \
    X(core_aop_i,     IN,  2,               core.aop,     SCALAR, NOWAVE, "")                      \
    X(core_a_i,       IN,  32,              core.a,       SCALAR, NOWAVE, "")                      \
    X(core_b_i,       IN,  32,              core.b,       SCALAR, NOWAVE, "")                      \
    X(core_ready_o,   OUT, 1,               core_ready,   SCALAR, WAVE,   "")                      \
    X(crsp_valid_o,   OUT, 1,               crsp.valid,   SCALAR, NOWAVE, "")                      \
    X(crsp_kind_o,    OUT, 2,               crsp.kind,    SCALAR, NOWAVE, "")                      \
    X(crsp_wf_mask_o, OUT, P(NumWf),        crsp.wf_mask, SCALAR, NOWAVE, "")                      \
    X(crsp_line_o,    OUT, DENOVO_L1_LA(P), crsp.line,    SCALAR, NOWAVE, "")                      \
    X(crsp_data_o,    OUT, DENOVO_L1_DW(P), crsp.data,    WORDS,  NOWAVE, "")                      \
    X(in_valid_i,     IN,  1,               msg.valid,    SCALAR, WAVE,   "")                      \
    X(in_kind_i,      IN,  4,               msg.kind,     SCALAR, NOWAVE, "")                      \
    X(in_src_i,       IN,  6,               msg.src,      SCALAR, NOWAVE, "")                      \
    X(in_req_i,       IN,  6,               msg.req,      SCALAR, NOWAVE, "")                      \
    X(in_line_i,      IN,  DENOVO_L1_LA(P), msg.line,     SCALAR, NOWAVE, "")                      \
    X(in_mask_i,      IN,  32,              msg.mask,     SCALAR, NOWAVE, "")                      \
    X(in_pmask_i,     IN,  32,              msg.pmask,    SCALAR, NOWAVE, "")                      \
    X(in_data_i,      IN,  DENOVO_L1_DW(P), msg.data,     WORDS,  NOWAVE, "")                      \
    X(rsp_ready_o,    OUT, 1,               rsp_ready,    SCALAR, WAVE,   "")                      \
    X(peer_ready_o,   OUT, 1,               peer_ready,   SCALAR, WAVE,   "")                      \
    X(req_valid_o,    OUT, 1,               req.valid,    SCALAR, WAVE,   "")                      \
    X(req_kind_o,     OUT, 4,               req.kind,     SCALAR, NOWAVE, "")                      \
    X(req_line_o,     OUT, DENOVO_L1_LA(P), req.line,     SCALAR, NOWAVE, "")                      \
    X(req_mask_o,     OUT, 32,              req.mask,     SCALAR, NOWAVE, "")                      \
    X(req_pmask_o,    OUT, 32,              req.pmask,    SCALAR, NOWAVE, "")                      \
    X(wb_valid_o,     OUT, 1,               wb.valid,     SCALAR, WAVE,   "")                      \
    X(wb_kind_o,      OUT, 4,               wb.kind,      SCALAR, NOWAVE, "")                      \
    X(wb_line_o,      OUT, DENOVO_L1_LA(P), wb.line,      SCALAR, NOWAVE, "")                      \
    X(wb_mask_o,      OUT, 32,              wb.mask,      SCALAR, NOWAVE, "")                      \
    X(wb_pmask_o,     OUT, 32,              wb.pmask,     SCALAR, NOWAVE, "")                      \
    X(wb_data_o,      OUT, DENOVO_L1_DW(P), wb.data,      WORDS,  NOWAVE, "")                      \
    X(peer_valid_o,   OUT, 1,               peer.valid,   SCALAR, WAVE,   "")                      \
    X(peer_kind_o,    OUT, 4,               peer.kind,    SCALAR, NOWAVE, "")                      \
    X(peer_dst_o,     OUT, 6,               peer.dst,     SCALAR, NOWAVE, "")                      \
    X(peer_line_o,    OUT, DENOVO_L1_LA(P), peer.line,    SCALAR, NOWAVE, "")                      \
    X(peer_mask_o,    OUT, 32,              peer.mask,    SCALAR, NOWAVE, "")                      \
    X(peer_data_o,    OUT, DENOVO_L1_DW(P), peer.data,    WORDS,  NOWAVE, "")                      \
    X(fence_done_o,   OUT, P(NumWf),        fence_done,   SCALAR, NOWAVE, "")                      \
    X(drained_o,      OUT, 1,               drained,      SCALAR, NOWAVE, "")
/* clang-format on */

#endif
