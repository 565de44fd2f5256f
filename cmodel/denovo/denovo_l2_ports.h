/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_l2_ports.h -- the ports of denovo_l2, the registry bank (docs/units/denovo/denovo_l2.md
 * section 2), once (cmodel/gpucoh_ports.h says how to read it). Fields: denovo_l2_in_t /
 * denovo_l2_out_t.
 */
#ifndef GPUCOH_DENOVO_L2_PORTS_H
#define GPUCOH_DENOVO_L2_PORTS_H

#include "gpucoh_ports.h"

/* derived widths: LA = AddrWidth - log2 LineBytes line-address bits, DW = 8 * LineBytes */
#define DENOVO_L2_LA(P) (P(AddrWidth) - GPUCOH_PORT_CLOG2(P(LineBytes)))
#define DENOVO_L2_DW(P) (8u * P(LineBytes))

/* clang-format off */
#define DENOVO_L2_PORTS(X, P)                                                                      \
    X(rst_ni,           IN,  1,               rst_n,           SCALAR, WAVE,   "")                 \
    X(req_valid_i,      IN,  1,               req.valid,       SCALAR, WAVE,   "")                 \
    X(req_kind_i,       IN,  4,               req.kind,        SCALAR, NOWAVE, "")                 \
    X(req_src_i,        IN,  6,               req.src,         SCALAR, NOWAVE, "")                 \
    X(req_line_i,       IN,  DENOVO_L2_LA(P), req.line,        SCALAR, NOWAVE, "")                 \
    X(req_mask_i,       IN,  32,              req.mask,        SCALAR, NOWAVE, "")                 \
    X(req_pmask_i,      IN,  32,              req.pmask,       SCALAR, NOWAVE, "")                 \
    X(req_ready_o,      OUT, 1,               req_ready,       SCALAR, WAVE,   "")                 \
    X(wb_valid_i,       IN,  1,               wb.valid,        SCALAR, WAVE,   "")                 \
    X(wb_kind_i,        IN,  4,               wb.kind,         SCALAR, NOWAVE, "")                 \
    X(wb_src_i,         IN,  6,               wb.src,          SCALAR, NOWAVE, "")                 \
    X(wb_line_i,        IN,  DENOVO_L2_LA(P), wb.line,         SCALAR, NOWAVE, "")                 \
    X(wb_mask_i,        IN,  32,              wb.mask,         SCALAR, NOWAVE, "")                 \
    X(wb_pmask_i,       IN,  32,              wb.pmask,        SCALAR, NOWAVE, "")                 \
    X(wb_data_i,        IN,  DENOVO_L2_DW(P), wb.data,         WORDS,  NOWAVE, "")                 \
    X(wb_ready_o,       OUT, 1,               wb_ready,        SCALAR, WAVE,   "")                 \
    X(rsp_valid_o,      OUT, 1,               rsp.valid,       SCALAR, WAVE,   "")                 \
    X(rsp_kind_o,       OUT, 4,               rsp.kind,        SCALAR, NOWAVE, "")                 \
    X(rsp_dst_o,        OUT, P(NumSm),        rsp.dst,         SCALAR, NOWAVE, "")                 \
    X(rsp_req_o,        OUT, 6,               rsp.req,         SCALAR, NOWAVE, "")                 \
    X(rsp_line_o,       OUT, DENOVO_L2_LA(P), rsp.line,        SCALAR, NOWAVE, "")                 \
    X(rsp_mask_o,       OUT, 32,              rsp.mask,        SCALAR, NOWAVE, "")                 \
    X(rsp_pmask_o,      OUT, 32,              rsp.pmask,       SCALAR, NOWAVE, "")                 \
    X(rsp_data_o,       OUT, DENOVO_L2_DW(P), rsp.data,        WORDS,  NOWAVE, "")                 \
    X(mem_fetch_o,      OUT, 1,               mreq.fetch,      SCALAR, NOWAVE, "")                 \
    X(mem_fetch_line_o, OUT, DENOVO_L2_LA(P), mreq.fetch_line, SCALAR, NOWAVE, "")                 \
    X(mem_wb_o,         OUT, 1,               mreq.wb,         SCALAR, NOWAVE, "")                 \
    X(mem_wb_line_o,    OUT, DENOVO_L2_LA(P), mreq.wb_line,    SCALAR, NOWAVE, "")                 \
    X(mem_wb_data_o,    OUT, DENOVO_L2_DW(P), mreq.wb_data,    WORDS,  NOWAVE, "")                 \
    X(mem_valid_i,      IN,  1,               mem.valid,       SCALAR, WAVE,   "")                 \
    X(mem_line_i,       IN,  DENOVO_L2_LA(P), mem.line,        SCALAR, NOWAVE, "")                 \
    X(mem_data_i,       IN,  DENOVO_L2_DW(P), mem.data,        WORDS,  NOWAVE, "")
/* clang-format on */

#endif
