/* SPDX-License-Identifier: Apache-2.0 */
/* traffic.c -- random-traffic workload for the TC system harness (tb/sys/traffic.h). */
#include "traffic.h"
#include "gpucoh_bits.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "energy_filter.h"
#include "rng.h"

typedef enum {
    PH_READ = 0,
    PH_MIXED,
    PH_WRITE,
    PH_ATOMIC,
    PH_CONFLICT,
    PH_SOLO,
    PH_QUIET,
    /* steered phases (cfg.steer; traffic.h) */
    PH_FRESH,
    PH_TWIN,
    PH_MERGE,
    PH_LEASE,
    PH_STREAM,
    PH_ROLL,  /* not drawn: entered W cycles before the timer's first roll (cfg.roll_cycle) */
    PH_FENCE, /* drawn only with the fence_all hint (gsys_traffic_t) */
    PH_STEAL, /* drawn only with rm_steal (a variant that takes rm; gsys_traffic_t) */
    PH_N
} phase_t;

#define PH_PLAIN    (PH_QUIET + 1) /* the phases of the unsteered traffic */
#define MERGE_LEN   64u            /* cycles of one MERGE round (one line) */
#define SCRIPT_MAX  (3u * 16u)     /* a FRESH script: up to 3 operations per bank */
#define ROLL_ACTIVE 1000u          /* ROLL: cycles of traffic before the timer's first roll */
#define ROLL_TAIL   300u           /* ROLL: cycles after it */
#define STEAL_LINES 2u             /* STEAL: the hot lines the owner and the stealers share */

static const char* const phase_name[PH_N] = {"READ",  "MIXED",  "WRITE", "ATOMIC", "CONFLICT",
                                             "SOLO",  "QUIET",  "FRESH", "TWIN",   "MERGE",
                                             "LEASE", "STREAM", "ROLL",  "FENCE",  "STEAL"};

typedef struct {
    uint64_t left;   /* operations still to issue */
    uint32_t focus;  /* pool index of the WRITE-phase focus line */
    uint32_t streak; /* operations left on the focus line */
    uint64_t mround; /* MERGE: the round (+1) of this wavefront's last load */
    /* the event stream (cfg.events): the cycle this wavefront is next asked at, the phase it
     * was drawn in (traffic.serial), whether it issues then (or only looks again), whether it
     * is asked every cycle and draws its chance as the cycle stream does */
    uint64_t arm_at, arm_ph;
    bool armed, arm_hit, poll;
} rwf_t;

typedef struct {
    uint32_t kind;
    uint64_t line;
} step_t;

struct traffic {
    gsys_geom_t d;    /* the geometry */
    gsys_traffic_t t; /* and what the traffic is aimed at */
    traffic_cfg_t c;
    gpucoh_rng_t rng;
    uint32_t lb_bits, lw;
    uint64_t* pool;
    uint32_t npool, nhot;
    uint32_t* hot; /* pool indices */
    rwf_t* wf;
    uint64_t total, issued, completed;
    uint32_t phase;
    uint32_t rate; /* per-mille chance that an idle wavefront issues in this phase */
    uint32_t solo; /* SOLO: the one wavefront per SM that issues */
    uint64_t phase_end;
    uint64_t phases[PH_N];
    uint64_t ops[8];
    /* steering (cfg.steer) */
    uint64_t phase_start;
    uint64_t msb;    /* the top bit of a line address: line | msb is its twin */
    uint32_t maxk;   /* line addresses per (bank, L2 set), capped at 2^31 */
    uint32_t nfresh; /* FRESH phases entered */
    uint32_t fset;   /* FRESH: the L2 set of this phase */
    step_t script[SCRIPT_MAX];
    uint32_t nscript, spos;
    uint32_t mbase;   /* MERGE: pool index of the first round's line */
    uint32_t owner;   /* STEAL: the SM whose wavefronts run the CTA-scope side */
    uint32_t sbase;   /* STEAL: hot index of the first shared line */
    bool rolled;      /* ROLL: the phase has been entered */
    uint64_t roll_at; /* the cycle ROLL is entered at (roll_entry), UINT64_MAX once it was */
    bool efilter;     /* GPUCOH_ENERGY_OPS set (energy_filter.h) */
    /* the event stream (cfg.events) */
    uint64_t serial;      /* phases entered: a wavefront's draw holds in its phase only */
    bool drawn;           /* the wavefront asked now issues: its chance is drawn (not rwf_t.poll) */
    uint32_t nactive;     /* wavefronts that issue (cfg.active_permille) */
    uint32_t* geo[1000];  /* per chance in 1/1000: the survival table of its wait (geo_wait) */
    uint32_t geo_n[1000]; /* and its length */
    /* the generator of the phases' draws (kind, length, rate, solo, steering): the operations'
     * one in the cycle stream, one of its own in the event stream, so that a seed gives the same
     * phases whatever the geometry or the share of active wavefronts */
    gpucoh_rng_t* ph;
    gpucoh_rng_t phase_rng;
};

static void sizes(const gsys_cfg_t* cfg, gsys_geom_t* g, gsys_traffic_t* t) {
    gsys_geometry(cfg, g);
    memset(t, 0, sizeof *t);
    t->l2_sets = 1; /* without hints: one set of four ways, copies that do not expire */
    t->l2_ways = 4;
    if (cfg->proto->traffic)
        cfg->proto->traffic(gsys_pdc(cfg), t);
    t->rm_steal = gsys_variant_takes_rm(cfg); /* rm is drawn for such a variant only (S7) */
}

