// SPDX-License-Identifier: Apache-2.0
//
// gtsc_l2 -- G-TSC L2 bank, one per L2 bank (gtsc and gtsc-sc; the bank is the same for both).
//
// A write-back, write-allocate bank whose lines carry a write timestamp wts and a lease end rts
// in logical time: every read gets a lease (T5), every store and atomic a timestamp after every
// lease granted (T6) without waiting, a renewal whose wts still matches is answered with the
// lease alone (RNW), one mem_ts stands for every evicted line (non-inclusive: no recall), and
// ovf_o rises when a store's timestamp would exceed TsMax (the global reset of gtsc.md section
// 7). Specification: docs/units/gtsc/gtsc_l2.md (rules R1-R14, rows H01-H05 (.h / .m, .old),
// O01, M01-M03, S01-S03, F01, F02, E01, E02, X01, Q01, illegal inputs J1-J6, assertions B1-B8),
// the family page docs/units/gtsc/gtsc.md (messages section 4, timestamp rules T1-T11, overflow
// section 7, decisions N1-N24 / D1-D20) and docs/units/gtsc/review-2026-11-30.md (its fixes and
// the owner's decisions, section 7). Every output is a register (docs/timing.md rule 4).
//
//               +--------------------------------------------------------+
//  mem_*      =>| (a) DRAM fill F01 first                                 |=> mreq_*
//  tsrst_i    =>| (b) nothing performed while ovf_q or tsrst_i            |=> ovf_o
//  req_*      =>| (c) ready MSHR entry, lowest first   lines, mem_ts, ep  |=> rsp_*
//  lease_i    =>| (d) FIFO[L2Queue] head: hit / miss / stall              |=> req_ready_o
//               +--------------------------------------------------------+
//
// Parameters (an illegal value stops elaboration with a message naming it; nothing is clamped;
// all `bit [31:0]`; defaults are the thesis configuration of gtsc_l2.md section 1; the small
// one is NumSm 4, NumBanks 2, LineBytes 16, AddrWidth 16, L2Sets 4, L2Ways 2, L2Mshrs 4,
// L2Queue 2, TsWidth 6, EpWidth 4):
//   NumSm      SMs: width of rsp_dst_o; 1 .. 64 (default 16)
//   NumBanks   banks (the set index skips the bank bits); 1, 2, 4, 8, 16 (default 8)
//   LineBytes  line size in bytes; 16, 32, 64, 128 (default 128)
//   AddrWidth  byte-address bits; 16 .. 48, LA >= log2 NumBanks + log2 L2Sets + 1 (default 32)
//   L2Sets     sets per bank; power of two, 1 .. 1024 (default 128)
//   L2Ways     ways per set; 1 .. 16 (default 8)
//   L2Mshrs    MSHR entries (one per pending DRAM fill); 1 .. 64 (default 32)
//   L2Queue    request FIFO entries; 1 .. 8 (default 4)
//   TsWidth    bits of every timestamp (logical-time units); 6 .. 32 (default 16)
//   EpWidth    epoch bits (timestamp resets seen, modulo 2^EpWidth); 1 .. 8 (default 4)
// Derived (never set them): LL = log2 LineBytes, LA = AddrWidth - LL line-address bits,
// DB = 8*LineBytes, LW = LineBytes/4 words, BB = log2 NumBanks, SB = log2 L2Sets, TGW = LA - BB
// - SB tag-register bits (the page's TAGW), Lines = L2Sets*L2Ways, WW = max(1, clog2 L2Ways),
// TsMax = 2^TsWidth - 1; index widths SIW, LIW, MKW, LWW (at least 1).
//
// Ports (spec section 2; the payload of every output is 0 when its valid is 0, and a response
// field its kind does not name is 0):
//   clk_i, rst_ni                   clock; synchronous active-low reset
//   lease_i[TsWidth]                the bank's lease (Lease or LeaseOdd, a constant; J4, B6)
//   bank_i[4]                       this bank's number, a constant (a strap): its low BB bits are
//                                   the bank field of a write-back's line address (the tag skips
//                                   the bank bits); one Verilated model serves every bank
//   tsrst_i                         the timestamp reset from gtsc_ovf (R10)
//   ovf_o                           ovf_q: a store or atomic waits for the reset (R9)
//   req_valid_i, req_kind_i[2] (RD, WR, AT), req_src_i[6], req_wf_i[6], req_line_i[LA],
//   req_wts_i[TsWidth], req_warp_ts_i[TsWidth], req_ep_i[EpWidth], req_data_i[DB],
//   req_mask_i[LineBytes], req_aop_i[2], req_word_i[5], req_a_i[32], req_b_i[32]
//                                   the req network, taken when req_ready_o was 1
//   req_ready_o                     the FIFO has room (fcnt < L2Queue)
//   rsp_valid_o, rsp_kind_o[3] (FILL, RNW, WACK, AACK), rsp_dst_o[NumSm] (one-hot), rsp_wf_o[6],
//   rsp_line_o[LA], rsp_wts_o[TsWidth], rsp_rts_o[TsWidth], rsp_keep_o, rsp_ep_o[EpWidth],
//   rsp_data_o[DB]                  the rsp network
//   mem_valid_i, mem_line_i[LA], mem_data_i[DB]     DRAM fill (never refused)
//   mreq_fetch_o, mreq_fetch_line_o[LA]             DRAM fetch
//   mreq_wb_o, mreq_wb_line_o[LA], mreq_wb_data_o[DB]  DRAM write-back (same edge as a fetch)
//
// State (spec section 3; all verilator public_flat_rd). Per line i = set*L2Ways + way: tag_q,
// st_q (I 0, V 1, D 2, P 3), wts_q, rts_q, data_q (reset 0, I). Per set: rr_q (packed, set s at
// [s*WW +: WW], reset 0). Per MSHR entry k: mv_q, mrdy_q (packed), mline_q, mway_q, mkind_q,
// msrc_q, mwf_q, mwts_q, mwarp_q, mep_q, mdata_q, mmask_q, maop_q, mword_q, ma_q, mb_q (reset
// 0). mem_ts_q (reset 1), ep_q (reset 0), ovf_q (reset 0). The FIFO count is u_fifo.cnt_q.
// The output registers (*_q of every output).
//
// Rules (spec section 4; the rows of sections 5-7 are in the decode below):
//   R1  rst_ni = 0 loads every reset value; nothing else happens.
//   R2  Order of an edge: (a) a DRAM fill (F01 / F02); no request performed. (b) else nothing
//       while ovf_q or tsrst_i. (c) else the lowest ready entry is performed on its way
//       (H01-H05 .m, O01) and freed unless O01. (d) else the FIFO head: a V / D line is
//       performed (.h) and popped unless O01; a P line stalls (S03); no line: allocation
//       (M01-M03) and pop, or S02 / S01. (e) push a legal request taken with req_ready_q.
//       (f) tsrst_i: R10 after (a)-(e). (g) req_ready := fcnt' < L2Queue. No bypass.
//   R4  Sums one bit wider than TsWidth; sat(x) = min(x, TsMax).
//   R5  ep != ep_q: wts_e := 0, warp_e := 1 (.old); else the request's wts, warp_ts.
//   R6  Victim: the lowest I way; else from rr_q[s] circularly (gpucoh_rr_ffs) the first V or D
//       way; rr_q[s] := way + 1 mod L2Ways; a V / D victim raises mem_ts := max(mem_ts, rts)
//       (T3); a D victim is written back; the way becomes P, new tag, wts 0, rts 0.
//   R7  MSHR: the lowest free entry; precedence S02 then S01.
//   R9  A WR / AT on a line with rts == TsMax: only ovf_q := 1 (O01); the request stays.
//   R10 tsrst_i: every V / D line wts := 1, rts := sat(1 + lease_i); mem_ts := 1; ep_q + 1;
//       ovf_q := 0 (after a fill of the same edge).
//   R11 Responses: dst = 1 << src, wf, line of the request, ep = ep_q (before any reset).
//   R12 WR: bytes under mask (gpucoh_bytemerge); AT: gpucoh_amo on word mod LW; D always.
//   J2  A request of kind NONE, src >= NumSm or an AT with aop 3 is not pushed.
//
// Readings (where the page leaves a cycle-visible choice open; listed for the page owner):
//   G1  Tag: the page's TAGW = LA - BB - SB; the write-back address of a dirty victim takes
//       its bank field from the input bank_i (a parameter BankId until 2026-11-30: the
//       thesis configuration then needed a Verilated model per bank; gtsc_l2.md section 1).
//   G2  The cover points K01-K22 are counted by the C model, as the hLRC and DeNovo units': the
//       RTL exposes the rows' state through the registers the lockstep compares, no cover port.
//   G3  B8 is checked on the one unsaturated sum that is stored, C.rts + 1 (the store's
//       timestamp); the other sums are stored through sat().

