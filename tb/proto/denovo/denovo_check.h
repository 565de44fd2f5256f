/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_check.h -- the system's single-owner invariant V1 (docs/units/denovo/denovo.md section
 * 4) over the C models of a DeNovo system: a word is R at no more than one L1, and when it is R at
 * L1 s the registry holds its line with reg = 1 and slot = s. Transfers in flight: between the
 * registry's REGD (which names the new owner at once) and the XFER it asks for, the previous
 * owner still holds the word R; the registry keeps the word busy until the new owner's DONE,
 * which it sends only once the XFER has come, so a word R at s whose slot names another SM is
 * accepted while that word is busy (the chain of registrations has not completed).
 */
#ifndef GPUCOH_DENOVO_CHECK_H
#define GPUCOH_DENOVO_CHECK_H

#include <stdint.h>
#include <stdio.h>

#include "denovo_l1.h"
#include "denovo_l2.h"
#include "denovo_units.h"
#include "gsys_backend.h"

/* Check V1 over the L1s (l1[0..NumSm-1]) and banks (l2[0..NumBanks-1]) after the edge of cycle
 * `cycle`: the violations found, each printed on f (if not NULL) as one line naming the cycle,
 * line, word and SMs ("V1: cycle 12 line 0x2a word 3: R at SM 0 and SM 2"). */
uint64_t denovo_check_v1(const denovo_sys_desc_t* s, const denovo_l1_t* const* l1,
                         const denovo_l2_t* const* l2, uint64_t cycle, FILE* f);
/* The same over a C backend's models (or a lockstep backend's C side). */
uint64_t denovo_check_v1_backend(const denovo_sys_desc_t* s, const gsys_backend_t* be,
                                 uint64_t cycle, FILE* f);

#endif
