/* SPDX-License-Identifier: Apache-2.0 */
/* help.h -- the --help text of each gpucoh command (tb/engine/help.c). */
#ifndef GPUCOH_HELP_H
#define GPUCOH_HELP_H

#include <stdio.h>

/* Print the help of cmd ("list", "waves", "area", "bench", "bench system", "mutants",
 * "cosim system", "episode", "litmus", "litmus-gen", "version", "help") to f: 0, or -1 for a
 * command without a text here (cosim, quality and compare keep theirs beside their code; waves,
 * area, bench and mutants need gpucoh_cmd_help_with). */
int gpucoh_cmd_help(const char* cmd, FILE* f);

/* The options parts of --help, printed from the commands' option tables */
void gpucoh_model_help(FILE* f);   /* tb/sys/axiom_cli.c */
void gpucoh_units_help(FILE* f);   /* tb/engine/manifest.c */
void gpucoh_litgen_help(FILE* f);  /* tb/sys/litgen_cli.c */
void gpucoh_conform_help(FILE* f); /* tb/sys/conform.c */

/* As gpucoh_cmd_help; the options part of waves, area, bench and mutants is unit_opts (the unit
 * commands' option table, in tb/engine/gpucoh.c: its gpucoh_unit_opts_help). */
int gpucoh_cmd_help_with(const char* cmd, FILE* f, void (*unit_opts)(const char* cmd, FILE* f));

#endif
