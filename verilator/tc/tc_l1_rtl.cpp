// SPDX-License-Identifier: Apache-2.0
//
// tc_l1_rtl.cpp -- thin shim: the Verilated tc_l1 (with its u_gwct) behind the C ABI of
// gpucoh_rtl.h: packs tc_l1_in_t into the ports, unpacks tc_l1_out_t, and reads the public
// registers into tc_l1_state_t (cmodel/tc/tc_l1.h), all lines or only the ones the caller names in
// sel[]. Nothing here models behaviour: a line's fields are stored without reset, and the
// packed bits mlive_q / dlive_q / rolled_q say how they read (docs/units/tc/tc_l1.md section 3,
// the RTL's line_*() functions): 0 before the first write, the rolled value after a roll.

#include "Vtc_l1.h"
#include "Vtc_l1___024root.h"
#include "shim_common.h"
#ifdef GPUCOH_NETLIST
#include "shim_netlist.h"
#endif

extern "C" {
#include "tc_l1.h"
#include "tc_l1_ports.h"
}

namespace {

using Sim = gpucoh::Sim<Vtc_l1>;

#if !defined(GPUCOH_P_NumWf) || !defined(GPUCOH_P_L1Sets) || !defined(GPUCOH_P_L1Ways)
#error "build with tools/build_rtl.sh: it defines GPUCOH_P_<Parameter> for every parameter"
#endif
constexpr unsigned kWf = GPUCOH_P_NumWf;
constexpr unsigned kSets = GPUCOH_P_L1Sets;
constexpr unsigned kLines = GPUCOH_P_L1Sets * GPUCOH_P_L1Ways;
constexpr unsigned kWw = GPUCOH_P_L1Ways > 1 ? 32 - __builtin_clz(GPUCOH_P_L1Ways - 1) : 1;
constexpr unsigned kTsW = GPUCOH_P_TsWidth;

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vtc_l1* t = s->top;
    const tc_l1_in_t* in = static_cast<const tc_l1_in_t*>(vin);
    tc_l1_out_t* out = static_cast<tc_l1_out_t*>(vout);
    TC_L1_PORTS(GPUCOH_SHIM_PUT, GPUCOH_SHIM_P) // cmodel/tc/tc_l1_ports.h
    gpucoh::edge(s);

    std::memset(out, 0, sizeof *out); // fields without a port (a request's src) read 0
    TC_L1_PORTS(GPUCOH_SHIM_GET, GPUCOH_SHIM_P)
}

// R: the Verilated root class (or, for a netlist, its removed-bit mask: shim_netlist.h; a
// condition bit reads as "held" there, nl_not keeps it so, and a field that depends on a bit
// the netlist lacks reads 0 on the held mask: taken from the C model).
template <typename R> void read_line(const R* r, tc_l1_line_t* l, unsigned i) {
    if (gpucoh::get_field(r->tc_l1__DOT__dlive_q, i, 1))
        gpucoh::get_words(l->data, r->tc_l1__DOT__data_q[i]);
    else
        std::memset(l->data, 0, GPUCOH_P_LineBytes);
    if (!gpucoh::get_field(r->tc_l1__DOT__mlive_q, i, 1)) {
        l->tag = l->st = l->lts = l->rd = l->waw = l->wcnt = 0;
        l->orig = l->late = 0;
        // P5: a roll sets mts also on a line never written (its rolled bit is set as well)
        l->mts = gpucoh::get_field(r->tc_l1__DOT__rolled_q, i, 1)
                     ? static_cast<uint32_t>(gpucoh::low_bits(~uint64_t{0}, kTsW))
                     : 0u;
        return;
    }
    // not rolled (on the mask: the rolled bit is held)
    const bool fresh = gpucoh::nl_not(r, gpucoh::get_field(r->tc_l1__DOT__rolled_q, i, 1) != 0);
    const unsigned st = r->tc_l1__DOT__st_q[i];
    l->tag = gpucoh::get_u64(r->tc_l1__DOT__tag_q[i]);
    l->st = gpucoh::nl_pick(r, fresh, st,
                            st == TC_L1_V     ? TC_L1_I
                            : st == TC_L1_V_M ? TC_L1_I_I
                                              : st);
    l->lts = gpucoh::nl_pick(r, fresh, r->tc_l1__DOT__lts_q[i], 0);
    l->rd = r->tc_l1__DOT__rd_q[i];
    l->waw = r->tc_l1__DOT__waw_q[i];
    l->wcnt = r->tc_l1__DOT__wcnt_q[i];
    l->orig = gpucoh::get_u64(r->tc_l1__DOT__orig_q[i]);
    l->late = gpucoh::get_u64(r->tc_l1__DOT__late_q[i]);
    l->mts = static_cast<uint32_t>(
        gpucoh::nl_pick(r, fresh, r->tc_l1__DOT__mts_q[i], gpucoh::low_bits(~uint64_t{0}, kTsW)));
}

template <typename R> unsigned read_rr(const R* r, unsigned set) {
    return static_cast<unsigned>(gpucoh::get_field(r->tc_l1__DOT__rr_q, set * kWw, kWw));
}

template <typename R> void read_state(const R* r, tc_l1_state_t* st) {
    if (st->sel_all) {
        for (unsigned i = 0; i < kLines; ++i)
            read_line(r, &st->line[i], i);
        for (unsigned x = 0; x < kSets; ++x)
            st->rr[x] = read_rr(r, x);
    } else {
        for (unsigned k = 0; k < st->sel_n && k < TC_SEL_MAX; ++k) {
            const unsigned i = st->sel[k];
            if (i < kLines) {
                read_line(r, &st->line[i], i);
                st->rr[i / GPUCOH_P_L1Ways] = read_rr(r, i / GPUCOH_P_L1Ways);
            }
        }
    }
    st->fcnt = r->tc_l1__DOT__u_fifo__DOT__cnt_q;
    st->cobl = r->tc_l1__DOT__cobl_q; // TC-Weak-C SM obligation (section 12); 0 otherwise
    for (unsigned w = 0; w < kWf; ++w) {
        st->gwct.gwct[w] = gpucoh::get_field(r->tc_l1__DOT__u_gwct__DOT__gval_q, w, 1)
                               ? r->tc_l1__DOT__u_gwct__DOT__gwct_q[w]
                               : 0;
        st->gwct.cnt[w] = gpucoh::get_field(r->tc_l1__DOT__u_gwct__DOT__cval_q, w, 1)
                              ? r->tc_l1__DOT__u_gwct__DOT__cnt_q[w]
                              : 0;
    }
}

void state(void* h, void* vst) {
    read_state(static_cast<Sim*>(h)->top->rootp, static_cast<tc_l1_state_t*>(vst));
}

#ifdef GPUCOH_NETLIST
// The mask covers every line (the system lockstep applies it to the ones it compares).
template <typename R> void read_state_all(const R* r, tc_l1_state_t* st) {
    st->sel_all = 1;
    read_state(r, st);
}
#endif

} // namespace

GPUCOH_API(Vtc_l1, "tc_l1", tick, state)
#ifdef GPUCOH_NETLIST
GPUCOH_NETLIST_STATE_MASK(read_state_all, tc_l1_state_t)
#endif
