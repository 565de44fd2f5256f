// SPDX-License-Identifier: Apache-2.0
//
// gpu_l2_rtl.cpp -- thin shim: the Verilated gpu_l2 behind the C ABI of gpucoh_rtl.h: packs
// gpu_l2_in_t into the ports, unpacks gpu_l2_out_t, reads the public registers into
// gpu_l2_state_t (cmodel/gpu/gpu_l2.h): qcnt and the token always, all lines and rr or the
// lines named in sel[] (and their sets' rr), all MSHRs or (mshr_only) those of mshr_sel.
// Nothing here models behaviour: lines and MSHR entries are stored without reset, and the packed
// bits mlive_q / dlive_q / mlv_q say whether they were written since reset (else they read 0;
// docs/units/gpu/gpu_l2.md section 3).

#include "Vgpu_l2.h"
#include "Vgpu_l2___024root.h"
#include "shim_common.h"
#ifdef GPUCOH_NETLIST
#include "shim_netlist.h"
#endif

extern "C" {
#include "gpu_l2.h"
#include "gpu_l2_ports.h"
}

namespace {

using Sim = gpucoh::Sim<Vgpu_l2>;

#if !defined(GPUCOH_P_L2Sets) || !defined(GPUCOH_P_L2Ways) || !defined(GPUCOH_P_L2Mshrs) ||        \
    !defined(GPUCOH_P_LineBytes)
#error "build with tools/build_rtl.sh: it defines GPUCOH_P_<Parameter> for every parameter"
#endif
constexpr unsigned kSets = GPUCOH_P_L2Sets;
constexpr unsigned kLines = GPUCOH_P_L2Sets * GPUCOH_P_L2Ways;
constexpr unsigned kWw = GPUCOH_P_L2Ways > 1 ? 32 - __builtin_clz(GPUCOH_P_L2Ways - 1) : 1;
constexpr unsigned kMshrs = GPUCOH_P_L2Mshrs;
constexpr unsigned kLineWords = GPUCOH_P_LineBytes / 4;

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vgpu_l2* t = s->top;
    const gpu_l2_in_t* in = static_cast<const gpu_l2_in_t*>(vin);
    gpu_l2_out_t* out = static_cast<gpu_l2_out_t*>(vout);
    GPU_L2_PORTS(GPUCOH_SHIM_PUT, GPUCOH_SHIM_P) // cmodel/gpu/gpu_l2_ports.h
    gpucoh::edge(s);

    std::memset(out, 0, sizeof *out); // fields without a port (a request's src) read 0
    GPU_L2_PORTS(GPUCOH_SHIM_GET, GPUCOH_SHIM_P)
}

// R: the Verilated root class (or, for a netlist, its removed-bit mask: shim_netlist.h; a
// condition bit reads as "held" there, and a field under a held condition keeps the bits the
// netlist holds; the others are taken from the C model).
// Line i, whose bits of dlive_q and mlive_q are dlive and mlive.
template <typename R>
void read_line(const R* r, gpu_l2_line_t* l, unsigned i, bool dlive, bool mlive) {
    if (dlive)
        gpucoh::get_words(l->data, r->gpu_l2__DOT__data_q[i]);
    else
        std::memset(l->data, 0, kLineWords * sizeof(uint32_t));
    l->tag = mlive ? gpucoh::get_u64(r->gpu_l2__DOT__tag_q[i]) : 0;
    l->st = mlive ? r->gpu_l2__DOT__st_q[i] : 0;
}
template <typename R> void read_line(const R* r, gpu_l2_line_t* l, unsigned i) {
    read_line(r, l, i, gpucoh::get_field(r->gpu_l2__DOT__dlive_q, i, 1) != 0,
              gpucoh::get_field(r->gpu_l2__DOT__mlive_q, i, 1) != 0);
}
// Every line: the live bits read 32 lines at a time (a full compare reads every line of the
// bank, 4096 at the paper size; one field extraction per line was most of its cost).
template <typename R> void read_all_lines(const R* r, gpu_l2_state_t* st) {
    for (unsigned w = 0; w * 32 < kLines; ++w) {
        const uint64_t dl = gpucoh::get_field(r->gpu_l2__DOT__dlive_q, w * 32, 32);
        const uint64_t ml = gpucoh::get_field(r->gpu_l2__DOT__mlive_q, w * 32, 32);
        for (unsigned b = 0; b < 32 && w * 32 + b < kLines; ++b)
            read_line(r, &st->line[w * 32 + b], w * 32 + b, (dl >> b) & 1u, (ml >> b) & 1u);
    }
}

