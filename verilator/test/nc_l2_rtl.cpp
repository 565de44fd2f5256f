// SPDX-License-Identifier: Apache-2.0
//
// nc_l2_rtl.cpp -- thin shim: the Verilated nc_l2 (rtl/test/nc_l2.sv, the bank unit of the test
// protocol "nc" of tests/test_gsys_proto.c) behind the C ABI of gpucoh_rtl.h, with the port
// structs of tests/nc_proto.h. Nothing here models behaviour. No state is read (the lockstep of
// nc compares outputs only).

#include "Vnc_l2.h"
#include "shim_common.h"

extern "C" {
#include "../tests/nc_proto.h"
}

namespace {

using Sim = gpucoh::Sim<Vnc_l2>;

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vnc_l2* t = s->top;
    const nc_l2_in_t* in = static_cast<const nc_l2_in_t*>(vin);
    nc_l2_out_t* out = static_cast<nc_l2_out_t*>(vout);
    t->rst_ni = in->rst_n ? 1 : 0;
    const nc_req_t& q = in->req;
    t->req_valid_i = q.valid ? 1 : 0;
    t->req_kind_i = q.kind;
    t->req_src_i = q.src;
    t->req_wf_i = q.wf;
    t->req_word_i = q.word;
    t->req_aop_i = q.aop;
    t->req_a_i = q.a;
    t->req_b_i = q.b;
    gpucoh::put_u64(t->req_line_i, q.line);
    gpucoh::put_words(t->req_data_i, q.data);
    t->req_mask_i = q.mask[0];
    t->mem_valid_i = in->mem_valid ? 1 : 0;
    gpucoh::put_u64(t->mem_line_i, in->mem_line);
    gpucoh::put_words(t->mem_data_i, in->mem_data);
    gpucoh::edge(s);

    std::memset(out, 0, sizeof *out);
    out->req_ready = t->req_ready_o != 0;
    out->rsp.valid = t->rsp_valid_o != 0;
    out->rsp.atomic = t->rsp_atomic_o != 0;
    out->rsp.kind = t->rsp_kind_o;
    out->rsp.wf = t->rsp_wf_o;
    out->rsp.dst = gpucoh::get_u64(t->rsp_dst_o);
    out->rsp.line = gpucoh::get_u64(t->rsp_line_o);
    gpucoh::get_words(out->rsp.data, t->rsp_data_o);
    out->fwd.valid = t->fwd_valid_o != 0;
    out->fwd.kind = t->fwd_kind_o;
    out->fwd.wf = t->fwd_wf_o;
    out->fwd.writer = t->fwd_writer_o;
    out->fwd.dst = gpucoh::get_u64(t->fwd_dst_o);
    out->fwd.line = gpucoh::get_u64(t->fwd_line_o);
    out->fetch = t->fetch_o != 0;
    out->fetch_line = gpucoh::get_u64(t->fetch_line_o);
    out->wb = t->wb_o != 0;
    out->wb_line = gpucoh::get_u64(t->wb_line_o);
    gpucoh::get_words(out->wb_data, t->wb_data_o);
}

void state(void* h, void* st) {
    (void)h;
    (void)st;
}

} // namespace

GPUCOH_API(Vnc_l2, "nc_l2", tick, state)
