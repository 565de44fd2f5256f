/* SPDX-License-Identifier: Apache-2.0 */
/*
 * axiom.c -- the axiomatic oracle: candidate executions of a litmus test and the models' axioms
 * (axiom.h; docs/memory-models.md, "The axiomatic oracle").
 */
#include "axiom.h"

#include <stdlib.h>
#include <string.h>

#include "gsys.h"
#include "litmus_view.h"

/* ---- relations over at most 64 events: one bit row per event ------------------------------- */

typedef struct {
    uint64_t r[AX_MAX_EVENTS];
} rel_t;

typedef uint64_t set_t;

static uint32_t g_n; /* events of the test being judged (set by ax_enumerate) */

static void r_clear(rel_t* a) {
    memset(a->r, 0, sizeof a->r);
}

static void r_or(rel_t* a, const rel_t* b) {
    for (uint32_t i = 0; i < g_n; i++)
        a->r[i] |= b->r[i];
}

static void r_and(rel_t* a, const rel_t* b) {
    for (uint32_t i = 0; i < g_n; i++)
        a->r[i] &= b->r[i];
}

/* a ; b */
static void r_seq(rel_t* out, const rel_t* a, const rel_t* b) {
    rel_t t;
    r_clear(&t);
    for (uint32_t i = 0; i < g_n; i++) {
        uint64_t row = 0;
        for (uint64_t m = a->r[i]; m; m &= m - 1)
            row |= b->r[__builtin_ctzll(m)];
        t.r[i] = row;
    }
    *out = t;
}

/* a+ (Warshall) */
static void r_plus(rel_t* a) {
    for (uint32_t k = 0; k < g_n; k++)
        for (uint32_t i = 0; i < g_n; i++)
            if (a->r[i] >> k & 1u)
                a->r[i] |= a->r[k];
}

/* a? : a | id */
static void r_opt(rel_t* out, const rel_t* a) {
    *out = *a;
    for (uint32_t i = 0; i < g_n; i++)
        out->r[i] |= 1ull << i;
}

static void r_inv(rel_t* out, const rel_t* a) {
    rel_t t;
    r_clear(&t);
    for (uint32_t i = 0; i < g_n; i++)
        for (uint64_t m = a->r[i]; m; m &= m - 1)
            t.r[__builtin_ctzll(m)] |= 1ull << i;
    *out = t;
}

/* [d] ; a ; [c] */
static void r_restrict(rel_t* a, set_t d, set_t c) {
    for (uint32_t i = 0; i < g_n; i++)
        a->r[i] = (d >> i & 1u) ? a->r[i] & c : 0;
}

static bool r_irreflexive(const rel_t* a) {
    for (uint32_t i = 0; i < g_n; i++)
        if (a->r[i] >> i & 1u)
            return false;
    return true;
}

static bool r_acyclic(const rel_t* a) {
    rel_t t = *a;
    r_plus(&t);
    return r_irreflexive(&t);
}

static bool r_empty(const rel_t* a) {
    for (uint32_t i = 0; i < g_n; i++)
        if (a->r[i])
            return false;
    return true;
}

/* ---- events -------------------------------------------------------------------------------- */

enum { EV_R = 0, EV_W, EV_F };
enum { SEM_PLAIN = 0, SEM_RLX, SEM_ACQ, SEM_REL, SEM_AR, SEM_SC };

typedef struct {
    int32_t th; /* -1: an initial write */
    uint32_t idx;
    uint32_t kind, sem, scope, loc, cta;
    int32_t partner; /* the other half of an atomic, or -1 */
    uint32_t reg;    /* a read's register, UINT32_MAX if none */
    bool atom;
    litmus_op_view_t op;
    uint32_t init; /* an initial write's value */
} ev_t;

typedef struct {
    const litmus_t* t;
    uint32_t n, nth, nloc, nkeys;
    ev_t ev[AX_MAX_EVENTS];
    uint32_t thread_cta[64];
    /* static relations and sets */
    rel_t po, rmw, loc, ext, incl, same_scope;
    /* hrf-rsp's (rsp.md section 7.1): incl and same-scope with every pair that has an rm side
     * added (an rm event's instance is the GPU, and it promotes the other side) */
    rel_t incl_rm, same_rm;
    set_t reads, writes, fences, init, sync, special, scfence;
    /* candidate */
    int32_t rf[AX_MAX_EVENTS];
    uint32_t val[AX_MAX_EVENTS];
    set_t live;
    uint32_t co_order[AX_MAX_EVENTS]; /* per location, see co_start */
    uint32_t co_len[AX_MAX_EVENTS], co_start[AX_MAX_EVENTS];
    /* candidate relations */
    rel_t rfr, co, fr, com, eco, poloc, sw, fsc, ms;
    uint32_t model; /* the model being judged (axioms' helpers) */
} cx_t;

/* rm's instance is the GPU: it includes every thread, as GPU scope does */
static bool includes(const ev_t* e, uint32_t th_cta, bool init_other) {
    if (init_other || e->th < 0 || e->scope != GSYS_SCOPE_CTA)
        return true;
    return e->cta == th_cta;
}

/* Each event's scope includes the other's thread (PTX's "morally strong" scope condition; the
 * same thread is always included). */
static bool in_scope(const cx_t* c, uint32_t a, uint32_t b) {
    const ev_t *x = &c->ev[a], *y = &c->ev[b];
    if (x->th == y->th)
        return true;
    return includes(x, y->cta, y->th < 0) && includes(y, x->cta, x->th < 0);
}

static uint32_t sem_of(const litmus_op_view_t* o, uint32_t kind) {
    switch (o->kind) {
    case LV_LD:
    case LV_ST:
        return SEM_PLAIN;
    case LV_ACQ:
        return SEM_ACQ;
    case LV_REL:
        return SEM_REL;
    case LV_FENCE:
        return o->order == GSYS_ORD_SC ? SEM_SC : SEM_AR;
    default: /* an atomic: its read acquires, its write releases */
        if (kind == EV_R)
            return o->order == GSYS_ORD_ACQUIRE || o->order == GSYS_ORD_ACQ_REL ? SEM_ACQ : SEM_RLX;
        return o->order == GSYS_ORD_RELEASE || o->order == GSYS_ORD_ACQ_REL ? SEM_REL : SEM_RLX;
    }
}

