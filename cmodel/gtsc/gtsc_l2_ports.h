/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_l2_ports.h -- the ports of gtsc_l2 (docs/units/gtsc/gtsc_l2.md section 2, in the page's
 * order and names), once (cmodel/gpucoh_ports.h says how to read it). Fields: gtsc_l2_in_t /
 * gtsc_l2_out_t.
 */
#ifndef GPUCOH_GTSC_L2_PORTS_H
#define GPUCOH_GTSC_L2_PORTS_H

#include "gpucoh_ports.h"

/* derived widths: LA = AddrWidth - log2 LineBytes line-address bits, DW = 8 * LineBytes */
#define GTSC_L2_LA(P) (P(AddrWidth) - GPUCOH_PORT_CLOG2(P(LineBytes)))
#define GTSC_L2_DW(P) (8u * P(LineBytes))

/* clang-format off */
#define GTSC_L2_PORTS(X, P)                                                                        \
    X(rst_ni,            IN,  1,             rst_n,           SCALAR, WAVE,   "")                  \
    X(lease_i,           IN,  P(TsWidth),    lease,           SCALAR, NOWAVE, "")                  \
    X(bank_i,            IN,  4,             bank,            SCALAR, NOWAVE, "")                  \
    X(tsrst_i,           IN,  1,             tsrst,           SCALAR, WAVE,   "")                  \
    X(ovf_o,             OUT, 1,             ovf,             SCALAR, WAVE,   "")                  \
    X(req_valid_i,       IN,  1,             req.valid,       SCALAR, WAVE,   "")                  \
    X(req_kind_i,        IN,  2,             req.kind,        SCALAR, NOWAVE, "")                  \
    X(req_src_i,         IN,  6,             req.src,         SCALAR, NOWAVE, "")                  \
    X(req_wf_i,          IN,  6,             req.wf,          SCALAR, NOWAVE, "")                  \
    X(req_line_i,        IN,  GTSC_L2_LA(P), req.line,        SCALAR, NOWAVE, "")                  \
    X(req_wts_i,         IN,  P(TsWidth),    req.wts,         SCALAR, NOWAVE, "")                  \
    X(req_warp_ts_i,     IN,  P(TsWidth),    req.warp_ts,     SCALAR, NOWAVE, "")                  \
    X(req_ep_i,          IN,  P(EpWidth),    req.ep,          SCALAR, NOWAVE, "")                  \
    X(req_data_i,        IN,  GTSC_L2_DW(P), req.data,        WORDS,  NOWAVE, "")                  \
    X(req_mask_i,        IN,  P(LineBytes),  req.mask,        WORDS,  NOWAVE, "")                  \
    X(req_aop_i,         IN,  2,             req.aop,         SCALAR, NOWAVE, "")                  \
    X(req_word_i,        IN,  5,             req.word,        SCALAR, NOWAVE, "")                  \
    X(req_a_i,           IN,  32,            req.a,           SCALAR, NOWAVE, "")                  \
    X(req_b_i,           IN,  32,            req.b,           SCALAR, NOWAVE, "")                  \
    X(req_ready_o,       OUT, 1,             req_ready,       SCALAR, WAVE,   "")                  \
    X(rsp_valid_o,       OUT, 1,             rsp.valid,       SCALAR, WAVE,   "")                  \
    X(rsp_kind_o,        OUT, 3,             rsp.kind,        SCALAR, NOWAVE, "")                  \
    X(rsp_dst_o,         OUT, P(NumSm),      rsp.dst,         SCALAR, NOWAVE, "")                  \
    X(rsp_wf_o,          OUT, 6,             rsp.wf,          SCALAR, NOWAVE, "")                  \
    X(rsp_line_o,        OUT, GTSC_L2_LA(P), rsp.line,        SCALAR, NOWAVE, "")                  \
    X(rsp_wts_o,         OUT, P(TsWidth),    rsp.wts,         SCALAR, NOWAVE, "")                  \
    X(rsp_rts_o,         OUT, P(TsWidth),    rsp.rts,         SCALAR, NOWAVE, "")                  \
    X(rsp_keep_o,        OUT, 1,             rsp.keep,        SCALAR, NOWAVE, "")                  \
    X(rsp_ep_o,          OUT, P(EpWidth),    rsp.ep,          SCALAR, NOWAVE, "")                  \
    X(rsp_data_o,        OUT, GTSC_L2_DW(P), rsp.data,        WORDS,  NOWAVE, "")                  \
    X(mem_valid_i,       IN,  1,             mem.valid,       SCALAR, WAVE,   "")                  \
    X(mem_line_i,        IN,  GTSC_L2_LA(P), mem.line,        SCALAR, NOWAVE, "")                  \
    X(mem_data_i,        IN,  GTSC_L2_DW(P), mem.data,        WORDS,  NOWAVE, "")                  \
    X(mreq_fetch_o,      OUT, 1,             mreq.fetch,      SCALAR, NOWAVE, "")                  \
    X(mreq_fetch_line_o, OUT, GTSC_L2_LA(P), mreq.fetch_line, SCALAR, NOWAVE, "")                  \
    X(mreq_wb_o,         OUT, 1,             mreq.wb,         SCALAR, NOWAVE, "")                  \
    X(mreq_wb_line_o,    OUT, GTSC_L2_LA(P), mreq.wb_line,    SCALAR, NOWAVE, "")                  \
    X(mreq_wb_data_o,    OUT, GTSC_L2_DW(P), mreq.wb_data,    WORDS,  NOWAVE, "")
/* clang-format on */

#endif
