/* The operation filter of the energy measurement (synth/energy.sh, docs/area-method.md
 * section 8). GPUCOH_ENERGY_OPS unset: every stimulus is unchanged. "none": after reset the
 * inputs stay idle (the clock runs, no operation: the idle baseline). A comma list of operation
 * names (sig_bloom: insert, test, read, load, clear; rdu: write, check): the unit's stimulus
 * keeps only those operations and presents no operation where it would have presented another. */
#ifndef GPUCOH_ENERGY_FILTER_H
#define GPUCOH_ENERGY_FILTER_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static inline bool gpucoh_energy_idle(void) {
    const char* s = getenv("GPUCOH_ENERGY_OPS");
    return s && strcmp(s, "none") == 0;
}

/* true if operation `op` is kept: no filter, or `op` is an item of the list */
static inline bool gpucoh_energy_keep(const char* op) {
    const char* s = getenv("GPUCOH_ENERGY_OPS");
    if (!s || !*s)
        return true;
    const size_t n = strlen(op);
    for (const char* p = s; *p;) {
        const char* e = strchr(p, ',');
        const size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l == n && strncmp(p, op, n) == 0)
            return true;
        p += l + (e ? 1u : 0u);
    }
    return false;
}

#endif
