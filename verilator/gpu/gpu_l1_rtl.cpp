// SPDX-License-Identifier: Apache-2.0
//
// gpu_l1_rtl.cpp -- thin shim: the Verilated gpu_l1 behind the C ABI of gpucoh_rtl.h: packs
// gpu_l1_in_t into the ports, unpacks gpu_l1_out_t, and reads the public registers into
// gpu_l1_state_t (cmodel/gpu/gpu_l1.h), all lines or only the ones the caller names in sel[]
// (and, with flags_all, every line's val / pend / stale / acq as packed vectors).
// Nothing here models behaviour: a line's tag, wait, dirty and data are stored without reset,
// and the packed bits mlive_q / dlive_q say whether they were written since reset (else they
// read 0; docs/units/gpu/gpu_l1.md section 3). The store buffer is reported as its live entries
// from the head (sb[k] = slot (sbh + k) mod SbEntries, k < sbcnt; the slots past sbcnt are not
// state and are left as they were).

#include "Vgpu_l1.h"
#include "Vgpu_l1___024root.h"
#include "shim_common.h"
#ifdef GPUCOH_NETLIST
#include "shim_netlist.h"
#endif

extern "C" {
#include "gpu_l1.h"
#include "gpu_l1_ports.h"
}

namespace {

using Sim = gpucoh::Sim<Vgpu_l1>;

#if !defined(GPUCOH_P_L1Sets) || !defined(GPUCOH_P_L1Ways) || !defined(GPUCOH_P_SbEntries) ||      \
    !defined(GPUCOH_P_LineBytes)
#error "build with tools/build_rtl.sh: it defines GPUCOH_P_<Parameter> for every parameter"
#endif
constexpr unsigned kSets = GPUCOH_P_L1Sets;
constexpr unsigned kLines = GPUCOH_P_L1Sets * GPUCOH_P_L1Ways;
constexpr unsigned kWw = GPUCOH_P_L1Ways > 1 ? 32 - __builtin_clz(GPUCOH_P_L1Ways - 1) : 1;
constexpr unsigned kSb = GPUCOH_P_SbEntries;
constexpr unsigned kLineWords = GPUCOH_P_LineBytes / 4;
constexpr unsigned kMaskWords = (GPUCOH_P_LineBytes + 31) / 32;
static_assert((kLines + 31) / 32 <= GPU_L1_FLAG_WORDS, "L1Sets * L1Ways above GPU_L1_MAX_LINES");

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vgpu_l1* t = s->top;
    const gpu_l1_in_t* in = static_cast<const gpu_l1_in_t*>(vin);
    gpu_l1_out_t* out = static_cast<gpu_l1_out_t*>(vout);
    GPU_L1_PORTS(GPUCOH_SHIM_PUT, GPUCOH_SHIM_P) // cmodel/gpu/gpu_l1_ports.h
    gpucoh::edge(s);

    std::memset(out, 0, sizeof *out); // fields without a port (a request's src) read 0
    GPU_L1_PORTS(GPUCOH_SHIM_GET, GPUCOH_SHIM_P)
}

// R: the Verilated root class (or, for a netlist, its removed-bit mask: shim_netlist.h; a
// condition bit reads as "held" there, and a field under a held condition keeps the bits the
// netlist holds; the others are taken from the C model).
// Line i's bits of the packed vectors (dlive, mlive, val, pend, stale, acq), one word of each.
struct LineBits {
    uint64_t dlive, mlive, val, pend, stale, acq;
};
template <typename R> LineBits line_bits(const R* r, unsigned off, unsigned width) {
    return {gpucoh::get_field(r->gpu_l1__DOT__dlive_q, off, width),
            gpucoh::get_field(r->gpu_l1__DOT__mlive_q, off, width),
            gpucoh::get_field(r->gpu_l1__DOT__val_q, off, width),
            gpucoh::get_field(r->gpu_l1__DOT__pend_q, off, width),
            gpucoh::get_field(r->gpu_l1__DOT__stale_q, off, width),
            gpucoh::get_field(r->gpu_l1__DOT__acq_q, off, width)};
}

// Line i, whose flags are bit b of the words in v.
template <typename R>
void read_line(const R* r, gpu_l1_line_t* l, unsigned i, const LineBits& v, unsigned b) {
    if ((v.dlive >> b) & 1u)
        gpucoh::get_words(l->data, r->gpu_l1__DOT__data_q[i]);
    else
        std::memset(l->data, 0, kLineWords * sizeof(uint32_t));
    l->val = static_cast<uint32_t>((v.val >> b) & 1u);
    l->pend = static_cast<uint32_t>((v.pend >> b) & 1u);
    l->stale = static_cast<uint32_t>((v.stale >> b) & 1u);
    l->acq = static_cast<uint32_t>((v.acq >> b) & 1u);
    if (!((v.mlive >> b) & 1u)) {
        l->tag = 0;
        l->wait = 0;
        std::memset(l->dirty, 0, kMaskWords * sizeof(uint32_t));
        return;
    }
    l->tag = gpucoh::get_u64(r->gpu_l1__DOT__tag_q[i]);
    l->wait = gpucoh::get_u64(r->gpu_l1__DOT__wait_q[i]);
    gpucoh::get_words(l->dirty, r->gpu_l1__DOT__dirty_q[i]);
}
template <typename R> void read_line(const R* r, gpu_l1_line_t* l, unsigned i) {
    read_line(r, l, i, line_bits(r, i, 1), 0);
}
// Every line: the flag vectors read 32 lines at a time (a full compare reads every line).
template <typename R> void read_all_lines(const R* r, gpu_l1_state_t* st) {
    for (unsigned w = 0; w * 32 < kLines; ++w) {
        const LineBits v = line_bits(r, w * 32, 32);
        for (unsigned b = 0; b < 32 && w * 32 + b < kLines; ++b)
            read_line(r, &st->line[w * 32 + b], w * 32 + b, v, b);
    }
}

