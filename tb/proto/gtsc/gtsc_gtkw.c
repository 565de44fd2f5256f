/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_gtkw.c -- the GTKWave view of a divergence in a G-TSC system run
 * (tb/proto/gtsc/gtsc_gtkw.h, gtsc.md section 14, gtsc_l1.md / gtsc_l2.md section 13): per
 * unit the groups "core", "req", "rsp", "DRAM", "timestamps", "MSHR", "overflow" and its lines;
 * every timestamp (wts, rts, warp_ts, mem_ts, the messages' wts / rts / warp_ts, the MSHR's)
 * in unsigned decimal; core ops, core-response kinds, request and response kinds, atomic ops,
 * line states and MSHR kinds named by the translate filters waves/filters/gtsc_*.txt (the names
 * of the C enums, cmodel/gtsc/gtsc_types.h, and of rtl/gtsc/gtsc_pkg.sv); the diverging signal
 * red and first, the other units' handshakes in closed groups. G-TSC's wave_gtkw hook
 * (gtsc_proto.c): tables, field paths and groups only, on the shared view of tb/sys/gtkw_view.h
 * (as hLRC's tb/proto/hlrc/hlrc_gtkw.c); the global unit gtsc_ovf (scope "ovf") has its own
 * small view.
 */
#include "gtsc_gtkw.h"

#include <stdio.h>
#include <string.h>

#include "gtkw_view.h"
#include "gtsc_units.h"

#define F_OP   "gtsc_op.txt"
#define F_CRSP "gtsc_crsp_kind.txt"
#define F_REQ  "gtsc_req_kind.txt"
#define F_RSP  "gtsc_rsp_kind.txt"
#define F_AOP  "gtsc_aop.txt"
#define F_L1ST "gtsc_l1_st.txt"
#define F_MK   "gtsc_mk.txt"
#define F_L2ST "gtsc_l2_st.txt"

/* the groups of the ports (cmodel/gtsc/gtsc_l1_ports.h, gtsc_l2_ports.h); timestamps apart */
static const gtkw_sigdef_t L1_CORE[] = {
    {"clk_i", NULL},        {"rst_ni", NULL},        {"core_valid_i", NULL},
    {"core_op_i", F_OP},    {"core_wf_i", NULL},     {"core_line_i", NULL},
    {"core_aop_i", F_AOP},  {"core_word_i", NULL},   {"core_ready_o", NULL},
    {"crsp_valid_o", NULL}, {"crsp_kind_o", F_CRSP}, {"crsp_wf_mask_o", NULL},
    {"crsp_line_o", NULL},  {"wr_idle_o", NULL},
};
static const gtkw_sigdef_t L1_REQ[] = {
    {"req_valid_o", NULL}, {"req_kind_o", F_REQ}, {"req_wf_o", NULL},   {"req_line_o", NULL},
    {"req_ep_o", NULL},    {"req_aop_o", F_AOP},  {"req_word_o", NULL},
};
static const char* const L1_REQ_TS[] = {"req_wts_o", "req_warp_ts_o"};
static const gtkw_sigdef_t L1_RSP[] = {
    {"rsp_valid_i", NULL}, {"rsp_kind_i", F_RSP}, {"rsp_wf_i", NULL},
    {"rsp_line_i", NULL},  {"rsp_keep_i", NULL},  {"rsp_ep_i", NULL},
};
static const char* const L1_RSP_TS[] = {"rsp_wts_i", "rsp_rts_i"};
static const gtkw_sigdef_t L1_DATA[] = {
    {"core_data_i", NULL}, {"core_mask_i", NULL}, {"core_a_i", NULL},   {"core_b_i", NULL},
    {"crsp_data_o", NULL}, {"rsp_data_i", NULL},  {"req_data_o", NULL}, {"req_mask_o", NULL},
    {"req_a_o", NULL},     {"req_b_o", NULL},
};
/* the handshakes of an L1 for the other units' closed groups: core, req, rsp */
static const gtkw_sigdef_t L1_PORTS[] = {
    {"core_valid_i", NULL},  {"core_op_i", F_OP},   {"core_ready_o", NULL}, {"crsp_valid_o", NULL},
    {"crsp_kind_o", F_CRSP}, {"req_valid_o", NULL}, {"req_kind_o", F_REQ},  {"rsp_valid_i", NULL},
    {"rsp_kind_i", F_RSP},   {"tsrst_i", NULL},
};
/* the L1's MSHR: per entry (mv, mhw, mst: one bit an entry) */
static const gtkw_sigdef_t L1_MSHR[] = {
    {"mk_q", F_MK}, {"mline_q", NULL}, {"mway_q", NULL}, {"mwait_q", NULL}, {"mwf_q", NULL}};
static const gtkw_sigdef_t L1_MBITS[] = {{"mv_q", NULL}, {"mhw_q", NULL}, {"mst_q", NULL}};

static const gtkw_sigdef_t L2_REQ[] = {
    {"clk_i", NULL},      {"rst_ni", NULL},     {"req_valid_i", NULL}, {"req_kind_i", F_REQ},
    {"req_src_i", NULL},  {"req_wf_i", NULL},   {"req_line_i", NULL},  {"req_ep_i", NULL},
    {"req_aop_i", F_AOP}, {"req_word_i", NULL}, {"req_ready_o", NULL}, {"u_fifo.cnt_q", NULL},
};
static const char* const L2_REQ_TS[] = {"req_wts_i", "req_warp_ts_i"};
static const gtkw_sigdef_t L2_RSP[] = {
    {"rsp_valid_o", NULL}, {"rsp_kind_o", F_RSP}, {"rsp_dst_o", NULL}, {"rsp_wf_o", NULL},
    {"rsp_line_o", NULL},  {"rsp_keep_o", NULL},  {"rsp_ep_o", NULL},
};
static const char* const L2_RSP_TS[] = {"rsp_wts_o", "rsp_rts_o"};
static const gtkw_sigdef_t L2_DRAM[] = {
    {"mreq_fetch_o", NULL},   {"mreq_fetch_line_o", NULL}, {"mreq_wb_o", NULL},
    {"mreq_wb_line_o", NULL}, {"mem_valid_i", NULL},       {"mem_line_i", NULL},
};
static const gtkw_sigdef_t L2_DATA[] = {
    {"req_data_i", NULL}, {"req_mask_i", NULL},     {"req_a_i", NULL},    {"req_b_i", NULL},
    {"rsp_data_o", NULL}, {"mreq_wb_data_o", NULL}, {"mem_data_i", NULL},
};
static const gtkw_sigdef_t L2_PORTS[] = {
    {"req_valid_i", NULL}, {"req_kind_i", F_REQ},  {"req_ready_o", NULL}, {"rsp_valid_o", NULL},
    {"rsp_kind_o", F_RSP}, {"mreq_fetch_o", NULL}, {"mreq_wb_o", NULL},   {"mem_valid_i", NULL},
    {"ovf_o", NULL},       {"tsrst_i", NULL},
};
static const gtkw_sigdef_t L2_MSHR[] = {{"mkind_q", F_REQ}, {"mline_q", NULL}, {"mway_q", NULL},
                                        {"msrc_q", NULL},   {"mwf_q", NULL},   {"mep_q", NULL},
                                        {"maop_q", F_AOP}};
static const char* const L2_MSHR_TS[] = {"mwts_q", "mwarp_q"};
static const gtkw_sigdef_t OVF_PORTS[] = {
    {"clk_i", NULL}, {"rst_ni", NULL}, {"ovf_i", NULL}, {"tsrst_o", NULL}, {"tsrst_q", NULL}};

/* the timestamps of the message ports (unsigned decimal) */
static const char* const TS_PORTS[] = {"req_wts_o", "req_warp_ts_o", "rsp_wts_i", "rsp_rts_i",
                                       "req_wts_i", "req_warp_ts_i", "rsp_wts_o", "rsp_rts_o"};

/* the registers holding timestamps (unsigned decimal too) */
static const char* const TS_REGS[] = {"wts_q",    "rts_q",  "warp_ts_q",
                                      "mem_ts_q", "mwts_q", "mwarp_q"};
/* the MSHR fields held one bit an entry in one vector; the L1's per-warp registers (one packed
 * vector each); the scalars */
static const char* const MSHR_BITS[] = {"mv", "mhw", "mst", "mrdy"};
static const char* const WARP_REGS[] = {"warp_ts", "wcnt", "spin"};
static const char* const SCALARS[] = {"ep", "mem_ts", "ovf"};

static bool is_ovf(const char* s) {
    return !strcmp(s, "ovf");
}

/* sig (perhaps "rts_q[5]", "req_wts_o") is a timestamp */
static bool is_ts(const char* sig) {
    char b[64];
    snprintf(b, sizeof b, "%.*s", (int)strcspn(sig, "["), sig);
    return gtkw_view_named(b, TS_PORTS, GTKW_NSIG(TS_PORTS)) ||
           gtkw_view_named(b, TS_REGS, GTKW_NSIG(TS_REGS));
}

/* An MSHR field "mshr[k].mk" of the state compare (gtsc_sys_rtl.c): its register; false if f is
 * none */
static bool mshr_signal(const char* f, char* sig, size_t n, const char** filter) {
    unsigned k;
    char x[64];
    if (sscanf(f, "mshr[%u].%63[a-z]", &k, x) != 2)
        return false;
    if (gtkw_view_named(x, MSHR_BITS, GTKW_NSIG(MSHR_BITS)))
        snprintf(sig, n, "%s_q", x);
    else
        snprintf(sig, n, "%s_q[%u]", x, k);
    *filter = !strcmp(x, "mk")      ? F_MK
              : !strcmp(x, "mkind") ? F_REQ
              : !strcmp(x, "maop")  ? F_AOP
                                    : NULL;
    return true;
}

/* A state field of the compare (gtsc_sys_rtl.c: "set[1].way[0].rts", "set[1].rr",
 * "mshr[2].mwait", "warp_ts[3]", "fcnt", "mem_ts"): its register (a line's element, a packed
 * vector for the per-warp and per-set ones); false for a port. */
static bool state_signal(const gtsc_sys_desc_t* s, bool l1, const char* f, char* sig, size_t n,
                         int* line, const char** filter) {
    unsigned k;
    char x[64];
    if (gtkw_view_set_way(f, l1 ? s->d.l1_ways : s->d.l2_ways, line, x, sizeof x)) {
        snprintf(sig, n, "%s_q[%d]", x, *line);
        *filter = !strcmp(x, "st") ? (l1 ? F_L1ST : F_L2ST) : NULL;
        return true;
    }
    if (mshr_signal(f, sig, n, filter))
        return true;
    const bool rr = sscanf(f, "set[%u].%63s", &k, x) == 2 && !strcmp(x, "rr");
    const bool warp = sscanf(f, "%63[a-z_][%u]", x, &k) == 2 &&
                      gtkw_view_named(x, WARP_REGS, GTKW_NSIG(WARP_REGS));
    if (rr || warp || gtkw_view_named(f, SCALARS, GTKW_NSIG(SCALARS))) {
        snprintf(sig, n, "%s_q", rr ? "rr" : warp ? x : f);
        return true;
    }
    if (!strcmp(f, "fcnt")) {
        snprintf(sig, n, "u_fifo.cnt_q");
        return true;
    }
    return false;
}

/* The RTL signal of a field path below the unit: a register of the state compare, else a port,
 * perhaps with a bit range. */
static void field_signal(const void* pd, bool l1, const char* f, char* sig, size_t n, int* line,
                         const char** filter) {
    *line = -1;
    *filter = NULL;
    if (state_signal(pd, l1, f, sig, n, line, filter))
        return;
    if (l1)
        *filter = gtkw_view_port(f, L1_CORE, GTKW_NSIG(L1_CORE), L1_REQ, GTKW_NSIG(L1_REQ), sig, n);
    else
        *filter = gtkw_view_port(f, L2_RSP, GTKW_NSIG(L2_RSP), L2_DRAM, GTKW_NSIG(L2_DRAM), sig, n);
}

/* the module of the unit of scope s, and its handshake ports */
static const char* unit_ports(const char* s, const gtkw_sigdef_t** t, size_t* n) {
    if (is_ovf(s)) {
        *t = OVF_PORTS;
        *n = GTKW_NSIG(OVF_PORTS);
        return "gtsc_ovf";
    }
    const bool l1 = !strncmp(s, "sm", 2);
    *t = l1 ? L1_PORTS : L2_PORTS;
    *n = l1 ? GTKW_NSIG(L1_PORTS) : GTKW_NSIG(L2_PORTS);
    return l1 ? "gtsc_l1" : "gtsc_l2";
}

/* a group "scope NAME" of table t, then the timestamps ts[0..nts) in decimal */
static void ts_group(gtkw_view_t* v, const char* name, const gtkw_sigdef_t* t, size_t n,
                     const char* const* ts, size_t nts) {
    char b[256];
    snprintf(b, sizeof b, "%s %s", v->scope, name);
    gpucoh_gtkw_group(v->g, b, false);
    gtkw_view_trs(v, t, n, -1);
    for (size_t k = 0; k < nts; k++)
        gtkw_view_dec(v, ts[k], -1);
    gpucoh_gtkw_group_end(v->g);
}

/* "timestamps": the warps' (one packed vector: warp w at [w*TsWidth +: TsWidth]) and their spin
 * counters, or mem_ts and the lease, then wts / rts of the first 16 lines, in decimal; then the
 * lines listed (the shared view's "lines" group): round-robin pointers, states, tags */
static void lines_groups(gtkw_view_t* v, bool l1, uint32_t lines, uint32_t ways) {
    char t[256];
    uint32_t lo, hi;
    snprintf(t, sizeof t, "%s timestamps", v->scope);
    gpucoh_gtkw_group(v->g, t, false);
    gtkw_view_dec(v, l1 ? "warp_ts_q" : "mem_ts_q", -1);
    if (l1) /* the warps' spin counters (T12, gtsc.md section 15.1), one packed vector */
        gtkw_view_dec(v, "spin_q", -1);
    else
        gtkw_view_dec(v, "lease_i", -1);
    for (uint32_t i = 0; i < lines && i < 16; i++) {
        gtkw_view_dec(v, "wts_q", i);
        gtkw_view_dec(v, "rts_q", i);
    }
    gpucoh_gtkw_group_end(v->g);
    gtkw_view_lines_group(v, lines, ways, -1, &lo, &hi);
    gtkw_view_tr(v, "rr_q", NULL);
    for (uint32_t i = lo; i < hi; i++) {
        gtkw_view_tri(v, "st_q", i, l1 ? F_L1ST : F_L2ST);
        gtkw_view_tri(v, "tag_q", i, NULL);
    }
    gpucoh_gtkw_group_end(v->g);
}

/* "MSHR": the entries' bits, then per entry its fields */
static void mshr_group(gtkw_view_t* v, bool l1, uint32_t n) {
    char t[256];
    snprintf(t, sizeof t, "%s MSHR", v->scope);
    gpucoh_gtkw_group(v->g, t, false);
    if (l1) {
        gtkw_view_trs(v, L1_MBITS, GTKW_NSIG(L1_MBITS), -1);
        gtkw_view_dec(v, "wcnt_q", -1);
    } else {
        gtkw_view_tr(v, "mv_q", NULL);
        gtkw_view_tr(v, "mrdy_q", NULL);
    }
    for (uint32_t k = 0; k < n && k < 16; k++) {
        if (l1)
            gtkw_view_trs(v, L1_MSHR, GTKW_NSIG(L1_MSHR), k);
        else
            gtkw_view_trs(v, L2_MSHR, GTKW_NSIG(L2_MSHR), k);
        for (size_t j = 0; !l1 && j < GTKW_NSIG(L2_MSHR_TS); j++)
            gtkw_view_dec(v, L2_MSHR_TS[j], k);
    }
    gpucoh_gtkw_group_end(v->g);
}

/* "overflow": tsrst_i, the epoch (and the bank's ovf) */
static void ovf_group(gtkw_view_t* v, bool l1) {
    char t[256];
    snprintf(t, sizeof t, "%s overflow", v->scope);
    gpucoh_gtkw_group(v->g, t, false);
    gtkw_view_tr(v, "tsrst_i", NULL);
    gtkw_view_dec(v, "ep_q", -1);
    if (!l1) {
        gtkw_view_tr(v, "ovf_q", NULL);
        gtkw_view_tr(v, "ovf_o", NULL);
    }
    gpucoh_gtkw_group_end(v->g);
}

static void unit_view(gtkw_view_t* v, const void* pd, bool l1) {
    const gtsc_sys_desc_t* s = pd;
    if (l1) {
        ts_group(v, "core", L1_CORE, GTKW_NSIG(L1_CORE), NULL, 0);
        ts_group(v, "req", L1_REQ, GTKW_NSIG(L1_REQ), L1_REQ_TS, GTKW_NSIG(L1_REQ_TS));
        ts_group(v, "rsp", L1_RSP, GTKW_NSIG(L1_RSP), L1_RSP_TS, GTKW_NSIG(L1_RSP_TS));
    } else {
        ts_group(v, "req", L2_REQ, GTKW_NSIG(L2_REQ), L2_REQ_TS, GTKW_NSIG(L2_REQ_TS));
        ts_group(v, "rsp", L2_RSP, GTKW_NSIG(L2_RSP), L2_RSP_TS, GTKW_NSIG(L2_RSP_TS));
        gtkw_view_group(v, "DRAM", false, L2_DRAM, GTKW_NSIG(L2_DRAM));
    }
    const uint32_t ways = l1 ? s->d.l1_ways : s->d.l2_ways;
    lines_groups(v, l1, (l1 ? s->d.l1_sets : s->d.l2_sets) * ways, ways);
    mshr_group(v, l1, l1 ? s->d.l1_mshrs : s->d.l2_mshrs);
    ovf_group(v, l1);
    if (l1)
        gtkw_view_group(v, "data ports", true, L1_DATA, GTKW_NSIG(L1_DATA));
    else
        gtkw_view_group(v, "data ports", true, L2_DATA, GTKW_NSIG(L2_DATA));
}

/* the diverging signal first and red: a timestamp (port or register) in decimal */
static void mark(gtkw_view_t* v, const gsys_rtl_result_t* div, const char* filt) {
    if (!is_ts(v->red)) {
        gtkw_view_mark(v, div, filt);
        return;
    }
    char red[sizeof v->red];
    snprintf(red, sizeof red, "%s", v->red);
    v->red[0] = 0; /* the comment only */
    gtkw_view_mark(v, div, NULL);
    snprintf(v->red, sizeof v->red, "%s", red);
    gtkw_view_dec(v, v->red, -1);
}

int gtsc_wave_gtkw(const void* pd, const gsys_rtl_result_t* div, const char* scope,
                   const gpucoh_mwave_t* w, const char* gtkw_path, const char* title,
                   unsigned* traces, unsigned* missing, char* err, size_t errlen) {
    const gtkw_sigdef_t* t;
    size_t n;
    gtkw_view_t v;
    const char* mod = unit_ports(scope, &t, &n);
    const bool l1 = !strncmp(scope, "sm", 2);
    gpucoh_gtkw_t* g = gtkw_view_begin(&v, w, gtkw_path, div, scope, mod, title, err, errlen);
    if (!g)
        return -1;
    int line = -1;
    const char* filt = NULL;
    const char* fld = div->div.field + strlen(div->div.unit);
    if (*fld == '.' && is_ovf(scope)) /* the port tsrst_o or a register (tsrst, nrst) */
        snprintf(v.red, sizeof v.red, "%s%s", fld + 1, strcmp(fld + 1, "tsrst_o") ? "_q" : "");
    else if (*fld == '.')
        field_signal(pd, l1, fld + 1, v.red, sizeof v.red, &line, &filt);
    mark(&v, div, filt);
    if (is_ovf(scope))
        gtkw_view_group(&v, "overflow", false, OVF_PORTS, GTKW_NSIG(OVF_PORTS));
    else
        unit_view(&v, pd, l1);
    gtkw_view_others(g, w, scope, unit_ports); /* the other units' handshakes, closed */
    return gtkw_view_finish(g, traces, missing, err, errlen);
}
