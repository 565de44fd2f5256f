/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_gtkw.c -- the GTKWave view of a divergence in an hLRC system run
 * (tb/proto/hlrc/hlrc_gtkw.h): the diverging unit's ports and state (the L1's lines, store
 * buffer, write-throughs, batches and fences, registration, bank-path access, eviction and revoke
 * queue; the bank's lines, MSHRs, FIFOs and revoke) in groups; ops, message kinds, atomic ops,
 * core-response kinds, the bank's line states and the L1's phases (hph, evs, rvp) named by the
 * translate filters waves/filters/hlrc_*.txt; the diverging signal red and first, the other
 * units' handshakes in closed groups. hLRC's wave_gtkw hook (hlrc_proto.c): tables, field paths
 * and groups only, on the shared view of tb/sys/gtkw_view.h (as DeNovo's
 * tb/proto/denovo/denovo_gtkw.c).
 */
#include "hlrc_gtkw.h"

#include <string.h>

#include "gtkw_view.h"
#include "hlrc_units.h"

#define F_OP   "hlrc_op.txt"
#define F_MSG  "hlrc_msg_kind.txt"
#define F_CRSP "hlrc_crsp_kind.txt"
#define F_AOP  "hlrc_aop.txt"
#define F_L2ST "hlrc_l2_st.txt"
#define F_HPH  "hlrc_hph.txt"
#define F_EVS  "hlrc_evs.txt"
#define F_RVP  "hlrc_rvp.txt"

/* the handshakes and kinds (cmodel/hlrc/hlrc_l1_ports.h, hlrc_l2_ports.h; payloads in *_DATA) */
static const gtkw_sigdef_t L1_PORTS[] = {
    {"clk_i", NULL},          {"rst_ni", NULL},       {"core_valid_i", NULL},
    {"core_op_i", F_OP},      {"core_wf_i", NULL},    {"core_line_i", NULL},
    {"core_gpu_i", NULL},     {"core_acq_i", NULL},   {"core_rel_i", NULL},
    {"core_ready_o", NULL},   {"crsp_valid_o", NULL}, {"crsp_kind_o", F_CRSP},
    {"crsp_wf_mask_o", NULL}, {"crsp_line_o", NULL},  {"rsp_valid_i", NULL},
    {"rsp_kind_i", F_MSG},    {"rsp_wf_i", NULL},     {"rsp_line_i", NULL},
    {"req_valid_o", NULL},    {"req_kind_o", F_MSG},  {"req_line_o", NULL},
    {"req_mask_o", NULL},     {"sync_valid_o", NULL}, {"sync_kind_o", F_MSG},
    {"sync_line_o", NULL},    {"sync_wf_o", NULL},    {"sync_word_o", NULL},
    {"sync_aop_o", F_AOP},    {"wb_valid_o", NULL},   {"wb_kind_o", F_MSG},
    {"wb_line_o", NULL},      {"fence_done_o", NULL}, {"drained_o", NULL},
};

static const gtkw_sigdef_t L1_DATA[] = {
    {"core_word_i", NULL}, {"core_data_i", NULL},  {"core_mask_i", NULL}, {"core_aop_i", F_AOP},
    {"core_a_i", NULL},    {"core_b_i", NULL},     {"crsp_data_o", NULL}, {"rsp_data_i", NULL},
    {"req_data_o", NULL},  {"sync_bmask_o", NULL}, {"sync_a_o", NULL},    {"sync_b_o", NULL},
};

static const gtkw_sigdef_t L2_PORTS[] = {
    {"clk_i", NULL},        {"rst_ni", NULL},
    {"req_valid_i", NULL},  {"req_kind_i", F_MSG},
    {"req_src_i", NULL},    {"req_line_i", NULL},
    {"req_mask_i", NULL},   {"req_ready_o", NULL},
    {"sync_valid_i", NULL}, {"sync_kind_i", F_MSG},
    {"sync_src_i", NULL},   {"sync_line_i", NULL},
    {"sync_wf_i", NULL},    {"sync_word_i", NULL},
    {"sync_aop_i", F_AOP},  {"sync_ready_o", NULL},
    {"wb_valid_i", NULL},   {"wb_kind_i", F_MSG},
    {"wb_src_i", NULL},     {"wb_line_i", NULL},
    {"wb_ready_o", NULL},   {"rsp_valid_o", NULL},
    {"rsp_kind_o", F_MSG},  {"rsp_dst_o", NULL},
    {"rsp_wf_o", NULL},     {"rsp_line_o", NULL},
    {"mem_fetch_o", NULL},  {"mem_fetch_line_o", NULL},
    {"mem_wb_o", NULL},     {"mem_wb_line_o", NULL},
    {"mem_valid_i", NULL},  {"mem_line_i", NULL},
};

