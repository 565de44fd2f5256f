// SPDX-License-Identifier: Apache-2.0
//
// gtsc_l1_rtl.cpp -- thin shim: the Verilated gtsc_l1 behind the C ABI of gpucoh_rtl.h: packs
// gtsc_l1_in_t into the ports, unpacks gtsc_l1_out_t (the port table
// cmodel/gtsc/gtsc_l1_ports.h). Nothing here models behaviour. The system compares the outputs
// every cycle; the state compare (docs/units/gtsc/gtsc.md section 14) is not read yet: state()
// reads nothing (the slot's state_size is 0, so it is never called).

#include "Vgtsc_l1.h"
#include "Vgtsc_l1___024root.h"
#include "shim_common.h"

extern "C" {
#include "gtsc_l1.h"
#include "gtsc_l1_ports.h"
}

namespace {

using Sim = gpucoh::Sim<Vgtsc_l1>;

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vgtsc_l1* t = s->top;
    const gtsc_l1_in_t* in = static_cast<const gtsc_l1_in_t*>(vin);
    gtsc_l1_out_t* out = static_cast<gtsc_l1_out_t*>(vout);
    GTSC_L1_PORTS(GPUCOH_SHIM_PUT, GPUCOH_SHIM_P) // cmodel/gtsc/gtsc_l1_ports.h
    gpucoh::edge(s);

    std::memset(out, 0, sizeof *out); // fields without a port read 0
    GTSC_L1_PORTS(GPUCOH_SHIM_GET, GPUCOH_SHIM_P)
}

void state(void* h, void* vst) {
    (void)h;
    (void)vst;
}

} // namespace

GPUCOH_API(Vgtsc_l1, "gtsc_l1", tick, state)
