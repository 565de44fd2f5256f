/* SPDX-License-Identifier: Apache-2.0 */
/*
 * compare_claims.c -- the qualitative claims `gpucoh compare` checks (compare.h, docs/compare.md).
 *
 * Data, not protocol code: each claim names the variants it compares by their registered names
 * and is reported "not run" when one of them is not registered (or not selected), so the shared
 * system still reaches protocols only through their descriptors (docs/framework.md, "Protocols",
 * section 5). A claim is a direction taken from a paper (the reference notes seed000-hlrc.md,
 * seed001-tc.md, seed002-denovo.md, seed003-gtsc.md), never a number: it is judged from the
 * measured metrics of the two runs.
 */
#include "compare.h"

static const cmp_claim_t CLAIMS[] = {
    {"GH-INV", "workqueue", "l1_inv_events", "gpu-h", CLAIM_LT, "gpu-d", 0,
     "GPU-H flash-invalidates its L1s fewer times than GPU-D on workqueue: CTA-scope acquires "
     "and releases stay in the L1",
     "seed002-denovo.md Table 2 (GH reuses valid data across local synchronization, GD does "
     "not), section 2.3"},
    {"GH-CYC", "workqueue", "cycles", "gpu-h", CLAIM_LT, "gpu-d", 0,
     "GPU-H finishes workqueue in fewer cycles than GPU-D",
     "seed002-denovo.md R5: 46 % lower execution time for GH than GD on benchmarks with local "
     "synchronization"},
    {"GH-MSG", "workqueue", "messages", "gpu-h", CLAIM_LT, "gpu-d", 0,
     "GPU-H sends fewer messages than GPU-D on workqueue: local atomics and the data they guard "
     "stay in the L1",
     "seed002-denovo.md R6 (atomic traffic -94 %) and R8 (data traffic -78 %), GH vs GD"},
    {"GH-GD-PC", "prodcons", "cycles", "gpu-h", CLAIM_NEAR, "gpu-d", 0.05,
     "GPU-H and GPU-D take the same time on prodcons (within 5 %): it synchronizes at GPU scope "
     "only",
     "seed002-denovo.md section 4: G* = GD = GH without local synchronization (HRF changes "
     "nothing there)"},
    {"GH-GD-RS", "readshared", "cycles", "gpu-h", CLAIM_NEAR, "gpu-d", 0.05,
     "GPU-H and GPU-D take the same time on readshared (within 5 %): GPU-scope acquires only",
     "seed002-denovo.md section 4: G* = GD = GH without local synchronization"},
    {"TCW-CYC", "prodcons", "cycles", "tc-weak", CLAIM_LT, "tc-strong", 0,
     "TC-Weak finishes prodcons in fewer cycles than TC-Strong: TC-Strong's stores wait at the L2 "
     "for the consumers' leases",
     "seed001-tc.md R6: TCW +28 % performance over TCS; section 2.3 items 3 and 9 (a TC-Strong "
     "store's completion waits at the L2 until the global timestamp has expired; TC-Weak never "
     "stalls writes)"},
    {"TCS-STALL", "prodcons", "l2_stall_cycles", "tc-strong", CLAIM_GT, "tc-weak", 0,
     "TC-Strong's banks stall more cycles than TC-Weak's on prodcons (writes to lines with "
     "unexpired leases wait)",
     "seed001-tc.md section 2.3 items 3 and 9 (TC-Weak \"eliminates expensive stalling at the "
     "shared L2 cache controllers\"; the stalled write blocks the in-order bank)"},
    /* DeNovo (seed 002): every claim as the paper states it, judged on the workload that has the
     * paper's kind of synchronization or data; worksteal and readonly are the workloads added for
     * them (synth.h) */
    {"DD-WS-CYC", "worksteal", "cycles", "denovo-d", CLAIM_LT, "gpu-d", 0,
     "DeNovo-D finishes worksteal in fewer cycles than GPU-D: global synchronization repeated by "
     "the same SM is performed in the owner's L1 after one registration",
     "seed002-denovo.md R1: 28 % lower execution time for DeNovo+DRF than GPU+HRF on the "
     "global-synchronization microbenchmarks; Table 2 (Reuse Synchronization, Dynamic Sharing: "
     "efficient work stealing for DD, not GD)"},
    {"DD-WS-MSG", "worksteal", "messages", "denovo-d", CLAIM_LT, "gpu-d", 0,
     "DeNovo-D sends fewer messages than GPU-D on worksteal",
     "seed002-denovo.md R2: 81 % lower network traffic for D* than G* on the global-"
     "synchronization microbenchmarks"},
    {"DD-WS-L2", "worksteal", "requests", "denovo-d", CLAIM_LT, "gpu-d", 0,
     "DeNovo-D makes fewer L2 accesses (requests) than GPU-D on worksteal: registered "
     "synchronization and data stay in the L1",
     "seed002-denovo.md section 2.4 and Table 2 (Reuse Written Data, Reuse Synchronization: DD "
     "yes, GD no; GD performs every atomic at the L2)"},
    {"DD-PC-CYC", "prodcons", "cycles", "denovo-d", CLAIM_LT, "gpu-d", 0,
     "DeNovo-D finishes prodcons in fewer cycles than GPU-D (GPU-scope flag synchronization)",
     "seed002-denovo.md R1: 28 % lower execution time for D* than G* with global "
     "synchronization"},
    {"DDRO-MISS", "readonly", "l1_load_misses", "denovo-d-ro", CLAIM_LT, "denovo-d", 0,
     "DeNovo-D+RO misses fewer loads in the L1 than DeNovo-D on readonly: read-only words "
     "survive the acquires",
     "seed002-denovo.md Table 2 footnote 2 and section 1.7 (the read-only region lets DD reuse "
     "valid data across synchronization)"},
    {"DDRO-CYC", "readonly", "cycles", "denovo-d-ro", CLAIM_LT, "denovo-d", 0,
     "DeNovo-D+RO finishes readonly in fewer cycles than DeNovo-D",
     "seed002-denovo.md R4 (DD+RO removes GPU-H's advantage over DD on average) and section 2.6"},
    {"DH-DD-CYC", "workqueue", "cycles", "denovo-h", CLAIM_LT, "denovo-d", 0,
     "DeNovo-H finishes workqueue (CTA-scope synchronization) in fewer cycles than DeNovo-D",
     "seed002-denovo.md R11: DH reduces execution time, energy and traffic vs DD for all "
     "applications with local scope"},
    {"DH-DD-MSG", "workqueue", "messages", "denovo-h", CLAIM_LT, "denovo-d", 0,
     "DeNovo-H sends fewer messages than DeNovo-D on workqueue", "seed002-denovo.md R11"},
    {"GH-DD-CYC", "workqueue", "cycles", "gpu-h", CLAIM_LT, "denovo-d", 0,
     "GPU-H finishes workqueue (local synchronization) in fewer cycles than DeNovo-D",
     "seed002-denovo.md R3: 6 % lower execution time on average (13 % at most) for GPU-H than "
     "DeNovo-D on the local / hybrid synchronization benchmarks"},
    {"DH-GH-WS", "worksteal", "cycles", "denovo-h", CLAIM_LT, "gpu-h", 0,
     "DeNovo-H finishes worksteal (GPU-scope synchronization) in fewer cycles than GPU-H",
     "seed002-denovo.md R13: DH comparable to or better than GPU+HRF everywhere and "
     "significantly better with globally scoped synchronization"},
    /* hLRC (seed 000) against RSP, the steal-only baseline and DeNovo on rsteal, the paper's
     * work-stealing set-up: each variant with the scopes its configuration in the paper uses
     * (synth.h, compare.h cmp_synth_scopes: GPU-RSP CTA pops / RM steals, GPU-H GPU for
     * everything = steal-only, hLRC and DeNovo-D CTA pops / GPU steals) */
    {"HL-RSP-CYC", "rsteal", "cycles", "hlrc", CLAIM_LT, "gpu-rsp", 0,
     "hLRC finishes rsteal in fewer cycles than GPU-RSP: ownership moves only on a steal, where "
     "RSP broadcasts a flush and an invalidation to every L1 for each remote-scoped operation",
     "seed000-hlrc.md R3 (hLRC +29 % over the baseline) against R7 (RSP -4 %), Fig. 4"},
    {"HL-RSP-MSG", "rsteal", "messages", "hlrc", CLAIM_LT, "gpu-rsp", 0,
     "hLRC sends fewer messages than GPU-RSP on rsteal (no broadcasts)",
     "seed000-hlrc.md section 2.2 (RSP's broadcast lock / flush / invalidate / unlock "
     "\"increase network traffic\") and R12 (one remote action per other L1 per steal)"},
    {"HL-DD-CYC", "rsteal", "cycles", "hlrc", CLAIM_LT, "denovo-d", 0,
     "hLRC finishes rsteal in fewer cycles than DeNovo-D",
     "seed000-hlrc.md R4 and R11: hLRC 7 % better than DeNovo-B on average (but DeNovo-B "
     "\"is even able to outperform hLRC when ... stealing is frequent\", section 4)"},
    {"HL-GH-CYC", "rsteal", "cycles", "hlrc", CLAIM_LT, "gpu-h", 0,
     "hLRC finishes rsteal in fewer cycles than GPU-H in the steal-only configuration (GPU "
     "scope for everything)",
     "seed000-hlrc.md R9 (hLRC +29 %) against R6 (steal-only +16 %); section 4: hLRC matches or "
     "exceeds the best of scope-only and steal-only"},
    {"RSP-GH-CYC", "rsteal", "cycles", "gpu-rsp", CLAIM_GT, "gpu-h", 0,
     "GPU-RSP takes more cycles on rsteal than GPU-H steal-only: its CTA-scope pops do not pay "
     "for the broadcasts of its remote-scoped steals",
     "seed000-hlrc.md R7 and R10 (RSP 4 % slower than the baseline on average, up to 33 %) "
     "against R6 (steal-only 16 % faster than the baseline)"},
    /* G-TSC (seed 003, thesis chapter 3) against TC. The thesis's "TC with RC" is TC-Weak (RC
     * without write atomicity, seed003-gtsc.md section 2.11); its "TC with SC" is taken as
     * TC-Strong, the write-atomic TC whose write stall the thesis describes (section 2.11,
     * drawback 3); "G-TSC-RC" / "G-TSC-SC" are gtsc / gtsc-sc (docs/units/gtsc/gtsc.md section
     * 2). The thesis's "benchmarks that require coherence" are prodcons (flags) and workqueue
     * (atomics and locks) here; its results are averages over six such benchmarks, judged here
     * one workload at a time (gtsc.md section 16) */
    {"GT-TCW-PC-CYC", "prodcons", "cycles", "gtsc", CLAIM_LT, "tc-weak", 0,
     "G-TSC finishes prodcons in fewer cycles than TC-Weak: its stores never wait for a lease",
     "seed003-gtsc.md section 4.2: \"G-TSC is able to achieve about 38% speedup over TC with RC\" "
     "(thesis section 3.6.2, Fig. 3.12); section 2.1 (a store is scheduled in logical time after "
     "every lease)"},
    {"GT-TCW-WQ-CYC", "workqueue", "cycles", "gtsc", CLAIM_LT, "tc-weak", 0,
     "G-TSC finishes workqueue in fewer cycles than TC-Weak",
     "seed003-gtsc.md section 4.2: about 38 % speedup over TC with RC (thesis section 3.6.2)"},
    {"GTSC-TCS-CYC", "prodcons", "cycles", "gtsc-sc", CLAIM_LT, "tc-strong", 0,
     "G-TSC-SC finishes prodcons in fewer cycles than TC-Strong: TC-Strong's stores wait at the "
     "L2 for the consumers' leases, G-TSC's take a later timestamp",
     "seed003-gtsc.md section 4.2: \"about 84% speedup over TC with SC\" (thesis section 3.6.2); "
     "section 2.11 drawback 3 (a TC write to an unexpired block waits)"},
    {"GTSC-TCW-CYC", "prodcons", "cycles", "gtsc-sc", CLAIM_LT, "tc-weak", 0,
     "G-TSC-SC finishes prodcons in fewer cycles than TC-Weak",
     "seed003-gtsc.md section 4.2: \"G-TSC with SC outperforms TC with RC by 26% for benchmarks "
     "that require coherence\" (thesis section 3.6.2)"},
    {"GT-SC-CYC", "prodcons", "cycles", "gtsc", CLAIM_LT, "gtsc-sc", 0,
     "G-TSC (RC) finishes prodcons in fewer cycles than G-TSC-SC: its warps do not wait for each "
     "store's acknowledgement",
     "seed003-gtsc.md section 4.2: \"benchmarks that requires coherence obtain 12% speedup with "
     "RC compared to SC\" (thesis section 3.6.2; CC the exception)"},
    {"GT-TCS-STALL", "prodcons", "l2_stall_cycles", "gtsc", CLAIM_LT, "tc-strong", 0,
     "G-TSC's banks stall fewer cycles than TC-Strong's on prodcons: no store waits for a lease",
     "seed003-gtsc.md section 2.1 (\"a write could be performed long before the read lease "
     "expires\", thesis section 3.3.1) and section 2.11 drawback 3 (TC's lease-induced stalls)"},
    {"GT-TCW-STALL", "prodcons", "stall_cycles", "gtsc", CLAIM_LT, "tc-weak", 0,
     "G-TSC's L1s and banks stall fewer cycles than TC-Weak's on prodcons",
     "seed003-gtsc.md section 4.2: \"TC encounters around 45% more stalls than G-TSC for the "
     "first set of benchmarks\" (thesis section 3.6.2, Fig. 3.13)"},
    {"GT-TCW-PC-MSG", "prodcons", "messages", "gtsc", CLAIM_LT, "tc-weak", 0,
     "G-TSC sends fewer messages than TC-Weak on prodcons",
     "seed003-gtsc.md section 4.2: \"G-TSC is able to reduce the traffic by 20% over TC with "
     "RC\" for the benchmarks that require coherence (thesis section 3.6.3, Fig. 3.15; notes "
     "section 6 item 16)"},
    {"GT-TCW-WQ-MSG", "workqueue", "messages", "gtsc", CLAIM_LT, "tc-weak", 0,
     "G-TSC sends fewer messages than TC-Weak on workqueue",
     "seed003-gtsc.md section 4.2: traffic -20 % over TC with RC (thesis section 3.6.3)"},
    {"GTSC-TCS-MSG", "prodcons", "messages", "gtsc-sc", CLAIM_LT, "tc-strong", 0,
     "G-TSC-SC sends fewer messages than TC-Strong on prodcons",
     "seed003-gtsc.md section 4.2: traffic -15.7 % \"with SC\" (thesis section 3.6.3)"},
    {"GT-TCW-LEASE", "readshared", "l1_lease_misses", "gtsc", CLAIM_LT, "tc-weak", 0,
     "G-TSC's L1s miss fewer accesses on an expired lease than TC-Weak's on readshared: a "
     "logical lease ends when the warp's time passes it, not when physical time does",
     "seed003-gtsc.md section 4.2: \"the number of misses due to lease expiration has dropped by "
     "around 48%\" (thesis section 3.6.5)"},
    {"GT-TCW-PC-LEASE", "prodcons", "l1_lease_misses", "gtsc", CLAIM_LT, "tc-weak", 0,
     "G-TSC's L1s miss fewer accesses on an expired lease than TC-Weak's on prodcons",
     "seed003-gtsc.md section 4.2: lease-expiration misses -48 % (thesis section 3.6.5)"},
};

const cmp_claim_t* cmp_claims(uint32_t* n) {
    *n = (uint32_t)(sizeof CLAIMS / sizeof CLAIMS[0]);
    return CLAIMS;
}
