#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# tests/test_subblock.sh -- the page gate of the area by sub-block (docs/area-subblock.md,
# docs/area-method.md section 8; make subblock). Runs no synthesis; some seconds.
#   1. every committed synth/results/*.subblock.txt is up to date with its inputs (the area
#      result's fingerprint, synth/subblock.sh, synth/subblock_attr.awk, the unit's table, the
#      SRAM model, the liberty): synth/subblock.sh --check, and for rdu / avu (the top's and
#      sig_store's fingerprints too, synth/subblock_hier.sh) synth/subblock_hier.sh --check;
#   2. docs/area-subblock.md is what synth/report_subblock.sh makes of the committed results;
#   2b. the attribution rules on a hand-made netlist (every rule exercised; a changed table changes
#      the attribution);
#   3. negative checks, on a flat unit's result and on rdu's and avu's: a tampered result (a
#      class's area changed) is caught by the report (its classes no longer sum to the total) or
#      by the page comparison; a result whose recorded inputs differ is caught as stale; a page
#      with one number changed is caught; bad arguments give exit 2.
# One "PASS name" / "FAIL name" line per check, then "N passed, N failed"; exit 1 on a failure.
# usage: tests/test_subblock.sh
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "PASS $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# 1. freshness
if bash synth/subblock.sh --check > "$T/check.out" 2>&1; then ok "subblock results up to date (synth/subblock.sh --check)"; else ko "subblock results up to date: $(tail -n2 "$T/check.out")"; fi
if bash synth/subblock_hier.sh --check > "$T/checkh.out" 2>&1; then ok "rdu / avu subblock results up to date (synth/subblock_hier.sh --check)"; else ko "rdu / avu subblock results up to date: $(tail -n2 "$T/checkh.out")"; fi

# 2. the page equals what the results regenerate
if bash synth/report_subblock.sh > "$T/page.md" 2> "$T/page.err" && cmp -s "$T/page.md" docs/area-subblock.md; then
  ok "docs/area-subblock.md = synth/report_subblock.sh of the committed results"
else
  ko "docs/area-subblock.md differs from the regenerated page (make subblock SUBBLOCK_ARGS=--no-synth): $(diff "$T/page.md" docs/area-subblock.md | head -n3 | tr '\n' ' ')"
fi

