/* SPDX-License-Identifier: Apache-2.0 */
/*
 * opts.h -- one option table for every command's parser (issue 26 item 6; docs/framework.md,
 * "Options: one table"). A command describes its options once, as an array of gpucoh_opt_t
 * (name, whether it takes a value, which of the command's sub-commands take it, what it sets,
 * its --help line); gpucoh_opt_parse walks argv with getopt_long over that table and
 * gpucoh_opt_help prints the options part of --help from it.
 *
 * The conventions of docs/cli.md are kept as the hand-written parsers had them: main() has split
 * --name=value already (gpucoh_split_opts); an option is matched whole (getopt_long's
 * abbreviations are refused: --cyc is unknown, not --cycles); a value is the next word, and an
 * empty or missing one gives "PROG: option --x needs a value"; a word starting with '-' that is
 * not in the table (also "-", "--" and "-x") is an unknown option; words are seen in order
 * (getopt_long's "-" mode: nothing is permuted) and the first bad one stops the parse.
 */
#ifndef GPUCOH_OPTS_H
#define GPUCOH_OPTS_H

#include <stdbool.h>
#include <stdio.h>

typedef struct gpucoh_opt gpucoh_opt_t;

/* An option's handler: val is its value (NULL for a flag); 0, or -1 after a message on stderr, or
 * a positive number that ends the parse with it (--help printed, say). */
typedef int (*gpucoh_opt_fn)(void* ctx, const gpucoh_opt_t* opt, const char* val);

struct gpucoh_opt {
    const char* name; /* "--cycles" */
    bool has_arg;     /* takes a value (the next word) */
    unsigned cmds;    /* the sub-commands (bits of gpucoh_optset_t.cmd) that take it; 0: all */
    gpucoh_opt_fn fn; /* NULL: a flag that sets *flag */
    bool* flag;       /* (a flag without a handler: set true) */
    int id;           /* for a handler shared by several options */
    const char* arg;  /* the value's name in --help ("N"); NULL for a flag */
    const char* help; /* the --help text (lines after the first indented by the caller's
                       * layout); NULL: not listed */
};

typedef struct {
    const char* cmd;          /* the command, for messages ("cosim system") */
    unsigned cmd_bit;         /* which table entries apply: those with cmds & cmd_bit (or 0) */
    const gpucoh_opt_t* opts; /* the table */
    int nopts;
    /* a word that is not an option (a file, a unit): 0, or -1 after a message; NULL: refused */
    int (*word)(void* ctx, const char* w);
    /* the message for an unknown option (option true) or an unexpected word */
    void (*refuse)(const char* cmd, const char* w, bool option);
    /* the message for an option without its value; NULL: "PROG: option --x needs a value" */
    void (*missing)(const char* cmd, const char* opt);
    bool empty_ok;  /* an empty value ("--json ''") is a value: only a missing one is refused */
    bool dash_word; /* "-" alone is a word (a file name), not an unknown option */
} gpucoh_optset_t;

/* Parse argv[first..argc-1] against s, calling each option's handler with ctx in order. 0, or -1
 * after a message on stderr (an unknown option, a missing value, a handler's or word()'s -1), or
 * a handler's positive return (the words after it are not looked at). */
int gpucoh_opt_parse(const gpucoh_optset_t* s, int argc, char** argv, int first, void* ctx);

/* The options part of --help: for every entry of s that applies and has help text, the line
 * "  NAME ARG" padded to col, then the help text; help text lines after the first are indented
 * to col (a text starting with a newline starts on the next line, indented). */
void gpucoh_opt_help(const gpucoh_optset_t* s, int col, FILE* f);

/* The usual refusals: "PROG: unknown option 'w' (see `PROG help`)" / "unexpected argument" (main
 * commands); "PROG CMD: unknown option 'w' (see `PROG help`)" (system commands); "PROG: CMD:
 * unknown option 'w' (PROG CMD --help)" (conform, litmus-gen, model). */
void gpucoh_refuse_plain(const char* cmd, const char* w, bool option);
void gpucoh_refuse_cmd(const char* cmd, const char* w, bool option);
void gpucoh_refuse_help(const char* cmd, const char* w, bool option);

#endif
