/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_litgen.c -- the litmus generator (tb/sys/litgen.h, docs/litmus-gen.md, issue 25 item 2):
 * counts per shape for fixed options against numbers computed by hand, every generated test
 * parses (litmus_parse, litmus_load) and is refused by litmus_check until the oracle is wired,
 * names unique and stable (two runs, and across option sets), the deduplication exercised, the
 * placements of issue 24's two bugs present, and the command line (`gpucoh litmus-gen`: bad
 * input exits 2 before any work, --out is never created, same options give the same bytes).
 * Writes under build/tests/litgen/ (removed first); the CLI checks run build/gpucoh.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cmocka.h>
#include <stdbool.h>

#include "axiom.h"
#include "litgen.h"
#include "litmus.h"
#include "tc_sys.h"
#include "util.h"

static char root[1024];
static litgen_stats_t st; /* large: not on the stack */

#define SHAPE(n) (1u << (uint32_t)litgen_shape_find(n))

/* --sync plain,relacq --scopes gpu: an edge has 2 choices (plain, relacq.gpu), so has a lone
 * access (plain, relacq.gpu); an increment none (no atomic kind) */
static litgen_opts_t set_a(void) {
    litgen_opts_t o;
    memset(&o, 0, sizeof o);
    o.syncs = 1u << LG_PLAIN | 1u << LG_RELACQ;
    o.scopes = 1u << LG_GPU;
    return o;
}

static uint64_t count_of(const char* shape) {
    return st.shape_total[litgen_shape_find(shape)];
}

/* The remote scope (--scopes naming rm; docs/units/gpu/rsp.md section 7.3): relacq, relacq.all
 * and the atomics at rm too, never a fence. Every kind at cta, gpu and rm: an R -> R or W -> W
 * edge has 1 + 6 x 2 + 4 = 17 choices, a W -> R edge 1 + 5 x 2 + 3 = 14 (MP 17 x 17 = 289, SB
 * 14 x 14 = 196 at one placement, no deduplication); the default (no --scopes) has no rm. */
static int no_rm_fence(void* ctx, const litgen_test_t* t) {
    (void)ctx;
    const char* f = strstr(t->text, "fence");
    for (; f; f = strstr(f + 1, "fence"))
        assert_false(!strncmp(f, "fence.rm", 8) || !strncmp(f, "fence.sc.rm", 11));
    *(uint32_t*)ctx += strstr(t->text, ".rm") != NULL;
    return 0;
}

static void test_remote_scope(void** state) {
    (void)state;
    litgen_opts_t o;
    memset(&o, 0, sizeof o);
    o.scopes = 0xffffffffu; /* --scopes all */
    o.threads = 1u << LG_OTHERSM;
    o.locs = 1u << LG_OTHERBANK;
    o.no_dedup = true;
    o.shapes = SHAPE("MP") | SHAPE("SB");
    uint32_t with_rm = 0;
    assert_int_equal(litgen_run(&o, no_rm_fence, &with_rm, &st), 0);
    assert_int_equal(count_of("MP"), 17 * 17);
    assert_int_equal(count_of("SB"), 14 * 14);
    assert_int_equal(with_rm, 289 - 13 * 13 + 196 - 11 * 11); /* the tests with an rm access */
    o.scopes = 0;
    with_rm = 0;
    assert_int_equal(litgen_run(&o, no_rm_fence, &with_rm, &st), 0);
    assert_int_equal(count_of("MP"), 13 * 13);
    assert_int_equal(with_rm, 0);
}

/* ---- the table ------------------------------------------------------------------------------ */

