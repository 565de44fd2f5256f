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
# Usage: synth/sweep.sh [-j N] [--force] [--only REGEX] [--list] [--no-report]
#   -j N          points run in parallel (default 2; one point needs up to ~2-5 GiB of RAM)
#   --force       synthesize every selected point even if its result is up to date
#   --only REGEX  only the points whose name matches REGEX (e.g. 'k6_true' or 'm1024_')
#   --list        print the point names and their status, run nothing
#   --no-report   do not regenerate docs/area.md and docs/area.png
#   --results DIR where the per-point results go (default synth/results, the committed baseline)
# Environment: GPUCOH_SYNTH_BUILD (default build/synth) and everything synth/synth.sh reads.
set -euo pipefail

prog=sweep.sh
die() {
  echo "$prog: error: $*" >&2
  exit 1
}

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"

jobs_max=2
results=synth/results
force=0
only=""
list=0
report=1
while [[ $# -gt 0 ]]; do
  case $1 in
    -j) [[ $# -ge 2 ]] || die "-j needs a number"; jobs_max=$2; shift 2 ;;
    -j*) jobs_max=${1#-j}; shift ;;
    --force) force=1; shift ;;
    --only) [[ $# -ge 2 ]] || die "--only needs a regular expression"; only=$2; shift 2 ;;
    --list) list=1; shift ;;
    --no-report) report=0; shift ;;
    --results) [[ $# -ge 2 ]] || die "--results needs a directory"; results=$2; shift 2 ;;
    -h | --help) sed -n '4,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
done
[[ $jobs_max =~ ^[1-9][0-9]*$ ]] || die "-j '$jobs_max' is not a positive integer"

build=${GPUCOH_SYNTH_BUILD:-build/synth}/sig_bloom
mkdir -p "$results" "$build"
for f in synth/synth.sh rtl/sig/sig_bloom.sv; do
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
    for f in synth/synth.sh synth/techmap_wide_shift.v rtl/gpucoh_pkg.sv rtl/sig/sig_bloom.sv rtl/include/*; do
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

# ---- plan ----------------------------------------------------------------------------------
todo=()
for p in "${points[@]}"; do
  read -r name m k par org <<<"$p"
  params=$(point_params "$m" "$k" "$par")
  storage=$(point_storage "$m" "$k" "$par")
  fp=$(point_fp "$name" "$params" "$storage")
  res=$results/sig_bloom_$name.area.txt
  status="stale"
  [[ -f $res ]] || status="missing"
  [[ -f $res && $(committed_fp "$res") == "$fp" ]] && status="up-to-date"
  if ((list)); then
    printf '%-22s %-10s %s | %s\n' "$name" "$status" "$storage" "$params"
    continue
  fi
  if [[ $status != up-to-date || $force == 1 ]]; then
    todo+=("$p")
  fi
done
((list)) && exit 0

# ---- run -----------------------------------------------------------------------------------
run_point() { # name m k par org
  local name=$1 m=$2 k=$3 par=$4 dir=$build/$1 params storage fp t0 t1 res
  params=$(point_params "$m" "$k" "$par")
  storage=$(point_storage "$m" "$k" "$par")
  fp=$(point_fp "$name" "$params" "$storage")
  res=$results/sig_bloom_$name.area.txt
  mkdir -p "$dir"
  echo running >"$dir/status"
  t0=$(date +%s)
  # shellcheck disable=SC2086 # the parameter list is split on purpose
  if ! synth/synth.sh "$dir" sig_bloom "$storage" rtl/sig/sig_bloom.sv -- $params >"$dir/run.log" 2>&1; then
    echo "$prog: FAILED $name after $(($(date +%s) - t0)) s: $(grep -m1 'error:' "$dir/run.log" || tail -n1 "$dir/run.log")" >&2
    echo failed >"$dir/status"
    return 1
  fi
  t1=$(date +%s)
  { cat "$dir/area.txt"; echo "point $name"; echo "inputs_sha256 $fp"; } >"$res.tmp.$$"
  mv -f "$res.tmp.$$" "$res"
  echo ok >"$dir/status"
  echo "$prog: done   $name in $((t1 - t0)) s: $(awk '$1=="area_um2"{a=$2} $1=="crit_path_ns"{c=$2} END{printf "area %s um2, critical path %s ns", a, c}' "$res")" >&2
}

pids=()
on_signal() {
  echo "$prog: interrupted; stopping the running points" >&2
  for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  exit 130
}
trap on_signal INT TERM

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
  synth/report.sh --results "$results" || die "report generation failed"
fi
((failed == 0)) || die "$failed point(s) failed; see $build/<point>/run.log and failed.log"
