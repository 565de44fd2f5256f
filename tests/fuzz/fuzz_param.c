/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_param.c -- `--param NAME=VALUE` of the units (gpucoh_param_set, tb/engine/tb_common.c,
 * then the unit's resolve and what reads a resolved set) and of the systems (a protocol's
 * param_set and check, tb/proto/<family>/<family>_units.c, then the geometry, the parameter
 * printers and the C backend built on the configuration).
 *
 * Input: the first line names a unit ("sig_bloom") or a system variant ("tc-weak", "paper:"
 * before it for the paper configuration); every other line is one --param value.
 */
#include <stdio.h>

#include "fuzz_common.h"
#include "gsys.h"
#include "unit.h"

#define FUZZ_MAX_LINES 32

static FILE* devnull(void) {
    static FILE* f;
    if (!f)
        f = fopen("/dev/null", "w");
    return f;
}

static void unit_read(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv) {
    char buf[512];
    if (u->storage_bits)
        (void)u->storage_bits(pv);
    if (u->sram_shape) {
        uint32_t bits, banks, ports;
        u->sram_shape(pv, &bits, &banks, &ports);
    }
    for (unsigned i = 0; i < u->nparams; i++) {
        gpucoh_param_str(u, pv, i, buf, sizeof buf);
        gpucoh_param_rtl(u, pv, i, buf, sizeof buf);
    }
    gpucoh_param_diff(u, pv, buf, sizeof buf);
    for (unsigned i = 0; u->wave_width && u->wave_signals && u->wave_signals[i]; i++)
        (void)u->wave_width(pv, i);
}

static void unit_params(const gpucoh_unit_t* u, char** line, int n) {
    gpucoh_pvals_t pv;
    memset(&pv, 0, sizeof pv);
    char err[1024];
    for (int k = 0; k < n; k++)
        if (gpucoh_param_set(u, &pv, line[k], err, sizeof err) != 0)
            return;
    if (u->resolve && u->resolve(&pv, err, sizeof err) != 0)
        return;
    unit_read(u, &pv);
}

static void system_read(const gsys_proto_t* P, gsys_cfg_t* cfg) {
    gsys_geom_t g;
    gsys_geometry(cfg, &g);
    (void)gsys_variant_name(cfg);
    P->params_print(gsys_pdc(cfg), devnull());
    P->params_json(gsys_pdc(cfg), devnull());
    if (P->full_every)
        (void)P->full_every(gsys_pdc(cfg));
    if (P->model_bytes_json)
        P->model_bytes_json(gsys_pdc(cfg), devnull());
    gsys_backend_t be;
    char err[1024];
    if (gsys_backend_c_cfg(cfg, &be, err, sizeof err) == 0 && be.destroy)
        be.destroy(be.ctx);
}

static void system_params(const char* name, char** line, int n) {
    const bool paper = !strncmp(name, "paper:", 6);
    uint32_t v;
    const gsys_proto_t* P = gsys_variant_find(name + (paper ? 6 : 0), &v);
    if (!P || !P->config || !P->param_set || !P->check)
        return;
    gsys_cfg_t cfg;
    memset(&cfg, 0, sizeof cfg);
    P->config(v, paper, &cfg);
    char err[1024];
    for (int k = 0; k < n; k++)
        if (P->param_set(gsys_pd(&cfg), line[k], err, sizeof err) != 0)
            return;
    if (P->check(gsys_pdc(&cfg), err, sizeof err) != 0) {
        if (P->cli_names)
            P->cli_names(err, sizeof err);
        return;
    }
    system_read(P, &cfg);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    FUZZ_PLANT(data, size, "sig_bloom\n");
    char* text = fuzz_text(data, size);
    if (!text)
        return 0;
    char* line[FUZZ_MAX_LINES];
    const int n = fuzz_lines(text, line, FUZZ_MAX_LINES);
    if (n > 0) {
        const gpucoh_unit_t* u = gpucoh_unit_find(line[0]);
        if (u)
            unit_params(u, line + 1, n - 1);
        else
            system_params(line[0], line + 1, n - 1);
    }
    free(text);
    return 0;
}
