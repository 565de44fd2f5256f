// SPDX-License-Identifier: Apache-2.0
//
// denovo_pkg -- encodings of the DeNovo family (denovo_l1, denovo_l2; DeNovo-D, DeNovo-D+RO,
// DeNovo-H): the message kinds of the four networks, the L1 word states, the registry's line
// states, the core operations and the core response kinds.
//
// The one place these values are written in the RTL (docs/units/denovo/denovo.md sections 2
// and 3, denovo_l1.md section 2, denovo_l2.md section 3); the units name them as
// denovo_pkg::Name (the project dialect has no `import`, which Yosys 0.23 cannot parse). Each
// item equals the C enum constant of cmodel/denovo/denovo_types.h named beside it, and
// tests/test_encodings.c checks every item against it. No item stands for "none": kind 0, op 0
// and response kind 0 are the idle / illegal values of the ports, not named by the pages. The
// atomic-operation codes are the shared rtl/gpucoh_atom_pkg.sv (D12). Read this file before the
// units in every tool's list.

package denovo_pkg;

  // Message kind, one enum for all four networks (denovo_msg_kind_t; denovo.md section 3).
  typedef enum logic [3:0] {
    DnMsgGets   = 4'd1,    // DENOVO_MSG_GETS    req:  read the line
    DnMsgReg    = 4'd2,    // DENOVO_MSG_REG     req:  register the words of mask
    DnMsgWb     = 4'd3,    // DENOVO_MSG_WB      wb:   owned words written back
    DnMsgDone   = 4'd4,    // DENOVO_MSG_DONE    wb:   a registration is complete (D6)
    DnMsgData   = 4'd5,    // DENOVO_MSG_DATA    rsp:  the answer to a GETS
    DnMsgRegd   = 4'd6,    // DENOVO_MSG_REGD    rsp:  the answer to a REG
    DnMsgWback  = 4'd7,    // DENOVO_MSG_WBACK   rsp:  a (non-recall) WB taken
    DnMsgRecall = 4'd8,    // DENOVO_MSG_RECALL  rsp:  the registry evicts the line (D9)
    DnMsgPdata  = 4'd9,    // DENOVO_MSG_PDATA   peer: an owner's words for a reader (D4)
    DnMsgXfer   = 4'd10,   // DENOVO_MSG_XFER    peer: a previous owner's words (D5)
    DnMsgDack   = 4'd11    // DENOVO_MSG_DACK    rsp:  a DONE taken (D17)
  } denovo_msg_kind_e;

  // L1 word state, st_q[i] bits [2w+1:2w] (denovo_word_st_t; denovo.md section 2).
  typedef enum logic [1:0] {
    DnWI  = 2'd0,   // DENOVO_W_I   invalid
    DnWV  = 2'd1,   // DENOVO_W_V   valid
    DnWR  = 2'd2,   // DENOVO_W_R   registered (owned here)
    DnWVO = 2'd3    // DENOVO_W_VO  valid read-only (DeNovo-D+RO: survives acquires)
  } denovo_word_st_e;

  // Registry line state st_q (denovo_l2_st_t; denovo_l2.md section 3).
  typedef enum logic [1:0] {
    DnL2StI = 2'd0,   // DENOVO_L2_I  invalid
    DnL2StV = 2'd1,   // DENOVO_L2_V  clean
    DnL2StD = 2'd2,   // DENOVO_L2_D  dirty (differs from DRAM)
    DnL2StP = 2'd3    // DENOVO_L2_P  fetch pending
  } denovo_l2_st_e;

  // Core -> L1 operation, core_op_i (denovo_op_t; the GPU family's values).
  typedef enum logic [2:0] {
    DnOpLoad   = 3'd1,   // DENOVO_OP_LOAD
    DnOpStore  = 3'd2,   // DENOVO_OP_STORE
    DnOpAtomic = 3'd3,   // DENOVO_OP_ATOMIC
    DnOpFence  = 3'd4    // DENOVO_OP_FENCE
  } denovo_op_e;

  // L1 -> core response kind, crsp_kind_o (denovo_crsp_kind_t).
  typedef enum logic [1:0] {
    DnCrspLoad   = 2'd1,   // DENOVO_CRSP_LOAD
    DnCrspAtomic = 2'd2    // DENOVO_CRSP_ATOMIC
  } denovo_crsp_kind_e;

endpackage
