// SPDX-License-Identifier: Apache-2.0
//
// avu -- Access Validation Unit (the per-SM half of the dynamic race detection).
//
// Sits beside the L1 and decides, for every load that hits in the L1 tags, whether the hit may be
// used: lines fetched in the current epoch always hit, lines fetched in the previous epoch hit
// unless the AVU signature (the previous epoch's unseen updates, shipped by the RDU) holds one of
// the units read, older lines are expired misses. It owns the SM's epoch register, the per-line
// fetch-epoch tags, the consecutive-hit counters that force a race-check, and the speculative-
// load queue that validates hits taken while older RDU requests are outstanding.
// Specification: docs/units/sig/avu.md (units of a request: docs/units/sig/rdu.md section 4;
// hashing and chunk layout: docs/units/sig/sig_bloom.md sections 3-4); timing contract:
// docs/timing.md. Every output is a register or a function of registers only (no input-to-output
// path).
//
//               +-------------------------------------+
//  op_*       =>| op reg -> classify -> test engine   |=> res_* , ready_o
//  rsp_*      =>| sig[m] (AVU signature), E, lines[] |=> cmt_* , rsp_ready_o
//               | spec queue [D]                      |=> epoch_o, pending_o
//               +-------------------------------------+
//
// Parameters (an illegal value stops elaboration with a message naming it; nothing is clamped):
//   SigBits    m, signature size in bits; power of two, 256 .. 16384 (default 4096)
//   NumHashes  k, number of hash functions; 1 .. 8 (default 6)
//   Parallel   0 = true, 1 = parallel organisation (P1: m/k a power of two) (default 0)
//   HashKind   0 = H3, 1 = bit-select (default 0)
//   GranBytes  G, tracking granularity in bytes; 1, 4, 128 or 512 (default 128)
//   AddrWidth  AW, byte-address width; 16 .. 64 (default 32)
//   LineBytes  L, cache-line (request) size in bytes; 32, 64, 128 or 256 (default 128)
//   ChunkWidth C, shipment beat width in bits; power of two, 8 .. 512, C <= m (default 256)
//   H3Seed     seed of the H3 matrix generator; 1 .. 2^32 - 1 (default 32'h9E3779B9)
//   NumLines   L1 lines tracked; power of two, 4 .. 1024 (default 128)
//   EpochWidth EW, epoch register and tag width; 2 .. 8 (default 5)
//   HitLimit   consecutive hits that force a race-check; 1 .. 15 (default 4)
//   SpecDepth  D, speculative-load queue entries; 1 .. 32 (default 8)
//   OutMax     outstanding RDU requests allowed; 1 .. 255 (default 16)
//   IdWidth    width of the SM's load token; 1 .. 32 (default 16)
// The signature parameters must equal the RDU's. All parameters are `bit [31:0]` (Icarus 11
// cannot parse `int unsigned` in a parameter declaration).
//
// Derived parameters (spec section 1; never set them): LIW = log2(NumLines),
// HW = max(1, clog2(HitLimit)), OW = clog2(OutMax + 1), DW = max(1, clog2(D)),
// QW = clog2(D + 1), and from rdu: LG = log2(G), LL = log2(L), UN = max(1, L/G),
// NC = m/C, CIW = max(1, log2(NC)); VW = log2(m) vector-index width, UIW = max(1, log2(UN)).
//
// Ports:
//   clk_i, rst_ni       clock; synchronous active-low reset
//   op_valid_i          the SM presents an access (taken at an edge where ready_o was 1)
//   ready_o             the op register is empty
//   op_store_i          0 = load, 1 = store
//   op_line_i[LIW]      L1 line the access hits or allocates
//   op_hit_i            the L1 tag lookup hit
//   op_addr_i[AW]       line address (bits below LL ignored for the units)
//   op_mask_i[L]        bytes accessed
//   op_id_i[IdWidth]    token returned with the result and the commit
//   rsp_valid_i         an RDU response beat for this SM (taken where rsp_ready_o was 1)
//   rsp_ready_o         the AVU takes a beat this cycle (states IDLE and LOAD)
//   rsp_kind_i[3]       1 WRITE_ACK, 2 NO_RACE, 3 RACE, 4 FORCED
//   rsp_idx_i[CIW], rsp_last_i, rsp_chunk_i[C]   beat number, last beat, chunk
//   res_valid_o         an access has been resolved
//   res_kind_o[3]       0 HIT, 1 MISS, 2 AVU_MISS, 3 EXPIRED, 4 STORE
//   res_spec_o          the hit is speculative (a queue entry was allocated)
//   res_rc_o            the SM must send a race-check for this access
//   res_id_o[IdWidth]   the access's token
//   cmt_valid_o         a speculative load retires
//   cmt_failed_o        ... and must be re-executed
//   cmt_id_o[IdWidth]   its token
//   epoch_o[EW]         current epoch E
//   pending_o           the speculative queue is not empty
// res_* and cmt_* payloads are 0 when their valid is 0.
//
// Structure: the AVU signature is one sig_store (u_sig; its vector bits_q is the spec's sig),
// written one chunk per response beat and never cleared except by reset; one sig_hash computes the
// k vector indices of the unit under test (TEST: unit u0 of the op register; VALIDATE: unit u0 of
// slot vslot), and u_sig answers membership combinationally. Spec section 4 is followed step by
// step: A (retire, from the values before the edge), then B (the engine, seeing A's results).
// The events of an edge are decoded once (proc_*, test_*, val_*, do_sync, alloc, ...); the
// scalar registers take them through _d next-state logic, each per-line tag set (gen_line: stamp,
// hit counter, scrub) and each queue slot (gen_slot: free, fill, count, mark, fail) through its
// own register block.
//
// State (spec section 3; all readable by the C++ shim, verilator public_flat_rd): epoch_q, fe_q,
// fresh_q, hits_q, outs_q, st_q (0 IDLE, 1 TEST, 2 LOAD, 3 VALIDATE), the op register opv_q,
// op_store_q, op_line_q, op_hit_q, op_addr_q, op_mask_q, op_id_q, tmask_q, vslot_q, the
// speculative queue sv_q, sid_q, saddr_q, sumask_q, scnt_q, sfail_q, sneed_q, head_q, qn_q, and
// the output registers res_valid_q, res_kind_q, res_spec_q, res_rc_q, res_id_q, cmt_valid_q,
// cmt_failed_q, cmt_id_q.
//
// Numbered rules (spec section 5), checked in simulation by the assertions named after them:
//   R1 Every fresh line has age 0 or 1 (fresh[l] => age(l) <= 1).
//   R2 A load to a CUR line is a HIT without consulting the signature.
//   R3 A load to a PREV line is a HIT iff none of its units is a member of sig.
//   R4 A load with op_hit = 0, or to a non-fresh line, is a miss with a race-check.
//   R5 Every HitLimit-th consecutive hit of a line sends a race-check (res_rc = 1).
//   R6 A hit is speculative iff RDU requests are outstanding after it (outs > 0).
//   R7 A speculative entry retires only when scnt = 0 and it is not awaiting validation, in FIFO
//      order; it fails iff some sync completed while scnt > 0 and a unit of its access was a
//      member of the newly loaded signature.
//   R8 The signature and epoch change only at a beat; an access is never tested against a
//      partly loaded signature.
//   R9 outs never underflows (a response with outs = 0 is a protocol error, flagged; outs then
//      stays 0) and never exceeds OutMax.
//   R10 Parameters outside section 1 are rejected at elaboration.

