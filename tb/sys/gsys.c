/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gsys.c -- the shared multi-SM system (tb/sys/gsys.h).
 *
 * Per cycle t:
 *   1. route the registered outputs of every unit (what it drives during cycle t): each L1's
 *      messages onto their networks, its core response -> wavefronts; each bank's messages (a
 *      copy per destination SM on a network into the SMs), its memory request -> DRAM;
 *   2. fences, new operations from the workload, and the inputs of every unit;
 *   3. tick every instance of every slot through the backend, in slot order.
 * Cycles 0 and 1 are reset (every unit's reset input asserted).
 *
 * Every choice (delays, DRAM latency, arbitration offsets, illegal inputs) comes from one PRNG
 * seeded by cfg->seed, drawn in one order: at gsys_new the round-robin starts (per SM its core
 * port and each network into the SMs, per bank each network into the banks); per cycle routing
 * (per SM the delays of its messages, network by network; per bank the delays of its messages'
 * copies by destination, then its DRAM latency), then the inputs (per SM: illegal core request,
 * atomic variant, illegal network input; per bank: illegal request, illegal DRAM fill). A protocol
 * with TC's two networks draws exactly what TC drew before the networks were data. Routing is
 * O(active messages): non-empty FIFOs and wavefronts with work are kept in bit masks.
 */
#include "gpucoh_bits.h"
#include "gsys.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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

/* A crossbar entry: the cycle it may be delivered, then the message's bytes. */
static uint64_t ent_ready(const void* e) {
    uint64_t r;
    memcpy(&r, e, sizeof r);
    return r;
}
static const void* ent_msg(const void* e) {
    return (const unsigned char*)e + sizeof(uint64_t);
}

/* A DRAM response waiting for its latency: a binary min-heap per bank on (ready, seq). */
typedef struct {
    uint64_t ready, seq, line;
    uint32_t data[GSYS_MAX_LINE_WORDS];
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

/* The probe slot of a line: its own slot, or the empty one where it would go (cap > 0). */
static uint32_t mem_slot(const mem_t* m, uint64_t line) {
    uint32_t i = (uint32_t)mem_hash(line) & (m->cap - 1);
    while (m->keys[i] && m->keys[i] != line + 1)
        i = (i + 1) & (m->cap - 1);
    return i;
}

static const uint32_t* mem_find(const mem_t* m, uint64_t line) {
    if (!m->cap)
        return NULL;
    const uint32_t i = mem_slot(m, line);
    return m->keys[i] ? m->words + m->idx[i] : NULL;
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
    const uint32_t i = mem_slot(m, line);
    if (m->keys[i])
        return m->words + m->idx[i];
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
    WF_FENCE,    /* waiting for the protocol's fence_mask (RELEASE: then the store) */
    WF_STORE,    /* waiting for a store's acknowledgement (store_ack) */
} wf_state_t;

typedef struct {
    uint32_t st; /* wf_state_t */
    uint32_t word;
    uint64_t line;
    uint64_t since;  /* cycle the current state began */
    uint32_t unsent; /* stores/atomics given to the L1 whose L2 request has not appeared yet */
    bool fence_l1;   /* fences_to_l1: the op's fence waits to be given to the L1 */
    uint8_t fscope;  /* the scope of the op's fence (WF_FENCE, fence_l1) */
    int8_t rel_pend; /* the scope of a release store / atomic issued since the last fence of
                        that scope, or -1 (gsys_variant_t.acq_waits_rel) */
    gsys_op_t op;
} wf_t;

/* One virtual network (gsys_net_t): a FIFO per (source, destination) pair, q[src * ndst + dst];
 * ne[dst] bit src = that FIFO is non-empty; rr[dst] = the source it last delivered from. */
typedef struct {
    const gsys_net_t* d;
    uint32_t id, nsrc, ndst;
    uint32_t lo, hi; /* delay range */
    bool unsent;     /* SMs -> banks with write_through: its stores / atomics free fences */
    ring_t* q;
    uint64_t* ne;
    uint32_t* rr;
    uint64_t inflight;
    uint64_t st_kind[GSYS_MAX_KINDS];
    uint64_t st_copies, st_max, st_stall, st_conflict, st_wait;
} net_t;

/* An input port of a place's units: the networks delivered through it, in priority order. */
typedef struct {
    uint32_t n;
    uint8_t net[GSYS_MAX_NETS];
} port_t;

/* one slot's instances: their inputs and registered outputs, back to back */
typedef struct {
    unsigned char *in, *out;
    size_t isz, osz;
    uint32_t n;
} sslot_t;

/* The wavefronts a workload with due() (gsys_workload_t) left waiting, by due cycle: a calendar of
 * CAL_SIZE one-cycle buckets, each a list threaded through the wavefronts (a wavefront waits in
 * at most one: it is in the calendar only while idle and not due). A due cycle CAL_SIZE or more
 * ahead goes round the calendar again when its bucket comes up. */
#define CAL_SIZE 4096u
typedef struct {
    uint32_t head[CAL_SIZE]; /* per bucket: its first wavefront + 1 (0: empty) */
    uint32_t* next;          /* per wavefront (sm * w + i): the next one in its bucket + 1 */
    uint64_t* at;            /* per wavefront: its due cycle */
    uint64_t* m_due;         /* per SM: the idle wavefronts due now */
    uint64_t* m_new;         /* per SM: the wavefronts idle since the last fetch, not yet asked */
} cal_t;

struct gsys {
    gsys_cfg_t cfg;
    const gsys_proto_t* p;
    const void* pd;     /* the protocol descriptor in cfg */
    bool acq_waits_rel; /* the variant's gsys_variant_t.acq_waits_rel */
    bool store_ack;     /* the protocol's store_ack or its variant's */
    bool scope_rm;      /* the variant's cores take GSYS_SCOPE_RM (gsys_variant_t.scopes) */
    gsys_backend_t* be;
    gsys_workload_t* wl;
    gpucoh_rng_t rng;
    uint32_t n, w, nb, lw, lb_bits, line_bytes, addr_width;
    uint64_t cycle;

    sslot_t sl[GSYS_MAX_SLOTS];
    gsys_sm_view_t* smv;   /* views of the L1s' and banks' registered outputs, made after each */
    gsys_bank_view_t* bkv; /* tick */

    /* wavefronts: wf[sm * w + i]; masks per SM */
    wf_t* wf;
    uint64_t* m_idle;  /* IDLE */
    uint64_t* m_pend;  /* PEND */
    uint64_t* m_fence; /* FENCE */
    uint64_t* m_unsent;
    uint64_t* m_sc; /* wavefronts whose operation is an SC fence */
    uint32_t* core_rr;
    uint64_t active; /* wavefronts not IDLE */

    /* the networks; by place (GSYS_AT_SM, GSYS_AT_BANK): those sent from it and the input
     * ports of its units */
    net_t net[GSYS_MAX_NETS];
    uint32_t nnets;
    uint8_t src_net[2][GSYS_MAX_NETS];
    uint32_t n_src_net[2];
    port_t port[2][GSYS_MAX_NETS];
    uint32_t nports[2];
    int req_net, rsp_net;    /* the request / response network of the legacy statistics, or -1 */
    int bank_ill_net;        /* the network whose in_ready counts an illegal bank request, or -1 */
    uint64_t bank_ill_until; /* gsys_set_bank_illegal_until */
    const gsys_backend_t* inv_be; /* gsys_check_invariant */
    void* inv_st;                 /* the invariant's state (gsys_proto_t.invariant_new) */
    const gsys_backend_t* ill_be; /* gsys_set_illegal_models (NULL: the backend's own models) */
    FILE* inv_f;
    uint64_t inv_bad;
    uint64_t inflight; /* copies in flight on every network */
    uint32_t* live[2]; /* per place and destination: bit k = network k has a message for it */
    int only[2]; /* per place: its units' one network in, when they have one port of one network */
    unsigned char* ent; /* scratch crossbar entry */
    /* DRAM */
    dram_heap_t* dram;
    uint64_t dram_seq, dram_inflight;
    mem_t mem;

    gsys_op_t op; /* scratch for the workload's next() */
    cal_t* cal;   /* the due cycles of a workload with due() (NULL: none) */

    uint64_t last_progress;
    uint32_t drained;
    uint64_t errors;
    bool oom;

    /* statistics */
    uint64_t st_done[GSYS_OP_N];
    uint64_t st_fence[2];
    uint64_t st_fetch, st_wb, st_memrsp;
    uint64_t st_core_stall;
    uint64_t st_lat_sum, st_lat_n, st_lat_max;
    uint64_t st_dram_max;
    uint64_t st_core_req, st_crsp;
    uint64_t st_core_illegal;    /* illegal requests presented while the L1 was ready */
    uint64_t st_bank_illegal[4]; /* gsys_bank_illegal */
    uint64_t st_peer_illegal;    /* gsys_peer_illegal */
};

static const char* op_name(uint32_t k) {
    static const char* const nm[GSYS_OP_N] = {"LOAD",    "STORE",   "ATOMIC",     "FENCE",
                                              "ACQUIRE", "RELEASE", "STORE_LINE", "LOAD_LINE"};
    return k < GSYS_OP_N ? nm[k] : "?";
}

static const char* kind_name(const net_t* x, uint32_t k) {
    return k < x->d->nkinds ? x->d->kinds[k] : "?";
}

/* a place in statistics ("L1->L2 requests") and in reports ("SM 3 -> bank 1", "L2 bank 1") */
static const char* place_short(uint32_t place) {
    return place == GSYS_AT_SM ? "L1" : "L2";
}
static const char* place_word(uint32_t place) {
    return place == GSYS_AT_SM ? "SM" : "bank";
}
static const char* place_unit(uint32_t place) {
    return place == GSYS_AT_SM ? "L1" : "L2 bank";
}

static uint32_t draw(gsys_t* s, uint32_t lo, uint32_t hi) {
    return hi > lo ? lo + gpucoh_rng_below(&s->rng, hi - lo + 1) : lo;
}

static bool chance_draw(gsys_t* s, uint32_t per_mille) {
    return gpucoh_rng_below(&s->rng, 1000) < per_mille;
}

/* an illegal input's chance: no draw when the rate is 0 (that test inline, as most rates are 0
 * and it is asked per SM and bank every cycle) */
static inline bool chance(gsys_t* s, uint32_t per_mille) {
    return per_mille && chance_draw(s, per_mille);
}

/* The views of the L1s' and banks' registered outputs (after every edge). */
static void views(gsys_t* s) {
    const sslot_t* a = &s->sl[s->p->sm_slot];
    const sslot_t* b = &s->sl[s->p->bank_slot];
    s->p->sm_views(s->pd, a->out, a->osz, a->n, s->smv);
    s->p->bank_views(s->pd, b->out, b->osz, b->n, s->bkv);
}

static void* in_of(const gsys_t* s, uint32_t slot, uint32_t i) {
    return s->sl[slot].in + (size_t)i * s->sl[slot].isz;
}
static void* out_of(const gsys_t* s, uint32_t slot, uint32_t i) {
    return s->sl[slot].out + (size_t)i * s->sl[slot].osz;
}
static void* sm_in(const gsys_t* s, uint32_t j) {
    return in_of(s, s->p->sm_slot, j);
}
static void* bank_in(const gsys_t* s, uint32_t b) {
    return in_of(s, s->p->bank_slot, b);
}
static const void* gout(const gsys_t* s) {
    return s->p->global_slot >= 0 ? out_of(s, (uint32_t)s->p->global_slot, 0) : NULL;
}
static const void* c_model(const gsys_t* s, uint32_t slot, uint32_t i) {
    return gsys_backend_model(s->be, slot, i);
}

static void harness_error(gsys_t* s, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

/* A message the system did not expect (printed for the first 10; counted in gsys_errors). */
static void harness_error(gsys_t* s, const char* fmt, ...) {
    s->errors++;
    if (s->errors <= 10) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "system: cycle %" PRIu64 ": ", s->cycle);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
        va_end(ap);
    }
}

static int cfg_check(const gsys_cfg_t* cfg, gsys_backend_t* be, gsys_workload_t* wl, char* err,
                     size_t errlen) {
    const gsys_proto_t* p = cfg->proto;
    if (!p || !be || !be->tick || !be->tick_slot || !wl || !wl->next || !wl->finished) {
        snprintf(err, errlen, "system: protocol, backend and workload callbacks are required");
        return -1;
    }
    if (!p->slots || !p->variants || !p->geometry || !p->bank_of || !p->sm_views ||
        !p->bank_views || !p->msg_info || !p->core_req || !p->nets || p->nnets < 1 ||
        !p->bank_fill || !p->inputs || !p->clear || !p->fence_mask || !p->variant_of ||
        p->sm_slot >= p->nslots || p->bank_slot >= p->nslots ||
        (p->global_slot >= 0 && p->global_slot != (int)p->nslots - 1) ||
        (p->global_in && p->global_slot < 0)) {
        snprintf(err, errlen, "system: protocol %s lacks a required hook or slot (gsys.h)",
                 p->name ? p->name : "?");
        return -1;
    }
    if (cfg->req_delay_min < 1 || cfg->req_delay_max < cfg->req_delay_min ||
        cfg->rsp_delay_min < 1 || cfg->rsp_delay_max < cfg->rsp_delay_min || cfg->mem_lat_min < 1 ||
        cfg->mem_lat_max < cfg->mem_lat_min) {
        snprintf(err, errlen,
                 "system: delays must satisfy 1 <= min <= max (req %u..%u, rsp %u..%u, "
                 "mem %u..%u)",
                 cfg->req_delay_min, cfg->req_delay_max, cfg->rsp_delay_min, cfg->rsp_delay_max,
                 cfg->mem_lat_min, cfg->mem_lat_max);
        return -1;
    }
    if (p->nctr > GSYS_MAX_PCTR) {
        snprintf(err, errlen, "system: %s names %u counters of its own (at most %d)", p->name,
                 p->nctr, GSYS_MAX_PCTR);
        return -1;
    }
    if (p->nnets > GSYS_MAX_NETS) {
        snprintf(err, errlen, "system: %s declares %u networks (at most %d)", p->name, p->nnets,
                 GSYS_MAX_NETS);
        return -1;
    }
    for (uint32_t k = 0; k < p->nnets; k++) {
        const gsys_net_t* x = &p->nets[k];
        const char* nm = x->name ? x->name : "?";
        if (!x->name || !x->noun || !x->kinds || !x->stamp || !x->deliver || !x->size) {
            snprintf(err, errlen,
                     "system: %s's network %u (%s) lacks a name, noun, kinds, size, stamp or "
                     "deliver (gsys.h)",
                     p->name, k, nm);
            return -1;
        }
        if (x->nkinds > GSYS_MAX_KINDS) {
            snprintf(err, errlen, "system: %s names more than %d message kinds per network",
                     p->name, GSYS_MAX_KINDS);
            return -1;
        }
        if ((x->src != GSYS_AT_SM && x->src != GSYS_AT_BANK) ||
            (x->dst != GSYS_AT_SM && x->dst != GSYS_AT_BANK)) {
            snprintf(err, errlen,
                     "system: %s's network %s: sources and destinations are the SMs or the banks "
                     "(a global unit's network is not supported yet)",
                     p->name, nm);
            return -1;
        }
        if (x->port >= GSYS_MAX_NETS || x->delay > GSYS_DELAY_RSP) {
            snprintf(err, errlen, "system: %s's network %s: port %u (0..%d), delay %u (0..1)",
                     p->name, nm, x->port, GSYS_MAX_NETS - 1, x->delay);
            return -1;
        }
    }
    if (p->pd_size > GSYS_PD_MAX) {
        snprintf(err, errlen, "system: %s's descriptor is larger than GSYS_PD_MAX", p->name);
        return -1;
    }
    if (p->check && p->check(gsys_pdc(cfg), err, errlen) != 0)
        return -1;
    gsys_geom_t g;
    p->geometry(gsys_pdc(cfg), &g);
    if (g.num_sm < 1 || g.num_sm > GSYS_MAX_SM || g.num_wf < 1 || g.num_wf > GSYS_MAX_WF ||
        g.num_banks < 1 || g.num_banks > GSYS_MAX_BANKS || g.line_bytes < 4 ||
        g.line_bytes > 4 * GSYS_MAX_LINE_WORDS || p->nslots > GSYS_MAX_SLOTS) {
        snprintf(err, errlen,
                 "system: %u SMs (1..%d), %u wavefronts (1..%d), %u banks (1..%d), %u-byte lines "
                 "(4..%d) are out of the system's range",
                 g.num_sm, GSYS_MAX_SM, g.num_wf, GSYS_MAX_WF, g.num_banks, GSYS_MAX_BANKS,
                 g.line_bytes, 4 * GSYS_MAX_LINE_WORDS);
        return -1;
    }
    return 0;
}

static int alloc_slots(gsys_t* s) {
    for (uint32_t k = 0; k < s->p->nslots; k++) {
        const gsys_unit_ops_t* ops = s->p->slots[k].ops;
        sslot_t* x = &s->sl[k];
        x->n = s->p->slots[k].place == GSYS_AT_SM     ? s->n
               : s->p->slots[k].place == GSYS_AT_BANK ? s->nb
                                                      : 1;
        x->isz = (ops->in_size + 7u) & ~(size_t)7u;
        x->osz = (ops->out_size + 7u) & ~(size_t)7u;
        x->in = calloc(x->n, x->isz);
        x->out = calloc(x->n, x->osz);
        if (!x->in || !x->out)
            return -1;
    }
    return 0;
}

/* The networks' FIFOs, the places' sending lists and input ports (priority order, then the order
 * of declaration); the largest crossbar entry. No random draw. */
static int nets_init(gsys_t* s, size_t* esz) {
    const gsys_proto_t* p = s->p;
    s->nnets = p->nnets;
    s->req_net = s->rsp_net = s->bank_ill_net = -1;
    s->bank_ill_until = UINT64_MAX;
    *esz = 0;
    for (uint32_t k = 0; k < p->nnets; k++) {
        net_t* x = &s->net[k];
        const gsys_net_t* d = &p->nets[k];
        x->d = d;
        x->id = k;
        x->nsrc = d->src == GSYS_AT_SM ? s->n : s->nb;
        x->ndst = d->dst == GSYS_AT_SM ? s->n : s->nb;
        x->lo = d->delay == GSYS_DELAY_REQ ? s->cfg.req_delay_min : s->cfg.rsp_delay_min;
        x->hi = d->delay == GSYS_DELAY_REQ ? s->cfg.req_delay_max : s->cfg.rsp_delay_max;
        x->unsent = p->write_through && d->src == GSYS_AT_SM && d->dst == GSYS_AT_BANK;
        const size_t e = sizeof(uint64_t) + ((d->size + 7u) & ~(size_t)7u);
        if (e > *esz)
            *esz = e;
        x->q = (ring_t*)calloc((size_t)x->nsrc * x->ndst, sizeof(ring_t));
        x->ne = (uint64_t*)calloc(x->ndst, sizeof(uint64_t));
        x->rr = (uint32_t*)calloc(x->ndst, sizeof(uint32_t));
        if (!x->q || !x->ne || !x->rr)
            return -1;
        for (uint32_t q = 0; q < x->nsrc * x->ndst; q++)
            x->q[q].esz = (uint32_t)e;
        s->src_net[d->src][s->n_src_net[d->src]++] = (uint8_t)k;
        if (d->src == GSYS_AT_SM && d->dst == GSYS_AT_BANK && s->req_net < 0)
            s->req_net = (int)k;
        if (d->src == GSYS_AT_BANK && d->dst == GSYS_AT_SM && s->rsp_net < 0)
            s->rsp_net = (int)k;
        if (d->dst == GSYS_AT_BANK && d->in_ready && s->bank_ill_net < 0)
            s->bank_ill_net = (int)k;
        /* its port at the destination: found or appended, the network inserted by priority */
        port_t* ports = s->port[d->dst];
        uint32_t pi = 0;
        while (pi < s->nports[d->dst] && p->nets[ports[pi].net[0]].port != d->port)
            pi++;
        if (pi == s->nports[d->dst])
            s->nports[d->dst]++;
        port_t* pt = &ports[pi];
        uint32_t at = pt->n;
        while (at > 0 && p->nets[pt->net[at - 1]].prio > d->prio) {
            pt->net[at] = pt->net[at - 1];
            at--;
        }
        pt->net[at] = (uint8_t)k;
        pt->n++;
    }
    for (uint32_t pl = 0; pl < 2; pl++)
        s->only[pl] = s->nports[pl] == 1 && s->port[pl][0].n == 1 ? s->port[pl][0].net[0] : -1;
    return 0;
}

static void cal_free(cal_t* c) {
    if (!c)
        return;
    free(c->next);
    free(c->at);
    free(c->m_due);
    free(c->m_new);
    free(c);
}

/* The calendar of a workload with due(): every wavefront starts idle and not yet asked. */
static int cal_new(gsys_t* s, uint64_t all) {
    cal_t* c = (cal_t*)calloc(1, sizeof *c);
    s->cal = c;
    if (!c)
        return -1;
    c->next = (uint32_t*)calloc((size_t)s->n * s->w, sizeof *c->next);
    c->at = (uint64_t*)calloc((size_t)s->n * s->w, sizeof *c->at);
    c->m_due = (uint64_t*)calloc(s->n, sizeof *c->m_due);
    c->m_new = (uint64_t*)calloc(s->n, sizeof *c->m_new);
    if (!c->next || !c->at || !c->m_due || !c->m_new)
        return -1;
    for (uint32_t j = 0; j < s->n; j++)
        c->m_new[j] = all;
    return 0;
}

gsys_t* gsys_new(const gsys_cfg_t* cfg, gsys_backend_t* be, gsys_workload_t* wl, char* err,
                 size_t errlen) {
    if (cfg_check(cfg, be, wl, err, errlen) != 0)
        return NULL;
    gsys_t* s = (gsys_t*)calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "system: out of memory");
        return NULL;
    }
    s->cfg = *cfg;
    if (!s->cfg.deadlock_cycles)
        s->cfg.deadlock_cycles = 100000;
    s->p = cfg->proto;
    s->pd = s->cfg.pd.bytes;
    /* GPUCOH_SYS_ACQ_NO_WAIT=1 (test-only): the mutant of acq_waits_rel, so that the tests
     * show the SB+relacq.gpu violation it fixed (docs/memory-models.md section 12) */
    const char* nowait = getenv("GPUCOH_SYS_ACQ_NO_WAIT");
    s->acq_waits_rel =
        s->p->variants[s->p->variant_of(s->pd)].acq_waits_rel && !(nowait && !strcmp(nowait, "1"));
    s->scope_rm = (s->p->variants[s->p->variant_of(s->pd)].scopes >> GSYS_SCOPE_RM) & 1u;
    s->store_ack = s->p->store_ack || s->p->variants[s->p->variant_of(s->pd)].store_ack;
    s->be = be;
    s->wl = wl;
    gpucoh_rng_seed(&s->rng, cfg->seed);
    gsys_geom_t g;
    s->p->geometry(s->pd, &g);
    s->n = g.num_sm;
    s->w = g.num_wf;
    s->nb = g.num_banks;
    s->line_bytes = g.line_bytes;
    s->addr_width = g.addr_width;
    s->lw = g.line_bytes / 4u;
    s->lb_bits = gpucoh_log2_ceil(g.line_bytes);
    uint32_t n = s->n, nb = s->nb;
    size_t esz = 0;
    const int nets_rc = nets_init(s, &esz);
    s->smv = calloc(n, sizeof *s->smv);
    s->bkv = calloc(nb, sizeof *s->bkv);
    s->wf = (wf_t*)calloc((size_t)n * s->w, sizeof *s->wf);
    s->m_idle = (uint64_t*)calloc(n, sizeof(uint64_t));
    s->m_pend = (uint64_t*)calloc(n, sizeof(uint64_t));
    s->m_fence = (uint64_t*)calloc(n, sizeof(uint64_t));
    s->m_unsent = (uint64_t*)calloc(n, sizeof(uint64_t));
    s->m_sc = (uint64_t*)calloc(n, sizeof(uint64_t));
    s->core_rr = (uint32_t*)calloc(n, sizeof(uint32_t));
    s->dram = (dram_heap_t*)calloc(nb, sizeof(dram_heap_t));
    s->ent = calloc(1, esz);
    s->live[GSYS_AT_SM] = (uint32_t*)calloc(n, sizeof(uint32_t));
    s->live[GSYS_AT_BANK] = (uint32_t*)calloc(nb, sizeof(uint32_t));
    if (nets_rc != 0 || alloc_slots(s) != 0 || !s->smv || !s->bkv || !s->wf || !s->m_idle ||
        !s->m_pend || !s->m_fence || !s->m_unsent || !s->m_sc || !s->core_rr || !s->dram ||
        !s->ent || !s->live[0] || !s->live[1]) {
        gsys_free(s);
        snprintf(err, errlen, "system: out of memory");
        return NULL;
    }
    uint64_t all = s->w >= 64 ? ~0ull : ((1ull << s->w) - 1);
    if (wl->due && cal_new(s, all) != 0) {
        gsys_free(s);
        snprintf(err, errlen, "system: out of memory");
        return NULL;
    }
    for (uint32_t k = 0; k < n * s->w; k++)
        s->wf[k].rel_pend = -1;
    /* the round-robin starts, in this order: per SM its core port, then each network into the
     * SMs; per bank each network into the banks */
    for (uint32_t j = 0; j < n; j++) {
        s->m_idle[j] = all;
        s->core_rr[j] = gpucoh_rng_below(&s->rng, s->w);
        for (uint32_t k = 0; k < s->nnets; k++)
            if (s->net[k].d->dst == GSYS_AT_SM)
                s->net[k].rr[j] = gpucoh_rng_below(&s->rng, s->net[k].nsrc);
    }
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t k = 0; k < s->nnets; k++)
            if (s->net[k].d->dst == GSYS_AT_BANK)
                s->net[k].rr[b] = gpucoh_rng_below(&s->rng, s->net[k].nsrc);
    s->mem.lw = s->lw;
    /* the outputs before the first edge (never compared) and their views */
    for (uint32_t k = 0; s->p->reset_outputs && k < s->p->nslots; k++)
        for (uint32_t i = 0; i < s->sl[k].n; i++)
            s->p->reset_outputs(s->pd, k, out_of(s, k, i));
    views(s);
    return s;
}

