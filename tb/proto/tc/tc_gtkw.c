/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_gtkw.c -- the GTKWave view of a divergence in a TC system run (tb/proto/tc/tc_gtkw.h): the
 * diverging unit's ports and state (line states, timestamps, MSHRs, counters) in groups, named
 * by the translate filters of waves/filters/, the diverging signal red and first, the other
 * units' handshakes in closed groups. TC's wave_gtkw hook (tc_proto.c); the failure window
 * itself is the shared system's (tb/sys/swave.c).
 */
#include "tc_gtkw.h"

#include <string.h>

#include "tc_sys.h"

/* ---- the GTKWave view ----------------------------------------------------------------------- */

typedef struct {
    gpucoh_gtkw_t* g;
    char scope[32];
    const char* mod; /* "tc_l1", "tc_l2", "tc_timer" */
    char red[128];   /* the diverging signal (path below scope.mod), "" if none */
} view_t;

/* one trace scope.mod.name; red when it is the diverging signal */
static void tr(view_t* v, const char* name, const char* filter) {
    char p[256];
    snprintf(p, sizeof p, "%s.%s.%s", v->scope, v->mod, name);
    gpucoh_gtkw_trace(v->g, p, filter, GPUCOH_GTKW_HEX, strcmp(name, v->red) ? 0 : 1);
}

static void tri(view_t* v, const char* name, unsigned i, const char* filter) {
    char b[96];
    snprintf(b, sizeof b, "%s[%u]", name, i);
    tr(v, b, filter);
}

enum { K_L1, K_L2, K_TIMER };

/* The RTL signal of a field path (below the unit): the register the shim reads it from. *line:
 * the line index it names (-1 none). */
static void field_signal(int kind, const tc_desc_t* d, const char* f, char* sig, size_t n,
                         int* line) {
    unsigned s, w, k;
    char x[64];
    sig[0] = 0;
    *line = -1;
    const uint32_t ways = kind == K_L1 ? d->l1_ways : d->l2_ways;
    if (sscanf(f, "set[%u].way[%u].%63s", &s, &w, x) == 3) {
        *line = (int)(s * ways + w);
        snprintf(sig, n, "%s_q[%d]", x, *line);
    } else if (sscanf(f, "set[%u].%63s", &s, x) == 2 && !strcmp(x, "rr")) {
        snprintf(sig, n, "rr_q");
    } else if (kind == K_L2 && sscanf(f, "mshr[%u].%63s", &k, x) == 2) {
        static const char* const mf[][2] = {
            {"v", "mv_q"},   {"kind", "mkind_q"}, {"line", "mline_q"}, {"way", "mway_q"},
            {"ts", "mts_q"}, {"sm", "msm_q"},     {"op", "mop_q"},     {"src", "msrc_q"},
            {"wf", "mwf_q"}, {"aop", "maop_q"},   {"word", "mword_q"}, {"a", "ma_q"},
            {"b", "mb_q"},   {"data", "mdata_q"}, {"mask", "mmask_q"}};
        for (unsigned i = 0; i < sizeof mf / sizeof mf[0]; i++)
            if (!strcmp(x, mf[i][0])) {
                if (i == 0)
                    snprintf(sig, n, "mv_q");
                else
                    snprintf(sig, n, "%s[%u]", mf[i][1], k);
            }
    } else if (!strcmp(f, "fcnt")) {
        snprintf(sig, n, "u_fifo.cnt_q");
    } else if (!strcmp(f, "life")) {
        snprintf(sig, n, "life_q");
    } else if (sscanf(f, "gwct.cnt[%u]", &k) == 1) {
        snprintf(sig, n, "u_gwct.cnt_q[%u]", k);
    } else if (sscanf(f, "gwct[%u]", &k) == 1) {
        snprintf(sig, n, "u_gwct.gwct_q[%u]", k);
    } else {
        /* an output port, perhaps with a bit range: "crsp_data_o[63:32]" */
        snprintf(sig, n, "%.*s", (int)strcspn(f, "["), f);
    }
}

/* The ports of a unit: the control and address fields (data = false), or the payload ones
 * (data = true: byte masks, data, atomic operands). */
/* The signals of a unit's views, with the translate filter of each enum field. */
typedef struct {
    const char* sig;
    const char* filter;
} sigdef_t;

#define NSIG(t) (sizeof(t) / sizeof((t)[0]))

