#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/energy.sh -- energy per operation from the osu018 netlists (docs/area-method.md section 8,
# the generated page docs/energy.md).
#
# For each point: the unit's gate-level netlist (the one `gpucoh cosim <unit> --netlist` runs)
# is co-simulated against its C model with Verilator's per-bit toggle counters compiled in
# (GPUCOH_VFLAGS --coverage-toggle; tools/build_rtl.sh, verilator/shim_common.h). Every run of a
# point has the same cycles and seed: an idle run (GPUCOH_ENERGY_OPS=none: reset, then the clock
# with no operation) and one run per operation class (the stimulus keeping only that class, or
# the unfiltered mixed stimulus for a unit whose operations cannot be separated). The toggles of
# every net, divided by the cycles, are the activities of the cell pins on the net; OpenSTA's
# report_power of every instance at activity 0 and 1, interpolated at those activities, gives
# internal, switching and leakage power at the 10 ns clock. The operation
# counts are the C model's transition rows of the same run (--coverage).
#
# The cache controllers (tc_l1, tc_l2, gpu_l1, gpu_l2) have no standalone lockstep: `gpucoh cosim
# <unit> --netlist` runs their system (small configuration, the other units as C models) with
# every instance of the unit (one per SM or L2 bank) as the netlist, on the system's random
# traffic (tb/sys/traffic.c), which GPUCOH_ENERGY_OPS filters by operation kind (load, store,
# atomic, fence, acquire, release). Each instance writes its own toggle counts; the energies of a
# run are those of all its instances (power is linear in each instance's activities, so the
# instances' sum is N times one netlist at their mean activities), the rows those of the C
# models of all instances (the system's transition rows of the unit's slot, "l1 C05 ...").
#
#   energy per operation = (E_run - E_idle) / operations of the class
#   E = (internal / 2 + switching) * period * cycles + input-net switching
#
# internal / 2: OpenSTA 2.0.17 charges every pin transition rise_power + fall_power of the
# liberty table instead of one of them (shown on a one-flop, one-inverter netlist: --validate,
# tests/test_energy.sh). Input-net switching: OpenSTA charges a net to its driving cell, so the
# nets driven by the unit's input ports (and the clock) are charged to nobody; the script adds
# 1/2 C V^2 per toggle of those nets with C the sum of the liberty capacitances of their loads.
#
# Usage: synth/energy.sh [--list] [--force] [--only REGEX] [--validate]
#   --list      every point: up-to-date, stale or missing (inputs_sha256), and its result file
#   --force     measure the selected points even when fresh
#   --only RE   only the points whose name matches RE
#   --validate  the hand check of OpenSTA's power on tests/energy/tiny.v only
# Results: synth/results/energy_<point>.energy.txt (key value lines; written to a temporary file
# and renamed). Work files: build/energy/<point>/.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
LIB=${GPUCOH_LIBERTY:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
G=$ROOT/build/gpucoh
RES=${ENERGY_RESULTS:-synth/results}
CLOCK_NS=10
VDD=1.8
VFLAGS="--assert --coverage-toggle --coverage-underscore"
# The toggle-counting models are compiled at -O0 (tools/build_rtl.sh's GPUCOH_RTL_OPT; the
# lockstep's default for a netlist is -O1): the C++ optimization changes no toggle count, and
# their compile, not the short runs, is what takes the time (docs/area-method.md section 8.5)
export GPUCOH_RTL_OPT=${GPUCOH_RTL_OPT:--O0}

# the points: synth/energy_points.txt (its header: the fields, the classes and their rows)
POINTS_FILE=synth/energy_points.txt
[ -f "$POINTS_FILE" ] || { echo "energy: $POINTS_FILE not found" >&2; exit 2; }
mapfile -t POINTS < <(grep -v '^[[:space:]]*\(#\|$\)' "$POINTS_FILE")

die() { echo "energy: $*" >&2; exit 2; }

LIST=0 FORCE=0 ONLY="" VALIDATE=0
while [ $# -gt 0 ]; do
    case $1 in
    --list) LIST=1 ;;
    --force) FORCE=1 ;;
    --only) [ $# -ge 2 ] || die "--only needs a regular expression"; ONLY=$2; shift ;;
    --validate) VALIDATE=1 ;;
    *) die "unknown option '$1' (--list, --force, --only REGEX, --validate)" ;;
    esac
    shift
