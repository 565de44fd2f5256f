#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/route.sh -- placed-and-routed timing of one small parameter set per unit (issue 30 item 4;
# docs/area-method.md section 8, docs/timing-routed.md).
#
# Every point: synth/synth.sh (the project's flow, unchanged) maps the unit; its netlist goes to
# qflow 1.3.17 (osu018) as the synthesized netlist: graywolf places it, qrouter routes it and
# writes the routed wires as RC trees, synth/rc2spef.awk turns those into SPEF, and OpenSTA times
# the netlist twice under the same liberty and constraints as synth.sh (ideal clock clk_i, zero
# I/O delay, BUFX2 drivers, 0.01 pF loads): without wires, and with the SPEF. The result,
# synth/results/route_<point>.route.txt, has the routed core area, utilization, wire length,
# both critical paths and fmax, their ratio, the run time and an inputs_sha256 over everything
# that determines it (RTL, flow scripts, qflow's tech files, tool versions, parameters).
#
# Usage: synth/route.sh [--list] [--only REGEX] [--force] [--results DIR] [--keep DIR]
#   --list        the points and their status (up-to-date | stale | missing | failed), nothing run
#   --only REGEX  only the points whose name matches REGEX
#   --force       run a point even if its result is up to date
#   --results DIR where results go (default synth/results; must exist)
#   --keep DIR    keep each point's work directory in DIR/<point> (must exist; default: removed)
#   --adopt DIR   take DIR (the work directory of an earlier run of the one point --only selects,
#                 with syn/ and a routed q/) as that point's routed layout, if synth.sh makes the
#                 same netlist now; then extraction and STA as usual
# Environment: GPUCOH_ROUTE_DENSITY (initial cell density for graywolf, default 0.6),
# GPUCOH_ROUTE_TIMEOUT (seconds per qflow step, default 1800), GPUCOH_ROUTE_BUILD (where the
# routed layouts are kept for reuse, default build/route).
set -euo pipefail

prog=route.sh
die() {
  echo "$prog: error: $*" >&2
  exit 2
}
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"