static const sigdef_t L1_PORTS[] = {
    {"clk_i", NULL},
    {"rst_ni", NULL},
    {"now_i", NULL},
    {"era_i", NULL},
    {"roll_i", NULL},
    {"core_valid_i", NULL},
    {"core_op_i", "tc_op.txt"},
    {"core_wf_i", NULL},
    {"core_line_i", NULL},
    {"core_ready_o", NULL},
    {"rsp_valid_i", NULL},
    {"rsp_kind_i", "tc_rsp_kind.txt"},
    {"rsp_wf_i", NULL},
    {"rsp_line_i", NULL},
    {"rsp_ts_i", NULL},
    {"rsp_era_i", NULL},
    {"crsp_valid_o", NULL},
    {"crsp_kind_o", "tc_crsp_kind.txt"},
    {"crsp_wf_mask_o", NULL},
    {"crsp_line_o", NULL},
    {"req_valid_o", NULL},
    {"req_kind_o", "tc_req_kind.txt"},
    {"req_wf_o", NULL},
    {"req_line_o", NULL},
    {"req_exp_o", NULL},
    {"req_ts_o", NULL},
    {"req_era_o", NULL},
    {"fence_ready_o", NULL},
    {"wr_idle_o", NULL},
};

static const sigdef_t L1_DATA[] = {
    {"core_mask_i", NULL},  {"core_data_i", NULL}, {"core_aop_i", "tc_aop.txt"},
    {"core_word_i", NULL},  {"core_a_i", NULL},    {"core_b_i", NULL},
    {"rsp_atomic_i", NULL}, {"rsp_data_i", NULL},  {"crsp_data_o", NULL},
    {"req_mask_o", NULL},   {"req_data_o", NULL},  {"req_aop_o", "tc_aop.txt"},
    {"req_word_o", NULL},   {"req_a_o", NULL},     {"req_b_o", NULL},
};

static const sigdef_t L2_PORTS[] = {
    {"clk_i", NULL},
    {"rst_ni", NULL},
    {"now_i", NULL},
    {"era_i", NULL},
    {"roll_i", NULL},
    {"req_valid_i", NULL},
    {"req_kind_i", "tc_req_kind.txt"},
    {"req_src_i", NULL},
    {"req_wf_i", NULL},
    {"req_line_i", NULL},
    {"req_exp_i", NULL},
    {"req_ts_i", NULL},
    {"req_era_i", NULL},
    {"req_ready_o", NULL},
    {"rsp_valid_o", NULL},
    {"rsp_kind_o", "tc_rsp_kind.txt"},
    {"rsp_dst_o", NULL},
    {"rsp_wf_o", NULL},
    {"rsp_line_o", NULL},
    {"rsp_ts_o", NULL},
    {"rsp_era_o", NULL},
    {"mem_valid_i", NULL},
    {"mem_line_i", NULL},
    {"mreq_fetch_o", NULL},
    {"mreq_fetch_line_o", NULL},
    {"mreq_wb_o", NULL},
    {"mreq_wb_line_o", NULL},
};

static const sigdef_t L2_DATA[] = {
    {"req_mask_i", NULL},     {"req_data_i", NULL}, {"req_aop_i", "tc_aop.txt"},
    {"req_word_i", NULL},     {"req_a_i", NULL},    {"req_b_i", NULL},
    {"rsp_atomic_o", NULL},   {"rsp_data_o", NULL}, {"mem_data_i", NULL},
    {"mreq_wb_data_o", NULL},
};

static const sigdef_t TIMER_PORTS[] = {
    {"clk_i", NULL}, {"rst_ni", NULL}, {"load_i", NULL}, {"load_val_i", NULL},
    {"now_o", NULL}, {"era_o", NULL},  {"roll_o", NULL},
};

static const sigdef_t L1_LINE[] = {{"lts_q", NULL}, {"mts_q", NULL},  {"rd_q", NULL},
                                   {"waw_q", NULL}, {"wcnt_q", NULL}, {"orig_q", NULL},
                                   {"late_q", NULL}};
static const sigdef_t L2_LINE[] = {{"gts_q", NULL}, {"dirty_q", NULL}};
static const sigdef_t L2_MSHR[] = {
    {"mkind_q", "tc_mshr_kind.txt"}, {"mline_q", NULL}, {"mts_q", NULL}, {"msm_q", NULL},
    {"mop_q", "tc_req_kind.txt"},    {"mway_q", NULL}};

/* every signal of table t; with i >= 0, element i of each (name[i]) */
static void trs(view_t* v, const sigdef_t* t, size_t n, long i) {
    for (size_t k = 0; k < n; k++) {
        if (i >= 0)
            tri(v, t[k].sig, (unsigned)i, t[k].filter);
        else
            tr(v, t[k].sig, t[k].filter);
    }
}

