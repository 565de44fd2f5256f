#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/subblock_hier.sh -- area by sub-block of the hierarchical units rdu and avu
# (docs/area-subblock.md, docs/area-method.md sections 7 and 8.17).
#
# rdu and avu are synthesized in two levels by synth/hier.sh (area-method.md section 7): the top
# with every sig_store as a black box (sig_store_bb, area 0), plus N (rdu: 16, avu: 1) times
# sig_store alone; their committed total synth/results/<name>.area.txt is top + N x sig_store.
# This script splits that total as synth/subblock.sh splits a flat netlist, with the same rules
# (synth/subblock_attr.awk, unchanged) on the top's netlist:
#   - every black-box output pin (member_o, rd_data_o) becomes a zero-area source flop named
#     sigbb_out_q and every input pin a zero-area end-point flop named sigbb_idx_q (idx_i, the
#     hash's k indices) or sigbb_in_q (set, clear, chunk write, read index), so that the top's
#     logic is attributed by what it reads from and feeds into the signatures (the hash is the
#     logic that feeds idx_i only); these stand-in flops are then removed from the counts;
#   - the table's hier_store class (the signature) gets the N sig_store netlists whole (their m
#     flops each, their set / write decoders, membership test and chunk read multiplexer), from
#     the committed sig_store result.
# The sub-blocks sum to the committed total (checked).
#
# Result: synth/results/<name>.subblock.txt in synth/subblock.sh's format (read by
# synth/report_subblock.sh), with family hier, the top and sig_store results it used and an
# inputs_sha256 over the three area results' fingerprints, this script, the awk attribution, the
# unit's table, the SRAM model and the liberty. Points: synth/subblock/points_hier.txt.
#
# Usage: synth/subblock_hier.sh [--list] [--force] [--only REGEX] [--results DIR] [--check] [--no-synth]
#   (the options of synth/subblock.sh), and --only-lenient: an --only REGEX that matches no point
#   here is a note, not an error (make subblock passes SUBBLOCK_ARGS to both scripts).
#   A point whose top netlist is not in the build folder (GPUCOH_SYNTH_BUILD, default
#   build/synth; hier/<top>/netlist.v) is synthesized again with synth/hier.sh into a scratch
#   results folder (sig_store and the top, two to four minutes at m = 1K / 2K); the new top
#   fingerprint must equal the committed one (else: make synth-rdu-avu).
set -euo pipefail

prog=subblock_hier.sh
die() {
  echo "$prog: error: $*" >&2
  exit 2
}
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"

