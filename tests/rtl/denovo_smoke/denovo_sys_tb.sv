// Smoke test of rtl/denovo: NS denovo_l1 + one denovo_l2 bank + DRAM + the four networks as
// in-order queues. Each SM runs a random program: plain stores / loads to its own word of
// shared lines (word sm+1), loads of the other SMs' words, GPU-scope atomic ADDs on word 0,
// fences, release stores, acquire loads. Checks: a load of an own word returns the last own
// store; another's word holds a value that SM wrote (or 0); atomic olds are unique; at the end
// every counter equals the number of ADDs and every own word its last value.
module denovo_sys_tb;
  localparam int NS = 3;
  localparam int LB = 16;
  localparam int AW = 16;
  localparam int LA = AW - 4;
  localparam int DB = 8 * LB;
  localparam int LW = LB / 4;
  parameter int NLINES = 12;
  parameter int STEPS = 400;
  parameter int HRF = 0;
  parameter int RO = 0;
  parameter int L2SETS = 2;
  parameter int L2WAYS = 2;
  parameter int NETSTALL = 4;
  parameter int DBG = 0;

  logic clk = 0;
  logic rst_n = 0;
  always #5 clk = ~clk;

  typedef struct packed {
    logic [3:0]    kind;
    logic [5:0]    src;
    logic [5:0]    req;
    logic [NS-1:0] dst;
    logic [LA-1:0] line;
    logic [31:0]   mask;
    logic [31:0]   pmask;
    logic [DB-1:0] data;
  } msg_t;

  msg_t reqq[$], wbq[$];
  // per-SM queues as rings (Verilator 5.006 loses structs in arrays of queues)
  localparam int QD = 256;
  msg_t rq_m [NS][QD];
  msg_t pq_m [NS][QD];
  int   rq_h [NS], rq_n [NS], pq_h [NS], pq_n [NS];

  // L2
  logic          l2_req_valid, l2_wb_valid, l2_req_ready, l2_wb_ready;
  msg_t          l2_req, l2_wb;
  logic          l2_rsp_valid;
  logic [3:0]    l2_rsp_kind;
  logic [NS-1:0] l2_rsp_dst;
  logic [5:0]    l2_rsp_req;
  logic [LA-1:0] l2_rsp_line;
  logic [31:0]   l2_rsp_mask, l2_rsp_pmask;
  logic [DB-1:0] l2_rsp_data;
  logic          mem_fetch, mem_wb, mem_valid;
  logic [LA-1:0] mem_fetch_line, mem_wb_line, mem_line;
  logic [DB-1:0] mem_wb_data, mem_data;

  denovo_l2 #(.NumSm(NS), .NumBanks(1), .LineBytes(LB), .AddrWidth(AW), .L2Sets(L2SETS),
              .L2Ways(L2WAYS), .L2Mshrs(2), .L2Queue(2), .WbQueue(2)) u_l2 (
    .clk_i(clk), .rst_ni(rst_n),
    .req_valid_i(l2_req_valid), .req_kind_i(l2_req.kind), .req_src_i(l2_req.src),
    .req_line_i(l2_req.line), .req_mask_i(l2_req.mask), .req_pmask_i(l2_req.pmask),
    .req_ready_o(l2_req_ready),
    .wb_valid_i(l2_wb_valid), .wb_kind_i(l2_wb.kind), .wb_src_i(l2_wb.src),
    .wb_line_i(l2_wb.line), .wb_mask_i(l2_wb.mask), .wb_pmask_i(l2_wb.pmask),
    .wb_data_i(l2_wb.data), .wb_ready_o(l2_wb_ready),
    .rsp_valid_o(l2_rsp_valid), .rsp_kind_o(l2_rsp_kind), .rsp_dst_o(l2_rsp_dst),
    .rsp_req_o(l2_rsp_req), .rsp_line_o(l2_rsp_line), .rsp_mask_o(l2_rsp_mask),
    .rsp_pmask_o(l2_rsp_pmask), .rsp_data_o(l2_rsp_data),
    .mem_fetch_o(mem_fetch), .mem_fetch_line_o(mem_fetch_line), .mem_wb_o(mem_wb),
    .mem_wb_line_o(mem_wb_line), .mem_wb_data_o(mem_wb_data),
    .mem_valid_i(mem_valid), .mem_line_i(mem_line), .mem_data_i(mem_data)
  );

  // L1s
  logic          c_valid [NS];
  logic [2:0]    c_op [NS];
  logic [LA-1:0] c_line [NS];
  logic          c_gpu [NS], c_acq [NS], c_rel [NS], c_all [NS], c_ro [NS];
  logic [4:0]    c_word [NS];
  logic [DB-1:0] c_data [NS];
  logic [LB-1:0] c_mask [NS];
  logic [1:0]    c_aop [NS];
  logic [31:0]   c_a [NS], c_b [NS];
  logic          c_ready [NS];
  logic          r_valid [NS];
  logic [1:0]    r_kind [NS];
  logic [0:0]    r_wf [NS];
  logic [LA-1:0] r_line [NS];
  logic [DB-1:0] r_data [NS];
  logic          i_valid [NS];
  msg_t          i_msg [NS];
  logic          rsp_rdy [NS], peer_rdy [NS];
  logic          q_valid [NS];
  logic [3:0]    q_kind [NS];
  logic [LA-1:0] q_line [NS];
  logic [31:0]   q_mask [NS], q_pmask [NS];
  logic          w_valid [NS];
  logic [3:0]    w_kind [NS];
  logic [LA-1:0] w_line [NS];
  logic [31:0]   w_mask [NS], w_pmask [NS];
  logic [DB-1:0] w_data [NS];
  logic          p_valid [NS];
  logic [3:0]    p_kind [NS];
  logic [5:0]    p_dst [NS];
  logic [LA-1:0] p_line [NS];
  logic [31:0]   p_mask [NS];
  logic [DB-1:0] p_data [NS];
  logic [0:0]    f_done [NS];
  logic          drained [NS];

  for (genvar s = 0; s < NS; s++) begin : g_sm
    denovo_l1 #(.Hrf(HRF), .Ro(RO), .NumSm(NS), .NumWf(1), .LineBytes(LB), .AddrWidth(AW),
                .L1Sets(2), .L1Ways(2), .L1Queue(2), .SbEntries(2), .SbIdle(16), .Mshrs(2),
                .WbEntries(1)) u_l1 (
      .clk_i(clk), .rst_ni(rst_n), .sm_id_i(6'(s)),
      .core_valid_i(c_valid[s]), .core_op_i(c_op[s]), .core_wf_i(6'd0),
      .core_line_i(c_line[s]), .core_gpu_i(c_gpu[s]), .core_acq_i(c_acq[s]),
      .core_rel_i(c_rel[s]), .core_ro_i(c_ro[s]), .core_all_i(c_all[s]),
      .core_word_i(c_word[s]), .core_data_i(c_data[s]), .core_mask_i(c_mask[s]),
      .core_aop_i(c_aop[s]), .core_a_i(c_a[s]), .core_b_i(c_b[s]),
      .core_ready_o(c_ready[s]),
      .crsp_valid_o(r_valid[s]), .crsp_kind_o(r_kind[s]), .crsp_wf_mask_o(r_wf[s]),
      .crsp_line_o(r_line[s]), .crsp_data_o(r_data[s]),
      .in_valid_i(i_valid[s]), .in_kind_i(i_msg[s].kind), .in_src_i(i_msg[s].src),
      .in_req_i(i_msg[s].req), .in_line_i(i_msg[s].line), .in_mask_i(i_msg[s].mask),
      .in_pmask_i(i_msg[s].pmask), .in_data_i(i_msg[s].data),
      .rsp_ready_o(rsp_rdy[s]), .peer_ready_o(peer_rdy[s]),
      .req_valid_o(q_valid[s]), .req_kind_o(q_kind[s]), .req_line_o(q_line[s]),
      .req_mask_o(q_mask[s]), .req_pmask_o(q_pmask[s]),
      .wb_valid_o(w_valid[s]), .wb_kind_o(w_kind[s]), .wb_line_o(w_line[s]),
      .wb_mask_o(w_mask[s]), .wb_pmask_o(w_pmask[s]), .wb_data_o(w_data[s]),
      .peer_valid_o(p_valid[s]), .peer_kind_o(p_kind[s]), .peer_dst_o(p_dst[s]),
      .peer_line_o(p_line[s]), .peer_mask_o(p_mask[s]), .peer_data_o(p_data[s]),
      .fence_done_o(f_done[s]), .drained_o(drained[s])
    );
  end

  // DRAM
  logic [DB-1:0] dram [1 << LA];
  logic [LA-1:0] fetchq[$];
  int            fetch_t[$];

  // Programs
  int   cyc = 0;
  int   step [NS];
  int   state [NS];          // 0 idle, 1 wait crsp, 2 wait fence, 3 release store pending
  int   pend_kind [NS];      // what the crsp is for: 0 load, 1 atomic, 2 final load
  int   pend_line [NS], pend_word [NS];
  logic [31:0] shadow [NS][NLINES];   // the last value SM s wrote to word s+1 of line l
  int   seq [NS];
  int   nadd [NLINES];
  bit   seen [NLINES][4096];
  int   errors = 0;
  int   phase = 0;           // 0 random, 1 final fences, 2 final reads, 3 quiesce, 4 done
  int   fin_line [NS];
  int   nload = 0, nstore = 0, natom = 0, nfence = 0, nsync = 0;
  int   rel_line [NS];
  int   idle_cnt = 0;

  function automatic logic [DB-1:0] wput(logic [DB-1:0] d, int w, logic [31:0] v);
    d[32*w +: 32] = v;
    return d;
  endfunction

  task automatic issue(int s, logic [2:0] op, int line, int word, logic gpu, logic acq,
                       logic rel, logic all, logic [31:0] val, logic [1:0] aop,
                       logic [31:0] a);
    c_valid[s] = 1'b1;
    c_op[s]    = op;
    c_line[s]  = LA'(line);
    c_gpu[s]   = gpu;
    c_acq[s]   = acq;
    c_rel[s]   = rel;
    c_all[s]   = all;
    c_ro[s]    = (op == 3'd1) && !acq && ($urandom % 2 == 1);
    c_word[s]  = 5'(word);
    c_data[s]  = wput('0, word, val);
    c_mask[s]  = (op == 3'd2) ? LB'(16'hf << (4 * word)) : '0;
    c_aop[s]   = aop;
    c_a[s]     = a;
    c_b[s]     = 32'd0;
  endtask

  function automatic void check_load(int s, int line, int word, logic [31:0] v);
    if (word == s + 1) begin
      if (v != shadow[s][line]) begin
        $display("ERROR cyc %0d sm %0d line %0d own word %0d: %08x expected %08x", cyc, s,
                 line, word, v, shadow[s][line]);
        errors++;
      end
    end else if (word >= 1 && word <= NS) begin
      if (v != 0 && (v[31:24] != 8'(word)) ) begin
        $display("ERROR cyc %0d sm %0d line %0d word %0d: %08x not SM %0d's", cyc, s, line,
                 word, v, word - 1);
        errors++;
      end else if (v[23:0] > 24'(seq[word - 1])) begin
        $display("ERROR cyc %0d sm %0d line %0d word %0d: %08x from the future", cyc, s, line,
                 word, v);
        errors++;
      end
    end
  endfunction

  initial begin
    for (int l = 0; l < (1 << LA); l++) dram[l] = '0;
    for (int s = 0; s < NS; s++) begin
      step[s] = 0; state[s] = 0; seq[s] = 0; fin_line[s] = 0;
      rq_h[s] = 0; rq_n[s] = 0; pq_h[s] = 0; pq_n[s] = 0;
      for (int l = 0; l < NLINES; l++) shadow[s][l] = 0;
    end
    for (int l = 0; l < NLINES; l++) begin
      nadd[l] = 0;
      for (int v = 0; v < 4096; v++) seen[l][v] = 0;
    end
    repeat (3) @(negedge clk);
    rst_n = 1;
  end

  // Everything the environment does happens at the negative edge: it reads the outputs of
  // the last positive edge and sets the inputs of the next.
  always @(negedge clk) begin
    if (rst_n) begin
      cyc++;
      // --- collect the outputs into the networks
      for (int s = 0; s < NS; s++) begin
        msg_t m;
        if (q_valid[s]) begin
          m = '0; m.kind = q_kind[s]; m.src = 6'(s); m.line = q_line[s]; m.mask = q_mask[s];
          m.pmask = q_pmask[s];
          reqq.push_back(m);
        end
        if (w_valid[s]) begin
          m = '0; m.kind = w_kind[s]; m.src = 6'(s); m.line = w_line[s]; m.mask = w_mask[s];
          m.pmask = w_pmask[s]; m.data = w_data[s];
          wbq.push_back(m);
        end
        if (p_valid[s]) begin
          m = '0; m.kind = p_kind[s]; m.src = 6'(s); m.line = p_line[s]; m.mask = p_mask[s];
          m.data = p_data[s];
          if (32'(p_dst[s]) >= NS) begin
            $display("ERROR cyc %0d peer dst %0d", cyc, p_dst[s]); errors++;
          end else begin
            pq_m[p_dst[s]][(pq_h[p_dst[s]] + pq_n[p_dst[s]]) % QD] = m;
            pq_n[p_dst[s]]++;
          end
        end
      end
      if (l2_rsp_valid) begin
        msg_t m;
        m = '0; m.kind = l2_rsp_kind; m.req = l2_rsp_req; m.line = l2_rsp_line;
        m.mask = l2_rsp_mask; m.pmask = l2_rsp_pmask; m.data = l2_rsp_data;
        for (int s = 0; s < NS; s++) if (l2_rsp_dst[s]) begin
          rq_m[s][(rq_h[s] + rq_n[s]) % QD] = m;
          rq_n[s]++;
        end
        if (cyc < DBG) $display("cyc %0d rsp kind %0d dst %b req %0d line %0d mask %x pmask %x data %x", cyc, l2_rsp_kind, l2_rsp_dst, l2_rsp_req, l2_rsp_line, l2_rsp_mask, l2_rsp_pmask, l2_rsp_data);
      end
      if (mem_wb) dram[mem_wb_line] = mem_wb_data;
      if (mem_fetch && cyc < DBG) $display("cyc %0d fetch %0d", cyc, mem_fetch_line);
      if (mem_fetch) begin
        fetchq.push_back(mem_fetch_line);
        fetch_t.push_back(cyc + 3 + ($urandom % 4));
      end

      // --- drive the L2
      l2_req_valid = 1'b0; l2_req = '0;
      if (reqq.size() > 0 && l2_req_ready && ($urandom % NETSTALL != 0)) begin
        l2_req_valid = 1'b1; l2_req = reqq.pop_front();
        if (cyc < DBG) $display("cyc %0d req src %0d kind %0d line %0d mask %x pmask %x", cyc, l2_req.src, l2_req.kind, l2_req.line, l2_req.mask, l2_req.pmask);
      end
      l2_wb_valid = 1'b0; l2_wb = '0;
      if (wbq.size() > 0 && l2_wb_ready && ($urandom % NETSTALL != 0)) begin
        l2_wb_valid = 1'b1; l2_wb = wbq.pop_front();
        if (cyc < DBG) $display("cyc %0d wb src %0d kind %0d line %0d mask %x pmask %x data %x", cyc, l2_wb.src, l2_wb.kind, l2_wb.line, l2_wb.mask, l2_wb.pmask, l2_wb.data);
      end
      mem_valid = 1'b0; mem_line = '0; mem_data = '0;
      if (fetchq.size() > 0 && fetch_t[0] <= cyc) begin
        mem_valid = 1'b1; mem_line = fetchq.pop_front(); mem_data = dram[mem_line];
        void'(fetch_t.pop_front());
      end

      // --- drive the L1s' message port (peer first)
      for (int s = 0; s < NS; s++) begin
        i_valid[s] = 1'b0; i_msg[s] = '0;
        if (rsp_rdy[s] && ($urandom % NETSTALL != 0)) begin
          if (pq_n[s] > 0) begin
            i_valid[s] = 1'b1; i_msg[s] = pq_m[s][pq_h[s]];
            pq_h[s] = (pq_h[s] + 1) % QD; pq_n[s]--;
          end else if (rq_n[s] > 0) begin
            i_valid[s] = 1'b1; i_msg[s] = rq_m[s][rq_h[s]];
            rq_h[s] = (rq_h[s] + 1) % QD; rq_n[s]--;
          end
          if (i_valid[s] && cyc < DBG) $display("cyc %0d -> sm %0d kind %0d req %0d line %0d mask %x pmask %x data %x", cyc, s, i_msg[s].kind, i_msg[s].req, i_msg[s].line, i_msg[s].mask, i_msg[s].pmask, i_msg[s].data);
        end
      end

      // --- the cores
      for (int s = 0; s < NS; s++) begin
        c_valid[s] = 1'b0;
        if (r_valid[s]) begin
          logic [31:0] v;
          if (state[s] != 1) begin
            $display("ERROR cyc %0d sm %0d unexpected crsp", cyc, s); errors++;
          end
          v = r_data[s][32*pend_word[s] +: 32];
          if (r_line[s] != LA'(pend_line[s])) begin
            $display("ERROR cyc %0d sm %0d crsp line %0d expected %0d", cyc, s, r_line[s],
                     pend_line[s]); errors++;
          end
          if (pend_kind[s] == 0) begin
            check_load(s, pend_line[s], pend_word[s], v);
            if (pend_word[s] == 0 && v > 32'(nadd[pend_line[s]])) begin
              $display("ERROR cyc %0d sm %0d counter %0d > adds %0d", cyc, s, v,
                       nadd[pend_line[s]]); errors++;
            end
          end else if (pend_kind[s] == 1) begin
            if (v >= 4096 || seen[pend_line[s]][v[11:0]]) begin
              $display("ERROR cyc %0d sm %0d atomic old %0d seen twice (line %0d)", cyc, s, v,
                       pend_line[s]); errors++;
            end
            seen[pend_line[s]][v[11:0]] = 1;
          end else if (pend_kind[s] == 3) begin
            check_load(s, pend_line[s], pend_word[s], v);
            shadow[s][pend_line[s]] = {8'(s + 1), 24'(seq[s])};
          end else begin
            // final: word 0 = adds, own word = shadow
            if (pend_word[s] == 0 && v != 32'(nadd[pend_line[s]])) begin
              $display("ERROR final line %0d counter %0d expected %0d", pend_line[s], v,
                       nadd[pend_line[s]]); errors++;
            end
            if (pend_word[s] != 0) check_load(s, pend_line[s], pend_word[s], v);
          end
          state[s] = 0;
        end
        if (state[s] == 2 && f_done[s][0]) state[s] = 0;
        if (state[s] == 0 && c_ready[s] && phase == 0 && step[s] < STEPS &&
            ($urandom % 3 != 0)) begin
          int r, line, w;
          r = $urandom % 100;
          line = $urandom % NLINES;
          step[s]++;
          if (r < 30) begin                                  // plain store, own word
            seq[s]++;
            shadow[s][line] = {8'(s + 1), 24'(seq[s])};
            issue(s, 3'd2, line, s + 1, 0, 0, 0, 0, shadow[s][line], 0, 0);
            nstore++;
          end else if (r < 60) begin                         // plain load
            w = 1 + ($urandom % NS);
            issue(s, 3'd1, line, w, 0, 0, 0, ($urandom % 2) == 1, 0, 0, 0);
            state[s] = 1; pend_kind[s] = 0; pend_line[s] = line; pend_word[s] = w;
            nload++;
          end else if (r < 78) begin                         // atomic add
            issue(s, 3'd3, line, 0, 1, 0, 0, 0, 0, 2'd0, 32'd1);
            nadd[line]++;
            state[s] = 1; pend_kind[s] = 1; pend_line[s] = line; pend_word[s] = 0;
            natom++;
          end else if (r < 88) begin                         // fence
            issue(s, 3'd4, 0, 0, (HRF == 0) || ($urandom % 2 == 1), 1, 1, 0, 0, 0, 0);
            state[s] = 2; nfence++;
          end else if (r < 91) begin                         // exchange of the own word
            seq[s]++;
            issue(s, 3'd3, line, s + 1, (HRF == 0) || ($urandom % 2 == 1), 0, 0, 0, 0, 2'd1,
                  {8'(s + 1), 24'(seq[s])});
            state[s] = 1; pend_kind[s] = 3; pend_line[s] = line; pend_word[s] = s + 1;
            natom++;
          end else if (r < 95) begin                         // acquire load of a counter
            issue(s, 3'd1, line, 0, (HRF == 0) || ($urandom % 2 == 1), 1, 0, 0, 0, 0, 0);
            state[s] = 1; pend_kind[s] = 0; pend_line[s] = line; pend_word[s] = 0;
            nsync++;
          end else begin                                     // release store, own word
            seq[s]++;
            shadow[s][line] = {8'(s + 1), 24'(seq[s])};
            issue(s, 3'd2, line, s + 1, (HRF == 0) || ($urandom % 2 == 1), 0, 1, 0,
                  shadow[s][line], 0, 0);
            nsync++;
          end
        end else if (state[s] == 0 && c_ready[s] && phase == 1 && step[s] == STEPS) begin
          issue(s, 3'd4, 0, 0, 1, 1, 1, 0, 0, 0, 0);
          state[s] = 2; step[s]++;
        end else if (state[s] == 0 && c_ready[s] && phase == 2 &&
                     fin_line[s] < ((s == 0) ? 2 * NLINES : NLINES)) begin
          // final reads: SM 0 the counters by an atomic ADD 0, every SM its own words
          int l;
          l = (s == 0) ? fin_line[s] / 2 : fin_line[s];
          if (s == 0 && fin_line[s] % 2 == 0) begin
            issue(s, 3'd3, l, 0, 1, 0, 0, 0, 0, 2'd0, 32'd0);
            state[s] = 1; pend_kind[s] = 2; pend_line[s] = l; pend_word[s] = 0;
          end else begin
            issue(s, 3'd1, l, s + 1, 0, 0, 0, 0, 0, 0, 0);
            state[s] = 1; pend_kind[s] = 2; pend_line[s] = l; pend_word[s] = s + 1;
          end
          fin_line[s]++;
        end
      end
      if (phase == 0) begin
        bit all = 1;
        for (int s = 0; s < NS; s++) if (step[s] < STEPS || state[s] != 0) all = 0;
        if (all) phase = 1;
      end else if (phase == 1) begin
        bit all = 1;
        for (int s = 0; s < NS; s++) if (step[s] <= STEPS || state[s] != 0) all = 0;
        if (all) phase = 2;
      end else if (phase == 2) begin
        bit all = 1;
        for (int s = 0; s < NS; s++)
          if (fin_line[s] < ((s == 0) ? 2 * NLINES : NLINES) || state[s] != 0) all = 0;
        if (all) phase = 3;
      end else if (phase == 3) begin
        // quiesce: every L1 drained (its last DRAIN MSHR has had its DACK, D17), all queued
        // messages delivered
        bit all = (reqq.size() == 0) && (wbq.size() == 0);
        for (int s = 0; s < NS; s++)
          if (!drained[s] || rq_n[s] != 0 || pq_n[s] != 0) all = 0;
        if (all) phase = 4;
      end
      if (phase == 4 || cyc > 200000) begin
        $display("cycles %0d phase %0d: loads %0d stores %0d atomics %0d fences %0d sync %0d",
                 cyc, phase, nload, nstore, natom, nfence, nsync);
        for (int s = 0; s < NS; s++)
          $display("  sm %0d step %0d state %0d drained %0d pend kind %0d line %0d word %0d op %0d", s, step[s], state[s], drained[s], pend_kind[s], pend_line[s], pend_word[s], c_op[s]);
        $display("sm0 fcnt %0d mv %0d %0d midx %0d %0d want %b %b got %b %b fqv %b %b hold %0d %0d dack %b rdy %0d wbv %b wbl %0d", g_sm[0].u_l1.fcnt_q, g_sm[0].u_l1.mv_q[0], g_sm[0].u_l1.mv_q[1], g_sm[0].u_l1.midx_q[0], g_sm[0].u_l1.midx_q[1], g_sm[0].u_l1.want_q[0], g_sm[0].u_l1.want_q[1], g_sm[0].u_l1.got_q[0], g_sm[0].u_l1.got_q[1], g_sm[0].u_l1.fqv_q[0], g_sm[0].u_l1.fqv_q[1], g_sm[0].u_l1.hold_q[0], g_sm[0].u_l1.hold_q[1], g_sm[0].u_l1.dack_q, g_sm[0].u_l1.rdy_q, g_sm[0].u_l1.wbv_q, g_sm[0].u_l1.wbl_q[0]);
        for (int i = 0; i < 4; i++) $display("  line %0d tag %0d st %b dirty %b", i, g_sm[0].u_l1.tag_q[i], g_sm[0].u_l1.st_q[i], g_sm[0].u_l1.dirty_q[i]);
        $display("l2 qcnt %0d wcnt %0d mv %b", u_l2.qcnt_q, u_l2.wcnt_q, u_l2.mv_q);
        for (int i = 0; i < 4; i++) $display("  l2 line %0d tag %0d st %0d reg %b busy %b rc %0d data %x", i, u_l2.tag_q[i], u_l2.st_q[i], u_l2.reg_q[i], u_l2.busy_q[i], u_l2.rc_q[i], u_l2.data_q[i]);
        if (phase != 4) begin
          $display("ERROR: no progress"); errors++;
        end
        for (int i = 0; i < L2SETS * L2WAYS; i++)
          if (phase == 4 && u_l2.busy_q[i] != '0) begin
            $display("ERROR: quiescent registry line %0d busy %b", i, u_l2.busy_q[i]); errors++;
          end
        if (cov_dack != cov_m09) begin
          $display("ERROR: %0d DACKs sent, %0d taken by M09", cov_dack, cov_m09); errors++;
        end
        $display("%s: %0d errors", errors == 0 ? "PASS" : "FAIL", errors);
        $finish;
      end
    end else begin
      l2_req_valid = 0; l2_wb_valid = 0; mem_valid = 0; l2_req = '0; l2_wb = '0;
      mem_line = '0; mem_data = '0;
      for (int s = 0; s < NS; s++) begin
        c_valid[s] = 0; i_valid[s] = 0; i_msg[s] = '0; c_op[s] = 0; c_line[s] = 0;
        c_gpu[s] = 0; c_acq[s] = 0; c_ro[s] = 0; c_rel[s] = 0; c_all[s] = 0; c_word[s] = 0; c_data[s] = 0;
        c_mask[s] = 0; c_aop[s] = 0; c_a[s] = 0; c_b[s] = 0;
      end
    end
  end
  int cov_xa = 0, cov_v01 = 0, cov_v02 = 0, cov_rec = 0, cov_m07 = 0, cov_q = 0, cov_c19 = 0;
  int cov_s08 = 0, cov_x02 = 0, cov_m03 = 0, cov_hold = 0;
  int cov_late = 0, cov_sdrain = 0, cov_regd0 = 0;   // R1, R2 (L16), R01 with W empty
  int cov_dack = 0, cov_dlast = 0, cov_dwait = 0;     // D17: DACKs sent; M09 taken, freeing;
  int cov_m09 = 0;                                    // X01 emptied fqv before the DACK
  function automatic int late(input logic ok1, ok4, d10, d11, input logic [LW-1:0] got, want);
    return int'((ok1 && d10 && got == '1) || (ok4 && d11 && got == want));
  endfunction
  always @(posedge clk) if (rst_n) begin
    for (int k = 0; k < 1; k++) begin
      cov_xa  += int'(g_sm[0].u_l1.xa) + int'(g_sm[1].u_l1.xa) + int'(g_sm[2].u_l1.xa);
      cov_v01 += int'(g_sm[0].u_l1.v01) + int'(g_sm[1].u_l1.v01) + int'(g_sm[2].u_l1.v01);
      cov_v02 += int'(g_sm[0].u_l1.v02) + int'(g_sm[1].u_l1.v02) + int'(g_sm[2].u_l1.v02);
      cov_m07 += int'(g_sm[0].u_l1.m07) + int'(g_sm[1].u_l1.m07) + int'(g_sm[2].u_l1.m07);
      cov_q   += int'(g_sm[0].u_l1.f_q != 0) + int'(g_sm[1].u_l1.f_q != 0) +
                 int'(g_sm[2].u_l1.f_q != 0);
      cov_c19 += int'(g_sm[0].u_l1.h_act && g_sm[0].u_l1.c19) +
                 int'(g_sm[1].u_l1.h_act && g_sm[1].u_l1.c19) +
                 int'(g_sm[2].u_l1.h_act && g_sm[2].u_l1.c19);
      cov_s08 += int'(g_sm[0].u_l1.h_try && g_sm[0].u_l1.s08) +
                 int'(g_sm[1].u_l1.h_try && g_sm[1].u_l1.s08) +
                 int'(g_sm[2].u_l1.h_try && g_sm[2].u_l1.s08);
      cov_m03 += int'(g_sm[0].u_l1.m03) + int'(g_sm[1].u_l1.m03) + int'(g_sm[2].u_l1.m03);
      cov_hold += int'(g_sm[0].u_l1.m11_done && g_sm[0].u_l1.fcnt_q != 0 &&
                       ((g_sm[0].u_l1.hk_fqv | g_sm[0].u_l1.f_q) != 0 ||
                        g_sm[0].u_l1.sync_q[g_sm[0].u_l1.hk]));
      cov_dack += int'(u_l2.rsp_valid_d && u_l2.rsp_kind_d == 4'd11);
      cov_m09  += int'(g_sm[0].u_l1.m09_ok) + int'(g_sm[1].u_l1.m09_ok) +
                  int'(g_sm[2].u_l1.m09_ok);
      cov_dlast += int'(g_sm[0].u_l1.m09_ok && g_sm[0].u_l1.mv_d[g_sm[0].u_l1.hk] != 2'd3) +
                   int'(g_sm[1].u_l1.m09_ok && g_sm[1].u_l1.mv_d[g_sm[1].u_l1.hk] != 2'd3) +
                   int'(g_sm[2].u_l1.m09_ok && g_sm[2].u_l1.mv_d[g_sm[2].u_l1.hk] != 2'd3);
      cov_dwait += int'(g_sm[0].u_l1.xa && g_sm[0].u_l1.xa_rest == 0 &&
                        !g_sm[0].u_l1.dack_q[g_sm[0].u_l1.xa_k]) +
                   int'(g_sm[1].u_l1.xa && g_sm[1].u_l1.xa_rest == 0 &&
                        !g_sm[1].u_l1.dack_q[g_sm[1].u_l1.xa_k]) +
                   int'(g_sm[2].u_l1.xa && g_sm[2].u_l1.xa_rest == 0 &&
                        !g_sm[2].u_l1.dack_q[g_sm[2].u_l1.xa_k]);
      cov_late += late(g_sm[0].u_l1.m01_ok, g_sm[0].u_l1.m04_ok, g_sm[0].u_l1.m10_done,
                       g_sm[0].u_l1.m11_done, g_sm[0].u_l1.hk_got, g_sm[0].u_l1.hk_want) +
                  late(g_sm[1].u_l1.m01_ok, g_sm[1].u_l1.m04_ok, g_sm[1].u_l1.m10_done,
                       g_sm[1].u_l1.m11_done, g_sm[1].u_l1.hk_got, g_sm[1].u_l1.hk_want) +
                  late(g_sm[2].u_l1.m01_ok, g_sm[2].u_l1.m04_ok, g_sm[2].u_l1.m10_done,
                       g_sm[2].u_l1.m11_done, g_sm[2].u_l1.hk_got, g_sm[2].u_l1.hk_want);
      cov_sdrain += int'(g_sm[0].u_l1.m11_done && g_sm[0].u_l1.sync_q[g_sm[0].u_l1.hk]) +
                    int'(g_sm[1].u_l1.m11_done && g_sm[1].u_l1.sync_q[g_sm[1].u_l1.hk]) +
                    int'(g_sm[2].u_l1.m11_done && g_sm[2].u_l1.sync_q[g_sm[2].u_l1.hk]);
      cov_regd0 += int'(u_l2.h_go && u_l2.r_reg && u_l2.hvd && u_l2.r_w == '0);
      cov_rec += int'(u_l2.x03);
      cov_x02 += int'(u_l2.alloc && u_l2.cur_st == 2'd2);
    end
  end
  final $display("cov: xfer-served %0d v01 %0d v02 %0d recall %0d m07 %0d queued %0d c19 %0d s08 %0d x02 %0d pdata-fwd %0d drain-hold %0d late-answer %0d sync-drain %0d regd-empty %0d dack %0d m09 %0d m09-frees %0d xfer-before-dack %0d",
                 cov_xa, cov_v01, cov_v02, cov_rec, cov_m07, cov_q, cov_c19, cov_s08, cov_x02, cov_m03, cov_hold,
                 cov_late, cov_sdrain, cov_regd0, cov_dack, cov_m09, cov_dlast, cov_dwait);
  always @(posedge clk) begin
    if (rst_n && !g_sm[0].u_l1.sva_one_out) $display("L3 cyc %0d sm0 xa %0d m03 %0d m06 %0d e_reg %0d ebi %0d full %0d v02 %0d v02c %0d h_act %0d gets %0d reg %0d v01 %0d m07 %0d m11 %0d s03 %0d s04 %0d", cyc,
      g_sm[0].u_l1.xa, g_sm[0].u_l1.m03, g_sm[0].u_l1.m06, g_sm[0].u_l1.e_reg, g_sm[0].u_l1.e_reg_bi, g_sm[0].u_l1.full_pc, g_sm[0].u_l1.v02, g_sm[0].u_l1.v02c, g_sm[0].u_l1.h_act, g_sm[0].u_l1.snd_gets, g_sm[0].u_l1.snd_reg, g_sm[0].u_l1.v01, g_sm[0].u_l1.m07, g_sm[0].u_l1.m11_done, g_sm[0].u_l1.s03, g_sm[0].u_l1.s04);
    if (rst_n && !g_sm[1].u_l1.sva_one_out) $display("L3 cyc %0d sm1 xa %0d m03 %0d m06 %0d e_reg %0d ebi %0d full %0d v02 %0d v02c %0d h_act %0d gets %0d reg %0d v01 %0d m07 %0d m11 %0d s03 %0d s04 %0d", cyc,
      g_sm[1].u_l1.xa, g_sm[1].u_l1.m03, g_sm[1].u_l1.m06, g_sm[1].u_l1.e_reg, g_sm[1].u_l1.e_reg_bi, g_sm[1].u_l1.full_pc, g_sm[1].u_l1.v02, g_sm[1].u_l1.v02c, g_sm[1].u_l1.h_act, g_sm[1].u_l1.snd_gets, g_sm[1].u_l1.snd_reg, g_sm[1].u_l1.v01, g_sm[1].u_l1.m07, g_sm[1].u_l1.m11_done, g_sm[1].u_l1.s03, g_sm[1].u_l1.s04);
    if (rst_n && !g_sm[2].u_l1.sva_one_out) $display("L3 cyc %0d sm2 xa %0d m03 %0d m06 %0d e_reg %0d ebi %0d full %0d v02 %0d v02c %0d h_act %0d gets %0d reg %0d v01 %0d m07 %0d m11 %0d s03 %0d s04 %0d", cyc,
      g_sm[2].u_l1.xa, g_sm[2].u_l1.m03, g_sm[2].u_l1.m06, g_sm[2].u_l1.e_reg, g_sm[2].u_l1.e_reg_bi, g_sm[2].u_l1.full_pc, g_sm[2].u_l1.v02, g_sm[2].u_l1.v02c, g_sm[2].u_l1.h_act, g_sm[2].u_l1.snd_gets, g_sm[2].u_l1.snd_reg, g_sm[2].u_l1.v01, g_sm[2].u_l1.m07, g_sm[2].u_l1.m11_done, g_sm[2].u_l1.s03, g_sm[2].u_l1.s04);
    if (rst_n && g_sm[0].u_l1.m_err) $display("L9 cyc %0d sm 0 kind %0d req %0d line %0d mask %x pmask %x data %x", cyc, i_msg[0].kind, i_msg[0].req, i_msg[0].line, i_msg[0].mask, i_msg[0].pmask, i_msg[0].data);
    if (rst_n && g_sm[1].u_l1.m_err) $display("L9 cyc %0d sm 1 kind %0d req %0d line %0d mask %x pmask %x data %x", cyc, i_msg[1].kind, i_msg[1].req, i_msg[1].line, i_msg[1].mask, i_msg[1].pmask, i_msg[1].data);
    if (rst_n && g_sm[2].u_l1.m_err) $display("L9 cyc %0d sm 2 kind %0d req %0d line %0d mask %x pmask %x data %x", cyc, i_msg[2].kind, i_msg[2].req, i_msg[2].line, i_msg[2].mask, i_msg[2].pmask, i_msg[2].data);
  end
endmodule
