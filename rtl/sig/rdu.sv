// SPDX-License-Identifier: Apache-2.0
//
// rdu -- Race Detection Unit: one Bloom signature of unseen updates per SM.
//
// The centralized unit of Tabbakh's dynamic race detection. Every store (write request) is
// inserted, one G-byte unit per cycle, into the signatures of all other SMs; a race-check tests
// the requesting SM's own signature; a synchronization point ships the SM's signature over a
// C-bit bus in NC beats and clears it. Sync points come from a write by the SM (WRITE_ACK), a
// race-check that hits (RACE) and the forced sync of an SM whose insertion count reached
// Threshold (FORCED). Specification: docs/units/sig/rdu.md (hashing and layout: sig_bloom.md
// sections 3-4); timing contract: docs/timing.md. Every output is a register or a function of
// registers only (no input-to-output path).
//
//                  +---------------------------------------+
//  req_valid_i[N] >|  N input FIFOs   ->  RR  ->  engine   |> rsp_valid_o
//  req_write_i[N] >|  (QueueDepth)        arbiter          |> rsp_sm_o, rsp_kind_o
//  req_addr_i[N]  >|                   sig[N][m], cnt[N]   |> rsp_idx_o, rsp_last_o
//  req_mask_i[N]  >|                   pend[N]             |> rsp_chunk_o [C]
//  rsp_ready_i[N] >|                                       |> req_ready_o[N]
//                  +---------------------------------------+
//
// Parameters (an illegal value stops elaboration with a message naming it; nothing is clamped):
//   NumSm      N, number of SMs; 2 .. 64 (default 16)
//   SigBits    m, bits per signature; power of two, 256 .. 16384 (default 4096)
//   NumHashes  k, hash functions; 1 .. 8 (default 6)
//   Parallel   0 = true, 1 = parallel organisation (sig_bloom P1: m/k a power of two)
//              (default 0)
//   HashKind   0 = H3, 1 = bit-select (default 0)
//   GranBytes  G, tracking granularity in bytes; 1, 4, 128 or 512 (default 128)
//   AddrWidth  AW, byte-address width; 16 .. 64 (default 32)
//   LineBytes  L, cache-line (request) size in bytes; 32, 64, 128 or 256 (default 128)
//   ChunkWidth C, shipment beat width in bits; power of two, 8 .. 512, C <= m (default 256)
//   Threshold  forced-sync insertion count; 1 .. 2^CW - 1 (default m/8)
//   QueueDepth input-queue entries per SM; 1 .. 16 (default 4)
//   H3Seed     H3 matrix seed; 1 .. 2^32 - 1 (default 32'h9E3779B9)
// All are `bit [31:0]` (Icarus Verilog 11 cannot parse `int unsigned` parameters; the build
// passes 32-bit -G values). Derived (spec section 1; never set them): LG = log2(G),
// LL = log2(L), NC = m/C beats per shipment, CIW = max(1, log2(NC)), CW = log2(m) + 1 counter
// width, CMAX = 2^CW - 1, SW = max(1, ceil(log2(N))) SM-index width, UN = max(1, L/G) units per
// line, QW = ceil(log2(QueueDepth + 1)) queue-count width.
//
// Ports (packed: SM j's fields are bit j, req_addr_i[j*AW +: AW], req_mask_i[j*L +: L]):
//   clk_i, rst_ni     clock; synchronous active-low reset
//   req_valid_i[N]    SM j presents a request
//   req_ready_o[N]    SM j's input queue has room (qcnt[j] < QueueDepth)
//   req_write_i[N]    1 = write, 0 = race-check
//   req_addr_i[N*AW]  byte address of the line (bits below LL ignored)
//   req_mask_i[N*L]   byte mask (bit b = byte line_base + b)
//   rsp_valid_o       a response beat is on the bus
//   rsp_ready_i[N]    SM j accepts a beat addressed to it
//   rsp_sm_o[SW]      destination SM
//   rsp_kind_o[3]     1 WRITE_ACK, 2 NO_RACE, 3 RACE, 4 FORCED (0 when no beat)
//   rsp_idx_o[CIW]    beat number (chunk index)
//   rsp_last_o        last beat of the response
//   rsp_chunk_o[C]    chunk rsp_idx of the shipped signature (0 for NO_RACE)
//
// Structure (spec D1): one sig_hash (the k indices of the unit being processed) and one
// sig_store per SM (g_sm[j].u_sig; its bits_q is sig[j]). One FIFO per SM holds
// {write, address, unit mask}: the unit mask of spec section 4 is computed at enqueue (the FIFO
// contents are not compared, only cur_* after a pop). Enqueue comes first in an edge (spec
// section 5): a request accepted into an empty FIFO at an edge can be popped at that same edge
// (the head of an empty FIFO is the incoming request).
//
// State (spec section 3, all verilator public_flat_rd): g_sm[j].u_sig.bits_q (sig[j]), cnt_q,
// pend_q, qcnt_q, rr_q, st_q, cur_sm_q, cur_write_q, cur_addr_q (the popped address as
// accepted, bits below LL included), cur_umask_q, race_q, and the output registers
// rsp_valid_q, rsp_sm_q, rsp_kind_q, rsp_idx_q, rsp_last_q, rsp_chunk_q.
//
// Numbered rules (spec section 6), checked in simulation by the assertions named after them
// where they are checkable on narrow signals:
//   R1 Per SM, requests are popped in the order they were accepted (by construction: FIFO).
//   R2 No false negatives: a unit inserted into sig[i] is a member of sig[i] when SM i
//      race-checks it, until i's next sync (asserted for the most recent insertion per SM).
//   R3 A write never inserts into the writer's own signature.
//   R4 Every write is answered by a WRITE_ACK shipment, every race-check by one NO_RACE beat or
//      one RACE shipment; a shipment has NC beats with rsp_idx 0 .. NC-1, rsp_last on the last.
//   R5 After the last beat of a WRITE_ACK, RACE or FORCED shipment to SM i, sig[i] = 0 and
//      cnt[i] = 0 (cnt asserted; sig by construction, never asserted on bits_q).
//   R6 pend[i] is set only at the finish of a write by another SM with cnt[i] >= Threshold, and
//      a set pend[i] is served before any further request is popped.
//   R7 rsp_valid_o = 0 implies every other rsp_* output is 0; rsp_valid_o is 1 exactly in SHIP.
//   R8 req_ready_o[j] = (qcnt[j] < QueueDepth); qcnt[j] never exceeds QueueDepth.
//   R9 A held beat (valid, not ready) is unchanged in the next cycle.
//   R10 Parameters outside their legal ranges are rejected at elaboration.

