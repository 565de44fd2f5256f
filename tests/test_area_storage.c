/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_area_storage.c -- the storage bits of the committed controller area points
 * (synth/results/tc_*.area.txt, gpu_*.area.txt, denovo_*.area.txt, hlrc_*.area.txt,
 * gtsc_*.area.txt: synth/ctrl.sh with the shell formulas of synth/points/<family>.sh) are the
 * catalogue's own figure (the unit's storage_bits(), what `gpucoh area` passes to the flow) for
 * the same parameters. The reports (synth/report_tc.sh, report_gpu.sh, report_denovo.sh,
 * report_hlrc.sh, report_gtsc.sh) check their awk formulas
 * against the same results, so the three copies of each formula (C, shell, awk) are held equal.
 * A deliberately wrong figure is rejected too.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

/* the denovo_ results committed (synth/points/denovo.sh) */
#define DN_POINTS 14
/* the hlrc_ results committed (synth/points/hlrc.sh) */
#define HL_POINTS 7
/* the gtsc_ results committed (synth/points/gtsc.sh) */
#define GT_POINTS 7

typedef struct {
    char top[64];
    char params[512];
    uint32_t storage_bits;
} point_t;

static int read_point(const char* path, point_t* p) {
    FILE* f = fopen(path, "r");
    if (f == NULL)
        return -1;
    char line[1024];
    int have = 0;
    memset(p, 0, sizeof *p);
    while (fgets(line, sizeof line, f) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        if (strncmp(line, "top ", 4) == 0 && snprintf(p->top, sizeof p->top, "%s", line + 4) > 0)
            have |= 1;
        else if (strncmp(line, "params ", 7) == 0 &&
                 snprintf(p->params, sizeof p->params, "%s", line + 7) > 0)
            have |= 2;
        else if (strncmp(line, "storage_bits ", 13) == 0) {
            p->storage_bits = (uint32_t)strtoul(line + 13, NULL, 10);
            have |= 4;
        }
    }
    fclose(f);
    return have == 7 ? 0 : -1;
}

/* The unit's figure for an RTL parameter list "L1Sets=4 LineBytes=16 ...", or -1 with a
 * message for a parameter the unit does not have. */
static int64_t catalogue_bits(const gpucoh_unit_t* u, const char* params, char* err, size_t n) {
    gpucoh_pvals_t pv;
    memset(&pv, 0, sizeof pv);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", params);
    for (char *save = NULL, *kv = strtok_r(buf, " ", &save); kv != NULL;
         kv = strtok_r(NULL, " ", &save)) {
        char* eq = strchr(kv, '=');
        if (eq == NULL)
            return snprintf(err, n, "'%s' is not NAME=VALUE", kv), -1;
        *eq = '\0';
        unsigned i = 0;
        while (i < u->nparams && strcmp(u->params[i].rtl, kv) != 0)
            i++;
        if (i == u->nparams)
            return snprintf(err, n, "%s has no RTL parameter %s", u->name, kv), -1;
        pv.v[i] = strtoull(eq + 1, NULL, 0);
        pv.set[i] = true;
    }
    if (u->resolve(&pv, err, n) != 0)
        return -1;
    return u->storage_bits(&pv);
}

/* Every committed tc_ / gpu_ / denovo_ / hlrc_ / gtsc_ result of a unit with a storage formula
 * agrees with it. */
static void test_results_match_catalogue(void** state) {
    (void)state;
    const char* root = getenv("GPUCOH_ROOT");
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/synth/results", root ? root : ".");
    DIR* d = opendir(dir);
    assert_non_null(d);
    unsigned checked = 0, gpu = 0, dn = 0, hl = 0, gt = 0;
    for (struct dirent* e; (e = readdir(d)) != NULL;) {
        const char* nm = e->d_name;
        size_t len = strlen(nm);
        if ((strncmp(nm, "tc_", 3) != 0 && strncmp(nm, "gpu_", 4) != 0 &&
             strncmp(nm, "denovo_", 7) != 0 && strncmp(nm, "hlrc_", 5) != 0 &&
             strncmp(nm, "gtsc_", 5) != 0) ||
            len < 9 || strcmp(nm + len - 9, ".area.txt") != 0)
            continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, nm);
        point_t p;
        assert_int_equal(read_point(path, &p), 0);
        const gpucoh_unit_t* u = gpucoh_unit_find(p.top);
        assert_non_null(u);
        char err[256] = "";
        int64_t want = catalogue_bits(u, p.params, err, sizeof err);
        if (want < 0)
            fail_msg("%s: %s", nm, err);
        if (want != (int64_t)p.storage_bits)
            fail_msg("%s: the catalogue gives %lld storage bits, the result %u", nm,
                     (long long)want, p.storage_bits);
        checked++;
        gpu += strncmp(nm, "gpu_", 4) == 0;
        dn += strncmp(nm, "denovo_", 7) == 0;
        hl += strncmp(nm, "hlrc_", 5) == 0;
        gt += strncmp(nm, "gtsc_", 5) == 0;
    }
    closedir(d);
    print_message("%u results checked (%u gpu_, %u denovo_, %u hlrc_, %u gtsc_)\n", checked, gpu,
                  dn, hl, gt);
    assert_true(gpu >= 20);
    assert_true(dn >= DN_POINTS);
    assert_true(hl >= HL_POINTS);
    assert_true(gt >= GT_POINTS);
    assert_true(checked >= gpu + dn + hl + gt + 20);
}

/* The check can fail: one more set per L1 changes the figure, and an unknown name is named. */
static void test_mismatch_detected(void** state) {
    (void)state;
    const gpucoh_unit_t* u = gpucoh_unit_find("gpu_l1");
    assert_non_null(u);
    char err[256] = "";
    int64_t a = catalogue_bits(u, "L1Sets=4 SbEntries=16 LineBytes=16", err, sizeof err);
    int64_t b = catalogue_bits(u, "L1Sets=8 SbEntries=16 LineBytes=16", err, sizeof err);
    assert_int_equal(a, 7745); /* synth/points/gpu.sh --list: l1_s4_sb16_b16 */
    assert_true(b > a);
    assert_int_equal(catalogue_bits(u, "L1Sets=4 Bogus=1", err, sizeof err), -1);
    assert_non_null(strstr(err, "no RTL parameter Bogus"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_results_match_catalogue),
        cmocka_unit_test(test_mismatch_detected),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
