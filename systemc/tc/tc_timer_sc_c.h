// SPDX-License-Identifier: Apache-2.0
//
// tc_timer_sc_c.h -- the C model of tc_timer (cmodel/tc_timer.[ch]) as a pin-level SystemC
// module, tc_timer_sc_c, with the ports of the Verilated RTL (tc_timer_sc_rtl.h, same build
// directory): docs/units/tc/tc_timer.md section 2. Parameters: tc_timer_sc_params.h.
#ifndef GPUCOH_TC_TIMER_SC_C_H
#define GPUCOH_TC_TIMER_SC_C_H

#include "gpucoh_sc.h"
#include "tc_timer_sc_params.h"

extern "C" {
#include "tc_timer.h"
#include "tc_timer_ports.h"
}

// the pins: the port table (cmodel/tc/tc_timer_ports.h), widths at this build's parameter set
#define TC_TIMER_SC_P(name)        tc_timer_sc_p::name
#define GPUCOH_SC_PINS_tc_timer(X) TC_TIMER_PORTS(X, TC_TIMER_SC_P)

inline tc_timer_desc_t tc_timer_sc_desc() {
    tc_timer_desc_t d{};
    d.ts_width = static_cast<uint32_t>(tc_timer_sc_p::TsWidth);
    return d;
}

GPUCOH_SC_SIZED_UNIT(tc_timer)

#endif
