// SPDX-License-Identifier: Apache-2.0
//
// denovo_l1_sc_c.h -- the C model of denovo_l1 (cmodel/denovo/denovo_l1.[ch]) as a pin-level
// SystemC module, denovo_l1_sc_c, with the ports of the Verilated RTL (denovo_l1_sc_rtl.h, same
// build directory): docs/units/denovo/denovo_l1.md section 2. Parameters: denovo_l1_sc_params.h.
#ifndef GPUCOH_DENOVO_L1_SC_C_H
#define GPUCOH_DENOVO_L1_SC_C_H

#include "gpucoh_sc.h"
#include "denovo_l1_sc_params.h"

extern "C" {
#include "denovo_l1.h"
#include "denovo_l1_ports.h"
}

// the pins: the port table (cmodel/denovo/denovo_l1_ports.h), widths at this build's parameters
#define DENOVO_L1_SC_P(name)        denovo_l1_sc_p::name
#define GPUCOH_SC_PINS_denovo_l1(X) DENOVO_L1_PORTS(X, DENOVO_L1_SC_P)

namespace denovo_l1_sc_p {
// derived widths (LA = AddrWidth - log2 LineBytes, DW = 8 * LineBytes), as the port table has them:
// for a netlist of one's own
constexpr uint64_t LA = DENOVO_L1_LA(DENOVO_L1_SC_P);
constexpr uint64_t DW = DENOVO_L1_DW(DENOVO_L1_SC_P);
} // namespace denovo_l1_sc_p

inline denovo_l1_desc_t denovo_l1_sc_desc() {
    namespace P = denovo_l1_sc_p;
    denovo_l1_desc_t d{};
    d.hrf = static_cast<uint32_t>(P::Hrf);
    d.ro = static_cast<uint32_t>(P::Ro);
    d.num_sm = static_cast<uint32_t>(P::NumSm);
    d.num_wf = static_cast<uint32_t>(P::NumWf);
    d.line_bytes = static_cast<uint32_t>(P::LineBytes);
    d.addr_width = static_cast<uint32_t>(P::AddrWidth);
    d.l1_sets = static_cast<uint32_t>(P::L1Sets);
    d.l1_ways = static_cast<uint32_t>(P::L1Ways);
    d.l1_queue = static_cast<uint32_t>(P::L1Queue);
    d.sb_entries = static_cast<uint32_t>(P::SbEntries);
    d.sb_idle = static_cast<uint32_t>(P::SbIdle);
    d.mshrs = static_cast<uint32_t>(P::Mshrs);
    d.wb_entries = static_cast<uint32_t>(P::WbEntries);
    return d;
}

GPUCOH_SC_SIZED_UNIT(denovo_l1)

#endif
