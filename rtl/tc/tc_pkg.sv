// SPDX-License-Identifier: Apache-2.0
//
// tc_pkg -- encodings of the Temporal Coherence family (tc_timer, tc_gwct, tc_l1, tc_l2): message
// kinds on the core, L1 -> L2 and L2 -> L1 channels, line states, MSHR kinds and the values of
// the Protocol and LeaseMode parameters (the atomic-operation codes: rtl/gpucoh_atom_pkg.sv).
//
// The one place these values are written in the RTL; the units name them as tc_pkg::Name (the
// project dialect has no `import`, which Yosys 0.23 cannot parse). Each item equals the C enum
// of cmodel/tc/tc_types.h, tc_l1.h or tc_l2.h named beside it, and tests/test_encodings.c checks
// every item against that enum (and fails on an item it has no C name for). Read this file
// before the units in every tool's file list.

package tc_pkg;

  // Values of the Protocol parameter (tc_protocol_t). Enums rather than localparams, as in
  // gpucoh_pkg: a unit that does not use every item gets no UNUSEDPARAM warning.
  // 32 bits wide, as the parameters are.
  typedef enum logic [31:0] {
    TcStrong = 32'd0,   // TC_STRONG
    TcWeak   = 32'd1,   // TC_WEAK
    TcWeakC  = 32'd2    // TC_WEAK_C (cumulative TC-Weak: tc_l1.md section 12)
  } tc_protocol_e;

  // Values of the LeaseMode parameter (tc_lease_mode_t).
  typedef enum logic [31:0] {
    TcLeaseFixed   = 32'd0,   // TC_LEASE_FIXED
    TcLeasePredict = 32'd1    // TC_LEASE_PREDICT
  } tc_lease_mode_e;

  // Core -> L1 operation, core_op_i (tc_op_t).
  typedef enum logic [1:0] {
    TcOpNone   = 2'd0,   // TC_OP_NONE
    TcOpLoad   = 2'd1,   // TC_OP_LOAD
    TcOpStore  = 2'd2,   // TC_OP_STORE
    TcOpAtomic = 2'd3    // TC_OP_ATOMIC
  } tc_op_e;

  // Atomic operation on one 32-bit word (tc_aop_t): not here. TC and GPU share these codes, in
  // rtl/gpucoh_atom_pkg.sv (aop_e, read before this package); Yosys 0.23 cannot name one
  // package's items inside another, so this package does not alias them (docs/framework.md).

  // L1 -> L2 request kind, req_kind (tc_req_kind_t); None when no request.
  typedef enum logic [2:0] {
    TcReqNone   = 3'd0,   // TC_REQ_NONE
    TcReqGets   = 3'd1,   // TC_REQ_GETS
    TcReqGetx   = 3'd2,   // TC_REQ_GETX
    TcReqUpgr   = 3'd3,   // TC_REQ_UPGR
    TcReqAtomic = 3'd4    // TC_REQ_ATOMIC
  } tc_req_kind_e;

  // L2 -> L1 response kind, rsp_kind (tc_rsp_kind_t); None when no response.
  typedef enum logic [2:0] {
    TcRspNone  = 3'd0,   // TC_RSP_NONE
    TcRspData  = 3'd1,   // TC_RSP_DATA
    TcRspDataG = 3'd2,   // TC_RSP_DATA_G
    TcRspAck   = 3'd3,   // TC_RSP_ACK
    TcRspAckG  = 3'd4,   // TC_RSP_ACK_G
    TcRspDataW = 3'd5    // TC_RSP_DATA_W (TC-Weak-C only: tc_l2.md N3/N4, tc_l1.md K4)
  } tc_rsp_kind_e;

  // L1 -> core response kind, crsp_kind_o (tc_crsp_kind_t).
  typedef enum logic [1:0] {
    TcCrspNone   = 2'd0,   // TC_CRSP_NONE
    TcCrspLoad   = 2'd1,   // TC_CRSP_LOAD
    TcCrspAtomic = 2'd2    // TC_CRSP_ATOMIC
  } tc_crsp_kind_e;

  // L1 line state st (tc_l1_st_t; docs/units/tc/tc_l1.md section 3).
  typedef enum logic [2:0] {
    TcL1StI  = 3'd0,   // TC_L1_I
    TcL1StV  = 3'd1,   // TC_L1_V
    TcL1StVM = 3'd2,   // TC_L1_V_M
    TcL1StIV = 3'd3,   // TC_L1_I_V
    TcL1StII = 3'd4    // TC_L1_I_I
  } tc_l1_st_e;

  // L2 line state st (tc_l2_st_t; docs/units/tc/tc_l2.md section 3).
  typedef enum logic [2:0] {
    TcL2StI  = 3'd0,   // TC_L2_I
    TcL2StP  = 3'd1,   // TC_L2_P
    TcL2StS  = 3'd2,   // TC_L2_S
    TcL2StE  = 3'd3,   // TC_L2_E
    TcL2StIS = 3'd4,   // TC_L2_I_S
    TcL2StIM = 3'd5    // TC_L2_I_M
  } tc_l2_st_e;

  // L2 MSHR kind mkind (tc_mshr_kind_t).
  typedef enum logic [1:0] {
    TcMshrIS = 2'd0,   // TC_MS_IS
    TcMshrIM = 2'd1,   // TC_MS_IM
    TcMshrMI = 2'd2    // TC_MS_MI
  } tc_mshr_kind_e;

endpackage