traffic_cfg_t traffic_cfg_default(const gsys_cfg_t* cfg, uint64_t seed, uint64_t ops) {
    gsys_geom_t g;
    gsys_traffic_t t;
    sizes(cfg, &g, &t);
    traffic_cfg_t c;
    memset(&c, 0, sizeof c);
    c.seed = seed;
    c.ops = ops;
    c.l2_sets_used = t.l2_sets < 2 ? t.l2_sets : 2;
    c.tags_per_set = 3 * t.l2_ways;
    uint32_t hot = 4 * g.num_banks;
    c.hot_lines = hot > 16 ? 16 : hot;
    c.phase_min = 200;
    c.phase_max = 2000;
    const uint32_t life = t.life; /* the longest lease to expect */
    c.quiet_min = 2 * life + 50;
    c.quiet_max = 3 * life + 100;
    /* QUIET stays below the harness's deadlock limit (gsys: 100 000 cycles without progress
     * while the workload is not finished): with leases longer than about 30 000 cycles (e.g. a
     * predictor started at PredMax = 65 535) it is capped at 80 000-90 000 cycles, which still
     * outlasts every lease up to 80 000 cycles */
    if (c.quiet_max > 90000u) {
        c.quiet_max = 90000u;
        c.quiet_min = c.quiet_min < 80000u ? c.quiet_min : 80000u;
    }
    c.quiet_permille = 150;
    c.word_permille = 50;
    c.steer = true;
    c.steer_permille = 300;
    c.active_permille = 1000;
    return c;
}

/* Wavefront w (sm * NumWf + wf) issues at all: the active ones spread evenly (every
 * 1000 / permille-th one), floor(n * permille / 1000) of n. */
static bool wf_active(uint32_t w, uint32_t permille) {
    return ((uint64_t)(w + 1u) * permille) / 1000u > ((uint64_t)w * permille) / 1000u;
}

static uint32_t active_count(uint32_t n, uint32_t permille) {
    return (uint32_t)(((uint64_t)n * permille) / 1000u);
}

static uint64_t roll_entry_of(const traffic_t* r);

traffic_t* traffic_new(const gsys_cfg_t* cfg, const traffic_cfg_t* c, char* err, size_t errlen) {
    gsys_geom_t geom;
    gsys_traffic_t tr;
    sizes(cfg, &geom, &tr);
    const gsys_geom_t* d = &geom;
    uint32_t la = d->addr_width - gpucoh_log2_ceil(d->line_bytes);
    uint64_t maxk = (la >= 63 ? ~0ull : (1ull << la)) / ((uint64_t)d->num_banks * tr.l2_sets);
    if (c->l2_sets_used < 1 || c->l2_sets_used > tr.l2_sets || c->tags_per_set < 1 ||
        c->tags_per_set > maxk || c->phase_min < 1 || c->phase_max < c->phase_min ||
        c->quiet_max < c->quiet_min || c->active_permille < 1 || c->active_permille > 1000) {
        snprintf(err, errlen,
                 "traffic: need 1 <= l2_sets_used <= %u, 1 <= tags_per_set <= %" PRIu64
                 ", 1 <= phase_min <= phase_max, quiet_min <= quiet_max, 1 <= active_permille <= "
                 "1000",
                 tr.l2_sets, maxk);
        return NULL;
    }
    traffic_t* r = (traffic_t*)calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "traffic: out of memory");
        return NULL;
    }
    r->d = *d;
    r->t = tr;
    r->c = *c;
    r->roll_at = roll_entry_of(r);
    gpucoh_rng_seed(&r->rng, c->seed ^ 0x7c2a5d0e11f3b9a1ull);
    gpucoh_rng_seed(&r->phase_rng, c->seed ^ 0x3e9b61f4a5c0d827ull);
    r->ph = c->events ? &r->phase_rng : &r->rng;
    r->lb_bits = gpucoh_log2_ceil(d->line_bytes);
    r->msb = 1ull << (la - 1);
    r->maxk = maxk > 0x80000000ull ? 0x80000000u : (uint32_t)maxk;
    r->lw = d->line_bytes / 4;
    r->npool = d->num_banks * c->l2_sets_used * c->tags_per_set;
    r->pool = (uint64_t*)calloc(r->npool, sizeof *r->pool);
    r->nhot = c->hot_lines < 1 ? 1 : (c->hot_lines > r->npool ? r->npool : c->hot_lines);
    r->hot = (uint32_t*)calloc(r->nhot, sizeof *r->hot);
    r->wf = (rwf_t*)calloc((size_t)d->num_sm * d->num_wf, sizeof *r->wf);
    if (!r->pool || !r->hot || !r->wf) {
        traffic_free(r);
        snprintf(err, errlen, "traffic: out of memory");
        return NULL;
    }
    /* pool index = (k * sets_used + s) * B + b: consecutive indices walk banks, then sets, so
     * the first hot_lines indices are spread over every bank and set */
    uint32_t i = 0;
    for (uint32_t k = 0; k < c->tags_per_set; k++)
        for (uint32_t s = 0; s < c->l2_sets_used; s++)
            for (uint32_t b = 0; b < d->num_banks; b++)
                r->pool[i++] = b + (uint64_t)d->num_banks * (s + (uint64_t)tr.l2_sets * k);
    for (uint32_t h = 0; h < r->nhot; h++)
        r->hot[h] = h;
    const uint32_t nwf = d->num_sm * d->num_wf;
    r->nactive = active_count(nwf, c->active_permille);
    if (r->nactive == 0) {
        snprintf(err, errlen,
                 "traffic: no wavefront is active at %u per mille of %u wavefronts (at least "
                 "%u per mille)",
                 c->active_permille, nwf, (1000u + nwf - 1u) / nwf);
        traffic_free(r);
        return NULL;
    }
    for (uint32_t w = 0, a = 0; w < nwf; w++)
        if (wf_active(w, c->active_permille)) {
            r->wf[w].left = c->ops / r->nactive + (a < c->ops % r->nactive ? 1 : 0);
            a++;
        }
    r->total = c->ops;
    r->phase = PH_READ;
    r->rate = 500;
    r->phase_end = c->phase_min;
    r->phases[PH_READ] = 1;
    r->efilter = getenv("GPUCOH_ENERGY_OPS") != NULL;
    return r;
}

void traffic_free(traffic_t* r) {
    if (!r)
        return;
    free(r->pool);
    free(r->hot);
    free(r->wf);
    for (uint32_t p = 0; p < 1000u; p++)
        free(r->geo[p]);
    free(r);
}

static uint32_t rnd(traffic_t* r, uint32_t n) {
    return gpucoh_rng_below(&r->rng, n);
}

/* A per-cycle chance of permille / 1000 that an asked wavefront issues: drawn in the cycle stream
 * (and for a wavefront the event stream polls); already drawn, as the wait, in the event stream. */