`include "gpucoh_assert.svh"

module gtsc_l2 #(
  parameter bit [31:0] NumSm     = 32'd16,
  parameter bit [31:0] NumBanks  = 32'd8,
  parameter bit [31:0] LineBytes = 32'd128,
  parameter bit [31:0] AddrWidth = 32'd32,
  parameter bit [31:0] L2Sets    = 32'd128,
  parameter bit [31:0] L2Ways    = 32'd8,
  parameter bit [31:0] L2Mshrs   = 32'd32,
  parameter bit [31:0] L2Queue   = 32'd4,
  parameter bit [31:0] TsWidth   = 32'd16,
  parameter bit [31:0] EpWidth   = 32'd4,
  // Derived parameters: do not override.
  localparam int       LL        = (LineBytes > 1) ? $clog2(LineBytes) : 1,
  localparam int       LA        = (AddrWidth > LL) ? AddrWidth - LL : 1,
  localparam int       DB        = 8 * LineBytes,
  localparam int       NS        = (NumSm >= 1) ? NumSm : 1,
  localparam int       TW        = (TsWidth >= 1) ? TsWidth : 1,
  localparam int       EW        = (EpWidth >= 1) ? EpWidth : 1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // configuration, overflow
  input  logic [TW-1:0]         lease_i,
  input  logic [3:0]            bank_i,
  input  logic                  tsrst_i,
  output logic                  ovf_o,
  // req network (L1 -> bank)
  input  logic                  req_valid_i,
  input  logic [1:0]            req_kind_i,
  input  logic [5:0]            req_src_i,
  input  logic [5:0]            req_wf_i,
  input  logic [LA-1:0]         req_line_i,
  input  logic [TW-1:0]         req_wts_i,
  input  logic [TW-1:0]         req_warp_ts_i,
  input  logic [EW-1:0]         req_ep_i,
  input  logic [DB-1:0]         req_data_i,
  input  logic [LineBytes-1:0]  req_mask_i,
  input  logic [1:0]            req_aop_i,
  input  logic [4:0]            req_word_i,
  input  logic [31:0]           req_a_i,
  input  logic [31:0]           req_b_i,
  output logic                  req_ready_o,
  // rsp network (bank -> the requesting L1)
  output logic                  rsp_valid_o,
  output logic [2:0]            rsp_kind_o,
  output logic [NS-1:0]         rsp_dst_o,
  output logic [5:0]            rsp_wf_o,
  output logic [LA-1:0]         rsp_line_o,
  output logic [TW-1:0]         rsp_wts_o,
  output logic [TW-1:0]         rsp_rts_o,
  output logic                  rsp_keep_o,
  output logic [EW-1:0]         rsp_ep_o,
  output logic [DB-1:0]         rsp_data_o,
  // DRAM
  input  logic                  mem_valid_i,
  input  logic [LA-1:0]         mem_line_i,
  input  logic [DB-1:0]         mem_data_i,
  output logic                  mreq_fetch_o,
  output logic [LA-1:0]         mreq_fetch_line_o,
  output logic                  mreq_wb_o,
  output logic [LA-1:0]         mreq_wb_line_o,
  output logic [DB-1:0]         mreq_wb_data_o
);

  // ---------------------------------------------------------------------------------------------
  // Parameter checks (spec section 1)
  // ---------------------------------------------------------------------------------------------

  `ASSERT_ELAB(P_NumSm_A, NumSm >= 1 && NumSm <= 64, "gtsc_l2: illegal NumSm (legal: 1 .. 64)")
  `ASSERT_ELAB(P_NumBanks_A, NumBanks == 1 || NumBanks == 2 || NumBanks == 4 ||
               NumBanks == 8 || NumBanks == 16,
               "gtsc_l2: illegal NumBanks (legal: 1, 2, 4, 8, 16)")
  `ASSERT_ELAB(P_LineBytes_A, LineBytes == 16 || LineBytes == 32 || LineBytes == 64 ||
               LineBytes == 128, "gtsc_l2: illegal LineBytes (legal: 16, 32, 64, 128)")
  `ASSERT_ELAB(P_AddrWidth_A, AddrWidth >= 16 && AddrWidth <= 48,
               "gtsc_l2: illegal AddrWidth (legal: 16 .. 48)")
  `ASSERT_ELAB(P_L2Sets_A, L2Sets >= 1 && L2Sets <= 1024 && (L2Sets & (L2Sets - 1)) == 0,
               "gtsc_l2: illegal L2Sets (legal: power of two, 1 .. 1024)")
  `ASSERT_ELAB(P_L2Ways_A, L2Ways >= 1 && L2Ways <= 16,
               "gtsc_l2: illegal L2Ways (legal: 1 .. 16)")
  `ASSERT_ELAB(P_L2Mshrs_A, L2Mshrs >= 1 && L2Mshrs <= 64,
               "gtsc_l2: illegal L2Mshrs (legal: 1 .. 64)")
  `ASSERT_ELAB(P_L2Queue_A, L2Queue >= 1 && L2Queue <= 8,
               "gtsc_l2: illegal L2Queue (legal: 1 .. 8)")
  `ASSERT_ELAB(P_TsWidth_A, TsWidth >= 6 && TsWidth <= 32,
               "gtsc_l2: illegal TsWidth (legal: 6 .. 32)")
  `ASSERT_ELAB(P_EpWidth_A, EpWidth >= 1 && EpWidth <= 8,
               "gtsc_l2: illegal EpWidth (legal: 1 .. 8)")

  localparam int BB    = (NumBanks > 1) ? $clog2(NumBanks) : 0;        // bank bits
  localparam int SB    = (L2Sets > 1) ? $clog2(L2Sets) : 0;            // set bits
  localparam int SIW   = (SB > 0) ? SB : 1;                            // set-index width
  localparam int TGW   = (LA > BB + SB) ? LA - BB - SB : 1;            // tag width (G1)
  localparam int WW    = (L2Ways > 1) ? $clog2(L2Ways) : 1;            // way width (WW2)
  localparam int Lines = L2Sets * L2Ways;
  localparam int LIW   = (Lines > 1) ? $clog2(Lines) : 1;              // line-index width
  localparam int MKW   = (L2Mshrs > 1) ? $clog2(L2Mshrs) : 1;          // MSHR-index width
  localparam int LW    = LineBytes / 4;                                // words per line
  localparam int LWW   = (LW > 1) ? $clog2(LW) : 1;                    // word-index width
  localparam int QW    = $clog2(L2Queue + 32'd1);                      // fcnt width
  localparam int FEW   = 2 + 6 + 6 + LA + TW + TW + EW + DB + LineBytes + 2 + 5 + 32 + 32;

  `ASSERT_ELAB(P_LineAddr_A, LA >= BB + SB + 1,
               "gtsc_l2: illegal AddrWidth (LA >= log2 NumBanks + log2 L2Sets + 1)")

  localparam logic [LA-1:0]  BankMask = LA'(64'(NumBanks) - 64'd1);
  localparam logic [QW-1:0]  QueueLen = QW'(L2Queue);
  localparam logic [NS-1:0]  SmOne    = NS'(1);
  localparam logic [TW-1:0]  TsMax    = TW'(64'hffff_ffff);
  localparam logic [TW-1:0]  TsOne    = TW'(1);
  localparam logic [WW-1:0]  WayLast  = WW'(L2Ways - 32'd1);

  localparam logic [1:0] StI  = 2'(gtsc_pkg::GtL2StI);
  localparam logic [1:0] StV  = 2'(gtsc_pkg::GtL2StV);
  localparam logic [1:0] StD  = 2'(gtsc_pkg::GtL2StD);
  localparam logic [1:0] StP  = 2'(gtsc_pkg::GtL2StP);
  localparam logic [1:0] KRd  = 2'(gtsc_pkg::GtReqRd);
  localparam logic [1:0] KWr  = 2'(gtsc_pkg::GtReqWr);
  localparam logic [1:0] KAt  = 2'(gtsc_pkg::GtReqAt);
  localparam logic [1:0] KNone = 2'(gtsc_pkg::GtReqNone);
  localparam logic [2:0] RFill = 3'(gtsc_pkg::GtRspFill);
  localparam logic [2:0] RRnw  = 3'(gtsc_pkg::GtRspRnw);
  localparam logic [2:0] RWack = 3'(gtsc_pkg::GtRspWack);
  localparam logic [2:0] RAack = 3'(gtsc_pkg::GtRspAack);

  // R4: sat(x) = min(x, TsMax) of a sum one bit wider.
  function automatic logic [TW-1:0] sat_f(input logic [TW:0] x);
    sat_f = x[TW] ? TsMax : x[TW-1:0];
  endfunction

  function automatic logic [TW-1:0] max_f(input logic [TW-1:0] a, input logic [TW-1:0] b);
    max_f = (a > b) ? a : b;
  endfunction

  // ---------------------------------------------------------------------------------------------
  // State (spec section 3)
  // ---------------------------------------------------------------------------------------------

  (* mem2reg *) logic [TGW-1:0]       tag_q   [Lines]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [1:0]           st_q    [Lines]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [TW-1:0]        wts_q   [Lines]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [TW-1:0]        rts_q   [Lines]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [DB-1:0]        data_q  [Lines]   /* verilator public_flat_rd */;
  logic [L2Sets*WW-1:0]               rr_q              /* verilator public_flat_rd */;

  logic [L2Mshrs-1:0]                 mv_q              /* verilator public_flat_rd */;
  logic [L2Mshrs-1:0]                 mrdy_q            /* verilator public_flat_rd */;
  (* mem2reg *) logic [LA-1:0]        mline_q [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [WW-1:0]        mway_q  [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [1:0]           mkind_q [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [5:0]           msrc_q  [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [5:0]           mwf_q   [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [TW-1:0]        mwts_q  [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [TW-1:0]        mwarp_q [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [EW-1:0]        mep_q   [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [DB-1:0]        mdata_q [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [LineBytes-1:0] mmask_q [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [1:0]           maop_q  [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [4:0]           mword_q [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [31:0]          ma_q    [L2Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [31:0]          mb_q    [L2Mshrs] /* verilator public_flat_rd */;

  logic [TW-1:0]        mem_ts_q           /* verilator public_flat_rd */;
  logic [EW-1:0]        ep_q               /* verilator public_flat_rd */;
  logic                 ovf_q              /* verilator public_flat_rd */;

  // output registers
  logic                 req_ready_q        /* verilator public_flat_rd */;
  logic                 rsp_valid_q        /* verilator public_flat_rd */;
  logic [2:0]           rsp_kind_q         /* verilator public_flat_rd */;
  logic [NS-1:0]        rsp_dst_q          /* verilator public_flat_rd */;
  logic [5:0]           rsp_wf_q           /* verilator public_flat_rd */;
  logic [LA-1:0]        rsp_line_q         /* verilator public_flat_rd */;
  logic [TW-1:0]        rsp_wts_q          /* verilator public_flat_rd */;
  logic [TW-1:0]        rsp_rts_q          /* verilator public_flat_rd */;
  logic                 rsp_keep_q         /* verilator public_flat_rd */;
  logic [EW-1:0]        rsp_ep_q           /* verilator public_flat_rd */;
  logic [DB-1:0]        rsp_data_q         /* verilator public_flat_rd */;
  logic                 mreq_fetch_q       /* verilator public_flat_rd */;
  logic [LA-1:0]        mreq_fetch_line_q  /* verilator public_flat_rd */;
  logic                 mreq_wb_q          /* verilator public_flat_rd */;
  logic [LA-1:0]        mreq_wb_line_q     /* verilator public_flat_rd */;
  logic [DB-1:0]        mreq_wb_data_q     /* verilator public_flat_rd */;

  // ---------------------------------------------------------------------------------------------
  // The request FIFO (R2 (d), (e), (g); J2)
  // ---------------------------------------------------------------------------------------------

  logic                 push, pop, legal;
  logic [QW-1:0]        fcnt, fcnt_d;
  logic [1:0]           h_kind;
  logic [5:0]           h_src, h_wf;
  logic [LA-1:0]        h_line;
  logic [TW-1:0]        h_wts, h_warp;
  logic [EW-1:0]        h_ep;
  logic [DB-1:0]        h_data;
  logic [LineBytes-1:0] h_mask;
  logic [1:0]           h_aop;
  logic [4:0]           h_word;
  logic [31:0]          h_a, h_b;

  assign legal = (req_kind_i != KNone) && (32'(req_src_i) < NumSm) &&
                 !(req_kind_i == KAt && req_aop_i == 2'd3);
  assign push  = req_valid_i && req_ready_q && legal;

  gpucoh_fifo #(
    .Width(FEW),
    .Depth(L2Queue)
  ) u_fifo (
    .clk_i,
    .rst_ni,
    .push_i    (push),
    .data_i    ({req_kind_i, req_src_i, req_wf_i, req_line_i, req_wts_i, req_warp_ts_i,
                 req_ep_i, req_data_i, req_mask_i, req_aop_i, req_word_i, req_a_i, req_b_i}),
    .pop_i     (pop),
    .head_o    ({h_kind, h_src, h_wf, h_line, h_wts, h_warp, h_ep, h_data, h_mask, h_aop,
                 h_word, h_a, h_b}),
    .cnt_o     (fcnt),
    .cnt_next_o(fcnt_d)
  );

  // ---------------------------------------------------------------------------------------------
  // Lookups: the head's line (matching, victim), the fill's entry, the lowest ready entry
  // ---------------------------------------------------------------------------------------------

  function automatic logic [SIW-1:0] set_of_f(input logic [LA-1:0] a);
    set_of_f = SIW'(a >> BB) & SIW'(L2Sets - 32'd1);
  endfunction

  // tag register (G1): the line address without its bank and set bits
  function automatic logic [TGW-1:0] tag_of_f(input logic [LA-1:0] a);
    tag_of_f = TGW'(a >> (BB + SB));
  endfunction

  function automatic logic [LIW-1:0] idx_f(input logic [SIW-1:0] s, input logic [WW-1:0] w);
    idx_f = LIW'(LIW'(s) * LIW'(L2Ways) + LIW'(w));
  endfunction

  logic [SIW-1:0]     h_set;
  logic [TGW-1:0]     h_tag;
  logic [L2Ways-1:0]  h_match, h_free, h_cand;
  logic [WW-1:0]      h_way, fw_way, rr_way, v_way, h_rr;
  logic               h_hit, fw_found, rr_found;
  assign h_set = set_of_f(h_line);
  assign h_tag = tag_of_f(h_line);
  assign h_rr  = rr_q[WW*h_set +: WW];

  always_comb begin
    for (int w = 0; w < L2Ways; w++) begin
      h_match[w] = (st_q[idx_f(h_set, WW'(w))] != StI) && (tag_q[idx_f(h_set, WW'(w))] == h_tag);
      h_free[w]  = (st_q[idx_f(h_set, WW'(w))] == StI);
      h_cand[w]  = (st_q[idx_f(h_set, WW'(w))] == StV) || (st_q[idx_f(h_set, WW'(w))] == StD);
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic [L2Ways-1:0] h_oh, fw_oh;
  /* verilator lint_on UNUSEDSIGNAL */
  gpucoh_ffs #(.Width(L2Ways)) u_hit_way (
    .vec_i   (h_match),
    .valid_o (h_hit),
    .onehot_o(h_oh),
    .idx_o   (h_way)
  );
  gpucoh_ffs #(.Width(L2Ways)) u_free_way (
    .vec_i   (h_free),
    .valid_o (fw_found),
    .onehot_o(fw_oh),
    .idx_o   (fw_way)
  );
  gpucoh_rr_ffs #(.Width(L2Ways)) u_rr_way (
    .vec_i   (h_cand),
    .start_i (h_rr),
    .valid_o (rr_found),
    .idx_o   (rr_way)
  );
  assign v_way = fw_found ? fw_way : rr_way;

  // MSHR: the entry a fill is for (F01), the lowest ready entry (R2 (c)), the lowest free one
  logic [L2Mshrs-1:0] f_match, r_vec;
  logic               f_found, r_found, m_found;
  logic [MKW-1:0]     f_k, r_k, m_k;
  always_comb begin
    for (int k = 0; k < L2Mshrs; k++) begin
      f_match[k] = mv_q[k] && !mrdy_q[k] && (mline_q[k] == mem_line_i);
      r_vec[k]   = mv_q[k] && mrdy_q[k];
    end
  end
  /* verilator lint_off UNUSEDSIGNAL */
  logic [L2Mshrs-1:0] f_oh, r_oh, m_oh;
  /* verilator lint_on UNUSEDSIGNAL */
  gpucoh_ffs #(.Width(L2Mshrs)) u_fill_mshr (
    .vec_i   (f_match),
    .valid_o (f_found),
    .onehot_o(f_oh),
    .idx_o   (f_k)
  );
  gpucoh_ffs #(.Width(L2Mshrs)) u_rdy_mshr (
    .vec_i   (r_vec),
    .valid_o (r_found),
    .onehot_o(r_oh),
    .idx_o   (r_k)
  );
  gpucoh_ffs #(.Width(L2Mshrs)) u_free_mshr (
    .vec_i   (~mv_q),
    .valid_o (m_found),
    .onehot_o(m_oh),
    .idx_o   (m_k)
  );

  // ---------------------------------------------------------------------------------------------
  // R2: what acts in this edge
  // ---------------------------------------------------------------------------------------------

  logic fill, f01, quiet, do_ent, do_head, h_vd, h_p, s03, s02, s01, alloc;
  assign fill    = mem_valid_i;
  assign f01     = fill && f_found;                                   // F02 otherwise (J1)
  assign quiet   = fill || ovf_q || tsrst_i;                          // (a), (b)
  assign do_ent  = !quiet && r_found;                                 // (c)
  assign do_head = !quiet && !r_found && (fcnt != '0);                // (d)
  assign h_vd    = h_hit && (st_q[idx_f(h_set, h_way)] == StV ||
                             st_q[idx_f(h_set, h_way)] == StD);
  assign h_p     = h_hit && (st_q[idx_f(h_set, h_way)] == StP);
  assign s03     = do_head && h_p;                                    // R8
  assign s02     = do_head && !h_hit && !m_found;                     // R7: S02 first
  assign s01     = do_head && !h_hit && m_found && !fw_found && !rr_found;
  assign alloc   = do_head && !h_hit && m_found && (fw_found || rr_found);   // M01-M03

  // The request performed (PERFORM, section 5): the ready entry's or the head's.
  logic [1:0]           q_kind;
  logic [5:0]           q_src, q_wf;
  logic [LA-1:0]        q_line;
  logic [TW-1:0]        q_wts, q_warp;
  logic [EW-1:0]        q_ep;
  logic [DB-1:0]        q_data;
  logic [LineBytes-1:0] q_mask;
  logic [1:0]           q_aop;
  logic [4:0]           q_word;
  logic [31:0]          q_a, q_b;
  assign q_kind = do_ent ? mkind_q[r_k] : h_kind;
  assign q_src  = do_ent ? msrc_q[r_k]  : h_src;
  assign q_wf   = do_ent ? mwf_q[r_k]   : h_wf;
  assign q_line = do_ent ? mline_q[r_k] : h_line;
  assign q_wts  = do_ent ? mwts_q[r_k]  : h_wts;
  assign q_warp = do_ent ? mwarp_q[r_k] : h_warp;
  assign q_ep   = do_ent ? mep_q[r_k]   : h_ep;
  assign q_data = do_ent ? mdata_q[r_k] : h_data;
  assign q_mask = do_ent ? mmask_q[r_k] : h_mask;
  assign q_aop  = do_ent ? maop_q[r_k]  : h_aop;
  assign q_word = do_ent ? mword_q[r_k] : h_word;
  assign q_a    = do_ent ? ma_q[r_k]    : h_a;
  assign q_b    = do_ent ? mb_q[r_k]    : h_b;

  // The line written at this edge: the fill's way, the ready entry's way, the head's matching
  // way or its victim.
  logic [LIW-1:0] cur_idx;
  logic [TGW-1:0] cur_tag;
  logic [1:0]     cur_st;
  logic [TW-1:0]  cur_wts, cur_rts;
  logic [DB-1:0]  cur_data;
  logic [LA-1:0]  cur_line;           // the line address of cur_tag in its set (E02)
  logic [SIW-1:0] cur_set;
  assign cur_set  = fill ? set_of_f(mem_line_i) : do_ent ? set_of_f(mline_q[r_k]) : h_set;
  assign cur_idx  = idx_f(cur_set, fill ? mway_q[f_k] : do_ent ? mway_q[r_k] :
                                   h_hit ? h_way : v_way);
  assign cur_tag  = tag_q[cur_idx];
  assign cur_st   = st_q[cur_idx];
  assign cur_wts  = wts_q[cur_idx];
  assign cur_rts  = rts_q[cur_idx];
  assign cur_data = data_q[cur_idx];
  assign cur_line = (LA'(cur_tag) << (BB + SB)) | (LA'(cur_set) << BB) |
                    (LA'(bank_i) & BankMask);

  // R5
  logic          q_old;
  logic [TW-1:0] wts_e, warp_e;
  assign q_old  = (q_ep != ep_q);
  assign wts_e  = q_old ? '0 : q_wts;
  assign warp_e = q_old ? TsOne : q_warp;

  // T5 (H01, H02), T6 (H03-H05), R9 (O01)
  logic          perform, q_rd, q_st, o01, p_ok, h01, same;
  logic [TW:0]   rd_sum, st_inc, st_sum;
  logic [TW-1:0] rd_rts, st_s, st_rts;
  assign perform = do_ent || (do_head && h_vd);
  assign q_rd    = (q_kind == KRd);
  assign q_st    = (q_kind == KWr) || (q_kind == KAt);
  assign o01     = perform && q_st && (cur_rts == TsMax);
  assign p_ok    = perform && !o01;
  assign same    = (wts_e != '0) && (wts_e == cur_wts);              // H01 / H03, keep (D7)
  assign h01     = q_rd && same;
  assign rd_sum  = {1'b0, warp_e} + {1'b0, lease_i};
  assign rd_rts  = max_f(cur_rts, sat_f(rd_sum));
  assign st_inc  = {1'b0, cur_rts} + {{TW{1'b0}}, 1'b1};
  assign st_s    = max_f(st_inc[TW-1:0], warp_e);
  assign st_sum  = {1'b0, st_s} + {1'b0, lease_i};
  assign st_rts  = sat_f(st_sum);

  // R12: the new data of a WR (bytes under mask) and of an AT (gpucoh_amo)
  logic [DB-1:0]  wr_line, at_line;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0]    at_old;                    // the AACK returns the whole line before (H05)
  /* verilator lint_on UNUSEDSIGNAL */
  logic [LWW-1:0] at_widx;
  gpucoh_bytemerge #(.Bytes(LineBytes)) u_merge (
    .old_i   (cur_data),
    .new_i   (q_data),
    .mask_i  (q_mask),
    .merged_o(wr_line)
  );
  assign at_widx = LWW'(32'(q_word) % LW);
  gpucoh_amo #(.Words(LW)) u_amo (
    .line_i(cur_data),
    .word_i(at_widx),
    .aop_i (q_aop),
    .a_i   (q_a),
    .b_i   (q_b),
    .old_o (at_old),
    .line_o(at_line)
  );

  // F01 (T2)
  logic [TW-1:0] fill_rts;
  logic [TW:0]   fill_sum;
  assign fill_sum = {1'b0, mem_ts_q} + {1'b0, lease_i};
  assign fill_rts = sat_f(fill_sum);

  // ---------------------------------------------------------------------------------------------
  // Next state of the written line, then R10 over every line
  // ---------------------------------------------------------------------------------------------

  logic          cur_we;
  logic [TGW-1:0] cur_tag_d;
  logic [1:0]    cur_st_d;
  logic [TW-1:0] cur_wts_d, cur_rts_d;
  logic [DB-1:0] cur_data_d;
  always_comb begin
    cur_we     = 1'b0;
    cur_tag_d  = cur_tag;
    cur_st_d   = cur_st;
    cur_wts_d  = cur_wts;
    cur_rts_d  = cur_rts;
    cur_data_d = cur_data;
    if (f01) begin                                                     // F01
      cur_we     = 1'b1;
      cur_st_d   = StV;
      cur_data_d = mem_data_i;
      cur_wts_d  = mem_ts_q;
      cur_rts_d  = fill_rts;
    end else if (p_ok && q_rd) begin                                   // H01, H02
      cur_we    = 1'b1;
      cur_rts_d = rd_rts;
    end else if (p_ok) begin                                           // H03-H05
      cur_we     = 1'b1;
      cur_st_d   = StD;
      cur_wts_d  = st_s;
      cur_rts_d  = st_rts;
      cur_data_d = (q_kind == KAt) ? at_line : wr_line;
    end else if (alloc) begin                                          // M01-M03 (R6)
      cur_we     = 1'b1;
      cur_tag_d  = h_tag;
      cur_st_d   = StP;
      cur_wts_d  = '0;
      cur_rts_d  = '0;
    end
  end

  logic [TW-1:0] rst_rts;
  logic [TW:0]   rst_sum;
  assign rst_sum = {1'b0, TsOne} + {1'b0, lease_i};
  assign rst_rts = sat_f(rst_sum);

  logic [2*Lines-1:0]  st_n;
  logic [TW*Lines-1:0] wts_n, rts_n;
  always_comb begin
    for (int i = 0; i < Lines; i++) begin
      st_n[2*i +: 2]    = (cur_we && (LIW'(i) == cur_idx)) ? cur_st_d : st_q[i];
      wts_n[TW*i +: TW] = (cur_we && (LIW'(i) == cur_idx)) ? cur_wts_d : wts_q[i];
      rts_n[TW*i +: TW] = (cur_we && (LIW'(i) == cur_idx)) ? cur_rts_d : rts_q[i];
      // R10 (the condition reads the state after (a), not st_n: no block reads what it writes)
      if (tsrst_i && ((cur_we && (LIW'(i) == cur_idx)) ? (cur_st_d == StV || cur_st_d == StD)
                                                        : (st_q[i] == StV || st_q[i] == StD))) begin
        wts_n[TW*i +: TW] = TsOne;
        rts_n[TW*i +: TW] = rst_rts;
      end
    end
  end

  for (genvar i = 0; i < Lines; i++) begin : g_line
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        st_q[i]  <= StI;
        wts_q[i] <= '0;
        rts_q[i] <= '0;
      end else begin
        st_q[i]  <= st_n[2*i +: 2];
        wts_q[i] <= wts_n[TW*i +: TW];
        rts_q[i] <= rts_n[TW*i +: TW];
      end
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        tag_q[i]  <= '0;
        data_q[i] <= '0;
      end else if (cur_we && (LIW'(i) == cur_idx)) begin
        tag_q[i]  <= cur_tag_d;
        data_q[i] <= cur_data_d;
      end
    end
  end

  // R6: the round-robin pointer of the allocating set
  logic [WW-1:0] rr_next;
  assign rr_next = (v_way == WayLast) ? '0 : v_way + WW'(1);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rr_q <= '0;
    end else if (alloc) begin
      rr_q[WW*h_set +: WW] <= rr_next;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // MSHR (R7, F01, R2 (c))
  // ---------------------------------------------------------------------------------------------

  logic free_ent;
  assign free_ent = do_ent && !o01;

  always_ff @(posedge clk_i) begin
    for (int k = 0; k < L2Mshrs; k++) begin
      if (!rst_ni) begin
        mv_q[k]   <= 1'b0;
        mrdy_q[k] <= 1'b0;
      end else if (alloc && (MKW'(k) == m_k)) begin
        mv_q[k]   <= 1'b1;
        mrdy_q[k] <= 1'b0;
      end else if (f01 && (MKW'(k) == f_k)) begin
        mrdy_q[k] <= 1'b1;
      end else if (free_ent && (MKW'(k) == r_k)) begin
        mv_q[k]   <= 1'b0;
      end
    end
  end

  for (genvar k = 0; k < L2Mshrs; k++) begin : g_mshr
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        mline_q[k] <= '0;
        mway_q[k]  <= '0;
        mkind_q[k] <= '0;
        msrc_q[k]  <= '0;
        mwf_q[k]   <= '0;
        mwts_q[k]  <= '0;
        mwarp_q[k] <= '0;
        mep_q[k]   <= '0;
        mdata_q[k] <= '0;
        mmask_q[k] <= '0;
        maop_q[k]  <= '0;
        mword_q[k] <= '0;
        ma_q[k]    <= '0;
        mb_q[k]    <= '0;
      end else if (alloc && (MKW'(k) == m_k)) begin
        mline_q[k] <= h_line;
        mway_q[k]  <= v_way;
        mkind_q[k] <= h_kind;
        msrc_q[k]  <= h_src;
        mwf_q[k]   <= h_wf;
        mwts_q[k]  <= h_wts;
        mwarp_q[k] <= h_warp;
        mep_q[k]   <= h_ep;
        mdata_q[k] <= h_data;
        mmask_q[k] <= h_mask;
        maop_q[k]  <= h_aop;
        mword_q[k] <= h_word;
        ma_q[k]    <= h_a;
        mb_q[k]    <= h_b;
      end
    end
  end

  assign pop = do_head && ((h_vd && !o01) || alloc);

  // ---------------------------------------------------------------------------------------------
  // Bank registers: mem_ts (T1, T3, R10), ep (R10), ovf (R9, R10)
  // ---------------------------------------------------------------------------------------------

  logic victim_vd, victim_d;
  assign victim_vd = alloc && (cur_st == StV || cur_st == StD);
  assign victim_d  = alloc && (cur_st == StD);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      mem_ts_q <= TsOne;
    end else if (tsrst_i) begin
      mem_ts_q <= TsOne;
    end else if (victim_vd) begin
      mem_ts_q <= max_f(mem_ts_q, cur_rts);
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ep_q <= '0;
    end else if (tsrst_i) begin
      ep_q <= ep_q + EW'(1);
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ovf_q <= 1'b0;
    end else if (tsrst_i) begin
      ovf_q <= 1'b0;
    end else if (o01) begin
      ovf_q <= 1'b1;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs (R11, R13, R14)
  // ---------------------------------------------------------------------------------------------

  logic          rsp_valid_d, rsp_keep_d;
  logic [2:0]    rsp_kind_d;
  logic [TW-1:0] rsp_wts_d, rsp_rts_d;
  logic [DB-1:0] rsp_data_d;
  always_comb begin
    rsp_valid_d = p_ok;
    rsp_kind_d  = '0;
    rsp_wts_d   = '0;
    rsp_rts_d   = '0;
    rsp_keep_d  = 1'b0;
    rsp_data_d  = '0;
    if (p_ok && q_rd && h01) begin                                     // H01
      rsp_kind_d = RRnw;
      rsp_rts_d  = rd_rts;
    end else if (p_ok && q_rd) begin                                   // H02
      rsp_kind_d = RFill;
      rsp_wts_d  = cur_wts;
      rsp_rts_d  = rd_rts;
      rsp_data_d = cur_data;
    end else if (p_ok && q_kind == KWr) begin                          // H03, H04
      rsp_kind_d = RWack;
      rsp_wts_d  = st_s;
      rsp_rts_d  = st_rts;
      rsp_keep_d = same;
    end else if (p_ok) begin                                           // H05
      rsp_kind_d = RAack;
      rsp_wts_d  = st_s;
      rsp_rts_d  = st_rts;
      rsp_data_d = cur_data;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      req_ready_q       <= 1'b1;
      rsp_valid_q       <= 1'b0;
      rsp_kind_q        <= '0;
      rsp_dst_q         <= '0;
      rsp_wf_q          <= '0;
      rsp_line_q        <= '0;
      rsp_wts_q         <= '0;
      rsp_rts_q         <= '0;
      rsp_keep_q        <= 1'b0;
      rsp_ep_q          <= '0;
      rsp_data_q        <= '0;
      mreq_fetch_q      <= 1'b0;
      mreq_fetch_line_q <= '0;
      mreq_wb_q         <= 1'b0;
      mreq_wb_line_q    <= '0;
      mreq_wb_data_q    <= '0;
    end else begin
      req_ready_q       <= (fcnt_d < QueueLen);
      rsp_valid_q       <= rsp_valid_d;
      rsp_kind_q        <= rsp_kind_d;
      rsp_dst_q         <= rsp_valid_d ? (SmOne << q_src) : '0;
      rsp_wf_q          <= rsp_valid_d ? q_wf : '0;
      rsp_line_q        <= rsp_valid_d ? q_line : '0;
      rsp_wts_q         <= rsp_wts_d;
      rsp_rts_q         <= rsp_rts_d;
      rsp_keep_q        <= rsp_keep_d;
      rsp_ep_q          <= rsp_valid_d ? ep_q : '0;
      rsp_data_q        <= rsp_data_d;
      mreq_fetch_q      <= alloc;
      mreq_fetch_line_q <= alloc ? h_line : '0;
      mreq_wb_q         <= victim_d;
      mreq_wb_line_q    <= victim_d ? cur_line : '0;
      mreq_wb_data_q    <= victim_d ? cur_data : '0;
    end
  end

  assign req_ready_o       = req_ready_q;
  assign ovf_o             = ovf_q;
  assign rsp_valid_o       = rsp_valid_q;
  assign rsp_kind_o        = rsp_kind_q;
  assign rsp_dst_o         = rsp_dst_q;
  assign rsp_wf_o          = rsp_wf_q;
  assign rsp_line_o        = rsp_line_q;
  assign rsp_wts_o         = rsp_wts_q;
  assign rsp_rts_o         = rsp_rts_q;
  assign rsp_keep_o        = rsp_keep_q;
  assign rsp_ep_o          = rsp_ep_q;
  assign rsp_data_o        = rsp_data_q;
  assign mreq_fetch_o      = mreq_fetch_q;
  assign mreq_fetch_line_o = mreq_fetch_line_q;
  assign mreq_wb_o         = mreq_wb_q;
  assign mreq_wb_line_o    = mreq_wb_line_q;
  assign mreq_wb_data_o    = mreq_wb_data_q;

  // ---------------------------------------------------------------------------------------------
  // Assertions B1-B8 (spec section 10; Verilator only)
  // ---------------------------------------------------------------------------------------------

`ifndef SYNTHESIS
`ifndef __ICARUS__
  // Each assertion reads one bit of a public variable (as gtsc_l1's and hlrc_l1's).
  logic sva_b1_ok /* verilator public_flat_rd */;
  logic sva_b2_ok /* verilator public_flat_rd */;
  logic sva_b3_ok /* verilator public_flat_rd */;
  logic sva_b4_ok /* verilator public_flat_rd */;
  logic sva_b6_ok /* verilator public_flat_rd */;
  logic sva_b8_ok /* verilator public_flat_rd */;
  logic sva_b10_ok /* verilator public_flat_rd */;
  logic sva_b11_ok /* verilator public_flat_rd */;
  // B5's previous-edge values, kept here rather than with $past, which Yosys's formal front end
  // (tools/prove_gtsc_l2.sh) takes only in clocked blocks
  logic          sva_rst_p, sva_tsrst_p;
  logic [TW-1:0] sva_mem_ts_p;
  always_ff @(posedge clk_i) begin
    sva_rst_p    <= rst_ni;
    sva_tsrst_p  <= tsrst_i;
    sva_mem_ts_p <= mem_ts_q;
  end
  always_comb begin
    // B1: one matching way for the head's line
    sva_b1_ok = !rst_ni || !do_head || $onehot0(h_match);
    // B2: one waiting entry per fill; a P way for every valid entry not ready
    sva_b2_ok = !rst_ni || !fill || $onehot0(f_match);
    for (int k = 0; k < L2Mshrs; k++) begin
      if (rst_ni && mv_q[k] && !mrdy_q[k] &&
          (st_q[idx_f(set_of_f(mline_q[k]), mway_q[k])] != StP ||
           tag_q[idx_f(set_of_f(mline_q[k]), mway_q[k])] != tag_of_f(mline_q[k]))) begin
        sva_b2_ok = 1'b0;
      end
    end
    // B3 (I1): every V or D line has 1 <= wts <= rts
    sva_b3_ok = 1'b1;
    for (int i = 0; i < Lines; i++) begin
      if (rst_ni && (st_q[i] == StV || st_q[i] == StD) &&
          (wts_q[i] == '0 || wts_q[i] > rts_q[i])) begin
        sva_b3_ok = 1'b0;
      end
    end
    // B4 (I6): a store's timestamp exceeds the lease it overwrites
    sva_b4_ok = !rst_ni || !(p_ok && q_st) || (st_s > cur_rts);
    // B6 (J4): lease_i in 1 .. floor((TsMax - 2) / 2)
    sva_b6_ok = !rst_ni || (lease_i != '0 && lease_i <= ((TsMax - TW'(2)) >> 1));
    // B8 (I3, G3): the store's timestamp sum has no carry
    sva_b8_ok = !rst_ni || !(p_ok && q_st) || !st_inc[TW];
    // B10 (R2 (c), R6, F01): a valid entry's way is one of the set's, a ready entry's way is V
    // or D (filled, and no victim is chosen while an entry is ready), a waiting entry's way is P,
    // two valid entries hold two ways
    sva_b10_ok = 1'b1;
    // B11 (J2): the FIFO's head and every valid entry hold a request of a legal kind
    sva_b11_ok = !rst_ni || fcnt == '0 || h_kind != KNone;
    for (int k = 0; k < L2Mshrs; k++) begin
      if (rst_ni && mv_q[k] && mkind_q[k] == KNone) begin
        sva_b11_ok = 1'b0;
      end
      if (rst_ni && mv_q[k]) begin
        if (32'(mway_q[k]) >= L2Ways) begin
          sva_b10_ok = 1'b0;
        end
        if (mrdy_q[k] ? (st_q[idx_f(set_of_f(mline_q[k]), mway_q[k])] != StV &&
                         st_q[idx_f(set_of_f(mline_q[k]), mway_q[k])] != StD)
                      : (st_q[idx_f(set_of_f(mline_q[k]), mway_q[k])] != StP)) begin
          sva_b10_ok = 1'b0;
        end
        for (int j = k + 1; j < L2Mshrs; j++) begin
          if (mv_q[j] && idx_f(set_of_f(mline_q[k]), mway_q[k]) ==
                         idx_f(set_of_f(mline_q[j]), mway_q[j])) begin
            sva_b10_ok = 1'b0;
          end
        end
      end
    end
  end

  `ASSERT(B1_OneWay_A, sva_b1_ok)
  `ASSERT(B2_OneEntry_A, sva_b2_ok)
  `ASSERT(B3_Lease_A, sva_b3_ok)
  `ASSERT(B4_StoreAfterLease_A, sva_b4_ok)
  `ASSERT(B5_MemTsMonotone_A, !rst_ni || !sva_rst_p ||
                              (sva_tsrst_p ? (mem_ts_q == TsOne) : (mem_ts_q >= sva_mem_ts_p)))
  `ASSERT(B6_LeaseRange_A, sva_b6_ok)
  `ASSERT(B7_NoPerformInOvf_A, !rst_ni || !(perform && ovf_q))
  `ASSERT(B8_NoCarry_A, sva_b8_ok)
  // B9 (I7's floor): mem_ts >= 1 (the induction of B3 needs it: a fill's wts is mem_ts;
  // tools/prove_gtsc_l2.sh)
  `ASSERT(B9_MemTsPos_A, !rst_ni || mem_ts_q != '0)
  `ASSERT(B10_MshrWays_A, sva_b10_ok)
  `ASSERT(B11_LegalKinds_A, sva_b11_ok)
  // R2 (d): an active head takes exactly one of its rows (performed, S03, S02, S01, M01-M03)
  `ASSERT(R2_OneHeadRow_A, !rst_ni || !do_head || $onehot({h_vd, s03, s02, s01, alloc}))
`endif
`endif

endmodule
