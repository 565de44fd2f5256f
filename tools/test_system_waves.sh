#!/usr/bin/env bash
# The failure path of the TC system (docs/waves.md): a run made to fail by an RTL mutant must
# leave an FST window covering every Verilated unit, a GTKWave save file that names only signals
# of that dump and filters that exist, a well-formed JSON report, and a replay line that, run as
# printed, diverges again at the same cycle on the same field.
#
#   tools/test_system_waves.sh system | episode | litmus | filters | gpu | gpu-filters | denovo |
#                              denovo-filters | hlrc | hlrc-filters | gtsc | gtsc-filters   [OUT]
#
# system:  gpucoh cosim system with non-default delays, seed, parameter, window and traffic (the
#          event stream, 750 per mille of the wavefronts active) (exit 1, the checks above, the
#          replay carries every option);
# episode: gpucoh episode --impl lockstep (files and replay);
# litmus:  gpucoh litmus --impl lockstep over 200 runs (files; the replay runs the failing run
#          alone, --run K, and gets the same divergence);
# filters: every waves/filters/tc_*.txt value agrees with its enum in rtl/tc/tc_pkg.sv (tc_aop.txt:
#   rtl/gpucoh_atom_pkg.sv);
# gpu:     the same failure path for GPU-D (a gpu_l1 mutant, non-default seed, delays, parameter
#          and window): the FST, the .gtkw of the GPU view (tb/proto/gpu/gpu_gtkw.c: the diverging
#          register red and first, filters), the JSON and the replay;
# gpu-filters: every waves/filters/gpu_*.txt value agrees with the enums of rtl/gpu/gpu_pkg.sv (aop:
#          rtl/gpucoh_atom_pkg.sv) and of cmodel/gpu/gpu_types.h, gpu_l2.h;
# denovo:  the same for DeNovo-D (the denovo_l1 mutant tests/mutants/denovo_l1/waves/
#          01-inv-drops-registered.mut, built into build/mutants/denovo_l1/01-inv-drops-registered):
#          the FST, the .gtkw of the DeNovo view (tb/proto/denovo/denovo_gtkw.c: the diverging
#          register, named from the field, red and first; the filters), the JSON and the replay;
# denovo-filters: every waves/filters/denovo_*.txt value agrees with the enums of
#          rtl/denovo/denovo_pkg.sv (aop: rtl/gpucoh_atom_pkg.sv; MSHR kinds: denovo_l1.sv) and of
#          cmodel/denovo/denovo_types.h, denovo_l1.h (denovo_l1_st.txt: the 4 word states of a line).
# hlrc:    the same for hLRC (the hlrc_l1 mutant tests/mutants/hlrc_l1/waves/01-inv-no-stale.mut,
#          built into build/mutants/hlrc_l1/01-inv-no-stale): the FST, the .gtkw of the hLRC view
#          (tb/proto/hlrc/hlrc_gtkw.c: the diverging register, named from the field, red and first;
#          the filters), the JSON and the replay;
# hlrc-filters: every waves/filters/hlrc_*.txt value agrees with the enums of rtl/hlrc/hlrc_pkg.sv
#          (aop: rtl/gpucoh_atom_pkg.sv and hlrc_pkg's AopNone) and of cmodel/hlrc/hlrc_types.h.
# gtsc:    the same for G-TSC (the gtsc_l2 mutant tests/mutants/gtsc_l2/11-st-ts-max-plus-one.mut,
#          M11: a store's timestamp one too high, built into build/mutants/gtsc_l2/...): the FST,
#          the .gtkw of the G-TSC view (tb/proto/gtsc/gtsc_gtkw.c: the diverging port red and
#          first, a timestamp in unsigned decimal; the groups of gtsc.md section 14; the filters),
#          the JSON and the replay;
# gtsc-filters: every waves/filters/gtsc_*.txt value agrees with the enums of rtl/gtsc/gtsc_pkg.sv
#          (aop: rtl/gpucoh_atom_pkg.sv) and of cmodel/gtsc/gtsc_types.h.
# The mutant is tests/mutants/tc_l2/waves/01-shared-fill-private.mut (built by `gpucoh mutants`
# into build/mutants/tc_l2/01-shared-fill-private, a few seconds once).
set -uo pipefail
cd "$(dirname "$0")/.."
export GPUCOH_ROOT=${GPUCOH_ROOT:-$PWD}
G=build/gpucoh
USAGE="usage: tools/test_system_waves.sh system|episode|litmus|filters|gpu|gpu-filters|denovo|denovo-filters|hlrc|hlrc-filters|gtsc|gtsc-filters [OUT]"
MODE=${1:-}
[ -n "$MODE" ] || { echo "$USAGE" >&2; exit 2; }
OUT=${2:-build/test-out/system-waves}
MUTF=tests/mutants/tc_l2/waves/01-shared-fill-private.mut
MUT=build/mutants/tc_l2/01-shared-fill-private
GMUTF=tests/mutants/gpu_l1/01-acq-load-no-inv.mut
GMUT=build/mutants/gpu_l1/01-acq-load-no-inv
DMUTF=tests/mutants/denovo_l1/waves/01-inv-drops-registered.mut
DMUT=build/mutants/denovo_l1/01-inv-drops-registered
HMUTF=tests/mutants/hlrc_l1/waves/01-inv-no-stale.mut
HMUT=build/mutants/hlrc_l1/01-inv-no-stale
# (GTSC_WAVES_MUTANT=UNIT/NAME takes another G-TSC mutant: an L1 one shows the L1's view)
TMUTU=${GTSC_WAVES_MUTANT:-gtsc_l2/11-st-ts-max-plus-one}
TMUTN=${TMUTU#*/}
TMUTF=tests/mutants/$TMUTU.mut
TMUT=build/mutants/$TMUTU
mkdir -p "$OUT"

die() { echo "FAIL: $*"; exit 1; }

build_mutant() {
    "$G" mutants tc_l2 --mutants "$MUTF" --cycles 2000 --out "$OUT/mutant" > "$OUT/mutant.log" 2>&1
    grep -qE '^  01-shared-fill-private +caught ' "$OUT/mutant.log" ||
        { cat "$OUT/mutant.log"; die "the mutant was not built or not caught"; }
}

build_gpu_mutant() {
    "$G" mutants gpu_l1 --mutants "$GMUTF" --cycles 2000 --out "$OUT/gmutant" > "$OUT/gmutant.log" 2>&1
    grep -qE '^  01-acq-load-no-inv +caught ' "$OUT/gmutant.log" ||
        { cat "$OUT/gmutant.log"; die "the GPU mutant was not built or not caught"; }
}

build_denovo_mutant() {
    "$G" mutants denovo_l1 --mutants "$DMUTF" --cycles 2000 --out "$OUT/dmutant" > "$OUT/dmutant.log" 2>&1
    grep -qE '^  01-inv-drops-registered +caught ' "$OUT/dmutant.log" ||
        { cat "$OUT/dmutant.log"; die "the DeNovo mutant was not built or not caught"; }
}

build_hlrc_mutant() {
    "$G" mutants hlrc_l1 --mutants "$HMUTF" --cycles 2000 --out "$OUT/hmutant" > "$OUT/hmutant.log" 2>&1
    grep -qE '^  01-inv-no-stale +caught ' "$OUT/hmutant.log" ||
        { cat "$OUT/hmutant.log"; die "the hLRC mutant was not built or not caught"; }
}

build_gtsc_mutant() {
    "$G" mutants "${TMUTU%%/*}" --mutants "$TMUTF" --cycles 2000 --out "$OUT/tmutant" > "$OUT/tmutant.log" 2>&1
    grep -qE "^  $TMUTN +caught " "$OUT/tmutant.log" ||
        { cat "$OUT/tmutant.log"; die "the G-TSC mutant was not built or not caught"; }
}

# check_files JSON: the FST, the .gtkw and the JSON of a failure (python: the checks that need
# parsing); prints what it checked
check_files() {
    python3 - "$1" <<'PY' || exit 1
import json, os, re, subprocess, sys
jp = sys.argv[1]
j = json.load(open(jp))                      # well-formed
fd = j["first_divergence"]
for k in ("cycle", "kind", "unit", "scope", "field", "expected", "got"):
    assert k in fd, "first_divergence has no " + k
assert j["verdict"] == "fail" and j["replay"], "verdict / replay"
w = j["wave"]
assert w, "no wave window: %s" % j.get("wave_error")
fst, gtkw = w["file"], w["gtkw"]
assert os.path.getsize(fst) > 0 and os.path.getsize(gtkw) > 0
# the FST is readable and has one scope per Verilated unit
p = subprocess.run(["fst2vcd", "-f", fst], capture_output=True, text=True)
assert p.returncode == 0, "fst2vcd exit %d" % p.returncode
hdr = p.stdout.split("$enddefinitions")[0]
body = p.stdout.split("$enddefinitions")[1]
tops, names, stack = [], set(), []
for line in hdr.splitlines():
    t = line.split()
    if not t:
        continue
    if t[0] == "$scope":
        stack.append(t[2])
        if len(stack) == 1:
            tops.append(t[2])
    elif t[0] == "$upscope":
        stack.pop()
    elif t[0] == "$var":
        rng = t[5] if len(t) > 6 and t[5].startswith("[") else ""
        names.add(".".join(stack + [t[4]]) + rng)
assert tops == w["scopes"], "scopes %s, JSON says %s" % (tops, w["scopes"])
need = {"sm%d_l1" % i for i in range(j["params"]["sm"])} | \
       {"bank%d_l2" % i for i in range(j["params"]["banks"])}
if j["protocol"].startswith("tc-"):
    need |= {"timer"}
assert need <= set(tops), "missing scopes: %s" % (need - set(tops))
times = [int(l[1:]) for l in body.splitlines() if re.match(r"#[0-9]+$", l)]
assert times[0] == 2 * w["from_cycle"], "first time %d, window from cycle %d" % (times[0], w["from_cycle"])
assert times[-1] >= 2 * fd["cycle"] + 1, "the dump ends before the divergence"
# the save file: dump, marker, scope, every trace a dumped signal, every filter a file
gdir = os.path.dirname(os.path.abspath(gtkw))
g = open(gtkw).read().splitlines()
dump = [l for l in g if l.startswith("[dumpfile]")][0].split('"')[1]
assert not dump.startswith("/") and os.path.samefile(os.path.join(gdir, dump), fst), "[dumpfile] " + dump
marker = [l for l in g if l.startswith("*")][0].split()[1]
assert int(marker) == 2 * fd["cycle"] + 1 == w["marker_time"], "marker %s" % marker
assert "[treeopen] %s." % fd["scope"] in g, "the save file does not open " + fd["scope"]
traces = [l for l in g if l and l[0] not in "[*@-^"]
filters = [l.split(None, 1)[1] for l in g if l.startswith("^")]
bad = [t for t in traces if t not in names]
assert not bad, "traces not in the dump: %s" % bad[:5]
for f in filters:
    assert not f.startswith("/"), "absolute filter path " + f
    assert os.path.isfile(os.path.join(gdir, f)), "filter %s does not resolve from %s" % (f, gdir)
assert traces[0].startswith(fd["scope"] + "."), "the first trace is not the diverging unit's"
assert len(traces) == w["gtkw_traces"] and w["gtkw_missing"] == 0, "traces %d / missing %d" % (len(traces), w["gtkw_missing"])
print("files ok: %s: scopes %s, times %d..%d, marker %s, %d traces (first %s), %d filters, "
      "first divergence cycle %d %s C %s RTL %s" % (os.path.basename(jp), " ".join(tops), times[0],
      times[-1], marker, len(traces), traces[0], len(filters), fd["cycle"], fd["field"],
      fd["expected"], fd["got"]))
PY
}

# same_divergence A.json B.json: the same first divergence (cycle, run, kind, field, values)
same_divergence() {
    python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p))["first_divergence"] for p in sys.argv[1:3])
