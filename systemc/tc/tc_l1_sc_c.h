// SPDX-License-Identifier: Apache-2.0
//
// tc_l1_sc_c.h -- the C model of tc_l1 (cmodel/tc_l1.[ch], with its tc_gwct) as a pin-level
// SystemC module, tc_l1_sc_c, with the ports of the Verilated RTL (tc_l1_sc_rtl.h, same build
// directory): docs/units/tc/tc_l1.md section 2. Parameters: tc_l1_sc_params.h.
#ifndef GPUCOH_TC_L1_SC_C_H
#define GPUCOH_TC_L1_SC_C_H

#include "gpucoh_sc.h"
#include "tc_l1_sc_params.h"

extern "C" {
#include "tc_l1.h"
#include "tc_l1_ports.h"
}

// the pins: the port table (cmodel/tc/tc_l1_ports.h), widths at this build's parameter set
#define TC_L1_SC_P(name)        tc_l1_sc_p::name
#define GPUCOH_SC_PINS_tc_l1(X) TC_L1_PORTS(X, TC_L1_SC_P)

namespace tc_l1_sc_p {
// derived widths (LA = AddrWidth - log2 LineBytes, DW = 8 * LineBytes), as the port table has them:
// for a netlist of one's own
constexpr uint64_t LA = TC_L1_LA(TC_L1_SC_P);
constexpr uint64_t DW = TC_L1_DW(TC_L1_SC_P);
constexpr uint64_t TS = TsWidth;
} // namespace tc_l1_sc_p

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

GPUCOH_SC_SIZED_UNIT(tc_l1)

#endif
