/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_compare_tc.c -- every comparison path of the TC system lockstep (tb/sys/gsys_backend.c,
 * tb/proto/tc/tc_sys_rtl.c: tc_cmp_l1_out, tc_cmp_l1_line, tc_cmp_l2_out, tc_cmp_l2_line,
 * tc_cmp_mshr) catches a deliberately broken value, reported with the right field path and hex
 * values.
 *
 * Each compared struct is described by a field table (name as the compare reports it, offset,
 * size, kind) that also lists its alignment holes; test_layout checks that the entries tile the
 * struct exactly, so a member added to a struct and forgotten here fails it.
 * Then, for the small desc (LineBytes 16) and the paper desc (LineBytes 128), every byte of
 * every struct is corrupted on its own in a copy filled with varied non-zero values:
 *  - a byte of a scalar field or of a data / mask word within the line size must give exactly
 *    1 bad field with the path "<prefix><name>" or "<prefix><name>[hi:lo]" and the expected /
 *    got values of that field ("0x%llx" scalars, "0x%08x" words);
 *  - a byte of a word beyond the line size, or a padding byte, must give 0.
 * Hand-written checks with literal paths and values back the table machinery up, and known
 * gaps (fields the compare does not check) are kept as failing tests of their own.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tc_l1.h"
#include "tc_l2.h"
#include "tc_sys.h"
#include "tc_sys_rtl.h"
#include "unit.h"

/* ---- field tables ---------------------------------------------------------------------------- */

enum { K_SCALAR = 0, K_DATA = 1, K_MASK = 2, K_PAD = 3 };

typedef struct {
    const char* name; /* as reported, after the prefix ("crsp_data_o", "lts"); NULL: padding */
    size_t off, size;
    size_t elem; /* element size: 1 (bool), 4, 8 */
    int kind;    /* K_SCALAR; K_DATA: LineBytes/4 words; K_MASK: LineBytes/32 words; K_PAD */
    bool gap;    /* known: the compare does not check it (a failing test of its own) */
} fld_t;

/* Every member in declaration order, and every alignment hole as PAD(T, member before, bytes)
 * (LP64: bool 1 byte, uint64_t 8-aligned), so test_layout can require that the entries tile the
 * struct exactly: a member missing here (or added to the struct) leaves an unexplained hole. */
#define FSZ(T, m) sizeof(((T*)0)->m)
#define SC(T, m, name)                                                                             \
    { name, offsetof(T, m), FSZ(T, m), FSZ(T, m), K_SCALAR, false }
#define GAP(T, m, name)                                                                            \
    { name, offsetof(T, m), FSZ(T, m), FSZ(T, m), K_SCALAR, true }
#define DW(T, m, name)                                                                             \
    { name, offsetof(T, m), FSZ(T, m), 4, K_DATA, false }
#define MW(T, m, name)                                                                             \
    { name, offsetof(T, m), FSZ(T, m), 4, K_MASK, false }
#define PAD(T, m, n)                                                                               \
    { NULL, offsetof(T, m) + FSZ(T, m), n, 1, K_PAD, false }

static const fld_t l1_out_f[] = {
    SC(tc_l1_out_t, core_ready, "core_ready_o"),
    PAD(tc_l1_out_t, core_ready, 7),
    SC(tc_l1_out_t, crsp.valid, "crsp_valid_o"),
    PAD(tc_l1_out_t, crsp.valid, 3),
    SC(tc_l1_out_t, crsp.kind, "crsp_kind_o"),
    SC(tc_l1_out_t, crsp.wf_mask, "crsp_wf_mask_o"),
    SC(tc_l1_out_t, crsp.line, "crsp_line_o"),
    DW(tc_l1_out_t, crsp.data, "crsp_data_o"),
    SC(tc_l1_out_t, req.valid, "req_valid_o"),
    PAD(tc_l1_out_t, req.valid, 3),
    SC(tc_l1_out_t, req.kind, "req_kind_o"),
    SC(tc_l1_out_t, req.src, "req_src_o"), /* 0 on the L1 port (the crossbar sets it) */
    SC(tc_l1_out_t, req.wf, "req_wf_o"),
    SC(tc_l1_out_t, req.line, "req_line_o"),
    SC(tc_l1_out_t, req.exp, "req_exp_o"),
    PAD(tc_l1_out_t, req.exp, 3),
    SC(tc_l1_out_t, req.ts, "req_ts_o"),
    SC(tc_l1_out_t, req.era, "req_era_o"),
    DW(tc_l1_out_t, req.data, "req_data_o"),
    MW(tc_l1_out_t, req.mask, "req_mask_o"),
    SC(tc_l1_out_t, req.aop, "req_aop_o"),
    SC(tc_l1_out_t, req.word, "req_word_o"),
    SC(tc_l1_out_t, req.a, "req_a_o"),
    SC(tc_l1_out_t, req.b, "req_b_o"),
    PAD(tc_l1_out_t, req.b, 4),
    SC(tc_l1_out_t, fence_ready, "fence_ready_o"),
    SC(tc_l1_out_t, wr_idle, "wr_idle_o"),
};

