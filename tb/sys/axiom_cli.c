/* SPDX-License-Identifier: Apache-2.0 */
/*
 * axiom_cli.c -- `gpucoh model FILE... [--model M[,M...]] [--json PATH] [--check] [--axioms]`:
 * the axiomatic oracle's allowed outcomes per file and model, and (--check) the disagreements
 * of the files' hand-written expectation lines with it (axiom.h; docs/cli.md).
 */
#include <stdlib.h>
#include <string.h>

#include "axiom.h"
#include "help.h"
#include "litmus_view.h"
#include "opts.h"
#include "util.h"

typedef struct {
    const char* files[LITMUS_MAX_FILES];
    uint32_t nfiles;
    uint32_t mask; /* models (bit AX_*) */
    const char* json;
    const char* out;
    char json_path[1100];
    bool check, axioms, quiet;
} mopts_t;

static int usage_err(const char* fmt, const char* a) {
    fprintf(stderr, "gpucoh: model: ");
    fprintf(stderr, fmt, a);
    fprintf(stderr, " (gpucoh model --help)\n");
    return GPUCOH_EXIT_USAGE;
}

static int parse_models(const char* s, uint32_t* mask) {
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    *mask = 0;
    char* save = NULL;
    for (char* w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        if (!strcmp(w, "all")) {
            *mask = (1u << AX_NMODELS) - 1;
            continue;
        }
        const int m = ax_model_index(w);
        if (m < 0)
            return usage_err("--model: unknown model '%s' (sc, rcsc, rcpc, drf-sc, hrf-direct, "
                             "hrf-indirect, ptx, hrf-rsp or all)",
                             w);
        *mask |= 1u << m;
    }
    if (!*mask)
        return usage_err("--model: no model in '%s'", s);
    return 0;
}

/* The option handlers (model_opts[]): 0, or -1 after the message. */
enum { MO_MODEL, MO_JSON, MO_OUT, MO_CHECK, MO_AXIOMS, MO_QUIET };

static int mo_value(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    mopts_t* o = ctx;
    if (opt->id == MO_JSON)
        o->json = v;
    else if (opt->id == MO_OUT)
        o->out = v;
    else if (parse_models(v, &o->mask) != 0)
        return -1;
    return 0;
}

static int mo_flag(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    mopts_t* o = ctx;
    (void)v;
    if (opt->id == MO_CHECK)
        o->check = true;
    else if (opt->id == MO_AXIOMS)
        o->axioms = true;
    else
        o->quiet = true;
    return 0;
}

static int mo_file(void* ctx, const char* w) {
    mopts_t* o = ctx;
    if (o->nfiles >= LITMUS_MAX_FILES)
        return usage_err("more than %s files", "256"), -1;
    o->files[o->nfiles++] = w;
    return 0;
}

static void mo_missing(const char* cmd, const char* opt) {
    (void)cmd;
    usage_err("%s needs a value", opt);
}

/* model's options, its --help's options part (gpucoh_model_help) */
static const gpucoh_opt_t model_opts[] = {
    {.name = "--model",
     .has_arg = true,
     .fn = mo_value,
     .id = MO_MODEL,
     .arg = "M[,M...]",
     .help = "sc, rcsc, rcpc, drf-sc, hrf-direct, hrf-indirect, ptx, hrf-rsp,\nall (default all)"},
    {.name = "--check",
     .fn = mo_flag,
     .id = MO_CHECK,
     .help = "compare the files' allow / forbid / witness lines with the oracle:\n"
             "a line naming a model (or all) that forbids an outcome the model\n"
             "allows, or allows one it forbids, is a disagreement, printed as\n"
             "FILE:LINE: ...; exit 1 if any. A variant's allowed outcome that a\n"
             "model it claims forbids is printed as a claim conflict (the\n"
             "protocol's claim, not the line: reported, exit status unchanged)"},
    {.name = "--axioms",
     .fn = mo_flag,
     .id = MO_AXIOMS,
     .help = "print every model's axioms (the table the docs quote)"},
    {.name = "--out",
     .has_arg = true,
     .fn = mo_value,
     .id = MO_OUT,
     .arg = "DIR",
     .help = "the report's directory (default build/out; created if missing)"},
    {.name = "--json",
     .has_arg = true,
     .fn = mo_value,
     .id = MO_JSON,
     .arg = "PATH",
     .help = "the JSON report (default <out>/model.json; its directory must\nexist)"},
    {.name = "--quiet",
     .fn = mo_flag,
     .id = MO_QUIET,
     .help = "only the disagreements and the summary line"},
};

