/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpu_l1.c -- C reference model of the baseline GPU L1 controller (GPU-D / GPU-H).
 *
 * Written from docs/units/gpu/gpu_l1.md (rules L1-L13, tables C01-C22, R01-R06, B01-B08, section 7)
 * and docs/timing.md only, never from rtl/gpu/gpu_l1.sv. Section and rule numbers below cite that
 * page.
 *
 * One gpu_l1_tick() = one rising edge, in the order of rule L2: (b) the store-buffer engine
 * decides its batch or idle pop from the registered state; (a) a response, else (c) the FIFO
 * head (L11; a full pop is decided after a head that stalls S03); the engine's pop is applied;
 * (d) the batch check; (e) INV; (f) the push of the core request; (g) the outputs. A tick
 * touches the head's set and the popped line; INV (and reset) are the only loops over every
 * line, and INV skips them when no line is valid or pending (counts nval / npend).
 *
 * Readings of the spec where it is silent or open (also in the report to the spec owner):
 *  1. L3 "a response edge never sends a request" is read as: the response (R01-R06) and the
 *     head (not tried) send none; the engine's batch / idle pop does pop in a response edge and
 *     sends its WT (F43 ACK_AND_WT needs it; section 7 excludes only the full pop there).
 *  2. C02, C04, C05 ("LOAD plain") also take a CTA-scope acquire load (acq && !gpu_s), as C01
 *     does; C11, C12 ("STORE plain") also take a CTA-scope release store, as C10 does.
 *  3. A core request with op 0 or 5..7 or wf >= NumWf (port widths: op 3, wf 6 bits) is a
 *     protocol error when it would be pushed: counted in errors, not pushed (tc_l1's reading 5).
 *     A response of kind 0 is a protocol error (counted, nothing changes; the head is not
 *     tried, the engine works as in any response edge).
 *  4. Inputs are cut to their port widths (line LA bits, aop 2, word 5, rsp wf 6, byte masks
 *     LineBytes bits). A C13 WT carries the core's data as received (the core keeps bytes
 *     outside the mask 0); a WT of dirty bytes (engine, V01, C14) carries the line's data with
 *     the bytes outside the dirty mask 0. GETS carries only the line; an ATOMIC request carries
 *     wf, acq, line, aop, word, a, b and data / mask 0. crsp_wf_mask of an ATOM is
 *     (1 << rsp wf) cut to NumWf bits.
 *  5. S04's "its line equals the popped entry's line" compares the head's line (for V01 too; a
 *     V01 sends a request, so it stalls whenever the engine pops). Only a pop that happens
 *     counts (a pop blocked by F37 takes no port).
 *  6. An INV marks stale every line with pend_q && pend_d, whether or not it was stale already;
 *     F33 counts once per INV that finds such a line; F44 counts an edge where a response INV
 *     (R02 with acq, R03, R06) and a batch completion coincide.
 *  7. Coverage: one row per event of the edge (a response row or the head's row, the engine's
 *     B01-B06 row, B07/B08); a stalled head counts its S row only; V01 counts instead of the
 *     allocating row. Cover points count once per edge. Errors, statistics and coverage survive
 *     a reset.
 *  8. Before the first tick every output reads 0; after a reset edge core_ready and drained are
 *     1 (fcnt 0, sbcnt 0, wtp 0), everything else 0.
 *  9. gpu_l1_trans_reachable: C16-C20 are unreachable under GPU-D; the row C03 is never
 *     counted (L11: "the row counted is the stall's", S01), so it is reported unreachable; C19
 *     and S06 are retired (D9).
 *
 * Rsp = 1 (docs/units/gpu/rsp.md sections 2-6, 11, 12: L14-L21, C24-C30, R07, K01-K06, B09-B10,
 * S07-S08, F52-F67, I6-I12), readings:
 * 10. reading: The L1 has no SM-id input. A command (K01-K04) is the L1's own (L21's "at the
 *     source") when it arrives while this L1 has a broadcast step in flight (rsnt_q, the step a
 *     broadcast): by fact 1 of section 3 only the holder sends commands. Its pin_src is then this
 *     SM's id, kept (not architectural) so that F54 can tell the issuer's own BACK.
 * 11. reading: A GNT is a response: its edge does not try the head (L3), as any response edge.
 * 12. reading: The response and peer kinds are cut to 3 bits. A BACK's dst (1 << src) is cut to
 *     NumSm bits. F61 counts a blocked command pop (B09 / B10's condition), not a blocked batch pop
 *     that would also have served the FLUSH (F37 counts both).
 * 13. reading: C25 and C28 count in neither hits / misses nor wt_release (the stats keep gpu_l1's
 *     rows); C29's stale marking counts no F51 (F51 names C15 / C18). F66 counts the rm rows' own
 *     S04 (C24, C25, C28, C29, C30), not a V01 of C25's allocation.
 * 14. RD8 (L19): two peer messages in one edge happen only after illegal inputs. A C26 broadcast
 *     takes the edge and a K01-K03 BACK of the same edge is dropped; a K05 BACK that meets
 *     either waits for the next edge without one (cfv stays 1: nothing is lost). Such an edge
 *     counts one protocol error, as the RTL's L19_OnePeer_A flags it once.
 * 15. reading: S07 is unreachable with NumSm = 1 (as its cover point F56, section 12.2): the only
 *     L1's head is the rm operation for the whole locked window.
 */
#include "gpu_l1.h"
#include "gpucoh_bits.h"

#include <assert.h>
#include <string.h>

#ifndef GPU_L1_ASSERT
#define GPU_L1_ASSERT(c) assert(c)
#endif
/* O(lines) re-checks of rules L1 and of the counts run in unit-test builds only (the Makefile
 * builds every test with SIG_BLOOM_CHECK_RULES). */
#if defined(SIG_BLOOM_CHECK_RULES) && !defined(GPU_CHECK_RULES)
#define GPU_CHECK_RULES
#endif

/*--- storage ----------------------------------------------------------------------------------*/

typedef struct {
    uint64_t tag;
    uint64_t wait;
    uint8_t val, pend, stale, acq;
} l1_meta_t;

typedef struct {
    uint32_t op, wf;
    uint64_t line;
    bool gpu, rm, acq, rel; /* rm: kept only with Rsp = 1 on LOAD acq, STORE rel, ATOMIC, FENCE */
    uint32_t aop, word, a, b;
} l1_fentry_t;

/* The steps of an rm operation (rsp.md sections 2, 4.2); the broadcasts are their peer kinds. */
enum {
    STEP_NONE = 0,
    STEP_LOCK = GPU_PEER_LOCK,
    STEP_FLUSH = GPU_PEER_FLUSH,
    STEP_INV = GPU_PEER_INV,
    STEP_UNLOCK = GPU_PEER_UNLOCK,
    STEP_T = 8,
    STEP_LD,   /* a3 */
    STEP_INVL, /* a5 */
    STEP_ST,   /* a12 */
    STEP_RMW,  /* a22 */
    STEP_U,
};

struct gpu_l1 {
    gpu_l1_desc_t d;
    uint32_t lw, mw, la, lines, set_bits, tag_bits, wmax;
    uint64_t la_mask, wf_all;
    l1_meta_t* line;
    uint32_t* data;  /* lines x lw */
    uint32_t* dirty; /* lines x mw */
    uint32_t* rr;
    l1_fentry_t* fifo;
    uint32_t* fdata; /* l1_queue x lw */
    uint32_t* fmask; /* l1_queue x mw */
    uint64_t* sb;
    uint32_t fhead, fcnt;
    uint32_t sbh, sbcnt;
    uint32_t wtp, batch, fl;
    uint64_t fcur, fwait, fdone;
    uint32_t idle;
    uint32_t rblk, rst, rsnt, bcnt, cfv, cfl, csrc; /* Rsp (rsp.md section 4.2) */
    uint32_t self_sm;                               /* reading 10 (not architectural) */
    uint64_t sm_all;                                /* ALL = 2^NumSm - 1 */
    uint32_t nval, npend;                           /* lines with val / pend = 1 */
    int32_t v01_set; /* set of this edge's V01, -1: none (F47 reads the previous edge's) */
    gpu_l1_out_t out;
    bool out_quiet; /* out's messages are all 0 (a quiet edge left them so; any other edge not) */
    bool out_kept;  /* the last edge was gpu_l1_tick_kept's and left all of out in its buffer */
    uint64_t cov[GPU_L1_T_N];
    uint64_t fcov[GPU_L1_F_N];
    uint64_t errors;
    gpu_l1_stats_t st;
    uint32_t touched_n;
    uint32_t touched[GPU_SEL_MAX];
    bool touched_all;
    bool flags_touched; /* this edge's INV wrote the flags of lines touched[] does not name */
};

/* What one edge reads (registered values) and decides. */
typedef struct {
    uint32_t wtp_q, batch_q, fl_q, sbcnt_q, sbh_q, idle_q;
    uint32_t rblk_q, rst_q, rsnt_q, bcnt_q, cfv_q, cfl_q;
    uint64_t fcur_q;
    bool k01, k03, k04, c16; /* Rsp: this edge's K01 / K03 / K04, the head's C16 */
    bool l19;                /* the edge has counted its L19_OnePeer_A error (reading 14) */
    uint32_t k_src, k_src_q; /* K04's src; csrc_q */
    int32_t v01_prev;
    /* the engine's pop (section 7) */
    bool pop, pop_wt;
    uint32_t pop_kind; /* 0 batch, 1 idle, 2 full, 3 command (B09 / B10) */
    uint32_t pop_idx;
    uint64_t pop_line;
    /* effects of the edge */
    bool wt, ack, push, fpop, store, inv, inv_rsp, start_batch;
    int64_t gets_idx; /* the line whose GETS this edge sends (pend_q = 0), -1 */
} l1_edge_t;

/* The head's row and what it found (L11). */
typedef struct {
    const l1_fentry_t* q;
    const uint32_t* qdata;
    const uint32_t* qmask;
    uint32_t row; /* gpu_l1_trans_t */
    uint32_t set;
    uint64_t tag;
    bool m;
    uint32_t idx;   /* matching line (m), the allocated way's line, or the V01 victim */
    uint32_t rule;  /* L7 rule for allocating rows */
    bool gpu_s;     /* L4 */
    bool writes;    /* C16: the atomic writes */
    uint32_t neww;  /* C16: the new word */
    uint32_t wordi; /* C16: word index mod LW */
} l1_head_t;

enum { POP_BATCH = 0, POP_IDLE = 1, POP_FULL = 2, POP_CMD = 3 };

/*--- helpers ----------------------------------------------------------------------------------*/

static inline uint32_t* ldata(const gpu_l1_t* m, uint32_t i) {
    return m->data + (size_t)i * m->lw;
}

static inline uint32_t* ldirty(const gpu_l1_t* m, uint32_t i) {
    return m->dirty + (size_t)i * m->mw;
}

static bool dirty_nz(const gpu_l1_t* m, uint32_t i) {
    const uint32_t* d = ldirty(m, i);
    for (uint32_t k = 0; k < m->mw; k++) {
        if (d[k] != 0u) {
            return true;
        }
    }
    return false;
}

static bool allocated(const gpu_l1_t* m, uint32_t i) {
    return m->line[i].val || m->line[i].pend || dirty_nz(m, i);
}

static inline void fc(gpu_l1_t* m, gpu_l1_fcov_t f) {
    m->fcov[f]++;
}

static void touch(gpu_l1_t* m, uint32_t i) {
    for (uint32_t k = 0; k < m->touched_n; k++) {
        if (m->touched[k] == i) {
            return;
        }
    }
    if (m->touched_n < GPU_SEL_MAX) {
        m->touched[m->touched_n++] = i;
    } else {
        m->touched_all = true;
    }
}

static void set_val(gpu_l1_t* m, uint32_t i, bool v) {
    l1_meta_t* L = &m->line[i];
    if (L->val != (uint8_t)v) {
        m->nval = v ? m->nval + 1u : m->nval - 1u;
        L->val = (uint8_t)v;
    }
}

static void set_pend(gpu_l1_t* m, uint32_t i, bool v) {
    l1_meta_t* L = &m->line[i];
    if (L->pend != (uint8_t)v) {
        m->npend = v ? m->npend + 1u : m->npend - 1u;
        L->pend = (uint8_t)v;
    }
}

static inline uint32_t set_of(const gpu_l1_t* m, uint64_t line) {
    return (uint32_t)(line & (uint64_t)(m->d.l1_sets - 1u));
}

static inline uint64_t tag_of(const gpu_l1_t* m, uint64_t line) {
    return line >> m->set_bits;
}

/* the line index matching line (section 3), or -1; rule L1: at most one way matches */
static int64_t find_line(const gpu_l1_t* m, uint64_t line) {
    const uint32_t set = set_of(m, line);
    const uint64_t tag = tag_of(m, line);
    const uint32_t base = set * m->d.l1_ways;
    int64_t hit = -1;
    for (uint32_t w = 0; w < m->d.l1_ways; w++) {
        const uint32_t i = base + w;
        if (m->line[i].tag == tag && allocated(m, i)) {
            GPU_L1_ASSERT(hit < 0); /* L1_OneWay_A */
            hit = (int64_t)i;
#ifndef GPU_CHECK_RULES
            break;
#endif
        }
    }
    return hit;
}

/* a WT of line i's dirty bytes (bytes outside the mask 0) */
static void req_wt_dirty(gpu_l1_t* m, l1_edge_t* e, uint64_t line, uint32_t i) {
    gpu_req_t* r = &m->out.req;
    const uint32_t* d = ldata(m, i);
    const uint32_t* dm = ldirty(m, i);
    r->valid = true;
    r->kind = GPU_REQ_WT;
    r->line = line;
    for (uint32_t w = 0; w < m->lw; w++) {
        r->data[w] = d[w] & gpucoh_word_bytes(dm, w);
    }
    memcpy(r->mask, dm, (size_t)m->mw * sizeof(uint32_t));
    e->wt = true;
}

static void crsp_put(gpu_l1_t* m, uint32_t kind, uint64_t wf_mask, uint64_t line,
                     const uint32_t* data) {
    gpu_core_rsp_t* c = &m->out.crsp;
    c->valid = true;
    c->kind = kind;
    c->wf_mask = wf_mask;
    c->line = line;
    memcpy(c->data, data, (size_t)m->lw * sizeof(uint32_t));
}

/* P1: new value of an atomic on old; false when it writes nothing */
static bool atomic_new(uint32_t aop, uint32_t old, uint32_t a, uint32_t b, uint32_t* nv) {
    switch (aop) {
    case GPU_AOP_ADD:
        *nv = old + a;
        return true;
    case GPU_AOP_EXCH:
        *nv = a;
        return true;
    case GPU_AOP_CAS:
        *nv = b;
        return old == a;
    default:
        *nv = old;
        return false;
    }
}

/*--- descriptor, size, build ------------------------------------------------------------------*/

gpu_l1_desc_t gpu_l1_desc_from(const gpu_desc_t* sys) {
    gpu_l1_desc_t d;
    d.hrf = sys->hrf;
    d.rsp = sys->rsp;
    d.num_sm = sys->num_sm;
    d.num_wf = sys->num_wf;
    d.line_bytes = sys->line_bytes;
    d.addr_width = sys->addr_width;
    d.l1_sets = sys->l1_sets;
    d.l1_ways = sys->l1_ways;
    d.l1_queue = sys->l1_queue;
    d.sb_entries = sys->sb_entries;
    d.sb_idle = sys->sb_idle;
    d.wt_cnt_width = sys->wt_cnt_width;
    return d;
}

#define RANGE(field, name, lo, hi) GPUCOH_DESC_RANGE(gpu_param_error, "gpu_l1", field, name, lo, hi)

/* Section 1 in table order; AddrWidth's derived bound (LA >= log2 L1Sets + 1) after L1Sets. */
int gpu_l1_check_desc(const gpu_l1_desc_t* d, char* msg, size_t msg_len) {
    if (d == NULL) {
        return gpu_param_error(msg, msg_len, "gpu_l1: desc is NULL");
    }
    if (d->hrf > 1u) {
        return gpu_param_error(msg, msg_len, "gpu_l1: hrf = %u is illegal (Hrf: 0 GPU-D, 1 GPU-H)",
                               (unsigned)d->hrf);
    }
    RANGE(num_wf, "NumWf", 1u, GPU_MAX_WF);
    if (!gpucoh_is_pow2(d->line_bytes) || d->line_bytes < 16u ||
        d->line_bytes > GPU_MAX_LINE_BYTES) {
        return gpu_param_error(msg, msg_len,
                               "gpu_l1: line_bytes = %u is illegal (LineBytes: 16, 32, 64 or 128)",
                               (unsigned)d->line_bytes);
    }
    RANGE(addr_width, "AddrWidth", 16u, 48u);
    if (!gpucoh_is_pow2(d->l1_sets) || d->l1_sets > GPU_L1_MAX_SETS) {
        return gpu_param_error(msg, msg_len,
                               "gpu_l1: l1_sets = %u is illegal (L1Sets: a power of two in 1..256)",
                               (unsigned)d->l1_sets);
    }
    const uint32_t la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    const uint32_t s1 = gpucoh_log2_floor(d->l1_sets);
    if (la < s1 + 1u) {
        return gpu_param_error(msg, msg_len,
                               "gpu_l1: addr_width = %u is illegal (AddrWidth: LA = AddrWidth - "
                               "log2 LineBytes = %u must be >= log2 L1Sets + 1 = %u; legal "
                               "AddrWidth >= %u)",
                               (unsigned)d->addr_width, (unsigned)la, (unsigned)(s1 + 1u),
                               (unsigned)(s1 + 1u + gpucoh_log2_floor(d->line_bytes)));
    }
    RANGE(l1_ways, "L1Ways", 1u, GPU_L1_MAX_WAYS);
    RANGE(l1_queue, "L1Queue", 1u, 8u);
    RANGE(sb_entries, "SbEntries", 1u, GPU_L1_MAX_SB);
    RANGE(sb_idle, "SbIdle", 1u, 65535u);
    RANGE(wt_cnt_width, "WtCntWidth", 2u, 10u);
    /* rsp.md section 1, after the unit's own. reading: the page writes "NumSm = V is illegal";
     * the units' messages name the field (gpu_l1.md section 1, gpu_l2's "num_sm = V"), so
     * "num_sm = V" here, and "rsp = V is illegal (Rsp: 0..1)" for Rsp's range (no text given) */
    RANGE(rsp, "Rsp", 0u, 1u);
    if (d->rsp == 1u && d->hrf != 1u) {
        return gpu_param_error(msg, msg_len, "gpu_l1: Rsp = 1 needs Hrf = 1 (Rsp: 0 under GPU-D)");
    }
    RANGE(num_sm, "NumSm", 1u, GPU_MAX_SM);
    return 0;
}

#undef RANGE

typedef struct {
    size_t line, data, dirty, rr, fifo, fdata, fmask, sb, total;
} l1_layout_t;

static void l1_layout(const gpu_l1_desc_t* d, l1_layout_t* o) {
    const size_t lines = (size_t)d->l1_sets * d->l1_ways;
    const size_t lw = d->line_bytes / 4u, mw = (d->line_bytes + 31u) / 32u, q = d->l1_queue;
    size_t at = gpucoh_al8(sizeof(gpu_l1_t));
    o->line = at;
    at += gpucoh_al8(lines * sizeof(l1_meta_t));
    o->data = at;
    at += gpucoh_al8(lines * lw * sizeof(uint32_t));
    o->dirty = at;
    at += gpucoh_al8(lines * mw * sizeof(uint32_t));
    o->rr = at;
    at += gpucoh_al8((size_t)d->l1_sets * sizeof(uint32_t));
    o->fifo = at;
    at += gpucoh_al8(q * sizeof(l1_fentry_t));
    o->fdata = at;
    at += gpucoh_al8(q * lw * sizeof(uint32_t));
    o->fmask = at;
    at += gpucoh_al8(q * mw * sizeof(uint32_t));
    o->sb = at;
    at += gpucoh_al8((size_t)d->sb_entries * sizeof(uint64_t));
    o->total = at;
}

size_t gpu_l1_size(const gpu_l1_desc_t* d) {
    if (gpu_l1_check_desc(d, NULL, 0u) != 0) {
        return 0u;
    }
    l1_layout_t o;
    l1_layout(d, &o);
    return o.total;
}

static void l1_reset_state(gpu_l1_t* m) {
    memset(m->line, 0, (size_t)m->lines * sizeof(l1_meta_t));
    memset(m->data, 0, (size_t)m->lines * m->lw * sizeof(uint32_t));
    memset(m->dirty, 0, (size_t)m->lines * m->mw * sizeof(uint32_t));
    memset(m->rr, 0, (size_t)m->d.l1_sets * sizeof(uint32_t));
    memset(m->fifo, 0, (size_t)m->d.l1_queue * sizeof(l1_fentry_t));
    memset(m->fdata, 0, (size_t)m->d.l1_queue * m->lw * sizeof(uint32_t));
    memset(m->fmask, 0, (size_t)m->d.l1_queue * m->mw * sizeof(uint32_t));
    memset(m->sb, 0, (size_t)m->d.sb_entries * sizeof(uint64_t));
    m->fhead = m->fcnt = 0u;
    m->sbh = m->sbcnt = 0u;
    m->wtp = m->batch = m->fl = 0u;
    m->fcur = m->fwait = m->fdone = 0u;
    m->idle = 0u;
    m->rblk = m->rst = m->rsnt = m->bcnt = m->cfv = m->cfl = m->csrc = 0u;
    m->self_sm = 0u;
    m->nval = m->npend = 0u;
    m->v01_set = -1;
}

gpu_l1_t* gpu_l1_init(void* mem, size_t len, const gpu_l1_desc_t* d, char* msg, size_t msg_len) {
    if (gpu_l1_check_desc(d, msg, msg_len) != 0) {
        return NULL;
    }
    l1_layout_t o;
    l1_layout(d, &o);
    if (mem == NULL || len < o.total || ((uintptr_t)mem % _Alignof(uint64_t)) != 0u) {
        (void)gpu_param_error(msg, msg_len,
                              "gpu_l1: storage %s (%zu bytes at %p; the model needs %zu bytes "
                              "aligned to %zu)",
                              mem == NULL     ? "is NULL"
                              : len < o.total ? "too small"
                                              : "misaligned",
                              len, mem, o.total, (size_t) _Alignof(uint64_t));
        return NULL;
    }
    memset(mem, 0, o.total);
    unsigned char* b = (unsigned char*)mem;
    gpu_l1_t* m = (gpu_l1_t*)mem;
    m->line = (l1_meta_t*)(void*)(b + o.line);
    m->data = (uint32_t*)(void*)(b + o.data);
    m->dirty = (uint32_t*)(void*)(b + o.dirty);
    m->rr = (uint32_t*)(void*)(b + o.rr);
    m->fifo = (l1_fentry_t*)(void*)(b + o.fifo);
    m->fdata = (uint32_t*)(void*)(b + o.fdata);
    m->fmask = (uint32_t*)(void*)(b + o.fmask);
    m->sb = (uint64_t*)(void*)(b + o.sb);
    m->d = *d;
    m->lw = d->line_bytes / 4u;
    m->mw = (d->line_bytes + 31u) / 32u;
    m->la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    m->la_mask = gpucoh_mask64(m->la);
    m->lines = d->l1_sets * d->l1_ways;
    m->set_bits = gpucoh_log2_floor(d->l1_sets);
    m->tag_bits = m->la - m->set_bits;
    m->wmax = (1u << d->wt_cnt_width) - 1u;
    m->wf_all = gpucoh_mask64(d->num_wf);
    m->sm_all = gpucoh_mask64(d->num_sm);
    l1_reset_state(m);
    return m; /* outputs read 0 until the first edge */
}

/*--- the store-buffer engine (section 7) ------------------------------------------------------*/

/* Decide a pop of kind k of slot sbh_q: blocked (F37) when it would send a WT while
 * wtp_q == WMAX or its line is pending. */
static void eng_decide(gpu_l1_t* m, l1_edge_t* e, uint32_t k) {
    const uint64_t p = m->sb[e->sbh_q];
    const int64_t i = find_line(m, p);
    const bool wt = i >= 0 && dirty_nz(m, (uint32_t)i);
    if (wt && (e->wtp_q == m->wmax || m->line[i].pend)) {
        fc(m, GPU_L1_F_POP_BLOCKED);
        if (k == POP_CMD) {
            fc(m, GPU_L1_F_CMD_POP_BLOCKED);
        }
        return;
    }
    e->pop = true;
    e->pop_wt = wt;
    e->pop_kind = k;
    e->pop_idx = wt ? (uint32_t)i : 0u;
    e->pop_line = p;
}

/* (b): the batch or idle pop, from the registered state */
static void eng_pre(gpu_l1_t* m, l1_edge_t* e) {
    if (e->batch_q && e->fl_q > 0u) {
        GPU_L1_ASSERT(e->sbcnt_q >= e->fl_q);
        eng_decide(m, e, POP_BATCH);
    } else if (e->cfv_q && e->cfl_q > 0u) { /* L18: B09 / B10 */
        GPU_L1_ASSERT(e->sbcnt_q >= e->cfl_q);
        eng_decide(m, e, POP_CMD);
    } else if (!e->batch_q && !e->cfv_q && e->sbcnt_q > 0u && e->idle_q == m->d.sb_idle) {
        eng_decide(m, e, POP_IDLE);
    }
}

static void eng_apply(gpu_l1_t* m, l1_edge_t* e) {
    static const gpu_l1_trans_t rows[4] = {GPU_L1_T_B01, GPU_L1_T_B03, GPU_L1_T_B05, GPU_L1_T_B09};
    m->cov[rows[e->pop_kind] + (e->pop_wt ? 0u : 1u)]++;
    if (e->pop_wt) {
        req_wt_dirty(m, e, e->pop_line, e->pop_idx);
        memset(ldirty(m, e->pop_idx), 0, (size_t)m->mw * sizeof(uint32_t));
        touch(m, e->pop_idx);
        uint64_t* n[4] = {&m->st.wt_batch, &m->st.wt_idle, &m->st.wt_full, NULL};
        if (n[e->pop_kind] != NULL) {
            (*n[e->pop_kind])++;
        }
    } else {
        fc(m, GPU_L1_F_SB_SKIP_CLEAN);
    }
    if (e->pop_kind == POP_IDLE) {
        fc(m, GPU_L1_F_IDLE_DRAIN);
    } else if (e->pop_kind == POP_BATCH) {
        m->fl--;
    }
    if (e->cfl_q > 0u) { /* L18: one pop serves the batch and the FLUSH */
        m->cfl = e->cfl_q - 1u;
    }
    if (e->sbh_q == m->d.sb_entries - 1u) {
        fc(m, GPU_L1_F_SB_PTR_WRAP);
    }
}

/*--- INV (L6) ---------------------------------------------------------------------------------*/

static void l1_inv(gpu_l1_t* m, const l1_edge_t* e) {
    m->st.inv++;
    if (m->nval == 0u && m->npend == 0u) {
        return; /* it writes nothing */
    }
    m->flags_touched = true;
    bool staled = false;
    for (uint32_t i = 0; i < m->lines; i++) {
        l1_meta_t* L = &m->line[i];
        if (L->val) {
            L->val = 0u;
            m->st.inv_lines++;
        }
        if (L->pend && (int64_t)i != e->gets_idx) { /* pend_q && pend_d */
            L->stale = 1u;
            staled = true;
        }
    }
    m->nval = 0u;
    if (staled) {
        fc(m, GPU_L1_F_INV_STALES);
        if (e->k03) {
            fc(m, GPU_L1_F_CMD_INV_STALES);
        }
    }
}

/*--- Rsp: steps, peer messages (rsp.md sections 2, 3, 4.2) ------------------------------------*/

/* the step rst names for the head's op (section 4.2) */
static uint32_t step_of(uint32_t op, uint32_t rst) {
    static const uint8_t acq[] = {STEP_NONE, STEP_T, STEP_LD, STEP_FLUSH, STEP_INVL, STEP_U};
    static const uint8_t rel[] = {STEP_NONE, STEP_T,   STEP_LOCK,   STEP_FLUSH, STEP_INV,
                                  STEP_ST,   STEP_INV, STEP_UNLOCK, STEP_U};
    static const uint8_t rmw[] = {STEP_NONE, STEP_T,     STEP_LOCK, STEP_FLUSH,  STEP_INV,
                                  STEP_RMW,  STEP_FLUSH, STEP_INV,  STEP_UNLOCK, STEP_U};
    switch (op) {
    case GPU_OP_LOAD:
        return rst < sizeof acq ? acq[rst] : STEP_NONE;
    case GPU_OP_STORE:
        return rst < sizeof rel ? rel[rst] : STEP_NONE;
    case GPU_OP_ATOMIC:
        return rst < sizeof rmw ? rmw[rst] : STEP_NONE;
    default:
        return STEP_NONE;
    }
}

static inline bool step_bcst(uint32_t step) {
    return step >= STEP_LOCK && step <= STEP_UNLOCK;
}

/* the step of the registered rst_q (STEP_NONE when no rm operation runs) */
static uint32_t step_q(const gpu_l1_t* m, const l1_edge_t* e) {
    return e->rst_q == 0u ? STEP_NONE : step_of(m->fifo[m->fhead].op, e->rst_q);
}

/* L16: the step completes; the head sends the next one in a later edge */
static void step_done(gpu_l1_t* m) {
    m->rst++;
    m->rsnt = 0u;
}

/* reading 14: an edge with two peer messages counts one protocol error (L19_OnePeer_A) */
static void l19_error(gpu_l1_t* m, l1_edge_t* e) {
    if (!e->l19) {
        e->l19 = true;
        m->errors++;
    }
}

/* L19: the edge's one peer message. The K01-K03 BACK (a0) comes first; a C26 broadcast (c)
 * replaces it (RD8, reading 14); K05 (d) never calls this over another message. */
static void peer_send(gpu_l1_t* m, l1_edge_t* e, uint32_t kind, uint64_t dst) {
    gpu_peer_t* p = &m->out.peer;
    if (p->valid) {
        l19_error(m, e); /* the BACK is dropped */
    }
    p->valid = true;
    p->kind = kind;
    p->src = 0u;
    p->dst = dst & m->sm_all;
}

/*--- (a) responses, section 5 -----------------------------------------------------------------*/

static void rsp_data(gpu_l1_t* m, l1_edge_t* e, const gpu_rsp_t* r, uint64_t line) {
    const int64_t f = find_line(m, line);
    if (f < 0 || !m->line[f].pend) {
        m->errors++; /* L9_RspFindsLine_A */
        return;
    }
    const uint32_t i = (uint32_t)f;
    l1_meta_t* L = &m->line[i];
    uint32_t* d = ldata(m, i);
    const uint32_t* dm = ldirty(m, i);
    if (dirty_nz(m, i)) {
        fc(m, GPU_L1_F_FILL_OVER_DIRTY);
    }
    for (uint32_t w = 0; w < m->lw; w++) { /* merged: the dirty bytes over the response */
        const uint32_t bm = gpucoh_word_bytes(dm, w);
        d[w] = (r->data[w] & ~bm) | (d[w] & bm);
    }
    if (L->wait != 0u) {
        crsp_put(m, GPU_CRSP_LOAD, L->wait, line, d);
    } else {
        fc(m, GPU_L1_F_DATA_NO_WAIT);
    }
    if (L->stale) {
        m->cov[GPU_L1_T_R02]++;
        if (L->acq) {
            fc(m, GPU_L1_F_STALE_ACQ);
            e->inv = e->inv_rsp = true;
        }
    } else {
        m->cov[L->acq ? GPU_L1_T_R03 : GPU_L1_T_R01]++;
        set_val(m, i, true);
        if (L->acq) {
            e->inv = e->inv_rsp = true;
        }
    }
    set_pend(m, i, false);
    L->stale = L->acq = 0u;
    L->wait = 0u;
    touch(m, i);
    if (e->rsnt_q && step_q(m, e) == STEP_LD && m->fifo[m->fhead].line == line) {
        step_done(m); /* L16: a3 */
    }
}

static void rsp_atom(gpu_l1_t* m, l1_edge_t* e, const gpu_rsp_t* r, uint64_t line) {
    const uint32_t wf = r->wf & 63u;
    crsp_put(m, GPU_CRSP_ATOMIC, ((uint64_t)1 << wf) & m->wf_all, line, r->data);
    m->cov[r->acq ? GPU_L1_T_R06 : GPU_L1_T_R05]++;
    const int64_t f = find_line(m, line);
    if (f >= 0) {
        const uint32_t i = (uint32_t)f;
        set_val(m, i, false);
        if (m->line[i].pend) {
            m->line[i].stale = 1u;
            fc(m, GPU_L1_F_ATOM_STALES);
        }
        touch(m, i);
    }
    if (r->acq) {
        e->inv = e->inv_rsp = true;
    }
    if (!r->acq && e->rsnt_q && step_q(m, e) == STEP_RMW && m->fifo[m->fhead].wf == wf) {
        step_done(m); /* L16: a22 */
    }
}

/* R07, or I3 (Rsp = 0) / I11 (a GNT nobody waits for) */
static void rsp_gnt(gpu_l1_t* m, const l1_edge_t* e) {
    if (m->d.rsp == 0u || e->rst_q != 1u || !e->rsnt_q) {
        m->errors++; /* I3 amended, I11: Rsp_GntExpected_A */
        return;
    }
    m->cov[GPU_L1_T_R07]++;
    step_done(m);
}

static void l1_response(gpu_l1_t* m, l1_edge_t* e, const gpu_rsp_t* r) {
    const uint64_t line = r->line & m->la_mask;
    switch (r->kind & 7u) {
    case GPU_RSP_DATA:
        rsp_data(m, e, r, line);
        break;
    case GPU_RSP_ACK:
        if (e->wtp_q == 0u) {
            m->errors++; /* L9 */
            break;
        }
        m->cov[GPU_L1_T_R04]++;
        e->ack = true;
        break;
    case GPU_RSP_ATOM:
        rsp_atom(m, e, r, line);
        break;
    case GPU_RSP_GNT:
        rsp_gnt(m, e);
        break;
    default:
        m->errors++; /* reading 3; kinds 5-7: I3 amended */
        break;
    }
}

/*--- (c) the head: row (L11 step 1) -----------------------------------------------------------*/

static uint32_t row_load(const l1_meta_t* L, bool m_, bool acqg) {
    if (m_ && !L->val && L->pend && L->stale) {
        return GPU_L1_T_C03;
    }
    if (!acqg) {
        if (!m_) {
            return GPU_L1_T_C05;
        }
        return L->val ? GPU_L1_T_C01 : L->pend ? GPU_L1_T_C02 : GPU_L1_T_C04;
    }
    if (!m_) {
        return GPU_L1_T_C09;
    }
    if (L->pend) {
        return GPU_L1_T_C07; /* not stale here: val && stale never holds */
    }
    return L->val ? GPU_L1_T_C06 : GPU_L1_T_C08;
}

static uint32_t row_atomic(const gpu_l1_t* m, l1_head_t* h, const l1_meta_t* L) {
    if (h->gpu_s) {
        return (h->m && dirty_nz(m, h->idx)) ? GPU_L1_T_C14 : GPU_L1_T_C15;
    }
    if (!h->m) {
        return GPU_L1_T_C18; /* D9: performed at the L2 */
    }
    if (L->val) {
        const uint32_t* d = ldata(m, h->idx);
        h->wordi = h->q->word % m->lw;
        h->writes = atomic_new(h->q->aop, d[h->wordi], h->q->a, h->q->b, &h->neww);
        return GPU_L1_T_C16;
    }
    return dirty_nz(m, h->idx) ? GPU_L1_T_C17 : GPU_L1_T_C18;
}

static uint32_t head_row(const gpu_l1_t* m, l1_head_t* h) {
    const l1_fentry_t* q = h->q;
    const l1_meta_t* L = &m->line[h->idx];
    switch (q->op) {
    case GPU_OP_LOAD:
        return row_load(L, h->m, q->acq && h->gpu_s);
    case GPU_OP_STORE:
        if (q->rel && h->gpu_s) {
            return GPU_L1_T_C13;
        }
        if (!h->m) {
            return GPU_L1_T_C12;
        }
        return dirty_nz(m, h->idx) ? GPU_L1_T_C10 : GPU_L1_T_C11;
    case GPU_OP_ATOMIC:
        return row_atomic(m, h, L);
    default: /* FENCE (reading 3: nothing else is pushed) */
        if (!h->gpu_s) {
            return GPU_L1_T_C20;
        }
        return m->batch ? GPU_L1_T_C22 : GPU_L1_T_C21;
    }
}

/*--- the head: stalls (L11 steps 2-6) ---------------------------------------------------------*/

/* L7 rules 1-3 in set s: the way, or rule 4 (no victim) */
static uint32_t l1_victim(const gpu_l1_t* m, uint32_t s, uint32_t* way) {
    const uint32_t ways = m->d.l1_ways, base = s * ways, r = m->rr[s];
    for (uint32_t w = 0; w < ways; w++) {
        if (!allocated(m, base + w)) {
            *way = w;
            return 1u;
        }
    }
    for (uint32_t k = 0; k < ways; k++) {
        const uint32_t w = (r + k) % ways;
        const l1_meta_t* L = &m->line[base + w];
        if (L->val && !L->pend && !dirty_nz(m, base + w)) {
            *way = w;
            return 2u;
        }
    }
    for (uint32_t k = 0; k < ways; k++) {
        const uint32_t w = (r + k) % ways;
        if (!m->line[base + w].pend) {
            *way = w;
            return 3u;
        }
    }
    return 4u;
}

static bool row_allocates(uint32_t row) {
    return row == GPU_L1_T_C05 || row == GPU_L1_T_C09 || row == GPU_L1_T_C12;
}

static bool row_sends(uint32_t row) {
    switch (row) {
    case GPU_L1_T_C04:
    case GPU_L1_T_C05:
    case GPU_L1_T_C06:
    case GPU_L1_T_C08:
    case GPU_L1_T_C09:
    case GPU_L1_T_C13:
    case GPU_L1_T_C14:
    case GPU_L1_T_C15:
    case GPU_L1_T_C17:
    case GPU_L1_T_C18:
    case GPU_L1_T_V01:
        return true;
    default:
        return false;
    }
}

/* steps 2-4: the row's own stall, store-buffer space, allocation (may turn the row into V01) */
static uint32_t stall_early(const gpu_l1_t* m, const l1_edge_t* e, l1_head_t* h) {
    if (h->row == GPU_L1_T_C03) {
        return GPU_L1_T_S01;
    }
    if (h->row == GPU_L1_T_C16 && e->rblk_q) {
        return GPU_L1_T_S07; /* L17 */
    }
    const bool sb_push = h->row == GPU_L1_T_C11 || h->row == GPU_L1_T_C12 ||
                         (h->row == GPU_L1_T_C16 && h->writes && !dirty_nz(m, h->idx));
    if (sb_push && e->sbcnt_q == m->d.sb_entries) {
        return GPU_L1_T_S03;
    }
    if (row_allocates(h->row)) {
        uint32_t way = 0;
        h->rule = l1_victim(m, h->set, &way);
        if (h->rule == 4u) {
            return GPU_L1_T_S02;
        }
        h->idx = h->set * m->d.l1_ways + way;
        if (h->rule == 3u) {
            h->row = GPU_L1_T_V01;
        }
    }
    return GPU_L1_T_N;
}

/* steps 2-6: the stall row, or GPU_L1_T_N when the row acts */
static uint32_t head_stall(const gpu_l1_t* m, const l1_edge_t* e, l1_head_t* h) {
    const uint32_t s = stall_early(m, e, h);
    if (s != GPU_L1_T_N) {
        return s;
    }
    const uint32_t row = h->row;
    if (row == GPU_L1_T_C13 || row == GPU_L1_T_C14 || row == GPU_L1_T_C17 || row == GPU_L1_T_V01) {
        const bool pend =
            (row == GPU_L1_T_C14 || row == GPU_L1_T_C17 || (row == GPU_L1_T_C13 && h->m)) &&
            m->line[h->idx].pend;
        if (e->batch_q || e->cfv_q || e->wtp_q == m->wmax || pend) { /* L5 amended */
            return GPU_L1_T_S05;
        }
    }
    if (e->pop && (row_sends(row) || (h->q->op != GPU_OP_FENCE && h->q->line == e->pop_line))) {
        return GPU_L1_T_S04;
    }
    return GPU_L1_T_N;
}

/*--- the head: actions (L11 step 7) -----------------------------------------------------------*/

/* L7 rules 1 and 2: the way gets the head's tag, every flag 0, data unchanged */
static void l1_allocate(gpu_l1_t* m, const l1_edge_t* e, const l1_head_t* h) {
    const uint32_t ways = m->d.l1_ways, way = h->idx - h->set * ways;
    l1_meta_t* L = &m->line[h->idx];
    fc(m, (gpu_l1_fcov_t)((h->rule == 1u ? GPU_L1_F_VIC_FREE_W0 : GPU_L1_F_VIC_CLEAN_W0) + way));
    if (h->rule == 2u && way < m->rr[h->set]) {
        fc(m, GPU_L1_F_RR_SCAN_WRAP);
    }
    if (way == ways - 1u) {
        fc(m, GPU_L1_F_RR_PTR_WRAP);
    }
    if (h->set == m->d.l1_sets - 1u) {
        fc(m, GPU_L1_F_ALLOC_SET_TOP);
    }
    if ((h->tag >> (m->tag_bits - 1u)) & 1u) {
        fc(m, GPU_L1_F_ALLOC_TAG_MSB);
    }
    if (e->v01_prev == (int32_t)h->set) {
        fc(m, GPU_L1_F_EVICT_ALLOC_SAME_SET);
    }
    set_val(m, h->idx, false);
    set_pend(m, h->idx, false);
    L->tag = h->tag;
    L->stale = L->acq = 0u;
    L->wait = 0u;
    memset(ldirty(m, h->idx), 0, (size_t)m->mw * sizeof(uint32_t));
    m->rr[h->set] = (way + 1u) % ways;
}

static void send_gets(gpu_l1_t* m, l1_edge_t* e, const l1_head_t* h) {
    gpu_req_t* r = &m->out.req;
    r->valid = true;
    r->kind = GPU_REQ_GETS;
    r->line = h->q->line;
    set_pend(m, h->idx, true);
    m->line[h->idx].stale = 0u;
    e->gets_idx = (int64_t)h->idx;
}

static void sb_push(gpu_l1_t* m, l1_edge_t* e, uint64_t line) {
    uint32_t slot = e->sbh_q + e->sbcnt_q;
    if (slot >= m->d.sb_entries) {
        slot -= m->d.sb_entries;
    }
    m->sb[slot] = line;
    e->push = true;
}

/* C01-C09 */
static void act_load(gpu_l1_t* m, l1_edge_t* e, const l1_head_t* h) {
    l1_meta_t* L = &m->line[h->idx];
    const uint64_t bit = (uint64_t)1 << h->q->wf;
    switch (h->row) {
    case GPU_L1_T_C01:
        crsp_put(m, GPU_CRSP_LOAD, bit, h->q->line, ldata(m, h->idx));
        m->st.hits++;
        return;
    case GPU_L1_T_C02:
    case GPU_L1_T_C07:
        L->wait |= bit;
        L->acq = h->row == GPU_L1_T_C07 ? 1u : L->acq;
        if (L->wait == m->wf_all) {
            fc(m, GPU_L1_F_MERGE_ALL);
        }
        return;
    default: /* C04 C05 C06 C08 C09 */
        if (h->row == GPU_L1_T_C05 || h->row == GPU_L1_T_C09) {
            l1_allocate(m, e, h);
        }
        send_gets(m, e, h);
        L->wait = bit;
        L->acq = (h->row == GPU_L1_T_C06 || h->row >= GPU_L1_T_C08) ? 1u : 0u;
        m->st.misses++;
        return;
    }
}

/* C10-C13 */
static void act_store(gpu_l1_t* m, l1_edge_t* e, const l1_head_t* h) {
    e->store = true;
    if (h->row == GPU_L1_T_C13) {
        gpu_req_t* r = &m->out.req;
        r->valid = true;
        r->kind = GPU_REQ_WT;
        r->line = h->q->line;
        memcpy(r->data, h->qdata, (size_t)m->lw * sizeof(uint32_t));
        memcpy(r->mask, h->qmask, (size_t)m->mw * sizeof(uint32_t));
        e->wt = true;
        m->st.wt_release++;
        if (h->m) {
            if (dirty_nz(m, h->idx)) {
                fc(m, GPU_L1_F_RELEASE_ON_DIRTY);
            }
            gpucoh_masked_write(ldata(m, h->idx), h->qdata, h->qmask, m->lw);
        }
        return;
    }
    if (h->row == GPU_L1_T_C12) {
        l1_allocate(m, e, h);
    } else if (m->line[h->idx].pend) {
        fc(m, GPU_L1_F_STORE_PENDING);
    }
    gpucoh_masked_write(ldata(m, h->idx), h->qdata, h->qmask, m->lw);
    uint32_t* dm = ldirty(m, h->idx);
    for (uint32_t k = 0; k < m->mw; k++) {
        dm[k] = h->row == GPU_L1_T_C10 ? dm[k] | h->qmask[k] : h->qmask[k];
    }
    if (h->row != GPU_L1_T_C10) {
        sb_push(m, e, h->q->line);
    }
}

/* C14-C18 (D9: C17 / C18 are C14 / C15 for a CTA atomic on a line that is not valid, acq 0) */
static void act_atomic(gpu_l1_t* m, l1_edge_t* e, l1_head_t* h) {
    const l1_fentry_t* q = h->q;
    gpu_req_t* r = &m->out.req;
    switch (h->row) {
    case GPU_L1_T_C14:
    case GPU_L1_T_C17:
        req_wt_dirty(m, e, q->line, h->idx);
        memset(ldirty(m, h->idx), 0, (size_t)m->mw * sizeof(uint32_t));
        m->st.wt_atomic++;
        return;
    case GPU_L1_T_C15:
    case GPU_L1_T_C18:
        if (h->row == GPU_L1_T_C18 && e->rblk_q) {
            fc(m, GPU_L1_F_LOCKED_ATOM_TO_L2); /* RS7 */
        }
        r->valid = true;
        r->kind = GPU_REQ_ATOMIC;
        r->wf = q->wf;
        r->acq = h->row == GPU_L1_T_C15 && q->acq;
        r->line = q->line;
        r->aop = q->aop;
        r->word = q->word;
        r->a = q->a;
        r->b = q->b;
        e->fpop = true;
        /* L13 (D12): what R05 does at the answer, at the send too: the valid copy and the DATA of
         * a GETS sent before hold the word before this atomic */
        if (h->m) {
            set_val(m, h->idx, false);
            if (m->line[h->idx].pend) {
                m->line[h->idx].stale = 1u;
                fc(m, GPU_L1_F_ATOM_SENT_STALES);
            }
            touch(m, h->idx);
        }
        return;
    case GPU_L1_T_C16: {
        uint32_t* d = ldata(m, h->idx);
        crsp_put(m, GPU_CRSP_ATOMIC, (uint64_t)1 << q->wf, q->line, d);
        m->st.l1_atomics++;
        e->fpop = true;
        e->c16 = true;
        if (!h->writes) {
            if (q->aop == GPU_AOP_CAS) {
                fc(m, GPU_L1_F_CAS_FAIL_L1);
            }
            return;
        }
        e->store = true;
        d[h->wordi] = h->neww;
        uint32_t* dm = ldirty(m, h->idx);
        if (!dirty_nz(m, h->idx)) {
            sb_push(m, e, q->line);
        }
        dm[h->wordi >> 3] |= 0xfu << ((h->wordi & 7u) * 4u);
        return;
    }
    default:
        return;
    }
}

/* V01: the dirty victim is written through and freed; the head stays */
static void act_v01(gpu_l1_t* m, l1_edge_t* e, const l1_head_t* h) {
    const uint32_t way = h->idx - h->set * m->d.l1_ways;
    const uint64_t vline = (m->line[h->idx].tag << m->set_bits) | h->set;
    req_wt_dirty(m, e, vline, h->idx);
    memset(ldirty(m, h->idx), 0, (size_t)m->mw * sizeof(uint32_t));
    set_val(m, h->idx, false);
    fc(m, (gpu_l1_fcov_t)(GPU_L1_F_VIC_DIRTY_W0 + way));
    if (way < m->rr[h->set]) {
        fc(m, GPU_L1_F_RR_SCAN_WRAP);
    }
    m->st.wt_evict++;
    m->v01_set = (int32_t)h->set;
}

/* C20-C22 */
static void act_fence(gpu_l1_t* m, l1_edge_t* e, const l1_head_t* h) {
    const uint64_t bit = (uint64_t)1 << h->q->wf;
    if (h->row == GPU_L1_T_C20) {
        m->fdone |= bit;
        return;
    }
    m->fdone &= ~bit;
    if (h->row == GPU_L1_T_C21) {
        m->batch = 1u;
        m->fcur = bit;
        e->start_batch = true; /* fl := sbcnt_d at the end of the edge */
        return;
    }
    m->fwait |= bit;
    if ((m->fwait | m->fcur) == m->wf_all) { /* F45: fcur alone holds a waiting wavefront (L12) */
        fc(m, GPU_L1_F_FENCE_ALL_WAIT);
    }
}

/* the rows that write the head's (or the victim's) line */
static bool row_writes_line(const l1_head_t* h) {
    switch (h->row) {
    case GPU_L1_T_C01:
    case GPU_L1_T_C15:
    case GPU_L1_T_C18:
    case GPU_L1_T_C20:
    case GPU_L1_T_C21:
    case GPU_L1_T_C22:
        return false;
    case GPU_L1_T_C13:
        return h->m;
    case GPU_L1_T_C16:
        return h->writes;
    default:
        return true;
    }
}

static void head_act(gpu_l1_t* m, l1_edge_t* e, l1_head_t* h) {
    m->cov[h->row]++;
    e->fpop = h->row != GPU_L1_T_C14 && h->row != GPU_L1_T_C17 && h->row != GPU_L1_T_V01;
    if (h->row <= GPU_L1_T_C09) {
        act_load(m, e, h);
    } else if (h->row <= GPU_L1_T_C13) {
        act_store(m, e, h);
    } else if (h->row <= GPU_L1_T_C19) {
        act_atomic(m, e, h);
    } else if (h->row == GPU_L1_T_V01) {
        act_v01(m, e, h);
    } else {
        act_fence(m, e, h);
    }
    if (row_writes_line(h)) {
        touch(m, h->idx);
    }
}

/*--- the head: rm operations (rsp.md section 4.4, L14-L16) ------------------------------------*/

/* C25: the row's stall (S01, S02) or the allocation; the row may turn into V01 (L7) */
static uint32_t rm_load_stall(const gpu_l1_t* m, l1_head_t* h) {
    const l1_meta_t* L = &m->line[h->idx];
    if (h->m && !L->val && L->pend && L->stale) {
        return GPU_L1_T_S01; /* as C03 */
    }
    if (!h->m) {
        uint32_t way = 0;
        h->rule = l1_victim(m, h->set, &way);
        if (h->rule == 4u) {
            return GPU_L1_T_S02;
        }
        h->idx = h->set * m->d.l1_ways + way;
        if (h->rule == 3u) {
            h->row = GPU_L1_T_V01;
        }
    }
    return GPU_L1_T_N;
}

/* C28 / L5: a WT waits for the batch, a command flush, the WT limit, its line's fill */
static bool rm_wt_blocked(const gpu_l1_t* m, const l1_edge_t* e, const l1_head_t* h) {
    return e->batch_q || e->cfv_q || e->wtp_q == m->wmax || (h->m && m->line[h->idx].pend);
}

/* the row (C24-C30) of the rm head, its stall (S01, S02, S04, S05, S08) or GPU_L1_T_N */
static uint32_t rm_row_stall(const gpu_l1_t* m, const l1_edge_t* e, l1_head_t* h) {
    static const uint32_t rows[] = {
        [STEP_LOCK] = GPU_L1_T_C26,   [STEP_FLUSH] = GPU_L1_T_C26, [STEP_INV] = GPU_L1_T_C26,
        [STEP_UNLOCK] = GPU_L1_T_C26, [STEP_T] = GPU_L1_T_C24,     [STEP_LD] = GPU_L1_T_C25,
        [STEP_INVL] = GPU_L1_T_C27,   [STEP_ST] = GPU_L1_T_C28,    [STEP_RMW] = GPU_L1_T_C29,
        [STEP_U] = GPU_L1_T_C30,
    };
    if (e->rsnt_q) {
        return GPU_L1_T_S08;
    }
    const uint32_t step = e->rst_q == 0u ? STEP_T : step_of(h->q->op, e->rst_q);
    GPU_L1_ASSERT(step != STEP_NONE);
    h->row = rows[step];
    if (h->row == GPU_L1_T_C26 || h->row == GPU_L1_T_C27) {
        return GPU_L1_T_N; /* L14: never stall */
    }
    bool merge = false;
    if (h->row == GPU_L1_T_C25) {
        const uint32_t st = rm_load_stall(m, h);
        if (st != GPU_L1_T_N) {
            return st;
        }
        merge = h->m && m->line[h->idx].pend;
        if (h->row == GPU_L1_T_V01 && (e->batch_q || e->cfv_q || e->wtp_q == m->wmax)) {
            return GPU_L1_T_S05; /* the victim's WT, L5 */
        }
    } else if (h->row == GPU_L1_T_C28 && rm_wt_blocked(m, e, h)) {
        return GPU_L1_T_S05;
    }
    if (e->pop && (!merge || h->q->line == e->pop_line)) {
        return GPU_L1_T_S04; /* L8 */
    }
    return GPU_L1_T_N;
}

static void req_tok(gpu_l1_t* m, uint32_t kind) {
    m->out.req.valid = true; /* line 0, every payload 0 (section 3, review M1) */
    m->out.req.kind = kind;
}

/* C25: a new GETS (acq 0) or a merge (acq as it is) */
static void act_c25(gpu_l1_t* m, l1_edge_t* e, const l1_head_t* h) {
    l1_meta_t* L = &m->line[h->idx];
    if (h->m && L->pend) {
        fc(m, GPU_L1_F_RM_ACQ_MERGE);
    } else {
        if (h->m && L->val) {
            fc(m, GPU_L1_F_RM_ACQ_VALID);
        }
        if (!h->m) {
            l1_allocate(m, e, h);
        }
        send_gets(m, e, h);
        L->acq = 0u;
    }
    L->wait |= (uint64_t)1 << h->q->wf;
    touch(m, h->idx);
}

/* C28: WT(line, core data, core mask); a matching line takes the bytes, dirty unchanged */
static void act_c28(gpu_l1_t* m, l1_edge_t* e, const l1_head_t* h) {
    gpu_req_t* r = &m->out.req;
    r->valid = true;
    r->kind = GPU_REQ_WT;
    r->line = h->q->line;
    memcpy(r->data, h->qdata, (size_t)m->lw * sizeof(uint32_t));
    memcpy(r->mask, h->qmask, (size_t)m->mw * sizeof(uint32_t));
    e->wt = true;
    e->store = true; /* L10 amended: resets idle as C13 */
    if (h->m) {
        gpucoh_masked_write(ldata(m, h->idx), h->qdata, h->qmask, m->lw);
        touch(m, h->idx);
    }
}

/* C29: ATOMIC(line, wf, acq 0, aop, word, a, b); L13 on a matching line */
static void act_c29(gpu_l1_t* m, const l1_head_t* h) {
    const l1_fentry_t* q = h->q;
    gpu_req_t* r = &m->out.req;
    r->valid = true;
    r->kind = GPU_REQ_ATOMIC;
    r->wf = q->wf;
    r->line = q->line;
    r->aop = q->aop;
    r->word = q->word;
    r->a = q->a;
    r->b = q->b;
    if (h->m) {
        set_val(m, h->idx, false);
        if (m->line[h->idx].pend) {
            m->line[h->idx].stale = 1u;
        }
        touch(m, h->idx);
    }
}

/* C26: the step's command to ALL */
static void act_c26(gpu_l1_t* m, l1_edge_t* e, uint32_t step) {
    uint64_t* n[] = {NULL, &m->st.bcst_lock, &m->st.bcst_flush, &m->st.bcst_inv,
                     &m->st.bcst_unlock};
    peer_send(m, e, step, m->sm_all);
    m->bcnt = m->d.num_sm;
    (*n[step])++;
}

/* C30: TOKREL, the head pops */
static void act_c30(gpu_l1_t* m, l1_edge_t* e, const l1_head_t* h) {
    req_tok(m, GPU_REQ_TOKREL);
    m->rst = 0u;
    e->fpop = true;
    uint64_t* n = h->q->op == GPU_OP_LOAD    ? &m->st.rm_acquires
                  : h->q->op == GPU_OP_STORE ? &m->st.rm_releases
                                             : &m->st.rm_atomics;
    (*n)++;
}

static void rm_act(gpu_l1_t* m, l1_edge_t* e, l1_head_t* h) {
    if (h->row == GPU_L1_T_V01) {
        head_act(m, e, h);
        return;
    }
    m->cov[h->row]++;
    m->rsnt = 1u; /* C27 and C30 clear it below (they complete in their own edge) */
    switch (h->row) {
    case GPU_L1_T_C24:
        req_tok(m, GPU_REQ_TOKREQ);
        m->rst = 1u;
        return;
    case GPU_L1_T_C25:
        act_c25(m, e, h);
        return;
    case GPU_L1_T_C26:
        act_c26(m, e, step_of(h->q->op, e->rst_q));
        return;
    case GPU_L1_T_C27:
        e->inv = true;
        m->st.local_inval++;
        step_done(m);
        return;
    case GPU_L1_T_C28:
        act_c28(m, e, h);
        return;
    case GPU_L1_T_C29:
        act_c29(m, h);
        return;
    default: /* C30 */
        m->rsnt = 0u;
        act_c30(m, e, h);
        return;
    }
}

/* a stall row of the head: counted, with its statistics */
static void head_stalled(gpu_l1_t* m, l1_edge_t* e, const l1_head_t* h, uint32_t s) {
    m->cov[s]++;
    if (s <= GPU_L1_T_S06) {
        m->st.stall[s - GPU_L1_T_S01]++;
    } else if (s == GPU_L1_T_S07) {
        m->st.lock_stall_cycles++;
        fc(m, GPU_L1_F_LOCK_STALL);
    }
    const bool rm_req = h->row == GPU_L1_T_C24 || h->row == GPU_L1_T_C25 ||
                        h->row == GPU_L1_T_C28 || h->row == GPU_L1_T_C29 || h->row == GPU_L1_T_C30;
    if (s == GPU_L1_T_S04 && rm_req) {
        fc(m, GPU_L1_F_RM_STEP_S04);
    }
    /* B05/B06: the full pop, decided after the head stalled on the full buffer */
    if (s == GPU_L1_T_S03 && !e->batch_q && !e->cfv_q && e->sbcnt_q == m->d.sb_entries &&
        e->idle_q < m->d.sb_idle) {
        eng_decide(m, e, POP_FULL);
    }
}

static void l1_head(gpu_l1_t* m, l1_edge_t* e) {
    l1_head_t h;
    memset(&h, 0, sizeof h);
    h.q = &m->fifo[m->fhead];
    h.qdata = m->fdata + (size_t)m->fhead * m->lw;
    h.qmask = m->fmask + (size_t)m->fhead * m->mw;
    const bool rm_s = m->d.rsp != 0u && h.q->rm; /* L4 amended */
    h.gpu_s = m->d.hrf == 0u || h.q->gpu || rm_s;
    if (h.q->op != GPU_OP_FENCE) {
        h.set = set_of(m, h.q->line);
        h.tag = tag_of(m, h.q->line);
        const int64_t f = find_line(m, h.q->line);
        h.m = f >= 0;
        h.idx = h.m ? (uint32_t)f : h.set * m->d.l1_ways;
    }
    const bool rm_op = rm_s && h.q->op != GPU_OP_FENCE;
    uint32_t s;
    if (rm_op) {
        s = rm_row_stall(m, e, &h);
    } else {
        h.row = head_row(m, &h);
        s = head_stall(m, e, &h);
    }
    if (s != GPU_L1_T_N) {
        head_stalled(m, e, &h, s);
    } else if (rm_op) {
        rm_act(m, e, &h);
    } else {
        head_act(m, e, &h);
    }
}

/*--- (f) push ---------------------------------------------------------------------------------*/

/* I6: core_rm_i on a plain LOAD / STORE or with Rsp = 0 is ignored and counted */
static bool l1_rm_legal(gpu_l1_t* m, uint32_t op, const gpu_core_req_t* c) {
    const bool plain = (op == GPU_OP_LOAD && !c->acq) || (op == GPU_OP_STORE && !c->rel);
    if (m->d.rsp == 0u || plain) {
        m->errors++; /* Rsp_RmPlain_A */
        return false;
    }
    return true;
}

static void l1_push(gpu_l1_t* m, const gpu_core_req_t* c) {
    const uint32_t op = c->op & 7u;
    const uint32_t wf = c->wf & 63u;
    if (op == GPU_OP_NONE || op > GPU_OP_FENCE || wf >= m->d.num_wf) {
        m->errors++; /* reading 3 */
        return;
    }
    if (op == GPU_OP_FENCE) {
        m->fdone &= ~(1ull << wf); /* L12 */
    }
    uint32_t slot = m->fhead + m->fcnt;
    if (slot >= m->d.l1_queue) {
        slot -= m->d.l1_queue;
    }
    l1_fentry_t* q = &m->fifo[slot];
    q->op = op;
    q->wf = wf;
    q->line = c->line & m->la_mask;
    q->gpu = c->gpu;
    q->rm = c->rm && l1_rm_legal(m, op, c);
    q->acq = c->acq;
    q->rel = c->rel;
    q->aop = c->aop & 3u;
    q->word = c->word & 31u;
    q->a = c->a;
    q->b = c->b;
    memcpy(m->fdata + (size_t)slot * m->lw, c->data, (size_t)m->lw * sizeof(uint32_t));
    uint32_t* mask = m->fmask + (size_t)slot * m->mw;
    const uint32_t lb = m->d.line_bytes;
    for (uint32_t i = 0; i < m->mw; i++) { /* bits >= LineBytes are 0 */
        mask[i] = 32u * i + 32u <= lb ? c->mask[i] : c->mask[i] & ((1u << (lb - 32u * i)) - 1u);
    }
    m->fcnt++;
    if (m->fcnt == m->d.l1_queue) {
        fc(m, GPU_L1_F_FIFO_FULL);
    }
}

/*--- (a0) the peer input, rsp.md section 4.5 (K01-K04, K06) ----------------------------------*/

/* K06, or I7 (a BACK with no broadcast outstanding) */
static void peer_back(gpu_l1_t* m, const l1_edge_t* e, uint32_t src) {
    if (!e->rsnt_q || !step_bcst(step_q(m, e)) || e->bcnt_q == 0u) {
        m->errors++; /* I7: Rsp_BackExpected_A */
        return;
    }
    m->cov[GPU_L1_T_K06]++;
    if (e->bcnt_q == m->d.num_sm) {
        fc(m, GPU_L1_F_BCNT_FIRST);
    }
    m->bcnt = e->bcnt_q - 1u;
    if (m->bcnt == 0u) {
        fc(m, GPU_L1_F_BCNT_LAST);
        if (src == m->self_sm) {
            fc(m, GPU_L1_F_BACK_SELF_LAST);
        }
        step_done(m); /* L16: the broadcast */
    }
}

/* K01 / K02, or I9 / I8 (changes nothing, no BACK) */
static void peer_lock(gpu_l1_t* m, l1_edge_t* e, uint32_t src, bool lock) {
    if (e->rblk_q == (lock ? 1u : 0u)) {
        m->errors++; /* I9 Rsp_LockLocked_A, I8 Rsp_UnlockLocked_A */
        return;
    }
    m->cov[lock ? GPU_L1_T_K01 : GPU_L1_T_K02]++;
    m->rblk = lock ? 1u : 0u;
    e->k01 = lock;
    peer_send(m, e, GPU_PEER_BACK, (uint64_t)1 << src);
}

/* K03: INV (applied last, L2 (e)), BACK */
static void peer_inv(gpu_l1_t* m, l1_edge_t* e, uint32_t src, bool own) {
    m->cov[GPU_L1_T_K03]++;
    e->inv = true;
    e->k03 = true;
    (*(own ? &m->st.local_inval : &m->st.remote_inval))++;
    peer_send(m, e, GPU_PEER_BACK, (uint64_t)1 << src);
}

/* K04 (cfl := sbcnt_d at the end of the edge, l1_flush_start), or I10 */
static void peer_flush(gpu_l1_t* m, l1_edge_t* e, uint32_t src, bool own) {
    if (e->cfv_q) {
        m->errors++; /* I10: Rsp_FlushBusy_A */
        return;
    }
    m->cov[GPU_L1_T_K04]++;
    e->k04 = true;
    e->k_src = src;
    (*(own ? &m->st.local_flush : &m->st.remote_flush))++;
}

static void l1_peer(gpu_l1_t* m, l1_edge_t* e, const gpu_peer_t* p) {
    const uint32_t kind = p->kind & 7u, src = p->src & 63u;
    if (m->d.rsp == 0u || kind == GPU_PEER_NONE || kind > GPU_PEER_BACK) {
        m->errors++; /* I12: Rsp_PeerKindLegal_A */
        return;
    }
    const bool own = e->rsnt_q && step_bcst(step_q(m, e)); /* reading 10 */
    if (own && kind != GPU_PEER_BACK) {
        m->self_sm = src;
    }
    switch (kind) {
    case GPU_PEER_LOCK:
    case GPU_PEER_UNLOCK:
        peer_lock(m, e, src, kind == GPU_PEER_LOCK);
        return;
    case GPU_PEER_INV:
        peer_inv(m, e, src, own);
        return;
    case GPU_PEER_FLUSH:
        peer_flush(m, e, src, own);
        return;
    default:
        peer_back(m, e, src);
        return;
    }
}

/* K04's registers, after the edge's pushes and pops (L2 amended: cfl := sbcnt_d) */
static void l1_flush_start(gpu_l1_t* m, const l1_edge_t* e) {
    m->cfv = 1u;
    m->cfl = m->sbcnt;
    m->csrc = e->k_src;
    if (m->sbcnt == 0u && e->wtp_q == 0u) {
        fc(m, GPU_L1_F_FLUSH_EMPTY);
    }
    if (m->sbcnt == m->d.sb_entries) {
        fc(m, GPU_L1_F_FLUSH_SB_FULL);
    }
    if (e->batch_q) {
        fc(m, GPU_L1_F_FLUSH_IN_BATCH);
    }
}

/* (d) K05 after the batch check (it waits while the edge sends another peer message: RD8,
 * reading 14); (d') a12's completion (L16) */
static void l1_rsp_checks(gpu_l1_t* m, l1_edge_t* e) {
    if (e->cfv_q && e->cfl_q == 0u) {
        if (e->wtp_q > 0u) {
            fc(m, GPU_L1_F_FLUSH_WAIT_ACKS);
        } else if (m->out.peer.valid) {
            l19_error(m, e); /* cfv stays 1: the BACK goes in a later edge */
        } else {
            m->cov[GPU_L1_T_K05]++;
            peer_send(m, e, GPU_PEER_BACK, (uint64_t)1 << e->k_src_q);
            m->cfv = 0u;
        }
    }
    if (e->rsnt_q && step_q(m, e) == STEP_ST && m->wtp == 0u) {
        step_done(m);
    }
}

/*--- one edge ---------------------------------------------------------------------------------*/

/* store buffer, wtp, idle, fl of C21 after (a)-(c) and the engine */
static void l1_counters(gpu_l1_t* m, l1_edge_t* e) {
    if (e->pop) {
        GPU_L1_ASSERT(!m->out.req.valid); /* L8: the head sent nothing */
        eng_apply(m, e);
        m->sbh = e->sbh_q + 1u == m->d.sb_entries ? 0u : e->sbh_q + 1u;
    }
    m->sbcnt = e->sbcnt_q + (e->push ? 1u : 0u) - (e->pop ? 1u : 0u);
    if (e->push && m->sbcnt == m->d.sb_entries) {
        fc(m, GPU_L1_F_SB_FULL);
    }
    m->wtp = e->wtp_q + (e->wt ? 1u : 0u) - (e->ack ? 1u : 0u);
    if (e->wt && m->wtp == m->wmax) {
        fc(m, GPU_L1_F_WTP_MAX);
    }
    if (e->wt && e->ack) {
        fc(m, GPU_L1_F_ACK_AND_WT);
    }
    m->idle = e->store ? 0u : (e->idle_q < m->d.sb_idle ? e->idle_q + 1u : m->d.sb_idle);
    if (e->start_batch) {
        m->fl = m->sbcnt;
        if (m->fl == 0u) {
            fc(m, GPU_L1_F_BATCH_EMPTY);
        }
    }
}

/* (d) the batch check */
static void l1_batch_check(gpu_l1_t* m, l1_edge_t* e) {
    if (!(e->batch_q && e->fl_q == 0u && e->wtp_q == 0u)) {
        return;
    }
    m->fdone |= e->fcur_q;
    if (e->inv_rsp) {
        fc(m, GPU_L1_F_INV_TWICE);
    }
    e->inv = true;
    m->st.batches++;
    if (m->fwait != 0u) {
        m->cov[GPU_L1_T_B08]++;
        fc(m, GPU_L1_F_BATCH_CHAIN);
        m->fcur = m->fwait;
        m->fwait = 0u;
        m->fl = m->sbcnt;
        if (m->fl == 0u) {
            fc(m, GPU_L1_F_BATCH_EMPTY);
        }
    } else {
        m->cov[GPU_L1_T_B07]++;
        m->batch = 0u;
        m->fcur = 0u;
    }
}

static void l1_reset_edge(gpu_l1_t* m, gpu_l1_out_t* out) {
    l1_reset_state(m);
    memset(&m->out, 0, sizeof m->out);
    m->out.core_ready = true;
    m->out.drained = true;
    m->touched_all = true;
    if (out != NULL) {
        *out = m->out;
    }
}

#ifdef GPU_CHECK_RULES
static void l1_check_rules(const gpu_l1_t* m) {
    uint32_t nv = 0, np = 0;
    for (uint32_t i = 0; i < m->lines; i++) {
        nv += m->line[i].val;
        np += m->line[i].pend;
        GPU_L1_ASSERT(!(m->line[i].val && m->line[i].stale));
        if (allocated(m, i)) { /* L1 */
            for (uint32_t j = i + 1u; j < (i / m->d.l1_ways + 1u) * m->d.l1_ways; j++) {
                GPU_L1_ASSERT(!allocated(m, j) || m->line[j].tag != m->line[i].tag);
            }
        }
    }
    GPU_L1_ASSERT(nv == m->nval && np == m->npend);
    GPU_L1_ASSERT(m->fl <= m->sbcnt && m->sbcnt <= m->d.sb_entries && m->wtp <= m->wmax);
}
#endif

/* section 11's per-edge counters and F63, from the registered state and the inputs */
static void l1_rsp_edge_stats(gpu_l1_t* m, const l1_edge_t* e, const gpu_l1_in_t* in) {
    if (e->rst_q != 0u) {
        m->st.rm_cycles++;
    }
    if (e->rst_q == 1u && e->rsnt_q) {
        m->st.token_wait_cycles++;
    }
    if (m->d.rsp != 0u && in->peer.valid && in->rsp.valid) {
        fc(m, GPU_L1_F_CMD_AND_RSP);
    }
}

/* (g): the registered outputs that follow the state, and the copy for the caller */
static void l1_outputs(gpu_l1_t* m, gpu_l1_out_t* out) {
    m->out.core_ready = m->fcnt < m->d.l1_queue;
    m->out.drained = m->sbcnt == 0u && m->wtp == 0u && m->rst == 0u && !m->cfv;
    m->out.fence_done = m->fdone;
#ifdef GPU_CHECK_RULES
    l1_check_rules(m);
#endif
    if (out != NULL) {
        *out = m->out;
    }
}

/* A quiet edge (section 4, "A quiet edge"): no input, nothing in the core FIFO, no fence batch,
 * no RSP command or step, and no idle drain due (the store buffer is empty or its idle count
 * is below SbIdle). The full edge then sends nothing and writes nothing but the idle count
 * (L10) and V01's one-edge memory; this is that edge, without the rest of its work. */
static bool l1_quiet(const gpu_l1_t* m, const gpu_l1_in_t* in) {
    return !in->peer.valid && !in->rsp.valid && !in->core.valid && m->fcnt == 0u &&
           m->batch == 0u && m->cfv == 0u && m->rst == 0u && m->rsnt == 0u &&
           (m->sbcnt == 0u || m->idle < m->d.sb_idle);
}

static void l1_quiet_edge(gpu_l1_t* m, gpu_l1_out_t* out) {
    m->v01_set = -1;
    if (!m->out_quiet) {
        memset(&m->out.crsp, 0, sizeof m->out.crsp);
        memset(&m->out.req, 0, sizeof m->out.req);
        memset(&m->out.peer, 0, sizeof m->out.peer);
        m->out_quiet = true;
    }
    m->idle = m->idle < m->d.sb_idle ? m->idle + 1u : m->d.sb_idle;
    l1_outputs(m, out);
}

/* A quiet edge after one whose messages were already 0 changes no output: core_ready stays 1
 * (the FIFO was empty after that edge too), drained and fence_done follow state a quiet edge
 * does not write (sbcnt, wtp, rst, cfv, fdone). */
void gpu_l1_tick_kept(gpu_l1_t* m, const gpu_l1_in_t* in, gpu_l1_out_t* out) {
    if (m->out_kept && m->out_quiet && in->rst_n && l1_quiet(m, in)) {
        m->touched_n = 0u;
        m->touched_all = false;
        m->flags_touched = false;
        l1_quiet_edge(m, NULL);
        return;
    }
    gpu_l1_tick(m, in, out);
    m->out_kept = true;
}

void gpu_l1_tick(gpu_l1_t* m, const gpu_l1_in_t* in, gpu_l1_out_t* out) {
    m->touched_n = 0u;
    m->touched_all = false;
    m->flags_touched = false;
    m->out_kept = false;
    if (in->rst_n && l1_quiet(m, in)) {
        l1_quiet_edge(m, out);
        return;
    }
    m->out_quiet = false;
    if (!in->rst_n) {
        l1_reset_edge(m, out);
        return;
    }
    l1_edge_t e;
    memset(&e, 0, sizeof e);
    e.wtp_q = m->wtp;
    e.batch_q = m->batch;
    e.fl_q = m->fl;
    e.sbcnt_q = m->sbcnt;
    e.sbh_q = m->sbh;
    e.idle_q = m->idle;
    e.fcur_q = m->fcur;
    e.rblk_q = m->rblk;
    e.rst_q = m->rst;
    e.rsnt_q = m->rsnt;
    e.bcnt_q = m->bcnt;
    e.cfv_q = m->cfv;
    e.cfl_q = m->cfl;
    e.k_src_q = m->csrc;
    e.v01_prev = m->v01_set;
    e.gets_idx = -1;
    m->v01_set = -1;
    const bool ready_q = m->out.core_ready;
    memset(&m->out.crsp, 0, sizeof m->out.crsp);
    memset(&m->out.req, 0, sizeof m->out.req);
    memset(&m->out.peer, 0, sizeof m->out.peer);
    l1_rsp_edge_stats(m, &e, in);

    if (in->peer.valid) {
        l1_peer(m, &e, &in->peer); /* (a0) */
    }
    eng_pre(m, &e); /* (b) */
    if (in->rsp.valid) {
        l1_response(m, &e, &in->rsp); /* (a) */
    } else if (m->fcnt > 0u) {
        l1_head(m, &e); /* (c) */
    }
    if (e.k01 && e.c16) {
        fc(m, GPU_L1_F_LOCK_AND_C16); /* L17: the RMW precedes the lock */
    }
    l1_counters(m, &e);
    if (e.k04) {
        l1_flush_start(m, &e);
    }
    l1_batch_check(m, &e); /* (d) */
    l1_rsp_checks(m, &e);  /* (d), (d') */
    if (e.inv) {
        l1_inv(m, &e); /* (e) */
    }
    if (e.fpop) {
        m->fhead = m->fhead + 1u == m->d.l1_queue ? 0u : m->fhead + 1u;
        m->fcnt--;
    }
    if (in->core.valid && ready_q) {
        l1_push(m, &in->core); /* (f) */
    }
    l1_outputs(m, out); /* (g) */
}

/*--- accessors --------------------------------------------------------------------------------*/

const gpu_l1_desc_t* gpu_l1_desc(const gpu_l1_t* m) {
    return &m->d;
}

const gpu_l1_out_t* gpu_l1_out(const gpu_l1_t* m) {
    return &m->out;
}

void gpu_l1_line_get(const gpu_l1_t* m, uint32_t i, gpu_l1_line_t* l) {
    memset(l, 0, sizeof *l);
    if (i >= m->lines) {
        return;
    }
    const l1_meta_t* x = &m->line[i];
    l->tag = x->tag;
    l->val = x->val;
    l->pend = x->pend;
    l->stale = x->stale;
    l->acq = x->acq;
    l->wait = x->wait;
    memcpy(l->dirty, ldirty(m, i), (size_t)m->mw * sizeof(uint32_t));
    memcpy(l->data, ldata(m, i), (size_t)m->lw * sizeof(uint32_t));
}

/* the flag vectors of every line (gpu_l1_state_t) */
static void l1_flags_get(const gpu_l1_t* m, gpu_l1_state_t* s) {
    const size_t n = sizeof s->fval;
    memset(s->fval, 0, n);
    memset(s->fpend, 0, n);
    memset(s->fstale, 0, n);
    memset(s->facq, 0, n);
    for (uint32_t i = 0; i < m->lines; i++) {
        const l1_meta_t* x = &m->line[i];
        const uint32_t w = i / 32u, b = 1u << (i % 32u);
        s->fval[w] |= x->val ? b : 0u;
        s->fpend[w] |= x->pend ? b : 0u;
        s->fstale[w] |= x->stale ? b : 0u;
        s->facq[w] |= x->acq ? b : 0u;
    }
}

void gpu_l1_state_get(const gpu_l1_t* m, gpu_l1_state_t* s) {
    const uint32_t ways = m->d.l1_ways;
    if (s->sel_all) {
        for (uint32_t i = 0; i < m->lines; i++) {
            gpu_l1_line_get(m, i, &s->line[i]);
        }
        memcpy(s->rr, m->rr, (size_t)m->d.l1_sets * sizeof(uint32_t));
    } else {
        for (uint32_t k = 0; k < s->sel_n && k < GPU_SEL_MAX; k++) {
            const uint32_t i = s->sel[k];
            if (i < m->lines) {
                gpu_l1_line_get(m, i, &s->line[i]);
                s->rr[i / ways] = m->rr[i / ways];
            }
        }
    }
    if (s->sel_all || s->flags_all) {
        l1_flags_get(m, s);
    }
    s->fcnt = m->fcnt;
    s->sbh = m->sbh;
    s->sbcnt = m->sbcnt;
    s->wtp = m->wtp;
    s->batch = m->batch;
    s->fl = m->fl;
    s->fcur = m->fcur;
    s->fwait = m->fwait;
    s->fdone = m->fdone;
    s->idle = m->idle;
    s->rblk = m->rblk;
    s->rst = m->rst;
    s->rsnt = m->rsnt;
    s->bcnt = m->bcnt;
    s->cfv = m->cfv;
    s->cfl = m->cfl;
    s->csrc = m->csrc;
    /* the store buffer's live entries from its head (one wrap, no division per entry, and the
     * slots past sbcnt left as they were: this read runs every edge for every L1 under gpu-rsp's
     * checker and the lockstep's partial compare) */
    const uint32_t n = m->sbcnt < GPU_L1_MAX_SB ? m->sbcnt : GPU_L1_MAX_SB;
    uint32_t h = m->sbh;
    for (uint32_t k = 0; k < n; k++) {
        s->sb[k] = m->sb[h];
        h = h + 1u == m->d.sb_entries ? 0u : h + 1u;
    }
}

void gpu_l1_rsp_regs(const gpu_l1_t* m, gpu_l1_rsp_regs_t* r) {
    r->rst = m->rst;
    r->rsnt = m->rsnt;
    r->bcnt = m->bcnt;
    r->rblk = m->rblk;
    r->cfv = m->cfv;
}

uint32_t gpu_l1_touched(const gpu_l1_t* m, uint32_t* sel, uint32_t max, bool* all) {
    *all = m->touched_all || m->touched_n > max;
    if (*all) {
        return 0u;
    }
    for (uint32_t k = 0; k < m->touched_n; k++) {
        sel[k] = m->touched[k];
    }
    return m->touched_n;
}

bool gpu_l1_flags_touched(const gpu_l1_t* m) {
    return m->flags_touched;
}

const uint64_t* gpu_l1_cov(const gpu_l1_t* m) {
    return m->cov;
}

const uint64_t* gpu_l1_fcov(const gpu_l1_t* m) {
    return m->fcov;
}

uint64_t gpu_l1_errors(const gpu_l1_t* m) {
    return m->errors;
}

bool gpu_l1_back_illegal(const gpu_l1_t* m) {
    const uint32_t step = m->rst == 0u ? STEP_NONE : step_of(m->fifo[m->fhead].op, m->rst);
    return m->d.rsp == 0u || !m->rsnt || !step_bcst(step) || m->bcnt == 0u; /* I7 (or I12) */
}

bool gpu_l1_gnt_illegal(const gpu_l1_t* m) {
    return m->d.rsp == 0u || m->rst != 1u || !m->rsnt; /* I11 (or I3) */
}

void gpu_l1_stats(const gpu_l1_t* m, gpu_l1_stats_t* s) {
    *s = m->st;
}

/*--- coverage names and reachability ----------------------------------------------------------*/

static const char* const l1_ids[GPU_L1_T_N] = {
    "C01", "C02", "C03", "C04", "C05", "C06", "C07", "C08", "C09", "C10", "C11", "C12", "C13",
    "C14", "C15", "C16", "C17", "C18", "C19", "C20", "C21", "C22", "R01", "R02", "R03", "R04",
    "R05", "R06", "B01", "B02", "B03", "B04", "B05", "B06", "B07", "B08", "V01", "S01", "S02",
    "S03", "S04", "S05", "S06", "C24", "C25", "C26", "C27", "C28", "C29", "C30", "R07", "K01",
    "K02", "K03", "K04", "K05", "K06", "B09", "B10", "S07", "S08",
};

static const char* const l1_names[GPU_L1_T_N] = {
    "LOAD hit",
    "LOAD merge into pending GETS",
    "LOAD on a stale pending line (stall)",
    "LOAD on an invalid line: GETS",
    "LOAD miss: allocate, GETS",
    "acquire LOAD on a valid line: GETS",
    "acquire LOAD merge into pending GETS",
    "acquire LOAD on an invalid line: GETS",
    "acquire LOAD miss: allocate, GETS",
    "STORE to a dirty line",
    "STORE to a clean line: SB push",
    "STORE miss: allocate, SB push",
    "release STORE: write-through",
    "GPU ATOMIC: write the dirty line through first",
    "GPU ATOMIC: to the L2",
    "CTA ATOMIC performed in the L1",
    "CTA ATOMIC, line not valid: dirty bytes through",
    "CTA ATOMIC, line not valid: to the L2",
    "retired (D9)",
    "CTA FENCE",
    "GPU FENCE: a batch starts",
    "GPU FENCE: waits for the next batch",
    "DATA fill",
    "stale DATA (served, not installed)",
    "acquire DATA fill, INV",
    "ACK",
    "ATOM answer",
    "acquire ATOM answer, INV",
    "batch pop: WT",
    "batch pop: entry skipped",
    "idle pop: WT",
    "idle pop: entry skipped",
    "full pop: WT",
    "full pop: entry skipped",
    "batch completes",
    "batch completes, the next starts",
    "dirty victim written through",
    "stall: stale fill pending",
    "stall: no victim",
    "stall: store buffer full",
    "stall: port taken by the engine",
    "stall: WT limit or batch running",
    "retired (D9)",
    "rm op: TOKREQ",
    "rm acquire a3: GETS or merge (never a hit)",
    "rm op: broadcast command to every SM",
    "rm acquire a5: local INV",
    "rm release a12: write-through",
    "rm atomic a22: to the L2",
    "rm op: TOKREL, pop",
    "GNT: the token step completes",
    "LOCK: rblk set, BACK",
    "UNLOCK: rblk cleared, BACK",
    "INV command: INV, BACK",
    "FLUSH command starts",
    "FLUSH command done: BACK",
    "BACK counted",
    "command pop: WT",
    "command pop: entry skipped",
    "stall: L1 RMW locked",
    "stall: rm step in flight",
};

const char* gpu_l1_trans_id(gpu_l1_trans_t r) {
    return (unsigned)r < (unsigned)GPU_L1_T_N ? l1_ids[r] : "?";
}

const char* gpu_l1_trans_name(gpu_l1_trans_t r) {
    return (unsigned)r < (unsigned)GPU_L1_T_N ? l1_names[r] : "?";
}

/* Section 9: under GPU-D every scope is gpu, so C16-C20 never happen. C03 only stalls: L11
 * counts its stall row S01 instead (reading 9). C19 and S06 are retired (D9). */
bool gpu_l1_trans_reachable(const gpu_l1_desc_t* d, gpu_l1_trans_t r) {
    if (d == NULL || (unsigned)r >= (unsigned)GPU_L1_T_N) {
        return false;
    }
    if (r == GPU_L1_T_C03 || r == GPU_L1_T_C19 || r == GPU_L1_T_S06) {
        return false;
    }
    if (r >= GPU_L1_T_C16 && r <= GPU_L1_T_C20) {
        return d->hrf != 0u;
    }
    if (r >= GPU_L1_T_C24) { /* rsp.md 12.1; S07 with NumSm = 1: reading 15 */
        return d->rsp != 0u && (r != GPU_L1_T_S07 || d->num_sm >= 2u);
    }
    return true;
}

static const char* const l1_fnames[GPU_L1_F_N] = {
    "VIC_FREE_W0",
    "VIC_FREE_W1",
    "VIC_FREE_W2",
    "VIC_FREE_W3",
    "VIC_FREE_W4",
    "VIC_FREE_W5",
    "VIC_FREE_W6",
    "VIC_FREE_W7",
    "VIC_CLEAN_W0",
    "VIC_CLEAN_W1",
    "VIC_CLEAN_W2",
    "VIC_CLEAN_W3",
    "VIC_CLEAN_W4",
    "VIC_CLEAN_W5",
    "VIC_CLEAN_W6",
    "VIC_CLEAN_W7",
    "VIC_DIRTY_W0",
    "VIC_DIRTY_W1",
    "VIC_DIRTY_W2",
    "VIC_DIRTY_W3",
    "VIC_DIRTY_W4",
    "VIC_DIRTY_W5",
    "VIC_DIRTY_W6",
    "VIC_DIRTY_W7",
    "RR_SCAN_WRAP",
    "RR_PTR_WRAP",
    "FIFO_FULL",
    "SB_FULL",
    "SB_PTR_WRAP",
    "WTP_MAX",
    "BATCH_EMPTY",
    "BATCH_CHAIN",
    "INV_STALES",
    "MERGE_ALL",
    "STORE_PENDING",
    "FILL_OVER_DIRTY",
    "POP_BLOCKED",
    "CAS_FAIL_L1",
    "ALLOC_SET_TOP",
    "ALLOC_TAG_MSB",
    "IDLE_DRAIN",
    "RELEASE_ON_DIRTY",
    "ACK_AND_WT",
    "INV_TWICE",
    "FENCE_ALL_WAIT",
    "SB_SKIP_CLEAN",
    "EVICT_ALLOC_SAME_SET",
    "ATOM_STALES",
    "DATA_NO_WAIT",
    "STALE_ACQ",
    "ATOM_SENT_STALES",
    "BCNT_FIRST",
    "BCNT_LAST",
    "BACK_SELF_LAST",
    "LOCK_AND_C16",
    "LOCK_STALL",
    "FLUSH_EMPTY",
    "FLUSH_SB_FULL",
    "FLUSH_IN_BATCH",
    "FLUSH_WAIT_ACKS",
    "CMD_POP_BLOCKED",
    "CMD_INV_STALES",
    "CMD_AND_RSP",
    "RM_ACQ_MERGE",
    "RM_ACQ_VALID",
    "RM_STEP_S04",
    "LOCKED_ATOM_TO_L2",
};

const char* gpu_l1_fcov_name(gpu_l1_fcov_t f) {
    return (unsigned)f < (unsigned)GPU_L1_F_N ? l1_fnames[f] : "?";
}

/* Section 10: per-way points for ways >= L1Ways; F25 with one way; F38, F49 (CTA) under
 * GPU-D; F45 with one wavefront. */
bool gpu_l1_fcov_reachable(const gpu_l1_desc_t* d, gpu_l1_fcov_t f) {
    if (d == NULL || (unsigned)f >= (unsigned)GPU_L1_F_N) {
        return false;
    }
    if (f < GPU_L1_F_RR_SCAN_WRAP) {
        return (uint32_t)f % 8u < d->l1_ways;
    }
    if (f >= GPU_L1_F_BCNT_FIRST) { /* rsp.md 12.2 */
        const bool two = f == GPU_L1_F_LOCK_AND_C16 || f == GPU_L1_F_LOCK_STALL ||
                         f == GPU_L1_F_LOCKED_ATOM_TO_L2;
        return d->rsp != 0u && (!two || d->num_sm >= 2u);
    }
    switch (f) {
    case GPU_L1_F_RR_SCAN_WRAP:
        return d->l1_ways >= 2u;
    case GPU_L1_F_CAS_FAIL_L1:
        return d->hrf != 0u;
    case GPU_L1_F_DATA_NO_WAIT:
        return false; /* retired with D9: every GETS now has a load waiting */
    case GPU_L1_F_FENCE_ALL_WAIT:
        return d->num_wf >= 2u;
    default:
        return true;
    }
}
