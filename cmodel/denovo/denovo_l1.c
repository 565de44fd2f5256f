/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_l1.c -- C reference model of the DeNovo L1 controller (DeNovo-D, D+RO, H).
 *
 * Written from docs/units/denovo/denovo_l1.md (rules L1-L17, tables C01-C22, M01-M11, sections 7,
 * 11 and 12) and docs/units/denovo/denovo.md (D1-D16) only, never from rtl/denovo/denovo_l1.sv.
 *
 * One denovo_l1_tick() = one rising edge, in the order of rule L2: (a) a queued transfer (when
 * rdy_q is 0), else (b) the message; (c) the store-buffer engine's batch or idle pop; (d) the
 * FIFO head (when no message was taken; a full pop is decided and applied after a head that
 * stalls S03); (e) the batch check; (f) INV; (g) the push; (h) outputs. Each step sees the
 * writes of the steps before it (R3).
 *
 * The readings fixed after the first round (section 11, R1-R7) are followed: hdr (the DATA /
 * REGD completes a GETS / REG, M01, M04, M10, M11); every completed REG becomes DRAIN (M11: hold
 * from fcnt_q for queued transfers or a sync REG, L16; dack 0, D17), a DRAIN MSHR is freed when
 * fqv == 0, hold == 0 and dack == 1 (M09, X01, L16); the steps (a)-(d) act in order, each on what
 * the earlier ones left (the engine's batch / idle pop is applied in (c), before the head); the
 * batch check's "no MSHR is REG" and S03 read the registered values; L7 rule 4 skips lines in
 * the write-back buffer; L11's order (S03, S08, S07, allocation, S04); idle resets on C10-C13
 * and a writing C19; payload words outside a mask are 0; a new MSHR gets 0 in the fields its row
 * does not set and freeing clears only mv (wbv for a write-back entry).
 *
 * Readings of the pages where they are still silent:
 *  1. peer_dst_o is 6 bits: the peer message's dst carries the destination SM's id.
 *  2. M01 does not install over a word R here (the page says it cannot have mask bit 0).
 *  3. M04 installs only the words of mask \ pmask that are in want (the registry never sends
 *     others). Unservable words of M03 / M06 / M07 and messages finding no state count one
 *     error per message (L9); so does a forward that names no word of this SM.
 *  4. Cover points F45-F48 need per-MSHR bookkeeping section 3 does not list (the PDATAs
 *     counted, an XFER seen, REGD words installed): kept here, not compared.
 *  5. F41 counts an XFER served from a DRAIN MSHR that leaves other queued words (another
 *     new owner); F57 is checked before this edge's hold update.
 *  6. Cover points count once per edge. Inputs are cut to their port widths (op 3, wf 6, word 5,
 *     aop 2, line LA, masks LW / LineBytes bits, src / req 6). Rows: one per event of the edge
 *     (message row and M10 / M11, head row or stall row, B row, B07 / B08, V01 / V02 instead of
 *     the allocating row, X01); the stall rows C03, C04, C09, C15, C18 count as their S row.
 *  7. A served transfer (X01) clears fqv only (fqd keeps its value, as freeing keeps the
 *     fields).
 *  8. The hold rule (L16) applies to every DRAIN MSHR after the head's step, the one a message
 *     of this edge completed included (a message edge does not try the head: only an empty FIFO
 *     changes its hold); a DRAIN MSHR with fqv == 0 has no transfer to serve (rdy stays 1).
 *  9. The descriptor message of Ro uses the page's "Ro" (the others the field name).
 */
#include "denovo_l1.h"
#include "gpucoh_bits.h"

#include <assert.h>
#include <string.h>

#ifndef DENOVO_L1_ASSERT
#define DENOVO_L1_ASSERT(c) assert(c)
#endif

/*--- storage ----------------------------------------------------------------------------------*/

typedef struct {
    uint64_t tag;
    uint64_t st; /* 2 bits per word */
} l1_meta_t;

typedef struct {
    uint32_t mv, midx, want, got;
    uint64_t wait;
    uint32_t stale, ro, sync, hdr, dack, fqv, hold;
    uint8_t fqd[DENOVO_MAX_LINE_WORDS];
    uint8_t xf, rd, pd; /* cover bookkeeping (reading 4) */
} l1_mshr_t;

typedef struct {
    uint32_t v, mask;
    uint64_t line;
    uint32_t data[DENOVO_MAX_LINE_WORDS];
} l1_wb_t;

struct denovo_l1 {
    denovo_l1_desc_t d;
    uint32_t lw, mw, la, lines, set_bits, tag_bits, lw_mask;
    uint64_t la_mask, wf_all;
    l1_meta_t* line;
    uint32_t* data;  /* lines x lw */
    uint32_t* dirty; /* lines x mw */
    uint32_t* rr;
    l1_mshr_t* mshr;
    l1_wb_t* wb;
    denovo_core_req_t* fifo;
    uint64_t* sb;
    uint64_t* rmap; /* bit i: line i holds an R word (denovo_l1_r_lines; bookkeeping only) */
    uint64_t* mmap; /* bit i: an MSHR not FREE names line i (mshr_of; bookkeeping only) */
    uint32_t fhead, fcnt, sbh, sbcnt, batch, fl, idle, rdy, self;
    uint64_t fcur, fwait, fdone;
    denovo_l1_out_t out;
    uint64_t cov[DENOVO_L1_T_N];
    uint64_t fcov[DENOVO_L1_F_N];
    uint64_t errors;
    denovo_l1_stats_t st;
    /* the lines this edge wrote (denovo_l1_touched; bookkeeping only, never read by the model) */
    uint32_t touched_n;
    uint32_t touched[DENOVO_SEL_MAX];
    bool touched_all;
};

/* What one edge reads (registered values) and decides. */
typedef struct {
    uint32_t fcnt_q, batch_q, fl_q, sbcnt_q, sbh_q, idle_q;
    uint64_t fcur_q;
    bool reg_q;        /* some MSHR is REG (registered, section 7) */
    uint32_t new_gets; /* MSHRs allocated as GETS in this edge (L6) */
    bool pop, pop_reg, tried, push, fpop, store, inv, start_batch;
    uint32_t pop_kind, pop_idx, pop_u;
    uint64_t pop_line, push_line;
} l1_edge_t;

/* The head's row and what it found (L11). */
typedef struct {
    const denovo_core_req_t* q;
    uint32_t row, set, idx, w, rule, vway, ub, ua;
    int32_t k; /* the MSHR naming the line, -1 */
    uint64_t tag, bit;
    bool m, gpu_s, writes;
    uint32_t neww; /* atomics: the new word */
} l1_head_t;

enum { POP_BATCH = 0, POP_IDLE = 1, POP_FULL = 2 };

/*--- helpers ----------------------------------------------------------------------------------*/

static inline uint32_t* ldata(const denovo_l1_t* m, uint32_t i) {
    return m->data + (size_t)i * m->lw;
}

static inline uint32_t* ldirty(const denovo_l1_t* m, uint32_t i) {
    return m->dirty + (size_t)i * m->mw;
}

static inline void fc(denovo_l1_t* m, denovo_l1_fcov_t f) {
    m->fcov[f]++;
}

/* line i written by this edge: its tag, word states, dirty bytes, data or its set's rr */
static void touch(denovo_l1_t* m, uint32_t i) {
    for (uint32_t k = 0; k < m->touched_n; k++) {
        if (m->touched[k] == i) {
            return;
        }
    }
    if (m->touched_n < DENOVO_SEL_MAX) {
        m->touched[m->touched_n++] = i;
    } else {
        m->touched_all = true;
    }
}

static inline uint32_t wst(const denovo_l1_t* m, uint32_t i, uint32_t w) {
    return (uint32_t)(m->line[i].st >> (2u * w)) & 3u;
}

/* whether word states st hold an R word (R = 2: the high bit of a word's pair, not the low) */
static inline bool has_r(uint64_t st) {
    return (st & ~(st << 1) & 0xAAAAAAAAAAAAAAAAull) != 0u;
}

/* line i's bit of rmap from its word states (after every write of them) */
static inline void rmap_note(denovo_l1_t* m, uint32_t i) {
    gpucoh_bitmap_put(m->rmap, i, has_r(m->line[i].st));
}

static inline void set_wst(denovo_l1_t* m, uint32_t i, uint32_t w, uint32_t s) {
    l1_meta_t* L = &m->line[i];
    touch(m, i);
    L->st = (L->st & ~((uint64_t)3 << (2u * w))) | ((uint64_t)s << (2u * w));
    rmap_note(m, i);
}

/* bit w: bit 2w of x (the even bits gathered to the low half) */
static inline uint32_t even_bits(uint64_t x) {
    x &= 0x5555555555555555ull;
    x = (x | x >> 1) & 0x3333333333333333ull;
    x = (x | x >> 2) & 0x0F0F0F0F0F0F0F0Full;
    x = (x | x >> 4) & 0x00FF00FF00FF00FFull;
    x = (x | x >> 8) & 0x0000FFFF0000FFFFull;
    return (uint32_t)(x | x >> 16);
}

/* the words of line i in state s: the pairs of st equal to s (no bit differing from s's) */
static uint32_t words_in(const denovo_l1_t* m, uint32_t i, uint32_t s) {
    const uint64_t x = m->line[i].st ^ (0x5555555555555555ull * s);
    uint32_t r = even_bits(~(x | x >> 1));
    r = m->lw < 32u ? r & ((1u << m->lw) - 1u) : r;
#ifdef SIG_BLOOM_CHECK_RULES
    for (uint32_t w = 0; w < m->lw; w++) { /* a word at a time, as the page reads it */
        assert(((r >> w) & 1u) == (wst(m, i, w) == s));
    }
#endif
    return r;
}

/* the words of line i with dirty bytes */
/* bit k: nibble k of x (the byte mask of a word, 8 words a mask word) is not 0 */
static inline uint32_t nibs_nonzero(uint32_t x) {
    x = (x | x >> 1 | x >> 2 | x >> 3) & 0x11111111u; /* bit 4k: nibble k not 0 */
    x = (x | x >> 3) & 0x03030303u;                   /* byte b, bits 0-1: nibbles 2b, 2b+1 */
    x = (x | x >> 6) & 0x000F000Fu;                   /* half h, bits 0-3: nibbles 4h..4h+3 */
    return (x | x >> 12) & 0xFFu;
}

static uint32_t dirty_words(const denovo_l1_t* m, uint32_t i) {
    const uint32_t* d = ldirty(m, i);
    uint32_t r = 0u;
    for (uint32_t k = 0; k < m->mw; k++) {
        r |= nibs_nonzero(d[k]) << (8u * k);
    }
    r = m->lw < 32u ? r & ((1u << m->lw) - 1u) : r;
#ifdef SIG_BLOOM_CHECK_RULES
    for (uint32_t w = 0; w < m->lw; w++) { /* a word at a time, as the page reads it */
        assert(((r >> w) & 1u) == (((d[w >> 3] >> ((w & 7u) * 4u)) & 0xfu) != 0u));
    }
#endif
    return r;
}

/* whether line i has a dirty byte (dirty_words != 0: the mask words ORed, the bytes of the
 * LineBytes/4 words only) */
static bool any_dirty(const denovo_l1_t* m, uint32_t i) {
    const uint32_t* d = ldirty(m, i);
    uint32_t r = 0u;
    for (uint32_t k = 0; k < m->mw; k++) {
        r |= d[k];
    }
    r = m->lw < 8u ? r & ((1u << (4u * m->lw)) - 1u) : r;
#ifdef SIG_BLOOM_CHECK_RULES
    assert((r != 0u) == (dirty_words(m, i) != 0u));
#endif
    return r != 0u;
}

/* the MSHR naming line i, -1: every MSHR looked at */
static int32_t mshr_scan(const denovo_l1_t* m, uint32_t i) {
    for (uint32_t k = 0; k < m->d.mshrs; k++) {
        if (m->mshr[k].mv != DENOVO_MV_FREE && m->mshr[k].midx == i) {
            return (int32_t)k;
        }
    }
    return -1;
}

/* the MSHR naming line i, -1: looked for only when mmap says there is one */
static int32_t mshr_of(const denovo_l1_t* m, uint32_t i) {
    const bool named = (m->mmap[i >> 6] >> (i & 63u)) & 1u;
#ifdef SIG_BLOOM_CHECK_RULES
    assert(named == (mshr_scan(m, i) >= 0)); /* mmap follows every allocation and release */
#endif
    return named ? mshr_scan(m, i) : -1;
}

static int32_t mshr_free(const denovo_l1_t* m) {
    for (uint32_t k = 0; k < m->d.mshrs; k++) {
        if (m->mshr[k].mv == DENOVO_MV_FREE) {
            return (int32_t)k;
        }
    }
    return -1;
}

static bool allocated(const denovo_l1_t* m, uint32_t i) {
    return m->line[i].st != 0u || any_dirty(m, i) || mshr_of(m, i) >= 0;
}

/* the write-back entry of line a, -1 */
static int32_t wb_of(const denovo_l1_t* m, uint64_t a) {
    for (uint32_t j = 0; j < m->d.wb_entries; j++) {
        if (m->wb[j].v && m->wb[j].line == a) {
            return (int32_t)j;
        }
    }
    return -1;
}

static inline uint32_t set_of(const denovo_l1_t* m, uint64_t a) {
    return (uint32_t)(a & (uint64_t)(m->d.l1_sets - 1u));
}

static inline uint64_t line_addr(const denovo_l1_t* m, uint32_t i) {
    return (m->line[i].tag << m->set_bits) | (i / m->d.l1_ways);
}

/* the line index matching a (section 3), -1; rule L1: at most one way */
static int64_t find_line(const denovo_l1_t* m, uint64_t a) {
    const uint32_t base = set_of(m, a) * m->d.l1_ways;
    const uint64_t tag = a >> m->set_bits;
    int64_t hit = -1;
    for (uint32_t w = 0; w < m->d.l1_ways; w++) {
        if (m->line[base + w].tag == tag && allocated(m, base + w)) {
            DENOVO_L1_ASSERT(hit < 0); /* L1_OneWay_A */
            hit = (int64_t)(base + w);
        }
    }
    return hit;
}

/* U (section 6): dirty words not in the want of a REG MSHR naming line i */
static uint32_t unreg(const denovo_l1_t* m, uint32_t i) {
    const int32_t k = mshr_of(m, i);
    const uint32_t want = (k >= 0 && m->mshr[k].mv == DENOVO_MV_REG) ? m->mshr[k].want : 0u;
    return dirty_words(m, i) & ~want;
}

/* L13: word x of line i := v under the line's dirty bytes; true when a dirty byte stayed */
static bool install(denovo_l1_t* m, uint32_t i, uint32_t x, uint32_t v) {
    uint32_t* d = ldata(m, i);
    touch(m, i);
    const uint32_t bm = gpucoh_word_bytes(ldirty(m, i), x);
    d[x] = (v & ~bm) | (d[x] & bm);
    return bm != 0u;
}

static void clear_dirty_word(denovo_l1_t* m, uint32_t i, uint32_t x) {
    touch(m, i);
    ldirty(m, i)[x >> 3] &= ~(0xfu << ((x & 7u) * 4u));
}

static denovo_msg_t* msg_put(denovo_msg_t* o, uint32_t kind, uint64_t line, uint32_t mask) {
    DENOVO_L1_ASSERT(!o->valid); /* L3: one message per network and edge */
    o->valid = true;
    o->kind = kind;
    o->line = line;
    o->mask = mask;
    return o;
}

/* the words of mask of line i into msg data (0 elsewhere, R7) */
static void put_words(const denovo_l1_t* m, denovo_msg_t* o, const uint32_t* d, uint32_t mask) {
    for (uint32_t w = 0; w < m->lw; w++) {
        o->data[w] = ((mask >> w) & 1u) ? d[w] : 0u;
    }
}

static void crsp_put(denovo_l1_t* m, uint32_t kind, uint64_t wf_mask, uint64_t line,
                     const uint32_t* data) {
    denovo_core_rsp_t* c = &m->out.crsp;
    DENOVO_L1_ASSERT(!c->valid);
    c->valid = true;
    c->kind = kind;
    c->wf_mask = wf_mask;
    c->line = line;
    memcpy(c->data, data, (size_t)m->lw * sizeof(uint32_t));
}

/* P1: the new value of an atomic on old; false when it writes nothing */
static bool atomic_new(uint32_t aop, uint32_t old, uint32_t a, uint32_t b, uint32_t* nv) {
    switch (aop) {
    case DENOVO_AOP_ADD:
        *nv = old + a;
        return true;
    case DENOVO_AOP_EXCH:
        *nv = a;
        return true;
    case DENOVO_AOP_CAS:
        *nv = b;
        return old == a;
    default:
        *nv = old;
        return false;
    }
}

/* freeing clears only mv (R7); mmap follows */
static void mshr_release(denovo_l1_t* m, l1_mshr_t* k) {
    k->mv = DENOVO_MV_FREE;
    gpucoh_bitmap_put(m->mmap, k->midx, mshr_scan(m, k->midx) >= 0);
}

/*--- descriptor, size, build ------------------------------------------------------------------*/

denovo_l1_desc_t denovo_l1_desc_from(const denovo_desc_t* sys) {
    denovo_l1_desc_t d;
    d.hrf = sys->hrf;
    d.ro = sys->ro;
    d.num_sm = sys->num_sm;
    d.num_wf = sys->num_wf;
    d.line_bytes = sys->line_bytes;
    d.addr_width = sys->addr_width;
    d.l1_sets = sys->l1_sets;
    d.l1_ways = sys->l1_ways;
    d.l1_queue = sys->l1_queue;
    d.sb_entries = sys->sb_entries;
    d.sb_idle = sys->sb_idle;
    d.mshrs = sys->mshrs;
    d.wb_entries = sys->wb_entries;
    return d;
}

#define RANGE(field, name, lo, hi)                                                                 \
    GPUCOH_DESC_RANGE(denovo_param_error, "denovo_l1", field, name, lo, hi)

static int l1_check_geom(const denovo_l1_desc_t* d, char* msg, size_t msg_len) {
    if (!gpucoh_is_pow2(d->line_bytes) || d->line_bytes < 16u ||
        d->line_bytes > DENOVO_MAX_LINE_BYTES) {
        return denovo_param_error(
            msg, msg_len, "denovo_l1: line_bytes = %u is illegal (LineBytes: 16, 32, 64 or 128)",
            (unsigned)d->line_bytes);
    }
    RANGE(addr_width, "AddrWidth", 16u, 48u);
    if (!gpucoh_is_pow2(d->l1_sets) || d->l1_sets > DENOVO_L1_MAX_SETS) {
        return denovo_param_error(
            msg, msg_len, "denovo_l1: l1_sets = %u is illegal (L1Sets: a power of two in 1..256)",
            (unsigned)d->l1_sets);
    }
    const uint32_t la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    const uint32_t s1 = gpucoh_log2_floor(d->l1_sets);
    if (la < s1 + 1u) {
        return denovo_param_error(msg, msg_len,
                                  "denovo_l1: addr_width = %u is illegal (AddrWidth: LA = "
                                  "AddrWidth - log2 LineBytes = %u must be >= log2 L1Sets + 1 = "
                                  "%u)",
                                  (unsigned)d->addr_width, (unsigned)la, (unsigned)(s1 + 1u));
    }
    return 0;
}

/* Section 1 in table order; Ro's extra condition (0 with Hrf = 1) with Ro. */
int denovo_l1_check_desc(const denovo_l1_desc_t* d, char* msg, size_t msg_len) {
    if (d == NULL) {
        return denovo_param_error(msg, msg_len, "denovo_l1: desc is NULL");
    }
    RANGE(hrf, "Hrf", 0u, 1u);
    if (d->ro > 1u || (d->ro == 1u && d->hrf == 1u)) {
        return denovo_param_error(msg, msg_len,
                                  "denovo_l1: Ro = %u is illegal (Ro: 0..1, and 0 with Hrf = 1)",
                                  (unsigned)d->ro);
    }
    RANGE(num_sm, "NumSm", 1u, DENOVO_MAX_SM);
    RANGE(num_wf, "NumWf", 1u, DENOVO_MAX_WF);
    if (l1_check_geom(d, msg, msg_len) != 0) {
        return 1;
    }
    RANGE(l1_ways, "L1Ways", 1u, DENOVO_L1_MAX_WAYS);
    RANGE(l1_queue, "L1Queue", 1u, 8u);
    RANGE(sb_entries, "SbEntries", 1u, DENOVO_L1_MAX_SB);
    RANGE(sb_idle, "SbIdle", 1u, 65535u);
    RANGE(mshrs, "Mshrs", 1u, DENOVO_L1_MAX_MSHRS);
    RANGE(wb_entries, "WbEntries", 1u, DENOVO_L1_MAX_WB);
    return 0;
}

#undef RANGE

typedef struct {
    size_t line, data, dirty, rr, mshr, wb, fifo, sb, rmap, mmap, total;
} l1_layout_t;

static void l1_layout(const denovo_l1_desc_t* d, l1_layout_t* o) {
    const size_t lines = (size_t)d->l1_sets * d->l1_ways;
    const size_t lw = d->line_bytes / 4u, mw = (d->line_bytes + 31u) / 32u;
    size_t at = gpucoh_al8(sizeof(denovo_l1_t));
    o->line = at;
    at += gpucoh_al8(lines * sizeof(l1_meta_t));
    o->data = at;
    at += gpucoh_al8(lines * lw * sizeof(uint32_t));
    o->dirty = at;
    at += gpucoh_al8(lines * mw * sizeof(uint32_t));
    o->rr = at;
    at += gpucoh_al8((size_t)d->l1_sets * sizeof(uint32_t));
    o->mshr = at;
    at += gpucoh_al8((size_t)d->mshrs * sizeof(l1_mshr_t));
    o->wb = at;
    at += gpucoh_al8((size_t)d->wb_entries * sizeof(l1_wb_t));
    o->fifo = at;
    at += gpucoh_al8((size_t)d->l1_queue * sizeof(denovo_core_req_t));
    o->sb = at;
    at += gpucoh_al8((size_t)d->sb_entries * sizeof(uint64_t));
    o->rmap = at;
    at += gpucoh_al8((lines + 63u) / 64u * sizeof(uint64_t));
    o->mmap = at;
    at += gpucoh_al8((lines + 63u) / 64u * sizeof(uint64_t));
    o->total = at;
}

size_t denovo_l1_size(const denovo_l1_desc_t* d) {
    if (denovo_l1_check_desc(d, NULL, 0u) != 0) {
        return 0u;
    }
    l1_layout_t o;
    l1_layout(d, &o);
    return o.total;
}

static void l1_reset_state(denovo_l1_t* m) {
    l1_layout_t o;
    l1_layout(&m->d, &o);
    memset((unsigned char*)m + o.line, 0, o.total - o.line);
    m->fhead = m->fcnt = m->sbh = m->sbcnt = m->batch = m->fl = m->idle = 0u;
    m->rdy = 0u;
    m->fcur = m->fwait = m->fdone = 0u;
}

denovo_l1_t* denovo_l1_init(void* mem, size_t len, const denovo_l1_desc_t* d, char* msg,
                            size_t msg_len) {
    if (denovo_l1_check_desc(d, msg, msg_len) != 0) {
        return NULL;
    }
    l1_layout_t o;
    l1_layout(d, &o);
    if (mem == NULL || len < o.total || ((uintptr_t)mem % _Alignof(uint64_t)) != 0u) {
        (void)denovo_param_error(msg, msg_len,
                                 "denovo_l1: storage %s (%zu bytes; the model needs %zu bytes "
                                 "aligned to %zu)",
                                 mem == NULL     ? "is NULL"
                                 : len < o.total ? "too small"
                                                 : "misaligned",
                                 len, o.total, (size_t) _Alignof(uint64_t));
        return NULL;
    }
    memset(mem, 0, o.total);
    unsigned char* b = (unsigned char*)mem;
    denovo_l1_t* m = (denovo_l1_t*)mem;
    m->line = (l1_meta_t*)(void*)(b + o.line);
    m->data = (uint32_t*)(void*)(b + o.data);
    m->dirty = (uint32_t*)(void*)(b + o.dirty);
    m->rmap = (uint64_t*)(void*)(b + o.rmap);
    m->mmap = (uint64_t*)(void*)(b + o.mmap);
    m->rr = (uint32_t*)(void*)(b + o.rr);
    m->mshr = (l1_mshr_t*)(void*)(b + o.mshr);
    m->wb = (l1_wb_t*)(void*)(b + o.wb);
    m->fifo = (denovo_core_req_t*)(void*)(b + o.fifo);
    m->sb = (uint64_t*)(void*)(b + o.sb);
    m->d = *d;
    m->lw = d->line_bytes / 4u;
    m->lw_mask = (uint32_t)gpucoh_mask64(m->lw);
    m->mw = (d->line_bytes + 31u) / 32u;
    m->la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    m->la_mask = gpucoh_mask64(m->la);
    m->lines = d->l1_sets * d->l1_ways;
    m->set_bits = gpucoh_log2_floor(d->l1_sets);
    m->tag_bits = m->la - m->set_bits;
    m->wf_all = gpucoh_mask64(d->num_wf);
    l1_reset_state(m);
    m->touched_all = true; /* no edge yet: every line is new */
    return m;              /* outputs read 0 until the first edge */
}

/*--- MSHRs ------------------------------------------------------------------------------------*/

/* allocate the lowest free MSHR (the caller checked one is free) */
static l1_mshr_t* mshr_alloc(denovo_l1_t* m, uint32_t mv, uint32_t i, uint32_t want) {
    const int32_t k = mshr_free(m);
    DENOVO_L1_ASSERT(k >= 0);
    uint32_t nfree = 0;
    for (uint32_t j = 0; j < m->d.mshrs; j++) {
        nfree += m->mshr[j].mv == DENOVO_MV_FREE ? 1u : 0u;
    }
    if (nfree == 1u) {
        fc(m, DENOVO_L1_F_MSHR_FULL);
    }
    if ((uint32_t)k == m->d.mshrs - 1u) {
        fc(m, DENOVO_L1_F_MSHR_TOP);
    }
    l1_mshr_t* e = &m->mshr[k];
    memset(e, 0, sizeof *e); /* 0 in every field the row does not set (R7) */
    e->mv = mv;
    e->midx = i;
    gpucoh_bitmap_put(m->mmap, i, true);
    e->want = want;
    return e;
}

/* REG(line of i, S, sync) on req with an MSHR REG */
static void send_reg(denovo_l1_t* m, uint32_t i, uint32_t s, bool sync) {
    denovo_msg_t* r = msg_put(&m->out.req, DENOVO_MSG_REG, line_addr(m, i), s);
    r->pmask = sync ? 1u : 0u;
    l1_mshr_t* e = mshr_alloc(m, DENOVO_MV_REG, i, s);
    e->sync = sync ? 1u : 0u;
    m->st.regs++;
    if (sync) {
        m->st.sync_regs++;
        fc(m, DENOVO_L1_F_SYNC_REG);
    }
}

/*--- (b) messages, section 5 ------------------------------------------------------------------*/

/* the k naming line a with one of the kinds of mvs (bit per kind), -1 */
static int32_t mshr_line(const denovo_l1_t* m, uint64_t a, uint32_t mvs) {
    const int64_t i = find_line(m, a);
    if (i < 0) {
        return -1;
    }
    const int32_t k = mshr_of(m, (uint32_t)i);
    return (k >= 0 && ((mvs >> m->mshr[k].mv) & 1u)) ? k : -1;
}

/* M10 */
static void gets_done(denovo_l1_t* m, l1_mshr_t* k, uint64_t a) {
    if (!k->hdr || k->got != m->lw_mask) {
        return;
    }
    m->cov[DENOVO_L1_T_M10]++;
    if (k->wait != 0u) {
        crsp_put(m, DENOVO_CRSP_LOAD, k->wait, a, ldata(m, k->midx));
    }
    if (k->pd >= 2u) {
        fc(m, DENOVO_L1_F_GETS_TWO_PEERS);
    }
    mshr_release(m, k);
}

/* M01 / M02: install the words of mask (DATA: those with mask bit 0) for a GETS */
static void gets_fill(denovo_l1_t* m, const denovo_msg_t* g, uint64_t a, bool data) {
    const int32_t kk = mshr_line(m, a, 1u << DENOVO_MV_GETS);
    if (kk < 0 || (data && m->mshr[kk].hdr)) {
        m->errors++; /* L9 (M01 needs hdr == 0) */
        return;
    }
    l1_mshr_t* k = &m->mshr[kk];
    const uint32_t i = k->midx;
    const uint32_t words = data ? ~g->mask & m->lw_mask : g->mask;
    const uint32_t s = k->stale ? DENOVO_W_I : k->ro ? DENOVO_W_VO : DENOVO_W_V;
    bool merged = false;
    for (uint32_t x = 0; x < m->lw; x++) {
        if (((words >> x) & 1u) && wst(m, i, x) != DENOVO_W_R) { /* reading 2 */
            merged = install(m, i, x, g->data[x]) || merged;
            set_wst(m, i, x, s);
        }
    }
    if (merged) {
        fc(m, DENOVO_L1_F_MERGE_UNDER_DIRTY);
    }
    uint32_t own = 0u;
    if (data) {
        for (uint32_t x = 0; x < m->lw; x++) {
            own |= (((g->mask >> x) & 1u) && g->data[x] == m->self ? 1u : 0u) << x;
        }
        if (own != 0u) {
            fc(m, DENOVO_L1_F_GETS_OWN_WORDS);
        }
        k->hdr = 1u;
        m->cov[DENOVO_L1_T_M01]++;
    } else {
        if (!k->hdr) {
            fc(m, DENOVO_L1_F_GETS_PEER_FIRST);
        }
        k->pd = (uint8_t)(k->pd < 3u ? k->pd + 1u : 3u);
        m->cov[DENOVO_L1_T_M02]++;
    }
    k->got |= words | own;
    gets_done(m, k, a);
}

/* M11 */
static void reg_done(denovo_l1_t* m, l1_edge_t* e, l1_mshr_t* k, uint64_t a) {
    if (!k->hdr || k->got != k->want) {
        return;
    }
    m->cov[DENOVO_L1_T_M11]++;
    msg_put(&m->out.wb, DENOVO_MSG_DONE, a, k->want);
    if (k->rd && k->xf) {
        fc(m, DENOVO_L1_F_REG_MIXED);
    }
    k->mv = DENOVO_MV_DRAIN; /* D17: until the DACK; L16: transfers, a sync registration (R2) */
    k->dack = 0u;
    k->hold = (k->fqv != 0u || k->sync) ? e->fcnt_q : 0u;
    if (k->hold > 0u && k->fqv != 0u) {
        fc(m, DENOVO_L1_F_DRAIN_HOLD);
    }
}

/* M04 / M05: the words of S arrive for a REG: install R, dirty bytes cleared */
static void reg_fill(denovo_l1_t* m, l1_edge_t* e, const denovo_msg_t* g, uint64_t a, bool regd) {
    const int32_t kk = mshr_line(m, a, 1u << DENOVO_MV_REG);
    if (kk < 0 || (regd && m->mshr[kk].hdr)) {
        m->errors++; /* L9 (M04 needs hdr == 0) */
        return;
    }
    l1_mshr_t* k = &m->mshr[kk];
    const uint32_t i = k->midx;
    const uint32_t s = (regd ? g->mask & ~g->pmask : g->mask) & k->want; /* reading 3 */
    bool merged = false;
    for (uint32_t x = 0; x < m->lw; x++) {
        if ((s >> x) & 1u) {
            merged = install(m, i, x, g->data[x]) || merged;
            clear_dirty_word(m, i, x);
            set_wst(m, i, x, DENOVO_W_R);
        }
    }
    if (merged) {
        fc(m, DENOVO_L1_F_MERGE_UNDER_DIRTY);
    }
    if (regd) {
        k->hdr = 1u;
        k->rd = s != 0u ? 1u : k->rd;
        m->cov[DENOVO_L1_T_M04]++;
    } else {
        if (!k->hdr) {
            fc(m, DENOVO_L1_F_REG_XFER_FIRST);
        }
        k->xf = 1u;
        m->cov[DENOVO_L1_T_M05]++;
    }
    k->got |= s;
    reg_done(m, e, k, a);
}

/* the words of P this L1 can serve: from line i (R) or the write-back entry j; the others
 * (neither) are returned in *bad */
static uint32_t serve_words(denovo_l1_t* m, int64_t i, int32_t j, uint32_t p, uint32_t* from_wb,
                            uint32_t* out) {
    uint32_t ok = 0u;
    *from_wb = 0u;
    for (uint32_t x = 0; x < m->lw; x++) {
        if (!((p >> x) & 1u)) {
            continue;
        }
        if (i >= 0 && wst(m, (uint32_t)i, x) == DENOVO_W_R) {
            out[x] = ldata(m, (uint32_t)i)[x];
            ok |= 1u << x;
        } else if (j >= 0 && ((m->wb[j].mask >> x) & 1u)) {
            out[x] = m->wb[j].data[x];
            ok |= 1u << x;
            *from_wb |= 1u << x;
        }
    }
    return ok;
}

/* the words x of mask whose data[x] names this SM */
static uint32_t names_self(const denovo_l1_t* m, const denovo_msg_t* g, uint32_t mask) {
    uint32_t p = 0u;
    for (uint32_t x = 0; x < m->lw; x++) {
        p |= (((mask >> x) & 1u) && g->data[x] == m->self ? 1u : 0u) << x;
    }
    return p;
}

/* M03 */
static void msg_fwd_read(denovo_l1_t* m, const denovo_msg_t* g, uint64_t a) {
    const uint32_t p = names_self(m, g, g->mask);
    uint32_t w[DENOVO_MAX_LINE_WORDS] = {0}, fw = 0u;
    const uint32_t ok = serve_words(m, find_line(m, a), wb_of(m, a), p, &fw, w);
    m->cov[DENOVO_L1_T_M03]++;
    if (ok != p || p == 0u) {
        m->errors++; /* L9 */
    }
    if (ok == 0u) {
        return;
    }
    denovo_msg_t* o = msg_put(&m->out.peer, DENOVO_MSG_PDATA, a, ok);
    o->dst = g->req;
    put_words(m, o, w, ok);
    fc(m, DENOVO_L1_F_FWD_READ_SERVED);
    if (fw != 0u) {
        fc(m, DENOVO_L1_F_FWD_READ_FROM_WB);
    }
    m->st.fwd_reads++;
}

/* the words of mask of line i become I */
static void words_to_i(denovo_l1_t* m, int64_t i, uint32_t mask) {
    for (uint32_t x = 0; i >= 0 && x < m->lw; x++) {
        if ((mask >> x) & 1u) {
            set_wst(m, (uint32_t)i, x, DENOVO_W_I);
        }
    }
}

/* M06 */
static void msg_fwd_reg(denovo_l1_t* m, const denovo_msg_t* g, uint64_t a) {
    const uint32_t p = names_self(m, g, g->pmask);
    const int32_t kk = mshr_line(m, a, (1u << DENOVO_MV_REG) | (1u << DENOVO_MV_DRAIN));
    const uint32_t q = kk >= 0 ? p & m->mshr[kk].want : 0u;
    m->cov[DENOVO_L1_T_M06]++;
    for (uint32_t x = 0; x < m->lw; x++) {
        if ((q >> x) & 1u) {
            m->mshr[kk].fqv |= 1u << x;
            m->mshr[kk].fqd[x] = (uint8_t)g->req;
            m->st.xfers_queued++;
        }
    }
    const int64_t i = find_line(m, a);
    uint32_t w[DENOVO_MAX_LINE_WORDS] = {0}, fw = 0u;
    const uint32_t ok = serve_words(m, i, wb_of(m, a), p & ~q, &fw, w);
    if (ok != (p & ~q) || p == 0u) {
        m->errors++; /* L9 */
    }
    if (q != 0u) {
        fc(m, DENOVO_L1_F_XFER_QUEUED);
    }
    if (ok == 0u) {
        return;
    }
    denovo_msg_t* o = msg_put(&m->out.peer, DENOVO_MSG_XFER, a, ok);
    o->dst = g->req;
    put_words(m, o, w, ok);
    words_to_i(m, i, ok & ~fw);
    fc(m, DENOVO_L1_F_XFER_NOW);
    if (fw != 0u) {
        fc(m, DENOVO_L1_F_XFER_FROM_WB);
    }
    if (q != 0u) {
        fc(m, DENOVO_L1_F_XFER_SPLIT);
    }
    m->st.xfers++;
}

/* M07 */
static void msg_recall(denovo_l1_t* m, const denovo_msg_t* g, uint64_t a) {
    const uint32_t p = names_self(m, g, g->mask);
    const int64_t i = find_line(m, a);
    const int32_t j = wb_of(m, a);
    const int32_t kk = mshr_line(m, a, (1u << DENOVO_MV_REG) | (1u << DENOVO_MV_DRAIN));
    const uint32_t r = i >= 0 ? p & words_in(m, (uint32_t)i, DENOVO_W_R) : 0u;
    const uint32_t inwb = j >= 0 ? p & m->wb[j].mask & ~r : 0u;
    const uint32_t regs = kk >= 0 ? p & m->mshr[kk].want : 0u;
    m->cov[DENOVO_L1_T_M07]++;
    if ((p & ~(r | inwb | regs)) != 0u || p == 0u) {
        m->errors++; /* L9 */
    }
    if (inwb != 0u) {
        fc(m, DENOVO_L1_F_RECALL_IN_WB);
    }
    if (r == 0u) {
        return;
    }
    denovo_msg_t* o = msg_put(&m->out.wb, DENOVO_MSG_WB, a, r);
    o->pmask = 1u;
    put_words(m, o, ldata(m, (uint32_t)i), r);
    words_to_i(m, i, r);
    fc(m, DENOVO_L1_F_RECALL_WB);
    m->st.recall_wbs++;
}

/* a DRAIN MSHR with nothing queued, no held request and its DACK is freed (L16, D17) */
static void drain_free(denovo_l1_t* m, l1_mshr_t* k) {
    if (k->fqv == 0u && k->hold == 0u && k->dack) {
        mshr_release(m, k);
    }
}

/* M09 */
static void msg_dack(denovo_l1_t* m, uint64_t a) {
    const int32_t kk = mshr_line(m, a, 1u << DENOVO_MV_DRAIN);
    if (kk < 0 || m->mshr[kk].dack) {
        m->errors++; /* L9 */
        return;
    }
    m->cov[DENOVO_L1_T_M09]++;
    m->mshr[kk].dack = 1u;
    drain_free(m, &m->mshr[kk]);
}

/* M08 */
static void msg_wback(denovo_l1_t* m, uint64_t a) {
    const int32_t j = wb_of(m, a);
    if (j < 0) {
        m->errors++; /* L9 */
        return;
    }
    m->cov[DENOVO_L1_T_M08]++;
    m->wb[j].v = 0u; /* freeing clears only wbv (R7) */
}

static void l1_message(denovo_l1_t* m, l1_edge_t* e, const denovo_msg_t* in) {
    denovo_msg_t g = *in;
    g.mask &= m->lw_mask;
    g.pmask &= m->lw_mask;
    g.req &= 63u;
    const uint64_t a = in->line & m->la_mask;
    switch (in->kind & 15u) {
    case DENOVO_MSG_DATA:
        if (g.req == m->self || g.mask == 0u) {
            gets_fill(m, &g, a, true);
        } else {
            msg_fwd_read(m, &g, a);
        }
        break;
    case DENOVO_MSG_PDATA:
        gets_fill(m, &g, a, false);
        break;
    case DENOVO_MSG_REGD:
        if (g.req == m->self) {
            reg_fill(m, e, &g, a, true);
        } else {
            msg_fwd_reg(m, &g, a);
        }
        break;
    case DENOVO_MSG_XFER:
        reg_fill(m, e, &g, a, false);
        break;
    case DENOVO_MSG_RECALL:
        msg_recall(m, &g, a);
        break;
    case DENOVO_MSG_WBACK:
        msg_wback(m, a);
        break;
    case DENOVO_MSG_DACK:
        msg_dack(m, a);
        break;
    default:
        m->errors++; /* I3 */
        break;
    }
}

/*--- (a) a queued transfer, L16 ---------------------------------------------------------------*/

static int32_t drain_ready(const denovo_l1_t* m) {
    for (uint32_t k = 0; k < m->d.mshrs; k++) {
        if (m->mshr[k].mv == DENOVO_MV_DRAIN && m->mshr[k].hold == 0u && m->mshr[k].fqv != 0u) {
            return (int32_t)k;
        }
    }
    return -1;
}

static void l1_serve_xfer(denovo_l1_t* m, uint32_t kk) {
    l1_mshr_t* k = &m->mshr[kk];
    const uint32_t i = k->midx;
    uint32_t w0 = 0;
    while (!((k->fqv >> w0) & 1u)) {
        w0++;
    }
    const uint32_t dst = k->fqd[w0];
    uint32_t mask = 0u;
    for (uint32_t x = 0; x < m->lw; x++) {
        mask |= (((k->fqv >> x) & 1u) && k->fqd[x] == dst ? 1u : 0u) << x;
    }
    denovo_msg_t* o = msg_put(&m->out.peer, DENOVO_MSG_XFER, line_addr(m, i), mask);
    o->dst = dst;
    put_words(m, o, ldata(m, i), mask);
    words_to_i(m, (int64_t)i, mask);
    k->fqv &= ~mask; /* fqd kept (reading 7) */
    m->cov[DENOVO_L1_T_X01]++;
    m->st.xfers++;
    if (k->fqv != 0u) {
        fc(m, DENOVO_L1_F_DRAIN_TWO_OWNERS);
    }
    drain_free(m, k);
}

/*--- (c) the store-buffer engine, section 7 ---------------------------------------------------*/

/* the pop (R3: applied at once, the head of (d) sees its MSHR and req message) */
static void eng_apply(denovo_l1_t* m, l1_edge_t* e) {
    static const denovo_l1_trans_t rows[3] = {DENOVO_L1_T_B01, DENOVO_L1_T_B03, DENOVO_L1_T_B05};
    m->cov[rows[e->pop_kind] + (e->pop_reg ? 0u : 1u)]++;
    if (e->pop_reg) {
        send_reg(m, e->pop_idx, e->pop_u, false);
        m->st.sb_flushes++;
    }
    if (e->pop_kind == POP_IDLE) {
        fc(m, DENOVO_L1_F_IDLE_DRAIN);
    } else if (e->pop_kind == POP_BATCH) {
        m->fl--;
    }
    if (e->sbh_q == m->d.sb_entries - 1u) {
        fc(m, DENOVO_L1_F_SB_PTR_WRAP);
    }
    m->sbh = e->sbh_q + 1u == m->d.sb_entries ? 0u : e->sbh_q + 1u;
}

/* Decide a pop of kind k of slot sbh_q: a line with U non-empty sends REG(line, U) if no MSHR
 * names it, an MSHR is free and it is not in the write-back buffer; else the pop waits. */
static void eng_decide(denovo_l1_t* m, l1_edge_t* e, uint32_t kind) {
    const uint64_t p = m->sb[e->sbh_q];
    const int64_t i = find_line(m, p);
    const uint32_t u = i >= 0 ? unreg(m, (uint32_t)i) : 0u;
    if (u != 0u && (mshr_of(m, (uint32_t)i) >= 0 || mshr_free(m) < 0 || wb_of(m, p) >= 0)) {
        fc(m, DENOVO_L1_F_POP_BLOCKED);
        return;
    }
    e->pop = true;
    e->pop_reg = u != 0u;
    e->pop_kind = kind;
    e->pop_idx = u != 0u ? (uint32_t)i : 0u;
    e->pop_u = u;
    e->pop_line = p;
    eng_apply(m, e);
}

static void eng_pre(denovo_l1_t* m, l1_edge_t* e) {
    if (e->batch_q && e->fl_q > 0u) {
        eng_decide(m, e, POP_BATCH);
    } else if (!e->batch_q && e->sbcnt_q > 0u && e->idle_q == m->d.sb_idle) {
        eng_decide(m, e, POP_IDLE);
    }
}

/*--- INV (L6) ---------------------------------------------------------------------------------*/

static void l1_inv(denovo_l1_t* m, const l1_edge_t* e) {
    bool keeps_r = false, keeps_vo = false;
    m->st.inv++;
    m->touched_all = true; /* INV reads and writes every line's word states (as gpu_l1's) */
    for (uint32_t i = 0; i < m->lines; i++) {
        const uint32_t v = words_in(m, i, DENOVO_W_V);
        if (v != 0u) {
            words_to_i(m, (int64_t)i, v);
            m->st.inv_words += (uint64_t)__builtin_popcount(v);
            keeps_r = keeps_r || words_in(m, i, DENOVO_W_R) != 0u;
        }
        keeps_vo = keeps_vo || words_in(m, i, DENOVO_W_VO) != 0u;
        m->st.inv_kept +=
            (uint64_t)__builtin_popcount(words_in(m, i, DENOVO_W_R) | words_in(m, i, DENOVO_W_VO));
    }
    if (keeps_r) {
        fc(m, DENOVO_L1_F_INV_KEEPS_R);
    }
    if (keeps_vo) {
        fc(m, DENOVO_L1_F_INV_KEEPS_VO);
    }
    bool staled = false;
    for (uint32_t k = 0; k < m->d.mshrs; k++) {
        if (m->mshr[k].mv == DENOVO_MV_GETS && !((e->new_gets >> k) & 1u)) {
            m->mshr[k].stale = 1u;
            staled = true;
        }
    }
    if (staled) {
        fc(m, DENOVO_L1_F_INV_STALES);
    }
}

/*--- (d) the head: row (L11 step 1, section 6) ------------------------------------------------*/

static bool is_r(const denovo_l1_t* m, const l1_head_t* h, uint32_t w) {
    return h->m && wst(m, h->idx, w) == DENOVO_W_R;
}

static uint32_t kmv(const denovo_l1_t* m, const l1_head_t* h) {
    return h->k >= 0 ? m->mshr[h->k].mv : DENOVO_MV_FREE;
}

static uint32_t row_load(const denovo_l1_t* m, const l1_head_t* h) {
    const denovo_core_req_t* q = h->q;
    if (q->acq && h->gpu_s) {
        return is_r(m, h, h->w) ? DENOVO_L1_T_C07 : h->k < 0 ? DENOVO_L1_T_C08 : DENOVO_L1_T_C09;
    }
    if (!h->m) {
        return DENOVO_L1_T_C06;
    }
    const uint32_t n = q->all ? m->lw_mask : 1u << h->w;
    if ((n & words_in(m, h->idx, DENOVO_W_I)) == 0u) {
        return DENOVO_L1_T_C01;
    }
    if (kmv(m, h) == DENOVO_MV_GETS) {
        return m->mshr[h->k].stale ? DENOVO_L1_T_C03 : DENOVO_L1_T_C02;
    }
    return h->k >= 0 ? DENOVO_L1_T_C04 : DENOVO_L1_T_C05;
}

/* the words a STORE writes (any byte of its mask) */
static uint32_t store_words(const denovo_l1_t* m, const denovo_core_req_t* q) {
    uint32_t t = 0u;
    for (uint32_t w = 0; w < m->lw; w++) {
        t |= (gpucoh_word_bytes(q->mask, w) != 0u ? 1u : 0u) << w;
    }
    return t;
}

/* U of the head's line before and after writing the words t (R words stay out of U) */
static void head_u(const denovo_l1_t* m, l1_head_t* h, uint32_t t) {
    h->ub = unreg(m, h->idx);
    const uint32_t want =
        kmv(m, h) == DENOVO_MV_REG ? m->mshr[h->k].want : 0u; /* U excludes want words */
    h->ua = h->ub | (t & ~words_in(m, h->idx, DENOVO_W_R) & ~want);
}

static uint32_t row_store(const denovo_l1_t* m, l1_head_t* h) {
    if (h->q->rel && h->gpu_s) {
        return is_r(m, h, h->w) ? DENOVO_L1_T_C13 : h->k < 0 ? DENOVO_L1_T_C14 : DENOVO_L1_T_C15;
    }
    if (!h->m) {
        return DENOVO_L1_T_C12;
    }
    head_u(m, h, store_words(m, h->q));
    return (h->ub == 0u && h->ua != 0u) ? DENOVO_L1_T_C11 : DENOVO_L1_T_C10;
}

static uint32_t row_atomic(const denovo_l1_t* m, l1_head_t* h) {
    const denovo_core_req_t* q = h->q;
    const uint32_t s = h->m ? wst(m, h->idx, h->w) : DENOVO_W_I;
    if (s == DENOVO_W_R || (!h->gpu_s && s != DENOVO_W_I)) {
        h->writes = atomic_new(q->aop, ldata(m, h->idx)[h->w], q->a, q->b, &h->neww);
        if (s == DENOVO_W_R) {
            return DENOVO_L1_T_C16;
        }
        head_u(m, h, h->writes ? 1u << h->w : 0u);
        return DENOVO_L1_T_C19;
    }
    return h->k < 0 ? DENOVO_L1_T_C17 : DENOVO_L1_T_C18;
}

static uint32_t head_row(const denovo_l1_t* m, l1_head_t* h) {
    switch (h->q->op) {
    case DENOVO_OP_LOAD:
        return row_load(m, h);
    case DENOVO_OP_STORE:
        return row_store(m, h);
    case DENOVO_OP_ATOMIC:
        return row_atomic(m, h);
    default: /* FENCE (I1: nothing else is pushed) */
        if (!h->gpu_s) {
            return DENOVO_L1_T_C20;
        }
        return m->batch ? DENOVO_L1_T_C22 : DENOVO_L1_T_C21;
    }
}

/*--- the head: stalls (L11 steps 2-6) ---------------------------------------------------------*/

static bool row_sends(uint32_t row) {
    return row == DENOVO_L1_T_C05 || row == DENOVO_L1_T_C06 || row == DENOVO_L1_T_C08 ||
           row == DENOVO_L1_T_C14 || row == DENOVO_L1_T_C17;
}

static bool row_pushes(const l1_head_t* h) {
    return h->row == DENOVO_L1_T_C11 || h->row == DENOVO_L1_T_C12 ||
           (h->row == DENOVO_L1_T_C19 && h->ub == 0u && h->ua != 0u);
}

/* the lowest free write-back entry, -1 */
static int32_t wb_free(const denovo_l1_t* m) {
    for (uint32_t j = 0; j < m->d.wb_entries; j++) {
        if (!m->wb[j].v) {
            return (int32_t)j;
        }
    }
    return -1;
}

/* the first way circularly from rr[s] among the candidates c (bit per way); ways if none */
static uint32_t rr_pick(const denovo_l1_t* m, uint32_t s, uint32_t c) {
    const uint32_t ways = m->d.l1_ways;
    for (uint32_t k = 0; k < ways; k++) {
        const uint32_t w = (m->rr[s] + k) % ways;
        if ((c >> w) & 1u) {
            return w;
        }
    }
    return ways;
}

/* L7 rules 1-4: the rule (5: stall) and its way */
static uint32_t l1_victim(const denovo_l1_t* m, uint32_t s, uint32_t* way) {
    const uint32_t ways = m->d.l1_ways, base = s * ways;
    uint32_t c2 = 0u, c3 = 0u, c4 = 0u;
    for (uint32_t w = 0; w < ways; w++) {
        const uint32_t i = base + w;
        if (mshr_of(m, i) >= 0) {
            continue;
        }
        if (!allocated(m, i)) {
            *way = w;
            return 1u;
        }
        const bool r = words_in(m, i, DENOVO_W_R) != 0u, d = any_dirty(m, i);
        c2 |= (!r && !d ? 1u : 0u) << w;
        c3 |= (r && !d ? 1u : 0u) << w;
        c4 |= (d && wb_of(m, line_addr(m, i)) < 0 ? 1u : 0u) << w; /* R4 */
    }
    const uint32_t c[3] = {c2, wb_free(m) >= 0 ? c3 : 0u, mshr_free(m) >= 0 ? c4 : 0u};
    for (uint32_t r = 0; r < 3u; r++) {
        *way = rr_pick(m, s, c[r]);
        if (*way < ways) {
            return r + 2u;
        }
    }
    return 5u;
}

/* steps 2-5: the stall row, or DENOVO_L1_T_N (the row acts; V01 / V02 may replace it) */
static uint32_t stall_early(const denovo_l1_t* m, const l1_edge_t* e, l1_head_t* h) {
    switch (h->row) {
    case DENOVO_L1_T_C03:
        return DENOVO_L1_T_S01;
    case DENOVO_L1_T_C04:
    case DENOVO_L1_T_C09:
    case DENOVO_L1_T_C15:
    case DENOVO_L1_T_C18:
        return DENOVO_L1_T_S06;
    default:
        break;
    }
    if (row_pushes(h) && e->sbcnt_q == m->d.sb_entries) {
        return DENOVO_L1_T_S03;
    }
    if (row_sends(h->row) && wb_of(m, h->q->line) >= 0) {
        return DENOVO_L1_T_S08; /* L14, L11 step 4 */
    }
    if (row_sends(h->row) && mshr_free(m) < 0) {
        return DENOVO_L1_T_S07;
    }
    if (!h->m && h->q->op != DENOVO_OP_FENCE) { /* L7 */
        h->rule = l1_victim(m, h->set, &h->vway);
        if (h->rule == 5u) {
            return DENOVO_L1_T_S02;
        }
        h->row = h->rule == 3u ? DENOVO_L1_T_V01 : h->rule == 4u ? DENOVO_L1_T_V02 : h->row;
    }
    return DENOVO_L1_T_N;
}

static uint32_t head_stall(const denovo_l1_t* m, const l1_edge_t* e, l1_head_t* h) {
    const uint32_t s = stall_early(m, e, h);
    if (s != DENOVO_L1_T_N) {
        return s;
    }
    const bool req = row_sends(h->row) || h->row == DENOVO_L1_T_V02;
    if (e->pop && e->pop_reg &&
        (req || (h->q->op != DENOVO_OP_FENCE && h->q->line == e->pop_line))) {
        return DENOVO_L1_T_S04; /* L8 */
    }
    return DENOVO_L1_T_N;
}

/*--- the head: actions (L11 step 7) -----------------------------------------------------------*/

/* L7 rules 1 and 2: the way gets the head's tag, every word I, dirty 0, data unchanged */
static void l1_allocate(denovo_l1_t* m, l1_head_t* h) {
    const uint32_t ways = m->d.l1_ways, way = h->vway, i = h->set * ways + way;
    fc(m, (denovo_l1_fcov_t)((h->rule == 1u ? DENOVO_L1_F_VIC_FREE_W0 : DENOVO_L1_F_VIC_CLEAN_W0) +
                             way));
    if (h->rule == 2u && way < m->rr[h->set]) {
        fc(m, DENOVO_L1_F_RR_SCAN_WRAP);
    }
    if (way == ways - 1u) {
        fc(m, DENOVO_L1_F_RR_PTR_WRAP);
    }
    if ((h->tag >> (m->tag_bits - 1u)) & 1u) {
        fc(m, DENOVO_L1_F_ALLOC_TAG_MSB);
    }
    touch(m, i); /* tag, states, dirty bytes and the set's rr */
    m->line[i].tag = h->tag;
    m->line[i].st = 0u;
    rmap_note(m, i);
    memset(ldirty(m, i), 0, (size_t)m->mw * sizeof(uint32_t));
    m->rr[h->set] = (way + 1u) % ways;
    h->idx = i;
    h->m = true;
}

/* V01: the victim's R words written back into the write-back buffer; the way becomes free */
static void act_v01(denovo_l1_t* m, const l1_head_t* h) {
    const uint32_t i = h->set * m->d.l1_ways + h->vway;
    const uint32_t r = words_in(m, i, DENOVO_W_R);
    const uint64_t a = line_addr(m, i);
    denovo_msg_t* o = msg_put(&m->out.wb, DENOVO_MSG_WB, a, r);
    put_words(m, o, ldata(m, i), r);
    l1_wb_t* b = &m->wb[wb_free(m)];
    b->v = 1u;
    b->line = a;
    b->mask = r;
    memcpy(b->data, o->data, sizeof b->data);
    touch(m, i);
    m->line[i].st = 0u;
    rmap_note(m, i);
    fc(m, (denovo_l1_fcov_t)(DENOVO_L1_F_VIC_OWNED_W0 + h->vway));
    if (wb_free(m) < 0) {
        fc(m, DENOVO_L1_F_WB_FULL);
    }
    if (h->vway < m->rr[h->set]) {
        fc(m, DENOVO_L1_F_RR_SCAN_WRAP);
    }
    m->st.wbs++;
}

/* V02: the dirty victim registered first (evicted by V01 once its registration completes) */
static void act_v02(denovo_l1_t* m, const l1_head_t* h) {
    const uint32_t i = h->set * m->d.l1_ways + h->vway;
    send_reg(m, i, dirty_words(m, i) & ~words_in(m, i, DENOVO_W_R), false);
    fc(m, DENOVO_L1_F_VIC_DIRTY_REG);
    if (h->vway < m->rr[h->set]) {
        fc(m, DENOVO_L1_F_RR_SCAN_WRAP);
    }
}

static void send_gets(denovo_l1_t* m, l1_edge_t* e, const l1_head_t* h) {
    msg_put(&m->out.req, DENOVO_MSG_GETS, h->q->line, 0u);
    l1_mshr_t* k = mshr_alloc(m, DENOVO_MV_GETS, h->idx, m->lw_mask);
    k->wait = h->bit;
    k->ro = (m->d.ro != 0u && h->q->ro) ? 1u : 0u;
    e->new_gets |= 1u << (uint32_t)(k - m->mshr);
    m->st.gets++;
    m->st.misses++;
}

static void sb_push(denovo_l1_t* m, l1_edge_t* e, uint64_t line) {
    uint32_t slot = e->sbh_q + e->sbcnt_q;
    if (slot >= m->d.sb_entries) {
        slot -= m->d.sb_entries;
    }
    m->sb[slot] = line;
    e->push = true;
}

static void sync_coalesce(denovo_l1_t* m, const l1_head_t* h) {
    if (kmv(m, h) == DENOVO_MV_DRAIN && m->mshr[h->k].hold > 0u && m->mshr[h->k].fqv != 0u) {
        fc(m, DENOVO_L1_F_SYNC_COALESCE);
    }
}

/* C01-C09 */
static void act_load(denovo_l1_t* m, l1_edge_t* e, l1_head_t* h) {
    switch (h->row) {
    case DENOVO_L1_T_C01:
    case DENOVO_L1_T_C07:
        crsp_put(m, DENOVO_CRSP_LOAD, h->bit, h->q->line, ldata(m, h->idx));
        m->st.hits++;
        if (h->row == DENOVO_L1_T_C07) {
            sync_coalesce(m, h);
            e->inv = true;
        }
        return;
    case DENOVO_L1_T_C02:
        m->mshr[h->k].wait |= h->bit;
        return;
    case DENOVO_L1_T_C05:
    case DENOVO_L1_T_C06:
        if (!h->m) {
            l1_allocate(m, h);
        }
        send_gets(m, e, h);
        return;
    default: /* C08 */
        if (!h->m) {
            l1_allocate(m, h);
        }
        send_reg(m, h->idx, 1u << h->w, true);
        m->st.misses++;
        return;
    }
}

/* C10-C12: the store's bytes into data; dirty for the words that are not R; VO -> V */
static void write_store(denovo_l1_t* m, const l1_head_t* h) {
    const denovo_core_req_t* q = h->q;
    uint32_t* d = ldata(m, h->idx);
    uint32_t* dm = ldirty(m, h->idx);
    uint32_t t = 0u, nr = 0u;
    touch(m, h->idx);
    for (uint32_t x = 0; x < m->lw; x++) {
        const uint32_t bm = gpucoh_word_bytes(q->mask, x);
        if (bm == 0u) {
            continue;
        }
        t |= 1u << x;
        d[x] = (d[x] & ~bm) | (q->data[x] & bm);
        const uint32_t s = wst(m, h->idx, x);
        if (s == DENOVO_W_R) {
            continue;
        }
        nr |= 1u << x;
        dm[x >> 3] |= q->mask[x >> 3] & (0xfu << ((x & 7u) * 4u));
        if (s == DENOVO_W_VO) {
            set_wst(m, h->idx, x, DENOVO_W_V);
            fc(m, DENOVO_L1_F_STORE_TO_VO);
        }
    }
    if (t != 0u && nr == 0u) {
        fc(m, DENOVO_L1_F_STORE_R_HIT);
    }
    if (kmv(m, h) == DENOVO_MV_REG && (t & m->mshr[h->k].want) != 0u) {
        fc(m, DENOVO_L1_F_STORE_DURING_REG);
    }
}

/* C10-C15 */
static void act_store(denovo_l1_t* m, l1_edge_t* e, l1_head_t* h) {
    if (h->row == DENOVO_L1_T_C14) {
        if (!h->m) {
            l1_allocate(m, h);
        }
        send_reg(m, h->idx, 1u << h->w, true);
        m->st.misses++;
        return;
    }
    e->store = true;
    if (h->row == DENOVO_L1_T_C13) {
        const uint32_t bm = gpucoh_word_bytes(h->q->mask, h->w);
        uint32_t* d = ldata(m, h->idx);
        touch(m, h->idx);
        d[h->w] = (d[h->w] & ~bm) | (h->q->data[h->w] & bm);
        sync_coalesce(m, h);
        m->st.hits++;
        return;
    }
    if (h->row == DENOVO_L1_T_C12) {
        l1_allocate(m, h);
    }
    write_store(m, h);
    if (h->row != DENOVO_L1_T_C10) {
        sb_push(m, e, h->q->line);
    }
}

static void atomic_fcov(denovo_l1_t* m, const l1_head_t* h) {
    const uint32_t old = ldata(m, h->idx)[h->w];
    if (h->q->aop == DENOVO_AOP_CAS && !h->writes) {
        fc(m, DENOVO_L1_F_CAS_FAIL_L1);
    }
    if (h->q->aop == DENOVO_AOP_ADD && h->neww < old) {
        fc(m, DENOVO_L1_F_ADD_WRAP_L1);
    }
}

/* C16-C19 */
static void act_atomic(denovo_l1_t* m, l1_edge_t* e, l1_head_t* h) {
    if (h->row == DENOVO_L1_T_C17) {
        if (!h->m) {
            l1_allocate(m, h);
        }
        send_reg(m, h->idx, 1u << h->w, true);
        m->st.misses++;
        return;
    }
    uint32_t* d = ldata(m, h->idx);
    crsp_put(m, DENOVO_CRSP_ATOMIC, h->bit, h->q->line, d);
    atomic_fcov(m, h);
    m->st.l1_atomics++;
    m->st.hits++;
    if (h->row == DENOVO_L1_T_C16) {
        sync_coalesce(m, h);
        if (h->writes) {
            touch(m, h->idx);
            d[h->w] = h->neww;
        }
        e->inv = e->inv || (h->q->acq && h->gpu_s);
        return;
    }
    fc(m, DENOVO_L1_F_CTA_ATOMIC_V); /* C19 */
    if (h->writes) {
        touch(m, h->idx);
        d[h->w] = h->neww;
        ldirty(m, h->idx)[h->w >> 3] |= 0xfu << ((h->w & 7u) * 4u);
        set_wst(m, h->idx, h->w, DENOVO_W_V);
        e->store = true;
        if (h->ub == 0u && h->ua != 0u) {
            sb_push(m, e, h->q->line);
        }
    }
}

/* C20-C22 */
static void act_fence(denovo_l1_t* m, l1_edge_t* e, const l1_head_t* h) {
    if (h->row == DENOVO_L1_T_C20) {
        m->fdone |= h->bit;
        return;
    }
    m->fdone &= ~h->bit;
    if (h->row == DENOVO_L1_T_C21) {
        m->batch = 1u;
        m->fcur = h->bit;
        e->start_batch = true; /* fl := sbcnt_d at the end of the edge */
        return;
    }
    m->fwait |= h->bit;
    if ((m->fwait | m->fcur) == m->wf_all) {
        fc(m, DENOVO_L1_F_FENCE_ALL_WAIT);
    }
}

static void head_act(denovo_l1_t* m, l1_edge_t* e, l1_head_t* h) {
    m->cov[h->row]++;
    e->fpop = h->row != DENOVO_L1_T_C08 && h->row != DENOVO_L1_T_C14 && h->row != DENOVO_L1_T_C17 &&
              h->row != DENOVO_L1_T_V01 && h->row != DENOVO_L1_T_V02;
    if (h->row == DENOVO_L1_T_V01) {
        act_v01(m, h);
    } else if (h->row == DENOVO_L1_T_V02) {
        act_v02(m, h);
    } else if (h->row <= DENOVO_L1_T_C09) {
        act_load(m, e, h);
    } else if (h->row <= DENOVO_L1_T_C15) {
        act_store(m, e, h);
    } else if (h->row <= DENOVO_L1_T_C19) {
        act_atomic(m, e, h);
    } else {
        act_fence(m, e, h);
    }
}

static void l1_head(denovo_l1_t* m, l1_edge_t* e) {
    l1_head_t h;
    memset(&h, 0, sizeof h);
    h.q = &m->fifo[m->fhead];
    h.gpu_s = m->d.hrf == 0u || h.q->gpu;
    h.bit = (uint64_t)1 << h.q->wf;
    h.w = h.q->word % m->lw;
    h.k = -1;
    if (h.q->op != DENOVO_OP_FENCE) {
        h.set = set_of(m, h.q->line);
        h.tag = h.q->line >> m->set_bits;
        const int64_t f = find_line(m, h.q->line);
        h.m = f >= 0;
        h.idx = h.m ? (uint32_t)f : h.set * m->d.l1_ways;
        h.k = h.m ? mshr_of(m, h.idx) : -1;
    }
    h.row = head_row(m, &h);
    const uint32_t s = head_stall(m, e, &h);
    if (s == DENOVO_L1_T_N) {
        head_act(m, e, &h);
        return;
    }
    m->cov[s]++;
    m->st.stall[s - DENOVO_L1_T_S01]++;
    if (s == DENOVO_L1_T_S08) {
        fc(m, DENOVO_L1_F_REQ_BEHIND_WB);
    }
    /* B05 / B06: the full pop, decided after the head stalled on the full buffer */
    if (s == DENOVO_L1_T_S03 && !e->pop && !e->batch_q && e->sbcnt_q == m->d.sb_entries &&
        e->idle_q < m->d.sb_idle) {
        eng_decide(m, e, POP_FULL);
    }
}

/*--- (g) push ---------------------------------------------------------------------------------*/

static void l1_push(denovo_l1_t* m, const denovo_core_req_t* c) {
    const uint32_t op = c->op & 7u, wf = c->wf & 63u;
    if (op == DENOVO_OP_NONE || op > DENOVO_OP_FENCE || wf >= m->d.num_wf) {
        m->errors++; /* I1 */
        return;
    }
    if (op == DENOVO_OP_FENCE) {
        m->fdone &= ~((uint64_t)1 << wf); /* L12 */
    }
    uint32_t slot = m->fhead + m->fcnt;
    if (slot >= m->d.l1_queue) {
        slot -= m->d.l1_queue;
    }
    denovo_core_req_t* q = &m->fifo[slot];
    *q = *c;
    q->op = op;
    q->wf = wf;
    q->line = c->line & m->la_mask;
    q->aop = c->aop & 3u;
    q->word = c->word & 31u;
    const uint32_t lb = m->d.line_bytes;
    for (uint32_t i = 0; i < DENOVO_MASK_WORDS; i++) { /* bits >= LineBytes are 0 */
        q->mask[i] = 32u * i + 32u <= lb ? c->mask[i]
                     : 32u * i >= lb     ? 0u
                                         : c->mask[i] & ((1u << (lb - 32u * i)) - 1u);
    }
    m->fcnt++;
    if (m->fcnt == m->d.l1_queue) {
        fc(m, DENOVO_L1_F_FIFO_FULL);
    }
}

/*--- one edge ---------------------------------------------------------------------------------*/

/* L16: hold of the DRAIN MSHRs (reading 8); one with nothing queued, hold 0 and dack is freed */
static void l1_hold(denovo_l1_t* m, const l1_edge_t* e) {
    for (uint32_t k = 0; k < m->d.mshrs; k++) {
        l1_mshr_t* x = &m->mshr[k];
        if (x->mv != DENOVO_MV_DRAIN) {
            continue;
        }
        if (e->fcnt_q == 0u) {
            x->hold = 0u;
        } else if (e->tried && x->hold > 0u) {
            x->hold--;
        }
        drain_free(m, x);
    }
}

/* store buffer, idle, fl of C21 */
static void l1_counters(denovo_l1_t* m, l1_edge_t* e) {
    m->sbcnt = e->sbcnt_q + (e->push ? 1u : 0u) - (e->pop ? 1u : 0u);
    if (e->push && m->sbcnt == m->d.sb_entries) {
        fc(m, DENOVO_L1_F_SB_FULL);
    }
    m->idle = e->store ? 0u : (e->idle_q < m->d.sb_idle ? e->idle_q + 1u : m->d.sb_idle);
    if (e->start_batch) {
        m->fl = m->sbcnt;
    }
}

/* (e) the batch check (section 7) */
static void l1_batch_check(denovo_l1_t* m, l1_edge_t* e) {
    if (!(e->batch_q && e->fl_q == 0u && !e->reg_q)) {
        return;
    }
    m->fdone |= e->fcur_q;
    e->inv = true;
    m->st.batches++;
    if (m->fwait != 0u) {
        m->cov[DENOVO_L1_T_B08]++;
        fc(m, DENOVO_L1_F_BATCH_CHAIN);
        m->fcur = m->fwait;
        m->fwait = 0u;
        m->fl = m->sbcnt;
    } else {
        m->cov[DENOVO_L1_T_B07]++;
        m->batch = 0u;
        m->fcur = 0u;
    }
}

static void l1_edge_open(denovo_l1_t* m, l1_edge_t* e) {
    memset(e, 0, sizeof *e);
    e->fcnt_q = m->fcnt;
    e->batch_q = m->batch;
    e->fl_q = m->fl;
    e->sbcnt_q = m->sbcnt;
    e->sbh_q = m->sbh;
    e->idle_q = m->idle;
    e->fcur_q = m->fcur;
    for (uint32_t k = 0; k < m->d.mshrs; k++) {
        e->reg_q = e->reg_q || m->mshr[k].mv == DENOVO_MV_REG;
    }
    memset(&m->out.crsp, 0, sizeof m->out.crsp);
    memset(&m->out.req, 0, sizeof m->out.req);
    memset(&m->out.wb, 0, sizeof m->out.wb);
    memset(&m->out.peer, 0, sizeof m->out.peer);
}

static void l1_outputs(denovo_l1_t* m) {
    bool busy = false, wbv = false;
    for (uint32_t k = 0; k < m->d.mshrs; k++) {
        busy = busy || m->mshr[k].mv == DENOVO_MV_REG || m->mshr[k].mv == DENOVO_MV_DRAIN;
    }
    for (uint32_t j = 0; j < m->d.wb_entries; j++) {
        wbv = wbv || m->wb[j].v;
    }
    m->rdy = drain_ready(m) < 0 ? 1u : 0u;
    m->out.core_ready = m->fcnt < m->d.l1_queue;
    m->out.rsp_ready = m->out.peer_ready = m->rdy != 0u;
    m->out.drained = m->sbcnt == 0u && !busy && !wbv;
    m->out.fence_done = m->fdone;
}

static void l1_reset_edge(denovo_l1_t* m, denovo_l1_out_t* out) {
    l1_reset_state(m);
    m->touched_all = true;
    memset(&m->out, 0, sizeof m->out);
    l1_outputs(m);
    if (out != NULL) {
        *out = m->out;
    }
}

void denovo_l1_tick(denovo_l1_t* m, const denovo_l1_in_t* in, denovo_l1_out_t* out) {
    m->touched_n = 0u;
    m->touched_all = false;
    if (!in->rst_n) {
        l1_reset_edge(m, out);
        return;
    }
    m->self = in->sm_id & 63u;
    const bool ready_q = m->out.core_ready, rdy_q = m->rdy != 0u;
    l1_edge_t e;
    l1_edge_open(m, &e);
    const int32_t dk = drain_ready(m);
    bool msg = false;
    if (!rdy_q && dk >= 0) {
        l1_serve_xfer(m, (uint32_t)dk); /* (a) */
    } else if (in->msg.valid && rdy_q) {
        l1_message(m, &e, &in->msg); /* (b) */
        msg = true;
    }
    eng_pre(m, &e); /* (c) */
    if (!msg && m->fcnt > 0u) {
        l1_head(m, &e); /* (d) */
        e.tried = true;
    }
    l1_hold(m, &e);
    l1_counters(m, &e);
    l1_batch_check(m, &e); /* (e) */
    if (e.inv) {
        l1_inv(m, &e); /* (f) */
    }
    if (e.fpop) {
        m->fhead = m->fhead + 1u == m->d.l1_queue ? 0u : m->fhead + 1u;
        m->fcnt--;
    }
    if (in->core.valid && ready_q) {
        l1_push(m, &in->core); /* (g) */
    }
    l1_outputs(m); /* (h) */
    if (out != NULL) {
        *out = m->out;
    }
}

/*--- accessors --------------------------------------------------------------------------------*/

const denovo_l1_desc_t* denovo_l1_desc(const denovo_l1_t* m) {
    return &m->d;
}

const denovo_l1_out_t* denovo_l1_out(const denovo_l1_t* m) {
    return &m->out;
}

void denovo_l1_line_get(const denovo_l1_t* m, uint32_t i, denovo_l1_line_t* l) {
    memset(l, 0, sizeof *l);
    if (i >= m->lines) {
        return;
    }
    l->tag = m->line[i].tag;
    l->st = m->line[i].st;
    memcpy(l->dirty, ldirty(m, i), (size_t)m->mw * sizeof(uint32_t));
    memcpy(l->data, ldata(m, i), (size_t)m->lw * sizeof(uint32_t));
}

uint32_t denovo_l1_r_lines(const denovo_l1_t* m, uint32_t from, uint32_t* idx, uint32_t max) {
#ifdef SIG_BLOOM_CHECK_RULES
    for (uint32_t i = 0; i < m->lines; i++) { /* rmap follows every write of the word states */
        assert(((m->rmap[i >> 6] >> (i & 63u)) & 1u) == has_r(m->line[i].st));
    }
#endif
    return gpucoh_bitmap_list(m->rmap, m->lines, from, idx, max);
}

uint64_t denovo_l1_line_st(const denovo_l1_t* m, uint32_t i, uint64_t* tag) {
    if (i >= m->lines) {
        *tag = 0u;
        return 0u;
    }
    *tag = m->line[i].tag;
    return m->line[i].st;
}

void denovo_l1_mshr_get(const denovo_l1_t* m, uint32_t k, denovo_l1_mshr_t* e) {
    memset(e, 0, sizeof *e);
    if (k >= m->d.mshrs) {
        return;
    }
    const l1_mshr_t* x = &m->mshr[k];
    e->mv = x->mv;
    e->midx = x->midx;
    e->want = x->want;
    e->got = x->got;
    e->wait = x->wait;
    e->stale = x->stale;
    e->ro = x->ro;
    e->sync = x->sync;
    e->hdr = x->hdr;
    e->dack = x->dack;
    e->fqv = x->fqv;
    e->hold = x->hold;
    for (uint32_t w = 0; w < m->lw; w++) {
        e->fqd[w] = x->fqd[w];
    }
}

static void state_lines(const denovo_l1_t* m, denovo_l1_state_t* s) {
    const uint32_t ways = m->d.l1_ways;
    if (s->sel_all) {
        for (uint32_t i = 0; i < m->lines; i++) {
            denovo_l1_line_get(m, i, &s->line[i]);
        }
        memcpy(s->rr, m->rr, (size_t)m->d.l1_sets * sizeof(uint32_t));
        return;
    }
    for (uint32_t k = 0; k < s->sel_n && k < DENOVO_SEL_MAX; k++) {
        const uint32_t i = s->sel[k];
        if (i < m->lines) {
            denovo_l1_line_get(m, i, &s->line[i]);
            s->rr[i / ways] = m->rr[i / ways];
        }
    }
}

void denovo_l1_state_get(const denovo_l1_t* m, denovo_l1_state_t* s) {
    state_lines(m, s);
    s->fcnt = m->fcnt;
    s->sbh = m->sbh;
    s->sbcnt = m->sbcnt;
    s->batch = m->batch;
    s->fl = m->fl;
    s->fcur = m->fcur;
    s->fwait = m->fwait;
    s->fdone = m->fdone;
    s->idle = m->idle;
    s->rdy = m->rdy;
    /* the live entries in FIFO order, one wrap and no division each; zeros after them */
    const uint32_t n = m->sbcnt < m->d.sb_entries ? m->sbcnt : m->d.sb_entries;
    uint32_t h = m->sbh % m->d.sb_entries;
    for (uint32_t k = 0; k < n; k++) {
        s->sb[k] = m->sb[h];
        h = h + 1u == m->d.sb_entries ? 0u : h + 1u;
    }
    memset(&s->sb[n], 0, (DENOVO_L1_MAX_SB - n) * sizeof s->sb[0]);
    for (uint32_t k = 0; k < DENOVO_L1_MAX_MSHRS; k++) {
        denovo_l1_mshr_get(m, k, &s->mshr[k]);
    }
    for (uint32_t j = 0; j < DENOVO_L1_MAX_WB; j++) {
        memset(&s->wb[j], 0, sizeof s->wb[j]);
        if (j < m->d.wb_entries) {
            s->wb[j].v = m->wb[j].v;
            s->wb[j].line = m->wb[j].line;
            s->wb[j].mask = m->wb[j].mask;
            memcpy(s->wb[j].data, m->wb[j].data, sizeof s->wb[j].data);
        }
    }
}

uint32_t denovo_l1_touched(const denovo_l1_t* m, uint32_t* sel, uint32_t max, bool* all) {
    *all = m->touched_all || m->touched_n > max;
    if (*all) {
        return 0u;
    }
    for (uint32_t k = 0; k < m->touched_n; k++) {
        sel[k] = m->touched[k];
    }
    return m->touched_n;
}

int64_t denovo_l1_find(const denovo_l1_t* m, uint64_t a) {
    return find_line(m, a & m->la_mask);
}

uint32_t denovo_l1_word_st(const denovo_l1_t* m, uint64_t a, uint32_t w) {
    const int64_t i = denovo_l1_find(m, a);
    return i < 0 ? DENOVO_W_I : wst(m, (uint32_t)i, w % m->lw);
}

const uint64_t* denovo_l1_cov(const denovo_l1_t* m) {
    return m->cov;
}

const uint64_t* denovo_l1_fcov(const denovo_l1_t* m) {
    return m->fcov;
}

uint64_t denovo_l1_errors(const denovo_l1_t* m) {
    return m->errors;
}

void denovo_l1_stats(const denovo_l1_t* m, denovo_l1_stats_t* s) {
    *s = m->st;
}

/*--- coverage names and reachability ----------------------------------------------------------*/

static const char* const l1_ids[DENOVO_L1_T_N] = {
    "C01", "C02", "C03", "C04", "C05", "C06", "C07", "C08", "C09", "C10", "C11", "C12", "C13",
    "C14", "C15", "C16", "C17", "C18", "C19", "C20", "C21", "C22", "M01", "M02", "M03", "M04",
    "M05", "M06", "M07", "M08", "M09", "M10", "M11", "B01", "B02", "B03", "B04", "B05", "B06",
    "B07", "B08", "V01", "V02", "X01", "S01", "S02", "S03", "S04", "S06", "S07", "S08",
};

static const char* const l1_names[DENOVO_L1_T_N] = {
    "LOAD hit",
    "LOAD merge into a pending GETS",
    "LOAD on a stale pending GETS (stall)",
    "LOAD on a line whose registration is pending (stall)",
    "LOAD on invalid words: GETS",
    "LOAD miss: allocate, GETS",
    "acquire LOAD on an R word: hit, INV",
    "acquire LOAD: sync REG",
    "acquire LOAD, the line's MSHR busy (stall)",
    "STORE, U unchanged or not empty",
    "STORE makes U non-empty: SB push",
    "STORE miss: allocate, SB push",
    "release STORE to an R word",
    "release STORE: sync REG",
    "release STORE, the line's MSHR busy (stall)",
    "ATOMIC on an R word",
    "ATOMIC: sync REG",
    "ATOMIC, the line's MSHR busy (stall)",
    "CTA ATOMIC on a valid word",
    "CTA FENCE",
    "GPU FENCE: a batch starts",
    "GPU FENCE: waits for the next batch",
    "DATA for this SM's GETS",
    "PDATA for this SM's GETS",
    "DATA naming this SM as owner: PDATA",
    "REGD for this SM's REG",
    "XFER for this SM's REG",
    "REGD naming this SM as previous owner",
    "RECALL",
    "WBACK",
    "DACK for this SM's DONE",
    "GETS complete",
    "REG complete: DONE",
    "batch pop: REG",
    "batch pop: nothing to register",
    "idle pop: REG",
    "idle pop: nothing to register",
    "full pop: REG",
    "full pop: nothing to register",
    "batch completes",
    "batch completes, the next starts",
    "R victim written back",
    "dirty victim registered",
    "queued transfer served",
    "stall: stale GETS",
    "stall: no victim",
    "stall: store buffer full",
    "stall: port taken by the engine",
    "stall: the line's registration or transfers pending",
    "stall: no free MSHR",
    "stall: the line's write-back unacknowledged",
};

const char* denovo_l1_trans_id(denovo_l1_trans_t r) {
    return (unsigned)r < (unsigned)DENOVO_L1_T_N ? l1_ids[r] : "?";
}

const char* denovo_l1_trans_name(denovo_l1_trans_t r) {
    return (unsigned)r < (unsigned)DENOVO_L1_T_N ? l1_names[r] : "?";
}

/* Section 9: C19 and C20 need Hrf = 1; the stall rows C03, C04, C09, C15, C18 are counted as
 * their stall (S01, S06). */
bool denovo_l1_trans_reachable(const denovo_l1_desc_t* d, denovo_l1_trans_t r) {
    if (d == NULL || (unsigned)r >= (unsigned)DENOVO_L1_T_N) {
        return false;
    }
    switch (r) {
    case DENOVO_L1_T_C03:
    case DENOVO_L1_T_C04:
    case DENOVO_L1_T_C09:
    case DENOVO_L1_T_C15:
    case DENOVO_L1_T_C18:
        return false; /* stall rows count as their S row */
    case DENOVO_L1_T_C19:
    case DENOVO_L1_T_C20:
        return d->hrf != 0u;
    default:
        return true;
    }
}

static const char* const l1_fnames[DENOVO_L1_F_N - DENOVO_L1_F_VIC_DIRTY_REG] = {
    "VIC_DIRTY_REG",    "RR_SCAN_WRAP",     "RR_PTR_WRAP",    "FIFO_FULL",    "SB_FULL",
    "SB_PTR_WRAP",      "MSHR_FULL",        "MSHR_TOP",       "WB_FULL",      "FWD_READ_SERVED",
    "FWD_READ_FROM_WB", "XFER_NOW",         "XFER_QUEUED",    "XFER_FROM_WB", "XFER_SPLIT",
    "DRAIN_HOLD",       "DRAIN_TWO_OWNERS", "RECALL_WB",      "RECALL_IN_WB", "GETS_OWN_WORDS",
    "GETS_PEER_FIRST",  "GETS_TWO_PEERS",   "REG_XFER_FIRST", "REG_MIXED",    "MERGE_UNDER_DIRTY",
    "INV_STALES",       "INV_KEEPS_R",      "INV_KEEPS_VO",   "STORE_TO_VO",  "STORE_R_HIT",
    "STORE_DURING_REG", "SYNC_REG",         "SYNC_COALESCE",  "CTA_ATOMIC_V", "POP_BLOCKED",
    "BATCH_CHAIN",      "FENCE_ALL_WAIT",   "REQ_BEHIND_WB",  "IDLE_DRAIN",   "CAS_FAIL_L1",
    "ADD_WRAP_L1",      "ALLOC_TAG_MSB",
};

static const char* const l1_way_names[3][8] = {
    {"VIC_FREE_W0", "VIC_FREE_W1", "VIC_FREE_W2", "VIC_FREE_W3", "VIC_FREE_W4", "VIC_FREE_W5",
     "VIC_FREE_W6", "VIC_FREE_W7"},
    {"VIC_CLEAN_W0", "VIC_CLEAN_W1", "VIC_CLEAN_W2", "VIC_CLEAN_W3", "VIC_CLEAN_W4", "VIC_CLEAN_W5",
     "VIC_CLEAN_W6", "VIC_CLEAN_W7"},
    {"VIC_OWNED_W0", "VIC_OWNED_W1", "VIC_OWNED_W2", "VIC_OWNED_W3", "VIC_OWNED_W4", "VIC_OWNED_W5",
     "VIC_OWNED_W6", "VIC_OWNED_W7"},
};

const char* denovo_l1_fcov_name(denovo_l1_fcov_t f) {
    if ((unsigned)f >= (unsigned)DENOVO_L1_F_N) {
        return "?";
    }
    if (f < DENOVO_L1_F_VIC_DIRTY_REG) {
        return l1_way_names[f / 8u][f % 8u];
    }
    return l1_fnames[f - DENOVO_L1_F_VIC_DIRTY_REG];
}

/* Section 10: per-way points >= L1Ways; F26 with one way; F52-F53 with Ro = 0; F58 with
 * Hrf = 0; F41, F46 with NumSm < 3; F61 with one wavefront. */
bool denovo_l1_fcov_reachable(const denovo_l1_desc_t* d, denovo_l1_fcov_t f) {
    if (d == NULL || (unsigned)f >= (unsigned)DENOVO_L1_F_N) {
        return false;
    }
    if (f < DENOVO_L1_F_VIC_DIRTY_REG) {
        return (uint32_t)f % 8u < d->l1_ways;
    }
    switch (f) {
    case DENOVO_L1_F_RR_SCAN_WRAP:
        return d->l1_ways >= 2u;
    case DENOVO_L1_F_INV_KEEPS_VO:
    case DENOVO_L1_F_STORE_TO_VO:
        return d->ro != 0u;
    case DENOVO_L1_F_CTA_ATOMIC_V:
        return d->hrf != 0u;
    case DENOVO_L1_F_DRAIN_TWO_OWNERS:
    case DENOVO_L1_F_GETS_TWO_PEERS:
        return d->num_sm >= 3u;
    case DENOVO_L1_F_FENCE_ALL_WAIT:
        return d->num_wf >= 2u;
    default:
        return true;
    }
}
