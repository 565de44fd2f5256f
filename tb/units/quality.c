/* SPDX-License-Identifier: Apache-2.0 */
/*
 * quality.c -- `gpucoh quality`: false positives, false negatives and the sync-point mix of the
 * rdu C model under synthetic multi-SM traffic with known races (docs/quality.md is generated
 * from here; the traffic model and the definitions are described there and in quality.h).
 *
 * The engine only uses the unit's ports. The RDU is serial (spec D2, D7): the first beat of a
 * response to SM w is the moment its oldest outstanding request was processed, and nothing else
 * was processed in between, so the shadow replays the RDU's serial order exactly:
 *   - first beat of a WRITE_ACK to w: w's oldest request is a write; its units go into the exact
 *     sets of every other SM (as the RDU inserted them into the other signatures);
 *   - first (only) beat of RACE / NO_RACE to w: w's oldest request is a race-check; the truth is
 *     "some unit of the check is in w's exact set", compared with the answer;
 *   - last beat of a WRITE_ACK / RACE / FORCED shipment to i: i's exact set is cleared (R5).
 * The units of a request are computed here from spec §4, not with the model's rdu_umask().
 * The model's state is read only for the fill estimates (cnt, the signature's set bits) and for
 * cross-checks (cnt against the shadow's insertion count, syncs[] against the port count).
 */
#define _POSIX_C_SOURCE 200809L
#include "quality.h"
#include "opts.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "rng.h"
#include "util.h"

#define HOT_BASE     0x10000000ull
#define PRIV_BASE    0x40000000ull
#define PRIV_STRIDE  0x01000000ull /* 16 MiB per SM: at most 131072 lines of 128 B */
#define PHANTOM_OFS  512u
#define OUTST        32u /* outstanding requests per SM tracked (> queue + 1) */
#define STALL_CYCLES 10000000ull

/*--- exact sets: open addressing, cleared in O(1) by a generation stamp ----------------------*/

typedef struct {
    uint64_t key;
    uint64_t when; /* cycle of the last insertion (for the false-negative report) */
    uint32_t gen;
    uint32_t who;                   /* last writer */
    uint32_t bytes[RDU_MASK_WORDS]; /* byte map only: bytes of the line written */
} qent_t;

typedef struct {
    qent_t* e;
    uint32_t cap; /* power of two */
    uint32_t used;
    uint32_t gen; /* >= 1; an entry with another gen is free */
} qset_t;

static uint64_t mix64(uint64_t x) {
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDull;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ull;
    return x ^ (x >> 33);
}

static int qset_init(qset_t* s, uint32_t cap) {
    s->cap = cap;
    s->used = 0;
    s->gen = 1;
    s->e = calloc(cap, sizeof *s->e);
    return s->e ? 0 : -1;
}

static void qset_free(qset_t* s) {
    free(s->e);
    s->e = NULL;
}

static qent_t* qset_find(const qset_t* s, uint64_t key) {
    uint32_t i = (uint32_t)mix64(key) & (s->cap - 1u);
    for (;;) {
        qent_t* e = &s->e[i];
        if (e->gen != s->gen)
            return NULL;
        if (e->key == key)
            return e;
        i = (i + 1u) & (s->cap - 1u);
    }
}

static int qset_grow(qset_t* s);

/* The entry of key, created (bytes zeroed) if absent. NULL when out of memory. */
static qent_t* qset_add(qset_t* s, uint64_t key) {
    if ((s->used + 1u) * 2u > s->cap && qset_grow(s) != 0)
        return NULL;
    uint32_t i = (uint32_t)mix64(key) & (s->cap - 1u);
    for (;;) {
        qent_t* e = &s->e[i];
        if (e->gen != s->gen) {
            memset(e, 0, sizeof *e);
            e->gen = s->gen;
            e->key = key;
            s->used++;
            return e;
        }
        if (e->key == key)
            return e;
        i = (i + 1u) & (s->cap - 1u);
    }
}

static int qset_grow(qset_t* s) {
    qset_t n;
    if (s->cap > (1u << 30) || qset_init(&n, s->cap * 2u) != 0)
        return -1;
    for (uint32_t i = 0; i < s->cap; i++) {
        if (s->e[i].gen == s->gen) {
            qent_t* d = qset_add(&n, s->e[i].key);
            uint32_t g = d->gen;
            *d = s->e[i];
            d->gen = g;
        }
    }
    free(s->e);
    *s = n;
    return 0;
}

static void qset_clear(qset_t* s) {
    s->used = 0;
    if (++s->gen == 0) { /* wrapped: make every stamp stale for real */
        memset(s->e, 0, (size_t)s->cap * sizeof *s->e);
        s->gen = 1;
    }
}

/*--- configuration ----------------------------------------------------------------------------*/

quality_cfg_t quality_cfg_default(void) {
    quality_cfg_t c;
    memset(&c, 0, sizeof c);
    c.n = 16;
    c.m = 4096;
    c.k = 6;
    c.gran = 128;
    c.threshold = 0;
    c.chunk_width = 256;
    c.queue = 4;
    c.line = 128;
    c.requests = 200000;
    c.seed = 1;
    c.read_burst = 48;
    c.write_burst = 12;
    c.shared_pm = 250;
    c.hot_lines = 1024;
    c.private_lines = 16384;
    c.full_pm = 500;
    c.words_pm = 350;
    c.hook = QUALITY_HOOK_NONE;
    return c;
}

static void cfg_desc(const quality_cfg_t* c, rdu_desc_t* d) {
    *d = rdu_desc_default();
    d->n = c->n;
    d->sig.m = c->m;
    d->sig.k = c->k;
    d->sig.gran = c->gran;
    d->sig.threshold = c->threshold ? c->threshold : c->m / 8u;
    d->sig.chunk_width = c->chunk_width > c->m ? c->m : c->chunk_width;
    d->sig.addr_width = 32;
    d->line = c->line;
    d->queue = c->queue;
}

int quality_check_cfg(const quality_cfg_t* c, char* err, size_t errlen) {
    rdu_desc_t d;
    cfg_desc(c, &d);
    if (rdu_check_desc(&d, err, errlen) != RDU_OK)
        return -1;
    if (c->line != 128u) {
        snprintf(err, errlen, "quality: the traffic model uses 128-byte lines (line = %u)",
                 c->line);
        return -1;
    }
    if (c->requests == 0 || c->requests > 1000000000ull) {
        snprintf(err, errlen, "--requests must be 1..1000000000");
        return -1;
    }
    if (c->read_burst < 1 || c->read_burst > 1000000 || c->write_burst > 1000000) {
        snprintf(err, errlen, "--read-burst must be 1..1000000, --write-burst 0..1000000");
        return -1;
    }
    if (c->shared_pm > 1000 || c->full_pm + c->words_pm > 1000) {
        snprintf(err, errlen, "fractions must lie in 0..1 (and full + words <= 1)");
        return -1;
    }
    if (c->hot_lines < 1 || c->hot_lines > 1000000 || c->private_lines < 1 ||
        c->private_lines > (uint32_t)(PRIV_STRIDE / 128u)) {
        snprintf(err, errlen, "--hot-lines must be 1..1000000, --private-lines 1..%u",
                 (unsigned)(PRIV_STRIDE / 128u));
        return -1;
    }
    return 0;
}

double quality_pfp(uint32_t m, uint32_t k, double n) {
    if (n <= 0)
        return 0.0;
    return pow(1.0 - pow(1.0 - 1.0 / (double)m, (double)k * n), (double)k);
}

/*--- the engine -------------------------------------------------------------------------------*/

typedef struct {
    bool write;
    uint64_t addr;
    uint32_t mask[RDU_MASK_WORDS];
} qreq_t;

typedef struct {
    bool held;
    qreq_t cur;
    qreq_t outst[OUTST];
    uint32_t oh, on;
    bool wphase;
    uint32_t left;
} qsm_t;

typedef struct {
    const quality_cfg_t* c;
    rdu_t* r;
    gpucoh_rng_t rng;
    uint32_t lg, mw;
    qsm_t sm[RDU_MAX_SM];
    qset_t units[RDU_MAX_SM];  /* exact sets of unit keys */
    qset_t bytes[RDU_MAX_SM];  /* line address -> bytes written */
    uint64_t nins[RDU_MAX_SM]; /* units inserted since the last sync (the n of P_fp) */
    uint64_t cycle;
    uint32_t ship_sm, ship_kind, ship_next; /* the shipment in progress at the ports */
    bool in_ship;
    quality_res_t* res;
} qctx_t;

static uint32_t phase_len(gpucoh_rng_t* g, uint32_t mean) {
    return mean <= 1u ? mean : 1u + gpucoh_rng_below(g, 2u * mean - 1u);
}

static void new_request(qctx_t* x, uint32_t j) {
    const quality_cfg_t* c = x->c;
    qsm_t* s = &x->sm[j];
    while (s->left == 0) {
        s->wphase = !s->wphase;
        s->left = phase_len(&x->rng, s->wphase ? c->write_burst : c->read_burst);
    }
    s->left--;
    qreq_t* q = &s->cur;
    memset(q, 0, sizeof *q);
    q->write = s->wphase;
    if (gpucoh_rng_permille(&x->rng, c->shared_pm))
        q->addr = HOT_BASE + (uint64_t)gpucoh_rng_below(&x->rng, c->hot_lines) * c->line;
    else
        q->addr = PRIV_BASE + PRIV_STRIDE * j +
                  (uint64_t)gpucoh_rng_below(&x->rng, c->private_lines) * c->line;
    const uint32_t r = gpucoh_rng_below(&x->rng, 1000);
    if (r < c->full_pm) {
        for (uint32_t w = 0; w < x->mw; w++)
            q->mask[w] = 0xFFFFFFFFu;
    } else if (r < c->full_pm + c->words_pm) {
        const uint32_t words = c->line / 4u;
        const uint32_t len = 1u + gpucoh_rng_below(&x->rng, 16);
        const uint32_t st = gpucoh_rng_below(&x->rng, words - len + 1u);
        for (uint32_t b = 4u * st; b < 4u * (st + len); b++)
            q->mask[b >> 5] |= 1u << (b & 31u);
    } else {
        const uint32_t nb = 1u + gpucoh_rng_below(&x->rng, 4);
        for (uint32_t i = 0; i < nb; i++) {
            const uint32_t b = gpucoh_rng_below(&x->rng, c->line);
            q->mask[b >> 5] |= 1u << (b & 31u);
        }
    }
    s->held = true;
}

/* Units of a request (rdu spec §4), written independently of the model: keys in ascending u. */
static uint32_t units_of(const qctx_t* x, uint64_t addr, const uint32_t* mask, uint64_t* keys) {
    const uint32_t L = x->c->line, G = x->c->gran;
    uint32_t any = 0;
    for (uint32_t w = 0; w < x->mw; w++)
        any |= mask[w];
    if (!any)
        return 0;
    if (G >= L) {
        keys[0] = addr >> x->lg;
        return 1;
    }
    const uint64_t base = addr & ~(uint64_t)(L - 1u);
    uint32_t n = 0, last = UINT32_MAX;
    for (uint32_t w = 0; w < x->mw; w++) {
        for (uint32_t m = mask[w]; m; m &= m - 1u) {
            const uint32_t b = 32u * w + (uint32_t)__builtin_ctz(m);
            const uint32_t u = b / G;
            if (u != last) {
                keys[n++] = (base + (uint64_t)u * G) >> x->lg;
                last = u;
            }
        }
    }
    return n;
}