static void test_shapes(void** state) {
    (void)state;
    static const struct {
        const char* name;
        uint32_t threads, locs;
    } want[] = {
        {"MP", 2, 2},      {"SB", 2, 2},   {"LB", 2, 2},   {"S", 2, 2},        {"R", 2, 2},
        {"2+2W", 2, 2},    {"WRC", 3, 2},  {"ISA2", 3, 3}, {"RWC", 3, 2},      {"IRIW", 4, 2},
        {"W+RW+WW", 3, 2}, {"CoRR", 2, 1}, {"CoWW", 1, 1}, {"CoRW", 2, 1},     {"CoWR", 2, 1},
        {"3.SB", 3, 3},    {"3.LB", 3, 3}, {"3.2W", 3, 3}, {"ATOM.add", 2, 1},
    };
    assert_int_equal(litgen_nshapes(), sizeof want / sizeof want[0]);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const int s = litgen_shape_find(want[i].name);
        assert_int_equal(s, (int)i);
        assert_int_equal(litgen_shape_threads((uint32_t)s), want[i].threads);
        assert_int_equal(litgen_shape_locs((uint32_t)s), want[i].locs);
    }
    assert_int_equal(litgen_shape_find("MP+fence"), -1);
    /* placements by hand: 1 thread 1; 2 threads 4 (samecta, samesm, othersm, farsm); 3 threads:
     * after T1 samecta0 (1 CTA, 1 SM): 1 + 1 + 2 = 4; samesm0 (2 CTAs): 2 + 1 + 2 = 5;
     * othersm (SMs 0, 2: parity 0 full): 2 + 2 + 1 = 5; farsm: 2 + 2 + 2 = 6; 20 in all */
    assert_int_equal(litgen_nplacements(1), 1);
    assert_int_equal(litgen_nplacements(2), 4);
    assert_int_equal(litgen_nplacements(3), 20);
    assert_true(litgen_nplacements(4) <= LG_MAX_TPL);
}

/* ---- counts against numbers computed by hand ---------------------------------------------- */

static void test_counts_by_hand(void** state) {
    (void)state;
    litgen_opts_t o = set_a();
    assert_int_equal(litgen_run(&o, NULL, NULL, &st), 0);
    /* two threads: 2 x 2 syncs x 4 placements x 3 location placements = 48; SB, LB and 2+2W
     * are their own mirror image (swap the threads and x, y): per placement (4 + 2 fixed) / 2 =
     * 3 classes, 3 x 12 = 36 */
    assert_int_equal(count_of("MP"), 48);
    assert_int_equal(count_of("SB"), 36);
    assert_int_equal(count_of("LB"), 36);
    assert_int_equal(count_of("S"), 48);
    assert_int_equal(count_of("R"), 48);
    assert_int_equal(count_of("2+2W"), 36);
    /* three threads, no symmetry: 2^3 syncs x 20 placements x 3 = 480 */
    assert_int_equal(count_of("WRC"), 480);
    assert_int_equal(count_of("ISA2"), 480);
    assert_int_equal(count_of("RWC"), 480);
    assert_int_equal(count_of("W+RW+WW"), 480);
    /* one location: 2 x 2 x 4 placements = 16; CoWW one thread: 2 */
    assert_int_equal(count_of("CoRR"), 16);
    assert_int_equal(count_of("CoWW"), 2);
    assert_int_equal(count_of("CoRW"), 16);
    assert_int_equal(count_of("CoWR"), 16);
    /* the 3-cycles are invariant under rotation: per location placement 8 x 20 = 160 tests;
     * a rotation fixes the 2 placements all in one CTA / all on one SM with one sync everywhere
     * (2 x 2 = 4 each); Burnside: (160 + 4 + 4) / 3 = 56, x 3 = 168 */
    assert_int_equal(count_of("3.SB"), 168);
    assert_int_equal(count_of("3.LB"), 168);
    assert_int_equal(count_of("3.2W"), 168);
    /* no atomic kind selected: an increment has no choice */
    assert_int_equal(count_of("ATOM.add"), 0);

    /* --threads othersm,farsm (every thread on its own SM): IRIW's T1..T3 take SM 2 (one of
     * parity 0) and SMs 1, 3 in one of 3 orders, each invariant under IRIW's symmetry (swap the
     * writers, the readers, x and y); 16 syncs: (16 x 3 + 3 x 4 fixed) / 2 = 30, x 3 = 90.
     * 3.SB: (othersm, farsm), (farsm, othersm), (farsm, farsm) are one rotation orbit: 8 x 3 / 3
     * = 8, x 3 = 24 */
    o.shapes = SHAPE("IRIW") | SHAPE("3.SB");
    o.threads = 1u << LG_OTHERSM | 1u << LG_FARSM;
    assert_int_equal(litgen_run(&o, NULL, NULL, &st), 0);
    assert_int_equal(count_of("IRIW"), 90);
    assert_int_equal(count_of("3.SB"), 24);
    assert_int_equal(st.total, 114);

    /* --sync atom.relaxed, both scopes: ATOM.add 2 x 2 choices x 4 placements = 16, mirror
     * image: (16 + 2 x 4) / 2 = 12; MP: 2 x 2 x 12 = 48 */
    memset(&o, 0, sizeof o);
    o.syncs = 1u << LG_ATOM_RLX;
    o.shapes = SHAPE("ATOM.add") | SHAPE("MP");
    assert_int_equal(litgen_run(&o, NULL, NULL, &st), 0);
    assert_int_equal(count_of("ATOM.add"), 12);
    assert_int_equal(count_of("MP"), 48);

    /* every option at its default: SB (W -> R edges) 11 x 11 x 12 = 1452 before, (1452 + 11 x
     * 12) / 2 = 792 after deduplication; MP (W -> W, R -> R: relacq.all too) 13 x 13 x 12 = 2028 */
    memset(&o, 0, sizeof o);
    o.shapes = SHAPE("SB") | SHAPE("MP");
    assert_int_equal(litgen_run(&o, NULL, NULL, &st), 0);
    assert_int_equal(count_of("SB"), 792);
    assert_int_equal(count_of("MP"), 2028);

    /* --sync relacq.all --scopes gpu: relacq.all on an R -> R / W -> W edge, relacq (the same
     * operations) elsewhere: MP 1 x 1 x 12 = 12; SB (W -> R) 12; CoRR's lone writer plain or
     * relacq.gpu, its reader relacq.all.gpu: 2 x 4 = 8. --no-plain: the writer relacq.gpu
     * only, 4; every position synchronizes (the race-free set) */
    memset(&o, 0, sizeof o);
    o.syncs = 1u << LG_RELACQ_ALL;
    o.scopes = 1u << LG_GPU;
    o.shapes = SHAPE("SB") | SHAPE("MP") | SHAPE("CoRR");
    assert_int_equal(litgen_run(&o, NULL, NULL, &st), 0);
    assert_int_equal(count_of("MP"), 12);
    assert_int_equal(count_of("SB"), 12);
    assert_int_equal(count_of("CoRR"), 8);
    o.no_plain = true;
    assert_int_equal(litgen_run(&o, NULL, NULL, &st), 0);
    assert_int_equal(count_of("CoRR"), 4);
    assert_int_equal(count_of("MP"), 12);
}

