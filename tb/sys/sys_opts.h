/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sys_opts.h -- the options that every command running the shared system takes, parsed once for
 * `gpucoh cosim system / episode / litmus` (sys_cli.c) and `gpucoh_tlm litmus / episode`
 * (systemc/tlm/tlm_cli.c): the same spelling, the same ranges and the same messages (prefixed
 * with gpucoh_prog(), util.h). Each function prints a message naming the option and what it
 * accepts on stderr and returns -1 on a bad value.
 */
#ifndef GPUCOH_SYS_OPTS_H
#define GPUCOH_SYS_OPTS_H

#include <stdbool.h>

#include "episode.h"
#include "gsys_backend.h"

/* option a's value v is present and not empty: 0, else -1 ("option --x needs a value") */
int sys_opt_need(const char* a, const char* v);

/* --impl c|rtl|lockstep */
int sys_opt_impl(const char* v, gsys_impl_t* impl);

/* --config small|paper: *paper set */
int sys_opt_config(const char* v, bool* paper);

/* The episode tester's options: --episodes (1..2^32-1), --locations (1..10^6), --sync
 * atomic|relacq, --cta-sync (0..1000 per mille), --wfs (any number here, *wfs_set; the caller
 * checks it against the configuration's wavefronts per SM), --rm-steal (a flag: v is not read;
 * ep_new refuses it for a variant without the rm scope). sys_opt_is_episode: a is one of them;
 * sys_opt_episode: its value v (checked present) stored in *ep, 0, or -1. */
bool sys_opt_is_episode(const char* a);
int sys_opt_episode(const char* a, const char* v, ep_params_t* ep, bool* wfs_set);

#endif
