/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rdu_ports.h -- the ports of rdu (docs/units/sig/rdu.md section 2), once: the shim, the lockstep
 * compare, the SystemC pins and the wave lists are expanded from this table (cmodel/gpucoh_ports.h
 * says how to read it). Fields: rdu_in_t / rdu_out_t.
 * req_ready_o is compared bit by bit (BITS: "rdu.req_ready_o[j]", the SM j).
 */
#ifndef GPUCOH_RDU_PORTS_H
#define GPUCOH_RDU_PORTS_H

#include "gpucoh_ports.h"

/* derived widths (section 1): SW = max(1, log2 NumSm), CIW = max(1, log2(SigBits / C)) */
#define RDU_SW(P)  GPUCOH_PORT_MAX1(GPUCOH_PORT_CLOG2(P(NumSm)))
#define RDU_CIW(P) GPUCOH_PORT_MAX1(GPUCOH_PORT_CLOG2(P(SigBits) / P(ChunkWidth)))

/* clang-format off */
#define RDU_PORTS(X, P)                                                                            \
    X(rst_ni,      IN,  1,             rst_n,     SCALAR, WAVE,   "")                              \
    X(req_valid_i, IN,  P(NumSm),      req_valid, SCALAR, WAVE,   "")                              \
    X(req_ready_o, OUT, P(NumSm),      req_ready, BITS,   WAVE,   "")                              \
    X(req_write_i, IN,  P(NumSm),      req_write, SCALAR, WAVE,   "")                              \
    X(req_addr_i,  IN,  P(NumSm) * P(AddrWidth), req_addr, PACKED(P(NumSm), P(AddrWidth)),         \
      NOWAVE, "")                                                                                  \
    X(req_mask_i,  IN,  P(NumSm) * P(LineBytes), req_mask, PACKED(P(NumSm), P(LineBytes)),         \
      NOWAVE, "")                                                                                  \
    X(rsp_valid_o, OUT, 1,             rsp_valid, SCALAR, WAVE,   "")                              \
    X(rsp_ready_i, IN,  P(NumSm),      rsp_ready, SCALAR, WAVE,   "")                              \
    X(rsp_sm_o,    OUT, RDU_SW(P),     rsp_sm,    SCALAR, WAVE,   "")                              \
    X(rsp_kind_o,  OUT, 3,             rsp_kind,  SCALAR, WAVE,   "rdu_kind.txt")                  \
    X(rsp_idx_o,   OUT, RDU_CIW(P),    rsp_idx,   SCALAR, WAVE,   "")                              \
    X(rsp_last_o,  OUT, 1,             rsp_last,  SCALAR, WAVE,   "")                              \
    X(rsp_chunk_o, OUT, P(ChunkWidth), rsp_chunk, WORDS,  NOWAVE, "")
/* clang-format on */

#endif
