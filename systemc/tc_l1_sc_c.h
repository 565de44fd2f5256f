// SPDX-License-Identifier: Apache-2.0
//
// tc_l1_sc_c.h -- the C model of tc_l1 (cmodel/tc_l1.[ch], with its tc_gwct) as a pin-level
// SystemC module, tc_l1_sc_c, with the ports of the Verilated RTL (tc_l1_sc_rtl.h, same build
// directory): docs/units/tc_l1.md section 2. Parameters: tc_l1_sc_params.h.
#ifndef GPUCOH_TC_L1_SC_C_H
#define GPUCOH_TC_L1_SC_C_H

#include "gpucoh_sc.h"
#include "tc_l1_sc_params.h"

extern "C" {
#include "tc_l1.h"
}

namespace tc_l1_sc_p {
// derived widths: LA = AddrWidth - log2 LineBytes, DW = 8 * LineBytes
constexpr uint64_t LA = AddrWidth - gpucoh_sc::clog2(LineBytes);
constexpr uint64_t DW = 8 * LineBytes;
constexpr uint64_t TS = TsWidth;
} // namespace tc_l1_sc_p

// port, width, field of tc_l1_in_t / tc_l1_out_t (s)
#define GPUCOH_SC_PINS_tc_l1(IN, OUT)                                                              \
    IN(rst_ni, 1, s.rst_n)                                                                         \
    IN(now_i, tc_l1_sc_p::TS, s.t.now)                                                             \
    IN(era_i, 1, s.t.era)                                                                          \
    IN(roll_i, 1, s.t.roll)                                                                        \
    IN(core_valid_i, 1, s.core.valid)                                                              \
    IN(core_op_i, 2, s.core.op)                                                                    \
    IN(core_wf_i, 6, s.core.wf)                                                                    \
    IN(core_line_i, tc_l1_sc_p::LA, s.core.line)                                                   \
    IN(core_data_i, tc_l1_sc_p::DW, s.core.data)                                                   \
    IN(core_mask_i, tc_l1_sc_p::LineBytes, s.core.mask)                                            \
    IN(core_aop_i, 2, s.core.aop)                                                                  \
    IN(core_word_i, 5, s.core.word)                                                                \
    IN(core_a_i, 32, s.core.a)                                                                     \
    IN(core_b_i, 32, s.core.b)                                                                     \
    OUT(core_ready_o, 1, s.core_ready)                                                             \
    OUT(crsp_valid_o, 1, s.crsp.valid)                                                             \
    OUT(crsp_kind_o, 2, s.crsp.kind)                                                               \
    OUT(crsp_wf_mask_o, tc_l1_sc_p::NumWf, s.crsp.wf_mask)                                         \
    OUT(crsp_line_o, tc_l1_sc_p::LA, s.crsp.line)                                                  \
    OUT(crsp_data_o, tc_l1_sc_p::DW, s.crsp.data)                                                  \
    IN(rsp_valid_i, 1, s.rsp.valid)                                                                \
    IN(rsp_kind_i, 3, s.rsp.kind)                                                                  \
    IN(rsp_wf_i, 6, s.rsp.wf)                                                                      \
    IN(rsp_atomic_i, 1, s.rsp.atomic)                                                              \
    IN(rsp_line_i, tc_l1_sc_p::LA, s.rsp.line)                                                     \
    IN(rsp_ts_i, tc_l1_sc_p::TS, s.rsp.ts)                                                         \
    IN(rsp_era_i, 1, s.rsp.era)                                                                    \
    IN(rsp_data_i, tc_l1_sc_p::DW, s.rsp.data)                                                     \
    OUT(req_valid_o, 1, s.req.valid)                                                               \
    OUT(req_kind_o, 3, s.req.kind)                                                                 \
    OUT(req_wf_o, 6, s.req.wf)                                                                     \
    OUT(req_line_o, tc_l1_sc_p::LA, s.req.line)                                                    \
    OUT(req_exp_o, 1, s.req.exp)                                                                   \
    OUT(req_ts_o, tc_l1_sc_p::TS, s.req.ts)                                                        \
    OUT(req_era_o, 1, s.req.era)                                                                   \
    OUT(req_data_o, tc_l1_sc_p::DW, s.req.data)                                                    \
    OUT(req_mask_o, tc_l1_sc_p::LineBytes, s.req.mask)                                             \
    OUT(req_aop_o, 2, s.req.aop)                                                                   \
    OUT(req_word_o, 5, s.req.word)                                                                 \
    OUT(req_a_o, 32, s.req.a)                                                                      \
    OUT(req_b_o, 32, s.req.b)                                                                      \
    OUT(fence_ready_o, tc_l1_sc_p::NumWf, s.fence_ready)                                           \
    OUT(wr_idle_o, tc_l1_sc_p::NumWf, s.wr_idle)

inline tc_l1_desc_t tc_l1_sc_desc() {
    namespace P = tc_l1_sc_p;
    tc_l1_desc_t d{};
    d.protocol = static_cast<uint32_t>(P::Protocol);
    d.num_wf = static_cast<uint32_t>(P::NumWf);
    d.line_bytes = static_cast<uint32_t>(P::LineBytes);
    d.addr_width = static_cast<uint32_t>(P::AddrWidth);
    d.l1_sets = static_cast<uint32_t>(P::L1Sets);
    d.l1_ways = static_cast<uint32_t>(P::L1Ways);
    d.ts_width = static_cast<uint32_t>(P::TsWidth);
    d.l1_queue = static_cast<uint32_t>(P::L1Queue);
    d.wf_cnt_width = static_cast<uint32_t>(P::WfCntWidth);
    d.line_cnt_width = static_cast<uint32_t>(P::LineCntWidth);
    return d;
}

struct tc_l1_sc_model : gpucoh_sc::sized_model<tc_l1_t, tc_l1_desc_t, tc_l1_in_t, tc_l1_out_t,
                                               tc_l1_size, tc_l1_init, tc_l1_tick> {
    explicit tc_l1_sc_model(const char* who) : sized_model(who, tc_l1_sc_desc()) {}
};

GPUCOH_SC_C_MODULE(tc_l1_sc_c, GPUCOH_SC_PINS_tc_l1, tc_l1_sc_model)

#endif
