// SPDX-License-Identifier: Apache-2.0
//
// hlrc_l1 -- hLRC L1 controller, one per SM (hLRC: Scoped = 0; hLRC-scoped: Scoped = 1).
//
// The baseline GPU L1 for data accesses (write-through of a coalescing store buffer,
// write-allocate, flash self-invalidation, byte-dirty lines) plus per-line registration for
// synchronizing accesses (an acquire LOAD, a release STORE, every ATOMIC): they are performed in
// the L1 on a registered (R) line; a line that is not R is first registered from the bank (REG,
// GRANT), and the GRANT invalidates the L1's other data (INV). A REVOKE from the bank makes the L1
// flush its whole store buffer (a batch) before it gives the line back (RACK); an R victim is
// flushed and given back with an EVICT. Data accesses to an R line bypass to the bank. Under
// hLRC-scoped, GPU-scope synchronizing accesses are sent to the bank (ATOMIC) after a pre-flush
// (and an own-return of an R line) and followed by an INV. Core requests wait in an L1Queue-entry
// FIFO; one `rsp` message a cycle, never refused. Specification: docs/units/hlrc/hlrc_l1.md (rules
// L1-L16, rows C01-C25, M01-M10, B01-B08, X01, X02, V01, V02, stalls S01-S13, P1) and the family
// page docs/units/hlrc/hlrc.md (sections 2-3, D1-D33); the store buffer and fences follow
// docs/units/gpu/gpu_l1.md section 7; timing contract: docs/timing.md. Every output is a register.
//
//               +-----------------------------------------------------------+
//  core_*     =>| FIFO[L1Queue] -> head --+                                  |=> core_ready_o
//  rsp_*      =>| (a) message ------------+-> lines: tag/st/fresh/pend/      |=> crsp_*
//               | (b) revoke queue / evs -> RACK, EVICT   stale/wait/dirty/  |=> req_* (GETS, WT)
//               | (c) store-buffer ring -> engine (WT)    data/age           |=> sync_* (REG,
//               | (e) batches: batch/fl/fcur/fwait/fdone, rgv/agv/hph        |      ATOMIC)
//               +-----------------------------------------------------------+=> wb_* (RACK,
//                                                                 fence_done_o,   EVICT)
//                                                                 drained_o
//
// Parameters (an illegal value stops elaboration with a message naming it; nothing is clamped;
// all `bit [31:0]`, as Icarus Verilog 11 cannot parse `int unsigned` parameters; defaults are
// the paper configuration of hlrc_l1.md section 1; the small one is NumWf 8, NumBanks 2,
// LineBytes 16, AddrWidth 16, L1Sets 4, L1Ways 2, L1Queue 2, SbEntries 4, SbIdle 64,
// WtCntWidth 3):
//   Scoped      0 hLRC (scopes ignored), 1 hLRC-scoped (GPU scope at the bank, D25); 0 .. 1
//               (default 0)
//   NumWf       wavefronts of the SM; 1 .. 64 (default 48)
//   NumBanks    banks: the revoke queue holds NumBanks entries; 1, 2, 4, 8, 16 (default 16)
//   LineBytes   line size in bytes; 16, 32, 64, 128 (default 64)
//   AddrWidth   byte-address bits; 16 .. 48, with LA >= log2 L1Sets + 1 (default 32)
//   L1Sets      sets; power of two, 1 .. 256 (default 64)
//   L1Ways      ways; 1 .. 8 (default 8)
//   L1Queue     core request FIFO entries; 1 .. 8 (default 4)
//   SbEntries   store-buffer entries (one per line with dirty bytes); 1 .. 256 (default 256)
//   SbIdle      cycles with no new dirty byte after which the store buffer drains; 1 .. 65535
//               (default 1000)
//   WtCntWidth  bits of the outstanding write-through counter; 2 .. 10 (default 9)
// Derived (never set them): LL = log2 LineBytes, LA = AddrWidth - LL line-address bits,
// DB = 8*LineBytes data bits, LW = LineBytes/4 words, SB = log2 L1Sets, TW = LA - SB tag bits
// (TW1), WW = max(1, clog2 L1Ways) way / age bits (AW1, at least 1 here), Lines =
// L1Sets*L1Ways, IW = max(1, clog2 Lines) (a line index), WMAX = 2^WtCntWidth - 1,
// SHW = max(1, clog2 SbEntries) (SBP), SCW = clog2(SbEntries+1) (SBC), RQP = max(1, log2
// NumBanks), RQC = clog2(NumBanks+1).
//
// Ports (spec section 2, in its order; payloads are 0 whenever their valid is 0):
//   clk_i, rst_ni                 clock; synchronous active-low reset
//   core_valid_i, core_op_i[3] (1 LOAD, 2 STORE, 3 ATOMIC, 4 FENCE), core_wf_i[6],
//   core_line_i[LA], core_gpu_i, core_acq_i, core_rel_i, core_data_i[DB],
//   core_mask_i[LineBytes], core_aop_i[2], core_word_i[5], core_a_i[32], core_b_i[32]
//                                 core request, taken at an edge where core_ready_o was 1
//   core_ready_o                  the FIFO has room (fcnt < L1Queue)
//   crsp_valid_o, crsp_kind_o[2] (1 LOAD, 2 ATOMIC), crsp_wf_mask_o[NumWf], crsp_line_o[LA],
//   crsp_data_o[DB]               core response
//   rsp_valid_i, rsp_kind_i[4] (DATA, ACK, GRANT, ATOM, REVOKE, EACK), rsp_wf_i[6],
//   rsp_line_i[LA], rsp_data_i[DB]                  the `rsp` network (never refused)
//   req_valid_o, req_kind_o[4] (GETS, WT), req_line_o[LA], req_mask_o[LineBytes],
//   req_data_o[DB]                the `req` network
//   sync_valid_o, sync_kind_o[4] (REG, ATOMIC), sync_line_o[LA], sync_wf_o[6], sync_word_o[5],
//   sync_aop_o[2], sync_bmask_o[4], sync_a_o[32], sync_b_o[32]   the `sync` network
//   wb_valid_o, wb_kind_o[4] (RACK, EVICT), wb_line_o[LA]        the `wb` network
//   fence_done_o[NumWf]           fdone_q
//   drained_o                     sbcnt, wtp 0; no batch, REG, ATOMIC, eviction, revoke entry
//
// State (spec section 3; all verilator public_flat_rd). Per line i = set*L1Ways + way: st_q
// (packed, line i at [2i +: 2]: I 0, V 1, R 2), fresh_q, pend_q, stale_q (packed, bit i),
// age_q (packed, line i at [i*WW +: WW], reset the way number): reset 0 unless said; tag_q,
// wait_q, dirty_q, data_q: arrays without reset, read as 0 while mlive_q (tag, wait, dirty) /
// dlive_q (data) (packed, bit i, reset 0) is 0. u_fifo.cnt_q (fcnt_q; the FIFO contents are
// internal). Store buffer sb_q (ring, no reset: only the sbcnt_q live entries from sbh_q are
// architectural), sbh_q, sbcnt_q; wtp_q; batch_q, fl_q, fcur_q, fwait_q, fdone_q; idle_q (16
// bits, saturating at SbIdle); rgv_q, rgi_q, agv_q, hph_q; evs_q, evi_q, evl_q; the revoke queue
// rvl_q[j], rvp_q[j] (j < NumBanks), rvh_q, rvcnt_q. The output registers (*_q of every output;
// fence_done_o is fdone_q).
//
// Numbered rules (spec section 4; the row tables of sections 5-7 are in the decode below):
//   L2  Order of an edge: (a) a message (the head is not tried but as M06 / M07 complete it);
//       (b) X01 (the revoke queue's head entry has phase 3) else X02 (evs_q == 3); (c) the
//       engine's pop (registered batch_q, fl_q, sbcnt_q, idle_q, wtp_q, pend; the WT carries data
//       and dirty as (a) left them; a full pop only when the head stalls with S03); (d) no
//       message: the head (L11); (e) the batch check (L12); (f) INV last (L6); (g) push;
//       (h) core_ready, drained, fence_done from the next state.
//   L4  WT: wtp + 1 per WT, - 1 per ACK; none at WMAX or for a pend line; the head sends none
//       while batch_q (S05).
//   L6  INV: V -> I; pend_q && pend_d -> stale; fresh := 0 on every R line but the one M06
//       installs; applied after every other write.
//   L7  Allocation (excluded: pend, the rgi way while rgv, a leaving R line): (1) the first
//       unallocated way; (2) the non-R way of the greatest age: clean -> allocate, dirty -> V01;
//       (3) the R way of the greatest age: V02 if evs_q == 0, else S10; (4) S02.
//   L8  While the engine pops (batch or idle pop), a head that sends on req or has the popped
//       line stalls (S04); a FENCE never does (gpu_l1's reading).
//   L9  A message that finds no state it names: M10, nothing changes (warning
//       L9_MsgFindsState_A); a REVOKE at a full queue: I4 (warning L8_RvqRoom_A).
//   L11 The head: row; the row's stall; S08; S13; S03; allocation; C18's S10; C06's S05; S04.
//   L12 Batches: a client joins the current batch when batch_q == 0 (the batch begins, fl :=
//       sbcnt_d, the count at the end of the edge) or waits for the next; completion B07 / B08.
//   L15 LRU: touching way x ages every younger way of the set by one, x := 0; at most one
//       touch an edge (allocation, a popping head row C01, C02, C04, C06-C12, M06, M07 on a
//       matching line).
//   L16 One way matches (L16_OneWay_A); st never 3 (L1_StLegal_A); an R line leaves clean
//       (X_CleanLeave_A); fresh only on R (L16_FreshR_A); rvcnt <= NumBanks (L8_RvqRoom_A).
//   I1  A core request with op 0 or 5..7, or core_wf_i >= NumWf, is dropped at the push.
//
// Readings (where the page leaves a cycle-visible choice open; listed for the page owner):
//   J1  C08 / C09 push only when their mask is not empty (L11 (4): "when they would push (the
//       line has dirty == 0 and the access writes at least one byte)"); C07-C09 clear idle.
//   J2  An M06 "that writes" (L10): a release STORE always (the L1's `writes`), an ATOMIC when
//       P1 writes (not a failed CAS, not aop 3).
//   J3  The re-push of section 7 is the odd batch pop (B01) of the rgi line; an even pop of it
//       (dirty 0) is an ordinary B02. An idle pop of the rgi line's entry is held whether odd or
//       even (F62).
//   J4  X01 clears the popped slot's rvp to 0 (a free slot reads phase 0) and keeps its rvl;
//       B07 / B08 move only the phases of live entries (free slots are 0).
//   J5  C06's WT carries the core's bytes under core_mask_i and 0 elsewhere (hlrc.md section 3:
//       "the bytes under mask"); a WT built from a line (pop, V01) its bytes under dirty.
//   J6  REG carries the line only (wf, word, aop, bmask, a, b 0); ATOMIC's word is w
//       (core_word_i mod LW).
//   J7  C22_Clean_A checks wtp_q == 0, sbcnt_q == 0, and the matching line's dirty == 0 (the
//       invariant "every dirty line has an entry" makes sbcnt_q == 0 the whole-L1 check).
//   J8  The cover points F01-F68 are counted by the C model, as the DeNovo and GPU units': the
//       RTL exposes no cover port.
//   J9  Index widths are at least 1 bit where the page's are 0 (AW1 at L1Ways = 1, SBP at
//       SbEntries = 1, RQP at NumBanks = 1): the register then holds 0. st_q, fresh_q, pend_q,
//       stale_q and age_q are packed per-line vectors (INV writes them whole); tag_q, wait_q,
//       dirty_q, data_q arrays read through mlive_q / dlive_q (gpu_l1's storage).
//   J10 L2's "each on the state as the earlier ones left it": the head (d) sees the line an X01 /
//       X02 of the edge made I (so it may find it unallocated and take it by L7 rule 1 in that
//       edge) and the dirty mask a batch / idle pop of the edge cleared (a clean victim is then
//       dropped, not written through by V01); rules that name a `_q` register (S08's evs_q /
//       evl_q, S10's and V02's evs_q, the revoke queue) read the registered value. A full pop
//       is decided after the head and never changes its view. The engine's pop clears the
//       popped line's dirty after the message's write and before the head's.
//
// Implementation: three set lookups (the event's line: the message's or the head's; the
// popped entry's line; the revoke queue head's line). The event writes one line (e_idx: the
// matching way, the allocated way, the V01 victim, or way rgi_q for M06); X01 / X02 write one
// line's st and fresh; the pop writes the popped line's dirty; INV and these are folded into
// the packed st / fresh / pend / stale vectors in one next-state block.

