#!/usr/bin/env bash
# run_install.sh -- `make install` of the TLM-2.0 memory system, used from outside the repository
# (docs/systemc.md section 4.9), for make test (section 8). One line per check, "PASS ..." or
# "FAIL ..."; the last line counts them; exit 1 if any failed.
#
#   1. bad PREFIXes (relative, with a space, an existing file, unwritable) are refused with exit 2
#      and a message naming the problem, before anything is built or copied;
#   2. make install PREFIX=$(mktemp -d)/prefix installs headers, archive, gpucoh-tlm.pc and the RTL
#      tree;
#   3. in a scratch directory outside the repository, tests/systemc/install_platform.cpp (two
#      initiators, a store then a release store of a flag, an acquire spin then a load) compiles
#      with nothing but `pkg-config --cflags --libs gpucoh-tlm` and reads 42 with the C models;
#   4. with GPUCOH_ROOT unset, in lockstep with the L2 banks' RTL: the library finds its RTL under
#      PREFIX/share/gpucoh (compiled in) and builds the Verilated model into the installed cache;
#   5. GPUCOH_ROOT overrides the compiled-in root: a wrong one is an error naming GPUCOH_ROOT and the
#      path; the installation moved away, the error names the compiled-in path and the
#      executable's; GPUCOH_ROOT pointing at the moved tree runs again;
#   6. the build check can fail: without PKG_CONFIG_PATH pkg-config does not find gpucoh-tlm, and
#      with a broken gpucoh-tlm.pc (wrong include directory) the platform does not compile;
#   7. make uninstall removes it all.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
REPO=$(pwd)
pass=0 fail=0
ok() { echo "PASS $*"; pass=$((pass + 1)); }
ko() { echo "FAIL $*"; fail=$((fail + 1)); }
t00=$(date +%s)
TMP=$(mktemp -d /tmp/gpucoh-install-test.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
PREFIX=$TMP/prefix
LOG=$TMP/log
mkdir -p "$LOG"
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1

# 1 -- refused PREFIXes -----------------------------------------------------------------------
touch "$TMP/a-file"
refused=0 why=""
while IFS='|' read -r p want; do
    out=$(make --no-print-directory install PREFIX="$p" 2>&1)
    rc=$?
    if [ "$rc" -eq 2 ] && grep -q -- "$want" <<< "$out" && ! grep -q "  CXX\|installed" <<< "$out"; then
        refused=$((refused + 1))
    else
        why+=" [$p: exit $rc, $(grep '^make install' <<< "$out" | head -1)]"
    fi
done << EOF
relative/prefix|must be an absolute path
$TMP/with space|has characters other than
$TMP/a-file|exists and is not a directory
/proc/gpucoh-tlm-test|is not writable
|PREFIX is empty
EOF
left=$(ls -A "$TMP" | grep -v -x -e a-file -e log)
if [ "$refused" -eq 5 ] && [ -z "$left" ]; then
    ok "bad PREFIX: 5 of 5 refused with exit 2 and their message before building or copying (relative, a space, a file, unwritable, empty)"
else
    ko "bad PREFIX: $refused of 5 refused;$why${left:+ left behind: $left}"
fi

# 2 -- install ---------------------------------------------------------------------------------
t=$(date +%s)
if make --no-print-directory install PREFIX="$PREFIX" > "$LOG/install.txt" 2>&1 &&
    [ -f "$PREFIX/lib/libgpucoh_tlm.a" ] && [ -f "$PREFIX/lib/pkgconfig/gpucoh-tlm.pc" ] &&
    [ -f "$PREFIX/include/gpucoh-tlm/memsys.h" ] && [ -f "$PREFIX/share/gpucoh/rtl/gpu/gpu_l2.sv" ] &&
    [ -x "$PREFIX/share/gpucoh/tools/build_rtl.sh" ] && [ -d "$PREFIX/share/gpucoh/build/rtl" ] &&
    [ -z "$(ls -A "$PREFIX" | grep -v -x -e include -e lib -e share)" ]; then
    ok "make install PREFIX=\$TMP/prefix: $(ls "$PREFIX/include/gpucoh-tlm" | wc -l) headers, libgpucoh_tlm.a, gpucoh-tlm.pc, share/gpucoh ($(( $(date +%s) - t )) s)"
else
    ko "make install PREFIX=$PREFIX ($LOG/install.txt): $(tail -3 "$LOG/install.txt" | tr '\n' ' ')"
    echo "tlm install: $pass passed, $fail failed ($(( $(date +%s) - t00 )) s)"
    exit 1
fi

# 3 -- a platform outside the repository, built with pkg-config ---------------------------------
PLAT=$TMP/platform
mkdir -p "$PLAT"
cp tests/systemc/install_platform.cpp "$PLAT/"
build() { # PKG_CONFIG_PATH (or "-" for unset) -> builds $PLAT/platform from $PLAT
    (
        cd "$PLAT" || exit 1
        rm -f platform
        if [ "$1" = "-" ]; then unset PKG_CONFIG_PATH; else export PKG_CONFIG_PATH=$1; fi
        flags=$(pkg-config --cflags --libs gpucoh-tlm) || exit 1
        # shellcheck disable=SC2086
        g++ -std=c++17 -Wall -Wextra -Werror install_platform.cpp $flags -o platform
    )
}
run() { # ARGS: the platform with GPUCOH_ROOT unset, from the scratch directory
    (cd "$PLAT" && env -u GPUCOH_ROOT ./platform "$@")
}
t=$(date +%s)
case $PLAT/ in "$REPO"/*) ko "the scratch directory $PLAT is inside the repository" ;; esac
if build "$PREFIX/lib/pkgconfig" > "$LOG/build.txt" 2>&1; then
    flags=$(PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig pkg-config --cflags --libs gpucoh-tlm)
    if out=$(run c 2>&1) && [[ $out == "PASS install platform: gpu-d, impl c, sm1 read 42 "* ]]; then
        ok "platform built outside the repository with pkg-config ($flags), C models: ${out#PASS install platform: } ($(( $(date +%s) - t )) s)"
    else
        ko "platform, C models: $out"
    fi
else
    ko "platform build with pkg-config ($LOG/build.txt): $(head -3 "$LOG/build.txt" | tr '\n' ' ')"
fi

# 4 -- the RTL backend, root compiled in ---------------------------------------------------------
# The Verilated L2 model (2 SMs) is keyed by the content of the files it is built from, which the
# installation copies: an entry of the repository's cache (build/rtl) is valid in the installed
# one. Seeded from there when the repository has it (about 10 s for this check), else built
# through the installed tools/build_rtl.sh (25-45 s on 2 shared cores) and copied back to the
# repository's cache for the next run (GPUCOH_INSTALL_TEST_BUILD=1: always build).
cache=$PREFIX/share/gpucoh/build/rtl
seeded=0
if [ -z "${GPUCOH_INSTALL_TEST_BUILD:-}" ]; then
    for e in build/rtl/gpu_l2-*; do
        if [ -f "$e/model.so" ] && [[ $(cat "$e/key.txt" 2> /dev/null) == "gpu_l2 NumSm=2 "* ]]; then
            cp -R "$e" "$cache/" && seeded=$((seeded + 1))
        fi
    done
fi
t=$(date +%s)
if out=$(run lockstep 2 2>&1) && [[ $out == "PASS install platform: gpu-d, impl lockstep, sm1 read 42 "* ]] &&
    [[ $out == *"RTL root $PREFIX/share/gpucoh" ]] && ls -d "$cache"/gpu_l2-* > /dev/null 2>&1; then
    how="model built on demand into PREFIX/share/gpucoh/build/rtl"
    [ "$seeded" -eq 0 ] || how="model from the repository's cache (same content key)"
    ok "lockstep (L2 banks in RTL), GPUCOH_ROOT unset: ${out#PASS install platform: }, $how ($(( $(date +%s) - t )) s)"
else
    ko "lockstep with the installed RTL: $out"
fi
for e in "$cache"/gpu_l2-*; do # a model built here: into the repository's cache, atomically
    n=build/rtl/$(basename "$e")
    if [ -f "$e/model.so" ] && [ ! -e "$n" ]; then
        mkdir -p build/rtl && cp -R "$e" "$n.tmp.$$" && { mv -T "$n.tmp.$$" "$n" 2> /dev/null || rm -rf "$n.tmp.$$"; }
    fi
done

# 5 -- GPUCOH_ROOT overrides; errors name it and the paths tried -------------------------------------
out=$(cd "$PLAT" && GPUCOH_ROOT=$TMP/nowhere ./platform rtl 2 2>&1)
rc=$?
if [ "$rc" -eq 2 ] && [[ $out == *"GPUCOH_ROOT is set; tried $TMP/nowhere (GPUCOH_ROOT): missing $TMP/nowhere"* ]]; then
    ok "a wrong GPUCOH_ROOT: exit 2, the message names GPUCOH_ROOT and $TMP/nowhere"
else
    ko "a wrong GPUCOH_ROOT: exit $rc, $out"
fi
mv "$PREFIX/share/gpucoh" "$TMP/moved"
out=$(run rtl 2 2>&1)
rc=$?
if [ "$rc" -eq 2 ] && [[ $out == *"GPUCOH_ROOT is not set; tried $PREFIX/share/gpucoh (compiled into the library)"*"tried $TMP (two levels above the executable"*"set GPUCOH_ROOT"* ]]; then
    ok "installation moved: exit 2, the message names GPUCOH_ROOT, the compiled-in $PREFIX/share/gpucoh and $TMP (above the executable)"
else
    ko "installation moved: exit $rc, $out"
fi
if out=$(cd "$PLAT" && GPUCOH_ROOT=$TMP/moved ./platform lockstep 2 2>&1) && [[ $out == *"RTL root $TMP/moved" ]]; then
    ok "GPUCOH_ROOT=<the moved tree> overrides the compiled-in root: ${out%%, RTL root*}"
else
    ko "GPUCOH_ROOT=<the moved tree>: $out"
fi
mv "$TMP/moved" "$PREFIX/share/gpucoh"

# 6 -- the build check can fail --------------------------------------------------------------------
if build - > "$LOG/build-nopath.txt" 2>&1; then
    ko "without PKG_CONFIG_PATH the platform still built (is gpucoh-tlm installed system-wide? $(pkg-config --variable=prefix gpucoh-tlm 2>&1))"
elif grep -q "gpucoh-tlm" "$LOG/build-nopath.txt"; then
    ok "without PKG_CONFIG_PATH: no build ($(grep -m1 gpucoh-tlm "$LOG/build-nopath.txt"))"
else
    ko "without PKG_CONFIG_PATH: failed without naming gpucoh-tlm: $(head -2 "$LOG/build-nopath.txt")"
fi
mkdir -p "$TMP/badpc"
sed 's|^Cflags:.*|Cflags: -I${includedir}/no-such-dir|' "$PREFIX/lib/pkgconfig/gpucoh-tlm.pc" > "$TMP/badpc/gpucoh-tlm.pc"
if build "$TMP/badpc" > "$LOG/build-badpc.txt" 2>&1; then
    ko "with a broken gpucoh-tlm.pc (wrong Cflags) the platform still built"
elif grep -q "memsys.h" "$LOG/build-badpc.txt"; then
    ok "with a broken gpucoh-tlm.pc (Cflags: a wrong include directory): no build ($(grep -m1 -o 'memsys.h: No such file or directory' "$LOG/build-badpc.txt"))"
else
    ko "with a broken gpucoh-tlm.pc: failed for another reason: $(head -2 "$LOG/build-badpc.txt")"
fi

# 7 -- uninstall -------------------------------------------------------------------------------------
if make --no-print-directory uninstall PREFIX="$PREFIX" > "$LOG/uninstall.txt" 2>&1 && [ ! -e "$PREFIX/share" ] &&
    [ ! -e "$PREFIX/lib" ] && [ ! -e "$PREFIX/include" ]; then
    ok "make uninstall: $(tail -1 "$LOG/uninstall.txt" | sed "s|$TMP|\$TMP|")"
else
    ko "make uninstall: $(tail -2 "$LOG/uninstall.txt" | tr '\n' ' ')"
fi

echo "tlm install: $pass passed, $fail failed ($(( $(date +%s) - t00 )) s)"
[ "$fail" -eq 0 ]
