#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/report_denovo.sh -- print, as markdown, the tables of docs/area-denovo.md (the DeNovo L1
# and L2 registry, DeNovo-D / DeNovo-H) from the results of synth/denovo.sh
# (synth/results/denovo_*.area.txt), beside the baseline GPU units' (gpu_*.area.txt and
# synth/report_gpu.sh's paper-size table): every measured point, the non-storage flops, the
# linear fits of the logic area in lines and store-buffer entries with their residuals, the
# paper configuration (flops exact, logic extrapolated) against gpu_l1 / gpu_l2, the same-size
# points measured side by side, DeNovo-H against DeNovo-D, the per-word state against seed 002
# §4.2's overheads, and timing. Runs no synthesis; writes only to stdout.
#
# Usage: synth/report_denovo.sh [--results DIR] [--update PAGE]
#   --update PAGE  instead of printing, replace in PAGE (docs/area-denovo.md) the block of each
#                  table, from its line "<!-- synth/report_denovo.sh: table N -->" to the line
#                  "<!-- end of table N -->", with table N of the report (written atomically)
#
# Method (docs/area-denovo.md section 2, as docs/area-gpu.md): storage bits from the formulas of
# the unit pages (checked against every result's storage_bits); the non-storage flops fitted
# linearly and exact at every point; only the logic area extrapolated, linearly in lines and
# store-buffer entries (MSHRs, write-back lines and queues are the paper's at every point).
set -euo pipefail

prog=report_denovo.sh
fam=denovo
# shellcheck disable=SC2034 # read by synth/report_ctl.sh
rtl_files="rtl/gpucoh_*.sv rtl/prim/gpucoh_*.sv rtl/denovo/denovo_pkg.sv rtl/denovo/denovo_l1.sv rtl/denovo/denovo_l2.sv"
# the command line, results, files, cur, die, report_main
# shellcheck source=synth/report_ctl.sh
. "$(dirname "${BASH_SOURCE[0]}")/report_ctl.sh"