template <typename R> unsigned read_rr(const R* r, unsigned set) {
    return static_cast<unsigned>(gpucoh::get_field(r->gpu_l2__DOT__rr_q, set * kWw, kWw));
}

template <typename R> void read_state(const R* r, gpu_l2_state_t* st) {
    if (st->sel_all) {
        read_all_lines(r, st);
        for (unsigned x = 0; x < kSets; ++x)
            st->rr[x] = read_rr(r, x);
    } else {
        for (unsigned k = 0; k < st->sel_n && k < GPU_L2_SEL_MAX; ++k) {
            const unsigned i = st->sel[k];
            if (i < kLines) {
                read_line(r, &st->line[i], i);
                st->rr[i / GPUCOH_P_L2Ways] = read_rr(r, i / GPUCOH_P_L2Ways);
            }
        }
    }
    // every MSHR, or with mshr_only (and not sel_all) the ones of mshr_sel
    // (walked by its set bits: an edge names few of the paper size's 32)
    const uint64_t want = st->mshr_only && !st->sel_all ? st->mshr_sel : ~uint64_t{0};
    const uint64_t all = kMshrs >= 64 ? ~uint64_t{0} : (uint64_t{1} << kMshrs) - 1;
    for (uint64_t x = want & all; x != 0; x &= x - 1) {
        const unsigned k = static_cast<unsigned>(__builtin_ctzll(x));
        gpu_l2_mshr_t* m = &st->mshr[k];
        if (!gpucoh::get_field(r->gpu_l2__DOT__mlv_q, k, 1)) {
            *m = gpu_l2_mshr_t{};
            continue;
        }
        m->v = static_cast<uint32_t>(gpucoh::get_field(r->gpu_l2__DOT__mv_q, k, 1));
        m->line = gpucoh::get_u64(r->gpu_l2__DOT__mline_q[k]);
        m->way = r->gpu_l2__DOT__mway_q[k];
        m->dst = gpucoh::get_u64(r->gpu_l2__DOT__mdst_q[k]);
        std::memset(m->wm, 0, sizeof m->wm);
        gpucoh::get_words(m->wm, r->gpu_l2__DOT__mwm_q[k]);
    }
    st->qcnt = r->gpu_l2__DOT__u_fifo__DOT__cnt_q;
    // Rsp token (docs/units/gpu/rsp.md section 5.1; 0 with Rsp = 0)
    st->tbusy = r->gpu_l2__DOT__tbusy_q;
    st->town = r->gpu_l2__DOT__town_q;
    st->twait = gpucoh::get_u64(r->gpu_l2__DOT__twait_q);
}

void state(void* h, void* vst) {
    read_state(static_cast<Sim*>(h)->top->rootp, static_cast<gpu_l2_state_t*>(vst));
}

#ifdef GPUCOH_NETLIST
// The mask covers every line (the system lockstep applies it to the ones it compares).
template <typename R> void read_state_all(const R* r, gpu_l2_state_t* st) {
    st->sel_all = 1;
    read_state(r, st);
}
#endif

} // namespace

GPUCOH_API(Vgpu_l2, "gpu_l2", tick, state)
#ifdef GPUCOH_NETLIST
GPUCOH_NETLIST_STATE_MASK(read_state_all, gpu_l2_state_t)
#endif
