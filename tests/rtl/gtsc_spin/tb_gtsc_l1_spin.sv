// SPDX-License-Identifier: Apache-2.0
//
// tb_gtsc_l1_spin -- directed test of rule T12 (the spin bump) in rtl/gtsc/gtsc_l1.sv: golden
// test G7 of docs/units/gtsc/gtsc.md section 15.1 (TsWidth 6, Lease 5, SpinHits 2, one SM, the
// bank's answers driven here), then rows C01s / C02-C08 / R13 of gtsc_l1.md section 6 and rule
// T12 items 3 and 4 on the spin counter. The L1 is the small configuration (NumWf 8, LineBytes
// 16, AddrWidth 16, L1Sets 4, L1Ways 2, L1Mshrs 4, L1Queue 2, WfCntWidth 2, EpWidth 4).
// After every step: the core response (kind, warp mask, data) or the request the L1 sends
// (kind, wf, line, wts, warp_ts), and the registers warp_ts_q, spin_q and the line's st / wts /
// rts. Run by tests/rtl/gtsc_spin/run_gtsc_spin.sh (Verilator --assert: A1-A14 live; Icarus).
// Prints "tb_gtsc_l1_spin: N checks, M failures" and ends with $fatal on a failure.
module tb_gtsc_l1_spin;
  localparam int NWF = 8;
  localparam int LB  = 16;
  localparam int AW  = 16;
  localparam int LA  = AW - 4;
  localparam int DB  = 8 * LB;
  localparam int TW  = 6;
  localparam int EW  = 4;
  localparam int SH  = 2;                      // SpinHits (G7)
  localparam int SW  = 2;                      // clog2(SH + 1)
  localparam int L1W = 2;                      // ways

  localparam logic [LA-1:0] X = 12'h005;       // set 1, tag 1: line index 1*2 + way 0 = 2
  localparam logic [LA-1:0] Y = 12'h006;       // set 2 (a store miss: C06)
  localparam logic [LA-1:0] Z = 12'h009;       // set 1, tag 2: way 1 of X's set
  localparam int XI = 2;
  localparam logic [DB-1:0] D0 = {4{32'h0000_0000}};
  localparam logic [DB-1:0] D1 = {4{32'h0000_0001}};   // the flag after the store
  localparam logic [DB-1:0] DZ = {4{32'h5a5a_5a5a}};

  logic clk = 1'b0;
  logic rst_n = 1'b0;
  always #5 clk = ~clk;

  logic                 tsrst;
  logic                 core_valid;
  logic [1:0]           core_op;
  logic [5:0]           core_wf;
  logic [LA-1:0]        core_line;
  logic [DB-1:0]        core_data;
  logic [LB-1:0]        core_mask;
  logic                 core_ready;
  logic                 crsp_valid;
  logic [1:0]           crsp_kind;
  logic [NWF-1:0]       crsp_mask;
  logic [LA-1:0]        crsp_line;
  logic [DB-1:0]        crsp_data;
  logic                 rsp_valid;
  logic [2:0]           rsp_kind;
  logic [5:0]           rsp_wf;
  logic [LA-1:0]        rsp_line;
  logic [TW-1:0]        rsp_wts, rsp_rts;
  logic                 rsp_keep;
  logic [EW-1:0]        rsp_ep;
  logic [DB-1:0]        rsp_data;
  logic                 req_valid;
  logic [1:0]           req_kind, req_aop;
  logic [5:0]           req_wf;
  logic [LA-1:0]        req_line;
  logic [TW-1:0]        req_wts, req_warp_ts;
  logic [EW-1:0]        req_ep;
  logic [DB-1:0]        req_data;
  logic [LB-1:0]        req_mask;
  logic [4:0]           req_word;
  logic [31:0]          req_a, req_b;
  logic [NWF-1:0]       wr_idle;

  gtsc_l1 #(
    .Sc(32'd0), .NumWf(NWF), .LineBytes(LB), .AddrWidth(AW), .L1Sets(32'd4), .L1Ways(L1W),
    .L1Mshrs(32'd4), .L1Queue(32'd2), .WfCntWidth(32'd2), .TsWidth(TW), .EpWidth(EW),
    .SpinHits(SH)
  ) dut (
    .clk_i(clk), .rst_ni(rst_n), .tsrst_i(tsrst),
    .core_valid_i(core_valid), .core_op_i(core_op), .core_wf_i(core_wf),
    .core_line_i(core_line), .core_data_i(core_data), .core_mask_i(core_mask),
    .core_aop_i(2'd0), .core_word_i(5'd0), .core_a_i(32'd0), .core_b_i(32'd0),
    .core_ready_o(core_ready),
    .crsp_valid_o(crsp_valid), .crsp_kind_o(crsp_kind), .crsp_wf_mask_o(crsp_mask),
    .crsp_line_o(crsp_line), .crsp_data_o(crsp_data),
    .rsp_valid_i(rsp_valid), .rsp_kind_i(rsp_kind), .rsp_wf_i(rsp_wf), .rsp_line_i(rsp_line),
    .rsp_wts_i(rsp_wts), .rsp_rts_i(rsp_rts), .rsp_keep_i(rsp_keep), .rsp_ep_i(rsp_ep),
    .rsp_data_i(rsp_data),
    .req_valid_o(req_valid), .req_kind_o(req_kind), .req_wf_o(req_wf), .req_line_o(req_line),
    .req_wts_o(req_wts), .req_warp_ts_o(req_warp_ts), .req_ep_o(req_ep),
    .req_data_o(req_data), .req_mask_o(req_mask), .req_aop_o(req_aop), .req_word_o(req_word),
    .req_a_o(req_a), .req_b_o(req_b), .wr_idle_o(wr_idle)
  );

  integer checks = 0, fails = 0;
  task automatic check(input bit ok, input string what);
    checks = checks + 1;
    if (!ok) begin
      fails = fails + 1;
      $display("FAIL %0s", what);
    end
  endtask

  function automatic logic [TW-1:0] ts_of(input int w);
    return dut.warp_ts_q[TW*w +: TW];
  endfunction
  function automatic logic [SW-1:0] spin_of(input int w);
    return dut.spin_q[SW*w +: SW];
  endfunction

  // the registers of T12 after a step
  task automatic state(input string step, input int w, input int ts, input int sp);
    check(ts_of(w) == TW'(ts), $sformatf("%0s: warp_ts[%0d] = %0d, expected %0d", step, w,
                                         ts_of(w), ts));
    check(spin_of(w) == SW'(sp), $sformatf("%0s: spin[%0d] = %0d, expected %0d", step, w,
                                           spin_of(w), sp));
  endtask
  task automatic line_x(input string step, input int st, input int wts, input int rts);
    check(dut.st_q[XI] == 2'(st) && dut.wts_q[XI] == TW'(wts) && dut.rts_q[XI] == TW'(rts),
          $sformatf("%0s: line X st %0d wts %0d rts %0d, expected %0d %0d %0d", step,
                    dut.st_q[XI], dut.wts_q[XI], dut.rts_q[XI], st, wts, rts));
  endtask

  // one core request, offered until accepted; inputs change at the falling edge
  task automatic issue(input logic [1:0] op, input int w, input logic [LA-1:0] a,
                       input logic [DB-1:0] d);
    @(negedge clk);
    core_valid = 1'b1;
    core_op    = op;
    core_wf    = 6'(w);
    core_line  = a;
    core_data  = d;
    core_mask  = (op == 2'd2) ? {LB{1'b1}} : '0;
    while (!core_ready) @(negedge clk);
    @(negedge clk);
    core_valid = 1'b0;
    core_op    = 2'd0;
  endtask

  // wait (sampling at falling edges) for the core response or a request, at most 8 cycles
  task automatic wait_out(output bit got_crsp, output bit got_req);
    got_crsp = 1'b0;
    got_req  = 1'b0;
    for (int c = 0; c < 8 && !got_crsp && !got_req; c++) begin
      if (crsp_valid) got_crsp = 1'b1;
      if (req_valid) got_req = 1'b1;
      if (!got_crsp && !got_req) @(negedge clk);
    end
  endtask

  // a LOAD of warp w to line a that must hit and return d
  task automatic hit(input string step, input int w, input logic [LA-1:0] a,
                     input logic [DB-1:0] d);
    bit gc, gr;
    issue(2'd1, w, a, '0);
    wait_out(gc, gr);
    check(gc && !gr, $sformatf("%0s: a hit (crsp %0d, req %0d)", step, gc, gr));
    check(crsp_kind == 2'd1 && crsp_mask == NWF'(1) << w && crsp_line == a && crsp_data == d,
          $sformatf("%0s: LOAD response kind %0d mask %b line %h data %h", step, crsp_kind,
                    crsp_mask, crsp_line, crsp_data[31:0]));
  endtask

  // a LOAD of warp w to line a that must send RD(wts, warp_ts); the bank answers FILL
  task automatic renew(input string step, input int w, input logic [LA-1:0] a, input int wts,
                       input int warp_ts, input int f_wts, input int f_rts,
                       input logic [DB-1:0] d);
    bit gc, gr;
    issue(2'd1, w, a, '0);
    wait_out(gc, gr);
    check(gr && !gc, $sformatf("%0s: an RD (crsp %0d, req %0d)", step, gc, gr));
    check(req_kind == 2'd1 && req_wf == 6'(w) && req_line == a && req_wts == TW'(wts) &&
          req_warp_ts == TW'(warp_ts),
          $sformatf("%0s: RD kind %0d wf %0d line %h wts %0d warp_ts %0d, expected %0d %0d",
                    step, req_kind, req_wf, req_line, req_wts, req_warp_ts, wts, warp_ts));
    rsp_valid = 1'b1;                           // the bank: FILL, one cycle
    rsp_kind  = 3'd1;
    rsp_wf    = 6'(w);
    rsp_line  = a;
    rsp_wts   = TW'(f_wts);
    rsp_rts   = TW'(f_rts);
    rsp_ep    = dut.ep_q;
    rsp_data  = d;
    @(negedge clk);
    rsp_valid = 1'b0;
    rsp_kind  = 3'd0;
    wait_out(gc, gr);
    check(gc && crsp_kind == 2'd1 && crsp_mask == NWF'(1) << w && crsp_data == d,
          $sformatf("%0s: LOAD response after the FILL (crsp %0d kind %0d data %h)", step, gc,
                    crsp_kind, crsp_data[31:0]));
  endtask

  initial begin
    tsrst = 1'b0; core_valid = 1'b0; core_op = '0; core_wf = '0; core_line = '0;
    core_data = '0; core_mask = '0; rsp_valid = 1'b0; rsp_kind = '0; rsp_wf = '0;
    rsp_line = '0; rsp_wts = '0; rsp_rts = '0; rsp_keep = 1'b0; rsp_ep = '0; rsp_data = '0;
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    @(negedge clk);
    state("reset", 0, 1, 0);

    // ---- G7 (gtsc.md 15.1) ----------------------------------------------------------------
    // warp 0 loads X: a miss (C04: RD wts 0, warp_ts 1); FILL wts 1 rts 6 (Lease 5)
    renew("G7 miss", 0, X, 0, 1, 1, 6, D0);
    state("G7 miss", 0, 1, 0);
    line_x("G7 miss", 1, 1, 6);
    // three more loads: hits 1 and 2 count, hit 3 is C01s (warp_ts 1 -> 2)
    hit("G7 hit 1", 0, X, D0);
    state("G7 hit 1", 0, 1, 1);
    hit("G7 hit 2", 0, X, D0);
    state("G7 hit 2", 0, 1, 2);
    hit("G7 hit 3 (C01s)", 0, X, D0);
    state("G7 hit 3 (C01s)", 0, 2, 0);
    line_x("G7 hit 3 (C01s)", 1, 1, 6);
    // warp 1 of another SM stores X: the bank's X is now wts 7, rts 12, D1 (ST_ts = max(6 + 1,
    // warp_ts)); this L1 keeps its copy (wts 1, rts 6) and warp 0 keeps hitting it
    for (int t = 2; t <= 6; t++) begin
      for (int h = 1; h <= SH + 1; h++) begin
        hit($sformatf("G7 spin at warp_ts %0d, hit %0d", t, h), 0, X, D0);
        state($sformatf("G7 spin at warp_ts %0d, hit %0d", t, h), 0,
              (h == SH + 1) ? t + 1 : t, (h == SH + 1) ? 0 : h);
      end
    end
    line_x("G7 spin end", 1, 1, 6);
    // warp_ts 7 > rts 6: the next load renews (C03: RD wts 1, warp_ts 7); FILL(7, 12, D1)
    renew("G7 renewal", 0, X, 1, 7, 7, 12, D1);
    state("G7 renewal", 0, 7, 0);
    line_x("G7 renewal", 1, 7, 12);

    // ---- T12 item 3: other accepted requests end the hits in a row -------------------------
    hit("C01 after the renewal", 0, X, D1);
    state("C01 after the renewal", 0, 7, 1);
    // another warp's hits do not touch warp 0's counter (per warp)
    hit("warp 2 hit", 2, X, D1);
    state("warp 2 hit (T4: warp_ts 1 -> 7)", 2, 7, 1);
    state("warp 2 hit, warp 0", 0, 7, 1);
    // C06 (a store miss of warp 0): spin[0] := 0; the bank's WACK (R07) raises warp_ts (T7)
    begin
      bit gc, gr;
      issue(2'd2, 0, Y, D1);
      wait_out(gc, gr);
      check(gr && req_kind == 2'd2 && req_line == Y && req_warp_ts == TW'(7),
            $sformatf("C06: WR line %h warp_ts %0d", req_line, req_warp_ts));
      state("C06", 0, 7, 0);
      state("C06, warp 2", 2, 7, 1);
      rsp_valid = 1'b1; rsp_kind = 3'd3; rsp_wf = 6'd0; rsp_line = Y; rsp_wts = TW'(13);
      rsp_rts = TW'(18); rsp_keep = 1'b0; rsp_ep = dut.ep_q; rsp_data = '0;
      @(negedge clk);
      rsp_valid = 1'b0; rsp_kind = 3'd0;
      state("R07 (WACK)", 0, 13, 0);
    end
    // warp 0 at 13 > rts 12: renewal (C03, spin stays 0); the bank: FILL(7, 18, D1)
    renew("C03", 0, X, 7, 13, 7, 18, D1);
    state("C03", 0, 13, 0);
    // a response (R01) served warp 0 from its entry: spin untouched; two hits, then a reset
    hit("hit after C03", 0, X, D1);
    state("hit after C03", 0, 13, 1);
    hit("hit 2 after C03", 0, X, D1);
    state("hit 2 after C03", 0, 13, 2);
    // R13 (tsrst_i): warp_ts := 1, X becomes I, spin unchanged
    @(negedge clk);
    tsrst = 1'b1;
    @(negedge clk);
    tsrst = 1'b0;
    state("R13", 0, 1, 2);
    state("R13, warp 2", 2, 1, 1);
    line_x("R13", 0, 7, 18);
    // the next load misses (C04): spin[0] := 0
    renew("C04 after R13", 0, X, 0, 1, 1, 6, D1);
    state("C04 after R13", 0, 1, 0);
    // warp 2 (spin 1): hit (2), C01s (warp_ts 1 -> 2), hit (1); C02 needs an entry: warp 2
    // joins warp 0's miss on Z
    hit("warp 2 hit (2)", 2, X, D1);
    state("warp 2 hit (2)", 2, 1, 2);
    hit("warp 2 C01s", 2, X, D1);
    state("warp 2 C01s", 2, 2, 0);
    hit("warp 2 hit (1)", 2, X, D1);
    state("warp 2 hit (1)", 2, 2, 1);
    begin
      bit gc, gr;
      issue(2'd1, 0, Z, '0);                    // C04: RD for Z, entry RD waits
      wait_out(gc, gr);
      check(gr && req_line == Z && req_wts == '0, "C04 on Z: RD");
      issue(2'd1, 2, Z, '0);                    // C02: warp 2 combines
      @(negedge clk);
      state("C02 (warp 2 combines)", 2, 2, 0);
      rsp_valid = 1'b1; rsp_kind = 3'd1; rsp_wf = 6'd0; rsp_line = Z; rsp_wts = TW'(1);
      rsp_rts = TW'(6); rsp_keep = 1'b0; rsp_ep = dut.ep_q; rsp_data = DZ;
      @(negedge clk);
      rsp_valid = 1'b0; rsp_kind = 3'd0;
      wait_out(gc, gr);
      check(gc && crsp_mask == 8'b0000_0101 && crsp_data == DZ,
            $sformatf("R01 serves warps 0 and 2 (mask %b)", crsp_mask));
      state("R01 (SERVE)", 2, 2, 0);
      state("R01 (SERVE), warp 0", 0, 1, 0);
    end

    repeat (2) @(negedge clk);
    $display("tb_gtsc_l1_spin: %0d checks, %0d failures", checks, fails);
    if (fails != 0) $fatal(1, "tb_gtsc_l1_spin: FAILED");
    $finish;
  end

  initial begin
    #200000;
    $fatal(1, "tb_gtsc_l1_spin: timeout");
  end
endmodule
