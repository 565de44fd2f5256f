/* SPDX-License-Identifier: Apache-2.0 */
/*
 * litgen.c -- the litmus generator (litgen.h, docs/litmus-gen.md): the shape table, the
 * enumeration of synchronization x scope x thread placement x location placement, the
 * canonical form that removes duplicates, and the rendering of a test as a litmus file.
 */
#include "litgen.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* ---- the shapes ------------------------------------------------------------------------------
 * ops: per thread ('|' between threads) its one or two operations: W<loc><v> a store of v,
 * R<loc><v> a load (v: what it reads in the cycle the shape is about), U<loc><v> an atomic
 * increment (atom.add 1; v: the old value in the cycle). Locations x, y, z.
 * finals: final values the cycle needs (those locations are observed). */
typedef struct {
    const char *name, *ops, *finals;
} lg_def_t;

static const lg_def_t DEFS[] = {
    {"MP", "Wx1 Wy1 | Ry1 Rx0", ""},
    {"SB", "Wx1 Ry0 | Wy1 Rx0", ""},
    {"LB", "Rx1 Wy1 | Ry1 Wx1", ""},
    {"S", "Wx2 Wy1 | Ry1 Wx1", "x=2"},
    {"R", "Wx1 Wy1 | Wy2 Rx0", "y=2"},
    {"2+2W", "Wx1 Wy2 | Wy1 Wx2", "x=1 y=1"},
    {"WRC", "Wx1 | Rx1 Wy1 | Ry1 Rx0", ""},
    {"ISA2", "Wx1 Wy1 | Ry1 Wz1 | Rz1 Rx0", ""},
    {"RWC", "Wx1 | Rx1 Ry0 | Wy1 Rx0", ""},
    {"IRIW", "Wx1 | Wy1 | Rx1 Ry0 | Ry1 Rx0", ""},
    {"W+RW+WW", "Wx1 | Rx1 Wy1 | Wy2 Wx2", "x=1 y=2"},
    {"CoRR", "Wx1 | Rx1 Rx0", ""},
    {"CoWW", "Wx1 Wx2", "x=1"},
    {"CoRW", "Rx2 Wx1 | Wx2", "x=2"},
    {"CoWR", "Wx1 Rx2 | Wx2", "x=1"},
    {"3.SB", "Wx1 Ry0 | Wy1 Rz0 | Wz1 Rx0", ""},
    {"3.LB", "Rx1 Wy1 | Ry1 Wz1 | Rz1 Wx1", ""},
    {"3.2W", "Wx2 Wy1 | Wy2 Wz1 | Wz2 Wx1", "x=2 y=2 z=2"},
    {"ATOM.add", "Ux0 | Ux0", "x=1"},
};
#define NDEFS (sizeof DEFS / sizeof DEFS[0])
_Static_assert(NDEFS <= LG_MAX_SHAPES, "LG_MAX_SHAPES: the stats hold every shape");

static const char LOCN[] = "xyz"; /* location i's name */

typedef struct {
    char k; /* W R U */
    uint8_t loc, v;
} lg_sop_t;

typedef struct {
    uint8_t nth, nloc, nops[LG_MAX_THREADS];
    lg_sop_t op[LG_MAX_THREADS][2];
    uint8_t finalv[3]; /* 0: not observed */
} lg_shape_t;

static lg_shape_t SH[NDEFS];
static bool sh_ready;
static void places_init(void);

/* The table's strings are fixed; a malformed one is a programming error caught by the tests
 * (every shape must parse: nth > 0). */
static void parse_shape(const lg_def_t* d, lg_shape_t* s) {
    memset(s, 0, sizeof *s);
    uint32_t t = 0, k = 0;
    for (const char* c = d->ops; *c; c++) {
        if (*c == '|') {
            t++;
            k = 0;
        } else if (strchr("WRU", *c) && c[1] >= 'x' && c[1] <= 'z' && c[2] >= '0' && c[2] <= '9' &&
                   t < LG_MAX_THREADS && k < 2) {
            lg_sop_t* o = &s->op[t][k++];
            o->k = *c;
            o->loc = (uint8_t)(c[1] - 'x');
            o->v = (uint8_t)(c[2] - '0');
            s->nops[t] = (uint8_t)k;
            if (o->loc + 1u > s->nloc)
                s->nloc = (uint8_t)(o->loc + 1u);
            c += 2;
        }
    }
    s->nth = (uint8_t)(t + 1);
    for (const char* c = d->finals; *c; c++)
        if (*c >= 'x' && *c <= 'z' && c[1] == '=')
            s->finalv[*c - 'x'] = (uint8_t)(c[2] - '0');
}

