/* SPDX-License-Identifier: Apache-2.0 */
/*
 * litmus.h -- litmus tests on the shared system (tb/sys/gsys.h, any registered protocol): a small
 * text format, a parser with file:line errors, and a runner that executes a test R times on fresh
 * systems with randomised delays, start skew and cache warming, histograms the outcomes and checks
 * them against the per-protocol expectations of the file.
 *
 * ---- format (one test per file; '#' starts a comment; tokens separated by blanks) ----------
 *
 *   test NAME                      the test's name (required, once; letters, digits, _ . + -,
 *                                  at most LITMUS_MAX_NAME characters)
 *   doc TEXT...                    free text (any number of lines)
 *   loc NAME [init=V] [line=N] [word=W]
 *                                  a memory location (a 32-bit word). Default placement: each
 *                                  location in its own line (consecutive lines, so with several
 *                                  banks neighbours go to different banks), word 0. init=V
 *                                  (default 0) is written and fenced (GPU) before the threads
 *                                  start.
 *   warm sm=N LOC...               a stress hint: in 3 of 4 runs the warmers follow the hints
 *                                  (SM N's warmer loads these locations; SMs without a hint do
 *                                  not warm), so that stale leased copies sit where the test
 *                                  needs them; the other runs use the random warming policy
 *   thread NAME sm=N cta=N [wf=N]  a thread = one wavefront on SM N; cta only matters for the
 *                                  expectations (threads of one CTA must share the SM); wf
 *                                  defaults to the next free wavefront of the SM. The operations
 *                                  that follow belong to it:
 *   An operation is BASE[.SEM][.SCOPE] (SCOPE cta, gpu or rm, default gpu; the PTX spelling of
 *   the semantics, so that scoped suites translate directly). rm is the remote scope of RSP
 *   (docs/units/gpu/rsp.md section 7; rm_agent and rm_agt are read as rm), legal on an
 *   acquire load, a release store and an atomic only; a variant whose cores do not take it
 *   performs it at GPU scope, and every model but hrf-rsp reads it as gpu:
 *     ld[.relaxed|.acquire][.SCOPE] REG LOC [until=V]
 *                                  load (blocking); .acquire: an acquire load. With until=V:
 *                                  repeat until the value is V (spin; gives up after the spin
 *                                  budget, leaving REG != V)
 *     st[.relaxed|.release][.SCOPE] LOC V
 *                                  store (not blocking); .release: a fence of the scope, then
 *                                  the store
 *     fence[.acq_rel|.sc].SCOPE    fence (scope required); .acq_rel is the default; .sc an SC
 *                                  fence. TC gives both its fence of the scope (docs/system.md:
 *                                  GPU waits for acks and GWCT expiry, CTA for acks only); what
 *                                  that is worth per variant is docs/memory-models.md's
 *     atom.add|atom.exch[.SEM][.SCOPE] REG LOC V
 *     atom.cas[.SEM][.SCOPE] REG LOC CMP SWAP
 *                                  atomic, REG = the old value; SEM relaxed (default), acquire
 *                                  (the blocking atomic), release or acq_rel (a fence of the
 *                                  scope, then the atomic)
 *     acq.SCOPE ... | rel.SCOPE ...   the older spellings of ld.acquire / st.release
 *     delay N                      N idle cycles
 *   allow   WHO OUTCOME            WHO: a protocol variant (tc-weak, tc-strong), a family (tc),
 *   forbid  WHO OUTCOME            a memory model (sc, rcsc, rcpc, drf-sc, hrf-direct,
 *   undef   WHO OUTCOME            hrf-indirect, ptx: every variant giving it; for witness, every
 *   witness WHO OUTCOME            variant whose own model it is), all, or a comma-separated
 *                                  list of these (their union). OUTCOME: KEY=V ...
 *                                  where KEY is a register (its final value) or a location
 *                                  (its final value, read by an atomic ADD 0 after every thread
 *                                  has drained its writes); V is a number or '*'; keys not
 *                                  named are '*' (a location named, even as '*', is observed:
 *                                  its final value shows in the outcomes). Which models each
 *                                  variant gives: the descriptors (gsys_variant_t), argued in
 *                                  docs/memory-models.md.
 *
 *   expect oracle KEY...           instead of allow/forbid/undef/witness lines (not with them):
 *                                  the verdicts come from the axiomatic oracle (issue 25,
 *                                  axiom.h). KEYs are the registers and locations to observe
 *                                  (a location named is observed as in an outcome). The test is
 *                                  enumerated once (refused when beyond the oracle's bound) and
 *                                  an outcome under variant V is: forbidden if some model V
 *                                  claims (gsys_variant_t.satisfies: its own and each weaker)
 *                                  finds the test race-free and does not allow it (the table
 *                                  names that model); unexpected if no candidate execution
 *                                  gives it; undefined if every model V claims finds the test
 *                                  racy; allowed otherwise. In place of witnesses the runner
 *                                  reports the outcomes V's own model allows that no run showed
 *                                  (informative, not a failure). `gpucoh litmus-gen` writes
 *                                  such files and `gpucoh conform` runs them in memory
 *                                  (docs/litmus-gen.md).
 *
 * Numbers: decimal or 0x hex, 32 bits. Names: [A-Za-z_][A-Za-z0-9_]*, unique over threads,
 * locations and registers; a register is defined by the one operation that writes it, and an
 * outcome line may name only registers and locations defined above it.
 *
 * Classification of an observed outcome under protocol P: forbidden if it matches a `forbid`
 * line for P (mismatch: the test fails); else allowed if it matches an `allow` line (match);
 * else undefined if it matches an `undef` line (not checkable, reason undefined-by-model; does
 * not fail); else unexpected (not checkable, reason unexpected; fails the test). A `witness`
 * outcome must be observed at least once when the test runs at least witness_min_runs times,
 * otherwise the test fails as too weak (it never showed the behaviour it is meant to exercise).
 * Every protocol a line names needs at least one allow or forbid line (unless the file says
 * `expect oracle`); a file with no line at all is refused. A line names a variant when its WHO
 * lists the variant, its family or a model it claims (`satisfies`), or when it is a forbid or
 * witness line keyed `all` (an `allow all` / `undef all` line does not count). A variant no
 * line of a file names, registered or not, is judged there by the oracle for the models it
 * claims, exactly as under `expect oracle` (issue 25 item 5), over the file's outcome keys;
 * per (file, variant): the variants the lines name are judged by the lines. A file beyond the
 * oracle's bound is refused for such a variant by litmus_check ("FILE: no expectation line
 * names VARIANT, ..."); litmus_print says "judged by the oracle (no line names VARIANT)".
 * A test judged by its lines must be able to fail under the variant it runs: litmus_check
 * refuses it before any run ("checks nothing under VARIANT") when no forbid or witness line
 * applies and either an allow or undef line with no value (which matches every outcome) does,
 * or the allow and undef lines together match every outcome the file's stores can produce
 * (each key's values: its location's init and the values stored to it; not judged when an
 * atomic writes a key's location, or above 4096 outcomes).
 *
 * ---- runs ---------------------------------------------------------------------------------
 *
 * Run k (k = first_run .. first_run+runs-1) builds a fresh backend and system with
 * cfg.seed = mix(seed, k) and, unless `fixed` is set, draws from the same seed: interconnect
 * delay ranges, a start time near the timestamp rollover (1 run in 8), per-thread start skew, a
 * lead time, gaps between operations, and a warming policy (every SM warms every location /
 * random subsets per SM / none): a "warmer" wavefront per SM loads its locations (once or
 * continuously until the threads finish), so that lines are cached with live leases when the
 * threads write and read them. Warmers, the initialiser and the
 * final-value observer use spare wavefronts (plain loads / stores / atomics outside the test's
 * threads: they add no synchronization). Each thread ends with an implicit fence.cta (its
 * stores acknowledged) so that final values are defined; this cannot change register values.
 *
 * Set traffic (o->set_traffic = N > 0; `--set-traffic N`): N more spare wavefronts, spread
 * round-robin over the SMs the test's threads use (in thread order), issue plain word loads and
 * stores (1 in 2, random values) until every thread has finished, each to a line drawn from the
 * conflict pool of a location drawn at random. A location's pool: the first
 * max(L1Ways, L2Ways) + 2 lines of the address space that map to its L1 set, bank and L2 set
 * (lines congruent to its line modulo lcm(L1Sets, NumBanks * L2Sets), the bank checked with
 * the descriptor's bank_of; the L1 set alone when the address space holds no such line), from
 * the descriptor's geometry and traffic hints (gsys_traffic_t), never a test location's line. So
 * the test's lines are evicted and their banks contended. The traffic's values never enter the
 * outcome. Its draws (start 0..19 cycles, a gap range per wavefront, each operation) come from
 * a generator of their own seeded from the run's seed: with N = 0 nothing is drawn and every
 * run is the run of before, and a run with traffic replays (same seed, same N). The traffic
 * takes its wavefronts after the threads and warmers, before the initialiser and observer (these
 * then take free wavefronts elsewhere, else a warmer's); a test whose SMs lack N spare
 * wavefronts is refused by litmus_check, naming the most that fit.
 */
