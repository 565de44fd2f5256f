/* SPDX-License-Identifier: Apache-2.0 */
/*
 * episode.c -- the data-race-free episode tester (tb/sys/episode.h has the design: episodes,
 * happens-before through the sync locations' modification order, allocation, checks).
 */
#include "episode.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

/* ---- state --------------------------------------------------------------------------------- */

enum { OPB_LOAD = 0, OPB_STORE, OPB_ATOMIC, OPB_RACY };

typedef struct {
    uint32_t kind; /* OPB_* */
    uint32_t loc;
} body_op_t;

enum {
    PH_IDLE = 0,  /* between episodes */
    PH_ACQ_ATOM,  /* acquire atomic outstanding */
    PH_ACQ_LOAD,  /* next: the ACQUIRE load (or it is outstanding) */
    PH_BODY,      /* body operations */
    PH_REL_FENCE, /* fence outstanding */
    PH_REL_ATOM,  /* next: the release atomic (or it is outstanding) */
    PH_AUDIT_WAIT,
    PH_AUDIT, /* audit: acquire every S, then load every location */
    PH_DONE,
};

typedef struct {
    uint32_t sm, wf, gw;
    uint32_t phase;
    bool busy;      /* an operation handed out and not completed */
    uint32_t ep;    /* current episode, 1-based (0 = none yet) */
    uint64_t gid;   /* global episode id */
    uint32_t sync;  /* S of the current episode */
    uint32_t acq_k; /* the acquire atomic's return */
    bool acq_ok;    /* acq_k is a valid position */
    uint32_t* vc;   /* vector clock: episodes of each wavefront that happen-before */
    body_op_t* ops;
    uint32_t nops, pc;
    uint32_t *wl, nwl, *rl, nrl; /* locations held for writing / reading */
    uint64_t ready_at;
    /* the outstanding operation */
    uint32_t p_kind; /* OPB_* or sync kinds below */
    uint32_t p_loc;
    uint32_t p_expect;
    uint64_t p_cycle;
    uint32_t audit_i;
    bool audit_wf;
    uint32_t spin_last; /* EP_SYNC_RELACQ: the last flag value this spin read */
    bool spin_warm;     /* the last operation of the spin was a racy warming load */
} wfs_t;

enum {
    PK_SYNC_ACQ = 10,
    PK_SYNC_LOAD,
    PK_SYNC_REL,
    PK_FENCE,
    PK_AUDIT_ACQ,
    PK_AUDIT_SLOAD,
    PK_AUDIT_LOAD,
    PK_TICKET, /* EP_SYNC_RELACQ: the ticket atomic, the flag spin, the release store */
    PK_SPIN,
    PK_REL_STORE,
    PK_AUDIT_TICKET,
    PK_AUDIT_SPIN,
    PK_AUDIT_REL
};

typedef struct {
    uint8_t st; /* 0 unknown, 1 acquire/other, 2 release */
    uint32_t* vc;
} slot_t;

typedef struct {
    uint64_t addr;
    uint32_t issued;   /* atomics handed out */
    uint32_t resolved; /* positions 0..resolved-1 known */
    uint32_t* pvc;     /* join of the releases at positions < resolved */
    slot_t* slot;
    uint32_t cap;
    /* EP_SYNC_RELACQ: addr is the flag F_S; the ticket T_S's returns use issued/slot above */
    uint64_t taddr;
    uint32_t scope;   /* GSYS_SCOPE_* of the location's acquires and releases */
    bool last_set;    /* a holder released: last_k and lastvc are its */
    uint32_t last_k;  /* its ticket (it stored last_k + 1) */
    uint32_t* lastvc; /* its vector clock at the release */
} sync_t;

typedef struct {
    uint32_t gw, ep;
} rdr_t;

typedef struct {
    uint64_t addr;
    uint32_t cur; /* shadow: the last value written (handed out) */
    uint32_t cur_gw, cur_ep;
    uint64_t cur_cycle;
    bool cur_set;
    int64_t wr_active; /* gw of the episode holding it for writing, or -1 */
    uint32_t rd_active;
    bool written;
    uint32_t lw_gw, lw_ep;
    rdr_t* rd;
    uint32_t nrd, caprd;
} loc_t;

struct ep {
    gsys_cfg_t cfg;
    ep_params_t p;
    gsys_workload_t wl;
    gpucoh_rng_t rng;
    uint32_t nsm, nwf, nw; /* SMs, active wavefronts per SM, total */
    uint32_t ns;           /* sync locations: sync_locs GPU ones (+ one CTA one per SM, relacq) */
    bool relacq;           /* sync_mode == EP_SYNC_RELACQ */
    wfs_t* w;
    sync_t* s;
    loc_t* l;
    uint32_t finished_wfs, audit_left;
    uint64_t gid_next;
    uint32_t val_next;
    /* every value written to a location: (loc << 32 | value) + 1 keys */
    uint64_t* vs;
    uint32_t vs_cap, vs_n;
    chk_result_t chk;
    bool ended;
    /* statistics */
    uint64_t n_eps, n_ld, n_st, n_at, n_racy, n_refused, n_sync, n_audit_ld, n_dropped;
    uint64_t n_spin, n_cta, n_relay, n_steal;
};

/* ---- helpers ------------------------------------------------------------------------------- */

static uint32_t rnd(ep_t* e, uint32_t n) {
    return n ? gpucoh_rng_below(&e->rng, n) : 0;
}

/* A bijection of 32-bit values (distinct counters give distinct values, every bit varies). */
static uint32_t mix32(uint32_t x) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

static uint32_t fresh_value(ep_t* e) {
    uint32_t v;
    do
        v = mix32(++e->val_next);
    while (v == 0);
    return v;
}

static uint64_t vs_hash(uint64_t k) {
    k ^= k >> 31;
    k *= 0x9E3779B97F4A7C15ull;
    k ^= k >> 29;
    return k;
}

static bool vs_has(const ep_t* e, uint32_t loc, uint32_t v) {
    if (v == 0)
        return true; /* the initial value */
    uint64_t key = (((uint64_t)loc << 32) | v) + 1;
    uint32_t i = (uint32_t)vs_hash(key) & (e->vs_cap - 1);
    while (e->vs[i]) {
        if (e->vs[i] == key)
            return true;
        i = (i + 1) & (e->vs_cap - 1);
    }
    return false;
}

