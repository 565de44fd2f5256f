#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/synth.sh -- synthesize one gpucoh unit onto the osu018 standard-cell library with Yosys,
# time the mapped netlist with OpenSTA, and write a machine-readable area/timing summary.
#
# Usage:
#   synth/synth.sh <outdir> <top> <storage> <rtl files...> [-- <Name=Value ...>]
#
#   <outdir>   directory for the results (created if missing)
#   <top>      top module name
#   <storage>  architectural storage bits, either a plain integer or
#              BITS[,sram=N][,banks=B][,ports=P]
#                BITS   storage bits reported (e.g. signature bits + counter bits)
#                sram   how many of them the SRAM-macro estimate moves into macros (default BITS)
#                banks  number of separate macros the sram bits are split into (default 1)
#                ports  read/write ports of every macro (default 1)
#   <rtl ...>  RTL files; relative paths are taken from the current directory, then from the
#              repository root. rtl/gpucoh_pkg.sv is read first when it exists (GPUCOH_PKG
#              overrides the path, GPUCOH_PKG= disables it); rtl/include is the include dir.
#   Name=Value parameter overrides, applied with `chparam -set` on <top>. Values: decimal,
#              0x-hex (converted to 'h), or a Verilog based literal such as 32'h9E3779B9.
#
# Results (written atomically: everything goes to a temporary directory first, area.txt is
# moved into place last, so a result is either complete or absent):
#   <outdir>/yosys.log   full Yosys log          <outdir>/stat.txt  `stat -liberty` report
#   <outdir>/netlist.v   mapped netlist          <outdir>/sta.txt   OpenSTA report (zero I/O delay)
#   <outdir>/sta_io.txt  OpenSTA report of the worst path with the I/O budget applied
#   <outdir>/area.txt    `key value` lines (cells, area_um2, ge, flops, ff_area_um2, ...)
# A failed run leaves earlier results untouched and writes <outdir>/failed.log.
#
# Environment (all optional):
#   GPUCOH_LIBERTY      liberty file (default /usr/share/qflow/tech/osu018/osu018_stdcells.lib)
#   GPUCOH_CLOCK_NS     clock period for STA in ns (default 10); the critical path and fmax do
#                       not depend on it, only the reported slack does
#   GPUCOH_IO_IN_FRAC, GPUCOH_IO_OUT_FRAC  the I/O budget of the second timing figure (0.3 each):
#                       an input arrives this fraction of the cycle after the clock edge, an
#                       output is due this fraction before the next (crit_path_io_ns, fmax_io_mhz)
#   GPUCOH_ABC          ABC script: "syn2" (default; Yosys's liberty script with &syn2 instead
#                       of &dch -f), "dch" (Yosys's default script), "fast" (abc -fast)
#   GPUCOH_ABC_DELAY_PS delay target passed to abc -D (default: none, i.e. area-oriented mapping)
#   GPUCOH_SYNTH_OPTS   extra options for the Yosys `synth` command (default: none)
#   GPUCOH_WIDE_SHIFT_MAP 1: lower wide $shift/$shiftx with synth/techmap_wide_shift.v (default);
#                       0: stock Yosys lowering (needs ~25 GB at 16 Kbit signatures)
#   GPUCOH_ABC_BUFFER   1: ABC buffers/resizes for fanout (-constr, default); 0: plain mapping
#   GPUCOH_DRIVE_CELL, GPUCOH_LOAD_PF  input driver cell / output load for ABC and STA (BUFX2, 0.01)
#   YOSYS, STA          tool binaries (default: yosys, sta from PATH)
#   SRAM-macro model constants (documented in docs/area-method.md; change only to experiment):
#   GPUCOH_SRAM_CELL_UM2        single-port 6T bit-cell area (default 5.0)
#   GPUCOH_SRAM_PORT_GROWTH     linear growth of cell width and height per extra port (0.5)
#   GPUCOH_SRAM_PERIPH_FRAC     periphery proportional to the array (decoders, sense amps) (0.30)
#   GPUCOH_SRAM_MACRO_FIXED_UM2 fixed periphery per macro and port (control, timing, I/O) (10000)
set -euo pipefail

