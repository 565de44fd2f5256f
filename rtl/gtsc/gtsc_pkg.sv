// SPDX-License-Identifier: Apache-2.0
//
// gtsc_pkg -- encodings of the G-TSC family (gtsc_l1, gtsc_l2, gtsc_ovf; gtsc and gtsc-sc): the
// core operations and core response kinds, the kinds of the two networks (req: L1 -> bank, rsp:
// bank -> L1), the L1 and bank line states, the L1 MSHR entry kinds, and the fixed widths of the
// message fields.
//
// The one place these values are written in the RTL (docs/units/gtsc/gtsc.md sections 4 and 14,
// gtsc_l1.md section 2, gtsc_l2.md section 2); the units name them as gtsc_pkg::Name (the project
// dialect has no `import`). Each item equals the C enum constant of the same meaning in
// cmodel/gtsc/ (tests/test_encodings.c checks every item). The atomic-operation codes ADD 0,
// EXCH 1, CAS 2 are the shared rtl/gpucoh_atom_pkg.sv's; code 3 is illegal (gtsc_l1 J1, gtsc_l2
// J2). Read this file before the units in every tool's list.
//
// Message field layout (gtsc.md section 4; a field a kind does not name is 0). The widths that
// depend on the configuration are the units' parameters: LA = AddrWidth - log2 LineBytes,
// TsWidth, EpWidth, 8*LineBytes data bits, LineBytes mask bits, NumSm destination bits.
//   req  kind 2 | src 6 | wf 6 | line LA | wts TsWidth (RD, WR) | warp_ts TsWidth | ep EpWidth |
//        data 8*LineBytes, mask LineBytes (WR) | aop 2, word 5, a 32, b 32 (AT)
//   rsp  kind 3 | dst NumSm | wf 6 | line LA | wts TsWidth (FILL, WACK, AACK) | rts TsWidth |
//        keep 1 (WACK) | ep EpWidth | data 8*LineBytes (FILL, AACK)

package gtsc_pkg;

  // Fixed field widths (gtsc.md section 4).
  localparam int ReqKindW = 2;    // req kind
  localparam int RspKindW = 3;    // rsp kind
  localparam int SrcW     = 6;    // requesting SM
  localparam int WfW      = 6;    // warp
  localparam int AopW     = 2;    // atomic code
  localparam int WordW    = 5;    // atomic word index (taken modulo LW at the bank)

  // Core -> L1 operation, core_op_i (gtsc_op_e; tc_pkg's values).
  typedef enum logic [1:0] {
    GtOpNone   = 2'd0,   // GTSC_OP_NONE    illegal (J1)
    GtOpLoad   = 2'd1,   // GTSC_OP_LOAD
    GtOpStore  = 2'd2,   // GTSC_OP_STORE
    GtOpAtomic = 2'd3    // GTSC_OP_ATOMIC
  } gtsc_op_e;

  // L1 -> core response kind, crsp_kind_o (gtsc_crsp_e; STORE = GSYS_CRSP_STORE, Sc = 1 only).
  typedef enum logic [1:0] {
    GtCrspNone   = 2'd0,   // GTSC_CRSP_NONE
    GtCrspLoad   = 2'd1,   // GTSC_CRSP_LOAD
    GtCrspAtomic = 2'd2,   // GTSC_CRSP_ATOMIC
    GtCrspStore  = 2'd3    // GTSC_CRSP_STORE
  } gtsc_crsp_e;

  // req network kind (gtsc_req_e; also the bank's MSHR mkind_q: RD 1, WR 2, AT 3).
  typedef enum logic [1:0] {
    GtReqNone = 2'd0,   // GTSC_REQ_NONE   illegal at the bank (J2)
    GtReqRd   = 2'd1,   // GTSC_REQ_RD     read or renewal (BusRd)
    GtReqWr   = 2'd2,   // GTSC_REQ_WR     store (BusWr)
    GtReqAt   = 2'd3    // GTSC_REQ_AT     atomic (D14)
  } gtsc_req_e;

  // rsp network kind (gtsc_rsp_e). 5..7 are illegal at the L1 (J3).
  typedef enum logic [2:0] {
    GtRspNone = 3'd0,   // GTSC_RSP_NONE
    GtRspFill = 3'd1,   // GTSC_RSP_FILL   wts, rts, data (BusFill)
    GtRspRnw  = 3'd2,   // GTSC_RSP_RNW    rts only (BusRnw)
    GtRspWack = 3'd3,   // GTSC_RSP_WACK   wts, rts, keep (BusWrAck)
    GtRspAack = 3'd4    // GTSC_RSP_AACK   wts, rts, data before the atomic
  } gtsc_rsp_e;

  // L1 line state st_q (gtsc_l1_st_e). 3 is unused.
  typedef enum logic [1:0] {
    GtL1StI = 2'd0,   // GTSC_L1_I  invalid
    GtL1StV = 2'd1,   // GTSC_L1_V  data and lease valid
    GtL1StP = 2'd2    // GTSC_L1_P  reserved for a FILL (tied to an MSHR entry)
  } gtsc_l1_st_e;

  // L1 MSHR entry kind mk_q (gtsc_mk_e).
  typedef enum logic [1:0] {
    GtMkRd = 2'd0,   // GTSC_MK_RD  an RD is outstanding (miss or renewal)
    GtMkWr = 2'd1,   // GTSC_MK_WR  a WR is outstanding
    GtMkAt = 2'd2,   // GTSC_MK_AT  an AT is outstanding
    GtMkSv = 2'd3    // GTSC_MK_SV  nothing outstanding: the waiting loads are served (R10)
  } gtsc_mk_e;

  // Bank line state st_q (gtsc_l2_st_e).
  typedef enum logic [1:0] {
    GtL2StI = 2'd0,   // GTSC_L2_I  invalid
    GtL2StV = 2'd1,   // GTSC_L2_V  clean
    GtL2StD = 2'd2,   // GTSC_L2_D  dirty
    GtL2StP = 2'd3    // GTSC_L2_P  DRAM fetch outstanding
  } gtsc_l2_st_e;

endpackage
