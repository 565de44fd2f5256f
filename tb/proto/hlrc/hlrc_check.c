/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_check.c -- the single-owner invariant V1 over the C models (hlrc_check.h).
 */
#include "hlrc_check.h"

#include <inttypes.h>

#include "gpucoh_bits.h"
#include "hlrc_sys_rtl.h"

/* The bank's view of line `line`, R at SM j: 0 when the bank holds it registered to j. */
static uint64_t bank_agrees(const hlrc_sys_desc_t* s, const hlrc_l2_t* const* l2, uint64_t line,
                            uint32_t j, uint64_t cycle, FILE* f) {
    const hlrc_l2_t* b = l2[hlrc_bank_of(&s->d, line)];
    const int64_t i = hlrc_l2_find(b, line);
    const char* why = NULL;
    hlrc_l2_line_t l = {0};
    if (i < 0) {
        why = "the bank does not hold the line";
    } else {
        hlrc_l2_line_get(b, (uint32_t)i, &l);
        if (!l.reg)
            why = "the bank has it unregistered";
        else if (l.own != j)
            why = "the bank names another owner";
    }
    if (!why)
        return 0;
    if (f)
        fprintf(f, "V1: cycle %" PRIu64 " line 0x%" PRIx64 ": R at SM %u, %s (own %u)\n", cycle,
                line, j, why, l.own);
    return 1;
}

uint64_t hlrc_check_v1(const hlrc_sys_desc_t* s, const hlrc_l1_t* const* l1,
                       const hlrc_l2_t* const* l2, uint64_t cycle, FILE* f) {
    const uint32_t sets = s->d.l1_sets, lines = sets * s->d.l1_ways;
    const uint32_t sb = gpucoh_log2_ceil(sets);
    uint64_t bad = 0;
    for (uint32_t j = 0; j < s->d.num_sm; j++) {
        for (uint32_t i = 0; i < lines; i++) {
            uint64_t tag;
            if (hlrc_l1_line_st(l1[j], i, &tag) == HLRC_L1_R) /* state and tag, not the data */
                bad += bank_agrees(s, l2, (tag << sb) | (i / s->d.l1_ways), j, cycle, f);
        }
    }
    return bad;
}

uint64_t hlrc_check_v1_backend(const hlrc_sys_desc_t* s, const gsys_backend_t* be, uint64_t cycle,
                               FILE* f) {
    const hlrc_l1_t* l1[HLRC_MAX_SM];
    const hlrc_l2_t* l2[HLRC_MAX_BANKS];
    for (uint32_t j = 0; j < s->d.num_sm; j++)
        l1[j] = hlrc_backend_c_l1(be, j);
    for (uint32_t b = 0; b < s->d.num_banks; b++)
        l2[b] = hlrc_backend_c_l2(be, b);
    return hlrc_check_v1(s, l1, l2, cycle, f);
}