prog=synth.sh
die() {
  echo "$prog: error: $*" >&2
  exit 1
}
usage() {
  sed -n '4,23p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

[[ $# -ge 1 && ( $1 == -h || $1 == --help ) ]] && usage
[[ $# -ge 4 ]] || { echo "$prog: error: expected <outdir> <top> <storage> <rtl files...>" >&2; usage; }

start_dir=$(pwd)
script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(cd "$script_dir/.." && pwd)

outdir_arg=$1
top=$2
storage_arg=$3
shift 3

rtl_args=()
while [[ $# -gt 0 && $1 != -- ]]; do
  rtl_args+=("$1")
  shift
done
[[ $# -gt 0 ]] && shift # the --
params=("$@")

[[ ${#rtl_args[@]} -gt 0 ]] || die "no RTL files given"
[[ $top =~ ^[A-Za-z_][A-Za-z0-9_\$]*$ ]] || die "top module name '$top' is not a Verilog identifier"

# ---- storage spec --------------------------------------------------------------------------
is_uint() { [[ $1 =~ ^[0-9]+$ ]]; }
IFS=, read -r -a storage_fields <<<"$storage_arg"
storage_bits=${storage_fields[0]:-}
is_uint "$storage_bits" || die "storage '$storage_arg': expected a bit count (BITS[,sram=N][,banks=B][,ports=P])"
sram_bits=$storage_bits
sram_banks=1
sram_ports=1
for f in "${storage_fields[@]:1}"; do
  case $f in
    sram=*) sram_bits=${f#sram=} ;;
    banks=*) sram_banks=${f#banks=} ;;
    ports=*) sram_ports=${f#ports=} ;;
    *) die "storage '$storage_arg': unknown field '$f' (expected sram=, banks=, ports=)" ;;
  esac
done
is_uint "$sram_bits" || die "storage: sram='$sram_bits' is not a non-negative integer"
is_uint "$sram_banks" && ((sram_banks >= 1)) || die "storage: banks='$sram_banks' must be an integer >= 1"
is_uint "$sram_ports" && ((sram_ports >= 1)) || die "storage: ports='$sram_ports' must be an integer >= 1"
((sram_bits <= storage_bits)) || die "storage: sram=$sram_bits exceeds the storage bits ($storage_bits)"

# ---- tools and liberty ---------------------------------------------------------------------
YOSYS=${YOSYS:-yosys}
STA=${STA:-sta}
command -v "$YOSYS" >/dev/null 2>&1 || die "Yosys not found ('$YOSYS'); install the Debian package 'yosys' or set YOSYS"
command -v "$STA" >/dev/null 2>&1 || die "OpenSTA not found ('$STA'); install the Debian package 'opensta' or set STA"
for t in awk sed date mktemp; do
  command -v "$t" >/dev/null 2>&1 || die "required tool '$t' not found"
done
LIBERTY=${GPUCOH_LIBERTY:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
[[ -r $LIBERTY ]] || die "liberty file '$LIBERTY' is missing or unreadable (install qflow-tech-osu018 or set GPUCOH_LIBERTY)"
LIBERTY=$(cd "$(dirname "$LIBERTY")" && pwd)/$(basename "$LIBERTY")

CLOCK_NS=${GPUCOH_CLOCK_NS:-10}
[[ $CLOCK_NS =~ ^[0-9]+(\.[0-9]+)?$ ]] && awk -v p="$CLOCK_NS" 'BEGIN{exit !(p > 0)}' ||
  die "GPUCOH_CLOCK_NS='$CLOCK_NS' is not a positive number"
IO_IN_FRAC=${GPUCOH_IO_IN_FRAC:-0.3}
IO_OUT_FRAC=${GPUCOH_IO_OUT_FRAC:-0.3}
for v in "GPUCOH_IO_IN_FRAC=$IO_IN_FRAC" "GPUCOH_IO_OUT_FRAC=$IO_OUT_FRAC"; do
  [[ ${v#*=} =~ ^0(\.[0-9]+)?$ ]] || die "${v%%=*}='${v#*=}' is not a fraction of the clock period in [0, 1)"
done
awk -v a="$IO_IN_FRAC" -v b="$IO_OUT_FRAC" 'BEGIN{exit !(a + b < 0.9)}' ||
  die "GPUCOH_IO_IN_FRAC + GPUCOH_IO_OUT_FRAC = $IO_IN_FRAC + $IO_OUT_FRAC leaves less than 10 % of the cycle to the block"
ABC_MODE=${GPUCOH_ABC:-syn2}
ABC_DELAY=${GPUCOH_ABC_DELAY_PS:-}
ABC_BUFFER=${GPUCOH_ABC_BUFFER:-1}
[[ $ABC_BUFFER == 0 || $ABC_BUFFER == 1 ]] || die "GPUCOH_ABC_BUFFER='$ABC_BUFFER' (expected 0 or 1)"
DRIVE_CELL=${GPUCOH_DRIVE_CELL:-BUFX2}
LOAD_PF=${GPUCOH_LOAD_PF:-0.01}
[[ $DRIVE_CELL =~ ^[A-Za-z0-9_]+$ ]] || die "GPUCOH_DRIVE_CELL='$DRIVE_CELL' is not a cell name"
[[ $LOAD_PF =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "GPUCOH_LOAD_PF='$LOAD_PF' is not a number"
SYNTH_OPTS=${GPUCOH_SYNTH_OPTS:-}
if [[ -n $ABC_DELAY ]]; then
  is_uint "$ABC_DELAY" || die "GPUCOH_ABC_DELAY_PS='$ABC_DELAY' is not an integer (picoseconds)"
fi
# ABC script. "syn2" is Yosys's default liberty script with `&dch -f` replaced by `&syn2`: on
# sig_bloom it maps to 2-3 % less logic area and runs 5-12x faster (&dch dominated the run time
# and grows superlinearly: 480 s of ABC at m = 4K); on a small mux-heavy register file it gives
# ~20 % more logic area. "dch" is Yosys's own default script. One script for every unit and
# size keeps the sweeps comparable (docs/area-method.md).
abc_d=${ABC_DELAY:+ -D $ABC_DELAY}
case $ABC_MODE in
  syn2)
    abc_script="strash; &get -n; &fraig -x; &put; scorr; dc2; dretime; strash; &get -n; &syn2; &nf$abc_d; &put"
    [[ $ABC_BUFFER == 1 ]] && abc_script+="; buffer; upsize$abc_d; dnsize$abc_d; stime -p"
    abc_cmd="abc -liberty $LIBERTY" ;;
  dch)
    abc_script=""
    abc_cmd="abc -liberty $LIBERTY${abc_d}" ;;
  fast)
    abc_script=""
    abc_cmd="abc -fast -liberty $LIBERTY${abc_d}" ;;
  *) die "GPUCOH_ABC='$ABC_MODE' (expected 'syn2', 'dch' or 'fast')" ;;
esac
[[ $SYNTH_OPTS =~ ^[A-Za-z0-9_\ -]*$ ]] || die "GPUCOH_SYNTH_OPTS='$SYNTH_OPTS' contains unexpected characters"

WIDE_SHIFT_MAP=${GPUCOH_WIDE_SHIFT_MAP:-1}
[[ $WIDE_SHIFT_MAP == 0 || $WIDE_SHIFT_MAP == 1 ]] || die "GPUCOH_WIDE_SHIFT_MAP='$WIDE_SHIFT_MAP' (expected 0 or 1)"
shift_map=$script_dir/techmap_wide_shift.v
[[ $WIDE_SHIFT_MAP == 0 || -r $shift_map ]] || die "techmap file '$shift_map' is missing (part of the flow)"

SRAM_CELL_UM2=${GPUCOH_SRAM_CELL_UM2:-5.0}
SRAM_PORT_GROWTH=${GPUCOH_SRAM_PORT_GROWTH:-0.5}
SRAM_PERIPH_FRAC=${GPUCOH_SRAM_PERIPH_FRAC:-0.30}
SRAM_MACRO_FIXED_UM2=${GPUCOH_SRAM_MACRO_FIXED_UM2:-10000}
for v in SRAM_CELL_UM2 SRAM_PORT_GROWTH SRAM_PERIPH_FRAC SRAM_MACRO_FIXED_UM2; do
  [[ ${!v} =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "GPUCOH_$v='${!v}' is not a non-negative number"
done

# ---- files ---------------------------------------------------------------------------------
resolve() { # resolve a path against the start directory, then the repository root
  local p=$1
  if [[ $p == /* ]]; then
    printf '%s\n' "$p"
  elif [[ -e $start_dir/$p ]]; then
    printf '%s\n' "$start_dir/$p"
  else
    printf '%s\n' "$repo_root/$p"
  fi
}
rtl_files=()
for f in "${rtl_args[@]}"; do
  p=$(resolve "$f")
  [[ $start_dir == "$repo_root" ]] && where=$repo_root || where="$start_dir and $repo_root"
  [[ -f $p && -r $p ]] || die "RTL file '$f' not found (looked in $where)"
  rtl_files+=("$p")
done
pkg=${GPUCOH_PKG-$repo_root/rtl/gpucoh_pkg.sv}
if [[ -n $pkg ]]; then
  pkg=$(resolve "$pkg")
  if [[ -f $pkg ]]; then
    already=0
    for f in "${rtl_files[@]}"; do [[ $f -ef $pkg ]] && already=1; done
    ((already)) || rtl_files=("$pkg" "${rtl_files[@]}")
  elif [[ -n ${GPUCOH_PKG-} ]]; then
    die "package file '$pkg' (GPUCOH_PKG) not found"
  fi
fi
incdir=$repo_root/rtl/include

# ---- parameters ----------------------------------------------------------------------------
chparam_args=""
param_list=""
for kv in "${params[@]}"; do
  [[ $kv =~ ^([A-Za-z_][A-Za-z0-9_]*)=(.+)$ ]] || die "parameter '$kv' is not of the form Name=Value"
  name=${BASH_REMATCH[1]}
  val=${BASH_REMATCH[2]}
  orig_val=$val
  if [[ $val =~ ^[0-9]+$ ]]; then
    :
  elif [[ $val =~ ^0[xX]([0-9A-Fa-f]+)$ ]]; then
    val="'h${BASH_REMATCH[1]}"
  elif [[ $val =~ ^[0-9]*\'[sS]?[bBoOdDhH][0-9A-Fa-f_xXzZ]+$ ]]; then
    :
  else
    die "parameter '$kv': value '$val' is not a decimal, 0x-hex or Verilog based literal"
  fi
  chparam_args+=" -set $name $val"
  param_list+="${param_list:+ }$name=$orig_val"
done

# ---- work area -----------------------------------------------------------------------------
mkdir -p "$outdir_arg" || die "cannot create output directory '$outdir_arg'"
outdir=$(cd "$outdir_arg" && pwd)
tmp=$(mktemp -d "$outdir/.synth.XXXXXX") || die "cannot create a temporary directory in '$outdir'"
cleanup() { rm -rf "$tmp"; }
trap cleanup EXIT
trap 'echo "$prog: interrupted" >&2; exit 130' INT TERM

fail() { # message [log file to keep]
  if [[ -n ${2:-} && -f $2 ]]; then
    cp "$2" "$outdir/failed.log.tmp" && mv -f "$outdir/failed.log.tmp" "$outdir/failed.log"
    echo "$prog: error: $1 (log: $outdir/failed.log)" >&2
  else
    echo "$prog: error: $1" >&2
  fi
  exit 1
}

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.1f", b - a}'; }

# ---- Yosys ---------------------------------------------------------------------------------
ys=$tmp/synth.ys
{
  echo "# generated by synth/synth.sh"
  printf 'read_verilog -sv -I %s' "$incdir"
  for f in "${rtl_files[@]}"; do printf ' %s' "$f"; done
  echo
  echo "select -assert-any $top"
  [[ -n $chparam_args ]] && echo "chparam$chparam_args $top"
  if [[ $WIDE_SHIFT_MAP == 1 ]]; then
    # synth, with wide $shift/$shiftx cells lowered by our window-pruned map before the stock
    # techmap of the "fine" step (docs/area-method.md section 5)
    echo "synth -top $top -flatten $SYNTH_OPTS -run begin:fine"
    echo "techmap -map $shift_map"
    echo "synth -top $top -flatten $SYNTH_OPTS -run fine:"
  else
    echo "synth -top $top -flatten $SYNTH_OPTS"
  fi
  echo "dfflibmap -liberty $LIBERTY"
  abc_line=$abc_cmd
  [[ $ABC_BUFFER == 1 ]] && abc_line+=" -constr $tmp/abc.constr"
  [[ -n $abc_script ]] && abc_line+=" -script $tmp/abc.script"
  echo "$abc_line"
  echo "opt_clean"
  echo "tee -o $tmp/stat.txt stat -liberty $LIBERTY"
  echo "write_verilog -noattr -simple-lhs $tmp/netlist.v"
} >"$ys"

printf 'set_driving_cell %s\nset_load %s\n' "$DRIVE_CELL" "$LOAD_PF" >"$tmp/abc.constr"
[[ -n $abc_script ]] && printf '%s\n' "$abc_script" >"$tmp/abc.script"
abc_desc=$abc_cmd
[[ $ABC_BUFFER == 1 ]] && abc_desc+=" -constr (set_driving_cell $DRIVE_CELL; set_load $LOAD_PF)"
[[ -n $abc_script ]] && abc_desc+=" -script ($abc_script)"

echo "$prog: synthesizing $top${param_list:+ ($param_list)} -> $outdir" >&2
t0=$(now)
if ! "$YOSYS" -q -l "$tmp/yosys.log" -s "$ys" >/dev/null 2>"$tmp/yosys.stderr"; then
  cat "$tmp/yosys.stderr" >>"$tmp/yosys.log" 2>/dev/null || true
  if grep -q "Assertion failed: selection is empty: $top" "$tmp/yosys.log"; then
    fail "unknown top module '$top' (not defined in the RTL files given)" "$tmp/yosys.log"
  fi
  bad_param=$(sed -n "s/.*Can't find object for defparam \`\([A-Za-z0-9_]*\)\`.*/\1/p" "$tmp/yosys.log" | head -n1)
  if [[ -n $bad_param ]]; then
    fail "'$bad_param' is not a parameter of module '$top'" "$tmp/yosys.log"
  fi
  msg=$(grep -m1 -E 'ERROR' "$tmp/yosys.log" | sed 's/^[[:space:]]*//' || true)
  fail "Yosys failed: ${msg:-see log}" "$tmp/yosys.log"
fi
t1=$(now)
synth_seconds=$(elapsed "$t0" "$t1")
[[ -s $tmp/stat.txt && -s $tmp/netlist.v ]] || fail "Yosys wrote no statistics or netlist" "$tmp/yosys.log"
yosys_version=$("$YOSYS" -V 2>/dev/null | head -n1 || echo unknown)
yosys_warnings=$(grep -c '^Warning' "$tmp/yosys.log" || true)

# ---- area from the stat report + liberty ---------------------------------------------------
# Liberty: area and sequential-ness of every cell. Stat: cell counts and chip area.
awk '
  /^[ \t]*cell[ \t]*\(/ {
    s = $0; sub(/^[ \t]*cell[ \t]*\([ \t]*"?/, "", s); sub(/"?[ \t]*\).*$/, "", s); cur = s
    names[cur] = 1; next
  }
  cur != "" && /^[ \t]*area[ \t]*:/ && !(cur in area) {
    s = $0; sub(/^[ \t]*area[ \t]*:[ \t]*/, "", s); sub(/[ \t]*;.*$/, "", s); area[cur] = s + 0
  }
  cur != "" && /^[ \t]*(ff|latch|ff_bank|latch_bank|statetable)[ \t]*\(/ { seq[cur] = 1 }
  END { for (n in names) printf "%s %s %d\n", n, area[n], (n in seq) }
' "$LIBERTY" >"$tmp/libcells.txt"
[[ -s $tmp/libcells.txt ]] || fail "no cells found in liberty '$LIBERTY'"
nand2_area=$(awk '$1 == "NAND2X1" { print $2 }' "$tmp/libcells.txt")
[[ -n $nand2_area ]] || fail "liberty has no NAND2X1 cell (needed for gate equivalents)"

awk -v top="$top" -v libf="$tmp/libcells.txt" '
  BEGIN {
    while ((getline l < libf) > 0) { split(l, a, " "); area[a[1]] = a[2]; seq[a[1]] = a[3] }
  }
  { sub(/^\[[0-9.]+\] /, "") } # yosys -t timestamps
  /^=== / { inmod = ($2 == top || $2 == "\\" top); next }
  inmod && /Number of cells:/ { cells = $NF; incells = 1; next }
  inmod && /Chip area for module/ { chip = $NF; incells = 0; next }
  inmod && incells && NF == 2 && $2 ~ /^[0-9]+$/ {
    n = $1; sub(/^\\/, "", n)
    if (!(n in area)) { unmapped += $2; next }
    if (seq[n]) {
      flops += $2; ffarea += $2 * area[n]
      if ($2 > bestn) { bestn = $2; best = n }
    }
    next
  }
  inmod && incells && NF == 0 { incells = 0 }
  END {
    printf "cells %d\nchip %s\nflops %d\nffarea %.3f\nffcell %s\nffcellarea %s\nunmapped %d\n",
      cells, chip, flops, ffarea, (best == "" ? "none" : best), (best == "" ? 0 : area[best]),
      unmapped
  }
' "$tmp/stat.txt" >"$tmp/statparse.txt"
get() { awk -v k="$1" '$1 == k { $1 = ""; sub(/^ /, ""); print; exit }' "$tmp/statparse.txt"; }
cells=$(get cells)
chip=$(get chip)
flops=$(get flops)
ff_area=$(get ffarea)
ff_cell=$(get ffcell)
ff_cell_area=$(get ffcellarea)
unmapped=$(get unmapped)
[[ -n $chip && $chip != "" ]] || fail "could not find 'Chip area' for '$top' in the stat report" "$tmp/yosys.log"
if ((unmapped > 0)); then
  echo "$prog: warning: $unmapped cells are not liberty cells (unmapped); see $outdir/stat.txt" >&2
fi

# ---- OpenSTA -------------------------------------------------------------------------------
# OpenSTA 2.0.17 keeps going after an error and `exit` inside a sourced script does not stop it,
# so the script runs inside a proc, checks each step and prints a GPUCOH_* marker line.
clk_port=clk_i
if ! grep -qE "^[[:space:]]*input[[:space:]].*\\b$clk_port\\b" "$tmp/netlist.v"; then
  clk_port=""
fi
cat >"$tmp/sta.tcl" <<EOF
proc gpucoh_sta {} {
  if {[catch {read_liberty {$LIBERTY}} m]} { puts "GPUCOH_ERROR read_liberty: \$m"; return }
  if {[catch {read_verilog {$tmp/netlist.v}} m]} { puts "GPUCOH_ERROR read_verilog: \$m"; return }
  if {[catch {link_design {$top}} m] || !\$m} { puts "GPUCOH_ERROR link_design $top failed"; return }
  if {"$clk_port" ne ""} {
    create_clock -name clk -period $CLOCK_NS [get_ports $clk_port]
    set ins [delete_from_list [all_inputs] [get_ports $clk_port]]
  } else {
    create_clock -name clk -period $CLOCK_NS
    set ins [all_inputs]
  }
  set_input_delay 0 -clock clk \$ins
  set_output_delay 0 -clock clk [all_outputs]
  if {[catch {set_driving_cell -lib_cell $DRIVE_CELL \$ins} m]} { puts "GPUCOH_ERROR set_driving_cell: \$m"; return }
  set_load $LOAD_PF [all_outputs]
  report_checks -path_delay max -digits 3 -fields {slew capacitance}
  report_tns
  report_wns
  if {[catch {sta::worst_slack -max} ws]} { puts "GPUCOH_ERROR worst_slack: \$ws"; return }
  puts "GPUCOH_WORST_SLACK \$ws"
  puts "GPUCOH_STA_VERSION [sta::version]"
  gpucoh_io_budget \$ins
}
# The I/O budget (docs/area-method.md "Timing"): the same netlist as a block inside an SM sees
# it. An input arrives IN_FRAC of the cycle after the clock edge (the neighbour's clock-to-Q and
# wires), an output must be ready OUT_FRAC of the cycle before the next edge (the neighbour's
# logic and set-up). Each path class then needs its own minimum period: reg->reg d, in->reg
# d/(1-IN_FRAC), reg->out d/(1-OUT_FRAC), in->out d/(1-IN_FRAC-OUT_FRAC), with d measured above
# at zero I/O delay. The largest is the period; a second timing run at that period with the
# budget applied as input/output delays must then meet timing (its worst slack is checked).
proc gpucoh_class {name from to} {
  if {[llength \$from] == 0 || [llength \$to] == 0} { return }
  if {[catch {find_timing_paths -path_delay max -group_count 1 -from \$from -to \$to} pes]} { return }
  if {[llength \$pes] == 0} { return }
  set pe [lindex \$pes 0]
  set d [expr {$CLOCK_NS - [\$pe slack] * 1e9}]
  puts [format "GPUCOH_IO_CLASS %s %.4f" \$name \$d]
  return \$d
}
proc gpucoh_io_budget {ins} {
  set fi $IO_IN_FRAC
  set fo $IO_OUT_FRAC
  set regs_q [all_registers -clock_pins]
  set regs_d [all_registers -data_pins]
  set need 0.0
  set cls none
  foreach {name from to div} [list rr \$regs_q \$regs_d 1.0 ir \$ins \$regs_d [expr {1.0 - \$fi}] \\
      ro \$regs_q [all_outputs] [expr {1.0 - \$fo}] io \$ins [all_outputs] [expr {1.0 - \$fi - \$fo}]] {
    set d [gpucoh_class \$name \$from \$to]
    if {\$d eq ""} { continue }
    set t [expr {\$d / \$div}]
    if {\$t > \$need} { set need \$t; set cls \$name }
  }
  if {\$cls eq "none"} { puts "GPUCOH_IO_PERIOD NA none"; return }
  set period [expr {ceil(\$need * 1000.0) / 1000.0}]
  puts [format "GPUCOH_IO_PERIOD %.3f %s" \$period \$cls]
  if {"$clk_port" ne ""} {
    create_clock -name clk -period \$period [get_ports $clk_port]
  } else {
    create_clock -name clk -period \$period
  }
  set_input_delay [expr {\$fi * \$period}] -clock clk \$ins
  set_output_delay [expr {\$fo * \$period}] -clock clk [all_outputs]
  sta::redirect_file_begin {$tmp/sta_io.txt}
  report_checks -path_delay max -digits 3 -fields {slew capacitance}
  sta::redirect_file_end
  if {[catch {sta::worst_slack -max} ws]} { puts "GPUCOH_ERROR worst_slack (I/O budget): \$ws"; return }
  puts "GPUCOH_IO_SLACK \$ws"
}
gpucoh_sta
EOF
t2=$(now)
"$STA" -no_splash -no_init -exit "$tmp/sta.tcl" >"$tmp/sta.txt" 2>&1 || true
t3=$(now)
sta_seconds=$(elapsed "$t2" "$t3")
if grep -q '^GPUCOH_ERROR' "$tmp/sta.txt"; then
  fail "OpenSTA: $(grep -m1 '^GPUCOH_ERROR' "$tmp/sta.txt" | sed 's/^GPUCOH_ERROR //')" "$tmp/sta.txt"
fi
ws=$(awk '$1 == "GPUCOH_WORST_SLACK" { print $2 }' "$tmp/sta.txt")
[[ -n $ws ]] || fail "OpenSTA produced no worst slack" "$tmp/sta.txt"
sta_version=$(awk '$1 == "GPUCOH_STA_VERSION" { print $2 }' "$tmp/sta.txt")
io_period=$(awk '$1 == "GPUCOH_IO_PERIOD" { print $2 }' "$tmp/sta.txt")
io_class=$(awk '$1 == "GPUCOH_IO_PERIOD" { print $3 }' "$tmp/sta.txt")
io_slack=$(awk '$1 == "GPUCOH_IO_SLACK" { print $2 }' "$tmp/sta.txt")
[[ -n $io_period ]] || fail "OpenSTA produced no I/O-budget period" "$tmp/sta.txt"
if [[ $io_period != NA ]]; then
  # the period found must meet timing with the budget applied (1 ps of rounding allowed)
  [[ -n $io_slack ]] && awk -v s="$io_slack" 'BEGIN{exit !(s >= -0.001)}' ||
    fail "the I/O-budget period $io_period ns does not meet timing (worst slack '${io_slack:-none}')" "$tmp/sta.txt"
else
  : >"$tmp/sta_io.txt"
fi
io_classes=$(awk '$1 == "GPUCOH_IO_CLASS" { printf "%s%s=%s", (n++ ? "," : ""), $2, $3 } END { if (!n) printf "-" }' "$tmp/sta.txt")

# ---- summary -------------------------------------------------------------------------------
awk -v chip="$chip" -v cells="$cells" -v flops="$flops" -v ffarea="$ff_area" \
  -v ffcell="$ff_cell" -v ffcellarea="$ff_cell_area" -v nand2="$nand2_area" \
  -v sbits="$storage_bits" -v sram="$sram_bits" -v banks="$sram_banks" -v ports="$sram_ports" \
  -v cell="$SRAM_CELL_UM2" -v growth="$SRAM_PORT_GROWTH" -v periph="$SRAM_PERIPH_FRAC" \
  -v fixed="$SRAM_MACRO_FIXED_UM2" -v period="$CLOCK_NS" -v ws="$ws" \
  -v top="$top" -v params="$param_list" -v storage_spec="$storage_arg" \
  -v synth_s="$synth_seconds" -v sta_s="$sta_seconds" -v yv="$yosys_version" \
  -v iop="$io_period" -v iocls="$io_class" -v iofi="$IO_IN_FRAC" -v iofo="$IO_OUT_FRAC" -v iocl="$io_classes" \
  -v sv="${sta_version:-unknown}" -v lib="$LIBERTY" -v abc="$abc_desc" -v unmapped="$unmapped" -v warnings="$yosys_warnings" '
  BEGIN {
    # storage flops as actually mapped: the most common sequential cell of the netlist
    sffarea = sbits * ffcellarea
    if (sffarea > ffarea) sffarea = ffarea
    # SRAM-macro model (docs/area-method.md): p-port cell = cell * (1 + growth*(p-1))^2,
    # macro = bits_per_bank * cell_p * (1 + periph) + fixed * p, times the number of banks
    portf = (1 + growth * (ports - 1)) ^ 2
    cellp = cell * portf
    if (sram > 0) {
      perbank = sram / banks
      macro = banks * (perbank * cellp * (1 + periph) + fixed * ports)
    } else macro = 0
    sramffarea = (sbits > 0 ? sffarea * sram / sbits : 0)
    total_sram = chip - sramffarea + macro
    crit = period - ws
    if (ws > 1e20 || crit <= 0) { critS = "NA"; fmaxS = "NA" }
    else { critS = sprintf("%.3f", crit); fmaxS = sprintf("%.1f", 1000 / crit) }
    printf "top %s\n", top
    printf "params %s\n", (params == "" ? "-" : params)
    printf "storage_spec %s\n", storage_spec
    printf "cells %d\n", cells
    printf "area_um2 %.1f\n", chip
    printf "ge %.1f\n", chip / nand2
    printf "flops %d\n", flops
    printf "ff_area_um2 %.1f\n", ffarea
    printf "logic_area_um2 %.1f\n", chip - ffarea
    printf "storage_bits %d\n", sbits
    printf "storage_ff_cell %s\n", ffcell
    printf "storage_ff_cell_um2 %.1f\n", ffcellarea
    printf "storage_ff_area_um2 %.1f\n", sffarea
    printf "sram_bits %d\n", sram
    printf "sram_banks %d\n", banks
    printf "sram_ports %d\n", ports
    printf "sram_cell_um2 %.3f\n", cell
    printf "sram_port_factor %.4f\n", portf
    printf "sram_periph_frac %.3f\n", periph
    printf "sram_macro_fixed_um2 %.1f\n", fixed
    printf "sram_macro_um2 %.1f\n", macro
    printf "sram_total_um2 %.1f\n", total_sram
    printf "clock_period_ns %.3f\n", period
    printf "worst_slack_ns %s\n", (ws > 1e20 ? "NA" : sprintf("%.3f", ws))
    printf "crit_path_ns %s\n", critS
    printf "fmax_mhz %s\n", fmaxS
    printf "io_in_frac %s\n", iofi
    printf "io_out_frac %s\n", iofo
    printf "io_class_delays_ns %s\n", iocl
    printf "io_limit_class %s\n", iocls
    printf "crit_path_io_ns %s\n", iop
    printf "fmax_io_mhz %s\n", (iop == "NA" ? "NA" : sprintf("%.1f", 1000 / iop))
    printf "synth_seconds %s\n", synth_s
    printf "sta_seconds %s\n", sta_s
    printf "unmapped_cells %d\n", unmapped
    printf "yosys_warnings %d\n", warnings
    printf "nand2_um2 %s\n", nand2
    printf "abc %s\n", abc
    printf "yosys_version %s\n", yv
    printf "sta_version %s\n", sv
    printf "liberty %s\n", lib
  }' >"$tmp/area.txt"
if ((storage_bits > flops)); then
  echo "$prog: warning: storage bits ($storage_bits) exceed mapped flops ($flops)" >&2
fi

# ---- commit: drop the old result first, move the new files, area.txt last ------------------
rm -f "$outdir/area.txt"
for f in yosys.log stat.txt netlist.v sta.txt sta_io.txt; do
  mv -f "$tmp/$f" "$outdir/$f"
done
rm -f "$outdir/failed.log"
mv -f "$tmp/area.txt" "$outdir/area.txt"
trap - INT TERM
echo "$prog: done in ${synth_seconds}s (Yosys) + ${sta_seconds}s (STA): $(awk '$1=="area_um2"{a=$2} $1=="crit_path_ns"{c=$2} END{printf "area %s um2, critical path %s ns", a, c}' "$outdir/area.txt")" >&2
