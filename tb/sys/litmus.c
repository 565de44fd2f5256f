/* SPDX-License-Identifier: Apache-2.0 */
/*
 * litmus.c -- litmus parser and runner for the TC system (format and semantics: litmus.h).
 */
#include "litmus.h"
#include "axiom.h"
#include "litmus_view.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "util.h"

#define LT_NAME    32
#define LT_THREADS 64u
#define LT_OPS     256u
#define LT_LOCS    64u
#define LT_REGS    256u
#define LT_EXPS    512u
#define LT_TOKS    40u

enum { LO_LD = 0, LO_ST, LO_FENCE, LO_ACQ, LO_REL, LO_ATOM, LO_DELAY };
enum { EX_ALLOW = 0, EX_FORBID, EX_UNDEF, EX_WITNESS };
/* The protocol variants the expectations can name, each with its family and memory model
 * (docs/framework.md, "Litmus expectations"), from the registered protocols' descriptors
 * (gsys_protocols): bit i of an expectation's `protos` is the i-th variant over them all.
 * An expectation line is keyed by a variant, a family, a memory model or `all`. A model key
 * applies to every variant that gives that model (`satisfies`: its own and every weaker one);
 * for a `witness` line only to the variants whose own model it is (a model never obliges an
 * implementation to show a weak outcome). */
typedef struct {
    const char* family;
    const gsys_variant_t* v;
} lt_variant_t;

/* The i-th variant over every registered protocol (false past the last). */
static bool variant_at(uint32_t i, lt_variant_t* out) {
    for (const gsys_proto_t* const* p = gsys_protocols(); *p; p++) {
        if (i < (*p)->nvariants) {
            out->family = (*p)->name;
            out->v = &(*p)->variants[i];
            return true;
        }
        i -= (*p)->nvariants;
    }
    return false;
}

/* The expectation bit of a variant name (0 if unknown). */
static uint32_t variant_bit(const char* name) {
    lt_variant_t v;
    for (uint32_t i = 0; i < 32 && variant_at(i, &v); i++)
        if (!strcmp(v.v->name, name))
            return 1u << i;
    return 0;
}

/* every memory model a key may name (a known model no variant gives applies to none) */
static const char* const MODELS[] = {"sc",           "rcsc", "rcpc",    "drf-sc", "hrf-direct",
                                     "hrf-indirect", "ptx",  "hrf-rsp", NULL};

static bool in_list(const char* const* l, const char* k) {
    for (; *l; l++)
        if (!strcmp(*l, k))
            return true;
    return false;
}

/* Does key k (one name, known) apply to variant x: x itself, its family, a model x gives
 * (`satisfies`; for a witness line: x's own model), or `all` (when all is set)? */
static bool key_applies(const char* k, const lt_variant_t* x, bool witness, bool all) {
    if (!strcmp(k, "all"))
        return all;
    if (!strcmp(k, x->family) || !strcmp(k, x->v->name))
        return true;
    return in_list(MODELS, k) && (witness ? !strcmp(k, x->v->model) : in_list(x->v->satisfies, k));
}

/* The variants one expectation key names (bit i = variant_at(i)); false for an unknown key. */
static bool key_variants1(const char* k, bool witness, uint32_t* mask) {
    *mask = 0;
    bool known = in_list(MODELS, k) || !strcmp(k, "all");
    lt_variant_t x;
    for (uint32_t i = 0; i < 32 && variant_at(i, &x); i++) {
        known = known || !strcmp(k, x.family) || !strcmp(k, x.v->name);
        if (key_applies(k, &x, witness, true))
            *mask |= 1u << i;
    }
    return known;
}

/* The next part of a comma-separated WHO list at *s into part (truncated to the buffer), *s
 * past it (NULL after the last); its length. */
static size_t who_part(const char** s, char* part, size_t len) {
    const char* c = strchr(*s, ',');
    const size_t n = c ? (size_t)(c - *s) : strlen(*s);
    snprintf(part, len, "%.*s", (int)(n < len ? n : len - 1), *s);
    *s = c ? c + 1 : NULL;
    return n;
}

/* A key or a comma-separated list of keys ("ptx,rcsc"): the union; *bad = the first unknown. */
static bool key_variants(const char* k, bool witness, uint32_t* mask, char* bad, size_t badlen) {
    *mask = 0;
    char part[LT_NAME];
    for (const char* s = k; s;) {
        const char* at = s;
        const size_t n = who_part(&s, part, sizeof part);
        uint32_t m;
        if (!n || n >= sizeof part || !key_variants1(part, witness, &m)) {
            snprintf(bad, badlen, "%.*s", (int)n, at);
            return false;
        }
        *mask |= m;
    }
    return true;
}

/* Does a WHO list (checked at parse) apply to variant x, registered or not (key_applies)? */
static bool who_applies(const char* who, const lt_variant_t* x, bool witness, bool all) {
    char part[LT_NAME];
    for (const char* s = who; s;) {
        who_part(&s, part, sizeof part);
        if (key_applies(part, x, witness, all))
            return true;
    }
    return false;
}

/* "variants tc-strong, tc-weak; families tc; models sc, rcsc, ..." (error messages) */
static void key_list(char* b, size_t n) {
    size_t k = (size_t)snprintf(b, n, "variants");
    lt_variant_t x;
    for (uint32_t i = 0; i < 32 && variant_at(i, &x) && k < n; i++)
        k += (size_t)snprintf(b + k, n - k, "%s %s", i ? "," : "", x.v->name);
    for (const gsys_proto_t* const* q = gsys_protocols(); *q && k < n; q++)
        k += (size_t)snprintf(b + k, n - k, "%s %s", q == gsys_protocols() ? "; families" : ",",
                              (*q)->name);
    for (const char* const* m = MODELS; *m && k < n; m++)
        k += (size_t)snprintf(b + k, n - k, "%s %s", m == MODELS ? "; models" : ",", *m);
}

typedef struct {
    uint32_t kind, scope, loc, reg, aop, order;
    uint32_t v, v2;
    bool until;
    uint32_t until_v;
    uint32_t src;
} lt_op_t;

typedef struct {
    char name[LT_NAME];
    uint32_t sm, cta, wf;
    bool wf_set;
    uint32_t src;
    lt_op_t ops[LT_OPS];
    uint32_t nops;
} lt_thread_t;

typedef struct {
    char name[LT_NAME];
    uint32_t init, line, word;
    bool line_set;
    uint32_t src;
    bool final; /* named in an expectation: its final value is observed */
} lt_loc_t;

typedef struct {
    char name[LT_NAME];
    uint32_t thread, src;
} lt_reg_t;

typedef struct {
    uint32_t cls, protos, src;
    char who[128]; /* the WHO token as written (litmus_view.h) */
    uint32_t n;
    uint32_t key[LT_REGS + LT_LOCS]; /* key index (registers, then locations) */
    uint32_t val[LT_REGS + LT_LOCS];
} lt_exp_t;

struct litmus {
    char file[256];
    char name[LITMUS_MAX_NAME + 1];
    lt_thread_t* th;
    uint32_t nth;
    lt_loc_t loc[LT_LOCS];
    uint32_t nloc;
    lt_reg_t reg[LT_REGS];
    uint32_t nreg;
    lt_exp_t* ex;
    uint32_t nex;
    /* outcome keys: every register, then the final locations */
    uint32_t nkeys;
    uint32_t key_loc[LT_LOCS]; /* key nreg + i -> location */
    uint32_t nfinal;
    uint32_t key_of_loc[LT_LOCS]; /* location -> key, UINT32_MAX if not final */
    bool any_init;
    /* warm hints: warm_mask[sm] = locations the SM's warmer loads in hinted runs */
    uint64_t warm_mask[GSYS_MAX_SM];
    uint32_t warm_src[GSYS_MAX_SM];
    bool any_warm;
    /* `expect oracle KEY...` (litmus.h): the outcomes come from the axiomatic oracle (issue 25);
     * the line's source line, 0 if none */
    uint32_t oracle_src;
    /* its enumeration (for an `expect oracle` test, or a variant no expectation line names),
     * made once on first use (litmus_check): a cache that a const test may fill (the pointer is
     * set at parse time for every test, its contents later) */
    struct lt_oracle* orc;
};

/* The oracle's verdicts (axiom.h): an `expect oracle` test's, or a variant's no line names. */
typedef struct lt_oracle {
    bool done; /* enumerated (ok or not) */
    int rc;    /* 0, or -1 with err (ax_enumerate's reason) */
    char err[400];
    ax_result_t r;
} lt_oracle_t;

/* Does an expectation line name variant x: its name, its family or a model it claims, or `all`
 * on a forbid or witness line? An `allow all` / `undef all` line does not count: every
 * hand-written file lists the outcomes every protocol may show that way, which obliges nothing. */
static bool lines_name(const litmus_t* t, const lt_variant_t* x) {
    for (uint32_t i = 0; i < t->nex; i++) {
        const lt_exp_t* e = &t->ex[i];
        if (who_applies(e->who, x, false, e->cls == EX_FORBID || e->cls == EX_WITNESS))
            return true;
    }
    return false;
}

/* Is t judged by the oracle under variant x: an `expect oracle` test, or a file with lines none
 * of which names x (litmus.h)? */
static bool by_oracle(const litmus_t* t, const lt_variant_t* x) {
    return t->oracle_src || (t->nex && !lines_name(t, x));
}

/* ---- parser -------------------------------------------------------------------------------- */

typedef struct {
    litmus_t* t;
    const char* file;
    uint32_t line;
    char* err;
    size_t errlen;
    bool failed;
    lt_thread_t* cur;
    bool have_test;
} ps_t;