static int vs_add(ep_t* e, uint32_t loc, uint32_t v) {
    if (v == 0 || vs_has(e, loc, v))
        return 0;
    if (2 * (e->vs_n + 1) > e->vs_cap) {
        uint32_t nc = e->vs_cap * 2;
        uint64_t* nv = (uint64_t*)calloc(nc, sizeof *nv);
        if (!nv)
            return -1;
        for (uint32_t i = 0; i < e->vs_cap; i++)
            if (e->vs[i]) {
                uint32_t k = (uint32_t)vs_hash(e->vs[i]) & (nc - 1);
                while (nv[k])
                    k = (k + 1) & (nc - 1);
                nv[k] = e->vs[i];
            }
        free(e->vs);
        e->vs = nv;
        e->vs_cap = nc;
    }
    uint64_t key = (((uint64_t)loc << 32) | v) + 1;
    uint32_t i = (uint32_t)vs_hash(key) & (e->vs_cap - 1);
    while (e->vs[i])
        i = (i + 1) & (e->vs_cap - 1);
    e->vs[i] = key;
    e->vs_n++;
    return 0;
}

static void vc_join(uint32_t* a, const uint32_t* b, uint32_t n) {
    for (uint32_t i = 0; i < n; i++)
        if (b[i] > a[i])
            a[i] = b[i];
}

static int slot_reserve(ep_t* e, sync_t* s, uint32_t pos) {
    (void)e;
    if (pos < s->cap)
        return 0;
    uint32_t nc = s->cap ? s->cap : 64;
    while (nc <= pos)
        nc *= 2;
    slot_t* ns = (slot_t*)realloc(s->slot, (size_t)nc * sizeof *ns);
    if (!ns)
        return -1;
    memset(ns + s->cap, 0, (size_t)(nc - s->cap) * sizeof *ns);
    s->slot = ns;
    s->cap = nc;
    return 0;
}

/* Move the known prefix of S's order into pvc. */
static void absorb(ep_t* e, sync_t* s) {
    while (s->resolved < s->cap && s->slot[s->resolved].st) {
        slot_t* sl = &s->slot[s->resolved];
        if (sl->st == 2 && sl->vc) {
            vc_join(s->pvc, sl->vc, e->nw);
            free(sl->vc);
            sl->vc = NULL;
        }
        s->resolved++;
    }
}

/* Record the return value k of an atomic on S; check it against the set of expected values.
 * Returns true when k is a valid, new position. */
static bool sync_return(ep_t* e, wfs_t* w, uint32_t si, uint32_t k, const char* what,
                        uint64_t cycle) {
    sync_t* s = &e->s[si];
    if (k >= s->issued || (k < s->cap && s->slot[k].st) || k < s->resolved) {
        chk_mismatch(&e->chk,
                     "episode: %s atomic on sync S%u (addr 0x%" PRIx64
                     ") returned %u: not in the expected set ({0..%u} minus the values "
                     "already returned): %s; SM %u wf %u episode %u (#%" PRIu64 ") cycle %" PRIu64,
                     what, si, s->addr, k, s->issued ? s->issued - 1 : 0,
                     k < s->issued ? "returned twice" : "more than the atomics issued", w->sm,
                     w->wf, w->ep, w->gid, cycle);
        return false;
    }
    chk_match(&e->chk);
    return true;
}

/* May the episode of w (vector clock w->vc) read / write location x? */
static bool hb_writer(const ep_t* e, const wfs_t* w, const loc_t* x) {
    (void)e;
    return !x->written || w->vc[x->lw_gw] >= x->lw_ep;
}

static bool can_read(const ep_t* e, const wfs_t* w, const loc_t* x) {
    return x->wr_active < 0 && hb_writer(e, w, x);
}

static bool can_write(const ep_t* e, const wfs_t* w, const loc_t* x) {
    if (x->wr_active >= 0 || x->rd_active || !hb_writer(e, w, x))
        return false;
    for (uint32_t i = 0; i < x->nrd; i++)
        if (w->vc[x->rd[i].gw] < x->rd[i].ep)
            return false;
    return true;
}

static bool in_list(const uint32_t* a, uint32_t n, uint32_t v) {
    for (uint32_t i = 0; i < n; i++)
        if (a[i] == v)
            return true;
    return false;
}

/* ---- episode construction ------------------------------------------------------------------ */

static uint32_t pick_write(ep_t* e, wfs_t* w) {
    if (w->nwl && rnd(e, 3) == 0)
        return w->wl[rnd(e, w->nwl)];
    for (int t = 0; t < 8; t++) {
        uint32_t x = rnd(e, e->p.locations);
        if (in_list(w->wl, w->nwl, x))
            return x;
        if (in_list(w->rl, w->nrl, x))
            continue;
        if (can_write(e, w, &e->l[x])) {
            e->l[x].wr_active = w->gw;
            w->wl[w->nwl++] = x;
            return x;
        }
        e->n_refused++;
    }
    return w->nwl ? w->wl[rnd(e, w->nwl)] : UINT32_MAX;
}

static uint32_t pick_read(ep_t* e, wfs_t* w) {
    if ((w->nwl || w->nrl) && rnd(e, 3) == 0) {
        uint32_t i = rnd(e, w->nwl + w->nrl);
        return i < w->nwl ? w->wl[i] : w->rl[i - w->nwl];
    }
    for (int t = 0; t < 8; t++) {
        uint32_t x = rnd(e, e->p.locations);
        if (in_list(w->wl, w->nwl, x) || in_list(w->rl, w->nrl, x))
            return x;
        if (can_read(e, w, &e->l[x])) {
            e->l[x].rd_active++;
            w->rl[w->nrl++] = x;
            return x;
        }
        e->n_refused++;
    }
    if (w->nwl || w->nrl) {
        uint32_t i = rnd(e, w->nwl + w->nrl);
        return i < w->nwl ? w->wl[i] : w->rl[i - w->nwl];
    }
    return UINT32_MAX;
}

/* A location the episode may not read (someone writes it, or its last writer is not ordered
 * before this episode), or UINT32_MAX. */
static uint32_t pick_racy(ep_t* e, wfs_t* w) {
    for (int t = 0; t < 8; t++) {
        uint32_t x = rnd(e, e->p.locations);
        if (in_list(w->wl, w->nwl, x) || in_list(w->rl, w->nrl, x))
            continue;
        if (!can_read(e, w, &e->l[x]))
            return x;
    }
    return UINT32_MAX;
}

