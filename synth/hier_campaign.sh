#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/hier_campaign.sh -- synth/hier.sh (`make synth-rdu-avu`) as a campaign: the script of the
# kind synth-hier (`gpucoh campaign plan synth-hier --dir ROOT -- [hier.sh options]`;
# docs/campaigns.md section 14). hier.sh's points are not independent: a top (rdu_top_m<m>_n16,
# avu_top_m<m>) is timed with its sig_store_m<m>'s netlist, so a top's step runs after that
# store's step when both are planned (`  step avu_top_m1024 after sig_store_m1024`): the plan
# then has two stages, and a runner runs the second after the first (jobs-1.txt, jobs-2.txt;
# Slurm: the second array after the first).
#
# Each step runs hier.sh itself, unchanged, on its one point (`--only '^NAME$' --no-report`) with
# its results and builds in $CAMPAIGN_JOB_DIR, seeded with what the serial run would find there:
# the point's committed result (so an up-to-date point is not synthesized again), for a top the
# store's result and netlist (from the store's step when that synthesized it, else from --results
# and $GPUCOH_SYNTH_BUILD/hier as serially) and the top's earlier build (hier.sh reuses a netlist
# made from the same inputs). hier.sh is not edited for the campaign: its text is in every top
# result's fingerprint.
#
# Usage (by gpucoh campaign, as the other script kinds):
#   --campaign-list [options]        a step per selected store and top, in hier.sh's order
#   --campaign-step NAME [options]   that point alone, in $CAMPAIGN_JOB_DIR
#   --campaign-merge JSON DIR...     the steps' folders in plan order: the results copied to
#                                    --results, the steps' lines, the totals and the report as
#                                    hier.sh writes them, the serial run's exit status; a summary
#                                    in JSON
# Options (hier.sh's): --force, --only REGEX, --results DIR, --no-report. Not a campaign's:
# --list, --check. Exit 2 on bad input (nothing written), 1 when a point failed.
# Environment: GPUCOH_HIER_SCRIPT (the script the steps run, default synth/hier.sh; tests give
# a fake one), GPUCOH_SYNTH_BUILD (where the serial run keeps its builds, default build/synth),
# and everything hier.sh reads.
set -euo pipefail

prog=hier_campaign.sh
die() {
  echo "$prog: error: $*" >&2
  exit 2
}
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"
# shellcheck source=tools/campaign_lib.sh
. tools/campaign_lib.sh # camp_args, camp_step_dir, camp_name_ok, camp_finished, camp_atomic
camp_args "$@"
shift "$CAMP_NARGS"
mode=$CAMP_MODE
case ${1:-} in -h | --help) sed -n '4,32p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
[[ $mode != serial ]] || die "a campaign's script (--campaign-list | --campaign-step NAME | --campaign-merge JSON DIR...); the serial run is synth/hier.sh"
hier=${GPUCOH_HIER_SCRIPT:-synth/hier.sh}
[[ -f $hier ]] || die "'$hier' not found (run from a complete gpucoh work tree)"
results=synth/results
force=0
only=""
report=1
while [[ $# -gt 0 ]]; do
  case $1 in
    --force) force=1; shift ;;
    --only) [[ $# -ge 2 ]] || die "--only needs a regular expression"; only=$2; shift 2 ;;
    --only=*) only=${1#--only=}; shift ;;
    --no-report) report=0; shift ;;
    --results) [[ $# -ge 2 && -n $2 ]] || die "--results needs a directory"; results=$2; shift 2 ;;
    --list | --check) die "$1 is not a campaign's (gpucoh campaign plan lists the steps; run hier.sh $1 itself)" ;;
    *) die "unknown argument '$1' (synth/hier.sh --help)" ;;
  esac
done
camp_only_ok "$only"
camp_results_ok "$results"
gbuild=${GPUCOH_SYNTH_BUILD:-build/synth}/hier # the serial run's builds
hopts=()                                       # what every step passes on to hier.sh
((force)) && hopts+=(--force)

# The stores and tops hier.sh has, in its order (its --list, in scratch folders: it makes them).
hier_list() { # RESULTS [REGEX]: hier.sh --list on RESULTS (builds in a scratch folder), or die
  local tmp out rc=0
  tmp=$(mktemp -d)
  out=$(GPUCOH_SYNTH_BUILD=$tmp/b bash "$hier" --list --results "$1" ${2:+--only "$2"} 2>&1) || rc=$?
  rm -rf "$tmp"
  ((rc == 0)) || die "$hier --list failed (exit $rc): $(tail -n 1 <<<"$out")"
  printf '%s\n' "$out"
}
points() { # [REGEX]
  local tmp
  tmp=$(mktemp -d)
  hier_list "$tmp/r" "${1:-}" |
    awk '$1 ~ /^sig_store_m[0-9]+$/ || $1 ~ /^(avu|rdu)_top_m[0-9]+(_n[0-9]+)?$/ { print $1 }'
  rm -rf "$tmp"
}
store_of() { sed -n 's/^\(avu\|rdu\)_top_m\([0-9]*\).*$/sig_store_m\2/p' <<<"$1"; } # "" for a store

