// SPDX-License-Identifier: Apache-2.0
//
// tc_l2 -- Temporal Coherence L2 bank controller (one per bank; TC-Weak, TC-Strong, TC-Weak-C).
//
// A writeback, write-allocate L2 bank that hands out leases (gTS) and, under TC-Weak, answers
// writes with the global write completion time (GWCT). An evicted line whose lease has not run
// out keeps its stamp in an MSHR (an M_I entry) so that the lease stays enforced (inclusive of
// unexpired leases). One request per cycle, in order, from a request FIFO; a stalled head blocks
// the bank. Specification: docs/units/tc/tc_l2.md (rules M1-M10, fill rows F01-F06 and F08, request
// rows H01-H21 and H24, TC-Strong section 7, decisions D1-D10, readings P1-P11; TC-Weak-C rows
// F07, H22, H23 in section 13); conventions C1-C8, parameters, messages and rollover RO1-RO4:
// docs/system.md; timing contract: docs/timing.md. Every output is a register or a function of
// registers only (no input-to-output path).
//
//                 +----------------------------------------------+
//  req_*        =>| request FIFO -> head --+                      |=> req_ready_o
//  mem_*        =>| (DRAM fill) -----------+-> lines [S*W]        |=> rsp_* (L2 -> L1)
//  now/era/roll =>|                            MSHRs [M]          |=> mreq_* (fetch, wb)
//                 |                            life (predictor)   |
//                 +----------------------------------------------+
//
// Parameters (docs/system.md section 2; an illegal value stops elaboration with a message naming
// it; nothing is clamped). All are `bit [31:0]` (Icarus Verilog 11 cannot parse `int unsigned`).
//   Protocol   0 = TC-Strong, 1 = TC-Weak, 2 = TC-Weak-C (spec section 13); 0 .. 2 (default 1)
//   NumSm      SMs (L1s), width of the destination masks; 1 .. 64 (default 16)
//   NumBanks   B, L2 banks of the system (only its log2 enters the set/tag split, C4);
//              1, 2, 4, 8, 16 (default 8)
//   LineBytes  line size in bytes (LW = LineBytes/4 words); 16, 32, 64, 128 (default 128)
//   AddrWidth  byte-address bits; 16 .. 48 and LA >= log2 B + log2 L2Sets (default 32)
//   L2Sets     sets per bank; power of two, 1 .. 1024 (default 128)
//   L2Ways     ways per set; 1 .. 16 (default 8)
//   L2Mshrs    MSHR entries (IS, IM and MI); 2 .. 128 (default 128)
//   TsWidth    timestamp bits; 8 .. 32 (default 32)
//   L2Queue    request FIFO entries; 1 .. 8 (default 4)
//   LeaseMode  0 = fixed lease (Lease), 1 = predicted lease (life); 0 .. 1
//              (default 1 under TC-Weak and TC-Weak-C, 0 under TC-Strong)
//   Lease      fixed lease in cycles; 0 .. 2^TsWidth-2 (default 800)
//   PredInit, PredMin, PredMax  predictor reset value and clamp bounds in cycles;
//              PredMin <= PredInit <= PredMax <= 2^TsWidth-2 (defaults 800, 0, 65535)
//   THit, TEvict, TWrite  predictor steps in cycles; 0 .. 255 (defaults 4, 8, 8)
//   UseTWrite  1 = apply -TWrite (M8); 0 .. 1 (default 1)
// Derived (never set them): LL = log2 LineBytes, LA = AddrWidth - LL line-address bits,
// DW = 8*LineBytes data bits, LB = log2 B, LS = log2 L2Sets, TAGW = LA - LS tag bits (C4; the
// registers are max(1, TAGW) wide and hold 0 when TAGW = 0), Lines = L2Sets * L2Ways.
//
// Ports (docs/units/tc/tc_l2.md section 2; the payload of every output is 0 when its valid is 0):
//   clk_i, rst_ni          clock; synchronous active-low reset
//   now_i[TsWidth], era_i, roll_i      global time (tc_timer)
//   req_valid_i            a request (L1 -> L2, through the crossbar); taken when req_ready_o
//   req_kind_i[3]          1 GETS, 2 GETX, 3 UPGR, 4 ATOMIC
//   req_src_i[6], req_wf_i[6]          requesting SM, wavefront
//   req_line_i[LA]         line address
//   req_exp_i              GETS caused by an expired lease (predictor hint)
//   req_ts_i[TsWidth], req_era_i       UPGR: the L1 line's lTS and its era
//   req_data_i[DW], req_mask_i[LineBytes]      GETX/UPGR: store image and byte mask
//   req_aop_i[2], req_word_i[5], req_a_i[32], req_b_i[32]   ATOMIC: 0 ADD, 1 EXCH, 2 CAS
//   req_ready_o            the FIFO has room (fcnt < L2Queue)
//   rsp_valid_o            a response (L2 -> L1s)
//   rsp_kind_o[3]          1 DATA, 2 DATA_G, 3 ACK, 4 ACK_G, 5 DATA_W (TC-Weak-C only)
//   rsp_dst_o[NumSm]       destination SMs (DATA may name several)
//   rsp_wf_o[6], rsp_atomic_o, rsp_line_o[LA]
//   rsp_ts_o[TsWidth], rsp_era_o       DATA: lease; DATA_G/ACK_G: GWCT; DATA_W: the time
//                          older copies may live; ACK: 0; era = era_i
//   rsp_data_o[DW]         DATA, DATA_G, DATA_W (0 for ACK, ACK_G)
//   mem_valid_i, mem_line_i[LA], mem_data_i[DW]     DRAM fill (never refused, C8)
//   mreq_fetch_o, mreq_fetch_line_o[LA]             DRAM fetch
//   mreq_wb_o, mreq_wb_line_o[LA], mreq_wb_data_o[DW]   DRAM writeback (same cycle allowed)
//
// State (spec section 3; all verilator public_flat_rd, read by the C++ shim by name):
//   per line i = set * L2Ways + way: tag_q, st_q (0 I, 1 P, 2 S, 3 E, 4 I_S, 5 I_M), gts_q,
//   dirty_q, wl_q (TC-Weak-C: written while leased; 0 under the other protocols), data_q; per
//   MSHR k: mv_q, mkind_q (0 IS, 1 IM, 2 MI), mline_q, mway_q, mts_q,
//   msm_q, mop_q, msrc_q, mwf_q, mdata_q, mmask_q, maop_q, mword_q, ma_q, mb_q; life_q (reset
//   PredInit); u_fifo.cnt_q (fcnt); the output registers rsp_*_q and mreq_*_q. The FIFO entries
//   (u_fifo.mem_q, u_fifo.head_q) are internal.
//
// Structure: combinational logic decodes the edge once (the accessed line acc_line, its set
// scan, the MSHR scan, the decision of section 5 / 6 / 7 as write ports: one line write at
// acc_idx, MSHR ports fr (free), mg (merge), al (the miss's entry), ev (the victim's MI entry),
// the output registers' next values); the registers take the ports in that order and RO2 last.
// The per-line and per-MSHR fields are arrays without reset, written one element per port;
// reset and roll act on packed per-line / per-entry bits (see State): one description for every
// simulator and for Yosys.
// Work per edge is one set (L2Ways ways) and one pass over the MSHRs; only reset and roll touch
// every line.
//
// Rules (spec section 4), checked in simulation by the assertions named after them:
//   M1  At most one way of a set and at most one MSHR entry match a line address.
//   M2  Order of an edge: (a) a DRAM fill (the FIFO head is not looked at); (b) else the FIFO
//       head (a stall changes nothing); (c) push req_* if req_ready_o; (d) predictor; (e) roll:
//       every gts_q and mts_q := 0, after (a)-(d); (f) req_ready_o = fcnt < L2Queue. No bypass.
//   M3  lt = LeaseMode ? life_q : Lease; grant(g) = max(g, sat(now + lt)).
//   M4  Lazy expiry: a P/S line with gTS < now is E for the head request; an MI entry with
//       mts < now met by a miss is freed (or reused by the allocation).
//   M5  UPGR ts' = (req_era == era_i) ? req_ts : 0; every response carries era_i.
//   M6  Victim: first I way, else first E or expired P/S way, else least-gTS P/S way; transient
//       ways never; dirty -> wb; unexpired P/S -> MI entry (mts = gTS), predictor -TEvict.
//   M7  MSHR allocation: free = !mv or expired MI; lowest free for the miss, next lowest for the
//       victim; a miss matching an unexpired MI entry reuses it (keeps mts).
//   M8  life := clamp(life + d, PredMin, PredMax) every edge, d = +THit - TEvict - TWrite.
//   M9  Writes merge the masked bytes and set dirty; atomics (C5) set dirty; inc = sat(g + 1).
//   M10 Fill data comes only from mem_data_i; response data as section 2 above.
//
// TC-Weak-C (Protocol = 2; spec section 13; under 0 and 1 wl stays 0 and nothing changes):
//   N1  A write or atomic served on an unexpired P/S line with a GWCT (H04, H05, H08, H09, H10,
//       H12, H13, H24) and the M_I fills F05/F06 set wl := 1; H07 keeps wl; E rows write 0.
//   N2  wl is cleared by lazy expiry (the line is written E or, by H03, P: wl 0), F03/F04 write
//       0, an allocation writes 0 (P1), and RO2 clears it with gTS (a rolled line reads wl 0).
//   N3  A GETS on P/S with wl = 1 (after M4) is answered DATA_W(1 << src, wf 0, ts = gTS, the
//       line, era_i), rows H22 (P) / H23 (S): no lease, the line is not written; M8 as any
//       served GETS (+THit if exp).
//   N4  An I_S fill whose entry's stamp is not below now (mts >= now, literally, as F03-F06 read
//       mts < now) answers DATA_W(msm, ts = mts), row F07: data := mem data, dirty 0, gTS :=
//       mts, wl := 1, state S.
//
// Readings of the page's section 9 (first taken here, then fixed in the page):
//   P1  A way allocated for a miss gets the new tag, I_S/I_M, gTS 0 and dirty 0; its data is
//       left as the victim had it (the fill overwrites it).
//   P2  Unused MSHR fields are 0: IS entries hold mline, mway, mts, msm; IM entries hold msm 0
//       and every request field as received; MI entries hold mline and mts only (mway 0).
//   P3  "Accepted" in M8 = served at the FIFO head (not stalled), with the stored exp bit: +THit
//       for every served GETS (H01-H03, H15, H18, H20) with exp = 1 and for H03 (E, also
//       lazily); -TWrite for served GETX/UPGR on P/S with gTS >= now (H04, H05, H07-H10, H24).
//   P4  M5 compares the stored req era with era_i of the edge that serves the request.
//   P5  RO2 zeroes the stamp of every MSHR entry, valid or not.
//   P6  ACK and ACK_G carry data 0; DATA carries wf 0; every response carries era_i.
//   P7  A stalled miss frees nothing (no X03 on a stalled edge).
//   P8  req_ready_o is 1 after reset (fcnt = 0).
//   P9  Protocol errors change nothing: a fill with no IS/IM entry (the head still waits that
//       cycle), an M1 violation (the head stays); a head request whose kind is not 1..4 is
//       dropped (popped, nothing else changes);
//       an atomic word index is taken modulo LW; aop 3 leaves the word unchanged (the atomic
//       still sets dirty). Simulation flags them ($warning, or $error for M1).
//   P10 A saturated stamp proves nothing: an UPGR is private (H07) only if the line is P,
//       ts' == gTS and gTS < 2^TsWidth-1. An UPGR to P with ts' == gTS == 2^TsWidth-1 is row
//       H24: write, ACK_G(ts = gTS), gTS := inc(gTS) (stays), P; TC-Weak-C sets wl (N1).
//       TC-Strong: a non-private write to an unexpired line, so it stalls (S04) until expiry
//       and is then served by H11.
//   P11 F01 (IS, one requester) ends in S instead of P when the granted gTS is not greater than
//       the inherited stamp (grant(mts) <= mts, i.e. now + lt <= mts): row F08. Under
//       TC-Weak-C such an entry (mts >= now) takes F07 first, so F08 is TC-Strong/TC-Weak only.