template <typename R> unsigned read_rr(const R* r, unsigned set) {
    return static_cast<unsigned>(gpucoh::get_field(r->gpu_l1__DOT__rr_q, set * kWw, kWw));
}

// The store buffer's live entries in FIFO order (sb[k] = slot (sbh + k) mod SbEntries, k < sbcnt):
// one wrap, no division per entry; the dead slots are neither read nor written (this runs every
// edge for every L1; at the paper size the ring has 256 slots and few are live).
template <typename R> void read_sb(const R* r, gpu_l1_state_t* st) {
    const unsigned n = st->sbcnt < kSb ? st->sbcnt : kSb;
    unsigned h = st->sbh % kSb;
    for (unsigned k = 0; k < n; ++k) {
        st->sb[k] = gpucoh::get_u64(r->gpu_l1__DOT__sb_q[h]);
        h = h + 1 == kSb ? 0 : h + 1;
    }
}
#ifdef GPUCOH_NETLIST
// On the mask the slot behind entry k moves with sbh: a bit of an entry is held only if the
// netlist holds it in every slot (every entry gets that mask).
void read_sb(const GpucohNetlistMask* r, gpu_l1_state_t* st) {
    uint64_t m = ~uint64_t{0};
    for (unsigned s = 0; s < kSb; ++s)
        m &= gpucoh::get_u64(r->gpu_l1__DOT__sb_q[s]);
    for (unsigned k = 0; k < kSb; ++k)
        st->sb[k] = m;
}
#endif

// The flag vectors of every line: the packed registers as they are (bit i = line i).
template <typename R> void read_flags(const R* r, gpu_l1_state_t* st) {
    std::memset(st->fval, 0, sizeof st->fval);
    std::memset(st->fpend, 0, sizeof st->fpend);
    std::memset(st->fstale, 0, sizeof st->fstale);
    std::memset(st->facq, 0, sizeof st->facq);
    gpucoh::get_words(st->fval, r->gpu_l1__DOT__val_q);
    gpucoh::get_words(st->fpend, r->gpu_l1__DOT__pend_q);
    gpucoh::get_words(st->fstale, r->gpu_l1__DOT__stale_q);
    gpucoh::get_words(st->facq, r->gpu_l1__DOT__acq_q);
}

template <typename R> void read_state(const R* r, gpu_l1_state_t* st) {
    if (st->sel_all) {
        read_all_lines(r, st);
        for (unsigned x = 0; x < kSets; ++x)
            st->rr[x] = read_rr(r, x);
    } else {
        for (unsigned k = 0; k < st->sel_n && k < GPU_SEL_MAX; ++k) {
            const unsigned i = st->sel[k];
            if (i < kLines) {
                read_line(r, &st->line[i], i);
                st->rr[i / GPUCOH_P_L1Ways] = read_rr(r, i / GPUCOH_P_L1Ways);
            }
        }
    }
    if (st->sel_all || st->flags_all)
        read_flags(r, st);
    st->fcnt = r->gpu_l1__DOT__u_fifo__DOT__cnt_q;
    st->sbh = r->gpu_l1__DOT__sbh_q;
    st->sbcnt = r->gpu_l1__DOT__sbcnt_q;
    st->wtp = r->gpu_l1__DOT__wtp_q;
    st->batch = r->gpu_l1__DOT__batch_q;
    st->fl = r->gpu_l1__DOT__fl_q;
    st->fcur = gpucoh::get_u64(r->gpu_l1__DOT__fcur_q);
    st->fwait = gpucoh::get_u64(r->gpu_l1__DOT__fwait_q);
    st->fdone = gpucoh::get_u64(r->gpu_l1__DOT__fdone_q);
    st->idle = r->gpu_l1__DOT__idle_q;
    // Rsp (docs/units/gpu/rsp.md section 4.2; 0 with Rsp = 0)
    st->rblk = r->gpu_l1__DOT__rblk_q;
    st->rst = r->gpu_l1__DOT__rst_q;
    st->rsnt = r->gpu_l1__DOT__rsnt_q;
    st->bcnt = r->gpu_l1__DOT__bcnt_q;
    st->cfv = r->gpu_l1__DOT__cfv_q;
    st->cfl = r->gpu_l1__DOT__cfl_q;
    st->csrc = r->gpu_l1__DOT__csrc_q;
    read_sb(r, st); // the live entries in FIFO order (the ring's other slots are not state)
}

void state(void* h, void* vst) {
    read_state(static_cast<Sim*>(h)->top->rootp, static_cast<gpu_l1_state_t*>(vst));
}

#ifdef GPUCOH_NETLIST
// The mask covers every line (the system lockstep applies it to the ones it compares).
template <typename R> void read_state_all(const R* r, gpu_l1_state_t* st) {
    st->sel_all = 1;
    read_state(r, st);
}
#endif

} // namespace

GPUCOH_API(Vgpu_l1, "gpu_l1", tick, state)
#ifdef GPUCOH_NETLIST
GPUCOH_NETLIST_STATE_MASK(read_state_all, gpu_l1_state_t)
#endif
