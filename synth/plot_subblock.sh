#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/plot_subblock.sh -- docs/area-subblock.png: for the TC and GPU caches (tc_l1, tc_l2,
# gpu_l1, gpu_l2), the area of every sub-block (flip-flop view) and the unit's macro-view total
# against the number of sets, log-log: the measured points (synth/results/*.subblock.txt) as
# markers, and each sub-block's scaling law from the unit's first point to the paper configuration
# (docs/area-subblock.md section 4) as a dashed line. Called by synth/report_subblock.sh --plot.
#
# Usage: synth/plot_subblock.sh [--results DIR] PNG
set -euo pipefail
prog=plot_subblock.sh
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=synth/plot_lib.sh
source synth/plot_lib.sh
plot_args "$@"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

panel=0
{
  echo "set terminal pngcairo size 1400,1000 font 'sans,10'"
  echo "set output '$tmp/out.png'"
  echo "set multiplot layout 2,2 title 'Area by sub-block (osu018, flip-flop view; dashed: the scaling law to the paper configuration)'"
  echo "set logscale xy; set grid; set key outside right top font 'sans,8' noenhanced"
  echo "set xlabel 'sets'; set ylabel 'µm²'"
} > "$tmp/plot.gp"
for unit in tc_l1 tc_l2 gpu_l1 gpu_l2; do
  case $unit in *_l1) xp=L1Sets ;; *) xp=L2Sets ;; esac
  files=()
  while read -r name _ _ u; do
    [[ $u == "$unit" && -f $results/$name.subblock.txt ]] && files+=("$results/$name.subblock.txt")
  done < <(grep -v '^[[:space:]]*#' synth/subblock/points.txt | grep -v '^[[:space:]]*$')
  ((${#files[@]} > 0)) || continue
  panel=$((panel + 1))
  # data: one block per sub-block: measured points "x area", then (block + 1) the law "x area"
  awk -v xp="$xp" -v out="$tmp/$unit" '
    function pval(s, k,   n, a, i) { n = split(s, a, " "); for (i = 1; i <= n; i++) if (a[i] ~ ("^" k "=")) return substr(a[i], length(k) + 2) + 0; return 0 }
    FNR == 1 { f++ }
    $1 == "params_full" { $1 = ""; x[f] = pval($0, xp) }
    $1 == "paper_params" { $1 = ""; xpap = pval($0, xp) }
    $1 == "class" { if (!($2 in ci)) { ci[$2] = ++nc; cn[nc] = $2 } a[f, $2] = $11 }
    $1 == "scale" { sp[f, $2] = $3; sq[$2] = $4 }
    END {
      for (k = 1; k <= nc; k++) {
        c = cn[k]
        for (i = 1; i <= f; i++) printf "%g %g\n", x[i], a[i, c] > out
        printf "\n\n" > out
        printf "%g %g\n%g %g\n\n\n", x[1], a[1, c], xpap, (sp[1, c] > 0 ? a[1, c] * sq[c] / sp[1, c] : a[1, c]) > out
        print c > (out ".names")
      }
    }' "${files[@]}"
  echo "set title '$unit' noenhanced" >> "$tmp/plot.gp"
  cmd="plot"
  i=0
  while read -r c; do
    lt=$((i + 1))
    cmd+=" '$tmp/$unit' index $((2 * i)) with linespoints lt $lt pt 7 title '$c', '$tmp/$unit' index $((2 * i + 1)) with lines lt $lt dt 2 notitle,"
    i=$((i + 1))
  done < "$tmp/$unit.names"
  echo "${cmd%,}" >> "$tmp/plot.gp"
done
((panel > 0)) || die "no sub-block results of tc_l1, tc_l2, gpu_l1 or gpu_l2 in $results"
echo "unset multiplot" >> "$tmp/plot.gp"
gnuplot "$tmp/plot.gp" 2> "$tmp/gp.err" || die "gnuplot failed: $(head -n3 "$tmp/gp.err")"
mv -f "$tmp/out.png" "$png"
