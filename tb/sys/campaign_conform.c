/* SPDX-License-Identifier: Apache-2.0 */
/*
 * campaign_conform.c -- the conform kind of `gpucoh campaign` (campaign_int.h; docs/campaigns.md,
 * "The conform kind"; issue 25 item 3 at scale). The plan checks the arguments as `gpucoh
 * conform` does (--check-only prints the count T of the tests it would run) and cuts those T
 * tests into N slices of consecutive tests (--jobs N, default one per 100 tests): job k runs
 * `gpucoh conform ARGS --shard k/N`. The merge hands the jobs' reports, in order, to `gpucoh
 * conform ARGS --from-results LIST`, which sums them and prints the serial run's report with
 * the serial run's exit status (conform_merge.c).
 */
#define _XOPEN_SOURCE 700
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "campaign_int.h"
#include "util.h"

#define CC_TESTS_PER_JOB 100u

static char W_SHARD[] = "--shard", W_KNOWN[] = "--known", W_FROM[] = "--from-results",
            W_JSONOPT[] = "--json", W_CONFORM[] = "conform", W_GPUCOH[] = "gpucoh";

/* the options a job or the merge sets, refused in ARGS (camp_check_only refuses --out, --json,
 * --run, --check-only) */
static int refuse_own(const plan_t* p, bool* known) {
    static const char* const own[] = {"--shard", "--from-results", "--only"};
    *known = false;
    for (int i = 0; i < p->nargs; i++) {
        *known = *known || !strcmp(p->args[i], "--known");
        for (size_t k = 0; k < sizeof own / sizeof own[0]; k++)
            if (!strcmp(p->args[i], own[k])) {
                fprintf(stderr,
                        "gpucoh campaign plan conform: %s is not a campaign's (the jobs set "
                        "--shard, the merge --from-results; --only replays one test)\n",
                        own[k]);
                return GPUCOH_EXIT_USAGE;
            }
    }
    return 0;
}

/* "  tests T" of `conform ARGS --check-only`: 0 with *t, or 2 after a message */
static int count_tests(plan_t* p, uint64_t* t) {
    char* out = NULL;
    char* files[1];
    int nf = 0;
    int rc = camp_check_only(p, &out, files, 1, &nf);
    const char* l = out ? strstr(out, "  tests ") : NULL;
    if (rc == 0 && (!l || sscanf(l, "  tests %" SCNu64, t) != 1)) {
        fprintf(stderr, "gpucoh campaign plan conform: gpucoh conform --check-only gave no "
                        "test count\n");
        rc = GPUCOH_EXIT_USAGE;
    }
    if (rc == 0 && !*t) {
        fprintf(stderr, "gpucoh campaign plan conform: the arguments select no test\n");
        rc = GPUCOH_EXIT_USAGE;
    }
    free(out);
    return rc;
}

int camp_plan_conform(plan_t* p) {
    bool known = false;
    uint64_t t = 0;
    int rc = refuse_own(p, &known);
    if (rc == 0)
        rc = count_tests(p, &t);
    if (rc != 0)
        return rc;
    const uint64_t n =
        p->jobs ? (p->jobs < t ? p->jobs : t) : (t + CC_TESTS_PER_JOB - 1) / CC_TESTS_PER_JOB;
    if (n > CAMP_MAX_JOBS) {
        fprintf(stderr,
                "gpucoh campaign plan conform: %" PRIu64 " tests: more than %d jobs of "
                "%u (give --jobs N)\n",
                t, CAMP_MAX_JOBS, CC_TESTS_PER_JOB);
        return GPUCOH_EXIT_USAGE;
    }
    char** a = calloc((size_t)p->nargs + 8, sizeof *a);
    char kl[PATH_MAX + 64], sh[64], name[32];
    snprintf(kl, sizeof kl, "%s/litmus/known-violations.txt", gpucoh_root());
    int na = 0;
    for (int i = 0; a && i < p->nargs; i++)
        a[na++] = p->args[i];
    if (a && !known) { /* the list the jobs judge by, named: a change to it reruns them */
        a[na++] = W_KNOWN;
        a[na++] = kl;
    }
    for (uint64_t k = 1; a && k <= n && rc == 0; k++) {
        snprintf(sh, sizeof sh, "%" PRIu64 "/%" PRIu64, k, n);
        snprintf(name, sizeof name, "shard-%05" PRIu64, k);
        a[na] = W_SHARD;
        a[na + 1] = sh;
        rc = camp_plan_add(p, name, a, na + 2) == 0 ? 0 : GPUCOH_EXIT_USAGE;
    }
    free(a);
    return a ? rc : GPUCOH_EXIT_USAGE;
}

/* LIST: the jobs' reports, in plan order: 0, or 2 after a message */
static int write_list(char** roots, int nroots, const camp_t* c, const char* list) {
    char* text = NULL;
    size_t len = 0;
    FILE* m = open_memstream(&text, &len);
    int rc = m ? 0 : GPUCOH_EXIT_USAGE;
    for (int i = 0; i < c->njobs && rc == 0; i++) {
        char d[PATH_MAX + 128];
        if (camp_job_dir(roots, nroots, c, i, d, sizeof d) != 0)
            rc = GPUCOH_EXIT_USAGE;
        else
            fprintf(m, "%s/result.json\n", d);
    }
    if (m)
        fclose(m);
    if (rc == 0 && camp_write_text(list, text) != 0)
        rc = GPUCOH_EXIT_USAGE;
    free(text);
    return rc;
}

int camp_merge_conform(char** roots, int nroots, const camp_t* c, const char* json) {
    char list[PATH_MAX + 16], jp[PATH_MAX];
    snprintf(list, sizeof list, "%s.shards", json);
    snprintf(jp, sizeof jp, "%s", json);
    int rc = write_list(roots, nroots, c, list);
    char** a = calloc((size_t)c->nargs + 8, sizeof *a);
    if (rc == 0 && a) {
        int na = 0;
        a[na++] = W_GPUCOH;
        a[na++] = W_CONFORM;
        for (int i = 0; i < c->nargs; i++)
            a[na++] = c->args[i];
        a[na++] = W_FROM;
        a[na++] = list;
        a[na++] = W_JSONOPT;
        a[na++] = jp;
        rc = camp_run_self(a, NULL, NULL);
        rc = rc < 0 ? GPUCOH_EXIT_USAGE : rc;
    }
    unlink(list);
    free(a);
    return a ? rc : GPUCOH_EXIT_USAGE;
}
