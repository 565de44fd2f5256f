// SPDX-License-Identifier: Apache-2.0
//
// tc_timer_rtl.cpp -- thin shim: the Verilated tc_timer behind the C ABI of gpucoh_rtl.h
// (port structs of cmodel/tc/tc_timer.h, ports of cmodel/tc/tc_timer_ports.h). Nothing here models
// behaviour. Built on the gate-level netlist (GPUCOH_NETLIST, tools/build_rtl.sh --netlist) it
// reads the same two registers, whose names the netlist keeps.

#include "Vtc_timer.h"
#include "Vtc_timer___024root.h"
#include "shim_common.h"
#ifdef GPUCOH_NETLIST
#include "shim_netlist.h"
#endif

extern "C" {
#include "tc_timer.h"
#include "tc_timer_ports.h"
}

namespace {

using Sim = gpucoh::Sim<Vtc_timer>;

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vtc_timer* t = s->top;
    const tc_timer_in_t* in = static_cast<const tc_timer_in_t*>(vin);
    tc_timer_out_t* out = static_cast<tc_timer_out_t*>(vout);
    TC_TIMER_PORTS(GPUCOH_SHIM_PUT, GPUCOH_SHIM_P) // cmodel/tc/tc_timer_ports.h
    gpucoh::edge(s);
    TC_TIMER_PORTS(GPUCOH_SHIM_GET, GPUCOH_SHIM_P)
}

// R: the Verilated root class (or, for a netlist, its removed-bit mask: shim_netlist.h).
template <typename R> void read_state(const R* r, tc_timer_state_t* st) {
    st->now = r->tc_timer__DOT__now_q;
    st->era = r->tc_timer__DOT__era_q;
}

void state(void* h, void* vst) {
    read_state(static_cast<Sim*>(h)->top->rootp, static_cast<tc_timer_state_t*>(vst));
}

} // namespace

GPUCOH_API(Vtc_timer, "tc_timer", tick, state)
#ifdef GPUCOH_NETLIST
GPUCOH_NETLIST_STATE_MASK(read_state, tc_timer_state_t)
#endif
