/* SPDX-License-Identifier: Apache-2.0 */
/*
 * synth.c -- the synthetic workloads of gpucoh compare (synth.h): prodcons, workqueue,
 * readshared, worksteal, readonly, rsteal. Every wavefront is a small state machine; an operation
 * is outstanding from next() to done() (stores: done at issue), so a wavefront has at most one.
 */
#include "synth.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

/* phases of a wavefront */
enum {
    PH_IDLE = 0, /* no work */
    PH_WAIT,     /* prodcons: spin on the awaited flag */
    PH_DATA,     /* prodcons producer: data stores */
    PH_READ,     /* prodcons consumer / workqueue: checked data loads */
    PH_SIGNAL,   /* prodcons: the release store of the flag (producer) or ack (consumer) */
    PH_POP,      /* workqueue: the head atomic */
    PH_LOCK,     /* workqueue: CAS on the bin's lock */
    PH_WRITE,    /* workqueue: the result store */
    PH_UNLOCK,   /* workqueue: the lock's release store */
    PH_INIT,     /* readshared writer: the table stores, then the release of version 1 */
    PH_START,    /* readshared: spin until version >= 1 */
    PH_LOOP,     /* readshared: table loads, version acquires, bumps */
    PH_FINAL,    /* the closing GPU-scope fence */
    PH_DONE
};

enum { ROLE_NONE = 0, ROLE_PRODUCER, ROLE_CONSUMER, ROLE_WORKER, ROLE_READER, ROLE_WRITER };

typedef struct {
    uint32_t sm, wf, role, ph;
    uint32_t i;                         /* word / op index within the phase */
    uint32_t r;                         /* rounds done (prodcons), loads done (readshared) */
    uint32_t pair;                      /* prodcons */
    uint32_t q, k, bin, sum, exhausted; /* workqueue / worksteal: queue, item, bin instance, sum,
                                           queues empty (workqueue: bit 0 the CTA's, bit 1 the
                                           GPU-wide; worksteal: bit q queue q) */
    uint32_t last_v, bumped;            /* readshared: last version seen, bumps made */
    uint64_t ready_at;
    bool busy;
    gpucoh_rng_t rng;
} swf_t;

struct synth {
    synth_cfg_t c;
    gsys_geom_t g;
    uint32_t lwords; /* words per line */
    uint64_t next_line;
    uint64_t nowhere; /* a line nobody writes (inject) */
    swf_t* w;
    uint32_t nw, active; /* wavefronts, those not done */
    synth_result_t res;
    /* prodcons: per pair, the lines of its flag, ack and data */
    uint64_t *pc_flag, *pc_ack, *pc_data;
    /* workqueue: queue q = 0..N-1 the CTA queues, N the GPU-wide one */
    uint64_t* wq_head;           /* [N+1] */
    uint32_t* wq_count;          /* [N+1] items */
    uint64_t *wq_lock, *wq_data; /* [(N+1) * bins] */
    uint32_t* shadow;            /* [(N+1) * bins * reads] */
    uint32_t* sm_empty; /* rsteal: per SM, the queues its wavefronts have found empty (bit q) */
    /* readshared */
    uint64_t rs_version, rs_table;
    uint32_t rs_words, published;
};

/* ---- names and parameters ------------------------------------------------------------------ */

static const char* const NAMES[SYNTH_N] = {"prodcons",  "workqueue", "readshared",
                                           "worksteal", "readonly",  "rsteal"};
static const char* const BLURBS[SYNTH_N] = {
    "producer-consumer pairs on different SMs: data stores, GPU-scope release of a flag, the "
    "consumer's acquire spin, checked loads, a release of an ack flag",
    "a work queue per CTA with CTA-scope atomics, locks and releases, and a GPU-wide queue every "
    "SM takes from now and then (GPU scope); each item loads a lock-protected bin, checks it and "
    "stores a result",
    "every SM reads a shared read-only table with plain loads and now and then a GPU-scope "
    "acquire of a version flag that a rare writer bumps with a release",
    "work stealing: a queue per SM used by its own wavefronts (GPU-scope atomics, locks and "
    "releases, repeated by the same SM on the same words) and now and then stolen from by "
    "another SM; each item loads a lock-protected bin, checks it and stores a result",
    "readshared with its table (written once, before it is published) in the upper half of the "
    "address space, the region DeNovo-D+RO declares read-only",
    "remote-scoped work stealing: worksteal with the pops, locks and releases of a wavefront's "
    "own SM's queue at the local scope and those of a steal at the steal scope (per variant: "
    "CTA / RM with remote-scope promotion, GPU / GPU for a scoped model without it, CTA / GPU "
    "for a scope-free model)",
};

const char* synth_name(uint32_t kind) {
    return kind < SYNTH_N ? NAMES[kind] : NULL;
}

const char* synth_blurb(uint32_t kind) {
    return kind < SYNTH_N ? BLURBS[kind] : NULL;
}

