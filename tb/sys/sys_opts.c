/* SPDX-License-Identifier: Apache-2.0 */
/* sys_opts.c -- the shared system commands' common options (sys_opts.h). */
#include "sys_opts.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "util.h"

int sys_opt_need(const char* a, const char* v) {
    if (v && *v)
        return 0;
    fprintf(stderr, "%s: option %s needs a value\n", gpucoh_prog(), a);
    return -1;
}

int sys_opt_impl(const char* v, gsys_impl_t* impl) {
    static const char* const names[] = {"c", "rtl", "lockstep"};
    static const gsys_impl_t impls[] = {GSYS_IMPL_C, GSYS_IMPL_RTL, GSYS_IMPL_LOCKSTEP};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (!strcmp(v, names[k])) {
            *impl = impls[k];
            return 0;
        }
    fprintf(stderr, "%s: --impl: '%s' is not one of: c rtl lockstep\n", gpucoh_prog(), v);
    return -1;
}

int sys_opt_config(const char* v, bool* paper) {
    if (!strcmp(v, "small") || !strcmp(v, "paper")) {
        *paper = v[0] == 'p';
        return 0;
    }
    fprintf(stderr, "%s: --config: '%s' is not one of: small paper\n", gpucoh_prog(), v);
    return -1;
}

bool sys_opt_is_episode(const char* a) {
    static const char* const names[] = {"--episodes", "--locations", "--cta-sync",
                                        "--wfs",      "--sync",      "--rm-steal"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (!strcmp(a, names[k]))
            return true;
    return false;
}

int sys_opt_episode(const char* a, const char* v, ep_params_t* ep, bool* wfs_set) {
    if (!strcmp(a, "--rm-steal")) { /* a flag: no value */
        ep->rm_steal = true;
        return 0;
    }
    if (!strcmp(a, "--episodes"))
        return gpucoh_opt_u32(a, v, 1, UINT32_MAX, &ep->episodes);
    if (!strcmp(a, "--locations"))
        return gpucoh_opt_u32(a, v, 1, 1000000, &ep->locations);
    if (!strcmp(a, "--cta-sync"))
        return gpucoh_opt_u32(a, v, 0, 1000, &ep->cta_permille);
    if (!strcmp(a, "--wfs")) {
        *wfs_set = true;
        return gpucoh_opt_u32(a, v, 0, UINT32_MAX, &ep->wfs);
    }
    if (!strcmp(v, "atomic") || !strcmp(v, "relacq")) { /* --sync */
        ep->sync_mode = v[0] == 'a' ? EP_SYNC_ATOMIC : EP_SYNC_RELACQ;
        return 0;
    }
    fprintf(stderr, "%s: --sync: '%s' is not one of: atomic relacq\n", gpucoh_prog(), v);
    return -1;
}
