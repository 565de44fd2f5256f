/* SPDX-License-Identifier: Apache-2.0 */
/*
 * unit.h -- what the gpucoh tool knows about a catalogue unit.
 *
 * A unit is described once (tb/cli/units.c): its parameters (command-line name, RTL name, legal
 * values), its RTL files and top module, and a testbench adapter (tb/<unit>_tb.c) that gives
 * the lockstep engine (tb/engine/cosim.c) stimulus, the C model, output/state comparison with field
 * paths, and transition coverage. The engine never looks inside the port structs.
 */
#ifndef GPUCOH_UNIT_H
#define GPUCOH_UNIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define GPUCOH_MAX_PARAMS 24

typedef enum { GPUCOH_P_UINT, GPUCOH_P_ENUM } gpucoh_pkind_t;

typedef struct {
    const char* name;              /* command-line name, e.g. "m" */
    const char* rtl;               /* RTL parameter, e.g. "SigBits" */
    gpucoh_pkind_t kind;           /* GPUCOH_P_ENUM: value is an index into enum_names */
    const char* const* enum_names; /* NULL-terminated, for GPUCOH_P_ENUM */
    const char* help;              /* one line: meaning and legal range */
} gpucoh_param_def_t;

/* A parameter set: one value per definition. */
typedef struct {
    uint64_t v[GPUCOH_MAX_PARAMS];
    bool set[GPUCOH_MAX_PARAMS]; /* given on the command line (else default) */
} gpucoh_pvals_t;

/* First divergence detail, filled by an adapter's compare functions. */
typedef struct {
    char field[128];    /* e.g. "sig_bloom.bits[1021]" */
    char expected[192]; /* C model, hex */
    char got[192];      /* RTL, hex */
    uint32_t extra;     /* further differing elements in the same compare */
} gpucoh_mismatch_t;

/* Stimulus options (--steer, --illegal-rate; docs/testing.md "Cover points"). */
typedef struct {
    bool steer;            /* biased corner values and targeted phases (default on); off = the
                              stimulus of before the cover points, same seed -> same inputs */
    bool illegal_set;      /* --illegal-rate given; else the unit's default (its page) */
    uint32_t illegal_rate; /* illegal inputs per 100 000 cycles (--illegal-rate N per 1000) */
} gpucoh_stim_cfg_t;

typedef struct gpucoh_tb_ops {
    size_t ctx_size, in_size, out_size, state_size;
    /* Build the model from a resolved parameter set; prepare the stimulus generator. */
    int (*init)(void* ctx, const gpucoh_pvals_t* pv, uint64_t seed, int stim, char* err,
                size_t errlen);
    /* Stimulus for cycle `cycle` (cycle 0 and 1 always hold reset). */
    void (*next_input)(void* ctx, uint64_t cycle, void* in);
    /* One rising edge of the C model. */
    void (*model_tick)(void* ctx, const void* in, void* out);
    /* Compare outputs / the RTL's state against the model; return the number of differing
     * fields (0 = equal) and describe the first in *mm. */
    uint32_t (*compare_out)(void* ctx, const void* model_out, const void* rtl_out,
                            gpucoh_mismatch_t* mm);
    uint32_t (*compare_state)(void* ctx, const void* rtl_state, gpucoh_mismatch_t* mm);
    /* One input as JSON object text (for the last-inputs list of a failure report). */
    void (*input_json)(void* ctx, const void* in, char* buf, size_t n);
    /* Coverage: covered / reachable rows, and the rows (id, name, count, reachable). */
    void (*coverage)(void* ctx, uint32_t* covered, uint32_t* reachable);
    uint32_t (*coverage_rows)(void* ctx);
    void (*coverage_row)(void* ctx, uint32_t row, const char** id, const char** name,
                         uint64_t* count, bool* reachable);
    /* Optional (NULL = the unit has none): functional cover points counted by the C model
     * (F01, F02, ... in the order of the model's enum; the unit page's "Cover points"). */
    uint32_t (*fcov_rows)(void* ctx);
    void (*fcov_row)(void* ctx, uint32_t row, const char** id, const char** name, uint64_t* count,
                     bool* reachable);
    /* Optional: apply stimulus options after init, before the first next_input, and write
     * the illegal-input rate in effect back into cfg. Without it the adapter steers (the
     * default) and drives no illegal inputs. Returns 0, or -1 with a message for an option the
     * unit cannot honour. */
    int (*stim_cfg)(void* ctx, gpucoh_stim_cfg_t* cfg, char* err, size_t errlen);
    /* Optional: RTL assertion failures the stimulus has provoked on purpose so far (illegal
     * inputs the model counted as protocol errors); the engine requires the RTL's count to be
     * exactly this every cycle. NULL = none expected. */
    uint64_t (*rtl_errors)(void* ctx);
    /* Optional: illegal inputs presented so far (--illegal-rate); reported in the summary line */
    uint64_t (*illegal_inputs)(void* ctx);
} gpucoh_tb_ops_t;

