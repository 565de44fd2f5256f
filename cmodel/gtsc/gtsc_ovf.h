/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_ovf.h -- C reference model of the G-TSC global overflow unit gtsc_ovf
 * (docs/units/gtsc/gtsc.md section 7.4). Written from the specification, not from the RTL.
 * One gtsc_ovf_tick() call = one rising edge.
 *
 *              +---------------------------------+
 *   ovf_i  --> | tsrst_q := (ovf_i != 0) && !tsrst_q | --> tsrst_o (to every L1 and bank)
 *  (NumBanks)  | nrst_q  := nrst_q + tsrst_q          |
 *              +---------------------------------+
 *
 * The state is three registers; the caller owns the struct (no descriptor storage block).
 */
#ifndef GPUCOH_GTSC_OVF_H
#define GPUCOH_GTSC_OVF_H

#include "gtsc_types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    bool rst_n;
    uint32_t ovf; /* ovf_i: bit b = bank b's registered ovf_o */
} gtsc_ovf_in_t;

typedef struct {
    bool tsrst; /* tsrst_o = tsrst_q */
} gtsc_ovf_out_t;

/* Cover points (section 7.4). */
typedef enum { GTSC_OVF_F_Z01 = 0, GTSC_OVF_F_Z02, GTSC_OVF_F_N } gtsc_ovf_fcov_t;

typedef struct {
    uint32_t num_banks; /* NumBanks, 1, 2, 4, 8, 16 */
    uint32_t tsrst_q;   /* 1 bit, reset 0 */
    uint32_t nrst_q;    /* 32 bits, reset 0: resets so far, wrapping */
    uint32_t ovf_prev;  /* C-model bookkeeping for Z01: ovf_i of the previous edge */
    uint64_t fcov[GTSC_OVF_F_N];
} gtsc_ovf_t;

/* Architectural state (section 7.4) in the compare layout: the two registers. */
typedef struct {
    uint32_t tsrst; /* tsrst_q */
    uint32_t nrst;  /* nrst_q */
} gtsc_ovf_state_t;

/* 0 = legal; else 1 and "gtsc_ovf: num_banks = V is illegal (NumBanks: ...)". */
int gtsc_ovf_init(gtsc_ovf_t* m, uint32_t num_banks, char* msg, size_t msg_len);
void gtsc_ovf_tick(gtsc_ovf_t* m, const gtsc_ovf_in_t* in, gtsc_ovf_out_t* out);
void gtsc_ovf_state_get(const gtsc_ovf_t* m, gtsc_ovf_state_t* s);
const char* gtsc_ovf_fcov_name(gtsc_ovf_fcov_t f); /* "Z01", "Z02"; "?" out of range */

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_GTSC_OVF_H */