static const gtkw_sigdef_t L2_DATA[] = {
    {"req_data_i", NULL}, {"sync_bmask_i", NULL},  {"sync_a_i", NULL},   {"sync_b_i", NULL},
    {"rsp_data_o", NULL}, {"mem_wb_data_o", NULL}, {"mem_data_i", NULL},
};

/* the L1's per-line bits and packed fields: one vector for every line (line i at bit i, st at
 * [2i +: 2], age at [i*WW +: WW]) */
static const gtkw_sigdef_t L1_BITS[] = {{"st_q", NULL},    {"fresh_q", NULL}, {"pend_q", NULL},
                                        {"stale_q", NULL}, {"age_q", NULL},   {"mlive_q", NULL},
                                        {"dlive_q", NULL}};
/* the L1's arrays of a line (no reset: read through mlive_q / dlive_q) */
static const gtkw_sigdef_t L1_LINE[] = {
    {"tag_q", NULL}, {"wait_q", NULL}, {"dirty_q", NULL}, {"data_q", NULL}};
/* the L1's store buffer, write-throughs, batches, fences, idle counter */
static const gtkw_sigdef_t L1_SB[] = {
    {"u_fifo.cnt_q", NULL}, {"sbh_q", NULL},  {"sbcnt_q", NULL}, {"wtp_q", NULL},
    {"batch_q", NULL},      {"fl_q", NULL},   {"fcur_q", NULL},  {"fwait_q", NULL},
    {"fdone_q", NULL},      {"idle_q", NULL},
};
/* registration, bank-path access, eviction, the revoke queue's pointers */
static const gtkw_sigdef_t L1_REG[] = {
    {"rgv_q", NULL}, {"rgi_q", NULL}, {"agv_q", NULL}, {"hph_q", F_HPH},  {"evs_q", F_EVS},
    {"evi_q", NULL}, {"evl_q", NULL}, {"rvh_q", NULL}, {"rvcnt_q", NULL},
};
static const gtkw_sigdef_t L1_RVQ[] = {{"rvl_q", NULL}, {"rvp_q", F_RVP}};
/* the bank's per-MSHR arrays; its FIFOs and revoke */
static const gtkw_sigdef_t L2_MSHR[] = {
    {"mline_q", NULL}, {"mway_q", NULL}, {"mdst_q", NULL}, {"mwm_q", NULL}};
static const gtkw_sigdef_t L2_SCALARS[] = {
    {"u_req_fifo.cnt_q", NULL},
    {"u_sync_fifo.cnt_q", NULL},
    {"u_wb_fifo.cnt_q", NULL},
    {"qpri_q", NULL},
    {"rvv_q", NULL},
    {"rvw_q", NULL},
    {"rvl_q", NULL},
    {"rvo_q", NULL},
};

/* the scalars of the shims' state whose register is NAME_q (hlrc_sys_rtl.c's names) */
static const char* const L1_SC[] = {"sbh",   "sbcnt", "wtp",  "batch", "fl",  "fcur",
                                    "fwait", "fdone", "idle", "rgv",   "rgi", "agv",
                                    "hph",   "evs",   "evi",  "evl",   "rvh", "rvcnt"};
static const char* const L2_SC[] = {"rvv", "rvw", "rvl", "rvo", "qpri"};
/* the line fields that are a slice of one packed vector (the rest: arrays X_q[i]) */
static const char* const L1_PACKED[] = {"st", "fresh", "pend", "stale", "age"};

