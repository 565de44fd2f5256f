/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
#include "rtl_load.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

static bool hash_inputs(uint64_t* h, const gpucoh_unit_t* u, const char* root, const char* rtl,
                        char* err, size_t errlen) {
    char p[PATH_MAX];
    for (const char* const* f = u->rtl_files; *f; f++) {
        snprintf(p, sizeof p, "%s/%s", rtl, *f);
        *h = gpucoh_fnv1a(*h, *f, strlen(*f));
        if (!gpucoh_fnv1a_file(h, p)) {
            snprintf(err, errlen, "cannot read RTL file %s: %s", p, strerror(errno));
            return false;
        }
    }
    /* shared shim code and the model headers the shims include (avu.h includes rdu.h) */
    const char* fixed[] = {"verilator/gpucoh_rtl.h", "verilator/shim_common.h",
                           "tools/build_rtl.sh",     "cmodel/sig_bloom.h",
                           "cmodel/rdu.h",           "cmodel/tc_types.h",
                           "cmodel/tc_gwct.h",       NULL};
    for (const char** f = fixed; *f; f++) {
        snprintf(p, sizeof p, "%s/%s", root, *f);
        if (!gpucoh_fnv1a_file(h, p)) {
            snprintf(err, errlen, "cannot read %s: %s", p, strerror(errno));
            return false;
        }
    }
    snprintf(p, sizeof p, "%s/verilator/%s_rtl.cpp", root, u->top);
    if (!gpucoh_fnv1a_file(h, p)) {
        snprintf(err, errlen, "cannot read shim %s: %s", p, strerror(errno));
        return false;
    }
    snprintf(p, sizeof p, "%s/cmodel/%s.h", root, u->name);
    gpucoh_fnv1a_file(h, p); /* port structs the shim fills */
    /* every include file (assertion macros) */
    snprintf(p, sizeof p, "%s/include", rtl);
    DIR* d = opendir(p);
    if (d) {
        struct dirent* e;
        char names[32][256];
        int n = 0;
        while ((e = readdir(d)) && n < 32)
            if (e->d_name[0] != '.')
                snprintf(names[n++], sizeof names[0], "%s", e->d_name);
        closedir(d);
        qsort(names, (size_t)n, sizeof names[0], (int (*)(const void*, const void*))strcmp);
        for (int i = 0; i < n; i++) {
            char q[PATH_MAX + 300];
            snprintf(q, sizeof q, "%s/%s", p, names[i]);
            *h = gpucoh_fnv1a(*h, names[i], strlen(names[i]));
            gpucoh_fnv1a_file(h, q);
        }
    }
    return true;
}

int gpucoh_rtl_load(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, const char* rtl_dir,
                    bool quiet, gpucoh_rtl_t* r, char* err, size_t errlen) {
    memset(r, 0, sizeof *r);
    const char* root = gpucoh_root();
    char rtl[PATH_MAX];
    if (rtl_dir)
        snprintf(rtl, sizeof rtl, "%s", rtl_dir);
    else
        snprintf(rtl, sizeof rtl, "%s/rtl", root);

    size_t kl = (size_t)snprintf(r->key, sizeof r->key, "%s", u->name);
    char gp[GPUCOH_MAX_PARAMS][96];
    for (unsigned i = 0; i < u->nparams; i++) {
        gpucoh_param_rtl(u, pv, i, gp[i], sizeof gp[i]);
        kl += (size_t)snprintf(r->key + kl, sizeof r->key - kl, " %s", gp[i]);
    }
    uint64_t h = 0xCBF29CE484222325ull;
    h = gpucoh_fnv1a(h, r->key, strlen(r->key));
    const char* vflags = getenv("GPUCOH_VFLAGS"); /* build_rtl.sh's Verilator flag override */
    if (vflags)
        h = gpucoh_fnv1a(h, vflags, strlen(vflags) + 1);
    if (!hash_inputs(&h, u, root, rtl, err, errlen))
        return -1;
    snprintf(r->dir, sizeof r->dir, "%s/build/rtl/%s-%016llx", root, u->name,
             (unsigned long long)h);

    char so[PATH_MAX + 16];
    snprintf(so, sizeof so, "%s/model.so", r->dir);
    struct stat sst;
    if (stat(so, &sst) != 0) {
        if (!quiet)
            fprintf(stderr, "gpucoh: building RTL model %s (%s) ...\n", u->name, r->key);
        double t0 = gpucoh_now();
        char script[PATH_MAX];
        snprintf(script, sizeof script, "%s/tools/build_rtl.sh", root);
        /* execvp wants writable strings: build argv from local copies */
        static char s_bash[] = "bash";
        char top[128], key[1024], files[16][PATH_MAX], gpa[GPUCOH_MAX_PARAMS][96];
        static char s_sep[] = "--";
        char* argv[64];
        int a = 0, nf = 0;
        snprintf(top, sizeof top, "%s", u->top);
        snprintf(key, sizeof key, "%s", r->key);
        argv[a++] = s_bash;
        argv[a++] = script;
        argv[a++] = r->dir;
        argv[a++] = top;
        argv[a++] = key;
        for (const char* const* f = u->rtl_files; *f && nf < 16; f++, nf++) {
            snprintf(files[nf], sizeof files[nf], "%s/%s", rtl, *f);
            argv[a++] = files[nf];
        }
        argv[a++] = s_sep;
        for (unsigned i = 0; i < u->nparams; i++) {
            snprintf(gpa[i], sizeof gpa[i], "%s", gp[i]);
            argv[a++] = gpa[i];
        }
        argv[a] = NULL;
        fflush(NULL);
        pid_t pid = fork();
        if (pid < 0) {
            snprintf(err, errlen, "fork failed: %s", strerror(errno));
            return -1;
        }
        if (pid == 0) {
            if (quiet) { /* keep errors visible, hide nothing but stdout chatter */
                FILE* f = freopen("/dev/null", "w", stdout);
                (void)f;
            }
            execvp("bash", argv);
            _exit(127);
        }
        int status = 0;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            snprintf(err, errlen,
                     "building the RTL model of %s failed (%s); see the messages "
                     "above",
                     u->name, r->key);
            return -1;
        }
        r->built = true;
        r->build_seconds = gpucoh_now() - t0;
        if (!quiet)
            fprintf(stderr, "gpucoh: built in %.1f s -> %s\n", r->build_seconds, r->dir);
    }
    r->dl = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!r->dl) {
        snprintf(err, errlen, "cannot load %s: %s", so, dlerror());
        return -1;
    }
    gpucoh_rtl_api_fn fn;
    *(void**)(&fn) = dlsym(r->dl, "gpucoh_rtl_api");
    if (!fn) {
        snprintf(err, errlen, "%s exports no gpucoh_rtl_api", so);
        dlclose(r->dl);
        r->dl = NULL;
        return -1;
    }
    r->api = fn();
    if (r->api->abi != GPUCOH_RTL_ABI || strcmp(r->api->unit, u->name) != 0 ||
        strcmp(r->api->build_key, r->key) != 0) {
        snprintf(err, errlen, "%s was built for '%s' (ABI %u), expected '%s'", so,
                 r->api->build_key, r->api->abi, r->key);
        dlclose(r->dl);
        r->dl = NULL;
        return -1;
    }
    return 0;
}

void gpucoh_rtl_unload(gpucoh_rtl_t* r) {
    if (r->dl)
        dlclose(r->dl);
    r->dl = NULL;
    r->api = NULL;
}
