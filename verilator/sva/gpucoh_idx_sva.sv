// SPDX-License-Identifier: Apache-2.0
//
// gpucoh_idx_sva.sv -- simulation-only index-range checker (docs/units/prim/primitives.md, "Index-range
// checks", rule IR1), bound into the Verilated RTL by verilator/sva/<top>_bind.sv
// (tools/build_rtl.sh adds both to every RTL model of that unit; never to a netlist, never to
// synthesis). It lives outside rtl/ so that no synthesis result's fingerprint changes with it.
//
// IR1: every cycle out of reset, idx_i < N. A circular scan's wrapped index (rr + k mod N) that
// wraps one step too late reads one entry past its vector; with N a power of two Verilator masks
// the select back to entry 0 and the lockstep cannot see it; this assertion does.
module gpucoh_idx_sva #(
  parameter int unsigned N = 1,
  parameter int unsigned W = 32
) (
  input logic         clk_i,
  input logic         rst_ni,
  input logic [W-1:0] idx_i
);
  IR1_IndexInRange_A: assert property (@(posedge clk_i) rst_ni |-> (32'(idx_i) < N))
    else $error("[%m] IR1: index %0d out of range 0..%0d", idx_i, N - 1);
endmodule
