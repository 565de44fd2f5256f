// SPDX-License-Identifier: Apache-2.0
//
// denovo_l2 -- DeNovo registry bank, one per L2 bank (DeNovo-D, DeNovo-D+RO, DeNovo-H).
//
// The shared L2 of DeNovo is the registry: per word a registered bit; a registered word's data
// slot holds its owner's SM id. It answers a GETS with one DATA multicast to the reader and the
// owners of the line's registered words (the owners answer the reader on `peer`), serves a REG
// at once in arrival order with one REGD multicast to the requester and the previous owners
// (DeNovoSync0's distributed queue), takes write-backs (WB) and registration confirmations
// (DONE, clearing `busy`, answered by a DACK, D17), and recalls the registered words of a line
// it must evict. Write-back, write-allocate, inclusive for registered words. Specification:
// docs/units/denovo/denovo_l2.md
// (rules E1-E4, rows G01-G04, R01-R03, B01-B04, M01-M02, Q01-Q02, X01-X03, stalls S01-S04) and
// the family page docs/units/denovo/denovo.md (D1-D17); timing contract: docs/timing.md. Every
// output is a register.
//
//                 +------------------------------------------------------+
//  req_*        =>| request FIFO[L2Queue] (GETS, REG) ---+                |=> req_ready_o
//  wb_*         =>| write-back FIFO[WbQueue] (WB, DONE) -+-> lines [S*W]  |=> wb_ready_o
//  mem_*        =>| (DRAM fill, first) ------------------+   MSHRs [M]    |=> rsp_* (multicast)
//                 |                                                       |=> mem_* (fetch, wb)
//                 +------------------------------------------------------+
//
// Parameters (an illegal value stops elaboration with a message naming it; nothing is clamped;
// all `bit [31:0]`, as Icarus Verilog 11 cannot parse `int unsigned` parameters):
//   NumSm      SMs: width of rsp_dst_o, owner ids; 1 .. 64 (default 15)
//   NumBanks   banks (line l lives in bank l mod NumBanks; only log2 enters the set/tag split);
//              1, 2, 4, 8, 16 (default 16)
//   LineBytes  line size in bytes; 16, 32, 64, 128 (default 64)
//   AddrWidth  byte-address bits; 16 .. 48, LA >= max(log2 NumBanks + log2 L2Sets,
//              log2 L2Sets + 1) (default 32)
//   L2Sets     sets per bank; power of two, 1 .. 1024 (default 256)
//   L2Ways     ways per set; 1 .. 16 (default 16)
//   L2Mshrs    outstanding DRAM fetches; 1 .. 64 (default 32)
//   L2Queue    request FIFO entries (GETS, REG); 1 .. 8 (default 4)
//   WbQueue    write-back FIFO entries (WB, DONE); 1 .. 8 (default 4)
//   Formal     1: the formal-only assertions F_* are checked (the harness of the single-owner
//              proof, tests/formal/denovo_l2_formal.sv, sets it); 0 (default): they are
//              constant true; 0, 1
// Derived (never set them): LL = log2 LineBytes, LA = AddrWidth - LL line-address bits,
// DB = 8*LineBytes data bits, LW = LineBytes/4 words, LB = log2 NumBanks, LS = log2 L2Sets,
// TGW = LA - LS tag bits, Lines = L2Sets*L2Ways; index widths SIW, WW, LIW, MKW (at least 1).
//
// Ports (spec section 2; the payload of every output is 0 when its valid is 0):
//   clk_i, rst_ni           clock; synchronous active-low reset
//   req_valid_i, req_kind_i[4] (GETS, REG), req_src_i[6], req_line_i[LA], req_mask_i[32],
//   req_pmask_i[32]         the `req` network, taken when req_ready_o was 1
//   req_ready_o             the request FIFO has room (qcnt < L2Queue)
//   wb_valid_i, wb_kind_i[4] (WB, DONE), wb_src_i[6], wb_line_i[LA], wb_mask_i[32],
//   wb_pmask_i[32], wb_data_i[DB]   the `wb` network, taken when wb_ready_o was 1
//   wb_ready_o              the write-back FIFO has room (wcnt < WbQueue)
//   rsp_valid_o, rsp_kind_o[4] (DATA, REGD, WBACK, RECALL, DACK), rsp_dst_o[NumSm], rsp_req_o[6],
//   rsp_line_o[LA], rsp_mask_o[32], rsp_pmask_o[32], rsp_data_o[DB]   the `rsp` network
//   mem_fetch_o, mem_fetch_line_o[LA]               DRAM fetch
//   mem_wb_o, mem_wb_line_o[LA], mem_wb_data_o[DB]  DRAM write-back (same edge as a fetch)
//   mem_valid_i, mem_line_i[LA], mem_data_i[DB]     DRAM fill (never refused)
//
// State (spec section 3; all verilator public_flat_rd; reset: all 0). Per line i =
// set*L2Ways + way: tag_q, st_q (I 0, V 1, D 2, P 3), reg_q[LW], busy_q[LW], rc_q (packed, bit
// i), data_q (word w: the data, or the owner's id when reg); tag_q, st_q, reg_q, busy_q and
// data_q are not reset but read as 0 while live_q (packed, bit i, reset 0) is 0. Per set rr_q
// (packed, set s at [s*WW +: WW]). Per MSHR k: mv_q (packed), mline_q, mway_q, mdst_q[NumSm].
// FIFO counts qcnt_q, wcnt_q; the FIFO contents (rq_mem_q, wq_mem_q, rqh_q, wqh_q) are
// internal. The output registers (*_q of every output).
//
// Rules (spec section 4; the row tables of sections 5-7 are in the decode below):
//   E1  Order of an edge: (a) a DRAM fill; (b) else the write-back FIFO's head; (c) else the
//       request FIFO's head (a stall changes nothing, the head stays); (d) push both networks;
//       (e) req_ready := qcnt_d < L2Queue, wb_ready := wcnt_d < WbQueue. No bypass. One rsp
//       message per edge; a fetch and a DRAM write-back may leave in one edge.
//   E2  Allocation: the lowest free MSHR (none: S01); victim (1) the first I way, (2) the first
//       V way with reg == 0 from rr_q[s] (X01), (3) the first D way with reg == 0 from rr_q[s]
//       (X02, written back), (4) if no line of the set has rc: the first V/D way with reg != 0
//       and busy == 0 from rr_q[s] is recalled (X03: RECALL, rc := 1, the head stays), (5) S02.
//       (1)-(3): tag, P, reg 0, busy 0, rc 0; MSHR line, way, dst; fetch; rr := way + 1.
//   E3  A fill finds its MSHR; otherwise a protocol error (warning E3_FillFindsMshr_A) that
//       changes nothing.
//   E4  Registered words stay: no line with reg != 0 is evicted or retagged
//       (E4_RegInclusive_A), a P line has reg == 0 (E4_PendingUnreg_A), busy only on reg words
//       (E4_BusyReg_A), an owner id is < NumSm (E4_OwnerInRange_A, a warning: illegal input I5
//       makes it fire). Proven with the formal-only assertions F_* (at the end; Formal = 1)
//       by tools/prove_denovo_l2.sh (spec section 11: yosys-smtbmc, z3, k-induction).
//   I1  A head of kind 0 or of a kind its FIFO never receives is popped and changes nothing
//       (warnings Q_KindLegal_A for the request FIFO, Q01; Q_WbKindLegal_A for the write-back
//       FIFO, Q02: one flag per message, both heads can be illegal in one edge).
//   I4  A REG of words the requester already owns leaves them out (warning I4_RegOwned_A).
//
// Readings (the page's section 9 now states K1-K4, K6-K10 as rules; kept here for reference):
//   K1  The tag and the victim's address are gpu_l2's (its reading H1, C4 of docs/system.md):
//       the tag is the line address without its set bits, the bank bits kept.
//   K2  Freeing an MSHR (M01/M02) clears mv only; mline, mway, mdst keep their values.
//   K3  req_ready_o and wb_ready_o are 1 after reset (E1 e on the reset state), the other
//       output registers 0.
//   K4  "the slot names src" (B01, B03, R01 E) compares the whole 32-bit slot with src
//       zero-extended; an owner's DATA / REGD / RECALL destination bit is slot bits 5:0
//       (a slot >= NumSm names no destination bit; E4_OwnerInRange_A flags it).
//   K5  (replaced by E2 rule 4 of the fixed page) RECALL carries the owner ids of its mask's
//       words and 0 elsewhere; G01's DATA carries the whole line's slots.
//   K6  A REG's mask and a WB / DONE's mask are taken below LW only. The REG's pmask (the sync
//       bit) is not used by the registry.
//   K7  M01's DATA carries req 0, mask 0, pmask 0 and the fill's line; WBACK (and DACK) carry dst
//       1 << src, the line, and 0 elsewhere; a destination bit of src >= NumSm is 0 (I5), the
//       message is still sent.
//   K8  S01 (no free MSHR) is checked before the victim, also for a recall (X03).
//   K9  B01 on a P line takes nothing (a P line has reg == 0), so its st stays P.
//   K10 (now G04 / R02) A GETS or a REG of a line with rc (a RECALL outstanding) stalls at the
//       head (S03 / S04) until the recall's write-backs have cleared reg and rc.
//   R01 (fixed page) The REGD is sent even when W is empty (mask 0, pmask 0, dst 1 << src).
// No reading of this RTL remains outside the page.
//
// Implementation: one line (index cur_idx: the fill's way, the matching way of the wb or
// request head, or the victim) and one MSHR entry are written per edge; the line's next values
// are built word by word in the decode.

