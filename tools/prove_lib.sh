# shellcheck shell=bash
# The shared part of the single-owner proofs tools/prove_denovo_l2.sh and tools/prove_hlrc_l2.sh
# (yosys-smtbmc and z3 on one L2 unit), sourced by each. The script sets, before sourcing:
#   P          its name in messages ("prove_hlrc_l2")
#   UNIT       the unit's RTL under rtl/ ("hlrc/hlrc_l2.sv")
#   OUT        the output folder (build/formal/hlrc_l2)
#   K          the induction depth (yosys-smtbmc -i -t K)
#   MUT_DEPTH  the BMC depth of a mutant run
#   HELP       set: --help prints the script's head comment (hlrc); unset: not an option
#   KEEP       optional: the names of the unit's assertions the proof is of (words); every other
#              `assert` cell is deleted after flatten (gtsc: I1 alone, not the unit's others)
# and then calls prove_args "$@", prove_dir, (its own file preparation: prove_fifo), prove_model FILES TOP,
# prove_run WHAT. The variables it reads after: RTL (the unit, or the mutant's copy), D (the run
# folder), NAME (rtl, rtl-p or the mutant's name), CHP (the -chparam list), mf (the mutant file).

# the tools, the arguments: --param Name=Value..., --mutant-file F (its copy of the RTL made)
prove_args() {
    local t
    for t in yosys yosys-smtbmc z3; do
        command -v "$t" >/dev/null || { echo "$P: $t not installed (run make deps)" >&2; exit 2; }
    done
    RTL=rtl/$UNIT
    NAME=rtl
    CHP=""
    mf=""
    while [ $# -gt 0 ]; do
        case $1 in
        --param)
            kv=${2:?--param needs Name=Value}
            [[ $kv =~ ^[A-Z][A-Za-z0-9]*=[0-9]+$ ]] || { echo "$P: bad --param $kv" >&2; exit 2; }
            CHP+=" -chparam ${kv%%=*} ${kv#*=}"
            NAME=rtl-p; shift 2 ;;
        --mutant-file) mf=${2:?--mutant-file needs a file}; shift 2 ;;
        -h|--help)
            [ -n "${HELP:-}" ] || prove_usage
            sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) prove_usage ;;
        esac
    done
    [ -z "$mf" ] || prove_mutant
}

prove_usage() {
    echo "usage: $0 [--param Name=Value]... [--mutant-file F]${HELP:+ [--help]}" >&2
    exit 2
}

# the copy of the RTL with the mutant mf applied: RTL, NAME
prove_mutant() {
    [ -f "$mf" ] || { echo "$P: no mutant file $mf" >&2; exit 2; }
    # the keys of tb/engine/mutants.c: "key: value", one space after the colon, value verbatim
    key() { sed -n "s/^$1: \{0,1\}//p" "$mf" | head -1; }
    f=$(key file) from=$(key find) to=$(key replace)
    [ "$f" = "$UNIT" ] ||
        { echo "$P: $mf mutates $f, not $UNIT" >&2; exit 2; }
    [ "$(grep -cF -- "$from" "rtl/$f")" = 1 ] ||
        { echo "$P: $mf: its find text is not in rtl/$f exactly once" >&2; exit 2; }
    NAME=$(basename "$mf" .mut)
    mkdir -p "$OUT/$NAME"
    RTL=$OUT/$NAME/$(basename "$UNIT")
    python3 - "rtl/$f" "$RTL" "$from" "$to" <<'PY'
import sys
s = open(sys.argv[1]).read()
open(sys.argv[2], 'w').write(s.replace(sys.argv[3], sys.argv[4], 1))
PY
}