static bool add_event(cx_t* c, int32_t th, uint32_t idx, uint32_t kind, const litmus_op_view_t* o,
                      char* err, size_t errlen) {
    if (c->n >= AX_MAX_EVENTS) {
        snprintf(err, errlen,
                 "%s: more than %u events (initial writes included): beyond the "
                 "oracle's bound",
                 litmus_file(c->t), AX_MAX_EVENTS);
        return false;
    }
    ev_t* e = &c->ev[c->n++];
    memset(e, 0, sizeof *e);
    e->th = th;
    e->idx = idx;
    e->kind = kind;
    e->partner = -1;
    e->reg = UINT32_MAX;
    e->scope = GSYS_SCOPE_GPU;
    if (o) {
        e->op = *o;
        e->sem = sem_of(o, kind);
        e->scope = o->scope;
        e->loc = o->loc;
        e->atom = o->kind == LV_ATOM;
        e->reg = kind == EV_R ? o->reg : UINT32_MAX;
        e->cta = c->thread_cta[th];
    }
    return true;
}

static bool build_events(cx_t* c, char* err, size_t errlen) {
    c->nth = litmus_nthreads(c->t);
    c->nloc = litmus_nlocs(c->t);
    c->nkeys = litmus_nkeys(c->t);
    if (c->nth > 64) {
        snprintf(err, errlen, "%s: more than 64 threads", litmus_file(c->t));
        return false;
    }
    for (uint32_t l = 0; l < c->nloc; l++) {
        if (!add_event(c, -1, 0, EV_W, NULL, err, errlen))
            return false;
        c->ev[c->n - 1].loc = l;
        c->ev[c->n - 1].init = litmus_loc_init(c->t, l);
    }
    for (uint32_t th = 0; th < c->nth; th++) {
        litmus_thread_view_t tv;
        litmus_thread_view(c->t, th, &tv);
        c->thread_cta[th] = tv.cta;
        for (uint32_t k = 0, idx = 0; k < tv.nops; k++) {
            litmus_op_view_t o;
            litmus_op_view(c->t, th, k, &o);
            if (o.kind == LV_DELAY)
                continue;
            bool ok = true;
            if (o.kind == LV_LD || o.kind == LV_ACQ)
                ok = add_event(c, (int32_t)th, idx++, EV_R, &o, err, errlen);
            else if (o.kind == LV_ST || o.kind == LV_REL)
                ok = add_event(c, (int32_t)th, idx++, EV_W, &o, err, errlen);
            else if (o.kind == LV_FENCE)
                ok = add_event(c, (int32_t)th, idx++, EV_F, &o, err, errlen);
            else if (add_event(c, (int32_t)th, idx++, EV_R, &o, err, errlen) &&
                     add_event(c, (int32_t)th, idx++, EV_W, &o, err, errlen)) {
                c->ev[c->n - 2].partner = (int32_t)(c->n - 1);
                c->ev[c->n - 1].partner = (int32_t)(c->n - 2);
            } else {
                ok = false;
            }
            if (!ok)
                return false;
        }
    }
    return true;
}

static void static_relations(cx_t* c) {
    g_n = c->n;
    r_clear(&c->po);
    r_clear(&c->rmw);
    r_clear(&c->loc);
    r_clear(&c->ext);
    r_clear(&c->incl);
    r_clear(&c->same_scope);
    r_clear(&c->incl_rm);
    r_clear(&c->same_rm);
    c->reads = c->writes = c->fences = c->init = c->sync = c->special = c->scfence = 0;
    for (uint32_t a = 0; a < c->n; a++) {
        const ev_t* x = &c->ev[a];
        const uint64_t bit = 1ull << a;
        c->reads |= x->kind == EV_R ? bit : 0;
        c->writes |= x->kind == EV_W ? bit : 0;
        c->fences |= x->kind == EV_F ? bit : 0;
        c->scfence |= x->kind == EV_F && x->sem == SEM_SC ? bit : 0;
        c->init |= x->th < 0 ? bit : 0;
        const bool sync = x->th >= 0 && x->kind != EV_F && (x->atom || x->sem >= SEM_ACQ);
        c->sync |= sync ? bit : 0;
        c->special |= sync || x->kind == EV_F ? bit : 0;
        for (uint32_t b = 0; b < c->n; b++) {
            const ev_t* y = &c->ev[b];
            if (a == b)
                continue;
            const uint64_t bb = 1ull << b;
            if (x->th >= 0 && x->th == y->th && x->idx < y->idx)
                c->po.r[a] |= bb;
            if (x->kind != EV_F && y->kind != EV_F && x->loc == y->loc)
                c->loc.r[a] |= bb;
            if (x->th != y->th || x->th < 0)
                c->ext.r[a] |= bb;
            if (in_scope(c, a, b)) {
                c->incl.r[a] |= bb;
                if ((x->scope == GSYS_SCOPE_CTA) == (y->scope == GSYS_SCOPE_CTA) || x->th == y->th)
                    c->same_scope.r[a] |= bb; /* rm reads as GPU */
            }
            if (x->scope == GSYS_SCOPE_RM || y->scope == GSYS_SCOPE_RM) {
                c->incl_rm.r[a] |= bb;
                c->same_rm.r[a] |= bb;
            }
        }
        if (x->partner >= 0 && x->kind == EV_R)
            c->rmw.r[a] |= 1ull << x->partner;
    }
    r_or(&c->incl_rm, &c->incl);
    r_or(&c->same_rm, &c->same_scope);
}

/* ---- values of a reads-from choice --------------------------------------------------------- */

/* The value an atomic writes after reading old; false: a CAS that fails (writes nothing). */
static bool atom_write(const litmus_op_view_t* o, uint32_t old, uint32_t* w) {
    switch (o->aop) {
    case GSYS_AOP_ADD:
        *w = old + o->v;
        return true;
    case GSYS_AOP_EXCH:
        *w = o->v;
        return true;
    default:
        *w = o->v2;
        return old == o->v;
    }
}

/* Values along the threads for c->rf; false if a read takes its value from a CAS that did not
 * write, or values depend on each other in a cycle (atomics reading each other: no value). */