/* the lines listed: all of them up to 16, else the diverging line's set (else the first 16) */
static void line_range(uint32_t lines, uint32_t ways, int line, uint32_t* lo, uint32_t* hi) {
    if (lines <= 16) {
        *lo = 0;
        *hi = lines;
    } else if (line >= 0) {
        *lo = (uint32_t)line / ways * ways;
        *hi = *lo + ways;
    } else {
        *lo = 0;
        *hi = 16;
    }
}

static void unit_view(view_t* v, int kind, const tc_desc_t* d, int line) {
    gpucoh_gtkw_t* g = v->g;
    char t[256];
    if (kind == K_TIMER) {
        snprintf(t, sizeof t, "%s ports, state", v->scope);
        gpucoh_gtkw_group(g, t, false);
        trs(v, TIMER_PORTS, NSIG(TIMER_PORTS), -1);
        tr(v, "now_q", NULL);
        tr(v, "era_q", NULL);
        gpucoh_gtkw_group_end(g);
        return;
    }
    const bool l1 = kind == K_L1;
    const uint32_t ways = l1 ? d->l1_ways : d->l2_ways;
    const uint32_t lines = l1 ? d->l1_sets * d->l1_ways : d->l2_sets * d->l2_ways;
    const char* stf = l1 ? "tc_l1_st.txt" : "tc_l2_st.txt";
    /* 1. the diverging line: every field, and the bits that say how the shim reads them */
    if (line >= 0 && (uint32_t)line < lines) {
        snprintf(t, sizeof t, "%s line %d: set %u way %u", v->scope, line, (unsigned)line / ways,
                 (unsigned)line % ways);
        gpucoh_gtkw_group(g, t, false);
        tri(v, "st_q", (unsigned)line, stf);
        tri(v, "tag_q", (unsigned)line, NULL);
        if (l1)
            trs(v, L1_LINE, NSIG(L1_LINE), line);
        else
            trs(v, L2_LINE, NSIG(L2_LINE), line);
        tri(v, "data_q", (unsigned)line, NULL);
        tr(v, "mlive_q", NULL);
        tr(v, l1 ? "rolled_q" : "groll_q", NULL);
        tr(v, "dlive_q", NULL);
        gpucoh_gtkw_group_end(g);
    }
    /* 2. the ports (payloads in a closed group) */
    snprintf(t, sizeof t, "%s ports", v->scope);
    gpucoh_gtkw_group(g, t, false);
    if (l1)
        trs(v, L1_PORTS, NSIG(L1_PORTS), -1);
    else
        trs(v, L2_PORTS, NSIG(L2_PORTS), -1);
    gpucoh_gtkw_group_end(g);
    /* 3. MSHRs / GWCT table and counters */
    if (l1) {
        snprintf(t, sizeof t, "%s FIFO, rr, GWCT", v->scope);
        gpucoh_gtkw_group(g, t, false);
        tr(v, "u_fifo.cnt_q", NULL);
        tr(v, "rr_q", NULL);
        tr(v, "u_gwct.gval_q", NULL);
        tr(v, "u_gwct.cval_q", NULL);
        for (uint32_t w = 0; w < d->num_wf && w < 16; w++) {
            tri(v, "u_gwct.gwct_q", w, NULL);
            tri(v, "u_gwct.cnt_q", w, NULL);
        }
    } else {
        snprintf(t, sizeof t, "%s MSHRs, FIFO, life", v->scope);
        gpucoh_gtkw_group(g, t, false);
        tr(v, "mv_q", NULL);
        for (uint32_t k = 0; k < d->l2_mshrs && k < 16; k++)
            trs(v, L2_MSHR, NSIG(L2_MSHR), k);
        tr(v, "mlv_q", NULL);
        tr(v, "mroll_q", NULL);
        tr(v, "u_fifo.cnt_q", NULL);
        tr(v, "life_q", NULL);
    }
    gpucoh_gtkw_group_end(g);
    /* 4. the lines: state, timestamp, tag */
    uint32_t lo, hi;
    line_range(lines, ways, line, &lo, &hi);
    snprintf(t, sizeof t, "%s lines %u..%u", v->scope, (unsigned)lo, (unsigned)hi - 1);
    gpucoh_gtkw_group(g, t, false);
    for (uint32_t i = lo; i < hi; i++) {
        tri(v, "st_q", i, stf);
        tri(v, l1 ? "lts_q" : "gts_q", i, NULL);
        tri(v, "tag_q", i, NULL);
    }
    gpucoh_gtkw_group_end(g);
    snprintf(t, sizeof t, "%s data ports", v->scope);
    gpucoh_gtkw_group(g, t, true);
    if (l1)
        trs(v, L1_DATA, NSIG(L1_DATA), -1);
    else
        trs(v, L2_DATA, NSIG(L2_DATA), -1);
    gpucoh_gtkw_group_end(g);
}

