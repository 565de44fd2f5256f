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
    const char* fixed[] = {"verilator/gpucoh_rtl.h",
                           "verilator/shim_common.h",
                           "tools/build_rtl.sh",
                           "cmodel/sig/sig_bloom.h",
                           "cmodel/sig/rdu.h",
                           "cmodel/tc/tc_types.h",
                           "cmodel/tc/tc_gwct.h",
                           "cmodel/gpucoh_ports.h",
                           "verilator/gpucoh_vl_printf.h",
                           "verilator/sva/gpucoh_idx_sva.sv",
                           NULL};
    for (const char** f = fixed; *f; f++) {
        snprintf(p, sizeof p, "%s/%s", root, *f);
        if (!gpucoh_fnv1a_file(h, p)) {
            snprintf(err, errlen, "cannot read %s: %s", p, strerror(errno));
            return false;
        }
    }
    gpucoh_unit_file(u, "verilator", u->top, "_rtl.cpp", p, sizeof p);
    if (!gpucoh_fnv1a_file(h, p)) {
        snprintf(err, errlen, "cannot read shim %s: %s", p, strerror(errno));
        return false;
    }
    gpucoh_unit_file(u, "cmodel", u->name, ".h", p, sizeof p);
    gpucoh_fnv1a_file(h, p); /* port structs the shim fills */
    gpucoh_unit_file(u, "cmodel", u->name, "_ports.h", p, sizeof p);
    gpucoh_fnv1a_file(h, p); /* its port table (docs/framework.md "The port table") */
    snprintf(p, sizeof p, "%s/verilator/sva/%s_bind.sv", root, u->top);
    gpucoh_fnv1a_file(h, p); /* index-range checks bound into the unit, if it has any */
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

/* Build the model.so of r->dir (tools/build_rtl.sh) unless it is cached, then load it. netlist:
 * NULL for the RTL (files from rtl), else the netlist to Verilate instead. */
static const char* g_build_opt; /* the RTL model being built: its GPUCOH_RTL_OPT */

