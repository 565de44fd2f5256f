// SPDX-License-Identifier: Apache-2.0
//
// denovo_l1_rtl.cpp -- thin shim: the Verilated denovo_l1 behind the C ABI of gpucoh_rtl.h: packs
// denovo_l1_in_t into the ports, unpacks denovo_l1_out_t, and reads the public registers into
// denovo_l1_state_t (cmodel/denovo/denovo_l1.h), all lines or only the ones the caller names in
// sel[]; the MSHRs (hdr_q, dack_q included), the write-back buffer and the scalars always.
// Nothing here models behaviour: every register is reset (docs/units/denovo/denovo_l1.md
// section 3). The store buffer is reported as its live entries from the head (sb[k] = slot
// (sbh + k) mod SbEntries, k < sbcnt; the rest 0), as gpu_l1's.

#include "Vdenovo_l1.h"
#include "Vdenovo_l1___024root.h"
#include "shim_common.h"
#ifdef GPUCOH_NETLIST
#include "shim_netlist.h"

#include <cstdio>
#endif

extern "C" {
#include "denovo_l1.h"
#include "denovo_l1_ports.h"
}

namespace {

using Sim = gpucoh::Sim<Vdenovo_l1>;

#if !defined(GPUCOH_P_L1Sets) || !defined(GPUCOH_P_L1Ways) || !defined(GPUCOH_P_SbEntries) ||      \
    !defined(GPUCOH_P_LineBytes) || !defined(GPUCOH_P_Mshrs) || !defined(GPUCOH_P_WbEntries)
#error "build with tools/build_rtl.sh: it defines GPUCOH_P_<Parameter> for every parameter"
#endif
constexpr unsigned kSets = GPUCOH_P_L1Sets;
constexpr unsigned kLines = GPUCOH_P_L1Sets * GPUCOH_P_L1Ways;
constexpr unsigned kWw = GPUCOH_P_L1Ways > 1 ? 32 - __builtin_clz(GPUCOH_P_L1Ways - 1) : 1;
constexpr unsigned kSb = GPUCOH_P_SbEntries;
constexpr unsigned kLineWords = GPUCOH_P_LineBytes / 4;
constexpr unsigned kMshrs = GPUCOH_P_Mshrs;
constexpr unsigned kWb = GPUCOH_P_WbEntries;

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vdenovo_l1* t = s->top;
    const denovo_l1_in_t* in = static_cast<const denovo_l1_in_t*>(vin);
    denovo_l1_out_t* out = static_cast<denovo_l1_out_t*>(vout);
    DENOVO_L1_PORTS(GPUCOH_SHIM_PUT, GPUCOH_SHIM_P) // cmodel/denovo/denovo_l1_ports.h
    gpucoh::edge(s);

    std::memset(out, 0, sizeof *out); // fields without a port read 0
    DENOVO_L1_PORTS(GPUCOH_SHIM_GET, GPUCOH_SHIM_P)
}

// R: the Verilated root class (or, for a netlist, its removed-bit mask: shim_netlist.h; every
// field is read unconditionally, so a field holds the bits the netlist holds and the others are
// taken from the C model).
template <typename R> void read_line(const R* r, denovo_l1_line_t* l, unsigned i) {
    std::memset(l, 0, sizeof *l);
    l->tag = gpucoh::get_u64(r->denovo_l1__DOT__tag_q[i]);
    l->st = gpucoh::get_u64(r->denovo_l1__DOT__st_q[i]);
    gpucoh::get_words(l->dirty, r->denovo_l1__DOT__dirty_q[i]);
    gpucoh::get_words(l->data, r->denovo_l1__DOT__data_q[i]);
}

template <typename R> unsigned read_rr(const R* r, unsigned set) {
    return static_cast<unsigned>(gpucoh::get_field(r->denovo_l1__DOT__rr_q, set * kWw, kWw));
}

template <typename R> void read_lines(const R* r, denovo_l1_state_t* st) {
    if (st->sel_all) {
        for (unsigned i = 0; i < kLines; ++i)
            read_line(r, &st->line[i], i);
        for (unsigned x = 0; x < kSets; ++x)
            st->rr[x] = read_rr(r, x);
        return;
    }
    for (unsigned k = 0; k < st->sel_n && k < DENOVO_SEL_MAX; ++k) {
        const unsigned i = st->sel[k];
        if (i < kLines) {
            read_line(r, &st->line[i], i);
            st->rr[i / GPUCOH_P_L1Ways] = read_rr(r, i / GPUCOH_P_L1Ways);
        }
    }
}

uint32_t bit(uint64_t v, unsigned k) {
    return static_cast<uint32_t>((v >> k) & 1u);
}

// An MSHR's 2-bit mode mv_q[k]. On a netlist Yosys's fsm pass may re-encode each element (at
// the small configuration one-hot, 4 bits; the build gathers the elements at that width): decode it
// back to the RTL code (gpucoh::nl_fsm; on the mask a decoded element is held in full).
template <typename R> uint32_t read_mv(const R* r, unsigned k) {
#ifdef GPUCOH_NETLIST
    char name[32];
    std::snprintf(name, sizeof name, "mv_q[%u]", k);
    return static_cast<uint32_t>(
        gpucoh::nl_fsm(r, gpucoh::nl_fsm_find(name), r->denovo_l1__DOT__mv_q[k]));
#else
    return r->denovo_l1__DOT__mv_q[k];
#endif
}

