/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mutants.c -- bug injection. A mutant is a text file tests/mutants/<unit>/<name>.mut:
 *
 *     description: INSERT drops hash 0
 *     file: sig_bloom.sv
 *     find: <an exact substring that occurs exactly once in the file>
 *     replace: <its replacement>
 *     param: org=parallel          (optional, repeatable: parameters this mutant needs)
 *
 * Each mutant is applied to a scratch copy of rtl/ (build/mutants/<unit>/<name>/), built, and
 * co-simulated in lockstep against the unchanged C model. A mutant is caught when the run
 * diverges; the table shows which check caught it (output / state / assertion, field) and at
 * which cycle. A mutant whose `find` text is missing or ambiguous is an error, not a pass.
 *
 * With --netlist every mutant is synthesized (synth/synth.sh in the scratch directory) and its
 * gate-level netlist is co-simulated instead (cosim.h, docs/testing.md "Netlist lockstep"); the
 * mutants of tests/mutants/<unit>/netlist/ run too: bugs that only synthesis sees (RTL that
 * Verilator and Yosys read differently), which the RTL lockstep cannot catch.
 */
#define _POSIX_C_SOURCE 200809L
#include "mutants.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cosim.h"
#include "util.h"

#define MAX_MUTANTS 64

typedef gpucoh_mutant_t mutant_t;

static char* trim(char* s) {
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = 0;
    return s;
}

/* A mutant file is read whole, at most this many bytes (its values fit in far less). */
#define MUTANT_MAX_FILE_BYTES (64u * 1024u)

/* Copy a value into a field of n bytes; a longer one is an error, never cut short. */
static int set_field(char* dst, size_t n, const char* v, const char* path, int ln, const char* k,
                     char* err, size_t errlen) {
    if (strlen(v) >= n) {
        snprintf(err, errlen,
                 "%s:%d: the %s value is %zu characters long, more than the limit of "
                 "%zu",
                 path, ln, k, strlen(v), n - 1);
        return -1;
    }
    memcpy(dst, v, strlen(v) + 1);
    return 0;
}

/* One "key: value" line of a mutant file into m (have: find, replace seen). */
static int mutant_line(char* line, const char* path, int ln, mutant_t* m, bool* have_find,
                       bool* have_replace, char* err, size_t errlen) {
    char* colon = strchr(line, ':');
    if (!colon) {
        snprintf(err, errlen, "%s:%d: expected 'key: value'", path, ln);
        return -1;
    }
    *colon = 0;
    char* v = colon + 1;
    if (*v == ' ')
        v++; /* exactly one separating space; the rest of the value is kept verbatim */
    size_t n = strlen(v);
    while (n && v[n - 1] == '\r')
        v[--n] = 0;
    const char* k = trim(line);
    if (!strcmp(k, "description"))
        return set_field(m->description, sizeof m->description, v, path, ln, k, err, errlen);
    if (!strcmp(k, "file"))
        return set_field(m->file, sizeof m->file, v, path, ln, k, err, errlen);
    if (!strcmp(k, "find")) {
        *have_find = true;
        return set_field(m->find, sizeof m->find, v, path, ln, k, err, errlen);
    }
    if (!strcmp(k, "replace")) {
        *have_replace = true;
        return set_field(m->replace, sizeof m->replace, v, path, ln, k, err, errlen);
    }
    if (!strcmp(k, "param")) {
        if (m->nparams >= 8) {
            snprintf(err, errlen, "%s:%d: more than 8 param lines", path, ln);
            return -1;
        }
        return set_field(m->params[m->nparams++], sizeof m->params[0], trim(v), path, ln, k, err,
                         errlen);
    }
    snprintf(err, errlen, "%s:%d: unknown key '%s' (description, file, find, replace, param)", path,
             ln, k);
    return -1;
}

static void mutant_name(const char* path, gpucoh_mutant_t* m) {
    const char* base = strrchr(path, '/');
    snprintf(m->name, sizeof m->name, "%s", base ? base + 1 : path);
    char* dot = strrchr(m->name, '.');
    if (dot)
        *dot = 0;
}

int gpucoh_mutant_parse_text(char* text, const char* path, gpucoh_mutant_t* m, char* err,
                             size_t errlen) {
    memset(m, 0, sizeof *m);
    mutant_name(path, m);
    int ln = 0, rc = 0;
    bool have_find = false, have_replace = false;
    for (char *line = text, *next; rc == 0 && line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        ln++;
        if (line[0] != '#' && line[0] != 0)
            rc = mutant_line(line, path, ln, m, &have_find, &have_replace, err, errlen);
    }
    if (rc == 0 && (!m->file[0] || !have_find || !have_replace || !m->find[0])) {
        snprintf(err, errlen, "%s: a mutant needs file, find and replace", path);
        rc = -1;
    }
    return rc;
}

