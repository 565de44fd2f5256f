// SPDX-License-Identifier: Apache-2.0
//
// gpu_pkg -- encodings of the baseline GPU family (gpu_l1, gpu_l2; GPU-D, GPU-H and GPU-RSP): the
// values of the Hrf parameter, message kinds on the core, L1 -> L2, L2 -> L1 and peer channels and
// the L2 line states.
//
// The one place these values are written in the RTL; the units name them as gpu_pkg::Name (the
// project dialect has no `import`, which Yosys 0.23 cannot parse), as the TC family does with
// rtl/tc/tc_pkg.sv. Each item equals the C enum of cmodel/gpu/gpu_types.h or gpu_l2.h named beside
// it, and tests/test_encodings.c checks every item against that enum (and fails on an item it has
// no C name for). The atomic-operation codes (gpu_aop_t) are not here: TC and GPU share them, in
// rtl/gpucoh_atom_pkg.sv (Yosys 0.23 cannot alias one package's items in another). gpu_l1 has
// no line-state encoding (its lines are flag bits: val, pend, stale, acq) and no MSHR kind; its
// store buffer holds line addresses only. Read this file before the units in every tool's list.

package gpu_pkg;

  // Values of the Hrf parameter (gpu_variant_t). Enums rather than localparams, as in
  // gpucoh_pkg: a unit that does not use every item gets no UNUSEDPARAM warning.
  // 32 bits wide, as the parameter is.
  typedef enum logic [31:0] {
    GpuD = 32'd0,   // GPU_D (every synchronization at GPU scope)
    GpuH = 32'd1    // GPU_H (CTA-scope synchronization stays in the L1)
  } gpu_variant_e;

  // Core -> L1 operation, core_op_i (gpu_op_t).
  typedef enum logic [2:0] {
    GpuOpNone   = 3'd0,   // GPU_OP_NONE
    GpuOpLoad   = 3'd1,   // GPU_OP_LOAD
    GpuOpStore  = 3'd2,   // GPU_OP_STORE
    GpuOpAtomic = 3'd3,   // GPU_OP_ATOMIC
    GpuOpFence  = 3'd4    // GPU_OP_FENCE
  } gpu_op_e;

  // L1 -> L2 request kind, req_kind (gpu_req_kind_t); None when no request. 3 bits for every
  // variant (rsp.md RS16); TokReq / TokRel only with Rsp = 1.
  typedef enum logic [2:0] {
    GpuReqNone   = 3'd0,   // GPU_REQ_NONE
    GpuReqGets   = 3'd1,   // GPU_REQ_GETS
    GpuReqWt     = 3'd2,   // GPU_REQ_WT
    GpuReqAtomic = 3'd3,   // GPU_REQ_ATOMIC
    GpuReqTokReq = 3'd4,   // GPU_REQ_TOKREQ
    GpuReqTokRel = 3'd5    // GPU_REQ_TOKREL
  } gpu_req_kind_e;

  // L2 -> L1 response kind, rsp_kind (gpu_rsp_kind_t); None when no response. 3 bits (RS16);
  // Gnt only with Rsp = 1.
  typedef enum logic [2:0] {
    GpuRspNone = 3'd0,   // GPU_RSP_NONE
    GpuRspData = 3'd1,   // GPU_RSP_DATA
    GpuRspAck  = 3'd2,   // GPU_RSP_ACK
    GpuRspAtom = 3'd3,   // GPU_RSP_ATOM
    GpuRspGnt  = 3'd4    // GPU_RSP_GNT
  } gpu_rsp_kind_e;

  // L1 -> L1s peer message kind, peer_kind (gpu_peer_kind_t; rsp.md section 3); Rsp = 1 only.
  typedef enum logic [2:0] {
    GpuPeerNone   = 3'd0,   // GPU_PEER_NONE
    GpuPeerLock   = 3'd1,   // GPU_PEER_LOCK
    GpuPeerFlush  = 3'd2,   // GPU_PEER_FLUSH
    GpuPeerInv    = 3'd3,   // GPU_PEER_INV
    GpuPeerUnlock = 3'd4,   // GPU_PEER_UNLOCK
    GpuPeerBack   = 3'd5    // GPU_PEER_BACK
  } gpu_peer_kind_e;

  // L1 -> core response kind, crsp_kind_o (gpu_crsp_kind_t).
  typedef enum logic [1:0] {
    GpuCrspNone   = 2'd0,   // GPU_CRSP_NONE
    GpuCrspLoad   = 2'd1,   // GPU_CRSP_LOAD
    GpuCrspAtomic = 2'd2    // GPU_CRSP_ATOMIC
  } gpu_crsp_kind_e;

  // L2 line state st (gpu_l2_st_t; docs/units/gpu/gpu_l2.md section 3).
  typedef enum logic [1:0] {
    GpuL2StI = 2'd0,   // GPU_L2_I
    GpuL2StV = 2'd1,   // GPU_L2_V
    GpuL2StD = 2'd2,   // GPU_L2_D
    GpuL2StP = 2'd3    // GPU_L2_P
  } gpu_l2_st_e;

endpackage