const char* synth_scope_name(uint32_t scope) {
    static const char* const nm[GSYS_NSCOPES] = {"cta", "gpu", "rm"};
    return scope < GSYS_NSCOPES ? nm[scope] : "?";
}

bool synth_steals(uint32_t kind) {
    return kind == SYNTH_WORKSTEAL || kind == SYNTH_RSTEAL;
}

int synth_find(const char* name) {
    for (uint32_t k = 0; k < SYNTH_N; k++)
        if (!strcmp(name, NAMES[k]))
            return (int)k;
    return -1;
}

static uint32_t scaled(uint32_t v, uint32_t scale) {
    const uint64_t x = (uint64_t)v * scale / 100u;
    return x < 1 ? 1u : x > 1000000u ? 1000000u : (uint32_t)x;
}

static uint32_t min_u(uint32_t a, uint32_t b) {
    return a < b ? a : b;
}

synth_cfg_t synth_cfg_default(uint32_t kind, const gsys_geom_t* g, uint64_t seed, uint32_t scale) {
    synth_cfg_t c;
    memset(&c, 0, sizeof c);
    c.kind = kind;
    c.seed = seed;
    c.spin_gap = 4;
    c.pairs = g->num_sm * min_u(2, g->num_wf / 2 ? g->num_wf / 2 : 1);
    c.rounds = scaled(32, scale);
    c.words = 8;
    c.items = scaled(8 * g->num_wf, scale);
    c.gpu_permille = 100;
    c.bins = g->num_wf / 2 ? g->num_wf / 2 : 1;
    c.reads = min_u(3, g->line_bytes / 4);
    c.backoff = 8;
    c.steal_permille = 50;
    c.local_scope = GSYS_SCOPE_CTA;
    c.steal_scope = GSYS_SCOPE_GPU;
    c.table_lines = 4;
    c.loads = scaled(256, scale);
    c.acq_every = 8;
    c.bumps = 4;
    return c;
}

void synth_params_text(const synth_cfg_t* c, char* buf, size_t n) {
    switch (c->kind) {
    case SYNTH_PRODCONS:
        snprintf(buf, n, "pairs %u, rounds %u, words %u, spin gap %u", c->pairs, c->rounds,
                 c->words, c->spin_gap);
        break;
    case SYNTH_WORKQUEUE:
        snprintf(buf, n,
                 "items %u per SM, GPU-wide %u per mille, bins %u per queue, reads %u, backoff %u",
                 c->items, c->gpu_permille, c->bins, c->reads, c->backoff);
        break;
    case SYNTH_WORKSTEAL:
        snprintf(buf, n,
                 "items %u per SM, stolen %u per mille, bins %u per queue, reads %u, backoff %u",
                 c->items, c->steal_permille, c->bins, c->reads, c->backoff);
        break;
    case SYNTH_RSTEAL:
        snprintf(buf, n,
                 "items %u per SM, stolen %u per mille, bins %u per queue, reads %u, backoff %u, "
                 "scopes local/steal per variant",
                 c->items, c->steal_permille, c->bins, c->reads, c->backoff);
        break;
    default:
        snprintf(buf, n,
                 "table %u lines, loads %u per wavefront, acquire every %u, bumps %u, spin gap %u",
                 c->table_lines, c->loads, c->acq_every, c->bumps, c->spin_gap);
        break;
    }
}

void synth_params_json(const synth_cfg_t* c, FILE* f) {
    fprintf(f, "\"seed\": %" PRIu64 ", \"spin_gap\": %u, \"inject\": %u", c->seed, c->spin_gap,
            c->inject);
    if (c->kind == SYNTH_PRODCONS)
        fprintf(f, ", \"pairs\": %u, \"rounds\": %u, \"words\": %u", c->pairs, c->rounds, c->words);
    else if (c->kind == SYNTH_WORKQUEUE)
        fprintf(f,
                ", \"items_per_sm\": %u, \"gpu_permille\": %u, \"bins\": %u, \"reads\": %u, "
                "\"backoff\": %u",
                c->items, c->gpu_permille, c->bins, c->reads, c->backoff);
    else if (synth_steals(c->kind)) {
        fprintf(f,
                ", \"items_per_sm\": %u, \"steal_permille\": %u, \"bins\": %u, \"reads\": %u, "
                "\"backoff\": %u",
                c->items, c->steal_permille, c->bins, c->reads, c->backoff);
        if (c->kind == SYNTH_RSTEAL)
            fprintf(f, ", \"local_scope\": \"%s\", \"steal_scope\": \"%s\"",
                    synth_scope_name(c->local_scope), synth_scope_name(c->steal_scope));
    } else
        fprintf(f, ", \"table_lines\": %u, \"loads\": %u, \"acq_every\": %u, \"bumps\": %u",
                c->table_lines, c->loads, c->acq_every, c->bumps);
}

/* ---- layout -------------------------------------------------------------------------------- */