`include "gpucoh_assert.svh"

module tc_l2 #(
  parameter bit [31:0] Protocol  = 32'd1,
  parameter bit [31:0] NumSm     = 32'd16,
  parameter bit [31:0] NumBanks  = 32'd8,
  parameter bit [31:0] LineBytes = 32'd128,
  parameter bit [31:0] AddrWidth = 32'd32,
  parameter bit [31:0] L2Sets    = 32'd128,
  parameter bit [31:0] L2Ways    = 32'd8,
  parameter bit [31:0] L2Mshrs   = 32'd128,
  parameter bit [31:0] TsWidth   = 32'd32,
  parameter bit [31:0] L2Queue   = 32'd4,
  parameter bit [31:0] LeaseMode = (Protocol != 32'd0) ? 32'd1 : 32'd0,
  parameter bit [31:0] Lease     = 32'd800,
  parameter bit [31:0] PredInit  = 32'd800,
  parameter bit [31:0] PredMin   = 32'd0,
  parameter bit [31:0] PredMax   = 32'd65535,
  parameter bit [31:0] THit      = 32'd4,
  parameter bit [31:0] TEvict    = 32'd8,
  parameter bit [31:0] TWrite    = 32'd8,
  parameter bit [31:0] UseTWrite = 32'd1,
  // Derived parameters: do not override. For illegal parameters they fall back to harmless
  // values, so that elaboration gets as far as the parameter message.
  localparam int       LL        = (LineBytes > 1) ? $clog2(LineBytes) : 1,
  localparam int       LA        = (AddrWidth > LL + 1) ? AddrWidth - LL : 1,
  localparam int       DW        = (LineBytes > 0) ? 8 * LineBytes : 8,
  localparam int       TSW       = (TsWidth > 0) ? TsWidth : 1,
  localparam int       SMW       = (NumSm > 0) ? NumSm : 1
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // Global time
  input  logic [TSW-1:0]    now_i,
  input  logic              era_i,
  input  logic              roll_i,
  // Requests (crossbar -> L2)
  input  logic              req_valid_i,
  input  logic [2:0]        req_kind_i,
  input  logic [5:0]        req_src_i,
  input  logic [5:0]        req_wf_i,
  input  logic [LA-1:0]     req_line_i,
  input  logic              req_exp_i,
  input  logic [TSW-1:0]    req_ts_i,
  input  logic              req_era_i,
  input  logic [DW-1:0]     req_data_i,
  input  logic [DW/8-1:0]   req_mask_i,
  input  logic [1:0]        req_aop_i,
  input  logic [4:0]        req_word_i,
  input  logic [31:0]       req_a_i,
  input  logic [31:0]       req_b_i,
  output logic              req_ready_o,
  // Responses (L2 -> L1s)
  output logic              rsp_valid_o,
  output logic [2:0]        rsp_kind_o,
  output logic [SMW-1:0]    rsp_dst_o,
  output logic [5:0]        rsp_wf_o,
  output logic              rsp_atomic_o,
  output logic [LA-1:0]     rsp_line_o,
  output logic [TSW-1:0]    rsp_ts_o,
  output logic              rsp_era_o,
  output logic [DW-1:0]     rsp_data_o,
  // DRAM fill
  input  logic              mem_valid_i,
  input  logic [LA-1:0]     mem_line_i,
  input  logic [DW-1:0]     mem_data_i,
  // DRAM requests
  output logic              mreq_fetch_o,
  output logic [LA-1:0]     mreq_fetch_line_o,
  output logic              mreq_wb_o,
  output logic [LA-1:0]     mreq_wb_line_o,
  output logic [DW-1:0]     mreq_wb_data_o
);

  // ---------------------------------------------------------------------------------------------
  // Parameter checks (docs/system.md section 2, "Legal")
  // ---------------------------------------------------------------------------------------------

  localparam bit [63:0] TsLimit = (64'd1 << TsWidth) - 64'd2;   // 2^TsWidth - 2

  `ASSERT_ELAB(P_Protocol_A, Protocol <= 2,
               "tc_l2: illegal Protocol (legal: 0 = TC-Strong, 1 = TC-Weak, 2 = TC-Weak-C)")
  `ASSERT_ELAB(P_NumSm_A, NumSm >= 1 && NumSm <= 64,
               "tc_l2: illegal NumSm (legal: 1 .. 64)")
  `ASSERT_ELAB(P_NumBanks_A,
               NumBanks == 1 || NumBanks == 2 || NumBanks == 4 || NumBanks == 8 ||
               NumBanks == 16,
               "tc_l2: illegal NumBanks (legal: 1, 2, 4, 8, 16)")
  `ASSERT_ELAB(P_LineBytes_A,
               LineBytes == 16 || LineBytes == 32 || LineBytes == 64 || LineBytes == 128,
               "tc_l2: illegal LineBytes (legal: 16, 32, 64, 128)")
  `ASSERT_ELAB(P_AddrWidth_A, AddrWidth >= 16 && AddrWidth <= 48,
               "tc_l2: illegal AddrWidth (legal: 16 .. 48)")
  `ASSERT_ELAB(P_L2Sets_A,
               L2Sets >= 1 && L2Sets <= 1024 && (L2Sets & (L2Sets - 1)) == 0,
               "tc_l2: illegal L2Sets (legal: a power of two, 1 .. 1024)")
  `ASSERT_ELAB(P_L2Ways_A, L2Ways >= 1 && L2Ways <= 16,
               "tc_l2: illegal L2Ways (legal: 1 .. 16)")
  `ASSERT_ELAB(P_LineAddr_A,
               AddrWidth >= LL + $clog2(NumBanks) + $clog2(L2Sets),
               "tc_l2: illegal AddrWidth (legal: LA >= log2 NumBanks + log2 L2Sets)")
  `ASSERT_ELAB(P_L2Mshrs_A, L2Mshrs >= 2 && L2Mshrs <= 128,
               "tc_l2: illegal L2Mshrs (legal: 2 .. 128)")
  `ASSERT_ELAB(P_TsWidth_A, TsWidth >= 8 && TsWidth <= 32,
               "tc_l2: illegal TsWidth (legal: 8 .. 32)")
  `ASSERT_ELAB(P_L2Queue_A, L2Queue >= 1 && L2Queue <= 8,
               "tc_l2: illegal L2Queue (legal: 1 .. 8)")
  `ASSERT_ELAB(P_LeaseMode_A, LeaseMode <= 1,
               "tc_l2: illegal LeaseMode (legal: 0 = fixed, 1 = predict)")
  `ASSERT_ELAB(P_Lease_A, 64'(Lease) <= TsLimit,
               "tc_l2: illegal Lease (legal: 0 .. 2^TsWidth-2)")
  `ASSERT_ELAB(P_Pred_A,
               PredMin <= PredInit && PredInit <= PredMax && 64'(PredMax) <= TsLimit,
               "tc_l2: illegal PredInit/PredMin/PredMax (legal: min <= init <= max <= 2^TsWidth-2)")
  `ASSERT_ELAB(P_Steps_A, THit <= 255 && TEvict <= 255 && TWrite <= 255,
               "tc_l2: illegal THit/TEvict/TWrite (legal: 0 .. 255)")
  `ASSERT_ELAB(P_UseTWrite_A, UseTWrite <= 1,
               "tc_l2: illegal UseTWrite (legal: 0 .. 1)")

  // ---------------------------------------------------------------------------------------------
  // Constants
  // ---------------------------------------------------------------------------------------------

  localparam int LB    = $clog2(NumBanks);                           // bank bits (C4)
  localparam int LS    = $clog2(L2Sets);                             // set bits
  localparam int TAGW  = (LA > LS) ? LA - LS : 0;                    // tag bits (C4)
  localparam int TGW   = (TAGW > 0) ? TAGW : 1;                      // tag register width
  localparam int SIW   = (LS > 0) ? LS : 1;                          // set-index width
  localparam int Lines = L2Sets * L2Ways;
  localparam int LIW   = (Lines > 1) ? $clog2(Lines) : 1;            // line-index width
  localparam int MKW   = (L2Mshrs > 1) ? $clog2(L2Mshrs) : 1;        // MSHR-index width
  localparam int QW    = $clog2(L2Queue + 1);                        // fcnt width
  localparam int LW    = DW / 32;                                    // words per line
  localparam int LWW   = (LW > 1) ? $clog2(LW) : 1;                  // word-index width
  localparam int MB    = DW / 8;                                     // mask bits
  localparam int PRW   = TSW + 3;                                    // predictor sum width

  // Line-address masks (C4): bank bits and set bits.
  localparam logic [LA-1:0] BankMask = LA'(64'(NumBanks) - 64'd1);
  localparam logic [LA-1:0] SetMask  = LA'(64'(L2Sets) - 64'd1);

  localparam logic [TSW-1:0] TsMax   = {TSW{1'b1}};
  localparam logic [TSW-1:0] LeaseTs = TSW'(Lease);
  localparam logic [QW-1:0]  QueueQ  = QW'(L2Queue);

  localparam logic signed [PRW-1:0] StepZero  = '0;
  localparam logic signed [PRW-1:0] StepHit   = PRW'(THit);
  localparam logic signed [PRW-1:0] StepEvict = PRW'(TEvict);
  localparam logic signed [PRW-1:0] StepWrite = PRW'(TWrite);
  localparam logic signed [PRW-1:0] LifeMin   = PRW'(PredMin);
  localparam logic signed [PRW-1:0] LifeMax   = PRW'(PredMax);

  localparam bit Strong  = (Protocol == tc_pkg::TcStrong);
  localparam bit WeakC   = (Protocol == tc_pkg::TcWeakC);
  localparam bit Predict = (LeaseMode == tc_pkg::TcLeasePredict);
  localparam bit TWrOn   = (UseTWrite == 32'd1);

  // Encodings: tc_pkg (the one place they are written; checked against the C enums). The casts
  // are needed: Verilator 5.006 fails internally on the plain enum items in tc_l2's case items.
  localparam logic [2:0] StI       = 3'(tc_pkg::TcL2StI);
  localparam logic [2:0] StP       = 3'(tc_pkg::TcL2StP);
  localparam logic [2:0] StS       = 3'(tc_pkg::TcL2StS);
  localparam logic [2:0] StE       = 3'(tc_pkg::TcL2StE);
  localparam logic [2:0] StIS      = 3'(tc_pkg::TcL2StIS);
  localparam logic [2:0] StIM      = 3'(tc_pkg::TcL2StIM);
  localparam logic [1:0] MkIS      = 2'(tc_pkg::TcMshrIS);
  localparam logic [1:0] MkIM      = 2'(tc_pkg::TcMshrIM);
  localparam logic [1:0] MkMI      = 2'(tc_pkg::TcMshrMI);
  localparam logic [2:0] ReqGets   = 3'(tc_pkg::TcReqGets);
  localparam logic [2:0] ReqGetx   = 3'(tc_pkg::TcReqGetx);
  localparam logic [2:0] ReqUpgr   = 3'(tc_pkg::TcReqUpgr);
  localparam logic [2:0] ReqAtomic = 3'(tc_pkg::TcReqAtomic);
  localparam logic [2:0] RspData   = 3'(tc_pkg::TcRspData);
  localparam logic [2:0] RspDataG  = 3'(tc_pkg::TcRspDataG);
  localparam logic [2:0] RspAck    = 3'(tc_pkg::TcRspAck);
  localparam logic [2:0] RspAckG   = 3'(tc_pkg::TcRspAckG);
  localparam logic [2:0] RspDataW  = 3'(tc_pkg::TcRspDataW);

  // ---------------------------------------------------------------------------------------------
  // State (spec section 3)
  // ---------------------------------------------------------------------------------------------

  // The unpacked arrays carry (* mem2reg *): they are flip-flops written per element, never a
  // RAM, and the attribute tells Yosys so instead of leaving it to warn. They have no reset and
  // no whole-array write: the reset and the roll clear (RO2) act on the packed bits below, and
  // every read gives the architectural value (spec section 3): 0 for a line or entry not
  // written since reset, gTS / MSHR stamp 0 after a roll since the last write. Every simulator
  // and Yosys read this one description (no `ifdef).
  logic [Lines-1:0]   mlive_q /* verilator public_flat_rd */;   // line meta written since reset
  logic [Lines-1:0]   dlive_q /* verilator public_flat_rd */;   // line data written since reset
  logic [Lines-1:0]   groll_q /* verilator public_flat_rd */;   // gTS rolled since the write
  logic [L2Mshrs-1:0] mlv_q   /* verilator public_flat_rd */;   // MSHR entry written since reset
  logic [L2Mshrs-1:0] mroll_q /* verilator public_flat_rd */;   // its stamp rolled since

  // Lines, index set * L2Ways + way.
  (* mem2reg *) logic [TGW-1:0]  tag_q   [Lines]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [2:0]      st_q    [Lines]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [TSW-1:0]  gts_q   [Lines]   /* verilator public_flat_rd */;
  (* mem2reg *) logic            dirty_q [Lines]   /* verilator public_flat_rd */;
  (* mem2reg *) logic            wl_q    [Lines]   /* verilator public_flat_rd */;   // N1-N4
  (* mem2reg *) logic [DW-1:0]   data_q  [Lines]   /* verilator public_flat_rd */;

  // MSHRs.
  logic [L2Mshrs-1:0]            mv_q              /* verilator public_flat_rd */;
  (* mem2reg *) logic [1:0]      mkind_q [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [LA-1:0]   mline_q [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [3:0]      mway_q  [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [TSW-1:0]  mts_q   [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [SMW-1:0]  msm_q   [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [2:0]      mop_q   [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [5:0]      msrc_q  [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [5:0]      mwf_q   [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [DW-1:0]   mdata_q [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [MB-1:0]   mmask_q [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [1:0]      maop_q  [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [4:0]      mword_q [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [31:0]     ma_q    [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [31:0]     mb_q    [L2Mshrs] /* verilator public_flat_rd */;

  // Predictor and FIFO count.
  logic [TSW-1:0]  life_q /* verilator public_flat_rd */;
  logic [QW-1:0]   fcnt;      // request FIFO entries (u_fifo.cnt_q)

  // Output registers.
  logic            rsp_valid_q       /* verilator public_flat_rd */;
  logic [2:0]      rsp_kind_q        /* verilator public_flat_rd */;
  logic [SMW-1:0]  rsp_dst_q         /* verilator public_flat_rd */;
  logic [5:0]      rsp_wf_q          /* verilator public_flat_rd */;
  logic            rsp_atomic_q      /* verilator public_flat_rd */;
  logic [LA-1:0]   rsp_line_q        /* verilator public_flat_rd */;
  logic [TSW-1:0]  rsp_ts_q          /* verilator public_flat_rd */;
  logic            rsp_era_q         /* verilator public_flat_rd */;
  logic [DW-1:0]   rsp_data_q        /* verilator public_flat_rd */;
  logic            mreq_fetch_q      /* verilator public_flat_rd */;
  logic [LA-1:0]   mreq_fetch_line_q /* verilator public_flat_rd */;
  logic            mreq_wb_q         /* verilator public_flat_rd */;
  logic [LA-1:0]   mreq_wb_line_q    /* verilator public_flat_rd */;
  logic [DW-1:0]   mreq_wb_data_q    /* verilator public_flat_rd */;

  // Request FIFO: u_fifo (gpucoh_fifo) below; an entry is {control fields, data, mask}.
  localparam int FEW = 3 + 6 + 6 + LA + 1 + TSW + 1 + 2 + 5 + 32 + 32;
  logic [FEW-1:0]  h_ctl;      // the head's control fields

  // ---------------------------------------------------------------------------------------------
  // M2: the event of this edge, the FIFO head
  // ---------------------------------------------------------------------------------------------

  logic            fill;     // (a) a DRAM fill
  logic            head;     // (b) the FIFO head is looked at
  assign fill = mem_valid_i;
  assign head = !mem_valid_i && (fcnt != '0);

  logic [2:0]      h_kind;
  logic [5:0]      h_src, h_wf;
  logic [LA-1:0]   h_line;
  logic            h_exp, h_era;
  logic [TSW-1:0]  h_ts;
  logic [DW-1:0]   h_data;
  logic [MB-1:0]   h_mask;
  logic [1:0]      h_aop;
  logic [4:0]      h_word;
  logic [31:0]     h_a, h_b;
  assign {h_kind, h_src, h_wf, h_line, h_exp, h_ts, h_era, h_aop, h_word, h_a, h_b} = h_ctl;

  // ---------------------------------------------------------------------------------------------
  // The accessed line (fill: mem_line_i; head: its line) and its set (C4)
  // ---------------------------------------------------------------------------------------------

  logic [LA-1:0]   acc_line;
  logic [SIW-1:0]  acc_set;
  logic [TGW-1:0]  acc_tag;
  logic [LIW-1:0]  set_base;   // acc_set * L2Ways
  assign acc_line = fill ? mem_line_i : h_line;
  assign acc_set  = SIW'((acc_line >> LB) & SetMask);
  assign acc_tag  = TGW'(((acc_line >> (LB + LS)) << LB) | (acc_line & BankMask));
  assign set_base = LIW'(32'(acc_set) * L2Ways);

  // Ways of the set: the matching way (M1) and the victim candidates (M6). The scans run only
  // when a fill or a head request is processed: Verilator evaluates this logic up to three
  // times per edge.
  logic            hit;        // a way matches acc_line
  logic            wdup;       // more than one way matches (M1 violation)
  logic [LIW-1:0]  hidx;       // line index of the matching way
  logic            vi_found, ve_found, vl_found;
  logic [LIW-1:0]  vi_idx, ve_idx, vl_idx;
  logic [L2Ways-1:0]          ps_w;    // way w is in P or S
  logic [L2Ways*TSW-1:0]      g_w;     // gTS of way w at [w*TSW +: TSW]
  logic                       least_w; // scratch: way w holds the least gTS (ties: lowest way)
  logic [LIW-1:0]             w_idx;   // scratch: line index of way w
  logic [2:0]                 w_st;    // scratch: its st
  logic [TSW-1:0]             w_g;     // scratch: its gTS
  always_comb begin
    hit      = 1'b0;
    wdup     = 1'b0;
    hidx     = set_base;
    vi_found = 1'b0;
    vi_idx   = set_base;
    ve_found = 1'b0;
    ve_idx   = set_base;
    vl_found = 1'b0;
    vl_idx   = set_base;
    ps_w     = '0;
    g_w      = '0;
    least_w  = 1'b0;
    w_idx    = set_base;
    w_st     = StI;
    w_g      = '0;
    if (fill || head) begin
      for (int w = 0; w < L2Ways; w++) begin
        w_idx = set_base + LIW'(w);
        w_st  = mlive_q[w_idx] ? st_q[w_idx] : StI;
        w_g   = (mlive_q[w_idx] && !groll_q[w_idx]) ? gts_q[w_idx] : '0;
        // the stored tag: w_st is I (no match) for a line not written since reset
        if (w_st != StI && tag_q[w_idx] == acc_tag) begin
          wdup = hit;
          hit  = 1'b1;
          hidx = w_idx;
        end
        // Victim classes: 1. first I; 2. first E or expired P/S; 3. least gTS among P/S (the
        // lowest way wins a tie; below). I_S and I_M are in no class.
        if (w_st == StI) begin
          if (!vi_found) begin
            vi_found = 1'b1;
            vi_idx   = w_idx;
          end
        end else if (w_st == StE || ((w_st == StP || w_st == StS) && w_g < now_i)) begin
          if (!ve_found) begin
            ve_found = 1'b1;
            ve_idx   = w_idx;
          end
        end
        ps_w[w] = (w_st == StP || w_st == StS);
        g_w[w*TSW +: TSW] = w_g;
      end
      // Class 3 without a chain of compares (timing): way w is the victim iff it is P/S, its
      // gTS is below that of every P/S way before it and not above that of every P/S way
      // after it. At most one way qualifies; one does whenever some way is P/S.
      for (int w = 0; w < L2Ways; w++) begin
        least_w = ps_w[w];
        for (int v = 0; v < L2Ways; v++) begin
          if (v < w && ps_w[v] && !(g_w[w*TSW +: TSW] < g_w[v*TSW +: TSW])) begin
            least_w = 1'b0;
          end
          if (v > w && ps_w[v] && (g_w[v*TSW +: TSW] < g_w[w*TSW +: TSW])) begin
            least_w = 1'b0;
          end
        end
        if (least_w) begin
          vl_found = 1'b1;
          vl_idx   = set_base + LIW'(w);
        end
      end
    end
  end

  logic            vfound;     // a victim exists (else S01)
  logic [LIW-1:0]  vidx;       // line index of the victim
  assign vfound = vi_found || ve_found || vl_found;
  assign vidx   = vi_found ? vi_idx : ve_found ? ve_idx : vl_idx;

  // ---------------------------------------------------------------------------------------------
  // MSHRs: the entry matching acc_line (M1) and the two lowest free entries (M7)
  // ---------------------------------------------------------------------------------------------

  logic            mfound;     // an entry matches acc_line
  logic            mdup;       // more than one entry matches (M1 violation)
  logic [MKW-1:0]  mk;         // its index (the highest matching entry)
  logic            f0, f1;     // a lowest / a second lowest free entry exists
  logic [MKW-1:0]  a0, a1;     // their indices

  // The compares are parallel; two gpucoh_ffs2 find the entries in logarithmic depth. The
  // match vector is reversed (bit L2Mshrs-1-k for entry k), so that its first set bit is the
  // highest matching entry and its second says there are two (M1 violated).
  logic [L2Mshrs-1:0] mmatch_rev;   // entry k matches acc_line, at bit L2Mshrs-1-k
  logic [L2Mshrs-1:0] mfree;        // entry k is free (M7): invalid, or an expired M_I entry
  always_comb begin
    mmatch_rev = '0;
    mfree      = '0;
    // The match is needed by a fill and a head request, the free entries only by a head miss.
    if (fill || head) begin
      for (int k = 0; k < L2Mshrs; k++) begin
        mmatch_rev[L2Mshrs-1-k] = mv_q[k] && (mline_q[k] == acc_line);
      end
    end
    if (head && !hit) begin
      for (int k = 0; k < L2Mshrs; k++) begin
        // a valid entry was written since reset (mlv_q); its stamp is 0 after a roll
        mfree[k] = !mv_q[k] || (mkind_q[k] == MkMI && (mroll_q[k] ? '0 : mts_q[k]) < now_i);
      end
    end
  end

  logic [MKW-1:0]  mk_rev;     // L2Mshrs-1-mk
  /* verilator lint_off UNUSEDSIGNAL */
  logic [MKW-1:0]  mk_rev2;    // the second match: only its existence (mdup) is used
  /* verilator lint_on UNUSEDSIGNAL */
  gpucoh_ffs2 #(.Width(L2Mshrs)) u_mmatch (
    .vec_i         (mmatch_rev),
    .first_valid_o (mfound),
    .first_idx_o   (mk_rev),
    .second_valid_o(mdup),
    .second_idx_o  (mk_rev2)
  );
  assign mk = mfound ? MKW'(L2Mshrs - 32'd1) - mk_rev : '0;

  gpucoh_ffs2 #(.Width(L2Mshrs)) u_mfree (
    .vec_i         (mfree),
    .first_valid_o (f0),
    .first_idx_o   (a0),
    .second_valid_o(f1),
    .second_idx_o  (a1)
  );

  // Fields of the matching entry.
  logic [1:0]      mk_kind;
  logic [3:0]      mk_way;
  logic [TSW-1:0]  mk_ts;
  logic [SMW-1:0]  mk_sm;
  logic [2:0]      mk_op;
  logic [5:0]      mk_src, mk_wf;
  logic [DW-1:0]   mk_data;
  logic [MB-1:0]   mk_mask;
  logic [1:0]      mk_aop;
  logic [4:0]      mk_word;
  logic [31:0]     mk_a, mk_b;
  logic            mk_live;    // the entry was written since reset
  assign mk_live = mlv_q[mk];
  assign mk_kind = mk_live ? mkind_q[mk] : '0;
  assign mk_way  = mk_live ? mway_q[mk] : '0;
  assign mk_ts   = (mk_live && !mroll_q[mk]) ? mts_q[mk] : '0;
  assign mk_sm   = mk_live ? msm_q[mk] : '0;
  assign mk_op   = mk_live ? mop_q[mk] : '0;
  assign mk_src  = mk_live ? msrc_q[mk] : '0;
  assign mk_wf   = mk_live ? mwf_q[mk] : '0;
  assign mk_data = mk_live ? mdata_q[mk] : '0;
  assign mk_mask = mk_live ? mmask_q[mk] : '0;
  assign mk_aop  = mk_live ? maop_q[mk] : '0;
  assign mk_word = mk_live ? mword_q[mk] : '0;
  assign mk_a    = mk_live ? ma_q[mk] : '0;
  assign mk_b    = mk_live ? mb_q[mk] : '0;

  // The fill's entry: IS or IM with mline == mem_line_i (section 5), else a protocol error.
  logic            fill_ok;
  assign fill_ok = fill && mfound && (mk_kind == MkIS || mk_kind == MkIM);

  // M1 violated (two ways or two entries match the accessed line): P9, nothing happens.
  logic            m1_bad;
  assign m1_bad = wdup || mdup;

  // ---------------------------------------------------------------------------------------------
  // The line touched at this edge: the fill's way, the matching way, or the victim way
  // ---------------------------------------------------------------------------------------------

  logic [LIW-1:0]  acc_idx;
  assign acc_idx = fill ? LIW'(32'(set_base) + 32'(mk_way)) : hit ? hidx : vidx;

  logic [TGW-1:0]  cur_tag;
  logic [2:0]      cur_st;
  logic [TSW-1:0]  cur_g;
  logic            cur_dirty;
  logic            cur_wl;     // TC-Weak-C wl (read like gTS: 0 when rolled)
  logic [DW-1:0]   cur_data;
  logic            cur_live;   // the line was written since reset
  assign cur_live  = mlive_q[acc_idx];
  assign cur_tag   = cur_live ? tag_q[acc_idx] : '0;
  assign cur_st    = cur_live ? st_q[acc_idx] : StI;
  assign cur_g     = (cur_live && !groll_q[acc_idx]) ? gts_q[acc_idx] : '0;
  assign cur_dirty = cur_live && dirty_q[acc_idx];
  assign cur_wl    = cur_live && !groll_q[acc_idx] && wl_q[acc_idx];
  assign cur_data  = dlive_q[acc_idx] ? data_q[acc_idx] : '0;

  // Line address of the line in acc_idx (victim writeback, MI entry): tag and set put back.
  logic [LA-1:0]   cur_line;
  assign cur_line = ((LA'(cur_tag) >> LB) << (LB + LS)) | (LA'(acc_set) << LB) |
                    (LA'(cur_tag) & BankMask);

  // ---------------------------------------------------------------------------------------------
  // M3 lease, M9 inc
  // ---------------------------------------------------------------------------------------------

  logic [TSW-1:0]  lt;         // lease of the cycle
  logic [TSW:0]    now_lt_sum;
  logic [TSW-1:0]  now_lt;     // tc_ts_add(now, lt)
  assign lt         = Predict ? life_q : LeaseTs;
  assign now_lt_sum = {1'b0, now_i} + {1'b0, lt};
  assign now_lt     = now_lt_sum[TSW] ? TsMax : now_lt_sum[TSW-1:0];

  function automatic logic [TSW-1:0] grant(logic [TSW-1:0] g, logic [TSW-1:0] nl);
    grant = (g > nl) ? g : nl;
  endfunction

  function automatic logic [TSW-1:0] inc(logic [TSW-1:0] g);
    inc = (g == TsMax) ? g : g + 1'b1;
  endfunction

  // ---------------------------------------------------------------------------------------------
  // M9 data operations on one operand set: the fill (mem data, the IM entry's request) or the
  // head (the matching line's data, the head request)
  // ---------------------------------------------------------------------------------------------

  logic [DW-1:0]   op_base;    // the line before the write or atomic
  logic [DW-1:0]   op_wdata;
  logic [MB-1:0]   op_mask;
  logic [1:0]      op_aop;
  logic [4:0]      op_word;
  logic [31:0]     op_a, op_b;
  assign op_base  = fill ? mem_data_i : cur_data;
  assign op_wdata = fill ? mk_data : h_data;
  assign op_mask  = fill ? mk_mask : h_mask;
  assign op_aop   = fill ? mk_aop : h_aop;
  assign op_word  = fill ? mk_word : h_word;
  assign op_a     = fill ? mk_a : h_a;
  assign op_b     = fill ? mk_b : h_b;

  // Masked write: byte b from op_wdata where op_mask[b].
  logic [DW-1:0]   wr_data;
  gpucoh_bytemerge #(.Bytes(MB)) u_merge (
    .old_i   (op_base),
    .new_i   (op_wdata),
    .mask_i  (op_mask),
    .merged_o(wr_data)
  );

  // Atomic on word op_word (P9: word mod LW).
  logic [LWW-1:0]  op_widx;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0]     at_old;     // the word before the atomic (unused: responses carry the line)
  /* verilator lint_on UNUSEDSIGNAL */
  logic [DW-1:0]   at_data;
  assign op_widx = LWW'(32'(op_word) % LW);
  gpucoh_amo #(.Words(LW)) u_amo (
    .line_i(op_base),
    .word_i(op_widx),
    .aop_i (op_aop),
    .a_i   (op_a),
    .b_i   (op_b),
    .old_o (at_old),
    .line_o(at_data)
  );

  // ---------------------------------------------------------------------------------------------
  // M4-M8, sections 5-7: what this edge does
  // ---------------------------------------------------------------------------------------------

  // Head request, after lazy expiry (M4).
  logic [2:0]      eff_st;     // P/S with gTS < now read as E
  logic            eff_ps;     // eff_st is P or S (an unexpired lease)
  logic [TSW-1:0]  upg_ts;     // M5: ts'
  logic            upg_same;   // ts' == gTS
  logic            upg_priv;   // H07: a private UPGR (P, ts' == gTS, gTS not saturated: P10)
  logic [SMW-1:0]  src_bit;    // 1 << src
  logic            kind_ok;    // kind is GETS, GETX, UPGR or ATOMIC
  logic            is_gets;
  assign eff_st   = ((cur_st == StP || cur_st == StS) && cur_g < now_i) ? StE : cur_st;
  assign eff_ps   = (eff_st == StP || eff_st == StS);
  assign upg_ts   = (h_era == era_i) ? h_ts : '0;
  assign upg_same = (upg_ts == cur_g);
  assign upg_priv = (eff_st == StP) && upg_same && (cur_g != TsMax);
  assign src_bit  = SMW'(1) << h_src;
  assign kind_ok  = (h_kind == ReqGets || h_kind == ReqGetx || h_kind == ReqUpgr ||
                     h_kind == ReqAtomic);
  assign is_gets  = (h_kind == ReqGets);

  // Miss: the MI entry of the line (M4, M7) and the MSHRs needed.
  logic            mi_live;    // unexpired MI entry: reused (H20/H21)
  logic            mi_dead;    // expired MI entry: freed (X03) unless reused as a free entry
  logic            v_unexp;    // the victim is P/S with gTS >= now: it takes an MI entry (V02)
  logic            need_new;   // the miss needs a free entry
  logic            mshr_ok;    // enough free entries (else S02)
  assign mi_live  = mfound && mk_kind == MkMI && !(mk_ts < now_i);
  assign mi_dead  = mfound && mk_kind == MkMI && (mk_ts < now_i);
  assign v_unexp  = (cur_st == StP || cur_st == StS) && !(cur_g < now_i);
  assign need_new = !mi_live;
  assign mshr_ok  = (need_new && v_unexp) ? f1 : (need_new || v_unexp) ? f0 : 1'b1;

  // Decisions. Line write port (one line, acc_idx), MSHR write ports in the order they are
  // applied (fr: clear mv; mg: merge msm; al: the miss's entry; ev: the victim's MI entry).
  logic            served;     // the head request is done (popped)
  logic            lw_meta;    // write tag, st, gts, dirty of line acc_idx
  logic            lw_den;     // write data of line acc_idx
  logic [TGW-1:0]  lw_tag;
  logic [2:0]      lw_st;
  logic [TSW-1:0]  lw_gts;
  logic            lw_dirty;
  logic            lw_wl;      // wl of the written line (written only under TC-Weak-C)
  logic [DW-1:0]   lw_data;
  logic            fr_en;
  logic            mg_en;
  logic [SMW-1:0]  mg_sm;
  logic            al_en;
  logic [MKW-1:0]  al_idx;
  logic [1:0]      al_kind;
  logic [TSW-1:0]  al_ts;
  logic            al_im;      // the miss's entry is IM (the request is stored)
  logic            ev_en;
  logic [MKW-1:0]  ev_idx;
  logic            ev_hit, ev_evict, ev_write;   // M8 events
  logic            rsp_atomic_d;
  logic [2:0]      rsp_kind_d;     // 0: no response
  logic [TSW-1:0]  rsp_ts_d;
  logic [DW-1:0]   rsp_data_d;
  logic            mreq_fetch_d, mreq_wb_d;
  logic [LA-1:0]   mreq_fetch_line_d, mreq_wb_line_d;
  logic [DW-1:0]   mreq_wb_data_d;

  always_comb begin
    served            = 1'b0;
    lw_meta           = 1'b0;
    lw_den            = 1'b0;
    lw_tag            = cur_tag;
    lw_st             = cur_st;
    lw_gts            = cur_g;
    lw_dirty          = cur_dirty;
    lw_wl             = cur_wl;
    lw_data           = cur_data;
    fr_en             = 1'b0;
    mg_en             = 1'b0;
    mg_sm             = mk_sm | src_bit;
    al_en             = 1'b0;
    al_idx            = mi_live ? mk : a0;
    al_kind           = is_gets ? MkIS : MkIM;
    al_ts             = mi_live ? mk_ts : '0;
    al_im             = !is_gets;
    ev_en             = 1'b0;
    ev_idx            = need_new ? a1 : a0;
    ev_hit            = 1'b0;
    ev_evict          = 1'b0;
    ev_write          = 1'b0;
    rsp_kind_d        = '0;
    rsp_atomic_d      = 1'b0;
    rsp_ts_d          = '0;
    rsp_data_d        = '0;
    mreq_fetch_d      = 1'b0;
    mreq_fetch_line_d = '0;
    mreq_wb_d         = 1'b0;
    mreq_wb_line_d    = '0;
    mreq_wb_data_d    = '0;

    if (fill) begin
      // (a) Fill, section 5 (P9: no entry, or M1 violated -> nothing happens).
      if (fill_ok && !m1_bad) begin
        fr_en   = 1'b1;                       // the entry is freed
        lw_meta = 1'b1;
        lw_den  = 1'b1;
        if (mk_kind == MkIS && WeakC && !(mk_ts < now_i)) begin
          // F07 (N4): an unexpired inherited stamp: DATA_W(msm, mts), no new lease -> S, wl 1.
          lw_st      = StS;
          lw_gts     = mk_ts;
          lw_dirty   = 1'b0;
          lw_wl      = 1'b1;
          lw_data    = mem_data_i;
          rsp_kind_d = RspDataW;
          rsp_ts_d   = mk_ts;
          rsp_data_d = mem_data_i;
        end else if (mk_kind == MkIS) begin
          // F01 (one requester) -> P, F02 (several) -> S.
          lw_st      = ((mk_sm & (mk_sm - 1'b1)) == '0) ? StP : StS;
          if (!(grant(mk_ts, now_lt) > mk_ts)) begin
            // F08 (P11): the grant does not exceed the inherited stamp (grant(mts) == mts):
            // old holders may have copies with lTS == mts, so the line is not private -> S.
            lw_st    = StS;
          end
          lw_gts     = grant(mk_ts, now_lt);
          lw_dirty   = 1'b0;
          lw_wl      = 1'b0;
          lw_data    = mem_data_i;
          rsp_kind_d = RspData;
          rsp_ts_d   = grant(mk_ts, now_lt);
          rsp_data_d = mem_data_i;
        end else begin
          // IM: F03/F04 (mts < now) -> E, gTS := mts; F05/F06 (inherited unexpired stamp, D4)
          // -> P, gTS := inc(mts).
          lw_st    = (mk_ts < now_i) ? StE : StP;
          lw_gts   = (mk_ts < now_i) ? mk_ts : inc(mk_ts);
          lw_dirty = 1'b1;
          lw_wl    = !(mk_ts < now_i);        // N1 (F05/F06), N2 (F03/F04)
          if (mk_op == ReqAtomic) begin
            lw_data      = at_data;
            rsp_kind_d   = RspDataG;
            rsp_atomic_d = 1'b1;
            rsp_ts_d     = mk_ts;
            rsp_data_d   = mem_data_i;         // the line before the atomic
          end else begin
            lw_data    = wr_data;
            rsp_kind_d = (mk_ts < now_i) ? RspAck : RspAckG;
            rsp_ts_d   = (mk_ts < now_i) ? '0 : mk_ts;
          end
        end
      end
    end else if (head) begin
      // (b) Head request, section 6 (TC-Weak) and section 7 (TC-Strong).
      if (!kind_ok) begin
        // P9: a kind outside 1..4 is dropped (popped) and changes nothing else.
        served = 1'b1;
      end else if (m1_bad) begin
        // P9: an M1 violation changes nothing (the head stays).
      end else if (hit) begin
        if (cur_st == StIS) begin
          // H15: a GETS merges into the IS entry; anything else stalls (H16, S03).
          if (is_gets) begin
            served = 1'b1;
            mg_en  = 1'b1;
            ev_hit = h_exp;
          end
        end else if (cur_st == StP || cur_st == StS || cur_st == StE) begin
          unique case (h_kind)
            ReqGets: begin
              if (WeakC && eff_ps && cur_wl) begin
                // H22 P / H23 S (N3): DATA_W(gTS), no lease; the line is not written.
                served     = 1'b1;
                rsp_kind_d = RspDataW;
                rsp_ts_d   = cur_g;
                rsp_data_d = cur_data;
                ev_hit     = h_exp;
              end else begin
                // H01 P -> S, H02 S -> S, H03 E -> P; DATA with the new lease. wl is 0 (P/S
                // with wl = 1 took H22/H23; E: N2).
                served     = 1'b1;
                lw_meta    = 1'b1;
                lw_st      = (eff_st == StE) ? StP : StS;
                lw_gts     = grant(cur_g, now_lt);
                lw_wl      = 1'b0;
                rsp_kind_d = RspData;
                rsp_ts_d   = grant(cur_g, now_lt);
                rsp_data_d = cur_data;
                ev_hit     = h_exp || (eff_st == StE);
              end
            end
            ReqGetx: begin
              // H04/H05 P/S: ACK_G(gTS) -> P; H06 E: ACK -> E. TC-Strong: P/S stall (S04).
              if (!(Strong && eff_ps)) begin
                served     = 1'b1;
                lw_meta    = 1'b1;
                lw_den     = 1'b1;
                lw_st      = eff_ps ? StP : StE;
                lw_gts     = inc(cur_g);
                lw_dirty   = 1'b1;
                lw_wl      = eff_ps;                 // N1 (H04/H05), N2 (H06)
                lw_data    = wr_data;
                rsp_kind_d = eff_ps ? RspAckG : RspAck;
                rsp_ts_d   = eff_ps ? cur_g : '0;
                ev_write   = eff_ps;
              end
            end
            ReqUpgr: begin
              // H07 P, ts' == gTS < 2^TsWidth-1: ACK (private); H24 P, ts' == gTS ==
              // 2^TsWidth-1: ACK_G (P10: a saturated stamp proves nothing); H08 P, ts' != gTS:
              // DATA_G; H09 S, ts' == gTS: ACK_G; H10 S, ts' != gTS: DATA_G; all -> P. H11 E:
              // ACK -> E. TC-Strong: every P/S case but H07 stalls (S04; H24 included, P10).
              if (!(Strong && eff_ps && !upg_priv)) begin
                served   = 1'b1;
                lw_meta  = 1'b1;
                lw_den   = 1'b1;
                lw_st    = eff_ps ? StP : StE;
                lw_gts   = inc(cur_g);
                lw_dirty = 1'b1;
                // N1: H08-H10 and H24 set wl, H07 (private) keeps it; N2: H11 (E) writes 0.
                lw_wl    = eff_ps && (!upg_priv || cur_wl);
                lw_data  = wr_data;
                ev_write = eff_ps;
                if (!eff_ps || upg_priv) begin
                  rsp_kind_d = RspAck;
                end else if (upg_same) begin       // H09 and H24 (P10): ACK_G(gTS)
                  rsp_kind_d = RspAckG;
                  rsp_ts_d   = cur_g;
                end else begin
                  rsp_kind_d = RspDataG;
                  rsp_ts_d   = cur_g;
                  rsp_data_d = wr_data;              // the line after the write
                end
              end
            end
            default: begin
              // ReqAtomic. H12/H13 P/S -> P, H14 E -> E; DATA_G(atomic, gTS, line before).
              // TC-Strong: P/S stall (S04).
              if (!(Strong && eff_ps)) begin
                served       = 1'b1;
                lw_meta      = 1'b1;
                lw_den       = 1'b1;
                lw_st        = eff_ps ? StP : StE;
                lw_gts       = inc(cur_g);
                lw_dirty     = 1'b1;
                lw_wl        = eff_ps;               // N1 (H12/H13), N2 (H14)
                lw_data      = at_data;
                rsp_kind_d   = RspDataG;
                rsp_atomic_d = 1'b1;
                rsp_ts_d     = cur_g;
                rsp_data_d   = cur_data;
              end
            end
          endcase
        end
        // I_M (H17) stalls (S03); states 6, 7 never occur (St_Legal_A).
      end else begin
        // Miss (H18-H21). TC-Strong: a write to an unexpired MI entry stalls (S04); no victim
        // stalls (S01); too few free entries stall (S02).
        if (!(Strong && mi_live && !is_gets) && vfound && mshr_ok) begin
          served            = 1'b1;
          fr_en             = mi_dead;        // X03 (overridden if the entry is reused)
          al_en             = 1'b1;
          ev_en             = v_unexp;        // V02
          lw_meta           = 1'b1;
          lw_tag            = acc_tag;
          lw_st             = is_gets ? StIS : StIM;
          lw_gts            = '0;             // P1: a transient line shows no stale stamp
          lw_dirty          = 1'b0;
          lw_wl             = 1'b0;
          mreq_fetch_d      = 1'b1;
          mreq_fetch_line_d = h_line;
          if (cur_dirty) begin
            mreq_wb_d      = 1'b1;
            mreq_wb_line_d = cur_line;
            mreq_wb_data_d = cur_data;
          end
          ev_hit   = is_gets && h_exp;
          ev_evict = v_unexp;
        end
      end
    end
  end

  // The response: a fill's goes to msm (IS) or 1 << msrc with msrc's wf (IM), a head request's
  // to 1 << src with its wf; DATA carries wf 0, every response era_i (M5, P6), and nothing is
  // driven without a response (timing contract rule 6).
  logic            rsp_valid_d;
  logic [SMW-1:0]  rsp_dst_d;
  logic [5:0]      rsp_wf_d;
  logic [LA-1:0]   rsp_line_d;
  logic            rsp_era_d;
  assign rsp_valid_d = (rsp_kind_d != '0);
  assign rsp_dst_d   = !rsp_valid_d ? '0 :
                       !fill ? src_bit : (mk_kind == MkIS) ? mk_sm : SMW'(1) << mk_src;
  assign rsp_wf_d    = (!rsp_valid_d || rsp_kind_d == RspData || rsp_kind_d == RspDataW) ? '0 :
                       fill ? mk_wf : h_wf;
  assign rsp_line_d  = rsp_valid_d ? acc_line : '0;
  assign rsp_era_d   = rsp_valid_d && era_i;

  // ---------------------------------------------------------------------------------------------
  // M8 predictor, FIFO bookkeeping
  // ---------------------------------------------------------------------------------------------

  logic signed [PRW-1:0] life_sum;
  logic [TSW-1:0]        life_d;
  assign life_sum = $signed(PRW'(life_q)) + (ev_hit ? StepHit : StepZero) -
                    (ev_evict ? StepEvict : StepZero) -
                    ((ev_write && TWrOn) ? StepWrite : StepZero);
  always_comb begin
    if (life_sum < LifeMin) begin
      life_d = TSW'(LifeMin);
    end else if (life_sum > LifeMax) begin
      life_d = TSW'(LifeMax);
    end else begin
      life_d = TSW'(life_sum);
    end
  end

  logic            push, pop;
  assign req_ready_o = (fcnt < QueueQ);
  assign push        = req_valid_i && req_ready_o;
  assign pop         = head && served;

  // ---------------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------------

  /* verilator lint_off UNUSEDSIGNAL */
  logic [QW-1:0]   fcnt_d;     // entries after the edge (the bank's ready is combinational)
  /* verilator lint_on UNUSEDSIGNAL */
  gpucoh_fifo #(
    .Width(FEW + DW + MB),
    .Depth(L2Queue)
  ) u_fifo (
    .clk_i,
    .rst_ni,
    .push_i    (push),
    .data_i    ({req_kind_i, req_src_i, req_wf_i, req_line_i, req_exp_i, req_ts_i, req_era_i,
                 req_aop_i, req_word_i, req_a_i, req_b_i, req_data_i, req_mask_i}),
    .pop_i     (pop),
    .head_o    ({h_ctl, h_data, h_mask}),
    .cnt_o     (fcnt),
    .cnt_next_o(fcnt_d)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      life_q            <= TSW'(PredInit);
      rsp_valid_q       <= 1'b0;
      rsp_kind_q        <= '0;
      rsp_dst_q         <= '0;
      rsp_wf_q          <= '0;
      rsp_atomic_q      <= 1'b0;
      rsp_line_q        <= '0;
      rsp_ts_q          <= '0;
      rsp_era_q         <= 1'b0;
      rsp_data_q        <= '0;
      mreq_fetch_q      <= 1'b0;
      mreq_fetch_line_q <= '0;
      mreq_wb_q         <= 1'b0;
      mreq_wb_line_q    <= '0;
      mreq_wb_data_q    <= '0;
    end else begin
      life_q            <= life_d;
      rsp_valid_q       <= rsp_valid_d;
      rsp_kind_q        <= rsp_kind_d;
      rsp_dst_q         <= rsp_dst_d;
      rsp_wf_q          <= rsp_wf_d;
      rsp_atomic_q      <= rsp_atomic_d;
      rsp_line_q        <= rsp_line_d;
      rsp_ts_q          <= rsp_ts_d;
      rsp_era_q         <= rsp_era_d;
      rsp_data_q        <= rsp_data_d;
      mreq_fetch_q      <= mreq_fetch_d;
      mreq_fetch_line_q <= mreq_fetch_line_d;
      mreq_wb_q         <= mreq_wb_d;
      mreq_wb_line_q    <= mreq_wb_line_d;
      mreq_wb_data_q    <= mreq_wb_data_d;
    end
  end

  // Values written by the MSHR allocation ports (P2: fields a kind does not use are 0).
  logic [SMW-1:0]  al_sm;
  logic [2:0]      al_op;
  logic [5:0]      al_src, al_wf;
  logic [DW-1:0]   al_data;
  logic [MB-1:0]   al_mask;
  logic [1:0]      al_aop;
  logic [4:0]      al_word;
  logic [31:0]     al_a, al_b;
  logic [3:0]      al_way;
  assign al_sm   = al_im ? '0 : src_bit;
  assign al_op   = al_im ? h_kind : '0;
  assign al_src  = al_im ? h_src : '0;
  assign al_wf   = al_im ? h_wf : '0;
  assign al_data = al_im ? h_data : '0;
  assign al_mask = al_im ? h_mask : '0;
  assign al_aop  = al_im ? h_aop : '0;
  assign al_word = al_im ? h_word : '0;
  assign al_a    = al_im ? h_a : '0;
  assign al_b    = al_im ? h_b : '0;
  assign al_way  = 4'(32'(acc_idx) - 32'(set_base));

  // One description for every simulator and for synthesis. The reset and the roll clear write
  // the packed bits (whole-vector writes, which Verilator 5.006, Yosys 0.23 and Icarus 11 all
  // accept); the arrays are written one element per port, in the order given (later wins).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      mlive_q <= '0;
      dlive_q <= '0;
      groll_q <= '0;
    end else begin
      if (lw_meta) begin
        tag_q[acc_idx]   <= lw_tag;
        st_q[acc_idx]    <= lw_st;
        gts_q[acc_idx]   <= lw_gts;
        dirty_q[acc_idx] <= lw_dirty;
        wl_q[acc_idx]    <= WeakC && lw_wl;    // N1-N4; 0 under the other protocols
        mlive_q[acc_idx] <= 1'b1;
        groll_q[acc_idx] <= 1'b0;
      end
      if (lw_den) begin
        data_q[acc_idx]  <= lw_data;
        dlive_q[acc_idx] <= 1'b1;
      end
      if (roll_i) begin
        groll_q <= '1;                         // RO2, after (a)-(d)
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      mv_q    <= '0;
      mlv_q   <= '0;
      mroll_q <= '0;
    end else begin
      if (fr_en) begin
        mv_q[mk] <= 1'b0;
      end
      if (mg_en) begin
        msm_q[mk] <= mg_sm;                    // mk is a valid entry: written since reset
      end
      if (al_en) begin
        mv_q[al_idx]    <= 1'b1;
        mlv_q[al_idx]   <= 1'b1;
        mroll_q[al_idx] <= 1'b0;
        mkind_q[al_idx] <= al_kind;
        mline_q[al_idx] <= h_line;
        mway_q[al_idx]  <= al_way;
        mts_q[al_idx]   <= al_ts;
        msm_q[al_idx]   <= al_sm;
        mop_q[al_idx]   <= al_op;
        msrc_q[al_idx]  <= al_src;
        mwf_q[al_idx]   <= al_wf;
        mdata_q[al_idx] <= al_data;
        mmask_q[al_idx] <= al_mask;
        maop_q[al_idx]  <= al_aop;
        mword_q[al_idx] <= al_word;
        ma_q[al_idx]    <= al_a;
        mb_q[al_idx]    <= al_b;
      end
      if (ev_en) begin
        mv_q[ev_idx]    <= 1'b1;
        mlv_q[ev_idx]   <= 1'b1;
        mroll_q[ev_idx] <= 1'b0;
        mkind_q[ev_idx] <= MkMI;
        mline_q[ev_idx] <= cur_line;
        mway_q[ev_idx]  <= '0;
        mts_q[ev_idx]   <= cur_g;
        msm_q[ev_idx]   <= '0;
        mop_q[ev_idx]   <= '0;
        msrc_q[ev_idx]  <= '0;
        mwf_q[ev_idx]   <= '0;
        mdata_q[ev_idx] <= '0;
        mmask_q[ev_idx] <= '0;
        maop_q[ev_idx]  <= '0;
        mword_q[ev_idx] <= '0;
        ma_q[ev_idx]    <= '0;
        mb_q[ev_idx]    <= '0;
      end
      if (roll_i) begin
        mroll_q <= '1;                         // RO2, after (a)-(d)
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs: registers only (timing contract rule 4); req_ready_o (above) is fcnt < L2Queue
  // ---------------------------------------------------------------------------------------------

  assign rsp_valid_o       = rsp_valid_q;
  assign rsp_kind_o        = rsp_kind_q;
  assign rsp_dst_o         = rsp_dst_q;
  assign rsp_wf_o          = rsp_wf_q;
  assign rsp_atomic_o      = rsp_atomic_q;
  assign rsp_line_o        = rsp_line_q;
  assign rsp_ts_o          = rsp_ts_q;
  assign rsp_era_o         = rsp_era_q;
  assign rsp_data_o        = rsp_data_q;
  assign mreq_fetch_o      = mreq_fetch_q;
  assign mreq_fetch_line_o = mreq_fetch_line_q;
  assign mreq_wb_o         = mreq_wb_q;
  assign mreq_wb_line_o    = mreq_wb_line_q;
  assign mreq_wb_data_o    = mreq_wb_data_q;

  // ---------------------------------------------------------------------------------------------
  // Assertions (simulation only; not under SYNTHESIS or Icarus)
  // ---------------------------------------------------------------------------------------------

  // Immediate assertions in a clocked block: they see the inputs of the edge together with the
  // logic computed from them. (A concurrent assertion samples its signals when eval() starts,
  // when the testbench has already driven the new inputs but the logic computed from them still
  // holds last cycle's values.) They read plain signals only: Verilator 5.006 fails internally
  // on an array select inside an assertion. ASSERT_WARN-like checks ($warning) flag protocol
  // errors of the environment, which a testbench may commit on purpose (P9).

`ifndef SYNTHESIS
`ifndef __ICARUS__
  logic sva_rsp_quiet;       // every rsp payload output is 0
  logic sva_fetch_quiet;     // mreq fetch payload is 0
  logic sva_wb_quiet;        // mreq wb payload is 0
  logic sva_way_ok;          // the matching entry's way is inside the set
  logic sva_src_ok;          // the head request's src names an SM
  logic sva_word_ok;         // the head request's atomic word is inside the line
  logic sva_life_ok;         // the predictor's next value is within [PredMin, PredMax]
  assign sva_rsp_quiet   = rsp_kind_o == '0 && rsp_dst_o == '0 && rsp_wf_o == '0 &&
                           !rsp_atomic_o && rsp_line_o == '0 && rsp_ts_o == '0 && !rsp_era_o &&
                           rsp_data_o == '0;
  assign sva_fetch_quiet = (mreq_fetch_line_o == '0);
  assign sva_wb_quiet    = mreq_wb_line_o == '0 && mreq_wb_data_o == '0;
  assign sva_way_ok      = 32'(mk_way) < L2Ways;
  assign sva_src_ok      = 32'(h_src) < NumSm;
  assign sva_word_ok     = 32'(h_word) < LW;
  // (life + 1 > PredMin rather than life >= PredMin: PredMin = 0 would be a constant compare)
  assign sva_life_ok     = 64'(life_d) + 64'd1 > 64'(PredMin) && 64'(life_d) <= 64'(PredMax);

  always_ff @(posedge clk_i) begin : p_sva
    if (rst_ni) begin
      if (fill || head) begin
        // M1: at most one way and one MSHR entry match the accessed line.
        M1_WayUnique_A: assert (!wdup)
          else $error("[%m] M1: two ways of the set match the line");
        M1_MshrUnique_A: assert (!mdup)
          else $error("[%m] M1: two MSHR entries match the line");
        // Line states stay in 0..5.
        St_Legal_A: assert (cur_st <= StIM)
          else $error("[%m] illegal line state %0d", cur_st);
        // N1/N2: wl is set only under TC-Weak-C and only on P or S lines (never E or transient).
        N2_WlOnPS_A: assert (!cur_wl || (WeakC && (cur_st == StP || cur_st == StS)))
          else $error("[%m] wl set on a line in state %0d", cur_st);
      end
      if (fill) begin
        // Section 5: a fill finds its IS/IM entry (a protocol error of the DRAM side
        // otherwise), the entry's way is in the set and holds the line in I_S / I_M.
        F_FillHasEntry_A: assert (fill_ok)
          else $warning("[%m] fill of line %0h without an IS/IM entry", mem_line_i);
        if (fill_ok) begin
          F_FillWayInSet_A: assert (sva_way_ok)
            else $error("[%m] MSHR way %0d outside the set", mk_way);
          F_FillFindsLine_A: assert (cur_tag == acc_tag &&
                                     cur_st == ((mk_kind == MkIS) ? StIS : StIM))
            else $error("[%m] the fill's way does not hold the line in I_S / I_M");
          // Section 7: F05/F06 (an unexpired inherited stamp on an IM fill) never occur under
          // TC-Strong.
          F_StrongNoInheritedWrite_A: assert (!(Strong && mk_kind == MkIM) || mk_ts < now_i)
            else $error("[%m] TC-Strong IM fill with an unexpired stamp");
        end
      end
      if (head) begin
        // Protocol checks on the head request.
        Req_KindLegal_A: assert (kind_ok)
          else $warning("[%m] request kind %0d (legal: 1 .. 4)", h_kind);
        Req_SrcInRange_A: assert (sva_src_ok)
          else $warning("[%m] request src %0d >= NumSm", h_src);
        Req_WordInRange_A: assert (h_kind != ReqAtomic || sva_word_ok)
          else $warning("[%m] atomic word %0d outside the line", h_word);
        Req_AopLegal_A: assert (h_kind != ReqAtomic || h_aop != 2'd3)
          else $warning("[%m] atomic aop 3 (legal: 0 .. 2)");
        if (kind_ok && !hit && mfound) begin
          // M1 (consistency): an IS/IM entry's line is in the cache: a miss meets only MI.
          M1_MissOnlyMi_A: assert (mk_kind == MkMI)
            else $error("[%m] a missing line has an IS/IM entry");
        end
        if (kind_ok && hit && (cur_st == StIS || cur_st == StIM)) begin
          // M1 (consistency): an I_S / I_M line has its IS / IM entry.
          M1_TransientHasEntry_A: assert (mfound && mk_kind == ((cur_st == StIS) ? MkIS : MkIM))
            else $error("[%m] an I_S / I_M line without its MSHR entry");
        end
        if (kind_ok && !hit && served) begin
          // M6: a victim is never transient.
          M6_VictimNotTransient_A: assert (cur_st != StIS && cur_st != StIM)
            else $error("[%m] transient victim");
        end
      end
      // M7: the miss's entry and the victim's MI entry are different.
      M7_TwoEntries_A: assert (!(al_en && ev_en) || al_idx != ev_idx)
        else $error("[%m] the miss and the victim take the same MSHR entry");
      // M8: the predictor stays within [PredMin, PredMax].
      M8_LifeInRange_A: assert (sva_life_ok)
        else $error("[%m] predictor out of range");
      // M2: the FIFO never holds more than L2Queue requests; no pop from an empty FIFO.
      M2_FifoBound_A: assert (!(push && !pop && fcnt == QueueQ) && !(pop && fcnt == '0))
        else $error("[%m] FIFO count out of range");
      // Timing contract rule 6: payloads are 0 when their valid is 0.
      RspPayloadZero_A: assert (rsp_valid_o || sva_rsp_quiet)
        else $error("[%m] rsp payload while rsp_valid_o = 0");
      FetchPayloadZero_A: assert (mreq_fetch_o || sva_fetch_quiet)
        else $error("[%m] fetch payload while mreq_fetch_o = 0");
      WbPayloadZero_A: assert (mreq_wb_o || sva_wb_quiet)
        else $error("[%m] wb payload while mreq_wb_o = 0");
    end
  end
`endif
`endif

endmodule
