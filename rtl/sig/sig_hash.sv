// SPDX-License-Identifier: Apache-2.0
//
// sig_hash -- the k vector indices of one address in a Bloom signature (purely combinational).
//
// The hashing half of sig_bloom, split out so that a unit holding several signatures (the RDU:
// one per SM) hashes an address once and writes or tests any of them with the same k indices
// (docs/units/sig/rdu.md D1). Bit-identical to docs/units/sig/sig_bloom.md section 4: a chunk
// shipped by a unit built on sig_hash can be loaded into any sig_bloom with the same parameters.
//
//                +------------+
//   addr_i [AW]=>|  sig_hash  |=> idx_o [k * VW]
//                +------------+
//
// Parameters (an illegal value stops elaboration with a message naming it; nothing is clamped):
//   SigBits    m, signature size in bits; power of two, 256 .. 16384 (default 4096)
//   NumHashes  k, number of hash functions; 1 .. 8 (default 6)
//   Parallel   0 = true (all k hashes index one m-bit vector), 1 = parallel (k banks of m/k
//              bits, hash i indexes bank i only; m/k must be a power of two) (default 0)
//   HashKind   0 = H3, 1 = bit-select (default 0)
//   GranBytes  G, tracking granularity in bytes; 1, 4, 128 or 512 (default 128)
//   AddrWidth  AW, byte-address width in bits; 16 .. 64 (default 32)
//   H3Seed     seed of the H3 matrix generator; 1 .. 2^32 - 1 (default 32'h9E3779B9)
// All are `bit [31:0]` (Icarus Verilog 11 cannot parse `int unsigned` parameters; see
// sig_bloom.sv). Derived: VW = log2(m) vector-index width, LG = log2(G), KW = AW - LG key width,
// B = m (true) or m/k (parallel) bank size, IW = log2(B) hash width.
//
// Ports:
//   addr_i[AW]     byte address; bits below LG are ignored
//   idx_o[k*VW]    idx_o[i*VW +: VW] = v_i, the vector index of hash i (sig_bloom 4.5)
//
// Hashing (sig_bloom section 4): key = addr_i[AW-1:LG]. H3: h_i(key) = XOR of Q[i][j] over the
// set bits j of key, where Q[i][j] is the low IW bits of x_{64i+j+1} of the xorshift32
// (13, 17, 5) sequence x_0 = H3Seed, computed at elaboration by h3_cols() below. Bit-select: bit
// b of h_i is key[(i*IW + b) mod KW]. Vector index v_i = h_i (true) or i*B + h_i (parallel).
//
// Rules:
//   H1 idx_o is sig_bloom's v_0 .. v_{k-1} of addr_i, bit for bit (by construction; checked
//      against sig_bloom by simulation, not by an assertion).
//   H2 Parameters outside their legal ranges are rejected at elaboration (sig_bloom R8).

