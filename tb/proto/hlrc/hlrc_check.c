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
    uint32_t own = 0;
    if (i < 0) {
        why = "the bank does not hold the line";
    } else if (!hlrc_l2_line_reg(b, (uint32_t)i, &own)) { /* the line not copied */
        why = "the bank has it unregistered";
    } else if (own != j) {
        why = "the bank names another owner";
    }
    if (!why)
        return 0;
    if (f)
        fprintf(f, "V1: cycle %" PRIu64 " line 0x%" PRIx64 ": R at SM %u, %s (own %u)\n", cycle,
                line, j, why, own);
    return 1;
}

uint64_t hlrc_check_v1(const hlrc_sys_desc_t* s, const hlrc_l1_t* const* l1,
                       const hlrc_l2_t* const* l2, uint64_t cycle, FILE* f) {
    const uint32_t sb = gpucoh_log2_ceil(s->d.l1_sets);
    uint64_t bad = 0;
    for (uint32_t j = 0; j < s->d.num_sm; j++) {
        uint32_t idx[64], got = 64;
        for (uint32_t from = 0; got == 64; from = idx[63] + 1u) {
            got = hlrc_l1_r_lines(l1[j], from, idx, 64); /* the R lines, not all */
            for (uint32_t k = 0; k < got; k++) {
                uint64_t tag;
                (void)hlrc_l1_line_st(l1[j], idx[k], &tag);
                bad += bank_agrees(s, l2, (tag << sb) | (idx[k] / s->d.l1_ways), j, cycle, f);
            }
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