static uint32_t div_up(uint32_t a, uint32_t b) {
    return (a + b - 1) / b;
}

/* Lines the workload uses (its address space need), the nowhere line included. */
static uint64_t lines_needed(const synth_cfg_t* c, const gsys_geom_t* g) {
    const uint32_t lw = g->line_bytes / 4;
    switch (c->kind) {
    case SYNTH_PRODCONS:
        return (uint64_t)c->pairs * (2u + div_up(c->words, lw)) + 2u;
    case SYNTH_WORKQUEUE:
    case SYNTH_WORKSTEAL:
    case SYNTH_RSTEAL:
        return (uint64_t)(g->num_sm + 1) * (1u + 2u * (uint64_t)c->bins) + 2u;
    default:
        return 1u + c->table_lines + 2u;
    }
}

static int check_kind(const synth_cfg_t* c, const gsys_geom_t* g, char* err, size_t errlen) {
    if (c->kind == SYNTH_PRODCONS) {
        if (g->num_sm < 2 || c->pairs < 1 || c->rounds < 1 || c->words < 1 ||
            2 * div_up(c->pairs, g->num_sm) > g->num_wf) {
            snprintf(err, errlen,
                     "prodcons: %u pairs need 2 SMs or more and 2 x %u wavefronts per SM (the "
                     "configuration has %u SMs x %u)",
                     c->pairs, div_up(c->pairs, g->num_sm ? g->num_sm : 1), g->num_sm, g->num_wf);
            return -1;
        }
    } else if (synth_steals(c->kind)) {
        if (g->num_sm < 2 || g->num_sm > 32 || c->items < 1 || c->bins < 1 || c->reads < 1 ||
            c->reads > g->line_bytes / 4 || c->steal_permille > 1000 || c->backoff < 1 ||
            c->local_scope >= GSYS_NSCOPES || c->steal_scope >= GSYS_NSCOPES) {
            snprintf(err, errlen,
                     "%s: 2..32 SMs (the configuration has %u), items %u, bins %u (each "
                     ">= 1), reads %u (1..%u words of a line), steal_permille %u (0..1000), "
                     "backoff %u (>= 1), scopes %u / %u (0..%u)",
                     NAMES[c->kind], g->num_sm, c->items, c->bins, c->reads, g->line_bytes / 4,
                     c->steal_permille, c->backoff, c->local_scope, c->steal_scope,
                     (uint32_t)GSYS_NSCOPES - 1u);
            return -1;
        }
    } else if (c->kind == SYNTH_WORKQUEUE) {
        if (c->items < 1 || c->bins < 1 || c->reads < 1 || c->reads > g->line_bytes / 4 ||
            c->gpu_permille > 1000 || c->backoff < 1) {
            snprintf(err, errlen,
                     "workqueue: items %u, bins %u (each >= 1), reads %u (1..%u words of a line), "
                     "gpu_permille %u (0..1000), backoff %u (>= 1)",
                     c->items, c->bins, c->reads, g->line_bytes / 4, c->gpu_permille, c->backoff);
            return -1;
        }
    } else if (c->table_lines < 1 || c->loads < 1 || c->acq_every < 1) {
        snprintf(err, errlen, "readshared: table_lines %u, loads %u, acq_every %u (each >= 1)",
                 c->table_lines, c->loads, c->acq_every);
        return -1;
    }
    return 0;
}

int synth_check(const synth_cfg_t* c, const gsys_geom_t* g, char* err, size_t errlen) {
    if (c->kind >= SYNTH_N) {
        snprintf(err, errlen, "synth: unknown workload %u", c->kind);
        return -1;
    }
    if (check_kind(c, g, err, errlen) != 0)
        return -1;
    const uint32_t lb = g->line_bytes;
    uint32_t lbits = 0;
    while ((1u << lbits) < lb)
        lbits++;
    const uint64_t have =
        g->addr_width - lbits >= 40 ? UINT64_MAX : 1ull << (g->addr_width - lbits);
    const uint64_t need = lines_needed(c, g);
    if (c->kind == SYNTH_READONLY && (uint64_t)c->table_lines > have / 2) {
        snprintf(err, errlen,
                 "readonly: a table of %u lines does not fit the upper half of the "
                 "address space (%" PRIu64 " lines)",
                 c->table_lines, have / 2);
        return -1;
    }
    if (need > have) {
        snprintf(err, errlen, "%s: needs %" PRIu64 " lines, the address space has %" PRIu64,
                 NAMES[c->kind], need, have);
        return -1;
    }
    return 0;
}

/* The next unused line's byte address (line 0 is left unused). */
static uint64_t alloc_lines(synth_t* x, uint32_t n) {
    const uint64_t a = x->next_line * x->g.line_bytes;
    x->next_line += n;
    return a;
}

/* ---- values and checks --------------------------------------------------------------------- */

