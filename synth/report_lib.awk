# SPDX-License-Identifier: Apache-2.0
#
# synth/report_lib.awk -- the functions and the result reader the area reports share
# (synth/report_tc.sh, report_gpu.sh, report_denovo.sh, report_hlrc.sh, report_gtsc.sh): run as
# `awk -v prog=NAME -v fam=FAMILY -f synth/report_lib.awk -f REPORT`. Reads
# synth/results/<fam>_<point>.area.txt files into V[point, key] (the first value of each key),
# PTS[1..NPTS] (the points in argument order) and RTL[point, i] (its rtl_sha256 lines). Macro
# areas need CELL, PERIPH, FIXED set (from a result's sram_* lines) by the report.
# ---- helpers ---------------------------------------------------------------------------------
function commas(x, d,    s, neg, ip, fp, out) {
  if (x == "NA" || x == "") return "n/a"
  neg = (x < 0); if (neg) x = -x
  s = sprintf("%." d "f", x); ip = s; fp = ""
  if (index(s, ".")) { ip = substr(s, 1, index(s, ".") - 1); fp = substr(s, index(s, ".")) }
  out = ""
  while (length(ip) > 3) { out = "," substr(ip, length(ip) - 2) out; ip = substr(ip, 1, length(ip) - 3) }
  return (neg && (ip out fp) ~ /[1-9]/ ? "-" : "") ip out fp
}
function pct(a, b) { return sprintf("%+.1f %%", 100 * a / b) }
function sgn(x) { return (x < 0 ? "− " (-x) : "+ " x) }
function clog2(v,    n) { n = 0; while (2 ^ n < v) n++; return n }
function pget(p, k, def,    n, i, kv, a) {
  n = split(p, kv, " ")
  for (i = 1; i <= n; i++) { split(kv[i], a, "="); if (a[1] == k) return a[2] + 0 }
  return def
}
function has(p) { return (p SUBSEP "area_um2") in V }
function g(p, k) { if (!((p SUBSEP k) in V)) { print prog ": error: " p " has no " k > "/dev/stderr"; exit 1 } return V[p, k] }
function logic(p) { return g(p, "area_um2") - g(p, "ff_area_um2") }
# fmax with the I/O budget of synth/synth.sh and the path class that sets it ("111.0 (in→reg)"),
# or "—" for a result from before the budget (docs/area-method.md "Timing")
function fmaxio(p,    c) {
  if (!((p SUBSEP "fmax_io_mhz") in V)) return "—"
  c = V[p, "io_limit_class"]
  c = (c == "rr" ? "reg→reg" : c == "ir" ? "in→reg" : c == "ro" ? "reg→out" : c == "io" ? "in→out" : c)
  return V[p, "fmax_io_mhz"] " (" c ")"
}
function macro(bits) { return bits * CELL * (1 + PERIPH) + FIXED }   # area-method.md §4, 1 port
# timing_rows(spec): one timing_row per "LABEL|point,point,...", the rows separated by ";"
function timing_rows(spec,    n, i, L, pp) {
  n = split(spec, L, ";")
  for (i = 1; i <= n; i++) {
    split(L[i], pp, "|")
    timing_row(pp[1], pp[2])
  }
}
# one row of a timing table: "| label | points | fmax → ... | worst paths | fmax w/ I/O budget → ... |
# worst paths w/ I/O budget |" over the comma-separated points that have results
function timing_row(label, list,    k, q, j, cnt, fm, cp, fi, ci, e, seen, seeni) {
  k = split(list, q, ","); cnt = 0; fm = cp = fi = ci = ""
  for (j = 1; j <= k; j++) if (has(q[j])) {
    cnt++; fm = fm (fm == "" ? "" : " → ") g(q[j], "fmax_mhz")
    e = g(q[j], "crit_path_from"); gsub(/\[[0-9]+\]/, "[i]", e)
    if (!(e in seen)) { seen[e] = 1; cp = cp (cp == "" ? "" : "; ") "`" e "`" }
    fi = fi (fi == "" ? "" : " → ") ((q[j] SUBSEP "fmax_io_mhz") in V ? V[q[j], "fmax_io_mhz"] : "—")
    e = ((q[j] SUBSEP "crit_path_io_from") in V ? V[q[j], "crit_path_io_from"] : ""); gsub(/\[[0-9]+\]/, "[i]", e)
    if (e != "" && !(e in seeni)) { seeni[e] = 1; ci = ci (ci == "" ? "" : "; ") "`" e "`" }
  }
  printf "| %s | %d | %s | %s | %s | %s |\n", label, cnt, fm, cp, fi, (ci == "" ? "—" : ci)
}
function timing_head() {
  print "| unit | points | fmax MHz (points in the order of table 1) | worst paths (start -> end) | fmax w/ I/O budget MHz | worst paths w/ I/O budget |"
  print "|---|--:|---|---|---|---|"
}
# least squares y = a + b x over the points P[1..n] (xs in X[], ys in Y[])
function fit1(n,    i, mx, my, sxx, sxy) {
  mx = 0; my = 0
  for (i = 1; i <= n; i++) { mx += X[i]; my += Y[i] }
  mx /= n; my /= n; sxx = 0; sxy = 0
  for (i = 1; i <= n; i++) { sxx += (X[i] - mx) ^ 2; sxy += (X[i] - mx) * (Y[i] - my) }
  FB = sxy / sxx; FA = my - FB * mx
}
# least squares y = a + b x + c z (normal equations, Cramer)
function det3(a11, a12, a13, a21, a22, a23, a31, a32, a33) {
  return a11 * (a22 * a33 - a23 * a32) - a12 * (a21 * a33 - a23 * a31) + a13 * (a21 * a32 - a22 * a31)
}
function fit2(n,    i, s1, sx, sz, sxx, sxz, szz, sy, sxy, szy, d) {
  s1 = n; sx = sz = sxx = sxz = szz = sy = sxy = szy = 0
  for (i = 1; i <= n; i++) {
    sx += X[i]; sz += Z[i]; sxx += X[i] * X[i]; sxz += X[i] * Z[i]; szz += Z[i] * Z[i]
    sy += Y[i]; sxy += X[i] * Y[i]; szy += Z[i] * Y[i]
  }
  d = det3(s1, sx, sz, sx, sxx, sxz, sz, sxz, szz)
  FA = det3(sy, sx, sz, sxy, sxx, sxz, szy, sxz, szz) / d
  FB = det3(s1, sy, sz, sx, sxy, sxz, sz, szy, szz) / d
  FC = det3(s1, sx, sy, sx, sxx, sxy, sz, sxz, szy) / d
}
# ---- the controller families' reports (report_gpu.sh, report_denovo.sh; synth/report_ctl.sh) ------
# one row of table 1: unit, point, parameters, a / b (lines; entries or MSHRs), the result's figures
function ctl_row(p, unit, a, b,    par) {
  par = g(p, "params"); gsub(/ /, ", ", par)
  printf "| %s | `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", \
    unit, p, par, a, b, commas(g(p, "cells"), 0), commas(g(p, "area_um2"), 0), \
    commas(g(p, "ge") / 1000, 1), commas(g(p, "flops"), 0), commas(g(p, "storage_bits"), 0), \
    commas(logic(p), 0), commas(g(p, "sram_total_um2"), 0), \
    g(p, "crit_path_ns"), g(p, "fmax_mhz"), fmaxio(p), "`" g(p, "crit_path_from") "`", g(p, "wall_seconds")
}
function ctl_need(p) { if (!has(p)) { print prog ": error: point " p " has no result (run synth/" fam ".sh)" > "/dev/stderr"; exit 1 } }
# non-storage flops: flops - storage bits
function ctl_ns(p) { return g(p, "flops") - g(p, "storage_bits") }
# a fit over the points listed in names (space separated); kind "ns" fits the non-storage
# flops, "logic" the logic area; x/z: keys of Q[point, key] such as "lines", "sbe", "mshrs"
# (z "" = one variable); the points in P[], X[], Z[], Y[], the coefficients in FA, FB, FC
function ctl_fit(names, kind, xk, zk,    n, i, L, m) {
  n = split(names, L, " "); m = 0
  for (i = 1; i <= n; i++) { ctl_need(L[i]); m++; P[m] = L[i]; X[m] = Q[L[i], xk]; Z[m] = (zk == "" ? 0 : Q[L[i], zk]); Y[m] = (kind == "ns" ? ctl_ns(L[i]) : logic(L[i])) }
  if (zk == "") { fit1(m); FC = 0 } else fit2(m)
  return m
}
# a point's storage bits (want: the report's formula) and its flop area (all FF-sized cells)
# checked against its result: an error (exit 1) names the point
function ctl_check(p, want) {
  if (want != g(p, "storage_bits") + 0) {
    printf "%s: error: %s: storage formula gives %d bits, the result says %d\n", prog, p, want, g(p, "storage_bits") > "/dev/stderr"
    exit 1
  }
  if (g(p, "ff_area_um2") + 0 != FF * g(p, "flops")) {
    printf "%s: error: %s: flops are not all %s um2 cells\n", prog, p, FF > "/dev/stderr"; exit 1
  }
}
# table 1, every measured point: the L1 points l1list of unit u1 (lines, SB entries), then the L2
# points l2list of unit u2 (lines, MSHRs), then (optional) the points l3list of a unit u3 with
# neither (gtsc_ovf), those with results, in list order
function ctl_table1(u1, l1list, u2, l2list, u3, l3list,    n, i, L) {
  print "<!-- synth/" prog ": table 1 -->"
  print "| unit | point | parameters (others: paper values) | lines | SB entries / MSHRs | cells | area µm² | kGE | flops | storage bits | logic area µm² | w/ SRAM µm² | crit. path ns | fmax MHz | fmax w/ I/O budget MHz (limit) | worst path (start -> end) | synth s |"
  print "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|"
  n = split(l1list, L, " ")
  for (i = 1; i <= n; i++) if (has(L[i])) ctl_row(L[i], u1, Q[L[i], "lines"], Q[L[i], "sbe"])
  n = split(l2list, L, " ")
  for (i = 1; i <= n; i++) if (has(L[i])) ctl_row(L[i], u2, Q[L[i], "lines"], Q[L[i], "mshrs"])
  n = split(l3list, L, " ")
  for (i = 1; i <= n; i++) if (has(L[i])) ctl_row(L[i], u3, "—", "—")
  print ""
}
# table 2, the non-storage flops: per row of spec ("label|points|x key|z key|z name", rows
# separated by ";") the exact fit fixed + a x lines (+ b x z), its residuals, an error (exit 1)
# when a residual is not 0; the coefficients of row k in NSA[k], NSB[k], NSC[k]
function ctl_ns_table(spec,    R, nr, k, c, nn, L, i, names, m, res, bad, r) {
  print "<!-- synth/" prog ": table 2 -->"
  print "| unit, line size | points | non-storage flops = | residuals (flops) |"
  print "|---|--:|---|---|"
  nr = split(spec, R, ";")
  for (k = 1; k <= nr; k++) {
    split(R[k], c, "|"); nn = split(c[2], L, " "); names = ""
    for (i = 1; i <= nn; i++) if (has(L[i])) names = names " " L[i]
    m = ctl_fit(names, "ns", c[3], c[4]); res = ""; bad = 0
    for (i = 1; i <= m; i++) { r = Y[i] - (FA + FB * X[i] + FC * Z[i]); if (r > 0.01 || r < -0.01) bad = 1; res = res (res == "" ? "" : ", ") sprintf("%g", (r < 0.005 && r > -0.005) ? 0 : r) }
    NSA[k] = FA; NSB[k] = FB; NSC[k] = FC
    printf "| %s | %d | %g %s × lines%s | %s |\n", c[1], m, FA, sgn(sprintf("%g", FB)), (c[4] == "" ? "" : " " sgn(sprintf("%g", FC)) " × " c[5]), res
    if (bad) { printf "%s: error: %s: the non-storage flops are not linear (residuals %s)\n", prog, c[1], res > "/dev/stderr"; exit 1 }
  }
  print ""
}
# the list under table 1: each RTL file version (rtl_sha256 of the results) and its points, against
# the work tree's (cur: "name=sha16 ..."); the points matching skip (a regular expression, "" none)
# left out
function ctl_rtl_measured(skip,    n, i, j, L, c, q, p, key, np, CUR, VERS, VK, NV) {
  n = split(cur, L, " "); for (i = 1; i <= n; i++) { split(L[i], c, "="); CUR[c[1]] = c[2] }
  for (i = 1; i <= NPTS; i++) {
    p = PTS[i]
    if (skip != "" && p ~ skip) continue
    for (j = 1; j <= NRTL[p]; j++) { split(RTL[p, j], c, " "); key = c[1] " " c[2]; if (!(key in VERS)) { VERS[key] = ""; VK[++NV] = key } VERS[key] = VERS[key] " " p }
  }
  print "RTL measured (`rtl_sha256` of the results: the first 16 hex digits of the SHA-256 of the file without comments, as `synth/ctrl.sh` hashes it; a file is named by its name under `rtl/`, its family folder left out, as `tools/paths.sh` gpucoh_fp_name names it):"
  print ""
  for (i = 1; i <= NV; i++) {
    split(VK[i], c, " "); np = split(VERS[VK[i]], q, " ")
    printf "- `%s` %s: %d point(s), %s\n", c[1], c[2], np, (CUR[c[1]] == c[2] ? "the work tree's version" : "not the work tree's version (" CUR[c[1]] ")")
  }
  print ""
}
# ---- read every result file: V[point, key] = value ---------------------------------------------
# (a point is its file's name without fam_ and .area.txt; another family's result read beside them,
# as report_denovo.sh reads gpu_*, keeps its prefix)
FNR == 1 { pt = FILENAME; sub(/^.*\//, "", pt); sub("^" fam "_", "", pt); sub(/\.area\.txt$/, "", pt); PTS[++NPTS] = pt }
$1 == "rtl_sha256" { RTL[pt, ++NRTL[pt]] = $2 " " $3; next }
{ k = $1; $1 = ""; sub(/^ /, ""); if (!((pt SUBSEP k) in V)) V[pt, k] = $0 }