static void build_body(ep_t* e, wfs_t* w) {
    const ep_params_t* p = &e->p;
    w->nops = 0;
    w->pc = 0;
    w->nwl = w->nrl = 0;
    /* writes first: they take exclusive locations; then loads (own, shared or racy) */
    for (uint32_t i = 0; i < p->stores + p->atomics; i++) {
        uint32_t x = pick_write(e, w);
        if (x == UINT32_MAX) {
            e->n_dropped++;
            continue;
        }
        w->ops[w->nops].kind = i < p->stores ? OPB_STORE : OPB_ATOMIC;
        w->ops[w->nops++].loc = x;
    }
    for (uint32_t i = 0; i < p->loads; i++) {
        uint32_t x = UINT32_MAX, k = OPB_LOAD;
        if (p->racy_permille && gpucoh_rng_permille(&e->rng, p->racy_permille)) {
            x = pick_racy(e, w);
            k = OPB_RACY;
        }
        if (x == UINT32_MAX) {
            x = pick_read(e, w);
            k = OPB_LOAD;
        }
        if (x == UINT32_MAX) {
            e->n_dropped++;
            continue;
        }
        w->ops[w->nops].kind = k;
        w->ops[w->nops++].loc = x;
    }
    for (uint32_t i = w->nops; i > 1; i--) { /* shuffle */
        uint32_t j = rnd(e, i);
        body_op_t t = w->ops[i - 1];
        w->ops[i - 1] = w->ops[j];
        w->ops[j] = t;
    }
}

/* The release atomic completed: the episode's locations go back with their new history. */
static void retire(ep_t* e, wfs_t* w) {
    for (uint32_t i = 0; i < w->nwl; i++) {
        loc_t* x = &e->l[w->wl[i]];
        x->wr_active = -1;
        x->written = true;
        x->lw_gw = w->gw;
        x->lw_ep = w->ep;
        x->nrd = 0;
    }
    for (uint32_t i = 0; i < w->nrl; i++) {
        loc_t* x = &e->l[w->rl[i]];
        if (x->rd_active)
            x->rd_active--;
        uint32_t k = 0;
        while (k < x->nrd && x->rd[k].gw != w->gw)
            k++;
        if (k == x->nrd) {
            if (x->nrd == x->caprd) {
                uint32_t nc = x->caprd ? 2 * x->caprd : 4;
                rdr_t* nr = (rdr_t*)realloc(x->rd, (size_t)nc * sizeof *nr);
                if (!nr) {
                    /* cannot remember the reader: make x unwritable until someone ordered
                     * after everything writes it (conservative) */
                    x->written = true;
                    x->lw_gw = w->gw;
                    x->lw_ep = UINT32_MAX;
                    continue;
                }
                x->rd = nr;
                x->caprd = nc;
            }
            x->nrd++;
        }
        x->rd[k].gw = w->gw;
        x->rd[k].ep = w->ep;
    }
    w->nwl = w->nrl = 0;
}

/* ---- the workload callbacks ---------------------------------------------------------------- */

static void set_gap(ep_t* e, wfs_t* w, uint64_t cycle) {
    w->ready_at = cycle + rnd(e, e->p.max_gap + 1);
}

static wfs_t* wf_of(ep_t* e, uint32_t sm, uint32_t wf) {
    if (sm >= e->nsm || wf >= e->nwf)
        return NULL;
    return &e->w[sm * e->nwf + wf];
}

static void op_word(gsys_op_t* op, uint32_t kind, uint64_t addr, uint64_t tag) {
    op->kind = kind;
    op->scope = GSYS_SCOPE_GPU;
    op->addr = addr;
    op->tag = tag;
}

/* ---- release/acquire mode (EP_SYNC_RELACQ, episode.h) -------------------------------------- */

/* The SM whose CTA-scope location an episode of w takes: its own, or with rm_steal in 1 of 2
 * draws another one (episode.h, "Remote steals"; no draw without rm_steal). */
static uint32_t cta_owner(ep_t* e, const wfs_t* w) {
    if (!e->p.rm_steal || e->nsm < 2 || !gpucoh_rng_permille(&e->rng, 500))
        return w->sm;
    e->n_steal++;
    return (w->sm + 1 + rnd(e, e->nsm - 1)) % e->nsm;
}

/* The scope of w's operations on its sync location: the location's, or rm on another SM's
 * CTA-scope location (a steal). */
static uint32_t sync_scope(const ep_t* e, const wfs_t* w) {
    const sync_t* s = &e->s[w->sync];
    if (s->scope == GSYS_SCOPE_CTA && w->sync >= e->p.sync_locs &&
        w->sync - e->p.sync_locs != w->sm)
        return GSYS_SCOPE_RM;
    return s->scope;
}

/* The episode's sync location (a CTA one with probability cta_permille, never for the last
 * episode: its SM's, or another SM's under rm_steal) and its ticket atomic. */
static void relacq_begin(ep_t* e, wfs_t* w, gsys_op_t* op) {
    if (w->ep < e->p.episodes && e->p.cta_permille &&
        gpucoh_rng_permille(&e->rng, e->p.cta_permille)) {
        w->sync = e->p.sync_locs + cta_owner(e, w);
        e->n_cta++;
    }
    sync_t* s = &e->s[w->sync];
    op_word(op, GSYS_OP_ATOMIC, s->taddr, PK_TICKET);
    op->scope = sync_scope(e, w);
    op->aop = GSYS_AOP_ADD;
    op->value = 1;
    s->issued++;
    w->p_kind = PK_TICKET;
    w->phase = PH_ACQ_ATOM;
}

/* The release of the held ticket is recorded: later holders are ordered after this vector
 * clock. Called when the release store is handed to the system (relacq_release), not at its
 * completion: the store may be performed, and its value k + 1 read by the holder of ticket k + 1,
 * at any time after it is handed out, and its completion (ep_done) may come later still. Without
 * store_ack the system completes a store in the cycle the L1 accepts it, before any other core can
 * see it; with store_ack (gsys_proto_t / gsys_variant_t) it completes at the L1's acknowledgement,
 * which reaches the wavefront after the store was performed, so another wavefront may legitimately
 * read k + 1 first (gtsc-sc: the bank performs the WR, answers a FILL with the new value to another
 * SM, and the WACK reaches the writer's core cycles later). The vector clock is final here: the
 * wavefront has nothing outstanding and does nothing else until the store completes. */
static void relacq_released(ep_t* e, wfs_t* w) {
    sync_t* s = &e->s[w->sync];
    e->n_sync++;
    w->vc[w->gw] = w->ep; /* program order */
    memcpy(s->lastvc, w->vc, (size_t)e->nw * sizeof *s->lastvc);
    s->last_k = w->acq_k;
    s->last_set = true;
}

