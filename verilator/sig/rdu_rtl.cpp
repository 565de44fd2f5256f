// SPDX-License-Identifier: Apache-2.0
//
// rdu_rtl.cpp -- thin shim: the Verilated rdu behind the plain C ABI of gpucoh_rtl.h. It packs
// rdu_in_t into the model's ports, unpacks the outputs into rdu_out_t (both from the port table,
// cmodel/sig/rdu_ports.h), and reads the public
// registers into rdu_state_t (cmodel/sig/rdu.h). Nothing here models behaviour. Built on the
// gate-level netlist (GPUCOH_NETLIST, tools/build_rtl.sh --netlist) it reads the same
// registers, whose names the netlist keeps (the build gathers the element wires of cnt_q and
// qcnt_q back into arrays); st_q is decoded if synthesis re-encoded it.

#include "Vrdu.h"
#include "Vrdu___024root.h"
#include "gpucoh_sigs.h" // GPUCOH_SIGS(X): the per-SM signature registers (tools/build_rtl.sh)
#include "shim_common.h"
#ifdef GPUCOH_NETLIST
#include "shim_netlist.h"
#endif

extern "C" {
#include "rdu.h"
#include "rdu_ports.h"
}

namespace {

using Sim = gpucoh::Sim<Vrdu>;

#if !defined(GPUCOH_P_NumSm) || !defined(GPUCOH_P_AddrWidth)
#error "build with tools/build_rtl.sh: it defines GPUCOH_P_<Parameter> for every parameter"
#endif
constexpr unsigned kN = GPUCOH_P_NumSm;

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vrdu* t = s->top;
    const rdu_in_t* in = static_cast<const rdu_in_t*>(vin);
    rdu_out_t* out = static_cast<rdu_out_t*>(vout);
    RDU_PORTS(GPUCOH_SHIM_PUT,
              GPUCOH_SHIM_P) // cmodel/sig/rdu_ports.h (req_addr_i, req_mask_i packed)
    gpucoh::edge(s);
    RDU_PORTS(GPUCOH_SHIM_GET, GPUCOH_SHIM_P)
}

// R: the Verilated root class (or, for a netlist, its removed-bit mask: shim_netlist.h).
template <typename R> void read_state(const R* r, rdu_state_t* st) {
#define GPUCOH_SIG_COPY(j, member)                                                                 \
    static_assert(sizeof(r->member) <= sizeof(st->sig[0]), "signature wider than the struct");     \
    std::memcpy(st->sig[j], &r->member[0], sizeof(r->member));
    GPUCOH_SIGS(GPUCOH_SIG_COPY)
#undef GPUCOH_SIG_COPY
    for (unsigned j = 0; j < kN; ++j) {
        st->cnt[j] = r->rdu__DOT__cnt_q[j];
        st->qcnt[j] = r->rdu__DOT__qcnt_q[j];
    }
    st->pend = gpucoh::get_u64(r->rdu__DOT__pend_q);
    st->rr = r->rdu__DOT__rr_q;
#ifdef GPUCOH_NETLIST
    // Yosys's fsm pass may re-encode st_q (one-hot at the test sizes): back to the RTL code
    static const gpucoh::NlFsm* const st_fsm = gpucoh::nl_fsm_find("st_q");
    st->st = static_cast<uint32_t>(gpucoh::nl_fsm(r, st_fsm, r->rdu__DOT__st_q));
#else
    st->st = r->rdu__DOT__st_q;
#endif
    st->cur_sm = r->rdu__DOT__cur_sm_q;
    st->cur_write = r->rdu__DOT__cur_write_q;
    st->cur_addr = gpucoh::get_u64(r->rdu__DOT__cur_addr_q);
    gpucoh::get_words(st->cur_umask, r->rdu__DOT__cur_umask_q);
    st->race = r->rdu__DOT__race_q;
}

void state(void* h, void* vst) {
    read_state(static_cast<Sim*>(h)->top->rootp, static_cast<rdu_state_t*>(vst));
}

} // namespace

GPUCOH_API(Vrdu, "rdu", tick, state)
#ifdef GPUCOH_NETLIST
GPUCOH_NETLIST_STATE_MASK(read_state, rdu_state_t)
#endif