/* the count with and without deduplication differ where a shape is its own mirror image */
static void test_dedup(void** state) {
    (void)state;
    litgen_opts_t o = set_a();
    o.shapes = SHAPE("SB") | SHAPE("MP");
    assert_int_equal(litgen_run(&o, NULL, NULL, &st), 0);
    assert_int_equal(count_of("SB"), 36);
    assert_int_equal(st.shape_dup[litgen_shape_find("SB")], 12);
    assert_int_equal(count_of("MP"), 48);
    o.no_dedup = true;
    assert_int_equal(litgen_run(&o, NULL, NULL, &st), 0);
    assert_int_equal(count_of("SB"), 48);
    assert_int_equal(st.dup, 0);
    assert_int_equal(count_of("MP"), 48);
}

/* ---- every test parses; names unique and stable -------------------------------------------- */

typedef struct {
    char** name;
    uint64_t* hash;
    size_t n, cap;
    uint64_t parsed, oracle, seen;
} coll_t;

static int collect(void* ctx, const litgen_test_t* t) {
    coll_t* c = (coll_t*)ctx;
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 1024;
        c->name = (char**)realloc(c->name, c->cap * sizeof *c->name);
        c->hash = (uint64_t*)realloc(c->hash, c->cap * sizeof *c->hash);
        assert_non_null(c->name);
        assert_non_null(c->hash);
    }
    c->name[c->n] = strdup(t->name);
    c->hash[c->n++] = gpucoh_fnv1a(0xcbf29ce484222325ull, t->text, strlen(t->text));
    return 0;
}

static void coll_free(coll_t* c) {
    for (size_t i = 0; i < c->n; i++)
        free(c->name[i]);
    free(c->name);
    free(c->hash);
    memset(c, 0, sizeof *c);
}

/* The test with `expect oracle` replaced by a catch-all `forbid all` (so that it may run) passes
 * litmus_check under cfg: its threads, warmers, initialiser, observer and locations fit. */
