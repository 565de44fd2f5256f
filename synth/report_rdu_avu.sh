#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/report_rdu_avu.sh -- generate docs/area-rdu-avu.md and docs/area-rdu-avu.png from the
# hierarchical results in synth/results/ (sig_store_m*.area.txt, rdu_top_m*_n16.area.txt,
# avu_top_m*.area.txt and the totals rdu_m*_n16.area.txt, avu_m*.area.txt written by
# synth/hier.sh). Runs no synthesis.
#
# Usage: synth/report_rdu_avu.sh [--md FILE] [--png FILE] [--results DIR]
set -euo pipefail

prog=report_rdu_avu.sh
die() {
  echo "$prog: error: $*" >&2
  exit 1
}
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"

md=docs/area-rdu-avu.md
png=docs/area-rdu-avu.png
results=synth/results
while [[ $# -gt 0 ]]; do
  case $1 in
    --md) md=$2; shift 2 ;;
    --png) png=$2; shift 2 ;;
    --results) results=$2; shift 2 ;;
    -h | --help) sed -n '4,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1'" ;;
  esac
done
command -v gnuplot >/dev/null 2>&1 || die "gnuplot not found (install the Debian package 'gnuplot-nox')"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the freshness line of the page (synth/status_note.sh)
bash synth/status_note.sh --results "$results" synth-rdu-avu synth/hier.sh >"$tmp/status.md" || die "synth/status_note.sh failed"
mkdir -p "$(dirname "$md")" "$(dirname "$png")"

# ---- one row per size: kind m key=value... ----------------------------------------------------
keys="sram_macro_only_total_um2 area_um2 ge cells flops ff_area_um2 logic_area_um2 crit_path_ns fmax_mhz synth_seconds sram_macro_um2 sram_total_um2 top_area_um2 top_flops top_cells top_boundary_crit_path_ns store_area_um2 store_fmax_mhz store_crit_path_ns hier_sig_stores crit_path_from stitched_crit_path_ns boundary_crit_path_ns storage_bits sram_ports sram_banks abc yosys_version sta_version clock_period_ns top_boundary_path stitched_startpoint stitched_endpoint boundary_startpoint boundary_endpoint store_etm_q_member store_etm_q_rd store_etm_d_member store_etm_d_rd store_etm_s_idx_i store_etm_reg2reg fmax_io_mhz io_limit_class"
nrows=0
for kind in sig_store rdu avu rdu_top avu_top; do
  for m in 1024 2048 4096 8192 16384; do
    case $kind in
      sig_store) f=$results/sig_store_m$m.area.txt ;;
      rdu) f=$results/rdu_m${m}_n16.area.txt ;;
      avu) f=$results/avu_m$m.area.txt ;;
      rdu_top) f=$results/rdu_top_m${m}_n16.area.txt ;;
      avu_top) f=$results/avu_top_m$m.area.txt ;;
    esac
    [[ -f $f ]] || continue
    nrows=$((nrows + 1))
    awk -v kind="$kind" -v m="$m" -v keys="$keys" '
      { k = $1; $1 = ""; sub(/^ /, ""); gsub(/\t/, " "); v[k] = $0 }
      END {
        n = split(keys, ks, " ")
        for (i = 1; i <= n; i++) printf "%s\t%s\t%s\t%s\n", kind, m, ks[i], (ks[i] in v ? v[ks[i]] : "")
      }' "$f"
  done
done >"$tmp/kv.tsv"
# the checks of `synth/hier.sh --check` (m = 1K), when present
for f in "$results"/check_*_m1024*.area.txt "$results"/rdu_m1024_n2.area.txt "$results"/rdu_top_m1024_n2.area.txt; do
  [[ -f $f ]] || continue
  kind=$(basename "$f" .area.txt)
  awk -v kind="$kind" -v keys="$keys" '
    { k = $1; $1 = ""; sub(/^ /, ""); gsub(/\t/, " "); v[k] = $0 }
    END { n = split(keys, ks, " "); for (i = 1; i <= n; i++) printf "%s\t1024\t%s\t%s\n", kind, ks[i], (ks[i] in v ? v[ks[i]] : "") }' "$f"
done >>"$tmp/kv.tsv"
((nrows > 0)) || die "no hierarchical results in $results/ (run synth/hier.sh first)"

