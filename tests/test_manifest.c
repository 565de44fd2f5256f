/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_manifest.c -- the unit manifest (docs/framework.md, "The unit manifest"): every catalogue
 * entry has every field filled, and the fields agree with the tree and the protocols:
 *   - family: a protocol's family (gsys_proto_find) has tb/proto/<family>/ and a slot of that
 *     protocol reads the unit's top file; a family without one ("sig") has its adapter
 *     tb/units/<unit>_tb.c and no protocol reads its top file;
 *   - context: "standalone" exactly when the unit has an adapter; else the name of a slot of its
 *     family's protocol whose unit is this entry; and every slot unit without an adapter names
 *     its slot;
 *   - systemc: exactly when systemc/<family>/<unit>_sc_c.h exists;
 *   - the unit's files are in its family's folder of every role folder;
 *   - the optional fields where they apply: the synthesis point (synth_script, its file there,
 *     synth_point, synth_result) exactly for the standalone units, synth_hier only with
 *     synth/hier.sh; netlist_params exactly for the standalone units with a netlist lockstep,
 *     each NAME=VALUE a parameter the unit takes; lint_params naming RTL parameters of the unit;
 *   - the lists the manifest replaced (tools/run_all.sh's standalone units and synthesis points,
 *     rtl_load.c's netlist units, systemc/pin.mk's SC_UNITS, build_rtl.sh's --unroll-count
 *     units, rtl/lint/gate_params.txt, run_tests.sh's NL_* sets, gpucoh.c's hierarchical units)
 *     come out of it unchanged.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gsys.h"
#include "gsys_backend.h"
#include "manifest.h"
#include "unit.h"
#include "util.h"

static bool exists(const char* fmt, const char* a, const char* b) {
    char rel[256], path[4096];
    snprintf(rel, sizeof rel, fmt, a, b);
    snprintf(path, sizeof path, "%s/%s", gpucoh_root(), rel);
    struct stat st;
    return stat(path, &st) == 0;
}

static void every_field_filled(void** state) {
    (void)state;
    for (const gpucoh_unit_t* const* u = gpucoh_units(); *u; u++)
        for (const char* const* f = gpucoh_manifest_fields(); *f; f++) {
            char v[1024];
            assert_int_equal(gpucoh_manifest_get(*u, *f, " ", v, sizeof v), 0);
            if (!v[0] && !gpucoh_manifest_optional(*f))
                fail_msg("unit %s: manifest field %s is empty", (*u)->name, *f);
        }
}

/* Is rtl/[FAMILY/]<top>.sv read by some slot unit of P (the slot's own top, or a module inside
 * it: tc_gwct in tc_l1)? */
static bool in_protocol(const gsys_proto_t* P, const char* top) {
    for (uint32_t k = 0; P && k < P->nslots; k++)
        if (gpucoh_unit_reads(P->slots[k].ops->unit, top))
            return true;
    return false;
}

static void family_matches_tree(void** state) {
    (void)state;
    for (const gpucoh_unit_t* const* up = gpucoh_units(); *up; up++) {
        const gpucoh_unit_t* u = *up;
        const gsys_proto_t* P = gsys_proto_find(u->family);
        if (P && !exists("tb/proto/%s%s", u->family, ""))
            fail_msg("unit %s: family %s has no tb/proto/%s/", u->name, u->family, u->family);
        /* a slot unit is read by its protocol; a standalone unit of a protocol's family may be
         * outside its system (tc_timer is inside; a new structure need not be yet) */
        if (P && strcmp(u->context, "standalone") != 0 && !in_protocol(P, u->top))
            fail_msg("unit %s: family %s, but no slot of protocol %s reads %s.sv", u->name,
                     u->family, u->family, u->top);
        if (!P && !exists("tb/units/%s_tb%s", u->name, ".c"))
            fail_msg("unit %s: family %s has no protocol and tb/units/%s_tb.c is missing", u->name,
                     u->family, u->name);
        for (const gsys_proto_t* const* Q = gsys_protocols(); !P && *Q; Q++)
            if (in_protocol(*Q, u->top))
                fail_msg("unit %s: family %s, but protocol %s reads %s.sv", u->name, u->family,
                         (*Q)->name, u->top);
    }
}

/* the slot of P named name whose unit is u */
static bool fills_slot(const gsys_proto_t* P, const char* name, const gpucoh_unit_t* u) {
    for (uint32_t k = 0; P && k < P->nslots; k++)
        if (!strcmp(P->slots[k].name, name) && P->slots[k].ops->unit == u)
            return true;
    return false;
}