static void fits(const litgen_test_t* t, const gsys_cfg_t* cfg) {
    static char text[8192];
    char err[1024];
    const char* e = strstr(t->text, "expect oracle");
    assert_non_null(e);
    snprintf(text, sizeof text, "%.*sforbid all\n", (int)(e - t->text), t->text);
    litmus_t* l = litmus_parse(text, t->name, err, sizeof err);
    assert_non_null(l);
    if (litmus_check(l, cfg, NULL, err, sizeof err) != 0)
        print_error("%s does not fit: %s\n", t->name, err);
    assert_int_equal(litmus_check(l, cfg, NULL, err, sizeof err), 0);
    litmus_free(l);
}

/* every test parses and says `expect oracle`; a sample passes litmus_check as it is (the oracle
 * enumerates it within its bound); with a verdict line in its place it fits the small and the
 * paper configuration */
static int parse_each(void* ctx, const litgen_test_t* t) {
    coll_t* c = (coll_t*)ctx;
#ifdef GPUCOH_SANITIZED /* a quarter of the tests under ASan/UBSan (Makefile, ASANFLAGS) */
    if (c->seen++ % 4u)
        return 0;
#else
    c->seen++;
#endif
    char err[1024];
    litmus_t* l = litmus_parse(t->text, t->name, err, sizeof err);
    if (!l)
        print_error("%s does not parse: %s\n%s", t->name, err, t->text);
    assert_non_null(l);
    assert_string_equal(litmus_name(l), t->name);
    c->parsed++;
    if (litmus_expects_oracle(l))
        c->oracle++;
    if (c->parsed % 997 == 1) { /* a sample: litmus_check is the same for every file */
        gsys_cfg_t cfg = tc_sys_cfg_small(TC_WEAK);
        if (litmus_check(l, &cfg, NULL, err, sizeof err) != 0)
            print_error("%s: %s\n", t->name, err);
        assert_int_equal(litmus_check(l, &cfg, NULL, err, sizeof err), 0);
    }
    litmus_free(l);
    static gsys_cfg_t small, paper;
    static bool have_cfg;
    if (!have_cfg) {
        small = tc_sys_cfg_small(TC_WEAK);
        paper = tc_sys_cfg_default(TC_WEAK);
        have_cfg = true;
    }
    fits(t, &small);
    fits(t, &paper);
    return 0;
}

static void test_every_test_parses(void** state) {
    (void)state;
    litgen_opts_t o = set_a();
    coll_t c;
    memset(&c, 0, sizeof c);
    assert_int_equal(litgen_run(&o, parse_each, &c, &st), 0);
    assert_int_equal(c.seen, st.total);
#ifdef GPUCOH_SANITIZED
    assert_int_equal(c.parsed, (st.total + 3u) / 4u);
#else
    assert_int_equal(c.parsed, st.total);
#endif
    assert_int_equal(c.oracle, c.parsed);
    assert_true(st.total == 5738); /* the hand numbers of test_counts_by_hand + IRIW's 3012 */
    /* every kind of operation the generator writes: the atomics and fences too */
    memset(&o, 0, sizeof o);
    o.shapes = SHAPE("MP") | SHAPE("WRC") | SHAPE("ATOM.add") | SHAPE("CoWW");
    o.threads = 1u << LG_SAMESM | 1u << LG_FARSM;
    memset(&c, 0, sizeof c);
    assert_int_equal(litgen_run(&o, parse_each, &c, &st), 0);
    assert_int_equal(c.seen, st.total);
    assert_true(c.parsed >= st.total / 4u && c.parsed <= st.total);
    assert_true(c.seen > 1000);
}

static int cmp_str(const void* a, const void* b) {
    return strcmp(*(char* const*)a, *(char* const*)b);
}

static void test_names_unique_and_stable(void** state) {
    (void)state;
    litgen_opts_t o = set_a();
    coll_t a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    assert_int_equal(litgen_run(&o, collect, &a, &st), 0);
    assert_int_equal(litgen_run(&o, collect, &b, &st), 0);
    assert_int_equal(a.n, b.n);
    for (size_t i = 0; i < a.n; i++) { /* the same names, texts and order */
        assert_string_equal(a.name[i], b.name[i]);
        assert_true(a.hash[i] == b.hash[i]);
        assert_true(strlen(a.name[i]) <= LITMUS_MAX_NAME);
    }
    qsort(b.name, b.n, sizeof *b.name, cmp_str);
    for (size_t i = 1; i < b.n; i++)
        assert_true(strcmp(b.name[i - 1], b.name[i]) != 0);
    /* a name means one test whatever the other options: MP and WRC of set A are, byte for
     * byte, in the run of every option */
    coll_t f;
    memset(&f, 0, sizeof f);
    litgen_opts_t all;
    memset(&all, 0, sizeof all);
    all.shapes = SHAPE("MP") | SHAPE("WRC");
    assert_int_equal(litgen_run(&all, collect, &f, &st), 0);
    size_t found = 0;
    for (size_t i = 0; i < a.n; i++) {
        if (strncmp(a.name[i], "MP", 2) != 0 && strncmp(a.name[i], "WRC", 3) != 0)
            continue;
        for (size_t j = 0; j < f.n; j++)
            if (!strcmp(a.name[i], f.name[j])) {
                assert_true(a.hash[i] == f.hash[j]);
                found++;
                break;
            }
    }
    assert_int_equal(found, 48 + 480);
    coll_free(&a);
    coll_free(&b);
    coll_free(&f);
}