static inline __attribute__((always_inline)) bool gate(traffic_t* r, uint32_t permille) {
    return r->drawn || gpucoh_rng_permille(&r->rng, permille);
}

/* ---- steering (traffic.h): phases that reach the cover points of tc_l1.md / tc_l2.md -------- */

/* Line k of L2 set s in bank b (the pool's mapping, any set). */
static uint64_t set_line(const traffic_t* r, uint32_t b, uint32_t s, uint32_t k) {
    return b + (uint64_t)r->d.num_banks * (s + (uint64_t)r->t.l2_sets * k);
}

/* FRESH: the L2 set of the phase (the unused sets from the top one down, so the first FRESH
 * phase also reaches set L2Sets-1; once all are used, the top set again) and SM 0 wavefront 0's
 * script, per bank: E variant STORE A, FENCE (the write's fill has made A E), LOAD B; LIVE
 * variant LOAD A, LOAD B (B misses while A's lease runs). B is then allocated in an I way after
 * a way holding A: the class-1 victim with a class-2 / class-3 candidate before it. */
static void fresh_script(traffic_t* r) {
    const uint32_t used = r->c.l2_sets_used, sets = r->t.l2_sets;
    const uint32_t nf = sets > used ? sets - used : 1u;
    r->fset = sets - 1u - (r->nfresh % nf);
    const bool live = (r->nfresh & 1u) != 0u;
    r->nfresh++;
    r->nscript = r->spos = 0;
    for (uint32_t b = 0; b < r->d.num_banks && r->nscript + 3u <= SCRIPT_MAX; b++) {
        const uint64_t a = set_line(r, b, r->fset, 0), bl = set_line(r, b, r->fset, 1);
        r->script[r->nscript++] = (step_t){live ? GSYS_OP_LOAD_LINE : GSYS_OP_STORE_LINE, a};
        if (!live)
            r->script[r->nscript++] = (step_t){GSYS_OP_FENCE, 0};
        r->script[r->nscript++] = (step_t){GSYS_OP_LOAD_LINE, bl};
    }
}

/* With probability steer_permille / 1000 the new phase is one of the steered ones. */
static void steer_phase(traffic_t* r, uint32_t* p, uint32_t* len) {
    if (!gpucoh_rng_permille(r->ph, r->c.steer_permille))
        return;
    *p = PH_FRESH + gpucoh_rng_below(r->ph, PH_ROLL - PH_FRESH);
    if (r->t.fence_all &&
        gpucoh_rng_below(r->ph, 4) == 0) { /* a draw of its own: only with the hint */
        *p = PH_FENCE;
        return;
    }
    if (r->t.rm_steal &&
        gpucoh_rng_below(r->ph, 4) == 0) { /* likewise, only for a variant that takes rm */
        *p = PH_STEAL;
        r->owner = gpucoh_rng_below(r->ph, r->d.num_sm);
        r->sbase = gpucoh_rng_below(r->ph, r->nhot);
        return;
    }
    if (*p == PH_FRESH) {
        *len = r->c.phase_max + 200u * r->d.num_banks; /* room for the script */
        fresh_script(r);
    } else if (*p == PH_LEASE) {
        *len = 3u * r->c.phase_max; /* long enough for the predictor to climb */
    } else if (*p == PH_MERGE) {
        r->mbase = gpucoh_rng_below(r->ph, r->npool);
    }
}

/* Enter ROLL (steering only, no random draw): it lasts until ROLL_TAIL cycles after the roll. */
static void roll_phase(traffic_t* r, uint64_t cycle) {
    r->rolled = true;
    r->roll_at = UINT64_MAX;
    r->serial++;
    r->phase = PH_ROLL;
    r->phase_start = cycle;
    r->phase_end = r->c.roll_cycle + ROLL_TAIL;
    r->phases[PH_ROLL]++;
    const uint32_t nwf = r->d.num_sm * r->d.num_wf;
    for (uint32_t w = 0; w < nwf; w++)
        r->wf[w].streak = 0;
}

uint64_t traffic_roll_cycle(const gsys_cfg_t* cfg) {
    const uint32_t start_time = cfg->start;
    if (!cfg->proto->start_max)
        return 0;
    const uint64_t top = cfg->proto->start_max(gsys_pdc(cfg)); /* TC: 2^TsWidth-1 */
    const uint64_t roll = start_time ? 3u + (top - start_time) : top + 1u;
    return top + 1u >= (1ull << 20) ? roll : 0u; /* short eras: rolls are everywhere anyway */
}

static void new_phase(traffic_t* r, uint64_t cycle) {
    uint32_t p;
    if (r->phase != PH_QUIET && gpucoh_rng_permille(r->ph, r->c.quiet_permille))
        p = PH_QUIET;
    else
        p = gpucoh_rng_below(r->ph, PH_QUIET); /* one of the active phases */
    uint32_t len;
    if (p == PH_QUIET)
        len = r->c.quiet_min + gpucoh_rng_below(r->ph, r->c.quiet_max - r->c.quiet_min + 1);
    else
        len = r->c.phase_min + gpucoh_rng_below(r->ph, r->c.phase_max - r->c.phase_min + 1);
    static const uint32_t rates[4] = {1000, 300, 60, 15};
    r->rate = p == PH_SOLO ? 1000 : rates[gpucoh_rng_below(r->ph, 4)];
    r->solo = gpucoh_rng_below(r->ph, r->d.num_wf);
    if (r->c.steer)
        steer_phase(r, &p, &len); /* draws only when steering: off is the traffic of before */
    r->serial++;
    r->phase = p;
    r->phase_start = cycle;
    r->phase_end = cycle + len;
    r->phases[p]++;
    /* new focus lines for the write bursts */
    uint32_t nwf = r->d.num_sm * r->d.num_wf;
    for (uint32_t w = 0; w < nwf; w++)
        r->wf[w].streak = 0;
}

static uint64_t pick_line(traffic_t* r, bool hot) {
    return hot ? r->pool[r->hot[rnd(r, r->nhot)]] : r->pool[rnd(r, r->npool)];
}

