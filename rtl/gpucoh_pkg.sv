// SPDX-License-Identifier: Apache-2.0
//
// gpucoh_pkg -- constants and types shared by the gpucoh RTL units.
//
// Read this file first in every tool's file list. Refer to its items as gpucoh_pkg::Name (the
// project dialect has no `import`, which Yosys 0.23 cannot parse).

package gpucoh_pkg;

  // ---------------------------------------------------------------------------------------------
  // sig_bloom (docs/units/sig_bloom.md)
  // ---------------------------------------------------------------------------------------------

  // Width of sig_bloom's op_i port.
  localparam int SigBloomOpWidth = 3;

  // op_i encoding (spec section 2). Codes 6 and 7 are reserved: they behave exactly as NOP and
  // a simulation assertion flags them (rule R7). They have no enum member on purpose.
  typedef enum logic [SigBloomOpWidth-1:0] {
    SigBloomOpNop    = 3'd0,
    SigBloomOpInsert = 3'd1,
    SigBloomOpTest   = 3'd2,
    SigBloomOpClear  = 3'd3,
    SigBloomOpRead   = 3'd4,
    SigBloomOpLoad   = 3'd5
  } sig_bloom_op_e;

  // Value of the HashKind parameter.
  localparam int SigBloomHashH3     = 0;
  localparam int SigBloomHashBitSel = 1;

  // Rows of the H3 matrix generated per hash function, independent of AddrWidth and GranBytes
  // (spec section 4.2; the C model's SIG_BLOOM_H3_STRIDE).
  localparam int SigBloomH3Stride = 64;

  // ---------------------------------------------------------------------------------------------
  // rdu (docs/units/rdu.md)
  // ---------------------------------------------------------------------------------------------

  // rsp_kind_o encoding (spec section 2); NONE (0) when no beat is on the bus. Shared with the
  // AVU's rsp_kind_i. (Enums rather than localparams: a unit that does not use every item gets
  // no UNUSEDPARAM warning.)
  typedef enum logic [2:0] {
    RduRspNone     = 3'd0,
    RduRspWriteAck = 3'd1,
    RduRspNoRace   = 3'd2,
    RduRspRace     = 3'd3,
    RduRspForced   = 3'd4
  } rdu_rsp_kind_e;

  // Engine state st (spec section 3); 3 is unused.
  typedef enum logic [1:0] {
    RduStIdle  = 2'd0,
    RduStUnits = 2'd1,
    RduStShip  = 2'd2
  } rdu_st_e;

  // ---------------------------------------------------------------------------------------------
  // avu (docs/units/avu.md)
  // ---------------------------------------------------------------------------------------------

  // Engine state st (spec section 3).
  typedef enum logic [1:0] {
    AvuStIdle     = 2'd0,
    AvuStTest     = 2'd1,
    AvuStLoad     = 2'd2,
    AvuStValidate = 2'd3
  } avu_st_e;

  // res_kind_o encoding (spec section 2).
  typedef enum logic [2:0] {
    AvuResHit     = 3'd0,
    AvuResMiss    = 3'd1,
    AvuResAvuMiss = 3'd2,
    AvuResExpired = 3'd3,
    AvuResStore   = 3'd4
  } avu_res_kind_e;

endpackage