results=synth/results
only=""
force=0
list=0
keep=""
adopt=""
build=${GPUCOH_ROUTE_BUILD:-build/route}
while [[ $# -gt 0 ]]; do
  case $1 in
    --list) list=1; shift ;;
    --force) force=1; shift ;;
    --only) [[ $# -ge 2 ]] || die "--only needs a regular expression"; only=$2; shift 2 ;;
    --results) [[ $# -ge 2 && -n $2 ]] || die "--results needs a directory"; results=$2; shift 2 ;;
    --keep) [[ $# -ge 2 && -n $2 ]] || die "--keep needs a directory"; keep=$2; shift 2 ;;
    --adopt) [[ $# -ge 2 && -n $2 ]] || die "--adopt needs a directory"; adopt=$2; shift 2 ;;
    -h | --help) sed -n '4,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
done
[[ -d $results ]] || die "results directory '$results' does not exist"
[[ -z $keep || -d $keep ]] || die "--keep directory '$keep' does not exist"
if [[ -n $only ]]; then
  rc=0
  grep -qE -- "$only" <<<"" 2>/dev/null || rc=$?
  ((rc <= 1)) || die "--only '$only' is not a valid regular expression"
fi
DENSITY=${GPUCOH_ROUTE_DENSITY:-0.6}
[[ $DENSITY =~ ^0\.[0-9]+$ ]] || die "GPUCOH_ROUTE_DENSITY='$DENSITY' (expected a fraction like 0.6)"
TIMEOUT=${GPUCOH_ROUTE_TIMEOUT:-1800}
[[ $TIMEOUT =~ ^[0-9]+$ ]] || die "GPUCOH_ROUTE_TIMEOUT='$TIMEOUT' is not a number of seconds"

TECH=/usr/share/qflow/tech/osu018
LIBERTY=$TECH/osu018_stdcells.lib

# ---- the points (synth/points/route.sh) ----------------------------------------------------
# shellcheck source=synth/points/route.sh
. synth/points/route.sh

# ---- fingerprint -------------------------------------------------------------------------
tool_versions() {
  dpkg-query -W -f '${Package} ${Version}\n' qflow qflow-tech-osu018 graywolf qrouter opensta yosys magic 2>/dev/null || true
}
tools_fp=""
fp_point() { # files params -> sha256 over the RTL, the flow, qflow's tech and scripts, tools
  local files=$1 params=$2
  [[ -n $tools_fp ]] || tools_fp=$(tool_versions | sha256sum | cut -c1-64)
  # shellcheck disable=SC2086 # word splitting of the file list is intended
  {
    echo "route-fp-v1 density=$DENSITY params=$params tools=$tools_fp"
    sha256sum synth/route.sh synth/rc2spef.awk synth/synth.sh synth/techmap_wide_shift.v \
      rtl/gpucoh_pkg.sv rtl/include/* $files "$TECH"/osu018_stdcells.lib "$TECH"/osu018_stdcells.lef \
      "$TECH"/osu018.par "$TECH"/osu018.sh /usr/lib/qflow/scripts/placement.sh \
      /usr/lib/qflow/scripts/router.sh /usr/lib/qflow/scripts/synthesize.sh 2>&1 | sed "s|  $repo_root/|  |"
  } | sha256sum | cut -c1-64
}
body_sha() { grep -v '^body_sha256 ' "$1" | sha256sum | cut -c1-64; } # a result's own checksum

status_of() { # result-file fp -> status
  local f=$1 fp=$2
  [[ -f $f ]] || { echo missing; return; }
  [[ $(awk '$1 == "body_sha256" {print $2}' "$f") == "$(body_sha "$f")" ]] || { echo tampered; return; }
  [[ $(awk '$1 == "inputs_sha256" {print $2}' "$f") == "$fp" ]] || { echo stale; return; }
  echo up-to-date
}

selected=()
for p in "${points[@]}"; do
  name=${p%%|*}
  [[ -z $only ]] || grep -qE -- "$only" <<<"$name" || continue
  selected+=("$p")
done
((${#selected[@]} > 0)) || die "no point matches --only '$only'"

if ((list)); then
  for p in "${selected[@]}"; do
    IFS='|' read -r name top files params <<<"$p"
    f=$results/route_$name.route.txt
    printf '%-24s %-10s %-10s %s\n' "$name" "$(status_of "$f" "$(fp_point "$files" "$params")")" "$top" "$params"
  done
  exit 0
fi

for t in qflow sta yosys magic awk dpkg-query timeout; do command -v "$t" >/dev/null || die "'$t' not found (tools/deps.sh installs it)"; done
[[ -r $LIBERTY ]] || die "liberty '$LIBERTY' missing (qflow-tech-osu018)"
[[ -w $results ]] || die "results directory '$results' is not writable"

# ---- one point -----------------------------------------------------------------------------
sta_script() { # netlist top spef(or "") -> OpenSTA script on stdout (synth.sh's constraints)
  cat <<EOF
proc gpucoh_sta {} {
  if {[catch {read_liberty {$LIBERTY}} m]} { puts "GPUCOH_ERROR read_liberty: \$m"; return }
  if {[catch {read_verilog {$1}} m]} { puts "GPUCOH_ERROR read_verilog: \$m"; return }
  if {[catch {link_design {$2}} m] || !\$m} { puts "GPUCOH_ERROR link_design failed"; return }
  create_clock -name clk -period 10 [get_ports clk_i]
  set ins [delete_from_list [all_inputs] [get_ports clk_i]]
  set_input_delay 0 -clock clk \$ins
  set_output_delay 0 -clock clk [all_outputs]
  set_driving_cell -lib_cell BUFX2 \$ins
  set_load 0.01 [all_outputs]
  if {"$3" ne ""} {
    if {[catch {read_spef {$3}} m]} { puts "GPUCOH_ERROR read_spef: \$m"; return }
  }
  report_checks -path_delay max -digits 3 -fields {capacitance slew}
  if {[catch {sta::worst_slack -max} ws]} { puts "GPUCOH_ERROR worst_slack: \$ws"; return }
  puts "GPUCOH_WORST_SLACK \$ws"
}
gpucoh_sta
exit
EOF
}
sta_run() { # dir tag netlist top spef -> crit path ns on stdout; log in dir/sta_tag.log
  local d=$1 tag=$2 ws
  sta_script "$3" "$4" "$5" >"$d/sta_$tag.tcl"
  sta "$d/sta_$tag.tcl" >"$d/sta_$tag.log" 2>&1 || true
  grep -q GPUCOH_ERROR "$d/sta_$tag.log" && return 1
  # an unknown net or pin in the SPEF is a warning in OpenSTA: treat it as a failure
  [[ -z $5 ]] || ! grep -qiE '(warning|error).*\.spef' "$d/sta_$tag.log" || return 1
  ws=$(awk '$1 == "GPUCOH_WORST_SLACK" {print $2}' "$d/sta_$tag.log")
  [[ -n $ws ]] || return 1
  awk -v w="$ws" 'BEGIN{printf "%.3f\n", 10 - w}'
}
cell_area() { # netlist -> "cells area fills": liberty areas of the instances, FILL cells apart
  awk -v lib="$LIBERTY" '
    BEGIN { while ((getline l < lib) > 0) {
        if (l ~ /^[ \t]*cell[ \t]*\(/) { c = l; sub(/.*cell[ \t]*\([ \t]*"?/, "", c); sub(/"?[ \t]*\).*/, "", c) }
        if (l ~ /^[ \t]*area[ \t]*:/) { a = l; sub(/.*:[ \t]*/, "", a); sub(/[ \t]*;.*/, "", a); area[c] = a + 0 } } }
    $1 == "FILL" && $2 ~ /^FILL/ { fills++; next }
    $1 in area && $2 ~ /^[A-Za-z_]/ { n++; s += area[$1] }
    END { printf "%d %.1f %d\n", n, s, fills }' "$1"
}
def_stats() { # routed DEF -> "die_w_um die_h_um wire_um vias"
  awk '
    $1 == "UNITS" && $2 == "DISTANCE" { u = $4 }
    $1 == "DIEAREA" { w = ($7 - $3) / u; h = ($8 - $4) / u }
    $1 == "NETS" { innets = 1 } $1 == "END" && $2 == "NETS" { innets = 0 }
    innets && ($1 == "+" || $1 == "NEW") {
      px = ""; for (i = 1; i <= NF; i++) if ($i == "(") {
        x = $(i + 1); y = $(i + 2); if (x == "*") x = px; if (y == "*") y = py
        if (px != "") len += (x > px ? x - px : px - x) + (y > py ? y - py : py - y)
        px = x; py = y; i += 3
      } else if ($i ~ /^M[0-9]+_M[0-9]+$/ || $i ~ /^via/) vias++
    }
    END { printf "%.1f %.1f %.0f %d\n", w, h, len / u, vias }' "$1"
}

fail_result() { # out name top params fp stage t0 message: a result that records the failure
  local tmpres=$results/.route_$2.tmp.$$
  {
    echo "point $2"
    echo "top $3"
    echo "params $4"
    echo "inputs_sha256 $5"
    echo "density_target $DENSITY"
    echo "status failed"
    echo "failed_step $6"
    echo "time_total_s $(($(date +%s) - $7))"
    echo "tools $(tool_versions | awk '{printf("%s%s=%s", (NR > 1 ? "," : ""), $1, $2)}')"
  } >"$tmpres"
  echo "body_sha256 $(body_sha "$tmpres")" >>"$tmpres"
  mv "$tmpres" "$1"
  echo "$prog: $2: $8" >&2
  return 1
}

# The placed and routed layout of a point is kept in $build/<point>/ (syn/ and q/, as route.sh
# made them) with layout_fp: a hash of what determines the layout (the inputs of fp_point but
# route.sh and rc2spef.awk; "route-layout-v1" changes by hand with route.sh's qflow steps). A run
# whose layout_fp matches redoes only the extraction and STA (as hier.sh redoes only STA).
layout_fp() { # files params -> sha256
  local files=$1 params=$2
  [[ -n $tools_fp ]] || tools_fp=$(tool_versions | sha256sum | cut -c1-64)
  # shellcheck disable=SC2086 # word splitting of the file list is intended
  {
    echo "route-layout-v1 density=$DENSITY params=$params tools=$tools_fp"
    sha256sum synth/synth.sh synth/techmap_wide_shift.v \
      rtl/gpucoh_pkg.sv rtl/include/* $files "$TECH"/osu018_stdcells.lib "$TECH"/osu018_stdcells.lef \
      "$TECH"/osu018.par "$TECH"/osu018.sh /usr/lib/qflow/scripts/placement.sh \
      /usr/lib/qflow/scripts/router.sh /usr/lib/qflow/scripts/synthesize.sh 2>&1 | sed "s|  $repo_root/|  |"
  } | sha256sum | cut -c1-64
}
save_layout() { # workdir cachedir layout_fp "t_synth t_synthesize t_place t_route"
  local tmpc=$2.tmp.$$
  rm -rf "$tmpc"
  mkdir -p "$tmpc"
  cp -a "$1/syn" "$1/q" "$tmpc/"
  echo "$4" >"$tmpc/times"
  echo "$3" >"$tmpc/layout_fp"
  rm -rf "$2"
  mv "$tmpc" "$2"
}
kill_leftovers() { # dir: qflow's tools run in their own process groups, and `timeout` stops
  # qflow alone; end what still runs in dir (qrouter, graywolf, magic), by process id
  local p c
  for p in /proc/[0-9]*; do
    c=$(readlink "$p/cwd" 2>/dev/null) || continue
    [[ $c == "$1" || $c == "$1"/* ]] && kill "${p#/proc/}" 2>/dev/null
  done
  return 0
}

run_point() { # name top files params
  local name=$1 top=$2 files=$3 params=$4 fp w t0 t1 t2 t3 t4 d out
  fp=$(fp_point "$files" "$params")
  out=$results/route_$name.route.txt
  if ((!force)) && [[ $(status_of "$out" "$fp") == up-to-date ]]; then
    echo "$prog: $name up to date"
    return 0
  fi
  w=$(mktemp -d "${TMPDIR:-/tmp}/gpucoh-route.XXXXXX")
  d=$w/q
  t0=$(date +%s)
  local cache=$build/$name lfp reused=0 step rc
  lfp=$(layout_fp "$files" "$params")
  if ((!force)) && [[ -f $cache/layout_fp && $(cat "$cache/layout_fp") == "$lfp" && -f $cache/q/layout/$top.rc ]]; then
    # the placed and routed layout of the same netlist and qflow inputs: only extraction and STA
    echo "$prog: $name: reusing the routed layout in $cache"
    cp -a "$cache/syn" "$cache/q" "$w/"
    # the cached step times, as if the steps had just run (the total then counts them)
    read -r t0 t1 t2 t3 t4 <<<"$(awk -v n="$t0" '{b = n - $1 - $2 - $3 - $4; print b, b + $1, b + $1 + $2, b + $1 + $2 + $3, n}' "$cache/times")"
    reused=1
  else
    echo "$prog: $name: synth.sh $top ($params)"
    # shellcheck disable=SC2086 # the file list and parameters split on spaces
    if ! nice bash synth/synth.sh "$w/syn" "$top" 1 $files -- $params >"$w/synth.log" 2>&1; then
      fail_result "$out" "$name" "$top" "$params" "$fp" synth "$t0" "synthesis failed (see $w/synth.log)"; return 1
    fi
    t1=$(date +%s)
    mkdir -p "$d/source" "$d/synthesis" "$d/layout" "$d/log"
    cp "$w/syn/netlist.v" "$d/source/$top.v"
    cat >"$d/source/$top.ys" <<EOF
read_liberty -lib $LIBERTY
read_verilog $top.v
hierarchy -top $top
write_blif -buf BUFX2 A Y ${top}_mapped.blif
EOF
    cat >"$d/project_vars.sh" <<EOF
set yosys_options = "-s $top.ys"
set nofanout = 1
set initial_density = $DENSITY
EOF
    for step in synthesize place route; do
      rc=0
      (cd "$d" && nice timeout "$TIMEOUT" qflow -T osu018 "$step" "$top") >"$d/log/q_$step.out" 2>&1 || rc=$?
      if ((rc != 0)) || grep -q "error condition" "$d/log/q_$step.out"; then
        kill_leftovers "$d"
        local why=$step; ((rc == 124)) && why="$step (timeout ${TIMEOUT} s)"
        fail_result "$out" "$name" "$top" "$params" "$fp" "$why" "$t0" "qflow $step failed (status $rc; see $d/log/q_$step.out)"; return 1
      fi
      [[ $step == synthesize ]] && t2=$(date +%s)
      [[ $step == place ]] && t3=$(date +%s)
    done
    t4=$(date +%s)
    if grep -q 'Final: No failed routes' "$d/log/q_route.out" && [[ -f $d/layout/$top.rc ]]; then
      save_layout "$w" "$cache" "$lfp" "$((t1 - t0)) $((t2 - t1)) $((t3 - t2)) $((t4 - t3))"
    fi
  fi
  local failed_routes
  failed_routes=$(grep -oE 'Final: [0-9]+ failed routes|Final: No failed routes' "$d/log/q_route.out" | tail -1 | awk '{print ($2 == "No") ? 0 : $2}')
  [[ -n $failed_routes && -f $d/layout/$top.rc ]] || { fail_result "$out" "$name" "$top" "$params" "$fp" route "$t0" "routing did not finish (see $d/log/q_route.out)"; return 1; }
  # magic extracts the routed layout (the DEF on the LEF cell abstracts) to capacitances
  cat >"$w/extract.tcl" <<EOT
drc off
snap int
lef read $TECH/osu018_stdcells.lef
def read $top.def
load $top
select top cell
extract all
ext2spice hierarchy off
ext2spice format ngspice
ext2spice scale off
ext2spice cthresh 0
ext2spice rthresh infinite
ext2spice blackbox on
ext2spice -o $w/$top.magic.spice
quit -noprompt
EOT
  rc=0
  (cd "$d/layout" && nice timeout "$TIMEOUT" magic -dnull -noconsole -rcfile "$TECH/osu018.magicrc" "$w/extract.tcl") >"$w/magic.log" 2>&1 || rc=$?
  if ((rc != 0)) || [[ ! -s $w/$top.magic.spice ]]; then
    fail_result "$out" "$name" "$top" "$params" "$fp" extract "$t0" "magic extraction failed (status $rc; see $w/magic.log)"
    return 1
  fi
  local t4x
  t4x=$(date +%s)
  if ! awk -v design="$top" -v def="$d/layout/$top.def" -f synth/rc2spef.awk "$d/layout/$top.rc" >"$w/$top.rc.spef" ||
    ! awk -v design="$top" -v def="$d/layout/$top.def" -v capfile="$w/$top.magic.spice" -v summary="$w/magic.sum" -f synth/rc2spef.awk \
      "$d/layout/$top.rc" >"$w/$top.spef"; then
    echo "$prog: $name: rc2spef failed" >&2
    return 1
  fi
  local net=$d/synthesis/$top.rtlnopwr.v cu cr crc
  cu=$(sta_run "$w" unrouted "$net" "$top" "") || { echo "$prog: $name: STA (no wires) failed, see $w/sta_unrouted.log" >&2; return 1; }
  crc=$(sta_run "$w" routed_rc "$net" "$top" "$w/$top.rc.spef") || { echo "$prog: $name: STA (qrouter RC) failed, see $w/sta_routed_rc.log" >&2; return 1; }
  cr=$(sta_run "$w" routed "$net" "$top" "$w/$top.spef") || { echo "$prog: $name: STA (SPEF) failed, see $w/sta_routed.log" >&2; return 1; }
  local t5 ca ds syn_cells syn_fmax syn_cp
  t5=$(date +%s)
  read -r -a ca <<<"$(cell_area "$net")"
  read -r -a ds <<<"$(def_stats "$d/layout/$top.def")"
  syn_cells=$(awk '$1 == "cells" {print $2}' "$w/syn/area.txt")
  syn_cp=$(awk '$1 == "crit_path_ns" {print $2}' "$w/syn/area.txt")
  syn_fmax=$(awk '$1 == "fmax_mhz" {print $2}' "$w/syn/area.txt")
  local ends
  ends=$(awk '/^Startpoint:/ {s = $2} /^Endpoint:/ {e = $2} END {print s " -> " e}' "$w/sta_routed.log")
  local tmpres=$results/.route_$name.tmp.$$
  {
    echo "point $name"
    echo "top $top"
    echo "params $params"
    echo "inputs_sha256 $fp"
    echo "density_target $DENSITY"
    echo "status ok"
    echo "synth_cells $syn_cells"
    echo "synth_crit_path_ns $syn_cp"
    echo "synth_fmax_mhz $syn_fmax"
    echo "routed_cells ${ca[0]}"
    echo "added_buffers $((ca[0] - syn_cells))"
    echo "fill_cells ${ca[2]}"
    echo "cell_area_um2 ${ca[1]}"
    echo "core_w_um ${ds[0]}"
    echo "core_h_um ${ds[1]}"
    awk -v w="${ds[0]}" -v h="${ds[1]}" -v a="${ca[1]}" 'BEGIN{printf "core_area_um2 %.0f\nutilization %.3f\n", w * h, a / (w * h)}'
    echo "wirelength_um ${ds[2]}"
    echo "vias ${ds[3]}"
    echo "failed_routes $failed_routes"
    echo "crit_path_unrouted_ns $cu"
    echo "crit_path_routed_ns $cr"
    awk -v u="$cu" -v r="$cr" 'BEGIN{printf "fmax_unrouted_mhz %.1f\nfmax_routed_mhz %.1f\nfmax_ratio %.3f\n", 1000 / u, 1000 / r, u / r}'
    echo "crit_path_routed_rc_ns $crc"
    awk -v u="$cu" -v r="$crc" 'BEGIN{printf "fmax_routed_rc_mhz %.1f\nfmax_ratio_rc %.3f\n", 1000 / r, u / r}'
    awk '$1 != "nets" {print}' "$w/magic.sum"
    echo "spef_nets $(awk '$1 == "nets" {print $2}' "$w/magic.sum")"
    echo "routed_path $ends"
    echo "layout_reused $reused"
    echo "time_synth_s $((t1 - t0))"
    echo "time_place_s $((t3 - t2))"
    echo "time_route_s $((t4 - t3))"
    echo "time_extract_s $((t4x - t4))"
    echo "time_total_s $((t5 - t0))"
    echo "tools $(tool_versions | awk '{printf("%s%s=%s", (NR > 1 ? "," : ""), $1, $2)}')"
  } >"$tmpres"
  echo "body_sha256 $(body_sha "$tmpres")" >>"$tmpres"
  mv "$tmpres" "$out"
  if [[ -n $keep ]]; then rm -rf "${keep:?}/$name"; mv "$w" "$keep/$name"; else rm -rf "$w"; fi
  echo "$prog: $name: fmax $(awk '$1 == "fmax_unrouted_mhz" {print $2}' "$out") -> $(awk '$1 == "fmax_routed_mhz" {print $2}' "$out") MHz routed, $((t5 - t0)) s -> $out"
}

if [[ -n $adopt ]]; then
  ((${#selected[@]} == 1)) || die "--adopt needs --only to select exactly one point (${#selected[@]} selected)"
  IFS='|' read -r name top files params <<<"${selected[0]}"
  [[ -f $adopt/syn/netlist.v && -f $adopt/q/layout/$top.rc && -f $adopt/q/log/q_route.out ]] ||
    die "--adopt '$adopt' is not a routed work directory of $name (no syn/netlist.v, q/layout/$top.rc)"
  grep -q 'Final: No failed routes' "$adopt/q/log/q_route.out" || die "--adopt '$adopt': its routing did not finish"
  chk=$(mktemp -d "${TMPDIR:-/tmp}/gpucoh-route.XXXXXX")
  # shellcheck disable=SC2086 # the file list and parameters split on spaces
  nice bash synth/synth.sh "$chk/syn" "$top" 1 $files -- $params >"$chk/synth.log" 2>&1 ||
    { echo "$prog: error: synth.sh failed (see $chk/synth.log)" >&2; exit 1; }
  cmp -s "$chk/syn/netlist.v" "$adopt/syn/netlist.v" ||
    { echo "$prog: error: --adopt '$adopt': its netlist is not what synth.sh makes now" >&2; exit 1; }
  rm -rf "$chk"
  # the step times from the files' modification times (the synthesis time from the directory's birth)
  times=$(stat -c '%W %Y' "$adopt" "$adopt/syn/area.txt" "$adopt/q/log/q_synthesize.out" \
    "$adopt/q/log/q_place.out" "$adopt/q/log/q_route.out" | awk '
      NR == 1 { b = $1 } NR == 2 { s = $2 } NR > 2 { t[NR] = $2 }
      END { printf "%d %d %d %d\n", (b > 0 ? s - b : 0), t[3] - s, t[4] - t[3], t[5] - t[4] }')
  mkdir -p "$build"
  save_layout "$adopt" "$build/$name" "$(layout_fp "$files" "$params")" "$times"
  echo "$prog: $name: adopted the routed layout of $adopt (netlist identical; step times $times s)"
fi

nfail=0
for p in "${selected[@]}"; do
  IFS='|' read -r name top files params <<<"$p"
  run_point "$name" "$top" "$files" "$params" || nfail=$((nfail + 1))
done
((nfail == 0)) || { echo "$prog: $nfail point(s) failed" >&2; exit 1; }