static void perr(qctx_t* x, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

/* A protocol error: the responses do not follow spec R4 / §2, or the model's counters disagree
 * with the shadow. Counted; the first is described. */
static void perr(qctx_t* x, const char* fmt, ...) {
    quality_res_t* r = x->res;
    if (r->protocol_errors++ == 0) {
        int l = snprintf(r->first_error, sizeof r->first_error,
                         "cycle %llu: ", (unsigned long long)x->cycle);
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->first_error + l, sizeof r->first_error - (size_t)l, fmt, ap);
        va_end(ap);
    }
}

static int shadow_insert(qctx_t* x, uint32_t writer, uint64_t addr, const uint32_t* mask,
                         const uint64_t* keys, uint32_t nk) {
    const uint64_t line = addr & ~(uint64_t)(x->c->line - 1u);
    for (uint32_t j = 0; j < x->c->n; j++) {
        if (j == writer)
            continue;
        for (uint32_t i = 0; i < nk; i++) {
            qent_t* e = qset_add(&x->units[j], keys[i]);
            if (!e)
                return -1;
            e->who = writer;
            e->when = x->cycle;
        }
        x->nins[j] += nk;
        qent_t* e = qset_add(&x->bytes[j], line);
        if (!e)
            return -1;
        for (uint32_t w = 0; w < x->mw; w++)
            e->bytes[w] |= mask[w];
        e->who = writer;
        e->when = x->cycle;
    }
    return 0;
}

static int on_write_ack(qctx_t* x, uint32_t sm, const qreq_t* q) {
    uint64_t keys[RDU_MAX_LINE_BYTES];
    const uint32_t nk = units_of(x, q->addr, q->mask, keys);
    x->res->writes++;
    x->res->units_written += nk;
    if (shadow_insert(x, sm, q->addr, q->mask, keys, nk) != 0)
        return -1;
    if (x->c->hook == QUALITY_HOOK_PHANTOM) { /* keys the signatures never saw */
        const uint64_t pa = q->addr + PHANTOM_OFS;
        const uint32_t pk = units_of(x, pa, q->mask, keys);
        for (uint32_t j = 0; j < x->c->n; j++) {
            if (j == sm)
                continue;
            for (uint32_t i = 0; i < pk; i++) {
                qent_t* e = qset_add(&x->units[j], keys[i]);
                if (!e)
                    return -1;
                e->who = sm;
                e->when = x->cycle;
            }
        }
    }
    return 0;
}

static void on_check(qctx_t* x, uint32_t sm, const qreq_t* q, bool answer) {
    quality_res_t* r = x->res;
    const quality_cfg_t* c = x->c;
    uint64_t keys[RDU_MAX_LINE_BYTES];
    const uint32_t nk = units_of(x, q->addr, q->mask, keys);
    r->checks++;
    r->units_checked += nk;
    const qent_t* hit = NULL;
    for (uint32_t i = 0; i < nk && !hit; i++)
        hit = qset_find(&x->units[sm], keys[i]);
    const qent_t* be = qset_find(&x->bytes[sm], q->addr & ~(uint64_t)(c->line - 1u));
    bool byte_race = false;
    for (uint32_t w = 0; be && w < x->mw; w++)
        byte_race = byte_race || (be->bytes[w] & q->mask[w]) != 0;
    r->byte_races += byte_race;
    /* fill at test time: the shadow's insertion count, checked against the model's counter */
    const uint64_t n = x->nins[sm];
    const uint32_t cnt = x->r->st.cnt[sm];
    if ((n < x->r->cmax ? n : x->r->cmax) != cnt)
        perr(x, "SM %u: %llu insertions since its last sync, but the model's cnt is %u", sm,
             (unsigned long long)n, cnt);
    r->sum_fill += (double)n;
    if (n > r->max_fill)
        r->max_fill = n;
    uint32_t pop = 0;
    for (uint32_t w = 0; w < c->m / 32u; w++)
        pop += (uint32_t)__builtin_popcount(x->r->st.sig[sm][w]);
    const double fb = (double)pop / (double)c->m;
    r->sum_bits += fb;
    if (hit) {
        r->true_races++;
        if (answer) {
            r->tp++;
        } else if (r->fn++ == 0) {
            snprintf(r->first_fn, sizeof r->first_fn,
                     "cycle %llu: SM %u race-check of line 0x%llx (%u units) answered NO_RACE, "
                     "but unit key 0x%llx was written by SM %u (inserted at cycle %llu) after "
                     "SM %u's last sync point",
                     (unsigned long long)x->cycle, sm, (unsigned long long)q->addr, nk,
                     (unsigned long long)hit->key, hit->who, (unsigned long long)hit->when, sm);
        }
    } else {
        const double pf = quality_pfp(c->m, x->r->desc.sig.k, (double)n);
        const double pb = pow(fb, (double)x->r->desc.sig.k);
        r->exp_fp_formula += 1.0 - pow(1.0 - pf, (double)nk);
        r->exp_fp_bits += 1.0 - pow(1.0 - pb, (double)nk);
        if (answer)
            r->fp++;
        else
            r->tn++;
    }
}

static void on_sync(qctx_t* x, uint32_t sm) {
    x->nins[sm] = 0;
    if (x->c->hook == QUALITY_HOOK_KEEP_SET && sm == 0)
        return;
    qset_clear(&x->units[sm]);
    qset_clear(&x->bytes[sm]);
}

/* The beat on the bus is transferred at this edge (rsp_ready is all ones). */
static int on_beat(qctx_t* x, const rdu_out_t* o) {
    const uint32_t sm = o->rsp_sm, kind = o->rsp_kind;
    if (sm >= x->c->n || kind < RDU_RSP_WRITE_ACK || kind > RDU_RSP_FORCED) {
        perr(x, "beat to SM %u with kind %u", sm, kind);
        return 0;
    }
    if (x->in_ship) {
        if (sm != x->ship_sm || kind != x->ship_kind || o->rsp_idx != x->ship_next)
            perr(x, "beat (SM %u, kind %u, idx %u) interleaves another shipment", sm, kind,
                 o->rsp_idx);
    } else {
        if (o->rsp_idx != 0)
            perr(x, "a response starts at beat %u (SM %u, kind %u)", o->rsp_idx, sm, kind);
        x->in_ship = true;
        x->ship_sm = sm;
        x->ship_kind = kind;
        qsm_t* s = &x->sm[sm];
        if (kind != RDU_RSP_FORCED) { /* answers the oldest outstanding request of sm */
            if (s->on == 0) {
                perr(x, "response kind %u to SM %u, which has no request outstanding", kind, sm);
            } else {
                const qreq_t* q = &s->outst[s->oh];
                s->oh = (s->oh + 1u) % OUTST;
                s->on--;
                if (q->write != (kind == RDU_RSP_WRITE_ACK)) {
                    perr(x, "SM %u: response kind %u to its oldest request, a %s", sm, kind,
                         q->write ? "write" : "race-check");
                } else if (kind == RDU_RSP_WRITE_ACK) {
                    if (on_write_ack(x, sm, q) != 0)
                        return -1;
                } else {
                    on_check(x, sm, q, kind == RDU_RSP_RACE);
                }
            }
        }
    }
    x->ship_next = o->rsp_idx + 1u;
    if (o->rsp_last) {
        const bool single = kind == RDU_RSP_NO_RACE;
        if (o->rsp_idx + 1u != (single ? 1u : x->r->nc))
            perr(x, "SM %u: response of kind %u ends after %u beats", sm, kind, o->rsp_idx + 1u);
        x->res->syncs[kind]++;
        if (!single)
            on_sync(x, sm);
        x->in_ship = false;
    }
    return 0;
}

int quality_run(const quality_cfg_t* c, quality_res_t* res, char* err, size_t errlen) {
    memset(res, 0, sizeof *res);
    if (quality_check_cfg(c, err, errlen) != 0)
        return -1;
    const double t0 = gpucoh_now();
    qctx_t* x = calloc(1, sizeof *x);
    rdu_t* r = malloc(sizeof *r);
    rdu_in_t* in = calloc(1, sizeof *in);
    int rc = -1;
    if (!x || !r || !in) {
        snprintf(err, errlen, "quality: out of memory");
        goto done;
    }
    rdu_desc_t d;
    cfg_desc(c, &d);
    if (rdu_init(r, &d, err, errlen) != RDU_OK)
        goto done;
    x->c = c;
    x->r = r;
    x->res = res;
    x->mw = c->line / 32u;
    for (uint32_t g = c->gran; g > 1u; g >>= 1)
        x->lg++;
    gpucoh_rng_seed(&x->rng, c->seed);
    const uint32_t cap0 = 1024;
    for (uint32_t j = 0; j < c->n; j++) {
        if (qset_init(&x->units[j], cap0) != 0 || qset_init(&x->bytes[j], cap0) != 0) {
            snprintf(err, errlen, "quality: out of memory");
            goto done;
        }
        /* random phase and position in it, so the SMs do not move in step */
        x->sm[j].wphase = gpucoh_rng_below(&x->rng, 1000) <
                          1000u * c->write_burst / (c->write_burst + c->read_burst);
        x->sm[j].left = phase_len(&x->rng, x->sm[j].wphase ? c->write_burst : c->read_burst);
    }
    rdu_out_t out;
    in->rst_n = false;
    rdu_tick(r, in, &out);
    in->rst_n = true;
    in->rsp_ready = c->n >= 64 ? ~0ull : ((1ull << c->n) - 1u);
    uint64_t last_rsp = 0;
    while (res->checks < c->requests) {
        /* present a request on every SM (a held request stays unchanged until accepted) */
        for (uint32_t j = 0; j < c->n; j++) {
            if (!x->sm[j].held) {
                new_request(x, j);
                const qreq_t* q = &x->sm[j].cur;
                if (q->write)
                    in->req_write |= 1ull << j;
                else
                    in->req_write &= ~(1ull << j);
                in->req_addr[j] = q->addr;
                memcpy(in->req_mask[j], q->mask, sizeof q->mask);
                in->req_valid |= 1ull << j;
            }
        }
        const uint64_t accepted = in->req_valid & out.req_ready;
        if (out.rsp_valid) {
            if (on_beat(x, &out) != 0) {
                snprintf(err, errlen, "quality: out of memory (exact sets)");
                goto done;
            }
            last_rsp = x->cycle;
        }
        rdu_tick(r, in, &out);
        x->cycle++;
        for (uint64_t a = accepted; a; a &= a - 1u) {
            const uint32_t j = (uint32_t)__builtin_ctzll(a);
            qsm_t* s = &x->sm[j];
            if (s->on == OUTST) {
                perr(x, "SM %u has %u requests outstanding (queue %u)", j, s->on, c->queue);
                break;
            }
            s->outst[(s->oh + s->on) % OUTST] = s->cur;
            s->on++;
            s->held = false;
            in->req_valid &= ~(1ull << j);
        }
        if (x->cycle - last_rsp > STALL_CYCLES) {
            perr(x, "no response for %llu cycles (deadlock?)", STALL_CYCLES);
            break;
        }
        if (res->protocol_errors > 1000)
            break;
    }
    res->cycles = x->cycle;
    memcpy(res->model_syncs, r->syncs, sizeof res->model_syncs);
    /* a response whose last beat is still on the bus is counted by neither side; the model
     * counts a completed response at its last edge, the ports at the same edge */
    for (int k = 1; k < 5; k++) {
        if (res->model_syncs[k] != res->syncs[k])
            perr(x, "model statistic syncs[%d] = %llu, the ports saw %llu", k,
                 (unsigned long long)res->model_syncs[k], (unsigned long long)res->syncs[k]);
    }
    rc = 0;
done:
    if (x) {
        for (uint32_t j = 0; j < RDU_MAX_SM; j++) {
            qset_free(&x->units[j]);
            qset_free(&x->bytes[j]);
        }
    }
    free(x);
    free(r);
    free(in);
    res->seconds = gpucoh_now() - t0;
    return rc;
}

