// SPDX-License-Identifier: Apache-2.0
//
// gpu_l1 -- baseline GPU L1 controller, one per SM (GPU-D and GPU-H of seed 002; GPU-RSP).
//
// No coherence state beyond a valid bit: write-through of stores through a coalescing store
// buffer (a ring of line addresses; the dirty bytes live in the L1's data array), flash
// self-invalidation of the whole L1 at GPU-scope synchronization, atomics at the L2. Under
// GPU-H (Hrf = 1) CTA-scope synchronization stays in the L1 (no flush, no invalidation, CTA
// atomics performed in the L1). Core requests wait in an L1Queue-entry FIFO; L2 responses are
// taken in every cycle and take priority over the FIFO head. Specification:
// docs/units/gpu/gpu_l1.md (rules L1-L13, rows C01-C18 and C20-C22, R01-R06, B01-B08, V01, stalls
// S01-S05; C19 and S06 are retired with D9: a CTA atomic on a line that is not valid is sent
// to the L2, C17 / C18); timing contract: docs/timing.md. Every output is a register.
// With Rsp = 1 (GPU-H only) the L1 also runs remote-scope promotion, docs/units/gpu/rsp.md
// section 4: an rm LOAD acq / STORE rel / ATOMIC holds the head through the token (TOKREQ /
// GNT / TOKREL on req / rsp) and the broadcast steps of seed 000 Table 3 (LOCK, FLUSH, INV,
// UNLOCK on the peer network, BACKs counted); every L1 takes one peer message a cycle (rows
// K01-K06) and runs a FLUSH command through its store-buffer engine (B09 / B10). With Rsp = 0
// the peer outputs stay 0 and core_rm_i and the peer input are ignored (I6, I12).
//
//                  +--------------------------------------------------+
//  core_*        =>| FIFO[L1Queue] -> head --+                        |=> core_ready_o
//                  |                         +-> set lookup (ways)    |=> crsp_*
//  rsp_*         =>|  (priority) ------------+   tag/val/pend/../data |=> req_*
//                  |  store-buffer ring -> engine (pop lookup)       |=> fence_done_o
//                  |  fences: batch / fl / fcur / fwait / fdone      |=> drained_o
//                  +--------------------------------------------------+
//
// Parameters (an illegal value stops elaboration with a message naming it; nothing is clamped;
// all `bit [31:0]`, as Icarus Verilog 11 cannot parse `int unsigned` parameters):
//   Hrf         0 GPU-D (every synchronization at GPU scope), 1 GPU-H; 0 .. 1 (default 1)
//   Rsp         remote-scope promotion (rsp.md); 0, 1; 1 needs Hrf = 1 (default 0)
//   NumSm       SMs: width of the peer destination mask, range of the BACK counter; 1 .. 64
//               (default 15)
//   NumWf       wavefronts of the SM; 1 .. 64 (default 48)
//   LineBytes   line size in bytes; 16, 32, 64, 128 (default 64)
//   AddrWidth   byte-address bits; 16 .. 48, with LA >= log2 L1Sets + 1 (default 32)
//   L1Sets      sets; power of two, 1 .. 256 (default 64)
//   L1Ways      ways; 1 .. 8 (default 8)
//   L1Queue     core request FIFO entries; 1 .. 8 (default 4)
//   SbEntries   store-buffer entries (one per dirty line); 1 .. 256 (default 256)
//   SbIdle      cycles without a store after which the store buffer drains; 1 .. 65535
//               (default 1000)
//   WtCntWidth  bits of the outstanding write-through counter; 2 .. 10 (default 9)
// Derived (never set them): LL = log2 LineBytes, LA = AddrWidth - LL line-address bits,
// DB = 8*LineBytes data bits, LW = LineBytes/4 words, SB = log2 L1Sets, TW = LA - SB tag bits,
// Lines = L1Sets*L1Ways, WMAX = 2^WtCntWidth - 1; index widths SW, WW, LIW, SHW (at least 1),
// QW = clog2(L1Queue+1), SCW = clog2(SbEntries+1); Rsp: NS = NumSm, BCW = CW(NumSm + 1) (the
// page's AW), SMW = CW(NumSm) (the page's SW; renamed, SW and SB are taken here).
//
// Ports (spec section 2; payloads are 0 whenever their valid is 0):
//   clk_i, rst_ni                 clock; synchronous active-low reset
//   core_valid_i, core_op_i[3] (1 LOAD, 2 STORE, 3 ATOMIC, 4 FENCE), core_wf_i[6],
//   core_line_i[LA], core_gpu_i, core_rm_i, core_acq_i, core_rel_i, core_data_i[DB],
//   core_mask_i[LineBytes], core_aop_i[2], core_word_i[5], core_a_i[32], core_b_i[32]
//                                 core request, taken at an edge where core_ready_o was 1
//   core_ready_o                  the FIFO has room (fcnt < L1Queue)
//   crsp_valid_o, crsp_kind_o[2] (1 LOAD, 2 ATOMIC), crsp_wf_mask_o[NumWf], crsp_line_o[LA],
//   crsp_data_o[DB]               core response
//   rsp_valid_i, rsp_kind_i[3] (1 DATA, 2 ACK, 3 ATOM, 4 GNT), rsp_wf_i[6], rsp_acq_i,
//   rsp_line_i[LA], rsp_data_i[DB]                  L2 response (never refused)
//   req_valid_o, req_kind_o[3] (1 GETS, 2 WT, 3 ATOMIC, 4 TOKREQ, 5 TOKREL), req_wf_o[6],
//   req_acq_o,
//   req_line_o[LA], req_data_o[DB], req_mask_o[LineBytes], req_aop_o[2], req_word_o[5],
//   req_a_o[32], req_b_o[32]      request to the L2
//   fence_done_o[NumWf]           fdone_q: the wavefront's last fence completed
//   drained_o                     nothing is owed to the L2 (sbcnt == 0 and wtp == 0; with
//                                 Rsp also no rm operation and no command flush)
//   peer_valid_o, peer_kind_o[3] (1 LOCK, 2 FLUSH, 3 INV, 4 UNLOCK, 5 BACK), peer_dst_o[NumSm]
//                                 the edge's one peer message (Rsp; L19)
//   pin_valid_i, pin_kind_i[3], pin_src_i[6]        a peer message (Rsp; never refused)
//
// State (spec section 3; all verilator public_flat_rd). Per line i = set*L1Ways + way: tag_q,
// val_q, pend_q, stale_q, acq_q, wait_q, dirty_q, data_q; per set rr_q; u_fifo.cnt_q (fcnt);
// store buffer sb_q (ring), sbh_q, sbcnt_q; wtp_q; batch_q, fl_q, fcur_q, fwait_q, fdone_q;
// idle_q; the output registers (*_q of every output above; fence_done_o is fdone_q). The FIFO
// contents (u_fifo.mem_q, u_fifo.head_q) are internal. Rsp (rsp.md section 4.2): rblk_q,
// rst_q[4], rsnt_q, bcnt_q[BCW], cfv_q, cfl_q[SCW], csrc_q[SMW] (0 with Rsp = 0); the rm bit of
// each FIFO entry (stored as 0 with Rsp = 0).
//
// Storage (as tc_l1, docs/units/tc/tc_l1.md section 3): val_q, pend_q, stale_q and acq_q are
// packed per-line vectors with reset (INV writes them whole); tag_q, wait_q, dirty_q and data_q
// are arrays without reset, read through mlive_q (tag, wait, dirty written since reset) and
// dlive_q (data written since reset): a line not written since reset reads 0. The ring sb_q has
// no reset: only its live entries (sbcnt from sbh) are architectural.
//
// Numbered rules (spec section 4; the row tables of sections 5-7 are in the decode below):
//   L1  At most one way of a set matches a line address (assertion L1_OneWay_A).
//   L2  Order of an edge: (a) a response is processed, the FIFO head is not tried; (b) the
//       store-buffer engine decides its pop; (c) else the head is tried (a stall changes
//       nothing); (d) the batch check; (e) INV last; (f) push; (g) core_ready, drained,
//       fence_done from the next state. No FIFO bypass.
//   L3  One core response and one L2 request at most: the engine's WT, else the head's.
//   L4  gpu_s = !Hrf || core_gpu of the head.
//   L5  WT: wtp + 1 per WT, - 1 per ACK; none at wtp == WMAX or to a pending line; the head
//       sends none while batch_q (S05), the engine's pop does not happen (the entry stays).
//   L6  INV: every val := 0, stale := 1 where pend_q && pend_d; applied after every other write.
//   L7  Allocation: first unallocated way; else first clean valid !pend way from rr_q[s]; else
//       the first !pend way from rr_q[s] is written through (V01, the head stays); else S02.
//   L8  While the engine pops, a head that sends a request or has the popped line stalls (S04).
//   L9  A DATA finds a matching pending line, an ACK needs wtp > 0; otherwise a protocol error
//       (warning L9_RspFindsLine_A) that changes nothing.
//   L10 idle := 0 at a performed store row (C10-C13) or writing C16, else min(idle + 1, SbIdle).
//   L11 The head's stalls in order: own (C03 -> S01), store buffer full (S03), allocation (V01,
//       S02), WT rules (S05: C13, C14, C17, V01), port (S04).
//   L12 fdone[wf] := 0 at the push of a FENCE of wf.
//   L13 An ATOMIC sent to the L2 (C15 / C18) drops its matching line (val := 0) and stales its
//       outstanding GETS: both hold the word before the atomic (D12, issue 24 1.1).
//   D9  A CTA atomic (GPU-H) is performed in the L1 on a valid line (C16); on a line that is
//       not valid it writes the line's dirty bytes through first (C17, the head stays) and is
//       then sent to the L2 as a GPU atomic without acquire (C18). It never allocates.
// Rsp (rsp.md section 4.3; with Rsp = 0 none of this is reachable):
//   L2  (amended) (a0) first, the peer input (K01-K04, K06; decided on registered state); then
//       (a)-(d) as before with B09 / B10 and C24-C30 / S07 / S08; (d) the batch check, then
//       K05; (d') step completion (L16); (e) INV once if R03 / R06, K03, C27 or B07 / B08
//       asked; drained also needs rst_d == 0 and !cfv_d.
//   L4  (amended) rm_s = Rsp && core_rm of the head, for LOAD acq, STORE rel, ATOMIC, FENCE;
//       gpu_s = !Hrf || core_gpu || rm_s. An rm LOAD / STORE / ATOMIC runs C24-C30.
//   L5  (amended) the head sends no WT while batch_q || cfv_q (S05).
//   L10 (amended) C28 resets idle as C13; no other row of the page does.
//   L14 An rm operation holds the head from C24 to C30 (stalls: S08 and C25's S01 own, C25's
//       S02, C28 / V01 S05, C24 / C25 / C28-C30 S04; C26 / C27 never stall).
//   L15 Token: TOKREQ before the first step, TOKREL after the last (and the pop).
//   L16 Step completion: T on GNT (R07); a3 on the DATA of the head's line; a broadcast on the
//       K06 that takes bcnt to 0; a5 in C27's edge; a12 at rsnt_q && wtp_d == 0; a22 on the
//       head's wavefront's ATOM. rst := rst + 1, rsnt := 0.
//   L17 rblk_q stalls a C16 head (S07; assertion L17_LockedNoRmw_A, an error).
//   L18 Command flush: K04 cfv := 1, cfl := sbcnt_d, csrc := src; command pops B09 / B10 while
//       cfl_q > 0 (no idle / full pops while cfv_q); K05 BACK when cfl_q == 0 && wtp_q == 0.
//   L19 At most one peer message per edge (L19_OnePeer_A).
//   L20 A command's INV is L6.
// Steps (rst_q): acquire 1 T, 2 a3, 3 a4, 4 a5, 5 U; release 1 T, 2 a9, 3 a10, 4 a11, 5 a12,
// 6 a13, 7 a14, 8 U; atomic 1 T, 2 a19, 3 a20, 4 a21, 5 a22, 6 a23, 7 a24, 8 a25, 9 U.
//
// Readings of the specification taken here (listed for the page owner):
//   G1  Engine pops (batch and idle) happen in response edges too, and their WT is sent (F43:
//       an ACK in the edge a WT is sent); "a response edge never sends a request" is read as
//       "a response row never sends one".
//   G2  A WT built from a line (engine pop, C14, C17, V01) carries the line's bytes under its
//       dirty mask and 0 elsewhere (gpu_types.h: bytes outside the mask are 0); C13 carries the
//       core's data and mask as given.
//   G3  core_ready_o and drained_o are 1 after reset (L2 g on the reset state), the other
//       output registers 0.
//   G4  "LOAD plain" / "STORE plain" include a CTA-scope acquire load / release store under
//       GPU-H (C01's and C10's "plain, or acq/rel && !gpu_s"); an acquire LOAD on a line with
//       pend and stale stalls (C03, "any"), whatever its val.
//   G5  A head whose op is not 1..4 is popped and changes nothing (warning CoreOpLegal_A);
//       since I1 drops such a request at the push, it cannot occur.
//   G6  The port stall (S04) counts only batch and idle pops that happen (not blocked, F37); a
//       full pop is taken after the head's S03 stall and never stalls the head.
//   G7  A response with kind 0 is an L9 protocol error.
//   G8  C18's "!m, or !val and dirty == 0" is !m || (!val && dirty == 0): a matching clean line
//       that is not valid takes C18 even while its GETS is outstanding (the send stales it,
//       L13, and so does the ATOM answer, R05); C17 is m && !val && dirty != 0, pending or
//       not (pending: S05). C18's ATOMIC carries the head's wf, aop, word, a, b and acq 0
//       whatever core_acq_i was; C17 and C18 are not store rows (L10: idle_q keeps counting,
//       as for C14 / C15, R7).
//   G9  reading (L19): a K05 that would meet another peer message in its edge (a C26 or a
//       K01-K03 BACK; unreachable in a legal run, fact 1 of rsp.md section 3) waits for the
//       next edge (cfv stays 1) rather than being lost; L19_OnePeer_A still flags the edge.
//   G10 reading (L16, R07, K06): a completion needs rsnt_q (the step was sent): a3's DATA and
//       a22's ATOM only complete the step while rsnt_q, as R07 and K06 say explicitly.
//   G11 reading (C25): "wait |= 1 << wf" on a new GETS of a line that is not pending is
//       wait := 1 << wf (wait is 0 there), as C06-C09.
//   G12 reading (I6): Rsp_RmPlain_A is checked when the request is pushed; the rm bit is
//       stored with the request only with Rsp = 1 and is ignored at the head on a plain LOAD /
//       STORE.
//   G13 reading (L8 for the command pop): a command pop (B09 / B10) is an engine pop of the
//       edge for S04, as a batch or idle pop (L14: "stalls S04 when the engine pops").
//   G14 reading (C25 "allocate (L7)"): all of L7 applies, rule 3 included: with no free or
//       clean way C25 writes the victim through (V01, the head stays, the step is not sent),
//       under L5 (S05 while batch_q || cfv_q), as C05 / C09.
//
// Implementation: the event's set (head or response line) and the popped entry's set are each
// looked at (ways loop, L1Ways wide). At most one line is written by the event (index e_idx:
// the matching way, the allocated way or the V01 victim) plus the popped line's dirty mask; INV
// writes the packed vectors whole. The decode (always_comb) works on control fields; the wide
// data are selected inside the register blocks by select codes, so that a simulator moves a
// line image only at an edge that stores it.