/* the FIFO count of a scalar field of the shim (hlrc_l1_rtl.cpp, hlrc_l2_rtl.cpp): its register */
static const char* fifo_count(bool l1, const char* f) {
    if (l1)
        return !strcmp(f, "fcnt") ? "u_fifo.cnt_q" : NULL;
    if (!strcmp(f, "qcnt"))
        return "u_req_fifo.cnt_q";
    if (!strcmp(f, "scnt"))
        return "u_sync_fifo.cnt_q";
    return !strcmp(f, "wcnt") ? "u_wb_fifo.cnt_q" : NULL;
}

/* The RTL signal of a field path below the unit (hlrc_sys_rtl.c's names): the register the
 * shim reads it from; *line: the line index it names (-1 none), *filter: its translate filter. */
static void field_signal(const void* pd, bool l1, const char* f, char* sig, size_t n, int* line,
                         const char** filter) {
    const hlrc_sys_desc_t* s = pd;
    unsigned k;
    char x[64];
    const char* fc;
    sig[0] = 0;
    *line = -1;
    *filter = NULL;
    if (gtkw_view_set_way(f, l1 ? s->d.l1_ways : s->d.l2_ways, line, x, sizeof x)) {
        if (!strcmp(x, "age") || (l1 && gtkw_view_named(x, L1_PACKED, GTKW_NSIG(L1_PACKED))))
            snprintf(sig, n, "%s_q", x); /* a slice of a vector: the vector */
        else
            snprintf(sig, n, "%s_q[%d]", x, *line); /* tag, wait, dirty, data; st, reg, own */
        if (!l1 && !strcmp(x, "st"))
            *filter = F_L2ST;
    } else if (l1 && sscanf(f, "sb[%u]", &k) == 1) {
        snprintf(sig, n, "sb_q[%u]", k);
    } else if (l1 && sscanf(f, "rv%1[lp][%u]", x, &k) == 2) {
        snprintf(sig, n, "rv%s_q[%u]", x, k); /* the revoke queue's line, phase */
        if (x[0] == 'p')
            *filter = F_RVP;
    } else if (!l1 && sscanf(f, "mshr[%u].%63[a-z]", &k, x) == 2) {
        if (!strcmp(x, "v"))
            snprintf(sig, n, "mv_q");
        else /* line, way, dst, wm */
            snprintf(sig, n, "m%s_q[%u]", x, k);
    } else if ((fc = fifo_count(l1, f)) != NULL) {
        snprintf(sig, n, "%s", fc);
    } else if (l1 ? gtkw_view_named(f, L1_SC, GTKW_NSIG(L1_SC))
                  : gtkw_view_named(f, L2_SC, GTKW_NSIG(L2_SC))) {
        snprintf(sig, n, "%s_q", f);
        if (l1 && !strcmp(f, "hph"))
            *filter = F_HPH;
        else if (l1 && !strcmp(f, "evs"))
            *filter = F_EVS;
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
    return l1 ? "hlrc_l1" : "hlrc_l2";
}

/* the L1: store buffer and fences, then registration, eviction and the revoke queue, then its
 * lines */
static void l1_groups(gtkw_view_t* v, const hlrc_sys_desc_t* s, int line) {
    gpucoh_gtkw_t* g = v->g;
    char t[256];
    snprintf(t, sizeof t, "%s FIFO, store buffer, WT, batch, fences", v->scope);
    gpucoh_gtkw_group(g, t, false);
    gtkw_view_trs(v, L1_SB, GTKW_NSIG(L1_SB), -1);
    for (uint32_t k = 0; k < s->d.sb_entries && k < 16; k++)
        gtkw_view_tri(v, "sb_q", k, NULL);
    gpucoh_gtkw_group_end(g);
    snprintf(t, sizeof t, "%s registration, eviction, revoke queue", v->scope);
    gpucoh_gtkw_group(g, t, false);
    gtkw_view_trs(v, L1_REG, GTKW_NSIG(L1_REG), -1);
    for (uint32_t k = 0; k < s->d.num_banks && k < 16; k++)
        gtkw_view_trs(v, L1_RVQ, GTKW_NSIG(L1_RVQ), k);
    gpucoh_gtkw_group_end(g);
    uint32_t lo, hi;
    const uint32_t ways = s->d.l1_ways;
    gtkw_view_lines_group(v, s->d.l1_sets * ways, ways, line, &lo, &hi);
    if (line < 0) /* else they are in the line's group */
        gtkw_view_trs(v, L1_BITS, GTKW_NSIG(L1_BITS), -1);
    for (uint32_t i = lo; i < hi; i++) {
        gtkw_view_tri(v, "tag_q", i, NULL);
        gtkw_view_tri(v, "dirty_q", i, NULL);
    }
    gpucoh_gtkw_group_end(g);
}

/* the bank: MSHRs, FIFOs and revoke, then its lines */
static void l2_groups(gtkw_view_t* v, const hlrc_sys_desc_t* s, int line) {
    gpucoh_gtkw_t* g = v->g;
    char t[256];
    snprintf(t, sizeof t, "%s MSHRs, FIFOs, revoke", v->scope);
    gpucoh_gtkw_group(g, t, false);
    gtkw_view_tr(v, "mv_q", NULL);
    for (uint32_t k = 0; k < s->d.l2_mshrs && k < 16; k++)
        gtkw_view_trs(v, L2_MSHR, GTKW_NSIG(L2_MSHR), k);
    gtkw_view_trs(v, L2_SCALARS, GTKW_NSIG(L2_SCALARS), -1);
    gpucoh_gtkw_group_end(g);
    uint32_t lo, hi;
    const uint32_t ways = s->d.l2_ways;
    gtkw_view_lines_group(v, s->d.l2_sets * ways, ways, line, &lo, &hi);
    gtkw_view_tr(v, "live_q", NULL);
    gtkw_view_tr(v, "age_q", NULL);
    for (uint32_t i = lo; i < hi; i++) {
        gtkw_view_tri(v, "st_q", i, F_L2ST);
        gtkw_view_tri(v, "tag_q", i, NULL);
        gtkw_view_tri(v, "reg_q", i, NULL);
        gtkw_view_tri(v, "own_q", i, NULL);
    }
    gpucoh_gtkw_group_end(g);
}

static void unit_view(gtkw_view_t* v, const void* pd, bool l1, int line) {
    const hlrc_sys_desc_t* s = pd;
    const uint32_t ways = l1 ? s->d.l1_ways : s->d.l2_ways;
    const uint32_t lines = l1 ? s->d.l1_sets * ways : s->d.l2_sets * ways;
    /* 1. the diverging line: every field */
    if (gtkw_view_line_group(v, lines, ways, line)) {
        if (l1) {
            gtkw_view_trs(v, L1_BITS, GTKW_NSIG(L1_BITS), -1);
            gtkw_view_trs(v, L1_LINE, GTKW_NSIG(L1_LINE), line);
        } else {
            gtkw_view_tri(v, "st_q", (unsigned)line, F_L2ST);
            gtkw_view_tri(v, "tag_q", (unsigned)line, NULL);
            gtkw_view_tri(v, "reg_q", (unsigned)line, NULL);
            gtkw_view_tri(v, "own_q", (unsigned)line, NULL);
            gtkw_view_tri(v, "data_q", (unsigned)line, NULL);
            gtkw_view_tr(v, "age_q", NULL);
            gtkw_view_tr(v, "live_q", NULL);
        }
        gpucoh_gtkw_group_end(v->g);
    }
    /* 2. the ports (payloads in a closed group at the end) */
    if (l1)
        gtkw_view_group(v, "ports", false, L1_PORTS, GTKW_NSIG(L1_PORTS));
    else
        gtkw_view_group(v, "ports", false, L2_PORTS, GTKW_NSIG(L2_PORTS));
    /* 3. the state; 4. the lines */
    if (l1)
        l1_groups(v, s, line);
    else
        l2_groups(v, s, line);
    if (l1)
        gtkw_view_group(v, "data ports", true, L1_DATA, GTKW_NSIG(L1_DATA));
    else
        gtkw_view_group(v, "data ports", true, L2_DATA, GTKW_NSIG(L2_DATA));
}

static const gtkw_view_proto_t VIEW = {"hlrc_l1", "hlrc_l2", field_signal, unit_view, unit_ports};

int hlrc_wave_gtkw(const void* pd, const gsys_rtl_result_t* div, const char* scope,
                   const gpucoh_mwave_t* w, const char* gtkw_path, const char* title,
                   unsigned* traces, unsigned* missing, char* err, size_t errlen) {
    return gtkw_view_write(&VIEW, pd, div, scope, w, gtkw_path, title, traces, missing, err,
                           errlen);
}
