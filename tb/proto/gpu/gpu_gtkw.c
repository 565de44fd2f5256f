/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpu_gtkw.c -- the GTKWave view of a divergence in a GPU-D / GPU-H system run
 * (tb/proto/gpu/gpu_gtkw.h): the diverging unit's ports and state (line bits, store buffer,
 * fences, MSHRs, counters) in groups, ops, message kinds, atomic ops and L2 line states named by
 * the translate filters waves/filters/gpu_*.txt, the diverging signal red and first, the other
 * units' handshakes in closed groups. GPU's wave_gtkw hook (gpu_proto.c), built like TC's
 * (tb/proto/tc/tc_gtkw.c); the failure window itself is the shared system's (tb/sys/swave.c).
 */
#include "gpu_gtkw.h"

#include <string.h>

#include "gpu_units.h"

typedef struct {
    gpucoh_gtkw_t* g;
    char scope[32];
    const char* mod; /* "gpu_l1", "gpu_l2" */
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

typedef struct {
    const char* sig;
    const char* filter;
} sigdef_t;

#define NSIG(t) (sizeof(t) / sizeof((t)[0]))

static const sigdef_t L1_PORTS[] = {
    {"clk_i", NULL},
    {"rst_ni", NULL},
    {"core_valid_i", NULL},
    {"core_op_i", "gpu_op.txt"},
    {"core_wf_i", NULL},
    {"core_line_i", NULL},
    {"core_gpu_i", NULL},
    {"core_acq_i", NULL},
    {"core_rel_i", NULL},
    {"core_ready_o", NULL},
    {"rsp_valid_i", NULL},
    {"rsp_kind_i", "gpu_rsp_kind.txt"},
    {"rsp_wf_i", NULL},
    {"rsp_acq_i", NULL},
    {"rsp_line_i", NULL},
    {"crsp_valid_o", NULL},
    {"crsp_kind_o", "gpu_crsp_kind.txt"},
    {"crsp_wf_mask_o", NULL},
    {"crsp_line_o", NULL},
    {"req_valid_o", NULL},
    {"req_kind_o", "gpu_req_kind.txt"},
    {"req_wf_o", NULL},
    {"req_acq_o", NULL},
    {"req_line_o", NULL},
    {"fence_done_o", NULL},
    {"drained_o", NULL},
};

static const sigdef_t L1_DATA[] = {
    {"core_mask_i", NULL},
    {"core_data_i", NULL},
    {"core_aop_i", "gpu_aop.txt"},
    {"core_word_i", NULL},
    {"core_a_i", NULL},
    {"core_b_i", NULL},
    {"rsp_data_i", NULL},
    {"crsp_data_o", NULL},
    {"req_mask_o", NULL},
    {"req_data_o", NULL},
    {"req_aop_o", "gpu_aop.txt"},
    {"req_word_o", NULL},
    {"req_a_o", NULL},
    {"req_b_o", NULL},
};

static const sigdef_t L2_PORTS[] = {
    {"clk_i", NULL},
    {"rst_ni", NULL},
    {"req_valid_i", NULL},
    {"req_kind_i", "gpu_req_kind.txt"},
    {"req_src_i", NULL},
    {"req_wf_i", NULL},
    {"req_acq_i", NULL},
    {"req_line_i", NULL},
    {"req_ready_o", NULL},
    {"rsp_valid_o", NULL},
    {"rsp_kind_o", "gpu_rsp_kind.txt"},
    {"rsp_dst_o", NULL},
    {"rsp_wf_o", NULL},
    {"rsp_acq_o", NULL},
    {"rsp_line_o", NULL},
    {"mem_valid_i", NULL},
    {"mem_line_i", NULL},
    {"mem_fetch_o", NULL},
    {"mem_fetch_line_o", NULL},
    {"mem_wb_o", NULL},
    {"mem_wb_line_o", NULL},
};

static const sigdef_t L2_DATA[] = {
    {"req_mask_i", NULL}, {"req_data_i", NULL}, {"req_aop_i", "gpu_aop.txt"},
    {"req_word_i", NULL}, {"req_a_i", NULL},    {"req_b_i", NULL},
    {"rsp_data_o", NULL}, {"mem_data_i", NULL}, {"mem_wb_data_o", NULL},
};

/* per line i of the L1: the vectors hold bit i (val_q, pend_q, ...), shown whole */
static const sigdef_t L1_LINE[] = {{"wait_q", NULL}, {"dirty_q", NULL}, {"data_q", NULL}};
static const sigdef_t L1_BITS[] = {{"val_q", NULL}, {"pend_q", NULL},  {"stale_q", NULL},
                                   {"acq_q", NULL}, {"mlive_q", NULL}, {"dlive_q", NULL}};
static const sigdef_t L1_SCALARS[] = {{"u_fifo.cnt_q", NULL}, {"sbh_q", NULL},   {"sbcnt_q", NULL},
                                      {"wtp_q", NULL},        {"batch_q", NULL}, {"fl_q", NULL},
                                      {"fcur_q", NULL},       {"fwait_q", NULL}, {"fdone_q", NULL},
                                      {"idle_q", NULL},       {"rr_q", NULL}};
static const sigdef_t L2_MSHR[] = {
    {"mline_q", NULL}, {"mway_q", NULL}, {"mdst_q", NULL}, {"mwm_q", NULL}};

/* every signal of table t; with i >= 0, element i of each (name[i]) */
static void trs(view_t* v, const sigdef_t* t, size_t n, long i) {
    for (size_t k = 0; k < n; k++) {
        if (i >= 0)
            tri(v, t[k].sig, (unsigned)i, t[k].filter);
        else
            tr(v, t[k].sig, t[k].filter);
    }
}

/* an L1 scalar of the shim's state whose register is NAME_q */
static bool scalar(const char* f) {
    static const char* const sc[] = {"sbh",  "sbcnt", "wtp",   "batch", "fl",
                                     "fcur", "fwait", "fdone", "idle"};
    for (unsigned i = 0; i < sizeof sc / sizeof sc[0]; i++)
        if (!strcmp(f, sc[i]))
            return true;
    return false;
}

/* The RTL signal of a field path below the unit (gpu_sys_rtl.c's names): the register the shim
 * reads it from; *line: the line index it names (-1 none), *filter: its translate filter. */
static void field_signal(bool l1, const gpu_desc_t* d, const char* f, char* sig, size_t n,
                         int* line, const char** filter) {
    unsigned s, w, k;
    char x[64];
    sig[0] = 0;
    *line = -1;
    *filter = NULL;
    const uint32_t ways = l1 ? d->l1_ways : d->l2_ways;
    if (sscanf(f, "set[%u].way[%u].%63[a-z]", &s, &w, x) == 3) {
        *line = (int)(s * ways + w);
        static const char* const bits[] = {"val", "pend", "stale", "acq"};
        for (unsigned i = 0; i < sizeof bits / sizeof bits[0]; i++)
            if (!strcmp(x, bits[i]))
                snprintf(sig, n, "%s_q", x); /* one bit of a vector: the vector */
        if (!sig[0])
            snprintf(sig, n, "%s_q[%d]", x, *line);
        if (!l1 && !strcmp(x, "st"))
            *filter = "gpu_l2_st.txt";
    } else if (sscanf(f, "set[%u].%63s", &s, x) == 2 && !strcmp(x, "rr")) {
        snprintf(sig, n, "rr_q");
    } else if (!l1 && sscanf(f, "mshr[%u].%63[a-z]", &k, x) == 2) {
        if (!strcmp(x, "v"))
            snprintf(sig, n, "mv_q");
        else
            snprintf(sig, n, "m%s_q[%u]", x, k);
    } else if (l1 && sscanf(f, "sb[%u]", &k) == 1) {
        snprintf(sig, n, "sb_q[%u]", k);
    } else if (!strcmp(f, "fcnt") || !strcmp(f, "qcnt")) {
        snprintf(sig, n, "u_fifo.cnt_q");
    } else if (l1 && scalar(f)) {
        snprintf(sig, n, "%s_q", f); /* sbh, sbcnt, wtp, batch, fl, fcur, fwait, fdone, idle */
    } else {
        /* an output port, perhaps with a bit range: "crsp_data_o[63:32]" */
        snprintf(sig, n, "%.*s", (int)strcspn(f, "["), f);
        if (strstr(sig, "_kind_o"))
            *filter = !strcmp(sig, "crsp_kind_o")  ? "gpu_crsp_kind.txt"
                      : !strcmp(sig, "req_kind_o") ? "gpu_req_kind.txt"
                                                   : "gpu_rsp_kind.txt";
        else if (strstr(sig, "_aop_o"))
            *filter = "gpu_aop.txt";
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

static void unit_view(view_t* v, bool l1, const gpu_desc_t* d, int line) {
    gpucoh_gtkw_t* g = v->g;
    char t[256];
    const uint32_t ways = l1 ? d->l1_ways : d->l2_ways;
    const uint32_t lines = l1 ? d->l1_sets * d->l1_ways : d->l2_sets * d->l2_ways;
    /* 1. the diverging line: every field */
    if (line >= 0 && (uint32_t)line < lines) {
        snprintf(t, sizeof t, "%s line %d: set %u way %u", v->scope, line, (unsigned)line / ways,
                 (unsigned)line % ways);
        gpucoh_gtkw_group(g, t, false);
        tri(v, "tag_q", (unsigned)line, NULL);
        if (l1) {
            trs(v, L1_BITS, NSIG(L1_BITS), -1);
            trs(v, L1_LINE, NSIG(L1_LINE), line);
        } else {
            tri(v, "st_q", (unsigned)line, "gpu_l2_st.txt");
            tri(v, "data_q", (unsigned)line, NULL);
            tr(v, "mlive_q", NULL);
            tr(v, "dlive_q", NULL);
        }
        gpucoh_gtkw_group_end(g);
    }
    /* 2. the ports (payloads in a closed group at the end) */
    snprintf(t, sizeof t, "%s ports", v->scope);
    gpucoh_gtkw_group(g, t, false);
    if (l1)
        trs(v, L1_PORTS, NSIG(L1_PORTS), -1);
    else
        trs(v, L2_PORTS, NSIG(L2_PORTS), -1);
    gpucoh_gtkw_group_end(g);
    /* 3. store buffer and fences / MSHRs and FIFO */
    if (l1) {
        snprintf(t, sizeof t, "%s FIFO, store buffer, fences, rr", v->scope);
        gpucoh_gtkw_group(g, t, false);
        trs(v, L1_SCALARS, NSIG(L1_SCALARS), -1);
        for (uint32_t k = 0; k < d->sb_entries && k < 16; k++)
            tri(v, "sb_q", k, NULL);
    } else {
        snprintf(t, sizeof t, "%s MSHRs, FIFO, rr", v->scope);
        gpucoh_gtkw_group(g, t, false);
        tr(v, "mv_q", NULL);
        tr(v, "mlv_q", NULL);
        for (uint32_t k = 0; k < d->l2_mshrs && k < 16; k++)
            trs(v, L2_MSHR, NSIG(L2_MSHR), k);
        tr(v, "u_fifo.cnt_q", NULL);
        tr(v, "rr_q", NULL);
    }
    gpucoh_gtkw_group_end(g);
    /* 4. the lines: tag and state (L1: the state bits are the vectors of group 1) */
    uint32_t lo, hi;
    line_range(lines, ways, line, &lo, &hi);
    snprintf(t, sizeof t, "%s lines %u..%u", v->scope, (unsigned)lo, (unsigned)hi - 1);
    gpucoh_gtkw_group(g, t, false);
    if (l1 && line < 0)
        trs(v, L1_BITS, NSIG(L1_BITS), -1);
    for (uint32_t i = lo; i < hi; i++) {
        if (!l1)
            tri(v, "st_q", i, "gpu_l2_st.txt");
        tri(v, "tag_q", i, NULL);
        if (l1)
            tri(v, "dirty_q", i, NULL);
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

int gpu_wave_gtkw(const void* pd, const gsys_rtl_result_t* div, const char* scope,
                  const gpucoh_mwave_t* w, const char* gtkw_path, const char* title,
                  unsigned* traces, unsigned* missing, char* err, size_t errlen) {
    const gpu_desc_t* d = pd;
    const bool l1 = !strncmp(scope, "sm", 2);
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
    view_t v = {.g = g, .mod = l1 ? "gpu_l1" : "gpu_l2"};
    snprintf(v.scope, sizeof v.scope, "%s", scope);
    char mod[64];
    snprintf(mod, sizeof mod, "%s.%s", scope, v.mod);
    gpucoh_gtkw_treeopen(g, mod);
    int line = -1;
    const char* filt = NULL;
    const char* fld = div->field + strlen(div->unit);
    if (*fld == '.')
        field_signal(l1, d, fld + 1, v.red, sizeof v.red, &line, &filt);
    if (div->expected[0] && strlen(div->expected) + strlen(div->got) < 24)
        snprintf(t, sizeof t, "cycle %llu: C %s RTL %s", (unsigned long long)div->div_cycle,
                 div->expected, div->got);
    else
        snprintf(t, sizeof t, "cycle %llu: %s", (unsigned long long)div->div_cycle, div->kind);
    gpucoh_gtkw_comment(g, t);
    if (v.red[0])
        tr(&v, v.red, filt); /* the diverging signal first, red */
    unit_view(&v, l1, d, line);
    /* the other units: their handshakes, in closed groups */
    for (unsigned i = 0; i < gpucoh_mwave_count(w); i++) {
        const char* s = gpucoh_mwave_scope(w, i);
        if (!strcmp(s, scope))
            continue;
        const bool o1 = !strncmp(s, "sm", 2);
        view_t o = {.g = g, .mod = o1 ? "gpu_l1" : "gpu_l2"};
        snprintf(o.scope, sizeof o.scope, "%s", s);
        snprintf(t, sizeof t, "%s ports", s);
        gpucoh_gtkw_group(g, t, true);
        if (o1)
            trs(&o, L1_PORTS, NSIG(L1_PORTS), -1);
        else
            trs(&o, L2_PORTS, NSIG(L2_PORTS), -1);
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
