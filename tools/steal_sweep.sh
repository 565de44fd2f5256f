#!/usr/bin/env bash
# The steal-rate sweep of `gpucoh compare`'s rsteal workload (issue 28 item 7; docs/cli.md,
# "compare"; docs/units/hlrc/hlrc.md section 15): one `gpucoh compare --workload rsteal --steal R`
# per rate R, every variant in the same call (same seed, same work), then per (rate, variant) the
# cycles, the messages and the counters that explain the curve, as
#   DIR/steal-sweep.md   the tables (cycles, messages, hlrc/gpu-rsp and gpu-rsp/gpu-h, counters),
#                        the command, the date and git describe
#   DIR/steal-sweep.csv  one row per (rate, variant)
#   DIR/steal-sweep.png  gnuplot: cycles and messages vs the steal rate, log y, a line per variant
# Input is compare.csv (one row per run; its last column holds the variant's own counters as
# name=value;...): no JSON parser needed. Progress goes to stderr; each output file is written
# to a temporary name in DIR and moved into place. `make steal-sweep` writes docs/steal-sweep.*.
#
# Exit status: 0 written; 1 a compare call failed (a run did not pass, or its CSV is missing a
# row or a number); 2 bad input (nothing run, nothing written).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
G=${GPUCOH:-$ROOT/build/gpucoh} # GPUCOH: another gpucoh binary (the tests use a wrapper)
ME=steal_sweep

usage() {
    cat << 'EOF'
usage: tools/steal_sweep.sh [options]

Runs `gpucoh compare --workload rsteal --steal R` once per steal rate R (every variant in the
same call) and writes DIR/steal-sweep.md (tables: cycles and messages per rate and variant,
the ratios hlrc/gpu-rsp and gpu-rsp/gpu-h, the counters), DIR/steal-sweep.csv (a row per
rate and variant) and DIR/steal-sweep.png (cycles and messages vs steal rate, log y axis).

  --out DIR        where the three files go (default build/out, created if missing; any other
                   DIR's parent must exist)
  --config C       small (default) | paper
  --rates LIST     steal rates in per mille, 0..1000, comma separated, no repeats
                   (default 0,10,20,50,100,200,500,1000)
  --protocol LIST  variants, comma separated (not a family, not all)
                   (default gpu-h,gpu-rsp,denovo-d,hlrc,hlrc-scoped)
  --scale N        percent of the default work, 1..10000 (default 100)
  --seed S         seed of the workload and the system (default 1)
  --no-plot        no steal-sweep.png (no gnuplot needed)
  --help           this text

Options take their value as --opt value or --opt=value. GPUCOH=PATH runs another gpucoh.
Exit status: 0 written, 1 a compare call failed (a run that did not pass, a CSV without a
row or a number), 2 bad input (nothing run, nothing written).
EOF
}

die2() { echo "$ME: $*" >&2; exit 2; }
die1() { echo "$ME: $*" >&2; exit 1; }

OUT=build/out OUT_GIVEN=0 CONFIG=small RATES=0,10,20,50,100,200,500,1000
PROTOS=gpu-h,gpu-rsp,denovo-d,hlrc,hlrc-scoped SCALE=100 SEED=1 PLOT=1
while [ $# -gt 0 ]; do
    opt=$1 val='' has=0
    case $opt in
    --*=*) val=${opt#*=}; opt=${opt%%=*}; has=1 ;;
    esac
    case $opt in
    --help | -h)
        [ $has -eq 0 ] || die2 "$opt takes no value"
        usage; exit 0 ;;
    --no-plot)
        [ $has -eq 0 ] || die2 "$opt takes no value"
        PLOT=0; shift; continue ;;
    --out | --config | --rates | --protocol | --scale | --seed)
        if [ $has -eq 0 ]; then
            [ $# -ge 2 ] || die2 "$opt needs a value"
            val=$2; shift
        fi
        shift ;;
    *) die2 "unknown option '$opt' (see --help)" ;;
    esac
    [ -n "$val" ] || die2 "$opt: empty value"
    case $opt in
    --out) OUT=$val; OUT_GIVEN=1 ;;
    --config) CONFIG=$val ;;
    --rates) RATES=$val ;;
    --protocol) PROTOS=$val ;;
    --scale) SCALE=$val ;;
    --seed) SEED=$val ;;
    esac
