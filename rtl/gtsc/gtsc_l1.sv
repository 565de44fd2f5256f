// SPDX-License-Identifier: Apache-2.0
//
// gtsc_l1 -- G-TSC L1 controller, one per SM (gtsc and gtsc-sc).
//
// A write-through L1 whose lines carry a lease [wts, rts] in logical time, a per-warp timestamp
// table warp_ts, an MSHR that combines the loads of several warps to one line and renews their
// lease when the first answer does not cover them all, and a line lock that keeps every load of
// the SM off a line whose store has not been acknowledged. It never invalidates a line because
// of another SM and never waits for time to pass. Specification: docs/units/gtsc/gtsc_l1.md
// (rules R1-R16, rows C01, C01s, C02-C08, S01-S04, R01-R09, V01, V02, X01, E01, Q01, ERR, illegal
// inputs J1-J7, assertions A1-A14), the family page docs/units/gtsc/gtsc.md (messages section 4,
// timestamp rules T1-T12 (T12, the spin bump: section 15.1), overflow section 7, decisions
// N1-N24 / D1-D20) and
// docs/units/gtsc/review-2026-11-30.md (its fixes and the owner's decisions, section 7). Every
// output is a register (docs/timing.md rule 4).
//
//               +---------------------------------------------------------+
//  rsp_*      =>| (a) response R01-R09 (first)                            |=> crsp_*
//               | (b) else the lowest SV entry V01 / V02                   |=> req_*
//  core_*     =>| (c) else FIFO[L1Queue] head C01-C08 / S01-S04            |=> core_ready_o
//  tsrst_i    =>| (e) timestamp reset R13 over the edge's end state        |=> wr_idle_o
//               +---------------------------------------------------------+
//
// Parameters (an illegal value stops elaboration with a message naming it; nothing is clamped;
// all `bit [31:0]`; defaults are the thesis configuration of gtsc_l1.md section 1; the small
// one is NumWf 8, LineBytes 16, AddrWidth 16, L1Sets 4, L1Ways 2, L1Mshrs 4, L1Queue 2,
// WfCntWidth 2, TsWidth 6, EpWidth 4, SpinHits 4):
//   Sc          0: gtsc (RC); 1: gtsc-sc (a WACK gives the core a STORE response, R12); 0, 1
//   NumWf       warps of the SM; 1 .. 64 (default 48)
//   LineBytes   line size in bytes; 16, 32, 64, 128 (default 128)
//   AddrWidth   byte-address bits; 16 .. 48, LA >= log2 L1Sets + 1 (default 32)
//   L1Sets      sets; power of two, 1 .. 256 (default 32)
//   L1Ways      ways per set; 1 .. 8 (default 4)
//   L1Mshrs     MSHR entries; 1 .. 64 (default 32)
//   L1Queue     core request FIFO entries; 1 .. 8 (default 4)
//   WfCntWidth  bits of a warp's outstanding-store counter wcnt; 2 .. 8 (default 6)
//   TsWidth     bits of every timestamp (logical-time units); 6 .. 32 (default 16)
//   EpWidth     epoch bits (timestamp resets seen, modulo 2^EpWidth); 1 .. 8 (default 4)
//   SpinHits    a warp's C01 hits in a row after which its next hit (C01s) also moves its
//               warp_ts forward by one (T12); 0: never (the thesis as written); 0 .. 255
//               (default 16)
// Derived (never set them): LL = log2 LineBytes, LA = AddrWidth - LL line-address bits,
// DB = 8*LineBytes, SB = log2 L1Sets, TGW = LA - SB tag bits (TW1), WW = max(1, clog2 L1Ways),
// MW = max(1, clog2 L1Mshrs), Lines = L1Sets*L1Ways, WMAX = 2^WfCntWidth - 1, SW = max(1,
// clog2(SpinHits + 1)) (spin_q's bits per warp; 1 bit holding 0 when SpinHits = 0, as WW and MW
// when L1Ways, L1Mshrs = 1); index widths SIW, LIW, WFI (at least 1).
//
// Ports (spec section 2; the payload of every output is 0 when its valid is 0, and a request
// field its kind does not name is 0):
//   clk_i, rst_ni                  clock; synchronous active-low reset
//   tsrst_i                        the timestamp reset from gtsc_ovf (R13)
//   core_valid_i, core_op_i[2] (LOAD, STORE, ATOMIC), core_wf_i[6], core_line_i[LA],
//   core_data_i[DB], core_mask_i[LineBytes], core_aop_i[2], core_word_i[5], core_a_i[32],
//   core_b_i[32]                   the core request, taken when core_ready_o was 1
//   core_ready_o                   the FIFO has room (fcnt < L1Queue)
//   crsp_valid_o, crsp_kind_o[2] (LOAD, ATOMIC, STORE), crsp_wf_mask_o[NumWf], crsp_line_o[LA],
//   crsp_data_o[DB]                the core response (one per edge, R15)
//   rsp_valid_i, rsp_kind_i[3] (FILL, RNW, WACK, AACK), rsp_wf_i[6], rsp_line_i[LA],
//   rsp_wts_i[TsWidth], rsp_rts_i[TsWidth], rsp_keep_i, rsp_ep_i[EpWidth], rsp_data_i[DB]
//                                  the rsp network (no ready: one message every cycle)
//   req_valid_o, req_kind_o[2] (RD, WR, AT), req_wf_o[6], req_line_o[LA], req_wts_o[TsWidth],
//   req_warp_ts_o[TsWidth], req_ep_o[EpWidth], req_data_o[DB], req_mask_o[LineBytes],
//   req_aop_o[2], req_word_o[5], req_a_o[32], req_b_o[32]    the req network
//   wr_idle_o[NumWf]               warps with no store or atomic outstanding (R14, fence_mask)
//
// State (spec section 3; all verilator public_flat_rd). Per line i = set*L1Ways + way: tag_q,
// st_q (I 0, V 1, P 2), wts_q, rts_q, data_q (reset 0, I). Per set: rr_q (packed, set s at
// [s*WW +: WW], reset 0). Per warp: warp_ts_q (packed, warp w at [w*TsWidth +: TsWidth], reset
// 1), wcnt_q (packed, [w*WfCntWidth +: WfCntWidth], reset 0), spin_q (packed, [w*SW +: SW],
// reset 0; R13 leaves it). ep_q (reset 0). Per MSHR entry k:
// mv_q, mhw_q, mst_q (packed), mk_q, mline_q, mway_q, mwait_q, mwf_q (reset 0). The FIFO count
// is u_fifo.cnt_q. The output registers (*_q of every output).
//
// Rules (spec section 4; the rows of sections 5-7 are in the decode below):
//   R1  rst_ni = 0 loads every reset value; nothing else happens.
//   R2  Order of an edge: (a) rsp_valid_i: the response (R01-R09, or ERR: nothing); (b) else
//       the lowest SV entry (V01, V02); (c) else the FIFO head (C01-C08, or a stall S01-S04
//       that changes nothing); (d) push a legal core request taken with core_ready_q;
//       (e) tsrst_i: R13 over the state (a)-(d) left; (f) core_ready := fcnt' < L1Queue,
//       wr_idle[w] := wcnt'[w] == 0. No bypass.
//   R5  MSHR allocation: the lowest free entry (none: S02).
//   R6  Victim: the lowest I way; else from rr_q[s] circularly (gpucoh_rr_ffs) the first V way
//       not tied (none: S01); rr_q[s] := way + 1 mod L1Ways; the way: new tag, P, wts 0, rts 0.
//   R7  Stall precedence: LOAD S02 then S01; STORE / ATOMIC S03, S04, S02.
//   R8  Timestamp arithmetic: max only, except the spin bump (C01s), which saturates at TsMax.
//   R9  SERVE(k, w_ts, r_ts, d): the waiters with warp_ts <= r_ts get LOAD(d) and warp_ts :=
//       max(warp_ts, w_ts); the others renew with one RD (largest warp_ts, lowest warp).
//   R11 Re-request: RD(wts 0, max over mwait of warp_ts after R12), mk := RD, mst := 0; a tied
//       line becomes P (wts, rts 0) and stays tied.
//   R12 Acknowledgement: warp_ts[w] := max(warp_ts[w], rsp_wts) when fresh or rsp_ep == ep_q;
//       wcnt[w] - 1; Sc = 1 WACK: STORE(1 << w, line, 0); AACK: ATOMIC(1 << w, line, rsp_data).
//   R13 tsrst_i: every warp_ts := 1; every tied line P (wts, rts 0), every other line I; every
//       valid entry mst := 1; ep_q + 1 (over the edge's end state). spin_q is unchanged.
//   T12 Spin bump (gtsc.md 15.1): a hit (C01) of warp w with SpinHits > 0 counts spin[w] + 1;
//       the hit with spin[w] == SpinHits (C01s) is served as C01 (same response, T4), then
//       warp_ts[w] := min(T4 value + 1, TsMax) and spin[w] := 0; every other accepted head
//       request of w (C02-C08) sets spin[w] := 0; a stall, a response, SERVE and R13 do not
//       touch spin; rst_ni clears it.
//   J1  A core request of op NONE, wf >= NumWf or an ATOMIC with aop 3 is not pushed.
//
// Readings (where the page leaves a cycle-visible choice open; listed for the page owner):
//   L1  An illegal response (J3, J4) still takes R2 (a): the SV entries and the head wait.
//   L2  J4 / section 5: "fresh" qualifies both halves (a RNW to a stale RD entry is R04).
//   L3  The cover points P01-P30 are counted by the C model, as the hLRC units': the RTL
//       exposes the rows' state through the registers the lockstep compares, no cover port.
//   L4  A7 and A11 are ASSERT_WARN (flag, simulation goes on): "disabled under illegal inputs".
//   L5  A head whose line matches a P line with no entry (impossible: A9) takes no row.
//   L6  c01 is the hit (C01 or C01s: the same response and T4 update); c01s marks the C01s
//       subset, whose bump is applied after T4 (ts_mid, A3's value) in warp_ts_n only.

