/* SPDX-License-Identifier: Apache-2.0 */
#include "tb_common.h"
#include "tb_ports.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void tb_cmp_u64_diff(gpucoh_mismatch_t* mm, uint32_t* bad, uint64_t e, uint64_t g, const char* fmt,
                     ...) {
    if (e == g)
        return;
    if ((*bad)++ == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(mm->field, sizeof mm->field, fmt, ap);
        va_end(ap);
        snprintf(mm->expected, sizeof mm->expected, "0x%llx", (unsigned long long)e);
        snprintf(mm->got, sizeof mm->got, "0x%llx", (unsigned long long)g);
    }
}

void tb_cmp_bits(gpucoh_mismatch_t* mm, uint32_t* bad, const uint32_t* e, const uint32_t* g,
                 uint32_t nwords, const char* prefix) {
    if (memcmp(e, g, nwords * sizeof(uint32_t)) == 0)
        return;
    for (uint32_t w = 0; w < nwords; w++) {
        uint32_t x = e[w] ^ g[w];
        while (x) {
            uint32_t b = (uint32_t)__builtin_ctz(x);
            x &= x - 1;
            if ((*bad)++ == 0) {
                snprintf(mm->field, sizeof mm->field, "%s[%u]", prefix, 32 * w + b);
                snprintf(mm->expected, sizeof mm->expected, "0x%x", (e[w] >> b) & 1u);
                snprintf(mm->got, sizeof mm->got, "0x%x", (g[w] >> b) & 1u);
            }
        }
    }
}

void tb_cmp_words(gpucoh_mismatch_t* mm, uint32_t* bad, const uint32_t* e, const uint32_t* g,
                  uint32_t nwords, uint32_t bits, const char* name) {
    for (uint32_t w = 0; w < nwords; w++) {
        if (e[w] == g[w])
            continue;
        if ((*bad)++ == 0) {
            uint32_t hi = bits < 32 ? bits - 1 : 32 * w + 31;
            snprintf(mm->field, sizeof mm->field, "%s[%u:%u]", name, hi, 32 * w);
            snprintf(mm->expected, sizeof mm->expected, "0x%08x", e[w]);
            snprintf(mm->got, sizeof mm->got, "0x%08x", g[w]);
        }
    }
}

void tb_hexwords(char* buf, size_t n, const uint32_t* w, uint32_t words, uint32_t bits) {
    size_t pos = (size_t)snprintf(buf, n, "0x");
    if (bits < 32) {
        snprintf(buf + pos, n - pos, "%0*x", (int)((bits + 3) / 4), w[0]);
        return;
    }
    for (uint32_t i = words; i-- > 0 && pos + 9 < n;)
        pos += (size_t)snprintf(buf + pos, n - pos, "%08x", w[i]);
}

const char* tb_row_id(uint32_t row) {
    static char ids[64][8];
    uint32_t r = row < 64 ? row : 63;
    snprintf(ids[r], sizeof ids[r], "T%02u", row + 1);
    return ids[r];
}

const char* tb_fcov_id(uint32_t row) {
    static char ids[64][8];
    uint32_t r = row < 64 ? row : 63;
    snprintf(ids[r], sizeof ids[r], "F%02u", row + 1);
    return ids[r];
}

uint64_t tb_pv_rtl(const gpucoh_param_def_t* defs, unsigned n, const gpucoh_pvals_t* pv,
                   const char* rtl) {
    for (unsigned i = 0; i < n; i++)
        if (defs[i].rtl && !strcmp(defs[i].rtl, rtl))
            return pv->v[i];
    return 0;
}
