// SPDX-License-Identifier: Apache-2.0
//
// tb_primitives -- self-checking Icarus Verilog testbench of the shared RTL primitives
// (docs/units/prim/primitives.md): every output of gpucoh_ffs / gpucoh_ffs2 against a loop reference
// for every vector of 1 .. 10 bits and random 128-bit vectors, gpucoh_bytemerge and gpucoh_amo
// on random operands (every operation, every word), gpucoh_fifo against a reference queue under
// random push/pop at depths 1, 3 and 8 (full, empty, pointer wrap), gpucoh_rr_ffs against a loop
// reference for every vector and every start at widths 1 .. 8; and each primitive at its widest
// legal width (ffs / ffs2 1024 bits, bytemerge 256 bytes, amo 64 words, fifo depth 64, rr_ffs 64
// bits at random starts).
// Prints "tb_primitives: N checks, M failures" and calls $fatal on a failure.
//
//   iverilog -g2012 -I rtl/include -o tb rtl/gpucoh_atom_pkg.sv rtl/tc/tc_pkg.sv <the primitives> \
//       tests/rtl/tb_primitives.sv   (the list: tools/test_primitives.sh; the package first)
//   vvp -n tb

module tb_primitives;

  integer checks = 0, fails = 0;
  // +first_fail (tools/test_primitives.sh with a mutant): end at the first failure; a mutant
  // run only has to show that the testbench catches it
  bit first_fail = 1'b0;
  initial first_fail = $test$plusargs("first_fail") != 0;

  task automatic check(input bit ok, input [8*48-1:0] what);
    checks = checks + 1;
    if (!ok) begin
      fails = fails + 1;
      if (fails <= 10) $display("FAIL %0s", what);
      if (first_fail) begin
        $display("tb_primitives: %0d checks, %0d failures (stopped at the first: +first_fail)",
                 checks, fails);
        $finish;
      end
    end
  endtask

  // ---- gpucoh_ffs2 at widths 1 .. 10 (exhaustive) and 128 (random) ---------------------------
  logic [9:0]   v10;
  logic [127:0] v128;
  wire  f_v [0:10];
  wire  s_v [0:10];
  wire [3:0] f_i [0:10];
  wire [3:0] s_i [0:10];
  wire        f128_v, s128_v;
  wire [6:0]  f128_i, s128_i;

  for (genvar w = 1; w <= 10; w++) begin : g_w
    localparam int IW = (w > 1) ? $clog2(w) : 1;
    wire [IW-1:0] fi, si;
    gpucoh_ffs2 #(.Width(w)) u_dut (
      .vec_i(v10[w-1:0]), .first_valid_o(f_v[w]), .first_idx_o(fi),
      .second_valid_o(s_v[w]), .second_idx_o(si));
    assign f_i[w] = 4'(fi);
    assign s_i[w] = 4'(si);
  end
  gpucoh_ffs2 #(.Width(128)) u_dut128 (
    .vec_i(v128), .first_valid_o(f128_v), .first_idx_o(f128_i),
    .second_valid_o(s128_v), .second_idx_o(s128_i));

  task automatic ref_two(input logic [127:0] v, input int w, output bit fv, output int fi,
                         output bit sv, output int si);
    fv = 0; sv = 0; fi = 0; si = 0;
    for (int i = 0; i < w; i++) begin
      if (v[i] && !fv) begin fv = 1; fi = i; end
      else if (v[i] && !sv) begin sv = 1; si = i; end
    end
  endtask

  // ---- gpucoh_rr_ffs at widths 1 .. 8 (every vector, every start) and 64 (random) ----------
  logic [7:0]  r8;
  logic [2:0]  rs8;
  wire         r_v [1:8];
  wire [2:0]   r_i [1:8];
  for (genvar w = 1; w <= 8; w++) begin : g_rr
    localparam int IW = (w > 1) ? $clog2(w) : 1;
    wire [IW-1:0] ri;
    gpucoh_rr_ffs #(.Width(w)) u_dut (
      .vec_i(r8[w-1:0]), .start_i(IW'(rs8)), .valid_o(r_v[w]), .idx_o(ri));
    assign r_i[w] = 3'(ri);
  end
  logic [63:0] r64;
  logic [5:0]  rs64;
  wire         r64_v;
  wire [5:0]   r64_i;
  gpucoh_rr_ffs #(.Width(64)) u_rr_w (.vec_i(r64), .start_i(rs64), .valid_o(r64_v), .idx_o(r64_i));

  // R1 / R2: the first set bit at (start + k) mod w, k = 0 .. w-1
  task automatic ref_rr(input logic [63:0] v, input int w, input int st, output bit fv,
                        output int fi);
    fv = 0; fi = 0;
    for (int k = 0; k < w; k++) begin
      if (!fv && v[(st + k) % w]) begin fv = 1; fi = (st + k) % w; end
    end
  endtask

  // ---- gpucoh_bytemerge (16 bytes) and gpucoh_amo (4 words) ----------------------------------
  logic [127:0] m_old, m_new, m_out;
  logic [15:0]  m_mask;
  gpucoh_bytemerge #(.Bytes(16)) u_merge (
    .old_i(m_old), .new_i(m_new), .mask_i(m_mask), .merged_o(m_out));

  logic [1:0]   a_word, a_aop;
  logic [31:0]  a_a, a_b, a_old;
  logic [127:0] a_line;
  gpucoh_amo #(.Words(4)) u_amo (
    .line_i(m_old), .word_i(a_word), .aop_i(a_aop), .a_i(a_a), .b_i(a_b), .old_o(a_old),
    .line_o(a_line));

  // ---- gpucoh_fifo at depths 1, 3, 8 ----------------------------------------------------------
  logic clk = 0, rst_n = 0;
  logic [2:0] push, pop;
  logic [7:0] din;
  wire  [7:0] head [0:2];
  wire  [3:0] cnt [0:2];
  wire  [3:0] cnt_next [0:2];
  for (genvar q = 0; q < 3; q++) begin : g_q
    localparam int D = (q == 0) ? 1 : (q == 1) ? 3 : 8;
    wire [$clog2(D+1)-1:0] c, cn;
    gpucoh_fifo #(.Width(8), .Depth(D)) u_fifo (
      .clk_i(clk), .rst_ni(rst_n), .push_i(push[q]), .data_i(din), .pop_i(pop[q]),
      .head_o(head[q]), .cnt_o(c), .cnt_next_o(cn));
    assign cnt[q] = 4'(c);
    assign cnt_next[q] = 4'(cn);
  end

  // ---- the widest legal widths: ffs / ffs2 at 1024 bits, bytemerge at 256 bytes, amo at 64
  // words, fifo at depth 64 (a mutant of a primitive runs here too: tools/test_primitives.sh) ----
  logic [1023:0] vw;
  wire           wf_v, wf2_v, ws2_v;
  wire [9:0]     wf_i, wf2_i, ws2_i;
  wire [1023:0]  wf_oh;
  gpucoh_ffs #(.Width(1024)) u_ffs_w (.vec_i(vw), .valid_o(wf_v), .onehot_o(wf_oh), .idx_o(wf_i));
  gpucoh_ffs2 #(.Width(1024)) u_ffs2_w (
    .vec_i(vw), .first_valid_o(wf2_v), .first_idx_o(wf2_i),
    .second_valid_o(ws2_v), .second_idx_o(ws2_i));
  logic [2047:0] mw_old, mw_new, mw_out, aw_line;
  logic [255:0]  mw_mask;
  logic [5:0]    aw_word;
  logic [1:0]    aw_aop;
  logic [31:0]   aw_a, aw_b, aw_old;
  gpucoh_bytemerge #(.Bytes(256)) u_merge_w (
    .old_i(mw_old), .new_i(mw_new), .mask_i(mw_mask), .merged_o(mw_out));
  gpucoh_amo #(.Words(64)) u_amo_w (
    .line_i(mw_old), .word_i(aw_word), .aop_i(aw_aop), .a_i(aw_a), .b_i(aw_b), .old_o(aw_old),
    .line_o(aw_line));
  logic       wpush, wpop;
  wire  [7:0] whead;
  wire  [6:0] wcnt, wcnt_next;
  gpucoh_fifo #(.Width(8), .Depth(64)) u_fifo_w (
    .clk_i(clk), .rst_ni(rst_n), .push_i(wpush), .data_i(din), .pop_i(wpop),
    .head_o(whead), .cnt_o(wcnt), .cnt_next_o(wcnt_next));
  logic [7:0] wmodel [0:63];
  int         wmcnt, wfull;

  task automatic ref_wide(input logic [1023:0] v, output bit fv, output int fi, output bit sv,
                          output int si);
    fv = 0; sv = 0; fi = 0; si = 0;
    for (int i = 0; i < 1024; i++) begin
      if (v[i] && !fv) begin fv = 1; fi = i; end
      else if (v[i] && fv && !sv) begin sv = 1; si = i; end
    end
  endtask

  logic [7:0] model [0:2][0:7];
  int         mcnt [0:2];
  int         wraps [0:2];
  int         depth [0:2];

  initial begin
    bit fv, sv;
    int fi, si;
    logic [31:0] old_w, new_w;
    logic [127:0] exp_line, exp_m;
    logic [2047:0] exp_w;

    // rr_ffs, exhaustive at widths 1 .. 8 (every vector, every legal start), random at 64
    for (int w = 1; w <= 8; w++) begin
      for (int v = 0; v < (1 << w); v++) begin
        for (int st = 0; st < w; st++) begin
          r8 = 8'(v);
          rs8 = 3'(st);
          #1;
          ref_rr(64'(v), w, st, fv, fi);
          check(r_v[w] == fv && r_i[w] == 3'(fi), "rr_ffs");
        end
      end
    end
    for (int n = 0; n < 4000; n++) begin
      r64 = {$urandom, $urandom};
      if (n % 4 == 1) r64 = r64 & {$urandom, $urandom} & {$urandom, $urandom} & {$urandom, $urandom};
      if (n % 4 == 2) r64 = 64'd1 << ($urandom % 64);
      if (n % 4 == 3) r64 = 64'd0;
      rs64 = 6'($urandom);
      #1;
      ref_rr(r64, 64, int'(rs64), fv, fi);
      check(r64_v == fv && r64_i == 6'(fi), "rr_ffs (64)");
    end

    // ffs2, exhaustive below 11 bits
    for (int v = 0; v < 1024; v++) begin
      v10 = 10'(v);
      #1;
      for (int w = 1; w <= 10; w++) begin
        ref_two(128'(v10), w, fv, fi, sv, si);
        check(f_v[w] == fv && (!fv || f_i[w] == 4'(fi)) && (fv || f_i[w] == 0), "ffs2 first");
        check(s_v[w] == sv && (!sv || s_i[w] == 4'(si)) && (sv || s_i[w] == 0), "ffs2 second");
      end
    end
    // ffs2, random 128-bit vectors (sparse and dense)
    for (int r = 0; r < 2000; r++) begin
      v128 = {$urandom, $urandom, $urandom, $urandom};
      if (r % 2) v128 = v128 & {$urandom, $urandom, $urandom, $urandom} & {$urandom, $urandom,
                                  $urandom, $urandom} & {$urandom, $urandom, $urandom, $urandom};
      if (r % 7 == 0) v128 = 128'(1) << ($urandom % 128);
      if (r == 1) v128 = '0;
      #1;
      ref_two(v128, 128, fv, fi, sv, si);
      check(f128_v == fv && f128_i == 7'(fi), "ffs2 first (128)");
      check(s128_v == sv && s128_i == 7'(si), "ffs2 second (128)");
    end

    // bytemerge and amo
    for (int r = 0; r < 2000; r++) begin
      m_old  = {$urandom, $urandom, $urandom, $urandom};
      m_new  = {$urandom, $urandom, $urandom, $urandom};
      m_mask = 16'($urandom);
      a_word = 2'($urandom);
      a_aop  = 2'($urandom);
      a_a    = (r % 3 == 0) ? m_old[32*a_word +: 32] : $urandom;   // CAS hits too
      a_b    = $urandom;
      #1;
      for (int b = 0; b < 16; b++) exp_m[8*b +: 8] = m_mask[b] ? m_new[8*b +: 8] : m_old[8*b +: 8];
      check(m_out == exp_m, "bytemerge");
      old_w = m_old[32*a_word +: 32];
      new_w = (a_aop == 0) ? old_w + a_a : (a_aop == 1) ? a_a :
              (a_aop == 2) ? ((old_w == a_a) ? a_b : old_w) : old_w;
      exp_line = m_old;
      exp_line[32*a_word +: 32] = new_w;
      check(a_old == old_w && a_line == exp_line, "amo");
    end

    // the widest widths: ffs / ffs2 on 1024-bit vectors (sparse, dense, one bit, the top bit)
    for (int r = 0; r < 600; r++) begin
      for (int k = 0; k < 32; k++) vw[32*k +: 32] = $urandom;
      if (r % 2) for (int j = 0; j < 3; j++) for (int k = 0; k < 32; k++) vw[32*k +: 32] &= $urandom;
      if (r % 5 == 0) vw = 1024'(1) << ($urandom % 1024);
      if (r % 5 == 1) vw = (1024'(1) << 1023) | (1024'(1) << ($urandom % 1023));
      if (r == 1) vw = '0;
      #1;
      ref_wide(vw, fv, fi, sv, si);
      check(wf_v == fv && wf_i == 10'(fi) && wf_oh == (fv ? 1024'(1) << fi : '0), "ffs (1024)");
      check(wf2_v == fv && wf2_i == 10'(fi), "ffs2 first (1024)");
      check(ws2_v == sv && ws2_i == 10'(si), "ffs2 second (1024)");
    end
    // the widest widths: bytemerge at 256 bytes, amo at 64 words (every word, every aop)
    for (int r = 0; r < 1000; r++) begin
      for (int k = 0; k < 64; k++) begin mw_old[32*k +: 32] = $urandom; mw_new[32*k +: 32] = $urandom; end
      for (int k = 0; k < 8; k++) mw_mask[32*k +: 32] = $urandom;
      aw_word = 6'($urandom);
      aw_aop  = 2'($urandom);
      aw_a    = (r % 3 == 0) ? mw_old[32*aw_word +: 32] : $urandom;
      aw_b    = $urandom;
      #1;
      for (int b = 0; b < 256; b++) begin
        exp_w[8*b +: 8] = mw_mask[b] ? mw_new[8*b +: 8] : mw_old[8*b +: 8];
      end
      check(mw_out == exp_w, "bytemerge (256)");
      old_w = mw_old[32*aw_word +: 32];
      new_w = (aw_aop == 0) ? old_w + aw_a : (aw_aop == 1) ? aw_a :
              (aw_aop == 2) ? ((old_w == aw_a) ? aw_b : old_w) : old_w;
      exp_w = mw_old;
      exp_w[32*aw_word +: 32] = new_w;
      check(aw_old == old_w && aw_line == exp_w, "amo (64)");
    end

    // fifo: reset, then random traffic; push only when not full (or popping), pop when not empty
    push = 0; pop = 0; din = 0;
    wpush = 0; wpop = 0; wmcnt = 0; wfull = 0;
    depth[0] = 1; depth[1] = 3; depth[2] = 8;
    for (int q = 0; q < 3; q++) begin mcnt[q] = 0; wraps[q] = 0; end
    rst_n = 0;
    #1 clk = 1; #1 clk = 0;
    rst_n = 1;
    for (int c = 0; c < 8000; c++) begin
      din = 8'($urandom);
      for (int q = 0; q < 3; q++) begin
        pop[q]  = (mcnt[q] > 0) && ($urandom % 3 != 0) && !(c % 500 < 50);
        push[q] = ((mcnt[q] < depth[q]) || pop[q]) && ($urandom % 3 != 0) && !(c % 700 < 40);
      end
      // depth 64: phases of mostly pushes (to full) and mostly pops (to empty)
      wpop  = (wmcnt > 0) && ($urandom % 4 < ((c / 300) % 2 ? 3 : 1));
      wpush = ((wmcnt < 64) || wpop) && ($urandom % 4 < ((c / 300) % 2 ? 1 : 3));
      #1;
      check(wcnt == 7'(wmcnt), "fifo count (64)");
      if (wmcnt > 0) check(whead == wmodel[0], "fifo head (64)");
      check(wcnt_next == 7'(wmcnt + wpush - wpop), "fifo next count (64)");
      for (int q = 0; q < 3; q++) begin
        check(cnt[q] == 4'(mcnt[q]), "fifo count");
        if (mcnt[q] > 0) check(head[q] == model[q][0], "fifo head");
        check(cnt_next[q] == 4'(mcnt[q] + push[q] - pop[q]), "fifo next count");
      end
      clk = 1;
      #1;
      for (int q = 0; q < 3; q++) begin
        if (pop[q]) begin
          for (int i = 0; i < 7; i++) model[q][i] = model[q][i+1];
          mcnt[q] = mcnt[q] - 1;
        end
        if (push[q]) begin
          model[q][mcnt[q]] = din;
          mcnt[q] = mcnt[q] + 1;
        end
        if (mcnt[q] == depth[q]) wraps[q] = wraps[q] + 1;
      end
      if (wpop) begin
        for (int i = 0; i < 63; i++) wmodel[i] = wmodel[i+1];
        wmcnt = wmcnt - 1;
      end
      if (wpush) begin
        wmodel[wmcnt] = din;
        wmcnt = wmcnt + 1;
      end
      if (wmcnt == 64) wfull = wfull + 1;
      clk = 0;
    end
    for (int q = 0; q < 3; q++) check(wraps[q] > 10, "fifo reached full");
    check(wfull > 10, "fifo reached full (64)");

    $display("tb_primitives: %0d checks, %0d failures", checks, fails);
    if (fails != 0) $fatal(1, "tb_primitives: FAILED");
    $finish;
  end

endmodule
