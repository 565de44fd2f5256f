/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_l2_ports.h -- the ports of hlrc_l2 (docs/units/hlrc/hlrc_l2.md section 2, in the page's
 * order and names), once (cmodel/gpucoh_ports.h says how to read it). Fields: hlrc_l2_in_t /
 * hlrc_l2_out_t.
 */
#ifndef GPUCOH_HLRC_L2_PORTS_H
#define GPUCOH_HLRC_L2_PORTS_H

#include "gpucoh_ports.h"

/* derived widths: LA = AddrWidth - log2 LineBytes line-address bits, DW = 8 * LineBytes */
#define HLRC_L2_LA(P) (P(AddrWidth) - GPUCOH_PORT_CLOG2(P(LineBytes)))
#define HLRC_L2_DW(P) (8u * P(LineBytes))

/* clang-format off */
#define HLRC_L2_PORTS(X, P)                                                                        \
    X(rst_ni,           IN,  1,             rst_n,          SCALAR, WAVE,   "")                    \
    X(req_valid_i,      IN,  1,             req.valid,      SCALAR, WAVE,   "")                    \
    X(req_kind_i,       IN,  4,             req.kind,       SCALAR, NOWAVE, "")                    \
    X(req_src_i,        IN,  6,             req.src,        SCALAR, NOWAVE, "")                    \
    X(req_line_i,       IN,  HLRC_L2_LA(P), req.line,       SCALAR, NOWAVE, "")                    \
    X(req_mask_i,       IN,  P(LineBytes),  req.mask,       WORDS,  NOWAVE, "")                    \
    X(req_data_i,       IN,  HLRC_L2_DW(P), req.data,       WORDS,  NOWAVE, "")                    \
    X(req_ready_o,      OUT, 1,             req_ready,      SCALAR, WAVE,   "")                    \
    X(sync_valid_i,     IN,  1,             sync.valid,     SCALAR, WAVE,   "")                    \
    X(sync_kind_i,      IN,  4,             sync.kind,      SCALAR, NOWAVE, "")                    \
    X(sync_src_i,       IN,  6,             sync.src,       SCALAR, NOWAVE, "")                    \
    X(sync_line_i,      IN,  HLRC_L2_LA(P), sync.line,      SCALAR, NOWAVE, "")                    \
    X(sync_wf_i,        IN,  6,             sync.wf,        SCALAR, NOWAVE, "")                    \
    X(sync_word_i,      IN,  5,             sync.word,      SCALAR, NOWAVE, "")                    \
    X(sync_aop_i,       IN,  2,             sync.aop,       SCALAR, NOWAVE, "")                    \
    X(sync_bmask_i,     IN,  4,             sync.bmask,     SCALAR, NOWAVE, "")                    \
    X(sync_a_i,         IN,  32,            sync.a,         SCALAR, NOWAVE, "")                    \
    X(sync_b_i,         IN,  32,            sync.b,         SCALAR, NOWAVE, "")                    \
    X(sync_ready_o,     OUT, 1,             sync_ready,     SCALAR, WAVE,   "")                    \
    X(wb_valid_i,       IN,  1,             wb.valid,       SCALAR, WAVE,   "")                    \
    X(wb_kind_i,        IN,  4,             wb.kind,        SCALAR, NOWAVE, "")                    \
    X(wb_src_i,         IN,  6,             wb.src,         SCALAR, NOWAVE, "")                    \
    X(wb_line_i,        IN,  HLRC_L2_LA(P), wb.line,        SCALAR, NOWAVE, "")                    \
    X(wb_ready_o,       OUT, 1,             wb_ready,       SCALAR, WAVE,   "")                    \
    X(rsp_valid_o,      OUT, 1,             rsp.valid,      SCALAR, WAVE,   "")                    \
    X(rsp_kind_o,       OUT, 4,             rsp.kind,       SCALAR, NOWAVE, "")                    \
    X(rsp_dst_o,        OUT, P(NumSm),      rsp.dst,        SCALAR, NOWAVE, "")                    \
    X(rsp_wf_o,         OUT, 6,             rsp.wf,         SCALAR, NOWAVE, "")                    \
    X(rsp_line_o,       OUT, HLRC_L2_LA(P), rsp.line,       SCALAR, NOWAVE, "")                    \
    X(rsp_data_o,       OUT, HLRC_L2_DW(P), rsp.data,       WORDS,  NOWAVE, "")                    \
    X(mem_fetch_o,      OUT, 1,             mreq.fetch,     SCALAR, NOWAVE,   "")                    \
    X(mem_fetch_line_o, OUT, HLRC_L2_LA(P), mreq.fetch_line, SCALAR, NOWAVE, "")                   \
    X(mem_wb_o,         OUT, 1,             mreq.wb,        SCALAR, NOWAVE,   "")                    \
    X(mem_wb_line_o,    OUT, HLRC_L2_LA(P), mreq.wb_line,   SCALAR, NOWAVE, "")                    \
    X(mem_wb_data_o,    OUT, HLRC_L2_DW(P), mreq.wb_data,   WORDS,  NOWAVE, "")                    \
    X(mem_valid_i,      IN,  1,             mem.valid,      SCALAR, WAVE,   "")                    \
    X(mem_line_i,       IN,  HLRC_L2_LA(P), mem.line,       SCALAR, NOWAVE, "")                    \
    X(mem_data_i,       IN,  HLRC_L2_DW(P), mem.data,       WORDS,  NOWAVE, "")
/* clang-format on */

#endif
