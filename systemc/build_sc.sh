#!/usr/bin/env bash
# Build the SystemC pin-level flavours and the lockstep of one unit for one parameter set
# (docs/systemc.md section 1).
#
#   systemc/build_sc.sh OUTDIR BIN UNIT TOP KEY RTL_DIR RTL_FILE... -- [Name=Value ...]
#
# GPUCOH_UNIT_VFLAGS: the unit's extra Verilator flags, its manifest field verilator_flags (set
# by the caller).
# Called by build/systemc/sc_lockstep (systemc/sc_front.c), which computes OUTDIR
# (build/systemc/<unit>-<hash>: the parameters and the bytes of the RTL, the SystemC sources and
# this script) and BIN (OUTDIR/lockstep-<hash of build/systemc/libgpucoh_host.a>).
#
# OUTDIR, made atomically (built in a temporary directory, then renamed):
#   <unit>_sc_rtl.h        the RTL flavour: `verilator --sc --prefix <unit>_sc_rtl`, an sc_module
#   lib<unit>_sc_rtl.a     its objects
#   <unit>_sc_params.h     the parameter set as constants (namespace <unit>_sc_p), read by the C
#                          flavour's header systemc/<unit>_sc_c.h
#   sc_lockstep.o          systemc/sc_lockstep.cpp for this unit
#   <unit>_sc_widths.h     the RTL's port widths (verilator --xml-only), checked against the
#                          unit's port table (cmodel/<unit>_ports.h) at compile time by the lockstep
#   ports.txt              the RTL flavour's ports: name, direction, type, width
#   runtime                a link to the shared runtime below
#   key.txt, build.log
# Shared by every unit: build/systemc/runtime-<hash>/libgpucoh_sc_rt.a, the Verilator runtime
# compiled for SystemC with VL_USER_STOP plus systemc/gpucoh_sc_rt.cpp (assertion counter).
# BIN is then linked from sc_lockstep.o, the two archives and build/systemc/libgpucoh_host.a
# (the C models, the testbench stimulus, the reports: `make systemc`).
set -euo pipefail

if [ $# -lt 7 ]; then
    echo "usage: $0 OUTDIR BIN UNIT TOP KEY RTL_DIR RTL_FILE... -- [Name=Value ...]" >&2
    exit 2
fi
OUT=$1 BIN=$2 UNIT=$3 TOP=$4 KEY=$5 RTLDIR=$6
shift 6
FILES=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do FILES+=("$RTLDIR/$1"); shift; done
[ "${1:-}" = "--" ] && shift
PARAMS=("$@")

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SC=$ROOT/systemc
VINC=/usr/share/verilator/include
SCINC=${SYSTEMC_INCLUDE:-/usr/include}
SCLIB=${SYSTEMC_LIBDIR:-/usr/lib/x86_64-linux-gnu}
HOST=$ROOT/build/systemc/libgpucoh_host.a
JOBS=${GPUCOH_JOBS:-2}
command -v verilator > /dev/null || { echo "build_sc: verilator not installed (run make deps)" >&2; exit 2; }
[ -f "$SCINC/systemc.h" ] || { echo "build_sc: no $SCINC/systemc.h (libsystemc-dev; make deps)" >&2; exit 2; }
. "$ROOT/tools/paths.sh"
SC_C=$(gpucoh_find systemc "${UNIT}_sc_c.h") ||
    { echo "build_sc: no C flavour $SC/[FAMILY/]${UNIT}_sc_c.h for unit '$UNIT'" >&2; exit 2; }
CMINC=() # the port tables and models the C flavour includes: cmodel/ and its family folders
while read -r d; do CMINC+=("-I$d"); done < <(gpucoh_dirs cmodel)
[ -f "$HOST" ] || { echo "build_sc: $HOST missing (run make systemc)" >&2; exit 2; }

# GPUCOH_SC_OPT: the C++ optimization of both flavours (default -O2; make test builds at -O0,
# docs/systemc.md section 1, "How they are built": a build takes half the time, a 100 000-cycle run about 1 s more)
OPT=${GPUCOH_SC_OPT:--O2}
case $OPT in -O0 | -O1 | -O2 | -O3 | -Os) ;; *) echo "build_sc: GPUCOH_SC_OPT '$OPT' is not -O0..-O3 or -Os" >&2; exit 2 ;; esac
CXXW=(-std=c++17 -Wall -Wextra -Werror)
# Verilator's and SystemC's headers are not ours to warn about (/usr/include already is a system
# directory, and naming it again breaks the C++ library's #include_next)
SYSINC=(-isystem "$VINC" -isystem "$VINC/vltstd")
[ "$SCINC" = /usr/include ] || SYSINC+=(-isystem "$SCINC")
DEFS=(-DVM_COVERAGE=0 -DVM_SC=1 -DVM_TRACE=0 -DVM_TRACE_FST=0 -DVM_TRACE_VCD=0)

