// SPDX-License-Identifier: Apache-2.0
//
// gpucoh_assert_formal.svh -- the assertion macros of rtl/include/gpucoh_assert.svh for the formal
// proofs (tools/prove_denovo_l2.sh). Yosys reads this file first, in the same read_verilog as
// the RTL (-formal, which defines FORMAL instead of SYNTHESIS): it takes gpucoh_assert.svh's
// include guard, so the units' `include "gpucoh_assert.svh" reads nothing and they get these.
// (gpucoh_assert.svh itself is left as it is: the synthesis results' fingerprints hash every
// file of rtl/include, and tools/check_single.sh allows no `ifdef FORMAL in a unit.)
//
//   `ASSERT(Name_A, prop)       `assert property (prop)`: Yosys 0.23 parses neither a clocking
//                               event nor an action block there; the property is checked in
//                               every step (every state between two edges), which is what the
//                               simulators' clocked form samples for a property of the state
//   `ASSERT_WARN(Name_A, prop)  empty: the protocol errors of the environment it flags are
//                               inputs the proof leaves free (a unit asserts the property of one
//                               it proves under its harness's assumptions with `ASSERT, gated
//                               by its Formal parameter)
//   `ASSERT_ELAB(Name_A, c, m)  as under SYNTHESIS: an elaboration-time $error

`define GPUCOH_ASSERT_SVH

`define ASSERT(__name, __prop)                                   \
  __name: assert property (__prop);
`define ASSERT_WARN(__name, __prop)
`define ASSERT_ELAB(__name, __cond, __msg) \
  if (!(__cond)) begin : __name             \
    $error(__msg);                          \
  end
