/* SPDX-License-Identifier: Apache-2.0 */
/*
 * campaign_compare.c -- the compare kind of `gpucoh campaign` (campaign_int.h; docs/campaigns.md,
 * "The compare kind"). The plan: one job per run of `gpucoh compare ARGS` (a configuration, a
 * workload, a variant), each `gpucoh compare ARGS --only-run CONFIG/WORKLOAD/VARIANT`, which plans
 * the whole selection as the serial run does (a workload is sized from the first variant's
 * geometry) and runs that run alone, writing its part report. The merge hands the parts to
 * compare's own code (cmp_merge_main), which prints the serial run's lines and writes its
 * reports, claims judged over every run, beside the merged JSON.
 */
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign_int.h"
#include "compare.h"
#include "util.h"

enum { MAX_RUNS = 1024 }; /* more than compare can select (2 configs x 6 workloads x 32) */

static char W_GPUCOH_C[] = "gpucoh", W_ONLY_RUN[] = "--only-run", W_OUT_C[] = "--out",
            W_JSON_C[] = "--json";

/* the options a job sets or that are for one run, also as --name=value */
static bool job_option(const char* a) {
    static const char* const set[] = {"--only-run", "--check-only", "--out", "--json"};
    for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) {
        const size_t l = strlen(set[i]);
        if (!strncmp(a, set[i], l) && (a[l] == 0 || a[l] == '='))
            return true;
    }
    return false;
}

static int args_check(const plan_t* p) {
    for (int i = 0; i < p->nargs; i++)
        if (job_option(p->args[i])) {
            fprintf(stderr,
                    "gpucoh campaign plan compare: %s is not a campaign's (each job runs one run "
                    "with --only-run and sets --out and --json; the merge writes the reports "
                    "beside its JSON)\n",
                    p->args[i]);
            return GPUCOH_EXIT_USAGE;
        }
    return 0;
}

/* a job per "  run CONFIG/WORKLOAD/VARIANT" line of `gpucoh compare ARGS --check-only` */
int camp_plan_compare(plan_t* p) {
    const int status = args_check(p);
    return status ? status : camp_plan_items(p, "  run ", MAX_RUNS, W_ONLY_RUN, "", "run");
}

/* every job's part report, in plan order: 0, or 2 after a message */
static int part_paths(char** roots, int nroots, const camp_t* c, char** parts) {
    for (int i = 0; i < c->njobs; i++) {
        char d[PATH_MAX + 128];
        if (camp_job_dir(roots, nroots, c, i, d, sizeof d) != 0)
            return GPUCOH_EXIT_USAGE;
        const size_t l = strlen(d) + sizeof "/result.json";
        if (!(parts[i] = malloc(l)))
            return GPUCOH_EXIT_USAGE;
        snprintf(parts[i], l, "%s/result.json", d);
    }
    return 0;
}

/* `gpucoh compare ARGS --out DIR --json JSON` (ARGS: campaign.txt's "arg" lines; DIR: the
 * JSON's folder) made from the parts */
int camp_merge_compare(char** roots, int nroots, const camp_t* c, const char* json) {
    char* a[CAMP_MAX_ARGS + 8];
    char dir[PATH_MAX], js[PATH_MAX];
    int na = 0;
    snprintf(js, sizeof js, "%s", json);
    snprintf(dir, sizeof dir, "%s", json);
    char* slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else
        slash[slash == dir] = 0; /* "/x.json": "/" */
    a[na++] = W_GPUCOH_C;
    a[na++] = c->kind;
    for (int i = 0; i < c->nargs && na < CAMP_MAX_ARGS; i++)
        a[na++] = c->args[i];
    a[na++] = W_OUT_C;
    a[na++] = dir;
    a[na++] = W_JSON_C;
    a[na++] = js;
    a[na] = NULL;
    char** parts = calloc((size_t)c->njobs + 1, sizeof *parts);
    int rc = parts ? part_paths(roots, nroots, c, parts) : GPUCOH_EXIT_USAGE;
    if (rc == 0)
        rc = cmp_merge_main(na, a, parts, c->njobs);
    for (int i = 0; parts && i < c->njobs; i++)
        free(parts[i]);
    free(parts);
    return rc;
}
