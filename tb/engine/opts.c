/* SPDX-License-Identifier: Apache-2.0 */
/* opts.c -- the option table on getopt_long (opts.h). */
#include "opts.h"

#include <getopt.h>
#include <string.h>

#include "util.h"

#define MAX_OPTS 96

static bool applies(const gpucoh_optset_t* s, const gpucoh_opt_t* o) {
    return !o->cmds || (o->cmds & s->cmd_bit);
}

/* The entry of s named exactly w (no abbreviation), or NULL. */
static const gpucoh_opt_t* exact(const gpucoh_optset_t* s, const char* w) {
    for (int k = 0; k < s->nopts; k++)
        if (applies(s, &s->opts[k]) && !strcmp(s->opts[k].name, w))
            return &s->opts[k];
    return NULL;
}

/* getopt_long's table of the entries that apply (names without "--"), and which entry each is. */
static int long_table(const gpucoh_optset_t* s, struct option* lo, const gpucoh_opt_t** which) {
    int n = 0;
    for (int k = 0; k < s->nopts && n < MAX_OPTS; k++) {
        const gpucoh_opt_t* o = &s->opts[k];
        if (!applies(s, o) || strncmp(o->name, "--", 2) != 0)
            continue;
        lo[n] = (struct option){o->name + 2, o->has_arg ? required_argument : no_argument, NULL, 0};
        which[n++] = o;
    }
    lo[n] = (struct option){NULL, 0, NULL, 0};
    return n;
}

static int call(const gpucoh_optset_t* s, const gpucoh_opt_t* o, void* ctx, const char* val) {
    if (o->has_arg && (!val || (!*val && !s->empty_ok))) {
        if (s->missing)
            s->missing(s->cmd, o->name);
        else
            fprintf(stderr, "%s: option %s needs a value\n", gpucoh_prog(), o->name);
        return -1;
    }
    if (o->fn)
        return o->fn(ctx, o, val);
    if (o->flag)
        *o->flag = true;
    return 0;
}

int gpucoh_opt_parse(const gpucoh_optset_t* s, int argc, char** argv, int first, void* ctx) {
    struct option lo[MAX_OPTS + 1];
    const gpucoh_opt_t* which[MAX_OPTS];
    long_table(s, lo, which);
    /* argv[first - 1] stands for the program name: getopt_long starts at index 1 */
    const int n = argc - first + 1;
    char** v = argv + first - 1;
    opterr = 0;
    optind = 0; /* GNU: start over (every parse is a fresh one) */
    if (n <= 1)
        return 0;
    optind = 1;
    for (;;) {
        const int at = optind;
        if (at >= n)
            return 0;
        const char* w = v[at];
        /* whole names only, and no short options: what getopt_long would abbreviate, group
         * or end ("--") is refused here, as the hand-written parsers did */
        const gpucoh_opt_t* e = w[0] == '-' ? exact(s, w) : NULL;
        if (w[0] == '-' && !e && !(s->dash_word && !strcmp(w, "-"))) {
            s->refuse(s->cmd, w, true);
            return -1;
        }
        if (e && w[1] != '-') { /* "-h": not getopt_long's (no short options are given to it) */
            optind++;
            const int rc = call(s, e, ctx, NULL);
            if (rc != 0)
                return rc;
            continue;
        }
        int li = -1;
        const int c = getopt_long(n, v, "-:", lo, &li);
        if (c == -1)
            return 0;
        if (c == 1) { /* a word that is not an option, in order */
            if (!s->word) {
                s->refuse(s->cmd, w, false);
                return -1;
            }
            const int rc = s->word(ctx, optarg);
            if (rc != 0)
                return rc;
            continue;
        }
        if (c == ':') /* the value is missing: the last word was the option */
            return call(s, e, ctx, NULL);
        if (c != 0 || li < 0 || which[li] != e) { /* cannot happen: e was matched whole */
            s->refuse(s->cmd, w, true);
            return -1;
        }
        const int rc = call(s, e, ctx, e->has_arg ? optarg : NULL);
        if (rc != 0)
            return rc;
    }
}

void gpucoh_opt_help(const gpucoh_optset_t* s, int col, FILE* f) {
    for (int k = 0; k < s->nopts; k++) {
        const gpucoh_opt_t* o = &s->opts[k];
        if (!applies(s, o) || !o->help)
            continue;
        char head[128];
        snprintf(head, sizeof head, "  %s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
        const int hl = (int)strlen(head);
        fputs(head, f);
        const char* text = o->help;
        if (*text == '\n') /* the text starts on the next line */
            fputc('\n', f);
        else
            fprintf(f, "%*s", hl < col ? col - hl : 1, "");
        for (const char* p = text + (*text == '\n'); *p;) {
            const char* nl = strchr(p, '\n');
            const int len = nl ? (int)(nl - p) : (int)strlen(p);
            if (p != o->help)
                fprintf(f, "%*s", col, "");
            fprintf(f, "%.*s\n", len, p);
            p += len + (nl ? 1 : 0);
        }
    }
}

void gpucoh_refuse_plain(const char* cmd, const char* w, bool option) {
    (void)cmd;
    fprintf(stderr, "%s: %s '%s' (see `%s help`)\n", gpucoh_prog(),
            option ? "unknown option" : "unexpected argument", w, gpucoh_prog());
}

void gpucoh_refuse_cmd(const char* cmd, const char* w, bool option) {
    if (option)
        fprintf(stderr, "%s %s: unknown option '%s' (see `%s help`)\n", gpucoh_prog(), cmd, w,
                gpucoh_prog());
    else
        fprintf(stderr, "%s %s: unexpected argument '%s'\n", gpucoh_prog(), cmd, w);
}

void gpucoh_refuse_help(const char* cmd, const char* w, bool option) {
    fprintf(stderr, "%s: %s: %s '%s' (%s %s --help)\n", gpucoh_prog(), cmd,
            option ? "unknown option" : "unexpected argument", w, gpucoh_prog(), cmd);
}