static void shapes_init(void) {
    if (sh_ready)
        return;
    for (uint32_t i = 0; i < NDEFS; i++)
        parse_shape(&DEFS[i], &SH[i]);
    places_init();
    sh_ready = true;
}

uint32_t litgen_nshapes(void) {
    return (uint32_t)NDEFS;
}

const char* litgen_shape_name(uint32_t s) {
    return s < NDEFS ? DEFS[s].name : "?";
}

uint32_t litgen_shape_threads(uint32_t s) {
    shapes_init();
    return s < NDEFS ? SH[s].nth : 0;
}

uint32_t litgen_shape_locs(uint32_t s) {
    shapes_init();
    return s < NDEFS ? SH[s].nloc : 0;
}

int litgen_shape_find(const char* name) {
    for (uint32_t i = 0; i < NDEFS; i++)
        if (!strcmp(DEFS[i].name, name))
            return (int)i;
    return -1;
}

static const char* const SYNC_NAMES[LG_NSYNC] = {
    "plain", "fence", "fence.sc", "relacq", "atom.acq_rel", "atom.relaxed", "relacq.all"};
static const char* const SCOPE_NAMES[LG_NSCOPE] = {"cta", "gpu", "rm"};
static const char* const THR_NAMES[LG_NTHR] = {"samecta", "samesm", "othersm", "farsm"};
static const char* const LOCP_NAMES[LG_NLOCP] = {"sameline", "samebank", "otherbank"};

const char* litgen_sync_name(uint32_t k) {
    return k < LG_NSYNC ? SYNC_NAMES[k] : "?";
}
const char* litgen_scope_name(uint32_t k) {
    return k < LG_NSCOPE ? SCOPE_NAMES[k] : "?";
}
const char* litgen_thr_name(uint32_t k) {
    return k < LG_NTHR ? THR_NAMES[k] : "?";
}
const char* litgen_locp_name(uint32_t k) {
    return k < LG_NLOCP ? LOCP_NAMES[k] : "?";
}

/* ---- thread placements ------------------------------------------------------------------
 * Every assignment of n threads to SMs and CTAs up to renaming (a CTA on one SM; at most
 * LG_NUM_SM / 2 SMs of each index parity: the small configuration), as the choice each thread
 * after T0 makes, in this order: join the CTA of an earlier thread (samecta, by CTA), a new CTA
 * on the SM of an earlier thread (samesm, by SM), a new SM of T0's parity (othersm) or of the
 * other (farsm). ref: the first thread of that CTA / SM. */
typedef struct {
    uint8_t sm[LG_MAX_THREADS], cta[LG_MAX_THREADS];
    uint8_t kind[LG_MAX_THREADS], ref[LG_MAX_THREADS];
} lg_place_t;

static lg_place_t PL[LG_MAX_THREADS + 1][LG_MAX_TPL];
static uint32_t NPL[LG_MAX_THREADS + 1];

static void pl_add(uint32_t n, const lg_place_t* p) {
    if (NPL[n] < LG_MAX_TPL) /* the tests check the table holds them all */
        PL[n][NPL[n]] = *p;
    NPL[n]++;
}

static void pl_set(lg_place_t* p, uint32_t i, uint32_t sm, uint32_t cta, uint32_t kind,
                   uint32_t ref) {
    p->sm[i] = (uint8_t)sm;
    p->cta[i] = (uint8_t)cta;
    p->kind[i] = (uint8_t)kind;
    p->ref[i] = (uint8_t)ref;
}