/* ---- the placements of issue 24's bugs ------------------------------------------------------ */

typedef struct {
    const char* name;
    char text[4096];
} find_t;

static int find_one(void* ctx, const litgen_test_t* t) {
    find_t* f = (find_t*)ctx;
    if (strcmp(t->name, f->name) != 0)
        return 0;
    snprintf(f->text, sizeof f->text, "%s", t->text);
    return 1; /* found: stop */
}

/* name is generated under o and its text holds every needle */
static void expect_test(const litgen_opts_t* o, const char* name, ...) {
    find_t f = {name, ""};
    const int rc = litgen_run(o, find_one, &f, &st);
    if (rc != 1)
        print_error("%s is not generated\n", name);
    assert_int_equal(rc, 1);
    va_list ap;
    va_start(ap, name);
    for (const char* n = va_arg(ap, const char*); n; n = va_arg(ap, const char*)) {
        if (!strstr(f.text, n))
            print_error("%s lacks '%s':\n%s", name, n, f.text);
        assert_non_null(strstr(f.text, n));
    }
    va_end(ap);
}

static void test_issue24_placements(void** state) {
    (void)state;
    litgen_opts_t o;
    memset(&o, 0, sizeof o);
    o.syncs = 1u << LG_RELACQ | 1u << LG_ATOM_RLX;
    o.scopes = 1u << LG_GPU;
    o.shapes = SHAPE("MP") | SHAPE("WRC") | SHAPE("IRIW");
    /* a GPU-scope reader on the writer's SM (another CTA): MP, WRC's middle thread, WRC's last
     * reader of x */
    expect_test(&o, "MP+relacq.gpu-samesm-otherbank", "thread T0 sm=0 cta=0\n  st x 1\n",
                "st.release.gpu y 1", "thread T1 sm=0 cta=1\n  ld.acquire.gpu r0 y", "warm sm=0",
                "expect oracle r0 r1\n", (const char*)NULL);
    expect_test(&o, "WRC+relacq.gpu-t1samesm0-t2othersm-otherbank",
                "thread T0 sm=0 cta=0\n  st.release.gpu x 1",
                "thread T1 sm=0 cta=1\n  ld.acquire.gpu r0 x", "thread T2 sm=2 cta=2",
                (const char*)NULL);
    expect_test(&o, "WRC+relacq.gpu-t1othersm-t2samesm0-otherbank", "thread T1 sm=2 cta=1",
                "thread T2 sm=0 cta=2\n  ld.acquire.gpu r1 y\n  ld r2 x", (const char*)NULL);
    /* two locations in one line: IRIW and MP */
    expect_test(&o, "IRIW+relacq.gpu-t1farsm-t2samesm0-t3samesm1-sameline",
                "loc x line=0 word=0\nloc y line=0 word=1\n", "thread T2 sm=0 cta=2",
                "thread T3 sm=1 cta=3", "expect oracle r0 r1 r2 r3\n", (const char*)NULL);
    expect_test(&o, "MP+relacq.gpu-othersm-sameline", "loc x line=0 word=0\nloc y line=0 word=1\n",
                (const char*)NULL);
    /* the other placements: same bank (lines 0 and 32), other banks (0 and 1) */
    expect_test(&o, "MP+relacq.gpu-othersm-samebank", "loc x line=0 word=0\nloc y line=32 word=0\n",
                (const char*)NULL);
    expect_test(&o, "MP+relacq.gpu-farsm-otherbank", "loc x line=0 word=0\nloc y line=1 word=0\n",
                "thread T1 sm=1 cta=1", (const char*)NULL);
    /* an atomic increment by two threads of one CTA at CTA scope */
    o.scopes = 1u << LG_CTA;
    o.shapes = SHAPE("ATOM.add");
    expect_test(&o, "ATOM.add+atom.relaxed.cta-samecta",
                "thread T0 sm=0 cta=0\n  atom.add.relaxed.cta r0 x 1\n",
                "thread T1 sm=0 cta=0\n  atom.add.relaxed.cta r1 x 1\n", "warm sm=0 x\n",
                "r0=0 r1=0 x=1", "expect oracle r0 r1 x\n", (const char*)NULL);
}