/*--- the command: sweep, table, reports, plot ----------------------------------------------*/

#define MAX_POINTS 64

static const uint32_t sweep_m[] = {1024, 2048, 4096, 8192, 16384};
static const uint32_t sweep_g[] = {1, 4, 128, 512};

/* Thesis Appendix A.6-A.9 averages: share of forced sync points (%), 1K..16K (notes §4.3). */
static int thesis_forced(uint32_t g, uint32_t m) {
    static const int t[4][5] = {
        {96, 88, 77, 66, 52}, /* Byte (A.6) */
        {87, 79, 68, 54, 41}, /* Word (A.7) */
        {74, 53, 34, 26, 22}, /* Block (A.8) */
        {43, 27, 23, 7, 4},   /* Half-Page (A.9) */
    };
    int gi = g == 1 ? 0 : g == 4 ? 1 : g == 128 ? 2 : g == 512 ? 3 : -1;
    int mi = -1;
    for (int i = 0; i < 5; i++)
        if (sweep_m[i] == m)
            mi = i;
    return gi < 0 || mi < 0 ? -1 : t[gi][mi];
}

static const char* gran_name(uint32_t g) {
    return g == 1 ? "byte" : g == 4 ? "word" : g == 128 ? "block" : g == 512 ? "half-page" : "?";
}

static const char* gran_title(uint32_t g) {
    return g == 1 ? "Byte" : g == 4 ? "Word" : g == 128 ? "Block" : g == 512 ? "Half-Page" : "?";
}

typedef struct {
    quality_cfg_t cfg;
    quality_res_t res;
    /* derived */
    double fp_rate, exp_rate, exp_bits_rate, race_rate, byte_rate, avg_n, avg_bits, pfp_avg,
        avg_units, share_rf, share_all, spurious;
    uint32_t threshold;
} qpoint_t;

/* What the reports say of the whole run: its command line, build, date, seconds and totals. */
typedef struct {
    const char* cmd;
    const char* version;
    char date[64];
    double secs;
    uint64_t fn, perrs;
} qsum_t;

static double ratio(double a, double b) {
    return b > 0 ? a / b : NAN;
}

static void derive(qpoint_t* p) {
    const quality_res_t* r = &p->res;
    const double neg = (double)(r->fp + r->tn);
    p->fp_rate = ratio((double)r->fp, neg);
    p->exp_rate = ratio(r->exp_fp_formula, neg);
    p->exp_bits_rate = ratio(r->exp_fp_bits, neg);
    p->race_rate = ratio((double)r->true_races, (double)r->checks);
    p->byte_rate = ratio((double)r->byte_races, (double)r->checks);
    p->avg_n = ratio(r->sum_fill, (double)r->checks);
    p->avg_bits = ratio(r->sum_bits, (double)r->checks);
    p->pfp_avg = quality_pfp(p->cfg.m, p->cfg.k, p->avg_n);
    p->avg_units = ratio((double)r->units_checked, (double)r->checks);
    const double w = (double)r->syncs[RDU_RSP_WRITE_ACK], rc = (double)r->syncs[RDU_RSP_RACE],
                 f = (double)r->syncs[RDU_RSP_FORCED];
    p->share_rf = ratio(f, rc + f);
    p->share_all = ratio(f, w + rc + f);
    p->spurious = ratio((double)r->fp, (double)(r->fp + r->tp));
    p->threshold = p->cfg.threshold ? p->cfg.threshold : p->cfg.m / 8u;
}

/* percent with one or two decimals, "-" for NaN */
static const char* pct(char* b, size_t n, double v, int dec) {
    if (isnan(v))
        snprintf(b, n, "-");
    else
        snprintf(b, n, "%.*f", dec, 100.0 * v);
    return b;
}

static void print_header(FILE* f) {
    fprintf(f, "%-9s %5s %8s %7s %6s %6s %3s %6s %7s %7s %7s %6s %7s %6s %6s %7s %6s %6s %6s\n",
            "gran", "m", "checks", "writes", "race%", "byte%", "FN", "FP", "FP%", "exp%n",
            "exp%bit", "avg_n", "Pfp(n)%", "WACK", "RACE", "FORCED", "F/RF%", "F/all%", "thesis");
}

static void print_row(FILE* f, const qpoint_t* p) {
    const quality_res_t* r = &p->res;
    char a[6][32];
    int th = thesis_forced(p->cfg.gran, p->cfg.m);
    char ts[16];
    if (th < 0)
        snprintf(ts, sizeof ts, "-");
    else
        snprintf(ts, sizeof ts, "%d", th);
    fprintf(f,
            "%-9s %5u %8llu %7llu %6s %6s %3llu %6llu %7.3f %7.3f %7.3f %6.1f %7.3f %6llu %6llu "
            "%7llu %6s %6s %6s\n",
            gran_name(p->cfg.gran), p->cfg.m, (unsigned long long)r->checks,
            (unsigned long long)r->writes, pct(a[0], 32, p->race_rate, 2),
            pct(a[1], 32, p->byte_rate, 2), (unsigned long long)r->fn, (unsigned long long)r->fp,
            100.0 * p->fp_rate, 100.0 * p->exp_rate, 100.0 * p->exp_bits_rate, p->avg_n,
            100.0 * p->pfp_avg, (unsigned long long)r->syncs[RDU_RSP_WRITE_ACK],
            (unsigned long long)r->syncs[RDU_RSP_RACE],
            (unsigned long long)r->syncs[RDU_RSP_FORCED], pct(a[2], 32, p->share_rf, 1),
            pct(a[3], 32, p->share_all, 1), ts);
}

static void quality_usage(FILE* f);

static int num(const char* opt, const char* s, uint64_t lo, uint64_t hi, uint64_t* v) {
    return gpucoh_opt_u64(opt, s, lo, hi, v); /* the range check every command shares */
}

/* a fraction in [0, 1], to per mille */
static int frac(const char* opt, const char* s, uint32_t* pm) {
    char* end = NULL;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end != 0 || !(v >= 0.0 && v <= 1.0) ||
        (s[0] != '0' && s[0] != '1' && s[0] != '.')) {
        fprintf(stderr, "gpucoh: quality: %s: '%s' is not a fraction in 0..1\n", opt, s);
        return -1;
    }
    *pm = (uint32_t)lround(v * 1000.0);
    return 0;
}