# ---- docs/area-rdu-avu.md -----------------------------------------------------------------------
awk -F'\t' -v status="$tmp/status.md" -v png="$(basename "$png")" '
  function commas(x, d,    s, neg, ip, fp, out) {
    if (x == "NA" || x == "") return "n/a"
    neg = (x < 0); if (neg) x = -x
    s = sprintf("%." d "f", x)
    ip = s; fp = ""
    if (index(s, ".")) { ip = substr(s, 1, index(s, ".") - 1); fp = substr(s, index(s, ".")) }
    out = ""
    while (length(ip) > 3) { out = "," substr(ip, length(ip) - 2) out; ip = substr(ip, 1, length(ip) - 3) }
    return (neg ? "-" : "") ip out fp
  }
  function kib(m) { return (m / 1024) "K" }
  function has(kind, m) { return ((kind SUBSEP m SUBSEP "area_um2") in V) && V[kind, m, "area_um2"] != "" }
  function g(kind, m, k) { return V[kind, m, k] }
  function fmaxio(kind, m,    c) {
    if (V[kind, m, "fmax_io_mhz"] == "") return "—"
    c = V[kind, m, "io_limit_class"]
    return sprintf("%.0f (%s)", V[kind, m, "fmax_io_mhz"], (c == "in" ? "in→" : c == "out" ? "→out" : c == "io" ? "in→out" : c))
  }
  function ratio(a, b) { return (b > 0 && a != "") ? sprintf("×%.2f", a / b) : "—" }
  { V[$1, $2, $3] = $4 }
  END {
    split("1024 2048 4096 8192 16384", MS, " ")
    # Table 4.2 of the thesis (notes/seed003-rdu-avu.md section 1.7), CACTI 6.5 at 40 nm
    split("0.94 1.88 3.76 7.51 15.01", AVE, " ")
    split("0.11 0.21 0.43 0.85 1.68", AVL, " ")
    split("15.12 30.12 60.13 120.13 240.15", RDR, " ")
    split("15.81 31.51 62.89 125.66 251.20", RDW, " ")
    split("1.81 3.48 6.83 13.53 26.92", RDL, " ")
    for (i = 1; i <= 5; i++) if (has("rdu", MS[i])) { any = MS[i] }
    ABC = g("sig_store", 1024, "abc"); YV = g("sig_store", 1024, "yosys_version"); SV = g("sig_store", 1024, "sta_version")
    CLK = g("sig_store", 1024, "clock_period_ns")

    print "<!-- GENERATED FILE - do not edit. Produced by synth/report_rdu_avu.sh from synth/results/"
    print "     {sig_store,rdu,avu}_*.area.txt; regenerate with `make synth-rdu-avu` (runs synth/hier.sh,"
    print "     which re-synthesizes only points whose inputs changed, then this script). -->"
    print ""
    print "# Area and timing of `rdu` and `avu` (generated, hierarchical flow)"
    print ""
    print "> **Generated** by `synth/report_rdu_avu.sh` from the committed results in `synth/results/`."
    print "> Command: `make synth-rdu-avu` (= `synth/hier.sh`). Method: [`area-method.md`](area-method.md)"
    print "> §7 (hierarchical flow) and §4 (SRAM model). Units: [`units/rdu.md`](units/rdu.md),"
    print "> [`units/avu.md`](units/avu.md). The single-signature unit is in [`area.md`](area.md)."
    print ">"
    while ((getline l < status) > 0) print l
    print ""
    print "**Disclaimer.** Yosys + ABC on **osu018** (Oklahoma State University 0.18 µm *academic*"
    print "standard cells, MOSIS scalable rules), timed by OpenSTA with ideal clocks and no wires; area"
    print "mapping without a timing target. **Not tape-out quality**; use the figures to compare sizes"
    print "and units with each other. The SRAM columns are a model estimate, not a compiled macro."
    print ""
    print "Parameters: **rdu** N = 16 SMs, k = 6 (true organisation), C = 256-bit chunks, G = 128 B"
    print "(block granularity), L = 128 B, AW = 32, QueueDepth = 4, Threshold = m/8, H3. **avu** defaults"
    print "(k = 6, C = 256, G = 128 B, 128 lines, EW = 5, HitLimit = 4, SpecDepth = 8, OutMax = 16,"
    print "IdWidth = 16). m = signature bits per signature."
    print ""
    print "![area vs signature size](" png ")"
    print ""
    print "## How the numbers are made"
    print ""
    print "Flattening the RDU (16 × m flops, each signature with k = 6 variable-index set ports) is out of"
    print "reach for Yosys at the paper sizes (a single flat 16-Kbit `sig_bloom` takes ~28 min and 6 GB),"
    print "so `synth/hier.sh` synthesizes in two levels:"
    print ""
    print "1. **`sig_store`** alone (one signature: m flops, k set ports, chunk write port, chunk read"
    print "   port, membership test, clear) with `synth/synth.sh` unchanged;"
    print "2. **the top** (`rdu` or `avu`, everything but the signatures: hash, FIFOs, arbiter, engine,"
    print "   output registers; for the AVU the line tags, epoch, speculative queue) with every"
    print "   `sig_store` instance kept as a **black box** (a generated stub `sig_store_bb` and a liberty"
    print "   cell of area 0, so that Yosys, ABC and OpenSTA keep it);"
    print "3. **total** = top + N × sig_store (rdu, N = 16) or top + 1 × sig_store (avu)."
    print ""
    print "**Timing in the hierarchical case.** Three figures are kept:"
    print ""
    print "- *top (boundary)*: the top alone, with the black box'"'"'s outputs treated as inputs"
    print "  (launched at the clock edge, delay 0) and its inputs as outputs (required at the period):"
    print "  the longest path of the top'"'"'s own logic;"
    print "- *sig_store own*: `sig_store` synthesized alone with its inputs arriving at time 0 and its"
    print "  outputs required at the period (what `synth.sh` reports for it);"
    print "- **crit. path** (the one in the tables and in `fmax`): the top timed with an *extracted timing"
    print "  model* of sig_store (clock → `member_o` / `rd_data_o`, `idx_i` → `member_o` and"
    print "  `rd_idx_i` → `rd_data_o` as liberty arcs, each input'"'"'s worst path into sig_store'"'"'s flops,"
    print "  setup included, as an output delay on the black box'"'"'s input pin), and at least sig_store'"'"'s"
    print "  own flop-to-flop path. This stitches paths across the boundary (e.g. hash → sig_store"
    print "  set-port decoder → flop, or shipment index → chunk read mux → 16:1 SM mux → `rsp_chunk_q`)."
    print "  The model is scalar: the arcs do not depend on load or slew, and the black box'"'"'s input"
    print "  pins are 0.01 pF; wires are not modelled at all (at 16 × 16 Kbit a real RDU is dominated"
    print "  by wires, so this critical path is optimistic)."
    print "- *fmax w/ I/O*: the stitched top again, with the I/O budget of every other area page (inputs"
    print "  arrive 30 % of the cycle after the clock edge, outputs are due 30 % before the next; the"
    print "  unit as a block inside an SM or an L2 partition, docs/area-method.md *Timing*), and the"
    print "  path class that sets it (`all`: a flop-to-flop path, unchanged by the budget)."
    print ""
    print "**Upper-bound caveats (area).** (a) Every `sig_store` is synthesized with *all* its ports:"
    print "the RDU ties the chunk write port to 0 and the AVU ties the k set ports, the clear and the"
    print "chunk read port to 0, which a flat synthesis would remove (the AVU signature never needs the"
    print "six m-output set decoders). (b) In the RDU all 16 signatures receive the *same* k indices,"
    print "so a flat netlist would share the six index decoders and buffer trees between them; the"
    print "hierarchical total has 16 copies. Both make the totals upper bounds of what the RTL needs."
    print ""

    # ---- sig_store
    print "## `sig_store` (one signature, synthesized alone)"
    print ""
    print "| m | cells | flops | area µm² | kGE | flop area µm² | logic area µm² | logic / flops | crit. path ns | fmax MHz | SRAM macro µm² (1 × m, 6 ports) | with SRAM µm² | synthesis s | Δ vs m/2 |"
    print "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
    prev = ""
    for (i = 1; i <= 5; i++) {
      m = MS[i]; if (!has("sig_store", m)) continue
      a = g("sig_store", m, "area_um2")
      printf "| %s | %s | %s | %s | %s | %s | %s | %.2f | %.2f | %.0f | %s | %s | %.0f | %s |\n", kib(m),
        commas(g("sig_store", m, "cells"), 0), commas(g("sig_store", m, "flops"), 0), commas(a, 0),
        commas(g("sig_store", m, "ge") / 1000, 1), commas(g("sig_store", m, "ff_area_um2"), 0),
        commas(g("sig_store", m, "logic_area_um2"), 0),
        g("sig_store", m, "logic_area_um2") / g("sig_store", m, "ff_area_um2"),
        g("sig_store", m, "crit_path_ns"), g("sig_store", m, "fmax_mhz"),
        commas(g("sig_store", m, "sram_macro_um2"), 0), commas(g("sig_store", m, "sram_total_um2"), 0),
        g("sig_store", m, "synth_seconds"), (prev == "" ? "—" : ratio(a, prev))
      prev = a
    }
    print ""
    print "Extracted timing model used for the stitched critical path (ns; from each size'"'"'s netlist):"
    print ""
    print "| m | clk → member_o | clk → rd_data_o | idx_i → member_o | rd_idx_i → rd_data_o | idx_i → flop (setup incl.) | flop → flop |"
    print "|--:|--:|--:|--:|--:|--:|--:|"
    for (i = 1; i <= 5; i++) {
      m = MS[i]; u = ""
      if (has("rdu_top", m)) u = "rdu_top"; else if (has("avu_top", m)) u = "avu_top"; else continue
      printf "| %s | %s | %s | %s | %s | %s | %s |\n", kib(m), g(u, m, "store_etm_q_member"), g(u, m, "store_etm_q_rd"),
        g(u, m, "store_etm_d_member"), g(u, m, "store_etm_d_rd"), g(u, m, "store_etm_s_idx_i"), g(u, m, "store_etm_reg2reg")
    }
    print ""

    # ---- per unit
    for (uu = 1; uu <= 2; uu++) {
      unit = (uu == 1 ? "rdu" : "avu"); cnt = (uu == 1 ? 16 : 1)
      if (unit == "rdu") {
        print "## `rdu` — N = 16 signatures (totals = top + 16 × sig_store)"
      } else {
        print "## `avu` — one signature (totals = top + 1 × sig_store)"
      }
      print ""
      print "| m | area µm² | kGE | flops | top area µm² | signatures µm² | top share | top flops | crit. path ns | fmax MHz | fmax w/ I/O MHz | top (boundary) ns | sig_store own fmax MHz | SRAM macros µm² | total w/ SRAM µm² | Δ area vs m/2 |"
      print "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
      prev = ""
      for (i = 1; i <= 5; i++) {
        m = MS[i]; if (!has(unit, m)) continue
        a = g(unit, m, "area_um2"); ta = g(unit, m, "top_area_um2")
        printf "| %s | %s | %s | %s | %s | %s | %.1f %% | %s | %.2f | %.0f | %s | %.2f | %.0f | %s | %s | %s |\n", kib(m),
          commas(a, 0), commas(g(unit, m, "ge") / 1000, 1), commas(g(unit, m, "flops"), 0), commas(ta, 0),
          commas(a - ta, 0), 100 * ta / a, commas(g(unit, m, "top_flops"), 0), g(unit, m, "crit_path_ns"),
          g(unit, m, "fmax_mhz"), fmaxio(unit, m), g(unit, m, "top_boundary_crit_path_ns"), g(unit, m, "store_fmax_mhz"),
          commas(g(unit, m, "sram_macro_um2"), 0), commas(g(unit, m, "sram_total_um2"), 0),
          (prev == "" ? "—" : ratio(a, prev))
        prev = a
      }
      print ""
      print "Critical paths (stitched; the boundary path of the top alone in brackets):"
      print ""
      for (i = 1; i <= 5; i++) {
        m = MS[i]; if (!has(unit, m)) continue
        printf "- m = %s: %s [top alone: %s]\n", kib(m), g(unit, m, "crit_path_from"), g(unit, m, "top_boundary_path")
      }
      print ""
    }

    # ---- SRAM
    print "## Flip-flop vs SRAM-macro figures"
    print ""
    print "Signature bits moved into SRAM macros with the model of [`area-method.md`](area-method.md) §4"
    print "(6T cell 5 µm², ×(1 + 0.5(p − 1))² for p ports, +30 % periphery, +10,000 µm² per macro and"
    print "port): **rdu** 16 macros of m bits with k = 6 ports each (true organisation), **avu** one such"
    print "macro. Total w/ SRAM = top + N × (sig_store − m flop cells + macro): every non-flop cell of"
    print "sig_store (decoders, read muxes, next-state logic) is kept, so it is an upper bound."
    print ""
    print "The *macro only* columns are the other bound: each macro replaces its whole `sig_store`"
    print "(top + N × macro), since a macro brings its own decoders, sense amplifiers and write drivers"
    print "(the 30 % periphery of the model)."
    print ""
    print "| m | rdu flops µm² | rdu w/ SRAM µm² (upper) | ÷ flops | rdu macro only µm² (lower) | ÷ flops | avu flops µm² | avu w/ SRAM µm² (upper) | ÷ flops | avu macro only µm² (lower) | ÷ flops |"
    print "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
    for (i = 1; i <= 5; i++) {
      m = MS[i]; if (!has("rdu", m) && !has("avu", m)) continue
      line = "| " kib(m) " |"
      for (uu = 1; uu <= 2; uu++) {
        unit = (uu == 1 ? "rdu" : "avu")
        if (!has(unit, m)) { line = line " — | — | — | — | — |"; continue }
        a = g(unit, m, "area_um2"); up = g(unit, m, "sram_total_um2"); lo = g(unit, m, "sram_macro_only_total_um2")
        line = line sprintf(" %s | %s | %.2f | %s | %.2f |", commas(a, 0), commas(up, 0), up / a, commas(lo, 0), lo / a)
      }
      print line
    }
    print ""

    # ---- checks
    if (has("check_sig_store_rdu_use_m1024", 1024) || has("check_avu_flat_m1024", 1024) || has("check_rdu_flat_m1024_n2", 1024)) {
      print "## Checks at m = 1K (`synth/hier.sh --check`)"
      print ""
      print "**Where sig_store'"'"'s area goes**: `sig_store` synthesized with the ports a unit does not use"
      print "tied off (synthesis then removes their logic), and without the membership test."
      print ""
      print "| variant | ports kept | area µm² | ÷ full sig_store | flops | crit. path ns |"
      print "|---|---|--:|--:|--:|--:|"
      full = g("sig_store", 1024, "area_um2")
      split("sig_store|check_sig_store_rdu_use_m1024|check_sig_store_avu_use_m1024|check_sig_store_no_member_m1024", VK, "|")
      split("full (as synthesized for the totals)|as the rdu uses it|as the avu uses it|without the membership test", VN, "|")
      split("k set, clear, membership, chunk write, chunk read|k set, clear, membership, chunk read|membership, chunk write|k set, clear, chunk write, chunk read", VP, "|")
      for (j = 1; j <= 4; j++) {
        if (!has(VK[j], 1024)) continue
        printf "| %s | %s | %s | %.2f | %s | %.2f |\n", VN[j], VP[j], commas(g(VK[j], 1024, "area_um2"), 0),
          g(VK[j], 1024, "area_um2") / full, commas(g(VK[j], 1024, "flops"), 0), g(VK[j], 1024, "crit_path_ns")
      }
      print ""
      if (has("check_sig_store_no_member_m1024", 1024))
        printf "The k = 6 membership read trees (m:1 multiplexers, one per hash) are %.0f %% of sig_store. In the RDU every one of the 16 signatures carries its own six, although only `sig[cur_sm]` is ever tested (spec §5 UNITS); see *Observations*.\n\n",
          100 * (full - g("check_sig_store_no_member_m1024", 1024, "area_um2")) / full
      print "**Flat vs hierarchical** (same RTL; the flat runs are affordable only at small sizes):"
      print ""
      print "| design | flat area µm² | hierarchical total µm² | hier ÷ flat | flat flops | hier flops | flat crit. path ns | hier crit. path ns (stitched) |"
      print "|---|--:|--:|--:|--:|--:|--:|--:|"
      if (has("check_avu_flat_m1024", 1024) && has("avu", 1024))
        printf "| avu, m = 1K | %s | %s | %.2f | %s | %s | %.2f | %.2f |\n", commas(g("check_avu_flat_m1024", 1024, "area_um2"), 0),
          commas(g("avu", 1024, "area_um2"), 0), g("avu", 1024, "area_um2") / g("check_avu_flat_m1024", 1024, "area_um2"),
          commas(g("check_avu_flat_m1024", 1024, "flops"), 0), commas(g("avu", 1024, "flops"), 0),
          g("check_avu_flat_m1024", 1024, "crit_path_ns"), g("avu", 1024, "crit_path_ns")
      if (has("check_rdu_flat_m1024_n2", 1024) && has("rdu_m1024_n2", 1024))
        printf "| rdu, N = 2, m = 1K | %s | %s | %.2f | %s | %s | %.2f | %.2f |\n", commas(g("check_rdu_flat_m1024_n2", 1024, "area_um2"), 0),
          commas(g("rdu_m1024_n2", 1024, "area_um2"), 0), g("rdu_m1024_n2", 1024, "area_um2") / g("check_rdu_flat_m1024_n2", 1024, "area_um2"),
          commas(g("check_rdu_flat_m1024_n2", 1024, "flops"), 0), commas(g("rdu_m1024_n2", 1024, "flops"), 0),
          g("check_rdu_flat_m1024_n2", 1024, "crit_path_ns"), g("rdu_m1024_n2", 1024, "crit_path_ns")
      print ""
      print "The hierarchical total is larger than the flat netlist by the unused ports and the unshared"
      print "decoders of *How the numbers are made*. The stitched critical path differs from the flat"
      print "one because flat synthesis optimises across the boundary, and because the scalar model"
      print "ignores load and slew."
      print ""
      # flat-equivalent estimate: remove the unused ports (variants) and, for the rdu, the
      # unshared decoders (what N = 2 flat vs hierarchical leaves after the unused ports)
      if (has("check_sig_store_rdu_use_m1024", 1024) && has("check_sig_store_avu_use_m1024", 1024) &&
          has("check_rdu_flat_m1024_n2", 1024) && has("rdu_m1024_n2", 1024)) {
        u_r = (full - g("check_sig_store_rdu_use_m1024", 1024, "area_um2")) / full
        u_a = (full - g("check_sig_store_avu_use_m1024", 1024, "area_um2")) / full
        d = (g("rdu_m1024_n2", 1024, "area_um2") - g("check_rdu_flat_m1024_n2", 1024, "area_um2") - 2 * u_r * full) / full
        if (d < 0) d = 0
        print "**Flat-equivalent estimate.** Subtract from the totals what the checks attribute to the"
        printf "hierarchy. The rdu'"'"'s unused chunk-write port is %.1f %% of a sig_store. The avu'"'"'s unused\n", 100 * u_r
        printf "set ports, clear and chunk read are %.1f %%. For the rdu, the logic a flat netlist shares\n", 100 * u_a
        printf "between signatures (%.1f %% of a sig_store per extra signature, from N = 2 flat vs\n", 100 * d
        print "hierarchical, after the unused ports) is subtracted once per extra signature."
        print "These are m = 1K fractions applied to every m: **estimates, not synthesis results**."
        print ""
        print "| m | rdu total µm² | rdu flat-equivalent estimate µm² | ratio | avu total µm² | avu flat-equivalent estimate µm² | ratio |"
        print "|--:|--:|--:|--:|--:|--:|--:|"
        for (i = 1; i <= 5; i++) {
          m = MS[i]; if (!has("rdu", m) || !has("avu", m)) continue
          st = g("rdu", m, "store_area_um2")
          er = g("rdu", m, "area_um2") - 16 * u_r * st - 15 * d * st
          ea = g("avu", m, "area_um2") - u_a * st
          EST_R[m] = er; EST_A[m] = ea
          printf "| %s | %s | %s | %.2f | %s | %s | %.2f |\n", kib(m), commas(g("rdu", m, "area_um2"), 0), commas(er, 0),
            er / g("rdu", m, "area_um2"), commas(g("avu", m, "area_um2"), 0), commas(ea, 0), ea / g("avu", m, "area_um2")
        }
        print ""
      }
    }

    # ---- observations
    print "## Observations on the RTL"
    print ""
    f = ""
    if (has("check_sig_store_no_member_m1024", 1024))
      f = (g("sig_store", 1024, "area_um2") - g("check_sig_store_no_member_m1024", 1024, "area_um2")) / g("sig_store", 1024, "area_um2")
    print "1. **The RDU builds 16 × k membership read ports but uses one at a time.** Every"
    print "   `sig_store` computes `member_o` from its own k = 6 m:1 read trees, and the RDU then picks"
    print "   `member[cur_sm_q]` (spec §5 UNITS: only the requester'"'"'s signature is tested)."
    if (f != "") {
      printf "   At m = 1K the read trees are %.0f %% of a sig_store (checks above). Selecting the\n", 100 * f
      print "   signature first and testing it once needs (N − 1)·m 2:1 multiplexers for the select"
      print "   plus k trees, instead of N·k trees. Estimate, with the 1K share applied to every m and"
      print "   the select priced at one MUX2X1 (48 µm²) per bit and SM:"
      print ""
      print "   | m | rdu now µm² | with one shared test port (estimate) µm² | saving |"
      print "   |--:|--:|--:|--:|"
      for (i = 1; i <= 5; i++) {
        m = MS[i]; if (!has("rdu", m)) continue
        st = g("rdu", m, "store_area_um2"); now = g("rdu", m, "area_um2")
        est = now - 15 * f * st + 15 * m * 48
        printf "   | %s | %s | %s | %.0f %% |\n", kib(m), commas(now, 0), commas(est, 0), 100 * (now - est) / now
      }
      print ""
      print "   Whether to restructure is the RTL owner'"'"'s call. The same select could also feed the chunk"
      print "   read (`rd_all`, another N × m/C:1 × C multiplexers)."
    }
    print "2. **The AVU'"'"'s `sig_store` keeps its k set ports and clear in the hierarchical total.**"
    print "   `avu.sv` ties `set_i`, `clr_i` and `rd_idx_i` to 0. A flat synthesis removes that logic, a"
    print "   black box cannot. The *as the avu uses it* check row is the AVU signature'"'"'s real cost."
    alo = 1e9; ahi = 0; rlo = 1e9; rhi = 0
    for (i = 1; i <= 5; i++) {
      if (has("avu", MS[i])) { c = g("avu", MS[i], "crit_path_ns"); if (c < alo) alo = c; if (c > ahi) ahi = c }
      if (has("rdu", MS[i])) { c = g("rdu", MS[i], "crit_path_ns"); if (c < rlo) rlo = c; if (c > rhi) rhi = c }
    }
    print "3. **The AVU has the longest path.** Its stitched critical path is"
    printf "   %.1f–%.1f ns over the sizes, the RDU'"'"'s %.1f–%.1f ns. It runs from the\n", alo, ahi, rlo, rhi
    print "   slot pointer `vslot_q` (it selects the speculative-queue address under validation)"
    print "   through `sig_hash` (XOR trees) and the membership test, then into the engine /"
    print "   speculative-queue next-state logic (`tmask_q`, `vslot_q`, `sid_q`) in the same cycle."
    print "   If the AVU has to sit on the L1 hit path, registering `member` costs one cycle per"
    print "   tested unit."
    print "4. **Moving only the bits into 6-port macros saves almost nothing** (upper bound ≈ flops)."
    print "   The model'"'"'s 6-port cell is (1 + 0.5·5)² = 12.25 single-port cells, 61 µm² against a"
    print "   96 µm² flop, and all of sig_store'"'"'s port logic stays. The saving comes only if the"
    print "   macro'"'"'s own periphery replaces the decoders and read trees (the lower bound: 11–22 %"
    print "   of the flip-flop RDU). A real 6-port macro lies between the two. The parallel"
    print "   organisation (k single-port banks, [`area.md`](area.md)) is where SRAM pays without"
    print "   multi-port cells. The RDU and AVU take `Parallel` too; it is not swept here."
    print ""

    # ---- thesis comparison
    print "## Against the thesis"
    print ""
    print "### Stated storage (§4.3.8; notes §1.8)"
    print ""
    print "The thesis states the cost as *two m-bit signatures per SM (one in the RDU, one in the AVU), a"
    print "5-bit epoch field per L1 line and a 5-bit epoch register per SM*: per SM 2m + 5 + 128 × 5"
    print "(128 L1 lines) = 2m + 645 bits, for 16 SMs 16 × (2m + 645). Our flip-flops for the same"
    print "system are the RDU (16 signatures + its queues, counters and engine) plus 16 AVUs (signature,"
    print "epoch, per-line epoch tags and the fresh / hit-count bits, the speculative queue, op and"
    print "output registers):"
    print ""
    print "| m | thesis bits (16 SMs) | our flops: rdu + 16 × avu | ours ÷ thesis | non-signature flops (ours) | ours − thesis | our area rdu + 16 × avu µm² | w/ SRAM µm² |"
    print "|--:|--:|--:|--:|--:|--:|--:|--:|"
    for (i = 1; i <= 5; i++) {
      m = MS[i]; if (!has("rdu", m) || !has("avu", m)) continue
      th = 16 * (2 * m + 645)
      fl = g("rdu", m, "flops") + 16 * g("avu", m, "flops")
      printf "| %s | %s | %s | %.2f | %s | %s | %s | %s |\n", kib(m), commas(th, 0), commas(fl, 0), fl / th,
        commas(fl - 32 * m, 0), commas(fl - th, 0),
        commas(g("rdu", m, "area_um2") + 16 * g("avu", m, "area_um2"), 0),
        commas(g("rdu", m, "sram_total_um2") + 16 * g("avu", m, "sram_total_um2"), 0)
    }
    print ""
    print "*Non-signature flops* are all our flops but the 32 signatures (16 in the RDU, one per AVU): they"
    print "include the 16 × 645 = 10,320 epoch bits the thesis counts. *Ours − thesis* is what the thesis"
    print "leaves out: the insertion counters, the RDU input queues, the speculative-load queue and the hit"
    print "counters (notes §1.1, §1.5)."
    print ""
    print "### Relative scaling against Table 4.2 (CACTI 6.5, 40 nm)"
    print ""
    print "**CACTI access energy / leakage at 40 nm and osu018 standard-cell area at 0.18 µm are"
    print "different quantities**; only their *ratios* are compared: the growth per doubling of m, and"
    print "the RDU-to-AVU ratio."
    print ""
    print "| m | AVU energy ×/doubling | RDU read energy ×/doubling | RDU leakage ×/doubling | our avu area ×/doubling | our rdu area ×/doubling | our rdu w/ SRAM ×/doubling | RDU ÷ AVU read energy | RDU ÷ AVU leakage | our rdu ÷ avu area | … w/ SRAM | … signatures only | … flat-equivalent estimates |"
    print "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
    for (i = 1; i <= 5; i++) {
      m = MS[i]
      pa = (i > 1 ? MS[i - 1] : "")
      ra = (i > 1 && has("avu", m) && has("avu", pa)) ? sprintf("%.2f", g("avu", m, "area_um2") / g("avu", pa, "area_um2")) : "—"
      rr = (i > 1 && has("rdu", m) && has("rdu", pa)) ? sprintf("%.2f", g("rdu", m, "area_um2") / g("rdu", pa, "area_um2")) : "—"
      rs = (i > 1 && has("rdu", m) && has("rdu", pa)) ? sprintf("%.2f", g("rdu", m, "sram_total_um2") / g("rdu", pa, "sram_total_um2")) : "—"
      q = (has("rdu", m) && has("avu", m)) ? sprintf("%.1f", g("rdu", m, "area_um2") / g("avu", m, "area_um2")) : "—"
      qs = (has("rdu", m) && has("avu", m)) ? sprintf("%.1f", g("rdu", m, "sram_total_um2") / g("avu", m, "sram_total_um2")) : "—"
      qg = (has("rdu", m) && has("avu", m)) ? sprintf("%.1f", (g("rdu", m, "area_um2") - g("rdu", m, "top_area_um2")) / (g("avu", m, "area_um2") - g("avu", m, "top_area_um2"))) : "—"
      qe = ((m in EST_R) && (m in EST_A)) ? sprintf("%.1f", EST_R[m] / EST_A[m]) : "—"
      printf "| %s | %s | %s | %s | %s | %s | %s | %.1f | %.1f | %s | %s | %s | %s |\n", kib(m),
        (i > 1 ? sprintf("%.2f", AVE[i] / AVE[i - 1]) : "—"), (i > 1 ? sprintf("%.2f", RDR[i] / RDR[i - 1]) : "—"),
        (i > 1 ? sprintf("%.2f", RDL[i] / RDL[i - 1]) : "—"), ra, rr, rs, RDR[i] / AVE[i], RDL[i] / AVL[i], q, qs, qg, qe
    }
    print ""
    # summary sentences from the data
    n2 = 0; s2r = 0; s2a = 0
    for (i = 2; i <= 5; i++) {
      m = MS[i]; pa = MS[i - 1]
      if (has("rdu", m) && has("rdu", pa)) { s2r += log(g("rdu", m, "area_um2") / g("rdu", pa, "area_um2")); nr++ }
      if (has("avu", m) && has("avu", pa)) { s2a += log(g("avu", m, "area_um2") / g("avu", pa, "area_um2")); na++ }
    }
    print "Reading the table:"
    print ""
    if (nr > 0) printf "- our **rdu** area grows by ×%.2f per doubling of m on average (geometric mean), Table 4.2 by ×2.00: the RDU is signature-dominated in both.\n", exp(s2r / nr)
    if (na > 0) printf "- our **avu** area grows by ×%.2f per doubling (CACTI: ×2.00): the AVU'"'"'s fixed logic (line tags, speculative queue, op register) is a visible share at small m, which CACTI'"'"'s signature-only model leaves out.\n", exp(s2a / na)
    q1 = ""; q5 = ""
    for (i = 1; i <= 5; i++) if (has("rdu", MS[i]) && has("avu", MS[i])) { q = g("rdu", MS[i], "area_um2") / g("avu", MS[i], "area_um2"); if (q1 == "") q1 = q; q5 = q }
    print "- CACTI puts the RDU at ≈ 16 × the AVU (an array of 16 signatures against one signature)."
    if (q1 != "") printf "  Our flip-flop ratio rises from %.1f to %.1f over the sizes, approaching 16 from below for\n", q1, q5
    print "  the same reason (the AVU'"'"'s fixed logic). The *signatures-only* ratio is exactly 16 by"
    print "  construction of the hierarchical total. The *flat-equivalent* estimates can pass 16 at"
    print "  large m: the AVU'"'"'s signature needs no set ports, and each of the RDU'"'"'s 16 signatures"
    print "  needs all k = 6 of them."
    print "- The stated storage (two signatures per SM, epoch tags, epoch register) matches our flops"
    print "  within the state the thesis leaves out (the column *ours − thesis*), about 19.2 K flops at"
    print "  every size; the non-signature column (≈ 29.6 K) also holds the 10,320 epoch bits it counts."
    print ""

    # ---- flow and run times
    print "## Flow"
    print ""
    print "- tools: " YV "; OpenSTA " SV "; liberty `osu018_stdcells.lib` (qflow-tech-osu018)"
    print "- every synthesis is `synth/synth.sh` (unchanged settings: `synth -flatten` with the wide-shift"
    print "  map, `dfflibmap`, `" ABC "`); tops are read with the generated stub"
    print "  in place of `rtl/sig/sig_store.sv` and a liberty that is osu018 plus the black-box cell"
    printf "- OpenSTA: clock `clk_i` %s ns (only slack depends on it), input/output delays 0, inputs driven by BUFX2, outputs 0.01 pF\n", CLK
    print "- results carry an input fingerprint (`inputs_sha256`; RTL hashed without comments):"
    print "  `synth/hier.sh --list` shows what is up to date; tops depend on their sig_store point (its"
    print "  timing model)"
    print ""
    print "Synthesis wall time (2-core machine shared with other work, one synthesis at a time):"
    print ""
    print "| m | sig_store s | rdu top s | avu top s |"
    print "|--:|--:|--:|--:|"
    for (i = 1; i <= 5; i++) {
      m = MS[i]
      if (!has("sig_store", m) && !has("rdu_top", m) && !has("avu_top", m)) continue
      printf "| %s | %s | %s | %s |\n", kib(m),
        (has("sig_store", m) ? sprintf("%.0f", g("sig_store", m, "synth_seconds")) : "—"),
        (has("rdu_top", m) ? sprintf("%.0f", g("rdu_top", m, "synth_seconds")) : "—"),
        (has("avu_top", m) ? sprintf("%.0f", g("avu_top", m, "synth_seconds")) : "—")
    }
    print ""
    miss = ""
    for (i = 1; i <= 5; i++) { if (!has("rdu", MS[i])) miss = miss " rdu@" kib(MS[i]); if (!has("avu", MS[i])) miss = miss " avu@" kib(MS[i]) }
    if (miss != "") printf "*Missing points:%s (run `make synth-rdu-avu`).*\n\n", miss
  }' "$tmp/kv.tsv" >"$tmp/out.md"