template <typename R> void read_mshr(const R* r, denovo_l1_mshr_t* m, unsigned k) {
    *m = denovo_l1_mshr_t{};
    m->mv = read_mv(r, k);
    m->midx = r->denovo_l1__DOT__midx_q[k];
    m->want = static_cast<uint32_t>(gpucoh::get_u64(r->denovo_l1__DOT__want_q[k]));
    m->got = static_cast<uint32_t>(gpucoh::get_u64(r->denovo_l1__DOT__got_q[k]));
    m->wait = gpucoh::get_u64(r->denovo_l1__DOT__wait_q[k]);
    m->stale = bit(r->denovo_l1__DOT__stale_q, k);
    m->ro = bit(r->denovo_l1__DOT__ro_q, k);
    m->sync = bit(r->denovo_l1__DOT__sync_q, k);
    m->hdr = bit(r->denovo_l1__DOT__hdr_q, k);
    m->dack = bit(r->denovo_l1__DOT__dack_q, k);
    m->fqv = static_cast<uint32_t>(gpucoh::get_u64(r->denovo_l1__DOT__fqv_q[k]));
    for (unsigned w = 0; w < kLineWords; ++w)
        m->fqd[w] = static_cast<uint32_t>(gpucoh::get_field(r->denovo_l1__DOT__fqd_q[k], 6 * w, 6));
    m->hold = r->denovo_l1__DOT__hold_q[k];
}

template <typename R> void read_wb(const R* r, denovo_l1_wb_t* e, unsigned j) {
    *e = denovo_l1_wb_t{};
    e->v = bit(r->denovo_l1__DOT__wbv_q, j);
    e->line = gpucoh::get_u64(r->denovo_l1__DOT__wbl_q[j]);
    e->mask = static_cast<uint32_t>(gpucoh::get_u64(r->denovo_l1__DOT__wbm_q[j]));
    gpucoh::get_words(e->data, r->denovo_l1__DOT__wbd_q[j]);
}

// The store buffer's live entries in FIFO order (sb[k] = slot (sbh + k) mod SbEntries, k < sbcnt),
// then zeros: one wrap, no division per entry, and the dead slots are not read (this runs every
// edge for every L1; at the paper size the ring has 256 slots and few are live).
template <typename R> void read_sb(const R* r, denovo_l1_state_t* st) {
    const unsigned n = st->sbcnt < kSb ? st->sbcnt : kSb;
    unsigned h = st->sbh % kSb;
    for (unsigned k = 0; k < n; ++k) {
        st->sb[k] = gpucoh::get_u64(r->denovo_l1__DOT__sb_q[h]);
        h = h + 1 == kSb ? 0 : h + 1;
    }
    std::memset(&st->sb[n], 0, (kSb - n) * sizeof st->sb[0]);
}
#ifdef GPUCOH_NETLIST
// On the mask the slot behind entry k moves with sbh: a bit of an entry is held only if the
// netlist holds it in every slot (as gpu_l1's); every entry gets that mask.
void read_sb(const GpucohNetlistMask* r, denovo_l1_state_t* st) {
    uint64_t m = ~uint64_t{0};
    for (unsigned s = 0; s < kSb; ++s)
        m &= gpucoh::get_u64(r->denovo_l1__DOT__sb_q[s]);
    for (unsigned k = 0; k < kSb; ++k)
        st->sb[k] = m;
}
#endif

template <typename R> void read_state(const R* r, denovo_l1_state_t* st) {
    read_lines(r, st);
    st->fcnt = r->denovo_l1__DOT__fcnt_q;
    st->sbh = r->denovo_l1__DOT__sbh_q;
    st->sbcnt = r->denovo_l1__DOT__sbcnt_q;
    st->batch = r->denovo_l1__DOT__batch_q;
    st->fl = r->denovo_l1__DOT__fl_q;
    st->fcur = gpucoh::get_u64(r->denovo_l1__DOT__fcur_q);
    st->fwait = gpucoh::get_u64(r->denovo_l1__DOT__fwait_q);
    st->fdone = gpucoh::get_u64(r->denovo_l1__DOT__fdone_q);
    st->idle = r->denovo_l1__DOT__idle_q;
    st->rdy = r->denovo_l1__DOT__rdy_q;
    read_sb(r, st); // the live entries in FIFO order (the ring's other slots are not state)
    for (unsigned k = 0; k < kMshrs; ++k)
        read_mshr(r, &st->mshr[k], k);
    for (unsigned j = 0; j < kWb; ++j)
        read_wb(r, &st->wb[j], j);
}

void state(void* h, void* vst) {
    read_state(static_cast<Sim*>(h)->top->rootp, static_cast<denovo_l1_state_t*>(vst));
}

#ifdef GPUCOH_NETLIST
// The mask covers every line (the system lockstep applies it to the ones it compares).
template <typename R> void read_state_all(const R* r, denovo_l1_state_t* st) {
    st->sel_all = 1;
    read_state(r, st);
}
#endif

} // namespace

GPUCOH_API(Vdenovo_l1, "denovo_l1", tick, state)
#ifdef GPUCOH_NETLIST
GPUCOH_NETLIST_STATE_MASK(read_state_all, denovo_l1_state_t)
#endif
