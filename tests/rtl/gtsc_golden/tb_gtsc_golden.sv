// SPDX-License-Identifier: Apache-2.0
//
// tb_gtsc_golden -- the golden tests G1-G6 of docs/units/gtsc/gtsc.md section 10 on the RTL
// alone: two gtsc_l1 (SMs 0, 1), two gtsc_l2 banks (bank_i 0, 1; lease_i per test) and gtsc_ovf,
// joined by a simple interconnect and DRAM model written here (req: one queue per bank, taken
// under the bank's req_ready_o; rsp: one queue per SM, one message per cycle, an optional delay
// and hold; DRAM: a fill DramLat cycles after the fetch, write-backs stored). Written from the
// tables of section 10 (not from tests/gtsc/test_gtsc_models.c): after every step it asserts the
// messages (RD / WR wts, warp_ts, ep; FILL / RNW / WACK / AACK wts, rts, keep, ep, data), the
// bank lines' (wts, rts) and mem_ts, the L1 lines' st / (wts, rts), the warp_ts of the warps
// named and the values returned, reading the units' registers by hierarchical reference.
//
// Configuration: the small one of gtsc.md section 3 (LineBytes 16, AddrWidth 16, L1 4 sets x 2
// ways, 4 MSHRs, queue 2, WfCntWidth 2; banks 4 sets x 2 ways, 4 MSHRs, queue 2; TsWidth 6,
// EpWidth 4) with SpinHits 0, NumSm 2, NumWf 4, NumBanks 2 for every test; the leases are inputs
// and set per test. Where a test names NumSm 1 (G3, G6), NumWf 1 (G4, G5) or NumBanks 1 (G6),
// the units it does not name stay idle (SM 1, warps 1-3, bank 1: line 0 is bank 0's either way).
// Sc is this module's parameter (the run script builds both): G1, G2, G3, G6 run under both
// variants, G4 and G5 under Sc = 1 (gtsc-sc) only, as the page states.
// Run by tests/rtl/gtsc_golden/run_gtsc_golden.sh (Verilator --assert: A1-A14, B1-B8, O1 live).
// Prints one line per test and "tb_gtsc_golden: N checks, M failures"; $fatal on a failure.
module tb_gtsc_golden #(
  parameter int Sc = 0
);
  localparam int NSM = 2;
  localparam int NB  = 2;
  localparam int NWF = 4;
  localparam int LB  = 16;
  localparam int AW  = 16;
  localparam int LA  = AW - 4;
  localparam int DB  = 8 * LB;
  localparam int TW  = 6;
  localparam int EW  = 4;
  localparam int L1S = 4;                   // L1 sets (2 ways): set = line[1:0], tag = line >> 2
  localparam int L2S = 4;                   // bank sets (2 ways): set = line[2:1], tag = line >> 3
  localparam int DramLat = 3;

  // encodings (gtsc_pkg)
  localparam int OpLd = 1, OpSt = 2, OpAt = 3;
  localparam int CrLd = 1, CrAt = 2, CrSt = 3;
  localparam int QRd = 1, QWr = 2, QAt = 3;
  localparam int PFill = 1, PRnw = 2, PWack = 3, PAack = 4;
  localparam int L1I = 0, L1V = 1, L1P = 2;
  localparam int L2I = 0, L2V = 1, L2D = 2, L2P = 3;
  localparam int MkRd = 0, MkWr = 1, MkAt = 2, MkSv = 3;
  localparam int NONE = -1;                 // "no line" in a check

  logic clk = 1'b0;
  logic rst_n = 1'b0;
  always #5 clk = ~clk;
  int cyc = 0;
  always @(posedge clk) cyc <= cyc + 1;

  // ---- L1 ports ------------------------------------------------------------------------------
  logic [NSM-1:0] c_valid;
  logic [NSM-1:0][1:0] c_op;
  logic [NSM-1:0][5:0] c_wf;
  logic [NSM-1:0][LA-1:0] c_line;
  logic [NSM-1:0][DB-1:0] c_data;
  logic [NSM-1:0][LB-1:0] c_mask;
  logic [NSM-1:0][1:0] c_aop;
  logic [NSM-1:0][4:0] c_word;
  logic [NSM-1:0][31:0] c_a;
  logic [NSM-1:0][31:0] c_b;
  logic [NSM-1:0] c_ready;
  logic [NSM-1:0] cr_valid;
  logic [NSM-1:0][1:0] cr_kind;
  logic [NSM-1:0][NWF-1:0] cr_mask;
  logic [NSM-1:0][LA-1:0] cr_line;
  logic [NSM-1:0][DB-1:0] cr_data;
  logic [NSM-1:0] r_valid;
  logic [NSM-1:0][2:0] r_kind;
  logic [NSM-1:0][5:0] r_wf;
  logic [NSM-1:0][LA-1:0] r_line;
  logic [NSM-1:0][TW-1:0] r_wts;
  logic [NSM-1:0][TW-1:0] r_rts;
  logic [NSM-1:0] r_keep;
  logic [NSM-1:0][EW-1:0] r_ep;
  logic [NSM-1:0][DB-1:0] r_data;
  logic [NSM-1:0] q_valid;
  logic [NSM-1:0][1:0] q_kind;
  logic [NSM-1:0][5:0] q_wf;
  logic [NSM-1:0][LA-1:0] q_line;
  logic [NSM-1:0][TW-1:0] q_wts;
  logic [NSM-1:0][TW-1:0] q_wts2;             // warp_ts
  logic [NSM-1:0][EW-1:0] q_ep;
  logic [NSM-1:0][DB-1:0] q_data;
  logic [NSM-1:0][LB-1:0] q_mask;
  logic [NSM-1:0][1:0] q_aop;
  logic [NSM-1:0][4:0] q_word;
  logic [NSM-1:0][31:0] q_a;
  logic [NSM-1:0][31:0] q_b;
  logic [NSM-1:0][NWF-1:0] wr_idle;

  // ---- bank ports ----------------------------------------------------------------------------
  logic [NB-1:0][TW-1:0] lease;
  logic [NB-1:0] ovf;
  logic [NB-1:0]  ovf_vec;
  logic           tsrst;
  logic [NB-1:0] b_valid;
  logic [NB-1:0][1:0] b_kind;
  logic [NB-1:0][5:0] b_src;
  logic [NB-1:0][5:0] b_wf;
  logic [NB-1:0][LA-1:0] b_line;
  logic [NB-1:0][TW-1:0] b_wts;
  logic [NB-1:0][TW-1:0] b_wts2;
  logic [NB-1:0][EW-1:0] b_ep;
  logic [NB-1:0][DB-1:0] b_data;
  logic [NB-1:0][LB-1:0] b_mask;
  logic [NB-1:0][1:0] b_aop;
  logic [NB-1:0][4:0] b_word;
  logic [NB-1:0][31:0] b_a;
  logic [NB-1:0][31:0] b_b;
  logic [NB-1:0] b_ready;
  logic [NB-1:0] p_valid;
  logic [NB-1:0][2:0] p_kind;
  logic [NB-1:0][NSM-1:0] p_dst;
  logic [NB-1:0][5:0] p_wf;
  logic [NB-1:0][LA-1:0] p_line;
  logic [NB-1:0][TW-1:0] p_wts;
  logic [NB-1:0][TW-1:0] p_rts;
  logic [NB-1:0] p_keep;
  logic [NB-1:0][EW-1:0] p_ep;
  logic [NB-1:0][DB-1:0] p_data;
  logic [NB-1:0] m_valid;
  logic [NB-1:0][LA-1:0] m_line;
  logic [NB-1:0][DB-1:0] m_data;
  logic [NB-1:0] f_valid;
  logic [NB-1:0][LA-1:0] f_line;
  logic [NB-1:0] wb_valid;
  logic [NB-1:0][LA-1:0] wb_line;
  logic [NB-1:0][DB-1:0] wb_data;

  for (genvar s = 0; s < NSM; s++) begin : g_sm
    gtsc_l1 #(
      .Sc(32'(Sc)), .NumWf(NWF), .LineBytes(LB), .AddrWidth(AW), .L1Sets(L1S), .L1Ways(32'd2),
      .L1Mshrs(32'd4), .L1Queue(32'd2), .WfCntWidth(32'd2), .TsWidth(TW), .EpWidth(EW),
      .SpinHits(32'd0)
    ) u_l1 (
      .clk_i(clk), .rst_ni(rst_n), .tsrst_i(tsrst),
      .core_valid_i(c_valid[s]), .core_op_i(c_op[s]), .core_wf_i(c_wf[s]),
      .core_line_i(c_line[s]), .core_data_i(c_data[s]), .core_mask_i(c_mask[s]),
      .core_aop_i(c_aop[s]), .core_word_i(c_word[s]), .core_a_i(c_a[s]), .core_b_i(c_b[s]),
      .core_ready_o(c_ready[s]),
      .crsp_valid_o(cr_valid[s]), .crsp_kind_o(cr_kind[s]), .crsp_wf_mask_o(cr_mask[s]),
      .crsp_line_o(cr_line[s]), .crsp_data_o(cr_data[s]),
      .rsp_valid_i(r_valid[s]), .rsp_kind_i(r_kind[s]), .rsp_wf_i(r_wf[s]),
      .rsp_line_i(r_line[s]), .rsp_wts_i(r_wts[s]), .rsp_rts_i(r_rts[s]),
      .rsp_keep_i(r_keep[s]), .rsp_ep_i(r_ep[s]), .rsp_data_i(r_data[s]),
      .req_valid_o(q_valid[s]), .req_kind_o(q_kind[s]), .req_wf_o(q_wf[s]),
      .req_line_o(q_line[s]), .req_wts_o(q_wts[s]), .req_warp_ts_o(q_wts2[s]),
      .req_ep_o(q_ep[s]), .req_data_o(q_data[s]), .req_mask_o(q_mask[s]),
      .req_aop_o(q_aop[s]), .req_word_o(q_word[s]), .req_a_o(q_a[s]), .req_b_o(q_b[s]),
      .wr_idle_o(wr_idle[s])
    );
  end

  for (genvar b = 0; b < NB; b++) begin : g_bank
    gtsc_l2 #(
      .NumSm(NSM), .NumBanks(NB), .LineBytes(LB), .AddrWidth(AW), .L2Sets(L2S),
      .L2Ways(32'd2), .L2Mshrs(32'd4), .L2Queue(32'd2), .TsWidth(TW), .EpWidth(EW)
    ) u_l2 (
      .clk_i(clk), .rst_ni(rst_n), .lease_i(lease[b]), .bank_i(4'(b)), .tsrst_i(tsrst),
      .ovf_o(ovf[b]),
      .req_valid_i(b_valid[b]), .req_kind_i(b_kind[b]), .req_src_i(b_src[b]),
      .req_wf_i(b_wf[b]), .req_line_i(b_line[b]), .req_wts_i(b_wts[b]),
      .req_warp_ts_i(b_wts2[b]), .req_ep_i(b_ep[b]), .req_data_i(b_data[b]),
      .req_mask_i(b_mask[b]), .req_aop_i(b_aop[b]), .req_word_i(b_word[b]),
      .req_a_i(b_a[b]), .req_b_i(b_b[b]), .req_ready_o(b_ready[b]),
      .rsp_valid_o(p_valid[b]), .rsp_kind_o(p_kind[b]), .rsp_dst_o(p_dst[b]),
      .rsp_wf_o(p_wf[b]), .rsp_line_o(p_line[b]), .rsp_wts_o(p_wts[b]), .rsp_rts_o(p_rts[b]),
      .rsp_keep_o(p_keep[b]), .rsp_ep_o(p_ep[b]), .rsp_data_o(p_data[b]),
      .mem_valid_i(m_valid[b]), .mem_line_i(m_line[b]), .mem_data_i(m_data[b]),
      .mreq_fetch_o(f_valid[b]), .mreq_fetch_line_o(f_line[b]),
      .mreq_wb_o(wb_valid[b]), .mreq_wb_line_o(wb_line[b]), .mreq_wb_data_o(wb_data[b])
    );
    assign ovf_vec[b] = ovf[b];
  end

  gtsc_ovf #(.NumBanks(NB)) u_ovf (
    .clk_i(clk), .rst_ni(rst_n), .ovf_i(ovf_vec), .tsrst_o(tsrst)
  );

  // ---- interconnect, DRAM and the message logs (all at the falling edge) ---------------------
  typedef struct packed {
    int            cyc;
    int            sm;
    logic [1:0]    kind;
    logic [5:0]    wf;
    logic [LA-1:0] line;
    logic [TW-1:0] wts;
    logic [TW-1:0] warp_ts;
    logic [EW-1:0] ep;
    logic [DB-1:0] data;
    logic [LB-1:0] mask;
    logic [1:0]    aop;
    logic [4:0]    word;
    logic [31:0]   a;
    logic [31:0]   b;
  } req_m_t;
  typedef struct packed {
    int            cyc;
    int            bank;
    int            sm;
    logic [2:0]    kind;
    logic [5:0]    wf;
    logic [LA-1:0] line;
    logic [TW-1:0] wts;
    logic [TW-1:0] rts;
    logic          keep;
    logic [EW-1:0] ep;
    logic [DB-1:0] data;
  } rsp_m_t;
  typedef struct packed {
    int            idx;      // into rsplog
    int            due;
  } rsp_q_t;
  typedef struct packed {
    int            cyc;
    int            sm;
    logic [1:0]    kind;
    logic [NWF-1:0] mask;
    logic [LA-1:0] line;
    logic [DB-1:0] data;
  } crsp_m_t;
  typedef struct packed {
    logic [LA-1:0] line;
    int            due;
  } dram_q_t;

  req_m_t  reqlog[$];
  rsp_m_t  rsplog[$];
  int      dlv_cyc[$];                      // per rsplog entry: the cycle it was driven, or -1
  crsp_m_t crsplog[$];
  req_m_t  bq[NB][$];
  rsp_q_t  sq[NSM][$];
  dram_q_t dq[NB][$];
  logic [DB-1:0] dram_m[64];               // DRAM lines 0..63 (written back), else dram_init
  bit      dram_v[64];
  bit      bq_drv[NB];
  bit      bq_rdy[NB];
  bit      hold[NSM];
  int      rsp_delay = 0;

  function automatic logic [DB-1:0] dram_init(input int line);
    return {4{32'hd000_0000 | 32'(line)}};
  endfunction
  function automatic logic [DB-1:0] val(input int k);      // the value a test stores
    return {4{32'ha000_0000 | 32'(k)}};
  endfunction

  // (Verilator 5.006 drops a wide value assigned straight from a function, a struct member or a
  // conditional into an element of a packed array picked by a variable: always through `wide`)
  logic [DB-1:0] wide;
  event ic_done;
  // the core requests the test offers (copied onto the L1 ports by the falling-edge block:
  // a port input written by a suspended task is not always seen in time by Verilator 5.006)
  bit            sh_valid[NSM];
  bit            sh_taken[NSM];
  bit            sh_rdy[NSM];
  logic [1:0]    sh_op[NSM], sh_aop[NSM];
  logic [5:0]    sh_wf[NSM];
  logic [LA-1:0] sh_line[NSM];
  logic [DB-1:0] sh_data[NSM];
  logic [LB-1:0] sh_mask[NSM];
  logic [31:0]   sh_a[NSM];
  always @(negedge clk) begin
    if (!rst_n) begin
      for (int b = 0; b < NB; b++) begin
        bq[b].delete(); dq[b].delete(); bq_drv[b] = 0; bq_rdy[b] = 0;
        b_valid[b] = 0; b_kind[b] = 0; m_valid[b] = 0; m_line[b] = 0; m_data[b] = 0;
      end
      for (int s = 0; s < NSM; s++) begin
        sq[s].delete(); r_valid[s] = 0; r_kind[s] = 0;
        c_valid[s] = 0; c_op[s] = 0; sh_rdy[s] = 0;
      end
    end else begin
      // the core port: a request offered at the last falling edge was taken if ready was 1
      for (int s = 0; s < NSM; s++) begin
        if (c_valid[s] && sh_rdy[s]) begin
          sh_taken[s] = 1;
          sh_valid[s] = 0;
        end
        c_valid[s] = sh_valid[s];
        c_op[s] = sh_valid[s] ? sh_op[s] : 2'd0;
        c_wf[s] = sh_wf[s]; c_line[s] = sh_line[s];
        wide = sh_data[s]; c_data[s] = wide;
        c_mask[s] = sh_mask[s]; c_aop[s] = sh_aop[s]; c_word[s] = 0; c_a[s] = sh_a[s];
        c_b[s] = 0;
        sh_rdy[s] = c_ready[s];
      end
      // req network: pop what the banks took at the rising edge, collect, offer the heads
      for (int b = 0; b < NB; b++)
        if (bq_drv[b] && bq_rdy[b]) void'(bq[b].pop_front());
      for (int s = 0; s < NSM; s++)
        if (q_valid[s]) begin
          req_m_t m;
          m = '{cyc: cyc, sm: s, kind: q_kind[s], wf: q_wf[s], line: q_line[s], wts: q_wts[s],
                warp_ts: q_wts2[s], ep: q_ep[s], data: q_data[s], mask: q_mask[s],
                aop: q_aop[s], word: q_word[s], a: q_a[s], b: q_b[s]};
          reqlog.push_back(m);
          bq[int'(q_line[s]) % NB].push_back(m);
        end
      for (int b = 0; b < NB; b++) begin
        bq_drv[b] = bq[b].size() > 0;
        bq_rdy[b] = b_ready[b];
        if (bq_drv[b]) begin
          req_m_t m;
          m = bq[b][0];
          b_valid[b] = 1; b_kind[b] = m.kind; b_src[b] = 6'(m.sm); b_wf[b] = m.wf;
          b_line[b] = m.line; b_wts[b] = m.wts; b_wts2[b] = m.warp_ts; b_ep[b] = m.ep;
          wide = m.data; b_data[b] = wide; b_mask[b] = m.mask; b_aop[b] = m.aop; b_word[b] = m.word;
          b_a[b] = m.a; b_b[b] = m.b;
        end else begin
          b_valid[b] = 0; b_kind[b] = 0; b_src[b] = 0; b_wf[b] = 0; b_line[b] = 0;
          b_wts[b] = 0; b_wts2[b] = 0; b_ep[b] = 0; b_data[b] = 0; b_mask[b] = 0;
          b_aop[b] = 0; b_word[b] = 0; b_a[b] = 0; b_b[b] = 0;
        end
      end
      // rsp network: log the banks' responses, deliver one per SM per cycle
      for (int b = 0; b < NB; b++)
        if (p_valid[b]) begin
          rsp_m_t m;
          int d;
          d = 0;
          for (int s = 0; s < NSM; s++) if (p_dst[b][s]) d = s;
          m = '{cyc: cyc, bank: b, sm: d, kind: p_kind[b], wf: p_wf[b], line: p_line[b],
                wts: p_wts[b], rts: p_rts[b], keep: p_keep[b], ep: p_ep[b], data: p_data[b]};
          rsplog.push_back(m);
          dlv_cyc.push_back(-1);
          begin
            rsp_q_t e;
            e.idx = rsplog.size() - 1;
            e.due = cyc + rsp_delay;
            sq[d].push_back(e);
          end
        end
      for (int s = 0; s < NSM; s++) begin
        if (!hold[s] && sq[s].size() > 0 && sq[s][0].due <= cyc) begin
          rsp_m_t m;
          int i;
          i = sq[s][0].idx;
          void'(sq[s].pop_front());
          m = rsplog[i];
          dlv_cyc[i] = cyc;
          r_valid[s] = 1; r_kind[s] = m.kind; r_wf[s] = m.wf; r_line[s] = m.line;
          r_wts[s] = m.wts; r_rts[s] = m.rts; r_keep[s] = m.keep; r_ep[s] = m.ep;
          wide = m.data; r_data[s] = wide;
        end else begin
          r_valid[s] = 0; r_kind[s] = 0; r_wf[s] = 0; r_line[s] = 0; r_wts[s] = 0;
          r_rts[s] = 0; r_keep[s] = 0; r_ep[s] = 0; r_data[s] = 0;
        end
      end
      // DRAM
      for (int b = 0; b < NB; b++) begin
        if (wb_valid[b]) begin
          wide = wb_data[b];
          dram_m[int'(wb_line[b]) % 64] = wide;
          dram_v[int'(wb_line[b]) % 64] = 1;
        end
        if (f_valid[b]) begin
          dram_q_t e;
          e.line = f_line[b];
          e.due = cyc + DramLat;
          dq[b].push_back(e);
        end
        if (dq[b].size() > 0 && dq[b][0].due <= cyc) begin
          int l;
          l = int'(dq[b][0].line);
          void'(dq[b].pop_front());
          m_valid[b] = 1; m_line[b] = LA'(l);
          if (dram_v[l % 64]) wide = dram_m[l % 64];
          else wide = {4{32'hd000_0000 | 32'(l)}};
          m_data[b] = wide;
        end else begin
          m_valid[b] = 0; m_line[b] = 0; m_data[b] = 0;
        end
      end
      // core responses; overflow timing
      for (int s = 0; s < NSM; s++)
        if (cr_valid[s]) begin
          crsp_m_t e;
          e = '{cyc: cyc, sm: s, kind: cr_kind[s], mask: cr_mask[s], line: cr_line[s],
                data: cr_data[s]};
          crsplog.push_back(e);
        end
    end
    -> ic_done;
  end

  // ---- state access (hierarchical references) ------------------------------------------------
  function automatic int l1_st(input int s, input int i);
    return (s == 0) ? int'(g_sm[0].u_l1.st_q[i]) : int'(g_sm[1].u_l1.st_q[i]);
  endfunction
  function automatic int l1_tag(input int s, input int i);
    return (s == 0) ? int'(g_sm[0].u_l1.tag_q[i]) : int'(g_sm[1].u_l1.tag_q[i]);
  endfunction
  function automatic int l1_wts(input int s, input int i);
    return (s == 0) ? int'(g_sm[0].u_l1.wts_q[i]) : int'(g_sm[1].u_l1.wts_q[i]);
  endfunction
  function automatic int l1_rts(input int s, input int i);
    return (s == 0) ? int'(g_sm[0].u_l1.rts_q[i]) : int'(g_sm[1].u_l1.rts_q[i]);
  endfunction
  function automatic logic [DB-1:0] l1_data(input int s, input int i);
    return (s == 0) ? g_sm[0].u_l1.data_q[i] : g_sm[1].u_l1.data_q[i];
  endfunction
  function automatic int warp_ts(input int s, input int w);
    return (s == 0) ? int'(g_sm[0].u_l1.warp_ts_q[TW*w +: TW])
                    : int'(g_sm[1].u_l1.warp_ts_q[TW*w +: TW]);
  endfunction
  function automatic int l1_ep(input int s);
    return (s == 0) ? int'(g_sm[0].u_l1.ep_q) : int'(g_sm[1].u_l1.ep_q);
  endfunction
  function automatic bit l1_mv(input int s, input int k);
    return (s == 0) ? g_sm[0].u_l1.mv_q[k] : g_sm[1].u_l1.mv_q[k];
  endfunction
  function automatic bit l1_mst(input int s, input int k);
    return (s == 0) ? g_sm[0].u_l1.mst_q[k] : g_sm[1].u_l1.mst_q[k];
  endfunction
  function automatic int l1_mk(input int s, input int k);
    return (s == 0) ? int'(g_sm[0].u_l1.mk_q[k]) : int'(g_sm[1].u_l1.mk_q[k]);
  endfunction
  function automatic int l1_mline(input int s, input int k);
    return (s == 0) ? int'(g_sm[0].u_l1.mline_q[k]) : int'(g_sm[1].u_l1.mline_q[k]);
  endfunction
  function automatic int l1_mwait(input int s, input int k);
    return (s == 0) ? int'(g_sm[0].u_l1.mwait_q[k]) : int'(g_sm[1].u_l1.mwait_q[k]);
  endfunction
  function automatic int bk_st(input int b, input int i);
    return (b == 0) ? int'(g_bank[0].u_l2.st_q[i]) : int'(g_bank[1].u_l2.st_q[i]);
  endfunction
  function automatic int bk_tag(input int b, input int i);
    return (b == 0) ? int'(g_bank[0].u_l2.tag_q[i]) : int'(g_bank[1].u_l2.tag_q[i]);
  endfunction
  function automatic int bk_wts(input int b, input int i);
    return (b == 0) ? int'(g_bank[0].u_l2.wts_q[i]) : int'(g_bank[1].u_l2.wts_q[i]);
  endfunction
  function automatic int bk_rts(input int b, input int i);
    return (b == 0) ? int'(g_bank[0].u_l2.rts_q[i]) : int'(g_bank[1].u_l2.rts_q[i]);
  endfunction
  function automatic int mem_ts(input int b);
    return (b == 0) ? int'(g_bank[0].u_l2.mem_ts_q) : int'(g_bank[1].u_l2.mem_ts_q);
  endfunction
  function automatic int bk_ep(input int b);
    return (b == 0) ? int'(g_bank[0].u_l2.ep_q) : int'(g_bank[1].u_l2.ep_q);
  endfunction
  function automatic bit bk_ovf(input int b);
    return (b == 0) ? g_bank[0].u_l2.ovf_q : g_bank[1].u_l2.ovf_q;
  endfunction

  // the L1 line index holding line (V or P), -1 when none
  function automatic int l1_find(input int s, input int line);
    for (int w = 0; w < 2; w++) begin
      int i;
      i = (line % L1S) * 2 + w;
      if (l1_st(s, i) != L1I && l1_tag(s, i) == line / L1S) return i;
    end
    return -1;
  endfunction
  function automatic int bk_find(input int b, input int line);
    for (int w = 0; w < 2; w++) begin
      int i;
      i = ((line / NB) % L2S) * 2 + w;
      if (bk_st(b, i) != L2I && bk_tag(b, i) == line / (NB * L2S)) return i;
    end
    return -1;
  endfunction
  function automatic int l1_entry(input int s, input int line);
    for (int k = 0; k < 4; k++) if (l1_mv(s, k) && l1_mline(s, k) == line) return k;
    return -1;
  endfunction

  // ---- checks --------------------------------------------------------------------------------
  int checks = 0, fails = 0;
  int t_checks, t_fails;
  string test = "";
  task automatic check(input bit ok, input string what);
    checks++;
    if (!ok) begin
      fails++;
      $display("FAIL Sc=%0d %0s %0s (cycle %0d)", Sc, test, what, cyc);
    end
  endtask

  // one cycle: resume after the interconnect's falling-edge work (its logs are then complete);
  // inputs written here are in place before the next rising edge
  task automatic tick();
    @(ic_done);
  endtask

  int rp = 0, sp = 0, cp = 0;               // the next unread req / rsp / crsp log entries

  // the next request message: from SM s, kind, wf (-1: any), line, wts, warp_ts, ep
  task automatic exp_req(input string step, input int s, input int kind, input int wf,
                         input int line, input int wts, input int wts2, input int ep);
    req_m_t m;
    int t;
    t = 0;
    while (reqlog.size() <= rp && t < 200) begin tick(); t++; end
    if (reqlog.size() <= rp) begin
      check(0, $sformatf("%0s: no request (expected kind %0d line %0d)", step, kind, line));
      return;
    end
    m = reqlog[rp];
    rp++;
    check(m.sm == s && m.kind == 2'(kind) && (wf < 0 || m.wf == 6'(wf)) && m.line == LA'(line)
          && m.wts == TW'(wts) && m.warp_ts == TW'(wts2) && m.ep == EW'(ep),
          $sformatf("%0s: request SM%0d kind %0d wf %0d line %0d wts %0d warp_ts %0d ep %0d, expected SM%0d kind %0d wf %0d line %0d wts %0d warp_ts %0d ep %0d",
                    step, m.sm, m.kind, m.wf, m.line, m.wts, m.warp_ts, m.ep,
                    s, kind, wf, line, wts, wts2, ep));
  endtask

  // the next response message: bank b to SM s, kind, line, wts, rts, keep, ep; data when chk_d
  task automatic exp_rsp(input string step, input int b, input int s, input int kind,
                         input int line, input int wts, input int rts, input int keep,
                         input int ep, input bit chk_d, input logic [DB-1:0] d,
                         output int idx);
    rsp_m_t m;
    int t;
    t = 0;
    idx = -1;
    while (rsplog.size() <= sp && t < 200) begin tick(); t++; end
    if (rsplog.size() <= sp) begin
      check(0, $sformatf("%0s: no response (expected kind %0d line %0d)", step, kind, line));
      return;
    end
    idx = sp;
    m = rsplog[sp];
    sp++;
    check(m.bank == b && m.sm == s && m.kind == 3'(kind) && m.line == LA'(line) &&
          m.wts == TW'(wts) && m.rts == TW'(rts) && m.keep == 1'(keep) && m.ep == EW'(ep) &&
          (!chk_d || m.data == d),
          $sformatf("%0s: response bank%0d -> SM%0d kind %0d line %0d wts %0d rts %0d keep %0d ep %0d data %h, expected bank%0d -> SM%0d kind %0d line %0d wts %0d rts %0d keep %0d ep %0d data %h",
                    step, m.bank, m.sm, m.kind, m.line, m.wts, m.rts, m.keep, m.ep,
                    m.data[31:0], b, s, kind, line, wts, rts, keep, ep, chk_d ? d[31:0] : 0));
  endtask

  // the next core response: SM s, kind, warp mask, line, data (STORE: 0)
  task automatic exp_crsp(input string step, input int s, input int kind, input int mask,
                          input int line, input logic [DB-1:0] d);
    crsp_m_t m;
    int t;
    t = 0;
    while (crsplog.size() <= cp && t < 200) begin tick(); t++; end
    if (crsplog.size() <= cp) begin
      check(0, $sformatf("%0s: no core response (expected kind %0d mask %b)", step, kind,
                         mask));
      return;
    end
    m = crsplog[cp];
    cp++;
    check(m.sm == s && m.kind == 2'(kind) && m.mask == NWF'(mask) && m.line == LA'(line) &&
          m.data == d,
          $sformatf("%0s: core response SM%0d kind %0d mask %b line %0d data %h, expected SM%0d kind %0d mask %b line %0d data %h", step, m.sm, m.kind, m.mask,
                    m.line, m.data[31:0], s, kind, NWF'(mask), line, d[31:0]));
  endtask

  // wait until response idx has been taken by its L1 (its edge has passed)
  task automatic at_l1(input int idx);
    int t;
    t = 0;
    if (idx < 0) return;
    while ((dlv_cyc[idx] < 0 || cyc <= dlv_cyc[idx]) && t < 400) begin tick(); t++; end
    check(dlv_cyc[idx] >= 0, $sformatf("response %0d delivered", idx));
  endtask

  // nothing more sent, answered or returned than the steps consumed
  task automatic no_more(input string step);
    check(reqlog.size() == rp && rsplog.size() == sp && crsplog.size() == cp,
          $sformatf("%0s: extra messages (req %0d/%0d rsp %0d/%0d crsp %0d/%0d)", step,
                    reqlog.size(), rp, rsplog.size(), sp, crsplog.size(), cp));
  endtask

  // L1 of SM s: line (st NONE: no line), its wts and rts (V: both; P: not checked)
  task automatic l1_line(input string step, input int s, input int line, input int st,
                         input int wts, input int rts);
    int i;
    i = l1_find(s, line);
    if (st == NONE) begin
      check(i < 0, $sformatf("%0s: SM%0d has no line %0d (st %0d)", step, s, line,
                             i < 0 ? 0 : l1_st(s, i)));
    end else begin
      check(i >= 0 && l1_st(s, i) == st && (st != L1V || (l1_wts(s, i) == wts &&
                                                            l1_rts(s, i) == rts)),
            $sformatf("%0s: SM%0d line %0d st %0d (%0d,%0d), expected st %0d (%0d,%0d)", step,
                      s, line, i < 0 ? -1 : l1_st(s, i), i < 0 ? -1 : l1_wts(s, i),
                      i < 0 ? -1 : l1_rts(s, i), st, wts, rts));
    end
  endtask
  task automatic l1_value(input string step, input int s, input int line,
                          input logic [DB-1:0] d);
    int i;
    i = l1_find(s, line);
    check(i >= 0 && l1_data(s, i) == d, $sformatf("%0s: SM%0d line %0d data", step, s, line));
  endtask
  task automatic ts(input string step, input int s, input int w, input int v);
    check(warp_ts(s, w) == v, $sformatf("%0s: SM%0d warp_ts[%0d] = %0d, expected %0d", step,
                                        s, w, warp_ts(s, w), v));
  endtask
  // bank b: line (st NONE: none; else V or D with (wts, rts)); mem_ts (-1: not checked)
  task automatic bank_line(input string step, input int b, input int line, input int st,
                           input int wts, input int rts, input int mts);
    int i;
    i = bk_find(b, line);
    if (st == NONE) check(i < 0, $sformatf("%0s: bank%0d has no line %0d", step, b, line));
    else
      check(i >= 0 && bk_st(b, i) == st && bk_wts(b, i) == wts && bk_rts(b, i) == rts,
            $sformatf("%0s: bank%0d line %0d st %0d (%0d,%0d), expected st %0d (%0d,%0d)",
                      step, b, line, i < 0 ? -1 : bk_st(b, i), i < 0 ? -1 : bk_wts(b, i),
                      i < 0 ? -1 : bk_rts(b, i), st, wts, rts));
    if (mts >= 0)
      check(mem_ts(b) == mts, $sformatf("%0s: bank%0d mem_ts %0d, expected %0d", step, b,
                                        mem_ts(b), mts));
  endtask
  // the MSHR entry of line at SM s: kind, waiting warps, stale (kind NONE: no entry)
  task automatic entry(input string step, input int s, input int line, input int mk,
                       input int wait_m, input int stale);
    int k;
    k = l1_entry(s, line);
    if (mk == NONE) check(k < 0, $sformatf("%0s: SM%0d no entry for line %0d", step, s, line));
    else
      check(k >= 0 && l1_mk(s, k) == mk && (wait_m < 0 || l1_mwait(s, k) == wait_m) &&
            int'(l1_mst(s, k)) == stale,
            $sformatf("%0s: SM%0d entry line %0d mk %0d wait %b stale %0d, expected %0d %b %0d",
                      step, s, line, k < 0 ? -1 : l1_mk(s, k), k < 0 ? 0 : l1_mwait(s, k),
                      k < 0 ? 0 : l1_mst(s, k), mk, wait_m, stale));
  endtask

  // one core request, offered from a falling edge until accepted
  task automatic issue(input int s, input int op, input int w, input int line,
                       input logic [DB-1:0] d, input int aop = 0, input int a = 0);
    int t;
    logic [DB-1:0] dd;
    logic [LB-1:0] mm;
    logic [1:0] o2, a2;
    logic [5:0] w6;
    logic [LA-1:0] ll;
    logic [31:0] a32;
    dd = (op == OpSt) ? d : '0;
    mm = (op == OpSt) ? {LB{1'b1}} : '0;
    o2 = 2'(op); a2 = 2'(aop); w6 = 6'(w); ll = LA'(line); a32 = 32'(a);
    sh_data[s] = dd; sh_mask[s] = mm; sh_op[s] = o2; sh_wf[s] = w6; sh_line[s] = ll;
    sh_aop[s] = a2; sh_a[s] = a32;
    sh_taken[s] = 0;
    t = 0;
    sh_valid[s] = 1;
    while (!sh_taken[s] && t < 100) begin tick(); t++; end
    check(sh_taken[s], $sformatf("SM%0d took the core request", s));
  endtask

  // SM0 and SM1 offer a request in the same cycle (warp w, lines l0 / l1, data d0 / d1)
  task automatic issue2(input int op, input int w, input int l0, input logic [DB-1:0] d0,
                        input int l1, input logic [DB-1:0] d1);
    int t;
    logic [DB-1:0] dd;
    for (int s = 0; s < 2; s++) begin
      dd = (s == 0) ? d0 : d1;
      sh_data[s] = dd; sh_mask[s] = {LB{1'b1}}; sh_op[s] = 2'(op); sh_wf[s] = 6'(w);
      sh_line[s] = LA'((s == 0) ? l0 : l1); sh_aop[s] = 0; sh_a[s] = 0;
      sh_taken[s] = 0;
    end
    sh_valid[0] = 1;
    sh_valid[1] = 1;
    t = 0;
    while (!(sh_taken[0] && sh_taken[1]) && t < 100) begin tick(); t++; end
    check(sh_taken[0] && sh_taken[1], "both SMs took their core requests");
  endtask

  // a store's completion (section 10): its WACK (response idx) taken by the L1; under Sc = 1
  // the STORE response; wr_idle_o[w] again
  task automatic st_done(input string step, input int s, input int w, input int line,
                         input int idx);
    at_l1(idx);
    if (Sc == 1) exp_crsp({step, " (gtsc-sc STORE response)"}, s, CrSt, 1 << w, line, '0);
    check(wr_idle[s][w] == 1'b1, $sformatf("%0s: SM%0d wr_idle[%0d] after the WACK", step, s,
                                           w));
  endtask

  // a store that misses everywhere but at the bank's V/D line, keep 0 (G6's loop): WR, WACK
  task automatic store_rt(input string step, input int s, input int w, input int line,
                          input int b, input int wts, input int wts2, input int st_ts,
                          input int rts, input int keep, input int ep, input int k);
    int idx;
    issue(s, OpSt, w, line, val(k));
    exp_req({step, " WR"}, s, QWr, w, line, wts, wts2, ep);
    exp_rsp({step, " WACK"}, b, s, PWack, line, st_ts, rts, keep, ep, 0, '0, idx);
    st_done(step, s, w, line, idx);
  endtask

  task automatic reset_all(input int l0, input int l1);
    rst_n = 0;
    lease[0] = TW'(l0); lease[1] = TW'(l1);
    rsp_delay = 0;
    for (int s = 0; s < NSM; s++) begin
      hold[s] = 0; sh_valid[s] = 0;
    end
    repeat (3) tick();
    reqlog.delete(); rsplog.delete(); dlv_cyc.delete(); crsplog.delete(); for (int l = 0; l < 64; l++) dram_v[l] = 0;
    rp = 0; sp = 0; cp = 0;
    rst_n = 1;
    tick();
  endtask

  task automatic begin_test(input string name);
    test = name;
    t_checks = checks;
    t_fails = fails;
  endtask
  task automatic end_test();
    repeat (3) tick();
    no_more("end");
    $display("tb_gtsc_golden Sc=%0d %0s: %0d checks, %0d failures", Sc, test, checks - t_checks,
             fails - t_fails);
  endtask

  localparam int X = 0, Y = 1;

  // ---- G1: section 3.4.5, the worked example --------------------------------------------------
  task automatic g1();
    int i;
    begin_test("G1");
    reset_all(5, 10);
    // step 0
    bank_line("G1.0", 0, X, NONE, 0, 0, 1);
    bank_line("G1.0", 1, Y, NONE, 0, 0, 1);
    for (int s = 0; s < 2; s++) begin
      l1_line("G1.0", s, X, NONE, 0, 0); l1_line("G1.0", s, Y, NONE, 0, 0); ts("G1.0", s, 0, 1);
    end
    // steps 1-3: A1 LD X
    issue(0, OpLd, 0, X, '0);
    exp_req("G1.1 RD", 0, QRd, 0, X, 0, 1, 0);
    l1_line("G1.1", 0, X, L1P, 0, 0); entry("G1.1", 0, X, MkRd, 1, 0); ts("G1.1", 0, 0, 1);
    exp_rsp("G1.3 FILL", 0, 0, PFill, X, 1, 6, 0, 0, 1, dram_init(X), i);
    bank_line("G1.2", 0, X, L2V, 1, 6, 1);
    exp_crsp("G1.3 A1 returns X0", 0, CrLd, 1, X, dram_init(X));
    l1_line("G1.3", 0, X, L1V, 1, 6); ts("G1.3", 0, 0, 1); l1_line("G1.3", 1, Y, NONE, 0, 0);
    // steps 4-6: B1 LD Y
    issue(1, OpLd, 0, Y, '0);
    exp_req("G1.4 RD", 1, QRd, 0, Y, 0, 1, 0);
    l1_line("G1.4", 1, Y, L1P, 0, 0); ts("G1.4", 1, 0, 1);
    exp_rsp("G1.6 FILL", 1, 1, PFill, Y, 1, 11, 0, 0, 1, dram_init(Y), i);
    bank_line("G1.5", 1, Y, L2V, 1, 11, 1);
    exp_crsp("G1.6 B1 returns Y0", 1, CrLd, 1, Y, dram_init(Y));
    l1_line("G1.6", 1, Y, L1V, 1, 11); ts("G1.6", 1, 0, 1);
    // steps 7-9: A2 ST Y (Y1)
    issue(0, OpSt, 0, Y, val(1));
    exp_req("G1.7 WR", 0, QWr, 0, Y, 0, 1, 0);
    l1_line("G1.7", 0, Y, NONE, 0, 0); l1_line("G1.7", 0, X, L1V, 1, 6); ts("G1.7", 0, 0, 1);
    entry("G1.7", 0, Y, MkWr, 0, 0);
    exp_rsp("G1.9 WACK", 1, 0, PWack, Y, 12, 22, 0, 0, 0, '0, i);
    bank_line("G1.8", 1, Y, L2D, 12, 22, 1);
    st_done("G1.9", 0, 0, Y, i);
    ts("G1.9", 0, 0, 12); l1_line("G1.9", 0, X, L1V, 1, 6); l1_line("G1.9", 0, Y, NONE, 0, 0);
    entry("G1.9", 0, Y, NONE, 0, 0);
    // steps 10-12: B2 ST X (X1)
    issue(1, OpSt, 0, X, val(2));
    exp_req("G1.10 WR", 1, QWr, 0, X, 0, 1, 0);
    l1_line("G1.10", 1, Y, L1V, 1, 11); ts("G1.10", 1, 0, 1);
    exp_rsp("G1.12 WACK", 0, 1, PWack, X, 7, 12, 0, 0, 0, '0, i);
    bank_line("G1.11", 0, X, L2D, 7, 12, 1);
    st_done("G1.12", 1, 0, X, i);
    ts("G1.12", 1, 0, 7); l1_line("G1.12", 1, Y, L1V, 1, 11); l1_line("G1.12", 1, X, NONE, 0, 0);
    // steps 13-15: A3 LD X (renewal; the bank answers FILL 7, 17: thesis 15, section 9)
    issue(0, OpLd, 0, X, '0);
    exp_req("G1.13 RD (renewal)", 0, QRd, 0, X, 1, 12, 0);
    l1_line("G1.13", 0, X, L1V, 1, 6); entry("G1.13", 0, X, MkRd, 1, 0); ts("G1.13", 0, 0, 12);
    exp_rsp("G1.15 FILL (thesis: rts 15, section 9)", 0, 0, PFill, X, 7, 17, 0, 0, 1, val(2), i);
    bank_line("G1.14 (thesis: rts 15, section 9)", 0, X, L2D, 7, 17, 1);
    exp_crsp("G1.15 A3 returns X1", 0, CrLd, 1, X, val(2));
    l1_line("G1.15", 0, X, L1V, 7, 17); ts("G1.15", 0, 0, 12); l1_value("G1.15", 0, X, val(2));
    // step 16: B3 LD Y hits (7 <= 11), returns Y0
    issue(1, OpLd, 0, Y, '0);
    exp_crsp("G1.16 B3 returns Y0", 1, CrLd, 1, Y, dram_init(Y));
    ts("G1.16", 1, 0, 7); l1_line("G1.16", 1, Y, L1V, 1, 11);
    bank_line("G1.16", 0, X, L2D, 7, 17, 1); bank_line("G1.16", 1, Y, L2D, 12, 22, 1);
    l1_line("G1.16", 0, X, L1V, 7, 17); ts("G1.16", 0, 0, 12);
    l1_line("G1.16", 0, Y, NONE, 0, 0); l1_line("G1.16", 1, X, NONE, 0, 0);
    end_test();
  endtask

  // ---- G2: section 3.5.1, update visibility under option 1 ------------------------------------
  task automatic g2();
    int i, j;
    localparam int A = 0, B = 1;
    begin_test("G2");
    reset_all(4, 4);
    // 1: SM0 w1 LD A
    issue(0, OpLd, 1, A, '0);
    exp_req("G2.1 RD", 0, QRd, 1, A, 0, 1, 0);
    exp_rsp("G2.1 FILL", 0, 0, PFill, A, 1, 5, 0, 0, 1, dram_init(A), i);
    bank_line("G2.1", 0, A, L2V, 1, 5, 1);
    exp_crsp("G2.1 load", 0, CrLd, 1 << 1, A, dram_init(A));
    l1_line("G2.1", 0, A, L1V, 1, 5); ts("G2.1", 0, 1, 1); ts("G2.1", 0, 2, 1);
    l1_line("G2.1", 1, A, NONE, 0, 0); ts("G2.1", 1, 0, 1);
    // 2: SM1 w0 ST B
    issue(1, OpSt, 0, B, val(20));
    exp_req("G2.2 WR", 1, QWr, 0, B, 0, 1, 0);
    exp_rsp("G2.2 WACK", 1, 1, PWack, B, 6, 10, 0, 0, 0, '0, i);
    bank_line("G2.2", 1, B, L2D, 6, 10, 1);
    st_done("G2.2", 1, 0, B, i);
    ts("G2.2", 1, 0, 6); l1_line("G2.2", 1, A, NONE, 0, 0);
    // 3: SM1 w0 LD A: miss, rts max(5, 6+4) = 10
    issue(1, OpLd, 0, A, '0);
    exp_req("G2.3 RD", 1, QRd, 0, A, 0, 6, 0);
    exp_rsp("G2.3 FILL", 0, 1, PFill, A, 1, 10, 0, 0, 1, dram_init(A), i);
    bank_line("G2.3", 0, A, L2V, 1, 10, 1);
    exp_crsp("G2.3 load", 1, CrLd, 1, A, dram_init(A));
    l1_line("G2.3", 1, A, L1V, 1, 10); ts("G2.3", 1, 0, 6);
    // 4: SM0 w1 ST A (hit): the WACK held back until step 5 has joined
    rsp_delay = 12;
    issue(0, OpSt, 1, A, val(21));
    exp_req("G2.4 WR", 0, QWr, 1, A, 1, 1, 0);
    l1_line("G2.4", 0, A, L1V, 1, 5); entry("G2.4", 0, A, MkWr, 0, 0);
    l1_value("G2.4 (copy written)", 0, A, val(21));
    ts("G2.4", 0, 1, 1); ts("G2.4", 0, 2, 1);
    // 5: SM0 w2 LD A waits in the WR entry
    issue(0, OpLd, 2, A, '0);
    tick();
    entry("G2.5", 0, A, MkWr, 1 << 2, 0);
    check(crsplog.size() == cp, "G2.5: w2 not served while the line is locked");
    // 6: bank0 ST_ts 11, rts 15, keep 1
    exp_rsp("G2.6 WACK", 0, 0, PWack, A, 11, 15, 1, 0, 0, '0, i);
    bank_line("G2.6", 0, A, L2D, 11, 15, 1);
    check(crsplog.size() == cp, "G2.6: w2 still waiting");
    // 7: the WACK at SM0: copy (11, 15), w1 11, entry SV
    at_l1(i);
    l1_line("G2.7", 0, A, L1V, 11, 15); ts("G2.7", 0, 1, 11); ts("G2.7", 0, 2, 1);
    entry("G2.7", 0, A, MkSv, 1 << 2, 0);
    if (Sc == 1) exp_crsp("G2.7 (gtsc-sc STORE response)", 0, CrSt, 1 << 1, A, '0);
    check(wr_idle[0][1] == 1'b1, "G2.7: wr_idle[1]");
    // 8: the next edge serves w2 with the new value, max(1, 11)
    exp_crsp("G2.8 w2 served (new value)", 0, CrLd, 1 << 2, A, val(21));
    ts("G2.8", 0, 1, 11); ts("G2.8", 0, 2, 11); entry("G2.8", 0, A, NONE, 0, 0);
    l1_line("G2.8", 0, A, L1V, 11, 15);
    // 9: SM1 w0 LD A hits (6 <= 10), the old value at ts 6
    issue(1, OpLd, 0, A, '0);
    exp_crsp("G2.9 old value", 1, CrLd, 1, A, dram_init(A));
    l1_line("G2.9", 1, A, L1V, 1, 10); ts("G2.9", 1, 0, 6);
    end_test();
  endtask

  // ---- G3: section 3.5.2, request combining ---------------------------------------------------
  task automatic g3();
    int i, r0;
    localparam int A = 0, B = 1;
    begin_test("G3");
    reset_all(4, 4);
    // setup: w2 ST B (ST_ts 6), w3 ST B (ST_ts 11)
    store_rt("G3.setup w2", 0, 2, B, 1, 0, 1, 6, 10, 0, 0, 30);
    bank_line("G3.setup w2", 1, B, L2D, 6, 10, 1); ts("G3.setup w2", 0, 2, 6);
    store_rt("G3.setup w3", 0, 3, B, 1, 0, 1, 11, 15, 0, 0, 31);
    bank_line("G3.setup w3", 1, B, L2D, 11, 15, 1); ts("G3.setup w3", 0, 3, 11);
    r0 = rp;
    rsp_delay = 12;
    // 2: w1 LD A misses
    issue(0, OpLd, 1, A, '0);
    exp_req("G3.2 RD", 0, QRd, 1, A, 0, 1, 0);
    l1_line("G3.2", 0, A, L1P, 0, 0); entry("G3.2", 0, A, MkRd, 1 << 1, 0);
    // 3: w2, w3 LD A combine
    issue(0, OpLd, 2, A, '0);
    issue(0, OpLd, 3, A, '0);
    tick();
    entry("G3.3", 0, A, MkRd, 'b1110, 0);
    check(reqlog.size() == rp, "G3.3: no message for the combined loads");
    ts("G3.3", 0, 1, 1); ts("G3.3", 0, 2, 6); ts("G3.3", 0, 3, 11);
    exp_rsp("G3.4 FILL", 0, 0, PFill, A, 1, 5, 0, 0, 1, dram_init(A), i);
    bank_line("G3.2 (bank)", 0, A, L2V, 1, 5, 1);
    // 4, 5: the FILL serves w1; the renewal for w2, w3 in the same edge
    exp_crsp("G3.4 w1 served", 0, CrLd, 1 << 1, A, dram_init(A));
    exp_req("G3.5 RD (renewal, largest warp_ts)", 0, QRd, 2, A, 1, 11, 0);
    check(reqlog[rp - 1].cyc == crsplog[cp - 1].cyc, "G3.5: the renewal in the FILL's edge");
    l1_line("G3.4", 0, A, L1V, 1, 5); entry("G3.4", 0, A, MkRd, 'b1100, 0);
    ts("G3.4", 0, 1, 1); ts("G3.4", 0, 2, 6); ts("G3.4", 0, 3, 11);
    exp_rsp("G3.6 RNW", 0, 0, PRnw, A, 0, 15, 0, 0, 1, '0, i);
    bank_line("G3.5", 0, A, L2V, 1, 15, 1);
    // 6: RNW serves w2, w3
    exp_crsp("G3.6 w2, w3 served", 0, CrLd, 'b1100, A, dram_init(A));
    l1_line("G3.6", 0, A, L1V, 1, 15); entry("G3.6", 0, A, NONE, 0, 0);
    ts("G3.6", 0, 1, 1); ts("G3.6", 0, 2, 6); ts("G3.6", 0, 3, 11);
    check(reqlog.size() - r0 == 2, $sformatf("G3: %0d messages from the L1, expected 2",
                                             reqlog.size() - r0));
    end_test();
  endtask

  // ---- G4, G5: chapter 4, Fig. 4.1a / 4.1b under gtsc-sc --------------------------------------
  task automatic g4();
    int i;
    localparam int A = 0, B = 1;
    begin_test("G4");
    reset_all(9, 9);
    // A1 SM0 LD A
    issue(0, OpLd, 0, A, '0);
    exp_req("G4.A1 RD", 0, QRd, 0, A, 0, 1, 0);
    exp_rsp("G4.A1 FILL", 0, 0, PFill, A, 1, 10, 0, 0, 1, dram_init(A), i);
    exp_crsp("G4.A1", 0, CrLd, 1, A, dram_init(A));
    l1_line("G4.A1", 0, A, L1V, 1, 10); ts("G4.A1", 0, 0, 1);
    // B1 SM1 LD A: max(10, 1+9) = 10
    issue(1, OpLd, 0, A, '0);
    exp_req("G4.B1 RD", 1, QRd, 0, A, 0, 1, 0);
    exp_rsp("G4.B1 FILL", 0, 1, PFill, A, 1, 10, 0, 0, 1, dram_init(A), i);
    bank_line("G4.B1", 0, A, L2V, 1, 10, 1);
    exp_crsp("G4.B1", 1, CrLd, 1, A, dram_init(A));
    l1_line("G4.B1", 1, A, L1V, 1, 10); ts("G4.B1", 1, 0, 1);
    // B2 SM1 LD B
    issue(1, OpLd, 0, B, '0);
    exp_req("G4.B2 RD", 1, QRd, 0, B, 0, 1, 0);
    exp_rsp("G4.B2 FILL", 1, 1, PFill, B, 1, 10, 0, 0, 1, dram_init(B), i);
    exp_crsp("G4.B2", 1, CrLd, 1, B, dram_init(B));
    l1_line("G4.B2", 1, B, L1V, 1, 10); ts("G4.B2", 1, 0, 1);
    // B3 SM1 ST B: hit, ST_ts 11, rts 20, keep 1
    issue(1, OpSt, 0, B, val(40));
    exp_req("G4.B3 WR", 1, QWr, 0, B, 1, 1, 0);
    exp_rsp("G4.B3 WACK", 1, 1, PWack, B, 11, 20, 1, 0, 0, '0, i);
    bank_line("G4.B3", 1, B, L2D, 11, 20, 1);
    st_done("G4.B3", 1, 0, B, i);
    l1_line("G4.B3", 1, B, L1V, 11, 20); ts("G4.B3", 1, 0, 11);
    // A2 SM0 LD B: FILL(11, max(20, 1+9) = 20)
    issue(0, OpLd, 0, B, '0);
    exp_req("G4.A2 RD", 0, QRd, 0, B, 0, 1, 0);
    exp_rsp("G4.A2 FILL", 1, 0, PFill, B, 11, 20, 0, 0, 1, val(40), i);
    exp_crsp("G4.A2", 0, CrLd, 1, B, val(40));
    l1_line("G4.A2", 0, B, L1V, 11, 20); ts("G4.A2", 0, 0, 11);
    // A3 SM0 LD A: 11 > 10: renewal, RNW(max(10, 11+9) = 20)
    issue(0, OpLd, 0, A, '0);
    exp_req("G4.A3 RD", 0, QRd, 0, A, 1, 11, 0);
    exp_rsp("G4.A3 RNW", 0, 0, PRnw, A, 0, 20, 0, 0, 1, '0, i);
    bank_line("G4.A3", 0, A, L2V, 1, 20, 1);
    exp_crsp("G4.A3", 0, CrLd, 1, A, dram_init(A));
    l1_line("G4.A3", 0, A, L1V, 1, 20); ts("G4.A3", 0, 0, 11);
    // B4 SM1 LD A: RD(1, 11) -> RNW 20
    issue(1, OpLd, 0, A, '0);
    exp_req("G4.B4 RD", 1, QRd, 0, A, 1, 11, 0);
    exp_rsp("G4.B4 RNW", 0, 1, PRnw, A, 0, 20, 0, 0, 1, '0, i);
    bank_line("G4.B4", 0, A, L2V, 1, 20, 1);
    exp_crsp("G4.B4", 1, CrLd, 1, A, dram_init(A));
    l1_line("G4.B4", 1, A, L1V, 1, 20); ts("G4.B4", 1, 0, 11);
    end_test();
  endtask

  task automatic g5();
    int i;
    localparam int A = 0, B = 1;
    begin_test("G5");
    reset_all(9, 9);
    // A1 SM0 LD A
    issue(0, OpLd, 0, A, '0);
    exp_req("G5.A1 RD", 0, QRd, 0, A, 0, 1, 0);
    exp_rsp("G5.A1 FILL", 0, 0, PFill, A, 1, 10, 0, 0, 1, dram_init(A), i);
    exp_crsp("G5.A1", 0, CrLd, 1, A, dram_init(A));
    l1_line("G5.A1", 0, A, L1V, 1, 10); ts("G5.A1", 0, 0, 1);
    // B1 SM1 LD B
    issue(1, OpLd, 0, B, '0);
    exp_req("G5.B1 RD", 1, QRd, 0, B, 0, 1, 0);
    exp_rsp("G5.B1 FILL", 1, 1, PFill, B, 1, 10, 0, 0, 1, dram_init(B), i);
    exp_crsp("G5.B1", 1, CrLd, 1, B, dram_init(B));
    l1_line("G5.B1", 1, B, L1V, 1, 10); ts("G5.B1", 1, 0, 1);
    // B2 SM1 ST B: B(11, 20)
    issue(1, OpSt, 0, B, val(50));
    exp_req("G5.B2 WR", 1, QWr, 0, B, 1, 1, 0);
    exp_rsp("G5.B2 WACK", 1, 1, PWack, B, 11, 20, 1, 0, 0, '0, i);
    bank_line("G5.B2", 1, B, L2D, 11, 20, 1);
    st_done("G5.B2", 1, 0, B, i);
    l1_line("G5.B2", 1, B, L1V, 11, 20); ts("G5.B2", 1, 0, 11);
    // A2 SM0 LD B: FILL(11, 20)
    issue(0, OpLd, 0, B, '0);
    exp_req("G5.A2 RD", 0, QRd, 0, B, 0, 1, 0);
    exp_rsp("G5.A2 FILL", 1, 0, PFill, B, 11, 20, 0, 0, 1, val(50), i);
    exp_crsp("G5.A2", 0, CrLd, 1, B, val(50));
    l1_line("G5.A2", 0, B, L1V, 11, 20); ts("G5.A2", 0, 0, 11);
    // B3 SM1 ST A: no copy, WR(0, 11): ST_ts max(10+1, 11) = 11, rts 20
    issue(1, OpSt, 0, A, val(51));
    exp_req("G5.B3 WR", 1, QWr, 0, A, 0, 11, 0);
    exp_rsp("G5.B3 WACK", 0, 1, PWack, A, 11, 20, 0, 0, 0, '0, i);
    bank_line("G5.B3", 0, A, L2D, 11, 20, 1);
    st_done("G5.B3", 1, 0, A, i);
    ts("G5.B3", 1, 0, 11); l1_line("G5.B3", 1, A, NONE, 0, 0);
    // A3 SM0 LD A: 11 > 10, RD(1, 11), 1 != 11: FILL(11, 20), the new value
    issue(0, OpLd, 0, A, '0);
    exp_req("G5.A3 RD", 0, QRd, 0, A, 1, 11, 0);
    exp_rsp("G5.A3 FILL", 0, 0, PFill, A, 11, 20, 0, 0, 1, val(51), i);
    exp_crsp("G5.A3 new value", 0, CrLd, 1, A, val(51));
    l1_line("G5.A3", 0, A, L1V, 11, 20); ts("G5.A3", 0, 0, 11);
    end_test();
  endtask

  // ---- G6: overflow, TsWidth 6, Lease 5 -------------------------------------------------------
  // the overflow's timing: ovf_q rises at edge t, tsrst_q at t+1, the reset at t+2
  int ovf_t[NB];
  int tsrst_t;
  always @(negedge clk) begin
    if (!rst_n) begin
      for (int b = 0; b < NB; b++) ovf_t[b] = -1;
      tsrst_t = -1;
    end else begin
      for (int b = 0; b < NB; b++) if (bk_ovf(b) && ovf_t[b] < 0) ovf_t[b] = cyc;
      if (tsrst && tsrst_t < 0) tsrst_t = cyc;
    end
  end

  task automatic g6();
    int i, t, n0;
    begin_test("G6");
    reset_all(5, 5);
    // ten stores: ST_ts / rts 7/12 ... 55/60, 61/63
    for (int k = 1; k <= 10; k++) begin
      int st_ts, rts;
      st_ts = 1 + 6 * k;
      rts = (st_ts + 5 > 63) ? 63 : st_ts + 5;
      store_rt($sformatf("G6 store %0d", k), 0, 0, 0, 0, 0, (k == 1) ? 1 : st_ts - 6, st_ts,
               rts, 0, 0, k);
      bank_line($sformatf("G6 store %0d", k), 0, 0, L2D, st_ts, rts, 1);
      ts($sformatf("G6 store %0d", k), 0, 0, st_ts);
    end
    check(ovf_t[0] < 0 && tsrst_t < 0, "G6: no overflow before the 11th store");
    n0 = u_ovf.nrst_q;
    // the 11th store: WR(0, wts 0, warp_ts 61, ep 0) finds rts 63
    issue(0, OpSt, 0, 0, val(11));
    exp_req("G6.11 WR", 0, QWr, 0, 0, 0, 61, 0);
    t = 0;
    while (tsrst_t < 0 && t < 50) begin tick(); t++; end
    check(ovf_t[0] >= 0 && tsrst_t == ovf_t[0] + 1,
          $sformatf("G6: ovf_q at edge t = %0d, tsrst at t+1 (%0d)", ovf_t[0], tsrst_t));
    check(ovf_t[1] < 0, "G6: bank1 did not overflow");
    // at t+1 (the pulse), nothing reset yet
    check(cyc == tsrst_t, "G6: at the pulse");
    bank_line("G6 t+1", 0, 0, L2D, 61, 63, 1); ts("G6 t+1", 0, 0, 61);
    check(bk_ep(0) == 0 && l1_ep(0) == 0, "G6 t+1: ep 0");
    check(rsplog.size() == sp, "G6: the held store not performed before the reset");
    // t+2: the reset edge
    tick();
    bank_line("G6 t+2", 0, 0, L2D, 1, 6, 1);
    check(bk_ovf(0) == 0, "G6 t+2: ovf_q cleared");
    ts("G6 t+2", 0, 0, 1); entry("G6 t+2", 0, 0, MkWr, 0, 1);
    for (int s = 0; s < 2; s++)
      check(l1_ep(s) == 1, $sformatf("G6 t+2: SM%0d ep %0d, expected 1", s, l1_ep(s)));
    for (int b = 0; b < 2; b++)
      check(bk_ep(b) == 1 && mem_ts(b) == 1, $sformatf("G6 t+2: bank%0d ep %0d mem_ts %0d", b,
                                                      bk_ep(b), mem_ts(b)));
    check(u_ovf.nrst_q == n0 + 1 && !tsrst, "G6 t+2: one reset, the pulse over");
    check(rsplog.size() == sp, "G6 t+2: nothing performed in the reset edge");
    // t+3: performed as an old request: ST_ts max(6+1, 1) = 7, rts 12, ep 1
    tick();
    check(rsplog.size() == sp + 1, "G6 t+3: the held store performed");
    exp_rsp("G6 t+3 WACK", 0, 0, PWack, 0, 7, 12, 0, 1, 0, '0, i);
    check(rsplog[i].cyc == tsrst_t + 2, $sformatf("G6: WACK at edge t+3 (%0d), at %0d",
                                                  tsrst_t + 2, rsplog[i].cyc));
    bank_line("G6 t+3", 0, 0, L2D, 7, 12, 1);
    st_done("G6 WACK (ep 1 == ep 1)", 0, 0, 0, i);
    ts("G6 WACK: warp_ts max(1, 7)", 0, 0, 7); entry("G6 WACK", 0, 0, NONE, 0, 0);
    end_test();
  endtask

  // G6's extra cases (section 10's last paragraph), one reset: a load outstanding at the reset
  // (stale FILL), a stale RNW, a stale AACK (SM0), a WACK of ep 0 after the reset (SM1), two
  // banks overflowing in one reset (bank0's line 0 from SM0, bank1's line 1 from SM1). The
  // responses to both SMs are held from before the overflow until after the reset edge.
  task automatic g6x();
    int i, t, n0, iy, iz, ia, iw, i0, i1;
    localparam int L0 = 0, L1 = 1, LY = 3, LZ = 5, LA7 = 7, LW9 = 9, LS = 11;
    begin_test("G6x");
    reset_all(5, 5);
    // SM0 w2 loads Z (1, 6), then stores line 11 (bank1: ST_ts 7): warp_ts 7 > 6
    issue(0, OpLd, 2, LZ, '0);
    exp_req("G6x Z RD", 0, QRd, 2, LZ, 0, 1, 0);
    exp_rsp("G6x Z FILL", 1, 0, PFill, LZ, 1, 6, 0, 0, 1, dram_init(LZ), i);
    exp_crsp("G6x Z load", 0, CrLd, 1 << 2, LZ, dram_init(LZ));
    store_rt("G6x w2 ST 11", 0, 2, LS, 1, 0, 1, 7, 12, 0, 0, 60);
    ts("G6x w2", 0, 2, 7);
    // line 0 (bank0) and line 1 (bank1) to rts 63: ten stores each, SM0 w0 and SM1 w0
    for (int k = 1; k <= 10; k++) begin
      int st_ts, rts;
      st_ts = 1 + 6 * k;
      rts = (st_ts + 5 > 63) ? 63 : st_ts + 5;
      store_rt($sformatf("G6x SM0 store %0d", k), 0, 0, L0, 0, 0, (k == 1) ? 1 : st_ts - 6,
               st_ts, rts, 0, 0, 100 + k);
      store_rt($sformatf("G6x SM1 store %0d", k), 1, 0, L1, 1, 0, (k == 1) ? 1 : st_ts - 6,
               st_ts, rts, 0, 0, 200 + k);
    end
    bank_line("G6x saturated", 0, L0, L2D, 61, 63, 1);
    bank_line("G6x saturated", 1, L1, L2D, 61, 63, -1);
    hold[0] = 1; hold[1] = 1;
    // the four requests of the old epoch, performed before the overflow, answered after it
    issue(0, OpLd, 1, LY, '0);                              // load outstanding at the reset
    exp_req("G6x Y RD", 0, QRd, 1, LY, 0, 1, 0);
    exp_rsp("G6x Y FILL (ep 0, held)", 1, 0, PFill, LY, 1, 6, 0, 0, 1, dram_init(LY), iy);
    issue(0, OpLd, 2, LZ, '0);                              // renewal: RNW at ep 0
    exp_req("G6x Z RD (renewal)", 0, QRd, 2, LZ, 1, 7, 0);
    exp_rsp("G6x Z RNW (ep 0, held)", 1, 0, PRnw, LZ, 0, 12, 0, 0, 1, '0, iz);
    issue(0, OpAt, 3, LA7, '0, 0, 5);                       // atomic ADD 5: AACK at ep 0
    exp_req("G6x AT", 0, QAt, 3, LA7, 0, 1, 0);
    exp_rsp("G6x AACK (ep 0, held)", 1, 0, PAack, LA7, 7, 12, 0, 0, 1, dram_init(LA7), ia);
    issue(1, OpSt, 1, LW9, val(300));                       // SM1 w1 store: WACK at ep 0
    exp_req("G6x SM1 WR 9", 1, QWr, 1, LW9, 0, 1, 0);
    exp_rsp("G6x SM1 WACK (ep 0, held)", 1, 1, PWack, LW9, 7, 12, 0, 0, 0, '0, iw);
    // the two overflowing stores, offered in the same cycle
    n0 = u_ovf.nrst_q;
    issue2(OpSt, 0, L0, val(111), L1, val(211));
    exp_req("G6x WR 0", 0, QWr, 0, L0, 0, 61, 0);
    exp_req("G6x WR 1", 1, QWr, 0, L1, 0, 61, 0);
    t = 0;
    while (tsrst_t < 0 && t < 50) begin tick(); t++; end
    check(ovf_t[0] >= 0 && ovf_t[1] >= 0 && tsrst_t > 0 && ovf_t[0] <= tsrst_t &&
          ovf_t[1] <= tsrst_t && (ovf_t[0] == tsrst_t - 1 || ovf_t[1] == tsrst_t - 1),
          $sformatf("G6x: both banks overflow (edges %0d, %0d) by the pulse (%0d)", ovf_t[0],
                    ovf_t[1], tsrst_t));
    tick();                                                 // the reset edge
    check(u_ovf.nrst_q == n0 + 1, "G6x: one reset for both banks");
    check(!bk_ovf(0) && !bk_ovf(1), "G6x: both ovf_q cleared");
    bank_line("G6x reset", 0, L0, L2D, 1, 6, 1); bank_line("G6x reset", 1, L1, L2D, 1, 6, 1);
    l1_line("G6x reset", 0, LY, L1P, 0, 0); entry("G6x reset", 0, LY, MkRd, 1 << 1, 1);
    l1_line("G6x reset", 0, LZ, L1P, 0, 0); entry("G6x reset", 0, LZ, MkRd, 1 << 2, 1);
    entry("G6x reset", 0, LA7, MkAt, 0, 1); entry("G6x reset", 1, LW9, MkWr, 0, 1);
    for (int w = 0; w < 4; w++) begin ts("G6x reset", 0, w, 1); ts("G6x reset", 1, w, 1); end
    // both held stores performed at t+3 as old requests: ST_ts 7, rts 12, ep 1
    exp_rsp("G6x WACK 0 (ep 1)", 0, 0, PWack, L0, 7, 12, 0, 1, 0, '0, i0);
    exp_rsp("G6x WACK 1 (ep 1)", 1, 1, PWack, L1, 7, 12, 0, 1, 0, '0, i1);
    check(rsplog[i0].cyc == tsrst_t + 2 && rsplog[i1].cyc == tsrst_t + 2,
          "G6x: both stores performed at t+3");
    bank_line("G6x t+3", 0, L0, L2D, 7, 12, 1); bank_line("G6x t+3", 1, L1, L2D, 7, 12, 1);
    // SM1 first: the WACK of ep 0 after the reset: released, warp_ts unchanged
    hold[1] = 0;
    at_l1(iw);
    ts("G6x stale WACK (ep 0): warp_ts unchanged", 1, 1, 1);
    check(wr_idle[1][1] == 1'b1, "G6x stale WACK: wr_idle[1]");
    entry("G6x stale WACK", 1, LW9, NONE, 0, 0); l1_line("G6x stale WACK", 1, LW9, NONE, 0, 0);
    if (Sc == 1) exp_crsp("G6x stale WACK (gtsc-sc STORE)", 1, CrSt, 1 << 1, LW9, '0);
    // SM1's WACK of line 1 (ep 1): warp_ts max(1, 7)
    at_l1(i1);
    if (Sc == 1) exp_crsp("G6x WACK 1 (gtsc-sc STORE)", 1, CrSt, 1, L1, '0);
    ts("G6x WACK 1 (ep 1)", 1, 0, 7);
    // SM0: the stale FILL of Y installs nothing: RD(Y, wts 0, warp_ts 1, ep 1)
    hold[0] = 0;
    at_l1(iy);
    l1_line("G6x stale FILL", 0, LY, L1P, 0, 0); entry("G6x stale FILL", 0, LY, MkRd, 2, 0);
    exp_req("G6x Y RD again", 0, QRd, 1, LY, 0, 1, 1);
    // the stale RNW of Z installs nothing: RD(Z, 0, 1, ep 1)
    at_l1(iz);
    l1_line("G6x stale RNW", 0, LZ, L1P, 0, 0); entry("G6x stale RNW", 0, LZ, MkRd, 4, 0);
    exp_req("G6x Z RD again", 0, QRd, 2, LZ, 0, 1, 1);
    // the stale AACK: the old value returned, warp_ts unchanged (ep 0 != 1)
    at_l1(ia);
    exp_crsp("G6x stale AACK: the old value", 0, CrAt, 1 << 3, LA7, dram_init(LA7));
    ts("G6x stale AACK: warp_ts unchanged", 0, 3, 1); entry("G6x stale AACK", 0, LA7, NONE, 0, 0);
    check(wr_idle[0][3] == 1'b1, "G6x stale AACK: wr_idle[3]");
    // SM0's WACK of line 0 (ep 1): warp_ts 7
    at_l1(i0);
    if (Sc == 1) exp_crsp("G6x WACK 0 (gtsc-sc STORE)", 0, CrSt, 1, L0, '0);
    ts("G6x WACK 0 (ep 1)", 0, 0, 7);
    // the new epoch's answers: FILL(Y, 1, 6), FILL(Z, 1, 6), each serving its load
    exp_rsp("G6x Y FILL (ep 1)", 1, 0, PFill, LY, 1, 6, 0, 1, 1, dram_init(LY), i);
    exp_rsp("G6x Z FILL (ep 1)", 1, 0, PFill, LZ, 1, 6, 0, 1, 1, dram_init(LZ), i);
    exp_crsp("G6x Y load", 0, CrLd, 1 << 1, LY, dram_init(LY));
    exp_crsp("G6x Z load", 0, CrLd, 1 << 2, LZ, dram_init(LZ));
    l1_line("G6x end", 0, LY, L1V, 1, 6); l1_line("G6x end", 0, LZ, L1V, 1, 6);
    ts("G6x end", 0, 1, 1); ts("G6x end", 0, 2, 1);
    end_test();
  endtask

  initial begin
    for (int s = 0; s < NSM; s++) begin
      c_valid[s] = 0; c_op[s] = 0; c_wf[s] = 0; c_line[s] = 0; c_data[s] = 0; c_mask[s] = 0;
      c_aop[s] = 0; c_word[s] = 0; c_a[s] = 0; c_b[s] = 0; hold[s] = 0; sh_valid[s] = 0;
    end
    lease[0] = 5; lease[1] = 5;
    g1();
    g2();
    g3();
    if (Sc == 1) begin
      g4();
      g5();
    end
    g6();
    g6x();
    $display("tb_gtsc_golden: %0d checks, %0d failures", checks, fails);
    if (fails != 0) $fatal(1, "tb_gtsc_golden: FAILED");
    $finish;
  end

  initial begin
    #2000000;
    $fatal(1, "tb_gtsc_golden: timeout");
  end
endmodule