static bool compute_values(cx_t* c) {
    uint64_t known = 0;
    c->live = 0;
    for (uint32_t e = 0; e < c->n; e++) {
        const ev_t* x = &c->ev[e];
        if (x->kind == EV_W && !x->atom) {
            c->val[e] = x->th < 0 ? x->init : x->op.v;
            known |= 1ull << e;
            c->live |= 1ull << e;
        } else if (x->kind == EV_F) {
            known |= 1ull << e;
        }
    }
    for (uint32_t pass = 0; pass <= c->n; pass++) {
        bool changed = false;
        for (uint32_t e = 0; e < c->n; e++) {
            const ev_t* x = &c->ev[e];
            if (known >> e & 1u)
                continue;
            if (x->kind == EV_R) {
                const uint32_t s = (uint32_t)c->rf[e];
                if (!(known >> s & 1u))
                    continue;
                if (!(c->live >> s & 1u))
                    return false;
                c->val[e] = c->val[s];
            } else { /* an atomic's write */
                const uint32_t r = (uint32_t)x->partner;
                if (!(known >> r & 1u))
                    continue;
                if (atom_write(&x->op, c->val[r], &c->val[e]))
                    c->live |= 1ull << e;
            }
            known |= 1ull << e;
            changed = true;
        }
        if (!changed)
            break;
    }
    return known == (c->n == 64 ? ~0ull : (1ull << c->n) - 1);
}

/* ---- the candidate's relations ------------------------------------------------------------- */

/* Release side: a release write, or a fence followed in program order by a write. Acquire side:
 * an acquire read, or a read followed by a fence. sw relates the release (the write itself or
 * the fence) to the acquire (the read or the fence) when the read observes the write (rf, or rf
 * through a chain of atomics: a release sequence) and the two are in each other's scope. */
static void make_sw(cx_t* c, const rel_t* obs) {
    r_clear(&c->sw);
    rel_t relw, acqr; /* release op -> its write; read -> its acquire op */
    r_clear(&relw);
    r_clear(&acqr);
    for (uint32_t a = 0; a < c->n; a++) {
        const ev_t* x = &c->ev[a];
        if (x->th < 0)
            continue;
        if (x->kind == EV_W && x->sem == SEM_REL)
            relw.r[a] |= 1ull << a;
        if (x->kind == EV_F)
            relw.r[a] |= c->po.r[a] & c->writes;
        if (x->kind == EV_R && x->sem == SEM_ACQ)
            acqr.r[a] |= 1ull << a;
        if (x->kind == EV_R)
            acqr.r[a] |= c->po.r[a] & c->fences;
    }
    rel_t t;
    r_seq(&t, &relw, obs);
    r_seq(&t, &t, &acqr);
    r_and(&t, &c->incl);
    c->sw = t;
}

static void candidate_relations(cx_t* c) {
    r_clear(&c->rfr);
    r_clear(&c->co);
    for (uint32_t e = 0; e < c->n; e++)
        if (c->ev[e].kind == EV_R)
            c->rfr.r[c->rf[e]] |= 1ull << e;
    for (uint32_t l = 0; l < c->nloc; l++) {
        const uint32_t* o = &c->co_order[c->co_start[l]];
        for (uint32_t i = 0; i < c->co_len[l]; i++)
            for (uint32_t j = i + 1; j < c->co_len[l]; j++)
                c->co.r[o[i]] |= 1ull << o[j];
    }
    rel_t rfi;
    r_inv(&rfi, &c->rfr);
    r_seq(&c->fr, &rfi, &c->co);
    c->com = c->rfr;
    r_or(&c->com, &c->co);
    r_or(&c->com, &c->fr);
    c->eco = c->com;
    r_plus(&c->eco);
    c->poloc = c->po;
    r_and(&c->poloc, &c->loc);
    c->ms = c->incl; /* every access of the format is strong (ld = ld.relaxed.gpu): PTX's
                        morally strong is the scope condition */
    /* obs = rf ; (rmw ; rf)* restricted to in-scope pairs */
    rel_t rfm = c->rfr, obs, step;
    r_and(&rfm, &c->ms);
    r_seq(&step, &c->rmw, &rfm);
    r_plus(&step);
    r_seq(&obs, &rfm, &step);
    r_or(&obs, &rfm);
    make_sw(c, &obs);
    r_clear(&c->fsc);
}

/* ---- the axioms ---------------------------------------------------------------------------- */

typedef bool (*ax_fn_t)(const cx_t* c);

/* acyclic(po | rf | co | fr) */
static bool ax_sc(const cx_t* c) {
    rel_t a = c->po;
    r_or(&a, &c->com);
    return r_acyclic(&a);
}

/* empty(rmw & (fr ; co)), with fr and co in scope of the atomic (PTX: morally strong) */
static bool ax_atomicity(const cx_t* c) {
    rel_t fr = c->fr, co = c->co, a;
    if (c->model == AX_PTX) {
        r_and(&fr, &c->ms);
        r_and(&co, &c->ms);
    }
    r_seq(&a, &fr, &co);
    r_and(&a, &c->rmw);
    return r_empty(&a);
}

/* acyclic(po-loc | com) (PTX: com restricted to morally strong pairs) */
static bool ax_sc_per_loc(const cx_t* c) {
    rel_t a = c->com;
    if (c->model == AX_PTX)
        r_and(&a, &c->ms);
    r_or(&a, &c->poloc);
    return r_acyclic(&a);
}

/* (po | sw | fsc)+ */
static void hb_full(const cx_t* c, rel_t* hb) {
    *hb = c->po;
    r_or(hb, &c->sw);
    r_or(hb, &c->fsc);
    r_plus(hb);
}

/* irreflexive(hb ; eco), hb = (po | sw | fsc)+ */
static bool ax_hb_coherence(const cx_t* c) {
    rel_t hb, a;
    hb_full(c, &hb);
    r_seq(&a, &hb, &c->eco);
    return r_irreflexive(&a);
}

/* acyclic([S] ; (hb | com & incl) ; [S]), S = the synchronization accesses and fences */
static bool ax_sync_sc(const cx_t* c) {
    rel_t hb, a;
    hb_full(c, &hb);
    a = c->com;
    r_and(&a, &c->incl);
    r_or(&a, &hb);
    r_restrict(&a, c->special, c->special);
    return r_acyclic(&a);
}

/* irreflexive(fsc ; hb): the fence order does not contradict happens-before */
static bool ax_fence_order(const cx_t* c) {
    rel_t hb, a;
    hb_full(c, &hb);
    r_seq(&a, &c->fsc, &hb);
    return r_irreflexive(&a);
}

/* hbpc = po | po? ; sw ; po? | po ; [A] ; (sw ; po?)+ ; [in scope of A]: a release A orders the
 * accesses before it in its thread for every thread that acquires from it, directly or through
 * later releases, inside A's scope (a GPU release: everyone; a CTA release: its CTA); and for its
 * direct acquirer, A itself. Not transitive through a third thread's own accesses (WRC). */