# ---- docs/area-rdu-avu.png ------------------------------------------------------------------
# data: m rdu rdu_sram rdu_top avu avu_sram avu_top ; normalized: m rdu/rdu1K avu/avu1K cacti
awk -F'\t' '{ V[$1, $2, $3] = $4 }
  END {
    split("1024 2048 4096 8192 16384", MS, " ")
    for (i = 1; i <= 5; i++) {
      m = MS[i]
      printf "%d %s %s %s %s %s %s %s %s\n", m, (V["rdu", m, "area_um2"] == "" ? "NaN" : V["rdu", m, "area_um2"]),
        (V["rdu", m, "sram_total_um2"] == "" ? "NaN" : V["rdu", m, "sram_total_um2"]),
        (V["rdu", m, "top_area_um2"] == "" ? "NaN" : V["rdu", m, "top_area_um2"]),
        (V["avu", m, "area_um2"] == "" ? "NaN" : V["avu", m, "area_um2"]),
        (V["avu", m, "sram_total_um2"] == "" ? "NaN" : V["avu", m, "sram_total_um2"]),
        (V["avu", m, "top_area_um2"] == "" ? "NaN" : V["avu", m, "top_area_um2"]),
        (V["rdu", m, "sram_macro_only_total_um2"] == "" ? "NaN" : V["rdu", m, "sram_macro_only_total_um2"]),
        (V["avu", m, "sram_macro_only_total_um2"] == "" ? "NaN" : V["avu", m, "sram_macro_only_total_um2"])
    }
  }' "$tmp/kv.tsv" >"$tmp/area.dat"
