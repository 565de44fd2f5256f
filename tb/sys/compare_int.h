/* SPDX-License-Identifier: Apache-2.0 */
/* compare_int.h -- what the command line of gpucoh compare (compare_cli.c) shares with its report
 * writers (compare_report.c). Not an interface. */
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
    const char *protocol_arg, *workload_arg, *config_arg; /* as given */
} copt_t;

typedef struct {
    copt_t o;
    cmp_run_t* runs; /* [nc][nw][nv] */
    uint32_t n;
    char cmd[2048];    /* the command line as given */
    char replay[1024]; /* the command line that makes the same runs */
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

#endif