# ---- a campaign's list ---------------------------------------------------------------------
if [[ $mode == list ]]; then
  lst=$(points "$only") || exit 2
  mapfile -t pts <<<"$lst"
  [[ -n ${pts[0]:-} ]] || pts=()
  ((${#pts[@]} > 0)) || die "no point of $hier matches --only '$only'"
  for p in "${pts[@]}"; do
    camp_name_ok "$p" || die "bad point name '$p'"
    s=$(store_of "$p")
    if [[ -n $s ]] && printf '%s\n' "${pts[@]}" | grep -qx "$s"; then
      echo "  step $p after $s"
    else
      echo "  step $p"
    fi
  done
  exit 0
fi

# ---- a campaign's step: one point in $CAMPAIGN_JOB_DIR -------------------------------------
# Its folder: results/ (the point's result when it ran), build/hier/ (hier.sh's builds), hier.log,
# point.status (up-to-date | ok | failed), hier.opts (for the merge), stdout (the point's lines)
# and step.name, written last.
seed_store() { # TOP STORE: the store's result and netlist where hier.sh looks for them
  local store=$2 res=$results/$2.area.txt net=$gbuild/$2 d
  rm -f "$CAMP_OUT/store.done"
  while IFS= read -r d; do
    [[ -n $d && -f $d/step.name && $(<"$d/step.name") == "$store" ]] || continue
    head -n 1 "$d/done" >"$CAMP_OUT/store.done" # which run of the store's step this one used
    [[ $(<"$d/point.status") == ok ]] && res=$d/results/$store.area.txt net=$d/build/hier/$store
  done <<<"${CAMPAIGN_AFTER:-}"
  [[ ! -f $res ]] || cp "$res" "$CAMP_OUT/results/"
  rm -rf "${CAMP_OUT:?}/build/hier/$store"
  if [[ -f $net/netlist.v ]]; then
    mkdir -p "$CAMP_OUT/build/hier/$store"
    ln -f "$net/netlist.v" "$CAMP_OUT/build/hier/$store/" 2>/dev/null || cp "$net/netlist.v" "$CAMP_OUT/build/hier/$store/"
  fi
}
if [[ $mode == step ]]; then
  camp_step_dir
  name=$CAMP_STEP
  # the plan took the names from hier.sh's list; a name of another shape names no point
  [[ $name =~ ^(sig_store_m[0-9]+|(avu|rdu)_top_m[0-9]+(_n[0-9]+)?)$ ]] || die "no point '$name' ($hier --list)"
  rm -f "$CAMP_OUT/step.name" "$CAMP_OUT/point.status"
  rm -rf "${CAMP_OUT:?}/results"
  mkdir -p "$CAMP_OUT/results" "$CAMP_OUT/build/hier"
  printf 'results %s\nreport %s\nforce %s\n' "$results" "$report" "$force" | camp_atomic "$CAMP_OUT/hier.opts" || exit 1
  [[ ! -f $results/$name.area.txt ]] || cp "$results/$name.area.txt" "$CAMP_OUT/results/"
  s=$(store_of "$name")
  if [[ -n $s ]]; then
    seed_store "$name" "$s"
    [[ -d $CAMP_OUT/build/hier/$name || ! -d $gbuild/$name ]] || cp -r "$gbuild/$name" "$CAMP_OUT/build/hier/"
  fi
  rc=0
  GPUCOH_SYNTH_BUILD=$CAMP_OUT/build bash "$hier" --only "^$name\$" --results "$CAMP_OUT/results" \
    --no-report "${hopts[@]}" >"$CAMP_OUT/hier.log" 2>&1 || rc=$?
  # the point's lines; not hier.sh's last line, which counts the failed points of its run
  grep -v -E '^hier\.sh: error: [0-9]+ point\(s\) failed or were skipped' "$CAMP_OUT/hier.log" || true
  if grep -q -E '^hier\.sh: done ' "$CAMP_OUT/hier.log" && ((rc == 0)); then
    st=ok
  elif ((rc == 0)) && ! grep -q -E '^hier\.sh: (start|FAILED|skip)' "$CAMP_OUT/hier.log"; then
    st=up-to-date
  else
    st=failed
  fi
  echo "$st" >"$CAMP_OUT/point.status"
  echo "$name" >"$CAMP_OUT/step.name"
  [[ $st != failed ]]
  exit
fi

# ---- a campaign's merge: the steps' folders in plan order ----------------------------------
# Everything is checked first (every folder a finished step's, one set of options, a synthesized
# point's result up to date for the work tree as it is now: hier.sh --list on the results with it);
# then the results are copied, the steps' lines printed, and hier.sh, with no point selected,
# writes the totals and the report as the serial run does at its end.
opts="" ran=0 failed=0 nup=0
names=()
for d in "${CAMP_DIRS[@]}"; do
  camp_finished "$d" step.name hier.opts point.status stdout
  o=$(<"$d/hier.opts")
  [[ -z $opts || $o == "$opts" ]] || die "--campaign-merge: $d was run with other options than ${CAMP_DIRS[0]}"
  opts=$o
  name=$(<"$d/step.name")
  camp_name_ok "$name" || die "--campaign-merge: $d: bad point name"
  case $(<"$d/point.status") in
    up-to-date) nup=$((nup + 1)) ;;
    failed) failed=$((failed + 1)) ;;
    ok) camp_finished "$d" "results/$name.area.txt"; ran=$((ran + 1)); names+=("$name") ;;
    *) die "--campaign-merge: $d is not the folder of a finished step" ;;
  esac
