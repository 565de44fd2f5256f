/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_sys.c -- the multi-SM Temporal Coherence system harness (tb/sys/tc_sys.h).
 *
 * Per cycle t (tb/sys/tc_sys.h):
 *   1. time = the timer's outputs of the previous edge;
 *   2. route the registered outputs of every unit (what it drives during cycle t): L1 req ->
 *      request crossbar, L2 rsp -> response crossbar (one copy per dst bit), L2 mem req -> DRAM,
 *      L1 core rsp -> wavefronts;
 *   3. fences, new operations from the workload, and the inputs of every unit;
 *   4. tick every L1, every L2 bank and the timer through the backend.
 * Cycles 0 and 1 are reset (rst_n = 0 everywhere); cycle 2 loads the timer if start_time != 0.
 *
 * Every choice (delays, DRAM latency, arbitration offsets) comes from one PRNG seeded by
 * cfg->seed. Routing is O(active messages): crossbar pairs, response pairs and wavefronts with
 * work are kept in bit masks.
 */
#include "tc_sys.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "tc_gwct.h"

/* ---- configurations ------------------------------------------------------------------------ */

tc_sys_cfg_t tc_sys_cfg_default(tc_protocol_t p) {
    tc_sys_cfg_t c;
    memset(&c, 0, sizeof c);
    c.d = tc_desc_default(p);
    c.seed = 1;
    c.req_delay_min = 1;
    c.req_delay_max = 8;
    c.rsp_delay_min = 1;
    c.rsp_delay_max = 8;
    c.mem_lat_min = 20;
    c.mem_lat_max = 60;
    c.start_time = 0;
    c.deadlock_cycles = 100000;
    return c;
}

tc_sys_cfg_t tc_sys_cfg_small(tc_protocol_t p) {
    tc_sys_cfg_t c = tc_sys_cfg_default(p);
    tc_desc_t* d = &c.d;
    d->num_sm = 4;
    d->num_wf = 8;
    d->num_banks = 2;
    d->line_bytes = 16;
    d->addr_width = 16;
    d->l1_sets = 4;
    d->l1_ways = 2;
    d->l2_sets = 4;
    d->l2_ways = 2;
    d->l2_mshrs = 4;
    d->ts_width = 10;
    d->l1_queue = 2;
    d->l2_queue = 2;
    d->wf_cnt_width = 3;
    d->line_cnt_width = 2;
    d->lease = 40;
    d->pred_init = 40;
    d->pred_min = 0;
    d->pred_max = 200;
    d->t_hit = 4;
    d->t_evict = 8;
    d->t_write = 8;
    d->use_t_write = 1;
    c.req_delay_min = 1;
    c.req_delay_max = 6;
    c.rsp_delay_min = 1;
    c.rsp_delay_max = 6;
    c.mem_lat_min = 5;
    c.mem_lat_max = 30;
    return c;
}

/* ---- small containers ---------------------------------------------------------------------- */

/* A FIFO of fixed-size elements that grows on demand. */
typedef struct {
    unsigned char* buf;
    uint32_t esz, cap, head, n;
    uint64_t last_ready; /* ready of the last message pushed (point-to-point order) */
} ring_t;

static void* ring_at(const ring_t* r, uint32_t i) {
    return r->buf + (size_t)((r->head + i) & (r->cap - 1)) * r->esz;
}

static int ring_push(ring_t* r, const void* e) {
    if (r->n == r->cap) {
        uint32_t nc = r->cap ? 2 * r->cap : 4;
        unsigned char* nb = (unsigned char*)malloc((size_t)nc * r->esz);
        if (!nb)
            return -1;
        for (uint32_t i = 0; i < r->n; i++)
            memcpy(nb + (size_t)i * r->esz, ring_at(r, i), r->esz);
        free(r->buf);
        r->buf = nb;
        r->cap = nc;
        r->head = 0;
    }
    memcpy(r->buf + (size_t)((r->head + r->n) & (r->cap - 1)) * r->esz, e, r->esz);
    r->n++;
    return 0;
}

static void ring_pop(ring_t* r) {
    r->head = (r->head + 1) & (r->cap - 1);
    r->n--;
}

typedef struct {
    uint64_t ready;
    tc_req_t m;
} req_ent_t;

typedef struct {
    uint64_t ready;
    tc_rsp_t m;
} rsp_ent_t;

/* A DRAM response waiting for its latency: a binary min-heap per bank on (ready, seq). */
typedef struct {
    uint64_t ready, seq, line;
    uint32_t data[TC_MAX_LINE_WORDS];
} dram_ent_t;

typedef struct {
    dram_ent_t* e;
    uint32_t n, cap;
} dram_heap_t;

static bool dram_less(const dram_ent_t* a, const dram_ent_t* b) {
    return a->ready < b->ready || (a->ready == b->ready && a->seq < b->seq);
}

static int dram_push(dram_heap_t* h, const dram_ent_t* x) {
    if (h->n == h->cap) {
        uint32_t nc = h->cap ? 2 * h->cap : 8;
        dram_ent_t* ne = (dram_ent_t*)realloc(h->e, (size_t)nc * sizeof *ne);
        if (!ne)
            return -1;
        h->e = ne;
        h->cap = nc;
    }
    uint32_t i = h->n++;
    while (i > 0) {
        uint32_t p = (i - 1) / 2;
        if (!dram_less(x, &h->e[p]))
            break;
        h->e[i] = h->e[p];
        i = p;
    }
    h->e[i] = *x;
    return 0;
}

static void dram_pop(dram_heap_t* h) {
    dram_ent_t last = h->e[--h->n];
    if (!h->n)
        return;
    uint32_t i = 0;
    for (;;) {
        uint32_t l = 2 * i + 1, c = l;
        if (l >= h->n)
            break;
        if (l + 1 < h->n && dram_less(&h->e[l + 1], &h->e[l]))
            c = l + 1;
        if (!dram_less(&h->e[c], &last))
            break;
        h->e[i] = h->e[c];
        i = c;
    }
    h->e[i] = last;
}

/* The memory image: line -> words (open addressing, keys stored as line + 1, 0 = empty). */
typedef struct {
    uint64_t* keys;
    uint32_t* idx; /* word offset into words */
    uint32_t cap, n;
    uint32_t* words;
    size_t words_cap;
    uint32_t lw;
} mem_t;

static uint64_t mem_hash(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return x;
}

static const uint32_t* mem_find(const mem_t* m, uint64_t line) {
    if (!m->cap)
        return NULL;
    uint32_t i = (uint32_t)mem_hash(line) & (m->cap - 1);
    while (m->keys[i]) {
        if (m->keys[i] == line + 1)
            return m->words + m->idx[i];
        i = (i + 1) & (m->cap - 1);
    }
    return NULL;
}

