#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/report.sh -- generate docs/area.md and docs/area.png from the committed sweep results
# synth/results/sig_bloom_*.area.txt (written by synth/sweep.sh). Runs no synthesis.
#
# Usage: synth/report.sh [--md FILE] [--png FILE] [--results DIR]
set -euo pipefail

prog=report.sh
die() {
  echo "$prog: error: $*" >&2
  exit 1
}
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"

md=docs/area.md
png=docs/area.png
results=synth/results
while [[ $# -gt 0 ]]; do
  case $1 in
    --md) md=$2; shift 2 ;;
    --png) png=$2; shift 2 ;;
    --results) results=$2; shift 2 ;;
    -h | --help) sed -n '4,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1'" ;;
  esac
done

shopt -s nullglob
files=("$results"/sig_bloom_*.area.txt)
shopt -u nullglob
[[ ${#files[@]} -gt 0 ]] || die "no results in $results/ (run synth/sweep.sh first)"
command -v gnuplot >/dev/null 2>&1 || die "gnuplot not found (install the Debian package 'gnuplot-nox')"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the freshness line of the page (synth/status_note.sh)
bash synth/status_note.sh --results "$results" synth synth/sweep.sh >"$tmp/status.md" || die "synth/status_note.sh failed"
mkdir -p "$(dirname "$md")" "$(dirname "$png")"

# ---- one tab-separated row per point ----------------------------------------------------------
# m k org cells flops area ge storage sram_macro sram_total crit fmax synth_s ff_area logic_area
# ff_cell_um2 sram_cell port_factor periph fixed banks ports sram_bits abc yosys sta clock
# storage_ff_area fmax_io(class)
for f in "${files[@]}"; do
  awk -v file="$f" '
    { k = $1; $1 = ""; sub(/^ /, ""); v[k] = $0 }
    END {
      cls["rr"] = "reg→reg"; cls["ir"] = "in→reg"; cls["ro"] = "reg→out"; cls["io"] = "in→out"
      n = split(v["params"], ps, " ")
      for (i = 1; i <= n; i++) { split(ps[i], kv, "="); p[kv[1]] = kv[2] }
      if (!("SigBits" in p) || !("area_um2" in v)) { print "bad result file " file > "/dev/stderr"; exit 1 }
      org = (p["Parallel"] == 1 ? "parallel" : "true")
      printf "%d\t%d\t%s\t%d\t%d\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
        p["SigBits"], p["NumHashes"], org, v["cells"], v["flops"], v["area_um2"], v["ge"],
        v["storage_bits"], v["sram_macro_um2"], v["sram_total_um2"], v["crit_path_ns"],
        v["fmax_mhz"], v["synth_seconds"], v["ff_area_um2"], v["logic_area_um2"],
        v["storage_ff_cell_um2"], v["sram_cell_um2"], v["sram_port_factor"], v["sram_periph_frac"],
        v["sram_macro_fixed_um2"], v["sram_banks"], v["sram_ports"], v["sram_bits"], v["abc"],
        v["yosys_version"], v["sta_version"], v["clock_period_ns"], v["storage_ff_area_um2"],
        (("fmax_io_mhz" in v) ? sprintf("%.0f (%s)", v["fmax_io_mhz"], cls[v["io_limit_class"]]) : "—")
    }' "$f"
done | LC_ALL=C sort -t$'\t' -k3,3r -k2,2n -k1,1n >"$tmp/rows.tsv"

# ---- docs/area.md -------------------------------------------------------------------------
awk -F'\t' -v status="$tmp/status.md" -v png="$(basename "$png")" -v nfiles="${#files[@]}" '
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
  function kib(m) { return (m >= 1024 && m % 1024 == 0) ? (m / 1024) "K" : m }
  {
    n++; M[n] = $1; K[n] = $2; O[n] = $3; CELLS[n] = $4; FL[n] = $5; AR[n] = $6; GE[n] = $7
    ST[n] = $8; SM[n] = $9; STOT[n] = $10; CR[n] = $11; FM[n] = $12; FIO[n] = $29; SS[n] = $13; FFA[n] = $14
    LA[n] = $15; FFC[n] = $16; SC[n] = $17; PF[n] = $18; PER[n] = $19; FIX[n] = $20
    BK[n] = $21; PO[n] = $22; SB[n] = $23; ABC = $24; YV = $25; SV = $26; CLK = $27; SFA[n] = $28
    cfg = $2 "\t" $3
    if (!(cfg in seen)) { seen[cfg] = 1; ncfg++; CFG[ncfg] = cfg }
    if ($1 == 1024) base[cfg] = n
  }
  END {
    print "<!-- GENERATED FILE - do not edit. Produced by synth/report.sh from synth/results/*.area.txt;"
    print "     regenerate with `make synth` (runs synth/sweep.sh, then synth/report.sh). -->"
    print ""
    print "# Area and timing of `sig_bloom` (generated)"
    print ""
    print "> **Generated** by `synth/report.sh` from the committed sweep results in `synth/results/`."
    print "> Command: `make synth` (= `synth/sweep.sh`, which re-synthesizes only points whose inputs"
    print "> changed and then runs `synth/report.sh`). Method and SRAM model:"
    print "> [`area-method.md`](area-method.md). Unit specification: [`units/sig_bloom.md`](units/sig_bloom.md)."
    print ">"
    while ((getline l < status) > 0) print l
    print ""
    print "**Disclaimer.** These numbers come from Yosys 0.23 + ABC mapping onto **osu018**, the"
    print "Oklahoma State University 0.18 µm *academic* standard-cell library (MOSIS scalable rules,"
    print "larger and slower than a foundry library), timed by OpenSTA with ideal clocks and no wires."
    print "They are **not tape-out quality**: no floorplan, placement, clock tree, wire parasitics or"
    print "corners. ABC maps for area with fanout buffering and **no timing target** (no `-D`), so the"
    print "critical path is what an area-oriented mapping gives, not what the design can reach. Use the"
    print "figures to compare configurations with each other, not as absolute silicon cost. The SRAM"
    print "columns are a model estimate (below), not a compiled macro."
    print ""
    print "Fixed parameters of every point: H3 hashing (`HashKind=0`), G = 128 B (`GranBytes=128`),"
    print "AW = 32 (`AddrWidth=32`), C = 64 (`ChunkWidth=64`), Threshold = m/8, default `H3Seed`."
    print ""
    print "![area vs signature size](" png ")"
    print ""
    print "## How to read the tables"
    print ""
    print "| column | meaning |"
    print "|---|---|"
    print "| m, k, org | signature bits, hash functions, organisation (true = one m-bit vector written by all k hashes; parallel = k banks of m/k bits) |"
    print "| cells | standard cells in the mapped netlist |"
    print "| flops | flip-flop cells (all of them, including output registers) |"
    print "| area µm² | total cell area: osu018 liberty area units are µm² (DFFPOSX1 = 96, NAND2X1 = 24) |"
    print "| kGE | area / 24 µm² (NAND2X1) / 1000: thousands of NAND2 gate equivalents |"
    print "| storage bits | the unit'"'"'s architectural storage: m signature bits + the CW = log2(m)+1 bit insertion counter |"
    print "| SRAM macro µm² | model area of SRAM macros holding the m signature bits (counter stays in flops); see *SRAM-macro model* |"
    print "| total w/ SRAM µm² | area − (m × mapped flop-cell area) + SRAM macro: the unit with its signature in SRAM. All logic is kept, including per-bit next-state logic a macro would not need, so this is an upper bound |"
    print "| crit. path ns | longest path (input → flop, flop → flop, flop → output), including setup; ideal clock, 0 input/output delay |"
    print "| fmax MHz | 1000 / critical path |"
    print "| fmax w/ I/O MHz | fmax with an I/O budget: inputs arrive 30 % of the cycle after the clock edge, outputs are due 30 % before the next (the unit as a block inside an SM; docs/area-method.md *Timing*), and the path class that sets it |"
    print "| Δ vs m=1K | area added over the m = 1K point of the same configuration, and the ratio |"
    print ""
    for (c = 1; c <= ncfg; c++) {
      split(CFG[c], kc, "\t")
      printf "## k = %d, %s Bloom filter\n\n", kc[1], kc[2]
      print "| m | k | org | cells | flops | area µm² | kGE | storage bits | SRAM macro µm² | total w/ SRAM µm² | crit. path ns | fmax MHz | fmax w/ I/O MHz | Δ vs m=1K |"
      print "|--:|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
      for (i = 1; i <= n; i++) {
        if (K[i] "\t" O[i] != CFG[c]) continue
        b = base[CFG[c]]
        if (b == "" ) d = "n/a"
        else if (i == b) d = "—"
        else d = sprintf("+%s (×%.2f)", commas(AR[i] - AR[b], 0), AR[i] / AR[b])
        printf "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
          kib(M[i]), K[i], O[i], commas(CELLS[i], 0), commas(FL[i], 0), commas(AR[i], 0),
          commas(GE[i] / 1000, 1), commas(ST[i], 0), commas(SM[i], 0), commas(STOT[i], 0),
          (CR[i] == "NA" ? "n/a" : sprintf("%.2f", CR[i])), (FM[i] == "NA" ? "n/a" : sprintf("%.0f", FM[i])), FIO[i], d
      }
      print ""
    }
    # configurations side by side, relative to the first one (k = 6 true when present)
    if (ncfg > 1) {
      split(CFG[1], kr, "\t")
      printf "## Configurations side by side (relative to k = %d %s)\n\n", kr[1], kr[2]
      hdr = "| m |"; sep = "|--:|"
      for (c = 1; c <= ncfg; c++) { split(CFG[c], kc, "\t"); hdr = hdr sprintf(" k=%d %s: area µm² (ratio) | with SRAM µm² (ratio) |", kc[1], kc[2]); sep = sep "--:|--:|" }
      print hdr; print sep
      for (mm = 1024; mm <= 1048576; mm *= 2) {
        ref = ""
        for (i = 1; i <= n; i++) if (M[i] == mm && K[i] "\t" O[i] == CFG[1]) ref = i
        line = ""; found = 0
        for (c = 1; c <= ncfg; c++) {
          cell = " — | — |"
          for (i = 1; i <= n; i++) if (M[i] == mm && K[i] "\t" O[i] == CFG[c]) {
            found = 1
            cell = sprintf(" %s (%s) | %s (%s) |", commas(AR[i], 0), (ref == "" ? "n/a" : sprintf("%.2f", AR[i] / AR[ref])),
                           commas(STOT[i], 0), (ref == "" ? "n/a" : sprintf("%.2f", STOT[i] / AR[ref])))
          }
          line = line cell
        }
        if (found) printf "| %s |%s\n", kib(mm), line
      }
      print ""
      print "Ratios are against the flip-flop area of the first configuration at the same m."
      print ""
    }
    print "## Where the area goes"
    print ""
    print "| m | k | org | flop area µm² | logic area µm² | logic / flops | area per signature bit µm² | SRAM banks × ports | total w/ SRAM ÷ area |"
    print "|--:|--:|---|--:|--:|--:|--:|--:|--:|"
    for (i = 1; i <= n; i++)
      printf "| %s | %d | %s | %s | %s | %.2f | %.1f | %d × %d | %.2f |\n", kib(M[i]), K[i], O[i],
        commas(FFA[i], 0), commas(LA[i], 0), (FFA[i] > 0 ? LA[i] / FFA[i] : 0), AR[i] / M[i],
        BK[i], PO[i], STOT[i] / AR[i]
    print ""
    print "## SRAM-macro model (constants used for these tables)"
    print ""
    print "Full derivation and sources: [`area-method.md`](area-method.md) §4."
    print ""
    printf "- single-port 6T bit cell, 0.18 µm: **%s µm²** (a DFFPOSX1 flop of osu018 is %s µm²)\n", SC[1], FFC[1]
    pfs = ""
    for (i = 1; i <= n; i++) if (PO[i] > 1 && !((PO[i]) in pfseen)) { pfseen[PO[i]] = 1; pfs = pfs sprintf("; p = %d → ×%.2f", PO[i], PF[i]) }
    g = 0.5
    for (i = 1; i <= n; i++) if (PO[i] > 1) { g = (sqrt(PF[i]) - 1) / (PO[i] - 1); break }
    printf "- p-port cell: cell × (1 + %.2f·(p − 1))² (each extra port widens and heightens the cell)%s\n", g, pfs
    printf "- macro = banks × (bits per bank × p-port cell × (1 + %s) + %s µm² × p)\n", PER[1], commas(FIX[1], 0)
    print "  (proportional periphery: decoders, sense amplifiers, write drivers; fixed periphery per"
    print "  macro and port: control, timing, I/O)"
    print "- **true** organisation: one macro with **p = k ports** (INSERT writes, TEST reads k bits"
    print "  in one cycle; D8 of the unit page). The multi-port figure is a rough scaling model."
    print "- **parallel** organisation: **k single-port banks** of m/k bits (each hash touches only"
    print "  its own bank), which is the organisation where an SRAM implementation is realistic."
    print "- the flop area removed is m × the mapped flop cell (the counter stays in flops)."
    print ""
    print "Caveat: osu018 cells are drawn to MOSIS scalable rules and are roughly twice the size of a"
    print "foundry 0.18 µm library'"'"'s, while the bit cell above is a foundry-density figure, so the"
    print "flop-vs-SRAM ratio favours SRAM more than a same-library comparison would."
    print ""
    print "## Flow"
    print ""
    print "- tools: " YV "; OpenSTA " SV "; liberty `osu018_stdcells.lib` (qflow-tech-osu018)"
    print "- Yosys: `read_verilog -sv` (package + unit), `chparam -set …`, `synth -top sig_bloom -flatten`"
    print "  with wide `$shift`/`$shiftx` cells lowered by `synth/techmap_wide_shift.v` (window-pruned"
    print "  shifters and predecoded decoders instead of the stock barrel shifter; see"
    print "  [`area-method.md`](area-method.md) §5), `dfflibmap -liberty`, then"
    print "  `" ABC "`,"
    print "  `opt_clean`, `stat -liberty`"
    printf "- OpenSTA: clock on `clk_i` (period %s ns, only the reported slack depends on it), input and output delays 0, inputs driven by BUFX2, outputs loaded with 0.01 pF; critical path = period − worst slack\n", CLK
    print ""
    print "Synthesis wall time per point (2-core machine, two points at a time; Yosys + ABC):"
    print ""
    print "| m | k | org | synthesis s |"
    print "|--:|--:|---|--:|"
    for (i = 1; i <= n; i++)
      printf "| %s | %d | %s | %.0f |\n", kib(M[i]), K[i], O[i], SS[i]
    print ""
    if (nfiles < 15) printf "*Only %d of the 15 sweep points have results.*\n\n", nfiles
  }' "$tmp/rows.tsv" >"$tmp/area.md"

# ---- docs/area.png ------------------------------------------------------------------------
# data: one block per configuration: m area sram_total
awk -F'\t' '
  { cfg = $2 " " $3; if (cfg != last) { if (NR > 1) printf "\n\n"; last = cfg; printf "# k=%s %s\n", $2, $3 }
    printf "%d %s %s\n", $1, $6, $10 }' "$tmp/rows.tsv" >"$tmp/plot.dat"
mapfile -t cfg_titles < <(awk -F'\t' '{ print "k = " $2 ", " $3 }' "$tmp/rows.tsv" | uniq)
colors=('#1f77b4' '#d62728' '#2ca02c' '#9467bd' '#ff7f0e' '#8c564b')
plot_ff=""
plot_sram=""
for i in "${!cfg_titles[@]}"; do
  c=${colors[$((i % ${#colors[@]}))]}
  pt=$((5 + 2 * i))
  plot_ff+="'$tmp/plot.dat' index $i using 1:2 with linespoints lc rgb '$c' lw 2 pt $pt ps 1.2 title '${cfg_titles[$i]}: flip-flops', "
  plot_sram+="'$tmp/plot.dat' index $i using 1:3 with linespoints lc rgb '$c' lw 2 dt 2 pt $((pt - 1)) ps 1.2 title '${cfg_titles[$i]}: signature in SRAM macro', "
done
plot_cmd="${plot_ff}${plot_sram%, }"
# y range: a little below the smallest and well above the largest value (room for the key)
read -r ymin ymax < <(awk -F'\t' 'NR == 1 { lo = $6; hi = $6 }
  { for (c = 6; c <= 10; c += 4) { if ($c < lo) lo = $c; if ($c > hi) hi = $c } }
  END { printf "%g %g\n", lo / 1.6, hi * 4 }' "$tmp/rows.tsv")

term="pngcairo size 1100,700 enhanced font 'DejaVu Sans,12'"
gnuplot -e 'set terminal pngcairo' >/dev/null 2>&1 || term="png size 1100,700"
cat >"$tmp/plot.gp" <<EOF
set terminal $term
set output '$tmp/area.png'
set title "sig\\\\_bloom cell area vs signature size\\n{/*0.8 osu018 0.18 µm academic library, Yosys 0.23 + ABC, no timing target: not tape-out quality}"
set xlabel "signature bits m"
set ylabel "area (µm²), log scale"
set logscale xy
set xtics ("1K" 1024, "2K" 2048, "4K" 4096, "8K" 8192, "16K" 16384)
set ytics ("100k" 1e5, "200k" 2e5, "500k" 5e5, "1M" 1e6, "2M" 2e6, "5M" 5e6, "10M" 1e7, "20M" 2e7, "50M" 5e7, "100M" 1e8, "200M" 2e8)
set grid xtics ytics mytics
set key top left box opaque
set xrange [900:18500]
set yrange [$ymin:$ymax]
plot $plot_cmd
EOF
gnuplot "$tmp/plot.gp" 2>"$tmp/gnuplot.err" || die "gnuplot failed: $(head -n3 "$tmp/gnuplot.err")"
[[ -s $tmp/area.png ]] || die "gnuplot wrote no image"

mv -f "$tmp/area.md" "$md.tmp.$$" && mv -f "$md.tmp.$$" "$md"
mv -f "$tmp/area.png" "$png.tmp.$$" && mv -f "$png.tmp.$$" "$png"
echo "$prog: wrote $md and $png from ${#files[@]} result(s)" >&2
