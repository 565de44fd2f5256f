/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_ports.c -- the port tables (cmodel/<family>/<unit>_ports.h; docs/framework.md "The port
 * table"), of every catalogue unit, through its entry's rows (TB_PORT_ROWS in
 * tb/engine/tb_ports.h). What the compilers do not check already (a P(Name) the parameter set
 * lacks, a field the struct lacks and a width the RTL disagrees with stop the shim's, the
 * testbench's or the SystemC build):
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

#include "unit.h"
#include "util.h"

/* every catalogue unit's table (its entry's ports, TB_PORT_ROWS): a new unit's rows are checked
 * without a line here */
static size_t nunits(void) {
    size_t n = 0;
    while (gpucoh_units()[n])
        n++;
    return n;
}

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
    assert_true(nunits() >= 9);
    for (const gpucoh_unit_t* const* up = gpucoh_units(); *up; up++) {
        if (!(*up)->ports || (*up)->nports == 0)
            fail_msg("%s: its catalogue entry names no port table (TB_PORT_ROWS)", (*up)->name);
        for (size_t i = 0; i < (*up)->nports; i++) {
            const gpucoh_port_row_t* r = &(*up)->ports[i];
            const bool in = !strcmp(r->dir, "IN");
            if (!in && strcmp(r->dir, "OUT"))
                fail_msg("%s.%s: direction %s", (*up)->name, r->port, r->dir);
            if (!(in ? ends_with(r->port, "_i") || ends_with(r->port, "_ni")
                     : ends_with(r->port, "_o")))
                fail_msg("%s.%s: an %s port not named *%s", (*up)->name, r->port, r->dir,
                         in ? "_i" : "_o");
            if (strcmp(r->wave, "WAVE") && strcmp(r->wave, "NOWAVE"))
                fail_msg("%s.%s: wave %s", (*up)->name, r->port, r->wave);
            if (r->filter[0] && !filter_exists(r->filter))
                fail_msg("%s.%s: no waves/filters/%s", (*up)->name, r->port, r->filter);
        }
    }
}

static void test_wave_lists(void** state) {
    (void)state;
    for (const gpucoh_unit_t* const* up = gpucoh_units(); *up; up++) {
        const gpucoh_unit_t* u = *up;
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
        for (size_t i = 0; i < u->nports; i++) {
            const gpucoh_port_row_t* r = &u->ports[i];
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