static int mem_grow(mem_t* m) {
    uint32_t nc = m->cap ? 2 * m->cap : 1024;
    uint64_t* nk = (uint64_t*)calloc(nc, sizeof *nk);
    uint32_t* ni = (uint32_t*)calloc(nc, sizeof *ni);
    if (!nk || !ni) {
        free(nk);
        free(ni);
        return -1;
    }
    for (uint32_t i = 0; i < m->cap; i++) {
        if (!m->keys[i])
            continue;
        uint32_t k = (uint32_t)mem_hash(m->keys[i] - 1) & (nc - 1);
        while (nk[k])
            k = (k + 1) & (nc - 1);
        nk[k] = m->keys[i];
        ni[k] = m->idx[i];
    }
    free(m->keys);
    free(m->idx);
    m->keys = nk;
    m->idx = ni;
    m->cap = nc;
    return 0;
}

/* The words of a line, created (zero) if absent; NULL only when out of memory. */
static uint32_t* mem_get(mem_t* m, uint64_t line) {
    if (2 * (m->n + 1) > m->cap && mem_grow(m) != 0)
        return NULL;
    uint32_t i = (uint32_t)mem_hash(line) & (m->cap - 1);
    while (m->keys[i]) {
        if (m->keys[i] == line + 1)
            return m->words + m->idx[i];
        i = (i + 1) & (m->cap - 1);
    }
    size_t need = (size_t)(m->n + 1) * m->lw;
    if (need > m->words_cap) {
        size_t nc = m->words_cap ? 2 * m->words_cap : (size_t)1024 * m->lw;
        uint32_t* nw = (uint32_t*)realloc(m->words, nc * sizeof *nw);
        if (!nw)
            return NULL;
        m->words = nw;
        m->words_cap = nc;
    }
    m->keys[i] = line + 1;
    m->idx[i] = m->n * m->lw;
    memset(m->words + m->idx[i], 0, m->lw * sizeof(uint32_t));
    m->n++;
    return m->words + m->idx[i];
}

/* ---- the system ---------------------------------------------------------------------------- */

typedef enum {
    WF_IDLE = 0, /* no operation: may ask the workload */
    WF_PEND,     /* an operation waiting to be sent to the L1 */
    WF_LOAD,     /* waiting for a core LOAD response */
    WF_ATOMIC,   /* waiting for a core ATOMIC response */
    WF_FENCE,    /* waiting for fence_ready / wr_idle (RELEASE: then the store) */
} wf_state_t;

typedef struct {
    uint32_t st; /* wf_state_t */
    uint32_t word;
    uint64_t line;
    uint64_t since;  /* cycle the current state began */
    uint32_t unsent; /* stores/atomics given to the L1 whose L2 request has not appeared yet */
    tc_wop_t op;
} wf_t;

enum { OPK_N = 8 };

struct tc_sys {
    tc_sys_cfg_t cfg;
    tc_desc_t d;
    tc_backend_t* be;
    tc_workload_t* wl;
    gpucoh_rng_t rng;
    uint32_t n, w, nb, lw, lb_bits;
    uint64_t cycle;

    /* registered outputs of every unit (what it drives in the current cycle) */
    tc_l1_out_t* l1o;
    tc_l2_out_t* l2o;
    tc_timer_out_t to;
    /* inputs (payloads cleared after use so that invalid inputs are all 0) */
    tc_l1_in_t* l1i;
    tc_l2_in_t* l2i;

    /* wavefronts: wf[sm * w + i]; masks per SM */
    wf_t* wf;
    uint64_t* m_idle;  /* IDLE */
    uint64_t* m_pend;  /* PEND */
    uint64_t* m_fence; /* FENCE */
    uint64_t* m_unsent;
    uint32_t* core_rr;
    uint64_t active; /* wavefronts not IDLE */

    /* request crossbar: pair (sm, bank) = rq[sm * nb + b]; rq_ne[b] bit sm = non-empty */
    ring_t* rq;
    uint64_t* rq_ne;
    uint32_t* rq_rr;
    uint64_t rq_inflight;
    /* response crossbar: pair (bank, sm) = rs[sm * nb + b]; rs_ne[sm] bit b = non-empty */
    ring_t* rs;
    uint32_t* rs_ne;
    uint32_t* rs_rr;
    uint64_t rs_inflight;
    /* DRAM */
    dram_heap_t* dram;
    uint64_t dram_seq, dram_inflight;
    mem_t mem;

    tc_wop_t op; /* scratch for the workload's next() */

    uint64_t last_progress;
    uint32_t drained;
    uint64_t errors;
    bool oom;

    /* statistics */
    uint64_t st_done[OPK_N];
    uint64_t st_fence[2];
    uint64_t st_req[5], st_rsp[5], st_rsp_copies;
    uint64_t st_fetch, st_wb, st_memrsp;
    uint64_t st_core_stall, st_bank_stall, st_rsp_conflict;
    uint64_t st_lat_sum, st_lat_n, st_lat_max;
    uint64_t st_rq_max, st_rs_max, st_dram_max;
    uint64_t st_core_req, st_crsp;
    uint64_t st_core_illegal;  /* illegal requests presented while the L1 was ready */
    uint64_t st_l2_illegal[4]; /* J1, J3, J5, J6 given (tc_sys_l2_illegal) */
};

static const char* wop_name(uint32_t k) {
    static const char* const nm[] = {"LOAD",    "STORE",   "ATOMIC",     "FENCE",
                                     "ACQUIRE", "RELEASE", "STORE_LINE", "LOAD_LINE"};
    return k < OPK_N ? nm[k] : "?";
}

static const char* req_name(uint32_t k) {
    static const char* const nm[] = {"NONE", "GETS", "GETX", "UPGR", "ATOMIC"};
    return k < 5 ? nm[k] : "?";
}

static const char* rsp_name(uint32_t k) {
    static const char* const nm[] = {"NONE", "DATA", "DATA_G", "ACK", "ACK_G"};
    return k < 5 ? nm[k] : "?";
}

static uint32_t log2u(uint32_t x) {
    uint32_t r = 0;
    while ((1u << r) < x)
        r++;
    return r;
}

static uint32_t draw(tc_sys_t* s, uint32_t lo, uint32_t hi) {
    return hi > lo ? lo + gpucoh_rng_below(&s->rng, hi - lo + 1) : lo;
}

static void harness_error(tc_sys_t* s, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

/* A message the harness did not expect (printed for the first 10; counted in tc_sys_errors). */
static void harness_error(tc_sys_t* s, const char* fmt, ...) {
    s->errors++;
    if (s->errors <= 10) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "tc_sys: cycle %" PRIu64 ": ", s->cycle);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
        va_end(ap);
    }
}

