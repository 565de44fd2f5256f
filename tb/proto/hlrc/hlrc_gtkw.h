/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_gtkw.h -- the GTKWave view of a divergence in a merged hLRC / hLRC-scoped system dump
 * (hLRC's wave_gtkw hook, docs/waves.md): the diverging unit's scope opened, its ports and state
 * in groups, the diverging signal red and first, the other units' handshakes in closed groups;
 * marker on the rising edge of the divergence. As denovo_gtkw.h for DeNovo.
 */
#ifndef GPUCOH_HLRC_GTKW_H
#define GPUCOH_HLRC_GTKW_H

#include <stddef.h>

#include "gsys_backend.h"
#include "mwave.h"

/* pd: an hlrc_sys_desc_t; scope: the diverging unit's scope in the dump ("sm2_l1",
 * "bank0_l2"). 0 = written. */
int hlrc_wave_gtkw(const void* pd, const gsys_rtl_result_t* div, const char* scope,
                   const gpucoh_mwave_t* w, const char* gtkw_path, const char* title,
                   unsigned* traces, unsigned* missing, char* err, size_t errlen);

#endif