static const fld_t l1_line_f[] = {
    SC(tc_l1_line_t, tag, "tag"),   SC(tc_l1_line_t, st, "st"),   SC(tc_l1_line_t, lts, "lts"),
    DW(tc_l1_line_t, data, "data"), SC(tc_l1_line_t, rd, "rd"),   SC(tc_l1_line_t, waw, "waw"),
    SC(tc_l1_line_t, wcnt, "wcnt"), PAD(tc_l1_line_t, wcnt, 4),   SC(tc_l1_line_t, orig, "orig"),
    SC(tc_l1_line_t, late, "late"), SC(tc_l1_line_t, mts, "mts"), PAD(tc_l1_line_t, mts, 4),
};

static const fld_t l2_out_f[] = {
    SC(tc_l2_out_t, req_ready, "req_ready_o"),
    PAD(tc_l2_out_t, req_ready, 7),
    SC(tc_l2_out_t, rsp.valid, "rsp_valid_o"),
    PAD(tc_l2_out_t, rsp.valid, 3),
    SC(tc_l2_out_t, rsp.kind, "rsp_kind_o"),
    SC(tc_l2_out_t, rsp.dst, "rsp_dst_o"),
    SC(tc_l2_out_t, rsp.wf, "rsp_wf_o"),
    SC(tc_l2_out_t, rsp.atomic, "rsp_atomic_o"),
    PAD(tc_l2_out_t, rsp.atomic, 3),
    SC(tc_l2_out_t, rsp.line, "rsp_line_o"),
    SC(tc_l2_out_t, rsp.ts, "rsp_ts_o"),
    SC(tc_l2_out_t, rsp.era, "rsp_era_o"),
    DW(tc_l2_out_t, rsp.data, "rsp_data_o"),
    SC(tc_l2_out_t, mreq.fetch, "mreq_fetch_o"),
    PAD(tc_l2_out_t, mreq.fetch, 7),
    SC(tc_l2_out_t, mreq.fetch_line, "mreq_fetch_line_o"),
    SC(tc_l2_out_t, mreq.wb, "mreq_wb_o"),
    PAD(tc_l2_out_t, mreq.wb, 7),
    SC(tc_l2_out_t, mreq.wb_line, "mreq_wb_line_o"),
    DW(tc_l2_out_t, mreq.wb_data, "mreq_wb_data_o"),
};

static const fld_t l2_line_f[] = {
    SC(tc_l2_line_t, tag, "tag"),     SC(tc_l2_line_t, st, "st"), SC(tc_l2_line_t, gts, "gts"),
    SC(tc_l2_line_t, dirty, "dirty"), SC(tc_l2_line_t, wl, "wl"), DW(tc_l2_line_t, data, "data"),
};

static const fld_t mshr_f[] = {
    SC(tc_l2_mshr_t, v, "v"),       SC(tc_l2_mshr_t, kind, "kind"), SC(tc_l2_mshr_t, line, "line"),
    SC(tc_l2_mshr_t, way, "way"),   SC(tc_l2_mshr_t, ts, "ts"),     SC(tc_l2_mshr_t, sm, "sm"),
    SC(tc_l2_mshr_t, op, "op"),     SC(tc_l2_mshr_t, src, "src"),   SC(tc_l2_mshr_t, wf, "wf"),
    DW(tc_l2_mshr_t, data, "data"), MW(tc_l2_mshr_t, mask, "mask"), SC(tc_l2_mshr_t, aop, "aop"),
    SC(tc_l2_mshr_t, word, "word"), SC(tc_l2_mshr_t, a, "a"),       SC(tc_l2_mshr_t, b, "b"),
    PAD(tc_l2_mshr_t, b, 4),
};

typedef enum { S_L1_OUT, S_L1_LINE, S_L2_OUT, S_L2_LINE, S_MSHR, S_N } sid_t;