/* The release store of the held ticket: k + 1 to the flag (a fence of S's scope first); the
 * release is recorded now (relacq_released). */
static void relacq_release(ep_t* e, wfs_t* w, gsys_op_t* op, uint32_t kind) {
    const sync_t* s = &e->s[w->sync];
    op_word(op, GSYS_OP_RELEASE, s->addr, kind);
    op->scope = sync_scope(e, w);
    op->value = w->acq_k + 1;
    w->p_kind = kind;
    relacq_released(e, w);
}

/* The audit's acquire and release of GPU location audit_i / 3: ticket, spin, release. */
static void relacq_audit(ep_t* e, wfs_t* w, gsys_op_t* op) {
    w->sync = w->audit_i / 3;
    sync_t* s = &e->s[w->sync];
    switch (w->audit_i % 3) {
    case 0:
        op_word(op, GSYS_OP_ATOMIC, s->taddr, PK_AUDIT_TICKET);
        op->aop = GSYS_AOP_ADD;
        op->value = 1;
        s->issued++;
        w->p_kind = PK_AUDIT_TICKET;
        break;
    case 1:
        op_word(op, GSYS_OP_ACQUIRE, s->addr, PK_AUDIT_SPIN);
        w->p_kind = PK_AUDIT_SPIN;
        e->n_spin++;
        break;
    default:
        relacq_release(e, w, op, PK_AUDIT_REL);
        break;
    }
}

/* A ticket atomic returned k: a new position of T_S (sync_return's expected set). */
static void relacq_ticket(ep_t* e, wfs_t* w, uint32_t k, uint64_t cycle) {
    sync_t* s = &e->s[w->sync];
    e->n_sync++;
    w->acq_k = k;
    w->spin_last = 0;
    w->acq_ok = sync_return(e, w, w->sync, k, "ticket", cycle);
    if (!w->acq_ok)
        return;
    if (slot_reserve(e, s, k) != 0) {
        chk_fatal(&e->chk, "episode: out of memory (tickets)");
        return;
    }
    s->slot[k].st = 1;
    absorb(e, s);
}

static const char* scope_name(uint32_t scope) {
    return scope == GSYS_SCOPE_CTA ? "CTA" : scope == GSYS_SCOPE_RM ? "RM" : "GPU";
}

/* A flag load of the spin returned v: true when the ticket is held (v == k, or the ticket was
 * wrong: then nothing is assumed ordered and the episode goes on). */
static bool relacq_spin(ep_t* e, wfs_t* w, uint32_t v, uint64_t cycle) {
    sync_t* s = &e->s[w->sync];
    const uint32_t k = w->acq_k;
    const char* bad = NULL;
    if (!w->acq_ok)
        return true;
    if (v < w->spin_last)
        bad = "below an earlier load of the same spin (coherence)";
    else if (v > k)
        bad = "beyond this wavefront's ticket";
    else if (v == k && k > 0 && !(s->last_set && s->last_k == k - 1))
        bad = "before the holder of the previous ticket issued its release store";
    if (bad) {
        chk_mismatch(&e->chk,
                     "episode: flag load of sync S%u (%s scope, addr 0x%" PRIx64
                     ") returned %u with ticket %u: %s; SM %u wf %u episode %u (#%" PRIu64
                     ") cycle %" PRIu64,
                     w->sync, scope_name(sync_scope(e, w)), s->addr, v, k, bad, w->sm, w->wf, w->ep,
                     w->gid, cycle);
        return true;
    }
    w->spin_last = v;
    if (v != k)
        return false; /* an earlier holder's value: checked (above), counted when the lock is had */
    chk_match(&e->chk);
    if (k > 0)
        vc_join(w->vc, s->lastvc, e->nw);
    return true;
}

/* PH_IDLE: the next episode's acquire (false: the wavefront has run its episodes). */
static bool ep_begin(ep_t* e, wfs_t* w, gsys_op_t* op) {
    if (w->ep >= e->p.episodes) {
        e->finished_wfs++;
        w->phase = w->audit_wf ? PH_AUDIT_WAIT : PH_DONE;
        return false;
    }
    w->ep++;
    w->gid = e->gid_next++;
    w->sync = rnd(e, e->p.sync_locs);
    e->n_eps++;
    if (e->relacq) {
        relacq_begin(e, w, op);
        return true;
    }
    op_word(op, GSYS_OP_ATOMIC, e->s[w->sync].addr, PK_SYNC_ACQ);
    op->aop = GSYS_AOP_ADD;
    op->value = 1;
    e->s[w->sync].issued++;
    w->p_kind = PK_SYNC_ACQ;
    w->phase = PH_ACQ_ATOM;
    return true;
}

/* PH_ACQ_LOAD: the acquire load of the sync location (relacq: a spin, or a racy load between
 * spins). */
static void ep_acq_load(ep_t* e, wfs_t* w, gsys_op_t* op) {
    if (e->relacq && !w->spin_warm && e->p.racy_permille &&
        gpucoh_rng_permille(&e->rng, e->p.racy_permille)) {
        /* between flag loads, a racy load of any data location: it keeps copies in the
         * L1s (as the litmus warmers do) that a chain can find stale */
        w->spin_warm = true;
        w->p_kind = OPB_RACY;
        w->p_loc = rnd(e, e->p.locations);
        op_word(op, GSYS_OP_LOAD, e->l[w->p_loc].addr, OPB_RACY);
        e->n_racy++;
        return;
    }
    w->spin_warm = false;
    op_word(op, GSYS_OP_ACQUIRE, e->s[w->sync].addr, PK_SYNC_LOAD);
    w->p_kind = PK_SYNC_LOAD;
    if (e->relacq) {
        op->scope = sync_scope(e, w);
        op->tag = w->p_kind = PK_SPIN;
        e->n_spin++;
    }
}

/* A body atomic on x: add, exchange or compare-and-swap (hit or miss), x's value updated. */
static void ep_body_atomic(ep_t* e, loc_t* x, gsys_op_t* op) {
    uint32_t which = rnd(e, 3);
    if (which == 0) {
        op->aop = GSYS_AOP_ADD;
        op->value = 1 + rnd(e, 255);
        x->cur += op->value;
    } else if (which == 1) {
        op->aop = GSYS_AOP_EXCH;
        op->value = fresh_value(e);
        x->cur = op->value;
    } else {
        op->aop = GSYS_AOP_CAS;
        bool hit = rnd(e, 2) == 0;
        op->value = hit ? x->cur : x->cur ^ 0x1u;
        op->value2 = fresh_value(e);
        if (hit)
            x->cur = op->value2;
    }
}