# normalized to m = 1K: ours (rdu, avu) and Table 4.2 (RDU read energy, AVU energy)
awk 'NR == 1 { r0 = $2; a0 = $5 }
  { split("15.12 30.12 60.13 120.13 240.15", R, " "); split("0.94 1.88 3.76 7.51 15.01", A, " ")
    printf "%d %s %s %.4f %.4f\n", $1, ($2 == "NaN" || r0 == "NaN" ? "NaN" : $2 / r0), ($5 == "NaN" || a0 == "NaN" ? "NaN" : $5 / a0), R[NR] / R[1], A[NR] / A[1] }' \
  "$tmp/area.dat" >"$tmp/norm.dat"

term="pngcairo size 1400,620 enhanced font 'DejaVu Sans,11'"
gnuplot -e 'set terminal pngcairo' >/dev/null 2>&1 || term="png size 1400,620"
cat >"$tmp/plot.gp" <<EOF
set terminal $term
set output '$tmp/area.png'
set multiplot layout 1,2 title "rdu (N = 16) and avu: osu018 cell area, hierarchical flow (top + N x sig\\\\_store)\\n{/*0.8 Yosys + ABC, osu018 0.18 µm academic library, no wires: not tape-out quality}"
set logscale xy
set xtics ("1K" 1024, "2K" 2048, "4K" 4096, "8K" 8192, "16K" 16384)
set xrange [900:18500]
set grid xtics ytics mytics
set xlabel "signature bits m"
set ylabel "area (µm²), log scale"
set format y "10^{%L}"
set yrange [1e5:2e9]
set key top left box opaque font ",9" maxrows 5
plot '$tmp/area.dat' using 1:2 with linespoints lc rgb '#d62728' lw 2 pt 7 title 'rdu total (flip-flops)', \
     '' using 1:3 with linespoints lc rgb '#d62728' lw 2 dt 2 pt 6 title 'rdu, SRAM macros (upper)', \
     '' using 1:8 with linespoints lc rgb '#d62728' lw 1 dt 3 pt 6 title 'rdu, SRAM macros only (lower)', \
     '' using 1:4 with linespoints lc rgb '#ff9896' lw 1 pt 2 title 'rdu top logic only', \
     '' using 1:5 with linespoints lc rgb '#1f77b4' lw 2 pt 5 title 'avu total (flip-flops)', \
     '' using 1:6 with linespoints lc rgb '#1f77b4' lw 2 dt 2 pt 4 title 'avu, SRAM macro (upper)', \
     '' using 1:9 with linespoints lc rgb '#1f77b4' lw 1 dt 3 pt 4 title 'avu, SRAM macro only (lower)', \
     '' using 1:7 with linespoints lc rgb '#aec7e8' lw 1 pt 3 title 'avu top logic only'