static void context_matches_protocol(void** state) {
    (void)state;
    for (const gpucoh_unit_t* const* up = gpucoh_units(); *up; up++) {
        const gpucoh_unit_t* u = *up;
        const bool standalone = !strcmp(u->context, "standalone");
        if (standalone != (u->tb != NULL))
            fail_msg("unit %s: context %s but %s adapter", u->name, u->context,
                     u->tb ? "an" : "no");
        if (!standalone && !fills_slot(gsys_proto_find(u->family), u->context, u))
            fail_msg("unit %s: context %s is no slot of protocol %s holding it", u->name,
                     u->context, u->family);
    }
    for (const gsys_proto_t* const* P = gsys_protocols(); *P; P++)
        for (uint32_t k = 0; k < (*P)->nslots; k++) {
            const gpucoh_unit_t* u = (*P)->slots[k].ops->unit;
            if (u && !u->tb && strcmp(u->context, (*P)->slots[k].name) != 0)
                fail_msg("protocol %s slot %s: its unit %s says context %s", (*P)->name,
                         (*P)->slots[k].name, u->name, u->context);
            if (u && strcmp(u->family, (*P)->name) != 0)
                fail_msg("protocol %s slot %s: its unit %s says family %s", (*P)->name,
                         (*P)->slots[k].name, u->name, u->family);
        }
}

static bool file_there(const gpucoh_unit_t* u, const char* role, const char* name,
                       const char* suffix) {
    char p[4096];
    struct stat st;
    gpucoh_unit_file(u, role, name, suffix, p, sizeof p);
    return stat(p, &st) == 0;
}

static void systemc_matches_tree(void** state) {
    (void)state;
    for (const gpucoh_unit_t* const* up = gpucoh_units(); *up; up++)
        if ((*up)->systemc != file_there(*up, "systemc", (*up)->name, "_sc_c.h"))
            fail_msg("unit %s: systemc = %d but systemc/%s/%s_sc_c.h %s", (*up)->name,
                     (*up)->systemc, (*up)->family, (*up)->name,
                     (*up)->systemc ? "is missing" : "exists");
}

/* family folders (docs/framework.md "Family folders"): a unit's top RTL file is in rtl/<family>/,
 * and its model, port table, shim and page are in the same folder of their role folders */
static void files_in_family_folders(void** state) {
    (void)state;
    for (const gpucoh_unit_t* const* up = gpucoh_units(); *up; up++) {
        const gpucoh_unit_t* u = *up;
        char dir[128];
        if (strcmp(gpucoh_unit_folder(u, dir, sizeof dir), u->family) != 0)
            fail_msg("unit %s: its top file %s.sv is in rtl/%s/, not rtl/%s/", u->name, u->top, dir,
                     u->family);
        const struct {
            const char *role, *name, *suffix;
        } need[] = {{"rtl", u->top, ".sv"},
                    {"cmodel", u->name, ".h"},
                    {"cmodel", u->name, "_ports.h"},
                    {"verilator", u->top, "_rtl.cpp"},
                    {"docs/units", u->name, ".md"}};
        for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
            if (!file_there(u, need[i].role, need[i].name, need[i].suffix))
                fail_msg("unit %s: no %s/%s/%s%s", u->name, need[i].role, dir, need[i].name,
                         need[i].suffix);
    }
}

/* the units whose field is value, space-separated, in catalogue order */
/* The units the hand-kept lists named when the manifest replaced them: the checks of the lists
 * "as they were" look at these only, so that a unit added later (issue 26: its own files and
 * one registration line) is checked by the tests above, not by editing these strings. */
static bool replaced_unit(const gpucoh_unit_t* u) {
    static const char* const k_then[] = {"sig_bloom", "rdu",   "avu",    "tc_timer", "tc_gwct",
                                         "tc_l1",     "tc_l2", "gpu_l1", "gpu_l2",   NULL};
    for (const char* const* n = k_then; *n; n++)
        if (!strcmp(*n, u->name))
            return true;
    return false;
}

/* Over the replaced units: with value, the names of those whose field is value; without, "unit:
 * value" for those where the field is filled; space-separated in catalogue order. */
