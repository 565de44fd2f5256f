/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_gtkw.c -- the GTKWave view of a divergence in a DeNovo system run
 * (tb/proto/denovo/denovo_gtkw.h): the diverging unit's ports and state (the L1's line words,
 * MSHRs, write-back buffer, store buffer and fences; the registry's lines, MSHRs and FIFOs) in
 * groups; ops, message kinds, atomic ops, MSHR kinds, registry line states and (LineBytes = 16)
 * the L1's word states named by the translate filters waves/filters/denovo_*.txt; the diverging
 * signal red and first, the other units' handshakes in closed groups. DeNovo's wave_gtkw hook
 * (denovo_proto.c): tables, field paths and groups only, on the shared view of
 * tb/sys/gtkw_view.h (as GPU's tb/proto/gpu/gpu_gtkw.c).
 */
#include "denovo_gtkw.h"

#include <string.h>

#include "denovo_units.h"
#include "gtkw_view.h"

#define F_OP   "denovo_op.txt"
#define F_MSG  "denovo_msg_kind.txt"
#define F_CRSP "denovo_crsp_kind.txt"
#define F_AOP  "denovo_aop.txt"
#define F_L2ST "denovo_l2_st.txt"
#define F_MV   "denovo_l1_mv.txt"
#define F_L1ST "denovo_l1_st.txt" /* 4 words a line (LineBytes = 16) only */

static const gtkw_sigdef_t L1_PORTS[] = {
    {"clk_i", NULL},          {"rst_ni", NULL},       {"sm_id_i", NULL},
    {"core_valid_i", NULL},   {"core_op_i", F_OP},    {"core_wf_i", NULL},
    {"core_line_i", NULL},    {"core_gpu_i", NULL},   {"core_acq_i", NULL},
    {"core_rel_i", NULL},     {"core_ro_i", NULL},    {"core_all_i", NULL},
    {"core_ready_o", NULL},   {"crsp_valid_o", NULL}, {"crsp_kind_o", F_CRSP},
    {"crsp_wf_mask_o", NULL}, {"crsp_line_o", NULL},  {"in_valid_i", NULL},
    {"in_kind_i", F_MSG},     {"in_src_i", NULL},     {"in_req_i", NULL},
    {"in_line_i", NULL},      {"in_mask_i", NULL},    {"in_pmask_i", NULL},
    {"rsp_ready_o", NULL},    {"peer_ready_o", NULL}, {"req_valid_o", NULL},
    {"req_kind_o", F_MSG},    {"req_line_o", NULL},   {"req_mask_o", NULL},
    {"req_pmask_o", NULL},    {"wb_valid_o", NULL},   {"wb_kind_o", F_MSG},
    {"wb_line_o", NULL},      {"wb_mask_o", NULL},    {"wb_pmask_o", NULL},
    {"peer_valid_o", NULL},   {"peer_kind_o", F_MSG}, {"peer_dst_o", NULL},
    {"peer_line_o", NULL},    {"peer_mask_o", NULL},  {"fence_done_o", NULL},
    {"drained_o", NULL},
};

static const gtkw_sigdef_t L1_DATA[] = {
    {"core_word_i", NULL}, {"core_data_i", NULL}, {"core_mask_i", NULL}, {"core_aop_i", F_AOP},
    {"core_a_i", NULL},    {"core_b_i", NULL},    {"crsp_data_o", NULL}, {"in_data_i", NULL},
    {"wb_data_o", NULL},   {"peer_data_o", NULL},
};

static const gtkw_sigdef_t L2_PORTS[] = {
    {"clk_i", NULL},
    {"rst_ni", NULL},
    {"req_valid_i", NULL},
    {"req_kind_i", F_MSG},
    {"req_src_i", NULL},
    {"req_line_i", NULL},
    {"req_mask_i", NULL},
    {"req_pmask_i", NULL},
    {"req_ready_o", NULL},
    {"wb_valid_i", NULL},
    {"wb_kind_i", F_MSG},
    {"wb_src_i", NULL},
    {"wb_line_i", NULL},
    {"wb_mask_i", NULL},
    {"wb_pmask_i", NULL},
    {"wb_ready_o", NULL},
    {"rsp_valid_o", NULL},
    {"rsp_kind_o", F_MSG},
    {"rsp_dst_o", NULL},
    {"rsp_req_o", NULL},
    {"rsp_line_o", NULL},
    {"rsp_mask_o", NULL},
    {"rsp_pmask_o", NULL},
    {"mem_fetch_o", NULL},
    {"mem_fetch_line_o", NULL},
    {"mem_wb_o", NULL},
    {"mem_wb_line_o", NULL},
    {"mem_valid_i", NULL},
    {"mem_line_i", NULL},
};

static const gtkw_sigdef_t L2_DATA[] = {
    {"wb_data_i", NULL}, {"rsp_data_o", NULL}, {"mem_wb_data_o", NULL}, {"mem_data_i", NULL}};

/* the L1's per-MSHR arrays (mv_q[k] ...) and the packed bits of every MSHR (stale_q ...) */
static const gtkw_sigdef_t L1_MSHR[] = {{"mv_q", F_MV},  {"midx_q", NULL}, {"want_q", NULL},
                                        {"got_q", NULL}, {"wait_q", NULL}, {"fqv_q", NULL},
                                        {"fqd_q", NULL}, {"hold_q", NULL}};
static const gtkw_sigdef_t L1_MBITS[] = {
    {"stale_q", NULL}, {"ro_q", NULL}, {"sync_q", NULL}, {"hdr_q", NULL}, {"dack_q", NULL}};
static const gtkw_sigdef_t L1_WB[] = {{"wbl_q", NULL}, {"wbm_q", NULL}, {"wbd_q", NULL}};
static const gtkw_sigdef_t L1_SCALARS[] = {{"fcnt_q", NULL},  {"sbh_q", NULL},   {"sbcnt_q", NULL},
                                           {"batch_q", NULL}, {"fl_q", NULL},    {"fcur_q", NULL},
                                           {"fwait_q", NULL}, {"fdone_q", NULL}, {"idle_q", NULL},
                                           {"rdy_q", NULL},   {"rr_q", NULL}};
static const gtkw_sigdef_t L2_MSHR[] = {{"mline_q", NULL}, {"mway_q", NULL}, {"mdst_q", NULL}};

/* the scalars of the shims' state whose register is NAME_q (denovo_sys_rtl.c's names) */
static const char* const L1_SC[] = {"fcnt", "sbh",   "sbcnt", "batch", "fl",
                                    "fcur", "fwait", "fdone", "idle",  "rdy"};
static const char* const L2_SC[] = {"qcnt", "wcnt"};
/* the L1's MSHR fields that are one bit of a packed vector (the rest: arrays mX_q[k]) */
static const char* const L1_MB[] = {"stale", "ro", "sync", "hdr", "dack"};

static uint32_t line_words(const denovo_sys_desc_t* s) {
    return s->d.line_bytes / 4u;
}

/* the filter of the L1's st_q[i]: the 256 values of 4 words, else none */
static const char* l1_st_filter(const denovo_sys_desc_t* s) {
    return line_words(s) == 4u ? F_L1ST : NULL;
}

/* a field of the L1's MSHR k or write-back entry k (mshr[k].fqd[w]: the whole fqd_q[k]) */
static bool l1_entry(const char* f, char* sig, size_t n, const char** filter) {
    unsigned k;
    char x[64];
    if (sscanf(f, "mshr[%u].%63[a-z]", &k, x) == 2) {
        if (gtkw_view_named(x, L1_MB, GTKW_NSIG(L1_MB)))
            snprintf(sig, n, "%s_q", x);
        else
            snprintf(sig, n, "%s_q[%u]", x, k);
        if (!strcmp(x, "mv"))
            *filter = F_MV;
        return true;
    }
    if (sscanf(f, "wb[%u].%63[a-z]", &k, x) == 2) {
        if (!strcmp(x, "v"))
            snprintf(sig, n, "wbv_q");
        else /* line, mask, data */
            snprintf(sig, n, "wb%c_q[%u]", !strcmp(x, "mask") ? 'm' : x[0], k);
        return true;
    }
    if (sscanf(f, "sb[%u]", &k) == 1) {
        snprintf(sig, n, "sb_q[%u]", k);
        return true;
    }
    return false;
}

/* The RTL signal of a field path below the unit (denovo_sys_rtl.c's names): the register the
 * shim reads it from; *line: the line index it names (-1 none), *filter: its translate filter. */
static void field_signal(const void* pd, bool l1, const char* f, char* sig, size_t n, int* line,
                         const char** filter) {
    const denovo_sys_desc_t* s = pd;
    unsigned k;
    char x[64];
    sig[0] = 0;
    *line = -1;
    *filter = NULL;
    if (gtkw_view_set_way(f, l1 ? s->d.l1_ways : s->d.l2_ways, line, x, sizeof x)) {
        if (!l1 && !strcmp(x, "rc"))
            snprintf(sig, n, "rc_q"); /* one bit a line */
        else
            snprintf(sig, n, "%s_q[%d]", x, *line); /* tag, st, dirty, data; reg, busy */
        if (!strcmp(x, "st"))
            *filter = l1 ? l1_st_filter(s) : F_L2ST;
    } else if (sscanf(f, "set[%u].%63s", &k, x) == 2 && !strcmp(x, "rr")) {
        snprintf(sig, n, "rr_q");
    } else if (l1 && l1_entry(f, sig, n, filter)) {
        return;
    } else if (!l1 && sscanf(f, "mshr[%u].%63[a-z]", &k, x) == 2) {
        if (!strcmp(x, "v"))
            snprintf(sig, n, "mv_q");
        else /* line, way, dst */
            snprintf(sig, n, "m%s_q[%u]", x, k);
    } else if (l1 ? gtkw_view_named(f, L1_SC, GTKW_NSIG(L1_SC))
                  : gtkw_view_named(f, L2_SC, GTKW_NSIG(L2_SC))) {
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
    return l1 ? "denovo_l1" : "denovo_l2";
}

/* the L1: MSHRs and write-back buffer, store buffer and fences, then its lines */
static void l1_groups(gtkw_view_t* v, const denovo_sys_desc_t* s, int line) {
    gpucoh_gtkw_t* g = v->g;
    char t[256];
    snprintf(t, sizeof t, "%s MSHRs, write-back buffer", v->scope);
    gpucoh_gtkw_group(g, t, false);
    gtkw_view_trs(v, L1_MBITS, GTKW_NSIG(L1_MBITS), -1);
    for (uint32_t k = 0; k < s->d.mshrs && k < 16; k++)
        gtkw_view_trs(v, L1_MSHR, GTKW_NSIG(L1_MSHR), k);
    gtkw_view_tr(v, "wbv_q", NULL);
    for (uint32_t j = 0; j < s->d.wb_entries; j++)
        gtkw_view_trs(v, L1_WB, GTKW_NSIG(L1_WB), j);
    gpucoh_gtkw_group_end(g);
    snprintf(t, sizeof t, "%s FIFO, store buffer, fences, rr", v->scope);
    gpucoh_gtkw_group(g, t, false);
    gtkw_view_trs(v, L1_SCALARS, GTKW_NSIG(L1_SCALARS), -1);
    for (uint32_t k = 0; k < s->d.sb_entries && k < 16; k++)
        gtkw_view_tri(v, "sb_q", k, NULL);
    gpucoh_gtkw_group_end(g);
    uint32_t lo, hi;
    const uint32_t ways = s->d.l1_ways;
    gtkw_view_lines_group(v, s->d.l1_sets * ways, ways, line, &lo, &hi);
    for (uint32_t i = lo; i < hi; i++) {
        gtkw_view_tri(v, "st_q", i, l1_st_filter(s));
        gtkw_view_tri(v, "tag_q", i, NULL);
        gtkw_view_tri(v, "dirty_q", i, NULL);
    }
    gpucoh_gtkw_group_end(g);
}

/* the registry: MSHRs, FIFOs and rr, then its lines */
static void l2_groups(gtkw_view_t* v, const denovo_sys_desc_t* s, int line) {
    gpucoh_gtkw_t* g = v->g;
    char t[256];
    snprintf(t, sizeof t, "%s MSHRs, FIFOs, rr", v->scope);
    gpucoh_gtkw_group(g, t, false);
    gtkw_view_tr(v, "mv_q", NULL);
    for (uint32_t k = 0; k < s->d.l2_mshrs && k < 16; k++)
        gtkw_view_trs(v, L2_MSHR, GTKW_NSIG(L2_MSHR), k);
    gtkw_view_tr(v, "qcnt_q", NULL);
    gtkw_view_tr(v, "wcnt_q", NULL);
    gtkw_view_tr(v, "rr_q", NULL);
    gpucoh_gtkw_group_end(g);
    uint32_t lo, hi;
    const uint32_t ways = s->d.l2_ways;
    gtkw_view_lines_group(v, s->d.l2_sets * ways, ways, line, &lo, &hi);
    gtkw_view_tr(v, "rc_q", NULL);
    for (uint32_t i = lo; i < hi; i++) {
        gtkw_view_tri(v, "st_q", i, F_L2ST);
        gtkw_view_tri(v, "tag_q", i, NULL);
        gtkw_view_tri(v, "reg_q", i, NULL);
        gtkw_view_tri(v, "busy_q", i, NULL);
    }
    gpucoh_gtkw_group_end(g);
}

static void unit_view(gtkw_view_t* v, const void* pd, bool l1, int line) {
    const denovo_sys_desc_t* s = pd;
    const uint32_t ways = l1 ? s->d.l1_ways : s->d.l2_ways;
    const uint32_t lines = l1 ? s->d.l1_sets * ways : s->d.l2_sets * ways;
    /* 1. the diverging line: every field */
    if (gtkw_view_line_group(v, lines, ways, line)) {
        gtkw_view_tri(v, "st_q", (unsigned)line, l1 ? l1_st_filter(s) : F_L2ST);
        gtkw_view_tri(v, "tag_q", (unsigned)line, NULL);
        if (l1) {
            gtkw_view_tri(v, "dirty_q", (unsigned)line, NULL);
        } else {
            gtkw_view_tri(v, "reg_q", (unsigned)line, NULL);
            gtkw_view_tri(v, "busy_q", (unsigned)line, NULL);
            gtkw_view_tr(v, "rc_q", NULL);
        }
        gtkw_view_tri(v, "data_q", (unsigned)line, NULL);
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

static const gtkw_view_proto_t VIEW = {"denovo_l1", "denovo_l2", field_signal, unit_view,
                                       unit_ports};

int denovo_wave_gtkw(const void* pd, const gsys_rtl_result_t* div, const char* scope,
                     const gpucoh_mwave_t* w, const char* gtkw_path, const char* title,
                     unsigned* traces, unsigned* missing, char* err, size_t errlen) {
    return gtkw_view_write(&VIEW, pd, div, scope, w, gtkw_path, title, traces, missing, err,
                           errlen);
}