void gsys_free(gsys_t* s) {
    if (!s)
        return;
    for (uint32_t k = 0; k < s->nnets; k++) {
        net_t* x = &s->net[k];
        if (x->q)
            for (uint32_t q = 0; q < x->nsrc * x->ndst; q++)
                free(x->q[q].buf);
        free(x->q);
        free(x->ne);
        free(x->rr);
    }
    if (s->dram)
        for (uint32_t b = 0; b < s->nb; b++)
            free(s->dram[b].e);
    for (uint32_t k = 0; k < GSYS_MAX_SLOTS; k++) {
        free(s->sl[k].in);
        free(s->sl[k].out);
    }
    free(s->mem.keys);
    free(s->mem.idx);
    free(s->mem.words);
    free(s->smv);
    free(s->bkv);
    free(s->wf);
    free(s->m_idle);
    free(s->m_pend);
    free(s->m_fence);
    free(s->m_unsent);
    free(s->m_sc);
    free(s->core_rr);
    free(s->dram);
    free(s->ent);
    free(s->live[0]);
    free(s->live[1]);
    cal_free(s->cal);
    if (s->inv_st)
        s->p->invariant_free(s->inv_st);
    free(s);
}

uint64_t gsys_cycle(const gsys_t* s) {
    return s->cycle;
}

