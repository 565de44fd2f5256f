// SPDX-License-Identifier: Apache-2.0
//
// gpucoh_fifo -- a first-in first-out queue of Depth entries of Width bits: a circular buffer
// with a head pointer and an entry count. Entries have no reset (only the pointer and the count
// do): an empty queue's head_o is not meaningful, and callers look at it only when cnt_o != 0.
//
// Used by the request queues of tc_l1 and gpu_l1 (core requests) and tc_l2 and gpu_l2 (L1
// requests). Specification: docs/units/prim/primitives.md section 5.
//
// Parameters (an illegal value stops elaboration with a message naming it):
//   Width   bits per entry; 1 .. 4096 (default 8)
//   Depth   entries; 1 .. 64 (default 2)
//
// Ports:
//   clk_i, rst_ni        clock; synchronous active-low reset
//   push_i, data_i[Width]  append data_i at this edge (never when full, unless popping too)
//   pop_i                remove the head at this edge (never when empty)
//   head_o[Width]        the oldest entry (combinational from the registers)
//   cnt_o[CW]            entries, 0 .. Depth, CW = clog2(Depth + 1) bits
//   cnt_next_o[CW]       entries after this edge: cnt_o + push_i - pop_i (for registered
//                        ready signals)
//
// State (verilator public_flat_rd): cnt_q (reset 0), head_q (reset 0), mem_q[Depth] (no
// reset).
//
// Numbered rules:
//   Q1 Edge: reset -> cnt := 0, head := 0; else cnt := cnt + push - pop; pop -> head := head + 1
//      mod Depth; push -> mem[(head + cnt) mod Depth] := data_i (the slot after the last entry,
//      with the head and the count before the edge).
//   Q2 No push when full without a pop, no pop when empty (assertion Q2_NoOverUnderflow_A).
//   Q3 head_o = mem[head]; cnt_o = cnt.

`include "gpucoh_assert.svh"

module gpucoh_fifo #(
  parameter bit [31:0] Width = 32'd8,
  parameter bit [31:0] Depth = 32'd2
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  input  logic                        push_i,
  input  logic [Width-1:0]            data_i,
  input  logic                        pop_i,
  output logic [Width-1:0]            head_o,
  output logic [$clog2(Depth+1)-1:0]  cnt_o,
  output logic [$clog2(Depth+1)-1:0]  cnt_next_o
);

  `ASSERT_ELAB(Q0_Width_A, Width >= 1 && Width <= 4096,
               "gpucoh_fifo: illegal Width (legal: 1 .. 4096)")
  `ASSERT_ELAB(Q0_Depth_A, Depth >= 1 && Depth <= 64,
               "gpucoh_fifo: illegal Depth (legal: 1 .. 64)")

  localparam int CW = $clog2(Depth + 1);                    // count width
  localparam int PW = (Depth > 1) ? $clog2(Depth) : 1;      // pointer width
  localparam logic [CW-1:0] Full = CW'(Depth);

  (* mem2reg *) logic [Width-1:0] mem_q [Depth];
  logic [PW-1:0] head_q /* verilator public_flat_rd */;
  logic [CW-1:0] cnt_q  /* verilator public_flat_rd */;

  logic [PW-1:0] tail;        // (head + cnt) mod Depth
  logic [31:0]   tail_sum;
  assign tail_sum = 32'(head_q) + 32'(cnt_q);
  assign tail     = PW'((tail_sum >= Depth) ? tail_sum - Depth : tail_sum);

  assign cnt_next_o = cnt_q + CW'(push_i) - CW'(pop_i);
  assign cnt_o      = cnt_q;                                // Q3
  assign head_o     = mem_q[head_q];

  always_ff @(posedge clk_i) begin                          // Q1: entries (no reset)
    if (push_i) begin
      mem_q[tail] <= data_i;
    end
  end

  always_ff @(posedge clk_i) begin                          // Q1: pointer and count
    if (!rst_ni) begin
      cnt_q  <= '0;
      head_q <= '0;
    end else begin
      cnt_q <= cnt_next_o;
      if (pop_i) begin
        head_q <= (32'(head_q) == Depth - 32'd1) ? '0 : head_q + PW'(1);
      end
    end
  end

  `ASSERT(Q2_NoOverUnderflow_A,
          rst_ni |-> (!(push_i && !pop_i && cnt_q == Full) && !(pop_i && cnt_q == '0)))

endmodule
