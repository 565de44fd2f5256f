// SPDX-License-Identifier: Apache-2.0
//
// gpu_l2_sc_c.h -- the C model of gpu_l2 (cmodel/gpu_l2.[ch]) as a pin-level SystemC module,
// gpu_l2_sc_c, with the ports of the Verilated RTL (gpu_l2_sc_rtl.h, same build directory):
// docs/units/gpu/gpu_l2.md section 2. Parameters: gpu_l2_sc_params.h.
#ifndef GPUCOH_GPU_L2_SC_C_H
#define GPUCOH_GPU_L2_SC_C_H

#include "gpucoh_sc.h"
#include "gpu_l2_sc_params.h"

extern "C" {
#include "gpu_l2.h"
#include "gpu_l2_ports.h"
}

// the pins: the port table (cmodel/gpu/gpu_l2_ports.h), widths at this build's parameter set
#define GPU_L2_SC_P(name)        gpu_l2_sc_p::name
#define GPUCOH_SC_PINS_gpu_l2(X) GPU_L2_PORTS(X, GPU_L2_SC_P)

namespace gpu_l2_sc_p {
// derived widths (LA = AddrWidth - log2 LineBytes, DW = 8 * LineBytes), as the port table has them:
// for a netlist of one's own
constexpr uint64_t LA = GPU_L2_LA(GPU_L2_SC_P);
constexpr uint64_t DW = GPU_L2_DW(GPU_L2_SC_P);
} // namespace gpu_l2_sc_p

inline gpu_l2_desc_t gpu_l2_sc_desc() {
    namespace P = gpu_l2_sc_p;
    gpu_l2_desc_t d{};
    d.rsp = static_cast<uint32_t>(P::Rsp);
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

GPUCOH_SC_SIZED_UNIT(gpu_l2)

#endif