/* PH_BODY: the episode's next body operation, or (at its end) the release. */
static void ep_body(ep_t* e, wfs_t* w, uint64_t cycle, gsys_op_t* op) {
    if (w->pc == w->nops && e->relacq) {
        relacq_release(e, w, op, PK_REL_STORE);
        w->phase = PH_REL_ATOM;
        return;
    }
    if (w->pc == w->nops) {
        op_word(op, GSYS_OP_FENCE, 0, PK_FENCE);
        op->scope = e->p.rel_scope;
        w->p_kind = PK_FENCE;
        w->phase = PH_REL_FENCE;
        return;
    }
    const body_op_t* b = &w->ops[w->pc++];
    loc_t* x = &e->l[b->loc];
    w->p_kind = b->kind;
    w->p_loc = b->loc;
    w->p_expect = x->cur;
    if (b->kind == OPB_LOAD || b->kind == OPB_RACY) {
        op_word(op, GSYS_OP_LOAD, x->addr, b->kind);
        if (b->kind == OPB_RACY)
            e->n_racy++;
        else
            e->n_ld++;
    } else if (b->kind == OPB_STORE) {
        op_word(op, GSYS_OP_STORE, x->addr, b->kind);
        op->value = fresh_value(e);
        x->cur = op->value;
        e->n_st++;
    } else {
        op_word(op, GSYS_OP_ATOMIC, x->addr, b->kind);
        ep_body_atomic(e, x, op);
        e->n_at++;
    }
    if (b->kind == OPB_STORE || b->kind == OPB_ATOMIC) {
        x->cur_gw = w->gw;
        x->cur_ep = w->ep;
        x->cur_cycle = cycle;
        x->cur_set = true;
        if (vs_add(e, b->loc, x->cur) != 0)
            chk_fatal(&e->chk, "episode: out of memory (value set)");
    }
}

/* The audit's last step: the wavefront is done. */
static bool ep_audit_done(ep_t* e, wfs_t* w) {
    w->phase = PH_DONE;
    if (e->audit_left)
        e->audit_left--;
    return false;
}

/* PH_AUDIT: the audit wavefront's next check of the sync and data locations (false: done). */
static bool ep_audit(ep_t* e, wfs_t* w, gsys_op_t* op) {
    uint32_t ns = e->p.sync_locs;
    if (e->relacq && w->audit_i < 3 * ns) {
        relacq_audit(e, w, op); /* audit_i moves on in ep_done */
        return true;
    }
    if (e->relacq && w->audit_i < 3 * ns + e->p.locations) {
        uint32_t li = w->audit_i - 3 * ns;
        op_word(op, GSYS_OP_LOAD, e->l[li].addr, PK_AUDIT_LOAD);
        w->p_kind = PK_AUDIT_LOAD;
        w->p_loc = li;
        w->p_expect = e->l[li].cur;
        w->audit_i++;
        return true;
    }
    if (e->relacq)
        return ep_audit_done(e, w);
    if (w->audit_i < 2 * ns) {
        uint32_t si = w->audit_i / 2;
        if (w->audit_i % 2 == 0) {
            op_word(op, GSYS_OP_ATOMIC, e->s[si].addr, PK_AUDIT_ACQ);
            op->aop = GSYS_AOP_ADD;
            op->value = 1;
            e->s[si].issued++;
            w->p_kind = PK_AUDIT_ACQ;
        } else {
            op_word(op, GSYS_OP_ACQUIRE, e->s[si].addr, PK_AUDIT_SLOAD);
            w->p_kind = PK_AUDIT_SLOAD;
        }
        w->sync = si;
    } else if (w->audit_i < 2 * ns + e->p.locations) {
        uint32_t li = w->audit_i - 2 * ns;
        op_word(op, GSYS_OP_LOAD, e->l[li].addr, PK_AUDIT_LOAD);
        w->p_kind = PK_AUDIT_LOAD;
        w->p_loc = li;
        w->p_expect = e->l[li].cur;
    } else {
        return ep_audit_done(e, w);
    }
    w->audit_i++;
    return true;
}

static bool ep_next(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle, gsys_op_t* op) {
    ep_t* e = (ep_t*)ctx;
    wfs_t* w = wf_of(e, sm, wf);
    if (!w || w->busy || w->phase == PH_DONE || cycle < w->ready_at)
        return false;
    switch (w->phase) {
    case PH_IDLE:
        if (!ep_begin(e, w, op))
            return false;
        break;
    case PH_ACQ_LOAD:
        ep_acq_load(e, w, op);
        break;
    case PH_BODY:
        ep_body(e, w, cycle, op);
        break;
    case PH_REL_ATOM:
        op_word(op, GSYS_OP_ATOMIC, e->s[w->sync].addr, PK_SYNC_REL);
        op->aop = GSYS_AOP_ADD;
        op->value = 1;
        e->s[w->sync].issued++;
        w->p_kind = PK_SYNC_REL;
        break;
    case PH_AUDIT_WAIT:
        if (e->finished_wfs < e->nw)
            return false;
        w->phase = PH_AUDIT;
        w->audit_i = 0;
        /* fall through */
    case PH_AUDIT:
        if (!ep_audit(e, w, op))
            return false;
        break;
    default:
        return false;
    }
    w->busy = true;
    w->p_cycle = cycle;
    return true;
}

static void load_check(ep_t* e, wfs_t* w, uint32_t value, uint64_t cycle, const char* what) {
    const loc_t* x = &e->l[w->p_loc];
    if (value == w->p_expect) {
        chk_match(&e->chk);
        return;
    }
    char lw[160];
    if (x->cur_set)
        snprintf(lw, sizeof lw, "last writer SM %u wf %u episode %u (issued cycle %" PRIu64 ")",
                 x->cur_gw / e->nwf, x->cur_gw % e->nwf, x->cur_ep, x->cur_cycle);
    else
        snprintf(lw, sizeof lw, "never written (initial value 0)");
    chk_mismatch(&e->chk,
                 "episode: %s mismatch: SM %u wf %u episode %u (#%" PRIu64
                 ") loc %u addr 0x%" PRIx64 ": expected 0x%08x observed 0x%08x%s at cycle %" PRIu64
                 " (issued %" PRIu64 "); %s",
                 what, w->sm, w->wf, w->ep, w->gid, w->p_loc, x->addr, w->p_expect, value,
                 vs_has(e, w->p_loc, value) ? " (an older/other value of the location)"
                                            : " (never written there)",
                 cycle, w->p_cycle, lw);
}

