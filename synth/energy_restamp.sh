#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/energy_restamp.sh -- carry committed energy results over a change of the C side that
# leaves their stimulus bit-identical (docs/area-method.md section 8.1, "Re-stamping").
#
# synth/energy.sh stamps each result with inputs_sha256, a hash of the source text of everything
# the result depends on. For a cache controller that includes the C system that makes the unit's
# stimulus (tb/sys/gsys.c, tb/sys/traffic.c, tb/proto/<family>/, cmodel/<family>/<unit>.c), so a
# change there that does not change what the unit sees (a checker's state, a model's speed-up)
# makes the result stale, and re-measuring it takes about 850 s of netlist simulation and OpenSTA
# per point. This script re-stamps such a result after showing that re-measuring it would apply
# the same stimulus and count the same operations:
#
#   1. Provenance. A scratch copy of this checkout with REV's version of every file that differs
#      under tb/sys, tb/proto, tb/units and cmodel must make synth/energy.sh call
#      the point up-to-date: the stored numbers were measured with REV's C side and with this
#      checkout's everything else (energy.sh, synthesis flow, RTL, shims, tools, liberty).
#   2. Stimulus. For the idle run and every operation class of the point (its filter of
#      GPUCOH_ENERGY_OPS), `gpucoh cosim UNIT --cycles N --seed 1 --illegal-rate 0 --coverage
#      --wave F.vcd` is run with REV's build and with this checkout's: the VCDs (every port and
#      register of every Verilated instance, every cycle; the $date line dropped) and the printed
#      reports (transition rows, cover points, traffic counts: the operation counts energy.sh
#      divides by; cycles/s and file names masked) must be byte-identical. The netlist run of
#      synth/energy.sh is driven by the same C side with the same seed, so the same inputs reach
#      the same netlist and give the same toggle counts.
#   3. Then the result's inputs_sha256 becomes this checkout's and a line
#      "restamped <old inputs_sha256> rev <REV> stimulus_sha256 <hash of the compared digests>"
#      is appended; synth/energy.sh --list must then call the point up-to-date, or the file is
#      put back and the script fails.
#
# Usage: synth/energy_restamp.sh --from REV [--only REGEX] [--dry-run] [--keep DIR]
#   --from REV   the commit whose C side the stale results were measured with
#   --only RE    only the stale points whose name matches RE (default: every stale point)
#   --dry-run    run the checks, write nothing
#   --keep DIR   work in DIR (must not exist; kept afterwards) instead of a removed temporary one
# Results: $ENERGY_RESULTS (default synth/results), as synth/energy.sh.
# Needs: build/gpucoh of this checkout (make build). The re-stamp is of the checkout as it is
# (uncommitted changes included): commit the changed sources and the re-stamped results together.
# Exit: 0 every selected point re-stamped (or nothing stale), 1 a point failed a check (it stays
# stale: re-measure it with synth/energy.sh --only '^POINT$'), 2 bad usage.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
die() { echo "energy_restamp: $*" >&2; exit 2; }
say() { echo "energy_restamp: $*" >&2; }

usage() { sed -n '/^# Usage:/,/^# Exit:/p' "$0" | sed 's/^# \{0,1\}//'; }
FROM="" ONLY="" DRY=0 KEEP=""
while [ $# -gt 0 ]; do
    case $1 in
    --from=*) FROM=${1#*=} ;;
    --from) [ $# -ge 2 ] || die "--from needs a commit"; FROM=$2; shift ;;
    --only=*) ONLY=${1#*=} ;;
    --only) [ $# -ge 2 ] || die "--only needs a regular expression"; ONLY=$2; shift ;;
    --keep=*) KEEP=${1#*=} ;;
    --keep) [ $# -ge 2 ] || die "--keep needs a directory"; KEEP=$2; shift ;;
    --dry-run) DRY=1 ;;
    -h | --help) usage; exit 0 ;;
    --version) echo "energy_restamp.sh $(cat VERSION)"; exit 0 ;;
    *) die "unknown option '$1' (--from REV, --only REGEX, --dry-run, --keep DIR, --help)" ;;
    esac
    shift
done
[ -n "$FROM" ] || die "--from REV is required (the commit the stale results were measured at)"
REV=$(git rev-parse --verify --quiet "$FROM^{commit}") || die "--from '$FROM' is not a commit"
if [ -n "$ONLY" ]; then
    rc=0; [[ x =~ $ONLY ]] || rc=$?
    [ $rc -le 1 ] || die "--only '$ONLY' is not a regular expression"
fi
[ -z "$KEEP" ] || [ ! -e "$KEEP" ] || die "--keep $KEEP exists (give a new directory)"
RES=${ENERGY_RESULTS:-synth/results}
[ -d "$RES" ] || die "results directory $RES not found (ENERGY_RESULTS)"
RES=$(cd "$RES" && pwd)
export ENERGY_RESULTS=$RES
[ -x build/gpucoh ] || die "build/gpucoh not built (make build)"

