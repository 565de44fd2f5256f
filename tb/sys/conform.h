/* SPDX-License-Identifier: Apache-2.0 */
/*
 * conform.h -- `gpucoh conform` (tb/sys/conform.c; issue 25 item 3, docs/memory-models.md,
 * "Conformance campaign"): every generated litmus test (litgen.h) x every requested variant x R
 * runs, judged by the axiomatic oracle for the models each variant claims.
 */
#ifndef GPUCOH_CONFORM_H
#define GPUCOH_CONFORM_H

#include <stdint.h>
#include <stdio.h>

/* argv[1] = "conform". Exit status (docs/cli.md): 0 no violation beyond the known ones and no
 * stale known entry, 1 a violation not listed as known, a stale known entry, a refused test or
 * a run that did not finish (deadlock), 2 bad input (before any run), 130 Ctrl-C. */
int conform_main(int argc, char** argv);

/* The known-violations list (--known FILE, litmus/known-violations.txt) read from f, path naming
 * it in the messages: 0 with *n its entries, or -1 after a message on stderr
 * (tests/fuzz/fuzz_known.c). */
int conform_known_read(FILE* f, const char* path, uint32_t* n);

#endif /* GPUCOH_CONFORM_H */