static void hb_pc(const cx_t* c, rel_t* hb) {
    rel_t poq, one, chain;
    r_opt(&poq, &c->po);
    r_seq(&one, &poq, &c->sw);
    r_seq(&one, &one, &poq);
    r_seq(&chain, &c->sw, &poq);
    r_plus(&chain);
    *hb = c->po;
    r_or(hb, &one);
    for (uint32_t a = 0; a < c->n; a++) {
        if (!c->sw.r[a])
            continue; /* not a release that synchronizes */
        uint64_t reach = 0;
        for (uint64_t m = chain.r[a]; m; m &= m - 1) {
            const uint32_t e = (uint32_t)__builtin_ctzll(m);
            if (c->ev[e].th >= 0 && includes(&c->ev[a], c->thread_cta[c->ev[e].th], false))
                reach |= 1ull << e;
        }
        for (uint32_t b = 0; b < c->n; b++)
            if (c->po.r[b] >> a & 1u)
                hb->r[b] |= reach;
    }
}

/* irreflexive(hbpc ; (com | co ; rf)): coherence along hbpc, except a read that saw a newer
 * value (fr ; rf): without write atomicity that value need not be visible yet to the threads the
 * reader releases to (WRC allowed); a write hbpc-after a read is coherence-after what it read. */
static bool ax_pc_coherence(const cx_t* c) {
    rel_t hb, a, corf;
    hb_pc(c, &hb);
    r_seq(&corf, &c->co, &c->rfr);
    r_or(&corf, &c->com);
    r_seq(&a, &hb, &corf);
    return r_irreflexive(&a);
}

/* PTX causality order: bc = (po | sw | fsc)+, cause = bc | obs ; bc */
static void ptx_cause(const cx_t* c, rel_t* cause) {
    rel_t bc, rfm = c->rfr, step, obs, t;
    hb_full(c, &bc);
    r_and(&rfm, &c->ms);
    r_seq(&step, &c->rmw, &rfm);
    r_plus(&step);
    r_seq(&obs, &rfm, &step);
    r_or(&obs, &rfm);
    r_seq(&t, &obs, &bc);
    *cause = bc;
    r_or(cause, &t);
}

/* Coherence: irreflexive(cause ; co) (a write causally before another is coherence-before it) */
static bool ax_ptx_coherence(const cx_t* c) {
    rel_t cause, a;
    ptx_cause(c, &cause);
    r_seq(&a, &cause, &c->co);
    return r_irreflexive(&a);
}

/* FenceSC: irreflexive(fsc ; cause) */
static bool ax_ptx_fence_sc(const cx_t* c) {
    rel_t cause, a;
    ptx_cause(c, &cause);
    r_seq(&a, &c->fsc, &cause);
    return r_irreflexive(&a);
}

/* Causality: irreflexive(cause ; (rf | fr)) */
static bool ax_ptx_causality(const cx_t* c) {
    rel_t cause, a, rffr = c->rfr;
    ptx_cause(c, &cause);
    r_or(&rffr, &c->fr);
    r_seq(&a, &cause, &rffr);
    return r_irreflexive(&a);
}

/* No-Thin-Air: acyclic(rf | dep); the format's only dependency is an atomic's read to its write */
static bool ax_no_thin_air(const cx_t* c) {
    rel_t a = c->rfr;
    r_or(&a, &c->rmw);
    return r_acyclic(&a);
}

/* ---- race freedom (drf-sc, hrf-*) ---------------------------------------------------------- */

/* so (seed 002 section 2): a synchronization write before a synchronization read of its location
 * that it occurs before, (co? ; rf), other threads, in each other's scope (hrf: at the same
 * scope) */
static void sync_order(const cx_t* c, bool same, rel_t* so) {
    rel_t coq;
    r_opt(&coq, &c->co);
    r_seq(so, &coq, &c->rfr);
    r_and(so, &c->ext);
    if (c->model == AX_HRSP)
        r_and(so, same ? &c->same_rm : &c->incl_rm);
    else
        r_and(so, same ? &c->same_scope : &c->incl);
    r_restrict(so, c->sync & c->writes, c->sync & c->reads);
}

/* The model's happens-before for race detection. drf-sc, hrf-indirect: (po | so)+;
 * hrf-direct: po | the union over scope instances S of (po | so_S)+ */
static void race_hb(const cx_t* c, rel_t* hb) {
    rel_t so;
    sync_order(c, c->model != AX_DRF, &so);
    if (c->model != AX_HRFD) {
        *hb = c->po;
        r_or(hb, &so);
        r_plus(hb);
        return;
    }
    *hb = c->po;
    /* instance: GPU scope, then each CTA's */
    for (int32_t inst = -1; inst < (int32_t)c->nth; inst++) {
        rel_t s = so, h = c->po;
        for (uint32_t a = 0; a < c->n; a++) {
            const ev_t* x = &c->ev[a];
            const bool mine = inst < 0
                                  ? x->scope != GSYS_SCOPE_CTA
                                  : x->scope == GSYS_SCOPE_CTA && x->cta == c->thread_cta[inst];
            if (!mine)
                s.r[a] = 0;
        }
        r_or(&h, &s);
        r_plus(&h);
        r_or(hb, &h);
    }
}

static bool find_race(const cx_t* c, uint32_t* ra, uint32_t* rb) {
    rel_t hb;
    race_hb(c, &hb);
    const rel_t* pair_ok = c->model == AX_DRF    ? &c->incl
                           : c->model == AX_HRSP ? &c->same_rm
                                                 : &c->same_scope;
    const set_t mem = (c->reads | c->writes) & ~c->init;
    for (uint32_t a = 0; a < c->n; a++) {
        if (!(mem >> a & 1u) || (c->ev[a].kind == EV_W && !(c->live >> a & 1u)))
            continue;
        for (uint32_t b = a + 1; b < c->n; b++) {
            const ev_t *x = &c->ev[a], *y = &c->ev[b];
            if (!(mem >> b & 1u) || x->th == y->th || x->loc != y->loc ||
                (y->kind == EV_W && !(c->live >> b & 1u)))
                continue;
            if (x->kind != EV_W && y->kind != EV_W)
                continue;
            if ((c->sync >> a & 1u) && (c->sync >> b & 1u) && (pair_ok->r[a] >> b & 1u))
                continue;
            if ((hb.r[a] >> b & 1u) || (hb.r[b] >> a & 1u))
                continue;
            *ra = a;
            *rb = b;
            return true;
        }
    }
    return false;
}

