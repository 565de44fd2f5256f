/* SPDX-License-Identifier: Apache-2.0 */
/*
 * traffic.h -- random-traffic workload for the shared system (tb/sys/gsys.h), sized through the
 * protocol's descriptor (geometry, traffic hints), for lockstep and coverage runs. Values are not
 * checked (lockstep compares C and RTL).
 *
 * Every wavefront draws operations over a small pool of lines chosen to collide in the L1 and
 * L2 sets: line(b, s, k) = b + NumBanks * (s + L2Sets * k) for every bank b, s < l2_sets_used,
 * k < tags_per_set. The first hot_lines lines of the pool (spread over banks and sets) are the
 * "hot" lines used for sharing, write bursts and atomics. Global phases, each a random number
 * of cycles long, change the mix:
 *   READ    loads of the hot lines from every SM (shared S lines, merges in I_V / I_S);
 *   MIXED   loads, stores, atomics and fences over the whole pool;
 *   WRITE   store bursts to one focus line per wavefront (pending-write limits, V_M, UPGR);
 *   ATOMIC  atomics (ADD, EXCH, CAS) mixed with loads and stores of the hot lines;
 *   CONFLICT loads and stores over the whole pool (evictions, M_I, MSHR pressure);
 *   SOLO    one wavefront per SM streams stores at full rate (its write counter fills up);
 *   QUIET   no new operations for longer than the longest lease (leases expire).
 * Operations: LOAD_LINE, STORE_LINE (random non-empty byte mask, random data), ATOMIC, FENCE
 * (both scopes), and a few word LOAD/STORE/ACQUIRE/RELEASE. finished() once every wavefront has
 * completed its share of the operation budget.
 *
 * Steering (cfg.steer, `--steer on`, the default): with probability steer_permille / 1000 a new
 * phase is instead one of five targeted at the cover points of tc_l1.md / tc_l2.md:
 *   FRESH   an L2 set the pool never uses (from set L2Sets-1 down): SM 0's wavefront 0 first
 *           writes line A and fences (A's fill leaves it E) or loads A, then loads B of the same
 *           set, in every bank: B takes an I way behind an E / live way (tc_l2 class-1 victim
 *           corners, which otherwise happen only in the first allocations after reset); then
 *           every wavefront mixes over that set's lines;
 *   TWIN    the hot lines and their twins, whose line address differs only in the top bit (same
 *           bank and sets, tags differing in their most significant bit);
 *   MERGE   every wavefront loads one line per 64-cycle round: all of an SM's loads merge into
 *           one GETS (orig | late full);
 *   LEASE   loads of the hot lines only, three times the longest phase: the L2 predictor climbs
 *           to PredMax;
 *   STREAM  the pool's L2 sets over 16 x L2Ways tags: the SOLO wavefront of each SM streams
 *           stores (its write count fills up behind L2 misses), the others load (misses evict
 *           unexpired lines into M_I entries until the MSHRs are full).
 *   ROLL    not drawn: before the timer's first roll (cfg.roll_cycle, known when an era is
 *           long, i.e. `--start-time` near the wrap at the paper size) nothing is issued for
 *           quiet_min cycles (leases run out, queues drain), then for 1 000 cycles up to the
 *           roll and 300 after it odd wavefronts load then store lines of their SM's own L2 set
 *           (stamps saturated at 2^TsWidth-1, private UPGRs, V_M lines at the roll), even ones
 *           load lines of one set per bank over L2Ways + 8 tags (live lines evicted to M_I and
 *           asked for again: H20 fetches in flight at the roll).
 *   FENCE   drawn only with the protocol's fence_all hint (gsys_traffic_t): every wavefront
 *           alternates a line store and a GPU fence at full rate.
 *   STEAL   drawn only for a variant that takes the remote scope (gsys_traffic_t.rm_steal, set
 *           by gsys_variant_takes_rm; docs/units/gpu/rsp.md section 12.3): one SM's wavefronts
 *           (the owner) run CTA-scope atomics and line stores on two hot lines at full rate, the
 *           other SMs' wavefronts rm acquires, releases and atomics on the same lines. Its draw
 *           comes after FENCE's, so every other variant draws what it drew before, and its
 *           report lists STEAL only when it can be drawn.
 * With steer false no extra random number is drawn: the same seed gives the same operations as
 * before steering existed.
 *
 * Streams. The cycle stream (the default) asks every idle wavefront every cycle and draws its
 * per-cycle chance each time. The event stream (cfg.events) draws, when a wavefront becomes idle
 * or a phase changes, the cycle of its next operation from the geometric distribution of that
 * chance (a survival table in 0.32 fixed point, integer arithmetic only), capped at the phase's
 * end; the wavefronts that issue every cycle in a phase (SOLO's one, FRESH's script, STREAM's
 * solo, STEAL's owner, FENCE) are due every cycle, and those that wait for a boundary (QUIET,
 * MERGE's next round, ROLL's start) sleep until it.
 *
 * The energy filter (tb/engine/energy_filter.h, synth/energy.sh): with GPUCOH_ENERGY_OPS set,
 * "none" issues nothing (the idle baseline), a comma list of classes (load = LOAD and LOAD_LINE,
 * store = STORE and STORE_LINE, atomic, fence, acquire, release) issues only the operations of
 * those classes; the others are drawn as without the filter and then not issued (the wavefront
 * waits). Unset, the traffic is unchanged.
 */
