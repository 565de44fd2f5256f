// SPDX-License-Identifier: Apache-2.0
//
// tc_gwct -- per-wavefront GWCT table and write tracking (TC-Weak fences).
//
// One instance per SM, inside tc_l1 (u_gwct). Per wavefront it holds the maximum global write
// completion time (GWCT) seen in write/atomic responses and the number of outstanding writes and
// atomics, and it tells the core when a fence may complete. Under TC-Weak-C the L1 also raises
// entries with obligations (spec section 8). Specification: docs/units/tc/tc_gwct.md (time:
// docs/system.md C2, C3, C7, RO2); timing contract: docs/timing.md. Every output is a register
// but rd_gwct_o (spec section 8: a combinational read port used inside tc_l1).
//
//                 +-------------------------------+
//  iss_*        =>| cnt_q[NumWf]  (outstanding)   |=> fence_ready_o[NumWf]
//  ack_*        =>| gwct_q[NumWf] (max GWCT)      |=> wr_idle_o[NumWf]
//  obl_*        =>|                               |=> full_o[NumWf]
//  now/era/roll =>|                               |
//  rd_wf_i      =>|  (read port, combinational)   |=> rd_gwct_o
//                 +-------------------------------+
//
// Parameters (an illegal value stops elaboration with a message naming it; nothing is clamped;
// all `bit [31:0]`, as Icarus Verilog 11 cannot parse `int unsigned` parameters):
//   NumWf       entries (wavefronts per SM); 1 .. 64 (default 48)
//   TsWidth     GWCT bits; 8 .. 32 (default 32)
//   WfCntWidth  outstanding-counter bits (maximum 2^WfCntWidth-1); 2 .. 8 (default 6)
//   OblPort     1: the obligation port acts (TC-Weak-C); 0: it is left out, the paper's TC-Weak
//               table (G7); 0 .. 1 (default 1)
//
// Ports:
//   clk_i, rst_ni               clock; synchronous active-low reset
//   now_i[TsWidth], era_i, roll_i   time from tc_timer (docs/system.md C2)
//   iss_valid_i, iss_wf_i[6]    a write or atomic of wavefront iss_wf_i was sent to the L2
//   ack_valid_i, ack_wf_i[6]    a write or atomic response for wavefront ack_wf_i arrived
//   ack_global_i                the response carries a GWCT (ACK_G, DATA_G under TC-Weak)
//   ack_gwct_i[TsWidth], ack_era_i  the GWCT and its era
//   obl_valid_i                 an obligation this edge (TC-Weak-C only; others tie it to 0)
//   obl_mask_i[NumWf]           the wavefronts it applies to (bit w = entry w)
//   obl_ts_i[TsWidth]           the time they owe (current era; 0 = none)
//   rd_wf_i[6]                  read port: an entry
//   fence_ready_o[NumWf]        bit w: a fence of wavefront w may complete (G3)
//   wr_idle_o[NumWf]            bit w: no outstanding write or atomic
//   full_o[NumWf]               bit w: the outstanding counter is at its maximum
//   rd_gwct_o[TsWidth]          gwct_q[rd_wf_i] before this edge, 0 for rd_wf_i >= NumWf
//                               (combinational: the one output that is not a register)
//
// State (spec section 3; verilator public_flat_rd): gwct_q[NumWf], cnt_q[NumWf] and the output
// registers fence_ready_q, wr_idle_q, full_q. Reset: all 0, fence_ready and wr_idle all ones.
//
// Numbered rules (spec section 4):
//   G1 Edge (no reset): for each w, cnt := cnt + (iss_valid && iss_wf == w)
//      - (ack_valid && ack_wf == w); gwct := max(gwct, g), g = ack_gwct_i if ack_valid &&
//      ack_global && ack_wf == w && ack_era == era_i, else 0. Then if roll_i: every gwct := 0.
//      The counter arithmetic is modulo 2^WfCntWidth.
//   G2 An ack for a wavefront whose count is 0, or an issue for a wavefront whose count is at
//      the maximum (whatever else happens at that edge), is a protocol error: assertions
//      G2_AckNotZero_A, G2_IssueNotFull_A. Reading (tc_l1.md P7, "an ack for an idle wavefront
//      changes nothing"): such an ack changes neither the count nor the GWCT of its entry (an
//      issue at the same edge still counts); an issue at the maximum follows G1 (wraps). A
//      wavefront number >= NumWf names no entry and changes nothing (warning G2_WfInRange_A).
//   G3 Registered outputs from the next state and this cycle's now_i:
//      fence_ready[w] = (cnt_d[w] == 0) && (gwct_d[w] < now_i); wr_idle[w] = (cnt_d[w] == 0);
//      full[w] = (cnt_d[w] == 2^WfCntWidth-1).
//   G4 Under TC-Strong the L1 never raises ack_global_i (gwct stays 0, fence_ready = wr_idle).
//   G5 (section 8) The G1 update of entry w is gwct := max(gwct, g, o), o = obl_ts_i if
//      obl_valid_i && obl_mask_i[w], else 0; an obligation changes no count. The roll clear still
//      comes after G1 and G5 at the same edge; G3 reads the raised entries.
//   G6 obl_mask_i has NumWf bits: a C mask's bits >= NumWf are dropped by the shim (ignored, no
//      error). An obligation applies also to an entry whose ack is ignored as illegal (G2).
//   G7 OblPort = 0: obl_valid_i is read as 0 (no obligation ever applies; the ports stay).
//
// Implementation: without an obligation the edge writes at most the two entries named by
// iss_wf_i and ack_wf_i (the reset and the roll clear write the packed gval/cval bits). An
// obligation writes every entry of its mask (a per-entry loop, taken only when obl_v is 1,
// which a TC-Strong or TC-Weak L1 ties to 0). wr_idle_q / full_q double as the packed "count is
// 0" / "count is at its maximum" vectors of cnt_q, so G3 changes only the named bits of them;
// only gwct_d < now_i is evaluated for every entry (NumWf compares per edge).

