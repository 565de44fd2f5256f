/* SPDX-License-Identifier: Apache-2.0 */
/* manifest.c -- the unit manifest as text and `gpucoh units` (docs/framework.md). */
#include "manifest.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "help.h"

#define EXIT_USAGE 2
#define MAX_WHERE  8

/* Every field: its name, where it sits in gpucoh_unit_t, and its kind (a string, a flag
 * printed yes / no, a NULL-ended list). Optional ones may be NULL / false (docs/framework.md). */
typedef enum { F_STR, F_FLAG, F_LIST } fkind_t;
typedef struct {
    const char* name;
    size_t off;
    fkind_t kind;
    bool optional;
} field_t;

#define STR(f, opt)                                                                                \
    { #f, offsetof(gpucoh_unit_t, f), F_STR, opt }
#define FLAG(f, opt)                                                                               \
    { #f, offsetof(gpucoh_unit_t, f), F_FLAG, opt }
static const field_t k_table[] = {
    STR(name, false),           STR(family, false),
    STR(context, false),        FLAG(netlist, false),
    FLAG(systemc, false),       STR(top, false),
    STR(status, false),         {"rtl_files", offsetof(gpucoh_unit_t, rtl_files), F_LIST, false},
    STR(verilator_flags, true), STR(lint_params, true),
    STR(synth_script, true),    STR(synth_point, true),
    STR(synth_result, true),    FLAG(synth_hier, true),
    STR(netlist_params, true),
};
#define NFIELDS (sizeof k_table / sizeof k_table[0])
static const char* k_fields[NFIELDS + 1];

const char* const* gpucoh_manifest_fields(void) {
    for (size_t i = 0; i < NFIELDS; i++)
        k_fields[i] = k_table[i].name;
    return k_fields;
}

bool gpucoh_manifest_optional(const char* field) {
    for (size_t i = 0; i < NFIELDS; i++)
        if (!strcmp(k_table[i].name, field))
            return k_table[i].optional;
    return false;
}

static void join(const char* const* list, const char* sep, char* buf, size_t n) {
    size_t l = 0;
    buf[0] = 0;
    for (const char* const* f = list; *f && l < n; f++)
        l += (size_t)snprintf(buf + l, n - l, "%s%s", f == list ? "" : sep, *f);
}

int gpucoh_manifest_get(const gpucoh_unit_t* u, const char* field, const char* sep, char* buf,
                        size_t n) {
    for (size_t i = 0; i < NFIELDS; i++) {
        if (strcmp(k_table[i].name, field) != 0)
            continue;
        const char* at = (const char*)u + k_table[i].off;
        const char* v;
        if (k_table[i].kind == F_FLAG)
            v = *(const bool*)at ? "yes" : "no";
        else if (k_table[i].kind == F_LIST) {
            join(*(const char* const* const*)at, sep, buf, n);
            return 0;
        } else
            v = *(const char* const*)at;
        snprintf(buf, n, "%s", v ? v : "");
        return 0;
    }
    return -1;
}

static bool is_field(const char* f) {
    for (const char* const* k = gpucoh_manifest_fields(); *k; k++)
        if (!strcmp(*k, f))
            return true;
    return false;
}

static int bad_field(const char* f) {
    fprintf(stderr, "gpucoh: units: no manifest field '%s'; the fields are:", f);
    for (const char* const* k = gpucoh_manifest_fields(); *k; k++)
        fprintf(stderr, " %s", *k);
    fprintf(stderr, "\n");
    return EXIT_USAGE;
}

static int bad_unit(const char* name) {
    fprintf(stderr, "gpucoh: units: no unit '%s'; the units are:", name);
    for (const gpucoh_unit_t* const* u = gpucoh_units(); *u; u++)
        fprintf(stderr, " %s", (*u)->name);
    fprintf(stderr, "\n");
    return EXIT_USAGE;
}

typedef struct {
    const char* get;  /* --get FIELD, or NULL: the table */
    const char* unit; /* UNIT after --get FIELD, or NULL: every unit */
    const char* where[MAX_WHERE];
    int nwhere;
} units_args_t;

static int parse_where(units_args_t* a, const char* kv) {
    const char* eq = strchr(kv, '=');
    char f[64];
    if (!eq || eq == kv || (size_t)(eq - kv) >= sizeof f) {
        fprintf(stderr, "gpucoh: units: --where expects FIELD=VALUE, got '%s'\n", kv);
        return EXIT_USAGE;
    }
    snprintf(f, sizeof f, "%.*s", (int)(eq - kv), kv);
    if (!is_field(f))
        return bad_field(f);
    if (a->nwhere == MAX_WHERE) {
        fprintf(stderr, "gpucoh: units: at most %d --where\n", MAX_WHERE);
        return EXIT_USAGE;
    }
    a->where[a->nwhere++] = kv;
    return 0;
}

static int parse_units(int argc, char** argv, units_args_t* a) {
    memset(a, 0, sizeof *a);
    for (int i = 2; i < argc; i++) {
        const bool has_val = i + 1 < argc;
        if (!strcmp(argv[i], "--get") && has_val) {
            a->get = argv[++i];
            if (!is_field(a->get))
                return bad_field(a->get);
            if (i + 1 < argc && argv[i + 1][0] != '-')
                a->unit = argv[++i];
        } else if (!strcmp(argv[i], "--where") && has_val) {
            const int rc = parse_where(a, argv[++i]);
            if (rc)
                return rc;
        } else {
            fprintf(stderr, "gpucoh: units: unexpected argument '%s' (gpucoh units --help)\n",
                    argv[i]);
            return EXIT_USAGE;
        }
    }
    if (a->unit && !gpucoh_unit_find(a->unit))
        return bad_unit(a->unit);
    if (a->unit && a->nwhere) {
        fprintf(stderr, "gpucoh: units: --where selects units; it takes no UNIT\n");
        return EXIT_USAGE;
    }
    return 0;
}

static bool selected(const gpucoh_unit_t* u, const units_args_t* a) {
    for (int i = 0; i < a->nwhere; i++) {
        const char* eq = strchr(a->where[i], '=');
        char f[64], v[1024];
        snprintf(f, sizeof f, "%.*s", (int)(eq - a->where[i]), a->where[i]);
        gpucoh_manifest_get(u, f, " ", v, sizeof v);
        if (strcmp(v, eq + 1) != 0)
            return false;
    }
    return true;
}

static void print_table(const units_args_t* a) {
    printf("%-10s %-6s %-10s %-7s %s\n", "unit", "family", "context", "netlist", "systemc");
    for (const gpucoh_unit_t* const* up = gpucoh_units(); *up; up++)
        if (selected(*up, a))
            printf("%-10s %-6s %-10s %-7s %s\n", (*up)->name, (*up)->family, (*up)->context,
                   (*up)->netlist ? "yes" : "no", (*up)->systemc ? "yes" : "no");
}

int gpucoh_units_cmd(int argc, char** argv) {
    if (argc == 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")))
        return gpucoh_cmd_help("units", stdout);
    units_args_t a;
    const int rc = parse_units(argc, argv, &a);
    if (rc)
        return rc;
    if (!a.get) {
        print_table(&a);
        return 0;
    }
    char v[1024];
    if (a.unit) { /* a list field: one element a line */
        gpucoh_manifest_get(gpucoh_unit_find(a.unit), a.get, "\n", v, sizeof v);
        printf("%s\n", v);
        return 0;
    }
    for (const gpucoh_unit_t* const* up = gpucoh_units(); *up; up++)
        if (selected(*up, &a)) { /* one line a unit, a list's elements space-separated */
            gpucoh_manifest_get(*up, a.get, " ", v, sizeof v);
            printf("%s\n", v);
        }
    return 0;
}
