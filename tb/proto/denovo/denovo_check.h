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

#include <stdbool.h>
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
/* The C models of a backend (a C backend, or a lockstep backend's C side) as V1 reads them:
 * l1[0..num_sm), l2[0..num_banks). */
void denovo_backend_models(const denovo_sys_desc_t* s, const gsys_backend_t* be,
                           const denovo_l1_t** l1, const denovo_l2_t** l2);

/* denovo_check_v1 kept from what changed (the system's check after every edge; issue 31, as
 * G-TSC's I4 in gtsc_check.h). Kept per L1 line: its address and R words (as of the last call;
 * DENOVO_V1_NONE and 0 when it holds no R word) and a verdict "this line is in a V1 violation":
 * one of its R words is R at another line of the same address (of any L1) or the registry
 * disagrees with it (line_agrees). After an edge only what could change a verdict is re-checked:
 *   (a) an L1 line the edge wrote (denovo_l1_touched; every line of that L1 when it says all)
 *       whose address or R words changed;
 *   (b) for such a line, the other lines holding its old or its new address (the ways of that
 *       address's set in each L1);
 *   (c) for a bank line the edge wrote (denovo_l2_touched), the L1 lines holding its old or new
 *       address: the registry's answer for an address (denovo_l2_find, denovo_l2_line_reg)
 *       changes only with such a line (denovo_check.c says why).
 * A first call, a call not at the edge after the last one, other models (any l1 / l2 pointer)
 * or a bank edge that wrote every line: every line again. The kept count (of lines) is 0 exactly
 * when denovo_check_v1's is; whenever it is not 0, every DENOVO_V1_FULL_EVERY edges and at every
 * edge where SIG_BLOOM_CHECK_RULES is defined, denovo_check_v1 runs (its count is returned and
 * its messages printed) and a disagreement (one 0, the other not) aborts; where
 * SIG_BLOOM_CHECK_RULES is defined every kept line is also compared with a fresh reading
 * (denovo_v1_kept_agrees). The caller owns the (large) struct. */
#define DENOVO_V1_FULL_EVERY 1024u
#define DENOVO_V1_NONE       UINT64_MAX
typedef struct {
    bool valid;
    uint64_t cycle; /* of the last call */
    const denovo_l1_t* l1p[DENOVO_MAX_SM];
    const denovo_l2_t* l2p[DENOVO_MAX_BANKS];                /* the models of the last call */
    uint64_t bad;                                            /* the lines whose verdict is 1 */
    uint32_t since;                                          /* edges since the last whole check */
    uint64_t addr[DENOVO_MAX_SM][DENOVO_L1_MAX_LINES];       /* line address, DENOVO_V1_NONE */
    uint32_t r[DENOVO_MAX_SM][DENOVO_L1_MAX_LINES];          /* its R words */
    uint8_t v[DENOVO_MAX_SM][DENOVO_L1_MAX_LINES];           /* its verdict */
    uint64_t kmap[DENOVO_MAX_SM][DENOVO_L1_MAX_LINES / 64u]; /* bit i: r[j][i] != 0 */
    uint64_t baddr[DENOVO_MAX_BANKS][DENOVO_L2_MAX_LINES];   /* bank line address, NONE (I) */
} denovo_v1_kept_t;

void denovo_v1_kept_init(denovo_v1_kept_t* c);
/* denovo_check_v1's count, from the kept verdicts (c) instead of every line. */
uint64_t denovo_check_v1_kept(denovo_v1_kept_t* c, const denovo_sys_desc_t* s,
                              const denovo_l1_t* const* l1, const denovo_l2_t* const* l2,
                              uint64_t cycle, FILE* f);
/* Whether every kept line (address, R words, verdict) and bank line address is what a fresh
 * reading of these models gives (after denovo_check_v1_kept for them; the tests call it). */
bool denovo_v1_kept_agrees(const denovo_v1_kept_t* c, const denovo_sys_desc_t* s,
                           const denovo_l1_t* const* l1, const denovo_l2_t* const* l2);

#endif
