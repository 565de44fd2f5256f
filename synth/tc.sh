#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/tc.sh -- the Temporal Coherence area / timing points behind docs/area-tc.md.
#
# Every point is one run of synth/synth.sh (unchanged flow, docs/area-method.md) on one TC unit,
# in build/synth/tc/<point>/, one point at a time (under `nice`). Its area.txt is copied, with
# the point name, the wall time, the critical path's end points and a fingerprint of the inputs,
# to synth/results/tc_<point>.area.txt. A point whose result has the same fingerprint (RTL files
# of the point without comments, package, includes, flow script, wide-shift map, liberty, tool
# versions, parameters, storage spec, GPUCOH_* knobs) is not synthesized again unless --force.
#
# The paper-size tc_l1 / tc_l2 (128 B lines: 256 x 1024 data bits per L1, 1024 x 1024 per bank
# plus 128 MSHRs with 1152 data/mask bits each) are far beyond a flat Yosys run, so the
# controllers are measured at reduced sizes (fewer sets / MSHRs, 16 B or 128 B lines) and
# docs/area-tc.md separates per-line / per-MSHR storage from fixed logic by a linear fit.
#
# Usage: synth/tc.sh [--force] [--only REGEX] [--list]
#   --force       synthesize every selected point even if its result is up to date
#   --only REGEX  only the points whose name matches REGEX (e.g. '^l1_' or 'gwct')
#   --list        print the points and their status, run nothing
# The RTL of all points of one invocation is one copy, taken at the start.
# Environment: GPUCOH_SYNTH_BUILD (default build/synth); GPUCOH_TC_RTL, a directory with
# rtl/tc_*.sv to synthesize instead of the work tree's (e.g. a kept copy of an earlier version);
# everything synth/synth.sh reads.
set -euo pipefail

prog=tc.sh
die() {
  echo "$prog: error: $*" >&2
  exit 1
}

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"

results=synth/results
force=0
only=""
list=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --force) force=1; shift ;;
    --only) [[ $# -ge 2 ]] || die "--only needs a regular expression"; only=$2; shift 2 ;;
    --list) list=1; shift ;;
    -h | --help) sed -n '4,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
done

build=${GPUCOH_SYNTH_BUILD:-build/synth}/tc
mkdir -p "$results" "$build"
command -v sha256sum >/dev/null 2>&1 || die "sha256sum not found (coreutils)"
YOSYS=${YOSYS:-yosys}
STA=${STA:-sta}

clog2() { local v=$1 n=0; while (((1 << n) < v)); do n=$((n + 1)); done; echo "$n"; }

