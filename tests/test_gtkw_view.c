/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_gtkw_view.c -- the field-path pieces the protocols' GTKWave views share (tb/sys/gtkw_view.h,
 * docs/waves.md): "set[S].way[W].X" to a line index and a field, a name among a list, an output
 * port (with or without a bit range) to its signal and the translate filter its table gives it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdbool.h>
#include <string.h>

#include "gtkw_view.h"

static void test_set_way(void** state) {
    (void)state;
    int line = -1;
    char x[16];
    assert_true(gtkw_view_set_way("set[2].way[1].st", 2, &line, x, sizeof x));
    assert_int_equal(line, 5);
    assert_string_equal(x, "st");
    assert_true(gtkw_view_set_way("set[0].way[3].data[31:0]", 4, &line, x, sizeof x));
    assert_int_equal(line, 3);
    assert_string_equal(x, "data");
    line = -7;
    assert_false(gtkw_view_set_way("set[1].rr", 2, &line, x, sizeof x));
    assert_false(gtkw_view_set_way("mshr[1].line", 2, &line, x, sizeof x));
    assert_int_equal(line, -7); /* untouched when it is not one */
}

static void test_named(void** state) {
    (void)state;
    static const char* const n[] = {"sbh", "fcur", "rdy"};
    assert_true(gtkw_view_named("fcur", n, 3));
    assert_false(gtkw_view_named("fcu", n, 3));
    assert_false(gtkw_view_named("rdy", n, 2));
}

static void test_port(void** state) {
    (void)state;
    static const gtkw_sigdef_t a[] = {{"req_valid_o", NULL}, {"req_kind_o", "k.txt"}};
    static const gtkw_sigdef_t b[] = {{"crsp_data_o", NULL}, {"req_aop_o", "aop.txt"}};
    char sig[64];
    assert_string_equal(gtkw_view_port("req_kind_o", a, 2, b, 2, sig, sizeof sig), "k.txt");
    assert_string_equal(sig, "req_kind_o");
    assert_string_equal(gtkw_view_port("req_aop_o", a, 2, b, 2, sig, sizeof sig), "aop.txt");
    assert_null(gtkw_view_port("crsp_data_o[63:32]", a, 2, b, 2, sig, sizeof sig));
    assert_string_equal(sig, "crsp_data_o");
    assert_null(gtkw_view_port("drained_o", a, 2, b, 2, sig, sizeof sig)); /* in no table */
    assert_string_equal(sig, "drained_o");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_set_way),
        cmocka_unit_test(test_named),
        cmocka_unit_test(test_port),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