void gsys_mark_progress(gsys_t* s) {
    s->last_progress = s->cycle;
}

uint64_t gsys_illegal(const gsys_t* s) {
    return s->st_core_illegal;
}

void gsys_illegal_op_wf(gpucoh_rng_t* rng, uint32_t num_wf, uint32_t load, uint32_t* op,
                        uint32_t* wf) {
    static const uint32_t bad[4] = {0u, 5u, 6u, 7u};
    if (num_wf < 64 && gpucoh_rng_below(rng, 2)) {
        *op = load;
        *wf = num_wf + (uint32_t)gpucoh_rng_below(rng, 64 - num_wf);
    } else {
        *op = bad[gpucoh_rng_below(rng, 4)];
        *wf = (uint32_t)gpucoh_rng_below(rng, num_wf);
    }
}

int gsys_illegal_atomic(gpucoh_rng_t* rng, uint32_t lw, uint32_t* word, uint32_t* aop) {
    if (gpucoh_rng_below(rng, 2) && *word + lw < 32u) {
        *word += lw;
        return 2;
    }
    *aop = 3u;
    return 3;
}

void gsys_check_invariant(gsys_t* s, const gsys_backend_t* cbe, FILE* f) {
    s->inv_be = cbe;
    s->inv_f = f;
    if (cbe && !s->inv_st && s->p->invariant && s->p->invariant_new)
        s->inv_st = s->p->invariant_new(s->pd);
}

uint64_t gsys_invariant_violations(const gsys_t* s) {
    return s->inv_bad;
}

const void* gsys_invariant_state(const gsys_t* s) {
    return s->inv_st;
}

void gsys_set_bank_illegal_until(gsys_t* s, uint64_t cycle) {
    s->bank_ill_until = cycle;
}

void gsys_bank_illegal(const gsys_t* s, uint64_t j[4]) {
    memcpy(j, s->st_bank_illegal, sizeof s->st_bank_illegal);
}

