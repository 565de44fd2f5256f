#!/usr/bin/env bash
# Build one Verilated unit, for one parameter set, into a loadable model.so.
#
#   tools/build_rtl.sh OUTDIR TOP KEY RTL_FILE... -- [Name=Value ...]
#
# OUTDIR is the cache entry (build/rtl/<unit>-<hash>); it appears atomically (built in a
# temporary directory, then renamed), so an interrupted build never leaves a half-built entry.
# The Verilator runtime objects are compiled once into build/rtl/runtime/ and shared.
# Called by gpucoh (tb/rtl_load.c); the shim is verilator/<TOP>_rtl.cpp.
set -euo pipefail

if [ $# -lt 5 ]; then
    echo "usage: $0 OUTDIR TOP KEY RTL_FILE... -- [Name=Value ...]" >&2
    exit 2
fi
OUT=$1; TOP=$2; KEY=$3; shift 3
FILES=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do FILES+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
GPARAMS=()
for p in "$@"; do GPARAMS+=("-G$p"); done

ROOT=$(cd "$(dirname "$0")/.." && pwd)
VINC=/usr/share/verilator/include
SHIM=$ROOT/verilator/${TOP}_rtl.cpp
[ -f "$SHIM" ] || { echo "build_rtl: no shim $SHIM for unit '$TOP'" >&2; exit 2; }
command -v verilator >/dev/null || { echo "build_rtl: verilator not installed (run make deps)" >&2; exit 2; }

if [ -f "$OUT/model.so" ]; then exit 0; fi
mkdir -p "$(dirname "$OUT")"
TMP=$(mktemp -d "$OUT.tmp.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

OPT="-O2"
# VL_USER_STOP: the shim supplies vl_stop(), so a failed RTL assertion bumps a plain
# counter that the testbench reads every cycle without taking the context's mutex.
CFL="-fPIC $OPT -DVL_USER_STOP"
# runtime objects depend only on these flags and the Verilator version: share them per pair
RUNTIME=$ROOT/build/rtl/runtime-$(printf '%s %s' "$CFL" "$(verilator --version)" | cksum | cut -d' ' -f1)
# -O3 / x-assign fast / x-initial fast: the speed settings the Verilator manual recommends.
# --assert keeps the RTL's rule assertions live during co-simulation.
if ! verilator --cc --trace-fst -O3 --x-assign fast --x-initial fast ${GPUCOH_VFLAGS:---assert} \
        -CFLAGS "$CFL" --prefix "V$TOP" --top-module "$TOP" -Mdir "$TMP/obj" \
        "+incdir+$ROOT/rtl/include" "${GPARAMS[@]}" "${FILES[@]}" > "$TMP/verilator.log" 2>&1; then
    cat "$TMP/verilator.log" >&2
    echo "build_rtl: verilator rejected $TOP with ${GPARAMS[*]:-default parameters}" >&2
    exit 1
fi
JOBS=${GPUCOH_JOBS:-2}
make -s -C "$TMP/obj" -f "V$TOP.mk" -j"$JOBS" OPT_FAST="$OPT" OPT_SLOW="$OPT" OPT_GLOBAL="$OPT" \
    "V${TOP}__ALL.a" > "$TMP/make.log" 2>&1 || { cat "$TMP/make.log" >&2; exit 1; }

RT_OBJS="verilated.o verilated_fst_c.o verilated_threads.o"
mkdir -p "$RUNTIME"
(
    flock 9
    if [ ! -f "$RUNTIME/verilated_threads.o" ]; then
        make -s -C "$TMP/obj" -f "V$TOP.mk" -j"$JOBS" OPT_FAST="$OPT" OPT_SLOW="$OPT" \
            OPT_GLOBAL="$OPT" $RT_OBJS > "$TMP/runtime.log" 2>&1 || { cat "$TMP/runtime.log" >&2; exit 1; }
        for o in $RT_OBJS; do cp "$TMP/obj/$o" "$RUNTIME/$o.tmp" && mv "$RUNTIME/$o.tmp" "$RUNTIME/$o"; done
    fi
) 9> "$RUNTIME/.lock"

g++ -std=gnu++17 -shared -fPIC $OPT -DVL_USER_STOP -DGPUCOH_BUILD_KEY="\"$KEY\"" -DVM_TRACE=1 -DVM_TRACE_FST=1 \
    -I"$TMP/obj" -I"$VINC" -I"$VINC/vltstd" -I"$ROOT/verilator" -I"$ROOT/cmodel" \
    -faligned-new -Wno-attributes \
    "$SHIM" "$TMP/obj/V${TOP}__ALL.a" $(for o in $RT_OBJS; do echo "$RUNTIME/$o"; done) \
    -lz -pthread -o "$TMP/model.so" 2> "$TMP/link.log" || { cat "$TMP/link.log" >&2; exit 1; }

printf '%s\n' "$KEY" > "$TMP/key.txt"
rm -rf "$TMP/obj"
if ! mv -T "$TMP" "$OUT" 2>/dev/null; then
    # another process finished the same entry first; theirs is identical
    [ -f "$OUT/model.so" ] || { echo "build_rtl: could not install $OUT" >&2; exit 1; }
fi
trap - EXIT