static uint32_t val(uint64_t seed, uint32_t a, uint32_t b, uint32_t c) {
    uint64_t z = seed ^ ((uint64_t)a << 40) ^ ((uint64_t)b << 20) ^ c;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return (uint32_t)z | 1u;
}

static void check(synth_t* x, bool ok, const char* fmt, ...) __attribute__((format(printf, 3, 4)));
static void check(synth_t* x, bool ok, const char* fmt, ...) {
    x->res.checked++;
    if (ok)
        return;
    if (!x->res.errors++) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(x->res.first_error, sizeof x->res.first_error, fmt, ap);
        va_end(ap);
    }
}

/* The address a checked data load reads (inject: the nowhere line). */
static uint64_t data_addr(const synth_t* x, uint64_t a) {
    if (x->c.inject != SYNTH_INJECT_MISREAD)
        return a;
    return x->nowhere + (a & (x->g.line_bytes - 1));
}

static void op_set(gsys_op_t* op, uint32_t kind, uint32_t scope, uint64_t addr, uint32_t value) {
    op->kind = kind;
    op->scope = scope;
    op->addr = addr;
    op->value = value;
}

static void finish(synth_t* x, swf_t* w) {
    w->ph = PH_DONE;
    x->active--;
}

static void spin_wait(synth_t* x, swf_t* w, uint64_t cycle) {
    x->res.spins++;
    w->ready_at = cycle + x->c.spin_gap;
}

/* ---- prodcons ------------------------------------------------------------------------------ */

static void pc_layout(synth_t* x) {
    const uint32_t dl = div_up(x->c.words, x->lwords);
    for (uint32_t p = 0; p < x->c.pairs; p++) {
        x->pc_flag[p] = alloc_lines(x, 1);
        x->pc_ack[p] = alloc_lines(x, 1);
        x->pc_data[p] = alloc_lines(x, dl);
    }
    for (uint32_t p = 0; p < x->c.pairs; p++) {
        const uint32_t n = x->g.num_sm, sm = p % n, wf = 2 * (p / n);
        swf_t* a = &x->w[sm * x->g.num_wf + wf];
        swf_t* b = &x->w[((sm + 1) % n) * x->g.num_wf + wf + 1];
        a->role = ROLE_PRODUCER;
        a->ph = PH_DATA;
        b->role = ROLE_CONSUMER;
        b->ph = PH_WAIT;
        a->pair = b->pair = p;
    }
    x->res.work_total = (uint64_t)x->c.pairs * x->c.rounds;
}

static bool pc_next(synth_t* x, swf_t* w, gsys_op_t* op) {
    const uint32_t p = w->pair, r = w->r;
    const bool prod = w->role == ROLE_PRODUCER;
    switch (w->ph) {
    case PH_WAIT:
        op_set(op, GSYS_OP_ACQUIRE, GSYS_SCOPE_GPU, prod ? x->pc_ack[p] : x->pc_flag[p], 0);
        return true;
    case PH_DATA:
        op_set(op, GSYS_OP_STORE, GSYS_SCOPE_GPU, x->pc_data[p] + 4u * w->i,
               val(x->c.seed, p, r, w->i));
        return true;
    case PH_READ:
        op_set(op, GSYS_OP_LOAD, GSYS_SCOPE_GPU, data_addr(x, x->pc_data[p] + 4u * w->i), 0);
        return true;
    case PH_SIGNAL:
        op_set(op, GSYS_OP_RELEASE, GSYS_SCOPE_GPU, prod ? x->pc_flag[p] : x->pc_ack[p], r + 1);
        return true;
    default:
        return false;
    }
}

/* A flag load returned v; the awaited value is want, the one before it want - 1. */
static bool pc_flag_seen(synth_t* x, swf_t* w, uint32_t v, uint32_t want, uint64_t cycle) {
    if (v == want)
        return true;
    if (v == want - 1) {
        spin_wait(x, w, cycle);
        return false;
    }
    check(x, false,
          "prodcons pair %u: %s flag read %u, expected %u or %u (SM %u wf %u round %u, cycle "
          "%" PRIu64 ")",
          w->pair, w->role == ROLE_PRODUCER ? "ack" : "data", v, want - 1, want, w->sm, w->wf, w->r,
          cycle);
    return true; /* go on: the error is counted */
}

static void pc_round_end(synth_t* x, swf_t* w) {
    w->r++;
    w->i = 0;
    if (w->role == ROLE_CONSUMER)
        x->res.work_done++;
    w->ph = w->r == x->c.rounds ? PH_FINAL : PH_WAIT;
}

