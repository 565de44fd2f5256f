#!/usr/bin/env bash
# Lint the RTL: for every unit rtl/<unit>.sv (all rtl/*.sv except the packages rtl/*_pkg.sv),
#   verilator  verilator --lint-only -Wall, with the package and rtl/lint/*.vlt
#   yosys      Yosys parse gate (read_verilog -sv; hierarchy; proc); any warning or error fails,
#              in particular "implicitly declared", which is how Yosys 0.23 reports constructs
#              it silently mis-reads (arrays of structs, interfaces)
#   iverilog   Icarus Verilog -g2012 compile
# and for every rtl/**/*.sv and *.svh file,
#   single     one description per register: the only conditionals are `ifndef SYNTHESIS /
#              __ICARUS__ around assertions, no register written there (tools/check_single.sh)
#   style      ASCII only, no tabs, no trailing spaces, final newline, <= 100 columns, no
#              parameter set to '1 (Yosys 0.23 reads 1), and for a .sv file exactly one module
#              or package, named as the file
# One line per check; exit status 1 if any check failed. Logs go to build/lint/.
#
#   tools/lint_rtl.sh            all units
#   tools/lint_rtl.sh UNIT...    only these units (the style check still covers every file)
#   LINT_DEFAULTS=1 tools/lint_rtl.sh   Yosys and Icarus at the defaults too (slow: make regress)
# Yosys and Icarus elaborate a catalogue unit at the reduced sizes of its manifest field
# lint_params (gpucoh units --get lint_params UNIT; build/gpucoh is needed) and any other module
# (a primitive: sig_store) at those of rtl/lint/gate_params.txt; Verilator always lints at the
# defaults.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

# every package, read before the units by every tool: the shared atomic codes first (the
# family packages do not name them, but every tool needs a package read before its first use)
PKGS=(rtl/gpucoh_atom_pkg.sv)
for f in rtl/*_pkg.sv rtl/*/*_pkg.sv; do [[ $f == rtl/gpucoh_atom_pkg.sv ]] || PKGS+=("$f"); done
INC=rtl/include
OUT=build/lint
MAX_COLS=100
mkdir -p "$OUT"

for tool in verilator yosys iverilog; do
    command -v "$tool" >/dev/null || { echo "lint_rtl: $tool not installed (run make deps)" >&2; exit 2; }
done