`include "gpucoh_assert.svh"

module rdu #(
  parameter bit [31:0] NumSm      = 32'd16,
  parameter bit [31:0] SigBits    = 32'd4096,
  parameter bit [31:0] NumHashes  = 32'd6,
  parameter bit [31:0] Parallel   = 32'd0,
  parameter bit [31:0] HashKind   = 32'd0,
  parameter bit [31:0] GranBytes  = 32'd128,
  parameter bit [31:0] AddrWidth  = 32'd32,
  parameter bit [31:0] LineBytes  = 32'd128,
  parameter bit [31:0] ChunkWidth = 32'd256,
  parameter bit [31:0] Threshold  = SigBits / 32'd8,
  parameter bit [31:0] QueueDepth = 32'd4,
  parameter bit [31:0] H3Seed     = 32'h9E37_79B9,
  // Derived parameters: do not override. For illegal parameters NC, SW and UN fall back to
  // harmless values, so that elaboration gets as far as the R10 message.
  localparam int       LG         = $clog2(GranBytes),
  localparam int       LL         = $clog2(LineBytes),
  localparam int       NC         = (ChunkWidth != 0 && ChunkWidth <= SigBits) ?
                                    SigBits / ChunkWidth : 1,
  localparam int       CIW        = (NC > 1) ? $clog2(NC) : 1,
  localparam int       CW         = $clog2(SigBits) + 1,
  localparam int       SW         = (NumSm > 1) ? $clog2(NumSm) : 1,
  localparam int       UN         = (GranBytes != 0 && GranBytes < LineBytes) ?
                                    LineBytes / GranBytes : 1
) (
  input  logic                            clk_i,
  input  logic                            rst_ni,
  input  logic [NumSm-1:0]                req_valid_i,
  output logic [NumSm-1:0]                req_ready_o,
  input  logic [NumSm-1:0]                req_write_i,
  input  logic [NumSm*AddrWidth-1:0]      req_addr_i,
  input  logic [NumSm*LineBytes-1:0]      req_mask_i,
  output logic                            rsp_valid_o,
  input  logic [NumSm-1:0]                rsp_ready_i,
  output logic [SW-1:0]                   rsp_sm_o,
  output logic [2:0]                      rsp_kind_o,
  output logic [CIW-1:0]                  rsp_idx_o,
  output logic                            rsp_last_o,
  output logic [ChunkWidth-1:0]           rsp_chunk_o
);

  // ---------------------------------------------------------------------------------------------
  // R10: parameter checks (spec section 1; sig_bloom P1 .. P3)
  // ---------------------------------------------------------------------------------------------

  `ASSERT_ELAB(R10_NumSm_A, NumSm >= 2 && NumSm <= 64,
               "rdu: illegal NumSm (legal: 2 .. 64)")
  `ASSERT_ELAB(R10_SigBits_A,
               SigBits >= 256 && SigBits <= 16384 && (SigBits & (SigBits - 1)) == 0,
               "rdu: illegal SigBits (legal: a power of two, 256 .. 16384)")
  `ASSERT_ELAB(R10_NumHashes_A, NumHashes >= 1 && NumHashes <= 8,
               "rdu: illegal NumHashes (legal: 1 .. 8)")
  `ASSERT_ELAB(R10_Parallel_A, Parallel <= 1,
               "rdu: illegal Parallel (legal: 0 = true, 1 = parallel)")
  `ASSERT_ELAB(R10_HashKind_A, HashKind <= 1,
               "rdu: illegal HashKind (legal: 0 = H3, 1 = bit-select)")
  `ASSERT_ELAB(R10_GranBytes_A,
               GranBytes == 1 || GranBytes == 4 || GranBytes == 128 || GranBytes == 512,
               "rdu: illegal GranBytes (legal: 1, 4, 128, 512)")
  `ASSERT_ELAB(R10_AddrWidth_A, AddrWidth >= 16 && AddrWidth <= 64,
               "rdu: illegal AddrWidth (legal: 16 .. 64)")
  `ASSERT_ELAB(R10_LineBytes_A,
               LineBytes == 32 || LineBytes == 64 || LineBytes == 128 || LineBytes == 256,
               "rdu: illegal LineBytes (legal: 32, 64, 128, 256)")
  `ASSERT_ELAB(R10_ChunkWidth_A,
               ChunkWidth >= 8 && ChunkWidth <= 512 && (ChunkWidth & (ChunkWidth - 1)) == 0,
               "rdu: illegal ChunkWidth (legal: a power of two, 8 .. 512)")
  `ASSERT_ELAB(R10_QueueDepth_A, QueueDepth >= 1 && QueueDepth <= 16,
               "rdu: illegal QueueDepth (legal: 1 .. 16)")
  `ASSERT_ELAB(R10_H3Seed_A, H3Seed != 0,
               "rdu: illegal H3Seed (legal: 1 .. 2^32 - 1; 0 is illegal)")
  `ASSERT_ELAB(R10_P1Parallel_A,
               Parallel == 0 || (NumHashes != 0 && SigBits % NumHashes == 0 &&
                                 ((SigBits / NumHashes) & (SigBits / NumHashes - 1)) == 0),
               "rdu: P1: Parallel = 1 needs SigBits / NumHashes to be a power of two")
  `ASSERT_ELAB(R10_P2ChunkWidth_A, ChunkWidth <= SigBits,
               "rdu: P2: illegal ChunkWidth (legal: ChunkWidth <= SigBits)")
  `ASSERT_ELAB(R10_P3Threshold_A, Threshold >= 1 && Threshold <= (32'd1 << CW) - 1,
               "rdu: P3: illegal Threshold (legal: 1 .. 2^CW - 1, CW = log2(SigBits) + 1)")

  // ---------------------------------------------------------------------------------------------
  // Constants
  // ---------------------------------------------------------------------------------------------

  localparam int VW = $clog2(SigBits);                              // vector-index width
  localparam int KW = (AddrWidth > LG) ? AddrWidth - LG : 1;       // key width (R2 check)
  localparam int QW = (QueueDepth > 0) ? $clog2(QueueDepth + 1) : 1; // qcnt width
  localparam int PW = (QueueDepth > 1) ? $clog2(QueueDepth) : 1;   // FIFO pointer width
  localparam int UW = (UN > 1) ? $clog2(UN) : 1;                   // unit-number width
  localparam int EW = 1 + AddrWidth + UN;                          // FIFO entry width

  localparam logic [CW-1:0] CountMax    = {CW{1'b1}};              // CMAX = 2^CW - 1
  localparam logic [CW-1:0] CountOne    = {{(CW-1){1'b0}}, 1'b1};
  localparam logic [CW-1:0] ThreshCount = Threshold[CW-1:0];       // == Threshold (P3)
  localparam logic [QW-1:0] QueueFull   = QueueDepth[QW-1:0];
  localparam logic [SW-1:0] LastSm      = SW'(NumSm - 1);

  localparam logic [1:0] StIdle  = gpucoh_pkg::RduStIdle;
  localparam logic [1:0] StUnits = gpucoh_pkg::RduStUnits;
  localparam logic [1:0] StShip  = gpucoh_pkg::RduStShip;

  localparam logic [2:0] KindNone     = gpucoh_pkg::RduRspNone;
  localparam logic [2:0] KindWriteAck = gpucoh_pkg::RduRspWriteAck;
  localparam logic [2:0] KindNoRace   = gpucoh_pkg::RduRspNoRace;
  localparam logic [2:0] KindRace     = gpucoh_pkg::RduRspRace;
  localparam logic [2:0] KindForced   = gpucoh_pkg::RduRspForced;

  // ---------------------------------------------------------------------------------------------
  // State (spec section 3)
  // ---------------------------------------------------------------------------------------------

  // cnt_q and qcnt_q are unpacked arrays (the shim reads element j); (* mem2reg *) lets Yosys
  // build them from registers without its "Replacing memory" warning.
  (* mem2reg *)
  logic [CW-1:0]          cnt_q [NumSm]  /* verilator public_flat_rd */;
  (* mem2reg *)
  logic [QW-1:0]          qcnt_q [NumSm] /* verilator public_flat_rd */;
  logic [NumSm-1:0]       pend_q         /* verilator public_flat_rd */;
  logic [SW-1:0]          rr_q           /* verilator public_flat_rd */;
  logic [1:0]             st_q           /* verilator public_flat_rd */;
  logic [SW-1:0]          cur_sm_q       /* verilator public_flat_rd */;
  logic                   cur_write_q    /* verilator public_flat_rd */;
  logic [AddrWidth-1:0]   cur_addr_q     /* verilator public_flat_rd */;
  logic [UN-1:0]          cur_umask_q    /* verilator public_flat_rd */;
  logic                   race_q         /* verilator public_flat_rd */;
  // Output registers.
  logic                   rsp_valid_q    /* verilator public_flat_rd */;
  logic [SW-1:0]          rsp_sm_q       /* verilator public_flat_rd */;
  logic [2:0]             rsp_kind_q     /* verilator public_flat_rd */;
  logic [CIW-1:0]         rsp_idx_q      /* verilator public_flat_rd */;
  logic                   rsp_last_q     /* verilator public_flat_rd */;
  logic [ChunkWidth-1:0]  rsp_chunk_q    /* verilator public_flat_rd */;

  // Next-state values of the scalar registers.
  logic [NumSm-1:0]       pend_d;
  logic [SW-1:0]          rr_d;
  logic [1:0]             st_d;
  logic [SW-1:0]          cur_sm_d;
  logic                   cur_write_d;
  logic [AddrWidth-1:0]   cur_addr_d;
  logic [UN-1:0]          cur_umask_d;
  logic                   race_d;
  logic                   rsp_valid_d;
  logic [SW-1:0]          rsp_sm_d;
  logic [2:0]             rsp_kind_d;
  logic [CIW-1:0]         rsp_idx_d;
  logic                   rsp_last_d;
  logic [ChunkWidth-1:0]  rsp_chunk_d;

  // Per-SM control and status (bit j = SM j).
  logic [NumSm-1:0]       push;       // a request of SM j is accepted at this edge
  logic [NumSm-1:0]       pop;        // SM j's FIFO head is popped at this edge
  logic [NumSm-1:0]       nonempty;   // SM j's FIFO holds a request after the enqueue
  logic [NumSm-1:0]       ins;        // insert the current unit into sig[j]; cnt[j] + 1
  logic [NumSm-1:0]       sync_clr;   // sync point of SM j: sig[j] = 0, cnt[j] = 0
  logic [NumSm-1:0]       thresh;     // cnt[j] >= Threshold
  logic [NumSm-1:0]       member;     // the current unit is a member of sig[j]
  logic [NumSm*EW-1:0]    head_all;   // SM j's FIFO head (after the enqueue) at [j*EW +: EW]
  logic [NumSm*ChunkWidth-1:0] rd_all; // chunk rd_idx of sig[j] at [j*C +: C]

  // ---------------------------------------------------------------------------------------------
  // The unit being processed and its hash (spec section 4)
  // ---------------------------------------------------------------------------------------------

  // u0 = the lowest set bit of cur_umask; its unit address is the line base + u0 * G (G < L),
  // or the request address itself (G >= L, one unit).
  logic [AddrWidth-1:0]    unit_addr;
  logic [NumHashes*VW-1:0] hidx;

  if (UN > 1) begin : gen_units
    logic [UW-1:0] u0;
    always_comb begin
      u0 = '0;
      for (int u = UN - 1; u >= 0; u--) begin
        if (cur_umask_q[u]) begin
          u0 = UW'(u);
        end
      end
    end
    localparam logic [31:0]          LineOff  = LineBytes - 32'd1;
    localparam logic [AddrWidth-1:0] LineMask = AddrWidth'(LineOff);
    assign unit_addr = (cur_addr_q & ~LineMask) | (AddrWidth'(u0) << LG);
    // The offset within the line of the popped address is replaced by u0 * G.
    logic unused_addr_low;
    assign unused_addr_low = ^cur_addr_q[LL-1:0];
  end else begin : gen_one_unit
    assign unit_addr = cur_addr_q;
  end

  sig_hash #(
    .SigBits  (SigBits),
    .NumHashes(NumHashes),
    .Parallel (Parallel),
    .HashKind (HashKind),
    .GranBytes(GranBytes),
    .AddrWidth(AddrWidth),
    .H3Seed   (H3Seed)
  ) u_hash (
    .addr_i(unit_addr),
    .idx_o (hidx)
  );

  // ---------------------------------------------------------------------------------------------
  // Signature read port: the chunk a shipment starts or continues with
  // ---------------------------------------------------------------------------------------------

  // The lowest SM owed a forced sync (spec 5, IDLE 1).
  logic [SW-1:0] pend_sm;
  always_comb begin
    pend_sm = '0;
    for (int j = NumSm - 1; j >= 0; j--) begin
      if (pend_q[j]) begin
        pend_sm = SW'(j);
      end
    end
  end

  // IDLE starts a FORCED shipment of sig[pend_sm], UNITS a shipment of sig[cur_sm], SHIP
  // continues with chunk rsp_idx + 1 of sig[rsp_sm]; a start reads chunk 0.
  logic [SW-1:0]         rd_sm;
  logic [CIW-1:0]        rd_idx;
  logic [ChunkWidth-1:0] rd_chunk;
  always_comb begin
    unique case (st_q)
      StIdle:  rd_sm = pend_sm;
      StUnits: rd_sm = cur_sm_q;
      default: rd_sm = rsp_sm_q;
    endcase
    // With NC = 1 there is no next beat; chunk 0 keeps the index in range (sig_store S1).
    rd_idx = (st_q == StShip && NC > 1) ? rsp_idx_q + CIW'(1) : '0;
  end
  assign rd_chunk = rd_all[rd_sm*ChunkWidth +: ChunkWidth];

  // ---------------------------------------------------------------------------------------------
  // Per SM: input FIFO, signature storage
  // ---------------------------------------------------------------------------------------------

  localparam logic [31:0] QueueDepth32 = QueueDepth;

  for (genvar j = 0; j < NumSm; j++) begin : g_sm
    // Units of the incoming request (spec section 4).
    logic [LineBytes-1:0] mask;
    logic [UN-1:0]        umask;
    assign mask = req_mask_i[j*LineBytes +: LineBytes];
    if (UN > 1) begin : gen_umask
      for (genvar u = 0; u < UN; u++) begin : gen_unit
        assign umask[u] = |mask[u*GranBytes +: GranBytes];
      end
    end else begin : gen_umask1
      assign umask[0] = |mask;
    end

    logic [EW-1:0] entry_in;
    assign entry_in = {req_write_i[j], req_addr_i[j*AddrWidth +: AddrWidth], umask};

    // FIFO: QueueDepth entries from head_q, qcnt_q[j] of them valid. An entry is always written
    // at the tail on a push and the head always advances on a pop; when the FIFO is empty and
    // both happen at one edge, the request passes straight through (it is the head this edge)
    // and the FIFO stays empty.
    logic [EW-1:0] mem_q [QueueDepth];
    logic [PW-1:0] head_q, head_next, tail;
    logic [31:0]   tail_sum, head_sum;

    assign tail_sum  = 32'(head_q) + 32'(qcnt_q[j]);
    assign head_sum  = 32'(head_q) + 32'd1;
    assign tail      = PW'((tail_sum >= QueueDepth32) ? tail_sum - QueueDepth32 : tail_sum);
    assign head_next = PW'((head_sum >= QueueDepth32) ? head_sum - QueueDepth32 : head_sum);

    assign req_ready_o[j] = (qcnt_q[j] < QueueFull);
    assign push[j]        = req_valid_i[j] & req_ready_o[j];
    assign nonempty[j]    = (qcnt_q[j] != '0) | push[j];
    assign head_all[j*EW +: EW] = (qcnt_q[j] == '0) ? entry_in : mem_q[head_q];

    always_ff @(posedge clk_i) begin
      if (push[j]) begin
        mem_q[tail] <= entry_in;
      end
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        head_q <= '0;
      end else if (pop[j]) begin
        head_q <= head_next;
      end
    end

    assign thresh[j] = (cnt_q[j] >= ThreshCount);

    // Signature j (sig_bloom section 3 layout; the C++ shim reads g_sm[j].u_sig.bits_q).
    sig_store #(
      .SigBits   (SigBits),
      .NumHashes (NumHashes),
      .ChunkWidth(ChunkWidth)
    ) u_sig (
      .clk_i    (clk_i),
      .rst_ni   (rst_ni),
      .set_i    (ins[j]),
      .clr_i    (sync_clr[j]),
      .idx_i    (hidx),
      .member_o (member[j]),
      .wr_i     (1'b0),
      .wr_idx_i ({CIW{1'b0}}),
      .wr_data_i({ChunkWidth{1'b0}}),
      .rd_idx_i (rd_idx),
      .rd_data_o(rd_all[j*ChunkWidth +: ChunkWidth])
    );
  end

  // ---------------------------------------------------------------------------------------------
  // Round-robin arbiter: the first non-empty FIFO in the order rr, rr+1, .., N-1, 0, .., rr-1
  // ---------------------------------------------------------------------------------------------

  logic [SW-1:0] pop_sm;
  logic          pop_found;
  logic [SW-1:0] arb_i;  // (rr + off) mod N; mod 2^SW arithmetic is exact for a result < N
  always_comb begin
    pop_sm    = '0;
    pop_found = 1'b0;
    arb_i     = '0;
    for (int off = 0; off < NumSm; off++) begin
      if (32'(off) >= NumSm - 32'(rr_q)) begin
        arb_i = rr_q + SW'(off) - SW'(NumSm);
      end else begin
        arb_i = rr_q + SW'(off);
      end
      if (!pop_found && nonempty[arb_i]) begin
        pop_found = 1'b1;
        pop_sm    = arb_i;
      end
    end
  end

  logic [EW-1:0] pop_entry;
  assign pop_entry = head_all[pop_sm*EW +: EW];

  // ---------------------------------------------------------------------------------------------
  // Engine (spec section 5)
  // ---------------------------------------------------------------------------------------------

  logic [NumSm-1:0] cur_onehot;
  assign cur_onehot = NumSm'(1) << cur_sm_q;

  logic       start;       // start a shipment of sig[rd_sm]
  logic [2:0] start_kind;  // ... with this kind

  always_comb begin
    pend_d      = pend_q;
    rr_d        = rr_q;
    st_d        = st_q;
    cur_sm_d    = cur_sm_q;
    cur_write_d = cur_write_q;
    cur_addr_d  = cur_addr_q;
    cur_umask_d = cur_umask_q;
    race_d      = race_q;
    rsp_valid_d = rsp_valid_q;
    rsp_sm_d    = rsp_sm_q;
    rsp_kind_d  = rsp_kind_q;
    rsp_idx_d   = rsp_idx_q;
    rsp_last_d  = rsp_last_q;
    rsp_chunk_d = rsp_chunk_q;
    pop         = '0;
    ins         = '0;
    sync_clr    = '0;
    start       = 1'b0;
    start_kind  = KindForced;

    unique case (st_q)
      StIdle: begin
        if (pend_q != '0) begin
          // 1. Forced sync of the lowest pending SM, before any new request.
          pend_d[pend_sm] = 1'b0;
          start           = 1'b1;
          start_kind      = KindForced;
        end else if (pop_found) begin
          // 2. Pop the head of the round-robin winner.
          pop[pop_sm]                            = 1'b1;
          cur_sm_d                               = pop_sm;
          {cur_write_d, cur_addr_d, cur_umask_d} = pop_entry;
          race_d                                 = 1'b0;
          rr_d                                   = (pop_sm == LastSm) ? '0 : pop_sm + SW'(1);
          st_d                                   = StUnits;
        end
      end

      StUnits: begin
        if (cur_umask_q != '0) begin
          // Process unit u0.
          if (cur_write_q) begin
            ins         = ~cur_onehot;                      // every SM but the writer (R3)
            cur_umask_d = cur_umask_q & (cur_umask_q - UN'(1));
          end else if (member[cur_sm_q]) begin
            race_d      = 1'b1;                             // stop at the first hit
            cur_umask_d = '0;
          end else begin
            cur_umask_d = cur_umask_q & (cur_umask_q - UN'(1));
          end
        end else begin
          // Finish.
          if (cur_write_q) begin
            pend_d     = pend_q | (thresh & ~cur_onehot);
            start      = 1'b1;
            start_kind = KindWriteAck;
          end else if (race_q) begin
            start      = 1'b1;
            start_kind = KindRace;
          end else begin
            rsp_valid_d = 1'b1;
            rsp_sm_d    = cur_sm_q;
            rsp_kind_d  = KindNoRace;
            rsp_idx_d   = '0;
            rsp_last_d  = 1'b1;
            rsp_chunk_d = '0;
            st_d        = StShip;
          end
        end
      end

      StShip: begin
        if (rsp_ready_i[rsp_sm_q]) begin
          if (!rsp_last_q) begin
            rsp_idx_d   = rsp_idx_q + CIW'(1);
            rsp_chunk_d = rd_chunk;
            rsp_last_d  = (32'(rsp_idx_q) + 32'd1 == NC - 1);
          end else begin
            if (rsp_kind_q != KindNoRace) begin
              sync_clr[rsp_sm_q] = 1'b1;                    // the synchronization point
            end
            rsp_valid_d = 1'b0;
            rsp_sm_d    = '0;
            rsp_kind_d  = KindNone;
            rsp_idx_d   = '0;
            rsp_last_d  = 1'b0;
            rsp_chunk_d = '0;
            st_d        = StIdle;
          end
        end
      end

      default: begin
        // st = 3 is unreachable: hold (the assertion St_Legal_A flags it).
      end
    endcase

    if (start) begin
      // Start a shipment of sig[rd_sm] (rd_sm is pend_sm in IDLE, cur_sm in UNITS).
      rsp_valid_d = 1'b1;
      rsp_sm_d    = rd_sm;
      rsp_kind_d  = start_kind;
      rsp_idx_d   = '0;
      rsp_last_d  = (NC == 1);
      rsp_chunk_d = rd_chunk;
      st_d        = StShip;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------------

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      pend_q      <= '0;
      rr_q        <= '0;
      st_q        <= StIdle;
      cur_sm_q    <= '0;
      cur_write_q <= 1'b0;
      cur_addr_q  <= '0;
      cur_umask_q <= '0;
      race_q      <= 1'b0;
      rsp_valid_q <= 1'b0;
      rsp_sm_q    <= '0;
      rsp_kind_q  <= KindNone;
      rsp_idx_q   <= '0;
      rsp_last_q  <= 1'b0;
      rsp_chunk_q <= '0;
    end else begin
      pend_q      <= pend_d;
      rr_q        <= rr_d;
      st_q        <= st_d;
      cur_sm_q    <= cur_sm_d;
      cur_write_q <= cur_write_d;
      cur_addr_q  <= cur_addr_d;
      cur_umask_q <= cur_umask_d;
      race_q      <= race_d;
      rsp_valid_q <= rsp_valid_d;
      rsp_sm_q    <= rsp_sm_d;
      rsp_kind_q  <= rsp_kind_d;
      rsp_idx_q   <= rsp_idx_d;
      rsp_last_q  <= rsp_last_d;
      rsp_chunk_q <= rsp_chunk_d;
    end
  end

  // Insertion counters (saturating at CMAX, cleared at a sync point) and queue counts.
  always_ff @(posedge clk_i) begin
    for (int j = 0; j < NumSm; j++) begin
      if (!rst_ni || sync_clr[j]) begin
        cnt_q[j] <= '0;
      end else if (ins[j] && cnt_q[j] != CountMax) begin
        cnt_q[j] <= cnt_q[j] + CountOne;
      end
      if (!rst_ni) begin
        qcnt_q[j] <= '0;
      end else begin
        qcnt_q[j] <= qcnt_q[j] + QW'(push[j]) - QW'(pop[j]);
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs: registers only (timing contract rule 4)
  // ---------------------------------------------------------------------------------------------

  assign rsp_valid_o = rsp_valid_q;
  assign rsp_sm_o    = rsp_sm_q;
  assign rsp_kind_o  = rsp_kind_q;
  assign rsp_idx_o   = rsp_idx_q;
  assign rsp_last_o  = rsp_last_q;
  assign rsp_chunk_o = rsp_chunk_q;

  // ---------------------------------------------------------------------------------------------
  // Assertions (simulation only; empty under SYNTHESIS and Icarus)
  // ---------------------------------------------------------------------------------------------

  // The assertions read only narrow signals, never a signature's bits_q (Verilator 5.006 cannot
  // compile an assertion over a vector of 64 or more 32-bit words).

`ifndef SYNTHESIS
  // R2 reference: the key (address >> LG) of the current unit.
  logic [KW-1:0] sva_unit_key;
  assign sva_unit_key = unit_addr[AddrWidth-1:LG];
