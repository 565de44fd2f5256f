/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_common.h -- shared by the libFuzzer harnesses of tests/fuzz/ (docs/fuzzing.md): the input
 * as a NUL-terminated copy, its lines, and the planted bug of the smoke's self-check.
 */
#ifndef GPUCOH_FUZZ_COMMON_H
#define GPUCOH_FUZZ_COMMON_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

/* The input as a C string (an embedded NUL ends it, as gpucoh_read_text refuses one); NULL if
 * out of memory. */
static inline char* fuzz_text(const uint8_t* data, size_t size) {
    char* s = malloc(size + 1);
    if (s) {
        memcpy(s, data, size);
        s[size] = 0;
    }
    return s;
}

/* Cut s into at most max lines in place (the '\n' become NULs); the number of lines. */
static inline int fuzz_lines(char* s, char** line, int max) {
    int n = 0;
    for (char* p = s; p && *p && n < max; n++) {
        line[n] = p;
        p = strchr(p, '\n');
        if (p)
            *p++ = 0;
    }
    return n;
}

/* tools/fuzz.sh --plant: a harness built with -DFUZZ_PLANT_BUG aborts on an input starting with
 * a prefix the corpus holds, so that the smoke must report FAIL. */
#ifdef FUZZ_PLANT_BUG
#define FUZZ_PLANT(data, size, prefix)                                                             \
    do {                                                                                           \
        if ((size) >= sizeof(prefix) - 1 && !memcmp((data), (prefix), sizeof(prefix) - 1))         \
            abort();                                                                               \
    } while (0)
#else
#define FUZZ_PLANT(data, size, prefix) ((void)0)
#endif

#endif
