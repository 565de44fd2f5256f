#!/usr/bin/env bash
# install_tlm.sh -- `make install` / `make uninstall` of the TLM-2.0 memory system
# (systemc/tlm.mk; docs/systemc.md section 4.9). Called by make with the environment:
#   GPUCOH_PREFIX   the install prefix (absolute; compiled into the library as the RTL root's parent)
#   GPUCOH_DESTDIR  optional staging directory (packaging): files go to $DESTDIR$PREFIX
#   GPUCOH_CXX      the C++ compiler (the installed headers are the closure of memsys.h and
#                   platform.h, found with its -MM)
#
#   install_tlm.sh check             PREFIX is usable: exit 0, or exit 2 with a message
#   install_tlm.sh install ARCHIVE   check, then install (nothing half-installed: the whole tree
#                                    is staged in DEST/.gpucoh-tlm-install.XXXXXX, then each of
#                                    its four pieces renamed into place, the previous ones put
#                                    back if a rename fails)
#   install_tlm.sh uninstall         remove what install put there (and the model cache)
#
# Layout (PREFIX/...): include/gpucoh-tlm/*.h, lib/libgpucoh_tlm.a, lib/pkgconfig/gpucoh-tlm.pc,
# share/gpucoh/{VERSION, rtl/, tools/build_rtl.sh, verilator/ (with sva/), cmodel/*.h, build/rtl/}. A
# reinstall keeps share/gpucoh/build/ (the Verilated models are keyed by the content of the
# files they are built from, so stale ones are never used).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
MODE=${1:-}
PREFIX=${GPUCOH_PREFIX-}
DESTDIR=${GPUCOH_DESTDIR-}
die() { echo "make ${MODE/check/install}: $*" >&2; exit 2; }

writable() { # DIR: a probe directory can be made in it
    local t
    t=$(mktemp -d "$1/.gpucoh-tlm-probe.XXXXXX" 2> /dev/null) || return 1
    rmdir "$t"
}

check() {
    [ -n "$PREFIX" ] || die "PREFIX is empty (make install PREFIX=/absolute/dir)"
    case $PREFIX in
    /*) ;;
    *) die "PREFIX must be an absolute path (it is compiled into the library and the .pc file): '$PREFIX'" ;;
    esac
    # the prefix goes into a C string, a pkg-config file and shell commands: plain characters only
    if [[ ! $PREFIX =~ ^[A-Za-z0-9._/+@:,~=-]+$ ]]; then
        die "PREFIX '$PREFIX' has characters other than letters, digits and ._/+@:,~=- (spaces, quotes and \$ would break the compiled-in path and gpucoh-tlm.pc)"
    fi
    if [ -n "$DESTDIR" ] && [[ ! $DESTDIR =~ ^/[A-Za-z0-9._/+@:,~=-]*$ ]]; then
        die "DESTDIR '$DESTDIR' must be an absolute path of plain characters"
    fi
    DEST=$DESTDIR$PREFIX
    case $DEST/ in
    "$REPO"/*) die "PREFIX $DEST is inside the repository $REPO (install outside it)" ;;
    esac
    if [ -e "$DEST" ] && [ ! -d "$DEST" ]; then die "PREFIX $DEST exists and is not a directory"; fi
    # every directory the install writes into must be a directory and writable, or creatable
    # (tried with a probe directory, made and removed at once: -w is always true for root, and
    # says nothing of a read-only file system)
    local d p
    for d in "$DEST" "$DEST/include" "$DEST/lib" "$DEST/lib/pkgconfig" "$DEST/share" \
             "$DEST/include/gpucoh-tlm" "$DEST/share/gpucoh"; do
        if [ -e "$d" ] || [ -L "$d" ]; then
            [ -d "$d" ] || die "$d exists and is not a directory (PREFIX $PREFIX)"
            writable "$d" || die "$d is not writable (PREFIX $PREFIX; choose another PREFIX or run as its owner)"
        fi
    done
    for f in "$DEST/lib/libgpucoh_tlm.a" "$DEST/lib/pkgconfig/gpucoh-tlm.pc"; do
        if [ -e "$f" ] && [ ! -f "$f" ]; then die "$f exists and is not a file"; fi
    done
    # a prefix that does not exist yet: its nearest existing ancestor must be writable
    p=$DEST
    while [ ! -e "$p" ]; do p=$(dirname "$p"); done
    [ -d "$p" ] || die "$p (above PREFIX $DEST) is not a directory"
    writable "$p" || die "cannot create PREFIX $DEST: $p is not writable"
    if [ -e "$DEST/share/gpucoh" ] && [ ! -f "$DEST/share/gpucoh/.gpucoh-tlm-install" ]; then
        die "$DEST/share/gpucoh exists and was not made by make install (no .gpucoh-tlm-install); remove it or choose another PREFIX"
    fi
}

# the installed headers: memsys.h, platform.h and every header of the repository they include
headers() {
    local cxx=${GPUCOH_CXX:-g++} inc=(-Isystemc/tlm -Itb/engine -Itb/sys -Itb/units
        -Itb/proto/tc -Itb/proto/gpu -Iverilator) d
    for d in cmodel cmodel/*/; do inc+=("-I${d%/}"); done # and the family folders
    printf '#include "memsys.h"\n#include "platform.h"\n' |
        "$cxx" -std=c++17 "${inc[@]}" -MM -MT x -x c++ - | tr ' \\' '\n\n' |
        grep -E '^(systemc|cmodel|tb|verilator)/.*\.h$' | sort -u
}

