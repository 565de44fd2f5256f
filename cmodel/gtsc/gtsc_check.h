/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_check.h -- the invariants of docs/units/gtsc/gtsc.md section 11 over the C models of a
 * G-TSC system, for the system to call after every edge: each unit's local forms (I1, I3, I8,
 * I9 and the units' A / B assertions, through gtsc_l1_check / gtsc_l2_check) and the cross-unit
 * lease promise I4. I2, I6, I7 and I10 need the edge and are checked by the models' ticks
 * (gtsc_l1_errors, gtsc_l2_errors); I5 (values by logical time) and I11 (progress) are the
 * system's (not here).
 */
#ifndef GPUCOH_GTSC_CHECK_H
#define GPUCOH_GTSC_CHECK_H

#include <stdint.h>
#include <stdio.h>

#include "gtsc_l1.h"
#include "gtsc_l2.h"

#ifdef __cplusplus
extern "C" {
#endif

/* I4 over the L1s (l1[0..NumSm-1]) and banks (l2[0..NumBanks-1]) after the edge of cycle
 * `cycle`: the violations found, each printed on f (if not NULL) as one line ("I4: cycle 12 SM 1
 * line 0x2: copy (1,6), bank (7,12)"). */
uint64_t gtsc_check_i4(const gtsc_desc_t* d, const gtsc_l1_t* const* l1, const gtsc_l2_t* const* l2,
                       uint64_t cycle, FILE* f);
/* Every invariant this file checks (the units' gtsc_*_check and I4) (bank b with its lease,
 * gtsc_bank_lease). */
uint64_t gtsc_check_all(const gtsc_desc_t* d, const gtsc_l1_t* const* l1,
                        const gtsc_l2_t* const* l2, uint64_t cycle, FILE* f);

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_GTSC_CHECK_H */
