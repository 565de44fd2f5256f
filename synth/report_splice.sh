#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/report_splice.sh PROG REPORT PAGE -- the --update of synth/report_tc.sh and
# synth/report_gpu.sh: replace in PAGE every block from its line "<!-- synth/PROG: table N -->"
# to the line "<!-- end of table N -->" with table N of REPORT (PROG's output, whose tables
# start with the same marker). PAGE is written atomically; an error (a table of the page the
# report lacks, a table of the report the page lacks, a block without its end line) leaves it
# untouched and exits 2.
set -euo pipefail
[[ $# -eq 3 ]] || { echo "usage: $0 PROG REPORT PAGE" >&2; exit 2; }
prog=$1 report=$2 page=$3
tmp=$(mktemp "$page.XXXXXX")
trap 'rm -f "$tmp"' EXIT
awk -v prog="$prog" '
  function marker(s) { return s ~ ("^<!-- synth/" prog ": table [0-9]+ -->$") }
  NR == FNR {
    if (marker($0)) { t = $4 }
    if (t != "") { T[t] = T[t] $0 "\n"; while (sub(/\n\n\n$/, "\n\n", T[t])) {} }
    next
  }
  marker($0) {
    if (skip) { print prog ": error: table " t " has no line <!-- end of table " t " -->" > "/dev/stderr"; err = 1; exit 2 }
    t = $4
    if (!(t in T)) { print prog ": error: the page has table " t ", the report has not" > "/dev/stderr"; err = 1; exit 2 }
    blk = T[t]; sub(/\n+$/, "", blk); print blk; skip = 1; seen[t] = 1; next
  }
  skip && $0 == "<!-- end of table " t " -->" { skip = 0; print ""; print; next }
  skip { next }
  { print }
  END {
    if (err) exit 2
    if (skip) { print prog ": error: table " t " has no line <!-- end of table " t " -->" > "/dev/stderr"; exit 2 }
    for (k in T) if (!(k in seen)) { print prog ": error: the page has no block for table " k > "/dev/stderr"; exit 2 }
  }
' "$report" "$page" >"$tmp"
mv -f "$tmp" "$page"
echo "$prog: updated $page" >&2