# ---- the runtime, once per compiler flags and Verilator version --------------------------------
RT=$ROOT/build/systemc/runtime-$(printf '%s %s %s %s' "$OPT ${DEFS[*]}" "$(verilator --version)" \
    "$(cksum < "$SC/gpucoh_sc_rt.cpp")" "$(g++ --version | head -1)" | cksum | cut -d' ' -f1)
mkdir -p "$RT"
(
    flock 9
    if [ ! -f "$RT/libgpucoh_sc_rt.a" ]; then
        T=$(mktemp -d "$RT/tmp.XXXXXX")
        for s in verilated verilated_threads; do
            g++ -std=gnu++17 $OPT -faligned-new -DVL_USER_STOP "${DEFS[@]}" "${SYSINC[@]}" \
                -c "$VINC/$s.cpp" -o "$T/$s.o"
        done
        g++ "${CXXW[@]}" $OPT -faligned-new "${DEFS[@]}" "${SYSINC[@]}" \
            -c "$SC/gpucoh_sc_rt.cpp" -o "$T/gpucoh_sc_rt.o"
        ar rcs "$T/libgpucoh_sc_rt.a" "$T"/*.o
        # systemc.h and verilated.h precompiled for sc_lockstep.cpp (about 3 s of every build;
        # g++ falls back to the headers if it cannot use it)
        mkdir -p "$T/pch"
        printf '#include <systemc.h>\n#include "verilated.h"\n' > "$T/pch/sc_pch.h"
        g++ "${CXXW[@]}" $OPT -faligned-new "${DEFS[@]}" "${SYSINC[@]}" -x c++-header \
            "$T/pch/sc_pch.h" -o "$T/pch/sc_pch.h.gch" 2> /dev/null || rm -f "$T/pch/sc_pch.h.gch"
        rm -rf "$RT/pch" && mv "$T/pch" "$RT/pch"
        mv "$T/libgpucoh_sc_rt.a" "$RT/libgpucoh_sc_rt.a"
        rm -rf "$T"
    fi
) 9> "$RT/.lock"

# ---- the two flavours and the lockstep object, once per parameter set --------------------------
if [ ! -f "$OUT/sc_lockstep.o" ]; then
    mkdir -p "$(dirname "$OUT")"
    TMP=$(mktemp -d "$OUT.tmp.XXXXXX")
    trap 'rm -rf "$TMP"' EXIT
    PREFIX=${UNIT}_sc_rtl
    GP=()
    for p in "${PARAMS[@]}"; do GP+=("-G$p"); done
    # the unit's own flags: its manifest field verilator_flags (the caller sets the variable)
    read -ra UNROLL <<< "${GPUCOH_UNIT_VFLAGS:-}"
    # the flags of tools/build_rtl.sh (same RTL behaviour as the dlopen shims), --sc for SystemC
    if ! verilator --sc -O3 --x-assign fast --x-initial fast --assert \
            --output-split 20000 --output-split-cfuncs 500 "${UNROLL[@]}" \
            --prefix "$PREFIX" --top-module "$TOP" -Mdir "$TMP/obj" \
            "+incdir+$RTLDIR/include" "${GP[@]}" "${FILES[@]}" > "$TMP/verilator.log" 2>&1; then
        cat "$TMP/verilator.log" >&2
        echo "build_sc: verilator rejected $TOP with ${GP[*]:-default parameters}" >&2
        exit 1
    fi
    make -s -C "$TMP/obj" -f "$PREFIX.mk" -j"$JOBS" OPT_FAST=$OPT OPT_SLOW=$OPT OPT_GLOBAL=$OPT \
        SYSTEMC_INCLUDE="$SCINC" SYSTEMC_LIBDIR="$SCLIB" "${PREFIX}__ALL.a" > "$TMP/make.log" 2>&1 ||
        { cat "$TMP/make.log" >&2; exit 1; }
    cp "$TMP/obj/${PREFIX}__ALL.a" "$TMP/lib${PREFIX}.a"
    cp "$TMP/obj/$PREFIX.h" "$TMP/$PREFIX.h"
    # The RTL's port widths (Verilator's XML of the same elaboration) for the lockstep's
    # compile-time check of the port table's widths: <unit>_sc_widths.h, namespace <unit>_sc_rtl_w
    verilator --xml-only --xml-output "$TMP/ports.xml" --top-module "$TOP" \
        "+incdir+$RTLDIR/include" "${GP[@]}" "${FILES[@]}" > /dev/null 2>&1 ||
        { echo "build_sc: verilator --xml-only failed on $TOP" >&2; exit 1; }
    awk -v ns="${UNIT}_sc_rtl_w" '
        match($0, /<basicdtype [^>]*id="[0-9]+"/) {
            id = $0; sub(/.* id="/, "", id); sub(/".*/, "", id)
            w = 1
            if ($0 ~ / left="/) {
                l = $0; sub(/.* left="/, "", l); sub(/".*/, "", l)
                r = $0; sub(/.* right="/, "", r); sub(/".*/, "", r)
                w = (l > r ? l - r : r - l) + 1
            }
            width[id] = w
        }
        /<module .*topModule="1"/ { top = 1; next }
        top && /<\/module>/ { top = 0 }
        top && /<var .* dir="(input|output)" pinIndex=/ {
            n = $0; sub(/.* name="/, "", n); sub(/".*/, "", n)
            d = $0; sub(/.* dtype_id="/, "", d); sub(/".*/, "", d)
            port[++np] = n; pd[np] = d
        }
        END {
            print "// generated by systemc/build_sc.sh: the RTL ports'"'"' widths (verilator --xml-only)"
            print "namespace " ns " {"
            for (i = 1; i <= np; i++)
                if (pd[i] in width) printf "constexpr unsigned %s = %d;\n", port[i], width[pd[i]]
                else printf "// %s: not a plain vector (dtype %s)\n", port[i], pd[i]
            print "} // namespace " ns
        }' "$TMP/ports.xml" > "$TMP/${UNIT}_sc_widths.h"
    rm -f "$TMP/ports.xml"
    # the ports as Verilator emitted them (docs/systemc.md: the C flavour declares the same)
    sed -n 's/^ *\(sc_in\|sc_out\)<\(.*[^ ]\) *> &\([A-Za-z0-9_]*\);$/\3 \1 \2/p' "$TMP/$PREFIX.h" |
        sort | while read -r p d t; do
            printf '%s %s %s %s\n' "$p" "$d" "$t" \
                "$(sed -n "s/^constexpr unsigned $p = \([0-9]*\);$/\1/p" "$TMP/${UNIT}_sc_widths.h")"
        done > "$TMP/ports.txt"
    {
        echo "// generated by systemc/build_sc.sh: the parameter set of this build directory"
        echo "// $KEY"
        echo "#ifndef GPUCOH_${UNIT^^}_SC_PARAMS_H"
        echo "#define GPUCOH_${UNIT^^}_SC_PARAMS_H"
        echo "#include <cstdint>"
        echo "namespace ${UNIT}_sc_p {"
        for p in "${PARAMS[@]}"; do echo "constexpr uint64_t ${p%%=*} = ${p#*=}ull;"; done
        echo "} // namespace ${UNIT}_sc_p"
        echo "#endif"
    } > "$TMP/${UNIT}_sc_params.h"
    # the lockstep netlist with the C flavour (systemc/<unit>_sc_c.h: the unit's port table,
    # cmodel/<unit>_ports.h) and the RTL flavour; it static_asserts every row's width against
    # <unit>_sc_widths.h, the RTL's (the one copy of the ports checked against the RTL)
    if ! g++ "${CXXW[@]}" $OPT -faligned-new "${DEFS[@]}" "${SYSINC[@]}" \
            -include "$RT/pch/sc_pch.h" -I"$TMP" -I"$SC" -I"$(dirname "$SC_C")" "${CMINC[@]}" -I"$ROOT/tb/engine" \
            -DGPUCOH_SC_UNIT="$UNIT" -DGPUCOH_SC_C_H="\"${UNIT}_sc_c.h\"" \
            -DGPUCOH_SC_RTL_H="\"$PREFIX.h\"" -DGPUCOH_SC_WIDTHS_H="\"${UNIT}_sc_widths.h\"" \
            -DGPUCOH_SC_KEY="\"$KEY\"" \
            -c "$SC/sc_lockstep.cpp" -o "$TMP/sc_lockstep.o" 2> "$TMP/cxx.log"; then
        cat "$TMP/cxx.log" >&2
        cp "$TMP/ports.txt" "$OUT.ports.txt" 2> /dev/null || true
        echo "build_sc: the lockstep of $UNIT did not compile (the port table" \
            "cmodel/${UNIT}_ports.h against the RTL's ports: $OUT.ports.txt lists Verilator's)" >&2
        exit 1
    fi
    cat "$TMP/verilator.log" "$TMP/make.log" "$TMP/cxx.log" > "$TMP/build.log"
    rm -f "$TMP/verilator.log" "$TMP/make.log" "$TMP/cxx.log"
    printf '%s\n' "$KEY" > "$TMP/key.txt"
    ln -s "$RT" "$TMP/runtime" # the runtime to link a netlist of one's own with
    rm -rf "$TMP/obj"
    if ! mv -T "$TMP" "$OUT" 2> /dev/null; then
        # another build finished the same entry first; theirs is identical
        [ -f "$OUT/sc_lockstep.o" ] || { echo "build_sc: could not install $OUT" >&2; exit 1; }
        rm -rf "$TMP"
    fi
    trap - EXIT
fi

# ---- the lockstep binary ------------------------------------------------------------------------
if [ ! -f "$BIN" ]; then
    g++ -o "$BIN.tmp.$$" "$OUT/sc_lockstep.o" "$OUT/lib${UNIT}_sc_rtl.a" "$HOST" \
        "$RT/libgpucoh_sc_rt.a" -L"$SCLIB" -lsystemc -pthread -ldl -lm
    mv "$BIN.tmp.$$" "$BIN"
fi