#ifndef GPUCOH_LITMUS_H
#define GPUCOH_LITMUS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"
#include "gsys.h"

typedef struct litmus litmus_t;

/* A litmus file is read whole, at most this many bytes (far above what a test may hold: 64
 * threads of 256 operations); a larger one (or /dev/zero) is refused with the limit. */
#define LITMUS_MAX_FILE_BYTES (1u << 20)
/* The longest test name (generated names, docs/litmus-gen.md, can reach ~100 characters). */
#define LITMUS_MAX_NAME 127
/* The most set-traffic wavefronts an option may ask for (the test's spare wavefronts are the
 * real limit: litmus_check names it). */
#define LITMUS_MAX_SET_TRAFFIC 1024u
/* Files one litmus command takes (gpucoh litmus, gpucoh_tlm litmus): litmus/ holds 94. */
#define LITMUS_MAX_FILES 256
/* Parse a file / a text (name is used in messages as "name:line: ..."). NULL on error with the
 * message in err. */
litmus_t* litmus_load(const char* path, char* err, size_t errlen);
litmus_t* litmus_parse(const char* text, const char* name, char* err, size_t errlen);
void litmus_free(litmus_t* t);
const char* litmus_name(const litmus_t* t);
/* The file has an `expect oracle` line: its verdicts come from the oracle (axiom.h) under every
 * variant (a hand-written file's come from it only under a variant no line names: the result's
 * oracle_fallback). */