# ---- the points: name | top | rtl files | parameters (paper values unless given) -----------
# PredMax must be <= 2^TsWidth-2: the TsWidth=16 points of tc_l2 set it to 65534 (what
# `gpucoh area tc_l2 --param ts_width=16` does too).
# tc_l1 paper: Protocol=1 NumWf=48 LineBytes=128 AddrWidth=32 L1Sets=64 L1Ways=4 TsWidth=32
# L1Queue=4 WfCntWidth=6 LineCntWidth=4 (the RTL defaults). tc_l2 paper: NumSm=16 NumBanks=8
# LineBytes=128 L2Sets=128 L2Ways=8 L2Mshrs=128 TsWidth=32 (see tc_l2's defaults).
points=(
  "timer_ts32|tc_timer|rtl/tc_timer.sv|TsWidth=32"
  "gwct_wf48|tc_gwct|rtl/tc_gwct.sv|NumWf=48 TsWidth=32 WfCntWidth=6"
  "gwct_wf48_ts16|tc_gwct|rtl/tc_gwct.sv|NumWf=48 TsWidth=16 WfCntWidth=6"
  "l1_s4_b16|tc_l1|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/tc_gwct.sv rtl/tc_l1.sv|L1Sets=4 LineBytes=16"
  "l1_s8_b16|tc_l1|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/tc_gwct.sv rtl/tc_l1.sv|L1Sets=8 LineBytes=16"
  "l1_s16_b16|tc_l1|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/tc_gwct.sv rtl/tc_l1.sv|L1Sets=16 LineBytes=16"
  "l1_s32_b16|tc_l1|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/tc_gwct.sv rtl/tc_l1.sv|L1Sets=32 LineBytes=16"
  "l1_s4_b128|tc_l1|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/tc_gwct.sv rtl/tc_l1.sv|L1Sets=4 LineBytes=128"
  "l1_s8_b128|tc_l1|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/tc_gwct.sv rtl/tc_l1.sv|L1Sets=8 LineBytes=128"
  "l1_s4_b16_ts16|tc_l1|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/tc_gwct.sv rtl/tc_l1.sv|L1Sets=4 LineBytes=16 TsWidth=16"
  "l1_s8_b16_ts16|tc_l1|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/tc_gwct.sv rtl/tc_l1.sv|L1Sets=8 LineBytes=16 TsWidth=16"
)
if [[ -f rtl/tc_l2.sv ]]; then
  points+=(
    "l2_s4_m8_b16|tc_l2|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/gpucoh_amo.sv rtl/gpucoh_ffs.sv rtl/gpucoh_ffs2.sv rtl/tc_l2.sv|L2Sets=4 L2Mshrs=8 LineBytes=16"
    "l2_s8_m8_b16|tc_l2|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/gpucoh_amo.sv rtl/gpucoh_ffs.sv rtl/gpucoh_ffs2.sv rtl/tc_l2.sv|L2Sets=8 L2Mshrs=8 LineBytes=16"
    "l2_s16_m8_b16|tc_l2|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/gpucoh_amo.sv rtl/gpucoh_ffs.sv rtl/gpucoh_ffs2.sv rtl/tc_l2.sv|L2Sets=16 L2Mshrs=8 LineBytes=16"
    "l2_s4_m16_b16|tc_l2|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/gpucoh_amo.sv rtl/gpucoh_ffs.sv rtl/gpucoh_ffs2.sv rtl/tc_l2.sv|L2Sets=4 L2Mshrs=16 LineBytes=16"
    "l2_s4_m32_b16|tc_l2|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/gpucoh_amo.sv rtl/gpucoh_ffs.sv rtl/gpucoh_ffs2.sv rtl/tc_l2.sv|L2Sets=4 L2Mshrs=32 LineBytes=16"
    "l2_s4_m64_b16|tc_l2|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/gpucoh_amo.sv rtl/gpucoh_ffs.sv rtl/gpucoh_ffs2.sv rtl/tc_l2.sv|L2Sets=4 L2Mshrs=64 LineBytes=16"
    "l2_s4_m8_b16_ts16|tc_l2|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/gpucoh_amo.sv rtl/gpucoh_ffs.sv rtl/gpucoh_ffs2.sv rtl/tc_l2.sv|L2Sets=4 L2Mshrs=8 LineBytes=16 TsWidth=16 PredMax=65534"
    "l2_s8_m8_b16_ts16|tc_l2|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/gpucoh_amo.sv rtl/gpucoh_ffs.sv rtl/gpucoh_ffs2.sv rtl/tc_l2.sv|L2Sets=8 L2Mshrs=8 LineBytes=16 TsWidth=16 PredMax=65534"
    "l2_s4_m16_b16_ts16|tc_l2|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/gpucoh_amo.sv rtl/gpucoh_ffs.sv rtl/gpucoh_ffs2.sv rtl/tc_l2.sv|L2Sets=4 L2Mshrs=16 LineBytes=16 TsWidth=16 PredMax=65534"
    "l2_s4_m8_b128|tc_l2|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/gpucoh_amo.sv rtl/gpucoh_ffs.sv rtl/gpucoh_ffs2.sv rtl/tc_l2.sv|L2Sets=4 L2Mshrs=8 LineBytes=128"
    "l2_s8_m8_b128|tc_l2|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/gpucoh_amo.sv rtl/gpucoh_ffs.sv rtl/gpucoh_ffs2.sv rtl/tc_l2.sv|L2Sets=8 L2Mshrs=8 LineBytes=128"
    "l2_s4_m16_b128|tc_l2|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/gpucoh_amo.sv rtl/gpucoh_ffs.sv rtl/gpucoh_ffs2.sv rtl/tc_l2.sv|L2Sets=4 L2Mshrs=16 LineBytes=128"
  )
fi
# The two largest points, last: the L1 at the paper geometry with 16 B lines (direct check of
# the fit's extrapolation in sets) and an L2 bank with 256 lines (the same for the L2).
points+=("l1_s64_b16|tc_l1|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/tc_gwct.sv rtl/tc_l1.sv|L1Sets=64 LineBytes=16")
[[ -f rtl/tc_l2.sv ]] && points+=("l2_s32_m8_b16|tc_l2|rtl/tc_pkg.sv rtl/gpucoh_fifo.sv rtl/gpucoh_bytemerge.sv rtl/gpucoh_amo.sv rtl/gpucoh_ffs.sv rtl/gpucoh_ffs2.sv rtl/tc_l2.sv|L2Sets=32 L2Mshrs=8 LineBytes=16")