# 2b. the attribution rules on a hand-made netlist (class:flops:cells): a_q, a2_q in A, b_q in B;
# n0, n1, n7 feed only A (rule 1: A), y_o reads only a_q and feeds a port (rule 2: A), n3 reads
# a_q and b_q and feeds only b_q (rule 1: B), z_o reads an input and feeds a port (rule 3:
# control), w_o reads A and B and feeds a port and A (shared)
cat > "$T/t.blif" <<'EOF'
.model t
.inputs clk_i x_i
.outputs y_o z_o w_o
.subckt DFFPOSX1 CLK=clk_i D=n1 Q=a_q
.subckt DFFPOSX1 CLK=clk_i D=n3 Q=b_q
.subckt NAND2X1 A=x_i B=a_q Y=n0
.subckt INVX1 A=n0 Y=n1
.subckt NAND2X1 A=a_q B=x_i Y=y_o
.subckt NAND2X1 A=a_q B=b_q Y=n3
.subckt INVX1 A=x_i Y=z_o
.subckt NAND2X1 A=a_q B=b_q Y=w_o
.subckt NAND2X1 A=w_o B=x_i Y=n7
.subckt DFFPOSX1 CLK=clk_i D=n7 Q=a2_q
.end
EOF
printf 'class A flops ^a2?_q$ 1\nclass B flops ^b_q$ 1\n' > "$T/t.tab"
lib=${GPUCOH_LIBERTY:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
awk -f synth/subblock_attr.awk "$lib" "$T/t.tab" "$T/t.blif" > "$T/t.out" 2>&1
exp="A:2:6 B:1:2 control:0:1 shared:0:1"
got=$(awk '$1 == "class" { printf "%s%s:%d:%d", s, $2, $5, $13; s = " " }' "$T/t.out")
if [ "$got" = "$exp" ]; then ok "attribution rules on a hand-made netlist ($got)"; else ko "attribution rules on a hand-made netlist: expected $exp, got $got"; fi
sed 's/^class B flops .*/class B flops ^nomatch$ 1/' "$T/t.tab" > "$T/t2.tab"
awk -f synth/subblock_attr.awk "$lib" "$T/t2.tab" "$T/t.blif" > "$T/t2.out" 2>&1
got2=$(awk '$1 == "class" { printf "%s%s:%d:%d", s, $2, $5, $13; s = " " }' "$T/t2.out")
if [ "$got2" != "$exp" ]; then ok "a changed table changes the attribution ($got2)"; else ko "a changed table changes the attribution"; fi

# 3. negative checks on a copy of the results
mkdir -p "$T/res"
cp synth/results/*.area.txt synth/results/*.subblock.txt "$T/res/"
# 3a-3c on the first flat point and on the rdu and avu points, each with its own checker
neg() { # victim-basename checker-script label
  local victim=$T/res/$1 chk=$2 lbl=$3
  [ -f "$victim" ] || { ko "$lbl: no result $1"; return; }
  # 3a. a class's area changed: the report refuses (the classes no longer sum to the total)
  awk '!d && $1 == "class" { $11 = $11 + 1000; d = 1 } { print }' "$victim" > "$T/v" && mv "$T/v" "$victim"
  if bash synth/report_subblock.sh --results "$T/res" > "$T/p2.md" 2>/dev/null; then
    ko "$lbl: a tampered class area is caught (the report accepted it)"
  else
    ok "$lbl: a tampered class area is caught (report exit $?)"
  fi
  cp "synth/results/$1" "$victim"
  # 3b. a consistent tamper (flops and logic of one class swapped with another's): the page differs
  awk '$1 == "class" && n < 2 { n++; a[n] = $0; next } n == 2 && !done { split(a[1], x, " "); split(a[2], y, " ");
         t = x[2]; x[2] = y[2]; y[2] = t; s1 = x[1]; s2 = y[1]
         for (i = 2; i <= 13; i++) { s1 = s1 " " x[i]; s2 = s2 " " y[i] }
         print s1; print s2; done = 1 } { print }' "$victim" > "$T/v" && mv "$T/v" "$victim"
  bash synth/report_subblock.sh --results "$T/res" > "$T/p3.md" 2>/dev/null
  if cmp -s "$T/p3.md" docs/area-subblock.md; then ko "$lbl: a swapped result changes the page"; else ok "$lbl: a swapped result changes the page (caught by the page gate)"; fi
  cp "synth/results/$1" "$victim"
  # 3c. a result whose recorded inputs differ is stale
  sed -i 's/^inputs_sha256 .*/inputs_sha256 0000000000000000000000000000000000000000000000000000000000000000/' "$victim"
  if bash "$chk" --check --results "$T/res" > /dev/null 2>&1; then ko "$lbl: a result with other inputs is reported stale"; else ok "$lbl: a result with other inputs is reported stale ($chk --check exit 1)"; fi
  cp "synth/results/$1" "$victim"
}
first=$(grep -v '^[[:space:]]*#' synth/subblock/points.txt | awk 'NF { print $1; exit }')
neg "$first.subblock.txt" synth/subblock.sh "$first"
neg rdu_m1024_n16.subblock.txt synth/subblock_hier.sh rdu_m1024_n16
neg avu_m1024.subblock.txt synth/subblock_hier.sh avu_m1024
# 3c'. rdu's result from the real top netlist is not what a changed sig_store result gives: the
# checker notices a sig_store result with other inputs (the total's parts are fingerprinted)
sed -i 's/^inputs_sha256 .*/inputs_sha256 1111111111111111111111111111111111111111111111111111111111111111/' "$T/res/sig_store_m1024.area.txt"
if bash synth/subblock_hier.sh --check --only '^rdu_m1024_n16$' --results "$T/res" > /dev/null 2>&1; then ko "a changed sig_store result makes rdu's split stale"; else ok "a changed sig_store result makes rdu's split stale (subblock_hier.sh --check exit 1)"; fi
cp synth/results/sig_store_m1024.area.txt "$T/res/"
# 3d. a page with one number changed is caught
sed '0,/| \*\*total\*\* | | | | | \*\*[0-9]/s/\(| \*\*total\*\* | | | | | \*\*\)\([0-9]\)/\19\2/' docs/area-subblock.md > "$T/bad.md"
if cmp -s "$T/bad.md" docs/area-subblock.md; then
  ko "the tampered page differs from the committed one (the sed changed nothing)"
elif cmp -s "$T/page.md" "$T/bad.md"; then
  ko "a page with one number changed is caught"
else
  ok "a page with one number changed is caught"
fi
# 3e. bad arguments: exit 2
bash synth/subblock.sh --only 'nosuchpoint' > /dev/null 2>&1; rc=$?
if [ $rc -eq 2 ]; then ok "an unknown point gives exit 2"; else ko "an unknown point gives exit 2 (got $rc)"; fi
bash synth/subblock.sh --bogus > /dev/null 2>&1; rc=$?
if [ $rc -eq 2 ]; then ok "an unknown option gives exit 2"; else ko "an unknown option gives exit 2 (got $rc)"; fi
bash synth/subblock_hier.sh --only 'nosuchpoint' > /dev/null 2>&1; rc=$?
if [ $rc -eq 2 ]; then ok "subblock_hier.sh: an unknown point gives exit 2"; else ko "subblock_hier.sh: an unknown point gives exit 2 (got $rc)"; fi
bash synth/subblock_hier.sh --bogus > /dev/null 2>&1; rc=$?
if [ $rc -eq 2 ]; then ok "subblock_hier.sh: an unknown option gives exit 2"; else ko "subblock_hier.sh: an unknown option gives exit 2 (got $rc)"; fi
bash synth/report_subblock.sh --update /nonexistent-dir/x.md > /dev/null 2>&1; rc=$?
if [ $rc -eq 2 ]; then ok "an unwritable page gives exit 2"; else ko "an unwritable page gives exit 2 (got $rc)"; fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
