#!/usr/bin/env bash
# Build one Verilated unit, for one parameter set, into a loadable model.so.
#
#   tools/build_rtl.sh OUTDIR TOP KEY RTL_FILE... -- [Name=Value ...]
#   tools/build_rtl.sh --netlist NETLIST OUTDIR TOP KEY -- [Name=Value ...]
#
# OUTDIR is the cache entry (build/rtl/<unit>-<hash>); it appears atomically (built in a
# temporary directory, then renamed), so an interrupted build never leaves a half-built entry.
# The Verilator runtime objects are compiled once into build/rtl/runtime/ and shared.
# Called by gpucoh (tb/engine/rtl_load.c); the shim is verilator/<TOP>_rtl.cpp.
# GPUCOH_UNIT_VFLAGS: the unit's extra Verilator flags, its manifest field verilator_flags (set
# by the caller; part of the cache key there).
#
# --netlist: Verilate the gate-level netlist synth/synth.sh wrote (Yosys, osu018 cells) instead
# of the RTL, behind the same shim and port interface (docs/testing.md, "Netlist lockstep"). The
# cells' behaviour comes from the liberty file's function/ff groups: Yosys `read_liberty`
# (without -lib) turns every cell into logic (written out as cells.v), and Yosys flattens the
# netlist with those cell models into one module (flat.v) that Verilator compiles.
# (osu018_stdcells.v cannot be used: its flip-flops and MUX2X1 are UDPs instantiated without
# instance names, a syntax error for Verilator 5.006, whose UDP tables are unsupported anyway.)
# The registers the netlist keeps under their RTL names (Yosys names a flop's output wire after
# the register: bits_q, \cnt_q[0] , \g_sm[0].u_sig.bits_q ) are made public, the element wires
# of an unpacked array are gathered back into the RTL's array (plain assigns), the shim is
# compiled with GPUCOH_NETLIST, and two headers are generated for it:
#   gpucoh_sigs.h     as for the RTL, with the netlist's names of the sig_store registers
#   gpucoh_netlist.h  GpucohNetlistMask, a struct with the members of every public register,
#                     all ones, or all ones except the bits synthesis removed (flops whose
#                     value no output depends on: Verilator reports them undriven; listed in
#                     OUTDIR/removed.txt); and kNlFsms, the state registers Yosys's fsm pass
#                     re-encoded, with their code tables (from the synthesis log)
set -euo pipefail

