// SPDX-License-Identifier: Apache-2.0
//
// hlrc_pkg -- encodings of the hLRC family (hlrc_l1, hlrc_l2; hLRC and hLRC-scoped): the message
// kinds of the four networks (req, sync, wb, rsp), the L1 line states, the bank's line states,
// the no-write code of a bank-performed access, the core operations and the core response
// kinds, and the phases of the L1's flush-driven registers.
//
// The one place these values are written in the RTL (docs/units/hlrc/hlrc.md sections 2 and 3,
// hlrc_l1.md sections 2 and 3, hlrc_l2.md sections 2 and 3); the units name them as
// hlrc_pkg::Name (the project dialect has no `import`, which Yosys 0.23 cannot parse). Each item
// equals the C enum constant of cmodel/hlrc/hlrc_types.h of the same meaning, and
// tests/test_encodings.c checks every item against it. The atomic-operation codes ADD 0, EXCH 1,
// CAS 2 are the shared rtl/gpucoh_atom_pkg.sv's; this package adds only AopNone = 3 (hlrc.md
// section 3: the shared package stays untouched). Read this file before the units in every
// tool's list.

package hlrc_pkg;

  // Message kind, one enum for all four networks (hlrc_msg_kind_e; hlrc.md section 3). NONE is
  // the idle / illegal value of the ports (a message of kind 0 is a protocol error, I1).
  typedef enum logic [3:0] {
    HlMsgNone   = 4'd0,    // HLRC_MSG_NONE    (no message)
    HlMsgGets   = 4'd1,    // HLRC_MSG_GETS    req:  read the line
    HlMsgWt     = 4'd2,    // HLRC_MSG_WT      req:  write the masked bytes
    HlMsgReg    = 4'd3,    // HLRC_MSG_REG     sync: give the sender registration
    HlMsgAtomic = 4'd4,    // HLRC_MSG_ATOMIC  sync: a GPU-scope access at the bank (D25)
    HlMsgRack   = 4'd5,    // HLRC_MSG_RACK    wb:   the answer to one REVOKE (D14)
    HlMsgEvict  = 4'd6,    // HLRC_MSG_EVICT   wb:   registration given up (D15)
    HlMsgData   = 4'd7,    // HLRC_MSG_DATA    rsp:  the answer to GETS
    HlMsgAck    = 4'd8,    // HLRC_MSG_ACK     rsp:  one WT performed
    HlMsgGrant  = 4'd9,    // HLRC_MSG_GRANT   rsp:  the answer to REG
    HlMsgAtom   = 4'd10,   // HLRC_MSG_ATOM    rsp:  the answer to ATOMIC
    HlMsgRevoke = 4'd11,   // HLRC_MSG_REVOKE  rsp:  the bank wants the line back
    HlMsgEack   = 4'd12    // HLRC_MSG_EACK    rsp:  an EVICT taken
  } hlrc_msg_kind_e;

  // L1 line state st_q (hlrc_l1_st_e; hlrc.md section 2). 3 is unused (L1_StLegal_A).
  typedef enum logic [1:0] {
    HlL1StI = 2'd0,   // HLRC_L1_I  invalid
    HlL1StV = 2'd1,   // HLRC_L1_V  valid, not registered
    HlL1StR = 2'd2    // HLRC_L1_R  registered here
  } hlrc_l1_st_e;

  // Bank line state st_q (hlrc_l2_st_e; gpu_l2's values).
  typedef enum logic [1:0] {
    HlL2StI = 2'd0,   // HLRC_L2_I  invalid
    HlL2StV = 2'd1,   // HLRC_L2_V  clean
    HlL2StD = 2'd2,   // HLRC_L2_D  dirty (differs from DRAM)
    HlL2StP = 2'd3    // HLRC_L2_P  fetch pending
  } hlrc_l2_st_e;

  // The family's atomic-operation item (hlrc_aop_e; hlrc.md section 3): the no-write code of an
  // acquire LOAD performed at the bank. Codes 0-2 are gpucoh_atom_pkg's AopAdd, AopExch, AopCas.
  typedef enum logic [1:0] {
    AopNone = 2'd3    // HLRC_AOP_NONE
  } hlrc_aop_e;

  // Core -> L1 operation, core_op_i (the GPU family's values; hlrc_l1.md section 2).
  typedef enum logic [2:0] {
    HlOpLoad   = 3'd1,   // HLRC_OP_LOAD
    HlOpStore  = 3'd2,   // HLRC_OP_STORE
    HlOpAtomic = 3'd3,   // HLRC_OP_ATOMIC
    HlOpFence  = 3'd4    // HLRC_OP_FENCE
  } hlrc_op_e;

  // L1 -> core response kind, crsp_kind_o (hlrc_l1.md section 2).
  typedef enum logic [1:0] {
    HlCrspLoad   = 2'd1,   // HLRC_CRSP_LOAD
    HlCrspAtomic = 2'd2    // HLRC_CRSP_ATOMIC
  } hlrc_crsp_kind_e;

  // The L1's pre-flush phase hph_q (hlrc_l1.md section 3).
  typedef enum logic [1:0] {
    HlHphNone = 2'd0,   // no pre-flush
    HlHphNext = 2'd1,   // waits for the next batch
    HlHphCur  = 2'd2,   // in the current batch
    HlHphDone = 2'd3    // done (C22 may send the ATOMIC)
  } hlrc_hph_e;

  // The L1's eviction phase evs_q of an R line (hlrc_l1.md section 3).
  typedef enum logic [2:0] {
    HlEvsNone    = 3'd0,   // no eviction
    HlEvsNext    = 3'd1,   // waits for the next batch
    HlEvsCur     = 3'd2,   // in the current batch
    HlEvsFlushed = 3'd3,   // flushed: EVICT to send
    HlEvsSent    = 3'd4    // EVICT sent: waits for the EACK
  } hlrc_evs_e;

  // The phase rvp_q[j] of a revoke-queue entry (hlrc_l1.md section 3; 0 is a free slot).
  typedef enum logic [1:0] {
    HlRvpNext    = 2'd1,   // waits for the next batch
    HlRvpCur     = 2'd2,   // in the current batch
    HlRvpFlushed = 2'd3    // flushed: RACK to send
  } hlrc_rvp_e;

endpackage