typedef struct {
    const char* name;
    size_t size;
    const fld_t* f;
    size_t n;
} layout_t;

#define LAYOUT(T, tab)                                                                             \
    { #T, sizeof(T), tab, sizeof tab / sizeof tab[0] }
static const layout_t layouts[S_N] = {
    LAYOUT(tc_l1_out_t, l1_out_f),   LAYOUT(tc_l1_line_t, l1_line_f), LAYOUT(tc_l2_out_t, l2_out_f),
    LAYOUT(tc_l2_line_t, l2_line_f), LAYOUT(tc_l2_mshr_t, mshr_f),
};

/* ---- helpers --------------------------------------------------------------------------------- */

static tc_desc_t small_desc(void) {
    const gsys_cfg_t c = tc_sys_cfg_small(TC_WEAK);
    return *TC_DC(&c);
}
static tc_desc_t paper_desc(void) {
    return tc_desc_default(TC_WEAK);
}

static void run_cmp(sid_t s, const tc_desc_t* d, uint32_t idx, const void* e, const void* g,
                    gpucoh_mismatch_t* mm, uint32_t* bad) {
    switch (s) {
    case S_L1_OUT:
        tc_cmp_l1_out(d, mm, bad, e, g);
        break;
    case S_L1_LINE:
        tc_cmp_l1_line(d, mm, bad, idx, e, g);
        break;
    case S_L2_OUT:
        tc_cmp_l2_out(d, mm, bad, e, g);
        break;
    case S_L2_LINE:
        tc_cmp_l2_line(d, mm, bad, idx, e, g);
        break;
    default:
        tc_cmp_mshr(d, mm, bad, idx, e, g);
        break;
    }
}

/* Fresh mismatch record and count, compare, return the count. */
static uint32_t cmp(sid_t s, const tc_desc_t* d, uint32_t idx, const void* e, const void* g,
                    gpucoh_mismatch_t* mm) {
    uint32_t bad = 0;
    memset(mm, 0, sizeof *mm);
    run_cmp(s, d, idx, e, g, mm, &bad);
    return bad;
}

/* The path prefix of a line / MSHR index (outputs: none). */
static void prefix(sid_t s, const tc_desc_t* d, uint32_t idx, char* buf, size_t n) {
    if (s == S_L1_LINE)
        snprintf(buf, n, "set[%u].way[%u].", idx / d->l1_ways, idx % d->l1_ways);
    else if (s == S_L2_LINE)
        snprintf(buf, n, "set[%u].way[%u].", idx / d->l2_ways, idx % d->l2_ways);
    else if (s == S_MSHR)
        snprintf(buf, n, "mshr[%u].", idx);
    else
        buf[0] = '\0';
}

/* Words of a data / mask field that belong to the line; their width in bits. */
static size_t words_in_line(const tc_desc_t* d, int kind) {
    return kind == K_DATA ? d->line_bytes / 4u : (d->line_bytes + 31u) / 32u;
}
static uint32_t field_bits(const tc_desc_t* d, int kind) {
    return kind == K_DATA ? d->line_bytes * 8u : d->line_bytes;
}

static uint64_t mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* Every field non-zero and different (bools 1), padding 0, words beyond the line too. */
static void fill(const layout_t* L, unsigned char* p, uint64_t seed) {
    memset(p, 0, L->size);
    uint64_t c = seed * 1000u;
    for (size_t k = 0; k < L->n; k++) {
        const fld_t* f = &L->f[k];
        if (f->kind == K_PAD)
            continue;
        for (size_t o = 0; o < f->size; o += f->elem) {
            uint64_t v = mix(c++);
            if (f->elem == 1) {
                const bool b = true;
                memcpy(p + f->off + o, &b, 1);
            } else if (f->elem == 4) {
                uint32_t w = (uint32_t)v | 0x00010000u; /* non-zero */
                memcpy(p + f->off + o, &w, 4);
            } else {
                v |= 0x8000000000000001ull; /* non-zero, 64 significant bits */
                memcpy(p + f->off + o, &v, 8);
            }
        }
    }
}

static uint64_t rd(const unsigned char* p, size_t n) {
    if (n == 1)
        return p[0];
    if (n == 4) {
        uint32_t w;
        memcpy(&w, p, 4);
        return w;
    }
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static const fld_t* owner(const layout_t* L, size_t b) {
    for (size_t k = 0; k < L->n; k++)
        if (b >= L->f[k].off && b < L->f[k].off + L->f[k].size)
            return L->f[k].kind == K_PAD ? NULL : &L->f[k];
    return NULL;
}

/* The report expected for e vs g differing in byte b of field f (word fields: word of b). */
static void want_of(const tc_desc_t* d, const char* pre, const fld_t* f, size_t b,
                    const unsigned char* e, const unsigned char* g, gpucoh_mismatch_t* w) {
    memset(w, 0, sizeof *w);
    if (f->kind == K_SCALAR) {
        snprintf(w->field, sizeof w->field, "%s%s", pre, f->name);
        snprintf(w->expected, sizeof w->expected, "0x%llx",
                 (unsigned long long)rd(e + f->off, f->elem));
        snprintf(w->got, sizeof w->got, "0x%llx", (unsigned long long)rd(g + f->off, f->elem));
        return;
    }
    const size_t wi = (b - f->off) / 4u, at = f->off + 4u * wi;
    const uint32_t bits = field_bits(d, f->kind);
    const unsigned hi = bits < 32u ? bits - 1u : (unsigned)(32u * wi + 31u);
    snprintf(w->field, sizeof w->field, "%s%s[%u:%u]", pre, f->name, hi, (unsigned)(32u * wi));
    snprintf(w->expected, sizeof w->expected, "0x%08x", (unsigned)rd(e + at, 4));
    snprintf(w->got, sizeof w->got, "0x%08x", (unsigned)rd(g + at, 4));
}

static void assert_mm(const gpucoh_mismatch_t* got, const char* field, const char* exp,
                      const char* gv) {
    assert_string_equal(got->field, field);
    assert_string_equal(got->expected, exp);
    assert_string_equal(got->got, gv);
    assert_int_equal(got->extra, 0); /* the tc compares only count, in *bad */
}

/* ---- layout: the tables describe every byte of the structs ----------------------------------- */

static void test_layout(void** state) {
    (void)state;
    for (int s = 0; s < S_N; s++) {
        const layout_t* L = &layouts[s];
        size_t end = 0;
        for (size_t k = 0; k < L->n; k++) {
            const fld_t* f = &L->f[k];
            if (f->off != end)
                fail_msg("%s: bytes %zu..%zu before %s are neither a listed field nor listed "
                         "padding (a struct member missing from this test's table?)",
                         L->name, end, f->off, f->name ? f->name : "padding");
            end = f->off + f->size;
        }
        if (L->size != end)
            fail_msg("%s: bytes %zu..%zu at the end are not described by the table", L->name, end,
                     L->size);
    }
}

/* ---- equal structs --------------------------------------------------------------------------- */

static void equal_for(const tc_desc_t* d) {
    for (int s = 0; s < S_N; s++) {
        const layout_t* L = &layouts[s];
        unsigned char* e = malloc(L->size);
        unsigned char* g = malloc(L->size);
        fill(L, e, (uint64_t)s + 1u);
        memcpy(g, e, L->size);
        gpucoh_mismatch_t mm;
        assert_int_equal(cmp((sid_t)s, d, 0, e, g, &mm), 0);
        assert_string_equal(mm.field, "");
        assert_int_equal(cmp((sid_t)s, d, 3, e, e, &mm), 0);
        /* all-zero structs (a reset) too */
        memset(e, 0, L->size);
        memset(g, 0, L->size);
        assert_int_equal(cmp((sid_t)s, d, 1, e, g, &mm), 0);
        free(e);
        free(g);
    }
}

static void test_equal(void** state) {
    (void)state;
    const tc_desc_t ds = small_desc(), dp = paper_desc();
    equal_for(&ds);
    equal_for(&dp);
}

/* ---- the byte sweep -------------------------------------------------------------------------- */

typedef struct {
    const char* name;
    sid_t s;
    bool paper;
} case_t;

/* Corrupt byte b of a copy with bit pattern x; check the report. Returns 1 if it was caught. */
static int one_byte(const case_t* c, const tc_desc_t* d, uint32_t idx, const unsigned char* e,
                    unsigned char* g, size_t b, unsigned x) {
    const layout_t* L = &layouts[c->s];
    char pre[64];
    prefix(c->s, d, idx, pre, sizeof pre);
    memcpy(g, e, L->size);
    g[b] ^= (unsigned char)x;
    gpucoh_mismatch_t mm;
    const uint32_t bad = cmp(c->s, d, idx, e, g, &mm);
    const fld_t* f = owner(L, b);
    if (f == NULL) {
        if (bad != 0)
            fail_msg("%s: padding byte %zu reported as %s", L->name, b, mm.field);
        return 0;
    }
    if (f->gap)
        return 0; /* known gap, see its own test */
    if (f->kind != K_SCALAR && (b - f->off) / 4u >= words_in_line(d, f->kind)) {
        if (bad != 0)
            fail_msg("%s: %s word %zu beyond LineBytes %u reported as %s", L->name, f->name,
                     (b - f->off) / 4u, d->line_bytes, mm.field);
        return 0;
    }
    if (bad != 1)
        fail_msg("%s (LineBytes %u): byte %zu of %s%s (^0x%02x) gave %u bad fields, want 1",
                 L->name, d->line_bytes, b - f->off, pre, f->name, x, bad);
    gpucoh_mismatch_t w;
    want_of(d, pre, f, b, e, g, &w);
    if (strcmp(mm.field, w.field) != 0 || strcmp(mm.expected, w.expected) != 0 ||
        strcmp(mm.got, w.got) != 0)
        fail_msg("%s (LineBytes %u): reported '%s' C %s RTL %s, want '%s' C %s RTL %s", L->name,
                 d->line_bytes, mm.field, mm.expected, mm.got, w.field, w.expected, w.got);
    assert_int_equal(mm.extra, 0);
    return 1;
}

static void test_sweep(void** state) {
    const case_t* c = *state;
    const tc_desc_t d = c->paper ? paper_desc() : small_desc();
    const layout_t* L = &layouts[c->s];
    uint32_t idx[3] = {0, 0, 0};
    if (c->s == S_L1_LINE) {
        idx[1] = d.l1_ways + 0u; /* set[1].way[0] */
        idx[2] = d.l1_sets * d.l1_ways - 1u;
    } else if (c->s == S_L2_LINE) {
        idx[1] = d.l2_ways + 1u;
        idx[2] = d.l2_sets * d.l2_ways - 1u;
    } else if (c->s == S_MSHR) {
        idx[1] = 3;
        idx[2] = d.l2_mshrs - 1u;
    }
    unsigned char* e = malloc(L->size);
    unsigned char* g = malloc(L->size);
    for (int r = 0; r < 3; r++) {
        fill(L, e, 7u + (uint64_t)r);
        size_t caught = 0, in_scope = 0;
        for (size_t b = 0; b < L->size; b++) {
            const fld_t* f = owner(L, b);
            caught += (size_t)one_byte(c, &d, idx[r], e, g, b, 0x01u);
            if (f != NULL && f->elem > 1) /* a high bit too (not on bools: 0/1 only) */
                caught += (size_t)one_byte(c, &d, idx[r], e, g, b, 0x80u);
            if (f != NULL && !f->gap &&
                (f->kind == K_SCALAR || (b - f->off) / 4u < words_in_line(&d, f->kind)))
                in_scope += f->elem > 1 ? 2u : 1u;
        }
        assert_int_equal(caught, in_scope);
        assert_true(caught > 0);
    }
    free(e);
    free(g);
}

/* ---- literal paths and values ---------------------------------------------------------------- */

static void test_literal_small(void** state) {
    (void)state;
    const tc_desc_t d = small_desc();
    assert_int_equal(d.line_bytes, 16);
    assert_int_equal(d.l1_ways, 2);
    assert_int_equal(d.l2_ways, 2);
    gpucoh_mismatch_t mm;
    {
        tc_l1_out_t e, g;
        memset(&e, 0, sizeof e);
        e.crsp.data[1] = 0x11223344u;
        g = e;
        g.crsp.data[1] = 0x11223345u;
        assert_int_equal(cmp(S_L1_OUT, &d, 0, &e, &g, &mm), 1);
        assert_mm(&mm, "crsp_data_o[63:32]", "0x11223344", "0x11223345");
        g = e;
        g.crsp.data[3] = 1;
        assert_int_equal(cmp(S_L1_OUT, &d, 0, &e, &g, &mm), 1);
        assert_mm(&mm, "crsp_data_o[127:96]", "0x00000000", "0x00000001");
        g = e;
        g.req.mask[0] = 0x8000u;
        assert_int_equal(cmp(S_L1_OUT, &d, 0, &e, &g, &mm), 1);
        assert_mm(&mm, "req_mask_o[15:0]", "0x00000000", "0x00008000");
        g = e;
        e.crsp.wf_mask = 0x8000000000000001ull;
        g.crsp.wf_mask = 1;
        assert_int_equal(cmp(S_L1_OUT, &d, 0, &e, &g, &mm), 1);
        assert_mm(&mm, "crsp_wf_mask_o", "0x8000000000000001", "0x1");
        g = e;
        g.core_ready = true;
        assert_int_equal(cmp(S_L1_OUT, &d, 0, &e, &g, &mm), 1);
        assert_mm(&mm, "core_ready_o", "0x0", "0x1");
        g = e;
        g.wr_idle = 0xffu;
        assert_int_equal(cmp(S_L1_OUT, &d, 0, &e, &g, &mm), 1);
        assert_mm(&mm, "wr_idle_o", "0x0", "0xff");
    }
    {
        tc_l1_line_t e, g;
        memset(&e, 0, sizeof e);
        e.lts = 0x2a;
        g = e;
        g.lts = 0x2b;
        assert_int_equal(cmp(S_L1_LINE, &d, d.l1_ways + 0u, &e, &g, &mm), 1);
        assert_mm(&mm, "set[1].way[0].lts", "0x2a", "0x2b");
        g = e;
        g.mts = 5;
        assert_int_equal(cmp(S_L1_LINE, &d, 7, &e, &g, &mm), 1);
        assert_mm(&mm, "set[3].way[1].mts", "0x0", "0x5");
        g = e;
        g.data[2] = 0xdeadbeefu;
        assert_int_equal(cmp(S_L1_LINE, &d, 1, &e, &g, &mm), 1);
        assert_mm(&mm, "set[0].way[1].data[95:64]", "0x00000000", "0xdeadbeef");
    }
    {
        tc_l2_out_t e, g;
        memset(&e, 0, sizeof e);
        g = e;
        g.rsp.dst = 0x9;
        assert_int_equal(cmp(S_L2_OUT, &d, 0, &e, &g, &mm), 1);
        assert_mm(&mm, "rsp_dst_o", "0x0", "0x9");
        g = e;
        g.mreq.wb_data[0] = 0x80000000u;
        assert_int_equal(cmp(S_L2_OUT, &d, 0, &e, &g, &mm), 1);
        assert_mm(&mm, "mreq_wb_data_o[31:0]", "0x00000000", "0x80000000");
    }
    {
        tc_l2_line_t e, g;
        memset(&e, 0, sizeof e);
        e.gts = 0x3ff;
        g = e;
        g.gts = 0x3fe;
        assert_int_equal(cmp(S_L2_LINE, &d, 5, &e, &g, &mm), 1);
        assert_mm(&mm, "set[2].way[1].gts", "0x3ff", "0x3fe");
    }
    {
        tc_l2_mshr_t e, g;
        memset(&e, 0, sizeof e);
        e.ts = 100;
        g = e;
        g.ts = 101;
        assert_int_equal(cmp(S_MSHR, &d, 3, &e, &g, &mm), 1);
        assert_mm(&mm, "mshr[3].ts", "0x64", "0x65");
        g = e;
        g.mask[0] = 0x1u;
        assert_int_equal(cmp(S_MSHR, &d, 2, &e, &g, &mm), 1);
        assert_mm(&mm, "mshr[2].mask[15:0]", "0x00000000", "0x00000001");
    }
}

static void test_literal_paper(void** state) {
    (void)state;
    const tc_desc_t d = paper_desc();
    assert_int_equal(d.line_bytes, 128);
    assert_int_equal(d.l1_ways, 4);
    assert_int_equal(d.l2_ways, 8);
    gpucoh_mismatch_t mm;
    {
        tc_l1_out_t e, g;
        memset(&e, 0, sizeof e);
        g = e;
        g.crsp.data[31] = 0xcafef00du;
        assert_int_equal(cmp(S_L1_OUT, &d, 0, &e, &g, &mm), 1);
        assert_mm(&mm, "crsp_data_o[1023:992]", "0x00000000", "0xcafef00d");
        g = e;
        g.req.mask[3] = 0x10u;
        assert_int_equal(cmp(S_L1_OUT, &d, 0, &e, &g, &mm), 1);
        assert_mm(&mm, "req_mask_o[127:96]", "0x00000000", "0x00000010");
        g = e;
        g.req.data[4] = 7;
        assert_int_equal(cmp(S_L1_OUT, &d, 0, &e, &g, &mm), 1);
        assert_mm(&mm, "req_data_o[159:128]", "0x00000000", "0x00000007");
        g = e;
        g.fence_ready = 0xffffffffffffull;
        assert_int_equal(cmp(S_L1_OUT, &d, 0, &e, &g, &mm), 1);
        assert_mm(&mm, "fence_ready_o", "0x0", "0xffffffffffff");
    }
    {
        tc_l1_line_t e, g;
        memset(&e, 0, sizeof e);
        g = e;
        g.orig = 0x123456789ull;
        assert_int_equal(cmp(S_L1_LINE, &d, 4u * 63u + 3u, &e, &g, &mm), 1);
        assert_mm(&mm, "set[63].way[3].orig", "0x0", "0x123456789");
    }
    {
        tc_l2_line_t e, g;
        memset(&e, 0, sizeof e);
        g = e;
        g.dirty = 1;
        assert_int_equal(cmp(S_L2_LINE, &d, 8u * 127u + 7u, &e, &g, &mm), 1);
        assert_mm(&mm, "set[127].way[7].dirty", "0x0", "0x1");
    }
    {
        tc_l2_mshr_t e, g;
        memset(&e, 0, sizeof e);
        g = e;
        g.sm = 0x8000000000000000ull;
        assert_int_equal(cmp(S_MSHR, &d, 127, &e, &g, &mm), 1);
        assert_mm(&mm, "mshr[127].sm", "0x0", "0x8000000000000000");
        g = e;
        g.mask[1] = 0xffffffffu;
        assert_int_equal(cmp(S_MSHR, &d, 3, &e, &g, &mm), 1);
        assert_mm(&mm, "mshr[3].mask[63:32]", "0x00000000", "0xffffffff");
    }
}

/* ---- words beyond the line size -------------------------------------------------------------- */

static void test_beyond_line(void** state) {
    (void)state;
    const tc_desc_t d = small_desc();
    gpucoh_mismatch_t mm;
    tc_l1_out_t e, g;
    memset(&e, 0, sizeof e);
    g = e;
    g.crsp.data[4] = 1; /* LineBytes 16: data words 0..3 only */
    g.crsp.data[GSYS_MAX_LINE_WORDS - 1u] = 1;
    g.req.data[4] = 1;
    g.req.mask[1] = 1; /* mask: one word */
    g.req.mask[GSYS_MASK_WORDS - 1u] = 1;
    assert_int_equal(cmp(S_L1_OUT, &d, 0, &e, &g, &mm), 0);
    tc_l1_line_t e1, g1;
    memset(&e1, 0, sizeof e1);
    g1 = e1;
    g1.data[4] = 1;
    assert_int_equal(cmp(S_L1_LINE, &d, 0, &e1, &g1, &mm), 0);
    tc_l2_out_t e2, g2;
    memset(&e2, 0, sizeof e2);
    g2 = e2;
    g2.rsp.data[4] = 1;
    g2.mreq.wb_data[4] = 1;
    assert_int_equal(cmp(S_L2_OUT, &d, 0, &e2, &g2, &mm), 0);
    tc_l2_line_t e3, g3;
    memset(&e3, 0, sizeof e3);
    g3 = e3;
    g3.data[4] = 1;
    assert_int_equal(cmp(S_L2_LINE, &d, 0, &e3, &g3, &mm), 0);
    tc_l2_mshr_t e4, g4;
    memset(&e4, 0, sizeof e4);
    g4 = e4;
    g4.data[4] = 1;
    g4.mask[1] = 1;
    assert_int_equal(cmp(S_MSHR, &d, 0, &e4, &g4, &mm), 0);
    /* ... and the same words are compared with LineBytes 128 */
    const tc_desc_t p = paper_desc();
    assert_int_equal(cmp(S_L1_OUT, &p, 0, &e, &g, &mm), 5);
    assert_string_equal(mm.field, "crsp_data_o[159:128]");
    assert_int_equal(cmp(S_MSHR, &p, 0, &e4, &g4, &mm), 2);
    assert_string_equal(mm.field, "mshr[0].data[159:128]");
}

/* ---- counts: several fields at once, and the running *bad of a caller ------------------------ */

static void counts_for(const tc_desc_t* d) {
    static const char* const first[S_N] = {"core_ready_o", "set[0].way[1].tag", "req_ready_o",
                                           "set[0].way[1].tag", "mshr[1].v"};
    for (int s = 0; s < S_N; s++) {
        const layout_t* L = &layouts[s];
        unsigned char* e = malloc(L->size);
        unsigned char* g = malloc(L->size);
        fill(L, e, 99);
        memcpy(g, e, L->size);
        uint32_t want = 0;
        for (size_t k = 0; k < L->n; k++) {
            const fld_t* f = &L->f[k];
            if (f->gap || f->kind == K_PAD)
                continue;
            const size_t nw = f->kind == K_SCALAR ? 1u : words_in_line(d, f->kind);
            for (size_t w = 0; w < nw; w++)
                g[f->off + w * f->elem] ^= 1u;
            want += (uint32_t)nw;
        }
        gpucoh_mismatch_t mm;
        assert_int_equal(cmp((sid_t)s, d, 1, e, g, &mm), want);
        assert_string_equal(mm.field, first[s]); /* the first compared field is described */
        assert_int_equal(mm.extra, 0);
        /* a caller's running count: the first mismatch it already has is kept */
        gpucoh_mismatch_t keep;
        memset(&keep, 0, sizeof keep);
        snprintf(keep.field, sizeof keep.field, "earlier");
        uint32_t bad = 1;
        run_cmp((sid_t)s, d, 1, e, g, &keep, &bad);
        assert_int_equal(bad, want + 1u);
        assert_string_equal(keep.field, "earlier");
        free(e);
        free(g);
    }
    /* two scalars and two words of one struct */
    tc_l2_mshr_t e, g;
    memset(&e, 0, sizeof e);
    g = e;
    g.b = 1;
    g.way = 2;
    g.data[0] = 3;
    g.mask[0] = 4;
    gpucoh_mismatch_t mm;
    assert_int_equal(cmp(S_MSHR, d, 2, &e, &g, &mm), 4);
    assert_mm(&mm, "mshr[2].way", "0x0", "0x2"); /* way is compared before b and the words */
}

static void test_counts(void** state) {
    (void)state;
    const tc_desc_t ds = small_desc(), dp = paper_desc();
    counts_for(&ds);
    counts_for(&dp);
}

/* ---- a gap found and closed ------------------------------------------------------------------ */

/* tc_l1_out_t.req.src was first not compared by tc_cmp_l1_out (the L1 drives it 0, the RTL has
 * no req_src_o port and the crossbar overwrites it, but a C model that drove it non-zero would
 * not have been caught); this test found it and keeps it closed. */
static void test_gap_l1_out_req_src(void** state) {
    (void)state;
    const tc_desc_t d = small_desc();
    tc_l1_out_t e, g;
    memset(&e, 0, sizeof e);
    g = e;
    e.req.src = 3; /* C model */
    gpucoh_mismatch_t mm;
    const uint32_t bad = cmp(S_L1_OUT, &d, 0, &e, &g, &mm);
    if (bad != 1)
        fail_msg("GAP: tc_cmp_l1_out does not compare tc_l1_out_t.req.src (C 0x3, RTL 0x0 gave "
                 "%u bad fields)",
                 bad);
    assert_mm(&mm, "req_src_o", "0x3", "0x0");
}

/* ---- main ------------------------------------------------------------------------------------ */

static case_t cases[] = {
    {"sweep_l1_out_small", S_L1_OUT, false},   {"sweep_l1_out_paper", S_L1_OUT, true},
    {"sweep_l1_line_small", S_L1_LINE, false}, {"sweep_l1_line_paper", S_L1_LINE, true},
    {"sweep_l2_out_small", S_L2_OUT, false},   {"sweep_l2_out_paper", S_L2_OUT, true},
    {"sweep_l2_line_small", S_L2_LINE, false}, {"sweep_l2_line_paper", S_L2_LINE, true},
    {"sweep_mshr_small", S_MSHR, false},       {"sweep_mshr_paper", S_MSHR, true},
};
#define NCASES (sizeof cases / sizeof cases[0])

int main(void) {
    struct CMUnitTest tests[NCASES + 7];
    size_t n = 0;
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_layout);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_equal);
    for (size_t k = 0; k < NCASES; k++) {
        tests[n++] = (struct CMUnitTest){cases[k].name, test_sweep, NULL, NULL, &cases[k]};
    }
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_literal_small);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_literal_paper);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_beyond_line);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_counts);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_gap_l1_out_req_src);
    if (n != sizeof tests / sizeof tests[0])
        return 1;
    return cmocka_run_group_tests_name("compare_tc", tests, NULL, NULL);
}
