#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/ctrl.sh -- the area / timing points of a protocol family's controllers (docs/area-tc.md,
# docs/area-gpu.md). The points, their storage formulas and their RTL files are the family's
# table, synth/points/<family>.sh; this script is the one driver every family shares.
#
# Every point is one run of synth/synth.sh (unchanged flow, docs/area-method.md) on one unit,
# in build/synth/<family>/<point>/, one point at a time (under `nice`). Its area.txt is copied,
# with the point name, the wall time, the critical path's end points and a fingerprint of the
# inputs, to synth/results/<family>_<point>.area.txt. A point whose result has the same
# fingerprint (RTL files of the point without comments, package, includes, flow script,
# wide-shift map, liberty, tool versions, parameters, storage spec, GPUCOH_* knobs) is not
# synthesized again unless --force.
#
# Paper-size controllers are far beyond a flat Yosys run, so they are measured at reduced sizes
# (fewer sets / MSHRs / store-buffer entries, smaller lines) and the family's report separates
# per-line / per-entry storage from fixed logic by a linear fit.
#
# Usage: synth/ctrl.sh FAMILY [--force] [--only REGEX] [--list] [--results DIR]
#                                                        (FAMILY: tc | gpu | denovo | hlrc | gtsc)
#   --force       synthesize every selected point even if its result is up to date
#   --only REGEX  only the points whose name matches REGEX (e.g. '^l1_' or 'gwct')
#   --list        print the points and their status, run nothing
#   --results DIR where the results go (default synth/results, the committed ones; its parent
#                 must exist)
# As a campaign (gpucoh campaign plan synth-FAMILY --dir ROOT -- [options but --list];
# docs/campaigns.md, "The synth kind"): synth/FAMILY.sh --campaign-list [options] (a step per
# selected point), --campaign-step NAME [options] (that point alone in $CAMPAIGN_JOB_DIR unless
# its result is up to date), --campaign-merge JSON DIR... (the results copied, the serial run's
# lines and exit status, a JSON summary).
# synth/tc.sh, synth/gpu.sh, synth/denovo.sh, synth/hlrc.sh and synth/gtsc.sh are this script with
# their family.
# The RTL of all points of one invocation is one copy, taken at the start.
# Environment: GPUCOH_SYNTH_BUILD (default build/synth); GPUCOH_<FAMILY>_RTL (GPUCOH_TC_RTL ..
# GPUCOH_GTSC_RTL), a directory with the family's rtl/ files to synthesize instead of the work
# tree's (e.g. a kept copy of an earlier version); GPUCOH_SYNTH_FLOW (the flow script, default
# synth/synth.sh; hashed into the fingerprint: tests give a fake one); everything synth.sh reads.
# shellcheck disable=SC2154 # points, fp_tag, snap_files, rtl_env: the family's table (sourced)
set -euo pipefail

prog=ctrl.sh
die() {
  echo "$prog: error: $*" >&2
  exit 2
}

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"