static void pl_grow(uint32_t n, uint32_t i, lg_place_t* p) {
    if (i == n) {
        pl_add(n, p);
        return;
    }
    uint32_t ncta = 0, nsm[2] = {0, 0};
    bool sm_seen[LG_NUM_SM] = {false};
    for (uint32_t j = 0; j < i; j++) {
        if (p->cta[j] + 1u > ncta)
            ncta = p->cta[j] + 1u;
        if (!sm_seen[p->sm[j]])
            nsm[p->sm[j] % 2]++;
        sm_seen[p->sm[j]] = true;
    }
    for (uint32_t c = 0; c < ncta; c++) { /* samecta: the first thread of CTA c */
        uint32_t j = 0;
        while (p->cta[j] != c)
            j++;
        pl_set(p, i, p->sm[j], c, LG_SAMECTA, j);
        pl_grow(n, i + 1, p);
    }
    for (uint32_t j = 0; j < i; j++) { /* samesm: the first thread of each SM */
        uint32_t f = 0;
        while (p->sm[f] != p->sm[j])
            f++;
        if (f != j)
            continue;
        pl_set(p, i, p->sm[j], ncta, LG_SAMESM, j);
        pl_grow(n, i + 1, p);
    }
    for (uint32_t side = 0; side < 2; side++) { /* a new SM: T0's parity (SM 0), the other */
        if (nsm[side] >= LG_NUM_SM / 2)
            continue;
        pl_set(p, i, side + 2 * nsm[side], ncta, side ? LG_FARSM : LG_OTHERSM, 0);
        pl_grow(n, i + 1, p);
    }
}

static void places_init(void) {
    for (uint32_t n = 1; n <= LG_MAX_THREADS; n++) {
        lg_place_t p;
        memset(&p, 0, sizeof p);
        NPL[n] = 0;
        pl_grow(n, 1, &p);
    }
}

uint32_t litgen_ntpl(uint32_t s) {
    shapes_init();
    const uint32_t n = litgen_shape_threads(s);
    return n && NPL[n] <= LG_MAX_TPL ? NPL[n] : 0;
}

uint32_t litgen_nplacements(uint32_t threads) {
    shapes_init();
    return threads >= 1 && threads <= LG_MAX_THREADS ? NPL[threads] : 0;
}

uint32_t litgen_nlocp(uint32_t s) {
    return litgen_shape_locs(s) > 1 ? LG_NLOCP : 1;
}

void litgen_tpl_label(uint32_t s, uint32_t tpl, char* buf, size_t n) {
    const uint32_t nth = litgen_shape_threads(s);
    size_t k = (size_t)snprintf(buf, n, "%s", nth < 2 ? "-" : "");
    if (nth < 2 || tpl >= litgen_ntpl(s))
        return;
    const lg_place_t* p = &PL[nth][tpl];
    for (uint32_t i = 1; i < nth && k < n; i++) {
        const char* r = THR_NAMES[p->kind[i]];
        const bool ref = p->kind[i] == LG_SAMECTA || p->kind[i] == LG_SAMESM;
        if (nth == 2)
            k += (size_t)snprintf(buf + k, n - k, "%s", r);
        else if (ref)
            k += (size_t)snprintf(buf + k, n - k, "%st%u%s%u", i > 1 ? "-" : "", i, r, p->ref[i]);
        else
            k += (size_t)snprintf(buf + k, n - k, "%st%u%s", i > 1 ? "-" : "", i, r);
    }
}

void litgen_shape_text(uint32_t s, char* buf, size_t n) {
    shapes_init();
    size_t k = 0;
    buf[0] = 0;
    for (uint32_t t = 0; s < NDEFS && t < SH[s].nth && k < n; t++) {
        k += (size_t)snprintf(buf + k, n - k, "%sT%u:", t ? " | " : "", t);
        for (uint32_t i = 0; i < SH[s].nops[t] && k < n; i++) {
            const lg_sop_t* o = &SH[s].op[t][i];
            if (o->k == 'W')
                k += (size_t)snprintf(buf + k, n - k, "%s W %c %u", i ? ";" : "", LOCN[o->loc],
                                      o->v);
            else
                k += (size_t)snprintf(buf + k, n - k, "%s %c %c", i ? ";" : "", o->k, LOCN[o->loc]);
        }
    }
}

/* ---- a concrete test ---------------------------------------------------------------------- */

enum { OP_ST = 1, OP_LD, OP_FENCE, OP_XCHG, OP_ADD };
enum { SEM_NONE = 0, SEM_RLX, SEM_ACQ, SEM_REL, SEM_AR, SEM_SC };
#define NO_WANT 0xffu

typedef struct {
    uint8_t kind, sem, scope, loc, v;
    uint8_t want; /* a register's value in the cycle, NO_WANT when the shape does not say */
} lg_op_t;

typedef struct {
    uint8_t sm, cta, nops;
    lg_op_t op[3];
} lg_thr_t;

typedef struct {
    uint32_t shape, tpl, locp;
    uint8_t nth, nloc;
    lg_thr_t th[LG_MAX_THREADS];
    uint8_t choice[LG_MAX_THREADS]; /* per position (thread): sync * LG_NSCOPE + scope */
} lg_test_t;