# Parameter value with the unit's default (the paper configuration).
pget() { # params name default
  local kv
  for kv in $1; do [[ ${kv%%=*} == "$2" ]] && { echo "${kv#*=}"; return; }; done
  echo "$3"
}

# Architectural storage (the same formulas as tb/proto/tc/tc_units.c) and the SRAM spec (data arrays in
# one single-ported macro, as the units' sram_shape).
point_storage() { # top params
  local p=$2 ts wf wc lb aw la db sets ways lines cw sm mshrs
  ts=$(pget "$p" TsWidth 32)
  case $1 in
    tc_timer) echo $((ts + 1)) ;;
    tc_gwct)
      wf=$(pget "$p" NumWf 48); wc=$(pget "$p" WfCntWidth 6)
      echo $((wf * (ts + wc + 3))) ;;
    tc_l1)
      wf=$(pget "$p" NumWf 48); wc=$(pget "$p" WfCntWidth 6); lb=$(pget "$p" LineBytes 128)
      aw=$(pget "$p" AddrWidth 32); sets=$(pget "$p" L1Sets 64); ways=$(pget "$p" L1Ways 4)
      cw=$(pget "$p" LineCntWidth 4)
      la=$((aw - $(clog2 "$lb"))); db=$((8 * lb)); lines=$((sets * ways))
      local per=$(((la - $(clog2 "$sets")) + 3 + ts + db + 2 + cw + 2 * wf + ts))
      local bits=$((lines * per + sets * $(clog2 "$ways") + wf * (ts + wc + 3)))
      echo "$bits,sram=$((lines * db)),banks=1,ports=1" ;;
    tc_l2)
      sm=$(pget "$p" NumSm 16); lb=$(pget "$p" LineBytes 128); aw=$(pget "$p" AddrWidth 32)
      sets=$(pget "$p" L2Sets 128); ways=$(pget "$p" L2Ways 8); mshrs=$(pget "$p" L2Mshrs 128)
      la=$((aw - $(clog2 "$lb"))); db=$((8 * lb)); lines=$((sets * ways))
      local per=$(((la - $(clog2 "$sets")) + 3 + ts + 1 + db))
      local mshr=$((1 + 2 + la + 4 + ts + sm + 3 + 6 + 6 + 9 * lb + 2 + 5 + 64))
      local bits=$((lines * per + mshrs * mshr + ts))
      echo "$bits,sram=$((lines * db)),banks=1,ports=1" ;;
    *) die "no storage formula for $1" ;;
  esac
}