/* Stimulus modes (--stim). */
enum { GPUCOH_STIM_MIXED = 0, GPUCOH_STIM_RANDOM = 1, GPUCOH_STIM_DIRECTED = 2 };

/* One row of a unit's port table (cmodel/<family>/<unit>_ports.h; docs/framework.md "The port
 * table"), as text: the port's name, IN or OUT, WAVE or NOWAVE, and its wave filter ("" none). */
typedef struct {
    const char* port;
    const char* dir;
    const char* wave;
    const char* filter;
} gpucoh_port_row_t;

typedef struct gpucoh_unit {
    const char* name;             /* "sig_bloom" */
    const char* summary;          /* one line */
    const char* source;           /* paper / notes section */
    const char* status;           /* catalogue status */
    const char* top;              /* RTL top module */
    const char* const* rtl_files; /* relative to the RTL directory, package first, NULL-ended */
    const gpucoh_param_def_t* params;
    unsigned nparams;
    /* Defaults for unset parameters (some derive from others) and validation with a message
     * naming the problem. */
    int (*resolve)(gpucoh_pvals_t* pv, char* err, size_t errlen);
    uint32_t (*storage_bits)(const gpucoh_pvals_t* pv);
    /* How the SRAM-macro estimate of `gpucoh area` holds the storage (docs/area-method.md):
     * bits moved into macros, number of macros, ports per macro. */
    void (*sram_shape)(const gpucoh_pvals_t* pv, uint32_t* bits, uint32_t* banks, uint32_t* ports);
    const gpucoh_tb_ops_t* tb;
    /* Signals of the GTKWave save file, in order ("TOP.sig_bloom.op_i"), and the translate
     * filter each uses ("" = none; else a file under waves/filters/). NULL-ended. */
    const char* const* wave_signals;
    const char* const* wave_filters;
    const gpucoh_port_row_t*
        ports; /* the port table's rows (TB_PORT_ROWS), for tests/test_ports.c */
    uint32_t nports;
    /* Width in bits of wave signal i under a parameter set (for the save file's names). */
    uint32_t (*wave_width)(const gpucoh_pvals_t* pv, unsigned i);
    /* Optional: the C model's state struct (the type the shim's state() fills) inside the
     * adapter's ctx. The netlist lockstep takes from it the state bits synthesis removed, so
     * that the rest of the state is still compared (docs/testing.md, "Netlist lockstep"). */
    const void* (*model_state)(const void* tb_ctx);
    /* ---- the manifest (docs/framework.md, "The unit manifest"): what the tools and scripts
     * read about the unit instead of lists of names of their own (`gpucoh units --get`). */
    const char* family;  /* "sig", "tc", "gpu": its protocol (gsys_proto_find) when it has one */
    const char* context; /* "standalone" (a lockstep of its own, tb set), or the name of the
                            system slot of its family's protocol that it fills ("l1", "l2") */
    bool netlist;        /* has a netlist lockstep: its own (standalone), or in its slot */
    bool systemc;        /* has pin-level SystemC modules (systemc/<name>_sc_c.h) */
    /* Optional fields (NULL or false = none; `gpucoh units --get` prints ""): */
    const char* verilator_flags; /* extra Verilator flags of its models (tools/build_rtl.sh,
                                    systemc/build_sc.sh), e.g. "--unroll-count 256" */
    const char* lint_params;     /* reduced sizes of the Yosys / Icarus lint gates
                                    (tools/lint_rtl.sh), RTL names: "L1Sets=4 LineBytes=16" */
    const char* synth_script;    /* the script owning its committed default synthesis point */
    const char* synth_point;     /* that point, as the script's --list / --only names it */
    const char* synth_result;    /* its result: synth/results/<synth_result>.area.txt */
    bool synth_hier;             /* synthesized hierarchically (synth/hier.sh: sig_store black
                                    boxes) at m = 1K..16K, the other parameters at defaults */
    const char* netlist_params;  /* the parameter set of its standalone netlist lockstep in the
                                    tests ("m=256 chunk_width=32": --param NAME=VALUE each) */
} gpucoh_unit_t;

/* The catalogue: declared here, defined by the top's unit registry (tb/cli/units.c), which
 * sees every layer (docs/framework.md, "Layers"). */
const gpucoh_unit_t* gpucoh_unit_find(const char* name);
const gpucoh_unit_t* const* gpucoh_units(void); /* NULL-ended */

/* The parameters of a unit (tb/engine/tb_common.c). "--param name=value" into pv; error text names
 * the problem. */
int gpucoh_param_set(const gpucoh_unit_t* u, gpucoh_pvals_t* pv, const char* kv, char* err,
                     size_t errlen);
/* Value as text (enum name or decimal). */
void gpucoh_param_str(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, unsigned i, char* buf,
                      size_t n);
/* The parameters of pv off the unit's defaults as "name<value> ..." (e.g. "m256 chunk_width32";
 * "" at the defaults), for gpucoh_name_tag. */
void gpucoh_param_diff(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, char* buf, size_t n);
/* RTL value (enum index) as "Name=Value". */
void gpucoh_param_rtl(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, unsigned i, char* buf,
                      size_t n);

#endif