static void pc_done(synth_t* x, swf_t* w, uint32_t v, uint64_t cycle) {
    const bool prod = w->role == ROLE_PRODUCER;
    switch (w->ph) {
    case PH_WAIT:
        if (pc_flag_seen(x, w, v, prod ? w->r : w->r + 1, cycle)) {
            if (!prod)
                check(x, true, "flag");
            w->ph = prod ? PH_DATA : PH_READ;
            w->i = 0;
        }
        break;
    case PH_DATA:
        if (++w->i == x->c.words)
            w->ph = PH_SIGNAL;
        break;
    case PH_READ: {
        const uint32_t want = val(x->c.seed, w->pair, w->r, w->i);
        check(x, v == want,
              "prodcons pair %u round %u: data word %u read 0x%08x, expected 0x%08x (SM %u wf %u, "
              "cycle %" PRIu64 ")",
              w->pair, w->r, w->i, v, want, w->sm, w->wf, cycle);
        if (++w->i == x->c.words)
            w->ph = PH_SIGNAL;
        break;
    }
    case PH_SIGNAL:
        pc_round_end(x, w);
        break;
    default:
        break;
    }
}

/* ---- workqueue ----------------------------------------------------------------------------- */

/* The scope of the operations of w's current item (queue w->q): worksteal GPU; rsteal the local
 * scope on its own SM's queue, the steal scope on another's; workqueue the queue's. */
static uint32_t wq_scope(const synth_t* x, const swf_t* w) {
    if (x->c.kind == SYNTH_WORKSTEAL)
        return GSYS_SCOPE_GPU;
    if (x->c.kind == SYNTH_RSTEAL)
        return w->q == w->sm ? x->c.local_scope : x->c.steal_scope;
    return w->q == x->g.num_sm ? GSYS_SCOPE_GPU : GSYS_SCOPE_CTA;
}

static void wq_layout(synth_t* x) {
    const uint32_t nq = x->g.num_sm + 1, nb = nq * x->c.bins;
    for (uint32_t q = 0; q < nq; q++)
        x->wq_head[q] = alloc_lines(x, 1);
    for (uint32_t b = 0; b < nb; b++) {
        x->wq_lock[b] = alloc_lines(x, 1);
        x->wq_data[b] = alloc_lines(x, 1);
    }
    const uint64_t total = (uint64_t)x->g.num_sm * x->c.items;
    const uint32_t permille = synth_steals(x->c.kind) ? 0u : x->c.gpu_permille;
    const uint64_t local = (total - total * permille / 1000u) / x->g.num_sm;
    for (uint32_t q = 0; q < x->g.num_sm; q++)
        x->wq_count[q] = (uint32_t)local;
    x->wq_count[x->g.num_sm] = (uint32_t)(total - local * x->g.num_sm);
    for (uint32_t i = 0; i < x->nw; i++) {
        x->w[i].role = ROLE_WORKER;
        x->w[i].ph = PH_POP;
    }
    x->res.work_total = total;
}

/* worksteal: the queue the next pop goes to: another SM's (at random) with probability
 * steal_permille / 1000, else its own; when that is known empty, the next one that is not from
 * its own on; false when all are. */
/* The queues known empty: worksteal's a wavefront's own knowledge; rsteal's shared by the SM's
 * wavefronts (a work-group learns it once, as the paper's work-groups steal: synth.h). */
static uint32_t* ws_empty(synth_t* x, swf_t* w) {
    return x->c.kind == SYNTH_RSTEAL ? &x->sm_empty[w->sm] : &w->exhausted;
}

static bool ws_choose(synth_t* x, swf_t* w) {
    const uint32_t n = x->g.num_sm;
    const uint32_t empty = *ws_empty(x, w);
    uint32_t q = w->sm;
    if (gpucoh_rng_permille(&w->rng, x->c.steal_permille))
        q = (w->sm + 1u + gpucoh_rng_below(&w->rng, n - 1u)) % n;
    for (uint32_t j = 0; (empty >> q) & 1u; j++) {
        if (j == n)
            return false;
        q = (w->sm + j) % n;
    }
    w->q = q;
    return true;
}

/* The queue the next pop goes to: the GPU-wide one with probability gpu_permille / 1000, the
 * other one when that is known empty; false when both are. */
static bool wq_choose(synth_t* x, swf_t* w) {
    if (synth_steals(x->c.kind))
        return ws_choose(x, w);
    const uint32_t gq = x->g.num_sm;
    const bool gpu = gpucoh_rng_permille(&w->rng, x->c.gpu_permille) != 0;
    const uint32_t first = gpu ? 1u : 0u;
    const uint32_t pick = (w->exhausted >> first) & 1u ? first ^ 1u : first;
    if ((w->exhausted >> pick) & 1u)
        return false;
    w->q = pick ? gq : w->sm;
    return true;
}