tc_sys_t* tc_sys_new(const tc_sys_cfg_t* cfg, tc_backend_t* be, tc_workload_t* wl, char* err,
                     size_t errlen) {
    if (tc_check_desc(&cfg->d, err, errlen) != 0)
        return NULL;
    if (!be || !be->tick || !wl || !wl->next || !wl->finished) {
        snprintf(err, errlen, "tc_sys_new: backend and workload callbacks are required");
        return NULL;
    }
    if (cfg->req_delay_min < 1 || cfg->req_delay_max < cfg->req_delay_min ||
        cfg->rsp_delay_min < 1 || cfg->rsp_delay_max < cfg->rsp_delay_min || cfg->mem_lat_min < 1 ||
        cfg->mem_lat_max < cfg->mem_lat_min) {
        snprintf(err, errlen,
                 "tc_sys_new: delays must satisfy 1 <= min <= max (req %u..%u, rsp %u..%u, "
                 "mem %u..%u)",
                 cfg->req_delay_min, cfg->req_delay_max, cfg->rsp_delay_min, cfg->rsp_delay_max,
                 cfg->mem_lat_min, cfg->mem_lat_max);
        return NULL;
    }
    tc_sys_t* s = (tc_sys_t*)calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "tc_sys_new: out of memory");
        return NULL;
    }
    s->cfg = *cfg;
    if (!s->cfg.deadlock_cycles)
        s->cfg.deadlock_cycles = 100000;
    s->d = cfg->d;
    s->be = be;
    s->wl = wl;
    gpucoh_rng_seed(&s->rng, cfg->seed);
    s->n = s->d.num_sm;
    s->w = s->d.num_wf;
    s->nb = s->d.num_banks;
    s->lw = tc_line_words(&s->d);
    s->lb_bits = log2u(s->d.line_bytes);
    uint32_t n = s->n, nb = s->nb, np = n * nb;
    s->l1o = (tc_l1_out_t*)calloc(n, sizeof *s->l1o);
    s->l2o = (tc_l2_out_t*)calloc(nb, sizeof *s->l2o);
    s->l1i = (tc_l1_in_t*)calloc(n, sizeof *s->l1i);
    s->l2i = (tc_l2_in_t*)calloc(nb, sizeof *s->l2i);
    s->wf = (wf_t*)calloc((size_t)n * s->w, sizeof *s->wf);
    s->m_idle = (uint64_t*)calloc(n, sizeof(uint64_t));
    s->m_pend = (uint64_t*)calloc(n, sizeof(uint64_t));
    s->m_fence = (uint64_t*)calloc(n, sizeof(uint64_t));
    s->m_unsent = (uint64_t*)calloc(n, sizeof(uint64_t));
    s->core_rr = (uint32_t*)calloc(n, sizeof(uint32_t));
    s->rq = (ring_t*)calloc(np, sizeof(ring_t));
    s->rq_ne = (uint64_t*)calloc(nb, sizeof(uint64_t));
    s->rq_rr = (uint32_t*)calloc(nb, sizeof(uint32_t));
    s->rs = (ring_t*)calloc(np, sizeof(ring_t));
    s->rs_ne = (uint32_t*)calloc(n, sizeof(uint32_t));
    s->rs_rr = (uint32_t*)calloc(n, sizeof(uint32_t));
    s->dram = (dram_heap_t*)calloc(nb, sizeof(dram_heap_t));
    if (!s->l1o || !s->l2o || !s->l1i || !s->l2i || !s->wf || !s->m_idle || !s->m_pend ||
        !s->m_fence || !s->m_unsent || !s->core_rr || !s->rq || !s->rq_ne || !s->rq_rr || !s->rs ||
        !s->rs_ne || !s->rs_rr || !s->dram) {
        tc_sys_free(s);
        snprintf(err, errlen, "tc_sys_new: out of memory");
        return NULL;
    }
    uint64_t all = s->w >= 64 ? ~0ull : ((1ull << s->w) - 1);
    for (uint32_t j = 0; j < n; j++) {
        s->m_idle[j] = all;
        s->core_rr[j] = gpucoh_rng_below(&s->rng, s->w);
        s->rs_rr[j] = gpucoh_rng_below(&s->rng, nb);
    }
    for (uint32_t b = 0; b < nb; b++)
        s->rq_rr[b] = gpucoh_rng_below(&s->rng, n);
    for (uint32_t p = 0; p < np; p++) {
        s->rq[p].esz = sizeof(req_ent_t);
        s->rs[p].esz = sizeof(rsp_ent_t);
    }
    s->mem.lw = s->lw;
    s->to.now = 1; /* before the first edge: never compared, but keep now != 0 */
    return s;
}

void tc_sys_free(tc_sys_t* s) {
    if (!s)
        return;
    uint32_t np = s->n * s->nb;
    if (s->rq)
        for (uint32_t p = 0; p < np; p++)
            free(s->rq[p].buf);
    if (s->rs)
        for (uint32_t p = 0; p < np; p++)
            free(s->rs[p].buf);
    if (s->dram)
        for (uint32_t b = 0; b < s->nb; b++)
            free(s->dram[b].e);
    free(s->mem.keys);
    free(s->mem.idx);
    free(s->mem.words);
    free(s->l1o);
    free(s->l2o);
    free(s->l1i);
    free(s->l2i);
    free(s->wf);
    free(s->m_idle);
    free(s->m_pend);
    free(s->m_fence);
    free(s->m_unsent);
    free(s->core_rr);
    free(s->rq);
    free(s->rq_ne);
    free(s->rq_rr);
    free(s->rs);
    free(s->rs_ne);
    free(s->rs_rr);
    free(s->dram);
    free(s);
}

uint64_t tc_sys_cycle(const tc_sys_t* s) {
    return s->cycle;
}

uint64_t tc_sys_illegal(const tc_sys_t* s) {
    return s->st_core_illegal;
}

void tc_sys_l2_illegal(const tc_sys_t* s, uint64_t j[4]) {
    memcpy(j, s->st_l2_illegal, sizeof s->st_l2_illegal);
}

uint64_t tc_sys_errors(const tc_sys_t* s) {
    return s->errors;
}

uint32_t tc_sys_mem_word(const tc_sys_t* s, uint64_t addr) {
    const uint32_t* w = mem_find(&s->mem, addr >> s->lb_bits);
    return w ? w[(addr & (s->d.line_bytes - 1)) >> 2] : 0;
}

