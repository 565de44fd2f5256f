/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_gtkw.c -- the GTKWave view of a divergence in a TC system run (tb/proto/tc/tc_gtkw.h): the
 * diverging unit's ports and state (line states, timestamps, MSHRs, counters) in groups, named
 * by the translate filters of waves/filters/, the diverging signal red and first, the other
 * units' handshakes in closed groups. TC's wave_gtkw hook (tc_proto.c), on the shared view of
 * tb/sys/gtkw_view.h (header, traces, groups, the red signal, the other units); the failure
 * window itself is the shared system's (tb/sys/swave.c).
 */
#include "tc_gtkw.h"

#include <string.h>

#include "gtkw_view.h"
#include "tb_ports.h"
#include "tc_sys.h"
#include "tc_timer_ports.h"

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

/* The signals of a unit's views, with the translate filter of each enum field. */
static const gtkw_sigdef_t L1_PORTS[] = {
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

static const gtkw_sigdef_t L1_DATA[] = {
    {"core_mask_i", NULL},  {"core_data_i", NULL}, {"core_aop_i", "tc_aop.txt"},
    {"core_word_i", NULL},  {"core_a_i", NULL},    {"core_b_i", NULL},
    {"rsp_atomic_i", NULL}, {"rsp_data_i", NULL},  {"crsp_data_o", NULL},
    {"req_mask_o", NULL},   {"req_data_o", NULL},  {"req_aop_o", "tc_aop.txt"},
    {"req_word_o", NULL},   {"req_a_o", NULL},     {"req_b_o", NULL},
};

static const gtkw_sigdef_t L2_PORTS[] = {
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

static const gtkw_sigdef_t L2_DATA[] = {
    {"req_mask_i", NULL},     {"req_data_i", NULL}, {"req_aop_i", "tc_aop.txt"},
    {"req_word_i", NULL},     {"req_a_i", NULL},    {"req_b_i", NULL},
    {"rsp_atomic_o", NULL},   {"rsp_data_o", NULL}, {"mem_data_i", NULL},
    {"mreq_wb_data_o", NULL},
};

/* the timer's: clk_i and every row of its port table (cmodel/tc/tc_timer_ports.h), in order */
#define GTKW_PORT(port, dir, w, f, shape, wave, filt) {#port, filt},
static const gtkw_sigdef_t TIMER_PORTS[] = {{"clk_i", NULL},
                                            TC_TIMER_PORTS(GTKW_PORT, TB_PORT_NO_P)};

static const gtkw_sigdef_t L1_LINE[] = {{"lts_q", NULL}, {"mts_q", NULL},  {"rd_q", NULL},
                                        {"waw_q", NULL}, {"wcnt_q", NULL}, {"orig_q", NULL},
                                        {"late_q", NULL}};
static const gtkw_sigdef_t L2_LINE[] = {{"gts_q", NULL}, {"dirty_q", NULL}};
static const gtkw_sigdef_t L2_MSHR[] = {
    {"mkind_q", "tc_mshr_kind.txt"}, {"mline_q", NULL}, {"mts_q", NULL}, {"msm_q", NULL},
    {"mop_q", "tc_req_kind.txt"},    {"mway_q", NULL}};

/* the module of the unit of scope s, and its handshake ports */
static const char* unit_ports(const char* s, const gtkw_sigdef_t** t, size_t* n) {
    if (!strncmp(s, "sm", 2)) {
        *t = L1_PORTS;
        *n = GTKW_NSIG(L1_PORTS);
        return "tc_l1";
    }
    if (!strncmp(s, "bank", 4)) {
        *t = L2_PORTS;
        *n = GTKW_NSIG(L2_PORTS);
        return "tc_l2";
    }
    *t = TIMER_PORTS;
    *n = GTKW_NSIG(TIMER_PORTS);
    return "tc_timer";
}

static const char* unit_mod(const char* s) {
    const gtkw_sigdef_t* t;
    size_t n;
    return unit_ports(s, &t, &n);
}

static void unit_view(gtkw_view_t* v, int kind, const tc_desc_t* d, int line) {
    gpucoh_gtkw_t* g = v->g;
    char t[256];
    if (kind == K_TIMER) {
        snprintf(t, sizeof t, "%s ports, state", v->scope);
        gpucoh_gtkw_group(g, t, false);
        gtkw_view_trs(v, TIMER_PORTS, GTKW_NSIG(TIMER_PORTS), -1);
        gtkw_view_tr(v, "now_q", NULL);
        gtkw_view_tr(v, "era_q", NULL);
        gpucoh_gtkw_group_end(g);
        return;
    }
    const bool l1 = kind == K_L1;
    const uint32_t ways = l1 ? d->l1_ways : d->l2_ways;
    const uint32_t lines = l1 ? d->l1_sets * d->l1_ways : d->l2_sets * d->l2_ways;
    const char* stf = l1 ? "tc_l1_st.txt" : "tc_l2_st.txt";
    /* 1. the diverging line: every field, and the bits that say how the shim reads them */
    if (gtkw_view_line_group(v, lines, ways, line)) {
        gtkw_view_tri(v, "st_q", (unsigned)line, stf);
        gtkw_view_tri(v, "tag_q", (unsigned)line, NULL);
        if (l1)
            gtkw_view_trs(v, L1_LINE, GTKW_NSIG(L1_LINE), line);
        else
            gtkw_view_trs(v, L2_LINE, GTKW_NSIG(L2_LINE), line);
        gtkw_view_tri(v, "data_q", (unsigned)line, NULL);
        gtkw_view_tr(v, "mlive_q", NULL);
        gtkw_view_tr(v, l1 ? "rolled_q" : "groll_q", NULL);
        gtkw_view_tr(v, "dlive_q", NULL);
        gpucoh_gtkw_group_end(g);
    }
    /* 2. the ports (payloads in a closed group) */
    if (l1)
        gtkw_view_group(v, "ports", false, L1_PORTS, GTKW_NSIG(L1_PORTS));
    else
        gtkw_view_group(v, "ports", false, L2_PORTS, GTKW_NSIG(L2_PORTS));
    /* 3. MSHRs / GWCT table and counters */
    if (l1) {
        snprintf(t, sizeof t, "%s FIFO, rr, GWCT", v->scope);
        gpucoh_gtkw_group(g, t, false);
        gtkw_view_tr(v, "u_fifo.cnt_q", NULL);
        gtkw_view_tr(v, "rr_q", NULL);
        gtkw_view_tr(v, "u_gwct.gval_q", NULL);
        gtkw_view_tr(v, "u_gwct.cval_q", NULL);
        for (uint32_t w = 0; w < d->num_wf && w < 16; w++) {
            gtkw_view_tri(v, "u_gwct.gwct_q", w, NULL);
            gtkw_view_tri(v, "u_gwct.cnt_q", w, NULL);
        }
    } else {
        snprintf(t, sizeof t, "%s MSHRs, FIFO, life", v->scope);
        gpucoh_gtkw_group(g, t, false);
        gtkw_view_tr(v, "mv_q", NULL);
        for (uint32_t k = 0; k < d->l2_mshrs && k < 16; k++)
            gtkw_view_trs(v, L2_MSHR, GTKW_NSIG(L2_MSHR), k);
        gtkw_view_tr(v, "mlv_q", NULL);
        gtkw_view_tr(v, "mroll_q", NULL);
        gtkw_view_tr(v, "u_fifo.cnt_q", NULL);
        gtkw_view_tr(v, "life_q", NULL);
    }
    gpucoh_gtkw_group_end(g);
    /* 4. the lines: state, timestamp, tag */
    uint32_t lo, hi;
    gtkw_view_lines_group(v, lines, ways, line, &lo, &hi);
    for (uint32_t i = lo; i < hi; i++) {
        gtkw_view_tri(v, "st_q", i, stf);
        gtkw_view_tri(v, l1 ? "lts_q" : "gts_q", i, NULL);
        gtkw_view_tri(v, "tag_q", i, NULL);
    }
    gpucoh_gtkw_group_end(g);
    if (l1)
        gtkw_view_group(v, "data ports", true, L1_DATA, GTKW_NSIG(L1_DATA));
    else
        gtkw_view_group(v, "data ports", true, L2_DATA, GTKW_NSIG(L2_DATA));
}

int tc_wave_gtkw(const void* pd, const gsys_rtl_result_t* div, const char* scope,
                 const gpucoh_mwave_t* w, const char* gtkw_path, const char* title,
                 unsigned* traces, unsigned* missing, char* err, size_t errlen) {
    const tc_desc_t* d = pd;
    const int kind = !strncmp(scope, "sm", 2) ? K_L1 : !strncmp(scope, "bank", 4) ? K_L2 : K_TIMER;
    gtkw_view_t v;
    gpucoh_gtkw_t* g =
        gtkw_view_begin(&v, w, gtkw_path, div, scope, unit_mod(scope), title, err, errlen);
    if (!g)
        return -1;
    int line = -1;
    const char* fld = div->div.field + strlen(div->div.unit);
    if (*fld == '.')
        field_signal(kind, d, fld + 1, v.red, sizeof v.red, &line);
    const char* filt = NULL;
    if (!strncmp(v.red, "st_q[", 5))
        filt = kind == K_L1 ? "tc_l1_st.txt" : "tc_l2_st.txt";
    else if (!strncmp(v.red, "mkind_q[", 8))
        filt = "tc_mshr_kind.txt";
    gtkw_view_mark(&v, div, filt);
    unit_view(&v, kind, d, line);
    gtkw_view_others(g, w, scope, unit_ports); /* the other units' handshakes, closed */
    return gtkw_view_finish(g, traces, missing, err, errlen);
}
