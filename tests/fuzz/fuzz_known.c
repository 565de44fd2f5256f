/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_known.c -- the known-violations list of `gpucoh conform` (--known FILE,
 * litmus/known-violations.txt: "VARIANT TEST-PATTERN MODEL REASON" lines; conform_known_read,
 * tb/sys/conform.c), read through a memory stream as from the file.
 */
#include <stdio.h>

#include "conform.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    FUZZ_PLANT(data, size, "tc-weak ");
    if (size == 0)
        return 0; /* fmemopen refuses an empty buffer */
    char* text = fuzz_text(data, size);
    if (!text)
        return 0;
    FILE* f = fmemopen(text, size, "r");
    if (f) {
        uint32_t n = 0;
        if (conform_known_read(f, "known-violations.txt", &n) == 0 && n > 64)
            abort(); /* CF_MAX_KNOWN */
        fclose(f);
    }
    free(text);
    return 0;
}
