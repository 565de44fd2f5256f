// SPDX-License-Identifier: Apache-2.0
//
// sig_bloom -- Bloom-filter address signature.
//
// An m-bit vector with k hash functions: INSERT sets k bits for an address, TEST reports whether
// all k bits of an address are set, CLEAR zeroes the vector, READ / LOAD move one C-bit chunk out
// of / into the vector, and a saturating insertion counter with a threshold flag tells the owner
// when to force a synchronization point. Specification: docs/units/sig_bloom.md; timing
// contract: docs/timing.md. One operation per cycle, always ready, latency 1, every output a
// register or a function of registers only (no input-to-output path).
//
//             +--------------------+
//   clk_i --->|                    |---> resp_valid_o
//  rst_ni --->|     sig_bloom      |---> member_o
//    op_i ===>|                    |===> chunk_data_o [C]
//  addr_i ===>|  bits[m], count    |===> count_o [CW]
// chunk_idx_i>|                    |---> thresh_o
// chunk_data_i>                    |
//             +--------------------+
//
// Parameters (an illegal value stops elaboration with a message naming it; nothing is clamped):
//   SigBits    m, signature size in bits; power of two, 256 .. 16384 (default 4096)
//   NumHashes  k, number of hash functions; 1 .. 8 (default 6)
//   Parallel   organisation: 0 = true (all k hashes index one m-bit vector), 1 = parallel (k banks
//              of m/k bits, hash i writes bank i only; P1: m/k must be a power of two, so
//              k in {1, 2, 4, 8}) (default 0)
//   HashKind   0 = H3, 1 = bit-select (default 0)
//   GranBytes  G, tracking granularity in bytes; 1, 4, 128 or 512 (default 128)
//   AddrWidth  AW, byte-address width in bits; 16 .. 64 (default 32)
//   ChunkWidth C, READ / LOAD chunk width in bits; power of two, 8 .. 512, and (P2) C <= m
//              (default 64)
//   Threshold  insertion count at which thresh_o rises; (P3) 1 .. 2^CW - 1 (default m/8)
//   H3Seed     seed of the H3 matrix generator; 32 bits, 1 .. 2^32 - 1 (default 32'h9E3779B9)
// The parameters are declared `bit [31:0]`, which is what `int unsigned` is by definition (a
// 2-state 32-bit unsigned integer): Icarus Verilog 11 cannot parse `int unsigned` in a parameter
// declaration. Parallel is 32 bits too, not `bit`: the build passes -GParallel=1 (a 32-bit value),
// which Verilator rejects for a 1-bit parameter (WIDTH) and would silently truncate if waived;
// R8 instead rejects any value other than 0 and 1.
//
// Derived parameters (spec section 1; never set them): LG = log2(G), KW = AW - LG key width,
// B = m (true) or m/k (parallel) bank size, IW = log2(B) hash width, NC = m/C chunks,
// CIW = max(1, log2(NC)) chunk-index width, CW = log2(m) + 1 counter width, CMAX = 2^CW - 1.
//
// Ports:
//   clk_i         clock; everything happens on its rising edge
//   rst_ni        synchronous active-low reset; has priority over op_i
//   op_i[2:0]     0 NOP, 1 INSERT, 2 TEST, 3 CLEAR, 4 READ, 5 LOAD; 6, 7 reserved (act as NOP)
//   addr_i[AW]    byte address for INSERT / TEST; bits below LG are ignored
//   chunk_idx_i   chunk number for READ / LOAD, must be < NC (R6: an index >= NC, possible only
//                 at C = m, selects chunk chunk_idx_i mod NC)
//   chunk_data_i  chunk data for LOAD
//   resp_valid_o  1 in the cycle after a TEST or READ
//   member_o      TEST result (0 unless the previous op was a TEST)
//   chunk_data_o  READ result (0 unless the previous op was a READ)
//   count_o[CW]   insertions since the last CLEAR / reset, saturating at CMAX
//   thresh_o      count_o >= Threshold
//
// Hashing (spec section 4): key = addr_i[AW-1:LG]. H3: h_i(key) = XOR of Q[i][j] over the set
// bits j of key, where Q[i][j] is the low IW bits of x_{64i+j+1} of the xorshift32 (13, 17, 5)
// sequence x_0 = H3Seed, computed at elaboration by h3_cols() below. Bit-select: bit b of h_i is
// key[(i*IW + b) mod KW]. Vector index v_i = h_i (true) or i*B + h_i (parallel).
//
// State: bits_q (vector bit v is bits_q[v]; chunk c is bits_q[c*C +: C]) and count_q, both
// readable by the C++ shim (verilator public_flat_rd), plus the output registers resp_valid_q,
// member_q and chunk_data_q. bits_q is written in place, like a RAM with k one-bit write ports,
// one chunk write port and a synchronous clear; the others have _d next-state logic and a plain
// register block.
//
// Numbered rules (spec section 6), checked in simulation by the assertions named after them:
//   R1 No false negatives: after INSERT(a), TEST(a) returns member = 1 until the next CLEAR,
//      reset or LOAD.
//   R2 count never decreases except by CLEAR or reset, and never exceeds CMAX.
//   R3 thresh_o == (count_o >= Threshold) in every cycle.
//   R4 resp_valid_o is 1 exactly in the cycle after a TEST or READ (with rst_ni = 1).
//   R5 member_o is 0 unless the previous operation was a TEST; chunk_data_o is 0 unless it was a
//      READ.
//   R6 A READ or LOAD with chunk_idx >= NC is an illegal input (only at C = m, where NC = 1 and
//      the port is 1 bit wide): it uses chunk chunk_idx mod NC, and an assertion flags it (a
//      warning like R7: an illegal input with a defined effect, spec D9).
//   R7 Reserved ops 6 and 7 behave exactly as NOP; an assertion flags them (a warning, so that a
//      test that drives them on purpose keeps running).
//   R8 Parameters outside their legal ranges are rejected at elaboration; nothing is clamped.