static bool ax_race_free(const cx_t* c) {
    uint32_t a, b;
    return !find_race(c, &a, &b);
}

/* ---- the table ----------------------------------------------------------------------------- */

typedef struct {
    uint32_t model;
    const char* name;
    const char* expr;
    ax_fn_t fn;
    bool race;
} axiom_t;

#define HB  "hb = (po | sw | fsc)+"
#define FSC "fsc: a total order of the model's fences, in scope pairs"
static const axiom_t AX_AXIOMS[] = {
    {AX_SC, "acyclic-sc", "acyclic(po | rf | co | fr)", ax_sc, false},
    {AX_SC, "atomicity", "empty(rmw & (fr ; co))", ax_atomicity, false},

    {AX_RCSC, "sc-per-location", "acyclic(po-loc | rf | co | fr)", ax_sc_per_loc, false},
    {AX_RCSC, "atomicity", "empty(rmw & (fr ; co))", ax_atomicity, false},
    {AX_RCSC, "hb-coherence", "irreflexive(hb ; eco), " HB ", fsc over every fence",
     ax_hb_coherence, false},
    {AX_RCSC, "sync-sc", "acyclic([S] ; (hb | com & incl) ; [S]), S = acq, rel, atomics, fences",
     ax_sync_sc, false},
    {AX_RCSC, "fence-order", "irreflexive(fsc ; hb)", ax_fence_order, false},

    {AX_RCPC, "sc-per-location", "acyclic(po-loc | rf | co | fr)", ax_sc_per_loc, false},
    {AX_RCPC, "atomicity", "empty(rmw & (fr ; co))", ax_atomicity, false},
    {AX_RCPC, "pc-coherence",
     "irreflexive(hbpc ; (com | co ; rf)), hbpc = po | po? ; sw ; po? | po ; [A] ; (sw ; po?)+ ; "
     "[in scope of A]",
     ax_pc_coherence, false},

    {AX_DRF, "acyclic-sc", "acyclic(po | rf | co | fr)", ax_sc, false},
    {AX_DRF, "atomicity", "empty(rmw & (fr ; co))", ax_atomicity, false},
    {AX_DRF, "race-free",
     "every conflicting pair not both sync in scope is ordered by hb = (po | so)+, so = (co? ; "
     "rf) & ext & incl from sync writes to sync reads",
     ax_race_free, true},

    {AX_HRFD, "acyclic-sc", "acyclic(po | rf | co | fr)", ax_sc, false},
    {AX_HRFD, "atomicity", "empty(rmw & (fr ; co))", ax_atomicity, false},
    {AX_HRFD, "race-free",
     "every conflicting pair not both sync at one scope including both is ordered by hb = po | "
     "U_S (po | so_S)+, so_S = so & same-scope at scope instance S",
     ax_race_free, true},

    {AX_HRFI, "acyclic-sc", "acyclic(po | rf | co | fr)", ax_sc, false},
    {AX_HRFI, "atomicity", "empty(rmw & (fr ; co))", ax_atomicity, false},
    {AX_HRFI, "race-free",
     "every conflicting pair not both sync at one scope including both is ordered by hb = (po | "
     "so)+, so = (co? ; rf) & ext & same-scope from sync writes to sync reads",
     ax_race_free, true},

    {AX_HRSP, "acyclic-sc", "acyclic(po | rf | co | fr)", ax_sc, false},
    {AX_HRSP, "atomicity", "empty(rmw & (fr ; co))", ax_atomicity, false},
    {AX_HRSP, "race-free",
     "as hrf-indirect with incl-rm = incl | pairs with an rm side, same-scope-rm = same-scope | "
     "pairs with an rm side (rm promotes the other side to its scope, the GPU)",
     ax_race_free, true},

    {AX_PTX, "coherence", "irreflexive(cause ; co), cause = bc | obs ; bc, bc = (po | sw | fsc)+",
     ax_ptx_coherence, false},
    {AX_PTX, "fence-sc", "irreflexive(fsc ; cause), fsc over morally strong fence.sc",
     ax_ptx_fence_sc, false},
    {AX_PTX, "atomicity", "empty(rmw & (fr & ms ; co & ms))", ax_atomicity, false},
    {AX_PTX, "no-thin-air", "acyclic(rf | dep), dep = rmw", ax_no_thin_air, false},
    {AX_PTX, "sc-per-location", "acyclic(po-loc | com & ms)", ax_sc_per_loc, false},
    {AX_PTX, "causality", "irreflexive(cause ; (rf | fr))", ax_ptx_causality, false},
};
#undef HB
#undef FSC
#define AX_NAXIOMS (sizeof AX_AXIOMS / sizeof AX_AXIOMS[0])

static const char* const MODEL_NAMES[AX_NMODELS] = {
    "sc", "rcsc", "rcpc", "drf-sc", "hrf-direct", "hrf-indirect", "ptx", "hrf-rsp"};

const char* ax_model_name(uint32_t m) {
    return m < AX_NMODELS ? MODEL_NAMES[m] : "?";
}

int ax_model_index(const char* name) {
    for (uint32_t m = 0; m < AX_NMODELS; m++)
        if (!strcmp(MODEL_NAMES[m], name))
            return (int)m;
    return -1;
}

bool ax_model_scoped(uint32_t m) {
    return m == AX_HRFD || m == AX_HRFI || m == AX_HRSP || m == AX_PTX;
}

bool ax_axiom_at(uint32_t i, ax_axiom_info_t* out) {
    if (i >= AX_NAXIOMS)
        return false;
    out->model = AX_AXIOMS[i].model;
    out->name = AX_AXIOMS[i].name;
    out->expr = AX_AXIOMS[i].expr;
    out->race = AX_AXIOMS[i].race;
    return true;
}

/* GPUCOH_MODEL_DROP_AXIOM: bit i = axiom i removed. */
static bool dropped_axioms(uint64_t* mask, char* err, size_t errlen) {
    *mask = 0;
    const char* s = getenv("GPUCOH_MODEL_DROP_AXIOM");
    if (!s || !*s)
        return true;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    char* save = NULL;
    for (char* w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        char* colon = strchr(w, ':');
        bool found = false;
        if (colon) {
            *colon = 0;
            for (uint32_t i = 0; i < AX_NAXIOMS; i++)
                if (!strcmp(MODEL_NAMES[AX_AXIOMS[i].model], w) &&
                    !strcmp(AX_AXIOMS[i].name, colon + 1)) {
                    *mask |= 1ull << i;
                    found = true;
                }
        }
        if (!found) {
            snprintf(err, errlen,
                     "GPUCOH_MODEL_DROP_AXIOM: no axiom '%s%s%s' (MODEL:AXIOM, as gpucoh model "
                     "--axioms lists them)",
                     w, colon ? ":" : "", colon ? colon + 1 : "");
            return false;
        }
    }
    return true;
}

