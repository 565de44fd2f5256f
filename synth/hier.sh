#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/hier.sh -- hierarchical area / timing flow for the multi-signature units rdu and avu.
#
# Flattening the RDU (N signatures of m flops, each with k variable-index set ports) through
# Yosys is infeasible at the paper sizes (16 x 16 Kbit), so the units are synthesized in two
# levels (docs/area-method.md section 7):
#   1. sig_store alone (one signature's storage: m flops, k set ports, chunk write, chunk read,
#      membership test), m = 1K .. 16K, k = 6, C = 256, with synth/synth.sh unchanged;
#   2. rdu (N = 16) and avu at each m with sig_store as a black box: synth/synth.sh is run on the
#      unit's RTL with a generated stub (build/synth/hier/bb_m<m>/sig_store_bb.v: `sig_store`
#      wrapping a `(* blackbox *)` sig_store_bb) in place of rtl/sig/sig_store.sv, and with a liberty
#      that is osu018 plus one generated cell `sig_store_bb` (area 0, pin directions), so that
#      Yosys, ABC and OpenSTA keep the instances;
#   3. totals = top + N x sig_store (rdu, N = 16) or + 1 x sig_store (avu), written to
#      synth/results/rdu_m<m>_n16.area.txt / avu_m<m>.area.txt (same keys as synth.sh's area.txt
#      plus top_*, store_* and hier_* details). Timing: the top is timed with an extracted timing
#      model of sig_store (docs/area-method.md section 7.3), at zero I/O delay (crit_path_ns) and
#      with synth/synth.sh's I/O budget (crit_path_io_ns).
# Every result carries an input fingerprint (inputs_sha256) like synth/sweep.sh's; a point whose
# committed result has the same fingerprint is not synthesized again unless --force is given.
# At the end synth/report_rdu_avu.sh regenerates docs/area-rdu-avu.md and docs/area-rdu-avu.png.
#
# Usage: synth/hier.sh [--force] [--only REGEX] [--list] [--no-report] [--results DIR] [--check]
#   --force       synthesize every selected point even if its result is up to date
#   --only REGEX  only the points whose name matches REGEX (names: sig_store_m4096,
#                 rdu_top_m4096_n16, avu_top_m4096; totals rdu_m4096_n16 / avu_m4096 follow)
#   --list        print the point names and their status, run nothing
#   --no-report   do not regenerate docs/area-rdu-avu.md / .png
#   --results DIR where the results go (default synth/results, the committed baseline)
#   --check       instead of the sweep, checks at m = 1K (a few minutes): sig_store as the rdu
#                 and the avu use it (unused ports tied off) and without its membership test;
#                 avu flat vs avu_m1024; rdu with N = 2 flat vs hierarchical (check_*.area.txt,
#                 rdu_top_m1024_n2, rdu_m1024_n2)
# Points run one at a time (Yosys is memory- and CPU-heavy; the 16-Kbit sig_store takes ~30 min),
# smallest first, the 16-Kbit sig_store last. Environment: GPUCOH_SYNTH_BUILD (default
# build/synth) and everything synth/synth.sh reads.
set -euo pipefail

prog=hier.sh
die() {
  echo "$prog: error: $*" >&2
  exit 1
}

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"

