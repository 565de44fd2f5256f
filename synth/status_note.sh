#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/status_note.sh [--results DIR] [--marker PROG] TARGET LISTER [ARG...] -- the freshness
# line of a generated area page. Runs `LISTER ARG... --list` (synth/sweep.sh, synth/hier.sh,
# synth/tc.sh, synth/gpu.sh: one point a line, its name then up-to-date | stale | missing) and
# prints one markdown quote saying how many of the page's points were measured on the work
# tree's RTL and flow, naming the others and the make target that re-measures them.
#   --results DIR   the report reads DIR: unless it is synth/results (what the listers check), the
#                   line says the freshness was not checked
#   --marker PROG   print the line as table 0 of PROG (synth/report_splice.sh's block markers)
# Exit 2 on bad arguments, if the lister fails or if it lists nothing.
set -euo pipefail
results=synth/results marker=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --results) results=$2; shift 2 ;;
    --marker) marker=$2; shift 2 ;;
    *) break ;;
  esac
done
[[ $# -ge 2 ]] || { echo "usage: $0 [--results DIR] [--marker PROG] TARGET LISTER [ARG...]" >&2; exit 2; }
target=$1; shift
[[ -z $marker ]] || echo "<!-- synth/$marker: table 0 -->"
if [[ ${results%/} != synth/results ]]; then
  echo "> **Freshness**: not checked (results read from $results, not synth/results)."
else
  out=$(bash "$@" --list 2>/dev/null) || { echo "status_note.sh: error: '$* --list' failed" >&2; exit 2; }
  awk -v cmd="$*" -v target="$target" '
    NF >= 2 && ($2 == "up-to-date" || $2 == "stale" || $2 == "missing") {
      n++; if ($2 == "up-to-date") ok++; else { bad++; names = names (bad > 1 ? ", " : "") "`" $1 "`" }
    }
    END {
      if (n == 0) { print "status_note.sh: error: the lister printed no point" > "/dev/stderr"; exit 2 }
      pre = sprintf("> **Freshness** (`%s --list` when this was generated): ", cmd)
      if (bad == 0) { printf "%sall %d points were measured on the work tree'"'"'s RTL and flow.\n", pre, n; exit 0 }
      printf "%s%d of %d points were measured on the work tree'"'"'s RTL and flow; %d %s **stale**", pre, ok + 0, n, bad, (bad == 1 ? "is" : "are")
      printf " (measured on an earlier RTL or flow, or missing): %s. `make %s` re-measures them.\n", names, target
    }' <<<"$out"
fi
[[ -z $marker ]] || echo
