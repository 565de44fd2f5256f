/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_gtkw.h -- the GTKWave view of a divergence in a merged G-TSC / G-TSC-SC system dump
 * (G-TSC's wave_gtkw hook, docs/waves.md, gtsc.md section 14): the diverging unit's scope
 * opened (an L1, a bank or the global overflow unit gtsc_ovf), its ports and state in the groups
 * "core", "req", "rsp", "DRAM", "timestamps", "MSHR", "overflow", every timestamp in unsigned
 * decimal, the diverging signal red and first, the other units' handshakes in closed groups;
 * marker on the rising edge of the divergence. As hlrc_gtkw.h for hLRC.
 */
#ifndef GPUCOH_GTSC_GTKW_H
#define GPUCOH_GTSC_GTKW_H

#include <stddef.h>

#include "gsys_backend.h"
#include "mwave.h"

/* pd: a gtsc_sys_desc_t; scope: the diverging unit's scope in the dump ("sm2_l1", "bank0_l2",
 * "ovf"). 0 = written. */
int gtsc_wave_gtkw(const void* pd, const gsys_rtl_result_t* div, const char* scope,
                   const gpucoh_mwave_t* w, const char* gtkw_path, const char* title,
                   unsigned* traces, unsigned* missing, char* err, size_t errlen);

#endif