uint32_t tc_sys_word(const tc_sys_t* s, uint64_t addr) {
    uint64_t line = addr >> s->lb_bits;
    uint32_t word = (uint32_t)((addr & (s->d.line_bytes - 1)) >> 2);
    const tc_l2_t* m = gsys_backend_model(s->be, TC_SLOT_L2, tc_bank_of(&s->d, line));
    if (m) {
        uint32_t bb = log2u(s->nb), sb = log2u(s->d.l2_sets);
        uint32_t set = (uint32_t)((line >> bb) & (s->d.l2_sets - 1));
        uint64_t tag = ((line >> (bb + sb)) << bb) | (line & (s->nb - 1));
        for (uint32_t wy = 0; wy < s->d.l2_ways; wy++) {
            const uint32_t i = set * s->d.l2_ways + wy;
            const tc_l2_meta_t* l = &m->line[i];
            if ((l->st == TC_L2_P || l->st == TC_L2_S || l->st == TC_L2_E) && l->tag == tag)
                return tc_l2_line_data(m, i)[word];
        }
    }
    return tc_sys_mem_word(s, addr);
}

/* ---- wavefront bookkeeping ----------------------------------------------------------------- */

static void wf_set(tc_sys_t* s, uint32_t j, uint32_t i, uint32_t st) {
    wf_t* f = &s->wf[j * s->w + i];
    uint64_t bit = 1ull << i;
    if (f->st == WF_IDLE && st != WF_IDLE)
        s->active++;
    else if (f->st != WF_IDLE && st == WF_IDLE)
        s->active--;
    s->m_idle[j] &= ~bit;
    s->m_pend[j] &= ~bit;
    s->m_fence[j] &= ~bit;
    if (st == WF_IDLE)
        s->m_idle[j] |= bit;
    else if (st == WF_PEND)
        s->m_pend[j] |= bit;
    else if (st == WF_FENCE)
        s->m_fence[j] |= bit;
    f->st = st;
    f->since = s->cycle;
}

static void wf_done(tc_sys_t* s, uint32_t j, uint32_t i, uint32_t value, const uint32_t* line) {
    wf_t* f = &s->wf[j * s->w + i];
    tc_wop_t op = f->op; /* the workload may look at it after the wavefront moved on */
    if (op.kind < OPK_N)
        s->st_done[op.kind]++;
    s->last_progress = s->cycle;
    wf_set(s, j, i, WF_IDLE);
    if (s->wl->done)
        s->wl->done(s->wl->ctx, j, i, &op, value, line, s->cycle);
}

/* ---- step 2: routing ----------------------------------------------------------------------- */

static void route_l1(tc_sys_t* s, uint32_t j) {
    const tc_l1_out_t* o = &s->l1o[j];
    if (o->req.valid) {
        const tc_req_t* q = &o->req;
        if (q->kind < 5)
            s->st_req[q->kind]++;
        if (q->kind == TC_REQ_GETX || q->kind == TC_REQ_UPGR || q->kind == TC_REQ_ATOMIC) {
            if (q->wf < s->w && s->wf[j * s->w + q->wf].unsent > 0) {
                if (--s->wf[j * s->w + q->wf].unsent == 0)
                    s->m_unsent[j] &= ~(1ull << q->wf);
            } else {
                harness_error(s, "L1 %u sent a %s for wavefront %u with no store/atomic issued", j,
                              req_name(q->kind), q->wf);
            }
        }
        uint32_t b = tc_bank_of(&s->d, q->line);
        ring_t* r = &s->rq[j * s->nb + b];
        req_ent_t e;
        e.m = *q;
        e.m.src = j;
        uint64_t rd = s->cycle + draw(s, s->cfg.req_delay_min, s->cfg.req_delay_max);
        e.ready = rd > r->last_ready ? rd : r->last_ready;
        r->last_ready = e.ready;
        if (ring_push(r, &e) != 0)
            s->oom = true;
        s->rq_ne[b] |= 1ull << j;
        if (++s->rq_inflight > s->st_rq_max)
            s->st_rq_max = s->rq_inflight;
    }
    if (o->crsp.valid) {
        const tc_core_rsp_t* c = &o->crsp;
        s->st_crsp++;
        uint64_t m = c->wf_mask;
        if (c->kind != TC_CRSP_LOAD && c->kind != TC_CRSP_ATOMIC)
            harness_error(s, "L1 %u: core response of unknown kind %u", j, c->kind);
        while (m) {
            uint32_t i = (uint32_t)__builtin_ctzll(m);
            m &= m - 1;
            wf_t* f = i < s->w ? &s->wf[j * s->w + i] : NULL;
            uint32_t want = c->kind == TC_CRSP_LOAD ? WF_LOAD : WF_ATOMIC;
            if (!f || f->st != want || f->line != c->line) {
                harness_error(s,
                              "L1 %u: core %s response for wavefront %u (line 0x%" PRIx64
                              ") that does not wait for it",
                              j, c->kind == TC_CRSP_LOAD ? "LOAD" : "ATOMIC", i, c->line);
                continue;
            }
            uint64_t lat = s->cycle - f->since;
            s->st_lat_sum += lat;
            s->st_lat_n++;
            if (lat > s->st_lat_max)
                s->st_lat_max = lat;
            wf_done(s, j, i, c->data[f->word], c->data);
        }
    }
}

static void route_l2(tc_sys_t* s, uint32_t b) {
    const tc_l2_out_t* o = &s->l2o[b];
    if (o->rsp.valid) {
        const tc_rsp_t* p = &o->rsp;
        if (p->kind < 5)
            s->st_rsp[p->kind]++;
        uint64_t m = p->dst;
        if (!m)
            harness_error(s, "L2 bank %u sent a response with dst 0 (line 0x%" PRIx64 ")", b,
                          p->line);
        while (m) {
            uint32_t j = (uint32_t)__builtin_ctzll(m);
            m &= m - 1;
            if (j >= s->n) {
                harness_error(s, "L2 bank %u: response to SM %u of %u", b, j, s->n);
                continue;
            }
            ring_t* r = &s->rs[j * s->nb + b];
            rsp_ent_t e;
            e.m = *p;
            e.m.dst = 1ull << j;
            uint64_t rd = s->cycle + draw(s, s->cfg.rsp_delay_min, s->cfg.rsp_delay_max);
            e.ready = rd > r->last_ready ? rd : r->last_ready;
            r->last_ready = e.ready;
            if (ring_push(r, &e) != 0)
                s->oom = true;
            s->rs_ne[j] |= 1u << b;
            s->st_rsp_copies++;
            if (++s->rs_inflight > s->st_rs_max)
                s->st_rs_max = s->rs_inflight;
        }
    }
    const tc_mem_req_t* mq = &o->mreq;
    if (mq->wb) {
        s->st_wb++;
        uint32_t* w = mem_get(&s->mem, mq->wb_line);
        if (w)
            memcpy(w, mq->wb_data, s->lw * sizeof(uint32_t));
        else
            s->oom = true;
    }
    if (mq->fetch) {
        s->st_fetch++;
        dram_ent_t e;
        memset(&e, 0, sizeof e);
        e.ready = s->cycle + draw(s, s->cfg.mem_lat_min, s->cfg.mem_lat_max);
        e.seq = s->dram_seq++;
        e.line = mq->fetch_line;
        const uint32_t* w = mem_find(&s->mem, mq->fetch_line);
        if (w)
            memcpy(e.data, w, s->lw * sizeof(uint32_t));
        if (dram_push(&s->dram[b], &e) != 0)
            s->oom = true;
        if (++s->dram_inflight > s->st_dram_max)
            s->st_dram_max = s->dram_inflight;
    }
}