static bool wq_next(synth_t* x, swf_t* w, gsys_op_t* op) {
    const uint32_t sc = wq_scope(x, w);
    switch (w->ph) {
    case PH_POP:
        if (!wq_choose(x, w)) {
            w->ph = PH_FINAL;
            return false;
        }
        op_set(op, GSYS_OP_ATOMIC, wq_scope(x, w), x->wq_head[w->q], 1);
        op->aop = GSYS_AOP_ADD;
        return true;
    case PH_LOCK:
        op_set(op, GSYS_OP_ATOMIC, sc, x->wq_lock[w->bin], 0);
        op->aop = GSYS_AOP_CAS;
        op->value2 = 1;
        op->order = GSYS_ORD_ACQUIRE;
        return true;
    case PH_READ:
        op_set(op, GSYS_OP_LOAD, sc, data_addr(x, x->wq_data[w->bin] + 4u * w->i), 0);
        return true;
    case PH_WRITE:
        op_set(op, GSYS_OP_STORE, sc, x->wq_data[w->bin] + 4u * (w->k % x->c.reads),
               val(w->sum, w->q, w->k, 7));
        return true;
    case PH_UNLOCK:
        op_set(op, GSYS_OP_RELEASE, sc, x->wq_lock[w->bin], 0);
        return true;
    default:
        return false;
    }
}

static void wq_popped(synth_t* x, swf_t* w, uint32_t k) {
    if (k >= x->wq_count[w->q]) {
        if (synth_steals(x->c.kind))
            *ws_empty(x, w) |= 1u << w->q;
        else
            w->exhausted |= 1u << (w->q == x->g.num_sm);
        w->ph = PH_POP;
        return;
    }
    w->k = k;
    w->bin = w->q * x->c.bins + val(x->c.seed, w->q, k, 3) % x->c.bins;
    w->ph = PH_LOCK;
}

static void wq_locked(synth_t* x, swf_t* w, uint32_t old, uint64_t cycle) {
    if (old == 1) {
        x->res.spins++;
        w->ready_at = cycle + 1 + gpucoh_rng_below(&w->rng, x->c.backoff);
        return;
    }
    check(x, old == 0, "workqueue: lock of bin %u returned %u (0 or 1 expected; SM %u wf %u)",
          w->bin, old, w->sm, w->wf);
    w->ph = PH_READ;
    w->i = 0;
    w->sum = 0;
}

static void wq_read(synth_t* x, swf_t* w, uint32_t v, uint64_t cycle) {
    const uint32_t want = x->shadow[w->bin * x->c.reads + w->i];
    check(x, v == want,
          "workqueue: bin %u word %u read 0x%08x under its lock, expected 0x%08x (item %u of queue "
          "%u; SM %u wf %u, cycle %" PRIu64 ")",
          w->bin, w->i, v, want, w->k, w->q, w->sm, w->wf, cycle);
    w->sum += v;
    if (++w->i == x->c.reads)
        w->ph = PH_WRITE;
}

static void wq_done(synth_t* x, swf_t* w, const gsys_op_t* op, uint32_t v, uint64_t cycle) {
    switch (w->ph) {
    case PH_POP:
        wq_popped(x, w, v);
        break;
    case PH_LOCK:
        wq_locked(x, w, v, cycle);
        break;
    case PH_READ:
        wq_read(x, w, v, cycle);
        break;
    case PH_WRITE:
        x->shadow[w->bin * x->c.reads + w->k % x->c.reads] = op->value;
        w->ph = PH_UNLOCK;
        break;
    case PH_UNLOCK:
        x->res.work_done++;
        w->ph = PH_POP;
        break;
    default:
        break;
    }
}

static void wq_final(synth_t* x, const gsys_t* s) {
    const uint32_t nb = (x->g.num_sm + 1) * x->c.bins;
    for (uint32_t b = 0; b < nb; b++) {
        const uint32_t l = gsys_word(s, x->wq_lock[b]);
        check(x, l == 0, "workqueue: lock of bin %u is %u at the end (0 expected)", b, l);
        for (uint32_t i = 0; i < x->c.reads; i++) {
            const uint32_t v = gsys_word(s, x->wq_data[b] + 4u * i);
            const uint32_t want = x->shadow[b * x->c.reads + i];
            check(x, v == want, "workqueue: bin %u word %u is 0x%08x at the end, expected 0x%08x",
                  b, i, v, want);
        }
    }
}

/* ---- readshared ---------------------------------------------------------------------------- */

static void rs_layout(synth_t* x) {
    x->rs_version = alloc_lines(x, 1);
    if (x->c.kind == SYNTH_READONLY) /* the upper half of the address space (synth.h) */
        x->rs_table = 1ull << (x->g.addr_width - 1);
    else
        x->rs_table = alloc_lines(x, x->c.table_lines);
    x->rs_words = x->c.table_lines * x->lwords;
    for (uint32_t i = 0; i < x->nw; i++) {
        x->w[i].role = i ? ROLE_READER : ROLE_WRITER;
        x->w[i].ph = i ? PH_START : PH_INIT;
    }
    x->res.work_total = (uint64_t)x->nw * x->c.loads;
}

/* The writer's bump b (1..bumps) comes after loads b * loads / (bumps + 1). */
static bool rs_bump_due(const synth_t* x, const swf_t* w) {
    if (w->role != ROLE_WRITER || w->bumped >= x->c.bumps)
        return false;
    return w->r >= (uint64_t)(w->bumped + 1) * x->c.loads / (x->c.bumps + 1u);
}