static bool perr(ps_t* p, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
static bool perr(ps_t* p, const char* fmt, ...) {
    if (p->failed)
        return false;
    p->failed = true;
    int n = p->line ? snprintf(p->err, p->errlen, "%s:%u: ", p->file, p->line)
                    : snprintf(p->err, p->errlen, "%s: ", p->file);
    if (n < 0)
        n = 0;
    va_list ap;
    va_start(ap, fmt);
    if ((size_t)n < p->errlen)
        vsnprintf(p->err + n, p->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

static bool is_ident(const char* s) {
    if (!(isalpha((unsigned char)s[0]) || s[0] == '_'))
        return false;
    for (const char* c = s; *c; c++)
        if (!(isalnum((unsigned char)*c) || *c == '_'))
            return false;
    return strlen(s) < LT_NAME;
}

static bool parse_u32(ps_t* p, const char* s, uint32_t* out, const char* what) {
    char* end = NULL;
    errno = 0;
    if (!*s || *s == '-' || *s == '+' || isspace((unsigned char)*s))
        return perr(p, "bad number '%s' for %s", s, what);
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || !end || *end || v > 0xffffffffull)
        return perr(p, "bad number '%s' for %s (decimal or 0x hex, 32 bits)", s, what);
    *out = (uint32_t)v;
    return true;
}

/* The source line where name was defined, or 0. */
static uint32_t name_defined(const litmus_t* t, const char* n) {
    for (uint32_t i = 0; i < t->nth; i++)
        if (!strcmp(t->th[i].name, n))
            return t->th[i].src;
    for (uint32_t i = 0; i < t->nloc; i++)
        if (!strcmp(t->loc[i].name, n))
            return t->loc[i].src;
    for (uint32_t i = 0; i < t->nreg; i++)
        if (!strcmp(t->reg[i].name, n))
            return t->reg[i].src;
    return 0;
}

static bool new_name(ps_t* p, const char* n, const char* what) {
    if (!is_ident(n))
        return perr(p,
                    "bad %s name '%s' (letters, digits, '_'; not starting with a digit; at "
                    "most %d characters)",
                    what, n, LT_NAME - 1);
    uint32_t l = name_defined(p->t, n);
    if (l)
        return perr(p, "duplicate name '%s' (first defined at line %u)", n, l);
    return true;
}

static int find_loc(const litmus_t* t, const char* n) {
    for (uint32_t i = 0; i < t->nloc; i++)
        if (!strcmp(t->loc[i].name, n))
            return (int)i;
    return -1;
}

static int find_reg(const litmus_t* t, const char* n) {
    for (uint32_t i = 0; i < t->nreg; i++)
        if (!strcmp(t->reg[i].name, n))
            return (int)i;
    return -1;
}

static bool get_loc(ps_t* p, const char* n, uint32_t* out) {
    int i = find_loc(p->t, n);
    if (i < 0) {
        if (find_reg(p->t, n) >= 0)
            return perr(p, "'%s' is a register, not a location", n);
        return perr(p, "unknown location '%s' (declare it with 'loc %s')", n, n);
    }
    *out = (uint32_t)i;
    return true;
}

static bool def_reg(ps_t* p, const char* n, uint32_t* out) {
    if (!new_name(p, n, "register"))
        return false;
    if (p->t->nreg >= LT_REGS)
        return perr(p, "too many registers (at most %u)", LT_REGS);
    lt_reg_t* r = &p->t->reg[p->t->nreg];
    snprintf(r->name, sizeof r->name, "%s", n);
    r->thread = (uint32_t)(p->cur - p->t->th);
    r->src = p->line;
    *out = p->t->nreg++;
    return true;
}

/* key=value options: returns false on error; unknown keys are errors. */
static bool opt_split(ps_t* p, const char* tok, char* key, size_t kl, const char** val) {
    const char* eq = strchr(tok, '=');
    if (!eq || eq == tok || !eq[1])
        return perr(p, "expected KEY=VALUE, got '%s'", tok);
    size_t n = (size_t)(eq - tok);
    if (n >= kl)
        n = kl - 1;
    memcpy(key, tok, n);
    key[n] = 0;
    *val = eq + 1;
    return true;
}

static bool parse_until(ps_t* p, char** tok, uint32_t nt, uint32_t first, lt_op_t* op,
                        const char* usage) {
    for (uint32_t i = first; i < nt; i++) {
        char k[16];
        const char* v;
        if (!opt_split(p, tok[i], k, sizeof k, &v))
            return false;
        if (strcmp(k, "until") != 0)
            return perr(p, "unknown option '%s' (usage: %s)", k, usage);
        if (op->until)
            return perr(p, "until= given twice");
        if (!parse_u32(p, v, &op->until_v, "until"))
            return false;
        op->until = true;
    }
    return true;
}

/* An operation's mnemonic: BASE[.SEM][.SCOPE] (litmus.h). Fills kind, aop, order, scope;
 * false if m is no operation. A mnemonic that starts like an operation but has a bad suffix
 * gives a message naming it (*bad). */
typedef struct {
    const char* name;
    uint32_t kind, aop;
} lt_base_t;

static const lt_base_t BASES[] = {
    {"ld", LO_LD, 0},
    {"st", LO_ST, 0},
    {"fence", LO_FENCE, 0},
    {"acq", LO_ACQ, 0},
    {"rel", LO_REL, 0},
    {"atom.add", LO_ATOM, GSYS_AOP_ADD},
    {"atom.exch", LO_ATOM, GSYS_AOP_EXCH},
    {"atom.cas", LO_ATOM, GSYS_AOP_CAS},
    {"delay", LO_DELAY, 0},
};
static const char* const SEMS[] = {"relaxed", "acquire", "release", "acq_rel", "sc"};

/* The semantics each base accepts (bit = gsys_order_t). */
static uint32_t sems_of(uint32_t kind) {
    switch (kind) {
    case LO_LD:
        return 1u << GSYS_ORD_RELAXED | 1u << GSYS_ORD_ACQUIRE;
    case LO_ST:
        return 1u << GSYS_ORD_RELAXED | 1u << GSYS_ORD_RELEASE;
    case LO_FENCE:
        return 1u << GSYS_ORD_ACQ_REL | 1u << GSYS_ORD_SC;
    case LO_ATOM:
        return 1u << GSYS_ORD_RELAXED | 1u << GSYS_ORD_ACQUIRE | 1u << GSYS_ORD_RELEASE |
               1u << GSYS_ORD_ACQ_REL;
    default: /* acq, rel (legacy: the scope only), delay */
        return 0;
    }
}

/* A scope suffix (n characters at s): cta, gpu, or the remote scope rm (rm_agent, the issue's
 * spelling, and rm_agt, seed 000's, read as rm; docs/units/gpu/rsp.md section 7.3). */
static bool scope_token(const char* s, size_t n, uint32_t* scope) {
    static const struct {
        const char* name;
        uint32_t scope;
    } T[] = {{"cta", GSYS_SCOPE_CTA},
             {"gpu", GSYS_SCOPE_GPU},
             {"rm", GSYS_SCOPE_RM},
             {"rm_agent", GSYS_SCOPE_RM},
             {"rm_agt", GSYS_SCOPE_RM}};
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++)
        if (strlen(T[i].name) == n && !strncmp(s, T[i].name, n)) {
            *scope = T[i].scope;
            return true;
        }
    return false;
}

static bool parse_mnemonic(ps_t* p, const char* m, lt_op_t* op, bool* is_op) {
    const lt_base_t* b = NULL;
    size_t bl = 0;
    for (size_t i = 0; i < sizeof BASES / sizeof BASES[0]; i++) {
        size_t l = strlen(BASES[i].name);
        if (!strncmp(m, BASES[i].name, l) && (m[l] == 0 || m[l] == '.') && l > bl) {
            b = &BASES[i];
            bl = l;
        }
    }
    *is_op = b != NULL;
    if (!b)
        return true;
    op->kind = b->kind;
    op->aop = b->aop;
    op->scope = GSYS_SCOPE_GPU;
    op->order = b->kind == LO_FENCE ? GSYS_ORD_ACQ_REL : GSYS_ORD_RELAXED;
    bool sem = false, scope = false;
    for (const char* s = m + bl; *s == '.';) {
        const char* e = strchr(s + 1, '.');
        size_t n = e ? (size_t)(e - s - 1) : strlen(s + 1);
        uint32_t k;
        for (k = 0; k < 5 && !(strlen(SEMS[k]) == n && !strncmp(s + 1, SEMS[k], n)); k++)
            ;
        if (k < 5 && !sem && !scope && ((sems_of(b->kind) >> k) & 1u)) {
            op->order = k;
            sem = true;
        } else if (!scope && b->kind != LO_DELAY && scope_token(s + 1, n, &op->scope)) {
            scope = true;
        } else {
            return perr(p,
                        "'%s': bad suffix '.%.*s' (%s[.SEM][.SCOPE]; SEM for %s: %s; SCOPE cta, "
                        "gpu or rm)",
                        m, (int)n, s + 1, b->name, b->name,
                        b->kind == LO_LD      ? "relaxed acquire"
                        : b->kind == LO_ST    ? "relaxed release"
                        : b->kind == LO_FENCE ? "acq_rel sc"
                        : b->kind == LO_ATOM  ? "relaxed acquire release acq_rel"
                                              : "none");
        }
        s += n + 1;
    }
    if ((b->kind == LO_FENCE || b->kind == LO_ACQ || b->kind == LO_REL) && !scope)
        return perr(p, "'%s': %s needs a scope (.cta or .gpu)", m, b->name);
    if (b->kind == LO_LD && op->order == GSYS_ORD_ACQUIRE)
        op->kind = LO_ACQ;
    if (b->kind == LO_ST && op->order == GSYS_ORD_RELEASE)
        op->kind = LO_REL;
    if (op->scope == GSYS_SCOPE_RM && op->kind != LO_ACQ && op->kind != LO_REL &&
        op->kind != LO_ATOM)
        return perr(p,
                    "'%s': scope rm needs an acquire load, a release store or an atomic (the "
                    "models define rm on those accesses only: no rm fences, docs/units/gpu/rsp.md "
                    "section 7.3)",
                    m);
    return true;
}

static bool parse_op(ps_t* p, char** tok, uint32_t nt) {
    const char* m = tok[0];
    lt_thread_t* th = p->cur;
    lt_op_t op;
    memset(&op, 0, sizeof op);
    op.reg = UINT32_MAX;
    op.src = p->line;
    bool is_op = false;
    if (!parse_mnemonic(p, m, &op, &is_op))
        return false;
    if (!is_op)
        return perr(p,
                    "unknown directive or operation '%s' (directives: test doc loc warm thread "
                    "allow forbid undef witness expect; operations: ld st fence atom.add atom.exch "
                    "atom.cas with [.SEM][.SCOPE], acq.SCOPE rel.SCOPE delay)",
                    m);
    if (!th)
        return perr(p, "operation '%s' outside a thread (write 'thread NAME sm=N cta=N' first)", m);
    switch (op.kind) {
    case LO_LD:
    case LO_ACQ: {
        const char* usage = "ld[.SEM][.SCOPE] REG LOC [until=V]";
        if (nt < 3 || nt > 4)
            return perr(p, "%s: expected '%s'", m, usage);
        if (!get_loc(p, tok[2], &op.loc) || !parse_until(p, tok, nt, 3, &op, usage) ||
            !def_reg(p, tok[1], &op.reg))
            return false;
        break;
    }
    case LO_ST:
    case LO_REL:
        if (nt != 3)
            return perr(p, "%s: expected '%s LOC V'", m, m);
        if (!get_loc(p, tok[1], &op.loc) || !parse_u32(p, tok[2], &op.v, "the stored value"))
            return false;
        break;
    case LO_FENCE:
        if (nt != 1)
            return perr(p, "%s takes no operands", m);
        break;
    case LO_ATOM:
        if (op.aop == GSYS_AOP_CAS) {
            if (nt != 5)
                return perr(p, "%s: expected '%s REG LOC CMP SWAP'", m, m);
            if (!get_loc(p, tok[2], &op.loc) || !parse_u32(p, tok[3], &op.v, "CMP") ||
                !parse_u32(p, tok[4], &op.v2, "SWAP") || !def_reg(p, tok[1], &op.reg))
                return false;
        } else {
            if (nt != 4)
                return perr(p, "%s: expected '%s REG LOC V'", m, m);
            if (!get_loc(p, tok[2], &op.loc) || !parse_u32(p, tok[3], &op.v, "the operand") ||
                !def_reg(p, tok[1], &op.reg))
                return false;
        }
        break;
    default: /* LO_DELAY */
        if (nt != 2)
            return perr(p, "delay: expected 'delay N'");
        if (!parse_u32(p, tok[1], &op.v, "delay"))
            return false;
        break;
    }
    if (th->nops >= LT_OPS)
        return perr(p, "thread %s: too many operations (at most %u)", th->name, LT_OPS);
    th->ops[th->nops++] = op;
    return true;
}

static bool parse_thread(ps_t* p, char** tok, uint32_t nt) {
    if (nt < 2)
        return perr(p, "thread: expected 'thread NAME sm=N cta=N [wf=N]'");
    if (!new_name(p, tok[1], "thread"))
        return false;
    if (p->t->nth >= LT_THREADS)
        return perr(p, "too many threads (at most %u)", LT_THREADS);
    lt_thread_t* th = &p->t->th[p->t->nth];
    memset(th, 0, sizeof *th);
    snprintf(th->name, sizeof th->name, "%s", tok[1]);
    th->src = p->line;
    bool sm = false, cta = false;
    for (uint32_t i = 2; i < nt; i++) {
        char k[16];
        const char* v;
        if (!opt_split(p, tok[i], k, sizeof k, &v))
            return false;
        uint32_t x;
        if (!parse_u32(p, v, &x, k))
            return false;
        if (!strcmp(k, "sm") && !sm) {
            th->sm = x;
            sm = true;
        } else if (!strcmp(k, "cta") && !cta) {
            th->cta = x;
            cta = true;
        } else if (!strcmp(k, "wf") && !th->wf_set) {
            th->wf = x;
            th->wf_set = true;
        } else if (!strcmp(k, "sm") || !strcmp(k, "cta") || !strcmp(k, "wf")) {
            return perr(p, "thread %s: %s= given twice", th->name, k);
        } else {
            return perr(p, "thread %s: unknown option '%s' (sm=, cta=, wf=)", th->name, k);
        }
    }
    if (!sm || !cta)
        return perr(p, "thread %s: missing %s (expected 'thread NAME sm=N cta=N [wf=N]')", th->name,
                    !sm ? "sm=" : "cta=");
    if (th->sm >= GSYS_MAX_SM || (th->wf_set && th->wf >= GSYS_MAX_WF))
        return perr(p, "thread %s: sm must be < %u and wf < %u", th->name, GSYS_MAX_SM,
                    GSYS_MAX_WF);
    for (uint32_t i = 0; i < p->t->nth; i++) {
        const lt_thread_t* o = &p->t->th[i];
        if (o->cta == th->cta && o->sm != th->sm)
            return perr(p, "thread %s: cta %u is on SM %u (thread %s); a CTA lives on one SM",
                        th->name, th->cta, o->sm, o->name);
        if (th->wf_set && o->wf_set && o->sm == th->sm && o->wf == th->wf)
            return perr(p, "thread %s: SM %u wf %u is already thread %s", th->name, th->sm, th->wf,
                        o->name);
    }
    p->t->nth++;
    p->cur = th;
    return true;
}

static bool parse_loc(ps_t* p, char** tok, uint32_t nt) {
    if (nt < 2)
        return perr(p, "loc: expected 'loc NAME [init=V] [line=N] [word=W]'");
    if (!new_name(p, tok[1], "location"))
        return false;
    if (p->t->nloc >= LT_LOCS)
        return perr(p, "too many locations (at most %u)", LT_LOCS);
    lt_loc_t* l = &p->t->loc[p->t->nloc];
    memset(l, 0, sizeof *l);
    snprintf(l->name, sizeof l->name, "%s", tok[1]);
    l->src = p->line;
    bool seen_i = false, seen_w = false;
    for (uint32_t i = 2; i < nt; i++) {
        char k[16];
        const char* v;
        uint32_t x;
        if (!opt_split(p, tok[i], k, sizeof k, &v) || !parse_u32(p, v, &x, k))
            return false;
        if (!strcmp(k, "init") && !seen_i) {
            l->init = x;
            seen_i = true;
        } else if (!strcmp(k, "line") && !l->line_set) {
            l->line = x;
            l->line_set = true;
        } else if (!strcmp(k, "word") && !seen_w) {
            l->word = x;
            seen_w = true;
        } else if (!strcmp(k, "init") || !strcmp(k, "line") || !strcmp(k, "word")) {
            return perr(p, "loc %s: %s= given twice", l->name, k);
        } else {
            return perr(p, "loc %s: unknown option '%s' (init=, line=, word=)", l->name, k);
        }
    }
    if (seen_w && !l->line_set)
        return perr(p, "loc %s: word= needs line=", l->name);
    if (l->word >= GSYS_MAX_LINE_WORDS)
        return perr(p, "loc %s: word must be < %u", l->name, GSYS_MAX_LINE_WORDS);
    if (l->init)
        p->t->any_init = true;
    p->t->nloc++;
    return true;
}

static bool parse_exp(ps_t* p, char** tok, uint32_t nt) {
    const char* c = tok[0];
    litmus_t* t = p->t;
    if (nt < 2)
        return perr(p,
                    "%s: expected '%s WHO [KEY=V ...]' (WHO: a protocol variant, a family, a "
                    "memory model or all)",
                    c, c);
    if (t->nex >= LT_EXPS)
        return perr(p, "too many expectation lines (at most %u)", LT_EXPS);
    lt_exp_t* e = &t->ex[t->nex];
    memset(e, 0, sizeof *e);
    e->src = p->line;
    if (strlen(tok[1]) >= sizeof e->who)
        return perr(p, "%s: WHO too long (at most %zu characters)", c, sizeof e->who - 1);
    snprintf(e->who, sizeof e->who, "%s", tok[1]);
    e->cls = !strcmp(c, "allow")    ? EX_ALLOW
             : !strcmp(c, "forbid") ? EX_FORBID
             : !strcmp(c, "undef")  ? EX_UNDEF
                                    : EX_WITNESS;
    char bad[LT_NAME + 8];
    if (!key_variants(tok[1], e->cls == EX_WITNESS, &e->protos, bad, sizeof bad)) {
        char keys[256];
        key_list(keys, sizeof keys);
        return perr(p, "unknown protocol, family or memory model '%s' (%s; or all)", bad, keys);
    }
    for (uint32_t i = 2; i < nt; i++) {
        char k[LT_NAME + 8];
        const char* v;
        if (!opt_split(p, tok[i], k, sizeof k, &v))
            return false;
        uint32_t key;
        int r = find_reg(t, k);
        if (r >= 0) {
            key = (uint32_t)r;
        } else {
            int l = find_loc(t, k);
            if (l < 0)
                return perr(p, "unknown register or location '%s' in outcome", k);
            key = LT_REGS + (uint32_t)l; /* resolved to a key index after parsing */
        }
        for (uint32_t j = 0; j < e->n; j++)
            if (e->key[j] == key)
                return perr(p, "duplicate key '%s' in outcome", k);
        if (key >= LT_REGS) /* a location named, even as '*', is observed: its final value shows */
            t->loc[key - LT_REGS].final = true;
        if (!strcmp(v, "*"))
            continue;
        uint32_t x;
        if (!parse_u32(p, v, &x, k))
            return false;
        e->key[e->n] = key;
        e->val[e->n++] = x;
    }
    t->nex++;
    return true;
}

/* `expect oracle KEY...`: the test's outcomes are the oracle's (litmus.h); KEY a register or
 * location defined above (a location named is observed: its final value is a key). */
static bool parse_expect(ps_t* p, char** tok, uint32_t nt) {
    litmus_t* t = p->t;
    if (nt < 2 || strcmp(tok[1], "oracle") != 0)
        return perr(p, "expect: expected 'expect oracle KEY...' (the outcomes come from the "
                       "axiomatic oracle, issue 25)");
    if (t->oracle_src)
        return perr(p, "duplicate 'expect oracle' line (first at line %u)", t->oracle_src);
    for (uint32_t i = 2; i < nt; i++) {
        if (find_reg(t, tok[i]) >= 0)
            continue;
        const int l = find_loc(t, tok[i]);
        if (l < 0)
            return perr(p, "expect oracle: unknown register or location '%s'", tok[i]);
        t->loc[l].final = true;
    }
    t->oracle_src = p->line;
    return true;
}

static bool parse_warm(ps_t* p, char** tok, uint32_t nt) {
    litmus_t* t = p->t;
    char k[16];
    const char* v;
    uint32_t sm;
    if (nt < 3)
        return perr(p, "warm: expected 'warm sm=N LOC...'");
    if (!opt_split(p, tok[1], k, sizeof k, &v))
        return false;
    if (strcmp(k, "sm") != 0)
        return perr(p, "warm: expected sm=N, got '%s'", tok[1]);
    if (!parse_u32(p, v, &sm, "sm"))
        return false;
    if (sm >= GSYS_MAX_SM)
        return perr(p, "warm: sm must be < %u", GSYS_MAX_SM);
    for (uint32_t i = 2; i < nt; i++) {
        uint32_t l;
        if (!get_loc(p, tok[i], &l))
            return false;
        t->warm_mask[sm] |= 1ull << l;
    }
    if (!t->warm_src[sm])
        t->warm_src[sm] = p->line;
    t->any_warm = true;
    return true;
}

static bool parse_line(ps_t* p, char* s) {
    char* hash = strchr(s, '#');
    if (hash)
        *hash = 0;
    char* tok[LT_TOKS];
    uint32_t nt = 0;
    char* save = NULL;
    for (char* w = strtok_r(s, " \t\r\n", &save); w; w = strtok_r(NULL, " \t\r\n", &save)) {
        if (nt == LT_TOKS)
            return perr(p, "too many tokens on one line (at most %u)", LT_TOKS);
        tok[nt++] = w;
    }
    if (!nt)
        return true;
    const char* d = tok[0];
    if (!strcmp(d, "test")) {
        if (p->have_test)
            return perr(p, "duplicate 'test' line (one test per file)");
        if (nt != 2)
            return perr(p, "test: expected 'test NAME'");
        if (strlen(tok[1]) >= sizeof p->t->name)
            return perr(p, "test name too long (at most %d characters)", LITMUS_MAX_NAME);
        for (const char* c = tok[1]; *c; c++)
            if (!(isalnum((unsigned char)*c) || strchr("_.+-", *c)))
                return perr(p, "test: bad name '%s' (letters, digits, _ . + -)", tok[1]);
        snprintf(p->t->name, sizeof p->t->name, "%s", tok[1]);
        p->have_test = true;
        return true;
    }
    if (!strcmp(d, "doc"))
        return true;
    if (!strcmp(d, "loc"))
        return parse_loc(p, tok, nt);
    if (!strcmp(d, "warm"))
        return parse_warm(p, tok, nt);
    if (!strcmp(d, "thread"))
        return parse_thread(p, tok, nt);
    if (!strcmp(d, "allow") || !strcmp(d, "forbid") || !strcmp(d, "undef") || !strcmp(d, "witness"))
        return parse_exp(p, tok, nt);
    if (!strcmp(d, "expect"))
        return parse_expect(p, tok, nt);
    return parse_op(p, tok, nt);
}

/* Every registered variant a line names has an allow or forbid line; one no line names is the
 * oracle's (by_oracle); a file with no line at all is refused. */
static bool check_have(ps_t* p) {
    const litmus_t* t = p->t;
    uint32_t have = 0;
    for (uint32_t i = 0; i < t->nex; i++)
        if (t->ex[i].cls == EX_ALLOW || t->ex[i].cls == EX_FORBID)
            have |= t->ex[i].protos;
    lt_variant_t x;
    for (uint32_t i = 0; i < 32 && variant_at(i, &x); i++)
        if (!(have & (1u << i)) && (!t->nex || lines_name(t, &x)))
            return perr(p, "no allow/forbid lines for %s (every protocol needs expectations)",
                        x.v->name);
    return true;
}

/* Checks over the whole file; key resolution. */
static bool finish_parse(ps_t* p) {
    litmus_t* t = p->t;
    p->line = 0;
    if (!p->have_test)
        return perr(p, "no 'test NAME' line");
    if (!t->nth)
        return perr(p, "no threads");
    for (uint32_t i = 0; i < t->nth; i++)
        if (!t->th[i].nops) {
            p->line = t->th[i].src;
            return perr(p, "thread %s has no operations", t->th[i].name);
        }
    for (uint32_t a = 0; a < t->nloc; a++) {
        const lt_loc_t* la = &t->loc[a];
        if (!la->line_set)
            continue;
        for (uint32_t b = 0; b < a; b++) {
            const lt_loc_t* lb = &t->loc[b];
            if (lb->line_set && lb->line == la->line && lb->word == la->word) {
                p->line = la->src;
                return perr(p, "loc %s: line %u word %u is already location %s", la->name, la->line,
                            la->word, lb->name);
            }
        }
    }
    /* automatic placement: the next line no explicit location uses */
    uint32_t next = 0;
    for (uint32_t a = 0; a < t->nloc; a++) {
        lt_loc_t* la = &t->loc[a];
        if (la->line_set)
            continue;
        for (;;) {
            bool used = false;
            for (uint32_t b = 0; b < t->nloc; b++)
                if (t->loc[b].line_set && t->loc[b].line == next)
                    used = true;
            if (!used)
                break;
            next++;
        }
        la->line = next++;
        la->word = 0;
    }
    if (t->oracle_src && t->nex) {
        p->line = t->ex[0].src;
        return perr(p,
                    "an expectation line in a test whose outcomes come from the oracle "
                    "('expect oracle' at line %u): one or the other",
                    t->oracle_src);
    }
    if (!t->oracle_src && !check_have(p))
        return false;
    t->nfinal = 0;
    for (uint32_t l = 0; l < t->nloc; l++) {
        t->key_of_loc[l] = UINT32_MAX;
        if (t->loc[l].final) {
            t->key_of_loc[l] = t->nreg + t->nfinal;
            t->key_loc[t->nfinal++] = l;
        }
    }
    t->nkeys = t->nreg + t->nfinal;
    for (uint32_t i = 0; i < t->nex; i++)
        for (uint32_t j = 0; j < t->ex[i].n; j++)
            if (t->ex[i].key[j] >= LT_REGS)
                t->ex[i].key[j] = t->key_of_loc[t->ex[i].key[j] - LT_REGS];
    return true;
}

litmus_t* litmus_parse(const char* text, const char* name, char* err, size_t errlen) {
    litmus_t* t = (litmus_t*)calloc(1, sizeof *t);
    char* buf = strdup(text ? text : "");
    if (t) {
        t->th = (lt_thread_t*)calloc(LT_THREADS, sizeof *t->th);
        t->ex = (lt_exp_t*)calloc(LT_EXPS, sizeof *t->ex);
    }
    if (!t || !buf || !t->th || !t->ex) {
        snprintf(err, errlen, "%s: out of memory", name);
        free(buf);
        litmus_free(t);
        return NULL;
    }
    snprintf(t->file, sizeof t->file, "%s", name ? name : "<litmus>");
    ps_t p;
    memset(&p, 0, sizeof p);
    p.t = t;
    p.file = t->file;
    p.err = err;
    p.errlen = errlen;
    char* s = buf;
    while (s && !p.failed) {
        p.line++;
        char* nl = strchr(s, '\n');
        if (nl)
            *nl = 0;
        parse_line(&p, s);
        s = nl ? nl + 1 : NULL;
    }
    free(buf);
    if (!p.failed)
        finish_parse(&p);
    /* every test: a variant no line names is judged by the oracle too (by_oracle) */
    if (!p.failed && !(t->orc = (lt_oracle_t*)calloc(1, sizeof *t->orc))) {
        snprintf(err, errlen, "%s: out of memory", name);
        p.failed = true;
    }
    if (p.failed) {
        litmus_free(t);
        return NULL;
    }
    return t;
}

litmus_t* litmus_load(const char* path, char* err, size_t errlen) {
    size_t n;
    char* b = gpucoh_read_text(path, "litmus", LITMUS_MAX_FILE_BYTES, &n, err, errlen);
    if (!b)
        return NULL;
    litmus_t* t = litmus_parse(b, path, err, errlen);
    free(b);
    return t;
}

void litmus_free(litmus_t* t) {
    if (!t)
        return;
    free(t->th);
    free(t->ex);
    if (t->orc && t->orc->done && t->orc->rc == 0)
        ax_result_free(&t->orc->r);
    free(t->orc);
    free(t);
}

const char* litmus_name(const litmus_t* t) {
    return t->name;
}

bool litmus_expects_oracle(const litmus_t* t) {
    return t->oracle_src != 0;
}

uint32_t litmus_nkeys(const litmus_t* t) {
    return t->nkeys;
}

const char* litmus_key(const litmus_t* t, uint32_t i) {
    if (i < t->nreg)
        return t->reg[i].name;
    if (i < t->nkeys)
        return t->loc[t->key_loc[i - t->nreg]].name;
    return "?";
}

void litmus_format(const litmus_t* t, const uint32_t* v, char* buf, size_t len) {
    size_t n = 0;
    buf[0] = 0;
    for (uint32_t i = 0; i < t->nkeys && n < len; i++) {
        int w = snprintf(buf + n, len - n, "%s%s=%u", i ? " " : "", litmus_key(t, i), v[i]);
        if (w < 0)
            break;
        n += (size_t)w;
    }
}

/* ---- one run ------------------------------------------------------------------------------- */

/* A wavefront's role: a thread (>= 0), none, a warmer, the initialiser, the observer, or set
 * traffic wavefront i (RL_TRAFFIC0 - i). */
enum { RL_NONE = -1, RL_WARM = -2, RL_INIT = -3, RL_OBS = -4, RL_TRAFFIC0 = -16 };

typedef struct {
    uint32_t pc;
    bool busy, done, tail;
    uint64_t ready_at, spin_start;
    bool spinning;
} th_run_t;

typedef struct {
    bool on, once, busy;
    uint64_t mask; /* locations */
    uint32_t pos, gap;
    uint64_t ready_at;
} warm_t;

/* One set-traffic wavefront of a run (litmus.h, "Set traffic"). */
typedef struct {
    bool busy;
    uint32_t gap;
    uint64_t ready_at;
} straf_t;

/* The set traffic's conflict pools: location l's pn[l] lines at line[l * k ..]. */
typedef struct {
    uint64_t* line;
    uint32_t* pn;
    uint32_t k;
} spool_t;

typedef struct {
    const litmus_t* t;
    const litmus_opts_t* o;
    uint32_t nsm, nwf, lb;
    straf_t* tw; /* set traffic: o->set_traffic wavefronts */
    const spool_t* sp;
    gpucoh_rng_t trng; /* the set traffic's draws */
    int32_t* role;     /* [sm * nwf + wf] */
    th_run_t th[LT_THREADS];
    warm_t* warm;
    gpucoh_rng_t rng;
    uint32_t gap;
    uint32_t* val; /* outcome vector */
    uint32_t threads_done;
    bool init_done, init_busy, obs_busy, obs_done;
    uint32_t init_i, obs_i;
    uint64_t init_cycle;
    bool err;
} lrun_t;

static uint64_t loc_addr(const lrun_t* r, uint32_t l) {
    return (uint64_t)r->t->loc[l].line * r->lb + 4u * r->t->loc[l].word;
}

static void word_op(gsys_op_t* op, uint32_t kind, uint32_t scope, uint64_t addr) {
    op->kind = kind;
    op->scope = scope;
    op->addr = addr;
}

static bool th_next(lrun_t* r, uint32_t i, uint64_t cycle, gsys_op_t* op) {
    th_run_t* h = &r->th[i];
    const lt_thread_t* th = &r->t->th[i];
    if (h->busy || h->done || !r->init_done || cycle < h->ready_at)
        return false;
    while (h->pc < th->nops && th->ops[h->pc].kind == LO_DELAY) {
        h->ready_at = cycle + th->ops[h->pc].v;
        h->pc++;
        if (th->ops[h->pc - 1].v)
            return false;
    }
    if (h->pc == th->nops) {
        if (h->tail) {
            h->done = true;
            r->threads_done++;
            return false;
        }
        /* implicit: the kernel ends, a GPU-scope release (the thread's writes reach the banks
         * before the observer reads them: under GPU-H a CTA fence leaves them in the L1) */
        word_op(op, GSYS_OP_FENCE, GSYS_SCOPE_GPU, 0);
        op->tag = UINT64_MAX;
        h->busy = true;
        return true;
    }
    const lt_op_t* o = &th->ops[h->pc];
    uint64_t a = loc_addr(r, o->loc);
    switch (o->kind) {
    case LO_LD:
        word_op(op, GSYS_OP_LOAD, GSYS_SCOPE_GPU, a);
        break;
    case LO_ACQ:
        word_op(op, GSYS_OP_ACQUIRE, o->scope, a);
        break;
    case LO_ST:
        word_op(op, GSYS_OP_STORE, GSYS_SCOPE_GPU, a);
        op->value = o->v;
        break;
    case LO_REL:
        word_op(op, GSYS_OP_RELEASE, o->scope, a);
        op->value = o->v;
        break;
    case LO_FENCE:
        word_op(op, GSYS_OP_FENCE, o->scope, 0);
        op->order = o->order;
        break;
    default: /* LO_ATOM */
        word_op(op, GSYS_OP_ATOMIC, o->scope, a);
        op->order = o->order;
        op->aop = o->aop;
        op->value = o->v;
        op->value2 = o->v2;
        break;
    }
    if ((o->kind == LO_LD || o->kind == LO_ACQ) && o->until && !h->spinning) {
        h->spinning = true;
        h->spin_start = cycle;
    }
    op->tag = h->pc;
    h->busy = true;
    return true;
}

static void th_done(lrun_t* r, uint32_t i, const gsys_op_t* op, uint32_t value, uint64_t cycle) {
    th_run_t* h = &r->th[i];
    const lt_thread_t* th = &r->t->th[i];
    h->busy = false;
    h->ready_at = cycle + (r->gap ? gpucoh_rng_below(&r->rng, r->gap + 1) : 0);
    if (op->tag == UINT64_MAX) {
        h->tail = true;
        return;
    }
    const lt_op_t* o = &th->ops[h->pc];
    if (o->reg != UINT32_MAX)
        r->val[o->reg] = value;
    if ((o->kind == LO_LD || o->kind == LO_ACQ) && o->until && value != o->until_v &&
        cycle - h->spin_start < r->o->spin_cycles)
        return; /* spin: the same load again */
    h->spinning = false;
    h->pc++;
}

/* Set-traffic wavefront i's next operation: a plain word load or store (1 in 2) of a line from
 * the conflict pool of a random location, until every thread has finished. */
static bool traffic_next(lrun_t* r, uint32_t i, uint64_t cycle, gsys_op_t* op) {
    straf_t* w = &r->tw[i];
    const uint32_t nloc = r->t->nloc;
    if (w->busy || cycle < w->ready_at || r->threads_done == r->t->nth || !nloc)
        return false;
    gpucoh_rng_t* g = &r->trng;
    uint32_t l = gpucoh_rng_below(g, nloc);
    for (uint32_t k = 0; k < nloc && !r->sp->pn[l]; k++) /* a location with a pool */
        l = (l + 1) % nloc;
    const uint64_t line = r->sp->line[(size_t)l * r->sp->k + gpucoh_rng_below(g, r->sp->pn[l])];
    const uint64_t a = line * r->lb + 4u * gpucoh_rng_below(g, r->lb / 4u);
    const bool store = gpucoh_rng_below(g, 2) != 0;
    word_op(op, store ? GSYS_OP_STORE : GSYS_OP_LOAD, GSYS_SCOPE_GPU, a);
    if (store)
        op->value = (uint32_t)gpucoh_rng_next(g);
    w->busy = true;
    return true;
}

static bool lr_next(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle, gsys_op_t* op) {
    lrun_t* r = (lrun_t*)ctx;
    if (sm >= r->nsm || wf >= r->nwf)
        return false;
    int32_t role = r->role[sm * r->nwf + wf];
    if (role >= 0)
        return th_next(r, (uint32_t)role, cycle, op);
    if (role <= RL_TRAFFIC0)
        return traffic_next(r, (uint32_t)(RL_TRAFFIC0 - role), cycle, op);
    const litmus_t* t = r->t;
    if (role == RL_INIT) {
        if (r->init_done || r->init_busy)
            return false;
        while (r->init_i < t->nloc && !t->loc[r->init_i].init)
            r->init_i++;
        if (r->init_i < t->nloc) {
            word_op(op, GSYS_OP_STORE, GSYS_SCOPE_GPU, loc_addr(r, r->init_i));
            op->value = t->loc[r->init_i].init;
            r->init_i++;
        } else {
            word_op(op, GSYS_OP_FENCE, GSYS_SCOPE_GPU, 0);
            op->tag = 1;
        }
        r->init_busy = true;
        return true;
    }
    if (role == RL_OBS) {
        if (r->obs_done || r->obs_busy || r->threads_done < t->nth)
            return false;
        if (r->obs_i >= t->nfinal) {
            r->obs_done = true;
            return false;
        }
        word_op(op, GSYS_OP_ATOMIC, GSYS_SCOPE_GPU, loc_addr(r, t->key_loc[r->obs_i]));
        op->aop = GSYS_AOP_ADD;
        op->value = 0;
        r->obs_busy = true;
        return true;
    }
    if (role == RL_WARM) {
        warm_t* w = &r->warm[sm];
        if (!w->on || w->busy || cycle < w->ready_at || r->threads_done == t->nth)
            return false;
        for (uint32_t k = 0; k < t->nloc; k++) {
            uint32_t l = w->pos + k;
            if (l >= t->nloc) {
                if (w->once) {
                    w->on = false;
                    return false;
                }
                l -= t->nloc;
            }
            if ((w->mask >> l) & 1) {
                w->pos = l + 1;
                word_op(op, GSYS_OP_LOAD, GSYS_SCOPE_GPU, loc_addr(r, l));
                w->busy = true;
                return true;
            }
        }
        w->on = false;
        return false;
    }
    return false;
}

static void lr_done(void* ctx, uint32_t sm, uint32_t wf, const gsys_op_t* op, uint32_t value,
                    const uint32_t* line, uint64_t cycle) {
    (void)line;
    lrun_t* r = (lrun_t*)ctx;
    if (sm >= r->nsm || wf >= r->nwf) {
        r->err = true;
        return;
    }
    int32_t role = r->role[sm * r->nwf + wf];
    if (role >= 0) {
        th_done(r, (uint32_t)role, op, value, cycle);
    } else if (role == RL_INIT) {
        r->init_busy = false;
        if (op->kind == GSYS_OP_FENCE) {
            r->init_done = true;
            r->init_cycle = cycle;
            for (uint32_t i = 0; i < r->t->nth; i++)
                r->th[i].ready_at += cycle;
        }
    } else if (role == RL_OBS) {
        r->obs_busy = false;
        r->val[r->t->nreg + r->obs_i] = value;
        r->obs_i++;
    } else if (role == RL_WARM) {
        warm_t* w = &r->warm[sm];
        w->busy = false;
        w->ready_at = cycle + (w->gap ? gpucoh_rng_below(&r->rng, w->gap + 1) : 0);
    } else if (role <= RL_TRAFFIC0) {
        straf_t* w = &r->tw[RL_TRAFFIC0 - role];
        w->busy = false;
        w->ready_at = cycle + (w->gap ? gpucoh_rng_below(&r->trng, w->gap + 1) : 0);
    } else {
        r->err = true;
    }
}

static bool lr_finished(void* ctx) {
    lrun_t* r = (lrun_t*)ctx;
    return r->threads_done == r->t->nth && (r->obs_done || r->t->nfinal == 0);
}

/* ---- the runner ---------------------------------------------------------------------------- */

void litmus_opts_default(litmus_opts_t* o) {
    memset(o, 0, sizeof *o);
    o->runs = 10000;
    o->seed = 1;
    o->spin_cycles = 20000;
    o->max_cycles = 1000000;
    o->witness_min_runs = 1000;
}

void litmus_result_free(litmus_result_t* r) {
    if (!r)
        return;
    for (uint32_t i = 0; i < r->nout; i++)
        free(r->out[i].v);
    free(r->out);
    r->out = NULL;
    r->nout = 0;
}

static bool exp_match(const lt_exp_t* e, const uint32_t* v) {
    for (uint32_t j = 0; j < e->n; j++)
        if (v[e->key[j]] != e->val[j])
            return false;
    return true;
}

/* The lines that judge one variant: those of its bit pr when it is registered (or of a mask of
 * variants, x.v NULL), else those that name it (who_applies; an unregistered variant such as
 * tests/test_gsys_proto.c's nc). */
typedef struct {
    uint32_t pr;
    lt_variant_t x;
} lt_sel_t;

static bool exp_on(const lt_exp_t* e, const lt_sel_t* s) {
    if (s->pr || !s->x.v)
        return (e->protos & s->pr) != 0;
    return who_applies(e->who, &s->x, e->cls == EX_WITNESS, true);
}

/* Variant x's lines (its bit when x is the registered variant of that name). */
static lt_sel_t sel_of(const lt_variant_t* x) {
    lt_sel_t s = {0, *x};
    lt_variant_t r;
    for (uint32_t i = 0; i < 32 && x->v && variant_at(i, &r); i++)
        if (r.v == x->v)
            s.pr = 1u << i;
    return s;
}

static uint32_t classify(const litmus_t* t, const lt_sel_t* s, const uint32_t* v) {
    bool allow = false, undef = false;
    for (uint32_t i = 0; i < t->nex; i++) {
        const lt_exp_t* e = &t->ex[i];
        if (!exp_on(e, s) || !exp_match(e, v))
            continue;
        if (e->cls == EX_FORBID)
            return LIT_FORBIDDEN;
        if (e->cls == EX_ALLOW)
            allow = true;
        else if (e->cls == EX_UNDEF)
            undef = true;
    }
    return allow ? LIT_ALLOWED : undef ? LIT_UNDEFINED : LIT_UNEXPECTED;
}

/* ---- the oracle's verdicts (`expect oracle`, litmus.h) ----------------------------------- */

/* The test's enumeration, made on first use; NULL with the reason (beyond the oracle's bound),
 * for variant x (a hand-written file's variant no line names). */
static const ax_result_t* oracle_of(const litmus_t* t, const lt_variant_t* x, char* err,
                                    size_t errlen) {
    lt_oracle_t* o = t->orc;
    if (!o->done) {
        o->done = true;
        o->rc = ax_enumerate(t, &o->r, o->err, sizeof o->err);
    }
    if (o->rc == 0)
        return &o->r;
    if (t->oracle_src)
        snprintf(err, errlen,
                 "%s:%u: expect oracle: the oracle cannot judge this test (%s); it cannot run",
                 t->file, t->oracle_src, o->err);
    else
        snprintf(err, errlen,
                 "%s: no expectation line names %s, so the oracle judges it there, and the oracle "
                 "cannot judge this test (%s); it cannot run under %s",
                 t->file, x ? x->v->name : "?", o->err, x ? x->v->name : "?");
    return NULL;
}

/* The variant of expectation bit pr (a single bit), with its family; false if none. */
static bool variant_of_bit(uint32_t pr, lt_variant_t* out) {
    for (uint32_t i = 0; i < 32 && variant_at(i, out); i++)
        if (pr == 1u << i)
            return true;
    return false;
}

static bool in_univ(const ax_result_t* r, const uint32_t* v) {
    for (uint32_t i = 0; i < r->nuniv; i++)
        if (!memcmp(&r->univ[(size_t)i * r->nkeys], v, r->nkeys * sizeof *v))
            return true;
    return false;
}

/* One "VARIANT:MODEL[+MODEL...]" entry of GPUCOH_LITMUS_CLAIM into *mask when VARIANT is x. */
static int claim_entry(char* e, const gsys_variant_t* x, uint32_t* mask, char* err, size_t errlen) {
    char* colon = strchr(e, ':');
    if (colon)
        *colon = 0;
    if (!colon || !variant_bit(e)) {
        snprintf(err, errlen, "GPUCOH_LITMUS_CLAIM: '%s' is not VARIANT:MODEL[+MODEL...]", e);
        return -1;
    }
    uint32_t m = 0;
    char* save = NULL;
    for (char* n = strtok_r(colon + 1, "+", &save); n; n = strtok_r(NULL, "+", &save)) {
        if (ax_model_index(n) < 0) {
            snprintf(err, errlen, "GPUCOH_LITMUS_CLAIM: unknown model '%s'", n);
            return -1;
        }
        m |= 1u << ax_model_index(n);
    }
    if (!strcmp(e, x->name))
        *mask = m;
    return 0;
}

/* The models variant x claims (bit AX_*): its descriptor's `satisfies`, or, test-only, those
 * GPUCOH_LITMUS_CLAIM=VARIANT:MODEL[+MODEL...][,...] gives it (a deliberately wrong claim must
 * show as a violation: tests/test_conform.sh). An unknown name is an error. 0 or -1. */
static int oracle_claims(const gsys_variant_t* x, uint32_t* mask, char* err, size_t errlen) {
    *mask = 0;
    for (const char* const* s = x ? x->satisfies : NULL; s && *s; s++)
        if (ax_model_index(*s) >= 0)
            *mask |= 1u << ax_model_index(*s);
    const char* env = getenv("GPUCOH_LITMUS_CLAIM");
    if (!env || !*env || !x)
        return 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", env);
    char* save = NULL;
    for (char* e = strtok_r(buf, ",", &save); e; e = strtok_r(NULL, ",", &save))
        if (claim_entry(e, x, mask, err, errlen) != 0)
            return -1;
    return 0;
}

/* The class of outcome v for a variant claiming the models of mask, own model first
 * (litmus.h, "expect oracle"): forbidden if a claimed model finds the test race-free and lacks v
 * (*model: that model); unexpected if no candidate execution gives v; undefined if every
 * claimed model finds the test racy; allowed otherwise. */
static uint32_t oracle_classify(const litmus_t* t, uint32_t mask, int own, const uint32_t* v,
                                int32_t* model) {
    const ax_result_t* r = &t->orc->r;
    bool all_racy = true;
    *model = -1;
    for (int k = -1; k < (int)AX_NMODELS; k++) {
        const int m = k < 0 ? own : k;
        if (m < 0 || (k >= 0 && m == own) || !(mask >> m & 1u) || r->racy[m])
            continue;
        all_racy = false;
        if (!ax_allows(r, (uint32_t)m, v)) {
            *model = m;
            return LIT_FORBIDDEN;
        }
    }
    if (!in_univ(r, v))
        return LIT_UNEXPECTED;
    return all_racy ? LIT_UNDEFINED : LIT_ALLOWED;
}

/* The outcomes the variant's own model allows that no run showed (printed to f if not NULL). */
static uint32_t oracle_never(const litmus_t* t, const litmus_result_t* R, FILE* f) {
    const ax_result_t* r = &t->orc->r;
    const int m = R->vdesc ? ax_model_index(R->vdesc->model) : -1;
    uint32_t n = 0;
    char ob[512];
    for (uint32_t i = 0; m >= 0 && i < r->nout[m]; i++) {
        const uint32_t* v = &r->out[m][(size_t)i * r->nkeys];
        bool seen = false;
        for (uint32_t j = 0; j < R->nout && !seen; j++)
            seen = !memcmp(R->out[j].v, v, r->nkeys * sizeof *v);
        if (seen)
            continue;
        n++;
        if (f) {
            litmus_format(t, v, ob, sizeof ob);
            fprintf(f, "    never observed: %s\n", ob);
        }
    }
    return n;
}

static const char* cls_name(uint32_t c) {
    static const char* const nm[] = {"allowed", "FORBIDDEN", "undefined", "UNEXPECTED"};
    return c < 4 ? nm[c] : "?";
}

/* The SMs the test's threads use, in thread order (sms[0..*nused-1]), and the wavefronts still
 * free (RL_NONE) on them in role. */
static uint32_t test_sms(const litmus_t* t, uint32_t nwf, const int32_t* role, uint32_t* sms,
                         uint32_t* nused) {
    uint32_t spare = 0;
    *nused = 0;
    for (uint32_t i = 0; i < t->nth; i++) {
        uint32_t j = 0;
        while (j < *nused && sms[j] != t->th[i].sm)
            j++;
        if (j < *nused)
            continue;
        sms[(*nused)++] = t->th[i].sm;
        for (uint32_t w = 0; w < nwf; w++)
            spare += role[t->th[i].sm * nwf + w] == RL_NONE;
    }
    return spare;
}

/* Give set traffic n spare wavefronts of the SMs the test's threads use, round-robin in thread
 * order (wavefront i: role RL_TRAFFIC0 - i); false with a message naming the most that fit. */
static bool place_traffic(const litmus_t* t, uint32_t nwf, int32_t* role, uint32_t n, char* err,
                          size_t errlen) {
    uint32_t sms[LT_THREADS], nused;
    const uint32_t spare = test_sms(t, nwf, role, sms, &nused);
    if (n > spare) {
        char list[4 * LT_THREADS] = "";
        for (uint32_t j = 0, k = 0; j < nused && k < sizeof list; j++)
            k += (uint32_t)snprintf(list + k, sizeof list - k, "%s%u", j ? "," : "", sms[j]);
        snprintf(err, errlen,
                 "%s: set traffic: %u wavefronts do not fit: the test's SMs (%s) have %u spare "
                 "wavefronts (NumWf %u, less the threads and warmers): at most --set-traffic %u",
                 t->file, n, list, spare, nwf, spare);
        return false;
    }
    for (uint32_t i = 0, s = 0; i < n; s++) {
        const uint32_t sm = sms[s % nused];
        for (uint32_t w = 0; w < nwf; w++)
            if (role[sm * nwf + w] == RL_NONE) {
                role[sm * nwf + w] = RL_TRAFFIC0 - (int32_t)i++;
                break;
            }
    }
    return true;
}

/* Assign wavefronts (threads, warmers, ntraffic set-traffic wavefronts, initialiser, observer);
 * returns false with a message when the test does not fit. */
static bool place(const litmus_t* t, const gsys_cfg_t* cfg, uint32_t ntraffic, int32_t* role,
                  int32_t* warm_wf, int32_t* init_wf, int32_t* obs_wf, char* err, size_t errlen) {
    gsys_geom_t geom;
    gsys_geometry(cfg, &geom);
    uint32_t nsm = geom.num_sm, nwf = geom.num_wf;
    for (uint32_t k = 0; k < nsm * nwf; k++)
        role[k] = RL_NONE;
    for (uint32_t i = 0; i < t->nth; i++) {
        const lt_thread_t* th = &t->th[i];
        if (th->sm >= nsm) {
            snprintf(err, errlen, "%s:%u: thread %s: sm=%u but the configuration has %u SMs",
                     t->file, th->src, th->name, th->sm, nsm);
            return false;
        }
        if (th->wf_set) {
            if (th->wf >= nwf) {
                snprintf(err, errlen,
                         "%s:%u: thread %s: wf=%u but the configuration has %u wavefronts per SM",
                         t->file, th->src, th->name, th->wf, nwf);
                return false;
            }
            role[th->sm * nwf + th->wf] = (int32_t)i;
        }
    }
    for (uint32_t i = 0; i < t->nth; i++) {
        const lt_thread_t* th = &t->th[i];
        if (th->wf_set)
            continue;
        uint32_t w = 0;
        while (w < nwf && role[th->sm * nwf + w] != RL_NONE)
            w++;
        if (w == nwf) {
            snprintf(err, errlen, "%s:%u: thread %s: no free wavefront on SM %u (NumWf %u)",
                     t->file, th->src, th->name, th->sm, nwf);
            return false;
        }
        role[th->sm * nwf + w] = (int32_t)i;
    }
    for (uint32_t j = 0; j < nsm; j++) {
        warm_wf[j] = -1;
        for (uint32_t w = 0; w < nwf; w++)
            if (role[j * nwf + w] == RL_NONE) {
                role[j * nwf + w] = RL_WARM;
                warm_wf[j] = (int32_t)w;
                break;
            }
    }
    if (ntraffic && !place_traffic(t, nwf, role, ntraffic, err, errlen))
        return false;
    *init_wf = *obs_wf = -1;
    for (uint32_t pass = 0; pass < 2; pass++) {
        bool need = pass == 0 ? t->any_init : t->nfinal > 0;
        if (!need)
            continue;
        int32_t* dst = pass == 0 ? init_wf : obs_wf;
        /* a free wavefront, else one SM's warmer (that SM then warms nothing) */
        for (int steal = 0; steal < 2 && *dst < 0; steal++)
            for (uint32_t k = 0; k < nsm * nwf && *dst < 0; k++)
                if (role[k] == (steal ? RL_WARM : RL_NONE)) {
                    if (steal)
                        warm_wf[k / nwf] = -1;
                    role[k] = pass == 0 ? RL_INIT : RL_OBS;
                    *dst = (int32_t)k;
                }
        if (*dst < 0) {
            snprintf(err, errlen, "%s: no spare wavefront for the %s", t->file,
                     pass == 0 ? "initialiser" : "final-value observer");
            return false;
        }
    }
    for (uint32_t j = 0; j < GSYS_MAX_SM; j++) {
        if (!t->warm_mask[j])
            continue;
        if (j >= nsm || warm_wf[j] < 0) {
            snprintf(err, errlen,
                     j >= nsm ? "%s:%u: warm sm=%u but the configuration has %u SMs"
                              : "%s:%u: warm sm=%u: no spare wavefront for the warmer (NumWf %u)",
                     t->file, t->warm_src[j], j, j >= nsm ? nsm : nwf);
            return false;
        }
    }
    uint64_t lim = geom.addr_width >= 64 ? UINT64_MAX : (1ull << geom.addr_width);
    for (uint32_t l = 0; l < t->nloc; l++) {
        const lt_loc_t* lo = &t->loc[l];
        if (lo->word >= geom.line_bytes / 4u || ((uint64_t)lo->line + 1) * geom.line_bytes > lim) {
            snprintf(err, errlen,
                     "%s:%u: loc %s (line %u word %u) does not fit the configuration (%u-byte "
                     "lines, %u address bits)",
                     t->file, lo->src, lo->name, lo->line, lo->word, geom.line_bytes,
                     geom.addr_width);
            return false;
        }
    }
    return true;
}

/* ---- set traffic (litmus.h, "Set traffic") ------------------------------------------------- */

/* the greatest common divisor (lcm of the set strides) */
static uint64_t gcd64(uint64_t a, uint64_t b) {
    while (b) {
        const uint64_t x = a % b;
        a = b;
        b = x;
    }
    return a;
}

/* a line some location of t lies in */
static bool test_line(const litmus_t* t, uint64_t line) {
    for (uint32_t l = 0; l < t->nloc; l++)
        if (t->loc[l].line == line)
            return true;
    return false;
}

/* The set geometry set traffic aims at: the stride S of lines sharing an L1 set, a bank and an
 * L2 set (lcm(L1Sets, NumBanks * L2Sets)), L1Sets, the pool size and the lines of the space. */
typedef struct {
    uint64_t stride, l1_sets, lines;
    uint32_t k;
} sgeom_t;

static sgeom_t set_geom(const gsys_cfg_t* cfg) {
    gsys_geom_t g;
    gsys_geometry(cfg, &g);
    gsys_traffic_t h;
    memset(&h, 0, sizeof h);
    if (cfg->proto->traffic)
        cfg->proto->traffic(gsys_pdc(cfg), &h);
    sgeom_t s;
    s.l1_sets = h.l1_sets ? h.l1_sets : 1;
    const uint64_t b2 = (uint64_t)(g.num_banks ? g.num_banks : 1) * (h.l2_sets ? h.l2_sets : 1);
    s.stride = s.l1_sets / gcd64(s.l1_sets, b2) * b2;
    const uint32_t w =
        (h.l1_ways ? h.l1_ways : 4) > h.l2_ways ? (h.l1_ways ? h.l1_ways : 4) : h.l2_ways;
    s.k = w + 2 > 64 ? 64 : w + 2;
    s.lines = (g.addr_width >= 64 ? UINT64_MAX : (1ull << g.addr_width)) / g.line_bytes;
    return s;
}

/* The control's line (o->set_traffic_other): the first line after `line` whose L1 set no
 * location uses; false if every set is used. */
static bool other_set_line(const litmus_t* t, const sgeom_t* s, uint64_t line, uint64_t* out) {
    for (uint64_t off = 1; off < s->stride && line + off < s->lines; off++) {
        bool used = false;
        for (uint32_t l = 0; l < t->nloc && !used; l++)
            used = (t->loc[l].line % s->l1_sets) == (line + off) % s->l1_sets;
        if (!used) {
            *out = line + off;
            return true;
        }
    }
    return false;
}

/* Up to s->k lines congruent to `like` modulo stride (and in its bank when bank is set), none a
 * location's line, into out; their number. At most 64 candidates per line wanted are tried. */
static uint32_t pool_lines(const litmus_t* t, const gsys_cfg_t* cfg, const sgeom_t* s,
                           uint64_t like, uint64_t stride, bool bank, uint64_t* out) {
    uint32_t n = 0;
    const uint32_t b0 = cfg->proto->bank_of(gsys_pdc(cfg), like);
    uint64_t tries = 64ull * s->k;
    for (uint64_t c = like % stride; c < s->lines && n < s->k && tries; c += stride, tries--)
        if (!test_line(t, c) && (!bank || cfg->proto->bank_of(gsys_pdc(cfg), c) == b0))
            out[n++] = c;
    return n;
}

/* The conflict pools of the test's locations (freed by pool_free); false with a message when
 * no location has one. */
static bool pool_build(const litmus_t* t, const gsys_cfg_t* cfg, bool other, spool_t* p, char* err,
                       size_t errlen) {
    const sgeom_t s = set_geom(cfg);
    p->k = s.k;
    p->line = (uint64_t*)calloc((size_t)(t->nloc ? t->nloc : 1) * s.k, sizeof *p->line);
    p->pn = (uint32_t*)calloc(t->nloc ? t->nloc : 1, sizeof *p->pn);
    if (!p->line || !p->pn) {
        snprintf(err, errlen, "litmus: out of memory");
        return false;
    }
    uint32_t any = 0;
    for (uint32_t l = 0; l < t->nloc; l++) {
        uint64_t like = t->loc[l].line, *dst = p->line + (size_t)l * s.k;
        if (other && !other_set_line(t, &s, like, &like))
            continue;
        p->pn[l] = pool_lines(t, cfg, &s, like, s.stride, true, dst);
        if (!p->pn[l]) /* the space holds no line of the same L1 set, bank and L2 set */
            p->pn[l] = pool_lines(t, cfg, &s, like, s.l1_sets, false, dst);
        any += p->pn[l] != 0;
    }
    if (!any)
        snprintf(err, errlen,
                 "%s: set traffic: no line of the address space (%" PRIu64
                 " lines) shares an L1 set%s with the test's locations",
                 t->file, s.lines, other ? " no location uses" : "");
    return any != 0;
}

static void pool_free(spool_t* p) {
    free(p->line);
    free(p->pn);
    memset(p, 0, sizeof *p);
}

/* A run's set traffic (r->o->set_traffic wavefronts): each starts within 20 cycles and waits
 * 0..gap cycles between operations (gap drawn per wavefront), all drawn from a generator of their
 * own seeded from the run's seed rs (none drawn without set traffic: the runs of before). */
static void traffic_start(lrun_t* r, straf_t* tw, const spool_t* pool, uint64_t rs) {
    static const uint32_t gaps[] = {0, 0, 4, 16};
    r->tw = tw;
    r->sp = pool;
    if (!r->o->set_traffic)
        return;
    gpucoh_rng_seed(&r->trng, rs ^ 0x2545f4914f6cdd1dull);
    for (uint32_t i = 0; i < r->o->set_traffic; i++) {
        tw[i].busy = false;
        tw[i].ready_at = gpucoh_rng_below(&r->trng, 20);
        tw[i].gap = gaps[gpucoh_rng_below(&r->trng, 4)];
    }
}

static uint64_t run_seed(uint64_t seed, uint64_t k) {
    uint64_t x = seed ^ (k * 0xD1B54A32D192ED03ull);
    return gpucoh_splitmix64(&x);
}

static int hist_add(litmus_result_t* res, const uint32_t* v, uint32_t nk, uint64_t run,
                    uint32_t cls, int32_t model, uint32_t* cap) {
    for (uint32_t i = 0; i < res->nout; i++)
        if (!memcmp(res->out[i].v, v, nk * sizeof *v)) {
            res->out[i].count++;
            return 0;
        }
    if (res->nout == *cap) {
        uint32_t nc = *cap ? 2 * *cap : 16;
        litmus_outcome_t* no = (litmus_outcome_t*)realloc(res->out, (size_t)nc * sizeof *no);
        if (!no)
            return -1;
        res->out = no;
        *cap = nc;
    }
    litmus_outcome_t* o = &res->out[res->nout];
    o->v = (uint32_t*)malloc((nk ? nk : 1) * sizeof *v);
    if (!o->v)
        return -1;
    memcpy(o->v, v, nk * sizeof *v);
    o->count = 1;
    o->first_run = run;
    o->cls = cls;
    o->model = model;
    res->nout++;
    return 0;
}

static const char* run_end_name(gsys_run_t rc) {
    return rc == GSYS_RUN_CYCLES     ? "cycle budget exhausted"
           : rc == GSYS_RUN_STOPPED  ? "stopped by the backend"
           : rc == GSYS_RUN_DEADLOCK ? "DEADLOCK"
                                     : "done";
}

/* The delays of every thread against the deadlock limit and the cycle budget (litmus.h). */
static bool check_delays(const litmus_t* t, uint64_t deadlock, uint64_t budget, char* err,
                         size_t errlen) {
    const uint64_t lim = deadlock / 2, tlim = budget / 2;
    for (uint32_t i = 0; i < t->nth; i++) {
        const lt_thread_t* th = &t->th[i];
        uint64_t run = 0, total = 0;
        for (uint32_t k = 0; k < th->nops; k++) {
            const lt_op_t* op = &th->ops[k];
            if (op->kind != LO_DELAY) {
                run = 0;
                continue;
            }
            run += op->v;
            total += op->v;
            if (run > lim) {
                snprintf(err, errlen,
                         "%s:%u: delay %u: thread %s would idle %" PRIu64 " cycles in a row, more "
                         "than the limit of %" PRIu64
                         " (half of the system's deadlock limit, %" PRIu64
                         " cycles without progress: a longer idle stretch is reported as a "
                         "hardware DEADLOCK)",
                         t->file, op->src, op->v, th->name, run, lim, deadlock);
                return false;
            }
            if (total > tlim) {
                snprintf(err, errlen,
                         "%s:%u: delay %u: thread %s's delays add up to %" PRIu64 " cycles, more "
                         "than the limit of %" PRIu64 " (half of a run's cycle budget, %" PRIu64
                         " cycles)",
                         t->file, op->src, op->v, th->name, total, tlim, budget);
                return false;
            }
        }
    }
    return true;
}

/* A test must be able to fail under the variant it runs: it fails when an outcome is forbidden,
 * when a witness is never seen, or when an outcome matches no line (unexpected). An allow or
 * undef line with no concrete value matches every outcome; with one and no forbid or witness
 * line for the variant, no run can fail: the test checks nothing (an error naming the line). */
#define DOM_MAX   16u   /* values a key can take, at most, for the enumeration below */
#define COMBO_MAX 4096u /* outcomes enumerated, at most */

typedef struct {
    uint32_t n;
    uint32_t v[DOM_MAX];
} dom_t;

/* The values location l can hold: its init and every value a store or release writes to it;
 * false when an atomic writes it (its values are not listed in the file) or there are too many. */
static bool loc_domain(const litmus_t* t, uint32_t l, dom_t* d) {
    d->n = 1;
    d->v[0] = t->loc[l].init;
    for (uint32_t i = 0; i < t->nth; i++)
        for (uint32_t k = 0; k < t->th[i].nops; k++) {
            const lt_op_t* o = &t->th[i].ops[k];
            if (o->loc != l || (o->kind != LO_ST && o->kind != LO_REL && o->kind != LO_ATOM))
                continue;
            if (o->kind == LO_ATOM)
                return false;
            bool seen = false;
            for (uint32_t j = 0; j < d->n; j++)
                seen = seen || d->v[j] == o->v;
            if (!seen && d->n == DOM_MAX)
                return false;
            if (!seen)
                d->v[d->n++] = o->v;
        }
    return true;
}

/* The values outcome key `key` can take (a register: what its load can read; a final value). */
static bool key_domain(const litmus_t* t, uint32_t key, dom_t* d) {
    if (key >= t->nreg)
        return loc_domain(t, t->key_loc[key - t->nreg], d);
    for (uint32_t i = 0; i < t->nth; i++)
        for (uint32_t k = 0; k < t->th[i].nops; k++) {
            const lt_op_t* o = &t->th[i].ops[k];
            if (o->reg == key)
                return (o->kind == LO_LD || o->kind == LO_ACQ) && loc_domain(t, o->loc, d);
        }
    return false;
}

/* Does an allow or undef line of s match the outcome v? */
static bool covered(const litmus_t* t, const lt_sel_t* s, const uint32_t* v) {
    for (uint32_t k = 0; k < t->nex; k++) {
        const lt_exp_t* e = &t->ex[k];
        if (!exp_on(e, s) || (e->cls != EX_ALLOW && e->cls != EX_UNDEF))
            continue;
        bool m = true;
        for (uint32_t j = 0; j < e->n && m; j++)
            m = v[e->key[j]] == e->val[j];
        if (m)
            return true;
    }
    return false;
}

/* Every outcome the file's stores can produce is allowed or undefined by s's lines (false when
 * the values cannot be listed: atomics, too many). *combos = how many outcomes that is. */
static bool all_covered(const litmus_t* t, const lt_sel_t* s, uint64_t* combos) {
    static dom_t d[LT_REGS + LT_LOCS];
    uint32_t idx[LT_REGS + LT_LOCS], v[LT_REGS + LT_LOCS];
    *combos = 1;
    for (uint32_t k = 0; k < t->nkeys; k++) {
        if (!key_domain(t, k, &d[k]))
            return false;
        *combos *= d[k].n;
        if (*combos > COMBO_MAX)
            return false;
        idx[k] = 0;
    }
    for (;;) {
        for (uint32_t k = 0; k < t->nkeys; k++)
            v[k] = d[k].v[idx[k]];
        if (!covered(t, s, v))
            return false;
        uint32_t k = 0;
        while (k < t->nkeys && ++idx[k] == d[k].n)
            idx[k++] = 0;
        if (k == t->nkeys)
            return true;
    }
}

static bool checks_something(const litmus_t* t, const lt_sel_t* s, char* err, size_t errlen) {
    const char* variant = s->x.v->name;
    int catch_all = -1;
    for (uint32_t k = 0; k < t->nex; k++) {
        const lt_exp_t* e = &t->ex[k];
        if (!exp_on(e, s))
            continue;
        if (e->cls == EX_FORBID || e->cls == EX_WITNESS)
            return true;
        if (e->n == 0 && catch_all < 0)
            catch_all = (int)k;
    }
    if (catch_all >= 0) {
        snprintf(err, errlen,
                 "%s:%u: this test checks nothing under %s: this line allows every outcome, and "
                 "no forbid or witness line names %s (add one, or give the line values)",
                 t->file, t->ex[catch_all].src, variant, variant);
        return false;
    }
    uint64_t combos = 0;
    if (!all_covered(t, s, &combos))
        return true;
    snprintf(err, errlen,
             "%s: this test checks nothing under %s: its allow and undef lines cover all %llu "
             "outcomes its stores can produce, and no forbid or witness line names %s",
             t->file, variant, (unsigned long long)combos, variant);
    return false;
}

/* The variant a configuration runs, from its own descriptor, with its family: a test judges a
 * protocol by the lines that name it or the models it names, registered or not
 * (tests/test_gsys_proto.c's nc). */
static lt_variant_t cfg_variant(const gsys_cfg_t* cfg) {
    const lt_variant_t x = {cfg->proto->name,
                            &cfg->proto->variants[cfg->proto->variant_of(gsys_pdc(cfg))]};
    return x;
}

int litmus_check(const litmus_t* t, const gsys_cfg_t* cfg, const litmus_opts_t* o, char* err,
                 size_t errlen) {
    litmus_opts_t od;
    if (!o) {
        litmus_opts_default(&od);
        o = &od;
    }
    uint32_t claims;
    const lt_variant_t x = cfg_variant(cfg);
    const bool orc = by_oracle(t, &x);
    if (orc && (!oracle_of(t, &x, err, errlen) || oracle_claims(x.v, &claims, err, errlen)))
        return -1;
    if (cfg->proto->check && cfg->proto->check(gsys_pdc(cfg), err, errlen) != 0)
        return -1;
    if (!check_delays(t, cfg->deadlock_cycles ? cfg->deadlock_cycles : 100000u,
                      o->max_cycles ? o->max_cycles : 1000000u, err, errlen))
        return -1;
    if (litmus_check_fit(t, cfg, o, err, errlen) != 0)
        return -1;
    /* the oracle checks every outcome: forbidden or no candidate execution gives it */
    const lt_sel_t s = sel_of(&x);
    return orc || checks_something(t, &s, err, errlen) ? 0 : -1;
}

uint32_t litmus_traffic_room(const litmus_t* t, const gsys_cfg_t* cfg) {
    gsys_geom_t geom;
    gsys_geometry(cfg, &geom);
    const uint32_t n = geom.num_sm * geom.num_wf;
    int32_t* role = (int32_t*)malloc((n ? n : 1) * sizeof *role);
    int32_t warm_wf[GSYS_MAX_SM], init_wf, obs_wf;
    uint32_t sms[LT_THREADS], nused, room = 0;
    char err[512];
    if (role && place(t, cfg, 0, role, warm_wf, &init_wf, &obs_wf, err, sizeof err))
        room = test_sms(t, geom.num_wf, role, sms, &nused);
    free(role);
    return room;
}

int litmus_check_fit(const litmus_t* t, const gsys_cfg_t* cfg, const litmus_opts_t* o, char* err,
                     size_t errlen) {
    gsys_geom_t geom;
    gsys_geometry(cfg, &geom);
    const uint32_t n = geom.num_sm * geom.num_wf;
    int32_t* role = (int32_t*)malloc((n ? n : 1) * sizeof *role);
    int32_t warm_wf[GSYS_MAX_SM], init_wf, obs_wf;
    if (!role) {
        snprintf(err, errlen, "litmus: out of memory");
        return -1;
    }
    const uint32_t nt = o ? o->set_traffic : 0;
    spool_t pool = {NULL, NULL, 0};
    const bool ok = place(t, cfg, nt, role, warm_wf, &init_wf, &obs_wf, err, errlen) &&
                    (!nt || pool_build(t, cfg, o->set_traffic_other, &pool, err, errlen));
    pool_free(&pool);
    free(role);
    return ok ? 0 : -1;
}

/* The buffers of a litmus campaign, made once and reset for every run. */
typedef struct {
    int32_t *role, *role0; /* [sm * nwf + wf]: this run's, the placement's */
    int32_t warm_wf[GSYS_MAX_SM], init_wf, obs_wf;
    warm_t* warm;
    uint32_t* val;
    straf_t* tw;
    spool_t pool;
} lbufs_t;

static void lbufs_free(lbufs_t* b) {
    pool_free(&b->pool);
    free(b->tw);
    free(b->role);
    free(b->role0);
    free(b->warm);
    free(b->val);
}

/* Allocate b and place the test's threads, warmers and set traffic: 0, or -1 with err (nothing
 * left allocated). */
static int lbufs_make(lbufs_t* b, const litmus_t* t, const gsys_cfg_t* cfg, const litmus_opts_t* o,
                      uint32_t nsm, uint32_t nwf, char* err, size_t errlen) {
    memset(b, 0, sizeof *b);
    b->role = (int32_t*)malloc((size_t)nsm * nwf * sizeof *b->role);
    b->role0 = (int32_t*)malloc((size_t)nsm * nwf * sizeof *b->role0);
    b->warm = (warm_t*)calloc(nsm, sizeof *b->warm);
    b->val = (uint32_t*)calloc(t->nkeys + 1, sizeof *b->val);
    if (!b->role || !b->role0 || !b->warm || !b->val) {
        lbufs_free(b);
        snprintf(err, errlen, "litmus: out of memory");
        return -1;
    }
    b->tw = (straf_t*)calloc(o->set_traffic ? o->set_traffic : 1, sizeof *b->tw);
    if (!b->tw ||
        !place(t, cfg, o->set_traffic, b->role0, b->warm_wf, &b->init_wf, &b->obs_wf, err,
               errlen) ||
        (o->set_traffic && !pool_build(t, cfg, o->set_traffic_other, &b->pool, err, errlen))) {
        if (!b->tw)
            snprintf(err, errlen, "litmus: out of memory");
        lbufs_free(b);
        return -1;
    }
    return 0;
}

/* The warmers of a run under policy pol (0 random subsets per SM, 1 every SM warms every
 * location, 3 the file's warm hints; 2 none). */
static void run_warmers(const litmus_t* t, const lbufs_t* b, uint32_t nsm, uint32_t pol,
                        gpucoh_rng_t* g) {
    static const uint32_t wgaps[] = {0, 4, 16};
    for (uint32_t j = 0; j < nsm && pol != 2; j++) {
        warm_t* w = &b->warm[j];
        if (b->warm_wf[j] < 0 || (pol == 0 && gpucoh_rng_below(g, 4) == 0))
            continue;
        if (pol == 3) {
            w->mask = t->warm_mask[j];
            if (!w->mask)
                continue;
        }
        for (uint32_t l = 0; l < t->nloc && pol != 3; l++)
            if (pol == 1 || gpucoh_rng_below(g, 2))
                w->mask |= 1ull << l;
        if (!w->mask)
            w->mask = 1ull << gpucoh_rng_below(g, t->nloc ? t->nloc : 1);
        if (!t->nloc)
            continue;
        w->on = true;
        w->once = gpucoh_rng_below(g, 2) == 0;
        w->gap = wgaps[gpucoh_rng_below(g, 3)];
        w->ready_at = gpucoh_rng_below(g, 20);
    }
}

/* The randomisation of a run (not with o->fixed): delays, a start near the rollover, gaps, the
 * threads' skew and lead, the warmers; drawn from r's generator in this order. */
static void run_randomize(const litmus_t* t, const gsys_cfg_t* cfg, const lbufs_t* b, uint32_t nsm,
                          gsys_cfg_t* c, lrun_t* r, uint32_t* lead, uint32_t* skew) {
    gpucoh_rng_t* g = &r->rng;
    static const uint32_t dmax[] = {1, 2, 4, 6, 10, 16};
    c->req_delay_min = 1;
    c->req_delay_max = dmax[gpucoh_rng_below(g, 6)];
    c->rsp_delay_min = 1;
    c->rsp_delay_max = dmax[gpucoh_rng_below(g, 6)];
    if (gpucoh_rng_below(g, 8) == 0) {
        /* a start just before the global unit's rollover (TC: the timer) */
        uint32_t tmax = cfg->proto->start_max ? cfg->proto->start_max(gsys_pdc(cfg)) : 0;
        uint32_t back = 1 + gpucoh_rng_below(g, 400);
        if (tmax)
            c->start = tmax > back + 1 ? tmax - back : 1;
    }
    static const uint32_t gaps[] = {0, 0, 2, 6};
    static const uint32_t skews[] = {0, 8, 32, 100};
    static const uint32_t leads[] = {0, 30, 100};
    r->gap = gaps[gpucoh_rng_below(g, 4)];
    *skew = skews[gpucoh_rng_below(g, 4)];
    *lead = leads[gpucoh_rng_below(g, 3)];
    /* warming policy of the run: 0 random subsets per SM, 1 every SM warms every
     * location, 2 no warming */
    uint32_t pol = gpucoh_rng_below(g, 8);
    pol = pol < 4 ? 0 : pol < 7 ? 1 : 2;
    if (t->any_warm && gpucoh_rng_below(g, 4) != 0)
        pol = 3; /* the file's warm hints */
    run_warmers(t, b, nsm, pol, g);
}

/* The system of one run, on the backend made once (or fresh, o->fresh_backend): its end and
 * cycles. 0, or -1 with err. */
static int run_once(const litmus_opts_t* o, const gsys_cfg_t* c, gsys_backend_t* be, bool* have_be,
                    gsys_workload_t* wl, FILE* sink, gsys_run_t* e, uint64_t* cyc, char* err,
                    size_t errlen) {
    if (!*have_be) {
        int brc = o->make_backend ? o->make_backend(o->backend_ctx, c, be, err, errlen)
                                  : gsys_backend_c_cfg(c, be, err, errlen);
        if (brc != 0)
            return -1;
        *have_be = true;
    }
    if (o->run_system) { /* the run on another clock: the SystemC TLM platform */
        if (o->run_system(o->run_ctx, c, be, wl, o->max_cycles, sink, e, cyc, err, errlen) != 0)
            return -1;
    } else {
        gsys_t* s = gsys_new(c, be, wl, err, errlen);
        if (!s)
            return -1;
        *e = gsys_run(s, o->max_cycles, sink);
        /* lockstep: every state whole at the end of the run (docs/system.md section 7); a
         * mismatch there stops the run as one during it does */
        if ((*e == GSYS_RUN_CYCLES || *e == GSYS_RUN_DONE) && gsys_backend_rtl_final_check(be))
            *e = GSYS_RUN_STOPPED;
        *cyc = gsys_cycle(s);
        gsys_free(s);
    }
    if (o->fresh_backend) {
        if (be->destroy)
            be->destroy(be->ctx);
        *have_be = false;
    }
    return 0;
}

/* What a campaign knows of its variant: its lines, whether the oracle judges it, its own model,
 * the models it claims. */
typedef struct {
    lt_sel_t sel;
    bool oracle;
    int own;
    uint32_t claims;
} lvariant_t;

/* Judge the outcome val of run k (system seed rs): allowed, forbidden, undefined or unexpected,
 * into R's checks and histogram. 0, or -1 with err. */
static int judge_run(const litmus_t* t, const gsys_cfg_t* cfg, const litmus_opts_t* o,
                     const lvariant_t* v, const uint32_t* val, uint64_t k, uint64_t rs,
                     uint64_t cyc, FILE* out, litmus_result_t* R, uint32_t* cap, char* err,
                     size_t errlen) {
    int32_t model = -1;
    uint32_t cls =
        v->oracle ? oracle_classify(t, v->claims, v->own, val, &model) : classify(t, &v->sel, val);
    char ob[512];
    if (cls != LIT_ALLOWED || o->verbose)
        litmus_format(t, val, ob, sizeof ob);
    if (o->verbose && out)
        fprintf(out, "  run %" PRIu64 " seed 0x%016" PRIx64 ": %s (%s, %" PRIu64 " cycles)\n", k,
                rs, ob, cls_name(cls), cyc);
    switch (cls) {
    case LIT_ALLOWED:
        chk_match(&R->chk);
        break;
    case LIT_FORBIDDEN:
        chk_mismatch(&R->chk,
                     "litmus %s (%s): FORBIDDEN outcome %s%s%s%s in run %" PRIu64
                     " (system seed 0x%016" PRIx64 ")",
                     t->name, gsys_variant_name(cfg), ob, model >= 0 ? " (by " : "",
                     model >= 0 ? ax_model_name((uint32_t)model) : "", model >= 0 ? ")" : "", k,
                     rs);
        break;
    case LIT_UNDEFINED:
        chk_nc(&R->chk, NC_UNDEFINED);
        break;
    default:
        chk_nc_msg(&R->chk, NC_UNEXPECTED,
                   "litmus %s (%s): unexpected outcome %s (%s) in run %" PRIu64
                   " (system seed 0x%016" PRIx64 ")",
                   t->name, gsys_variant_name(cfg), ob,
                   v->oracle ? "no candidate execution gives it" : "neither allowed nor forbidden",
                   k, rs);
        break;
    }
    if (hist_add(R, val, t->nkeys, k, cls, model, cap) != 0) {
        snprintf(err, errlen, "litmus: out of memory");
        return -1;
    }
    return 0;
}

/* Every outcome of R undefined and no run fatal, mismatched or unchecked for another reason
 * (deadlock, incomplete): the claimed models all find the test racy. */
static bool all_undefined(const litmus_result_t* R) {
    const chk_result_t* c = &R->chk;
    if (R->nout == 0 || c->fatal || c->mismatch || c->match || c->nc_by[NC_UNEXPECTED] ||
        c->nc_by[NC_INCOMPLETE])
        return false;
    for (uint32_t i = 0; i < R->nout; i++)
        if (R->out[i].cls != LIT_UNDEFINED)
            return false;
    return true;
}

/* After the runs: the witnesses, the oracle's never-observed outcomes, the verdict, the
 * printout. */
static void litmus_finish(const litmus_t* t, const litmus_opts_t* o, const lvariant_t* v, FILE* out,
                          litmus_result_t* R) {
    R->witness_enforced = R->runs >= o->witness_min_runs;
    for (uint32_t i = 0; i < t->nex && !v->oracle; i++) {
        const lt_exp_t* e = &t->ex[i];
        if (e->cls != EX_WITNESS || !exp_on(e, &v->sel))
            continue;
        R->witnesses++;
        bool seen = false;
        for (uint32_t j = 0; j < R->nout && !seen; j++)
            seen = exp_match(e, R->out[j].v);
        if (!seen)
            R->witness_missing++;
    }
    if (v->oracle)
        R->oracle_never = oracle_never(t, R, NULL);
    R->pass = chk_passed(&R->chk) && (!R->witness_enforced || R->witness_missing == 0);
    R->racy = v->oracle && !R->pass && all_undefined(R);
    if (out)
        litmus_print(out, t, o, R);
}

/* The runs k of the campaign, one system each: 0, or -1 with err. */
static int litmus_runs(const litmus_t* t, const gsys_cfg_t* cfg, const litmus_opts_t* o,
                       const lvariant_t* v, lbufs_t* b, FILE* out, litmus_result_t* R, char* err,
                       size_t errlen) {
    gsys_geom_t geom;
    gsys_geometry(cfg, &geom);
    const uint32_t nsm = geom.num_sm, nwf = geom.num_wf;
    FILE* rep = o->report ? o->report : stderr;
    uint32_t cap = 0, reports = 0;
    int rc = 0;
    gsys_backend_t be;
    bool have_be = false;
    memset(&be, 0, sizeof be);
    for (uint64_t k = o->first_run; k < o->first_run + o->runs; k++) {
        if (o->progress && k > o->first_run &&
            o->progress(o->progress_ctx, k - o->first_run, o->runs) != 0) {
            R->stopped = true; /* the result holds the runs done */
            break;
        }
        gsys_cfg_t c = *cfg;
        lrun_t r;
        memset(&r, 0, sizeof r);
        r.t = t;
        r.o = o;
        r.nsm = nsm;
        r.nwf = nwf;
        r.lb = geom.line_bytes;
        r.role = b->role;
        r.warm = b->warm;
        r.val = b->val;
        memcpy(b->role, b->role0, (size_t)nsm * nwf * sizeof *b->role);
        memset(b->warm, 0, nsm * sizeof *b->warm);
        memset(b->val, 0, (t->nkeys + 1) * sizeof *b->val);
        uint64_t rs = run_seed(o->seed, k);
        c.seed = rs;
        gpucoh_rng_seed(&r.rng, rs ^ 0x5bd1e995ull);
        uint32_t lead = 0, skew = 0;
        if (!o->fixed)
            run_randomize(t, cfg, b, nsm, &c, &r, &lead, &skew);
        for (uint32_t i = 0; i < t->nth; i++)
            r.th[i].ready_at = lead + (skew ? gpucoh_rng_below(&r.rng, skew + 1) : 0);
        traffic_start(&r, b->tw, &b->pool, rs);
        r.init_done = !t->any_init;
        gsys_workload_t wl = {&r, lr_next, lr_done, lr_finished, NULL, NULL};
        FILE* sink = reports < 3 ? rep : NULL;
        gsys_run_t e;
        uint64_t cyc;
        if (run_once(o, &c, &be, &have_be, &wl, sink, &e, &cyc, err, errlen) != 0) {
            rc = -1;
            break;
        }
        R->runs++;
        if (e != GSYS_RUN_DONE || r.err || !lr_finished(&r)) {
            if (e == GSYS_RUN_DEADLOCK)
                reports++;
            chk_fatal(&R->chk,
                      "litmus %s (%s): run %" PRIu64 " (system seed 0x%016" PRIx64
                      "): %s at cycle %" PRIu64 "%s",
                      t->name, gsys_variant_name(cfg), k, rs, run_end_name(e), cyc,
                      r.err ? " (a completion for a wavefront without an operation)" : "");
            continue;
        }
        if (judge_run(t, cfg, o, v, b->val, k, rs, cyc, out, R, &cap, err, errlen) != 0) {
            rc = -1;
            break;
        }
    }
    if (have_be && be.destroy)
        be.destroy(be.ctx);
    return rc;
}

int litmus_run(const litmus_t* t, const gsys_cfg_t* cfg, const litmus_opts_t* o, FILE* out,
               litmus_result_t* res, char* err, size_t errlen) {
    litmus_opts_t od;
    if (!o) {
        litmus_opts_default(&od);
        o = &od;
    }
    litmus_result_t local;
    memset(&local, 0, sizeof local);
    litmus_result_t* R = res ? res : &local;
    memset(R, 0, sizeof *R);
    chk_init(&R->chk);
    R->variant = gsys_variant_name(cfg);
    R->nkeys = t->nkeys;
    if (litmus_check(t, cfg, o, err, errlen) != 0)
        return -1;
    gsys_geom_t geom;
    gsys_geometry(cfg, &geom);
    lbufs_t b;
    if (lbufs_make(&b, t, cfg, o, geom.num_sm, geom.num_wf, err, errlen) != 0)
        return -1;
    const lt_variant_t x = cfg_variant(cfg);
    lvariant_t v = {sel_of(&x), by_oracle(t, &x), ax_model_index(x.v->model), 0};
    R->family = x.family;
    R->vdesc = x.v;
    R->oracle = v.oracle;
    R->oracle_fallback = v.oracle && !t->oracle_src;
    if (v.oracle)
        oracle_claims(x.v, &v.claims, err, errlen); /* checked by litmus_check */
    const int rc = litmus_runs(t, cfg, o, &v, &b, out, R, err, errlen);
    lbufs_free(&b);
    if (rc == 0)
        litmus_finish(t, o, &v, out, R);
    if (!res)
        litmus_result_free(&local);
    if (rc != 0)
        return -1;
    return R->pass ? 0 : 1;
}

/* An oracle test's line in place of the witnesses: the outcomes the variant's own model allows
 * and those never observed (a test too weak to tell them apart, or a variant stronger than its
 * model). */
static void oracle_print(FILE* f, const litmus_t* t, const litmus_result_t* r) {
    const ax_result_t* a = &t->orc->r;
    const int m = r->vdesc ? ax_model_index(r->vdesc->model) : -1;
    if (m < 0)
        return;
    fprintf(f, "  oracle: %u outcomes allowed by %s (%s's model%s), never observed: %u\n",
            a->nout[m], r->vdesc->model, r->variant,
            a->racy[m] ? "; the test is racy under it: its SC outcomes" : "", r->oracle_never);
    oracle_never(t, r, f);
}

/* The witness lines of sel that no outcome of r matches. */
static void print_missing_witnesses(FILE* f, const litmus_t* t, const lt_sel_t* sel,
                                    const litmus_result_t* r) {
    for (uint32_t e = 0; e < t->nex; e++) {
        const lt_exp_t* x = &t->ex[e];
        if (x->cls != EX_WITNESS || !exp_on(x, sel))
            continue;
        bool seen = false;
        for (uint32_t j = 0; j < r->nout && !seen; j++)
            seen = exp_match(x, r->out[j].v);
        if (!seen)
            fprintf(f, "    witness at line %u never observed\n", x->src);
    }
}

/* The lines that judged result r (its variant's; by its name for a result without one). */
static lt_sel_t result_sel(const litmus_result_t* r) {
    const lt_variant_t x = {r->family, r->vdesc};
    if (r->vdesc && r->family)
        return sel_of(&x);
    const lt_sel_t s = {variant_bit(r->variant), {NULL, NULL}};
    return s;
}

void litmus_print(FILE* f, const litmus_t* t, const litmus_opts_t* o, const litmus_result_t* r) {
    const lt_sel_t sel = result_sel(r);
    fprintf(f, "litmus %s (%s) %s: %" PRIu64 " runs, seed %" PRIu64 "\n", t->name, t->file,
            r->variant, r->runs, o ? o->seed : 0);
    if (r->oracle_fallback)
        fprintf(f, "  judged by the oracle (no line names %s)\n", r->variant);
    /* rows sorted by outcome values (stable, lexicographic) */
    uint32_t* idx = (uint32_t*)malloc((r->nout ? r->nout : 1) * sizeof *idx);
    if (!idx)
        return;
    for (uint32_t i = 0; i < r->nout; i++)
        idx[i] = i;
    for (uint32_t i = 1; i < r->nout; i++)
        for (uint32_t j = i; j > 0; j--) {
            const uint32_t* a = r->out[idx[j - 1]].v;
            const uint32_t* b = r->out[idx[j]].v;
            uint32_t k = 0;
            while (k < r->nkeys && a[k] == b[k])
                k++;
            if (k == r->nkeys || a[k] < b[k])
                break;
            uint32_t x = idx[j];
            idx[j] = idx[j - 1];
            idx[j - 1] = x;
        }
    char ob[512];
    fprintf(f, "  %-40s %10s  %-10s %s\n", "outcome", "count", "class", "first run");
    for (uint32_t i = 0; i < r->nout; i++) {
        const litmus_outcome_t* x = &r->out[idx[i]];
        litmus_format(t, x->v, ob, sizeof ob);
        bool wit = false;
        for (uint32_t e = 0; e < t->nex; e++)
            if (t->ex[e].cls == EX_WITNESS && exp_on(&t->ex[e], &sel) && exp_match(&t->ex[e], x->v))
                wit = true;
        fprintf(f, "  %-40s %10" PRIu64 "  %-10s %" PRIu64 "%s", ob, x->count, cls_name(x->cls),
                x->first_run, wit ? "  (witness)" : "");
        if (x->model >= 0) /* an oracle test: the model that forbids it */
            fprintf(f, "  (by %s)", ax_model_name((uint32_t)x->model));
        fputc('\n', f);
    }
    free(idx);
    if (r->oracle)
        oracle_print(f, t, r);
    if (r->witnesses)
        fprintf(f, "  witnesses: %u, never observed: %u%s\n", r->witnesses, r->witness_missing,
                r->witness_missing
                    ? (r->witness_enforced ? " -> FAIL: the test did not show the behaviour it "
                                             "exists for"
                                           : " (not enforced below witness_min_runs runs)")
                    : "");
    if (r->witness_missing)
        print_missing_witnesses(f, t, &sel, r);
    char title[160];
    snprintf(title, sizeof title, "  %s %s%s", t->name, r->variant,
             (chk_passed(&r->chk) && !r->pass) ? " (checks pass, witness missing)" : "");
    if (r->stopped) /* interrupted: the checks of the runs so far, and no verdict */
        fprintf(f, "%s: no verdict (INTERRUPTED after %" PRIu64 " runs)\n", title, r->runs);
    else if (r->racy) /* nothing checked, nothing failed: the verdict line says RACY */
        fprintf(f, "%s: racy under every model the variant claims\n", title);
    if (r->stopped || r->racy)
        chk_print_counts(f, &r->chk);
    else
        chk_print(f, title, &r->chk);
    /* an interrupted test has no verdict: its runs so far pass nothing */
    fprintf(f, "  verdict: %s\n",
            r->stopped ? "none (INTERRUPTED)"
            : r->pass  ? "PASS"
            : r->racy ? "RACY (every outcome undefined under the variant's models: nothing checked)"
                      : "FAIL");
}

/* ---- read-only view (litmus_view.h) ------------------------------------------------------ */

/* litmus_view.h repeats the kinds and classes as plain numbers */
_Static_assert((int)LV_LD == (int)LO_LD && (int)LV_ST == (int)LO_ST &&
                   (int)LV_FENCE == (int)LO_FENCE && (int)LV_ACQ == (int)LO_ACQ &&
                   (int)LV_REL == (int)LO_REL && (int)LV_ATOM == (int)LO_ATOM &&
                   (int)LV_DELAY == (int)LO_DELAY,
               "litmus_view.h kinds");
_Static_assert((int)LV_ALLOW == (int)EX_ALLOW && (int)LV_FORBID == (int)EX_FORBID &&
                   (int)LV_UNDEF == (int)EX_UNDEF && (int)LV_WITNESS == (int)EX_WITNESS,
               "litmus_view.h classes");

const char* litmus_file(const litmus_t* t) {
    return t->file;
}

uint32_t litmus_nthreads(const litmus_t* t) {
    return t->nth;
}

void litmus_thread_view(const litmus_t* t, uint32_t i, litmus_thread_view_t* v) {
    const lt_thread_t* th = &t->th[i];
    v->name = th->name;
    v->sm = th->sm;
    v->cta = th->cta;
    v->nops = th->nops;
}

void litmus_op_view(const litmus_t* t, uint32_t th, uint32_t k, litmus_op_view_t* v) {
    const lt_op_t* o = &t->th[th].ops[k];
    v->kind = o->kind;
    v->scope = o->scope;
    v->order = o->order;
    v->aop = o->aop;
    v->loc = o->loc;
    v->reg = o->reg;
    v->v = o->v;
    v->v2 = o->v2;
    v->until = o->until;
    v->until_v = o->until_v;
    v->src = o->src;
}

uint32_t litmus_nlocs(const litmus_t* t) {
    return t->nloc;
}

const char* litmus_loc_name(const litmus_t* t, uint32_t l) {
    return t->loc[l].name;
}

uint32_t litmus_loc_init(const litmus_t* t, uint32_t l) {
    return t->loc[l].init;
}

uint32_t litmus_nregs(const litmus_t* t) {
    return t->nreg;
}

uint32_t litmus_key_loc(const litmus_t* t, uint32_t key) {
    return key < t->nreg || key >= t->nkeys ? UINT32_MAX : t->key_loc[key - t->nreg];
}

uint32_t litmus_nexps(const litmus_t* t) {
    return t->nex;
}

void litmus_exp_view(const litmus_t* t, uint32_t i, litmus_exp_view_t* v) {
    const lt_exp_t* e = &t->ex[i];
    v->cls = e->cls;
    v->protos = e->protos;
    v->src = e->src;
    v->who = e->who;
    v->n = e->n;
    v->key = e->key;
    v->val = e->val;
}

uint32_t litmus_classify(const litmus_t* t, uint32_t pr, const uint32_t* v) {
    int32_t m;
    return litmus_classify_model(t, pr, v, &m);
}

uint32_t litmus_classify_model(const litmus_t* t, uint32_t pr, const uint32_t* v, int32_t* model) {
    char err[512];
    uint32_t claims;
    lt_variant_t x;
    const bool one = variant_of_bit(pr, &x);
    *model = -1;
    if (!(one ? by_oracle(t, &x) : t->oracle_src != 0)) {
        const lt_sel_t s = {pr, {NULL, NULL}};
        return classify(t, &s, v);
    }
    if (!one || !oracle_of(t, &x, err, sizeof err) || oracle_claims(x.v, &claims, err, sizeof err))
        return LIT_UNEXPECTED;
    return oracle_classify(t, claims, ax_model_index(x.v->model), v, model);
}

void litmus_summary_print(FILE* f, uint32_t nfiles, uint32_t nvar, const lit_tally_t* n,
                          char* close, size_t len) {
    const uint32_t tests = nfiles * nvar;
    const uint32_t not_run = tests - n->passed - n->failed - n->racy - n->interrupted;
    fprintf(f, "litmus: %u files, %u variants, %u passed, %u failed", (unsigned)nfiles,
            (unsigned)nvar, (unsigned)n->passed, (unsigned)n->failed);
    if (n->racy)
        fprintf(f, ", %u racy (nothing checked)", (unsigned)n->racy);
    if (n->interrupted)
        fprintf(f, ", %u interrupted, %u not run (INTERRUPTED)", (unsigned)n->interrupted,
                (unsigned)not_run);
    if (n->passed == 0 && n->failed == 0 && n->racy > 0 && n->interrupted == 0)
        fprintf(f, " -- FAIL: nothing was checked, every test is racy under its variant's models");
    fprintf(f, "\n");
    snprintf(close, len,
             "\n], \"summary\": {\"files\": %u, \"variants\": %u, \"tests\": %u, "
             "\"passed\": %u, \"failed\": %u, \"racy\": %u, \"interrupted\": %u, "
             "\"not_run\": %u}",
             (unsigned)nfiles, (unsigned)nvar, (unsigned)tests, (unsigned)n->passed,
             (unsigned)n->failed, (unsigned)n->racy, (unsigned)n->interrupted, (unsigned)not_run);
}

int litmus_tally_status(const lit_tally_t* n) {
    if (n->interrupted)
        return GPUCOH_EXIT_INTERRUPTED;
    if (n->failed || (n->passed == 0 && n->racy > 0))
        return 1;
    return 0;
}
