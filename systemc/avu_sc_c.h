// SPDX-License-Identifier: Apache-2.0
//
// avu_sc_c.h -- the C model of the avu (cmodel/avu.[ch]) as a pin-level SystemC module,
// avu_sc_c, with the ports of the Verilated RTL (avu_sc_rtl.h, same build directory):
// docs/units/avu.md section 2. Parameters: avu_sc_params.h.
#ifndef GPUCOH_AVU_SC_C_H
#define GPUCOH_AVU_SC_C_H

#include "gpucoh_sc.h"
#include "avu_sc_params.h"

extern "C" {
#include "avu.h"
}

namespace avu_sc_p {
// derived widths (docs/units/avu.md section 1)
constexpr uint64_t AW = AddrWidth;
constexpr uint64_t L = LineBytes;
constexpr uint64_t C = ChunkWidth;
constexpr uint64_t CIW = gpucoh_sc::max1(gpucoh_sc::clog2(SigBits / ChunkWidth));
constexpr uint64_t LIW = gpucoh_sc::clog2(NumLines);
constexpr uint64_t EW = EpochWidth;
constexpr uint64_t IW = IdWidth;
} // namespace avu_sc_p

// port, width, field of avu_in_t / avu_out_t (s)
#define GPUCOH_SC_PINS_avu(IN, OUT)                                                                \
    IN(rst_ni, 1, s.rst_n)                                                                         \
    IN(op_valid_i, 1, s.op_valid)                                                                  \
    IN(op_store_i, 1, s.op_store)                                                                  \
    IN(op_line_i, avu_sc_p::LIW, s.op_line)                                                        \
    IN(op_hit_i, 1, s.op_hit)                                                                      \
    IN(op_addr_i, avu_sc_p::AW, s.op_addr)                                                         \
    IN(op_mask_i, avu_sc_p::L, s.op_mask)                                                          \
    IN(op_id_i, avu_sc_p::IW, s.op_id)                                                             \
    IN(rsp_valid_i, 1, s.rsp_valid)                                                                \
    IN(rsp_kind_i, 3, s.rsp_kind)                                                                  \
    IN(rsp_idx_i, avu_sc_p::CIW, s.rsp_idx)                                                        \
    IN(rsp_last_i, 1, s.rsp_last)                                                                  \
    IN(rsp_chunk_i, avu_sc_p::C, s.rsp_chunk)                                                      \
    OUT(ready_o, 1, s.ready)                                                                       \
    OUT(rsp_ready_o, 1, s.rsp_ready)                                                               \
    OUT(res_valid_o, 1, s.res_valid)                                                               \
    OUT(res_kind_o, 3, s.res_kind)                                                                 \
    OUT(res_spec_o, 1, s.res_spec)                                                                 \
    OUT(res_rc_o, 1, s.res_rc)                                                                     \
    OUT(res_id_o, avu_sc_p::IW, s.res_id)                                                          \
    OUT(cmt_valid_o, 1, s.cmt_valid)                                                               \
    OUT(cmt_failed_o, 1, s.cmt_failed)                                                             \
    OUT(cmt_id_o, avu_sc_p::IW, s.cmt_id)                                                          \
    OUT(epoch_o, avu_sc_p::EW, s.epoch)                                                            \
    OUT(pending_o, 1, s.pending)

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

struct avu_sc_model
    : gpucoh_sc::plain_model<avu_t, avu_desc_t, avu_in_t, avu_out_t, avu_init, avu_tick> {
    explicit avu_sc_model(const char* who) : plain_model(who, avu_sc_desc()) {}
};

GPUCOH_SC_C_MODULE(avu_sc_c, GPUCOH_SC_PINS_avu, avu_sc_model)

#endif