void gsys_set_illegal_models(gsys_t* s, const gsys_backend_t* cbe) {
    s->ill_be = cbe;
}

uint64_t gsys_peer_illegal(const gsys_t* s) {
    return s->st_peer_illegal;
}

uint64_t gsys_errors(const gsys_t* s) {
    return s->errors;
}

uint32_t gsys_mem_word(const gsys_t* s, uint64_t addr) {
    const uint32_t* w = mem_find(&s->mem, addr >> s->lb_bits);
    return w ? w[(addr & (s->line_bytes - 1)) >> 2] : 0;
}

uint32_t gsys_word(const gsys_t* s, uint64_t addr) {
    const uint64_t line = addr >> s->lb_bits;
    const uint32_t word = (uint32_t)((addr & (s->line_bytes - 1)) >> 2);
    uint32_t v;
    for (uint32_t j = 0; s->p->sm_word && j < s->n; j++) {
        const void* l1 = c_model(s, s->p->sm_slot, j);
        if (l1 && s->p->sm_word(s->pd, l1, line, word, &v))
            return v; /* an L1 owns the line */
    }
    const void* m = c_model(s, s->p->bank_slot, s->p->bank_of(s->pd, line));
    if (m && s->p->bank_word && s->p->bank_word(s->pd, m, line, word, &v))
        return v;
    return gsys_mem_word(s, addr);
}

/* ---- wavefront bookkeeping ----------------------------------------------------------------- */

static void wf_set(gsys_t* s, uint32_t j, uint32_t i, uint32_t st) {
    wf_t* f = &s->wf[j * s->w + i];
    uint64_t bit = 1ull << i;
    if (f->st == WF_IDLE && st != WF_IDLE)
        s->active++;
    else if (f->st != WF_IDLE && st == WF_IDLE)
        s->active--;
    s->m_idle[j] &= ~bit;
    s->m_pend[j] &= ~bit;
    s->m_fence[j] &= ~bit;
    if (st == WF_IDLE) {
        s->m_idle[j] |= bit;
        s->m_sc[j] &= ~bit;
        if (s->cal)
            s->cal->m_new[j] |= bit;
    } else if (st == WF_PEND)
        s->m_pend[j] |= bit;
    else if (st == WF_FENCE)
        s->m_fence[j] |= bit;
    f->st = st;
    f->since = s->cycle;
}

static void wf_done(gsys_t* s, uint32_t j, uint32_t i, uint32_t value, const uint32_t* line) {
    wf_t* f = &s->wf[j * s->w + i];
    gsys_op_t op = f->op; /* the workload may look at it after the wavefront moved on */
    if (op.kind < GSYS_OP_N)
        s->st_done[op.kind]++;
    s->last_progress = s->cycle;
    wf_set(s, j, i, WF_IDLE);
    if (s->wl->done)
        s->wl->done(s->wl->ctx, j, i, &op, value, line, s->cycle);
}

/* ---- step 1: routing ----------------------------------------------------------------------- */

/* A store / atomic request of wavefront wf has appeared: the fence need not wait for it. */
static void unsent_seen(gsys_t* s, const net_t* x, uint32_t j, const gsys_msg_info_t* mi) {
    if (mi->wf < s->w && s->wf[j * s->w + mi->wf].unsent > 0) {
        if (--s->wf[j * s->w + mi->wf].unsent == 0)
            s->m_unsent[j] &= ~(1ull << mi->wf);
    } else {
        harness_error(s, "L1 %u sent a %s for wavefront %u with no store/atomic issued", j,
                      kind_name(x, mi->kind), mi->wf);
    }
}

/* A copy of msg from source instance src to destination dst (stamped by the network) onto its
 * FIFO: ready after a delay drawn from the network's range, never before the pair's previous
 * message (point-to-point order). */
static inline __attribute__((always_inline)) void xbar_push(gsys_t* s, net_t* x, uint32_t src,
                                                            uint32_t dst, const void* msg) {
    ring_t* r = &x->q[src * x->ndst + dst];
    unsigned char* e = s->ent;
    memcpy(e + sizeof(uint64_t), msg, x->d->size);
    x->d->stamp(e + sizeof(uint64_t), src, dst);
    const uint64_t rd = s->cycle + draw(s, x->lo, x->hi);
    const uint64_t ready = rd > r->last_ready ? rd : r->last_ready;
    memcpy(e, &ready, sizeof ready);
    r->last_ready = ready;
    if (ring_push(r, e) != 0)
        s->oom = true;
    x->ne[dst] |= 1ull << src;
    s->live[x->d->dst][dst] |= 1u << x->id;
    x->st_copies++;
    s->inflight++;
    if (++x->inflight > x->st_max)
        x->st_max = x->inflight;
}

/* A message sent on network x by source instance src: into the banks, to the bank of its line;
 * into the SMs, a copy to every SM of its dst mask (in SM order). */
static void route_msg(gsys_t* s, net_t* x, uint32_t src, const void* msg) {
    gsys_msg_info_t mi;
    s->p->msg_info(s->pd, x->id, msg, &mi);
    if (mi.kind < x->d->nkinds)
        x->st_kind[mi.kind]++;
    if (x->d->dst == GSYS_AT_BANK) {
        if (x->unsent && mi.wf != GSYS_NO_WF)
            unsent_seen(s, x, src, &mi);
        xbar_push(s, x, src, s->p->bank_of(s->pd, mi.line), msg);
        return;
    }
    uint64_t m = mi.dst;
    if (!m)
        harness_error(s, "%s %u sent a %s with dst 0 (line 0x%" PRIx64 ")", place_unit(x->d->src),
                      src, x->d->noun, mi.line);
    while (m) {
        uint32_t j = (uint32_t)__builtin_ctzll(m);
        m &= m - 1;
        if (j >= s->n) {
            harness_error(s, "%s %u: %s to SM %u of %u", place_unit(x->d->src), src, x->d->noun, j,
                          s->n);
            continue;
        }
        xbar_push(s, x, src, j, msg);
    }
}

static void route_crsp(gsys_t* s, uint32_t j, const gsys_sm_view_t* v) {
    s->st_crsp++;
    uint64_t m = v->crsp_wf_mask;
    const bool load = v->crsp_kind == GSYS_CRSP_LOAD;
    const bool ack = s->store_ack && v->crsp_kind == GSYS_CRSP_STORE;
    if (!load && !ack && v->crsp_kind != GSYS_CRSP_ATOMIC)
        harness_error(s, "L1 %u: core response of unknown kind %u", j, v->crsp_kind);
    while (m) {
        uint32_t i = (uint32_t)__builtin_ctzll(m);
        m &= m - 1;
        wf_t* f = i < s->w ? &s->wf[j * s->w + i] : NULL;
        uint32_t want = load ? WF_LOAD : ack ? WF_STORE : WF_ATOMIC;
        if (!f || f->st != want || f->line != v->crsp_line) {
            harness_error(s,
                          "L1 %u: core %s response for wavefront %u (line 0x%" PRIx64
                          ") that does not wait for it",
                          j,
                          load  ? "LOAD"
                          : ack ? "STORE"
                                : "ATOMIC",
                          i, v->crsp_line);
            continue;
        }
        if (ack) { /* the store is complete (no value; not a load / atomic latency) */
            wf_done(s, j, i, 0, NULL);
            continue;
        }
        uint64_t lat = s->cycle - f->since;
        s->st_lat_sum += lat;
        s->st_lat_n++;
        if (lat > s->st_lat_max)
            s->st_lat_max = lat;
        wf_done(s, j, i, v->crsp_data[f->word], v->crsp_data);
    }
}

static void route_l1(gsys_t* s, uint32_t j) {
    const gsys_sm_view_t* v = &s->smv[j];
    for (uint32_t k = 0; k < s->n_src_net[GSYS_AT_SM]; k++) {
        const uint32_t id = s->src_net[GSYS_AT_SM][k];
        if (v->send[id])
            route_msg(s, &s->net[id], j, v->send[id]);
    }
    if (v->crsp_valid)
        route_crsp(s, j, v);
}

static void route_l2(gsys_t* s, uint32_t b) {
    const gsys_bank_view_t* v = &s->bkv[b];
    for (uint32_t k = 0; k < s->n_src_net[GSYS_AT_BANK]; k++) {
        const uint32_t id = s->src_net[GSYS_AT_BANK][k];
        if (v->send[id])
            route_msg(s, &s->net[id], b, v->send[id]);
    }
    if (v->wb) {
        s->st_wb++;
        uint32_t* w = mem_get(&s->mem, v->wb_line);
        if (w)
            memcpy(w, v->wb_data, s->lw * sizeof(uint32_t));
        else
            s->oom = true;
    }
    if (v->fetch) {
        s->st_fetch++;
        dram_ent_t e;
        memset(&e, 0, sizeof e);
        e.ready = s->cycle + draw(s, s->cfg.mem_lat_min, s->cfg.mem_lat_max);
        e.seq = s->dram_seq++;
        e.line = v->fetch_line;
        const uint32_t* w = mem_find(&s->mem, v->fetch_line);
        if (w)
            memcpy(e.data, w, s->lw * sizeof(uint32_t));
        if (dram_push(&s->dram[b], &e) != 0)
            s->oom = true;
        if (++s->dram_inflight > s->st_dram_max)
            s->st_dram_max = s->dram_inflight;
    }
}

/* ---- step 2: wavefronts and inputs --------------------------------------------------------- */

/* An acquire that must first wait for the wavefront's release (gsys_variant_t.acq_waits_rel):
 * its fence takes the larger scope of the two. */
static bool acq_after_rel(const gsys_t* s, wf_t* f, const gsys_op_t* op) {
    const bool acq = op->kind == GSYS_OP_ACQUIRE ||
                     (op->kind == GSYS_OP_ATOMIC && op->order == GSYS_ORD_ACQUIRE);
    if (!s->acq_waits_rel || !acq || f->rel_pend < 0)
        return false;
    if ((uint8_t)f->rel_pend > f->fscope)
        f->fscope = (uint8_t)f->rel_pend;
    return true;
}