/* ---- step 3: wavefronts and inputs --------------------------------------------------------- */

static bool op_needs_l1(uint32_t k) {
    return k != TC_WOP_FENCE;
}

/* Take an operation from the workload: the wavefront becomes PEND or FENCE. */
static void wf_fetch(tc_sys_t* s, uint32_t j, uint32_t i) {
    wf_t* f = &s->wf[j * s->w + i];
    /* s->op is all-zero here: re-zeroed after every call that returned an operation (this is
     * called for every idle wavefront every cycle; a workload writes *op only when it returns
     * true, tb/sys/tc_sys.h) */
    tc_wop_t* o = &s->op;
    if (!s->wl->next(s->wl->ctx, j, i, s->cycle, o))
        return;
    tc_wop_t op = *o;
    memset(o, 0, sizeof *o);
    if (op.kind >= OPK_N) {
        harness_error(s, "workload: unknown op kind %u (SM %u wf %u)", op.kind, j, i);
        return;
    }
    f->op = op;
    f->line = op.addr >> s->lb_bits;
    f->word = (uint32_t)((op.addr & (s->d.line_bytes - 1)) >> 2);
    if (op.kind == TC_WOP_FENCE || op.kind == TC_WOP_RELEASE)
        wf_set(s, j, i, WF_FENCE);
    else if (op_needs_l1(op.kind))
        wf_set(s, j, i, WF_PEND);
}

/* Complete the fences whose condition holds in this cycle (registered L1 outputs). */
static void fences(tc_sys_t* s, uint32_t j) {
    uint64_t m = s->m_fence[j] & ~s->m_unsent[j];
    if (!m)
        return;
    const tc_l1_out_t* o = &s->l1o[j];
    while (m) {
        uint32_t i = (uint32_t)__builtin_ctzll(m);
        m &= m - 1;
        wf_t* f = &s->wf[j * s->w + i];
        uint64_t cond = f->op.scope == TC_SCOPE_GPU ? o->fence_ready : o->wr_idle;
        if (!((cond >> i) & 1))
            continue;
        s->st_fence[f->op.scope == TC_SCOPE_GPU]++;
        if (f->op.kind == TC_WOP_RELEASE) {
            s->last_progress = s->cycle;
            wf_set(s, j, i, WF_PEND); /* now the store */
        } else {
            wf_done(s, j, i, 0, NULL);
        }
    }
}

/* The core request for wavefront i's pending operation. */
static void fill_core_req(const tc_sys_t* s, uint32_t i, const wf_t* f, tc_core_req_t* c) {
    const tc_wop_t* op = &f->op;
    c->valid = true;
    c->wf = i;
    c->line = f->line;
    switch (op->kind) {
    case TC_WOP_LOAD:
    case TC_WOP_ACQUIRE:
    case TC_WOP_LOAD_LINE:
        c->op = TC_OP_LOAD;
        break;
    case TC_WOP_ATOMIC:
        c->op = TC_OP_ATOMIC;
        c->aop = op->aop;
        c->word = f->word;
        c->a = op->value;
        c->b = op->value2;
        break;
    case TC_WOP_STORE:
    case TC_WOP_RELEASE:
        c->op = TC_OP_STORE;
        c->data[f->word] = op->value;
        c->mask[(4 * f->word) / 32] = 0xfu << ((4 * f->word) % 32);
        break;
    default: /* STORE_LINE: bytes outside the mask are 0 */
        c->op = TC_OP_STORE;
        for (uint32_t k = 0; k < TC_MASK_WORDS; k++) {
            uint32_t lb = s->d.line_bytes, mk = op->mask[k];
            if (32 * k >= lb)
                mk = 0;
            else if (lb - 32 * k < 32)
                mk &= (1u << (lb - 32 * k)) - 1;
            c->mask[k] = mk;
        }
        for (uint32_t k = 0; k < s->lw; k++) {
            uint32_t mb = (c->mask[(4 * k) / 32] >> ((4 * k) % 32)) & 0xfu;
            uint32_t bm = (mb & 1 ? 0xffu : 0) | (mb & 2 ? 0xff00u : 0) | (mb & 4 ? 0xff0000u : 0) |
                          (mb & 8 ? 0xff000000u : 0);
            c->data[k] = op->data[k] & bm;
        }
        break;
    }
}

/* tc_l1.md I1: an idle core presents, with probability illegal_per_mille / 1000, a request the
 * L1 must drop: op 0 (half of them), or a LOAD of a wavefront >= NumWf (when NumWf < 64). No
 * wavefront waits for it; one presented while core_ready is 1 is counted (the L1's C model counts
 * it as a protocol error, and the run expects exactly that many). */
static void core_illegal(tc_sys_t* s, uint32_t j) {
    if (!s->cfg.illegal_per_mille || gpucoh_rng_below(&s->rng, 1000) >= s->cfg.illegal_per_mille)
        return;
    tc_core_req_t* c = &s->l1i[j].core;
    memset(c, 0, sizeof *c);
    c->valid = true;
    if (s->w < 64 && gpucoh_rng_below(&s->rng, 2)) {
        c->op = TC_OP_LOAD;
        c->wf = s->w + (uint32_t)gpucoh_rng_below(&s->rng, 64 - s->w);
    } else {
        c->op = TC_OP_NONE;
        c->wf = (uint32_t)gpucoh_rng_below(&s->rng, s->w);
    }
    if (s->l1o[j].core_ready)
        s->st_core_illegal++;
}

/* tc_l2.md J5 / J6: with probability l2_illegal_per_mille / 1000 a core's atomic carries its
 * word number + LineBytes/4 (J5, when that fits the 5-bit port; the bank takes it modulo
 * LineBytes/4: the same word) or aop 3 (J6: the word is left unchanged). The L1 carries both to
 * the bank unchanged (tc_l1.md I7); the wavefront gets its ATOMIC response as usual. Returns 2
 * (J5), 3 (J6) or -1 (none); the caller counts it when the L1 takes the request. */
static int atomic_illegal(tc_sys_t* s, tc_core_req_t* c) {
    const uint32_t rate = s->cfg.l2_illegal_per_mille;
    if (!rate || c->op != TC_OP_ATOMIC || gpucoh_rng_below(&s->rng, 1000) >= rate)
        return -1;
    if (gpucoh_rng_below(&s->rng, 2) && c->word + s->lw < 32u) {
        c->word += s->lw;
        return 2;
    }
    c->aop = 3u;
    return 3;
}

