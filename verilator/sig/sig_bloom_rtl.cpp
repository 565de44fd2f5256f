// SPDX-License-Identifier: Apache-2.0
//
// sig_bloom_rtl.cpp -- thin shim: the Verilated sig_bloom behind the plain C ABI of
// gpucoh_rtl.h. It converts sig_bloom_in_t / sig_bloom_out_t / sig_bloom_state_t (the C model's
// port and state structs, cmodel/sig/sig_bloom.h; its port table, cmodel/sig/sig_bloom_ports.h) to
// and from the model's ports and the public registers bits_q and count_q. Nothing here models
// behaviour. Built on the gate-level netlist (GPUCOH_NETLIST, tools/build_rtl.sh --netlist) it
// reads the same two registers: Yosys keeps their names on the flops' output wires.

#include "Vsig_bloom.h"
#include "Vsig_bloom___024root.h"
#include "shim_common.h"
#ifdef GPUCOH_NETLIST
#include "shim_netlist.h"
#endif

extern "C" {
#include "sig_bloom.h"
#include "sig_bloom_ports.h"
}

namespace {

using Sim = gpucoh::Sim<Vsig_bloom>;

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vsig_bloom* t = s->top;
    const sig_bloom_in_t* in = static_cast<const sig_bloom_in_t*>(vin);
    sig_bloom_out_t* out = static_cast<sig_bloom_out_t*>(vout);
    SIG_BLOOM_PORTS(GPUCOH_SHIM_PUT, GPUCOH_SHIM_P) // cmodel/sig/sig_bloom_ports.h
    gpucoh::edge(s);
    SIG_BLOOM_PORTS(GPUCOH_SHIM_GET, GPUCOH_SHIM_P) // chunk_data_o: the chunk's words only
}

// R: the Verilated root class (or, for a netlist, its removed-bit mask: shim_netlist.h).
template <typename R> void read_state(const R* r, sig_bloom_state_t* st) {
    const auto& bits = r->sig_bloom__DOT__bits_q;
    constexpr std::size_t kWords = sizeof(bits) / sizeof(uint32_t);
    static_assert(kWords <= SIG_BLOOM_MAX_WORDS, "signature wider than the state struct");
    // Only the m/32 words of this signature are written; the caller's buffer beyond them is
    // left as it is (the testbench zeroes it once), so no per-cycle clearing of unused words.
    std::memcpy(st->bits, &bits[0], kWords * sizeof(uint32_t));
    st->count = r->sig_bloom__DOT__count_q;
}

void state(void* h, void* vst) {
    read_state(static_cast<Sim*>(h)->top->rootp, static_cast<sig_bloom_state_t*>(vst));
}

} // namespace

GPUCOH_API(Vsig_bloom, "sig_bloom", tick, state)
#ifdef GPUCOH_NETLIST
GPUCOH_NETLIST_STATE_MASK(read_state, sig_bloom_state_t)
#endif