`include "gpucoh_assert.svh"

module gtsc_l1 #(
  parameter bit [31:0] Sc         = 32'd0,
  parameter bit [31:0] NumWf      = 32'd48,
  parameter bit [31:0] LineBytes  = 32'd128,
  parameter bit [31:0] AddrWidth  = 32'd32,
  parameter bit [31:0] L1Sets     = 32'd32,
  parameter bit [31:0] L1Ways     = 32'd4,
  parameter bit [31:0] L1Mshrs    = 32'd32,
  parameter bit [31:0] L1Queue    = 32'd4,
  parameter bit [31:0] WfCntWidth = 32'd6,
  parameter bit [31:0] TsWidth    = 32'd16,
  parameter bit [31:0] EpWidth    = 32'd4,
  parameter bit [31:0] SpinHits   = 32'd16,
  // Derived parameters: do not override.
  localparam int       LL         = (LineBytes > 1) ? $clog2(LineBytes) : 1,
  localparam int       LA         = (AddrWidth > LL) ? AddrWidth - LL : 1,
  localparam int       DB         = 8 * LineBytes,
  localparam int       NW         = (NumWf >= 1) ? NumWf : 1,
  localparam int       TW         = (TsWidth >= 1) ? TsWidth : 1,
  localparam int       EW         = (EpWidth >= 1) ? EpWidth : 1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // overflow
  input  logic                  tsrst_i,
  // core request
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
  // core response
  output logic                  crsp_valid_o,
  output logic [1:0]            crsp_kind_o,
  output logic [NW-1:0]         crsp_wf_mask_o,
  output logic [LA-1:0]         crsp_line_o,
  output logic [DB-1:0]         crsp_data_o,
  // rsp network (bank -> L1)
  input  logic                  rsp_valid_i,
  input  logic [2:0]            rsp_kind_i,
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [5:0]            rsp_wf_i,     // an echo: the L1 uses the MSHR entry (gtsc.md 4)
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic [LA-1:0]         rsp_line_i,
  input  logic [TW-1:0]         rsp_wts_i,
  input  logic [TW-1:0]         rsp_rts_i,
  input  logic                  rsp_keep_i,
  input  logic [EW-1:0]         rsp_ep_i,
  input  logic [DB-1:0]         rsp_data_i,
  // req network (L1 -> bank)
  output logic                  req_valid_o,
  output logic [1:0]            req_kind_o,
  output logic [5:0]            req_wf_o,
  output logic [LA-1:0]         req_line_o,
  output logic [TW-1:0]         req_wts_o,
  output logic [TW-1:0]         req_warp_ts_o,
  output logic [EW-1:0]         req_ep_o,
  output logic [DB-1:0]         req_data_o,
  output logic [LineBytes-1:0]  req_mask_o,
  output logic [1:0]            req_aop_o,
  output logic [4:0]            req_word_o,
  output logic [31:0]           req_a_o,
  output logic [31:0]           req_b_o,
  // fences
  output logic [NW-1:0]         wr_idle_o
);

  // ---------------------------------------------------------------------------------------------
  // Parameter checks (spec section 1)
  // ---------------------------------------------------------------------------------------------

  `ASSERT_ELAB(P_Sc_A, Sc <= 1, "gtsc_l1: illegal Sc (legal: 0, 1)")
  `ASSERT_ELAB(P_NumWf_A, NumWf >= 1 && NumWf <= 64, "gtsc_l1: illegal NumWf (legal: 1 .. 64)")
  `ASSERT_ELAB(P_LineBytes_A, LineBytes == 16 || LineBytes == 32 || LineBytes == 64 ||
               LineBytes == 128, "gtsc_l1: illegal LineBytes (legal: 16, 32, 64, 128)")
  `ASSERT_ELAB(P_AddrWidth_A, AddrWidth >= 16 && AddrWidth <= 48,
               "gtsc_l1: illegal AddrWidth (legal: 16 .. 48)")
  `ASSERT_ELAB(P_L1Sets_A, L1Sets >= 1 && L1Sets <= 256 && (L1Sets & (L1Sets - 1)) == 0,
               "gtsc_l1: illegal L1Sets (legal: power of two, 1 .. 256)")
  `ASSERT_ELAB(P_L1Ways_A, L1Ways >= 1 && L1Ways <= 8, "gtsc_l1: illegal L1Ways (legal: 1 .. 8)")
  `ASSERT_ELAB(P_L1Mshrs_A, L1Mshrs >= 1 && L1Mshrs <= 64,
               "gtsc_l1: illegal L1Mshrs (legal: 1 .. 64)")
  `ASSERT_ELAB(P_L1Queue_A, L1Queue >= 1 && L1Queue <= 8,
               "gtsc_l1: illegal L1Queue (legal: 1 .. 8)")
  `ASSERT_ELAB(P_WfCntWidth_A, WfCntWidth >= 2 && WfCntWidth <= 8,
               "gtsc_l1: illegal WfCntWidth (legal: 2 .. 8)")
  `ASSERT_ELAB(P_TsWidth_A, TsWidth >= 6 && TsWidth <= 32,
               "gtsc_l1: illegal TsWidth (legal: 6 .. 32)")
  `ASSERT_ELAB(P_EpWidth_A, EpWidth >= 1 && EpWidth <= 8,
               "gtsc_l1: illegal EpWidth (legal: 1 .. 8)")
  `ASSERT_ELAB(P_SpinHits_A, SpinHits <= 255, "gtsc_l1: illegal SpinHits (legal: 0 .. 255)")

  localparam int SB    = (L1Sets > 1) ? $clog2(L1Sets) : 0;            // set bits
  localparam int SIW   = (SB > 0) ? SB : 1;                            // set-index width
  localparam int TGW   = (LA > SB) ? LA - SB : 1;                      // tag width (TW1)
  localparam int WW    = (L1Ways > 1) ? $clog2(L1Ways) : 1;            // way width
  localparam int Lines = L1Sets * L1Ways;
  localparam int LIW   = (Lines > 1) ? $clog2(Lines) : 1;              // line-index width
  localparam int MW    = (L1Mshrs > 1) ? $clog2(L1Mshrs) : 1;          // entry-index width
  localparam int WFI   = (NumWf > 1) ? $clog2(NumWf) : 1;              // warp-index width
  localparam int CW    = WfCntWidth;
  localparam int SW    = (SpinHits > 0) ? $clog2(SpinHits + 32'd1) : 1;  // spin_q bits (T12)
  localparam int QW    = $clog2(L1Queue + 32'd1);                      // fcnt width
  localparam int FEW   = 2 + 6 + LA + DB + LineBytes + 2 + 5 + 32 + 32;

  `ASSERT_ELAB(P_LineAddr_A, LA >= SB + 1, "gtsc_l1: illegal AddrWidth (LA >= log2 L1Sets + 1)")

  localparam logic [QW-1:0] QueueLen = QW'(L1Queue);
  localparam logic [NW-1:0] WfOne    = NW'(1);
  localparam logic [TW-1:0] TsOne    = TW'(1);
  localparam logic [TW-1:0] TsMax    = {TW{1'b1}};
  localparam logic [SW-1:0] SpinMax  = SW'(SpinHits);                  // 0 when SpinHits = 0
  localparam logic [CW-1:0] WMax     = CW'(64'hff);
  localparam logic [WW-1:0] WayLast  = WW'(L1Ways - 32'd1);

  localparam logic [1:0] StI    = 2'(gtsc_pkg::GtL1StI);
  localparam logic [1:0] StV    = 2'(gtsc_pkg::GtL1StV);
  localparam logic [1:0] StP    = 2'(gtsc_pkg::GtL1StP);
  localparam logic [1:0] MkRd   = 2'(gtsc_pkg::GtMkRd);
  localparam logic [1:0] MkWr   = 2'(gtsc_pkg::GtMkWr);
  localparam logic [1:0] MkAt   = 2'(gtsc_pkg::GtMkAt);
  localparam logic [1:0] MkSv   = 2'(gtsc_pkg::GtMkSv);
  localparam logic [1:0] OpNone = 2'(gtsc_pkg::GtOpNone);
  localparam logic [1:0] OpLoad = 2'(gtsc_pkg::GtOpLoad);
  localparam logic [1:0] OpSt   = 2'(gtsc_pkg::GtOpStore);
  localparam logic [1:0] OpAt   = 2'(gtsc_pkg::GtOpAtomic);
  localparam logic [1:0] CrLoad = 2'(gtsc_pkg::GtCrspLoad);
  localparam logic [1:0] CrAt   = 2'(gtsc_pkg::GtCrspAtomic);
  localparam logic [1:0] CrSt   = 2'(gtsc_pkg::GtCrspStore);
  localparam logic [1:0] QRd    = 2'(gtsc_pkg::GtReqRd);
  localparam logic [1:0] QWr    = 2'(gtsc_pkg::GtReqWr);
  localparam logic [1:0] QAt    = 2'(gtsc_pkg::GtReqAt);
  localparam logic [2:0] RFill  = 3'(gtsc_pkg::GtRspFill);
  localparam logic [2:0] RRnw   = 3'(gtsc_pkg::GtRspRnw);
  localparam logic [2:0] RWack  = 3'(gtsc_pkg::GtRspWack);
  localparam logic [2:0] RAack  = 3'(gtsc_pkg::GtRspAack);

  function automatic logic [TW-1:0] max_f(input logic [TW-1:0] a, input logic [TW-1:0] b);
    max_f = (a > b) ? a : b;
  endfunction

  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [SIW-1:0] set_of_f(input logic [LA-1:0] a);   // the low SB bits
    set_of_f = SIW'(a) & SIW'(L1Sets - 32'd1);
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  function automatic logic [TGW-1:0] tag_of_f(input logic [LA-1:0] a);
    tag_of_f = TGW'(a >> SB);
  endfunction

  function automatic logic [LIW-1:0] idx_f(input logic [SIW-1:0] s, input logic [WW-1:0] w);
    idx_f = LIW'(LIW'(s) * LIW'(L1Ways) + LIW'(w));
  endfunction

  // ---------------------------------------------------------------------------------------------
  // State (spec section 3)
  // ---------------------------------------------------------------------------------------------

  (* mem2reg *) logic [TGW-1:0]  tag_q   [Lines]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [1:0]      st_q    [Lines]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [TW-1:0]   wts_q   [Lines]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [TW-1:0]   rts_q   [Lines]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [DB-1:0]   data_q  [Lines]   /* verilator public_flat_rd */;
  logic [L1Sets*WW-1:0]          rr_q              /* verilator public_flat_rd */;
  logic [NW*TW-1:0]              warp_ts_q         /* verilator public_flat_rd */;
  logic [NW*CW-1:0]              wcnt_q            /* verilator public_flat_rd */;
  logic [NW*SW-1:0]              spin_q            /* verilator public_flat_rd */;
  logic [EW-1:0]                 ep_q              /* verilator public_flat_rd */;

  logic [L1Mshrs-1:0]            mv_q              /* verilator public_flat_rd */;
  logic [L1Mshrs-1:0]            mhw_q             /* verilator public_flat_rd */;
  logic [L1Mshrs-1:0]            mst_q             /* verilator public_flat_rd */;
  (* mem2reg *) logic [1:0]      mk_q    [L1Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [LA-1:0]   mline_q [L1Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [WW-1:0]   mway_q  [L1Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [NW-1:0]   mwait_q [L1Mshrs] /* verilator public_flat_rd */;
  (* mem2reg *) logic [5:0]      mwf_q   [L1Mshrs] /* verilator public_flat_rd */;

  // output registers
  logic                 core_ready_q       /* verilator public_flat_rd */;
  logic                 crsp_valid_q       /* verilator public_flat_rd */;
  logic [1:0]           crsp_kind_q        /* verilator public_flat_rd */;
  logic [NW-1:0]        crsp_wf_mask_q     /* verilator public_flat_rd */;
  logic [LA-1:0]        crsp_line_q        /* verilator public_flat_rd */;
  logic [DB-1:0]        crsp_data_q        /* verilator public_flat_rd */;
  logic                 req_valid_q        /* verilator public_flat_rd */;
  logic [1:0]           req_kind_q         /* verilator public_flat_rd */;
  logic [5:0]           req_wf_q           /* verilator public_flat_rd */;
  logic [LA-1:0]        req_line_q         /* verilator public_flat_rd */;
  logic [TW-1:0]        req_wts_q          /* verilator public_flat_rd */;
  logic [TW-1:0]        req_warp_ts_q      /* verilator public_flat_rd */;
  logic [EW-1:0]        req_ep_q           /* verilator public_flat_rd */;
  logic [DB-1:0]        req_data_q         /* verilator public_flat_rd */;
  logic [LineBytes-1:0] req_mask_q         /* verilator public_flat_rd */;
  logic [1:0]           req_aop_q          /* verilator public_flat_rd */;
  logic [4:0]           req_word_q         /* verilator public_flat_rd */;
  logic [31:0]          req_a_q            /* verilator public_flat_rd */;
  logic [31:0]          req_b_q            /* verilator public_flat_rd */;
  logic [NW-1:0]        wr_idle_q          /* verilator public_flat_rd */;

  // ---------------------------------------------------------------------------------------------
  // The core FIFO (R2 (c), (d), (f); J1)
  // ---------------------------------------------------------------------------------------------

  logic                 push, pop, legal;
  logic [QW-1:0]        fcnt, fcnt_d;
  logic [1:0]           h_op;
  logic [5:0]           h_wf;
  logic [LA-1:0]        h_line;
  logic [DB-1:0]        h_data;
  logic [LineBytes-1:0] h_mask;
  logic [1:0]           h_aop;
  logic [4:0]           h_word;
  logic [31:0]          h_a, h_b;

  assign legal = (core_op_i != OpNone) && (32'(core_wf_i) < NumWf) &&
                 !(core_op_i == OpAt && core_aop_i == 2'd3);
  assign push  = core_valid_i && core_ready_q && legal;

  gpucoh_fifo #(
    .Width(FEW),
    .Depth(L1Queue)
  ) u_fifo (
    .clk_i,
    .rst_ni,
    .push_i    (push),
    .data_i    ({core_op_i, core_wf_i, core_line_i, core_data_i, core_mask_i, core_aop_i,
                 core_word_i, core_a_i, core_b_i}),
    .pop_i     (pop),
    .head_o    ({h_op, h_wf, h_line, h_data, h_mask, h_aop, h_word, h_a, h_b}),
    .cnt_o     (fcnt),
    .cnt_next_o(fcnt_d)
  );

  // per-warp views
  (* mem2reg *) logic [TW-1:0] ts_of [NW];
  (* mem2reg *) logic [CW-1:0] cnt_of [NW];
  (* mem2reg *) logic [SW-1:0] spin_of [NW];
  always_comb begin
    for (int j = 0; j < NW; j++) begin
      ts_of[j]   = warp_ts_q[TW*j +: TW];
      cnt_of[j]  = wcnt_q[CW*j +: CW];
      spin_of[j] = spin_q[SW*j +: SW];
    end
  end

  // per-entry tied line index (R3 "tied")
  (* mem2reg *) logic [LIW-1:0] eidx [L1Mshrs];
  always_comb begin
    for (int k = 0; k < L1Mshrs; k++) begin
      eidx[k] = idx_f(set_of_f(mline_q[k]), mway_q[k]);
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Lookups: the response's entry, the lowest SV entry, the head's entry, line, victim
  // ---------------------------------------------------------------------------------------------

  logic [L1Mshrs-1:0] r_match, sv_vec, e_match;
  always_comb begin
    for (int k = 0; k < L1Mshrs; k++) begin
      r_match[k] = mv_q[k] && (mline_q[k] == rsp_line_i);
      sv_vec[k]  = mv_q[k] && (mk_q[k] == MkSv);
      e_match[k] = mv_q[k] && (mline_q[k] == h_line);
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic [L1Mshrs-1:0] r_oh, sv_oh, e_oh, a_oh;
  logic [L1Ways-1:0]  m_oh, fw_oh;
  /* verilator lint_on UNUSEDSIGNAL */
  logic           r_found, sv_found, e_found, a_found;
  logic [MW-1:0]  r_k, sv_k, e_k, a_k;
  gpucoh_ffs #(.Width(L1Mshrs)) u_rsp_mshr (
    .vec_i(r_match), .valid_o(r_found), .onehot_o(r_oh), .idx_o(r_k)
  );
  gpucoh_ffs #(.Width(L1Mshrs)) u_sv_mshr (
    .vec_i(sv_vec), .valid_o(sv_found), .onehot_o(sv_oh), .idx_o(sv_k)
  );
  gpucoh_ffs #(.Width(L1Mshrs)) u_head_mshr (
    .vec_i(e_match), .valid_o(e_found), .onehot_o(e_oh), .idx_o(e_k)
  );
  gpucoh_ffs #(.Width(L1Mshrs)) u_free_mshr (
    .vec_i(~mv_q), .valid_o(a_found), .onehot_o(a_oh), .idx_o(a_k)
  );

  logic [SIW-1:0]    h_set;
  logic [TGW-1:0]    h_tag;
  logic [WW-1:0]     h_rr;
  logic [L1Ways-1:0] m_match, w_free, w_cand, w_tied;
  assign h_set = set_of_f(h_line);
  assign h_tag = tag_of_f(h_line);
  assign h_rr  = rr_q[WW*h_set +: WW];
  // (No always_comb block here reads a variable it writes: Icarus 11 would re-trigger it.)
  always_comb begin
    for (int w = 0; w < L1Ways; w++) begin
      w_tied[w] = 1'b0;
      for (int k = 0; k < L1Mshrs; k++) begin
        if (mv_q[k] && mhw_q[k] && eidx[k] == idx_f(h_set, WW'(w))) begin
          w_tied[w] = 1'b1;
        end
      end
    end
  end
  always_comb begin
    for (int w = 0; w < L1Ways; w++) begin
      m_match[w] = (st_q[idx_f(h_set, WW'(w))] != StI) && (tag_q[idx_f(h_set, WW'(w))] == h_tag);
      w_free[w]  = (st_q[idx_f(h_set, WW'(w))] == StI);
      w_cand[w]  = (st_q[idx_f(h_set, WW'(w))] == StV) && !w_tied[w];
    end
  end

  logic          m_found, fw_found, rr_found;
  logic [WW-1:0] m_way, fw_way, rr_way, v_way;
  gpucoh_ffs #(.Width(L1Ways)) u_hit_way (
    .vec_i(m_match), .valid_o(m_found), .onehot_o(m_oh), .idx_o(m_way)
  );
  gpucoh_ffs #(.Width(L1Ways)) u_free_way (
    .vec_i(w_free), .valid_o(fw_found), .onehot_o(fw_oh), .idx_o(fw_way)
  );
  gpucoh_rr_ffs #(.Width(L1Ways)) u_rr_way (
    .vec_i(w_cand), .start_i(h_rr), .valid_o(rr_found), .idx_o(rr_way)
  );
  assign v_way = fw_found ? fw_way : rr_way;

  logic [LIW-1:0] m_idx, v_idx;
  logic           m_v;
  assign m_idx = idx_f(h_set, m_way);
  assign v_idx = idx_f(h_set, v_way);
  assign m_v   = m_found && (st_q[m_idx] == StV);

  // ---------------------------------------------------------------------------------------------
  // R2 (a): the response (section 5)
  // ---------------------------------------------------------------------------------------------

  logic [1:0]     r_mk;
  logic           r_hw, r_st;
  logic [NW-1:0]  r_wait;
  logic [5:0]     r_wf;
  logic [LIW-1:0] r_lidx;
  logic           r_lv;
  assign r_mk   = mk_q[r_k];
  assign r_hw   = mhw_q[r_k];
  assign r_st   = mst_q[r_k];
  assign r_wait = mwait_q[r_k];
  assign r_wf   = mwf_q[r_k];
  assign r_lidx = eidx[r_k];
  assign r_lv   = (st_q[r_lidx] == StV);

  logic do_rsp, r01, r02, r03, r04, r05, r06, r07, r08, r09, r_ok, r_wt;
  logic r_fill, r_rnw, r_wack, r_aack;
  assign do_rsp = rsp_valid_i;
  assign r_fill = do_rsp && r_found && (rsp_kind_i == RFill) && (r_mk == MkRd);
  assign r_rnw  = do_rsp && r_found && (rsp_kind_i == RRnw) && (r_mk == MkRd);
  assign r_wack = do_rsp && r_found && (rsp_kind_i == RWack) && (r_mk == MkWr);
  assign r_aack = do_rsp && r_found && (rsp_kind_i == RAack) && (r_mk == MkAt);
  assign r01    = r_fill && !r_st && r_hw;
  assign r02    = r_fill && !r_st && !r_hw;
  assign r03    = r_rnw && !r_st && r_hw && r_lv;
  assign r04    = (r_fill || r_rnw) && r_st;
  assign r05    = r_wack && !r_st && r_hw && rsp_keep_i;
  assign r06    = r_wack && !r_st && r_hw && !rsp_keep_i;
  assign r07    = r_wack && !r_st && !r_hw;
  assign r08    = r_wack && r_st;
  assign r09    = r_aack;
  assign r_ok   = r01 || r02 || r03 || r04 || r05 || r06 || r07 || r08 || r09;   // else ERR
  assign r_wt   = (r_wait != '0);

  // R2 (b): the serve step (R10)
  logic do_sv, v01, v02;
  assign do_sv = !do_rsp && sv_found;
  assign v01   = do_sv && !mst_q[sv_k];
  assign v02   = do_sv && mst_q[sv_k];

  // ---------------------------------------------------------------------------------------------
  // R2 (c): the head (section 6)
  // ---------------------------------------------------------------------------------------------

  logic          do_head, h_ld, h_st, h_at, h_hitok;
  logic [WFI-1:0] h_w;
  logic [NW-1:0] h_wbit;
  logic [TW-1:0] h_ts;
  assign do_head = !do_rsp && !sv_found && (fcnt != '0);
  assign h_ld    = (h_op == OpLoad);
  assign h_st    = (h_op == OpSt);
  assign h_at    = (h_op == OpAt);
  assign h_w     = WFI'(h_wf);
  assign h_wbit  = WfOne << h_wf;
  assign h_ts    = ts_of[h_w];
  assign h_hitok = m_v && (h_ts <= rts_q[m_idx]);

  logic c01, c01s, c02, c03, c04, c05, c06, c07, c08, s01, s02, s03, s04;
  assign c02 = do_head && h_ld && e_found;
  assign c01 = do_head && h_ld && !e_found && h_hitok;                 // C01 or C01s (L6)
  assign c01s = c01 && (SpinHits != 32'd0) && (spin_of[h_w] == SpinMax);   // T12
  assign s02 = do_head && ((h_ld && !e_found && !h_hitok && !a_found) ||
                           ((h_st || h_at) && !e_found && (cnt_of[h_w] != WMax) && !a_found));
  assign c03 = do_head && h_ld && !e_found && !h_hitok && a_found && m_v;
  assign c04 = do_head && h_ld && !e_found && a_found && !m_found && (fw_found || rr_found);
  assign s01 = do_head && h_ld && !e_found && a_found && !m_found && !fw_found && !rr_found;
  assign s03 = do_head && (h_st || h_at) && e_found;
  assign s04 = do_head && (h_st || h_at) && !e_found && (cnt_of[h_w] == WMax);
  assign c05 = do_head && h_st && !e_found && (cnt_of[h_w] != WMax) && a_found && m_v;
  assign c06 = do_head && h_st && !e_found && (cnt_of[h_w] != WMax) && a_found && !m_v;
  assign c07 = do_head && h_at && !e_found && (cnt_of[h_w] != WMax) && a_found && m_v;
  assign c08 = do_head && h_at && !e_found && (cnt_of[h_w] != WMax) && a_found && !m_v;
  assign pop = c01 || c02 || c03 || c04 || c05 || c06 || c07 || c08;

  // ---------------------------------------------------------------------------------------------
  // SERVE (R9), R11, R12: the entry k acted on and the warps
  // ---------------------------------------------------------------------------------------------

  logic [MW-1:0]  k_ent;                  // the entry of (a) or (b)
  logic [NW-1:0]  k_wait;
  logic [LA-1:0]  k_line;
  logic [LIW-1:0] k_lidx;
  logic           k_hw;
  assign k_ent  = do_rsp ? r_k : sv_k;
  assign k_wait = mwait_q[k_ent];
  assign k_line = mline_q[k_ent];
  assign k_lidx = eidx[k_ent];
  assign k_hw   = mhw_q[k_ent];

  // SERVE's arguments: R01 / R02 the response, R03 the line and the response's rts, V01 the line
  logic          serve;
  logic [TW-1:0] sv_wts, sv_rts;
  logic [DB-1:0] sv_data;
  assign serve   = r01 || r02 || r03 || v01;
  assign sv_wts  = (r01 || r02) ? rsp_wts_i : wts_q[k_lidx];
  assign sv_rts  = (r01 || r02 || r03) ? rsp_rts_i : rts_q[k_lidx];
  assign sv_data = (r01 || r02) ? rsp_data_i : data_q[k_lidx];

  logic [NW-1:0] served, left;
  always_comb begin
    for (int j = 0; j < NW; j++) begin
      served[j] = k_wait[j] && (ts_of[j] <= sv_rts);
    end
  end
  assign left = k_wait & ~served;

  // R12
  logic          ack, r12_raise;
  logic [WFI-1:0] ack_w;
  assign ack       = r05 || r06 || r07 || r08 || r09;
  assign ack_w     = WFI'(r_wf);
  assign r12_raise = ack && (!r_st || (rsp_ep_i == ep_q));

  // R11 (re-request): R04, and R06-R09 with waiters
  logic r11;
  assign r11 = r04 || ((r06 || r07 || r08 || r09) && r_wt);

  // warp_ts after (a)-(c), before R13 (ts_mid): SERVE, R12 or C01 raise some warps to a value
  logic [NW-1:0] raise_mask;
  logic [TW-1:0] raise_val;
  always_comb begin
    raise_mask = '0;
    raise_val  = '0;
    if (serve) begin
      raise_mask = served;
      raise_val  = sv_wts;
    end else if (r12_raise) begin
      raise_mask = WfOne << r_wf;
      raise_val  = rsp_wts_i;
    end else if (c01) begin
      raise_mask = h_wbit;
      raise_val  = wts_q[m_idx];
    end
  end

  logic [NW*TW-1:0] ts_mid;
  always_comb begin
    for (int j = 0; j < NW; j++) begin
      ts_mid[TW*j +: TW] = raise_mask[j] ? max_f(ts_of[j], raise_val) : ts_of[j];
    end
  end

  // the largest warp_ts (after R12) of the warps of a mask
  function automatic logic [TW-1:0] max_over_f(input logic [NW-1:0] m, input logic [NW*TW-1:0] v);
    logic [TW-1:0] r;
    r = '0;
    for (int j = 0; j < NW; j++) begin
      if (m[j] && v[TW*j +: TW] > r) begin
        r = v[TW*j +: TW];
      end
    end
    max_over_f = r;
  endfunction

  // The RD sent in this edge (SERVE leftovers, R11, V02, C03, C04): for whom, with which wts
  logic          rd_send;
  logic [NW-1:0] rd_mask;
  logic [TW-1:0] rd_wts, rd_ts;
  logic [LA-1:0] rd_line;
  always_comb begin
    rd_send = 1'b0;
    rd_mask = '0;
    rd_wts  = '0;
    rd_line = k_line;
    if (serve && (left != '0)) begin                                   // R9 leftovers
      rd_send = 1'b1;
      rd_mask = left;
      rd_wts  = k_hw ? sv_wts : '0;
    end else if (r11 || v02) begin                                     // R11, V02
      rd_send = 1'b1;
      rd_mask = k_wait;
    end else if (c03) begin
      rd_send = 1'b1;
      rd_mask = h_wbit;
      rd_wts  = wts_q[m_idx];
      rd_line = h_line;
    end else if (c04) begin
      rd_send = 1'b1;
      rd_mask = h_wbit;
      rd_line = h_line;
    end
  end
  assign rd_ts = max_over_f(rd_mask, ts_mid);

  /* verilator lint_off UNUSEDSIGNAL */
  logic [NW-1:0] rd_oh;
  logic          rd_any;                 // rd_send implies rd_mask != 0
  /* verilator lint_on UNUSEDSIGNAL */
  logic [WFI-1:0] rd_wf;
  gpucoh_ffs #(.Width(NumWf)) u_rd_wf (
    .vec_i(rd_mask), .valid_o(rd_any), .onehot_o(rd_oh), .idx_o(rd_wf)
  );

  // ---------------------------------------------------------------------------------------------
  // Next state: the entry written (one per edge), then R13 over the entries
  // ---------------------------------------------------------------------------------------------

  logic           ent_we, ent_v, ent_hw, ent_stl;
  logic [MW-1:0]  ent_k;
  logic [1:0]     ent_mk;
  logic [LA-1:0]  ent_line;
  logic [WW-1:0]  ent_way;
  logic [NW-1:0]  ent_wait;
  logic [5:0]     ent_wf;
  always_comb begin
    ent_we   = 1'b0;
    ent_k    = k_ent;
    ent_v    = mv_q[k_ent];
    ent_mk   = mk_q[k_ent];
    ent_line = mline_q[k_ent];
    ent_hw   = mhw_q[k_ent];
    ent_way  = mway_q[k_ent];
    ent_wait = mwait_q[k_ent];
    ent_wf   = mwf_q[k_ent];
    ent_stl  = mst_q[k_ent];
    if (serve) begin                                                   // R01-R03, V01
      ent_we = 1'b1;
      if (left != '0) begin
        ent_mk   = MkRd;
        ent_wait = left;
      end else begin
        ent_v = 1'b0;
      end
    end else if (r11 || v02) begin                                     // R11, V02
      ent_we  = 1'b1;
      ent_mk  = MkRd;
      ent_stl = 1'b0;
    end else if (r05) begin
      ent_we = 1'b1;
      if (r_wt) begin
        ent_mk = MkSv;
      end else begin
        ent_v = 1'b0;
      end
    end else if (ack) begin                                            // R06-R09 without waiters
      ent_we = 1'b1;
      ent_v  = 1'b0;
    end else if (c02) begin
      ent_we   = 1'b1;
      ent_k    = e_k;
      ent_v    = mv_q[e_k];
      ent_mk   = mk_q[e_k];
      ent_line = mline_q[e_k];
      ent_hw   = mhw_q[e_k];
      ent_way  = mway_q[e_k];
      ent_wait = mwait_q[e_k] | h_wbit;
      ent_wf   = mwf_q[e_k];
      ent_stl  = mst_q[e_k];
    end else if (c03 || c04 || c05 || c06 || c07 || c08) begin          // allocation (R5)
      ent_we   = 1'b1;
      ent_k    = a_k;
      ent_v    = 1'b1;
      ent_mk   = (c03 || c04) ? MkRd : (c05 || c06) ? MkWr : MkAt;
      ent_line = h_line;
      ent_hw   = c03 || c04 || c05;
      ent_way  = c04 ? v_way : (c03 || c05) ? m_way : '0;
      ent_wait = (c03 || c04) ? h_wbit : '0;
      ent_wf   = (c05 || c06 || c07 || c08) ? h_wf : '0;
      ent_stl  = 1'b0;
    end
  end

  // the entries' valid, way and stale bits at the end of (a)-(d), and after R13
  logic [L1Mshrs-1:0] mv_n, mhw_n, mst_n;
  (* mem2reg *) logic [LIW-1:0]     eidx_n [L1Mshrs];
  always_comb begin
    for (int k = 0; k < L1Mshrs; k++) begin
      if (ent_we && (MW'(k) == ent_k)) begin
        mv_n[k]   = ent_v;
        mhw_n[k]  = ent_hw;
        mst_n[k]  = ent_stl;
        eidx_n[k] = idx_f(set_of_f(ent_line), ent_way);
      end else begin
        mv_n[k]   = mv_q[k];
        mhw_n[k]  = mhw_q[k];
        mst_n[k]  = mst_q[k];
        eidx_n[k] = eidx[k];
      end
      if (tsrst_i && ((ent_we && (MW'(k) == ent_k)) ? ent_v : mv_q[k])) begin   // R13
        mst_n[k] = 1'b1;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Next state: the line written (one per edge), then R13 over the lines
  // ---------------------------------------------------------------------------------------------

  logic           ln_we;
  logic [LIW-1:0] ln_idx;
  logic [TGW-1:0] ln_tag;
  logic [1:0]     ln_st;
  logic [TW-1:0]  ln_wts, ln_rts;
  logic [DB-1:0]  ln_data, st_merged, wr_data;
  logic [DB-1:0] m_data;
  assign m_data = data_q[m_idx];
  gpucoh_bytemerge #(.Bytes(LineBytes)) u_store_merge (
    .old_i(m_data), .new_i(h_data), .mask_i(h_mask), .merged_o(st_merged)
  );
  always_comb begin                                                   // WR data: 0 off mask
    for (int b = 0; b < LineBytes; b++) begin
      wr_data[8*b +: 8] = h_mask[b] ? h_data[8*b +: 8] : 8'd0;
    end
  end
  assign ln_idx = c04 ? v_idx : (c05 || c07) ? m_idx : k_lidx;
  always_comb begin
    ln_we   = 1'b0;
    ln_tag  = tag_q[ln_idx];
    ln_st   = st_q[ln_idx];
    ln_wts  = wts_q[ln_idx];
    ln_rts  = rts_q[ln_idx];
    ln_data = data_q[ln_idx];
    if (r01) begin                                                     // T9
      ln_we   = 1'b1;
      ln_st   = StV;
      ln_wts  = rsp_wts_i;
      ln_rts  = rsp_rts_i;
      ln_data = rsp_data_i;
    end else if (r03) begin                                            // T8
      ln_we  = 1'b1;
      ln_rts = rsp_rts_i;
    end else if (r05) begin                                            // T7: the kept copy
      ln_we  = 1'b1;
      ln_wts = rsp_wts_i;
      ln_rts = rsp_rts_i;
    end else if (r11 && k_hw) begin                                    // R11: P, stays tied
      ln_we  = 1'b1;
      ln_st  = StP;
      ln_wts = '0;
      ln_rts = '0;
    end else if ((r06 || r08) && !r_wt && k_hw) begin                  // the copy dropped
      ln_we = 1'b1;
      ln_st = StI;
    end else if (c04) begin                                            // R6
      ln_we  = 1'b1;
      ln_tag = h_tag;
      ln_st  = StP;
      ln_wts = '0;
      ln_rts = '0;
    end else if (c05) begin                                            // the locked copy
      ln_we   = 1'b1;
      ln_data = st_merged;
    end else if (c07) begin                                            // D14
      ln_we = 1'b1;
      ln_st = StI;
    end
  end

  logic [2*Lines-1:0]  st_n;
  logic [TW*Lines-1:0] wts_n, rts_n;
  logic [Lines-1:0]    tied_n;
  always_comb begin
    for (int i = 0; i < Lines; i++) begin
      tied_n[i] = 1'b0;
      for (int k = 0; k < L1Mshrs; k++) begin
        if (mv_n[k] && mhw_n[k] && eidx_n[k] == LIW'(i)) begin
          tied_n[i] = 1'b1;
        end
      end
    end
  end
  always_comb begin
    for (int i = 0; i < Lines; i++) begin
      st_n[2*i +: 2]    = (ln_we && (LIW'(i) == ln_idx)) ? ln_st : st_q[i];
      wts_n[TW*i +: TW] = (ln_we && (LIW'(i) == ln_idx)) ? ln_wts : wts_q[i];
      rts_n[TW*i +: TW] = (ln_we && (LIW'(i) == ln_idx)) ? ln_rts : rts_q[i];
      if (tsrst_i && tied_n[i]) begin                                  // R13
        st_n[2*i +: 2]    = StP;
        wts_n[TW*i +: TW] = '0;
        rts_n[TW*i +: TW] = '0;
      end else if (tsrst_i) begin
        st_n[2*i +: 2] = StI;
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
      end else if (ln_we && (LIW'(i) == ln_idx)) begin
        tag_q[i]  <= ln_tag;
        data_q[i] <= ln_data;
      end
    end
  end

  // R6: the round-robin pointer of the allocating set
  logic [WW-1:0] rr_next;
  assign rr_next = (v_way == WayLast) ? '0 : v_way + WW'(1);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rr_q <= '0;
    end else if (c04) begin
      rr_q[WW*h_set +: WW] <= rr_next;
    end
  end

  // MSHR registers
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      mv_q  <= '0;
      mhw_q <= '0;
      mst_q <= '0;
    end else begin
      mv_q  <= mv_n;
      mhw_q <= mhw_n;
      mst_q <= mst_n;
    end
  end

  for (genvar k = 0; k < L1Mshrs; k++) begin : g_mshr
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        mk_q[k]    <= '0;
        mline_q[k] <= '0;
        mway_q[k]  <= '0;
        mwait_q[k] <= '0;
        mwf_q[k]   <= '0;
      end else if (ent_we && (MW'(k) == ent_k)) begin
        mk_q[k]    <= ent_mk;
        mline_q[k] <= ent_line;
        mway_q[k]  <= ent_way;
        mwait_q[k] <= ent_wait;
        mwf_q[k]   <= ent_wf;
      end
    end
  end

  // Warps: warp_ts (T4, T7, T10, T12, R13), wcnt (C05-C08, R12), spin (T12), ep (R13)
  logic [NW*TW-1:0] warp_ts_n;
  logic [NW*CW-1:0] wcnt_n;
  logic [NW*SW-1:0] spin_n;
  logic [NW-1:0]    wr_idle_n;
  logic             cnt_inc;
  assign cnt_inc = c05 || c06 || c07 || c08;
  always_comb begin
    for (int j = 0; j < NW; j++) begin
      warp_ts_n[TW*j +: TW] = tsrst_i ? TsOne : ts_mid[TW*j +: TW];
      if (!tsrst_i && c01s && (WFI'(j) == h_w) && (ts_mid[TW*j +: TW] != TsMax)) begin
        warp_ts_n[TW*j +: TW] = ts_mid[TW*j +: TW] + TsOne;           // T12 (R8: saturated)
      end
      wcnt_n[CW*j +: CW]    = cnt_of[j];
      if (cnt_inc && (WFI'(j) == h_w)) begin
        wcnt_n[CW*j +: CW] = cnt_of[j] + CW'(1);
      end else if (ack && (WFI'(j) == ack_w)) begin
        wcnt_n[CW*j +: CW] = cnt_of[j] - CW'(1);
      end
    end
  end
  always_comb begin
    for (int j = 0; j < NW; j++) begin
      wr_idle_n[j] = (wcnt_n[CW*j +: CW] == '0);
    end
  end
  // T12: spin[w] counts w's hits in a row (C01: + 1; C01s: 0), any other accepted head request
  // of w (C02-C08) returns it to 0; responses, SERVE, stalls and R13 leave it; SpinHits = 0:
  // it stays 0
  always_comb begin
    for (int j = 0; j < NW; j++) begin
      spin_n[SW*j +: SW] = spin_of[j];
      if ((SpinHits != 32'd0) && pop && (WFI'(j) == h_w)) begin
        spin_n[SW*j +: SW] = (c01 && !c01s) ? spin_of[j] + SW'(1) : '0;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      warp_ts_q <= {NW{TsOne}};
      wcnt_q    <= '0;
      spin_q    <= '0;
      ep_q      <= '0;
    end else begin
      warp_ts_q <= warp_ts_n;
      wcnt_q    <= wcnt_n;
      spin_q    <= spin_n;
      ep_q      <= tsrst_i ? ep_q + EW'(1) : ep_q;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs (R9, R12, R15; section 4 of gtsc.md: fields a kind does not name are 0)
  // ---------------------------------------------------------------------------------------------

  logic          crsp_valid_d;
  logic [1:0]    crsp_kind_d;
  logic [NW-1:0] crsp_mask_d;
  logic [LA-1:0] crsp_line_d;
  logic [DB-1:0] crsp_data_d;
  always_comb begin
    crsp_valid_d = 1'b0;
    crsp_kind_d  = '0;
    crsp_mask_d  = '0;
    crsp_line_d  = '0;
    crsp_data_d  = '0;
    if (serve && (served != '0)) begin                                 // R9
      crsp_valid_d = 1'b1;
      crsp_kind_d  = CrLoad;
      crsp_mask_d  = served;
      crsp_line_d  = k_line;
      crsp_data_d  = sv_data;
    end else if (c01) begin                                            // T4
      crsp_valid_d = 1'b1;
      crsp_kind_d  = CrLoad;
      crsp_mask_d  = h_wbit;
      crsp_line_d  = h_line;
      crsp_data_d  = data_q[m_idx];
    end else if (r09) begin                                            // R12: ATOMIC
      crsp_valid_d = 1'b1;
      crsp_kind_d  = CrAt;
      crsp_mask_d  = WfOne << r_wf;
      crsp_line_d  = k_line;
      crsp_data_d  = rsp_data_i;
    end else if ((Sc == 32'd1) && (r05 || r06 || r07 || r08)) begin    // R12: STORE (Sc = 1)
      crsp_valid_d = 1'b1;
      crsp_kind_d  = CrSt;
      crsp_mask_d  = WfOne << r_wf;
      crsp_line_d  = k_line;
    end
  end

  logic                 req_valid_d;
  logic [1:0]           req_kind_d, req_aop_d;
  logic [5:0]           req_wf_d;
  logic [LA-1:0]        req_line_d;
  logic [TW-1:0]        req_wts_d, req_warp_ts_d;
  logic [DB-1:0]        req_data_d;
  logic [LineBytes-1:0] req_mask_d;
  logic [4:0]           req_word_d;
  logic [31:0]          req_a_d, req_b_d;
  always_comb begin
    req_valid_d   = 1'b0;
    req_kind_d    = '0;
    req_wf_d      = '0;
    req_line_d    = '0;
    req_wts_d     = '0;
    req_warp_ts_d = '0;
    req_data_d    = '0;
    req_mask_d    = '0;
    req_aop_d     = '0;
    req_word_d    = '0;
    req_a_d       = '0;
    req_b_d       = '0;
    if (rd_send) begin                                                 // RD
      req_valid_d   = 1'b1;
      req_kind_d    = QRd;
      req_wf_d      = 6'(rd_wf);
      req_line_d    = rd_line;
      req_wts_d     = rd_wts;
      req_warp_ts_d = rd_ts;
    end else if (c05 || c06) begin                                     // WR
      req_valid_d   = 1'b1;
      req_kind_d    = QWr;
      req_wf_d      = h_wf;
      req_line_d    = h_line;
      req_wts_d     = c05 ? wts_q[m_idx] : '0;
      req_warp_ts_d = h_ts;
      req_data_d    = wr_data;
      req_mask_d    = h_mask;
    end else if (c07 || c08) begin                                     // AT
      req_valid_d   = 1'b1;
      req_kind_d    = QAt;
      req_wf_d      = h_wf;
      req_line_d    = h_line;
      req_warp_ts_d = h_ts;
      req_aop_d     = h_aop;
      req_word_d    = h_word;
      req_a_d       = h_a;
      req_b_d       = h_b;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      core_ready_q   <= 1'b1;
      wr_idle_q      <= {NW{1'b1}};
      crsp_valid_q   <= 1'b0;
      crsp_kind_q    <= '0;
      crsp_wf_mask_q <= '0;
      crsp_line_q    <= '0;
      crsp_data_q    <= '0;
      req_valid_q    <= 1'b0;
      req_kind_q     <= '0;
      req_wf_q       <= '0;
      req_line_q     <= '0;
      req_wts_q      <= '0;
      req_warp_ts_q  <= '0;
      req_ep_q       <= '0;
      req_data_q     <= '0;
      req_mask_q     <= '0;
      req_aop_q      <= '0;
      req_word_q     <= '0;
      req_a_q        <= '0;
      req_b_q        <= '0;
    end else begin
      core_ready_q   <= (fcnt_d < QueueLen);
      wr_idle_q      <= wr_idle_n;
      crsp_valid_q   <= crsp_valid_d;
      crsp_kind_q    <= crsp_kind_d;
      crsp_wf_mask_q <= crsp_mask_d;
      crsp_line_q    <= crsp_line_d;
      crsp_data_q    <= crsp_data_d;
      req_valid_q    <= req_valid_d;
      req_kind_q     <= req_kind_d;
      req_wf_q       <= req_wf_d;
      req_line_q     <= req_line_d;
      req_wts_q      <= req_wts_d;
      req_warp_ts_q  <= req_warp_ts_d;
      req_ep_q       <= req_valid_d ? ep_q : '0;
      req_data_q     <= req_data_d;
      req_mask_q     <= req_mask_d;
      req_aop_q      <= req_aop_d;
      req_word_q     <= req_word_d;
      req_a_q        <= req_a_d;
      req_b_q        <= req_b_d;
    end
  end

  assign core_ready_o   = core_ready_q;
  assign wr_idle_o      = wr_idle_q;
  assign crsp_valid_o   = crsp_valid_q;
  assign crsp_kind_o    = crsp_kind_q;
  assign crsp_wf_mask_o = crsp_wf_mask_q;
  assign crsp_line_o    = crsp_line_q;
  assign crsp_data_o    = crsp_data_q;
  assign req_valid_o    = req_valid_q;
  assign req_kind_o     = req_kind_q;
  assign req_wf_o       = req_wf_q;
  assign req_line_o     = req_line_q;
  assign req_wts_o      = req_wts_q;
  assign req_warp_ts_o  = req_warp_ts_q;
  assign req_ep_o       = req_ep_q;
  assign req_data_o     = req_data_q;
  assign req_mask_o     = req_mask_q;
  assign req_aop_o      = req_aop_q;
  assign req_word_o     = req_word_q;
  assign req_a_o        = req_a_q;
  assign req_b_o        = req_b_q;

  // ---------------------------------------------------------------------------------------------
  // Assertions A1-A14 (spec section 10; Verilator only)
  // ---------------------------------------------------------------------------------------------

`ifndef SYNTHESIS
`ifndef __ICARUS__
  logic sva_tsrst_q;        // A10's reference: a reset edge came before this one
  always_ff @(posedge clk_i) begin
    sva_tsrst_q <= rst_ni && tsrst_i;
  end

  // Each assertion reads one bit of a public variable (as hlrc_l1's): a property Verilator may
  // inline samples every signal it reads, and Verilator 5.006 declares the loop variable of a
  // wide sampled copy after its use (the FIFO head at LineBytes 128 did not compile).
  logic sva_a1_ok /* verilator public_flat_rd */;
  logic sva_a2_ok /* verilator public_flat_rd */;
  logic sva_a3_ok /* verilator public_flat_rd */;
  logic sva_a4_ok /* verilator public_flat_rd */;
  logic sva_a5_ok /* verilator public_flat_rd */;
  logic sva_a6_ok /* verilator public_flat_rd */;
  logic sva_a7_ok /* verilator public_flat_rd */;
  logic sva_a8_ok /* verilator public_flat_rd */;
  logic sva_a9_ok /* verilator public_flat_rd */;
  logic sva_a10_ok /* verilator public_flat_rd */;
  logic sva_a11_ok /* verilator public_flat_rd */;
  logic sva_a12_ok /* verilator public_flat_rd */;
  logic sva_a13_ok /* verilator public_flat_rd */;
  logic sva_a14_ok /* verilator public_flat_rd */;
  logic sva_row_ok /* verilator public_flat_rd */;
  logic [Lines-1:0] sva_tied;
  logic [6:0] sva_n;
  logic [TW-1:0] sva_t4, sva_ts;
  logic [SW-1:0] sva_sp;
  always_comb begin
    // A1, A2: one matching way and one matching entry per line address
    sva_a1_ok = !rst_ni || !do_head || $onehot0(m_match);
    sva_a2_ok = !rst_ni || ((!do_head || $onehot0(e_match)) && (!do_rsp || $onehot0(r_match)));
    // A3 (I5 local): every served warp's new time is inside the data's lease
    sva_a3_ok = 1'b1;
    for (int j = 0; j < NW; j++) begin
      if (rst_ni && crsp_valid_d && crsp_kind_d == CrLoad && crsp_mask_d[j] &&
          (ts_mid[TW*j +: TW] < (serve ? sv_wts : wts_q[m_idx]) ||
           ts_mid[TW*j +: TW] > (serve ? sv_rts : rts_q[m_idx]))) begin
        sva_a3_ok = 1'b0;
      end
    end
    // A4 (I1): every V line has 1 <= wts <= rts
    sva_a4_ok = 1'b1;
    for (int i = 0; i < Lines; i++) begin
      if (rst_ni && st_q[i] == StV && (wts_q[i] == '0 || wts_q[i] > rts_q[i])) begin
        sva_a4_ok = 1'b0;
      end
    end
    // A5 (I2): warp_ts never decreases except at a reset edge, where it becomes 1
    sva_a5_ok = 1'b1;
    for (int j = 0; j < NW; j++) begin
      if (rst_ni && (tsrst_i ? (warp_ts_n[TW*j +: TW] != TsOne)
                             : (warp_ts_n[TW*j +: TW] < ts_of[j]))) begin
        sva_a5_ok = 1'b0;
      end
    end
    // A6 (I8): a victim is never tied; C01 never on a tied line
    sva_a6_ok = !rst_ni || !((c04 && !fw_found && w_tied[v_way]) || (c01 && w_tied[m_way]));
    // A7: every response matches its entry (J3; a warning)
    sva_a7_ok = !rst_ni || !do_rsp || r_ok;
    // A8 (I9): wcnt[w] = the WR and AT entries of w
    sva_a8_ok = 1'b1;
    for (int j = 0; j < NW; j++) begin
      sva_n = '0;
      for (int k = 0; k < L1Mshrs; k++) begin
        if (mv_q[k] && (mk_q[k] == MkWr || mk_q[k] == MkAt) && 32'(mwf_q[k]) == j) begin
          sva_n = sva_n + 7'd1;
        end
      end
      if (rst_ni && 7'(cnt_of[j]) != sva_n) begin
        sva_a8_ok = 1'b0;
      end
    end
    // A9: every P line is tied
    sva_a9_ok = 1'b1;
    for (int i = 0; i < Lines; i++) begin
      sva_tied[i] = 1'b0;
      for (int k = 0; k < L1Mshrs; k++) begin
        if (mv_q[k] && mhw_q[k] && eidx[k] == LIW'(i)) begin
          sva_tied[i] = 1'b1;
        end
      end
      if (rst_ni && st_q[i] == StP && !sva_tied[i]) begin
        sva_a9_ok = 1'b0;
      end
    end
    // A10 (I10): after a reset edge every line is I or P and every entry stale
    sva_a10_ok = 1'b1;
    if (rst_ni && sva_tsrst_q) begin
      for (int i = 0; i < Lines; i++) begin
        if (st_q[i] == StV) begin
          sva_a10_ok = 1'b0;
        end
      end
      if ((mv_q & ~mst_q) != '0) begin
        sva_a10_ok = 1'b0;
      end
    end
    // A11: a response that fits a fresh entry (not J3) carries the current epoch (a warning)
    sva_a11_ok = !rst_ni || !(do_rsp && r_ok && !r_st) || (rsp_ep_i == ep_q);
    // A12 (T12): spin[w] <= SpinHits for every warp (0 when SpinHits = 0; constant when
    // SpinHits = 2^SW - 1, where SW bits cannot exceed it)
    sva_a12_ok = 1'b1;
    for (int j = 0; j < NW; j++) begin
      /* verilator lint_off CMPCONST */
      if (rst_ni && 32'(spin_of[j]) > SpinHits) begin
        sva_a12_ok = 1'b0;
      end
      /* verilator lint_on CMPCONST */
    end
    // A13 (T4, T7, T10, T12): in an edge without tsrst_i, the hit's warp ends at the T4 value
    // t = max(warp_ts, m.wts) (C01) or min(t + 1, TsMax) (C01s); every other warp keeps its
    // warp_ts or takes the wts it is raised to (SERVE, R12): the L1 adds only in the bump (R8)
    sva_a13_ok = 1'b1;
    sva_t4     = max_f(h_ts, wts_q[m_idx]);
    for (int j = 0; j < NW; j++) begin
      sva_ts = warp_ts_n[TW*j +: TW];
      if (rst_ni && !tsrst_i) begin
        if (c01 && WFI'(j) == h_w) begin
          if (sva_ts != ((c01s && sva_t4 != TsMax) ? sva_t4 + TsOne : sva_t4)) begin
            sva_a13_ok = 1'b0;
          end
        end else if (sva_ts != ts_of[j] && sva_ts != (serve ? sv_wts : rsp_wts_i)) begin
          sva_a13_ok = 1'b0;
        end
      end
    end
    // A14 (T12): spin[w] changes only for the warp of an accepted head request: + 1 at a C01,
    // 0 at a C01s or C02-C08; responses, SERVE, stalls and R13 leave it; SpinHits = 0: stays 0
    sva_a14_ok = 1'b1;
    for (int j = 0; j < NW; j++) begin
      sva_sp = spin_n[SW*j +: SW];
      if (rst_ni) begin
        if (SpinHits == 32'd0 || !(pop && WFI'(j) == h_w)) begin
          if (sva_sp != spin_of[j]) begin
            sva_a14_ok = 1'b0;
          end
        end else if (sva_sp != ((c01 && !c01s) ? spin_of[j] + SW'(1) : '0)) begin
          sva_a14_ok = 1'b0;
        end
      end
    end
    // R2 (c): an active head takes exactly one row or stall (L5: or none on a P line)
    sva_row_ok = !rst_ni || !do_head ||
                 $onehot0({c01, c02, c03, c04, c05, c06, c07, c08, s01, s02, s03, s04});
  end

  `ASSERT(A1_OneWay_A, sva_a1_ok)
  `ASSERT(A2_OneEntry_A, sva_a2_ok)
  `ASSERT(A3_LoadInLease_A, sva_a3_ok)
  `ASSERT(A4_Lease_A, sva_a4_ok)
  `ASSERT(A5_WarpTsMonotone_A, sva_a5_ok)
  `ASSERT(A6_NoTiedVictim_A, sva_a6_ok)
  `ASSERT_WARN(A7_RspMatches_A, sva_a7_ok)
  `ASSERT(A8_WcntCount_A, sva_a8_ok)
  `ASSERT(A9_PTied_A, sva_a9_ok)
  `ASSERT(A10_AfterReset_A, sva_a10_ok)
  `ASSERT_WARN(A11_FreshEpoch_A, sva_a11_ok)
  `ASSERT(A12_SpinRange_A, sva_a12_ok)
  `ASSERT(A13_WarpTsBump_A, sva_a13_ok)
  `ASSERT(A14_SpinCount_A, sva_a14_ok)
  `ASSERT(R2_OneHeadRow_A, sva_row_ok)
`endif
`endif

endmodule
