// SPDX-License-Identifier: Apache-2.0
//
// tc_l2_sc_c.h -- the C model of tc_l2 (cmodel/tc_l2.[ch]) as a pin-level SystemC module,
// tc_l2_sc_c, with the ports of the Verilated RTL (tc_l2_sc_rtl.h, same build directory). The
// pins are those of docs/units/tc/tc_l2.md section 2 (widths: docs/system.md section 2); the
// parameter set is the build directory's (tc_l2_sc_params.h, systemc/build_sc.sh).
#ifndef GPUCOH_TC_L2_SC_C_H
#define GPUCOH_TC_L2_SC_C_H

#include "gpucoh_sc.h"
#include "tc_l2_sc_params.h"

extern "C" {
#include "tc_l2.h"
#include "tc_l2_ports.h"
}

// the pins: the port table (cmodel/tc/tc_l2_ports.h), widths at this build's parameter set
#define TC_L2_SC_P(name)        tc_l2_sc_p::name
#define GPUCOH_SC_PINS_tc_l2(X) TC_L2_PORTS(X, TC_L2_SC_P)

namespace tc_l2_sc_p {
// derived widths (LA = AddrWidth - log2 LineBytes line-address bits, DW = 8 * LineBytes), as the
// port table has them: for a netlist of one's own
constexpr uint64_t LA = TC_L2_LA(TC_L2_SC_P);
constexpr uint64_t DW = TC_L2_DW(TC_L2_SC_P);
constexpr uint64_t TS = TsWidth;
} // namespace tc_l2_sc_p

inline tc_l2_desc_t tc_l2_sc_desc() {
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

GPUCOH_SC_SIZED_UNIT(tc_l2)

#endif
