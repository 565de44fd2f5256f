// SPDX-License-Identifier: Apache-2.0
//
// denovo_l1 -- DeNovo L1 controller, one per SM (DeNovo-D, DeNovo-D+RO, DeNovo-H of seed 002).
//
// Per-word states I / V / R (and VO under DeNovo-D+RO); a coalescing store buffer of line
// addresses whose drain sends one registration request (REG) per dirty line; synchronization
// accesses performed in the L1 once their word is registered (R); selective self-invalidation
// at acquires (V words only); forwarded reads (DATA naming this SM as an owner: PDATA) and
// registrations (REGD naming this SM as the previous owner: XFER) served from the L1 or its
// write-back buffer; transfers queued while the L1's own registration of the word is pending
// and served after the core requests queued when it completed (DeNovoSync0). Core requests wait
// in an L1Queue-entry FIFO; one message a cycle arrives on the shared rsp / peer port.
// Specification: docs/units/denovo/denovo_l1.md (rules L1-L17, rows C01-C22, M01-M11, B01-B08,
// V01, V02, X01, stalls S01-S08) and docs/units/denovo/denovo.md (D1-D17); the store buffer and
// fences follow docs/units/gpu/gpu_l1.md section 7; timing contract: docs/timing.md. Every
// output is a register.
//
//               +--------------------------------------------------------+
//  core_*     =>| FIFO[L1Queue] -> head --+                               |=> core_ready_o
//  in_* (rsp, =>| message (priority) -----+-> lines: tag/st/dirty/data    |=> crsp_*
//     peer)     | (a) queued transfers ---+   MSHRs (GETS / REG / DRAIN)  |=> rsp/peer_ready_o
//               |                             write-back buffer           |=> req_* (GETS, REG)
//               | store-buffer ring -> engine (REG of U)                 |=> wb_* (WB, DONE)
//               | fences: batch / fl / fcur / fwait / fdone              |=> peer_* (PDATA, XFER)
//               +--------------------------------------------------------+=> fence_done_o,
//                                                                             drained_o
//
// Parameters (an illegal value stops elaboration with a message naming it; nothing is clamped;
// all `bit [31:0]`, as Icarus Verilog 11 cannot parse `int unsigned` parameters):
//   Hrf         0: every synchronization at GPU scope (DeNovo-D), 1: DeNovo-H; 0 .. 1
//               (default 0)
//   Ro          1: DeNovo-D+RO (a LOAD with core_ro_i fills VO); 0 .. 1, and 0 with Hrf = 1
//               (default 0)
//   NumSm       SMs (ids); 1 .. 64 (default 15)
//   NumWf       wavefronts of the SM; 1 .. 64 (default 48)
//   LineBytes   line size in bytes; 16, 32, 64, 128 (default 64)
//   AddrWidth   byte-address bits; 16 .. 48, with LA >= log2 L1Sets + 1 (default 32)
//   L1Sets      sets; power of two, 1 .. 256 (default 64)
//   L1Ways      ways; 1 .. 8 (default 8)
//   L1Queue     core request FIFO entries; 1 .. 8 (default 4)
//   SbEntries   store-buffer entries (lines with unregistered dirty words); 1 .. 256
//               (default 256)
//   SbIdle      cycles without a store after which the store buffer drains; 1 .. 65535
//               (default 1000)
//   Mshrs       outstanding GETS / REG and queued-transfer entries; 1 .. 32 (default 16)
//   WbEntries   write-back buffer lines (WB sent, WBACK not received); 1 .. 8 (default 4)
// Derived (never set them): LL = log2 LineBytes, LA = AddrWidth - LL line-address bits,
// DB = 8*LineBytes data bits, LW = LineBytes/4 words, SB = log2 L1Sets, TW = LA - SB tag bits,
// Lines = L1Sets*L1Ways; index widths WW, LIW, MKW, JW, SHW, LWW (at least 1);
// QW = clog2(L1Queue+1) (fcnt, hold), SCW = clog2(SbEntries+1).
//
// Ports (spec section 2; payloads are 0 whenever their valid is 0; mask bits >= LW are 0):
//   clk_i, rst_ni                 clock; synchronous active-low reset
//   sm_id_i[6]                    this SM's id (constant while running)
//   core_valid_i, core_op_i[3] (1 LOAD, 2 STORE, 3 ATOMIC, 4 FENCE), core_wf_i[6],
//   core_line_i[LA], core_gpu_i, core_acq_i, core_rel_i, core_ro_i, core_all_i,
//   core_word_i[5], core_data_i[DB], core_mask_i[LineBytes], core_aop_i[2], core_a_i[32],
//   core_b_i[32]                  core request, taken at an edge where core_ready_o was 1
//   core_ready_o                  the FIFO has room (fcnt < L1Queue)
//   crsp_valid_o, crsp_kind_o[2] (1 LOAD, 2 ATOMIC), crsp_wf_mask_o[NumWf], crsp_line_o[LA],
//   crsp_data_o[DB]               core response
//   in_valid_i, in_kind_i[4], in_src_i[6], in_req_i[6], in_line_i[LA], in_mask_i[32],
//   in_pmask_i[32], in_data_i[DB] one message of the rsp (DATA, REGD, WBACK, RECALL, DACK) or peer
//                                 (PDATA, XFER) network, taken when rdy_q was 1
//   rsp_ready_o, peer_ready_o     rdy_q (L2 h): both networks are refused while a queued
//                                 transfer may be served
//   req_valid_o, req_kind_o[4], req_line_o[LA], req_mask_o[32], req_pmask_o[32]  GETS, REG
//   wb_valid_o, wb_kind_o[4], wb_line_o[LA], wb_mask_o[32], wb_pmask_o[32], wb_data_o[DB]
//                                 WB (pmask bit 0: a recall's), DONE
//   peer_valid_o, peer_kind_o[4], peer_dst_o[6], peer_line_o[LA], peer_mask_o[32],
//   peer_data_o[DB]               PDATA, XFER
//   fence_done_o[NumWf]           fdone_q
//   drained_o                     sbcnt == 0, no MSHR is REG or DRAIN, no write-back entry
//
// State (spec section 3; all verilator public_flat_rd; reset 0 unless said). Per line i =
// set*L1Ways + way: tag_q, st_q (word w at [2w+1:2w]: I 0, V 1, R 2, VO 3), dirty_q, data_q;
// per set rr_q (packed, set s at [s*WW +: WW]). Per MSHR k: mv_q (0 free, 1 GETS, 2 REG,
// 3 DRAIN), midx_q, want_q, got_q, wait_q, stale_q, ro_q, sync_q, hdr_q, dack_q (packed), fqv_q,
// fqd_q (word w at [6w +: 6]), hold_q. Write-back entry j: wbv_q (packed), wbl_q, wbm_q, wbd_q.
// fcnt_q (core FIFO count; its contents fq_mem_q / fqh_q are internal). Store buffer: sb_q
// (ring, no reset: only the sbcnt_q live entries from sbh_q are architectural), sbh_q, sbcnt_q.
// Fences: batch_q, fl_q, fcur_q, fwait_q, fdone_q. idle_q (16 bits, saturating at SbIdle).
// rdy_q (reset 1). The output registers.
//
// Numbered rules (spec section 4; the row tables of sections 5-7 are in the decode below):
//   L1  At most one way of a set matches a line address, at most one MSHR names a line
//       (assertions L1_OneWay_A, L1_OneMshr_A).
//   L2  Order of an edge: (a) rdy_q == 0: one queued transfer (XFER); (b) else a message;
//       (c) the store-buffer engine; (d) no message: the FIFO head; (e) the batch check;
//       (f) INV last; (g) push; (h) core_ready, rdy, drained, fence_done from the next state.
//       (a)-(d) each see the lines, MSHRs and write-back entries as the earlier steps left
//       them; the batch check's "no MSHR is REG" and S03 read the registered values.
//   L6  INV: every V word becomes I; a GETS MSHR valid before and after the edge gets stale.
//   L7  Allocation among the ways no MSHR names: unallocated; clean without R words (from
//       rr_q[s]); with R words and no dirty byte, written back (V01, the head stays); dirty
//       and not in the write-back buffer, registered first (V02, the head stays); else S02.
//   L8  While the engine sends a REG, a head that sends on req or has the popped line stalls
//       (S04).
//   L9  A message that finds no state it names is a protocol error (warning
//       L9_MsgFindsState_A); the words it cannot serve are left out.
//   L11 The head: row, row's stall (S01, S06), S03, S08, S07, allocation (V01, V02, S02),
//       port (S04: not a FENCE; V02 like the rows that send), the row's action.
//   L14 No GETS / REG for a line in the write-back buffer (S08; the engine's pop waits).
//   L16 Every completed REG becomes DRAIN with dack := 0 (M11, D17); hold := fcnt_q if it has
//       queued transfers or is a synchronization REG, else 0; hold falls by one per edge the
//       head is tried (0 when the FIFO is empty); at hold 0 the transfers are served one XFER
//       per edge, in edges with rdy_q == 0; the MSHR is freed when fqv == 0, hold == 0 and
//       dack == 1 (the DACK, M09). A REGD naming a word of a DRAIN MSHR's want queues it (M06).
//   D17 The registry answers every DONE with a DACK; a DACK with no DRAIN MSHR of its line
//       waiting for one (dack == 0) is L9.
//   R1  hdr_q: a GETS / REG completes (M10 / M11) only once the registry's DATA / REGD has
//       arrived as well; a DATA / REGD for an MSHR with hdr == 1 is L9.
//   E3  (denovo_l2 E3's L1 counterpart) A DATA / PDATA for this SM finds its GETS MSHR
//       (E3_FillFindsMshr_A, a warning like L9).
//   I1  A core request with op 0 or 5..7, or core_wf_i >= NumWf, is dropped at the push.
//   I3  A message of kind 0 or of a kind the L1 never receives: L9 (Q_KindLegal_A, warning).
//
// Readings of the first round (N1-N13) and what became of them on the fixed page (section 11
// of denovo_l1.md, R1-R7):
//   On the page now, implemented as it says: N1 / N2 (L2's order within an edge; the batch
//   check and S03 on registered values), N3 (L10 names C19), N6 (payloads 0 outside the mask;
//   wbd_q keeps only the words of wbm_q), N7 (a new MSHR is 0 in every field its row does not
//   set; freeing clears only mv / wbv), N8 (C19 pushes under C11's condition), N9 (a forward
//   with nothing to serve sends nothing), N10 ("plain" includes the CTA-scope acquire /
//   release), N11 (the readies and drained_o are 1 after reset), N12 (a FENCE never stalls
//   on the port).
//   Changed to the page: N4 (victim rule 4 now skips a dirty way whose line is in the
//   write-back buffer; it no longer stalls the head), N13 (resolved by hdr_q, R1: the late
//   REGD / DATA is now the answer the MSHR waits for, no L9 flag in legal runs).
// Readings still taken here (the page is silent):
//   N5  L7 rule (3) without a free write-back entry goes on to rule (4) (its "else").
//   N6b DONE carries mask = want, pmask 0 and data 0.
//   N14 A DRAIN MSHR freed by L16's hold rule (fqv == 0, hold 0 after the decrement) is freed
//       at the end of the edge: the engine and the head of that edge still see it DRAIN (the
//       decrement is the effect of trying the head). A DRAIN MSHR with nothing queued and
//       hold == 0 is not a transfer that "may be served": it does not lower rdy.
//   N15 The head's stall is named from the MSHRs after (a) / (b); where the engine's REG of
//       the same edge took the last free MSHR or names the head's line, the head stalls S04
//       (it would be S07 / another row's stall in a strictly sequential reading): a stall
//       changes nothing, so only the stall's name differs.
//   N16 (D17) A DRAIN MSHR whose last transfer leaves (X01) before its DACK stays DRAIN with
//       fqv == 0 and hold == 0; like N14 it does not lower rdy (the DACK must get in). A DACK
//       that finds hold > 0 sets dack only; the MSHR is then freed by L16 (at the end of the
//       first edge whose hold is 0, N14), also in the DACK's own edge when the FIFO is empty.
//       drained_o waits for the DACKs (no MSHR DRAIN); the batch check (no MSHR REG) does not.
//
// Implementation: one set lookup for the event line (the message's or the head's), one for
// the popped store-buffer entry. Lines have two write ports (the message or the head for tag,
// dirty, data; (a) / the message and the head for st), INV rewrites st of every line; MSHRs
// are rewritten in the order (a) / message, engine, head, then hold and stale.