/* The acquire atomic of w returned k: compute the episode's vector clock. */
static void acquire_vc(ep_t* e, wfs_t* w, uint32_t si, uint32_t k, bool ok) {
    sync_t* s = &e->s[si];
    if (!ok)
        return; /* no synchronization is assumed: the allocation stays conservative */
    if (slot_reserve(e, s, k) != 0) {
        chk_fatal(&e->chk, "episode: out of memory (sync order)");
        return;
    }
    vc_join(w->vc, s->pvc, e->nw);
    for (uint32_t q = s->resolved; q < k; q++)
        if (q < s->cap && s->slot[q].st == 2 && s->slot[q].vc)
            vc_join(w->vc, s->slot[q].vc, e->nw);
    s->slot[k].st = 1;
    absorb(e, s);
}

static void ep_done(void* ctx, uint32_t sm, uint32_t wf, const gsys_op_t* op, uint32_t value,
                    const uint32_t* line, uint64_t cycle) {
    (void)line;
    (void)op;
    ep_t* e = (ep_t*)ctx;
    wfs_t* w = wf_of(e, sm, wf);
    if (!w || !w->busy) {
        chk_fatal(&e->chk,
                  "episode: completion for SM %u wf %u that has no outstanding operation "
                  "(cycle %" PRIu64 ")",
                  sm, wf, cycle);
        return;
    }
    w->busy = false;
    set_gap(e, w, cycle);
    switch (w->p_kind) {
    case PK_SYNC_ACQ:
    case PK_AUDIT_ACQ: {
        e->n_sync++;
        w->acq_k = value;
        w->acq_ok = sync_return(e, w, w->sync, value,
                                w->p_kind == PK_SYNC_ACQ ? "acquire" : "audit acquire", cycle);
        acquire_vc(e, w, w->sync, value, w->acq_ok);
        if (w->p_kind == PK_SYNC_ACQ)
            w->phase = PH_ACQ_LOAD;
        break;
    }
    case PK_SYNC_LOAD:
    case PK_AUDIT_SLOAD: {
        const sync_t* s = &e->s[w->sync];
        uint32_t lo = w->acq_ok ? w->acq_k + 1 : 0;
        if (value >= lo && value <= s->issued) {
            chk_match(&e->chk);
        } else {
            chk_mismatch(&e->chk,
                         "episode: ACQUIRE load of sync S%u (addr 0x%" PRIx64
                         ") returned %u, expected %u..%u (this wavefront's own ADD returned "
                         "%u; %u atomics issued): SM %u wf %u episode %u (#%" PRIu64
                         ") cycle %" PRIu64,
                         w->sync, s->addr, value, lo, s->issued, w->acq_k, s->issued, w->sm, w->wf,
                         w->ep, w->gid, cycle);
        }
        if (w->p_kind == PK_SYNC_LOAD) {
            build_body(e, w);
            w->phase = PH_BODY;
        }
        break;
    }
    case OPB_LOAD:
        load_check(e, w, value, cycle, "load");
        break;
    case PK_AUDIT_LOAD:
        e->n_audit_ld++;
        if (!can_read(e, w, &e->l[w->p_loc])) {
            chk_nc(&e->chk, NC_RACY); /* not ordered after its last writer */
            break;
        }
        load_check(e, w, value, cycle, "audit load");
        break;
    case OPB_RACY:
        if (vs_has(e, w->p_loc, value)) {
            chk_nc(&e->chk, NC_RACY);
        } else {
            chk_mismatch(&e->chk,
                         "episode: racy load returned a value never written to the location: "
                         "SM %u wf %u episode %u (#%" PRIu64 ") loc %u addr 0x%" PRIx64
                         " observed 0x%08x at cycle %" PRIu64,
                         w->sm, w->wf, w->ep, w->gid, w->p_loc, e->l[w->p_loc].addr, value, cycle);
        }
        break;
    case OPB_ATOMIC:
        load_check(e, w, value, cycle, "atomic return");
        break;
    case OPB_STORE:
        break;
    case PK_FENCE:
        w->phase = PH_REL_ATOM;
        break;
    case PK_TICKET:
    case PK_AUDIT_TICKET:
        relacq_ticket(e, w, value, cycle);
        if (w->p_kind == PK_TICKET)
            w->phase = PH_ACQ_LOAD;
        else
            w->audit_i++;
        break;
    case PK_SPIN:
        if (relacq_spin(e, w, value, cycle)) {
            if (e->p.relay_permille && gpucoh_rng_permille(&e->rng, e->p.relay_permille)) {
                w->nops = w->pc = w->nwl = w->nrl = 0; /* a relay: acquire, then release */
                e->n_relay++;
            } else {
                build_body(e, w);
            }
            w->phase = PH_BODY;
        }
        break;
    case PK_AUDIT_SPIN:
        if (relacq_spin(e, w, value, cycle))
            w->audit_i++;
        break;
    case PK_REL_STORE: /* the release was recorded when the store was handed out */
        retire(e, w);
        w->phase = PH_IDLE;
        break;
    case PK_AUDIT_REL:
        w->audit_i++;
        break;
    case PK_SYNC_REL: {
        e->n_sync++;
        sync_t* s = &e->s[w->sync];
        bool ok = sync_return(e, w, w->sync, value, "release", cycle);
        w->vc[w->gw] = w->ep; /* program order */
        if (ok) {
            if (slot_reserve(e, s, value) != 0) {
                chk_fatal(&e->chk, "episode: out of memory (sync order)");
            } else {
                uint32_t* v = (uint32_t*)malloc((size_t)e->nw * sizeof *v);
                if (!v) {
                    chk_fatal(&e->chk, "episode: out of memory (sync order)");
                } else {
                    memcpy(v, w->vc, (size_t)e->nw * sizeof *v);
                    s->slot[value].st = 2;
                    s->slot[value].vc = v;
                    absorb(e, s);
                }
            }
        }
        /* Even when the return was wrong the episode's accesses are over: retiring them keeps
         * the tester going; the mismatch already fails the run. Without a recorded release
         * position nobody is ordered after this episode, so its locations stay unwritable. */
        retire(e, w);
        w->phase = PH_IDLE;
        break;
    }
    default:
        break;
    }
}

static bool ep_finished(void* ctx) {
    ep_t* e = (ep_t*)ctx;
    return e->finished_wfs == e->nw && e->audit_left == 0;
}

/* ---- construction -------------------------------------------------------------------------- */