done
[ -f "$LIB" ] || die "liberty $LIB not found (GPUCOH_LIBERTY)"
command -v sta > /dev/null || die "OpenSTA (sta) not installed"

# ---- the liberty: pin directions and capacitances (cell pin dir cap) ----
pins_of_lib() {
    awk '/^[ \t]*cell[ \t]*\(/ { c = $0; sub(/.*\(/, "", c); sub(/\).*/, "", c); next }
         /^[ \t]*pin[ \t]*\(/ { p = $0; sub(/.*\(/, "", p); sub(/\).*/, "", p); d = ""; cap = 0; next }
         p != "" && /direction :/ { d = $3; sub(/;/, "", d) }
         p != "" && /^[ \t]*capacitance :/ { cap = $3; sub(/;/, "", cap); print c, p, d, cap; p = "" }' "$LIB"
}

# ---- OpenSTA's power of a netlist with pin activities (a Tcl file) ----
# sta_instances NETLIST TOP OUT: OpenSTA's power of every instance with every non-clock pin at
# activity 0 and at activity 1 (set_power_activity -global; the clock pins keep the clock's 2
# transitions a cycle): "inst int0 sw0 int1 sw1 leak" lines (W). Per-pin activities are not used:
# this OpenSTA propagates activities from the inputs and registers and drops the values set on
# most pins of a large netlist (sta::set_power_pin_activity; docs/area-method.md section 8.2).
# Power is linear in the activity, so each instance's power at its own activities is
# interpolated between the two reports (power_of_run).
sta_instances() {
    local nl=$1 top=$2 out=$3 tcl
    tcl=$(mktemp "${TMPDIR:-/tmp}/energy-sta.XXXXXX")
    cat > "$tcl" <<EOF2
proc gpucoh_power {} {
  if {[catch {read_liberty {$LIB}} m]} { puts "GPUCOH_ERROR read_liberty: \$m"; return }
  if {[catch {read_verilog {$nl}} m]} { puts "GPUCOH_ERROR read_verilog: \$m"; return }
  if {[catch {link_design {$top}} m] || !\$m} { puts "GPUCOH_ERROR link_design $top failed"; return }
  if {[llength [get_ports -quiet clk_i]]} {
    create_clock -name clk -period $CLOCK_NS [get_ports clk_i]
    set ins [delete_from_list [all_inputs] [get_ports clk_i]]
  } else {
    create_clock -name clk -period $CLOCK_NS
    set ins [all_inputs]
  }
  set_driving_cell -lib_cell BUFX2 \$ins
  set_load 0.01 [all_outputs]
  set_power_activity -global -activity 0 -duty 0.5
  puts "GPUCOH_A0"
  report_power -instances [get_cells *] -digits 9
  set_power_activity -global -activity 1 -duty 0.5
  puts "GPUCOH_A1"
  report_power -instances [get_cells *] -digits 9
  puts "GPUCOH_DONE"
}
gpucoh_power
EOF2
    sta -no_init -exit "$tcl" > "$out.sta" 2>&1 || true
    rm -f "$tcl"
    if ! grep -q GPUCOH_DONE "$out.sta" || grep -q 'GPUCOH_ERROR\|^Error' "$out.sta"; then
        grep -E 'GPUCOH_ERROR|^Error' "$out.sta" | head -5 >&2
        echo "energy: OpenSTA failed on $nl" >&2
        return 1
    fi
    awk '/^GPUCOH_A0/ { s = 0; next } /^GPUCOH_A1/ { s = 1; next }
         NF == 5 && $1 ~ /^[0-9.]+e[-+][0-9]+$/ {
             if (s == 0) { i0[$5] = $1; w0[$5] = $2; lk[$5] = $3; ord[++n] = $5 } else { i1[$5] = $1; w1[$5] = $2 } }
         END { for (k = 1; k <= n; k++) { x = ord[k]; print x, i0[x], w0[x], i1[x], w1[x], lk[x] } }' "$out.sta" > "$out"
}
# ---- --validate: the hand check on one flop and one inverter ----
validate() {
    local tcl out
    tcl=$(mktemp "${TMPDIR:-/tmp}/energy-val.XXXXXX")
    cat > "$tcl" <<EOF2
read_liberty {$LIB}
read_verilog {$ROOT/tests/energy/tiny.v}
link_design tiny
create_clock -name clk -period $CLOCK_NS [get_ports clk_i]
set_load 0.01 [get_ports y_o]
set_input_transition 0.1 [all_inputs]
set_power_activity -input -activity 0 -duty 0.5
puts "GPUCOH_CLOCK_ONLY"
report_power -instances [get_cells ff] -digits 8
sta::set_power_pin_activity [get_pins ff/Q] 0.5 0.5
sta::set_power_pin_activity [get_pins inv/A] 0.5 0.5
sta::set_power_pin_activity [get_pins inv/Y] 0.5 0.5
puts "GPUCOH_TOGGLING"
report_power -instances [get_cells *] -digits 8
set_power_activity -global -activity 0 -duty 0.5
puts "GPUCOH_GLOBAL0"
report_power -instances [get_cells *] -digits 8
set_power_activity -global -activity 0.5 -duty 0.5
puts "GPUCOH_GLOBAL5"
report_power -instances [get_cells *] -digits 8
set_power_activity -global -activity 1 -duty 0.5
puts "GPUCOH_GLOBAL1"
report_power -instances [get_cells *] -digits 8
EOF2
    out=$(sta -no_init -exit "$tcl" 2>&1) || true
    rm -f "$tcl"
    # the rows: internal switching leakage total name
    awk '/GPUCOH_CLOCK_ONLY/ { s = "clk" } /GPUCOH_TOGGLING/ { s = "tog" } /GPUCOH_GLOBAL0/ { s = "g0" } /GPUCOH_GLOBAL5/ { s = "g5" } /GPUCOH_GLOBAL1/ { s = "g1" }
         NF == 5 && $5 ~ /^(ff|inv)$/ && $1 ~ /e/ { printf "%s_%s %s %s %s\n", s, $5, $1, $2, $3 }' <<< "$out"
}
if [ $VALIDATE = 1 ]; then validate; exit 0; fi

[ -x "$G" ] || die "$G not built (make build)"

# ---- fingerprints ----
# inputs_sha256: this script, the liberty, the tools, the unit's RTL and synthesis flow (they
# make the netlist), the stimulus and model sources that choose its inputs and count its
# operations, the toggle-counting build, and the point's definition
point_inputs() {
    local unit=$1 def=$2 f
    {
        printf '%s\n' "$def" "$CLOCK_NS" "$VDD" "$VFLAGS"
        sta -version 2>/dev/null || true
        verilator --version
        yosys -V
        for f in synth/energy.sh synth/synth.sh synth/techmap_wide_shift.v rtl/gpucoh_pkg.sv \
            tools/build_rtl.sh verilator/shim_common.h verilator/shim_netlist.h \
            tb/engine/energy_filter.h tb/engine/cosim.c; do sha256sum "$f"; done
        sha256sum rtl/include/* "$LIB" | sed 's/  .*\//  /'
        for f in $("$G" units --get rtl_files "$unit"); do sha256sum "rtl/$f" || return 1; done
        case $unit in
        tc_l? | gpu_l?)
            local fam=${unit%%_*}
            sha256sum tb/sys/traffic.c tb/sys/gsys.c "tb/proto/$fam/${fam}_proto.c" \
                "tb/proto/$fam/${fam}_units.c" "cmodel/$fam/$unit.c"
            ;;
        sig_bloom | rdu | avu) sha256sum "tb/units/${unit}_tb.c" cmodel/sig/"$unit".c cmodel/sig/sig_bloom.c ;;
        tc_*) sha256sum tb/proto/tc/tc_units.c cmodel/tc/"$unit".c cmodel/tc/tc_timer.c ;;
        esac
        sha256sum "$(gpucoh_shim "$unit")"
    } | sha256sum | cut -d' ' -f1
}
gpucoh_shim() { ls verilator/*/"$1"_rtl.cpp; }

result_of() { echo "$RES/energy_$1.energy.txt"; }

status_of() { # POINT DEF UNIT -> fresh | stale | missing
    local f
    f=$(result_of "$1")
    [ -f "$f" ] || { echo missing; return; }
    if [ "$(awk '$1 == "inputs_sha256" { print $2 }' "$f")" = "$(point_inputs "$3" "$2")" ]; then
        echo up-to-date
    else
        echo stale
    fi
}

# ---- one run: toggles and power ----
# run_point_class WORK UNIT PARAMS CYCLES FILTER NAME -> WORK/NAME.{log,pwr}
run_class() {
    local work=$1 unit=$2 params=$3 cycles=$4 filter=$5 name=$6 pargs=() kv rc=0
    for kv in $params; do pargs+=(--param "$kv"); done
    rm -f "$work/$name.dat".*
    local envs=(GPUCOH_ROOT="$ROOT" GPUCOH_VFLAGS="$VFLAGS${XFLAGS:+ $XFLAGS}" GPUCOH_TOGGLE_DAT="$work/$name.dat")
    [ "$filter" = - ] || envs+=(GPUCOH_ENERGY_OPS="$filter")
    local ill=(--illegal-rate 0)
    env "${envs[@]}" "$G" cosim "$unit" --netlist "${pargs[@]}" --cycles "$cycles" --seed 1 \
        "${ill[@]}" --coverage --out "$work/out" --json "$work/$name.json" > "$work/$name.log" 2>&1 || rc=$?
    if [ $rc != 0 ] || ! grep -Eq "^PASS ($unit|system [a-z-]+): $cycles cycles" "$work/$name.log"; then
        tail -5 "$work/$name.log" >&2
        echo "energy: the netlist lockstep of $unit ($name) failed (exit $rc); log $work/$name.log" >&2
        return 1
    fi
    ls "$work/$name.dat".* > /dev/null 2>&1 || { echo "energy: no toggle counts from $unit ($name): not built with --coverage-toggle?" >&2; return 1; }
}

# toggles per net of the unit's top (TOP.<top>), summed over the model instances
net_toggles() { # TOP DATFILES... -> "net toggles"
    local top=$1; shift
    cat "$@" | tr '\001\002' '\034\035' | awk -v h="TOP.$top" '
        /^C / {
            n = split($0, f, "\034"); name = ""; hier = ""
            for (i = 2; i <= n; i++) {
                split(f[i], kv, "\035")
                if (kv[1] == "o") name = kv[2]
                else if (kv[1] == "h") { hier = kv[2]; sub(/\047.*/, "", hier) }
                else if (kv[1] == "page" && kv[2] !~ /^v_toggle/) { name = ""; break }
            }
            if (name == "" || hier != h) next
            cnt = $NF; t[name] += cnt
        }
        END { for (k in t) print k, t[k] }'
}

# the cell pins of a netlist: "inst cell pin net" (nets as written: a, a[3], \esc [3], 1'h0)
netlist_pins() {
    awk '
        /^  [A-Z][A-Z0-9_]* [^ ]+ \($/ { cell = $1; inst = $2; next }
        cell != "" && /^    \.[A-Za-z0-9_]+\(/ {
            l = $0; sub(/^    \./, "", l); pin = l; sub(/\(.*/, "", pin)
            net = l; sub(/^[^(]*\(/, "", net); sub(/\),?$/, "", net)
            print inst, cell, pin, net; next }
        /^  \);/ { cell = "" }' "$1"
}

# instances_of WORK NAME: the model instances of a run (one toggle file each: one for a
# standalone unit, one per SM or bank for a cache controller in its system)
instances_of() { find "$1" -maxdepth 1 -name "$2.dat.*" | wc -l; }

# power_of_run WORK NAME NETLIST TOP CYCLES -> "internal switching leakage in_pj clk_pj unmapped":
# internal, switching and leakage power (W, OpenSTA's internal power not yet halved) of the run,
# each instance at its own activities: internal at the mean activity of its non-clock pins,
# switching at the mean activity of its outputs, interpolated between OpenSTA's reports at
# activity 0 and 1 (WORK/sta_inst.txt, sta_instances); the input-net and clock-net energy (pJ)
# from the liberty's pin capacitances
power_of_run() {
    local work=$1 name=$2 nl=$3 top=$4 cycles=$5 inst
    net_toggles "$top" "$work/$name.dat".* > "$work/$name.toggles"
    inst=$(instances_of "$work" "$name")
    netlist_pins "$nl" > "$work/pins.txt"
    pins_of_lib > "$work/libpins.txt"
    awk '/^  input / { l = $0; sub(/;.*/, "", l); n = split(l, w, " "); print w[n] }' "$nl" > "$work/inputs.txt"
    [ -s "$work/sta_inst.txt" ] || sta_instances "$nl" "$top" "$work/sta_inst.txt" || return 1
    awk -v cycles="$cycles" -v vdd="$VDD" -v acts="$work/$name.acts" -v ninst="$inst" '
        FILENAME == ARGV[1] { dir[$1 "/" $2] = $3; cap[$1 "/" $2] = $4; next }
        FILENAME == ARGV[2] { tog[$1] = $2; next }
        FILENAME == ARGV[3] { inport[$1] = 1; next }
        FILENAME == ARGV[4] {
            inst = $1; cell = $2; pin = $3; net = $0; sub(/^[^ ]+ [^ ]+ [^ ]+ /, "", net); sub(/ +$/, "", net)
            if (substr(net, 1, 1) == "\\") { # an escaped name: hex escapes as Verilator writes them, then the bit
                key = substr(net, 2); bit = ""
                if (match(key, / \[[0-9]+\]$/)) { bit = substr(key, RSTART + 1); key = substr(key, 1, RSTART - 1) }
                gsub(/\[/, "__05b", key); gsub(/\]/, "__05d", key); gsub(/\./, "__02e", key); key = key bit
            } else { key = net; gsub(/ /, "", key) }
            base = key; sub(/\[[0-9]+\]$/, "", base)
            if (key == "clk_i") { clkcap += cap[cell "/" pin]; next }
            if (net ~ /^[0-9]+\047[bh][0-9a-fA-F]+$/) a = 0
            else if (key in tog) a = tog[key] / cycles / ninst
            else { unmapped++; if (unmapped <= 5) print "energy: no toggle count for net " net > "/dev/stderr"; a = 0 }
            sa[inst] += a; na[inst]++
            if (dir[cell "/" pin] == "output") { so[inst] += a; no[inst]++ }
            if ((base in inport) && dir[cell "/" pin] == "input")
                inpj += 0.5 * cap[cell "/" pin] * vdd * vdd * a * cycles
            next
        }
        {   # inst int0 sw0 int1 sw1 leak (OpenSTA, W)
            i = $1; ai = na[i] ? sa[i] / na[i] : 0; ao = no[i] ? so[i] / no[i] : 0
            if (!(i in na)) { missing++; if (missing <= 5) print "energy: OpenSTA instance " i " not in the netlist" > "/dev/stderr" }
            pi += $2 + ($4 - $2) * ai; ps += $3 + ($5 - $3) * ao; pl += $6
            printf "%s %.6g %.6g\n", i, ai, ao > acts
        }
        END { # pF V^2 = pJ; the clock net: 2 transitions a cycle; ninst instances at the mean activities
            printf "%.9e %.9e %.9e %.9g %.9g %d\n", pi * ninst, ps * ninst, pl * ninst, inpj * ninst, clkcap * vdd * vdd * cycles * ninst, unmapped + missing
        }' "$work/libpins.txt" "$work/$name.toggles" "$work/inputs.txt" "$work/pins.txt" "$work/sta_inst.txt"
}

# count_rows REGEX LOG: the sum of the counts of the transition rows (before the cover points)
# whose names match REGEX. A system's log (the cache controllers) names its rows by slot and id,
# "l1 C05 <name> <count>": REGEX then matches "l1.C05" (the cover points, "l1 F01 VIC_..", are
# not rows). issued=KIND: the traffic's count of operations of that kind ("traffic: issued:"),
# for a class no row of the unit counts (a TC fence)
count_rows() {
    if [[ $1 == issued=* ]]; then
        awk -v k="${1#issued=}" '/^traffic: issued:/ { for (i = 3; i < NF; i++) if ($i == k) s += $(i + 1) } END { print s + 0 }' "$2"
        return
    fi
    awk -v re="$1" '
        /^  cover points:/ { exit }
        /^  [A-Z][0-9]+ / { n = $NF; $1 = ""; $NF = ""; sub(/^ +/, ""); sub(/ +$/, ""); if ($0 ~ re) s += n; next }
        /^  [a-z][a-z0-9]* [A-Z]+[0-9]+([.][a-z]+)? / && !($2 ~ /^F[0-9]+$/ && NF <= 5 && $3 ~ /^[A-Z0-9_]+$/) {
            n = $NF; if (n == "(unreachable)") n = $(NF - 1)
            if ((n ~ /^[0-9]+$/) && ($1 "." $2) ~ re) s += n
        }
        END { print s + 0 }' "$2"
}

measure_point() { # DEF
    local def=$1 point unit params cycles classes
    local rest
    IFS='|' read -r point unit params cycles rest <<< "$def"
    classes=${rest%%|--*} XFLAGS="" # a class's rows may hold a |: the flags start with --
    [[ $rest != *"|--"* ]] || XFLAGS=--${rest#*|--}
    local work=$ROOT/build/energy/$point
    mkdir -p "$work"
    rm -f "$work/sta_inst.txt" # OpenSTA's per-instance power: once a point, from its netlist
    local fp t0 top nl
    fp=$(point_inputs "$unit" "$def")
    t0=$(date +%s)
    top=$("$G" units --get top "$unit")
    echo "energy: $point: idle run ($cycles cycles)" >&2
    mkdir -p "$work/out"
    run_class "$work" "$unit" "$params" "$cycles" none idle
    nl=$(sed -n 's/.*"file": "\([^"]*netlist[.]v\)".*/\1/p' "$work/idle.json" | head -1)
    # a system's JSON names no file: its log names the synthesis directory of the unit's netlist
    [ -n "$nl" ] || nl=$(sed -n "s|^gpucoh: netlist of $unit: synth/synth.sh result in \(.*\)\$|\1/netlist.v|p" "$work/idle.log" | head -1)
    [ -f "$nl" ] || { echo "energy: $point: the run's JSON names no netlist file" >&2; return 1; }
    local pw_idle
    pw_idle=$(power_of_run "$work" idle "$nl" "$top" "$cycles") || return 1
    local out="$work/result.txt"
    {
        echo "point $point"
        echo "unit $unit"
        echo "params $params"
        echo "cycles $cycles"
        echo "seed 1"
        echo "clock_ns $CLOCK_NS"
        echo "vdd $VDD"
        echo "cells $(grep -c '^  [A-Z][A-Z0-9_]* [^ ]* ($' "$nl")"
        echo "flops $(grep -c '^  DFF[A-Z0-9]* [^ ]* ($' "$nl")"
        echo "instances $(instances_of "$work" idle)"
        energy_keys idle "$pw_idle" "$cycles"
    } > "$out"
    local cl cname filter rows
    for cl in $classes; do
        IFS=':' read -r cname filter rows also <<< "$cl"
        local pw ops
        if [ "$filter" = none ]; then
            pw=$pw_idle
            cp "$work/idle.log" "$work/$cname.log"
        else
            echo "energy: $point: $cname run (filter $filter)" >&2
            run_class "$work" "$unit" "$params" "$cycles" "$filter" "$cname"
            pw=$(power_of_run "$work" "$cname" "$nl" "$top" "$cycles") || return 1
        fi
        if [ "$rows" = cycles ]; then
            ops=$cycles
        else
            ops=$(count_rows "$rows" "$work/$cname.log")
        fi
        [ "$ops" -gt 0 ] || { echo "energy: $point: class $cname: no operation counted (rows /$rows/)" >&2; return 1; }
        {
            echo "class_$cname filter=$filter rows=$rows"
            if [ -n "$also" ]; then
                echo "${cname}_also $(count_rows "$also" "$work/$cname.log") $also"
            fi
            echo "${cname}_ops $ops"
            energy_keys "$cname" "$pw" "$cycles"
        } >> "$out"
    done
    local summary
    summary=$(awk -v classes="$classes" '
        { v[$1] = $2 }
        END {
            n = split(classes, c, " ")
            printf "leakage_nw %.4f\n", v["idle_leakage_w"] * 1e9
            printf "idle_pj_per_cycle %.6f\n", v["idle_dyn_pj"] / v["cycles"]
            for (i = 1; i <= n; i++) {
                split(c[i], f, ":"); k = f[1]
                if (f[2] == "none") e = v["idle_dyn_pj"] / v["cycles"]
                else e = (v[k "_dyn_pj"] - v["idle_dyn_pj"]) / v[k "_ops"]
                printf "%s_pj_per_op %.6f\n", k, e
            }
        }' "$out")
    {
        echo "$summary"
        echo "measure_seconds $(($(date +%s) - t0))"
        echo "inputs_sha256 $fp"
    } >> "$out"
    cp "$out" "$(result_of "$point").tmp"
    mv "$(result_of "$point").tmp" "$(result_of "$point")"
    echo "energy: $point done -> $(result_of "$point")" >&2
}

# energy_keys NAME "internal switching leakage in_pj clk_pj unmapped" CYCLES
energy_keys() {
    local name=$1 cycles=$3
    read -r pi ps pl inpj clkpj unm <<< "$2"
    [ "$unm" = 0 ] || { echo "energy: $name: $unm pins on nets without a toggle count" >&2; return 1; }
    awk -v n="$name" -v pi="$pi" -v ps="$ps" -v pl="$pl" -v inpj="$inpj" -v clkpj="$clkpj" \
        -v cyc="$cycles" -v T="$CLOCK_NS" 'BEGIN {
        # W * ns = nJ; * 1000 = pJ
        ei = pi / 2 * T * cyc * 1000; es = ps * T * cyc * 1000
        printf "%s_opensta_internal_w %.6e\n%s_opensta_switching_w %.6e\n%s_leakage_w %.6e\n", n, pi, n, ps, n, pl
        printf "%s_internal_pj %.4f\n%s_switching_pj %.4f\n%s_input_net_pj %.4f\n%s_clock_net_pj %.4f\n", n, ei, n, es, n, inpj, n, clkpj
        printf "%s_dyn_pj %.4f\n", n, ei + es + inpj + clkpj
    }'
}

# ---- the points ----
any=0
for def in "${POINTS[@]}"; do
    IFS='|' read -r point unit _ <<< "$def"
    if [ -n "$ONLY" ] && ! [[ $point =~ $ONLY ]]; then continue; fi
    any=1
    st=$(status_of "$point" "$def" "$unit")
    if [ $LIST = 1 ]; then
        printf '%-22s %-10s %s\n' "$point" "$st" "$(result_of "$point")"
        continue
    fi
    if [ "$st" = up-to-date ] && [ $FORCE = 0 ]; then
        echo "energy: $point fresh" >&2
        continue
    fi
    measure_point "$def"
done
[ $any = 1 ] || die "no point matches '$ONLY'"
