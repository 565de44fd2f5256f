// SPDX-License-Identifier: Apache-2.0
//
// rdu_sc_c.h -- the C model of the rdu (cmodel/rdu.[ch]) as a pin-level SystemC module,
// rdu_sc_c, with the ports of the Verilated RTL (rdu_sc_rtl.h, same build directory):
// docs/units/rdu.md section 2, SM j's request address and mask packed at [j*AW +: AW] and
// [j*L +: L]. Parameters: rdu_sc_params.h.
#ifndef GPUCOH_RDU_SC_C_H
#define GPUCOH_RDU_SC_C_H

#include "gpucoh_sc.h"
#include "rdu_sc_params.h"

extern "C" {
#include "rdu.h"
}

namespace rdu_sc_p {
// derived widths (docs/units/rdu.md section 1)
constexpr uint64_t N = NumSm;
constexpr uint64_t AW = AddrWidth;
constexpr uint64_t L = LineBytes;
constexpr uint64_t C = ChunkWidth;
constexpr uint64_t CIW = gpucoh_sc::max1(gpucoh_sc::clog2(SigBits / ChunkWidth));
constexpr uint64_t SW = gpucoh_sc::max1(gpucoh_sc::clog2(NumSm));
} // namespace rdu_sc_p

// port, width, field of rdu_in_t / rdu_out_t (s)
#define GPUCOH_SC_PINS_rdu(IN, OUT)                                                                \
    IN(rst_ni, 1, s.rst_n)                                                                         \
    IN(req_valid_i, rdu_sc_p::N, s.req_valid)                                                      \
    IN(req_write_i, rdu_sc_p::N, s.req_write)                                                      \
    IN(req_addr_i, rdu_sc_p::N* rdu_sc_p::AW,                                                      \
       gpucoh_sc::packed(s.req_addr, rdu_sc_p::N, rdu_sc_p::AW))                                   \
    IN(req_mask_i, rdu_sc_p::N* rdu_sc_p::L,                                                       \
       gpucoh_sc::packed(s.req_mask, rdu_sc_p::N, rdu_sc_p::L))                                    \
    IN(rsp_ready_i, rdu_sc_p::N, s.rsp_ready)                                                      \
    OUT(req_ready_o, rdu_sc_p::N, s.req_ready)                                                     \
    OUT(rsp_valid_o, 1, s.rsp_valid)                                                               \
    OUT(rsp_sm_o, rdu_sc_p::SW, s.rsp_sm)                                                          \
    OUT(rsp_kind_o, 3, s.rsp_kind)                                                                 \
    OUT(rsp_idx_o, rdu_sc_p::CIW, s.rsp_idx)                                                       \
    OUT(rsp_last_o, 1, s.rsp_last)                                                                 \
    OUT(rsp_chunk_o, rdu_sc_p::C, s.rsp_chunk)

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

struct rdu_sc_model
    : gpucoh_sc::plain_model<rdu_t, rdu_desc_t, rdu_in_t, rdu_out_t, rdu_init, rdu_tick> {
    explicit rdu_sc_model(const char* who) : plain_model(who, rdu_sc_desc()) {}
};

GPUCOH_SC_C_MODULE(rdu_sc_c, GPUCOH_SC_PINS_rdu, rdu_sc_model)

#endif