int gpucoh_mutant_parse(const char* path, gpucoh_mutant_t* m, char* err, size_t errlen) {
    size_t len;
    char e[900];
    char* text = gpucoh_read_text(path, "mutant", MUTANT_MAX_FILE_BYTES, &len, e, sizeof e);
    if (!text) {
        memset(m, 0, sizeof *m);
        mutant_name(path, m);
        snprintf(err, errlen, "cannot read mutant %s", e);
        return -1;
    }
    const int rc = gpucoh_mutant_parse_text(text, path, m, err, errlen);
    free(text);
    return rc;
}

char* gpucoh_slurp(const char* path, size_t* n) {
    FILE* f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long sz = ftell(f);
    fseek(f, 0, SEEK_SET);
    char* b = malloc((size_t)sz + 1);
    if (b && fread(b, 1, (size_t)sz, f) != (size_t)sz) {
        free(b);
        b = NULL;
    }
    fclose(f);
    if (b) {
        b[sz] = 0;
        *n = (size_t)sz;
    }
    return b;
}

/* path = a + b + c, written to a temporary file and renamed over path: two campaigns of one unit
 * at once (make test runs sections side by side) write the same text to the same scratch, and a
 * build reading it sees one whole version or the other, never a half-written file. */
int gpucoh_write_parts(const char* path, const char* a, size_t na, const char* b, size_t nb,
                       const char* c, size_t nc) {
    char tmp[PATH_MAX + 400];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    FILE* f = fopen(tmp, "wb");
    if (!f)
        return -1;
    int ok = fwrite(a, 1, na, f) == na && fwrite(b, 1, nb, f) == nb && fwrite(c, 1, nc, f) == nc;
    ok = fclose(f) == 0 && ok && rename(tmp, path) == 0;
    if (!ok)
        remove(tmp);
    return ok ? 0 : -1;
}

/* The protocol of the unit's family (the manifest's family: tc_l1 -> "tc", gpu_l2 ->
 * "gpu") when a slot of its system reads the unit's RTL, or NULL: its mutants then run in its
 * own lockstep context only (a family without a protocol, "sig"; a standalone unit of a
 * protocol's family that its system does not use). */
static const void* unit_family(const gpucoh_unit_t* u) {
    const void* P = gpucoh_family_find(u->family);
    const uint32_t ns = P ? gpucoh_family_nslots(P) : 0;
    for (uint32_t k = 0; k < ns; k++) {
        const gpucoh_unit_t* s = NULL;
        gpucoh_family_slot(P, k, &s);
        if (s && gpucoh_unit_reads(s, u->top))
            return P;
    }
    return NULL;
}

/* "TC" for "tc" (a family in a message) */
static const char* upper(const char* s) {
    static char b[16];
    size_t i = 0;
    for (; s[i] && i + 1 < sizeof b; i++)
        b[i] = (char)toupper((unsigned char)s[i]);
    b[i] = 0;
    return b;
}

/* --netlist on a unit whose netlist runs in its family's system (manifest: netlist, context a
 * slot): that slot's bit of the system's netlist mask; else 0. */
static uint32_t system_netlist_slot(const void* P, const gpucoh_unit_t* u, bool netlist) {
    if (!netlist || !P || !u->netlist || !strcmp(u->context, "standalone"))
        return 0u;
    const uint32_t ns = gpucoh_family_nslots(P);
    for (uint32_t k = 0; k < ns; k++)
        if (!strcmp(gpucoh_family_slot(P, k, NULL), u->context))
            return 1u << k;
    return 0u;
}

/* The RTL files of a unit: with a family, those of every unit of it (the slots' and the unit's
 * own), each once, NULL-ended in files[n]. */
static void family_files(const gpucoh_unit_t* u, const char** files, size_t n) {
    size_t k = 0;
    const void* P = unit_family(u);
    const gpucoh_unit_t* us[GPUCOH_FAMILY_MAX_SLOTS + 1];
    uint32_t nu = 0;
    us[nu++] = u;
    const uint32_t ns = P ? gpucoh_family_nslots(P) : 0;
    for (uint32_t i = 0; i < ns && nu < GPUCOH_FAMILY_MAX_SLOTS + 1; i++)
        gpucoh_family_slot(P, i, &us[nu++]);
    for (uint32_t i = 0; i < nu; i++)
        for (const char* const* f = us[i]->rtl_files; *f && k + 1 < n; f++) {
            bool seen = false;
            for (size_t j = 0; j < k && !seen; j++)
                seen = !strcmp(files[j], *f);
            if (!seen)
                files[k++] = *f;
        }
    files[k] = NULL;
}

