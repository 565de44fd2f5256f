// SPDX-License-Identifier: Apache-2.0
//
// rdu_sc_c.h -- the C model of the rdu (cmodel/rdu.[ch]) as a pin-level SystemC module,
// rdu_sc_c, with the ports of the Verilated RTL (rdu_sc_rtl.h, same build directory):
// docs/units/sig/rdu.md section 2, SM j's request address and mask packed at [j*AW +: AW] and
// [j*L +: L]. Parameters: rdu_sc_params.h.
#ifndef GPUCOH_RDU_SC_C_H
#define GPUCOH_RDU_SC_C_H

#include "gpucoh_sc.h"
#include "rdu_sc_params.h"

extern "C" {
#include "rdu.h"
#include "rdu_ports.h"
}

// the pins: the port table (cmodel/sig/rdu_ports.h), widths at this build's parameter set
#define RDU_SC_P(name)        rdu_sc_p::name
#define GPUCOH_SC_PINS_rdu(X) RDU_PORTS(X, RDU_SC_P)

namespace rdu_sc_p {
// derived widths (docs/units/sig/rdu.md section 1), as the port table has them: for a netlist of
// one's own
constexpr uint64_t N = NumSm;
constexpr uint64_t AW = AddrWidth;
constexpr uint64_t L = LineBytes;
constexpr uint64_t C = ChunkWidth;
constexpr uint64_t CIW = RDU_CIW(RDU_SC_P);
constexpr uint64_t SW = RDU_SW(RDU_SC_P);
} // namespace rdu_sc_p

inline rdu_desc_t rdu_sc_desc() {
    namespace P = rdu_sc_p;
    rdu_desc_t d{};
    d.n = static_cast<uint32_t>(P::NumSm);
    d.sig.m = static_cast<uint32_t>(P::SigBits);
    d.sig.k = static_cast<uint32_t>(P::NumHashes);
    d.sig.org = static_cast<sig_bloom_org_t>(P::Parallel);
    d.sig.hash = static_cast<sig_bloom_hash_t>(P::HashKind);
    d.sig.gran = static_cast<uint32_t>(P::GranBytes);
    d.sig.addr_width = static_cast<uint32_t>(P::AddrWidth);
    d.sig.chunk_width = static_cast<uint32_t>(P::ChunkWidth);
    d.sig.threshold = static_cast<uint32_t>(P::Threshold);
    d.sig.h3_seed = static_cast<uint32_t>(P::H3Seed);
    d.line = static_cast<uint32_t>(P::LineBytes);
    d.queue = static_cast<uint32_t>(P::QueueDepth);
    return d;
}

GPUCOH_SC_PLAIN_UNIT(rdu)

#endif