set ylabel "relative to m = 1K, log scale"
set format y "%g"
set ytics (1, 2, 4, 8, 16, 32)
set yrange [0.8:24]
set key bottom right box opaque font ",9"
set title "growth with m: our area vs thesis Table 4.2 (CACTI 40 nm energy), ratios only"
plot '$tmp/norm.dat' using 1:2 with linespoints lc rgb '#d62728' lw 2 pt 7 title 'our rdu area', \
     '' using 1:3 with linespoints lc rgb '#1f77b4' lw 2 pt 5 title 'our avu area', \
     '' using 1:4 with linespoints lc rgb '#2ca02c' lw 2 dt 3 pt 9 title 'Table 4.2 RDU read energy', \
     '' using 1:5 with linespoints lc rgb '#9467bd' lw 2 dt 4 pt 11 title 'Table 4.2 AVU access energy'
unset multiplot
EOF
gnuplot "$tmp/plot.gp" 2>"$tmp/gnuplot.err" || die "gnuplot failed: $(head -n3 "$tmp/gnuplot.err")"
[[ -s $tmp/area.png ]] || die "gnuplot wrote no image"

mv -f "$tmp/out.md" "$md.tmp.$$" && mv -f "$md.tmp.$$" "$md"
mv -f "$tmp/area.png" "$png.tmp.$$" && mv -f "$png.tmp.$$" "$png"
echo "$prog: wrote $md and $png" >&2
