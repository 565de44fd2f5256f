/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mwave.h -- one wave file for a system of several Verilated units (docs/waves.md).
 *
 * Each Verilated instance is a model of its own (verilator/gpucoh_rtl.h) and can only trace into
 * its own FST. A gpucoh_mwave_t collects the instances of a system under scope names ("sm0_l1",
 * "bank1_l2", "timer"), starts and stops their traces together, and at the end merges them into
 * ONE file with one top-level scope per instance (the instance's Verilator TOP renamed):
 *
 *   each instance -> <dir>/.<name>.parts/<scope>.fst       (trace_open of its shim)
 *                 -> <scope>.vcd                            (fst2vcd, gtkwave package)
 *   all           -> one VCD: identifier codes renumbered, timestamps interleaved
 *                 -> the requested .fst (vcd2fst) or .vcd   (the parts are removed)
 *
 * Nothing here knows a protocol: a system adds its instances and says when to start and stop.
 * The merge also records every variable (full path, width, range) so that a GTKWave save file
 * can be written that names only signals the dump really has (gpucoh_gtkw_*).
 *
 * Time: every instance of a system is created at the same moment and ticked once per cycle, so
 * their clocks agree (2 time units per cycle: inputs at 2c, rising edge at 2c+1; docs/timing.md).
 */
#ifndef GPUCOH_MWAVE_H
#define GPUCOH_MWAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gpucoh_rtl.h"

typedef struct gpucoh_mwave gpucoh_mwave_t;

/* A variable of the merged dump: "sm2_l1.tc_l1.st_q[6]", 3 bits, range "[2:0]" ("" for none). */
typedef struct {
    char* path;
    uint32_t width;
    char range[32];
} gpucoh_wvar_t;

/* A merger for the file `path` (must end in .fst or .vcd; err says why not). */
gpucoh_mwave_t* gpucoh_mwave_new(const char* path, char* err, size_t errlen);
void gpucoh_mwave_free(gpucoh_mwave_t* w);

/* Add an instance (before start). scope: letters, digits and '_'. */
int gpucoh_mwave_add(gpucoh_mwave_t* w, const char* scope, const gpucoh_rtl_api_t* api, void* h);
unsigned gpucoh_mwave_count(const gpucoh_mwave_t* w);
const char* gpucoh_mwave_scope(const gpucoh_mwave_t* w, unsigned i);

/* Open every instance's trace (0, or -1 with gpucoh_mwave_error set). */
int gpucoh_mwave_start(gpucoh_mwave_t* w);
bool gpucoh_mwave_started(const gpucoh_mwave_t* w);
/* Close every trace and write the merged file (0, or -1 with gpucoh_mwave_error set). Call it
 * before the instances are destroyed. A second call does nothing. */
int gpucoh_mwave_finish(gpucoh_mwave_t* w);
bool gpucoh_mwave_done(const gpucoh_mwave_t* w);
const char* gpucoh_mwave_error(const gpucoh_mwave_t* w); /* "" if none */
const char* gpucoh_mwave_path(const gpucoh_mwave_t* w);

/* After finish: the merged dump's variables and first / last time. */
unsigned gpucoh_mwave_nvars(const gpucoh_mwave_t* w);
const gpucoh_wvar_t* gpucoh_mwave_var(const gpucoh_mwave_t* w, unsigned i);
const gpucoh_wvar_t* gpucoh_mwave_find(const gpucoh_mwave_t* w, const char* path);
int64_t gpucoh_mwave_first_time(const gpucoh_mwave_t* w);
int64_t gpucoh_mwave_last_time(const gpucoh_mwave_t* w);

/* The merger alone (exposed for tests/test_mwave.c): n VCD files -> out (a VCD), file i's top
 * scope TOP renamed scopes[i] (anything else at its top level is put inside scopes[i]); the
 * variables are appended to w's table (w may be NULL). 0, or -1 with err set. */
int gpucoh_vcd_merge(const char* const* in, const char* const* scopes, unsigned n, const char* out,
                     gpucoh_mwave_t* w, char* err, size_t errlen);

/* ---- GTKWave save files naming only variables of a merged dump --------------------------------
 * Traces are written in order; a trace whose variable the dump does not have is left out and
 * counted (gpucoh_gtkw_missing). Filters are files under <root>/waves/filters/, written as paths
 * relative to the save file's directory together with a [savefile] line, which is how GTKWave
 * 3.3 resolves them (relative to wherever the save file is loaded from); the dump file likewise. */
typedef struct gpucoh_gtkw gpucoh_gtkw_t;

enum { GPUCOH_GTKW_HEX = 0, GPUCOH_GTKW_BIN = 1, GPUCOH_GTKW_DEC = 2 };

/* marker: time of the primary marker (-1 none); the view: the dump's last page, marker about
 * three quarters across, when the dump goes on past the marker, else the whole dump. */
gpucoh_gtkw_t* gpucoh_gtkw_new(const gpucoh_mwave_t* w, const char* gtkw_path, int64_t marker);
void gpucoh_gtkw_header_comment(gpucoh_gtkw_t* g, const char* text); /* a "[*] text" line */
void gpucoh_gtkw_treeopen(gpucoh_gtkw_t* g, const char* scope);      /* SST tree node opened */
void gpucoh_gtkw_comment(gpucoh_gtkw_t* g, const char* text);        /* a comment trace */
void gpucoh_gtkw_group(gpucoh_gtkw_t* g, const char* name, bool closed);
void gpucoh_gtkw_group_end(gpucoh_gtkw_t* g);
/* path as in the dump without range ("sm2_l1.tc_l1.st_q[6]"); filter: a file name under
 * waves/filters/ or NULL; color: 0 default, 1 red, ... 7 (GTKWave's list). true if written. */
bool gpucoh_gtkw_trace(gpucoh_gtkw_t* g, const char* path, const char* filter, int fmt, int color);
unsigned gpucoh_gtkw_written(const gpucoh_gtkw_t* g);
unsigned gpucoh_gtkw_missing(const gpucoh_gtkw_t* g);
const char* gpucoh_gtkw_first_missing(const gpucoh_gtkw_t* g);
/* Write the file (atomically) and free g. */
int gpucoh_gtkw_commit(gpucoh_gtkw_t* g, char* err, size_t errlen);
void gpucoh_gtkw_free(gpucoh_gtkw_t* g);

/* The path of `target` relative to directory `dir` (both made absolute; no symlinks resolved
 * beyond realpath of what exists): "../../waves/filters/x.txt". */
void gpucoh_relpath(const char* dir, const char* target, char* buf, size_t n);

#endif
