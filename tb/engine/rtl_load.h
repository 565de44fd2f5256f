/* SPDX-License-Identifier: Apache-2.0 */
/* rtl_load.h -- build (once per parameter set, cached) and load a Verilated unit. */
#ifndef GPUCOH_RTL_LOAD_H
#define GPUCOH_RTL_LOAD_H

#include <limits.h>
#include <stdbool.h>

#include <stdio.h>

#include "area.h"
#include "gpucoh_rtl.h"
#include "unit.h"

typedef struct {
    void* dl;
    const gpucoh_rtl_api_t* api;
    char dir[PATH_MAX]; /* cache entry build/rtl/<unit>-<hash> */
    char key[1024];     /* "sig_bloom SigBits=4096 ..." */
    bool built;         /* built by this call (not from the cache) */
    double build_seconds;
    /* gate-level netlist models (gpucoh_netlist_load) */
    bool netlist;
    char synth_dir[PATH_MAX]; /* the synth/synth.sh result the netlist comes from */
    char netlist_path[PATH_MAX + 16];
    double synth_seconds;  /* synthesis (or its cache look-up) in this call */
    uint32_t cells, flops; /* of the netlist */
    /* exported by a netlist shim: the state struct with ones in every register bit (held = 0),
     * or in every register bit the netlist holds (held = 1) */
    void (*state_mask)(void* st, int held);
    uint32_t removed_regs; /* registers with bits synthesis removed (no output uses them) */
    uint32_t removed_bits; /* how many bits (0 if the shim exports no mask) */
    char removed[512];     /* their names, "cur_addr_q[4:0], ..." */
    /* exported by the RTL shims (verilator/shim_common.h), NULL for an older model: a run that
     * presents illegal inputs on purpose makes the input assertions' failures expected (counted,
     * not printed); the count of input-assertion failures so far (every model of this .so) */
    void (*expect_input_asserts)(int on);
    uint64_t (*input_asserts)(void);
} gpucoh_rtl_t;

/* rtl_dir: directory holding the unit's RTL files (NULL = <root>/rtl); used by mutants.
 * The cache key covers the parameters and the bytes of every input of the build. */
int gpucoh_rtl_load(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, const char* rtl_dir,
                    bool quiet, gpucoh_rtl_t* r, char* err, size_t errlen);
void gpucoh_rtl_unload(gpucoh_rtl_t* r);

/* The gate-level netlist of the unit (docs/testing.md, "Netlist lockstep"): the Yosys netlist on
 * osu018 cells that synth/synth.sh writes for `gpucoh area` (taken from its cached result when
 * the inputs are unchanged, else synthesized now, progress on stderr unless quiet), Verilated
 * with cell models from the liberty behind the unit's own shim, cached under
 * build/rtl/<unit>-netlist-<hash> (key: parameters, netlist bytes, flow script, liberty, shim).
 * rtl_dir as for gpucoh_rtl_load (the synthesis then runs in <rtl_dir>/synth-<unit>-<hash>). */
int gpucoh_netlist_load(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, const char* rtl_dir,
                        bool quiet, gpucoh_rtl_t* r, char* err, size_t errlen);
bool gpucoh_netlist_supported(const gpucoh_unit_t* u);
/* A netlist's removed state bits: an n-byte state struct (the shim's) with ones in every bit of a
 * register whose flops synthesis removed (r->state_mask required), calloc'd; *bits counts them.
 * NULL when out of memory. */
unsigned char* gpucoh_netlist_removed_mask(const gpucoh_rtl_t* r, size_t n, uint32_t* bits);

/* The flat synthesis of `gpucoh area` (synth/synth.sh): its work directory for a parameter set
 * (<root>/build/area/<unit>-<hash>, or inside rtl_dir), and the run (cached by its inputs). */
void gpucoh_area_workdir(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, const char* rtl_dir,
                         char* buf, size_t n);
int gpucoh_area_flat(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, const char* rtl_dir,
                     FILE* progress, const char* workdir, gpucoh_area_t* out, char* err,
                     size_t errlen);

#endif