# the points energy.sh calls stale, selected
mapfile -t STALE < <(bash synth/energy.sh --list | awk '$2 == "stale" { print $1 }')
SEL=()
for p in "${STALE[@]}"; do
    if [ -z "$ONLY" ] || [[ $p =~ $ONLY ]]; then SEL+=("$p"); fi
done
if [ ${#SEL[@]} = 0 ]; then
    sel=""
    [ -z "$ONLY" ] || sel=" matches \"$ONLY\""
    say "no stale point$sel: nothing to do"
    exit 0
fi
say "${#SEL[@]} stale point(s): ${SEL[*]}"

if [ -n "$KEEP" ]; then
    mkdir "$KEEP"; WORK=$(cd "$KEEP" && pwd)
else
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/energy_restamp.XXXXXX")
fi
cleanup() {
    git worktree remove --force "$WORK/hybrid" 2> /dev/null || true
    git worktree remove --force "$WORK/rev" 2> /dev/null || true
    [ -n "$KEEP" ] || rm -rf "$WORK"
}
trap cleanup EXIT

# ---- 1. the hybrid tree: this checkout (HEAD and its uncommitted changes) with REV's C side ----
CSIDE=(tb/sys tb/proto tb/units cmodel)
git worktree add -q --detach "$WORK/hybrid" HEAD
while IFS=$'\t' read -r st f; do # the uncommitted changes of tracked files
    if [ "$st" = D ]; then rm -f "$WORK/hybrid/$f"; else cp "$f" "$WORK/hybrid/$f"; fi
done < <(git diff --name-status --no-renames HEAD)
while IFS= read -r f; do # untracked files, not ignored
    mkdir -p "$WORK/hybrid/$(dirname "$f")"
    cp "$f" "$WORK/hybrid/$f"
done < <(git ls-files --others --exclude-standard)
while IFS= read -r f; do # the C side: REV's version of each file that differs, none of a new one
    if git cat-file -e "$REV:$f" 2> /dev/null; then
        git show "$REV:$f" > "$WORK/hybrid/$f"
    else
        rm -f "$WORK/hybrid/$f"
    fi
done < <({ git diff --name-only --no-renames "$REV" -- "${CSIDE[@]}"; git ls-files --others --exclude-standard -- "${CSIDE[@]}"; } | sort -u)
ln -s "$ROOT/build" "$WORK/hybrid/build"
declare -A FRESH_AT_REV
while read -r p st _; do FRESH_AT_REV[$p]=$st; done < <(bash "$WORK/hybrid/synth/energy.sh" --list)
failed=0 done_n=0 PROV=()
for p in "${SEL[@]}"; do
    if [ "${FRESH_AT_REV[$p]:-}" = up-to-date ]; then
        PROV+=("$p")
    else
        say "$p: not measured with REV's C side and this checkout's everything else (the hybrid tree calls it ${FRESH_AT_REV[$p]:-unknown}): re-measure it (synth/energy.sh --only '^$p\$')"
        failed=$((failed + 1))
    fi
done
if [ ${#PROV[@]} = 0 ]; then
    echo "energy_restamp: 0 re-stamped, $failed failed, rev $REV"
    exit 1
fi

# ---- 2. REV's build ----
git worktree add -q --detach "$WORK/rev" "$REV"
say "building $REV's gpucoh (log $WORK/rev-build.log)"
make -C "$WORK/rev" -j"$(nproc)" build > "$WORK/rev-build.log" 2>&1 ||
    { tail -5 "$WORK/rev-build.log" >&2; die "REV's build failed (log $WORK/rev-build.log)"; }

# the report of a run with cycles/s and the run's own file names masked
norm_log() { sed -E -e "s|$2|T|g" -e 's/[0-9.]+( [kMG])? cycles\/s/N cycles\/s/g' "$1" | grep -vE '^gpucoh: (building|built|--wave)|^  gpucoh cosim'; }
# a VCD without its $date section
norm_vcd() { awk 'd { if ($1 == "$end") d = 0; next } $1 == "$date" { d = 1; next } { print }' "$1"; }

# run_side TREE SIDE POINT UNIT PARAMS CYCLES CLASS FILTER -> WORK/SIDE/POINT.CLASS.{vcd,log}
run_side() {
    local tree=$1 side=$2 point=$3 unit=$4 params=$5 cycles=$6 cls=$7 filter=$8 pargs=() kv
    for kv in $params; do pargs+=(--param "$kv"); done
    local d="$WORK/run-$side" envs=(GPUCOH_ROOT="$tree")
    mkdir -p "$d/out"
    [ "$filter" = - ] || envs+=(GPUCOH_ENERGY_OPS="$filter")
    env "${envs[@]}" "$tree/build/gpucoh" cosim "$unit" "${pargs[@]}" --cycles "$cycles" --seed 1 \
        --illegal-rate 0 --coverage --wave "$d/$point.$cls.vcd" --out "$d/out" \
        > "$d/$point.$cls.log" 2>&1 || { tail -3 "$d/$point.$cls.log" >&2; return 1; }
    grep -Eq "^PASS ($unit|system [a-z-]+): $cycles cycles" "$d/$point.$cls.log"
}

# same_class POINT DEF CLASS FILTER -> prints the class's digest; 1 when the two sides differ
same_class() {
    local point=$1 unit=$2 params=$3 cycles=$4 cls=$5 filter=$6 a b
    run_side "$ROOT" head "$point" "$unit" "$params" "$cycles" "$cls" "$filter" ||
        { say "$point/$cls: this checkout's run failed ($WORK/run-head/$point.$cls.log)"; return 1; }
    run_side "$WORK/rev" rev "$point" "$unit" "$params" "$cycles" "$cls" "$filter" ||
        { say "$point/$cls: REV's run failed ($WORK/run-rev/$point.$cls.log)"; return 1; }
    a=$(norm_vcd "$WORK/run-head/$point.$cls.vcd" | sha256sum | cut -d' ' -f1)
    b=$(norm_vcd "$WORK/run-rev/$point.$cls.vcd" | sha256sum | cut -d' ' -f1)
    rm -f "$WORK/run-head/$point.$cls.vcd" "$WORK/run-rev/$point.$cls.vcd"
    [ "$a" = "$b" ] || { say "$point/$cls: the waves differ (head $a, rev $b)"; return 1; }
    if ! diff <(norm_log "$WORK/run-head/$point.$cls.log" "$WORK/run-head") \
        <(norm_log "$WORK/run-rev/$point.$cls.log" "$WORK/run-rev") > "$WORK/$point.$cls.diff"; then
        say "$point/$cls: the reports differ ($WORK/$point.$cls.diff)"
        return 1
    fi
    echo "$a $(norm_log "$WORK/run-head/$point.$cls.log" "$WORK/run-head" | sha256sum | cut -d' ' -f1)"
}

# this checkout's inputs_sha256 of a point: synth/energy.sh's own point_inputs, taken from it
# (with the settings it hashes), so that the stamp is the one --list compares
head_inputs() { # UNIT DEF
    (
        eval "$(grep -E '^(LIB|G|CLOCK_NS|VDD|VFLAGS)=' synth/energy.sh)"
        eval "$(sed -n '/^point_inputs() {/,/^}/p; /^gpucoh_shim() /p' synth/energy.sh)"
        point_inputs "$1" "$2"
    )
}

restamp_point() { # POINT DEF
    local point=$1 def=$2 unit params cycles classes res old digests="" c cls filter dg
    IFS='|' read -r _ unit params cycles classes <<< "$def"
    res=$RES/energy_$point.energy.txt
    for c in "none:none" $classes; do
        IFS=: read -r cls filter _ <<< "$c"
        [ "$c" = none:none ] && cls=idle
        say "$point/$cls: $cycles cycles, filter $filter, both builds"
        dg=$(same_class "$point" "$unit" "$params" "$cycles" "$cls" "$filter") || return 1
        digests+="$cls $dg"$'\n'
    done
    old=$(awk '$1 == "inputs_sha256" { print $2 }' "$res")
    local new sd
    new=$(head_inputs "$unit" "$def")
    sd=$(printf '%s' "$digests" | sha256sum | cut -d' ' -f1)
    say "$point: $(printf '%s' "$digests" | wc -l) runs identical (stimulus_sha256 $sd)"
    [ $DRY = 0 ] || return 0
    cp "$res" "$WORK/$point.orig"
    awk -v n="$new" '$1 == "inputs_sha256" { $2 = n } { print }' "$WORK/$point.orig" > "$res.tmp"
    echo "restamped $old rev $REV stimulus_sha256 $sd" >> "$res.tmp"
    mv "$res.tmp" "$res"
    if ! bash synth/energy.sh --list --only "^$point\$" | grep -q ' up-to-date '; then
        cp "$WORK/$point.orig" "$res"
        say "$point: energy.sh does not accept the new stamp (put back): re-measure it"
        return 1
    fi
    say "$point: re-stamped -> $res"
}

for p in "${PROV[@]}"; do
    def=$(grep -E "^${p}[|]" synth/energy_points.txt) || die "$p: not in synth/energy_points.txt"
    if restamp_point "$p" "$def"; then done_n=$((done_n + 1)); else failed=$((failed + 1)); fi
done
dry=""; [ $DRY = 0 ] || dry=" (dry run: nothing written)"
echo "energy_restamp: $done_n re-stamped, $failed failed, rev $REV$dry"
[ $failed = 0 ]
