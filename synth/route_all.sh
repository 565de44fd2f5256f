#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/route_all.sh -- synth/route.sh over the points of synth/points/route.sh, each at its own
# initial cell density for graywolf (the table's route_density; route.sh's default, 0.6, for a
# point it does not name) and with its own limit on each qflow step (route_timeout; route.sh's
# default, 1800 s): `make route` and tools/check_route.sh run this (docs/area-method.md section
# 8, "Place" and 8.10). route.sh itself takes one density for a run (GPUCOH_ROUTE_DENSITY) and
# records it in each result's fingerprint and density_target line, so a point is up to date at
# the density the table gives it, and a change of one point's density re-routes that point alone.
# The step limit is in no fingerprint: a point that failed on it stays up to date (failed) until
# it is routed again with --force.
#
# Usage: synth/route_all.sh [--list] [--only REGEX] [--force] [--results DIR]
#   the options of synth/route.sh, given to it for every selected point (--keep and --adopt name
#   one point's folder: run route.sh itself, with GPUCOH_ROUTE_DENSITY as the table says)
# Environment: GPUCOH_ROUTE_DENSITY, when set, is every point's density, and GPUCOH_ROUTE_TIMEOUT
# every point's step limit in seconds (the tables route_density and route_timeout are then not
# read for it); everything else route.sh reads.
# Exit: 0 every selected point routed or up to date, 1 a point failed, 2 bad input.
set -euo pipefail

prog=route_all.sh
die() {
  echo "$prog: error: $*" >&2
  exit 2
}
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"
only=""
args=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --list | --force) args+=("$1"); shift ;;
    --only) [[ $# -ge 2 ]] || die "--only needs a regular expression"; only=$2; shift 2 ;;
    --results) [[ $# -ge 2 && -n $2 ]] || die "--results needs a directory"; args+=(--results "$2"); shift 2 ;;
    --keep | --adopt) die "$1 names one point's folder: run synth/route.sh --only POINT $1 DIR itself" ;;
    -h | --help) sed -n '4,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
done
if [[ -n $only ]]; then
  rc=0
  # shellcheck disable=SC2319 # the status of [[ ]] itself: 2 is a bad regular expression
  [[ x =~ $only ]] 2>/dev/null || rc=$?
  ((rc != 2)) || die "--only '$only' is not a valid regular expression"
fi
# shellcheck source=synth/points/route.sh
. synth/points/route.sh # points=(name|top|files|params ...), route_density/route_timeout=([name]=v ...)
for n in "${!route_density[@]}"; do
  [[ " ${points[*]%%|*} " == *" $n "* ]] || die "synth/points/route.sh: route_density names no point '$n'"
done
for n in "${!route_timeout[@]}"; do
  [[ " ${points[*]%%|*} " == *" $n "* ]] || die "synth/points/route.sh: route_timeout names no point '$n'"
  [[ ${route_timeout[$n]} =~ ^[1-9][0-9]*$ ]] || die "synth/points/route.sh: route_timeout of '$n' is '${route_timeout[$n]}', not a number of seconds"
done
sel=()
for pt in "${points[@]}"; do
  n=${pt%%|*}
  [[ -z $only || $n =~ $only ]] && sel+=("$n")
done
((${#sel[@]} > 0)) || die "--only '$only' matches no point"
nfail=0
for n in "${sel[@]}"; do
  d=${GPUCOH_ROUTE_DENSITY:-${route_density[$n]:-0.6}}
  t=${GPUCOH_ROUTE_TIMEOUT:-${route_timeout[$n]:-1800}}
  rc=0
  GPUCOH_ROUTE_DENSITY=$d GPUCOH_ROUTE_TIMEOUT=$t bash synth/route.sh --only "^$n\$" "${args[@]}" || rc=$?
  ((rc != 2)) || exit 2
  ((rc == 0)) || nfail=$((nfail + 1))
done
((nfail == 0)) || { echo "$prog: $nfail point(s) failed" >&2; exit 1; }