keys = ("cycle", "run", "kind", "unit", "field", "expected", "got")
d = [k for k in keys if a[k] != b[k]]
print("replay: cycle %d %s C %s RTL %s; original: cycle %d %s" % (b["cycle"], b["field"],
      b["expected"], b["got"], a["cycle"], a["field"]))
sys.exit(1 if d else 0)
PY
}

# replay LOG JSON DIR: run the printed replay line (as printed, with --out DIR), exit 1 and the
# same divergence
replay() {
    local log=$1 json=$2 dir=$3 line rc
    line=$(sed -n 's/^  replay    //p' "$log" | tail -n 1)
    [ -n "$line" ] || die "no replay line"
    python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1]))["replay"] != sys.argv[2])' \
        "$json" "$line" || die "the JSON's replay differs from the printed one"
    echo "replay line: $line"
    eval "$line --out $dir" > "$dir.log" 2>&1
    rc=$?
    [ $rc -eq 1 ] || { cat "$dir.log"; die "the replay exited $rc, not 1"; }
    same_divergence "$json" "$dir/$(basename "$json")" || die "the replay diverged elsewhere"
}

case $MODE in
system)
    build_mutant
    d=$OUT/system
    rm -rf "$d" "$d-replay"
    # every option the replay must carry differs from its default
    "$G" cosim system --rtl-dir "$MUT" --seed 3 --req-delay 2:7 --rsp-delay 1:5 --mem-lat 4:25 \
        --param pred_init=60 --traffic events --active-wf 750 --cycles 5000 --window 10 \
        --out "$d" --quiet > "$d.log" 2>&1
    rc=$?
    grep -E '^(MISMATCH|FAIL|  [a-z ]+:? )' "$d.log"
    [ $rc -eq 1 ] || die "a diverging run exited $rc, not 1"
    json=$d/system-tc-weak-seed3-fail.json
    grep -q '^  first divergence: cycle ' "$d.log" || die "no first divergence line"
    grep -q "^  view      gtkwave $d/system-tc-weak-seed3-fail.fst $d/system-tc-weak-seed3-fail.gtkw" \
        "$d.log" || die "no view line"
    check_files "$json"
    line=$(sed -n 's/^  replay    //p' "$d.log")
    for o in "--rtl-dir $PWD/$MUT" "--seed 3" "--req-delay 2:7" "--rsp-delay 1:5" \
        "--mem-lat 4:25" "--param pred_init=60" "--param l2_mshrs=4" "--param protocol=tc-weak" \
        "--traffic events" "--active-wf 750"; do
        case " $line " in *" $o "*) ;; *) die "the replay line lacks '$o'" ;; esac
    done
    replay "$d.log" "$json" "$d-replay"
    # the window starts mid-run: cycles before it are not in the dump
    python3 -c 'import json,sys; w=json.load(open(sys.argv[1]))["wave"]; sys.exit(w["from_cycle"] == 0)' \
        "$json" || die "the window of 10 cycles starts at cycle 0"
    ;;