done

# ---- every input checked before any run ----------------------------------------------------
case $CONFIG in small | paper) ;; *) die2 "--config: '$CONFIG' is not small or paper" ;; esac
if ! [[ $SCALE =~ ^[1-9][0-9]{0,4}$ ]] || [ "$SCALE" -gt 10000 ]; then
    die2 "--scale: '$SCALE' is not an integer in 1..10000"
fi
[[ $SEED =~ ^[0-9]{1,18}$ ]] || die2 "--seed: '$SEED' is not a non-negative integer"
IFS=, read -r -a rates <<< "$RATES"
[ ${#rates[@]} -gt 0 ] || die2 "--rates: empty list"
declare -A seen=()
for r in "${rates[@]}"; do
    if ! [[ $r =~ ^(0|[1-9][0-9]{0,3})$ ]] || [ "$r" -gt 1000 ]; then
        die2 "--rates: '$r' is not a steal rate in per mille (an integer in 0..1000)"
    fi
    [ -z "${seen[r$r]:-}" ] || die2 "--rates: $r given twice"
    seen[r$r]=1
done
[ -x "$G" ] || die2 "no gpucoh at $G (build it: make build/gpucoh)"
# the registered names, as gpucoh itself lists them for a name it does not know (no run)
known=$("$G" compare --protocol '?' --workload rsteal 2>&1 >/dev/null |
    sed -n 's/.*--protocol: choose from: //p') || true
[ -n "$known" ] || die2 "$G did not list its variants (gpucoh compare --protocol '?')"
IFS=, read -r -a protos <<< "$PROTOS"
[ ${#protos[@]} -gt 0 ] || die2 "--protocol: empty list"
for p in "${protos[@]}"; do
    case " $known " in *" $p "*) ;; *) die2 "--protocol: '$p' is not a registered variant (choose from: $known)" ;; esac
    case $p in all | tc | gpu | denovo) die2 "--protocol: '$p' is a family or all: name its variants" ;; esac
    [ -z "${seen[p$p]:-}" ] || die2 "--protocol: $p given twice"
    seen[p$p]=1
done
if [ $PLOT -eq 1 ]; then command -v gnuplot > /dev/null || die2 "gnuplot not found (install gnuplot-nox, or pass --no-plot)"; fi
if [ -e "$OUT" ] && [ ! -d "$OUT" ]; then die2 "--out: '$OUT' exists and is not a directory"; fi
if [ ! -d "$OUT" ]; then
    if [ $OUT_GIVEN -eq 1 ]; then
        parent=$(dirname "$OUT")
        [ -d "$parent" ] || die2 "--out: the parent of '$OUT' ($parent) does not exist"
        [ -w "$parent" ] || die2 "--out: cannot create '$OUT' ($parent is not writable)"
        mkdir "$OUT"
    else
        mkdir -p "$OUT" # the documented default, build/out
    fi
fi
[ -w "$OUT" ] || die2 "--out: '$OUT' is not writable"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/steal-sweep.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# ---- the runs -------------------------------------------------------------------------------
COUNTERS=(rm_atomics bcst_flush bcst_inv grants revokes l1_sync_hits)
ROWS=$WORK/rows.csv
t0=$(date +%s)
i=0
for r in "${rates[@]}"; do
    i=$((i + 1))
    d=$WORK/rate-$r
    echo "$ME: [$i/${#rates[@]}] steal $r per mille: gpucoh compare --protocol $PROTOS --workload rsteal --config $CONFIG" >&2
    rc=0
    "$G" compare --protocol "$PROTOS" --workload rsteal --config "$CONFIG" --seed "$SEED" \
        --scale "$SCALE" --steal "$r" --no-plot --quiet --out "$d" > "$d.log" 2>&1 || rc=$?
    # exit 1 is also a claim that does not hold (hlrc.md section 15 judges them; the sweep
    # only measures): a run that failed shows as a row whose result is not pass, below
    if [ $rc -gt 1 ] || [ ! -f "$d/compare.csv" ]; then
        sed 's/^/    | /' "$d.log" >&2
        die1 "steal $r: gpucoh compare exited $rc without a CSV"
    fi
    # a file cut short (its last row without its newline) may still have every field: the
    # counters column, last, is the one cut
    if [ -n "$(tail -c 1 "$d/compare.csv")" ]; then
        die1 "steal $r: compare.csv ends inside a row (truncated?); nothing written"
    fi
    # one row per variant: result pass, cycles and messages numbers, the counters picked from
    # the last column (empty where the variant does not have the counter)
    awk -F, -v rate="$r" -v cfg="$CONFIG" -v want="$PROTOS" -v ctr="${COUNTERS[*]}" -v me="$ME" '
        NR == 1 {
            for (i = 1; i <= NF; i++) col[$i] = i
            n = split("config workload variant result cycles messages l1_stall_cycles protocol_counters", need, " ")
            for (i = 1; i <= n; i++) if (!(need[i] in col)) { printf "%s: steal %s: compare.csv has no column %s\n", me, rate, need[i] > "/dev/stderr"; bad = 1; exit }
            ncols = NF; next
        }
        $col["config"] == cfg && $col["workload"] == "rsteal" {
            v = $col["variant"]
            if (NF != ncols) { printf "%s: steal %s: %s: %d fields, the header has %d (a truncated CSV?)\n", me, rate, v, NF, ncols > "/dev/stderr"; bad = 1; next }
            if ($col["result"] != "pass") { printf "%s: steal %s: %s: result %s\n", me, rate, v, $col["result"] > "/dev/stderr"; bad = 1; next }
            if ($col["cycles"] !~ /^[0-9]+$/ || $col["messages"] !~ /^[0-9]+$/ || $col["l1_stall_cycles"] !~ /^[0-9]+$/) { printf "%s: steal %s: %s: cycles, messages or l1_stall_cycles not a number\n", me, rate, v > "/dev/stderr"; bad = 1; next }
            delete c
            m = split($col["protocol_counters"], kv, ";")
            for (i = 1; i <= m; i++) { e = index(kv[i], "="); if (e) c[substr(kv[i], 1, e - 1)] = substr(kv[i], e + 1) }
            line = rate "," v "," $col["cycles"] "," $col["messages"] "," $col["l1_stall_cycles"]
            k = split(ctr, cn, " ")
            for (i = 1; i <= k; i++) {
                if ((cn[i] in c) && c[cn[i]] !~ /^[0-9]+$/) { printf "%s: steal %s: %s: counter %s not a number\n", me, rate, v, cn[i] > "/dev/stderr"; bad = 1; next }
                line = line "," ((cn[i] in c) ? c[cn[i]] : "")
            }
            row[v] = line
        }
        END {
            if (NR == 0) { printf "%s: steal %s: compare.csv is empty\n", me, rate > "/dev/stderr"; exit 1 }
            if (bad) exit 1
            n = split(want, w, ",")
            for (i = 1; i <= n; i++) {
                if (!(w[i] in row)) { printf "%s: steal %s: compare.csv has no row for %s\n", me, rate, w[i] > "/dev/stderr"; exit 1 }
                print row[w[i]]
            }
        }' "$d/compare.csv" >> "$ROWS" || die1 "steal $r: compare.csv unusable (above); nothing written"
done
secs=$(($(date +%s) - t0))
echo "$ME: ${#rates[@]} compare call(s) in $secs s" >&2

# ---- the outputs ----------------------------------------------------------------------------
CMD="tools/steal_sweep.sh --out $OUT --config $CONFIG --rates $RATES --protocol $PROTOS --scale $SCALE --seed $SEED"
[ $PLOT -eq 1 ] || CMD="$CMD --no-plot"
DESC=$(git -C "$ROOT" describe --always --dirty 2> /dev/null || echo unknown)
NOW=$(date -u '+%Y-%m-%d %H:%M UTC')
HDR="rate_permille,variant,cycles,messages,l1_stall_cycles,$(IFS=,; echo "${COUNTERS[*]}")"

{ echo "$HDR"; cat "$ROWS"; } > "$WORK/steal-sweep.csv"

# the markdown: tables built from rows.csv by awk (rates and variants in the order given)
awk -F, -v rates="$RATES" -v protos="$PROTOS" -v cmd="$CMD" -v desc="$DESC" -v now="$NOW" \
    -v cfg="$CONFIG" -v seed="$SEED" -v scale="$SCALE" -v secs="$secs" '
    { cy[$1, $2] = $3; ms[$1, $2] = $4; st[$1, $2] = $5
      rm[$1, $2] = $6; bf[$1, $2] = $7; bi[$1, $2] = $8; gr[$1, $2] = $9; rv[$1, $2] = $10; sh[$1, $2] = $11 }
    function ratio(a, b) { return (a == "" || b == "" || b == 0) ? "-" : sprintf("%.2f", a / b) }
    function table(title, arr,   i, j, s) {
        printf "\n### %s\n\n| steal (per mille) |", title
        for (j = 1; j <= nv; j++) printf " %s |", v[j]
        printf "\n|--:|"; for (j = 1; j <= nv; j++) printf "--:|"; printf "\n"
        for (i = 1; i <= nr; i++) {
            printf "| %s |", r[i]
            for (j = 1; j <= nv; j++) printf " %s |", arr[r[i], v[j]]
            printf "\n"
        }
    }
    END {
        nr = split(rates, r, ","); nv = split(protos, v, ",")
        for (j = 1; j <= nv; j++) has[v[j]] = 1
        print "# rsteal: cycles and messages by steal rate"
        print ""
        print "Generated by `tools/steal_sweep.sh` (`make steal-sweep`); do not edit. One `gpucoh compare"
        printf "--protocol %s --workload rsteal --config %s --seed %s --scale %s --steal R --no-plot\n", protos, cfg, seed, scale
        print "--quiet` per steal rate R (per mille of the pops that steal from another SM'"'"'s queue; the"
        print "workload'"'"'s default is 50), every variant in the same call. What rsteal is and the claims judged"
        print "on it: [units/hlrc/hlrc.md](units/hlrc/hlrc.md) section 15. Plot: `steal-sweep.png`; every"
        print "number: `steal-sweep.csv`."
        print ""
        printf "- command: `%s`\n", cmd
        printf "- date: %s; git describe: %s; %d compare calls in %s s\n", now, desc, nr, secs
        table("Cycles to finish", cy)
        table("Messages", ms)
        if (has["hlrc"] && has["gpu-rsp"] || has["gpu-rsp"] && has["gpu-h"]) {
            printf "\n### Ratios (below 1: the first is cheaper)\n\n| steal (per mille) | cycles hlrc / gpu-rsp | messages hlrc / gpu-rsp | cycles gpu-rsp / gpu-h | messages gpu-rsp / gpu-h |\n|--:|--:|--:|--:|--:|\n"
            for (i = 1; i <= nr; i++)
                printf "| %s | %s | %s | %s | %s |\n", r[i],
                    ratio(cy[r[i], "hlrc"], cy[r[i], "gpu-rsp"]), ratio(ms[r[i], "hlrc"], ms[r[i], "gpu-rsp"]),
                    ratio(cy[r[i], "gpu-rsp"], cy[r[i], "gpu-h"]), ratio(ms[r[i], "gpu-rsp"], ms[r[i], "gpu-h"])
        }
        table("L1 stall cycles (l1_stall_cycles)", st)
        if (has["gpu-rsp"]) {
            printf "\n### GPU-RSP: remote-scoped atomics and their broadcasts\n\n| steal (per mille) | rm_atomics | bcst_flush | bcst_inv |\n|--:|--:|--:|--:|\n"
            for (i = 1; i <= nr; i++) { k = r[i] SUBSEP "gpu-rsp"; printf "| %s | %s | %s | %s |\n", r[i], rm[k], bf[k], bi[k] }
        }
        for (j = 1; j <= nv; j++) if (v[j] ~ /^hlrc/) {
            printf "\n### %s: ownership grants and revokes, synchronization in the L1\n\n| steal (per mille) | grants | revokes | l1_sync_hits | l1_stall_cycles |\n|--:|--:|--:|--:|--:|\n", v[j]
            for (i = 1; i <= nr; i++) { k = r[i] SUBSEP v[j]; printf "| %s | %s | %s | %s | %s |\n", r[i], gr[k], rv[k], sh[k], st[k] }
        }
    }' "$ROWS" > "$WORK/steal-sweep.md"

