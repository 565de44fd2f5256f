// SPDX-License-Identifier: Apache-2.0
//
// nc_l1 -- the SM unit of "nc", the test protocol of tests/test_gsys_proto.c (a GPU without
// caches; docs/framework.md, "Protocols", section 4), written from its C model there so that the
// shared system runs it in lockstep. It forwards one core operation at a time to the banks and
// counts each wavefront's stores until their acknowledgement: a bank's ACK (nc) or, in nc-fwd,
// an ACK on the L1-to-L1 network from the line's home L1, which it also acknowledges to the
// core (crsp kind 3). As a line's home it turns a bank's DONE (the forward network) into that
// ACK. With FwdBp it takes a forward only every other cycle (fwd_ready_o toggles). Every output
// is registered. Not a catalogue unit: a test of the networks (issue 26 item 1).
module nc_l1 #(
    parameter int unsigned NumSm = 4,
    parameter int unsigned NumWf = 8,
    parameter int unsigned NumBanks = 2,
    parameter int unsigned FwdBp = 0
) (
    input logic clk_i,
    input logic rst_ni,
    // core request (nc_req_t)
    input logic core_valid_i,
    input logic [31:0] core_kind_i,
    input logic [31:0] core_src_i,
    input logic [31:0] core_wf_i,
    input logic [31:0] core_word_i,
    input logic [31:0] core_aop_i,
    input logic [31:0] core_a_i,
    input logic [31:0] core_b_i,
    input logic [63:0] core_line_i,
    input logic [127:0] core_data_i,
    input logic [31:0] core_mask_i,
    // response network (nc_rsp_t; its dst is not an input)
    input logic rsp_valid_i,
    input logic rsp_atomic_i,
    input logic [31:0] rsp_kind_i,
    input logic [31:0] rsp_wf_i,
    input logic [63:0] rsp_line_i,
    input logic [127:0] rsp_data_i,
    // forward network (nc_fwd_t: DONE to the line's home)
    input logic fwd_valid_i,
    input logic [31:0] fwd_wf_i,
    input logic [31:0] fwd_writer_i,
    input logic [63:0] fwd_line_i,
    // L1-to-L1 network (nc_p2p_t: ACK from the line's home)
    input logic p2p_valid_i,
    input logic [31:0] p2p_wf_i,
    input logic [31:0] p2p_src_i,
    input logic [63:0] p2p_line_i,
    // core response
    output logic core_ready_o,
    output logic crsp_valid_o,
    output logic [31:0] crsp_kind_o,
    output logic [63:0] crsp_wf_mask_o,
    output logic [63:0] crsp_line_o,
    output logic [127:0] crsp_data_o,
    // request network
    output logic req_valid_o,
    output logic [31:0] req_kind_o,
    output logic [31:0] req_src_o,
    output logic [31:0] req_wf_o,
    output logic [31:0] req_word_o,
    output logic [31:0] req_aop_o,
    output logic [31:0] req_a_o,
    output logic [31:0] req_b_o,
    output logic [63:0] req_line_o,
    output logic [127:0] req_data_o,
    output logic [31:0] req_mask_o,
    // L1-to-L1 network
    output logic p2p_valid_o,
    output logic [31:0] p2p_kind_o,
    output logic [31:0] p2p_wf_o,
    output logic [63:0] p2p_dst_o,
    output logic [63:0] p2p_line_o,
    // forward network readiness, wavefronts with no store waiting for its acknowledgement
    output logic fwd_ready_o,
    output logic [63:0] idle_o
);
    localparam logic [31:0] KindStore = 32'd2;
    localparam logic [31:0] KindFence = 32'd4;
    localparam logic [31:0] RspAck = 32'd2;
    localparam logic [31:0] CrspLoad = 32'd1;
    localparam logic [31:0] CrspAtomic = 32'd2;
    localparam logic [31:0] CrspStore = 32'd3;

    logic busy_q, busy_d;
    logic [NumWf*32-1:0] pend_q, pend_d; // stores per wavefront not yet acknowledged

    logic core_ready_d, crsp_valid_d, req_valid_d, p2p_valid_d, fwd_ready_d;
    logic [31:0] crsp_kind_d, req_kind_d, req_src_d, req_wf_d, req_word_d, req_aop_d, req_a_d;
    logic [31:0] req_b_d, req_mask_d, p2p_wf_d;
    logic [63:0] crsp_wf_mask_d, crsp_line_d, req_line_d, p2p_dst_d, p2p_line_d, idle_d;
    logic [127:0] crsp_data_d, req_data_d;
    logic [63:0] home;

    always_comb begin
        busy_d = busy_q;
        pend_d = pend_q;
        crsp_valid_d = 1'b0;
        crsp_kind_d = '0;
        crsp_wf_mask_d = '0;
        crsp_line_d = '0;
        crsp_data_d = '0;
        req_valid_d = 1'b0;
        req_kind_d = '0;
        req_src_d = '0;
        req_wf_d = '0;
        req_word_d = '0;
        req_aop_d = '0;
        req_a_d = '0;
        req_b_d = '0;
        req_line_d = '0;
        req_data_d = '0;
        req_mask_d = '0;
        p2p_valid_d = 1'b0;
        p2p_wf_d = '0;
        p2p_dst_d = '0;
        p2p_line_d = '0;
        home = (p2p_line_i / 64'(NumBanks)) % 64'(NumSm);
        if (!rst_ni) begin
            busy_d = 1'b0;
            pend_d = '0;
        end else begin
            // as the line's home: the DONE of a store becomes the ACK to its writer
            if (fwd_valid_i && fwd_ready_o) begin
                p2p_valid_d = 1'b1;
                p2p_wf_d = fwd_wf_i;
                p2p_line_d = fwd_line_i;
                p2p_dst_d = 64'd1 << fwd_writer_i[5:0];
            end
            // the ACK of this L1's store, from the line's home only
            if (p2p_valid_i && 64'(p2p_src_i) == home) begin
                pend_d[p2p_wf_i[5:0]*32+:32] = pend_d[p2p_wf_i[5:0]*32+:32] - 32'd1;
                busy_d = 1'b0;
                crsp_valid_d = 1'b1;
                crsp_kind_d = CrspStore;
                crsp_wf_mask_d = 64'd1 << p2p_wf_i[5:0];
                crsp_line_d = p2p_line_i;
            end
            if (rsp_valid_i && rsp_kind_i == RspAck) begin
                pend_d[rsp_wf_i[5:0]*32+:32] = pend_d[rsp_wf_i[5:0]*32+:32] - 32'd1;
                busy_d = 1'b0;
            end else if (rsp_valid_i) begin
                crsp_valid_d = 1'b1;
                crsp_kind_d = rsp_atomic_i ? CrspAtomic : CrspLoad;
                crsp_wf_mask_d = 64'd1 << rsp_wf_i[5:0];
                crsp_line_d = rsp_line_i;
                crsp_data_d = rsp_data_i;
                busy_d = 1'b0;
            end
            // a core request, taken only when ready; a fence has nothing to do here
            if (core_valid_i && core_ready_o && core_kind_i != KindFence) begin
                req_valid_d = 1'b1;
                req_kind_d = core_kind_i;
                req_src_d = core_src_i;
                req_wf_d = core_wf_i;
                req_word_d = core_word_i;
                req_aop_d = core_aop_i;
                req_a_d = core_a_i;
                req_b_d = core_b_i;
                req_line_d = core_line_i;
                req_data_d = core_data_i;
                req_mask_d = core_mask_i;
                if (core_kind_i == KindStore)
                    pend_d[core_wf_i[5:0]*32+:32] = pend_d[core_wf_i[5:0]*32+:32] + 32'd1;
                busy_d = 1'b1;
            end
        end
        core_ready_d = !busy_d;
        fwd_ready_d = FwdBp == 0 || !rst_ni || !fwd_ready_o;
        idle_d = '0;
        for (int unsigned w = 0; w < NumWf; w++) idle_d[w] = pend_d[w*32+:32] == 32'd0;
    end

    always_ff @(posedge clk_i) begin
        busy_q <= busy_d;
        pend_q <= pend_d;
        core_ready_o <= core_ready_d;
        crsp_valid_o <= crsp_valid_d;
        crsp_kind_o <= crsp_kind_d;
        crsp_wf_mask_o <= crsp_wf_mask_d;
        crsp_line_o <= crsp_line_d;
        crsp_data_o <= crsp_data_d;
        req_valid_o <= req_valid_d;
        req_kind_o <= req_kind_d;
        req_src_o <= req_src_d;
        req_wf_o <= req_wf_d;
        req_word_o <= req_word_d;
        req_aop_o <= req_aop_d;
        req_a_o <= req_a_d;
        req_b_o <= req_b_d;
        req_line_o <= req_line_d;
        req_data_o <= req_data_d;
        req_mask_o <= req_mask_d;
        p2p_valid_o <= p2p_valid_d;
        p2p_wf_o <= p2p_wf_d;
        p2p_dst_o <= p2p_dst_d;
        p2p_line_o <= p2p_line_d;
        fwd_ready_o <= fwd_ready_d;
        idle_o <= idle_d;
    end

    assign p2p_kind_o = {31'd0, p2p_valid_o}; // ACK (1) when valid
    // the wavefront fields are 32 bits wide in the C structs; only the low 6 bits name one
    logic unused_wf_hi;
    assign unused_wf_hi = ^{rsp_wf_i[31:6], fwd_writer_i[31:6], p2p_wf_i[31:6]};

endmodule