/* ---- judging one candidate ----------------------------------------------------------------- */

typedef struct {
    uint32_t* v;
    uint32_t n, cap, nkeys;
} oset_t;

static int ocmp_n; /* keys, for qsort */
static int ocmp(const void* a, const void* b) {
    return memcmp(a, b, (size_t)ocmp_n * sizeof(uint32_t));
}

static bool oset_add(oset_t* s, const uint32_t* v) {
    for (uint32_t i = 0; i < s->n; i++)
        if (!memcmp(&s->v[(size_t)i * s->nkeys], v, s->nkeys * sizeof *v))
            return true;
    if (s->n == s->cap) {
        uint32_t cap = s->cap ? s->cap * 2 : 16;
        uint32_t* nv =
            (uint32_t*)realloc(s->v, (size_t)cap * (s->nkeys ? s->nkeys : 1) * sizeof(uint32_t));
        if (!nv)
            return false;
        s->v = nv;
        s->cap = cap;
    }
    if (s->nkeys)
        memcpy(&s->v[(size_t)s->n * s->nkeys], v, s->nkeys * sizeof *v);
    s->n++;
    return true;
}

typedef struct {
    cx_t* c;
    uint64_t drop;
    oset_t model[AX_NMODELS], univ;
    ax_result_t* r;
    uint32_t* outv;
    bool oom;
} run_t;

static bool axioms_hold(cx_t* c, uint32_t m, uint64_t drop) {
    c->model = m;
    for (uint32_t i = 0; i < AX_NAXIOMS; i++)
        if (AX_AXIOMS[i].model == m && !AX_AXIOMS[i].race && !(drop >> i & 1u) &&
            !AX_AXIOMS[i].fn(c))
            return false;
    return true;
}

/* The fences a model orders totally: PTX its morally strong fence.sc, rcsc every fence (its
 * fences are SC operations, docs: IRIW+fence.gpu is forbidden by rcsc). */
static set_t ordered_fences(const cx_t* c, uint32_t m) {
    return m == AX_PTX ? c->scfence : m == AX_RCSC ? c->fences : 0;
}

/* Try every total order of the fences of set f (as fsc: consecutive and later pairs in scope
 * synchronize); true if the model's axioms hold for one. */
static bool with_fence_orders(cx_t* c, uint32_t m, uint64_t drop, set_t f) {
    uint32_t idx[8], k = 0;
    for (uint32_t e = 0; e < c->n && k < 8; e++)
        if (f >> e & 1u)
            idx[k++] = e;
    if (k <= 1) {
        r_clear(&c->fsc);
        return axioms_hold(c, m, drop);
    }
    /* permutations by Heap's algorithm */
    uint32_t cnt[8] = {0};
    for (uint32_t i = 0;;) {
        r_clear(&c->fsc);
        for (uint32_t a = 0; a < k; a++)
            for (uint32_t b = a + 1; b < k; b++)
                if (c->incl.r[idx[a]] >> idx[b] & 1u)
                    c->fsc.r[idx[a]] |= 1ull << idx[b];
        if (axioms_hold(c, m, drop))
            return true;
        while (i < k && cnt[i] >= i) {
            cnt[i] = 0;
            i++;
        }
        if (i >= k)
            return false;
        const uint32_t j = i % 2 ? cnt[i] : 0, t = idx[j];
        idx[j] = idx[i];
        idx[i] = t;
        cnt[i]++;
        i = 1;
    }
}

static void outcome_of(const cx_t* c, uint32_t* v) {
    const uint32_t nreg = litmus_nregs(c->t);
    for (uint32_t e = 0; e < c->n; e++)
        if (c->ev[e].kind == EV_R && c->ev[e].reg < nreg)
            v[c->ev[e].reg] = c->val[e];
    for (uint32_t k = nreg; k < c->nkeys; k++) {
        const uint32_t l = litmus_key_loc(c->t, k);
        const uint32_t* o = &c->co_order[c->co_start[l]];
        v[k] = c->val[o[c->co_len[l] - 1]];
    }
}

static void describe_race(const cx_t* c, uint32_t a, uint32_t b, char* buf, size_t len) {
    const ev_t *x = &c->ev[a], *y = &c->ev[b];
    litmus_thread_view_t tx, ty;
    litmus_thread_view(c->t, (uint32_t)x->th, &tx);
    litmus_thread_view(c->t, (uint32_t)y->th, &ty);
    snprintf(buf, len, "%s: %s line %u / %s line %u", litmus_loc_name(c->t, x->loc), tx.name,
             x->op.src, ty.name, y->op.src);
}

/* Every spin read its until= value (a give-up is the harness's spin budget, not the program's:
 * races are searched only in executions where every spin ended). */
static bool spins_ended(const cx_t* c) {
    for (uint32_t e = 0; e < c->n; e++)
        if (c->ev[e].kind == EV_R && c->ev[e].op.until && c->val[e] != c->ev[e].op.until_v)
            return false;
    return true;
}

static void judge(run_t* u) {
    cx_t* c = u->c;
    candidate_relations(c);
    outcome_of(c, u->outv);
    u->oom |= !oset_add(&u->univ, u->outv);
    bool sc_ok = false, sc_done = false;
    for (uint32_t m = 0; m < AX_NMODELS; m++) {
        bool ok;
        if (m == AX_DRF || m == AX_HRFD || m == AX_HRFI || m == AX_HRSP) {
            if (!sc_done) {
                sc_ok = axioms_hold(c, AX_DRF, u->drop);
                sc_done = true;
            }
            ok = sc_ok;
            c->model = m;
            for (uint32_t i = 0; ok && i < AX_NAXIOMS; i++) {
                uint32_t a, b;
                if (AX_AXIOMS[i].model == m && AX_AXIOMS[i].race && !(u->drop >> i & 1u) &&
                    !u->r->racy[m] && spins_ended(c) && find_race(c, &a, &b)) {
                    u->r->racy[m] = true;
                    describe_race(c, a, b, u->r->race[m], sizeof u->r->race[m]);
                }
            }
        } else {
            ok = with_fence_orders(c, m, u->drop, ordered_fences(c, m));
        }
        if (ok) {
            u->r->consistent[m]++;
            u->oom |= !oset_add(&u->model[m], u->outv);
        }
    }
    u->r->candidates++;
}

