// SPDX-License-Identifier: Apache-2.0
//
// gtsc_l1_rtl.cpp -- thin shim: the Verilated gtsc_l1 behind the C ABI of gpucoh_rtl.h: packs
// gtsc_l1_in_t into the ports, unpacks gtsc_l1_out_t (the port table
// cmodel/gtsc/gtsc_l1_ports.h), and reads the public registers into gtsc_l1_state_t
// (cmodel/gtsc/gtsc_l1.h): all lines or only the ones the caller names in sel[]; the MSHR
// entries, the per-warp registers, ep_q and the FIFO count always (docs/units/gtsc/gtsc_l1.md
// section 3). Nothing here models behaviour.

#include "Vgtsc_l1.h"
#include "Vgtsc_l1___024root.h"
#include "shim_common.h"
#ifdef GPUCOH_NETLIST
#include "shim_netlist.h"
#endif

extern "C" {
#include "gtsc_l1.h"
#include "gtsc_l1_ports.h"
}

namespace {

using Sim = gpucoh::Sim<Vgtsc_l1>;

#if !defined(GPUCOH_P_L1Sets) || !defined(GPUCOH_P_L1Ways) || !defined(GPUCOH_P_L1Mshrs) ||        \
    !defined(GPUCOH_P_NumWf) || !defined(GPUCOH_P_TsWidth) || !defined(GPUCOH_P_WfCntWidth) ||     \
    !defined(GPUCOH_P_SpinHits)
#error "build with tools/build_rtl.sh: it defines GPUCOH_P_<Parameter> for every parameter"
#endif
constexpr unsigned kSets = GPUCOH_P_L1Sets;
constexpr unsigned kWays = GPUCOH_P_L1Ways;
constexpr unsigned kLines = GPUCOH_P_L1Sets * GPUCOH_P_L1Ways;
constexpr unsigned kMshrs = GPUCOH_P_L1Mshrs;
constexpr unsigned kWf = GPUCOH_P_NumWf;
constexpr unsigned kWw = kWays > 1 ? 32 - __builtin_clz(kWays - 1) : 1; // the RTL's WW
constexpr unsigned kTw = GPUCOH_P_TsWidth;
constexpr unsigned kCw = GPUCOH_P_WfCntWidth;
constexpr unsigned kSw = GPUCOH_P_SpinHits > 0 ? 32 - __builtin_clz(GPUCOH_P_SpinHits) : 1; // SW

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

// R: the Verilated root class (or, for a netlist, its removed-bit mask: shim_netlist.h).
template <typename R> void read_line(const R* r, gtsc_l1_line_t* l, unsigned i) {
    std::memset(l, 0, sizeof *l);
    l->tag = gpucoh::get_u64(r->gtsc_l1__DOT__tag_q[i]);
    l->st = static_cast<uint32_t>(r->gtsc_l1__DOT__st_q[i]);
    l->wts = static_cast<uint32_t>(gpucoh::get_u64(r->gtsc_l1__DOT__wts_q[i]));
    l->rts = static_cast<uint32_t>(gpucoh::get_u64(r->gtsc_l1__DOT__rts_q[i]));
    gpucoh::get_words(l->data, r->gtsc_l1__DOT__data_q[i]);
}

template <typename R> void read_set(const R* r, gtsc_l1_state_t* st, unsigned x) {
    st->rr[x] = static_cast<uint32_t>(gpucoh::get_field(r->gtsc_l1__DOT__rr_q, x * kWw, kWw));
}

template <typename R> void read_lines(const R* r, gtsc_l1_state_t* st) {
    if (st->sel_all) {
        for (unsigned i = 0; i < kLines; ++i)
            read_line(r, &st->line[i], i);
        for (unsigned x = 0; x < kSets; ++x)
            read_set(r, st, x);
        return;
    }
    for (unsigned k = 0; k < st->sel_n && k < GTSC_SEL_MAX; ++k) {
        const unsigned i = st->sel[k];
        if (i < kLines) {
            read_line(r, &st->line[i], i);
            read_set(r, st, i / kWays);
        }
    }
}

template <typename R> void read_mshr(const R* r, gtsc_l1_mshr_t* m, unsigned k) {
    *m = gtsc_l1_mshr_t{};
    m->mv = static_cast<uint32_t>(gpucoh::get_field(r->gtsc_l1__DOT__mv_q, k, 1));
    m->mk = r->gtsc_l1__DOT__mk_q[k];
    m->mline = gpucoh::get_u64(r->gtsc_l1__DOT__mline_q[k]);
    m->mhw = static_cast<uint32_t>(gpucoh::get_field(r->gtsc_l1__DOT__mhw_q, k, 1));
    m->mway = r->gtsc_l1__DOT__mway_q[k];
    m->mwait = gpucoh::get_u64(r->gtsc_l1__DOT__mwait_q[k]);
    m->mwf = r->gtsc_l1__DOT__mwf_q[k];
    m->mst = static_cast<uint32_t>(gpucoh::get_field(r->gtsc_l1__DOT__mst_q, k, 1));
}

template <typename R> uint32_t warp_field(const R& v, unsigned w, unsigned width) {
    return static_cast<uint32_t>(gpucoh::get_field(v, w * width, width));
}

template <typename R> void read_state(const R* r, gtsc_l1_state_t* st) {
    read_lines(r, st);
    st->ep = r->gtsc_l1__DOT__ep_q;
    st->fcnt = r->gtsc_l1__DOT__u_fifo__DOT__cnt_q;
    for (unsigned w = 0; w < kWf; ++w) {
        st->warp_ts[w] = warp_field(r->gtsc_l1__DOT__warp_ts_q, w, kTw);
        st->wcnt[w] = warp_field(r->gtsc_l1__DOT__wcnt_q, w, kCw);
        st->spin[w] = warp_field(r->gtsc_l1__DOT__spin_q, w, kSw);
    }
    for (unsigned k = 0; k < kMshrs; ++k)
        read_mshr(r, &st->mshr[k], k);
}

void state(void* h, void* vst) {
    read_state(static_cast<Sim*>(h)->top->rootp, static_cast<gtsc_l1_state_t*>(vst));
}

#ifdef GPUCOH_NETLIST
// The mask covers every line (the system lockstep applies it to the ones it compares).
template <typename R> void read_state_all(const R* r, gtsc_l1_state_t* st) {
    st->sel_all = 1;
    read_state(r, st);
}
#endif

} // namespace

GPUCOH_API(Vgtsc_l1, "gtsc_l1", tick, state)
#ifdef GPUCOH_NETLIST
GPUCOH_NETLIST_STATE_MASK(read_state_all, gtsc_l1_state_t)
#endif