/* relacq.all: both ends of an R -> R / W -> W edge synchronize, so MP and IRIW are race-free at
 * GPU scope and the DRF models forbid their cycle; with relacq alone they are racy (a plain
 * access is left), so drf-sc cannot judge them */
static bool drf_forbids_cycle(const char* name, const litgen_opts_t* o, const uint32_t* cyc) {
    find_t f = {name, ""};
    assert_int_equal(litgen_run(o, find_one, &f, &st), 1);
    char err[1024];
    litmus_t* t = litmus_parse(f.text, name, err, sizeof err);
    assert_non_null(t);
    ax_result_t r;
    assert_int_equal(ax_enumerate(t, &r, err, sizeof err), 0);
    const bool forbids = !r.racy[AX_DRF] && !r.racy[AX_HRFI] && !ax_allows(&r, AX_DRF, cyc) &&
                         !ax_allows(&r, AX_HRFI, cyc);
    ax_result_free(&r);
    litmus_free(t);
    return forbids;
}

static void test_relacq_all(void** state) {
    (void)state;
    litgen_opts_t o;
    memset(&o, 0, sizeof o);
    o.syncs = 1u << LG_RELACQ_ALL;
    o.scopes = 1u << LG_GPU;
    o.shapes = SHAPE("MP") | SHAPE("IRIW");
    const char* mp = "MP+relacq.all.gpu-othersm-otherbank";
    expect_test(&o, mp, "  st.release.gpu x 1\n  st.release.gpu y 1\n",
                "  ld.acquire.gpu r0 y\n  ld.acquire.gpu r1 x\n", (const char*)NULL);
    const char* iriw =
        "IRIW+relacq.gpu+relacq.gpu+relacq.all.gpu+relacq.all.gpu-t1othersm-t2samesm0-t3farsm-"
        "otherbank";
    expect_test(&o, iriw, "ld.acquire.gpu r0 x\n  ld.acquire.gpu r1 y\n",
                "ld.acquire.gpu r2 y\n  ld.acquire.gpu r3 x\n", (const char*)NULL);
    const uint32_t mp_cyc[] = {1, 0}, iriw_cyc[] = {1, 0, 1, 0};
    assert_true(drf_forbids_cycle(mp, &o, mp_cyc));
    assert_true(drf_forbids_cycle(iriw, &o, iriw_cyc));
    /* relacq alone leaves MP's data accesses plain: racy */
    o.syncs |= 1u << LG_RELACQ;
    assert_false(drf_forbids_cycle("MP+relacq.gpu-othersm-otherbank", &o, mp_cyc));
    /* not offered where it would repeat relacq: a lone access, a W -> R edge (CoWR: the edge
     * relacq.gpu, the lone writer plain or relacq.gpu, x 4 placements = 8) */
    o.syncs = 1u << LG_RELACQ_ALL;
    o.shapes = SHAPE("SB") | SHAPE("CoWR");
    assert_int_equal(litgen_run(&o, NULL, NULL, &st), 0);
    assert_int_equal(count_of("SB"), 12);
    assert_int_equal(count_of("CoWR"), 8);
}

/* ---- the `expect oracle` line of the format (litmus.h) -------------------------------------- */

static void expect_parse_error(const char* text, const char* needle) {
    char err[1024];
    litmus_t* t = litmus_parse(text, "t.litmus", err, sizeof err);
    if (t || !strstr(err, needle))
        print_error("expected '%s', got '%s'\n", needle, t ? "(parsed)" : err);
    assert_null(t);
    assert_non_null(strstr(err, needle));
}

