// SPDX-License-Identifier: Apache-2.0
//
// avu_sc_c.h -- the C model of the avu (cmodel/avu.[ch]) as a pin-level SystemC module,
// avu_sc_c, with the ports of the Verilated RTL (avu_sc_rtl.h, same build directory):
// docs/units/sig/avu.md section 2. Parameters: avu_sc_params.h.
#ifndef GPUCOH_AVU_SC_C_H
#define GPUCOH_AVU_SC_C_H

#include "gpucoh_sc.h"
#include "avu_sc_params.h"

extern "C" {
#include "avu.h"
#include "avu_ports.h"
}

// the pins: the port table (cmodel/sig/avu_ports.h), widths at this build's parameter set
#define AVU_SC_P(name)        avu_sc_p::name
#define GPUCOH_SC_PINS_avu(X) AVU_PORTS(X, AVU_SC_P)

namespace avu_sc_p {
// derived widths (docs/units/sig/avu.md section 1), as the port table has them: for a netlist of
// one's own
constexpr uint64_t AW = AddrWidth;
constexpr uint64_t L = LineBytes;
constexpr uint64_t C = ChunkWidth;
constexpr uint64_t CIW = AVU_CIW(AVU_SC_P);
constexpr uint64_t LIW = GPUCOH_PORT_CLOG2(NumLines);
constexpr uint64_t EW = EpochWidth;
constexpr uint64_t IW = IdWidth;
} // namespace avu_sc_p

inline avu_desc_t avu_sc_desc() {
    namespace P = avu_sc_p;
    avu_desc_t d{};
    d.sig.m = static_cast<uint32_t>(P::SigBits);
    d.sig.k = static_cast<uint32_t>(P::NumHashes);
    d.sig.org = static_cast<sig_bloom_org_t>(P::Parallel);
    d.sig.hash = static_cast<sig_bloom_hash_t>(P::HashKind);
    d.sig.gran = static_cast<uint32_t>(P::GranBytes);
    d.sig.addr_width = static_cast<uint32_t>(P::AddrWidth);
    d.sig.chunk_width = static_cast<uint32_t>(P::ChunkWidth);
    d.sig.h3_seed = static_cast<uint32_t>(P::H3Seed);
    d.sig.threshold = static_cast<uint32_t>(P::SigBits / 8); // no RTL parameter: unused by the AVU
    d.line = static_cast<uint32_t>(P::LineBytes);
    d.lines = static_cast<uint32_t>(P::NumLines);
    d.epoch_width = static_cast<uint32_t>(P::EpochWidth);
    d.hit_limit = static_cast<uint32_t>(P::HitLimit);
    d.spec_depth = static_cast<uint32_t>(P::SpecDepth);
    d.out_max = static_cast<uint32_t>(P::OutMax);
    d.id_width = static_cast<uint32_t>(P::IdWidth);
    return d;
}

GPUCOH_SC_PLAIN_UNIT(avu)

#endif