shopt -s nullglob globstar
VLT=(rtl/lint/*.vlt)
# every module file: rtl/ and its family folders (docs/framework.md "Family folders"), but not
# rtl/test/ (the test protocol's RTL, step 6); FILE_OF[module] is its file
declare -A FILE_OF
MODS=()
for f in rtl/*.sv rtl/*/*.sv; do
    [[ $f == rtl/test/* || $f == *_pkg.sv ]] && continue
    m=$(basename "$f" .sv)
    [ -z "${FILE_OF[$m]:-}" ] || { echo "lint_rtl: module file $m.sv twice: ${FILE_OF[$m]} and $f" >&2; exit 2; }
    FILE_OF[$m]=$f
    MODS+=("$m")
done
# in name order, as the one folder listed them before (sort collates as the glob did)
mapfile -t MODS < <(printf '%s\n' "${MODS[@]}" | sort)

if [ $# -gt 0 ]; then
    UNITS=("$@")
else
    UNITS=("${MODS[@]}")
fi

# the catalogue units: their lint sizes are in the unit manifest (docs/framework.md)
G=build/gpucoh
CATALOGUE=" "
if [ "${LINT_DEFAULTS:-0}" != 1 ]; then
    [ -x "$G" ] || {
        echo "lint_rtl: $G missing (make build; the units' lint sizes are in the manifest)" >&2
        exit 2
    }
    CATALOGUE=" $("$G" units --get name | tr '\n' ' ')"
fi
# gate_params UNIT: its reduced sizes as " Name=Value ...", "" for none
gate_params() {
    local v
    if [[ $CATALOGUE == *" $1 "* ]]; then
        v=$("$G" units --get lint_params "$1")
        echo "${v:+ $v}"
    else
        awk -v u="$1" '$1 == u { $1 = ""; print }' rtl/lint/gate_params.txt
    fi
}

failed=0
result() { # STATUS CHECK SUBJECT [DETAIL]
    printf '%-4s  %-9s  %s%s\n' "$1" "$2" "$3" "${4:+  ($4)}"
    if [ "$1" = FAIL ]; then failed=1; fi
}

# The files a unit needs: its own and, recursively, those of the modules it instantiates (rdu
# and avu instantiate sig_hash and sig_store, tc_l1 instantiates tc_gwct). Only these are read:
# Yosys elaborates every module it reads at its default parameters, so reading all files would
# elaborate tc_l2 at the paper configuration for every unit. A module name counts as used when
# it appears as "name #(" or "name u_..." in a file already needed.
deps_of() { # UNIT -> the module files it needs, itself first
    local todo=("$1") seen=" $1 " m f n
    local out=()
    while [ ${#todo[@]} -gt 0 ]; do
        m=${todo[0]}
        todo=("${todo[@]:1}")
        f=${FILE_OF[$m]}
        out+=("$f")
        for n in "${MODS[@]}"; do
            [[ $seen == *" $n "* ]] && continue
            if grep -qE "^[[:space:]]*${n}[[:space:]]*(#|u_|i_|g_)" "$f"; then
                seen+="$n "
                todo+=("$n")
            fi
        done
    done
    printf '%s\n' "${out[@]}"
}

for u in "${UNITS[@]}"; do
    src=${FILE_OF[$u]:-}
    if [ -z "$src" ]; then
        result FAIL unit "$u" "no file rtl/[FAMILY/]$u.sv"
        continue
    fi

    mapfile -t ALL < <(deps_of "$u")
    # reduced sizes for the Yosys and Icarus gates (the manifest, rtl/lint/gate_params.txt)
    YP="" IP=() GP=""
    if [[ $CATALOGUE == *" $u "* ]] &&
        awk -v u="$u" '$1 == u { f = 1 } END { exit !f }' rtl/lint/gate_params.txt; then
        result FAIL unit "$u" "in rtl/lint/gate_params.txt: a catalogue unit's are its lint_params"
    fi
    if [ "${LINT_DEFAULTS:-0}" != 1 ]; then
        GP=$(gate_params "$u")
        for kv in $GP; do
            YP+=" -chparam ${kv%%=*} ${kv#*=}"
            IP+=("-P$u.$kv")
        done
    fi

    # (1) Verilator, all warnings on.
    log=$OUT/$u.verilator.log
    if verilator --lint-only -Wall "-I$INC" --top-module "$u" "${VLT[@]}" "${PKGS[@]}" "${ALL[@]}" \
            > "$log" 2>&1; then
        result PASS verilator "$u"
    else
        result FAIL verilator "$u" "see $log"
        sed 's/^/      /' "$log" | head -20
    fi

    # (2) Yosys parse gate. -q leaves only warnings and errors on the console; the full log is
    # kept next to it for reading.
    log=$OUT/$u.yosys.log
    if yosys -q -l "$OUT/$u.yosys.full.log" \
            -p "read_verilog -defer -sv -I$INC ${PKGS[*]} ${ALL[*]}; hierarchy -check -top $u$YP; proc" \
            > "$log" 2>&1 && ! grep -qiE 'implicitly declared|warning|error' "$log"; then
        result PASS yosys "$u" "${GP:+at${GP}}"
    else
        result FAIL yosys "$u" "see $log"
        sed 's/^/      /' "$log" | head -20
    fi

    # (3) Icarus Verilog compile. Its code generator notes that it does not enforce
    # unique/unique0 (a "sorry", not an error); that note is dropped, anything else fails.
    log=$OUT/$u.iverilog.log
    if iverilog -g2012 "-I$INC" -s "$u" "${IP[@]}" -o /dev/null "${PKGS[@]}" "${ALL[@]}" > "$log" 2>&1 &&
            ! grep -v 'sorry: Case unique/unique0 qualities are ignored' "$log" | grep -q .; then
        result PASS iverilog "$u" "${GP:+at${GP}}"
    else
        result FAIL iverilog "$u" "see $log"
        sed 's/^/      /' "$log" | head -20
    fi
done

# (4) One description per register: no simulator- or synthesis-specific branch (check_single.sh).
for f in rtl/**/*.sv; do
    if line=$(bash tools/check_single.sh "$f"); then echo "$line"; else echo "$line"; failed=1; fi
done

# (5) Text style over every RTL source and header.
for f in rtl/**/*.sv rtl/**/*.svh; do
    why=()
    if LC_ALL=C grep -qP '[^\x00-\x7F]' "$f"; then why+=("non-ASCII"); fi
    if grep -qP '\t' "$f"; then why+=("tab"); fi
    if grep -qE '[[:space:]]$' "$f"; then why+=("trailing space"); fi
    if [ -s "$f" ] && [ -n "$(tail -c 1 "$f")" ]; then why+=("no final newline"); fi
    long=$(awk -v max="$MAX_COLS" 'length > max { n++ } END { print n + 0 }' "$f")
    if [ "$long" -gt 0 ]; then why+=("$long line(s) over $MAX_COLS columns"); fi
    # a typed (local)parameter given the fill literal '1: Yosys 0.23 reads it as 1 zero-extended,
    # Verilator as all ones (denovo_l1's AllW: its netlist wanted one word of four); write
    # {W{1'b1}} (docs/testing.md, "The DeNovo system")
    if grep -qE "^[[:space:]]*(localparam|parameter)[[:space:]].*=[[:space:]]*'1[[:space:]]*[;,)]" "$f"; then
        why+=("a parameter set to '1 (Yosys 0.23 reads 1; write {W{1'b1}})")
    fi
    if [[ $f == *.sv ]]; then
        want=$(basename "$f" .sv)
        names=$(sed -nE 's/^[[:space:]]*(module|package)[[:space:]]+([A-Za-z_][A-Za-z0-9_$]*).*/\2/p' \
            "$f")
        if [ "$names" != "$want" ]; then
            why+=("declares '${names//$'\n'/ }', expected one module/package '$want'")
        fi
    fi
    if [ ${#why[@]} -eq 0 ]; then
        result PASS style "$f"
    else
        result FAIL style "$f" "$(IFS=';'; echo "${why[*]}")"
        # Point at the offending lines (at most a few of each kind).
        {
            LC_ALL=C grep -nP '[^\x00-\x7F]' "$f" | head -3 || true
            grep -nP '\t' "$f" | head -3 || true
            grep -nE '[[:space:]]$' "$f" | head -3 || true
            grep -nE "^[[:space:]]*(localparam|parameter)[[:space:]].*=[[:space:]]*'1[[:space:]]*[;,)]" "$f" |
                head -3 || true
            awk -v max="$MAX_COLS" 'length > max { print FNR ": " length " columns" }' "$f" | head -3
        } | sed "s|^|      $f:|"
    fi
done

# (6) The test protocol's RTL (rtl/test/: tests/test_gsys_proto.c's nc units, not catalogue
# units): Verilator's -Wall lint, each file alone.
if [ $# -eq 0 ]; then
    for f in rtl/test/*.sv; do
        log=$OUT/test-$(basename "$f" .sv).verilator.log
        if verilator --lint-only -Wall "$f" > "$log" 2>&1; then
            result PASS verilator "$f"
        else
            result FAIL verilator "$f" "see $log"
            sed 's/^/      /' "$log" | head -20
        fi
    done
fi

if [ "$failed" -ne 0 ]; then
    echo "lint_rtl: FAILED"
    exit 1
fi
echo "lint_rtl: all checks passed"
