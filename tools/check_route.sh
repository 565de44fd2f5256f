#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# tools/check_route.sh -- the page gate of the routed timing (docs/timing-routed.md): no
# routing is run (a second or two).
#   - every result synth/route.sh knows is up to date (its inputs_sha256 matches the current RTL,
#     flow scripts, qflow osu018 files, tool versions and the point's density, synth/route_all.sh)
#     and unedited (its body_sha256); a point
#     without a result is allowed (the page says "not run"), a stale or edited one is not;
#   - the page is exactly what synth/route_report.sh makes of the results.
# Usage: tools/check_route.sh [--results DIR] [--page FILE]   Exit 0 = holds, 1 = not, 2 = usage.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
results=synth/results
page=docs/timing-routed.md
while [[ $# -gt 0 ]]; do
  case $1 in
    --results) [[ $# -ge 2 && -d $2 ]] || { echo "check_route: --results needs an existing directory" >&2; exit 2; }; results=$2; shift 2 ;;
    --page) [[ $# -ge 2 && -f $2 ]] || { echo "check_route: --page needs an existing file" >&2; exit 2; }; page=$2; shift 2 ;;
    *) echo "check_route: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[[ -f $page ]] || { echo "check_route: page '$page' missing (make route)" >&2; exit 1; }
status=0
list=$(bash synth/route_all.sh --list --results "$results") || { echo "check_route: synth/route_all.sh --list failed" >&2; exit 1; }
while read -r name st _; do
  case $st in
    up-to-date) ;;
    missing) echo "  $name: no result (shown as not run)" ;;
    *) echo "  $name: $st (re-run: synth/route.sh --only '^$name\$')"; status=1 ;;
  esac
done <<<"$list"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
bash synth/route_report.sh --results "$results" >"$tmp" || { echo "check_route: synth/route_report.sh failed" >&2; exit 1; }
if ! diff -u "$page" "$tmp" >"$tmp.diff" 2>&1; then
  echo "  $page differs from what the results regenerate (make route-page):"
  head -n 20 "$tmp.diff"
  status=1
fi
rm -f "$tmp.diff"
n=$(grep -c 'up-to-date' <<<"$list" || true)
[[ $status -eq 0 ]] && echo "check_route: $n routed result(s) up to date and unedited; $page regenerates exactly"
exit $status