/* tc_l2.md J1: with probability l2_illegal_per_mille / 1000 a bank request port with nothing to
 * deliver presents a request of kind 0, 5, 6 or 7 (random line, src, wf). No L1 waits for it: the
 * bank drops it at its head (a protocol error), or ignores it while req_ready is 0 (J2, which the
 * crossbar's own requests also exercise); counted when presented while ready. */
static void bank_illegal(tc_sys_t* s, uint32_t b) {
    const uint32_t rate = s->cfg.l2_illegal_per_mille;
    if (!rate || gpucoh_rng_below(&s->rng, 1000) >= rate)
        return;
    static const uint32_t bad[4] = {0u, 5u, 6u, 7u};
    const uint32_t la = s->d.addr_width - s->lb_bits;
    tc_req_t* q = &s->l2i[b].req;
    memset(q, 0, sizeof *q);
    q->valid = true;
    q->kind = bad[gpucoh_rng_below(&s->rng, 4)];
    q->src = gpucoh_rng_below(&s->rng, s->n);
    q->wf = gpucoh_rng_below(&s->rng, s->w);
    q->line = gpucoh_rng_next(&s->rng) & ((1ull << la) - 1u);
    if (s->l2o[b].req_ready)
        s->st_l2_illegal[0]++;
}

/* tc_l2.md J3: with probability l2_illegal_per_mille / 1000 a DRAM port with nothing to deliver
 * presents a fill of the highest line address (no traffic of tc_rand uses it), unless a fetch
 * of it is in flight to that bank (then an IS/IM entry could be waiting for it). The bank finds
 * no entry: a protocol error that changes nothing. */
static void mem_illegal(tc_sys_t* s, uint32_t b) {
    const uint32_t rate = s->cfg.l2_illegal_per_mille;
    if (!rate || gpucoh_rng_below(&s->rng, 1000) >= rate)
        return;
    const uint64_t line = (1ull << (s->d.addr_width - s->lb_bits)) - 1u;
    const dram_heap_t* h = &s->dram[b];
    for (uint32_t k = 0; k < h->n; k++)
        if (h->e[k].line == line)
            return;
    tc_mem_rsp_t* m = &s->l2i[b].mem;
    m->valid = true;
    m->line = line;
    for (uint32_t k = 0; k < s->lw; k++)
        m->data[k] = (uint32_t)gpucoh_rng_next(&s->rng);
    s->st_l2_illegal[1]++;
}

/* The core request of SM j: at most one per cycle, round robin over the wavefronts with a
 * pending operation. It counts only when the L1's core_ready is 1; when it is 0 the request is
 * still presented (the L1 must ignore it, docs/timing.md rule 6) and stays pending. */
static void core_issue(tc_sys_t* s, uint32_t j) {
    uint64_t m = s->m_pend[j];
    if (!m) {
        core_illegal(s, j);
        return;
    }
    uint32_t st = (s->core_rr[j] + 1) % s->w;
    uint64_t hi = m & ~((1ull << st) - 1);
    uint32_t i = (uint32_t)__builtin_ctzll(hi ? hi : m);
    wf_t* f = &s->wf[j * s->w + i];
    fill_core_req(s, i, f, &s->l1i[j].core);
    const int odd = atomic_illegal(s, &s->l1i[j].core);
    if (!s->l1o[j].core_ready) {
        s->st_core_stall++;
        return;
    }
    if (odd >= 0)
        s->st_l2_illegal[odd]++;
    s->core_rr[j] = i;
    s->st_core_req++;
    switch (f->op.kind) {
    case TC_WOP_LOAD:
    case TC_WOP_ACQUIRE:
    case TC_WOP_LOAD_LINE:
        wf_set(s, j, i, WF_LOAD);
        return;
    case TC_WOP_ATOMIC:
        wf_set(s, j, i, WF_ATOMIC);
        f->unsent++;
        s->m_unsent[j] |= 1ull << i;
        return;
    default: /* stores complete at issue */
        f->unsent++;
        s->m_unsent[j] |= 1ull << i;
        wf_done(s, j, i, 0, NULL);
        return;
    }
}

/* The response delivered to L1 j this cycle (at most one, round robin over banks). */
static void deliver_rsp(tc_sys_t* s, uint32_t j) {
    uint32_t m = s->rs_ne[j];
    if (!m)
        return;
    uint32_t start = (s->rs_rr[j] + 1) % s->nb, found = UINT32_MAX, nready = 0;
    for (uint32_t k = 0; k < s->nb; k++) {
        uint32_t b = (start + k) % s->nb;
        if (!((m >> b) & 1))
            continue;
        const rsp_ent_t* e = (const rsp_ent_t*)ring_at(&s->rs[j * s->nb + b], 0);
        if (e->ready <= s->cycle) {
            nready++;
            if (found == UINT32_MAX)
                found = b;
        }
    }
    if (found == UINT32_MAX)
        return;
    if (nready > 1)
        s->st_rsp_conflict++;
    ring_t* r = &s->rs[j * s->nb + found];
    s->l1i[j].rsp = ((const rsp_ent_t*)ring_at(r, 0))->m;
    ring_pop(r);
    if (!r->n)
        s->rs_ne[j] &= ~(1u << found);
    s->rs_inflight--;
    s->rs_rr[j] = found;
}

/* The request delivered to bank b this cycle: round robin over the SMs whose head message is
 * ready. Consumed only when the bank's req_ready is 1; otherwise presented and kept. */
static void deliver_req(tc_sys_t* s, uint32_t b) {
    uint64_t m = s->rq_ne[b];
    if (!m)
        return;
    uint32_t start = (s->rq_rr[b] + 1) % s->n, found = UINT32_MAX;
    uint64_t hi = m & ~((1ull << start) - 1), lo = m & ((1ull << start) - 1);
    for (int pass = 0; pass < 2 && found == UINT32_MAX; pass++) {
        uint64_t x = pass ? lo : hi;
        while (x) {
            uint32_t j = (uint32_t)__builtin_ctzll(x);
            x &= x - 1;
            const req_ent_t* e = (const req_ent_t*)ring_at(&s->rq[j * s->nb + b], 0);
            if (e->ready <= s->cycle) {
                found = j;
                break;
            }
        }
    }
    if (found == UINT32_MAX)
        return;
    ring_t* r = &s->rq[found * s->nb + b];
    s->l2i[b].req = ((const req_ent_t*)ring_at(r, 0))->m;
    if (!s->l2o[b].req_ready) {
        s->st_bank_stall++; /* presented, not consumed: the bank must ignore it */
        return;
    }
    ring_pop(r);
    if (!r->n)
        s->rq_ne[b] &= ~(1ull << found);
    s->rq_inflight--;
    s->rq_rr[b] = found;
}