`include "gpucoh_assert.svh"

module hlrc_l1 #(
  parameter bit [31:0] Scoped     = 32'd0,
  parameter bit [31:0] NumWf      = 32'd48,
  parameter bit [31:0] NumBanks   = 32'd16,
  parameter bit [31:0] LineBytes  = 32'd64,
  parameter bit [31:0] AddrWidth  = 32'd32,
  parameter bit [31:0] L1Sets     = 32'd64,
  parameter bit [31:0] L1Ways     = 32'd8,
  parameter bit [31:0] L1Queue    = 32'd4,
  parameter bit [31:0] SbEntries  = 32'd256,
  parameter bit [31:0] SbIdle     = 32'd1000,
  parameter bit [31:0] WtCntWidth = 32'd9,
  // Derived parameters: do not override.
  localparam int       LL         = (LineBytes > 1) ? $clog2(LineBytes) : 1,
  localparam int       LA         = (AddrWidth > LL) ? AddrWidth - LL : 1,
  localparam int       DB         = 8 * LineBytes,
  localparam int       NW         = (NumWf >= 1) ? NumWf : 1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // core requests
  input  logic                  core_valid_i,
  input  logic [2:0]            core_op_i,
  input  logic [5:0]            core_wf_i,
  input  logic [LA-1:0]         core_line_i,
  input  logic                  core_gpu_i,
  input  logic                  core_acq_i,
  input  logic                  core_rel_i,
  input  logic [DB-1:0]         core_data_i,
  input  logic [LineBytes-1:0]  core_mask_i,
  input  logic [1:0]            core_aop_i,
  input  logic [4:0]            core_word_i,
  input  logic [31:0]           core_a_i,
  input  logic [31:0]           core_b_i,
  output logic                  core_ready_o,
  // core responses
  output logic                  crsp_valid_o,
  output logic [1:0]            crsp_kind_o,
  output logic [NW-1:0]         crsp_wf_mask_o,
  output logic [LA-1:0]         crsp_line_o,
  output logic [DB-1:0]         crsp_data_o,
  // rsp network (bank -> L1)
  input  logic                  rsp_valid_i,
  input  logic [3:0]            rsp_kind_i,
  input  logic [5:0]            rsp_wf_i,
  input  logic [LA-1:0]         rsp_line_i,
  input  logic [DB-1:0]         rsp_data_i,
  // req network (L1 -> bank)
  output logic                  req_valid_o,
  output logic [3:0]            req_kind_o,
  output logic [LA-1:0]         req_line_o,
  output logic [LineBytes-1:0]  req_mask_o,
  output logic [DB-1:0]         req_data_o,
  // sync network (L1 -> bank)
  output logic                  sync_valid_o,
  output logic [3:0]            sync_kind_o,
  output logic [LA-1:0]         sync_line_o,
  output logic [5:0]            sync_wf_o,
  output logic [4:0]            sync_word_o,
  output logic [1:0]            sync_aop_o,
  output logic [3:0]            sync_bmask_o,
  output logic [31:0]           sync_a_o,
  output logic [31:0]           sync_b_o,
  // wb network (L1 -> bank)
  output logic                  wb_valid_o,
  output logic [3:0]            wb_kind_o,
  output logic [LA-1:0]         wb_line_o,
  // fences
  output logic [NW-1:0]         fence_done_o,
  output logic                  drained_o
);

  // ---------------------------------------------------------------------------------------------
  // Parameter checks (spec section 1)
  // ---------------------------------------------------------------------------------------------

  `ASSERT_ELAB(P_Scoped_A, Scoped <= 1,
               "hlrc_l1: illegal Scoped (legal: 0 hLRC, 1 hLRC-scoped)")
  `ASSERT_ELAB(P_NumWf_A, NumWf >= 1 && NumWf <= 64,
               "hlrc_l1: illegal NumWf (legal: 1 .. 64)")
  `ASSERT_ELAB(P_NumBanks_A,
               NumBanks == 1 || NumBanks == 2 || NumBanks == 4 || NumBanks == 8 ||
               NumBanks == 16,
               "hlrc_l1: illegal NumBanks (legal: 1, 2, 4, 8, 16)")
  `ASSERT_ELAB(P_LineBytes_A,
               LineBytes == 16 || LineBytes == 32 || LineBytes == 64 || LineBytes == 128,
               "hlrc_l1: illegal LineBytes (legal: 16, 32, 64, 128)")
  `ASSERT_ELAB(P_AddrWidth_A, AddrWidth >= 16 && AddrWidth <= 48,
               "hlrc_l1: illegal AddrWidth (legal: 16 .. 48)")
  `ASSERT_ELAB(P_L1Sets_A, L1Sets >= 1 && L1Sets <= 256 && (L1Sets & (L1Sets - 1)) == 0,
               "hlrc_l1: illegal L1Sets (legal: a power of two, 1 .. 256)")
  `ASSERT_ELAB(P_L1Ways_A, L1Ways >= 1 && L1Ways <= 8,
               "hlrc_l1: illegal L1Ways (legal: 1 .. 8)")
  `ASSERT_ELAB(P_L1Queue_A, L1Queue >= 1 && L1Queue <= 8,
               "hlrc_l1: illegal L1Queue (legal: 1 .. 8)")
  `ASSERT_ELAB(P_SbEntries_A, SbEntries >= 1 && SbEntries <= 256,
               "hlrc_l1: illegal SbEntries (legal: 1 .. 256)")
  `ASSERT_ELAB(P_SbIdle_A, SbIdle >= 1 && SbIdle <= 65535,
               "hlrc_l1: illegal SbIdle (legal: 1 .. 65535)")
  `ASSERT_ELAB(P_WtCntWidth_A, WtCntWidth >= 2 && WtCntWidth <= 10,
               "hlrc_l1: illegal WtCntWidth (legal: 2 .. 10)")

  // ---------------------------------------------------------------------------------------------
  // Constants
  // ---------------------------------------------------------------------------------------------

  localparam int SB    = (L1Sets > 1) ? $clog2(L1Sets) : 0;            // set-index bits
  localparam int SIW   = (SB > 0) ? SB : 1;                            // set-index width
  localparam int TW    = (LA > SB) ? LA - SB : 1;                      // tag width (TW1)
  localparam int WW    = (L1Ways > 1) ? $clog2(L1Ways) : 1;            // way / age width (AW1)
  localparam int Lines = L1Sets * L1Ways;
  localparam int IW    = (Lines > 1) ? $clog2(Lines) : 1;              // line-index width
  localparam int LW    = LineBytes / 4;                                // words per line
  localparam int LWW   = (LW > 1) ? $clog2(LW) : 1;                    // word-index width
  localparam int QW    = $clog2(L1Queue + 32'd1);                      // fcnt width
  localparam int SHW   = (SbEntries > 1) ? $clog2(SbEntries) : 1;      // sbh width (SBP)
  localparam int SCW   = $clog2(SbEntries + 32'd1);                    // sbcnt / fl width (SBC)
  localparam int CW    = WtCntWidth;                                   // wtp width
  localparam int DW    = 16;                                           // idle width
  localparam int RQP   = (NumBanks > 1) ? $clog2(NumBanks) : 1;        // rvh width
  localparam int RQC   = $clog2(NumBanks + 32'd1);                     // rvcnt width
  localparam int SAW   = WW * L1Ways;                                  // one set's ages
  // FIFO entry: control fields {op, wf, line, gpu, acq, rel, aop, word, a, b}, data, mask.
  localparam int EW    = 3 + 6 + LA + 3 + 2 + 5 + 32 + 32;

  `ASSERT_ELAB(P_SetBits_A, LA > SB,
               "hlrc_l1: illegal AddrWidth (legal: AddrWidth - log2 LineBytes >= log2 L1Sets + 1)")

  localparam logic [CW-1:0]  WtMax    = {CW{1'b1}};                    // WMAX
  localparam logic [CW-1:0]  CntOne   = CW'(1);
  localparam logic [QW-1:0]  QueueLen = QW'(L1Queue);
  localparam logic [SCW-1:0] SbFull   = SCW'(SbEntries);
  localparam logic [SCW-1:0] SbOne    = SCW'(1);
  localparam logic [DW-1:0]  IdleMax  = DW'(SbIdle);
  localparam logic [RQC-1:0] RvFull   = RQC'(NumBanks);
  localparam logic [RQC-1:0] RvOne    = RQC'(1);
  localparam logic [LA-1:0]  SetMask  = LA'(64'(L1Sets) - 64'd1);
  localparam logic [NW-1:0]  WfOne    = NW'(1);
  localparam bit             IsScoped = (Scoped != 0);

  // The reset value of age_q: every way's rank is its way number.
  function automatic logic [Lines*WW-1:0] age_init_f();
    logic [Lines*WW-1:0] v;
    for (int i = 0; i < Lines; i++) begin
      v[i*WW +: WW] = WW'(i % L1Ways);
    end
    age_init_f = v;   // not return: Yosys 0.23 misparses it
  endfunction
  localparam logic [Lines*WW-1:0] AgeInit = age_init_f();

  // Encodings: the family package rtl/hlrc/hlrc_pkg.sv and the shared rtl/gpucoh_atom_pkg.sv.
  localparam logic [2:0] OpLoad     = 3'(hlrc_pkg::HlOpLoad);
  localparam logic [2:0] OpStore    = 3'(hlrc_pkg::HlOpStore);
  localparam logic [2:0] OpAtomic   = 3'(hlrc_pkg::HlOpAtomic);
  localparam logic [2:0] OpFence    = 3'(hlrc_pkg::HlOpFence);
  localparam logic [1:0] CrspLoad   = 2'(hlrc_pkg::HlCrspLoad);
  localparam logic [1:0] CrspAtomic = 2'(hlrc_pkg::HlCrspAtomic);
  localparam logic [1:0] StI        = 2'(hlrc_pkg::HlL1StI);
  localparam logic [1:0] StV        = 2'(hlrc_pkg::HlL1StV);
  localparam logic [1:0] StR        = 2'(hlrc_pkg::HlL1StR);
  localparam logic [3:0] MsgGets    = 4'(hlrc_pkg::HlMsgGets);
  localparam logic [3:0] MsgWt      = 4'(hlrc_pkg::HlMsgWt);
  localparam logic [3:0] MsgReg     = 4'(hlrc_pkg::HlMsgReg);
  localparam logic [3:0] MsgAtomic  = 4'(hlrc_pkg::HlMsgAtomic);
  localparam logic [3:0] MsgRack    = 4'(hlrc_pkg::HlMsgRack);
  localparam logic [3:0] MsgEvict   = 4'(hlrc_pkg::HlMsgEvict);
  localparam logic [3:0] MsgData    = 4'(hlrc_pkg::HlMsgData);
  localparam logic [3:0] MsgAck     = 4'(hlrc_pkg::HlMsgAck);
  localparam logic [3:0] MsgGrant   = 4'(hlrc_pkg::HlMsgGrant);
  localparam logic [3:0] MsgAtom    = 4'(hlrc_pkg::HlMsgAtom);
  localparam logic [3:0] MsgRevoke  = 4'(hlrc_pkg::HlMsgRevoke);
  localparam logic [3:0] MsgEack    = 4'(hlrc_pkg::HlMsgEack);
  localparam logic [1:0] AopAdd     = 2'(gpucoh_atom_pkg::AopAdd);
  localparam logic [1:0] AopExch    = 2'(gpucoh_atom_pkg::AopExch);
  localparam logic [1:0] AopCas     = 2'(gpucoh_atom_pkg::AopCas);
  localparam logic [1:0] AopNone    = 2'(hlrc_pkg::AopNone);
  localparam logic [1:0] HphNone    = 2'(hlrc_pkg::HlHphNone);
  localparam logic [1:0] HphNext    = 2'(hlrc_pkg::HlHphNext);
  localparam logic [1:0] HphCur     = 2'(hlrc_pkg::HlHphCur);
  localparam logic [1:0] HphDone    = 2'(hlrc_pkg::HlHphDone);
  localparam logic [2:0] EvsNone    = 3'(hlrc_pkg::HlEvsNone);
  localparam logic [2:0] EvsNext    = 3'(hlrc_pkg::HlEvsNext);
  localparam logic [2:0] EvsCur     = 3'(hlrc_pkg::HlEvsCur);
  localparam logic [2:0] EvsFlushed = 3'(hlrc_pkg::HlEvsFlushed);
  localparam logic [2:0] EvsSent    = 3'(hlrc_pkg::HlEvsSent);
  localparam logic [1:0] RvpNext    = 2'(hlrc_pkg::HlRvpNext);
  localparam logic [1:0] RvpCur     = 2'(hlrc_pkg::HlRvpCur);
  localparam logic [1:0] RvpFlushed = 2'(hlrc_pkg::HlRvpFlushed);

  // ---------------------------------------------------------------------------------------------
  // State (spec section 3)
  // ---------------------------------------------------------------------------------------------

  // The unpacked arrays carry (* mem2reg *): flip-flops written per element, never a RAM. They
  // have no reset; mlive_q / dlive_q say whether a line's fields were written since reset (else
  // they read 0).
  (* mem2reg *) logic [TW-1:0]        tag_q   [Lines]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [NW-1:0]        wait_q  [Lines]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [LineBytes-1:0] dirty_q [Lines]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [DB-1:0]        data_q  [Lines]  /* verilator public_flat_rd */;
  logic [2*Lines-1:0]  st_q     /* verilator public_flat_rd */;   // line i at [2i +: 2]
  logic [Lines-1:0]    fresh_q  /* verilator public_flat_rd */;
  logic [Lines-1:0]    pend_q   /* verilator public_flat_rd */;
  logic [Lines-1:0]    stale_q  /* verilator public_flat_rd */;
  logic [Lines*WW-1:0] age_q    /* verilator public_flat_rd */;   // line i at [i*WW +: WW]
  logic [Lines-1:0]    mlive_q  /* verilator public_flat_rd */;   // tag, wait, dirty written
  logic [Lines-1:0]    dlive_q  /* verilator public_flat_rd */;   // data written since reset

  // Store buffer: a ring of line addresses (entries without reset), head and count.
  (* mem2reg *) logic [LA-1:0] sb_q [SbEntries]  /* verilator public_flat_rd */;
  logic [SHW-1:0]     sbh_q    /* verilator public_flat_rd */;
  logic [SCW-1:0]     sbcnt_q  /* verilator public_flat_rd */;
  // Write-throughs, batches, fences, idle counter.
  logic [CW-1:0]      wtp_q    /* verilator public_flat_rd */;
  logic               batch_q  /* verilator public_flat_rd */;
  logic [SCW-1:0]     fl_q     /* verilator public_flat_rd */;
  logic [NW-1:0]      fcur_q   /* verilator public_flat_rd */;
  logic [NW-1:0]      fwait_q  /* verilator public_flat_rd */;
  logic [NW-1:0]      fdone_q  /* verilator public_flat_rd */;
  logic [DW-1:0]      idle_q   /* verilator public_flat_rd */;
  // Registration, bank-path access, eviction.
  logic               rgv_q    /* verilator public_flat_rd */;
  logic [IW-1:0]      rgi_q    /* verilator public_flat_rd */;
  logic               agv_q    /* verilator public_flat_rd */;
  logic [1:0]         hph_q    /* verilator public_flat_rd */;
  logic [2:0]         evs_q    /* verilator public_flat_rd */;
  logic [IW-1:0]      evi_q    /* verilator public_flat_rd */;
  logic [LA-1:0]      evl_q    /* verilator public_flat_rd */;
  // Revoke queue (ring of NumBanks entries).
  (* mem2reg *) logic [LA-1:0] rvl_q [NumBanks]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [1:0]    rvp_q [NumBanks]  /* verilator public_flat_rd */;
  logic [RQP-1:0]     rvh_q    /* verilator public_flat_rd */;
  logic [RQC-1:0]     rvcnt_q  /* verilator public_flat_rd */;

  // Core request FIFO: u_fifo (gpucoh_fifo); u_fifo.cnt_q is the spec's fcnt_q.
  logic [QW-1:0]        fcnt;
  logic [QW-1:0]        fcnt_d;
  logic [DB-1:0]        h_data;
  logic [LineBytes-1:0] h_mask;

  // Output registers.
  logic                 core_ready_q   /* verilator public_flat_rd */;
  logic                 crsp_valid_q   /* verilator public_flat_rd */;
  logic [1:0]           crsp_kind_q    /* verilator public_flat_rd */;
  logic [NW-1:0]        crsp_wf_mask_q /* verilator public_flat_rd */;
  logic [LA-1:0]        crsp_line_q    /* verilator public_flat_rd */;
  logic [DB-1:0]        crsp_data_q    /* verilator public_flat_rd */;
  logic                 req_valid_q    /* verilator public_flat_rd */;
  logic [3:0]           req_kind_q     /* verilator public_flat_rd */;
  logic [LA-1:0]        req_line_q     /* verilator public_flat_rd */;
  logic [LineBytes-1:0] req_mask_q     /* verilator public_flat_rd */;
  logic [DB-1:0]        req_data_q     /* verilator public_flat_rd */;
  logic                 sync_valid_q   /* verilator public_flat_rd */;
  logic [3:0]           sync_kind_q    /* verilator public_flat_rd */;
  logic [LA-1:0]        sync_line_q    /* verilator public_flat_rd */;
  logic [5:0]           sync_wf_q      /* verilator public_flat_rd */;
  logic [4:0]           sync_word_q    /* verilator public_flat_rd */;
  logic [1:0]           sync_aop_q     /* verilator public_flat_rd */;
  logic [3:0]           sync_bmask_q   /* verilator public_flat_rd */;
  logic [31:0]          sync_a_q       /* verilator public_flat_rd */;
  logic [31:0]          sync_b_q       /* verilator public_flat_rd */;
  logic                 wb_valid_q     /* verilator public_flat_rd */;
  logic [3:0]           wb_kind_q      /* verilator public_flat_rd */;
  logic [LA-1:0]        wb_line_q      /* verilator public_flat_rd */;
  logic                 drained_q      /* verilator public_flat_rd */;

  // ---------------------------------------------------------------------------------------------
  // FIFO head and the event of this edge (L2 a, d)
  // ---------------------------------------------------------------------------------------------

  logic [2:0]           h_op;
  logic [5:0]           h_wf;
  logic [LA-1:0]        h_line;
  logic                 h_gpu, h_acq, h_rel;
  logic [1:0]           h_aop;
  logic [4:0]           h_word;
  logic [31:0]          h_a, h_b;
  logic [EW-1:0]        h_ctl;
  assign {h_op, h_wf, h_line, h_gpu, h_acq, h_rel, h_aop, h_word, h_a, h_b} = h_ctl;

  logic do_msg;    // (a) a message is taken
  logic do_head;   // (d) the FIFO head is tried
  logic h_any;     // the FIFO holds a head (M06 / M07 complete it)
  assign do_msg  = rsp_valid_i;
  assign h_any   = (fcnt != '0);
  assign do_head = !rsp_valid_i && h_any;

  // Per-line views of the packed state.
  function automatic logic [1:0] st_of(input logic [2*Lines-1:0] v, input logic [IW-1:0] i);
    st_of = v[2*i +: 2];
  endfunction

  // The line addresses of the three lookups.
  logic [LA-1:0] e_line;     // the event's: the message's or the head's
  logic [LA-1:0] p_line;     // the popped entry's (slot sbh)
  logic [LA-1:0] r_line;     // the revoke queue head's (slot rvh)
  assign e_line = rsp_valid_i ? rsp_line_i : h_line;
  assign p_line = sb_q[sbh_q];
  assign r_line = rvl_q[rvh_q];

  // ---------------------------------------------------------------------------------------------
  // Three set lookups (L16): e_* the event's, p_* the popped entry's, r_* the revoke head's
  // ---------------------------------------------------------------------------------------------

  // allocated(i): st != I, or pend, or dirty != 0, or the rgi way while rgv (section 3).
  logic [Lines-1:0] alloc_v;
  always_comb begin
    for (int i = 0; i < Lines; i++) begin
      alloc_v[i] = (st_q[2*i +: 2] != StI) || pend_q[i] ||
                   (mlive_q[i] && dirty_q[i] != '0) || (rgv_q && 32'(rgi_q) == i);
    end
  end

  // The head's view (L2: steps act on the state as the earlier ones left it): in a head edge the
  // head sees the line X01 / X02 made I (step b) and the dirty mask a batch or idle pop cleared
  // (step c). The message of step (a) sees the registered state. The pop is recomputed here from
  // registered values only (in a head edge no M06 changes it), so the view has no loop through
  // the decode. alloc_e is the event lookup's and the victim's `allocated`.
  logic             x_h;          // X01 / X02 make line x_idx I before the head
  logic             clr_h;        // the engine's pop clears the popped line's dirty before the head
  logic [Lines-1:0] st_r_e;       // st == R in the head's view
  logic [Lines-1:0] st_i_e;       // st == I in the head's view
  logic [Lines-1:0] dnz_e;        // dirty != 0 in the head's view
  logic [Lines-1:0] alloc_e;
  always_comb begin
    for (int i = 0; i < Lines; i++) begin
      st_r_e[i]  = (st_q[2*i +: 2] == StR) && !(x_h && 32'(x_idx) == i);
      st_i_e[i]  = (st_q[2*i +: 2] == StI) || (x_h && 32'(x_idx) == i);
      dnz_e[i]   = mlive_q[i] && (dirty_q[i] != '0) && !(clr_h && 32'(p_idx) == i);
      alloc_e[i] = !st_i_e[i] || pend_q[i] || dnz_e[i] || (rgv_q && 32'(rgi_q) == i);
    end
  end

  logic [SIW-1:0] e_set;
  logic [IW-1:0]  e_base, p_base, r_base;
  logic           e_hit, p_hit, r_hit, e_dup, p_dup, r_dup;
  logic [WW-1:0]  e_way, p_way, r_way;

  for (genvar j = 0; j < 3; j++) begin : g_look
    logic [LA-1:0]  l_line;
    logic [SIW-1:0] l_set;
    logic [TW-1:0]  l_tag;
    logic [IW-1:0]  l_base;
    logic           l_hit, l_dup;
    logic [WW-1:0]  l_way;
    logic [IW-1:0]  w_idx;
    assign l_line = (j == 0) ? e_line : (j == 1) ? p_line : r_line;
    assign l_set  = SIW'(l_line & SetMask);
    assign l_tag  = TW'(l_line >> SB);
    assign l_base = IW'(32'(l_set) * L1Ways);
    always_comb begin
      l_hit = 1'b0;
      l_dup = 1'b0;
      l_way = '0;
      w_idx = '0;
      for (int w = 0; w < L1Ways; w++) begin
        w_idx = l_base + IW'(w);
        if (((j == 0) ? alloc_e[w_idx] : alloc_v[w_idx]) && mlive_q[w_idx] &&
            tag_q[w_idx] == l_tag) begin
          l_dup = l_dup | l_hit;
          if (!l_hit) begin
            l_way = WW'(w);
          end
          l_hit = 1'b1;
        end
      end
    end
    if (j == 0) begin : g_e
      assign e_set  = l_set;
      assign e_base = l_base;
      assign e_hit  = l_hit;
      assign e_dup  = l_dup;
      assign e_way  = l_way;
    end else if (j == 1) begin : g_p
      assign p_base = l_base;
      assign p_hit  = l_hit && (sbcnt_q != '0);
      assign p_dup  = l_dup;
      assign p_way  = l_way;
    end else begin : g_r
      assign r_base = l_base;
      assign r_hit  = l_hit && (rvcnt_q != '0);
      assign r_dup  = l_dup;
      assign r_way  = l_way;
    end
  end

  logic [IW-1:0] m_idx, p_idx, r_idx;
  assign m_idx = e_base + IW'(e_way);
  assign p_idx = p_base + IW'(p_way);
  assign r_idx = r_base + IW'(r_way);

  // The matching event line's fields (0 / I when there is none).
  logic [1:0]           m_st;
  logic                 m_fresh, m_pend, m_stale, m_r, m_v;
  logic [LineBytes-1:0] m_dirty;
  logic [NW-1:0]        m_wait;
  logic [DB-1:0]        m_data;
  assign m_st    = !e_hit ? StI : (do_head && x_h && x_idx == m_idx) ? StI : st_of(st_q, m_idx);
  assign m_fresh = e_hit && fresh_q[m_idx] && !(do_head && x_h && x_idx == m_idx);
  assign m_pend  = e_hit && pend_q[m_idx];
  assign m_stale = e_hit && stale_q[m_idx];
  assign m_dirty = (e_hit && mlive_q[m_idx] && !(clr_h && p_idx == m_idx)) ? dirty_q[m_idx] : '0;
  assign m_wait  = (e_hit && mlive_q[m_idx]) ? wait_q[m_idx] : '0;
  assign m_data  = dlive_q[m_idx] ? data_q[m_idx] : '0;
  assign m_r     = (m_st == StR);
  assign m_v     = (m_st == StV);

  // Leaving (section 3): a live revoke entry holds the line, or evs is 1, 2 or 3 with evi the
  // way. lv_line(a): a live revoke entry holds line a.
  logic [NumBanks-1:0] rv_live;     // slot j holds a live entry
  always_comb begin
    for (int j = 0; j < NumBanks; j++) begin
      rv_live[j] = ((32'(j) + NumBanks - 32'(rvh_q)) % NumBanks) < 32'(rvcnt_q);
    end
  end
  logic ev_run;                     // evs is 1, 2 or 3
  assign ev_run = (evs_q == EvsNext) || (evs_q == EvsCur) || (evs_q == EvsFlushed);

  logic h_rvq;                      // a live revoke entry holds the event line
  always_comb begin
    h_rvq = 1'b0;
    for (int j = 0; j < NumBanks; j++) begin
      if (rv_live[j] && rvl_q[j] == e_line) begin
        h_rvq = 1'b1;
      end
    end
  end
  logic m_leave;
  assign m_leave = m_r && (h_rvq || (ev_run && evi_q == m_idx));

  // ---------------------------------------------------------------------------------------------
  // L7: the victim of the event set (ways excluded: pend, the rgi way while rgv, a leaving R
  // line)
  // ---------------------------------------------------------------------------------------------

  logic [L1Ways-1:0] v_free;     // not allocated                      (rule 1)
  logic [L1Ways-1:0] v_nr;       // st != R, allocated, not excluded   (rule 2)
  logic [L1Ways-1:0] v_r;        // st == R, not excluded              (rule 3)
  logic [IW-1:0]     vw_idx;
  logic [LA-1:0]     vw_line;
  logic              vw_excl, vw_leave;
  always_comb begin
    v_free   = '0;
    v_nr     = '0;
    v_r      = '0;
    vw_idx   = '0;
    vw_line  = '0;
    vw_excl  = 1'b0;
    vw_leave = 1'b0;
    for (int w = 0; w < L1Ways; w++) begin
      vw_idx   = e_base + IW'(w);
      vw_line  = ((mlive_q[vw_idx] ? LA'(tag_q[vw_idx]) : '0) << SB) | LA'(e_set);
      vw_leave = 1'b0;
      for (int j = 0; j < NumBanks; j++) begin
        if (rv_live[j] && rvl_q[j] == vw_line) begin
          vw_leave = 1'b1;
        end
      end
      vw_leave = st_r_e[vw_idx] && (vw_leave || (ev_run && evi_q == vw_idx));
      vw_excl  = pend_q[vw_idx] || (rgv_q && rgi_q == vw_idx) || vw_leave;
      v_free[w] = !alloc_e[vw_idx];
      v_nr[w]   = alloc_e[vw_idx] && !vw_excl && !st_r_e[vw_idx];
      v_r[w]    = !vw_excl && st_r_e[vw_idx];
    end
  end

  logic              a1_found, a2_found, a3_found;
  logic [WW-1:0]     a1_way, a2_way, a3_way, a2_age, a3_age;
  logic [SAW-1:0]    e_ages;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [L1Ways-1:0] a1_onehot;
  /* verilator lint_on UNUSEDSIGNAL */
  assign e_ages = age_q[32'(e_base)*WW +: SAW];

  gpucoh_ffs #(.Width(L1Ways)) u_free (            // rule 1: the first unallocated way
    .vec_i   (v_free),
    .valid_o (a1_found),
    .onehot_o(a1_onehot),
    .idx_o   (a1_way)
  );

  always_comb begin                                 // rules 2 and 3: the greatest age
    a2_found = 1'b0;
    a2_way   = '0;
    a2_age   = '0;
    a3_found = 1'b0;
    a3_way   = '0;
    a3_age   = '0;
    for (int w = 0; w < L1Ways; w++) begin
      if (v_nr[w] && (!a2_found || e_ages[w*WW +: WW] > a2_age)) begin
        a2_found = 1'b1;
        a2_way   = WW'(w);
        a2_age   = e_ages[w*WW +: WW];
      end
      if (v_r[w] && (!a3_found || e_ages[w*WW +: WW] > a3_age)) begin
        a3_found = 1'b1;
        a3_way   = WW'(w);
        a3_age   = e_ages[w*WW +: WW];
      end
    end
  end

  logic [IW-1:0]        a2_idx, a3_idx;
  logic [WW-1:0]        al_way;     // the way an allocation takes (rule 1, else rule 2)
  assign al_way   = a1_found ? a1_way : a2_way;
  logic [LineBytes-1:0] a2_dirty;
  assign a2_idx   = e_base + IW'(a2_way);
  assign a3_idx   = e_base + IW'(a3_way);
  assign a2_dirty = (mlive_q[a2_idx] && !(clr_h && p_idx == a2_idx)) ? dirty_q[a2_idx] : '0;

  // ---------------------------------------------------------------------------------------------
  // Decode of the head (section 6, L1, L11)
  // ---------------------------------------------------------------------------------------------

  logic           is_ld, is_st, is_at, is_fe;
  logic           ld_acq, st_rel, sync, l2p, writes;
  logic [LWW-1:0] h_w;          // w = core_word mod LW
  logic [3:0]     dw;           // the dirty bytes of word w
  logic           hitw;         // hit(w)
  logic [LineBytes-1:0] w_bytes;    // word w's 4 bytes
  logic [LineBytes-1:0] rel_mask;   // a release STORE's bytes: core_mask within word w
  logic [NW-1:0]  h_wfbit;
  assign is_ld    = (h_op == OpLoad);
  assign is_st    = (h_op == OpStore);
  assign is_at    = (h_op == OpAtomic);
  assign is_fe    = (h_op == OpFence);
  assign ld_acq   = is_ld && h_acq;
  assign st_rel   = is_st && h_rel;
  assign sync     = is_at || ld_acq || st_rel;
  assign l2p      = IsScoped && h_gpu;
  assign writes   = st_rel || (is_at && h_aop != AopNone);
  assign h_w      = LWW'(32'(h_word) % LW);
  assign w_bytes  = LineBytes'(4'hf) << (32'd4 * 32'(h_w));
  assign rel_mask = h_mask & w_bytes;
  assign dw       = m_dirty[4*h_w +: 4];
  assign hitw     = m_r && (m_fresh || dw == 4'hf);
  assign h_wfbit  = WfOne << h_wf;

  // C12 / M06: P1 on the line in the L1 (gpucoh_amo; EXCH writes the whole word: bmask 1111).
  // The line is the event line's data (C12) or the merged GRANT data (M06).
  logic [DB-1:0]  merged;       // L13: the message's data under the event line's dirty bytes
  logic [DB-1:0]  at_in;
  logic [31:0]    at_old;
  logic [DB-1:0]  at_line;
  logic           at_writes;    // P1 writes
  logic           grant;        // this edge is a GRANT edge (M06 may apply)
  // The byte merges (gpucoh_bytemerge.svh).
  localparam bit [31:0] BmBytes = LineBytes;
`include "gpucoh_bytemerge.svh"
  assign merged    = gpucoh_bytemerge_f(rsp_data_i, m_data, m_dirty);
  assign at_in     = grant ? merged : m_data;
  gpucoh_amo #(.Words(LW)) u_amo (
    .line_i(at_in),
    .word_i(h_w),
    .aop_i (h_aop),
    .a_i   (h_a),
    .b_i   (h_b),
    .old_o (at_old),
    .line_o(at_line)
  );
  assign at_writes = (h_aop == AopAdd) || (h_aop == AopExch) ||
                     ((h_aop == AopCas) && (at_old == h_a));

  // Rows (conditions disjoint within each op, LD1).
  logic c01, c02, c03, c04, c05, c06, c07, c08, c09, c10, c11, c12, c13;
  logic c14, c15, c16, c17, c18, c19, c20, c21, c22, c23, c24, c25;
  logic pl_ld, pl_st, mr_ok;
  assign pl_ld = is_ld && !h_acq;
  assign pl_st = is_st && !h_rel;
  assign mr_ok = e_hit && m_r && !m_leave;
  assign c01 = pl_ld && e_hit && m_v;
  assign c02 = pl_ld && e_hit && !m_v && m_pend && !m_stale;
  assign c03 = pl_ld && e_hit && !m_v && m_pend && m_stale;
  assign c04 = pl_ld && e_hit && !m_v && !m_pend;
  assign c05 = pl_ld && !e_hit;
  assign c06 = pl_st && e_hit && m_r;
  assign c07 = pl_st && e_hit && !m_r && (m_dirty != '0);
  assign c08 = pl_st && e_hit && !m_r && (m_dirty == '0);
  assign c09 = pl_st && !e_hit;
  assign c10 = ld_acq && !l2p && mr_ok && hitw;
  assign c11 = st_rel && !l2p && mr_ok;
  assign c12 = is_at && !l2p && mr_ok && hitw;
  assign c13 = (ld_acq || is_at) && !l2p && mr_ok && !hitw && !m_pend;
  assign c14 = (ld_acq || is_at) && !l2p && mr_ok && !hitw && m_pend;
  assign c15 = sync && e_hit && m_r && m_leave;
  assign c16 = sync && !l2p && !(e_hit && m_r) && !rgv_q;
  assign c17 = sync && !l2p && !(e_hit && m_r) && rgv_q;
  assign c18 = sync && l2p && mr_ok;
  assign c19 = sync && l2p && !(e_hit && m_r) && agv_q;
  assign c20 = sync && l2p && !(e_hit && m_r) && !agv_q && (hph_q == HphNone);
  assign c21 = sync && l2p && !(e_hit && m_r) && !agv_q &&
               (hph_q == HphNext || hph_q == HphCur);
  assign c22 = sync && l2p && !(e_hit && m_r) && !agv_q && (hph_q == HphDone);
  assign c23 = is_fe && (!IsScoped || !h_gpu);
  assign c24 = is_fe && IsScoped && h_gpu && !batch_q;
  assign c25 = is_fe && IsScoped && h_gpu && batch_q;

  // ---------------------------------------------------------------------------------------------
  // The store-buffer engine (section 7; L2 c): the pop decided from the registered state
  // ---------------------------------------------------------------------------------------------

  logic rgv_a;                  // rgv as step (a) left it (0 in the GRANT's edge)
  logic p_rgi;                  // the popped entry is the line of way rgi while rgv_a
  logic batch_pc, idle_pc, full_pc;
  logic p_odd, p_block, p_hold;
  logic pop_bi, pop, pop_wt, repush;
  logic wt_full;
  logic ev_dirty_we;            // the event writes the popped line's dirty / data (M06)
  logic [LineBytes-1:0] p_dirty;      // the popped line's dirty as (a) left it
  logic                 p_pend;
  assign wt_full  = (wtp_q == WtMax);
  assign p_rgi    = rgv_a && p_hit && (p_idx == rgi_q);
  assign p_pend   = p_hit && pend_q[p_idx];
  assign batch_pc = batch_q && (fl_q != '0);
  assign idle_pc  = !batch_q && (sbcnt_q != '0) && (idle_q == IdleMax);
  assign p_odd    = (p_dirty != '0);
  assign p_block  = p_odd && (wt_full || p_pend);
  assign p_hold   = idle_pc && p_rgi;                          // J3, F62
  assign pop_bi   = (batch_pc || (idle_pc && !p_hold)) && !p_block;

  // ---------------------------------------------------------------------------------------------
  // L11: the head's stalls in order
  // ---------------------------------------------------------------------------------------------

  logic [LA-1:0] x02_line;  // the line of way evi_q: X02's EVICT (section (b) below)
  logic own_st;          // (2) S01, S06, S09, S07, S12, S11
  logic s08, s13, s03, s02, s10a, s10b, s05, s04, h_stall;
  logic need_alloc, alloc_ok, v01, v02;
  logic c11_push, c12_push, sb_need, sends_req;
  assign own_st     = c03 || c14 || c15 || c17 || c19 || c21;
  // S08 also in the edge X02 sends the line's EVICT (evs_q == 3): the head then finds the way I,
  // and a REG / ATOMIC sent in that edge could overtake the EVICT (hlrc_l1.md L11 (3), D15)
  assign s08        = !own_st && (c16 || c22) &&
                      (((evs_q == EvsSent) && (h_line == evl_q)) ||
                       ((evs_q == EvsFlushed) && (h_line == x02_line)));
  assign s13        = !own_st && !s08 && c16 && (wtp_q != '0);
  assign c11_push   = c11 && (m_dirty == '0) && (rel_mask != '0);
  assign c12_push   = c12 && (m_dirty == '0) && at_writes;
  assign sb_need    = ((c08 || c09) && h_mask != '0) || c11_push || c12_push || (c16 && writes);
  assign s03        = !own_st && !s08 && !s13 && sb_need && (sbcnt_q == SbFull);
  assign need_alloc = c05 || c09 || (c16 && !e_hit);
  assign alloc_ok   = a1_found || (a2_found && a2_dirty == '0);
  assign v01        = need_alloc && !a1_found && a2_found && (a2_dirty != '0);
  assign v02        = need_alloc && !a1_found && !a2_found && a3_found && (evs_q == EvsNone);
  assign s10a       = need_alloc && !a1_found && !a2_found && a3_found && (evs_q != EvsNone);
  assign s02        = !own_st && !s08 && !s13 && !s03 && need_alloc && !a1_found && !a2_found &&
                      !a3_found;
  assign s10b       = c18 && (evs_q != EvsNone);
  assign s05        = !own_st && !s08 && !s13 && !s03 && !s02 &&
                      ((v01 && (batch_q || wt_full)) ||
                       (c06 && (batch_q || wt_full || m_pend)));
  assign sends_req  = (c04 || c05 || c06 || c13 || v01) && !v02;
  // L8: an edge whose allocation decides V02 sends nothing on req (S04 only for the popped line);
  // S10 is decided at (5), before (8)
  assign s04        = !own_st && !s08 && !s13 && !s03 && !s02 && !s05 && !s10a && pop_bi &&
                      (sends_req || (!is_fe && h_line == p_line));
  assign h_stall    = own_st || s08 || s13 || s03 || s02 || s10a || s10b || s05 || s04;

  logic h_act;        // the head's row (or V01 / V02) is performed
  logic h_pop;        // ... and the head leaves the FIFO
  logic h_alloc;      // ... and allocates (L7 rules 1, 2)
  assign h_act   = do_head && !h_stall;
  assign h_alloc = h_act && need_alloc && alloc_ok;
  assign h_pop   = h_act && !(v01 || v02 || c13 || c16 || c18 || c20 || c22);

  // The full pop (B05 / B06): the head stalled with S03 (and the idle pop is not due).
  assign full_pc = !batch_q && (sbcnt_q == SbFull) && (idle_q != IdleMax) && do_head && s03;
  assign pop     = (pop_bi || full_pc) && !p_block;
  assign pop_wt  = pop && p_odd;
  assign repush  = pop_wt && batch_pc && p_rgi;                // section 7, J3

  // ---------------------------------------------------------------------------------------------
  // Decode of the message (section 5, L9)
  // ---------------------------------------------------------------------------------------------

  logic k_data, k_ack, k_grant, k_atom, k_revoke, k_eack;
  logic m01, m02, m03, m04, m05, m06, m07, m08, m09, m10;
  assign k_data   = do_msg && (rsp_kind_i == MsgData);
  assign k_ack    = do_msg && (rsp_kind_i == MsgAck);
  assign k_grant  = do_msg && (rsp_kind_i == MsgGrant);
  assign k_atom   = do_msg && (rsp_kind_i == MsgAtom);
  assign k_revoke = do_msg && (rsp_kind_i == MsgRevoke);
  assign k_eack   = do_msg && (rsp_kind_i == MsgEack);
  assign m01 = k_data && e_hit && m_pend && !m_r && !m_stale;
  assign m02 = k_data && e_hit && m_pend && !m_r && m_stale;
  assign m03 = k_data && e_hit && m_pend && m_r && !m_stale;
  assign m04 = k_data && e_hit && m_pend && m_r && m_stale;
  assign m05 = k_ack && (wtp_q != '0);
  assign m06 = k_grant && rgv_q && h_any && e_hit && (m_idx == rgi_q);
  assign m07 = k_atom && agv_q && h_any && (rsp_line_i == h_line) && (rsp_wf_i == h_wf);
  assign m08 = k_revoke && (rvcnt_q < RvFull);
  assign m09 = k_eack && (evs_q == EvsSent) && (evl_q == rsp_line_i);
  assign m10 = do_msg && !(m01 || m02 || m03 || m04 || m05 || m06 || m07 || m08 || m09);
  assign grant = m06;
  assign rgv_a = rgv_q && !m06;

  // M06 on the head: a release STORE writes word w's masked bytes; an ATOMIC P1. Its line's
  // dirty and data are built here, apart from the decode: the engine's pop reads them (the
  // popped WT carries the line as (a) left it), and the decode reads the pop (L8).
  logic m06_wr;             // M06 writes (J2: release STORE always, ATOMIC when P1 writes)
  logic m06_push;
  logic [LineBytes-1:0] m06_dirty;
  logic [DB-1:0]        m06_data;
  assign m06_dirty = st_rel ? (m_dirty | rel_mask) :
                     (is_at && at_writes) ? (m_dirty | w_bytes) : m_dirty;
  assign m06_data  = st_rel ? gpucoh_bytemerge_f(merged, h_data, rel_mask) :
                     (is_at && at_writes) ? at_line : merged;

  // The popped line's dirty and data as (a) left them: only M06 writes a line the engine may
  // pop with a WT (M01-M04 write pend lines, whose odd pops are blocked; M07 writes no dirty).
  logic [DB-1:0] p_data;
  assign ev_dirty_we = m06 && p_hit && (p_idx == rgi_q);
  assign p_dirty     = ev_dirty_we ? m06_dirty :
                       (p_hit && mlive_q[p_idx]) ? dirty_q[p_idx] : '0;
  assign p_data      = ev_dirty_we ? m06_data :
                       dlive_q[p_idx] ? data_q[p_idx] : '0;
  assign m06_wr   = m06 && (st_rel || (is_at && at_writes));
  assign m06_push = m06 && (m_dirty == '0) &&
                    ((st_rel && rel_mask != '0) || (is_at && at_writes));

  // ---------------------------------------------------------------------------------------------
  // (b) The answers: X01, else X02 (registered phases)
  // ---------------------------------------------------------------------------------------------

  logic           x01, x02, x01_r, x01_cancel;
  logic [IW-1:0]  x_idx;        // the line X01 / X02 makes I
  logic           x_we;
  logic [TW-1:0]  evi_tag;
  assign x01        = (rvcnt_q != '0) && (rvp_q[rvh_q] == RvpFlushed);
  assign x01_r      = x01 && r_hit && (st_of(st_q, r_idx) == StR);
  assign x01_cancel = x01_r && ev_run && (evi_q == r_idx);
  assign x02        = !x01 && (evs_q == EvsFlushed);
  assign evi_tag    = mlive_q[evi_q] ? tag_q[evi_q] : '0;
  assign x02_line   = (LA'(evi_tag) << SB) | LA'(SIW'(32'(evi_q) / L1Ways));
  assign x_idx      = x01 ? r_idx : evi_q;
  assign x_we       = x01_r || x02;
  assign x_h        = do_head && x_we;

  // The batch / idle pop of a head edge from registered values (rgv_a == rgv_q there): the
  // head's view of step (c).
  logic p_dnz_q, p_rgi_q, pop_bi_q;
  assign p_dnz_q  = p_hit && mlive_q[p_idx] && (dirty_q[p_idx] != '0);
  assign p_rgi_q  = rgv_q && p_hit && (p_idx == rgi_q);
  assign pop_bi_q = (batch_pc || (idle_pc && !p_rgi_q)) && !(p_dnz_q && (wt_full || p_pend));
  assign clr_h    = do_head && pop_bi_q && p_dnz_q && !(batch_pc && p_rgi_q);

  // ---------------------------------------------------------------------------------------------
  // The rows: next values of the event line and the outputs
  // ---------------------------------------------------------------------------------------------

  // Data sources of the event line and the outputs (the wide values are built in the register
  // blocks and below).
  localparam logic [2:0] DNone = 3'd0;   // line data: no write
  localparam logic [2:0] DMrg  = 3'd1;   // merged (M01-M03, M06 acquire LOAD)
  localparam logic [2:0] DSt   = 3'd2;   // the head's bytes under core_mask (C06-C09)
  localparam logic [2:0] DRel  = 3'd3;   // the head's bytes under rel_mask into the line (C11)
  localparam logic [2:0] DAmo  = 3'd4;   // P1's line (C12)
  localparam logic [2:0] DMRel = 3'd5;   // M06 release STORE: rel_mask bytes over merged
  localparam logic [2:0] DMAmo = 3'd6;   // M06 ATOMIC: P1's line on merged (or merged)
  localparam logic [1:0] CNone = 2'd0;   // crsp data: 0
  localparam logic [1:0] CMrg  = 2'd1;   // merged (M01-M04, M06)
  localparam logic [1:0] CLine = 2'd2;   // the event line's data (C01, C10, C12)
  localparam logic [1:0] CRsp  = 2'd3;   // the message's data (M07)
  localparam logic [1:0] QNone = 2'd0;   // req data / mask: 0
  localparam logic [1:0] QPop  = 2'd1;   // the popped line's bytes under its dirty
  localparam logic [1:0] QVic  = 2'd2;   // the V01 victim's bytes under its dirty
  localparam logic [1:0] QCore = 2'd3;   // the head's bytes under core_mask (C06)

  logic                 ev_we;          // write the event line (e_idx): tag, wait, dirty
  logic [IW-1:0]        e_idx;
  logic [2:0]           dsel;
  logic [TW-1:0]        n_tag;
  logic [1:0]           n_st;
  logic                 n_fresh, n_pend, n_stale;
  logic [NW-1:0]        n_wait;
  logic [LineBytes-1:0] n_dirty;
  logic                 touch;          // L15: touch way t_way of the event set
  logic [WW-1:0]        t_way;
  logic                 push_sb;        // push the event line (C08, C09, C11, C12, M06)
  logic                 inv_a;          // (a) asks for INV (M06, M07)
  logic                 m06_line;       // the line M06 installs keeps fresh (L6)
  logic                 join_c;         // a client joins (M08, C18, C20, C24, V02)
  logic                 store_row;      // L10

  logic                 crsp_valid_d;
  logic [1:0]           crsp_kind_d;
  logic [NW-1:0]        crsp_wf_mask_d;
  logic [LA-1:0]        crsp_line_d;
  logic [1:0]           csel;
  logic                 req_valid_d;
  logic [3:0]           req_kind_d;
  logic [LA-1:0]        req_line_d;
  logic [1:0]           qsel;
  logic                 sync_valid_d;
  logic [3:0]           sync_kind_d;
  logic [LA-1:0]        sync_line_d;
  logic [5:0]           sync_wf_d;
  logic [4:0]           sync_word_d;
  logic [1:0]           sync_aop_d;
  logic [3:0]           sync_bmask_d;
  logic [31:0]          sync_a_d, sync_b_d;
  logic                 wt_sent;

  logic [LA-1:0]        vic_line;       // the V01 victim's line address
  logic [DB-1:0]        vic_data;
  logic [TW-1:0]        vic_tag;
  assign vic_tag  = mlive_q[a2_idx] ? tag_q[a2_idx] : '0;
  assign vic_line = (LA'(vic_tag) << SB) | LA'(e_set);
  assign vic_data = dlive_q[a2_idx] ? data_q[a2_idx] : '0;

  // The EXCH operand of a release STORE at the bank: word w of core_data_i (C22).
  logic [31:0] rel_word;
  assign rel_word = h_data[32*h_w +: 32];

  always_comb begin
    ev_we          = 1'b0;
    e_idx          = m_idx;
    dsel           = DNone;
    n_tag          = TW'(e_line >> SB);
    n_st           = m_st;
    n_fresh        = m_fresh;
    n_pend         = m_pend;
    n_stale        = m_stale;
    n_wait         = m_wait;
    n_dirty        = m_dirty;
    touch          = 1'b0;
    t_way          = e_way;
    push_sb        = 1'b0;
    inv_a          = 1'b0;
    m06_line       = 1'b0;
    join_c         = 1'b0;
    store_row      = 1'b0;
    crsp_valid_d   = 1'b0;
    crsp_kind_d    = '0;
    crsp_wf_mask_d = '0;
    crsp_line_d    = '0;
    csel           = CNone;
    req_valid_d    = 1'b0;
    req_kind_d     = '0;
    req_line_d     = '0;
    qsel           = QNone;
    sync_valid_d   = 1'b0;
    sync_kind_d    = '0;
    sync_line_d    = '0;
    sync_wf_d      = '0;
    sync_word_d    = '0;
    sync_aop_d     = '0;
    sync_bmask_d   = '0;
    sync_a_d       = '0;
    sync_b_d       = '0;

    if (do_msg) begin
      if (m01 || m02 || m03 || m04) begin
        // M01-M04: core rsp LOAD(wait, merged) if wait != 0; pend, stale, wait := 0; M01 data
        // := merged, st := V; M02 data := merged; M03 data := merged, fresh := 1; M04 nothing
        // installed.
        ev_we   = 1'b1;
        n_pend  = 1'b0;
        n_stale = 1'b0;
        n_wait  = '0;
        if (!m04) begin
          dsel = DMrg;
        end
        if (m01) begin
          n_st = StV;
        end
        if (m03) begin
          n_fresh = 1'b1;
        end
        if (m_wait != '0) begin
          crsp_valid_d   = 1'b1;
          crsp_kind_d    = CrspLoad;
          crsp_wf_mask_d = m_wait;
          crsp_line_d    = rsp_line_i;
          csel           = CMrg;
        end
      end else if (m06) begin
        // M06: data := merged, st := R, fresh := 1; perform the head; pop; rgv := 0; touch;
        // INV (keeping this line's fresh).
        ev_we    = 1'b1;
        e_idx    = rgi_q;
        n_st     = StR;
        n_fresh  = 1'b1;
        touch    = 1'b1;
        inv_a    = 1'b1;
        m06_line = 1'b1;
        dsel     = DMrg;
        if (ld_acq) begin
          crsp_valid_d   = 1'b1;
          crsp_kind_d    = CrspLoad;
          crsp_wf_mask_d = h_wfbit;
          crsp_line_d    = h_line;
          csel           = CMrg;
        end else if (st_rel) begin
          dsel    = DMRel;
          n_dirty = m06_dirty;
          push_sb = m06_push;
        end else if (is_at) begin
          dsel           = DMAmo;
          n_dirty        = m06_dirty;
          crsp_valid_d   = 1'b1;
          crsp_kind_d    = CrspAtomic;
          crsp_wf_mask_d = h_wfbit;
          crsp_line_d    = h_line;
          csel           = CMrg;
          push_sb        = m06_push;
        end
        store_row = m06_wr;
      end else if (m07) begin
        // M07: complete the bank-path head; acquire LOAD / ATOMIC answer the core and INV; a
        // release STORE drops a matching V line and stales its GETS. Touch if the line matches.
        touch = e_hit;
        if (ld_acq || is_at) begin
          crsp_valid_d   = 1'b1;
          crsp_kind_d    = ld_acq ? CrspLoad : CrspAtomic;
          crsp_wf_mask_d = h_wfbit;
          crsp_line_d    = h_line;
          csel           = CRsp;
          inv_a          = 1'b1;
        end else if (e_hit) begin
          ev_we   = 1'b1;
          n_st    = m_v ? StI : m_st;
          n_stale = m_stale || m_pend;
        end
      end else if (m08) begin
        // M08: queue the REVOKE (phase batch_q ? 1 : 2); a batch begins if none runs.
        join_c = 1'b1;
      end
      // M05 (ACK), M09 (EACK): registers below; M10: nothing.
    end else if (h_act) begin
      if (h_alloc) begin
        // L7 rules 1 and 2: the way gets the head's tag, every field 0, data unchanged; touch.
        ev_we   = 1'b1;
        e_idx   = e_base + IW'(al_way);
        t_way   = al_way;
        touch   = 1'b1;
        n_st    = StI;
        n_fresh = 1'b0;
        n_pend  = 1'b0;
        n_stale = 1'b0;
        n_wait  = '0;
        n_dirty = '0;
      end
      if (v01) begin
        // V01: WT(victim, its data under dirty); the victim: dirty := 0, st := I; stays.
        ev_we       = 1'b1;
        e_idx       = a2_idx;
        n_tag       = vic_tag;
        n_st        = StI;
        n_fresh     = 1'b0;
        n_pend      = pend_q[a2_idx];
        n_stale     = stale_q[a2_idx];
        n_wait      = mlive_q[a2_idx] ? wait_q[a2_idx] : '0;
        n_dirty     = '0;
        req_valid_d = 1'b1;
        req_kind_d  = MsgWt;
        req_line_d  = vic_line;
        qsel        = QVic;
      end else if (v02) begin
        // V02: the R victim's eviction joins a batch (evs, evi below); stays.
        join_c = 1'b1;
      end else if (c01 || c10) begin
        // C01 / C10: hit.
        touch          = 1'b1;
        crsp_valid_d   = 1'b1;
        crsp_kind_d    = CrspLoad;
        crsp_wf_mask_d = h_wfbit;
        crsp_line_d    = h_line;
        csel           = CLine;
      end else if (c02) begin
        // C02: merge into the outstanding GETS.
        ev_we  = 1'b1;
        touch  = 1'b1;
        n_wait = m_wait | h_wfbit;
      end else if (c04 || c05 || c13) begin
        // C04 / C05: GETS, wait := 1 << wf; pop. C13: the refresh, wait := 0; stays.
        ev_we       = 1'b1;
        touch       = touch || c04;
        n_pend      = 1'b1;
        n_stale     = 1'b0;
        n_wait      = c13 ? '0 : h_wfbit;
        req_valid_d = 1'b1;
        req_kind_d  = MsgGets;
        req_line_d  = h_line;
      end else if (c06) begin
        // C06: the bypass store: WT(line, the masked bytes); the bytes into the R copy, dirty
        // unchanged.
        ev_we       = 1'b1;
        touch       = 1'b1;
        dsel        = DSt;
        req_valid_d = 1'b1;
        req_kind_d  = MsgWt;
        req_line_d  = h_line;
        qsel        = QCore;
      end else if (c07 || c08 || c09) begin
        // C07 / C08 / C09: the masked bytes into the line and dirty; C08 / C09 push (J1).
        ev_we     = 1'b1;
        touch     = 1'b1;
        dsel      = DSt;
        n_dirty   = c07 ? (m_dirty | h_mask) : h_mask;
        push_sb   = (c08 || c09) && (h_mask != '0);
        store_row = 1'b1;
      end else if (c11) begin
        // C11: word w's masked bytes into data and dirty; push if dirty was 0.
        ev_we     = 1'b1;
        touch     = 1'b1;
        dsel      = DRel;
        n_dirty   = m_dirty | rel_mask;
        push_sb   = c11_push;
        store_row = 1'b1;
      end else if (c12) begin
        // C12: P1; core rsp ATOMIC(the line before); if it writes: the word, its 4 bytes dirty.
        touch          = 1'b1;
        crsp_valid_d   = 1'b1;
        crsp_kind_d    = CrspAtomic;
        crsp_wf_mask_d = h_wfbit;
        crsp_line_d    = h_line;
        csel           = CLine;
        if (at_writes) begin
          ev_we     = 1'b1;
          dsel      = DAmo;
          n_dirty   = m_dirty | w_bytes;
          push_sb   = c12_push;
          store_row = 1'b1;
        end
      end else if (c16) begin
        // C16: REG(line); rgv := 1, rgi := the way (registers below); stays.
        sync_valid_d = 1'b1;
        sync_kind_d  = MsgReg;
        sync_line_d  = h_line;
      end else if (c18 || c20 || c24) begin
        // C18 (own-return), C20 (pre-flush), C24 (GPU fence): a client joins a batch.
        join_c = 1'b1;
      end else if (c22) begin
        // C22: ATOMIC on sync (D25 (3)); a matching V line becomes I, its GETS stale (L13).
        sync_valid_d = 1'b1;
        sync_kind_d  = MsgAtomic;
        sync_line_d  = h_line;
        sync_wf_d    = h_wf;
        sync_word_d  = 5'(h_w);
        if (ld_acq) begin
          sync_aop_d   = AopNone;
          sync_bmask_d = 4'h0;
        end else if (st_rel) begin
          sync_aop_d   = AopExch;
          sync_bmask_d = h_mask[4*h_w +: 4];
          sync_a_d     = rel_word;
        end else begin
          sync_aop_d   = h_aop;
          sync_bmask_d = 4'hf;
          sync_a_d     = h_a;
          sync_b_d     = h_b;
        end
        if (e_hit) begin
          ev_we   = 1'b1;
          n_st    = m_v ? StI : m_st;
          n_stale = m_stale || m_pend;
        end
      end
      // C23, C25: fences below.
    end

    // The engine's WT takes the req port (L3); the head then sends none (L8: S04).
    if (pop_wt) begin
      req_valid_d = 1'b1;
      req_kind_d  = MsgWt;
      req_line_d  = p_line;
      qsel        = QPop;
    end
    wt_sent = req_valid_d && (req_kind_d == MsgWt);
  end

  // The event line's new data (the line write; e_data is the written line's data before).
  logic [DB-1:0] e_data, ev_data;
  assign e_data = dlive_q[e_idx] ? data_q[e_idx] : '0;
  always_comb begin
    unique case (dsel)
      DMrg:    ev_data = merged;
      DSt:     ev_data = gpucoh_bytemerge_f(e_data, h_data, h_mask);
      DRel:    ev_data = gpucoh_bytemerge_f(e_data, h_data, rel_mask);
      DAmo:    ev_data = at_line;
      DMRel:   ev_data = m06_data;
      DMAmo:   ev_data = m06_data;
      default: ev_data = e_data;
    endcase
  end

  // ---------------------------------------------------------------------------------------------
  // Store buffer, write-throughs, batches, fences, idle (sections 6, 7; L2 c, e-h; L12)
  // ---------------------------------------------------------------------------------------------

  logic           push_go;       // a push of the event line (head row or M06)
  logic [SCW-1:0] sbcnt_d;
  logic [SHW-1:0] sbh_d;
  logic [SHW-1:0] sb_tail;       // (sbh + sbcnt) mod SbEntries
  logic [31:0]    sb_tail_sum;
  logic [LA-1:0]  push_line;
  assign push_go     = push_sb && (h_act || m06);
  assign push_line   = h_line;
  assign sbcnt_d     = sbcnt_q + (push_go ? SbOne : '0) - ((pop && !repush) ? SbOne : '0);
  assign sbh_d       = !pop ? sbh_q : (32'(sbh_q) == SbEntries - 32'd1) ? '0 : sbh_q + SHW'(1);
  assign sb_tail_sum = 32'(sbh_q) + 32'(sbcnt_q);
  assign sb_tail     = SHW'((sb_tail_sum >= SbEntries) ? sb_tail_sum - SbEntries : sb_tail_sum);

  logic [CW-1:0] wtp_d;
  assign wtp_d = wtp_q + (wt_sent ? CntOne : '0) - (m05 ? CntOne : '0);

  // Fences of the head (C23-C25) and the push (L14).
  logic [NW-1:0] push_fbit;
  logic [NW-1:0] fdone_h, fwait_h;
  assign fwait_h = (h_act && c25) ? (fwait_q | h_wfbit) : fwait_q;
  assign fdone_h = ((h_act && c23) ? (fdone_q | h_wfbit) :
                    (h_act && (c24 || c25)) ? (fdone_q & ~h_wfbit) : fdone_q) & ~push_fbit;

  // The clients' phases after the head / message (before the batch check).
  logic [1:0] join_ph;           // the phase a client joins with: 1 or 2 (L12)
  logic [1:0] hph_h;
  logic [2:0] evs_h;
  logic       rv_push;           // M08 pushes an entry
  logic [RQP-1:0] rv_tail;
  logic [31:0]    rv_tail_sum;
  assign join_ph     = batch_q ? RvpNext : RvpCur;
  assign rv_push     = m08;
  assign rv_tail_sum = 32'(rvh_q) + 32'(rvcnt_q);
  assign rv_tail     = RQP'((rv_tail_sum >= NumBanks) ? rv_tail_sum - NumBanks : rv_tail_sum);
  always_comb begin
    hph_h = hph_q;
    if (h_act && c20) begin
      hph_h = batch_q ? HphNext : HphCur;
    end else if (h_act && c22) begin
      hph_h = HphNone;
    end
    evs_h = evs_q;
    if (m09) begin
      evs_h = EvsNone;
    end else if (x01_cancel) begin
      evs_h = EvsNone;                                  // X01 cancels the eviction (LD5)
    end else if (x02) begin
      evs_h = EvsSent;
    end
    if (h_act && (c18 || v02)) begin
      evs_h = batch_q ? EvsNext : EvsCur;
    end
  end

  // The revoke queue's phases after (a), (b) and the batch check.
  logic           bdone;         // the current batch completes (B07 / B08)
  logic           bnext;         // ... and the next begins at once (B08)
  logic [2*NumBanks-1:0] rvp_h;  // slot j at [2j +: 2]
  logic [2*NumBanks-1:0] rvp_d;
  logic           rv_wait;       // an entry of phase 1 after (a)
  always_comb begin
    rv_wait = 1'b0;
    for (int j = 0; j < NumBanks; j++) begin
      rvp_h[2*j +: 2] = rvp_q[j];
      if (x01 && 32'(rvh_q) == j) begin
        rvp_h[2*j +: 2] = '0;                           // J4
      end
      if (rv_push && 32'(rv_tail) == j) begin
        rvp_h[2*j +: 2] = join_ph;
      end
      if (rvp_h[2*j +: 2] == RvpNext) begin
        rv_wait = 1'b1;
      end
    end
  end
  assign bdone = batch_q && (fl_q == '0) && (wtp_q == '0);
  assign bnext = bdone && ((fwait_h != '0) || rv_wait || (hph_h == HphNext) ||
                           (evs_h == EvsNext));
  always_comb begin
    for (int j = 0; j < NumBanks; j++) begin
      rvp_d[2*j +: 2] = rvp_h[2*j +: 2];
      if (bdone && rvp_h[2*j +: 2] == RvpCur) begin
        rvp_d[2*j +: 2] = RvpFlushed;
      end
      if (bnext && rvp_h[2*j +: 2] == RvpNext) begin
        rvp_d[2*j +: 2] = RvpCur;
      end
    end
  end

  logic           batch_d;
  logic [SCW-1:0] fl_d;
  logic [NW-1:0]  fcur_d, fwait_d, fdone_d;
  logic [1:0]     hph_d;
  logic [2:0]     evs_d;
  logic           inv;           // L6 at this edge
  assign inv = inv_a || (bdone && fcur_q != '0);
  always_comb begin
    batch_d = batch_q;
    fl_d    = fl_q;
    fcur_d  = fcur_q;
    fwait_d = fwait_h;
    fdone_d = fdone_h;
    hph_d   = hph_h;
    evs_d   = evs_h;
    if (pop && batch_pc) begin
      fl_d = fl_q - SbOne;                              // B01 / B02 (a re-push too)
    end
    if (join_c && !batch_q) begin
      batch_d = 1'b1;                                   // L12: the batch begins
      fl_d    = sbcnt_d;
      if (h_act && c24) begin
        fcur_d = h_wfbit;
      end
    end
    if (bdone) begin
      fdone_d = fdone_h | fcur_q;
      if (hph_h == HphCur) begin
        hph_d = HphDone;
      end
      if (evs_h == EvsCur) begin
        evs_d = EvsFlushed;
      end
      if (bnext) begin                                  // B08
        fcur_d  = fwait_h;
        fwait_d = '0;
        fl_d    = sbcnt_d;
        if (hph_h == HphNext) begin
          hph_d = HphCur;
        end
        if (evs_h == EvsNext) begin
          evs_d = EvsCur;
        end
      end else begin                                    // B07
        batch_d = 1'b0;
        fcur_d  = '0;
      end
    end
  end

  logic [RQP-1:0] rvh_d;
  logic [RQC-1:0] rvcnt_d;
  assign rvh_d   = !x01 ? rvh_q : (32'(rvh_q) == NumBanks - 32'd1) ? '0 : rvh_q + RQP'(1);
  assign rvcnt_d = rvcnt_q + (rv_push ? RvOne : '0) - (x01 ? RvOne : '0);

  logic [DW-1:0] idle_d;
  assign idle_d = ((h_act || m06) && store_row) ? '0 :
                  (idle_q == IdleMax) ? idle_q : idle_q + DW'(1);

  logic rgv_d, agv_d;
  assign rgv_d = (h_act && c16 && !v01 && !v02) ? 1'b1 : m06 ? 1'b0 : rgv_q;   // not at V01 / V02
  assign agv_d = (h_act && c22) ? 1'b1 : m07 ? 1'b0 : agv_q;

  // ---------------------------------------------------------------------------------------------
  // The packed line state after the edge: the event write, then X01 / X02, then INV (L2, L6)
  // ---------------------------------------------------------------------------------------------

  logic [2*Lines-1:0] st_d;
  logic [Lines-1:0]   fresh_d, pend_d, stale_d;
  always_comb begin
    st_d    = st_q;
    fresh_d = fresh_q;
    pend_d  = pend_q;
    stale_d = stale_q;
    // (b) before the head's write in a head edge, after the message's in a message edge
    if (x_we && !do_msg) begin
      st_d[2*x_idx +: 2] = StI;
      fresh_d[x_idx]     = 1'b0;
    end
    if (ev_we) begin
      st_d[2*e_idx +: 2] = n_st;
      fresh_d[e_idx]     = n_fresh;
      pend_d[e_idx]      = n_pend;
      stale_d[e_idx]     = n_stale;
    end
    if (x_we && do_msg) begin
      st_d[2*x_idx +: 2] = StI;
      fresh_d[x_idx]     = 1'b0;
    end
    if (inv) begin
      for (int i = 0; i < Lines; i++) begin
        if (st_d[2*i +: 2] == StV) begin
          st_d[2*i +: 2] = StI;
        end
        if (pend_q[i] && pend_d[i]) begin
          stale_d[i] = 1'b1;
        end
        if (st_d[2*i +: 2] == StR && !(m06_line && 32'(e_idx) == i)) begin
          fresh_d[i] = 1'b0;
        end
      end
    end
  end

  // L15: the touched set's ages after the edge.
  logic [SAW-1:0] ages_d;
  logic [WW-1:0]  tage;
  assign tage = e_ages[32'(t_way)*WW +: WW];
  always_comb begin
    ages_d = e_ages;
    for (int w = 0; w < L1Ways; w++) begin
      if (e_ages[w*WW +: WW] < tage) begin
        ages_d[w*WW +: WW] = e_ages[w*WW +: WW] + WW'(1);
      end
    end
    ages_d[32'(t_way)*WW +: WW] = '0;
  end

  // ---------------------------------------------------------------------------------------------
  // FIFO (L2 g)
  // ---------------------------------------------------------------------------------------------

  // I1: a request with op 0 or 5..7, or wf >= NumWf, is dropped here.
  logic push, push_legal;
  assign push_legal = (core_op_i >= OpLoad) && (core_op_i <= OpFence) &&
                      (32'(core_wf_i) < NumWf);
  assign push       = core_valid_i && core_ready_q && push_legal;
  assign push_fbit  = (push && core_op_i == OpFence) ? (WfOne << core_wf_i) : '0;

  gpucoh_fifo #(
    .Width(EW + DB + LineBytes),
    .Depth(L1Queue)
  ) u_fifo (
    .clk_i,
    .rst_ni,
    .push_i    (push),
    .data_i    ({core_op_i, core_wf_i, core_line_i, core_gpu_i, core_acq_i, core_rel_i,
                 core_aop_i, core_word_i, core_a_i, core_b_i, core_data_i, core_mask_i}),
    .pop_i     (h_pop || m06 || m07),
    .head_o    ({h_ctl, h_data, h_mask}),
    .cnt_o     (fcnt),
    .cnt_next_o(fcnt_d)
  );

  // ---------------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------------

  always_ff @(posedge clk_i) begin : p_lines
    if (!rst_ni) begin
      st_q    <= '0;
      fresh_q <= '0;
      pend_q  <= '0;
      stale_q <= '0;
      mlive_q <= '0;
      dlive_q <= '0;
      age_q   <= AgeInit;
    end else begin
      st_q    <= st_d;
      fresh_q <= fresh_d;
      pend_q  <= pend_d;
      stale_q <= stale_d;
      if (ev_we) begin
        tag_q[e_idx]   <= n_tag;
        wait_q[e_idx]  <= n_wait;
        dirty_q[e_idx] <= n_dirty;
        mlive_q[e_idx] <= 1'b1;
      end
      if (dsel != DNone) begin
        data_q[e_idx]  <= ev_data;
        dlive_q[e_idx] <= 1'b1;
      end
      // B01 / B03 / B05 (not a re-push): after the message's write (M06 may write the popped
      // line), before the head's (step c precedes d: an allocation of the popped way wins)
      if (pop_wt && !repush && !(do_head && ev_we && e_idx == p_idx)) begin
        dirty_q[p_idx] <= '0;
      end
      if (touch) begin
        age_q[32'(e_base)*WW +: SAW] <= ages_d;
      end
    end
  end

  always_ff @(posedge clk_i) begin : p_sb_entries
    if (rst_ni && push_go) begin
      sb_q[sb_tail] <= push_line;
    end else if (rst_ni && repush) begin
      sb_q[sb_tail] <= p_line;                          // section 7: the re-push
    end
  end

  for (genvar j = 0; j < NumBanks; j++) begin : g_rvq
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        rvl_q[j] <= '0;
        rvp_q[j] <= '0;
      end else begin
        rvp_q[j] <= rvp_d[2*j +: 2];
        if (rv_push && 32'(rv_tail) == j) begin
          rvl_q[j] <= rsp_line_i;
        end
      end
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
      rgv_q   <= 1'b0;
      rgi_q   <= '0;
      agv_q   <= 1'b0;
      hph_q   <= '0;
      evs_q   <= '0;
      evi_q   <= '0;
      evl_q   <= '0;
      rvh_q   <= '0;
      rvcnt_q <= '0;
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
      rgv_q   <= rgv_d;
      agv_q   <= agv_d;
      hph_q   <= hph_d;
      evs_q   <= evs_d;
      rvh_q   <= rvh_d;
      rvcnt_q <= rvcnt_d;
      if (h_act && c16 && !v01 && !v02) begin
        rgi_q <= h_alloc ? (e_base + IW'(al_way)) : m_idx;
      end
      if (h_act && c18) begin
        evi_q <= m_idx;
      end else if (h_act && v02) begin
        evi_q <= a3_idx;
      end
      if (x02) begin
        evl_q <= x02_line;
      end
    end
  end

  // Output registers (L3, L2 h; payloads 0 without valid).
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
      req_line_q     <= '0;
      req_mask_q     <= '0;
      req_data_q     <= '0;
      sync_valid_q   <= 1'b0;
      sync_kind_q    <= '0;
      sync_line_q    <= '0;
      sync_wf_q      <= '0;
      sync_word_q    <= '0;
      sync_aop_q     <= '0;
      sync_bmask_q   <= '0;
      sync_a_q       <= '0;
      sync_b_q       <= '0;
      wb_valid_q     <= 1'b0;
      wb_kind_q      <= '0;
      wb_line_q      <= '0;
    end else begin
      core_ready_q   <= (fcnt_d < QueueLen);
      drained_q      <= (sbcnt_d == '0) && (wtp_d == '0) && !batch_d && !rgv_d && !agv_d &&
                        (evs_d == EvsNone) && (rvcnt_d == '0);
      crsp_valid_q   <= crsp_valid_d;
      crsp_kind_q    <= crsp_kind_d;
      crsp_wf_mask_q <= crsp_wf_mask_d;
      crsp_line_q    <= crsp_line_d;
      crsp_data_q    <= (csel == CMrg)  ? merged :
                        (csel == CLine) ? m_data :
                        (csel == CRsp)  ? rsp_data_i : '0;
      req_valid_q    <= req_valid_d;
      req_kind_q     <= req_kind_d;
      req_line_q     <= req_line_d;
      req_mask_q     <= (qsel == QPop)  ? p_dirty :
                        (qsel == QVic)  ? a2_dirty :
                        (qsel == QCore) ? h_mask : '0;
      req_data_q     <= (qsel == QPop)  ? gpucoh_bytemerge_f('0, p_data, p_dirty) :
                        (qsel == QVic)  ? gpucoh_bytemerge_f('0, vic_data, a2_dirty) :
                        (qsel == QCore) ? gpucoh_bytemerge_f('0, h_data, h_mask) : '0;
      sync_valid_q   <= sync_valid_d;
      sync_kind_q    <= sync_kind_d;
      sync_line_q    <= sync_line_d;
      sync_wf_q      <= sync_wf_d;
      sync_word_q    <= sync_word_d;
      sync_aop_q     <= sync_aop_d;
      sync_bmask_q   <= sync_bmask_d;
      sync_a_q       <= sync_a_d;
      sync_b_q       <= sync_b_d;
      wb_valid_q     <= x01 || x02;
      wb_kind_q      <= x01 ? MsgRack : x02 ? MsgEvict : '0;
      wb_line_q      <= x01 ? r_line : x02 ? x02_line : '0;
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
  assign req_line_o     = req_line_q;
  assign req_mask_o     = req_mask_q;
  assign req_data_o     = req_data_q;
  assign sync_valid_o   = sync_valid_q;
  assign sync_kind_o    = sync_kind_q;
  assign sync_line_o    = sync_line_q;
  assign sync_wf_o      = sync_wf_q;
  assign sync_word_o    = sync_word_q;
  assign sync_aop_o     = sync_aop_q;
  assign sync_bmask_o   = sync_bmask_q;
  assign sync_a_o       = sync_a_q;
  assign sync_b_o       = sync_b_q;
  assign wb_valid_o     = wb_valid_q;
  assign wb_kind_o      = wb_kind_q;
  assign wb_line_o      = wb_line_q;
  assign fence_done_o   = fdone_q;
  assign drained_o      = drained_q;

  // ---------------------------------------------------------------------------------------------
  // Assertions (simulation only; empty under SYNTHESIS and Icarus)
  // ---------------------------------------------------------------------------------------------

  // Each assertion reads one bit of a public variable. ASSERT_WARN flags protocol errors of the
  // environment (L9 / I3, I4), which a testbench may present on purpose.
`ifndef SYNTHESIS
  logic sva_oneway_ok   /* verilator public_flat_rd */;   // L16_OneWay
  logic sva_st_ok       /* verilator public_flat_rd */;   // L1_StLegal
  logic sva_clean_ok    /* verilator public_flat_rd */;   // X_CleanLeave (V4)
  logic sva_fresh_ok    /* verilator public_flat_rd */;   // L16_FreshR
  logic sva_rvq_ok      /* verilator public_flat_rd */;   // L8_RvqRoom (I4)
  logic sva_msg_ok      /* verilator public_flat_rd */;   // L9_MsgFindsState (I3)
  logic sva_c22_ok      /* verilator public_flat_rd */;   // C22_Clean (J7)
  logic sva_ready_ok    /* verilator public_flat_rd */;   // L2 h
  logic sva_zero_ok     /* verilator public_flat_rd */;   // timing rule 6
  logic [IW-1:0] sva_x_idx;
  always_comb begin
    sva_oneway_ok = !rst_ni || ((!(do_msg || do_head) || !e_dup) && !p_dup && !r_dup);
    sva_st_ok     = 1'b1;
    sva_fresh_ok  = 1'b1;
    for (int i = 0; i < Lines; i++) begin
      if (rst_ni && st_q[2*i +: 2] == 2'd3) begin
        sva_st_ok = 1'b0;
      end
      if (rst_ni && fresh_q[i] && st_q[2*i +: 2] != StR) begin
        sva_fresh_ok = 1'b0;
      end
    end
    sva_x_idx     = x02 ? evi_q : r_idx;
    sva_clean_ok  = !(rst_ni && (x01_r || x02)) ||
                    !(mlive_q[sva_x_idx] && dirty_q[sva_x_idx] != '0);
    // (at NumBanks = 2^k - 1 a count <= NumBanks would hold by its width; NumBanks is a power
    // of two, so the comparison is constant only at NumBanks = 1)
    /* verilator lint_off CMPCONST */
    sva_rvq_ok    = !rst_ni || (!(k_revoke && rvcnt_q == RvFull) && rvcnt_q <= RvFull);
    /* verilator lint_on CMPCONST */
    sva_msg_ok    = !(rst_ni && m10);
    sva_c22_ok    = !(rst_ni && h_act && c22) ||
                    (wtp_q == '0 && sbcnt_q == '0 && m_dirty == '0);
    sva_ready_ok  = !rst_ni || (core_ready_q == (fcnt < QueueLen));
    sva_zero_ok   = !rst_ni ||
                    ((crsp_valid_q || (crsp_kind_q == '0 && crsp_wf_mask_q == '0 &&
                                       crsp_line_q == '0 && crsp_data_q == '0)) &&
                     (req_valid_q || (req_kind_q == '0 && req_line_q == '0 &&
                                      req_mask_q == '0 && req_data_q == '0)) &&
                     (sync_valid_q || (sync_kind_q == '0 && sync_line_q == '0 &&
                                       sync_wf_q == '0 && sync_word_q == '0 &&
                                       sync_aop_q == '0 && sync_bmask_q == '0 &&
                                       sync_a_q == '0 && sync_b_q == '0)) &&
                     (wb_valid_q || (wb_kind_q == '0 && wb_line_q == '0)));
  end
`endif

  `ASSERT(L16_OneWay_A, sva_oneway_ok)
  `ASSERT(L1_StLegal_A, sva_st_ok)
  `ASSERT(X_CleanLeave_A, sva_clean_ok)
  `ASSERT(L16_FreshR_A, sva_fresh_ok)
  `ASSERT_WARN(L8_RvqRoom_A, sva_rvq_ok)
  `ASSERT_WARN(L9_MsgFindsState_A, sva_msg_ok)
  `ASSERT(C22_Clean_A, sva_c22_ok)
  `ASSERT(L2_ReadyIsRoom_A, sva_ready_ok)
  `ASSERT(PayloadZero_A, sva_zero_ok)

endmodule
