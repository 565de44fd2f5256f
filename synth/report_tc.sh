#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/report_tc.sh -- print, as markdown, the tables of docs/area-tc.md (Temporal Coherence
# units) from the results of synth/tc.sh (synth/results/tc_*.area.txt): every measured point,
# the GWCT table and timers at the paper configuration, the linear fits of tc_l1 / tc_l2 area
# against lines and MSHRs with their residuals, the extrapolation to the paper configuration,
# the timestamp storage count (ours against notes/seed001-tc.md §1.4) and the timestamp fields'
# flip-flop and SRAM-macro area. Runs no synthesis; writes only to stdout.
#
# Usage: synth/report_tc.sh [--results DIR] [--update PAGE]
#   --update PAGE  instead of printing, replace in PAGE (docs/area-tc.md) the block of each
#                  table, from its line "<!-- synth/report_tc.sh: table N -->" to the line
#                  "<!-- end of table N -->", with table N of the report (synth/report_splice.sh)
#
# Method (docs/area-tc.md §4): the flip-flop count of every point and of the paper configuration
# is exact: the storage formulas below (checked against every result's storage_bits) plus the
# non-storage flops, modelled from the RTL's registers as fixed + a x lines + b x MSHRs and
# checked against every result's flops - storage_bits (any point that disagrees is an error).
# Only the logic area (area_um2 - ff_area_um2) is fitted, linearly in lines (tc_l1) and in lines
# and MSHRs (tc_l2).
set -euo pipefail

prog=report_tc.sh
die() {
  echo "$prog: error: $*" >&2
  exit 2
}
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"

