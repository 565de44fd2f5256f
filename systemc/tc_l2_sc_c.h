// SPDX-License-Identifier: Apache-2.0
//
// tc_l2_sc_c.h -- the C model of tc_l2 (cmodel/tc_l2.[ch]) as a pin-level SystemC module,
// tc_l2_sc_c, with the ports of the Verilated RTL (tc_l2_sc_rtl.h, same build directory). The
// pins are those of docs/units/tc_l2.md section 2 (widths: docs/system.md section 2); the
// parameter set is the build directory's (tc_l2_sc_params.h, systemc/build_sc.sh).
#ifndef GPUCOH_TC_L2_SC_C_H
#define GPUCOH_TC_L2_SC_C_H

#include "gpucoh_sc.h"
#include "tc_l2_sc_params.h"

extern "C" {
#include "tc_l2.h"
}

namespace tc_l2_sc_p {
// derived widths: LA = AddrWidth - log2 LineBytes line-address bits, DW = 8 * LineBytes
constexpr uint64_t LA = AddrWidth - gpucoh_sc::clog2(LineBytes);
constexpr uint64_t DW = 8 * LineBytes;
constexpr uint64_t TS = TsWidth;
} // namespace tc_l2_sc_p

// port, width, field of tc_l2_in_t / tc_l2_out_t (s)
#define GPUCOH_SC_PINS_tc_l2(IN, OUT)                                                              \
    IN(rst_ni, 1, s.rst_n)                                                                         \
    IN(now_i, tc_l2_sc_p::TS, s.t.now)                                                             \
    IN(era_i, 1, s.t.era)                                                                          \
    IN(roll_i, 1, s.t.roll)                                                                        \
    IN(req_valid_i, 1, s.req.valid)                                                                \
    IN(req_kind_i, 3, s.req.kind)                                                                  \
    IN(req_src_i, 6, s.req.src)                                                                    \
    IN(req_wf_i, 6, s.req.wf)                                                                      \
    IN(req_line_i, tc_l2_sc_p::LA, s.req.line)                                                     \
    IN(req_exp_i, 1, s.req.exp)                                                                    \
    IN(req_ts_i, tc_l2_sc_p::TS, s.req.ts)                                                         \
    IN(req_era_i, 1, s.req.era)                                                                    \
    IN(req_data_i, tc_l2_sc_p::DW, s.req.data)                                                     \
    IN(req_mask_i, tc_l2_sc_p::LineBytes, s.req.mask)                                              \
    IN(req_aop_i, 2, s.req.aop)                                                                    \
    IN(req_word_i, 5, s.req.word)                                                                  \
    IN(req_a_i, 32, s.req.a)                                                                       \
    IN(req_b_i, 32, s.req.b)                                                                       \
    OUT(req_ready_o, 1, s.req_ready)                                                               \
    OUT(rsp_valid_o, 1, s.rsp.valid)                                                               \
    OUT(rsp_kind_o, 3, s.rsp.kind)                                                                 \
    OUT(rsp_dst_o, tc_l2_sc_p::NumSm, s.rsp.dst)                                                   \
    OUT(rsp_wf_o, 6, s.rsp.wf)                                                                     \
    OUT(rsp_atomic_o, 1, s.rsp.atomic)                                                             \
    OUT(rsp_line_o, tc_l2_sc_p::LA, s.rsp.line)                                                    \
    OUT(rsp_ts_o, tc_l2_sc_p::TS, s.rsp.ts)                                                        \
    OUT(rsp_era_o, 1, s.rsp.era)                                                                   \
    OUT(rsp_data_o, tc_l2_sc_p::DW, s.rsp.data)                                                    \
    IN(mem_valid_i, 1, s.mem.valid)                                                                \
    IN(mem_line_i, tc_l2_sc_p::LA, s.mem.line)                                                     \
    IN(mem_data_i, tc_l2_sc_p::DW, s.mem.data)                                                     \
    OUT(mreq_fetch_o, 1, s.mreq.fetch)                                                             \
    OUT(mreq_fetch_line_o, tc_l2_sc_p::LA, s.mreq.fetch_line)                                      \
    OUT(mreq_wb_o, 1, s.mreq.wb)                                                                   \
    OUT(mreq_wb_line_o, tc_l2_sc_p::LA, s.mreq.wb_line)                                            \
    OUT(mreq_wb_data_o, tc_l2_sc_p::DW, s.mreq.wb_data)

struct tc_l2_sc_model : gpucoh_sc::sized_model<tc_l2_t, tc_l2_desc_t, tc_l2_in_t, tc_l2_out_t,
                                               tc_l2_size, tc_l2_init, tc_l2_tick> {
    static tc_l2_desc_t desc() {
        namespace P = tc_l2_sc_p;
        tc_l2_desc_t d{};
        d.protocol = static_cast<uint32_t>(P::Protocol);
        d.num_sm = static_cast<uint32_t>(P::NumSm);
        d.num_banks = static_cast<uint32_t>(P::NumBanks);
        d.line_bytes = static_cast<uint32_t>(P::LineBytes);
        d.addr_width = static_cast<uint32_t>(P::AddrWidth);
        d.l2_sets = static_cast<uint32_t>(P::L2Sets);
        d.l2_ways = static_cast<uint32_t>(P::L2Ways);
        d.l2_mshrs = static_cast<uint32_t>(P::L2Mshrs);
        d.ts_width = static_cast<uint32_t>(P::TsWidth);
        d.l2_queue = static_cast<uint32_t>(P::L2Queue);
        d.lease_mode = static_cast<uint32_t>(P::LeaseMode);
        d.lease = static_cast<uint32_t>(P::Lease);
        d.pred_init = static_cast<uint32_t>(P::PredInit);
        d.pred_min = static_cast<uint32_t>(P::PredMin);
        d.pred_max = static_cast<uint32_t>(P::PredMax);
        d.t_hit = static_cast<uint32_t>(P::THit);
        d.t_evict = static_cast<uint32_t>(P::TEvict);
        d.t_write = static_cast<uint32_t>(P::TWrite);
        d.use_t_write = static_cast<uint32_t>(P::UseTWrite);
        return d;
    }
    explicit tc_l2_sc_model(const char* who) : sized_model(who, desc()) {}
};

GPUCOH_SC_C_MODULE(tc_l2_sc_c, GPUCOH_SC_PINS_tc_l2, tc_l2_sc_model)

#endif
