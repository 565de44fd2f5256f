/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sig_bloom_ports.h -- the ports of sig_bloom (docs/units/sig/sig_bloom.md section 2), once: the
 * shim, the lockstep compare, the SystemC pins and the wave lists are expanded from this table
 * (cmodel/gpucoh_ports.h says how to read it). Fields: sig_bloom_in_t / sig_bloom_out_t.
 */
#ifndef GPUCOH_SIG_BLOOM_PORTS_H
#define GPUCOH_SIG_BLOOM_PORTS_H

#include "gpucoh_ports.h"

/* derived widths (section 1): CIW = max(1, log2(SigBits / ChunkWidth)), CW = log2(SigBits) + 1 */
#define SIG_BLOOM_CIW(P) GPUCOH_PORT_MAX1(GPUCOH_PORT_CLOG2(P(SigBits) / P(ChunkWidth)))
#define SIG_BLOOM_CW(P)  (GPUCOH_PORT_CLOG2(P(SigBits)) + 1u)

/* clang-format off */
#define SIG_BLOOM_PORTS(X, P)                                                                      \
    X(rst_ni,       IN,  1,                rst_n,      SCALAR, WAVE, "")                           \
    X(op_i,         IN,  3,                op,         SCALAR, WAVE, "sig_bloom_op.txt")           \
    X(addr_i,       IN,  P(AddrWidth),     addr,       SCALAR, WAVE, "")                           \
    X(chunk_idx_i,  IN,  SIG_BLOOM_CIW(P), chunk_idx,  SCALAR, WAVE, "")                           \
    X(chunk_data_i, IN,  P(ChunkWidth),    chunk_data, WORDS,  WAVE, "")                           \
    X(resp_valid_o, OUT, 1,                resp_valid, SCALAR, WAVE, "")                           \
    X(member_o,     OUT, 1,                member,     SCALAR, WAVE, "")                           \
    X(chunk_data_o, OUT, P(ChunkWidth),    chunk_data, WORDS,  WAVE, "")                           \
    X(count_o,      OUT, SIG_BLOOM_CW(P),  count,      SCALAR, WAVE, "")                           \
    X(thresh_o,     OUT, 1,                thresh,     SCALAR, WAVE, "")
/* clang-format on */

#endif
