/* SPDX-License-Identifier: Apache-2.0 */
/*
 * campaign_quality.c -- the quality kind of `gpucoh campaign` (docs/campaigns.md, "The quality
 * kind"). `gpucoh quality ARGS` runs a sweep of points (signature size m x granularity), each
 * independent of the others (its own RNG, seeded with --seed, and its own unit and shadow): the
 * plan makes a job per point, `gpucoh quality ARGS --point M,GRAN`, whose JSON holds the point's
 * full data; the merge hands the jobs' reports to quality's own code (quality_from_results),
 * which prints the serial run's lines and writes its JSON, .md, .csv and .png beside the merged
 * JSON, and returns its exit status.
 */
#define _XOPEN_SOURCE 700
#include "campaign_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quality.h"
#include "util.h"

#define QUALITY_MAX_POINTS 64

static char W_GPUCOH_Q[] = "gpucoh", W_QUALITY[] = "quality", W_POINT[] = "--point",
            W_OUT_Q[] = "--out", W_JSON_Q[] = "--json";

/* --point is each job's: refused in a plan */
static int refuse_args(const plan_t* p) {
    for (int i = 0; i < p->nargs; i++)
        if (!strcmp(p->args[i], "--point")) {
            fprintf(stderr, "gpucoh campaign plan quality: --point is not a campaign's (each job "
                            "runs one point: the plan makes a job per point)\n");
            return GPUCOH_EXIT_USAGE;
        }
    return 0;
}

/* a job per point ("  point M,GRAN" of `gpucoh quality ARGS --check-only`), in the sweep's
 * order: ARGS --point M,GRAN, named mM-GRAN */
int camp_plan_quality(plan_t* p) {
    const int status = refuse_args(p);
    return status ? status
                  : camp_plan_items(p, "  point ", QUALITY_MAX_POINTS, W_POINT, "m", "point");
}

/* the folder of the file path into dir ("." when path names none) */
static void folder_of(const char* path, char* dir, size_t n) {
    snprintf(dir, n, "%s", path);
    char* slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, n, ".");
    else
        slash[slash == dir] = 0; /* "/x": "/" */
}

/* `gpucoh quality ARGS --out DIR --json JSON` from the jobs' reports, DIR the folder of JSON */
int camp_merge_quality(char** roots, int nroots, const camp_t* c, const char* json) {
    char* a[CAMP_MAX_ARGS + 8];
    int na = 0;
    a[na++] = W_GPUCOH_Q;
    a[na++] = W_QUALITY;
    for (int i = 0; i < c->nargs && na < CAMP_MAX_ARGS; i++) /* the plan's ARGS (arg lines) */
        a[na++] = c->args[i];
    char** paths = calloc((size_t)c->njobs + 1, sizeof *paths);
    int status = paths ? 0 : 2;
    for (int i = 0; i < c->njobs && !status; i++) {
        char d[PATH_MAX + 128], r[PATH_MAX + 160];
        if (camp_job_dir(roots, nroots, c, i, d, sizeof d) != 0)
            status = 2;
        else if (snprintf(r, sizeof r, "%s/result.json", d) > 0 && !(paths[i] = strdup(r)))
            status = 2;
    }
    if (!status) {
        char dir[PATH_MAX], jp[PATH_MAX];
        folder_of(json, dir, sizeof dir);
        snprintf(jp, sizeof jp, "%s", json);
        a[na++] = W_OUT_Q;
        a[na++] = dir;
        a[na++] = W_JSON_Q;
        a[na++] = jp;
        a[na] = NULL;
        status = quality_from_results(na, a, paths, c->njobs);
    }
    for (int i = 0; paths && i < c->njobs; i++)
        free(paths[i]);
    free(paths);
    return status;
}