`include "gpucoh_assert.svh"

module denovo_l1 #(
  parameter bit [31:0] Hrf       = 32'd0,
  parameter bit [31:0] Ro        = 32'd0,
  parameter bit [31:0] NumSm     = 32'd15,
  parameter bit [31:0] NumWf     = 32'd48,
  parameter bit [31:0] LineBytes = 32'd64,
  parameter bit [31:0] AddrWidth = 32'd32,
  parameter bit [31:0] L1Sets    = 32'd64,
  parameter bit [31:0] L1Ways    = 32'd8,
  parameter bit [31:0] L1Queue   = 32'd4,
  parameter bit [31:0] SbEntries = 32'd256,
  parameter bit [31:0] SbIdle    = 32'd1000,
  parameter bit [31:0] Mshrs     = 32'd16,
  parameter bit [31:0] WbEntries = 32'd4,
  // Derived parameters: do not override.
  localparam int       LL        = (LineBytes > 1) ? $clog2(LineBytes) : 1,
  localparam int       LA        = (AddrWidth > LL) ? AddrWidth - LL : 1,
  localparam int       DB        = 8 * LineBytes,
  localparam int       NW        = (NumWf >= 1) ? NumWf : 1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic [5:0]            sm_id_i,
  // core requests
  input  logic                  core_valid_i,
  input  logic [2:0]            core_op_i,
  input  logic [5:0]            core_wf_i,
  input  logic [LA-1:0]         core_line_i,
  input  logic                  core_gpu_i,
  input  logic                  core_acq_i,
  input  logic                  core_rel_i,
  input  logic                  core_ro_i,
  input  logic                  core_all_i,
  input  logic [4:0]            core_word_i,
  input  logic [DB-1:0]         core_data_i,
  input  logic [LineBytes-1:0]  core_mask_i,
  input  logic [1:0]            core_aop_i,
  input  logic [31:0]           core_a_i,
  input  logic [31:0]           core_b_i,
  output logic                  core_ready_o,
  // core responses
  output logic                  crsp_valid_o,
  output logic [1:0]            crsp_kind_o,
  output logic [NW-1:0]         crsp_wf_mask_o,
  output logic [LA-1:0]         crsp_line_o,
  output logic [DB-1:0]         crsp_data_o,
  // messages in (rsp and peer networks, one port)
  input  logic                  in_valid_i,
  input  logic [3:0]            in_kind_i,
  input  logic [5:0]            in_src_i,
  input  logic [5:0]            in_req_i,
  input  logic [LA-1:0]         in_line_i,
  input  logic [31:0]           in_mask_i,
  input  logic [31:0]           in_pmask_i,
  input  logic [DB-1:0]         in_data_i,
  output logic                  rsp_ready_o,
  output logic                  peer_ready_o,
  // req network out
  output logic                  req_valid_o,
  output logic [3:0]            req_kind_o,
  output logic [LA-1:0]         req_line_o,
  output logic [31:0]           req_mask_o,
  output logic [31:0]           req_pmask_o,
  // wb network out
  output logic                  wb_valid_o,
  output logic [3:0]            wb_kind_o,
  output logic [LA-1:0]         wb_line_o,
  output logic [31:0]           wb_mask_o,
  output logic [31:0]           wb_pmask_o,
  output logic [DB-1:0]         wb_data_o,
  // peer network out
  output logic                  peer_valid_o,
  output logic [3:0]            peer_kind_o,
  output logic [5:0]            peer_dst_o,
  output logic [LA-1:0]         peer_line_o,
  output logic [31:0]           peer_mask_o,
  output logic [DB-1:0]         peer_data_o,
  // fences
  output logic [NW-1:0]         fence_done_o,
  output logic                  drained_o
);

  // ---------------------------------------------------------------------------------------------
  // Parameter checks (spec section 1)
  // ---------------------------------------------------------------------------------------------

  `ASSERT_ELAB(P_Hrf_A, Hrf <= 1, "denovo_l1: illegal Hrf (legal: 0 .. 1)")
  `ASSERT_ELAB(P_Ro_A, Ro <= 1 && !(Ro == 1 && Hrf == 1),
               "denovo_l1: Ro = 1 is illegal (Ro: 0..1, and 0 with Hrf = 1)")
  `ASSERT_ELAB(P_NumSm_A, NumSm >= 1 && NumSm <= 64,
               "denovo_l1: illegal NumSm (legal: 1 .. 64)")
  `ASSERT_ELAB(P_NumWf_A, NumWf >= 1 && NumWf <= 64,
               "denovo_l1: illegal NumWf (legal: 1 .. 64)")
  `ASSERT_ELAB(P_LineBytes_A,
               LineBytes == 16 || LineBytes == 32 || LineBytes == 64 || LineBytes == 128,
               "denovo_l1: illegal LineBytes (legal: 16, 32, 64, 128)")
  `ASSERT_ELAB(P_AddrWidth_A, AddrWidth >= 16 && AddrWidth <= 48,
               "denovo_l1: illegal AddrWidth (legal: 16 .. 48)")
  `ASSERT_ELAB(P_L1Sets_A, L1Sets >= 1 && L1Sets <= 256 && (L1Sets & (L1Sets - 1)) == 0,
               "denovo_l1: illegal L1Sets (legal: a power of two, 1 .. 256)")
  `ASSERT_ELAB(P_L1Ways_A, L1Ways >= 1 && L1Ways <= 8,
               "denovo_l1: illegal L1Ways (legal: 1 .. 8)")
  `ASSERT_ELAB(P_L1Queue_A, L1Queue >= 1 && L1Queue <= 8,
               "denovo_l1: illegal L1Queue (legal: 1 .. 8)")
  `ASSERT_ELAB(P_SbEntries_A, SbEntries >= 1 && SbEntries <= 256,
               "denovo_l1: illegal SbEntries (legal: 1 .. 256)")
  `ASSERT_ELAB(P_SbIdle_A, SbIdle >= 1 && SbIdle <= 65535,
               "denovo_l1: illegal SbIdle (legal: 1 .. 65535)")
  `ASSERT_ELAB(P_Mshrs_A, Mshrs >= 1 && Mshrs <= 32,
               "denovo_l1: illegal Mshrs (legal: 1 .. 32)")
  `ASSERT_ELAB(P_WbEntries_A, WbEntries >= 1 && WbEntries <= 8,
               "denovo_l1: illegal WbEntries (legal: 1 .. 8)")

  // ---------------------------------------------------------------------------------------------
  // Constants
  // ---------------------------------------------------------------------------------------------

  localparam int SB    = (L1Sets > 1) ? $clog2(L1Sets) : 0;            // set bits
  localparam int SIW   = (SB > 0) ? SB : 1;                            // set-index width
  localparam int TW    = (LA > SB) ? LA - SB : 1;                      // tag width
  localparam int WW    = (L1Ways > 1) ? $clog2(L1Ways) : 1;            // way-index width
  localparam int Lines = L1Sets * L1Ways;
  localparam int LIW   = (Lines > 1) ? $clog2(Lines) : 1;              // line-index width
  localparam int MKW   = (Mshrs > 1) ? $clog2(Mshrs) : 1;              // MSHR-index width
  localparam int JW    = (WbEntries > 1) ? $clog2(WbEntries) : 1;      // wb-entry-index width
  localparam int LW    = LineBytes / 4;                                // words per line
  localparam int LWW   = (LW > 1) ? $clog2(LW) : 1;                    // word-index width
  localparam int QW    = $clog2(L1Queue + 32'd1);                      // fcnt, hold width
  localparam int QPW   = (L1Queue > 1) ? $clog2(L1Queue) : 1;          // FIFO pointer width
  localparam int SCW   = $clog2(SbEntries + 32'd1);                    // sbcnt, fl width
  localparam int SHW   = (SbEntries > 1) ? $clog2(SbEntries) : 1;      // ring pointer width
  localparam int IW    = 16;                                           // idle_q width
  // FIFO entry: {op, wf, line, gpu, acq, rel, ro, all, word, aop, a, b}, data, mask.
  localparam int CEW   = 3 + 6 + LA + 5 + 5 + 2 + 32 + 32;
  localparam int FEW   = CEW + DB + LineBytes;

  `ASSERT_ELAB(P_LineAddr_A, LA >= SB + 1,
               "denovo_l1: illegal AddrWidth (LA < log2 L1Sets + 1)")

  localparam logic [LA-1:0]  SetMask  = LA'(64'(L1Sets) - 64'd1);
  localparam logic [QW-1:0]  QueueLen = QW'(L1Queue);
  localparam logic [SCW-1:0] SbFull   = SCW'(SbEntries);
  localparam logic [SCW-1:0] SbOne    = SCW'(1);
  localparam logic [IW-1:0]  IdleMax  = IW'(SbIdle);
  localparam logic [NW-1:0]  WfOne    = NW'(1);
  // {LW{1'b1}}, not '1: Yosys 0.23 reads a typed localparam of '1 as 1, zero-extended (0001;
  // the netlist's GETS wanted word 0 only), Verilator as all ones
  localparam logic [LW-1:0]  AllW     = {LW{1'b1}};
  localparam logic [LW-1:0]  WOne     = LW'(1);

  // Encodings: the family package rtl/denovo/denovo_pkg.sv and rtl/gpucoh_atom_pkg.sv.
  localparam logic [1:0] WI         = 2'(denovo_pkg::DnWI);
  localparam logic [1:0] WV         = 2'(denovo_pkg::DnWV);
  localparam logic [1:0] WR         = 2'(denovo_pkg::DnWR);
  localparam logic [1:0] WVO        = 2'(denovo_pkg::DnWVO);
  localparam logic [3:0] MsgGets    = 4'(denovo_pkg::DnMsgGets);
  localparam logic [3:0] MsgReg     = 4'(denovo_pkg::DnMsgReg);
  localparam logic [3:0] MsgWb      = 4'(denovo_pkg::DnMsgWb);
  localparam logic [3:0] MsgDone    = 4'(denovo_pkg::DnMsgDone);
  localparam logic [3:0] MsgData    = 4'(denovo_pkg::DnMsgData);
  localparam logic [3:0] MsgRegd    = 4'(denovo_pkg::DnMsgRegd);
  localparam logic [3:0] MsgWback   = 4'(denovo_pkg::DnMsgWback);
  localparam logic [3:0] MsgDack    = 4'(denovo_pkg::DnMsgDack);
  localparam logic [3:0] MsgRecall  = 4'(denovo_pkg::DnMsgRecall);
  localparam logic [3:0] MsgPdata   = 4'(denovo_pkg::DnMsgPdata);
  localparam logic [3:0] MsgXfer    = 4'(denovo_pkg::DnMsgXfer);
  localparam logic [2:0] OpLoad     = 3'(denovo_pkg::DnOpLoad);
  localparam logic [2:0] OpStore    = 3'(denovo_pkg::DnOpStore);
  localparam logic [2:0] OpAtomic   = 3'(denovo_pkg::DnOpAtomic);
  localparam logic [2:0] OpFence    = 3'(denovo_pkg::DnOpFence);
  localparam logic [1:0] CrspLoad   = 2'(denovo_pkg::DnCrspLoad);
  localparam logic [1:0] CrspAtomic = 2'(denovo_pkg::DnCrspAtomic);
  localparam logic [1:0] AopAdd     = 2'(gpucoh_atom_pkg::AopAdd);
  localparam logic [1:0] AopExch    = 2'(gpucoh_atom_pkg::AopExch);
  localparam logic [1:0] AopCas     = 2'(gpucoh_atom_pkg::AopCas);
  // MSHR kinds (mv_q; section 3).
  localparam logic [1:0] MFree      = 2'd0;
  localparam logic [1:0] MGets      = 2'd1;
  localparam logic [1:0] MReg       = 2'd2;
  localparam logic [1:0] MDrain     = 2'd3;

  // ---------------------------------------------------------------------------------------------
  // Word helpers
  // ---------------------------------------------------------------------------------------------

  // The words of st in state v.
  function automatic logic [LW-1:0] st_is(input logic [2*LW-1:0] st, input logic [1:0] v);
    for (int w = 0; w < LW; w++) begin
      st_is[w] = (st[2*w +: 2] == v);
    end
  endfunction

  // st with the words of m set to v.
  function automatic logic [2*LW-1:0] st_set(input logic [2*LW-1:0] st, input logic [LW-1:0] m,
                                             input logic [1:0] v);
    st_set = st;
    for (int w = 0; w < LW; w++) begin
      if (m[w]) begin
        st_set[2*w +: 2] = v;
      end
    end
  endfunction

  // The byte mask of a word mask.
  function automatic logic [LineBytes-1:0] wbytes(input logic [LW-1:0] m);
    for (int w = 0; w < LW; w++) begin
      wbytes[4*w +: 4] = {4{m[w]}};
    end
  endfunction

  // The words with a byte in a byte mask.
  function automatic logic [LW-1:0] bwords(input logic [LineBytes-1:0] b);
    for (int w = 0; w < LW; w++) begin
      bwords[w] = |b[4*w +: 4];
    end
  endfunction

  // The words of a line under a word mask, 0 elsewhere (N6).
  function automatic logic [DB-1:0] wkeep(input logic [DB-1:0] d, input logic [LW-1:0] m);
    for (int w = 0; w < LW; w++) begin
      wkeep[32*w +: 32] = m[w] ? d[32*w +: 32] : 32'd0;
    end
  endfunction

  // The byte merges (gpucoh_bytemerge.svh).
  localparam bit [31:0] BmBytes = LineBytes;
`include "gpucoh_bytemerge.svh"

  // ---------------------------------------------------------------------------------------------
  // State (spec section 3)
  // ---------------------------------------------------------------------------------------------

  (* mem2reg *) logic [TW-1:0]        tag_q   [Lines]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [2*LW-1:0]      st_q    [Lines]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [LineBytes-1:0] dirty_q [Lines]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [DB-1:0]        data_q  [Lines]   /* verilator public_flat_rd */;
  logic [L1Sets*WW-1:0] rr_q                            /* verilator public_flat_rd */;

  (* mem2reg *) logic [1:0]           mv_q    [Mshrs]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [LIW-1:0]       midx_q  [Mshrs]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [LW-1:0]        want_q  [Mshrs]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [LW-1:0]        got_q   [Mshrs]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [NW-1:0]        wait_q  [Mshrs]   /* verilator public_flat_rd */;
  logic [Mshrs-1:0]                   stale_q           /* verilator public_flat_rd */;
  logic [Mshrs-1:0]                   ro_q              /* verilator public_flat_rd */;
  logic [Mshrs-1:0]                   sync_q            /* verilator public_flat_rd */;
  logic [Mshrs-1:0]                   hdr_q             /* verilator public_flat_rd */;
  logic [Mshrs-1:0]                   dack_q            /* verilator public_flat_rd */;
  (* mem2reg *) logic [LW-1:0]        fqv_q   [Mshrs]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [6*LW-1:0]      fqd_q   [Mshrs]   /* verilator public_flat_rd */;
  (* mem2reg *) logic [QW-1:0]        hold_q  [Mshrs]   /* verilator public_flat_rd */;

  logic [WbEntries-1:0]               wbv_q             /* verilator public_flat_rd */;
  (* mem2reg *) logic [LA-1:0]        wbl_q   [WbEntries] /* verilator public_flat_rd */;
  (* mem2reg *) logic [LW-1:0]        wbm_q   [WbEntries] /* verilator public_flat_rd */;
  (* mem2reg *) logic [DB-1:0]        wbd_q   [WbEntries] /* verilator public_flat_rd */;

  logic [QW-1:0]                      fcnt_q            /* verilator public_flat_rd */;
  logic [QPW-1:0]                     fqh_q;            // core FIFO head slot (internal)
  (* mem2reg *) logic [FEW-1:0]       fq_mem_q [L1Queue];   // core FIFO contents (internal)

  (* mem2reg *) logic [LA-1:0]        sb_q    [SbEntries] /* verilator public_flat_rd */;
  logic [SHW-1:0]                     sbh_q             /* verilator public_flat_rd */;
  logic [SCW-1:0]                     sbcnt_q           /* verilator public_flat_rd */;
  logic                               batch_q           /* verilator public_flat_rd */;
  logic [SCW-1:0]                     fl_q              /* verilator public_flat_rd */;
  logic [NW-1:0]                      fcur_q            /* verilator public_flat_rd */;
  logic [NW-1:0]                      fwait_q           /* verilator public_flat_rd */;
  logic [NW-1:0]                      fdone_q           /* verilator public_flat_rd */;
  logic [IW-1:0]                      idle_q            /* verilator public_flat_rd */;
  logic                               rdy_q             /* verilator public_flat_rd */;

  // Output registers (fence_done_o is fdone_q, rsp_ready_o / peer_ready_o are rdy_q).
  logic                 core_ready_q     /* verilator public_flat_rd */;
  logic                 crsp_valid_q     /* verilator public_flat_rd */;
  logic [1:0]           crsp_kind_q      /* verilator public_flat_rd */;
  logic [NW-1:0]        crsp_wf_mask_q   /* verilator public_flat_rd */;
  logic [LA-1:0]        crsp_line_q      /* verilator public_flat_rd */;
  logic [DB-1:0]        crsp_data_q      /* verilator public_flat_rd */;
  logic                 req_valid_q      /* verilator public_flat_rd */;
  logic [3:0]           req_kind_q       /* verilator public_flat_rd */;
  logic [LA-1:0]        req_line_q       /* verilator public_flat_rd */;
  logic [31:0]          req_mask_q       /* verilator public_flat_rd */;
  logic [31:0]          req_pmask_q      /* verilator public_flat_rd */;
  logic                 wb_valid_q       /* verilator public_flat_rd */;
  logic [3:0]           wb_kind_q        /* verilator public_flat_rd */;
  logic [LA-1:0]        wb_line_q        /* verilator public_flat_rd */;
  logic [31:0]          wb_mask_q        /* verilator public_flat_rd */;
  logic [31:0]          wb_pmask_q       /* verilator public_flat_rd */;
  logic [DB-1:0]        wb_data_q        /* verilator public_flat_rd */;
  logic                 peer_valid_q     /* verilator public_flat_rd */;
  logic [3:0]           peer_kind_q      /* verilator public_flat_rd */;
  logic [5:0]           peer_dst_q       /* verilator public_flat_rd */;
  logic [LA-1:0]        peer_line_q      /* verilator public_flat_rd */;
  logic [31:0]          peer_mask_q      /* verilator public_flat_rd */;
  logic [DB-1:0]        peer_data_q      /* verilator public_flat_rd */;
  logic                 drained_q        /* verilator public_flat_rd */;

  // The line address of line index i (its tag and set).
  function automatic logic [LA-1:0] idx_line(input logic [LIW-1:0] i);
    logic [LIW-1:0] s;
    s        = LIW'(32'(i) / L1Ways);
    idx_line = (LA'(tag_q[i]) << SB) | (LA'(s) & SetMask);
  endfunction

  // ---------------------------------------------------------------------------------------------
  // L2 (a): a queued transfer (L16, row X01)
  // ---------------------------------------------------------------------------------------------

  logic [Mshrs-1:0] drain0;      // DRAIN with hold == 0 and a queued word
  always_comb begin
    for (int k = 0; k < Mshrs; k++) begin
      drain0[k] = (mv_q[k] == MDrain) && (hold_q[k] == '0) && (fqv_q[k] != '0);
    end
  end

  logic           xa_found, xa;
  logic [MKW-1:0] xa_k;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [Mshrs-1:0] xa_onehot;
  logic [LW-1:0]    w0_onehot;
  logic             xa_w0v;      // drain0 names only MSHRs with a queued word
  /* verilator lint_on UNUSEDSIGNAL */
  gpucoh_ffs #(.Width(Mshrs)) u_xa (
    .vec_i   (drain0),
    .valid_o (xa_found),
    .onehot_o(xa_onehot),
    .idx_o   (xa_k)
  );
  assign xa = !rdy_q && xa_found;

  logic [LIW-1:0] xa_idx;        // the transfer's line
  logic [LW-1:0]  xa_fqv;
  logic [LWW-1:0] xa_w0;         // its lowest queued word
  logic [5:0]     xa_dst;
  logic [LW-1:0]  xa_mask;       // every queued word for that owner
  logic [LW-1:0]  xa_rest;       // fqv after it
  assign xa_idx = midx_q[xa_k];
  assign xa_fqv = fqv_q[xa_k];
  gpucoh_ffs #(.Width(LW)) u_xa_w0 (
    .vec_i   (xa_fqv),
    .valid_o (xa_w0v),
    .onehot_o(w0_onehot),
    .idx_o   (xa_w0)
  );
  assign xa_dst = fqd_q[xa_k][6*xa_w0 +: 6];
  always_comb begin
    for (int w = 0; w < LW; w++) begin
      xa_mask[w] = xa_fqv[w] && (fqd_q[xa_k][6*w +: 6] == xa_dst);
    end
  end
  assign xa_rest = xa_fqv & ~xa_mask;

  // MSHR kinds after (a) (N1): the head's and the event lookup's view.
  (* mem2reg *) logic [1:0] mv_a [Mshrs];
  always_comb begin
    for (int k = 0; k < Mshrs; k++) begin
      mv_a[k] = (xa && 32'(xa_k) == k && xa_rest == '0 && dack_q[k]) ? MFree : mv_q[k];
    end
  end

  // Line state after (a): st of line i.
  function automatic logic [2*LW-1:0] st_a(input logic [LIW-1:0] i);
    st_a = (xa && i == xa_idx) ? st_set(st_q[i], xa_mask, WI) : st_q[i];
  endfunction

  // ---------------------------------------------------------------------------------------------
  // The core FIFO head and the message in hand
  // ---------------------------------------------------------------------------------------------

  logic [2:0]           h_op;
  logic [5:0]           h_wf;
  logic [LA-1:0]        h_line;
  logic                 h_gpu, h_acq, h_rel, h_ro, h_all;
  logic [4:0]           h_word;
  logic [1:0]           h_aop;
  logic [31:0]          h_a, h_b;
  logic [DB-1:0]        h_data;
  logic [LineBytes-1:0] h_mask;
  assign {h_op, h_wf, h_line, h_gpu, h_acq, h_rel, h_ro, h_all, h_word, h_aop, h_a, h_b,
          h_data, h_mask} = fq_mem_q[fqh_q];

  logic msg;      // (b) a message is taken
  logic h_try;    // (d) the head is tried
  assign msg   = in_valid_i && rdy_q;
  assign h_try = !msg && (fcnt_q != '0);

  // The event line: the message's or the head's.
  logic [LA-1:0]  acc_line;
  logic [SIW-1:0] acc_set;
  logic [TW-1:0]  acc_tag;
  logic [LIW-1:0] set_base;
  assign acc_line = msg ? in_line_i : h_line;
  assign acc_set  = SIW'(acc_line & SetMask);
  assign acc_tag  = TW'(acc_line >> SB);
  assign set_base = LIW'(32'(acc_set) * L1Ways);

  // ---------------------------------------------------------------------------------------------
  // Set lookup of the event line (L1, L7), on the state after (a)
  // ---------------------------------------------------------------------------------------------

  logic [L1Ways-1:0] w_named;    // an MSHR names the way (not a victim candidate)
  logic [L1Ways-1:0] w_free;     // not allocated                          (rule 1)
  logic [L1Ways-1:0] w_clean;    // candidate, allocated, no R, dirty == 0 (rule 2)
  logic [L1Ways-1:0] w_owned;    // candidate, allocated, dirty == 0       (rule 3)
  logic [L1Ways-1:0] w_dirty;    // candidate, dirty != 0, not in the write-back buffer (4)
  logic              hit;
  logic              wdup;
  logic [WW-1:0]     hway;
  always_comb begin
    logic [LIW-1:0]  i;
    logic [2*LW-1:0] s;
    logic            al;
    logic            inwb;
    logic [LA-1:0]   wl;
    w_named = '0;
    w_free  = '0;
    w_clean = '0;
    w_owned = '0;
    w_dirty = '0;
    hit     = 1'b0;
    wdup    = 1'b0;
    hway    = '0;
    for (int w = 0; w < L1Ways; w++) begin
      i = set_base + LIW'(w);
      s = st_a(i);
      for (int k = 0; k < Mshrs; k++) begin
        if (mv_a[k] != MFree && midx_q[k] == i) begin
          w_named[w] = 1'b1;
        end
      end
      wl   = (LA'(tag_q[i]) << SB) | (LA'(acc_set) & SetMask);
      inwb = 1'b0;
      for (int j = 0; j < WbEntries; j++) begin
        if (wbv_q[j] && wbl_q[j] == wl) begin
          inwb = 1'b1;
        end
      end
      al         = (s != '0) || (dirty_q[i] != '0) || w_named[w];
      w_free[w]  = !al;
      w_clean[w] = al && !w_named[w] && (st_is(s, WR) == '0) && (dirty_q[i] == '0);
      w_owned[w] = al && !w_named[w] && (dirty_q[i] == '0);
      w_dirty[w] = !w_named[w] && (dirty_q[i] != '0) && !inwb;             // rule 4 skips it
      if (al && tag_q[i] == acc_tag) begin
        wdup = wdup | hit;
        if (!hit) begin
          hway = WW'(w);
        end
        hit = 1'b1;
      end
    end
  end

  logic [LIW-1:0]       hidx;    // the matching line
  logic [2*LW-1:0]      hst;     // its state after (a); all I when there is no match
  logic [LineBytes-1:0] hdirty;
  logic [DB-1:0]        hdata;
  assign hidx   = set_base + LIW'(hway);
  assign hst    = hit ? st_a(hidx) : '0;
  assign hdirty = hit ? dirty_q[hidx] : '0;
  assign hdata  = data_q[hit ? hidx : vidx];   // no match: the victim's (data unchanged)

  logic [LW-1:0] h_r, h_valid, h_i;   // words R, valid (V, R, VO), I
  assign h_r     = st_is(hst, WR);
  assign h_i     = st_is(hst, WI);
  assign h_valid = ~h_i;

  // The MSHR naming the matching line (after (a)).
  logic [Mshrs-1:0] kmatch;
  always_comb begin
    for (int k = 0; k < Mshrs; k++) begin
      kmatch[k] = hit && (mv_a[k] != MFree) && (midx_q[k] == hidx);
    end
  end
  logic           hk_found, hk_dup;
  logic [MKW-1:0] hk;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [MKW-1:0] hk2;
  /* verilator lint_on UNUSEDSIGNAL */
  gpucoh_ffs2 #(.Width(Mshrs)) u_hk (
    .vec_i         (kmatch),
    .first_valid_o (hk_found),
    .first_idx_o   (hk),
    .second_valid_o(hk_dup),
    .second_idx_o  (hk2)
  );
  logic [1:0]    hk_kind;
  logic [LW-1:0] hk_want, hk_got, hk_fqv;
  assign hk_kind = hk_found ? mv_a[hk] : MFree;
  assign hk_want = want_q[hk];
  assign hk_got  = got_q[hk];
  assign hk_fqv  = fqv_q[hk];
  logic hk_wait_nz;
  assign hk_wait_nz = (wait_q[hk] != '0);

  // The write-back entry of the event line.
  logic [WbEntries-1:0] wmatch;
  always_comb begin
    for (int j = 0; j < WbEntries; j++) begin
      wmatch[j] = wbv_q[j] && (wbl_q[j] == acc_line);
    end
  end
  logic          wj_found;
  logic [JW-1:0] wj;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [WbEntries-1:0] wj_onehot, wf_onehot;
  /* verilator lint_on UNUSEDSIGNAL */
  gpucoh_ffs #(.Width(WbEntries)) u_wj (
    .vec_i   (wmatch),
    .valid_o (wj_found),
    .onehot_o(wj_onehot),
    .idx_o   (wj)
  );
  logic [LW-1:0] wj_m;           // the words in the write-back buffer
  logic [DB-1:0] wj_d;
  assign wj_m = wj_found ? wbm_q[wj] : '0;
  assign wj_d = wbd_q[wj];

  // The lowest free write-back entry (V01).
  logic          wf_found;
  logic [JW-1:0] wf_idx;
  gpucoh_ffs #(.Width(WbEntries)) u_wfree (
    .vec_i   (~wbv_q),
    .valid_o (wf_found),
    .onehot_o(wf_onehot),
    .idx_o   (wf_idx)
  );

  // ---------------------------------------------------------------------------------------------
  // L2 (b): the message (section 5)
  // ---------------------------------------------------------------------------------------------

  logic [LW-1:0] m_mask, m_pmask, m_self;   // mask, pmask below LW; data words naming self
  assign m_mask  = in_mask_i[LW-1:0];
  assign m_pmask = in_pmask_i[LW-1:0];
  always_comb begin
    for (int w = 0; w < LW; w++) begin
      m_self[w] = (in_data_i[32*w +: 32] == 32'(sm_id_i));
    end
  end

  logic k_data, k_regd, k_wback, k_recall, k_pdata, k_xfer, k_dack, k_ok;
  assign k_data   = (in_kind_i == MsgData);
  assign k_regd   = (in_kind_i == MsgRegd);
  assign k_wback  = (in_kind_i == MsgWback);
  assign k_recall = (in_kind_i == MsgRecall);
  assign k_pdata  = (in_kind_i == MsgPdata);
  assign k_xfer   = (in_kind_i == MsgXfer);
  assign k_dack   = (in_kind_i == MsgDack);
  assign k_ok     = k_data || k_regd || k_wback || k_recall || k_pdata || k_xfer || k_dack;

  logic m01, m02, m03, m04, m05, m06, m07, m08, m09;   // the rows (kind and role)
  logic gets_ok, reg_ok;                          // the MSHR they need exists
  assign m01     = msg && k_data && (in_req_i == sm_id_i || m_mask == '0);
  assign m03     = msg && k_data && !(in_req_i == sm_id_i || m_mask == '0);
  assign m02     = msg && k_pdata;
  assign m04     = msg && k_regd && (in_req_i == sm_id_i);
  assign m06     = msg && k_regd && (in_req_i != sm_id_i);
  assign m05     = msg && k_xfer;
  assign m07     = msg && k_recall;
  assign m08     = msg && k_wback;
  assign m09     = msg && k_dack;
  assign gets_ok = hit && hk_found && (hk_kind == MGets);
  assign reg_ok  = hit && hk_found && (hk_kind == MReg);

  // The rows that find their MSHR: M01 / M04 only while the registry's answer has not arrived
  // (hdr == 0, reading R1 of the page); M02 / M05 whenever the MSHR is there.
  logic m01_ok, m02_ok, m04_ok, m05_ok;
  logic hk_hdr, hdr_n;           // hdr of MSHR hk before and after the message
  assign hk_hdr = hdr_q[hk];
  assign m01_ok = m01 && gets_ok && !hk_hdr;
  assign m02_ok = m02 && gets_ok;
  assign m04_ok = m04 && reg_ok && !hk_hdr;
  assign m05_ok = m05 && reg_ok;
  assign hdr_n  = hk_hdr || m01_ok || m04_ok;

  // M09 (D17): a DACK finds a DRAIN MSHR of the line still waiting for it; it is freed now if
  // nothing is queued and hold is 0 (L16), else when the last of the three holds.
  logic m09_ok, m09_free;
  assign m09_ok   = m09 && hit && hk_found && (hk_kind == MDrain) && !dack_q[hk];
  assign m09_free = m09_ok && (hk_fqv == '0) && (hold_q[hk] == '0);

  // Installs (L13): the words, their state, and whether they become R (dirty cleared).
  logic [LW-1:0] i_words;        // installed
  logic [1:0]    i_st;
  logic          i_r;
  logic [LW-1:0] i_own;          // M01: owned here, counted
  always_comb begin
    i_words = '0;
    i_st    = WV;
    i_r     = 1'b0;
    i_own   = '0;
    if (m01_ok) begin
      i_words = ~m_mask;
      i_own   = m_mask & m_self;
    end else if (m02_ok) begin
      i_words = m_mask;
    end else if (m04_ok) begin
      i_words = m_mask & ~m_pmask;
      i_r     = 1'b1;
    end else if (m05_ok) begin
      i_words = m_mask;
      i_r     = 1'b1;
    end
    if (!i_r) begin
      i_st = stale_q[hk] ? WI : ro_q[hk] ? WVO : WV;
    end else begin
      i_st = WR;
    end
  end

  logic [LineBytes-1:0] i_bytes;       // bytes taken from the message: under no dirty byte
  logic [DB-1:0]        i_data;        // the line after the install
  logic [LineBytes-1:0] i_dirty;       // its dirty bytes after it
  logic [LW-1:0]        i_got;         // got after it
  assign i_bytes = wbytes(i_words) & ~hdirty;
  assign i_data  = gpucoh_bytemerge_f(hdata, in_data_i, i_bytes);
  assign i_dirty = i_r ? (hdirty & ~wbytes(i_words)) : hdirty;
  assign i_got   = hk_got | i_words | i_own;

  logic m10_done, m11_done;      // M10 / M11: the answer is in and every word has arrived
  assign m10_done = (m01_ok || m02_ok) && hdr_n && (i_got == AllW);
  assign m11_done = (m04_ok || m05_ok) && hdr_n && (i_got == hk_want);

  // Forwards: the words to serve, from the line (R here) or the write-back buffer.
  logic [LW-1:0] f_p;            // the words the forward names here
  logic [LW-1:0] f_r;            // ... R here
  logic [LW-1:0] f_wb;           // ... in the write-back buffer (and not R here)
  logic [LW-1:0] f_q;            // M06: queued behind a REG / DRAIN MSHR of the line
  logic [LW-1:0] f_now;          // served now (M03 PDATA, M06 XFER)
  logic [DB-1:0] f_data;
  always_comb begin
    f_p = '0;
    if (m03) begin
      f_p = m_mask & m_self;
    end else if (m06) begin
      f_p = m_pmask & m_self;
    end else if (m07) begin
      f_p = m_mask & m_self;
    end
    f_q = (m06 && hk_found && (hk_kind == MReg || hk_kind == MDrain)) ? (f_p & hk_want) : '0;
    f_r   = f_p & ~f_q & st_is(hst, WR);
    f_wb  = f_p & ~f_q & ~f_r & wj_m;
    f_now = f_r | f_wb;
    for (int w = 0; w < LW; w++) begin
      f_data[32*w +: 32] = f_r[w]  ? hdata[32*w +: 32] :
                           f_wb[w] ? wj_d[32*w +: 32] : 32'd0;
    end
  end

  // L9: a message that finds nothing it names (counted by the C model; a warning here).
  logic m_err;
  always_comb begin
    m_err = 1'b0;
    if (msg) begin
      if (!k_ok) begin
        m_err = 1'b1;                                      // I3
      end else if ((m01 && !m01_ok) || (m02 && !m02_ok)) begin
        m_err = 1'b1;                                      // no GETS MSHR waiting for it
      end else if ((m04 && !m04_ok) || (m05 && !m05_ok)) begin
        m_err = 1'b1;
      end else if (m08 && !wj_found) begin
        m_err = 1'b1;
      end else if (m09 && !m09_ok) begin
        m_err = 1'b1;                                      // no DRAIN MSHR waiting for it
      end else if (m03 && (f_now != f_p || f_p == '0)) begin
        m_err = 1'b1;
      end else if (m06 && ((f_now | f_q) != f_p || f_p == '0)) begin
        m_err = 1'b1;
      end else if (m07 && ((f_r | f_wb) != f_p || f_p == '0)) begin
        m_err = 1'b1;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // L2 (c): the store-buffer engine (section 7; gpu_l1.md section 7)
  // ---------------------------------------------------------------------------------------------

  // MSHR kinds and write-back entries after (a) / (b) (N1).
  (* mem2reg *) logic [1:0]           mv_v [Mshrs];
  logic [WbEntries-1:0] wbv_v;
  always_comb begin
    for (int k = 0; k < Mshrs; k++) begin
      mv_v[k] = mv_a[k];
      if (32'(hk) == k && (m10_done || m09_free)) begin
        mv_v[k] = MFree;
      end else if (32'(hk) == k && m11_done) begin
        mv_v[k] = MDrain;                                    // M11: always, until its DACK
      end
    end
    wbv_v = wbv_q;
    if (m08 && wj_found) begin
      wbv_v[wj] = 1'b0;
    end
  end

  logic [LA-1:0]  p_line;        // the entry at the ring's head
  logic [SIW-1:0] p_set;
  logic [TW-1:0]  p_tag;
  assign p_line = sb_q[sbh_q];
  assign p_set  = SIW'(p_line & SetMask);
  assign p_tag  = TW'(p_line >> SB);

  logic           p_hit;         // a way of p's set has p's tag and dirty bytes
  logic [LIW-1:0] p_idx;
  logic [LW-1:0]  p_u;           // U of that line
  logic           p_named;       // an MSHR names it after (a) / (b)
  logic           p_inwb;        // it is in the write-back buffer after (b)
  logic           p_mfree;       // an MSHR is free after (a) / (b)
  logic           p_mfree2;      // two are (one is left after the engine's REG in (c))
  logic [MKW-1:0] p_k;           // the lowest such
  always_comb begin
    logic [LIW-1:0] i;
    logic [LW-1:0]  wreg;
    p_hit   = 1'b0;
    p_idx   = '0;
    i       = '0;
    for (int w = 0; w < L1Ways; w++) begin
      i = LIW'(32'(p_set) * L1Ways + w);
      if (!p_hit && tag_q[i] == p_tag && dirty_q[i] != '0) begin
        p_hit = 1'b1;
        p_idx = i;
      end
    end
    wreg     = '0;
    p_named  = 1'b0;
    p_mfree  = 1'b0;
    p_mfree2 = 1'b0;
    p_k      = '0;
    for (int k = Mshrs - 1; k >= 0; k--) begin
      if (mv_q[k] == MReg && midx_q[k] == p_idx) begin
        wreg = want_q[k];
      end
      if (mv_v[k] != MFree && midx_q[k] == p_idx) begin
        p_named = 1'b1;
      end
      if (mv_v[k] == MFree) begin
        p_mfree2 = p_mfree;
        p_mfree = 1'b1;
        p_k     = MKW'(k);
      end
    end
    p_u    = p_hit ? (bwords(dirty_q[p_idx]) & ~wreg) : '0;
    p_inwb = 1'b0;
    for (int j = 0; j < WbEntries; j++) begin
      if (wbv_v[j] && wbl_q[j] == p_line) begin
        p_inwb = 1'b1;
      end
    end
  end

  logic batch_pc, idle_pc, full_pc;  // the pop conditions (registered state)
  logic p_odd, p_block;
  assign batch_pc = batch_q && (fl_q != '0);
  assign idle_pc  = !batch_q && (sbcnt_q != '0) && (idle_q == IdleMax);
  assign p_odd    = (p_u != '0);
  assign p_block  = p_odd && (p_named || !p_mfree || p_inwb);

  logic e_reg_bi;                    // a batch or idle pop sends a REG (L8)
  assign e_reg_bi = (batch_pc || idle_pc) && p_odd && !p_block;
  // An MSHR is free for the head (d): after the engine's REG of (c) took the lowest (L2: (d)
  // sees the MSHRs as (c) left them; S07, victim rule 4). A full pop (B05 / B06) needs S03, which
  // comes before S07.
  logic h_mfree;
  assign h_mfree = e_reg_bi ? p_mfree2 : p_mfree;

  // ---------------------------------------------------------------------------------------------
  // L2 (d): the head (section 6)
  // ---------------------------------------------------------------------------------------------

  logic gpu_s;
  logic [LWW-1:0] h_w;
  logic [LW-1:0]  h_wbit;
  logic [NW-1:0]  h_wfbit;
  assign gpu_s   = (Hrf == 32'd0) || h_gpu;                               // L4
  assign h_w     = LWW'(32'(h_word) % LW);                                // L5
  assign h_wbit  = WOne << h_w;
  assign h_wfbit = WfOne << h_wf;

  logic is_ld, is_st, is_at, is_fe;
  logic ld_sync, ld_plain, st_sync, st_plain;
  assign is_ld    = (h_op == OpLoad);
  assign is_st    = (h_op == OpStore);
  assign is_at    = (h_op == OpAtomic);
  assign is_fe    = (h_op == OpFence);
  assign ld_sync  = is_ld && h_acq && gpu_s;
  assign ld_plain = is_ld && !ld_sync;                                    // N10
  assign st_sync  = is_st && h_rel && gpu_s;
  assign st_plain = is_st && !st_sync;

  logic [LW-1:0] h_n;            // N of a plain LOAD
  assign h_n = h_all ? AllW : h_wbit;

  logic w_r, w_i;                // word w is R, I (neither: V or VO)
  assign w_r   = |(h_r & h_wbit);
  assign w_i   = |(h_i & h_wbit);

  // U before and after a write of the bytes wdirty (the words not R).
  logic [LW-1:0] h_wreg;         // want of a REG MSHR naming the line
  logic [LW-1:0] u_before;
  assign h_wreg   = (hk_kind == MReg) ? hk_want : '0;
  assign u_before = bwords(hdirty) & ~h_wreg;

  // The atomic (P1; gpucoh_amo, word mod LW).
  logic [31:0]   at_old;
  logic [DB-1:0] at_line;
  logic          at_writes;
  gpucoh_amo #(.Words(LW)) u_amo (
    .line_i(hdata),
    .word_i(h_w),
    .aop_i (h_aop),
    .a_i   (h_a),
    .b_i   (h_b),
    .old_o (at_old),
    .line_o(at_line)
  );
  assign at_writes = (h_aop == AopAdd) || (h_aop == AopExch) ||
                     ((h_aop == AopCas) && (at_old == h_a));

  // The store's bytes (C10-C12): into data; dirty for the words that are not R.
  logic [LineBytes-1:0] st_dbytes;
  logic [LW-1:0]        st_u_after;
  assign st_dbytes  = h_mask & ~wbytes(h_r);
  assign st_u_after = bwords(hdirty | st_dbytes) & ~h_wreg;
  // C19's bytes: word w's 4 bytes.
  logic [LW-1:0]        c19_u_after;
  assign c19_u_after = bwords(hdirty | wbytes(h_wbit)) & ~h_wreg;

  // Rows.
  logic c01, c02, c03, c04, c05, c06, c07, c08, c09, c10, c11, c12, c13, c14, c15;
  logic c16, c17, c18, c19, c20, c21, c22, c_bad;
  always_comb begin
    c01 = ld_plain && hit && ((h_n & ~h_valid) == '0);
    c02 = ld_plain && hit && !c01 && (hk_kind == MGets) && !stale_q[hk];
    c03 = ld_plain && hit && !c01 && (hk_kind == MGets) && stale_q[hk];
    c04 = ld_plain && hit && !c01 && (hk_kind == MReg || hk_kind == MDrain);
    c05 = ld_plain && hit && !c01 && !hk_found;
    c06 = ld_plain && !hit;
    c07 = ld_sync && hit && w_r;
    c08 = ld_sync && !(hit && w_r) && !hk_found;
    c09 = ld_sync && !(hit && w_r) && hk_found;
    c10 = st_plain && hit && !((u_before == '0) && (st_u_after != '0));
    c11 = st_plain && hit && (u_before == '0) && (st_u_after != '0);
    c12 = st_plain && !hit;
    c13 = st_sync && hit && w_r;
    c14 = st_sync && !(hit && w_r) && !hk_found;
    c15 = st_sync && !(hit && w_r) && hk_found;
    c16 = is_at && hit && w_r;
    c17 = is_at && !(hit && w_r) && (gpu_s || w_i) && !hk_found;
    c18 = is_at && !(hit && w_r) && (gpu_s || w_i) && hk_found;
    c19 = is_at && !(hit && w_r) && !(gpu_s || w_i);
    c20 = is_fe && !gpu_s;
    c21 = is_fe && gpu_s && !batch_q;
    c22 = is_fe && gpu_s && batch_q;
    c_bad = !(is_ld || is_st || is_at || is_fe);
  end

  logic c19_push;                // C19 writes and makes U non-empty (N8)
  assign c19_push = c19 && at_writes && (u_before == '0) && (c19_u_after != '0);

  // Evaluation (L11).
  logic own_stall, s03, s08, s07, s02, s04;
  logic snd_gets, snd_reg, need_alloc, push_row;
  logic alloc_ok, v01, v02, v02c;
  logic h_stall, h_act, h_pop, h_alloc;
  logic h_in_wb;
  assign h_in_wb    = wj_found;                // the event line is the head's in head edges
  assign snd_gets   = c05 || c06;
  assign snd_reg    = c08 || c14 || c17;
  assign need_alloc = !hit && (c06 || c08 || c12 || c14 || c17);
  assign push_row   = c11 || c12 || c19_push;
  assign own_stall  = c03 || c04 || c09 || c15 || c18;                   // S01, S06
  assign s03        = !own_stall && push_row && (sbcnt_q == SbFull);
  assign s08        = !own_stall && !s03 && (snd_gets || snd_reg) && h_in_wb;
  assign s07        = !own_stall && !s03 && !s08 && (snd_gets || snd_reg) && !h_mfree;

  // L7 victim: rule 1 the first free way (gpucoh_ffs), rules 2-4 circular scans from rr_q[s]
  // (gpucoh_rr_ffs).
  logic          v1_found, v2_found, v3_found, v4_found;
  logic [WW-1:0] v1_way, v2_way, v3_way, v4_way;
  logic [WW-1:0] rr;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [L1Ways-1:0] v1_onehot;
  /* verilator lint_on UNUSEDSIGNAL */
  assign rr = rr_q[32'(acc_set)*WW +: WW];
  gpucoh_ffs #(.Width(L1Ways)) u_free_way (
    .vec_i   (w_free),
    .valid_o (v1_found),
    .onehot_o(v1_onehot),
    .idx_o   (v1_way)
  );
  gpucoh_rr_ffs #(.Width(L1Ways)) u_clean_way (   // rule 2
    .vec_i  (w_clean),
    .start_i(rr),
    .valid_o(v2_found),
    .idx_o  (v2_way)
  );
  gpucoh_rr_ffs #(.Width(L1Ways)) u_owned_way (   // rule 3 (V01)
    .vec_i  (w_owned),
    .start_i(rr),
    .valid_o(v3_found),
    .idx_o  (v3_way)
  );
  gpucoh_rr_ffs #(.Width(L1Ways)) u_dirty_way (   // rule 4 (V02)
    .vec_i  (w_dirty),
    .start_i(rr),
    .valid_o(v4_found),
    .idx_o  (v4_way)
  );

  logic [WW-1:0]        vway;
  logic [LIW-1:0]       vidx;
  logic [LA-1:0]        vline;
  logic [2*LW-1:0]      vst;
  logic [LW-1:0]        v_r, v_u;
  assign vway  = v1_found ? v1_way : v2_found ? v2_way :
                 (v3_found && wf_found) ? v3_way : v4_way;
  assign vidx  = set_base + LIW'(vway);
  assign vline = (LA'(tag_q[vidx]) << SB) | (LA'(acc_set) & SetMask);
  assign vst   = st_a(vidx);
  assign v_r   = st_is(vst, WR);
  assign v_u   = bwords(dirty_q[vidx]);       // no MSHR names a candidate: U = dirty words

  logic pre_ok;                  // no stall before allocation
  assign pre_ok   = h_try && !own_stall && !s03 && !s08 && !s07;
  assign alloc_ok = v1_found || v2_found;
  assign v01      = pre_ok && need_alloc && !alloc_ok && v3_found && wf_found;
  assign v02c     = pre_ok && need_alloc && !alloc_ok && !(v3_found && wf_found) &&
                    v4_found && h_mfree;
  assign s02      = pre_ok && need_alloc && !alloc_ok && !v01 && !v02c;
  assign s04      = pre_ok && !s02 && !v01 && e_reg_bi &&
                    (snd_gets || snd_reg || v02c || (!is_fe && !c_bad && h_line == p_line));
  assign v02      = v02c && !s04;                                        // V02 performed
  assign h_stall  = own_stall || s03 || s08 || s07 || s02 || s04;
  assign h_act    = h_try && !h_stall && !v01 && !v02;                  // the row's action
  assign h_pop    = h_act && !(c08 || c14 || c17);
  assign h_alloc  = h_act && need_alloc && alloc_ok;

  // The full pop (B05 / B06): the head stalled with S03.
  assign full_pc = !batch_q && (sbcnt_q == SbFull) && (idle_q != IdleMax) && h_try && s03;

  logic pop, e_reg;              // the engine pops; it sends a REG
  assign pop   = (batch_pc || idle_pc || full_pc) && !p_block;
  assign e_reg = pop && p_odd;

  // The head's line after the head (C10-C13, C16, C19, allocation, V01).
  logic           h_ln_we;         // tag, dirty, data of line h_idx
  logic           h_st_we;
  logic [LIW-1:0] h_idx;
  logic [TW-1:0]  h_tag_n;
  logic [2*LW-1:0] h_st_n;
  logic [LineBytes-1:0] h_dirty_n;
  logic [DB-1:0]  h_data_n;
  logic           h_mshr;          // the head allocates an MSHR (GETS or REG)
  logic [1:0]     h_mkind;
  logic [LW-1:0]  h_mwant;
  logic           h_msync;
  logic           h_inv;
  logic           h_push;
  logic           store_row;
  always_comb begin
    logic [2*LW-1:0]      s0;
    logic [LineBytes-1:0] d0;
    h_ln_we   = 1'b0;
    h_st_we   = 1'b0;
    h_idx     = hit ? hidx : vidx;
    h_tag_n   = h_alloc ? acc_tag : tag_q[h_idx];
    s0        = h_alloc ? '0 : hst;
    d0        = h_alloc ? '0 : hdirty;
    h_st_n    = s0;
    h_dirty_n = d0;
    h_data_n  = hdata;
    h_mshr    = 1'b0;
    h_mkind   = MGets;
    h_mwant   = AllW;
    h_msync   = 1'b0;
    h_inv     = 1'b0;
    h_push    = 1'b0;
    store_row = 1'b0;
    if (h_alloc) begin
      // L7 rules 1, 2: the way gets the tag, every word I, dirty 0, data unchanged.
      h_ln_we = 1'b1;
      h_st_we = 1'b1;
    end
    if (v01) begin
      // V01: the way becomes free; its R words leave in a WB (below).
      h_ln_we   = 1'b1;
      h_st_we   = 1'b1;
      h_idx     = vidx;
      h_tag_n   = tag_q[vidx];
      h_st_n    = '0;
      h_dirty_n = '0;
      h_data_n  = data_q[vidx];
    end else if (v02) begin
      // V02: REG of the victim's dirty words (the victim stays).
      h_mshr  = 1'b1;
      h_mkind = MReg;
      h_mwant = v_u;
    end else if (h_act) begin
      if (snd_gets) begin
        h_mshr  = 1'b1;                                  // C05, C06
      end
      if (snd_reg) begin
        h_mshr  = 1'b1;                                  // C08, C14, C17
        h_mkind = MReg;
        h_mwant = h_wbit;
        h_msync = 1'b1;
      end
      if (c07) begin
        h_inv = 1'b1;
      end
      if (c10 || c11 || c12) begin
        // Every byte into data; the bytes of words that are not R dirty; VO words of T V.
        h_ln_we   = 1'b1;
        h_st_we   = 1'b1;
        h_data_n  = gpucoh_bytemerge_f(hdata, h_data, h_mask);
        h_dirty_n = d0 | (h_mask & ~wbytes(st_is(s0, WR)));
        h_st_n    = st_set(s0, st_is(s0, WVO) & bwords(h_mask), WV);
        h_push    = c11 || c12;
        store_row = 1'b1;
      end
      if (c13) begin
        h_ln_we   = 1'b1;
        h_data_n  = gpucoh_bytemerge_f(hdata, h_data, h_mask & wbytes(h_wbit));
        store_row = 1'b1;
      end
      if (c16) begin
        h_ln_we  = 1'b1;
        h_data_n = at_line;
        h_inv    = h_acq && gpu_s;
      end
      if (c19 && at_writes) begin
        h_ln_we   = 1'b1;
        h_st_we   = 1'b1;
        h_data_n  = at_line;
        h_dirty_n = hdirty | wbytes(h_wbit);
        h_st_n    = st_set(hst, h_wbit, WV);
        h_push    = c19_push;
        store_row = 1'b1;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs of the edge: core response, req, wb, peer
  // ---------------------------------------------------------------------------------------------

  localparam logic [2:0] CNone  = 3'd0;   // crsp data: 0
  localparam logic [2:0] CLine  = 3'd1;   // the head's line (C01, C07)
  localparam logic [2:0] CBefore = 3'd2;  // the line before the atomic (C16, C19)
  localparam logic [2:0] CInst  = 3'd3;   // the line after the install (M10)

  logic          crsp_valid_d;
  logic [1:0]    crsp_kind_d;
  logic [NW-1:0] crsp_wf_d;
  logic [LA-1:0] crsp_line_d;
  logic [2:0]    csel;
  logic          req_valid_d;
  logic [3:0]    req_kind_d;
  logic [LA-1:0] req_line_d;
  logic [LW-1:0] req_mask_d;
  logic          req_sync_d;
  logic          wb_valid_d;
  logic [3:0]    wb_kind_d;
  logic [LA-1:0] wb_line_d;
  logic [LW-1:0] wb_mask_d;
  logic          wb_rec_d;
  logic [DB-1:0] wb_data_d;
  logic          peer_valid_d;
  logic [3:0]    peer_kind_d;
  logic [5:0]    peer_dst_d;
  logic [LA-1:0] peer_line_d;
  logic [LW-1:0] peer_mask_d;
  logic [DB-1:0] peer_data_d;

  always_comb begin
    crsp_valid_d = 1'b0;
    crsp_kind_d  = '0;
    crsp_wf_d    = '0;
    crsp_line_d  = '0;
    csel         = CNone;
    req_valid_d  = 1'b0;
    req_kind_d   = '0;
    req_line_d   = '0;
    req_mask_d   = '0;
    req_sync_d   = 1'b0;
    wb_valid_d   = 1'b0;
    wb_kind_d    = '0;
    wb_line_d    = '0;
    wb_mask_d    = '0;
    wb_rec_d     = 1'b0;
    wb_data_d    = '0;
    peer_valid_d = 1'b0;
    peer_kind_d  = '0;
    peer_dst_d   = '0;
    peer_line_d  = '0;
    peer_mask_d  = '0;
    peer_data_d  = '0;

    // (a) X01: the queued transfer.
    if (xa) begin
      peer_valid_d = 1'b1;
      peer_kind_d  = MsgXfer;
      peer_dst_d   = xa_dst;
      peer_line_d  = idx_line(xa_idx);
      peer_mask_d  = xa_mask;
      peer_data_d  = wkeep(data_q[xa_idx], xa_mask);
    end

    // (b) the message's sends.
    if (m10_done && hk_wait_nz) begin
      crsp_valid_d = 1'b1;                                       // M10
      crsp_kind_d  = CrspLoad;
      crsp_wf_d    = wait_q[hk];
      crsp_line_d  = in_line_i;
      csel         = CInst;
    end
    if (m11_done) begin
      wb_valid_d = 1'b1;                                         // M11: DONE
      wb_kind_d  = MsgDone;
      wb_line_d  = in_line_i;
      wb_mask_d  = hk_want;
    end
    if ((m03 || m06) && f_now != '0) begin
      peer_valid_d = 1'b1;                                       // M03 PDATA, M06 XFER
      peer_kind_d  = m03 ? MsgPdata : MsgXfer;
      peer_dst_d   = in_req_i;
      peer_line_d  = in_line_i;
      peer_mask_d  = f_now;
      peer_data_d  = f_data;
    end
    if (m07 && f_r != '0) begin
      wb_valid_d = 1'b1;                                         // M07: a recall's WB
      wb_kind_d  = MsgWb;
      wb_line_d  = in_line_i;
      wb_mask_d  = f_r;
      wb_rec_d   = 1'b1;
      wb_data_d  = wkeep(hdata, f_r);                          // N6: its words only
    end

    // (c) the engine's REG.
    if (e_reg) begin
      req_valid_d = 1'b1;
      req_kind_d  = MsgReg;
      req_line_d  = p_line;
      req_mask_d  = p_u;
    end

    // (d) the head's sends and core response.
    if (h_act || v01 || v02) begin
      if (v01) begin
        wb_valid_d = 1'b1;                                       // V01
        wb_kind_d  = MsgWb;
        wb_line_d  = vline;
        wb_mask_d  = v_r;
        wb_data_d  = wkeep(data_q[vidx], v_r);
      end else if (v02) begin
        req_valid_d = 1'b1;                                      // V02
        req_kind_d  = MsgReg;
        req_line_d  = vline;
        req_mask_d  = v_u;
      end else if (snd_gets) begin
        req_valid_d = 1'b1;                                      // C05, C06
        req_kind_d  = MsgGets;
        req_line_d  = h_line;
      end else if (snd_reg) begin
        req_valid_d = 1'b1;                                      // C08, C14, C17
        req_kind_d  = MsgReg;
        req_line_d  = h_line;
        req_mask_d  = h_wbit;
        req_sync_d  = 1'b1;
      end
      if (h_act && (c01 || c07)) begin
        crsp_valid_d = 1'b1;
        crsp_kind_d  = CrspLoad;
        crsp_wf_d    = h_wfbit;
        crsp_line_d  = h_line;
        csel         = CLine;
      end
      if (h_act && (c16 || c19)) begin
        crsp_valid_d = 1'b1;
        crsp_kind_d  = CrspAtomic;
        crsp_wf_d    = h_wfbit;
        crsp_line_d  = h_line;
        csel         = CBefore;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // The event's line writes ((a) and (b)) and the MSHR / write-back writes
  // ---------------------------------------------------------------------------------------------

  logic                 e_ln_we;      // dirty, data of e_idx (a message's install)
  logic                 e_st_we;
  logic [LIW-1:0]       e_idx;
  logic [2*LW-1:0]      e_st_n;
  always_comb begin
    e_ln_we = 1'b0;
    e_st_we = 1'b0;
    e_idx   = hidx;
    e_st_n  = hst;
    if (xa) begin
      e_st_we = 1'b1;                                          // X01: the words sent are I
      e_idx   = xa_idx;
      e_st_n  = st_a(xa_idx);
    end else if (i_words != '0) begin
      e_ln_we = 1'b1;                                          // M01, M02, M04, M05
      e_st_we = 1'b1;
      e_st_n  = st_set(hst, i_words, i_st);
    end else if ((m06 || m07) && f_r != '0) begin
      e_st_we = 1'b1;                                          // M06, M07: the R words sent
      e_st_n  = st_set(hst, f_r, WI);
    end
  end

  // INV (L6) asked for by the head (C07, C16) or the batch check.
  logic bdone, inv;

  // Per MSHR: (a) / message, engine, head, then hold (L16) and stale (L6).
  (* mem2reg *) logic [1:0]     mv_d    [Mshrs];
  (* mem2reg *) logic [LIW-1:0] midx_d  [Mshrs];
  (* mem2reg *) logic [LW-1:0]  want_d  [Mshrs];
  (* mem2reg *) logic [LW-1:0]  got_d   [Mshrs];
  (* mem2reg *) logic [NW-1:0]  wait_d  [Mshrs];
  logic [Mshrs-1:0] stale_d, ro_d, sync_d, hdr_d, dack_d;
  (* mem2reg *) logic [LW-1:0]  fqv_d   [Mshrs];
  (* mem2reg *) logic [6*LW-1:0] fqd_d  [Mshrs];
  (* mem2reg *) logic [QW-1:0]  hold_d  [Mshrs];
  logic           h_ro_bit;
  logic [LIW-1:0] h_midx;
  // ro only for the head's own GETS: V02's REG of the victim (the head stays) takes ro := 0
  // (N7: a new MSHR is 0 in every field its row does not set).
  assign h_ro_bit = (Ro == 32'd1) && h_ro && snd_gets && !v02;
  assign h_midx   = v02 ? vidx : h_alloc ? vidx : hidx;

  always_comb begin
    for (int k = 0; k < Mshrs; k++) begin
      mv_d[k]    = mv_q[k];
      midx_d[k]  = midx_q[k];
      want_d[k]  = want_q[k];
      got_d[k]   = got_q[k];
      wait_d[k]  = wait_q[k];
      stale_d[k] = stale_q[k];
      ro_d[k]    = ro_q[k];
      sync_d[k]  = sync_q[k];
      hdr_d[k]   = hdr_q[k];
      dack_d[k]  = dack_q[k];
      fqv_d[k]   = fqv_q[k];
      fqd_d[k]   = fqd_q[k];
      hold_d[k]  = hold_q[k];
      // (a) X01: the queued words sent; free when none is left.
      if (xa && 32'(xa_k) == k) begin
        fqv_d[k] = xa_rest;
        mv_d[k]  = mv_a[k];
      end
      // (b) M01 / M02 / M04 / M05 (got; M10, M11), M06 (queued transfers).
      if (msg && 32'(hk) == k && (gets_ok || reg_ok) && (i_words | i_own) != '0) begin
        got_d[k] = i_got;
      end
      if (msg && 32'(hk) == k && (m01_ok || m04_ok)) begin
        hdr_d[k] = 1'b1;                                       // M01, M04: the answer is in
      end
      if (msg && 32'(hk) == k && f_q != '0) begin
        fqv_d[k] = fqv_q[k] | f_q;
        for (int w = 0; w < LW; w++) begin
          if (f_q[w]) begin
            fqd_d[k][6*w +: 6] = in_req_i;
          end
        end
      end
      if (msg && 32'(hk) == k && (m10_done || m11_done)) begin
        mv_d[k]   = mv_v[k];
        if (m11_done) begin
          // M11: DRAIN until the DACK (D17); hold := fcnt_q with queued transfers or a sync
          // registration, else 0 (L16).
          dack_d[k] = 1'b0;
          hold_d[k] = ((hk_fqv | f_q) != '0 || sync_q[k]) ? fcnt_q : '0;
        end
      end
      if (msg && 32'(hk) == k && m09_ok) begin
        dack_d[k] = 1'b1;                                      // M09
        mv_d[k]   = mv_v[k];
      end
      // (c) the engine's REG.
      if (e_reg && 32'(p_k) == k) begin
        mv_d[k]    = MReg;
        midx_d[k]  = p_idx;
        want_d[k]  = p_u;
        got_d[k]   = '0;
        wait_d[k]  = '0;
        stale_d[k] = 1'b0;
        ro_d[k]    = 1'b0;
        sync_d[k]  = 1'b0;
        hdr_d[k]   = 1'b0;
        dack_d[k]  = 1'b0;
        fqv_d[k]   = '0;
        fqd_d[k]   = '0;
        hold_d[k]  = '0;
      end
      // (d) the head: a new GETS / REG (N7), or C02's merge.
      if ((h_act || v02) && h_mshr && 32'(p_k) == k) begin
        mv_d[k]    = h_mkind;
        midx_d[k]  = h_midx;
        want_d[k]  = h_mwant;
        got_d[k]   = '0;
        wait_d[k]  = (h_mkind == MGets) ? h_wfbit : '0;
        stale_d[k] = 1'b0;
        ro_d[k]    = h_ro_bit;
        sync_d[k]  = h_msync;
        hdr_d[k]   = 1'b0;
        dack_d[k]  = 1'b0;
        fqv_d[k]   = '0;
        fqd_d[k]   = '0;
        hold_d[k]  = '0;
      end
      if (h_act && c02 && 32'(hk) == k) begin
        wait_d[k] = wait_q[k] | h_wfbit;
      end
      // L16: hold falls per edge the head is tried; an empty FIFO sets it to 0. A DRAIN MSHR
      // with nothing queued and its DACK in is freed in the first edge whose hold is 0 after
      // that (N14).
      if (mv_q[k] == MDrain && mv_d[k] == MDrain) begin
        if (fcnt_q == '0) begin
          hold_d[k] = '0;
        end else if (h_try && hold_q[k] != '0) begin
          hold_d[k] = hold_q[k] - QW'(1);
        end
        if (hold_d[k] == '0 && fqv_d[k] == '0 && dack_d[k]) begin
          mv_d[k] = MFree;
        end
      end
      // L6: a GETS valid before and after an INV edge is stale.
      if (inv && mv_q[k] == MGets && mv_d[k] == MGets) begin
        stale_d[k] = 1'b1;
      end
    end
  end

  // Write-back buffer: V01 takes the lowest free entry, M08 frees its entry.
  logic wb_alloc;
  assign wb_alloc = v01;

  // ---------------------------------------------------------------------------------------------
  // Store buffer, fences, idle, FIFO (section 7, L2 e-h)
  // ---------------------------------------------------------------------------------------------

  logic           sb_push;
  logic [SCW-1:0] sbcnt_d;
  logic [SHW-1:0] sbh_d, sb_tail;
  logic [31:0]    sb_sum;
  assign sb_push = h_act && h_push;
  assign sbcnt_d = sbcnt_q + SCW'(sb_push) - SCW'(pop);
  assign sbh_d   = !pop ? sbh_q : (32'(sbh_q) == SbEntries - 32'd1) ? '0 : sbh_q + SHW'(1);
  assign sb_sum  = 32'(sbh_q) + 32'(sbcnt_q);
  assign sb_tail = SHW'((sb_sum >= SbEntries) ? sb_sum - SbEntries : sb_sum);

  logic [NW-1:0] push_fbit;      // L12: a pushed FENCE clears its wavefront's bit
  logic          f_push;
  logic          f_legal;
  assign f_legal   = (core_op_i == OpLoad || core_op_i == OpStore || core_op_i == OpAtomic ||
                      core_op_i == OpFence) && (32'(core_wf_i) < NumWf);    // I1
  assign f_push    = core_valid_i && core_ready_q && f_legal;
  assign push_fbit = (f_push && core_op_i == OpFence) ? (WfOne << core_wf_i) : '0;

  // Batch check (B07 / B08; N2).
  logic no_reg_q;
  always_comb begin
    no_reg_q = 1'b1;
    for (int k = 0; k < Mshrs; k++) begin
      if (mv_q[k] == MReg) begin
        no_reg_q = 1'b0;
      end
    end
  end
  assign bdone = batch_q && (fl_q == '0) && no_reg_q;
  assign inv   = (h_act && h_inv) || bdone;

  logic           batch_d;
  logic [SCW-1:0] fl_d;
  logic [NW-1:0]  fcur_d, fwait_d, fdone_d, fwait_h, fdone_h;
  assign fwait_h = (h_act && c22) ? (fwait_q | h_wfbit) : fwait_q;
  assign fdone_h = ((h_act && c20) ? (fdone_q | h_wfbit) :
                    (h_act && (c21 || c22)) ? (fdone_q & ~h_wfbit) : fdone_q) & ~push_fbit;
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

  logic [IW-1:0] idle_d;                   // L10 (N3)
  assign idle_d = (h_act && store_row) ? '0 : (idle_q == IdleMax) ? idle_q : idle_q + IW'(1);

  // Core FIFO.
  logic [QW-1:0]  fcnt_d;
  logic [QPW-1:0] fqh_d, fq_tail;
  logic [31:0]    fq_sum;
  assign fcnt_d  = fcnt_q + QW'(f_push) - QW'(h_pop);
  assign fqh_d   = !h_pop ? fqh_q : (32'(fqh_q) == L1Queue - 32'd1) ? '0 : fqh_q + QPW'(1);
  assign fq_sum  = 32'(fqh_q) + 32'(fcnt_q);
  assign fq_tail = QPW'((fq_sum >= L1Queue) ? fq_sum - L1Queue : fq_sum);

  // L2 h: rdy, drained.
  logic rdy_d, drained_d;
  always_comb begin
    rdy_d     = 1'b1;
    drained_d = (sbcnt_d == '0);
    for (int k = 0; k < Mshrs; k++) begin
      if (mv_d[k] == MDrain && hold_d[k] == '0 && fqv_d[k] != '0) begin
        rdy_d = 1'b0;
      end
      if (mv_d[k] == MReg || mv_d[k] == MDrain) begin
        drained_d = 1'b0;
      end
    end
    for (int j = 0; j < WbEntries; j++) begin
      if (wb_alloc ? (wbv_v[j] || 32'(wf_idx) == j) : wbv_v[j]) begin
        drained_d = 1'b0;
      end
    end
  end

  // The parts of the inputs the L1 does not use: in_src_i (the sender), mask bits >= LW.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] unused_in;
  assign unused_in = {26'd0, in_src_i} ^ in_mask_i ^ in_pmask_i;
  /* verilator lint_on UNUSEDSIGNAL */

  // ---------------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------------

  logic [WW-1:0] rr_d;   // (way + 1) mod L1Ways
  assign rr_d = (32'(vway) == L1Ways - 32'd1) ? '0 : vway + WW'(1);

  // Lines: one block per line (a set loop around a way loop).
  for (genvar s = 0; s < L1Sets; s++) begin : g_set
    for (genvar w = 0; w < L1Ways; w++) begin : g_way
      localparam int I = s * L1Ways + w;   // line index
      logic [2*LW-1:0] st_n;
      always_comb begin
        st_n = st_q[I];
        if (e_st_we && 32'(e_idx) == I) begin
          st_n = e_st_n;
        end
        if (h_st_we && 32'(h_idx) == I) begin
          st_n = h_st_n;
        end
        if (inv) begin
          st_n = st_set(st_n, st_is(st_n, WV), WI);        // L6
        end
      end
      always_ff @(posedge clk_i) begin
        if (!rst_ni) begin
          tag_q[I]   <= '0;
          st_q[I]    <= '0;
          dirty_q[I] <= '0;
          data_q[I]  <= '0;
        end else begin
          st_q[I] <= st_n;
          if (e_ln_we && 32'(e_idx) == I) begin
            dirty_q[I] <= i_dirty;
            data_q[I]  <= i_data;
          end else if (h_ln_we && 32'(h_idx) == I) begin
            tag_q[I]   <= h_tag_n;
            dirty_q[I] <= h_dirty_n;
            data_q[I]  <= h_data_n;
          end
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin : p_rr
    if (!rst_ni) begin
      rr_q <= '0;
    end else if (h_alloc) begin
      rr_q[32'(acc_set)*WW +: WW] <= rr_d;
    end
  end

  for (genvar k = 0; k < Mshrs; k++) begin : g_mshr
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        mv_q[k]    <= MFree;
        midx_q[k]  <= '0;
        want_q[k]  <= '0;
        got_q[k]   <= '0;
        wait_q[k]  <= '0;
        stale_q[k] <= 1'b0;
        ro_q[k]    <= 1'b0;
        sync_q[k]  <= 1'b0;
        hdr_q[k]   <= 1'b0;
        dack_q[k]  <= 1'b0;
        fqv_q[k]   <= '0;
        fqd_q[k]   <= '0;
        hold_q[k]  <= '0;
      end else begin
        mv_q[k]    <= mv_d[k];
        midx_q[k]  <= midx_d[k];
        want_q[k]  <= want_d[k];
        got_q[k]   <= got_d[k];
        wait_q[k]  <= wait_d[k];
        stale_q[k] <= stale_d[k];
        ro_q[k]    <= ro_d[k];
        sync_q[k]  <= sync_d[k];
        hdr_q[k]   <= hdr_d[k];
        dack_q[k]  <= dack_d[k];
        fqv_q[k]   <= fqv_d[k];
        fqd_q[k]   <= fqd_d[k];
        hold_q[k]  <= hold_d[k];
      end
    end
  end

  for (genvar j = 0; j < WbEntries; j++) begin : g_wb
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        wbv_q[j] <= 1'b0;
        wbl_q[j] <= '0;
        wbm_q[j] <= '0;
        wbd_q[j] <= '0;
      end else if (wb_alloc && 32'(wf_idx) == j) begin
        wbv_q[j] <= 1'b1;                                    // V01
        wbl_q[j] <= vline;
        wbm_q[j] <= v_r;
        wbd_q[j] <= wkeep(data_q[vidx], v_r);
      end else begin
        wbv_q[j] <= wbv_v[j];                                // M08
      end
    end
  end

  always_ff @(posedge clk_i) begin : p_sb_mem
    if (sb_push) begin
      sb_q[sb_tail] <= h_line;
    end
  end

  always_ff @(posedge clk_i) begin : p_fq_mem
    if (f_push) begin
      fq_mem_q[fq_tail] <= {core_op_i, core_wf_i, core_line_i, core_gpu_i, core_acq_i,
                            core_rel_i, core_ro_i, core_all_i, core_word_i, core_aop_i,
                            core_a_i, core_b_i, core_data_i, core_mask_i};
    end
  end

  always_ff @(posedge clk_i) begin : p_state
    if (!rst_ni) begin
      fcnt_q  <= '0;
      fqh_q   <= '0;
      sbh_q   <= '0;
      sbcnt_q <= '0;
      batch_q <= 1'b0;
      fl_q    <= '0;
      fcur_q  <= '0;
      fwait_q <= '0;
      fdone_q <= '0;
      idle_q  <= '0;
      rdy_q   <= 1'b1;
    end else begin
      fcnt_q  <= fcnt_d;
      fqh_q   <= fqh_d;
      sbh_q   <= sbh_d;
      sbcnt_q <= sbcnt_d;
      batch_q <= batch_d;
      fl_q    <= fl_d;
      fcur_q  <= fcur_d;
      fwait_q <= fwait_d;
      fdone_q <= fdone_d;
      idle_q  <= idle_d;
      rdy_q   <= rdy_d;
    end
  end

  always_ff @(posedge clk_i) begin : p_out
    if (!rst_ni) begin
      core_ready_q   <= 1'b1;
      crsp_valid_q   <= 1'b0;
      crsp_kind_q    <= '0;
      crsp_wf_mask_q <= '0;
      crsp_line_q    <= '0;
      crsp_data_q    <= '0;
      req_valid_q    <= 1'b0;
      req_kind_q     <= '0;
      req_line_q     <= '0;
      req_mask_q     <= '0;
      req_pmask_q    <= '0;
      wb_valid_q     <= 1'b0;
      wb_kind_q      <= '0;
      wb_line_q      <= '0;
      wb_mask_q      <= '0;
      wb_pmask_q     <= '0;
      wb_data_q      <= '0;
      peer_valid_q   <= 1'b0;
      peer_kind_q    <= '0;
      peer_dst_q     <= '0;
      peer_line_q    <= '0;
      peer_mask_q    <= '0;
      peer_data_q    <= '0;
      drained_q      <= 1'b1;
    end else begin
      core_ready_q   <= (fcnt_d < QueueLen);
      crsp_valid_q   <= crsp_valid_d;
      crsp_kind_q    <= crsp_kind_d;
      crsp_wf_mask_q <= crsp_wf_d;
      crsp_line_q    <= crsp_line_d;
      crsp_data_q    <= (csel == CLine)   ? hdata :
                        (csel == CBefore) ? hdata :
                        (csel == CInst)   ? i_data : '0;
      req_valid_q    <= req_valid_d;
      req_kind_q     <= req_kind_d;
      req_line_q     <= req_line_d;
      req_mask_q     <= 32'(req_mask_d);
      req_pmask_q    <= {31'd0, req_sync_d};
      wb_valid_q     <= wb_valid_d;
      wb_kind_q      <= wb_kind_d;
      wb_line_q      <= wb_line_d;
      wb_mask_q      <= 32'(wb_mask_d);
      wb_pmask_q     <= {31'd0, wb_rec_d};
      wb_data_q      <= wb_data_d;
      peer_valid_q   <= peer_valid_d;
      peer_kind_q    <= peer_kind_d;
      peer_dst_q     <= peer_dst_d;
      peer_line_q    <= peer_line_d;
      peer_mask_q    <= 32'(peer_mask_d);
      peer_data_q    <= peer_data_d;
      drained_q      <= drained_d;
    end
  end

  assign core_ready_o   = core_ready_q;
  assign crsp_valid_o   = crsp_valid_q;
  assign crsp_kind_o    = crsp_kind_q;
  assign crsp_wf_mask_o = crsp_wf_mask_q;
  assign crsp_line_o    = crsp_line_q;
  assign crsp_data_o    = crsp_data_q;
  assign rsp_ready_o    = rdy_q;
  assign peer_ready_o   = rdy_q;
  assign req_valid_o    = req_valid_q;
  assign req_kind_o     = req_kind_q;
  assign req_line_o     = req_line_q;
  assign req_mask_o     = req_mask_q;
  assign req_pmask_o    = req_pmask_q;
  assign wb_valid_o     = wb_valid_q;
  assign wb_kind_o      = wb_kind_q;
  assign wb_line_o      = wb_line_q;
  assign wb_mask_o      = wb_mask_q;
  assign wb_pmask_o     = wb_pmask_q;
  assign wb_data_o      = wb_data_q;
  assign peer_valid_o   = peer_valid_q;
  assign peer_kind_o    = peer_kind_q;
  assign peer_dst_o     = peer_dst_q;
  assign peer_line_o    = peer_line_q;
  assign peer_mask_o    = peer_mask_q;
  assign peer_data_o    = peer_data_q;
  assign fence_done_o   = fdone_q;
  assign drained_o      = drained_q;

  // ---------------------------------------------------------------------------------------------
  // Assertions (simulation only; empty under SYNTHESIS and Icarus)
  // ---------------------------------------------------------------------------------------------

  // ASSERT_WARN flags protocol errors of the environment (L9, I3, E3), which a testbench may
  // present on purpose.
`ifndef SYNTHESIS
  logic sva_one_way     /* verilator public_flat_rd */;   // L1
  logic sva_one_mshr    /* verilator public_flat_rd */;   // L1
  logic sva_msg_ok      /* verilator public_flat_rd */;   // L9
  logic sva_fill_ok     /* verilator public_flat_rd */;   // E3 (DATA / PDATA find a GETS)
  logic sva_kind_ok     /* verilator public_flat_rd */;   // I3
  logic sva_one_out     /* verilator public_flat_rd */;   // L3: one source per network
  logic sva_ready_ok    /* verilator public_flat_rd */;   // L2 h
  logic sva_fl_ok       /* verilator public_flat_rd */;
  logic sva_zero        /* verilator public_flat_rd */;   // timing rule 6
  always_comb begin
    sva_one_way  = !(rst_ni && (msg || h_try)) || !wdup;
    sva_one_mshr = !(rst_ni && (msg || h_try)) || !hk_dup;
    sva_msg_ok   = !(rst_ni && msg) || !m_err;
    sva_fill_ok  = !(rst_ni && (m01 || m02)) || m01_ok || m02_ok;
    sva_kind_ok  = !(rst_ni && msg) || k_ok;
    sva_one_out  = !rst_ni ||
                   (!(xa && (m03 || m06)) &&
                    !(e_reg && (v02 || (h_act && (snd_gets || snd_reg)))) &&
                    !(v01 && (m07 || m11_done)));
    sva_ready_ok = !rst_ni || (core_ready_q == (fcnt_q < QueueLen));
    sva_fl_ok    = !rst_ni || (fl_q <= sbcnt_q);
    sva_zero     = !rst_ni ||
                   ((crsp_valid_q || (crsp_kind_q == '0 && crsp_wf_mask_q == '0 &&
                                      crsp_line_q == '0 && crsp_data_q == '0)) &&
                    (req_valid_q || (req_kind_q == '0 && req_line_q == '0 &&
                                     req_mask_q == '0 && req_pmask_q == '0)) &&
                    (wb_valid_q || (wb_kind_q == '0 && wb_line_q == '0 && wb_mask_q == '0 &&
                                    wb_pmask_q == '0 && wb_data_q == '0)) &&
                    (peer_valid_q || (peer_kind_q == '0 && peer_dst_q == '0 &&
                                      peer_line_q == '0 && peer_mask_q == '0 &&
                                      peer_data_q == '0)));
  end
`endif

  `ASSERT(L1_OneWay_A, sva_one_way)
  `ASSERT(L1_OneMshr_A, sva_one_mshr)
  `ASSERT_WARN(L9_MsgFindsState_A, sva_msg_ok)
  `ASSERT_WARN(E3_FillFindsMshr_A, sva_fill_ok)
  `ASSERT_WARN(Q_KindLegal_A, sva_kind_ok)
  `ASSERT(L3_OneMessagePerNetwork_A, sva_one_out)
  `ASSERT(L2_ReadyIsRoom_A, sva_ready_ok)
  `ASSERT(Fl_Bound_A, sva_fl_ok)
  `ASSERT(PayloadZero_A, sva_zero)

endmodule