`include "gpucoh_assert.svh"

module tc_gwct #(
  parameter bit [31:0] NumWf      = 32'd48,
  parameter bit [31:0] TsWidth    = 32'd32,
  parameter bit [31:0] WfCntWidth = 32'd6,
  parameter bit [31:0] OblPort    = 32'd1
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic [TsWidth-1:0] now_i,
  input  logic               era_i,
  input  logic               roll_i,
  input  logic               iss_valid_i,
  input  logic [5:0]         iss_wf_i,
  input  logic               ack_valid_i,
  input  logic [5:0]         ack_wf_i,
  input  logic               ack_global_i,
  input  logic [TsWidth-1:0] ack_gwct_i,
  input  logic               ack_era_i,
  input  logic               obl_valid_i,
  input  logic [NumWf-1:0]   obl_mask_i,
  input  logic [TsWidth-1:0] obl_ts_i,
  input  logic [5:0]         rd_wf_i,
  output logic [NumWf-1:0]   fence_ready_o,
  output logic [NumWf-1:0]   wr_idle_o,
  output logic [NumWf-1:0]   full_o,
  output logic [TsWidth-1:0] rd_gwct_o
);

  // ---------------------------------------------------------------------------------------------
  // Parameter checks (spec section 1)
  // ---------------------------------------------------------------------------------------------

  `ASSERT_ELAB(G0_NumWf_A, NumWf >= 1 && NumWf <= 64,
               "tc_gwct: illegal NumWf (legal: 1 .. 64)")
  `ASSERT_ELAB(G0_TsWidth_A, TsWidth >= 8 && TsWidth <= 32,
               "tc_gwct: illegal TsWidth (legal: 8 .. 32)")
  `ASSERT_ELAB(G0_WfCntWidth_A, WfCntWidth >= 2 && WfCntWidth <= 8,
               "tc_gwct: illegal WfCntWidth (legal: 2 .. 8)")
  `ASSERT_ELAB(G0_OblPort_A, OblPort <= 1,
               "tc_gwct: illegal OblPort (legal: 0 .. 1)")

  // ---------------------------------------------------------------------------------------------
  // Constants
  // ---------------------------------------------------------------------------------------------

  localparam int CW = WfCntWidth;
  localparam logic [CW-1:0] CntMax = {CW{1'b1}};             // 2^WfCntWidth - 1
  localparam logic [CW-1:0] CntOne = CW'(1);
  localparam logic [5:0]    NumWf6 = 6'(NumWf);              // NumWf = 64 wraps to 0: see below
  localparam int            WI     = (NumWf > 1) ? $clog2(NumWf) : 1;   // entry-index width

  // ---------------------------------------------------------------------------------------------
  // State (spec section 3)
  // ---------------------------------------------------------------------------------------------

  // The entries are arrays without reset, written one element per port; the reset and the roll
  // clear act on packed per-entry bits instead (docs/units/tc/tc_gwct.md section 3), so every
  // register has one description that Verilator 5.006, Yosys 0.23 and Icarus 11 accept:
  //   gval_q[w]  gwct_q[w] holds the entry's GWCT; 0 after reset and after a roll (RO2)
  //   cval_q[w]  cnt_q[w] holds the entry's count; 0 after reset
  (* mem2reg *) logic [TsWidth-1:0] gwct_q [NumWf] /* verilator public_flat_rd */;
  (* mem2reg *) logic [CW-1:0]      cnt_q  [NumWf] /* verilator public_flat_rd */;
  logic [NumWf-1:0]   gval_q        /* verilator public_flat_rd */;
  logic [NumWf-1:0]   cval_q        /* verilator public_flat_rd */;
  logic [NumWf-1:0]   fence_ready_q /* verilator public_flat_rd */;
  logic [NumWf-1:0]   wr_idle_q     /* verilator public_flat_rd */;
  logic [NumWf-1:0]   full_q        /* verilator public_flat_rd */;

  // ---------------------------------------------------------------------------------------------
  // G1: the entries named by the issue and the ack
  // ---------------------------------------------------------------------------------------------

  // A wavefront number names an entry only below NumWf (6 bits hold 0 .. 63; with NumWf = 64
  // every number is in range).
  logic iss_in, ack_in;    // iss_valid_i / ack_valid_i for an existing entry
  assign iss_in = iss_valid_i && (NumWf == 32'd64 || iss_wf_i < NumWf6);
  assign ack_in = ack_valid_i && (NumWf == 32'd64 || ack_wf_i < NumWf6);

  logic same_wf;           // the issue and the ack name the same entry
  assign same_wf = (iss_wf_i == ack_wf_i);

  // G7: the obligation as it acts (OblPort = 0 leaves the port out: no obligation applies).
  logic obl_v;
  assign obl_v = (OblPort != 32'd0) && obl_valid_i;

  // Entry indices (an index is used only when iss_in / ack_in says it names an entry).
  logic [WI-1:0] iss_idx, ack_idx;
  assign iss_idx = WI'(iss_wf_i);
  assign ack_idx = WI'(ack_wf_i);

  logic               ack_ok;         // ack_in for an entry whose count is not 0 (G2, P7)
  logic               ack_raise;      // the ack carries a GWCT of the current era

  logic [CW-1:0]      iss_cnt_cur;    // cnt_q of the issue's entry
  logic [CW-1:0]      ack_cnt_cur;    // cnt_q of the ack's entry
  logic [TsWidth-1:0] ack_gwct_cur;   // gwct_q of the ack's entry
  logic [CW-1:0]      iss_cnt_d;      // next count of the issue's entry
  logic [CW-1:0]      ack_cnt_d;      // next count of the ack's entry
  logic [TsWidth-1:0] ack_gwct_d;     // next GWCT of the ack's entry (G1, G5), before the roll
  logic               ack_obl;        // the obligation applies to the ack's entry (G5)

  always_comb begin
    iss_cnt_cur  = (iss_in && cval_q[iss_idx]) ? cnt_q[iss_idx] : '0;
    ack_cnt_cur  = (ack_in && cval_q[ack_idx]) ? cnt_q[ack_idx] : '0;
    ack_gwct_cur = (ack_in && gval_q[ack_idx]) ? gwct_q[ack_idx] : '0;
    ack_ok       = ack_in && (ack_cnt_cur != '0);
    ack_raise    = ack_ok && ack_global_i && (ack_era_i == era_i);
    // cnt + issue - ack; an entry named by both keeps its count.
    iss_cnt_d    = (ack_ok && same_wf) ? iss_cnt_cur : iss_cnt_cur + CntOne;
    ack_cnt_d    = (iss_in && same_wf) ? ack_cnt_cur : ack_cnt_cur - CntOne;
    ack_gwct_d   = (ack_raise && ack_gwct_i > ack_gwct_cur) ? ack_gwct_i : ack_gwct_cur;
    // G5: the obligation on the same entry at the same edge
    ack_obl      = obl_v && obl_mask_i[ack_idx];
    if (ack_obl && obl_ts_i > ack_gwct_d) begin
      ack_gwct_d = obl_ts_i;
    end
  end

  // Section 8: the read port (the entry as it reads before this edge).
  logic          rd_in;      // rd_wf_i names an entry
  logic [WI-1:0] rd_idx;
  assign rd_in     = (NumWf == 32'd64 || rd_wf_i < NumWf6);
  assign rd_idx    = WI'(rd_wf_i);
  assign rd_gwct_o = (rd_in && gval_q[rd_idx]) ? gwct_q[rd_idx] : '0;

  // ---------------------------------------------------------------------------------------------
  // G3: next outputs, from the next state of every entry and this cycle's now_i
  // ---------------------------------------------------------------------------------------------

  // wr_idle_q and full_q are (cnt_q[w] == 0) and (cnt_q[w] == CntMax) for every w (they were
  // computed from the same cnt_d at the last edge, and reset agrees), so only the bits of the two
  // named entries change. fence_ready needs gwct_d[w] < now_i for every w: that compare loop is
  // in the register block below, so that a simulator evaluates it once per edge.
  logic [NumWf-1:0] wr_idle_d, full_d;
  always_comb begin
    wr_idle_d = wr_idle_q;
    full_d    = full_q;
    if (iss_in) begin
      wr_idle_d[iss_idx] = (iss_cnt_d == '0);
      full_d[iss_idx]    = (iss_cnt_d == CntMax);
    end
    if (ack_ok) begin
      wr_idle_d[ack_idx] = (ack_cnt_d == '0);
      full_d[ack_idx]    = (ack_cnt_d == CntMax);
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------------

  // Entry writes (no reset; see State). G5: an obligation writes max(entry, obl_ts_i) into every
  // entry of its mask but the ack's, whose ack_gwct_d includes it (the ack's write is the later
  // one only for that entry, so the loop leaves it out).
  always_ff @(posedge clk_i) begin : p_entries
    logic [TsWidth-1:0] cur;   // an entry as it reads (block-local temporary)
    if (rst_ni && iss_in) begin
      cnt_q[iss_idx] <= iss_cnt_d;
    end
    if (rst_ni && ack_ok) begin
      cnt_q[ack_idx]  <= ack_cnt_d;
      gwct_q[ack_idx] <= ack_gwct_d;
    end
    if (rst_ni && obl_v) begin
      for (int w = 0; w < NumWf; w++) begin
        cur = gval_q[w] ? gwct_q[w] : '0;
        if (obl_mask_i[w] && !(ack_ok && ack_idx == WI'(w))) begin
          gwct_q[w] <= (obl_ts_i > cur) ? obl_ts_i : cur;
        end
      end
    end
  end

  // The reset and the roll clear write the packed bits whole; the named entries come after.
  always_ff @(posedge clk_i) begin : p_regs
    logic [NumWf-1:0]   gwct_lt;   // gwct_d[w] < now_i (block-local temporary)
    logic [TsWidth-1:0] cur;       // an entry as it reads, then raised by the obligation (G5)
    if (!rst_ni) begin
      gval_q        <= '0;
      cval_q        <= '0;
      fence_ready_q <= '1;
      wr_idle_q     <= '1;
      full_q        <= '0;
    end else begin
      if (roll_i) begin
        gval_q <= '0;                  // RO2: every GWCT reads 0, the ack's entry as well
      end else if (obl_v) begin
        gval_q <= gval_q | obl_mask_i; // G5: the obligation's entries hold a value
      end
      if (iss_in) begin
        cval_q[iss_idx] <= 1'b1;
      end
      if (ack_ok) begin
        cval_q[ack_idx] <= 1'b1;
        gval_q[ack_idx] <= !roll_i;
      end
      // G3
      if (roll_i) begin
        gwct_lt = {NumWf{now_i != '0}};
      end else begin
        for (int w = 0; w < NumWf; w++) begin
          cur = gval_q[w] ? gwct_q[w] : '0;
          if (obl_v && obl_mask_i[w] && obl_ts_i > cur) begin
            cur = obl_ts_i;
          end
          gwct_lt[w] = (cur < now_i);
        end
        if (ack_ok) begin
          gwct_lt[ack_idx] = (ack_gwct_d < now_i);
        end
      end
      fence_ready_q <= wr_idle_d & gwct_lt;
      wr_idle_q     <= wr_idle_d;
      full_q        <= full_d;
    end
  end

  assign fence_ready_o = fence_ready_q;
  assign wr_idle_o     = wr_idle_q;
  assign full_o        = full_q;

  // ---------------------------------------------------------------------------------------------
  // Assertions (simulation only; empty under SYNTHESIS and Icarus)
  // ---------------------------------------------------------------------------------------------

  // The counts of the named entries are copied into iss_cnt_cur / ack_cnt_cur above (Verilator
  // 5.006 fails internally on an array select inside an assertion).

  // G2: no ack of an idle wavefront, no issue of a full one.
  `ASSERT(G2_AckNotZero_A, (rst_ni && ack_in) |-> (ack_cnt_cur != '0))
  `ASSERT(G2_IssueNotFull_A, (rst_ni && iss_in) |-> (iss_cnt_cur != CntMax))
  `ASSERT_WARN(G2_WfInRange_A,
               rst_ni |-> ((!iss_valid_i || iss_in) && (!ack_valid_i || ack_in)))

  // The named entries' counts agree with wr_idle_q / full_q (the invariant G3 relies on).
`ifndef SYNTHESIS
  logic sva_bits_ok;
  always_comb begin
    sva_bits_ok = 1'b1;
    if (rst_ni && iss_in && (wr_idle_q[iss_idx] != (iss_cnt_cur == '0) ||
                             full_q[iss_idx] != (iss_cnt_cur == CntMax))) begin
      sva_bits_ok = 1'b0;
    end
    if (rst_ni && ack_in && (wr_idle_q[ack_idx] != (ack_cnt_cur == '0) ||
                             full_q[ack_idx] != (ack_cnt_cur == CntMax))) begin
      sva_bits_ok = 1'b0;
    end
  end
`endif
  `ASSERT(G3_StatusBitsMatchCount_A, sva_bits_ok)

  // G3: the registered outputs agree with each other; G4 is the L1's (ack_global_i).
  `ASSERT(G3_ReadyImpliesIdle_A, (fence_ready_o & ~wr_idle_o) == '0)
  `ASSERT(G3_FullNotIdle_A, (full_o & wr_idle_o) == '0)

  // G5 with G3: an entry an obligation raised to obl_ts_i >= now_i is not ready after the edge
  // (unless a roll cleared it at that edge).
  `ASSERT(G5_OblHoldsFence_A, (rst_ni && obl_v && !roll_i && obl_ts_i >= now_i)
                              |=> ((fence_ready_o & $past(obl_mask_i)) == '0))

endmodule
