#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/report_gtsc.sh -- print, as markdown, the tables of docs/area-gtsc.md (the G-TSC L1, L2
# bank and overflow unit) from the results of synth/gtsc.sh (synth/results/gtsc_*.area.txt),
# beside the TC units' (tc_*.area.txt, synth/report_tc.sh's paper-size table): every measured
# point, the non-storage flops, the linear fits of the logic area in lines, the thesis
# configuration (Table 3.3: flops exact, logic extrapolated), the timestamp fields and the warp
# table at the thesis configuration against the thesis's widths and the notes' derived bytes,
# G-TSC against TC, and timing. Runs no synthesis; writes only to stdout.
#
# Usage: synth/report_gtsc.sh [--results DIR] [--update PAGE]
#   --update PAGE  instead of printing, replace in PAGE (docs/area-gtsc.md) the block of each
#                  table, from its line "<!-- synth/report_gtsc.sh: table N -->" to the line
#                  "<!-- end of table N -->", with table N of the report (written atomically)
#
# Method (docs/area-gtsc.md, as docs/area-hlrc.md and docs/area-denovo.md): storage bits from
# the formulas of the unit pages' section 12 (checked against every result's storage_bits); the
# non-storage flops linear and exact at every point; only the logic area extrapolated, linearly
# in lines (the MSHRs, the warp table and the FIFOs are the thesis's at every point).
set -euo pipefail

prog=report_gtsc.sh
fam=gtsc
# shellcheck disable=SC2034 # read by synth/report_ctl.sh
rtl_files="rtl/gpucoh_*.sv rtl/prim/gpucoh_*.sv rtl/gtsc/gtsc_pkg.sv rtl/gtsc/gtsc_l1.sv rtl/gtsc/gtsc_l2.sv rtl/gtsc/gtsc_ovf.sv"
# the command line, results, files, cur, die, report_main
# shellcheck source=synth/report_ctl.sh
. "$(dirname "${BASH_SOURCE[0]}")/report_ctl.sh"

