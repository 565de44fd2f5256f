/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_ports.c -- the port tables (cmodel/<unit>_ports.h; docs/framework.md "The port table").
 * What the compilers do not check already (a P(Name) the parameter set lacks, a field the
 * struct lacks and a width the RTL disagrees with stop the shim's, the testbench's or the
 * SystemC build):
 *   - every row: an IN port is named *_i (or *_ni), an OUT port *_o; wave WAVE or NOWAVE; a
 *     filter is "" or a file of waves/filters/;
 *   - every unit's wave list is clk_i, then its table's WAVE rows in order (the scope TOP.<top>.),
 *     then its state signals; every entry has a width of 1 .. 65536 bits at the default
 *     parameters (tb_pv_rtl returns 0 for a P(Name) the unit's parameters lack) and a filter
 *     that exists.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "avu_ports.h"
#include "gpu_l1_ports.h"
#include "gpu_l2_ports.h"
#include "rdu_ports.h"
#include "sig_bloom_ports.h"
#include "tc_gwct_ports.h"
#include "tc_l1_ports.h"
#include "tc_l2_ports.h"
#include "tc_timer_ports.h"
#include "unit.h"
#include "util.h"

typedef struct {
    const char* port;
    const char* dir;
    const char* wave;
    const char* filter;
} row_t;

#define ROW(port, dir, w, f, shape, wave, filt) {#port, #dir, #wave, filt},
#define NO_P(n)                                 0

static const row_t k_sig_bloom[] = {SIG_BLOOM_PORTS(ROW, NO_P)};
static const row_t k_rdu[] = {RDU_PORTS(ROW, NO_P)};
static const row_t k_avu[] = {AVU_PORTS(ROW, NO_P)};
static const row_t k_tc_timer[] = {TC_TIMER_PORTS(ROW, NO_P)};
static const row_t k_tc_gwct[] = {TC_GWCT_PORTS(ROW, NO_P)};
static const row_t k_tc_l1[] = {TC_L1_PORTS(ROW, NO_P)};
static const row_t k_tc_l2[] = {TC_L2_PORTS(ROW, NO_P)};
static const row_t k_gpu_l1[] = {GPU_L1_PORTS(ROW, NO_P)};
static const row_t k_gpu_l2[] = {GPU_L2_PORTS(ROW, NO_P)};

#define TABLE(u)                                                                                   \
    { #u, k_##u, sizeof k_##u / sizeof k_##u[0] }
static const struct {
    const char* unit;
    const row_t* rows;
    size_t n;
} k_tables[] = {TABLE(sig_bloom), TABLE(rdu),   TABLE(avu),    TABLE(tc_timer), TABLE(tc_gwct),
                TABLE(tc_l1),     TABLE(tc_l2), TABLE(gpu_l1), TABLE(gpu_l2)};
#define NTABLES (sizeof k_tables / sizeof k_tables[0])

static bool ends_with(const char* s, const char* t) {
    const size_t n = strlen(s), m = strlen(t);
    return n >= m && !strcmp(s + n - m, t);
}

static bool filter_exists(const char* f) {
    char path[4096];
    snprintf(path, sizeof path, "%s/waves/filters/%s", gpucoh_root(), f);
    struct stat st;
    return stat(path, &st) == 0;
}

static void test_rows(void** state) {
    (void)state;
    for (size_t t = 0; t < NTABLES; t++) {
        assert_true(k_tables[t].n > 0);
        for (size_t i = 0; i < k_tables[t].n; i++) {
            const row_t* r = &k_tables[t].rows[i];
            const bool in = !strcmp(r->dir, "IN");
            if (!in && strcmp(r->dir, "OUT"))
                fail_msg("%s.%s: direction %s", k_tables[t].unit, r->port, r->dir);
            if (!(in ? ends_with(r->port, "_i") || ends_with(r->port, "_ni")
                     : ends_with(r->port, "_o")))
                fail_msg("%s.%s: an %s port not named *%s", k_tables[t].unit, r->port, r->dir,
                         in ? "_i" : "_o");
            if (strcmp(r->wave, "WAVE") && strcmp(r->wave, "NOWAVE"))
                fail_msg("%s.%s: wave %s", k_tables[t].unit, r->port, r->wave);
            if (r->filter[0] && !filter_exists(r->filter))
                fail_msg("%s.%s: no waves/filters/%s", k_tables[t].unit, r->port, r->filter);
        }
    }
}

static void test_wave_lists(void** state) {
    (void)state;
    for (size_t t = 0; t < NTABLES; t++) {
        const gpucoh_unit_t* u = gpucoh_unit_find(k_tables[t].unit);
        assert_non_null(u);
        gpucoh_pvals_t pv;
        memset(&pv, 0, sizeof pv);
        char err[512];
        if (u->resolve(&pv, err, sizeof err) != 0)
            fail_msg("%s: the defaults do not resolve: %s", u->name, err);
        char want[256];
        unsigned k = 0;
        snprintf(want, sizeof want, "TOP.%s.clk_i", u->top);
        assert_non_null(u->wave_signals[k]);
        assert_string_equal(u->wave_signals[k], want);
        k++;
        for (size_t i = 0; i < k_tables[t].n; i++) {
            const row_t* r = &k_tables[t].rows[i];
            if (strcmp(r->wave, "WAVE"))
                continue;
            snprintf(want, sizeof want, "TOP.%s.%s", u->top, r->port);
            assert_non_null(u->wave_signals[k]);
            assert_string_equal(u->wave_signals[k], want);
            assert_string_equal(u->wave_filters[k], r->filter);
            k++;
        }
        for (unsigned i = 0; u->wave_signals[i]; i++) {
            const uint32_t w = u->wave_width(&pv, i);
            if (w < 1 || w > 65536)
                fail_msg("%s: wave signal %s is %u bits wide", u->name, u->wave_signals[i], w);
            assert_non_null(u->wave_filters[i]);
            if (u->wave_filters[i][0] && !filter_exists(u->wave_filters[i]))
                fail_msg("%s: no waves/filters/%s", u->name, u->wave_filters[i]);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows),
        cmocka_unit_test(test_wave_lists),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