results=synth/results
list=0 force=0 check=0 nosynth=0 lenient=0 only=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --list) list=1; shift ;;
    --force) force=1; shift ;;
    --check) check=1; shift ;;
    --no-synth) nosynth=1; shift ;;
    --only-lenient) lenient=1; shift ;;
    --only) [[ $# -ge 2 ]] || die "--only needs a regular expression"; only=$2; shift 2 ;;
    --results) [[ $# -ge 2 ]] || die "--results needs a directory"; results=$2; shift 2 ;;
    -h | --help) sed -n '4,33p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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
points_file=synth/subblock/points_hier.txt
model=synth/subblock/sram.model
[[ -f $points_file ]] || die "no $points_file"
[[ -f $model ]] || die "no $model"
[[ -f $liberty ]] || die "no liberty '$liberty'"

# ---- helpers (as in synth/subblock.sh) ------------------------------------------------------
clog2() {
  local v=$1 b=0
  while (((1 << b) < v)); do b=$((b + 1)); done
  echo "$b"
}
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

fp_of() { # name unit total top store: the sub-block result's fingerprint
  {
    echo "area $(kv "$3" inputs_sha256)"
    echo "top $(kv "$4" inputs_sha256)"
    echo "store $(kv "$5" inputs_sha256)"
    local pr
    pr=$(kv "synth/subblock/$2.tab" paper_result)
    [[ -z $pr ]] || echo "paper_result $pr $(kv "$results/$pr.area.txt" inputs_sha256)"
    sha256sum synth/subblock_hier.sh synth/subblock_attr.awk "synth/subblock/$2.tab" "$model" | cut -c1-64
    echo "liberty $(sha256sum "$liberty" | cut -c1-64)"
    echo "point $1"
  } | sha256sum | cut -c1-64
}

# resynth STORE TOP: both synthesized again into the build folder; prints the top's new
# inputs_sha256
resynth() {
  local tmp rc=0
  tmp=$(mktemp -d)
  GPUCOH_SYNTH_BUILD=$build bash synth/hier.sh --force --no-report --only "^($1|$2)\$" --results "$tmp" >&2 || rc=$?
  if ((rc != 0)) || [[ ! -f $tmp/$2.area.txt ]]; then rm -rf "$tmp"; die "synthesis of $1 and $2 failed"; fi
  kv "$tmp/$2.area.txt" inputs_sha256
  rm -rf "$tmp"
}

# the liberty the attribution reads: osu018 plus the two zero-area stand-in flops
stand_in_lib() {
  cat "$liberty"
  cat <<'EOL'
/* synth/subblock_hier.sh: stand-ins for sig_store_bb's pins (read by subblock_attr.awk only) */
cell (HIERBB_SRC) {
  area : 0;
  ff (IQ, IQN) { next_state : "1"; clocked_on : "CLK"; }
  pin (Q)
  { direction : output; }
}
cell (HIERBB_SNK) {
  area : 0;
  ff (IQ, IQN) { next_state : "D"; clocked_on : "CLK"; }
  pin (D)
  { direction : input; }
  pin (Q)
  { direction : output; }
}
EOL
}

# ---- the points ----------------------------------------------------------------------------
mapfile -t pts < <(grep -v '^[[:space:]]*#' "$points_file" | grep -v '^[[:space:]]*$')
sel=()
for line in "${pts[@]}"; do
  read -r name top store unit extra <<<"$line"
  [[ -n $unit && -z ${extra:-} ]] || die "$points_file: bad line '$line'"
  [[ -z $only ]] || grep -Eq -- "$only" <<<"$name" || continue
  [[ -f synth/subblock/$unit.tab ]] || die "no table synth/subblock/$unit.tab for $name"
  sel+=("$line")
done
if ((${#sel[@]} == 0)); then
  ((lenient)) || die "no point matches '${only}'"
  echo "$prog: no point of $points_file matches '$only': nothing to do" >&2
  exit 0
fi

stale=0
for line in "${sel[@]}"; do
  read -r name top store unit <<<"$line"
  area=$results/$name.area.txt
  topres=$results/$top.area.txt
  storeres=$results/$store.area.txt
  for f in "$area" "$topres" "$storeres"; do [[ -f $f ]] || die "no area result $f for $name"; done
  tab=synth/subblock/$unit.tab
  res=$results/$name.subblock.txt
  fp=$(fp_of "$name" "$unit" "$area" "$topres" "$storeres")
  status=missing
  [[ -f $res ]] && status=stale
  [[ -f $res && $(kv "$res" inputs_sha256) == "$fp" ]] && status=up-to-date
  m=$(kv "$area" hier_sig_bits)
  cnt=$(kv "$area" hier_sig_stores)
  [[ $m =~ ^[0-9]+$ && $cnt =~ ^[0-9]+$ ]] || die "$area: no hier_sig_bits / hier_sig_stores (not a synth/hier.sh total)"
  nd=$build/hier/$top
  bblib=$build/hier/bb_m$m/bb_pins.lib
  have=no
  [[ -f $nd/netlist.v && -f $bblib && -f $nd/subblock.fp && $(<"$nd/subblock.fp") == "$(kv "$topres" inputs_sha256)" ]] && have=yes
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
    echo "$prog: $name: no netlist of the committed result in $nd: synthesizing $store and $top" >&2
    nfp=$(resynth "$store" "$top")
    [[ $nfp == "$(kv "$topres" inputs_sha256)" ]] ||
      die "$name: the committed $topres is stale (its inputs changed): run make synth-rdu-avu first"
    echo "$nfp" >"$nd/subblock.fp"
  fi
  tmpd=$(mktemp -d)
  trap 'rm -rf "$tmpd"' EXIT
  yosys -q -p "read_liberty -lib $bblib; read_verilog $nd/netlist.v; hierarchy -top $unit; write_blif -conn $tmpd/n.blif" \
    >"$tmpd/yosys.log" 2>&1 || die "$name: yosys could not read $nd/netlist.v ($(tail -n1 "$tmpd/yosys.log"))"
  # every sig_store_bb instance -> stand-in flops on its pins
  awk '
    $1 == ".subckt" && $2 == "sig_store_bb" {
      nbb++
      for (i = 3; i <= NF; i++) {
        eq = index($i, "="); pin = substr($i, 1, eq - 1); net = substr($i, eq + 1)
        p = pin; sub(/\[[0-9]+\]$/, "", p)
        if (p == "clk_i") continue
        if (p == "member_o" || p == "rd_data_o") {
          print ".subckt HIERBB_SRC Q=" net
          print ".conn " net " sigbb_out_q[" (++no) "]"
        } else print ".subckt HIERBB_SNK D=" net " Q=" (p == "idx_i" ? "sigbb_idx_q[" (++ni) "]" : "sigbb_in_q[" (++nn) "]")
      }
      next
    }
    { print }
    END { print nbb > "/dev/stderr" }' "$tmpd/n.blif" >"$tmpd/n2.blif" 2>"$tmpd/nbb"
  [[ $(<"$tmpd/nbb") == "$cnt" ]] || die "$name: $(<"$tmpd/nbb") sig_store_bb instances in $nd/netlist.v, expected $cnt"
  stand_in_lib >"$tmpd/lib"
  awk -f synth/subblock_attr.awk "$tmpd/lib" "$tab" "$tmpd/n2.blif" >"$tmpd/attr0.txt" ||
    die "$name: attribution failed"
  sclass=$(kv "$tab" hier_store)
  [[ -n $sclass ]] || die "$tab: no hier_store line (the class that holds the sig_stores)"
  grep -Eq "^class $sclass " "$tab" || die "$tab: hier_store '$sclass' is not a class"
  # the stand-ins out of the counts, the N sig_stores into the hier_store class
  awk -v sc="$sclass" -v cnt="$cnt" -v sf="$(kv "$storeres" flops)" -v sff="$(kv "$storeres" ff_area_um2)" \
    -v slg="$(kv "$storeres" logic_area_um2)" -v scl="$(kv "$storeres" cells)" '
    FNR == 1 { f++ }
    f == 1 { if ($1 == "reg" && $2 ~ /^sigbb_/) fake[$3] += $4; next }
    $1 == "reg" && $2 ~ /^sigbb_/ { next }
    $1 == "class" {
      fl = $5 - fake[$2]; ff = $7; lg = $9; ce = $13 - fake[$2]
      if ($2 == sc) { fl += cnt * sf; ff += cnt * sff; lg += cnt * slg; ce += cnt * scl; found = 1 }
      printf "class %s %s flops %d ff_um2 %.1f logic_um2 %.1f area_um2 %.1f cells %d\n", $2, $3, fl, ff, lg, ff + lg, ce
      tf += fl; ta += ff; tl += lg; tc += ce
      next
    }
    $1 == "total" {
      printf "total flops %d ff_um2 %.1f logic_um2 %.1f area_um2 %.1f cells %d\n", tf, ta, tl, ta + tl, tc
      next
    }
    { print }
    END {
      if (!found) exit 1
      printf "reg sig_store.bits_q(x%d) %s %d\n", cnt, sc, cnt * sf
    }' "$tmpd/attr0.txt" "$tmpd/attr0.txt" >"$tmpd/attr.txt" || die "$name: combining the sig_stores failed"
  pparams=$(kv "$area" params)
  defaults=$(kv "$tab" defaults)
  paper=$(kv "$tab" paper)
  at=$(merged_params "$defaults" "$pparams")
  pp=$(merged_params "$defaults" "$paper")
  {
    echo "point $name"
    echo "unit $unit"
    echo "family hier"
    echo "params $pparams"
    echo "params_full $at"
    echo "paper_params $pp"
    echo "area_um2 $(kv "$area" area_um2)"
    echo "flops $(kv "$area" flops)"
    echo "hier_top $top $(kv "$topres" area_um2)"
    echo "hier_store $store $cnt $(kv "$storeres" area_um2)"
    pr=$(kv "$tab" paper_result)
    if [[ -n $pr ]]; then
      [[ -f $results/$pr.area.txt ]] || die "$tab: no paper_result $results/$pr.area.txt"
      echo "paper_result $pr $(kv "$results/$pr.area.txt" area_um2)"
    fi
    cat "$tmpd/attr.txt"
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
  awk '$1 == "area_um2" { a = $2 } $1 == "total" { t = $9 } END { d = t - a; if (d < -0.5 || d > 0.5) { print "sub-blocks sum to " t " um2, the hierarchical total has " a; exit 1 } }' "$tmpd/res" >&2 ||
    die "$name: attribution does not sum to the committed total"
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