episode)
    build_mutant
    d=$OUT/episode
    rm -rf "$d" "$d-replay"
    "$G" episode --impl lockstep --rtl-dir "$MUT" --seed 4 --req-delay 1:4 --out "$d" --quiet \
        > "$d.log" 2>&1
    rc=$?
    cat "$d.log"
    [ $rc -eq 1 ] || die "a diverging episode run exited $rc, not 1"
    check_files "$d/episode-tc-weak-seed4-fail.json"
    replay "$d.log" "$d/episode-tc-weak-seed4-fail.json" "$d-replay"
    ;;
litmus)
    build_mutant
    d=$OUT/litmus
    rm -rf "$d" "$d-replay"
    "$G" litmus litmus/MP+relacq.gpu.litmus --impl lockstep --rtl-dir "$MUT" --runs 200 --seed 5 \
        --out "$d" --quiet > "$d.log" 2>&1
    rc=$?
    grep -v '^MISMATCH' "$d.log"
    [ $rc -eq 1 ] || die "a diverging litmus run exited $rc, not 1"
    json=$(ls "$d"/litmus-*-fail.json | head -n 1)
    [ -n "$json" ] || die "no litmus failure JSON"
    check_files "$json"
    python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1]))["first_divergence"]["run"] == 0)' \
        "$json" || die "expected a divergence after the first run (a shared backend)"
    grep -q -- ' --run [0-9]' <(sed -n 's/^  replay    //p' "$d.log") || die "no --run in the replay"
    replay "$d.log" "$json" "$d-replay"
    ;;
filters)
    python3 - <<'PY' || die "a filter disagrees with rtl/tc/tc_pkg.sv / gpucoh_atom_pkg.sv"
import re, sys
# tc_aop_e: the atomic codes TC shares with GPU, in rtl/gpucoh_atom_pkg.sv (aop_e)
pkg = open("rtl/tc/tc_pkg.sv").read() + open("rtl/gpucoh_atom_pkg.sv").read()
enums = {}
for body, name in re.findall(r"typedef enum logic \[[^\]]*\] \{(.*?)\} (\w+);", pkg, re.S):
    enums[name] = [int(v) for v in re.findall(r"\w+\s*=\s*\d+'d(\d+)", body)]
