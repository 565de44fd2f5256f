// SPDX-License-Identifier: Apache-2.0
//
// gtsc_l2_formal -- the harness of the G-TSC bank's lease proof (docs/units/gtsc/gtsc_l2.md,
// "Proof"; run by tools/prove_gtsc_l2.sh): invariant I1 of docs/units/gtsc/gtsc.md section 11,
// every valid (V or D) line has 1 <= wts <= rts, as the unit's assertion B3_Lease_A, with B9's
// mem_ts >= 1 (the one auxiliary invariant the induction needs: a fill's wts is mem_ts).
//
// One rtl/gtsc/gtsc_l2.sv, unchanged, at a reduced configuration (2 SMs, one bank of one set of
// 2 ways, 2 MSHRs, a 1-entry FIFO, 6-bit timestamps so that saturation and the TsMax rule R9
// are reached within a few steps, 2 epochs); every input free at every step except:
//   - the first step is a reset (rst_ni = 0), so the base case starts from the reset state;
//     rst_ni stays free afterwards (a reset in the middle of a run is legal).
// No other assumption: lease_i (J4's range and its constancy included), bank_i, tsrst_i, the req
// network (kinds, sources, lines, timestamps, epochs, masks, data, atomics) and the DRAM fills
// (stray ones included) are free. The unit's other assertions are left out by the script (B1,
// B2 and R2 need invariants of the tags and MSHR entries this proof does not carry; B6 is an
// assertion on an input) and checked in every lockstep run.
module gtsc_l2_formal #(
  parameter bit [31:0] NumSm     = 32'd2,
  parameter bit [31:0] NumBanks  = 32'd1,
  parameter bit [31:0] LineBytes = 32'd16,
  parameter bit [31:0] AddrWidth = 32'd16,
  parameter bit [31:0] L2Sets    = 32'd1,
  parameter bit [31:0] L2Ways    = 32'd2,
  parameter bit [31:0] L2Mshrs   = 32'd2,
  parameter bit [31:0] L2Queue   = 32'd1,
  parameter bit [31:0] TsWidth   = 32'd6,
  parameter bit [31:0] EpWidth   = 32'd1,
  localparam int       LA        = AddrWidth - $clog2(LineBytes),
  localparam int       DB        = 8 * LineBytes,
  localparam int       TW        = TsWidth,
  localparam int       EW        = EpWidth
) (
  input logic                 clk_i,
  input logic                 rst_ni,
  input logic [TW-1:0]        lease_i,
  input logic [3:0]           bank_i,
  input logic                 tsrst_i,
  input logic                 req_valid_i,
  input logic [1:0]           req_kind_i,
  input logic [5:0]           req_src_i,
  input logic [5:0]           req_wf_i,
  input logic [LA-1:0]        req_line_i,
  input logic [TW-1:0]        req_wts_i,
  input logic [TW-1:0]        req_warp_ts_i,
  input logic [EW-1:0]        req_ep_i,
  input logic [DB-1:0]        req_data_i,
  input logic [LineBytes-1:0] req_mask_i,
  input logic [1:0]           req_aop_i,
  input logic [4:0]           req_word_i,
  input logic [31:0]          req_a_i,
  input logic [31:0]          req_b_i,
  input logic                 mem_valid_i,
  input logic [LA-1:0]        mem_line_i,
  input logic [DB-1:0]        mem_data_i
);

  // the outputs are observed by nothing but the unit's own assertions
  /* verilator lint_off UNUSEDSIGNAL */
  logic             ovf, req_ready, rsp_valid, rsp_keep, fetch, wb;
  logic [2:0]       rsp_kind;
  logic [NumSm-1:0] rsp_dst;
  logic [5:0]       rsp_wf;
  logic [LA-1:0]    rsp_line, fetch_line, wb_line;
  logic [TW-1:0]    rsp_wts, rsp_rts;
  logic [EW-1:0]    rsp_ep;
  logic [DB-1:0]    rsp_data, wb_data;
  /* verilator lint_on UNUSEDSIGNAL */

  gtsc_l2 #(
    .NumSm(NumSm), .NumBanks(NumBanks), .LineBytes(LineBytes), .AddrWidth(AddrWidth),
    .L2Sets(L2Sets), .L2Ways(L2Ways), .L2Mshrs(L2Mshrs), .L2Queue(L2Queue),
    .TsWidth(TsWidth), .EpWidth(EpWidth)
  ) dut (
    .clk_i, .rst_ni, .lease_i, .bank_i, .tsrst_i, .ovf_o(ovf),
    .req_valid_i, .req_kind_i, .req_src_i, .req_wf_i, .req_line_i, .req_wts_i, .req_warp_ts_i,
    .req_ep_i, .req_data_i, .req_mask_i, .req_aop_i, .req_word_i, .req_a_i, .req_b_i,
    .req_ready_o(req_ready),
    .rsp_valid_o(rsp_valid), .rsp_kind_o(rsp_kind), .rsp_dst_o(rsp_dst), .rsp_wf_o(rsp_wf),
    .rsp_line_o(rsp_line), .rsp_wts_o(rsp_wts), .rsp_rts_o(rsp_rts), .rsp_keep_o(rsp_keep),
    .rsp_ep_o(rsp_ep), .rsp_data_o(rsp_data),
    .mem_valid_i, .mem_line_i, .mem_data_i,
    .mreq_fetch_o(fetch), .mreq_fetch_line_o(fetch_line), .mreq_wb_o(wb),
    .mreq_wb_line_o(wb_line), .mreq_wb_data_o(wb_data)
  );

  initial assume (!rst_ni);

endmodule
