/* SPDX-License-Identifier: Apache-2.0 */
/* gsys_params.c -- protocol parameter tables (gsys_params.h). */
#include "gsys_params.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

uint32_t gsys_ptab_get(const gsys_ptab_t* t, const void* d, unsigned p) {
    uint32_t v;
    memcpy(&v, (const char*)d + t->p[p].off, sizeof v);
    return v;
}

void gsys_ptab_put(const gsys_ptab_t* t, void* d, unsigned p, uint32_t v) {
    memcpy((char*)d + t->p[p].off, &v, sizeof v);
}

static int set_enum(const gsys_ptab_t* t, void* d, unsigned p, const char* val, char* err,
                    size_t errlen) {
    const gpucoh_param_def_t* def = &t->p[p].def;
    for (unsigned e = 0; def->enum_names[e]; e++)
        if (!strcmp(def->enum_names[e], val)) {
            gsys_ptab_put(t, d, p, e);
            return 0;
        }
    snprintf(err, errlen, "parameter %s: '%s' is not one of:", def->name, val);
    for (unsigned e = 0; def->enum_names[e]; e++) {
        size_t l = strlen(err);
        snprintf(err + l, errlen - l, " %s", def->enum_names[e]);
    }
    return -1;
}

int gsys_ptab_set(const gsys_ptab_t* t, void* d, const char* kv, char* err, size_t errlen) {
    const char* eq = strchr(kv, '=');
    if (!eq || eq == kv || !eq[1]) {
        snprintf(err, errlen, "--param '%s' is not NAME=VALUE", kv);
        return -1;
    }
    const size_t nlen = (size_t)(eq - kv);
    for (unsigned p = 0; p < t->n; p++) {
        const gpucoh_param_def_t* def = &t->p[p].def;
        if (strlen(def->name) != nlen || strncmp(def->name, kv, nlen) != 0)
            continue;
        if (def->kind == GPUCOH_P_ENUM)
            return set_enum(t, d, p, eq + 1, err, errlen);
        char* end = NULL;
        unsigned long long v = strtoull(eq + 1, &end, 0);
        if (!end || *end || eq[1] == '-' || v > 0xFFFFFFFFull) {
            snprintf(err, errlen, "parameter %s: '%s' is not an unsigned 32-bit number (%s)",
                     def->name, eq + 1, def->help);
            return -1;
        }
        gsys_ptab_put(t, d, p, (uint32_t)v);
        return 0;
    }
    snprintf(err, errlen, "%s has no parameter '%.*s'; its parameters are:", t->what, (int)nlen,
             kv);
    for (unsigned p = 0; p < t->n; p++) {
        size_t l = strlen(err);
        snprintf(err + l, errlen - l, " %s", t->p[p].def.name);
    }
    return -1;
}

void gsys_ptab_print(const gsys_ptab_t* t, const void* d, FILE* f) {
    const char* sep = "";
    for (unsigned p = 0; p < t->n; p++) {
        const gpucoh_param_def_t* def = &t->p[p].def;
        const uint32_t v = gsys_ptab_get(t, d, p);
        if (def->kind == GPUCOH_P_ENUM)
            fprintf(f, "%s--param %s=%s", sep, def->name, def->enum_names[v]);
        else
            fprintf(f, "%s--param %s=%u", sep, def->name, (unsigned)v);
        sep = " ";
    }
}

void gsys_ptab_json(const gsys_ptab_t* t, const void* d, FILE* f) {
    fputc('{', f);
    for (unsigned p = 0; p < t->n; p++) {
        const gpucoh_param_def_t* def = &t->p[p].def;
        const uint32_t v = gsys_ptab_get(t, d, p);
        if (def->kind == GPUCOH_P_ENUM)
            fprintf(f, "%s\"%s\": \"%s\"", p ? ", " : "", def->name, def->enum_names[v]);
        else
            fprintf(f, "%s\"%s\": %u", p ? ", " : "", def->name, (unsigned)v);
    }
    fputc('}', f);
}

/* the command-line name of the field named c[0..len-1], or NULL */
static const char* cli_name(const gsys_ptab_t* t, const char* c, size_t len) {
    for (unsigned p = 0; p < t->n; p++)
        if (strlen(t->p[p].field) == len && !strncmp(t->p[p].field, c, len))
            return t->p[p].def.name;
    return NULL;
}

void gsys_ptab_cli_names(const gsys_ptab_t* t, char* msg, size_t n) {
    char out[1024];
    size_t o = 0;
    for (const char* c = msg; *c && o + 1 < sizeof out;) {
        if (!isalpha((unsigned char)*c) && *c != '_') {
            out[o++] = *c++;
            continue;
        }
        const char* e = c;
        while (isalnum((unsigned char)*e) || *e == '_')
            e++;
        const size_t len = (size_t)(e - c);
        const char* w = cli_name(t, c, len);
        const size_t wl = w ? strlen(w) : len;
        if (o + wl + 1 > sizeof out)
            break;
        memcpy(out + o, w ? w : c, wl);
        o += wl;
        c = e;
    }
    out[o] = 0;
    snprintf(msg, n, "%s", out);
}

void gsys_ptab_pvals(const gsys_ptab_t* t, const uint8_t* sel, unsigned nsel, const void* d,
                     gpucoh_pvals_t* pv) {
    memset(pv, 0, sizeof *pv);
    for (unsigned i = 0; i < nsel; i++) {
        pv->v[i] = gsys_ptab_get(t, d, sel[i]);
        pv->set[i] = true;
    }
}

void gsys_ptab_defs(const gsys_ptab_t* t, const uint8_t* sel, unsigned nsel,
                    gpucoh_param_def_t* out) {
    for (unsigned i = 0; i < nsel; i++)
        out[i] = t->p[sel[i]].def;
}

int gsys_ptab_put_pvals(const gsys_ptab_t* t, const uint8_t* sel, unsigned nsel,
                        const gpucoh_pvals_t* pv, void* d, char* err, size_t errlen) {
    for (unsigned i = 0; i < nsel; i++) {
        if (!pv->set[i])
            continue;
        if (pv->v[i] > 0xFFFFFFFFull) {
            snprintf(err, errlen, "parameter %s=%llu is out of range (%s)", t->p[sel[i]].def.name,
                     (unsigned long long)pv->v[i], t->p[sel[i]].def.help);
            return -1;
        }
        gsys_ptab_put(t, d, sel[i], (uint32_t)pv->v[i]);
    }
    return 0;
}

void gsys_ptab_resolved(const gsys_ptab_t* t, const uint8_t* sel, unsigned nsel, const void* d,
                        gpucoh_pvals_t* pv) {
    for (unsigned i = 0; i < nsel; i++)
        pv->v[i] = gsys_ptab_get(t, d, sel[i]);
}