static void line_op(traffic_t* r, gsys_op_t* op, uint32_t kind, uint64_t line) {
    op->kind = kind;
    op->addr = line << r->lb_bits;
    if (kind == GSYS_OP_STORE_LINE) {
        uint32_t lb = r->d.line_bytes;
        uint32_t sel = rnd(r, 4);
        for (uint32_t k = 0; k < GSYS_MASK_WORDS; k++) {
            uint32_t m = 0;
            if (32 * k < lb) {
                if (sel == 0)
                    m = ~0u; /* full line */
                else if (sel != 1)
                    m = (uint32_t)gpucoh_rng_next(&r->rng);
                if (lb - 32 * k < 32)
                    m &= (1u << (lb - 32 * k)) - 1;
            }
            op->mask[k] = m;
        }
        if (sel == 1 || (op->mask[0] | op->mask[1] | op->mask[2] | op->mask[3]) == 0) {
            uint32_t byte = rnd(r, lb); /* one byte (and the empty-mask fix-up) */
            op->mask[byte / 32] |= 1u << (byte % 32);
        }
        for (uint32_t k = 0; k < r->lw; k++)
            op->data[k] = (uint32_t)gpucoh_rng_next(&r->rng);
    }
}

static void atomic_op(traffic_t* r, gsys_op_t* op, uint64_t line) {
    op->kind = GSYS_OP_ATOMIC;
    op->addr = (line << r->lb_bits) + 4u * rnd(r, r->lw);
    op->aop = rnd(r, 3);
    op->value = rnd(r, 4); /* small values: CAS compares sometimes succeed */
    op->value2 = (uint32_t)gpucoh_rng_next(&r->rng);
    if (r->c.steer && r->t.wide_add && op->aop == GSYS_AOP_ADD && ((op->value2 >> 24) & 3u) == 0)
        op->value = op->value2 | 0x80000000u; /* a sum that wraps past 2^32 half the time */
    /* scope and order from bits of the swap value, with no draw of their own (the streams of
     * earlier runs stay the same): half at GPU scope, a quarter with acquire order. A protocol
     * that ignores an atomic's scope and acquire order (TC) runs as before. */
    op->scope = (op->value2 >> 30) & 1u;
    op->order = ((op->value2 >> 28) & 3u) == 0 ? GSYS_ORD_ACQUIRE : GSYS_ORD_RELAXED;
}

static void word_op(traffic_t* r, gsys_op_t* op, uint64_t line) {
    static const uint32_t k[4] = {GSYS_OP_LOAD, GSYS_OP_STORE, GSYS_OP_ACQUIRE, GSYS_OP_RELEASE};
    op->kind = k[rnd(r, 4)];
    op->scope = rnd(r, 2);
    op->addr = (line << r->lb_bits) + 4u * rnd(r, r->lw);
    op->value = (uint32_t)gpucoh_rng_next(&r->rng);
}

/* The operation of an unsteered phase (the traffic of before steering, draw for draw). */
static void plain_op(traffic_t* r, rwf_t* w, gsys_op_t* op) {
    memset(op, 0, sizeof *op);
    uint32_t x = rnd(r, 1000);
    if (x < r->c.word_permille) {
        word_op(r, op, pick_line(r, rnd(r, 2)));
    } else {
        x = rnd(r, 1000);
        switch (r->phase) {
        case PH_READ:
            if (x < 850)
                line_op(r, op, GSYS_OP_LOAD_LINE, pick_line(r, true));
            else if (x < 930)
                line_op(r, op, GSYS_OP_LOAD_LINE, pick_line(r, false));
            else if (x < 970)
                line_op(r, op, GSYS_OP_STORE_LINE, pick_line(r, true));
            else
                op->kind = GSYS_OP_FENCE;
            break;
        case PH_MIXED:
            if (x < 400)
                line_op(r, op, GSYS_OP_LOAD_LINE, pick_line(r, rnd(r, 2)));
            else if (x < 700)
                line_op(r, op, GSYS_OP_STORE_LINE, pick_line(r, rnd(r, 2)));
            else if (x < 850)
                atomic_op(r, op, pick_line(r, rnd(r, 2)));
            else
                op->kind = GSYS_OP_FENCE;
            break;
        case PH_WRITE:
            if (!w->streak) {
                w->focus = r->hot[rnd(r, r->nhot)];
                w->streak = 4 + rnd(r, 12);
            }
            w->streak--;
            if (x < 650)
                line_op(r, op, GSYS_OP_STORE_LINE, r->pool[w->focus]);
            else if (x < 850)
                line_op(r, op, GSYS_OP_LOAD_LINE, r->pool[w->focus]);
            else if (x < 900)
                atomic_op(r, op, r->pool[w->focus]);
            else
                op->kind = GSYS_OP_FENCE;
            break;
        case PH_ATOMIC:
            if (x < 600)
                atomic_op(r, op, pick_line(r, true));
            else if (x < 850)
                line_op(r, op, GSYS_OP_LOAD_LINE, pick_line(r, true));
            else if (x < 950)
                line_op(r, op, GSYS_OP_STORE_LINE, pick_line(r, true));
            else
                op->kind = GSYS_OP_FENCE;
            break;
        case PH_SOLO: /* one wavefront per SM streams stores: its write counter fills up */
            if (x < 900)
                line_op(r, op, GSYS_OP_STORE_LINE, pick_line(r, rnd(r, 2)));
            else if (x < 950)
                line_op(r, op, GSYS_OP_LOAD_LINE, pick_line(r, true));
            else
                op->kind = GSYS_OP_FENCE;
            break;
        default: /* PH_CONFLICT */
            if (x < 500)
                line_op(r, op, GSYS_OP_LOAD_LINE, pick_line(r, false));
            else if (x < 850)
                line_op(r, op, GSYS_OP_STORE_LINE, pick_line(r, false));
            else if (x < 950)
                atomic_op(r, op, pick_line(r, false));
            else
                op->kind = GSYS_OP_FENCE;
            break;
        }
        if (op->kind == GSYS_OP_FENCE)
            op->scope = rnd(r, 2);
    }
}