static void deliver_mem(tc_sys_t* s, uint32_t b) {
    dram_heap_t* h = &s->dram[b];
    if (!h->n || h->e[0].ready > s->cycle)
        return;
    tc_mem_rsp_t* m = &s->l2i[b].mem;
    m->valid = true;
    m->line = h->e[0].line;
    memcpy(m->data, h->e[0].data, s->lw * sizeof(uint32_t));
    dram_pop(h);
    s->dram_inflight--;
    s->st_memrsp++;
}

/* ---- one cycle ----------------------------------------------------------------------------- */

static int sys_cycle(tc_sys_t* s) {
    uint64_t t = s->cycle;
    bool rst = t < 2;
    tc_time_t tm = {s->to.now, s->to.era, s->to.roll};

    if (!rst) {
        for (uint32_t j = 0; j < s->n; j++)
            route_l1(s, j);
        for (uint32_t b = 0; b < s->nb; b++)
            route_l2(s, b);
        bool fin = s->wl->finished(s->wl->ctx);
        for (uint32_t j = 0; j < s->n; j++) {
            fences(s, j);
            if (!fin) {
                uint64_t m = s->m_idle[j];
                while (m) {
                    uint32_t i = (uint32_t)__builtin_ctzll(m);
                    m &= m - 1;
                    wf_fetch(s, j, i);
                }
                fences(s, j); /* a fence whose condition already holds completes now */
            }
            core_issue(s, j);
            deliver_rsp(s, j);
        }
        for (uint32_t b = 0; b < s->nb; b++) {
            deliver_req(s, b);
            if (!s->l2i[b].req.valid)
                bank_illegal(s, b);
            deliver_mem(s, b);
            if (!s->l2i[b].mem.valid)
                mem_illegal(s, b);
        }
    }

    int rc = 0;
    if (s->be->cycle_begin)
        s->be->cycle_begin(s->be->ctx, !rst);
    for (uint32_t j = 0; j < s->n; j++) {
        tc_l1_in_t* in = &s->l1i[j];
        in->rst_n = !rst;
        in->t = tm;
        if (s->be->tick(s->be->ctx, TC_SLOT_L1, j, in, &s->l1o[j]) != 0)
            rc = 1;
        if (in->core.valid)
            memset(&in->core, 0, sizeof in->core);
        if (in->rsp.valid)
            memset(&in->rsp, 0, sizeof in->rsp);
    }
    for (uint32_t b = 0; b < s->nb; b++) {
        tc_l2_in_t* in = &s->l2i[b];
        in->rst_n = !rst;
        in->t = tm;
        if (s->be->tick(s->be->ctx, TC_SLOT_L2, b, in, &s->l2o[b]) != 0)
            rc = 1;
        if (in->req.valid)
            memset(&in->req, 0, sizeof in->req);
        if (in->mem.valid)
            memset(&in->mem, 0, sizeof in->mem);
    }
    tc_timer_in_t ti;
    memset(&ti, 0, sizeof ti);
    ti.rst_n = !rst;
    if (t == 2 && s->cfg.start_time != 0) {
        ti.load = true;
        ti.load_val = s->cfg.start_time;
    }
    if (s->be->tick(s->be->ctx, TC_SLOT_TIMER, 0, &ti, &s->to) != 0)
        rc = 1;
    if (s->be->cycle_end && s->be->cycle_end(s->be->ctx) != 0)
        rc = 1;
    s->cycle++;
    return rc;
}

static bool quiescent(const tc_sys_t* s) {
    if (s->active || s->rq_inflight || s->rs_inflight || s->dram_inflight)
        return false;
    uint64_t all = s->w >= 64 ? ~0ull : ((1ull << s->w) - 1);
    for (uint32_t j = 0; j < s->n; j++) {
        const tc_l1_out_t* o = &s->l1o[j];
        if (s->m_unsent[j] || (o->wr_idle & all) != all || o->req.valid || o->crsp.valid)
            return false;
    }
    for (uint32_t b = 0; b < s->nb; b++) {
        const tc_l2_out_t* o = &s->l2o[b];
        if (o->rsp.valid || o->mreq.fetch || o->mreq.wb)
            return false;
    }
    return true;
}

static void report_deadlock(const tc_sys_t* s, FILE* f, bool fin) {
    fprintf(f,
            "tc_sys: DEADLOCK at cycle %" PRIu64 ": no wavefront progress since cycle %" PRIu64
            " (%" PRIu64 " cycles)%s\n",
            s->cycle, s->last_progress, s->cycle - s->last_progress,
            fin ? "; the workload has finished but the system does not drain" : "");
    fprintf(f, "  time: now %u era %u\n", s->to.now, s->to.era);
    tc_sys_dump_blocked(s, f);
    fprintf(f,
            "  in flight: request crossbar %" PRIu64 ", response crossbar %" PRIu64
            ", DRAM %" PRIu64 "\n",
            s->rq_inflight, s->rs_inflight, s->dram_inflight);
    for (uint32_t j = 0; j < s->n; j++)
        for (uint32_t b = 0; b < s->nb; b++) {
            const ring_t* r = &s->rq[j * s->nb + b];
            if (r->n)
                fprintf(f,
                        "    req  SM %u -> bank %u: %u message(s), head %s line 0x%" PRIx64
                        " wf %u ready at %" PRIu64 "\n",
                        j, b, r->n, req_name(((const req_ent_t*)ring_at(r, 0))->m.kind),
                        ((const req_ent_t*)ring_at(r, 0))->m.line,
                        ((const req_ent_t*)ring_at(r, 0))->m.wf,
                        ((const req_ent_t*)ring_at(r, 0))->ready);
            r = &s->rs[j * s->nb + b];
            if (r->n)
                fprintf(f,
                        "    rsp  bank %u -> SM %u: %u message(s), head %s line 0x%" PRIx64
                        " ready at %" PRIu64 "\n",
                        b, j, r->n, rsp_name(((const rsp_ent_t*)ring_at(r, 0))->m.kind),
                        ((const rsp_ent_t*)ring_at(r, 0))->m.line,
                        ((const rsp_ent_t*)ring_at(r, 0))->ready);
        }
    for (uint32_t b = 0; b < s->nb; b++)
        if (s->dram[b].n)
            fprintf(f,
                    "    DRAM -> bank %u: %u response(s), first line 0x%" PRIx64
                    " ready at %" PRIu64 "\n",
                    b, s->dram[b].n, s->dram[b].e[0].line, s->dram[b].e[0].ready);
    tc_backend_t* be = s->be;
    for (uint32_t j = 0; j < s->n; j++) {
        const tc_l1_out_t* o = &s->l1o[j];
        const tc_l1_t* m1 = tc_backend_c_l1(be, j);
        fprintf(f,
                "  L1 %u: core_ready %d fence_ready 0x%" PRIx64 " wr_idle 0x%" PRIx64
                " unsent 0x%" PRIx64,
                j, o->core_ready, o->fence_ready, o->wr_idle, s->m_unsent[j]);
        if (m1)
            fprintf(f, " fifo %u errors %" PRIu64, m1->fcnt, m1->errors);
        fputc('\n', f);
    }
    for (uint32_t b = 0; b < s->nb; b++) {
        fprintf(f, "  L2 %u: req_ready %d", b, s->l2o[b].req_ready);
        const tc_l2_t* m = tc_backend_c_l2(be, b);
        if (m) {
            uint32_t used[3] = {0, 0, 0};
            for (uint32_t k = 0; k < s->d.l2_mshrs; k++)
                if (m->mshr[k].v && m->mshr[k].kind < 3)
                    used[m->mshr[k].kind]++;
            fprintf(f, " fifo %u mshr IS %u IM %u MI %u errors %" PRIu64, m->fcnt, used[0], used[1],
                    used[2], m->errors);
            if (m->fcnt) {
                const tc_l2_fentry_t* h = &m->fifo[m->fhead];
                fprintf(f, " (head %s src %u line 0x%" PRIx64 ")", req_name(h->kind), h->src,
                        h->line);
            }
        }
        fputc('\n', f);
    }
}

