/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_ovf_ports.h -- the ports of gtsc_ovf (docs/units/gtsc/gtsc.md section 7.4), once
 * (cmodel/gpucoh_ports.h says how to read it). Fields: gtsc_ovf_in_t / gtsc_ovf_out_t.
 */
#ifndef GPUCOH_GTSC_OVF_PORTS_H
#define GPUCOH_GTSC_OVF_PORTS_H

#include "gpucoh_ports.h"

/* clang-format off */
#define GTSC_OVF_PORTS(X, P)                                                                       \
    X(rst_ni,  IN,  1,            rst_n, SCALAR, WAVE, "")                                         \
    X(ovf_i,   IN,  P(NumBanks),  ovf,   SCALAR, WAVE, "")                                         \
    X(tsrst_o, OUT, 1,            tsrst, SCALAR, WAVE, "")
/* clang-format on */

#endif
