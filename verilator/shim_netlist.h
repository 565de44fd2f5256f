// SPDX-License-Identifier: Apache-2.0
//
// shim_netlist.h -- what a shim needs when it is built on the gate-level netlist instead of the
// RTL (tools/build_rtl.sh --netlist defines GPUCOH_NETLIST; docs/testing.md "Netlist
// lockstep"). Include it after shim_common.h, only under GPUCOH_NETLIST.
//
// The netlist keeps every register under its RTL name (Yosys names a flop's output wire after
// the register; the element wires of an unpacked array are gathered back into the array by the
// build), so a shim reads the same members as on the RTL. Synthesis removes the flops of register
// bits no output depends on; their wires are left undriven. GpucohNetlistMask(held) (generated) has
// a member for every register, all ones (the register's bits), or with held = true all ones except
// the removed bits. A shim writes its state() as a template over the root class and exports
//   GPUCOH_NETLIST_STATE_MASK(read_state, state_t)
// which runs the same reads on a mask: the state struct with ones in every bit that comes from
// a register (held = 0) or from a register bit the netlist holds (held = 1). The lockstep engine
// compares the bits of the first and not the second against nothing: it takes them from the C
// model (tb/engine/cosim.c).
//
// Yosys's fsm pass re-encodes the state registers it recognises (rdu's st_q becomes one-hot, a
// wider register under the same name). The generated kNlFsms lists each one with its code
// table from the synthesis log; a shim that reads such a register decodes it back to the RTL
// encoding with nl_fsm(r, nl_fsm_find("st_q"), value) (tools/build_rtl.sh refuses a shim that
// reads a re-encoded register without it).
#ifndef GPUCOH_SHIM_NETLIST_H
#define GPUCOH_SHIM_NETLIST_H

#ifndef GPUCOH_NETLIST
#error "shim_netlist.h is for netlist builds (tools/build_rtl.sh --netlist)"
#endif

#include "verilated.h"

#include <cstdint>
#include <cstring>

namespace gpucoh {

// Set the low `width` bits of a register variable (CData .. QData, VlWide).
template <typename T> void nl_ones(T& v, unsigned width) {
    v = static_cast<T>(width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1);
}
template <std::size_t N> void nl_ones(VlWide<N>& v, unsigned width) {
    for (std::size_t i = 0; i < N; ++i) {
        const unsigned lo = static_cast<unsigned>(i) * 32;
        v[i] = width >= lo + 32 ? 0xFFFFFFFFu : width > lo ? (1u << (width - lo)) - 1 : 0u;
    }
}
// Clear bits lo..hi (inclusive) of a register variable.
template <typename T> void nl_clear(T& v, unsigned lo, unsigned hi) {
    for (unsigned b = lo; b <= hi && b < 64; ++b)
        v = static_cast<T>(static_cast<uint64_t>(v) & ~(uint64_t{1} << b));
}
template <std::size_t N> void nl_clear(VlWide<N>& v, unsigned lo, unsigned hi) {
    for (unsigned b = lo; b <= hi && b / 32 < N; ++b)
        v[b / 32] &= ~(1u << (b % 32));
}

// A re-encoded FSM state register: the netlist value v is RTL code `code` when (v & care) == val.
struct NlFsmCode {
    uint64_t care, val, code;
};
struct NlFsm {
    const char* name; // the register, as in the RTL ("st_q")
    unsigned ncodes;
    const NlFsmCode* codes;
};

} // namespace gpucoh

#include "gpucoh_netlist.h" // generated: GpucohNetlistMask, kNlFsms

namespace gpucoh {

// The register `name` if synthesis re-encoded it as an FSM, else nullptr (read as it is).
inline const NlFsm* nl_fsm_find(const char* name) {
    for (const NlFsm* f = kNlFsms; f->name; ++f)
        if (std::strcmp(f->name, name) == 0)
            return f;
    return nullptr;
}
// The RTL encoding of a state register's netlist value; all ones when it matches no state.
template <typename R> uint64_t nl_fsm(const R*, const NlFsm* f, uint64_t v) {
    if (!f)
        return v;
    for (unsigned i = 0; i < f->ncodes; ++i)
        if ((v & f->codes[i].care) == f->codes[i].val)
            return f->codes[i].code;
    return ~uint64_t{0};
}
// On the mask: a decoded register is held (compared) in full.
inline uint64_t nl_fsm(const GpucohNetlistMask*, const NlFsm* f, uint64_t v) {
    return f ? ~uint64_t{0} : v;
}

// On the mask a condition bit is 1 when the netlist holds it: negating it must keep it so, and
// a field picked by it holds the bits of the register it picks only if the condition is held
// (else none: the whole field comes from the C model).
inline bool nl_not(const GpucohNetlistMask*, bool held) {
    return held;
}
inline uint64_t nl_pick(const GpucohNetlistMask*, bool held, uint64_t a, uint64_t) {
    return held ? a : 0;
}

} // namespace gpucoh

// Exported beside gpucoh_rtl_api() by a netlist model.so (tb/engine/rtl_load.c looks it up): write
// the register-bit mask (held = 0) or the held-bit mask (held = 1) into a zeroed state struct,
// and the number of removed bits.
#define GPUCOH_NETLIST_STATE_MASK(read_state, state_type)                                          \
    extern "C" void gpucoh_rtl_state_mask(void* st, int held) {                                    \
        static const GpucohNetlistMask all(false), kept(true);                                     \
        read_state(held ? &kept : &all, static_cast<state_type*>(st));                             \
    }                                                                                              \
    extern "C" uint32_t gpucoh_rtl_removed_bits(void) {                                            \
        return GPUCOH_NL_REMOVED_BITS;                                                             \
    }

#endif
