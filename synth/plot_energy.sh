#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/plot_energy.sh -- docs/energy.png: the energy of the TC and GPU units against their main
# parameter, from synth/results/energy_*.energy.txt (synth/energy.sh; docs/energy.md). One panel
# a family of units: tc_timer against TsWidth, tc_gwct against NumWf, the TC caches (tc_l1 against
# L1Sets, tc_l2 against L2Mshrs) and the GPU caches (gpu_l1 against SbEntries, gpu_l2 against
# L2Mshrs): pJ per operation of each class and the idle energy per cycle (solid, left axis, log)
# and the cells of the netlist (dashed, right axis). A unit with one point is one marker a series.
# Called by `make energy`; tests/test_energy.sh checks that the page links the image.
#
# Usage: synth/plot_energy.sh [--results DIR] PNG
set -euo pipefail
prog=plot_energy.sh
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=synth/plot_lib.sh
source synth/plot_lib.sh
plot_args "$@"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# panel|title|x label|unit:param(command-line name) ...
PANELS=(
  "timer|tc_timer|TsWidth (bits)|tc_timer:ts_width"
  "gwct|tc_gwct|NumWf (wavefronts)|tc_gwct:wf"
  "tc|TC caches (x 4 L1s, x 2 L2 banks)|L1Sets (tc_l1), L2Mshrs (tc_l2)|tc_l1:l1_sets tc_l2:l2_mshrs"
  "gpu|GPU caches (x 4 L1s, x 2 L2 banks)|SbEntries (gpu_l1), L2Mshrs (gpu_l2)|gpu_l1:sb_entries gpu_l2:l2_mshrs"
)
points=$(grep -v '^[[:space:]]*\(#\|$\)' synth/energy_points.txt | cut -d'|' -f1)
{
  echo "set terminal pngcairo size 1400,1000 font 'sans,10'"
  echo "set output '$tmp/out.png'"
  echo "set multiplot layout 2,2 title 'Energy of the TC and GPU units (osu018, 10 ns, 1.8 V; synth/results/energy_*.energy.txt)'"
  echo "set logscale x 2; set logscale y; set logscale y2; set grid; set key outside right top font 'sans,8' noenhanced"
  echo "set ylabel 'pJ per operation, idle pJ per cycle'; set y2label 'cells (dashed)'; set y2tics; set ytics nomirror"
  echo "set offsets graph 0.1, graph 0.1, 0, 0"
} > "$tmp/plot.gp"
panels=0
for pd in "${PANELS[@]}"; do
  IFS='|' read -r pid title xlabel ups <<< "$pd"
  : > "$tmp/$pid.names"
  for up in $ups; do
    u=${up%%:*} par=${up#*:}
    files=()
    for p in $points; do
      f=$results/energy_$p.energy.txt
      [[ -f $f ]] && [[ $(awk '$1 == "unit" { print $2 }' "$f") == "$u" ]] && files+=("$f")
    done
    ((${#files[@]} > 0)) || continue
    # series: one data block each, "x value" rows sorted by x: every class's pJ/op, the idle
    # energy per cycle, the cells
    awk -v par="$par" -v u="$u" -v out="$tmp/$pid.$u" -v names="$tmp/$pid.$u.names" '
      FNR == 1 { f++ }
      $1 == "params" { for (i = 2; i <= NF; i++) if ($i ~ ("^" par "=")) x[f] = substr($i, length(par) + 2) + 0 }
      $1 == "cells" { c[f] = $2 }
      $1 == "idle_pj_per_cycle" { id[f] = $2 }
      $1 ~ /^class_/ && $2 != "filter=none" { k = $1; sub(/^class_/, "", k); if (!(k in seen)) { seen[k] = 1; cl[++nc] = k } }
      $1 ~ /_pj_per_op$/ { k = $1; sub(/_pj_per_op$/, "", k); e[f, k] = $2 }
      END {
        for (j = 1; j <= f; j++) if (!(j in x)) { print "plot_energy.sh: error: " FILENAME ": no " par " in its params" > "/dev/stderr"; exit 2 }
        n = 0
        for (k = 1; k <= nc; k++) {
          for (j = 1; j <= f; j++) if ((j, cl[k]) in e) printf "%g %s\n", x[j], e[j, cl[k]] > out
          printf "\n\n" > out; printf "%s %s pJ/op|solid|%d\n", u, cl[k], n++ > names
        }
        for (j = 1; j <= f; j++) printf "%g %s\n", x[j], id[j] > out
        printf "\n\n" > out; printf "%s idle pJ/cycle|idle|%d\n", u, n++ > names
        for (j = 1; j <= f; j++) printf "%g %s\n", x[j], c[j] > out
        printf "\n\n" > out; printf "%s cells|cells|%d\n", u, n++ > names
      }' "${files[@]}" || exit 2
    sed "s|\$|\|$u|" "$tmp/$pid.$u.names" >> "$tmp/$pid.names"
  done
  [[ -s $tmp/$pid.names ]] || continue
  panels=$((panels + 1))
  echo "set title '$title' noenhanced; set xlabel '$xlabel' noenhanced" >> "$tmp/plot.gp"
  cmd="plot"
  lt=0
  while IFS='|' read -r name kind idx u; do
    lt=$((lt + 1))
    case $kind in
    solid) cmd+=" '$tmp/$pid.$u' index $idx with linespoints lt $lt pt 7 ps 1.3 title '$name'," ;;
    idle) cmd+=" '$tmp/$pid.$u' index $idx with linespoints lt $lt pt 5 ps 1.3 title '$name'," ;;
    cells) cmd+=" '$tmp/$pid.$u' index $idx axes x1y2 with linespoints lt $lt dt 2 pt 6 ps 1.3 title '$name'," ;;
    esac
  done < "$tmp/$pid.names"
  echo "${cmd%,}" >> "$tmp/plot.gp"
done
((panels > 0)) || die "no energy result of a TC or GPU unit in $results"
echo "unset multiplot" >> "$tmp/plot.gp"
gnuplot "$tmp/plot.gp" 2> "$tmp/gp.err" || die "gnuplot failed: $(head -n3 "$tmp/gp.err")"
[[ -s $tmp/out.png ]] || die "gnuplot wrote no image"
mv -f "$tmp/out.png" "$png"