/* A load, store, atomic or fence of line (x in 0..999 picks, in those shares). */
static void mix_op(traffic_t* r, gsys_op_t* op, uint64_t line, uint32_t x) {
    if (x < 450) {
        line_op(r, op, GSYS_OP_LOAD_LINE, line);
    } else if (x < 800) {
        line_op(r, op, GSYS_OP_STORE_LINE, line);
    } else if (x < 920) {
        atomic_op(r, op, line);
    } else {
        op->kind = GSYS_OP_FENCE;
        op->scope = rnd(r, 2);
    }
}

/* FRESH: SM 0 wavefront 0 runs the script while everyone else waits; then every wavefront
 * mixes over the lines of the phase's set (a quarter of them twins). */
static bool fresh_next(traffic_t* r, uint32_t sm, uint32_t wfi, gsys_op_t* op) {
    if (r->spos < r->nscript) {
        if (sm != 0u || wfi != 0u)
            return false;
        const step_t* st = &r->script[r->spos++];
        if (st->kind == GSYS_OP_FENCE) {
            op->kind = GSYS_OP_FENCE;
            op->scope = GSYS_SCOPE_CTA;
        } else {
            line_op(r, op, st->kind, st->line);
        }
        return true;
    }
    if (!gate(r, r->rate))
        return false;
    uint64_t line = set_line(r, rnd(r, r->d.num_banks), r->fset, rnd(r, r->c.tags_per_set));
    if (rnd(r, 4) == 0)
        line |= r->msb;
    mix_op(r, op, line, rnd(r, 1000));
    return true;
}

/* ROLL: the window around the timer's first roll. First nothing is issued for quiet_min cycles
 * (every lease runs out, the queues drain: under TC-Strong, stores stalled behind unexpired
 * lines would otherwise hold every bank), then for ROLL_ACTIVE cycles up to the roll and
 * ROLL_TAIL after it: odd wavefronts load and then store lines of their SM's own L2 set (one
 * above the pool's sets per SM): loaded within a lease of the wrap, a line's stamp saturates at
 * 2^TsWidth-1 and the store is a private UPGR (tc_l2 F72), the L1 line is V_M while the store is
 * out (tc_l1 F54). Even wavefronts load L2Ways + 8 lines of one more set in every bank: each
 * miss evicts a live line into M_I, which is soon asked for again, so H20 fetches are in flight
 * when the roll comes (tc_l2 F78). */
static bool roll_next(traffic_t* r, uint32_t sm, uint32_t wfi, uint64_t cycle, rwf_t* w,
                      gsys_op_t* op) {
    if (cycle + ROLL_ACTIVE < r->c.roll_cycle)
        return false;
    const uint32_t used = r->c.l2_sets_used, sets = r->t.l2_sets;
    if ((wfi & 1u) == 0u) {
        if (!gate(r, 60))
            return false;
        const uint32_t es = sets > used + r->d.num_sm ? used + r->d.num_sm : 0u;
        const uint32_t k = rnd(r, r->t.l2_ways + 8u);
        line_op(r, op, GSYS_OP_LOAD_LINE, set_line(r, rnd(r, r->d.num_banks), es, k));
        return true;
    }
    if (!gate(r, 300))
        return false;
    const uint32_t set = sets > used ? used + sm % (sets - used) : 0u;
    const uint32_t k = wfi / 2u;
    const uint64_t line = set_line(r, k % r->d.num_banks, set, (k / r->d.num_banks) % 2u);
    line_op(r, op, (w->streak++ & 1u) ? GSYS_OP_STORE_LINE : GSYS_OP_LOAD_LINE, line);
    return true;
}

/* An L2 set the traffic has already used: the pool's, or one a FRESH phase has taken (so the
 * FRESH phases still find their sets unused). */
static uint32_t used_set(traffic_t* r) {
    const uint32_t used = r->c.l2_sets_used, sets = r->t.l2_sets;
    const uint32_t fresh = sets > used ? sets - used : 0u;
    const uint32_t s = rnd(r, used + (r->nfresh < fresh ? r->nfresh : fresh));
    return s < used ? s : sets - 1u - (s - used);
}

/* STREAM: lines over 16 x L2Ways tags per set (many more than the pool's). The SOLO wavefront of
 * each SM streams stores over every used set (many L1 sets: its write count fills up behind L2
 * misses); the others load lines of the pool's sets (misses that evict unexpired lines: M_I
 * entries pile up until the MSHRs are full). */
static bool stream_next(traffic_t* r, uint32_t wfi, gsys_op_t* op) {
    const bool solo = wfi == r->solo;
    if (!solo && !gate(r, r->rate))
        return false;
    const uint32_t tags = 16u * r->t.l2_ways;
    const uint32_t set = solo ? used_set(r) : rnd(r, r->c.l2_sets_used);
    const uint64_t line =
        set_line(r, rnd(r, r->d.num_banks), set, rnd(r, tags < r->maxk ? tags : r->maxk));
    line_op(r, op, solo ? GSYS_OP_STORE_LINE : GSYS_OP_LOAD_LINE, line);
    return true;
}

/* STEAL (rsp.md section 12.3): the owner SM's wavefronts run CTA-scope atomics and line stores
 * on the phase's STEAL_LINES hot lines at full rate (its store buffer fills while remote steps
 * come: FLUSH, LOCK, the token); every other wavefront, at the phase's rate, an rm acquire,
 * release or atomic on the same lines. */
static bool steal_next(traffic_t* r, uint32_t sm, gsys_op_t* op) {
    const bool own = sm == r->owner;
    if (!own && !gate(r, r->rate))
        return false;
    const uint32_t n = r->nhot < STEAL_LINES ? r->nhot : STEAL_LINES;
    const uint64_t line = r->pool[r->hot[(r->sbase + rnd(r, n)) % r->nhot]];
    const uint32_t x = rnd(r, 3);
    if (own && x == 0) {
        line_op(r, op, GSYS_OP_STORE_LINE, line);
        return true;
    }
    if (own || x == 0) {
        atomic_op(r, op, line);
        op->scope = own ? GSYS_SCOPE_CTA : GSYS_SCOPE_RM;
        return true;
    }
    op->kind = x == 1 ? GSYS_OP_ACQUIRE : GSYS_OP_RELEASE;
    op->scope = GSYS_SCOPE_RM;
    op->addr = (line << r->lb_bits) + 4u * rnd(r, r->lw);
    op->value = (uint32_t)gpucoh_rng_next(&r->rng);
    return true;
}

