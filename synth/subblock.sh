#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/subblock.sh -- area by sub-block (docs/area-subblock.md, docs/area-method.md section 8).
#
# For every point of synth/subblock/points.txt (a committed synth/results/<name>.area.txt of
# synth/{tc,gpu,denovo,hlrc,gtsc,sweep}.sh), the flat mapped netlist of that point is split into
# the unit's sub-blocks (data, tag, timestamp, state, MSHR, GWCT, store buffer ... then control
# and shared) by synth/subblock_attr.awk, with the unit's table synth/subblock/<unit>.tab
# (register-name patterns and the scaling expression of every sub-block). The flat netlist is
# the one whose fingerprint the committed area result records: constants are already propagated
# across module boundaries (synth -flatten), so tied-off ports leave no logic behind. The
# sub-blocks sum to the flat total (checked: the result fails otherwise).
#
# Result: synth/results/<name>.subblock.txt (the classes, the registers per class, the SRAM
# macro view with synth/subblock/sram.model, each class's scale at the point and at the paper
# configuration, the area result's fingerprint and inputs_sha256 of everything used).
#
# Usage: synth/subblock.sh [--list] [--force] [--only REGEX] [--results DIR] [--check]
#   --list        print every point and its status (up-to-date | stale | missing; netlist: the
#                 build folder holds the netlist of the committed area result), run nothing
#   --force       redo every selected point even if its result is up to date
#   --only REGEX  only the points whose name matches REGEX
#   --results DIR where the area results are read and the sub-block results written
#                 (default synth/results)
#   --check       exit 1 when a selected point's result is not up to date (runs nothing)
#   --no-synth    skip (with a message) the points whose netlist would have to be synthesized
# A point whose netlist is not in the build folder (GPUCOH_SYNTH_BUILD, default build/synth) is
# synthesized again with its family's script (the same flow and fingerprint; minutes per point);
# the new fingerprint must equal the committed area result's (else that result is stale: run
# make synth-<family> first).
set -euo pipefail

prog=subblock.sh
die() {
  echo "$prog: error: $*" >&2
  exit 2
}
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"

