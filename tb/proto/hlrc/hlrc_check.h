/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_check.h -- the system's single-owner invariant V1 (docs/units/hlrc/hlrc.md section 5) over
 * the C models of an hLRC system: for every line, the L1s where it is R are none when no bank
 * holds it with reg = 1, and at most the bank's `own` when one does. A line R at an L1 the bank
 * does not name is the violation (a GRANT in flight names an owner not yet R, a RACK or EVICT in
 * flight an owner R no longer: both allowed).
 */
#ifndef GPUCOH_HLRC_CHECK_H
#define GPUCOH_HLRC_CHECK_H

#include <stdint.h>
#include <stdio.h>

#include "gsys_backend.h"
#include "hlrc_l1.h"
#include "hlrc_l2.h"
#include "hlrc_units.h"

/* Check V1 over the L1s (l1[0..NumSm-1]) and banks (l2[0..NumBanks-1]) after the edge of cycle
 * `cycle`: the violations found, each printed on f (if not NULL) as one line naming the cycle,
 * line and SM ("V1: cycle 12 line 0x2a: R at SM 2, the bank names SM 0"). */
uint64_t hlrc_check_v1(const hlrc_sys_desc_t* s, const hlrc_l1_t* const* l1,
                       const hlrc_l2_t* const* l2, uint64_t cycle, FILE* f);
/* The same over a C backend's models (or a lockstep backend's C side). */
uint64_t hlrc_check_v1_backend(const hlrc_sys_desc_t* s, const gsys_backend_t* be, uint64_t cycle,
                               FILE* f);

#endif