static bool rs_loop(synth_t* x, swf_t* w, gsys_op_t* op) {
    if (w->r == x->c.loads) {
        w->ph = PH_FINAL;
        return false;
    }
    if (rs_bump_due(x, w)) {
        op_set(op, GSYS_OP_RELEASE, GSYS_SCOPE_GPU, x->rs_version, x->published + 1);
        return true;
    }
    if (w->r && w->r % x->c.acq_every == 0 && w->i != w->r) {
        op_set(op, GSYS_OP_ACQUIRE, GSYS_SCOPE_GPU, x->rs_version, 0);
        return true;
    }
    w->k = gpucoh_rng_below(&w->rng, x->rs_words);
    op_set(op, GSYS_OP_LOAD, GSYS_SCOPE_GPU, data_addr(x, x->rs_table + 4u * w->k), 0);
    return true;
}

static bool rs_next(synth_t* x, swf_t* w, gsys_op_t* op) {
    switch (w->ph) {
    case PH_INIT:
        if (w->i < x->rs_words)
            op_set(op, GSYS_OP_STORE, GSYS_SCOPE_GPU, x->rs_table + 4u * w->i,
                   val(x->c.seed, 0, 0, w->i));
        else
            op_set(op, GSYS_OP_RELEASE, GSYS_SCOPE_GPU, x->rs_version, 1);
        return true;
    case PH_START:
        op_set(op, GSYS_OP_ACQUIRE, GSYS_SCOPE_GPU, x->rs_version, 0);
        return true;
    case PH_LOOP:
        return rs_loop(x, w, op);
    default:
        return false;
    }
}

static void rs_version(synth_t* x, swf_t* w, uint32_t v, uint64_t cycle) {
    check(x, v >= w->last_v && v <= x->published,
          "readshared: version read %u by SM %u wf %u (last seen %u, published %u; cycle "
          "%" PRIu64 ")",
          v, w->sm, w->wf, w->last_v, x->published, cycle);
    if (v > w->last_v)
        w->last_v = v;
}

static void rs_loop_done(synth_t* x, swf_t* w, const gsys_op_t* op, uint32_t v, uint64_t cycle) {
    if (op->kind == GSYS_OP_RELEASE) {
        x->published = op->value;
        w->last_v = op->value;
        w->bumped++;
    } else if (op->kind == GSYS_OP_ACQUIRE) {
        rs_version(x, w, v, cycle);
        w->i = w->r; /* this load count's acquire is made */
    } else {
        const uint32_t want = val(x->c.seed, 0, 0, w->k);
        check(x, v == want,
              "readshared: table word %u read 0x%08x, expected 0x%08x (SM %u wf %u, cycle "
              "%" PRIu64 ")",
              w->k, v, want, w->sm, w->wf, cycle);
        w->r++;
        x->res.work_done++;
    }
}

static void rs_done(synth_t* x, swf_t* w, const gsys_op_t* op, uint32_t v, uint64_t cycle) {
    switch (w->ph) {
    case PH_INIT:
        w->i++;
        if (op->kind == GSYS_OP_RELEASE) { /* the table is published */
            x->published = 1;
            w->last_v = 1;
            w->ph = PH_LOOP;
            w->i = 0;
        }
        break;
    case PH_START:
        rs_version(x, w, v, cycle);
        if (v >= 1)
            w->ph = PH_LOOP;
        else
            spin_wait(x, w, cycle);
        break;
    case PH_LOOP:
        rs_loop_done(x, w, op, v, cycle);
        break;
    default:
        break;
    }
}

/* ---- the workload -------------------------------------------------------------------------- */

static swf_t* wf_of(synth_t* x, uint32_t sm, uint32_t wf) {
    if (sm >= x->g.num_sm || wf >= x->g.num_wf)
        return NULL;
    return &x->w[sm * x->g.num_wf + wf];
}

static bool kind_next(synth_t* x, swf_t* w, gsys_op_t* op) {
    switch (x->c.kind) {
    case SYNTH_PRODCONS:
        return pc_next(x, w, op);
    case SYNTH_WORKQUEUE:
    case SYNTH_WORKSTEAL:
    case SYNTH_RSTEAL:
        return wq_next(x, w, op);
    default:
        return rs_next(x, w, op);
    }
}

static bool s_next(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle, gsys_op_t* op) {
    synth_t* x = ctx;
    swf_t* w = wf_of(x, sm, wf);
    if (!w || w->busy || w->ph == PH_DONE || w->ph == PH_IDLE || cycle < w->ready_at)
        return false;
    bool any = w->ph != PH_FINAL && kind_next(x, w, op);
    if (!any && w->ph == PH_FINAL) { /* the end of the kernel: a GPU-scope fence */
        memset(op, 0, sizeof *op);
        op_set(op, GSYS_OP_FENCE, GSYS_SCOPE_GPU, 0, 0);
        op->order = GSYS_ORD_ACQ_REL;
        any = true;
    }
    w->busy = any;
    return any;
}

