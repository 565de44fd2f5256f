/* SPDX-License-Identifier: Apache-2.0 */
/* compare_int.h -- what the command line of gpucoh compare (compare_cli.c) shares with its report
 * writers (compare_report.c) and its part reports (compare_part.c: one run's metrics, written by a
 * campaign job with --only-run and read back by the merge). Not an interface. */
#ifndef GPUCOH_COMPARE_INT_H
#define GPUCOH_COMPARE_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "compare.h"

enum { MAX_VARIANTS = 32, MAX_CONFIGS = 2 };

typedef struct {
    const char* variants[MAX_VARIANTS];
    uint32_t nv;
    uint32_t workloads[SYNTH_N];
    uint32_t nw;
    const char* configs[MAX_CONFIGS];
    uint32_t nc;
    uint64_t seed, cycles;
    uint32_t scale, inject;
    bool steal_set; /* --steal given: steal_permille of worksteal and rsteal */
    uint32_t steal;
    const char* out;
    const char* json;
    bool plot, quiet;
    bool check_only;      /* --check-only: everything checked, the runs listed, nothing run */
    const char* only_run; /* --only-run CONFIG/WORKLOAD/VARIANT: that run alone, a part report */
    const char *protocol_arg, *workload_arg, *config_arg; /* as given */
} copt_t;

typedef struct {
    copt_t o;
    cmp_run_t* runs; /* [nc][nw][nv] */
    uint32_t n;
    char cmd[2048];    /* the command line as given */
    char replay[1024]; /* the command line that makes the same runs */
    void** kept;       /* what the part reports read allocated (names), freed by part_free */
    uint32_t nkept, capkept;
} cmp_t;

typedef struct {
    uint32_t n[4]; /* claims by cmp_status_t */
} cmp_tally_t;

static inline cmp_run_t* run_at(const cmp_t* x, uint32_t c, uint32_t w, uint32_t v) {
    return &x->runs[(c * x->o.nw + w) * x->o.nv + v];
}

/* Before anything runs: gnuplot (unless --no-plot), --out, --json. 0 or -1 with err. */
int report_check(const copt_t* o, char* err, size_t errlen);
/* compare.png (unless --no-plot), compare.md, compare.csv, compare.json (or --json): each
 * written whole to a temporary file and renamed. 0 or -1 with err. */
int report_write(const cmp_t* x, const cmp_tally_t* t, bool pass, double secs, char* err,
                 size_t errlen);
/* the "  report    ..." line */
void report_paths(const copt_t* o, FILE* f);
/* one run as an object of compare.json's "runs" */
void report_json_run(FILE* f, const cmp_run_t* r);

/* ---- part reports (compare_part.c) ---- */

/* "CONFIG/WORKLOAD/VARIANT", the name of a run for --only-run and the campaign's jobs */
void part_name(const cmp_run_t* r, char* b, size_t n);
/* the run of x of that name, or NULL */
cmp_run_t* part_find(const cmp_t* x, const char* name);
/* The part report of run r at path (temporary file, rename): its name, the build and the
 * selection it belongs to (version, the whole replay line), the run as compare.json has it and
 * every measured field ("metrics"). 0, or -1 with err. */
int part_write(const cmp_t* x, const cmp_run_t* r, const char* path, char* err, size_t errlen);
/* Read the part report at path into its run of x (x planned from the serial arguments): its
 * measured fields, ran set. 0, or -1 with err (not a part report, another build or selection, a
 * run not in x or read twice). */
int part_read(cmp_t* x, const char* path, char* err, size_t errlen);
/* free what part_read allocated */
void part_free(cmp_t* x);

#endif
