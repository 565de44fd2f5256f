// SPDX-License-Identifier: Apache-2.0
//
// denovo_l2_formal -- the harness of the registry single-owner proof
// (docs/units/denovo/denovo_l2.md section 11; run by tools/prove_denovo_l2.sh).
//
// One rtl/denovo/denovo_l2.sv, unchanged, at the reduced configuration of section 11; every
// input free at every step except:
//   - the first step is a reset (rst_ni = 0), so the base case starts from the reset state;
//     rst_ni stays free afterwards (a reset in the middle of a run is legal);
//   - I5 (section 10): a request presented on `req` names an SM, req_src_i < NumSm (the only
//     legal-input assumption: kinds, masks, lines, DRAM fills and the whole `wb` network are
//     free, illegal values I1, I2, I4 included).
// What is proven is the unit's own assertions: its `ASSERT`s, E4 and the others, and with
// Formal = 1 its formal-only F_* (E4_OwnerInRange_A's property, the slot property and the
// auxiliary invariants), which tests/formal/gpucoh_assert_formal.svh turns into
// `assert property` (its `ASSERT_WARN`s, the environment's protocol errors, are left out).
module denovo_l2_formal #(
  parameter bit [31:0] NumSm     = 32'd2,
  parameter bit [31:0] NumBanks  = 32'd1,
  parameter bit [31:0] LineBytes = 32'd16,
  parameter bit [31:0] AddrWidth = 32'd16,
  parameter bit [31:0] L2Sets    = 32'd1,
  parameter bit [31:0] L2Ways    = 32'd2,
  parameter bit [31:0] L2Mshrs   = 32'd1,
  parameter bit [31:0] L2Queue   = 32'd1,
  parameter bit [31:0] WbQueue   = 32'd1,
  localparam int       LA        = AddrWidth - $clog2(LineBytes),
  localparam int       DB        = 8 * LineBytes
) (
  input logic          clk_i,
  input logic          rst_ni,
  input logic          req_valid_i,
  input logic [3:0]    req_kind_i,
  input logic [5:0]    req_src_i,
  input logic [LA-1:0] req_line_i,
  input logic [31:0]   req_mask_i,
  input logic [31:0]   req_pmask_i,
  input logic          wb_valid_i,
  input logic [3:0]    wb_kind_i,
  input logic [5:0]    wb_src_i,
  input logic [LA-1:0] wb_line_i,
  input logic [31:0]   wb_mask_i,
  input logic [31:0]   wb_pmask_i,
  input logic [DB-1:0] wb_data_i,
  input logic          mem_valid_i,
  input logic [LA-1:0] mem_line_i,
  input logic [DB-1:0] mem_data_i
);

  // the outputs are observed by nothing but the unit's own assertions
  /* verilator lint_off UNUSEDSIGNAL */
  logic          req_ready, wb_ready, rsp_valid, mem_fetch, mem_wb;
  logic [3:0]    rsp_kind;
  logic [NumSm-1:0] rsp_dst;
  logic [5:0]    rsp_req;
  logic [LA-1:0] rsp_line, mem_fetch_line, mem_wb_line;
  logic [31:0]   rsp_mask, rsp_pmask;
  logic [DB-1:0] rsp_data, mem_wb_data;
  /* verilator lint_on UNUSEDSIGNAL */

  denovo_l2 #(
    .NumSm(NumSm), .NumBanks(NumBanks), .LineBytes(LineBytes), .AddrWidth(AddrWidth),
    .L2Sets(L2Sets), .L2Ways(L2Ways), .L2Mshrs(L2Mshrs), .L2Queue(L2Queue), .WbQueue(WbQueue),
    .Formal(32'd1)
  ) dut (
    .clk_i, .rst_ni,
    .req_valid_i, .req_kind_i, .req_src_i, .req_line_i, .req_mask_i, .req_pmask_i,
    .req_ready_o(req_ready),
    .wb_valid_i, .wb_kind_i, .wb_src_i, .wb_line_i, .wb_mask_i, .wb_pmask_i, .wb_data_i,
    .wb_ready_o(wb_ready),
    .rsp_valid_o(rsp_valid), .rsp_kind_o(rsp_kind), .rsp_dst_o(rsp_dst), .rsp_req_o(rsp_req),
    .rsp_line_o(rsp_line), .rsp_mask_o(rsp_mask), .rsp_pmask_o(rsp_pmask),
    .rsp_data_o(rsp_data),
    .mem_fetch_o(mem_fetch), .mem_fetch_line_o(mem_fetch_line), .mem_wb_o(mem_wb),
    .mem_wb_line_o(mem_wb_line), .mem_wb_data_o(mem_wb_data),
    .mem_valid_i, .mem_line_i, .mem_data_i
  );

  initial assume (!rst_ni);
  always_comb assume (!req_valid_i || 32'(req_src_i) < NumSm);

endmodule