static const gpucoh_optset_t model_set = {.cmd = "model",
                                          .opts = model_opts,
                                          .nopts = (int)(sizeof model_opts / sizeof model_opts[0]),
                                          .word = mo_file,
                                          .refuse = gpucoh_refuse_help,
                                          .missing = mo_missing,
                                          .empty_ok = true,
                                          .dash_word = true};

void gpucoh_model_help(FILE* f) {
    gpucoh_opt_help(&model_set, 23, f);
}

static int parse_args(int argc, char** argv, mopts_t* o) {
    memset(o, 0, sizeof *o);
    o->mask = (1u << AX_NMODELS) - 1;
    if (gpucoh_opt_parse(&model_set, argc, argv, 2, o) != 0)
        return GPUCOH_EXIT_USAGE;
    if (!o->nfiles && !o->axioms)
        return usage_err("%s", "no litmus file given");
    return 0;
}

static void print_axioms(FILE* f) {
    ax_axiom_info_t a;
    for (uint32_t i = 0; ax_axiom_at(i, &a); i++)
        fprintf(f, "  %-13s %-16s %s%s\n", ax_model_name(a.model), a.name, a.expr,
                a.race ? " (else racy: undefined)" : "");
}

static void print_outcomes(const litmus_t* t, const ax_result_t* r, uint32_t m, FILE* f) {
    char buf[512];
    for (uint32_t i = 0; i < r->nout[m]; i++) {
        litmus_format(t, &r->out[m][(size_t)i * r->nkeys], buf, sizeof buf);
        fprintf(f, "%s%s", i ? "; " : "", r->nkeys ? buf : "(no keys)");
    }
}

static void print_file(const litmus_t* t, const ax_result_t* r, uint32_t mask) {
    printf("%s (test %s): %llu candidate executions, %u outcomes\n", litmus_file(t), litmus_name(t),
           (unsigned long long)r->candidates, r->nuniv);
    for (uint32_t m = 0; m < AX_NMODELS; m++) {
        if (!(mask >> m & 1u))
            continue;
        printf("  %-13s ", ax_model_name(m));
        if (r->racy[m])
            printf("racy: undefined (%s); its SC outcomes: ", r->race[m]);
        else
            printf("%u allowed: ", r->nout[m]);
        print_outcomes(t, r, m, stdout);
        printf("\n");
    }
}

static void print_disagreements(const litmus_t* t, const ax_result_t* r, const ax_disagree_t* d,
                                uint32_t n) {
    char buf[512];
    for (uint32_t i = 0; i < n; i++) {
        litmus_format(t, d[i].v, buf, sizeof buf);
        const char* m = ax_model_name(d[i].model);
        if (d[i].cls == LV_UNDEF)
            printf("%s:%u: note: calls %s undefined under %s; the oracle %s it (the test is not "
                   "racy under %s)\n",
                   litmus_file(t), d[i].src, buf, m,
                   ax_allows(r, d[i].model, d[i].v) ? "allows" : "forbids", m);
        else if (d[i].cls == LV_FORBID)
            printf("%s:%u: disagreement: forbids %s under %s; the oracle %s\n", litmus_file(t),
                   d[i].src, buf, m,
                   r->racy[d[i].model] ? "says the test is racy (undefined)" : "allows it");
        else if (d[i].variant)
            printf("%s:%u: claim: lets %s (which claims %s) show %s; the oracle forbids it "
                   "under %s\n",
                   litmus_file(t), d[i].src, d[i].variant, m, buf, m);
        else
            printf("%s:%u: disagreement: allows %s under %s; the oracle forbids it\n",
                   litmus_file(t), d[i].src, buf, m);
    }
}

