// SPDX-License-Identifier: Apache-2.0
//
// sig_store -- the storage of one Bloom signature: m flip-flops with k one-bit set ports, a
// membership test, one chunk write port, one chunk read port and a synchronous clear.
//
// The storage half of sig_bloom, split out so that a unit holding several signatures (the RDU:
// one per SM, docs/units/sig/rdu.md D1) shares one sig_hash between them. The indices come from a
// sig_hash with the same SigBits and NumHashes; the layout is sig_bloom section 3: vector bit v
// is bits_q[v], chunk c is bits_q[c*C +: C].
//
//                   +-------------+
//   clk_i, rst_ni ->|             |
//   set_i, clr_i  ->|  sig_store  |-> member_o
//   idx_i [k*VW] ==>|   bits[m]   |
//   wr_i          ->|             |
//   wr_idx_i     ==>|             |
//   wr_data_i [C]==>|             |
//   rd_idx_i     ==>|             |=> rd_data_o [C]
//                   +-------------+
//
// Parameters (an illegal value stops elaboration with a message naming it; nothing is clamped):
//   SigBits    m, signature size in bits; power of two, 256 .. 16384 (default 4096)
//   NumHashes  k, number of set ports (hash functions); 1 .. 8 (default 6)
//   ChunkWidth C, chunk width in bits; power of two, 8 .. 512, C <= m (default 256)
// All are `bit [31:0]` (Icarus Verilog 11 cannot parse `int unsigned` parameters). Derived:
// VW = log2(m) vector-index width, NC = m / C chunks, CIW = max(1, log2(NC)) chunk-index width.
//
// Ports:
//   clk_i, rst_ni   clock; synchronous active-low reset (clears every bit)
//   set_i           set the k bits idx_i[i*VW +: VW] at this edge
//   clr_i           clear every bit at this edge; wins over set_i and wr_i
//   idx_i[k*VW]     the k vector indices of set_i and member_o
//   member_o        combinational: all k bits at idx_i are 1 in the current state
//   wr_i            replace chunk wr_idx_i with wr_data_i at this edge (if set_i is 1 too, both
//                   take effect and the written chunk's bits are wr_data_i)
//   wr_idx_i        chunk written; must be < NC
//   wr_data_i[C]    chunk data written
//   rd_idx_i        chunk read; must be < NC
//   rd_data_o[C]    combinational: chunk rd_idx_i of the current state
// With NC = 1 the chunk-index ports are one bit wide and ignored (the single chunk is used), as
// sig_bloom D9.
//
// State: bits_q, readable by the C++ shim (verilator public_flat_rd). It is written in place,
// like a RAM with k one-bit write ports, one chunk write port and a synchronous clear, rather
// than through an m-bit bits_d that a Verilated model would copy at every evaluation
// (sig_bloom section 9).
//
// Rules:
//   S1 A chunk index (wr_idx_i when wr_i, rd_idx_i always) is < NC (only an NC = 1 port can
//      carry an out-of-range value). The write index can come from outside (an illegal avu
//      response beat, avu D10), so its check is a warning; the read index is the containing
//      unit's own, and its check an error.
//   S2 Parameters outside their legal ranges are rejected at elaboration.
// The assertions read only narrow signals, never bits_q (Verilator 5.006 cannot compile an
// assertion over a vector of 64 or more 32-bit words).

