#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# tools/check_io_budget.sh -- recompute every committed result's I/O-budget timing from the path
# class delays it records, independently of synth/synth.sh's Tcl and synth/hier.sh's
# (docs/area-method.md §2.5): the period is the largest of
#   reg->reg d,  in->reg d/(1-IN),  reg->out d/(1-OUT),  in->out d/(1-IN-OUT)
# (flat results: io_class_delays_ns rr=,ir=,ro=,io=) or, for the stitched rdu/avu tops, of
#   d_all (stitched_crit_path_ns),  in d/(1-IN),  out d/(1-OUT),  io d/(1-IN-OUT)
# rounded up to 1 ps; it must equal crit_path_io_ns (resp. stitched_io_period_ns; within 1 ps, as
# the recorded delays are rounded), name the same
# class, give fmax_io_mhz = 1000 / it (0.1 MHz), and never be shorter than the zero-delay path.
# Results from before the budget (no io_class_delays_ns) are counted and skipped; the rdu/avu
# totals (their figure is the stitched top's, checked in the top's result, or sig_store's
# flop-to-flop) are only checked not to be shorter than their zero-delay path.
#
# Usage: tools/check_io_budget.sh [DIR...]   (default synth/results). Exit 0 = all agree, 1 = not.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
[ $# -gt 0 ] || set -- synth/results
files=()
for d in "$@"; do
    [ -d "$d" ] || { echo "check_io_budget.sh: '$d' is not a directory" >&2; exit 2; }
    for f in "$d"/*.area.txt; do [ -f "$f" ] && files+=("$f"); done
done
[ ${#files[@]} -gt 0 ] || { echo "check_io_budget.sh: no *.area.txt in $*" >&2; exit 2; }
awk '
  function fail(msg) { printf "  %s: %s\n", FILENAME0, msg; bad++ }
  function check(    n, i, kv, cls, d, div, need, per, got, key, c, fi, fo, stitched, b0) {
    b0 = bad
    if (!("io_class_delays_ns" in v)) {
      if (!("crit_path_io_ns" in v)) { old++; return }
      # an rdu/avu total: its figure is not recomputed here, but it can never beat zero delay
      derived++
      if (v["crit_path_io_ns"] < v["crit_path_ns"] - 0.001) fail("the I/O-budget path " v["crit_path_io_ns"] " ns is shorter than the zero-delay one " v["crit_path_ns"])
      if (bad > b0) wrong++
      return
    }
    fi = v["io_in_frac"] + 0; fo = v["io_out_frac"] + 0
    stitched = ("stitched_io_period_ns" in v)
    need = 0; cls = "none"
    if (stitched) { need = v["stitched_crit_path_ns"] + 0; cls = "all" }
    n = split(v["io_class_delays_ns"], kv, ",")
    for (i = 1; i <= n; i++) {
      split(kv[i], c, "="); d = c[2] + 0
      if (c[1] == "rr" || c[1] == "all") div = 1
      else if (c[1] == "ir" || c[1] == "in") div = 1 - fi
      else if (c[1] == "ro" || c[1] == "out") div = 1 - fo
      else if (c[1] == "io") div = 1 - fi - fo
      else { fail("unknown path class " c[1]); return }
      if (d / div > need) { need = d / div; cls = c[1] }
    }
    per = int(need * 1000); if (per < need * 1000 - 1e-9) per++; per = per / 1000
    key = (stitched ? "stitched_io_period_ns" : "crit_path_io_ns")
    got = v[key] + 0
    # the recorded delays are rounded (4 decimals; stitched_crit_path_ns 3): 1 ps either way
    if (got - per > 0.0015 || per - got > 0.0015) fail(sprintf("%s %.3f, the class delays give %.3f", key, got, per))
    if ((stitched ? v["stitched_io_class"] : v["io_limit_class"]) != cls) fail("limit class " (stitched ? v["stitched_io_class"] : v["io_limit_class"]) ", the class delays give " cls)
    if (!stitched) {
      if (sprintf("%.1f", 1000 / got) != sprintf("%.1f", v["fmax_io_mhz"])) fail("fmax_io_mhz " v["fmax_io_mhz"] " is not 1000 / " got)
      if (got < v["crit_path_ns"] - 0.001) fail("the I/O-budget path " got " ns is shorter than the zero-delay one " v["crit_path_ns"])
    }
    if (bad == b0) ok++; else wrong++
  }
  FNR == 1 { if (NR > 1) check(); delete v; FILENAME0 = FILENAME }
  { k = $1; $1 = ""; sub(/^ /, ""); if (!(k in v)) v[k] = $0 }
  END {
    check()
    printf "I/O budget: %d result(s) agree with their class delays, %d wrong, %d totals of the hierarchical flow (only checked against zero delay), %d from before the budget\n", ok, wrong, derived, old
    exit (wrong > 0)
  }' "${files[@]}"
