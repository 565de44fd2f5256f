/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_litmus.c -- the litmus file parser (litmus_parse, tb/sys/litmus.c) and what reads a parsed
 * test without running it: its keys, an outcome's text, and the placement check
 * (litmus_check_fit, litmus_traffic_room) under every registered variant's small configuration.
 */
#include <stdio.h>

#include "fuzz_common.h"
#include "gsys.h"
#include "litmus.h"

static void check_fit(const litmus_t* t) {
    litmus_opts_t o;
    litmus_opts_default(&o);
    char err[1024];
    for (const gsys_proto_t* const* P = gsys_protocols(); *P; P++)
        for (uint32_t v = 0; v < (*P)->nvariants; v++) {
            gsys_cfg_t cfg;
            memset(&cfg, 0, sizeof cfg);
            (*P)->config(v, false, &cfg);
            (void)litmus_check_fit(t, &cfg, &o, err, sizeof err);
            (void)litmus_traffic_room(t, &cfg);
        }
}

static void read_parsed(const litmus_t* t) {
    (void)litmus_name(t);
    (void)litmus_expects_oracle(t);
    const uint32_t n = litmus_nkeys(t);
    uint32_t* v = calloc(n ? n : 1, sizeof *v);
    if (!v)
        return;
    for (uint32_t i = 0; i < n; i++) {
        (void)litmus_key(t, i);
        v[i] = 0xffffffffu - i;
    }
    char buf[4096];
    litmus_format(t, v, buf, sizeof buf);
    free(v);
    check_fit(t);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    FUZZ_PLANT(data, size, "# SB");
    if (size > LITMUS_MAX_FILE_BYTES)
        return 0; /* litmus_load refuses it before parsing */
    char* text = fuzz_text(data, size);
    if (!text)
        return 0;
    char err[1024];
    litmus_t* t = litmus_parse(text, "fuzz.litmus", err, sizeof err);
    if (t) {
        read_parsed(t);
        litmus_free(t);
    }
    free(text);
    return 0;
}
