// SPDX-License-Identifier: Apache-2.0
//
// tc_l1 -- Temporal Coherence L1 controller, one per SM (TC-Weak, TC-Strong and TC-Weak-C).
//
// Write-through, write-no-allocate for data (a write miss allocates a line only to track its
// pending count, Table 2's I_I), with lazy self-invalidation by lease (lTS >= now is valid).
// Core requests wait in an L1Queue-entry FIFO; L2 responses are accepted in every cycle and take
// priority over the FIFO head. One event (a response or the FIFO head) is processed per cycle,
// giving at most one core response and one L2 request. It contains one tc_gwct (u_gwct) that
// counts the outstanding writes/atomics per wavefront and produces fence_ready_o / wr_idle_o.
// Specification: docs/units/tc/tc_l1.md (conventions C1-C8, messages and rollover RO1-RO4:
// docs/system.md); timing contract: docs/timing.md. Every output is a register.
//
//                  +------------------------------------------------+
//  core_*        =>| FIFO[L1Queue] -> head --+                      |=> core_ready_o
//                  |                         +-> set lookup (ways)  |=> crsp_*
//  rsp_*         =>|  (priority) ------------+   tag/st/lts/data/.. |=> req_*
//  now/era/roll  =>|                             u_gwct             |=> fence_ready_o, wr_idle_o
//                  +------------------------------------------------+
//
// Parameters (an illegal value stops elaboration with a message naming it; nothing is clamped;
// all `bit [31:0]`, as Icarus Verilog 11 cannot parse `int unsigned` parameters):
//   Protocol      0 TC-Strong, 1 TC-Weak, 2 TC-Weak-C (spec section 12); 0 .. 2 (default 1)
//   NumWf         wavefronts per SM (GWCT entries); 1 .. 64 (default 48)
//   LineBytes     line size in bytes; 16, 32, 64, 128 (default 128)
//   AddrWidth     byte-address bits; 16 .. 48, with LA >= log2(L1Sets) (default 32)
//   L1Sets        sets; power of two, 1 .. 256 (default 64)
//   L1Ways        ways; 1 .. 8 (default 4)
//   TsWidth       timestamp bits; 8 .. 32 (default 32)
//   L1Queue       core request FIFO entries; 1 .. 8 (default 4)
//   WfCntWidth    outstanding writes+atomics per wavefront counter bits; 2 .. 8 (default 6)
//   LineCntWidth  pending writes+atomics per line counter bits; 2 .. 8 (default 4)
// Derived (never set them): LL = log2(LineBytes), LA = AddrWidth - LL line-address bits,
// DB = 8*LineBytes data bits, SB = log2(L1Sets), TW = LA - SB tag bits, Lines = L1Sets*L1Ways,
// CMAX = 2^LineCntWidth - 1; index widths SW, WW, LIW (at least 1), QW = clog2(L1Queue+1).
//
// Ports (spec section 2; payloads are 0 whenever their valid is 0):
//   clk_i, rst_ni                 clock; synchronous active-low reset
//   now_i[TsWidth], era_i, roll_i time from tc_timer
//   core_valid_i, core_op_i[2] (1 LOAD, 2 STORE, 3 ATOMIC), core_wf_i[6], core_line_i[LA],
//   core_data_i[DB], core_mask_i[LineBytes], core_aop_i[2], core_word_i[5], core_a_i[32],
//   core_b_i[32]                  core request, taken at an edge where core_ready_o was 1
//   core_ready_o                  the FIFO has room (fcnt < L1Queue)
//   crsp_valid_o, crsp_kind_o[2] (1 LOAD, 2 ATOMIC), crsp_wf_mask_o[NumWf], crsp_line_o[LA],
//   crsp_data_o[DB]               core response
//   rsp_valid_i, rsp_kind_i[3] (1 DATA, 2 DATA_G, 3 ACK, 4 ACK_G, 5 DATA_W: TC-Weak-C only),
//   rsp_wf_i[6], rsp_atomic_i,
//   rsp_line_i[LA], rsp_ts_i[TsWidth], rsp_era_i, rsp_data_i[DB]   L2 response (never refused)
//   req_valid_o, req_kind_o[3] (1 GETS, 2 GETX, 3 UPGR, 4 ATOMIC), req_wf_o[6], req_line_o[LA],
//   req_exp_o, req_ts_o[TsWidth], req_era_o, req_data_o[DB], req_mask_o[LineBytes],
//   req_aop_o[2], req_word_o[5], req_a_o[32], req_b_o[32]          request to the L2
//   fence_ready_o[NumWf], wr_idle_o[NumWf]                         from u_gwct
//
// State (spec section 3; all verilator public_flat_rd). Per line i = set*L1Ways + way: tag_q,
// st_q (I 0, V 1, V_M 2, I_V 3, I_I 4), lts_q, data_q, rd_q, waw_q, wcnt_q, orig_q, late_q,
// mts_q; per set rr_q; u_fifo.cnt_q (fcnt); u_gwct.gwct_q, u_gwct.cnt_q; cobl_q (TC-Weak-C SM
// obligation, reset 0, 0 under the other protocols); the output registers (*_q of every output
// above). The FIFO contents (u_fifo.mem_q, u_fifo.head_q) are internal.
//
// Numbered rules (spec section 4; the row tables of sections 5 and 6 are in the decode below):
//   L1 At most one way of a set matches a line address (assertion L1_UniqueMatch_A).
//   L2 Order of work: (a) a response is processed and the FIFO is not looked at; (b) else the
//      FIFO head is tried, and stays if it stalls; (c) the core request is pushed if valid and
//      core_ready_o; (d) roll_i: every V -> I, V_M -> I_I, lTS := 0, mts := 2^TsWidth-1, after
//      (a)-(c); (e) core_ready := fcnt_d < L1Queue. No FIFO bypass.
//   L3 Lazy expiry: V with lTS < now is I (its tag still present: a load miss sets exp); V_M with
//      lTS < now is I_I. Stored only when the event is not stalled.
//   L4 One core response and one L2 request at most; every write/atomic request raises u_gwct's
//      iss, every write/atomic response its ack (global = (ACK_G or DATA_G) && not TC-Strong:
//      TC-Weak and TC-Weak-C, A7).
//   L5 ts' = (rsp_era_i == era_i) ? rsp_ts_i : 0.
//   L6 Victim: the expired V way with the tag; else the first way with st I or expired V; else
//      the first V from rr_q[s] circularly; else stall S01. rr_q[s] := way + 1 mod L1Ways.
//      An allocated line gets the tag, lTS/rd/waw/wcnt/orig/late/mts 0, data unchanged.
//   L7 Stalls: S01 miss without victim, S02 store/atomic of a full wavefront (u_gwct full_o),
//      S03 store/atomic to a matching line with wcnt == CMAX.
//   L8 UPGR carries ts = lTS, era = era_i; GETS/GETX/ATOMIC carry 0, 0. exp only on a GETS of a
//      load that found its tag in an expired V line.
//   L9 A DATA finds a matching I_V or I_I line with rd = 1, a write/atomic response a matching
//      V_M or I_I line with wcnt > 0 (after L3); otherwise it is a protocol error (assertion
//      L9_RspFindsLine_A) and the response changes nothing.
//
// TC-Weak-C (Protocol = 2; spec section 12; under 0 and 1 K2-K4 do not happen: cobl_q stays 0,
// u_gwct's obl_valid_i is 0 and a kind-5 response is illegal input I6; K1 holds under 0 as G1):
//   K1 A STORE that finds its line in V sends UPGR(lTS), wcnt++, and the line goes to I_I with
//      data and lTS kept (row C17, in place of C07). No line enters V_M (K1_NoVm_A).
//   K2 Every write or atomic sent to the L2 (u_gwct iss) does cobl := max(cobl, rd_gwct), the
//      u_gwct entry of the head's wavefront before this edge (rd_wf_i = head wf). RO2 clears
//      cobl_q at a roll edge (after the write, L2 d).
//   K3 Every core response raises, through u_gwct's obligation port, the GWCT of the wavefronts
//      it serves: obl_valid = 1, obl_mask = crsp wf mask, obl_ts = max(cobl_q, ts' of a DATA_W
//      row, else 0) (C01, R01-R05, W01-W05, R11).
//   K4 DATA_W (kind 5) is handled as DATA (L9, late_ok, served, again with its ts') but is never
//      cached: W01 (I_V, again == 0) -> I with data and lTS unchanged; W02-W05 are R02-R05.
//
// TC-Strong (Protocol = 0; spec section 13, issue 24), write atomicity on the writer's SM:
//   G1 A STORE that finds its line in V takes C17 as under K1 (UPGR(lTS), wcnt++, -> I_I, the
//      copy not written); no line enters V_M (G1_NoVm_A). K2-K4 stay TC-Weak-C's only.
//   G2 (a consequence, no row of its own) a load to a line with a store pending finds I_I and
//      misses (C04/C05): its GETS reaches the bank behind the UPGR, after the write.
//
// Readings of the specification taken here (each to be confirmed in the unit page):
//   A1 A response that fails L9 changes no state at all (not even L3's lazy expiry), raises no
//      output and no u_gwct ack; the FIFO is not tried in that cycle (L2 a), the push (c) and
//      the roll (d) happen as usual.
//   A2 A DATA_G with rsp_atomic_i = 1 for a line in V_M (no row in section 5), and a write/
//      atomic response for a wavefront whose u_gwct count is 0 (wr_idle_o, the registered
//      value), are treated as L9 protocol errors (A1; page P7). rsp_atomic_i is ignored for DATA,
//      ACK and ACK_G.
//   A3 Illegal core requests are dropped at the push (page section 9, I1): a request with
//      core_op_i = 0 (no operation) or core_wf_i >= NumWf is not enqueued and changes nothing
//      (fcnt and core_ready_o as without it; warning CoreReqLegal_A). So a FIFO head always
//      has an operation and an existing wavefront (assertions CoreOpLegal_A, CoreWfInRange_A).
//   A4 core_ready_o is 1 after reset (L2 e with fcnt = 0); the other output registers reset to 0.
//   A5 A GETS carries wf = 0 (cmodel/tc/tc_types.h); GETX/UPGR carry the core's data and mask as
//      given (not re-masked); ATOMIC carries data and mask 0, GETX/UPGR aop/word/a/b 0.
//   A6 A wavefront number >= NumWf has no bit in a wf mask (1 << wf is 0 in NumWf bits) and no
//      u_gwct entry (its full bit reads 0).
//   A7 TC-Weak-C: L4's "Protocol == TC-Weak" for ack_global reads "not TC-Strong" (TC-Weak-C is
//      TC-Weak plus section 12; its GPU fences wait for GWCTs and obligations). K2 is applied to
//      every write/atomic request (the rows C09-C12, C14-C17 of K2 are all of them that K1 leaves
//      reachable: C07 becomes C17, C08/C13 need V_M). K3's obligation is presented with every
//      core response, obl_ts 0 included. W01 keeps the fields it does not name (waw, mts, tag,
//      data, lTS; page P3); W02-W05 answer the core with rsp data like R02-R05. A DATA_W follows
//      L9 like a DATA (I_V, or I_I with rd = 1; otherwise I3).
//
// Implementation: only the set of the event is looked at (ways loop, L1Ways wide); at most one
// line is written per edge (index widx). Whole-array writes happen only under reset and roll.
// The decode (always_comb) works on control fields only; the wide data (line data, FIFO data
// and mask) are selected inside the register blocks by the decode's select bits, so that a
// simulator moves a line image only at an edge that stores it.