`endif

  for (genvar j = 0; j < NumSm; j++) begin : g_sva
`ifndef SYNTHESIS
    // R2 reference: the key of the most recent unit inserted into sig[j], valid until j's next
    // sync point or reset.
    logic [KW-1:0] sva_key_q;
    logic          sva_valid_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni || sync_clr[j]) begin
        sva_valid_q <= 1'b0;
      end else if (ins[j]) begin
        sva_valid_q <= 1'b1;
        sva_key_q   <= sva_unit_key;
      end
    end
`endif

    // R2: a race-check by SM j of the unit most recently inserted into sig[j] hits.
    `ASSERT(R2_NoFalseNegative_A,
            (rst_ni && st_q == StUnits && !cur_write_q && cur_umask_q != '0 &&
             cur_sm_q == SW'(j) && sva_valid_q && sva_unit_key == sva_key_q) |-> member[j])

    // Narrow copies of SM j's counters: Verilator 5.006 cannot compile an assertion that
    // indexes an unpacked array (internal error in V3Unknown).
`ifndef SYNTHESIS
    logic          sva_cnt_zero;
    logic [QW-1:0] sva_qcnt;
    assign sva_cnt_zero = (cnt_q[j] == '0);
    assign sva_qcnt     = qcnt_q[j];
`endif

    // R5: cnt[j] = 0 after the last beat of a sync shipment to SM j.
    `ASSERT(R5_SyncClearsCount_A,
            (rst_ni && rsp_valid_o && rsp_sm_o == SW'(j) && rsp_ready_i[j] && rsp_last_o &&
             rsp_kind_o != KindNoRace) |=> sva_cnt_zero)

    // R6: pend[j] rises only at the finish of a write by another SM with cnt[j] >= Threshold.
    `ASSERT(R6_PendOnlyAtWriteFinish_A,
            (rst_ni && !pend_q[j] &&
             !(st_q == StUnits && cur_write_q && cur_umask_q == '0 && cur_sm_q != SW'(j) &&
               thresh[j])) |=> !pend_q[j])

    // R8: ready is qcnt < QueueDepth, and qcnt never exceeds QueueDepth.
    `ASSERT(R8_ReadyMatchesCount_A, req_ready_o[j] == (sva_qcnt < QueueFull))
    `ASSERT(R8_CountBound_A, rst_ni |=> (sva_qcnt <= QueueFull))
  end

  // R3: the writer's own signature is never written.
  `ASSERT(R3_NoSelfInsert_A, !ins[cur_sm_q])

  // R4: beat numbering and kinds.
  `ASSERT(R4_KindLegal_A,
          rsp_valid_o |-> (rsp_kind_o >= KindWriteAck && rsp_kind_o <= KindForced))
  `ASSERT(R4_LastOnLastBeat_A,
          (rsp_valid_o && rsp_kind_o != KindNoRace) |->
          (rsp_last_o == (32'(rsp_idx_o) == NC - 1)))
  `ASSERT(R4_NoRaceSingleBeat_A,
          (rsp_valid_o && rsp_kind_o == KindNoRace) |->
          (rsp_idx_o == '0 && rsp_last_o && rsp_chunk_o == '0))
  `ASSERT(R4_FirstBeatZero_A, (rst_ni && !rsp_valid_o) |=> (!rsp_valid_o || rsp_idx_o == '0))
  `ASSERT(R4_NextBeat_A,
          (rst_ni && rsp_valid_o && rsp_ready_i[rsp_sm_o] && !rsp_last_o) |=>
          (rsp_valid_o && rsp_sm_o == $past(rsp_sm_o) && rsp_kind_o == $past(rsp_kind_o) &&
           rsp_idx_o == $past(rsp_idx_o) + CIW'(1)))
  `ASSERT(R4_LastBeatEnds_A,
          (rst_ni && rsp_valid_o && rsp_ready_i[rsp_sm_o] && rsp_last_o) |=> !rsp_valid_o)

  // R6: no request is popped while a forced sync is owed; pend is empty while a request is
  // processed.
  `ASSERT(R6_PendBeforePop_A, (pend_q != '0) |-> (pop == '0))
  `ASSERT(R6_NoPendInUnits_A, (st_q == StUnits) |-> (pend_q == '0))
  `ASSERT(R6_PendServed_A,
          (rst_ni && st_q == StIdle && pend_q != '0) |=>
          (st_q == StShip && rsp_kind_o == KindForced))

  // R7: payload 0 without a beat; valid exactly in SHIP.
  `ASSERT(R7_ZeroWhenInvalid_A,
          !rsp_valid_o |-> (rsp_sm_o == '0 && rsp_kind_o == KindNone && rsp_idx_o == '0 &&
                            !rsp_last_o && rsp_chunk_o == '0))
  `ASSERT(R7_ValidInShip_A, rsp_valid_o == (st_q == StShip))

  // R9: a beat that is not taken is held unchanged.
  `ASSERT(R9_HoldBeat_A,
          (rst_ni && rsp_valid_o && !rsp_ready_i[rsp_sm_o]) |=>
          ($stable(rsp_valid_o) && $stable(rsp_sm_o) && $stable(rsp_kind_o) &&
           $stable(rsp_idx_o) && $stable(rsp_last_o) && $stable(rsp_chunk_o)))

  // Encodings stay in range.
  `ASSERT(St_Legal_A, st_q != 2'd3)
  `ASSERT(Sm_InRange_A,
          32'(rr_q) < NumSm && 32'(cur_sm_q) < NumSm && 32'(rsp_sm_o) < NumSm)

endmodule