static int build_and_open(const gpucoh_unit_t* u, const char* rtl, const char* netlist,
                          char gp[][96], bool quiet, gpucoh_rtl_t* r, char* err, size_t errlen) {
    const char* root = gpucoh_root();
    const char* what = netlist ? "netlist model" : "RTL model";
    char so[PATH_MAX + 16];
    snprintf(so, sizeof so, "%s/model.so", r->dir);
    struct stat sst;
    if (stat(so, &sst) != 0) {
        if (!quiet)
            fprintf(stderr, "gpucoh: building %s %s (%s) ...\n", what, u->name, r->key);
        double t0 = gpucoh_now();
        char script[PATH_MAX];
        snprintf(script, sizeof script, "%s/tools/build_rtl.sh", root);
        /* execvp wants writable strings: build argv from local copies */
        static char s_bash[] = "bash";
        static char s_netlist[] = "--netlist";
        char top[128], key[1024], files[16][PATH_MAX], gpa[GPUCOH_MAX_PARAMS][96];
        char nl[PATH_MAX];
        static char s_sep[] = "--";
        char* argv[64];
        int a = 0, nf = 0;
        snprintf(top, sizeof top, "%s", u->top);
        snprintf(key, sizeof key, "%s", r->key);
        argv[a++] = s_bash;
        argv[a++] = script;
        if (netlist) {
            snprintf(nl, sizeof nl, "%s", netlist);
            argv[a++] = s_netlist;
            argv[a++] = nl;
        }
        argv[a++] = r->dir;
        argv[a++] = top;
        argv[a++] = key;
        for (const char* const* f = u->rtl_files; !netlist && *f && nf < 16; f++, nf++) {
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
            /* the unit's own Verilator flags (the manifest), for build_rtl.sh */
            setenv("GPUCOH_UNIT_VFLAGS", u->verilator_flags ? u->verilator_flags : "", 1);
            if (g_build_opt) /* the optimization the model's key was made with */
                setenv("GPUCOH_RTL_OPT", g_build_opt, 1);
            execvp("bash", argv);
            _exit(127);
        }
        int status = 0;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            snprintf(err, errlen,
                     "building the %s of %s failed (%s); see the messages "
                     "above",
                     what, u->name, r->key);
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
    *(void**)(&r->expect_input_asserts) = dlsym(r->dl, "gpucoh_rtl_expect_input_asserts");
    *(void**)(&r->input_asserts) = dlsym(r->dl, "gpucoh_rtl_input_asserts");
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
    if (u->verilator_flags) /* the manifest's flags of the unit's models */
        h = gpucoh_fnv1a(h, u->verilator_flags, strlen(u->verilator_flags) + 1);
    if (getenv("GPUCOH_NO_SVA")) /* build_rtl.sh leaves out the bound index checks */
        h = gpucoh_fnv1a(h, "no-sva", 7);
    /* build_rtl.sh's C++ optimization (GPUCOH_RTL_OPT): -O2, but -O1 for a --rtl-dir copy (a
     * mutant's scratch RTL: most die within a few hundred cycles, so compiling is their cost;
     * -O1 builds gpu_l1's in about two thirds of the time) */
    const char* opt = getenv("GPUCOH_RTL_OPT");
    if (!opt || !*opt)
        opt = rtl_dir ? "-O1" : "-O2";
    if (strcmp(opt, "-O2"))
        h = gpucoh_fnv1a(h, opt, strlen(opt) + 1);
    if (!hash_inputs(&h, u, root, rtl, err, errlen))
        return -1;
    snprintf(r->dir, sizeof r->dir, "%s/build/rtl/%s-%016llx", root, u->name,
             (unsigned long long)h);
    g_build_opt = opt;
    const int rc = build_and_open(u, rtl, NULL, gp, quiet, r, err, errlen);
    g_build_opt = NULL;
    return rc;
}

/* ---- the gate-level netlist ---------------------------------------------------------------- */

unsigned char* gpucoh_netlist_removed_mask(const gpucoh_rtl_t* r, size_t n, uint32_t* bits) {
    unsigned char* all = calloc(1, n ? n : 1);
    unsigned char* held = calloc(1, n ? n : 1);
    *bits = 0;
    if (!all || !held) {
        free(all);
        free(held);
        return NULL;
    }
    r->state_mask(all, 0);
    r->state_mask(held, 1);
    for (size_t i = 0; i < n; i++) {
        all[i] = (unsigned char)(all[i] & ~held[i]);
        *bits += (uint32_t)__builtin_popcount(all[i]);
    }
    free(held);
    return all;
}

/* The manifest says which units' shims build on a netlist (read their registers under
 * GPUCOH_NETLIST, or read nothing the netlist names differently): standalone, or in their
 * system slot (tc_l1, tc_l2, gpu_l1, gpu_l2, denovo_l1, denovo_l2). */
bool gpucoh_netlist_supported(const gpucoh_unit_t* u) {
    return u->netlist;
}

void gpucoh_area_workdir(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, const char* rtl_dir,
                         char* buf, size_t n) {
    uint64_t h = 0xCBF29CE484222325ull;
    for (unsigned i = 0; i < u->nparams; i++) {
        char p[96];
        gpucoh_param_rtl(u, pv, i, p, sizeof p);
        h = gpucoh_fnv1a(h, p, strlen(p));
    }
    if (rtl_dir)
        snprintf(buf, n, "%s/synth-%s-%016llx", rtl_dir, u->name, (unsigned long long)h);
    else
        snprintf(buf, n, "%s/build/area/%s-%016llx", gpucoh_root(), u->name, (unsigned long long)h);
}

int gpucoh_area_flat(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, const char* rtl_dir,
                     FILE* progress, const char* workdir, gpucoh_area_t* out, char* err,
                     size_t errlen) {
    const char* root = gpucoh_root();
    char files[16][PATH_MAX];
    const char* fp[16];
    int nf = 0;
    for (const char* const* f = u->rtl_files; *f && nf < 16; f++, nf++) {
        if (rtl_dir)
            snprintf(files[nf], sizeof files[nf], "%s/%s", rtl_dir, *f);
        else
            snprintf(files[nf], sizeof files[nf], "%s/rtl/%s", root, *f);
        fp[nf] = files[nf];
    }
    char pbuf[GPUCOH_MAX_PARAMS][96];
    const char* pp[GPUCOH_MAX_PARAMS];
    for (unsigned i = 0; i < u->nparams; i++) {
        gpucoh_param_rtl(u, pv, i, pbuf[i], sizeof pbuf[i]);
        pp[i] = pbuf[i];
    }
    gpucoh_area_opts_t ao;
    memset(&ao, 0, sizeof ao);
    if (u->sram_shape)
        u->sram_shape(pv, &ao.sram_bits, &ao.sram_banks, &ao.sram_ports);
    ao.progress = progress;
    /* A scratch RTL directory (mutants) holds its own copy of the package: the flow must read
     * that one instead of adding rtl/gpucoh_pkg.sv (GPUCOH_PKG, part of the result's key). */
    char pkg[PATH_MAX + 32], *old = NULL;
    bool set_pkg = false;
    if (rtl_dir) {
        snprintf(pkg, sizeof pkg, "%s/gpucoh_pkg.sv", rtl_dir);
        struct stat st;
        if (stat(pkg, &st) == 0) {
            const char* o = getenv("GPUCOH_PKG");
            old = o ? strdup(o) : NULL;
            setenv("GPUCOH_PKG", pkg, 1);
            set_pkg = true;
        }
    }
    int rc = gpucoh_area_run_ex(root, u->top, fp, nf, pp, (int)u->nparams, u->storage_bits(pv),
                                workdir, &ao, out, err, errlen);
    if (set_pkg) {
        if (old)
            setenv("GPUCOH_PKG", old, 1);
        else
            unsetenv("GPUCOH_PKG");
        free(old);
    }
    return rc;
}

/* "cur_addr_q[4:0], ..." from removed.txt ("name ranges" lines); returns the number of lines */
static uint32_t read_removed(const char* dir, char* buf, size_t n) {
    char p[PATH_MAX + 16];
    snprintf(p, sizeof p, "%s/removed.txt", dir);
    buf[0] = 0;
    FILE* f = fopen(p, "r");
    if (!f)
        return 0;
    char line[512];
    size_t l = 0;
    uint32_t regs = 0;
    while (fgets(line, sizeof line, f)) {
        char name[256], rg[256];
        if (sscanf(line, "%255s %255s", name, rg) != 2)
            continue;
        regs++;
        if (l + 1 < n)
            l += (size_t)snprintf(buf + l, n - l, "%s%s%s", l ? ", " : "", name,
                                  strcmp(rg, "all") == 0 ? "" : rg);
    }
    fclose(f);
    return regs;
}

int gpucoh_netlist_load(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, const char* rtl_dir,
                        bool quiet, gpucoh_rtl_t* r, char* err, size_t errlen) {
    memset(r, 0, sizeof *r);
    if (!gpucoh_netlist_supported(u)) {
        snprintf(err, errlen, "%s has no netlist lockstep (units with one:", u->name);
        for (const gpucoh_unit_t* const* n = gpucoh_units(); *n; n++)
            if ((*n)->netlist)
                snprintf(err + strlen(err), errlen - strlen(err), " %s", (*n)->name);
        snprintf(err + strlen(err), errlen - strlen(err), ")");
        return -1;
    }
    const char* root = gpucoh_root();
    r->netlist = true;

    /* 1. the netlist `gpucoh area` reports: its cached synthesis, else synthesize now */
    gpucoh_area_workdir(u, pv, rtl_dir, r->synth_dir, sizeof r->synth_dir);
    if (!quiet)
        fprintf(stderr, "gpucoh: netlist of %s: synth/synth.sh result in %s\n", u->name,
                r->synth_dir);
    gpucoh_area_t area;
    double t0 = gpucoh_now();
    if (gpucoh_area_flat(u, pv, rtl_dir, quiet ? NULL : stderr, r->synth_dir, &area, err, errlen) !=
        0)
        return -1;
    r->synth_seconds = gpucoh_now() - t0;
    r->cells = area.cells;
    r->flops = area.flops;
    snprintf(r->netlist_path, sizeof r->netlist_path, "%s/netlist.v", r->synth_dir);

    /* 2. the key: parameters, the netlist's bytes, the flow and the cell library, the shim */
    size_t kl = (size_t)snprintf(r->key, sizeof r->key, "%s", u->name);
    char gp[GPUCOH_MAX_PARAMS][96];
    for (unsigned i = 0; i < u->nparams; i++) {
        gpucoh_param_rtl(u, pv, i, gp[i], sizeof gp[i]);
        kl += (size_t)snprintf(r->key + kl, sizeof r->key - kl, " %s", gp[i]);
    }
    snprintf(r->key + kl, sizeof r->key - kl, " (netlist)");
    uint64_t h = 0xCBF29CE484222325ull;
    h = gpucoh_fnv1a(h, r->key, strlen(r->key));
    const char* vflags = getenv("GPUCOH_VFLAGS");
    if (vflags)
        h = gpucoh_fnv1a(h, vflags, strlen(vflags) + 1);
    if (u->verilator_flags) /* the manifest's flags of the unit's models */
        h = gpucoh_fnv1a(h, u->verilator_flags, strlen(u->verilator_flags) + 1);
    const char* lib = getenv("GPUCOH_LIBERTY");
    char p[PATH_MAX + 64];
    const char* inputs[] = {r->netlist_path,
                            "synth/synth.sh",
                            "synth/techmap_wide_shift.v",
                            lib && *lib ? lib : "/usr/share/qflow/tech/osu018/osu018_stdcells.lib",
                            "verilator/gpucoh_rtl.h",
                            "verilator/shim_common.h",
                            "verilator/shim_netlist.h",
                            "verilator/gpucoh_vl_printf.h",
                            "tools/build_rtl.sh",
                            "cmodel/sig/sig_bloom.h",
                            "cmodel/sig/rdu.h",
                            "cmodel/tc/tc_types.h",
                            "cmodel/tc/tc_gwct.h",
                            "cmodel/gpucoh_ports.h",
                            NULL};
    for (const char** f = inputs; *f; f++) {
        if ((*f)[0] == '/')
            snprintf(p, sizeof p, "%s", *f);
        else
            snprintf(p, sizeof p, "%s/%s", root, *f);
        if (!gpucoh_fnv1a_file(&h, p)) {
            snprintf(err, errlen, "cannot read %s: %s", p, strerror(errno));
            return -1;
        }
    }
    gpucoh_unit_file(u, "verilator", u->top, "_rtl.cpp", p, sizeof p);
    if (!gpucoh_fnv1a_file(&h, p)) {
        snprintf(err, errlen, "cannot read shim %s: %s", p, strerror(errno));
        return -1;
    }
    gpucoh_unit_file(u, "cmodel", u->name, ".h", p, sizeof p);
    gpucoh_fnv1a_file(&h, p);
    gpucoh_unit_file(u, "cmodel", u->name, "_ports.h", p, sizeof p);
    gpucoh_fnv1a_file(&h, p);
    /* build_rtl.sh's C++ optimization (GPUCOH_RTL_OPT): -O1 for a netlist (the C model, not
     * the netlist, limits a lockstep's speed: rdu's 0.18 M cycles/s at -O1, 0.21 at -O2; the
     * compile of its flat netlist took 11 s at -O1, 28 s at -O2; docs/testing.md, "Time") */
    const char* opt = getenv("GPUCOH_RTL_OPT");
    if (!opt || !*opt)
        opt = "-O1";
    h = gpucoh_fnv1a(h, opt, strlen(opt) + 1);
    snprintf(r->dir, sizeof r->dir, "%s/build/rtl/%s-netlist-%016llx", root, u->name,
             (unsigned long long)h);

    /* 3. build (cached) and load; the removed-bit mask if the shim exports one */
    g_build_opt = opt;
    const int rc = build_and_open(u, NULL, r->netlist_path, gp, quiet, r, err, errlen);
    g_build_opt = NULL;
    if (rc != 0)
        return -1;
    *(void**)(&r->state_mask) = dlsym(r->dl, "gpucoh_rtl_state_mask");
    uint32_t (*removed)(void);
    *(void**)(&removed) = dlsym(r->dl, "gpucoh_rtl_removed_bits");
    r->removed_bits = removed ? removed() : 0;
    r->removed_regs = read_removed(r->dir, r->removed, sizeof r->removed);
    return 0;
}

void gpucoh_rtl_unload(gpucoh_rtl_t* r) {
    if (r->dl)
        dlclose(r->dl);
    r->dl = NULL;
    r->api = NULL;
}