static void s_done(void* ctx, uint32_t sm, uint32_t wf, const gsys_op_t* op, uint32_t value,
                   const uint32_t* line, uint64_t cycle) {
    (void)line;
    synth_t* x = ctx;
    swf_t* w = wf_of(x, sm, wf);
    if (!w)
        return;
    w->busy = false;
    if (w->ph == PH_FINAL) {
        finish(x, w);
        return;
    }
    if (x->c.kind == SYNTH_PRODCONS)
        pc_done(x, w, value, cycle);
    else if (x->c.kind == SYNTH_WORKQUEUE || synth_steals(x->c.kind))
        wq_done(x, w, op, value, cycle);
    else
        rs_done(x, w, op, value, cycle);
}

static bool s_finished(void* ctx) {
    return ((const synth_t*)ctx)->active == 0;
}

void synth_workload(synth_t* x, gsys_workload_t* wl) {
    memset(wl, 0, sizeof *wl);
    wl->ctx = x;
    wl->next = s_next;
    wl->done = s_done;
    wl->finished = s_finished;
}

static int alloc_arrays(synth_t* x) {
    const uint32_t nq = x->g.num_sm + 1, np = x->c.pairs;
    x->w = calloc(x->nw, sizeof *x->w);
    if (x->c.kind == SYNTH_PRODCONS) {
        x->pc_flag = calloc(np, sizeof(uint64_t));
        x->pc_ack = calloc(np, sizeof(uint64_t));
        x->pc_data = calloc(np, sizeof(uint64_t));
        return x->w && x->pc_flag && x->pc_ack && x->pc_data ? 0 : -1;
    }
    if (x->c.kind == SYNTH_WORKQUEUE || synth_steals(x->c.kind)) {
        x->wq_head = calloc(nq, sizeof(uint64_t));
        x->wq_count = calloc(nq, sizeof(uint32_t));
        x->wq_lock = calloc((size_t)nq * x->c.bins, sizeof(uint64_t));
        x->wq_data = calloc((size_t)nq * x->c.bins, sizeof(uint64_t));
        x->shadow = calloc((size_t)nq * x->c.bins * x->c.reads, sizeof(uint32_t));
        x->sm_empty = calloc(x->g.num_sm, sizeof(uint32_t));
        return x->w && x->wq_head && x->wq_count && x->wq_lock && x->wq_data && x->shadow &&
                       x->sm_empty
                   ? 0
                   : -1;
    }
    return x->w ? 0 : -1;
}

static void init_wavefronts(synth_t* x) {
    for (uint32_t i = 0; i < x->nw; i++) {
        swf_t* w = &x->w[i];
        w->sm = i / x->g.num_wf;
        w->wf = i % x->g.num_wf;
        gpucoh_rng_seed(&w->rng, x->c.seed * 0x9e3779b97f4a7c15ull + i + 1);
    }
    if (x->c.kind == SYNTH_PRODCONS)
        pc_layout(x);
    else if (x->c.kind == SYNTH_WORKQUEUE || synth_steals(x->c.kind))
        wq_layout(x);
    else
        rs_layout(x);
    x->nowhere = alloc_lines(x, 1);
    for (uint32_t i = 0; i < x->nw; i++)
        if (x->w[i].role != ROLE_NONE)
            x->active++;
}

synth_t* synth_new(const synth_cfg_t* c, const gsys_geom_t* g, char* err, size_t errlen) {
    if (synth_check(c, g, err, errlen) != 0)
        return NULL;
    synth_t* x = calloc(1, sizeof *x);
    if (!x) {
        snprintf(err, errlen, "synth: out of memory");
        return NULL;
    }
    x->c = *c;
    x->g = *g;
    x->lwords = g->line_bytes / 4;
    x->nw = g->num_sm * g->num_wf;
    x->next_line = 1;
    if (alloc_arrays(x) != 0) {
        synth_free(x);
        snprintf(err, errlen, "synth: out of memory");
        return NULL;
    }
    init_wavefronts(x);
    return x;
}

void synth_free(synth_t* x) {
    if (!x)
        return;
    free(x->w);
    free(x->pc_flag);
    free(x->pc_ack);
    free(x->pc_data);
    free(x->wq_head);
    free(x->wq_count);
    free(x->wq_lock);
    free(x->wq_data);
    free(x->sm_empty);
    free(x->shadow);
    free(x);
}

void synth_final_check(synth_t* x, const gsys_t* s) {
    if (x->c.kind == SYNTH_WORKQUEUE || synth_steals(x->c.kind))
        wq_final(x, s);
}

const synth_result_t* synth_result(const synth_t* x) {
    return &x->res;
}
