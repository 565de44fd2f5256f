/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpucoh_rtl.h -- the plain C ABI every Verilated unit exports.
 *
 * Each unit's shim (verilator/<unit>_rtl.cpp) is compiled together with its Verilated model, for
 * one parameter set, into a shared object (build/rtl/<unit>-<key>/model.so, see
 * tools/build_rtl.sh). The testbench dlopen()s it and calls gpucoh_rtl_api() to get this table.
 * Port and state structs are the unit's C-model structs (cmodel/<unit>.h), passed as void*.
 *
 * Timing (docs/timing.md): tick() drives the inputs, raises clk_i, evaluates, reads the
 * outputs, lowers clk_i and evaluates again: one rising edge per call.
 */
#ifndef GPUCOH_RTL_H
#define GPUCOH_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GPUCOH_RTL_ABI 1u

typedef struct gpucoh_rtl_api {
    uint32_t abi;          /* GPUCOH_RTL_ABI */
    const char* unit;      /* "sig_bloom" */
    const char* build_key; /* the parameter string the model was built with */
    void* (*create)(void);
    void (*destroy)(void* h);
    /* one rising edge: in -> (edge) -> out */
    void (*tick)(void* h, const void* in, void* out);
    /* fill the unit's state struct from the RTL registers; words past the unit's size are not
     * written (the caller zeroes its buffer once) */
    void (*state)(void* h, void* st);
    /* waves: open an FST file (0 = ok), dump every half cycle until close */
    int (*trace_open)(void* h, const char* path);
    void (*trace_close)(void* h);
    /* number of RTL errors ($error / failed assertions) seen so far */
    uint32_t (*errors)(void* h);
} gpucoh_rtl_api_t;

typedef const gpucoh_rtl_api_t* (*gpucoh_rtl_api_fn)(void);

/* Exported by every model.so. */
const gpucoh_rtl_api_t* gpucoh_rtl_api(void);

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_RTL_H */
