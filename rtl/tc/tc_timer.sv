// SPDX-License-Identifier: Apache-2.0
//
// tc_timer -- the synchronized timestamp counter of the Temporal Coherence system.
//
// One instance drives every TC unit (tc_l1, tc_gwct inside it, tc_l2) with the same time `now`,
// an era bit and a roll strobe (docs/system.md C2, RO1). The paper's per-core and per-partition
// 32-bit counters are equal by definition and are modelled as this one counter.
// Specification: docs/units/tc/tc_timer.md; timing contract: docs/timing.md. Every output is a
// function of the registers only.
//
// Parameters (an illegal value stops elaboration with a message naming it; nothing is clamped):
//   TsWidth    counter bits; 8 .. 32 (default 32). `bit [31:0]` like every gpucoh parameter
//              (Icarus Verilog 11 cannot parse `int unsigned` parameters).
//
// Ports:
//   clk_i, rst_ni        clock; synchronous active-low reset
//   load_i               set the counter (testbench: jump close to a rollover)
//   load_val_i[TsWidth]  value for load_i, 1 .. 2^TsWidth-1 (0 is taken as 1)
//   now_o[TsWidth]       current time, 1 .. 2^TsWidth-1
//   era_o                toggles when now wraps
//   roll_o               now_o == 2^TsWidth-1 (the last cycle of an era)
//
// State (spec section 3; verilator public_flat_rd): now_q (reset 1), era_q (reset 0).
//
// Numbered rules (spec section 4):
//   T1 Edge: reset -> (1, 0); else load_i -> now := max(load_val_i, 1), era kept; else if
//      now_q == 2^TsWidth-1 -> now := 1, era := !era; else now := now + 1.
//   T2 now_o = now_q, era_o = era_q, roll_o = (now_q == 2^TsWidth-1) (functions of state).
//   T3 now_q is never 0 (assertion T3_NowNonZero_A, from the first reset on).

`include "gpucoh_assert.svh"

module tc_timer #(
  parameter bit [31:0] TsWidth = 32'd32
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               load_i,
  input  logic [TsWidth-1:0] load_val_i,
  output logic [TsWidth-1:0] now_o,
  output logic               era_o,
  output logic               roll_o
);

  // ---------------------------------------------------------------------------------------------
  // Parameter check (spec section 1)
  // ---------------------------------------------------------------------------------------------

  `ASSERT_ELAB(T0_TsWidth_A, TsWidth >= 8 && TsWidth <= 32,
               "tc_timer: illegal TsWidth (legal: 8 .. 32)")

  // ---------------------------------------------------------------------------------------------
  // State (spec section 3)
  // ---------------------------------------------------------------------------------------------

  localparam logic [TsWidth-1:0] TsMax = {TsWidth{1'b1}};   // 2^TsWidth - 1
  localparam logic [TsWidth-1:0] TsOne = TsWidth'(1);

  logic [TsWidth-1:0] now_q /* verilator public_flat_rd */;
  logic               era_q /* verilator public_flat_rd */;

  logic               at_max;   // now_q == 2^TsWidth-1: the roll cycle
  assign at_max = (now_q == TsMax);

  // T1
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      now_q <= TsOne;
      era_q <= 1'b0;
    end else if (load_i) begin
      now_q <= (load_val_i == '0) ? TsOne : load_val_i;
    end else if (at_max) begin
      now_q <= TsOne;
      era_q <= ~era_q;
    end else begin
      now_q <= now_q + TsOne;
    end
  end

  // T2
  assign now_o  = now_q;
  assign era_o  = era_q;
  assign roll_o = at_max;

  // ---------------------------------------------------------------------------------------------
  // Assertions (simulation only; empty under SYNTHESIS and Icarus)
  // ---------------------------------------------------------------------------------------------

  // T3. The testbench starts every run with reset (docs/timing.md rule 2), so at an edge with
  // rst_ni = 1 now_q was produced by a reset or a count and is defined.
  `ASSERT(T3_NowNonZero_A, rst_ni |-> (now_q != '0))

endmodule
