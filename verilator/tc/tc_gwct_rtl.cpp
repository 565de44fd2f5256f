// SPDX-License-Identifier: Apache-2.0
//
// tc_gwct_rtl.cpp -- thin shim: the Verilated tc_gwct behind the C ABI of gpucoh_rtl.h
// (port structs of cmodel/tc/tc_gwct.h). Nothing here models behaviour.

#include "Vtc_gwct.h"
#include "Vtc_gwct___024root.h"
#include "shim_common.h"

extern "C" {
#include "tc_gwct.h"
#include "tc_gwct_ports.h"
}

namespace {

using Sim = gpucoh::Sim<Vtc_gwct>;

#ifndef GPUCOH_P_NumWf
#error "build with tools/build_rtl.sh: it defines GPUCOH_P_<Parameter> for every parameter"
#endif
constexpr unsigned kWf = GPUCOH_P_NumWf;

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vtc_gwct* t = s->top;
    const tc_gwct_in_t* in = static_cast<const tc_gwct_in_t*>(vin);
    tc_gwct_out_t* out = static_cast<tc_gwct_out_t*>(vout);
    // cmodel/tc/tc_gwct_ports.h. TC-Weak-C obligations (tc_gwct.md section 8); G6: mask bits >=
    // NumWf name no entry (the port has NumWf bits). The read port is internal to tc_l1: no C
    // field, driven 0.
    TC_GWCT_PORTS(GPUCOH_SHIM_PUT, GPUCOH_SHIM_P)
    gpucoh::edge(s);
    TC_GWCT_PORTS(GPUCOH_SHIM_GET, GPUCOH_SHIM_P)
}

void state(void* h, void* vst) {
    Sim* s = static_cast<Sim*>(h);
    tc_gwct_state_t* st = static_cast<tc_gwct_state_t*>(vst);
    const Vtc_gwct___024root* r = s->top->rootp;
    for (unsigned w = 0; w < kWf; ++w) {
        // an entry reads 0 unless its gval/cval bit says it holds a value (tc_gwct.md section 3)
        st->gwct[w] =
            gpucoh::get_field(r->tc_gwct__DOT__gval_q, w, 1) ? r->tc_gwct__DOT__gwct_q[w] : 0;
        st->cnt[w] =
            gpucoh::get_field(r->tc_gwct__DOT__cval_q, w, 1) ? r->tc_gwct__DOT__cnt_q[w] : 0;
    }
}

} // namespace

GPUCOH_API(Vtc_gwct, "tc_gwct", tick, state)