bool litmus_expects_oracle(const litmus_t* t);

typedef struct {
    uint32_t runs;             /* default 10000 */
    uint64_t seed;             /* default 1 */
    uint64_t first_run;        /* index of the first run (replay run k: first_run=k, runs=1) */
    uint32_t spin_cycles;      /* give up an until= spin after this many cycles (20000) */
    uint64_t max_cycles;       /* per run (1000000) */
    uint32_t witness_min_runs; /* witnesses are enforced from this many runs on (1000) */
    bool fixed;                /* no randomisation beyond cfg.seed (no warmers, no skew) */
    uint32_t set_traffic;      /* wavefronts of set traffic (above; 0 = none, the default) */
    bool set_traffic_other;    /* test-only control: the set traffic goes to lines of L1 sets no
                                  location uses instead (same pool sizes, same draws) */
    gsys_backend_factory_t make_backend; /* NULL = C models */
    void* backend_ctx;
    bool fresh_backend; /* a new backend for every run (slow: the C L1 is ~400 KiB to clear).
                           Default: one backend for all runs; every run is a fresh gsys whose
                           reset cycles 0-1 reset every unit (same outcomes, checked) */
    FILE* report;       /* deadlock reports of failing runs (the first 3); NULL = stderr */
    bool verbose;       /* print every run's outcome */
    /* called after every run with the runs done and `runs`; a non-zero return stops the test
     * there (res->stopped: the result holds the runs done). NULL = none (progress reports,
     * Ctrl-C in gpucoh litmus) */
    int (*progress)(void* ctx, uint64_t done, uint64_t total);
    void* progress_ctx;
    /* Runs one run's system in place of gsys_new + gsys_run (NULL: those): the SystemC TLM
     * platform (systemc/tlm/) gives the run's workload (wl: the test's threads, warmers,
     * initialiser and observer) to initiators that issue every operation through its sockets,
     * on a memory system built from cfg and be, clocked up to max_cycles. 0 with *end (how the
     * run ended, as gsys_run says it) and *cycles (the system's cycles), deadlock reports to
     * report (NULL: none); -1 with a message in err (a setup error: the test stops). */
    int (*run_system)(void* ctx, const gsys_cfg_t* cfg, gsys_backend_t* be, gsys_workload_t* wl,
                      uint64_t max_cycles, FILE* report, gsys_run_t* end, uint64_t* cycles,
                      char* err, size_t errlen);
    void* run_ctx;
} litmus_opts_t;

void litmus_opts_default(litmus_opts_t* o);

/* One observed outcome (values of the outcome keys, in litmus_key order). */
typedef struct {
    uint32_t* v;
    uint64_t count;
    uint64_t first_run;
    uint32_t cls;  /* LIT_* */
    int32_t model; /* an `expect oracle` test's FORBIDDEN outcome: the model (AX_*, axiom.h)
                      that forbids it; else -1 */
} litmus_outcome_t;

enum { LIT_ALLOWED = 0, LIT_FORBIDDEN, LIT_UNDEFINED, LIT_UNEXPECTED };