`include "gpucoh_assert.svh"

module sig_store #(
  parameter bit [31:0] SigBits    = 32'd4096,
  parameter bit [31:0] NumHashes  = 32'd6,
  parameter bit [31:0] ChunkWidth = 32'd256,
  // Derived parameters: do not override. For an illegal ChunkWidth NC falls back to 1, so that
  // elaboration gets as far as the S2 message.
  localparam int       VW         = $clog2(SigBits),
  localparam int       NC         = (ChunkWidth != 0 && ChunkWidth <= SigBits) ?
                                    SigBits / ChunkWidth : 1,
  localparam int       CIW        = (NC > 1) ? $clog2(NC) : 1
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic                    set_i,
  input  logic                    clr_i,
  input  logic [NumHashes*VW-1:0] idx_i,
  output logic                    member_o,
  input  logic                    wr_i,
  input  logic [CIW-1:0]          wr_idx_i,
  input  logic [ChunkWidth-1:0]   wr_data_i,
  input  logic [CIW-1:0]          rd_idx_i,
  output logic [ChunkWidth-1:0]   rd_data_o
);

  // Always inlined into the parent, so that the C++ shim finds bits_q in the Verilated root
  // class at every size (Verilator otherwise keeps a large instance as a class of its own).
  /* verilator inline_module */

  // ---------------------------------------------------------------------------------------------
  // S2: parameter checks
  // ---------------------------------------------------------------------------------------------

  `ASSERT_ELAB(S2_SigBits_A,
               SigBits >= 256 && SigBits <= 16384 && (SigBits & (SigBits - 1)) == 0,
               "sig_store: illegal SigBits (legal: a power of two, 256 .. 16384)")
  `ASSERT_ELAB(S2_NumHashes_A, NumHashes >= 1 && NumHashes <= 8,
               "sig_store: illegal NumHashes (legal: 1 .. 8)")
  `ASSERT_ELAB(S2_ChunkWidth_A,
               ChunkWidth >= 8 && ChunkWidth <= 512 && (ChunkWidth & (ChunkWidth - 1)) == 0 &&
               ChunkWidth <= SigBits,
               "sig_store: illegal ChunkWidth (legal: a power of two, 8 .. 512, <= SigBits)")

  // ---------------------------------------------------------------------------------------------
  // Storage
  // ---------------------------------------------------------------------------------------------

  logic [SigBits-1:0] bits_q /* verilator public_flat_rd */;

  // With NC = 1 the index ports are one bit wide and their only legal value is 0 (S1): the
  // single chunk is used whatever they carry.
  logic [CIW-1:0] wr_sel, rd_sel;
  if (NC > 1) begin : gen_chunk_sel
    assign wr_sel = wr_idx_i;
    assign rd_sel = rd_idx_i;
  end else begin : gen_one_chunk
    assign wr_sel = '0;
    assign rd_sel = '0;
    logic unused_chunk_idx;
    assign unused_chunk_idx = ^{wr_idx_i, rd_idx_i};
  end

  // Written in place: k one-bit write ports, one chunk write port, a synchronous clear.
  always_ff @(posedge clk_i) begin
    if (!rst_ni || clr_i) begin
      bits_q <= SigBits'(0); // not '0: Verilator flags an 8k+ bit '0 fill (WIDTHCONCAT)
    end else begin
      if (set_i) begin
        for (int i = 0; i < NumHashes; i++) begin
          bits_q[idx_i[i*VW +: VW]] <= 1'b1;
        end
      end
      if (wr_i) begin
        bits_q[wr_sel*ChunkWidth +: ChunkWidth] <= wr_data_i;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Read ports (combinational, current state)
  // ---------------------------------------------------------------------------------------------

  logic [NumHashes-1:0] hit;
  for (genvar i = 0; i < NumHashes; i++) begin : gen_hit
    assign hit[i] = bits_q[idx_i[i*VW +: VW]];
  end
  assign member_o  = &hit;
  assign rd_data_o = bits_q[rd_sel*ChunkWidth +: ChunkWidth];

  // ---------------------------------------------------------------------------------------------
  // Assertions (simulation only; empty under SYNTHESIS and Icarus)
  // ---------------------------------------------------------------------------------------------

  `ASSERT_WARN(S1_WrIdxInRange_A, (rst_ni && wr_i) |-> (32'(wr_idx_i) < NC))
  `ASSERT(S1_RdIdxInRange_A, rst_ni |-> (32'(rd_idx_i) < NC))

endmodule