# the run's folder D, emptied of the last run's traces, logs and model
prove_dir() {
    D=$OUT/$NAME
    mkdir -p "$D"
    rm -f "$D"/*.vcd "$D"/*.log "$D"/*.smt2
}

# prove_fifo: FIFO, a copy of rtl/prim/gpucoh_fifo.sv in D whose one assertion (`rst_ni |-> P`,
# a property of one state) reads `!rst_ni || P`: Yosys 0.23 parses no implication in `assert
# property`. The file itself is left as it is (gpu_l1, gpu_l2, tc_l1 and tc_l2's synthesis
# fingerprints hash it).
prove_fifo() {
    FIFO=$D/gpucoh_fifo.sv
    sed 's/rst_ni |-> (/!rst_ni || (/' rtl/prim/gpucoh_fifo.sv > "$FIFO"
    [ "$(grep -c -- '|->' "$FIFO")" = 0 ] && [ "$(grep -c -- '!rst_ni || (' "$FIFO")" = 1 ] ||
        { echo "$P: the rewrite of gpucoh_fifo.sv's assertion no longer applies" >&2; exit 2; }
}

# prove_model "FILES" TOP: Yosys's and-inverter netlist of the harness TOP read from FILES (after
# the assertion header), as $D/model.smt2; t0 its start; prints the assertions it holds
prove_model() {
    t0=$(date +%s)
    local keep="" n u=""
    if [ -n "${KEEP:-}" ]; then # t:$assert minus the union of the kept names
        for n in $KEEP; do keep+=" n:*.$n$u"; u=" %u"; done
        keep="delete t:\$assert$keep %d"
    fi
    yosys -q -l "$D/yosys.log" -p "
read_verilog -defer -sv -formal -Irtl/include tests/formal/gpucoh_assert_formal.svh \
    $1
hierarchy -check -top $2$CHP
prep -top $2
flatten
$keep
opt -full
techmap
opt -fast
abc -g AND
opt_clean
async2sync
dffunmap
write_smt2 -wires $D/model.smt2" > /dev/null ||
        { echo "$P: yosys failed, see $D/yosys.log" >&2; exit 2; }
    n=$(grep -c '^; yosys-smt2-assert ' "$D/model.smt2")
    echo "$P: $NAME: $n assertions ($(grep '^; yosys-smt2-assert ' "$D/model.smt2" |
        awk '{print $4}' | sed 's/^dut\.//' | tr '\n' ' ' | sed 's/ $//'))"
}

# run_smtbmc LABEL ARGS...: 0 passed, 1 an assertion failed (trace printed), 2 anything else
run_smtbmc() {
    local label=$1; shift
    local log=$D/$label.log t=$(date +%s)
    yosys-smtbmc -s z3 "$@" --dump-vcd "$D/$label.vcd" "$D/model.smt2" > "$log" 2>&1 || true
    if grep -q 'Status: PASSED' "$log"; then
        echo "$P: $NAME: $label passed ($(( $(date +%s) - t )) s)"
        rm -f "$D/$label.vcd"
        return 0
    elif grep -q 'Status: FAILED' "$log" && [ -s "$D/$label.vcd" ]; then
        local step
        step=$(sed -n 's/.*Checking assertions in step \([0-9]*\)\.\..*/\1/p' "$log" | tail -1)
        echo "$P: $NAME: $label FAILED ($(( $(date +%s) - t )) s)$([ "$label" = bmc ] &&
            echo " at step $step")"
        grep 'Assert failed in' "$log" | sed 's/.*Assert failed in [^:]*: /  assertion failed: /'
        echo "  counterexample: $D/$label.vcd"
        return 1
    fi
    echo "$P: $NAME: $label: no verdict, see $log" >&2
    return 2
}

# prove_run WHAT: the proof (base case, then K-step induction; "PROVEN WHAT: ...") or, with a
# mutant, its BMC run (CAUGHT / SURVIVED); exits with run_smtbmc's code
prove_run() {
    local rc=0
    if [ -z "$mf" ]; then
        run_smtbmc bmc -t "$K" || rc=$?
        [ "$rc" -eq 0 ] && { run_smtbmc induction -i -t "$K" || rc=$?; }
        [ "$rc" -eq 0 ] && echo "PROVEN $1: base case and" \
            "$K-step induction${CHP:+ at$CHP}, $(( $(date +%s) - t0 )) s"
    else
        run_smtbmc bmc -t "$MUT_DEPTH" || rc=$?
        [ "$rc" -eq 1 ] && echo "CAUGHT $NAME: the proof fails ($(( $(date +%s) - t0 )) s)"
        [ "$rc" -eq 0 ] && echo "SURVIVED $NAME: no counterexample within $MUT_DEPTH steps"
    fi
    exit "$rc"
}