static lg_op_t plain_op(const lg_sop_t* s) {
    lg_op_t o = {0, SEM_NONE, LG_GPU, s->loc, s->v, NO_WANT};
    o.kind = s->k == 'W' ? OP_ST : s->k == 'R' ? OP_LD : OP_ADD;
    if (s->k != 'W')
        o.want = s->v;
    if (s->k == 'U') {
        o.v = 1;
        o.sem = SEM_RLX;
    }
    return o;
}

/* an access made the sync kind k of scope sc: release / acquire, or an atomic */
static lg_op_t annotate(const lg_sop_t* s, uint32_t k, uint32_t sc) {
    lg_op_t o = plain_op(s);
    o.scope = (uint8_t)sc;
    if (k == LG_RELACQ || k == LG_RELACQ_ALL) {
        o.sem = s->k == 'W' ? SEM_REL : SEM_ACQ;
        return o;
    }
    o.sem = k == LG_ATOM_AR ? SEM_AR : SEM_RLX;
    if (s->k == 'W') {
        o.kind = OP_XCHG;
        o.want = NO_WANT;
    } else if (s->k == 'R') {
        o.kind = OP_ADD;
        o.v = 0;
    }
    return o;
}

/* Thread t of shape s under choice c (sync * LG_NSCOPE + scope). An edge a -> b: a fence
 * between them, or the accesses that can order it annotated: a when a or b is a load (an
 * acquire before), b when a or b is a store (a release after); W -> R and R -> W: both. */
static void build_thread(const lg_shape_t* s, uint32_t t, uint32_t c, lg_thr_t* th) {
    const uint32_t k = c / LG_NSCOPE, sc = c % LG_NSCOPE;
    const lg_sop_t* a = &s->op[t][0];
    th->nops = 0;
    if (s->nops[t] == 1) {
        th->op[th->nops++] = (k == LG_PLAIN && a->k != 'U') ? plain_op(a) : annotate(a, k, sc);
        return;
    }
    const lg_sop_t* b = &s->op[t][1];
    const bool fence = k == LG_FENCE || k == LG_FENCE_SC, ann = k >= LG_RELACQ;
    const bool all = k == LG_RELACQ_ALL;
    const bool ann_a = ann && (all || a->k == 'R' || b->k == 'R');
    const bool ann_b = ann && (all || a->k == 'W' || b->k == 'W');
    th->op[th->nops++] = ann_a ? annotate(a, k, sc) : plain_op(a);
    if (fence) {
        lg_op_t f = {OP_FENCE, k == LG_FENCE ? SEM_AR : SEM_SC, (uint8_t)sc, 0, 0, NO_WANT};
        th->op[th->nops++] = f;
    }
    th->op[th->nops++] = ann_b ? annotate(b, k, sc) : plain_op(b);
}

/* ---- canonical form ------------------------------------------------------------------------ */

#define CANON_MAX 128

/* The test with its threads in order perm, SMs, CTAs, locations and stored values renamed by
 * first appearance (SMs keeping their parity relation to the first one): two tests that differ
 * only by such renaming encode alike. */
static size_t encode(const lg_test_t* t, const uint8_t* perm, uint8_t* b) {
    const lg_shape_t* s = &SH[t->shape];
    int smap[LG_NUM_SM], cmap[16], lmap[3], vmap[3][10];
    memset(smap, -1, sizeof smap);
    memset(cmap, -1, sizeof cmap);
    memset(lmap, -1, sizeof lmap);
    memset(vmap, -1, sizeof vmap);
    int nsm[2] = {0, 0}, nc = 0, nl = 0, nv[3] = {0, 0, 0};
    const int par0 = t->th[perm[0]].sm % 2;
    size_t n = 0;
    b[n++] = (uint8_t)t->locp;
    for (uint32_t i = 0; i < t->nth; i++) {
        const lg_thr_t* th = &t->th[perm[i]];
        const int side = th->sm % 2 != par0;
        if (smap[th->sm] < 0)
            smap[th->sm] = side * 8 + nsm[side]++;
        if (cmap[th->cta] < 0)
            cmap[th->cta] = nc++;
        b[n++] = (uint8_t)smap[th->sm];
        b[n++] = (uint8_t)cmap[th->cta];
        b[n++] = th->nops;
        for (uint32_t k = 0; k < th->nops; k++) {
            const lg_op_t* o = &th->op[k];
            uint8_t l = 0, v = o->v;
            if (o->kind != OP_FENCE) {
                if (lmap[o->loc] < 0)
                    lmap[o->loc] = nl++;
                l = (uint8_t)lmap[o->loc];
            }
            if (o->kind == OP_ST || o->kind == OP_XCHG) {
                if (vmap[o->loc][o->v] < 0)
                    vmap[o->loc][o->v] = ++nv[o->loc];
                v = (uint8_t)vmap[o->loc][o->v];
            }
            b[n++] = o->kind;
            b[n++] = o->sem;
            b[n++] = o->scope;
            b[n++] = l;
            b[n++] = v;
        }
    }
    uint8_t fin = 0;
    for (uint32_t l = 0; l < s->nloc; l++)
        if (s->finalv[l] && lmap[l] >= 0)
            fin |= (uint8_t)(1u << lmap[l]);
    b[n++] = fin;
    return n;
}

