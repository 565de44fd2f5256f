// SPDX-License-Identifier: Apache-2.0
//
// hlrc_l2_formal -- the harness of the bank's single-owner proof (docs/units/hlrc/hlrc_l2.md
// section 12; run by tools/prove_hlrc_l2.sh).
//
// One rtl/hlrc/hlrc_l2.sv, unchanged, at the reduced configuration of section 12; every input
// free at every step except:
//   - the first step is a reset (rst_ni = 0), so the base case starts from the reset state;
//     rst_ni stays free afterwards (a reset in the middle of a run is legal).
// No other assumption: the three networks (kinds, sources, lines, masks, data: I1, I4, I5, I7
// included; I6 too, a src >= NumSm is cut to the SW bits of own at NumSm = 2^SW, E8) and the
// DRAM fills (I2 included) are free.
// What is proven is the unit's own assertions: its `ASSERT`s, the V1_* and K01_* of the bank
// half of V1 and the others, and with Formal = 1 its formal-only F_* (the auxiliary
// invariants), which tests/formal/gpucoh_assert_formal.svh turns into `assert property` (its
// `ASSERT_WARN`s, the environment's protocol errors, are left out).
module hlrc_l2_formal #(
  parameter bit [31:0] NumSm     = 32'd2,
  parameter bit [31:0] NumBanks  = 32'd1,
  parameter bit [31:0] LineBytes = 32'd16,
  parameter bit [31:0] AddrWidth = 32'd16,
  parameter bit [31:0] L2Sets    = 32'd1,
  parameter bit [31:0] L2Ways    = 32'd2,
  parameter bit [31:0] L2Mshrs   = 32'd1,
  parameter bit [31:0] L2Queue   = 32'd1,
  parameter bit [31:0] SyncQueue = 32'd1,
  parameter bit [31:0] WbQueue   = 32'd1,
  localparam int       LA        = AddrWidth - $clog2(LineBytes),
  localparam int       DB        = 8 * LineBytes
) (
  input logic                 clk_i,
  input logic                 rst_ni,
  input logic                 req_valid_i,
  input logic [3:0]           req_kind_i,
  input logic [5:0]           req_src_i,
  input logic [LA-1:0]        req_line_i,
  input logic [LineBytes-1:0] req_mask_i,
  input logic [DB-1:0]        req_data_i,
  input logic                 sync_valid_i,
  input logic [3:0]           sync_kind_i,
  input logic [5:0]           sync_src_i,
  input logic [LA-1:0]        sync_line_i,
  input logic [5:0]           sync_wf_i,
  input logic [4:0]           sync_word_i,
  input logic [1:0]           sync_aop_i,
  input logic [3:0]           sync_bmask_i,
  input logic [31:0]          sync_a_i,
  input logic [31:0]          sync_b_i,
  input logic                 wb_valid_i,
  input logic [3:0]           wb_kind_i,
  input logic [5:0]           wb_src_i,
  input logic [LA-1:0]        wb_line_i,
  input logic                 mem_valid_i,
  input logic [LA-1:0]        mem_line_i,
  input logic [DB-1:0]        mem_data_i
);

  // the outputs are observed by nothing but the unit's own assertions
  /* verilator lint_off UNUSEDSIGNAL */
  logic             req_ready, sync_ready, wb_ready, rsp_valid, mem_fetch, mem_wb;
  logic [3:0]       rsp_kind;
  logic [NumSm-1:0] rsp_dst;
  logic [5:0]       rsp_wf;
  logic [LA-1:0]    rsp_line, mem_fetch_line, mem_wb_line;
  logic [DB-1:0]    rsp_data, mem_wb_data;
  /* verilator lint_on UNUSEDSIGNAL */

  hlrc_l2 #(
    .NumSm(NumSm), .NumBanks(NumBanks), .LineBytes(LineBytes), .AddrWidth(AddrWidth),
    .L2Sets(L2Sets), .L2Ways(L2Ways), .L2Mshrs(L2Mshrs), .L2Queue(L2Queue),
    .SyncQueue(SyncQueue), .WbQueue(WbQueue), .Formal(32'd1)
  ) dut (
    .clk_i, .rst_ni,
    .req_valid_i, .req_kind_i, .req_src_i, .req_line_i, .req_mask_i, .req_data_i,
    .req_ready_o(req_ready),
    .sync_valid_i, .sync_kind_i, .sync_src_i, .sync_line_i, .sync_wf_i, .sync_word_i,
    .sync_aop_i, .sync_bmask_i, .sync_a_i, .sync_b_i,
    .sync_ready_o(sync_ready),
    .wb_valid_i, .wb_kind_i, .wb_src_i, .wb_line_i,
    .wb_ready_o(wb_ready),
    .rsp_valid_o(rsp_valid), .rsp_kind_o(rsp_kind), .rsp_dst_o(rsp_dst), .rsp_wf_o(rsp_wf),
    .rsp_line_o(rsp_line), .rsp_data_o(rsp_data),
    .mem_fetch_o(mem_fetch), .mem_fetch_line_o(mem_fetch_line), .mem_wb_o(mem_wb),
    .mem_wb_line_o(mem_wb_line), .mem_wb_data_o(mem_wb_data),
    .mem_valid_i, .mem_line_i, .mem_data_i
  );

  initial assume (!rst_ni);

endmodule