ep_params_t ep_defaults(void) {
    ep_params_t p;
    memset(&p, 0, sizeof p);
    p.episodes = 20;
    p.locations = 256;
    p.sync_locs = 4;
    p.loads = 6;
    p.stores = 4;
    p.atomics = 1;
    p.racy_permille = 100;
    p.wfs = 0;
    p.max_gap = 4;
    p.words_per_line = 0;
    p.seed = 1;
    p.base_addr = 0;
    p.audit = true;
    p.rel_scope = GSYS_SCOPE_GPU;
    p.sync_mode = EP_SYNC_ATOMIC;
    p.cta_permille = 500;
    p.relay_permille = 250;
    return p;
}

ep_t* ep_new(const gsys_cfg_t* cfg, const ep_params_t* p, char* err, size_t errlen) {
    if (cfg->proto->check && cfg->proto->check(gsys_pdc(cfg), err, errlen) != 0)
        return NULL;
    gsys_geom_t geom;
    gsys_geometry(cfg, &geom);
    const gsys_geom_t* d = &geom;
    uint32_t nwf = p->wfs ? p->wfs : d->num_wf;
    if (nwf > d->num_wf) {
        snprintf(err, errlen, "episode: wfs %u exceeds NumWf %u", nwf, d->num_wf);
        return NULL;
    }
    if (!p->locations || !p->sync_locs || !p->episodes) {
        snprintf(err, errlen, "episode: episodes, locations and sync_locs must be at least 1");
        return NULL;
    }
    if (p->locations > 1000000u || p->sync_locs > 4096u ||
        p->loads + p->stores + p->atomics > 4096u) {
        snprintf(err, errlen,
                 "episode: too large (locations <= 1000000, sync_locs <= 4096, "
                 "loads+stores+atomics <= 4096 per episode)");
        return NULL;
    }
    uint32_t lw = d->line_bytes / 4u;
    uint32_t wpl = p->words_per_line ? p->words_per_line : lw;
    if (wpl > lw) {
        snprintf(err, errlen, "episode: words_per_line %u exceeds the line's %u words", wpl, lw);
        return NULL;
    }
    if (p->base_addr % d->line_bytes) {
        snprintf(err, errlen, "episode: base_addr 0x%" PRIx64 " is not line aligned (%u bytes)",
                 p->base_addr, d->line_bytes);
        return NULL;
    }
    const bool relacq = p->sync_mode == EP_SYNC_RELACQ;
    if (p->sync_mode > EP_SYNC_RELACQ || p->cta_permille > 1000 || p->relay_permille > 1000) {
        snprintf(err, errlen,
                 "episode: sync_mode must be 0 or 1, cta_permille and relay_permille <= 1000");
        return NULL;
    }
    if (p->rm_steal && !gsys_variant_takes_rm(cfg)) {
        snprintf(err, errlen,
                 "episode: --rm-steal needs a variant that declares scope rm; %s does not",
                 gsys_variant_name(cfg));
        return NULL;
    }
    if (p->rm_steal && !relacq) {
        snprintf(err, errlen,
                 "episode: --rm-steal needs --sync relacq (it steals the per-SM CTA-scope "
                 "locations of that mode)");
        return NULL;
    }
    const uint32_t ns = p->sync_locs + (relacq ? d->num_sm : 0);
    uint32_t total = p->locations + (relacq ? 2 * ns : ns);
    uint64_t nlines = (total + wpl - 1) / wpl;
    uint64_t top = p->base_addr + nlines * d->line_bytes;
    if (d->addr_width < 64 && top > (1ull << d->addr_width)) {
        snprintf(err, errlen,
                 "episode: %u locations need %" PRIu64 " lines from 0x%" PRIx64
                 ", beyond the %u-bit address space",
                 total, nlines, p->base_addr, d->addr_width);
        return NULL;
    }
    ep_t* e = (ep_t*)calloc(1, sizeof *e);
    if (!e) {
        snprintf(err, errlen, "episode: out of memory");
        return NULL;
    }
    e->cfg = *cfg;
    e->p = *p;
    e->nsm = d->num_sm;
    e->nwf = nwf;
    e->nw = e->nsm * nwf;
    e->ns = ns;
    e->relacq = relacq;
    gpucoh_rng_seed(&e->rng, p->seed);
    chk_init(&e->chk);
    e->w = (wfs_t*)calloc(e->nw, sizeof *e->w);
    e->s = (sync_t*)calloc(ns, sizeof *e->s);
    e->l = (loc_t*)calloc(p->locations, sizeof *e->l);
    e->vs_cap = 1024;
    e->vs = (uint64_t*)calloc(e->vs_cap, sizeof *e->vs);
    uint32_t* perm = (uint32_t*)malloc((size_t)nlines * wpl * sizeof *perm);
    bool oom = !e->w || !e->s || !e->l || !e->vs || !perm;
    uint32_t nops = p->loads + p->stores + p->atomics + 1;
    for (uint32_t i = 0; !oom && i < e->nw; i++) {
        wfs_t* w = &e->w[i];
        w->sm = i / nwf;
        w->wf = i % nwf;
        w->gw = i;
        w->audit_wf = p->audit && w->wf == 0;
        w->vc = (uint32_t*)calloc(e->nw, sizeof *w->vc);
        w->ops = (body_op_t*)calloc(nops, sizeof *w->ops);
        w->wl = (uint32_t*)calloc(nops, sizeof *w->wl);
        w->rl = (uint32_t*)calloc(nops, sizeof *w->rl);
        oom = !w->vc || !w->ops || !w->wl || !w->rl;
        w->ready_at = rnd(e, 4 * p->max_gap + 1);
    }
    for (uint32_t i = 0; !oom && i < ns; i++) {
        e->s[i].pvc = (uint32_t*)calloc(e->nw, sizeof(uint32_t));
        e->s[i].lastvc = relacq ? (uint32_t*)calloc(e->nw, sizeof(uint32_t)) : NULL;
        e->s[i].scope = i < p->sync_locs ? p->rel_scope : GSYS_SCOPE_CTA;
        oom = !e->s[i].pvc || (relacq && !e->s[i].lastvc);
    }
    if (oom) {
        free(perm);
        ep_free(e);
        snprintf(err, errlen, "episode: out of memory");
        return NULL;
    }
    /* Address map: the first `total` word slots of a random permutation of nlines * wpl slots;
     * sync and data locations share lines (false sharing), as in the gem5 tester. */
    uint32_t nslots = (uint32_t)nlines * wpl;
    for (uint32_t i = 0; i < nslots; i++)
        perm[i] = i;
    for (uint32_t i = nslots; i > 1; i--) {
        uint32_t j = rnd(e, i), t = perm[i - 1];
        perm[i - 1] = perm[j];
        perm[j] = t;
    }
    for (uint32_t i = 0; i < total; i++) {
        uint32_t sl = perm[i];
        uint64_t addr = p->base_addr + (uint64_t)(sl / wpl) * d->line_bytes + 4u * (sl % wpl);
        if (i < ns) {
            e->s[i].addr = addr;
        } else if (relacq && i < 2 * ns) {
            e->s[i - ns].taddr = addr;
        } else {
            loc_t* x = &e->l[i - (relacq ? 2 * ns : ns)];
            x->addr = addr;
            x->wr_active = -1;
        }
    }
    free(perm);
    e->audit_left = p->audit ? e->nsm : 0;
    e->wl.ctx = e;
    e->wl.next = ep_next;
    e->wl.done = ep_done;
    e->wl.finished = ep_finished;
    return e;
}