/* The operation of a steered phase, or false (this wavefront waits). */
static bool steer_op(traffic_t* r, uint32_t sm, uint32_t wfi, uint64_t cycle, rwf_t* w,
                     gsys_op_t* op) {
    if (r->phase == PH_FRESH)
        return fresh_next(r, sm, wfi, op);
    if (r->phase == PH_MERGE) {
        /* every wavefront loads the round's line once: the merges fill orig | late */
        const uint64_t round = (cycle - r->phase_start) / MERGE_LEN;
        if (w->mround == round + 1u)
            return false;
        w->mround = round + 1u;
        uint64_t line = r->pool[(r->mbase + 7u * round) % r->npool];
        line_op(r, op, GSYS_OP_LOAD_LINE, (round & 1u) ? line | r->msb : line);
        return true;
    }
    if (r->phase == PH_STREAM)
        return stream_next(r, wfi, op);
    if (r->phase == PH_ROLL)
        return roll_next(r, sm, wfi, cycle, w, op);
    if (r->phase == PH_STEAL)
        return steal_next(r, sm, op);
    if (r->phase == PH_FENCE) { /* a store, then a GPU fence (its batch flushes the store) */
        const bool fence = (w->streak++ & 1u) != 0u;
        if (fence) {
            op->kind = GSYS_OP_FENCE;
            op->scope = GSYS_SCOPE_GPU;
        } else {
            line_op(r, op, GSYS_OP_STORE_LINE, pick_line(r, true));
        }
        return true;
    }
    if (!gate(r, r->rate))
        return false;
    const uint64_t hot = pick_line(r, true);
    if (r->phase == PH_LEASE) /* loads of lines that stay in the L2: +THit, no -TEvict */
        line_op(r, op, GSYS_OP_LOAD_LINE, hot);
    else /* PH_TWIN: the hot lines and their twins (tags differing in the top bit only) */
        mix_op(r, op, rnd(r, 2) ? hot | r->msb : hot, rnd(r, 1000));
    return true;
}

/* The energy filter's class of an operation (tb/engine/energy_filter.h; synth/energy.sh, the
 * cache controllers' points): load (LOAD, LOAD_LINE), store (STORE, STORE_LINE), atomic, fence,
 * acquire, release. */
static const char* energy_class(uint32_t kind) {
    static const char* const cls[GSYS_OP_N] = {"load",    "store",   "atomic", "fence",
                                               "acquire", "release", "store",  "load"};
    return kind < GSYS_OP_N ? cls[kind] : "";
}

/* The cycle ROLL is entered at (steering: quiet_min + ROLL_ACTIVE cycles before the timer's first
 * roll), or UINT64_MAX when it never is or already was. */
static uint64_t roll_entry_of(const traffic_t* r) {
    if (!r->c.steer || !r->c.roll_cycle || r->rolled)
        return UINT64_MAX;
    const uint64_t lead = (uint64_t)r->c.quiet_min + ROLL_ACTIVE;
    return r->c.roll_cycle > lead ? r->c.roll_cycle - lead : 0u;
}

/* the same, kept in roll_at (set at the start and when ROLL is entered: it is asked for every
 * wavefront every cycle) */
static inline __attribute__((always_inline)) uint64_t roll_entry(const traffic_t* r) {
    return r->roll_at;
}

/* The phase changes due at this cycle: a new phase once the current one has ended; ROLL at its
 * entry. */
static inline __attribute__((always_inline)) void enter_phases(traffic_t* r, uint64_t cycle) {
    if (cycle >= r->phase_end)
        new_phase(r, cycle);
    if (cycle >= roll_entry(r))
        roll_phase(r, cycle);
}

/* ---- the event stream (cfg.events; traffic.h "Streams") ------------------------------------ */

/* Cycles a wavefront waits before a per-cycle chance of permille / 1000 first comes true: k with
 * probability (1-p)^k p. The survival S(k) = (1-p)^k in 0.32 fixed point, S(1), S(2), ... while
 * non-zero, is made once per chance (integer arithmetic: the same on every machine); a 32-bit
 * draw u gives the k with S(k+1) <= u < S(k), k = the entries above u. */
static uint64_t geo_wait(traffic_t* r, uint32_t permille) {
    if (permille >= 1000u)
        return 0;
    if (permille == 0u)
        return UINT64_MAX;
    if (!r->geo[permille]) {
        const uint64_t q = 1000u - permille;
        uint32_t n = 0;
        for (uint64_t v = (1ull << 32) * q / 1000u; v; v = v * q / 1000u)
            n++;
        uint32_t* t = (uint32_t*)malloc((size_t)n * sizeof *t);
        if (!t) { /* no table: the chance drawn a cycle at a time */
            uint64_t k = 0;
            while (!gpucoh_rng_permille(&r->rng, permille))
                k++;
            return k;
        }
        uint32_t i = 0;
        for (uint64_t v = (1ull << 32) * q / 1000u; v; v = v * q / 1000u)
            t[i++] = (uint32_t)v;
        r->geo[permille] = t;
        r->geo_n[permille] = n;
    }
    const uint32_t* t = r->geo[permille];
    const uint32_t u = (uint32_t)(gpucoh_rng_next(&r->rng) >> 32);
    uint32_t lo = 0, hi = r->geo_n[permille]; /* t[0..lo) > u, t[hi..) <= u */
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2u;
        if (t[mid] > u)
            lo = mid + 1u;
        else
            hi = mid;
    }
    return lo;
}

/* The current phase for wavefront (sm, wfi) at cycle c, as the event stream reads it: the
 * per-cycle chance it issues with (1000: every cycle), or 0 and the cycle it sleeps until
 * (UINT64_MAX: the phase's end); *poll: it is asked every cycle and draws as the cycle stream
 * does (FRESH's other wavefronts while SM 0's wavefront 0 runs the script). */
