/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtkw_view.c -- the parts of a protocol's GTKWave view of a divergence that every protocol
 * shares (tb/sys/gtkw_view.h): header, traces from signal tables, the red diverging signal,
 * groups, the lines listed, the other units' handshakes, the commit, pieces of field paths, and
 * the hook of a protocol of an L1 per SM and an L2 per bank (GPU, DeNovo).
 */
#include "gtkw_view.h"

#include <stdio.h>
#include <string.h>

void gtkw_view_trf(gtkw_view_t* v, const char* name, const char* filter, int fmt) {
    char p[256];
    snprintf(p, sizeof p, "%s.%s.%s", v->scope, v->mod, name);
    gpucoh_gtkw_trace(v->g, p, filter, fmt, strcmp(name, v->red) ? 0 : 1);
}

void gtkw_view_tr(gtkw_view_t* v, const char* name, const char* filter) {
    gtkw_view_trf(v, name, filter, GPUCOH_GTKW_HEX);
}

void gtkw_view_dec(gtkw_view_t* v, const char* name, long i) {
    char b[96];
    if (i >= 0)
        snprintf(b, sizeof b, "%s[%ld]", name, i);
    else
        snprintf(b, sizeof b, "%s", name);
    gtkw_view_trf(v, b, NULL, GPUCOH_GTKW_DEC);
}

void gtkw_view_tri(gtkw_view_t* v, const char* name, unsigned i, const char* filter) {
    char b[96];
    snprintf(b, sizeof b, "%s[%u]", name, i);
    gtkw_view_tr(v, b, filter);
}

void gtkw_view_trs(gtkw_view_t* v, const gtkw_sigdef_t* t, size_t n, long i) {
    for (size_t k = 0; k < n; k++) {
        if (i >= 0)
            gtkw_view_tri(v, t[k].sig, (unsigned)i, t[k].filter);
        else
            gtkw_view_tr(v, t[k].sig, t[k].filter);
    }
}

void gtkw_view_group(gtkw_view_t* v, const char* name, bool closed, const gtkw_sigdef_t* t,
                     size_t n) {
    char b[256];
    snprintf(b, sizeof b, "%s %s", v->scope, name);
    gpucoh_gtkw_group(v->g, b, closed);
    gtkw_view_trs(v, t, n, -1);
    gpucoh_gtkw_group_end(v->g);
}

bool gtkw_view_line_group(gtkw_view_t* v, uint32_t lines, uint32_t ways, int line) {
    if (line < 0 || (uint32_t)line >= lines)
        return false;
    char t[256];
    snprintf(t, sizeof t, "%s line %d: set %u way %u", v->scope, line, (unsigned)line / ways,
             (unsigned)line % ways);
    gpucoh_gtkw_group(v->g, t, false);
    return true;
}

void gtkw_view_lines_group(gtkw_view_t* v, uint32_t lines, uint32_t ways, int line, uint32_t* lo,
                           uint32_t* hi) {
    if (lines <= 16) {
        *lo = 0;
        *hi = lines;
    } else if (line >= 0) {
        *lo = (uint32_t)line / ways * ways;
        *hi = *lo + ways;
    } else {
        *lo = 0;
        *hi = 16;
    }
    char t[256];
    snprintf(t, sizeof t, "%s lines %u..%u", v->scope, (unsigned)*lo, (unsigned)*hi - 1);
    gpucoh_gtkw_group(v->g, t, false);
}

gpucoh_gtkw_t* gtkw_view_begin(gtkw_view_t* v, const gpucoh_mwave_t* w, const char* gtkw_path,
                               const gsys_rtl_result_t* div, const char* scope, const char* mod,
                               const char* title, char* err, size_t errlen) {
    gpucoh_gtkw_t* g = gpucoh_gtkw_new(w, gtkw_path, (int64_t)(2 * div->div.cycle + 1));
    if (!g) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    char t[768];
    snprintf(t, sizeof t, "%s", title);
    gpucoh_gtkw_header_comment(g, t);
    snprintf(t, sizeof t,
             "first divergence (the marker, time %llu = rising edge of cycle %llu): %s",
             (unsigned long long)(2 * div->div.cycle + 1), (unsigned long long)div->div.cycle,
             div->div.text);
    gpucoh_gtkw_header_comment(g, t);
    snprintf(t, sizeof t, "one scope per Verilated unit:");
    for (unsigned i = 0; i < gpucoh_mwave_count(w); i++) {
        const size_t l = strlen(t);
        snprintf(t + l, sizeof t - l, " %s", gpucoh_mwave_scope(w, i));
    }
    gpucoh_gtkw_header_comment(g, t);
    gpucoh_gtkw_header_comment(g, "time: 2 units per cycle, inputs of cycle c at 2c, its rising "
                                  "edge at 2c+1 (docs/waves.md)");
    gpucoh_gtkw_treeopen(g, scope);
    char m[64];
    snprintf(m, sizeof m, "%s.%s", scope, mod);
    gpucoh_gtkw_treeopen(g, m);
    *v = (gtkw_view_t){.g = g, .mod = mod};
    snprintf(v->scope, sizeof v->scope, "%s", scope);
    return g;
}

