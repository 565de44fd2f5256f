#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# tests/test_route.sh -- the routed-timing page gate (tools/check_route.sh) holds on the committed
# results and page, and can fail: an edited result, a stale result (another inputs_sha256, with a
# matching body_sha256), a wrong page; synth/route.sh and synth/rc2spef.awk reject bad input.
# No routing is run (a few seconds). Exit 0 = all hold.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
# shellcheck source=tests/check_lib.sh
. tests/check_lib.sh # T, fails, pass, fail, expect NAME WANT CMD...
fresh_copy() { rm -rf "$T/res"; mkdir "$T/res"; cp synth/results/route_*.route.txt "$T/res/"; cp docs/timing-routed.md "$T/page.md"; }
reseal() { # FILE: recompute body_sha256 (a consistent edit, so that only freshness can catch it)
  local f=$1 s
  s=$(grep -v '^body_sha256 ' "$f" | sha256sum | cut -c1-64)
  awk -v s="$s" '$1 == "body_sha256" { $2 = s } 1' "$f" >"$f.new" && mv "$f.new" "$f"
}

expect "the committed results and docs/timing-routed.md pass" 0 bash tools/check_route.sh
fresh_copy
expect "a copy of them passes" 0 bash tools/check_route.sh --results "$T/res" --page "$T/page.md"
f=$(find "$T/res" -name 'route_*.route.txt' | sort | head -n 1)
[[ -n $f ]] || { echo "no routed result"; exit 1; }
awk '$1 == "fmax_routed_mhz" { $2 = $2 + 50 } 1' "$f" >"$f.new" && mv "$f.new" "$f"
expect "an edited fmax_routed_mhz is caught ($(basename "$f"))" 1 bash tools/check_route.sh --results "$T/res" --page "$T/page.md"
if grep -q tampered "$T/out"; then pass "  ... and reported as tampered"; else fail "  ... not reported as tampered"; fi
fresh_copy
awk '$1 == "inputs_sha256" { $2 = "0" substr($2, 2) } 1' "$f" >"$f.new" && mv "$f.new" "$f"
reseal "$f"
expect "a stale result (other inputs_sha256, resealed) is caught" 1 bash tools/check_route.sh --results "$T/res" --page "$T/page.md"
if grep -q stale "$T/out"; then pass "  ... and reported as stale"; else fail "  ... not reported as stale"; fi
fresh_copy
printf '\nan extra line\n' >>"$T/page.md"
expect "a page that is not what the results regenerate is caught" 1 bash tools/check_route.sh --results "$T/res" --page "$T/page.md"
fresh_copy
awk '$1 == "failed_routes" { $2 = 2 } 1' "$f" >"$f.new" && mv "$f.new" "$f"
reseal "$f"
expect "route_report.sh: a result with failed_routes 2 makes a page" 0 bash synth/route_report.sh --results "$T/res" --out "$T/fr.md"
if grep -q 'above zero for 1 of the' "$T/fr.md" && grep -q "| $(awk '$1 == "top" {print $2}' "$f") | .* | 2 | " "$T/fr.md"; then
  pass "  ... that shows the 2 failed nets in the row and in the legality line"
else
  fail "  ... the failed nets are not shown"; grep -i 'legality' "$T/fr.md"
fi
expect "route.sh: an unknown argument is exit 2" 2 bash synth/route.sh --bogus
expect "route.sh: a missing --results directory is exit 2" 2 bash synth/route.sh --list --results "$T/nope"
expect "route.sh: --only matching no point is exit 2" 2 bash synth/route.sh --list --only '^no_such_point$'
expect "route.sh: a bad GPUCOH_ROUTE_DENSITY is exit 2" 2 env GPUCOH_ROUTE_DENSITY=2 bash synth/route.sh --list
expect "route_report.sh: an unwritable --out is exit 2" 2 bash synth/route_report.sh --out "$T/nope/page.md"
printf 'n1 1 A/Y 1 ( 1.0 0.001 B/A\n' >"$T/bad.rc"
expect "rc2spef.awk: an unbalanced RC tree is an error" 1 awk -f synth/rc2spef.awk "$T/bad.rc"
printf 'n1 1 A/Y 2 ( 1.0 0.001 B/A )\n' >"$T/bad.rc"
expect "rc2spef.awk: a sink count that does not match is an error" 1 awk -f synth/rc2spef.awk "$T/bad.rc"
printf 'n1 1 A/Y 1 ( 1.5 0.002 ( 2.5 0.003 B/A ) )\n' >"$T/ok.rc"
expect "rc2spef.awk: a two-node tree converts" 0 awk -v design=t -f synth/rc2spef.awk "$T/ok.rc"
if grep -q '^1 A:Y n1:1 1.5$' "$T/out" && grep -q '^2 n1:1 B:A 2.5$' "$T/out" && grep -q '^\*D_NET n1 0.005$' "$T/out"; then
  pass "  ... with the driver, the internal node and the sink in place"
