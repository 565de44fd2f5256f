/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_mutant.c -- the mutant file parser (gpucoh_mutant_parse_text, tb/engine/mutants.c). */
#include <stdio.h>

#include "fuzz_common.h"
#include "mutants.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    FUZZ_PLANT(data, size, "description:");
    char* text = fuzz_text(data, size);
    if (!text)
        return 0;
    gpucoh_mutant_t m;
    char err[1200];
    if (gpucoh_mutant_parse_text(text, "tests/mutants/fuzz/input.mut", &m, err, sizeof err) == 0) {
        /* what the campaign reads of a parsed mutant */
        if (strlen(m.file) >= sizeof m.file || strlen(m.find) >= sizeof m.find || !m.find[0])
            abort();
        for (int k = 0; k < m.nparams; k++)
            if (strlen(m.params[k]) >= sizeof m.params[k])
                abort();
    }
    free(text);
    return 0;
}