/* A release store / atomic the L1 took (acq_waits_rel): a later acquire waits for it. */
static void rel_issued(gsys_t* s, wf_t* f) {
    const bool rel = f->op.kind == GSYS_OP_RELEASE ||
                     (f->op.kind == GSYS_OP_ATOMIC &&
                      (f->op.order == GSYS_ORD_RELEASE || f->op.order == GSYS_ORD_ACQ_REL));
    if (s->acq_waits_rel && rel && (int8_t)f->op.scope > f->rel_pend)
        f->rel_pend = (int8_t)f->op.scope;
}

/* Take an operation from the workload: the wavefront becomes PEND or FENCE. */
static void wf_take(gsys_t* s, uint32_t j, uint32_t i);

static inline __attribute__((always_inline)) void wf_fetch(gsys_t* s, uint32_t j, uint32_t i) {
    /* s->op is all-zero here: re-zeroed after every call that returned an operation (this is
     * called for every idle wavefront every cycle; a workload writes *op only when it returns
     * true, tb/sys/gsys.h) */
    if (s->wl->next(s->wl->ctx, j, i, s->cycle, &s->op))
        wf_take(s, j, i);
}

/* The operation next() gave idle wavefront (j, i), in s->op: the wavefront takes it. */
static void wf_take(gsys_t* s, uint32_t j, uint32_t i) {
    wf_t* f = &s->wf[j * s->w + i];
    gsys_op_t* o = &s->op;
    gsys_op_t op = *o;
    memset(o, 0, sizeof *o);
    if (op.kind >= GSYS_OP_N || op.scope >= GSYS_NSCOPES) {
        harness_error(s, "workload: unknown op %s %u (SM %u wf %u)",
                      op.kind >= GSYS_OP_N ? "kind" : "scope",
                      op.kind >= GSYS_OP_N ? op.kind : op.scope, j, i);
        return;
    }
    if (op.scope == GSYS_SCOPE_RM && !s->scope_rm)
        op.scope = GSYS_SCOPE_GPU; /* rsp.md section 8: RM is GPU scope to this variant */
    f->op = op;
    f->line = op.addr >> s->lb_bits;
    f->word = (uint32_t)((op.addr & (s->line_bytes - 1)) >> 2);
    f->fscope = (uint8_t)op.scope;
    const bool fence = op.kind == GSYS_OP_FENCE || op.kind == GSYS_OP_RELEASE ||
                       (op.kind == GSYS_OP_ATOMIC &&
                        (op.order == GSYS_ORD_RELEASE || op.order == GSYS_ORD_ACQ_REL)) ||
                       acq_after_rel(s, f, &op);
    if (op.kind == GSYS_OP_FENCE && op.order == GSYS_ORD_SC)
        s->m_sc[j] |= 1ull << i; /* fence_mask's SC answer (cleared when the wavefront is idle) */
    f->fence_l1 = fence && s->p->fences_to_l1;
    wf_set(s, j, i, fence && !f->fence_l1 ? WF_FENCE : WF_PEND);
}

/* ---- the due cycles of a workload with due() (cal_t) ---- */

/* Wavefront k (sm * w + i) waits until cycle t (> now; UINT64_MAX: for good). */
static void cal_put(cal_t* c, uint32_t k, uint64_t t) {
    if (t == UINT64_MAX)
        return;
    const uint32_t b = (uint32_t)(t & (CAL_SIZE - 1u));
    c->at[k] = t;
    c->next[k] = c->head[b];
    c->head[b] = k + 1u;
}

/* This cycle's bucket: its wavefronts due now are marked, those a lap or more ahead put back. */
static void cal_pop(gsys_t* s) {
    cal_t* c = s->cal;
    const uint32_t b = (uint32_t)(s->cycle & (CAL_SIZE - 1u));
    uint32_t k1 = c->head[b];
    c->head[b] = 0;
    while (k1) {
        const uint32_t k = k1 - 1u, nx = c->next[k];
        if (c->at[k] <= s->cycle)
            c->m_due[k / s->w] |= 1ull << (k % s->w);
        else
            cal_put(c, k, c->at[k]);
        k1 = nx;
    }
}

/* SM j's fetch with due(): the wavefronts idle since its last fetch are asked for their due
 * cycle; those due now are asked for an operation, and one that gets none for its next due. */
static void fetch_due(gsys_t* s, uint32_t j) {
    cal_t* c = s->cal;
    const gsys_workload_t* wl = s->wl;
    const uint64_t now = s->cycle;
    uint64_t m = c->m_new[j];
    c->m_new[j] = 0;
    while (m) {
        const uint32_t i = (uint32_t)__builtin_ctzll(m);
        m &= m - 1;
        const uint64_t t = wl->due(wl->ctx, j, i, now);
        if (t <= now)
            c->m_due[j] |= 1ull << i;
        else
            cal_put(c, j * s->w + i, t);
    }
    m = s->m_idle[j] & c->m_due[j];
    c->m_due[j] &= ~m;
    while (m) {
        const uint32_t i = (uint32_t)__builtin_ctzll(m);
        m &= m - 1;
        wf_fetch(s, j, i);
        if (s->wf[j * s->w + i].st != WF_IDLE)
            continue;
        const uint64_t t = wl->due(wl->ctx, j, i, now + 1u);
        cal_put(c, j * s->w + i, t > now ? t : now + 1u);
    }
}

/* Complete the fences of m (waiting, every store sent) whose condition holds in this cycle
 * (registered L1 outputs). */
static void fences_of(gsys_t* s, uint32_t j, uint64_t m) {
    const void* o = out_of(s, s->p->sm_slot, j);
    /* per scope: acquire-release fences as fence_mask says for them, SC fences (when any waits)
     * as it says for SC */
    uint64_t ready[2] = {s->p->fence_mask(s->pd, o, GSYS_SCOPE_CTA, GSYS_ORD_ACQ_REL),
                         s->p->fence_mask(s->pd, o, GSYS_SCOPE_GPU, GSYS_ORD_ACQ_REL)};
    const uint64_t sc = m & s->m_sc[j];
    if (sc) {
        ready[0] =
            (ready[0] & ~sc) | (s->p->fence_mask(s->pd, o, GSYS_SCOPE_CTA, GSYS_ORD_SC) & sc);
        ready[1] =
            (ready[1] & ~sc) | (s->p->fence_mask(s->pd, o, GSYS_SCOPE_GPU, GSYS_ORD_SC) & sc);
    }
    while (m) {
        uint32_t i = (uint32_t)__builtin_ctzll(m);
        m &= m - 1;
        wf_t* f = &s->wf[j * s->w + i];
        if (!((ready[f->fscope != GSYS_SCOPE_CTA] >> i) & 1u))
            continue;
        s->st_fence[f->fscope != GSYS_SCOPE_CTA]++;
        if (f->rel_pend >= 0 && f->fscope >= (uint8_t)f->rel_pend)
            f->rel_pend = -1; /* the release is performed at its scope */
        if (f->op.kind != GSYS_OP_FENCE) {
            s->last_progress = s->cycle;
            wf_set(s, j, i, WF_PEND); /* now the release store / atomic */
        } else {
            wf_done(s, j, i, 0, NULL);
        }
    }
}

/* fences_of for SM j's waiting fences (the test inline: most SMs have none) */
static inline void fences(gsys_t* s, uint32_t j) {
    const uint64_t m = s->m_fence[j] & ~s->m_unsent[j];
    if (m)
        fences_of(s, j, m);
}

/* An idle core presents, with probability core_illegal_per_mille / 1000, a request the L1 must
 * drop; one presented while the L1 is ready is counted (its C model counts a protocol error). */
static void core_illegal(gsys_t* s, uint32_t j) {
    if (!s->p->core_illegal || !chance(s, s->cfg.core_illegal_per_mille))
        return;
    s->p->core_illegal(s->pd, &s->rng, sm_in(s, j));
    if (s->smv[j].core_ready)
        s->st_core_illegal++;
}

/* A core's atomic carries, with probability bank_illegal_per_mille / 1000, a variant the bank
 * must handle (atomic_illegal); counted by the caller when the L1 takes the request. */
static int atomic_illegal(gsys_t* s, uint32_t j, const wf_t* f) {
    if (!s->p->atomic_illegal || !s->cfg.bank_illegal_per_mille || f->op.kind != GSYS_OP_ATOMIC ||
        !chance(s, s->cfg.bank_illegal_per_mille))
        return -1;
    return s->p->atomic_illegal(s->pd, &s->rng, sm_in(s, j));
}

/* A bank request port with nothing to deliver presents, with probability
 * bank_illegal_per_mille / 1000, an illegal request; counted when presented while ready. */
static void bank_illegal(gsys_t* s, uint32_t b) {
    if (!s->p->bank_illegal || s->cycle >= s->bank_ill_until ||
        !chance(s, s->cfg.bank_illegal_per_mille))
        return;
    const int n = s->p->bank_illegal(s->pd, &s->rng, bank_in(s, b));
    const int net = n >= 0 ? n : s->bank_ill_net;
    if (net < 0 || s->bkv[b].in_ready[net])
        s->st_bank_illegal[0]++;
}

/* An L1 whose network inputs get nothing this cycle presents, with probability
 * peer_illegal_per_mille / 1000, an illegal message the protocol picks from its C model's state
 * (peer_illegal); counted when presented (the L1 never refuses one). */
static void peer_illegal(gsys_t* s, uint32_t j) {
    if (!s->p->peer_illegal || !chance(s, s->cfg.peer_illegal_per_mille))
        return;
    const void* m =
        s->ill_be ? gsys_backend_model(s->ill_be, s->p->sm_slot, j) : c_model(s, s->p->sm_slot, j);
    if (s->p->peer_illegal(s->pd, &s->rng, sm_in(s, j), m) > 0)
        s->st_peer_illegal++;
}