install_tree() {
    local archive=$1 stage=$2 h names v
    mkdir -p "$stage/include/gpucoh-tlm" "$stage/lib/pkgconfig" \
        "$stage/share/gpucoh/tools" "$stage/share/gpucoh/verilator" "$stage/share/gpucoh/cmodel" \
        "$stage/share/gpucoh/build/rtl"
    names=$(headers)
    [ -n "$names" ] || { echo "make install: no headers found ($GPUCOH_CXX -MM failed)" >&2; return 1; }
    # one flat include directory: the names must not collide
    dup=$(printf '%s\n' $names | xargs -n1 basename | sort | uniq -d)
    [ -z "$dup" ] || { echo "make install: headers with the same name: $dup" >&2; return 1; }
    for h in $names; do install -m 644 "$h" "$stage/include/gpucoh-tlm/"; done
    install -m 644 "$archive" "$stage/lib/libgpucoh_tlm.a"
    v=$(cat VERSION)
    cat > "$stage/lib/pkgconfig/gpucoh-tlm.pc" << EOF
# gpucoh-tlm.pc -- the gpucoh memory system as a SystemC TLM-2.0 target (make install)
prefix=$PREFIX
exec_prefix=\${prefix}
libdir=\${exec_prefix}/lib
includedir=\${prefix}/include
# the RTL backend's tree and model cache, compiled into the library (GPUCOH_ROOT overrides it)
gpucoh_root=\${prefix}/share/gpucoh

Name: gpucoh-tlm
Description: gpucoh GPU cache-coherence memory system behind SystemC TLM-2.0 target sockets (C models, RTL, lockstep)
Version: $v
Requires: systemc
Cflags: -I\${includedir}/gpucoh-tlm
Libs: -L\${libdir} -lgpucoh_tlm -ldl -lm
EOF
    # the RTL backend's tree: what tools/build_rtl.sh and tb/engine/rtl_load.c read
    local s=$stage/share/gpucoh
    cp VERSION "$s/"
    cp -R rtl "$s/rtl"
    install -m 755 tools/build_rtl.sh tools/paths.sh "$s/tools/"
    # the shims and model headers in their family folders, as the repository has them
    install -m 644 verilator/*.h "$s/verilator/"
    for d in verilator/*/; do
        [ "$d" = verilator/sva/ ] || { mkdir -p "$s/$d" && install -m 644 "$d"*.cpp "$s/$d"; }
    done
    for d in cmodel/*/; do mkdir -p "$s/$d" && install -m 644 "$d"*.h "$s/$d"; done
    mkdir -p "$s/verilator/sva" # the simulation-only index checks tools/build_rtl.sh binds in
    install -m 644 verilator/sva/*.sv "$s/verilator/sva/"
    install -m 644 cmodel/*.h "$s/cmodel/"
    chmod -R u+w,go-w "$s"
    printf 'gpucoh-tlm %s installed from %s\n' "$v" "$REPO" > "$s/.gpucoh-tlm-install"
}

# the four pieces, relative to DEST
PIECES=(include/gpucoh-tlm lib/libgpucoh_tlm.a lib/pkgconfig/gpucoh-tlm.pc share/gpucoh)

do_install() {
    local archive=$1
    [ -f "$archive" ] || { echo "make install: $archive was not built" >&2; exit 2; }
    check
    local created=""
    [ -e "$DEST" ] || created=1
    mkdir -p "$DEST" "$DEST/include" "$DEST/lib/pkgconfig" "$DEST/share" ||
        die "cannot create the directories of $DEST"
    STAGE=$(mktemp -d "$DEST/.gpucoh-tlm-install.XXXXXX") || die "cannot write into $DEST"
    trap 'rm -rf "$STAGE"' EXIT
    if ! install_tree "$archive" "$STAGE/new"; then
        [ -z "$created" ] || { rm -rf "$STAGE"; rmdir "$DEST"/include "$DEST"/lib/pkgconfig "$DEST"/lib "$DEST"/share "$DEST" 2>/dev/null || true; }
        echo "make install: nothing installed into $DEST" >&2
        exit 1
    fi
    # keep the model cache of an earlier install
    local kept=""
    if [ -d "$DEST/share/gpucoh/build" ]; then
        kept=1
        rm -rf "$STAGE/new/share/gpucoh/build"
        mv "$DEST/share/gpucoh/build" "$STAGE/new/share/gpucoh/build"
    fi
    mkdir -p "$STAGE/old/include" "$STAGE/old/lib/pkgconfig" "$STAGE/old/share"
    local p moved=()
    for p in "${PIECES[@]}"; do
        if { [ ! -e "$DEST/$p" ] || mv "$DEST/$p" "$STAGE/old/$p"; } && mv "$STAGE/new/$p" "$DEST/$p"; then
            moved+=("$p")
        else
            echo "make install: could not move $p into $DEST; putting the previous files back" >&2
            local q
            for q in "${moved[@]}" "$p"; do
                [ -e "$STAGE/new/$q" ] || rm -rf "${DEST:?}/$q"
                [ ! -e "$STAGE/old/$q" ] || mv "$STAGE/old/$q" "$DEST/$q"
            done
            # share/gpucoh is the last piece: the earlier cache is still in the staged tree
            if [ -n "$kept" ] && [ -d "$DEST/share/gpucoh" ] && [ ! -e "$DEST/share/gpucoh/build" ]; then
                mv "$STAGE/new/share/gpucoh/build" "$DEST/share/gpucoh/build"
            fi
            exit 1
        fi
    done
    echo "installed gpucoh-tlm $(cat VERSION) into $DEST:"
    echo "  $PREFIX/include/gpucoh-tlm/ ($(ls "$DEST/include/gpucoh-tlm" | wc -l) headers)"
    echo "  $PREFIX/lib/libgpucoh_tlm.a"
    echo "  $PREFIX/lib/pkgconfig/gpucoh-tlm.pc"
    echo "  $PREFIX/share/gpucoh/ (RTL, tools/build_rtl.sh, shims; Verilated model cache build/rtl/)"
    echo "build a platform with: PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig g++ my_platform.cpp \$(pkg-config --cflags --libs gpucoh-tlm)"
}

do_uninstall() {
    [ -n "$PREFIX" ] || die "PREFIX is empty"
    DEST=$DESTDIR$PREFIX
    [ -f "$DEST/share/gpucoh/.gpucoh-tlm-install" ] ||
        die "no gpucoh-tlm installation in $DEST ($DEST/share/gpucoh/.gpucoh-tlm-install is missing)"
    local p
    for p in "${PIECES[@]}"; do rm -rf "${DEST:?}/$p"; done
    rmdir "$DEST/lib/pkgconfig" "$DEST/lib" "$DEST/include" "$DEST/share" 2>/dev/null || true
    echo "removed gpucoh-tlm from $DEST"
}

case $MODE in
check) check ;;
install) do_install "${2:?archive}" ;;
uninstall) do_uninstall ;;
*) echo "usage: $0 check | install ARCHIVE | uninstall" >&2; exit 2 ;;
esac
