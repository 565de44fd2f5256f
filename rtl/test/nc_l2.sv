// SPDX-License-Identifier: Apache-2.0
//
// nc_l2 -- the bank unit of "nc", the test protocol of tests/test_gsys_proto.c, written from its
// C model there: it takes one request at a time, fetches its line from DRAM, applies a load, a
// byte-masked store or an atomic, writes the line back and answers (a DATA or an ACK on the
// response network). In nc-fwd (Fwd) a store is not acknowledged to its writer: the bank sends a
// DONE on the forward network to the line's home L1 (a bank-initiated message). Bug: stores to
// word 0 are dropped (the broken variant). Every output is registered. Not a catalogue unit.
module nc_l2 #(
    parameter int unsigned NumSm = 4,
    parameter int unsigned NumBanks = 2,
    parameter int unsigned Bug = 0,
    parameter int unsigned Fwd = 0
) (
    input logic clk_i,
    input logic rst_ni,
    // request network (nc_req_t)
    input logic req_valid_i,
    input logic [31:0] req_kind_i,
    input logic [31:0] req_src_i,
    input logic [31:0] req_wf_i,
    input logic [31:0] req_word_i,
    input logic [31:0] req_aop_i,
    input logic [31:0] req_a_i,
    input logic [31:0] req_b_i,
    input logic [63:0] req_line_i,
    input logic [127:0] req_data_i,
    input logic [31:0] req_mask_i,
    // DRAM fill
    input logic mem_valid_i,
    input logic [63:0] mem_line_i,
    input logic [127:0] mem_data_i,
    output logic req_ready_o,
    // response network
    output logic rsp_valid_o,
    output logic rsp_atomic_o,
    output logic [31:0] rsp_kind_o,
    output logic [31:0] rsp_wf_o,
    output logic [63:0] rsp_dst_o,
    output logic [63:0] rsp_line_o,
    output logic [127:0] rsp_data_o,
    // forward network
    output logic fwd_valid_o,
    output logic [31:0] fwd_kind_o,
    output logic [31:0] fwd_wf_o,
    output logic [31:0] fwd_writer_o,
    output logic [63:0] fwd_dst_o,
    output logic [63:0] fwd_line_o,
    // DRAM
    output logic fetch_o,
    output logic wb_o,
    output logic [63:0] fetch_line_o,
    output logic [63:0] wb_line_o,
    output logic [127:0] wb_data_o
);
    localparam logic [31:0] KindLoad = 32'd1;
    localparam logic [31:0] KindStore = 32'd2;
    localparam logic [31:0] KindAtomic = 32'd3;
    localparam logic [31:0] RspData = 32'd1;
    localparam logic [31:0] RspAck = 32'd2;
    localparam logic [31:0] AopAdd = 32'd0;
    localparam logic [31:0] AopExch = 32'd1;
    localparam logic [31:0] FwdDone = 32'd1;

    logic wait_q, wait_d;
    logic [31:0] kind_q, src_q, wf_q, word_q, aop_q, a_q, b_q, mask_q;
    logic [63:0] line_q;
    logic [127:0] data_q;
    logic take;

    logic rsp_valid_d, rsp_atomic_d, fwd_valid_d, fetch_d, wb_d;
    logic [31:0] rsp_kind_d, rsp_wf_d, fwd_kind_d, fwd_wf_d, fwd_writer_d, w, wn;
    logic [63:0] rsp_dst_d, rsp_line_d, fwd_dst_d, fwd_line_d, fetch_line_d, wb_line_d;
    logic [127:0] rsp_data_d, wb_data_d, ln;
    logic [3:0] mb;
    logic [31:0] bm;

    always_comb begin
        wait_d = wait_q;
        take = 1'b0;
        rsp_valid_d = 1'b0;
        rsp_atomic_d = 1'b0;
        rsp_kind_d = '0;
        rsp_wf_d = '0;
        rsp_dst_d = '0;
        rsp_line_d = '0;
        rsp_data_d = '0;
        fwd_valid_d = 1'b0;
        fwd_kind_d = '0;
        fwd_wf_d = '0;
        fwd_writer_d = '0;
        fwd_dst_d = '0;
        fwd_line_d = '0;
        fetch_d = 1'b0;
        fetch_line_d = '0;
        wb_d = 1'b0;
        wb_line_d = '0;
        wb_data_d = '0;
        ln = mem_data_i;
        w = '0;
        wn = '0;
        mb = '0;
        bm = '0;
        if (!rst_ni) begin
            wait_d = 1'b0;
        end else if (!wait_q && req_valid_i) begin // take it, fetch its line
            take = 1'b1;
            wait_d = 1'b1;
            fetch_d = 1'b1;
            fetch_line_d = req_line_i;
        end else if (wait_q && mem_valid_i && mem_line_i == line_q) begin
            rsp_valid_d = 1'b1;
            rsp_dst_d = 64'd1 << src_q[5:0];
            rsp_wf_d = wf_q;
            rsp_line_d = line_q;
            if (kind_q == KindStore) begin
                for (int unsigned k = 0; k < 4; k++) begin
                    mb = mask_q[4*k+:4];
                    bm = {{8{mb[3]}}, {8{mb[2]}}, {8{mb[1]}}, {8{mb[0]}}};
                    if (!(Bug != 0 && k == 0))
                        ln[32*k+:32] = (ln[32*k+:32] & ~bm) | (data_q[32*k+:32] & bm);
                end
                rsp_kind_d = RspAck;
            end else begin
                rsp_data_d = ln; // a load's line, an atomic's line before it
                rsp_kind_d = RspData;
                if (kind_q == KindAtomic) begin
                    rsp_atomic_d = 1'b1;
                    w = ln[32*word_q[1:0]+:32];
                    wn = aop_q == AopAdd ? w + a_q : aop_q == AopExch ? a_q : w == a_q ? b_q : w;
                    ln[32*word_q[1:0]+:32] = wn;
                end
            end
            if (Fwd != 0 && kind_q == KindStore) begin // nc-fwd: DONE to the line's home, no ACK
                rsp_valid_d = 1'b0;
                rsp_kind_d = '0;
                rsp_wf_d = '0;
                rsp_dst_d = '0;
                rsp_line_d = '0;
                fwd_valid_d = 1'b1;
                fwd_kind_d = FwdDone;
                fwd_wf_d = wf_q;
                fwd_writer_d = src_q;
                fwd_line_d = line_q;
                fwd_dst_d = 64'd1 << 6'((line_q / 64'(NumBanks)) % 64'(NumSm));
            end
            if (kind_q != KindLoad) begin
                wb_d = 1'b1;
                wb_line_d = line_q;
                wb_data_d = ln;
            end
            wait_d = 1'b0;
        end
    end

    always_ff @(posedge clk_i) begin
        wait_q <= wait_d;
        if (take) begin
            kind_q <= req_kind_i;
            src_q <= req_src_i;
            wf_q <= req_wf_i;
            word_q <= req_word_i;
            aop_q <= req_aop_i;
            a_q <= req_a_i;
            b_q <= req_b_i;
            mask_q <= req_mask_i;
            line_q <= req_line_i;
            data_q <= req_data_i;
        end
        req_ready_o <= !wait_d;
        rsp_valid_o <= rsp_valid_d;
        rsp_atomic_o <= rsp_atomic_d;
        rsp_kind_o <= rsp_kind_d;
        rsp_wf_o <= rsp_wf_d;
        rsp_dst_o <= rsp_dst_d;
        rsp_line_o <= rsp_line_d;
        rsp_data_o <= rsp_data_d;
        fwd_valid_o <= fwd_valid_d;
        fwd_kind_o <= fwd_kind_d;
        fwd_wf_o <= fwd_wf_d;
        fwd_writer_o <= fwd_writer_d;
        fwd_dst_o <= fwd_dst_d;
        fwd_line_o <= fwd_line_d;
        fetch_o <= fetch_d;
        fetch_line_o <= fetch_line_d;
        wb_o <= wb_d;
        wb_line_o <= wb_line_d;
        wb_data_o <= wb_data_d;
    end
    // the word index is a 32-bit field of the C request; a 4-word line uses its low 2 bits
    logic unused_word_hi;
    assign unused_word_hi = ^word_q[31:2];

endmodule