/* A DRAM port with nothing to deliver presents, with probability bank_illegal_per_mille / 1000,
 * a fill of the highest line address (the random traffic never uses it), unless a fetch of it is in
 * flight to that bank. The bank finds no miss waiting for it: a protocol error that changes
 * nothing. */
static void mem_illegal(gsys_t* s, uint32_t b) {
    if (!s->p->stray_fills || !chance(s, s->cfg.bank_illegal_per_mille))
        return;
    const uint64_t line = (1ull << (s->addr_width - s->lb_bits)) - 1u;
    const dram_heap_t* h = &s->dram[b];
    for (uint32_t k = 0; k < h->n; k++)
        if (h->e[k].line == line)
            return;
    uint32_t data[GSYS_MAX_LINE_WORDS];
    for (uint32_t k = 0; k < s->lw; k++)
        data[k] = (uint32_t)gpucoh_rng_next(&s->rng);
    s->p->bank_fill(s->pd, bank_in(s, b), line, data);
    s->st_bank_illegal[1]++;
}

/* A store / atomic the L1 took: with a write-through L1 its request must leave the L1 before a
 * fence of its wavefront may complete. */
static void write_issued(gsys_t* s, uint32_t j, uint32_t i, wf_t* f) {
    if (!s->p->write_through)
        return;
    f->unsent++;
    s->m_unsent[j] |= 1ull << i;
}

/* The core request of SM j: at most one per cycle, round robin over the wavefronts with a
 * pending operation. It counts only when the L1's core_ready is 1; when it is 0 the request is
 * still presented (the L1 must ignore it, docs/timing.md rule 6) and stays pending. */
static void core_issue(gsys_t* s, uint32_t j) {
    uint64_t m = s->m_pend[j];
    if (!m) {
        core_illegal(s, j);
        return;
    }
    uint32_t st = (s->core_rr[j] + 1) % s->w;
    uint64_t hi = m & ~((1ull << st) - 1);
    uint32_t i = (uint32_t)__builtin_ctzll(hi ? hi : m);
    wf_t* f = &s->wf[j * s->w + i];
    gsys_op_t fop; /* fences_to_l1: a FENCE, or a RELEASE's fence, as a FENCE of its scope */
    if (f->fence_l1) {
        memset(&fop, 0, sizeof fop);
        fop.kind = GSYS_OP_FENCE;
        fop.scope = f->fscope;
        fop.order = f->op.kind == GSYS_OP_FENCE ? f->op.order : GSYS_ORD_ACQ_REL;
    }
    s->p->core_req(s->pd, sm_in(s, j), i, f->fence_l1 ? &fop : &f->op, f->line, f->word);
    const int odd = atomic_illegal(s, j, f);
    if (!s->smv[j].core_ready) {
        s->st_core_stall++;
        return;
    }
    if (odd >= 0 && odd < 4)
        s->st_bank_illegal[odd]++;
    s->core_rr[j] = i;
    s->st_core_req++;
    if (f->fence_l1) { /* the L1 took the fence: now wait for fence_mask */
        f->fence_l1 = false;
        wf_set(s, j, i, WF_FENCE);
        return;
    }
    switch (f->op.kind) {
    case GSYS_OP_LOAD:
    case GSYS_OP_ACQUIRE:
    case GSYS_OP_LOAD_LINE:
        wf_set(s, j, i, WF_LOAD);
        return;
    case GSYS_OP_ATOMIC:
        wf_set(s, j, i, WF_ATOMIC);
        write_issued(s, j, i, f);
        rel_issued(s, f);
        return;
    default: /* stores complete at issue, or at their acknowledgement (store_ack) */
        write_issued(s, j, i, f);
        rel_issued(s, f);
        if (s->store_ack)
            wf_set(s, j, i, WF_STORE);
        else
            wf_done(s, j, i, 0, NULL);
        return;
    }
}

/* The head of network x's FIFOs into destination d to serve now: the first source, round robin
 * from the one after the last served, whose head is ready (UINT32_MAX: none); *more: another
 * source has a ready head too (the scan stops at the second). */
/* the head entry of queue (src -> d) of network x */
static inline __attribute__((always_inline)) const void* net_head(const net_t* x, uint32_t src,
                                                                  uint32_t d) {
    return ring_at(&x->q[src * x->ndst + d], 0);
}

static inline __attribute__((always_inline)) uint32_t
net_pick(const gsys_t* s, const net_t* x, uint32_t d, bool want_more, bool* more) {
    const uint64_t m = x->ne[d];
    uint32_t start = x->rr[d] + 1;
    if (start >= x->nsrc)
        start = 0;
    const uint64_t lo = m & ((1ull << start) - 1);
    uint64_t y = m & ~lo;
    uint32_t found = UINT32_MAX;
    for (int pass = 0; pass < 2 && (want_more || found == UINT32_MAX); pass++, y = lo) {
        while (y) {
            const uint32_t src = (uint32_t)__builtin_ctzll(y);
            y &= y - 1;
            if (ent_ready(net_head(x, src, d)) <= s->cycle) {
                if (found != UINT32_MAX) {
                    *more = true;
                    return found;
                }
                found = src;
                if (!want_more)
                    break;
            }
        }
    }
    *more = false;
    return found;
}

/* Take the head of (src -> d) on network x. */
static inline __attribute__((always_inline)) void net_pop(gsys_t* s, net_t* x, uint32_t src,
                                                          uint32_t d) {
    ring_t* r = &x->q[src * x->ndst + d];
    ring_pop(r);
    if (!r->n) {
        x->ne[d] &= ~(1ull << src);
        if (!x->ne[d])
            s->live[x->d->dst][d] &= ~(1u << x->id);
    }
    x->inflight--;
    s->inflight--;
    x->rr[d] = src;
}

/* The messages delivered to destination d (of place pl, input in, readiness in_ready) this cycle:
 * per input port at most one, the networks of the port in priority order, each round robin over
 * its sources. A network with back-pressure whose destination is not ready is passed over; when
 * no network of a port can deliver, the highest-priority ready message is presented anyway and
 * kept (the unit must ignore it). Returns whether anything was presented. */
/* A port of one network (the common case: TC, GPU): deliver() without the arbitration. */
static inline __attribute__((always_inline)) bool deliver_one(gsys_t* s, net_t* x, uint32_t d,
                                                              void* in, const bool* in_ready) {
    const bool bp = x->d->in_ready;
    bool more;
    const uint32_t src = net_pick(s, x, d, !bp, &more);
    if (src == UINT32_MAX)
        return false;
    if (more)
        x->st_conflict++;
    x->d->deliver(in, ent_msg(net_head(x, src, d)));
    if (bp && !in_ready[x->id])
        x->st_stall++; /* presented, not consumed: the unit must ignore it */
    else
        net_pop(s, x, src, d);
    return true;
}

static bool deliver(gsys_t* s, uint32_t pl, uint32_t d, void* in, const bool* in_ready) {
    const uint32_t live = s->live[pl][d];
    bool any = false;
    for (uint32_t pi = 0; pi < s->nports[pl]; pi++) {
        const port_t* pt = &s->port[pl][pi];
        if (pt->n == 1) {
            net_t* x = &s->net[pt->net[0]];
            if ((live >> x->id) & 1u)
                any = deliver_one(s, x, d, in, in_ready) || any;
            continue;
        }
        net_t* held = NULL; /* the highest-priority ready message its destination refused */
        uint32_t held_src = 0;
        bool done = false;
        for (uint32_t k = 0; k < pt->n; k++) {
            net_t* x = &s->net[pt->net[k]];
            if (!((live >> x->id) & 1u))
                continue;
            bool more;
            const uint32_t src = net_pick(s, x, d, !x->d->in_ready && !done, &more);
            if (src == UINT32_MAX)
                continue;
            if (done) { /* the port went to a higher-priority network */
                x->st_wait++;
                continue;
            }
            if (more)
                x->st_conflict++;
            if (x->d->in_ready && !in_ready[x->id]) {
                if (held) /* refused, and not the one presented: it waits */
                    x->st_wait++;
                else {
                    held = x;
                    held_src = src;
                }
                continue;
            }
            x->d->deliver(in, ent_msg(net_head(x, src, d)));
            net_pop(s, x, src, d);
            done = true;
        }
        if (held && done) /* a lower-priority network took the port: never presented */
            held->st_wait++;
        else if (held) { /* presented, not taken: the unit must ignore it */
            held->st_stall++;
            held->d->deliver(in, ent_msg(net_head(held, held_src, d)));
        }
        any = any || done || held;
    }
    return any;
}

/* deliver(), with the one network of a place inlined */
static inline __attribute__((always_inline)) bool deliver_at(gsys_t* s, uint32_t pl, uint32_t d,
                                                             void* in, const bool* in_ready) {
    return s->only[pl] >= 0 ? deliver_one(s, &s->net[s->only[pl]], d, in, in_ready)
                            : deliver(s, pl, d, in, in_ready);
}

static bool deliver_mem(gsys_t* s, uint32_t b) {
    dram_heap_t* h = &s->dram[b];
    if (!h->n || h->e[0].ready > s->cycle)
        return false;
    s->p->bank_fill(s->pd, bank_in(s, b), h->e[0].line, h->e[0].data);
    dram_pop(h);
    s->dram_inflight--;
    s->st_memrsp++;
    return true;
}

/* ---- one cycle ----------------------------------------------------------------------------- */

