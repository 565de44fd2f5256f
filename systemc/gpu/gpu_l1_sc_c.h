// SPDX-License-Identifier: Apache-2.0
//
// gpu_l1_sc_c.h -- the C model of gpu_l1 (cmodel/gpu_l1.[ch]) as a pin-level SystemC module,
// gpu_l1_sc_c, with the ports of the Verilated RTL (gpu_l1_sc_rtl.h, same build directory):
// docs/units/gpu/gpu_l1.md section 2. Parameters: gpu_l1_sc_params.h.
#ifndef GPUCOH_GPU_L1_SC_C_H
#define GPUCOH_GPU_L1_SC_C_H

#include "gpucoh_sc.h"
#include "gpu_l1_sc_params.h"

extern "C" {
#include "gpu_l1.h"
#include "gpu_l1_ports.h"
}

// the pins: the port table (cmodel/gpu/gpu_l1_ports.h), widths at this build's parameter set
#define GPU_L1_SC_P(name)        gpu_l1_sc_p::name
#define GPUCOH_SC_PINS_gpu_l1(X) GPU_L1_PORTS(X, GPU_L1_SC_P)

namespace gpu_l1_sc_p {
// derived widths (LA = AddrWidth - log2 LineBytes, DW = 8 * LineBytes), as the port table has them:
// for a netlist of one's own
constexpr uint64_t LA = GPU_L1_LA(GPU_L1_SC_P);
constexpr uint64_t DW = GPU_L1_DW(GPU_L1_SC_P);
} // namespace gpu_l1_sc_p

inline gpu_l1_desc_t gpu_l1_sc_desc() {
    namespace P = gpu_l1_sc_p;
    gpu_l1_desc_t d{};
    d.hrf = static_cast<uint32_t>(P::Hrf);
    d.rsp = static_cast<uint32_t>(P::Rsp);
    d.num_sm = static_cast<uint32_t>(P::NumSm);
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

GPUCOH_SC_SIZED_UNIT(gpu_l1)

#endif