/* ---- enumeration --------------------------------------------------------------------------- */

/* Every coherence order of location l, then of the next ones. */
static void enum_co(run_t* u, uint32_t l) {
    cx_t* c = u->c;
    if (l == c->nloc) {
        judge(u);
        return;
    }
    uint32_t* o = &c->co_order[c->co_start[l]];
    const uint32_t n = c->co_len[l];
    /* o[0] is the initial write; permute o[1..n-1] (Heap's algorithm, in place) */
    const uint32_t k = n - 1;
    if (k <= 1) {
        enum_co(u, l + 1);
        return;
    }
    uint32_t cnt[AX_MAX_EVENTS] = {0};
    uint32_t* p = o + 1;
    enum_co(u, l + 1);
    for (uint32_t i = 1; i < k;) {
        if (cnt[i] < i) {
            const uint32_t j = i % 2 ? cnt[i] : 0, t = p[j];
            p[j] = p[i];
            p[i] = t;
            enum_co(u, l + 1);
            cnt[i]++;
            i = 1;
        } else {
            cnt[i] = 0;
            i++;
        }
    }
}

static uint64_t factorial(uint32_t n) {
    uint64_t f = 1;
    for (uint32_t i = 2; i <= n && f <= AX_MAX_CANDIDATES; i++)
        f *= i;
    return f;
}

/* Set up the co lists of the live writes of every location; the number of orders. */
static uint64_t setup_co(cx_t* c) {
    uint32_t pos = 0;
    uint64_t orders = 1;
    for (uint32_t l = 0; l < c->nloc; l++) {
        c->co_start[l] = pos;
        c->co_order[pos++] = l; /* event l is location l's initial write */
        for (uint32_t e = c->nloc; e < c->n; e++)
            if (c->ev[e].kind == EV_W && c->ev[e].loc == l && (c->live >> e & 1u))
                c->co_order[pos++] = e;
        c->co_len[l] = pos - c->co_start[l];
        orders *= factorial(c->co_len[l] - 1);
        if (orders > AX_MAX_CANDIDATES)
            return orders;
    }
    return orders;
}

typedef struct {
    uint32_t read;
    uint32_t nsrc;
    uint32_t src[AX_MAX_EVENTS];
} rfc_t;

static int enumerate_all(run_t* u, rfc_t* rc, uint32_t nr, char* err, size_t errlen) {
    cx_t* c = u->c;
    uint64_t bound = 1;
    for (uint32_t i = 0; i < nr; i++) {
        bound *= rc[i].nsrc;
        if (bound > AX_MAX_CANDIDATES)
            break;
    }
    uint32_t pick[AX_MAX_EVENTS] = {0};
    uint64_t total = 0;
    for (;;) {
        for (uint32_t i = 0; i < nr; i++)
            c->rf[rc[i].read] = (int32_t)rc[i].src[pick[i]];
        if (compute_values(c)) {
            const uint64_t orders = setup_co(c);
            total += orders;
            if (total > AX_MAX_CANDIDATES || bound > AX_MAX_CANDIDATES) {
                snprintf(err, errlen,
                         "%s: more than %u candidate executions (reads-from x coherence "
                         "orders): beyond the oracle's bound",
                         litmus_file(c->t), AX_MAX_CANDIDATES);
                return -1;
            }
            enum_co(u, 0);
        }
        uint32_t i = 0;
        while (i < nr && ++pick[i] == rc[i].nsrc)
            pick[i++] = 0;
        if (i == nr)
            return 0;
    }
}

static void oset_take(oset_t* s, uint32_t** v, uint32_t* n) {
    ocmp_n = (int)s->nkeys;
    if (s->n && s->nkeys)
        qsort(s->v, s->n, s->nkeys * sizeof(uint32_t), ocmp);
    *v = s->v;
    *n = s->n;
    s->v = NULL;
}

int ax_enumerate(const litmus_t* t, ax_result_t* r, char* err, size_t errlen) {
    memset(r, 0, sizeof *r);
    cx_t* c = (cx_t*)calloc(1, sizeof *c);
    rfc_t* rc = (rfc_t*)calloc(AX_MAX_EVENTS, sizeof *rc);
    uint32_t* outv = (uint32_t*)calloc(litmus_nkeys(t) + 1, sizeof *outv);
    run_t u;
    memset(&u, 0, sizeof u);
    int rcode = -1;
    if (!c || !rc || !outv) {
        snprintf(err, errlen, "%s: out of memory", litmus_file(t));
        goto out;
    }
    c->t = t;
    if (!dropped_axioms(&u.drop, err, errlen) || !build_events(c, err, errlen))
        goto out;
    static_relations(c);
    r->nkeys = c->nkeys;
    uint32_t nr = 0;
    for (uint32_t e = 0; e < c->n; e++) {
        if (c->ev[e].kind != EV_R)
            continue;
        rc[nr].read = e;
        for (uint32_t w = 0; w < c->n; w++)
            if (c->ev[w].kind == EV_W && c->ev[w].loc == c->ev[e].loc &&
                (int32_t)w != c->ev[e].partner)
                rc[nr].src[rc[nr].nsrc++] = w;
        nr++;
    }
    u.c = c;
    u.r = r;
    u.outv = outv;
    u.univ.nkeys = c->nkeys;
    for (uint32_t m = 0; m < AX_NMODELS; m++)
        u.model[m].nkeys = c->nkeys;
    rcode = enumerate_all(&u, rc, nr, err, errlen);
    if (!rcode && u.oom) {
        snprintf(err, errlen, "%s: out of memory", litmus_file(t));
        rcode = -1;
    }
    if (!rcode) {
        for (uint32_t m = 0; m < AX_NMODELS; m++)
            oset_take(&u.model[m], &r->out[m], &r->nout[m]);
        oset_take(&u.univ, &r->univ, &r->nuniv);
    }
out:
    for (uint32_t m = 0; m < AX_NMODELS; m++)
        free(u.model[m].v);
    free(u.univ.v);
    free(outv);
    free(rc);
    free(c);
    if (rcode)
        ax_result_free(r);
    return rcode;
}