usage() { sed -n '4,38p' "$repo_root/synth/ctrl.sh" | sed 's/^# \{0,1\}//'; }
# shellcheck source=tools/campaign_lib.sh
. tools/campaign_lib.sh # camp_args, camp_step_dir, camp_name_ok, camp_finished, camp_atomic
family=""
# the family comes first (synth/<family>.sh passes it), then a campaign option if any
[[ $# -ge 1 && $1 != -* ]] && { family=$1; shift; }
camp_args "$@"
shift "$CAMP_NARGS"
mode=$CAMP_MODE
results=synth/results
force=0
only=""
list=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --force) force=1; shift ;;
    --only) [[ $# -ge 2 ]] || die "--only needs a regular expression"; only=$2; shift 2 ;;
    --only=*) only=${1#--only=}; shift ;;
    --list) list=1; shift ;;
    --results) [[ $# -ge 2 && -n $2 ]] || die "--results needs a directory"; results=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    -*) die "unknown argument '$1' (try --help)" ;;
    *) [[ -z $family ]] || die "one family only ('$family' and '$1')"; family=$1; shift ;;
  esac
done
[[ -n $family ]] || die "no family given (tc | gpu | denovo | hlrc | gtsc; try --help)"
[[ $family =~ ^[a-z0-9]+$ && -f synth/points/$family.sh ]] || die "unknown family '$family' (tc | gpu | denovo | hlrc | gtsc: synth/points/<family>.sh)"
prog="$family.sh"
camp_only_ok "$only"
camp_results_ok "$results"
[[ $mode != list && $mode != step ]] || ((!list)) || die "--list is not a campaign's (gpucoh campaign plan lists the steps)"

build=${GPUCOH_SYNTH_BUILD:-build/synth}/$family
flow=${GPUCOH_SYNTH_FLOW:-synth/synth.sh}
[[ -f $flow ]] || die "'$flow' not found (run from a complete gpucoh work tree)"
command -v sha256sum >/dev/null 2>&1 || die "sha256sum not found (coreutils)"
YOSYS=${YOSYS:-yosys}
STA=${STA:-sta}

clog2() { local v=$1 n=0; while (((1 << n) < v)); do n=$((n + 1)); done; echo "$n"; }

# Parameter value with the unit's default (the paper configuration).
pget() { # params name default
  local kv
  for kv in $1; do [[ ${kv%%=*} == "$2" ]] && { echo "${kv#*=}"; return; }; done
  echo "$3"
}

# The family's table: points=(...) ("name|top|rtl files|parameters"), point_storage TOP PARAMS,
# fp_tag (the fingerprint's first line), snap_files (every RTL file a point may use),
# rtl_env (the variable naming a replacement RTL directory).
# shellcheck source=/dev/null
source "synth/points/$family.sh"

# RTL hashed without comments (as synth/hier.sh): a comment edit does not invalidate a result.
# shellcheck source=tools/paths.sh
. tools/paths.sh # gpucoh_fp_name: a file's name in a fingerprint (folder moves keep results)
strip() { sed -e 's://.*$::' "$1"; }
lib=${GPUCOH_LIBERTY:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
common_fp=$(
  {
    echo "$fp_tag"
    for f in "$flow" synth/techmap_wide_shift.v rtl/gpucoh_pkg.sv rtl/include/*; do
      [[ -f $f ]] && { echo "file $(gpucoh_fp_name "$f")"; sha256sum <"$f"; }
    done
    echo "liberty"
    sha256sum <"$lib" 2>/dev/null || echo missing
    "$YOSYS" -V 2>/dev/null || true
    "$STA" -version 2>/dev/null || true
    env | grep -E '^GPUCOH_(LIBERTY|CLOCK_NS|ABC|ABC_DELAY_PS|ABC_BUFFER|DRIVE_CELL|LOAD_PF|SYNTH_OPTS|WIDE_SHIFT_MAP|PKG|IO_IN_FRAC|IO_OUT_FRAC|SRAM_[A-Z0-9_]+)=' | LC_ALL=C sort || true
  } | sha256sum | cut -d' ' -f1
)
point_fp() { # name top files params storage
  {
    printf '%s\n' "$common_fp" "$1" "$2" "$4" "$5"
    local f
    for f in $3; do echo "file $(gpucoh_fp_name "$f")"; strip "$f" | sha256sum; done
  } | sha256sum | cut -d' ' -f1
}

# Critical path end points: the flops (or ports) at the start and end of the path of sta.txt
# (or of the report named second: sta_io.txt, the path that sets the I/O-budget period).
crit_ends() { # dir [report]
  awk '
    FNR == NR {
      if ($1 ~ /^DFF/ && $2 ~ /^_/) { inst = $2 }
      if (inst != "" && $0 ~ /\.Q\(/) { s = $0; sub(/.*\.Q\(/, "", s); sub(/\).*$/, "", s); q[inst] = s; inst = "" }
      next
    }
    /^Startpoint:/ { sp = $2 }
    /^Endpoint:/ { ep = $2 }
    END {
      a = (sp in q) ? q[sp] : sp; b = (ep in q) ? q[ep] : ep
      gsub(/\\/, "", a); gsub(/\\/, "", b); gsub(/ /, "", a); gsub(/ /, "", b)
      printf "%s -> %s\n", a, b
    }
  ' "$1/netlist.v" "$1/${2:-sta.txt}"
}

# ---- a campaign's list: a step per selected point (docs/campaigns.md, "The synth kind") -----
if [[ $mode == list ]]; then
  for pt in "${points[@]}"; do
    name=${pt%%|*}
    [[ -z $only || $name =~ $only ]] || continue
    camp_name_ok "$name" || die "bad point name '$name'"
    echo "  step $name"
  done
  exit 0
fi

# ---- plan and run --------------------------------------------------------------------------
# A point's lines go to fd 3: stderr in the serial run, the step's stdout in a campaign (kept in
# its folder; the merge prints them to stderr in plan order). Its result goes to $resdir.
resdir=$results
exec 3>&2
if [[ $mode == step ]]; then
  camp_step_dir
  build=$CAMP_OUT resdir=$CAMP_OUT
  exec 3>&1
elif [[ $mode == merge ]]; then # the merge recomputes the fingerprints in a scratch folder
  build=$(mktemp -d)
fi
# The family's RTL is copied once, at the start: every point of one invocation is hashed and
# synthesized from the same copy, so edits made while the points run cannot mix versions.
mkdir -p "$build"
snapall=$build/.snap.$$
rm -rf "$snapall"
mkdir -p "$snapall/rtl"
if [[ $mode == merge ]]; then trap 'rm -rf "$build"' EXIT; else trap 'rm -rf "$snapall"' EXIT; fi
# $rtl_env (a directory holding the family's rtl/ files, laid out as rtl/ is) replaces the work
# tree's copy, e.g. to add a point to a set measured on an earlier version.
rtl_src=${!rtl_env:-.}
for f in $snap_files; do
  [[ $f == rtl/gpucoh_pkg.sv ]] && continue   # read by synth/synth.sh itself
  if [[ -f $rtl_src/$f ]]; then mkdir -p "$(dirname "$snapall/$f")" && cp "$rtl_src/$f" "$snapall/$f"; fi
done

# point_prep POINT: the point's fields (name top files params storage), its folder (dir) and
# RTL copy (snap.tmp), its fingerprint (fp), result (res, in $results) and status
point_prep() {
  IFS='|' read -r name top files params <<<"$1"
  storage=$(point_storage "$top" "$params")
  # The RTL is copied first and the copy is both hashed and synthesized, so an edit made while
  # a point runs cannot mix two versions of a file into one result.
  dir=$build/$name
  snap=$dir/rtl_snapshot
  rm -rf "$snap.tmp"
  mkdir -p "$snap.tmp/rtl"
  local f
  for f in $files; do mkdir -p "$(dirname "$snap.tmp/$f")" && cp "$snapall/$f" "$snap.tmp/$f"; done
  fp=$(cd "$snap.tmp" && point_fp "$name" "$top" "$files" "$params" "$storage")
  res=$results/${family}_$name.area.txt
  status=stale
  [[ -f $res ]] || status=missing
  [[ -f $res && $(awk '$1 == "inputs_sha256" { print $2 }' "$res") == "$fp" ]] && status=up-to-date
  return 0
}

# synth_point: the prepared point synthesized; its lines on fd 3, its result in $resdir; status 1
# when it failed
synth_point() {
  local t0 t1 bad_warn benign_warn f out=$resdir/${family}_$name.area.txt
  rm -rf "$snap"
  mv "$snap.tmp" "$snap"
  local sfiles=""
  for f in $files; do sfiles+=" $snap/$f"; done
  echo "$prog: start $name ($top $params)" >&3
  t0=$(date +%s)
  # shellcheck disable=SC2086 # the file and parameter lists are split on purpose
  if ! nice -n 10 "$flow" "$dir" "$top" "$storage" $sfiles -- $params >"$dir/run.log" 2>&1; then
    echo "$prog: FAILED $name after $(($(date +%s) - t0)) s: $(grep -m1 'error:' "$dir/run.log" || tail -n1 "$dir/run.log")" >&3
    return 1
  fi
  t1=$(date +%s)
  # A Yosys warning (e.g. an implicitly declared identifier in RTL caught mid-edit) makes the
  # result untrustworthy: it is not recorded.
  # "Replacing memory ... with list of registers" (an unpacked array in an always_comb) is the
  # one benign kind; it is counted in yosys_warnings_benign.
  bad_warn=$(grep '^Warning' "$dir/yosys.log" | grep -vc 'with list of registers' || true)
  benign_warn=$(grep '^Warning' "$dir/yosys.log" | grep -c 'with list of registers' || true)
  if ((bad_warn > 0)); then
    echo "$prog: FAILED $name: Yosys warnings: $(grep '^Warning' "$dir/yosys.log" | grep -vm1 'with list of registers')" >&3
    return 1
  fi
  {
    cat "$dir/area.txt"
    echo "crit_path_from $(crit_ends "$dir")"
    [[ -s $dir/sta_io.txt ]] && echo "crit_path_io_from $(crit_ends "$dir" sta_io.txt)"
    echo "wall_seconds $((t1 - t0))"
    echo "yosys_warnings_benign $benign_warn"
    [[ -z ${GPUCOH_SYNTH_OPTS:-} ]] || echo "synth_opts $GPUCOH_SYNTH_OPTS"
    for f in $files; do echo "rtl_sha256 $(gpucoh_fp_name "$f") $(strip "$snap/$f" | sha256sum | cut -c1-16)"; done
    echo "point $name"
    echo "inputs_sha256 $fp"
  } | camp_atomic "$out" || { echo "$prog: FAILED $name: cannot write $out" >&3; return 1; }
  echo "$prog: done  $name in $((t1 - t0)) s: $(awk '$1=="area_um2"{a=$2} $1=="flops"{f=$2} $1=="crit_path_ns"{c=$2} END{printf "area %s um2, %s flops, critical path %s ns", a, f, c}' "$out")" >&3
}

# ---- a campaign's step: one point in $CAMPAIGN_JOB_DIR -------------------------------------
# Its folder: the point's synthesis folder (<point>/), its result when it ran, point.status
# (up-to-date | ok | failed), ctrl.opts (the family and the results folder, for the merge),
# stdout (its start and done / FAILED lines) and step.name, written last.
if [[ $mode == step ]]; then
  camp_name_ok "$CAMP_STEP" || die "no point '$CAMP_STEP'"
  pt=""
  for p in "${points[@]}"; do [[ ${p%%|*} == "$CAMP_STEP" ]] && pt=$p; done
  [[ -n $pt ]] || die "no point '$CAMP_STEP' (synth/$family.sh --list)"
  rm -f "$CAMP_OUT/step.name" "$CAMP_OUT/point.status" "$CAMP_OUT"/*.area.txt
  printf 'family %s\nresults %s\n' "$family" "$results" | camp_atomic "$CAMP_OUT/ctrl.opts" || exit 1
  point_prep "$pt"
  if [[ $status == up-to-date && $force == 0 ]]; then
    rm -rf "$snap.tmp"
    st=up-to-date
  elif synth_point; then
    st=ok
  else
    st=failed
  fi
  echo "$st" >"$CAMP_OUT/point.status"
  echo "$CAMP_STEP" >"$CAMP_OUT/step.name"
  [[ $st != failed ]]
  exit
fi

# ---- a campaign's merge: the steps' folders in plan order ----------------------------------
# Everything is checked first (every folder a finished step's, one family and results folder,
# a synthesized point's result made from the work tree's inputs as they are now); then the
# results are copied, the steps' lines printed in plan order and the serial run's last line.
if [[ $mode == merge ]]; then
  opts="" ran=0 failed=0 nup=0
  for d in "${CAMP_DIRS[@]}"; do
    camp_finished "$d" step.name ctrl.opts point.status stdout
    o=$(<"$d/ctrl.opts")
    [[ -z $opts || $o == "$opts" ]] || die "--campaign-merge: $d was run with other options than ${CAMP_DIRS[0]}"
    opts=$o
    name=$(<"$d/step.name") st=$(<"$d/point.status")
    pt=""
    for p in "${points[@]}"; do [[ ${p%%|*} == "$name" ]] && pt=$p; done
    [[ -n $pt ]] || die "--campaign-merge: $d: no point '$name'"
    case $st in
      up-to-date) nup=$((nup + 1)) ;;
      failed) failed=$((failed + 1)) ;;
      ok)
        camp_finished "$d" "${family}_$name.area.txt"
        point_prep "$pt"
        [[ $(awk '$1 == "inputs_sha256" { print $2 }' "$d/${family}_$name.area.txt") == "$fp" ]] ||
          die "--campaign-merge: $d: the point was synthesized from other inputs than the work tree's now (the RTL, flow, tools, liberty or a GPUCOH_* knob changed); plan into a fresh --dir"
        ran=$((ran + 1)) ;;
      *) die "--campaign-merge: $d is not the folder of a finished step" ;;
    esac
  done
  [[ $(sed -n 's/^family //p' <<<"$opts") == "$family" ]] || die "--campaign-merge: the steps are not of the family $family"
  results=$(sed -n 's/^results //p' <<<"$opts")
  [[ -d $results || -d $(dirname "$results") ]] || die "--campaign-merge: the results folder '$results' cannot be made"
  mkdir -p "$results"
  for d in "${CAMP_DIRS[@]}"; do
    [[ $(<"$d/point.status") == ok ]] || continue
    name=$(<"$d/step.name")
    camp_atomic "$results/${family}_$name.area.txt" <"$d/${family}_$name.area.txt" ||
      { echo "$prog: error: cannot write $results/${family}_$name.area.txt" >&2; exit 1; }
  done
  {
    printf '{"tool": "synth/%s.sh", "points": %d, "up_to_date": %d, "synthesized": %d, ' \
      "$family" "${#CAMP_DIRS[@]}" "$nup" "$ran"
    printf '"failed": %d, "results": "%s", "verdict": "%s"}\n' "$failed" "$results" \
      "$( ((failed == 0)) && echo pass || echo fail)"
  } | camp_atomic "$CAMP_JSON" || die "cannot write $CAMP_JSON"
  for d in "${CAMP_DIRS[@]}"; do cat "$d/stdout" >&2; done
  echo "$prog: $ran point(s) synthesized, $failed failed" >&2
  ((failed == 0)) || exit 1
  exit 0
fi

# ---- the serial run ------------------------------------------------------------------------
mkdir -p "$results"
ran=0
failed=0
for pt in "${points[@]}"; do
  name=${pt%%|*}
  [[ -z $only || $name =~ $only ]] || continue
  point_prep "$pt"
  if ((list)); then
    rm -rf "$snap.tmp"
    printf '%-20s %-10s %-9s %s | %s\n' "$name" "$status" "$top" "$params" "$storage"
    continue
  fi
  if [[ $status == up-to-date && $force == 0 ]]; then
    rm -rf "$snap.tmp"
    continue
  fi
  if synth_point; then ran=$((ran + 1)); else failed=$((failed + 1)); fi
done
((list)) && exit 0
echo "$prog: $ran point(s) synthesized, $failed failed" >&2
((failed == 0)) || exit 1