`include "gpucoh_assert.svh"

module denovo_l2 #(
  parameter bit [31:0] NumSm     = 32'd15,
  parameter bit [31:0] NumBanks  = 32'd16,
  parameter bit [31:0] LineBytes = 32'd64,
  parameter bit [31:0] AddrWidth = 32'd32,
  parameter bit [31:0] L2Sets    = 32'd256,
  parameter bit [31:0] L2Ways    = 32'd16,
  parameter bit [31:0] L2Mshrs   = 32'd32,
  parameter bit [31:0] L2Queue   = 32'd4,
  parameter bit [31:0] WbQueue   = 32'd4,
  parameter bit [31:0] Formal    = 32'd0,
  // Derived parameters: do not override.
  localparam int       LL        = (LineBytes > 1) ? $clog2(LineBytes) : 1,
  localparam int       LA        = (AddrWidth > LL) ? AddrWidth - LL : 1,
  localparam int       DB        = 8 * LineBytes,
  localparam int       NS        = (NumSm >= 1) ? NumSm : 1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // req network (L1 -> bank, port 0)
  input  logic                  req_valid_i,
  input  logic [3:0]            req_kind_i,
  input  logic [5:0]            req_src_i,
  input  logic [LA-1:0]         req_line_i,
  input  logic [31:0]           req_mask_i,
  input  logic [31:0]           req_pmask_i,
  output logic                  req_ready_o,
  // wb network (L1 -> bank, port 1)
  input  logic                  wb_valid_i,
  input  logic [3:0]            wb_kind_i,
  input  logic [5:0]            wb_src_i,
  input  logic [LA-1:0]         wb_line_i,
  input  logic [31:0]           wb_mask_i,
  input  logic [31:0]           wb_pmask_i,
  input  logic [DB-1:0]         wb_data_i,
  output logic                  wb_ready_o,
  // rsp network (bank -> L1s, multicast)
  output logic                  rsp_valid_o,
  output logic [3:0]            rsp_kind_o,
  output logic [NS-1:0]         rsp_dst_o,
  output logic [5:0]            rsp_req_o,
  output logic [LA-1:0]         rsp_line_o,
  output logic [31:0]           rsp_mask_o,
  output logic [31:0]           rsp_pmask_o,
  output logic [DB-1:0]         rsp_data_o,
  // DRAM
  output logic                  mem_fetch_o,
  output logic [LA-1:0]         mem_fetch_line_o,
  output logic                  mem_wb_o,
  output logic [LA-1:0]         mem_wb_line_o,
  output logic [DB-1:0]         mem_wb_data_o,
  input  logic                  mem_valid_i,
  input  logic [LA-1:0]         mem_line_i,
  input  logic [DB-1:0]         mem_data_i
);

  // ---------------------------------------------------------------------------------------------
  // Parameter checks (spec section 1)
  // ---------------------------------------------------------------------------------------------

  `ASSERT_ELAB(P_NumSm_A, NumSm >= 1 && NumSm <= 64,
               "denovo_l2: illegal NumSm (legal: 1 .. 64)")
  `ASSERT_ELAB(P_NumBanks_A,
               NumBanks == 1 || NumBanks == 2 || NumBanks == 4 || NumBanks == 8 ||
               NumBanks == 16,
               "denovo_l2: illegal NumBanks (legal: 1, 2, 4, 8, 16)")
  `ASSERT_ELAB(P_LineBytes_A,
               LineBytes == 16 || LineBytes == 32 || LineBytes == 64 || LineBytes == 128,
               "denovo_l2: illegal LineBytes (legal: 16, 32, 64, 128)")
  `ASSERT_ELAB(P_AddrWidth_A, AddrWidth >= 16 && AddrWidth <= 48,
               "denovo_l2: illegal AddrWidth (legal: 16 .. 48)")
  `ASSERT_ELAB(P_L2Sets_A, L2Sets >= 1 && L2Sets <= 1024 && (L2Sets & (L2Sets - 1)) == 0,
               "denovo_l2: illegal L2Sets (legal: a power of two, 1 .. 1024)")
  `ASSERT_ELAB(P_L2Ways_A, L2Ways >= 1 && L2Ways <= 16,
               "denovo_l2: illegal L2Ways (legal: 1 .. 16)")
  `ASSERT_ELAB(P_L2Mshrs_A, L2Mshrs >= 1 && L2Mshrs <= 64,
               "denovo_l2: illegal L2Mshrs (legal: 1 .. 64)")
  `ASSERT_ELAB(P_L2Queue_A, L2Queue >= 1 && L2Queue <= 8,
               "denovo_l2: illegal L2Queue (legal: 1 .. 8)")
  `ASSERT_ELAB(P_WbQueue_A, WbQueue >= 1 && WbQueue <= 8,
               "denovo_l2: illegal WbQueue (legal: 1 .. 8)")
  `ASSERT_ELAB(P_Formal_A, Formal <= 1, "denovo_l2: illegal Formal (legal: 0, 1)")

  // ---------------------------------------------------------------------------------------------
  // Constants
  // ---------------------------------------------------------------------------------------------

  localparam int LB    = (NumBanks > 1) ? $clog2(NumBanks) : 0;        // bank bits
  localparam int LS    = (L2Sets > 1) ? $clog2(L2Sets) : 0;            // set bits
  localparam int SIW   = (LS > 0) ? LS : 1;                            // set-index width
  localparam int TGW   = (LA > LS) ? LA - LS : 1;                      // tag width
  localparam int WW    = (L2Ways > 1) ? $clog2(L2Ways) : 1;            // way-index width
  localparam int Lines = L2Sets * L2Ways;
  localparam int LIW   = (Lines > 1) ? $clog2(Lines) : 1;              // line-index width
  localparam int MKW   = (L2Mshrs > 1) ? $clog2(L2Mshrs) : 1;          // MSHR-index width
  localparam int LW    = LineBytes / 4;                                // words per line
  localparam int QW    = $clog2(L2Queue + 32'd1);                      // qcnt width
  localparam int WQW   = $clog2(WbQueue + 32'd1);                      // wcnt width
  localparam int QPW   = (L2Queue > 1) ? $clog2(L2Queue) : 1;          // request FIFO pointer
  localparam int WPW   = (WbQueue > 1) ? $clog2(WbQueue) : 1;          // write-back FIFO pointer
  // FIFO entries: request {kind, src, line, mask[LW]}; write-back {kind, src, line, mask[LW],
  // recall (pmask bit 0), data}.
  localparam int REW   = 4 + 6 + LA + LW;
  localparam int WEW   = 4 + 6 + LA + LW + 1 + DB;

  `ASSERT_ELAB(P_LineAddr_A, LA >= LB + LS && LA >= LS + 1,
               "denovo_l2: illegal AddrWidth (LA < log2 NumBanks + log2 L2Sets, or <= log2 L2Sets)")

  localparam logic [LA-1:0]  BankMask = LA'(64'(NumBanks) - 64'd1);
  localparam logic [LA-1:0]  SetMask  = LA'(64'(L2Sets) - 64'd1);
  localparam logic [QW-1:0]  QueueLen = QW'(L2Queue);
  localparam logic [WQW-1:0] WbLen    = WQW'(WbQueue);
  localparam logic [NS-1:0]  SmOne    = NS'(1);

  // Encodings: the family package rtl/denovo/denovo_pkg.sv.
  localparam logic [1:0] StI       = 2'(denovo_pkg::DnL2StI);
  localparam logic [1:0] StV       = 2'(denovo_pkg::DnL2StV);
  localparam logic [1:0] StD       = 2'(denovo_pkg::DnL2StD);
  localparam logic [1:0] StP       = 2'(denovo_pkg::DnL2StP);
  localparam logic [3:0] MsgGets   = 4'(denovo_pkg::DnMsgGets);
  localparam logic [3:0] MsgReg    = 4'(denovo_pkg::DnMsgReg);
  localparam logic [3:0] MsgWb     = 4'(denovo_pkg::DnMsgWb);
  localparam logic [3:0] MsgDone   = 4'(denovo_pkg::DnMsgDone);
  localparam logic [3:0] MsgData   = 4'(denovo_pkg::DnMsgData);
  localparam logic [3:0] MsgRegd   = 4'(denovo_pkg::DnMsgRegd);
  localparam logic [3:0] MsgWback  = 4'(denovo_pkg::DnMsgWback);
  localparam logic [3:0] MsgDack   = 4'(denovo_pkg::DnMsgDack);
  localparam logic [3:0] MsgRecall = 4'(denovo_pkg::DnMsgRecall);

  // ---------------------------------------------------------------------------------------------
  // State (spec section 3)
  // ---------------------------------------------------------------------------------------------

  (* mem2reg *) logic [TGW-1:0]       tag_q   [Lines]    /* verilator public_flat_rd */;
  (* mem2reg *) logic [1:0]           st_q    [Lines]    /* verilator public_flat_rd */;
  (* mem2reg *) logic [LW-1:0]        reg_q   [Lines]    /* verilator public_flat_rd */;
  (* mem2reg *) logic [LW-1:0]        busy_q  [Lines]    /* verilator public_flat_rd */;
  logic [Lines-1:0]     rc_q               /* verilator public_flat_rd */;
  (* mem2reg *) logic [DB-1:0]        data_q  [Lines]    /* verilator public_flat_rd */;
  logic [Lines-1:0]     live_q             /* verilator public_flat_rd */;
  logic [L2Sets*WW-1:0] rr_q               /* verilator public_flat_rd */;

  logic [L2Mshrs-1:0]   mv_q               /* verilator public_flat_rd */;
  (* mem2reg *) logic [LA-1:0]        mline_q [L2Mshrs]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [WW-1:0]        mway_q  [L2Mshrs]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [NS-1:0]        mdst_q  [L2Mshrs]  /* verilator public_flat_rd */;

  logic [QW-1:0]        qcnt_q             /* verilator public_flat_rd */;
  logic [WQW-1:0]       wcnt_q             /* verilator public_flat_rd */;
  logic [QPW-1:0]       rqh_q;                                   // request FIFO head slot
  logic [WPW-1:0]       wqh_q;                                   // write-back FIFO head slot
  (* mem2reg *) logic [REW-1:0]       rq_mem_q [L2Queue];                      // contents: internal
  (* mem2reg *) logic [WEW-1:0]       wq_mem_q [WbQueue];

  // Output registers.
  logic                 req_ready_q      /* verilator public_flat_rd */;
  logic                 wb_ready_q       /* verilator public_flat_rd */;
  logic                 rsp_valid_q      /* verilator public_flat_rd */;
  logic [3:0]           rsp_kind_q       /* verilator public_flat_rd */;
  logic [NS-1:0]        rsp_dst_q        /* verilator public_flat_rd */;
  logic [5:0]           rsp_req_q        /* verilator public_flat_rd */;
  logic [LA-1:0]        rsp_line_q       /* verilator public_flat_rd */;
  logic [31:0]          rsp_mask_q       /* verilator public_flat_rd */;
  logic [31:0]          rsp_pmask_q      /* verilator public_flat_rd */;
  logic [DB-1:0]        rsp_data_q       /* verilator public_flat_rd */;
  logic                 mem_fetch_q      /* verilator public_flat_rd */;
  logic [LA-1:0]        mem_fetch_line_q /* verilator public_flat_rd */;
  logic                 mem_wb_q         /* verilator public_flat_rd */;
  logic [LA-1:0]        mem_wb_line_q    /* verilator public_flat_rd */;
  logic [DB-1:0]        mem_wb_data_q    /* verilator public_flat_rd */;

  // ---------------------------------------------------------------------------------------------
  // E1: the event of this edge
  // ---------------------------------------------------------------------------------------------

  // Heads of the two FIFOs.
  logic [3:0]    rh_kind, wh_kind;
  logic [5:0]    rh_src, wh_src;
  logic [LA-1:0] rh_line, wh_line;
  logic [LW-1:0] rh_mask, wh_mask;
  logic          wh_recall;
  logic [DB-1:0] wh_data;
  assign {rh_kind, rh_src, rh_line, rh_mask} = rq_mem_q[rqh_q];
  assign {wh_kind, wh_src, wh_line, wh_mask, wh_recall, wh_data} = wq_mem_q[wqh_q];

  logic fill;     // (a) a DRAM fill
  logic wbh;      // (b) the write-back FIFO's head
  logic head;     // (c) the request FIFO's head
  assign fill = mem_valid_i;
  assign wbh  = !mem_valid_i && (wcnt_q != '0);
  assign head = !mem_valid_i && (wcnt_q == '0) && (qcnt_q != '0);

  // The accessed line, its set and tag (K1).
  logic [LA-1:0]   acc_line;
  logic [SIW-1:0]  acc_set;
  logic [TGW-1:0]  acc_tag;
  logic [LIW-1:0]  set_base;
  assign acc_line = fill ? mem_line_i : wbh ? wh_line : rh_line;
  assign acc_set  = SIW'((acc_line >> LB) & SetMask);
  assign acc_tag  = TGW'(((acc_line >> (LB + LS)) << LB) | (acc_line & BankMask));
  assign set_base = LIW'(32'(acc_set) * L2Ways);

  // ---------------------------------------------------------------------------------------------
  // Set lookup (matching way, E2 victim classes)
  // ---------------------------------------------------------------------------------------------

  logic [L2Ways-1:0] w_inv;     // st == I                         (rule 1)
  logic [L2Ways-1:0] w_v;       // st == V, reg == 0               (rule 2)
  logic [L2Ways-1:0] w_d;       // st == D, reg == 0               (rule 3)
  logic [L2Ways-1:0] w_rec;     // st V or D, reg != 0, busy == 0  (rule 4)
  logic              set_rc;    // some line of the set has rc      (rule 4)
  logic              hit;
  logic              wdup;      // two ways match (L1-style uniqueness)
  logic [WW-1:0]     hway;
  logic [LIW-1:0]    w_idx;     // loop temporary
  logic [1:0]        w_st;      // loop temporary

  always_comb begin
    w_inv  = '0;
    w_v    = '0;
    w_d    = '0;
    w_rec  = '0;
    set_rc = 1'b0;
    hit    = 1'b0;
    wdup   = 1'b0;
    hway   = '0;
    w_idx  = '0;
    w_st   = StI;
    for (int w = 0; w < L2Ways; w++) begin
      w_idx    = set_base + LIW'(w);
      w_st     = live_q[w_idx] ? st_q[w_idx] : StI;   // a line never written reads I, reg 0
      w_inv[w] = (w_st == StI);
      w_v[w]   = (w_st == StV) && (reg_q[w_idx] == '0);
      w_d[w]   = (w_st == StD) && (reg_q[w_idx] == '0);
      w_rec[w] = (w_st == StV || w_st == StD) && (reg_q[w_idx] != '0) &&
                 (busy_q[w_idx] == '0);
      set_rc   = set_rc | rc_q[w_idx];
      if (w_st != StI && tag_q[w_idx] == acc_tag) begin
        wdup = wdup | hit;
        if (!hit) begin
          hway = WW'(w);
        end
        hit = 1'b1;
      end
    end
  end

  // E2 victim: rule 1 the first I way (gpucoh_ffs), rules 2-4 circular scans from rr_q[s]
  // (gpucoh_rr_ffs).
  logic          v1_found, v2_found, v3_found, v4_found;
  logic [WW-1:0] v1_way, v2_way, v3_way, v4_way;
  logic [WW-1:0] rr;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [L2Ways-1:0] v1_onehot;
  /* verilator lint_on UNUSEDSIGNAL */
  assign rr = rr_q[32'(acc_set)*WW +: WW];

  gpucoh_ffs #(.Width(L2Ways)) u_free_way (
    .vec_i   (w_inv),
    .valid_o (v1_found),
    .onehot_o(v1_onehot),
    .idx_o   (v1_way)
  );

  gpucoh_rr_ffs #(.Width(L2Ways)) u_v_way (     // rule 2: the first unregistered V way (X01)
    .vec_i  (w_v),
    .start_i(rr),
    .valid_o(v2_found),
    .idx_o  (v2_way)
  );

  gpucoh_rr_ffs #(.Width(L2Ways)) u_d_way (     // rule 3: the first unregistered D way (X02)
    .vec_i  (w_d),
    .start_i(rr),
    .valid_o(v3_found),
    .idx_o  (v3_way)
  );

  gpucoh_rr_ffs #(.Width(L2Ways)) u_rec_way (   // rule 4: the first recallable way (X03)
    .vec_i  (w_rec),
    .start_i(rr),
    .valid_o(v4_found),
    .idx_o  (v4_way)
  );

  logic          vfound;    // rules 1-3: a way to allocate
  logic          recall;    // rule 4 applies (no way by 1-3, no rc in the set)
  logic [WW-1:0] vway;
  assign vfound = v1_found || v2_found || v3_found;
  assign recall = !vfound && !set_rc && v4_found;
  assign vway   = v1_found ? v1_way : v2_found ? v2_way : v3_found ? v3_way : v4_way;

  // ---------------------------------------------------------------------------------------------
  // MSHRs: the entry of acc_line (E3, G02) and the lowest free entry (E2)
  // ---------------------------------------------------------------------------------------------

  logic [L2Mshrs-1:0] mmatch;
  always_comb begin
    mmatch = '0;
    for (int k = 0; k < L2Mshrs; k++) begin
      mmatch[k] = mv_q[k] && (mline_q[k] == acc_line);
    end
  end

  logic           mfound, mdup;
  logic [MKW-1:0] mk;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [MKW-1:0]     mk2;          // the second match: only its existence (mdup) is used
  logic [L2Mshrs-1:0] f_onehot;
  /* verilator lint_on UNUSEDSIGNAL */
  gpucoh_ffs2 #(.Width(L2Mshrs)) u_mmatch (
    .vec_i         (mmatch),
    .first_valid_o (mfound),
    .first_idx_o   (mk),
    .second_valid_o(mdup),
    .second_idx_o  (mk2)
  );

  logic           f_found;
  logic [MKW-1:0] f_idx;
  gpucoh_ffs #(.Width(L2Mshrs)) u_free_mshr (
    .vec_i   (~mv_q),
    .valid_o (f_found),
    .onehot_o(f_onehot),
    .idx_o   (f_idx)
  );

  logic [WW-1:0] mk_way;
  logic [NS-1:0] mk_dst;
  assign mk_way = mway_q[mk];
  assign mk_dst = mdst_q[mk];

  // ---------------------------------------------------------------------------------------------
  // The line touched at this edge: the fill's way, the matching way, or the victim
  // ---------------------------------------------------------------------------------------------

  logic [WW-1:0]   cur_way;
  logic [LIW-1:0]  cur_idx;
  logic [TGW-1:0]  cur_tag;
  logic [1:0]      cur_st;
  logic            cur_live;     // live_q of cur_idx: the line was written since reset
  logic [LW-1:0]   cur_reg, cur_busy;
  logic            cur_rc;
  logic [DB-1:0]   cur_data;
  logic [LA-1:0]   cur_line;     // the line address of cur_tag in acc_set (victim write-back)
  assign cur_way  = fill ? mk_way : hit ? hway : vway;
  assign cur_idx  = set_base + LIW'(cur_way);
  assign cur_live = live_q[cur_idx];
  assign cur_tag  = cur_live ? tag_q[cur_idx] : '0;
  assign cur_st   = cur_live ? st_q[cur_idx] : StI;
  assign cur_reg  = cur_live ? reg_q[cur_idx] : '0;
  assign cur_busy = cur_live ? busy_q[cur_idx] : '0;
  assign cur_rc   = rc_q[cur_idx];
  assign cur_data = cur_live ? data_q[cur_idx] : '0;
  assign cur_line = ((LA'(cur_tag) >> LB) << (LB + LS)) | (LA'(acc_set) << LB) |
                    (LA'(cur_tag) & BankMask);

  // Word-level views of the current line for the head in hand (K4): which slots name the
  // source, the owners' destination bits.
  logic [5:0]    src;          // the source of the head in hand
  logic [NS-1:0] src_bit;
  assign src     = wbh ? wh_src : rh_src;
  assign src_bit = SmOne << src;

  logic [LW-1:0] slot_src;     // reg[w] && data[w] == src
  logic [NS-1:0] own_all;      // owners(reg)
  always_comb begin
    slot_src = '0;
    own_all  = '0;
    for (int w = 0; w < LW; w++) begin
      slot_src[w] = cur_reg[w] && (cur_data[32*w +: 32] == 32'(src));
      if (cur_reg[w]) begin
        own_all = own_all | (SmOne << cur_data[32*w +: 6]);
      end
    end
  end

  // R01: E (already owned), W (registered now), PW (with a previous owner), owners(PW).
  logic [LW-1:0] r_e, r_w, r_pw;
  logic [NS-1:0] own_pw;
  assign r_e  = rh_mask & slot_src;
  assign r_w  = rh_mask & ~r_e;
  assign r_pw = r_w & cur_reg;
  always_comb begin
    own_pw = '0;
    for (int w = 0; w < LW; w++) begin
      if (r_pw[w]) begin
        own_pw = own_pw | (SmOne << cur_data[32*w +: 6]);
      end
    end
  end

  // B01 / B03: the words whose slot still names the sender.
  logic [LW-1:0] b_take;
  assign b_take = wh_mask & slot_src;

  // ---------------------------------------------------------------------------------------------
  // Sections 5-7: what this edge does
  // ---------------------------------------------------------------------------------------------

  logic r_gets, r_reg, r_kind_ok;          // request head kinds (Q01 otherwise)
  logic w_wb, w_done, w_kind_ok;           // write-back head kinds (Q02 otherwise)
  logic hvd, hp, miss;
  logic s01, s02, s03, s04, h_stall;
  logic h_go;                              // the request head's row is performed
  logic h_pop;                             // ... and the head leaves the FIFO
  logic alloc;                             // ... and allocates (E2 rules 1-3)
  logic x03;                               // ... and recalls (E2 rule 4)
  logic fill_ok;                           // E3
  assign r_gets    = (rh_kind == MsgGets);
  assign r_reg     = (rh_kind == MsgReg);
  assign r_kind_ok = r_gets || r_reg;
  assign w_wb      = (wh_kind == MsgWb);
  assign w_done    = (wh_kind == MsgDone);
  assign w_kind_ok = w_wb || w_done;
  assign hvd       = hit && (cur_st == StV || cur_st == StD);
  assign hp        = hit && (cur_st == StP);
  assign miss      = !hit;
  assign s03       = r_gets && hvd && (cur_busy != '0 || cur_rc);  // G04 (K10: or rc)
  assign s04       = r_reg && (hp || (hvd && cur_rc));             // R02 (K10: or rc)
  assign s01       = r_kind_ok && miss && !f_found;                // no MSHR
  assign s02       = r_kind_ok && miss && f_found && !vfound && !recall;   // no victim
  assign h_stall   = s01 || s02 || s03 || s04;
  assign h_go      = head && !h_stall;
  assign alloc     = h_go && r_kind_ok && miss && vfound;
  assign x03       = h_go && r_kind_ok && miss && !vfound;
  assign h_pop     = h_go && !(r_reg && miss) && !x03;             // R03, X03 stay
  assign fill_ok   = fill && mfound;

  // Response data sources (the wide values are built in the register block).
  localparam logic [1:0] RNone = 2'd0;   // rsp data: 0
  localparam logic [1:0] RFill = 2'd1;   // the fill's data (M01)
  localparam logic [1:0] RLine = 2'd2;   // the line's slots (G01)
  localparam logic [1:0] RMask = 2'd3;   // the slots of a mask, 0 elsewhere (R01: W; X03: reg)

  logic            lw_we;              // write line cur_idx (all its fields)
  logic [TGW-1:0]  lw_tag;
  logic [1:0]      lw_st;
  logic [LW-1:0]   lw_reg, lw_busy;
  logic            lw_rc;
  logic [DB-1:0]   lw_data;
  logic            ms_we;              // write MSHR ms_idx
  logic [MKW-1:0]  ms_idx;
  logic            ms_v;
  logic [LA-1:0]   ms_line;
  logic [WW-1:0]   ms_way;
  logic [NS-1:0]   ms_dst;
  logic            rsp_valid_d;
  logic [3:0]      rsp_kind_d;
  logic [NS-1:0]   rsp_dst_d;
  logic [5:0]      rsp_req_d;
  logic [LA-1:0]   rsp_line_d;
  logic [31:0]     rsp_mask_d;
  logic [31:0]     rsp_pmask_d;
  logic [1:0]      rsel;
  logic            fetch_d, wb_d;

  always_comb begin
    lw_we       = 1'b0;
    lw_tag      = cur_tag;
    lw_st       = cur_st;
    lw_reg      = cur_reg;
    lw_busy     = cur_busy;
    lw_rc       = cur_rc;
    lw_data     = cur_data;
    ms_we       = 1'b0;
    ms_idx      = mk;
    ms_v        = 1'b1;
    ms_line     = acc_line;
    ms_way      = mk_way;
    ms_dst      = mk_dst;
    rsp_valid_d = 1'b0;
    rsp_kind_d  = '0;
    rsp_dst_d   = '0;
    rsp_req_d   = '0;
    rsp_line_d  = '0;
    rsp_mask_d  = '0;
    rsp_pmask_d = '0;
    rsel        = RNone;
    fetch_d     = 1'b0;
    wb_d        = 1'b0;

    if (fill) begin
      if (fill_ok) begin
        // M01 / M02: data := fill; st := V; DATA to mdst (if any); free the MSHR (K2).
        lw_we   = 1'b1;
        lw_st   = StV;
        lw_data = mem_data_i;
        ms_we   = 1'b1;
        ms_v    = 1'b0;
        if (mk_dst != '0) begin
          rsp_valid_d = 1'b1;
          rsp_kind_d  = MsgData;
          rsp_dst_d   = mk_dst;
          rsp_line_d  = mem_line_i;
          rsel        = RFill;
        end
      end
    end else if (wbh) begin
      if (w_wb) begin
        if (hit) begin
          // B01: take the words whose slot still names the sender (D8); the rest is dropped.
          lw_we = 1'b1;
          for (int w = 0; w < LW; w++) begin
            if (b_take[w]) begin
              lw_data[32*w +: 32] = wh_data[32*w +: 32];
              lw_reg[w]           = 1'b0;
              lw_busy[w]          = 1'b0;
            end
          end
          if (b_take != '0) begin
            lw_st = StD;
          end
          if (cur_rc && lw_reg == '0) begin
            lw_rc = 1'b0;
          end
        end
        // B01 / B02: WBACK unless a recall write-back (K7).
        if (!wh_recall) begin
          rsp_valid_d = 1'b1;
          rsp_kind_d  = MsgWback;
          rsp_dst_d   = src_bit;
          rsp_line_d  = wh_line;
        end
      end else if (w_done) begin
        // B03: the owner named in the slot confirms: busy := 0 (D6). B03 / B04: DACK to the
        // sender (D17), carrying dst 1 << src and the line, 0 elsewhere (as WBACK, K7).
        if (hit) begin
          lw_we   = 1'b1;
          lw_busy = cur_busy & ~b_take;
        end
        rsp_valid_d = 1'b1;
        rsp_kind_d  = MsgDack;
        rsp_dst_d   = src_bit;
        rsp_line_d  = wh_line;
      end
      // Q02: another kind: popped, nothing else.
    end else if (h_go && r_kind_ok) begin
      if (alloc) begin
        // E2 rules 1-3: the victim way gets the tag and P (X01 silently, X02 written back),
        // the lowest free MSHR the line; fetch. G03: mdst := 1 << src; R03: mdst := 0.
        lw_we   = 1'b1;
        lw_tag  = acc_tag;
        lw_st   = StP;
        lw_reg  = '0;
        lw_busy = '0;
        lw_rc   = 1'b0;
        wb_d    = (cur_st == StD);
        fetch_d = 1'b1;
        ms_we   = 1'b1;
        ms_idx  = f_idx;
        ms_way  = vway;
        ms_dst  = r_gets ? src_bit : '0;
      end else if (x03) begin
        // E2 rule 4 (X03): RECALL the registered words; the head stays.
        lw_we       = 1'b1;
        lw_rc       = 1'b1;
        rsp_valid_d = 1'b1;
        rsp_kind_d  = MsgRecall;
        rsp_dst_d   = own_all;
        rsp_line_d  = cur_line;
        rsp_mask_d  = 32'(cur_reg);
        rsel        = RMask;                 // the owner ids of reg, 0 elsewhere
      end else if (r_gets && hp) begin
        // G02: merge into the pending fetch (its MSHR: M_MshrWay_A).
        ms_we  = mfound;
        ms_dst = mk_dst | src_bit;
      end else if (r_gets && hvd) begin
        // G01: DATA to the reader and the owners of the registered words.
        rsp_valid_d = 1'b1;
        rsp_kind_d  = MsgData;
        rsp_dst_d   = src_bit | own_all;
        rsp_req_d   = rh_src;
        rsp_line_d  = rh_line;
        rsp_mask_d  = 32'(cur_reg);
        rsel        = RLine;
      end else if (r_reg && hvd) begin
        // R01: W becomes owned by src (reg, busy, slot); the REGD is sent even when W is
        // empty (the requester's MSHR waits for it).
        if (r_w != '0) begin
          lw_we = 1'b1;
          for (int w = 0; w < LW; w++) begin
            if (r_w[w]) begin
              lw_reg[w]           = 1'b1;
              lw_busy[w]          = 1'b1;
              lw_data[32*w +: 32] = 32'(rh_src);
            end
          end
        end
        rsp_valid_d = 1'b1;
        rsp_kind_d  = MsgRegd;
        rsp_dst_d   = src_bit | own_pw;
        rsp_req_d   = rh_src;
        rsp_line_d  = rh_line;
        rsp_mask_d  = 32'(r_w);
        rsp_pmask_d = 32'(r_pw);
        rsel        = RMask;
      end
    end
    // Q01: a request head of another kind is popped (h_pop), nothing else.
  end

  // R01's REGD data: the slots of W as they were; X03's RECALL data: the owner ids of reg
  // (E2 rule 4); 0 elsewhere.
  logic [LW-1:0] rd_mask;
  logic [DB-1:0] mask_data;
  assign rd_mask = x03 ? cur_reg : r_w;
  always_comb begin
    mask_data = '0;
    for (int w = 0; w < LW; w++) begin
      if (rd_mask[w]) begin
        mask_data[32*w +: 32] = cur_data[32*w +: 32];
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // FIFOs (E1 b-e)
  // ---------------------------------------------------------------------------------------------

  logic           rpush, rpop, wpush, wpop;
  logic [QW-1:0]  qcnt_d;
  logic [WQW-1:0] wcnt_d;
  logic [QPW-1:0] rqh_d, rq_tail;
  logic [WPW-1:0] wqh_d, wq_tail;
  assign rpush  = req_valid_i && req_ready_q;
  assign wpush  = wb_valid_i && wb_ready_q;
  assign rpop   = head && (h_pop || !r_kind_ok);                   // Q01 pops too
  assign wpop   = wbh;                                             // every wb head pops
  assign qcnt_d = qcnt_q + QW'(rpush) - QW'(rpop);
  assign wcnt_d = wcnt_q + WQW'(wpush) - WQW'(wpop);
  assign rqh_d  = !rpop ? rqh_q : (32'(rqh_q) == L2Queue - 32'd1) ? '0 : rqh_q + QPW'(1);
  assign wqh_d  = !wpop ? wqh_q : (32'(wqh_q) == WbQueue - 32'd1) ? '0 : wqh_q + WPW'(1);
  logic [31:0] rq_sum, wq_sum;                                   // head + count
  assign rq_sum  = 32'(rqh_q) + 32'(qcnt_q);
  assign wq_sum  = 32'(wqh_q) + 32'(wcnt_q);
  assign rq_tail = QPW'((rq_sum >= L2Queue) ? rq_sum - L2Queue : rq_sum);
  assign wq_tail = WPW'((wq_sum >= WbQueue) ? wq_sum - WbQueue : wq_sum);

  // The parts of the inputs the registry does not use (K6): the REG's pmask, mask bits >= LW,
  // the WB's pmask bits 31:1.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] unused_in;
  assign unused_in = req_pmask_i ^ req_mask_i ^ wb_mask_i ^ wb_pmask_i;
  /* verilator lint_on UNUSEDSIGNAL */

  always_ff @(posedge clk_i) begin : p_fifo
    if (!rst_ni) begin
      qcnt_q <= '0;
      wcnt_q <= '0;
      rqh_q  <= '0;
      wqh_q  <= '0;
    end else begin
      qcnt_q <= qcnt_d;
      wcnt_q <= wcnt_d;
      rqh_q  <= rqh_d;
      wqh_q  <= wqh_d;
    end
  end

  always_ff @(posedge clk_i) begin : p_fifo_mem
    if (rpush) begin
      rq_mem_q[rq_tail] <= {req_kind_i, req_src_i, req_line_i, req_mask_i[LW-1:0]};
    end
    if (wpush) begin
      wq_mem_q[wq_tail] <= {wb_kind_i, wb_src_i, wb_line_i, wb_mask_i[LW-1:0], wb_pmask_i[0],
                            wb_data_i};
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------------

  logic [WW-1:0] rr_d;   // (victim + 1) mod L2Ways
  assign rr_d = (32'(vway) == L2Ways - 32'd1) ? '0 : vway + WW'(1);

  // The line arrays are written at the edge's single line write (cur_idx) and not reset: the
  // packed live_q (reset 0) says which lines were written since reset, and a line that was not
  // reads as reset (I, tag 0, reg 0, busy 0, data 0) at every read (the way scan, cur_*, the
  // assertions, the shim). One block with one write, not one block per line: Verilator 5.006
  // cannot reset an array in a loop, and 4096 blocks a bank (the paper size) each checking its
  // own write every edge made a bank cost about 1.8 ms a cycle. rc_q, packed, is reset.
  always_ff @(posedge clk_i) begin : p_lines
    if (!rst_ni) begin
      live_q <= '0;
      rc_q   <= '0;
    end else if (lw_we) begin
      tag_q[cur_idx]  <= lw_tag;
      st_q[cur_idx]   <= lw_st;
      reg_q[cur_idx]  <= lw_reg;
      busy_q[cur_idx] <= lw_busy;
      data_q[cur_idx] <= lw_data;
      rc_q[cur_idx]   <= lw_rc;
      live_q[cur_idx] <= 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin : p_rr
    if (!rst_ni) begin
      rr_q <= '0;
    end else if (alloc) begin
      rr_q[32'(acc_set)*WW +: WW] <= rr_d;
    end
  end

  for (genvar k = 0; k < L2Mshrs; k++) begin : g_mshr
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        mv_q[k]    <= 1'b0;
        mline_q[k] <= '0;
        mway_q[k]  <= '0;
        mdst_q[k]  <= '0;
      end else if (ms_we && 32'(ms_idx) == k) begin
        mv_q[k]    <= ms_v;
        mline_q[k] <= ms_line;
        mway_q[k]  <= ms_way;
        mdst_q[k]  <= ms_dst;
      end
    end
  end

  always_ff @(posedge clk_i) begin : p_out
    if (!rst_ni) begin
      req_ready_q      <= 1'b1;
      wb_ready_q       <= 1'b1;
      rsp_valid_q      <= 1'b0;
      rsp_kind_q       <= '0;
      rsp_dst_q        <= '0;
      rsp_req_q        <= '0;
      rsp_line_q       <= '0;
      rsp_mask_q       <= '0;
      rsp_pmask_q      <= '0;
      rsp_data_q       <= '0;
      mem_fetch_q      <= 1'b0;
      mem_fetch_line_q <= '0;
      mem_wb_q         <= 1'b0;
      mem_wb_line_q    <= '0;
      mem_wb_data_q    <= '0;
    end else begin
      req_ready_q      <= (qcnt_d < QueueLen);
      wb_ready_q       <= (wcnt_d < WbLen);
      rsp_valid_q      <= rsp_valid_d;
      rsp_kind_q       <= rsp_kind_d;
      rsp_dst_q        <= rsp_dst_d;
      rsp_req_q        <= rsp_req_d;
      rsp_line_q       <= rsp_line_d;
      rsp_mask_q       <= rsp_mask_d;
      rsp_pmask_q      <= rsp_pmask_d;
      rsp_data_q       <= (rsel == RFill) ? mem_data_i :
                          (rsel == RLine) ? cur_data :
                          (rsel == RMask) ? mask_data : '0;
      mem_fetch_q      <= fetch_d;
      mem_fetch_line_q <= fetch_d ? rh_line : '0;
      mem_wb_q         <= wb_d;
      mem_wb_line_q    <= wb_d ? cur_line : '0;
      mem_wb_data_q    <= wb_d ? cur_data : '0;
    end
  end

  assign req_ready_o      = req_ready_q;
  assign wb_ready_o       = wb_ready_q;
  assign rsp_valid_o      = rsp_valid_q;
  assign rsp_kind_o       = rsp_kind_q;
  assign rsp_dst_o        = rsp_dst_q;
  assign rsp_req_o        = rsp_req_q;
  assign rsp_line_o       = rsp_line_q;
  assign rsp_mask_o       = rsp_mask_q;
  assign rsp_pmask_o      = rsp_pmask_q;
  assign rsp_data_o       = rsp_data_q;
  assign mem_fetch_o      = mem_fetch_q;
  assign mem_fetch_line_o = mem_fetch_line_q;
  assign mem_wb_o         = mem_wb_q;
  assign mem_wb_line_o    = mem_wb_line_q;
  assign mem_wb_data_o    = mem_wb_data_q;

  // ---------------------------------------------------------------------------------------------
  // Assertions (simulation only; empty under SYNTHESIS and Icarus)
  // ---------------------------------------------------------------------------------------------

  // Each assertion reads one bit of a public variable. ASSERT_WARN flags protocol errors of the
  // environment (E3, I1, I4, I5), which a testbench may present on purpose.
`ifndef SYNTHESIS
  logic sva_way_ok      /* verilator public_flat_rd */;   // one way matches
  logic sva_mshr_ok     /* verilator public_flat_rd */;   // a P line has its MSHR
  logic sva_mdup_ok     /* verilator public_flat_rd */;   // one MSHR per line
  logic sva_e3_ok       /* verilator public_flat_rd */;   // E3
  logic sva_reg_incl    /* verilator public_flat_rd */;   // E4 RegInclusive
  logic sva_pend_unreg  /* verilator public_flat_rd */;   // E4 PendingUnreg
  logic sva_busy_reg    /* verilator public_flat_rd */;   // E4 BusyReg
  logic sva_owner_ok    /* verilator public_flat_rd */;   // E4 OwnerInRange
  logic sva_kind_ok     /* verilator public_flat_rd */;   // I1, Q01
  logic sva_wbkind_ok   /* verilator public_flat_rd */;   // I1, Q02
  logic sva_reg_own_ok  /* verilator public_flat_rd */;   // I4
  logic sva_ready_ok    /* verilator public_flat_rd */;   // E1 e
  logic sva_rsp_zero    /* verilator public_flat_rd */;   // timing rule 6
  logic sva_fetch_zero  /* verilator public_flat_rd */;
  logic sva_wb_zero     /* verilator public_flat_rd */;
  always_comb begin
    sva_way_ok     = !(rst_ni && (fill || wbh || head)) || !wdup;
    sva_mshr_ok    = !(rst_ni && head && hp) || (mfound && mk_way == hway);
    sva_mdup_ok    = !(rst_ni && (fill || head)) || !mdup;
    sva_e3_ok      = !(rst_ni && fill) || mfound;
    // A way that becomes P had reg == 0; a way with reg != 0 keeps its tag and is not P.
    sva_reg_incl   = !(rst_ni && lw_we) ||
                     ((lw_st != StP || cur_st == StP || cur_reg == '0) &&
                      (cur_reg == '0 || lw_tag == cur_tag));
    // E4's line properties are checked on the line write (the values lw_* the edge writes):
    // a line changes only by that write and reads as reset (where they hold) until its first,
    // so this is the check of every line at every cycle, one edge earlier and at the cost of
    // one line, not Lines (at the paper size the loop over 4096 lines a bank was most of a
    // Verilated cycle). The proof keeps the all-lines forms (F_*All_A below).
    sva_pend_unreg = !(rst_ni && lw_we && lw_st == StP && lw_reg != '0);
    sva_busy_reg   = !(rst_ni && lw_we && (lw_busy & ~lw_reg) != '0);
    sva_owner_ok   = 1'b1;
    for (int w = 0; w < LW; w++) begin
      if (rst_ni && lw_we && lw_reg[w] && lw_data[32*w +: 32] >= NumSm) begin
        sva_owner_ok = 1'b0;
      end
    end
    sva_kind_ok    = !(rst_ni && head && !r_kind_ok);
    sva_wbkind_ok  = !(rst_ni && wbh && !w_kind_ok);
    sva_reg_own_ok = !(rst_ni && h_go && r_reg && hvd) || (r_e == '0);
    sva_ready_ok   = !rst_ni || ((req_ready_q == (qcnt_q < QueueLen)) &&
                                 (wb_ready_q == (wcnt_q < WbLen)));
    sva_rsp_zero   = !rst_ni || rsp_valid_q ||
                     (rsp_kind_q == '0 && rsp_dst_q == '0 && rsp_req_q == '0 &&
                      rsp_line_q == '0 && rsp_mask_q == '0 && rsp_pmask_q == '0 &&
                      rsp_data_q == '0);
    sva_fetch_zero = !rst_ni || mem_fetch_q || (mem_fetch_line_q == '0);
    sva_wb_zero    = !rst_ni || mem_wb_q || (mem_wb_line_q == '0 && mem_wb_data_q == '0);
  end

  // The properties of the single-owner proof only (spec section 11; computed and asserted when
  // Formal = 1, constant true otherwise, F_OwnerInRange_A / F_QueuedSrc_A hold only under I5).
  // F_RegSlotKept_A is the registry half of V1 at the edge: a registered word's slot changes
  // only to a REG's requester (R01) and is released only by its owner's WB (B01); so its line
  // is neither evicted nor refilled while registered. The rest are the auxiliary
  // invariants that make the k-induction go through (each excludes unreachable states).
  // Their logic exists only in the generate branch g_formal: a plain always_comb was evaluated
  // in every simulation, and its loop over every pair of lines costs 16.7 M iterations an
  // evaluation at the paper size (4096 lines a bank).
  /* verilator lint_off UNUSEDSIGNAL */
  logic sva_f_slot_kept;   // F_RegSlotKept_A
  logic sva_f_inv_clean;   // F_InvClean_A: an I line has reg == 0, busy == 0
  logic sva_f_mshr_line;   // F_MshrLine_A: a valid MSHR names a P way holding its line's tag
  logic sva_f_pend_mshr;   // F_PendMshr_A: a P line is named by a valid MSHR
  logic sva_f_tag_uniq;    // F_TagUnique_A: no two valid ways of a set hold one tag
  logic sva_f_mline_uniq;  // F_MlineUnique_A: no two valid MSHRs hold one line
  logic sva_f_fifo;        // F_FifoRange_A: FIFO heads < depth, counts <= depth
  logic sva_f_qsrc;        // F_QueuedSrc_A: a queued request names an SM (under I5)
  logic sva_f_pend_all;    // F_PendingUnregAll_A: E4_PendingUnreg_A's property on every line
  logic sva_f_busy_all;    // F_BusyRegAll_A: E4_BusyReg_A's property on every line
  logic sva_f_owner_all;   // F_OwnerInRangeAll_A: E4_OwnerInRange_A's on every line (under I5)
  /* verilator lint_on UNUSEDSIGNAL */
  if (Formal != 0) begin : g_formal
    logic [31:0]      sva_f_i;       // loop temporaries: a line index, a set, a queue distance,
    logic [31:0]      sva_f_s;       // an MSHR's tag, its line's set bits, a queued request
    logic [31:0]      sva_f_d;
    logic [TGW-1:0]   sva_f_t;
    logic [LA-1:0]    sva_f_ml;
    logic [REW-1:0]   sva_f_e;
    logic [Lines-1:0] sva_f_named;   // the lines a valid MSHR names
    always_comb begin
      sva_f_slot_kept = 1'b1;
      for (int w = 0; w < LW; w++) begin
        if (rst_ni && lw_we && cur_reg[w] &&
            !(lw_reg[w] && lw_data[32*w +: 32] == cur_data[32*w +: 32]) &&
            !(lw_reg[w] && head && r_reg && lw_data[32*w +: 32] == 32'(rh_src)) &&
            !(!lw_reg[w] && wbh && w_wb && cur_data[32*w +: 32] == 32'(wh_src))) begin
          sva_f_slot_kept = 1'b0;
        end
      end
      sva_f_inv_clean  = 1'b1;
      sva_f_tag_uniq   = 1'b1;
      sva_f_pend_all   = 1'b1;
      sva_f_busy_all   = 1'b1;
      sva_f_owner_all  = 1'b1;
      for (int i = 0; i < Lines; i++) begin
        if (rst_ni && live_q[i] && st_q[i] == StP && reg_q[i] != '0) begin
          sva_f_pend_all = 1'b0;
        end
        if (rst_ni && live_q[i] && (busy_q[i] & ~reg_q[i]) != '0) begin
          sva_f_busy_all = 1'b0;
        end
        for (int w = 0; w < LW; w++) begin
          if (rst_ni && live_q[i] && reg_q[i][w] && data_q[i][32*w +: 32] >= NumSm) begin
            sva_f_owner_all = 1'b0;
          end
        end
        if (rst_ni && live_q[i] && st_q[i] == StI &&
            (reg_q[i] != '0 || busy_q[i] != '0)) begin
          sva_f_inv_clean = 1'b0;
        end
        for (int j = 0; j < Lines; j++) begin
          if (rst_ni && j > i && i / L2Ways == j / L2Ways && live_q[i] && live_q[j] &&
              st_q[i] != StI && st_q[j] != StI && tag_q[i] == tag_q[j]) begin
            sva_f_tag_uniq = 1'b0;
          end
        end
      end
      sva_f_mshr_line  = 1'b1;
      sva_f_pend_mshr  = 1'b1;
      sva_f_mline_uniq = 1'b1;
      sva_f_i          = '0;
      sva_f_s          = '0;
      sva_f_t          = '0;
      sva_f_ml         = '0;
      for (int k = 0; k < L2Mshrs; k++) begin
        sva_f_ml = (mline_q[k] >> LB) & SetMask;
        sva_f_s = 32'(sva_f_ml);
        sva_f_i = sva_f_s * L2Ways + 32'(mway_q[k]);
        sva_f_t = TGW'(((mline_q[k] >> (LB + LS)) << LB) | (mline_q[k] & BankMask));
        if (rst_ni && mv_q[k] && !(32'(mway_q[k]) < L2Ways && live_q[LIW'(sva_f_i)] &&
                                   st_q[LIW'(sva_f_i)] == StP &&
                                   tag_q[LIW'(sva_f_i)] == sva_f_t)) begin
          sva_f_mshr_line = 1'b0;
        end
        for (int l = 0; l < L2Mshrs; l++) begin
          if (rst_ni && l > k && mv_q[k] && mv_q[l] && mline_q[k] == mline_q[l]) begin
            sva_f_mline_uniq = 1'b0;
          end
        end
      end
      sva_f_named = '0;
      for (int k = 0; k < L2Mshrs; k++) begin
        sva_f_ml = (mline_q[k] >> LB) & SetMask;
        if (mv_q[k]) begin
          sva_f_named = sva_f_named | (Lines'(1) << (32'(sva_f_ml) * L2Ways + 32'(mway_q[k])));
        end
      end
      for (int i = 0; i < Lines; i++) begin
        if (rst_ni && live_q[i] && st_q[i] == StP && !sva_f_named[i]) begin
          sva_f_pend_mshr = 1'b0;
        end
      end
      // (at a depth of 2^k - 1 a count <= depth holds by its width: constant, and fine)
      /* verilator lint_off CMPCONST */
      sva_f_fifo = !rst_ni || (32'(rqh_q) < L2Queue && 32'(wqh_q) < WbQueue &&
                               32'(qcnt_q) <= L2Queue && 32'(wcnt_q) <= WbQueue);
      /* verilator lint_on CMPCONST */
      sva_f_qsrc = 1'b1;
      sva_f_d    = '0;
      sva_f_e    = '0;
      for (int j = 0; j < L2Queue; j++) begin
        sva_f_d = (32'(j) + L2Queue - 32'(rqh_q)) % L2Queue;
        sva_f_e = rq_mem_q[j];
        if (rst_ni && sva_f_d < 32'(qcnt_q) && 32'(6'(sva_f_e >> (LA + LW))) >= NumSm) begin
          sva_f_qsrc = 1'b0;
        end
      end
    end
  end else begin : g_no_formal
    assign sva_f_slot_kept = 1'b1;
    assign sva_f_inv_clean = 1'b1;
    assign sva_f_mshr_line = 1'b1;
    assign sva_f_pend_mshr = 1'b1;
    assign sva_f_tag_uniq = 1'b1;
    assign sva_f_mline_uniq = 1'b1;
    assign sva_f_fifo = 1'b1;
    assign sva_f_qsrc = 1'b1;
    assign sva_f_pend_all = 1'b1;
    assign sva_f_busy_all = 1'b1;
    assign sva_f_owner_all = 1'b1;
  end
`endif

  `ASSERT(M_WayUnique_A, sva_way_ok)
  `ASSERT(M_MshrWay_A, sva_mshr_ok)
  `ASSERT(M_MshrUnique_A, sva_mdup_ok)
  `ASSERT_WARN(E3_FillFindsMshr_A, sva_e3_ok)
  `ASSERT(E4_RegInclusive_A, sva_reg_incl)
  `ASSERT(E4_PendingUnreg_A, sva_pend_unreg)
  `ASSERT(E4_BusyReg_A, sva_busy_reg)
  `ASSERT_WARN(E4_OwnerInRange_A, sva_owner_ok)
  `ASSERT_WARN(Q_KindLegal_A, sva_kind_ok)
  `ASSERT_WARN(Q_WbKindLegal_A, sva_wbkind_ok)
  `ASSERT_WARN(I4_RegOwned_A, sva_reg_own_ok)
  `ASSERT(E1_ReadyIsRoom_A, sva_ready_ok)
  `ASSERT(RspPayloadZero_A, sva_rsp_zero)
  `ASSERT(FetchPayloadZero_A, sva_fetch_zero)
  `ASSERT(WbPayloadZero_A, sva_wb_zero)
  // the single-owner proof (tools/prove_denovo_l2.sh, Formal = 1): E4_OwnerInRange_A's property
  // under I5, the slot property and the auxiliary invariants above
  `ASSERT(F_OwnerInRange_A, Formal == 0 || sva_owner_ok)
  `ASSERT(F_RegSlotKept_A, Formal == 0 || sva_f_slot_kept)
  `ASSERT(F_InvClean_A, Formal == 0 || sva_f_inv_clean)
  `ASSERT(F_MshrLine_A, Formal == 0 || sva_f_mshr_line)
  `ASSERT(F_PendMshr_A, Formal == 0 || sva_f_pend_mshr)
  `ASSERT(F_TagUnique_A, Formal == 0 || sva_f_tag_uniq)
  `ASSERT(F_MlineUnique_A, Formal == 0 || sva_f_mline_uniq)
  `ASSERT(F_FifoRange_A, Formal == 0 || sva_f_fifo)
  `ASSERT(F_QueuedSrc_A, Formal == 0 || sva_f_qsrc)
  `ASSERT(F_PendingUnregAll_A, Formal == 0 || sva_f_pend_all)
  `ASSERT(F_BusyRegAll_A, Formal == 0 || sva_f_busy_all)
  `ASSERT(F_OwnerInRangeAll_A, Formal == 0 || sva_f_owner_all)

endmodule
