/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tb_ports.h -- the testbench's expansions of a unit's port table (cmodel/<unit>_ports.h,
 * cmodel/gpucoh_ports.h; docs/framework.md "The port table"): the output compare and the wave
 * lists of the GTKWave save file.
 *
 * Output compare, every OUT row in table order, inside a compare function that has
 *   e, g      the model's and the RTL's out structs (pointers)
 *   mm, bad   the gpucoh_mismatch_t* and the uint32_t* count of differing fields
 * and with TB_PORT_PREFIX defined as the field path's prefix ("sig_bloom." or ""):
 *
 *   UNIT_PORTS(TB_PORT_CMP, P)     P(Name): the RTL parameter Name (only WORDS rows use it)
 *
 * A SCALAR row is compared as a whole ("<prefix><port>"), a WORDS row word by word
 * ("<prefix><port>[hi:lo]" of the first differing word), a BITS row bit by bit ("<prefix><port>[j]"
 * of the lowest differing bit, counted once); IN, PACKED and NONE rows are not compared.
 *
 * Wave lists, with TB_PORT_TOP defined as the signals' scope ("TOP.sig_bloom."):
 *
 *   { TB_PORT_TOP "clk_i", UNIT_PORTS(TB_PORT_WAVE, P) <the state signals>, NULL }
 *   { "",                  UNIT_PORTS(TB_PORT_WFILT, P) <their filters>,    NULL }
 *
 * and in a wave_width(pv, i) function, with `unsigned k = 1;` (clk_i is entry 0) and P(Name)
 * read from pv (tb_pv_rtl):
 *
 *   UNIT_PORTS(TB_PORT_WWIDTH, P)  returns the width of entry i if it is a port
 */
#ifndef GPUCOH_TB_PORTS_H
#define GPUCOH_TB_PORTS_H

#include "gpucoh_ports.h"
#include "tb_common.h"
#include "unit.h"

/* P for expansions that use no width (a SCALAR compare, the wave names and filters) */
#define TB_PORT_NO_P(n) 0
/* the rows of a port table as gpucoh_port_row_t (unit.h): TABLE(TB_PORT_ROW, TB_PORT_NO_P) */
#define TB_PORT_ROW(port, dir, w, f, shape, wave, filt) {#port, #dir, #wave, filt},
/* .ports and .nports of a catalogue entry from an array of TB_PORT_ROW rows */
#define TB_PORT_ROWS(rows) .ports = (rows), .nports = (uint32_t)(sizeof(rows) / sizeof((rows)[0]))

#define TB_PORT_CMP(port, dir, w, f, shape, wave, filt) TB_PORT_CMP_##dir(port, w, f, shape)
#define TB_PORT_CMP_IN(port, w, f, shape)
#define TB_PORT_CMP_OUT(port, w, f, shape) TB_PORT_CMP_##shape(port, w, f)
#define TB_PORT_CMP_SCALAR(port, w, f)     tb_cmp_u64(mm, bad, e->f, g->f, TB_PORT_PREFIX #port);
#define TB_PORT_CMP_NONE(port, w, f)       /* no C field (tc_gwct's read port) */
/* one bit per SM (rdu's req_ready_o): the lowest differing bit, "<prefix><port>[j]" */
#define TB_PORT_CMP_BITS(port, w, f)                                                               \
    if (e->f != g->f) {                                                                            \
        const uint32_t tb_j_ = (uint32_t)__builtin_ctzll((uint64_t)(e->f ^ g->f));                 \
        tb_cmp_u64(mm, bad, (e->f >> tb_j_) & 1u, (g->f >> tb_j_) & 1u,                            \
                   TB_PORT_PREFIX #port "[%u]", tb_j_);                                            \
    }
#define TB_PORT_CMP_WORDS(port, w, f)                                                              \
    tb_cmp_words(mm, bad, e->f, g->f, ((uint32_t)(w) + 31u) / 32u, (uint32_t)(w),                  \
                 TB_PORT_PREFIX #port);

#define TB_PORT_WAVE(port, dir, w, f, shape, wave, filt) TB_PORT_WAVE_##wave(port)
#define TB_PORT_WAVE_WAVE(port)                          TB_PORT_TOP #port,
#define TB_PORT_WAVE_NOWAVE(port)
#define TB_PORT_WFILT(port, dir, w, f, shape, wave, filt) TB_PORT_WFILT_##wave(filt)
#define TB_PORT_WFILT_WAVE(filt)                          filt,
#define TB_PORT_WFILT_NOWAVE(filt)
#define TB_PORT_WWIDTH(port, dir, w, f, shape, wave, filt) TB_PORT_WWIDTH_##wave(w)
#define TB_PORT_WWIDTH_WAVE(w)                                                                     \
    if (i == k++)                                                                                  \
        return (uint32_t)(w);
#define TB_PORT_WWIDTH_NOWAVE(w)

/* The value of the parameter whose RTL name is rtl in a resolved parameter set (its definitions
 * defs[0..n-1]); 0 if the unit has no such parameter. */
uint64_t tb_pv_rtl(const gpucoh_param_def_t* defs, unsigned n, const gpucoh_pvals_t* pv,
                   const char* rtl);

/* A unit whose waves are clk_i and its port table's (DeNovo, GPU, hLRC and TC units), with
 * TB_PORT_TOP defined as their scope: the static arrays pre##_waves, pre##_wfilt and
 * pre##_port_rows (TB_PORT_ROWS) and the function pre##_wave_width, which reads an RTL parameter
 * from pv through the definitions of the gpucoh_unit_t unit (TB_PORT_PV). */
#define TB_PORT_LISTS(pre, TABLE, unit)                                                            \
    static const char* const pre##_waves[] = {TB_PORT_TOP "clk_i",                                 \
                                              TABLE(TB_PORT_WAVE, TB_PORT_NO_P) NULL};             \
    static const char* const pre##_wfilt[] = {"", TABLE(TB_PORT_WFILT, TB_PORT_NO_P) NULL};        \
    static const gpucoh_port_row_t pre##_port_rows[] = {TABLE(TB_PORT_ROW, TB_PORT_NO_P)};         \
    static uint32_t pre##_wave_width(const gpucoh_pvals_t* pv, unsigned i) {                       \
        const gpucoh_unit_t* tb_u_ = &(unit);                                                      \
        unsigned k = 1; /* clk_i */                                                                \
        (void)pv;       /* used by a row wider than 1 bit, if the table waves one */               \
        (void)tb_u_;                                                                               \
        TABLE(TB_PORT_WWIDTH, TB_PORT_PV)                                                          \
        return 1u;                                                                                 \
    }
/* P in TB_PORT_LISTS's wave_width: the RTL parameter Name of the unit's resolved pv */
#define TB_PORT_PV(n) tb_pv_rtl(tb_u_->params, tb_u_->nparams, pv, #n)

#endif
