#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/route_report.sh -- docs/timing-routed.md from the routed-timing results
# (synth/results/route_<point>.route.txt, written by synth/route.sh). The whole page is generated:
# edit this script, not the page.
#
# Usage: synth/route_report.sh [--results DIR] [--out FILE]
#   --results DIR  the results to read (default synth/results)
#   --out FILE     write the page to FILE (through a temporary file; default: standard output)
set -euo pipefail
prog=route_report.sh
die() {
  echo "$prog: error: $*" >&2
  exit 2
}
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"
results=synth/results
out=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --results) [[ $# -ge 2 && -n $2 ]] || die "--results needs a directory"; results=$2; shift 2 ;;
    --out) [[ $# -ge 2 && -n $2 ]] || die "--out needs a file"; out=$2; shift 2 ;;
    -h | --help) sed -n '4,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
done
[[ -d $results ]] || die "results directory '$results' does not exist"
if [[ -n $out ]]; then
  outdir=$(dirname "$out")
  [[ -d $outdir && -w $outdir ]] || die "cannot write '$out' (directory '$outdir' missing or not writable)"
fi

list=$(bash synth/route_all.sh --list --results "$results") || die "synth/route_all.sh --list failed"

page() {
  cat <<'EOF'
# Placed-and-routed timing (qflow), against the wire-less fmax

> **Generated** by `synth/route_report.sh` from `synth/results/route_*.route.txt` (written by
> `synth/route.sh`, `make route`); do not edit by hand. `make test` (tools/check_route.sh) fails
> if this page differs from what the committed results regenerate, if a result is stale (its
> `inputs_sha256` no longer matches the RTL, the flow scripts, qflow's osu018 files and the tool
> versions) or if a result was edited (its `body_sha256`). Method and limits:
> [area-method.md](area-method.md) section 8.

Every other fmax in these docs (area-method.md §2.5, the area pages) is OpenSTA on the flat
Yosys netlist with ideal clocks and **no wires**: every net loads its driver with the input pins
it drives and nothing else. Here one small parameter set per unit goes on through placement
(graywolf), routing (qrouter, on the metal layers of osu018's LEF) and extraction (magic's
capacitance of every net on qrouter's RC trees, as SPEF), and OpenSTA times the same netlist twice, under the same liberty and
the same constraints as `synth/synth.sh` (clock `clk_i`, ideal; zero I/O delay; BUFX2 drivers;
0.01 pF loads): without wires (*unrouted*) and with the extracted wires (*routed*).
*ratio* = routed fmax / unrouted fmax. The last two timing columns use qrouter's own wire
capacitance (no coupling) instead of magic's.

EOF
  printf '%s\n' "$list" | awk -v res="$results" '
    function get(f, k,   l, a) {
      while ((getline l < f) > 0) { split(l, a, " "); if (a[1] == k) { close(f); sub(/^[^ ]+ /, "", l); return l } }
      close(f); return ""
    }
    { name[++n] = $1; st[n] = $2; top[n] = $3; p = $0; sub(/^[^ ]+ +[^ ]+ +[^ ]+ +/, "", p); par[n] = p }
    END {
      print "| unit | point (parameters) | cells synth / routed | core area (um2) | density | utilization | wire length (mm) | wire C qrouter / magic (pF) | nets qrouter failed to route | unrouted path (ns) | unrouted fmax (MHz) | routed path (ns) | routed fmax (MHz) | ratio | routed fmax, qrouter C (MHz) | ratio, qrouter C | run time (s) |"
      print "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
      for (i = 1; i <= n; i++) {
        f = res "/route_" name[i] ".route.txt"
        pt = "`" name[i] "` (" par[i] ")"
        if (st[i] == "missing") { miss = miss "\n- `" name[i] "` (" top[i] ", " par[i] "): **not run** (no result)"; continue }
        if (get(f, "status") != "ok") {
          printf "| %s | %s | routing **failed** at `%s` after %s s | | %s | | | | | | | | | | | | |\n", top[i], pt, get(f, "failed_step"), get(f, "time_total_s"), get(f, "density_target")
          nf++; continue
        }
        r = get(f, "fmax_ratio") + 0
        fr = get(f, "failed_routes"); if (fr == "") fr = "not recorded"; else if (fr + 0 > 0) nfr++
        printf "| %s | %s | %s / %s | %s | %s | %s | %.1f | %s / %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", top[i], pt,
          get(f, "synth_cells"), get(f, "routed_cells"), get(f, "core_area_um2"), get(f, "density_target"), get(f, "utilization"),
          get(f, "wirelength_um") / 1000, get(f, "wire_cap_rc_pf"), get(f, "wire_cap_magic_pf"), fr,
          get(f, "crit_path_unrouted_ns"), get(f, "fmax_unrouted_mhz"),
          get(f, "crit_path_routed_ns"), get(f, "fmax_routed_mhz"), get(f, "fmax_ratio"),
          get(f, "fmax_routed_rc_mhz"), get(f, "fmax_ratio_rc"), get(f, "time_total_s")
        ok++; rs[ok] = r; if (ok == 1 || r < lo) { lo = r; lon = top[i] } if (ok == 1 || r > hi) { hi = r; hin = top[i] }
        paths = paths sprintf("\n- %s: %s ns here, %s ns in the synth.sh run", top[i], get(f, "crit_path_unrouted_ns"), get(f, "synth_crit_path_ns"))
        t += get(f, "time_total_s")
        et += get(f, "rc_error_taps"); eu += get(f, "rc_error_taps_unresolved")
        if (st[i] != "up-to-date") stale = stale " " name[i] " (" st[i] ")"
      }
      print ""
      if (ok > 0) {
        for (i = 1; i <= ok; i++) for (j = i + 1; j <= ok; j++) if (rs[j] < rs[i]) { x = rs[i]; rs[i] = rs[j]; rs[j] = x }
        med = (ok % 2) ? rs[(ok + 1) / 2] : (rs[ok / 2] + rs[ok / 2 + 1]) / 2
        printf "**Summary.** %d unit(s) routed; the routed fmax is %.3f to %.3f of the unrouted one (median %.3f; lowest %s, highest %s): the wires cost %.0f %% to %.0f %% of the clock frequency at these sizes. %d unit(s) failed to route. Run time of the routed points: %d s in all.\n", ok, lo, hi, med, lon, hin, (1 - hi) * 100, (1 - lo) * 100, nf, t
      }
      if (ok > 0) printf "\n**Routing legality.** Nets qrouter could not route, by its final count (`Final: No failed routes!` or `Final: Failed net routes: N` in the route log; the result\047s `failed_routes`): %s. A point that qrouter leaves with unrouted nets gets no routed result: route.sh does not read qrouter 1.4.71\047s failure line as a count, so it records the point as failed at `route` (the table then says so); the count itself is in the route log only. No second tool checks the design rules: route.sh runs magic for extraction only (`drc off`), so there is no magic DRC count; the wires follow qrouter\047s own reading of the LEF\047s widths, spacings and vias.\n", (nfr > 0 ? "above zero for " nfr " of the " ok " routed point(s) (column above)" : "0 for all " ok " routed point(s)")
      if (ok > 0) printf "\nqrouter wrote ERROR for %d sink tap(s) in the RC trees of these points; %d of them named from the routed DEF, %d left unnamed (area-method.md section 8.6).\n", et, et - eu, eu
      if (miss != "") printf "\nPoints without a result:%s\n", miss
      if (miss != "") printf "\n**Points above without a result** have not been routed yet: routing one tiny cache controller (5 000 to 13 000 cells) takes 15 to 60 minutes of one core, so they are routed a few at a time (`make route` runs the missing ones). At the initial density of 0.6 the rdu and the first two L1 controllers tried (rdu_m256_n2_c32, hlrc_l1_tiny on 2026-12-03, tc_l1_tiny before) left qrouter with one to three nets it did not finish within route.sh\047s 1800 s; the L1 controllers and the rdu are therefore placed at 0.4 (synth/points/route.sh). Until 2026-12-01 none of them could be: `synth/rc2spef.awk` renamed a bus bit `a[3]` to blif2Verilog\047s `a_3_` but left a sub-module net `u_sig.bits_q[4]` as `u_sig.bits_q_4_` where qflow\047s netlist has `u_sig_bits_q_4_`, so OpenSTA found no such net and route.sh stopped at STA. It now renames both (area-method.md section 8.6); the fix changed rc2spef.awk, so every point was routed again.\n"
      if (stale != "") printf "\n**Stale or edited results:**%s\n", stale
      if (paths != "") printf "\nCross-check: the unrouted critical path of qflow\047s netlist against synth.sh\047s own STA of its netlist:%s\n", paths
    }'
  cat <<'EOF'

Columns: *cells synth / routed*: standard cells in `synth/synth.sh`'s netlist and in the netlist
qflow placed (the difference is the BUFX2 Yosys's `write_blif -buf` puts where an output port
is driven straight by another net; fill cells are not counted). *Core area*: the placed die
(graywolf at the initial cell density of the *density* column: synth/points/route.sh's
`route_density` for the point, 0.6 otherwise; synth/route_all.sh); *utilization*: standard-cell
area / core area. *Wire length*: the routed signal wires in the DEF, clock included (no clock tree:
qflow routes `clk_i` as an ordinary net). *Run time*: synthesis, placement, routing and both
timing runs, on one core of the 2-core machine that ran them (shared).
EOF
}

if [[ -n $out ]]; then
  tmp=$(mktemp "$out.XXXXXX")
  trap 'rm -f "$tmp"' EXIT # a page that failed half-way leaves nothing behind
  page >"$tmp"
  mv "$tmp" "$out"
else
  page
fi
