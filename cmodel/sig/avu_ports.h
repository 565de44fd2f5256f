/* SPDX-License-Identifier: Apache-2.0 */
/*
 * avu_ports.h -- the ports of avu (docs/units/sig/avu.md section 2), once: the shim, the lockstep
 * compare, the SystemC pins and the wave lists are expanded from this table (cmodel/gpucoh_ports.h
 * says how to read it). Fields: avu_in_t / avu_out_t.
 * Rows in the RTL's order but rsp_ready_o, after the RDU side's inputs (the wave list's order).
 */
#ifndef GPUCOH_AVU_PORTS_H
#define GPUCOH_AVU_PORTS_H

#include "gpucoh_ports.h"

/* derived width (section 1): CIW = max(1, log2(SigBits / ChunkWidth)) */
#define AVU_CIW(P) GPUCOH_PORT_MAX1(GPUCOH_PORT_CLOG2(P(SigBits) / P(ChunkWidth)))

/* clang-format off */
#define AVU_PORTS(X, P)                                                                            \
    X(rst_ni,       IN,  1,                              rst_n,      SCALAR, WAVE, "")             \
    X(op_valid_i,   IN,  1,                              op_valid,   SCALAR, WAVE, "")             \
    X(ready_o,      OUT, 1,                              ready,      SCALAR, WAVE, "")             \
    X(op_store_i,   IN,  1,                              op_store,   SCALAR, WAVE, "")             \
    X(op_line_i,    IN,  GPUCOH_PORT_CLOG2(P(NumLines)), op_line,    SCALAR, WAVE, "")             \
    X(op_hit_i,     IN,  1,                              op_hit,     SCALAR, WAVE, "")             \
    X(op_addr_i,    IN,  P(AddrWidth),                   op_addr,    SCALAR, WAVE, "")             \
    X(op_mask_i,    IN,  P(LineBytes),                   op_mask,    WORDS,  NOWAVE, "")           \
    X(op_id_i,      IN,  P(IdWidth),                     op_id,      SCALAR, NOWAVE, "")           \
    X(rsp_valid_i,  IN,  1,                              rsp_valid,  SCALAR, WAVE, "")             \
    X(rsp_kind_i,   IN,  3,                              rsp_kind,   SCALAR, WAVE, "rdu_kind.txt") \
    X(rsp_idx_i,    IN,  AVU_CIW(P),                     rsp_idx,    SCALAR, WAVE, "")             \
    X(rsp_last_i,   IN,  1,                              rsp_last,   SCALAR, WAVE, "")             \
    X(rsp_chunk_i,  IN,  P(ChunkWidth),                  rsp_chunk,  WORDS,  NOWAVE, "")           \
    X(rsp_ready_o,  OUT, 1,                              rsp_ready,  SCALAR, WAVE, "")             \
    X(res_valid_o,  OUT, 1,                              res_valid,  SCALAR, WAVE, "")             \
    X(res_kind_o,   OUT, 3,                              res_kind,   SCALAR, WAVE, "avu_res.txt")  \
    X(res_spec_o,   OUT, 1,                              res_spec,   SCALAR, WAVE, "")             \
    X(res_rc_o,     OUT, 1,                              res_rc,     SCALAR, WAVE, "")             \
    X(res_id_o,     OUT, P(IdWidth),                     res_id,     SCALAR, NOWAVE, "")           \
    X(cmt_valid_o,  OUT, 1,                              cmt_valid,  SCALAR, WAVE, "")             \
    X(cmt_failed_o, OUT, 1,                              cmt_failed, SCALAR, WAVE, "")             \
    X(cmt_id_o,     OUT, P(IdWidth),                     cmt_id,     SCALAR, NOWAVE, "")           \
    X(epoch_o,      OUT, P(EpochWidth),                  epoch,      SCALAR, WAVE, "")             \
    X(pending_o,    OUT, 1,                              pending,    SCALAR, NOWAVE, "")
/* clang-format on */

#endif