enums["tc_aop_e"] = enums["aop_e"]
files = {"tc_l1_st.txt": "tc_l1_st_e", "tc_l2_st.txt": "tc_l2_st_e", "tc_mshr_kind.txt":
         "tc_mshr_kind_e", "tc_op.txt": "tc_op_e", "tc_aop.txt": "tc_aop_e", "tc_req_kind.txt":
         "tc_req_kind_e", "tc_rsp_kind.txt": "tc_rsp_kind_e", "tc_crsp_kind.txt": "tc_crsp_kind_e"}
names = {"tc_l1_st_e": ["I", "V", "V_M", "I_V", "I_I"], "tc_l2_st_e": ["I", "P", "S", "E", "I_S", "I_M"],
         "tc_mshr_kind_e": ["I_S", "I_M", "M_I"], "tc_op_e": ["NONE", "LOAD", "STORE", "ATOMIC"],
         "tc_aop_e": ["ADD", "EXCH", "CAS"], "tc_req_kind_e": ["NONE", "GETS", "GETX", "UPGR", "ATOMIC"],
         "tc_rsp_kind_e": ["NONE", "DATA", "DATA_G", "ACK", "ACK_G"], "tc_crsp_kind_e": ["NONE", "LOAD", "ATOMIC"]}
for f, e in files.items():
    rows = [l.split() for l in open("waves/filters/" + f) if l.strip() and not l.startswith("#")]
    m = {int(v, 16): n for v, n in rows}
    vals = enums[e]
    assert vals == list(range(len(vals))), e
    for v, n in zip(vals, names[e]):
        assert m.get(v) == n, "%s: %x is %s, %s says %s" % (f, v, n, e, m.get(v))
    print("%s: %s" % (f, " ".join("%x=%s" % (v, m[v]) for v in sorted(m))))
PY
    ;;
gpu)
    build_gpu_mutant
    d=$OUT/gpu
    rm -rf "$d" "$d-replay"
    "$G" cosim system --protocol gpu-d --rtl-dir "$GMUT" --seed 3 --req-delay 2:7 --rsp-delay 1:5 \
        --mem-lat 4:25 --param sb_idle=40 --cycles 20000 --window 10 --out "$d" --quiet > "$d.log" 2>&1
    rc=$?
    grep -E '^(FAIL|  [a-z ]+:? )' "$d.log"
    [ $rc -eq 1 ] || die "a diverging GPU run exited $rc, not 1"
    json=$d/system-gpu-d-seed3-fail.json
    grep -q "^  view      gtkwave $d/system-gpu-d-seed3-fail.fst $d/system-gpu-d-seed3-fail.gtkw" \
        "$d.log" || die "no view line"
    check_files "$json"
    # the GPU view: the diverging register red and first, named groups, the filters of ops and kinds
    python3 - "$json" <<'PY' || exit 1
import json, sys
j = json.load(open(sys.argv[1]))
g = open(j["wave"]["gtkw"]).read().splitlines()
traces = [l for l in g if l and l[0] not in "[*@-^"]
assert g[g.index(traces[0]) - 1] == "[color] 1", "the first trace is not red"
groups = [l[1:] for l in g if l.startswith("-") and " " in l]
for f in ("gpu_op.txt", "gpu_req_kind.txt", "gpu_rsp_kind.txt", "gpu_aop.txt"):
    assert any(l.startswith("^") and l.endswith(f) for l in g), "no filter " + f
assert any("fcur_q" in t for t in traces) and any("sb_q" in t for t in traces), "no fence state"
print("gpu view ok: first trace %s (red), %d traces, groups: %s" % (traces[0], len(traces),
      "; ".join(dict.fromkeys(groups))))
PY
    line=$(sed -n 's/^  replay    //p' "$d.log")
    for o in "--protocol gpu-d" "--rtl-dir $PWD/$GMUT" "--seed 3" "--req-delay 2:7" \
        "--rsp-delay 1:5" "--mem-lat 4:25" "--param sb_idle=40"; do
        case " $line " in *" $o "*) ;; *) die "the replay line lacks '$o'" ;; esac
    done
    replay "$d.log" "$json" "$d-replay"
    ;;
gpu-filters)
    python3 - <<'PY' || die "a filter disagrees with the GPU RTL or C model"
import re
pkg = open("rtl/gpu/gpu_pkg.sv").read()
atom = open("rtl/gpucoh_atom_pkg.sv").read()
def ei(src, prefix):  # the enum items prefix<Name> = W'dV of a package
    return {m[0][len(prefix):].upper(): int(m[1]) for m in
            re.findall(r"\b(%s[A-Z]\w*)\s*=\s*\d+'d(\d+)" % prefix, src)}
def cenum(path, prefix):
    src = open(path).read()
    return {m[0]: int(m[1]) for m in re.findall(r"%s([A-Z]+)\s*=\s*(\d+)\b" % prefix, src)}