int tc_wave_gtkw(const void* pd, const gsys_rtl_result_t* div, const char* scope,
                 const gpucoh_mwave_t* w, const char* gtkw_path, const char* title,
                 unsigned* traces, unsigned* missing, char* err, size_t errlen) {
    const tc_desc_t* d = pd;
    const int kind = !strncmp(scope, "sm", 2) ? K_L1 : !strncmp(scope, "bank", 4) ? K_L2 : K_TIMER;
    gpucoh_gtkw_t* g = gpucoh_gtkw_new(w, gtkw_path, (int64_t)(2 * div->div_cycle + 1));
    if (!g) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    char t[768];
    snprintf(t, sizeof t, "%s", title);
    gpucoh_gtkw_header_comment(g, t);
    snprintf(t, sizeof t,
             "first divergence (the marker, time %llu = rising edge of cycle %llu): %s",
             (unsigned long long)(2 * div->div_cycle + 1), (unsigned long long)div->div_cycle,
             div->first);
    gpucoh_gtkw_header_comment(g, t);
    snprintf(t, sizeof t, "one scope per Verilated unit:");
    for (unsigned i = 0; i < gpucoh_mwave_count(w); i++) {
        const size_t l = strlen(t);
        snprintf(t + l, sizeof t - l, " %s", gpucoh_mwave_scope(w, i));
    }
    gpucoh_gtkw_header_comment(g, t);
    gpucoh_gtkw_header_comment(g, "time: 2 units per cycle, inputs of cycle c at 2c, its rising "
                                  "edge at 2c+1 (docs/waves.md)");
    gpucoh_gtkw_treeopen(g, scope);
    char mod[64];
    snprintf(mod, sizeof mod, "%s.%s", scope,
             kind == K_L1   ? "tc_l1"
             : kind == K_L2 ? "tc_l2"
                            : "tc_timer");
    gpucoh_gtkw_treeopen(g, mod);
    view_t v = {.g = g, .mod = kind == K_L1 ? "tc_l1" : kind == K_L2 ? "tc_l2" : "tc_timer"};
    snprintf(v.scope, sizeof v.scope, "%s", scope);
    int line = -1;
    const char* fld = div->field + strlen(div->unit);
    if (*fld == '.')
        field_signal(kind, d, fld + 1, v.red, sizeof v.red, &line);
    if (div->expected[0] && strlen(div->expected) + strlen(div->got) < 24)
        snprintf(t, sizeof t, "cycle %llu: C %s RTL %s", (unsigned long long)div->div_cycle,
                 div->expected, div->got);
    else
        snprintf(t, sizeof t, "cycle %llu: %s", (unsigned long long)div->div_cycle, div->kind);
    gpucoh_gtkw_comment(g, t);
    if (v.red[0]) {
        const char* filt = NULL;
        if (!strncmp(v.red, "st_q[", 5))
            filt = kind == K_L1 ? "tc_l1_st.txt" : "tc_l2_st.txt";
        else if (!strncmp(v.red, "mkind_q[", 8))
            filt = "tc_mshr_kind.txt";
        tr(&v, v.red, filt); /* the diverging signal first, red */
    }
    unit_view(&v, kind, d, line);
    /* the other units: their handshakes, in closed groups */
    for (unsigned i = 0; i < gpucoh_mwave_count(w); i++) {
        const char* s = gpucoh_mwave_scope(w, i);
        if (!strcmp(s, scope))
            continue;
        view_t o = {.g = g,
                    .mod = !strncmp(s, "sm", 2)     ? "tc_l1"
                           : !strncmp(s, "bank", 4) ? "tc_l2"
                                                    : "tc_timer"};
        snprintf(o.scope, sizeof o.scope, "%s", s);
        snprintf(t, sizeof t, "%s ports", s);
        gpucoh_gtkw_group(g, t, true);
        if (!strncmp(s, "sm", 2))
            trs(&o, L1_PORTS, NSIG(L1_PORTS), -1);
        else if (!strncmp(s, "bank", 4))
            trs(&o, L2_PORTS, NSIG(L2_PORTS), -1);
        else
            trs(&o, TIMER_PORTS, NSIG(TIMER_PORTS), -1);
        gpucoh_gtkw_group_end(g);
    }
    *traces = gpucoh_gtkw_written(g);
    *missing = gpucoh_gtkw_missing(g);
    if (*missing) /* e.g. a netlist, whose registers have other names */
        fprintf(stderr,
                "gpucoh: note: %u signal(s) of the view are not in the dump (first: %s); the save "
                "file leaves them out\n",
                *missing, gpucoh_gtkw_first_missing(g));
    return gpucoh_gtkw_commit(g, err, errlen);
}