if [ $PLOT -eq 1 ]; then
    # one line per rate: rate, the cycles of every variant, then their messages; x evenly
    # spaced (the rates span 0..1000 with most near 0), labelled with the rate
    awk -F, -v protos="$PROTOS" -v rates="$RATES" '
        { cy[$1, $2] = $3; ms[$1, $2] = $4 }
        END { nr = split(rates, r, ","); nv = split(protos, v, ",")
              for (i = 1; i <= nr; i++) { s = r[i]
                  for (j = 1; j <= nv; j++) s = s " " cy[r[i], v[j]]
                  for (j = 1; j <= nv; j++) s = s " " ms[r[i], v[j]]
                  print s } }' "$ROWS" > "$WORK/sweep.dat"
    if gnuplot -e 'set terminal pngcairo' > /dev/null 2>&1; then
        TERM_LINE="set terminal pngcairo size 1200,500 enhanced font 'DejaVu Sans,10'"
    else
        TERM_LINE="set terminal png size 1200,500"
    fi
    nv=${#protos[@]}
    panel() { # TITLE FIRST_COLUMN
        local s="set title '$1 vs steal rate ($CONFIG, seed $SEED, scale $SCALE %)'; plot" j
        for ((j = 0; j < nv; j++)); do
            s="$s '$WORK/sweep.dat' using 0:$(($2 + j)):xtic(1) with linespoints lw 2 title '${protos[j]}'"
            [ $j -eq $((nv - 1)) ] || s="$s,"
        done
        echo "$s"
    }
    cat > "$WORK/sweep.gp" << EOF
$TERM_LINE
set output '$WORK/steal-sweep.png'
set multiplot layout 1,2
set logscale y
set grid xtics ytics mytics
set key top left
set xlabel 'steal rate (per mille; not to scale)'
set ylabel 'cycles to finish'
$(panel cycles 2)
set ylabel 'messages'
$(panel messages $((2 + nv)))
unset multiplot
EOF
    if ! gnuplot "$WORK/sweep.gp" > "$WORK/gnuplot.log" 2>&1 || [ ! -s "$WORK/steal-sweep.png" ]; then
        sed 's/^/    | /' "$WORK/gnuplot.log" >&2
        die1 "gnuplot failed; nothing written"
    fi
fi

# atomically into place: a temporary name in DIR (same file system), then mv
for f in steal-sweep.csv steal-sweep.md steal-sweep.png; do
    [ -f "$WORK/$f" ] || continue
    cp "$WORK/$f" "$OUT/.$f.tmp.$$"
    mv -f "$OUT/.$f.tmp.$$" "$OUT/$f"
done
echo "$ME: wrote $OUT/steal-sweep.md, .csv$([ $PLOT -eq 1 ] && echo ', .png')" >&2