results=synth/results
list=0 force=0 check=0 nosynth=0 only=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --list) list=1; shift ;;
    --force) force=1; shift ;;
    --check) check=1; shift ;;
    --no-synth) nosynth=1; shift ;;
    --only) [[ $# -ge 2 ]] || die "--only needs a regular expression"; only=$2; shift 2 ;;
    --results) [[ $# -ge 2 ]] || die "--results needs a directory"; results=$2; shift 2 ;;
    -h | --help) sed -n '4,30p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
done
[[ -d $results ]] || die "no directory '$results'"
if [[ -n $only ]]; then
  rc=0
  grep -Eq -- "$only" <<<"" 2>/dev/null || rc=$?
  ((rc < 2)) || die "--only: bad regular expression '$only'"
fi
liberty=${GPUCOH_LIBERTY:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
build=${GPUCOH_SYNTH_BUILD:-build/synth}
points_file=synth/subblock/points.txt
model=synth/subblock/sram.model
[[ -f $points_file ]] || die "no $points_file"
[[ -f $model ]] || die "no $model"
[[ -f $liberty ]] || die "no liberty '$liberty'"

# ---- helpers -----------------------------------------------------------------------------
clog2() { # smallest b with 2^b >= $1
  local v=$1 b=0
  while (((1 << b) < v)); do b=$((b + 1)); done
  echo "$b"
}
# scale_eval EXPR PARAMS: the bash arithmetic EXPR with every Name=Value of PARAMS (and lg_Name,
# its clog2) as variables
scale_eval() {
  local expr=$1 kv name val
  (
    for kv in $2; do
      name=${kv%%=*} val=${kv#*=}
      [[ $name =~ ^[A-Za-z][A-Za-z0-9_]*$ && $val =~ ^[0-9]+$ ]] || exit 3
      declare "$name=$val" "lg_$name=$(clog2 "$val")"
    done
    echo $((expr))
  ) 2>/dev/null || die "cannot evaluate '$1' with '$2'"
}
# table_params UNIT POINTPARAMS KIND: the table's "defaults" (KIND defaults) or "paper"
# parameters, overridden by POINTPARAMS (for the point)
merged_params() {
  local base=$1 over=$2 kv out="" name
  declare -A v=()
  local order=()
  for kv in $base $over; do
    name=${kv%%=*}
    [[ -n ${v[$name]+x} ]] || order+=("$name")
    v[$name]=${kv#*=}
  done
  for name in "${order[@]}"; do out+="$name=${v[$name]} "; done
  echo "$out"
}
kv() { awk -v k="$2" '$1 == k { $1 = ""; sub(/^ /, ""); print; exit }' "$1"; }

fp_of() { # name unit arearesult: the sub-block result's fingerprint
  {
    echo "area $(kv "$3" inputs_sha256)"
    local pr
    pr=$(kv "synth/subblock/$2.tab" paper_result)
    [[ -z $pr ]] || echo "paper_result $pr $(kv "$results/$pr.area.txt" inputs_sha256)"
    sha256sum synth/subblock.sh synth/subblock_attr.awk "synth/subblock/$2.tab" "$model" | cut -c1-64
    echo "liberty $(sha256sum "$liberty" | cut -c1-64)"
    echo "point $1"
  } | sha256sum | cut -c1-64
}

# netlist_dir FAMILY POINT: where the family's script leaves the point's netlist
netlist_dir() {
  case $1 in
    sig_bloom) echo "$build/sig_bloom/$2" ;;
    *) echo "$build/$1/$2" ;;
  esac
}

# resynth FAMILY POINT: the point synthesized again into the build folder; prints the new
# inputs_sha256
resynth() {
  local tmp rc=0
  tmp=$(mktemp -d)
  case $1 in
    sig_bloom) GPUCOH_SYNTH_BUILD=$build bash synth/sweep.sh --force --no-report --only "^$2\$" --results "$tmp" >&2 || rc=$? ;;
    tc | gpu | denovo | hlrc | gtsc) GPUCOH_SYNTH_BUILD=$build bash "synth/$1.sh" --force --only "^$2\$" --results "$tmp" >&2 || rc=$? ;;
    *) rm -rf "$tmp"; die "unknown family '$1' in $points_file" ;;
  esac
  local f
  f=$(find "$tmp" -name '*.area.txt' | head -n1)
  if ((rc != 0)) || [[ -z $f ]]; then rm -rf "$tmp"; die "synthesis of $1 $2 failed"; fi
  kv "$f" inputs_sha256
  rm -rf "$tmp"
}

# ---- the points ----------------------------------------------------------------------------
mapfile -t pts < <(grep -v '^[[:space:]]*#' "$points_file" | grep -v '^[[:space:]]*$')
sel=()
for line in "${pts[@]}"; do
  read -r name family point unit <<<"$line"
  [[ -n $unit ]] || die "$points_file: bad line '$line'"
  [[ -z $only ]] || grep -Eq -- "$only" <<<"$name" || continue
  [[ -f synth/subblock/$unit.tab ]] || die "no table synth/subblock/$unit.tab for $name"
  sel+=("$line")
