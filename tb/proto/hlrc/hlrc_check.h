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

#include <stdbool.h>
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
/* The C models of a backend (a C backend, or a lockstep backend's C side) as V1 reads them:
 * l1[0..num_sm), l2[0..num_banks). */
void hlrc_backend_models(const hlrc_sys_desc_t* s, const gsys_backend_t* be, const hlrc_l1_t** l1,
                         const hlrc_l2_t** l2);

/* hlrc_check_v1 kept from what changed (the system's check after every edge; issue 31, as
 * DeNovo's V1 in denovo_check.h). Kept per L1 line: its address when it is R (HLRC_V1_NONE when
 * not, as of the last call) and a verdict "this line is in a V1 violation" (bank_agrees: the
 * bank of its address does not hold it registered to this SM). A verdict reads no other L1
 * line, only the line itself and the ways of one set of one bank (hlrc_l2_find's, the set of its
 * address). After an edge only what could change a verdict is re-checked:
 *   (a) an L1 line the edge wrote (hlrc_l1_touched) whose kept address changed (it became R,
 *       left R or changed address): its own verdict;
 *   (a') an L1 edge that wrote every line (touched all: the INV of every GRANT's edge, reset):
 *       (a) for the lines R now (hlrc_l1_r_lines) and those kept R;
 *   (c) a bank line the edge wrote (hlrc_l2_touched): the kept R lines whose address falls in
 *       its set of that bank (the only verdicts that read the line: hlrc_check.c says why);
 *   (c') a bank edge that wrote every line (touched all: reset, or more lines marked than
 *       HLRC_L2_SEL_MAX, as the LRU touch of a way of age 8 or more marks every younger way
 *       of its set, at 16 ways on many edges): the kept R lines of that bank.
 * A first call, a call not at the edge after the last one or other models (any l1 / l2 pointer):
 * every line again. The kept count (of lines) is the whole check's (one violation per R line);
 * whenever it is not 0, every HLRC_V1_FULL_EVERY edges and at every edge where
 * SIG_BLOOM_CHECK_RULES is defined, hlrc_check_v1 runs (its count is returned and its messages
 * printed) and a different count aborts; where SIG_BLOOM_CHECK_RULES is defined every kept line
 * is also compared with a fresh reading (hlrc_v1_kept_agrees). The caller owns the (large)
 * struct. */
#define HLRC_V1_FULL_EVERY 1024u
#define HLRC_V1_NONE       UINT64_MAX
typedef struct {
    bool valid;
    uint64_t cycle; /* of the last call */
    const hlrc_l1_t* l1p[HLRC_MAX_SM];
    const hlrc_l2_t* l2p[HLRC_MAX_BANKS];                /* the models of the last call */
    uint64_t bad;                                        /* the lines whose verdict is 1 */
    uint32_t since;                                      /* edges since the last whole check */
    uint64_t addr[HLRC_MAX_SM][HLRC_L1_MAX_LINES];       /* R line's address, HLRC_V1_NONE */
    uint8_t v[HLRC_MAX_SM][HLRC_L1_MAX_LINES];           /* its verdict */
    uint64_t kmap[HLRC_MAX_SM][HLRC_L1_MAX_LINES / 64u]; /* bit i: addr[j][i] != HLRC_V1_NONE */
} hlrc_v1_kept_t;

void hlrc_v1_kept_init(hlrc_v1_kept_t* c);
/* hlrc_check_v1's count, from the kept verdicts (c) instead of every R line. */
uint64_t hlrc_check_v1_kept(hlrc_v1_kept_t* c, const hlrc_sys_desc_t* s, const hlrc_l1_t* const* l1,
                            const hlrc_l2_t* const* l2, uint64_t cycle, FILE* f);
/* Whether every kept line (address, bitmap bit, verdict) and the kept count are what a fresh
 * reading of these models gives (after hlrc_check_v1_kept for them; the tests call it). */
bool hlrc_v1_kept_agrees(const hlrc_v1_kept_t* c, const hlrc_sys_desc_t* s,
                         const hlrc_l1_t* const* l1, const hlrc_l2_t* const* l2);

#endif
