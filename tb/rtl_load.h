/* SPDX-License-Identifier: Apache-2.0 */
/* rtl_load.h -- build (once per parameter set, cached) and load a Verilated unit. */
#ifndef GPUCOH_RTL_LOAD_H
#define GPUCOH_RTL_LOAD_H

#include <limits.h>
#include <stdbool.h>

#include "gpucoh_rtl.h"
#include "unit.h"

typedef struct {
    void* dl;
    const gpucoh_rtl_api_t* api;
    char dir[PATH_MAX]; /* cache entry build/rtl/<unit>-<hash> */
    char key[1024];     /* "sig_bloom SigBits=4096 ..." */
    bool built;         /* built by this call (not from the cache) */
    double build_seconds;
} gpucoh_rtl_t;

/* rtl_dir: directory holding the unit's RTL files (NULL = <root>/rtl); used by mutants.
 * The cache key covers the parameters and the bytes of every input of the build. */
int gpucoh_rtl_load(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, const char* rtl_dir,
                    bool quiet, gpucoh_rtl_t* r, char* err, size_t errlen);
void gpucoh_rtl_unload(gpucoh_rtl_t* r);

#endif
