#!/usr/bin/env bash
# `make run`: co-simulate every catalogue unit at its default (paper) parameters and print one
# summary table: unit, cycles, cycles compared, mismatches, transition coverage, area.
# Area comes from the committed synthesis results (synth/results/, Yosys + osu018 + OpenSTA);
# make run never synthesizes (a stale result is printed as such). A legend and one verdict line
# end the output.
# A JSON copy of the table is written to build/out/run-summary.json.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
export GPUCOH_ROOT=$ROOT
CYCLES=${1:-1000000}
G=build/gpucoh
OUT=build/out
mkdir -p "$OUT"
# The committed synth/results point that holds each unit's default parameters, from the unit
# manifest (gpucoh units --get synth_script / synth_point / synth_result UNIT): sig_bloom from the
# flat sweep (synth/sweep.sh), rdu and avu from the hierarchical flow (synth/hier.sh: top +
# sig_store black boxes; a flat rdu at 16 x 4 Kbit is out of reach for Yosys), tc_timer and
# tc_gwct from the TC points (synth/tc.sh, synth/points/tc.sh). make run never synthesizes: a
# result whose inputs differ from the current ones is printed as stale (its area marked '*'),
# and `make test` fails when one of these is stale (tools/check_area_fresh.sh).
synth_of() { $G units --get "$1" "$2"; } # FIELD UNIT
# does the committed result of unit $1 come from exactly the current inputs?
baseline_up_to_date() {
    local script point
    script=$(synth_of synth_script "$1") && point=$(synth_of synth_point "$1") || return 1
    [ -n "$script" ] &&
        bash "$script" --list --only "^$point\$" 2>/dev/null | grep -q ' up-to-date '
}
stale_units=()
# the units with a lockstep of their own, in catalogue order (the unit manifest: gpucoh units);
# the others are co-simulated inside their systems (rows below)
UNITS=$($G units --get name --where context=standalone)
rows=()
json="["
status=0
for u in $UNITS; do
    echo "== $u: co-simulation, $CYCLES cycles"
    # the whole output to the log first, then its first line: `| tee | head -1` killed gpucoh with
    # SIGPIPE (exit 141) whenever head closed the pipe before gpucoh had written everything
    $G cosim "$u" --cycles "$CYCLES" --seed 1 --json "$OUT/run-$u.json" > "$OUT/run-$u.log"
    rc=$?
    # the verdict line, and any raw Verilator line: the assertions that illegal inputs provoke on
    # purpose are counted in the verdict line, not printed (verilator/shim_common.h), so a raw
    # assertion line here is a real problem
    grep -E '^(PASS|FAIL|INTERRUPTED) |%(Error|Warning)' "$OUT/run-$u.log"
    if grep -qE '%(Error|Warning)' "$OUT/run-$u.log"; then status=1; fi
    [ "$rc" -eq 0 ] || status=1
    line=$(grep -E '^(PASS|FAIL) ' "$OUT/run-$u.log")
    cyc=$(echo "$line" | sed -n 's/.*: \([0-9]*\) cycles.*/\1/p')
    cmp=$(echo "$line" | sed -n 's/.* \([0-9]*\) compared.*/\1/p')
    mis=$(echo "$line" | sed -n 's/.* \([0-9]*\) mismatches.*/\1/p')
    cov=$(echo "$line" | sed -n 's/.*coverage \([0-9]*\/[0-9]*\).*/\1/p')
    rate=$(echo "$line" | sed -n 's/.* \([0-9.]*\) M cycles\/s.*/\1/p')
    area="-"; kge="-"; ff="-"; fmax="-"; fmaxio="-"
    point=$(synth_of synth_point "$u")
    result=$(synth_of synth_result "$u")
    base=synth/results/${result:-none}.area.txt
    if [ -n "$point" ] && [ -f "$base" ]; then
        val() { awk -v k="$1" '$1 == k {print $2}' "$base"; }
        area=$(val area_um2); kge=$(val ge); ff=$(val flops); fmax=$(val fmax_mhz)
        fmaxio=$(val fmax_io_mhz); fmaxio=${fmaxio:--}
        if baseline_up_to_date "$u"; then
            echo "== $u: area from the committed result $base (inputs unchanged)"
        else
            echo "== $u: area from the committed result $base: STALE (the RTL or flow changed since; not re-synthesized)"
            stale_units+=("$u")
        fi
    else
        echo "== $u: no committed area result at the default parameters"
    fi
    if [ "$area" != "-" ] && [ -n "$area" ]; then
        kge=$(awk -v g="$kge" 'BEGIN{printf "%.1f", g/1000}')
        area=$(awk -v a="$area" 'BEGIN{printf "%.0f", a}')
        fmax=$(awk -v f="$fmax" 'BEGIN{printf "%.0f", f}')
        [ "$fmaxio" != "-" ] && fmaxio=$(awk -v f="$fmaxio" 'BEGIN{printf "%.0f", f}')
        [[ " ${stale_units[*]} " == *" $u "* ]] && area="*$area"
    fi
    rows+=("$(printf '%-12s %10s %10s %10s %9s %10s %12s %8s %7s %9s %9s' "$u" "$cyc" "$cmp" "$mis" \
        "$cov" "$rate" "$area" "$kge" "$ff" "$fmax" "$fmaxio")")
    json+="$([ "$json" = "[" ] || echo ,){\"unit\": \"$u\", \"cycles\": ${cyc:-0}, \"compared\": ${cmp:-0}, \"mismatches\": ${mis:-0}, \"coverage\": \"$cov\", \"area_um2\": \"$area\", \"kge\": \"$kge\", \"flops\": \"$ff\", \"fmax_mhz\": \"$fmax\", \"fmax_io_mhz\": \"$fmaxio\"}"
done
# The TC system: every tc_l1, tc_l2 and the timer in lockstep (docs/system.md), every variant,
# the small configuration for CYCLES and the paper configuration (16 SMs, 8 banks) for CYCLES/10
# (the first run builds the paper-size models: a few minutes, once). At the paper size S02 of
# the L1 and L2 and X01 are not reached in that many cycles (docs/system.md section 6).
sysrow() { # NAME CYCLES AREA_PAGE ARGS... (the page of the area of the protocol's units)
    local name=$1 cyc=$2 page=$3; shift 3
    echo "== $name: system lockstep, $cyc cycles"
    $G cosim system --cycles "$cyc" --seed 1 --quiet --json "$OUT/run-$name.json" "$@" \
        > "$OUT/run-$name.log"
    [ $? -eq 0 ] || status=1
    grep -E '^(PASS|FAIL|INTERRUPTED) |%(Error|Warning)' "$OUT/run-$name.log"
    if grep -qE '%(Error|Warning)' "$OUT/run-$name.log"; then status=1; fi
    local line c1 r1 c2 r2 cmp mis rate
    line=$(grep -E '^(PASS|FAIL) system' "$OUT/run-$name.log")
    cmp=$(echo "$line" | sed -n 's/.* \([0-9]*\) unit-cycles compared.*/\1/p')
    mis=$(echo "$line" | sed -n 's/.* \([0-9]*\) mismatches.*/\1/p')
    read -r c1 r1 c2 r2 < <(echo "$line" | sed -n 's/.*coverage l1 \([0-9]*\)\/\([0-9]*\) l2 \([0-9]*\)\/\([0-9]*\).*/\1 \2 \3 \4/p')
    rate=$(echo "$line" | sed -n 's/.* \([0-9]*\) cycles\/s.*/\1/p')
    rate=$(awk -v r="${rate:-0}" 'BEGIN{printf "%.3f", r/1e6}')
    rows+=("$(printf '%-12s %10s %10s %10s %9s %10s %12s %8s %7s %9s %9s' "$name" "$cyc" "${cmp:-}" \
        "${mis:-}" "$((${c1:-0} + ${c2:-0}))/$((${r1:-0} + ${r2:-0}))" "$rate" "$page" "" "" "" "")")
    json+=",{\"unit\": \"$name\", \"cycles\": $cyc, \"compared\": ${cmp:-0}, \"mismatches\": ${mis:-0}, \"coverage\": \"l1 ${c1:-0}/${r1:-0} l2 ${c2:-0}/${r2:-0}\"}"
}
sysrow tcw-small "$CYCLES" docs/area-tc.md --protocol tc-weak
sysrow tcs-small "$CYCLES" docs/area-tc.md --protocol tc-strong
sysrow tcwc-small "$CYCLES" docs/area-tc.md --protocol tc-weak-c
sysrow tcw-paper $((CYCLES / 10)) docs/area-tc.md --protocol tc-weak --config paper
sysrow tcs-paper $((CYCLES / 10)) docs/area-tc.md --protocol tc-strong --config paper
sysrow tcwc-paper $((CYCLES / 10)) docs/area-tc.md --protocol tc-weak-c --config paper
# the baseline GPU system (docs/units/gpu/gpu_l1.md, gpu_l2.md): every gpu_l1 and gpu_l2 in lockstep;
# their area at the paper size is in docs/area-gpu.md (synth/gpu.sh, synth/report_gpu.sh)
sysrow gpud-small "$CYCLES" docs/area-gpu.md --protocol gpu-d
sysrow gpuh-small "$CYCLES" docs/area-gpu.md --protocol gpu-h
sysrow gpud-paper $((CYCLES / 10)) docs/area-gpu.md --protocol gpu-d --config paper
sysrow gpuh-paper $((CYCLES / 10)) docs/area-gpu.md --protocol gpu-h --config paper
# GPU-RSP (docs/units/gpu/rsp.md): GPU-H's units with Rsp = 1, the RSP steering phase drawing rm
# operations; the paper configuration is the GPU family's (15 SMs, rsp.md RD2)
sysrow rsp-small "$CYCLES" docs/area-gpu.md --protocol gpu-rsp
sysrow rsp-paper $((CYCLES / 10)) docs/area-gpu.md --protocol gpu-rsp --config paper
# DeNovo (docs/units/denovo/denovo_l1.md, denovo_l2.md): every denovo_l1 and denovo_l2 in
# lockstep, the small configuration and the paper one (seed 002 Table 3: 15 SMs, 16 banks of
# 4,096 lines) for CYCLES/10 (about 700 cycles/s: 2-3 minutes a row); their area at the paper
# size is in docs/area-denovo.md (synth/denovo.sh, synth/report_denovo.sh)
sysrow dnd-small "$CYCLES" docs/area-denovo.md --protocol denovo-d
sysrow dndro-small "$CYCLES" docs/area-denovo.md --protocol denovo-d-ro
sysrow dnh-small "$CYCLES" docs/area-denovo.md --protocol denovo-h
sysrow dnd-paper $((CYCLES / 10)) docs/area-denovo.md --protocol denovo-d --config paper
sysrow dndro-paper $((CYCLES / 10)) docs/area-denovo.md --protocol denovo-d-ro --config paper
sysrow dnh-paper $((CYCLES / 10)) docs/area-denovo.md --protocol denovo-h --config paper
# hLRC (docs/units/hlrc/hlrc_l1.md, hlrc_l2.md): every hlrc_l1 and hlrc_l2 in lockstep, small and
# paper (seed 000 Table 4 read as hlrc.md section 10: 15 SMs, 16 banks; about 600 cycles/s);
# their area at the paper size is in docs/area-hlrc.md (synth/hlrc.sh, synth/report_hlrc.sh)
sysrow hl-small "$CYCLES" docs/area-hlrc.md --protocol hlrc
sysrow hls-small "$CYCLES" docs/area-hlrc.md --protocol hlrc-scoped
sysrow hl-paper $((CYCLES / 10)) docs/area-hlrc.md --protocol hlrc --config paper
sysrow hls-paper $((CYCLES / 10)) docs/area-hlrc.md --protocol hlrc-scoped --config paper
# G-TSC (docs/units/gtsc/gtsc.md): every gtsc_l1, gtsc_l2 and gtsc_ovf in lockstep, the small
# configuration (TsWidth 6: about 6 000 timestamp resets in 10^6 cycles). The thesis
# configuration (Table 3.3: 8 banks, one Verilated model for all of them: bank_i) is not a row yet:
# single build took 10-15 minutes on this machine (issue 29); its area page is to come
sysrow gtsc-small "$CYCLES" docs/units/gtsc/gtsc.md --protocol gtsc
sysrow gtscsc-small "$CYCLES" docs/units/gtsc/gtsc.md --protocol gtsc-sc

echo
echo "gpucoh run: every catalogue unit at its default parameters (seed 1)"
printf '%-12s %10s %10s %10s %9s %10s %12s %8s %7s %9s %9s\n' unit cycles compared mismatches \
    coverage "Mcycles/s" "area um^2" kGE flops "fmax MHz" "w/ I/O"
printf '%s\n' "${rows[@]}"
echo "$json]" > "$OUT/run-summary.json.tmp" && mv "$OUT/run-summary.json.tmp" "$OUT/run-summary.json"
cat <<'LEGEND'

legend: every row is C model and RTL in lockstep from the same stimulus (seed 1), both compared
  every cycle; the run stops at the first difference.
  cycles      clock cycles simulated (the paper-size system rows run a tenth of the small ones;
              DeNovo's too)
  compared    cycles whose outputs and state were compared, C against RTL; for the system rows
              unit-cycles: every L1, L2 bank and the timer, each cycle (so more than cycles)
  mismatches  first differences found (0 or 1: a difference stops the run and is reported)
  coverage    the unit page's rule transitions reached / reachable at these parameters (system
              rows: L1 + L2 rows together). Below 100 % is not a failure of make run: the paper-
              size rows do not reach every rare row in CYCLES/10 cycles (e.g. 77/80; docs/system.md
              section 6 names the rows left open)
  Mcycles/s   lockstep speed
  area ...    the committed synthesis result at the unit's default parameters (synth/results/,
              osu018, 100 MHz target); '*' = stale, made from older RTL or flow (re-run the
              synth script named above); the caches' area is in docs/area-tc.md / area-gpu.md
  w/ I/O      fmax with the I/O budget: inputs arrive 30 % of the cycle after the edge, outputs
              are due 30 % before the next, as for a block inside an SM (docs/area-method.md 2.5);
              fmax MHz is the same netlist at zero I/O delay
LEGEND
echo "report: $OUT/run-summary.json"
if [ ${#stale_units[@]} -gt 0 ]; then
    echo "stale area results (marked *): ${stale_units[*]}"
fi
if [ "$status" -eq 0 ]; then
    echo "VERDICT: PASS (every row ran with 0 mismatches and no unexpected RTL assertion)"
else
    echo "VERDICT: FAIL (a row failed, could not run or printed a raw RTL assertion line; its log: $OUT/run-<row>.log)"
fi
exit $status
