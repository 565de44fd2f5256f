// SPDX-License-Identifier: Apache-2.0
//
// denovo_l2_rtl.cpp -- thin shim: the Verilated denovo_l2 (one registry bank) behind the C ABI
// of gpucoh_rtl.h: packs denovo_l2_in_t into the ports, unpacks denovo_l2_out_t, reads the
// public registers into denovo_l2_state_t (cmodel/denovo/denovo_l2.h): the MSHRs and the FIFO
// counts always, and all lines and rr or the lines named in sel[] (and their sets' rr). Nothing
// here models behaviour: every register is reset but the line arrays, which read as reset
// while their live_q bit is 0 (docs/units/denovo/denovo_l2.md section 3).

#include "Vdenovo_l2.h"
#include "Vdenovo_l2___024root.h"
#include "shim_common.h"
#ifdef GPUCOH_NETLIST
#include "shim_netlist.h"
#endif

extern "C" {
#include "denovo_l2.h"
#include "denovo_l2_ports.h"
}

namespace {

using Sim = gpucoh::Sim<Vdenovo_l2>;

#if !defined(GPUCOH_P_L2Sets) || !defined(GPUCOH_P_L2Ways) || !defined(GPUCOH_P_L2Mshrs) ||        \
    !defined(GPUCOH_P_LineBytes)
#error "build with tools/build_rtl.sh: it defines GPUCOH_P_<Parameter> for every parameter"
#endif
constexpr unsigned kSets = GPUCOH_P_L2Sets;
constexpr unsigned kLines = GPUCOH_P_L2Sets * GPUCOH_P_L2Ways;
constexpr unsigned kWw = GPUCOH_P_L2Ways > 1 ? 32 - __builtin_clz(GPUCOH_P_L2Ways - 1) : 1;
constexpr unsigned kMshrs = GPUCOH_P_L2Mshrs;

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vdenovo_l2* t = s->top;
    const denovo_l2_in_t* in = static_cast<const denovo_l2_in_t*>(vin);
    denovo_l2_out_t* out = static_cast<denovo_l2_out_t*>(vout);
    DENOVO_L2_PORTS(GPUCOH_SHIM_PUT, GPUCOH_SHIM_P) // cmodel/denovo/denovo_l2_ports.h
    gpucoh::edge(s);

    std::memset(out, 0, sizeof *out); // fields without a port read 0
    DENOVO_L2_PORTS(GPUCOH_SHIM_GET, GPUCOH_SHIM_P)
}

// R: the Verilated root class (or, for a netlist, its removed-bit mask: shim_netlist.h; every
// field is read unconditionally, so a field holds the bits the netlist holds and the others are
// taken from the C model). gate: a line not written since reset (live_q bit 0) holds whatever
// its unreset registers hold and reads as reset, all 0 (I) but rc_q, which is reset; false for
// the mask, whose fields are read whatever its live_q bit says.
template <typename R> void read_line(const R* r, denovo_l2_line_t* l, unsigned i, bool gate) {
    std::memset(l, 0, sizeof *l);
    if (gate && !gpucoh::get_field(r->denovo_l2__DOT__live_q, i, 1)) {
        l->rc = static_cast<uint32_t>(gpucoh::get_field(r->denovo_l2__DOT__rc_q, i, 1));
        return;
    }
    l->tag = gpucoh::get_u64(r->denovo_l2__DOT__tag_q[i]);
    l->st = r->denovo_l2__DOT__st_q[i];
    l->reg = static_cast<uint32_t>(gpucoh::get_u64(r->denovo_l2__DOT__reg_q[i]));
    l->busy = static_cast<uint32_t>(gpucoh::get_u64(r->denovo_l2__DOT__busy_q[i]));
    l->rc = static_cast<uint32_t>(gpucoh::get_field(r->denovo_l2__DOT__rc_q, i, 1));
    gpucoh::get_words(l->data, r->denovo_l2__DOT__data_q[i]);
}

template <typename R> unsigned read_rr(const R* r, unsigned set) {
    return static_cast<unsigned>(gpucoh::get_field(r->denovo_l2__DOT__rr_q, set * kWw, kWw));
}

template <typename R> void read_state(const R* r, denovo_l2_state_t* st, bool gate) {
    if (st->sel_all) {
        for (unsigned i = 0; i < kLines; ++i)
            read_line(r, &st->line[i], i, gate);
        for (unsigned x = 0; x < kSets; ++x)
            st->rr[x] = read_rr(r, x);
    } else {
        for (unsigned k = 0; k < st->sel_n && k < DENOVO_L2_SEL_MAX; ++k) {
            const unsigned i = st->sel[k];
            if (i < kLines) {
                read_line(r, &st->line[i], i, gate);
                st->rr[i / GPUCOH_P_L2Ways] = read_rr(r, i / GPUCOH_P_L2Ways);
            }
        }
    }
    for (unsigned k = 0; k < kMshrs; ++k) {
        denovo_l2_mshr_t* m = &st->mshr[k];
        m->v = static_cast<uint32_t>(gpucoh::get_field(r->denovo_l2__DOT__mv_q, k, 1));
        m->line = gpucoh::get_u64(r->denovo_l2__DOT__mline_q[k]);
        m->way = r->denovo_l2__DOT__mway_q[k];
        m->dst = gpucoh::get_u64(r->denovo_l2__DOT__mdst_q[k]);
    }
    st->qcnt = r->denovo_l2__DOT__qcnt_q;
    st->wcnt = r->denovo_l2__DOT__wcnt_q;
}

void state(void* h, void* vst) {
    read_state(static_cast<Sim*>(h)->top->rootp, static_cast<denovo_l2_state_t*>(vst), true);
}

#ifdef GPUCOH_NETLIST
// The mask covers every line (the system lockstep applies it to the ones it compares).
template <typename R> void read_state_all(const R* r, denovo_l2_state_t* st) {
    st->sel_all = 1;
    read_state(r, st, false);
}
#endif

} // namespace

GPUCOH_API(Vdenovo_l2, "denovo_l2", tick, state)
#ifdef GPUCOH_NETLIST
GPUCOH_NETLIST_STATE_MASK(read_state_all, denovo_l2_state_t)
#endif