static uint32_t ev_rate(const traffic_t* r, const rwf_t* w, uint32_t sm, uint32_t wfi, uint64_t c,
                        uint64_t* until, bool* poll) {
    *poll = false;
    *until = UINT64_MAX;
    switch (r->phase) {
    case PH_QUIET:
        return 0;
    case PH_SOLO:
        return wfi == r->solo ? r->rate : 0u;
    case PH_FRESH:
        *poll = r->spos < r->nscript && (sm != 0u || wfi != 0u);
        return r->spos < r->nscript ? 1000u : r->rate;
    case PH_MERGE: {
        const uint64_t round = (c - r->phase_start) / MERGE_LEN;
        if (w->mround != round + 1u)
            return 1000u;
        *until = r->phase_start + (round + 1u) * MERGE_LEN;
        return 0;
    }
    case PH_STREAM:
        return wfi == r->solo ? 1000u : r->rate;
    case PH_ROLL:
        if (c + ROLL_ACTIVE < r->c.roll_cycle) {
            *until = r->c.roll_cycle - ROLL_ACTIVE;
            return 0;
        }
        return (wfi & 1u) ? 300u : 60u;
    case PH_STEAL:
        return sm == r->owner ? 1000u : r->rate;
    case PH_FENCE:
        return 1000u;
    default: /* READ, MIXED, WRITE, ATOMIC, CONFLICT, TWIN, LEASE */
        return r->rate;
    }
}

/* The cycle before which no phase change is due: the phase's end, or ROLL's entry. */
static uint64_t phase_limit(const traffic_t* r) {
    const uint64_t roll = roll_entry(r);
    return roll < r->phase_end ? roll : r->phase_end;
}

/* Draw when wavefront (sm, wfi), asked at cycle c, is next asked, and whether it issues then. */
static uint64_t ev_arm(traffic_t* r, rwf_t* w, uint32_t sm, uint32_t wfi, uint64_t c) {
    uint64_t end = phase_limit(r), until, t;
    end = end > c ? end : c + 1u;
    bool poll, hit = true;
    const uint32_t rate = ev_rate(r, w, sm, wfi, c, &until, &poll);
    if (poll || rate >= 1000u) {
        t = c;
    } else if (rate == 0u) {
        t = until < end ? until : end;
        hit = false;
    } else {
        const uint64_t k = geo_wait(r, rate);
        hit = k < end - c;
        t = hit ? c + k : end;
    }
    w->arm_at = t;
    w->arm_ph = r->serial;
    w->arm_hit = hit;
    w->poll = poll;
    w->armed = true;
    return t;
}

/* The wavefront's draw still holds at cycle: drawn in this phase, for this cycle or a later one. */
static bool ev_holds(const traffic_t* r, const rwf_t* w, uint64_t cycle) {
    return w->armed && w->arm_ph == r->serial && w->arm_at >= cycle;
}

/* next() in the event stream, after the phase changes: the wavefront issues now (its draw says
 * so, or it is polled and draws); otherwise false and it is drawn again. */
static bool ev_asked(traffic_t* r, rwf_t* w, uint32_t sm, uint32_t wfi, uint64_t cycle) {
    if (!(ev_holds(r, w, cycle) && w->arm_at == cycle && (w->arm_hit || w->poll)) &&
        ev_arm(r, w, sm, wfi, cycle) != cycle)
        return false;
    r->drawn = !w->poll;
    return true;
}

/* due() of the event stream (gsys_workload_t): the drawn cycle while it holds, else a new draw. */
static uint64_t rand_due(void* ctx, uint32_t sm, uint32_t wfi, uint64_t cycle) {
    traffic_t* r = (traffic_t*)ctx;
    rwf_t* w = &r->wf[sm * r->d.num_wf + wfi];
    if (!w->left || (r->efilter && gpucoh_energy_idle()))
        return UINT64_MAX;
    if (ev_holds(r, w, cycle))
        return w->arm_at;
    enter_phases(r, cycle);
    return ev_arm(r, w, sm, wfi, cycle);
}

/* The end of next() for an operation chosen: the energy filter, its tag and counts. */
static bool rand_issued(traffic_t* r, rwf_t* w, gsys_op_t* op) {
    /* the energy filter: an operation of another class is not issued (the wavefront waits;
     * the draws that chose it are made as without the filter, the phases run as before) */
    if (r->efilter && !gpucoh_energy_keep(energy_class(op->kind)))
        return false;
    op->tag = r->issued++;
    w->left--;
    w->armed = false;
    if (op->kind < 8)
        r->ops[op->kind]++;
    return true;
}

/* next() after the phase changes, in the event stream or a steering phase (inside rand_full) */
static inline __attribute__((always_inline)) bool
rand_asked(traffic_t* r, rwf_t* w, uint32_t sm, uint32_t wfi, uint64_t cycle, gsys_op_t* op) {
    if (r->c.events && !ev_asked(r, w, sm, wfi, cycle))
        return false;
    if (r->phase >= PH_PLAIN) {
        if (!steer_op(r, sm, wfi, cycle, w, op))
            return false;
    } else {
        if (r->phase == PH_QUIET || (r->phase == PH_SOLO && wfi != r->solo) || !gate(r, r->rate))
            return false;
        plain_op(r, w, op);
    }
    return rand_issued(r, w, op);
}

/* a plain phase's operation, its chance drawn (the cycle stream) */
static __attribute__((noinline)) bool rand_plain(traffic_t* r, rwf_t* w, gsys_op_t* op) {
    plain_op(r, w, op);
    return rand_issued(r, w, op);
}

/* next() with everything it may do: the energy filter's idle baseline, the phase changes, the
 * event stream, the steering phases, a plain phase's draw */
static __attribute__((noinline)) bool rand_full(traffic_t* r, rwf_t* w, uint32_t sm, uint32_t wfi,
                                                uint64_t cycle, gsys_op_t* op) {
    if (r->efilter && gpucoh_energy_idle())
        return false; /* the energy filter's idle baseline: the clock runs, no operation */
    enter_phases(r, cycle);
    if (r->c.events || r->phase >= PH_PLAIN)
        return rand_asked(r, w, sm, wfi, cycle, op);
    if (r->phase == PH_QUIET || (r->phase == PH_SOLO && wfi != r->solo) || !gate(r, r->rate))
        return false;
    return rand_plain(r, w, op);
}