tc_run_t tc_sys_run(tc_sys_t* s, uint64_t max_cycles, FILE* report) {
    uint64_t end = s->cycle + max_cycles;
    while (s->cycle < end) {
        if (sys_cycle(s) != 0)
            return TC_RUN_STOPPED;
        if (s->oom) {
            if (report)
                fprintf(report, "tc_sys: out of memory at cycle %" PRIu64 "\n", s->cycle);
            return TC_RUN_STOPPED;
        }
        if (s->cycle <= 2)
            continue;
        bool fin = s->wl->finished(s->wl->ctx);
        if (fin && quiescent(s)) {
            if (++s->drained >= 4)
                return TC_RUN_DONE;
        } else {
            s->drained = 0;
        }
        if (s->cycle - s->last_progress > s->cfg.deadlock_cycles) {
            if (report)
                report_deadlock(s, report, fin);
            return TC_RUN_DEADLOCK;
        }
    }
    return TC_RUN_CYCLES;
}

/* ---- reports ------------------------------------------------------------------------------- */

void tc_sys_dump_blocked(const tc_sys_t* s, FILE* f) {
    uint32_t nblk = 0;
    for (uint32_t j = 0; j < s->n; j++)
        for (uint32_t i = 0; i < s->w; i++) {
            const wf_t* w = &s->wf[j * s->w + i];
            if (w->st == WF_IDLE)
                continue;
            nblk++;
            fprintf(f,
                    "  SM %u wf %u: %s addr 0x%" PRIx64 " (line 0x%" PRIx64 ") since %" PRIu64 ": ",
                    j, i, wop_name(w->op.kind), w->op.addr, w->line, w->since);
            switch (w->st) {
            case WF_PEND:
                fprintf(f, "waits to be sent to the L1 (core_ready %d)\n", s->l1o[j].core_ready);
                break;
            case WF_LOAD:
                fprintf(f, "waits for the core LOAD response\n");
                break;
            case WF_ATOMIC:
                fprintf(f, "waits for the core ATOMIC response\n");
                break;
            default:
                fprintf(f,
                        "waits for %s[%u] (now %d; %u store(s)/atomic(s) not yet sent by the "
                        "L1)%s\n",
                        w->op.scope == TC_SCOPE_GPU ? "fence_ready" : "wr_idle", i,
                        (int)(((w->op.scope == TC_SCOPE_GPU ? s->l1o[j].fence_ready
                                                            : s->l1o[j].wr_idle) >>
                               i) &
                              1),
                        w->unsent, w->op.kind == TC_WOP_RELEASE ? ", then the release store" : "");
                break;
            }
        }
    if (!nblk)
        fprintf(f, "  no blocked wavefront\n");
}

void tc_sys_stats(const tc_sys_t* s, FILE* f) {
    fprintf(f, "cycles %" PRIu64 "  (harness errors %" PRIu64 ")\n", s->cycle, s->errors);
    fprintf(f, "ops completed:");
    for (uint32_t k = 0; k < OPK_N; k++)
        fprintf(f, " %s %" PRIu64, wop_name(k), s->st_done[k]);
    fprintf(f, "\nfences completed: CTA %" PRIu64 " GPU %" PRIu64 "\n", s->st_fence[0],
            s->st_fence[1]);
    fprintf(f,
            "core requests %" PRIu64 ", core responses %" PRIu64
            ", load/atomic latency avg %.1f max %" PRIu64 "\n",
            s->st_core_req, s->st_crsp,
            s->st_lat_n ? (double)s->st_lat_sum / (double)s->st_lat_n : 0.0, s->st_lat_max);
    fprintf(f, "L1->L2 requests:");
    for (uint32_t k = 1; k < 5; k++)
        fprintf(f, " %s %" PRIu64, req_name(k), s->st_req[k]);
    fprintf(f, "\nL2->L1 responses:");
    for (uint32_t k = 1; k < 5; k++)
        fprintf(f, " %s %" PRIu64, rsp_name(k), s->st_rsp[k]);
    fprintf(f, " (copies delivered %" PRIu64 ")\n", s->st_rsp_copies);
    fprintf(f,
            "DRAM: fetch %" PRIu64 " writeback %" PRIu64 " responses %" PRIu64
            "; lines in image %u\n",
            s->st_fetch, s->st_wb, s->st_memrsp, s->mem.n);
    fprintf(f,
            "stall cycles: core (L1 not ready) %" PRIu64 ", bank (L2 not ready) %" PRIu64
            ", L1 response conflicts %" PRIu64 "\n",
            s->st_core_stall, s->st_bank_stall, s->st_rsp_conflict);
    fprintf(
        f, "max in flight: request xbar %" PRIu64 ", response xbar %" PRIu64 ", DRAM %" PRIu64 "\n",
        s->st_rq_max, s->st_rs_max, s->st_dram_max);
    if (tc_backend_c_l1(s->be, 0)) {
        uint64_t e1 = 0, e2 = 0;
        for (uint32_t j = 0; j < s->n; j++)
            e1 += tc_backend_c_l1(s->be, j)->errors;
        for (uint32_t b = 0; b < s->nb; b++)
            e2 += tc_backend_c_l2(s->be, b)->errors;
        fprintf(f, "model protocol errors: L1 %" PRIu64 " L2 %" PRIu64 "\n", e1, e2);
    }
}
