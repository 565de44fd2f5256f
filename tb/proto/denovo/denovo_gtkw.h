/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_gtkw.h -- the GTKWave view of a divergence in a merged DeNovo-D / DeNovo-D+RO / DeNovo-H
 * system dump (DeNovo's wave_gtkw hook, docs/waves.md): the diverging unit's scope opened, its
 * ports and state in groups, the diverging signal red and first, the other units' handshakes in
 * closed groups; marker on the rising edge of the divergence. As gpu_gtkw.h for GPU.
 */
#ifndef GPUCOH_DENOVO_GTKW_H
#define GPUCOH_DENOVO_GTKW_H

#include <stddef.h>

#include "gsys_backend.h"
#include "mwave.h"

/* pd: a denovo_sys_desc_t; scope: the diverging unit's scope in the dump ("sm2_l1",
 * "bank0_l2"). 0 = written. */
int denovo_wave_gtkw(const void* pd, const gsys_rtl_result_t* div, const char* scope,
                     const gpucoh_mwave_t* w, const char* gtkw_path, const char* title,
                     unsigned* traces, unsigned* missing, char* err, size_t errlen);

#endif
