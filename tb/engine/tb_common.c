/* SPDX-License-Identifier: Apache-2.0 */
#include "tb_common.h"
#include "tb_ports.h"
#include "util.h"

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
    if (memcmp(e, g, nwords * sizeof(uint32_t)) == 0) /* the common case, at memcmp's speed */
        return;
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

void tb_cmp_words_at(gpucoh_mismatch_t* mm, uint32_t* bad, const uint32_t* e, const uint32_t* g,
                     uint32_t nwords, uint32_t bits, const char* fmt, unsigned a, unsigned b) {
    if (memcmp(e, g, sizeof(uint32_t) * nwords) == 0)
        return;
    char name[64]; /* named only if reported */
    snprintf(name, sizeof name, fmt, a, b);
    tb_cmp_words(mm, bad, e, g, nwords, bits, name);
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

/* ---- unit parameters (unit.h) --------------------------------------------------------------- */

int gpucoh_param_set(const gpucoh_unit_t* u, gpucoh_pvals_t* pv, const char* kv, char* err,
                     size_t errlen) {
    const char* eq = strchr(kv, '=');
    if (!eq || eq == kv || !eq[1]) {
        snprintf(err, errlen, "--param expects NAME=VALUE, got '%s'", kv);
        return -1;
    }
    size_t nlen = (size_t)(eq - kv);
    const char* val = eq + 1;
    for (unsigned i = 0; i < u->nparams; i++) {
        const gpucoh_param_def_t* p = &u->params[i];
        if (strlen(p->name) != nlen || strncmp(p->name, kv, nlen) != 0)
            continue;
        if (pv->set[i]) {
            snprintf(err, errlen, "parameter '%s' given twice", p->name);
            return -1;
        }
        if (p->kind == GPUCOH_P_ENUM) {
            for (unsigned e = 0; p->enum_names[e]; e++) {
                if (strcmp(p->enum_names[e], val) == 0) {
                    pv->v[i] = e;
                    pv->set[i] = true;
                    return 0;
                }
            }
            snprintf(err, errlen, "parameter %s: '%s' is not one of:", p->name, val);
            for (unsigned e = 0; p->enum_names[e]; e++) {
                size_t l = strlen(err);
                snprintf(err + l, errlen - l, " %s", p->enum_names[e]);
            }
            return -1;
        }
        uint64_t v;
        if (!gpucoh_parse_u64(val, &v)) {
            snprintf(err, errlen, "parameter %s: '%s' is not an unsigned number (%s)", p->name, val,
                     p->help);
            return -1;
        }
        pv->v[i] = v;
        pv->set[i] = true;
        return 0;
    }
    snprintf(err, errlen, "unit %s has no parameter '%.*s'; its parameters are:", u->name,
             (int)nlen, kv);
    for (unsigned i = 0; i < u->nparams; i++) {
        size_t l = strlen(err);
        snprintf(err + l, errlen - l, " %s", u->params[i].name);
    }
    return -1;
}

void gpucoh_param_str(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, unsigned i, char* buf,
                      size_t n) {
    const gpucoh_param_def_t* p = &u->params[i];
    if (p->kind == GPUCOH_P_ENUM)
        snprintf(buf, n, "%s", p->enum_names[pv->v[i]]);
    else
        snprintf(buf, n, "%llu", (unsigned long long)pv->v[i]);
}

void gpucoh_param_diff(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, char* buf, size_t n) {
    gpucoh_pvals_t d;
    memset(&d, 0, sizeof d);
    char err[256];
    const bool have_d = u->resolve(&d, err, sizeof err) == 0;
    size_t l = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < u->nparams && l < n; i++) {
        if (have_d && d.v[i] == pv->v[i])
            continue;
        char v[64];
        gpucoh_param_str(u, pv, i, v, sizeof v);
        l += (size_t)snprintf(buf + l, n - l, "%s%s%s", l ? " " : "", u->params[i].name, v);
    }
}

void gpucoh_param_rtl(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, unsigned i, char* buf,
                      size_t n) {
    snprintf(buf, n, "%s=%llu", u->params[i].rtl, (unsigned long long)pv->v[i]);
}
