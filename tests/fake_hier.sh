#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# tests/fake_hier.sh -- a fake synth/hier.sh for the tests of the synth-hier campaign
# (tests/test_hier_campaign.sh, tests/test_slurm.sh; given as GPUCOH_HIER_SCRIPT): two sizes,
# hier.sh's options (--only, --results, --list, --force, --no-report), its lines and result
# files; a top needs its store's result and netlist (build/hier/sig_store_m<m>/netlist.v), as
# the real one does; FAKE_FAIL names a point that fails, FAKE_SLOW one that takes 3 s; results
# are fingerprinted with the contents of the file FAKE_INPUT. Runs no tool, in milliseconds.
set -euo pipefail
results=synth/results only="" list=0 force=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --only) only=$2; shift 2 ;;
    --results) results=$2; shift 2 ;;
    --list) list=1; shift ;;
    --force) force=1; shift ;;
    --no-report) shift ;;
    *) echo "hier.sh: error: unknown argument '$1'" >&2; exit 1 ;;
  esac
done
build=${GPUCOH_SYNTH_BUILD:-build/synth}/hier
mkdir -p "$results" "$build"
fp() { printf '%s %s\n' "$1" "$(cat "$FAKE_INPUT")" | cksum | cut -d' ' -f1; }
sel() { [[ -z $only || $1 =~ $only ]]; }
status() {
  local r=$results/$1.area.txt
  [[ -f $r ]] || { echo missing; return; }
  [[ $(awk '$1 == "inputs_sha256" { print $2 }' "$r") == "$(fp "$1")" ]] && echo up-to-date || echo stale
}
run() {
  local n=$1 s m
  s=$(status "$n")
  if ((list)); then printf '%-22s %s\n' "$n" "$s"; return 0; fi
  [[ $s == up-to-date && $force == 0 ]] && return 0
  if [[ $n == *_top_* ]]; then
    m=${n#*_top_m} m=${m%%_*}
    [[ -f $results/sig_store_m$m.area.txt && -f $build/sig_store_m$m/netlist.v ]] ||
      { echo "hier.sh: skip   $n: sig_store_m$m has no result and netlist yet" >&2; return 1; }
  fi
  echo "hier.sh: start  $n" >&2
  [[ $n != "${FAKE_SLOW:-}" ]] || sleep 3
  [[ $n != "${FAKE_FAIL:-}" ]] || { echo "hier.sh: FAILED $n after 0 s: error: fake" >&2; return 1; }
  mkdir -p "$build/$n"
  echo "netlist of $n" > "$build/$n/netlist.v"
  printf 'area_um2 %s\npoint %s\ninputs_sha256 %s\n' "$(fp "$n" | cut -c1-5)" "$n" "$(fp "$n")" > "$results/$n.area.txt"
  echo "hier.sh: done   $n in 0 s: area $(fp "$n" | cut -c1-5) um2" >&2
}
failed=0
for m in 1024 2048; do
  for n in "sig_store_m$m" "avu_top_m$m" "rdu_top_m${m}_n16"; do
    if sel "$n"; then run "$n" || failed=$((failed + 1)); fi
  done
done
((list)) && exit 0
for m in 1024 2048; do # the totals, from both parts
  for t in "avu_top_m$m" "rdu_top_m${m}_n16"; do
    [[ -f $results/$t.area.txt && -f $results/sig_store_m$m.area.txt ]] &&
      cat "$results/$t.area.txt" "$results/sig_store_m$m.area.txt" > "$results/${t/_top/}.area.txt"
  done
done
((failed == 0)) || { echo "hier.sh: error: $failed point(s) failed or were skipped; see $build/<point>/run.log" >&2; exit 1; }
