// SPDX-License-Identifier: Apache-2.0
//
// gpu_l2_sc_c.h -- the C model of gpu_l2 (cmodel/gpu_l2.[ch]) as a pin-level SystemC module,
// gpu_l2_sc_c, with the ports of the Verilated RTL (gpu_l2_sc_rtl.h, same build directory):
// docs/units/gpu_l2.md section 2. Parameters: gpu_l2_sc_params.h.
#ifndef GPUCOH_GPU_L2_SC_C_H
#define GPUCOH_GPU_L2_SC_C_H

#include "gpucoh_sc.h"
#include "gpu_l2_sc_params.h"

extern "C" {
#include "gpu_l2.h"
}

namespace gpu_l2_sc_p {
// derived widths: LA = AddrWidth - log2 LineBytes, DW = 8 * LineBytes
constexpr uint64_t LA = AddrWidth - gpucoh_sc::clog2(LineBytes);
constexpr uint64_t DW = 8 * LineBytes;
} // namespace gpu_l2_sc_p

// port, width, field of gpu_l2_in_t / gpu_l2_out_t (s)
#define GPUCOH_SC_PINS_gpu_l2(IN, OUT)                                                             \
    IN(rst_ni, 1, s.rst_n)                                                                         \
    IN(req_valid_i, 1, s.req.valid)                                                                \
    IN(req_kind_i, 2, s.req.kind)                                                                  \
    IN(req_src_i, 6, s.req.src)                                                                    \
    IN(req_wf_i, 6, s.req.wf)                                                                      \
    IN(req_acq_i, 1, s.req.acq)                                                                    \
    IN(req_line_i, gpu_l2_sc_p::LA, s.req.line)                                                    \
    IN(req_data_i, gpu_l2_sc_p::DW, s.req.data)                                                    \
    IN(req_mask_i, gpu_l2_sc_p::LineBytes, s.req.mask)                                             \
    IN(req_aop_i, 2, s.req.aop)                                                                    \
    IN(req_word_i, 5, s.req.word)                                                                  \
    IN(req_a_i, 32, s.req.a)                                                                       \
    IN(req_b_i, 32, s.req.b)                                                                       \
    OUT(req_ready_o, 1, s.req_ready)                                                               \
    OUT(rsp_valid_o, 1, s.rsp.valid)                                                               \
    OUT(rsp_kind_o, 2, s.rsp.kind)                                                                 \
    OUT(rsp_dst_o, gpu_l2_sc_p::NumSm, s.rsp.dst)                                                  \
    OUT(rsp_wf_o, 6, s.rsp.wf)                                                                     \
    OUT(rsp_acq_o, 1, s.rsp.acq)                                                                   \
    OUT(rsp_line_o, gpu_l2_sc_p::LA, s.rsp.line)                                                   \
    OUT(rsp_data_o, gpu_l2_sc_p::DW, s.rsp.data)                                                   \
    OUT(mem_fetch_o, 1, s.mreq.fetch)                                                              \
    OUT(mem_fetch_line_o, gpu_l2_sc_p::LA, s.mreq.fetch_line)                                      \
    OUT(mem_wb_o, 1, s.mreq.wb)                                                                    \
    OUT(mem_wb_line_o, gpu_l2_sc_p::LA, s.mreq.wb_line)                                            \
    OUT(mem_wb_data_o, gpu_l2_sc_p::DW, s.mreq.wb_data)                                            \
    IN(mem_valid_i, 1, s.mem.valid)                                                                \
    IN(mem_line_i, gpu_l2_sc_p::LA, s.mem.line)                                                    \
    IN(mem_data_i, gpu_l2_sc_p::DW, s.mem.data)

inline gpu_l2_desc_t gpu_l2_sc_desc() {
    namespace P = gpu_l2_sc_p;
    gpu_l2_desc_t d{};
    d.num_sm = static_cast<uint32_t>(P::NumSm);
    d.num_banks = static_cast<uint32_t>(P::NumBanks);
    d.line_bytes = static_cast<uint32_t>(P::LineBytes);
    d.addr_width = static_cast<uint32_t>(P::AddrWidth);
    d.l2_sets = static_cast<uint32_t>(P::L2Sets);
    d.l2_ways = static_cast<uint32_t>(P::L2Ways);
    d.l2_mshrs = static_cast<uint32_t>(P::L2Mshrs);
    d.l2_queue = static_cast<uint32_t>(P::L2Queue);
    return d;
}

struct gpu_l2_sc_model : gpucoh_sc::sized_model<gpu_l2_t, gpu_l2_desc_t, gpu_l2_in_t, gpu_l2_out_t,
                                                gpu_l2_size, gpu_l2_init, gpu_l2_tick> {
    explicit gpu_l2_sc_model(const char* who) : sized_model(who, gpu_l2_sc_desc()) {}
};

GPUCOH_SC_C_MODULE(gpu_l2_sc_c, GPUCOH_SC_PINS_gpu_l2, gpu_l2_sc_model)

#endif
