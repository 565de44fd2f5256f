// SPDX-License-Identifier: Apache-2.0
//
// hlrc_l2 -- hLRC L2 bank, one per L2 bank (hLRC and hLRC-scoped; the bank is the same for both).
//
// The baseline GPU bank for data (GETS answered, WT merged byte by byte and acknowledged,
// write-allocate with a fetch, write-back to DRAM with a dirty bit) plus the registry of line
// registrations: per line a `reg` bit and the owner's SM id `own`. It grants registration (REG ->
// GRANT), revokes it from the owner first when another SM asks (REVOKE, then waits for the
// owner's RACK), recalls the least recently used registered line of a set that would otherwise
// exceed the R-cap (L2Ways - 1 registered ways, D17), takes the owners' EVICTs (EACK), and
// performs GPU-scope synchronizing accesses itself (ATOMIC -> ATOM, hLRC-scoped). Inclusive for
// registered lines, which it never evicts. Specification: docs/units/hlrc/hlrc_l2.md (rules
// E1-E7, rows G01-G03, W01-W03, R01-R06, A01-A05, K01-K04, N01-N02, Q01-Q03, D01-D02, stalls
// S01-S04, decisions LE1-LE5) and the family page docs/units/hlrc/hlrc.md (sections 2-3, D1-D33);
// the data rows are docs/units/gpu/gpu_l2.md's; timing contract: docs/timing.md. Every output is
// a register.
//
//               +-----------------------------------------------------------+
//  mem_*      =>| (a) DRAM fill, first ----------------------------+          |
//  wb_*       =>| (b) answer FIFO[WbQueue] (RACK, EVICT) ----------+-> lines |=> wb_ready_o
//  req_*      =>| (c) data FIFO[L2Queue] (GETS, WT) ---+ qpri_q    |   MSHRs |=> req_ready_o
//  sync_*     =>| (c) sync FIFO[SyncQueue] (REG, ATOMIC) +---------+         |=> sync_ready_o
//               |     revocation register rvv/rvw/rvl/rvo                    |=> rsp_*
//               |                                                            |=> mem_*
//               +-----------------------------------------------------------+
//
// Parameters (an illegal value stops elaboration with a message naming it; nothing is clamped;
// all `bit [31:0]`, as Icarus Verilog 11 cannot parse `int unsigned` parameters; defaults are
// the paper configuration of hlrc_l2.md section 1; the small one is NumSm 4, NumBanks 2,
// LineBytes 16, AddrWidth 16, L2Sets 4, L2Ways 2, L2Mshrs 4, the three queues 2):
//   NumSm      SMs: width of rsp_dst_o, owner ids; 1 .. 64 (default 15)
//   NumBanks   banks (line l lives in bank l mod NumBanks; only log2 enters the set/tag split);
//              1, 2, 4, 8, 16 (default 16)
//   LineBytes  line size in bytes; 16, 32, 64, 128 (default 64)
//   AddrWidth  byte-address bits; 16 .. 48, LA >= max(log2 NumBanks + log2 L2Sets,
//              log2 L2Sets + 1) (default 32)
//   L2Sets     sets per bank; power of two, 1 .. 1024 (default 256)
//   L2Ways     ways per set; 2 .. 16 (the R-cap needs an unregistered way; default 16)
//   L2Mshrs    outstanding DRAM fetches; 1 .. 64 (default 32)
//   L2Queue    data (req) FIFO entries (GETS, WT); 1 .. 8 (default 4)
//   SyncQueue  sync FIFO entries (REG, ATOMIC); 1 .. 8 (default 4)
//   WbQueue    answer (wb) FIFO entries (RACK, EVICT); 1 .. 8 (default 4)
//   Formal     1: the formal-only assertions F_* are checked (the harness of the single-owner
//              proof, tests/formal/hlrc_l2_formal.sv, sets it); 0 (default): they are
//              constant true; 0, 1
// Derived (never set them): LL = log2 LineBytes, LA = AddrWidth - LL line-address bits,
// DB = 8*LineBytes data bits, LW = LineBytes/4 words, LB = log2 NumBanks, LS = log2 L2Sets,
// TGW = LA - LS tag bits (TAGW of the page), SW = max(1, clog2 NumSm) owner-id bits,
// WW = clog2 L2Ways way and LRU-rank bits (AW2 of the page), Lines = L2Sets*L2Ways; index
// widths SIW, LIW, MKW, LWW (at least 1).
//
// Ports (spec section 2, in its order; the payload of every output is 0 when its valid is 0):
//   clk_i, rst_ni              clock; synchronous active-low reset
//   req_valid_i, req_kind_i[4] (GETS, WT), req_src_i[6], req_line_i[LA], req_mask_i[LineBytes],
//   req_data_i[DB]             the `req` network (port 0), taken when req_ready_o was 1
//   req_ready_o                the data FIFO has room (qcnt < L2Queue)
//   sync_valid_i, sync_kind_i[4] (REG, ATOMIC), sync_src_i[6], sync_line_i[LA], sync_wf_i[6],
//   sync_word_i[5], sync_aop_i[2], sync_bmask_i[4], sync_a_i[32], sync_b_i[32]
//                              the `sync` network (port 1), taken when sync_ready_o was 1
//   sync_ready_o               the sync FIFO has room (scnt < SyncQueue)
//   wb_valid_i, wb_kind_i[4] (RACK, EVICT), wb_src_i[6], wb_line_i[LA]
//                              the `wb` network (port 2), taken when wb_ready_o was 1
//   wb_ready_o                 the answer FIFO has room (wcnt < WbQueue)
//   rsp_valid_o, rsp_kind_o[4] (DATA, ACK, GRANT, ATOM, REVOKE, EACK), rsp_dst_o[NumSm],
//   rsp_wf_o[6], rsp_line_o[LA], rsp_data_o[DB]    the `rsp` network (multicast by dst)
//   mem_fetch_o, mem_fetch_line_o[LA]               DRAM fetch
//   mem_wb_o, mem_wb_line_o[LA], mem_wb_data_o[DB]  DRAM write-back (same edge as a fetch)
//   mem_valid_i, mem_line_i[LA], mem_data_i[DB]     DRAM fill (never refused)
//
// State (spec section 3; all verilator public_flat_rd). Per line i = set*L2Ways + way: tag_q,
// st_q (I 0, V 1, D 2, P 3), reg_q, own_q, data_q: arrays without reset, read as 0 (I, reg 0,
// own 0, data 0) while live_q (packed, bit i, reset 0) is 0; age_q (packed, line i at
// [i*WW +: WW], reset the way number). Per MSHR k: mv_q (packed), mline_q, mway_q, mdst_q,
// mwm_q (reset 0). The revocation register rvv_q, rvw_q, rvl_q, rvo_q, and qpri_q (reset 0).
// The FIFO counts are the shared FIFOs' (qcnt_q = u_req_fifo.cnt_q, scnt_q = u_sync_fifo.cnt_q,
// wcnt_q = u_wb_fifo.cnt_q); their entries are internal. The output registers (*_q of every
// output).
//
// Rules (spec section 4; the row tables of sections 5-7 are in the decode below):
//   E1  Order of an edge: (a) a DRAM fill; (b) else the answer FIFO's head (never stalls);
//       (c) else the data head and the sync head, the first by qpri_q (0: data first) that is
//       not empty and does not stall acts, else the other is tried; one action an edge.
//       qpri_d: 1 on K01; 1 on N01 / N02 of the line of the sync FIFO's head; 1 if the data
//       head acted; 0 if the sync head acted; else qpri_q. (d) push each input with its ready;
//       (e) each ready := its count after the edge < its depth. No bypass.
//   E2  Allocation: the lowest free MSHR (none: S01, first); candidates: st != P, reg == 0, not
//       the revoked way; (1) the first I way, (2) the candidate with the greatest age (D01 a V
//       line dropped, D02 a D line written back), (3) S02. tag, P, reg 0, own 0; MSHR line,
//       way, dst 0, wm 0; fetch; touch.
//   E3  The R-cap: rc(s) <= L2Ways - 1 (assertion E3_RCap_A); R01 grants only below it, R02
//       recalls the registered way with the greatest age.
//   E4  A fill finds its MSHR, else a protocol error that changes nothing (warning
//       E4_FillFindsMshr_A).
//   E5  reg only on V / D lines (E5_RegPresent_A); own < NumSm when reg, 0 when not
//       (E5_OwnRange_A, a warning: illegal input I6 makes it fire); the revoked way matches
//       rvl_q while rvv_q (E5_RvLine_A); the ages of a set are a permutation (E5_AgePerm_A,
//       checked on the set an edge touches); a P line has its MSHR (M1_MshrWay_A). The bank
//       half of hlrc.md V1 at the edge: V1_RegKept_A, V1_GrantOwner_A, V1_RevokeOne_A,
//       V1_RevokedOwner_A, K01_RackUnregisters_A; proven with the formal-only F_* (at the end;
//       Formal = 1) by tools/prove_hlrc_l2.sh (spec section 12: yosys-smtbmc, z3, k-induction).
//   E6  LRU: touching way x of set s ages every way younger than x by one, x := 0. Touched: the
//       allocated way, and the matching way of G01, W01, R01, R04, A01, A03.
//   E7  ATOMIC arithmetic: hlrc_l1.md P1 with aop, word mod LW, a, b, bmask (gpucoh_amo, the
//       EXCH operand merged with the old word under bmask first).
//   I1  A head of kind 0 or of a kind its FIFO never receives is popped, nothing else (Q01,
//       Q02, Q03; warning Q_KindLegal_A, one per message).
//
// Readings (where the page leaves a cycle-visible choice open; listed for the page owner):
//   H1  ACK carries dst only (hlrc.md section 3: "a field a kind does not name is 0"), line 0,
//       unlike gpu_l2's Q3 (the request's line). REVOKE and EACK carry dst and line, data 0;
//       DATA, GRANT carry wf 0.
//   H2  "It writes" (A01, P1): ADD and EXCH always write (an EXCH with bmask 0000 writes the
//       word unchanged and makes the line D), CAS only when old == a; AopNone never.
//   H3  A Q01 / Q02 head (popped, nothing else) has acted for E1 (c): it ends the edge's (c)
//       and sets qpri_d as an acting data / sync head does.
//   H4  The sync-head-fill rule of E1 (c) compares the fill's line with the sync FIFO's head
//       whatever the head's kind, when the FIFO is not empty and the fill finds its MSHR.
//   H5  own_q := src cut to SW bits (I6); "own == src" compares src with own zero-extended to
//       6 bits, so a src >= 2^SW never names the owner. A REVOKE's dst bit of an own >= NumSm
//       is cut (no destination), the message is still sent.
//   H6  Freeing an MSHR (N01 / N02) clears only mv (gpu_l2 Q2); its fields keep their values.
//   H7  The cover points F01-F78 are counted by the C model, as the DeNovo and GPU units': the
//       RTL exposes the rows' state through the registers the lockstep compares, no cover port.
//
// Implementation: two set lookups (one on the fill's / answer's / data head's line, one on the
// sync head's line), one line written per edge (cur_idx), one MSHR entry, one set's ages.