static void collect(const char* field, const char* value, char* buf, size_t n) {
    size_t l = 0;
    buf[0] = 0;
    for (const gpucoh_unit_t* const* up = gpucoh_units(); *up; up++) {
        char v[1024];
        gpucoh_manifest_get(*up, field, " ", v, sizeof v);
        if (!replaced_unit(*up) || (value ? strcmp(v, value) != 0 : !v[0]))
            continue;
        l += (size_t)snprintf(buf + l, n - l, "%s%s%s%s", l ? " " : "", (*up)->name,
                              value ? "" : ":", value ? "" : v);
    }
}

static void units_where(const char* field, const char* value, char* buf, size_t n) {
    collect(field, value, buf, n);
}

static bool filled(const char* s) {
    return s && s[0];
}

/* the synthesis point: exactly for the standalone units, its script in the tree */
static void synth_point_where_it_applies(void** state) {
    (void)state;
    for (const gpucoh_unit_t* const* up = gpucoh_units(); *up; up++) {
        const gpucoh_unit_t* u = *up;
        const bool standalone = !strcmp(u->context, "standalone");
        if (filled(u->synth_script) != standalone || filled(u->synth_point) != standalone ||
            filled(u->synth_result) != standalone)
            fail_msg("unit %s: context %s, but synth_script/point/result %s", u->name, u->context,
                     standalone ? "not all given" : "given");
        if (standalone && !exists("%s%s", u->synth_script, ""))
            fail_msg("unit %s: synth_script %s is missing", u->name, u->synth_script);
        if (u->synth_hier && strcmp(u->synth_script, "synth/hier.sh") != 0)
            fail_msg("unit %s: synth_hier, but its point is in %s", u->name, u->synth_script);
    }
}

/* every word of list a NAME=VALUE whose NAME is a parameter of u (rtl: its RTL name) */
static void names_params(const gpucoh_unit_t* u, const char* list, bool rtl) {
    char buf[512], err[256];
    snprintf(buf, sizeof buf, "%s", list ? list : "");
    gpucoh_pvals_t pv;
    memset(&pv, 0, sizeof pv);
    for (char* w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
        const char* eq = strchr(w, '=');
        bool found = false;
        for (unsigned i = 0; eq && rtl && i < u->nparams; i++)
            found |= strlen(u->params[i].rtl) == (size_t)(eq - w) &&
                     !strncmp(u->params[i].rtl, w, (size_t)(eq - w));
        if (!rtl)
            found = gpucoh_param_set(u, &pv, w, err, sizeof err) == 0;
        if (!found)
            fail_msg("unit %s: '%s' names no %sparameter of the unit", u->name, w,
                     rtl ? "RTL " : "");
    }
    if (!rtl && list && u->resolve(&pv, err, sizeof err) != 0)
        fail_msg("unit %s: netlist_params '%s' refused: %s", u->name, list, err);
}

static void params_fields_name_params(void** state) {
    (void)state;
    for (const gpucoh_unit_t* const* up = gpucoh_units(); *up; up++) {
        const gpucoh_unit_t* u = *up;
        const bool own = u->netlist && !strcmp(u->context, "standalone");
        if (filled(u->netlist_params) != own)
            fail_msg("unit %s: netlist_params %s", u->name, own ? "missing" : "given");
        names_params(u, u->netlist_params, false);
        names_params(u, u->lint_params, true);
    }
}

/* the values of field, "unit:value" for the units where it is filled, space-separated */
static void values_of(const char* field, char* buf, size_t n) {
    collect(field, NULL, buf, n);
}