`include "gpucoh_assert.svh"

module avu #(
  parameter bit [31:0] SigBits    = 32'd4096,
  parameter bit [31:0] NumHashes  = 32'd6,
  parameter bit [31:0] Parallel   = 32'd0,
  parameter bit [31:0] HashKind   = 32'd0,
  parameter bit [31:0] GranBytes  = 32'd128,
  parameter bit [31:0] AddrWidth  = 32'd32,
  parameter bit [31:0] LineBytes  = 32'd128,
  parameter bit [31:0] ChunkWidth = 32'd256,
  parameter bit [31:0] H3Seed     = 32'h9E37_79B9,
  parameter bit [31:0] NumLines   = 32'd128,
  parameter bit [31:0] EpochWidth = 32'd5,
  parameter bit [31:0] HitLimit   = 32'd4,
  parameter bit [31:0] SpecDepth  = 32'd8,
  parameter bit [31:0] OutMax     = 32'd16,
  parameter bit [31:0] IdWidth    = 32'd16,
  // Derived parameters: do not override. For illegal parameters they fall back to harmless
  // values, so that elaboration gets as far as the R10 message.
  localparam int       LIW        = (NumLines > 1) ? $clog2(NumLines) : 1,
  localparam int       EW         = (EpochWidth > 0) ? EpochWidth : 32'd1,
  localparam int       HW         = (HitLimit > 1) ? $clog2(HitLimit) : 1,
  localparam int       OW         = (OutMax > 0) ? $clog2(OutMax + 32'd1) : 1,
  localparam int       DW         = (SpecDepth > 1) ? $clog2(SpecDepth) : 1,
  localparam int       QW         = $clog2(SpecDepth + 32'd1),
  localparam int       IDW        = (IdWidth > 0) ? IdWidth : 32'd1,
  localparam int       NC         = (ChunkWidth != 0 && ChunkWidth <= SigBits) ?
                                    SigBits / ChunkWidth : 1,
  localparam int       CIW        = (NC > 1) ? $clog2(NC) : 1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // Accesses from the SM
  input  logic                  op_valid_i,
  output logic                  ready_o,
  input  logic                  op_store_i,
  input  logic [LIW-1:0]        op_line_i,
  input  logic                  op_hit_i,
  input  logic [AddrWidth-1:0]  op_addr_i,
  input  logic [LineBytes-1:0]  op_mask_i,
  input  logic [IDW-1:0]        op_id_i,
  // Response beats from the RDU
  input  logic                  rsp_valid_i,
  output logic                  rsp_ready_o,
  input  logic [2:0]            rsp_kind_i,
  input  logic [CIW-1:0]        rsp_idx_i,
  input  logic                  rsp_last_i,
  input  logic [ChunkWidth-1:0] rsp_chunk_i,
  // Results and commits to the SM
  output logic                  res_valid_o,
  output logic [2:0]            res_kind_o,
  output logic                  res_spec_o,
  output logic                  res_rc_o,
  output logic [IDW-1:0]        res_id_o,
  output logic                  cmt_valid_o,
  output logic                  cmt_failed_o,
  output logic [IDW-1:0]        cmt_id_o,
  output logic [EW-1:0]         epoch_o,
  output logic                  pending_o
);

  // ---------------------------------------------------------------------------------------------
  // R10: parameter checks (spec section 1; the signature parameters as rdu / sig_bloom)
  // ---------------------------------------------------------------------------------------------

  `ASSERT_ELAB(R10_SigBits_A,
               SigBits >= 256 && SigBits <= 16384 && (SigBits & (SigBits - 1)) == 0,
               "avu: illegal SigBits (legal: a power of two, 256 .. 16384)")
  `ASSERT_ELAB(R10_NumHashes_A, NumHashes >= 1 && NumHashes <= 8,
               "avu: illegal NumHashes (legal: 1 .. 8)")
  `ASSERT_ELAB(R10_Parallel_A, Parallel <= 1,
               "avu: illegal Parallel (legal: 0 = true, 1 = parallel)")
  `ASSERT_ELAB(R10_HashKind_A, HashKind <= 1,
               "avu: illegal HashKind (legal: 0 = H3, 1 = bit-select)")
  `ASSERT_ELAB(R10_GranBytes_A,
               GranBytes == 1 || GranBytes == 4 || GranBytes == 128 || GranBytes == 512,
               "avu: illegal GranBytes (legal: 1, 4, 128, 512)")
  `ASSERT_ELAB(R10_AddrWidth_A, AddrWidth >= 16 && AddrWidth <= 64,
               "avu: illegal AddrWidth (legal: 16 .. 64)")
  `ASSERT_ELAB(R10_LineBytes_A,
               LineBytes == 32 || LineBytes == 64 || LineBytes == 128 || LineBytes == 256,
               "avu: illegal LineBytes (legal: 32, 64, 128, 256)")
  `ASSERT_ELAB(R10_ChunkWidth_A,
               ChunkWidth >= 8 && ChunkWidth <= 512 && (ChunkWidth & (ChunkWidth - 1)) == 0,
               "avu: illegal ChunkWidth (legal: a power of two, 8 .. 512)")
  `ASSERT_ELAB(R10_H3Seed_A, H3Seed != 0,
               "avu: illegal H3Seed (legal: 1 .. 2^32 - 1; 0 is illegal)")
  `ASSERT_ELAB(R10_P1Parallel_A,
               Parallel == 0 || (NumHashes != 0 && SigBits % NumHashes == 0 &&
                                 ((SigBits / NumHashes) & (SigBits / NumHashes - 1)) == 0),
               "avu: P1: Parallel = 1 needs SigBits / NumHashes to be a power of two")
  `ASSERT_ELAB(R10_P2ChunkWidth_A, ChunkWidth <= SigBits,
               "avu: P2: illegal ChunkWidth (legal: ChunkWidth <= SigBits)")
  `ASSERT_ELAB(R10_NumLines_A,
               NumLines >= 4 && NumLines <= 1024 && (NumLines & (NumLines - 1)) == 0,
               "avu: illegal NumLines (legal: a power of two, 4 .. 1024)")
  `ASSERT_ELAB(R10_EpochWidth_A, EpochWidth >= 2 && EpochWidth <= 8,
               "avu: illegal EpochWidth (legal: 2 .. 8)")
  `ASSERT_ELAB(R10_HitLimit_A, HitLimit >= 1 && HitLimit <= 15,
               "avu: illegal HitLimit (legal: 1 .. 15)")
  `ASSERT_ELAB(R10_SpecDepth_A, SpecDepth >= 1 && SpecDepth <= 32,
               "avu: illegal SpecDepth (legal: 1 .. 32)")
  `ASSERT_ELAB(R10_OutMax_A, OutMax >= 1 && OutMax <= 255,
               "avu: illegal OutMax (legal: 1 .. 255)")
  `ASSERT_ELAB(R10_IdWidth_A, IdWidth >= 1 && IdWidth <= 32,
               "avu: illegal IdWidth (legal: 1 .. 32)")

  // ---------------------------------------------------------------------------------------------
  // Constants
  // ---------------------------------------------------------------------------------------------

  localparam int LG  = $clog2(GranBytes);
  localparam int LL  = $clog2(LineBytes);
  // Units per line (rdu section 4): L/G below the line size, else one unit.
  localparam int UN  = (GranBytes < LineBytes) ? LineBytes / GranBytes : 1;
  localparam int UIW = (UN > 1) ? $clog2(UN) : 1;
  localparam int VW  = $clog2(SigBits);

  // st encoding (spec section 3; gpucoh_pkg::avu_st_e).
  localparam logic [1:0] StIdle     = gpucoh_pkg::AvuStIdle;
  localparam logic [1:0] StTest     = gpucoh_pkg::AvuStTest;
  localparam logic [1:0] StLoad     = gpucoh_pkg::AvuStLoad;
  localparam logic [1:0] StValidate = gpucoh_pkg::AvuStValidate;

  // rsp_kind_i encoding (rdu section 2, shared through the package).
  localparam logic [2:0] RspWriteAck = gpucoh_pkg::RduRspWriteAck;
  localparam logic [2:0] RspNoRace   = gpucoh_pkg::RduRspNoRace;
  localparam logic [2:0] RspRace     = gpucoh_pkg::RduRspRace;
  localparam logic [2:0] RspForced   = gpucoh_pkg::RduRspForced;

  // res_kind_o encoding (spec section 2; gpucoh_pkg::avu_res_kind_e).
  localparam logic [2:0] ResHit     = gpucoh_pkg::AvuResHit;
  localparam logic [2:0] ResMiss    = gpucoh_pkg::AvuResMiss;
  localparam logic [2:0] ResAvuMiss = gpucoh_pkg::AvuResAvuMiss;
  localparam logic [2:0] ResExpired = gpucoh_pkg::AvuResExpired;
  localparam logic [2:0] ResStore   = gpucoh_pkg::AvuResStore;

  localparam bit [31:0]     DepthM1   = SpecDepth - 32'd1;
  localparam logic [QW-1:0] DepthQ    = SpecDepth[QW-1:0];    // D, fits QW bits
  localparam logic [DW-1:0] LastSlot  = DepthM1[DW-1:0];      // D - 1
  localparam logic [OW-1:0] OutMaxO   = OutMax[OW-1:0];       // OutMax, fits OW bits
  localparam logic [HW:0]   HitLimitH = HitLimit[HW:0];       // HitLimit <= 2^HW

  // ---------------------------------------------------------------------------------------------
  // State (spec section 3)
  // ---------------------------------------------------------------------------------------------

  // The unpacked arrays carry (* mem2reg *): they are flip-flops written per element (and reset),
  // never a RAM, and the attribute tells Yosys so instead of leaving it to warn.

  logic [EW-1:0]         epoch_q /* verilator public_flat_rd */;
  (* mem2reg *) logic [EW-1:0]        fe_q     [NumLines] /* verilator public_flat_rd */;
  (* mem2reg *) logic                 fresh_q  [NumLines] /* verilator public_flat_rd */;
  (* mem2reg *) logic [HW-1:0]        hits_q   [NumLines] /* verilator public_flat_rd */;
  logic [OW-1:0]         outs_q /* verilator public_flat_rd */;
  logic [1:0]            st_q /* verilator public_flat_rd */;

  // Op register.
  logic                  opv_q /* verilator public_flat_rd */;
  logic                  op_store_q /* verilator public_flat_rd */;
  logic [LIW-1:0]        op_line_q /* verilator public_flat_rd */;
  logic                  op_hit_q /* verilator public_flat_rd */;
  logic [AddrWidth-1:0]  op_addr_q /* verilator public_flat_rd */;
  logic [LineBytes-1:0]  op_mask_q /* verilator public_flat_rd */;
  logic [IDW-1:0]        op_id_q /* verilator public_flat_rd */;

  logic [UN-1:0]         tmask_q /* verilator public_flat_rd */;
  logic [DW-1:0]         vslot_q /* verilator public_flat_rd */;

  // Speculative-load queue.
  (* mem2reg *) logic                 sv_q     [SpecDepth] /* verilator public_flat_rd */;
  (* mem2reg *) logic [IDW-1:0]       sid_q    [SpecDepth] /* verilator public_flat_rd */;
  (* mem2reg *) logic [AddrWidth-1:0] saddr_q  [SpecDepth] /* verilator public_flat_rd */;
  (* mem2reg *) logic [UN-1:0]        sumask_q [SpecDepth] /* verilator public_flat_rd */;
  (* mem2reg *) logic [OW-1:0]        scnt_q   [SpecDepth] /* verilator public_flat_rd */;
  (* mem2reg *) logic                 sfail_q  [SpecDepth] /* verilator public_flat_rd */;
  (* mem2reg *) logic                 sneed_q  [SpecDepth] /* verilator public_flat_rd */;
  logic [DW-1:0]         head_q /* verilator public_flat_rd */;
  logic [QW-1:0]         qn_q /* verilator public_flat_rd */;

  // Output registers.
  logic                  res_valid_q /* verilator public_flat_rd */;
  logic [2:0]            res_kind_q /* verilator public_flat_rd */;
  logic                  res_spec_q /* verilator public_flat_rd */;
  logic                  res_rc_q /* verilator public_flat_rd */;
  logic [IDW-1:0]        res_id_q /* verilator public_flat_rd */;
  logic                  cmt_valid_q /* verilator public_flat_rd */;
  logic                  cmt_failed_q /* verilator public_flat_rd */;
  logic [IDW-1:0]        cmt_id_q /* verilator public_flat_rd */;

  // Next state of the scalar registers (the per-line and per-slot registers have theirs in
  // gen_line and gen_slot).
  logic [EW-1:0]         epoch_d;
  logic [OW-1:0]         outs_d;
  logic [1:0]            st_d;
  logic                  opv_d, op_store_d, op_hit_d;
  logic [LIW-1:0]        op_line_d;
  logic [AddrWidth-1:0]  op_addr_d;
  logic [LineBytes-1:0]  op_mask_d;
  logic [IDW-1:0]        op_id_d;
  logic [UN-1:0]         tmask_d;
  logic [DW-1:0]         vslot_d;
  logic [DW-1:0]         head_d;
  logic [QW-1:0]         qn_d;
  logic                  res_valid_d, res_spec_d, res_rc_d;
  logic [2:0]            res_kind_d;
  logic [IDW-1:0]        res_id_d;
  logic                  cmt_valid_d, cmt_failed_d;
  logic [IDW-1:0]        cmt_id_d;

  // ---------------------------------------------------------------------------------------------
  // Units of the op register's access (rdu section 4)
  // ---------------------------------------------------------------------------------------------

  // umask(op_addr, op_mask): unit u is present iff one of its G bytes is accessed.
  logic [UN-1:0] op_umask;
  if (UN > 1) begin : gen_umask_units
    for (genvar u = 0; u < UN; u++) begin : gen_unit
      assign op_umask[u] = |op_mask_q[u*GranBytes +: GranBytes];
    end
  end else begin : gen_umask_one
    assign op_umask = |op_mask_q;
  end

  // ---------------------------------------------------------------------------------------------
  // Unit under test: unit u0 (lowest set bit of tmask) of the op register (TEST) or of slot vslot
  // (VALIDATE), hashed by sig_hash and looked up in the signature
  // ---------------------------------------------------------------------------------------------

  logic [UIW-1:0] u0;
  always_comb begin
    u0 = '0;
    for (int u = UN - 1; u >= 0; u--) begin
      if (tmask_q[u]) begin
        u0 = UIW'(u);
      end
    end
  end

  logic [AddrWidth-1:0] test_base;   // line address of the access under test
  logic [AddrWidth-1:0] test_unit;   // its unit address
  assign test_base = (st_q == StValidate) ? saddr_q[vslot_q] : op_addr_q;

  if (UN > 1) begin : gen_unit_addr_sub
    // G < L: (a with bits [LL-1:0] cleared) + u0 * G; u0 * G < L, so this is a concatenation.
    if (LG > 0) begin : gen_low
      assign test_unit = {test_base[AddrWidth-1:LL], u0, {LG{1'b0}}};
    end else begin : gen_nolow
      assign test_unit = {test_base[AddrWidth-1:LL], u0};
    end
    logic unused_test_base_low;
    assign unused_test_base_low = ^test_base[LL-1:0];
  end else begin : gen_unit_addr_one
    // G >= L: the one unit's address is a itself.
    assign test_unit = test_base;
    logic unused_u0;
    assign unused_u0 = ^u0;
  end

  logic [NumHashes*VW-1:0] test_idx;
  logic                    member;   // all k bits of test_unit are set in sig
  logic                    sig_wr;   // a response beat's chunk is written into sig (below)

  sig_hash #(
    .SigBits   (SigBits),
    .NumHashes (NumHashes),
    .Parallel  (Parallel),
    .HashKind  (HashKind),
    .GranBytes (GranBytes),
    .AddrWidth (AddrWidth),
    .H3Seed    (H3Seed)
  ) u_hash (
    .addr_i (test_unit),
    .idx_o  (test_idx)
  );

  // The AVU signature: loaded one chunk per beat, never cleared except by reset, never inserted
  // into (spec section 3).
  logic [ChunkWidth-1:0] unused_sig_rd;

  sig_store #(
    .SigBits    (SigBits),
    .NumHashes  (NumHashes),
    .ChunkWidth (ChunkWidth)
  ) u_sig (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .set_i     (1'b0),
    .clr_i     (1'b0),
    .idx_i     (test_idx),
    .member_o  (member),
    .wr_i      (sig_wr),
    .wr_idx_i  (rsp_idx_i),
    .wr_data_i (rsp_chunk_i),
    .rd_idx_i  ({CIW{1'b0}}),
    .rd_data_o (unused_sig_rd)
  );

  // ---------------------------------------------------------------------------------------------
  // The op register's line (spec section 4, classification)
  // ---------------------------------------------------------------------------------------------

  logic [EW-1:0] line_fe;
  logic          line_fresh;
  logic [HW-1:0] line_hits;
  logic [EW-1:0] line_age;      // age(l) = (E - fe[l]) mod 2^EW
  logic          line_cur;      // fresh, age 0
  logic          line_prev;     // fresh, age 1
  assign line_fe    = fe_q[op_line_q];
  assign line_fresh = fresh_q[op_line_q];
  assign line_hits  = hits_q[op_line_q];
  assign line_age   = epoch_q - line_fe;
  assign line_cur   = line_fresh && line_age == EW'(0);
  assign line_prev  = line_fresh && line_age == EW'(1);

  // Result HIT arithmetic: rc = (hits[l] + 1 = HitLimit); the new counter; o + rc with
  // o = outs before the op (outs_q: nothing else changes outs in an edge with a hit).
  logic [HW:0]   hits_inc;
  logic          hit_rc;
  logic [HW-1:0] hits_next;
  logic [OW-1:0] outs_hit;
  assign hits_inc  = {1'b0, line_hits} + 1'b1;
  assign hit_rc    = (hits_inc == HitLimitH);
  assign hits_next = hit_rc ? '0 : hits_inc[HW-1:0];
  assign outs_hit  = outs_q + OW'(hit_rc);  // no overflow: outs < OutMax gates every hit

  // outs - 1 for an answer; R9: a response with outs = 0 leaves it at 0.
  logic [OW-1:0] outs_dec;
  assign outs_dec = (outs_q != '0) ? outs_q - 1'b1 : '0;

  // ---------------------------------------------------------------------------------------------
  // A. Retire (from the values before the edge), and the queue pointers it leaves for B
  // ---------------------------------------------------------------------------------------------

  logic          retire;        // slot head retires at this edge
  logic [DW-1:0] head_a;        // head after A
  logic [QW-1:0] qn_a;          // qn after A
  logic [6:0]    alloc_sum;     // head + qn after A, < 2D <= 64
  logic [DW-1:0] alloc_slot;    // (head + qn) mod D after A: the slot a speculative hit takes
  assign retire     = (qn_q != '0) && (scnt_q[head_q] == '0) && !sneed_q[head_q];
  assign head_a     = !retire ? head_q : (head_q == LastSlot) ? '0 : head_q + 1'b1;
  assign qn_a       = qn_q - QW'(retire);
  assign alloc_sum  = 7'(head_a) + 7'(qn_a);
  assign alloc_slot = (alloc_sum >= 7'(SpecDepth)) ? DW'(alloc_sum - 7'(SpecDepth))
                                                   : DW'(alloc_sum);

  // ---------------------------------------------------------------------------------------------
  // B. Engine events of this edge (spec section 4, by st)
  // ---------------------------------------------------------------------------------------------

  logic is_idle, is_test, is_load, is_validate;
  assign is_idle     = (st_q == StIdle);
  assign is_test     = (st_q == StTest);
  assign is_load     = (st_q == StLoad);
  assign is_validate = (st_q == StValidate);

  logic kind_sig;       // the beat carries a signature chunk (WRITE_ACK, RACE, FORCED)
  logic kind_answer;    // the shipment answers this SM's request (WRITE_ACK, RACE)
  assign kind_answer = (rsp_kind_i == RspWriteAck) || (rsp_kind_i == RspRace);
  assign kind_sig    = kind_answer || (rsp_kind_i == RspForced);

  // IDLE.1 and LOAD: beats. A NO_RACE beat in IDLE counts one answer; a signature beat writes its
  // chunk (in LOAD whatever its kind), and the last one completes the sync.
  logic norace;         // IDLE, NO_RACE beat taken
  logic do_sync;        // Sync completion
  logic sync_answer;    // ... of a WRITE_ACK or RACE shipment (decrements)
  logic sync_need;      // ... of a WRITE_ACK, RACE or FORCED shipment (sets sneed)
  assign norace      = is_idle && rsp_valid_i && (rsp_kind_i == RspNoRace);
  assign sig_wr      = rsp_valid_i && (is_load || (is_idle && kind_sig));
  assign do_sync     = sig_wr && rsp_last_i;
  assign sync_answer = do_sync && kind_answer;
  assign sync_need   = do_sync && kind_sig;

  // IDLE.2: the op register is processed (no beat, gates open after A), and what it is.
  logic proc_op;        // the op register is processed at this edge
  logic proc_store;     // ... a store
  logic proc_miss;      // ... a load, MISS or EXPIRED
  logic proc_test;      // ... a load, PREV with units: enter TEST
  logic proc_hit;       // ... a load, CUR or PREV with an empty mask: HIT now
  assign proc_op    = is_idle && !rsp_valid_i && opv_q && (outs_q < OutMaxO) &&
                      (qn_a < DepthQ);
  assign proc_store = proc_op && op_store_q;
  assign proc_miss  = proc_op && !op_store_q && !(op_hit_q && (line_cur || line_prev));
  assign proc_test  = proc_op && !op_store_q && op_hit_q && line_prev && (op_umask != '0);
  assign proc_hit   = proc_op && !op_store_q && op_hit_q &&
                      (line_cur || (line_prev && op_umask == '0));

  // TEST: the unit u0 of the op register is a member (AVU_MISS), or it was the last (HIT).
  logic [UN-1:0] tmask_rest;    // tmask without u0
  logic          test_miss;
  logic          test_hit;
  assign tmask_rest = tmask_q & ~(UN'(1) << u0);
  assign test_miss  = is_test && member;
  assign test_hit   = is_test && !member && (tmask_rest == '0);

  // VALIDATE: test unit u0 of slot vslot, or (tmask = 0) finish the slot.
  logic val_fail;       // the unit is a member: sfail[vslot] = 1
  logic val_done;       // sneed[vslot] = 0
  assign val_fail = is_validate && (tmask_q != '0) && member;
  assign val_done = is_validate && (tmask_q == '0);

  // Result HIT, and a speculative one takes slot alloc_slot.
  logic do_hit;
  logic alloc;
  assign do_hit = proc_hit || test_hit;
  assign alloc  = do_hit && (outs_hit != '0);

  // Per-line write controls (the line is always op_line_q): stamp, hit-counter write, scrub.
  logic          line_stamp;
  logic [EW-1:0] scrub_tag;     // E_new - 2 = E - 1
  assign line_stamp = (proc_store && !op_hit_q) || proc_miss || test_miss;
  assign scrub_tag  = epoch_q + 1'b1 - EW'(2);

  // Lowest slot with sneed = 1 after this edge's updates (sync completion 3, VALIDATE).
  logic [SpecDepth-1:0] sneed_next;
  logic                 need_found;
  logic [DW-1:0]        need_slot;
  always_comb begin
    need_found = 1'b0;
    need_slot  = '0;
    for (int s = SpecDepth - 1; s >= 0; s--) begin
      if (sneed_next[s]) begin
        need_found = 1'b1;
        need_slot  = DW'(s);
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Next state of the scalar registers
  // ---------------------------------------------------------------------------------------------

  always_comb begin
    // Hold everything; output registers default to 0.
    epoch_d      = epoch_q;
    outs_d       = outs_q;
    st_d         = st_q;
    opv_d        = opv_q;
    op_store_d   = op_store_q;
    op_line_d    = op_line_q;
    op_hit_d     = op_hit_q;
    op_addr_d    = op_addr_q;
    op_mask_d    = op_mask_q;
    op_id_d      = op_id_q;
    tmask_d      = tmask_q;
    vslot_d      = vslot_q;
    head_d       = head_a;
    qn_d         = qn_a;
    res_valid_d  = 1'b0;
    res_kind_d   = ResHit;
    res_spec_d   = 1'b0;
    res_rc_d     = 1'b0;
    res_id_d     = '0;
    cmt_valid_d  = 1'b0;
    cmt_failed_d = 1'b0;
    cmt_id_d     = '0;

    // Accept an access into the empty op register (ready_o = !opv_q). Processing (below) only
    // reads a full op register, so the two never meet in one edge.
    if (op_valid_i && !opv_q) begin
      opv_d      = 1'b1;
      op_store_d = op_store_i;
      op_line_d  = op_line_i;
      op_hit_d   = op_hit_i;
      op_addr_d  = op_addr_i;
      op_mask_d  = op_mask_i;
      op_id_d    = op_id_i;
    end

    // A. Retire (the slot itself is freed in gen_slot; head and qn are head_a, qn_a above).
    if (retire) begin
      cmt_valid_d  = 1'b1;
      cmt_id_d     = sid_q[head_q];
      cmt_failed_d = sfail_q[head_q];
    end

    // B. IDLE.1: a NO_RACE answer.
    if (norace) begin
      outs_d = outs_dec;
    end

    // B. LOAD: a first beat in IDLE enters LOAD; the last beat completes the sync (below).
    if (sig_wr && !rsp_last_i) begin
      st_d = StLoad;
    end

    // B. IDLE.2: process the op register; it is cleared unless the processing enters TEST.
    if (proc_op) begin
      opv_d = 1'b0;
    end
    if (proc_store) begin
      outs_d      = outs_q + 1'b1;
      res_valid_d = 1'b1;
      res_kind_d  = ResStore;
      res_id_d    = op_id_q;
    end
    if (proc_miss) begin
      outs_d      = outs_q + 1'b1;
      res_valid_d = 1'b1;
      res_kind_d  = op_hit_q ? ResExpired : ResMiss;
      res_rc_d    = 1'b1;
      res_id_d    = op_id_q;
    end
    if (proc_test) begin
      opv_d   = 1'b1;
      tmask_d = op_umask;
      st_d    = StTest;
    end

    // B. TEST: a member ends it in AVU_MISS; a non-member clears u0, and the last one ends it in
    // HIT (below).
    if (is_test) begin
      tmask_d = tmask_rest;
    end
    if (test_miss) begin
      tmask_d     = tmask_q;
      outs_d      = outs_q + 1'b1;
      res_valid_d = 1'b1;
      res_kind_d  = ResAvuMiss;
      res_rc_d    = 1'b1;
      res_id_d    = op_id_q;
    end
    if (test_miss || test_hit) begin
      st_d  = StIdle;
      opv_d = 1'b0;
    end

    // Result HIT (current or previous epoch): o + rc requests outstanding after it.
    if (do_hit) begin
      outs_d      = outs_hit;
      res_valid_d = 1'b1;
      res_kind_d  = ResHit;
      res_rc_d    = hit_rc;
      res_id_d    = op_id_q;
    end
    if (alloc) begin
      qn_d       = qn_a + 1'b1;
      res_spec_d = 1'b1;
    end

    // B. VALIDATE: a member fails the slot and ends its test; a non-member clears u0; with
    // tmask = 0 the slot is done and the next one (lowest slot still needing it) starts.
    if (is_validate && tmask_q != '0) begin
      tmask_d = member ? '0 : tmask_rest;
    end

    // Sync completion: next epoch (the scrub is in gen_line), the answer is counted, the entries
    // are marked (gen_slot); then validate from the lowest marked slot, or go back to IDLE.
    if (do_sync) begin
      epoch_d = epoch_q + 1'b1;
      if (kind_answer) begin
        outs_d = outs_dec;
      end
    end
    if (do_sync || val_done) begin
      if (need_found) begin
        st_d    = StValidate;
        vslot_d = need_slot;
        tmask_d = sumask_q[need_slot];
      end else begin
        st_d = StIdle;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------------

  // Per-line tags, one register set per line: a stamp or a hit-counter write of line op_line
  // (op processing and TEST), or the scrub of every line tagged E_new - 2 (sync completion); the
  // two never happen in one edge.
  for (genvar l = 0; l < NumLines; l++) begin : gen_line
    localparam logic [LIW-1:0] Line = LIW'(l);
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        fe_q[l]    <= '0;
        fresh_q[l] <= 1'b0;
        hits_q[l]  <= '0;
      end else if (line_stamp && op_line_q == Line) begin
        fe_q[l]    <= epoch_q;
        fresh_q[l] <= 1'b1;
        hits_q[l]  <= '0;
      end else if (do_hit && op_line_q == Line) begin
        hits_q[l]  <= hits_next;
      end else if (do_sync && fresh_q[l] && fe_q[l] == scrub_tag) begin
        fresh_q[l] <= 1'b0;
      end
    end
  end

  // Per-slot registers of the speculative queue. A frees the head slot (all fields 0) from the
  // values before the edge; B then sees the result: a sync counts and marks the valid slots, a
  // NO_RACE counts them, VALIDATE fails or finishes slot vslot, a speculative hit fills slot
  // alloc_slot (which may be the one A has just freed). Allocation never meets a beat or VALIDATE
  // in one edge.
  for (genvar s = 0; s < SpecDepth; s++) begin : gen_slot
    localparam logic [DW-1:0] Slot = DW'(s);

    // After A.
    logic          ret;
    logic          sv_a, sfail_a, sneed_a;
    logic [OW-1:0] scnt_a;
    assign ret     = retire && (head_q == Slot);
    assign sv_a    = sv_q[s] && !ret;
    assign sfail_a = sfail_q[s] && !ret;
    assign sneed_a = sneed_q[s] && !ret;
    assign scnt_a  = ret ? '0 : scnt_q[s];

    // After B.
    logic          waiting;       // valid with scnt > 0
    logic          fill;
    logic          sfail_b, sneed_b;
    logic [OW-1:0] scnt_b;
    assign waiting = sv_a && (scnt_a != '0);
    assign fill    = alloc && (alloc_slot == Slot);
    assign scnt_b  = (waiting && (norace || sync_answer)) ? scnt_a - 1'b1 : scnt_a;
    assign sneed_b = (sneed_a || (waiting && sync_need)) && !(val_done && vslot_q == Slot);
    assign sfail_b = sfail_a || (val_fail && vslot_q == Slot);
    assign sneed_next[s] = !fill && sneed_b;

    always_ff @(posedge clk_i) begin
      if (!rst_ni || (ret && !fill)) begin
        sv_q[s]     <= 1'b0;
        sid_q[s]    <= '0;
        saddr_q[s]  <= '0;
        sumask_q[s] <= '0;
        scnt_q[s]   <= '0;
        sfail_q[s]  <= 1'b0;
        sneed_q[s]  <= 1'b0;
      end else if (fill) begin
        sv_q[s]     <= 1'b1;
        sid_q[s]    <= op_id_q;
        saddr_q[s]  <= op_addr_q;
        sumask_q[s] <= op_umask;
        scnt_q[s]   <= outs_hit;
        sfail_q[s]  <= 1'b0;
        sneed_q[s]  <= 1'b0;
      end else begin
        sv_q[s]     <= sv_a;
        scnt_q[s]   <= scnt_b;
        sfail_q[s]  <= sfail_b;
        sneed_q[s]  <= sneed_b;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      epoch_q      <= '0;
      outs_q       <= '0;
      st_q         <= StIdle;
      opv_q        <= 1'b0;
      op_store_q   <= 1'b0;
      op_line_q    <= '0;
      op_hit_q     <= 1'b0;
      op_addr_q    <= '0;
      op_mask_q    <= '0;
      op_id_q      <= '0;
      tmask_q      <= '0;
      vslot_q      <= '0;
      head_q       <= '0;
      qn_q         <= '0;
      res_valid_q  <= 1'b0;
      res_kind_q   <= '0;
      res_spec_q   <= 1'b0;
      res_rc_q     <= 1'b0;
      res_id_q     <= '0;
      cmt_valid_q  <= 1'b0;
      cmt_failed_q <= 1'b0;
      cmt_id_q     <= '0;
    end else begin
      epoch_q      <= epoch_d;
      outs_q       <= outs_d;
      st_q         <= st_d;
      opv_q        <= opv_d;
      op_store_q   <= op_store_d;
      op_line_q    <= op_line_d;
      op_hit_q     <= op_hit_d;
      op_addr_q    <= op_addr_d;
      op_mask_q    <= op_mask_d;
      op_id_q      <= op_id_d;
      tmask_q      <= tmask_d;
      vslot_q      <= vslot_d;
      head_q       <= head_d;
      qn_q         <= qn_d;
      res_valid_q  <= res_valid_d;
      res_kind_q   <= res_kind_d;
      res_spec_q   <= res_spec_d;
      res_rc_q     <= res_rc_d;
      res_id_q     <= res_id_d;
      cmt_valid_q  <= cmt_valid_d;
      cmt_failed_q <= cmt_failed_d;
      cmt_id_q     <= cmt_id_d;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs: registers, and functions of registers
  // ---------------------------------------------------------------------------------------------

  assign ready_o      = !opv_q;
  assign rsp_ready_o  = (st_q == StIdle) || (st_q == StLoad);
  assign res_valid_o  = res_valid_q;
  assign res_kind_o   = res_kind_q;
  assign res_spec_o   = res_spec_q;
  assign res_rc_o     = res_rc_q;
  assign res_id_o     = res_id_q;
  assign cmt_valid_o  = cmt_valid_q;
  assign cmt_failed_o = cmt_failed_q;
  assign cmt_id_o     = cmt_id_q;
  assign epoch_o      = epoch_q;
  assign pending_o    = (qn_q != '0);

  // ---------------------------------------------------------------------------------------------
  // Assertions (simulation only; empty under SYNTHESIS and Icarus)
  // ---------------------------------------------------------------------------------------------

  // The assertions read only narrow signals (never bits_q or a whole per-line array): Verilator
  // samples every signal a concurrent assertion reads, and its 5.006 C++ does not compile for a
  // sampled vector of 64 words or more. R1 over all lines is reduced to one bit first.

`ifndef SYNTHESIS
  logic sva_r1_ok;      // every fresh line has age 0 or 1
  always_comb begin
    sva_r1_ok = 1'b1;
    for (int l = 0; l < NumLines; l++) begin
      if (fresh_q[l] && (epoch_q - fe_q[l]) > EW'(1)) begin
        sva_r1_ok = 1'b0;
      end
    end
  end

  logic sva_beat;       // a response beat is taken at this edge
  logic sva_load;       // a load in the op register is processed at this edge
  assign sva_beat = rsp_valid_i && rsp_ready_o;
  assign sva_load = proc_op && !op_store_q;

  // Array selects are taken here, not inside a property (Verilator 5.006 fails internally on an
  // array select under an assertion).
  logic sva_head_valid;   // sv[head]
  logic sva_vslot_need;   // sneed[vslot]
  assign sva_head_valid = sv_q[head_q];
  assign sva_vslot_need = sneed_q[vslot_q];
`endif

  `ASSERT(R1_FreshAgeAtMostOne_A, rst_ni |-> sva_r1_ok)

  `ASSERT(R2_CurLoadHits_A,
          (rst_ni && sva_load && op_hit_q && line_cur)
          |=> (res_valid_o && res_kind_o == ResHit && st_q == StIdle))

  // R3: a TEST ends in AVU_MISS exactly at a member unit, in HIT when the last unit passes; a
  // PREV load tests or (empty mask) hits.
  `ASSERT(R3_TestMemberIsAvuMiss_A,
          (rst_ni && st_q == StTest && member)
          |=> (res_valid_o && res_kind_o == ResAvuMiss && res_rc_o))
  `ASSERT(R3_TestPassIsHit_A,
          (rst_ni && st_q == StTest && !member && tmask_rest == '0)
          |=> (res_valid_o && res_kind_o == ResHit))
  `ASSERT(R3_TestPassGoesOn_A,
          (rst_ni && st_q == StTest && !member && tmask_rest != '0)
          |=> (!res_valid_o && st_q == StTest))
  `ASSERT(R3_PrevLoadTestsOrHits_A,
          (rst_ni && sva_load && op_hit_q && line_prev)
          |=> ((st_q == StTest && !res_valid_o) || (res_valid_o && res_kind_o == ResHit)))

  `ASSERT(R4_MissHasRaceCheck_A,
          (rst_ni && sva_load && (!op_hit_q || !line_fresh))
          |=> (res_valid_o && res_rc_o &&
               res_kind_o == ($past(op_hit_q) ? ResExpired : ResMiss)))

  // R5: the counter of the op register's line stays below HitLimit; a hit that reaches it
  // carries a race-check.
  `ASSERT(R5_HitsBelowLimit_A, rst_ni |-> ({1'b0, line_hits} < HitLimitH))
  `ASSERT(R5_LimitHitRaceCheck_A, (rst_ni && do_hit && hit_rc) |=> res_rc_o)

  `ASSERT(R6_SpecIffOutstanding_A,
          (res_valid_o && res_kind_o == ResHit) |-> (res_spec_o == (outs_q != '0)))

  // R7: the queue is a FIFO of valid slots from head; only the head retires.
  `ASSERT(R7_HeadValid_A, (rst_ni && qn_q != '0) |-> sva_head_valid)
  `ASSERT(R7_QueueBounds_A,
          qn_q <= DepthQ && 32'(head_q) < SpecDepth && 32'(vslot_q) < SpecDepth)
  `ASSERT(R7_ValidateNeeded_A, (rst_ni && st_q == StValidate) |-> sva_vslot_need)

  // R8: no beat is taken while testing or validating; the epoch moves only at a beat.
  `ASSERT(R8_NoBeatWhileTesting_A,
          (st_q == StTest || st_q == StValidate) |-> !rsp_ready_o)
  `ASSERT(R8_EpochOnlyAtBeat_A, (rst_ni && !sva_beat) |=> (epoch_q == $past(epoch_q)))

  // R9: an answer with outs = 0 is a protocol error (outs stays 0); outs <= OutMax.
  `ASSERT_WARN(R9_NoUnderflow_A, (rst_ni && (norace || sync_answer)) |-> (outs_q != '0))
  `ASSERT(R9_OutsAtMostOutMax_A, outs_q <= OutMaxO)

  // Protocol checks on the response beats (the testbench may break them on purpose): a beat is
  // WRITE_ACK, NO_RACE, RACE or FORCED, and a NO_RACE is a single beat taken in IDLE.
  `ASSERT_WARN(RspKindLegal_A,
               (rst_ni && sva_beat) |->
               (kind_sig || (rsp_kind_i == RspNoRace && st_q == StIdle && rsp_last_i)))
  `ASSERT_WARN(RspIdxInRange_A, (rst_ni && sva_beat) |-> (32'(rsp_idx_i) < NC))

  // Timing contract rule 6: payloads are 0 when their valid is 0.
  `ASSERT(ResPayloadZero_A,
          !res_valid_o |-> (res_kind_o == '0 && !res_spec_o && !res_rc_o && res_id_o == '0))
  `ASSERT(CmtPayloadZero_A, !cmt_valid_o |-> (!cmt_failed_o && cmt_id_o == '0))

endmodule
