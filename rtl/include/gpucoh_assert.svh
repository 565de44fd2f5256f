// SPDX-License-Identifier: Apache-2.0
//
// gpucoh_assert.svh -- assertion macro vocabulary of the gpucoh RTL (the idea of OpenTitan's
// prim_assert, written for this project's tool set).
//
//   `ASSERT(Name_A, prop)            concurrent assertion, clocked by clk_i; failure is $error
//                                    (Verilator with --assert prints it and stops the model)
//   `ASSERT_WARN(Name_A, prop)       the same with $warning: flags the event, simulation goes on
//   `ASSERT_ELAB(Name_A, cond, msg)  parameter check: elaboration fails with msg unless cond
//
// Properties must be single-step: a boolean, `a |-> b` or `a |=> b`, optionally with $past or
// $stable. Verilator 5.006 rejects ##N. The clock is clk_i. There is no implicit `disable iff`:
// the units reset synchronously, so each property names rst_ni in its antecedent where needed.
//
// Backends:
//   SYNTHESIS (Yosys defines it in read_verilog) -- ASSERT and ASSERT_WARN are empty;
//       ASSERT_ELAB is a generate-if with an elaboration-time $error, which Yosys 0.23 executes
//       (it prints the text without formatting arguments, so msg must be a plain string).
//   __ICARUS__ (Icarus Verilog 11) -- it parses neither concurrent assertions nor elaboration
//       system tasks: ASSERT and ASSERT_WARN are empty, ASSERT_ELAB is an initial $fatal.
//   otherwise (Verilator) -- concurrent SVA; ASSERT_ELAB gives both an elaboration-time $error
//       (USERERROR, which stops verilator unless warnings are made non-fatal) and an initial
//       $fatal, so that a model built with -Wno-fatal still refuses to run.

`ifndef GPUCOH_ASSERT_SVH
`define GPUCOH_ASSERT_SVH

`ifdef SYNTHESIS

`define ASSERT(__name, __prop)
`define ASSERT_WARN(__name, __prop)
`define ASSERT_ELAB(__name, __cond, __msg) \
  if (!(__cond)) begin : __name             \
    $error(__msg);                          \
  end

`elsif __ICARUS__

`define ASSERT(__name, __prop)
`define ASSERT_WARN(__name, __prop)
`define ASSERT_ELAB(__name, __cond, __msg) \
  if (!(__cond)) begin : __name             \
    initial $fatal(1, __msg);               \
  end

`else

`define ASSERT(__name, __prop)                                   \
  __name: assert property (@(posedge clk_i) (__prop))             \
    else $error("[%m] assertion %s failed", `"__name`");
`define ASSERT_WARN(__name, __prop)                              \
  __name: assert property (@(posedge clk_i) (__prop))             \
    else $warning("[%m] assertion %s flagged", `"__name`");
`define ASSERT_ELAB(__name, __cond, __msg) \
  if (!(__cond)) begin : __name             \
    $error(__msg);                          \
    initial $fatal(1, __msg);               \
  end

`endif

`endif // GPUCOH_ASSERT_SVH