static void inputs(gsys_t* s) {
    for (uint32_t j = 0; j < s->n; j++)
        route_l1(s, j);
    for (uint32_t b = 0; b < s->nb; b++)
        route_l2(s, b);
    bool fin = s->wl->finished(s->wl->ctx);
    if (s->cal)
        cal_pop(s);
    for (uint32_t j = 0; j < s->n; j++) {
        fences(s, j);
        if (!fin) {
            if (s->cal) {
                fetch_due(s, j);
            } else if (s->wl->next_of) {
                uint64_t m = s->m_idle[j];
                int i;
                while (m && (i = s->wl->next_of(s->wl->ctx, j, &m, s->cycle, &s->op)) >= 0)
                    wf_take(s, j, (uint32_t)i);
            } else {
                uint64_t m = s->m_idle[j];
                while (m) {
                    uint32_t i = (uint32_t)__builtin_ctzll(m);
                    m &= m - 1;
                    wf_fetch(s, j, i);
                }
            }
            fences(s, j); /* a fence whose condition already holds completes now */
        }
        core_issue(s, j);
        if (!s->live[GSYS_AT_SM][j] ||
            !deliver_at(s, GSYS_AT_SM, j, sm_in(s, j), s->smv[j].in_ready))
            peer_illegal(s, j);
    }
    for (uint32_t b = 0; b < s->nb; b++) {
        if (!s->live[GSYS_AT_BANK][b] ||
            !deliver_at(s, GSYS_AT_BANK, b, bank_in(s, b), s->bkv[b].in_ready))
            bank_illegal(s, b);
        if (!deliver_mem(s, b))
            mem_illegal(s, b);
    }
}

/* The global unit's inputs from the banks (gsys_proto_t.global_in): before any slot's edge,
 * while the bank slot's outputs are still those of the previous edge. */
static void global_in(gsys_t* s) {
    const gsys_proto_t* p = s->p;
    if (!p->global_in)
        return;
    const sslot_t* b = &s->sl[p->bank_slot];
    p->global_in(s->pd, b->out, b->osz, b->n, in_of(s, (uint32_t)p->global_slot, 0));
}

/* Tick every instance of every slot (a slot at a time: its inputs, the edge, the payloads
 * cleared); the views of the new outputs. */
static int tick_all(gsys_t* s, bool rst) {
    const gsys_proto_t* p = s->p;
    const void* g = gout(s);
    int rc = 0;
    if (s->be->cycle_begin)
        s->be->cycle_begin(s->be->ctx, !rst);
    global_in(s);
    for (uint32_t k = 0; k < p->nslots; k++) {
        const sslot_t* x = &s->sl[k];
        p->inputs(s->pd, k, x->in, x->isz, x->n, rst, g, s->cycle, s->cfg.start);
        if (s->be->tick_slot(s->be->ctx, k, x->in, x->isz, x->out, x->osz, x->n) != 0)
            rc = 1;
        p->clear(k, x->in, x->isz, x->n);
    }
    if (s->be->cycle_end && s->be->cycle_end(s->be->ctx) != 0)
        rc = 1;
    views(s);
    return rc;
}

static int sys_cycle(gsys_t* s) {
    const bool rst = s->cycle < 2;
    if (!rst)
        inputs(s);
    const int rc = tick_all(s, rst);
    if (!rst && s->inv_be && s->p->invariant) /* the first 5 violations printed */
        s->inv_bad += s->p->invariant(s->pd, s->inv_st, s->inv_be, s->cycle,
                                      s->inv_bad < 5 ? s->inv_f : NULL);
    s->cycle++;
    return rc;
}

static bool quiescent(const gsys_t* s) {
    if (s->active || s->inflight || s->dram_inflight)
        return false;
    for (uint32_t j = 0; j < s->n; j++) {
        const gsys_sm_view_t* v = &s->smv[j];
        if (s->m_unsent[j] || !v->drained || v->crsp_valid)
            return false;
        for (uint32_t k = 0; k < s->n_src_net[GSYS_AT_SM]; k++)
            if (v->send[s->src_net[GSYS_AT_SM][k]])
                return false;
    }
    for (uint32_t b = 0; b < s->nb; b++) {
        const gsys_bank_view_t* v = &s->bkv[b];
        if (v->fetch || v->wb)
            return false;
        for (uint32_t k = 0; k < s->n_src_net[GSYS_AT_BANK]; k++)
            if (v->send[s->src_net[GSYS_AT_BANK][k]])
                return false;
    }
    return true;
}

/* One FIFO's line of a deadlock report (nothing when it is empty). */
static void report_queue(const gsys_t* s, const net_t* x, uint32_t src, uint32_t dst, FILE* f) {
    const ring_t* r = &x->q[src * x->ndst + dst];
    if (!r->n)
        return;
    gsys_msg_info_t mi;
    s->p->msg_info(s->pd, x->id, ent_msg(ring_at(r, 0)), &mi);
    fprintf(f, "    %-4s %s %u -> %s %u: %u message(s), head %s line 0x%" PRIx64, x->d->name,
            place_word(x->d->src), src, place_word(x->d->dst), dst, r->n, kind_name(x, mi.kind),
            mi.line);
    if (x->d->src == GSYS_AT_SM)
        fprintf(f, " wf %u", mi.wf);
    fprintf(f, " ready at %" PRIu64 "\n", ent_ready(ring_at(r, 0)));
}

/* Every non-empty FIFO: per (SM, bank) pair the networks between them in declaration order, then
 * the SM-to-SM and bank-to-bank networks. */
static void report_queues(const gsys_t* s, FILE* f) {
    for (uint32_t j = 0; j < s->n; j++)
        for (uint32_t b = 0; b < s->nb; b++)
            for (uint32_t k = 0; k < s->nnets; k++) {
                const net_t* x = &s->net[k];
                if (x->d->src == GSYS_AT_SM && x->d->dst == GSYS_AT_BANK)
                    report_queue(s, x, j, b, f);
                else if (x->d->src == GSYS_AT_BANK && x->d->dst == GSYS_AT_SM)
                    report_queue(s, x, b, j, f);
            }
    for (uint32_t k = 0; k < s->nnets; k++) {
        const net_t* x = &s->net[k];
        if (x->d->src == x->d->dst)
            for (uint32_t a = 0; a < x->nsrc; a++)
                for (uint32_t c = 0; c < x->ndst; c++)
                    report_queue(s, x, a, c, f);
    }
    for (uint32_t b = 0; b < s->nb; b++)
        if (s->dram[b].n)
            fprintf(f,
                    "    DRAM -> bank %u: %u response(s), first line 0x%" PRIx64
                    " ready at %" PRIu64 "\n",
                    b, s->dram[b].n, s->dram[b].e[0].line, s->dram[b].e[0].ready);
}

static void report_deadlock(const gsys_t* s, FILE* f, bool fin) {
    const gsys_proto_t* p = s->p;
    fprintf(f,
            "system: DEADLOCK at cycle %" PRIu64 ": no wavefront progress since cycle %" PRIu64
            " (%" PRIu64 " cycles)%s\n",
            s->cycle, s->last_progress, s->cycle - s->last_progress,
            fin ? "; the workload has finished but the system does not drain" : "");
    if (p->global_note && gout(s)) {
        fprintf(f, "  ");
        p->global_note(s->pd, gout(s), f);
        fputc('\n', f);
    }
    gsys_dump_blocked(s, f);
    fprintf(f, "  in flight:");
    for (uint32_t k = 0; k < s->nnets; k++)
        fprintf(f, " %s crossbar %" PRIu64 ",", s->net[k].d->noun, s->net[k].inflight);
    fprintf(f, " DRAM %" PRIu64 "\n", s->dram_inflight);
    report_queues(s, f);
    for (uint32_t j = 0; j < s->n; j++) {
        fprintf(f, "  L1 %u: core_ready %d unsent 0x%" PRIx64, j, s->smv[j].core_ready,
                s->m_unsent[j]);
        for (uint32_t k = 0; k < s->nnets; k++) /* networks with back-pressure into the SMs */
            if (s->net[k].d->dst == GSYS_AT_SM && s->net[k].d->in_ready)
                fprintf(f, " %s_ready %d", s->net[k].d->name, s->smv[j].in_ready[k]);
        if (p->unit_note)
            p->unit_note(s->pd, p->sm_slot, out_of(s, p->sm_slot, j), c_model(s, p->sm_slot, j), f);
        fputc('\n', f);
    }
    for (uint32_t b = 0; b < s->nb; b++) {
        fprintf(f, "  L2 %u:", b);
        for (uint32_t k = 0; k < s->nnets; k++)
            if (s->net[k].d->dst == GSYS_AT_BANK && s->net[k].d->in_ready)
                fprintf(f, " %s_ready %d", s->net[k].d->name, s->bkv[b].in_ready[k]);
        if (p->unit_note)
            p->unit_note(s->pd, p->bank_slot, out_of(s, p->bank_slot, b),
                         c_model(s, p->bank_slot, b), f);
        fputc('\n', f);
    }
}

gsys_run_t gsys_run(gsys_t* s, uint64_t max_cycles, FILE* report) {
    uint64_t end = s->cycle + max_cycles;
    while (s->cycle < end) {
        if (sys_cycle(s) != 0)
            return GSYS_RUN_STOPPED;
        if (s->oom) {
            if (report)
                fprintf(report, "system: out of memory at cycle %" PRIu64 "\n", s->cycle);
            return GSYS_RUN_STOPPED;
        }
        if (s->cycle <= 2)
            continue;
        bool fin = s->wl->finished(s->wl->ctx);
        if (fin && quiescent(s)) {
            if (++s->drained >= 4)
                return GSYS_RUN_DONE;
        } else {
            s->drained = 0;
        }
        if (s->cycle - s->last_progress > s->cfg.deadlock_cycles) {
            if (report)
                report_deadlock(s, report, fin);
            return GSYS_RUN_DEADLOCK;
        }
    }
    return GSYS_RUN_CYCLES;
}

/* ---- reports ------------------------------------------------------------------------------- */

