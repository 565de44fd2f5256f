/* SPDX-License-Identifier: Apache-2.0 */
/*
 * campaign.c -- `gpucoh campaign` (campaign.h, docs/campaigns.md): the plan (jobs.txt and
 * campaign.txt in the campaign's folder), one job (fingerprint, run, result kept), the merge
 * (the serial command's lines and JSON from the jobs' results) and the Slurm scripts.
 *
 * A kind is a plan splitter and a merger (the table KINDS; campaign_int.h); the rest is shared.
 */
#define _XOPEN_SOURCE 700
#include "campaign.h"
#include "campaign_int.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gsys.h"
#include "litmus.h"
#include "util.h"

#define CAMP_HEAD "gpucoh campaign 1"

static const camp_kind_t* kind_of(const char* kind);

/* words of the command lines this file builds (execv takes char*) */
static char W_GPUCOH[] = "gpucoh", W_CHECK[] = "--check-only", W_OUT[] = "--out",
            W_JSON[] = "--json", W_BASE_ONLY[] = "--baseline-only", W_NO_BASE[] = "--no-baseline",
            W_MUTANTS[] = "--mutants", W_SYSTEM[] = "system", W_PROTOCOL[] = "--protocol",
            W_CONFIG[] = "--config", W_CYCLES[] = "--cycles", W_SEED[] = "--seed",
            W_QUIET[] = "--quiet", W_BASH[] = "bash", W_CLIST[] = "--campaign-list",
            W_CSTEP[] = "--campaign-step", W_CMERGE[] = "--campaign-merge", W_ALL[] = "all";

static const char* const HELP =
    "usage: gpucoh campaign plan KIND --dir ROOT [--jobs N] -- ARGS...\n"
    "       gpucoh campaign job DIR [--after DIR]... [--sh] -- ARGS...\n"
    "       gpucoh campaign merge ROOT... [--json FILE]\n"
    "       gpucoh campaign sbatch ROOT [--partition P] [--time T] [--max-parallel N]\n"
    "\n"
    "One job model for long campaigns (docs/campaigns.md). plan checks ARGS as the serial\n"
    "command `gpucoh KIND ARGS` would (exit 2 on bad input, nothing written), then writes\n"
    "ROOT/jobs.txt (one self-contained shell line per job, also printed on stdout) and\n"
    "ROOT/campaign.txt. ROOT is created; its parent must exist. A ROOT planned before with\n"
    "the same plan is kept (jobs done stay done); another plan there is refused.\n"
    "job runs one job: gpucoh ARGS --out DIR --json DIR/result.json, stdout kept in\n"
    "DIR/stdout; a job whose DIR/done holds the fingerprint of its inputs (the gpucoh binary,\n"
    "ARGS, every file ARGS names, the RTL tree when the RTL runs) is not run again.\n"
    "merge prints what the serial command prints (the same lines; the report line names the\n"
    "merged report) and writes its JSON (default ROOT/result.json), with its exit status;\n"
    "several ROOTs of one plan (pieces run on different machines) merge as one.\n"
    "sbatch writes ROOT/slurm/array.sbatch (a job array over jobs.txt), merge.sbatch and\n"
    "submit.sh (submits the array, then the merge with --dependency=afterany).\n"
    "\n"
    "Kinds (ARGS as for the serial command, without --out and --json; docs/campaigns.md):\n"
    "  litmus   FILES... [options]: a job per litmus file (no --run, --wave)\n"
    "  mutants  UNIT|all [options]: a baseline job, then a job per mutant\n"
    "  soak     --protocol LIST|all --cycles N --segment N --seed S --config small|paper:\n"
    "           per protocol a probe and segments of `gpucoh cosim system` in lockstep\n"
    "  regress  [tools/regress.sh options]: a job per step of make regress\n"
    "  fuzz     [tools/fuzz.sh options]: a job per fuzz harness\n"
    "  conform  [options]: the tests in --jobs N slices (default 100 tests a job)\n"
    "  quality  [gpucoh quality options]: a job per point m x granularity (no --point)\n"
    "  compare  [options]: a job per run (config, workload, variant); the merge judges\n"
    "           the claims over all runs and writes compare.md/.csv/.png beside the JSON\n"
    "  synth    [synth/sweep.sh options but -j, --list]: a job per sig_bloom synthesis point\n"
    "  synth-tc, synth-gpu, synth-denovo, synth-hlrc  [synth/ctrl.sh options but --list]:\n"
    "           a job per synthesis point of the family's controllers\n"
    "  synth-hier [synth/hier.sh options but --list, --check]: a job per sig_store and\n"
    "           rdu / avu top of make synth-rdu-avu; a top's job after its sig_store's\n"
    "\n"
    "Local runs: parallel --jobs 2 < ROOT/jobs.txt && gpucoh campaign merge ROOT\n"
    "A plan whose jobs wait for others (synth-hier) is in stages: ROOT/jobs-1.txt, jobs-2.txt,\n"
    "... run one after the other (a job refuses, exit 2, while one it waits for is not done);\n"
    "sbatch then writes an array per stage, each submitted after the one before.\n";

/* ---- small helpers ------------------------------------------------------------------------ */

