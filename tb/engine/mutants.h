/* SPDX-License-Identifier: Apache-2.0 */
/* mutants.h -- `gpucoh mutants`: bug injection into a scratch copy of the RTL. */
#ifndef GPUCOH_MUTANTS_H
#define GPUCOH_MUTANTS_H

#include <stdbool.h>
#include <stdint.h>

#include "unit.h"

/* A mutant file tests/mutants/<unit>/<name>.mut (format: mutants.c). */
typedef struct {
    char name[128]; /* the file name without .mut */
    char description[256];
    char file[128]; /* the RTL file it changes, relative to rtl/ */
    char find[1024];
    char replace[1024];
    char params[8][128];
    int nparams;
} gpucoh_mutant_t;

/* Shared with the SystemC front end (systemc/sc_host.c). Parse a mutant file: 0, or -1 with a
 * message "PATH:LINE: ..." / "PATH: ..." in err. */
int gpucoh_mutant_parse(const char* path, gpucoh_mutant_t* m, char* err, size_t errlen);
/* The same on a file's text (NUL-terminated; its lines are cut in place), path naming it in the
 * messages and giving the mutant's name (tests/fuzz/fuzz_mutant.c). */
int gpucoh_mutant_parse_text(char* text, const char* path, gpucoh_mutant_t* m, char* err,
                             size_t errlen);
/* A whole file, NUL-terminated, malloc'd (*n its length); NULL if unreadable. */
char* gpucoh_slurp(const char* path, size_t* n);
/* path = a + b + c, written to a temporary file and renamed over path (a reader sees one whole
 * version or the other). 0 or -1. */
int gpucoh_write_parts(const char* path, const char* a, size_t na, const char* b, size_t nb,
                       const char* c, size_t nc);
/* The scratch copy of a mutant: <root>/rtl/include and the NULL-ended files (relative to rtl/)
 * copied into dir, m (NULL: none) applied to its file, whose find text must occur exactly once.
 * owner names the unit in the message when m's file is not among files. 0, or -1 with err. */
int gpucoh_mutant_scratch(const char* const* files, const gpucoh_mutant_t* m, const char* dir,
                          const char* owner, char* err, size_t errlen);

/* Runs the unmutated RTL first (it must pass), then every mutant of tests/mutants/<unit>/
 * (or only `only_file`). netlist: synthesize each and run the gate-level netlist instead, and
 * add the mutants of tests/mutants/<unit>/netlist/ (synthesis-only bugs). stim: the unit's
 * own lockstep stimulus (--steer, --illegal-rate; NULL = the defaults); its steer also selects
 * the TC system context's traffic with or without its steered phases (traffic.h). Exit status:
 * 0 all caught, 1 some survived or broke, 2 usage. */
/* `gpucoh mutants <unit> --check-only`: every mutant file of the campaign read and checked
 * against the RTL (as before a run), each listed as "  file PATH" on stdout; nothing built or
 * run. 0, or 2 after a message. */
int gpucoh_mutants_check(const gpucoh_unit_t* u, const char* only_file, bool netlist);

/* part: the whole campaign; the unmutated RTL alone; the mutants without it (the jobs of
 * `gpucoh campaign`, whose merge takes the baseline from the first) */
enum { GPUCOH_MUTANTS_WHOLE, GPUCOH_MUTANTS_BASELINE, GPUCOH_MUTANTS_NO_BASELINE };
int gpucoh_mutants(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, const char* only_file,
                   uint64_t cycles, uint64_t seed, const char* json_path, const char* out_dir,
                   bool netlist, const gpucoh_stim_cfg_t* stim, int part);

/* ---- the unit's family system (docs/framework.md, "Layers") ---------------------------------
 * A unit of a protocol family (manifest: family "tc", "gpu") also runs its mutants in the
 * family's multi-SM system (tb/sys). The engine does not see tb/sys: it declares these and the
 * top folder implements them (tb/cli/families.c, over sys_cli.h and gsys.h). A family is an
 * opaque handle. */
enum { GPUCOH_FAMILY_MAX_SLOTS = 8 };

/* One mutant's system lockstep (sys_cli_mutant, tb/sys/sys_cli.h). */
typedef struct {
    bool diverged;
    uint64_t cycles_run, div_cycle;
    char kind[16];
    char field[168];
} gpucoh_sys_mutant_t;

/* The registered protocol of a family name ("tc"), or NULL: none ("sig"). */
const void* gpucoh_family_find(const char* family);
/* Its name ("tc"), its number of system slots (at most GPUCOH_FAMILY_MAX_SLOTS). */
const char* gpucoh_family_name(const void* fam);
uint32_t gpucoh_family_nslots(const void* fam);
/* Slot k's name ("l1"); *unit (if unit is not NULL) its catalogue unit. */
const char* gpucoh_family_slot(const void* fam, uint32_t k, const gpucoh_unit_t** unit);
/* sys_cli_params_ok and sys_cli_mutant (tb/sys/sys_cli.h) of the family's protocol. */
int gpucoh_family_params_ok(const void* fam, const char* const* params, int nparams, char* why,
                            size_t wn);
int gpucoh_family_mutant(const void* fam, const char* rtl_dir, uint64_t cycles, uint64_t seed,
                         bool steer, uint32_t netlist, const char* const* params, int nparams,
                         gpucoh_sys_mutant_t* r, char* why, size_t wn);

#endif