`include "gpucoh_assert.svh"

module sig_bloom #(
  parameter bit [31:0] SigBits    = 32'd4096,
  parameter bit [31:0] NumHashes  = 32'd6,
  parameter bit [31:0] Parallel   = 32'd0,
  parameter bit [31:0] HashKind   = 32'd0,
  parameter bit [31:0] GranBytes  = 32'd128,
  parameter bit [31:0] AddrWidth  = 32'd32,
  parameter bit [31:0] ChunkWidth = 32'd64,
  parameter bit [31:0] Threshold  = SigBits / 32'd8,
  parameter bit [31:0] H3Seed     = 32'h9E37_79B9,
  // Derived parameters: do not override. For illegal parameters KW, B and NC fall back to
  // harmless values, so that elaboration gets as far as the R8 message; for legal ones they are
  // exactly the spec's AW - LG, m or m/k, and m/C.
  localparam int       LG         = $clog2(GranBytes),
  localparam int       KW         = (AddrWidth > LG) ? AddrWidth - LG : 1,
  localparam int       B          = (Parallel != 0 && NumHashes != 0) ? SigBits / NumHashes
                                                                     : SigBits,
  localparam int       IW         = $clog2(B),
  localparam int       NC         = (ChunkWidth != 0 && ChunkWidth <= SigBits) ?
                                    SigBits / ChunkWidth : 1,
  localparam int       CIW        = (NC > 1) ? $clog2(NC) : 1,
  localparam int       CW         = $clog2(SigBits) + 1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic [2:0]            op_i,
  input  logic [AddrWidth-1:0]  addr_i,
  input  logic [CIW-1:0]        chunk_idx_i,
  input  logic [ChunkWidth-1:0] chunk_data_i,
  output logic                  resp_valid_o,
  output logic                  member_o,
  output logic [ChunkWidth-1:0] chunk_data_o,
  output logic [CW-1:0]         count_o,
  output logic                  thresh_o
);

  // ---------------------------------------------------------------------------------------------
  // R8: parameter checks (spec section 1, P1 .. P3)
  // ---------------------------------------------------------------------------------------------

  `ASSERT_ELAB(R8_SigBits_A,
               SigBits >= 256 && SigBits <= 16384 && (SigBits & (SigBits - 1)) == 0,
               "sig_bloom: illegal SigBits (legal: a power of two, 256 .. 16384)")
  `ASSERT_ELAB(R8_NumHashes_A, NumHashes >= 1 && NumHashes <= 8,
               "sig_bloom: illegal NumHashes (legal: 1 .. 8)")
  `ASSERT_ELAB(R8_Parallel_A, Parallel <= 1,
               "sig_bloom: illegal Parallel (legal: 0 = true, 1 = parallel)")
  `ASSERT_ELAB(R8_HashKind_A, HashKind <= 1,
               "sig_bloom: illegal HashKind (legal: 0 = H3, 1 = bit-select)")
  `ASSERT_ELAB(R8_GranBytes_A,
               GranBytes == 1 || GranBytes == 4 || GranBytes == 128 || GranBytes == 512,
               "sig_bloom: illegal GranBytes (legal: 1, 4, 128, 512)")
  `ASSERT_ELAB(R8_AddrWidth_A, AddrWidth >= 16 && AddrWidth <= 64,
               "sig_bloom: illegal AddrWidth (legal: 16 .. 64)")
  `ASSERT_ELAB(R8_ChunkWidth_A,
               ChunkWidth >= 8 && ChunkWidth <= 512 && (ChunkWidth & (ChunkWidth - 1)) == 0,
               "sig_bloom: illegal ChunkWidth (legal: a power of two, 8 .. 512)")
  `ASSERT_ELAB(R8_H3Seed_A, H3Seed != 0,
               "sig_bloom: illegal H3Seed (legal: 1 .. 2^32 - 1; 0 is illegal)")
  `ASSERT_ELAB(R8_P1Parallel_A,
               Parallel == 0 || (NumHashes != 0 && SigBits % NumHashes == 0 &&
                                 ((SigBits / NumHashes) & (SigBits / NumHashes - 1)) == 0),
               "sig_bloom: P1: Parallel = 1 needs SigBits / NumHashes to be a power of two")
  `ASSERT_ELAB(R8_P2ChunkWidth_A, ChunkWidth <= SigBits,
               "sig_bloom: P2: illegal ChunkWidth (legal: ChunkWidth <= SigBits)")
  `ASSERT_ELAB(R8_P3Threshold_A, Threshold >= 1 && Threshold <= (32'd1 << CW) - 1,
               "sig_bloom: P3: illegal Threshold (legal: 1 .. 2^CW - 1, CW = log2(SigBits) + 1)")

  // ---------------------------------------------------------------------------------------------
  // Constants
  // ---------------------------------------------------------------------------------------------

  // Width of a vector index v (log2 m); in the true organisation it equals IW.
  localparam int VW = CW - 1;
  // Rows of the H3 matrix generated per hash (spec 4.2).
  localparam int H3Stride = gpucoh_pkg::SigBloomH3Stride;

  localparam logic [CW-1:0] CountMax = {CW{1'b1}};      // CMAX = 2^CW - 1 = 2m - 1
  localparam logic [CW-1:0] CountOne = {{(CW-1){1'b0}}, 1'b1};
  localparam logic [CW-1:0] ThreshCount = Threshold[CW-1:0]; // == Threshold (P3)

  // H3 matrix, generated at elaboration from H3Seed (spec 4.2), stored column-major so that each
  // hash output bit is one AND-reduce-XOR of the key:
  //   bit ((i*IW + b)*64 + j) of the result = bit b of Q[i][j] = bit b of x_{64i+j+1}
  // for hash i < NumHashes, output bit b < IW and matrix row j < 64.
  function automatic logic [NumHashes*IW*H3Stride-1:0] h3_cols(input logic [31:0] seed);
    logic [31:0] x;
    x = seed;
    h3_cols = '0;
    for (int i = 0; i < NumHashes; i++) begin
      for (int j = 0; j < H3Stride; j++) begin
        x = x ^ (x << 13);
        x = x ^ (x >> 17);
        x = x ^ (x << 5);
        for (int b = 0; b < IW; b++) begin
          h3_cols[(i*IW + b)*H3Stride + j] = x[b];
        end
      end
    end
  endfunction

  localparam logic [NumHashes*IW*H3Stride-1:0] H3Cols = h3_cols(H3Seed);

  // ---------------------------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------------------------

  logic [SigBits-1:0]    bits_q /* verilator public_flat_rd */;
  logic [CW-1:0]         count_q /* verilator public_flat_rd */;
  logic [CW-1:0]         count_d;
  logic                  resp_valid_q, resp_valid_d;
  logic                  member_q, member_d;
  logic [ChunkWidth-1:0] chunk_data_q, chunk_data_d;

  // ---------------------------------------------------------------------------------------------
  // Hashing (spec section 4)
  // ---------------------------------------------------------------------------------------------

  logic [KW-1:0] key;
  assign key = addr_i[AddrWidth-1:LG];

  if (LG > 0) begin : gen_unused_addr
    // Address bits below the granularity do not take part in the key (spec 4.1).
    logic unused_addr_low;
    assign unused_addr_low = ^addr_i[LG-1:0];
  end

  if (HashKind == gpucoh_pkg::SigBloomHashBitSel) begin : gen_unused_key
    // Bit-select reads only key bits (i*IW + b) mod KW, which need not cover the whole key.
    logic unused_key;
    assign unused_key = ^key;
  end

  // v_i of hash i is vidx[i*VW +: VW]; hit[i] is bits_q[v_i].
  logic [NumHashes*VW-1:0] vidx;
  logic [NumHashes-1:0]    hit;

  for (genvar i = 0; i < NumHashes; i++) begin : gen_hash
    logic [IW-1:0] h;

    if (HashKind == gpucoh_pkg::SigBloomHashH3) begin : gen_h3
      for (genvar b = 0; b < IW; b++) begin : gen_bit
        // XOR of the rows Q[i][j] selected by the set key bits, taken one output bit at a time.
        assign h[b] = ^(key & H3Cols[(i*IW + b)*H3Stride +: KW]);
      end
    end else if (HashKind == gpucoh_pkg::SigBloomHashBitSel) begin : gen_bitsel
      for (genvar b = 0; b < IW; b++) begin : gen_bit
        assign h[b] = key[(i*IW + b) % KW];
      end
    end

    if (Parallel != 0) begin : gen_parallel
      // Bank i is vector bits [i*B, (i+1)*B).
      localparam logic [VW-1:0] BankBase = VW'(i * B);
      assign vidx[i*VW +: VW] = BankBase + VW'(h);
    end else begin : gen_true
      assign vidx[i*VW +: VW] = h;
    end

    assign hit[i] = bits_q[vidx[i*VW +: VW]];
  end

  // ---------------------------------------------------------------------------------------------
  // Chunk select
  // ---------------------------------------------------------------------------------------------

  // The select is the low log2(NC) bits of the index (R6, D9): with NC = 1 the port is one bit
  // wide and its only legal value is 0, and the single chunk is selected whatever it carries.
  logic [CIW-1:0] chunk_sel;
  if (NC > 1) begin : gen_chunk_sel
    assign chunk_sel = chunk_idx_i;
  end else begin : gen_one_chunk
    assign chunk_sel = '0;
    logic unused_chunk_idx;
    assign unused_chunk_idx = ^chunk_idx_i;
  end

  // ---------------------------------------------------------------------------------------------
  // Next state (spec section 5)
  // ---------------------------------------------------------------------------------------------

  // The signature vector is written in place, like a RAM with NumHashes one-bit write ports
  // (INSERT), one chunk write port (LOAD) and a synchronous clear (CLEAR, reset), instead of
  // through an m-bit bits_d: a Verilated model would copy m bits at every evaluation for
  // bits_d = bits_q, which at m = 4096 halves its speed.
  always_ff @(posedge clk_i) begin
    if (!rst_ni || op_i == gpucoh_pkg::SigBloomOpClear) begin
      bits_q <= SigBits'(0); // not '0: Verilator flags an 8k+ bit '0 fill (WIDTHCONCAT)
    end else if (op_i == gpucoh_pkg::SigBloomOpInsert) begin
      for (int i = 0; i < NumHashes; i++) begin
        bits_q[vidx[i*VW +: VW]] <= 1'b1;
      end
    end else if (op_i == gpucoh_pkg::SigBloomOpLoad) begin
      bits_q[chunk_sel*ChunkWidth +: ChunkWidth] <= chunk_data_i;
    end
  end

  // The counter and the output registers: next-state logic, then a plain register block.
  always_comb begin
    count_d      = count_q;
    resp_valid_d = 1'b0;
    member_d     = 1'b0;
    chunk_data_d = '0;
    unique case (op_i)
      gpucoh_pkg::SigBloomOpInsert: begin
        if (count_q != CountMax) begin
          count_d = count_q + CountOne;
        end
      end
      gpucoh_pkg::SigBloomOpTest: begin
        resp_valid_d = 1'b1;
        member_d     = &hit;
      end
      gpucoh_pkg::SigBloomOpClear: begin
        count_d = '0;
      end
      gpucoh_pkg::SigBloomOpRead: begin
        resp_valid_d = 1'b1;
        chunk_data_d = bits_q[chunk_sel*ChunkWidth +: ChunkWidth];
      end
      default: begin
        // NOP, LOAD (the counter holds, D4) and the reserved codes 6, 7 (R7): the counter
        // holds and the output registers become 0.
      end
    endcase
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      count_q      <= '0;
      resp_valid_q <= 1'b0;
      member_q     <= 1'b0;
      chunk_data_q <= '0;
    end else begin
      count_q      <= count_d;
      resp_valid_q <= resp_valid_d;
      member_q     <= member_d;
      chunk_data_q <= chunk_data_d;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs: registers, and a compare of the count register
  // ---------------------------------------------------------------------------------------------

  assign resp_valid_o = resp_valid_q;
  assign member_o     = member_q;
  assign chunk_data_o = chunk_data_q;
  assign count_o      = count_q;
  assign thresh_o     = (count_q >= ThreshCount);

  // ---------------------------------------------------------------------------------------------
  // Assertions (simulation only; empty under SYNTHESIS and Icarus)
  // ---------------------------------------------------------------------------------------------

  // The assertions read only narrow signals. Verilator samples every signal that a concurrent
  // assertion reads, at every evaluation, so naming bits_q in one would copy m bits each time
  // (and Verilator 5.006 emits C++ that does not compile for a sampled vector of 64 words or
  // more).

`ifndef SYNTHESIS
  // R1 reference: the key of the most recent INSERT, valid until the next CLEAR, LOAD or reset.
  logic [KW-1:0] sva_ins_key_q;
  logic          sva_ins_valid_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || op_i == gpucoh_pkg::SigBloomOpClear || op_i == gpucoh_pkg::SigBloomOpLoad) begin
      sva_ins_valid_q <= 1'b0;
    end else if (op_i == gpucoh_pkg::SigBloomOpInsert) begin
      sva_ins_valid_q <= 1'b1;
      sva_ins_key_q   <= key;
    end
  end
`endif

  // R1: a TEST of the most recently inserted key, with no CLEAR, LOAD or reset since, hits.
  `ASSERT(R1_NoFalseNegative_A,
          (rst_ni && op_i == gpucoh_pkg::SigBloomOpTest && sva_ins_valid_q &&
           key == sva_ins_key_q) |=> member_o)

  // R2: CMAX is the largest value of the CW-bit register, so it cannot be exceeded.
  `ASSERT(R2_CountNoDecrease_A,
          (rst_ni && op_i != gpucoh_pkg::SigBloomOpClear) |=> (count_q >= $past(count_q)))

  `ASSERT(R3_ThreshMatchesCount_A, thresh_o == (count_o >= ThreshCount))

  `ASSERT(R4_RespValidAfterRequest_A,
          (rst_ni && (op_i == gpucoh_pkg::SigBloomOpTest || op_i == gpucoh_pkg::SigBloomOpRead))
          |=> resp_valid_o)
  `ASSERT(R4_RespValidOnlyAfterRequest_A,
          !(rst_ni && (op_i == gpucoh_pkg::SigBloomOpTest || op_i == gpucoh_pkg::SigBloomOpRead))
          |=> !resp_valid_o)

  `ASSERT(R5_MemberOnlyAfterTest_A,
          !(rst_ni && op_i == gpucoh_pkg::SigBloomOpTest) |=> !member_o)
  `ASSERT(R5_ChunkDataOnlyAfterRead_A,
          !(rst_ni && op_i == gpucoh_pkg::SigBloomOpRead) |=> (chunk_data_o == '0))

  // R6: an index >= NC (C = m only) is an illegal input with a defined effect (chunk 0).
  `ASSERT_WARN(R6_ChunkIdxInRange_A,
               (rst_ni && (op_i == gpucoh_pkg::SigBloomOpRead ||
                           op_i == gpucoh_pkg::SigBloomOpLoad))
               |-> (32'(chunk_idx_i) < NC))

  `ASSERT_WARN(R7_ReservedOp_A, rst_ni |-> (op_i <= gpucoh_pkg::SigBloomOpLoad))
  // The state bits hold by construction: reserved codes take the same (default) branch as NOP.
  `ASSERT(R7_ReservedIsNop_A,
          (rst_ni && op_i > gpucoh_pkg::SigBloomOpLoad)
          |=> (count_o == $past(count_o) && !resp_valid_o && !member_o && chunk_data_o == '0))

endmodule