typedef struct {
    chk_result_t chk;            /* one check per finished run */
    uint64_t runs;               /* runs attempted */
    const char* variant;         /* the protocol variant's name ("tc-weak") */
    const char* family;          /* its protocol's name ("tc") */
    const gsys_variant_t* vdesc; /* its descriptor (registered or not) */
    bool oracle;                 /* judged by the oracle: an `expect oracle` test, or a file none of
                                    whose expectation lines names the variant (above) */
    bool oracle_fallback;        /* the latter: "judged by the oracle (no line names VARIANT)" */
    uint32_t nkeys;
    litmus_outcome_t* out;
    uint32_t nout;
    uint32_t witnesses, witness_missing; /* witness lines for the protocol / never observed */
    bool witness_enforced;
    uint32_t oracle_never; /* judged by the oracle: outcomes the variant's own model allows that
                              no run showed (informative: they do not fail the test) */
    bool pass;
    bool racy;    /* judged by the oracle, every model the variant claims finds the test racy and
                     no run was fatal or unexpected: every outcome is undefined, so nothing was
                     checked (not a pass; `gpucoh litmus` prints RACY and counts it apart) */
    bool stopped; /* o->progress stopped the runs early */
} litmus_result_t;

void litmus_result_free(litmus_result_t* r);

/* The tests of a litmus command by verdict: a racy test is counted apart (neither passed nor
 * failed); interrupted tests end the command. */
typedef struct {
    uint32_t passed, failed, racy, interrupted;
} lit_tally_t;

/* The command's overall line on f ("litmus: N files, V variants, P passed, F failed" and its
 * racy / interrupted parts) and, into close, the JSON's end of the tests array and its "summary"
 * object. `gpucoh litmus` and `gpucoh campaign merge` print it, so the two say the same. */
void litmus_summary_print(FILE* f, uint32_t nfiles, uint32_t nvar, const lit_tally_t* n,
                          char* close, size_t len);

/* The command's exit status from its tally: 130 (interrupted), 1 (a test failed, or every test
 * racy: nothing was checked), else 0. */
int litmus_tally_status(const lit_tally_t* n);
uint32_t litmus_nkeys(const litmus_t* t);
const char* litmus_key(const litmus_t* t, uint32_t i);
/* "r0=1 r1=0" */
void litmus_format(const litmus_t* t, const uint32_t* v, char* buf, size_t len);

/* Check a test against a configuration before running it (litmus_run does it too): the
 * configuration, that the threads, warmers, initialiser, observer and locations fit it, and the
 * delays. A thread's consecutive `delay`s may add up to at most half of the system's deadlock
 * limit (cfg->deadlock_cycles; 0 = 100000), since a longer idle stretch can pass that limit
 * with no operation completing anywhere and be reported as a hardware DEADLOCK; and all of a
 * thread's delays together to at most half of a run's cycle budget (o->max_cycles; o NULL =
 * the defaults). 0, or -1 with "FILE:LINE: ..." in err: an input error. */
int litmus_check(const litmus_t* t, const gsys_cfg_t* cfg, const litmus_opts_t* o, char* err,
                 size_t errlen);

/* What litmus_check checks of the placement alone (threads, warmers, initialiser, observer,
 * locations and o->set_traffic's wavefronts fit cfg; no oracle, no delays): cheap, for a
 * campaign that checks every test before any run. 0, or -1 with the message in err. */
int litmus_check_fit(const litmus_t* t, const gsys_cfg_t* cfg, const litmus_opts_t* o, char* err,
                     size_t errlen);
/* The most set-traffic wavefronts t fits under cfg (the spare wavefronts of its SMs after its
 * threads and warmers; 0 when it does not fit at all). */
uint32_t litmus_traffic_room(const litmus_t* t, const gsys_cfg_t* cfg);

/* Run the test under cfg (the variant is the descriptor's; cfg->seed is ignored: runs draw their
 * own seeds). Prints the histogram table and the verdict to out (NULL = silent). Returns 0 = pass,
 * 1 = fail, -1 = setup error (test does not fit the configuration, backend failed; message in
 * err). res (optional) receives the histogram; free it with litmus_result_free. */
int litmus_run(const litmus_t* t, const gsys_cfg_t* cfg, const litmus_opts_t* o, FILE* out,
               litmus_result_t* res, char* err, size_t errlen);

/* Print a result's table and verdict (what litmus_run prints). */
void litmus_print(FILE* f, const litmus_t* t, const litmus_opts_t* o, const litmus_result_t* r);

#endif /* GPUCOH_LITMUS_H */
