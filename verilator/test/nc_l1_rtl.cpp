// SPDX-License-Identifier: Apache-2.0
//
// nc_l1_rtl.cpp -- thin shim: the Verilated nc_l1 (rtl/test/nc_l1.sv, the SM unit of the test
// protocol "nc" of tests/test_gsys_proto.c) behind the C ABI of gpucoh_rtl.h, with the port
// structs of tests/nc_proto.h. Nothing here models behaviour. No state is read (the lockstep of
// nc compares outputs only).

#include "Vnc_l1.h"
#include "shim_common.h"

extern "C" {
#include "../tests/nc_proto.h"
}

namespace {

using Sim = gpucoh::Sim<Vnc_l1>;

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vnc_l1* t = s->top;
    const nc_l1_in_t* in = static_cast<const nc_l1_in_t*>(vin);
    nc_l1_out_t* out = static_cast<nc_l1_out_t*>(vout);
    t->rst_ni = in->rst_n ? 1 : 0;
    const nc_req_t& c = in->core;
    t->core_valid_i = c.valid ? 1 : 0;
    t->core_kind_i = c.kind;
    t->core_src_i = c.src;
    t->core_wf_i = c.wf;
    t->core_word_i = c.word;
    t->core_aop_i = c.aop;
    t->core_a_i = c.a;
    t->core_b_i = c.b;
    gpucoh::put_u64(t->core_line_i, c.line);
    gpucoh::put_words(t->core_data_i, c.data);
    t->core_mask_i = c.mask[0];
    t->rsp_valid_i = in->rsp.valid ? 1 : 0;
    t->rsp_atomic_i = in->rsp.atomic ? 1 : 0;
    t->rsp_kind_i = in->rsp.kind;
    t->rsp_wf_i = in->rsp.wf;
    gpucoh::put_u64(t->rsp_line_i, in->rsp.line);
    gpucoh::put_words(t->rsp_data_i, in->rsp.data);
    t->fwd_valid_i = in->fwd.valid ? 1 : 0;
    t->fwd_wf_i = in->fwd.wf;
    t->fwd_writer_i = in->fwd.writer;
    gpucoh::put_u64(t->fwd_line_i, in->fwd.line);
    t->p2p_valid_i = in->p2p.valid ? 1 : 0;
    t->p2p_wf_i = in->p2p.wf;
    t->p2p_src_i = in->p2p.src;
    gpucoh::put_u64(t->p2p_line_i, in->p2p.line);
    gpucoh::edge(s);

    std::memset(out, 0, sizeof *out);
    out->core_ready = t->core_ready_o != 0;
    out->crsp_valid = t->crsp_valid_o != 0;
    out->crsp_kind = t->crsp_kind_o;
    out->crsp_wf_mask = gpucoh::get_u64(t->crsp_wf_mask_o);
    out->crsp_line = gpucoh::get_u64(t->crsp_line_o);
    gpucoh::get_words(out->crsp_data, t->crsp_data_o);
    out->req.valid = t->req_valid_o != 0;
    out->req.kind = t->req_kind_o;
    out->req.src = t->req_src_o;
    out->req.wf = t->req_wf_o;
    out->req.word = t->req_word_o;
    out->req.aop = t->req_aop_o;
    out->req.a = t->req_a_o;
    out->req.b = t->req_b_o;
    out->req.line = gpucoh::get_u64(t->req_line_o);
    gpucoh::get_words(out->req.data, t->req_data_o);
    out->req.mask[0] = t->req_mask_o;
    out->p2p.valid = t->p2p_valid_o != 0;
    out->p2p.kind = t->p2p_kind_o;
    out->p2p.wf = t->p2p_wf_o;
    out->p2p.dst = gpucoh::get_u64(t->p2p_dst_o);
    out->p2p.line = gpucoh::get_u64(t->p2p_line_o);
    out->fwd_ready = t->fwd_ready_o != 0;
    out->idle = gpucoh::get_u64(t->idle_o);
}

void state(void* h, void* st) {
    (void)h;
    (void)st;
}

} // namespace

GPUCOH_API(Vnc_l1, "nc_l1", tick, state)