results=synth/results
update=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --results) [[ $# -ge 2 ]] || die "--results needs a directory"; results=$2; shift 2 ;;
    --results=*) results=${1#--results=}; shift ;;
    --update) [[ $# -ge 2 ]] || die "--update needs a file"; update=$2; shift 2 ;;
    --update=*) update=${1#--update=}; shift ;;
    -h | --help) sed -n '4,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
done
[[ -d $results ]] || die "no directory '$results'"
if [[ -n $update ]]; then
  # the report once (this script without --update), then each marked block of the page replaced
  [[ -f $update ]] || die "no file '$update' to update"
  tmp=$(mktemp)
  trap 'rm -f "$tmp"' EXIT
  bash "$0" --results "$results" >"$tmp"
  bash synth/report_splice.sh "$prog" "$tmp" "$update"
  exit 0
fi
shopt -s nullglob
files=("$results"/tc_*.area.txt)
((${#files[@]} > 0)) || die "no $results/tc_*.area.txt (run synth/tc.sh first)"

# The work tree's RTL, hashed as synth/tc.sh hashes it (comments stripped), to say which
# results were measured on other versions.
# shellcheck source=tools/paths.sh
. tools/paths.sh # gpucoh_fp_name: a file's name in the results (rtl/<name>, family folders aside)
cur=""
for f in rtl/tc/tc_pkg.sv rtl/gpucoh_*.sv rtl/prim/gpucoh_*.sv rtl/tc/tc_timer.sv rtl/tc/tc_gwct.sv rtl/tc/tc_l1.sv rtl/tc/tc_l2.sv; do
  [[ -f $f ]] && cur+="$(gpucoh_fp_name "$f")=$(sed -e 's://.*$::' "$f" | sha256sum | cut -c1-16) "
done

bash synth/status_note.sh --results "$results" --marker "$prog" synth-tc synth/tc.sh
awk -v cur="$cur" -v prog=report_tc.sh -v fam=tc -f synth/report_lib.awk -f - "${files[@]}" <<'AWK'
  # Architectural storage, the formulas of synth/tc.sh (and tb/proto/tc/tc_units.c); checked below.
  function l1_line(sets, lb, ts) { return (32 - clog2(lb) - clog2(sets)) + 3 + ts + 8 * lb + 2 + 4 + 2 * 48 + ts }
  function l1_bits(sets, lb, ts) { return sets * 4 * l1_line(sets, lb, ts) + sets * 2 + 48 * (ts + 6 + 3) }
  function l2_line(sets, lb, ts) { return (32 - clog2(lb) - clog2(sets)) + 3 + ts + 1 + 8 * lb }
  function l2_mshr(lb, ts) { return 1 + 2 + (32 - clog2(lb)) + 4 + ts + 16 + 3 + 6 + 6 + 9 * lb + 2 + 5 + 64 }
  function l2_bits(sets, mshrs, lb, ts) { return sets * 8 * l2_line(sets, lb, ts) + mshrs * l2_mshr(lb, ts) + ts }
  # Non-storage flops: registers of the RTL that the storage formulas do not count, as
  # fixed + a x lines + b x MSHRs; checked below against flops - storage_bits of every result.
  # Paper values of what the points do not vary: NumWf 48, NumSm 16, AddrWidth 32, L1Queue =
  # L2Queue = 4 (gpucoh_fifo: 4 entries, head_q 2 bits, cnt_q 3 bits).
  # tc_gwct: gval_q, cval_q (per entry: its GWCT and its counter written since reset / the roll).
  function gwct_ns() { return 2 * 48 }
  # tc_l1, fixed: request FIFO entries {op 2, wf 6, line, aop 2, word 5, a 32, b 32, data, mask}
  # and pointers, core_ready_q, response register crsp_* (valid 1, kind 2, wf mask 48, line,
  # data), request register req_* (valid 1, kind 3, wf 6, line, exp 1, ts, era 1, data, mask,
  # aop 2, word 5, a 32, b 32), the valid bits of the GWCT. Per line (a): mlive_q, dlive_q, rolled_q.
  function l1_ns_fixed(lb, ts,    la, db) {
    la = 32 - clog2(lb); db = 8 * lb
    return 4 * (2 + 6 + la + 2 + 5 + 64 + db + lb) + 2 + 3 + 1 + (1 + 2 + 48 + la + db) + \
      (1 + 3 + 6 + la + 1 + ts + 1 + db + lb + 2 + 5 + 64) + gwct_ns()
  }
  function l1_ns_line() { return 3 }
  function l1_ns(sets, lb, ts) { return l1_ns_fixed(lb, ts) + l1_ns_line() * sets * 4 }
  # tc_l2, fixed: request FIFO entries {kind 3, src 6, wf 6, line, exp 1, ts, era 1, aop 2, word,
  # a 32, b 32, data, mask} and pointers, response register rsp_* (valid 1, kind 3, dst 16, wf 6,
  # atomic 1, line, ts, era 1, data), DRAM request registers mreq_* (2 valid bits, 2 lines,
  # data). The word index of an atomic is used modulo LineBytes/4 (op_widx): of the 5-bit word of a
  # FIFO entry and of mword_q only the low log2(LineBytes/4) bits have a load, Yosys removes the
  # others (at 16 B lines 3 per entry and per MSHR; none at 128 B). life_q bit 0 is constant 0
  # when PredMax is even and PredInit, PredMin and the steps THit, TEvict, TWrite are too (the
  # TsWidth 16 points, PredMax 65534): removed. Per line (a): mlive_q, dlive_q, groll_q. Per MSHR
  # (b): mlv_q, mroll_q, less the unloaded mword_q bits (+2 at 128 B lines, -1 at 16 B).
  function l2_ww(lb) { return clog2(lb / 4) }
  function l2_ns_fixed(lb, ts, par,    la, db, odd) {
    la = 32 - clog2(lb); db = 8 * lb
    odd = pget(par, "PredMax", 65535) % 2 + pget(par, "PredInit", 800) % 2 + pget(par, "PredMin", 0) % 2 + \
      pget(par, "THit", 4) % 2 + pget(par, "TEvict", 8) % 2 + pget(par, "TWrite", 8) % 2
    return 4 * (3 + 6 + 6 + la + 1 + ts + 1 + 2 + l2_ww(lb) + 64 + db + lb) + 2 + 3 + \
      (1 + 3 + 16 + 6 + 1 + la + ts + 1 + db) + (2 + 2 * la + db) - (odd == 0 ? 1 : 0)
  }
  function l2_ns_line() { return 3 }
  function l2_ns_mshr(lb) { return 2 - (5 - l2_ww(lb)) }
  function l2_ns(sets, mshrs, lb, ts, par) { return l2_ns_fixed(lb, ts, par) + l2_ns_line() * sets * 8 + l2_ns_mshr(lb) * mshrs }
  function row(p, unit, lines, mshrs,    par) {
    par = g(p, "params"); gsub(/ /, ", ", par)
    printf "| %s | `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", \
      unit, p, par, lines, mshrs, commas(g(p, "cells"), 0), commas(g(p, "area_um2"), 0), \
      commas(g(p, "ge") / 1000, 1), commas(g(p, "flops"), 0), commas(g(p, "ff_area_um2"), 0), \
      commas(logic(p), 0), commas(g(p, "storage_bits"), 0), commas(g(p, "sram_total_um2"), 0), \
      g(p, "crit_path_ns"), g(p, "fmax_mhz"), fmaxio(p), "`" g(p, "crit_path_from") "`", g(p, "wall_seconds")
  }

  END {
    CELL = g("timer_ts32", "sram_cell_um2"); PERIPH = g("timer_ts32", "sram_periph_frac")
    FIXED = g("timer_ts32", "sram_macro_fixed_um2"); FF = g("timer_ts32", "storage_ff_cell_um2")

    # ---- classify the points and check the storage formulas -----------------------------------
    for (i = 1; i <= NPTS; i++) {
      p = PTS[i]; top = g(p, "top"); par = g(p, "params")
      ts = pget(par, "TsWidth", 32); lb = pget(par, "LineBytes", 128)
      if (top == "tc_l1") {
        s = pget(par, "L1Sets", 64); LINES[p] = s * 4; MSH[p] = "—"
        want = l1_bits(s, lb, ts); ns = l1_ns(s, lb, ts); NL1++
      } else if (top == "tc_l2") {
        s = pget(par, "L2Sets", 128); m = pget(par, "L2Mshrs", 128); LINES[p] = s * 8; MSH[p] = m
        want = l2_bits(s, m, lb, ts); ns = l2_ns(s, m, lb, ts, par); NL2++
      } else if (top == "tc_gwct") { LINES[p] = "—"; MSH[p] = "—"; want = g(p, "storage_bits"); ns = gwct_ns() }
      else { LINES[p] = "—"; MSH[p] = "—"; want = g(p, "storage_bits"); ns = 0 }
      if (want != g(p, "storage_bits") + 0) {
        printf "report_tc.sh: error: %s: storage formula gives %d bits, the result says %d\n", p, want, g(p, "storage_bits") > "/dev/stderr"
        exit 1
      }
      if (ns != g(p, "flops") - g(p, "storage_bits")) {
        printf "report_tc.sh: error: %s: non-storage flop model gives %d, the result has %d flops - %d storage bits = %d\n", p, ns, g(p, "flops"), g(p, "storage_bits"), g(p, "flops") - g(p, "storage_bits") > "/dev/stderr"
        exit 1
      }
      if (g(p, "ff_area_um2") + 0 != FF * g(p, "flops")) {
        printf "report_tc.sh: error: %s: flops are not all %s um2 cells\n", p, FF > "/dev/stderr"; exit 1
      }
    }

    # ---- 1. every measured point ----------------------------------------------------------------
    print "<!-- synth/report_tc.sh: table 1 -->"
    print "| unit | point | parameters (others: paper values) | lines | MSHRs | cells | area µm² | kGE | flops | flop area µm² | logic area µm² | storage bits | w/ SRAM µm² | crit. path ns | fmax MHz | fmax w/ I/O budget MHz (limit) | worst path (start -> end) | synth s |"
    print "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|"
    n = split("timer_ts32 gwct_wf48 gwct_wf48_ts16", L, " ")
    for (i = 1; i <= n; i++) if (has(L[i])) row(L[i], (L[i] ~ /timer/ ? "tc_timer" : "tc_gwct"), "—", "—")
    n = split("l1_s4_b16 l1_s8_b16 l1_s16_b16 l1_s32_b16 l1_s64_b16 l1_s4_b128 l1_s8_b128 l1_s16_b128 l1_s4_b16_ts16 l1_s8_b16_ts16", L, " ")
    for (i = 1; i <= n; i++) if (has(L[i])) row(L[i], "tc_l1", LINES[L[i]], "—")
    n = split("l2_s4_m8_b16 l2_s8_m8_b16 l2_s16_m8_b16 l2_s32_m8_b16 l2_s4_m16_b16 l2_s4_m32_b16 l2_s4_m64_b16 l2_s4_m8_b16_ts16 l2_s8_m8_b16_ts16 l2_s4_m16_b16_ts16 l2_s4_m8_b128 l2_s8_m8_b128 l2_s4_m16_b128", L, " ")
    for (i = 1; i <= n; i++) if (has(L[i])) row(L[i], "tc_l2", LINES[L[i]], MSH[L[i]])
    print ""
    # RTL versions: every rtl_sha256 of the results against the work tree
    n = split(cur, L, " "); for (i = 1; i <= n; i++) { split(L[i], c, "="); CUR[c[1]] = c[2] }
    for (i = 1; i <= NPTS; i++) {
      p = PTS[i]
      for (j = 1; j <= NRTL[p]; j++) { split(RTL[p, j], c, " "); key = c[1] " " c[2]; if (!(key in VERS)) { VERS[key] = ""; VK[++NV] = key } VERS[key] = VERS[key] " " p }
    }
    print "RTL measured (`rtl_sha256` of the results: the first 16 hex digits of the SHA-256 of the file without comments, as `synth/tc.sh` hashes it; a file is named by its name under `rtl/`, its family folder left out, as `tools/paths.sh` gpucoh_fp_name names it):"
    print ""
    for (i = 1; i <= NV; i++) {
      split(VK[i], c, " "); np = split(VERS[VK[i]], q, " ")
      printf "- `%s` %s: %d point(s), %s\n", c[1], c[2], np, (CUR[c[1]] == c[2] ? "the work tree's version" : "not the work tree's version (" CUR[c[1]] ")")
    }
    print ""

    # ---- 2. GWCT table and timers at the paper configuration (measured) -------------------------
    G = "gwct_wf48"; G16 = "gwct_wf48_ts16"; T = "timer_ts32"
    print "<!-- synth/report_tc.sh: table 2 -->"
    print "| structure | count | area µm² | kGE | flops | flop area µm² | logic area µm² | w/ SRAM µm² (flow) | fmax MHz | fmax w/ I/O budget MHz |"
    print "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
    printf "| GWCT table, 48 × 32-bit GWCT + 48 × 6-bit counters + 3 × 48 output bits + 2 × 48 valid bits (`tc_gwct`) | 1 SM | %s | %s | %s | %s | %s | %s | %s | %s |\n", \
      commas(g(G, "area_um2"), 0), commas(g(G, "ge") / 1000, 1), commas(g(G, "flops"), 0), commas(g(G, "ff_area_um2"), 0), commas(logic(G), 0), commas(g(G, "sram_total_um2"), 0), g(G, "fmax_mhz"), fmaxio(G)
    printf "| the same | 16 SMs | %s | %s | %s | %s | %s | %s | %s | %s |\n", \
      commas(16 * g(G, "area_um2"), 0), commas(16 * g(G, "ge") / 1000, 1), commas(16 * g(G, "flops"), 0), commas(16 * g(G, "ff_area_um2"), 0), commas(16 * logic(G), 0), commas(16 * g(G, "sram_total_um2"), 0), g(G, "fmax_mhz"), fmaxio(G)
    printf "| GWCT table with 16-bit timestamps | 1 SM | %s | %s | %s | %s | %s | %s | %s | %s |\n", \
      commas(g(G16, "area_um2"), 0), commas(g(G16, "ge") / 1000, 1), commas(g(G16, "flops"), 0), commas(g(G16, "ff_area_um2"), 0), commas(logic(G16), 0), commas(g(G16, "sram_total_um2"), 0), g(G16, "fmax_mhz"), fmaxio(G16)
    printf "| timestamp counter, 32 bits + era (`tc_timer`) | 1 | %s | %s | %s | %s | %s | %s | %s | %s |\n", \
      commas(g(T, "area_um2"), 0), commas(g(T, "ge") / 1000, 2), commas(g(T, "flops"), 0), commas(g(T, "ff_area_um2"), 0), commas(logic(T), 0), commas(g(T, "sram_total_um2"), 0), g(T, "fmax_mhz"), fmaxio(T)
    printf "| the same | 24 (16 SMs + 8 partitions) | %s | %s | %s | %s | %s | — | %s | %s |\n", \
      commas(24 * g(T, "area_um2"), 0), commas(24 * g(T, "ge") / 1000, 1), commas(24 * g(T, "flops"), 0), commas(24 * g(T, "ff_area_um2"), 0), commas(24 * logic(T), 0), g(T, "fmax_mhz"), fmaxio(T)
    gb = (g(G, "area_um2") - g(G16, "area_um2")) / (48 * 16)
    GWBIT = gb
    printf "\nGWCT cost per timestamp bit (32-bit minus 16-bit table, ÷ 48 × 16 bits): %s µm² per bit (flop %s + logic %s).\n", \
      commas(gb, 1), commas((g(G, "ff_area_um2") - g(G16, "ff_area_um2")) / 768, 1), commas((logic(G) - logic(G16)) / 768, 1)
    printf "GWCT bits in one macro (model, 1 port): 1,536 GWCT bits -> %s µm²; 1,968 bits (all, the flow's figure) -> %s µm².\n\n", commas(macro(1536), 0), commas(g(G, "sram_macro_um2"), 0)

    # ---- 3. tc_l1 fit ---------------------------------------------------------------------------
    # the non-storage flops of the paper L1 (model checked at every point above)
    NS1 = l1_ns_fixed(128, 32)
    n = split("l1_s4_b16 l1_s8_b16 l1_s16_b16 l1_s32_b16 l1_s64_b16", L, " ")
    m = 0; for (i = 1; i <= n; i++) if (has(L[i])) { m++; P[m] = L[i]; X[m] = LINES[L[i]]; Y[m] = logic(L[i]) }
    fit1(m); A16 = FA; B16 = FB
    print "<!-- synth/report_tc.sh: table 3 -->"
    printf "Non-storage flops of tc_l1 (RTL model, equal to flops − storage bits at all %d tc_l1 points): %s + %d × lines at 16 B lines, %s + %d × lines at 16 B with TsWidth 16, %s + %d × lines at 128 B (request FIFO, request and response registers, GWCT valid bits; per line `mlive_q`, `dlive_q`, `rolled_q`).\n\n", \
      NL1, commas(l1_ns_fixed(16, 32), 0), l1_ns_line(), commas(l1_ns_fixed(16, 16), 0), l1_ns_line(), commas(NS1, 0), l1_ns_line()
    printf "tc_l1, 16 B lines, logic area = F + s × lines, least squares over %d points: **F = %s µm², s = %s µm² per line**.\n\n", m, commas(A16, 0), commas(B16, 0)
    print "| point | lines | logic µm² measured | fit µm² | residual µm² | residual | total area measured | total, fit + exact flops | residual |"
    print "|---|--:|--:|--:|--:|--:|--:|--:|--:|"
    for (i = 1; i <= m; i++) {
      f = A16 + B16 * X[i]; tot = f + g(P[i], "ff_area_um2")
      printf "| `%s` | %d | %s | %s | %s | %s | %s | %s | %s |\n", P[i], X[i], commas(Y[i], 0), commas(f, 0), commas(Y[i] - f, 0), pct(Y[i] - f, Y[i]), commas(g(P[i], "area_um2"), 0), commas(tot, 0), pct(g(P[i], "area_um2") - tot, g(P[i], "area_um2"))
    }
    # the extrapolation actually used at 128 B (two points, 16 and 32 lines), tried at 16 B
    if (has("l1_s64_b16")) {
      b = (logic("l1_s8_b16") - logic("l1_s4_b16")) / 16; a = logic("l1_s4_b16") - 16 * b
      pr = a + 256 * b; me = logic("l1_s64_b16")
      prt = pr + g("l1_s64_b16", "ff_area_um2"); met = g("l1_s64_b16", "area_um2")
      printf "\nCheck of a two-point extrapolation at 16 B (the 128 B fit had only two points until issue 24 §6; its own check is below): the line through the 16- and 32-line points at 16 B predicts %s µm² of logic at 256 lines; measured %s (error %s); total %s against %s (error %s).\n", \
        commas(pr, 0), commas(me, 0), pct(pr - me, me), commas(prt, 0), commas(met, 0), pct(prt - met, met)
      L1ERR = (prt - met) / met
    }
    b128 = (logic("l1_s8_b128") - logic("l1_s4_b128")) / 16; a128 = logic("l1_s4_b128") - 16 * b128
    how128 = "through the two points (16 and 32 lines)"
    if (has("l1_s16_b128")) { # the third point: least squares over 16, 32, 64 lines (issue 24 §6)
      pr = a128 + 64 * b128; me = logic("l1_s16_b128")
      printf "\nCheck at 128 B: the line through the 16- and 32-line points predicts %s µm² of logic at 64 lines; measured %s (error %s).\n", \
        commas(pr, 0), commas(me, 0), pct(pr - me, me)
      X[1] = 16; Y[1] = logic("l1_s4_b128"); X[2] = 32; Y[2] = logic("l1_s8_b128")
      X[3] = 64; Y[3] = me; fit1(3); a128 = FA; b128 = FB
      how128 = "least squares over three points (16, 32 and 64 lines)"
    }
    b16p = (logic("l1_s8_b16") - logic("l1_s4_b16")) / 16; a16p = logic("l1_s4_b16") - 16 * b16p
    c1 = (b128 - b16p) / (8 * (128 - 16)); c0 = b16p - 128 * c1
    printf "\ntc_l1, 128 B lines, %s: **F = %s µm², s = %s µm² per line** of logic. Per data bit of a line: %s µm² of logic (from the 16 B and 128 B slopes); the rest of the per-line logic: %s µm² per line.\n", \
      how128, commas(a128, 0), commas(b128, 0), commas(c1, 1), commas(c0, 0)
    ts32 = (logic("l1_s8_b16") - logic("l1_s4_b16")) / 16; ts16 = (logic("l1_s8_b16_ts16") - logic("l1_s4_b16_ts16")) / 16
    TSL = (ts32 - ts16) / 32
    printf "Timestamp bits (lTS + merge time, 2 × TsWidth per line): TsWidth 32 vs 16 at 16-32 lines gives %s µm² of logic per timestamp bit per line (+ %s µm² flop); the fixed part (GWCT, request register, comparators with now) differs by %s µm² of logic.\n\n", \
      commas(TSL, 1), FF, commas((logic("l1_s4_b16") - 16 * ts32) - (logic("l1_s4_b16_ts16") - 16 * ts16), 0)

    # ---- 4. tc_l2 fit ---------------------------------------------------------------------------
    NS2 = l2_ns_fixed(128, 32, "")
    n = split("l2_s4_m8_b16 l2_s8_m8_b16 l2_s16_m8_b16 l2_s32_m8_b16 l2_s4_m16_b16 l2_s4_m32_b16 l2_s4_m64_b16", L, " ")
    m = 0; for (i = 1; i <= n; i++) if (has(L[i])) { m++; P[m] = L[i]; X[m] = LINES[L[i]]; Z[m] = MSH[L[i]]; Y[m] = logic(L[i]) }
    fit2(m); F2 = FA; SL2 = FB; SM2 = FC
    print "<!-- synth/report_tc.sh: table 4 -->"
    printf "Non-storage flops of tc_l2 (RTL model, equal to flops − storage bits at all %d tc_l2 points): %s + %d × lines %s × MSHRs at 16 B lines, %s + %d × lines %s × MSHRs at 16 B with TsWidth 16 (PredMax 65,534), %s + %d × lines %s × MSHRs at 128 B (request FIFO, response and DRAM request registers; per line `mlive_q`, `dlive_q`, `groll_q`; per MSHR `mlv_q`, `mroll_q`, less the 5 − log2(LineBytes/4) bits of `mword_q` without a load).\n\n", \
      NL2, commas(l2_ns_fixed(16, 32, ""), 0), l2_ns_line(), sgn(l2_ns_mshr(16)), commas(l2_ns_fixed(16, 16, "PredMax=65534"), 0), l2_ns_line(), sgn(l2_ns_mshr(16)), commas(NS2, 0), l2_ns_line(), sgn(l2_ns_mshr(128))
    printf "tc_l2, 16 B lines, logic area = F + s_L × lines + s_M × MSHRs, least squares over %d points: **F = %s µm², s_L = %s µm² per line, s_M = %s µm² per MSHR**.\n\n", m, commas(F2, 0), commas(SL2, 0), commas(SM2, 0)
    print "| point | lines | MSHRs | logic µm² measured | fit µm² | residual µm² | residual | total area measured | total, fit + exact flops | residual |"
    print "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
    for (i = 1; i <= m; i++) {
      f = F2 + SL2 * X[i] + SM2 * Z[i]; tot = f + g(P[i], "ff_area_um2")
      printf "| `%s` | %d | %d | %s | %s | %s | %s | %s | %s | %s |\n", P[i], X[i], Z[i], commas(Y[i], 0), commas(f, 0), commas(Y[i] - f, 0), pct(Y[i] - f, Y[i]), commas(g(P[i], "area_um2"), 0), commas(tot, 0), pct(g(P[i], "area_um2") - tot, g(P[i], "area_um2"))
    }
    # pairwise slopes at 16 B (the same construction as at 128 B)
    bl16 = (logic("l2_s8_m8_b16") - logic("l2_s4_m8_b16")) / 32; bm16 = (logic("l2_s4_m16_b16") - logic("l2_s4_m8_b16")) / 8
    a16 = logic("l2_s4_m8_b16") - 32 * bl16 - 8 * bm16
    if (has("l2_s32_m8_b16")) {
      pr = a16 + 256 * bl16 + 8 * bm16; me = logic("l2_s32_m8_b16")
      prt = pr + g("l2_s32_m8_b16", "ff_area_um2"); met = g("l2_s32_m8_b16", "area_um2")
      printf "\nCheck of the three-point construction used at 128 B (32 and 64 lines, 8 and 16 MSHRs), tried at 16 B: it predicts %s µm² of logic at 256 lines; measured %s (error %s); total %s against %s (error %s).\n", \
        commas(pr, 0), commas(me, 0), pct(pr - me, me), commas(prt, 0), commas(met, 0), pct(prt - met, met)
    }
    pr = a16 + 32 * bl16 + 64 * bm16; me = logic("l2_s4_m64_b16")
    printf "The same construction predicts %s µm² of logic at 64 MSHRs; measured %s (error %s).\n", commas(pr, 0), commas(me, 0), pct(pr - me, me)
    BL = (logic("l2_s8_m8_b128") - logic("l2_s4_m8_b128")) / 32; BM = (logic("l2_s4_m16_b128") - logic("l2_s4_m8_b128")) / 8
    A2 = logic("l2_s4_m8_b128") - 32 * BL - 8 * BM
    l1d = (BL - bl16) / 896; l0 = bl16 - 128 * l1d; m1d = (BM - bm16) / (9 * 112); m0 = bm16 - 16 * 9 * m1d
    printf "\ntc_l2, 128 B lines, through the three points: **F = %s µm², s_L = %s µm² per line, s_M = %s µm² per MSHR** of logic. Per data bit of a line %s µm², the rest of a line %s µm²; per data+mask bit of an MSHR %s µm², the rest of an MSHR %s µm².\n", \
      commas(A2, 0), commas(BL, 0), commas(BM, 0), commas(l1d, 1), commas(l0, 0), commas(m1d, 1), commas(m0, 0)
    # per-timestamp-bit logic of tc_l2 (gTS per line, stamp per MSHR): the TsWidth 32-vs-16 pairs
    # at (32 lines, 8 MSHRs), (64, 8), (32, 16); without them, the tc_l1 figure (TSL)
    TSL2 = TSL; TSM2 = TSL; L2TS = 0
    if (has("l2_s4_m8_b16_ts16") && has("l2_s8_m8_b16_ts16") && has("l2_s4_m16_b16_ts16")) {
      L2TS = 1
      d0 = logic("l2_s4_m8_b16") - logic("l2_s4_m8_b16_ts16")
      TSL2 = (logic("l2_s8_m8_b16") - logic("l2_s8_m8_b16_ts16") - d0) / (32 * 16)
      TSM2 = (logic("l2_s4_m16_b16") - logic("l2_s4_m16_b16_ts16") - d0) / (8 * 16)
      printf "Timestamp bits (gTS per line, stamp per MSHR, TsWidth each): TsWidth 32 vs 16 at 32-64 lines and 8-16 MSHRs gives %s µm² of logic per gTS bit per line and %s µm² per stamp bit per MSHR (+ %s µm² flop each); the fixed part (predictor, FIFO and response timestamps, comparators with now) differs by %s µm² of logic.\n\n", \
        commas(TSL2, 1), commas(TSM2, 1), FF, commas(d0 - 32 * 16 * TSL2 - 8 * 16 * TSM2, 0)
    } else print "No tc_l2 TsWidth = 16 triple: the tc_l2 timestamp-bit logic below borrows the tc_l1 figure.\n\n"

    # ---- 5. paper configuration (flops exact, logic extrapolated) --------------------------------
    P1bits = l1_bits(64, 128, 32); P1flops = P1bits + l1_ns(64, 128, 32); P1ff = FF * P1flops
    P1log = a128 + 256 * b128
    P1data = 256 * 1024; P1lts = 256 * 32; P1tag = 256 * 19
    P2bits = l2_bits(128, 128, 128, 32); P2flops = P2bits + l2_ns(128, 128, 128, 32, ""); P2ff = FF * P2flops
    P2log = A2 + 1024 * BL + 128 * BM
    P2data = 1024 * 1024; P2gts = 1024 * 32; P2tag = 1024 * 18
    print "<!-- synth/report_tc.sh: table 5 -->"
    print "| paper configuration (EXTRAPOLATED logic; flops exact) | storage bits | flops | flop area µm² | logic area µm² | total µm² | kGE | of which fixed (no per-line / per-MSHR part) µm² | data array in one macro µm² (flow convention, upper bound) | data + timestamps + tags in macros, their per-bit logic removed µm² (lower bound) |"
    print "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
    # L1: fixed = non-storage flops + gwct + rr + a128; per-bit logic of the data (c1) removed in the lower bound
    fx1 = a128 + FF * (NS1 + 48 * 41)
    up1 = P1ff + P1log - FF * P1data + macro(P1data)
    lo1 = P1ff + P1log - FF * (P1data + 2 * P1lts + P1tag) - c1 * P1data - TSL * 2 * P1lts + macro(P1data) + 2 * macro(P1lts) + macro(P1tag)
    printf "| tc_l1 (one SM: 64 sets × 4 ways × 128 B, 48 wavefronts, with its GWCT table) | %s | %s | %s | %s | **%s** | %s | %s | %s | %s |\n", \
      commas(P1bits, 0), commas(P1flops, 0), commas(P1ff, 0), commas(P1log, 0), commas(P1ff + P1log, 0), commas((P1ff + P1log) / 24000, 0), commas(fx1, 0), commas(up1, 0), commas(lo1, 0)
    fx2 = A2 + FF * (NS2 + 32)
    up2 = P2ff + P2log - FF * P2data + macro(P2data)
    lo2 = P2ff + P2log - FF * (P2data + P2gts + P2tag) - l1d * P2data - TSL2 * P2gts + macro(P2data) + macro(P2gts) + macro(P2tag)
    printf "| tc_l2 (one bank: 128 sets × 8 ways × 128 B, 128 MSHRs) | %s | %s | %s | %s | **%s** | %s | %s | %s | %s |\n", \
      commas(P2bits, 0), commas(P2flops, 0), commas(P2ff, 0), commas(P2log, 0), commas(P2ff + P2log, 0), commas((P2ff + P2log) / 24000, 0), commas(fx2, 0), commas(up2, 0), commas(lo2, 0)
    T1 = 16 * (P1ff + P1log) + 8 * (P2ff + P2log) + 24 * g(T, "area_um2")
    printf "| system: 16 × tc_l1 + 8 × tc_l2 + 24 × tc_timer | %s | %s | %s | %s | **%s** | %s | %s | %s | %s |\n\n", \
      commas(16 * P1bits + 8 * P2bits + 24 * 33, 0), commas(16 * P1flops + 8 * P2flops + 24 * 33, 0), commas(16 * P1ff + 8 * P2ff + 24 * g(T, "ff_area_um2"), 0), \
      commas(16 * P1log + 8 * P2log + 24 * logic(T), 0), commas(T1, 0), commas(T1 / 24000, 0), \
      commas(16 * fx1 + 8 * fx2 + 24 * g(T, "area_um2"), 0), commas(16 * up1 + 8 * up2 + 24 * g(T, "area_um2"), 0), commas(16 * lo1 + 8 * lo2 + 24 * g(T, "area_um2"), 0)
    f1 = l1_line(64, 128, 32) + l1_ns_line(); f2 = l2_line(128, 128, 32) + l2_ns_line(); f3 = l2_mshr(128, 32) + l2_ns_mshr(128)
    printf "Per-line split at the paper size (extrapolated): tc_l1 %s µm² per line = flops %s (%d: %d storage bits + %d) + logic %s (data %s, timestamps %s, the rest %s); tc_l2 %s µm² per line = flops %s (%d: %d + %d) + logic %s (data %s, gTS %s, the rest %s); %s µm² per MSHR = flops %s (%d: %d + %d) + logic %s.\n\n", \
      commas(FF * f1 + b128, 0), commas(FF * f1, 0), f1, l1_line(64, 128, 32), l1_ns_line(), commas(b128, 0), commas(c1 * 1024, 0), commas(TSL * 64, 0), commas(b128 - c1 * 1024 - TSL * 64, 0), \
      commas(FF * f2 + BL, 0), commas(FF * f2, 0), f2, l2_line(128, 128, 32), l2_ns_line(), commas(BL, 0), commas(l1d * 1024, 0), commas(TSL2 * 32, 0), commas(BL - l1d * 1024 - TSL2 * 32, 0), \
      commas(FF * f3 + BM, 0), commas(FF * f3, 0), f3, l2_mshr(128, 32), l2_ns_mshr(128), commas(BM, 0)

    # ---- 6. timestamp storage: notes vs ours -----------------------------------------------------
    print "<!-- synth/report_tc.sh: table 6 -->"
    print "| timestamp field (paper configuration, whole system) | count | bits each | notes §1.4 bytes | ours bytes | ours: RTL register |"
    print "|---|--:|--:|--:|--:|---|"
    nb = 0; ob = 0
    split("L1 lease (lTS), per line|16 × 256|32|16384|16384|`tc_l1.lts_q`;" \
          "L1 merge time, per line (late merges, D2)|16 × 256|32|0|16384|`tc_l1.mts_q`;" \
          "GWCT, per wavefront|16 × 48|32|3072|3072|`tc_gwct.gwct_q`;" \
          "L2 gTS, per line|8 × 1024|32|32768|32768|`tc_l2.gts_q`;" \
          "L2 MSHR stamp (M_I / inherited)|8 × 128|32|0|4096|`tc_l2.mts_q`;" \
          "lifetime predictor|8|32|32|32|`tc_l2.life_q`;" \
          "timestamp counters (+ era bit in ours)|24|32 (+1)|96|99|`tc_timer.now_q`, `era_q`", R, ";")
    for (i = 1; i <= 7; i++) {
      split(R[i], c, "|"); nb += c[4]; ob += c[5]
      printf "| %s | %s | %s | %s | %s | %s |\n", c[1], c[2], c[3], commas(c[4], 0), commas(c[5], 0), c[6]
    }
    printf "| **total** | | | **%s** (%.1f KiB) | **%s** (%.1f KiB) | |\n", commas(nb, 0), nb / 1024, commas(ob, 0), ob / 1024
    dc = 16 * 32768 + 8 * 131072
    printf "| share of the data capacity (16 × 32 KB L1 + 8 × 128 KB L2 = %s B) | | | %.2f %% | %.2f %% | |\n", commas(dc, 0), 100 * nb / dc, 100 * ob / dc
    printf "| per line, L1 (bits per 1,024 data bits) | | | 32 (3.125 %%) | 64 (6.25 %%) | |\n"
    printf "| per line, L2 | | | 32 (3.125 %%) | 32 (3.125 %%) | |\n"
    fl = 16 * 33 + 8 * 33 + 8 * 4 * 33
    printf "\nIn flight, not in the notes: the L1 request register (`req_ts_q` + `req_era_q`, 33 bits), the L2 response register (33) and the L2 request FIFO (4 × 33): %s bits = %s B for the system.\n\n", commas(fl, 0), commas(fl / 8, 0)

    # ---- 7. timestamp fields: flip-flop vs SRAM macro at the paper size ---------------------------
    print "<!-- synth/report_tc.sh: table 7 -->"
    print "| timestamp field | bits per unit | flop area µm² (cells only) | flops + their logic µm² (measured per-bit cost) | one macro per unit µm² (model) | system: units | system flops µm² | system flops + logic µm² | system macros µm² |"
    print "|---|--:|--:|--:|--:|--:|--:|--:|--:|"
    split("L1 lTS (one SM)|8192|" TSL "|16;" \
          "L1 merge time (one SM)|8192|" TSL "|16;" \
          "GWCT (one SM)|1536|" (GWBIT - FF) "|16;" \
          "L2 gTS (one bank)|32768|" TSL2 "|8;" \
          "L2 MSHR stamps (one bank)|4096|" TSM2 "|8", R, ";")
    sf = sl = sm = 0
    for (i = 1; i <= 5; i++) {
      split(R[i], c, "|"); bits = c[2]; lg = c[3]; u = c[4]
      sf += u * FF * bits; sl += u * (FF + lg) * bits; sm += u * macro(bits)
      printf "| %s | %s | %s | %s | %s | %d | %s | %s | %s |\n", c[1], commas(bits, 0), commas(FF * bits, 0), commas((FF + lg) * bits, 0), commas(macro(bits), 0), u, commas(u * FF * bits, 0), commas(u * (FF + lg) * bits, 0), commas(u * macro(bits), 0)
    }
    printf "| **all of them** | | | | | | **%s** | **%s** | **%s** |\n\n", commas(sf, 0), commas(sl, 0), commas(sm, 0)
    if (L2TS) printf "Per-bit logic used: the tc_l1 TsWidth 32-vs-16 pair (%s µm² per timestamp bit per line) for the L1 fields, the tc_l2 pairs (%s µm² per gTS bit per line, %s µm² per stamp bit per MSHR) for the L2 fields, the tc_gwct pair (%s µm²) for the GWCT.\n\n", commas(TSL, 1), commas(TSL2, 1), commas(TSM2, 1), commas(GWBIT - FF, 1)
    else printf "Per-bit logic used: the tc_l1 TsWidth 32-vs-16 pair (%s µm² per timestamp bit per line) for the L1 and L2 fields, the tc_gwct pair (%s µm²) for the GWCT; no tc_l2 TsWidth = 16 triple was measured.\n\n", commas(TSL, 1), commas(GWBIT - FF, 1)

    # ---- 8. timing --------------------------------------------------------------------------------
    print "<!-- synth/report_tc.sh: table 8 -->"
    timing_head()
    n = split("tc_timer:timer_ts32 tc_gwct:gwct_wf48,gwct_wf48_ts16 tc_l1(16B):l1_s4_b16,l1_s8_b16,l1_s16_b16,l1_s32_b16,l1_s64_b16 tc_l1(128B):l1_s4_b128,l1_s8_b128,l1_s16_b128 tc_l1(ts16):l1_s4_b16_ts16,l1_s8_b16_ts16 tc_l2(lines):l2_s4_m8_b16,l2_s8_m8_b16,l2_s16_m8_b16,l2_s32_m8_b16 tc_l2(MSHRs):l2_s4_m8_b16,l2_s4_m16_b16,l2_s4_m32_b16,l2_s4_m64_b16 tc_l2(128B):l2_s4_m8_b128,l2_s8_m8_b128,l2_s4_m16_b128 tc_l2(ts16):l2_s4_m8_b16_ts16,l2_s8_m8_b16_ts16,l2_s4_m16_b16_ts16", L, " ")
    for (i = 1; i <= n; i++) {
      split(L[i], pp, ":"); sub(/\(/, " (", pp[1])
      timing_row(pp[1], pp[2])
    }
  }
AWK
