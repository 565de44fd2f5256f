// SPDX-License-Identifier: Apache-2.0
//
// tc_l2_rtl.cpp -- thin shim: the Verilated tc_l2 behind the C ABI of gpucoh_rtl.h: packs
// tc_l2_in_t into the ports, unpacks tc_l2_out_t, reads the public registers into tc_l2_state_t
// (cmodel/tc/tc_l2.h): the scalars, and all lines and MSHRs or the lines named in sel[] (and the
// MSHRs if sel_mshr).
// Nothing here models behaviour: lines and MSHR entries are stored without reset, and the
// packed bits mlive_q / dlive_q / groll_q / mlv_q / mroll_q say how they read
// (docs/units/tc/tc_l2.md section 3): 0 before the first write, stamp (and wl) 0 after a roll.

#include "Vtc_l2.h"
#include "Vtc_l2___024root.h"
#include "shim_common.h"
#ifdef GPUCOH_NETLIST
#include "shim_netlist.h"
#endif

extern "C" {
#include "tc_l2.h"
#include "tc_l2_ports.h"
}

namespace {

using Sim = gpucoh::Sim<Vtc_l2>;

#if !defined(GPUCOH_P_L2Sets) || !defined(GPUCOH_P_L2Ways) || !defined(GPUCOH_P_L2Mshrs)
#error "build with tools/build_rtl.sh: it defines GPUCOH_P_<Parameter> for every parameter"
#endif
constexpr unsigned kLines = GPUCOH_P_L2Sets * GPUCOH_P_L2Ways;
constexpr unsigned kMshrs = GPUCOH_P_L2Mshrs;

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vtc_l2* t = s->top;
    const tc_l2_in_t* in = static_cast<const tc_l2_in_t*>(vin);
    tc_l2_out_t* out = static_cast<tc_l2_out_t*>(vout);
    TC_L2_PORTS(GPUCOH_SHIM_PUT, GPUCOH_SHIM_P) // cmodel/tc/tc_l2_ports.h
    gpucoh::edge(s);

    std::memset(out, 0, sizeof *out); // fields without a port (a request's src) read 0
    TC_L2_PORTS(GPUCOH_SHIM_GET, GPUCOH_SHIM_P)
}

enum Bits { kMlive, kDlive, kGroll, kMlv, kMroll };
// Bit i of one of the packed per-line / per-entry vectors. On the mask (shim_netlist.h): 1 when
// the netlist holds that bit.
template <typename R> bool bit(const R* r, Bits which, unsigned i) {
    switch (which) {
    case kMlive:
        return gpucoh::get_field(r->tc_l2__DOT__mlive_q, i, 1) != 0;
    case kDlive:
        return gpucoh::get_field(r->tc_l2__DOT__dlive_q, i, 1) != 0;
    case kGroll:
        return gpucoh::get_field(r->tc_l2__DOT__groll_q, i, 1) != 0;
    case kMlv:
        return gpucoh::get_field(r->tc_l2__DOT__mlv_q, i, 1) != 0;
    default:
        return gpucoh::get_field(r->tc_l2__DOT__mroll_q, i, 1) != 0;
    }
}

// R: the Verilated root class (or, for a netlist, its removed-bit mask: shim_netlist.h; a
// condition bit reads as "held" there, nl_not keeps it so, and a field that depends on a bit
// the netlist lacks reads 0 on the held mask: taken from the C model).
template <typename R> void read_line(const R* r, tc_l2_line_t* l, unsigned i) {
    if (bit(r, kDlive, i))
        gpucoh::get_words(l->data, r->tc_l2__DOT__data_q[i]);
    else
        std::memset(l->data, 0, GPUCOH_P_LineBytes);
    const bool live = bit(r, kMlive, i);
    l->tag = live ? gpucoh::get_u64(r->tc_l2__DOT__tag_q[i]) : 0;
    l->st = live ? r->tc_l2__DOT__st_q[i] : 0;
    l->gts = live && gpucoh::nl_not(r, bit(r, kGroll, i)) ? r->tc_l2__DOT__gts_q[i] : 0;
    l->dirty = live ? r->tc_l2__DOT__dirty_q[i] : 0;
    // TC-Weak-C wl (section 13): read through the same bits as gTS, 0 when rolled or not live
    l->wl = live && gpucoh::nl_not(r, bit(r, kGroll, i)) ? r->tc_l2__DOT__wl_q[i] : 0;
}

template <typename R> void read_state(const R* r, tc_l2_state_t* st) {
    if (st->sel_all) {
        for (unsigned i = 0; i < kLines; ++i)
            read_line(r, &st->line[i], i);
    } else {
        for (unsigned k = 0; k < st->sel_n && k < TC_L2_SEL_MAX; ++k)
            if (st->sel[k] < kLines)
                read_line(r, &st->line[st->sel[k]], st->sel[k]);
    }
    for (unsigned k = 0; k < kMshrs && (st->sel_all || st->sel_mshr); ++k) {
        tc_l2_mshr_t* m = &st->mshr[k];
        if (!bit(r, kMlv, k)) {
            *m = tc_l2_mshr_t{};
            continue;
        }
        m->v = static_cast<uint32_t>(gpucoh::get_field(r->tc_l2__DOT__mv_q, k, 1));
        m->kind = r->tc_l2__DOT__mkind_q[k];
        m->line = gpucoh::get_u64(r->tc_l2__DOT__mline_q[k]);
        m->way = r->tc_l2__DOT__mway_q[k];
        m->ts = gpucoh::nl_not(r, bit(r, kMroll, k)) ? r->tc_l2__DOT__mts_q[k] : 0;
        m->sm = gpucoh::get_u64(r->tc_l2__DOT__msm_q[k]);
        m->op = r->tc_l2__DOT__mop_q[k];
        m->src = r->tc_l2__DOT__msrc_q[k];
        m->wf = r->tc_l2__DOT__mwf_q[k];
        gpucoh::get_words(m->data, r->tc_l2__DOT__mdata_q[k]);
        gpucoh::get_words(m->mask, r->tc_l2__DOT__mmask_q[k]);
        m->aop = r->tc_l2__DOT__maop_q[k];
        m->word = r->tc_l2__DOT__mword_q[k];
        m->a = r->tc_l2__DOT__ma_q[k];
        m->b = r->tc_l2__DOT__mb_q[k];
    }
    st->fcnt = r->tc_l2__DOT__u_fifo__DOT__cnt_q;
    st->life = r->tc_l2__DOT__life_q;
}

void state(void* h, void* vst) {
    read_state(static_cast<Sim*>(h)->top->rootp, static_cast<tc_l2_state_t*>(vst));
}

#ifdef GPUCOH_NETLIST
// The mask covers every line and MSHR (the system lockstep applies it to the ones it compares).
template <typename R> void read_state_all(const R* r, tc_l2_state_t* st) {
    st->sel_all = 1;
    read_state(r, st);
}
#endif

} // namespace

GPUCOH_API(Vtc_l2, "tc_l2", tick, state)
#ifdef GPUCOH_NETLIST
GPUCOH_NETLIST_STATE_MASK(read_state_all, tc_l2_state_t)
#endif
