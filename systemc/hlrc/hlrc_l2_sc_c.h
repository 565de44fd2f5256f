// SPDX-License-Identifier: Apache-2.0
//
// hlrc_l2_sc_c.h -- the C model of hlrc_l2 (cmodel/hlrc/hlrc_l2.[ch]) as a pin-level SystemC
// module, hlrc_l2_sc_c, with the ports of the Verilated RTL (hlrc_l2_sc_rtl.h, same build
// directory): docs/units/hlrc/hlrc_l2.md section 2. Parameters: hlrc_l2_sc_params.h.
#ifndef GPUCOH_HLRC_L2_SC_C_H
#define GPUCOH_HLRC_L2_SC_C_H

#include "gpucoh_sc.h"
#include "hlrc_l2_sc_params.h"

extern "C" {
#include "hlrc_l2.h"
#include "hlrc_l2_ports.h"
}

// the pins: the port table (cmodel/hlrc/hlrc_l2_ports.h), widths at this build's parameters
#define HLRC_L2_SC_P(name)        hlrc_l2_sc_p::name
#define GPUCOH_SC_PINS_hlrc_l2(X) HLRC_L2_PORTS(X, HLRC_L2_SC_P)

namespace hlrc_l2_sc_p {
// derived widths (LA = AddrWidth - log2 LineBytes, DW = 8 * LineBytes), as the port table has them:
// for a netlist of one's own
constexpr uint64_t LA = HLRC_L2_LA(HLRC_L2_SC_P);
constexpr uint64_t DW = HLRC_L2_DW(HLRC_L2_SC_P);
} // namespace hlrc_l2_sc_p

inline hlrc_l2_desc_t hlrc_l2_sc_desc() {
    namespace P = hlrc_l2_sc_p;
    hlrc_l2_desc_t d{};
    d.num_sm = static_cast<uint32_t>(P::NumSm);
    d.num_banks = static_cast<uint32_t>(P::NumBanks);
    d.line_bytes = static_cast<uint32_t>(P::LineBytes);
    d.addr_width = static_cast<uint32_t>(P::AddrWidth);
    d.l2_sets = static_cast<uint32_t>(P::L2Sets);
    d.l2_ways = static_cast<uint32_t>(P::L2Ways);
    d.l2_mshrs = static_cast<uint32_t>(P::L2Mshrs);
    d.l2_queue = static_cast<uint32_t>(P::L2Queue);
    d.sync_queue = static_cast<uint32_t>(P::SyncQueue);
    d.wb_queue = static_cast<uint32_t>(P::WbQueue);
    return d;
}

GPUCOH_SC_SIZED_UNIT(hlrc_l2)

#endif