/* next permutation of p[0..n) in lexicographic order; false after the last */
static bool next_perm(uint8_t* p, uint32_t n) {
    int i = (int)n - 2;
    while (i >= 0 && p[i] >= p[i + 1])
        i--;
    if (i < 0)
        return false;
    int j = (int)n - 1;
    while (p[j] <= p[i])
        j--;
    uint8_t x = p[i];
    p[i] = p[j];
    p[j] = x;
    for (int a = i + 1, z = (int)n - 1; a < z; a++, z--) {
        x = p[a];
        p[a] = p[z];
        p[z] = x;
    }
    return true;
}

/* 128 bits of the smallest encoding over every thread order */
static void canon_key(const lg_test_t* t, uint64_t key[2]) {
    uint8_t best[CANON_MAX], cur[CANON_MAX], perm[LG_MAX_THREADS] = {0, 1, 2, 3};
    size_t bn = encode(t, perm, best);
    while (next_perm(perm, t->nth)) {
        const size_t n = encode(t, perm, cur);
        if (memcmp(cur, best, n) < 0)
            memcpy(best, cur, n);
    }
    key[0] = gpucoh_fnv1a(0xcbf29ce484222325ull, best, bn) | 1u;
    key[1] = gpucoh_fnv1a(0x9e3779b97f4a7c15ull, best, bn);
}

/* an open-addressing set of 128-bit keys (key[0] never 0) */
typedef struct {
    uint64_t* k;
    size_t cap, n;
} kset_t;

static bool kset_grow(kset_t* s) {
    const size_t nc = s->cap ? 2 * s->cap : 4096;
    uint64_t* nk = (uint64_t*)calloc(2 * nc, sizeof *nk);
    if (!nk)
        return false;
    for (size_t i = 0; i < s->cap; i++) {
        if (!s->k[2 * i])
            continue;
        size_t j = s->k[2 * i] & (nc - 1);
        while (nk[2 * j])
            j = (j + 1) & (nc - 1);
        nk[2 * j] = s->k[2 * i];
        nk[2 * j + 1] = s->k[2 * i + 1];
    }
    free(s->k);
    s->k = nk;
    s->cap = nc;
    return true;
}

/* 1 added, 0 already there, -1 out of memory */
static int kset_add(kset_t* s, const uint64_t key[2]) {
    if (2 * (s->n + 1) > s->cap && !kset_grow(s))
        return -1;
    size_t j = key[0] & (s->cap - 1);
    for (; s->k[2 * j]; j = (j + 1) & (s->cap - 1))
        if (s->k[2 * j] == key[0] && s->k[2 * j + 1] == key[1])
            return 0;
    s->k[2 * j] = key[0];
    s->k[2 * j + 1] = key[1];
    s->n++;
    return 1;
}

/* ---- rendering ----------------------------------------------------------------------------- */

typedef struct {
    char* b;
    size_t n, cap;
} sbuf_t;

