/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpucoh_ports.h -- what every unit's port table (cmodel/<unit>_ports.h) is written with
 * (docs/framework.md, "The port table"). C and C++ alike: the table is read by the C
 * testbench, the Verilator shim (C++) and the SystemC modules (C++).
 *
 * A unit's ports are one X-macro, <UNIT>_PORTS(X, P), one row per RTL port but clk_i, in the
 * order of the views (compare, waves):
 *
 *   X(port, dir, width, field, shape, wave, filter)
 *
 *   port    the RTL name (rst_ni, chunk_data_o)
 *   dir     IN | OUT
 *   width   bits, an expression of the RTL parameters written P(Name) (the user of the table
 *           says what P(Name) is: a compile-time constant in the shim and SystemC, the model's
 *           descriptor in the testbench) and of GPUCOH_PORT_CLOG2 / GPUCOH_PORT_MAX1
 *   field   the member of the unit's in / out struct (rst_n, t.now, core.data)
 *   shape   SCALAR            an integer, bool or enum member of at most 64 bits
 *           WORDS             a uint32_t array, word i = port bits [32i+31:32i]
 *           PACKED(n, ew)     an array of n elements of ew bits, element j at [j*ew +: ew]
 *           NONE              no C field (field `_`): a port of the RTL the C model has not
 *                             (tc_gwct's combinational read port), driven 0 by the shim
 *   wave    WAVE | NOWAVE     in the unit's GTKWave save file (gpucoh waves, failure windows)
 *   filter  "" or the translate filter of waves/filters/ that names its values
 *
 * The RTL's widths are checked against this one table: systemc/build_sc.sh reads them from
 * Verilator's XML of the same elaboration and sc_lockstep.cpp static_asserts every row.
 */
#ifndef GPUCOH_PORTS_H
#define GPUCOH_PORTS_H

#include <stdint.h>

#ifdef __cplusplus
#define GPUCOH_PORTS_CONSTEXPR constexpr
#else
#define GPUCOH_PORTS_CONSTEXPR
#endif

/* ceil(log2(v)) for v >= 1 (0 for v <= 1) */
static inline GPUCOH_PORTS_CONSTEXPR uint32_t gpucoh_port_clog2(uint64_t v) {
    return v <= 1u ? 0u : 1u + gpucoh_port_clog2((v + 1u) / 2u);
}
/* max(1, v) */
static inline GPUCOH_PORTS_CONSTEXPR uint32_t gpucoh_port_max1(uint64_t v) {
    return v < 1u ? 1u : (uint32_t)v;
}
#define GPUCOH_PORT_CLOG2(v) gpucoh_port_clog2((uint64_t)(v))
#define GPUCOH_PORT_MAX1(v)  gpucoh_port_max1((uint64_t)(v))

#endif
