/* SPDX-License-Identifier: Apache-2.0 */
/* step.c -- the comparison of one lockstep step (step.h). */
#include "step.h"

#include <string.h>

#include "util.h"

const char* gpucoh_check_name(gpucoh_check_kind_t k) {
    static const char* const names[] = {
        [GPUCOH_CHECK_OUTPUT] = "output",
        [GPUCOH_CHECK_STATE] = "state",
        [GPUCOH_CHECK_ASSERTION] = "assertion",
    };
    return names[k];
}

uint64_t gpucoh_step_compare(const gpucoh_check_t* checks, unsigned n, void* a, uint64_t cycle,
                             gpucoh_first_t* first, gpucoh_step_report_fn report) {
    uint64_t bad = 0;
    for (unsigned i = 0; i < n; i++) {
        if (!checks[i].fn)
            continue;
        /* A check writes the strings only with a mismatch: their first bytes are cleared, not
         * the record's 516 bytes for every check of every step (most of a step's cost). */
        gpucoh_mismatch_t mm;
        mm.field[0] = mm.expected[0] = mm.got[0] = '\0';
        mm.extra = 0;
        const uint32_t d = checks[i].fn(a, &mm);
        if (!d)
            continue;
        bad += d;
        const bool is_first = !first->diverged;
        if (is_first) {
            first->diverged = true;
            first->cycle = cycle;
            first->kind = checks[i].kind;
            first->mm = mm;
        }
        if (!report || report(a, checks[i].kind, &mm, is_first))
            break;
    }
    return bad;
}

/* field under unit: as is when it already starts with the unit's name (then "." or " ") */
static bool rooted(const char* field, const char* unit) {
    const size_t n = strlen(unit);
    return n && !strncmp(field, unit, n) && (field[n] == '.' || field[n] == ' ' || !field[n]);
}

void gpucoh_divergence_make(gpucoh_divergence_t* d, uint64_t cycle, gpucoh_check_kind_t kind,
                            const char* unit, const char* field, const char* expected,
                            const char* got, uint64_t more, const char* note) {
    memset(d, 0, sizeof *d);
    d->cycle = cycle;
    d->more = more;
    snprintf(d->kind, sizeof d->kind, "%s", gpucoh_check_name(kind));
    snprintf(d->unit, sizeof d->unit, "%s", unit);
    const unsigned long long c = (unsigned long long)cycle;
    if (kind == GPUCOH_CHECK_ASSERTION && !field[0]) {
        snprintf(d->field, sizeof d->field, "%s", unit);
        snprintf(d->text, sizeof d->text,
                 "cycle %llu%s %s: RTL assertion failure (see the %%Error line above)", c, note,
                 unit);
        return;
    }
    if (rooted(field, unit) || !unit[0])
        snprintf(d->field, sizeof d->field, "%s", field);
    else
        snprintf(d->field, sizeof d->field, "%s.%s", unit, field);
    snprintf(d->expected, sizeof d->expected, "%s", expected);
    snprintf(d->got, sizeof d->got, "%s", got);
    snprintf(d->text, sizeof d->text, "cycle %llu%s %s: C %s, RTL %s%s", c, note, d->field,
             d->expected, d->got, more ? " (and more fields)" : "");
}

void gpucoh_divergence_from(gpucoh_divergence_t* d, const gpucoh_first_t* f, const char* unit,
                            const char* note) {
    gpucoh_divergence_make(d, f->cycle, f->kind, unit, f->mm.field, f->mm.expected, f->mm.got,
                           f->mm.extra, note);
}

void gpucoh_divergence_json(FILE* f, const gpucoh_divergence_t* d, const char* pre,
                            const char* sep) {
    fprintf(f, "%s\"cycle\": %llu", pre, (unsigned long long)d->cycle);
    if (d->has_run)
        fprintf(f, "%s\"run\": %llu", sep, (unsigned long long)d->run);
    gpucoh_json_kv(f, sep, "kind", d->kind);
    gpucoh_json_kv(f, sep, "unit", d->unit);
    gpucoh_json_kv(f, sep, "field", d->field);
    gpucoh_json_kv(f, sep, "expected", d->expected);
    gpucoh_json_kv(f, sep, "got", d->got);
    fprintf(f, "%s\"more_differing_fields\": %llu", sep, (unsigned long long)d->more);
    gpucoh_json_kv(f, sep, "text", d->text);
}

void gpucoh_divergence_print(FILE* f, const gpucoh_divergence_t* d, const char* c_label,
                             const char* rtl_label) {
    fprintf(f, "  first divergence at cycle %llu (%s)\n", (unsigned long long)d->cycle, d->kind);
    fprintf(f, "  field     %s\n", d->field);
    if (d->more)
        fprintf(f, "            (+%llu more differing)\n", (unsigned long long)d->more);
    fprintf(f, "  expected  %s   (%s)\n  got       %s   (%s)\n", d->expected, c_label, d->got,
            rtl_label);
}

void gpucoh_last_inputs_print(FILE* f, const gpucoh_tb_ops_t* t, void* ctx, const void* ring,
                              unsigned ring_n, uint64_t from, uint64_t to) {
    const unsigned char* rb = ring;
    fprintf(f, "  last inputs:\n");
    for (uint64_t c = from; c <= to; c++) {
        char buf[2048];
        t->input_json(ctx, rb + (c % ring_n) * t->in_size, buf, sizeof buf);
        fprintf(f, "    %8llu %s\n", (unsigned long long)c, buf);
    }
}