NETLIST=""
if [ "${1:-}" = "--netlist" ]; then
    [ $# -ge 2 ] || { echo "usage: $0 --netlist NETLIST OUTDIR TOP KEY -- [Name=Value ...]" >&2; exit 2; }
    NETLIST=$2; shift 2
    [ -f "$NETLIST" ] || { echo "build_rtl: netlist $NETLIST not found" >&2; exit 2; }
    NETLIST=$(cd "$(dirname "$NETLIST")" && pwd)/$(basename "$NETLIST")
fi
if [ $# -lt $([ -n "$NETLIST" ] && echo 4 || echo 5) ]; then
    echo "usage: $0 OUTDIR TOP KEY RTL_FILE... -- [Name=Value ...]" >&2
    echo "       $0 --netlist NETLIST OUTDIR TOP KEY -- [Name=Value ...]" >&2
    exit 2
fi
OUT=$1; TOP=$2; KEY=$3; shift 3
FILES=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do FILES+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
GPARAMS=()
PDEFS=() # the shim sees every parameter as GPUCOH_P_<Name>
for p in "$@"; do GPARAMS+=("-G$p"); PDEFS+=("-DGPUCOH_P_${p%%=*}=${p#*=}"); done

ROOT=$(cd "$(dirname "$0")/.." && pwd)
VINC=/usr/share/verilator/include
. "$ROOT/tools/paths.sh"
SHIM=$(gpucoh_find verilator "${TOP}_rtl.cpp") ||
    { echo "build_rtl: no shim verilator/[FAMILY/]${TOP}_rtl.cpp for unit '$TOP'" >&2; exit 2; }
CMINC=() # the C models' headers the shim includes: cmodel/ and its family folders
while read -r d; do CMINC+=("-I$d"); done < <(gpucoh_dirs cmodel)
command -v verilator >/dev/null || { echo "build_rtl: verilator not installed (run make deps)" >&2; exit 2; }

if [ -f "$OUT/model.so" ]; then exit 0; fi
mkdir -p "$(dirname "$OUT")"
TMP=$(mktemp -d "$OUT.tmp.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# GPUCOH_RTL_OPT: the C++ optimization of the Verilated model (default -O2; gpucoh mutants builds
# its scratch copies at -O1: most mutants die in a few hundred cycles, so compiling is their cost;
# a gate-level netlist is built at -O1 too: the C model limits its lockstep's speed, and its flat
# netlist compiles in less than half the time). Part of the model's cache key (tb/engine/rtl_load.c).
OPT=${GPUCOH_RTL_OPT:--O2}
case $OPT in -O0 | -O1 | -O2 | -O3 | -Os) ;; *) echo "build_rtl: GPUCOH_RTL_OPT '$OPT' is not -O0..-O3 or -Os" >&2; exit 2 ;; esac
# VL_USER_STOP: the shim supplies vl_stop(), so a failed RTL assertion bumps a plain
# counter that the testbench reads every cycle without taking the context's mutex.
# VL_PRINTF: Verilator's messages go through the shim's gpucoh_vl_printf, which counts the
# assertions an illegal input provokes on purpose instead of printing them (shim_common.h).
PRINTF_HOOK="-DVL_PRINTF=gpucoh_vl_printf -include $ROOT/verilator/gpucoh_vl_printf.h"
CFL="-fPIC $OPT -DVL_USER_STOP $PRINTF_HOOK"
# runtime objects depend only on these flags and the Verilator version: share them per pair
RUNTIME=$ROOT/build/rtl/runtime-$(printf '%s %s' "$CFL" "$(verilator --version)" | cksum | cut -d' ' -f1)
VSRC=("+incdir+$ROOT/rtl/include" "${GPARAMS[@]}" "${FILES[@]}")
# simulation-only index-range checks bound into the unit (verilator/sva/, docs/units/prim/primitives.md
# "Index-range checks"): outside rtl/, so no synthesis fingerprint depends on them.
# GPUCOH_NO_SVA=1 leaves them out (to show what the lockstep alone catches; part of the cache key)
if [ -f "$ROOT/verilator/sva/${TOP}_bind.sv" ] && [ -z "${GPUCOH_NO_SVA:-}" ]; then
    VSRC+=("$ROOT/verilator/sva/gpucoh_idx_sva.sv" "$ROOT/verilator/sva/${TOP}_bind.sv")
fi
SHIMDEFS=()
if [ -n "$NETLIST" ]; then
    # ---- netlist: cell models from the liberty, removed state bits, public registers ----
    LIB=${GPUCOH_LIBERTY:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
    [ -r "$LIB" ] || { echo "build_rtl: liberty $LIB not readable (GPUCOH_LIBERTY)" >&2; exit 2; }
    command -v yosys >/dev/null || { echo "build_rtl: yosys not installed (run make deps)" >&2; exit 2; }
    # tri-state buffers have no logic model (read_liberty ignores three_state: TBUFX1 would
    # become a plain inverter)
    tbuf=$(sed -n 's/^  \(TBUF[A-Za-z0-9_]*\) [^ ]* ($/\1/p' "$NETLIST" | sort -u | tr '\n' ' ')
    [ -z "$tbuf" ] || { echo "build_rtl: the netlist uses tri-state cells ($tbuf), which have no logic model" >&2; exit 1; }
    # The cells as logic (cells.v, kept for reading), then the netlist with every cell instance
    # replaced by that logic: flatten + opt_clean (no optimisation; unused wires and aliases go,
    # named wires stay). Verilator compiles the flat module in about half the time it takes for
    # thousands of cell instances (rdu at 3 SMs x 256 bits: 12 000 cells).
    # A toggle-counting model (GPUCOH_VFLAGS with --coverage-toggle, synth/energy.sh) keeps every
    # wire: opt_clean would merge aliases and keep one name a net, often not the netlist's, and the
    # toggles of each netlist net must be found under its own name.
    CLEAN="opt_clean;"
    case " ${GPUCOH_VFLAGS:-} " in *" --coverage-toggle "*) CLEAN="" ;; esac
    if ! yosys -q -p "read_liberty $LIB; write_verilog -noattr $TMP/cells.v; read_verilog $NETLIST;
                      hierarchy -check -top $TOP; flatten; $CLEAN write_verilog -noattr $TMP/flat.v" \
            > "$TMP/yosys.log" 2>&1; then
        cat "$TMP/yosys.log" >&2
        echo "build_rtl: yosys could not read $NETLIST with the cells of $LIB" >&2
        exit 1
    fi
    # A register the shim reads can be gone from the netlist altogether: when no output depends
    # on any of its bits, synthesis removes its flops and opt_clean its wire (tc_l2's life_q in
    # TC-Strong, whose fixed lease leaves the lifetime predictor without a reader). Declare each
    # such register of the top module as a placeholder wire, undriven, with the width the RTL
    # gives it (from the synthesis log: proc's "$0\life_q[9:0]", "$0\mway_q[3][3:0]" for an
    # element of an unpacked array), so that the shim compiles unchanged and the register is
    # reported removed below like any other removed bit (the engine takes it from the C model).
    # An element placeholder is a line of its own (`wire [W-1:0] \x_q[i] ;`, the comment on the
    # line before), so that the gathering below puts it back into the RTL's array like the
    # element wires synthesis kept (tc_l2's wl_q, constant 0 outside TC-Weak-C, is removed whole).
    YLOG=$(dirname "$NETLIST")/yosys.log
    [ -f "$YLOG" ] || { echo "build_rtl: $YLOG (the synthesis log beside the netlist) is missing" >&2; exit 1; }
    { grep -o "\b${TOP}__DOT__[A-Za-z0-9_]*" "$SHIM" || true; } | sed "s/^${TOP}__DOT__//" | sort -u > "$TMP/shim_regs.txt"
    : > "$TMP/narrow.txt"
    if ! awk -v top="$TOP" -v phase=0 -v narrow="$TMP/narrow.txt" '
        FILENAME == ARGV[1] { want[$1] = 1; next }              # registers the shim reads
        FILENAME == ARGV[2] {                                   # the synthesis log
            # an element re-encoded by the fsm pass (denovo_l1 mv_q[k]: 2 bits, one-hot 4): its
            # own width, gathered as it is, decoded by the shim (gpucoh::nl_fsm, below)
            if ($0 ~ /^Recoding FSM `\$fsm\$\\/ && index($0, "from module `\\" top "'"'"'")) {
                s = $0; sub(/^Recoding FSM `\$fsm\$\\/, "", s); sub(/\$[0-9]+'"'"' from module .*$/, "", s); fsm[s] = 1
            }
            if ($0 ~ /^Creating decoders for process `/) { intop = index($0, "\\" top ".$proc$") > 0; next }
            if (intop && match($0, /^ +[0-9]+\/[0-9]+: \$0\\[A-Za-z_][A-Za-z0-9_]*(\[[0-9]+\])?\[[0-9]+:[0-9]+\]$/)) {
                s = $2; sub(/^\$0\\/, "", s); rg = s; sub(/^[^[]*(\[[0-9]+\])?/, "", rg)
                e = substr(s, 1, length(s) - length(rg)); b = e; sub(/\[.*$/, "", b)
                if (index(e, "[")) { i = e; sub(/^[^[]*\[/, "", i); sub(/\]$/, "", i); el[b, i + 0] = rg; if (i + 1 > n[b]) n[b] = i + 1 }
                else scal[b] = rg
            } else if (!/^ +[0-9]+\//) intop = 0
            next
        }
        match($0, /^  (wire|reg)( \[[0-9]+:[0-9]+\])? \\?[A-Za-z_][A-Za-z0-9_.]*(\[[0-9]+\])? ?;$/) {   # flat.v
            d = $0; sub(/ ?;$/, "", d); k = split(d, f, " "); nm = f[k]; sub(/^\\/, "", nm); have[nm] = 1
            dr[nm] = (k == 3 ? f[2] : "[0:0]")
            if (nm ~ /\[/) { sub(/\[.*$/, "", nm); have[nm] = 1 }
        }
        END {
            for (w in want) {
                if (index(w, "__DOT__")) {                      # a register of an instance
                    p = w; gsub(/__DOT__/, ".", p)
                    if (!(p in have)) { printf "build_rtl: the shim reads %s, which the netlist lacks (a register of a submodule instance synthesis removed; no placeholder for those)\n", p > "/dev/stderr"; bad = 1 }
                    continue
                }
                if (w in scal) {
                    if (!(w in have)) { printf "  wire %s %s; // placeholder: synthesis removed the register (build_rtl.sh)\n", scal[w], w; print w > "/dev/stderr" }
                } else if (w in n) {
                    for (i = 0; i < n[w]; i++) {
                        e = w "[" i "]"
                        if (!(e in have)) { printf "  // placeholder: synthesis removed the register (build_rtl.sh)\n  wire %s \\%s ;\n", el[w, i], e; print e > "/dev/stderr"; continue }
                        if (dr[e] == el[w, i] || (e in fsm)) continue
                        # an element whose wire lost its top bits (wreduce: "Removed top 2 bits
                        # (of 16) from wire gpu_l2.mwm_q[3]"; their flops drive an unnamed wire):
                        # those bits count as removed (narrow.txt), the gathering pads the element
                        r1 = el[w, i]; r2 = dr[e]; gsub(/[\[\]]/, "", r1); gsub(/[\[\]]/, "", r2)
                        split(r1, rr, ":"); split(r2, nr, ":")
                        if (rr[2] != nr[2] || nr[1] + 0 >= rr[1] + 0) { printf "build_rtl: the netlist declares %s as %s, the RTL as %s\n", e, dr[e], el[w, i] > "/dev/stderr"; bad = 1; continue }
                        printf "%s [%s:%s]\n", e, rr[1], nr[1] + 1 > narrow
                    }
                } else if (!(w in have)) {
                    printf "build_rtl: the shim reads %s, which is neither in the netlist nor a register in the synthesis log\n", w > "/dev/stderr"; bad = 1
                }
            }
            exit bad
        }' "$TMP/shim_regs.txt" "$YLOG" "$TMP/flat.v" > "$TMP/placeholders.v" 2> "$TMP/placeholders.txt"; then
        grep '^build_rtl' "$TMP/placeholders.txt" >&2
        exit 1
    fi
    if [ -s "$TMP/placeholders.v" ]; then
        awk -v ph="$TMP/placeholders.v" '/^endmodule$/ && !d { while ((getline l < ph) > 0) print l; d = 1 } 1' \
            "$TMP/flat.v" > "$TMP/flat2.v" && mv "$TMP/flat2.v" "$TMP/flat.v"
    fi
    # Registers whose flops synthesis removed (no output depends on them): their wire stays in
    # the netlist, undriven. Verilator lists undriven bits only for non-public signals, so a
    # lint pass without the public markers finds them.
    if ! verilator --lint-only -Wno-fatal -Wno-lint -Wno-style -Wwarn-UNDRIVEN -Wwarn-UNUSEDSIGNAL \
            --top-module "$TOP" "$TMP/flat.v" > "$TMP/lint.log" 2>&1; then
        cat "$TMP/lint.log" >&2
        echo "build_rtl: verilator rejected the netlist $NETLIST" >&2
        exit 1
    fi
    sed -n "s/^%Warning-[A-Z]*: [^ ]* \(Bits of signal are\|Signal is\) not driven[^:]*: '\([^']*\)'\(.*\)\$/\2 \3/p" \
        "$TMP/lint.log" | awk '$1 ~ /_q/ { print $1, ($2 == "" ? "all" : $2) }' | cat - "$TMP/narrow.txt" | sort > "$TMP/removed.txt"
    # A bit of a state register the fsm pass re-encoded is no RTL register bit: synthesis removes
    # the flop of a one-hot code nothing reads (denovo_l1's mv_q[k][0], the idle code 00: the logic
    # reads "no other code's bit set"). The decode below takes such bits out of its table
    # (fsm_removed.txt), so those registers are compared in full and name no removed bit.
    # A re-encoded register removed whole is no FSM of the netlist at all: the fsm pass found it
    # constant at these parameters (hlrc_l1's hph_q outside Scoped: only C20 leaves HphNone, and
    # C20 needs an L2-scope sync). It stays in removed.txt like any register synthesis removed
    # (its RTL-width placeholder read as it is, its bits taken from the C model) and is left out
    # of kNlFsms (fsm_gone.txt), so nl_fsm_find does not find it.
    awk -v top="$TOP" -v fr="$TMP/fsm_removed.txt" -v fg="$TMP/fsm_gone.txt" '
        FILENAME == ARGV[1] {
            if ($0 ~ /^Recoding FSM `\$fsm\$\\/ && index($0, "from module `\\" top "'"'"'")) {
                s = $0; sub(/^Recoding FSM `\$fsm\$\\/, "", s); sub(/\$[0-9]+'"'"' from module .*$/, "", s); fsm[s] = 1
            }
            next
        }
        ($1 in fsm) && $2 == "all" { print $1 > fg; print; next }
        ($1 in fsm) { print > fr; next }
        { print }' "$YLOG" "$TMP/removed.txt" > "$TMP/removed2.txt"
    mv "$TMP/removed2.txt" "$TMP/removed.txt"
    touch "$TMP/fsm_removed.txt" "$TMP/fsm_gone.txt"
    # An unpacked register array of the RTL (logic [W-1:0] cnt_q [N]) is one wire per element in
    # the netlist (\cnt_q[0] ... \cnt_q[N-1] ). Gather them back into the RTL's array with plain
    # assigns (wiring only), so that the shim reads r->..._q[i] as on the RTL. A register of a
    # submodule instance keeps its path in an escaped name (\u_fifo.cnt_q , \u_gwct.gwct_q[3] );
    # for those a "view" module per instance (ports in, arrays gathered, no logic) is
    # instantiated under the instance's name, so that Verilator names them as on the RTL
    # (<top>__DOT__u_fifo__DOT__cnt_q).
    awk 'NR == FNR {
            if (match($0, /^  (wire|reg)( \[[0-9]+:[0-9]+\])? \\([A-Za-z_][A-Za-z0-9_]*\.)?[A-Za-z_][A-Za-z0-9_]*(\[[0-9]+\])? ;$/)) {
                d = $0; sub(/ ;$/, "", d); n = split(d, f, " "); rg = (n == 3 ? f[2] : "")
                e = f[n]; sub(/^\\/, "", e)
                pre = ""; if (index(e, ".")) { pre = e; sub(/\..*$/, "", pre); sub(/^[^.]*\./, "", e) }
                base = e; sub(/\[.*$/, "", base)
                if (base !~ /_q/) next
                k = pre SUBSEP base
                if (index(e, "[")) {
                    idx = e; sub(/^[^[]*\[/, "", idx); sub(/\]$/, "", idx)
                    # an element narrower than the others (its top bits removed: narrow.txt)
                    # is padded; any other difference leaves the array ungathered
                    erng[k, idx + 0] = rg
                    if (k in range) {
                        if (lo(range[k]) != lo(rg)) bad[k] = 1
                        else if (hi(rg) > hi(range[k])) range[k] = rg
                    } else range[k] = rg
                    has[k, idx + 0] = 1; if (idx + 1 > cnt[k]) cnt[k] = idx + 1
                } else if (pre != "") {
                    range[k] = rg; cnt[k] = 0; scal[k] = 1
                }
                if (pre != "") pres[pre] = 1
            } else if (match($0, /^  (wire|reg|input|output)( \[[0-9]+:[0-9]+\])? [A-Za-z_][A-Za-z0-9_]*;$/)) {
                d = $0; sub(/;$/, "", d); n = split(d, f, " "); plain[f[n]] = 1
            }
            next
        }
        function hi(r) { if (r == "") return 0; sub(/^\[/, "", r); sub(/:.*$/, "", r); return r + 0 }
        function lo(r) { if (r == "") return 0; sub(/^.*:/, "", r); sub(/\]$/, "", r); return r + 0 }
        # element i of array k: the whole element, or its low bits when the netlist narrowed it
        function sel(k, i) { return erng[k, i] == range[k] ? "" : "[" hi(erng[k, i]) ":" lo(erng[k, i]) "]" }
        function ok(k,   i) {
            if (k in bad) return 0
            if (k in scal) return 1
            for (i = 0; i < cnt[k]; i++) if (!((k, i) in has)) return 0
            return 1
        }
        function esc(p, b, i) { return "\\" (p == "" ? "" : p ".") b (i == "" ? "" : "[" i "]") " " }
        /^endmodule$/ && !ended {
            ended = 1
            for (k in cnt) {
                split(k, kk, SUBSEP); p = kk[1]; b = kk[2]
                if (p != "" || (b in plain) || !ok(k)) continue
                printf "  wire %s%s%s [0:%d]; // the RTL array, gathered by build_rtl.sh\n", range[k], (range[k] == "" ? "" : " "), b, cnt[k] - 1
                for (i = 0; i < cnt[k]; i++) printf "  assign %s[%d]%s = %s;\n", b, i, sel(k, i), esc("", b, i)
            }
            for (p in pres) {
                if (p in plain) continue
                conn = ""
                for (k in cnt) {
                    split(k, kk, SUBSEP); if (kk[1] != p || !ok(k)) continue
                    b = kk[2]
                    if (k in scal) conn = conn (conn == "" ? "" : ", ") "." b "(" esc(p, b, "") ")"
                    else for (i = 0; i < cnt[k]; i++) conn = conn (conn == "" ? "" : ", ") ".e" i "_" b "(" esc(p, b, i) ")"
                }
                if (conn != "") { printf "  gpucoh_nl_view_%s %s (%s); // registers of %s, named as on the RTL\n", p, p, conn, p; view[p] = 1 }
            }
            print
            for (p in view) {
                ports = ""; body = ""
                for (k in cnt) {
                    split(k, kk, SUBSEP); if (kk[1] != p || !ok(k)) continue
                    b = kk[2]; r = range[k] (range[k] == "" ? "" : " ")
                    if (k in scal) { ports = ports (ports == "" ? "" : ", ") "input wire " r b; continue }
                    body = body "  wire " r b " [0:" cnt[k] - 1 "];\n"
                    for (i = 0; i < cnt[k]; i++) {
                        ports = ports (ports == "" ? "" : ", ") "input wire " erng[k, i] (erng[k, i] == "" ? "" : " ") "e" i "_" b
                        body = body "  assign " b "[" i "]" sel(k, i) " = e" i "_" b ";\n"
                    }
                }
                printf "module gpucoh_nl_view_%s(%s);\n%sendmodule\n", p, ports, body
            }
            next
        }
        { print }' "$TMP/flat.v" "$TMP/flat.v" > "$TMP/flat2.v"
    mv "$TMP/flat2.v" "$TMP/flat.v"
    # registers (the project's *_q names) readable by the shim
    printf '`verilator_config\npublic_flat_rd -module "%s" -var "*_q*"\npublic_flat_rd -module "gpucoh_nl_view_*" -var "*_q*"\nlint_off -rule UNUSED -file "%s"\n' \
        "$TOP" "$TMP/flat.v" > "$TMP/netlist.vlt"
    # -fno-const-bit-op-tree: Verilator 5.006 miscompiles the XOR/XNOR trees of Yosys netlists
    # with it (sig_bloom m=256: wrong hash bits; Icarus on the same netlist, with the liberty
    # models and with osu018_stdcells.v, agrees with the RTL); upstream issue #4059.
    VSRC=(-fno-const-bit-op-tree -Wno-UNOPTFLAT "$TMP/netlist.vlt" "$TMP/flat.v")
    SHIMDEFS=(-DGPUCOH_NETLIST=1)
fi

# the unit's own Verilator flags: its manifest entry's verilator_flags (gpucoh units --get
# verilator_flags UNIT), which the caller (rtl_load.c) puts in GPUCOH_UNIT_VFLAGS
read -ra UNROLL <<< "${GPUCOH_UNIT_VFLAGS:-}"
# -O3 / x-assign fast / x-initial fast: the speed settings the Verilator manual recommends.
# --assert keeps the RTL's rule assertions live during co-simulation.
# --output-split*: without them the avu's per-line logic lands in one 400 KB function that g++
# takes 3.5 minutes to optimise; split, it compiles in under 30 s (measured at the defaults).
# UNROLL: the manifest gives --unroll-count 256 to the TC and baseline GPU (gpu_l1, gpu_l2)
# controllers: their loops over up to 256 entries (tc_l2's 128 MSHRs, the 128 bytes of a
# paper-size line in a merge) are unrolled into constant-index code; Verilator's default (64) leaves them loops with variable shifts
# (paper-size TC-Strong RTL: 31 k -> 41 k cycles/s, docs/perf-compare.md). Not for the rdu
# and avu, where it only lengthens the C++ compile (rdu m=2048: 17 -> 28 s).
if ! verilator --cc --trace-fst -O3 --x-assign fast --x-initial fast ${GPUCOH_VFLAGS:---assert} \
        --output-split 20000 --output-split-cfuncs 500 "${UNROLL[@]}" \
        -CFLAGS "$CFL" --prefix "V$TOP" --top-module "$TOP" -Mdir "$TMP/obj" \
        "${VSRC[@]}" > "$TMP/verilator.log" 2>&1; then
    cat "$TMP/verilator.log" >&2
    if [ -n "$NETLIST" ]; then
        echo "build_rtl: verilator rejected the netlist $NETLIST" >&2
    else
        echo "build_rtl: verilator rejected $TOP with ${GPARAMS[*]:-default parameters}" >&2
    fi
    exit 1
fi
ROOTH=$TMP/obj/V${TOP}___024root.h
# Signature storage of units built from sig_store (rdu: one per SM, in a generate loop; avu:
# one): Verilator names each instance's bits_q after its generate index. The shim includes
# this list: GPUCOH_SIGS(X) expands X(index, member) for every instance, in index order. In a
# netlist the instance path is part of an escaped name (\g_sm[3].u_sig.bits_q ), which
# Verilator spells with hex escapes: g_sm__05b3__05d__02eu_sig__02ebits_q.
{
    echo "// generated by tools/build_rtl.sh from the Verilated root class"
    printf '#define GPUCOH_SIGS(X)'
    if [ -z "$NETLIST" ]; then
        { grep -o '[A-Za-z0-9_]*u_sig__DOT__bits_q' "$ROOTH" || true; } | sort -u |
            sed -n 's/.*__BRA__\([0-9]*\)__KET__.*/\1 &/p; /__BRA__/!s/^/0 /p'
    else
        { grep -o '[A-Za-z0-9_]*u_sig__02ebits_q' "$ROOTH" || true; } | sort -u |
            sed -n 's/.*__05b\([0-9]*\)__05d.*/\1 &/p; /__05b/!s/^/0 /p'
    fi | sort -n -u | awk '{ printf " X(%s, %s)", $1, $2 }'
    echo
} > "$TMP/obj/gpucoh_sigs.h"
if [ -n "$NETLIST" ]; then
    # gpucoh_netlist.h: the mask of removed bits. A member is a public register of the root
    # class: "<type>/*hi:lo*/ <TOP>__DOT__<name>;" or a gathered array "VlUnpacked<...>".
    awk -v top="$TOP" -v removed="$TMP/removed.txt" '
        function mangle(s) { gsub(/\[/, "__05b", s); gsub(/\]/, "__05d", s); gsub(/\./, "__02e", s)
                             return top "__DOT__" s }
        BEGIN {
            while ((getline l < removed) > 0) { split(l, f, " "); rm[mangle(f[1])] = f[2]; pretty[mangle(f[1])] = f[1] }
        }
        match($0, /^ *(VlUnpacked<)?(CData|SData|IData|QData|VlWide<[0-9]+>)\/\*[0-9]+:[0-9]+\*\/(, [0-9]+>)? [A-Za-z0-9_]+;$/) {
            decl = $0; sub(/^ */, "", decl); sub(/;$/, "", decl)
            name = decl; sub(/^.* /, "", name)
            if (index(name, top "__DOT__") != 1 || name !~ /_q/) next
            if (name in seen) next
            seen[name] = 1
            hl = decl; sub(/^[^*]*\/\*/, "", hl); sub(/\*\/.*$/, "", hl); split(hl, b, ":")
            n++; mem[n] = name; dcl[n] = decl; lo[n] = b[2] + 0; w[n] = b[1] - b[2] + 1; ismem[name] = 1
            # an array gathered from the element wires: VlUnpacked<T, N>, elements [0 .. N-1]
            el[n] = 0
            if (decl ~ /^VlUnpacked</) { e = decl; sub(/^.*, /, "", e); sub(/>.*$/, "", e); el[n] = e + 0; arrmem[name] = n }
        }
        END {
            print "// generated by tools/build_rtl.sh from the Verilated root class and the netlist"
            print "struct GpucohNetlistMask {"
            for (i = 1; i <= n; i++) print "    " dcl[i] ";"
            print "    explicit GpucohNetlistMask(bool held) {"
            print "        (void)held;"
            total = 0
            for (i = 1; i <= n; i++) {
                if (el[i])
                    printf "        for (auto& e : %s.m_storage)\n            gpucoh::nl_ones(e, %d);\n", mem[i], w[i]
                else
                    printf "        gpucoh::nl_ones(%s, %d);\n", mem[i], w[i]
            }
            for (i = 1; i <= n; i++) {
                if (el[i]) continue
                # an element of a gathered array (or a register of an instance view): clear its
                # bits there too
                ael = ""; pn = pretty[mem[i]]
                if (match(pn, /^([A-Za-z_][A-Za-z0-9_]*\.)?[A-Za-z_][A-Za-z0-9_]*(\[[0-9]+\])?$/)) {
                    pp = ""; if (index(pn, ".")) { pp = pn; sub(/\..*$/, "", pp); sub(/^[^.]*\./, "", pn) }
                    ab = pn; sub(/\[.*$/, "", ab); am = top "__DOT__" (pp == "" ? "" : pp "__DOT__") ab
                    if (index(pn, "[")) {
                        ai = pn; sub(/^[^[]*\[/, "", ai); sub(/\]$/, "", ai)
                        if (am in arrmem) ael = am "[" ai "]"
                    } else if (pp != "" && (am in ismem) && !(am in arrmem)) ael = am
                }
                if (!(mem[i] in rm)) continue
                done[mem[i]] = 1
                printf "        if (held) {\n"
                r = rm[mem[i]]
                if (r == "all") { r = "[" (lo[i] + w[i] - 1) ":" lo[i] "]" }
                gsub(/[\[\]]/, "", r); nr = split(r, parts, ",")
                for (j = 1; j <= nr; j++) {
                    if (split(parts[j], hl2, ":") == 1) hl2[2] = hl2[1]
                    printf "            gpucoh::nl_clear(%s, %d, %d); // %s[%s] removed\n", mem[i], hl2[2] - lo[i], hl2[1] - lo[i], pretty[mem[i]], parts[j]
                    if (ael != "") printf "            gpucoh::nl_clear(%s, %d, %d);\n", ael, hl2[2] - lo[i], hl2[1] - lo[i]
                    total += hl2[1] - hl2[2] + 1
                }
                printf "        }\n"
            }
            print "    }"
            print "};"
            printf "#define GPUCOH_NL_REMOVED_BITS %du\n", total
            for (m in rm) if (!(m in done)) { print "build_rtl: removed register " pretty[m] " is not a public member " m > "/dev/stderr"; exit 1 }
        }' "$ROOTH" > "$TMP/obj/gpucoh_netlist.h"
    # State registers Yosys's fsm pass re-encoded (synth/synth.sh's log beside the netlist):
    # "Recoding FSM `$fsm$\st_q$2968' ..." then "  00 -> --1" lines (RTL code -> new pattern).
    # A code bit synthesis removed (fsm_removed.txt, above) is a don't-care of every code; the code
    # left with no cared bit (a one-hot code whose flop is gone) is listed last, so that it is the
    # state when no other code matches. Two codes left the same, or two without a cared bit: refused.
    awk -v fr="$TMP/fsm_removed.txt" -v fg="$TMP/fsm_gone.txt" '
        BEGIN { while ((getline l < fr) > 0) { split(l, q, " "); rmv[q[1]] = q[2] }
                while ((getline l < fg) > 0) gonefsm[l] = 1 }
        /^Recoding FSM `\$fsm\$\\/ { s = $0; sub(/^Recoding FSM `\$fsm\$\\/, "", s); sub(/\$[0-9]+'"'"' from module .*$/, "", s)
                                      cur = s; if (s in gonefsm) { cur = "-"; next }; names[++nf] = cur; next }
        cur != "" && /^  [01]+ -> [-01]+$/ { k = ++n[cur]; old[cur, k] = $1; nw[cur, k] = $3; next }
        cur != "" && !/^  / { cur = "" }
        function bin(s,   v, i) { v = 0; for (i = 1; i <= length(s); i++) v = v * 2 + (substr(s, i, 1) == "1"); return v }
        END {
            for (f = 1; f <= nf; f++) {
                nm = names[f]
                delete gone
                if (nm in rmv) {                # "[0]", "[3,1:0]" or "all": bits of the new code
                    r = rmv[nm]
                    if (r == "all") { print "build_rtl: synthesis removed the re-encoded state register " nm " whole" > "/dev/stderr"; bad = 1 }
                    gsub(/[\[\]]/, "", r); nr = split(r, parts, ",")
                    for (j = 1; j <= nr; j++) {
                        if (split(parts[j], hl, ":") == 1) hl[2] = hl[1]
                        for (b = hl[2] + 0; b <= hl[1] + 0; b++) gone[b] = 1
                    }
                }
                printf "static const gpucoh::NlFsmCode kNlFsmCodes%d[] = {", f
                out = ""; last = ""; nlast = 0; delete seen
                for (k = 1; k <= n[nm]; k++) {
                    p = nw[nm, k]; care = ""; val = ""; L = length(p)
                    for (i = 1; i <= L; i++) {
                        c = substr(p, i, 1); if ((L - i) in gone) c = "-"
                        care = care (c == "-" ? "0" : "1"); val = val (c == "1" ? "1" : "0")
                    }
                    e = sprintf("{0x%xu, 0x%xu, 0x%xu}", bin(care), bin(val), bin(old[nm, k]))
                    if ((care, val) in seen) { print "build_rtl: " nm ": two codes the same once the removed bits are dropped" > "/dev/stderr"; bad = 1 }
                    seen[care, val] = 1
                    if (bin(care) == 0) { last = e; nlast++ } else out = out (out == "" ? "" : ", ") e
                }
                if (nlast > 1) { print "build_rtl: " nm ": two codes without a bit once the removed bits are dropped" > "/dev/stderr"; bad = 1 }
                printf "%s%s%s};\n", out, (out != "" && last != "" ? ", " : ""), last
            }
            printf "static const gpucoh::NlFsm kNlFsms[] = {"
            for (f = 1; f <= nf; f++) printf "{\"%s\", %du, kNlFsmCodes%d}, ", names[f], n[names[f]], f
            printf "{nullptr, 0u, nullptr}};\n"
            for (f = 1; f <= nf; f++) print names[f] > "/dev/stderr"
            exit bad
        }' "$YLOG" >> "$TMP/obj/gpucoh_netlist.h" 2> "$TMP/fsm.txt" || { grep '^build_rtl' "$TMP/fsm.txt" >&2; exit 1; }
    # (an element of an array, x_q[3]: the shim reads x_q[k] and names it "x_q[k]" to nl_fsm_find,
    # so it must hold the text "x_q[" beside nl_fsm_find)
    while read -r fsm; do
        [ -n "$fsm" ] || continue
        member=${TOP}__DOT__$(printf '%s' "$fsm" | sed 's/\[/__05b/g; s/\]/__05d/g; s/\./__02e/g')
        if [[ $fsm =~ ^([A-Za-z_][A-Za-z0-9_]*)\[[0-9]+\]$ ]] && ! grep -q "\b$member\b" "$SHIM"; then
            base=${BASH_REMATCH[1]}
            if grep -q "\b${TOP}__DOT__$base\b" "$SHIM" &&
                ! { grep -q "nl_fsm_find(" "$SHIM" && grep -qF "\"${base}[" "$SHIM"; }; then
                echo "build_rtl: synthesis re-encoded the state register $fsm (Yosys fsm, see $YLOG);" \
                    "$SHIM reads $base but does not decode it (gpucoh::nl_fsm, shim_netlist.h)" >&2
                exit 1
            fi
            continue
        fi
        if grep -q "\b$member\b" "$SHIM" && ! grep -q "nl_fsm_find(\"$fsm\")" "$SHIM"; then
            echo "build_rtl: synthesis re-encoded the state register $fsm (Yosys fsm, see $YLOG);" \
                "$SHIM reads it but does not decode it (gpucoh::nl_fsm, shim_netlist.h)" >&2
            exit 1
        fi
    done < "$TMP/fsm.txt"
    cp "$TMP/obj/gpucoh_netlist.h" "$TMP/gpucoh_netlist.h" # kept beside model.so for reading
    printf '%s\n' "$NETLIST" > "$TMP/netlist.txt"
fi
JOBS=${GPUCOH_JOBS:-2}
make -s -C "$TMP/obj" -f "V$TOP.mk" -j"$JOBS" OPT_FAST="$OPT" OPT_SLOW="$OPT" OPT_GLOBAL="$OPT" \
    "V${TOP}__ALL.a" > "$TMP/make.log" 2>&1 || { cat "$TMP/make.log" >&2; exit 1; }

RT_OBJS="verilated.o verilated_fst_c.o verilated_threads.o"
# Toggle counting (synth/energy.sh, docs/area-method.md section 8): GPUCOH_VFLAGS with
# --coverage-toggle builds the model with Verilator's per-bit toggle counters; the shim writes
# them when the model is destroyed (GPUCOH_TOGGLE_DAT). The coverage runtime joins the others.
COVDEFS=()
case " ${GPUCOH_VFLAGS:-} " in
*" --coverage-toggle "*) RT_OBJS="$RT_OBJS verilated_cov.o"; COVDEFS=(-DVM_COVERAGE=1) ;;
esac
mkdir -p "$RUNTIME"
(
    flock 9
    need=0
    for o in $RT_OBJS; do [ -f "$RUNTIME/$o" ] || need=1; done
    if [ $need = 1 ]; then
        make -s -C "$TMP/obj" -f "V$TOP.mk" -j"$JOBS" OPT_FAST="$OPT" OPT_SLOW="$OPT" \
            OPT_GLOBAL="$OPT" $RT_OBJS > "$TMP/runtime.log" 2>&1 || { cat "$TMP/runtime.log" >&2; exit 1; }
        for o in $RT_OBJS; do cp "$TMP/obj/$o" "$RUNTIME/$o.tmp" && mv "$RUNTIME/$o.tmp" "$RUNTIME/$o"; done
    fi
) 9> "$RUNTIME/.lock"

g++ -std=gnu++17 -shared -fPIC $OPT -DVL_USER_STOP $PRINTF_HOOK -DGPUCOH_BUILD_KEY="\"$KEY\"" -DVM_TRACE=1 -DVM_TRACE_FST=1 \
    "${PDEFS[@]}" "${SHIMDEFS[@]}" "${COVDEFS[@]}" \
    -I"$TMP/obj" -I"$VINC" -I"$VINC/vltstd" -I"$ROOT/verilator" "${CMINC[@]}" \
    -faligned-new -Wno-attributes \
    "$SHIM" "$TMP/obj/V${TOP}__ALL.a" $(for o in $RT_OBJS; do echo "$RUNTIME/$o"; done) \
    -lz -pthread -o "$TMP/model.so" 2> "$TMP/link.log" || { cat "$TMP/link.log" >&2; exit 1; }

printf '%s\n' "$KEY" > "$TMP/key.txt"
rm -rf "$TMP/obj" "$TMP/flat.v" # flat.v: yosys regenerates it from netlist.txt and cells.v
if ! mv -T "$TMP" "$OUT" 2>/dev/null; then
    # another process finished the same entry first; theirs is identical
    [ -f "$OUT/model.so" ] || { echo "build_rtl: could not install $OUT" >&2; exit 1; }
fi
trap - EXIT
