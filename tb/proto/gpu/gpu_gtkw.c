/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpu_gtkw.c -- the GTKWave view of a divergence in a GPU-D / GPU-H system run
 * (tb/proto/gpu/gpu_gtkw.h): the diverging unit's ports and state (line bits, store buffer,
 * fences, MSHRs, counters) in groups, ops, message kinds, atomic ops and L2 line states named by
 * the translate filters waves/filters/gpu_*.txt, the diverging signal red and first, the other
 * units' handshakes in closed groups. GPU's wave_gtkw hook (gpu_proto.c): its tables, field
 * paths and groups on the shared view of tb/sys/gtkw_view.h (header, traces, groups, the red
 * signal, the other units, the hook itself, as DeNovo's tb/proto/denovo/denovo_gtkw.c); the
 * failure window itself is the shared system's (tb/sys/swave.c).
 */
#include "gpu_gtkw.h"

#include <string.h>

#include "gpu_units.h"
#include "gtkw_view.h"

static const gtkw_sigdef_t L1_PORTS[] = {
    {"clk_i", NULL},
    {"rst_ni", NULL},
    {"core_valid_i", NULL},
    {"core_op_i", "gpu_op.txt"},
    {"core_wf_i", NULL},
    {"core_line_i", NULL},
    {"core_gpu_i", NULL},
    {"core_acq_i", NULL},
    {"core_rel_i", NULL},
    {"core_rm_i", NULL},
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
    {"peer_valid_o", NULL}, /* Rsp (rsp.md section 4.1) */
    {"peer_kind_o", "gpu_peer_kind.txt"},
    {"peer_dst_o", NULL},
    {"pin_valid_i", NULL},
    {"pin_kind_i", "gpu_peer_kind.txt"},
    {"pin_src_i", NULL},
};

static const gtkw_sigdef_t L1_DATA[] = {
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

static const gtkw_sigdef_t L2_PORTS[] = {
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

static const gtkw_sigdef_t L2_DATA[] = {
    {"req_mask_i", NULL}, {"req_data_i", NULL}, {"req_aop_i", "gpu_aop.txt"},
    {"req_word_i", NULL}, {"req_a_i", NULL},    {"req_b_i", NULL},
    {"rsp_data_o", NULL}, {"mem_data_i", NULL}, {"mem_wb_data_o", NULL},
};

/* per line i of the L1: the vectors hold bit i (val_q, pend_q, ...), shown whole */
static const gtkw_sigdef_t L1_LINE[] = {{"wait_q", NULL}, {"dirty_q", NULL}, {"data_q", NULL}};
static const gtkw_sigdef_t L1_BITS[] = {{"val_q", NULL}, {"pend_q", NULL},  {"stale_q", NULL},
                                        {"acq_q", NULL}, {"mlive_q", NULL}, {"dlive_q", NULL}};
static const gtkw_sigdef_t L1_SCALARS[] = {
    {"u_fifo.cnt_q", NULL}, {"sbh_q", NULL},  {"sbcnt_q", NULL}, {"wtp_q", NULL},
    {"batch_q", NULL},      {"fl_q", NULL},   {"fcur_q", NULL},  {"fwait_q", NULL},
    {"fdone_q", NULL},      {"idle_q", NULL}, {"rr_q", NULL},    {"rblk_q", NULL},
    {"rst_q", NULL},        {"rsnt_q", NULL}, {"bcnt_q", NULL},  {"cfv_q", NULL},
    {"cfl_q", NULL},        {"csrc_q", NULL}};
static const gtkw_sigdef_t L2_MSHR[] = {
    {"mline_q", NULL}, {"mway_q", NULL}, {"mdst_q", NULL}, {"mwm_q", NULL}};

/* the L1 scalars of the shim's state whose register is NAME_q */
static const char* const L1_SC[] = {"sbh",   "sbcnt", "wtp",  "batch", "fl",  "fcur",
                                    "fwait", "fdone", "idle", "rblk",  "rst", "rsnt",
                                    "bcnt",  "cfv",   "cfl",  "csrc"};
/* and the bank's token registers (rsp.md section 5.1) */
static const char* const L2_SC[] = {"tbusy", "town", "twait"};

/* The RTL signal of a field path below the unit (gpu_sys_rtl.c's names): the register the shim
 * reads it from; *line: the line index it names (-1 none), *filter: its translate filter. */
static void field_signal(const void* pd, bool l1, const char* f, char* sig, size_t n, int* line,
                         const char** filter) {
    const gpu_desc_t* d = pd;
    unsigned s, k;
    char x[64];
    sig[0] = 0;
    *line = -1;
    *filter = NULL;
    const uint32_t ways = l1 ? d->l1_ways : d->l2_ways;
    if (gtkw_view_set_way(f, ways, line, x, sizeof x)) {
        static const char* const bits[] = {"val", "pend", "stale", "acq"};
        if (gtkw_view_named(x, bits, GTKW_NSIG(bits)))
            snprintf(sig, n, "%s_q", x); /* one bit of a vector: the vector */
        else
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
    } else if (l1 && gtkw_view_named(f, L1_SC, GTKW_NSIG(L1_SC))) {
        snprintf(sig, n, "%s_q", f); /* sbh, sbcnt, ..., idle; the Rsp registers */
    } else if (!l1 && gtkw_view_named(f, L2_SC, GTKW_NSIG(L2_SC))) {
        snprintf(sig, n, "%s_q", f);
    } else if (l1) { /* an output port, perhaps with a bit range: "crsp_data_o[63:32]" */
        *filter =
            gtkw_view_port(f, L1_PORTS, GTKW_NSIG(L1_PORTS), L1_DATA, GTKW_NSIG(L1_DATA), sig, n);
    } else {
        *filter =
            gtkw_view_port(f, L2_PORTS, GTKW_NSIG(L2_PORTS), L2_DATA, GTKW_NSIG(L2_DATA), sig, n);
    }
}

/* the module of the unit of scope s, and its handshake ports */
static const char* unit_ports(const char* s, const gtkw_sigdef_t** t, size_t* n) {
    const bool l1 = !strncmp(s, "sm", 2);
    *t = l1 ? L1_PORTS : L2_PORTS;
    *n = l1 ? GTKW_NSIG(L1_PORTS) : GTKW_NSIG(L2_PORTS);
    return l1 ? "gpu_l1" : "gpu_l2";
}

static void unit_view(gtkw_view_t* v, const void* pd, bool l1, int line) {
    const gpu_desc_t* d = pd;
    gpucoh_gtkw_t* g = v->g;
    char t[256];
    const uint32_t ways = l1 ? d->l1_ways : d->l2_ways;
    const uint32_t lines = l1 ? d->l1_sets * d->l1_ways : d->l2_sets * d->l2_ways;
    /* 1. the diverging line: every field */
    if (gtkw_view_line_group(v, lines, ways, line)) {
        gtkw_view_tri(v, "tag_q", (unsigned)line, NULL);
        if (l1) {
            gtkw_view_trs(v, L1_BITS, GTKW_NSIG(L1_BITS), -1);
            gtkw_view_trs(v, L1_LINE, GTKW_NSIG(L1_LINE), line);
        } else {
            gtkw_view_tri(v, "st_q", (unsigned)line, "gpu_l2_st.txt");
            gtkw_view_tri(v, "data_q", (unsigned)line, NULL);
            gtkw_view_tr(v, "mlive_q", NULL);
            gtkw_view_tr(v, "dlive_q", NULL);
        }
        gpucoh_gtkw_group_end(g);
    }
    /* 2. the ports (payloads in a closed group at the end) */
    if (l1)
        gtkw_view_group(v, "ports", false, L1_PORTS, GTKW_NSIG(L1_PORTS));
    else
        gtkw_view_group(v, "ports", false, L2_PORTS, GTKW_NSIG(L2_PORTS));
    /* 3. store buffer and fences / MSHRs and FIFO */
    if (l1) {
        snprintf(t, sizeof t, "%s FIFO, store buffer, fences, rr, RSP", v->scope);
        gpucoh_gtkw_group(g, t, false);
        gtkw_view_trs(v, L1_SCALARS, GTKW_NSIG(L1_SCALARS), -1);
        for (uint32_t k = 0; k < d->sb_entries && k < 16; k++)
            gtkw_view_tri(v, "sb_q", k, NULL);
    } else {
        snprintf(t, sizeof t, "%s MSHRs, FIFO, rr, token", v->scope);
        gpucoh_gtkw_group(g, t, false);
        gtkw_view_tr(v, "mv_q", NULL);
        gtkw_view_tr(v, "mlv_q", NULL);
        for (uint32_t k = 0; k < d->l2_mshrs && k < 16; k++)
            gtkw_view_trs(v, L2_MSHR, GTKW_NSIG(L2_MSHR), k);
        gtkw_view_tr(v, "u_fifo.cnt_q", NULL);
        gtkw_view_tr(v, "rr_q", NULL);
        gtkw_view_tr(v, "tbusy_q", NULL);
        gtkw_view_tr(v, "town_q", NULL);
        gtkw_view_tr(v, "twait_q", NULL);
    }
    gpucoh_gtkw_group_end(g);
    /* 4. the lines: tag and state (L1: the state bits are the vectors of group 1) */
    uint32_t lo, hi;
    gtkw_view_lines_group(v, lines, ways, line, &lo, &hi);
    if (l1 && line < 0)
        gtkw_view_trs(v, L1_BITS, GTKW_NSIG(L1_BITS), -1);
    for (uint32_t i = lo; i < hi; i++) {
        if (!l1)
            gtkw_view_tri(v, "st_q", i, "gpu_l2_st.txt");
        gtkw_view_tri(v, "tag_q", i, NULL);
        if (l1)
            gtkw_view_tri(v, "dirty_q", i, NULL);
    }
    gpucoh_gtkw_group_end(g);
    if (l1)
        gtkw_view_group(v, "data ports", true, L1_DATA, GTKW_NSIG(L1_DATA));
    else
        gtkw_view_group(v, "data ports", true, L2_DATA, GTKW_NSIG(L2_DATA));
}

static const gtkw_view_proto_t VIEW = {"gpu_l1", "gpu_l2", field_signal, unit_view, unit_ports};

int gpu_wave_gtkw(const void* pd, const gsys_rtl_result_t* div, const char* scope,
                  const gpucoh_mwave_t* w, const char* gtkw_path, const char* title,
                  unsigned* traces, unsigned* missing, char* err, size_t errlen) {
    return gtkw_view_write(&VIEW, pd, div, scope, w, gtkw_path, title, traces, missing, err,
                           errlen);
}
