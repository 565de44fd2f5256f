# SPDX-License-Identifier: Apache-2.0
#
# synth/subblock_attr.awk -- attribute every cell of a flat mapped netlist to one sub-block
# (docs/area-method.md section 8). Run by synth/subblock.sh as
#   awk -f synth/subblock_attr.awk LIBERTY TABLE NETLIST.blif
# LIBERTY: osu018 (cell areas, output pins, sequential cells). TABLE: the unit's table,
# synth/subblock/<unit>.tab ("class NAME KIND REGEX": a flop belongs to the first class whose
# REGEX matches the base name of a net on its Q pin; KIND macro | flops | input). NETLIST.blif: the
# netlist as `write_blif -conn` writes it.
#
# Flops: by register name; an unmatched flop is "control". Combinational cells, in this order:
#   1. every end point it reaches (flop D/enable inputs, output ports) is of one table class X:
#      X (X's write / next-state logic);
#   2. the table classes among the flops it reads (its transitive fan-in up to flops; classes of
#      KIND input, registered requests, count as input ports) are one, X: X (X's read logic:
#      read multiplexers, comparators);
#   3. every end point it reaches is control (or an output port): control;
#   4. otherwise: shared (logic used by several sub-blocks, e.g. hit / way select).
# Every cell gets exactly one class, so the classes sum to the flat total.
# Output: "class NAME KIND flops N ff_um2 A logic_um2 B area_um2 C cells K" lines in table order
# (then control, shared), "total ...", the five largest parts of shared ("shared_mix AREA READS ->
# FEEDS": the sub-blocks its cells read and feed) and "reg BASENAME CLASS FLOPS" lines.
BEGIN { ncls = 0; n = 0; nt = 0; nreg = 0 }
function base(n) {
  sub(/^\\/, "", n)
  while (n ~ /\[[0-9]+\]$/) sub(/\[[0-9]+\]$/, "", n)
  return n
}
function find(n) {
  while (n in par) n = par[n]
  return n
}
function bor(a, b,   r, i, p) {
  r = 0
  p = 1
  for (i = 0; i < ncls; i++) {
    if ((int(a / p) % 2) || (int(b / p) % 2)) r += p
    p *= 2
  }
  return r
}
function names_of(m,   i, p, s) { # the class names of a mask, joined by +
  s = ""
  p = 1
  for (i = 0; i < ncls; i++) {
    if (int(m / p) % 2) s = s (s == "" ? "" : "+") cname[i]
    p *= 2
  }
  return s == "" ? "-" : s
}
function single(m,   i, p) { # the class index when m has exactly one bit, else -1
  p = 1
  for (i = 0; i < ncls; i++) {
    if (m == p) return i
    p *= 2
  }
  return -1
}
FILENAME == ARGV[1] && /^[ \t]*cell[ \t]*\(/ {
  c = $0
  sub(/.*cell[ \t]*\([ \t]*"?/, "", c)
  sub(/"?[ \t]*\).*/, "", c)
  cur = c
  seq[cur] = 0
  next
}
FILENAME == ARGV[1] && /^[ \t]*area[ \t]*:/ && cur != "" && !(cur in area) {
  a = $0
  sub(/.*:[ \t]*/, "", a)
  sub(/[ \t]*;.*/, "", a)
  area[cur] = a + 0
  next
}
FILENAME == ARGV[1] && /^[ \t]*(ff|latch)[ \t]*\(/ { seq[cur] = 1; next }
FILENAME == ARGV[1] && /^[ \t]*pin[ \t]*\(/ {
  p = $0
  sub(/.*pin[ \t]*\([ \t]*"?/, "", p)
  sub(/"?[ \t]*\).*/, "", p)
  curpin = p
  next
}
FILENAME == ARGV[1] && /direction[ \t]*:[ \t]*output/ { isout[cur, curpin] = 1; next }
FILENAME == ARGV[1] { next }
FILENAME == ARGV[2] && $1 == "class" {
  cname[ncls] = $2
  ckind[ncls] = $3
  cre[ncls] = $4
  ncls++
  next
}
FILENAME == ARGV[2] { next }
FILENAME == ARGV[3] && FNR == 1 {
  # control and shared are the last two classes
  CTRL = ncls
  cname[ncls] = "control"
  ckind[ncls++] = "derived"
  SHARED = ncls
  cname[ncls] = "shared"
  ckind[ncls++] = "derived"
}
$1 == ".outputs" {
  for (i = 2; i <= NF; i++) outport[$i] = 1
  next
}
$1 == ".conn" {
  a = find($2)
  b = find($3)
  if (a != b) par[a] = b
  alias[$2] = alias[$2] " " $3
  alias[$3] = alias[$3] " " $2
  next
}
$1 == ".subckt" {
  n++
  typ[n] = $2
  if (!($2 in area)) { print "subblock_attr: unknown cell " $2 > "/dev/stderr"; bad = 1 }
  ni[n] = 0
  for (i = 3; i <= NF; i++) {
    eq = index($i, "=")
    pin = substr($i, 1, eq - 1)
    net = substr($i, eq + 1)
    if (isout[$2, pin]) onet[n] = net
    else if (pin != "CLK") inet[n, ++ni[n]] = net
  }
  next
}
END {
  if (bad) exit 1
  # canonical nets
  for (c = 1; c <= n; c++) {
    onet[c] = find(onet[c])
    drv[onet[c]] = c
    for (j = 1; j <= ni[c]; j++) {
      inet[c, j] = find(inet[c, j])
      rdr[inet[c, j]] = rdr[inet[c, j]] " " c
    }
  }
  for (o in outport) outc[find(o)] = 1
  for (nm in alias) anames[find(nm)] = anames[find(nm)] " " nm
  # flop classes from every name of the Q net
  for (c = 1; c <= n; c++) {
    if (!seq[typ[c]]) continue
    cl = CTRL
    q = onet[c]
    names = q " " anames[q]
    k = split(names, nl, " ")
    best = CTRL
    bn = base(nl[1])
    bq = 0 # the quality of bn: 2 a register (not a port), 1 a port, 0 a generated name
    for (j = 1; j <= k; j++) {
      b = base(nl[j])
      for (x = 0; x < CTRL; x++) if (x < best && b ~ cre[x]) { best = x; bn = b; bq = 3 }
      if (nl[j] ~ /^_[0-9]+_$/ || nl[j] ~ /^\$/) continue
      qq = (nl[j] in outport) ? 1 : 2
      if (qq > bq) { bn = b; bq = qq }
    }
    cls[c] = best
    regs[bn, best]++
    if (!((bn, best) in regseen)) { regseen[bn, best] = 1; reglist[++nreg] = bn SUBSEP best }
  }
  # topological order of the combinational cells (Kahn)
  for (c = 1; c <= n; c++) {
    if (seq[typ[c]]) continue
    indeg[c] = 0
    for (j = 1; j <= ni[c]; j++) {
      d = drv[inet[c, j]]
      if (d != "" && !seq[typ[d]]) indeg[c]++
    }
    if (indeg[c] == 0) topo[++nt] = c
  }
  for (h = 1; h <= nt; h++) {
    c = topo[h]
    k = split(rdr[onet[c]], rl, " ")
    for (j = 1; j <= k; j++) {
      r = rl[j] + 0
      if (seq[typ[r]]) continue
      if (--indeg[r] == 0) topo[++nt] = r
    }
  }
  # source classes (forward) and sink classes (backward)
  for (h = 1; h <= nt; h++) {
    c = topo[h]
    m = 0
    for (j = 1; j <= ni[c]; j++) {
      d = drv[inet[c, j]]
      if (d == "") continue
      if (seq[typ[d]]) { if (cls[d] < CTRL && ckind[cls[d]] != "input") m = bor(m, 2 ^ cls[d]) }
      else m = bor(m, src[d])
    }
    src[c] = m
  }
  for (h = nt; h >= 1; h--) {
    c = topo[h]
    m = (onet[c] in outc) ? 2 ^ CTRL : 0
    k = split(rdr[onet[c]], rl, " ")
    for (j = 1; j <= k; j++) {
      r = rl[j] + 0
      m = bor(m, seq[typ[r]] ? 2 ^ cls[r] : snk[r])
    }
    snk[c] = m
    s = single(m)
    if (s >= 0 && s < CTRL) cls[c] = s
    else if ((s2 = single(src[c])) >= 0) cls[c] = s2
    else if (s == CTRL || m == 0) cls[c] = CTRL
    else cls[c] = SHARED
  }
  for (c = 1; c <= n; c++) {
    x = cls[c]
    if (x == "") { print "subblock_attr: cell " c " (" typ[c] ") in a combinational loop" > "/dev/stderr"; exit 1 }
    cells[x]++
    if (seq[typ[c]]) { fl[x]++; ffa[x] += area[typ[c]] }
    else lga[x] += area[typ[c]]
    if (x == SHARED) { mk = names_of(src[c]) " -> " names_of(snk[c]); mix[mk] += area[typ[c]] }
  }
  for (x = 0; x < ncls; x++) {
    printf "class %s %s flops %d ff_um2 %.1f logic_um2 %.1f area_um2 %.1f cells %d\n", cname[x], ckind[x], fl[x], ffa[x], lga[x], ffa[x] + lga[x], cells[x]
    tf += fl[x]; ta += ffa[x]; tl += lga[x]; tc += cells[x]
  }
  printf "total flops %d ff_um2 %.1f logic_um2 %.1f area_um2 %.1f cells %d\n", tf, ta, tl, ta + tl, tc
  # the largest parts of shared: the sub-blocks its cells read -> the ones they feed
  for (nmx = 0; nmx < 5; nmx++) {
    bk = ""
    for (mk in mix) if (bk == "" || mix[mk] > mix[bk] || (mix[mk] == mix[bk] && mk < bk)) bk = mk
    if (bk == "") break
    printf "shared_mix %.1f %s\n", mix[bk], bk
    delete mix[bk]
  }
  for (i = 1; i <= nreg; i++) {
    split(reglist[i], rp, SUBSEP)
    printf "reg %s %s %d\n", rp[1], cname[rp[2]], regs[rp[1], rp[2]]
  }
}
