// SPDX-License-Identifier: Apache-2.0
//
// gtsc_l2_rtl.cpp -- thin shim: the Verilated gtsc_l2 bank behind the C ABI of gpucoh_rtl.h:
// packs gtsc_l2_in_t into the ports, unpacks gtsc_l2_out_t (the port table
// cmodel/gtsc/gtsc_l2_ports.h), and reads the public registers into gtsc_l2_state_t
// (cmodel/gtsc/gtsc_l2.h): all lines or only the ones the caller names in sel[]; the MSHR
// entries, mem_ts_q, ep_q, ovf_q and the FIFO count always (docs/units/gtsc/gtsc_l2.md section
// 3). Nothing here models behaviour.

#include "Vgtsc_l2.h"
#include "Vgtsc_l2___024root.h"
#include "shim_common.h"
#ifdef GPUCOH_NETLIST
#include "shim_netlist.h"
#endif

extern "C" {
#include "gtsc_l2.h"
#include "gtsc_l2_ports.h"
}

namespace {

using Sim = gpucoh::Sim<Vgtsc_l2>;

#if !defined(GPUCOH_P_L2Sets) || !defined(GPUCOH_P_L2Ways) || !defined(GPUCOH_P_L2Mshrs)
#error "build with tools/build_rtl.sh: it defines GPUCOH_P_<Parameter> for every parameter"
#endif
constexpr unsigned kSets = GPUCOH_P_L2Sets;
constexpr unsigned kWays = GPUCOH_P_L2Ways;
constexpr unsigned kLines = GPUCOH_P_L2Sets * GPUCOH_P_L2Ways;
constexpr unsigned kMshrs = GPUCOH_P_L2Mshrs;
constexpr unsigned kWw = kWays > 1 ? 32 - __builtin_clz(kWays - 1) : 1; // the RTL's WW2

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vgtsc_l2* t = s->top;
    const gtsc_l2_in_t* in = static_cast<const gtsc_l2_in_t*>(vin);
    gtsc_l2_out_t* out = static_cast<gtsc_l2_out_t*>(vout);
    GTSC_L2_PORTS(GPUCOH_SHIM_PUT, GPUCOH_SHIM_P) // cmodel/gtsc/gtsc_l2_ports.h
    gpucoh::edge(s);

    std::memset(out, 0, sizeof *out); // fields without a port read 0
    GTSC_L2_PORTS(GPUCOH_SHIM_GET, GPUCOH_SHIM_P)
}

// R: the Verilated root class (or, for a netlist, its removed-bit mask: shim_netlist.h).
template <typename R> void read_line(const R* r, gtsc_l2_line_t* l, unsigned i) {
    std::memset(l, 0, sizeof *l);
    l->tag = gpucoh::get_u64(r->gtsc_l2__DOT__tag_q[i]);
    l->st = static_cast<uint32_t>(r->gtsc_l2__DOT__st_q[i]);
    l->wts = static_cast<uint32_t>(gpucoh::get_u64(r->gtsc_l2__DOT__wts_q[i]));
    l->rts = static_cast<uint32_t>(gpucoh::get_u64(r->gtsc_l2__DOT__rts_q[i]));
    gpucoh::get_words(l->data, r->gtsc_l2__DOT__data_q[i]);
}

template <typename R> void read_set(const R* r, gtsc_l2_state_t* st, unsigned x) {
    st->rr[x] = static_cast<uint32_t>(gpucoh::get_field(r->gtsc_l2__DOT__rr_q, x * kWw, kWw));
}

template <typename R> void read_lines(const R* r, gtsc_l2_state_t* st) {
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

template <typename R> void read_mshr(const R* r, gtsc_l2_mshr_t* m, unsigned k) {
    *m = gtsc_l2_mshr_t{};
    m->mv = static_cast<uint32_t>(gpucoh::get_field(r->gtsc_l2__DOT__mv_q, k, 1));
    m->mrdy = static_cast<uint32_t>(gpucoh::get_field(r->gtsc_l2__DOT__mrdy_q, k, 1));
    m->mline = gpucoh::get_u64(r->gtsc_l2__DOT__mline_q[k]);
    m->mway = r->gtsc_l2__DOT__mway_q[k];
    m->mkind = r->gtsc_l2__DOT__mkind_q[k];
    m->msrc = r->gtsc_l2__DOT__msrc_q[k];
    m->mwf = r->gtsc_l2__DOT__mwf_q[k];
    m->mwts = static_cast<uint32_t>(gpucoh::get_u64(r->gtsc_l2__DOT__mwts_q[k]));
    m->mwarp = static_cast<uint32_t>(gpucoh::get_u64(r->gtsc_l2__DOT__mwarp_q[k]));
    m->mep = r->gtsc_l2__DOT__mep_q[k];
    gpucoh::get_words(m->mdata, r->gtsc_l2__DOT__mdata_q[k]);
    gpucoh::get_words(m->mmask, r->gtsc_l2__DOT__mmask_q[k]);
    m->maop = r->gtsc_l2__DOT__maop_q[k];
    m->mword = r->gtsc_l2__DOT__mword_q[k];
    m->ma = r->gtsc_l2__DOT__ma_q[k];
    m->mb = r->gtsc_l2__DOT__mb_q[k];
}

template <typename R> void read_state(const R* r, gtsc_l2_state_t* st) {
    read_lines(r, st);
    st->mem_ts = static_cast<uint32_t>(gpucoh::get_u64(r->gtsc_l2__DOT__mem_ts_q));
    st->ep = r->gtsc_l2__DOT__ep_q;
    st->ovf = r->gtsc_l2__DOT__ovf_q;
    st->fcnt = r->gtsc_l2__DOT__u_fifo__DOT__cnt_q;
    for (unsigned k = 0; k < kMshrs; ++k)
        read_mshr(r, &st->mshr[k], k);
}

void state(void* h, void* vst) {
    read_state(static_cast<Sim*>(h)->top->rootp, static_cast<gtsc_l2_state_t*>(vst));
}

#ifdef GPUCOH_NETLIST
// The mask covers every line (the system lockstep applies it to the ones it compares).
template <typename R> void read_state_all(const R* r, gtsc_l2_state_t* st) {
    st->sel_all = 1;
    read_state(r, st);
}
#endif

} // namespace

GPUCOH_API(Vgtsc_l2, "gtsc_l2", tick, state)
#ifdef GPUCOH_NETLIST
GPUCOH_NETLIST_STATE_MASK(read_state_all, gtsc_l2_state_t)
#endif
