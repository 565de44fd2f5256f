/* SPDX-License-Identifier: Apache-2.0 */
/*
 * area.h -- run the synthesis / area / timing flow (synth/synth.sh: Yosys + osu018 + OpenSTA) for
 * one unit configuration and read back its result. Used by `gpucoh area` and by tools.
 *
 * The flow and the meaning of every number are described in docs/area-method.md. In short:
 *   area_um2        total cell area of the mapped netlist (osu018 liberty area = um^2)
 *   ge              area_um2 / area(NAND2X1) (= 24 um^2): gate equivalents
 *   ff_area_um2     area of all sequential cells; logic_area_um2 = area_um2 - ff_area_um2
 *   storage_bits    architectural storage bits of the unit (what the caller passed)
 *   sram_macro_um2  SRAM-macro estimate for the storage (documented bit-cell model)
 *   sram_total_um2  area_um2 - storage flop area + sram_macro_um2
 *   crit_path_ns    worst register/input-to-register/output path incl. setup; NAN if none
 *   fmax_mhz        1000 / crit_path_ns; NAN if none
 *   crit_path_io_ns the same with the I/O budget (inputs arrive 30 % of the cycle late, outputs
 *                   are due 30 % early: a block inside an SM); fmax_io_mhz = 1000 / it;
 *                   io_limit_class the path class that sets it. NAN / "" in a result from
 *                   before the budget (optional keys)
 *   synth_seconds   Yosys wall time of the run that produced the result (cached or not)
 *
 * Example:
 *   const char *files[] = {"rtl/sig/sig_bloom.sv"};
 *   const char *params[] = {"SigBits=4096", "NumHashes=6"};
 *   gpucoh_area_t a;
 *   char err[512];
 *   if (gpucoh_area_run(".", "sig_bloom", files, 1, params, 2, 4096 + 13,
 *                       "build/area/sig_bloom_m4096", &a, err, sizeof err) != 0) {
 *       fprintf(stderr, "gpucoh: %s\n", err);
 *       return 1;
 *   }
 *   gpucoh_area_print(stdout, "sig_bloom m=4096", &a);
 *   gpucoh_area_json(stdout, &a);
 */
#ifndef GPUCOH_AREA_H
#define GPUCOH_AREA_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    double area_um2, ge, ff_area_um2, logic_area_um2, sram_macro_um2, sram_total_um2, crit_path_ns,
        fmax_mhz, synth_seconds;
    double crit_path_io_ns, fmax_io_mhz; /* with the I/O budget; NAN in an older result */
    char io_limit_class[8];              /* "rr", "ir", "ro", "io"; "" if none */
    uint32_t cells, flops, storage_bits;
} gpucoh_area_t;

/* Extra knobs of gpucoh_area_run_ex(). A zeroed struct gives the defaults. */
typedef struct {
    uint32_t sram_bits;  /* storage bits the SRAM estimate moves into macros; 0 = storage_bits */
    uint32_t sram_banks; /* number of separate macros (e.g. k banks of a parallel Bloom); 0 = 1 */
    uint32_t sram_ports; /* read/write ports per macro (k for a true Bloom filter); 0 = 1 */
    int force;           /* non-zero: ignore a cached result and synthesize again */
    FILE* progress;      /* if set, one line before and after the run (runs take minutes) */
} gpucoh_area_opts_t;

/*
 * Runs synth/synth.sh (found under repo_root) into workdir (created if missing) and parses
 * workdir/area.txt. rtl_files are relative to repo_root (or absolute); rtl/gpucoh_pkg.sv is read
 * first by the flow. params are "Name=Value" RTL parameter overrides. A result already in workdir
 * is reused when its inputs are unchanged: top, files, package and include files, parameters,
 * storage, the flow script, the liberty, the tool binaries and the GPUCOH_* environment.
 * Returns 0 on success; otherwise non-zero with a message naming the problem in err.
 */
int gpucoh_area_run(const char* repo_root, const char* top, const char* const* rtl_files,
                    int nfiles, const char* const* params /* "Name=Value" */, int nparams,
                    uint32_t storage_bits, const char* workdir, gpucoh_area_t* out, char* err,
                    size_t errlen);

/* As gpucoh_area_run() with extra options (opts may be NULL = defaults). */
int gpucoh_area_run_ex(const char* repo_root, const char* top, const char* const* rtl_files,
                       int nfiles, const char* const* params, int nparams, uint32_t storage_bits,
                       const char* workdir, const gpucoh_area_opts_t* opts, gpucoh_area_t* out,
                       char* err, size_t errlen);

/*
 * The hierarchical flow of the multi-signature units (synth/hier.sh, docs/area-method.md §7):
 * runs `synth/hier.sh --only <only_regex> --no-report` under repo_root (it synthesizes only the
 * points whose committed result in synth/results/ is out of date, one at a time; log in
 * log_path) and parses synth/results/<result_name>.area.txt, the total of the top and its
 * sig_store black boxes. Returns 0 on success, else non-zero with a message in err.
 */
int gpucoh_area_hier(const char* repo_root, const char* only_regex, const char* result_name,
                     const char* log_path, gpucoh_area_t* out, char* err, size_t errlen);

/* Parses an area.txt written by synth/synth.sh (e.g. synth/results/\*.area.txt). */
int gpucoh_area_parse(const char* path, gpucoh_area_t* out, char* err, size_t errlen);

/* Human-readable block: the label, then one line per figure. */
void gpucoh_area_print(FILE* f, const char* label, const gpucoh_area_t* a);

/* One JSON object (no trailing newline); NAN figures are written as null. */
void gpucoh_area_json(FILE* f, const gpucoh_area_t* a);

#ifdef __cplusplus
}
#endif

#endif /* GPUCOH_AREA_H */