else
  fail "  ... wrong SPEF"
fi
printf 'C0 A/Y gnd 4fF\nC1 B/A m2 6fF\nC2 X/q#1 B/A 2fF\nC3 vdd gnd 9fF\n' >"$T/ok.spice"
expect "rc2spef.awk: magic's capacitance scales the tree" 0 awk -v design=t -v capfile="$T/ok.spice" -v summary="$T/sum" -f synth/rc2spef.awk "$T/ok.rc"
if grep -q '^\*D_NET n1 0.012$' "$T/out" && grep -q '^1 n1:1 0.0048$' "$T/out" && grep -q '^2 B:A 0.0072$' "$T/out" &&
  grep -q '^wire_cap_magic_pf 0.0120$' "$T/sum" && grep -q '^magic_unassigned_pf 0.0060$' "$T/sum"; then
  pass "  ... to the net's 12 fF (ground, other node, cell geometry; not vdd-gnd), 6 fF unassigned"
else
  fail "  ... wrong scaling"; cat "$T/out" "$T/sum"
fi
printf 'n1 1 A/Y 2 ( 1.5 0.002 ( 2.5 0.003 B/A ) , ( 3.5 0.001 ERROR ) )\n' >"$T/err.rc"
printf 'NETS 1 ;\n- n1\n  ( A Y ) ( B A ) ( C B )\n+ ROUTED metal1 ( 0 0 ) ( 10 * ) ;\nEND NETS\n' >"$T/err.def"
expect "rc2spef.awk: an ERROR tap is named from the DEF" 0 awk -v design=t -v def="$T/err.def" -v summary="$T/sum" -f synth/rc2spef.awk "$T/err.rc"
if grep -q '^\*I C:B I$' "$T/out" && grep -q '^3 C:B 0.001$' "$T/out" && grep -q '^rc_error_taps_unresolved 0$' "$T/sum"; then
  pass "  ... as C:B, the one pin the tree lacks"
else
  fail "  ... not named"; cat "$T/out" "$T/sum"
fi
expect "rc2spef.awk: without the DEF it stays a wire node, counted" 0 awk -v design=t -v summary="$T/sum" -f synth/rc2spef.awk "$T/err.rc"
if grep -q '^rc_error_taps_unresolved 1$' "$T/sum" && ! grep -q ERROR "$T/out"; then pass "  ... rc_error_taps_unresolved 1"; else fail "  ... not counted"; fi
# net names as qflow's netlist writes them: a bus bit a[3] as a_3_, a sub-module net u.b[4] as
# u_b_4_ (area-method.md 8.6); a port bit keeps its name (its PIN/ is on the line)
printf 'u_sig.bits_q[4] 1 A/Y 1 ( 1.5 0.002 B/A )\nbus[3] 1 A/Y 1 ( 1.5 0.002 B/A )\nq_o[2] 1 A/Y 1 ( 1.5 0.002 PIN/q_o[2] )\n' >"$T/names.rc"
expect "rc2spef.awk: sub-module, bus and port nets convert" 0 awk -v design=t -f synth/rc2spef.awk "$T/names.rc"
if grep -q '^\*D_NET u_sig_bits_q_4_ ' "$T/out" && grep -q '^\*D_NET bus_3_ ' "$T/out" && grep -q '^\*D_NET q_o\[2\] ' "$T/out"; then
  pass "  ... named u_sig_bits_q_4_, bus_3_ and q_o[2]"
else
  fail "  ... wrong names"; grep D_NET "$T/out"
fi
echo "test_route: $fails failure(s)"
((fails == 0))
