/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_ovf.c -- the global overflow unit gtsc_ovf (docs/units/gtsc/gtsc.md section 7.4), written
 * from the specification only.
 */
#include "gtsc_ovf.h"

#include <string.h>

#include "gpucoh_bits.h"

int gtsc_ovf_init(gtsc_ovf_t* m, uint32_t num_banks, char* msg, size_t msg_len) {
    if (num_banks < 1u || num_banks > GTSC_MAX_BANKS || !gpucoh_is_pow2(num_banks)) {
        return gtsc_param_error(msg, msg_len,
                                "gtsc_ovf: num_banks = %u is illegal (NumBanks: 1, 2, 4, 8, 16)",
                                (unsigned)num_banks);
    }
    memset(m, 0, sizeof *m);
    m->num_banks = num_banks;
    return 0;
}

void gtsc_ovf_tick(gtsc_ovf_t* m, const gtsc_ovf_in_t* in, gtsc_ovf_out_t* out) {
    const uint32_t ovf = in->ovf & (uint32_t)gpucoh_mask64(m->num_banks);
    if (!in->rst_n) {
        m->tsrst_q = 0u;
        m->nrst_q = 0u;
        m->ovf_prev = 0u;
    } else {
        const uint32_t t = m->tsrst_q;
        /* Z01: a pulse raised with two or more banks, or a bank's bit rising in the pulse's edge */
        m->fcov[GTSC_OVF_F_Z01] +=
            (!t && __builtin_popcount(ovf) >= 2) || (t && (ovf & ~m->ovf_prev) != 0u);
        m->nrst_q += t; /* the resets applied at this edge */
        m->fcov[GTSC_OVF_F_Z02] += t && m->nrst_q == 0u;
        m->tsrst_q = (ovf != 0u && !t) ? 1u : 0u;
        m->ovf_prev = ovf;
    }
    if (out != NULL) {
        out->tsrst = m->tsrst_q != 0u;
    }
}

void gtsc_ovf_state_get(const gtsc_ovf_t* m, gtsc_ovf_state_t* s) {
    s->tsrst = m->tsrst_q;
    s->nrst = m->nrst_q;
}

const char* gtsc_ovf_fcov_name(gtsc_ovf_fcov_t f) {
    return f == GTSC_OVF_F_Z01 ? "Z01" : f == GTSC_OVF_F_Z02 ? "Z02" : "?";
}