static void test_expect_oracle_line(void** state) {
    (void)state;
#define HDR "test T\nloc x\nloc y\nthread T0 sm=0 cta=0\n  st x 1\n  ld r0 y\n"
    char err[1024];
    litmus_t* t = litmus_parse(HDR "expect oracle r0 x\n", "t.litmus", err, sizeof err);
    assert_non_null(t);
    assert_true(litmus_expects_oracle(t));
    assert_int_equal(litmus_nkeys(t), 2); /* r0, and x observed (named) */
    assert_string_equal(litmus_key(t, 1), "x");
    gsys_cfg_t cfg = tc_sys_cfg_small(TC_WEAK);
    assert_int_equal(litmus_check(t, &cfg, NULL, err, sizeof err), 0);
    /* one thread: r0=0 x=1 is the only outcome, allowed and observed */
    litmus_opts_t o;
    litmus_opts_default(&o);
    o.runs = 50;
    litmus_result_t res;
    assert_int_equal(litmus_run(t, &cfg, &o, NULL, &res, err, sizeof err), 0);
    assert_int_equal(res.nout, 1);
    assert_int_equal(res.out[0].cls, LIT_ALLOWED);
    assert_int_equal(res.out[0].model, -1);
    assert_int_equal(res.oracle_never, 0);
    litmus_result_free(&res);
    litmus_free(t);
    expect_parse_error(HDR "expect oracle r0 q\n",
                       "t.litmus:7: expect oracle: unknown register or location 'q'");
    expect_parse_error(HDR "expect r0\n", "t.litmus:7: expect: expected 'expect oracle KEY...'");
    expect_parse_error(HDR "expect oracle r0\nexpect oracle r0\n",
                       "t.litmus:8: duplicate 'expect oracle' line (first at line 7)");
    expect_parse_error(HDR "expect oracle r0\nallow all r0=0\n",
                       "t.litmus:8: an expectation line in a test whose outcomes come from the "
                       "oracle ('expect oracle' at line 7)");
    /* without the line, a file still needs its allow/forbid lines */
    expect_parse_error(HDR, "t.litmus: no allow/forbid lines for");
    /* a name of 127 characters is accepted, 128 refused */
    char text[512];
    snprintf(text, sizeof text, "test %0127d\nthread T0 sm=0 cta=0\n  delay 1\nexpect oracle\n", 7);
    t = litmus_parse(text, "t.litmus", err, sizeof err);
    assert_non_null(t);
    litmus_free(t);
    snprintf(text, sizeof text, "test %0128d\nthread T0 sm=0 cta=0\n  delay 1\nexpect oracle\n", 7);
    expect_parse_error(text, "test name too long (at most 127 characters)");
#undef HDR
}

/* ---- the command line ----------------------------------------------------------------------- */