# TC's paper-size rows and per-line / per-MSHR figures (table 5 of synth/report_tc.sh over the same
# results directory); without TC results the comparison says n/a.
tfiles=("$results"/tc_*.area.txt)
tc5=""
if ((${#tfiles[@]} > 0)); then
  tc5=$(bash synth/report_tc.sh --results "$results" 2>/dev/null |
    awk '/^\| tc_l1 \(one SM/ || /^\| tc_l2 \(one bank/ || /^Per-line split at the paper size/' | tr -d '*,') || true
fi
# TC's points of G-TSC's sizes, read beside the G-TSC results (named tc_<point>): the 16-line,
# 128 B tc_l1 (4 ways, 48 wavefronts, as gtsc_l1_s4) and the 32-line, 128 B tc_l2 at 8 and 16
# MSHRs (gtsc_l2_s4 has 32)
same=()
for f in tc_l1_s4_b128 tc_l2_s4_m8_b128 tc_l2_s4_m16_b128; do
  [[ -f $results/$f.area.txt ]] && same+=("$results/$f.area.txt")
done
# TC's timestamp counter (24 in TC's system: one an L1 and a bank), measured at 32 bits
tctimer=""
[[ -f $results/tc_timer_ts32.area.txt ]] && tctimer=$(awk '$1 == "area_um2" { print $2; exit }' "$results/tc_timer_ts32.area.txt")

report() {
bash synth/status_note.sh --results "$results" --marker "$prog" synth-gtsc synth/gtsc.sh
awk -v cur="$cur" -v prog="$prog" -v fam=gtsc -v tc5="$tc5" -v tctimer="$tctimer" -f synth/report_lib.awk -f - "${files[@]}" "${same[@]}" <<'AWK'
  # Storage formulas of docs/units/gtsc/gtsc.md, gtsc_l1.md and gtsc_l2.md section 12
  # (synth/points/gtsc.sh, and tb/proto/gtsc/gtsc_units.c); the thesis's values (Table 3.3) unless a
  # point sets them: NumWf 48, LineBytes 128, AddrWidth 32, L1Ways 4, L1Mshrs 32, WfCntWidth 6,
  # TsWidth 16, EpWidth 4, SpinHits 16; NumBanks 8, L2Ways 8, L2Mshrs 32.
  function la(p) { return pget(p, "AddrWidth", 32) - clog2(pget(p, "LineBytes", 128)) }
  function ww(n) { return (n > 1 ? clog2(n) : 1) }
  function l1_line(p, sets) { return (la(p) - clog2(sets)) + 2 + 2 * pget(p, "TsWidth", 16) + 8 * pget(p, "LineBytes", 128) }
  function l1_mshr(p) { return 1 + 2 + la(p) + 1 + ww(pget(p, "L1Ways", 4)) + pget(p, "NumWf", 48) + 6 + 1 }
  function l1_warp(p) { return pget(p, "TsWidth", 16) + pget(p, "WfCntWidth", 6) + clog2(pget(p, "SpinHits", 16) + 1) }
  function l1_bits(p, sets) {
    return sets * pget(p, "L1Ways", 4) * l1_line(p, sets) + pget(p, "EpWidth", 4) + pget(p, "NumWf", 48) * l1_warp(p) + \
      sets * ww(pget(p, "L1Ways", 4)) + pget(p, "L1Mshrs", 32) * l1_mshr(p)
  }
  function l2_line(p, sets) { return (la(p) - clog2(pget(p, "NumBanks", 8)) - clog2(sets)) + 2 + 2 * pget(p, "TsWidth", 16) + 8 * pget(p, "LineBytes", 128) }
  function l2_mshr(p) { return 2 + la(p) + ww(pget(p, "L2Ways", 8)) + 2 + 6 + 6 + 2 * pget(p, "TsWidth", 16) + pget(p, "EpWidth", 4) + 9 * pget(p, "LineBytes", 128) + 2 + 5 + 64 }
  function l2_bits(p, sets) {
    return sets * pget(p, "L2Ways", 8) * l2_line(p, sets) + pget(p, "L2Mshrs", 32) * l2_mshr(p) + \
      pget(p, "TsWidth", 16) + pget(p, "EpWidth", 4) + 1 + sets * ww(pget(p, "L2Ways", 8))
  }
  function col(row, k,    c) { split(row, c, "|"); gsub(/^ +| +$/, "", c[k]); return c[k] + 0 }
  function dpct(a, b) { return (b == "" || b == 0) ? "n/a" : pct(a - b, b) }
  function bytes(b) { return commas(b / 8, (b % 8 ? 1 : 0)) }

  # Tables 3 and 4: a controller's logic fit (ctl_fit) through its points P0 and P1, checked at Pk;
  # leaves F in FA and s_L in FB. ok: both fitted points measured; col: the entries' column;
  # ns, nsl: table 2's non-storage flop model; big: the thesis's lines; tbits: its storage bits
  function fit_table(ok, unit, intro, pts, kline, sens, P0, P1, Pk, qcol, ns, nsl, big, bigtxt, tbits,
                     fa, fsl, n, L, i, p, pr, prf, slc, ac) {
    if (!ok) { print unit ": its two points (`" P0 "`, `" P1 "`) are not both measured: no fit."; print ""; return }
    ctl_fit(P0 " " P1, "logic", "lines", ""); fa = FA; fsl = FB
    printf "%s, logic area = F + s_L × lines through the two points of %s: **F = %s µm², s_L = %s µm² per line**. No residual; %s.\n\n", intro, pts, commas(fa, 0), commas(fsl, 0), (has(Pk) ? "the " kline " point checks it" : "no check point (section 8)")
    print "| point | lines | MSHRs | logic µm² measured | flops | total area µm² |"
    print "|---|--:|--:|--:|--:|--:|"
    n = split(P0 " " P1, L, " ")
    for (i = 1; i <= n; i++) { p = L[i]; printf "| `%s` | %d | %d | %s | %s | %s |\n", p, Q[p, "lines"], Q[p, qcol], commas(logic(p), 0), commas(g(p, "flops"), 0), commas(g(p, "area_um2"), 0) }
    if (has(Pk)) {
      p = Pk; pr = fa + fsl * Q[p, "lines"]; prf = ns + nsl * Q[p, "lines"] + g(p, "storage_bits")
      printf "| `%s` (check, not in the fit) | %d | %d | %s | %s | %s |\n\n", p, Q[p, "lines"], Q[p, qcol], commas(logic(p), 0), commas(g(p, "flops"), 0), commas(g(p, "area_um2"), 0)
      printf "Check at %d lines (2× the larger fitted point): the fit predicts %s µm² of logic, measured %s (error %s); flops predicted %s (storage formula + table 2's model), measured %s; total predicted %s µm², measured %s (error %s).\n", \
        Q[p, "lines"], commas(pr, 0), commas(logic(p), 0), pct(pr - logic(p), logic(p)), commas(prf, 0), commas(g(p, "flops"), 0), \
        commas(pr + FF * prf, 0), commas(g(p, "area_um2"), 0), pct(pr + FF * prf - g(p, "area_um2"), g(p, "area_um2"))
      slc = (logic(Pk) - logic(P1)) / (Q[Pk, "lines"] - Q[P1, "lines"]); ac = logic(P1) - slc * Q[P1, "lines"]
      printf "Sensitivity: through the %s points instead, F = %s µm², s_L = %s µm² per line (%s); at %s lines the logic is %s µm² against table 5's %s (%s of table 5's total).\n", \
        sens, commas(ac, 0), commas(slc, 0), (slc < fsl ? "the slope falls as lines grow" : "the slope rises as lines grow"), bigtxt, commas(ac + big * slc, 0), commas(fa + big * fsl, 0), pct(ac + big * slc - (fa + big * fsl), FF * (tbits + ns + nsl * big) + fa + big * fsl)
    }
    print ""
    FA = fa; FB = fsl
  }

  END {
    if (NPTS == 0) exit 1
    p0 = PTS[1]
    CELL = g(p0, "sram_cell_um2"); PERIPH = g(p0, "sram_periph_frac")
    FIXED = g(p0, "sram_macro_fixed_um2"); FF = g(p0, "storage_ff_cell_um2")

    # ---- classify the points and check the storage formulas -----------------------------------
    for (i = 1; i <= NPTS; i++) {
      p = PTS[i]; if (p ~ /^tc_/) continue
      top = g(p, "top"); par = g(p, "params")
      if (top == "gtsc_l1") {
        s = pget(par, "L1Sets", 32); Q[p, "lines"] = s * pget(par, "L1Ways", 4); Q[p, "sbe"] = pget(par, "L1Mshrs", 32)
        want = l1_bits(par, s)
      } else if (top == "gtsc_l2") {
        s = pget(par, "L2Sets", 128); Q[p, "lines"] = s * pget(par, "L2Ways", 8); Q[p, "mshrs"] = pget(par, "L2Mshrs", 32)
        want = l2_bits(par, s)
      } else if (top == "gtsc_ovf") {
        want = 33
      } else { print prog ": error: " p ": unknown top " top > "/dev/stderr"; exit 1 }
      ctl_check(p, want)
    }
    A = "l1_s1"; B = "l1_s2"; C = "l2_s1"; D = "l2_s2"; O = "ovf_b8"; K = "l1_s4"; K2 = "l2_s4"
    H1 = has(A) && has(B); H2 = has(C) && has(D)

    # ---- 1. every measured point ----------------------------------------------------------------
    ctl_table1("gtsc_l1", A " " B " " K, "gtsc_l2", C " " D " " K2, "gtsc_ovf", O)
    ctl_rtl_measured("^tc_")

    # ---- 2. non-storage flops, two points a model (exact by construction) ----------------------
    spec = ""
    if (H1) spec = "gtsc_l1, 128 B lines|" A " " B "|lines||"
    if (H2) spec = spec (spec == "" ? "" : ";") "gtsc_l2, 128 B lines|" C " " D "|lines||"
    if (spec != "") ctl_ns_table(spec)
    else { print "<!-- synth/" prog ": table 2 -->"; print "No unit has its two points yet: no model." ; print "" }
    k = 0
    if (H1) { k++; NS1 = NSA[k]; NSL1 = NSB[k] }
    if (H2) { k++; NS2 = NSA[k]; NSL2 = NSB[k] }
    if (has(O)) printf "gtsc_ovf (`%s`, the whole unit): %d flops for %d storage bits, no other flop.\n\n", O, g(O, "flops"), g(O, "storage_bits")

    # ---- 3. gtsc_l1 logic fit, 4. gtsc_l2 logic fit (fit_table) -------------------------------------
    print "<!-- synth/" prog ": table 3 -->"
    fit_table(H1, "gtsc_l1", "gtsc_l1, 128 B lines, the thesis's 4 ways, 48 warps, 32 MSHRs and TsWidth 16", \
      "4 and 8 lines (L1Sets 1 and 2)", "16-line", "8- and 16-line", A, B, K, "sbe", NS1, NSL1, 128, "128", l1_bits("", 32))
    A1 = FA; SL1 = FB
    print "<!-- synth/" prog ": table 4 -->"
    fit_table(H2, "gtsc_l2", "gtsc_l2, 128 B lines, the thesis's 8 ways, 32 MSHRs, 16 SMs, 8 banks and TsWidth 16", \
      "8 and 16 lines (L2Sets 1 and 2)", "32-line", "16- and 32-line", C, D, K2, "mshrs", NS2, NSL2, 1024, "1,024", l2_bits("", 128))
    A2 = FA; SL2 = FB

    # ---- 5. thesis configuration --------------------------------------------------------------------
    # gtsc_l1: 32 sets x 4 ways x 128 B (128 lines), 48 warps, 32 MSHRs; gtsc_l2: 128 x 8 x 128 B
    # (1,024 lines), 32 MSHRs; 16 L1s, 8 banks, one gtsc_ovf. TsWidth 16.
    P1bits = l1_bits("", 32); P2bits = l2_bits("", 128)
    P1data = 128 * 1024; P1ts = 128 * 32; P1tag = 128 * (la("") - 5)
    P2data = 1024 * 1024; P2ts = 1024 * 32; P2tag = 1024 * (la("") - 3 - 7)
    OV = (has(O) ? g(O, "area_um2") : 0)
    print "<!-- synth/" prog ": table 5 -->"
    print "| thesis configuration (Table 3.3; EXTRAPOLATED logic, flops exact) | storage bits | flops | flop area µm² | logic area µm² | total µm² | kGE | of which fixed (F and the fixed non-storage flops) µm² | data array in one macro µm² (flow convention) | data, timestamps and tags in macros, logic kept µm² |"
    print "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
    if (H1) {
      P1ns = NS1 + NSL1 * 128; P1flops = P1bits + P1ns; P1ff = FF * P1flops; P1log = A1 + 128 * SL1; T1 = P1ff + P1log
      fx1 = A1 + FF * NS1
      up1 = T1 - FF * P1data + macro(P1data)
      lo1 = T1 - FF * (P1data + P1ts + P1tag) + macro(P1data) + macro(P1ts) + macro(P1tag)
      printf "| gtsc_l1, G-TSC (one SM: 32 sets × 4 ways × 128 B, 48 warps, 32 MSHRs, TsWidth 16) | %s | %s | %s | %s | **%s** | %s | %s | %s | %s |\n", \
        commas(P1bits, 0), commas(P1flops, 0), commas(P1ff, 0), commas(P1log, 0), commas(T1, 0), commas(T1 / 24000, 0), commas(fx1, 0), commas(up1, 0), commas(lo1, 0)
    } else printf "| gtsc_l1 (one SM) | %s | n/a (no fit) | %s (storage only) | n/a | n/a | | | | |\n", commas(P1bits, 0), commas(FF * P1bits, 0)
    if (H2) {
      P2ns = NS2 + NSL2 * 1024; P2flops = P2bits + P2ns; P2ff = FF * P2flops; P2log = A2 + 1024 * SL2; T2 = P2ff + P2log
      fx2 = A2 + FF * NS2
      up2 = T2 - FF * P2data + macro(P2data)
      lo2 = T2 - FF * (P2data + P2ts + P2tag) + macro(P2data) + macro(P2ts) + macro(P2tag)
      printf "| gtsc_l2 (one bank: 128 sets × 8 ways × 128 B, 32 MSHRs, TsWidth 16) | %s | %s | %s | %s | **%s** | %s | %s | %s | %s |\n", \
        commas(P2bits, 0), commas(P2flops, 0), commas(P2ff, 0), commas(P2log, 0), commas(T2, 0), commas(T2 / 24000, 0), commas(fx2, 0), commas(up2, 0), commas(lo2, 0)
    } else printf "| gtsc_l2 (one bank) | %s | n/a (no fit) | %s (storage only) | n/a | n/a | | | | |\n", commas(P2bits, 0), commas(FF * P2bits, 0)
    if (has(O)) printf "| gtsc_ovf (the system's one, 8 banks; measured) | %s | %s | %s | %s | **%s** | %s | %s | %s | %s |\n", \
      commas(g(O, "storage_bits"), 0), commas(g(O, "flops"), 0), commas(g(O, "ff_area_um2"), 0), commas(logic(O), 0), commas(OV, 0), commas(OV / 24000, 1), commas(OV, 0), commas(OV, 0), commas(OV, 0)
    if (H1 && H2) {
      TS = 16 * T1 + 8 * T2 + OV
      printf "| system: 16 × gtsc_l1 + 8 × gtsc_l2 + gtsc_ovf | %s | %s | %s | %s | **%s** | %s | %s | %s | %s |\n\n", \
        commas(16 * P1bits + 8 * P2bits + 33, 0), commas(16 * P1flops + 8 * P2flops + g(O, "flops"), 0), commas(16 * P1ff + 8 * P2ff + g(O, "ff_area_um2"), 0), \
        commas(16 * P1log + 8 * P2log + logic(O), 0), commas(TS, 0), commas(TS / 24000, 0), \
        commas(16 * fx1 + 8 * fx2 + OV, 0), commas(16 * up1 + 8 * up2 + OV, 0), commas(16 * lo1 + 8 * lo2 + OV, 0)
      printf "Non-storage flops at the thesis size (table 2's models): gtsc_l1 %s (%g %s × 128 lines), gtsc_l2 %s (%g %s × 1,024 lines).\n", commas(P1ns, 0), NS1, sgn(sprintf("%g", NSL1)), commas(P2ns, 0), NS2, sgn(sprintf("%g", NSL2))
      printf "Per line at the thesis size (extrapolated): gtsc_l1 %s µm² = flops %s (%d storage bits %s) + logic %s; gtsc_l2 %s µm² = flops %s (%d %s) + logic %s.\n\n", \
        commas(FF * (l1_line("", 32) + NSL1) + SL1, 0), commas(FF * (l1_line("", 32) + NSL1), 0), l1_line("", 32), sgn(sprintf("%g", NSL1)), commas(SL1, 0), \
        commas(FF * (l2_line("", 128) + NSL2) + SL2, 0), commas(FF * (l2_line("", 128) + NSL2), 0), l2_line("", 128), sgn(sprintf("%g", NSL2)), commas(SL2, 0)
    } else print ""

    # ---- 6. the timestamp fields and the warp table at the thesis configuration ----------------------
    # Bits from the unit pages' section 12 (exact); flop area FF per bit (exact); "pro rata" charges
    # each bit the unit's logic per storage bit of a line (s_L / bits of a line): an estimate.
    r1 = (H1 ? SL1 / l1_line("", 32) : 0); r2 = (H2 ? SL2 / l2_line("", 128) : 0)
    print "<!-- synth/" prog ": table 6 -->"
    print "| field (thesis configuration) | RTL registers | bits a unit | units | bits in the system | bytes in the system | the thesis / the notes (notes/seed003-gtsc.md) | flop area a unit µm² (exact) | flops + logic pro rata a unit µm² (estimate) | of the unit (table 5 total) |"
    print "|---|---|--:|--:|--:|--:|---|--:|--:|--:|"
    nr = 0
    nr++; FN[nr] = "L1 `wts`, `rts`, 2 × 16 bits × 128 lines"; FR[nr] = "`gtsc_l1.wts_q[i]`, `rts_q[i]`"; FB_[nr] = 128 * 32; FU[nr] = 1; FK[nr] = "ts"; FT[nr] = "\"two additional fields per cacheline in L1 and L2 cache to hold the wts and rts (16-bit each)\" (§4.3.8, notes §1.1); notes [D]: 4,096 b = 512 B per SM"
    nr++; FN[nr] = "L1 `warp_ts`, 16 bits × 48 warps"; FR[nr] = "`gtsc_l1.warp_ts_q`"; FB_[nr] = 48 * 16; FU[nr] = 1; FK[nr] = "ts"; FT[nr] = "\"a 16-bit field per warp to keep track of the warp_ts\" (§4.3.8, notes §1.2); notes [D]: 768 b = 96 B per SM"
    nr++; FN[nr] = "L2 `wts`, `rts`, 2 × 16 bits × 1,024 lines"; FR[nr] = "`gtsc_l2.wts_q[i]`, `rts_q[i]`"; FB_[nr] = 1024 * 32; FU[nr] = 2; FK[nr] = "ts"; FT[nr] = "as the L1's (§4.3.8); notes [D]: 32,768 b = 4 KB per bank, 32 KB for 8"
    nr++; FN[nr] = "L2 `mem_ts`, 16 bits"; FR[nr] = "`gtsc_l2.mem_ts_q`"; FB_[nr] = 16; FU[nr] = 2; FK[nr] = "ts"; FT[nr] = "\"the shared cache keeps a memory timestamp\" (§3.3.2); width not stated, notes [I] 16 bits, one per bank; left out of the notes' total (\"+ mem_ts\")"
    nr++; FN[nr] = "L2 MSHR `wts`, `warp_ts`, 2 × 16 bits × 32 entries"; FR[nr] = "`gtsc_l2.mwts_q[k]`, `mwarp_q[k]`"; FB_[nr] = 32 * 32; FU[nr] = 2; FK[nr] = "ts"; FT[nr] = "none: the L2 MSHR holds \"pending DRAM reads\" (notes §1.5); a request waiting for its fill keeps its timestamps (gtsc_l2.md section 3)"
    nr++; FN[nr] = "L1 `wcnt`, 6 bits × 48 warps (warp table, not a timestamp)"; FR[nr] = "`gtsc_l1.wcnt_q`"; FB_[nr] = 48 * 6; FU[nr] = 1; FK[nr] = "warp"; FT[nr] = "none (a warp's stores not yet acknowledged, for its fences; not named by the thesis)"
    nr++; FN[nr] = "L1 `spin_q`, 5 bits × 48 warps (warp table, T12)"; FR[nr] = "`gtsc_l1.spin_q`"; FB_[nr] = 48 * 5; FU[nr] = 1; FK[nr] = "warp"; FT[nr] = "none: T12 (gtsc.md section 15.1, SpinHits 16) makes a spinning acquire terminate, which the thesis's rules do not"
    nr++; FN[nr] = "epochs and overflow: L1 `ep_q` 4; L2 `ep_q` 4, `ovf_q` 1, MSHR `mep_q` 4 × 32"; FR[nr] = "`gtsc_l1.ep_q`; `gtsc_l2.ep_q`, `ovf_q`, `mep_q[k]`"; FB_[nr] = 0; FU[nr] = 0; FK[nr] = "ovf"; FT[nr] = "none: the thesis's reset flag on responses (§3.5.4) is replaced by a global reset with epochs (gtsc.md section 7.2)"
    nr++; FN[nr] = "`gtsc_ovf`: `tsrst_q` 1, `nrst_q` 32 (a count of resets)"; FR[nr] = "`gtsc_ovf.tsrst_q`, `nrst_q`"; FB_[nr] = 33; FU[nr] = 3; FK[nr] = "ovf"; FT[nr] = "\"sends a reset signal to all L2 cache banks\" (§3.5.4): a signal, no storage"
    tsys = wsys = osys = 0
    for (i = 1; i <= nr; i++) {
      if (FK[i] == "ovf" && FU[i] == 0) {
        # the epoch row spans both units: 4 an L1, 4 + 1 + 128 a bank
        b1 = 4; b2 = 4 + 1 + 32 * 4; sysb = 16 * b1 + 8 * b2
        printf "| %s | %s | %d an L1, %d a bank | 16, 8 | %s | %s | %s | %s, %s | %s, %s | %s, %s |\n", FN[i], FR[i], b1, b2, commas(sysb, 0), bytes(sysb), FT[i], \
          commas(FF * b1, 0), commas(FF * b2, 0), (H1 ? commas((FF + r1) * b1, 0) : "n/a"), (H2 ? commas((FF + r2) * b2, 0) : "n/a"), \
          (H1 ? sprintf("%.3f %%", 100 * (FF + r1) * b1 / T1) : "n/a"), (H2 ? sprintf("%.3f %%", 100 * (FF + r2) * b2 / T2) : "n/a")
        osys += sysb; continue
      }
      nu = (FU[i] == 1 ? 16 : FU[i] == 2 ? 8 : 1); sysb = nu * FB_[i]
      rr = (FU[i] == 1 ? r1 : FU[i] == 2 ? r2 : 0); hh = (FU[i] == 1 ? H1 : FU[i] == 2 ? H2 : 0); tt = (FU[i] == 1 ? T1 : FU[i] == 2 ? T2 : 0)
      printf "| %s | %s | %s | %d | %s | %s | %s | %s | %s | %s |\n", FN[i], FR[i], commas(FB_[i], 0), nu, commas(sysb, 0), bytes(sysb), FT[i], commas(FF * FB_[i], 0), \
        (FU[i] == 3 ? commas(OV, 0) " (measured, the whole unit)" : hh ? commas((FF + rr) * FB_[i], 0) : "n/a"), (hh ? sprintf("%.2f %%", 100 * (FF + rr) * FB_[i] / tt) : "—")
      if (FK[i] == "ts") tsys += sysb; else if (FK[i] == "warp") wsys += sysb; else osys += sysb
    }
    # per unit: the timestamps (wts, rts, warp_ts in the L1; wts, rts, mem_ts, MSHR stamps in the bank)
    t1b = 128 * 32 + 48 * 16; t2b = 1024 * 32 + 16 + 32 * 32; w1b = 48 * (16 + 6 + 5)
    printf "| **timestamps of one SM** (`wts`, `rts`, `warp_ts`) | | **%s** | | | %s B | notes [D]: 608 B per SM | %s | %s | %s |\n", commas(t1b, 0), bytes(t1b), commas(FF * t1b, 0), (H1 ? commas((FF + r1) * t1b, 0) : "n/a"), (H1 ? sprintf("**%.2f %%**", 100 * (FF + r1) * t1b / T1) : "—")
    printf "| **warp table of one SM** (`warp_ts`, `wcnt`, `spin_q`: 27 bits × 48 warps) | | **%s** | | | %s B | notes [D]: 96 B (`warp_ts` alone) | %s | %s | %s |\n", commas(w1b, 0), bytes(w1b), commas(FF * w1b, 0), (H1 ? commas((FF + r1) * w1b, 0) : "n/a"), (H1 ? sprintf("**%.2f %%**", 100 * (FF + r1) * w1b / T1) : "—")
    printf "| **timestamps of one bank** (`wts`, `rts`, `mem_ts`, MSHR stamps) | | **%s** | | | %s B | notes [D]: 4 KB per bank (+ `mem_ts`) | %s | %s | %s |\n", commas(t2b, 0), bytes(t2b), commas(FF * t2b, 0), (H2 ? commas((FF + r2) * t2b, 0) : "n/a"), (H2 ? sprintf("**%.2f %%**", 100 * (FF + r2) * t2b / T2) : "—")
    NOTES = 16 * 608 * 8 + 8 * 4096 * 8
    printf "| **system: every timestamp** (16 SMs, 8 banks) | | | | **%s** | **%s** | notes [D]: 42,496 B (+ 8 × `mem_ts`) | | | |\n", commas(tsys, 0), bytes(tsys)
    printf "| system: ours − the notes' 42,496 B | | | | %s | %s | the L2 MSHR stamps (%s B) and `mem_ts` (%s B) | | | |\n", commas(tsys - NOTES, 0), bytes(tsys - NOTES), bytes(8 * 32 * 32), bytes(8 * 16)
    printf "| system: beyond the timestamps: `wcnt`, `spin_q`; epochs, overflow | | | | %s; %s | %s; %s | none in the thesis | | | |\n", commas(wsys, 0), commas(osys, 0), bytes(wsys), bytes(osys)
    printf "| share of the data capacity (16 × 16 KB + 8 × 128 KB = 1,310,720 B), timestamps | | | | | %.2f %% | notes: 3.24 %% (42,496 B) | | | |\n\n", 100 * tsys / 8 / 1310720
    if (H1 && H2) printf "Pro rata: gtsc_l1's logic per line (%s µm²) over its %d storage bits a line = %s µm² a bit; gtsc_l2's (%s µm²) over %d bits = %s µm² a bit. These points do not separate the timestamps' own logic (the lease compares, the T1-T12 maxima, the renewal test, the saturation at TsMax): no point varies TsWidth (section 8).\n\n", \
      commas(SL1, 0), l1_line("", 32), commas(r1, 1), commas(SL2, 0), l2_line("", 128), commas(r2, 1)
    printf "In flight, not storage (non-storage flops of table 2): the L1's request register (`req_wts_q`, `req_warp_ts_q`, `req_ep_q`: 36 bits), the bank's response register (`rsp_wts_q`, `rsp_rts_q`, `rsp_ep_q`: 36) and the timestamps of the 4 requests in each bank's FIFO (4 × 36).\n\n"

    # ---- 7. against TC --------------------------------------------------------------------------------
    # tc5: report_tc.sh table 5's tc_l1 / tc_l2 rows and its per-line line (commas and bold removed):
    # columns 3 storage bits, 4 flops, 7 total, 9 fixed; per line / per MSHR from the last line
    nr = split(tc5, GR, "\n"); C1 = C2 = CP = ""
    for (i = 1; i <= nr; i++) { if (GR[i] ~ /^\| tc_l1/) C1 = GR[i]; if (GR[i] ~ /^\| tc_l2/) C2 = GR[i]; if (GR[i] ~ /^Per-line split/) CP = GR[i] }
    print "<!-- synth/" prog ": table 7 -->"
    if (C1 == "" || C2 == "" || CP == "") print "TC: n/a (no tc_ results in the results directory, or synth/report_tc.sh failed)."
    else {
      s = CP; sub(/.*tc_l1 /, "", s); split(s, a, " "); TL1 = a[1] + 0
      s = CP; sub(/.*tc_l1 [0-9]+ µm² per line = flops [0-9]+ \([^)]*\) \+ logic /, "", s); split(s, a, " "); TL1log = a[1] + 0
      s = CP; sub(/.*tc_l2 /, "", s); split(s, a, " "); TL2 = a[1] + 0
      s = CP; sub(/.*tc_l2 [0-9]+ µm² per line = flops [0-9]+ \([^)]*\) \+ logic /, "", s); split(s, a, " "); TL2log = a[1] + 0
      s = CP; sub(/ µm² per MSHR.*/, "", s); sub(/.* /, "", s); TM = s + 0
      TC1 = col(C1, 7) - 128 * TL1; TC2 = col(C2, 7) - 96 * TM
      print "| one unit (EXTRAPOLATED logic) | lines | MSHRs | timestamp bits | total µm² (flip-flops) | G-TSC − TC | data in one macro µm² |"
      print "|---|--:|--:|--:|--:|--:|--:|"
      if (H1) printf "| gtsc_l1 at the thesis configuration (table 5; TsWidth 16) | 128 | 32 | %s | %s | | %s |\n", commas(128 * 32 + 48 * 16, 0), commas(T1, 0), commas(up1, 0)
      printf "| tc_l1 at the same size: 128 lines (area-tc.md table 5's 256-line tc_l1 less 128 lines at its %s µm² a line; TsWidth 32, with its GWCT) | 128 | — | %s | %s | %s | %s |\n", commas(TL1, 0), commas(128 * 64 + 48 * 32, 0), commas(TC1, 0), (H1 ? commas(T1 - TC1, 0) " (" dpct(T1, TC1) ")" : "n/a"), commas(TC1 - FF * P1data + macro(P1data), 0)
      printf "| tc_l1 at its paper configuration (area-tc.md table 5: 32 KB, 64 sets) | 256 | — | %s | %s | | %s |\n", commas(256 * 64 + 48 * 32, 0), commas(col(C1, 7), 0), commas(col(C1, 10), 0)
      if (H2) printf "| gtsc_l2 at the thesis configuration (table 5; TsWidth 16) | 1,024 | 32 | %s | %s | | %s |\n", commas(1024 * 32 + 16 + 32 * 32, 0), commas(T2, 0), commas(up2, 0)
      printf "| tc_l2 at the same size: 32 MSHRs (area-tc.md table 5's 128-MSHR tc_l2 less 96 MSHRs at its %s µm² an MSHR; TsWidth 32) | 1,024 | 32 | %s | %s | %s | %s |\n", commas(TM, 0), commas(1024 * 32 + 32 * 32 + 32, 0), commas(TC2, 0), (H2 ? commas(T2 - TC2, 0) " (" dpct(T2, TC2) ")" : "n/a"), commas(TC2 - FF * P2data + macro(P2data), 0)
      printf "| tc_l2 at its paper configuration (area-tc.md table 5: 128 MSHRs) | 1,024 | 128 | %s | %s | | %s |\n", commas(1024 * 32 + 128 * 32 + 32, 0), commas(col(C2, 7), 0), commas(col(C2, 10), 0)
      if (H1 && H2) printf "| system at Table 3.3's sizes: 16 × gtsc_l1 + 8 × gtsc_l2 + gtsc_ovf (table 5) | 16 × 128 + 8 × 1,024 | 8 × 32 | %s | %s | | %s |\n", commas(tsys, 0), commas(TS, 0), commas(16 * up1 + 8 * up2 + OV, 0)
      if (tctimer != "") printf "| system at the same sizes: 16 × tc_l1 + 8 × tc_l2 (the rows above) + 24 × tc_timer (%s µm², measured) | 16 × 128 + 8 × 1,024 | 8 × 32 | %s | %s | %s | %s |\n", commas(tctimer, 0), commas(16 * (128 * 64 + 48 * 32) + 8 * (1024 * 32 + 32 * 32 + 32) + 24 * 33, 0), commas(16 * TC1 + 8 * TC2 + 24 * tctimer, 0), \
        (H1 && H2 ? commas(TS - (16 * TC1 + 8 * TC2 + 24 * tctimer), 0) " (" dpct(TS, 16 * TC1 + 8 * TC2 + 24 * tctimer) ")" : "n/a"), commas(16 * (TC1 - FF * P1data + macro(P1data)) + 8 * (TC2 - FF * P2data + macro(P2data)) + 24 * tctimer, 0)
      print ""
      print "| per 128 B line (both EXTRAPOLATED from fits to measured points) | G-TSC µm² | of which logic | TC µm² (area-tc.md table 5) | of which logic | G-TSC − TC |"
      print "|---|--:|--:|--:|--:|--:|"
      if (H1) printf "| L1 line (G-TSC: tag 20, state 2, `wts` + `rts` 32, data 1,024; TC: tag 19, state 3, rd / waw 2, wcnt 4, two wavefront masks 96, lTS + merge time 64, data 1,024) | %s | %s | %s | %s | %s (%s) |\n", commas(FF * (l1_line("", 32) + NSL1) + SL1, 0), commas(SL1, 0), commas(TL1, 0), commas(TL1log, 0), commas(FF * (l1_line("", 32) + NSL1) + SL1 - TL1, 0), dpct(FF * (l1_line("", 32) + NSL1) + SL1, TL1)
      if (H2) printf "| L2 line (G-TSC: tag 15, state 2, `wts` + `rts` 32, data 1,024; TC: tag 18, state 3, dirty 1, gTS 32, data 1,024) | %s | %s | %s | %s | %s (%s) |\n", commas(FF * (l2_line("", 128) + NSL2) + SL2, 0), commas(SL2, 0), commas(TL2, 0), commas(TL2log, 0), commas(FF * (l2_line("", 128) + NSL2) + SL2 - TL2, 0), dpct(FF * (l2_line("", 128) + NSL2) + SL2, TL2)
      print ""
      # measured at the same size: gtsc_l1_s4 against tc_l1_s4_b128 (16 lines of 128 B, 4 ways, 48
      # warps); gtsc_l2_s4 against tc_l2 at 32 lines of 128 B, its 8- and 16-MSHR points and the
      # line through them at 32 MSHRs (a short extrapolation, labelled)
      T1s = "tc_l1_s4_b128"; T2a = "tc_l2_s4_m8_b128"; T2b = "tc_l2_s4_m16_b128"
      print "| measured at the same size (TC: area-tc.md table 1) | G-TSC µm² | TC µm² | G-TSC − TC | G-TSC / TC flops | G-TSC / TC logic µm² | G-TSC / TC fmax MHz |"
      print "|---|--:|--:|--:|--:|--:|--:|"
      if (has(K) && has(T1s)) printf "| L1, 16 lines × 128 B, 4 ways, 48 warps: `gtsc_l1_s4` (TsWidth 16, 32 MSHRs) against `tc_l1_s4_b128` (TsWidth 32, TC-Weak, its miss state per line) | %s | %s | %s (%s) | %s / %s | %s / %s | %s / %s |\n", \
        commas(g(K, "area_um2"), 0), commas(g(T1s, "area_um2"), 0), commas(g(K, "area_um2") - g(T1s, "area_um2"), 0), pct(g(K, "area_um2") - g(T1s, "area_um2"), g(T1s, "area_um2")), \
        commas(g(K, "flops"), 0), commas(g(T1s, "flops"), 0), commas(logic(K), 0), commas(logic(T1s), 0), g(K, "fmax_mhz"), g(T1s, "fmax_mhz")
      if (has(K2) && has(T2a) && has(T2b)) {
        pm = (g(T2b, "area_um2") - g(T2a, "area_um2")) / 8; t32 = g(T2b, "area_um2") + 16 * pm
        printf "| L2 bank, 32 lines × 128 B, 8 ways: `gtsc_l2_s4` (32 MSHRs) against `tc_l2_s4_m16_b128` (16 MSHRs; both measured) | %s | %s | %s (%s) | %s / %s | %s / %s | %s / %s |\n", \
          commas(g(K2, "area_um2"), 0), commas(g(T2b, "area_um2"), 0), commas(g(K2, "area_um2") - g(T2b, "area_um2"), 0), pct(g(K2, "area_um2") - g(T2b, "area_um2"), g(T2b, "area_um2")), \
          commas(g(K2, "flops"), 0), commas(g(T2b, "flops"), 0), commas(logic(K2), 0), commas(logic(T2b), 0), g(K2, "fmax_mhz"), g(T2b, "fmax_mhz")
        printf "| the same, TC at 32 MSHRs: its 8- and 16-MSHR points' line (%s µm² an MSHR) carried to 32 (EXTRAPOLATED) | %s | %s | %s (%s) | | | |\n", \
          commas(pm, 0), commas(g(K2, "area_um2"), 0), commas(t32, 0), commas(g(K2, "area_um2") - t32, 0), pct(g(K2, "area_um2") - t32, t32)
      }
      print ""
      # the timestamp bits of TC's RTL (area-tc.md table 6's fields) at Table 3.3's sizes
      tcs = 16 * (128 * 64 + 48 * 32) + 8 * (1024 * 32 + 32 * 32 + 32) + 24 * 33
      printf "Timestamp bits at Table 3.3's sizes (16 SMs of 128 lines, 8 banks of 1,024 lines, 32 L2 MSHRs), whole system: G-TSC's RTL %s bits (%s B, TsWidth 16; table 6); TC's RTL %s bits (%s B: area-tc.md table 6's fields, 32 bits each: L1 lTS and merge time per line, GWCT per warp, gTS per L2 line, a stamp per L2 MSHR, the predictor per bank, 24 counters of 33); the notes' TC figure with the thesis's widths 44,032 B (+ counters), G-TSC's 42,496 B.\n\n", \
        commas(tsys, 0), bytes(tsys), commas(tcs, 0), bytes(tcs)
    }

    # ---- 8. timing ------------------------------------------------------------------------------------
    print "<!-- synth/" prog ": table 8 -->"
    timing_head()
    timing_rows("gtsc_l1 (128 B, lines)|" A "," B "," K ";gtsc_l2 (128 B, lines)|" C "," D "," K2 ";gtsc_ovf|" O)
  }
AWK
}

report_main