`include "gpucoh_assert.svh"

module tc_l1 #(
  parameter bit [31:0] Protocol     = 32'd1,
  parameter bit [31:0] NumWf        = 32'd48,
  parameter bit [31:0] LineBytes    = 32'd128,
  parameter bit [31:0] AddrWidth    = 32'd32,
  parameter bit [31:0] L1Sets       = 32'd64,
  parameter bit [31:0] L1Ways       = 32'd4,
  parameter bit [31:0] TsWidth      = 32'd32,
  parameter bit [31:0] L1Queue      = 32'd4,
  parameter bit [31:0] WfCntWidth   = 32'd6,
  parameter bit [31:0] LineCntWidth = 32'd4,
  // Derived parameters: do not override. For illegal parameters they fall back to harmless
  // values, so that elaboration gets as far as the parameter-check message.
  localparam int       LL           = (LineBytes > 1) ? $clog2(LineBytes) : 1,
  localparam int       LA           = (AddrWidth > LL) ? AddrWidth - LL : 1,
  localparam int       DB           = 8 * LineBytes
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // Time
  input  logic [TsWidth-1:0]    now_i,
  input  logic                  era_i,
  input  logic                  roll_i,
  // Core requests
  input  logic                  core_valid_i,
  input  logic [1:0]            core_op_i,
  input  logic [5:0]            core_wf_i,
  input  logic [LA-1:0]         core_line_i,
  input  logic [DB-1:0]         core_data_i,
  input  logic [LineBytes-1:0]  core_mask_i,
  input  logic [1:0]            core_aop_i,
  input  logic [4:0]            core_word_i,
  input  logic [31:0]           core_a_i,
  input  logic [31:0]           core_b_i,
  output logic                  core_ready_o,
  // Core responses
  output logic                  crsp_valid_o,
  output logic [1:0]            crsp_kind_o,
  output logic [NumWf-1:0]      crsp_wf_mask_o,
  output logic [LA-1:0]         crsp_line_o,
  output logic [DB-1:0]         crsp_data_o,
  // L2 responses
  input  logic                  rsp_valid_i,
  input  logic [2:0]            rsp_kind_i,
  input  logic [5:0]            rsp_wf_i,
  input  logic                  rsp_atomic_i,
  input  logic [LA-1:0]         rsp_line_i,
  input  logic [TsWidth-1:0]    rsp_ts_i,
  input  logic                  rsp_era_i,
  input  logic [DB-1:0]         rsp_data_i,
  // L2 requests
  output logic                  req_valid_o,
  output logic [2:0]            req_kind_o,
  output logic [5:0]            req_wf_o,
  output logic [LA-1:0]         req_line_o,
  output logic                  req_exp_o,
  output logic [TsWidth-1:0]    req_ts_o,
  output logic                  req_era_o,
  output logic [DB-1:0]         req_data_o,
  output logic [LineBytes-1:0]  req_mask_o,
  output logic [1:0]            req_aop_o,
  output logic [4:0]            req_word_o,
  output logic [31:0]           req_a_o,
  output logic [31:0]           req_b_o,
  // Fences
  output logic [NumWf-1:0]      fence_ready_o,
  output logic [NumWf-1:0]      wr_idle_o
);

  // ---------------------------------------------------------------------------------------------
  // Parameter checks (docs/system.md section 2)
  // ---------------------------------------------------------------------------------------------

  `ASSERT_ELAB(P_Protocol_A, Protocol <= 2,
               "tc_l1: illegal Protocol (legal: 0 TC-Strong, 1 TC-Weak, 2 TC-Weak-C)")
  `ASSERT_ELAB(P_NumWf_A, NumWf >= 1 && NumWf <= 64,
               "tc_l1: illegal NumWf (legal: 1 .. 64)")
  `ASSERT_ELAB(P_LineBytes_A,
               LineBytes == 16 || LineBytes == 32 || LineBytes == 64 || LineBytes == 128,
               "tc_l1: illegal LineBytes (legal: 16, 32, 64, 128)")
  `ASSERT_ELAB(P_AddrWidth_A, AddrWidth >= 16 && AddrWidth <= 48,
               "tc_l1: illegal AddrWidth (legal: 16 .. 48)")
  `ASSERT_ELAB(P_L1Sets_A, L1Sets >= 1 && L1Sets <= 256 && (L1Sets & (L1Sets - 1)) == 0,
               "tc_l1: illegal L1Sets (legal: a power of two, 1 .. 256)")
  `ASSERT_ELAB(P_L1Ways_A, L1Ways >= 1 && L1Ways <= 8,
               "tc_l1: illegal L1Ways (legal: 1 .. 8)")
  `ASSERT_ELAB(P_TsWidth_A, TsWidth >= 8 && TsWidth <= 32,
               "tc_l1: illegal TsWidth (legal: 8 .. 32)")
  `ASSERT_ELAB(P_L1Queue_A, L1Queue >= 1 && L1Queue <= 8,
               "tc_l1: illegal L1Queue (legal: 1 .. 8)")
  `ASSERT_ELAB(P_WfCntWidth_A, WfCntWidth >= 2 && WfCntWidth <= 8,
               "tc_l1: illegal WfCntWidth (legal: 2 .. 8)")
  `ASSERT_ELAB(P_LineCntWidth_A, LineCntWidth >= 2 && LineCntWidth <= 8,
               "tc_l1: illegal LineCntWidth (legal: 2 .. 8)")

  // ---------------------------------------------------------------------------------------------
  // Constants
  // ---------------------------------------------------------------------------------------------

  localparam int SB    = (L1Sets > 1) ? $clog2(L1Sets) : 0;          // set-index bits
  localparam int SW    = (SB > 0) ? SB : 1;                          // set-index width
  localparam int TW    = (LA > SB) ? LA - SB : 1;                    // tag width
  localparam int WW    = (L1Ways > 1) ? $clog2(L1Ways) : 1;          // way-index width
  localparam int Lines = L1Sets * L1Ways;
  localparam int LIW   = (Lines > 1) ? $clog2(Lines) : 1;            // line-index width
  localparam int CW    = LineCntWidth;                               // wcnt width
  localparam int QW    = (L1Queue > 0) ? $clog2(L1Queue + 32'd1) : 1; // fcnt width
  localparam int QD    = (L1Queue > 0) ? L1Queue : 1;                // FIFO entries
  // FIFO entry: control fields {op, wf, line, aop, word, a, b}, then data and mask.
  localparam int EW    = 2 + 6 + LA + 2 + 5 + 32 + 32;

  localparam logic [TsWidth-1:0] TsMax    = {TsWidth{1'b1}};         // 2^TsWidth - 1
  localparam logic [CW-1:0]      CntMax   = {CW{1'b1}};              // CMAX
  localparam logic [CW-1:0]      CntOne   = CW'(1);
  localparam logic [QW-1:0]      QueueLen = QW'(L1Queue);
  localparam bit [31:0]          SetsM1   = L1Sets - 32'd1;
  localparam logic [LA-1:0]      SetMask  = LA'(SetsM1);
  localparam logic [NumWf-1:0]   WfOne    = NumWf'(1);

  // C4 needs LA >= log2(L1Sets); the legal ranges (LA >= 9, log2(L1Sets) <= 8) give LA > SB, so
  // a tag has at least one bit.
  `ASSERT_ELAB(P_SetBits_A, LA > SB,
               "tc_l1: illegal AddrWidth (legal: AddrWidth - log2 LineBytes > log2 L1Sets)")

  // Encodings: tc_pkg (the one place they are written; checked against the C enums). The casts
  // are needed: Verilator 5.006 fails internally on the plain enum items in tc_l2's case items.
  localparam logic [2:0] StI        = 3'(tc_pkg::TcL1StI);
  localparam logic [2:0] StV        = 3'(tc_pkg::TcL1StV);
  localparam logic [2:0] StVM       = 3'(tc_pkg::TcL1StVM);
  localparam logic [2:0] StIV       = 3'(tc_pkg::TcL1StIV);
  localparam logic [2:0] StII       = 3'(tc_pkg::TcL1StII);
  localparam logic [1:0] OpLoad     = 2'(tc_pkg::TcOpLoad);
  localparam logic [1:0] OpStore    = 2'(tc_pkg::TcOpStore);
  localparam logic [1:0] OpAtomic   = 2'(tc_pkg::TcOpAtomic);
  localparam logic [2:0] ReqGets    = 3'(tc_pkg::TcReqGets);
  localparam logic [2:0] ReqGetx    = 3'(tc_pkg::TcReqGetx);
  localparam logic [2:0] ReqUpgr    = 3'(tc_pkg::TcReqUpgr);
  localparam logic [2:0] ReqAtomic  = 3'(tc_pkg::TcReqAtomic);
  localparam logic [2:0] RspData    = 3'(tc_pkg::TcRspData);
  localparam logic [2:0] RspDataG   = 3'(tc_pkg::TcRspDataG);
  localparam logic [2:0] RspAck     = 3'(tc_pkg::TcRspAck);
  localparam logic [2:0] RspAckG    = 3'(tc_pkg::TcRspAckG);
  localparam logic [2:0] RspDataW   = 3'(tc_pkg::TcRspDataW);
  localparam logic [1:0] CrspLoad   = 2'(tc_pkg::TcCrspLoad);
  localparam logic [1:0] CrspAtomic = 2'(tc_pkg::TcCrspAtomic);

  // Protocol (tc_pkg values): TC-Weak-C's rules K1-K4 (spec section 12); GWCTs in acks (L4, A7).
  localparam bit WeakC  = (Protocol == tc_pkg::TcWeakC);
  localparam bit Strong = (Protocol == tc_pkg::TcStrong);
  // Write-invalidate on a store to a V line (C17): K1 under TC-Weak-C, G1 under TC-Strong.
  localparam bit WrInv  = WeakC || Strong;

  // RO2 on a line state: V -> I, V_M -> I_I, others kept.
  function automatic logic [2:0] roll_st(input logic [2:0] s);
    roll_st = (s == StV) ? StI : (s == StVM) ? StII : s;
  endfunction

  // A line's architectural fields from its stored ones (see State): live = mlive_q[i] (dlive_q[i]
  // for data), rolled = rolled_q[i]. roll_st is idempotent, so one rolled bit covers any number
  // of rolls since the write; lTS and mTS are constants after a roll, mTS = TsMax also on a line
  // never written (P5: RO2 sets every mts, I lines included; its rolled bit is set too).
  function automatic logic [2:0] line_st(input logic live, input logic rolled,
                                         input logic [2:0] s);
    line_st = !live ? StI : rolled ? roll_st(s) : s;
  endfunction
  function automatic logic [TsWidth-1:0] line_lts(input logic live, input logic rolled,
                                                  input logic [TsWidth-1:0] t);
    line_lts = (live && !rolled) ? t : '0;
  endfunction
  function automatic logic [TsWidth-1:0] line_mts(input logic live, input logic rolled,
                                                  input logic [TsWidth-1:0] t);
    line_mts = rolled ? TsMax : live ? t : '0;   // P5: a roll reaches unwritten lines too
  endfunction

  // ---------------------------------------------------------------------------------------------
  // State (spec section 3)
  // ---------------------------------------------------------------------------------------------

  // The unpacked arrays carry (* mem2reg *): they are flip-flops written per element, never a
  // RAM, and the attribute tells Yosys so. They have no reset and no whole-array write: the
  // reset and the roll (RO2) act on the packed per-line bits below, and every read goes through
  // the line_*() functions, which give a line's architectural value (spec section 3): 0 for a
  // line not written since reset, the rolled value for a line rolled since its last write.
  // Every simulator and Yosys read this one description (no `ifdef).
  (* mem2reg *) logic [TW-1:0]      tag_q  [Lines]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [2:0]         st_q   [Lines]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [TsWidth-1:0] lts_q  [Lines]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [DB-1:0]      data_q [Lines]  /* verilator public_flat_rd */;
  (* mem2reg *) logic               rd_q   [Lines]  /* verilator public_flat_rd */;
  (* mem2reg *) logic               waw_q  [Lines]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [CW-1:0]      wcnt_q [Lines]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [NumWf-1:0]   orig_q [Lines]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [NumWf-1:0]   late_q [Lines]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [TsWidth-1:0] mts_q  [Lines]  /* verilator public_flat_rd */;
  logic [Lines-1:0]  mlive_q  /* verilator public_flat_rd */;   // meta fields written since reset
  logic [Lines-1:0]  dlive_q  /* verilator public_flat_rd */;   // data written since reset
  logic [Lines-1:0]  rolled_q /* verilator public_flat_rd */;   // rolled since the meta write
  logic [L1Sets*WW-1:0] rr_q /* verilator public_flat_rd */;   // set s at [s*WW +: WW]
  // Core request FIFO: u_fifo (gpucoh_fifo), its count u_fifo.cnt_q is the spec's fcnt; the
  // entries are internal. An entry is {control fields, data, mask}.
  logic [QW-1:0]        fcnt;       // entries (u_fifo.cnt_q)
  logic [QW-1:0]        fcnt_d;     // entries after this edge
  logic [DB-1:0]        h_data;     // the head's store data
  logic [LineBytes-1:0] h_mask;     // and byte mask

  // Output registers.
  logic                 core_ready_q   /* verilator public_flat_rd */;
  logic                 crsp_valid_q   /* verilator public_flat_rd */;
  logic [1:0]           crsp_kind_q    /* verilator public_flat_rd */;
  logic [NumWf-1:0]     crsp_wf_mask_q /* verilator public_flat_rd */;
  logic [LA-1:0]        crsp_line_q    /* verilator public_flat_rd */;
  logic [DB-1:0]        crsp_data_q    /* verilator public_flat_rd */;
  logic                 req_valid_q    /* verilator public_flat_rd */;
  logic [2:0]           req_kind_q     /* verilator public_flat_rd */;
  logic [5:0]           req_wf_q       /* verilator public_flat_rd */;
  logic [LA-1:0]        req_line_q     /* verilator public_flat_rd */;
  logic                 req_exp_q      /* verilator public_flat_rd */;
  logic [TsWidth-1:0]   req_ts_q       /* verilator public_flat_rd */;
  logic                 req_era_q      /* verilator public_flat_rd */;
  logic [DB-1:0]        req_data_q     /* verilator public_flat_rd */;
  logic [LineBytes-1:0] req_mask_q     /* verilator public_flat_rd */;
  logic [1:0]           req_aop_q      /* verilator public_flat_rd */;
  logic [4:0]           req_word_q     /* verilator public_flat_rd */;
  logic [31:0]          req_a_q        /* verilator public_flat_rd */;
  logic [31:0]          req_b_q        /* verilator public_flat_rd */;

  // TC-Weak-C SM obligation (K2; a plain register with reset, 0 under the other protocols).
  logic [TsWidth-1:0]   cobl_q         /* verilator public_flat_rd */;

  // ---------------------------------------------------------------------------------------------
  // FIFO head and the event of this cycle (L2 a, b)
  // ---------------------------------------------------------------------------------------------

  logic [1:0]           h_op;
  logic [5:0]           h_wf;
  logic [LA-1:0]        h_line;
  logic [1:0]           h_aop;
  logic [4:0]           h_word;
  logic [31:0]          h_a, h_b;
  logic [EW-1:0]        h_ctl;
  assign {h_op, h_wf, h_line, h_aop, h_word, h_a, h_b} = h_ctl;

  logic do_rsp;   // (a) a response is processed
  logic do_req;   // (b) the FIFO head is tried
  assign do_rsp = rsp_valid_i;
  assign do_req = !rsp_valid_i && (fcnt != '0);

  // The line of the event, its set and tag (C4).
  logic [LA-1:0]  acc_line;
  logic [SW-1:0]  acc_set;
  logic [TW-1:0]  acc_tag;
  logic [LIW-1:0] base;     // index of way 0 of the set
  assign acc_line = rsp_valid_i ? rsp_line_i : h_line;
  assign acc_set  = SW'(acc_line & SetMask);
  assign acc_tag  = TW'(acc_line >> SB);
  assign base     = LIW'(32'(acc_set) * L1Ways);

  // ---------------------------------------------------------------------------------------------
  // Set lookup (L1, L3, L6): the ways of the accessed set only
  // ---------------------------------------------------------------------------------------------

  logic [L1Ways-1:0] w_match;   // st != I and the tag matches
  logic [L1Ways-1:0] w_free;    // st == I, or st == V with lTS < now (L6 second choice)
  logic [L1Ways-1:0] w_isv;     // st == V (L6 third choice)
  logic              hit;       // some way matches
  logic              multi;     // more than one way matches (L1 violation)
  logic [WW-1:0]     mway;      // the (first) matching way
  logic [LIW-1:0]    w_idx;     // line index of way w (loop temporary)
  logic [2:0]        w_st;      // its st (loop temporary)

  always_comb begin
    w_match = '0;
    w_free  = '0;
    w_isv   = '0;
    hit     = 1'b0;
    multi   = 1'b0;
    mway    = '0;
    w_idx   = '0;
    w_st    = StI;
    for (int w = 0; w < L1Ways; w++) begin
      w_idx      = base + LIW'(w);
      w_st       = line_st(mlive_q[w_idx], rolled_q[w_idx], st_q[w_idx]);
      // the stored tag: w_st is I (no match) for a line not written since reset
      w_match[w] = (w_st != StI) && (tag_q[w_idx] == acc_tag);
      w_isv[w]   = (w_st == StV);
      w_free[w]  = (w_st == StI) ||
                   ((w_st == StV) && (line_lts(1'b1, rolled_q[w_idx], lts_q[w_idx]) < now_i));
      if (w_match[w]) begin
        multi = multi | hit;
        if (!hit) begin
          mway = WW'(w);
        end
        hit = 1'b1;
      end
    end
  end

  // The matching line.
  logic [LIW-1:0]     m_idx;
  logic [2:0]         m_st;
  logic [TsWidth-1:0] m_lts;
  logic               m_rd, m_waw;
  logic [CW-1:0]      m_wcnt;
  logic [NumWf-1:0]   m_orig, m_late;
  logic [TsWidth-1:0] m_mts;
  assign m_idx  = base + LIW'(mway);
  logic               m_live, m_rolled;
  assign m_live   = mlive_q[m_idx];
  assign m_rolled = rolled_q[m_idx];
  assign m_st     = line_st(m_live, m_rolled, st_q[m_idx]);
  assign m_lts    = line_lts(m_live, m_rolled, lts_q[m_idx]);
  assign m_rd     = m_live && rd_q[m_idx];
  assign m_waw    = m_live && waw_q[m_idx];
  assign m_wcnt   = m_live ? wcnt_q[m_idx] : '0;
  assign m_orig   = m_live ? orig_q[m_idx] : '0;
  assign m_late   = m_live ? late_q[m_idx] : '0;
  assign m_mts    = line_mts(m_live, m_rolled, mts_q[m_idx]);
  logic [DB-1:0]      m_data;   // the matching line's data
  assign m_data   = dlive_q[m_idx] ? data_q[m_idx] : '0;

  // L3: a V line with lTS < now is I (exp_v: the tag is present), a V_M line becomes I_I.
  logic       m_expired;   // lTS < now
  logic       exp_v;       // the tag was found in an expired V line (E01)
  logic       ehit;        // a line matches after lazy expiry
  logic [2:0] e_st;        // its state after lazy expiry (E02: V_M -> I_I)
  assign m_expired = (m_lts < now_i);
  assign exp_v     = hit && (m_st == StV) && m_expired;
  assign ehit      = hit && !exp_v;
  assign e_st      = (m_st == StVM && m_expired) ? StII : m_st;

  // L6 victim: the expired V way with the tag; else the first free way; else the first V way
  // from rr_q[s] upward (circularly, gpucoh_rr_ffs).
  logic [WW-1:0] rr;
  logic [WW-1:0] vic;
  logic          vic_found;
  logic [WW-1:0] rr_vic;      // the first V way from rr
  logic          rr_found;
  assign rr = rr_q[32'(acc_set)*WW +: WW];

  gpucoh_rr_ffs #(.Width(L1Ways)) u_rr_v (
    .vec_i  (w_isv),
    .start_i(rr),
    .valid_o(rr_found),
    .idx_o  (rr_vic)
  );

  always_comb begin
    vic       = '0;
    vic_found = 1'b0;
    if (exp_v) begin
      vic       = mway;
      vic_found = 1'b1;
    end else begin
      for (int w = L1Ways - 1; w >= 0; w--) begin
        if (w_free[w]) begin
          vic       = WW'(w);
          vic_found = 1'b1;
        end
      end
      if (!vic_found) begin
        vic       = rr_vic;
        vic_found = rr_found;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // u_gwct (tc_gwct.md): per-wavefront outstanding writes and GWCT
  // ---------------------------------------------------------------------------------------------

  logic               iss_valid;
  logic               ack_valid, ack_global;
  logic [NumWf-1:0]   gw_full;
  logic               obl_valid;   // K3: an obligation (TC-Weak-C only)
  logic [NumWf-1:0]   obl_mask;
  logic [TsWidth-1:0] obl_ts;
  logic [TsWidth-1:0] rd_gwct;     // K2: u_gwct entry of the head's wavefront, before the edge

  tc_gwct #(
    .NumWf     (NumWf),
    .TsWidth   (TsWidth),
    .WfCntWidth(WfCntWidth)
  ) u_gwct (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .now_i        (now_i),
    .era_i        (era_i),
    .roll_i       (roll_i),
    .iss_valid_i  (iss_valid),
    .iss_wf_i     (h_wf),
    .ack_valid_i  (ack_valid),
    .ack_wf_i     (rsp_wf_i),
    .ack_global_i (ack_global),
    .ack_gwct_i   (rsp_ts_i),
    .ack_era_i    (rsp_era_i),
    .obl_valid_i  (obl_valid),
    .obl_mask_i   (obl_mask),
    .obl_ts_i     (obl_ts),
    .rd_wf_i      (h_wf),
    .fence_ready_o(fence_ready_o),
    .wr_idle_o    (wr_idle_o),
    .full_o       (gw_full),
    .rd_gwct_o    (rd_gwct)
  );

  // ---------------------------------------------------------------------------------------------
  // Decode of the head request (section 6, L7) and of the response (section 5, L9)
  // ---------------------------------------------------------------------------------------------

  logic             h_ld, h_st, h_at, h_wr;
  logic [NumWf-1:0] h_wfbit;    // 1 << wf (0 for wf >= NumWf, A6)
  logic             h_full;     // S02: u_gwct full_o[wf], the registered value
  assign h_ld    = (h_op == OpLoad);
  assign h_st    = (h_op == OpStore);
  assign h_at    = (h_op == OpAtomic);
  assign h_wr    = h_st || h_at;
  assign h_wfbit = WfOne << h_wf;
  assign h_full  = |(gw_full & h_wfbit);

  logic s01, s02, s03, stall;
  assign s01   = (h_ld || h_wr) && !ehit && !vic_found;
  assign s02   = h_wr && h_full;
  assign s03   = h_wr && ehit && (m_wcnt == CntMax);
  assign stall = s01 || s02 || s03;

  logic req_go;    // the head leaves the FIFO at this edge
  logic req_act;   // ... and is a LOAD, STORE or ATOMIC (A3)
  logic alloc;     // ... and allocates a line (L6)
  assign req_go  = do_req && !stall;
  assign req_act = req_go && (h_ld || h_wr);
  assign alloc   = req_act && !ehit;

  logic               r_data, r_dg, r_ack, r_w;
  logic               r_dw;        // DATA_W (K4): a row only under TC-Weak-C (else I6)
  logic               r_rd;        // a DATA row: DATA, or DATA_W under TC-Weak-C
  logic               r_wf_idle;   // u_gwct has no outstanding write of rsp_wf_i (P7)
  logic [TsWidth-1:0] ts_e;      // L5 ts'
  logic               ok_data;   // L9 for a DATA
  logic               ok_w;      // L9 for a write/atomic response (A2)
  logic               rsp_act;   // the response is processed
  assign r_data    = (rsp_kind_i == RspData);
  assign r_dg      = (rsp_kind_i == RspDataG);
  assign r_ack     = (rsp_kind_i == RspAck) || (rsp_kind_i == RspAckG);
  assign r_w       = r_dg || r_ack;
  assign r_dw      = WeakC && (rsp_kind_i == RspDataW);
  assign r_rd      = r_data || r_dw;
  assign r_wf_idle = |(wr_idle_o & (WfOne << rsp_wf_i));
  assign ts_e      = (rsp_era_i == era_i) ? rsp_ts_i : '0;
  assign ok_data   = r_rd && ehit && (e_st == StIV || e_st == StII) && m_rd;
  assign ok_w      = r_w && ehit && (e_st == StVM || e_st == StII) && (m_wcnt != '0) &&
                     !(r_dg && rsp_atomic_i && e_st == StVM) && !r_wf_idle;
  assign rsp_act   = do_rsp && (ok_data || ok_w);

  // L4: u_gwct issue and ack.
  assign iss_valid  = req_act && h_wr;
  assign ack_valid  = rsp_act && r_w;
  assign ack_global = (r_dg || rsp_kind_i == RspAckG) && !Strong;

  // ---------------------------------------------------------------------------------------------
  // The rows: next values of the target line and of the output registers
  // ---------------------------------------------------------------------------------------------

  // Target line (the matching way, or the victim of an allocation) and its next fields.
  logic [LIW-1:0]     widx;
  logic               line_we, data_we;
  logic [2:0]         n_st;
  logic [TsWidth-1:0] n_lts;
  logic               data_rsp;      // the line takes rsp_data_i (else the head's store)
  logic               n_rd, n_waw;
  logic [CW-1:0]      n_wcnt;
  logic [NumWf-1:0]   n_orig, n_late;
  logic [TsWidth-1:0] n_mts;

  // Late-merge terms of a DATA (section 5).
  logic               late_ok;
  logic [NumWf-1:0]   served, again;
  assign late_ok = !m_waw && (ts_e >= now_i || ts_e >= m_mts);
  assign served  = m_orig | (late_ok ? m_late : '0);
  assign again   = late_ok ? '0 : m_late;

  // Next output registers.
  logic                 crsp_valid_d;
  logic [1:0]           crsp_kind_d;
  logic [NumWf-1:0]     crsp_wf_mask_d;
  logic [LA-1:0]        crsp_line_d;
  logic                 crsp_data_rsp;    // crsp data = rsp_data_i
  logic                 crsp_data_line;   // crsp data = the matching line's data
  logic                 req_valid_d;
  logic [2:0]           req_kind_d;
  logic [5:0]           req_wf_d;
  logic [LA-1:0]        req_line_d;
  logic                 req_exp_d;
  logic [TsWidth-1:0]   req_ts_d;
  logic                 req_era_d;
  logic                 req_data_head;    // req data and mask = the head's
  logic [1:0]           req_aop_d;
  logic [4:0]           req_word_d;
  logic [31:0]          req_a_d, req_b_d;

  always_comb begin
    // Default: the matching line as it is after L3, or a freshly allocated one (L6).
    widx     = base + (ehit ? LIW'(mway) : LIW'(vic));
    line_we  = req_act || rsp_act;
    data_we  = 1'b0;
    data_rsp = 1'b1;
    if (ehit) begin
      n_st   = e_st;
      n_lts  = m_lts;
      n_rd   = m_rd;
      n_waw  = m_waw;
      n_wcnt = m_wcnt;
      n_orig = m_orig;
      n_late = m_late;
      n_mts  = m_mts;
    end else begin
      n_st   = StI;
      n_lts  = '0;
      n_rd   = 1'b0;
      n_waw  = 1'b0;
      n_wcnt = '0;
      n_orig = '0;
      n_late = '0;
      n_mts  = '0;
    end

    crsp_valid_d   = 1'b0;
    crsp_kind_d    = '0;
    crsp_wf_mask_d = '0;
    crsp_line_d    = '0;
    crsp_data_rsp  = 1'b0;
    crsp_data_line = 1'b0;
    req_valid_d    = 1'b0;
    req_kind_d     = '0;
    req_wf_d       = '0;
    req_line_d     = '0;
    req_exp_d      = 1'b0;
    req_ts_d       = '0;
    req_era_d      = 1'b0;
    req_data_head  = 1'b0;
    req_aop_d      = '0;
    req_word_d     = '0;
    req_a_d        = '0;
    req_b_d        = '0;

    if (rsp_act && r_rd) begin
      // R01-R05, W01-W05: every DATA / DATA_W answers the served loads with the returned line.
      crsp_valid_d   = 1'b1;
      crsp_kind_d    = CrspLoad;
      crsp_wf_mask_d = served;
      crsp_line_d    = rsp_line_i;
      crsp_data_rsp  = 1'b1;
      if (again == '0) begin
        n_rd   = 1'b0;
        n_orig = '0;
        n_late = '0;
        if (e_st == StIV && r_dw) begin
          // W01 (K4): DATA_W is not cached; data and lTS unchanged.
          n_st = StI;
        end else if (e_st == StIV) begin
          // R01: fill.
          data_we = 1'b1;
          n_lts   = ts_e;
          n_st    = StV;
        end else begin
          // R03 / W03 (-> I), R04 / W04 (stays I_I): data not cached.
          n_st = (m_wcnt == '0) ? StI : StII;
        end
      end else begin
        // R02 / W02 (I_V), R05 / W05 (I_I): GETS again for the late loads.
        req_valid_d = 1'b1;
        req_kind_d  = ReqGets;
        req_line_d  = rsp_line_i;
        n_orig      = again;
        n_late      = '0;
        n_mts       = '0;
        if (e_st == StII) begin
          n_waw = 1'b0;
        end
      end
    end else if (rsp_act) begin
      // R06-R12: a write/atomic response; wcnt - 1, ack to u_gwct.
      n_wcnt = m_wcnt - CntOne;
      if (e_st == StVM) begin
        // R06 (DATA_G, last pending write: take the line) / R07 / R08 / R09. lTS kept.
        if (n_wcnt == '0) begin
          n_st    = StV;
          data_we = r_dg;
        end
      end else begin
        // R10 / R11 / R12 in I_I.
        if (r_dg && rsp_atomic_i) begin
          // R11: the atomic's old line to the core.
          crsp_valid_d   = 1'b1;
          crsp_kind_d    = CrspAtomic;
          crsp_wf_mask_d = WfOne << rsp_wf_i;
          crsp_line_d    = rsp_line_i;
          crsp_data_rsp  = 1'b1;
        end
        if (n_wcnt == '0 && !m_rd) begin
          n_st = StI;
        end
      end
    end else if (req_act) begin
      if (h_ld) begin
        if (ehit && (e_st == StV || e_st == StVM)) begin
          // C01 / C02: hit.
          crsp_valid_d   = 1'b1;
          crsp_kind_d    = CrspLoad;
          crsp_wf_mask_d = h_wfbit;
          crsp_line_d    = h_line;
          crsp_data_line = 1'b1;
        end else if (ehit && (e_st == StIV || (e_st == StII && m_rd))) begin
          // C03 / C04: merge into the outstanding GETS.
          n_late = m_late | h_wfbit;
          n_mts  = now_i;
        end else begin
          // C05 (I_I without GETS) / C06 (miss, allocated above): GETS.
          req_valid_d = 1'b1;
          req_kind_d  = ReqGets;
          req_line_d  = h_line;
          req_exp_d   = exp_v;
          n_rd        = 1'b1;
          n_orig      = h_wfbit;
          n_late      = '0;
          n_mts       = '0;
          n_waw       = 1'b0;
          if (!ehit) begin
            n_st = StIV;
          end
        end
      end else begin
        // C07-C16: a STORE or an ATOMIC (wcnt + 1; a miss allocated wcnt 0 above).
        req_valid_d = 1'b1;
        req_wf_d    = h_wf;
        req_line_d  = h_line;
        n_wcnt      = n_wcnt + CntOne;
        if (ehit && (e_st == StIV || e_st == StII)) begin
          // C09 / C10 / C14 / C15: waw := 1 (I_V) or waw := 1 if rd (I_I).
          n_waw = n_waw | (e_st == StIV) | m_rd;
        end
        if (h_st && ehit && (e_st == StV || e_st == StVM)) begin
          // C07 / C08: write into the line, UPGR with its lTS.
          req_kind_d = ReqUpgr;
          req_ts_d   = m_lts;
          req_era_d  = era_i;
          req_data_head = 1'b1;
          data_we       = 1'b1;
          data_rsp      = 1'b0;
          n_st       = StVM;
          if (WrInv && e_st == StV) begin
            // C17 (K1, G1): write-invalidate; the copy is not written (data, lTS kept) -> I_I.
            data_we = 1'b0;
            n_st    = StII;
          end
        end else if (h_st) begin
          // C09 / C10 / C11: GETX.
          req_kind_d = ReqGetx;
          req_data_head = 1'b1;
          n_st       = StII;
        end else begin
          // C12-C16: ATOMIC (a local copy is dropped).
          req_kind_d = ReqAtomic;
          req_aop_d  = h_aop;
          req_word_d = h_word;
          req_a_d    = h_a;
          req_b_d    = h_b;
          n_st       = StII;
        end
      end
    end
  end

  // K3 (TC-Weak-C): every core response raises the served wavefronts' GWCTs to max(cobl_q, w),
  // w = ts' of a DATA_W row (an R11 atomic's GWCT comes on the ack port). Tied to 0 otherwise.
  logic [TsWidth-1:0] obl_w;
  assign obl_w     = r_dw ? ts_e : '0;
  assign obl_valid = WeakC && crsp_valid_d;
  assign obl_mask  = WeakC ? crsp_wf_mask_d : '0;
  assign obl_ts    = !WeakC ? '0 : (obl_w > cobl_q) ? obl_w : cobl_q;

  // ---------------------------------------------------------------------------------------------
  // FIFO (L2 b, c, e)
  // ---------------------------------------------------------------------------------------------

  // A3: op 0 or a wavefront >= NumWf (6 bits hold 0 .. 63; with NumWf = 64 all exist) is dropped.
  logic core_legal;
  logic push;
  assign core_legal = (core_op_i != '0) && (NumWf == 32'd64 || 32'(core_wf_i) < NumWf);
  assign push       = core_valid_i && core_ready_q && core_legal;

  gpucoh_fifo #(
    .Width(EW + DB + LineBytes),
    .Depth(QD)
  ) u_fifo (
    .clk_i,
    .rst_ni,
    .push_i    (push),
    .data_i    ({core_op_i, core_wf_i, core_line_i, core_aop_i, core_word_i, core_a_i, core_b_i,
                 core_data_i, core_mask_i}),
    .pop_i     (req_go),
    .head_o    ({h_ctl, h_data, h_mask}),
    .cnt_o     (fcnt),
    .cnt_next_o(fcnt_d)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      core_ready_q <= 1'b1;
    end else begin
      core_ready_q <= (fcnt_d < QueueLen);
    end
  end

  // K2 (TC-Weak-C): a write or atomic sent to the L2 leaves its wavefront's GWCT in cobl_q; RO2
  // clears it after (L2 d). Under the other protocols it stays 0.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cobl_q <= '0;
    end else if (roll_i) begin
      cobl_q <= '0;
    end else if (WeakC && iss_valid && rd_gwct > cobl_q) begin
      cobl_q <= rd_gwct;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Line and set registers (L2 a-d)
  // ---------------------------------------------------------------------------------------------

  // The written line, with the roll (L2 d) applied to it as well: the whole-array roll is
  // written first and this write, coming after it, wins.
  logic [2:0]         w_st_d;
  logic [TsWidth-1:0] w_lts_d, w_mts_d;
  assign w_st_d  = roll_i ? roll_st(n_st) : n_st;
  assign w_lts_d = roll_i ? '0 : n_lts;
  assign w_mts_d = roll_i ? TsMax : n_mts;

  // C07 / C08: the head store's bytes merged into the written line (0 if never written since
  // reset). The merge is the shared primitive's function (gpucoh_bytemerge.svh), called inside
  // the write below so that the simulator evaluates it only when the line is written.
  localparam bit [31:0] BmBytes = LineBytes;
`include "gpucoh_bytemerge.svh"

  logic [WW-1:0] rr_d;   // (victim + 1) mod L1Ways
  assign rr_d = (32'(vic) == L1Ways - 32'd1) ? '0 : vic + WW'(1);

  // One description for every simulator and for synthesis: the reset and the roll write the
  // packed per-line bits (whole-vector writes, which Verilator 5.006, Yosys 0.23 and Icarus 11
  // all accept); the written line comes after them and wins.
  always_ff @(posedge clk_i) begin : p_lines
    if (!rst_ni) begin
      mlive_q  <= '0;
      dlive_q  <= '0;
      rolled_q <= '0;
      rr_q     <= '0;
    end else begin
      if (roll_i) begin
        rolled_q <= '1;   // RO2 over every line (the written line gets it through w_*_d below)
      end
      if (line_we) begin
        tag_q[widx]  <= acc_tag;
        st_q[widx]   <= w_st_d;
        lts_q[widx]  <= w_lts_d;
        rd_q[widx]   <= n_rd;
        waw_q[widx]  <= n_waw;
        wcnt_q[widx] <= n_wcnt;
        orig_q[widx] <= n_orig;
        late_q[widx] <= n_late;
        mts_q[widx]  <= w_mts_d;
        mlive_q[widx]  <= 1'b1;
        rolled_q[widx] <= 1'b0;
      end
      if (data_we) begin
        // R01 / R06: the returned line; C07 / C08: the store's bytes written into the line.
        data_q[widx]  <= data_rsp ? rsp_data_i :
                         gpucoh_bytemerge_f(dlive_q[widx] ? data_q[widx] : '0, h_data, h_mask);
        dlive_q[widx] <= 1'b1;
      end
      if (alloc) begin
        rr_q[32'(acc_set)*WW +: WW] <= rr_d;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Output registers (L4; payloads 0 without valid)
  // ---------------------------------------------------------------------------------------------

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      crsp_valid_q   <= 1'b0;
      crsp_kind_q    <= '0;
      crsp_wf_mask_q <= '0;
      crsp_line_q    <= '0;
      crsp_data_q    <= '0;
      req_valid_q    <= 1'b0;
      req_kind_q     <= '0;
      req_wf_q       <= '0;
      req_line_q     <= '0;
      req_exp_q      <= 1'b0;
      req_ts_q       <= '0;
      req_era_q      <= 1'b0;
      req_data_q     <= '0;
      req_mask_q     <= '0;
      req_aop_q      <= '0;
      req_word_q     <= '0;
      req_a_q        <= '0;
      req_b_q        <= '0;
    end else begin
      crsp_valid_q   <= crsp_valid_d;
      crsp_kind_q    <= crsp_kind_d;
      crsp_wf_mask_q <= crsp_wf_mask_d;
      crsp_line_q    <= crsp_line_d;
      crsp_data_q    <= crsp_data_rsp ? rsp_data_i : crsp_data_line ? m_data : '0;
      req_valid_q    <= req_valid_d;
      req_kind_q     <= req_kind_d;
      req_wf_q       <= req_wf_d;
      req_line_q     <= req_line_d;
      req_exp_q      <= req_exp_d;
      req_ts_q       <= req_ts_d;
      req_era_q      <= req_era_d;
      req_data_q     <= req_data_head ? h_data : '0;
      req_mask_q     <= req_data_head ? h_mask : '0;
      req_aop_q      <= req_aop_d;
      req_word_q     <= req_word_d;
      req_a_q        <= req_a_d;
      req_b_q        <= req_b_d;
    end
  end

  assign core_ready_o   = core_ready_q;
  assign crsp_valid_o   = crsp_valid_q;
  assign crsp_kind_o    = crsp_kind_q;
  assign crsp_wf_mask_o = crsp_wf_mask_q;
  assign crsp_line_o    = crsp_line_q;
  assign crsp_data_o    = crsp_data_q;
  assign req_valid_o    = req_valid_q;
  assign req_kind_o     = req_kind_q;
  assign req_wf_o       = req_wf_q;
  assign req_line_o     = req_line_q;
  assign req_exp_o      = req_exp_q;
  assign req_ts_o       = req_ts_q;
  assign req_era_o      = req_era_q;
  assign req_data_o     = req_data_q;
  assign req_mask_o     = req_mask_q;
  assign req_aop_o      = req_aop_q;
  assign req_word_o     = req_word_q;
  assign req_a_o        = req_a_q;
  assign req_b_o        = req_b_q;

  // ---------------------------------------------------------------------------------------------
  // Assertions (simulation only; empty under SYNTHESIS and Icarus)
  // ---------------------------------------------------------------------------------------------

  // Each assertion reads one bit, computed below in a variable that Verilator does not inline
  // (public): Verilator 5.006 copies every signal an assertion reads (after inlining) into a
  // sampled shadow at every eval, fails internally on an array select inside an assertion, and
  // emits C++ that does not compile for the sampled copy of a vector as wide as the FIFO head.
  // The sample is taken at the start of the rising-edge eval, after the shim's clock-low eval
  // with the new inputs (verilator/shim_common.h edge()), so the bits see this cycle's inputs.
`ifndef SYNTHESIS
  logic sva_l1_ok       /* verilator public_flat_rd */;   // L1
  logic sva_l9_ok       /* verilator public_flat_rd */;   // L9
  logic sva_l6_ok       /* verilator public_flat_rd */;   // L6
  logic sva_l7_ok       /* verilator public_flat_rd */;   // L7
  logic sva_ready_ok    /* verilator public_flat_rd */;   // L2 e
  logic sva_fcnt_ok     /* verilator public_flat_rd */;   // L2 FIFO bound
  logic sva_l8_ts_ok    /* verilator public_flat_rd */;   // L8 ts/era only on UPGR
  logic sva_l8_exp_ok   /* verilator public_flat_rd */;   // L8 exp only on GETS
  logic sva_crsp_zero   /* verilator public_flat_rd */;   // timing rule 6, core response
  logic sva_req_zero    /* verilator public_flat_rd */;   // timing rule 6, L2 request
  logic sva_op_ok       /* verilator public_flat_rd */;   // A3
  logic sva_core_ok     /* verilator public_flat_rd */;   // A3 (a request dropped at the push)
  logic sva_wf_ok       /* verilator public_flat_rd */;   // A6
  logic sva_k1_ok       /* verilator public_flat_rd */;   // K1
  logic sva_k2_ok       /* verilator public_flat_rd */;   // K2
  logic sva_g1_ok       /* verilator public_flat_rd */;   // G1
  always_comb begin
    // L1: at most one way matches the event's line.
    sva_l1_ok     = !(rst_ni && (do_rsp || do_req)) || !multi;
    // L9: a response finds its line (A1, A2).
    sva_l9_ok     = !(rst_ni && rsp_valid_i) || ok_data || ok_w;
    // L6: an allocation evicts only an I or a V line (V03 when valid).
    sva_l6_ok     = !(rst_ni && alloc) || w_free[vic] || w_isv[vic];
    // L7: a stalled head stays and nothing is written.
    sva_l7_ok     = !(rst_ni && do_req && stall) ||
                    (!line_we && !data_we && !alloc && !iss_valid);
    // L2: core_ready_o = (fcnt < L1Queue); fcnt never exceeds L1Queue.
    sva_ready_ok  = !rst_ni || (core_ready_q == (fcnt < QueueLen));
    sva_fcnt_ok   = !rst_ni || (fcnt < QueueLen) || (fcnt == QueueLen);
    // L8: only an UPGR carries a timestamp; only a GETS carries exp.
    sva_l8_ts_ok  = !(req_valid_q && req_kind_q != ReqUpgr) || (req_ts_q == '0 && !req_era_q);
    sva_l8_exp_ok = !(req_valid_q && req_exp_q) || (req_kind_q == ReqGets);
    // Timing contract rule 6: payloads are 0 when their valid is 0.
    sva_crsp_zero = crsp_valid_q ||
                    (crsp_kind_q == '0 && crsp_wf_mask_q == '0 && crsp_line_q == '0 &&
                     crsp_data_q == '0);
    sva_req_zero  = req_valid_q ||
                    (req_kind_q == '0 && req_wf_q == '0 && req_line_q == '0 && !req_exp_q &&
                     req_ts_q == '0 && !req_era_q && req_data_q == '0 && req_mask_q == '0 &&
                     req_aop_q == '0 && req_word_q == '0 && req_a_q == '0 && req_b_q == '0);
    // A3: illegal requests never enter the FIFO, so a head has an operation and names a
    // wavefront below NumWf; a request dropped at the push is flagged (a testbench may drive
    // one on purpose: section 9 of the page).
    sva_op_ok     = !(rst_ni && do_req) || (h_op != '0);
    sva_wf_ok     = !(rst_ni && do_req && h_op != '0) || (h_wfbit != '0);
    sva_core_ok   = !(rst_ni && core_valid_i && core_ready_q) || core_legal;
    // K1: under TC-Weak-C no line is written into V_M (a store to V goes to I_I).
    sva_k1_ok     = !(WeakC && rst_ni && line_we && n_st == StVM);
    // K2: the SM obligation exists only under TC-Weak-C.
    sva_k2_ok     = WeakC || (cobl_q == '0);
    // G1 (and K1): where stores write-invalidate (WrInv: TC-Strong, TC-Weak-C) no line is
    // written into V_M (a store to V goes to I_I).
    sva_g1_ok     = !(WrInv && rst_ni && line_we && n_st == StVM);
  end
`endif

  `ASSERT(L1_UniqueMatch_A, sva_l1_ok)
  `ASSERT(L9_RspFindsLine_A, sva_l9_ok)
  `ASSERT(L6_VictimIOrV_A, sva_l6_ok)
  `ASSERT(L7_StallWritesNothing_A, sva_l7_ok)
  `ASSERT(L2_ReadyIsRoom_A, sva_ready_ok)
  `ASSERT(L2_FifoBound_A, sva_fcnt_ok)
  `ASSERT(L8_TsOnlyOnUpgr_A, sva_l8_ts_ok)
  `ASSERT(L8_ExpOnlyOnGets_A, sva_l8_exp_ok)
  `ASSERT(CrspPayloadZero_A, sva_crsp_zero)
  `ASSERT(ReqPayloadZero_A, sva_req_zero)
  `ASSERT(CoreOpLegal_A, sva_op_ok)
  `ASSERT(CoreWfInRange_A, sva_wf_ok)
  `ASSERT_WARN(CoreReqLegal_A, sva_core_ok)
  `ASSERT(K1_NoVm_A, sva_k1_ok)
  `ASSERT(K2_CoblOnlyWeakC_A, sva_k2_ok)
  `ASSERT(G1_NoVm_A, sva_g1_ok)

endmodule