void gtkw_view_mark(gtkw_view_t* v, const gsys_rtl_result_t* div, const char* red_filter) {
    char t[768];
    if (div->div.expected[0] && strlen(div->div.expected) + strlen(div->div.got) < 24)
        snprintf(t, sizeof t, "cycle %llu: C %s RTL %s", (unsigned long long)div->div.cycle,
                 div->div.expected, div->div.got);
    else
        snprintf(t, sizeof t, "cycle %llu: %s", (unsigned long long)div->div.cycle, div->div.kind);
    gpucoh_gtkw_comment(v->g, t);
    if (v->red[0])
        gtkw_view_tr(v, v->red, red_filter); /* the diverging signal first, red */
}

void gtkw_view_others(gpucoh_gtkw_t* g, const gpucoh_mwave_t* w, const char* scope,
                      gtkw_view_ports_fn ports) {
    for (unsigned i = 0; i < gpucoh_mwave_count(w); i++) {
        const char* s = gpucoh_mwave_scope(w, i);
        if (!strcmp(s, scope))
            continue;
        const gtkw_sigdef_t* t = NULL;
        size_t n = 0;
        gtkw_view_t o = {.g = g, .mod = ports(s, &t, &n)};
        snprintf(o.scope, sizeof o.scope, "%s", s);
        gtkw_view_group(&o, "ports", true, t, n);
    }
}

int gtkw_view_finish(gpucoh_gtkw_t* g, unsigned* traces, unsigned* missing, char* err,
                     size_t errlen) {
    *traces = gpucoh_gtkw_written(g);
    *missing = gpucoh_gtkw_missing(g);
    if (*missing) /* e.g. a netlist, whose registers have other names */
        fprintf(stderr,
                "gpucoh: note: %u signal(s) of the view are not in the dump (first: %s); the save "
                "file leaves them out\n",
                *missing, gpucoh_gtkw_first_missing(g));
    return gpucoh_gtkw_commit(g, err, errlen);
}

bool gtkw_view_set_way(const char* f, uint32_t ways, int* line, char* x, size_t xn) {
    unsigned s, w;
    char b[64];
    if (sscanf(f, "set[%u].way[%u].%63[a-z]", &s, &w, b) != 3)
        return false;
    *line = (int)(s * ways + w);
    snprintf(x, xn, "%s", b);
    return true;
}

bool gtkw_view_named(const char* f, const char* const* names, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!strcmp(f, names[i]))
            return true;
    return false;
}

static const char* table_filter(const char* sig, const gtkw_sigdef_t* t, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!strcmp(sig, t[i].sig))
            return t[i].filter;
    return NULL;
}

const char* gtkw_view_port(const char* f, const gtkw_sigdef_t* a, size_t na, const gtkw_sigdef_t* b,
                           size_t nb, char* sig, size_t n) {
    snprintf(sig, n, "%.*s", (int)strcspn(f, "["), f);
    const char* fa = table_filter(sig, a, na);
    return fa ? fa : table_filter(sig, b, nb);
}

int gtkw_view_write(const gtkw_view_proto_t* p, const void* pd, const gsys_rtl_result_t* div,
                    const char* scope, const gpucoh_mwave_t* w, const char* gtkw_path,
                    const char* title, unsigned* traces, unsigned* missing, char* err,
                    size_t errlen) {
    const bool l1 = !strncmp(scope, "sm", 2);
    gtkw_view_t v;
    gpucoh_gtkw_t* g = gtkw_view_begin(&v, w, gtkw_path, div, scope, l1 ? p->l1_mod : p->l2_mod,
                                       title, err, errlen);
    if (!g)
        return -1;
    int line = -1;
    const char* filt = NULL;
    const char* fld = div->div.field + strlen(div->div.unit);
    if (*fld == '.')
        p->field(pd, l1, fld + 1, v.red, sizeof v.red, &line, &filt);
    gtkw_view_mark(&v, div, filt);
    p->unit(&v, pd, l1, line);
    gtkw_view_others(g, w, scope, p->ports); /* the other units' handshakes, closed */
    return gtkw_view_finish(g, traces, missing, err, errlen);
}
