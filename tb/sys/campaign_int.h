/* SPDX-License-Identifier: Apache-2.0 */
/*
 * campaign_int.h -- what the kinds of `gpucoh campaign` share (campaign.c; docs/campaigns.md).
 * A kind is a plan splitter (ARGS -> jobs, camp_plan_add each) and a merger (the jobs' folders ->
 * the serial command's lines, JSON and exit status); campaign.c keeps the table of kinds
 * (camp_kinds) and everything else: the plan's files, a job's run and fingerprint, the merge's
 * checks, the Slurm scripts. A kind with more than a few functions has its own file
 * (campaign_<kind>.c) and declares its two entry points here.
 */
#ifndef GPUCOH_CAMPAIGN_INT_H
#define GPUCOH_CAMPAIGN_INT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CAMP_MAX_JOBS 100000
#define CAMP_MAX_ARGS 512

typedef struct {
    const char* kind;
    char* kind_w;    /* the same, as an argv word */
    const char* cmd; /* the gpucoh command of its jobs (the kind, or cosim for soak); NULL: a
                        script's steps (the jobs run `campaign job DIR --sh -- ...`) */
    char root[PATH_MAX];
    char cwd[PATH_MAX];
    char self[PATH_MAX];
    char** args; /* the serial command's arguments after KIND */
    int nargs;
    uint32_t jobs; /* --jobs N (0: the kind's default), for kinds that split a count */
    /* the jobs: name and the arguments after "gpucoh" */
    int njobs;
    char** names;
    char** lines; /* ROOT/jobs.txt's lines */
    int* stage;   /* each job's stage: 1, or 1 + the largest stage of the jobs it runs after */
    int nstages;  /* the largest stage (1: no job waits for another) */
} plan_t;

typedef struct {
    char* text; /* campaign.txt */
    char* kind;
    int njobs;
    char** names;
    int nargs;
    char** args; /* the serial command's arguments after KIND ("arg" lines) */
    int nstages; /* "stages N" (absent: 1) */
    int* stage;  /* with more than one stage: each job's ("stage K" lines, in job order) */
} camp_t;

/* A kind: its name, the gpucoh command its jobs run (NULL: a script kind), the plan splitter
 * (0, or an exit status after a message; nothing is written then) and the merger (the serial
 * command's exit status, 2 after a message when a job is missing or unreadable). */
typedef struct {
    const char* kind;
    const char* cmd;
    int (*plan)(plan_t* p);
    int (*merge)(char** roots, int nroots, const camp_t* c, const char* json);
} camp_kind_t;

/* ---- shared by the kinds (campaign.c) ---- */

/* "gpucoh campaign: " fmt (with a) " (gpucoh campaign --help)" on stderr; returns 2 */
int camp_usage_err(const char* fmt, const char* a);
bool camp_is_dir(const char* p);
bool camp_is_file(const char* p);
/* the whole file (NUL-terminated; free it), or NULL; *len its size when len is given */
char* camp_slurp(const char* path, size_t* len);
/* path written through a temporary file and rename: 0, or -1 after a message */
int camp_write_text(const char* path, const char* text);
/* Run gpucoh (self: /proc/self/exe) or args[0] from PATH with args (NULL-terminated), stdout into
 * out_path (NULL: inherited, or a pipe into *cap when cap is given; free it). The exit status,
 * 128 + signal, or -1. */
int camp_run_cmd(bool self, char* const* args, const char* out_path, char** cap);
int camp_run_self(char* const* args, const char* out_path, char** cap);
/* a job named name (ROOT/jobs/NNNNN-name) running `gpucoh p->cmd args` (a script kind:
 * `args` as a shell command): 0, or -1 after a message */
int camp_plan_add(plan_t* p, const char* name, char* const* args, int nargs);
/* the same for a job that runs after the jobs deps[0..ndeps) (indices of earlier jobs): its line
 * runs `campaign job DIR --after DEPDIR...`, its stage is one past theirs */
int camp_plan_add_after(plan_t* p, const char* name, char* const* args, int nargs, const int* deps,
                        int ndeps);
/* `gpucoh KIND ARGS --check-only`, with the options a campaign sets refused: 0 with the
 * "  file PATH" lines' paths in files (pointing into *out, free it), or 2 after a message */
int camp_check_only(plan_t* p, char** out, char** files, int maxf, int* nf);
/* the same, the words after prefix of the lines that start with it ("  run " for compare,
 * "  point " for quality) */
int camp_check_lines(plan_t* p, const char* prefix, char** out, char** items, int max, int* n);
/* a job per "prefix ITEM" line of the check (at most max): `ARGS opt ITEM`, named name_pre ITEM
 * ('/' and ',' as '-'); 0, or 2 after a message ("listed no <what>" when there is none) */
int camp_plan_items(plan_t* p, const char* prefix, int max, char* opt, const char* name_pre,
                    const char* what);
/* a job's name from a file name: without its folder and extension, safe in a path and a word */
void camp_job_name(const char* file, const char* prefix, char* name, size_t n);
/* The folder of job i: the first ROOT where it is done, or -1 after a message */
int camp_job_dir(char** roots, int nroots, const camp_t* c, int i, char* d, size_t n);
/* the number after "key": in s, or -1 */
long long camp_json_num(const char* s, const char* key);

/* ---- kinds in their own files ---- */
int camp_plan_conform(plan_t* p); /* campaign_conform.c */
int camp_merge_conform(char** roots, int nroots, const camp_t* c, const char* json);
int camp_plan_quality(plan_t* p); /* campaign_quality.c */
int camp_merge_quality(char** roots, int nroots, const camp_t* c, const char* json);
int camp_plan_compare(plan_t* p); /* campaign_compare.c */
int camp_merge_compare(char** roots, int nroots, const camp_t* c, const char* json);

#endif