int gpucoh_mutant_scratch(const char* const* files, const gpucoh_mutant_t* m, const char* dir,
                          const char* owner, char* err, size_t errlen) {
    const char* root = gpucoh_root();
    char p[PATH_MAX], q[PATH_MAX + 300];
    snprintf(p, sizeof p, "%s/include", dir);
    if (gpucoh_mkdirs(p) != 0) {
        snprintf(err, errlen, "cannot create %s", p);
        return -1;
    }
    bool applied = false;
    for (const char* const* f = files; *f; f++) {
        snprintf(p, sizeof p, "%s/rtl/%s", root, *f);
        size_t n;
        char* b = gpucoh_slurp(p, &n);
        if (!b) {
            snprintf(err, errlen, "cannot read %s", p);
            return -1;
        }
        snprintf(q, sizeof q, "%s/%s", dir, *f);
        char* slash = strrchr(q, '/'); /* its family folder (docs/framework.md "Family folders") */
        *slash = '\0';
        const int md = gpucoh_mkdirs(q);
        *slash = '/';
        if (md != 0) {
            snprintf(err, errlen, "cannot create the folder of %s", q);
            free(b);
            return -1;
        }
        int rc;
        if (m && !strcmp(*f, m->file)) {
            char* hit = strstr(b, m->find);
            if (!hit || strstr(hit + 1, m->find)) {
                snprintf(err, errlen, "mutant %s: 'find' text occurs %s in %s (stale mutant?)",
                         m->name, hit ? "more than once" : "nowhere", *f);
                free(b);
                return -1;
            }
            size_t pre = (size_t)(hit - b), fl = strlen(m->find);
            rc = gpucoh_write_parts(q, b, pre, m->replace, strlen(m->replace), hit + fl,
                                    n - pre - fl);
            applied = true;
        } else {
            rc = gpucoh_write_parts(q, b, n, "", 0, "", 0);
        }
        free(b);
        if (rc != 0) {
            snprintf(err, errlen, "cannot write %s", q);
            return -1;
        }
    }
    if (m && !applied) {
        snprintf(err, errlen, "mutant %s names file %s, which is not an RTL file of %s", m->name,
                 m->file, owner);
        return -1;
    }
    snprintf(p, sizeof p, "%s/rtl/include", root);
    DIR* d = opendir(p);
    if (d) {
        struct dirent* e;
        while ((e = readdir(d))) {
            if (e->d_name[0] == '.')
                continue;
            char src[PATH_MAX + 300], dst[PATH_MAX + 300];
            snprintf(src, sizeof src, "%s/%s", p, e->d_name);
            snprintf(dst, sizeof dst, "%s/include/%s", dir, e->d_name);
            size_t n;
            char* b = gpucoh_slurp(src, &n);
            if (b) {
                gpucoh_write_parts(dst, b, n, "", 0, "", 0);
                free(b);
            }
        }
        closedir(d);
    }
    return 0;
}

/* Before any campaign (the baseline takes minutes): the mutant's file is an RTL file of the unit
 * (its family's) that exists, and its find text occurs there exactly once. 0, or -1 with the
 * message in err (exit 2). */
static int check_mutant(const gpucoh_unit_t* u, const mutant_t* m, char* err, size_t errlen) {
    const char* files[64];
    family_files(u, files, sizeof files / sizeof files[0]);
    bool known = false;
    for (const char* const* f = files; *f && !known; f++)
        known = !strcmp(*f, m->file);
    if (!known) {
        size_t l = (size_t)snprintf(
            err, errlen, "mutant %s: file: %s is not an RTL file of %s (its files:", m->name,
            m->file, u->name);
        for (const char* const* f = files; *f && l < errlen; f++)
            l += (size_t)snprintf(err + l, errlen - l, " %s", *f);
        if (l < errlen)
            snprintf(err + l, errlen - l, "); nothing was run");
        return -1;
    }
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/rtl/%s", gpucoh_root(), m->file);
    size_t n;
    char* b = gpucoh_slurp(p, &n);
    if (!b) {
        snprintf(err, errlen, "mutant %s: file: cannot read %s: %s; nothing was run", m->name, p,
                 strerror(errno));
        return -1;
    }
    const char* hit = strstr(b, m->find);
    const bool twice = hit && strstr(hit + 1, m->find);
    free(b);
    if (!hit || twice) {
        snprintf(err, errlen,
                 "mutant %s: 'find' text occurs %s in %s (it must occur exactly once; stale "
                 "mutant?); nothing was run",
                 m->name, hit ? "more than once" : "nowhere", m->file);
        return -1;
    }
    return 0;
}