results=synth/results
force=0
only=""
list=0
report=1
check=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --force) force=1; shift ;;
    --only) [[ $# -ge 2 ]] || die "--only needs a regular expression"; only=$2; shift 2 ;;
    --list) list=1; shift ;;
    --no-report) report=0; shift ;;
    --check) check=1; shift ;;
    --results) [[ $# -ge 2 ]] || die "--results needs a directory"; results=$2; shift 2 ;;
    -h | --help) sed -n '4,37p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
done

build=${GPUCOH_SYNTH_BUILD:-build/synth}/hier
mkdir -p "$results" "$build"
for f in synth/synth.sh rtl/sig/sig_store.sv rtl/sig/sig_hash.sv rtl/sig/rdu.sv rtl/sig/avu.sv; do
  [[ -f $f ]] || die "'$f' not found (run from a complete gpucoh work tree)"
done
command -v sha256sum >/dev/null 2>&1 || die "sha256sum not found (coreutils)"
YOSYS=${YOSYS:-yosys}
STA=${STA:-sta}
command -v "$YOSYS" >/dev/null 2>&1 || die "Yosys not found ('$YOSYS'); install the Debian package 'yosys'"
command -v "$STA" >/dev/null 2>&1 || die "OpenSTA not found ('$STA'); install the Debian package 'opensta'"
lib=${GPUCOH_LIBERTY:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
[[ -r $lib ]] || die "liberty '$lib' not readable (install qflow-tech-osu018)"

# ---- fixed parameters ----------------------------------------------------------------------
SIZES=(1024 2048 4096 8192 16384)
K=6          # NumHashes
C=256        # ChunkWidth
N=16         # NumSm of the rdu
log2() { local v=$1 n=0; while ((v > 1)); do v=$((v / 2)); n=$((n + 1)); done; echo "$n"; }

store_params() { echo "SigBits=$1 NumHashes=$K ChunkWidth=$C"; }
# sig_store: m signature bits, all of them in one k-port macro in the SRAM alternative
store_storage() { echo "$1,sram=$1,banks=1,ports=$K"; }

# ---- fingerprints (contents, not paths or dates), as synth/sweep.sh -------------------------
# shellcheck source=tools/paths.sh
. tools/paths.sh # gpucoh_fp_name: a file's name in a fingerprint (folder moves keep results)
# RTL files (rtl/*.sv, *.svh) are fingerprinted without their comments and trailing blanks, so
# that editing a comment or a Verilator pragma (a comment to Yosys) does not invalidate a
# 30-minute result; comments that mention synopsys / synthesis / translate / pragma are kept.
# Flow scripts, maps and the liberty are fingerprinted byte for byte.
rtl_text() { # file -> its text without comments
  perl -0777 -pe '
    s{/\*(?:(?!\*/).)*?\*/}{ my $c = $&; $c =~ /synopsys|synthesis|translate|pragma/ ? $c : "" }gse;
    s{//(.*)$}{ my $c = $1; $c =~ /synopsys|synthesis|translate|pragma/ ? "//$c" : "" }gme;
    s/[ \t]+$//gm; s/\n{2,}/\n/g' "$1"
}
fp_files() { # files... -> one sha256 over their contents, the liberty, tools and knobs
  {
    echo "hier-fp-v2"
    for f in "$@"; do
      [[ -f $f ]] || continue
      echo "file $(gpucoh_fp_name "$f")"
      case $f in
        rtl/*.sv | rtl/*.svh) rtl_text "$f" | sha256sum ;;
        *) sha256sum <"$f" ;;
      esac
    done
    echo "liberty"
    sha256sum <"$lib" 2>/dev/null || echo missing
    "$YOSYS" -V 2>/dev/null || true
    "$STA" -version 2>/dev/null || true
    env | grep -E '^GPUCOH_(LIBERTY|CLOCK_NS|ABC|ABC_DELAY_PS|ABC_BUFFER|DRIVE_CELL|LOAD_PF|SYNTH_OPTS|WIDE_SHIFT_MAP|PKG|IO_IN_FRAC|IO_OUT_FRAC|SRAM_[A-Z0-9_]+)=' | LC_ALL=C sort || true
  } | sha256sum | cut -d' ' -f1
}
store_fp_common=$(fp_files synth/synth.sh synth/techmap_wide_shift.v rtl/gpucoh_pkg.sv rtl/sig/sig_store.sv rtl/include/*)
point_fp() { printf '%s\n' "$@" | sha256sum | cut -d' ' -f1; }
committed_fp() { awk '$1 == "inputs_sha256" { print $2 }' "$1" 2>/dev/null || true; }

# ---- step 1: sig_store ---------------------------------------------------------------------
run_store() { # m
  local m=$1 name=sig_store_m$1 dir=$build/sig_store_m$1 params storage fp res t0
  params=$(store_params "$m")
  storage=$(store_storage "$m")
  fp=$(point_fp "$store_fp_common" "$name" "$params" "$storage")
  res=$results/$name.area.txt
  if [[ $force == 0 && -f $res && $(committed_fp "$res") == "$fp" ]]; then
    ((list)) && printf '%-22s %-10s %s | %s\n' "$name" up-to-date "$storage" "$params"
    return 0
  fi
  if ((list)); then
    printf '%-22s %-10s %s | %s\n' "$name" "$([[ -f $res ]] && echo stale || echo missing)" "$storage" "$params"
    return 0
  fi
  mkdir -p "$dir"
  echo "$prog: start  $name" >&2
  t0=$(date +%s)
  # shellcheck disable=SC2086 # the parameter list is split on purpose
  if ! synth/synth.sh "$dir" sig_store "$storage" rtl/sig/sig_store.sv -- $params >"$dir/run.log" 2>&1; then
    echo "$prog: FAILED $name after $(($(date +%s) - t0)) s: $(grep -m1 'error:' "$dir/run.log" || tail -n1 "$dir/run.log")" >&2
    return 1
  fi
  { cat "$dir/area.txt"; echo "point $name"; echo "inputs_sha256 $fp"; } >"$res.tmp.$$"
  mv -f "$res.tmp.$$" "$res"
  echo "$prog: done   $name in $(($(date +%s) - t0)) s: $(awk '$1=="area_um2"{a=$2} $1=="crit_path_ns"{c=$2} END{printf "area %s um2, critical path %s ns", a, c}' "$res")" >&2
}


# ---- step 2 helpers: black-box stub, liberty with the black-box cell ------------------------
# Widths of sig_store's ports at signature size m (rtl/sig/sig_store.sv: VW = log2 m, CIW = log2 NC).
store_widths() { # m -> "KVW CIW"
  local vw nc ciw
  vw=$(log2 "$1")
  nc=$(($1 / C))
  ciw=1
  ((nc > 1)) && ciw=$(log2 "$nc")
  echo "$((K * vw)) $ciw"
}

# A `sig_store` with rtl/sig/sig_store.sv's interface whose body is one instance of the black box
# `sig_store_bb` (fixed port widths, no parameters: OpenSTA's Verilog reader cannot take an
# instance parameter list, and Yosys keeps a black box's parameters). Flattening inlines the
# wrapper and keeps the black box. Any other parameter value stops elaboration (unknown module).
write_stub() { # m file
  local m=$1 f=$2 kvw ciw
  read -r kvw ciw <<<"$(store_widths "$m")"
  cat >"$f.tmp" <<EOV
// generated by synth/hier.sh -- sig_store as a black box (m = $m, k = $K, C = $C); do not edit
module sig_store #(
  parameter bit [31:0] SigBits    = 32'd$m,
  parameter bit [31:0] NumHashes  = 32'd$K,
  parameter bit [31:0] ChunkWidth = 32'd$C
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             set_i,
  input  logic             clr_i,
  input  logic [$((kvw - 1)):0]    idx_i,
  output logic             member_o,
  input  logic             wr_i,
  input  logic [$((ciw - 1)):0]     wr_idx_i,
  input  logic [$((C - 1)):0]   wr_data_i,
  input  logic [$((ciw - 1)):0]     rd_idx_i,
  output logic [$((C - 1)):0]   rd_data_o
);
  if (SigBits != 32'd$m || NumHashes != 32'd$K || ChunkWidth != 32'd$C) begin : g_mismatch
    hier_stub_parameter_mismatch u_error ();
  end
  sig_store_bb u_bb (
    .clk_i(clk_i), .rst_ni(rst_ni), .set_i(set_i), .clr_i(clr_i), .idx_i(idx_i),
    .member_o(member_o), .wr_i(wr_i), .wr_idx_i(wr_idx_i), .wr_data_i(wr_data_i),
    .rd_idx_i(rd_idx_i), .rd_data_o(rd_data_o)
  );
endmodule

(* blackbox *)
module sig_store_bb (
  input              clk_i,
  input              rst_ni,
  input              set_i,
  input              clr_i,
  input  [$((kvw - 1)):0]    idx_i,
  output             member_o,
  input              wr_i,
  input  [$((ciw - 1)):0]     wr_idx_i,
  input  [$((C - 1)):0]   wr_data_i,
  input  [$((ciw - 1)):0]     rd_idx_i,
  output [$((C - 1)):0]   rd_data_o
);
endmodule
EOV
  mv -f "$f.tmp" "$f"
}

# The osu018 liberty plus a cell `sig_store_bb` (area 0: the signatures are added from step 1).
# Without timing (etm file empty): pins only, used for synthesis. With an ETM file (lines
# "q_member D", "q_rd D", "d_member D", "d_rd D"): rising-edge arcs clk_i -> member_o / rd_data_o
# (clock-to-output delay of sig_store) and combinational arcs idx_i -> member_o,
# rd_idx_i -> rd_data_o; the input setup requirements are applied by the STA script as output
# delays on the black box's input pins (a liberty cell with both would be inferred as a latch).
write_lib() { # m out.lib [etm file]
  local m=$1 out=$2 etm=${3:-} kvw ciw
  read -r kvw ciw <<<"$(store_widths "$m")"
  etmv() { awk -v k="$1" '$1 == k { print $2; f = 1 } END { if (!f) print "" }' "$etm"; }
  arc() { # related type delay
    local t="timing_sense : non_unate;"
    [[ $2 == edge ]] && t="timing_type : rising_edge;"
    printf '      timing () { related_pin : "%s"; %s\n' "$1" "$t"
    printf '        cell_rise (scalar) { values ("%s"); } cell_fall (scalar) { values ("%s"); }\n' "$3" "$3"
    printf '        rise_transition (scalar) { values ("0.2"); } fall_transition (scalar) { values ("0.2"); } }\n'
  }
  busdef() { # name width
    printf '  type (%s) { base_type : array; data_type : bit; bit_width : %d; bit_from : %d; bit_to : 0; downto : true; }\n' "$1" "$2" "$(($2 - 1))"
  }
  {
    # everything but the final closing brace of the library group
    awk '{ l[NR] = $0 } END { n = NR; while (n > 0 && l[n] !~ /}/) n--; sub(/}[ \t]*$/, "", l[n]); for (i = 1; i <= n; i++) print l[i] }' "$lib"
    echo "  /* generated by synth/hier.sh: sig_store (m = $m, k = $K, C = $C) as a black box */"
    busdef hier_idx_t "$kvw"
    busdef hier_cidx_t "$ciw"
    busdef hier_chunk_t "$C"
    echo "  cell (sig_store_bb) {"
    echo "    area : 0;"
    echo "    pin (clk_i) { direction : input; capacitance : 0.01; clock : true; }"
    for p in rst_ni set_i clr_i wr_i; do echo "    pin ($p) { direction : input; capacitance : 0.01; }"; done
    echo "    bus (idx_i) { bus_type : hier_idx_t; direction : input; capacitance : 0.01; }"
    echo "    bus (wr_idx_i) { bus_type : hier_cidx_t; direction : input; capacitance : 0.01; }"
    echo "    bus (wr_data_i) { bus_type : hier_chunk_t; direction : input; capacitance : 0.01; }"
    echo "    bus (rd_idx_i) { bus_type : hier_cidx_t; direction : input; capacitance : 0.01; }"
    echo "    pin (member_o) { direction : output;"
    if [[ -n $etm ]]; then
      [[ -n $(etmv q_member) ]] && arc clk_i edge "$(etmv q_member)"
      [[ -n $(etmv d_member) ]] && arc idx_i comb "$(etmv d_member)"
    fi
    echo "    }"
    echo "    bus (rd_data_o) { bus_type : hier_chunk_t; direction : output;"
    if [[ -n $etm ]]; then
      [[ -n $(etmv q_rd) ]] && arc clk_i edge "$(etmv q_rd)"
      # a bus-to-bus arc of different widths is dropped by OpenSTA: name every index bit
      [[ -n $(etmv d_rd) ]] && arc "$(for ((b = 0; b < ciw; b++)); do printf 'rd_idx_i[%d] ' "$b"; done | sed 's/ $//')" comb "$(etmv d_rd)"
    fi
    echo "    }"
    echo "  }"
    echo "}"
  } >"$out.tmp"
  mv -f "$out.tmp" "$out"
}

# ---- OpenSTA helpers -----------------------------------------------------------------------
CLOCK_NS=${GPUCOH_CLOCK_NS:-10}
DRIVE_CELL=${GPUCOH_DRIVE_CELL:-BUFX2}
LOAD_PF=${GPUCOH_LOAD_PF:-0.01}
sta_header() { # liberty netlist top -> Tcl with synth/synth.sh's constraints
  cat <<EOT
if {[catch {read_liberty {$1}} m]} { puts "GPUCOH_ERROR read_liberty: \$m"; exit }
if {[catch {read_verilog {$2}} m]} { puts "GPUCOH_ERROR read_verilog: \$m"; exit }
if {[catch {link_design {$3}} m] || !\$m} { puts "GPUCOH_ERROR link_design $3 failed"; exit }
create_clock -name clk -period $CLOCK_NS [get_ports clk_i]
set ins [delete_from_list [all_inputs] [get_ports clk_i]]
set_input_delay 0 -clock clk \$ins
set_output_delay 0 -clock clk [all_outputs]
set_driving_cell -lib_cell $DRIVE_CELL \$ins
set_load $LOAD_PF [all_outputs]
proc grp {name args} {
  puts "GPUCOH_GROUP \$name"
  if {[catch {report_checks -path_delay max -format end -digits 4 {*}\$args} m]} { puts "GPUCOH_NOPATH \$m" }
}
EOT
}
# worst "period - slack" per GPUCOH_GROUP of an STA log: "name value" lines (groups without a
# path are left out)
sta_groups() {
  awk -v p="$CLOCK_NS" '
    $1 == "GPUCOH_GROUP" { g = $2; next }
    g != "" && NF >= 4 && $NF ~ /^\((MET|VIOLATED)\)$/ && $(NF - 1) ~ /^-?[0-9.]+$/ {
      s = $(NF - 1) + 0
      if (!(g in w) || s < w[g]) w[g] = s
    }
    END { for (k in w) printf "%s %.4f\n", k, p - w[k] }' "$1"
}

# Extracted timing model of sig_store at m from its mapped netlist (step 1): clock-to-output,
# input-to-output and input-to-register (setup included) delays, under synth/synth.sh's
# constraints (inputs driven by BUFX2 at time 0, outputs loaded with 0.01 pF).
store_etm() { # m -> writes $build/sig_store_m<m>/etm.txt
  local m=$1 dir=$build/sig_store_m$1
  [[ -f $dir/netlist.v ]] || return 1
  if [[ -f $dir/etm.txt && $dir/etm.txt -nt $dir/netlist.v ]]; then return 0; fi
  # shellcheck disable=SC2016 # the $ of Tcl variables must not expand
  {
    sta_header "$lib" "$dir/netlist.v" sig_store
    echo 'set regs_ck [all_registers -clock_pins]'
    echo 'set regs_d [all_registers -data_pins]'
    echo 'grp q_member -from $regs_ck -to [get_ports member_o]'
    echo 'grp q_rd -from $regs_ck -to [get_ports rd_data_o*]'
    echo 'grp d_member -from [get_ports idx_i*] -to [get_ports member_o]'
    echo 'grp d_rd -from [get_ports rd_idx_i*] -to [get_ports rd_data_o*]'
    echo 'grp reg2reg -from $regs_ck -to $regs_d'
    for p in rst_ni set_i clr_i idx_i wr_i wr_idx_i wr_data_i rd_idx_i; do
      echo "grp s_$p -from [get_ports $p*] -to \$regs_d"
    done
    echo 'puts "GPUCOH_WORST_SLACK [sta::worst_slack -max]"'
  } >"$dir/etm.tcl"
  "$STA" -no_splash -no_init -exit "$dir/etm.tcl" >"$dir/etm.log" 2>&1 || true
  grep -q '^GPUCOH_ERROR' "$dir/etm.log" && { echo "$prog: ETM STA failed: $(grep -m1 GPUCOH_ERROR "$dir/etm.log")" >&2; return 1; }
  sta_groups "$dir/etm.log" | LC_ALL=C sort >"$dir/etm.txt.tmp"
  mv -f "$dir/etm.txt.tmp" "$dir/etm.txt"
}

# ---- step 2: the top with sig_store as a black box -----------------------------------------
top_params() { # unit m
  case $1 in
    rdu) echo "NumSm=$N SigBits=$2 NumHashes=$K ChunkWidth=$C GranBytes=128" ;;
    avu) echo "SigBits=$2 NumHashes=$K ChunkWidth=$C" ;;
  esac
}
top_name() { [[ $1 == rdu ]] && echo "rdu_top_m$2_n$N" || echo "avu_top_m$2"; }
total_name() { [[ $1 == rdu ]] && echo "rdu_m$2_n$N" || echo "avu_m$2"; }
top_count() { [[ $1 == rdu ]] && echo "$N" || echo 1; }
top_fp() { # unit m -> fingerprint of the top point (its inputs and the sig_store point's)
  local unit=$1 m=$2 common store_fp
  common=$(fp_files synth/synth.sh synth/techmap_wide_shift.v synth/hier.sh rtl/gpucoh_pkg.sv \
    rtl/sig/sig_hash.sv "rtl/sig/$unit.sv" rtl/include/*)
  store_fp=$(point_fp "$store_fp_common" "sig_store_m$m" "$(store_params "$m")" "$(store_storage "$m")")
  point_fp "$common" "$(top_name "$unit" "$m")" "$(top_params "$unit" "$m")" "$store_fp"
}

# STA of the top's netlist: "boundary" (black-box outputs are startpoints at time 0, its inputs
# endpoints with required time = period) and "stitched" (the sig_store ETM: clock-to-output and
# input-to-output arcs, input setup as output delays on the black box's pins).
top_sta() { # unit m dir kind(boundary|stitched)
  local unit=$1 m=$2 dir=$3 kind=$4 sdir=$build/sig_store_m$2 tcl log
  tcl=$dir/sta_$kind.tcl
  log=$dir/sta_$kind.txt
  if [[ $kind == boundary ]]; then
    printf 'q_member 0\nq_rd 0\n' >"$dir/etm_boundary.txt"
    write_lib "$m" "$dir/bb_boundary.lib" "$dir/etm_boundary.txt"
  else
    write_lib "$m" "$dir/bb_stitched.lib" "$sdir/etm.txt"
  fi
  {
    sta_header "$dir/bb_$kind.lib" "$dir/netlist.v" "$unit"
    echo "array set setup {}"
    if [[ $kind == stitched ]]; then
      awk '$1 ~ /^s_/ { printf "set setup(%s) %s\n", substr($1, 3), $2 }' "$sdir/etm.txt"
    fi
    cat <<'EOT'
set bbs {}
foreach inst [get_cells *] { if {[get_property $inst ref_name] eq "sig_store_bb"} { lappend bbs $inst } }
puts "GPUCOH_BLACK_BOXES [llength $bbs]"
array set pins {}
foreach inst $bbs {
  foreach pin [get_pins -of_objects $inst] {
    if {[get_property $pin direction] ne "input"} { continue }
    regsub {\[[0-9]+\]$} [get_property $pin lib_pin_name] {} base
    if {$base eq "clk_i"} { continue }
    lappend pins($base) $pin
  }
}
foreach base [array names pins] {
  if {[info exists setup($base)]} {
    set_output_delay $setup($base) -clock clk $pins($base)
  } elseif {[array size setup] == 0} {
    set_output_delay 0 -clock clk $pins($base)
  }
}
report_checks -path_delay max -digits 3
puts "GPUCOH_WORST_SLACK [sta::worst_slack -max]"
EOT
    # the I/O budget of synth/synth.sh, on the stitched top (docs/area-method.md "Timing")
    [[ $kind == stitched ]] && io_budget_tcl "$dir/sta_io.txt"
  } >"$tcl"
  "$STA" -no_splash -no_init -exit "$tcl" >"$log" 2>&1 || true
  if grep -q '^GPUCOH_ERROR' "$log" || ! grep -q '^GPUCOH_WORST_SLACK' "$log"; then
    echo "$prog: STA ($kind) of $unit m=$m failed: $(grep -m1 -E 'GPUCOH_ERROR|Error' "$log" || echo 'no slack')" >&2
    return 1
  fi
}

# The I/O budget of synth/synth.sh (an input arrives IN_FRAC of the cycle after the edge, an
# output is due OUT_FRAC before the next) on a top whose sig_store pins are timing end points:
# with d the worst "period - slack" at zero I/O delay of all paths, of the paths from inputs, to
# outputs and from inputs to outputs, the period is max(d_all, d_in/(1-IN), d_out/(1-OUT),
# d_io/(1-IN-OUT)) (a reg->reg worst path gives d_all; an input path is dominated by its own
# term). A second timing run at that period with the budget applied must meet timing.
IO_IN_FRAC=${GPUCOH_IO_IN_FRAC:-0.3}
IO_OUT_FRAC=${GPUCOH_IO_OUT_FRAC:-0.3}
io_budget_tcl() { # report file
  cat <<EOT
set fi $IO_IN_FRAC
set fo $IO_OUT_FRAC
set period0 $CLOCK_NS
EOT
  cat <<'EOT'
proc worst_d {args} {
  if {[catch {find_timing_paths -path_delay max -group_count 1 {*}$args} pes] || [llength $pes] == 0} { return "" }
  return [expr {$::period0 - [[lindex $pes 0] slack] * 1e9}]
}
set need [expr {$period0 - [sta::worst_slack -max]}]
set cls all
foreach {name div args} [list in [expr {1.0 - $fi}] [list -from $ins] out [expr {1.0 - $fo}] [list -to [all_outputs]] \
    io [expr {1.0 - $fi - $fo}] [list -from $ins -to [all_outputs]]] {
  set d [worst_d {*}$args]
  if {$d eq ""} { continue }
  puts [format "GPUCOH_IO_CLASS %s %.4f" $name $d]
  if {$d / $div > $need} { set need [expr {$d / $div}]; set cls $name }
}
set period [expr {ceil($need * 1000.0) / 1000.0}]
puts [format "GPUCOH_IO_PERIOD %.3f %s" $period $cls]
create_clock -name clk -period $period [get_ports clk_i]
set_input_delay [expr {$fi * $period}] -clock clk $ins
set_output_delay [expr {$fo * $period}] -clock clk [all_outputs]
foreach base [array names pins] {
  if {[info exists setup($base)]} { set_output_delay $setup($base) -clock clk $pins($base) }
}
EOT
  echo "sta::redirect_file_begin {$1}"
  cat <<'EOT'
report_checks -path_delay max -digits 3
sta::redirect_file_end
puts "GPUCOH_IO_SLACK [sta::worst_slack -max]"
EOT
}

# "crit start end" of an STA report; flops are named by the register they hold (the net on
# their Q pin in the netlist), black-box pins as sig_store[<j>].<pin>, and a path that crosses a
# black box gets "~sig_store[<j>]:<in>-><out>~" in its start or end field
sta_summary() { # log netlist
  awk -v p="$CLOCK_NS" '
    function clean(x) { gsub(/\\/, "", x); gsub(/ /, "", x); return x }
    function bbname(x) { # g_sm[13].u_sig.u_bb/member_o -> sig_store[13].member_o
      sub(/\.u_sig\.u_bb\//, ".", x); sub(/^u_sig\.u_bb\//, "sig_store.", x)
      sub(/^g_sm\[/, "sig_store[", x); return x }
    FNR == 1 { f++ }
    f == 1 && /^  [A-Za-z0-9_]+ [^ ]+ \($/ { inst = $2; next }
    f == 1 && inst != "" && /^    \.Q\(/ { q = $0; sub(/^    \.Q\(/, "", q); sub(/\)[ ,]*$/, "", q); Q[clean(inst)] = clean(q); next }
    f == 1 && /^  \);/ { inst = ""; next }
    f == 1 { next }
    $1 == "GPUCOH_WORST_SLACK" { ws = $2 }
    /^Startpoint:/ && st == "" { st = $2; inpath = 1 }
    /^Endpoint:/ && en == "" { en = $2 }
    inpath && /\(sig_store_bb\)/ { n = split($0, a, " "); cross = cross (cross == "" ? "" : ",") bbname(a[n - 1]) }
    inpath && /slack \(/ { inpath = 0 }
    END {
      s = (st in Q) ? Q[st] : bbname(st); e = (en in Q) ? Q[en] : bbname(en)
      if (cross != "") s = s "~via~" cross
      printf "%.3f %s %s\n", p - ws, (s == "" ? "-" : s), (e == "" ? "-" : e)
    }' "$2" "$1"
}

run_top() { # unit m
  local unit=$1 m=$2 name dir bbdir params fp res t0 storeres
  name=$(top_name "$unit" "$m")
  dir=$build/$name
  bbdir=$build/bb_m$m
  params=$(top_params "$unit" "$m")
  fp=$(top_fp "$unit" "$m")
  res=$results/$name.area.txt
  storeres=$results/sig_store_m$m.area.txt
  if [[ $force == 0 && -f $res && $(committed_fp "$res") == "$fp" ]]; then
    ((list)) && printf '%-22s %-10s %s\n' "$name" up-to-date "$params"
    return 0
  fi
  if ((list)); then
    printf '%-22s %-10s %s\n' "$name" "$([[ -f $res ]] && echo stale || echo missing)" "$params"
    return 0
  fi
  [[ -f $storeres && -f $build/sig_store_m$m/netlist.v ]] ||
    { echo "$prog: skip   $name: sig_store_m$m has no result and netlist yet" >&2; return 1; }
  store_etm "$m" || return 1
  mkdir -p "$dir" "$bbdir"
  write_stub "$m" "$bbdir/sig_store_bb.v"
  write_lib "$m" "$bbdir/bb_pins.lib"
  # the synthesis itself depends on the flow, the RTL, the stub and the pins-only liberty, not on
  # the timing model or this script's STA: a netlist from the same inputs is reused
  local synth_fp
  synth_fp=$(point_fp "$(fp_files synth/synth.sh synth/techmap_wide_shift.v rtl/gpucoh_pkg.sv \
    rtl/sig/sig_hash.sv "rtl/sig/$unit.sv" rtl/include/* "$bbdir/sig_store_bb.v" "$bbdir/bb_pins.lib")" \
    "$unit" "$params")
  t0=$(date +%s)
  if [[ $force == 0 && -f $dir/area.txt && -f $dir/netlist.v && $(cat "$dir/synth_fp" 2>/dev/null) == "$synth_fp" ]]; then
    echo "$prog: start  $name (netlist up to date: timing only)" >&2
  else
    echo "$prog: start  $name" >&2
    rm -f "$dir/synth_fp"
    # shellcheck disable=SC2086 # the parameter list is split on purpose
    if ! GPUCOH_LIBERTY=$bbdir/bb_pins.lib synth/synth.sh "$dir" "$unit" 0,sram=0 rtl/sig/sig_hash.sv \
      "$bbdir/sig_store_bb.v" "rtl/sig/$unit.sv" -- $params >"$dir/run.log" 2>&1; then
      echo "$prog: FAILED $name after $(($(date +%s) - t0)) s: $(grep -m1 'error:' "$dir/run.log" || tail -n1 "$dir/run.log")" >&2
      return 1
    fi
    echo "$synth_fp" >"$dir/synth_fp"
  fi
  top_sta "$unit" "$m" "$dir" boundary || return 1
  top_sta "$unit" "$m" "$dir" stitched || return 1
  local nbb b s
  nbb=$(awk '$1 == "GPUCOH_BLACK_BOXES" { print $2; exit }' "$dir/sta_stitched.txt")
  [[ $nbb == "$(top_count "$unit")" ]] ||
    { echo "$prog: FAILED $name: $nbb sig_store black boxes in the netlist, expected $(top_count "$unit")" >&2; return 1; }
  read -r -a b <<<"$(sta_summary "$dir/sta_boundary.txt" "$dir/netlist.v")"
  read -r -a s <<<"$(sta_summary "$dir/sta_stitched.txt" "$dir/netlist.v")"
  local iop iocls ioslack
  iop=$(awk '$1 == "GPUCOH_IO_PERIOD" { print $2 }' "$dir/sta_stitched.txt")
  iocls=$(awk '$1 == "GPUCOH_IO_PERIOD" { print $3 }' "$dir/sta_stitched.txt")
  ioslack=$(awk '$1 == "GPUCOH_IO_SLACK" { print $2 }' "$dir/sta_stitched.txt")
  [[ -n $iop && -n $ioslack ]] && awk -v s="$ioslack" 'BEGIN{exit !(s >= -0.001)}' ||
    { echo "$prog: FAILED $name: the I/O-budget period '${iop:-none}' ns does not meet timing (slack '${ioslack:-none}')" >&2; return 1; }
  {
    # synth.sh's own I/O figure is of the top with timeless black boxes: the stitched one replaces it
    grep -v -E '^(liberty|io_[a-z_]+|crit_path_io_ns|fmax_io_mhz) ' "$dir/area.txt"
    echo "liberty $lib"
    echo "io_in_frac $IO_IN_FRAC"
    echo "io_out_frac $IO_OUT_FRAC"
    echo "io_class_delays_ns $(awk '$1 == "GPUCOH_IO_CLASS" { printf "%s%s=%s", (n++ ? "," : ""), $2, $3 } END { if (!n) printf "-" }' "$dir/sta_stitched.txt")"
    echo "stitched_io_period_ns $iop"
    echo "stitched_io_class $iocls"
    echo "black_boxes $nbb"
    echo "boundary_crit_path_ns ${b[0]}"
    echo "boundary_startpoint ${b[1]}"
    echo "boundary_endpoint ${b[2]}"
    echo "stitched_crit_path_ns ${s[0]}"
    echo "stitched_startpoint ${s[1]}"
    echo "stitched_endpoint ${s[2]}"
    awk '{ printf "store_etm_%s %s\n", $1, $2 }' "$build/sig_store_m$m/etm.txt"
    echo "point $name"
    echo "inputs_sha256 $fp"
  } >"$res.tmp.$$"
  mv -f "$res.tmp.$$" "$res"
  echo "$prog: done   $name in $(($(date +%s) - t0)) s: top area $(awk '$1=="area_um2"{print $2}' "$res") um2, boundary path ${b[0]} ns, stitched ${s[0]} ns" >&2
}

# ---- step 3: totals = top + count x sig_store ----------------------------------------------
write_total() { # unit m
  local unit=$1 m=$2 name topres storeres res cnt fp
  name=$(total_name "$unit" "$m")
  topres=$results/$(top_name "$unit" "$m").area.txt
  storeres=$results/sig_store_m$m.area.txt
  res=$results/$name.area.txt
  [[ -f $topres && -f $storeres ]] || return 0
  cnt=$(top_count "$unit")
  fp=$(point_fp "$(committed_fp "$topres")" "$(committed_fp "$storeres")" "$name")
  awk -v unit="$unit" -v cnt="$cnt" -v name="$name" -v fp="$fp" -v m="$m" '
    FNR == 1 { f++ }
    { k = $1; $1 = ""; sub(/^ /, ""); if (f == 1) T[k] = $0; else S[k] = $0 }
    END {
      area = T["area_um2"] + cnt * S["area_um2"]
      nand2 = T["nand2_um2"]
      crit = T["stitched_crit_path_ns"] + 0
      # flop-to-flop paths inside sig_store are not part of the top netlist
      sreg = T["store_etm_reg2reg"] + 0
      st = T["stitched_startpoint"]; en = T["stitched_endpoint"]
      if (index(st, "~via~" en) > 0 && substr(st, length(st) - length(en) + 1) == en) {
        # the path ends at a black-box input: its setup into sig_store flops comes from the model
        sub(/~via~[^~]*$/, "", st)
        en = en " (+ setup into sig_store flops, from the model)"
      }
      gsub(/~via~/, " -> ", st)
      critfrom = "top + sig_store timing model: " st " -> " en
      if (sreg > crit) { crit = sreg; critfrom = "sig_store flop-to-flop" }
      period = T["clock_period_ns"]
      printf "top %s\n", unit
      printf "params %s\n", T["params"]
      printf "storage_spec hier: %s top + %d x sig_store (%s)\n", unit, cnt, S["params"]
      printf "cells %d\n", T["cells"] + cnt * S["cells"]
      printf "area_um2 %.1f\n", area
      printf "ge %.1f\n", area / nand2
      printf "flops %d\n", T["flops"] + cnt * S["flops"]
      printf "ff_area_um2 %.1f\n", T["ff_area_um2"] + cnt * S["ff_area_um2"]
      printf "logic_area_um2 %.1f\n", T["logic_area_um2"] + cnt * S["logic_area_um2"]
      printf "storage_bits %d\n", cnt * S["storage_bits"]
      printf "storage_ff_cell %s\n", S["storage_ff_cell"]
      printf "storage_ff_cell_um2 %s\n", S["storage_ff_cell_um2"]
      printf "storage_ff_area_um2 %.1f\n", cnt * S["storage_ff_area_um2"]
      printf "sram_bits %d\n", cnt * S["sram_bits"]
      printf "sram_banks %d\n", cnt * S["sram_banks"]
      printf "sram_ports %d\n", S["sram_ports"]
      printf "sram_cell_um2 %s\n", S["sram_cell_um2"]
      printf "sram_port_factor %s\n", S["sram_port_factor"]
      printf "sram_periph_frac %s\n", S["sram_periph_frac"]
      printf "sram_macro_fixed_um2 %s\n", S["sram_macro_fixed_um2"]
      printf "sram_macro_um2 %.1f\n", cnt * S["sram_macro_um2"]
      printf "sram_total_um2 %.1f\n", T["area_um2"] + cnt * S["sram_total_um2"]
      printf "clock_period_ns %s\n", period
      printf "worst_slack_ns %.3f\n", period - crit
      printf "crit_path_ns %.3f\n", crit
      printf "fmax_mhz %.1f\n", 1000 / crit
      # the I/O budget: the stitched top with the budget applied, or sig_store flop-to-flop
      # (none for a top from before the budget)
      if ("stitched_io_period_ns" in T) {
        iop = T["stitched_io_period_ns"] + 0; iocls = T["stitched_io_class"]
        if (sreg > iop) { iop = sreg; iocls = "sig_store flop-to-flop" }
        printf "io_in_frac %s\n", T["io_in_frac"]
        printf "io_out_frac %s\n", T["io_out_frac"]
        printf "io_limit_class %s\n", iocls
        printf "crit_path_io_ns %.3f\n", iop
        printf "fmax_io_mhz %.1f\n", 1000 / iop
      }
      printf "synth_seconds %.1f\n", T["synth_seconds"] + S["synth_seconds"]
      printf "sta_seconds %.1f\n", T["sta_seconds"] + S["sta_seconds"]
      printf "unmapped_cells %d\n", T["unmapped_cells"] + cnt * S["unmapped_cells"]
      printf "yosys_warnings %d\n", T["yosys_warnings"] + S["yosys_warnings"]
      printf "nand2_um2 %s\n", nand2
      printf "abc %s\n", S["abc"]
      printf "yosys_version %s\n", T["yosys_version"]
      printf "sta_version %s\n", T["sta_version"]
      printf "liberty %s\n", T["liberty"]
      printf "hier_sig_stores %d\n", cnt
      printf "hier_sig_bits %d\n", m
      printf "top_cells %d\n", T["cells"]
      printf "top_area_um2 %s\n", T["area_um2"]
      printf "top_flops %d\n", T["flops"]
      printf "top_ff_area_um2 %s\n", T["ff_area_um2"]
      printf "top_logic_area_um2 %s\n", T["logic_area_um2"]
      printf "top_boundary_crit_path_ns %s\n", T["boundary_crit_path_ns"]
      bs = T["boundary_startpoint"]; gsub(/~via~/, " -> ", bs)
      printf "top_boundary_path %s -> %s\n", bs, T["boundary_endpoint"]
      printf "store_cells %d\n", S["cells"]
      printf "store_area_um2 %s\n", S["area_um2"]
      printf "store_flops %d\n", S["flops"]
      printf "store_crit_path_ns %s\n", S["crit_path_ns"]
      printf "store_fmax_mhz %s\n", S["fmax_mhz"]
      printf "store_sram_macro_um2 %s\n", S["sram_macro_um2"]
      printf "store_sram_total_um2 %s\n", S["sram_total_um2"]
      # lower bound: each macro replaces its whole sig_store (a macro has its own decoders and
      # read path); the upper bound above keeps all of sig_store'"'"'s logic
      printf "sram_macro_only_total_um2 %.1f\n", T["area_um2"] + cnt * S["sram_macro_um2"]
      printf "crit_path_from %s\n", critfrom
      printf "point %s\n", name
      printf "inputs_sha256 %s\n", fp
    }' "$topres" "$storeres" >"$res.tmp.$$"
  mv -f "$res.tmp.$$" "$res"
}

# ---- the flat-vs-hierarchical check --------------------------------------------------------
run_flat() { # name unit storage params...
  local name=$1 unit=$2 storage=$3 dir fp res t0
  shift 3
  dir=$build/$name
  res=$results/$name.area.txt
  fp=$(point_fp "$(fp_files synth/synth.sh synth/techmap_wide_shift.v rtl/gpucoh_pkg.sv \
    rtl/sig/sig_hash.sv rtl/sig/sig_store.sv "rtl/sig/$unit.sv" rtl/include/*)" "$name" "$*" "$storage")
  if [[ $force == 0 && -f $res && $(committed_fp "$res") == "$fp" ]]; then
    ((list)) && printf '%-22s %-10s %s\n' "$name" up-to-date "$*"
    return 0
  fi
  if ((list)); then
    printf '%-22s %-10s %s\n' "$name" "$([[ -f $res ]] && echo stale || echo missing)" "$*"
    return 0
  fi
  mkdir -p "$dir"
  echo "$prog: start  $name (flat)" >&2
  t0=$(date +%s)
  if ! synth/synth.sh "$dir" "$unit" "$storage" rtl/sig/sig_hash.sv rtl/sig/sig_store.sv "rtl/sig/$unit.sv" -- "$@" \
    >"$dir/run.log" 2>&1; then
    echo "$prog: FAILED $name after $(($(date +%s) - t0)) s: $(grep -m1 'error:' "$dir/run.log" || tail -n1 "$dir/run.log")" >&2
    return 1
  fi
  { cat "$dir/area.txt"; echo "point $name"; echo "inputs_sha256 $fp"; } >"$res.tmp.$$"
  mv -f "$res.tmp.$$" "$res"
  echo "$prog: done   $name in $(($(date +%s) - t0)) s: $(awk '$1=="area_um2"{a=$2} $1=="crit_path_ns"{c=$2} END{printf "area %s um2, critical path %s ns", a, c}' "$res")" >&2
}

# sig_store as each unit uses it (unused ports tied off, so that synthesis removes their logic),
# and without the membership test: how much of sig_store each port costs.
# The parameter defaults are the point's values: no chparam, so that the top keeps its name
# (with chparam Yosys names these wrappers $paramod$<hash>\..., which synth.sh cannot find).
write_variants() { # file m
  sed "s/@M@/$2/g; s/@K@/$K/g; s/@C@/$C/g" >"$1.tmp" <<'EOV'
// generated by synth/hier.sh --check: sig_store with the ports a unit does not use tied off
module sig_store_rdu_use #(
  parameter bit [31:0] SigBits = 32'd@M@, parameter bit [31:0] NumHashes = 32'd@K@,
  parameter bit [31:0] ChunkWidth = 32'd@C@,
  localparam int VW = $clog2(SigBits), localparam int NC = SigBits / ChunkWidth,
  localparam int CIW = (NC > 1) ? $clog2(NC) : 1
) (
  input logic clk_i, input logic rst_ni, input logic set_i, input logic clr_i,
  input logic [NumHashes*VW-1:0] idx_i, output logic member_o,
  input logic [CIW-1:0] rd_idx_i, output logic [ChunkWidth-1:0] rd_data_o
);
  // the rdu: set ports, clear, membership, chunk read; no chunk write
  sig_store #(.SigBits(SigBits), .NumHashes(NumHashes), .ChunkWidth(ChunkWidth)) u (
    .clk_i, .rst_ni, .set_i, .clr_i, .idx_i, .member_o, .wr_i(1'b0), .wr_idx_i('0),
    .wr_data_i('0), .rd_idx_i, .rd_data_o);
endmodule

module sig_store_avu_use #(
  parameter bit [31:0] SigBits = 32'd@M@, parameter bit [31:0] NumHashes = 32'd@K@,
  parameter bit [31:0] ChunkWidth = 32'd@C@,
  localparam int VW = $clog2(SigBits), localparam int NC = SigBits / ChunkWidth,
  localparam int CIW = (NC > 1) ? $clog2(NC) : 1
) (
  input logic clk_i, input logic rst_ni, input logic [NumHashes*VW-1:0] idx_i,
  output logic member_o, input logic wr_i, input logic [CIW-1:0] wr_idx_i,
  input logic [ChunkWidth-1:0] wr_data_i
);
  // the avu: membership and chunk write; no set ports, no clear, no chunk read
  logic [ChunkWidth-1:0] unused;
  sig_store #(.SigBits(SigBits), .NumHashes(NumHashes), .ChunkWidth(ChunkWidth)) u (
    .clk_i, .rst_ni, .set_i(1'b0), .clr_i(1'b0), .idx_i, .member_o, .wr_i, .wr_idx_i,
    .wr_data_i, .rd_idx_i('0), .rd_data_o(unused));
endmodule

module sig_store_no_member #(
  parameter bit [31:0] SigBits = 32'd@M@, parameter bit [31:0] NumHashes = 32'd@K@,
  parameter bit [31:0] ChunkWidth = 32'd@C@,
  localparam int VW = $clog2(SigBits), localparam int NC = SigBits / ChunkWidth,
  localparam int CIW = (NC > 1) ? $clog2(NC) : 1
) (
  input logic clk_i, input logic rst_ni, input logic set_i, input logic clr_i,
  input logic [NumHashes*VW-1:0] idx_i, input logic wr_i, input logic [CIW-1:0] wr_idx_i,
  input logic [ChunkWidth-1:0] wr_data_i, input logic [CIW-1:0] rd_idx_i,
  output logic [ChunkWidth-1:0] rd_data_o
);
  // every port but the membership test (its k m:1 read trees)
  logic unused;
  sig_store #(.SigBits(SigBits), .NumHashes(NumHashes), .ChunkWidth(ChunkWidth)) u (
    .clk_i, .rst_ni, .set_i, .clr_i, .idx_i, .member_o(unused), .wr_i, .wr_idx_i, .wr_data_i,
    .rd_idx_i, .rd_data_o);
endmodule
EOV
  mv -f "$1.tmp" "$1"
}

run_variant() { # top m
  local top=$1 m=$2 name dir vfile fp res t0 params
  name=check_${top}_m$m
  dir=$build/$name
  vfile=$build/check/sig_store_variants_m$m.sv
  res=$results/$name.area.txt
  params=$(store_params "$m")
  mkdir -p "$build/check"
  write_variants "$vfile" "$m"
  fp=$(point_fp "$(fp_files synth/synth.sh synth/techmap_wide_shift.v rtl/gpucoh_pkg.sv \
    rtl/sig/sig_store.sv rtl/include/* "$vfile")" "$name" "$params")
  if [[ $force == 0 && -f $res && $(committed_fp "$res") == "$fp" ]]; then
    ((list)) && printf '%-22s %-10s %s\n' "$name" up-to-date "$params"
    return 0
  fi
  if ((list)); then
    printf '%-22s %-10s %s\n' "$name" "$([[ -f $res ]] && echo stale || echo missing)" "$params"
    return 0
  fi
  mkdir -p "$dir"
  echo "$prog: start  $name" >&2
  t0=$(date +%s)
  if ! synth/synth.sh "$dir" "$top" "$m,sram=$m,banks=1,ports=$K" rtl/sig/sig_store.sv "$vfile" \
    >"$dir/run.log" 2>&1; then
    echo "$prog: FAILED $name after $(($(date +%s) - t0)) s: $(grep -m1 'error:' "$dir/run.log" || tail -n1 "$dir/run.log")" >&2
    return 1
  fi
  { cat "$dir/area.txt"; echo "point $name"; echo "inputs_sha256 $fp"; } >"$res.tmp.$$"
  mv -f "$res.tmp.$$" "$res"
  echo "$prog: done   $name in $(($(date +%s) - t0)) s: $(awk '$1=="area_um2"{a=$2} $1=="crit_path_ns"{c=$2} END{printf "area %s um2, critical path %s ns", a, c}' "$res")" >&2
}

if ((check)); then
  failed=0
  for v in sig_store_rdu_use sig_store_avu_use sig_store_no_member; do
    run_variant "$v" 1024 || failed=$((failed + 1))
  done
  # shellcheck disable=SC2046 # the parameter lists are split on purpose
  run_flat check_avu_flat_m1024 avu "1024,sram=1024,banks=1,ports=$K" $(top_params avu 1024) || failed=$((failed + 1))
  N=2
  # shellcheck disable=SC2046
  run_flat check_rdu_flat_m1024_n2 rdu "2048,sram=2048,banks=2,ports=$K" $(top_params rdu 1024) || failed=$((failed + 1))
  run_top rdu 1024 || failed=$((failed + 1))
  ((list)) || write_total rdu 1024
  ((failed == 0)) || die "$failed check point(s) failed"
  exit 0
fi

# ---- main ------------------------------------------------------------------------------------
# Order: sig_store and both tops at 1K .. 8K, smallest first, then the 16-Kbit sig_store (the
# longest run, ~30 min) and the 16-Kbit tops.
sel() { [[ -z $only || $1 =~ $only ]]; }
failed=0
for m in "${SIZES[@]}"; do
  if sel "sig_store_m$m"; then run_store "$m" || failed=$((failed + 1)); fi
  for unit in avu rdu; do
    if sel "$(top_name "$unit" "$m")"; then run_top "$unit" "$m" || failed=$((failed + 1)); fi
  done
done
if ((list)); then
  # totals: up to date when both parts are and the total was made from exactly them
  for m in "${SIZES[@]}"; do
    for unit in avu rdu; do
      name=$(total_name "$unit" "$m")
      sel "$name" || continue
      res=$results/$name.area.txt
      topres=$results/$(top_name "$unit" "$m").area.txt
      storeres=$results/sig_store_m$m.area.txt
      status=missing
      if [[ -f $res ]]; then
        status=stale
        if [[ $(committed_fp "$topres") == "$(top_fp "$unit" "$m")" &&
          $(committed_fp "$storeres") == "$(point_fp "$store_fp_common" "sig_store_m$m" "$(store_params "$m")" "$(store_storage "$m")")" &&
          $(committed_fp "$res") == "$(point_fp "$(committed_fp "$topres")" "$(committed_fp "$storeres")" "$name")" ]]; then
          status=up-to-date
        fi
      fi
      printf '%-22s %-10s %s + %s x sig_store_m%s\n' "$name" "$status" "$(top_name "$unit" "$m")" "$(top_count "$unit")" "$m"
    done
  done
  exit 0
fi
for m in "${SIZES[@]}"; do
  for unit in avu rdu; do write_total "$unit" "$m"; done
done
if ((report)); then
  if [[ -x synth/report_rdu_avu.sh ]]; then
    synth/report_rdu_avu.sh --results "$results" || die "report generation failed"
  fi
fi
((failed == 0)) || die "$failed point(s) failed or were skipped; see $build/<point>/run.log"
