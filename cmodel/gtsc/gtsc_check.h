/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_check.h -- the invariants of docs/units/gtsc/gtsc.md section 11 over the C models of a
 * G-TSC system, for the system to call after every edge: each unit's local forms (I1, I3, I8,
 * I9, the L1's `spin[w] <= SpinHits` of T12 and the units' A / B assertions, through
 * gtsc_l1_check / gtsc_l2_check) and the cross-unit lease promise I4; and I5 from the units'
 * outputs (gtsc_i5_edge). I2, I6, I7 and I10 need the edge and are checked by the models' ticks
 * (gtsc_l1_errors, gtsc_l2_errors); I11 (progress) is the system's deadlock check.
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

/* gtsc_check_all's count kept from what changed (for the system's check after every edge): I4's
 * verdict is kept per L1 line and re-computed, after an edge, only for the lines that edge could
 * change: the lines an L1 wrote (gtsc_l1_touched), the lines whose address entered or left an
 * L1's locked list (gtsc_l1_locked), and the lines whose address is in a bank set a bank wrote
 * (gtsc_l2_touched: the bank line gtsc_l2_find answers and its contents change only there). A
 * first call, a call not at the edge after the last one, other models, a changed epoch or an
 * edge that wrote every line: every line again. Whenever the kept count is not 0, every
 * GTSC_I4_FULL_EVERY edges, and at every edge where SIG_BLOOM_CHECK_RULES is defined, the whole
 * gtsc_check_i4 runs (it prints the messages, so the output is gtsc_check_all's) and must agree
 * (else abort); the unit-test builds also compare, line by line, what each kept verdict read
 * (key) with a fresh read. The caller owns the (large) struct. */
#define GTSC_I4_FULL_EVERY 1024u
typedef struct {
    bool valid;
    uint64_t cycle;         /* of the last call */
    const gtsc_l1_t* first; /* l1[0] of the last call */
    uint64_t bad;           /* the sum of v */
    uint32_t since;         /* edges since the last whole check */
    uint32_t l1_ep[GTSC_MAX_SM], l2_ep[GTSC_MAX_BANKS];
    uint32_t nlk[GTSC_MAX_SM];
    uint64_t lk[GTSC_MAX_SM][GTSC_MAX_L1_MSHRS]; /* gtsc_l1_locked at the last call */
    uint8_t v[GTSC_MAX_SM][GTSC_L1_MAX_LINES];   /* I4's verdict of each L1 line */
#ifdef SIG_BLOOM_CHECK_RULES
    uint64_t key[GTSC_MAX_SM][GTSC_L1_MAX_LINES]; /* what the verdict read (i4_key) */
#endif
} gtsc_i4_t;

void gtsc_i4_init(gtsc_i4_t* c);
/* gtsc_check_all, I4 counted from the kept verdicts (c) instead of over every line. */
uint64_t gtsc_check_all_kept(gtsc_i4_t* c, const gtsc_desc_t* d, const gtsc_l1_t* const* l1,
                             const gtsc_l2_t* const* l2, uint64_t cycle, FILE* f);

/* I5 (gtsc.md section 11), loads read the value of their logical time, checked from the units'
 * outputs after every edge: every WACK / AACK a bank sends is a store performed in this edge at
 * ST_ts = its wts, recorded with the bank's line after it (versions of a line, by timestamp, in
 * the current epoch); every core LOAD response is checked for every served warp j at t = the
 * warp's warp_ts after the edge (for a spin bump, C01s, the T4 value before it: gtsc_l1_load_ts):
 * its data must be the line's version with the largest timestamp <= t. At a reset edge the latest
 * version of each line becomes its version at timestamp 1 of the new epoch. Not checked (the
 * history does not know them): a line no store has reached since the checker started, loads older
 * than the GTSC_I5_VERS kept versions, and the loads served in a reset edge (their warp_ts is 1
 * after it). The caller owns the (large) struct. */
#define GTSC_I5_LINES 256u
#define GTSC_I5_VERS  16u
typedef struct {
    uint64_t line;
    uint32_t n, head; /* live versions, the oldest at head */
    uint32_t ts[GTSC_I5_VERS];
    uint32_t data[GTSC_I5_VERS][GTSC_MAX_LINE_WORDS];
} gtsc_i5_line_t;
typedef struct {
    uint32_t nl;
    uint64_t checked; /* loads checked */
    gtsc_i5_line_t l[GTSC_I5_LINES];
} gtsc_i5_t;

void gtsc_i5_init(gtsc_i5_t* c);
/* After the edge of cycle `cycle` (tsrst: the edge had tsrst_i = 1): the violations found. */
uint64_t gtsc_i5_edge(gtsc_i5_t* c, const gtsc_desc_t* d, const gtsc_l1_t* const* l1,
                      const gtsc_l2_t* const* l2, bool tsrst, uint64_t cycle, FILE* f);

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_GTSC_CHECK_H */