/* Copy the unit's RTL (and include dir) to dir, applying the mutant. A protocol family's units
 * are co-simulated together in the system: every file of the family goes to the scratch. */
static int make_scratch(const gpucoh_unit_t* u, const mutant_t* m, const char* dir, char* err,
                        size_t errlen) {
    const char* files[64];
    family_files(u, files, sizeof files / sizeof files[0]);
    return gpucoh_mutant_scratch(files, m, dir, u->name, err, errlen);
}

/* The unit's --param settings as the system's "name=value" strings (protocol is the variant
 * loop's), into pstr / pp; their number. */
static int sys_param_strings(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, char (*pstr)[96],
                             const char** pp) {
    int np = 0;
    for (unsigned k = 0; k < u->nparams && k < GPUCOH_MAX_PARAMS; k++) {
        const gpucoh_param_def_t* d = &u->params[k];
        if (!pv->set[k] || !strcmp(d->name, "protocol"))
            continue;
        if (d->kind == GPUCOH_P_ENUM)
            snprintf(pstr[np], 96, "%s=%s", d->name, d->enum_names[pv->v[k]]);
        else
            snprintf(pstr[np], 96, "%s=%llu", d->name, (unsigned long long)pv->v[k]);
        pp[np] = pstr[np];
        np++;
    }
    return np;
}

static int cmp_names(const void* a, const void* b) {
    return strcmp(*(char* const*)a, *(char* const*)b);
}

/* Append the *.mut files of dir (sorted) to ms; -1 on a malformed file, 0 otherwise. */
static int load_dir(const char* dir, mutant_t* ms, int* nm, char* err, size_t errlen, FILE* list) {
    DIR* d = opendir(dir);
    if (!d)
        return 0;
    char* names[MAX_MUTANTS] = {0};
    int nn = 0;
    struct dirent* e;
    while ((e = readdir(d)) && nn < MAX_MUTANTS) {
        size_t l = strlen(e->d_name);
        if (l > 4 && !strcmp(e->d_name + l - 4, ".mut"))
            names[nn++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)nn, sizeof names[0], cmp_names);
    int rc = 0;
    for (int i = 0; i < nn; i++) {
        char p[PATH_MAX + 300];
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        free(names[i]);
        if (rc == 0 && *nm < MAX_MUTANTS) {
            if (gpucoh_mutant_parse(p, &ms[*nm], err, errlen) != 0)
                rc = -1;
            else
                (*nm)++;
            if (rc == 0 && list)
                fprintf(list, "  file %s\n", p);
        }
    }
    return rc;
}

/* The mutants of a campaign: only_file alone, else every file of tests/mutants/<unit>/ (and its
 * netlist/ with --netlist), each checked against the RTL. 0, or 2 after a message. */
static int load_mutants(const gpucoh_unit_t* u, const char* only_file, bool netlist, mutant_t* ms,
                        int* nm, FILE* list) {
    char err[1024];
    *nm = 0;
    if (only_file) {
        if (gpucoh_mutant_parse(only_file, &ms[0], err, sizeof err) != 0) {
            fprintf(stderr, "gpucoh: %s\n", err);
            return 2;
        }
        *nm = 1;
        if (list)
            fprintf(list, "  file %s\n", only_file);
    } else {
        char dir[PATH_MAX], ndir[PATH_MAX + 16];
        snprintf(dir, sizeof dir, "%s/tests/mutants/%s", gpucoh_root(), u->name);
        snprintf(ndir, sizeof ndir, "%s/netlist", dir);
        DIR* d = opendir(dir);
        if (!d) {
            fprintf(stderr, "gpucoh: no mutants directory %s\n", dir);
            return 2;
        }
        closedir(d);
        if (load_dir(dir, ms, nm, err, sizeof err, list) != 0 ||
            (netlist && load_dir(ndir, ms, nm, err, sizeof err, list) != 0)) {
            fprintf(stderr, "gpucoh: %s\n", err);
            return 2;
        }
        if (*nm == 0) {
            fprintf(stderr, "gpucoh: no *.mut files in %s\n", dir);
            return 2;
        }
    }
    for (int i = 0; i < *nm; i++)
        if (check_mutant(u, &ms[i], err, sizeof err) != 0) {
            fprintf(stderr, "gpucoh: %s\n", err);
            return 2;
        }
    return 0;
}