void ax_result_free(ax_result_t* r) {
    for (uint32_t m = 0; m < AX_NMODELS; m++) {
        free(r->out[m]);
        r->out[m] = NULL;
        r->nout[m] = 0;
    }
    free(r->univ);
    r->univ = NULL;
    r->nuniv = 0;
}

bool ax_allows(const ax_result_t* r, uint32_t m, const uint32_t* v) {
    if (r->racy[m])
        return true;
    for (uint32_t i = 0; i < r->nout[m]; i++)
        if (!memcmp(&r->out[m][(size_t)i * r->nkeys], v, r->nkeys * sizeof *v))
            return true;
    return false;
}

/* ---- checking the hand-written lines ------------------------------------------------------- */

static bool exp_matches(const litmus_exp_view_t* e, const uint32_t* v) {
    for (uint32_t j = 0; j < e->n; j++)
        if (v[e->key[j]] != e->val[j])
            return false;
    return true;
}

/* Whether the WHO of a line names model m itself: the model's key, or `all` (a line of `all`
 * with no value matches every outcome: the catch-all of the variants, no claim on a model). */
static bool names_model(const litmus_exp_view_t* e, uint32_t m) {
    char buf[128];
    snprintf(buf, sizeof buf, "%s", e->who);
    char* save = NULL;
    for (char* w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        if (!strcmp(w, MODEL_NAMES[m]))
            return true;
        if (!strcmp(w, "all") && (e->cls == LV_FORBID || e->n > 0))
            return true;
    }
    return false;
}

/* Whether the WHO of a line lists model m by its key (not through `all`). */
static bool lists_model(const litmus_exp_view_t* e, uint32_t m) {
    char buf[128];
    snprintf(buf, sizeof buf, "%s", e->who);
    char* save = NULL;
    for (char* w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save))
        if (!strcmp(w, MODEL_NAMES[m]))
            return true;
    return false;
}

/* The i-th variant over every registered protocol (litmus.c's order of expectation bits). */
static const gsys_variant_t* variant_at(uint32_t i) {
    for (const gsys_proto_t* const* p = gsys_protocols(); *p; p++) {
        if (i < (*p)->nvariants)
            return &(*p)->variants[i];
        i -= (*p)->nvariants;
    }
    return NULL;
}

static bool claims(const gsys_variant_t* v, uint32_t m) {
    for (const char* const* s = v->satisfies; s && *s; s++)
        if (!strcmp(*s, MODEL_NAMES[m]))
            return true;
    return false;
}

typedef struct {
    ax_disagree_t* d;
    uint32_t n, cap, nkeys;
    bool oom;
} dlist_t;

static void d_add(dlist_t* l, uint32_t src, uint32_t m, uint32_t cls, const char* variant,
                  const uint32_t* v) {
    for (uint32_t i = 0; i < l->n; i++)
        if (l->d[i].src == src && l->d[i].model == m && l->d[i].variant == variant &&
            !memcmp(l->d[i].v, v, l->nkeys * sizeof *v))
            return;
    if (l->n == l->cap) {
        uint32_t cap = l->cap ? l->cap * 2 : 8;
        ax_disagree_t* nd = (ax_disagree_t*)realloc(l->d, cap * sizeof *nd);
        if (!nd) {
            l->oom = true;
            return;
        }
        l->d = nd;
        l->cap = cap;
    }
    ax_disagree_t* d = &l->d[l->n];
    d->v = (uint32_t*)malloc((l->nkeys + 1) * sizeof *v);
    if (!d->v) {
        l->oom = true;
        return;
    }
    memcpy(d->v, v, l->nkeys * sizeof *v);
    d->src = src;
    d->model = m;
    d->cls = cls;
    d->variant = variant;
    l->n++;
}

/* One outcome under one model. */
static void check_outcome(const litmus_t* t, const ax_result_t* r, uint32_t m, const uint32_t* v,
                          dlist_t* l) {
    const bool allowed = ax_allows(r, m, v);
    bool forbidden_by_hand = false;
    const uint32_t ne = litmus_nexps(t);
    litmus_exp_view_t e;
    for (uint32_t i = 0; i < ne; i++) {
        litmus_exp_view(t, i, &e);
        if (e.cls == LV_FORBID && names_model(&e, m) && exp_matches(&e, v)) {
            forbidden_by_hand = true;
            if (allowed)
                d_add(l, e.src, m, LV_FORBID, NULL, v);
        }
    }
    for (uint32_t i = 0; i < ne && !r->racy[m]; i++) {
        litmus_exp_view(t, i, &e);
        if (e.cls == LV_UNDEF && lists_model(&e, m) && exp_matches(&e, v))
            d_add(l, e.src, m, LV_UNDEF, NULL, v);
    }
    if (forbidden_by_hand || allowed)
        return;
    for (uint32_t i = 0; i < ne; i++) {
        litmus_exp_view(t, i, &e);
        if ((e.cls == LV_ALLOW || e.cls == LV_WITNESS) && names_model(&e, m) && exp_matches(&e, v))
            d_add(l, e.src, m, e.cls, NULL, v);
    }
    /* a variant that claims m and may show v (an allow line, or a witness line, for it) */
    const gsys_variant_t* var;
    for (uint32_t b = 0; b < 32 && (var = variant_at(b)) != NULL; b++) {
        if (!claims(var, m))
            continue;
        const bool may = litmus_classify(t, 1u << b, v) == LIT_ALLOWED;
        for (uint32_t i = 0; i < ne; i++) {
            litmus_exp_view(t, i, &e);
            if (!(e.protos >> b & 1u) || !exp_matches(&e, v))
                continue;
            if ((e.cls == LV_ALLOW && may) || e.cls == LV_WITNESS)
                d_add(l, e.src, m, e.cls, var->name, v);
        }
    }
}

uint32_t ax_check(const litmus_t* t, const ax_result_t* r, uint32_t mask, ax_disagree_t** d) {
    dlist_t l;
    memset(&l, 0, sizeof l);
    l.nkeys = r->nkeys;
    for (uint32_t m = 0; m < AX_NMODELS; m++)
        if (mask >> m & 1u)
            for (uint32_t i = 0; i < r->nuniv; i++)
                check_outcome(t, r, m, &r->univ[(size_t)i * r->nkeys], &l);
    *d = l.d;
    return l.n;
}

void ax_disagree_free(ax_disagree_t* d, uint32_t n) {
    if (!d)
        return;
    for (uint32_t i = 0; i < n; i++)
        free(d[i].v);
    free(d);
}