# The baseline's paper-size rows (synth/report_gpu.sh table 5, the same results directory) and
# its measured points of the same sizes; without them the comparison columns say n/a.
gfiles=("$results"/gpu_*.area.txt)
gpu5=""
if ((${#gfiles[@]} > 0)); then
  gpu5=$(bash synth/report_gpu.sh --results "$results" 2>/dev/null |
    awk '/^\| gpu_l1, GPU-H \(one SM/ || /^\| gpu_l2 \(one bank/' | tr -d '*,') || gpu5=""
fi

report() {
bash synth/status_note.sh --results "$results" --marker "$prog" synth-denovo synth/denovo.sh
awk -v cur="$cur" -v prog="$prog" -v fam=denovo -v gpu5="$gpu5" -f synth/report_lib.awk -f - "${files[@]}" "${gfiles[@]}" <<'AWK'
  # Storage formulas of docs/units/denovo/denovo_l1.md / denovo_l2.md section 3 (synth/points/
  # denovo.sh, and tb/proto/denovo/denovo_units.c); the paper's NumWf 48, NumSm 15, AddrWidth 32,
  # L1Ways 8, L1Queue 4, Mshrs 16, WbEntries 4, L2Ways 16, L2Mshrs 32 unless a point sets them.
  function la(lb) { return 32 - clog2(lb) }
  function lw(lb) { return lb / 4 }
  function l1_line(sets, lb) { return (la(lb) - clog2(sets)) + 2 * lw(lb) + 9 * lb }
  function l1_mshr(sets, lb, wf, q,    li) { li = clog2(sets * 8); if (li < 1) li = 1; return 2 + li + 3 * lw(lb) + wf + 3 + 6 * lw(lb) + clog2(q + 1) }
  function l1_wb(lb) { return 1 + la(lb) + lw(lb) + 8 * lb }
  function l1_sb(sbe, lb) { return sbe * la(lb) + 2 * (clog2(sbe) + 1) }
  function l1_bits(sets, sbe, lb, mshrs, wbe, wf, q) { return sets * 8 * l1_line(sets, lb) + sets * 3 + mshrs * l1_mshr(sets, lb, wf, q) + wbe * l1_wb(lb) + l1_sb(sbe, lb) + 3 * wf + 2 + 16 + 1 + 4 }
  function l2_line(sets, lb) { return (la(lb) - clog2(sets)) + 2 + 2 * lw(lb) + 1 + 8 * lb }
  function l2_mshr(lb, sm) { return 1 + la(lb) + 4 + sm }
  function l2_bits(sets, lb, mshrs, sm) { return sets * 16 * l2_line(sets, lb) + sets * 4 + mshrs * l2_mshr(lb, sm) }
  # the baseline's storage per line at 64 B (report_gpu.sh): gpu_l1 4 flags + 48-bit load mask +
  # 64-bit dirty mask, gpu_l2 2 state bits, beside tag and data
  function col(row, k,    c) { split(row, c, "|"); gsub(/^ +| +$/, "", c[k]); return c[k] + 0 }
  function dpct(a, b) { return (b == "" || b == 0) ? "n/a" : pct(a - b, b) }

  END {
    if (NPTS == 0) exit 1
    p0 = PTS[1]
    CELL = g(p0, "sram_cell_um2"); PERIPH = g(p0, "sram_periph_frac")
    FIXED = g(p0, "sram_macro_fixed_um2"); FF = g(p0, "storage_ff_cell_um2")

    # ---- classify the points and check the storage formulas -----------------------------------
    for (i = 1; i <= NPTS; i++) {
      p = PTS[i]; if (p ~ /^gpu_/) continue
      top = g(p, "top"); par = g(p, "params"); lb = pget(par, "LineBytes", 64)
      Q[p, "lb"] = lb
      if (top == "denovo_l1") {
        s = pget(par, "L1Sets", 64); e = pget(par, "SbEntries", 256)
        Q[p, "lines"] = s * 8; Q[p, "sbe"] = e; Q[p, "lsbe"] = clog2(e)
        want = l1_bits(s, e, lb, pget(par, "Mshrs", 16), pget(par, "WbEntries", 4), pget(par, "NumWf", 48), pget(par, "L1Queue", 4))
      } else if (top == "denovo_l2") {
        s = pget(par, "L2Sets", 256)
        Q[p, "lines"] = s * 16; Q[p, "mshrs"] = pget(par, "L2Mshrs", 32); want = l2_bits(s, lb, pget(par, "L2Mshrs", 32), pget(par, "NumSm", 15))
      } else { print prog ": error: " p ": unknown top " top > "/dev/stderr"; exit 1 }
      ctl_check(p, want)
    }

    # ---- 1. every measured point ----------------------------------------------------------------
    ctl_table1("denovo_l1", "l1_s2_sb16_b16 l1_s4_sb16_b16 l1_s8_sb16_b16 l1_s16_sb16_b16 l1_s2_sb64_b16 l1_s2_sb16_b64 l1_s4_sb16_b64 l1_s4_sb16_b16_hrf1",
               "denovo_l2", "l2_s2_b16 l2_s4_b16 l2_s8_b16 l2_s16_b16 l2_s2_b64 l2_s4_b64")
    ctl_rtl_measured("^gpu_")

    # ---- 2. non-storage flops: fixed + a x lines (+ b x log2 SB entries), exact ---------------------
    ctl_ns_table("denovo_l1, 16 B|l1_s2_sb16_b16 l1_s4_sb16_b16 l1_s8_sb16_b16 l1_s16_sb16_b16 l1_s2_sb64_b16|lines|lsbe|log2(SB entries);" \
          "denovo_l1, 64 B|l1_s2_sb16_b64 l1_s4_sb16_b64|lines||;" \
          "denovo_l2, 16 B|l2_s2_b16 l2_s4_b16 l2_s8_b16 l2_s16_b16|lines||;" \
          "denovo_l2, 64 B|l2_s2_b64 l2_s4_b64|lines||")
    # the 64 B L1 has no store-buffer pair: its flops per log2(SB entries) are the 16 B ones
    NSL1_64F = NSA[2] - NSC[1] * 4

    # ---- 3. denovo_l1 logic fit -------------------------------------------------------------------
    m = ctl_fit("l1_s2_sb16_b16 l1_s4_sb16_b16 l1_s8_sb16_b16 l1_s2_sb64_b16", "logic", "lines", "sbe")
    A1 = FA; SL1 = FB; SS1 = FC
    print "<!-- synth/report_denovo.sh: table 3 -->"
    printf "denovo_l1 (DeNovo-D), 16 B lines, logic area = F + s_L × lines + s_SB × SB entries, least squares over the %d points of 16 to 64 lines and 16 to 64 entries: **F = %s µm², s_L = %s µm² per line, s_SB = %s µm² per store-buffer entry**.%s\n\n", m, commas(A1, 0), commas(SL1, 0), commas(SS1, 0), (has("l1_s16_sb16_b16") ? " The 128-line point is not in the fit: it checks its extrapolation." : "")
    print "| point | lines | SB entries | logic µm² measured | fit µm² | residual | total area measured | total, fit + exact flops | residual |"
    print "|---|--:|--:|--:|--:|--:|--:|--:|--:|"
    n = split("l1_s2_sb16_b16 l1_s4_sb16_b16 l1_s8_sb16_b16 l1_s2_sb64_b16 l1_s16_sb16_b16", L, " ")
    for (i = 1; i <= n; i++) if (has(L[i])) {
      p = L[i]; f = A1 + SL1 * Q[p, "lines"] + SS1 * Q[p, "sbe"]; tot = f + g(p, "ff_area_um2")
      printf "| `%s`%s | %d | %d | %s | %s | %s | %s | %s | %s |\n", p, (i > 4 ? " (check)" : ""), Q[p, "lines"], Q[p, "sbe"], commas(logic(p), 0), commas(f, 0), pct(logic(p) - f, logic(p)), commas(g(p, "area_um2"), 0), commas(tot, 0), pct(g(p, "area_um2") - tot, g(p, "area_um2"))
    }
    ctl_need("l1_s2_sb16_b64"); ctl_need("l1_s4_sb16_b64")
    SL1_64 = (logic("l1_s4_sb16_b64") - logic("l1_s2_sb16_b64")) / 16
    A1_64 = logic("l1_s2_sb16_b64") - 16 * SL1_64 - 16 * SS1
    SL1_16p = (logic("l1_s4_sb16_b16") - logic("l1_s2_sb16_b16")) / 16
    # bits a line gains from 16 B to 64 B: 48 data bytes with their dirty bits (9 x 48), 12 words
    # of 2 state bits; the tag loses 2
    D1 = (SL1_64 - SL1_16p) / (9 * 48 + 2 * 12)
    printf "\ndenovo_l1, 64 B lines, through the two points (16 and 32 lines, 16 entries) with s_SB from 16 B: **F = %s µm², s_L = %s µm² per line**. Per data, dirty-mask and word-state bit of a line (the 16 B and 64 B slopes at 16-32 lines, 9 bits per byte and 2 per word): %s µm² of logic; the rest of a line: %s µm².\n", \
      commas(A1_64, 0), commas(SL1_64, 0), commas(D1, 1), commas(SL1_16p - (9 * 16 + 2 * 4) * D1, 0)
    n = split("l1_s8_sb16_b16 l1_s16_sb16_b16", L, " ")
    for (i = 1; i <= n; i++) if (has(L[i])) {
      p = L[i]; nl = Q[p, "lines"]; pr = logic("l1_s2_sb16_b16") + (nl - 16) * SL1_16p; me = logic(p)
      printf "Check of the two-point construction used at 64 B, tried at 16 B: the line through the 16- and 32-line points predicts %s µm² of logic at %d lines; measured %s (error %s); total %s against %s (error %s).\n", \
        commas(pr, 0), nl, commas(me, 0), pct(pr - me, me), commas(pr + g(p, "ff_area_um2"), 0), commas(g(p, "area_um2"), 0), pct(pr - me, g(p, "area_um2"))
    }
    print ""

    # ---- 4. denovo_l2 logic fit -------------------------------------------------------------------
    m = ctl_fit("l2_s2_b16 l2_s4_b16 l2_s8_b16", "logic", "lines", "")
    A2 = FA; SL2 = FB
    print "<!-- synth/report_denovo.sh: table 4 -->"
    printf "denovo_l2, 16 B lines, 32 MSHRs (the paper's), logic area = F + s_L × lines, least squares over the %d points of 32 to 128 lines: **F = %s µm², s_L = %s µm² per line**.%s\n\n", m, commas(A2, 0), commas(SL2, 0), (has("l2_s16_b16") ? " The 256-line point is not in the fit: it checks it." : "")
    print "| point | lines | MSHRs | logic µm² measured | fit µm² | residual | total area measured | total, fit + exact flops | residual |"
    print "|---|--:|--:|--:|--:|--:|--:|--:|--:|"
    n = split("l2_s2_b16 l2_s4_b16 l2_s8_b16 l2_s16_b16", L, " ")
    for (i = 1; i <= n; i++) if (has(L[i])) {
      p = L[i]; f = A2 + SL2 * Q[p, "lines"]; tot = f + g(p, "ff_area_um2")
      printf "| `%s`%s | %d | %d | %s | %s | %s | %s | %s | %s |\n", p, (i > 3 ? " (check)" : ""), Q[p, "lines"], Q[p, "mshrs"], commas(logic(p), 0), commas(f, 0), pct(logic(p) - f, logic(p)), commas(g(p, "area_um2"), 0), commas(tot, 0), pct(g(p, "area_um2") - tot, g(p, "area_um2"))
    }
    ctl_need("l2_s2_b64"); ctl_need("l2_s4_b64")
    SL2_64 = (logic("l2_s4_b64") - logic("l2_s2_b64")) / 32
    A2_64 = logic("l2_s2_b64") - 32 * SL2_64
    SL2_16p = (logic("l2_s4_b16") - logic("l2_s2_b16")) / 32
    # bits a line gains from 16 B to 64 B: 384 data bits, 12 words of a registered and a busy bit
    D2 = (SL2_64 - SL2_16p) / (8 * 48 + 2 * 12)
    printf "\ndenovo_l2, 64 B lines, through the two points (32 and 64 lines): **F = %s µm², s_L = %s µm² per line**. Per data, registered and busy bit of a line (16 B and 64 B slopes): %s µm² of logic; the rest of a line %s µm².\n", \
      commas(A2_64, 0), commas(SL2_64, 0), commas(D2, 1), commas(SL2_16p - (128 + 8) * D2, 0)
    n = split("l2_s8_b16 l2_s16_b16", L, " ")
    for (i = 1; i <= n; i++) if (has(L[i])) {
      p = L[i]; nl = Q[p, "lines"]; pr = logic("l2_s2_b16") + (nl - 32) * SL2_16p; me = logic(p)
      printf "Check of the two-point construction used at 64 B, tried at 16 B: it predicts %s µm² of logic at %d lines; measured %s (error %s).\n", commas(pr, 0), nl, commas(me, 0), pct(pr - me, me)
    }
    print ""

    # ---- 5. paper configuration -------------------------------------------------------------------
    # denovo_l1: 64 sets x 8 ways x 64 B, 256 SB entries, 16 MSHRs, 4 write-back lines;
    # denovo_l2: 256 x 16 x 64 B, 32 MSHRs
    P1bits = l1_bits(64, 256, 64, 16, 4, 48, 4); P1ns = NSL1_64F + NSB[2] * 512 + NSC[1] * 8; P1flops = P1bits + P1ns; P1ff = FF * P1flops
    P1log = A1_64 + 512 * SL1_64 + 256 * SS1
    P1data = 512 * 512; P1dirty = 512 * 64; P1tag = 512 * (la(64) - 6)
    P2bits = l2_bits(256, 64, 32, 15); P2ns = NSA[4] + NSB[4] * 4096; P2flops = P2bits + P2ns; P2ff = FF * P2flops
    P2log = A2_64 + 4096 * SL2_64
    P2data = 4096 * 512; P2tag = 4096 * (la(64) - 8)
    print "<!-- synth/report_denovo.sh: table 5 -->"
    print "| paper configuration (EXTRAPOLATED logic; flops exact) | storage bits | flops | flop area µm² | logic area µm² | total µm² | kGE | of which fixed (F and the fixed non-storage flops) µm² | data array in one macro µm² (flow convention, upper bound) | data, dirty masks and tags in macros, their per-bit logic removed µm² (lower bound) |"
    print "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
    fx1 = A1_64 + FF * NSL1_64F
    up1 = P1ff + P1log - FF * P1data + macro(P1data)
    lo1 = P1ff + P1log - FF * (P1data + P1dirty + P1tag) - D1 * (P1data + P1dirty) + macro(P1data) + macro(P1dirty) + macro(P1tag)
    printf "| denovo_l1, DeNovo-D (one SM: 64 sets × 8 ways × 64 B, 48 wavefronts, 256-entry store buffer, 16 MSHRs, 4 write-back lines) | %s | %s | %s | %s | **%s** | %s | %s | %s | %s |\n", \
      commas(P1bits, 0), commas(P1flops, 0), commas(P1ff, 0), commas(P1log, 0), commas(P1ff + P1log, 0), commas((P1ff + P1log) / 24000, 0), commas(fx1, 0), commas(up1, 0), commas(lo1, 0)
    fx2 = A2_64 + FF * NSA[4]
    up2 = P2ff + P2log - FF * P2data + macro(P2data)
    lo2 = P2ff + P2log - FF * (P2data + P2tag) - D2 * P2data + macro(P2data) + macro(P2tag)
    printf "| denovo_l2 (one bank: 256 sets × 16 ways × 64 B, 32 MSHRs) | %s | %s | %s | %s | **%s** | %s | %s | %s | %s |\n", \
      commas(P2bits, 0), commas(P2flops, 0), commas(P2ff, 0), commas(P2log, 0), commas(P2ff + P2log, 0), commas((P2ff + P2log) / 24000, 0), commas(fx2, 0), commas(up2, 0), commas(lo2, 0)
    T1 = 15 * (P1ff + P1log) + 16 * (P2ff + P2log)
    printf "| system: 15 × denovo_l1 + 16 × denovo_l2 | %s | %s | %s | %s | **%s** | %s | %s | %s | %s |\n\n", \
      commas(15 * P1bits + 16 * P2bits, 0), commas(15 * P1flops + 16 * P2flops, 0), commas(15 * P1ff + 16 * P2ff, 0), \
      commas(15 * P1log + 16 * P2log, 0), commas(T1, 0), commas(T1 / 24000, 0), \
      commas(15 * fx1 + 16 * fx2, 0), commas(15 * up1 + 16 * up2, 0), commas(15 * lo1 + 16 * lo2, 0)
    printf "Non-storage flops at the paper size (table 2's models): denovo_l1 %s (%s + %s × 512 lines + %s × log2 256), denovo_l2 %s (%s + %s × 4,096 lines).\n", commas(P1ns, 0), commas(NSL1_64F, 0), NSB[2], NSC[1], commas(P2ns, 0), commas(NSA[4], 0), NSB[4]
    printf "Per line at the paper size (extrapolated): denovo_l1 %s µm² = flops %s (%d storage bits + %s) + logic %s; denovo_l2 %s µm² = flops %s (%d + %s) + logic %s; per store-buffer entry %s µm² = flops %s (%d + 0) + logic %s.\n", \
      commas(FF * (l1_line(64, 64) + NSB[2]) + SL1_64, 0), commas(FF * (l1_line(64, 64) + NSB[2]), 0), l1_line(64, 64), NSB[2], commas(SL1_64, 0), \
      commas(FF * (l2_line(256, 64) + NSB[4]) + SL2_64, 0), commas(FF * (l2_line(256, 64) + NSB[4]), 0), l2_line(256, 64), NSB[4], commas(SL2_64, 0), \
      commas(FF * la(64) + SS1, 0), commas(FF * la(64), 0), la(64), commas(SS1, 0)
    # the 16 B checks show the logic per line falling as lines grow: the 64 B slope lowered by
    # the drop of the 16 B slope from the two smallest points to the two largest ones measured
    if (has("l1_s16_sb16_b16")) {
      SL1_last = (logic("l1_s16_sb16_b16") - logic("l1_s8_sb16_b16")) / 64; c1 = SL1_64 - (SL1_16p - SL1_last); L1c = A1_64 + 512 * c1 + 256 * SS1
      r1 = SL1_64 * SL1_last / SL1_16p; L1r = A1_64 + 512 * r1 + 256 * SS1
      printf "Sensitivity (the 16 B logic per line falls from %s µm² at 16-32 lines to %s at 64-128): with the 64 B slope lowered by that drop (%s µm² per line), denovo_l1's logic is %s µm², total %s (%s against the row above); scaled by the same ratio (%s µm² per line), %s µm², total %s (%s).\n", \
        commas(SL1_16p, 0), commas(SL1_last, 0), commas(c1, 0), commas(L1c, 0), commas(P1ff + L1c, 0), pct(L1c - P1log, P1ff + P1log), \
        commas(r1, 0), commas(L1r, 0), commas(P1ff + L1r, 0), pct(L1r - P1log, P1ff + P1log)
    }
    if (has("l2_s16_b16")) {
      SL2_last = (logic("l2_s16_b16") - logic("l2_s8_b16")) / 128; c2 = SL2_64 - (SL2_16p - SL2_last); L2c = A2_64 + 4096 * c2
      r2 = SL2_64 * SL2_last / SL2_16p; L2r = A2_64 + 4096 * r2
      printf "Sensitivity (the 16 B logic per line falls from %s µm² at 32-64 lines to %s at 128-256): with the 64 B slope lowered by that drop (%s µm² per line), denovo_l2's logic is %s µm², total %s (%s against the row above); scaled by the same ratio (%s µm² per line), %s µm², total %s (%s).\n", \
        commas(SL2_16p, 0), commas(SL2_last, 0), commas(c2, 0), commas(L2c, 0), commas(P2ff + L2c, 0), pct(L2c - P2log, P2ff + P2log), \
        commas(r2, 0), commas(L2r, 0), commas(P2ff + L2r, 0), pct(L2r - P2log, P2ff + P2log)
    }
    print ""

    # ---- 6. against the baseline GPU units ----------------------------------------------------------
    # gpu5: report_gpu.sh table 5's gpu_l1 and gpu_l2 rows (commas and bold removed): columns 3
    # storage bits, 4 flops, 7 total, 10 upper bound, 11 lower bound
    nr = split(gpu5, GR, "\n"); G1 = G2 = ""
    for (i = 1; i <= nr; i++) { if (GR[i] ~ /^\| gpu_l1/) G1 = GR[i]; if (GR[i] ~ /^\| gpu_l2/) G2 = GR[i] }
    print "<!-- synth/report_denovo.sh: table 6 -->"
    print "| paper configuration, one unit (EXTRAPOLATED logic) | storage bits | flops | total µm² (flip-flops) | data in one macro µm² (upper bound) | data, dirty masks and tags in macros µm² (lower bound) |"
    print "|---|--:|--:|--:|--:|--:|"
    if (G1 != "") {
      printf "| gpu_l1, GPU-H (docs/area-gpu.md table 5) | %s | %s | %s | %s | %s |\n", commas(col(G1, 3), 0), commas(col(G1, 4), 0), commas(col(G1, 7), 0), commas(col(G1, 10), 0), commas(col(G1, 11), 0)
      printf "| denovo_l1, DeNovo-D | %s | %s | %s | %s | %s |\n", commas(P1bits, 0), commas(P1flops, 0), commas(P1ff + P1log, 0), commas(up1, 0), commas(lo1, 0)
      printf "| denovo_l1 − gpu_l1 | %s (%s) | %s (%s) | **%s (%s)** | %s (%s) | %s (%s) |\n", \
        commas(P1bits - col(G1, 3), 0), dpct(P1bits, col(G1, 3)), commas(P1flops - col(G1, 4), 0), dpct(P1flops, col(G1, 4)), \
        commas(P1ff + P1log - col(G1, 7), 0), dpct(P1ff + P1log, col(G1, 7)), commas(up1 - col(G1, 10), 0), dpct(up1, col(G1, 10)), commas(lo1 - col(G1, 11), 0), dpct(lo1, col(G1, 11))
    } else print "| gpu_l1 | n/a (no gpu_ results in the results directory) | | | | |"
    if (G2 != "") {
      printf "| gpu_l2 (docs/area-gpu.md table 5) | %s | %s | %s | %s | %s |\n", commas(col(G2, 3), 0), commas(col(G2, 4), 0), commas(col(G2, 7), 0), commas(col(G2, 10), 0), commas(col(G2, 11), 0)
      printf "| denovo_l2 | %s | %s | %s | %s | %s |\n", commas(P2bits, 0), commas(P2flops, 0), commas(P2ff + P2log, 0), commas(up2, 0), commas(lo2, 0)
      printf "| denovo_l2 − gpu_l2 | %s (%s) | %s (%s) | **%s (%s)** | %s (%s) | %s (%s) |\n", \
        commas(P2bits - col(G2, 3), 0), dpct(P2bits, col(G2, 3)), commas(P2flops - col(G2, 4), 0), dpct(P2flops, col(G2, 4)), \
        commas(P2ff + P2log - col(G2, 7), 0), dpct(P2ff + P2log, col(G2, 7)), commas(up2 - col(G2, 10), 0), dpct(up2, col(G2, 10)), commas(lo2 - col(G2, 11), 0), dpct(lo2, col(G2, 11))
    } else print "| gpu_l2 | n/a (no gpu_ results in the results directory) | | | | |"
    print ""
    # measured side by side, no extrapolation: the same sizes in both families
    print "| measured at the same size (no extrapolation) | gpu µm² | denovo µm² | difference | gpu flops | denovo flops | gpu logic µm² | denovo logic µm² |"
    print "|---|--:|--:|--:|--:|--:|--:|--:|"
    n = split("l1, 16 lines × 16 B, 16 SB entries, GPU-H / DeNovo-D|gpu_l1_s2_sb16_b16|l1_s2_sb16_b16;" \
              "l1, 32 lines × 16 B, 16 SB entries, GPU-D / DeNovo-D|gpu_l1_s4_sb16_b16_hrf0|l1_s4_sb16_b16;" \
              "l1, 32 lines × 16 B, 16 SB entries, GPU-H / DeNovo-H|gpu_l1_s4_sb16_b16|l1_s4_sb16_b16_hrf1;" \
              "l1, 64 lines × 16 B, 16 SB entries, GPU-H / DeNovo-D|gpu_l1_s8_sb16_b16|l1_s8_sb16_b16;" \
              "l1, 16 lines × 16 B, 64 SB entries, GPU-H / DeNovo-D|gpu_l1_s2_sb64_b16|l1_s2_sb64_b16;" \
              "l1, 16 lines × 64 B, 16 SB entries, GPU-H / DeNovo-D|gpu_l1_s2_sb16_b64|l1_s2_sb16_b64;" \
              "l1, 32 lines × 64 B, 16 SB entries, GPU-H / DeNovo-D|gpu_l1_s4_sb16_b64|l1_s4_sb16_b64;" \
              "l2, 32 lines × 16 B, 32 MSHRs|gpu_l2_s2_m32_b16|l2_s2_b16", L, ";")
    for (i = 1; i <= n; i++) {
      split(L[i], c, "|")
      if (!has(c[2]) || !has(c[3])) continue
      printf "| %s | %s | %s | %s (%s) | %s | %s | %s | %s |\n", c[1], commas(g(c[2], "area_um2"), 0), commas(g(c[3], "area_um2"), 0), \
        commas(g(c[3], "area_um2") - g(c[2], "area_um2"), 0), pct(g(c[3], "area_um2") - g(c[2], "area_um2"), g(c[2], "area_um2")), \
        commas(g(c[2], "flops"), 0), commas(g(c[3], "flops"), 0), commas(logic(c[2]), 0), commas(logic(c[3]), 0)
    }
    print ""

    # ---- 7. DeNovo-H against DeNovo-D (the same L1 point) -------------------------------------------
    D = "l1_s4_sb16_b16"; H = "l1_s4_sb16_b16_hrf1"
    if (has(D) && has(H)) {
      print "<!-- synth/report_denovo.sh: table 7 -->"
      print "| denovo_l1, 32 lines × 16 B, 16 SB entries | cells | area µm² | flops | logic area µm² | fmax MHz |"
      print "|---|--:|--:|--:|--:|--:|"
      printf "| DeNovo-H (Hrf = 1: CTA scope stays in the L1) | %s | %s | %s | %s | %s |\n", commas(g(H, "cells"), 0), commas(g(H, "area_um2"), 0), commas(g(H, "flops"), 0), commas(logic(H), 0), g(H, "fmax_mhz")
      printf "| DeNovo-D (Hrf = 0: every synchronization at GPU scope) | %s | %s | %s | %s | %s |\n", commas(g(D, "cells"), 0), commas(g(D, "area_um2"), 0), commas(g(D, "flops"), 0), commas(logic(D), 0), g(D, "fmax_mhz")
      printf "| DeNovo-H − DeNovo-D | %s | %s (%s) | %s | %s | |\n\n", commas(g(H, "cells") - g(D, "cells"), 0), commas(g(H, "area_um2") - g(D, "area_um2"), 0), pct(g(H, "area_um2") - g(D, "area_um2"), g(D, "area_um2")), commas(g(H, "flops") - g(D, "flops"), 0), commas(logic(H) - logic(D), 0)
    }

    # ---- 8. the per-word state against seed 002 §4.2 -------------------------------------------------
    # per 64 B line (16 words of 32 bits, 512 data bits), beside tag and data
    w = 16; db = 512
    pG1D = 1; pG1H = 1 + w; pD1 = 2 * w           # paper L1: GPU-D valid; GPU-H + 1 bit/word; DeNovo 2 bits/word
    pG2 = 1; pD2 = 2 + w                          # paper L2: GPU valid; DeNovo valid + dirty + 1 bit/word
    rG1 = 4 + 48 + 64; rD1 = 2 * w + 64           # RTL: gpu_l1 flags + load mask + dirty mask; denovo_l1 word states + dirty mask
    rG2 = 2; rD2 = 2 + 2 * w + 1                  # RTL: gpu_l2 state; denovo_l2 state + reg + busy per word + recall
    print "<!-- synth/report_denovo.sh: table 8 -->"
    print "| per 64 B line (16 words, 512 data bits) | seed 002 §4.2: bits | % of data | RTL (unit pages §3): bits | of which | % of data |"
    print "|---|--:|--:|--:|---|--:|"
    printf "| L1, GPU-D | %d | %.1f %% | %d | gpu_l1: val / pend / stale / acq (4), waiting-load mask (48), dirty byte mask (64) | %.1f %% |\n", pG1D, 100 * pG1D / db, rG1, 100 * rG1 / db
    printf "| L1, GPU-H | %d | %.1f %% | %d | the same (GPU-H's partial writes are the dirty byte mask of both variants) | %.1f %% |\n", pG1H, 100 * pG1H / db, rG1, 100 * rG1 / db
    printf "| L1, DeNovo-D / DeNovo-H | %d | %.1f %% | %d | denovo_l1: 2 state bits per word I / V / R / VO (32), dirty byte mask (64) | %.1f %% |\n", pD1, 100 * pD1 / db, rD1, 100 * rD1 / db
    printf "| **L1, DeNovo − GPU-H** (paper: \"3%% overhead over GPU-H\") | **%+d** | **%+.1f %%** | **%+d** | no per-line waiting-load mask (DeNovo's loads wait in 16 MSHRs), the same dirty mask | **%+.1f %%** |\n", pD1 - pG1H, 100 * (pD1 - pG1H) / db, rD1 - rG1, 100 * (rD1 - rG1) / db
    printf "| L2, GPU-D / GPU-H | %d | %.1f %% | %d | gpu_l2: state I / V / D / P (2) | %.1f %% |\n", pG2, 100 * pG2 / db, rG2, 100 * rG2 / db
    printf "| L2, DeNovo | %d | %.1f %% | %d | denovo_l2: state I / V / D / P (2), registered bit per word (16), busy bit per word (16), recall pending (1); the owner's id in the data slot | %.1f %% |\n", pD2, 100 * pD2 / db, rD2, 100 * rD2 / db
    printf "| **L2, DeNovo − GPU-H** (paper: \"3%% overhead versus GPU-H\") | **%+d** | **%+.1f %%** | **%+d** | the registered bit per word (as the paper), a busy bit per word and a recall bit per line (not in the paper) | **%+.1f %%** |\n\n", pD2 - pG2, 100 * (pD2 - pG2) / db, rD2 - rG2, 100 * (rD2 - rG2) / db
    if (G1 != "" && G2 != "") {
      printf "The whole units at the paper size (storage bits of table 6, data included): denovo_l1 %s against gpu_l1 %s (%s); denovo_l2 %s against gpu_l2 %s (%s). Area (table 6, flip-flops, EXTRAPOLATED logic): L1 %s, L2 %s.\n\n", \
        commas(P1bits, 0), commas(col(G1, 3), 0), dpct(P1bits, col(G1, 3)), commas(P2bits, 0), commas(col(G2, 3), 0), dpct(P2bits, col(G2, 3)), \
        dpct(P1ff + P1log, col(G1, 7)), dpct(P2ff + P2log, col(G2, 7))
    }

    # ---- 9. timing ------------------------------------------------------------------------------------
    print "<!-- synth/report_denovo.sh: table 9 -->"
    timing_head()
    timing_rows("denovo_l1 (16 B, lines)|l1_s2_sb16_b16,l1_s4_sb16_b16,l1_s8_sb16_b16,l1_s16_sb16_b16;denovo_l1 (16 B, SB entries)|l1_s2_sb16_b16,l1_s2_sb64_b16;denovo_l1 (64 B)|l1_s2_sb16_b64,l1_s4_sb16_b64;denovo_l1 (DeNovo-H)|l1_s4_sb16_b16_hrf1;denovo_l2 (16 B)|l2_s2_b16,l2_s4_b16,l2_s8_b16,l2_s16_b16;denovo_l2 (64 B)|l2_s2_b64,l2_s4_b64")
  }
AWK
}

report_main