#ifndef GPUCOH_TRAFFIC_H
#define GPUCOH_TRAFFIC_H

#include <stdint.h>
#include <stdio.h>

#include "gsys.h"

typedef struct {
    uint64_t seed;
    uint64_t ops;          /* total operation budget over all wavefronts */
    uint32_t l2_sets_used; /* L2 sets per bank the pool maps to (1..L2Sets) */
    uint32_t tags_per_set; /* pool lines per (bank, L2 set) */
    uint32_t hot_lines;    /* hot subset (1..pool size) */
    uint32_t phase_min;    /* phase length in cycles, drawn in [phase_min, phase_max] */
    uint32_t phase_max;
    uint32_t quiet_min; /* QUIET length in cycles (make it > PredMax / Lease) */
    uint32_t quiet_max;
    uint32_t quiet_permille; /* chance that a new phase is QUIET */
    uint32_t word_permille;  /* share of word ops (LOAD/STORE/ACQUIRE/RELEASE) */
    bool steer;              /* steered phases too (false: the traffic of before, draw for draw) */
    uint32_t steer_permille; /* chance that a new phase is a steered one */
    uint64_t roll_cycle;     /* steering: the cycle of the timer's first roll, 0 = none */
    /* The event stream (`--traffic events`; docs/system.md "Traffic streams"): instead of one
     * draw per idle wavefront per cycle, a wavefront draws once how many cycles it waits before
     * its next operation (geometric, with the phase's per-cycle chance), and the system asks it
     * only then (gsys_workload_t.due). The same phases, mixes and rates in distribution; not the
     * same operations for a seed as the cycle stream (false, the default: every recorded result) */
    bool events;
    /* Per mille of the wavefronts that issue at all (1..1000; 1000: every one), spread evenly
     * over the system in wavefront order (sm * NumWf + wf): `--active-wf` */
    uint32_t active_permille;
} traffic_cfg_t;

/* The cycle of the global unit's first roll (TC: the timer's edge at now = 2^TsWidth-1) for a
 * system started at cfg->start (0: not loaded), or 0 when the range (start_max) is shorter than
 * 2^20 cycles (rolls are then frequent and need no phase of their own) or there is none. */
uint64_t traffic_roll_cycle(const gsys_cfg_t* cfg);
/* Defaults sized from the geometry: 2 L2 sets per bank, 3 * L2Ways lines per set, 4 hot lines
 * per bank (at most 16), phases 200..2000 cycles, QUIET 2..3 times the longest expected lease
 * (the descriptor's traffic life; TC: Lease, or min(PredMax, 4 * PredInit)), at most 90 000 cycles
 * (below the harness's 100 000-cycle deadlock limit). */
traffic_cfg_t traffic_cfg_default(const gsys_cfg_t* cfg, uint64_t seed, uint64_t ops);

typedef struct traffic traffic_t;

traffic_t* traffic_new(const gsys_cfg_t* cfg, const traffic_cfg_t* c, char* err, size_t errlen);
void traffic_free(traffic_t* r);
/* Fill wl with the callbacks of r (r must outlive the system). */
void traffic_workload(traffic_t* r, gsys_workload_t* wl);
uint64_t traffic_completed(const traffic_t* r);
/* Pool size, phases entered per kind, operations by kind. */
void traffic_print(const traffic_t* r, FILE* f);
/* The event stream's draw of a wait (its test): the cycles a wavefront waits before a per-cycle
 * chance of permille / 1000 first comes true (0 for 1000 and above, UINT64_MAX for 0), from r's
 * generator. */
uint64_t traffic_wait_draw(traffic_t* r, uint32_t permille);

#endif /* GPUCOH_TRAFFIC_H */
