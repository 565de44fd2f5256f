// SPDX-License-Identifier: Apache-2.0
//
// gtsc_ovf_rtl.cpp -- thin shim: the Verilated gtsc_ovf behind the C ABI of gpucoh_rtl.h: packs
// gtsc_ovf_in_t into the ports, unpacks gtsc_ovf_out_t (the port table
// cmodel/gtsc/gtsc_ovf_ports.h), and reads its two registers tsrst_q and nrst_q into
// gtsc_ovf_state_t (docs/units/gtsc/gtsc.md section 7.4). Nothing here models behaviour.

#include "Vgtsc_ovf.h"
#include "Vgtsc_ovf___024root.h"
#include "shim_common.h"
#ifdef GPUCOH_NETLIST
#include "shim_netlist.h"
#endif

extern "C" {
#include "gtsc_ovf.h"
#include "gtsc_ovf_ports.h"
}

namespace {

using Sim = gpucoh::Sim<Vgtsc_ovf>;

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vgtsc_ovf* t = s->top;
    const gtsc_ovf_in_t* in = static_cast<const gtsc_ovf_in_t*>(vin);
    gtsc_ovf_out_t* out = static_cast<gtsc_ovf_out_t*>(vout);
    GTSC_OVF_PORTS(GPUCOH_SHIM_PUT, GPUCOH_SHIM_P) // cmodel/gtsc/gtsc_ovf_ports.h
    gpucoh::edge(s);

    std::memset(out, 0, sizeof *out); // fields without a port read 0
    GTSC_OVF_PORTS(GPUCOH_SHIM_GET, GPUCOH_SHIM_P)
}

template <typename R> void read_state(const R* r, gtsc_ovf_state_t* st) {
    st->tsrst = r->gtsc_ovf__DOT__tsrst_q;
    st->nrst = r->gtsc_ovf__DOT__nrst_q;
}

void state(void* h, void* vst) {
    read_state(static_cast<Sim*>(h)->top->rootp, static_cast<gtsc_ovf_state_t*>(vst));
}

} // namespace

GPUCOH_API(Vgtsc_ovf, "gtsc_ovf", tick, state)
#ifdef GPUCOH_NETLIST
GPUCOH_NETLIST_STATE_MASK(read_state, gtsc_ovf_state_t)
#endif
