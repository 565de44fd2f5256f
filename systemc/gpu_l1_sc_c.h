// SPDX-License-Identifier: Apache-2.0
//
// gpu_l1_sc_c.h -- the C model of gpu_l1 (cmodel/gpu_l1.[ch]) as a pin-level SystemC module,
// gpu_l1_sc_c, with the ports of the Verilated RTL (gpu_l1_sc_rtl.h, same build directory):
// docs/units/gpu_l1.md section 2. Parameters: gpu_l1_sc_params.h.
#ifndef GPUCOH_GPU_L1_SC_C_H
#define GPUCOH_GPU_L1_SC_C_H

#include "gpucoh_sc.h"
#include "gpu_l1_sc_params.h"

extern "C" {
#include "gpu_l1.h"
}

namespace gpu_l1_sc_p {
// derived widths: LA = AddrWidth - log2 LineBytes, DW = 8 * LineBytes
constexpr uint64_t LA = AddrWidth - gpucoh_sc::clog2(LineBytes);
constexpr uint64_t DW = 8 * LineBytes;
} // namespace gpu_l1_sc_p

// port, width, field of gpu_l1_in_t / gpu_l1_out_t (s)
#define GPUCOH_SC_PINS_gpu_l1(IN, OUT)                                                             \
    IN(rst_ni, 1, s.rst_n)                                                                         \
    IN(core_valid_i, 1, s.core.valid)                                                              \
    IN(core_op_i, 3, s.core.op)                                                                    \
    IN(core_wf_i, 6, s.core.wf)                                                                    \
    IN(core_line_i, gpu_l1_sc_p::LA, s.core.line)                                                  \
    IN(core_gpu_i, 1, s.core.gpu)                                                                  \
    IN(core_acq_i, 1, s.core.acq)                                                                  \
    IN(core_rel_i, 1, s.core.rel)                                                                  \
    IN(core_data_i, gpu_l1_sc_p::DW, s.core.data)                                                  \
    IN(core_mask_i, gpu_l1_sc_p::LineBytes, s.core.mask)                                           \
    IN(core_aop_i, 2, s.core.aop)                                                                  \
    IN(core_word_i, 5, s.core.word)                                                                \
    IN(core_a_i, 32, s.core.a)                                                                     \
    IN(core_b_i, 32, s.core.b)                                                                     \
    OUT(core_ready_o, 1, s.core_ready)                                                             \
    OUT(crsp_valid_o, 1, s.crsp.valid)                                                             \
    OUT(crsp_kind_o, 2, s.crsp.kind)                                                               \
    OUT(crsp_wf_mask_o, gpu_l1_sc_p::NumWf, s.crsp.wf_mask)                                        \
    OUT(crsp_line_o, gpu_l1_sc_p::LA, s.crsp.line)                                                 \
    OUT(crsp_data_o, gpu_l1_sc_p::DW, s.crsp.data)                                                 \
    IN(rsp_valid_i, 1, s.rsp.valid)                                                                \
    IN(rsp_kind_i, 2, s.rsp.kind)                                                                  \
    IN(rsp_wf_i, 6, s.rsp.wf)                                                                      \
    IN(rsp_acq_i, 1, s.rsp.acq)                                                                    \
    IN(rsp_line_i, gpu_l1_sc_p::LA, s.rsp.line)                                                    \
    IN(rsp_data_i, gpu_l1_sc_p::DW, s.rsp.data)                                                    \
    OUT(req_valid_o, 1, s.req.valid)                                                               \
    OUT(req_kind_o, 2, s.req.kind)                                                                 \
    OUT(req_wf_o, 6, s.req.wf)                                                                     \
    OUT(req_acq_o, 1, s.req.acq)                                                                   \
    OUT(req_line_o, gpu_l1_sc_p::LA, s.req.line)                                                   \
    OUT(req_data_o, gpu_l1_sc_p::DW, s.req.data)                                                   \
    OUT(req_mask_o, gpu_l1_sc_p::LineBytes, s.req.mask)                                            \
    OUT(req_aop_o, 2, s.req.aop)                                                                   \
    OUT(req_word_o, 5, s.req.word)                                                                 \
    OUT(req_a_o, 32, s.req.a)                                                                      \
    OUT(req_b_o, 32, s.req.b)                                                                      \
    OUT(fence_done_o, gpu_l1_sc_p::NumWf, s.fence_done)                                            \
    OUT(drained_o, 1, s.drained)

inline gpu_l1_desc_t gpu_l1_sc_desc() {
    namespace P = gpu_l1_sc_p;
    gpu_l1_desc_t d{};
    d.hrf = static_cast<uint32_t>(P::Hrf);
    d.num_wf = static_cast<uint32_t>(P::NumWf);
    d.line_bytes = static_cast<uint32_t>(P::LineBytes);
    d.addr_width = static_cast<uint32_t>(P::AddrWidth);
    d.l1_sets = static_cast<uint32_t>(P::L1Sets);
    d.l1_ways = static_cast<uint32_t>(P::L1Ways);
    d.l1_queue = static_cast<uint32_t>(P::L1Queue);
    d.sb_entries = static_cast<uint32_t>(P::SbEntries);
    d.sb_idle = static_cast<uint32_t>(P::SbIdle);
    d.wt_cnt_width = static_cast<uint32_t>(P::WtCntWidth);
    return d;
}

struct gpu_l1_sc_model : gpucoh_sc::sized_model<gpu_l1_t, gpu_l1_desc_t, gpu_l1_in_t, gpu_l1_out_t,
                                                gpu_l1_size, gpu_l1_init, gpu_l1_tick> {
    explicit gpu_l1_sc_model(const char* who) : sized_model(who, gpu_l1_sc_desc()) {}
};

GPUCOH_SC_C_MODULE(gpu_l1_sc_c, GPUCOH_SC_PINS_gpu_l1, gpu_l1_sc_model)

#endif