# filter -> [the package's enum items, C enum]
checks = {
    "gpu_op.txt": [ei(pkg, "GpuOp"), cenum("cmodel/gpu/gpu_types.h", "GPU_OP_")],
    "gpu_req_kind.txt": [ei(pkg, "GpuReq"), cenum("cmodel/gpu/gpu_types.h", "GPU_REQ_")],
    "gpu_rsp_kind.txt": [ei(pkg, "GpuRsp"), cenum("cmodel/gpu/gpu_types.h", "GPU_RSP_")],
    "gpu_peer_kind.txt": [ei(pkg, "GpuPeer"), cenum("cmodel/gpu/gpu_types.h", "GPU_PEER_")],
    "gpu_crsp_kind.txt": [ei(pkg, "GpuCrsp"), cenum("cmodel/gpu/gpu_types.h", "GPU_CRSP_")],
    "gpu_aop.txt": [ei(atom, "Aop"), cenum("cmodel/gpu/gpu_types.h", "GPU_AOP_")],
    "gpu_l2_st.txt": [ei(pkg, "GpuL2St"), cenum("cmodel/gpu/gpu_l2.h", "GPU_L2_")],
}
for f, srcs in checks.items():
    rows = [l.split() for l in open("waves/filters/" + f) if l.strip() and not l.startswith("#")]
    m = {int(v, 16): n for v, n in rows}
    assert sorted(m) == list(range(len(m))), f + ": values not 0..N-1"
    n = 0
    for src in srcs:
        assert src, f + ": no enum found"
        for name, v in src.items():
            assert m.get(v) == name, "%s: %x is %s, the source says %s" % (f, v, m.get(v), name)
            n += 1
    print("%s: %s (%d source names agree)" % (f, " ".join("%x=%s" % (v, m[v]) for v in sorted(m)), n))
PY
    ;;
denovo)
    build_denovo_mutant
    d=$OUT/denovo
    rm -rf "$d" "$d-replay"
    "$G" cosim system --protocol denovo-d --rtl-dir "$DMUT" --seed 3 --req-delay 2:7 \
        --rsp-delay 1:5 --mem-lat 4:25 --param sb_idle=40 --cycles 20000 --window 10 --out "$d" \
        --quiet > "$d.log" 2>&1
    rc=$?
    grep -E '^(FAIL|  [a-z ]+:? )' "$d.log"
    [ $rc -eq 1 ] || die "a diverging DeNovo run exited $rc, not 1"
    json=$d/system-denovo-d-seed3-fail.json
    grep -q "^  view      gtkwave $d/system-denovo-d-seed3-fail.fst $d/system-denovo-d-seed3-fail.gtkw" \
        "$d.log" || die "no view line"
    check_files "$json"
    # the DeNovo view: the register of the diverging field red and first, the filters of ops,
    # message kinds, MSHR kinds and word states, the MSHRs, write-back buffer and fences
    python3 - "$json" <<'PY' || exit 1
import json, re, sys
j = json.load(open(sys.argv[1]))
fd, p = j["first_divergence"], j["params"]
g = open(j["wave"]["gtkw"]).read().splitlines()
traces = [l for l in g if l and l[0] not in "[*@-^"]
i0 = g.index(traces[0])
assert g[i0 - 2] == "[color] 1" or g[i0 - 1] == "[color] 1", "the first trace is not red"
red = [g[k + 1] if g[k + 1][0] != "^" else g[k + 2] for k in range(len(g) - 1) if g[k] == "[color] 1"]
assert set(red) == {traces[0]}, "red traces: %s" % red
m = re.match(r"sm\[(\d+)\]\.l1\.set\[(\d+)\]\.way\[(\d+)\]\.st$", fd["field"])
assert m, "the mutant diverged on %s, not an L1 line's word states" % fd["field"]
line = int(m[2]) * p["l1_ways"] + int(m[3])
want = "sm%s_l1.denovo_l1.st_q[%d][%d:0]" % (m[1], line, 2 * p["line"] // 4 - 1)
assert traces[0] == want, "first trace %s, the diverging register is %s" % (traces[0], want)
if p["line"] == 16:
    assert g[i0 - 1].endswith("/denovo_l1_st.txt"), "the word states are not translated"
groups = [l[1:] for l in g if l.startswith("-") and " " in l]
for f in ("denovo_op.txt", "denovo_msg_kind.txt", "denovo_l1_mv.txt", "denovo_crsp_kind.txt",
          "denovo_aop.txt"):
    assert any(l.startswith("^") and l.endswith("/" + f) for l in g), "no filter " + f
for r in ("mv_q[0]", "wbv_q", "fcur_q", "sb_q[0]", "in_kind_i", "peer_kind_o", "wb_kind_o"):
    assert any(t.startswith(fd["scope"] + ".denovo_l1." + r) for t in traces), "no " + r
print("denovo view ok: first trace %s (red, %s), %d traces, groups: %s" % (traces[0],
      g[i0 - 1].split("/")[-1], len(traces), "; ".join(dict.fromkeys(groups))))
PY
    line=$(sed -n 's/^  replay    //p' "$d.log")
    for o in "--protocol denovo-d" "--rtl-dir $PWD/$DMUT" "--seed 3" "--req-delay 2:7" \
        "--rsp-delay 1:5" "--mem-lat 4:25" "--param sb_idle=40"; do
        case " $line " in *" $o "*) ;; *) die "the replay line lacks '$o'" ;; esac
    done
    replay "$d.log" "$json" "$d-replay"
    ;;
denovo-filters)
    python3 - <<'PY' || die "a filter disagrees with the DeNovo RTL or C model"
import re
pkg = open("rtl/denovo/denovo_pkg.sv").read()
atom = open("rtl/gpucoh_atom_pkg.sv").read()
l1sv = open("rtl/denovo/denovo_l1.sv").read()
def ei(src, prefix, items=r"[A-Z]\w*"):  # the items prefix<Name> = W'dV of a package
    return {m[0][len(prefix):].upper(): int(m[1]) for m in
            re.findall(r"\b(%s%s)\s*=\s*\d+'d(\d+)" % (prefix, items), src)}
def cenum(path, prefix):
    src = open(path).read()
    return {m[0]: int(m[1]) for m in re.findall(r"\b%s([A-Z]+)\s*=\s*(\d+)\b" % prefix, src)}
