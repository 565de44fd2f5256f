// SPDX-License-Identifier: Apache-2.0
//
// hlrc_l1_sc_c.h -- the C model of hlrc_l1 (cmodel/hlrc/hlrc_l1.[ch]) as a pin-level SystemC
// module, hlrc_l1_sc_c, with the ports of the Verilated RTL (hlrc_l1_sc_rtl.h, same build
// directory): docs/units/hlrc/hlrc_l1.md section 2. Parameters: hlrc_l1_sc_params.h.
#ifndef GPUCOH_HLRC_L1_SC_C_H
#define GPUCOH_HLRC_L1_SC_C_H

#include "gpucoh_sc.h"
#include "hlrc_l1_sc_params.h"

extern "C" {
#include "hlrc_l1.h"
#include "hlrc_l1_ports.h"
}

// the pins: the port table (cmodel/hlrc/hlrc_l1_ports.h), widths at this build's parameters
#define HLRC_L1_SC_P(name)        hlrc_l1_sc_p::name
#define GPUCOH_SC_PINS_hlrc_l1(X) HLRC_L1_PORTS(X, HLRC_L1_SC_P)

namespace hlrc_l1_sc_p {
// derived widths (LA = AddrWidth - log2 LineBytes, DW = 8 * LineBytes), as the port table has them:
// for a netlist of one's own
constexpr uint64_t LA = HLRC_L1_LA(HLRC_L1_SC_P);
constexpr uint64_t DW = HLRC_L1_DW(HLRC_L1_SC_P);
} // namespace hlrc_l1_sc_p

inline hlrc_l1_desc_t hlrc_l1_sc_desc() {
    namespace P = hlrc_l1_sc_p;
    hlrc_l1_desc_t d{};
    d.scoped = static_cast<uint32_t>(P::Scoped);
    d.num_wf = static_cast<uint32_t>(P::NumWf);
    d.num_banks = static_cast<uint32_t>(P::NumBanks);
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

GPUCOH_SC_SIZED_UNIT(hlrc_l1)

#endif