# RTL hashed without comments (as synth/hier.sh): a comment edit does not invalidate a result.
strip() { sed -e 's://.*$::' "$1"; }
lib=${GPUCOH_LIBERTY:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
common_fp=$(
  {
    echo "tc-fp-v1"
    for f in synth/synth.sh synth/techmap_wide_shift.v rtl/gpucoh_pkg.sv rtl/include/*; do
      [[ -f $f ]] && { echo "file $f"; sha256sum <"$f"; }
    done
    echo "liberty"
    sha256sum <"$lib" 2>/dev/null || echo missing
    "$YOSYS" -V 2>/dev/null || true
    "$STA" -version 2>/dev/null || true
    env | grep -E '^GPUCOH_(LIBERTY|CLOCK_NS|ABC|ABC_DELAY_PS|ABC_BUFFER|DRIVE_CELL|LOAD_PF|SYNTH_OPTS|WIDE_SHIFT_MAP|PKG|SRAM_[A-Z0-9_]+)=' | LC_ALL=C sort || true
  } | sha256sum | cut -d' ' -f1
)
point_fp() { # name top files params storage
  {
    printf '%s\n' "$common_fp" "$1" "$2" "$4" "$5"
    local f
    for f in $3; do echo "file $f"; strip "$f" | sha256sum; done
  } | sha256sum | cut -d' ' -f1
}

# Critical path end points: the flops (or ports) at the start and end of sta.txt's path.
crit_ends() { # dir
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
  ' "$1/netlist.v" "$1/sta.txt"
}

# ---- plan and run --------------------------------------------------------------------------
# The TC RTL is copied once, at the start: every point of one invocation is hashed and
# synthesized from the same copy, so edits made while the points run cannot mix versions.
snapall=$build/.snap.$$
rm -rf "$snapall"
mkdir -p "$snapall/rtl"
trap 'rm -rf "$snapall"' EXIT
# GPUCOH_TC_RTL (a directory holding rtl/tc_*.sv and the primitives) replaces the work tree's copy, e.g. to add a
# point to a set measured on an earlier version.
rtl_src=${GPUCOH_TC_RTL:-.}
for f in rtl/tc_pkg.sv rtl/gpucoh_*.sv rtl/tc_timer.sv rtl/tc_gwct.sv rtl/tc_l1.sv rtl/tc_l2.sv; do
  [[ $f == rtl/gpucoh_pkg.sv ]] && continue   # read by synth/synth.sh itself
  if [[ -f $rtl_src/$f ]]; then cp "$rtl_src/$f" "$snapall/$f"; fi
done
ran=0
failed=0
for pt in "${points[@]}"; do
  IFS='|' read -r name top files params <<<"$pt"
  [[ -z $only || $name =~ $only ]] || continue
  storage=$(point_storage "$top" "$params")
  # The RTL is copied first and the copy is both hashed and synthesized, so an edit made while
  # a point runs cannot mix two versions of a file into one result.
  dir=$build/$name
  snap=$dir/rtl_snapshot
  rm -rf "$snap.tmp"
  mkdir -p "$snap.tmp/rtl"
  for f in $files; do cp "$snapall/$f" "$snap.tmp/$f"; done
  fp=$(cd "$snap.tmp" && point_fp "$name" "$top" "$files" "$params" "$storage")
  res=$results/tc_$name.area.txt
  status=stale
  [[ -f $res ]] || status=missing
  [[ -f $res && $(awk '$1 == "inputs_sha256" { print $2 }' "$res") == "$fp" ]] && status=up-to-date
  if ((list)); then
    rm -rf "$snap.tmp"
    printf '%-20s %-10s %-9s %s | %s\n' "$name" "$status" "$top" "$params" "$storage"
    continue
  fi
  if [[ $status == up-to-date && $force == 0 ]]; then
    rm -rf "$snap.tmp"
    continue
  fi
  rm -rf "$snap"
  mv "$snap.tmp" "$snap"
  sfiles=""
  for f in $files; do sfiles+=" $snap/$f"; done
  echo "$prog: start $name ($top $params)" >&2
  t0=$(date +%s)
  # shellcheck disable=SC2086 # the file and parameter lists are split on purpose
  if ! nice -n 10 synth/synth.sh "$dir" "$top" "$storage" $sfiles -- $params >"$dir/run.log" 2>&1; then
    echo "$prog: FAILED $name after $(($(date +%s) - t0)) s: $(grep -m1 'error:' "$dir/run.log" || tail -n1 "$dir/run.log")" >&2
    failed=$((failed + 1))
    continue
  fi
  t1=$(date +%s)
  # A Yosys warning (e.g. an implicitly declared identifier in RTL caught mid-edit) makes the
  # result untrustworthy: it is not recorded.
  # "Replacing memory ... with list of registers" (an unpacked array in an always_comb) is the
  # one benign kind; it is counted in yosys_warnings_benign.
  bad_warn=$(grep '^Warning' "$dir/yosys.log" | grep -vc 'with list of registers' || true)
  benign_warn=$(grep '^Warning' "$dir/yosys.log" | grep -c 'with list of registers' || true)
  if ((bad_warn > 0)); then
    echo "$prog: FAILED $name: Yosys warnings: $(grep '^Warning' "$dir/yosys.log" | grep -vm1 'with list of registers')" >&2
    failed=$((failed + 1))
    continue
  fi
  {
    cat "$dir/area.txt"
    echo "crit_path_from $(crit_ends "$dir")"
    echo "wall_seconds $((t1 - t0))"
    echo "yosys_warnings_benign $benign_warn"
    for f in $files; do echo "rtl_sha256 $f $(strip "$snap/$f" | sha256sum | cut -c1-16)"; done
    echo "point $name"
    echo "inputs_sha256 $fp"
  } >"$res.tmp.$$"
  mv -f "$res.tmp.$$" "$res"
  ran=$((ran + 1))
  echo "$prog: done  $name in $((t1 - t0)) s: $(awk '$1=="area_um2"{a=$2} $1=="flops"{f=$2} $1=="crit_path_ns"{c=$2} END{printf "area %s um2, %s flops, critical path %s ns", a, f, c}' "$res")" >&2
done
((list)) && exit 0
echo "$prog: $ran point(s) synthesized, $failed failed" >&2
((failed == 0)) || exit 1