static void put(sbuf_t* s, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(sbuf_t* s, const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    const int w = vsnprintf(s->b + s->n, s->cap - s->n, fmt, ap);
    va_end(ap);
    if (w > 0)
        s->n = s->n + (size_t)w < s->cap ? s->n + (size_t)w : s->cap - 1;
}

static const char* const SEM_SFX[] = {"", ".relaxed", ".acquire", ".release", ".acq_rel", ".sc"};

/* the name token of a position's choice */
static void choice_token(uint32_t c, char* b, size_t n) {
    const uint32_t k = c / LG_NSCOPE;
    if (k == LG_PLAIN)
        snprintf(b, n, "plain");
    else
        snprintf(b, n, "%s.%s", SYNC_NAMES[k], SCOPE_NAMES[c % LG_NSCOPE]);
}

static void test_name(const lg_test_t* t, char* b, size_t n) {
    size_t k = (size_t)snprintf(b, n, "%s", DEFS[t->shape].name);
    bool same = true;
    for (uint32_t i = 1; i < t->nth; i++)
        same = same && t->choice[i] == t->choice[0];
    char tok[32];
    for (uint32_t i = 0; i < (same ? 1u : t->nth) && k < n; i++) {
        if (same && t->choice[0] / LG_NSCOPE == LG_PLAIN)
            break;
        choice_token(t->choice[i], tok, sizeof tok);
        k += (size_t)snprintf(b + k, n - k, "+%s", tok);
    }
    if (t->nth > 1 && k < n) {
        char tl[64];
        litgen_tpl_label(t->shape, t->tpl, tl, sizeof tl);
        k += (size_t)snprintf(b + k, n - k, "-%s", tl);
    }
    if (t->nloc > 1 && k < n)
        snprintf(b + k, n - k, "-%s", LOCP_NAMES[t->locp]);
}

static void put_op(sbuf_t* s, const lg_op_t* o, uint32_t* reg) {
    const char* sc = SCOPE_NAMES[o->scope];
    const char l = LOCN[o->loc];
    switch (o->kind) {
    case OP_ST:
        if (o->sem == SEM_NONE)
            put(s, "  st %c %u\n", l, o->v);
        else
            put(s, "  st%s.%s %c %u\n", SEM_SFX[o->sem], sc, l, o->v);
        break;
    case OP_LD:
        if (o->sem == SEM_NONE)
            put(s, "  ld r%u %c\n", (*reg)++, l);
        else
            put(s, "  ld%s.%s r%u %c\n", SEM_SFX[o->sem], sc, (*reg)++, l);
        break;
    case OP_FENCE:
        put(s, "  fence%s.%s\n", SEM_SFX[o->sem], sc);
        break;
    default:
        put(s, "  atom.%s%s.%s r%u %c %u\n", o->kind == OP_XCHG ? "exch" : "add", SEM_SFX[o->sem],
            sc, (*reg)++, l, o->v);
        break;
    }
}

static void loc_place(const lg_test_t* t, uint32_t l, uint32_t* line, uint32_t* word) {
    *line = t->nloc < 2              ? 0
            : t->locp == LG_SAMELINE ? 0
            : t->locp == LG_SAMEBANK ? l * LG_BANK_STRIDE
                                     : l;
    *word = t->nloc > 1 && t->locp == LG_SAMELINE ? l : 0;
}

/* which locations each SM's warmer loads: a thread's SM warms what it reads (a load or an
 * atomic's old value) that another thread writes */
static void warm_masks(const lg_test_t* t, uint32_t* mask) {
    memset(mask, 0, LG_NUM_SM * sizeof *mask);
    for (uint32_t i = 0; i < t->nth; i++)
        for (uint32_t k = 0; k < t->th[i].nops; k++) {
            const lg_op_t* o = &t->th[i].op[k];
            if (o->kind == OP_FENCE || o->kind == OP_ST)
                continue;
            for (uint32_t j = 0; j < t->nth; j++)
                for (uint32_t q = 0; q < t->th[j].nops && j != i; q++) {
                    const lg_op_t* w = &t->th[j].op[q];
                    const bool writes =
                        w->kind == OP_ST || w->kind == OP_XCHG || (w->kind == OP_ADD && w->v != 0);
                    if (writes && w->loc == o->loc)
                        mask[t->th[i].sm] |= 1u << o->loc;
                }
        }
}

static void put_header(sbuf_t* s, const lg_test_t* t, const char* name) {
    const lg_shape_t* sh = &SH[t->shape];
    char tok[32], tl[64];
    put(s, "# generated by gpucoh litmus-gen (docs/litmus-gen.md); regenerate, do not edit\n");
    put(s, "test %s\n", name);
    char desc[160];
    litgen_shape_text(t->shape, desc, sizeof desc);
    put(s, "doc shape %s: %s\n", DEFS[t->shape].name, desc);
    put(s, "doc sync per thread:");
    for (uint32_t i = 0; i < t->nth; i++) {
        choice_token(t->choice[i], tok, sizeof tok);
        put(s, "%s T%u %s%s", i ? "," : "", i, tok, sh->nops[i] == 1 ? " (its one access)" : "");
    }
    litgen_tpl_label(t->shape, t->tpl, tl, sizeof tl);
    put(s, "\ndoc threads: %s (SM, CTA:", tl);
    for (uint32_t i = 0; i < t->nth; i++)
        put(s, "%s T%u %u, %u", i ? ";" : "", i, t->th[i].sm, t->th[i].cta);
    put(s, ")\ndoc locations: %s\n", t->nloc > 1 ? LOCP_NAMES[t->locp] : "one location");
}

/* the cycle's outcome: the registers' values the shape names, the final values it needs */
static void put_cycle(sbuf_t* s, const lg_test_t* t) {
    uint32_t reg = 0;
    put(s, "# the cycle (outcome of interest; the oracle gives the verdicts):");
    for (uint32_t i = 0; i < t->nth; i++)
        for (uint32_t k = 0; k < t->th[i].nops; k++) {
            const lg_op_t* o = &t->th[i].op[k];
            if (o->kind == OP_ST || o->kind == OP_FENCE)
                continue;
            if (o->want != NO_WANT)
                put(s, " r%u=%u", reg, o->want);
            reg++;
        }
    for (uint32_t l = 0; l < t->nloc; l++)
        if (SH[t->shape].finalv[l])
            put(s, " %c=%u", LOCN[l], SH[t->shape].finalv[l]);
    put(s, "\n");
}

static void render(const lg_test_t* t, const char* name, sbuf_t* s) {
    put_header(s, t, name);
    for (uint32_t l = 0; l < t->nloc; l++) {
        uint32_t line, word;
        loc_place(t, l, &line, &word);
        put(s, "loc %c line=%u word=%u\n", LOCN[l], line, word);
    }
    uint32_t wm[LG_NUM_SM];
    warm_masks(t, wm);
    for (uint32_t j = 0; j < LG_NUM_SM; j++) {
        if (!wm[j])
            continue;
        put(s, "warm sm=%u", j);
        for (uint32_t l = 0; l < t->nloc; l++)
            if (wm[j] >> l & 1u)
                put(s, " %c", LOCN[l]);
        put(s, "\n");
    }
    uint32_t reg = 0;
    for (uint32_t i = 0; i < t->nth; i++) {
        put(s, "thread T%u sm=%u cta=%u\n", i, t->th[i].sm, t->th[i].cta);
        for (uint32_t k = 0; k < t->th[i].nops; k++)
            put_op(s, &t->th[i].op[k], &reg);
    }
    put_cycle(s, t);
    put(s, "expect oracle");
    for (uint32_t r = 0; r < reg; r++)
        put(s, " r%u", r);
    for (uint32_t l = 0; l < t->nloc; l++)
        if (SH[t->shape].finalv[l])
            put(s, " %c", LOCN[l]);
    put(s, "\n");
}

/* ---- enumeration --------------------------------------------------------------------------- */

typedef struct {
    const litgen_opts_t* o;
    int (*fn)(void*, const litgen_test_t*);
    void* ctx;
    litgen_stats_t* st;
    kset_t seen;
    uint8_t list[LG_MAX_THREADS][LG_NSYNC * LG_NSCOPE]; /* each position's choices */
    uint32_t nlist[LG_MAX_THREADS];
} run_t;

static bool sel(uint32_t mask, uint32_t bit) {
    return mask == 0 || (mask >> bit & 1u);
}

/* A scope the options select: cta and gpu when none is named; rm only when named and only for
 * release / acquire and atomics (the models define rm on those accesses: no rm fences) */
static bool sel_scope(uint32_t mask, uint32_t sc, uint32_t k) {
    if (sc == LG_RM)
        return (mask >> LG_RM & 1u) && k >= LG_RELACQ;
    return sel(mask, sc);
}

/* The choices of thread t's position: an edge every selected kind at every selected scope
 * (plain once); a lone access plain or a selected access kind (a fence has nothing to order
 * there); an increment a selected atomic kind. */
static uint32_t choices(const litgen_opts_t* o, const lg_shape_t* s, uint32_t t, uint8_t* out) {
    const bool edge = s->nops[t] == 2, rmw = s->op[t][0].k == 'U';
    const bool alike = edge && s->op[t][0].k == s->op[t][1].k; /* R -> R, W -> W */
    uint32_t n = 0;
    if (!rmw && !o->no_plain && (sel(o->syncs, LG_PLAIN) || !edge))
        out[n++] = LG_PLAIN * LG_NSCOPE;
    for (uint32_t k = LG_FENCE; k < LG_NSYNC; k++) {
        /* relacq.all stands for relacq where it is not offered (it would write the same) */
        const bool on =
            sel(o->syncs, k) || (k == LG_RELACQ && !alike && sel(o->syncs, LG_RELACQ_ALL));
        if (!on || (!edge && k < LG_RELACQ) || (rmw && k < LG_ATOM_AR) ||
            (k == LG_RELACQ_ALL && (rmw || !alike)))
            continue;
        for (uint32_t sc = 0; sc < LG_NSCOPE; sc++)
            if (sel_scope(o->scopes, sc, k))
                out[n++] = (uint8_t)(k * LG_NSCOPE + sc);
    }
    return n;
}

static int emit(run_t* r, lg_test_t* t) {
    litgen_stats_t* st = r->st;
    if (!r->o->no_dedup) {
        uint64_t key[2];
        canon_key(t, key);
        const int a = kset_add(&r->seen, key);
        if (a < 0)
            return -1;
        if (a == 0) {
            st->shape_dup[t->shape]++;
            st->dup++;
            return 0;
        }
    }
    st->count[t->shape][t->tpl][t->locp]++;
    st->shape_total[t->shape]++;
    st->total++;
    if (!r->fn)
        return 0;
    char name[LG_NAME_MAX + 1], text[4096];
    sbuf_t sb = {text, 0, sizeof text};
    test_name(t, name, sizeof name);
    render(t, name, &sb);
    litgen_test_t out = {name, text, t->shape, t->tpl, t->locp};
    return r->fn(r->ctx, &out);
}

/* every sync combination of one placement (position 0 the most significant) */
static int each_sync(run_t* r, lg_test_t* t) {
    const lg_shape_t* s = &SH[t->shape];
    uint32_t idx[LG_MAX_THREADS] = {0};
    for (uint32_t i = 0; i < s->nth; i++)
        if (!r->nlist[i])
            return 0;
    for (;;) {
        for (uint32_t i = 0; i < s->nth; i++) {
            t->choice[i] = r->list[i][idx[i]];
            build_thread(s, i, t->choice[i], &t->th[i]);
        }
        const int rc = emit(r, t);
        if (rc != 0)
            return rc;
        int i = (int)s->nth - 1;
        while (i >= 0 && ++idx[i] == r->nlist[i])
            idx[i--] = 0;
        if (i < 0)
            return 0;
    }
}

static bool tpl_selected(const litgen_opts_t* o, uint32_t nth, uint32_t tpl) {
    for (uint32_t i = 1; i < nth; i++)
        if (!sel(o->threads, PL[nth][tpl].kind[i]))
            return false;
    return true;
}

static int each_shape(run_t* r, uint32_t sh) {
    const lg_shape_t* s = &SH[sh];
    for (uint32_t i = 0; i < s->nth; i++)
        r->nlist[i] = choices(r->o, s, i, r->list[i]);
    for (uint32_t lp = 0; lp < litgen_nlocp(sh); lp++) {
        if (s->nloc > 1 && !sel(r->o->locs, lp))
            continue;
        for (uint32_t tpl = 0; tpl < litgen_ntpl(sh); tpl++) {
            if (!tpl_selected(r->o, s->nth, tpl))
                continue;
            lg_test_t t;
            memset(&t, 0, sizeof t);
            t.shape = sh;
            t.tpl = tpl;
            t.locp = lp;
            t.nth = s->nth;
            t.nloc = s->nloc;
            for (uint32_t i = 0; i < s->nth; i++) {
                t.th[i].sm = PL[s->nth][tpl].sm[i];
                t.th[i].cta = PL[s->nth][tpl].cta[i];
            }
            const int rc = each_sync(r, &t);
            if (rc != 0)
                return rc;
        }
    }
    return 0;
}

int litgen_run(const litgen_opts_t* o, int (*fn)(void* ctx, const litgen_test_t* t), void* ctx,
               litgen_stats_t* st) {
    shapes_init();
    memset(st, 0, sizeof *st);
    run_t r;
    memset(&r, 0, sizeof r);
    r.o = o;
    r.fn = fn;
    r.ctx = ctx;
    r.st = st;
    int rc = 0;
    for (uint32_t sh = 0; sh < NDEFS && rc == 0; sh++)
        if (sel(o->shapes, sh))
            rc = each_shape(&r, sh);
    free(r.seen.k);
    return rc;
}
