/* SPDX-License-Identifier: Apache-2.0 */
/*
 * campaign.h -- `gpucoh campaign plan|job|merge|sbatch` (docs/campaigns.md, issue 32 item 1):
 * one job model for the project's long campaigns. `plan KIND --dir ROOT -- ARGS` checks ARGS as
 * the serial command would and writes ROOT/jobs.txt, one self-contained shell line per job;
 * `job DIR -- ARGS` runs one of them (skipped when its result exists and the fingerprint of its
 * inputs is unchanged); `merge ROOT...` prints the serial command's lines and writes its JSON
 * from the jobs' results; `sbatch ROOT` writes a Slurm job array and its dependent merge job.
 * GNU parallel runs jobs.txt on one machine (`parallel < ROOT/jobs.txt`).
 */
#ifndef GPUCOH_CAMPAIGN_H
#define GPUCOH_CAMPAIGN_H

/* argv[1] is "campaign"; exit status as docs/cli.md (2: bad input, nothing run). */
int campaign_main(int argc, char** argv);

/* 64-bit FNV-1a of n bytes, continuing from h (start with CAMPAIGN_FNV0). */
#define CAMPAIGN_FNV0 0xcbf29ce484222325ull
unsigned long long campaign_fnv(unsigned long long h, const void* p, unsigned long n);

#endif