/* The parameters a mutant runs with: the command line's, its own overriding them. 0, or 2 after
 * a message. */
static int mutant_params(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, const mutant_t* m,
                         gpucoh_pvals_t* out) {
    char err[1024];
    gpucoh_pvals_t p2;
    memset(&p2, 0, sizeof p2);
    for (unsigned k = 0; k < u->nparams; k++)
        if (pv->set[k]) {
            p2.v[k] = pv->v[k];
            p2.set[k] = true;
        }
    for (int k = 0; k < m->nparams; k++) {
        /* a mutant's own parameters override the command line's */
        const char* eq = strchr(m->params[k], '=');
        for (unsigned j = 0; eq && j < u->nparams; j++)
            if (strlen(u->params[j].name) == (size_t)(eq - m->params[k]) &&
                !strncmp(u->params[j].name, m->params[k], (size_t)(eq - m->params[k])))
                p2.set[j] = false;
        if (gpucoh_param_set(u, &p2, m->params[k], err, sizeof err) != 0) {
            fprintf(stderr, "gpucoh: mutant %s: %s\n", m->name, err);
            return 2;
        }
    }
    if (u->resolve(&p2, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: mutant %s: %s\n", m->name, err);
        return 2;
    }
    *out = p2;
    return 0;
}

/* One campaign: its settings, its mutants and their outcomes (index 0: the unmutated RTL). */
typedef struct {
    int status; /* 0 caught, 1 survived, 2 broken */
    gpucoh_cosim_result_t r;
    char why[512];
} outcome_t;

typedef struct {
    const gpucoh_unit_t* u;
    const gpucoh_pvals_t* pv;
    uint64_t cycles, seed;
    bool netlist, no_steer, illegal_set;
    bool steer; /* the TC system context's traffic (traffic.h) */
    uint32_t illegal_rate;
    char odir[PATH_MAX];
    mutant_t* ms;
    int nm;
    outcome_t* oc;
    int caught, survived, broken;
    bool bad_base; /* the unmutated RTL (netlist) diverges or does not run */
    int part;      /* GPUCOH_MUTANTS_WHOLE, _BASELINE (no mutant), _NO_BASELINE */
    char rate[32]; /* the illegal rate, as the report gives it */
} campaign_t;

/* The lockstep options of mutant m (NULL: the unmutated RTL) with its RTL in scratch. */
static void mutant_cosim_opts(const campaign_t* c, const mutant_t* m, const char* scratch,
                              const char* jp, gpucoh_cosim_opts_t* co) {
    co->seed = c->seed;
    co->cycles = c->cycles;
    co->stim = GPUCOH_STIM_MIXED;
    co->no_steer = c->no_steer;
    co->illegal_set = c->illegal_set;
    co->illegal_rate = c->illegal_rate;
    co->rtl_dir = scratch;
    co->netlist = c->netlist;
    if (c->netlist && !m)
        co->rtl_dir = NULL; /* the unmutated netlist is the one `gpucoh area` keeps */
    co->out_dir = c->odir;
    co->json_path = jp;
    co->quiet = true;
    co->no_fail_artifacts = true;
}

/* Mutant m (NULL: the unmutated RTL; i its index, -1 for that) in its family's system; o's
 * status set. */
static void run_in_system(const campaign_t* c, const mutant_t* m, int i, const char* scratch,
                          const gpucoh_cosim_opts_t* co, const void* fam, uint32_t sys_nl,
                          bool own_ctx, outcome_t* o) {
    const gpucoh_unit_t* u = c->u;
    gpucoh_sys_mutant_t tr;
    static char pstr[GPUCOH_MAX_PARAMS][96];
    const char* pp[GPUCOH_MAX_PARAMS];
    const int np = sys_param_strings(u, &co->pv, pstr, pp);
    char nw[256];
    if (own_ctx && gpucoh_family_params_ok(fam, pp, np, nw, sizeof nw) != 0) {
        /* the unit's parameters do not exist in the system (tc_gwct's obl=0): its
         * own context decides alone */
        o->status = 1;
        o->r.diverged = false;
        snprintf(o->r.impl_note, sizeof o->r.impl_note, "system context skipped: %s", nw);
        if (i < 0)
            printf("  system context skipped (its own lockstep only): %s\n", nw);
    } else if (gpucoh_family_mutant(fam, sys_nl && !m ? NULL : scratch, c->cycles, c->seed,
                                    c->steer, sys_nl, pp, np, &tr, o->why, sizeof o->why) != 0) {
        o->status = 2;
    } else {
        o->status = tr.diverged ? 0 : 1;
        o->r.diverged = tr.diverged;
        o->r.cycles_run = tr.cycles_run;
        o->r.div.cycle = tr.div_cycle;
        snprintf(o->r.div.kind, sizeof o->r.div.kind, "%s", tr.kind);
        snprintf(o->r.div.field, sizeof o->r.div.field, "%s", tr.field);
        if (sys_nl)
            snprintf(o->r.impl_note, sizeof o->r.impl_note,
                     "impl=netlist %s in the %s system (every variant), the "
                     "other units as C models",
                     u->context, upper(gpucoh_family_name(fam)));
    }
}

/* Run mutant m (its RTL already in scratch) in every context its unit has; o's status set. */
static void run_contexts(const campaign_t* c, const mutant_t* m, int i, const char* scratch,
                         gpucoh_cosim_opts_t* co, outcome_t* o) {
    const gpucoh_unit_t* u = c->u;
    fprintf(stderr, "gpucoh: mutant %-28s ...\n",
            m            ? m->name
            : c->netlist ? "(original netlist)"
                         : "(original RTL)");
    /* the TC units are co-simulated in the system; with --netlist the standalone
     * lockstep of tc_timer / tc_gwct runs their netlist instead, and tc_l1 / tc_l2 run
     * as netlists in the system with the other units as C models */
    /* Every context a unit has (docs/testing.md): tc_timer and tc_gwct run first in
     * their own lockstep (`cosim <unit>`, whose stimulus reaches what the system never
     * does, e.g. a timer load of 0), then in the system; tc_l1 / tc_l2 in the system. */
    const bool own_ctx = !strcmp(u->context, "standalone"); /* the manifest */
    const void* fam = unit_family(u);
    const uint32_t sys_nl = system_netlist_slot(fam, u, c->netlist);
    if (fam && !c->netlist && own_ctx) {
        if (gpucoh_cosim_run(co, &o->r, o->why, sizeof o->why) != 0) {
            o->status = 2;
            return; /* not run further */
        }
        if (o->r.diverged) {
            o->status = 0;
            char k[sizeof o->r.div.kind];
            snprintf(k, sizeof k, "%s", o->r.div.kind);
            snprintf(o->r.div.kind, sizeof o->r.div.kind, "unit-%s", k);
            return; /* decided in the unit's own context */
        }
    }
    if (fam && (!c->netlist || sys_nl))
        run_in_system(c, m, i, scratch, co, fam, sys_nl, own_ctx, o);
    else if (gpucoh_cosim_run(co, &o->r, o->why, sizeof o->why) != 0)
        o->status = 2;
    else
        o->status = o->r.diverged ? 0 : 1;
}

/* Mutant i (-1: the unmutated RTL) from scratch to outcome. 0, or 2 after a message (a mutant's
 * bad parameters). */
static int run_mutant(campaign_t* c, int i) {
    const gpucoh_unit_t* u = c->u;
    const mutant_t* m = i >= 0 ? &c->ms[i] : NULL;
    outcome_t* o = &c->oc[i + 1];
    memset(o, 0, sizeof *o);
    char scratch[PATH_MAX];
    snprintf(scratch, sizeof scratch, "%s/build/mutants/%s/%s", gpucoh_root(), u->name,
             m ? m->name : "original");
    gpucoh_cosim_opts_t co;
    memset(&co, 0, sizeof co);
    co.u = u;
    co.pv = *c->pv;
    if (m && m->nparams && mutant_params(u, c->pv, m, &co.pv) != 0)
        return 2;
    char jp[PATH_MAX + 200];
    snprintf(jp, sizeof jp, "%s/mutant-%s-%s.json", c->odir, u->name, m ? m->name : "original");
    mutant_cosim_opts(c, m, scratch, jp, &co);
    if (make_scratch(u, m, scratch, o->why, sizeof o->why) != 0)
        o->status = 2;
    else
        run_contexts(c, m, i, scratch, &co, o);
    return 0;
}

/* The table of outcomes on stdout. */
static void print_campaign(const campaign_t* c) {
    const gpucoh_unit_t* u = c->u;
    char sdesc[96] = "";
    if (c->no_steer || c->illegal_set)
        snprintf(sdesc, sizeof sdesc, "; own stimulus: steer %s, illegal rate %s",
                 c->no_steer ? "off" : "on", c->rate);
    if (c->part == GPUCOH_MUTANTS_NO_BASELINE)
        printf("mutants of %s: %d caught, %d survived, %d broken (unmutated %s: not run here, "
               "--no-baseline%s)\n",
               u->name, c->caught, c->survived, c->broken, c->netlist ? "netlist" : "RTL", sdesc);
    else
        printf("mutants of %s: %d caught, %d survived, %d broken (unmutated %s: %llu cycles, 0 "
               "mismatches%s%s%s)\n",
               u->name, c->caught, c->survived, c->broken, c->netlist ? "netlist" : "RTL",
               (unsigned long long)c->oc[0].r.cycles_run, c->netlist ? "; " : "",
               c->netlist ? c->oc[0].r.impl_note : "", sdesc);
    if (unit_family(u) && !c->netlist)
        printf("  system stimulus: %s (seed %llu, %llu cycles per protocol)\n",
               c->steer ? "steered (--steer on)" : "unsteered (--steer off)",
               (unsigned long long)c->seed, (unsigned long long)c->cycles);
    printf("  %-26s %-8s %-9s %9s  %-34s %s\n", "mutant", "result", "check", "cycle", "field",
           "description");
    for (int i = 0; i < c->nm; i++) {
        const outcome_t* o = &c->oc[i + 1];
        const mutant_t* m = &c->ms[i];
        if (o->status == 0)
            printf("  %-26s %-8s %-9s %9llu  %-34s %s\n", m->name, "caught", o->r.div.kind,
                   (unsigned long long)o->r.div.cycle, o->r.div.field, m->description);
        else if (o->status == 1)
            printf("  %-26s %-8s %-9s %9s  %-34s %s\n", m->name, "SURVIVED", "-", "-", "-",
                   m->description);
        else
            printf("  %-26s %-8s %s\n", m->name, "BROKEN", o->why);
    }
}

/* The report's baseline object. */
static void json_baseline(FILE* f, const outcome_t* b, bool skipped) {
    if (skipped) {
        fprintf(f, "\"baseline\": {\"result\": \"not run (--no-baseline)\"}");
        return;
    }
    fprintf(f, "\"baseline\": {\"result\": \"%s\", \"cycles\": %llu",
            b->status == 1   ? "pass"
            : b->status == 0 ? "diverges"
                             : "broken",
            (unsigned long long)b->r.cycles_run);
    if (b->status == 0) {
        fprintf(f, ", \"first_divergence\": {\"check\": \"%s\", \"cycle\": %llu, \"field\": ",
                b->r.div.kind, (unsigned long long)b->r.div.cycle);
        gpucoh_json_str(f, b->r.div.field);
        gpucoh_json_kv(f, ", ", "expected", b->r.div.expected);
        gpucoh_json_kv(f, ", ", "got", b->r.div.got);
        fprintf(f, "}");
    } else if (b->status == 2) {
        fprintf(f, ", \"error\": ");
        gpucoh_json_str(f, b->why);
    }
    fprintf(f, "}");
}

/* The JSON report (path) of a campaign. 0, or 2 after a message. */
static int write_campaign(const campaign_t* c, const char* path) {
    const gpucoh_unit_t* u = c->u;
    char err[1024];
    gpucoh_afile_t a;
    if (gpucoh_afile_open(&a, path, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return 2;
    }
    fprintf(a.f, "{\"tool\": \"gpucoh mutants\", \"version\": ");
    gpucoh_json_str(a.f, gpucoh_version());
    fprintf(a.f, ", \"unit\": \"%s\", \"params\": ", u->name);
    gpucoh_params_json(a.f, u, c->pv);
    fprintf(a.f,
            ", \"impl\": \"%s\", \"seed\": %llu, \"cycles\": %llu, \"steer\": %s, "
            "\"illegal_rate\": \"%s\", \"caught\": %d, \"survived\": %d, \"broken\": %d, "
            "\"verdict\": \"%s\", ",
            c->netlist ? "netlist" : "rtl", (unsigned long long)c->seed,
            (unsigned long long)c->cycles, c->no_steer ? "false" : "true", c->rate, c->caught,
            c->survived, c->broken, c->survived || c->broken || c->bad_base ? "fail" : "pass");
    json_baseline(a.f, &c->oc[0], c->part == GPUCOH_MUTANTS_NO_BASELINE);
    fprintf(a.f, ", \"mutants\": [");
    for (int i = 0; i < c->nm; i++) {
        const outcome_t* o = &c->oc[i + 1];
        fprintf(a.f, "%s\n  {\"name\": ", i ? "," : "");
        gpucoh_json_str(a.f, c->ms[i].name);
        fprintf(a.f, ", \"description\": ");
        gpucoh_json_str(a.f, c->ms[i].description);
        fprintf(a.f, ", \"result\": \"%s\"",
                o->status == 0   ? "caught"
                : o->status == 1 ? "survived"
                                 : "broken");
        if (o->status == 0) {
            fprintf(a.f, ", \"check\": \"%s\", \"cycle\": %llu, \"field\": ", o->r.div.kind,
                    (unsigned long long)o->r.div.cycle);
            gpucoh_json_str(a.f, o->r.div.field);
        } else if (o->status == 2) {
            fprintf(a.f, ", \"error\": ");
            gpucoh_json_str(a.f, o->why);
        }
        fprintf(a.f, "}");
    }
    fprintf(a.f, "\n]}\n");
    if (gpucoh_afile_commit(&a, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return 2;
    }
    return 0;
}

/* Run the unmutated RTL, then every mutant, counting; stops after a bad baseline. 0, or 2. */
static int run_campaign(campaign_t* c) {
    if (c->part == GPUCOH_MUTANTS_BASELINE)
        c->nm = 0;
    for (int i = -1; i < c->nm; i++) {
        if (i < 0 && c->part == GPUCOH_MUTANTS_NO_BASELINE) { /* judged by another job */
            memset(&c->oc[0], 0, sizeof c->oc[0]);
            c->oc[0].status = 1;
            continue;
        }
        if (run_mutant(c, i) != 0)
            return 2;
        const outcome_t* o = &c->oc[i + 1];
        if (i < 0) {
            if (o->status != 1) {
                fprintf(stderr,
                        "gpucoh: the unmutated %s %s; mutant results would mean "
                        "nothing\n",
                        c->netlist ? "netlist" : "RTL",
                        o->status == 2 ? "does not build or run" : "diverges");
                if (o->why[0])
                    fprintf(stderr, "  %s\n", o->why);
                c->bad_base = true;
                return 0; /* only the report, with the baseline's divergence */
            }
            continue;
        }
        if (o->status == 0)
            c->caught++;
        else if (o->status == 1)
            c->survived++;
        else
            c->broken++;
    }
    return 0;
}

int gpucoh_mutants(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, const char* only_file,
                   uint64_t cycles, uint64_t seed, const char* json_path, const char* out_dir,
                   bool netlist, const gpucoh_stim_cfg_t* stim, int part) {
    static mutant_t ms[MAX_MUTANTS];
    static outcome_t oc[MAX_MUTANTS + 1];
    static campaign_t c;
    memset(&c, 0, sizeof c);
    c.u = u;
    c.pv = pv;
    c.cycles = cycles;
    c.seed = seed;
    c.netlist = netlist;
    c.no_steer = stim && !stim->steer;
    c.illegal_set = stim && stim->illegal_set;
    c.illegal_rate = c.illegal_set ? stim->illegal_rate : 0;
    c.steer = !c.no_steer;
    c.ms = ms;
    c.oc = oc;
    c.part = part;
    if (load_mutants(u, only_file, netlist, ms, &c.nm, NULL) != 0)
        return 2;
    snprintf(c.odir, sizeof c.odir, "%s", out_dir ? out_dir : gpucoh_default_out());
    if (gpucoh_mkdirs(c.odir) != 0) {
        fprintf(stderr, "gpucoh: cannot create %s\n", c.odir);
        return 2;
    }
    if (run_campaign(&c) != 0)
        return 2;
    if (c.bad_base)
        c.nm = 0;
    snprintf(c.rate, sizeof c.rate, "default");
    if (!c.illegal_set && c.no_steer)
        snprintf(c.rate, sizeof c.rate, "default (none)");
    if (c.illegal_set)
        snprintf(c.rate, sizeof c.rate, "%u.%02u/1000", c.illegal_rate / 100u,
                 c.illegal_rate % 100u);
    if (!c.bad_base)
        print_campaign(&c);
    char path[PATH_MAX];
    if (json_path)
        snprintf(path, sizeof path, "%s", json_path);
    else
        snprintf(path, sizeof path, "%s/mutants-%s.json", c.odir, u->name);
    if (write_campaign(&c, path) != 0)
        return 2;
    printf("  report    %s\n", path);
    return (c.survived || c.broken || c.bad_base) ? 1 : 0;
}

int gpucoh_mutants_check(const gpucoh_unit_t* u, const char* only_file, bool netlist) {
    static mutant_t ms[MAX_MUTANTS];
    char* buf = NULL;
    size_t len = 0;
    FILE* list = open_memstream(&buf, &len);
    int nm = 0;
    const int rc = list ? load_mutants(u, only_file, netlist, ms, &nm, list) : 2;
    if (list)
        fclose(list);
    if (rc == 0) /* listed only when every file passed its checks */
        printf("%smutants: %d files checked, nothing run (--check-only)\n", buf ? buf : "", nm);
    free(buf);
    return rc;
}
