// SPDX-License-Identifier: Apache-2.0
//
// hlrc_l1_rtl.cpp -- thin shim: the Verilated hlrc_l1 behind the C ABI of gpucoh_rtl.h: packs
// hlrc_l1_in_t into the ports, unpacks hlrc_l1_out_t, and reads the public registers into
// hlrc_l1_state_t (cmodel/hlrc/hlrc_l1.h), all lines or only the ones the caller names in sel[];
// the scalars, the store buffer and the revoke queue always. Nothing here models behaviour. The
// line arrays have no reset: a line whose mlive_q bit is 0 reads tag, wait and dirty 0, one whose
// dlive_q bit is 0 reads data 0 (docs/units/hlrc/hlrc.md section 11). The two rings (store buffer,
// revoke queue) are reported as their live entries from the head (entry k = slot (head + k) mod
// size for k < count, the rest 0: choices-2026-11-29 J4), as gpu_l1's.
//
// Built on the netlist (GPUCOH_NETLIST, shim_netlist.h) the same reads run on the removed-bit
// mask: every line field is read whatever its live bit says, a ring entry holds a bit only if
// every slot holds it, and hph_q, which Yosys's fsm pass re-encodes one-hot in hlrc-scoped, is
// decoded back (in plain hLRC it is constant HphNone and synthesis removes it whole: its bits come
// from the C model; docs/units/hlrc/hlrc.md section 11).

#include "Vhlrc_l1.h"
#include "Vhlrc_l1___024root.h"
#include "shim_common.h"
#ifdef GPUCOH_NETLIST
#include "shim_netlist.h"
#endif

extern "C" {
#include "hlrc_l1.h"
#include "hlrc_l1_ports.h"
}

namespace {

using Sim = gpucoh::Sim<Vhlrc_l1>;

#if !defined(GPUCOH_P_L1Sets) || !defined(GPUCOH_P_L1Ways) || !defined(GPUCOH_P_SbEntries) ||      \
    !defined(GPUCOH_P_LineBytes) || !defined(GPUCOH_P_NumBanks)
#error "build with tools/build_rtl.sh: it defines GPUCOH_P_<Parameter> for every parameter"
#endif
constexpr unsigned kLines = GPUCOH_P_L1Sets * GPUCOH_P_L1Ways;
constexpr unsigned kWw = GPUCOH_P_L1Ways > 1 ? 32 - __builtin_clz(GPUCOH_P_L1Ways - 1) : 1;
constexpr unsigned kSb = GPUCOH_P_SbEntries;
constexpr unsigned kBanks = GPUCOH_P_NumBanks;

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vhlrc_l1* t = s->top;
    const hlrc_l1_in_t* in = static_cast<const hlrc_l1_in_t*>(vin);
    hlrc_l1_out_t* out = static_cast<hlrc_l1_out_t*>(vout);
    HLRC_L1_PORTS(GPUCOH_SHIM_PUT, GPUCOH_SHIM_P) // cmodel/hlrc/hlrc_l1_ports.h
    gpucoh::edge(s);

    std::memset(out, 0, sizeof *out); // fields without a port read 0
    HLRC_L1_PORTS(GPUCOH_SHIM_GET, GPUCOH_SHIM_P)
}

// R: the Verilated root class (or, for a netlist, its removed-bit mask: shim_netlist.h). gate:
// a line whose live bit is 0 reads those fields 0; false for the mask, whose fields are read
// whatever the live bits say.
template <typename R> void read_line(const R* r, hlrc_l1_line_t* l, unsigned i, bool gate) {
    std::memset(l, 0, sizeof *l);
    l->st = static_cast<uint32_t>(gpucoh::get_field(r->hlrc_l1__DOT__st_q, 2 * i, 2));
    l->fresh = static_cast<uint32_t>(gpucoh::get_field(r->hlrc_l1__DOT__fresh_q, i, 1));
    l->pend = static_cast<uint32_t>(gpucoh::get_field(r->hlrc_l1__DOT__pend_q, i, 1));
    l->stale = static_cast<uint32_t>(gpucoh::get_field(r->hlrc_l1__DOT__stale_q, i, 1));
    l->age = static_cast<uint32_t>(gpucoh::get_field(r->hlrc_l1__DOT__age_q, i * kWw, kWw));
    if (!gate || gpucoh::get_field(r->hlrc_l1__DOT__mlive_q, i, 1)) {
        l->tag = gpucoh::get_u64(r->hlrc_l1__DOT__tag_q[i]);
        l->wait = gpucoh::get_u64(r->hlrc_l1__DOT__wait_q[i]);
        gpucoh::get_words(l->dirty, r->hlrc_l1__DOT__dirty_q[i]);
    }
    if (!gate || gpucoh::get_field(r->hlrc_l1__DOT__dlive_q, i, 1))
        gpucoh::get_words(l->data, r->hlrc_l1__DOT__data_q[i]);
}