void ep_free(ep_t* e) {
    if (!e)
        return;
    if (e->w)
        for (uint32_t i = 0; i < e->nw; i++) {
            free(e->w[i].vc);
            free(e->w[i].ops);
            free(e->w[i].wl);
            free(e->w[i].rl);
        }
    if (e->s)
        for (uint32_t i = 0; i < e->ns; i++) {
            free(e->s[i].pvc);
            free(e->s[i].lastvc);
            for (uint32_t k = 0; k < e->s[i].cap; k++)
                free(e->s[i].slot[k].vc);
            free(e->s[i].slot);
        }
    if (e->l)
        for (uint32_t i = 0; i < e->p.locations; i++)
            free(e->l[i].rd);
    free(e->w);
    free(e->s);
    free(e->l);
    free(e->vs);
    free(e);
}

gsys_workload_t* ep_workload(ep_t* e) {
    return &e->wl;
}

const chk_result_t* ep_result(const ep_t* e) {
    return &e->chk;
}

static const char* run_name(gsys_run_t rc) {
    switch (rc) {
    case GSYS_RUN_DONE:
        return "done";
    case GSYS_RUN_CYCLES:
        return "cycle budget exhausted";
    case GSYS_RUN_STOPPED:
        return "stopped by the backend (lockstep mismatch or RTL error)";
    case GSYS_RUN_DEADLOCK:
        return "DEADLOCK (report above)";
    }
    return "?";
}

void ep_finish(ep_t* e, gsys_run_t rc, uint64_t cycle) {
    if (e->ended)
        return;
    e->ended = true;
    uint32_t busy = 0;
    for (uint32_t i = 0; i < e->nw; i++)
        if (e->w[i].busy && e->w[i].p_kind != OPB_STORE) {
            busy++;
            chk_nc(&e->chk, NC_INCOMPLETE);
        }
    if (rc != GSYS_RUN_DONE)
        chk_fatal(&e->chk,
                  "episode: the run ended at cycle %" PRIu64 ": %s; %u operation(s) "
                  "outstanding, %u of %u wavefronts finished",
                  cycle, run_name(rc), busy, e->finished_wfs, e->nw);
    else if (!ep_finished(e))
        chk_fatal(&e->chk, "episode: the system drained but the workload is not finished");
}

void ep_progress(const ep_t* e, uint64_t* done, uint64_t* total) {
    *done = e->n_eps;
    *total = (uint64_t)e->nw * e->p.episodes;
}

void ep_stats(const ep_t* e, FILE* f) {
    fprintf(f,
            "episodes %" PRIu64 " (%u wavefronts x %u); loads %" PRIu64 " stores %" PRIu64
            " atomics %" PRIu64 " racy loads %" PRIu64 " sync atomics %" PRIu64
            " audit loads %" PRIu64 "; allocation refusals %" PRIu64 ", ops dropped %" PRIu64 "\n",
            e->n_eps, e->nw, e->p.episodes, e->n_ld, e->n_st, e->n_at, e->n_racy, e->n_sync,
            e->n_audit_ld, e->n_refused, e->n_dropped);
    if (e->relacq)
        fprintf(f,
                "release/acquire sync: %" PRIu64 " flag loads, %" PRIu64
                " CTA-scope episodes, %" PRIu64 " relays\n",
                e->n_spin, e->n_cta, e->n_relay);
    if (e->p.rm_steal)
        fprintf(f, "remote steals: %" PRIu64 " CTA-scope episodes on another SM's location (rm)\n",
                e->n_steal);
}

int ep_run(const gsys_cfg_t* cfg, const ep_params_t* p, gsys_backend_factory_t mk, void* mk_ctx,
           uint64_t max_cycles, bool verbose, FILE* out, chk_result_t* res, char* err,
           size_t errlen) {
    ep_t* e = ep_new(cfg, p, err, errlen);
    if (!e)
        return -1;
    gsys_backend_t be;
    int rc = mk ? mk(mk_ctx, cfg, &be, err, errlen) : gsys_backend_c_cfg(cfg, &be, err, errlen);
    if (rc != 0) {
        ep_free(e);
        return -1;
    }
    gsys_t* s = gsys_new(cfg, &be, ep_workload(e), err, errlen);
    if (!s) {
        if (be.destroy)
            be.destroy(be.ctx);
        ep_free(e);
        return -1;
    }
    gsys_run_t r = gsys_run(s, max_cycles ? max_cycles : 100000000ull, out ? out : stderr);
    /* lockstep: every state whole at the end of the run (docs/system.md section 7) */
    if ((r == GSYS_RUN_CYCLES || r == GSYS_RUN_DONE) && gsys_backend_rtl_final_check(&be))
        r = GSYS_RUN_STOPPED;
    ep_finish(e, r, gsys_cycle(s));
    if (out) {
        char title[200];
        snprintf(title, sizeof title,
                 "episode tester (%s, %u SMs x %u wf, seed %" PRIu64 "/%" PRIu64 ", %" PRIu64
                 " cycles)",
                 gsys_variant_name(cfg), e->nsm, e->nwf, p->seed, cfg->seed, gsys_cycle(s));
        if (verbose) {
            ep_stats(e, out);
            gsys_stats(s, out);
        }
        chk_print(out, title, &e->chk);
    }
    if (res)
        *res = e->chk;
    int pass = chk_passed(&e->chk);
    gsys_free(s);
    if (be.destroy)
        be.destroy(be.ctx);
    ep_free(e);
    return pass ? 0 : 1;
}
