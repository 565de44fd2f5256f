// SPDX-License-Identifier: Apache-2.0
//
// gtsc_ovf -- G-TSC global timestamp-overflow unit (one per system, the global slot).
//
// Registers the OR of every bank's registered overflow flag and drives the timestamp reset
// tsrst_o for exactly one cycle; counts the resets. Specification: docs/units/gtsc/gtsc.md
// section 7.4 (complete there; no page of its own), the overflow scheme of section 7.2, the
// timing of gtsc_l2.md section 8 (bank overflow at edge t, pulse at t+1, reset edge t+2). Every
// output is a register.
//
// Parameters (an illegal value stops elaboration with a message naming it):
//   NumBanks   L2 banks, the width of ovf_i; 1, 2, 4, 8, 16 (default 8, thesis; small 2)
//
// Ports:
//   clk_i, rst_ni       clock; synchronous active-low reset
//   ovf_i[NumBanks]     bank b's registered ovf_o (the system's global_in hook, gtsc.md s. 13)
//   tsrst_o             the timestamp reset, to every L1 and bank (tsrst_i)
//
// State (all verilator public_flat_rd): tsrst_q (1, reset 0; it is tsrst_o), nrst_q (32,
// reset 0: resets so far, wrapping).
//
// Rules (gtsc.md section 7.4):
//   O1  tsrst_q := (ovf_i != 0) && !tsrst_q (a one-cycle pulse: ovf_i is still set in the
//       reset edge, when the banks clear it).
//   O2  nrst_q := nrst_q + tsrst_q (the reset applied at this edge), modulo 2^32.
// Cover points Z01 (a pulse with two or more ovf_i bits, or a bit rising in the pulse's edge)
// and Z02 (nrst_q wraps) are counted by the C model; the RTL exposes its state only (as hLRC).

`include "gpucoh_assert.svh"

module gtsc_ovf #(
  parameter bit [31:0] NumBanks = 32'd8
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic [NumBanks-1:0] ovf_i,
  output logic                tsrst_o
);

  `ASSERT_ELAB(P_NumBanks_A, NumBanks == 1 || NumBanks == 2 || NumBanks == 4 ||
               NumBanks == 8 || NumBanks == 16,
               "gtsc_ovf: illegal NumBanks (legal: 1, 2, 4, 8, 16)")

  logic        tsrst_q /* verilator public_flat_rd */;
  (* keep *) logic [31:0] nrst_q  /* verilator public_flat_rd */;   // no output reads it

  // O1
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      tsrst_q <= 1'b0;
    end else begin
      tsrst_q <= (|ovf_i) && !tsrst_q;
    end
  end

  // O2
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      nrst_q <= 32'd0;
    end else begin
      nrst_q <= nrst_q + {31'd0, tsrst_q};
    end
  end

  assign tsrst_o = tsrst_q;

  // O1: never two pulse cycles in a row.
  `ASSERT(O1_OnePulse_A, !rst_ni || !tsrst_q || !$past(tsrst_q) || !$past(rst_ni))

endmodule