done
# a top's step that took its store from the store's step must have taken this run of it (a
# stage-2 job run before its store's was run again would hold a netlist the results do not)
for d in "${CAMP_DIRS[@]}"; do
  [[ -f $d/store.done ]] || continue
  s=$(store_of "$(<"$d/step.name")")
  for e in "${CAMP_DIRS[@]}"; do
    [[ $(<"$e/step.name") == "$s" ]] || continue
    [[ $(head -n 1 "$e/done" 2>/dev/null) == "$(<"$d/store.done")" ]] ||
      die "--campaign-merge: $d ran after another run of $s's step than the one in $e; run jobs-2.txt again"
  done
done
results=$(sed -n 's/^results //p' <<<"$opts")
report=$(sed -n 's/^report //p' <<<"$opts")
[[ -d $results || -d $(dirname "$results") ]] || die "--campaign-merge: the results folder '$results' cannot be made"
if ((ran > 0)); then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/r"
  [[ ! -d $results ]] || find "$results" -maxdepth 1 -name '*.area.txt' -exec cp {} "$tmp/r/" \;
  for d in "${CAMP_DIRS[@]}"; do
    [[ $(<"$d/point.status") == ok ]] && cp "$d/results/$(<"$d/step.name").area.txt" "$tmp/r/"
  done
  re="^($(IFS='|'; echo "${names[*]}"))\$"
  lst=$(hier_list "$tmp/r" "$re") || exit 2
  stale=$(awk -v re="$re" '$1 ~ re && $2 != "up-to-date" { print $1 }' <<<"$lst")
  [[ -z $stale ]] || die "--campaign-merge: $(tr '\n' ' ' <<<"$stale" | sed 's/ $//') synthesized from other inputs than the work tree's now (the RTL, flow, tools, liberty or a GPUCOH_* knob changed); plan into a fresh --dir"
fi
mkdir -p "$results"
for d in "${CAMP_DIRS[@]}"; do
  [[ $(<"$d/point.status") == ok ]] || continue
  name=$(<"$d/step.name")
  camp_atomic "$results/$name.area.txt" <"$d/results/$name.area.txt" ||
    { echo "$prog: error: cannot write $results/$name.area.txt" >&2; exit 1; }
  # its build where the serial run keeps it: the next run's tops time against this store's
  # netlist, and a top's netlist is reused as hier.sh reuses its own
  if [[ -d $d/build/hier/$name ]]; then
    mkdir -p "$gbuild"
    rm -rf "${gbuild:?}/$name"
    cp -r "$d/build/hier/$name" "$gbuild/$name"
  fi
done
{
  printf '{"tool": "synth/hier.sh", "points": %d, "up_to_date": %d, "synthesized": %d, ' \
    "${#CAMP_DIRS[@]}" "$nup" "$ran"
  printf '"failed": %d, "results": "%s", "verdict": "%s"}\n' "$failed" "$results" \
    "$( ((failed == 0)) && echo pass || echo fail)"
} | camp_atomic "$CAMP_JSON" || die "cannot write $CAMP_JSON"
for d in "${CAMP_DIRS[@]}"; do cat "$d/stdout" >&2; done
# the totals and the report: hier.sh with no point selected does only its end
tb=$(mktemp -d)
rc=0
ropt=()
((report)) || ropt=(--no-report)
GPUCOH_SYNTH_BUILD=$tb bash "$hier" --only '^$' --results "$results" "${ropt[@]}" || rc=$?
rm -rf "$tb"
((rc == 0)) || exit 1
if ((failed > 0)); then
  echo "hier.sh: error: $failed point(s) failed or were skipped; see their steps' folders (build/hier/<point>/run.log)" >&2
  exit 1
fi
exit 0