done
((${#sel[@]} > 0)) || die "no point matches '${only}'"

stale=0
for line in "${sel[@]}"; do
  read -r name family point unit <<<"$line"
  area=$results/$name.area.txt
  [[ -f $area ]] || die "no area result $area for $name"
  res=$results/$name.subblock.txt
  fp=$(fp_of "$name" "$unit" "$area")
  status=missing
  [[ -f $res ]] && status=stale
  [[ -f $res && $(kv "$res" inputs_sha256) == "$fp" ]] && status=up-to-date
  nd=$(netlist_dir "$family" "$point")
  have=no
  [[ -f $nd/netlist.v && -f $nd/subblock.fp && $(<"$nd/subblock.fp") == "$(kv "$area" inputs_sha256)" ]] && have=yes
  if ((list)); then
    printf '%-34s %-10s netlist:%s\n' "$name" "$status" "$have"
    continue
  fi
  if ((check)); then
    [[ $status == up-to-date ]] || { echo "$prog: $name: $status" >&2; stale=$((stale + 1)); }
    continue
  fi
  [[ $status == up-to-date && $force == 0 ]] && continue
  if [[ $have == no && $nosynth == 1 ]]; then
    echo "$prog: $name: skipped (no netlist of the committed result in $nd; --no-synth)" >&2
    continue
  fi
  if [[ $have == no ]]; then
    echo "$prog: $name: no netlist of the committed result in $nd: synthesizing $family $point" >&2
    nfp=$(resynth "$family" "$point")
    [[ $nfp == "$(kv "$area" inputs_sha256)" ]] ||
      die "$name: the committed $area is stale (its inputs changed): run make synth-$family first"
    echo "$nfp" >"$nd/subblock.fp"
  fi
  tmpd=$(mktemp -d)
  trap 'rm -rf "$tmpd"' EXIT
  top=$(kv "$area" top)
  yosys -q -p "read_liberty -lib $liberty; read_verilog $nd/netlist.v; hierarchy -top $top; write_blif -conn $tmpd/n.blif" \
    >"$tmpd/yosys.log" 2>&1 || die "$name: yosys could not read $nd/netlist.v ($(tail -n1 "$tmpd/yosys.log"))"
  awk -f synth/subblock_attr.awk "$liberty" "synth/subblock/$unit.tab" "$tmpd/n.blif" >"$tmpd/attr.txt" ||
    die "$name: attribution failed"
  tab=synth/subblock/$unit.tab
  pparams=$(kv "$area" params)
  defaults=$(kv "$tab" defaults)
  paper=$(kv "$tab" paper)
  at=$(merged_params "$defaults" "$pparams")
  pp=$(merged_params "$defaults" "$paper")
  {
    echo "point $name"
    echo "unit $unit"
    echo "family $family"
    echo "params $pparams"
    echo "params_full $at"
    echo "paper_params $pp"
    echo "area_um2 $(kv "$area" area_um2)"
    echo "flops $(kv "$area" flops)"
    pr=$(kv "$tab" paper_result)
    if [[ -n $pr ]]; then
      [[ -f $results/$pr.area.txt ]] || die "$tab: no paper_result $results/$pr.area.txt"
      echo "paper_result $pr $(kv "$results/$pr.area.txt" area_um2)"
    fi
    cat "$tmpd/attr.txt"
    # every class's scale (the quantity its area is proportional to) here and at paper size
    awk '$1 == "class" || $1 == "scale" { print $2, ($1 == "class" ? $5 : $3) }' "$tab" | while read -r c e; do
      echo "scale $c $(scale_eval "$e" "$at") $(scale_eval "$e" "$pp")"
    done
    awk '$1 == "banks" { print $2, $3 }' "$tab" | while read -r c e; do
      echo "banks $c $(scale_eval "$e" "$at") $(scale_eval "$e" "$pp")"
    done
    cat "$model"
    echo "area_inputs_sha256 $(kv "$area" inputs_sha256)"
    echo "inputs_sha256 $fp"
  } >"$tmpd/res"
  # the classes must sum to the flat total
  awk '$1 == "area_um2" { a = $2 } $1 == "total" { t = $9 } END { d = t - a; if (d < -0.5 || d > 0.5) { print "sub-blocks sum to " t " um2, the flat netlist has " a; exit 1 } }' "$tmpd/res" >&2 ||
    die "$name: attribution does not sum to the flat total"
  mv -f "$tmpd/res" "$res.tmp.$$"
  mv -f "$res.tmp.$$" "$res"
  rm -rf "$tmpd"
  trap - EXIT
  echo "$prog: done $name: $(awk '$1 == "class" { printf "%s %.0f  ", $2, $11 }' "$res")" >&2
done
if ((check && stale > 0)); then
  echo "$prog: $stale sub-block result(s) not up to date (make subblock)" >&2
  exit 1
fi
exit 0
