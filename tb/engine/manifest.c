/* SPDX-License-Identifier: Apache-2.0 */
/* manifest.c -- the unit manifest as text and `gpucoh units` (docs/framework.md). */
#include "manifest.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "help.h"
#include "opts.h"

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
            const char* const* list;
            memcpy(&list, at, sizeof list); /* at: a byte offset into u, not aligned for the type */
            join(list, sep, buf, n);
            return 0;
        } else
            memcpy(&v, at, sizeof v);
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
    bool after_get; /* the last word was --get's FIELD */
} units_args_t;

/* Every refused word, an option or not: "unexpected argument" */
static void units_refuse(const char* cmd, const char* w, bool option) {
    (void)option;
    fprintf(stderr, "gpucoh: %s: unexpected argument '%s' (gpucoh %s --help)\n", cmd, w, cmd);
}

/* --get or --where as the last word: refused as the word it is */
static void units_missing(const char* cmd, const char* opt) {
    units_refuse(cmd, opt, true);
}

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

/* The option handlers (units_opts[]): 0, or -1 after the message. */
static int uo_get(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    units_args_t* a = ctx;
    (void)opt;
    a->get = v;
    if (!is_field(a->get))
        return bad_field(a->get), -1;
    a->after_get = true; /* UNIT may follow */
    return 0;
}

static int uo_where(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    units_args_t* a = ctx;
    (void)opt;
    a->after_get = false;
    return parse_where(a, v) != 0 ? -1 : 0;
}

/* UNIT, right after --get FIELD; any other word is unexpected */
static int uo_word(void* ctx, const char* w) {
    units_args_t* a = ctx;
    if (!a->after_get) {
        units_refuse("units", w, false);
        return -1;
    }
    a->unit = w;
    a->after_get = false;
    return 0;
}

/* units' options, its --help's options part (gpucoh_units_help) */
static const gpucoh_opt_t units_opts[] = {
    {.name = "--get",
     .has_arg = true,
     .fn = uo_get,
     .arg = "FIELD",
     .help = "print FIELD, plain, for shell scripts: with UNIT, that unit's\n"
             "value (a list one element a line); without, one line a unit in\n"
             "catalogue order (a list's elements space-separated)"},
    {.name = "--where",
     .has_arg = true,
     .fn = uo_where,
     .arg = "FIELD=VALUE",
     .help = "only the units whose FIELD is VALUE (repeatable; all must hold)"},
};

static const gpucoh_optset_t units_set = {.cmd = "units",
                                          .opts = units_opts,
                                          .nopts = (int)(sizeof units_opts / sizeof units_opts[0]),
                                          .word = uo_word,
                                          .refuse = units_refuse,
                                          .missing = units_missing,
                                          .empty_ok = true};

void gpucoh_units_help(FILE* f) {
    gpucoh_opt_help(&units_set, 23, f);
}

static int parse_units(int argc, char** argv, units_args_t* a) {
    memset(a, 0, sizeof *a);
    if (gpucoh_opt_parse(&units_set, argc, argv, 2, a) != 0)
        return EXIT_USAGE;
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