T = "cmodel/denovo/denovo_types.h"
# filter -> [the RTL's enum items, C enum]
checks = {
    "denovo_op.txt": [ei(pkg, "DnOp"), cenum(T, "DENOVO_OP_")],
    "denovo_msg_kind.txt": [ei(pkg, "DnMsg"), cenum(T, "DENOVO_MSG_")],
    "denovo_crsp_kind.txt": [ei(pkg, "DnCrsp"), cenum(T, "DENOVO_CRSP_")],
    "denovo_aop.txt": [ei(atom, "Aop"), cenum(T, "DENOVO_AOP_")],
    "denovo_l2_st.txt": [ei(pkg, "DnL2St"), cenum(T, "DENOVO_L2_")],
    "denovo_l1_mv.txt": [ei(l1sv, "M", "(?:Free|Gets|Reg|Drain)"),
                         cenum("cmodel/denovo/denovo_l1.h", "DENOVO_MV_")],
}
def rows(f):
    r = [l.split() for l in open("waves/filters/" + f) if l.strip() and not l.startswith("#")]
    assert all(len(x) == 2 for x in r), f + ": a row is not 'value name'"
    m = {int(v, 16): n for v, n in r}
    assert len(m) == len(r) and sorted(m) == list(range(len(m))), f + ": values not 0..N-1"
    return m
for f, srcs in checks.items():
    m = rows(f)
    n = 0
    for src in srcs:
        assert src, f + ": no enum found"
        for name, v in src.items():
            assert m.get(v) == name, "%s: %x is %s, the source says %s" % (f, v, m.get(v), name)
            n += 1
    print("%s: %s (%d source names agree)" % (f, " ".join("%x=%s" % (v, m[v]) for v in sorted(m)), n))
# the word states: denovo_word_st_e and denovo_word_st_t agree, and denovo_l1_st.txt names the
# 4 words of every 8-bit st_q value, word 3 first
w_rtl, w_c = ei(pkg, "DnW"), cenum(T, "DENOVO_W_")
assert w_rtl and w_rtl == w_c, "word states: RTL %s, C %s" % (w_rtl, w_c)
name = {v: k for k, v in w_rtl.items()}
m = rows("denovo_l1_st.txt")
assert len(m) == 256, "denovo_l1_st.txt: %d values, not 256" % len(m)
for v, s in m.items():
    want = ".".join(name[(v >> (2 * w)) & 3] for w in (3, 2, 1, 0))
    assert s == want, "denovo_l1_st.txt: %02x is %s, the word states say %s" % (v, s, want)
import glob, os
have = {os.path.basename(f) for f in glob.glob("waves/filters/denovo_*.txt")}
assert have == set(checks) | {"denovo_l1_st.txt"}, "filters not checked: %s" % (have - set(checks) - {"denovo_l1_st.txt"})
print("denovo_l1_st.txt: 256 values, word states %s (RTL and C agree); e.g. 08=%s 96=%s" % (
      " ".join("%d=%s" % (v, name[v]) for v in sorted(name)), m[8], m[0x96]))
PY
    ;;
hlrc)
    build_hlrc_mutant
    d=$OUT/hlrc
    rm -rf "$d" "$d-replay"
    "$G" cosim system --protocol hlrc --rtl-dir "$HMUT" --seed 3 --req-delay 2:7 \
        --rsp-delay 1:5 --mem-lat 4:25 --param sb_idle=40 --cycles 20000 --window 10 --out "$d" \
        --quiet > "$d.log" 2>&1
    rc=$?
    grep -E '^(FAIL|  [a-z ]+:? )' "$d.log"
    [ $rc -eq 1 ] || die "a diverging hLRC run exited $rc, not 1"
    json=$d/system-hlrc-seed3-fail.json
    grep -q "^  view      gtkwave $d/system-hlrc-seed3-fail.fst $d/system-hlrc-seed3-fail.gtkw" \
        "$d.log" || die "no view line"
    check_files "$json"
    # the hLRC view: the register of the diverging field (the L1's packed stale bits) red and
    # first, the filters of ops, message kinds, core-response kinds, atomic ops and the L1's
    # phases, the store buffer, fences, registration and revoke queue
    python3 - "$json" <<'PY' || exit 1
import json, re, sys
j = json.load(open(sys.argv[1]))
fd, p = j["first_divergence"], j["params"]
g = open(j["wave"]["gtkw"]).read().splitlines()
traces = [l for l in g if l and l[0] not in "[*@-^"]
i0 = g.index(traces[0])
assert g[i0 - 2] == "[color] 1" or g[i0 - 1] == "[color] 1", "the first trace is not red"
red = [g[k + 1] if g[k + 1][0] != "^" else g[k + 2] for k in range(len(g) - 1) if g[k] == "[color] 1"]
assert set(red) == {traces[0]}, "red traces: %s" % red
m = re.match(r"sm\[(\d+)\]\.l1\.set\[(\d+)\]\.way\[(\d+)\]\.stale$", fd["field"])
assert m, "the mutant diverged on %s, not an L1 line's stale bit" % fd["field"]
lines = p["l1_sets"] * p["l1_ways"]
want = "sm%s_l1.hlrc_l1.stale_q[%d:0]" % (m[1], lines - 1)
assert traces[0] == want, "first trace %s, the diverging register is %s" % (traces[0], want)
line = int(m[2]) * p["l1_ways"] + int(m[3])
assert "-%s line %d: set %s way %s" % (fd["scope"], line, m[2], m[3]) in g, "no group of line %d" % line
groups = [l[1:] for l in g if l.startswith("-") and " " in l]
for f in ("hlrc_op.txt", "hlrc_msg_kind.txt", "hlrc_crsp_kind.txt", "hlrc_aop.txt", "hlrc_hph.txt",
          "hlrc_evs.txt", "hlrc_rvp.txt"):
    assert any(l.startswith("^") and l.endswith("/" + f) for l in g), "no filter " + f