/* The values the manifest took over, as the scripts had them (docs/framework.md). */
static void replaced_values_unchanged(void** state) {
    (void)state;
    char got[2048];
    units_where("verilator_flags", "--unroll-count 256", got, sizeof got); /* build_rtl.sh */
    assert_string_equal(got, "tc_l1 tc_l2 gpu_l1 gpu_l2");
    values_of("lint_params", got, sizeof got); /* rtl/lint/gate_params.txt */
    assert_string_equal(got, "sig_bloom:SigBits=256 ChunkWidth=32 rdu:NumSm=3 SigBits=256 "
                             "ChunkWidth=32 avu:SigBits=256 ChunkWidth=32 NumLines=8 "
                             "tc_l1:L1Sets=4 LineBytes=16 tc_l2:L2Sets=4 L2Mshrs=8 LineBytes=16 "
                             "gpu_l1:Hrf=1 Rsp=1 NumSm=4 L1Sets=4 LineBytes=16 SbEntries=4 "
                             "gpu_l2:Rsp=1 NumSm=4 L2Sets=4 L2Mshrs=4 LineBytes=16");
    values_of("synth_point", got, sizeof got); /* tools/run_all.sh DEFAULT_POINT */
    assert_string_equal(got, "sig_bloom:m4096_k6_true rdu:rdu_m4096_n16 avu:avu_m4096 "
                             "tc_timer:timer_ts32 tc_gwct:gwct_wf48");
    values_of("synth_result", got, sizeof got); /* tools/run_all.sh RESULT_FILE */
    assert_string_equal(got, "sig_bloom:sig_bloom_m4096_k6_true rdu:rdu_m4096_n16 "
                             "avu:avu_m4096 tc_timer:tc_timer_ts32 tc_gwct:tc_gwct_wf48");
    values_of("synth_script", got, sizeof got); /* tools/run_all.sh baseline_up_to_date */
    assert_string_equal(got, "sig_bloom:synth/sweep.sh rdu:synth/hier.sh avu:synth/hier.sh "
                             "tc_timer:synth/tc.sh tc_gwct:synth/tc.sh");
    units_where("synth_hier", "yes", got, sizeof got); /* gpucoh.c hier_unit */
    assert_string_equal(got, "rdu avu");
    values_of("netlist_params", got, sizeof got); /* run_tests.sh NL_*, bench_netlist.sh */
    assert_string_equal(
        got, "sig_bloom:m=256 chunk_width=32 rdu:n=3 m=256 k=4 addr_width=16 line=32 gran=4 "
             "chunk_width=32 queue=2 threshold=8 avu:m=256 k=4 gran=4 line=32 chunk_width=32 "
             "lines=8 epoch_width=2 hit_limit=2 spec_depth=2 out_max=3 id_width=4 addr_width=16 "
             "tc_timer:ts_width=8 tc_gwct:wf=8 ts_width=8 wf_cnt_width=2");
}

/* The hand-kept lists the manifest replaced, as they were (docs/framework.md). */
static void replaced_lists_unchanged(void** state) {
    (void)state;
    char got[512];
    units_where("context", "standalone", got, sizeof got); /* tools/run_all.sh */
    assert_string_equal(got, "sig_bloom rdu avu tc_timer tc_gwct");
    /* tb/engine/rtl_load.c k_netlist_units, and the GPU units (issue 26: their netlist lockstep in
     * the system, left out only because that list was not extended) */
    units_where("netlist", "yes", got, sizeof got);
    assert_string_equal(got, "sig_bloom rdu avu tc_timer tc_gwct tc_l1 tc_l2 gpu_l1 gpu_l2");
    units_where("systemc", "yes", got, sizeof got); /* systemc/pin.mk SC_UNITS */
    assert_string_equal(got, "sig_bloom rdu avu tc_timer tc_gwct tc_l1 tc_l2 gpu_l1 gpu_l2");
    units_where("family", "tc", got, sizeof got); /* the old name-prefix check "tc_" */
    assert_string_equal(got, "tc_timer tc_gwct tc_l1 tc_l2");
}

/* Every unit co-simulated only in its system (a slot context) has the netlist lockstep there:
 * `gpucoh --help` offers `cosim <slot unit> --netlist` for all of them (tc_l1 ... denovo_l2). */
static void slot_units_have_netlist(void** state) {
    (void)state;
    for (const gpucoh_unit_t* const* up = gpucoh_units(); *up; up++)
        if (strcmp((*up)->context, "standalone") && !(*up)->netlist)
            fail_msg("unit %s: context %s (a system slot) without netlist", (*up)->name,
                     (*up)->context);
}

static void unknown_field_refused(void** state) {
    (void)state;
    char v[64];
    assert_int_equal(gpucoh_manifest_get(gpucoh_units()[0], "bogus", " ", v, sizeof v), -1);
}

int main(void) {
    setenv("GPUCOH_ROOT", ".", 0); /* run from the repository (tools/run_tests.sh sets it) */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_field_filled),           cmocka_unit_test(family_matches_tree),
        cmocka_unit_test(context_matches_protocol),     cmocka_unit_test(systemc_matches_tree),
        cmocka_unit_test(replaced_lists_unchanged),     cmocka_unit_test(unknown_field_refused),
        cmocka_unit_test(synth_point_where_it_applies), cmocka_unit_test(params_fields_name_params),
        cmocka_unit_test(replaced_values_unchanged),    cmocka_unit_test(files_in_family_folders),
        cmocka_unit_test(slot_units_have_netlist),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
