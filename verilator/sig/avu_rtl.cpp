// SPDX-License-Identifier: Apache-2.0
//
// avu_rtl.cpp -- thin shim: the Verilated avu behind the plain C ABI of gpucoh_rtl.h. It drives
// avu_in_t onto the model's ports, reads the outputs into avu_out_t and the public registers
// into avu_state_t (cmodel/sig/avu.h). Nothing here models behaviour. Built on the gate-level
// netlist (GPUCOH_NETLIST, tools/build_rtl.sh --netlist) it reads the same registers, whose
// names the netlist keeps (the build gathers the element wires of the per-line and per-slot
// arrays back into arrays); st_q is decoded if synthesis re-encoded it.

#include "Vavu.h"
#include "Vavu___024root.h"
#include "gpucoh_sigs.h" // GPUCOH_SIGS(X): the signature register (tools/build_rtl.sh)
#include "shim_common.h"
#ifdef GPUCOH_NETLIST
#include "shim_netlist.h"
#endif

extern "C" {
#include "avu.h"
#include "avu_ports.h"
}

#if !defined(GPUCOH_P_NumLines) || !defined(GPUCOH_P_SpecDepth)
#error "build with tools/build_rtl.sh: it defines GPUCOH_P_<Parameter> for every parameter"
#endif

namespace {

using Sim = gpucoh::Sim<Vavu>;
constexpr unsigned kLines = GPUCOH_P_NumLines;
constexpr unsigned kSpec = GPUCOH_P_SpecDepth;

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vavu* t = s->top;
    const avu_in_t* in = static_cast<const avu_in_t*>(vin);
    avu_out_t* out = static_cast<avu_out_t*>(vout);
    AVU_PORTS(GPUCOH_SHIM_PUT, GPUCOH_SHIM_P) // cmodel/sig/avu_ports.h
    gpucoh::edge(s);
    AVU_PORTS(GPUCOH_SHIM_GET, GPUCOH_SHIM_P)
}

// R: the Verilated root class (or, for a netlist, its removed-bit mask: shim_netlist.h).
template <typename R> void read_state(const R* r, avu_state_t* st) {
#define GPUCOH_SIG_COPY(j, member)                                                                 \
    static_assert(sizeof(r->member) <= sizeof(st->sig), "signature wider than the struct");        \
    std::memcpy(st->sig, &r->member[0], sizeof(r->member));
    GPUCOH_SIGS(GPUCOH_SIG_COPY)
#undef GPUCOH_SIG_COPY
    st->epoch = r->avu__DOT__epoch_q;
    for (unsigned l = 0; l < kLines; ++l) {
        st->fe[l] = r->avu__DOT__fe_q[l];
        st->fresh[l] = r->avu__DOT__fresh_q[l];
        st->hits[l] = r->avu__DOT__hits_q[l];
    }
    st->outs = r->avu__DOT__outs_q;
#ifdef GPUCOH_NETLIST
    // Yosys's fsm pass may re-encode st_q (one-hot at the test sizes): back to the RTL code
    static const gpucoh::NlFsm* const st_fsm = gpucoh::nl_fsm_find("st_q");
    st->st = static_cast<uint32_t>(gpucoh::nl_fsm(r, st_fsm, r->avu__DOT__st_q));
#else
    st->st = r->avu__DOT__st_q;
#endif
    st->opv = r->avu__DOT__opv_q;
    st->op_store = r->avu__DOT__op_store_q;
    st->op_hit = r->avu__DOT__op_hit_q;
    st->op_line = r->avu__DOT__op_line_q;
    st->op_addr = gpucoh::get_u64(r->avu__DOT__op_addr_q);
    gpucoh::get_words(st->op_mask, r->avu__DOT__op_mask_q);
    st->op_id = r->avu__DOT__op_id_q;
    gpucoh::get_words(st->tmask, r->avu__DOT__tmask_q);
    st->vslot = r->avu__DOT__vslot_q;
    for (unsigned q = 0; q < kSpec; ++q) {
        st->sv[q] = r->avu__DOT__sv_q[q];
        st->sid[q] = r->avu__DOT__sid_q[q];
        st->saddr[q] = gpucoh::get_u64(r->avu__DOT__saddr_q[q]);
        gpucoh::get_words(st->sumask[q], r->avu__DOT__sumask_q[q]);
        st->scnt[q] = r->avu__DOT__scnt_q[q];
        st->sfail[q] = r->avu__DOT__sfail_q[q];
        st->sneed[q] = r->avu__DOT__sneed_q[q];
    }
    st->head = r->avu__DOT__head_q;
    st->qn = r->avu__DOT__qn_q;
}

void state(void* h, void* vst) {
    read_state(static_cast<Sim*>(h)->top->rootp, static_cast<avu_state_t*>(vst));
}

} // namespace

GPUCOH_API(Vavu, "avu", tick, state)
#ifdef GPUCOH_NETLIST
GPUCOH_NETLIST_STATE_MASK(read_state, avu_state_t)
#endif
