// SPDX-License-Identifier: Apache-2.0
//
// gpu_l2 -- baseline GPU L2 bank (GPU-D, GPU-H and GPU-RSP; one per bank).
//
// Write-back, write-allocate, the point of coherence of the baseline GPU protocol: it answers
// line reads (GETS), merges the L1s' write-throughs (WT) byte by byte and acknowledges them at
// once, and performs atomics. It holds no sharer or owner information, so it needs no inclusion
// and evicts silently (a dirty victim is written back). One request per cycle, in order, from a
// request FIFO; a stalled head blocks the bank; a DRAM fill takes priority over the head.
// Specification: docs/units/gpu/gpu_l2.md (rules E1-E4, rows G01-G03, W01-W03, A01-A03, M01-M02,
// stalls S01-S03, eviction rows X01/X02); the atomic arithmetic is P1 of docs/units/gpu/gpu_l1.md;
// timing contract: docs/timing.md. Every output is a register.
// With Rsp = 1 (docs/units/gpu/rsp.md section 5) the bank also holds the RSP token: TOKREQ and
// TOKREL come through the request FIFO (rows T01-T04, rules E5, E6) and GNT leaves on the
// response port. Only bank 0 (the bank of line 0) ever receives them (RS9).
//
//                 +----------------------------------------------+
//  req_*        =>| request FIFO -> head --+                      |=> req_ready_o
//  mem_*        =>| (DRAM fill) -----------+-> lines [S*W]        |=> rsp_* (L2 -> L1s)
//                 |                            MSHRs [M]          |=> mem_* (fetch, wb)
//                 +----------------------------------------------+
//
// Parameters (an illegal value stops elaboration with a message naming it; nothing is clamped;
// all `bit [31:0]`, as Icarus Verilog 11 cannot parse `int unsigned` parameters):
//   Rsp        remote-scope promotion: the token rows T01-T04 (rsp.md section 5); 0, 1
//              (default 0)
//   NumSm      SMs, width of the destination masks; 1 .. 64 (default 15)
//   NumBanks   banks of the system (only its log2 enters the set/tag split); 1, 2, 4, 8, 16
//              (default 16)
//   LineBytes  line size in bytes; 16, 32, 64, 128 (default 64)
//   AddrWidth  byte-address bits; 16 .. 48, LA >= max(log2 NumBanks + log2 L2Sets,
//              log2 L2Sets + 1) (default 32)
//   L2Sets     sets per bank; power of two, 1 .. 1024 (default 256)
//   L2Ways     ways per set; 1 .. 16 (default 16)
//   L2Mshrs    outstanding DRAM fetches; 1 .. 64 (default 32)
//   L2Queue    request FIFO entries; 1 .. 8 (default 4)
// Derived (never set them): LL = log2 LineBytes, LA = AddrWidth - LL line-address bits,
// DB = 8*LineBytes data bits, LW = LineBytes/4 words, LB = log2 NumBanks, LS = log2 L2Sets,
// TGW = LA - LS tag bits, Lines = L2Sets*L2Ways; index widths SIW, WW, LIW, MKW (at least 1).
//
// Ports (spec section 2; the payload of every output is 0 when its valid is 0):
//   clk_i, rst_ni          clock; synchronous active-low reset
//   req_valid_i, req_kind_i[3] (1 GETS, 2 WT, 3 ATOMIC, 4 TOKREQ, 5 TOKREL), req_src_i[6],
//   req_wf_i[6],
//   req_acq_i, req_line_i[LA], req_data_i[DB], req_mask_i[LineBytes], req_aop_i[2],
//   req_word_i[5], req_a_i[32], req_b_i[32]        a request, taken when req_ready_o was 1
//   req_ready_o            the FIFO has room (qcnt < L2Queue)
//   rsp_valid_o, rsp_kind_o[3] (1 DATA, 2 ACK, 3 ATOM, 4 GNT), rsp_dst_o[NumSm], rsp_wf_o[6],
//   rsp_acq_o, rsp_line_o[LA], rsp_data_o[DB]      response to the L1s
//   mem_fetch_o, mem_fetch_line_o[LA]              DRAM fetch
//   mem_wb_o, mem_wb_line_o[LA], mem_wb_data_o[DB] DRAM write-back (same edge as a fetch allowed)
//   mem_valid_i, mem_line_i[LA], mem_data_i[DB]    DRAM fill (never refused)
//
// State (spec section 3; all verilator public_flat_rd): per line i = set*L2Ways + way: tag_q,
// st_q (I 0, V 1, D 2, P 3), data_q; per set rr_q; per MSHR k: mv_q, mline_q, mway_q, mdst_q,
// mwm_q; u_fifo.cnt_q (qcnt); the output registers. The FIFO entries are internal.
// Rsp (rsp.md section 5.1): tbusy_q (the token is held), town_q[SW] (its holder), twait_q[NumSm]
// (SMs whose TOKREQ waits); 0 with Rsp = 0.
// Storage (as tc_l2): tag_q, st_q, data_q and the MSHR fields but mv_q are arrays without
// reset, read through the packed bits mlive_q (tag, st written since reset), dlive_q (data)
// and mlv_q (MSHR entry written since reset): 0 / I before the first write.
//
// Rules (spec section 4):
//   E1  Order of an edge: (a) a fill (the head is not tried); (b) else the FIFO head (a stall
//       changes nothing); (c) push; (d) req_ready := qcnt_d < L2Queue. No bypass.
//   E2  At most one response; a fetch and a write-back may leave in one edge.
//   E3  Allocation: the lowest free MSHR (none: S01); victim: first I way, else first V from
//       rr_q[s] (X01), else first D from rr_q[s] (X02, written back), else S02. The way gets the
//       tag and P, the MSHR line, way, dst 0, wm 0; fetch; rr_q[s] := way + 1 mod L2Ways.
//   E4  A fill finds its MSHR; otherwise a protocol error (warning E4_FillFindsMshr_A) that
//       changes nothing.
//   M1  A P line has exactly one valid MSHR with its line and way (assertion M1_MshrWay_A).
//   E5  (Rsp) TOKREQ and TOKREL are performed at the head like any request and never stall:
//       popped in the edge they are tried; a row sends at most one response (GNT).
//   E6  (Rsp) A released token goes to the first waiting SM after the holder, circularly
//       (town + 1, town + 2, ... mod NumSm; gpucoh_rr_ffs).
//   Rows T01 TOKREQ, free: tbusy := 1, town := src, GNT(1 << src); T02 TOKREQ, held, src not
//   the holder nor waiting: twait |= 1 << src; T03 TOKREL by the holder, none waiting:
//   tbusy := 0; T04 TOKREL by the holder, twait != 0: town := n, twait &= ~(1 << n), GNT(1 << n).
//   Illegal (section 12.5, "change nothing", popped): I7 a TOKREL not from the holder or while
//   free (warning Tok_RelOwner_A); I8 a TOKREQ of the holder or of a waiting SM (warning
//   Tok_ReqTwice_A); I9 kinds 6-7, or 4-5 with Rsp = 0 (warning Req_KindLegal_A, as H4).
//
// Readings of the specification taken here (listed for the page owner):
//   H1  The tag is C4's (docs/system.md): the line address with its set bits removed, the bank
//       bits kept ("the bank bits stay in the tag, as in tc_l2"); the page's formula
//       `a >> log2 L2Sets` would drop the bank bits, and a victim's write-back address could
//       not be rebuilt from tag and set without the bank number.
//   H2  Freeing an MSHR (M01/M02) clears mv only (as tc_l2); its other fields keep their values.
//   H3  req_ready_o is 1 after reset; the other outputs 0.
//   H4  A head request of kind 0 is popped and changes nothing (warning Req_KindLegal_A); so
//       is one of kind 6-7, or 4-5 with Rsp = 0 (rsp.md I9: the legal set is 1-3 with Rsp = 0,
//       1-5 with Rsp = 1).
//   H5  A DATA and an ACK carry wf 0 and acq 0; an ACK carries data 0; every response carries
//       the request's line (a fill's DATA: mem_line_i).
//   H6  The fill's line (M01/M02) keeps its tag; W01's merged line becomes D.
//   H7  reading: a GNT carries line 0, wf 0, acq 0, data 0 (rsp.md section 5.2 and gpu_l2 Q3).
//   H8  reading: a TOKREQ / TOKREL whose src is not below NumSm is treated as any other src
//       value (T01 then grants dst 0); the page does not name it (the shared system never
//       stamps such a src).
//
// Implementation: the ways of one set (the fill's or the head's) and one pass over the MSHRs
// are looked at per edge; one line and one MSHR entry are written per edge. Wide data are
// selected inside the register blocks by select codes.

