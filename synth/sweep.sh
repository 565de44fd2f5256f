#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/sweep.sh -- the sig_bloom area / timing sweep behind `make synth`.
#
# 15 points: m = 1K, 2K, 4K, 8K, 16K signature bits for three organisations,
#   k = 6 true (the thesis's default), k = 4 parallel, k = 8 parallel,
# all with H3 hashing, G = 128 B, AW = 32, C = 64 and Threshold = m/8.
# Each point runs synth/synth.sh in build/synth/sig_bloom/<point>/ (up to -j points at a time,
# largest first) and its area.txt is copied, with a fingerprint of its inputs, to
# synth/results/sig_bloom_<point>.area.txt, the committed baseline. A point whose committed
# result has the same input fingerprint (RTL, package, includes, flow script, liberty, tool
# versions, parameters, GPUCOH_* knobs) is not synthesized again unless --force is given.
# At the end synth/report.sh regenerates docs/area.md and docs/area.png from synth/results/.
#
# Usage: synth/sweep.sh [-j N] [--force] [--only REGEX] [--list] [--no-report] [--results DIR]
#   -j N          points run in parallel (default 2; one point needs up to ~2-5 GiB of RAM)
#   --force       synthesize every selected point even if its result is up to date
#   --only REGEX  only the points whose name matches REGEX (e.g. 'k6_true' or 'm1024_')
#   --list        print the point names and their status, run nothing
#   --no-report   do not regenerate docs/area.md and docs/area.png
#   --results DIR where the per-point results go (default synth/results, the committed baseline;
#                 its parent must exist)
# As a campaign (gpucoh campaign plan synth --dir ROOT -- [options but -j and --list];
# docs/campaigns.md, "The synth kind"): --campaign-list [options] (a step per selected point),
# --campaign-step NAME [options] (that point alone, synthesized in $CAMPAIGN_JOB_DIR unless its
# result is up to date), --campaign-merge JSON DIR... (the results copied to --results, the
# serial run's lines, the report, the serial exit status; a summary in JSON).
# Exit 2 on bad input (nothing written), 1 when a point or the report failed, 130 interrupted.
# Environment: GPUCOH_SYNTH_BUILD (default build/synth), GPUCOH_SYNTH_FLOW (the flow script,
# default synth/synth.sh; hashed into the fingerprint: tests give a fake one) and everything
# synth/synth.sh reads.
set -euo pipefail

prog=sweep.sh
die() { # bad input or environment, before any work: exit 2
  echo "$prog: error: $*" >&2
  exit 2
}
fail() { # a point or the report failed: exit 1
  echo "$prog: error: $*" >&2
  exit 1
}

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"
# shellcheck source=tools/campaign_lib.sh
. tools/campaign_lib.sh # camp_args, camp_step_dir, camp_name_ok, camp_finished, camp_atomic
camp_args "$@"
shift "$CAMP_NARGS"
mode=$CAMP_MODE