`include "gpucoh_assert.svh"

module sig_hash #(
  parameter bit [31:0] SigBits   = 32'd4096,
  parameter bit [31:0] NumHashes = 32'd6,
  parameter bit [31:0] Parallel  = 32'd0,
  parameter bit [31:0] HashKind  = 32'd0,
  parameter bit [31:0] GranBytes = 32'd128,
  parameter bit [31:0] AddrWidth = 32'd32,
  parameter bit [31:0] H3Seed    = 32'h9E37_79B9,
  // Derived parameter: do not override.
  localparam int       VW        = $clog2(SigBits)
) (
  input  logic [AddrWidth-1:0]    addr_i,
  output logic [NumHashes*VW-1:0] idx_o
);

  // ---------------------------------------------------------------------------------------------
  // H2: parameter checks (sig_bloom section 1, P1)
  // ---------------------------------------------------------------------------------------------

  `ASSERT_ELAB(H2_SigBits_A,
               SigBits >= 256 && SigBits <= 16384 && (SigBits & (SigBits - 1)) == 0,
               "sig_hash: illegal SigBits (legal: a power of two, 256 .. 16384)")
  `ASSERT_ELAB(H2_NumHashes_A, NumHashes >= 1 && NumHashes <= 8,
               "sig_hash: illegal NumHashes (legal: 1 .. 8)")
  `ASSERT_ELAB(H2_Parallel_A, Parallel <= 1,
               "sig_hash: illegal Parallel (legal: 0 = true, 1 = parallel)")
  `ASSERT_ELAB(H2_HashKind_A, HashKind <= 1,
               "sig_hash: illegal HashKind (legal: 0 = H3, 1 = bit-select)")
  `ASSERT_ELAB(H2_GranBytes_A,
               GranBytes == 1 || GranBytes == 4 || GranBytes == 128 || GranBytes == 512,
               "sig_hash: illegal GranBytes (legal: 1, 4, 128, 512)")
  `ASSERT_ELAB(H2_AddrWidth_A, AddrWidth >= 16 && AddrWidth <= 64,
               "sig_hash: illegal AddrWidth (legal: 16 .. 64)")
  `ASSERT_ELAB(H2_H3Seed_A, H3Seed != 0,
               "sig_hash: illegal H3Seed (legal: 1 .. 2^32 - 1; 0 is illegal)")
  `ASSERT_ELAB(H2_P1Parallel_A,
               Parallel == 0 || (NumHashes != 0 && SigBits % NumHashes == 0 &&
                                 ((SigBits / NumHashes) & (SigBits / NumHashes - 1)) == 0),
               "sig_hash: P1: Parallel = 1 needs SigBits / NumHashes to be a power of two")

  // ---------------------------------------------------------------------------------------------
  // Constants
  // ---------------------------------------------------------------------------------------------

  // For illegal parameters KW and B fall back to harmless values, so that elaboration gets as far
  // as the H2 message; for legal ones they are exactly AW - LG and m or m/k.
  localparam int LG       = $clog2(GranBytes);
  localparam int KW       = (AddrWidth > LG) ? AddrWidth - LG : 1;
  localparam int B        = (Parallel != 0 && NumHashes != 0) ? SigBits / NumHashes : SigBits;
  localparam int IW       = $clog2(B);
  // Rows of the H3 matrix generated per hash (sig_bloom 4.2).
  localparam int H3Stride = gpucoh_pkg::SigBloomH3Stride;

  // H3 matrix, generated at elaboration from H3Seed (sig_bloom 4.2), stored column-major so that
  // each hash output bit is one AND-reduce-XOR of the key:
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
  // Hashing (sig_bloom section 4)
  // ---------------------------------------------------------------------------------------------

  logic [KW-1:0] key;
  assign key = addr_i[AddrWidth-1:LG];

  if (LG > 0) begin : gen_unused_addr
    // Address bits below the granularity do not take part in the key (sig_bloom 4.1).
    logic unused_addr_low;
    assign unused_addr_low = ^addr_i[LG-1:0];
  end

  if (HashKind == gpucoh_pkg::SigBloomHashBitSel) begin : gen_unused_key
    // Bit-select reads only key bits (i*IW + b) mod KW, which need not cover the whole key.
    logic unused_key;
    assign unused_key = ^key;
  end

  for (genvar i = 0; i < NumHashes; i++) begin : gen_hash
    logic [IW-1:0] h;

    if (HashKind == gpucoh_pkg::SigBloomHashH3) begin : gen_h3
      for (genvar b = 0; b < IW; b++) begin : gen_bit
        // XOR of the rows Q[i][j] selected by the set key bits, taken one output bit at a time.
        assign h[b] = ^(key & H3Cols[(i*IW + b)*H3Stride +: KW]);
      end
    end else begin : gen_bitsel
      for (genvar b = 0; b < IW; b++) begin : gen_bit
        assign h[b] = key[(i*IW + b) % KW];
      end
    end

    if (Parallel != 0) begin : gen_parallel
      // Bank i is vector bits [i*B, (i+1)*B).
      localparam logic [VW-1:0] BankBase = VW'(i * B);
      assign idx_o[i*VW +: VW] = BankBase + VW'(h);
    end else begin : gen_true
      assign idx_o[i*VW +: VW] = VW'(h);
    end
  end

endmodule