static void json_outcomes(FILE* f, const litmus_t* t, const ax_result_t* r, const uint32_t* v,
                          uint32_t n) {
    char buf[512];
    fprintf(f, "[");
    for (uint32_t i = 0; i < n; i++) {
        litmus_format(t, &v[(size_t)i * r->nkeys], buf, sizeof buf);
        fprintf(f, "%s", i ? ", " : "");
        gpucoh_json_str(f, buf);
    }
    fprintf(f, "]");
}

static void json_file(FILE* f, const litmus_t* t, const ax_result_t* r, uint32_t mask,
                      const ax_disagree_t* d, uint32_t nd, bool check, bool first) {
    fprintf(f, "%s\n    {", first ? "" : ",");
    gpucoh_json_kv(f, "", "file", litmus_file(t));
    gpucoh_json_kv(f, ", ", "test", litmus_name(t));
    fprintf(f, ", \"candidates\": %llu, \"outcomes\": ", (unsigned long long)r->candidates);
    json_outcomes(f, t, r, r->univ, r->nuniv);
    fprintf(f, ",\n     \"models\": {");
    bool firstm = true;
    for (uint32_t m = 0; m < AX_NMODELS; m++) {
        if (!(mask >> m & 1u))
            continue;
        fprintf(f, "%s\n       \"%s\": {\"racy\": %s, ", firstm ? "" : ",", ax_model_name(m),
                r->racy[m] ? "true" : "false");
        if (r->racy[m]) {
            gpucoh_json_kv(f, "", "race", r->race[m]);
            fprintf(f, ", ");
        }
        fprintf(f, "\"allowed\": ");
        json_outcomes(f, t, r, r->out[m], r->nout[m]);
        fprintf(f, "}");
        firstm = false;
    }
    fprintf(f, "}");
    if (check) {
        fprintf(f, ",\n     \"disagreements\": [");
        char buf[512];
        for (uint32_t i = 0; i < nd; i++) {
            litmus_format(t, d[i].v, buf, sizeof buf);
            fprintf(f, "%s{\"line\": %u, \"model\": \"%s\", \"kind\": \"%s\", ", i ? ", " : "",
                    d[i].src, ax_model_name(d[i].model),
                    d[i].cls == LV_FORBID  ? "forbid-allowed"
                    : d[i].cls == LV_UNDEF ? "undef-defined"
                    : d[i].variant         ? "claim"
                                           : "allow-forbidden");
            if (d[i].variant)
                gpucoh_json_kv(f, "", "variant", d[i].variant), fprintf(f, ", ");
            gpucoh_json_kv(f, "", "outcome", buf);
            fprintf(f, "}");
        }
        fprintf(f, "]");
    }
    fprintf(f, "}");
}

static int load_all(const mopts_t* o, litmus_t** t) {
    char err[512];
    for (uint32_t i = 0; i < o->nfiles; i++) {
        t[i] = litmus_load(o->files[i], err, sizeof err);
        if (!t[i]) {
            fprintf(stderr, "gpucoh: model: %s; nothing was run\n", err);
            return GPUCOH_EXIT_USAGE;
        }
    }
    return 0;
}

/* Every file is enumerated first: a file beyond the bound is bad input (exit 2, nothing printed
 * or written). 0, or -1 after the messages. */
static int enumerate_all(const mopts_t* o, litmus_t** t, ax_result_t* r) {
    char err[512];
    int rc = 0;
    for (uint32_t i = 0; i < o->nfiles; i++)
        if (ax_enumerate(t[i], &r[i], err, sizeof err)) {
            fprintf(stderr, "gpucoh: model: %s\n", err);
            rc = -1;
        }
    if (rc)
        fprintf(stderr, "gpucoh: model: nothing was reported (every file is enumerated first)\n");
    return rc;
}