unsigned long long campaign_fnv(unsigned long long h, const void* p, unsigned long n) {
    const unsigned char* b = p;
    for (unsigned long i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

int camp_usage_err(const char* fmt, const char* a) {
    fprintf(stderr, "gpucoh campaign: ");
    fprintf(stderr, fmt, a);
    fprintf(stderr, " (gpucoh campaign --help)\n");
    return GPUCOH_EXIT_USAGE;
}

/* s appended to b (n bytes); what does not fit fills b to its end, so that a length check after
 * the appends sees the overflow */
static void cat_n(char* b, size_t n, const char* s) {
    const size_t l = strlen(b), k = strlen(s);
    if (l + k < n) {
        memcpy(b + l, s, k + 1);
    } else if (l + 1 < n) {
        memcpy(b + l, s, n - 1 - l);
        b[n - 1] = 0;
    }
}

/* s as one shell word ('...' with ' as '\'') appended to b */
static void shq(char* b, size_t n, const char* s) {
    size_t l = strlen(b);
    if (l + 1 < n)
        b[l++] = '\'';
    for (; *s && l + 5 < n; s++) {
        if (*s == '\'') {
            memcpy(b + l, "'\\''", 4);
            l += 4;
        } else {
            b[l++] = *s;
        }
    }
    if (l + 1 < n)
        b[l++] = '\'';
    b[l] = 0;
}

bool camp_is_dir(const char* p) {
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

bool camp_is_file(const char* p) {
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* the whole file (NUL-terminated; free it), or NULL */
char* camp_slurp(const char* path, size_t* len) {
    FILE* f = fopen(path, "rb");
    if (!f)
        return NULL;
    char* buf = NULL;
    size_t n = 0, cap = 0, r;
    char chunk[65536];
    while ((r = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (n + r + 1 > cap) {
            cap = (n + r + 1) * 2;
            char* nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
        }
        memcpy(buf + n, chunk, r);
        n += r;
    }
    fclose(f);
    if (!buf && !(buf = calloc(1, 1)))
        return NULL;
    buf[n] = 0;
    if (len)
        *len = n;
    return buf;
}

static unsigned long long hash_file(unsigned long long h, const char* path) {
    size_t n = 0;
    char* b = camp_slurp(path, &n);
    h = campaign_fnv(h, path, strlen(path) + 1);
    if (b)
        h = campaign_fnv(h, b, n);
    free(b);
    return h;
}

static int name_cmp(const struct dirent** a, const struct dirent** b) {
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* every regular file under dir, in name order, path and contents; skip (or NULL): a folder of
 * dir's top left out */
static unsigned long long hash_tree_but(unsigned long long h, const char* dir, const char* skip) {
    struct dirent** ents = NULL;
    const int n = scandir(dir, &ents, NULL, name_cmp);
    for (int i = 0; i < n; i++) {
        const char* e = ents[i]->d_name;
        char p[PATH_MAX];
        if (e[0] != '.' && !(skip && !strcmp(e, skip)) &&
            (size_t)snprintf(p, sizeof p, "%s/%s", dir, e) < sizeof p)
            h = camp_is_dir(p) ? hash_tree_but(h, p, NULL) : camp_is_file(p) ? hash_file(h, p) : h;
        free(ents[i]);
    }
    free(ents);
    return h;
}

static unsigned long long hash_tree(unsigned long long h, const char* dir) {
    return hash_tree_but(h, dir, NULL);
}

/* Run /proc/self/exe with args (NULL-terminated), stdout into out_path (NULL: inherited, or a
 * pipe into *cap when cap is given). The exit status, 128 + signal, or -1. */
static long g_child_rss_kb; /* the last run_self child's maximum resident set (KiB) */

int camp_run_self(char* const* args, const char* out_path, char** cap) {
    return camp_run_cmd(true, args, out_path, cap);
}

/* self: /proc/self/exe with args, else args[0] looked up in PATH */
int camp_run_cmd(bool self, char* const* args, const char* out_path, char** cap) {
    int pfd[2] = {-1, -1};
    if (cap && pipe(pfd) != 0)
        return -1;
    fflush(stdout);
    const pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        if (out_path && !freopen(out_path, "w", stdout))
            _exit(127);
        if (cap) {
            dup2(pfd[1], 1);
            close(pfd[0]);
            close(pfd[1]);
        }
        if (self)
            execv("/proc/self/exe", args);
        else
            execvp(args[0], args);
        _exit(127);
    }
    if (cap) {
        close(pfd[1]);
        FILE* f = fdopen(pfd[0], "r");
        size_t len = 0;
        FILE* m = open_memstream(cap, &len);
        int c;
        while (f && m && (c = fgetc(f)) != EOF)
            fputc(c, m);
        if (m)
            fclose(m);
        if (f)
            fclose(f);
    }
    int st = 0;
    if (waitpid(pid, &st, 0) < 0)
        return -1;
    struct rusage ru; /* the largest of the children waited for: a job waits for one */
    memset(&ru, 0, sizeof ru);
    getrusage(RUSAGE_CHILDREN, &ru);
    g_child_rss_kb = ru.ru_maxrss;
    return WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : -1;
}

/* ---- plan ---------------------------------------------------------------------------------- */

int camp_plan_add(plan_t* p, const char* name, char* const* args, int nargs) {
    return camp_plan_add_after(p, name, args, nargs, NULL, 0);
}

int camp_plan_add_after(plan_t* p, const char* name, char* const* args, int nargs, const int* deps,
                        int ndeps) {
    if (p->njobs >= CAMP_MAX_JOBS) {
        fprintf(stderr, "gpucoh campaign plan: more than %d jobs\n", CAMP_MAX_JOBS);
        return -1;
    }
    char dir[PATH_MAX + 64];
    snprintf(dir, sizeof dir, "%s/jobs/%05d-%s", p->root, p->njobs + 1, name);
    const size_t n = 65536;
    char* l = calloc(1, n);
    if (!l)
        return -1;
    cat_n(l, n, "cd ");
    shq(l, n, p->cwd);
    cat_n(l, n, " && ");
    shq(l, n, p->self);
    cat_n(l, n, " campaign job ");
    shq(l, n, dir);
    int st = 1;
    for (int i = 0; i < ndeps; i++) { /* the folders of the jobs it waits for */
        char dd[PATH_MAX + 64];
        snprintf(dd, sizeof dd, "%s/jobs/%s", p->root, p->names[deps[i]]);
        cat_n(l, n, " --after ");
        shq(l, n, dd);
        st = p->stage[deps[i]] + 1 > st ? p->stage[deps[i]] + 1 : st;
    }
    cat_n(l, n, p->cmd ? " -- " : " --sh --");
    if (p->cmd)
        shq(l, n, p->cmd);
    for (int i = 0; i < nargs; i++) {
        cat_n(l, n, " ");
        shq(l, n, args[i]);
    }
    if (strlen(l) + 8 >= n) {
        fprintf(stderr, "gpucoh campaign plan: a job's command line is longer than %zu\n", n);
        free(l);
        return -1;
    }
    p->stage[p->njobs] = st;
    p->nstages = st > p->nstages ? st : p->nstages;
    p->names[p->njobs] = strdup(strrchr(dir, '/') + 1);
    char* fit = realloc(l, strlen(l) + 1); /* 100 000 jobs must not hold 64 KiB each */
    p->lines[p->njobs++] = fit ? fit : l;
    return 0;
}

/* `gpucoh KIND ARGS --check-only`: 0 with the "  file PATH" lines' paths in files (pointing into
 * *out, free it), or 2 after a message */
int camp_check_only(plan_t* p, char** out, char** files, int maxf, int* nf) {
    return camp_check_lines(p, "  file ", out, files, maxf, nf);
}

int camp_check_lines(plan_t* p, const char* prefix, char** out, char** items, int max, int* n) {
    static const char* const refused[] = {"--out",           "--json",        "--run",
                                          "--wave",          "--check-only",  "--help",
                                          "--baseline-only", "--no-baseline", "--mutants"};
    const int nref = strcmp(p->kind, "mutants") ? 6 : 9;
    for (int i = 0; i < p->nargs; i++)
        for (int k = 0; k < nref; k++)
            if (!strcmp(p->args[i], refused[k])) {
                fprintf(stderr,
                        "gpucoh campaign plan %s: %s is not a campaign's (the jobs set --out, "
                        "--json and what each runs; --run, --wave and --check-only are for one "
                        "run)\n",
                        p->kind, refused[k]);
                return GPUCOH_EXIT_USAGE;
            }
    char* a[CAMP_MAX_ARGS + 4];
    int na = 0;
    a[na++] = W_GPUCOH;
    a[na++] = p->kind_w;
    for (int i = 0; i < p->nargs && na < CAMP_MAX_ARGS; i++)
        a[na++] = p->args[i];
    a[na++] = W_CHECK;
    a[na] = NULL;
    *out = NULL;
    const int rc = camp_run_self(a, NULL, out);
    if (rc != 0) {
        fprintf(stderr,
                "gpucoh campaign plan %s: the arguments are refused (gpucoh %s exited %d); "
                "nothing was written\n",
                p->kind, p->kind, rc);
        return GPUCOH_EXIT_USAGE;
    }
    const size_t pl = strlen(prefix);
    *n = 0;
    for (char* s = strtok(*out, "\n"); s; s = strtok(NULL, "\n"))
        if (!strncmp(s, prefix, pl) && *n < max)
            items[(*n)++] = s + pl;
    return 0;
}

/* A job per "prefix ITEM" line of `gpucoh KIND ARGS --check-only` (at most max), in their order:
 * `ARGS opt ITEM`, named ITEM with every '/' and ',' made '-' and name_pre before it. 0, or 2
 * after a message (none listed: what names them in it). */
int camp_plan_items(plan_t* p, const char* prefix, int max, char* opt, const char* name_pre,
                    const char* what) {
    char* out = NULL;
    char** items = calloc((size_t)max, sizeof *items);
    int n = 0;
    int status = items ? camp_check_lines(p, prefix, &out, items, max, &n) : GPUCOH_EXIT_USAGE;
    if (!status && !n) {
        fprintf(stderr, "gpucoh campaign plan %s: gpucoh %s --check-only listed no %s\n", p->kind,
                p->kind, what);
        status = GPUCOH_EXIT_USAGE;
    }
    for (int k = 0; k < n && !status; k++) {
        char* ja[CAMP_MAX_ARGS];
        int nj = 0;
        for (int i = 0; i < p->nargs && nj < CAMP_MAX_ARGS - 2; i++)
            ja[nj++] = p->args[i];
        ja[nj++] = opt;
        ja[nj++] = items[k];
        char pre[200], name[220];
        snprintf(pre, sizeof pre, "%s%s", name_pre, items[k]);
        for (char* c = pre; *c; c++)
            *c = *c == '/' || *c == ',' ? '-' : *c;
        camp_job_name(pre, "", name, sizeof name);
        if (camp_plan_add(p, name, ja, nj) != 0)
            status = GPUCOH_EXIT_USAGE;
    }
    free(items);
    free(out);
    return status;
}

/* a job's name: the file's name without its extension, safe in a path and a shell word */
void camp_job_name(const char* file, const char* prefix, char* name, size_t n) {
    const char* b = strrchr(file, '/');
    snprintf(name, n, "%s%s", prefix, b ? b + 1 : file);
    char* dot = strrchr(name, '.');
    if (dot && dot != name)
        *dot = 0;
    for (char* c = name; *c; c++)
        if (*c == '/' || *c == '\'' || *c == ' ')
            *c = '_';
}

/* litmus: a job per file, with every other argument as given */
static int plan_litmus(plan_t* p) {
    char* out = NULL;
    char* files[LITMUS_MAX_FILES];
    int nf = 0;
    int status = camp_check_only(p, &out, files, LITMUS_MAX_FILES, &nf);
    for (int k = 0; k < nf && !status; k++) {
        char* ja[CAMP_MAX_ARGS];
        int nj = 0, next = 0; /* the file words, in order; the rest kept */
        for (int i = 0; i < p->nargs; i++) {
            if (next < nf && !strcmp(p->args[i], files[next])) {
                if (next++ == k)
                    ja[nj++] = p->args[i];
            } else {
                ja[nj++] = p->args[i];
            }
        }
        char name[96];
        camp_job_name(files[k], "", name, sizeof name);
        if (camp_plan_add(p, name, ja, nj) != 0)
            status = 2;
    }
    free(out);
    return status;
}

/* mutants: the unmutated RTL (--baseline-only), then a job per mutant file (--mutants FILE
 * --no-baseline), every other argument as given; prefix names the unit's jobs in a plan of all */
static int plan_mutants_unit(plan_t* p, const char* prefix) {
    char* out = NULL;
    char* files[4096];
    int nf = 0;
    int status = camp_check_only(p, &out, files, 4096, &nf);
    char* ja[CAMP_MAX_ARGS];
    for (int k = -1; k < nf && !status; k++) {
        int nj = 0;
        for (int i = 0; i < p->nargs; i++)
            ja[nj++] = p->args[i];
        char name[160], pre[96];
        if (k < 0) {
            ja[nj++] = W_BASE_ONLY;
            snprintf(name, sizeof name, "%sbaseline", prefix);
        } else {
            ja[nj++] = W_MUTANTS;
            ja[nj++] = files[k];
            ja[nj++] = W_NO_BASE;
            snprintf(pre, sizeof pre, "%s%s", prefix,
                     strstr(files[k], "/netlist/") ? "netlist-" : "");
            camp_job_name(files[k], pre, name, sizeof name);
        }
        if (camp_plan_add(p, name, ja, nj) != 0)
            status = 2;
    }
    free(out);
    return status;
}

/* the units with mutants: the folders of tests/mutants holding a *.mut, in name order */
static int mutant_units(char (*units)[64], int max) {
    char d[PATH_MAX];
    snprintf(d, sizeof d, "%s/tests/mutants", gpucoh_root());
    struct dirent** ents = NULL;
    const int n = scandir(d, &ents, NULL, name_cmp);
    int nu = 0;
    for (int i = 0; i < n; i++) {
        char sub[PATH_MAX + 300];
        snprintf(sub, sizeof sub, "%s/%s", d, ents[i]->d_name);
        struct dirent** fs = NULL;
        const int nfs =
            ents[i]->d_name[0] != '.' && camp_is_dir(sub) ? scandir(sub, &fs, NULL, NULL) : 0;
        bool any = false;
        for (int k = 0; k < nfs; k++) {
            const size_t l = strlen(fs[k]->d_name);
            any = any || (l > 4 && !strcmp(fs[k]->d_name + l - 4, ".mut"));
            free(fs[k]);
        }
        free(fs);
        if (any && nu < max)
            snprintf(units[nu++], 64, "%s", ents[i]->d_name);
        free(ents[i]);
    }
    free(ents);
    return nu;
}

/* `-- UNIT [options]`, or `-- all [options]`: every unit with mutants, one after another, each
 * with its own baseline (--param is a unit's: refused with all) */
static int plan_mutants(plan_t* p) {
    if (!p->nargs || strcmp(p->args[0], "all"))
        return plan_mutants_unit(p, "");
    for (int i = 1; i < p->nargs; i++)
        if (!strcmp(p->args[i], "--param")) {
            fprintf(stderr, "gpucoh campaign plan mutants all: --param is one unit's; plan that "
                            "unit alone\n");
            return GPUCOH_EXIT_USAGE;
        }
    static char units[64][64];
    const int nu = mutant_units(units, 64);
    char** all = p->args;
    int status = nu ? 0 : GPUCOH_EXIT_USAGE;
    for (int u = 0; u < nu && !status; u++) {
        all[0] = units[u];
        char prefix[80];
        snprintf(prefix, sizeof prefix, "%s-", units[u]);
        status = plan_mutants_unit(p, prefix);
    }
    all[0] = W_ALL;
    return status;
}

/* soak: --protocol LIST|all, --cycles TOTAL (per protocol), --segment N, --seed S, --config C.
 * Per protocol: a probe of N/10 cycles (seed S), then ceil(TOTAL/N) segments (seeds S+1, ...),
 * each `cosim system --protocol P --cycles N --seed ... --quiet` in lockstep. */
typedef struct {
    char protos[64][32];
    int np;
    uint64_t total, seg, seed;
    const char* config;
} soak_t;

static int soak_protocols(const char* list, soak_t* k) {
    const gsys_proto_t* const* ps = gsys_protocols();
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", list);
    for (char* t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        bool all = !strcmp(t, "all"), found = false;
        for (int i = 0; ps[i]; i++)
            for (uint32_t v = 0; v < ps[i]->nvariants; v++)
                if ((all || !strcmp(t, ps[i]->variants[v].name)) && k->np < 64) {
                    snprintf(k->protos[k->np++], 32, "%s", ps[i]->variants[v].name);
                    found = true;
                }
        if (!found) {
            fprintf(stderr, "gpucoh campaign plan soak: --protocol: unknown variant '%s'\n", t);
            return -1;
        }
    }
    return 0;
}

static int soak_args(plan_t* p, soak_t* k) {
    const char* list = "all";
    k->total = 100000000ull;
    k->seg = 10000000ull;
    k->seed = 1;
    k->config = "small";
    for (int i = 0; i < p->nargs; i++) {
        const char *o = p->args[i], *v = i + 1 < p->nargs ? p->args[i + 1] : NULL;
        int bad = !v;
        if (!bad && !strcmp(o, "--protocol"))
            list = v;
        else if (!bad && !strcmp(o, "--cycles"))
            bad = gpucoh_opt_u64(o, v, 1000, UINT64_MAX / 2, &k->total) != 0;
        else if (!bad && !strcmp(o, "--segment"))
            bad = gpucoh_opt_u64(o, v, 1000, 1000000000000ull, &k->seg) != 0;
        else if (!bad && !strcmp(o, "--seed"))
            bad = gpucoh_opt_u64(o, v, 0, UINT64_MAX / 2, &k->seed) != 0;
        else if (!bad && !strcmp(o, "--config") && (!strcmp(v, "small") || !strcmp(v, "paper")))
            k->config = v;
        else {
            fprintf(stderr,
                    "gpucoh campaign plan soak: '%s' %s (options: --protocol LIST|all, "
                    "--cycles N, --segment N, --seed S, --config small|paper)\n",
                    o, v ? "or its value is refused" : "needs a value");
            return -1;
        }
        i++;
        if (bad)
            return -1;
    }
    return soak_protocols(list, k);
}

static int plan_soak(plan_t* p) {
    soak_t k;
    memset(&k, 0, sizeof k);
    if (soak_args(p, &k) != 0)
        return GPUCOH_EXIT_USAGE;
    const uint64_t nseg = (k.total + k.seg - 1) / k.seg;
    if (nseg * (uint64_t)k.np > CAMP_MAX_JOBS) {
        fprintf(stderr, "gpucoh campaign plan soak: %llu segments: more than %d jobs\n",
                (unsigned long long)(nseg * (uint64_t)k.np), CAMP_MAX_JOBS);
        return GPUCOH_EXIT_USAGE;
    }
    for (int i = 0; i < k.np; i++)
        for (uint64_t s = 0; s <= nseg; s++) { /* s = 0: the probe */
            const uint64_t cyc = !s ? k.seg / 10 : s < nseg ? k.seg : k.total - (nseg - 1) * k.seg;
            char c[32], sd[32], name[64];
            snprintf(c, sizeof c, "%llu", (unsigned long long)cyc);
            snprintf(sd, sizeof sd, "%llu", (unsigned long long)(k.seed + s));
            snprintf(name, sizeof name, "%s-%s", k.protos[i], s ? "" : "probe");
            if (s)
                snprintf(name, sizeof name, "%s-seg%04llu", k.protos[i], (unsigned long long)s);
            char* ja[] = {W_SYSTEM, W_PROTOCOL, k.protos[i], W_CONFIG, (char*)0,
                          W_CYCLES, c,          W_SEED,      sd,       W_QUIET};
            char cfg[16];
            snprintf(cfg, sizeof cfg, "%s", k.config);
            ja[4] = cfg;
            if (camp_plan_add(p, name, ja, 10) != 0)
                return 2;
        }
    return 0;
}

/* Kinds run by a script (docs/campaigns.md, "Script kinds"): the script lists its steps
 * (`--campaign-list ARGS`: one "  step NAME" line each, exit 2 on bad input), runs one
 * (`--campaign-step NAME ARGS`, its files in $CAMPAIGN_JOB_DIR) and merges
 * (`--campaign-merge JSON DIR...`: the serial run's lines and exit status from the steps' folders,
 * in plan order). */
static const struct {
    const char *kind, *script;
} SCRIPT_KINDS[] = {{"regress", "tools/regress.sh"}, {"fuzz", "tools/fuzz.sh"},
                    {"synth", "synth/sweep.sh"},     {"synth-tc", "synth/tc.sh"},
                    {"synth-gpu", "synth/gpu.sh"},   {"synth-denovo", "synth/denovo.sh"},
                    {"synth-hlrc", "synth/hlrc.sh"}, {"synth-hier", "synth/hier_campaign.sh"}};

static const char* script_of(const char* kind) {
    for (size_t i = 0; i < sizeof SCRIPT_KINDS / sizeof SCRIPT_KINDS[0]; i++)
        if (!strcmp(kind, SCRIPT_KINDS[i].kind))
            return SCRIPT_KINDS[i].script;
    return NULL;
}

/* One "  step NAME [after DEP...]" line of a script's list: a job running `SCRIPT
 * --campaign-step NAME ARGS`, after the jobs of the earlier steps DEP... (steps[] holds the names
 * of the steps so far, by job). 0, or 2 after a message. */
static int script_step(plan_t* p, char* script, char* line, char** steps) {
    char* save = NULL;
    char* step = strtok_r(line, " ", &save);
    char* w = strtok_r(NULL, " ", &save);
    int deps[64], nd = 0;
    if (w && strcmp(w, "after")) {
        fprintf(stderr, "gpucoh campaign plan %s: %s listed '%s %s' (a step, then 'after')\n",
                p->kind, script_of(p->kind), step, w);
        return 2;
    }
    for (w = w ? strtok_r(NULL, " ", &save) : NULL; w; w = strtok_r(NULL, " ", &save)) {
        int j = p->njobs - 1;
        while (j >= 0 && strcmp(steps[j], w))
            j--;
        if (j < 0 || nd == 64) {
            fprintf(stderr,
                    "gpucoh campaign plan %s: %s lists step %s after '%s', which is not an "
                    "earlier step (or more than 64)\n",
                    p->kind, script_of(p->kind), step, w);
            return 2;
        }
        deps[nd++] = j;
    }
    char* ja[CAMP_MAX_ARGS + 8];
    int nj = 0;
    ja[nj++] = W_BASH;
    ja[nj++] = script;
    ja[nj++] = W_CSTEP;
    ja[nj++] = step;
    for (int i = 0; i < p->nargs && nj < CAMP_MAX_ARGS; i++)
        ja[nj++] = p->args[i];
    char name[96];
    camp_job_name(step, "", name, sizeof name);
    steps[p->njobs] = step;
    return camp_plan_add_after(p, name, ja, nj, deps, nd) != 0 ? 2 : 0;
}

static int plan_script(plan_t* p) {
    char script[PATH_MAX];
    snprintf(script, sizeof script, "%s/%s", gpucoh_root(), script_of(p->kind));
    char* a[CAMP_MAX_ARGS + 8];
    int na = 0;
    a[na++] = W_BASH;
    a[na++] = script;
    a[na++] = W_CLIST;
    for (int i = 0; i < p->nargs && na < CAMP_MAX_ARGS; i++)
        a[na++] = p->args[i];
    a[na] = NULL;
    char* out = NULL;
    const int rc = camp_run_cmd(false, a, NULL, &out);
    if (rc != 0) {
        free(out);
        fprintf(stderr,
                "gpucoh campaign plan %s: the arguments are refused (%s exited %d); "
                "nothing was written\n",
                p->kind, script_of(p->kind), rc);
        return GPUCOH_EXIT_USAGE;
    }
    int status = 0;
    char** steps = calloc(CAMP_MAX_JOBS, sizeof *steps); /* the step names, by job */
    char* save = NULL;
    for (char* t = strtok_r(out, "\n", &save); t && steps && !status;
         t = strtok_r(NULL, "\n", &save))
        if (!strncmp(t, "  step ", 7))
            status = script_step(p, script, t + 7, steps);
    free(steps);
    free(out);
    if (!status && !p->njobs) {
        fprintf(stderr, "gpucoh campaign plan %s: %s listed no step\n", p->kind,
                script_of(p->kind));
        status = GPUCOH_EXIT_USAGE;
    }
    return status;
}

/* campaign.txt: the head, kind, working folder, binary, the serial command, the job names */
static char* plan_text(const plan_t* p) {
    char* buf = NULL;
    size_t len = 0;
    FILE* f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    fprintf(f, "%s\nkind %s\ncwd %s\ngpucoh %s\njobs %d\nserial gpucoh %s", CAMP_HEAD, p->kind,
            p->cwd, p->self, p->njobs, p->kind);
    for (int i = 0; i < p->nargs; i++)
        fprintf(f, " %s", p->args[i]);
    fprintf(f, "\n");
    for (int i = 0; i < p->nargs; i++) /* the same, a word a line (a merge may rerun it) */
        fprintf(f, "arg %s\n", p->args[i]);
    for (int i = 0; i < p->njobs; i++)
        fprintf(f, "job %s\n", p->names[i]);
    if (p->nstages > 1) { /* a plan without waits keeps the text it always had */
        fprintf(f, "stages %d\n", p->nstages);
        for (int i = 0; i < p->njobs; i++)
            fprintf(f, "stage %d\n", p->stage[i]);
    }
    fclose(f);
    return buf;
}

int camp_write_text(const char* path, const char* text) {
    char err[1024];
    gpucoh_afile_t a;
    if (gpucoh_afile_open(&a, path, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh campaign: %s\n", err);
        return -1;
    }
    fputs(text, a.f);
    if (gpucoh_afile_commit(&a, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh campaign: %s\n", err);
        return -1;
    }
    return 0;
}

/* ROOT: absent (its parent must exist), empty, or planned before with the same plan */
static int root_check(const char* root, bool* exists) {
    *exists = camp_is_dir(root);
    if (!*exists) {
        char parent[PATH_MAX];
        snprintf(parent, sizeof parent, "%s", root);
        char* s = strrchr(parent, '/');
        if (s && s != parent)
            *s = 0;
        else
            snprintf(parent, sizeof parent, "%s", s ? "/" : ".");
        if (!camp_is_dir(parent)) {
            fprintf(stderr, "gpucoh campaign plan: --dir %s: its folder %s does not exist\n", root,
                    parent);
            return -1;
        }
        return 0;
    }
    return 0;
}

/* ROOT/jobs-K.txt: the lines of stage K's jobs, in plan order */
static int stage_write(const plan_t* p, int k) {
    char* text = NULL;
    size_t len = 0;
    FILE* f = open_memstream(&text, &len);
    if (!f)
        return -1;
    for (int i = 0; i < p->njobs; i++)
        if (p->stage[i] == k)
            fprintf(f, "%s\n", p->lines[i]);
    fclose(f);
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/jobs-%d.txt", p->root, k);
    const int rc = camp_write_text(path, text);
    free(text);
    return rc;
}

static int plan_write(plan_t* p, bool existed) {
    char path[PATH_MAX + 32];
    char* text = plan_text(p);
    if (!text)
        return GPUCOH_EXIT_USAGE;
    snprintf(path, sizeof path, "%s/campaign.txt", p->root);
    size_t n = 0;
    char* old = existed ? camp_slurp(path, &n) : NULL;
    if (old && strcmp(old, text) != 0) {
        fprintf(stderr,
                "gpucoh campaign plan: %s holds another campaign's plan (%s differs); choose "
                "another --dir\n",
                p->root, path);
        free(old);
        free(text);
        return GPUCOH_EXIT_USAGE;
    }
    free(old);
    char jobs[PATH_MAX + 32];
    snprintf(jobs, sizeof jobs, "%s/jobs", p->root);
    int rc = gpucoh_mkdirs(jobs) == 0 ? 0 : -1;
    if (rc == 0)
        rc = camp_write_text(path, text);
    free(text);
    char* all = NULL;
    size_t len = 0;
    FILE* f = open_memstream(&all, &len);
    for (int i = 0; f && i < p->njobs; i++)
        fprintf(f, "%s\n", p->lines[i]);
    if (f)
        fclose(f);
    snprintf(path, sizeof path, "%s/jobs.txt", p->root);
    if (rc == 0 && all)
        rc = camp_write_text(path, all);
    if (rc == 0)
        fputs(all, stdout);
    free(all);
    for (int k = 1; rc == 0 && k <= p->nstages && p->nstages > 1; k++)
        rc = stage_write(p, k);
    if (rc != 0)
        return GPUCOH_EXIT_USAGE;
    if (p->nstages > 1)
        fprintf(stderr,
                "campaign plan: %s, %d jobs in %s, in %d stages (a stage's jobs wait for "
                "jobs of the stages before it: jobs-1.txt ... jobs-%d.txt, one after the other; "
                "run: bash tools/campaign_run.sh %s; then gpucoh campaign merge %s)\n",
                p->kind, p->njobs, path, p->nstages, p->nstages, p->root, p->root);
    else
        fprintf(stderr,
                "campaign plan: %s, %d jobs in %s (run: parallel < %s; then gpucoh campaign "
                "merge %s)\n",
                p->kind, p->njobs, path, path, p->root);
    return 0;
}

static int empty_dir_or_plan(const char* root) {
    DIR* d = opendir(root);
    if (!d)
        return -1;
    struct dirent* e;
    int n = 0, plan = 0;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            n++;
            plan += !strcmp(e->d_name, "campaign.txt");
        }
    closedir(d);
    return n == 0 || plan ? 0 : -1;
}

static int cmd_plan(int argc, char** argv) {
    if (argc < 4)
        return camp_usage_err("plan: %s", "needs KIND --dir ROOT -- ARGS...");
    plan_t p;
    memset(&p, 0, sizeof p);
    p.kind = p.kind_w = argv[3];
    const camp_kind_t* k = kind_of(p.kind);
    if (!k)
        return camp_usage_err("plan: unknown kind '%s' (gpucoh campaign --help lists them)",
                              p.kind);
    p.cmd = k->cmd;
    const char* root = NULL;
    int i = 4;
    for (; i < argc && strcmp(argv[i], "--"); i++) {
        if (!strcmp(argv[i], "--dir") && i + 1 < argc && argv[i + 1][0])
            root = argv[++i];
        else if (!strcmp(argv[i], "--jobs") && i + 1 < argc) {
            if (gpucoh_opt_u32("--jobs", argv[++i], 1, CAMP_MAX_JOBS, &p.jobs) != 0)
                return GPUCOH_EXIT_USAGE;
        } else
            return camp_usage_err("plan: unknown option '%s' before --", argv[i]);
    }
    if (!root)
        return camp_usage_err("plan: %s", "--dir ROOT is required");
    if (i >= argc)
        return camp_usage_err("plan: %s", "the command's arguments follow --");
    p.args = argv + i + 1;
    p.nargs = argc - i - 1;
    if (p.nargs > CAMP_MAX_ARGS - 8)
        return camp_usage_err("plan: %s", "too many arguments");
    if (p.jobs && strcmp(p.kind, "conform"))
        return camp_usage_err("plan: --jobs N splits a count of tests (conform); %s splits by "
                              "itself",
                              p.kind);
    for (int j = 0; j < p.nargs; j++)
        if (strchr(p.args[j], '\n'))
            return camp_usage_err("plan: an argument holds a newline: %s", "refused");
    bool existed = false;
    if (root_check(root, &existed) != 0)
        return GPUCOH_EXIT_USAGE;
    if (existed && empty_dir_or_plan(root) != 0) {
        fprintf(stderr,
                "gpucoh campaign plan: --dir %s exists and holds no campaign; choose an "
                "empty or new folder\n",
                root);
        return GPUCOH_EXIT_USAGE;
    }
    if (!getcwd(p.cwd, sizeof p.cwd) || !realpath("/proc/self/exe", p.self))
        return camp_usage_err("plan: %s", "cannot read the working folder or the gpucoh binary");
    if (root[0] == '/')
        snprintf(p.root, sizeof p.root, "%s", root);
    else
        snprintf(p.root, sizeof p.root, "%s/%s", p.cwd, root);
    p.names = calloc(CAMP_MAX_JOBS, sizeof *p.names);
    p.lines = calloc(CAMP_MAX_JOBS, sizeof *p.lines);
    p.stage = calloc(CAMP_MAX_JOBS, sizeof *p.stage);
    p.nstages = 1;
    int rc = !p.names || !p.lines || !p.stage ? GPUCOH_EXIT_USAGE : k->plan(&p);
    if (rc == 0)
        rc = plan_write(&p, existed);
    for (int j = 0; j < p.njobs; j++) {
        free(p.names[j]);
        free(p.lines[j]);
    }
    free(p.names);
    free(p.lines);
    free(p.stage);
    return rc;
}

/* ---- job ----------------------------------------------------------------------------------- */

static int str_cmp(const void* a, const void* b) {
    return strcmp(*(const char* const*)a, *(const char* const*)b);
}

/* The environment a run reads: every GPUCOH_* variable but GPUCOH_ROOT (test switches such as
 * GPUCOH_SYS_ACQ_NO_WAIT change what a run does; the tree GPUCOH_ROOT names is hashed as files) and
 * the variables the script kinds' steps read (REGRESS_ONLY, FULLCOV, CONFORM_ARGS), in name order
 */
static unsigned long long hash_env(unsigned long long h) {
    extern char** environ;
    static const char* const named[] = {"REGRESS_ONLY=", "FULLCOV=", "CONFORM_ARGS="};
    const char* v[256] = {0};
    size_t n = 0;
    for (char** e = environ; *e && n < sizeof v / sizeof v[0]; e++) {
        bool take = !strncmp(*e, "GPUCOH_", 7) && strncmp(*e, "GPUCOH_ROOT=", 12);
        for (size_t k = 0; k < sizeof named / sizeof named[0]; k++)
            take = take || !strncmp(*e, named[k], strlen(named[k]));
        if (take)
            v[n++] = *e;
    }
    qsort(v, n, sizeof v[0], str_cmp);
    for (size_t i = 0; i < n; i++)
        h = campaign_fnv(h, v[i], strlen(v[i]) + 1);
    return h;
}

/* The inputs' fingerprint: the binary, the arguments, every file they name, the environment a run
 * reads (hash_env), the RTL tree when the RTL runs (--impl other than c, the RTL from --rtl-dir,
 * or a mutant campaign) */
static unsigned long long job_fingerprint(int n, char** a, bool sh) {
    unsigned long long h = hash_env(hash_file(CAMPAIGN_FNV0, "/proc/self/exe"));
    bool rtl = sh || !strcmp(a[0], "mutants"); /* a script (regress, synth) reads the RTL */
    const char* rtl_dir = NULL;
    for (int i = 0; i < n; i++) {
        h = campaign_fnv(h, a[i], strlen(a[i]) + 1);
        if (camp_is_file(a[i]))
            h = hash_file(h, a[i]);
        if (i + 1 < n && !strcmp(a[i], "--impl") && strcmp(a[i + 1], "c"))
            rtl = true;
        if (i + 1 < n && !strcmp(a[i], "--rtl-dir"))
            rtl_dir = a[i + 1];
    }
    if (sh) { /* a script may build from any of the sources (make fuzz, a Verilator model), or
                 synthesize with synth/'s flow (not its results/, which a synth merge writes) */
        static const char* const trees[] = {"cmodel", "tb", "tests/fuzz", "verilator", "synth"};
        for (size_t i = 0; i < sizeof trees / sizeof trees[0]; i++) {
            char d[PATH_MAX];
            snprintf(d, sizeof d, "%s/%s", gpucoh_root(), trees[i]);
            h = hash_tree_but(h, d, !strcmp(trees[i], "synth") ? "results" : NULL);
        }
    }
    if (rtl || rtl_dir) { /* the RTL and the Verilator shims its models are built with */
        char d[PATH_MAX];
        snprintf(d, sizeof d, "%s/rtl", gpucoh_root());
        h = hash_tree(h, rtl_dir ? rtl_dir : d);
        snprintf(d, sizeof d, "%s/verilator", gpucoh_root());
        h = hash_tree(h, d);
    }
    return h;
}

static void cat_file(const char* path) {
    char* s = camp_slurp(path, NULL);
    if (s)
        fputs(s, stdout);
    free(s);
}

/* The jobs a job runs after (--after DIR): each must be done (with either verdict: the step
 * itself reports what a failed one means for it). Their done lines join the fingerprint (h), so
 * a job run again after one of them ran again; CAMPAIGN_AFTER names their folders, a line each.
 * 0, or 2 after a message. */
static int after_check(const char* dir, char** after, int nafter, unsigned long long* h) {
    char* env = NULL;
    size_t len = 0;
    FILE* f = open_memstream(&env, &len);
    int rc = f ? 0 : 2;
    for (int i = 0; i < nafter && !rc; i++) {
        char p[PATH_MAX + 32];
        snprintf(p, sizeof p, "%s/done", after[i]);
        char* done = camp_slurp(p, NULL);
        unsigned long long fp = 0;
        int st = -1;
        if (!done || sscanf(done, "fingerprint %llx status %d", &fp, &st) != 2) {
            fprintf(stderr,
                    "gpucoh campaign job %s: waits for %s, which is not done (run the jobs of "
                    "the stages before this one first)\n",
                    dir, after[i]);
            rc = 2;
        } else {
            *h = campaign_fnv(*h, done, strcspn(done, "\n"));
            fprintf(f, "%s%s", i ? "\n" : "", after[i]);
        }
        free(done);
    }
    if (f)
        fclose(f);
    if (!rc && nafter)
        setenv("CAMPAIGN_AFTER", env, 1);
    else
        unsetenv("CAMPAIGN_AFTER");
    free(env);
    return rc;
}

static int cmd_job(int argc, char** argv) {
    char* after[64];
    int nafter = 0, o = 4; /* the options between DIR and -- */
    for (; o + 1 < argc && !strcmp(argv[o], "--after") && nafter < 64; o += 2)
        after[nafter++] = argv[o + 1];
    const bool sh = argc > o && !strcmp(argv[o], "--sh"); /* a command, not gpucoh's */
    if (argc < o + 2 + sh || strcmp(argv[o + sh], "--"))
        return camp_usage_err("job: %s", "needs DIR [--after DIR]... [--sh] -- ARGS...");
    char* dir = argv[3];
    char** a = argv + o + 1 + sh;
    const int n = argc - o - 1 - sh;
    if (n > CAMP_MAX_ARGS - 8)
        return camp_usage_err("job: %s", "too many arguments");
    char parent[PATH_MAX], p[PATH_MAX + 32], q[PATH_MAX + 32];
    snprintf(parent, sizeof parent, "%s", dir);
    char* s = strrchr(parent, '/');
    if (s)
        *s = 0;
    if (s && parent[0] && !camp_is_dir(parent))
        return camp_usage_err("job: the folder of %s does not exist", dir);
    unsigned long long dh = CAMPAIGN_FNV0; /* the jobs it waits for, checked before anything */
    if (after_check(dir, after, nafter, &dh) != 0)
        return GPUCOH_EXIT_USAGE;
    if (!camp_is_dir(dir) && mkdir(dir, 0777) != 0)
        return camp_usage_err("job: cannot create %s", dir);
    unsigned long long fp = job_fingerprint(n, a, sh);
    if (nafter)
        fp = campaign_fnv(fp, &dh, sizeof dh);
    snprintf(p, sizeof p, "%s/done", dir);
    char* done = camp_slurp(p, NULL);
    unsigned long long old = 0;
    int st = -1;
    if (done && sscanf(done, "fingerprint %llx status %d", &old, &st) == 2 && old == fp) {
        free(done);
        snprintf(q, sizeof q, "%s/stdout", dir);
        cat_file(q);
        fprintf(stderr,
                "campaign job %s: done before with these inputs (fingerprint %016llx), "
                "not run again\n",
                dir, fp);
        return st;
    }
    free(done);
    unlink(p);
    char* args[CAMP_MAX_ARGS + 8];
    char json[PATH_MAX + 32];
    int k = 0;
    if (!sh)
        args[k++] = W_GPUCOH;
    for (int i = 0; i < n; i++)
        args[k++] = a[i];
    snprintf(json, sizeof json, "%s/result.json", dir);
    if (!sh) { /* a script finds its folder in CAMPAIGN_JOB_DIR */
        args[k++] = W_OUT;
        args[k++] = dir;
        args[k++] = W_JSON;
        args[k++] = json;
    }
    args[k] = NULL;
    snprintf(q, sizeof q, "%s/stdout.part", dir);
    setenv("CAMPAIGN_JOB_DIR", dir, 1);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    const int rc = camp_run_cmd(!sh, args, q, NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    cat_file(q);
    if (rc != 0 && rc != 1) {
        fprintf(stderr, "gpucoh campaign job %s: %s %s exited %d; the job is not done\n", dir,
                sh ? "" : "gpucoh", a[0], rc);
        return rc < 0 ? 1 : rc;
    }
    char line[256];
    snprintf(line, sizeof line, "fingerprint %016llx status %d\nmaxrss_kb %ld\nseconds %.1f\n", fp,
             rc, g_child_rss_kb,
             (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    char out[PATH_MAX + 32];
    snprintf(out, sizeof out, "%s/stdout", dir);
    if (rename(q, out) != 0 || camp_write_text(p, line) != 0)
        return 1;
    return rc;
}

/* ---- merge --------------------------------------------------------------------------------- */

static int camp_read(const char* root, camp_t* c) {
    char p[PATH_MAX + 32];
    snprintf(p, sizeof p, "%s/campaign.txt", root);
    memset(c, 0, sizeof *c);
    c->text = camp_slurp(p, NULL);
    if (!c->text || strncmp(c->text, CAMP_HEAD "\n", strlen(CAMP_HEAD) + 1)) {
        fprintf(stderr,
                "gpucoh campaign merge: %s is not a campaign's plan (gpucoh campaign "
                "plan writes it)\n",
                p);
        return -1;
    }
    char* t = strdup(c->text);
    int ns = 0;
    c->stage = calloc(CAMP_MAX_JOBS, sizeof *c->stage);
    c->names = calloc(CAMP_MAX_JOBS, sizeof *c->names);
    c->args = calloc(CAMP_MAX_ARGS + 1, sizeof *c->args);
    for (char* s = strtok(t, "\n"); s && c->names && c->args; s = strtok(NULL, "\n")) {
        if (!strncmp(s, "kind ", 5))
            c->kind = strdup(s + 5);
        else if (!strncmp(s, "job ", 4) && c->njobs < CAMP_MAX_JOBS)
            c->names[c->njobs++] = strdup(s + 4);
        else if (!strncmp(s, "arg ", 4) && c->nargs < CAMP_MAX_ARGS)
            c->args[c->nargs++] = strdup(s + 4);
        else if (!strncmp(s, "stages ", 7))
            c->nstages = atoi(s + 7);
        else if (!strncmp(s, "stage ", 6) && c->stage && ns < c->njobs)
            c->stage[ns++] = atoi(s + 6);
    }
    free(t);
    if (c->nstages > 1 && ns != c->njobs) {
        fprintf(stderr, "gpucoh campaign: %s names %d stages but not every job's\n", p, c->nstages);
        return -1;
    }
    c->nstages = c->nstages > 1 ? c->nstages : 1;
    if (!c->kind || !c->names || !c->args) {
        fprintf(stderr, "gpucoh campaign merge: %s has no kind line\n", p);
        return -1;
    }
    return 0;
}

static void camp_free(camp_t* c) {
    for (int i = 0; i < c->njobs; i++)
        free(c->names[i]);
    free(c->names);
    for (int i = 0; c->args && i < c->nargs; i++)
        free(c->args[i]);
    free(c->args);
    free(c->kind);
    free(c->text);
    free(c->stage);
}

/* One litmus job's report, split: the head (up to and with "tests": [), its test objects, the
 * summary's numbers. */
typedef struct {
    char* head;
    char* tests; /* the objects, each on its own line, without separators */
    uint32_t files, variants, passed, failed, racy, interrupted;
} lit_job_t;

static int lit_job_read(const char* path, lit_job_t* j) {
    memset(j, 0, sizeof *j);
    char* s = camp_slurp(path, NULL);
    if (!s)
        return -1;
    char* nl = strchr(s, '\n');
    char* end = strstr(s, "\n], \"summary\": {");
    if (!nl || !end || nl - s < 10 || strncmp(nl - 10, "\"tests\": [", 10) != 0) {
        free(s);
        return -1;
    }
    *nl = 0;
    j->head = strdup(s);
    *end = 0;
    size_t len = 0;
    FILE* m = open_memstream(&j->tests, &len);
    for (char* t = strtok(nl + 1, "\n"); t && m; t = strtok(NULL, "\n")) {
        const size_t l = strlen(t);
        fprintf(m, "%.*s\n", (int)(l && t[l - 1] == ',' ? l - 1 : l), t);
    }
    if (m)
        fclose(m);
    const int k =
        sscanf(end + 1,
               "], \"summary\": {\"files\": %u, \"variants\": %u, \"tests\": %*u, "
               "\"passed\": %u, \"failed\": %u, \"racy\": %u, \"interrupted\": %u",
               &j->files, &j->variants, &j->passed, &j->failed, &j->racy, &j->interrupted);
    free(s);
    return k == 6 && j->files == 1 && j->tests ? 0 : -1;
}

/* stdout of a job without its summary line and what follows it */
static void print_job_lines(const char* path) {
    char* s = camp_slurp(path, NULL);
    if (!s)
        return;
    char* cut = strncmp(s, "litmus: ", 8) ? strstr(s, "\nlitmus: ") : s - 1;
    if (cut)
        cut[1] = 0;
    fputs(s, stdout);
    free(s);
}

static int merge_litmus(char** roots, int nroots, const camp_t* c, const char* json) {
    char* first_head = NULL;
    lit_tally_t n = {0, 0, 0, 0};
    uint32_t nvar = 0;
    char* tests = NULL;
    size_t tlen = 0;
    FILE* tm = open_memstream(&tests, &tlen);
    int status = 0, ntests = 0;
    for (int i = 0; i < c->njobs && !status; i++) {
        char d[PATH_MAX + 128], p[PATH_MAX + 160];
        if (camp_job_dir(roots, nroots, c, i, d, sizeof d) != 0) {
            status = 2;
            break;
        }
        snprintf(p, sizeof p, "%s/result.json", d);
        lit_job_t j;
        if (lit_job_read(p, &j) != 0) {
            fprintf(stderr, "gpucoh campaign merge: %s is not a one-file litmus report\n", p);
            status = 2;
        } else if (first_head && strcmp(first_head, j.head)) {
            fprintf(stderr,
                    "gpucoh campaign merge: %s ran with another build or other options than "
                    "job %s (the reports' heads differ)\n",
                    p, c->names[0]);
            status = 2;
        } else {
            if (!first_head) {
                first_head = strdup(j.head);
                nvar = j.variants;
            }
            snprintf(p, sizeof p, "%s/stdout", d);
            print_job_lines(p);
            for (char* t = strtok(j.tests, "\n"); t; t = strtok(NULL, "\n"))
                fprintf(tm, "%s\n  %s", ntests++ ? "," : "", t + (t[0] == ' ' ? 2 : 0));
            n.passed += j.passed;
            n.failed += j.failed;
            n.racy += j.racy;
            n.interrupted += j.interrupted;
        }
        free(j.head);
        free(j.tests);
    }
    if (tm)
        fclose(tm);
    if (status == 0) {
        char close[256], err[1024];
        litmus_summary_print(stdout, (uint32_t)c->njobs, nvar, &n, close, sizeof close);
        status = litmus_tally_status(&n);
        gpucoh_afile_t a;
        if (gpucoh_afile_open(&a, json, err, sizeof err) != 0) {
            fprintf(stderr, "gpucoh campaign merge: %s\n", err);
            status = 2;
        } else {
            fprintf(a.f, "%s%s%s, \"verdict\": \"%s\"}\n", first_head, tests ? tests : "", close,
                    status == GPUCOH_EXIT_INTERRUPTED ? "interrupted"
                    : status                          ? "fail"
                                                      : "pass");
            if (gpucoh_afile_commit(&a, err, sizeof err) != 0) {
                fprintf(stderr, "gpucoh campaign merge: %s\n", err);
                status = 2;
            } else {
                printf("  report    %s\n", json);
            }
        }
    }
    free(first_head);
    free(tests);
    return status;
}

/* The folder of job i: the first ROOT where it is done, or -1 after a message */
int camp_job_dir(char** roots, int nroots, const camp_t* c, int i, char* d, size_t n) {
    for (int r = 0; r < nroots; r++) {
        snprintf(d, n, "%s/jobs/%s", roots[r], c->names[i]);
        char p[PATH_MAX + 200];
        snprintf(p, sizeof p, "%s/done", d);
        if (camp_is_file(p))
            return 0;
    }
    fprintf(stderr,
            "gpucoh campaign merge: job %s is not done in %s%s (run its line of jobs.txt)\n",
            c->names[i], roots[0], nroots > 1 ? " or the other folders" : "");
    return -1;
}

/* A mutants job's report: the head before ", \"caught\": ", the baseline object's text, the
 * entries of "mutants" (one per line, without separators), their results counted */
typedef struct {
    char *key, *base, *entries;
    int caught, survived, broken;
} mut_job_t;

static int mut_job_read(const char* path, mut_job_t* j) {
    memset(j, 0, sizeof *j);
    char* s = camp_slurp(path, NULL);
    char* k = s ? strstr(s, ", \"caught\": ") : NULL;
    char* b = k ? strstr(k, "\"baseline\": ") : NULL;
    char* m = b ? strstr(b, ", \"mutants\": [") : NULL;
    char* e = m ? strstr(m, "\n]}\n") : NULL;
    if (!e) {
        free(s);
        return -1;
    }
    j->key = strndup(s, (size_t)(k - s));
    j->base = strndup(b, (size_t)(m - b));
    *e = 0;
    size_t len = 0;
    FILE* f = open_memstream(&j->entries, &len);
    for (char* t = strtok(m + strlen(", \"mutants\": ["), "\n"); t && f; t = strtok(NULL, "\n")) {
        const size_t l = strlen(t);
        fprintf(f, "%.*s\n", (int)(l && t[l - 1] == ',' ? l - 1 : l), t);
        j->caught += strstr(t, "\"result\": \"caught\"") != NULL;
        j->survived += strstr(t, "\"result\": \"survived\"") != NULL;
        j->broken += strstr(t, "\"result\": \"broken\"") != NULL;
    }
    if (f)
        fclose(f);
    free(s);
    return j->entries ? 0 : -1;
}

static void mut_job_free(mut_job_t* j) {
    free(j->key);
    free(j->base);
    free(j->entries);
}

/* stdout of job dir d: what the runs printed before the table (pre: a simulator's messages),
 * the table's head (from "mutants of" to the column line) and its rows */
static int mut_job_lines(const char* d, char** pre, char** head, char** rows) {
    char p[PATH_MAX + 200];
    snprintf(p, sizeof p, "%s/stdout", d);
    char* s = camp_slurp(p, NULL);
    char* m = !s ? NULL : strncmp(s, "mutants of ", 11) ? strstr(s, "\nmutants of ") : s - 1;
    char* t = m ? strstr(m + 1, "\n  mutant ") : NULL;
    char* r = t ? strchr(t + 1, '\n') : NULL;
    if (!r) {
        free(s);
        return -1;
    }
    char* end = strstr(r, "\n  report ");
    if (end)
        end[1] = 0;
    *pre = strndup(s, (size_t)(m + 1 - s));
    *head = strndup(m + 1, (size_t)(r - m));
    *rows = strdup(r + 1);
    free(s);
    return 0;
}

/* the merged stdout (the baseline job's head with the counts, every job's rows) and JSON (jf) */
static int mut_write(const char* pre, const char* bhead, const char* rows, const mut_job_t* b,
                     int cs, int sv, int br, const char* entries, FILE* jf) {
    const char* rest = strstr(bhead, " broken (");
    const char* colon = strstr(bhead, ": ");
    if (!rest || !colon)
        return 2;
    printf("%s%.*s: %d caught, %d survived, %d broken (%s%s", pre, (int)(colon - bhead), bhead, cs,
           sv, br, rest + strlen(" broken ("), rows);
    fprintf(jf,
            "%s, \"caught\": %d, \"survived\": %d, \"broken\": %d, \"verdict\": \"%s\", %s, "
            "\"mutants\": [",
            b->key, cs, sv, br, sv || br ? "fail" : "pass", b->base);
    int n = 0;
    char* e = strdup(entries);
    for (char* t = e ? strtok(e, "\n") : NULL; t; t = strtok(NULL, "\n"))
        fprintf(jf, "%s\n%s", n++ ? "," : "", t);
    free(e);
    fprintf(jf, "\n]}\n");
    return sv || br ? 1 : 0;
}

/* a bad baseline: the serial run stops there; its report is the baseline job's */
static int mut_bad_base(const char* d, FILE* jf) {
    char p[PATH_MAX + 200];
    snprintf(p, sizeof p, "%s/result.json", d);
    char* s = camp_slurp(p, NULL);
    if (!s)
        return 2;
    fputs(s, jf);
    free(s);
    fprintf(stderr,
            "gpucoh campaign merge: the unmutated RTL does not pass (job %s); mutant results "
            "would mean nothing\n",
            d);
    return 1;
}

/* the mutant jobs first+1..last-1 of one unit into rows, entries, pre and the counts */
typedef struct {
    FILE *rows, *entries, *pre;
    int caught, survived, broken;
} mut_acc_t;

static int mut_rows(char** roots, int nroots, const camp_t* c, int first, int last,
                    const mut_job_t* b, mut_acc_t* acc) {
    char d[PATH_MAX + 128], p[PATH_MAX + 200];
    int status = 0;
    for (int i = first + 1; i < last && !status; i++) {
        mut_job_t j;
        char *h = NULL, *r = NULL, *q = NULL;
        if (camp_job_dir(roots, nroots, c, i, d, sizeof d) != 0)
            status = 2;
        else if (snprintf(p, sizeof p, "%s/result.json", d) < 0 || mut_job_read(p, &j) != 0 ||
                 mut_job_lines(d, &q, &h, &r) != 0) {
            fprintf(stderr, "gpucoh campaign merge: %s is not a mutants report\n", p);
            status = 2;
        } else {
            if (strcmp(j.key, b->key)) {
                fprintf(stderr,
                        "gpucoh campaign merge: %s ran with another build or other options "
                        "than job %s (the reports' heads differ)\n",
                        p, c->names[first]);
                status = 2;
            }
            fputs(r, acc->rows);
            fputs(q, acc->pre);
            fputs(j.entries, acc->entries);
            acc->caught += j.caught;
            acc->survived += j.survived;
            acc->broken += j.broken;
            mut_job_free(&j);
        }
        free(h);
        free(r);
        free(q);
    }
    return status;
}

/* one unit's jobs first (its baseline) .. last-1: its table on stdout, its report into jf */
static int merge_mutants_unit(char** roots, int nroots, const camp_t* c, int first, int last,
                              FILE* jf) {
    char d[PATH_MAX + 128], p[PATH_MAX + 200];
    if (camp_job_dir(roots, nroots, c, first, d, sizeof d) != 0)
        return 2;
    mut_job_t b;
    snprintf(p, sizeof p, "%s/result.json", d);
    if (mut_job_read(p, &b) != 0) {
        fprintf(stderr, "gpucoh campaign merge: %s is not a mutants report\n", p);
        return 2;
    }
    char *bpre = NULL, *bhead = NULL, *brows = NULL;
    if (!strstr(b.base, "\"result\": \"pass\"") || mut_job_lines(d, &bpre, &bhead, &brows) != 0) {
        mut_job_free(&b);
        return mut_bad_base(d, jf);
    }
    char *rows = NULL, *entries = NULL, *pre = NULL;
    size_t l1 = 0, l2 = 0, l3 = 0;
    mut_acc_t acc = {open_memstream(&rows, &l1),
                     open_memstream(&entries, &l2),
                     open_memstream(&pre, &l3),
                     0,
                     0,
                     0};
    int status = acc.rows && acc.entries && acc.pre ? 0 : 2;
    if (!status) {
        fputs(bpre, acc.pre);
        status = mut_rows(roots, nroots, c, first, last, &b, &acc);
    }
    FILE* const streams[] = {acc.rows, acc.entries, acc.pre};
    for (size_t k = 0; k < sizeof streams / sizeof streams[0]; k++)
        if (streams[k])
            fclose(streams[k]);
    if (status == 0)
        status = mut_write(pre ? pre : "", bhead, rows ? rows : "", &b, acc.caught, acc.survived,
                           acc.broken, entries ? entries : "", jf);
    free(rows);
    free(entries);
    free(pre);
    free(bpre);
    free(bhead);
    free(brows);
    mut_job_free(&b);
    return status;
}

static bool is_baseline(const char* name) {
    const size_t l = strlen(name);
    return l >= 9 && !strcmp(name + l - 9, "-baseline");
}

/* one unit: its serial run's report; several (plan of "all"): {"units": [each one's]} */
static int merge_mutants(char** roots, int nroots, const camp_t* c, const char* json) {
    if (c->njobs < 1 || !is_baseline(c->names[0])) {
        fprintf(stderr, "gpucoh campaign merge: a mutants plan starts with a baseline job\n");
        return 2;
    }
    int nunits = 0;
    for (int i = 0; i < c->njobs; i++)
        nunits += is_baseline(c->names[i]);
    char err[1024];
    gpucoh_afile_t a;
    if (gpucoh_afile_open(&a, json, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh campaign merge: %s\n", err);
        return 2;
    }
    if (nunits > 1) {
        fprintf(a.f, "{\"tool\": \"gpucoh campaign mutants\", \"version\": ");
        gpucoh_json_str(a.f, gpucoh_version());
        fprintf(a.f, ", \"units\": [\n");
    }
    int status = 0, worst = 0, u = 0;
    for (int first = 0; first < c->njobs && status != 2; u++) {
        int last = first + 1;
        while (last < c->njobs && !is_baseline(c->names[last]))
            last++;
        if (u)
            fprintf(a.f, ",\n");
        status = merge_mutants_unit(roots, nroots, c, first, last, a.f);
        worst = status > worst ? status : worst;
        first = last;
    }
    if (nunits > 1 && worst != 2)
        fprintf(a.f, "], \"verdict\": \"%s\"}\n", worst ? "fail" : "pass");
    if (worst == 2) {
        gpucoh_afile_abort(&a);
        return 2;
    }
    if (gpucoh_afile_commit(&a, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh campaign merge: %s\n", err);
        return 2;
    }
    printf("  report    %s\n", json);
    return worst;
}

/* the number after "key": in s, or -1 */
long long camp_json_num(const char* s, const char* key) {
    char k[64];
    snprintf(k, sizeof k, "\"%s\": ", key);
    const char* t = s ? strstr(s, k) : NULL;
    return t ? strtoll(t + strlen(k), NULL, 10) : -1;
}

typedef struct {
    char name[32];
    int segs, failed;
    unsigned long long cycles, mism;
    long rss_max, rss_probe;
    double secs;
} soak_row_t;

/* one soak job into its protocol's row: 0, or -1 after a message */
/* the report's "version" value into v (n bytes): true if there is one */
static bool report_version(const char* js, char* v, size_t n) {
    const char* t = js ? strstr(js, "\"version\": \"") : NULL;
    const char* e = t ? strchr(t + 12, '"') : NULL;
    if (!e || (size_t)(e - t - 12) >= n)
        return false;
    snprintf(v, n, "%.*s", (int)(e - t - 12), t + 12);
    return true;
}

/* one soak job into its protocol's row (ver: the first job's build, "" before it; every job must
 * have run with it): 0, or -1 after a message */
static int soak_job(const char* d, const char* jname, soak_row_t* r, char* ver, size_t nver) {
    char p[PATH_MAX + 200];
    snprintf(p, sizeof p, "%s/done", d);
    char* done = camp_slurp(p, NULL);
    snprintf(p, sizeof p, "%s/result.json", d);
    char* js = camp_slurp(p, NULL);
    const char* sys = js ? strstr(js, "\"unit\": \"system\"") : NULL;
    const long long cyc = camp_json_num(sys, "cycles"), mm = camp_json_num(sys, "mismatches");
    int st = -1;
    long rss = -1;
    double secs = 0;
    const char* t = done ? strstr(done, "maxrss_kb ") : NULL;
    if (done)
        sscanf(done, "%*s %*s status %d", &st);
    if (t)
        rss = strtol(t + 10, NULL, 10);
    t = done ? strstr(done, "seconds ") : NULL;
    if (t)
        secs = strtod(t + 8, NULL);
    char v[128] = "";
    const bool ok = cyc >= 0 && mm >= 0 && rss >= 0 && st >= 0 && report_version(js, v, sizeof v);
    if (ok && ver[0] && strcmp(v, ver)) {
        fprintf(stderr,
                "gpucoh campaign merge: %s ran with another build (%s) than the jobs before it "
                "(%s): run the campaign with one gpucoh\n",
                d, v, ver);
        free(done);
        free(js);
        return -1;
    }
    if (ok && !ver[0])
        snprintf(ver, nver, "%s", v);
    if (ok) {
        const bool probe = strstr(jname, "-probe") != NULL;
        r->rss_probe = probe ? rss : r->rss_probe;
        r->rss_max = !probe && rss > r->rss_max ? rss : r->rss_max;
        r->segs += !probe;
        r->cycles += probe ? 0 : (unsigned long long)cyc;
        r->mism += (unsigned long long)mm;
        r->failed += st != 0 || !strstr(sys, "\"verdict\": \"pass\"");
        r->secs += secs;
    } else {
        fprintf(stderr, "gpucoh campaign merge: %s: not a cosim system report with its done line\n",
                d);
    }
    free(done);
    free(js);
    return ok ? 0 : -1;
}

static void soak_print(const soak_row_t* rows, int n, FILE* j) {
    unsigned long long cyc = 0, mm = 0;
    int segs = 0, failed = 0;
    for (int i = 0; i < n; i++) {
        cyc += rows[i].cycles;
        mm += rows[i].mism;
        segs += rows[i].segs;
        failed += rows[i].failed;
    }
    printf("soak: %d protocols, %d segments, %llu cycles in lockstep, %llu mismatches, %d failed "
           "segments\n",
           n, segs, cyc, mm, failed);
    printf("  %-12s %8s %12s %10s %11s %12s %10s %9s\n", "protocol", "segments", "cycles",
           "mismatches", "max RSS MB", "probe RSS MB", "RSS growth", "seconds");
    fprintf(j, "{\"tool\": \"gpucoh campaign soak\", \"version\": ");
    gpucoh_json_str(j, gpucoh_version());
    fprintf(j, ", \"protocols\": [");
    for (int i = 0; i < n; i++) {
        const soak_row_t* r = &rows[i];
        const double g = r->rss_probe > 0
                             ? 100.0 * (double)(r->rss_max - r->rss_probe) / (double)r->rss_probe
                             : 0.0;
        printf("  %-12s %8d %12llu %10llu %11.1f %12.1f %+9.1f%% %9.1f\n", r->name, r->segs,
               r->cycles, r->mism, (double)r->rss_max / 1024.0, (double)r->rss_probe / 1024.0, g,
               r->secs);
        fprintf(j,
                "%s\n  {\"protocol\": \"%s\", \"segments\": %d, \"cycles\": %llu, "
                "\"mismatches\": %llu, \"failed_segments\": %d, \"max_rss_kb\": %ld, "
                "\"probe_rss_kb\": %ld, \"seconds\": %.1f}",
                i ? "," : "", r->name, r->segs, r->cycles, r->mism, r->failed, r->rss_max,
                r->rss_probe, r->secs);
    }
    fprintf(j,
            "\n], \"segments\": %d, \"cycles\": %llu, \"mismatches\": %llu, "
            "\"failed_segments\": %d, \"verdict\": \"%s\"}\n",
            segs, cyc, mm, failed, mm || failed ? "fail" : "pass");
}

static int merge_soak(char** roots, int nroots, const camp_t* c, const char* json) {
    static soak_row_t rows[64];
    char ver[128] = "";
    int n = 0, status = 0;
    memset(rows, 0, sizeof rows);
    for (int i = 0; i < c->njobs && !status; i++) {
        char d[PATH_MAX + 128], pname[64];
        const char* nm = strchr(c->names[i], '-');
        snprintf(pname, sizeof pname, "%s", nm ? nm + 1 : c->names[i]);
        char* cut = strstr(pname, "-probe");
        cut = cut ? cut : strstr(pname, "-seg");
        if (cut)
            *cut = 0;
        int r = 0;
        while (r < n && strcmp(rows[r].name, pname))
            r++;
        if (r == n && n < 64)
            snprintf(rows[n++].name, sizeof rows[0].name, "%s", pname);
        if (r >= 64 || camp_job_dir(roots, nroots, c, i, d, sizeof d) != 0 ||
            soak_job(d, c->names[i], &rows[r], ver, sizeof ver) != 0)
            status = 2;
    }
    if (status)
        return status;
    char err[1024];
    gpucoh_afile_t a;
    if (gpucoh_afile_open(&a, json, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh campaign merge: %s\n", err);
        return 2;
    }
    soak_print(rows, n, a.f);
    if (gpucoh_afile_commit(&a, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh campaign merge: %s\n", err);
        return 2;
    }
    printf("  report    %s\n", json);
    for (int i = 0; i < n; i++)
        if (rows[i].mism || rows[i].failed)
            return 1;
    return 0;
}

static int merge_script(char** roots, int nroots, const camp_t* c, const char* json) {
    char script[PATH_MAX], jp[PATH_MAX];
    snprintf(script, sizeof script, "%s/%s", gpucoh_root(), script_of(c->kind));
    snprintf(jp, sizeof jp, "%s", json);
    char** a = calloc((size_t)c->njobs + 8, sizeof *a);
    char** dirs = calloc((size_t)c->njobs + 1, sizeof *dirs);
    int status = a && dirs ? 0 : 2, na = 0;
    if (!status) {
        a[na++] = W_BASH;
        a[na++] = script;
        a[na++] = W_CMERGE;
        a[na++] = jp;
    }
    for (int i = 0; i < c->njobs && !status; i++) {
        char d[PATH_MAX + 128];
        if (camp_job_dir(roots, nroots, c, i, d, sizeof d) != 0)
            status = 2;
        else
            a[na++] = dirs[i] = strdup(d);
    }
    if (!status) {
        a[na] = NULL;
        status = camp_run_cmd(false, a, NULL, NULL);
    }
    for (int i = 0; dirs && i < c->njobs; i++)
        free(dirs[i]);
    free(dirs);
    free(a);
    return status < 0 ? 2 : status;
}

/* the kinds (docs/campaigns.md, section 3): name, the gpucoh command of its jobs (NULL: a
 * script's steps), plan, merge */
static const camp_kind_t KINDS[] = {
    {"litmus", "litmus", plan_litmus, merge_litmus},
    {"mutants", "mutants", plan_mutants, merge_mutants},
    {"soak", "cosim", plan_soak, merge_soak},
    {"regress", NULL, plan_script, merge_script},
    {"fuzz", NULL, plan_script, merge_script},
    {"conform", "conform", camp_plan_conform, camp_merge_conform},
    {"quality", "quality", camp_plan_quality, camp_merge_quality},
    {"compare", "compare", camp_plan_compare, camp_merge_compare},
    {"synth", NULL, plan_script, merge_script},
    {"synth-tc", NULL, plan_script, merge_script},
    {"synth-gpu", NULL, plan_script, merge_script},
    {"synth-denovo", NULL, plan_script, merge_script},
    {"synth-hlrc", NULL, plan_script, merge_script},
    {"synth-hier", NULL, plan_script, merge_script},
};

static const camp_kind_t* kind_of(const char* kind) {
    for (size_t i = 0; i < sizeof KINDS / sizeof KINDS[0]; i++)
        if (!strcmp(kind, KINDS[i].kind))
            return &KINDS[i];
    return NULL;
}

static int cmd_merge(int argc, char** argv) {
    char* roots[256];
    int nroots = 0;
    const char* json = NULL;
    for (int i = 3; i < argc; i++) {
        if (!strcmp(argv[i], "--json") && i + 1 < argc && argv[i + 1][0])
            json = argv[++i];
        else if (argv[i][0] == '-')
            return camp_usage_err("merge: unknown option '%s'", argv[i]);
        else if (nroots < 256)
            roots[nroots++] = argv[i];
    }
    if (!nroots)
        return camp_usage_err("merge: %s", "needs ROOT...");
    camp_t c;
    if (camp_read(roots[0], &c) != 0) {
        camp_free(&c);
        return GPUCOH_EXIT_USAGE;
    }
    for (int r = 1; r < nroots; r++) {
        camp_t o;
        const bool same = camp_read(roots[r], &o) == 0 && !strcmp(o.text, c.text);
        camp_free(&o);
        if (!same) {
            fprintf(stderr, "gpucoh campaign merge: %s holds another plan than %s\n", roots[r],
                    roots[0]);
            camp_free(&c);
            return GPUCOH_EXIT_USAGE;
        }
    }
    char def[PATH_MAX + 32], err[1024];
    snprintf(def, sizeof def, "%s/result.json", roots[0]);
    if (!json)
        json = def;
    int rc = GPUCOH_EXIT_USAGE;
    if (gpucoh_check_out_file("--json", json, err, sizeof err) != 0)
        fprintf(stderr, "gpucoh campaign merge: %s\n", err);
    else if (!kind_of(c.kind))
        fprintf(stderr, "gpucoh campaign merge: unknown kind '%s'\n", c.kind);
    else
        rc = kind_of(c.kind)->merge(roots, nroots, &c, json);
    camp_free(&c);
    return rc;
}

/* ---- sbatch -------------------------------------------------------------------------------- */

/* dir/name written (temporary file, rename) with the formatted text: 0, or -1 after a message */
static int write_fmt(const char* dir, const char* name, const char* fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int write_fmt(const char* dir, const char* name, const char* fmt, ...) {
    char* text = NULL;
    size_t len = 0;
    FILE* f = open_memstream(&text, &len);
    if (!f)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
    fclose(f);
    char p[PATH_MAX * 2 + 64];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    const int rc = camp_write_text(p, text);
    free(text);
    return rc;
}

/* d/name: an array of n tasks, task i running line i of jobs (a stage's file, or jobs.txt) */
static int array_file(const char* d, const char* name, const camp_t* c, const char* what, int n,
                      const char* jobs, const char* opts, unsigned maxp) {
    char arr[64]; /* 1-N, or 1-N%M: at most M tasks at once */
    snprintf(arr, sizeof arr, "1-%d", n);
    if (maxp)
        snprintf(arr + strlen(arr), sizeof arr - strlen(arr), "%%%u", (unsigned)maxp);
    return write_fmt(d, name,
                     "#!/bin/bash\n# gpucoh campaign sbatch: %s, %s%d jobs, one array task each\n"
                     "#SBATCH --job-name=gpucoh-%s\n#SBATCH --array=%s\n"
                     "#SBATCH --output=%s/%%A_%%a.out\n#SBATCH --cpus-per-task=1\n%s"
                     "set -u\nline=$(sed -n \"${SLURM_ARRAY_TASK_ID}p\" '%s')\n"
                     "[ -n \"$line\" ] || { echo \"no line $SLURM_ARRAY_TASK_ID in %s\" >&2; "
                     "exit 2; }\nexec bash -c \"$line\"\n",
                     c->kind, what, n, c->kind, arr, d, opts, jobs, jobs);
}

/* submit.sh: the arrays (one, or one per stage, each after the one before: afterany, so that a
 * stage's job that waits for a failed one reports it) and the merge after the last */
static int submit_file(const char* d, const camp_t* c) {
    char* text = NULL;
    size_t len = 0;
    FILE* f = open_memstream(&text, &len);
    if (!f)
        return -1;
    fprintf(f,
            "#!/bin/bash\n# gpucoh campaign sbatch: submit the array%s, then the merge after "
            "it\nset -euo pipefail\ncd '%s'\n",
            c->nstages > 1 ? "s, a stage after the one before" : "", d);
    if (c->nstages == 1)
        fprintf(f, "jid=$(sbatch --parsable array.sbatch)\njid=${jid%%%%;*}\n"
                   "echo \"array $jid\"\n");
    for (int k = 1; c->nstages > 1 && k <= c->nstages; k++)
        fprintf(f,
                "jid=$(sbatch --parsable %sarray-%d.sbatch)\njid=${jid%%%%;*}\n"
                "echo \"array %d $jid\"\n",
                k > 1 ? "--dependency=afterany:$jid " : "", k, k);
    fprintf(f, "mid=$(sbatch --parsable --dependency=afterany:$jid merge.sbatch)\n"
               "echo \"merge ${mid%%%%;*}\"\n");
    fclose(f);
    char p[PATH_MAX + 64];
    snprintf(p, sizeof p, "%s/submit.sh", d);
    const int rc = camp_write_text(p, text);
    free(text);
    return rc == 0 ? chmod(p, 0755) : rc;
}

static int sbatch_files(const char* root, const camp_t* c, const char* part, const char* tlim,
                        unsigned maxp) {
    char d[PATH_MAX + 32], q[PATH_MAX * 2], jobs[PATH_MAX * 2 + 32];
    char self[PATH_MAX];
    if (!realpath("/proc/self/exe", self) || !realpath(root, q))
        return -1;
    snprintf(d, sizeof d, "%s/slurm", q);
    if (!camp_is_dir(d) && mkdir(d, 0777) != 0) {
        fprintf(stderr, "gpucoh campaign sbatch: cannot create %s\n", d);
        return -1;
    }
    char opts[1024] = "";
    if (part)
        snprintf(opts + strlen(opts), sizeof opts - strlen(opts), "#SBATCH --partition=%s\n", part);
    if (tlim)
        snprintf(opts + strlen(opts), sizeof opts - strlen(opts), "#SBATCH --time=%s\n", tlim);
    int rc = 0;
    if (c->nstages == 1) {
        snprintf(jobs, sizeof jobs, "%s/jobs.txt", q);
        rc = array_file(d, "array.sbatch", c, "", c->njobs, jobs, opts, maxp);
    }
    for (int k = 1; c->nstages > 1 && k <= c->nstages && !rc; k++) {
        int n = 0;
        for (int i = 0; i < c->njobs; i++)
            n += c->stage[i] == k;
        char name[64], what[64];
        snprintf(name, sizeof name, "array-%d.sbatch", k);
        snprintf(what, sizeof what, "stage %d of %d: ", k, c->nstages);
        snprintf(jobs, sizeof jobs, "%s/jobs-%d.txt", q, k);
        rc = array_file(d, name, c, what, n, jobs, opts, maxp);
    }
    rc = rc ? rc
            : write_fmt(d, "merge.sbatch",
                        "#!/bin/bash\n# gpucoh campaign sbatch: the merge, after every array task\n"
                        "#SBATCH --job-name=gpucoh-%s-merge\n#SBATCH --output=%s/merge.out\n%s"
                        "exec '%s' campaign merge '%s'\n",
                        c->kind, d, opts, self, q);
    rc = rc ? rc : submit_file(d, c);
    if (rc == 0 && c->nstages == 1)
        printf("campaign sbatch: %s/array.sbatch (%d tasks), merge.sbatch, submit.sh; submit "
               "with: bash %s/submit.sh\n",
               d, c->njobs, d);
    else if (rc == 0)
        printf("campaign sbatch: %s/array-1.sbatch ... array-%d.sbatch (%d tasks in %d stages), "
               "merge.sbatch, submit.sh; submit with: bash %s/submit.sh\n",
               d, c->nstages, c->njobs, c->nstages, d);
    return rc;
}

static int cmd_sbatch(int argc, char** argv) {
    const char *root = NULL, *part = NULL, *tlim = NULL;
    uint32_t maxp = 0;
    for (int i = 3; i < argc; i++) {
        const bool v = i + 1 < argc && argv[i + 1][0];
        if (!strcmp(argv[i], "--partition") && v)
            part = argv[++i];
        else if (!strcmp(argv[i], "--time") && v)
            tlim = argv[++i];
        else if (!strcmp(argv[i], "--max-parallel") && v) {
            if (gpucoh_opt_u32("--max-parallel", argv[++i], 1, 1000000, &maxp) != 0)
                return GPUCOH_EXIT_USAGE;
        } else if (argv[i][0] == '-')
            return camp_usage_err("sbatch: unknown option or missing value '%s'", argv[i]);
        else if (!root)
            root = argv[i];
        else
            return camp_usage_err("sbatch: one ROOT, got '%s' too", argv[i]);
    }
    for (const char* s = part ? part : ""; *s; s++)
        if (!(s[0] == '-' || s[0] == '_' || s[0] == ',' || (s[0] >= '0' && s[0] <= '9') ||
              (s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')))
            return camp_usage_err("sbatch: --partition '%s': letters, digits, - _ , only", part);
    for (const char* s = tlim ? tlim : ""; *s; s++)
        if (!(s[0] == '-' || s[0] == ':' || (s[0] >= '0' && s[0] <= '9')))
            return camp_usage_err("sbatch: --time '%s': [D-]HH:MM:SS or minutes", tlim);
    if (!root)
        return camp_usage_err("sbatch: %s", "needs ROOT");
    camp_t c;
    int rc = camp_read(root, &c) == 0 ? 0 : GPUCOH_EXIT_USAGE;
    if (rc == 0 && sbatch_files(root, &c, part, tlim, maxp) != 0)
        rc = 1;
    camp_free(&c);
    return rc;
}

int campaign_main(int argc, char** argv) {
    if (argc < 3 || !strcmp(argv[2], "--help") || !strcmp(argv[2], "-h") ||
        (argc > 3 && (!strcmp(argv[3], "--help") || !strcmp(argv[3], "-h")))) {
        fputs(HELP, argc < 3 ? stderr : stdout);
        return argc < 3 ? GPUCOH_EXIT_USAGE : 0;
    }
    const char* sub = argv[2];
    if (!strcmp(sub, "plan"))
        return cmd_plan(argc, argv);
    if (!strcmp(sub, "job"))
        return cmd_job(argc, argv);
    if (!strcmp(sub, "merge"))
        return cmd_merge(argc, argv);
    if (!strcmp(sub, "sbatch"))
        return cmd_sbatch(argc, argv);
    return camp_usage_err("unknown sub-command '%s' (plan, job, merge, sbatch)", sub);
}