jobs_max=2
jgiven=0
results=synth/results
force=0
only=""
list=0
report=1
while [[ $# -gt 0 ]]; do
  case $1 in
    -j) [[ $# -ge 2 ]] || die "-j needs a number"; jobs_max=$2; jgiven=1; shift 2 ;;
    -j*) jobs_max=${1#-j}; jgiven=1; shift ;;
    --force) force=1; shift ;;
    --only) [[ $# -ge 2 ]] || die "--only needs a regular expression"; only=$2; shift 2 ;;
    --list) list=1; shift ;;
    --no-report) report=0; shift ;;
    --results) [[ $# -ge 2 ]] || die "--results needs a directory"; results=$2; shift 2 ;;
    -h | --help) sed -n '4,32p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
done
[[ $jobs_max =~ ^[1-9][0-9]*$ ]] || die "-j '$jobs_max' is not a positive integer"
if [[ $mode == list || $mode == step ]]; then
  # a campaign's runner decides how many points run at once; the plan lists, it does not print
  ((!jgiven)) || die "-j is the runner's in a campaign (parallel --jobs N)"
  ((!list)) || die "--list is not a campaign's (gpucoh campaign plan lists the steps)"
fi
camp_only_ok "$only"
[[ -n $results ]] || die "--results needs a directory"
camp_results_ok "$results"

build=${GPUCOH_SYNTH_BUILD:-build/synth}/sig_bloom
flow=${GPUCOH_SYNTH_FLOW:-synth/synth.sh}
for f in "$flow" rtl/sig/sig_bloom.sv; do
  [[ -f $f ]] || die "'$f' not found (run from a complete gpucoh work tree)"
done
command -v sha256sum >/dev/null 2>&1 || die "sha256sum not found (coreutils)"
YOSYS=${YOSYS:-yosys}
STA=${STA:-sta}
command -v "$YOSYS" >/dev/null 2>&1 || die "Yosys not found ('$YOSYS'); install the Debian package 'yosys'"
command -v "$STA" >/dev/null 2>&1 || die "OpenSTA not found ('$STA'); install the Debian package 'opensta'"

# ---- the points, largest first (longest-processing-time-first keeps both jobs busy) ---------
log2() { local v=$1 n=0; while ((v > 1)); do v=$((v / 2)); n=$((n + 1)); done; echo "$n"; }
points=()
for m in 16384 8192 4096 2048 1024; do
  for cfg in "6 0 true" "8 1 parallel" "4 1 parallel"; do
    read -r k par org <<<"$cfg"
    name="m${m}_k${k}_${org}"
    [[ -z $only || $name =~ $only ]] || continue
    points+=("$name $m $k $par $org")
  done
done
[[ ${#points[@]} -gt 0 ]] || die "no point matches --only '$only'"

point_params() { # m k par -> parameter list
  echo "SigBits=$1 NumHashes=$2 Parallel=$3 HashKind=0 GranBytes=128 AddrWidth=32 ChunkWidth=64 Threshold=$(($1 / 8))"
}
point_storage() { # m k par -> storage spec: m signature bits + CW counter bits; SRAM holds m
  local cw=$(($(log2 "$1") + 1))
  if (($3)); then
    echo "$(($1 + cw)),sram=$1,banks=$2,ports=1"
  else
    echo "$(($1 + cw)),sram=$1,banks=1,ports=$2"
  fi
}

# Fingerprint of everything a result depends on (contents, not paths or dates).
# shellcheck source=tools/paths.sh
. tools/paths.sh # gpucoh_fp_name: a file's name in a fingerprint (folder moves keep results)
lib=${GPUCOH_LIBERTY:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
common_fp=$(
  {
    echo "sweep-fp-v1"
    for f in "$flow" synth/techmap_wide_shift.v rtl/gpucoh_pkg.sv rtl/sig/sig_bloom.sv rtl/include/*; do
      [[ -f $f ]] && { echo "file $(gpucoh_fp_name "$f")"; sha256sum <"$f"; }
    done
    echo "liberty"
    sha256sum <"$lib" 2>/dev/null || echo missing
    "$YOSYS" -V 2>/dev/null || true
    "$STA" -version 2>/dev/null || true
    env | grep -E '^GPUCOH_(LIBERTY|CLOCK_NS|ABC|ABC_DELAY_PS|ABC_BUFFER|DRIVE_CELL|LOAD_PF|SYNTH_OPTS|WIDE_SHIFT_MAP|PKG|IO_IN_FRAC|IO_OUT_FRAC|SRAM_[A-Z0-9_]+)=' | LC_ALL=C sort || true
  } | sha256sum | cut -d' ' -f1
)
point_fp() { printf '%s\n%s\n%s\n' "$common_fp" "$2" "$3" | sha256sum | cut -d' ' -f1; }
committed_fp() { awk '$1 == "inputs_sha256" { print $2 }' "$1" 2>/dev/null || true; }

# The status of point p ("name m k par org") against the results in $results: sets status
# (up-to-date, stale or missing), name, fp, params, storage and res.
point_status() {
  local m k par org
  read -r name m k par org <<<"$1"
  params=$(point_params "$m" "$k" "$par")
  storage=$(point_storage "$m" "$k" "$par")
  fp=$(point_fp "$name" "$params" "$storage")
  res=$results/sig_bloom_$name.area.txt
  status=stale
  [[ -f $res ]] || status=missing
  [[ -f $res && $(committed_fp "$res") == "$fp" ]] && status=up-to-date
  return 0
}

# ---- a campaign's list: a step per selected point (docs/campaigns.md, "The synth kind") -----
if [[ $mode == list ]]; then
  for p in "${points[@]}"; do echo "  step ${p%% *}"; done
  exit 0
fi

# ---- plan ----------------------------------------------------------------------------------
todo=()
if [[ $mode == serial ]]; then
  for p in "${points[@]}"; do
    point_status "$p"
    if ((list)); then
      printf '%-22s %-10s %s | %s\n' "$name" "$status" "$storage" "$params"
      continue
    fi
    if [[ $status != up-to-date || $force == 1 ]]; then
      todo+=("$p")
    fi
  done
  ((list)) && exit 0
fi

# ---- run -----------------------------------------------------------------------------------
# A point's lines go to fd 3: stderr in the serial run, the step's stdout in a campaign (kept in
# its folder; the merge prints them to stderr in plan order). The result goes to $resdir.
resdir=$results
exec 3>&2
run_point() { # name m k par org
  local name=$1 m=$2 k=$3 par=$4 dir=$build/$1 params storage fp t0 t1 res
  params=$(point_params "$m" "$k" "$par")
  storage=$(point_storage "$m" "$k" "$par")
  fp=$(point_fp "$name" "$params" "$storage")
  res=$resdir/sig_bloom_$name.area.txt
  mkdir -p "$dir"
  echo running >"$dir/status"
  t0=$(date +%s)
  # shellcheck disable=SC2086 # the parameter list is split on purpose
  if ! "$flow" "$dir" sig_bloom "$storage" rtl/sig/sig_bloom.sv -- $params >"$dir/run.log" 2>&1; then
    echo "$prog: FAILED $name after $(($(date +%s) - t0)) s: $(grep -m1 'error:' "$dir/run.log" || tail -n1 "$dir/run.log")" >&3
    echo failed >"$dir/status"
    return 1
  fi
  t1=$(date +%s)
  { cat "$dir/area.txt"; echo "point $name"; echo "inputs_sha256 $fp"; } | camp_atomic "$res" || {
    echo "$prog: FAILED $name: cannot write $res" >&3
    echo failed >"$dir/status"
    return 1
  }
  echo ok >"$dir/status"
  echo "$prog: done   $name in $((t1 - t0)) s: $(awk '$1=="area_um2"{a=$2} $1=="crit_path_ns"{c=$2} END{printf "area %s um2, critical path %s ns", a, c}' "$res")" >&3
}

pids=()
on_signal() {
  echo "$prog: interrupted; stopping the running points" >&2
  for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  exit 130
}
trap on_signal INT TERM

# ---- a campaign's step: one point in $CAMPAIGN_JOB_DIR -------------------------------------
# Its folder: the point's synthesis folder (<point>/: run.log, the flow's files), its result
# (sig_bloom_<point>.area.txt) when it ran, point.status (up-to-date | ok | failed),
# point.times (start and end, microseconds; a synthesized point), sweep.opts (the results
# folder and the report flag, for the merge), stdout (its line, kept by `campaign job`) and
# step.name, written last.
if [[ $mode == step ]]; then
  camp_step_dir
  camp_name_ok "$CAMP_STEP" || die "no point '$CAMP_STEP'"
  pt=""
  for p in "${points[@]}"; do [[ ${p%% *} == "$CAMP_STEP" ]] && pt=$p; done
  [[ -n $pt ]] || die "no point '$CAMP_STEP' (synth/sweep.sh --list)"
  rm -f "$CAMP_OUT/step.name" "$CAMP_OUT/point.status" "$CAMP_OUT/point.times" "$CAMP_OUT"/sig_bloom_*.area.txt
  printf 'results %s\nreport %s\n' "$results" "$report" | camp_atomic "$CAMP_OUT/sweep.opts" || fail "cannot write $CAMP_OUT/sweep.opts"
  point_status "$pt"
  if [[ $status == up-to-date && $force == 0 ]]; then
    st=up-to-date
  else
    build=$CAMP_OUT resdir=$CAMP_OUT
    exec 3>&1
    t0=${EPOCHREALTIME/./}
    set -m # the point in its own process group, so an interrupt stops Yosys and ABC too
    # shellcheck disable=SC2086 # the point's fields, split on purpose
    run_point $pt &
    pids+=($!)
    if wait "$!"; then st=ok; else st=failed; fi
    set +m
    echo "$t0 ${EPOCHREALTIME/./}" >"$CAMP_OUT/point.times"
  fi
  echo "$st" >"$CAMP_OUT/point.status"
  echo "$CAMP_STEP" >"$CAMP_OUT/step.name"
  [[ $st != failed ]]
  exit
fi

# ---- a campaign's merge: the steps' folders in plan order ----------------------------------
# Everything is checked before anything is written: every folder a finished step's, the same
# options in all, a synthesized point's result made from the work tree's inputs as they are now
# (else a step done before a change to a knob, the tools or the liberty would be merged). Then
# the results are copied to the results folder and the serial run's lines printed: its head
# (K of N points; "at a time": the most steps that ran at once), each synthesized point's start
# and done / FAILED line in plan order, the finishing line (wall time from the first step's
# start to the last one's end), the report, the same exit status.
if [[ $mode == merge ]]; then
  opts="" nsyn=0 nfail=0 nup=0 first=-1 last=0
  syn=() starts=() ends=()
  for d in "${CAMP_DIRS[@]}"; do
    camp_finished "$d" step.name sweep.opts point.status stdout
    o=$(<"$d/sweep.opts")
    [[ -z $opts || $o == "$opts" ]] || die "--campaign-merge: $d was run with other options than ${CAMP_DIRS[0]}"
    opts=$o
    name=$(<"$d/step.name") st=$(<"$d/point.status")
    pt=""
    for p in "${points[@]}"; do [[ ${p%% *} == "$name" ]] && pt=$p; done
    [[ -n $pt ]] || die "--campaign-merge: $d: no point '$name'"
    case $st in
      up-to-date) nup=$((nup + 1)) ;;
      ok | failed)
        camp_finished "$d" point.times
        read -r t0 t1 <"$d/point.times"
        syn+=("$d") starts+=("$t0") ends+=("$t1")
        ((first < 0 || t0 < first)) && first=$t0
        ((t1 > last)) && last=$t1
        if [[ $st == ok ]]; then
          camp_finished "$d" "sig_bloom_$name.area.txt"
          point_status "$pt" # sets fp: the inputs' fingerprint now
          [[ $(committed_fp "$d/sig_bloom_$name.area.txt") == "$fp" ]] ||
            die "--campaign-merge: $d: the point was synthesized from other inputs than the work tree's now (a flow, tool, liberty or GPUCOH_* knob changed); plan into a fresh --dir"
          nsyn=$((nsyn + 1))
        else
          nfail=$((nfail + 1))
        fi ;;
      *) die "--campaign-merge: $d is not the folder of a finished step" ;;
    esac
  done
  results=$(sed -n 's/^results //p' <<<"$opts")
  report=$(sed -n 's/^report //p' <<<"$opts")
  [[ -d $results || -d $(dirname "$results") ]] || die "--campaign-merge: the results folder '$results' cannot be made"
  mkdir -p "$results"
  for d in "${syn[@]}"; do
    name=$(<"$d/step.name")
    [[ $(<"$d/point.status") == ok ]] || continue
    camp_atomic "$results/sig_bloom_$name.area.txt" <"$d/sig_bloom_$name.area.txt" ||
      fail "cannot write $results/sig_bloom_$name.area.txt"
  done
  {
    printf '{"tool": "synth/sweep.sh", "points": %d, "up_to_date": %d, "synthesized": %d, ' \
      "${#CAMP_DIRS[@]}" "$nup" "$nsyn"
    printf '"failed": %d, "results": "%s", "verdict": "%s"}\n' "$nfail" "$results" \
      "$( ((nfail == 0)) && echo pass || echo fail)"
  } | camp_atomic "$CAMP_JSON" || die "cannot write $CAMP_JSON"
  failed=$nfail
  jobsdir=$(dirname "${CAMP_DIRS[0]}")
  if [[ ${#syn[@]} -eq 0 ]]; then
    echo "$prog: all ${#CAMP_DIRS[@]} points up to date (use --force to synthesize again)" >&2
  else
    most=1
    for i in "${!starts[@]}"; do
      n=0
      for j in "${!starts[@]}"; do
        ((starts[j] <= starts[i] && starts[i] < ends[j])) && n=$((n + 1))
      done
      ((n > most)) && most=$n
    done
    echo "$prog: ${#syn[@]} of ${#CAMP_DIRS[@]} points to synthesize, $most at a time; logs in $jobsdir/<job>/<point>/" >&2
    i=0
    for d in "${syn[@]}"; do
      i=$((i + 1))
      echo "$prog: [$i/${#syn[@]}] start $(<"$d/step.name")" >&2
      cat "$d/stdout" >&2
    done
    echo "$prog: synthesis finished in $(((last - first) / 1000000)) s, $failed failed" >&2
  fi
  if ((report)); then
    synth/report.sh --results "$results" || fail "report generation failed"
  fi
  ((failed == 0)) || fail "$failed point(s) failed; see $jobsdir/<job>/<point>/run.log and failed.log"
  exit 0
fi

# ---- the serial run ------------------------------------------------------------------------
mkdir -p "$results" "$build"
failed=0
if [[ ${#todo[@]} -eq 0 ]]; then
  echo "$prog: all ${#points[@]} points up to date (use --force to synthesize again)" >&2
else
  echo "$prog: ${#todo[@]} of ${#points[@]} points to synthesize, $jobs_max at a time; logs in $build/<point>/" >&2
  set -m # each point in its own process group, so an interrupt stops Yosys and ABC too
  i=0
  sweep_t0=$(date +%s)
  for p in "${todo[@]}"; do
    while (($(jobs -rp | wc -l) >= jobs_max)); do
      wait -n || true
    done
    i=$((i + 1))
    read -r name m k par org <<<"$p"
    echo "$prog: [$i/${#todo[@]}] start $name" >&2
    # shellcheck disable=SC2086 # the point's fields, split on purpose
    run_point $p &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  set +m
  # count failures from the per-point status files (robust against already-reaped jobs)
  for p in "${todo[@]}"; do
    read -r name _ <<<"$p"
    [[ $(cat "$build/$name/status" 2>/dev/null) == ok ]] || failed=$((failed + 1))
  done
  echo "$prog: synthesis finished in $(($(date +%s) - sweep_t0)) s, $failed failed" >&2
fi

if ((report)); then
  synth/report.sh --results "$results" || fail "report generation failed"
fi
((failed == 0)) || fail "$failed point(s) failed; see $build/<point>/run.log and failed.log"