static int run(char* out, size_t n, const char* fmt, ...) {
    char cmd[4096], full[4200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    snprintf(full, sizeof full, "cd %s && (%s) 2>&1", root, cmd);
    FILE* p = popen(full, "r");
    assert_non_null(p);
    const size_t len = fread(out, 1, n - 1, p);
    out[len] = 0;
    const int s = pclose(p);
    return WIFSIGNALED(s) ? 128 + WTERMSIG(s) : WEXITSTATUS(s);
}

static void expect_cli(int rc, const char* args, const char* needle) {
    static char out[1 << 16];
    const int got = run(out, sizeof out, "build/gpucoh litmus-gen %s", args);
    if (got != rc || !strstr(out, needle))
        print_error("gpucoh litmus-gen %s -> exit %d:\n%s\n", args, got, out);
    assert_int_equal(got, rc);
    assert_non_null(strstr(out, needle));
}

static void test_cli(void** state) {
    (void)state;
    char out[4096];
    const char* d = "build/tests/litgen";
    assert_int_equal(run(out, sizeof out, "rm -rf %s && mkdir -p %s/a %s/b", d, d, d), 0);
    expect_cli(0, "--help", "usage: gpucoh litmus-gen");
    expect_cli(2, "", "nothing to do");
    expect_cli(2, "--count --scopes sys", "the litmus format's scopes are cta, gpu and rm");
    expect_cli(2, "--count --sync fence,bogus", "--sync: 'bogus' is not one of: plain fence");
    expect_cli(2, "--count --shapes MP,XY", "--shapes: 'XY' is not one of: MP SB");
    expect_cli(2, "--count=1", "--count takes no value");
    expect_cli(2, "--count --max 0", "--max");
    expect_cli(2, "--list --bogus", "unknown option '--bogus'");
    /* --out is never created, and a count above --max writes nothing */
    expect_cli(2, "--out build/tests/litgen/none --shapes MP", "create it first");
    assert_int_equal(run(out, sizeof out, "test ! -e %s/none", d), 0);
    expect_cli(2, "--out build/tests/litgen/a", "more than --max 50000");
    assert_int_equal(run(out, sizeof out, "test -z \"$(ls %s/a)\"", d), 0);
    /* --opt=value, the counts, the JSON, and the same bytes from two runs */
    const char* opts = "--shapes=MP,WRC --sync plain,relacq --scopes=gpu";
    expect_cli(0, "--count --shapes MP,WRC --sync plain,relacq --scopes gpu",
               "litmus-gen: 528 tests; 0 duplicates removed");
    expect_cli(0,
               "--count --shapes SB --sync plain,relacq --scopes gpu --threads samesm --locs "
               "sameline",
               "R x): 3 tests (1 duplicates removed)");
    expect_cli(
        0, "--list --shapes SB --sync plain,relacq --scopes gpu --threads samesm --locs sameline",
        "SB-samesm-sameline\nSB+plain+relacq.gpu-samesm-sameline\nSB+relacq.gpu-samesm-sameline\n");
    char args[512];
    snprintf(args, sizeof args, "%s --out %s/a --json %s/a.json --quiet", opts, d, d);
    expect_cli(0, args, "");
    snprintf(args, sizeof args, "%s --out %s/b", opts, d);
    expect_cli(0, args, "written to build/tests/litgen/b");
    assert_int_equal(run(out, sizeof out, "ls %s/a | wc -l", d), 0);
    assert_int_equal(atoi(out), 528);
    assert_int_equal(run(out, sizeof out, "diff -r %s/a %s/b && echo same", d, d), 0);
    assert_non_null(strstr(out, "same"));
    assert_int_equal(run(out, sizeof out, "ls %s/a %s/b | grep -c tmp", d, d), 1); /* none */
    assert_int_equal(run(out, sizeof out, "grep -c '\"total\": 528' %s/a.json", d), 0);
    assert_int_equal(run(out, sizeof out,
                         "build/gpucoh litmus %s/a/MP+relacq.gpu-samesm-otherbank.litmus --runs 1",
                         d),
                     0);
    assert_non_null(strstr(out, "oracle: 3 outcomes allowed by rcpc (tc-weak's model), never "
                                "observed: 2"));
    /* --only NAME: that one file (a conform on-RTL line), or exit 2 and nothing written */
    assert_int_equal(run(out, sizeof out, "mkdir -p %s/c", d), 0);
    expect_cli(2, "--shapes MP --only MP+nope --out build/tests/litgen/c", "not a test these");
    expect_cli(2, "--shapes MP --only MP+relacq.gpu-samesm-otherbank --list", "give --out DIR");
    assert_int_equal(run(out, sizeof out, "ls %s/c | wc -l", d), 0);
    assert_int_equal(atoi(out), 0);
    expect_cli(0,
               "--shapes MP --sync relacq.all --no-plain --only MP+relacq.all.gpu-samesm-otherbank "
               "--out build/tests/litgen/c",
               "MP+relacq.all.gpu-samesm-otherbank written to build/tests/litgen/c");
    assert_int_equal(run(out, sizeof out, "ls %s/c", d), 0);
    assert_string_equal(out, "MP+relacq.all.gpu-samesm-otherbank.litmus\n");
    /* docs/litmus-gen-counts.txt is the generator's count for the default options, today */
    assert_int_equal(run(out, sizeof out,
                         "build/gpucoh litmus-gen --count | diff - docs/litmus-gen-counts.txt "
                         "> %s/counts.diff && echo same",
                         d),
                     0);
    assert_non_null(strstr(out, "same"));
}

int main(void) {
    const char* r = getenv("GPUCOH_ROOT");
    snprintf(root, sizeof root, "%s", r && *r ? r : ".");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shapes),
        cmocka_unit_test(test_counts_by_hand),
        cmocka_unit_test(test_dedup),
        cmocka_unit_test(test_every_test_parses),
        cmocka_unit_test(test_names_unique_and_stable),
        cmocka_unit_test(test_issue24_placements),
        cmocka_unit_test(test_relacq_all),
        cmocka_unit_test(test_expect_oracle_line),
        cmocka_unit_test(test_cli),
        cmocka_unit_test(test_remote_scope),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
