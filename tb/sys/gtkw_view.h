/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtkw_view.h -- what every protocol's GTKWave view of a divergence (its wave_gtkw hook,
 * docs/waves.md) is built from: the save file's header (title, first divergence, scopes, time
 * base) with the diverging unit's scope opened, traces named scope.mod.signal from tables of
 * signals with their translate filters, the diverging signal red and first, groups of ports, the
 * lines listed, the other units' handshakes in closed groups, and the file's commit; for a
 * protocol of two units (an L1 per SM, an L2 per bank: GPU, DeNovo) the hook itself
 * (gtkw_view_write). What stays in a protocol (tb/proto/tc/tc_gtkw.c, tb/proto/gpu/gpu_gtkw.c,
 * tb/proto/denovo/denovo_gtkw.c) is its signal tables, the RTL signal of a field path, and the
 * groups of its units' state.
 */
#ifndef GPUCOH_GTKW_VIEW_H
#define GPUCOH_GTKW_VIEW_H

#include <stddef.h>
#include <stdint.h>

#include "gsys_backend.h"
#include "mwave.h"

/* the traces of one unit: scope.mod.name */
typedef struct {
    gpucoh_gtkw_t* g;
    char scope[32];
    const char* mod; /* the unit's module in the dump ("tc_l1", "gpu_l2") */
    char red[128];   /* the diverging signal (path below scope.mod), "" if none */
} gtkw_view_t;

/* a signal of a unit's views, with the translate filter of an enum field (NULL none) */
typedef struct {
    const char* sig;
    const char* filter;
} gtkw_sigdef_t;

#define GTKW_NSIG(t) (sizeof(t) / sizeof((t)[0]))

/* one trace scope.mod.name; red when it is the diverging signal */
void gtkw_view_tr(gtkw_view_t* v, const char* name, const char* filter);
/* the same in format fmt (GPUCOH_GTKW_HEX, _BIN, _DEC: unsigned decimal) */
void gtkw_view_trf(gtkw_view_t* v, const char* name, const char* filter, int fmt);
/* one trace scope.mod.name (i < 0) or scope.mod.name[i] in unsigned decimal (a timestamp) */
void gtkw_view_dec(gtkw_view_t* v, const char* name, long i);
/* one trace scope.mod.name[i] */
void gtkw_view_tri(gtkw_view_t* v, const char* name, unsigned i, const char* filter);
/* every signal of table t; with i >= 0, element i of each (name[i]) */
void gtkw_view_trs(gtkw_view_t* v, const gtkw_sigdef_t* t, size_t n, long i);
/* a group "scope NAME" (closed or open) holding every signal of table t */
void gtkw_view_group(gtkw_view_t* v, const char* name, bool closed, const gtkw_sigdef_t* t,
                     size_t n);

/* the diverging line (of lines, ways a set): if it is one, opens its group "scope line L: set S
 * way W" and returns true */
bool gtkw_view_line_group(gtkw_view_t* v, uint32_t lines, uint32_t ways, int line);
/* the lines listed, [*lo, *hi): all of them up to 16, else the diverging line's set (else the
 * first 16); opens their group "scope lines LO..HI" */
void gtkw_view_lines_group(gtkw_view_t* v, uint32_t lines, uint32_t ways, int line, uint32_t* lo,
                           uint32_t* hi);

/* A new save file for the divergence div in unit scope of dump w, module mod: the header
 * comments (title, the first divergence, the scopes, the time base), the scope and scope.mod
 * opened; *v is the unit's view (red still ""). NULL (err set) if out of memory. */
gpucoh_gtkw_t* gtkw_view_begin(gtkw_view_t* v, const gpucoh_mwave_t* w, const char* gtkw_path,
                               const gsys_rtl_result_t* div, const char* scope, const char* mod,
                               const char* title, char* err, size_t errlen);

/* the divergence's comment (the values, else its kind), then v->red (if any) first and red */
void gtkw_view_mark(gtkw_view_t* v, const gsys_rtl_result_t* div, const char* red_filter);

/* The unit of scope s: its module and the table of its handshake ports. */
typedef const char* (*gtkw_view_ports_fn)(const char* s, const gtkw_sigdef_t** t, size_t* n);

/* every unit of w but scope: its ports (ports()) in a closed group "s ports" */
void gtkw_view_others(gpucoh_gtkw_t* g, const gpucoh_mwave_t* w, const char* scope,
                      gtkw_view_ports_fn ports);

/* the counts (a note on stderr if signals are missing from the dump) and the file written:
 * 0 = written */
int gtkw_view_finish(gpucoh_gtkw_t* g, unsigned* traces, unsigned* missing, char* err,
                     size_t errlen);

/* ---- pieces of a field path (the compare's name of a field below the unit) ---------------- */

/* "set[S].way[W].X": *line = S * ways + W, x = X (letters); false if f is not one */
bool gtkw_view_set_way(const char* f, uint32_t ways, int* line, char* x, size_t xn);
/* f is one of names[0..n) */
bool gtkw_view_named(const char* f, const char* const* names, size_t n);
/* an output port, perhaps with a bit range ("crsp_data_o[63:32]"): sig = the port; returns its
 * translate filter from the tables a[0..na), b[0..nb) (NULL none) */
const char* gtkw_view_port(const char* f, const gtkw_sigdef_t* a, size_t na, const gtkw_sigdef_t* b,
                           size_t nb, char* sig, size_t n);

/* ---- a protocol of an L1 per SM and an L2 per bank (GPU, DeNovo) ---------------------------- */
typedef struct {
    const char* l1_mod; /* the modules in the dump: "gpu_l1", "gpu_l2" */
    const char* l2_mod;
    /* the RTL signal (path below scope.mod) of field path f of an L1 (l1) or L2 unit: sig ("" if
     * none), *line the line index it names (-1 none), *filter its translate filter (NULL none) */
    void (*field)(const void* pd, bool l1, const char* f, char* sig, size_t n, int* line,
                  const char** filter);
    /* the unit's groups (its diverging line first, if line >= 0) */
    void (*unit)(gtkw_view_t* v, const void* pd, bool l1, int line);
    gtkw_view_ports_fn ports; /* the handshake ports of the other units */
} gtkw_view_proto_t;

/* The wave_gtkw hook of such a protocol: scope "smJ_l1" is an L1, any other an L2; the header,
 * the diverging signal red and first, p->unit's groups, the other units' ports. 0 = written. */
int gtkw_view_write(const gtkw_view_proto_t* p, const void* pd, const gsys_rtl_result_t* div,
                    const char* scope, const gpucoh_mwave_t* w, const char* gtkw_path,
                    const char* title, unsigned* traces, unsigned* missing, char* err,
                    size_t errlen);

#endif