/* No phase change is due at cycle and nothing but the phase decides (the cycle stream, no
 * energy filter): an ask that issues nothing changes no phase (enter_phases has nothing to do). */
static inline __attribute__((always_inline)) bool no_change(const traffic_t* r, uint64_t cycle) {
    return !r->c.events && !r->efilter && cycle < r->phase_end && cycle < r->roll_at;
}

/* rand_ask's common case: a plain phase that goes on */
static inline __attribute__((always_inline)) bool plain_on(const traffic_t* r, uint64_t cycle) {
    return r->phase < PH_PLAIN && no_change(r, cycle);
}

/* next() of wavefront (sm, wfi), w its state. Its common case (a plain phase that goes on, the
 * chance drawn and not met) calls nothing here; everything else is rand_full's, which makes the
 * same draws in the same order. */
static inline __attribute__((always_inline)) bool
rand_ask(traffic_t* r, rwf_t* w, uint32_t sm, uint32_t wfi, uint64_t cycle, gsys_op_t* op) {
    if (!w->left)
        return false;
    if (!plain_on(r, cycle))
        return rand_full(r, w, sm, wfi, cycle, op);
    if (r->phase == PH_QUIET || (r->phase == PH_SOLO && wfi != r->solo) || !gate(r, r->rate))
        return false;
    return rand_plain(r, w, op);
}

static bool rand_next(void* ctx, uint32_t sm, uint32_t wfi, uint64_t cycle, gsys_op_t* op) {
    traffic_t* r = (traffic_t*)ctx;
    return rand_ask(r, &r->wf[sm * r->d.num_wf + wfi], sm, wfi, cycle, op);
}

/* The wavefronts of sm whose ask can do anything in this phase while no phase change is due:
 * QUIET none, SOLO its one, FRESH while SM 0's wavefront 0 runs the script that one; any other
 * phase every wavefront. The others' asks answer no without a draw or any other change. */
static inline uint64_t askable(const traffic_t* r, uint32_t sm) {
    switch (r->phase) {
    case PH_QUIET:
        return 0u;
    case PH_SOLO:
        return 1ull << r->solo;
    case PH_FRESH:
        return r->spos >= r->nscript ? ~0ull : sm == 0u ? 1u : 0u;
    default:
        return ~0ull;
    }
}

/* next_of() (gsys_workload_t): rand_next for each wavefront of *mask, lowest first. When no
 * phase change is due as it starts, none is made before a wavefront issues (which ends the call),
 * so the phase and script position stay as they are: only askable() wavefronts are asked (the
 * same draws, in the same order, as asking each in turn). The mask left for the next call is
 * every wavefront above the one that issued: its operation may end FRESH's script. */
static int rand_next_of(void* ctx, uint32_t sm, uint64_t* mask, uint64_t cycle, gsys_op_t* op) {
    traffic_t* r = (traffic_t*)ctx;
    rwf_t* ws = &r->wf[sm * r->d.num_wf];
    uint64_t m = *mask;
    if (no_change(r, cycle))
        m &= askable(r, sm);
    while (m) {
        const uint32_t i = (uint32_t)__builtin_ctzll(m);
        m &= m - 1;
        if (rand_ask(r, &ws[i], sm, i, cycle, op)) {
            *mask &= ~0ull << i << 1;
            return (int)i;
        }
    }
    *mask = 0;
    return -1;
}

static void rand_done(void* ctx, uint32_t sm, uint32_t wfi, const gsys_op_t* op, uint32_t value,
                      const uint32_t* line, uint64_t cycle) {
    (void)sm;
    (void)wfi;
    (void)op;
    (void)value;
    (void)line;
    (void)cycle;
    ((traffic_t*)ctx)->completed++;
}

static bool rand_finished(void* ctx) {
    const traffic_t* r = (const traffic_t*)ctx;
    return r->completed >= r->total;
}

void traffic_workload(traffic_t* r, gsys_workload_t* wl) {
    memset(wl, 0, sizeof *wl);
    wl->ctx = r;
    wl->next = rand_next;
    wl->done = rand_done;
    wl->finished = rand_finished;
    wl->due = r->c.events ? rand_due : NULL;
    wl->next_of = r->c.events ? NULL : rand_next_of;
}

uint64_t traffic_wait_draw(traffic_t* r, uint32_t permille) {
    return geo_wait(r, permille);
}

uint64_t traffic_completed(const traffic_t* r) {
    return r->completed;
}

void traffic_print(const traffic_t* r, FILE* f) {
    static const char* const kn[8] = {"LOAD",    "STORE",   "ATOMIC",     "FENCE",
                                      "ACQUIRE", "RELEASE", "STORE_LINE", "LOAD_LINE"};
    /* the unbounded budget (no --ops: the cycle budget ends the run) is not a count */
    if (r->total >= (~0ull >> 1))
        fprintf(f,
                "traffic: pool %u lines (%u hot), ops %" PRIu64
                " completed (no --ops budget); phases:",
                r->npool, r->nhot, r->completed);
    else
        fprintf(f,
                "traffic: pool %u lines (%u hot), ops %" PRIu64 "/%" PRIu64 " completed; phases:",
                r->npool, r->nhot, r->completed, r->total);
    /* STEAL only for a variant that takes rm: every other report reads as before */
    const uint32_t np = !r->c.steer ? PH_PLAIN : r->t.rm_steal ? PH_N : PH_STEAL;
    for (uint32_t p = 0; p < np; p++)
        fprintf(f, " %s %" PRIu64, phase_name[p], r->phases[p]);
    if (r->c.events || r->c.active_permille < 1000u)
        fprintf(f, "\ntraffic: %s stream, %u of %u wavefronts issue",
                r->c.events ? "event" : "cycle", r->nactive, r->d.num_sm * r->d.num_wf);
    fprintf(f, "\ntraffic: issued:");
    for (uint32_t k = 0; k < 8; k++)
        fprintf(f, " %s %" PRIu64, kn[k], r->ops[k]);
    fputc('\n', f);
}