void gsys_dump_blocked(const gsys_t* s, FILE* f) {
    uint32_t nblk = 0;
    for (uint32_t j = 0; j < s->n; j++)
        for (uint32_t i = 0; i < s->w; i++) {
            const wf_t* w = &s->wf[j * s->w + i];
            if (w->st == WF_IDLE)
                continue;
            nblk++;
            fprintf(f,
                    "  SM %u wf %u: %s addr 0x%" PRIx64 " (line 0x%" PRIx64 ") since %" PRIu64 ": ",
                    j, i, op_name(w->op.kind), w->op.addr, w->line, w->since);
            switch (w->st) {
            case WF_PEND:
                fprintf(f, "waits to be sent to the L1 (core_ready %d)\n", s->smv[j].core_ready);
                break;
            case WF_LOAD:
                fprintf(f, "waits for the core LOAD response\n");
                break;
            case WF_ATOMIC:
                fprintf(f, "waits for the core ATOMIC response\n");
                break;
            case WF_STORE:
                fprintf(f, "waits for the store's acknowledgement\n");
                break;
            default:
                fprintf(f, "waits for ");
                if (s->p->fence_note)
                    s->p->fence_note(s->pd, out_of(s, s->p->sm_slot, j), i, w->fscope, f);
                else
                    fprintf(f, "its %s fence",
                            w->fscope == GSYS_SCOPE_RM    ? "RM"
                            : w->fscope == GSYS_SCOPE_GPU ? "GPU"
                                                          : "CTA");
                fprintf(f, " (%u store(s)/atomic(s) not yet sent by the L1)%s\n", w->unsent,
                        w->op.kind == GSYS_OP_RELEASE     ? ", then the release store"
                        : w->op.kind == GSYS_OP_ACQUIRE   ? ", then the acquire (it waits for "
                                                            "the release before it)"
                        : w->op.kind != GSYS_OP_ATOMIC    ? ""
                        : w->op.order == GSYS_ORD_ACQUIRE ? ", then the acquire atomic"
                                                          : ", then the release atomic");
                break;
            }
        }
    if (!nblk)
        fprintf(f, "  no blocked wavefront\n");
}

/* "L1->L2 requests: GETS 12 ..." per network; copies for a network into the SMs. */
static void stats_kinds(const gsys_t* s, FILE* f) {
    for (uint32_t n = 0; n < s->nnets; n++) {
        const net_t* x = &s->net[n];
        fprintf(f, "%s->%s %ss:", place_short(x->d->src), place_short(x->d->dst), x->d->noun);
        for (uint32_t k = 1; k < x->d->nkinds; k++)
            fprintf(f, " %s %" PRIu64, kind_name(x, k), x->st_kind[k]);
        if (x->d->dst == GSYS_AT_SM)
            fprintf(f, " (copies delivered %" PRIu64 ")", x->st_copies);
        fputc('\n', f);
    }
}

void gsys_stats(const gsys_t* s, FILE* f) {
    fprintf(f, "cycles %" PRIu64 "  (harness errors %" PRIu64 ")\n", s->cycle, s->errors);
    fprintf(f, "ops completed:");
    for (uint32_t k = 0; k < GSYS_OP_N; k++)
        fprintf(f, " %s %" PRIu64, op_name(k), s->st_done[k]);
    fprintf(f, "\nfences completed: CTA %" PRIu64 " GPU %" PRIu64 "\n", s->st_fence[0],
            s->st_fence[1]);
    fprintf(f,
            "core requests %" PRIu64 ", core responses %" PRIu64
            ", load/atomic latency avg %.1f max %" PRIu64 "\n",
            s->st_core_req, s->st_crsp,
            s->st_lat_n ? (double)s->st_lat_sum / (double)s->st_lat_n : 0.0, s->st_lat_max);
    stats_kinds(s, f);
    fprintf(f,
            "DRAM: fetch %" PRIu64 " writeback %" PRIu64 " responses %" PRIu64
            "; lines in image %u\n",
            s->st_fetch, s->st_wb, s->st_memrsp, s->mem.n);
    /* per network: a network with back-pressure its stall cycles, one without its conflicts
     * (a destination with more than one message of it to take), one that shares a port the
     * cycles it waited for a higher-priority network when there were any */
    fprintf(f, "stall cycles: core (L1 not ready) %" PRIu64, s->st_core_stall);
    for (uint32_t n = 0; n < s->nnets; n++) {
        const net_t* x = &s->net[n];
        if (x->d->in_ready && (int)n == s->req_net)
            fprintf(f, ", %s (%s not ready) %" PRIu64, place_word(x->d->dst),
                    place_short(x->d->dst), x->st_stall);
        else if (x->d->in_ready) /* another network with back-pressure: named by its noun */
            fprintf(f, ", %s (%s not ready, %ss) %" PRIu64, place_word(x->d->dst),
                    place_short(x->d->dst), x->d->noun, x->st_stall);
        else
            fprintf(f, ", %s %s conflicts %" PRIu64, place_short(x->d->dst), x->d->noun,
                    x->st_conflict);
        if (x->st_wait)
            fprintf(f, ", %s waits for priority %" PRIu64, x->d->name, x->st_wait);
    }
    fprintf(f, "\nmax in flight:");
    for (uint32_t n = 0; n < s->nnets; n++)
        fprintf(f, " %s xbar %" PRIu64 ",", s->net[n].d->noun, s->net[n].st_max);
    fprintf(f, " DRAM %" PRIu64 "\n", s->st_dram_max);
    const gsys_proto_t* p = s->p;
    if (p->model_errors && c_model(s, p->sm_slot, 0)) {
        uint64_t e1 = 0, e2 = 0;
        for (uint32_t j = 0; j < s->n; j++)
            e1 += p->model_errors(p->sm_slot, c_model(s, p->sm_slot, j));
        for (uint32_t b = 0; b < s->nb; b++)
            e2 += p->model_errors(p->bank_slot, c_model(s, p->bank_slot, b));
        fprintf(f, "model protocol errors: L1 %" PRIu64 " L2 %" PRIu64 "\n", e1, e2);
    }
}

static void stats_msgs(const gsys_t* s, gsys_stats_t* st) {
    st->nnets = s->nnets;
    for (uint32_t n = 0; n < s->nnets; n++) {
        const net_t* x = &s->net[n];
        gsys_net_stats_t* y = &st->net[n];
        y->name = x->d->name;
        y->kinds = x->d->kinds;
        y->nkinds = x->d->nkinds;
        for (uint32_t k = 0; k < x->d->nkinds; k++) {
            y->kind[k] = x->st_kind[k];
            y->total += x->st_kind[k];
        }
        y->copies = x->st_copies;
        y->max = x->st_max;
        y->stall = x->st_stall;
        y->conflict = x->st_conflict;
        y->wait = x->st_wait;
        st->msgs += x->st_copies;
    }
    if (s->req_net >= 0) {
        const gsys_net_stats_t* y = &st->net[s->req_net];
        st->n_req_kinds = y->nkinds;
        st->req_kinds = y->kinds;
        memcpy(st->req, y->kind, sizeof st->req);
        st->req_total = y->total;
        st->bank_stall = y->stall;
        st->rq_max = y->max;
    }
    if (s->rsp_net >= 0) {
        const gsys_net_stats_t* y = &st->net[s->rsp_net];
        st->n_rsp_kinds = y->nkinds;
        st->rsp_kinds = y->kinds;
        memcpy(st->rsp, y->kind, sizeof st->rsp);
        st->rsp_total = y->total;
        st->rsp_copies = y->copies;
        st->rsp_conflict = y->conflict;
        st->rs_max = y->max;
    }
}

static void stats_model_errors(const gsys_t* s, gsys_stats_t* st) {
    const gsys_proto_t* p = s->p;
    if (!p->model_errors || !c_model(s, p->sm_slot, 0))
        return;
    st->have_model_errors = true;
    for (uint32_t j = 0; j < s->n; j++)
        st->model_errors_l1 += p->model_errors(p->sm_slot, c_model(s, p->sm_slot, j));
    for (uint32_t b = 0; b < s->nb; b++)
        st->model_errors_l2 += p->model_errors(p->bank_slot, c_model(s, p->bank_slot, b));
}

void gsys_stats_get(const gsys_t* s, gsys_stats_t* st) {
    memset(st, 0, sizeof *st);
    st->cycles = s->cycle;
    st->harness_errors = s->errors;
    memcpy(st->done, s->st_done, sizeof st->done);
    st->fences[0] = s->st_fence[0];
    st->fences[1] = s->st_fence[1];
    st->core_req = s->st_core_req;
    st->core_rsp = s->st_crsp;
    st->lat_sum = s->st_lat_sum;
    st->lat_n = s->st_lat_n;
    st->lat_max = s->st_lat_max;
    stats_msgs(s, st);
    st->dram_fetch = s->st_fetch;
    st->dram_wb = s->st_wb;
    st->dram_rsp = s->st_memrsp;
    st->core_stall = s->st_core_stall;
    st->dram_max = s->st_dram_max;
    stats_model_errors(s, st);
}

void gsys_store_image(const gsys_op_t* op, uint32_t line_bytes, uint32_t word, uint32_t* data,
                      uint32_t* mask) {
    memset(data, 0, line_bytes);
    memset(mask, 0, GSYS_MASK_WORDS * sizeof(uint32_t));
    if (op->kind != GSYS_OP_STORE_LINE) {
        data[word] = op->value;
        mask[(4 * word) / 32] = 0xfu << ((4 * word) % 32);
        return;
    }
    for (uint32_t k = 0; k < GSYS_MASK_WORDS; k++) {
        uint32_t mk = op->mask[k];
        if (32 * k >= line_bytes)
            mk = 0;
        else if (line_bytes - 32 * k < 32)
            mk &= (1u << (line_bytes - 32 * k)) - 1;
        mask[k] = mk;
    }
    for (uint32_t k = 0; k < line_bytes / 4; k++) {
        const uint32_t mb = (mask[(4 * k) / 32] >> ((4 * k) % 32)) & 0xfu;
        /* byte b of the word kept when bit b of mb is set: the multiply moves bit b to bit 8b
         * (bit b lands at b + 7j for j = 0..3, all sixteen places distinct, so nothing carries) */
        const uint32_t bm = ((mb * 0x00204081u) & 0x01010101u) * 0xffu;
        data[k] = op->data[k] & bm;
    }
}
