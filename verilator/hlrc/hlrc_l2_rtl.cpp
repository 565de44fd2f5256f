// SPDX-License-Identifier: Apache-2.0
//
// hlrc_l2_rtl.cpp -- thin shim: the Verilated hlrc_l2 (one bank) behind the C ABI of
// gpucoh_rtl.h: packs hlrc_l2_in_t into the ports, unpacks hlrc_l2_out_t, reads the public
// registers into hlrc_l2_state_t (cmodel/hlrc/hlrc_l2.h): the MSHRs, the revocation register,
// qpri and the three FIFO counts always, and all lines or the lines named in sel[]. Nothing here
// models behaviour. The line arrays have no reset: a line whose live_q bit is 0 reads as reset
// (tag, st, reg, own, data 0); age_q is reset (docs/units/hlrc/hlrc.md section 11).
//
// Built on the netlist (GPUCOH_NETLIST, shim_netlist.h) the same reads run on the removed-bit
// mask, every line's fields read whatever its live_q bit says.

#include "Vhlrc_l2.h"
#include "Vhlrc_l2___024root.h"
#include "shim_common.h"
#ifdef GPUCOH_NETLIST
#include "shim_netlist.h"
#endif

extern "C" {
#include "hlrc_l2.h"
#include "hlrc_l2_ports.h"
}

namespace {

using Sim = gpucoh::Sim<Vhlrc_l2>;

#if !defined(GPUCOH_P_L2Sets) || !defined(GPUCOH_P_L2Ways) || !defined(GPUCOH_P_L2Mshrs) ||        \
    !defined(GPUCOH_P_LineBytes)
#error "build with tools/build_rtl.sh: it defines GPUCOH_P_<Parameter> for every parameter"
#endif
constexpr unsigned kLines = GPUCOH_P_L2Sets * GPUCOH_P_L2Ways;
constexpr unsigned kWw = GPUCOH_P_L2Ways > 1 ? 32 - __builtin_clz(GPUCOH_P_L2Ways - 1) : 1;
constexpr unsigned kMshrs = GPUCOH_P_L2Mshrs;

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vhlrc_l2* t = s->top;
    const hlrc_l2_in_t* in = static_cast<const hlrc_l2_in_t*>(vin);
    hlrc_l2_out_t* out = static_cast<hlrc_l2_out_t*>(vout);
    HLRC_L2_PORTS(GPUCOH_SHIM_PUT, GPUCOH_SHIM_P) // cmodel/hlrc/hlrc_l2_ports.h
    gpucoh::edge(s);

    std::memset(out, 0, sizeof *out); // fields without a port read 0
    HLRC_L2_PORTS(GPUCOH_SHIM_GET, GPUCOH_SHIM_P)
}

// R: the Verilated root class (or, for a netlist, its removed-bit mask: shim_netlist.h). gate:
// a line whose live_q bit is 0 reads as reset; false for the mask, whose fields are read whatever
// its live_q bit says.
template <typename R> void read_line(const R* r, hlrc_l2_line_t* l, unsigned i, bool gate) {
    std::memset(l, 0, sizeof *l);
    l->age = static_cast<uint32_t>(gpucoh::get_field(r->hlrc_l2__DOT__age_q, i * kWw, kWw));
    if (gate && !gpucoh::get_field(r->hlrc_l2__DOT__live_q, i, 1))
        return;
    l->tag = gpucoh::get_u64(r->hlrc_l2__DOT__tag_q[i]);
    l->st = r->hlrc_l2__DOT__st_q[i];
    l->reg = r->hlrc_l2__DOT__reg_q[i];
    l->own = r->hlrc_l2__DOT__own_q[i];
    gpucoh::get_words(l->data, r->hlrc_l2__DOT__data_q[i]);
}

template <typename R> void read_rest(const R* r, hlrc_l2_state_t* st) {
    for (unsigned k = 0; k < kMshrs; ++k) {
        hlrc_l2_mshr_t* m = &st->mshr[k];
        std::memset(m, 0, sizeof *m);
        m->v = static_cast<uint32_t>(gpucoh::get_field(r->hlrc_l2__DOT__mv_q, k, 1));
        m->line = gpucoh::get_u64(r->hlrc_l2__DOT__mline_q[k]);
        m->way = r->hlrc_l2__DOT__mway_q[k];
        m->dst = gpucoh::get_u64(r->hlrc_l2__DOT__mdst_q[k]);
        gpucoh::get_words(m->wm, r->hlrc_l2__DOT__mwm_q[k]);
    }
    st->qcnt = r->hlrc_l2__DOT__u_req_fifo__DOT__cnt_q;
    st->scnt = r->hlrc_l2__DOT__u_sync_fifo__DOT__cnt_q;
    st->wcnt = r->hlrc_l2__DOT__u_wb_fifo__DOT__cnt_q;
    st->rvv = r->hlrc_l2__DOT__rvv_q;
    st->rvw = r->hlrc_l2__DOT__rvw_q;
    st->rvl = gpucoh::get_u64(r->hlrc_l2__DOT__rvl_q);
    st->rvo = r->hlrc_l2__DOT__rvo_q;
    st->qpri = r->hlrc_l2__DOT__qpri_q;
}

template <typename R> void read_state(const R* r, hlrc_l2_state_t* st, bool gate) {
    if (st->sel_all) {
        for (unsigned i = 0; i < kLines; ++i)
            read_line(r, &st->line[i], i, gate);
    } else {
        for (unsigned k = 0; k < st->sel_n && k < HLRC_L2_SEL_MAX; ++k) {
            if (st->sel[k] < kLines)
                read_line(r, &st->line[st->sel[k]], st->sel[k], gate);
        }
    }
    read_rest(r, st);
}

void state(void* h, void* vst) {
    read_state(static_cast<Sim*>(h)->top->rootp, static_cast<hlrc_l2_state_t*>(vst), true);
}

#ifdef GPUCOH_NETLIST
// The mask covers every line (the system lockstep applies it to the ones it compares).
template <typename R> void read_state_all(const R* r, hlrc_l2_state_t* st) {
    st->sel_all = 1;
    read_state(r, st, false);
}
#endif

} // namespace

GPUCOH_API(Vhlrc_l2, "hlrc_l2", tick, state)
#ifdef GPUCOH_NETLIST
GPUCOH_NETLIST_STATE_MASK(read_state_all, hlrc_l2_state_t)
#endif