for r in ("st_q", "pend_q", "tag_q[%d]" % line, "u_fifo.cnt_q", "fcur_q", "sb_q[0]", "rvp_q[0]",
          "evs_q", "rsp_kind_i", "sync_kind_o", "wb_kind_o"):
    assert any(t.startswith(fd["scope"] + ".hlrc_l1." + r) for t in traces), "no " + r
assert any(t.startswith("bank0_l2.hlrc_l2.sync_ready_o") for t in traces), "no bank handshakes"
print("hlrc view ok: first trace %s (red), %d traces, groups: %s" % (traces[0], len(traces),
      "; ".join(dict.fromkeys(groups))))
PY
    line=$(sed -n 's/^  replay    //p' "$d.log")
    for o in "--protocol hlrc" "--rtl-dir $PWD/$HMUT" "--seed 3" "--req-delay 2:7" \
        "--rsp-delay 1:5" "--mem-lat 4:25" "--param sb_idle=40"; do
        case " $line " in *" $o "*) ;; *) die "the replay line lacks '$o'" ;; esac
    done
    replay "$d.log" "$json" "$d-replay"
    ;;
hlrc-filters)
    python3 - <<'PY' || die "a filter disagrees with the hLRC RTL or C model"
import glob, os, re
pkg = open("rtl/hlrc/hlrc_pkg.sv").read()
atom = open("rtl/gpucoh_atom_pkg.sv").read()
def ei(src, prefix):  # the items prefix<Name> = W'dV of a package
    return {m[0][len(prefix):].upper(): int(m[1]) for m in
            re.findall(r"\b(%s[A-Z]\w*)\s*=\s*\d+'d(\d+)" % prefix, src)}
def cenum(path, prefix):
    src = open(path).read()
    return {m[0]: int(m[1]) for m in re.findall(r"\b%s([A-Z]+)\s*=\s*(\d+)\b" % prefix, src)}
T = "cmodel/hlrc/hlrc_types.h"
# filter -> [the RTL's enum items, C enum]; aop: the shared codes and the family's AopNone
checks = {
    "hlrc_op.txt": [ei(pkg, "HlOp"), cenum(T, "HLRC_OP_")],
    "hlrc_msg_kind.txt": [ei(pkg, "HlMsg"), cenum(T, "HLRC_MSG_")],
    "hlrc_crsp_kind.txt": [ei(pkg, "HlCrsp"), cenum(T, "HLRC_CRSP_")],
    "hlrc_aop.txt": [ei(atom, "Aop"), ei(pkg, "Aop"), cenum(T, "HLRC_AOP_")],
    "hlrc_l2_st.txt": [ei(pkg, "HlL2St"), cenum(T, "HLRC_L2_")],
    "hlrc_hph.txt": [ei(pkg, "HlHph"), cenum(T, "HLRC_HPH_")],
    "hlrc_evs.txt": [ei(pkg, "HlEvs"), cenum(T, "HLRC_EVS_")],
    "hlrc_rvp.txt": [ei(pkg, "HlRvp"), cenum(T, "HLRC_RVP_")],
}
for f, srcs in checks.items():
    r = [l.split() for l in open("waves/filters/" + f) if l.strip() and not l.startswith("#")]
    assert all(len(x) == 2 for x in r), f + ": a row is not 'value name'"
    m = {int(v, 16): n for v, n in r}
    assert len(m) == len(r) and sorted(m) == list(range(len(m))), f + ": values not 0..N-1"
    n = 0
    for src in srcs:
        assert src, f + ": no enum found"
        for name, v in src.items():
            assert m.get(v) == name, "%s: %x is %s, the source says %s" % (f, v, m.get(v), name)
            n += 1
    print("%s: %s (%d source names agree)" % (f, " ".join("%x=%s" % (v, m[v]) for v in sorted(m)), n))
have = {os.path.basename(f) for f in glob.glob("waves/filters/hlrc_*.txt")}
assert have == set(checks), "filters not checked: %s" % (have - set(checks))
PY
    ;;
gtsc)
    build_gtsc_mutant
    d=$OUT/gtsc
    rm -rf "$d" "$d-replay"
    "$G" cosim system --protocol gtsc --rtl-dir "$TMUT" --seed 3 --req-delay 2:7 \
        --rsp-delay 1:5 --mem-lat 4:25 --cycles 20000 --window 10 --out "$d" \
        --quiet > "$d.log" 2>&1
    rc=$?
    grep -E '^(FAIL|  [a-z ]+:? )' "$d.log"
    [ $rc -eq 1 ] || die "a diverging G-TSC run exited $rc, not 1"
    json=$d/system-gtsc-seed3-fail.json
    grep -q "^  view      gtkwave $d/system-gtsc-seed3-fail.fst $d/system-gtsc-seed3-fail.gtkw" \
        "$d.log" || die "no view line"
    check_files "$json"
    # the G-TSC view: the diverging port red and first (a timestamp in unsigned decimal), the
    # groups of gtsc.md section 14, the lines' wts / rts in decimal, the filters of the unit
    python3 - "$json" <<'PY' || exit 1
import json, re, sys
j = json.load(open(sys.argv[1]))
fd = j["first_divergence"]
g = open(j["wave"]["gtkw"]).read().splitlines()
traces = [l for l in g if l and l[0] not in "[*@-^"]
fmt, flags = {}, None
for l in g:  # the flags in force at each trace (@hex: 0x04 decimal, 0x02 hex, 0x2000 filter)
    if l.startswith("@"):
        flags = int(l[1:], 16)
    elif l in traces:
        fmt.setdefault(l, flags)