// The pre-flush phase hph_q. On a netlist Yosys's fsm pass may re-encode it (hlrc-scoped: one-hot):
// decode it back to the RTL code (gpucoh::nl_fsm; on the mask a decoded register is held in full).
template <typename R> uint32_t read_hph(const R* r) {
#ifdef GPUCOH_NETLIST
    return static_cast<uint32_t>(
        gpucoh::nl_fsm(r, gpucoh::nl_fsm_find("hph_q"), r->hlrc_l1__DOT__hph_q));
#else
    return r->hlrc_l1__DOT__hph_q;
#endif
}

template <typename R> void read_scalars(const R* r, hlrc_l1_state_t* st) {
    st->fcnt = r->hlrc_l1__DOT__u_fifo__DOT__cnt_q;
    st->sbh = r->hlrc_l1__DOT__sbh_q;
    st->sbcnt = r->hlrc_l1__DOT__sbcnt_q;
    st->wtp = r->hlrc_l1__DOT__wtp_q;
    st->batch = r->hlrc_l1__DOT__batch_q;
    st->fl = r->hlrc_l1__DOT__fl_q;
    st->fcur = gpucoh::get_u64(r->hlrc_l1__DOT__fcur_q);
    st->fwait = gpucoh::get_u64(r->hlrc_l1__DOT__fwait_q);
    st->fdone = gpucoh::get_u64(r->hlrc_l1__DOT__fdone_q);
    st->idle = r->hlrc_l1__DOT__idle_q;
    st->rgv = r->hlrc_l1__DOT__rgv_q;
    st->rgi = r->hlrc_l1__DOT__rgi_q;
    st->agv = r->hlrc_l1__DOT__agv_q;
    st->hph = read_hph(r);
    st->evs = r->hlrc_l1__DOT__evs_q;
    st->evi = r->hlrc_l1__DOT__evi_q;
    st->evl = gpucoh::get_u64(r->hlrc_l1__DOT__evl_q);
    st->rvh = r->hlrc_l1__DOT__rvh_q;
    st->rvcnt = r->hlrc_l1__DOT__rvcnt_q;
}

// the live entries of the two rings in FIFO order (the rings' other slots are not state)
template <typename R> void read_rings(const R* r, hlrc_l1_state_t* st) {
    for (unsigned k = 0; k < kSb; ++k)
        st->sb[k] = k < st->sbcnt ? gpucoh::get_u64(r->hlrc_l1__DOT__sb_q[(st->sbh + k) % kSb]) : 0;
    for (unsigned k = 0; k < kBanks; ++k) {
        const bool live = k < st->rvcnt;
        const unsigned x = (st->rvh + k) % kBanks;
        st->rvl[k] = live ? gpucoh::get_u64(r->hlrc_l1__DOT__rvl_q[x]) : 0;
        st->rvp[k] = live ? r->hlrc_l1__DOT__rvp_q[x] : 0;
    }
}

#ifdef GPUCOH_NETLIST
// On the mask the slot behind entry k moves with the head: a bit of an entry is held only if the
// netlist holds it in every slot (as denovo_l1's and gpu_l1's).
void read_rings(const GpucohNetlistMask* r, hlrc_l1_state_t* st) {
    uint64_t sb = ~uint64_t{0}, rvl = ~uint64_t{0};
    uint32_t rvp = ~uint32_t{0};
    for (unsigned s = 0; s < kSb; ++s)
        sb &= gpucoh::get_u64(r->hlrc_l1__DOT__sb_q[s]);
    for (unsigned s = 0; s < kBanks; ++s) {
        rvl &= gpucoh::get_u64(r->hlrc_l1__DOT__rvl_q[s]);
        rvp &= r->hlrc_l1__DOT__rvp_q[s];
    }
    for (unsigned k = 0; k < kSb; ++k)
        st->sb[k] = sb;
    for (unsigned k = 0; k < kBanks; ++k) {
        st->rvl[k] = rvl;
        st->rvp[k] = rvp;
    }
}
#endif

template <typename R> void read_state(const R* r, hlrc_l1_state_t* st, bool gate) {
    if (st->sel_all) {
        for (unsigned i = 0; i < kLines; ++i)
            read_line(r, &st->line[i], i, gate);
    } else {
        for (unsigned k = 0; k < st->sel_n && k < HLRC_SEL_MAX; ++k) {
            if (st->sel[k] < kLines)
                read_line(r, &st->line[st->sel[k]], st->sel[k], gate);
        }
    }
    read_scalars(r, st);
    read_rings(r, st);
}

void state(void* h, void* vst) {
    read_state(static_cast<Sim*>(h)->top->rootp, static_cast<hlrc_l1_state_t*>(vst), true);
}

#ifdef GPUCOH_NETLIST
// The mask covers every line (the system lockstep applies it to the ones it compares).
template <typename R> void read_state_all(const R* r, hlrc_l1_state_t* st) {
    st->sel_all = 1;
    read_state(r, st, false);
}
#endif

} // namespace

GPUCOH_API(Vhlrc_l1, "hlrc_l1", tick, state)
#ifdef GPUCOH_NETLIST
GPUCOH_NETLIST_STATE_MASK(read_state_all, hlrc_l1_state_t)
#endif
