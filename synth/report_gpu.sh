#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/report_gpu.sh -- print, as markdown, the tables of docs/area-gpu.md (the baseline GPU
# L1 and L2, GPU-D / GPU-H) from the results of synth/gpu.sh (synth/results/gpu_*.area.txt):
# every measured point, the non-storage flops, the linear fits of the logic area of gpu_l1 /
# gpu_l2 against lines, store-buffer entries and MSHRs with their residuals, the paper
# configuration (flops exact, logic extrapolated) with flip-flop and SRAM-macro figures, GPU-D
# against GPU-H, the protocol state per line against TC's, and timing. Runs no synthesis;
# writes only to stdout.
#
# Usage: synth/report_gpu.sh [--results DIR] [--update PAGE]
#   --update PAGE  instead of printing, replace in PAGE (docs/area-gpu.md) the block of each
#                  table, from its line "<!-- synth/report_gpu.sh: table N -->" to the line
#                  "<!-- end of table N -->", with table N of the report (written atomically)
#
# Method (docs/area-gpu.md section 2, as docs/area-tc.md section 4): the storage bits of every
# point and of the paper configuration are the formulas of the unit pages (checked against
# every result's storage_bits); the non-storage flops (flops - storage bits) are fitted
# linearly and must fit every point exactly (any residual is an error); only the logic area
# (area_um2 - ff_area_um2) is extrapolated, linearly in lines, entries and MSHRs.
set -euo pipefail

prog=report_gpu.sh
fam=gpu
# shellcheck disable=SC2034 # read by synth/report_ctl.sh
rtl_files="rtl/gpucoh_*.sv rtl/prim/gpucoh_*.sv rtl/gpu/gpu_pkg.sv rtl/gpu/gpu_l1.sv rtl/gpu/gpu_l2.sv"
# the command line, results, files, cur, die, report_main
# shellcheck source=synth/report_ctl.sh
. "$(dirname "${BASH_SOURCE[0]}")/report_ctl.sh"