`include "gpucoh_assert.svh"

module gpu_l2 #(
  parameter bit [31:0] Rsp       = 32'd0,
  parameter bit [31:0] NumSm     = 32'd15,
  parameter bit [31:0] NumBanks  = 32'd16,
  parameter bit [31:0] LineBytes = 32'd64,
  parameter bit [31:0] AddrWidth = 32'd32,
  parameter bit [31:0] L2Sets    = 32'd256,
  parameter bit [31:0] L2Ways    = 32'd16,
  parameter bit [31:0] L2Mshrs   = 32'd32,
  parameter bit [31:0] L2Queue   = 32'd4,
  // Derived parameters: do not override.
  localparam int       LL        = (LineBytes > 1) ? $clog2(LineBytes) : 1,
  localparam int       LA        = (AddrWidth > LL) ? AddrWidth - LL : 1,
  localparam int       DB        = 8 * LineBytes,
  localparam int       NS        = (NumSm >= 1) ? NumSm : 1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // L1 requests
  input  logic                  req_valid_i,
  input  logic [2:0]            req_kind_i,
  input  logic [5:0]            req_src_i,
  input  logic [5:0]            req_wf_i,
  input  logic                  req_acq_i,
  input  logic [LA-1:0]         req_line_i,
  input  logic [DB-1:0]         req_data_i,
  input  logic [LineBytes-1:0]  req_mask_i,
  input  logic [1:0]            req_aop_i,
  input  logic [4:0]            req_word_i,
  input  logic [31:0]           req_a_i,
  input  logic [31:0]           req_b_i,
  output logic                  req_ready_o,
  // L1 responses
  output logic                  rsp_valid_o,
  output logic [2:0]            rsp_kind_o,
  output logic [NS-1:0]         rsp_dst_o,
  output logic [5:0]            rsp_wf_o,
  output logic                  rsp_acq_o,
  output logic [LA-1:0]         rsp_line_o,
  output logic [DB-1:0]         rsp_data_o,
  // DRAM
  output logic                  mem_fetch_o,
  output logic [LA-1:0]         mem_fetch_line_o,
  output logic                  mem_wb_o,
  output logic [LA-1:0]         mem_wb_line_o,
  output logic [DB-1:0]         mem_wb_data_o,
  input  logic                  mem_valid_i,
  input  logic [LA-1:0]         mem_line_i,
  input  logic [DB-1:0]         mem_data_i
);

  // ---------------------------------------------------------------------------------------------
  // Parameter checks (spec section 1)
  // ---------------------------------------------------------------------------------------------

  `ASSERT_ELAB(P_Rsp_A, Rsp == 32'd0 || Rsp == 32'd1,
               "gpu_l2: illegal Rsp (legal: 0, 1)")
  `ASSERT_ELAB(P_NumSm_A, NumSm >= 1 && NumSm <= 64,
               "gpu_l2: illegal NumSm (legal: 1 .. 64)")
  `ASSERT_ELAB(P_NumBanks_A,
               NumBanks == 1 || NumBanks == 2 || NumBanks == 4 || NumBanks == 8 ||
               NumBanks == 16,
               "gpu_l2: illegal NumBanks (legal: 1, 2, 4, 8, 16)")
  `ASSERT_ELAB(P_LineBytes_A,
               LineBytes == 16 || LineBytes == 32 || LineBytes == 64 || LineBytes == 128,
               "gpu_l2: illegal LineBytes (legal: 16, 32, 64, 128)")
  `ASSERT_ELAB(P_AddrWidth_A, AddrWidth >= 16 && AddrWidth <= 48,
               "gpu_l2: illegal AddrWidth (legal: 16 .. 48)")
  `ASSERT_ELAB(P_L2Sets_A, L2Sets >= 1 && L2Sets <= 1024 && (L2Sets & (L2Sets - 1)) == 0,
               "gpu_l2: illegal L2Sets (legal: a power of two, 1 .. 1024)")
  `ASSERT_ELAB(P_L2Ways_A, L2Ways >= 1 && L2Ways <= 16,
               "gpu_l2: illegal L2Ways (legal: 1 .. 16)")
  `ASSERT_ELAB(P_L2Mshrs_A, L2Mshrs >= 1 && L2Mshrs <= 64,
               "gpu_l2: illegal L2Mshrs (legal: 1 .. 64)")
  `ASSERT_ELAB(P_L2Queue_A, L2Queue >= 1 && L2Queue <= 8,
               "gpu_l2: illegal L2Queue (legal: 1 .. 8)")

  // ---------------------------------------------------------------------------------------------
  // Constants
  // ---------------------------------------------------------------------------------------------

  localparam int LB    = (NumBanks > 1) ? $clog2(NumBanks) : 0;        // bank bits
  localparam int LS    = (L2Sets > 1) ? $clog2(L2Sets) : 0;            // set bits
  localparam int SIW   = (LS > 0) ? LS : 1;                            // set-index width
  localparam int TGW   = (LA > LS) ? LA - LS : 1;                      // tag width
  localparam int WW    = (L2Ways > 1) ? $clog2(L2Ways) : 1;            // way-index width
  localparam int Lines = L2Sets * L2Ways;
  localparam int LIW   = (Lines > 1) ? $clog2(Lines) : 1;              // line-index width
  localparam int MKW   = (L2Mshrs > 1) ? $clog2(L2Mshrs) : 1;          // MSHR-index width
  localparam int LW    = LineBytes / 4;                                // words per line
  localparam int LWW   = (LW > 1) ? $clog2(LW) : 1;                    // word-index width
  localparam int QW    = $clog2(L2Queue + 32'd1);                      // qcnt width
  // FIFO entry: control fields {kind, src, wf, acq, line, aop, word, a, b}, data, mask.
  localparam int EW    = 3 + 6 + 6 + 1 + LA + 2 + 5 + 32 + 32;
  localparam int SW    = (NS > 1) ? $clog2(NS) : 1;                    // an SM id (rsp.md 1)

  `ASSERT_ELAB(P_LineAddr_A, LA >= LB + LS && LA >= LS + 1,
               "gpu_l2: illegal AddrWidth (LA < log2 NumBanks + log2 L2Sets or LA <= log2 L2Sets)")

  localparam logic [LA-1:0]  BankMask = LA'(64'(NumBanks) - 64'd1);
  localparam logic [LA-1:0]  SetMask  = LA'(64'(L2Sets) - 64'd1);
  localparam logic [QW-1:0]  QueueLen = QW'(L2Queue);
  localparam logic [NS-1:0]  SmOne    = NS'(1);

  // Encodings: the family package rtl/gpu/gpu_pkg.sv (gpu_l2_st_t, gpu_req_kind_t, gpu_rsp_kind_t)
  // and the shared atomic codes of rtl/gpucoh_atom_pkg.sv (gpu_aop_t).
  localparam logic [1:0] StI       = 2'(gpu_pkg::GpuL2StI);
  localparam logic [1:0] StV       = 2'(gpu_pkg::GpuL2StV);
  localparam logic [1:0] StD       = 2'(gpu_pkg::GpuL2StD);
  localparam logic [1:0] StP       = 2'(gpu_pkg::GpuL2StP);
  localparam logic [2:0] ReqGets   = 3'(gpu_pkg::GpuReqGets);
  localparam logic [2:0] ReqWt     = 3'(gpu_pkg::GpuReqWt);
  localparam logic [2:0] ReqAtomic = 3'(gpu_pkg::GpuReqAtomic);
  localparam logic [2:0] ReqTokReq = 3'(gpu_pkg::GpuReqTokReq);
  localparam logic [2:0] ReqTokRel = 3'(gpu_pkg::GpuReqTokRel);
  localparam logic [2:0] RspData   = 3'(gpu_pkg::GpuRspData);
  localparam logic [2:0] RspAck    = 3'(gpu_pkg::GpuRspAck);
  localparam logic [2:0] RspAtom   = 3'(gpu_pkg::GpuRspAtom);
  localparam logic [2:0] RspGnt    = 3'(gpu_pkg::GpuRspGnt);
  localparam logic [1:0] AopAdd    = 2'(gpucoh_atom_pkg::AopAdd);
  localparam logic [1:0] AopExch   = 2'(gpucoh_atom_pkg::AopExch);
  localparam logic [1:0] AopCas    = 2'(gpucoh_atom_pkg::AopCas);

  // ---------------------------------------------------------------------------------------------
  // State (spec section 3)
  // ---------------------------------------------------------------------------------------------

  (* mem2reg *) logic [TGW-1:0]       tag_q   [Lines]    /* verilator public_flat_rd */;
  (* mem2reg *) logic [1:0]           st_q    [Lines]    /* verilator public_flat_rd */;
  (* mem2reg *) logic [DB-1:0]        data_q  [Lines]    /* verilator public_flat_rd */;
  logic [Lines-1:0]   mlive_q  /* verilator public_flat_rd */;   // tag, st written since reset
  logic [Lines-1:0]   dlive_q  /* verilator public_flat_rd */;   // data written since reset
  logic [L2Sets*WW-1:0] rr_q   /* verilator public_flat_rd */;   // set s at [s*WW +: WW]

  logic [L2Mshrs-1:0] mv_q     /* verilator public_flat_rd */;
  logic [L2Mshrs-1:0] mlv_q    /* verilator public_flat_rd */;   // entry written since reset
  (* mem2reg *) logic [LA-1:0]        mline_q [L2Mshrs]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [WW-1:0]        mway_q  [L2Mshrs]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [NS-1:0]        mdst_q  [L2Mshrs]  /* verilator public_flat_rd */;
  (* mem2reg *) logic [LineBytes-1:0] mwm_q   [L2Mshrs]  /* verilator public_flat_rd */;

  logic [QW-1:0]        qcnt;       // request FIFO entries (u_fifo.cnt_q)
  logic [QW-1:0]        qcnt_d;
  logic [DB-1:0]        h_data;
  logic [LineBytes-1:0] h_mask;

  // Rsp token (rsp.md section 5.1; every bank has them, RS9).
  logic                 tbusy_q          /* verilator public_flat_rd */;
  logic [SW-1:0]        town_q           /* verilator public_flat_rd */;
  logic [NS-1:0]        twait_q          /* verilator public_flat_rd */;

  // Output registers.
  logic                 req_ready_q      /* verilator public_flat_rd */;
  logic                 rsp_valid_q      /* verilator public_flat_rd */;
  logic [2:0]           rsp_kind_q       /* verilator public_flat_rd */;
  logic [NS-1:0]        rsp_dst_q        /* verilator public_flat_rd */;
  logic [5:0]           rsp_wf_q         /* verilator public_flat_rd */;
  logic                 rsp_acq_q        /* verilator public_flat_rd */;
  logic [LA-1:0]        rsp_line_q       /* verilator public_flat_rd */;
  logic [DB-1:0]        rsp_data_q       /* verilator public_flat_rd */;
  logic                 mem_fetch_q      /* verilator public_flat_rd */;
  logic [LA-1:0]        mem_fetch_line_q /* verilator public_flat_rd */;
  logic                 mem_wb_q         /* verilator public_flat_rd */;
  logic [LA-1:0]        mem_wb_line_q    /* verilator public_flat_rd */;
  logic [DB-1:0]        mem_wb_data_q    /* verilator public_flat_rd */;

  // ---------------------------------------------------------------------------------------------
  // E1: the event of this edge
  // ---------------------------------------------------------------------------------------------

  logic [2:0]           h_kind;
  logic [5:0]           h_src, h_wf;
  logic                 h_acq;
  logic [LA-1:0]        h_line;
  logic [1:0]           h_aop;
  logic [4:0]           h_word;
  logic [31:0]          h_a, h_b;
  logic [EW-1:0]        h_ctl;
  assign {h_kind, h_src, h_wf, h_acq, h_line, h_aop, h_word, h_a, h_b} = h_ctl;

  logic fill;     // (a) a DRAM fill
  logic head;     // (b) the FIFO head is tried
  assign fill = mem_valid_i;
  assign head = !mem_valid_i && (qcnt != '0);

  // The accessed line, its set and tag (C4 of docs/system.md; reading H1).
  logic [LA-1:0]   acc_line;
  logic [SIW-1:0]  acc_set;
  logic [TGW-1:0]  acc_tag;
  logic [LIW-1:0]  set_base;
  assign acc_line = fill ? mem_line_i : h_line;
  assign acc_set  = SIW'((acc_line >> LB) & SetMask);
  assign acc_tag  = TGW'(((acc_line >> (LB + LS)) << LB) | (acc_line & BankMask));
  assign set_base = LIW'(32'(acc_set) * L2Ways);

  // ---------------------------------------------------------------------------------------------
  // Set lookup (M1, E3)
  // ---------------------------------------------------------------------------------------------

  logic [L2Ways-1:0] w_inv;     // st == I
  logic [L2Ways-1:0] w_v;       // st == V
  logic [L2Ways-1:0] w_d;       // st == D
  logic              hit;
  logic              wdup;      // two ways match (M1 violation)
  logic [WW-1:0]     hway;
  logic [LIW-1:0]    w_idx;     // loop temporary
  logic [1:0]        w_st;      // loop temporary

  always_comb begin
    w_inv = '0;
    w_v   = '0;
    w_d   = '0;
    hit   = 1'b0;
    wdup  = 1'b0;
    hway  = '0;
    w_idx = '0;
    w_st  = StI;
    for (int w = 0; w < L2Ways; w++) begin
      w_idx    = set_base + LIW'(w);
      w_st     = mlive_q[w_idx] ? st_q[w_idx] : StI;
      w_inv[w] = (w_st == StI);
      w_v[w]   = (w_st == StV);
      w_d[w]   = (w_st == StD);
      if (w_st != StI && tag_q[w_idx] == acc_tag) begin
        wdup = wdup | hit;
        if (!hit) begin
          hway = WW'(w);
        end
        hit = 1'b1;
      end
    end
  end

  // E3 victim: rule 1 the first I way (gpucoh_ffs), rules 2 and 3 circular scans from rr_q[s]
  // (gpucoh_rr_ffs).
  logic          v1_found, v2_found, v3_found;
  logic [WW-1:0] v1_way, v2_way, v3_way;
  logic [WW-1:0] rr;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [L2Ways-1:0] v1_onehot;
  /* verilator lint_on UNUSEDSIGNAL */
  assign rr = rr_q[32'(acc_set)*WW +: WW];

  gpucoh_ffs #(.Width(L2Ways)) u_free_way (
    .vec_i   (w_inv),
    .valid_o (v1_found),
    .onehot_o(v1_onehot),
    .idx_o   (v1_way)
  );

  gpucoh_rr_ffs #(.Width(L2Ways)) u_v_way (   // rule 2: the first V way (X01)
    .vec_i  (w_v),
    .start_i(rr),
    .valid_o(v2_found),
    .idx_o  (v2_way)
  );

  gpucoh_rr_ffs #(.Width(L2Ways)) u_d_way (   // rule 3: the first D way (X02)
    .vec_i  (w_d),
    .start_i(rr),
    .valid_o(v3_found),
    .idx_o  (v3_way)
  );

  logic          vfound;
  logic [WW-1:0] vway;
  assign vfound = v1_found || v2_found || v3_found;
  assign vway   = v1_found ? v1_way : v2_found ? v2_way : v3_way;

  // ---------------------------------------------------------------------------------------------
  // MSHRs: the entry of acc_line (M1) and the lowest free entry (E3)
  // ---------------------------------------------------------------------------------------------

  logic [L2Mshrs-1:0] mmatch;
  always_comb begin
    mmatch = '0;
    for (int k = 0; k < L2Mshrs; k++) begin
      mmatch[k] = mv_q[k] && mlv_q[k] && (mline_q[k] == acc_line);
    end
  end

  logic           mfound, mdup;
  logic [MKW-1:0] mk;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [MKW-1:0] mk2;          // the second match: only its existence (mdup) is used
  logic [L2Mshrs-1:0] f_onehot;
  /* verilator lint_on UNUSEDSIGNAL */
  gpucoh_ffs2 #(.Width(L2Mshrs)) u_mmatch (
    .vec_i         (mmatch),
    .first_valid_o (mfound),
    .first_idx_o   (mk),
    .second_valid_o(mdup),
    .second_idx_o  (mk2)
  );

  logic           f_found;
  logic [MKW-1:0] f_idx;
  gpucoh_ffs #(.Width(L2Mshrs)) u_free_mshr (
    .vec_i   (~mv_q),
    .valid_o (f_found),
    .onehot_o(f_onehot),
    .idx_o   (f_idx)
  );

  logic                 mk_live;
  logic [WW-1:0]        mk_way;
  logic [NS-1:0]        mk_dst;
  logic [LineBytes-1:0] mk_wm;
  assign mk_live = mlv_q[mk];
  assign mk_way  = mk_live ? mway_q[mk] : '0;
  assign mk_dst  = mk_live ? mdst_q[mk] : '0;
  assign mk_wm   = mk_live ? mwm_q[mk] : '0;

  // ---------------------------------------------------------------------------------------------
  // The line touched at this edge: the fill's way, the matching way, or the victim
  // ---------------------------------------------------------------------------------------------

  logic [LIW-1:0]  cur_idx;
  logic            cur_live;
  logic [TGW-1:0]  cur_tag;
  logic [1:0]      cur_st;
  logic [DB-1:0]   cur_data;
  logic [LA-1:0]   cur_line;     // the line address of cur_tag in acc_set (write-back)
  logic [WW-1:0]   cur_way;
  assign cur_way  = fill ? mk_way : hit ? hway : vway;
  assign cur_idx  = set_base + LIW'(cur_way);
  assign cur_live = mlive_q[cur_idx];
  assign cur_tag  = cur_live ? tag_q[cur_idx] : '0;
  assign cur_st   = cur_live ? st_q[cur_idx] : StI;
  assign cur_data = dlive_q[cur_idx] ? data_q[cur_idx] : '0;
  assign cur_line = ((LA'(cur_tag) >> LB) << (LB + LS)) | (LA'(acc_set) << LB) |
                    (LA'(cur_tag) & BankMask);

  // A01: the atomic on the line (P1 of gpu_l1.md, gpucoh_amo; word mod LW).
  logic [LWW-1:0] at_widx;
  logic [31:0]    at_old;
  logic [DB-1:0]  at_line;
  logic           at_writes;
  assign at_widx = LWW'(32'(h_word) % LW);
  gpucoh_amo #(.Words(LW)) u_amo (
    .line_i(cur_data),
    .word_i(at_widx),
    .aop_i (h_aop),
    .a_i   (h_a),
    .b_i   (h_b),
    .old_o (at_old),
    .line_o(at_line)
  );
  assign at_writes = (h_aop == AopAdd) || (h_aop == AopExch) ||
                     ((h_aop == AopCas) && (at_old == h_a));

  // ---------------------------------------------------------------------------------------------
  // Sections 5 and 6: what this edge does
  // ---------------------------------------------------------------------------------------------

  logic is_gets, is_wt, is_at, kind_ok;
  logic is_mem;                  // GETS, WT or ATOMIC
  logic is_tq, is_tr;            // TOKREQ, TOKREL (Rsp = 1 only; otherwise illegal, I9)
  logic hvd, hp;                 // the head's line is V/D, P
  logic miss;
  logic s01, s02, s03, h_stall;
  logic h_go;                    // the head's row is performed
  logic h_pop;                   // ... and the head leaves the FIFO
  logic alloc;                   // ... and allocates (E3)
  logic fill_ok;                 // E4
  logic [NS-1:0] src_bit;
  assign is_gets = (h_kind == ReqGets);
  assign is_wt   = (h_kind == ReqWt);
  assign is_at   = (h_kind == ReqAtomic);
  assign is_mem  = is_gets || is_wt || is_at;
  assign is_tq   = (Rsp != 32'd0) && (h_kind == ReqTokReq);
  assign is_tr   = (Rsp != 32'd0) && (h_kind == ReqTokRel);
  assign kind_ok = is_mem || is_tq || is_tr;
  assign hvd     = hit && (cur_st == StV || cur_st == StD);
  assign hp      = hit && (cur_st == StP);
  assign miss    = !hit;
  assign s03     = is_at && hp;                                   // A02
  assign s01     = is_mem && miss && !f_found;                    // no MSHR
  assign s02     = is_mem && miss && f_found && !vfound;          // no victim
  assign h_stall = s01 || s02 || s03;
  assign h_go    = head && !h_stall;
  assign alloc   = h_go && is_mem && miss;
  assign h_pop   = h_go && !(is_at && miss);                      // A03 stays
  assign fill_ok = fill && mfound;
  assign src_bit = SmOne << h_src;

  // ---------------------------------------------------------------------------------------------
  // Rsp token (rsp.md section 5.2: E5, E6, rows T01-T04). Every input is 0-gated by Rsp through
  // is_tq / is_tr, so with Rsp = 0 the registers stay 0.
  // ---------------------------------------------------------------------------------------------

  logic [SW-1:0] h_sid;          // the head's src as an SM id
  logic          h_holder;       // src == town
  logic          h_waits;        // src's bit is in twait
  logic          tok_t01, tok_t02, tok_t03, tok_t04;
  logic          tok_i7, tok_i8;  // illegal token requests (section 12.5): popped, nothing else
  logic [SW-1:0] tok_start;      // town + 1 mod NumSm: where the E6 scan starts
  /* verilator lint_off UNUSEDSIGNAL */
  logic          tok_found;      // T04 has twait != 0, so the scan always finds one
  /* verilator lint_on UNUSEDSIGNAL */
  logic [SW-1:0] tok_next;       // the first waiting SM from tok_start, circularly
  assign h_sid     = SW'(h_src);
  assign h_holder  = (32'(h_src) == 32'(town_q));
  assign h_waits   = |(twait_q & src_bit);
  assign tok_t01   = is_tq && !tbusy_q;
  assign tok_t02   = is_tq && tbusy_q && !h_holder && !h_waits;
  assign tok_t03   = is_tr && tbusy_q && h_holder && (twait_q == '0);
  assign tok_t04   = is_tr && tbusy_q && h_holder && (twait_q != '0);
  assign tok_i7    = is_tr && !(tbusy_q && h_holder);
  assign tok_i8    = is_tq && tbusy_q && (h_holder || h_waits);
  assign tok_start = (32'(town_q) + 32'd1 >= NumSm) ? '0 : town_q + SW'(1);

  gpucoh_rr_ffs #(.Width(NS)) u_tok_rr (   // E6: the next holder
    .vec_i  (twait_q),
    .start_i(tok_start),
    .valid_o(tok_found),
    .idx_o  (tok_next)
  );

  always_ff @(posedge clk_i) begin : p_tok
    if (!rst_ni) begin
      tbusy_q <= 1'b0;
      town_q  <= '0;
      twait_q <= '0;
    end else if (h_go) begin
      if (tok_t01) begin
        tbusy_q <= 1'b1;
        town_q  <= h_sid;
      end
      if (tok_t02) begin
        twait_q <= twait_q | src_bit;
      end
      if (tok_t03) begin
        tbusy_q <= 1'b0;
      end
      if (tok_t04) begin
        town_q  <= tok_next;
        twait_q <= twait_q & ~(SmOne << tok_next);
      end
    end
  end


  // Data sources (the wide values are built in the register blocks).
  localparam logic [1:0] DNone = 2'd0;   // line data: no write
  localparam logic [1:0] DFill = 2'd1;   // fill data under the mwm bytes
  localparam logic [1:0] DWt   = 2'd2;   // the WT's bytes into the line
  localparam logic [1:0] DAmo  = 2'd3;   // the atomic's result
  localparam logic [1:0] RNone = 2'd0;   // rsp data: 0
  localparam logic [1:0] RFill = 2'd1;   // the filled line
  localparam logic [1:0] RLine = 2'd2;   // the line's data

  logic                 lw_meta;         // write tag and st of line cur_idx
  logic [TGW-1:0]       lw_tag;
  logic [1:0]           lw_st;
  logic [1:0]           dsel;
  logic                 ms_we;           // write MSHR ms_idx
  logic [MKW-1:0]       ms_idx;
  logic                 ms_v;
  logic [LA-1:0]        ms_line;
  logic [WW-1:0]        ms_way;
  logic [NS-1:0]        ms_dst;
  logic [LineBytes-1:0] ms_wm;
  logic                 rsp_valid_d;
  logic [2:0]           rsp_kind_d;
  logic [NS-1:0]        rsp_dst_d;
  logic [5:0]           rsp_wf_d;
  logic                 rsp_acq_d;
  logic [LA-1:0]        rsp_line_d;
  logic [1:0]           rsel;
  logic                 fetch_d, wb_d;

  always_comb begin
    lw_meta     = 1'b0;
    lw_tag      = cur_tag;
    lw_st       = cur_st;
    dsel        = DNone;
    ms_we       = 1'b0;
    ms_idx      = mk;
    ms_v        = 1'b1;
    ms_line     = acc_line;
    ms_way      = mk_way;
    ms_dst      = mk_dst;
    ms_wm       = mk_wm;
    rsp_valid_d = 1'b0;
    rsp_kind_d  = '0;
    rsp_dst_d   = '0;
    rsp_wf_d    = '0;
    rsp_acq_d   = 1'b0;
    rsp_line_d  = '0;
    rsel        = RNone;
    fetch_d     = 1'b0;
    wb_d        = 1'b0;

    if (fill) begin
      if (fill_ok) begin
        // M01 / M02: data := fill under the mwm bytes; V or D; DATA to mdst; free the entry.
        lw_meta = 1'b1;
        lw_st   = (mk_wm != '0) ? StD : StV;
        dsel    = DFill;
        ms_we   = 1'b1;
        ms_v    = 1'b0;
        if (mk_dst != '0) begin
          rsp_valid_d = 1'b1;
          rsp_kind_d  = RspData;
          rsp_dst_d   = mk_dst;
          rsp_line_d  = mem_line_i;
          rsel        = RFill;
        end
      end
    end else if (h_go && (tok_t01 || tok_t04)) begin
      // T01 / T04: GNT to the new holder (line 0, wf 0, acq 0, data 0: reading H7).
      rsp_valid_d = 1'b1;
      rsp_kind_d  = RspGnt;
      rsp_dst_d   = tok_t01 ? src_bit : (SmOne << tok_next);
    end else if (h_go && is_mem) begin
      if (alloc) begin
        // E3: the victim way gets the tag and P (X01 silently, X02 written back), the lowest
        // free MSHR the line; fetch.
        lw_meta = 1'b1;
        lw_tag  = acc_tag;
        lw_st   = StP;
        wb_d    = (cur_st == StD);
        fetch_d = 1'b1;
        ms_we   = 1'b1;
        ms_idx  = f_idx;
        ms_way  = vway;
        ms_dst  = is_gets ? src_bit : '0;                   // G03
        ms_wm   = is_wt ? h_mask : '0;                      // W03
        dsel    = is_wt ? DWt : DNone;
      end else if (is_gets && hp) begin
        // G02: merge into the pending fetch.
        ms_we  = 1'b1;
        ms_dst = mk_dst | src_bit;
      end else if (is_wt && hp) begin
        // W02: the bytes into the reserved way, remembered in mwm.
        dsel   = DWt;
        ms_we  = 1'b1;
        ms_wm  = mk_wm | h_mask;
      end else if (is_wt) begin
        // W01: the bytes into the line -> D.
        lw_meta = 1'b1;
        lw_st   = StD;
        dsel    = DWt;
      end else if (is_at && at_writes) begin
        // A01 writing -> D.
        lw_meta = 1'b1;
        lw_st   = StD;
        dsel    = DAmo;
      end
      if (is_gets && hvd) begin
        // G01.
        rsp_valid_d = 1'b1;
        rsp_kind_d  = RspData;
        rsp_dst_d   = src_bit;
        rsp_line_d  = h_line;
        rsel        = RLine;
      end else if (is_wt) begin
        // W01 / W02 / W03: ACK at once.
        rsp_valid_d = 1'b1;
        rsp_kind_d  = RspAck;
        rsp_dst_d   = src_bit;
        rsp_line_d  = h_line;
      end else if (is_at && hvd) begin
        // A01: the line before the atomic.
        rsp_valid_d = 1'b1;
        rsp_kind_d  = RspAtom;
        rsp_dst_d   = src_bit;
        rsp_wf_d    = h_wf;
        rsp_acq_d   = h_acq;
        rsp_line_d  = h_line;
        rsel        = RLine;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // FIFO (E1 b-d)
  // ---------------------------------------------------------------------------------------------

  logic push;
  assign push = req_valid_i && req_ready_q;

  gpucoh_fifo #(
    .Width(EW + DB + LineBytes),
    .Depth(L2Queue)
  ) u_fifo (
    .clk_i,
    .rst_ni,
    .push_i    (push),
    .data_i    ({req_kind_i, req_src_i, req_wf_i, req_acq_i, req_line_i, req_aop_i, req_word_i,
                 req_a_i, req_b_i, req_data_i, req_mask_i}),
    .pop_i     (h_pop),
    .head_o    ({h_ctl, h_data, h_mask}),
    .cnt_o     (qcnt),
    .cnt_next_o(qcnt_d)
  );

  // ---------------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------------

  // The byte merges (gpucoh_bytemerge.svh), called inside the writes.
  localparam bit [31:0] BmBytes = LineBytes;
`include "gpucoh_bytemerge.svh"

  logic [WW-1:0] rr_d;   // (victim + 1) mod L2Ways
  assign rr_d = (32'(vway) == L2Ways - 32'd1) ? '0 : vway + WW'(1);

  always_ff @(posedge clk_i) begin : p_lines
    if (!rst_ni) begin
      mlive_q <= '0;
      dlive_q <= '0;
      rr_q    <= '0;
    end else begin
      if (lw_meta) begin
        tag_q[cur_idx]   <= lw_tag;
        st_q[cur_idx]    <= lw_st;
        mlive_q[cur_idx] <= 1'b1;
      end
      if (dsel != DNone) begin
        data_q[cur_idx]  <= (dsel == DFill) ? gpucoh_bytemerge_f(mem_data_i, cur_data, mk_wm) :
                            (dsel == DWt)   ? gpucoh_bytemerge_f(cur_data, h_data, h_mask) :
                                              at_line;
        dlive_q[cur_idx] <= 1'b1;
      end
      if (alloc) begin
        rr_q[32'(acc_set)*WW +: WW] <= rr_d;
      end
    end
  end

  always_ff @(posedge clk_i) begin : p_mshr
    if (!rst_ni) begin
      mv_q  <= '0;
      mlv_q <= '0;
    end else if (ms_we) begin
      mv_q[ms_idx]    <= ms_v;
      mlv_q[ms_idx]   <= 1'b1;
      mline_q[ms_idx] <= ms_line;
      mway_q[ms_idx]  <= ms_way;
      mdst_q[ms_idx]  <= ms_dst;
      mwm_q[ms_idx]   <= ms_wm;
    end
  end

  always_ff @(posedge clk_i) begin : p_out
    if (!rst_ni) begin
      req_ready_q      <= 1'b1;
      rsp_valid_q      <= 1'b0;
      rsp_kind_q       <= '0;
      rsp_dst_q        <= '0;
      rsp_wf_q         <= '0;
      rsp_acq_q        <= 1'b0;
      rsp_line_q       <= '0;
      rsp_data_q       <= '0;
      mem_fetch_q      <= 1'b0;
      mem_fetch_line_q <= '0;
      mem_wb_q         <= 1'b0;
      mem_wb_line_q    <= '0;
      mem_wb_data_q    <= '0;
    end else begin
      req_ready_q      <= (qcnt_d < QueueLen);
      rsp_valid_q      <= rsp_valid_d;
      rsp_kind_q       <= rsp_kind_d;
      rsp_dst_q        <= rsp_dst_d;
      rsp_wf_q         <= rsp_wf_d;
      rsp_acq_q        <= rsp_acq_d;
      rsp_line_q       <= rsp_line_d;
      rsp_data_q       <= (rsel == RFill) ? gpucoh_bytemerge_f(mem_data_i, cur_data, mk_wm) :
                          (rsel == RLine) ? cur_data : '0;
      mem_fetch_q      <= fetch_d;
      mem_fetch_line_q <= fetch_d ? h_line : '0;
      mem_wb_q         <= wb_d;
      mem_wb_line_q    <= wb_d ? cur_line : '0;
      mem_wb_data_q    <= wb_d ? cur_data : '0;
    end
  end

  assign req_ready_o      = req_ready_q;
  assign rsp_valid_o      = rsp_valid_q;
  assign rsp_kind_o       = rsp_kind_q;
  assign rsp_dst_o        = rsp_dst_q;
  assign rsp_wf_o         = rsp_wf_q;
  assign rsp_acq_o        = rsp_acq_q;
  assign rsp_line_o       = rsp_line_q;
  assign rsp_data_o       = rsp_data_q;
  assign mem_fetch_o      = mem_fetch_q;
  assign mem_fetch_line_o = mem_fetch_line_q;
  assign mem_wb_o         = mem_wb_q;
  assign mem_wb_line_o    = mem_wb_line_q;
  assign mem_wb_data_o    = mem_wb_data_q;

  // ---------------------------------------------------------------------------------------------
  // Assertions (simulation only; empty under SYNTHESIS and Icarus)
  // ---------------------------------------------------------------------------------------------

  // As tc_l1: each assertion reads one bit of a public variable. ASSERT_WARN flags protocol
  // errors of the environment (E4, H4), which a testbench may present on purpose.
`ifndef SYNTHESIS
  logic sva_m1_way_ok   /* verilator public_flat_rd */;   // M1: one way matches
  logic sva_m1_mshr_ok  /* verilator public_flat_rd */;   // M1: a P line has its MSHR
  logic sva_m1_dup_ok   /* verilator public_flat_rd */;   // M1: one MSHR per line
  logic sva_e4_ok       /* verilator public_flat_rd */;   // E4
  logic sva_kind_ok     /* verilator public_flat_rd */;   // H4
  logic sva_ready_ok    /* verilator public_flat_rd */;   // E1 d
  logic sva_rsp_zero    /* verilator public_flat_rd */;   // timing rule 6
  logic sva_fetch_zero  /* verilator public_flat_rd */;
  logic sva_wb_zero     /* verilator public_flat_rd */;
  logic sva_tok_owner   /* verilator public_flat_rd */;   // V-RSP5 (bank half)
  logic sva_tok_rel     /* verilator public_flat_rd */;   // I7
  logic sva_tok_twice   /* verilator public_flat_rd */;   // I8
  always_comb begin
    sva_tok_owner  = !rst_ni || !tbusy_q || !(|(twait_q & (SmOne << town_q)));
    sva_tok_rel    = !(rst_ni && head) || !tok_i7;
    sva_tok_twice  = !(rst_ni && head) || !tok_i8;
    sva_m1_way_ok  = !(rst_ni && (fill || head)) || !wdup;
    sva_m1_mshr_ok = !(rst_ni && (fill_ok || (head && hp))) ||
                     (mfound && mk_way == (fill ? mk_way : hway) && cur_st == StP);
    sva_m1_dup_ok  = !(rst_ni && (fill || head)) || !mdup;
    sva_e4_ok      = !(rst_ni && fill) || mfound;
    sva_kind_ok    = !(rst_ni && head) || kind_ok;
    sva_ready_ok   = !rst_ni || (req_ready_q == (qcnt < QueueLen));
    sva_rsp_zero   = rsp_valid_q ||
                     (rsp_kind_q == '0 && rsp_dst_q == '0 && rsp_wf_q == '0 && !rsp_acq_q &&
                      rsp_line_q == '0 && rsp_data_q == '0);
    sva_fetch_zero = mem_fetch_q || (mem_fetch_line_q == '0);
    sva_wb_zero    = mem_wb_q || (mem_wb_line_q == '0 && mem_wb_data_q == '0);
  end
`endif

  `ASSERT(M1_WayUnique_A, sva_m1_way_ok)
  `ASSERT(M1_MshrWay_A, sva_m1_mshr_ok)
  `ASSERT(M1_MshrUnique_A, sva_m1_dup_ok)
  `ASSERT_WARN(E4_FillFindsMshr_A, sva_e4_ok)
  `ASSERT_WARN(Req_KindLegal_A, sva_kind_ok)
  `ASSERT(E1_ReadyIsRoom_A, sva_ready_ok)
  `ASSERT(RspPayloadZero_A, sva_rsp_zero)
  `ASSERT(FetchPayloadZero_A, sva_fetch_zero)
  `ASSERT(WbPayloadZero_A, sva_wb_zero)
  `ASSERT_WARN(Rsp_TokOwner_A, sva_tok_owner)
  `ASSERT_WARN(Tok_RelOwner_A, sva_tok_rel)
  `ASSERT_WARN(Tok_ReqTwice_A, sva_tok_twice)

endmodule