`include "gpucoh_assert.svh"

module hlrc_l2 #(
  parameter bit [31:0] NumSm     = 32'd15,
  parameter bit [31:0] NumBanks  = 32'd16,
  parameter bit [31:0] LineBytes = 32'd64,
  parameter bit [31:0] AddrWidth = 32'd32,
  parameter bit [31:0] L2Sets    = 32'd256,
  parameter bit [31:0] L2Ways    = 32'd16,
  parameter bit [31:0] L2Mshrs   = 32'd32,
  parameter bit [31:0] L2Queue   = 32'd4,
  parameter bit [31:0] SyncQueue = 32'd4,
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
  // req network (L1 -> bank, port 0: the data FIFO)
  input  logic                  req_valid_i,
  input  logic [3:0]            req_kind_i,
  input  logic [5:0]            req_src_i,
  input  logic [LA-1:0]         req_line_i,
  input  logic [LineBytes-1:0]  req_mask_i,
  input  logic [DB-1:0]         req_data_i,
  output logic                  req_ready_o,
  // sync network (L1 -> bank, port 1: the sync FIFO)
  input  logic                  sync_valid_i,
  input  logic [3:0]            sync_kind_i,
  input  logic [5:0]            sync_src_i,
  input  logic [LA-1:0]         sync_line_i,
  input  logic [5:0]            sync_wf_i,
  input  logic [4:0]            sync_word_i,
  input  logic [1:0]            sync_aop_i,
  input  logic [3:0]            sync_bmask_i,
  input  logic [31:0]           sync_a_i,
  input  logic [31:0]           sync_b_i,
  output logic                  sync_ready_o,
  // wb network (L1 -> bank, port 2: the answer FIFO)
  input  logic                  wb_valid_i,
  input  logic [3:0]            wb_kind_i,
  input  logic [5:0]            wb_src_i,
  input  logic [LA-1:0]         wb_line_i,
  output logic                  wb_ready_o,
  // rsp network (bank -> L1s, multicast)
  output logic                  rsp_valid_o,
  output logic [3:0]            rsp_kind_o,
  output logic [NS-1:0]         rsp_dst_o,
  output logic [5:0]            rsp_wf_o,
  output logic [LA-1:0]         rsp_line_o,
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
               "hlrc_l2: illegal NumSm (legal: 1 .. 64)")
  `ASSERT_ELAB(P_NumBanks_A,
               NumBanks == 1 || NumBanks == 2 || NumBanks == 4 || NumBanks == 8 ||
               NumBanks == 16,
               "hlrc_l2: illegal NumBanks (legal: 1, 2, 4, 8, 16)")
  `ASSERT_ELAB(P_LineBytes_A,
               LineBytes == 16 || LineBytes == 32 || LineBytes == 64 || LineBytes == 128,
               "hlrc_l2: illegal LineBytes (legal: 16, 32, 64, 128)")
  `ASSERT_ELAB(P_AddrWidth_A, AddrWidth >= 16 && AddrWidth <= 48,
               "hlrc_l2: illegal AddrWidth (legal: 16 .. 48)")
  `ASSERT_ELAB(P_L2Sets_A, L2Sets >= 1 && L2Sets <= 1024 && (L2Sets & (L2Sets - 1)) == 0,
               "hlrc_l2: illegal L2Sets (legal: a power of two, 1 .. 1024)")
  `ASSERT_ELAB(P_L2Ways_A, L2Ways >= 2 && L2Ways <= 16,
               "hlrc_l2: illegal L2Ways (legal: 2 .. 16)")
  `ASSERT_ELAB(P_L2Mshrs_A, L2Mshrs >= 1 && L2Mshrs <= 64,
               "hlrc_l2: illegal L2Mshrs (legal: 1 .. 64)")
  `ASSERT_ELAB(P_L2Queue_A, L2Queue >= 1 && L2Queue <= 8,
               "hlrc_l2: illegal L2Queue (legal: 1 .. 8)")
  `ASSERT_ELAB(P_SyncQueue_A, SyncQueue >= 1 && SyncQueue <= 8,
               "hlrc_l2: illegal SyncQueue (legal: 1 .. 8)")
  `ASSERT_ELAB(P_WbQueue_A, WbQueue >= 1 && WbQueue <= 8,
               "hlrc_l2: illegal WbQueue (legal: 1 .. 8)")
  `ASSERT_ELAB(P_Formal_A, Formal <= 1,
               "hlrc_l2: illegal Formal (legal: 0, 1)")

  // ---------------------------------------------------------------------------------------------
  // Constants
  // ---------------------------------------------------------------------------------------------

  localparam int LB    = (NumBanks > 1) ? $clog2(NumBanks) : 0;        // bank bits
  localparam int LS    = (L2Sets > 1) ? $clog2(L2Sets) : 0;            // set bits
  localparam int SIW   = (LS > 0) ? LS : 1;                            // set-index width
  localparam int TGW   = (LA > LS) ? LA - LS : 1;                      // tag width (TAGW)
  localparam int WW    = (L2Ways > 1) ? $clog2(L2Ways) : 1;            // way / age width (AW2)
  localparam int SW    = (NumSm > 1) ? $clog2(NumSm) : 1;              // owner-id width
  localparam int Lines = L2Sets * L2Ways;
  localparam int LIW   = (Lines > 1) ? $clog2(Lines) : 1;              // line-index width
  localparam int MKW   = (L2Mshrs > 1) ? $clog2(L2Mshrs) : 1;          // MSHR-index width
  localparam int LW    = LineBytes / 4;                                // words per line
  localparam int LWW   = (LW > 1) ? $clog2(LW) : 1;                    // word-index width
  localparam int QW    = $clog2(L2Queue + 32'd1);                      // qcnt width
  localparam int SQW   = $clog2(SyncQueue + 32'd1);                    // scnt width
  localparam int WQW   = $clog2(WbQueue + 32'd1);                      // wcnt width
  localparam int SAW   = WW * L2Ways;                                  // one set's ages
  // FIFO entries: data {kind, src, line, mask, data}; sync {kind, src, line, wf, word, aop,
  // bmask, a, b}; answer {kind, src, line}.
  localparam int REW   = 4 + 6 + LA + LineBytes + DB;
  localparam int SEW   = 4 + 6 + LA + 6 + 5 + 2 + 4 + 32 + 32;
  localparam int WEW   = 4 + 6 + LA;

  `ASSERT_ELAB(P_LineAddr_A, LA >= LB + LS && LA >= LS + 1,
               "hlrc_l2: illegal AddrWidth (LA < log2 NumBanks + log2 L2Sets, or <= log2 L2Sets)")

  localparam logic [LA-1:0]  BankMask = LA'(64'(NumBanks) - 64'd1);
  localparam logic [LA-1:0]  SetMask  = LA'(64'(L2Sets) - 64'd1);
  localparam logic [QW-1:0]  QueueLen = QW'(L2Queue);
  localparam logic [SQW-1:0] SyncLen  = SQW'(SyncQueue);
  localparam logic [WQW-1:0] WbLen    = WQW'(WbQueue);
  localparam logic [NS-1:0]  SmOne    = NS'(1);
  localparam int             RCW      = WW + 1;                // rc(s) width (0 .. L2Ways)
  localparam logic [RCW-1:0] RCap     = RCW'(L2Ways - 32'd1);

  // The reset value of age_q: every way's rank is its way number.
  function automatic logic [Lines*WW-1:0] age_init_f();
    logic [Lines*WW-1:0] v;
    for (int i = 0; i < Lines; i++) begin
      v[i*WW +: WW] = WW'(i % L2Ways);
    end
    age_init_f = v;   // not return: Yosys 0.23 misparses it
  endfunction
  localparam logic [Lines*WW-1:0] AgeInit = age_init_f();

  // Encodings: the family package rtl/hlrc/hlrc_pkg.sv and the shared rtl/gpucoh_atom_pkg.sv.
  localparam logic [1:0] StI       = 2'(hlrc_pkg::HlL2StI);
  localparam logic [1:0] StV       = 2'(hlrc_pkg::HlL2StV);
  localparam logic [1:0] StD       = 2'(hlrc_pkg::HlL2StD);
  localparam logic [1:0] StP       = 2'(hlrc_pkg::HlL2StP);
  localparam logic [3:0] MsgGets   = 4'(hlrc_pkg::HlMsgGets);
  localparam logic [3:0] MsgWt     = 4'(hlrc_pkg::HlMsgWt);
  localparam logic [3:0] MsgReg    = 4'(hlrc_pkg::HlMsgReg);
  localparam logic [3:0] MsgAtomic = 4'(hlrc_pkg::HlMsgAtomic);
  localparam logic [3:0] MsgRack   = 4'(hlrc_pkg::HlMsgRack);
  localparam logic [3:0] MsgEvict  = 4'(hlrc_pkg::HlMsgEvict);
  localparam logic [3:0] MsgData   = 4'(hlrc_pkg::HlMsgData);
  localparam logic [3:0] MsgAck    = 4'(hlrc_pkg::HlMsgAck);
  localparam logic [3:0] MsgGrant  = 4'(hlrc_pkg::HlMsgGrant);
  localparam logic [3:0] MsgAtom   = 4'(hlrc_pkg::HlMsgAtom);
  localparam logic [3:0] MsgRevoke = 4'(hlrc_pkg::HlMsgRevoke);
  localparam logic [3:0] MsgEack   = 4'(hlrc_pkg::HlMsgEack);
  localparam logic [1:0] AopAdd    = 2'(gpucoh_atom_pkg::AopAdd);
  localparam logic [1:0] AopExch   = 2'(gpucoh_atom_pkg::AopExch);
  localparam logic [1:0] AopCas    = 2'(gpucoh_atom_pkg::AopCas);

  // ---------------------------------------------------------------------------------------------
  // State (spec section 3)
  // ---------------------------------------------------------------------------------------------

  (* mem2reg *) logic [TGW-1:0]       tag_q   [Lines]    /* verilator public_flat_rd */;
  (* mem2reg *) logic [1:0]           st_q    [Lines]    /* verilator public_flat_rd */;
  (* mem2reg *) logic                 reg_q   [Lines]    /* verilator public_flat_rd */;
  (* mem2reg *) logic [SW-1:0]        own_q   [Lines]    /* verilator public_flat_rd */;
  (* mem2reg *) logic [DB-1:0]        data_q  [Lines]    /* verilator public_flat_rd */;
  logic [Lines-1:0]     live_q             /* verilator public_flat_rd */;
  logic [Lines*WW-1:0]  age_q              /* verilator public_flat_rd */;

  logic [L2Mshrs-1:0]   mv_q               /* verilator public_flat_rd */;
  (* mem2reg *) logic [LA-1:0]        mline_q [L2Mshrs]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [WW-1:0]        mway_q  [L2Mshrs]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [NS-1:0]        mdst_q  [L2Mshrs]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [LineBytes-1:0] mwm_q   [L2Mshrs]  /* verilator public_flat_rd */;

  logic                 rvv_q              /* verilator public_flat_rd */;
  logic [WW-1:0]        rvw_q              /* verilator public_flat_rd */;
  logic [LA-1:0]        rvl_q              /* verilator public_flat_rd */;
  logic [SW-1:0]        rvo_q              /* verilator public_flat_rd */;
  logic                 qpri_q             /* verilator public_flat_rd */;

  // Output registers.
  logic                 req_ready_q      /* verilator public_flat_rd */;
  logic                 sync_ready_q     /* verilator public_flat_rd */;
  logic                 wb_ready_q       /* verilator public_flat_rd */;
  logic                 rsp_valid_q      /* verilator public_flat_rd */;
  logic [3:0]           rsp_kind_q       /* verilator public_flat_rd */;
  logic [NS-1:0]        rsp_dst_q        /* verilator public_flat_rd */;
  logic [5:0]           rsp_wf_q         /* verilator public_flat_rd */;
  logic [LA-1:0]        rsp_line_q       /* verilator public_flat_rd */;
  logic [DB-1:0]        rsp_data_q       /* verilator public_flat_rd */;
  logic                 mem_fetch_q      /* verilator public_flat_rd */;
  logic [LA-1:0]        mem_fetch_line_q /* verilator public_flat_rd */;
  logic                 mem_wb_q         /* verilator public_flat_rd */;
  logic [LA-1:0]        mem_wb_line_q    /* verilator public_flat_rd */;
  logic [DB-1:0]        mem_wb_data_q    /* verilator public_flat_rd */;

  // ---------------------------------------------------------------------------------------------
  // The three FIFOs (E1 d-e) and their heads
  // ---------------------------------------------------------------------------------------------

  logic [QW-1:0]        qcnt, qcnt_d;          // u_req_fifo.cnt_q (qcnt_q of the page)
  logic [SQW-1:0]       scnt, scnt_d;          // u_sync_fifo.cnt_q (scnt_q)
  logic [WQW-1:0]       wcnt, wcnt_d;          // u_wb_fifo.cnt_q (wcnt_q)
  logic                 rpush, spush, wpush;
  logic                 rpop, spop, wpop;

  logic [3:0]           dh_kind;               // the data head
  logic [5:0]           dh_src;
  logic [LA-1:0]        dh_line;
  logic [LineBytes-1:0] dh_mask;
  logic [DB-1:0]        dh_data;
  logic [3:0]           sh_kind;               // the sync head
  logic [5:0]           sh_src, sh_wf;
  logic [LA-1:0]        sh_line;
  logic [4:0]           sh_word;
  logic [1:0]           sh_aop;
  logic [3:0]           sh_bmask;
  logic [31:0]          sh_a, sh_b;
  logic [3:0]           wh_kind;               // the answer head
  logic [5:0]           wh_src;
  logic [LA-1:0]        wh_line;

  assign rpush = req_valid_i && req_ready_q;
  assign spush = sync_valid_i && sync_ready_q;
  assign wpush = wb_valid_i && wb_ready_q;

  gpucoh_fifo #(
    .Width(REW),
    .Depth(L2Queue)
  ) u_req_fifo (
    .clk_i,
    .rst_ni,
    .push_i    (rpush),
    .data_i    ({req_kind_i, req_src_i, req_line_i, req_mask_i, req_data_i}),
    .pop_i     (rpop),
    .head_o    ({dh_kind, dh_src, dh_line, dh_mask, dh_data}),
    .cnt_o     (qcnt),
    .cnt_next_o(qcnt_d)
  );

  gpucoh_fifo #(
    .Width(SEW),
    .Depth(SyncQueue)
  ) u_sync_fifo (
    .clk_i,
    .rst_ni,
    .push_i    (spush),
    .data_i    ({sync_kind_i, sync_src_i, sync_line_i, sync_wf_i, sync_word_i, sync_aop_i,
                 sync_bmask_i, sync_a_i, sync_b_i}),
    .pop_i     (spop),
    .head_o    ({sh_kind, sh_src, sh_line, sh_wf, sh_word, sh_aop, sh_bmask, sh_a, sh_b}),
    .cnt_o     (scnt),
    .cnt_next_o(scnt_d)
  );

  gpucoh_fifo #(
    .Width(WEW),
    .Depth(WbQueue)
  ) u_wb_fifo (
    .clk_i,
    .rst_ni,
    .push_i    (wpush),
    .data_i    ({wb_kind_i, wb_src_i, wb_line_i}),
    .pop_i     (wpop),
    .head_o    ({wh_kind, wh_src, wh_line}),
    .cnt_o     (wcnt),
    .cnt_next_o(wcnt_d)
  );

  // ---------------------------------------------------------------------------------------------
  // E1: the event of this edge
  // ---------------------------------------------------------------------------------------------

  logic fill;     // (a) a DRAM fill
  logic wbh;      // (b) the answer FIFO's head
  logic heads;    // (c) the request heads are tried
  logic d_try;    // ... the data head is not empty
  logic s_try;    // ... the sync head is not empty
  assign fill  = mem_valid_i;
  assign wbh   = !mem_valid_i && (wcnt != '0);
  assign heads = !mem_valid_i && (wcnt == '0);
  assign d_try = heads && (qcnt != '0);
  assign s_try = heads && (scnt != '0);

  // The revoked way (rvw_q in the set of rvl_q, while rvv_q).
  logic [SIW-1:0] rv_set;
  logic [LIW-1:0] rv_idx;
  logic [TGW-1:0] rv_tag;
  assign rv_set = SIW'((rvl_q >> LB) & SetMask);
  assign rv_idx = LIW'(32'(rv_set) * L2Ways + 32'(rvw_q));
  assign rv_tag = TGW'(((rvl_q >> (LB + LS)) << LB) | (rvl_q & BankMask));

  // ---------------------------------------------------------------------------------------------
  // Two set lookups: j = 0 the fill's, the answer head's or the data head's line (A); j = 1 the
  // sync head's line (B). Each gives the matching way, its fields, rc(s), the E2 victim and the
  // R02 recall way.
  // ---------------------------------------------------------------------------------------------

  // Lookup A (a_*) and lookup B (b_*): the line, its set, tag, the index of way 0 of the set,
  // the set's ages (way w at [w*WW +: WW]), a match (hit), two matches (dup), the matching way
  // (hway) and its index and fields (hidx, hst, hreg, hown; 0 while never written), rc(s) (rc),
  // the E2 victim (vfound, vway) and the R02 recall way (recw: the registered way with the
  // greatest age).
  logic [LA-1:0]  a_line, b_line;
  logic [SIW-1:0] a_set, b_set;
  logic [TGW-1:0] a_tag, b_tag;
  logic [LIW-1:0] a_base, b_base;
  logic [SAW-1:0] a_ages, b_ages;
  logic           a_hit, b_hit, a_dup, b_dup;
  logic [WW-1:0]  a_hway, b_hway;
  logic [LIW-1:0] a_hidx, b_hidx;
  logic [1:0]     a_hst, b_hst;
  logic           a_hreg, b_hreg;
  logic [SW-1:0]  a_hown, b_hown;
  logic [RCW-1:0] a_rc, b_rc;
  logic           a_vfound, b_vfound;
  logic [WW-1:0]  a_vway, b_vway;
  logic [WW-1:0]  b_recw;
  assign a_line = fill ? mem_line_i : wbh ? wh_line : dh_line;
  assign b_line = sh_line;

  for (genvar j = 0; j < 2; j++) begin : g_look
    logic [LA-1:0]     l_line;
    logic [SIW-1:0]    l_set;
    logic [TGW-1:0]    l_tag;
    logic [LIW-1:0]    l_base;
    logic [SAW-1:0]    l_ages;
    logic              l_hit, l_dup;
    logic [WW-1:0]     l_hway;
    logic [LIW-1:0]    l_hidx;
    logic [RCW-1:0]    l_rc;
    logic [L2Ways-1:0] w_inv;          // st == I                                 (rule 1)
    logic [L2Ways-1:0] w_cand;         // st V or D, reg == 0, not the revoked way (rule 2)
    logic [L2Ways-1:0] w_reg;          // reg == 1
    logic [L2Ways-1:0] w_rvk;          // the revoked way
    logic [LIW-1:0]    w_idx;          // loop temporaries
    logic [1:0]        w_st;
    logic              v1_found, v2_found, rc_found;
    logic [WW-1:0]     v1_way, v2_way, v2_age, rc_age;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [WW-1:0]     rc_way;         // lookup A's is not used (the data head never recalls)
    logic [L2Ways-1:0] v1_onehot;
    /* verilator lint_on UNUSEDSIGNAL */

    assign l_line = (j == 0) ? a_line : b_line;
    assign l_set  = SIW'((l_line >> LB) & SetMask);
    assign l_tag  = TGW'(((l_line >> (LB + LS)) << LB) | (l_line & BankMask));
    assign l_base = LIW'(32'(l_set) * L2Ways);
    assign l_ages = age_q[32'(l_base)*WW +: SAW];
    assign l_hidx = l_base + LIW'(l_hway);

    always_comb begin
      w_inv  = '0;
      w_cand = '0;
      w_reg  = '0;
      w_rvk  = '0;
      l_hit  = 1'b0;
      l_dup  = 1'b0;
      l_hway = '0;
      l_rc   = '0;
      w_idx  = '0;
      w_st   = StI;
      for (int w = 0; w < L2Ways; w++) begin
        w_idx     = l_base + LIW'(w);
        w_st      = live_q[w_idx] ? st_q[w_idx] : StI;   // a line never written reads I
        w_inv[w]  = (w_st == StI);
        w_reg[w]  = live_q[w_idx] && reg_q[w_idx];
        w_rvk[w]  = rvv_q && (w_idx == rv_idx);
        w_cand[w] = (w_st == StV || w_st == StD) && !w_reg[w] && !w_rvk[w];
        l_rc      = l_rc + RCW'(w_reg[w]);
        if (w_st != StI && tag_q[w_idx] == l_tag) begin
          l_dup = l_dup | l_hit;
          if (!l_hit) begin
            l_hway = WW'(w);
          end
          l_hit = 1'b1;
        end
      end
    end

    // E2 rule 1: the first I way (an I way is never registered nor revoked: E5).
    gpucoh_ffs #(.Width(L2Ways)) u_free_way (
      .vec_i   (w_inv),
      .valid_o (v1_found),
      .onehot_o(v1_onehot),
      .idx_o   (v1_way)
    );

    // E2 rule 2: the candidate with the greatest age; R02: the registered way with the greatest
    // age (the ages of a set are a permutation: E5_AgePerm_A, so each is unique).
    always_comb begin
      v2_found = 1'b0;
      v2_way   = '0;
      v2_age   = '0;
      rc_found = 1'b0;
      rc_way   = '0;
      rc_age   = '0;
      for (int w = 0; w < L2Ways; w++) begin
        if (w_cand[w] && (!v2_found || l_ages[w*WW +: WW] > v2_age)) begin
          v2_found = 1'b1;
          v2_way   = WW'(w);
          v2_age   = l_ages[w*WW +: WW];
        end
        if (w_reg[w] && (!rc_found || l_ages[w*WW +: WW] > rc_age)) begin
          rc_found = 1'b1;
          rc_way   = WW'(w);
          rc_age   = l_ages[w*WW +: WW];
        end
      end
    end

    if (j == 0) begin : g_a
      assign a_set    = l_set;
      assign a_tag    = l_tag;
      assign a_base   = l_base;
      assign a_ages   = l_ages;
      assign a_hit    = l_hit;
      assign a_dup    = l_dup;
      assign a_hway   = l_hway;
      assign a_hidx   = l_hidx;
      assign a_rc     = l_rc;
      assign a_vfound = v1_found || v2_found;
      assign a_vway   = v1_found ? v1_way : v2_way;
    end else begin : g_b
      assign b_set    = l_set;
      assign b_tag    = l_tag;
      assign b_base   = l_base;
      assign b_ages   = l_ages;
      assign b_hit    = l_hit;
      assign b_dup    = l_dup;
      assign b_hway   = l_hway;
      assign b_hidx   = l_hidx;
      assign b_rc     = l_rc;
      assign b_vfound = v1_found || v2_found;
      assign b_vway   = v1_found ? v1_way : v2_way;
      assign b_recw   = rc_way;
    end
  end

  // The matching way's fields (0 while the line was never written).
  assign a_hst  = (a_hit && live_q[a_hidx]) ? st_q[a_hidx] : StI;
  assign a_hreg = a_hit && live_q[a_hidx] && reg_q[a_hidx];
  assign a_hown = (a_hit && live_q[a_hidx]) ? own_q[a_hidx] : '0;
  assign b_hst  = (b_hit && live_q[b_hidx]) ? st_q[b_hidx] : StI;
  assign b_hreg = b_hit && live_q[b_hidx] && reg_q[b_hidx];
  assign b_hown = (b_hit && live_q[b_hidx]) ? own_q[b_hidx] : '0;

  // ---------------------------------------------------------------------------------------------
  // MSHRs: the entry of lookup A's line (E4, G02, W02) and the lowest free entry (E2)
  // ---------------------------------------------------------------------------------------------

  logic [L2Mshrs-1:0] mmatch;
  always_comb begin
    mmatch = '0;
    for (int k = 0; k < L2Mshrs; k++) begin
      mmatch[k] = mv_q[k] && (mline_q[k] == a_line);
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

  logic [WW-1:0]        mk_way;
  logic [NS-1:0]        mk_dst;
  logic [LineBytes-1:0] mk_wm;
  assign mk_way = mway_q[mk];
  assign mk_dst = mdst_q[mk];
  assign mk_wm  = mwm_q[mk];

  // ---------------------------------------------------------------------------------------------
  // Sections 5-6: the rows of each head (decided before E1 (c) picks the head that acts)
  // ---------------------------------------------------------------------------------------------

  // Data head (lookup A): G01-G03, W01-W03, Q01; stalls S01, S02.
  logic d_gets, d_wt, d_ok, d_hvd, d_hp, d_miss, d_s01, d_s02, d_stall;
  assign d_gets  = (dh_kind == MsgGets);
  assign d_wt    = (dh_kind == MsgWt);
  assign d_ok    = d_gets || d_wt;
  assign d_hvd   = a_hit && (a_hst == StV || a_hst == StD);
  assign d_hp    = a_hit && (a_hst == StP);
  assign d_miss  = !a_hit;
  assign d_s01   = d_ok && d_miss && !f_found;                        // no MSHR (first)
  assign d_s02   = d_ok && d_miss && f_found && !a_vfound;        // no victim
  assign d_stall = d_s01 || d_s02;

  // Sync head (lookup B): R01-R06, A01-A05, Q02; stalls S01-S04.
  logic s_reg, s_at, s_ok, s_hvd, s_hp, s_miss, s_own;
  logic s_s01, s_s02, s_s03, s_s04, s_stall;
  assign s_reg   = (sh_kind == MsgReg);
  assign s_at    = (sh_kind == MsgAtomic);
  assign s_ok    = s_reg || s_at;
  assign s_hvd   = b_hit && (b_hst == StV || b_hst == StD);
  assign s_hp    = b_hit && (b_hst == StP);
  assign s_miss  = !b_hit;
  assign s_own   = b_hreg && (6'(b_hown) == sh_src);            // H5
  assign s_s04   = s_ok && rvv_q;                                     // a revocation waits
  assign s_s03   = s_ok && !rvv_q && s_hp;                            // R05, A04
  assign s_s01   = s_ok && !rvv_q && s_miss && !f_found;
  assign s_s02   = s_ok && !rvv_q && s_miss && f_found && !b_vfound;
  assign s_stall = s_s01 || s_s02 || s_s03 || s_s04;

  // E1 (c): which head acts.
  logic d_can, s_can, d_act, s_act;
  assign d_can = d_try && !d_stall;
  assign s_can = s_try && !s_stall;
  assign d_act = qpri_q ? (d_can && !s_can) : d_can;
  assign s_act = qpri_q ? s_can : (s_can && !d_can);

  // The rows of the acting head.
  logic g01, g02, w01, w02, d_alloc;
  assign g01     = d_act && d_gets && d_hvd;
  assign g02     = d_act && d_gets && d_hp;
  assign w01     = d_act && d_wt && d_hvd;
  assign w02     = d_act && d_wt && d_hp;
  assign d_alloc = d_act && d_ok && d_miss;                            // G03, W03

  logic r01, r02, r03, r04, a01, a02, a03, s_alloc;
  logic s_vd;
  assign s_vd    = s_act && s_ok && s_hvd;
  assign r01     = s_vd && s_reg && !b_hreg && (b_rc < RCap);
  assign r02     = s_vd && s_reg && !b_hreg && (b_rc >= RCap);
  assign r03     = s_vd && s_reg && b_hreg && !s_own;
  assign r04     = s_vd && s_reg && s_own;
  assign a01     = s_vd && s_at && !b_hreg;
  assign a02     = s_vd && s_at && b_hreg && !s_own;
  assign a03     = s_vd && s_at && s_own;
  assign s_alloc = s_act && s_ok && s_miss;                            // R06, A05

  // Answer head: K01-K04, Q03.
  logic k_rack, k_evict, k01, k03, k01_clear;
  assign k_rack    = (wh_kind == MsgRack);
  assign k_evict   = (wh_kind == MsgEvict);
  assign k01       = wbh && k_rack && rvv_q && (wh_src == 6'(rvo_q)) && (wh_line == rvl_q);
  assign k01_clear = k01 && live_q[rv_idx] && reg_q[rv_idx] && (own_q[rv_idx] == rvo_q);
  assign k03       = wbh && k_evict && a_hit && a_hreg && (6'(a_hown) == wh_src);

  logic fill_ok;                    // E4 (N01 / N02)
  assign fill_ok = fill && mfound;

  // Pops: every answer head; the data head when it acts; the sync head when it acts and does
  // not stay (R02, R03, R06, A02, A05 stay).
  assign wpop = wbh;
  assign rpop = d_act;
  assign spop = s_act && !(r02 || r03 || a02 || s_alloc);

  // ---------------------------------------------------------------------------------------------
  // The line written at this edge (cur_idx): the fill's way, the revoked way (K01), the
  // matching way, or the victim
  // ---------------------------------------------------------------------------------------------

  logic            sel_b;           // the line is lookup B's (the sync head acts)
  logic            alloc;           // E2 allocates
  logic [WW-1:0]   cur_way;
  logic [LIW-1:0]  cur_idx;
  logic            cur_live;
  logic [TGW-1:0]  cur_tag;
  logic [1:0]      cur_st;
  logic            cur_reg;
  logic [SW-1:0]   cur_own;
  logic [DB-1:0]   cur_data;
  logic [SIW-1:0]  cur_set;
  logic [LA-1:0]   cur_line;        // the line address of cur_tag in cur_set (D02, R02)
  logic [LA-1:0]   acc_line;        // the acting message's line
  logic [TGW-1:0]  acc_tag;
  assign sel_b    = s_act;
  assign alloc    = d_alloc || s_alloc;
  assign cur_way  = fill    ? mk_way :
                    k01     ? rvw_q :
                    wbh     ? a_hway :
                    r02     ? b_recw :
                    sel_b   ? (b_hit ? b_hway : b_vway) :
                              (a_hit ? a_hway : a_vway);
  assign cur_idx  = (sel_b ? b_base : a_base) + LIW'(cur_way);
  assign cur_set  = sel_b ? b_set : a_set;
  assign acc_line = sel_b ? b_line : a_line;
  assign acc_tag  = sel_b ? b_tag : a_tag;
  assign cur_live = live_q[cur_idx];
  assign cur_tag  = cur_live ? tag_q[cur_idx] : '0;
  assign cur_st   = cur_live ? st_q[cur_idx] : StI;
  assign cur_reg  = cur_live && reg_q[cur_idx];
  assign cur_own  = cur_live ? own_q[cur_idx] : '0;
  assign cur_data = cur_live ? data_q[cur_idx] : '0;
  assign cur_line = ((LA'(cur_tag) >> LB) << (LB + LS)) | (LA'(cur_set) << LB) |
                    (LA'(cur_tag) & BankMask);

  // E7: the ATOMIC on the word (hlrc_l1.md P1; gpucoh_amo; the EXCH operand is a on the bytes of
  // bmask and the old word elsewhere).
  logic [LWW-1:0] at_widx;
  logic [31:0]    at_oldw, at_xa, at_a, at_old;
  logic [DB-1:0]  at_line;
  logic           at_writes;
  assign at_widx = LWW'(32'(sh_word) % LW);
  assign at_oldw = cur_data[32*at_widx +: 32];
  always_comb begin
    for (int k = 0; k < 4; k++) begin
      at_xa[8*k +: 8] = sh_bmask[k] ? sh_a[8*k +: 8] : at_oldw[8*k +: 8];
    end
  end
  assign at_a = (sh_aop == AopExch) ? at_xa : sh_a;
  gpucoh_amo #(.Words(LW)) u_amo (
    .line_i(cur_data),
    .word_i(at_widx),
    .aop_i (sh_aop),
    .a_i   (at_a),
    .b_i   (sh_b),
    .old_o (at_old),
    .line_o(at_line)
  );
  assign at_writes = (sh_aop == AopAdd) || (sh_aop == AopExch) ||                    // H2
                     ((sh_aop == AopCas) && (at_old == sh_a));

  // ---------------------------------------------------------------------------------------------
  // What this edge writes and sends
  // ---------------------------------------------------------------------------------------------

  // Line data sources (the wide values are built in the register block).
  localparam logic [1:0] DKeep = 2'd0;   // the line's data as it is
  localparam logic [1:0] DFill = 2'd1;   // the fill's data under the mwm bytes (N01, N02)
  localparam logic [1:0] DWt   = 2'd2;   // the WT's bytes into the line (W01-W03)
  localparam logic [1:0] DAmo  = 2'd3;   // the ATOMIC's result (A01, A03)
  // Response data sources.
  localparam logic [1:0] RNone = 2'd0;   // 0
  localparam logic [1:0] RFill = 2'd1;   // the filled line (N01)
  localparam logic [1:0] RLine = 2'd2;   // the line's data (G01, R01, R04, A01, A03)

  logic                 lw_we;          // write line cur_idx (all its fields)
  logic [TGW-1:0]       lw_tag;
  logic [1:0]           lw_st;
  logic                 lw_reg;
  logic [SW-1:0]        lw_own;
  logic [1:0]           dsel;
  logic                 touch;          // E6: touch way cur_way of cur_set
  logic                 ms_we;          // write MSHR ms_idx
  logic [MKW-1:0]       ms_idx;
  logic                 ms_v;
  logic [LA-1:0]        ms_line;
  logic [WW-1:0]        ms_way;
  logic [NS-1:0]        ms_dst;
  logic [LineBytes-1:0] ms_wm;
  logic                 rv_set_d;       // R02, R03, A02 begin a revocation
  logic [WW-1:0]        rvw_d;
  logic [LA-1:0]        rvl_d;
  logic [SW-1:0]        rvo_d;
  logic                 rsp_valid_d;
  logic [3:0]           rsp_kind_d;
  logic [NS-1:0]        rsp_dst_d;
  logic [5:0]           rsp_wf_d;
  logic [LA-1:0]        rsp_line_d;
  logic [1:0]           rsel;
  logic                 fetch_d, wb_d;
  logic [NS-1:0]        d_bit, s_bit, w_bit;
  assign d_bit = SmOne << dh_src;     // dst bits >= NumSm are cut (I6)
  assign s_bit = SmOne << sh_src;
  assign w_bit = SmOne << wh_src;

  always_comb begin
    lw_we       = 1'b0;
    lw_tag      = cur_tag;
    lw_st       = cur_st;
    lw_reg      = cur_reg;
    lw_own      = cur_own;
    dsel        = DKeep;
    touch       = 1'b0;
    ms_we       = 1'b0;
    ms_idx      = mk;
    ms_v        = 1'b1;
    ms_line     = acc_line;
    ms_way      = mk_way;
    ms_dst      = mk_dst;
    ms_wm       = mk_wm;
    rv_set_d    = 1'b0;
    rvw_d       = b_hway;
    rvl_d       = sh_line;
    rvo_d       = b_hown;
    rsp_valid_d = 1'b0;
    rsp_kind_d  = '0;
    rsp_dst_d   = '0;
    rsp_wf_d    = '0;
    rsp_line_d  = '0;
    rsel        = RNone;
    fetch_d     = 1'b0;
    wb_d        = 1'b0;

    if (fill) begin
      if (fill_ok) begin
        // N01 / N02: data := fill under the mwm bytes; V or D; DATA to mdst (N01); free the
        // MSHR (H6: mv only).
        lw_we = 1'b1;
        lw_st = (mk_wm != '0) ? StD : StV;
        dsel  = DFill;
        ms_we = 1'b1;
        ms_v  = 1'b0;
        if (mk_dst != '0) begin
          rsp_valid_d = 1'b1;
          rsp_kind_d  = MsgData;
          rsp_dst_d   = mk_dst;
          rsp_line_d  = mem_line_i;
          rsel        = RFill;
        end
      end
      // E4 (I2): a fill no MSHR waits for changes nothing.
    end else if (wbh) begin
      if (k01) begin
        // K01: the revocation ends; the revoked way is unregistered if it still names src.
        if (k01_clear) begin
          lw_we  = 1'b1;
          lw_reg = 1'b0;
          lw_own = '0;
        end
      end else if (k_evict) begin
        // K03: the owner gives the line up; K04 (I7): EACK only.
        if (k03) begin
          lw_we  = 1'b1;
          lw_reg = 1'b0;
          lw_own = '0;
        end
        rsp_valid_d = 1'b1;
        rsp_kind_d  = MsgEack;
        rsp_dst_d   = w_bit;
        rsp_line_d  = wh_line;
      end
      // K02 (I5), Q03 (I1): nothing else.
    end else if (alloc) begin
      // E2 (G03, W03, R06, A05): the victim way gets the tag and P (D01 dropped, D02 written
      // back), the lowest free MSHR the line; fetch; touch. G03: mdst := 1 << src; W03: the
      // bytes into the way's data, mwm := mask, ACK.
      lw_we   = 1'b1;
      lw_tag  = acc_tag;
      lw_st   = StP;
      lw_reg  = 1'b0;
      lw_own  = '0;
      touch   = 1'b1;
      wb_d    = (cur_st == StD);
      fetch_d = 1'b1;
      ms_we   = 1'b1;
      ms_idx  = f_idx;
      ms_way  = cur_way;
      ms_dst  = (d_act && d_gets) ? d_bit : '0;
      ms_wm   = (d_act && d_wt) ? dh_mask : '0;
      if (d_act && d_wt) begin
        dsel        = DWt;
        rsp_valid_d = 1'b1;
        rsp_kind_d  = MsgAck;
        rsp_dst_d   = d_bit;
      end
    end else if (d_act) begin
      if (g01) begin
        // G01: DATA to the reader (a registered line is served from its data: D8, D10).
        touch       = 1'b1;
        rsp_valid_d = 1'b1;
        rsp_kind_d  = MsgData;
        rsp_dst_d   = d_bit;
        rsp_line_d  = dh_line;
        rsel        = RLine;
      end else if (g02) begin
        // G02: merge into the pending fetch.
        ms_we  = 1'b1;
        ms_dst = mk_dst | d_bit;
      end else if (w01 || w02) begin
        // W01: the bytes into the line -> D; touch. W02: into the pending way, mwm |= mask.
        // Both ACK at once (H1: dst only).
        lw_we = 1'b1;
        dsel  = DWt;
        if (w01) begin
          lw_st = StD;
          touch = 1'b1;
        end else begin
          ms_we = 1'b1;
          ms_wm = mk_wm | dh_mask;
        end
        rsp_valid_d = 1'b1;
        rsp_kind_d  = MsgAck;
        rsp_dst_d   = d_bit;
      end
      // Q01 (I1): popped, nothing else.
    end else if (s_act) begin
      if (r01 || r04) begin
        // R01: GRANT; reg := 1, own := src; touch. R04 (I4, D19): GRANT, own unchanged.
        lw_we       = 1'b1;
        lw_reg      = 1'b1;
        lw_own      = r01 ? SW'(sh_src) : cur_own;
        touch       = 1'b1;
        rsp_valid_d = 1'b1;
        rsp_kind_d  = MsgGrant;
        rsp_dst_d   = s_bit;
        rsp_line_d  = sh_line;
        rsel        = RLine;
      end else if (r02) begin
        // R02: recall the registered way with the greatest age (D17, G8); the head stays.
        rv_set_d    = 1'b1;
        rvw_d       = b_recw;
        rvl_d       = cur_line;
        rvo_d       = cur_own;
        rsp_valid_d = 1'b1;
        rsp_kind_d  = MsgRevoke;
        rsp_dst_d   = SmOne << cur_own;
        rsp_line_d  = cur_line;
      end else if (r03 || a02) begin
        // R03 / A02: revoke from the owner; the head stays.
        rv_set_d    = 1'b1;
        rsp_valid_d = 1'b1;
        rsp_kind_d  = MsgRevoke;
        rsp_dst_d   = SmOne << b_hown;
        rsp_line_d  = sh_line;
      end else if (a01 || a03) begin
        // A01: E7; ATOM with the line before; the word := new and D if it writes; touch.
        // A03 (I4, D19): reg := 0, own := 0 first, then A01.
        lw_we = 1'b1;
        touch = 1'b1;
        if (a03) begin
          lw_reg = 1'b0;
          lw_own = '0;
        end
        if (at_writes) begin
          lw_st = StD;
          dsel  = DAmo;
        end
        rsp_valid_d = 1'b1;
        rsp_kind_d  = MsgAtom;
        rsp_dst_d   = s_bit;
        rsp_wf_d    = sh_wf;
        rsp_line_d  = sh_line;
        rsel        = RLine;
      end
      // Q02 (I1): popped, nothing else.
    end
  end

  // E1 (c): qpri_d (H3, H4).
  logic fill_sync;                 // N01 / N02 of the line of the sync FIFO's head
  logic qpri_d;
  assign fill_sync = fill_ok && (scnt != '0) && (mem_line_i == sh_line);
  assign qpri_d    = (k01 || fill_sync) ? 1'b1 : d_act ? 1'b1 : s_act ? 1'b0 : qpri_q;

  // E6: the touched set's ages after the edge.
  logic [SAW-1:0] set_ages, ages_d;
  logic [WW-1:0]  tage;            // the touched way's age
  assign set_ages = sel_b ? b_ages : a_ages;
  assign tage     = set_ages[32'(cur_way)*WW +: WW];
  always_comb begin
    ages_d = set_ages;
    for (int w = 0; w < L2Ways; w++) begin
      if (set_ages[w*WW +: WW] < tage) begin
        ages_d[w*WW +: WW] = set_ages[w*WW +: WW] + WW'(1);
      end
    end
    ages_d[32'(cur_way)*WW +: WW] = '0;
  end

  // ---------------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------------

  // The byte merges (gpucoh_bytemerge.svh), called inside the writes.
  localparam bit [31:0] BmBytes = LineBytes;
`include "gpucoh_bytemerge.svh"

  // The line arrays are written at the edge's single line write (cur_idx) and not reset: the
  // packed live_q (reset 0) says which lines were written since reset, and a line that was not
  // reads as reset (I, tag 0, reg 0, own 0, data 0) at every read (as denovo_l2).
  always_ff @(posedge clk_i) begin : p_lines
    if (!rst_ni) begin
      live_q <= '0;
    end else if (lw_we) begin
      tag_q[cur_idx]  <= lw_tag;
      st_q[cur_idx]   <= lw_st;
      reg_q[cur_idx]  <= lw_reg;
      own_q[cur_idx]  <= lw_own;
      data_q[cur_idx] <= (dsel == DFill) ? gpucoh_bytemerge_f(mem_data_i, cur_data, mk_wm) :
                         (dsel == DWt)   ? gpucoh_bytemerge_f(cur_data, dh_data, dh_mask) :
                         (dsel == DAmo)  ? at_line : cur_data;
      live_q[cur_idx] <= 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin : p_age
    if (!rst_ni) begin
      age_q <= AgeInit;
    end else if (touch) begin
      age_q[32'(cur_set)*SAW +: SAW] <= ages_d;
    end
  end

  for (genvar k = 0; k < L2Mshrs; k++) begin : g_mshr
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        mv_q[k]    <= 1'b0;
        mline_q[k] <= '0;
        mway_q[k]  <= '0;
        mdst_q[k]  <= '0;
        mwm_q[k]   <= '0;
      end else if (ms_we && 32'(ms_idx) == k) begin
        mv_q[k]    <= ms_v;
        mline_q[k] <= ms_line;
        mway_q[k]  <= ms_way;
        mdst_q[k]  <= ms_dst;
        mwm_q[k]   <= ms_wm;
      end
    end
  end

  always_ff @(posedge clk_i) begin : p_rv
    if (!rst_ni) begin
      rvv_q  <= 1'b0;
      rvw_q  <= '0;
      rvl_q  <= '0;
      rvo_q  <= '0;
      qpri_q <= 1'b0;
    end else begin
      qpri_q <= qpri_d;
      if (rv_set_d) begin
        rvv_q <= 1'b1;
        rvw_q <= rvw_d;
        rvl_q <= rvl_d;
        rvo_q <= rvo_d;
      end else if (k01) begin
        rvv_q <= 1'b0;
      end
    end
  end

  always_ff @(posedge clk_i) begin : p_out
    if (!rst_ni) begin
      req_ready_q      <= 1'b1;
      sync_ready_q     <= 1'b1;
      wb_ready_q       <= 1'b1;
      rsp_valid_q      <= 1'b0;
      rsp_kind_q       <= '0;
      rsp_dst_q        <= '0;
      rsp_wf_q         <= '0;
      rsp_line_q       <= '0;
      rsp_data_q       <= '0;
      mem_fetch_q      <= 1'b0;
      mem_fetch_line_q <= '0;
      mem_wb_q         <= 1'b0;
      mem_wb_line_q    <= '0;
      mem_wb_data_q    <= '0;
    end else begin
      req_ready_q      <= (qcnt_d < QueueLen);
      sync_ready_q     <= (scnt_d < SyncLen);
      wb_ready_q       <= (wcnt_d < WbLen);
      rsp_valid_q      <= rsp_valid_d;
      rsp_kind_q       <= rsp_kind_d;
      rsp_dst_q        <= rsp_dst_d;
      rsp_wf_q         <= rsp_wf_d;
      rsp_line_q       <= rsp_line_d;
      rsp_data_q       <= (rsel == RFill) ? gpucoh_bytemerge_f(mem_data_i, cur_data, mk_wm) :
                          (rsel == RLine) ? cur_data : '0;
      mem_fetch_q      <= fetch_d;
      mem_fetch_line_q <= fetch_d ? acc_line : '0;
      mem_wb_q         <= wb_d;
      mem_wb_line_q    <= wb_d ? cur_line : '0;
      mem_wb_data_q    <= wb_d ? cur_data : '0;
    end
  end

  assign req_ready_o      = req_ready_q;
  assign sync_ready_o     = sync_ready_q;
  assign wb_ready_o       = wb_ready_q;
  assign rsp_valid_o      = rsp_valid_q;
  assign rsp_kind_o       = rsp_kind_q;
  assign rsp_dst_o        = rsp_dst_q;
  assign rsp_wf_o         = rsp_wf_q;
  assign rsp_line_o       = rsp_line_q;
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
  // environment (E4 / I2, I1, I6), which a testbench may present on purpose.
`ifndef SYNTHESIS
  logic sva_way_ok      /* verilator public_flat_rd */;   // one way matches
  logic sva_mshr_ok     /* verilator public_flat_rd */;   // M1: a P line has its MSHR
  logic sva_mdup_ok     /* verilator public_flat_rd */;   // one MSHR per line
  logic sva_e4_ok       /* verilator public_flat_rd */;   // E4 (I2)
  logic sva_rcap_ok     /* verilator public_flat_rd */;   // E3
  logic sva_reg_ok      /* verilator public_flat_rd */;   // E5 RegPresent
  logic sva_own_ok      /* verilator public_flat_rd */;   // E5 OwnRange (I6)
  logic sva_rv_ok       /* verilator public_flat_rd */;   // E5 RvLine
  logic sva_age_ok      /* verilator public_flat_rd */;   // E5 AgePerm
  logic sva_kind_ok     /* verilator public_flat_rd */;   // I1: Q01, Q02, Q03
  logic sva_ready_ok    /* verilator public_flat_rd */;   // E1 e
  logic sva_rsp_zero    /* verilator public_flat_rd */;   // timing rule 6
  logic sva_fetch_zero  /* verilator public_flat_rd */;
  logic sva_wb_zero     /* verilator public_flat_rd */;
  logic [RCW-1:0] sva_rc_after;                           // rc(s) of the written set after
  always_comb begin
    sva_way_ok   = !(rst_ni && (fill || wbh || d_try)) || !a_dup;
    sva_way_ok   = sva_way_ok && (!(rst_ni && s_try) || !b_dup);
    sva_mshr_ok  = !(rst_ni && d_try && d_hp) || (mfound && mk_way == a_hway);
    sva_mdup_ok  = !(rst_ni && (fill || d_try)) || !mdup;
    sva_e4_ok    = !(rst_ni && fill) || mfound;
    // E3, E5: checked on the line write (the values lw_* the edge writes): a line changes
    // only by that write and reads as reset (where they hold) until its first, so this is the
    // check of every line at every cycle, one edge earlier.
    sva_rc_after = (sel_b ? b_rc : a_rc) - RCW'(cur_reg) + RCW'(lw_reg);
    sva_rcap_ok  = !(rst_ni && lw_we) || (sva_rc_after <= RCap);
    sva_reg_ok   = !(rst_ni && lw_we && lw_reg) || (lw_st == StV || lw_st == StD);
    sva_own_ok   = !(rst_ni && lw_we) || (lw_reg ? (32'(lw_own) < NumSm) : (lw_own == '0));
    sva_rv_ok    = !(rst_ni && rvv_q) ||
                   (live_q[rv_idx] && st_q[rv_idx] != StI && tag_q[rv_idx] == rv_tag);
    sva_age_ok   = 1'b1;
    for (int v = 0; v < L2Ways; v++) begin
      for (int w = 0; w < L2Ways; w++) begin
        if (rst_ni && touch && v < w && ages_d[v*WW +: WW] == ages_d[w*WW +: WW]) begin
          sva_age_ok = 1'b0;
        end
      end
    end
    sva_kind_ok    = !(rst_ni && ((wbh && !k_rack && !k_evict) || (d_act && !d_ok) ||
                                  (s_act && !s_ok)));
    sva_ready_ok   = !rst_ni || ((req_ready_q == (qcnt < QueueLen)) &&
                                 (sync_ready_q == (scnt < SyncLen)) &&
                                 (wb_ready_q == (wcnt < WbLen)));
    sva_rsp_zero   = !rst_ni || rsp_valid_q ||
                     (rsp_kind_q == '0 && rsp_dst_q == '0 && rsp_wf_q == '0 &&
                      rsp_line_q == '0 && rsp_data_q == '0);
    sva_fetch_zero = !rst_ni || mem_fetch_q || (mem_fetch_line_q == '0);
    sva_wb_zero    = !rst_ni || mem_wb_q || (mem_wb_line_q == '0 && mem_wb_data_q == '0);
  end

  // The bank half of hlrc.md V1 (single owner) at the edge: a line has one `reg` bit and one
  // `own`, so "one owner" is what these keep true of them. Each reads one line (the written one
  // or the revoked one): cheap, checked in simulation too, and true under every illegal input
  // (the rows of I4-I7 included). Proven with the F_* below by tools/prove_hlrc_l2.sh
  // (hlrc_l2.md section 12).
  logic sva_v1_kept     /* verilator public_flat_rd */;   // V1 RegKept (R01, K01, K03, A03)
  logic sva_v1_grant    /* verilator public_flat_rd */;   // V1 GrantOwner (R01, R04, S04)
  logic sva_v1_rvset    /* verilator public_flat_rd */;   // V1 RevokeOne (R02, R03, A02, D18)
  logic sva_v1_rvown    /* verilator public_flat_rd */;   // V1 RevokedOwner (E2, E5, K03)
  logic sva_k01_clear   /* verilator public_flat_rd */;   // K01 RackUnregisters
  always_comb begin
    // A registered line written at this edge either stays registered to the same owner, same
    // tag, V or D (G01, W01, R04: no eviction, refill or retag, LE5), or is unregistered, own 0,
    // by its owner: the RACK of the revocation that names it and its owner (K01), the owner's
    // EVICT (K03), the owner's ATOMIC (A03, I4). A line becomes registered only by a REG head's
    // GRANT (R01), no revocation open, own := src (E8), on a V or D line.
    sva_v1_kept = 1'b1;
    if (rst_ni && lw_we && cur_reg) begin
      if (lw_reg) begin
        sva_v1_kept = (lw_own == cur_own) && (lw_tag == cur_tag) &&
                      (lw_st == StV || lw_st == StD);
      end else begin
        sva_v1_kept = (lw_own == '0) &&
                      ((wbh && wh_kind == MsgRack && rvv_q && cur_idx == rv_idx &&
                        cur_own == rvo_q && wh_src == 6'(rvo_q)) ||
                       (wbh && wh_kind == MsgEvict && wh_src == 6'(cur_own)) ||
                       (s_act && sh_kind == MsgAtomic && sh_src == 6'(cur_own)));
      end
    end
    if (rst_ni && lw_we && !cur_reg && lw_reg) begin
      sva_v1_kept = s_act && sh_kind == MsgReg && !rvv_q && lw_own == SW'(sh_src) &&
                    rsp_valid_d && rsp_kind_d == MsgGrant &&
                    (cur_st == StV || cur_st == StD);
    end
    // A GRANT (R01, R04) is sent only by the REG head, no revocation open (S04), for a line
    // registered to nobody or to the requester already, which it leaves registered to the
    // requester, to whom alone it goes.
    sva_v1_grant = !(rst_ni && rsp_valid_d && rsp_kind_d == MsgGrant) ||
                   (s_act && sh_kind == MsgReg && !rvv_q && (!cur_reg || 6'(cur_own) == sh_src) &&
                    lw_we && lw_reg && lw_own == SW'(sh_src) && rsp_dst_d == s_bit &&
                    rsp_line_d == sh_line);
    // A revocation begins (R02, R03, A02) only when none is open (D18, LE2: one REVOKE in
    // flight a bank), on a registered line, and names that line, its way and its owner, to
    // whom the REVOKE goes.
    sva_v1_rvset = !(rst_ni && rv_set_d) ||
                   (!rvv_q && cur_reg && rvw_d == cur_way && rvl_d == cur_line &&
                    rvo_d == cur_own && rsp_valid_d && rsp_kind_d == MsgRevoke &&
                    rsp_dst_d == (SmOne << rvo_d) && rsp_line_d == cur_line);
    // While a revocation is open the revoked way is a way of its set (rvw < L2Ways), V or D
    // (never a victim, never P: E2, E5), and registered to the SM the revocation names, or
    // unregistered by that SM's crossing EVICT (K03); nothing registers it again before K01
    // (S04).
    sva_v1_rvown = !(rst_ni && rvv_q) ||
                   (32'(rvw_q) < L2Ways && live_q[rv_idx] &&
                    (st_q[rv_idx] == StV || st_q[rv_idx] == StD) &&
                    (!reg_q[rv_idx] || own_q[rv_idx] == rvo_q));
    // K01 ends the revocation with the revoked way unregistered (D14).
    sva_k01_clear = !(rst_ni && k01 && cur_reg) || (lw_we && !lw_reg && lw_own == '0);
  end

  // The auxiliary invariants of the proof only (computed and asserted when Formal = 1, constant
  // true otherwise): properties of every line, set and MSHR at every cycle, which exclude the
  // unreachable states the k-induction would otherwise start from. F_OwnRangeAll_A holds only
  // under I6 (by the width of own at NumSm = 2^SW). Their loops exist only in the generate
  // branch g_formal (over every pair of lines they would cost the lockstep every cycle).
  /* verilator lint_off UNUSEDSIGNAL */
  logic sva_f_reg_all;     // F_RegPresentAll_A: E5_RegPresent_A on every line
  logic sva_f_own_all;     // F_OwnRangeAll_A: E5_OwnRange_A on every line (under I6)
  logic sva_f_rcap_all;    // F_RCapAll_A: E3 on every set
  logic sva_f_age_all;     // F_AgePermAll_A: E5_AgePerm_A on every set, every age < L2Ways
  logic sva_f_tag_uniq;    // F_TagUnique_A: no two valid ways of a set hold one tag
  logic sva_f_mshr_line;   // F_MshrLine_A: a valid MSHR names a P way holding its line's tag
  logic sva_f_pend_mshr;   // F_PendMshr_A: a P line is named by a valid MSHR
  logic sva_f_mline_uniq;  // F_MlineUnique_A: no two valid MSHRs hold one line
  /* verilator lint_on UNUSEDSIGNAL */
  if (Formal != 0) begin : g_formal
    logic [31:0]      sva_f_i;       // loop temporaries: a line index, a set's reg count,
    logic [31:0]      sva_f_c;       // an MSHR's line's set bits, its tag
    logic [LA-1:0]    sva_f_ml;
    logic [TGW-1:0]   sva_f_t;
    logic [Lines-1:0] sva_f_named;   // the lines a valid MSHR names
    always_comb begin
      sva_f_reg_all  = 1'b1;
      sva_f_own_all  = 1'b1;
      sva_f_rcap_all = 1'b1;
      sva_f_age_all  = 1'b1;
      sva_f_tag_uniq = 1'b1;
      sva_f_i        = '0;
      sva_f_c        = '0;
      for (int s = 0; s < L2Sets; s++) begin
        sva_f_c = '0;
        for (int v = 0; v < L2Ways; v++) begin
          sva_f_i = 32'(s) * L2Ways + 32'(v);
          if (live_q[sva_f_i] && reg_q[sva_f_i]) begin
            sva_f_c = sva_f_c + 32'd1;
          end
          if (rst_ni && live_q[sva_f_i] && reg_q[sva_f_i] &&
              !(st_q[sva_f_i] == StV || st_q[sva_f_i] == StD)) begin
            sva_f_reg_all = 1'b0;
          end
          if (rst_ni && live_q[sva_f_i] &&
              !(reg_q[sva_f_i] ? (32'(own_q[sva_f_i]) < NumSm) : (own_q[sva_f_i] == '0))) begin
            sva_f_own_all = 1'b0;
          end
          if (rst_ni && 32'(age_q[sva_f_i*WW +: WW]) >= L2Ways) begin
            sva_f_age_all = 1'b0;
          end
          for (int w = 0; w < L2Ways; w++) begin
            if (rst_ni && v < w &&
                age_q[sva_f_i*WW +: WW] == age_q[(32'(s) * L2Ways + 32'(w))*WW +: WW]) begin
              sva_f_age_all = 1'b0;
            end
            if (rst_ni && v < w && live_q[sva_f_i] && live_q[32'(s) * L2Ways + 32'(w)] &&
                st_q[sva_f_i] != StI && st_q[32'(s) * L2Ways + 32'(w)] != StI &&
                tag_q[sva_f_i] == tag_q[32'(s) * L2Ways + 32'(w)]) begin
              sva_f_tag_uniq = 1'b0;
            end
          end
        end
        if (rst_ni && sva_f_c > 32'(RCap)) begin
          sva_f_rcap_all = 1'b0;
        end
      end
      sva_f_mshr_line  = 1'b1;
      sva_f_mline_uniq = 1'b1;
      sva_f_named      = '0;
      sva_f_ml         = '0;
      sva_f_t          = '0;
      for (int k = 0; k < L2Mshrs; k++) begin
        sva_f_ml = (mline_q[k] >> LB) & SetMask;
        sva_f_i  = 32'(sva_f_ml) * L2Ways + 32'(mway_q[k]);
        sva_f_t  = TGW'(((mline_q[k] >> (LB + LS)) << LB) | (mline_q[k] & BankMask));
        if (rst_ni && mv_q[k] && !(32'(mway_q[k]) < L2Ways && live_q[LIW'(sva_f_i)] &&
                                   st_q[LIW'(sva_f_i)] == StP &&
                                   tag_q[LIW'(sva_f_i)] == sva_f_t)) begin
          sva_f_mshr_line = 1'b0;
        end
        if (mv_q[k]) begin
          sva_f_named = sva_f_named | (Lines'(1) << sva_f_i);
        end
        for (int l = 0; l < L2Mshrs; l++) begin
          if (rst_ni && l > k && mv_q[k] && mv_q[l] && mline_q[k] == mline_q[l]) begin
            sva_f_mline_uniq = 1'b0;
          end
        end
      end
      sva_f_pend_mshr = 1'b1;
      for (int i = 0; i < Lines; i++) begin
        if (rst_ni && live_q[i] && st_q[i] == StP && !sva_f_named[i]) begin
          sva_f_pend_mshr = 1'b0;
        end
      end
    end
  end else begin : g_no_formal
    assign sva_f_reg_all    = 1'b1;
    assign sva_f_own_all    = 1'b1;
    assign sva_f_rcap_all   = 1'b1;
    assign sva_f_age_all    = 1'b1;
    assign sva_f_tag_uniq   = 1'b1;
    assign sva_f_mshr_line  = 1'b1;
    assign sva_f_pend_mshr  = 1'b1;
    assign sva_f_mline_uniq = 1'b1;
  end
`endif

  `ASSERT(M_WayUnique_A, sva_way_ok)
  `ASSERT(M1_MshrWay_A, sva_mshr_ok)
  `ASSERT(M_MshrUnique_A, sva_mdup_ok)
  `ASSERT_WARN(E4_FillFindsMshr_A, sva_e4_ok)
  `ASSERT(E3_RCap_A, sva_rcap_ok)
  `ASSERT(E5_RegPresent_A, sva_reg_ok)
  `ASSERT_WARN(E5_OwnRange_A, sva_own_ok)
  `ASSERT(E5_RvLine_A, sva_rv_ok)
  `ASSERT(E5_AgePerm_A, sva_age_ok)
  `ASSERT_WARN(Q_KindLegal_A, sva_kind_ok)
  `ASSERT(E1_ReadyIsRoom_A, sva_ready_ok)
  `ASSERT(RspPayloadZero_A, sva_rsp_zero)
  `ASSERT(FetchPayloadZero_A, sva_fetch_zero)
  `ASSERT(WbPayloadZero_A, sva_wb_zero)
  // the bank half of V1 (hlrc.md section 5; proven by tools/prove_hlrc_l2.sh, Formal = 1)
  `ASSERT(V1_RegKept_A, sva_v1_kept)
  `ASSERT(V1_GrantOwner_A, sva_v1_grant)
  `ASSERT(V1_RevokeOne_A, sva_v1_rvset)
  `ASSERT(V1_RevokedOwner_A, sva_v1_rvown)
  `ASSERT(K01_RackUnregisters_A, sva_k01_clear)
  // the auxiliary invariants of the proof (Formal = 1)
  `ASSERT(F_RegPresentAll_A, Formal == 0 || sva_f_reg_all)
  `ASSERT(F_OwnRangeAll_A, Formal == 0 || sva_f_own_all)
  `ASSERT(F_RCapAll_A, Formal == 0 || sva_f_rcap_all)
  `ASSERT(F_AgePermAll_A, Formal == 0 || sva_f_age_all)
  `ASSERT(F_TagUnique_A, Formal == 0 || sva_f_tag_uniq)
  `ASSERT(F_MshrLine_A, Formal == 0 || sva_f_mshr_line)
  `ASSERT(F_PendMshr_A, Formal == 0 || sva_f_pend_mshr)
  `ASSERT(F_MlineUnique_A, Formal == 0 || sva_f_mline_uniq)

endmodule