i0 = g.index(traces[0])
assert "[color] 1" in g[i0 - 3:i0], "the first trace is not red"
red = [g[k + 1] if g[k + 1][0] != "^" else g[k + 2] for k in range(len(g) - 1) if g[k] == "[color] 1"]
assert set(red) == {traces[0]}, "red traces: %s" % red
unit = fd["scope"].split("_")[1]
mod = "gtsc_" + unit
port = re.sub(r"\[.*", "", fd["field"].split(".")[-1])
want = "%s.%s.%s" % (fd["scope"], mod, port)
assert traces[0].startswith(want), "first trace %s, the diverging port is %s" % (traces[0], want)
if re.search(r"_(wts|rts|warp_ts)_[io]$", port):
    assert fmt[traces[0]] & 0x04 and not fmt[traces[0]] & 0x02, "the red timestamp is not decimal"
groups = [l[1:] for l in g if l.startswith("-") and " " in l]
names = ["core", "req", "rsp", "timestamps", "MSHR", "overflow"] if unit == "l1" else \
        ["req", "rsp", "DRAM", "timestamps", "MSHR", "overflow"]
for n in names:
    assert "%s %s" % (fd["scope"], n) in groups, "no group %s %s" % (fd["scope"], n)
p = "%s.%s." % (fd["scope"], mod)
dec = ["wts_q[0]", "rts_q[0]", "ep_q"] + (["warp_ts_q"] if unit == "l1" else ["mem_ts_q", "mwts_q[0]"])
for r in dec:
    t = [x for x in traces if x.startswith(p + r)]
    assert t and fmt[t[0]] & 0x04 and not fmt[t[0]] & 0x2002, "%s not in unsigned decimal" % r
fl = ["gtsc_req_kind.txt", "gtsc_rsp_kind.txt", "gtsc_aop.txt", "gtsc_op.txt", "gtsc_crsp_kind.txt"]
fl += ["gtsc_l1_st.txt", "gtsc_mk.txt"] if unit == "l1" else ["gtsc_l2_st.txt"]
for f in fl:
    assert any(l.startswith("^") and l.endswith("/" + f) for l in g), "no filter " + f
assert any(t.startswith("ovf.gtsc_ovf.tsrst_o") for t in traces), "no overflow unit"
print("gtsc view ok: first trace %s (red), %d traces, groups: %s" % (traces[0], len(traces),
      "; ".join(dict.fromkeys(groups))))
PY
    line=$(sed -n 's/^  replay    //p' "$d.log")
    for o in "--protocol gtsc" "--rtl-dir $PWD/$TMUT" "--seed 3" "--req-delay 2:7" \
        "--rsp-delay 1:5" "--mem-lat 4:25"; do
        case " $line " in *" $o "*) ;; *) die "the replay line lacks '$o'" ;; esac
    done
    replay "$d.log" "$json" "$d-replay"
    ;;
gtsc-filters)
    python3 - <<'PY' || die "a filter disagrees with the G-TSC RTL or C model"
import glob, os, re
pkg = open("rtl/gtsc/gtsc_pkg.sv").read()
atom = open("rtl/gpucoh_atom_pkg.sv").read()
def ei(src, prefix):  # the items prefix<Name> = W'dV of a package
    return {m[0][len(prefix):].upper(): int(m[1]) for m in
            re.findall(r"\b(%s[A-Z]\w*)\s*=\s*\d+'d(\d+)" % prefix, src)}
def cenum(path, prefix):
    src = open(path).read()
    return {m[0]: int(m[1]) for m in re.findall(r"\b%s([A-Z]+)\s*=\s*(\d+)\b" % prefix, src)}
T = "cmodel/gtsc/gtsc_types.h"
checks = {
    "gtsc_op.txt": [ei(pkg, "GtOp"), cenum(T, "GTSC_OP_")],
    "gtsc_crsp_kind.txt": [ei(pkg, "GtCrsp"), cenum(T, "GTSC_CRSP_")],
    "gtsc_req_kind.txt": [ei(pkg, "GtReq"), cenum(T, "GTSC_REQ_")],
    "gtsc_rsp_kind.txt": [ei(pkg, "GtRsp"), cenum(T, "GTSC_RSP_")],
    "gtsc_l1_st.txt": [ei(pkg, "GtL1St"), cenum(T, "GTSC_L1_")],
    "gtsc_mk.txt": [ei(pkg, "GtMk"), cenum(T, "GTSC_MK_")],
    "gtsc_l2_st.txt": [ei(pkg, "GtL2St"), cenum(T, "GTSC_L2_")],
    "gtsc_aop.txt": [ei(atom, "Aop"), cenum(T, "GTSC_AOP_")],
}
for f, srcs in checks.items():
    r = [l.split() for l in open("waves/filters/" + f) if l.strip() and not l.startswith("#")]
    assert all(len(x) == 2 for x in r), f + ": a row is not 'value name'"
    m = {int(v, 16): n for v, n in r}
    assert len(m) == len(r) and sorted(m) == list(range(len(m))), f + ": values not 0..N-1"
    n = 0
    for src in srcs:
        assert src, f + ": no enum found"
        for name, v in src.items():
            assert m.get(v) == name, "%s: %x is %s, the source says %s" % (f, v, m.get(v), name)
            n += 1
    print("%s: %s (%d source names agree)" % (f, " ".join("%x=%s" % (v, m[v]) for v in sorted(m)), n))
have = {os.path.basename(f) for f in glob.glob("waves/filters/gtsc_*.txt")}
assert have == set(checks), "filters not checked: %s" % (have - set(checks))
PY
    ;;
*) echo "unknown mode $MODE; $USAGE" >&2; exit 2 ;;
esac
echo "PASS $MODE"
