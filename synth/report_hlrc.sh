#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/report_hlrc.sh -- print, as markdown, the tables of docs/area-hlrc.md (the hLRC L1 and L2,
# hLRC / hLRC-scoped) from the results of synth/hlrc.sh (synth/results/hlrc_*.area.txt), beside
# the DeNovo units' (denovo_*.area.txt, synth/report_denovo.sh's paper-size table) and the
# baseline GPU units' (gpu_*.area.txt, synth/report_gpu.sh's): every measured point, the
# non-storage flops, the linear fits of the logic area in lines and store-buffer entries, the
# paper configuration (flops exact, logic extrapolated), the R state, owner ids and revocation
# registers at the paper configuration against seed 000's stated costs, hLRC-scoped against
# hLRC, the same-size points of the three families, and timing. Runs no synthesis; writes only
# to stdout.
#
# Usage: synth/report_hlrc.sh [--results DIR] [--update PAGE]
#   --update PAGE  instead of printing, replace in PAGE (docs/area-hlrc.md) the block of each
#                  table, from its line "<!-- synth/report_hlrc.sh: table N -->" to the line
#                  "<!-- end of table N -->", with table N of the report (written atomically)
#
# Method (docs/area-hlrc.md section 2, as docs/area-denovo.md): storage bits from the formulas
# of the unit pages (checked against every result's storage_bits); the non-storage flops linear
# and exact at every point; only the logic area extrapolated, linearly in lines and store-buffer
# entries (revoke queue, MSHRs and FIFOs are the paper's at every point).
set -euo pipefail

prog=report_hlrc.sh
fam=hlrc
# shellcheck disable=SC2034 # read by synth/report_ctl.sh
rtl_files="rtl/gpucoh_*.sv rtl/prim/gpucoh_*.sv rtl/hlrc/hlrc_pkg.sv rtl/hlrc/hlrc_l1.sv rtl/hlrc/hlrc_l2.sv"
# the command line, results, files, cur, die, report_main
# shellcheck source=synth/report_ctl.sh
. "$(dirname "${BASH_SOURCE[0]}")/report_ctl.sh"