`include "gpucoh_assert.svh"

module gpu_l1 #(
  parameter bit [31:0] Hrf        = 32'd1,
  parameter bit [31:0] Rsp        = 32'd0,
  parameter bit [31:0] NumSm      = 32'd15,
  parameter bit [31:0] NumWf      = 32'd48,
  parameter bit [31:0] LineBytes  = 32'd64,
  parameter bit [31:0] AddrWidth  = 32'd32,
  parameter bit [31:0] L1Sets     = 32'd64,
  parameter bit [31:0] L1Ways     = 32'd8,
  parameter bit [31:0] L1Queue    = 32'd4,
  parameter bit [31:0] SbEntries  = 32'd256,
  parameter bit [31:0] SbIdle     = 32'd1000,
  parameter bit [31:0] WtCntWidth = 32'd9,
  // Derived parameters: do not override. For illegal parameters they fall back to harmless
  // values, so that elaboration gets as far as the parameter-check message.
  localparam int       LL         = (LineBytes > 1) ? $clog2(LineBytes) : 1,
  localparam int       LA         = (AddrWidth > LL) ? AddrWidth - LL : 1,
  localparam int       DB         = 8 * LineBytes,
  localparam int       NW         = (NumWf >= 1) ? NumWf : 1,
  localparam int       NS         = (NumSm >= 1 && NumSm <= 64) ? NumSm : 1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // Core requests
  input  logic                  core_valid_i,
  input  logic [2:0]            core_op_i,
  input  logic [5:0]            core_wf_i,
  input  logic [LA-1:0]         core_line_i,
  input  logic                  core_gpu_i,
  input  logic                  core_rm_i,
  input  logic                  core_acq_i,
  input  logic                  core_rel_i,
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
  output logic [NW-1:0]         crsp_wf_mask_o,
  output logic [LA-1:0]         crsp_line_o,
  output logic [DB-1:0]         crsp_data_o,
  // L2 responses
  input  logic                  rsp_valid_i,
  input  logic [2:0]            rsp_kind_i,
  input  logic [5:0]            rsp_wf_i,
  input  logic                  rsp_acq_i,
  input  logic [LA-1:0]         rsp_line_i,
  input  logic [DB-1:0]         rsp_data_i,
  // L2 requests
  output logic                  req_valid_o,
  output logic [2:0]            req_kind_o,
  output logic [5:0]            req_wf_o,
  output logic                  req_acq_o,
  output logic [LA-1:0]         req_line_o,
  output logic [DB-1:0]         req_data_o,
  output logic [LineBytes-1:0]  req_mask_o,
  output logic [1:0]            req_aop_o,
  output logic [4:0]            req_word_o,
  output logic [31:0]           req_a_o,
  output logic [31:0]           req_b_o,
  // Fences
  output logic [NW-1:0]         fence_done_o,
  output logic                  drained_o,
  // Peer network (Rsp)
  output logic                  peer_valid_o,
  output logic [2:0]            peer_kind_o,
  output logic [NS-1:0]         peer_dst_o,
  input  logic                  pin_valid_i,
  input  logic [2:0]            pin_kind_i,
  input  logic [5:0]            pin_src_i
);

  // ---------------------------------------------------------------------------------------------
  // Parameter checks (spec section 1)
  // ---------------------------------------------------------------------------------------------

  `ASSERT_ELAB(P_Hrf_A, Hrf <= 1,
               "gpu_l1: illegal Hrf (legal: 0 GPU-D, 1 GPU-H)")
  `ASSERT_ELAB(P_Rsp_A, Rsp <= 1 && (Rsp == 0 || Hrf == 1),
               "gpu_l1: illegal Rsp (legal: 0, 1; 1 needs Hrf = 1)")
  `ASSERT_ELAB(P_NumSm_A, NumSm >= 1 && NumSm <= 64,
               "gpu_l1: illegal NumSm (legal: 1 .. 64)")
  `ASSERT_ELAB(P_NumWf_A, NumWf >= 1 && NumWf <= 64,
               "gpu_l1: illegal NumWf (legal: 1 .. 64)")
  `ASSERT_ELAB(P_LineBytes_A,
               LineBytes == 16 || LineBytes == 32 || LineBytes == 64 || LineBytes == 128,
               "gpu_l1: illegal LineBytes (legal: 16, 32, 64, 128)")
  `ASSERT_ELAB(P_AddrWidth_A, AddrWidth >= 16 && AddrWidth <= 48,
               "gpu_l1: illegal AddrWidth (legal: 16 .. 48)")
  `ASSERT_ELAB(P_L1Sets_A, L1Sets >= 1 && L1Sets <= 256 && (L1Sets & (L1Sets - 1)) == 0,
               "gpu_l1: illegal L1Sets (legal: a power of two, 1 .. 256)")
  `ASSERT_ELAB(P_L1Ways_A, L1Ways >= 1 && L1Ways <= 8,
               "gpu_l1: illegal L1Ways (legal: 1 .. 8)")
  `ASSERT_ELAB(P_L1Queue_A, L1Queue >= 1 && L1Queue <= 8,
               "gpu_l1: illegal L1Queue (legal: 1 .. 8)")
  `ASSERT_ELAB(P_SbEntries_A, SbEntries >= 1 && SbEntries <= 256,
               "gpu_l1: illegal SbEntries (legal: 1 .. 256)")
  `ASSERT_ELAB(P_SbIdle_A, SbIdle >= 1 && SbIdle <= 65535,
               "gpu_l1: illegal SbIdle (legal: 1 .. 65535)")
  `ASSERT_ELAB(P_WtCntWidth_A, WtCntWidth >= 2 && WtCntWidth <= 10,
               "gpu_l1: illegal WtCntWidth (legal: 2 .. 10)")

  // ---------------------------------------------------------------------------------------------
  // Constants
  // ---------------------------------------------------------------------------------------------

  localparam int SB    = (L1Sets > 1) ? $clog2(L1Sets) : 0;            // set-index bits
  localparam int SW    = (SB > 0) ? SB : 1;                            // set-index width
  localparam int TW    = (LA > SB) ? LA - SB : 1;                      // tag width
  localparam int WW    = (L1Ways > 1) ? $clog2(L1Ways) : 1;            // way-index width
  localparam int Lines = L1Sets * L1Ways;
  localparam int LIW   = (Lines > 1) ? $clog2(Lines) : 1;              // line-index width
  localparam int LW    = LineBytes / 4;                                // words per line
  localparam int LWW   = (LW > 1) ? $clog2(LW) : 1;                    // word-index width
  localparam int QW    = $clog2(L1Queue + 32'd1);                      // fcnt width
  localparam int SHW   = (SbEntries > 1) ? $clog2(SbEntries) : 1;      // sbh width
  localparam int SCW   = $clog2(SbEntries + 32'd1);                    // sbcnt / fl width
  localparam int CW    = WtCntWidth;                                   // wtp width
  localparam int IW    = 16;                                           // idle width
  // FIFO entry: control fields {op, wf, line, gpu, acq, rel, aop, word, a, b}, data, mask.
  // Rsp: the rm bit follows gpu.
  localparam int EW    = 3 + 6 + LA + 4 + 2 + 5 + 32 + 32;
  localparam int BCW   = $clog2(NS + 1);                               // bcnt (page: AW)
  localparam int SMW   = (NS > 1) ? $clog2(NS) : 1;                    // an SM id (page: SW)

  localparam logic [CW-1:0]  WtMax     = {CW{1'b1}};                   // WMAX
  localparam logic [CW-1:0]  CntOne    = CW'(1);
  localparam logic [QW-1:0]  QueueLen  = QW'(L1Queue);
  localparam logic [SCW-1:0] SbFull    = SCW'(SbEntries);
  localparam logic [SCW-1:0] SbOne     = SCW'(1);
  localparam logic [IW-1:0]  IdleMax   = IW'(SbIdle);
  localparam bit [31:0]      SetsM1    = L1Sets - 32'd1;
  localparam logic [LA-1:0]  SetMask   = LA'(SetsM1);
  localparam logic [NW-1:0]  WfOne     = NW'(1);
  localparam bit             GpuH      = (Hrf == gpu_pkg::GpuH);
  localparam bit             RspOn     = (Rsp == 32'd1) && GpuH;
  localparam logic [NS-1:0]  SmAll     = {NS{1'b1}};                   // ALL
  localparam logic [NS-1:0]  SmOne     = NS'(1);
  localparam logic [BCW-1:0] BcntAll   = BCW'(NS);

  `ASSERT_ELAB(P_SetBits_A, LA > SB,
               "gpu_l1: illegal AddrWidth (legal: AddrWidth - log2 LineBytes >= log2 L1Sets + 1)")

  // Encodings: the family package rtl/gpu/gpu_pkg.sv (gpu_op_t, gpu_req_kind_t, gpu_rsp_kind_t,
  // gpu_crsp_kind_t) and the shared atomic codes of rtl/gpucoh_atom_pkg.sv (gpu_aop_t).
  localparam logic [2:0] OpNone     = 3'(gpu_pkg::GpuOpNone);
  localparam logic [2:0] OpLoad     = 3'(gpu_pkg::GpuOpLoad);
  localparam logic [2:0] OpStore    = 3'(gpu_pkg::GpuOpStore);
  localparam logic [2:0] OpAtomic   = 3'(gpu_pkg::GpuOpAtomic);
  localparam logic [2:0] OpFence    = 3'(gpu_pkg::GpuOpFence);
  localparam logic [2:0] ReqGets    = 3'(gpu_pkg::GpuReqGets);
  localparam logic [2:0] ReqWt      = 3'(gpu_pkg::GpuReqWt);
  localparam logic [2:0] ReqAtomic  = 3'(gpu_pkg::GpuReqAtomic);
  localparam logic [2:0] ReqTokReq  = 3'(gpu_pkg::GpuReqTokReq);
  localparam logic [2:0] ReqTokRel  = 3'(gpu_pkg::GpuReqTokRel);
  localparam logic [2:0] RspData    = 3'(gpu_pkg::GpuRspData);
  localparam logic [2:0] RspAck     = 3'(gpu_pkg::GpuRspAck);
  localparam logic [2:0] RspAtom    = 3'(gpu_pkg::GpuRspAtom);
  localparam logic [2:0] RspGnt     = 3'(gpu_pkg::GpuRspGnt);
  localparam logic [2:0] PeerLock   = 3'(gpu_pkg::GpuPeerLock);
  localparam logic [2:0] PeerFlush  = 3'(gpu_pkg::GpuPeerFlush);
  localparam logic [2:0] PeerInv    = 3'(gpu_pkg::GpuPeerInv);
  localparam logic [2:0] PeerUnlock = 3'(gpu_pkg::GpuPeerUnlock);
  localparam logic [2:0] PeerBack   = 3'(gpu_pkg::GpuPeerBack);
  localparam logic [1:0] CrspLoad   = 2'(gpu_pkg::GpuCrspLoad);
  localparam logic [1:0] CrspAtomic = 2'(gpu_pkg::GpuCrspAtomic);
  localparam logic [1:0] AopAdd     = 2'(gpucoh_atom_pkg::AopAdd);
  localparam logic [1:0] AopExch    = 2'(gpucoh_atom_pkg::AopExch);
  localparam logic [1:0] AopCas     = 2'(gpucoh_atom_pkg::AopCas);

  // ---------------------------------------------------------------------------------------------
  // State (spec section 3)
  // ---------------------------------------------------------------------------------------------

  // The unpacked arrays carry (* mem2reg *): they are flip-flops written per element, never a
  // RAM. They have no reset and no whole-array write; mlive_q / dlive_q say whether a line's
  // fields were written since reset (else they read 0). Every simulator and Yosys read this one
  // description (no `ifdef).
  (* mem2reg *) logic [TW-1:0]        tag_q   [Lines]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [NW-1:0]        wait_q  [Lines]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [LineBytes-1:0] dirty_q [Lines]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [DB-1:0]        data_q  [Lines]  /* verilator public_flat_rd */;
  logic [Lines-1:0]   val_q    /* verilator public_flat_rd */;
  logic [Lines-1:0]   pend_q   /* verilator public_flat_rd */;
  logic [Lines-1:0]   stale_q  /* verilator public_flat_rd */;
  logic [Lines-1:0]   acq_q    /* verilator public_flat_rd */;
  logic [Lines-1:0]   mlive_q  /* verilator public_flat_rd */;   // tag, wait, dirty written
  logic [Lines-1:0]   dlive_q  /* verilator public_flat_rd */;   // data written since reset
  logic [L1Sets*WW-1:0] rr_q   /* verilator public_flat_rd */;   // set s at [s*WW +: WW]

  // Store buffer: a ring of line addresses (entries without reset), head and count.
  (* mem2reg *) logic [LA-1:0] sb_q [SbEntries]  /* verilator public_flat_rd */;
  logic [SHW-1:0]     sbh_q    /* verilator public_flat_rd */;
  logic [SCW-1:0]     sbcnt_q  /* verilator public_flat_rd */;
  // Write-throughs, fences, idle counter.
  logic [CW-1:0]      wtp_q    /* verilator public_flat_rd */;
  logic               batch_q  /* verilator public_flat_rd */;
  logic [SCW-1:0]     fl_q     /* verilator public_flat_rd */;
  logic [NW-1:0]      fcur_q   /* verilator public_flat_rd */;
  logic [NW-1:0]      fwait_q  /* verilator public_flat_rd */;
  logic [NW-1:0]      fdone_q  /* verilator public_flat_rd */;
  logic [IW-1:0]      idle_q   /* verilator public_flat_rd */;
  // Rsp (rsp.md section 4.2).
  logic               rblk_q   /* verilator public_flat_rd */;   // RMW-blocked (K01 / K02)
  logic [3:0]         rst_q    /* verilator public_flat_rd */;   // issuer: the rm step
  logic               rsnt_q   /* verilator public_flat_rd */;   // issuer: step sent, waits
  logic [BCW-1:0]     bcnt_q   /* verilator public_flat_rd */;   // issuer: BACKs expected
  logic               cfv_q    /* verilator public_flat_rd */;   // receiver: a FLUSH runs
  logic [SCW-1:0]     cfl_q    /* verilator public_flat_rd */;   // receiver: pops still owed
  logic [SMW-1:0]     csrc_q   /* verilator public_flat_rd */;   // receiver: its BACK's SM

  // Core request FIFO: u_fifo (gpucoh_fifo); u_fifo.cnt_q is the spec's fcnt.
  logic [QW-1:0]        fcnt;       // entries (u_fifo.cnt_q)
  logic [QW-1:0]        fcnt_d;     // entries after this edge
  logic [DB-1:0]        h_data;     // the head's store data
  logic [LineBytes-1:0] h_mask;     // and byte mask

  // Output registers.
  logic                 core_ready_q   /* verilator public_flat_rd */;
  logic                 crsp_valid_q   /* verilator public_flat_rd */;
  logic [1:0]           crsp_kind_q    /* verilator public_flat_rd */;
  logic [NW-1:0]        crsp_wf_mask_q /* verilator public_flat_rd */;
  logic [LA-1:0]        crsp_line_q    /* verilator public_flat_rd */;
  logic [DB-1:0]        crsp_data_q    /* verilator public_flat_rd */;
  logic                 req_valid_q    /* verilator public_flat_rd */;
  logic [2:0]           req_kind_q     /* verilator public_flat_rd */;
  logic [5:0]           req_wf_q       /* verilator public_flat_rd */;
  logic                 req_acq_q      /* verilator public_flat_rd */;
  logic [LA-1:0]        req_line_q     /* verilator public_flat_rd */;
  logic [DB-1:0]        req_data_q     /* verilator public_flat_rd */;
  logic [LineBytes-1:0] req_mask_q     /* verilator public_flat_rd */;
  logic [1:0]           req_aop_q      /* verilator public_flat_rd */;
  logic [4:0]           req_word_q     /* verilator public_flat_rd */;
  logic [31:0]          req_a_q        /* verilator public_flat_rd */;
  logic [31:0]          req_b_q        /* verilator public_flat_rd */;
  logic                 drained_q      /* verilator public_flat_rd */;
  logic                 peer_valid_q   /* verilator public_flat_rd */;
  logic [2:0]           peer_kind_q    /* verilator public_flat_rd */;
  logic [NS-1:0]        peer_dst_q     /* verilator public_flat_rd */;

  // ---------------------------------------------------------------------------------------------
  // FIFO head and the event of this edge (L2 a, c)
  // ---------------------------------------------------------------------------------------------

  logic [2:0]           h_op;
  logic [5:0]           h_wf;
  logic [LA-1:0]        h_line;
  logic                 h_gpu, h_rmb, h_acq, h_rel;
  logic [1:0]           h_aop;
  logic [4:0]           h_word;
  logic [31:0]          h_a, h_b;
  logic [EW-1:0]        h_ctl;
  assign {h_op, h_wf, h_line, h_gpu, h_rmb, h_acq, h_rel, h_aop, h_word, h_a, h_b} = h_ctl;

  logic do_rsp;   // (a) a response is processed
  logic do_req;   // (c) the FIFO head is tried
  assign do_rsp = rsp_valid_i;
  assign do_req = !rsp_valid_i && (fcnt != '0);

  // The line of the event, its set and tag.
  logic [LA-1:0]  acc_line;
  logic [SW-1:0]  acc_set;
  logic [TW-1:0]  acc_tag;
  logic [LIW-1:0] base;     // index of way 0 of the set
  assign acc_line = rsp_valid_i ? rsp_line_i : h_line;
  assign acc_set  = SW'(acc_line & SetMask);
  assign acc_tag  = TW'(acc_line >> SB);
  assign base     = LIW'(32'(acc_set) * L1Ways);

  // ---------------------------------------------------------------------------------------------
  // Set lookup of the event (L1, L7): the ways of the accessed set only
  // ---------------------------------------------------------------------------------------------

  logic [L1Ways-1:0] w_alloc;   // allocated: val | pend | dirty != 0
  logic [L1Ways-1:0] w_clean;   // val && !pend && dirty == 0 (L7 rule 2)
  logic [L1Ways-1:0] w_nopend;  // allocated and !pend (L7 rule 3, once rules 1 and 2 failed)
  logic [L1Ways-1:0] w_dnz;     // dirty != 0
  logic              hit;       // some way matches
  logic              multi;     // more than one way matches (L1 violation)
  logic [WW-1:0]     mway;      // the (first) matching way
  logic [LIW-1:0]    w_idx;     // line index of way w (loop temporary)

  always_comb begin
    w_alloc  = '0;
    w_clean  = '0;
    w_nopend = '0;
    w_dnz    = '0;
    hit      = 1'b0;
    multi    = 1'b0;
    mway     = '0;
    w_idx    = '0;
    for (int w = 0; w < L1Ways; w++) begin
      w_idx       = base + LIW'(w);
      w_dnz[w]    = mlive_q[w_idx] && (dirty_q[w_idx] != '0);
      w_alloc[w]  = val_q[w_idx] || pend_q[w_idx] || w_dnz[w];
      w_clean[w]  = val_q[w_idx] && !pend_q[w_idx] && !w_dnz[w];
      w_nopend[w] = w_alloc[w] && !pend_q[w_idx];
      // the stored tag: a line not written since reset is not allocated (no match)
      if (w_alloc[w] && mlive_q[w_idx] && tag_q[w_idx] == acc_tag) begin
        multi = multi | hit;
        if (!hit) begin
          mway = WW'(w);
        end
        hit = 1'b1;
      end
    end
  end

  // The matching line's control bits.
  logic [LIW-1:0] m_idx;
  logic           m_val, m_pend, m_stale, m_acq, m_dnz;
  assign m_idx   = base + LIW'(mway);
  assign m_val   = hit && val_q[m_idx];
  assign m_pend  = hit && pend_q[m_idx];
  assign m_stale = hit && stale_q[m_idx];
  assign m_acq   = hit && acq_q[m_idx];
  assign m_dnz   = hit && w_dnz[mway];

  // L7 victim: rule 1 the first unallocated way (gpucoh_ffs); rules 2 and 3 circular scans
  // from rr_q[s] (gpucoh_rr_ffs).
  logic          a1_found, a2_found, a3_found;
  logic [WW-1:0] a1_way, a2_way, a3_way;
  logic [WW-1:0] rr;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [L1Ways-1:0] a1_onehot;
  /* verilator lint_on UNUSEDSIGNAL */
  assign rr = rr_q[32'(acc_set)*WW +: WW];

  gpucoh_ffs #(.Width(L1Ways)) u_free (
    .vec_i   (~w_alloc),
    .valid_o (a1_found),
    .onehot_o(a1_onehot),
    .idx_o   (a1_way)
  );

  gpucoh_rr_ffs #(.Width(L1Ways)) u_clean (   // rule 2: the first clean valid !pend way
    .vec_i  (w_clean),
    .start_i(rr),
    .valid_o(a2_found),
    .idx_o  (a2_way)
  );

  gpucoh_rr_ffs #(.Width(L1Ways)) u_nopend (  // rule 3: the first !pend way
    .vec_i  (w_nopend),
    .start_i(rr),
    .valid_o(a3_found),
    .idx_o  (a3_way)
  );

  logic          alloc_ok;    // rule 1 or 2 allocates
  logic [WW-1:0] vway;        // the victim way (rule 1, 2 or 3)
  logic [LIW-1:0] v_idx;
  assign alloc_ok = a1_found || a2_found;
  assign vway     = a1_found ? a1_way : a2_found ? a2_way : a3_way;
  assign v_idx    = base + LIW'(vway);

  // ---------------------------------------------------------------------------------------------
  // Store-buffer engine (section 7): the head entry and its line
  // ---------------------------------------------------------------------------------------------

  logic [LA-1:0]  p_line;     // line of slot sbh
  logic [SW-1:0]  p_set;
  logic [TW-1:0]  p_tag;
  logic [LIW-1:0] p_base;
  logic           p_hit, p_multi;
  logic [WW-1:0]  p_way;
  logic [LIW-1:0] p_idx;
  logic [LIW-1:0] pw_idx;     // loop temporary
  logic           pw_alloc;   // loop temporary
  assign p_line = sb_q[sbh_q];
  assign p_set  = SW'(p_line & SetMask);
  assign p_tag  = TW'(p_line >> SB);
  assign p_base = LIW'(32'(p_set) * L1Ways);

  always_comb begin
    p_hit    = 1'b0;
    p_multi  = 1'b0;
    p_way    = '0;
    pw_idx   = '0;
    pw_alloc = 1'b0;
    if (sbcnt_q != '0) begin
      for (int w = 0; w < L1Ways; w++) begin
        pw_idx   = p_base + LIW'(w);
        pw_alloc = val_q[pw_idx] || pend_q[pw_idx] ||
                   (mlive_q[pw_idx] && dirty_q[pw_idx] != '0);
        if (pw_alloc && mlive_q[pw_idx] && tag_q[pw_idx] == p_tag) begin
          p_multi = p_multi | p_hit;
          if (!p_hit) begin
            p_way = WW'(w);
          end
          p_hit = 1'b1;
        end
      end
    end
  end
  assign p_idx = p_base + LIW'(p_way);

  logic                 p_dnz, p_pend;
  logic [LineBytes-1:0] p_dirty;   // the popped line's dirty mask (0 when absent)
  logic [DB-1:0]        p_data;    // and its data
  assign p_dirty = (p_hit && mlive_q[p_idx]) ? dirty_q[p_idx] : '0;
  assign p_data  = dlive_q[p_idx] ? data_q[p_idx] : '0;
  assign p_dnz   = (p_dirty != '0);
  assign p_pend  = p_hit && pend_q[p_idx];

  // Pop kinds from the registered state (B01-B04); the full pop (B05/B06) needs the head's S03.
  logic p_odd;       // the pop sends WT(p) (odd rows)
  logic p_block;     // an odd pop that may not happen (L5, F37)
  logic batch_pc;    // batch pop candidate
  logic idle_pc;     // idle pop candidate
  logic full_pc;     // full pop candidate
  logic cmd_pc;      // command pop candidate (B09 / B10, Rsp: L18)
  logic pop_bi;      // a batch or idle pop happens (the head sees it: L8)
  logic pop;         // a pop happens
  logic pop_wt;      // ... and sends a WT
  logic wt_full;     // wtp == WMAX
  assign wt_full  = (wtp_q == WtMax);
  assign p_odd    = p_dnz;
  assign p_block  = p_odd && (wt_full || p_pend);
  assign batch_pc = batch_q && (fl_q != '0);
  assign cmd_pc   = cfv_q && (cfl_q != '0) && !batch_pc;
  assign idle_pc  = !batch_q && !cfv_q && (sbcnt_q != '0) && (idle_q == IdleMax);
  assign pop_bi   = (batch_pc || cmd_pc || idle_pc) && !p_block;   // G13

  // ---------------------------------------------------------------------------------------------
  // Decode of the head (section 6, L11)
  // ---------------------------------------------------------------------------------------------

  logic           is_ld, is_st, is_at, is_fe, op_ok;
  logic           gpu_s;       // L4
  logic           rm_s;        // L4 (amended): scope rm (Rsp)
  logic           rm_op;       // an rm LOAD acq, STORE rel or ATOMIC: rows C24-C30
  logic           ldx, stx, atx;   // LOAD, STORE, ATOMIC that run C01-C18 (not rm)
  logic           ld_acq;      // acquire load of GPU scope
  logic           st_rel;      // release store of GPU scope
  logic [NW-1:0]  h_wfbit;     // 1 << wf (0 for wf >= NumWf)
  assign is_ld   = (h_op == OpLoad);
  assign is_st   = (h_op == OpStore);
  assign is_at   = (h_op == OpAtomic);
  assign is_fe   = (h_op == OpFence);
  assign op_ok   = is_ld || is_st || is_at || is_fe;
  assign rm_s    = RspOn && h_rmb && ((is_ld && h_acq) || (is_st && h_rel) || is_at || is_fe);
  assign rm_op   = rm_s && !is_fe;
  assign ldx     = is_ld && !rm_op;
  assign stx     = is_st && !rm_op;
  assign atx     = is_at && !rm_op;
  assign gpu_s   = !GpuH || h_gpu || rm_s;
  assign ld_acq  = ldx && h_acq && gpu_s;
  assign st_rel  = stx && h_rel && gpu_s;
  assign h_wfbit = WfOne << h_wf;

  // Rows (the first that applies; hit = m).
  logic c01, c02, c03, c04, c05, c06, c07, c08, c09, c10, c11, c12, c13;
  logic c14, c15, c16, c17, c18, c20, c21, c22;   // C19 retired (D9)
  assign c03 = ldx && hit && m_pend && m_stale && (ld_acq || !m_val);
  assign c01 = ldx && !ld_acq && hit && m_val;
  assign c02 = ldx && !ld_acq && hit && !m_val && m_pend && !m_stale;
  assign c04 = ldx && !ld_acq && hit && !m_val && !m_pend;
  assign c05 = ldx && !ld_acq && !hit;
  assign c07 = ld_acq && hit && m_pend && !m_stale;
  assign c06 = ld_acq && hit && m_val && !m_pend;
  assign c08 = ld_acq && hit && !m_val && !m_pend;
  assign c09 = ld_acq && !hit;
  assign c10 = stx && !st_rel && hit && m_dnz;
  assign c11 = stx && !st_rel && hit && !m_dnz;
  assign c12 = stx && !st_rel && !hit;
  assign c13 = st_rel;
  assign c14 = atx && gpu_s && hit && m_dnz;
  assign c15 = atx && gpu_s && !(hit && m_dnz);
  assign c16 = atx && !gpu_s && hit && m_val;
  assign c17 = atx && !gpu_s && hit && !m_val && m_dnz;
  assign c18 = atx && !gpu_s && !(hit && (m_val || m_dnz));
  assign c20 = is_fe && !gpu_s;
  assign c21 = is_fe && gpu_s && !batch_q;
  assign c22 = is_fe && gpu_s && batch_q;

  // Rsp rows of the head (rsp.md section 4.4): the step rst_q names, by the head's op.
  logic          rk_acq, rk_rel, rk_atm;   // the rm op's list
  logic          st_a3, st_a5, st_a12, st_a22, st_u;
  logic [2:0]    st_bk;                    // the step's broadcast kind (0: not a broadcast)
  logic          c24, c25, c26, c27, c28, c29, c30, s07, s08;
  logic          c25_get, c25_mrg, c25_s01;
  assign rk_acq = rm_op && is_ld;
  assign rk_rel = rm_op && is_st;
  assign rk_atm = rm_op && is_at;
  assign st_a3  = rk_acq && (rst_q == 4'd2);
  assign st_a5  = rk_acq && (rst_q == 4'd4);
  assign st_a12 = rk_rel && (rst_q == 4'd5);
  assign st_a22 = rk_atm && (rst_q == 4'd5);
  assign st_u   = (rk_acq && rst_q == 4'd5) || (rk_rel && rst_q == 4'd8) ||
                  (rk_atm && rst_q == 4'd9);
  always_comb begin
    st_bk = '0;
    if (rk_acq) begin
      if (rst_q == 4'd3) st_bk = PeerFlush;                       // a4
    end else if (rk_rel) begin
      case (rst_q)
        4'd2:    st_bk = PeerLock;                                // a9
        4'd3:    st_bk = PeerFlush;                               // a10
        4'd4:    st_bk = PeerInv;                                 // a11
        4'd6:    st_bk = PeerInv;                                 // a13
        4'd7:    st_bk = PeerUnlock;                              // a14
        default: st_bk = '0;
      endcase
    end else if (rk_atm) begin
      case (rst_q)
        4'd2:    st_bk = PeerLock;                                // a19
        4'd3:    st_bk = PeerFlush;                               // a20
        4'd4:    st_bk = PeerInv;                                 // a21
        4'd6:    st_bk = PeerFlush;                               // a23
        4'd7:    st_bk = PeerInv;                                 // a24
        4'd8:    st_bk = PeerUnlock;                              // a25
        default: st_bk = '0;
      endcase
    end
  end
  assign s08     = rm_op && rsnt_q;
  assign c24     = rm_op && !rsnt_q && (rst_q == 4'd0);
  assign c25     = st_a3 && !rsnt_q;
  assign c25_s01 = c25 && hit && m_pend && m_stale;               // as C03
  assign c25_mrg = c25 && hit && m_pend && !m_stale;              // merge, acq unchanged
  assign c25_get = c25 && !(hit && m_pend);                       // GETS (allocating if !m)
  assign c26     = rm_op && !rsnt_q && (st_bk != '0);
  assign c27     = st_a5;
  assign c28     = st_a12 && !rsnt_q;
  assign c29     = st_a22 && !rsnt_q;
  assign c30     = st_u && !rsnt_q;
  assign s07     = c16 && rblk_q;                                 // L17

  // Event line (the matching way, or the victim of an allocation / V01) and its wide fields.
  logic                 need_alloc;  // C05, C09, C12
  logic                 v01;         // L7 rule 3: the victim is written through
  logic                 l13_drop;    // L13 (D12): C15 / C18 drop their matching line
  logic [LIW-1:0]       e_idx;
  logic                 e_live;
  logic [TW-1:0]        e_tag;
  logic [NW-1:0]        e_wait;
  logic [LineBytes-1:0] e_dirty;
  logic [DB-1:0]        e_data;
  assign need_alloc = c05 || c09 || c12 || (c25_get && !hit);
  assign l13_drop   = (c15 || c18) && hit;
  assign v01        = need_alloc && !alloc_ok && a3_found;
  assign e_idx      = (do_req && need_alloc) ? v_idx : m_idx;
  assign e_live     = mlive_q[e_idx];
  assign e_tag      = e_live ? tag_q[e_idx] : '0;
  assign e_wait     = e_live ? wait_q[e_idx] : '0;
  assign e_dirty    = e_live ? dirty_q[e_idx] : '0;
  assign e_data     = dlive_q[e_idx] ? data_q[e_idx] : '0;

  // C16: the atomic on the matching line (P1, gpucoh_amo; word mod LW).
  logic [LWW-1:0]       at_widx;
  logic [31:0]          at_old;
  logic [DB-1:0]        at_line;
  logic                 at_writes;   // P1: the atomic writes
  logic [LineBytes-1:0] at_bytes;    // the word's 4 bytes
  assign at_widx = LWW'(32'(h_word) % LW);
  gpucoh_amo #(.Words(LW)) u_amo (
    .line_i(e_data),
    .word_i(at_widx),
    .aop_i (h_aop),
    .a_i   (h_a),
    .b_i   (h_b),
    .old_o (at_old),
    .line_o(at_line)
  );
  assign at_writes = (h_aop == AopAdd) || (h_aop == AopExch) ||
                     ((h_aop == AopCas) && (at_old == h_a));
  assign at_bytes  = LineBytes'(4'hf) << (32'd4 * 32'(at_widx));

  // L11: the head's stalls in order.
  logic own_stall;   // (2) S01 (C03)
  logic s03;         // (3) store buffer full
  logic s02;         // (4) no victim
  logic wt_row;      // C13, C14, C17 or V01
  logic s05;         // (5) WT rules
  logic sends_req;   // the head would send a request
  logic s04;         // (6) port
  logic h_stall;
  logic need_sb;
  assign own_stall = c03 || c25_s01 || s07 || s08;
  assign need_sb   = c11 || c12 || (c16 && at_writes && !m_dnz);
  assign s03       = !own_stall && need_sb && (sbcnt_q == SbFull);
  assign s02       = !own_stall && !s03 && need_alloc && !alloc_ok && !a3_found;
  assign wt_row    = c13 || c14 || c17 || c28 || v01;
  assign s05       = !own_stall && !s03 && !s02 && wt_row &&
                     (batch_q || cfv_q || wt_full || ((c13 || c14 || c17 || c28) && m_pend));
  assign sends_req = c04 || c05 || c06 || c08 || c09 || wt_row || c15 || c18 ||
                     c24 || c25_get || c29 || c30;
  // L8's line rule: not for the rm rows that write no line (C24, C26, C27, C30; L14)
  assign s04       = !own_stall && !s03 && !s02 && !s05 && pop_bi &&
                     (sends_req || (op_ok && !is_fe && (!rm_op || c25 || c28 || c29) &&
                                    h_line == p_line));
  assign h_stall   = own_stall || s03 || s02 || s05 || s04;

  logic h_act;       // the head's row (or V01) is performed at this edge
  logic h_pop;       // ... and the head leaves the FIFO
  logic h_alloc;     // ... and allocates a way (L7 rules 1, 2)
  assign h_act   = do_req && !h_stall;
  assign h_pop   = h_act && !(c14 || c17 || v01) && (!rm_op || c30);
  assign h_alloc = h_act && need_alloc && alloc_ok;

  // The full pop (B05/B06): the head stalled with S03.
  assign full_pc = !batch_q && !cfv_q && (sbcnt_q == SbFull) && (idle_q != IdleMax) && do_req &&
                   s03;
  assign pop     = (batch_pc || cmd_pc || idle_pc || full_pc) && !p_block;
  assign pop_wt  = pop && p_odd;

  // ---------------------------------------------------------------------------------------------
  // Decode of the response (section 5, L9)
  // ---------------------------------------------------------------------------------------------

  logic r_data, r_ack, r_atom, r_gnt;
  logic ok_data, ok_ack;
  logic r_inv;       // R03, R02 with acq, R06
  logic ack;         // R04
  assign r_data  = do_rsp && (rsp_kind_i == RspData);
  assign r_ack   = do_rsp && (rsp_kind_i == RspAck);
  assign r_atom  = do_rsp && (rsp_kind_i == RspAtom);
  assign r_gnt   = do_rsp && RspOn && (rsp_kind_i == RspGnt);   // I3: GNT with Rsp = 0
  assign ok_data = r_data && hit && m_pend;
  assign ok_ack  = r_ack && (wtp_q != '0);
  assign ack     = ok_ack;
  assign r_inv   = (ok_data && m_acq) || (r_atom && rsp_acq_i);

  // ---------------------------------------------------------------------------------------------
  // Rsp: the peer input (K01-K04, K06; L2 a0, registered state only) and step completion (L16)
  // ---------------------------------------------------------------------------------------------

  logic           pv;                   // a peer message is taken (I12: none with Rsp = 0)
  logic           k01, k02, k03, k04, k06;
  logic           k_back;               // K01-K03 answer at once
  logic           bc_step;              // the head's step is a broadcast
  logic           r07;                  // GNT for the T step
  logic           done_a3, done_bc, done_a12, done_a22;
  assign pv      = RspOn && pin_valid_i;
  assign bc_step = (st_bk != '0);
  assign k01     = pv && (pin_kind_i == PeerLock) && !rblk_q;
  assign k02     = pv && (pin_kind_i == PeerUnlock) && rblk_q;
  assign k03     = pv && (pin_kind_i == PeerInv);
  assign k04     = pv && (pin_kind_i == PeerFlush) && !cfv_q;
  assign k06     = pv && (pin_kind_i == PeerBack) && rsnt_q && (bcnt_q != '0) && bc_step;
  assign k_back  = k01 || k02 || k03;
  assign r07     = r_gnt && (rst_q == 4'd1) && rsnt_q;
  assign done_a3  = st_a3 && rsnt_q && ok_data && (rsp_line_i == h_line);    // G10
  assign done_bc  = k06 && (bcnt_q == BCW'(1));
  assign done_a22 = st_a22 && rsnt_q && r_atom && (rsp_wf_i == h_wf);         // G10

  // ---------------------------------------------------------------------------------------------
  // The rows: next values of the event line, the fences and the output registers
  // ---------------------------------------------------------------------------------------------

  // Data sources of the event line and of the outputs (the wide values are built in the
  // register blocks).
  localparam logic [1:0] DNone = 2'd0;   // line data: no write
  localparam logic [1:0] DRsp  = 2'd1;   // merged: rsp data under the dirty bytes
  localparam logic [1:0] DSt   = 2'd2;   // the head store's bytes into the line
  localparam logic [1:0] DAmo  = 2'd3;   // the atomic's result line
  localparam logic [1:0] CNone = 2'd0;   // crsp data: 0
  localparam logic [1:0] CMrg  = 2'd1;   // merged
  localparam logic [1:0] CLine = 2'd2;   // the event line's data
  localparam logic [1:0] CRsp  = 2'd3;   // rsp data
  localparam logic [1:0] QNone = 2'd0;   // req data / mask: 0
  localparam logic [1:0] QPop  = 2'd1;   // the popped line's dirty bytes
  localparam logic [1:0] QLine = 2'd2;   // the event line's dirty bytes
  localparam logic [1:0] QCore = 2'd3;   // the head's data and mask

  logic                 ev_we;         // write the event line's meta fields
  logic [1:0]           dsel;
  logic                 n_val, n_pend, n_stale, n_acq;
  logic [TW-1:0]        n_tag;
  logic [NW-1:0]        n_wait;
  logic [LineBytes-1:0] n_dirty;
  logic                 push_sb;       // C11, C12, C16: push the head's line

  logic                 crsp_valid_d;
  logic [1:0]           crsp_kind_d;
  logic [NW-1:0]        crsp_wf_mask_d;
  logic [LA-1:0]        crsp_line_d;
  logic [1:0]           csel;
  logic                 req_valid_d;
  logic [2:0]           req_kind_d;
  logic [5:0]           req_wf_d;
  logic                 req_acq_d;
  logic [LA-1:0]        req_line_d;
  logic [1:0]           qsel;
  logic [1:0]           req_aop_d;
  logic [4:0]           req_word_d;
  logic [31:0]          req_a_d, req_b_d;
  logic                 wt_sent;
  logic                 store_row;     // L10: a performed store row or a writing C16

  always_comb begin
    ev_we          = 1'b0;
    dsel           = DNone;
    n_val          = m_val;
    n_pend         = m_pend;
    n_stale        = m_stale;
    n_acq          = m_acq;
    n_tag          = acc_tag;
    n_wait         = e_wait;
    n_dirty        = e_dirty;
    push_sb        = 1'b0;
    crsp_valid_d   = 1'b0;
    crsp_kind_d    = '0;
    crsp_wf_mask_d = '0;
    crsp_line_d    = '0;
    csel           = CNone;
    req_valid_d    = 1'b0;
    req_kind_d     = '0;
    req_wf_d       = '0;
    req_acq_d      = 1'b0;
    req_line_d     = '0;
    qsel           = QNone;
    req_aop_d      = '0;
    req_word_d     = '0;
    req_a_d        = '0;
    req_b_d        = '0;
    store_row      = 1'b0;

    if (do_rsp) begin
      if (ok_data) begin
        // R01 / R02 / R03: data := merged; pend, stale, acq, wait := 0; val := 1 unless stale.
        ev_we   = 1'b1;
        dsel    = DRsp;
        n_val   = m_stale ? m_val : 1'b1;
        n_pend  = 1'b0;
        n_stale = 1'b0;
        n_acq   = 1'b0;
        n_wait  = '0;
        if (e_wait != '0) begin
          crsp_valid_d   = 1'b1;
          crsp_kind_d    = CrspLoad;
          crsp_wf_mask_d = e_wait;
          crsp_line_d    = rsp_line_i;
          csel           = CMrg;
        end
      end else if (r_atom) begin
        // R05 / R06: the line before the atomic to the core; a matching line is dropped.
        crsp_valid_d   = 1'b1;
        crsp_kind_d    = CrspAtomic;
        crsp_wf_mask_d = WfOne << rsp_wf_i;
        crsp_line_d    = rsp_line_i;
        csel           = CRsp;
        if (hit) begin
          ev_we   = 1'b1;
          n_val   = 1'b0;
          n_stale = m_stale || m_pend;
        end
      end
    end else if (h_act) begin
      if (need_alloc && alloc_ok) begin
        // L7 rules 1 and 2: the way gets the tag, every field 0, data unchanged.
        n_val   = 1'b0;
        n_pend  = 1'b0;
        n_stale = 1'b0;
        n_acq   = 1'b0;
        n_wait  = '0;
        n_dirty = '0;
      end
      if (v01) begin
        // V01: WT(victim, its dirty bytes); the victim is free (val, dirty := 0); head stays.
        ev_we       = 1'b1;
        n_tag       = e_tag;
        n_val       = 1'b0;
        n_pend      = pend_q[e_idx];
        n_stale     = stale_q[e_idx];
        n_acq       = acq_q[e_idx];
        n_dirty     = '0;
        req_valid_d = 1'b1;
        req_kind_d  = ReqWt;
        req_line_d  = (LA'(e_tag) << SB) | LA'(acc_set);
        qsel        = QLine;
      end else if (c24 || c30) begin
        // C24 / C30: TOKREQ / TOKREL, line 0 and every payload 0 (rsp.md section 3, M1).
        req_valid_d = 1'b1;
        req_kind_d  = c24 ? ReqTokReq : ReqTokRel;
      end else if (c25_mrg) begin
        // C25, m, pend, !stale: merge into the outstanding GETS; acq as it is.
        ev_we  = 1'b1;
        n_wait = e_wait | h_wfbit;
      end else if (c25_get) begin
        // C25: GETS, never a hit; acq := 0 (the invalidation is a5); wait := 1 << wf (G11).
        ev_we       = 1'b1;
        n_pend      = 1'b1;
        n_stale     = 1'b0;
        n_wait      = h_wfbit;
        n_acq       = 1'b0;
        req_valid_d = 1'b1;
        req_kind_d  = ReqGets;
        req_line_d  = h_line;
      end else if (c28) begin
        // C28 (a12): WT(core data, core mask) as C13; a matching line takes the bytes.
        ev_we       = hit;
        dsel        = hit ? DSt : DNone;
        req_valid_d = 1'b1;
        req_kind_d  = ReqWt;
        req_line_d  = h_line;
        qsel        = QCore;
        store_row   = 1'b1;
      end else if (c29) begin
        // C29 (a22): ATOMIC(line, wf, acq 0, aop, word, a, b) as C15; L13 on a matching line.
        req_valid_d = 1'b1;
        req_kind_d  = ReqAtomic;
        req_wf_d    = h_wf;
        req_line_d  = h_line;
        req_aop_d   = h_aop;
        req_word_d  = h_word;
        req_a_d     = h_a;
        req_b_d     = h_b;
        if (hit) begin
          ev_we   = 1'b1;
          n_val   = 1'b0;
          n_stale = m_stale || m_pend;
        end
      end else if (c01) begin
        // C01: hit.
        crsp_valid_d   = 1'b1;
        crsp_kind_d    = CrspLoad;
        crsp_wf_mask_d = h_wfbit;
        crsp_line_d    = h_line;
        csel           = CLine;
      end else if (c02 || c07) begin
        // C02 / C07: merge into the outstanding GETS (C07: the acquire marks it).
        ev_we  = 1'b1;
        n_wait = e_wait | h_wfbit;
        n_acq  = c07 ? 1'b1 : m_acq;
      end else if (c04 || c05 || c06 || c08 || c09) begin
        // GETS: pend := 1, stale := 0; wait := 1 << wf; acq by row.
        ev_we       = 1'b1;
        n_pend      = 1'b1;
        n_stale     = 1'b0;
        n_wait      = h_wfbit;
        n_acq       = c06 || c08 || c09;
        req_valid_d = 1'b1;
        req_kind_d  = ReqGets;
        req_line_d  = h_line;
      end else if (c10 || c11 || c12) begin
        // C10 / C11 / C12: masked bytes into the line; C11 / C12 push the line.
        ev_we     = 1'b1;
        dsel      = DSt;
        n_dirty   = c10 ? (e_dirty | h_mask) : h_mask;
        push_sb   = c11 || c12;
        store_row = 1'b1;
      end else if (c13) begin
        // C13: WT(core data, core mask); a matching line takes the bytes, dirty unchanged.
        ev_we       = hit;
        dsel        = hit ? DSt : DNone;
        req_valid_d = 1'b1;
        req_kind_d  = ReqWt;
        req_line_d  = h_line;
        qsel        = QCore;
        store_row   = 1'b1;
      end else if (c14 || c17) begin
        // C14 / C17: WT(line, its dirty bytes); dirty := 0 (val unchanged); the atomic stays.
        ev_we       = 1'b1;
        n_dirty     = '0;
        req_valid_d = 1'b1;
        req_kind_d  = ReqWt;
        req_line_d  = h_line;
        qsel        = QLine;
      end else if (c15 || c18) begin
        // C15 / C18: the atomic to the L2 (C18, a CTA atomic on a line that is not valid: D9,
        // without acquire, no allocation).
        req_valid_d = 1'b1;
        req_kind_d  = ReqAtomic;
        req_wf_d    = h_wf;
        req_acq_d   = c15 && h_acq;
        req_line_d  = h_line;
        req_aop_d   = h_aop;
        req_word_d  = h_word;
        req_a_d     = h_a;
        req_b_d     = h_b;
        // L13: a matching line is dropped now (as R05 at the answer); its outstanding GETS
        // read the L2 before this atomic: stale.
        if (l13_drop) begin
          ev_we   = 1'b1;
          n_val   = 1'b0;
          n_stale = m_stale || m_pend;
        end
      end else if (c16) begin
        // C16: the CTA atomic in the L1 (P1); a write makes the word's bytes dirty.
        crsp_valid_d   = 1'b1;
        crsp_kind_d    = CrspAtomic;
        crsp_wf_mask_d = h_wfbit;
        crsp_line_d    = h_line;
        csel           = CLine;
        if (at_writes) begin
          ev_we     = 1'b1;
          dsel      = DAmo;
          n_dirty   = e_dirty | at_bytes;
          push_sb   = !m_dnz;
          store_row = 1'b1;
        end
      end
    end

    // The engine's WT takes the request port (L3); the head then sends none (L8).
    if (pop_wt) begin
      req_valid_d = 1'b1;
      req_kind_d  = ReqWt;
      req_wf_d    = '0;
      req_acq_d   = 1'b0;
      req_line_d  = p_line;
      qsel        = QPop;
      req_aop_d   = '0;
      req_word_d  = '0;
      req_a_d     = '0;
      req_b_d     = '0;
    end
    wt_sent = req_valid_d && (req_kind_d == ReqWt);
  end

  // ---------------------------------------------------------------------------------------------
  // Fences, store buffer, write-throughs, idle (sections 6 and 7, L2 d-g)
  // ---------------------------------------------------------------------------------------------

  logic [SCW-1:0] sbcnt_d;
  logic [SHW-1:0] sbh_d;
  logic [SHW-1:0] sb_tail;       // (sbh + sbcnt) mod SbEntries
  logic [31:0]    sb_tail_sum;
  logic           push_go;       // a performed push
  assign push_go     = h_act && push_sb;
  assign sbcnt_d     = sbcnt_q + (push_go ? SbOne : '0) - (pop ? SbOne : '0);
  assign sbh_d       = !pop ? sbh_q : (32'(sbh_q) == SbEntries - 32'd1) ? '0 : sbh_q + SHW'(1);
  assign sb_tail_sum = 32'(sbh_q) + 32'(sbcnt_q);
  assign sb_tail     = SHW'((sb_tail_sum >= SbEntries) ? sb_tail_sum - SbEntries : sb_tail_sum);

  logic [CW-1:0]  wtp_d;
  assign wtp_d = wtp_q + (wt_sent ? CntOne : '0) - (ack ? CntOne : '0);

  // Fences: C20-C22 of the head, then the batch check (B07/B08).
  logic           bdone;         // the batch completes
  logic [NW-1:0]  fwait_h;       // fwait after the head
  logic [NW-1:0]  fdone_h;       // fdone after the head
  logic           inv;           // L6 at this edge
  logic           batch_d;
  logic [SCW-1:0] fl_d;
  logic [NW-1:0]  fcur_d, fwait_d, fdone_d;
  assign bdone   = batch_q && (fl_q == '0) && (wtp_q == '0);
  assign fwait_h = (h_act && c22) ? (fwait_q | h_wfbit) : fwait_q;
  // L12: a FENCE pushed in this edge clears its wavefront's bit (an earlier fence's 1 must not
  // complete it); the push and a completion of one wavefront never meet in one edge
  logic [NW-1:0]  push_fbit;
  assign push_fbit = (core_valid_i && core_ready_q && core_op_i == OpFence) ? (WfOne << core_wf_i)
                                                                            : '0;
  assign fdone_h = ((h_act && c20) ? (fdone_q | h_wfbit) :
                    (h_act && (c21 || c22)) ? (fdone_q & ~h_wfbit) : fdone_q) & ~push_fbit;
  assign inv     = r_inv || bdone || k03 || (h_act && c27);   // L2 (e): once
  always_comb begin
    batch_d = batch_q;
    fl_d    = fl_q;
    fcur_d  = fcur_q;
    fwait_d = fwait_h;
    fdone_d = fdone_h;
    if (pop && batch_pc) begin
      fl_d = fl_q - SbOne;                  // B01 / B02
    end
    if (h_act && c21) begin
      batch_d = 1'b1;                       // C21: a batch starts
      fcur_d  = h_wfbit;
      fl_d    = sbcnt_d;
    end
    if (bdone) begin
      fdone_d = fdone_h | fcur_q;
      if (fwait_h != '0) begin
        fcur_d  = fwait_h;                  // B08: the next batch starts at once
        fwait_d = '0;
        fl_d    = sbcnt_d;
      end else begin
        batch_d = 1'b0;                     // B07
        fcur_d  = '0;
      end
    end
  end

  // Rsp next state (K01-K06, L16, L18).
  logic           k05;                  // K05 (L2 d): the command flush is acknowledged
  logic           k05_due;
  logic           c26_go;               // a broadcast is sent
  logic           rblk_d, rsnt_d, cfv_d;
  logic [3:0]     rst_d;
  logic [BCW-1:0] bcnt_d;
  logic [SCW-1:0] cfl_d;
  logic [SMW-1:0] csrc_d;
  logic           peer_valid_d;
  logic [2:0]     peer_kind_d;
  logic [NS-1:0]  peer_dst_d;
  assign c26_go  = h_act && c26;
  assign done_a12 = st_a12 && rsnt_q && (wtp_d == '0);                      // L16
  assign k05_due = cfv_q && (cfl_q == '0) && (wtp_q == '0);
  assign k05     = k05_due && !c26_go && !k_back;                    // G9
  always_comb begin
    rblk_d = rblk_q;
    rst_d  = rst_q;
    rsnt_d = rsnt_q;
    bcnt_d = bcnt_q;
    cfv_d  = cfv_q;
    cfl_d  = cfl_q;
    csrc_d = csrc_q;
    peer_valid_d = 1'b0;
    peer_kind_d  = '0;
    peer_dst_d   = '0;
    // (a0) the peer input
    if (k01) begin
      rblk_d = 1'b1;
    end
    if (k02) begin
      rblk_d = 1'b0;
    end
    if (k04) begin
      cfv_d  = 1'b1;
      cfl_d  = sbcnt_d;
      csrc_d = SMW'(pin_src_i);
    end else if (cfv_q && pop && (cfl_q != '0)) begin
      cfl_d  = cfl_q - SbOne;               // B09 / B10 (or a batch pop serving both)
    end
    if (k06) begin
      bcnt_d = bcnt_q - BCW'(1);
    end
    // the head (C24-C30)
    if (h_act && !v01) begin
      if (c24) begin
        rst_d  = 4'd1;
        rsnt_d = 1'b1;
      end
      if (c25 || c26 || c28 || c29) begin
        rsnt_d = 1'b1;
      end
      if (c26) begin
        bcnt_d = BcntAll;
      end
      if (c27) begin
        rst_d = rst_q + 4'd1;
      end
      if (c30) begin
        rst_d = 4'd0;
      end
    end
    // (d) K05
    if (k05) begin
      cfv_d = 1'b0;
    end
    // (d') step completion (L16)
    if (r07 || done_a3 || done_bc || done_a12 || done_a22) begin
      rst_d  = rst_q + 4'd1;
      rsnt_d = 1'b0;
    end
    // the edge's one peer message (L19)
    if (c26_go) begin
      peer_valid_d = 1'b1;
      peer_kind_d  = st_bk;
      peer_dst_d   = SmAll;
    end else if (k_back) begin
      peer_valid_d = 1'b1;
      peer_kind_d  = PeerBack;
      peer_dst_d   = SmOne << pin_src_i;
    end else if (k05) begin
      peer_valid_d = 1'b1;
      peer_kind_d  = PeerBack;
      peer_dst_d   = SmOne << csrc_q;
    end
  end

  logic [IW-1:0] idle_d;
  assign idle_d = (h_act && store_row) ? '0 : (idle_q == IdleMax) ? idle_q : idle_q + IW'(1);

  // ---------------------------------------------------------------------------------------------
  // FIFO (L2 c, f, g)
  // ---------------------------------------------------------------------------------------------

  // I1 (gpu_l1.md section 9): a request with op 0 or 5..7, or wf >= NumWf, is dropped here
  logic push, push_legal;
  assign push_legal = (core_op_i != OpNone) && (core_op_i <= OpFence) && (32'(core_wf_i) < NumWf);
  assign push       = core_valid_i && core_ready_q && push_legal;

  gpucoh_fifo #(
    .Width(EW + DB + LineBytes),
    .Depth(L1Queue)
  ) u_fifo (
    .clk_i,
    .rst_ni,
    .push_i    (push),
    .data_i    ({core_op_i, core_wf_i, core_line_i, core_gpu_i, RspOn && core_rm_i, core_acq_i,
                 core_rel_i,
                 core_aop_i, core_word_i, core_a_i, core_b_i, core_data_i, core_mask_i}),
    .pop_i     (h_pop),
    .head_o    ({h_ctl, h_data, h_mask}),
    .cnt_o     (fcnt),
    .cnt_next_o(fcnt_d)
  );

  // ---------------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------------

  // The head store's bytes and the merged fill: the shared merge (gpucoh_bytemerge.svh), called
  // inside the writes so that a simulator evaluates it only at an edge that stores it.
  localparam bit [31:0] BmBytes = LineBytes;
`include "gpucoh_bytemerge.svh"

  logic [WW-1:0] rr_d;   // (victim + 1) mod L1Ways
  assign rr_d = (32'(vway) == L1Ways - 32'd1) ? '0 : vway + WW'(1);

  // Lines: INV (L6) writes the packed vectors whole first; the event line's write comes after
  // it and wins, with INV applied to its values; the popped line's dirty mask last (the same
  // line as the event only for an ATOM response, which leaves dirty unchanged).
  always_ff @(posedge clk_i) begin : p_lines
    if (!rst_ni) begin
      val_q   <= '0;
      pend_q  <= '0;
      stale_q <= '0;
      acq_q   <= '0;
      mlive_q <= '0;
      dlive_q <= '0;
      rr_q    <= '0;
    end else begin
      if (inv) begin
        val_q   <= '0;
        stale_q <= stale_q | pend_q;        // pend_q && pend_d (pend_d = pend_q off the event)
      end
      if (ev_we) begin
        val_q[e_idx]   <= n_val && !inv;
        pend_q[e_idx]  <= n_pend;
        stale_q[e_idx] <= n_stale || (inv && pend_q[e_idx] && n_pend);
        acq_q[e_idx]   <= n_acq;
        tag_q[e_idx]   <= n_tag;
        wait_q[e_idx]  <= n_wait;
        dirty_q[e_idx] <= n_dirty;
        mlive_q[e_idx] <= 1'b1;
      end
      if (dsel != DNone) begin
        data_q[e_idx]  <= (dsel == DRsp) ? gpucoh_bytemerge_f(rsp_data_i, e_data, e_dirty) :
                          (dsel == DSt)  ? gpucoh_bytemerge_f(e_data, h_data, h_mask) :
                                           at_line;
        dlive_q[e_idx] <= 1'b1;
      end
      if (pop_wt) begin
        dirty_q[p_idx] <= '0;               // B01 / B03 / B05
      end
      if (h_alloc) begin
        rr_q[32'(acc_set)*WW +: WW] <= rr_d;
      end
    end
  end

  always_ff @(posedge clk_i) begin : p_sb_entries
    if (rst_ni && push_go) begin
      sb_q[sb_tail] <= h_line;
    end
  end

  always_ff @(posedge clk_i) begin : p_ctl
    if (!rst_ni) begin
      sbh_q   <= '0;
      sbcnt_q <= '0;
      wtp_q   <= '0;
      batch_q <= 1'b0;
      fl_q    <= '0;
      fcur_q  <= '0;
      fwait_q <= '0;
      fdone_q <= '0;
      idle_q  <= '0;
      rblk_q  <= 1'b0;
      rst_q   <= '0;
      rsnt_q  <= 1'b0;
      bcnt_q  <= '0;
      cfv_q   <= 1'b0;
      cfl_q   <= '0;
      csrc_q  <= '0;
    end else begin
      sbh_q   <= sbh_d;
      sbcnt_q <= sbcnt_d;
      wtp_q   <= wtp_d;
      batch_q <= batch_d;
      fl_q    <= fl_d;
      fcur_q  <= fcur_d;
      fwait_q <= fwait_d;
      fdone_q <= fdone_d;
      idle_q  <= idle_d;
      rblk_q  <= rblk_d;
      rst_q   <= rst_d;
      rsnt_q  <= rsnt_d;
      bcnt_q  <= bcnt_d;
      cfv_q   <= cfv_d;
      cfl_q   <= cfl_d;
      csrc_q  <= csrc_d;
    end
  end

  // Output registers (L3, L2 g; payloads 0 without valid).
  always_ff @(posedge clk_i) begin : p_out
    if (!rst_ni) begin
      core_ready_q   <= 1'b1;
      drained_q      <= 1'b1;
      crsp_valid_q   <= 1'b0;
      crsp_kind_q    <= '0;
      crsp_wf_mask_q <= '0;
      crsp_line_q    <= '0;
      crsp_data_q    <= '0;
      req_valid_q    <= 1'b0;
      req_kind_q     <= '0;
      req_wf_q       <= '0;
      req_acq_q      <= 1'b0;
      req_line_q     <= '0;
      req_data_q     <= '0;
      req_mask_q     <= '0;
      req_aop_q      <= '0;
      req_word_q     <= '0;
      req_a_q        <= '0;
      req_b_q        <= '0;
      peer_valid_q   <= 1'b0;
      peer_kind_q    <= '0;
      peer_dst_q     <= '0;
    end else begin
      core_ready_q   <= (fcnt_d < QueueLen);
      drained_q      <= (sbcnt_d == '0) && (wtp_d == '0) && (rst_d == '0) && !cfv_d;
      crsp_valid_q   <= crsp_valid_d;
      crsp_kind_q    <= crsp_kind_d;
      crsp_wf_mask_q <= crsp_wf_mask_d;
      crsp_line_q    <= crsp_line_d;
      crsp_data_q    <= (csel == CMrg)  ? gpucoh_bytemerge_f(rsp_data_i, e_data, e_dirty) :
                        (csel == CLine) ? e_data :
                        (csel == CRsp)  ? rsp_data_i : '0;
      req_valid_q    <= req_valid_d;
      req_kind_q     <= req_kind_d;
      req_wf_q       <= req_wf_d;
      req_acq_q      <= req_acq_d;
      req_line_q     <= req_line_d;
      req_data_q     <= (qsel == QPop)  ? gpucoh_bytemerge_f('0, p_data, p_dirty) :
                        (qsel == QLine) ? gpucoh_bytemerge_f('0, e_data, e_dirty) :
                        (qsel == QCore) ? h_data : '0;
      req_mask_q     <= (qsel == QPop)  ? p_dirty :
                        (qsel == QLine) ? e_dirty :
                        (qsel == QCore) ? h_mask : '0;
      req_aop_q      <= req_aop_d;
      req_word_q     <= req_word_d;
      req_a_q        <= req_a_d;
      req_b_q        <= req_b_d;
      peer_valid_q   <= peer_valid_d;
      peer_kind_q    <= peer_kind_d;
      peer_dst_q     <= peer_dst_d;
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
  assign req_acq_o      = req_acq_q;
  assign req_line_o     = req_line_q;
  assign req_data_o     = req_data_q;
  assign req_mask_o     = req_mask_q;
  assign req_aop_o      = req_aop_q;
  assign req_word_o     = req_word_q;
  assign req_a_o        = req_a_q;
  assign req_b_o        = req_b_q;
  assign fence_done_o   = fdone_q;
  assign drained_o      = drained_q;
  assign peer_valid_o   = peer_valid_q;
  assign peer_kind_o    = peer_kind_q;
  assign peer_dst_o     = peer_dst_q;

  // ---------------------------------------------------------------------------------------------
  // Assertions (simulation only; empty under SYNTHESIS and Icarus)
  // ---------------------------------------------------------------------------------------------

  // Each assertion reads one bit computed below in a public variable (as tc_l1: Verilator 5.006
  // fails internally on an array select inside an assertion and copies every signal an
  // assertion reads into a sampled shadow). ASSERT_WARN flags protocol errors of the
  // environment, which a testbench may present on purpose (L9, G5).
`ifndef SYNTHESIS
  logic sva_l1_ok     /* verilator public_flat_rd */;   // L1, the event's set
  logic sva_l1p_ok    /* verilator public_flat_rd */;   // L1, the popped entry's set
  logic sva_l9_ok     /* verilator public_flat_rd */;   // L9
  logic sva_op_ok     /* verilator public_flat_rd */;   // G5
  logic sva_ready_ok  /* verilator public_flat_rd */;   // L2 g
  logic sva_l5_ok     /* verilator public_flat_rd */;   // L5: no WT at WMAX
  logic sva_fl_ok     /* verilator public_flat_rd */;   // section 7: fl <= sbcnt
  logic sva_sb_ok     /* verilator public_flat_rd */;   // sbcnt <= SbEntries
  logic sva_crsp_zero /* verilator public_flat_rd */;   // timing rule 6, core response
  logic sva_req_zero  /* verilator public_flat_rd */;   // timing rule 6, L2 request
  logic sva_l13_ok    /* verilator public_flat_rd */;   // L13 / D7: no line valid and stale
  logic sva_l17_ok    /* verilator public_flat_rd */;   // L17 / V-RSP3
  logic sva_l19_ok    /* verilator public_flat_rd */;   // L19
  logic sva_bcnt_ok   /* verilator public_flat_rd */;   // V-RSP5
  logic sva_cfl_ok    /* verilator public_flat_rd */;   // V-RSP5
  logic sva_back_ok   /* verilator public_flat_rd */;   // I7
  logic sva_unlock_ok /* verilator public_flat_rd */;   // I8
  logic sva_gnt_ok    /* verilator public_flat_rd */;   // I11
  logic sva_lock_ok   /* verilator public_flat_rd */;   // I9
  logic sva_flush_ok  /* verilator public_flat_rd */;   // I10
  logic sva_pkind_ok  /* verilator public_flat_rd */;   // I12
  logic sva_rm_ok     /* verilator public_flat_rd */;   // I6 (G12)
  logic sva_peer_zero /* verilator public_flat_rd */;   // timing rule 6, peer message
  always_comb begin
    sva_l1_ok     = !(rst_ni && (do_rsp || do_req)) || !multi;
    sva_l1p_ok    = !(rst_ni && sbcnt_q != '0) || !p_multi;
    sva_l9_ok     = !(rst_ni && do_rsp) || ok_data || ok_ack || r_atom || r_gnt;   // I3
    sva_op_ok     = !(rst_ni && do_req) || op_ok;
    sva_ready_ok  = !rst_ni || (core_ready_q == (fcnt < QueueLen));
    sva_l5_ok     = !(rst_ni && wt_sent && wt_full);
    sva_fl_ok     = !rst_ni || (fl_q <= sbcnt_q);
    sva_sb_ok     = !rst_ni || (sbcnt_q <= SbFull);
    sva_crsp_zero = crsp_valid_q ||
                    (crsp_kind_q == '0 && crsp_wf_mask_q == '0 && crsp_line_q == '0 &&
                     crsp_data_q == '0);
    sva_req_zero  = req_valid_q ||
                    (req_kind_q == '0 && req_wf_q == '0 && !req_acq_q && req_line_q == '0 &&
                     req_data_q == '0 && req_mask_q == '0 && req_aop_q == '0 &&
                     req_word_q == '0 && req_a_q == '0 && req_b_q == '0);
    sva_l13_ok    = !rst_ni || ((val_q & stale_q) == '0);
    sva_l17_ok    = !(rst_ni && h_act && c16 && rblk_q);
    sva_l19_ok    = !rst_ni || !((c26_go && k_back) || (c26_go && k05_due) || (k_back && k05_due));
    // constant when NumSm = 2^BCW - 1 (the counter cannot exceed it)
    /* verilator lint_off CMPCONST */
    sva_bcnt_ok   = !rst_ni || (bcnt_q <= BcntAll);
    /* verilator lint_on CMPCONST */
    sva_cfl_ok    = !(rst_ni && cfv_q) || (cfl_q <= sbcnt_q);
    sva_back_ok   = !(rst_ni && pv && pin_kind_i == PeerBack) || k06;
    sva_unlock_ok = !(rst_ni && pv && pin_kind_i == PeerUnlock) || rblk_q;
    sva_gnt_ok    = !(rst_ni && r_gnt) || r07;
    sva_lock_ok   = !(rst_ni && pv && pin_kind_i == PeerLock) || !rblk_q;
    sva_flush_ok  = !(rst_ni && pv && pin_kind_i == PeerFlush) || !cfv_q;
    sva_pkind_ok  = !(rst_ni && pin_valid_i) ||
                    (RspOn && pin_kind_i >= PeerLock && pin_kind_i <= PeerBack);
    sva_rm_ok     = !(rst_ni && core_valid_i && core_ready_q && core_rm_i) ||
                    (RspOn && !(core_op_i == OpLoad && !core_acq_i) &&
                     !(core_op_i == OpStore && !core_rel_i));
    sva_peer_zero = peer_valid_q || (peer_kind_q == '0 && peer_dst_q == '0);
  end
`endif

  `ASSERT(L1_OneWay_A, sva_l1_ok)
  `ASSERT(L1_PopOneWay_A, sva_l1p_ok)
  `ASSERT_WARN(L9_RspFindsLine_A, sva_l9_ok)
  `ASSERT_WARN(CoreOpLegal_A, sva_op_ok)
  `ASSERT(L2_ReadyIsRoom_A, sva_ready_ok)
  `ASSERT(L5_WtLimit_A, sva_l5_ok)
  `ASSERT(S7_FlBound_A, sva_fl_ok)
  `ASSERT(S3_SbBound_A, sva_sb_ok)
  `ASSERT(CrspPayloadZero_A, sva_crsp_zero)
  `ASSERT(ReqPayloadZero_A, sva_req_zero)
  `ASSERT(L13_ValNotStale_A, sva_l13_ok)
  `ASSERT(L17_LockedNoRmw_A, sva_l17_ok)
  `ASSERT_WARN(L19_OnePeer_A, sva_l19_ok)
  `ASSERT_WARN(Rsp_BcntRange_A, sva_bcnt_ok)
  `ASSERT_WARN(Rsp_CflRange_A, sva_cfl_ok)
  `ASSERT_WARN(Rsp_BackExpected_A, sva_back_ok)
  `ASSERT_WARN(Rsp_UnlockLocked_A, sva_unlock_ok)
  `ASSERT_WARN(Rsp_GntExpected_A, sva_gnt_ok)
  `ASSERT_WARN(Rsp_LockLocked_A, sva_lock_ok)
  `ASSERT_WARN(Rsp_FlushBusy_A, sva_flush_ok)
  `ASSERT_WARN(Rsp_PeerKindLegal_A, sva_pkind_ok)
  `ASSERT_WARN(Rsp_RmPlain_A, sva_rm_ok)
  `ASSERT(PeerPayloadZero_A, sva_peer_zero)

endmodule
