// SPDX-License-Identifier: Apache-2.0
//
// denovo_l2_sc_c.h -- the C model of denovo_l2 (cmodel/denovo/denovo_l2.[ch]) as a pin-level
// SystemC module, denovo_l2_sc_c, with the ports of the Verilated RTL (denovo_l2_sc_rtl.h, same
// build directory): docs/units/denovo/denovo_l2.md section 2. Parameters: denovo_l2_sc_params.h.
#ifndef GPUCOH_DENOVO_L2_SC_C_H
#define GPUCOH_DENOVO_L2_SC_C_H

#include "gpucoh_sc.h"
#include "denovo_l2_sc_params.h"

extern "C" {
#include "denovo_l2.h"
#include "denovo_l2_ports.h"
}

// the pins: the port table (cmodel/denovo/denovo_l2_ports.h), widths at this build's parameters
#define DENOVO_L2_SC_P(name)        denovo_l2_sc_p::name
#define GPUCOH_SC_PINS_denovo_l2(X) DENOVO_L2_PORTS(X, DENOVO_L2_SC_P)

namespace denovo_l2_sc_p {
// derived widths (LA = AddrWidth - log2 LineBytes, DW = 8 * LineBytes), as the port table has them:
// for a netlist of one's own
constexpr uint64_t LA = DENOVO_L2_LA(DENOVO_L2_SC_P);
constexpr uint64_t DW = DENOVO_L2_DW(DENOVO_L2_SC_P);
} // namespace denovo_l2_sc_p

inline denovo_l2_desc_t denovo_l2_sc_desc() {
    namespace P = denovo_l2_sc_p;
    denovo_l2_desc_t d{};
    d.num_sm = static_cast<uint32_t>(P::NumSm);
    d.num_banks = static_cast<uint32_t>(P::NumBanks);
    d.line_bytes = static_cast<uint32_t>(P::LineBytes);
    d.addr_width = static_cast<uint32_t>(P::AddrWidth);
    d.l2_sets = static_cast<uint32_t>(P::L2Sets);
    d.l2_ways = static_cast<uint32_t>(P::L2Ways);
    d.l2_mshrs = static_cast<uint32_t>(P::L2Mshrs);
    d.l2_queue = static_cast<uint32_t>(P::L2Queue);
    d.wb_queue = static_cast<uint32_t>(P::WbQueue);
    return d;
}

GPUCOH_SC_SIZED_UNIT(denovo_l2)

#endif