# The other families' paper-size rows (table 5 of synth/report_denovo.sh and synth/report_gpu.sh
# over the same results directory) and their measured points of the same sizes; without them
# the comparison columns say n/a. A family's results named in synth/known-stale.txt are marked.
dfiles=("$results"/denovo_*.area.txt)
gfiles=("$results"/gpu_*.area.txt)
other5=""
if ((${#dfiles[@]} > 0)); then
  other5+=$(bash synth/report_denovo.sh --results "$results" 2>/dev/null |
    awk '/^\| denovo_l1, DeNovo-D \(one SM/ || /^\| denovo_l2 \(one bank/' | tr -d '*,') || true
  other5+=$'\n'
fi
if ((${#gfiles[@]} > 0)); then
  other5+=$(bash synth/report_gpu.sh --results "$results" 2>/dev/null |
    awk '/^\| gpu_l1, GPU-H \(one SM/ || /^\| gpu_l2 \(one bank/' | tr -d '*,') || true
fi
# the GPU and DeNovo points listed as stale (space separated, "gpu_l1_s2_sb16_b16 ...")
known=""
if [[ -f synth/known-stale.txt ]]; then
  known=$(awk '$1 ~ /^(gpu|denovo)$/ && NF == 2 { printf "%s_%s ", $1, $2 }' synth/known-stale.txt)
fi

report() {
bash synth/status_note.sh --results "$results" --marker "$prog" synth-hlrc synth/hlrc.sh
awk -v cur="$cur" -v prog="$prog" -v fam=hlrc -v other5="$other5" -v known="$known" -f synth/report_lib.awk -f - "${files[@]}" "${dfiles[@]}" "${gfiles[@]}" <<'AWK'
  # Storage formulas of docs/units/hlrc/hlrc_l1.md / hlrc_l2.md section 3 (synth/points/hlrc.sh,
  # and tb/proto/hlrc/hlrc_units.c); the paper's NumWf 48, NumBanks 16, NumSm 15, AddrWidth 32,
  # L1Ways 8, WtCntWidth 9, L2Ways 16, L2Mshrs 32 unless a point sets them.
  function la(lb) { return 32 - clog2(lb) }
  function l1_line(sets, lb) { return (la(lb) - clog2(sets)) + 5 + 48 + 9 * lb + 3 }
  function l1_sb(sbe, lb) { return sbe * la(lb) + clog2(sbe) + clog2(sbe + 1) }
  function l1_rvq(lb) { return 16 * (la(lb) + 2) + 4 + 5 }
  function l1_iw(sets,    iw) { iw = clog2(sets * 8); return (iw < 1 ? 1 : iw) }
  function l1_bits(sets, sbe, lb) { return sets * 8 * l1_line(sets, lb) + l1_sb(sbe, lb) + 9 + 1 + clog2(sbe + 1) + 3 * 48 + 16 + (l1_iw(sets) + 4) + (3 + l1_iw(sets) + la(lb)) + l1_rvq(lb) }
  function l2_line(sets, lb) { return (la(lb) - clog2(sets)) + 3 + 4 + 4 + 8 * lb }
  function l2_mshr(lb) { return 1 + la(lb) + 4 + 15 + lb }
  function l2_bits(sets, lb) { return sets * 16 * l2_line(sets, lb) + 32 * l2_mshr(lb) + (1 + 4 + la(lb) + 4) + 1 }
  function col(row, k,    c) { split(row, c, "|"); gsub(/^ +| +$/, "", c[k]); return c[k] + 0 }
  function dpct(a, b) { return (b == "" || b == 0) ? "n/a" : pct(a - b, b) }
  function stale(p) { return (index(" " known, " " p " ") > 0) }
  function mark(p) { return stale(p) ? " (stale: to be re-measured)" : "" }
  function need(p) { ctl_need(p) }

  END {
    if (NPTS == 0) exit 1
    p0 = PTS[1]
    CELL = g(p0, "sram_cell_um2"); PERIPH = g(p0, "sram_periph_frac")
    FIXED = g(p0, "sram_macro_fixed_um2"); FF = g(p0, "storage_ff_cell_um2")

    # ---- classify the points and check the storage formulas -----------------------------------
    for (i = 1; i <= NPTS; i++) {
      p = PTS[i]; if (p ~ /^(gpu|denovo)_/) continue
      top = g(p, "top"); par = g(p, "params"); lb = pget(par, "LineBytes", 64)
      Q[p, "lb"] = lb
      if (top == "hlrc_l1") {
        s = pget(par, "L1Sets", 64); e = pget(par, "SbEntries", 256)
        Q[p, "lines"] = s * 8; Q[p, "sbe"] = e; Q[p, "lsbe"] = clog2(e)
        want = l1_bits(s, e, lb)
      } else if (top == "hlrc_l2") {
        s = pget(par, "L2Sets", 256)
        Q[p, "lines"] = s * 16; Q[p, "mshrs"] = pget(par, "L2Mshrs", 32); want = l2_bits(s, lb)
      } else { print prog ": error: " p ": unknown top " top > "/dev/stderr"; exit 1 }
      ctl_check(p, want)
    }

    # ---- 1. every measured point ----------------------------------------------------------------
    ctl_table1("hlrc_l1", "l1_s2_sb16_b16 l1_s2_sb64_b16 l1_s2_sb16_b16_scoped l1_s2_sb16_b64 l1_s4_sb16_b64",
               "hlrc_l2", "l2_s1_b64 l2_s2_b64")
    ctl_rtl_measured("^(gpu|denovo)_")

    # ---- 2. non-storage flops, two points a model (exact by construction) ----------------------
    A = "l1_s2_sb16_b16"; B = "l1_s2_sb64_b16"; C = "l1_s2_sb16_b64"; D = "l1_s4_sb16_b64"
    E = "l2_s1_b64"; F = "l2_s2_b64"; S = "l1_s2_sb16_b16_scoped"
    need(A); need(B); need(C); need(D); need(E); need(F)
    NSS = (ctl_ns(B) - ctl_ns(A)) / (Q[B, "lsbe"] - Q[A, "lsbe"])      # per log2(SB entries), 16 B
    NSL1 = (ctl_ns(D) - ctl_ns(C)) / (Q[D, "lines"] - Q[C, "lines"])   # per line, 64 B
    NS1 = ctl_ns(C) - NSL1 * Q[C, "lines"] - NSS * Q[C, "lsbe"]
    NSL2 = (ctl_ns(F) - ctl_ns(E)) / (Q[F, "lines"] - Q[E, "lines"])
    NS2 = ctl_ns(E) - NSL2 * Q[E, "lines"]
    print "<!-- synth/" prog ": table 2 -->"
    print "| unit | points | non-storage flops (flops − storage bits) at the points | model |"
    print "|---|---|---|---|"
    printf "| hlrc_l1, 16 B lines, 16 lines | `%s`, `%s` | %d, %d | %g %s × log2(SB entries) |\n", A, B, ctl_ns(A), ctl_ns(B), ctl_ns(A) - NSS * Q[A, "lsbe"], sgn(sprintf("%g", NSS))
    printf "| hlrc_l1, 64 B lines | `%s`, `%s` | %d, %d | %g %s × lines %s × log2(SB entries) (the latter from the 16 B pair) |\n", C, D, ctl_ns(C), ctl_ns(D), NS1, sgn(sprintf("%g", NSL1)), sgn(sprintf("%g", NSS))
    printf "| hlrc_l2, 64 B lines | `%s`, `%s` | %d, %d | %g %s × lines |\n", E, F, ctl_ns(E), ctl_ns(F), NS2, sgn(sprintf("%g", NSL2))
    if (has(S)) printf "| hlrc_l1, hLRC-scoped | `%s` | %d | %+d against `%s` |\n", S, ctl_ns(S), ctl_ns(S) - ctl_ns(A), A
    print ""

    # ---- 3. hlrc_l1 logic: F + s_L x lines + s_SB x SB entries ----------------------------------
    SS1 = (logic(B) - logic(A)) / (Q[B, "sbe"] - Q[A, "sbe"])
    SL1 = (logic(D) - logic(C)) / (Q[D, "lines"] - Q[C, "lines"])
    A1 = logic(C) - SL1 * Q[C, "lines"] - SS1 * Q[C, "sbe"]
    print "<!-- synth/" prog ": table 3 -->"
    printf "hlrc_l1 (hLRC), logic area = F + s_L × lines + s_SB × SB entries: s_SB from the two 16 B points of 16 lines (16 and 64 entries), s_L and F from the two 64 B points (16 and 32 lines, 16 entries): **F = %s µm², s_L = %s µm² per 64 B line, s_SB = %s µm² per store-buffer entry**. Three unknowns through three points: no residual, no check point (section 9).\n\n", commas(A1, 0), commas(SL1, 0), commas(SS1, 0)
    print "| point | lines | line bytes | SB entries | logic µm² measured | flops | total area µm² |"
    print "|---|--:|--:|--:|--:|--:|--:|"
    n = split(A " " B " " C " " D, L, " ")
    for (i = 1; i <= n; i++) { p = L[i]; printf "| `%s` | %d | %d | %d | %s | %s | %s |\n", p, Q[p, "lines"], Q[p, "lb"], Q[p, "sbe"], commas(logic(p), 0), commas(g(p, "flops"), 0), commas(g(p, "area_um2"), 0) }
    # the 16 B line at 16 lines against the 64 B line at 16 lines: what 48 bytes more of a line
    # cost (data, dirty mask, datapaths), fixed logic and per-line logic together
    printf "\nFrom 16 B to 64 B lines at 16 lines and 16 entries (`%s` against `%s`): logic %s µm² (%s), flops %s.\n\n", C, A, commas(logic(C) - logic(A), 0), pct(logic(C) - logic(A), logic(A)), commas(g(C, "flops") - g(A, "flops"), 0)

    # ---- 4. hlrc_l2 logic: F + s_L x lines -------------------------------------------------------
    SL2 = (logic(F) - logic(E)) / (Q[F, "lines"] - Q[E, "lines"])
    A2 = logic(E) - SL2 * Q[E, "lines"]
    print "<!-- synth/" prog ": table 4 -->"
    printf "hlrc_l2, 64 B lines, 32 MSHRs (the paper's), logic area = F + s_L × lines through the two points of 16 and 32 lines (L2Sets 1 and 2): **F = %s µm², s_L = %s µm² per line**. No residual, no check point (section 9).\n\n", commas(A2, 0), commas(SL2, 0)
    print "| point | lines | MSHRs | logic µm² measured | flops | total area µm² |"
    print "|---|--:|--:|--:|--:|--:|"
    n = split(E " " F, L, " ")
    for (i = 1; i <= n; i++) { p = L[i]; printf "| `%s` | %d | %d | %s | %s | %s |\n", p, Q[p, "lines"], Q[p, "mshrs"], commas(logic(p), 0), commas(g(p, "flops"), 0), commas(g(p, "area_um2"), 0) }
    print ""

    # ---- 5. paper configuration -------------------------------------------------------------------
    # hlrc_l1: 64 sets x 8 ways x 64 B, 256 SB entries; hlrc_l2: 256 x 16 x 64 B, 32 MSHRs
    P1bits = l1_bits(64, 256, 64); P1ns = NS1 + NSL1 * 512 + NSS * 8; P1flops = P1bits + P1ns; P1ff = FF * P1flops
    P1log = A1 + 512 * SL1 + 256 * SS1
    P1data = 512 * 512; P1dirty = 512 * 64; P1tag = 512 * (la(64) - 6)
    P2bits = l2_bits(256, 64); P2ns = NS2 + NSL2 * 4096; P2flops = P2bits + P2ns; P2ff = FF * P2flops
    P2log = A2 + 4096 * SL2
    P2data = 4096 * 512; P2tag = 4096 * (la(64) - 8)
    print "<!-- synth/" prog ": table 5 -->"
    print "| paper configuration (EXTRAPOLATED logic; flops exact) | storage bits | flops | flop area µm² | logic area µm² | total µm² | kGE | of which fixed (F and the fixed non-storage flops) µm² | data array in one macro µm² (flow convention) | data, dirty masks and tags in macros, logic kept µm² |"
    print "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
    fx1 = A1 + FF * (NS1 + NSS * 8)
    up1 = P1ff + P1log - FF * P1data + macro(P1data)
    lo1 = P1ff + P1log - FF * (P1data + P1dirty + P1tag) + macro(P1data) + macro(P1dirty) + macro(P1tag)
    T1 = P1ff + P1log
    printf "| hlrc_l1, hLRC (one SM: 64 sets × 8 ways × 64 B, 48 wavefronts, 256-entry store buffer, 16-entry revoke queue) | %s | %s | %s | %s | **%s** | %s | %s | %s | %s |\n", \
      commas(P1bits, 0), commas(P1flops, 0), commas(P1ff, 0), commas(P1log, 0), commas(T1, 0), commas(T1 / 24000, 0), commas(fx1, 0), commas(up1, 0), commas(lo1, 0)
    fx2 = A2 + FF * NS2
    up2 = P2ff + P2log - FF * P2data + macro(P2data)
    lo2 = P2ff + P2log - FF * (P2data + P2tag) + macro(P2data) + macro(P2tag)
    T2 = P2ff + P2log
    printf "| hlrc_l2 (one bank: 256 sets × 16 ways × 64 B, 32 MSHRs) | %s | %s | %s | %s | **%s** | %s | %s | %s | %s |\n", \
      commas(P2bits, 0), commas(P2flops, 0), commas(P2ff, 0), commas(P2log, 0), commas(T2, 0), commas(T2 / 24000, 0), commas(fx2, 0), commas(up2, 0), commas(lo2, 0)
    TS = 15 * T1 + 16 * T2
    printf "| system: 15 × hlrc_l1 + 16 × hlrc_l2 | %s | %s | %s | %s | **%s** | %s | %s | %s | %s |\n\n", \
      commas(15 * P1bits + 16 * P2bits, 0), commas(15 * P1flops + 16 * P2flops, 0), commas(15 * P1ff + 16 * P2ff, 0), \
      commas(15 * P1log + 16 * P2log, 0), commas(TS, 0), commas(TS / 24000, 0), \
      commas(15 * fx1 + 16 * fx2, 0), commas(15 * up1 + 16 * up2, 0), commas(15 * lo1 + 16 * lo2, 0)
    printf "Non-storage flops at the paper size (table 2's models): hlrc_l1 %s (%g %s × 512 lines %s × log2 256), hlrc_l2 %s (%g %s × 4,096 lines).\n", commas(P1ns, 0), NS1, sgn(sprintf("%g", NSL1)), sgn(sprintf("%g", NSS)), commas(P2ns, 0), NS2, sgn(sprintf("%g", NSL2))
    printf "Per line at the paper size (extrapolated): hlrc_l1 %s µm² = flops %s (%d storage bits %s) + logic %s; hlrc_l2 %s µm² = flops %s (%d %s) + logic %s; per store-buffer entry %s µm² = flops %s (%d) + logic %s.\n\n", \
      commas(FF * (l1_line(64, 64) + NSL1) + SL1, 0), commas(FF * (l1_line(64, 64) + NSL1), 0), l1_line(64, 64), sgn(sprintf("%g", NSL1)), commas(SL1, 0), \
      commas(FF * (l2_line(256, 64) + NSL2) + SL2, 0), commas(FF * (l2_line(256, 64) + NSL2), 0), l2_line(256, 64), sgn(sprintf("%g", NSL2)), commas(SL2, 0), \
      commas(FF * la(64) + SS1, 0), commas(FF * la(64), 0), la(64), commas(SS1, 0)

    # ---- 6. the R state, owner ids and revocation registers against the paper -----------------------
    # Bits at the paper configuration (unit pages section 3). Flop area exact (FF per bit); the
    # logic is not separable by these points: "pro rata" charges each bit the unit's average logic
    # per storage bit of a line (s_L / bits of a line), an estimate, not a measurement.
    r1 = SL1 / l1_line(64, 64); r2 = SL2 / l2_line(256, 64)
    print "<!-- synth/" prog ": table 6 -->"
    print "| structure (paper configuration) | RTL registers | bits | seed 000 says (notes/seed000-hlrc.md) | flop area µm² (exact) | flops + logic pro rata µm² (estimate) | of the unit (table 5 total), flops + logic pro rata |"
    print "|---|---|--:|---|--:|--:|--:|"
    split("", RB); nr = 0
    # L1
    nr++; RN[nr] = "hlrc_l1: R state, 2 bits × 512 lines"; RR[nr] = "`st_q[i]`'s second bit (I / V / R in 2 bits where I / V needs 1), `fresh_q[i]`"; RB[nr] = 2 * 512; RP[nr] = "Table 4: \"Additional DeNovo/hLRC Storage: L1 / L2 cache state: R state / R state\" (§1.2: the paper's entire hardware-cost statement; no bits, no area)"; RU[nr] = 1; RL[nr] = r1
    nr++; RN[nr] = "hlrc_l1: revoke queue (one slot a bank)"; RR[nr] = "`rvl_q[16]`, `rvp_q[16]`, `rvh_q`, `rvcnt_q`"; RB[nr] = l1_rvq(64); RP[nr] = "none: \"The paper has no other structure\" (§1.6); revocation is Table 3's \"Flush remote L1\" (c4, c12, c20), its transient states are not specified (§7 A14)"; RU[nr] = 1; RL[nr] = r1
    nr++; RN[nr] = "hlrc_l1: R-line eviction and registration in flight"; RR[nr] = "`evs_q`, `evi_q`, `evl_q`; `rgv_q`, `rgi_q`; `agv_q`, `hph_q` (hLRC-scoped)"; RB[nr] = (3 + l1_iw(64) + la(64)) + (l1_iw(64) + 4); RP[nr] = "none (§1.6; eviction of an R line flushes the L1, §III.C.2: no structure named)"; RU[nr] = 1; RL[nr] = r1
    nr++; RN[nr] = "hlrc_l2: registered bit and owner id, 1 + log2 15 = 5 bits × 4,096 lines"; RR[nr] = "`reg_q[i]`, `own_q[i]` (4 bits)"; RB[nr] = 5 * 4096; RP[nr] = "\"R state\" (Table 4) and the owner's id \"using its empty L2 data entry, avoiding the need for a separate pointer storage structure\" (§1.2, §1.5): 0 bits for the id; the RTL keeps it apart (hlrc_l2.md D8), 4 bits a line"; RU[nr] = 2; RL[nr] = r2
    nr++; RN[nr] = "hlrc_l2: the revocation register"; RR[nr] = "`rvv_q`, `rvw_q`, `rvl_q`, `rvo_q`; `qpri_q`"; RB[nr] = (1 + 4 + la(64) + 4) + 1; RP[nr] = "none (§1.6; \"the atomic variable may not be read by any core until the flush is complete\", §III.B.2, without a structure)"; RU[nr] = 2; RL[nr] = r2
    t1b = t2b = 0
    for (i = 1; i <= nr; i++) {
      tot = (RU[i] == 1 ? T1 : T2)
      printf "| %s | %s | %s | %s | %s | %s | %.2f %% |\n", RN[i], RR[i], commas(RB[i], 0), RP[i], commas(FF * RB[i], 0), commas((FF + RL[i]) * RB[i], 0), 100 * (FF + RL[i]) * RB[i] / tot
      if (RU[i] == 1) t1b += RB[i]; else t2b += RB[i]
    }
    printf "| **hlrc_l1, all of the above** | | **%s** | | %s | %s | **%.2f %%** |\n", commas(t1b, 0), commas(FF * t1b, 0), commas((FF + r1) * t1b, 0), 100 * (FF + r1) * t1b / T1
    printf "| **hlrc_l2, all of the above** | | **%s** | | %s | %s | **%.2f %%** |\n", commas(t2b, 0), commas(FF * t2b, 0), commas((FF + r2) * t2b, 0), 100 * (FF + r2) * t2b / T2
    printf "| **system, 15 × L1 + 16 × L2** | | **%s** | | %s | %s | **%.2f %%** |\n", commas(15 * t1b + 16 * t2b, 0), commas(FF * (15 * t1b + 16 * t2b), 0), commas(15 * (FF + r1) * t1b + 16 * (FF + r2) * t2b, 0), 100 * (15 * (FF + r1) * t1b + 16 * (FF + r2) * t2b) / TS
    printf "| lock and broadcast logic | none in hLRC | 0 | §1.4: RSP's \"Lock all RMWs\", \"Flush / Inv all L1s bcst\" (a per-L1 RMW-blocked flag and broadcast acceptance, [D]); hLRC has no broadcast (§1.6) | — | — | — |\n\n"
    printf "Pro rata: hlrc_l1's logic per line (%s µm²) over its %d storage bits a line = %s µm² a bit; hlrc_l2's (%s µm²) over %d bits = %s µm² a bit. The registers' real logic (the R / owner compares, the revoke-queue match against every line, the eviction and revocation sequencing) is inside F and s_L and is not separated by these points: no RTL without R exists to synthesize beside them.\n\n", \
      commas(SL1, 0), l1_line(64, 64), commas(r1, 1), commas(SL2, 0), l2_line(256, 64), commas(r2, 1)
    # per 64 B line, beside tag and data: the three families' line state (unit pages section 3;
    # docs/area-denovo.md table 8 for gpu and denovo)
    print "| per 64 B line, beside tag and data (unit pages §3) | registration state, bits | all other line state, bits | of which |"
    print "|---|--:|--:|---|"
    print "| L1, gpu_l1 (GPU-D / GPU-H; no registration) | 0 | 116 | val / pend / stale / acq (4), waiting-load mask (48), dirty byte mask (64) |"
    print "| L1, denovo_l1 (seed 002: registration per word) | 32 | 64 | 2 state bits per word I / V / R / VO (32); dirty byte mask (64) |"
    print "| L1, hlrc_l1 (seed 000: registration per line, synchronizing accesses only) | 2 | 118 | `st_q`'s R code (1 bit beyond I / V) and `fresh_q` (1); I / V (1), pend, stale (2), waiting-load mask (48), dirty byte mask (64), LRU rank (3, Rprio) |"
    print "| L2, gpu_l2 | 0 | 2 | state I / V / D / P (2) |"
    print "| L2, denovo_l2 | 33 | 2 | registered and busy bit per word (32), recall pending (1), the owner's id in the data slot; state (2) |"
    print "| L2, hlrc_l2 | 5 | 6 | registered bit (1) and owner id (4, log2 15 SMs, its own field); state (2), LRU rank (4, Rprio) |"
    print ""

    # ---- 7. hLRC-scoped against hLRC (the same L1 point) ------------------------------------------
    if (has(S)) {
      print "<!-- synth/" prog ": table 7 -->"
      print "| hlrc_l1, 16 lines × 16 B, 16 SB entries | cells | area µm² | flops | logic area µm² | fmax MHz |"
      print "|---|--:|--:|--:|--:|--:|"
      printf "| hLRC-scoped (Scoped = 1: GPU-scope accesses as ATOMICs at the bank, D25) | %s | %s | %s | %s | %s |\n", commas(g(S, "cells"), 0), commas(g(S, "area_um2"), 0), commas(g(S, "flops"), 0), commas(logic(S), 0), g(S, "fmax_mhz")
      printf "| hLRC (Scoped = 0: scopes ignored) | %s | %s | %s | %s | %s |\n", commas(g(A, "cells"), 0), commas(g(A, "area_um2"), 0), commas(g(A, "flops"), 0), commas(logic(A), 0), g(A, "fmax_mhz")
      printf "| hLRC-scoped − hLRC | %s | %s (%s) | %s | %s | |\n\n", commas(g(S, "cells") - g(A, "cells"), 0), commas(g(S, "area_um2") - g(A, "area_um2"), 0), pct(g(S, "area_um2") - g(A, "area_um2"), g(A, "area_um2")), commas(g(S, "flops") - g(A, "flops"), 0), commas(logic(S) - logic(A), 0)
    }

    # ---- 8. against DeNovo and the baseline GPU units ----------------------------------------------
    # other5: table 5's rows of report_denovo.sh and report_gpu.sh (commas and bold removed):
    # columns 3 storage bits, 4 flops, 7 total, 10 upper bound
    nr = split(other5, GR, "\n"); D1 = D2 = G1 = G2 = ""
    for (i = 1; i <= nr; i++) {
      if (GR[i] ~ /^\| denovo_l1/) D1 = GR[i]; if (GR[i] ~ /^\| denovo_l2/) D2 = GR[i]
      if (GR[i] ~ /^\| gpu_l1/) G1 = GR[i]; if (GR[i] ~ /^\| gpu_l2/) G2 = GR[i]
    }
    gst = (stale("gpu_l1_s2_sb16_b16") ? " (stale: measured before RSP; to be re-measured)" : "")
    print "<!-- synth/" prog ": table 8 -->"
    print "| paper configuration, one unit (EXTRAPOLATED logic) | storage bits | flops | total µm² (flip-flops) | hlrc − it | data in one macro µm² | hlrc − it |"
    print "|---|--:|--:|--:|--:|--:|--:|"
    printf "| hlrc_l1, hLRC (table 5) | %s | %s | %s | | %s | |\n", commas(P1bits, 0), commas(P1flops, 0), commas(T1, 0), commas(up1, 0)
    if (D1 != "") printf "| denovo_l1, DeNovo-D (docs/area-denovo.md table 5) | %s | %s | %s | %s (%s) | %s | %s (%s) |\n", commas(col(D1, 3), 0), commas(col(D1, 4), 0), commas(col(D1, 7), 0), commas(T1 - col(D1, 7), 0), dpct(T1, col(D1, 7)), commas(col(D1, 10), 0), commas(up1 - col(D1, 10), 0), dpct(up1, col(D1, 10))
    else print "| denovo_l1 | n/a (no denovo_ results in the results directory) | | | | | |"
    if (G1 != "") printf "| gpu_l1, GPU-H (docs/area-gpu.md table 5)%s | %s | %s | %s | %s (%s) | %s | %s (%s) |\n", gst, commas(col(G1, 3), 0), commas(col(G1, 4), 0), commas(col(G1, 7), 0), commas(T1 - col(G1, 7), 0), dpct(T1, col(G1, 7)), commas(col(G1, 10), 0), commas(up1 - col(G1, 10), 0), dpct(up1, col(G1, 10))
    else print "| gpu_l1 | n/a (no gpu_ results in the results directory) | | | | | |"
    printf "| hlrc_l2 (table 5) | %s | %s | %s | | %s | |\n", commas(P2bits, 0), commas(P2flops, 0), commas(T2, 0), commas(up2, 0)
    if (D2 != "") printf "| denovo_l2 (docs/area-denovo.md table 5) | %s | %s | %s | %s (%s) | %s | %s (%s) |\n", commas(col(D2, 3), 0), commas(col(D2, 4), 0), commas(col(D2, 7), 0), commas(T2 - col(D2, 7), 0), dpct(T2, col(D2, 7)), commas(col(D2, 10), 0), commas(up2 - col(D2, 10), 0), dpct(up2, col(D2, 10))
    else print "| denovo_l2 | n/a (no denovo_ results in the results directory) | | | | | |"
    if (G2 != "") printf "| gpu_l2 (docs/area-gpu.md table 5)%s | %s | %s | %s | %s (%s) | %s | %s (%s) |\n", gst, commas(col(G2, 3), 0), commas(col(G2, 4), 0), commas(col(G2, 7), 0), commas(T2 - col(G2, 7), 0), dpct(T2, col(G2, 7)), commas(col(G2, 10), 0), commas(up2 - col(G2, 10), 0), dpct(up2, col(G2, 10))
    else print "| gpu_l2 | n/a (no gpu_ results in the results directory) | | | | | |"
    print ""
    # measured side by side, no extrapolation: the same sizes in the three families
    print "| measured at the same size (no extrapolation) | hlrc µm² | denovo µm² | hlrc − denovo | gpu µm² | hlrc − gpu | hlrc / denovo / gpu flops | hlrc / denovo / gpu logic µm² |"
    print "|---|--:|--:|--:|--:|--:|--:|--:|"
    n = split("l1, 16 lines × 16 B, 16 SB entries (hLRC, DeNovo-D, GPU-H)|l1_s2_sb16_b16|denovo_l1_s2_sb16_b16|gpu_l1_s2_sb16_b16;" \
              "l1, 16 lines × 16 B, 64 SB entries|l1_s2_sb64_b16|denovo_l1_s2_sb64_b16|gpu_l1_s2_sb64_b16;" \
              "l1, 16 lines × 64 B, 16 SB entries|l1_s2_sb16_b64|denovo_l1_s2_sb16_b64|gpu_l1_s2_sb16_b64;" \
              "l1, 32 lines × 64 B, 16 SB entries|l1_s4_sb16_b64|denovo_l1_s4_sb16_b64|gpu_l1_s4_sb16_b64;" \
              "l2, 32 lines × 64 B, 32 MSHRs (gpu: no such point)|l2_s2_b64|denovo_l2_s2_b64|-", L, ";")
    for (i = 1; i <= n; i++) {
      split(L[i], c, "|")
      if (!has(c[2])) continue
      h = g(c[2], "area_um2"); dd = (has(c[3]) ? g(c[3], "area_um2") : ""); gg = (has(c[4]) ? g(c[4], "area_um2") : "")
      printf "| %s | %s | %s | %s | %s | %s | %s / %s / %s | %s / %s / %s |\n", c[1] (has(c[4]) && stale(c[4]) ? "; gpu stale, to be re-measured" : ""), commas(h, 0), \
        (dd == "" ? "n/a" : commas(dd, 0)), (dd == "" ? "n/a" : commas(h - dd, 0) " (" pct(h - dd, dd) ")"), \
        (gg == "" ? "n/a" : commas(gg, 0)), (gg == "" ? "n/a" : commas(h - gg, 0) " (" pct(h - gg, gg) ")"), \
        commas(g(c[2], "flops"), 0), (dd == "" ? "n/a" : commas(g(c[3], "flops"), 0)), (gg == "" ? "n/a" : commas(g(c[4], "flops"), 0)), \
        commas(logic(c[2]), 0), (dd == "" ? "n/a" : commas(logic(c[3]), 0)), (gg == "" ? "n/a" : commas(logic(c[4]), 0))
    }
    print ""

    # ---- 9. timing ------------------------------------------------------------------------------------
    print "<!-- synth/" prog ": table 9 -->"
    timing_head()
    timing_rows("hlrc_l1 (16 B, SB entries)|l1_s2_sb16_b16,l1_s2_sb64_b16;hlrc_l1 (64 B, lines)|l1_s2_sb16_b64,l1_s4_sb16_b64;hlrc_l1 (hLRC-scoped)|l1_s2_sb16_b16_scoped;hlrc_l2 (64 B)|l2_s1_b64,l2_s2_b64")
  }
AWK
}

report_main