static int run_all(const mopts_t* o, litmus_t** t, ax_result_t* res, FILE* jf) {
    uint32_t total = 0, bad_files = 0, claims = 0, notes = 0;
    fprintf(jf, "{\"command\": \"model\", \"check\": %s, \"files\": [",
            o->check ? "true" : "false");
    for (uint32_t i = 0; i < o->nfiles; i++) {
        const ax_result_t* r = &res[i];
        ax_disagree_t* d = NULL;
        const uint32_t nd = o->check ? ax_check(t[i], r, o->mask, &d) : 0;
        if (!o->quiet)
            print_file(t[i], r, o->mask);
        print_disagreements(t[i], r, d, nd);
        json_file(jf, t[i], r, o->mask, d, nd, o->check, i == 0);
        uint32_t nclaims = 0, nnotes = 0;
        for (uint32_t k = 0; k < nd; k++) {
            nclaims += d[k].variant != NULL;
            nnotes += d[k].cls == LV_UNDEF;
        }
        total += nd - nclaims - nnotes;
        claims += nclaims;
        notes += nnotes;
        bad_files += nd > nclaims + nnotes;
        ax_disagree_free(d, nd);
    }
    fprintf(jf, "\n  ], \"disagreements\": %u, \"claim_conflicts\": %u, \"notes\": %u}\n", total,
            claims, notes);
    printf("model: %u files", o->nfiles);
    if (o->check)
        printf(", %u disagreements in %u files, %u claim conflicts, %u notes", total, bad_files,
               claims, notes);
    printf("\n");
    return total ? GPUCOH_EXIT_FAILED : GPUCOH_EXIT_OK;
}

/* The report's path (--json, else <--out or build/out>/model.json), checked with its directory
 * before anything runs (docs/cli.md). */
static int report_path(mopts_t* o, char* err, size_t errlen) {
    const char* odir = o->out ? o->out : gpucoh_default_out();
    if ((o->out || !o->json) &&
        gpucoh_check_out_dir(o->out ? "--out" : "the default output directory", odir, err,
                             errlen) != 0)
        return -1;
    if (o->json)
        snprintf(o->json_path, sizeof o->json_path, "%s", o->json);
    else
        snprintf(o->json_path, sizeof o->json_path, "%s/model.json", odir);
    return gpucoh_check_out_file("--json", o->json_path, err, errlen);
}

int gpucoh_model_cmd(int argc, char** argv) {
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return gpucoh_cmd_help("model", stdout), 0;
    mopts_t o;
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc;
    char err[1200];
    if (o.nfiles && report_path(&o, err, sizeof err)) {
        fprintf(stderr, "gpucoh: model: %s\n", err);
        return GPUCOH_EXIT_USAGE;
    }
    if (o.axioms) {
        printf("axioms (model, name, relation; docs/memory-models.md):\n");
        print_axioms(stdout);
        if (!o.nfiles)
            return 0;
    }
    litmus_t** t = (litmus_t**)calloc(o.nfiles, sizeof *t);
    if (!t)
        return GPUCOH_EXIT_FAILED;
    rc = load_all(&o, t);
    ax_result_t* res = (ax_result_t*)calloc(o.nfiles, sizeof *res);
    if (!rc && (!res || enumerate_all(&o, t, res)))
        rc = GPUCOH_EXIT_USAGE;
    if (!rc) {
        gpucoh_afile_t af;
        memset(&af, 0, sizeof af);
        if (gpucoh_afile_open(&af, o.json_path, err, sizeof err)) {
            fprintf(stderr, "gpucoh: model: %s\n", err);
            rc = GPUCOH_EXIT_USAGE;
        } else {
            rc = run_all(&o, t, res, af.f);
            if (gpucoh_afile_commit(&af, err, sizeof err)) {
                fprintf(stderr, "gpucoh: model: %s\n", err);
                rc = GPUCOH_EXIT_USAGE;
            } else {
                printf("  report    %s\n", o.json_path);
            }
        }
    }
    for (uint32_t i = 0; i < o.nfiles; i++) {
        if (res)
            ax_result_free(&res[i]);
        litmus_free(t[i]);
    }
    free(res);
    free(t);
    return rc;
}