report() {
bash synth/status_note.sh --results "$results" --marker "$prog" synth-gpu synth/gpu.sh
awk -v cur="$cur" -v prog="$prog" -v fam=gpu -f synth/report_lib.awk -f - "${files[@]}" <<'AWK'
  # Storage formulas of docs/units/gpu/gpu_l1.md / gpu_l2.md section 3 (synth/points/gpu.sh, and
  # tb/proto/gpu/gpu_units.c); NumWf 48, NumSm 15, AddrWidth 32, L1Ways 8, L2Ways 16 (paper).
  function la(lb) { return 32 - clog2(lb) }
  function l1_line(sets, lb) { return (la(lb) - clog2(sets)) + 4 + 48 + 9 * lb }
  function l1_sb(sbe, lb) { return sbe * la(lb) + 2 * (clog2(sbe) + 1) }
  function l1_bits(sets, sbe, lb) { return sets * 8 * l1_line(sets, lb) + sets * 3 + l1_sb(sbe, lb) + 9 + 2 + 3 * 48 + 16 }
  function l2_line(sets, lb) { return (la(lb) - clog2(sets)) + 2 + 8 * lb }
  function l2_mshr(lb) { return 1 + la(lb) + 4 + 15 + lb }
  function l2_bits(sets, mshrs, lb) { return sets * 16 * l2_line(sets, lb) + sets * 4 + mshrs * l2_mshr(lb) }
  # GPU-RSP's registers (docs/units/gpu/rsp.md section 10; CW(n) = max(1, ceil(log2 n))):
  # per L1 7 + CW(NumSm + 1) + CW(SbEntries + 1) + CW(NumSm), per bank 1 + CW(NumSm) + NumSm
  function cw(n) { return clog2(n) < 1 ? 1 : clog2(n) }
  function rsp_l1(sm, sbe) { return 7 + cw(sm + 1) + cw(sbe + 1) + cw(sm) }
  function rsp_l2(sm) { return 1 + cw(sm) + sm }
  function rsp_row(what, H, R, regs) {
    if (!has(H) || !has(R)) { printf "| %s | not measured: %s%s | | | | | | | | |\n", what, has(H) ? "" : H " ", has(R) ? "" : R; return }
    printf "| %s | %s | %s | %s | %s | %s (%s) | %s → %s | %d | %s | %s → %s |\n", what, commas(g(H, "cells"), 0), commas(g(R, "cells"), 0), \
      commas(g(H, "area_um2"), 0), commas(g(R, "area_um2"), 0), commas(g(R, "area_um2") - g(H, "area_um2"), 0), \
      pct(g(R, "area_um2") - g(H, "area_um2"), g(H, "area_um2")), commas(g(H, "flops"), 0), commas(g(R, "flops"), 0), regs, \
      commas(logic(R) - logic(H), 0), g(H, "fmax_mhz"), g(R, "fmax_mhz")
  }
  END {
    if (NPTS == 0) exit 1
    p0 = PTS[1]
    CELL = g(p0, "sram_cell_um2"); PERIPH = g(p0, "sram_periph_frac")
    FIXED = g(p0, "sram_macro_fixed_um2"); FF = g(p0, "storage_ff_cell_um2")

    # ---- classify the points and check the storage formulas -----------------------------------
    for (i = 1; i <= NPTS; i++) {
      p = PTS[i]; top = g(p, "top"); par = g(p, "params"); lb = pget(par, "LineBytes", 64)
      Q[p, "lb"] = lb
      if (top == "gpu_l1") {
        s = pget(par, "L1Sets", 64); e = pget(par, "SbEntries", 256)
        Q[p, "lines"] = s * 8; Q[p, "sbe"] = e; Q[p, "lsbe"] = clog2(e); want = l1_bits(s, e, lb); NL1++
        if (pget(par, "Rsp", 0) == 1) want += rsp_l1(pget(par, "NumSm", 15), e)
      } else if (top == "gpu_l2") {
        s = pget(par, "L2Sets", 256); e = pget(par, "L2Mshrs", 32)
        Q[p, "lines"] = s * 16; Q[p, "mshrs"] = e; want = l2_bits(s, e, lb); NL2++
        if (pget(par, "Rsp", 0) == 1) want += rsp_l2(pget(par, "NumSm", 15))
      } else { print prog ": error: " p ": unknown top " top > "/dev/stderr"; exit 1 }
      ctl_check(p, want)
    }

    # ---- 1. every measured point ----------------------------------------------------------------
    ctl_table1("gpu_l1", "l1_s2_sb16_b16 l1_s4_sb16_b16 l1_s8_sb16_b16 l1_s16_sb16_b16 l1_s32_sb16_b16 l1_s2_sb64_b16 l1_s2_sb256_b16 l1_s2_sb16_b64 l1_s4_sb16_b64 l1_s4_sb16_b16_hrf0 l1_s4_sb16_b16_rsp",
               "gpu_l2", "l2_s2_m8_b16 l2_s4_m8_b16 l2_s8_m8_b16 l2_s16_m8_b16 l2_s2_m16_b16 l2_s2_m32_b16 l2_s8_m16_b16 l2_s2_m8_b64 l2_s4_m8_b64 l2_s2_m16_b64 l2_s2_m8_b16_rsp")
    ctl_rtl_measured()
    # ---- 2. non-storage flops: fixed + a x lines + b x entries, exact -----------------------------
    ctl_ns_table("gpu_l1, 16 B|l1_s2_sb16_b16 l1_s4_sb16_b16 l1_s8_sb16_b16 l1_s16_sb16_b16 l1_s32_sb16_b16 l1_s2_sb64_b16 l1_s2_sb256_b16|lines|lsbe|log2(SB entries);" \
          "gpu_l1, 64 B|l1_s2_sb16_b64 l1_s4_sb16_b64|lines||;" \
          "gpu_l2, 16 B|l2_s2_m8_b16 l2_s4_m8_b16 l2_s8_m8_b16 l2_s16_m8_b16 l2_s2_m16_b16 l2_s2_m32_b16 l2_s8_m16_b16|lines|mshrs|MSHRs;" \
          "gpu_l2, 64 B|l2_s2_m8_b64 l2_s4_m8_b64 l2_s2_m16_b64|lines|mshrs|MSHRs")
    # the 64 B L1 has no store-buffer pair: its non-storage flops per log2(SB entries) are the
    # 16 B ones (the ring's head sbh_q, count sbcnt_q and the flush counter fl_q take 3 log2 + 2
    # bits, the storage formula counts 2 (log2 + 1); independent of the line size)
    NSL1_64F = NSA[2] - NSC[1] * 4

    # ---- 3. gpu_l1 logic fit ----------------------------------------------------------------------
    m = ctl_fit("l1_s2_sb16_b16 l1_s4_sb16_b16 l1_s8_sb16_b16 l1_s2_sb64_b16 l1_s2_sb256_b16", "logic", "lines", "sbe")
    A1 = FA; SL1 = FB; SS1 = FC
    print "<!-- synth/report_gpu.sh: table 3 -->"
    printf "gpu_l1 (GPU-H), 16 B lines, logic area = F + s_L × lines + s_SB × SB entries, least squares over the %d points of 16 to 64 lines and 16 to 256 entries: **F = %s µm², s_L = %s µm² per line, s_SB = %s µm² per store-buffer entry**. The 128- and 256-line points are not in the fit: they check its extrapolation.\n\n", m, commas(A1, 0), commas(SL1, 0), commas(SS1, 0)
    print "| point | lines | SB entries | logic µm² measured | fit µm² | residual | total area measured | total, fit + exact flops | residual |"
    print "|---|--:|--:|--:|--:|--:|--:|--:|--:|"
    n = split("l1_s2_sb16_b16 l1_s4_sb16_b16 l1_s8_sb16_b16 l1_s2_sb64_b16 l1_s2_sb256_b16 l1_s16_sb16_b16 l1_s32_sb16_b16", L, " ")
    for (i = 1; i <= n; i++) if (has(L[i])) {
      p = L[i]; f = A1 + SL1 * Q[p, "lines"] + SS1 * Q[p, "sbe"]; tot = f + g(p, "ff_area_um2")
      printf "| `%s`%s | %d | %d | %s | %s | %s | %s | %s | %s |\n", p, (i > 5 ? " (check)" : ""), Q[p, "lines"], Q[p, "sbe"], commas(logic(p), 0), commas(f, 0), pct(logic(p) - f, logic(p)), commas(g(p, "area_um2"), 0), commas(tot, 0), pct(g(p, "area_um2") - tot, g(p, "area_um2"))
    }
    # 64 B: the two points give the slope per line; the store-buffer slope is the 16 B one
    ctl_need("l1_s2_sb16_b64"); ctl_need("l1_s4_sb16_b64")
    SL1_64 = (logic("l1_s4_sb16_b64") - logic("l1_s2_sb16_b64")) / 16
    A1_64 = logic("l1_s2_sb16_b64") - 16 * SL1_64 - 16 * SS1
    SL1_16p = (logic("l1_s4_sb16_b16") - logic("l1_s2_sb16_b16")) / 16
    D1 = (SL1_64 - SL1_16p) / (9 * 48)
    printf "\ngpu_l1, 64 B lines, through the two points (16 and 32 lines, 16 entries) with s_SB from 16 B: **F = %s µm², s_L = %s µm² per line**. Per data + dirty-mask bit of a line (the 16 B and 64 B slopes at 16-32 lines, 9 bits per byte): %s µm² of logic; the rest of a line: %s µm².\n", \
      commas(A1_64, 0), commas(SL1_64, 0), commas(D1, 1), commas(SL1_16p - 9 * 16 * D1, 0)
    n = split("l1_s8_sb16_b16 l1_s16_sb16_b16 l1_s32_sb16_b16", L, " ")
    for (i = 1; i <= n; i++) if (has(L[i])) {
      p = L[i]; nl = Q[p, "lines"]; pr = logic("l1_s2_sb16_b16") + (nl - 16) * SL1_16p; me = logic(p)
      printf "Check of the two-point construction used at 64 B, tried at 16 B: the line through the 16- and 32-line points predicts %s µm² of logic at %d lines; measured %s (error %s); total %s against %s (error %s).\n", \
        commas(pr, 0), nl, commas(me, 0), pct(pr - me, me), commas(pr + g(p, "ff_area_um2"), 0), commas(g(p, "area_um2"), 0), pct(pr - me, g(p, "area_um2"))
    }
    print ""

    # ---- 4. gpu_l2 logic fit ----------------------------------------------------------------------
    m = ctl_fit("l2_s2_m8_b16 l2_s4_m8_b16 l2_s8_m8_b16 l2_s2_m16_b16 l2_s2_m32_b16", "logic", "lines", "mshrs")
    A2 = FA; SL2 = FB; SM2 = FC
    print "<!-- synth/report_gpu.sh: table 4 -->"
    printf "gpu_l2, 16 B lines, logic area = F + s_L × lines + s_M × MSHRs, least squares over the %d points of 32 to 128 lines and 8 to 32 MSHRs: **F = %s µm², s_L = %s µm² per line, s_M = %s µm² per MSHR**. The 256-line and (128 lines, 16 MSHRs) points are not in the fit: they check it.\n\n", m, commas(A2, 0), commas(SL2, 0), commas(SM2, 0)
    print "| point | lines | MSHRs | logic µm² measured | fit µm² | residual | total area measured | total, fit + exact flops | residual |"
    print "|---|--:|--:|--:|--:|--:|--:|--:|--:|"
    n = split("l2_s2_m8_b16 l2_s4_m8_b16 l2_s8_m8_b16 l2_s2_m16_b16 l2_s2_m32_b16 l2_s16_m8_b16 l2_s8_m16_b16", L, " ")
    for (i = 1; i <= n; i++) if (has(L[i])) {
      p = L[i]; f = A2 + SL2 * Q[p, "lines"] + SM2 * Q[p, "mshrs"]; tot = f + g(p, "ff_area_um2")
      printf "| `%s`%s | %d | %d | %s | %s | %s | %s | %s | %s |\n", p, (i > 5 ? " (check)" : ""), Q[p, "lines"], Q[p, "mshrs"], commas(logic(p), 0), commas(f, 0), pct(logic(p) - f, logic(p)), commas(g(p, "area_um2"), 0), commas(tot, 0), pct(g(p, "area_um2") - tot, g(p, "area_um2"))
    }
    ctl_need("l2_s2_m8_b64"); ctl_need("l2_s4_m8_b64"); ctl_need("l2_s2_m16_b64")
    SL2_64 = (logic("l2_s4_m8_b64") - logic("l2_s2_m8_b64")) / 32
    SM2_64 = (logic("l2_s2_m16_b64") - logic("l2_s2_m8_b64")) / 8
    A2_64 = logic("l2_s2_m8_b64") - 32 * SL2_64 - 8 * SM2_64
    SL2_16p = (logic("l2_s4_m8_b16") - logic("l2_s2_m8_b16")) / 32
    SM2_16p = (logic("l2_s2_m16_b16") - logic("l2_s2_m8_b16")) / 8
    D2 = (SL2_64 - SL2_16p) / (8 * 48)
    printf "\ngpu_l2, 64 B lines, through the three points (32 and 64 lines, 8 and 16 MSHRs): **F = %s µm², s_L = %s µm² per line, s_M = %s µm² per MSHR**. Per data bit of a line (16 B and 64 B slopes): %s µm² of logic; the rest of a line %s µm².\n", \
      commas(A2_64, 0), commas(SL2_64, 0), commas(SM2_64, 0), commas(D2, 1), commas(SL2_16p - 128 * D2, 0)
    n = split("l2_s8_m8_b16 l2_s16_m8_b16", L, " ")
    for (i = 1; i <= n; i++) if (has(L[i])) {
      p = L[i]; nl = Q[p, "lines"]; pr = logic("l2_s2_m8_b16") + (nl - 32) * SL2_16p; me = logic(p)
      printf "Check of the three-point construction used at 64 B, tried at 16 B: it predicts %s µm² of logic at %d lines; measured %s (error %s).\n", commas(pr, 0), nl, commas(me, 0), pct(pr - me, me)
    }
    if (has("l2_s8_m16_b16")) {
      pr = logic("l2_s2_m8_b16") + 96 * SL2_16p + 8 * SM2_16p; me = logic("l2_s8_m16_b16")
      printf "The same construction at (128 lines, 16 MSHRs): predicts %s µm², measured %s (error %s).\n", commas(pr, 0), commas(me, 0), pct(pr - me, me)
    }
    print ""

    # ---- 5. paper configuration ---------------------------------------------------------------------
    # gpu_l1: 64 sets x 8 ways x 64 B, 256 SB entries; gpu_l2: 256 x 16 x 64 B, 32 MSHRs
    P1bits = l1_bits(64, 256, 64); P1ns = NSL1_64F + NSB[2] * 512 + NSC[1] * 8; P1flops = P1bits + P1ns; P1ff = FF * P1flops
    P1log = A1_64 + 512 * SL1_64 + 256 * SS1
    P1data = 512 * 512; P1dirty = 512 * 64; P1tag = 512 * (la(64) - 6)
    P2bits = l2_bits(256, 32, 64); P2ns = NSA[4] + NSB[4] * 4096 + NSC[4] * 32; P2flops = P2bits + P2ns; P2ff = FF * P2flops
    P2log = A2_64 + 4096 * SL2_64 + 32 * SM2_64
    P2data = 4096 * 512; P2tag = 4096 * (la(64) - 8)
    print "<!-- synth/report_gpu.sh: table 5 -->"
    print "| paper configuration (EXTRAPOLATED logic; flops exact) | storage bits | flops | flop area µm² | logic area µm² | total µm² | kGE | of which fixed (F and the fixed non-storage flops) µm² | data array in one macro µm² (flow convention, upper bound) | data, dirty masks and tags in macros, their per-bit logic removed µm² (lower bound) |"
    print "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
    fx1 = A1_64 + FF * NSL1_64F
    up1 = P1ff + P1log - FF * P1data + macro(P1data)
    lo1 = P1ff + P1log - FF * (P1data + P1dirty + P1tag) - D1 * (P1data + P1dirty) + macro(P1data) + macro(P1dirty) + macro(P1tag)
    printf "| gpu_l1, GPU-H (one SM: 64 sets × 8 ways × 64 B, 48 wavefronts, 256-entry store buffer) | %s | %s | %s | %s | **%s** | %s | %s | %s | %s |\n", \
      commas(P1bits, 0), commas(P1flops, 0), commas(P1ff, 0), commas(P1log, 0), commas(P1ff + P1log, 0), commas((P1ff + P1log) / 24000, 0), commas(fx1, 0), commas(up1, 0), commas(lo1, 0)
    fx2 = A2_64 + FF * NSA[4]
    up2 = P2ff + P2log - FF * P2data + macro(P2data)
    lo2 = P2ff + P2log - FF * (P2data + P2tag) - D2 * P2data + macro(P2data) + macro(P2tag)
    printf "| gpu_l2 (one bank: 256 sets × 16 ways × 64 B, 32 MSHRs) | %s | %s | %s | %s | **%s** | %s | %s | %s | %s |\n", \
      commas(P2bits, 0), commas(P2flops, 0), commas(P2ff, 0), commas(P2log, 0), commas(P2ff + P2log, 0), commas((P2ff + P2log) / 24000, 0), commas(fx2, 0), commas(up2, 0), commas(lo2, 0)
    T1 = 15 * (P1ff + P1log) + 16 * (P2ff + P2log)
    printf "| system: 15 × gpu_l1 + 16 × gpu_l2 | %s | %s | %s | %s | **%s** | %s | %s | %s | %s |\n\n", \
      commas(15 * P1bits + 16 * P2bits, 0), commas(15 * P1flops + 16 * P2flops, 0), commas(15 * P1ff + 16 * P2ff, 0), \
      commas(15 * P1log + 16 * P2log, 0), commas(T1, 0), commas(T1 / 24000, 0), \
      commas(15 * fx1 + 16 * fx2, 0), commas(15 * up1 + 16 * up2, 0), commas(15 * lo1 + 16 * lo2, 0)
    printf "Non-storage flops at the paper size (table 2's models): gpu_l1 %s (%s + %s × 512 lines + %s × log2 256), gpu_l2 %s (%s + %s × 4,096 lines + %s × 32 MSHRs).\n", commas(P1ns, 0), commas(NSL1_64F, 0), NSB[2], NSC[1], commas(P2ns, 0), commas(NSA[4], 0), NSB[4], NSC[4]
    printf "Per line at the paper size (extrapolated): gpu_l1 %s µm² = flops %s (%d storage bits + %s) + logic %s; gpu_l2 %s µm² = flops %s (%d + %s) + logic %s; per MSHR %s µm² = flops %s (%d + %s) + logic %s; per store-buffer entry %s µm² = flops %s (%d + %s) + logic %s.\n\n", \
      commas(FF * (l1_line(64, 64) + NSB[2]) + SL1_64, 0), commas(FF * (l1_line(64, 64) + NSB[2]), 0), l1_line(64, 64), NSB[2], commas(SL1_64, 0), \
      commas(FF * (l2_line(256, 64) + NSB[4]) + SL2_64, 0), commas(FF * (l2_line(256, 64) + NSB[4]), 0), l2_line(256, 64), NSB[4], commas(SL2_64, 0), \
      commas(FF * (l2_mshr(64) + NSC[4]) + SM2_64, 0), commas(FF * (l2_mshr(64) + NSC[4]), 0), l2_mshr(64), NSC[4], commas(SM2_64, 0), \
      commas(FF * la(64) + SS1, 0), commas(FF * la(64), 0), la(64), 0, commas(SS1, 0)

    # ---- 6. GPU-D against GPU-H (the same L1 point) -------------------------------------------------
    H = "l1_s4_sb16_b16"; D = "l1_s4_sb16_b16_hrf0"
    if (has(D)) {
      print "<!-- synth/report_gpu.sh: table 6 -->"
      print "| gpu_l1, 32 lines × 16 B, 16 SB entries | cells | area µm² | flops | logic area µm² | fmax MHz |"
      print "|---|--:|--:|--:|--:|--:|"
      printf "| GPU-H (Hrf = 1: CTA scope stays in the L1, CTA atomics in the L1) | %s | %s | %s | %s | %s |\n", commas(g(H, "cells"), 0), commas(g(H, "area_um2"), 0), commas(g(H, "flops"), 0), commas(logic(H), 0), g(H, "fmax_mhz")
      printf "| GPU-D (Hrf = 0: every synchronization at GPU scope) | %s | %s | %s | %s | %s |\n", commas(g(D, "cells"), 0), commas(g(D, "area_um2"), 0), commas(g(D, "flops"), 0), commas(logic(D), 0), g(D, "fmax_mhz")
      printf "| GPU-H − GPU-D | %s | %s (%s) | %s | %s | |\n\n", commas(g(H, "cells") - g(D, "cells"), 0), commas(g(H, "area_um2") - g(D, "area_um2"), 0), pct(g(H, "area_um2") - g(D, "area_um2"), g(D, "area_um2")), commas(g(H, "flops") - g(D, "flops"), 0), commas(logic(H) - logic(D), 0)
    }

    # ---- 9. GPU-RSP against GPU-H (the same L1 point and the same bank point) ----------------------
    {
      print "<!-- synth/report_gpu.sh: table 9 -->"
      print "| point | GPU-H cells | GPU-RSP cells | GPU-H area µm² | GPU-RSP area µm² | GPU-RSP − GPU-H area µm² | flops GPU-H → GPU-RSP | of which RSP registers (rsp.md section 10) | logic area GPU-RSP − GPU-H µm² | fmax MHz GPU-H → GPU-RSP |"
      print "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
      rsp_row("gpu_l1, 32 lines × 16 B, 16 SB entries, NumSm 15", "l1_s4_sb16_b16", "l1_s4_sb16_b16_rsp", rsp_l1(15, 16))
      rsp_row("gpu_l2, 32 lines × 16 B, 8 MSHRs, NumSm 15", "l2_s2_m8_b16", "l2_s2_m8_b16_rsp", rsp_l2(15))
      print ""
    }

    # ---- 7. protocol state per line: GPU against TC --------------------------------------------------
    print "<!-- synth/report_gpu.sh: table 7 -->"
    print "| per line, paper configurations | data bits | tag bits | protocol / bookkeeping bits | of which | protocol bits per 1,024 data bits |"
    print "|---|--:|--:|--:|---|--:|"
    printf "| gpu_l1 (64 B lines) | 512 | %d | %d | val / pend / stale / acq (4), waiting-load mask (48), dirty byte mask (64) | %.1f |\n", la(64) - 6, 4 + 48 + 64, 1024 * (4 + 48 + 64) / 512
    printf "| tc_l1 (128 B lines; docs/area-tc.md) | 1,024 | %d | %d | state (3), lTS (32), merge time (32), GETS flags rd / waw (2), write counter (4), waiting-load masks orig / late (96) | %.1f |\n", 25 - 6, 3 + 32 + 32 + 2 + 4 + 96, 3 + 32 + 32 + 2 + 4 + 96
    printf "| gpu_l2 (64 B lines) | 512 | %d | 2 | state I / V / D / P | %.1f |\n", la(64) - 8, 1024 * 2 / 512
    printf "| tc_l2 (128 B lines) | 1,024 | %d | %d | state (3), gTS (32), dirty (1) | %.1f |\n\n", 25 - 7, 3 + 32 + 1, 3 + 32 + 1

    # ---- 8. timing ------------------------------------------------------------------------------------
    print "<!-- synth/report_gpu.sh: table 8 -->"
    timing_head()
    timing_rows("gpu_l1 (16 B, lines)|l1_s2_sb16_b16,l1_s4_sb16_b16,l1_s8_sb16_b16,l1_s16_sb16_b16,l1_s32_sb16_b16;gpu_l1 (16 B, SB entries)|l1_s2_sb16_b16,l1_s2_sb64_b16,l1_s2_sb256_b16;gpu_l1 (64 B)|l1_s2_sb16_b64,l1_s4_sb16_b64;gpu_l1 (GPU-D)|l1_s4_sb16_b16_hrf0;gpu_l2 (16 B, lines)|l2_s2_m8_b16,l2_s4_m8_b16,l2_s8_m8_b16,l2_s16_m8_b16;gpu_l2 (16 B, MSHRs)|l2_s2_m8_b16,l2_s2_m16_b16,l2_s2_m32_b16;gpu_l2 (64 B)|l2_s2_m8_b64,l2_s4_m8_b64,l2_s2_m16_b64")
  }
AWK
}

report_main