/* comma-separated list of unsigned values, each accepted by ok() */
static int list(const char* opt, const char* s, uint32_t* out, int* n, int gran) {
    char buf[256];
    if (strlen(s) >= sizeof buf) {
        fprintf(stderr, "gpucoh: quality: %s: list too long\n", opt);
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", s);
    *n = 0;
    char* save = NULL;
    for (char* t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        uint64_t v = 0;
        if (*n >= 8) {
            fprintf(stderr, "gpucoh: quality: %s: at most 8 values\n", opt);
            return -1;
        }
        if (gran) {
            if (!strcmp(t, "byte"))
                v = 1;
            else if (!strcmp(t, "word"))
                v = 4;
            else if (!strcmp(t, "block"))
                v = 128;
            else if (!strcmp(t, "half-page"))
                v = 512;
            else if (!gpucoh_parse_u64(t, &v) || (v != 1 && v != 4 && v != 128 && v != 512)) {
                fprintf(stderr,
                        "gpucoh: quality: %s: '%s' is not one of: byte word block half-page "
                        "(or 1 4 128 512)\n",
                        opt, t);
                return -1;
            }
        } else {
            if (!gpucoh_parse_u64(t, &v)) {
                fprintf(stderr, "gpucoh: quality: %s: '%s' is not an unsigned number\n", opt, t);
                return -1;
            }
            if (v < 256 || v > 16384 || (v & (v - 1)) != 0) {
                fprintf(stderr,
                        "gpucoh: quality: %s: %llu is illegal (SigBits: power of two, 256 .. "
                        "16384)\n",
                        opt, (unsigned long long)v);
                return -1;
            }
        }
        out[(*n)++] = (uint32_t)v;
    }
    if (*n == 0) {
        fprintf(stderr, "gpucoh: quality: %s: empty list\n", opt);
        return -1;
    }
    return 0;
}

static void write_csv(FILE* f, const qpoint_t* p, int np) {
    fprintf(f, "gran,m,k,threshold,checks,writes,cycles,true_races,byte_races,tp,fp,tn,fn,"
               "fp_rate,exp_fp_rate_formula,exp_fp_rate_bits,avg_fill,max_fill,avg_bit_fill,"
               "pfp_at_avg_fill,avg_units_per_check,sync_write_ack,sync_race,sync_forced,"
               "no_race,forced_share_race_forced,forced_share_all,thesis_forced_share,"
               "spurious_race_share,protocol_errors,seconds\n");
    for (int i = 0; i < np; i++) {
        const qpoint_t* q = &p[i];
        const quality_res_t* r = &q->res;
        int th = thesis_forced(q->cfg.gran, q->cfg.m);
        fprintf(f,
                "%s,%u,%u,%u,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%.6f,%.6f,%.6f,%.3f,"
                "%llu,%.6f,%.6f,%.3f,%llu,%llu,%llu,%llu,%.6f,%.6f,",
                gran_name(q->cfg.gran), q->cfg.m, q->cfg.k, q->threshold,
                (unsigned long long)r->checks, (unsigned long long)r->writes,
                (unsigned long long)r->cycles, (unsigned long long)r->true_races,
                (unsigned long long)r->byte_races, (unsigned long long)r->tp,
                (unsigned long long)r->fp, (unsigned long long)r->tn, (unsigned long long)r->fn,
                q->fp_rate, q->exp_rate, q->exp_bits_rate, q->avg_n,
                (unsigned long long)r->max_fill, q->avg_bits, q->pfp_avg, q->avg_units,
                (unsigned long long)r->syncs[RDU_RSP_WRITE_ACK],
                (unsigned long long)r->syncs[RDU_RSP_RACE],
                (unsigned long long)r->syncs[RDU_RSP_FORCED],
                (unsigned long long)r->syncs[RDU_RSP_NO_RACE], q->share_rf, q->share_all);
        if (th >= 0)
            fprintf(f, "%.2f,", th / 100.0);
        else
            fprintf(f, ",");
        fprintf(f, "%.6f,%llu,%.2f\n", q->spurious, (unsigned long long)r->protocol_errors,
                r->seconds);
    }
}

static void jnum(FILE* f, const char* sep, const char* k, double v) {
    if (isnan(v))
        fprintf(f, "%s\"%s\": null", sep, k);
    else
        fprintf(f, "%s\"%s\": %.6g", sep, k, v);
}

/* The sweep's traffic settings: the report's "params" (docs/cli.md) and "traffic". */
static void traffic_json(FILE* f, const quality_cfg_t* c) {
    fprintf(f,
            "{\"sms\": %u, \"k\": %u, \"line\": %u, \"chunk_width\": %u, "
            "\"queue\": %u, \"requests\": %llu, \"seed\": %llu, \"read_burst\": %u, "
            "\"write_burst\": %u, \"shared\": %.3f, \"hot_lines\": %u, \"private_lines\": %u, "
            "\"full\": %.3f, \"words\": %.3f, \"threshold\": %u}",
            c->n, c->k, c->line, c->chunk_width, c->queue, (unsigned long long)c->requests,
            (unsigned long long)c->seed, c->read_burst, c->write_burst, c->shared_pm / 1000.0,
            c->hot_lines, c->private_lines, c->full_pm / 1000.0, c->words_pm / 1000.0,
            c->threshold);
}

/*--- a point's full data ("raw", written by --point, read back by quality_from_results) -------*/

/* every counter of quality_res_t, and its sums as doubles, printed so that they read back equal */
#define RAW_KEY(f)                                                                                 \
    { #f, offsetof(quality_res_t, f) }
static const struct {
    const char* key;
    size_t off;
} raw_u64[] = {RAW_KEY(cycles),
               RAW_KEY(checks),
               RAW_KEY(writes),
               RAW_KEY(units_checked),
               RAW_KEY(units_written),
               RAW_KEY(true_races),
               RAW_KEY(byte_races),
               RAW_KEY(tp),
               RAW_KEY(fp),
               RAW_KEY(tn),
               RAW_KEY(fn),
               RAW_KEY(syncs[0]),
               RAW_KEY(syncs[1]),
               RAW_KEY(syncs[2]),
               RAW_KEY(syncs[3]),
               RAW_KEY(syncs[4]),
               RAW_KEY(model_syncs[0]),
               RAW_KEY(model_syncs[1]),
               RAW_KEY(model_syncs[2]),
               RAW_KEY(model_syncs[3]),
               RAW_KEY(model_syncs[4]),
               RAW_KEY(max_fill),
               RAW_KEY(protocol_errors)},
  raw_dbl[] = {RAW_KEY(sum_fill), RAW_KEY(sum_bits), RAW_KEY(exp_fp_formula), RAW_KEY(exp_fp_bits),
               RAW_KEY(seconds)};
#define NRAW_U64 (sizeof raw_u64 / sizeof raw_u64[0])
#define NRAW_DBL (sizeof raw_dbl / sizeof raw_dbl[0])

static void write_raw(FILE* f, const quality_cfg_t* c, const quality_res_t* r) {
    fprintf(f, ", \"raw\": {\"m\": %u, \"gran\": %u, \"hook\": %d", c->m, c->gran, (int)c->hook);
    for (size_t i = 0; i < NRAW_U64; i++) {
        uint64_t v;
        memcpy(&v, (const char*)r + raw_u64[i].off, sizeof v);
        fprintf(f, ", \"%s\": %llu", raw_u64[i].key, (unsigned long long)v);
    }
    for (size_t i = 0; i < NRAW_DBL; i++) {
        double v;
        memcpy(&v, (const char*)r + raw_dbl[i].off, sizeof v);
        fprintf(f, ", \"%s\": %.17g", raw_dbl[i].key, v);
    }
    gpucoh_json_kv(f, ", ", "first_fn", r->first_fn);
    gpucoh_json_kv(f, ", ", "first_error", r->first_error);
    fprintf(f, "}");
}

/* what follows "key": in s, or NULL */
static const char* json_at(const char* s, const char* key) {
    char k[64];
    snprintf(k, sizeof k, "\"%s\": ", key);
    const char* t = strstr(s, k);
    return t ? t + strlen(k) : NULL;
}

/* the escape at *s (after its backslash) into *c, *s moved to its last character: 0, or -1 */
static int json_unesc(const char** s, char* c) {
    const char* t = *s;
    if (*t == 'n' || *t == '"' || *t == '\\') {
        *c = *t == 'n' ? '\n' : *t;
        return 0;
    }
    char hex[5] = {0}, *end = NULL;
    if (*t != 'u' || strlen(t + 1) < 4)
        return -1;
    memcpy(hex, t + 1, 4);
    *c = (char)strtoul(hex, &end, 16);
    *s = t + 4;
    return end == hex + 4 ? 0 : -1;
}

/* the JSON string at s (as gpucoh_json_str writes it) into b: 0, or -1 */
static int json_unstr(const char* s, char* b, size_t n) {
    size_t l = 0;
    if (!s || *s++ != '"')
        return -1;
    for (; *s && *s != '"' && l + 1 < n; s++) {
        char c = *s;
        if (c == '\\') {
            s++;
            if (json_unesc(&s, &c) != 0)
                return -1;
        }
        b[l++] = c;
    }
    b[l] = 0;
    return *s == '"' ? 0 : -1;
}

/* the numbers of "raw" (up to its strings) into r: 0, or -1 when one is missing */
static int raw_numbers(const char* raw, quality_res_t* r) {
    for (size_t i = 0; i < NRAW_U64; i++) {
        const char* t = json_at(raw, raw_u64[i].key);
        char* end = NULL;
        const uint64_t v = t ? strtoull(t, &end, 10) : 0;
        if (!t || end == t)
            return -1;
        memcpy((char*)r + raw_u64[i].off, &v, sizeof v);
    }
    for (size_t i = 0; i < NRAW_DBL; i++) {
        const char* t = json_at(raw, raw_dbl[i].key);
        char* end = NULL;
        const double v = t ? strtod(t, &end) : 0;
        if (!t || end == t)
            return -1;
        memcpy((char*)r + raw_dbl[i].off, &v, sizeof v);
    }
    return 0;
}

/* raw (--point): every point with its full data, "raw" (write_raw) */
static void write_json(FILE* f, const qsum_t* s, const quality_cfg_t* c, const qpoint_t* p, int np,
                       bool raw) {
    fprintf(f, "{\"tool\": \"gpucoh quality\"");
    gpucoh_json_kv(f, ", ", "version", s->version);
    gpucoh_json_kv(f, ", ", "command", s->cmd);
    gpucoh_json_kv(f, ", ", "date", s->date);
    fprintf(f, ", \"seconds\": %.1f", s->secs);
    fprintf(f, ", \"verdict\": \"%s\"", s->fn || s->perrs ? "fail" : "pass");
    fprintf(f, ", \"false_negatives\": %llu, \"protocol_errors\": %llu", (unsigned long long)s->fn,
            (unsigned long long)s->perrs);
    fprintf(f, ",\n \"params\": ");
    traffic_json(f, c);
    fprintf(f, ",\n \"traffic\": ");
    traffic_json(f, c);
    fprintf(f, ",\n \"points\": [");
    for (int i = 0; i < np; i++) {
        const qpoint_t* q = &p[i];
        const quality_res_t* r = &q->res;
        fprintf(f, "%s\n  {\"gran\": \"%s\", \"gran_bytes\": %u, \"m\": %u, \"threshold\": %u",
                i ? "," : "", gran_name(q->cfg.gran), q->cfg.gran, q->cfg.m, q->threshold);
        fprintf(f,
                ", \"checks\": %llu, \"writes\": %llu, \"cycles\": %llu, \"true_races\": %llu, "
                "\"byte_races\": %llu, \"tp\": %llu, \"fp\": %llu, \"tn\": %llu, \"fn\": %llu",
                (unsigned long long)r->checks, (unsigned long long)r->writes,
                (unsigned long long)r->cycles, (unsigned long long)r->true_races,
                (unsigned long long)r->byte_races, (unsigned long long)r->tp,
                (unsigned long long)r->fp, (unsigned long long)r->tn, (unsigned long long)r->fn);
        fprintf(f,
                ", \"syncs\": {\"write_ack\": %llu, \"race\": %llu, \"forced\": %llu, "
                "\"no_race\": %llu}",
                (unsigned long long)r->syncs[RDU_RSP_WRITE_ACK],
                (unsigned long long)r->syncs[RDU_RSP_RACE],
                (unsigned long long)r->syncs[RDU_RSP_FORCED],
                (unsigned long long)r->syncs[RDU_RSP_NO_RACE]);
        jnum(f, ", ", "fp_rate", q->fp_rate);
        jnum(f, ", ", "exp_fp_rate_formula", q->exp_rate);
        jnum(f, ", ", "exp_fp_rate_bits", q->exp_bits_rate);
        jnum(f, ", ", "avg_fill", q->avg_n);
        fprintf(f, ", \"max_fill\": %llu", (unsigned long long)r->max_fill);
        jnum(f, ", ", "avg_bit_fill", q->avg_bits);
        jnum(f, ", ", "pfp_at_avg_fill", q->pfp_avg);
        jnum(f, ", ", "avg_units_per_check", q->avg_units);
        jnum(f, ", ", "forced_share_race_forced", q->share_rf);
        jnum(f, ", ", "forced_share_all", q->share_all);
        int th = thesis_forced(q->cfg.gran, q->cfg.m);
        jnum(f, ", ", "thesis_forced_share", th < 0 ? NAN : th / 100.0);
        jnum(f, ", ", "spurious_race_share", q->spurious);
        fprintf(f, ", \"protocol_errors\": %llu", (unsigned long long)r->protocol_errors);
        if (r->fn)
            gpucoh_json_kv(f, ", ", "first_false_negative", r->first_fn);
        if (r->protocol_errors)
            gpucoh_json_kv(f, ", ", "first_protocol_error", r->first_error);
        if (raw)
            write_raw(f, &q->cfg, r);
        fprintf(f, ", \"seconds\": %.2f}", r->seconds);
    }
    fprintf(f, "\n ]}\n");
}

/* The point of (g, m), or NULL. */
static const qpoint_t* find_point(const qpoint_t* p, int np, uint32_t g, uint32_t m) {
    for (int i = 0; i < np; i++)
        if (p[i].cfg.gran == g && p[i].cfg.m == m)
            return &p[i];
    return NULL;
}

static void md_msize(char* b, size_t n, uint32_t m) {
    if (m >= 1024 && m % 1024 == 0)
        snprintf(b, n, "%uK", m / 1024);
    else
        snprintf(b, n, "%u", m);
}

/* The title, the verdict, what is measured and the unit parameters. */
static void md_intro(FILE* f, const qsum_t* s, const quality_cfg_t* c) {
    fprintf(f, "# Race-detection quality of the RDU (generated)\n\n");
    fprintf(f,
            "Generated by `%s` on %s in %.0f s (`make quality` runs the full sweep); do not edit "
            "by hand. Data: `quality.csv`, `quality.json` beside this file.\n\n",
            s->cmd, s->date, s->secs);
    fprintf(f,
            "**Verdict: %s.** False negatives over all points: **%llu** (rule R2: a true race "
            "must always be answered RACE). Protocol errors (response order or kind, the model's "
            "insertion counter or sync statistics disagreeing with the shadow): %llu.\n\n",
            s->fn || s->perrs ? "FAIL" : "pass", (unsigned long long)s->fn,
            (unsigned long long)s->perrs);
    fprintf(f, "## What is measured\n\n");
    fprintf(f,
            "`gpucoh quality` drives the C model of the [`rdu`](units/rdu.md) (`rdu_tick()`, one "
            "call per clock edge, through its ports only; the C model and the RTL are proven "
            "equal by lockstep co-simulation) with synthetic traffic from %u SMs. Beside the %u "
            "Bloom signatures it keeps an **exact shadow**: per SM, the set of unit keys "
            "(unit address >> log2 G, rdu spec §4) of every write by another SM since that SM's "
            "last synchronization point, and the same at byte resolution. The RDU is serial, so "
            "the shadow follows its order from the responses: the first beat of a WRITE_ACK to SM "
            "w means w's oldest outstanding request, a write, has just been inserted into the "
            "other signatures; the first beat of RACE/NO_RACE answers w's oldest request, a "
            "race-check; the last beat of a WRITE_ACK, RACE or FORCED shipment to SM i clears "
            "i's set (R5). Units are computed from spec §4 by the tool itself, not with the "
            "model's helper. The model's state is read only for the fill estimates and for "
            "cross-checks (its insertion counter `cnt` against the shadow's count at every "
            "check, its `syncs[]` statistic against the responses seen at the ports).\n\n",
            c->n, c->n);
    fprintf(f,
            "Unit parameters: N = %u SMs, k = %u, true (not partitioned) Bloom filter, H3 "
            "hashing, line L = %u B, shipment beat C = %u bits, input queue %u per SM, "
            "address width 32, forced-sync threshold ",
            c->n, c->k, c->line, c->chunk_width, c->queue);
    if (c->threshold)
        fprintf(f, "%u", c->threshold);
    else
        fprintf(f, "m/8 (the RDU default: P_fp = 2.16 %% at k = 6, notes §1.3)");
    fprintf(f,
            ". Each point runs until %llu race-checks have been answered (seed %llu); "
            "responses are always accepted (`rsp_ready` all ones).\n\n",
            (unsigned long long)c->requests, (unsigned long long)c->seed);
}

/* The traffic model. */
static void md_traffic(FILE* f, const quality_cfg_t* c) {
    fprintf(f, "## Traffic model\n\n");
    fprintf(f,
            "- **SMs.** Every SM always presents a request (saturating load; a request refused "
            "by a full input queue is held unchanged until accepted). Each SM alternates *read "
            "phases* (race-checks only; length uniform in 1 .. %u, mean %u) and *write phases* "
            "(writes only; mean %u), a kernel-like load/compute/store rhythm: the write fraction "
            "is about %.0f %% of requests. Phases start at a random point, so the SMs are not in "
            "step.\n",
            2 * c->read_burst - 1, c->read_burst, c->write_burst,
            100.0 * c->write_burst / (c->write_burst + c->read_burst));
    fprintf(f,
            "- **Addresses.** 128-byte lines. With probability %.2f a request goes to the "
            "**shared hot region** (%u lines = %u KiB, uniform), read and written by all SMs: "
            "this is where the real races are. Otherwise it goes to the SM's **private region** "
            "(%u lines = %u KiB per SM, uniform, disjoint from every other SM's): private writes "
            "still fill the other SMs' signatures (the RDU cannot know they are private) but can "
            "never be a true race.\n",
            c->shared_pm / 1000.0, c->hot_lines, c->hot_lines * c->line / 1024u, c->private_lines,
            c->private_lines * c->line / 1024u);
    fprintf(f,
            "- **Byte masks.** %.0f %% full line (a coalesced warp access: 128 units at byte "
            "granularity, 32 at word), %.0f %% a run of 1..16 aligned 4-byte words at a random "
            "word offset, %.0f %% 1..4 scattered single bytes. The same mix for writes and "
            "race-checks. No empty masks.\n\n",
            c->full_pm / 10.0, c->words_pm / 10.0, (1000 - c->full_pm - c->words_pm) / 10.0);
}

/* The definitions of the figures. */
static void md_definitions(FILE* f) {
    fprintf(f, "## Definitions\n\n");
    fprintf(
        f, "- **True race** (at granularity G): some unit of the check is in the SM's exact "
           "set. This is the truth the RDU is specified against (R2). `race%%` is their share "
           "of all checks; `byte%%` is the share of checks that race at byte resolution (a "
           "checked byte was written by another SM since the last sync): the difference is "
           "granularity aliasing (false sharing), which is *not* a Bloom-filter false positive "
           "and is counted as a true race.\n"
           "- **False negative (FN)**: a true race answered NO_RACE. Must be 0; any FN is "
           "printed and the run exits 1.\n"
           "- **False positive (FP)**: no true race, answered RACE. `FP%%` = FP / (checks "
           "without a true race).\n"
           "- **Fill n**: units inserted into the checking SM's signature since its last sync "
           "(the n of the formula; the model's `cnt`), at the moment of the check. `avg_n` is "
           "its mean over all checks.\n"
           "- **Analytic P_fp** = (1 − (1 − 1/m)^(k·n))^k per tested unit (notes §1.3). "
           "`Pfp(avg n)` is it at the average fill (as asked for; but P_fp is steeply convex in n, "
           "so with a fill that swings between 0 and the threshold it understates the mean "
           "P_fp by orders of magnitude). A check tests U units and hits falsely if "
           "any does, so the comparable expectation is per check: `exp%%n` = mean over "
           "non-race checks of 1 − (1 − P_fp(n))^U with each check's own n and U; `exp%%bit` "
           "is the same with the signature's observed bit fill b (P = b^k). Both treat the U "
           "units of a check as independent trials. They are not: the units of one line are "
           "consecutive keys and H3 is linear, so their bit positions are cosets of one "
           "subspace and their false hits cluster; at byte and word granularity the measured "
           "rate is therefore expected *below* the estimate. At block and half-page granularity "
           "(U = 1) the comparison is direct.\n"
           "- **Sync points** are counted at the ports when the last beat of a shipment is "
           "transferred: WRITE_ACK (the writer's own sync at every write), RACE (a race-check "
           "that hit, true or false), FORCED (the insertion count reached the threshold).\n"
           "- **Forced share.** The thesis's tables A.4–A.9 split sync points into \"forced\" "
           "and \"RDU\" (\"created by the RDU due to race detection of store operation\"). We "
           "read \"RDU\" as the race-detected ones: **`F/RF` = FORCED / (RACE + FORCED)** is "
           "the headline figure compared with the thesis. Since every write is also a sync "
           "point, **`F/all` = FORCED / (WRITE_ACK + RACE + FORCED)** is given too (the other "
           "reading).\n\n");
}

/* The results table, a row per point. */
static void md_results(FILE* f, const qpoint_t* p, int np) {
    char a[8][32];
    fprintf(f, "## Results\n\n");
    fprintf(f, "| gran | m | checks | writes | race%% | byte%% | FN | FP | FP%% | exp%%n | "
               "exp%%bit | avg n | Pfp(avg n)%% | U | WRITE_ACK | RACE | FORCED | F/RF%% | "
               "F/all%% | thesis F%% |\n");
    fprintf(f, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:"
               "|---:|---:|---:|---:|\n");
    for (int i = 0; i < np; i++) {
        const qpoint_t* q = &p[i];
        const quality_res_t* r = &q->res;
        int th = thesis_forced(q->cfg.gran, q->cfg.m);
        char ts[16];
        if (th < 0)
            snprintf(ts, sizeof ts, "–");
        else
            snprintf(ts, sizeof ts, "%d", th);
        md_msize(a[7], 32, q->cfg.m);
        fprintf(f,
                "| %s | %s | %llu | %llu | %s | %s | %s%llu%s | %llu | %s | %s | %s | %.1f | %s | "
                "%.1f | %llu | %llu | %llu | %s | %s | %s |\n",
                gran_title(q->cfg.gran), a[7], (unsigned long long)r->checks,
                (unsigned long long)r->writes, pct(a[0], 32, q->race_rate, 2),
                pct(a[1], 32, q->byte_rate, 2), r->fn ? "**" : "", (unsigned long long)r->fn,
                r->fn ? "**" : "", (unsigned long long)r->fp, pct(a[2], 32, q->fp_rate, 3),
                pct(a[3], 32, q->exp_rate, 3), pct(a[4], 32, q->exp_bits_rate, 3), q->avg_n,
                pct(a[5], 32, q->pfp_avg, 3), q->avg_units,
                (unsigned long long)r->syncs[RDU_RSP_WRITE_ACK],
                (unsigned long long)r->syncs[RDU_RSP_RACE],
                (unsigned long long)r->syncs[RDU_RSP_FORCED], pct(a[6], 32, q->share_rf, 1),
                pct(a[2], 32, q->share_all, 1), ts);
    }
    fprintf(f, "\n`U` is the mean number of units per race-check.\n\n");
}

/* The forced share beside the thesis and the FP rate beside its expectation, a table each
 * (granularity x m), and the plot. */
static void md_beside_thesis(FILE* f, const qpoint_t* p, int np, const uint32_t* ms, int nm,
                             const uint32_t* gs, int ng, const char* png) {
    char a[8][32];
    fprintf(f, "## Forced share beside the thesis\n\n");
    fprintf(f, "Ours F/RF (F/all) vs the thesis's Appendix averages A.6–A.9, in %%:\n\n| "
               "granularity |");
    for (int j = 0; j < nm; j++) {
        md_msize(a[0], 32, ms[j]);
        fprintf(f, " %s ours | %s thesis |", a[0], a[0]);
    }
    fprintf(f, "\n|---|");
    for (int j = 0; j < nm; j++)
        fprintf(f, "---:|---:|");
    fprintf(f, "\n");
    for (int i = 0; i < ng; i++) {
        fprintf(f, "| %s |", gran_title(gs[i]));
        for (int j = 0; j < nm; j++) {
            const qpoint_t* q = find_point(p, np, gs[i], ms[j]);
            int th = thesis_forced(gs[i], ms[j]);
            if (q)
                fprintf(f, " %s (%s) |", pct(a[0], 32, q->share_rf, 0),
                        pct(a[1], 32, q->share_all, 0));
            else
                fprintf(f, " – |");
            if (th >= 0)
                fprintf(f, " %d |", th);
            else
                fprintf(f, " – |");
        }
        fprintf(f, "\n");
    }
    fprintf(f, "\nMeasured FP rate per check vs the analytic expectation at the observed fill "
               "(`FP%%` / `exp%%n`):\n\n| granularity |");
    for (int j = 0; j < nm; j++) {
        md_msize(a[0], 32, ms[j]);
        fprintf(f, " %s |", a[0]);
    }
    fprintf(f, "\n|---|");
    for (int j = 0; j < nm; j++)
        fprintf(f, "---:|");
    fprintf(f, "\n");
    for (int i = 0; i < ng; i++) {
        fprintf(f, "| %s |", gran_title(gs[i]));
        for (int j = 0; j < nm; j++) {
            const qpoint_t* q = find_point(p, np, gs[i], ms[j]);
            if (q)
                fprintf(f, " %s / %s |", pct(a[0], 32, q->fp_rate, 3),
                        pct(a[1], 32, q->exp_rate, 3));
            else
                fprintf(f, " – |");
        }
        fprintf(f, "\n");
    }
    if (png)
        fprintf(f, "\n![FP rate and forced share vs signature size](%s)\n", png);
}

/* The observations computed from this run. */
static void md_observations(FILE* f, const qpoint_t* p, int np, uint64_t fn) {
    double r1lo = INFINITY, r1hi = 0, rulo = INFINITY, ruhi = 0, flo = INFINITY, fhi = 0;
    int below = 0, above = 0, cmp = 0;
    for (int i = 0; i < np; i++) {
        const qpoint_t* q = &p[i];
        const double e = q->res.exp_fp_formula, fr = q->avg_n / q->threshold;
        if (e >= 20.0) {
            const double rt = (double)q->res.fp / e;
            if (q->cfg.gran >= q->cfg.line) {
                r1lo = fmin(r1lo, rt);
                r1hi = fmax(r1hi, rt);
            } else {
                rulo = fmin(rulo, rt);
                ruhi = fmax(ruhi, rt);
            }
        }
        flo = fmin(flo, fr);
        fhi = fmax(fhi, fr);
        const int th = thesis_forced(q->cfg.gran, q->cfg.m);
        if (th >= 0 && !isnan(q->share_rf)) {
            cmp++;
            below += 100.0 * q->share_rf < th - 5;
            above += 100.0 * q->share_rf > th + 5;
        }
    }
    fprintf(f, "\n## Observations from this run\n\n");
    fprintf(f, "- False negatives: %llu over %d point(s)%s.\n", (unsigned long long)fn, np,
            fn ? " -- **the RDU missed true races; see quality.json for the first of each**"
               : ": every true race was answered RACE");
    if (r1hi > 0)
        fprintf(f,
                "- One unit per check (block, half-page), points with at least 20 expected false "
                "positives: measured / analytic (at the observed n) = %.2f .. %.2f.\n",
                r1lo, r1hi);
    if (ruhi > 0)
        fprintf(f,
                "- Several units per check (byte, word), same selection: measured / analytic = "
                "%.2f .. %.2f%s.\n",
                rulo, ruhi,
                ruhi < 1.0 ? " (below 1: the units' false hits cluster, see Definitions)" : "");
    fprintf(f,
            "- Average fill at test time is %.0f .. %.0f %% of the threshold: checks mostly see "
            "a signature well below the 2.16 %% design point.\n",
            100.0 * flo, 100.0 * fhi);
    if (cmp)
        fprintf(f,
                "- Forced share F/RF against the thesis (more than 5 points apart): below at %d, "
                "above at %d, within at %d of %d points.\n",
                below, above, cmp - below - above, cmp);
}

/* What is and is not comparable with the thesis. */
static void md_comparable(FILE* f) {
    fprintf(f, "\n## What is and is not comparable\n\n");
    fprintf(
        f,
        "- **The unit is the same, the workload is not.** The thesis's figures come from 30 "
        "GPGPU-Sim v3.2.2 benchmarks (Parboil, Rodinia, ISPASS-2009 and the coherence set) on a "
        "GTX 480 model, averaged per benchmark; ours from one synthetic stream. The sync-point "
        "mix depends mostly on the workload: how often an SM writes (each write is its own sync "
        "point and empties its signature), how much the *other* SMs write in between (that is "
        "the fill), and how often reads meet other SMs' writes (races). Our read/write "
        "burst lengths and the shared fraction were chosen once as plausible, not fitted; the "
        "absolute forced shares therefore are not expected to match, only the trends: more "
        "forced syncs at finer granularity (one write inserts up to 128 units at byte, 32 at "
        "word granularity, D3/D4) and fewer with larger m (threshold m/8).\n"
        "- **Definitions.** The thesis's \"RDU\" column is read here as race-detected syncs "
        "(F/RF); if it included the writers' own syncs, F/all is the comparable column. Which "
        "reading is right cannot be settled from the text (notes §4.4).\n"
        "- **Timing.** The thesis simulates a GPU whose SMs stall or speculate on RDU responses; "
        "here every SM presents a new request as soon as the previous one is accepted and the "
        "RDU is the bottleneck. Per-SM program order and the RDU's serial order are exact, "
        "but the interleaving across SMs is round-robin over full queues, not GPU timing.\n"
        "- **The false-positive rate is directly comparable with the analytic formula**, "
        "which assumes independent uniform hash positions: `exp%%n` uses the formula at each "
        "check's own fill, `exp%%bit` the signature's actual bit fill. The thesis reports no "
        "measured FP rate, only the design point P_fp(m/8) = 2.16 %% per unit, which the "
        "threshold enforces as an upper bound at the moment of a forced sync; the average fill "
        "at test time is well below it, and a multi-unit check multiplies the per-unit rate "
        "by up to U.\n"
        "- **Race rates and granularity aliasing** (`race%%` vs `byte%%`) depend entirely on the "
        "hot-region size and the shared fraction; they show the mechanism (half-page tracking "
        "reports races that no byte-level analysis would), not the thesis's \"8 to 21 %% more "
        "races than block\" figure.\n"
        "- **Why our forced share falls faster with m.** Here every SM writes every few dozen "
        "requests, and each write is its own sync point, so the insertions an SM's signature "
        "collects between two of its syncs are bounded by the traffic, not by m; once m/8 "
        "exceeds that bound, forced syncs vanish. The thesis's averages include benchmarks "
        "with long read-only phases or few writing SMs (per-benchmark shares run from 0 %% to "
        "100 %% in A.6–A.9), which keep forcing syncs even at 16K.\n"
        "- **Identical request streams.** With every input queue full, the round-robin order "
        "does not depend on how long a request takes, so with one seed every point processes the "
        "same request sequence (check that the `writes` column is equal): m and G are then "
        "compared on the same traffic.\n"
        "- **Not modelled:** the AVU side (coherence misses, tables A.10–A.15), epochs, "
        "speculation, the 4-consecutive-hit race-checks, energy.\n");
}

static void write_md(FILE* f, const qsum_t* s, const quality_cfg_t* c, const qpoint_t* p, int np,
                     const uint32_t* ms, int nm, const uint32_t* gs, int ng, const char* png) {
    md_intro(f, s, c);
    md_traffic(f, c);
    md_definitions(f);
    md_results(f, p, np);
    md_beside_thesis(f, p, np, ms, nm, gs, ng, png);
    md_observations(f, p, np, s->fn);
    md_comparable(f);
}

static int write_plot(const char* dir, const qpoint_t* p, int np, const uint32_t* gs, int ng,
                      char* png_tmp, size_t png_tmp_len, char* err, size_t errlen) {
    char dat[1100], gp[1100];
    snprintf(dat, sizeof dat, "%s/quality.png.%ld.dat", dir, (long)getpid());
    snprintf(gp, sizeof gp, "%s/quality.png.%ld.gp", dir, (long)getpid());
    snprintf(png_tmp, png_tmp_len, "%s/quality.png.tmp.%ld", dir, (long)getpid());
    FILE* f = fopen(dat, "w");
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", dat, strerror(errno));
        return -1;
    }
    for (int i = 0; i < ng; i++) {
        fprintf(f, "# %s\n", gran_title(gs[i]));
        for (int j = 0; j < np; j++) {
            const qpoint_t* q = &p[j];
            if (q->cfg.gran != gs[i])
                continue;
            int th = thesis_forced(q->cfg.gran, q->cfg.m);
            fprintf(f, "%u %.6g %.6g %.6g %.6g ", q->cfg.m, q->res.fp ? 100.0 * q->fp_rate : NAN,
                    100.0 * q->exp_rate, 100.0 * q->share_rf, 100.0 * q->share_all);
            if (th >= 0)
                fprintf(f, "%d\n", th);
            else
                fprintf(f, "NaN\n");
        }
        fprintf(f, "\n\n");
    }
    fclose(f);
    f = fopen(gp, "w");
    if (!f) {
        remove(dat);
        snprintf(err, errlen, "cannot write %s: %s", gp, strerror(errno));
        return -1;
    }
    int cairo = system("gnuplot -e 'set terminal pngcairo' >/dev/null 2>&1") == 0;
    fprintf(f, "set terminal %s size 1400,600%s\n", cairo ? "pngcairo" : "png",
            cairo ? " enhanced font 'DejaVu Sans,11'" : "");
    fprintf(f, "set output '%s'\nset datafile missing 'NaN'\n", png_tmp);
    fprintf(f, "set logscale x 2\nset xtics ('1K' 1024, '2K' 2048, '4K' 4096, '8K' 8192, "
               "'16K' 16384, '256' 256, '512' 512)\nset xlabel 'signature size m (bits)'\n"
               "set grid\nset key outside bottom center horizontal maxrows 2 font ',9'\n"
               "set format y '%%g'\nset multiplot layout 1,2\n");
    uint32_t mlo = UINT32_MAX, mhi = 0;
    for (int j = 0; j < np; j++) {
        mlo = p[j].cfg.m < mlo ? p[j].cfg.m : mlo;
        mhi = p[j].cfg.m > mhi ? p[j].cfg.m : mhi;
    }
    fprintf(f, "set xrange [%g:%g]\n", mlo / 1.3, mhi * 1.3);
    fprintf(f, "set title 'False positives per race-check (k = 6, threshold m/8)'\n"
               "set ylabel 'FP rate (%%), log scale'\nset logscale y\n");
    static const char* col[4] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728"};
    fprintf(f, "plot ");
    for (int i = 0; i < ng; i++)
        fprintf(f,
                "%s'%s' index %d using 1:2 with linespoints lw 2 pt 7 lc rgb '%s' title '%s "
                "measured', '%s' index %d using 1:3 with lines dt 2 lw 2 lc rgb '%s' title '%s "
                "analytic (observed n)'",
                i ? ", " : "", dat, i, col[i % 4], gran_title(gs[i]), dat, i, col[i % 4],
                gran_title(gs[i]));
    fprintf(f, "\nunset logscale y\nset yrange [0:100]\n"
               "set title 'Forced share of sync points: ours F/(RACE+F) vs thesis A.6-A.9'\n"
               "set ylabel 'forced share (%%)'\nplot ");
    for (int i = 0; i < ng; i++)
        fprintf(f,
                "%s'%s' index %d using 1:4 with linespoints lw 2 pt 7 lc rgb '%s' title '%s "
                "ours', '%s' index %d using 1:6 with linespoints dt 2 lw 2 pt 6 lc rgb '%s' "
                "title '%s thesis'",
                i ? ", " : "", dat, i, col[i % 4], gran_title(gs[i]), dat, i, col[i % 4],
                gran_title(gs[i]));
    fprintf(f, "\nunset multiplot\n");
    fclose(f);
    char cmd[2400];
    snprintf(cmd, sizeof cmd, "gnuplot '%s' 2>&1", gp);
    FILE* pp = popen(cmd, "r");
    char msg[512] = "";
    size_t ml = pp ? fread(msg, 1, sizeof msg - 1, pp) : 0;
    msg[ml] = 0;
    int st = pp ? pclose(pp) : -1;
    remove(dat);
    remove(gp);
    struct stat sb;
    if (st != 0 || stat(png_tmp, &sb) != 0 || sb.st_size == 0) {
        remove(png_tmp);
        snprintf(err, errlen, "gnuplot failed: %s", ml ? msg : "no image written");
        return -1;
    }
    return 0;
}

/* The options of gpucoh quality (tb/engine/opts.h) and what they set. */
typedef struct {
    quality_cfg_t c;
    uint32_t ms[8], gs[8];
    int nm, ng;
    const char* out;
    const char* json; /* --json: quality.json elsewhere */
    bool plot, quiet, quick, req_set, m_set, g_set;
    bool check_only; /* --check-only: the points listed, nothing run or written */
    bool point_set;  /* --point M,GRAN: that point of the sweep alone, its full data in the JSON */
    uint32_t pt_m, pt_g;
} qargs_t;

enum {
    Q_REQUESTS,
    Q_SEED,
    Q_K,
    Q_THRESHOLD,
    Q_SMS,
    Q_READ_BURST,
    Q_WRITE_BURST,
    Q_HOT_LINES,
    Q_PRIVATE_LINES
};

static int q_num(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    static const struct {
        uint64_t lo, hi;
    } range[] = {[Q_REQUESTS] = {1, 1000000000},
                 [Q_SEED] = {0, UINT64_MAX},
                 [Q_K] = {1, 8},
                 [Q_THRESHOLD] = {1, 32767},
                 [Q_SMS] = {2, RDU_MAX_SM},
                 [Q_READ_BURST] = {1, 1000000},
                 [Q_WRITE_BURST] = {0, 1000000},
                 [Q_HOT_LINES] = {1, 1000000},
                 [Q_PRIVATE_LINES] = {1, PRIV_STRIDE / 128u}};
    qargs_t* q = ctx;
    uint64_t x;
    if (num(opt->name, v, range[opt->id].lo, range[opt->id].hi, &x))
        return -1;
    switch (opt->id) {
    case Q_REQUESTS:
        q->c.requests = x;
        q->req_set = true;
        break;
    case Q_SEED:
        q->c.seed = x;
        break;
    case Q_K:
        q->c.k = (uint32_t)x;
        break;
    case Q_THRESHOLD:
        q->c.threshold = (uint32_t)x;
        break;
    case Q_SMS:
        q->c.n = (uint32_t)x;
        break;
    case Q_READ_BURST:
        q->c.read_burst = (uint32_t)x;
        break;
    case Q_WRITE_BURST:
        q->c.write_burst = (uint32_t)x;
        break;
    case Q_HOT_LINES:
        q->c.hot_lines = (uint32_t)x;
        break;
    default: /* Q_PRIVATE_LINES */
        q->c.private_lines = (uint32_t)x;
    }
    return 0;
}

/* --point M,GRAN: one signature size and one granularity, each as --m and --gran take them */
static int q_point(qargs_t* q, const char* v) {
    char buf[64];
    const char* comma = strchr(v, ',');
    uint32_t m[8], g[8];
    int nm = 0, ng = 0;
    if (!comma || strchr(comma + 1, ',') || strlen(v) >= sizeof buf) {
        fprintf(stderr,
                "gpucoh: quality: --point: '%s' is not M,GRAN (a point of the sweep, as "
                "--check-only lists them: 1024,word)\n",
                v);
        return -1;
    }
    snprintf(buf, sizeof buf, "%.*s", (int)(comma - v), v);
    if (list("--point", buf, m, &nm, 0) != 0 || list("--point", comma + 1, g, &ng, 1) != 0)
        return -1;
    q->point_set = true;
    q->pt_m = m[0];
    q->pt_g = g[0];
    return 0;
}

/* --m, --gran (lists), --shared, --full, --words (fractions), --out, --json, --inject, --point */
static int q_value(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    qargs_t* q = ctx;
    const char* o = opt->name;
    if (!strcmp(o, "--point"))
        return q_point(q, v);
    if (!strcmp(o, "--m")) {
        q->m_set = true;
        return list(o, v, q->ms, &q->nm, 0);
    }
    if (!strcmp(o, "--gran")) {
        q->g_set = true;
        return list(o, v, q->gs, &q->ng, 1);
    }
    if (!strcmp(o, "--shared") || !strcmp(o, "--full") || !strcmp(o, "--words"))
        return frac(o, v,
                    o[2] == 's'   ? &q->c.shared_pm
                    : o[2] == 'f' ? &q->c.full_pm
                                  : &q->c.words_pm);
    if (!strcmp(o, "--out"))
        q->out = v;
    else if (!strcmp(o, "--json"))
        q->json = v;
    else if (!strcmp(v, "keep-set")) /* --inject */
        q->c.hook = QUALITY_HOOK_KEEP_SET;
    else if (!strcmp(v, "phantom"))
        q->c.hook = QUALITY_HOOK_PHANTOM;
    else {
        fprintf(stderr, "gpucoh: quality: --inject: '%s' is not one of: keep-set phantom\n", v);
        return -1;
    }
    return 0;
}

static int q_flag(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    (void)v;
    qargs_t* q = ctx;
    if (!strcmp(opt->name, "--no-plot"))
        q->plot = false;
    else if (!strcmp(opt->name, "--quick"))
        q->quick = true;
    else if (!strcmp(opt->name, "--quiet"))
        q->quiet = true;
    else if (!strcmp(opt->name, "--check-only"))
        q->check_only = true;
    else { /* --help, -h: in order, as the words before it were read */
        quality_usage(stdout);
        return 1;
    }
    return 0;
}

static void q_refuse(const char* cmd, const char* w, bool option) {
    if (option)
        fprintf(stderr, "gpucoh: %s: unknown option '%s' (see `gpucoh %s --help`)\n", cmd, w, cmd);
    else
        fprintf(stderr, "gpucoh: %s: unexpected argument '%s'\n", cmd, w);
}

static void q_missing(const char* cmd, const char* opt) {
    fprintf(stderr, "gpucoh: %s: option %s needs a value\n", cmd, opt);
}

static const gpucoh_opt_t quality_opts[] = {
    {"--help", false, 0, q_flag, NULL, 0, NULL, NULL},
    {"-h", false, 0, q_flag, NULL, 0, NULL, NULL},
    {"--requests", true, 0, q_num, NULL, Q_REQUESTS, "N", "race-checks per point (default 200000)"},
    {"--seed", true, 0, q_num, NULL, Q_SEED, "S", "PRNG seed (default 1)"},
    {"--m", true, 0, q_value, NULL, 0, "LIST",
     "signature sizes, comma-separated (default 1024,2048,4096,8192,16384)"},
    {"--gran", true, 0, q_value, NULL, 0, "LIST",
     "granularities: byte|word|block|half-page or 1|4|128|512\n"
     "(default all four)"},
    {"--k", true, 0, q_num, NULL, Q_K, "K", "hash functions (default 6)"},
    {"--threshold", true, 0, q_num, NULL, Q_THRESHOLD, "T",
     "forced-sync threshold (default m/8 at each point)"},
    {"--sms", true, 0, q_num, NULL, Q_SMS, "N", "SMs (default 16)"},
    {"--read-burst", true, 0, q_num, NULL, Q_READ_BURST, "B",
     "mean race-checks per read phase of an SM (default 48)"},
    {"--write-burst", true, 0, q_num, NULL, Q_WRITE_BURST, "B",
     "mean writes per write phase (default 12)"},
    {"--shared", true, 0, q_value, NULL, 0, "F",
     "fraction of requests to the shared hot region (default 0.25)"},
    {"--hot-lines", true, 0, q_num, NULL, Q_HOT_LINES, "N",
     "lines in the hot region (default 1024)"},
    {"--private-lines", true, 0, q_num, NULL, Q_PRIVATE_LINES, "N",
     "lines in each SM's private region (default 16384)"},
    {"--full", true, 0, q_value, NULL, 0, "F, --words F",
     "mask mix: full lines, word runs; rest few bytes (0.5, 0.35)"},
    {"--words", true, 0, q_value, NULL, 0, NULL, NULL},
    {"--quick", false, 0, q_flag, NULL, 0, NULL,
     "smoke run: 4000 race-checks at (m 1024, word), (m 4096, block)"},
    {"--out", true, 0, q_value, NULL, 0, "DIR", "report directory (default build/out)"},
    {"--json", true, 0, q_value, NULL, 0, "FILE", "quality.json here instead of in --out"},
    {"--no-plot", false, 0, q_flag, NULL, 0, NULL, "do not write quality.png (no gnuplot needed)"},
    {"--inject", true, 0, q_value, NULL, 0, "HOOK",
     "testing only: corrupt the shadow (keep-set | phantom); the run\n"
     "must then report false negatives and exit 1"},
    {"--quiet", false, 0, q_flag, NULL, 0, NULL, "no per-point progress, only the table"},
    {"--check-only", false, 0, q_flag, NULL, 0, NULL,
     "check every option and point, list the points (\"  point M,GRAN\"),\n"
     "run nothing, write nothing (gpucoh campaign plan quality)"},
    {"--point", true, 0, q_value, NULL, 0, "M,GRAN",
     "run that point of the sweep alone and write only the JSON, with\n"
     "the point's full data (\"raw\"), for gpucoh campaign merge"},
};

static const gpucoh_optset_t quality_set = {.cmd = "quality",
                                            .opts = quality_opts,
                                            .nopts =
                                                (int)(sizeof quality_opts / sizeof quality_opts[0]),
                                            .refuse = q_refuse,
                                            .missing = q_missing};

/* --help: the options part from the table (tb/engine/opts.h) */
static void quality_usage(FILE* f) {
    fputs("usage: gpucoh quality [options]\n"
          "\n"
          "Race-detection quality of the rdu C model: synthetic multi-SM traffic with known\n"
          "races, an exact-set shadow beside the Bloom signatures; false negatives (must be 0),\n"
          "false positives, sync points by kind. Writes <out>/quality.{md,csv,json,png}.\n"
          "\n"
          "options:\n",
          f);
    gpucoh_opt_help(&quality_set, 23, f);
}

/* The options into q (defaults first): 0, 1 after --help, -1 after a message. */
static int quality_parse(int argc, char** argv, qargs_t* q) {
    memset(q, 0, sizeof *q);
    q->c = quality_cfg_default();
    q->nm = 5;
    q->ng = 4;
    memcpy(q->ms, sweep_m, sizeof sweep_m);
    memcpy(q->gs, sweep_g, sizeof sweep_g);
    q->out = gpucoh_default_out();
    q->plot = true;
    return gpucoh_opt_parse(&quality_set, argc, argv, 2, q);
}

/* The sweep's points (--quick: its own two) into pts, unchecked */
static void sweep_points(qargs_t* q, qpoint_t* pts, int* np) {
    *np = 0;
    if (q->quick) {
        if (!q->req_set)
            q->c.requests = 4000;
        q->nm = 2;
        q->ng = 2;
        q->ms[0] = 1024;
        q->ms[1] = 4096;
        q->gs[0] = 4;
        q->gs[1] = 128;
        pts[*np].cfg = q->c, pts[*np].cfg.m = 1024, pts[*np].cfg.gran = 4, (*np)++;
        pts[*np].cfg = q->c, pts[*np].cfg.m = 4096, pts[*np].cfg.gran = 128, (*np)++;
        return;
    }
    for (int i = 0; i < q->ng; i++)
        for (int j = 0; j < q->nm; j++) {
            pts[*np].cfg = q->c;
            pts[*np].cfg.m = q->ms[j];
            pts[*np].cfg.gran = q->gs[i];
            (*np)++;
        }
}

/* --point: the point of the sweep it names into pts[0], *np = 1: 0, or 2 after a message */
static int select_point(const qargs_t* q, qpoint_t* pts, int* np) {
    for (int i = 0; i < *np; i++)
        if (pts[i].cfg.m == q->pt_m && pts[i].cfg.gran == q->pt_g) {
            pts[0] = pts[i];
            *np = 1;
            return 0;
        }
    fprintf(stderr,
            "gpucoh: quality: --point %u,%s is not a point of the sweep (of its --m and --gran, "
            "or --quick's; --check-only lists them)\n",
            q->pt_m, gran_name(q->pt_g));
    return 2;
}

/* The points of the sweep (--point: that one) into pts, each checked, and the output paths
 * checked (not with --check-only, which writes nothing): 0, or 2 after a message. */
static int quality_points(qargs_t* q, qpoint_t* pts, int* np) {
    if (q->quick && (q->m_set || q->g_set)) {
        fprintf(stderr, "gpucoh: quality: --quick chooses its own points; drop --m/--gran\n");
        return 2;
    }
    sweep_points(q, pts, np);
    char err[1024];
    for (int i = 0; i < *np; i++) {
        if (quality_check_cfg(&pts[i].cfg, err, sizeof err) != 0) {
            fprintf(stderr, "gpucoh: quality: %s (m = %u, gran = %s)\n", err, pts[i].cfg.m,
                    gran_name(pts[i].cfg.gran));
            return 2;
        }
    }
    if (q->point_set && select_point(q, pts, np) != 0)
        return 2;
    if (q->plot && !q->point_set && system("command -v gnuplot >/dev/null 2>&1") != 0) {
        fprintf(stderr, "gpucoh: quality: gnuplot not found (install the Debian package "
                        "gnuplot-nox, or pass --no-plot)\n");
        return 2;
    }
    if (q->check_only)
        return 0;
    if (gpucoh_check_out_dir("--out", q->out, err, sizeof err) != 0 ||
        (q->json && gpucoh_check_out_file("--json", q->json, err, sizeof err) != 0)) {
        fprintf(stderr, "gpucoh: quality: %s\n", err);
        return 2;
    }
    return 0;
}

/* The run's first line, then the table's header (with --quiet after the last point) */
static void print_start(const qargs_t* q, int np) {
    const quality_cfg_t* c = &q->c;
    printf("gpucoh quality: %d point(s), %llu race-checks each, %u SMs, k %u, seed %llu%s\n", np,
           (unsigned long long)c->requests, c->n, c->k, (unsigned long long)c->seed,
           c->hook ? " (INJECTED SHADOW CORRUPTION: testing only)" : "");
    if (!q->quiet)
        print_header(stdout);
}

/* A point done, run here or read back from its --point report: its figures derived, its row
 * printed (not with --quiet), its false negatives and protocol errors said on stderr. */
static void point_done(const qargs_t* q, qpoint_t* p) {
    derive(p);
    if (!q->quiet)
        print_row(stdout, p);
    if (p->res.fn)
        fprintf(stderr,
                "gpucoh: quality: *** %llu FALSE NEGATIVE(S) at m = %u, gran = %s ***\n"
                "  first: %s\n",
                (unsigned long long)p->res.fn, p->cfg.m, gran_name(p->cfg.gran), p->res.first_fn);
    if (p->res.protocol_errors)
        fprintf(stderr,
                "gpucoh: quality: *** %llu PROTOCOL ERROR(S) at m = %u, gran = %s ***\n"
                "  first: %s\n",
                (unsigned long long)p->res.protocol_errors, p->cfg.m, gran_name(p->cfg.gran),
                p->res.first_error);
}

/* Run every point (point_done after each): 0, or 1 after a message. */
static int quality_sweep(const qargs_t* q, qpoint_t* pts, int np) {
    char err[1024];
    for (int i = 0; i < np; i++) {
        if (quality_run(&pts[i].cfg, &pts[i].res, err, sizeof err) != 0) {
            fprintf(stderr, "gpucoh: quality: %s\n", err);
            return 1;
        }
        point_done(q, &pts[i]);
    }
    return 0;
}

/* The reports (quality.md, .csv, .json, .png; --point: the JSON alone, with "raw"), each
 * complete or not at all: 0, or -1 with err. */
static int quality_reports(const qargs_t* q, const qsum_t* s, const qpoint_t* pts, int np,
                           char* err, size_t errlen) {
    char path[3][1100], png[1100], png_tmp[1200] = "";
    static const char* names[3] = {"quality.md", "quality.csv", "quality.json"};
    gpucoh_afile_t af[3];
    const int first = q->point_set ? 2 : 0;
    const bool plot = q->plot && !q->point_set;
    int opened = first;
    snprintf(png, sizeof png, "%s/quality.png", q->out);
    if (plot &&
        write_plot(q->out, pts, np, q->gs, q->ng, png_tmp, sizeof png_tmp, err, errlen) != 0)
        goto fail;
    for (; opened < 3; opened++) {
        snprintf(path[opened], sizeof path[opened], "%s/%s", q->out, names[opened]);
        if (opened == 2 && q->json)
            snprintf(path[opened], sizeof path[opened], "%s", q->json);
        if (gpucoh_afile_open(&af[opened], path[opened], err, errlen) != 0)
            goto fail;
    }
    if (!first) {
        write_md(af[0].f, s, &q->c, pts, np, q->ms, q->nm, q->gs, q->ng,
                 plot ? "quality.png" : NULL);
        write_csv(af[1].f, pts, np);
    }
    write_json(af[2].f, s, &q->c, pts, np, q->point_set);
    for (int i = first; i < 3; i++) {
        if (gpucoh_afile_commit(&af[i], err, errlen) != 0) {
            for (int j = i + 1; j < 3; j++)
                gpucoh_afile_abort(&af[j]);
            for (int j = first; j < i; j++)
                remove(path[j]);
            opened = first;
            goto fail;
        }
    }
    if (plot && rename(png_tmp, png) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", png, strerror(errno));
        opened = first;
        goto fail;
    }
    return 0;
fail:
    for (int j = first; j < opened; j++)
        gpucoh_afile_abort(&af[j]);
    if (png_tmp[0])
        remove(png_tmp);
    return -1;
}

/* The last line: where the reports are */
static void report_line(const qargs_t* q) {
    const char* plot = q->plot ? ", quality.png" : "";
    if (q->point_set && q->json)
        printf("  report    %s (--point: the JSON alone)\n", q->json);
    else if (q->point_set)
        printf("  report    %s/quality.json (--point: the JSON alone)\n", q->out);
    else if (q->json)
        printf("  report    %s/quality.md (+ .csv%s), %s\n", q->out, plot, q->json);
    else
        printf("  report    %s/quality.md (+ .csv, .json%s)\n", q->out, plot);
}

/* After the last point, run or read back: the totals, the table (--quiet), the reports, the
 * verdict line and the report line. The exit status: 0 pass, 1 a false negative, a protocol
 * error or a report not written. */
static int quality_finish(const qargs_t* q, qsum_t* s, const qpoint_t* pts, int np) {
    const time_t now = time(NULL);
    strftime(s->date, sizeof s->date, "%Y-%m-%d", gmtime(&now));
    for (int i = 0; i < np; i++) {
        s->fn += pts[i].res.fn;
        s->perrs += pts[i].res.protocol_errors;
    }
    if (q->quiet) {
        print_header(stdout);
        for (int i = 0; i < np; i++)
            print_row(stdout, &pts[i]);
    }
    char err[1024];
    if (quality_reports(q, s, pts, np, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: quality: %s\n", err);
        return 1;
    }
    printf("gpucoh quality: %s: %llu false negatives, %llu protocol errors, %.1f s\n",
           s->fn || s->perrs ? "FAIL" : "pass", (unsigned long long)s->fn,
           (unsigned long long)s->perrs, s->secs);
    report_line(q);
    return s->fn || s->perrs ? 1 : 0;
}

/* the command line, as given */
static void command_line(char* cmd, size_t n, int argc, char** argv) {
    size_t cl = (size_t)snprintf(cmd, n, "%s", argv[0]);
    for (int i = 1; i < argc && cl < n; i++)
        cl += (size_t)snprintf(cmd + cl, n - cl, " %s", argv[i]);
}

/* --check-only: the points, one "  point M,GRAN" line each (as --point takes them) */
static int list_points(const qpoint_t* pts, int np) {
    for (int i = 0; i < np; i++)
        printf("  point %u,%s\n", pts[i].cfg.m, gran_name(pts[i].cfg.gran));
    printf("quality: %d points checked, nothing run (--check-only)\n", np);
    return 0;
}

/* The command's outcome: 0 pass, 1 a false negative, a protocol error or a failure, 2 bad
 * input. */
static int quality_main(qargs_t* q, qpoint_t* pts, int argc, char** argv) {
    int np;
    const int prc = quality_points(q, pts, &np);
    if (prc != 0)
        return prc;
    if (q->check_only)
        return list_points(pts, np);
    char cmd[2048];
    command_line(cmd, sizeof cmd, argc, argv);
    qsum_t s = {.cmd = cmd, .version = gpucoh_version()};
    const double t0 = gpucoh_now();
    print_start(q, np);
    if (quality_sweep(q, pts, np) != 0)
        return 1;
    s.secs = gpucoh_now() - t0;
    return quality_finish(q, &s, pts, np);
}

int gpucoh_quality_cmd(int argc, char** argv) {
    qargs_t q;
    const int prc = quality_parse(argc, argv, &q);
    if (prc != 0)
        return prc > 0 ? 0 : 2;
    qpoint_t* pts = calloc(MAX_POINTS, sizeof *pts);
    if (!pts) {
        fprintf(stderr, "gpucoh: out of memory\n");
        return 1;
    }
    const int rc = quality_main(&q, pts, argc, argv);
    free(pts);
    return rc;
}

/*--- the merge of a campaign: the points read back from their --point reports ---------------*/

/* One point's --point report s into p (its cfg the plan's): 0, or -1 with why. ver: the first
 * report's version ("" before the first), which every other must equal. */
static int point_parse(const char* s, const qargs_t* q, qpoint_t* p, char* ver, size_t vlen,
                       char* why, size_t n) {
    char v[256], *params = NULL;
    size_t len = 0;
    FILE* m = open_memstream(&params, &len);
    if (m) {
        fputs("\"params\": ", m);
        traffic_json(m, &q->c);
        fputs(",\n", m);
        fclose(m);
    }
    const char* raw = strstr(s, "\"raw\": {");
    long long pm = -1, pg = -1, hook = -1;
    if (raw)
        sscanf(raw, "\"raw\": {\"m\": %lld, \"gran\": %lld, \"hook\": %lld", &pm, &pg, &hook);
    int rc = -1;
    if (!raw || json_unstr(json_at(s, "version"), v, sizeof v) != 0 ||
        raw_numbers(raw, &p->res) != 0 ||
        json_unstr(json_at(raw, "first_fn"), p->res.first_fn, sizeof p->res.first_fn) != 0 ||
        json_unstr(json_at(raw, "first_error"), p->res.first_error, sizeof p->res.first_error))
        snprintf(why, n, "not a whole report of one point (gpucoh quality --point writes it)");
    else if (ver[0] && strcmp(ver, v))
        snprintf(why, n, "written by another build (%s) than the first point's (%s)", v, ver);
    else if (!params || !strstr(s, params) || hook != (long long)q->c.hook)
        snprintf(why, n, "ran with other options than the plan's (its params or --inject differ)");
    else if (pm != (long long)p->cfg.m || pg != (long long)p->cfg.gran)
        snprintf(why, n, "holds the point m = %lld, gran = %lld, not the plan's %u,%s", pm, pg,
                 p->cfg.m, gran_name(p->cfg.gran));
    else
        rc = snprintf(ver, vlen, "%s", v) < 0 ? -1 : 0;
    free(params);
    return rc;
}

/* path, the report of the point p: 0, or 2 after a message */
static int load_point(const char* path, const qargs_t* q, qpoint_t* p, char* ver, size_t vlen) {
    char err[1024];
    size_t n = 0;
    char* s = gpucoh_read_text(path, "quality report", 1u << 20, &n, err, sizeof err);
    if (!s) {
        fprintf(stderr, "gpucoh: quality: %s\n", err);
        return 2;
    }
    const int rc = point_parse(s, q, p, ver, vlen, err, sizeof err);
    free(s);
    if (rc != 0)
        fprintf(stderr, "gpucoh: quality: %s: %s\n", path, err);
    return rc ? 2 : 0;
}

/* Every point of the sweep argv describes read back from paths (in the sweep's order), then
 * what the serial run prints and writes after its last point, with the same code. */
static int quality_merge(qargs_t* q, qpoint_t* pts, int argc, char** argv, char* const* paths,
                         int npaths) {
    int np = 0, rc = quality_points(q, pts, &np);
    if (!rc && (q->check_only || q->point_set)) {
        fprintf(stderr, "gpucoh: quality: a merge takes the whole sweep's arguments (no "
                        "--check-only, --point)\n");
        rc = 2;
    }
    if (!rc && np != npaths) {
        fprintf(stderr, "gpucoh: quality: %d reports for the %d points of the sweep\n", npaths, np);
        rc = 2;
    }
    char ver[256] = "", cmd[2048];
    for (int i = 0; i < np && !rc; i++)
        rc = load_point(paths[i], q, &pts[i], ver, sizeof ver);
    if (rc)
        return rc;
    command_line(cmd, sizeof cmd, argc, argv);
    qsum_t s = {.cmd = cmd, .version = ver};
    print_start(q, np);
    for (int i = 0; i < np; i++) {
        point_done(q, &pts[i]);
        s.secs += pts[i].res.seconds;
    }
    return quality_finish(q, &s, pts, np);
}

int quality_from_results(int argc, char** argv, char* const* paths, int npaths) {
    qargs_t q;
    if (quality_parse(argc, argv, &q) != 0)
        return 2;
    qpoint_t* pts = calloc(MAX_POINTS, sizeof *pts);
    if (!pts) {
        fprintf(stderr, "gpucoh: out of memory\n");
        return 1;
    }
    const int rc = quality_merge(&q, pts, argc, argv, paths, npaths);
    free(pts);
    return rc;
}
