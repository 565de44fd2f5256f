# SPDX-License-Identifier: Apache-2.0
#
# synth/rc2spef.awk -- turn qrouter's RC file (qrouter -d <file>: one routed net a line, its wire
# as a tree of resistor / capacitor pairs) into SPEF, so that OpenSTA computes every cell delay
# with the routed wire load and every net delay with its RC tree (docs/area-method.md section 8).
#
# Usage: awk -v design=TOP [-v capfile=MAGIC.spice] [-v summary=FILE] -f synth/rc2spef.awk TOP.rc > TOP.spef
#   capfile  magic's extraction of the same routed layout (ext2spice with cthresh 0): each net's
#            node capacitances are scaled so that they add up to the capacitance magic found on
#            the net (to ground, to the supplies, to the cell geometry, and to every other net,
#            coupling counted in full); the resistances stay qrouter's.
#   summary  a file to write "key value" lines to: wire_cap_rc_pf (qrouter's total),
#            wire_cap_magic_pf (magic's, on the nets of the RC file), magic_unassigned_pf (on
#            nodes that name no pin of a routed net), nets, nets_without_magic.
#
# A line of the RC file: <net> 1 <driver> <sinks> <tree>, where <driver> and the sinks are
# "inst/pin" or "PIN/port", and <tree> is a node "( R C [pin] [, node ...] )": R (ohm) is the
# wire from the parent node (the driver for the outermost node), C (pF) the wire capacitance at
# the node, pin a cell pin or port that sits on the node, and the nested nodes are its
# children (separated by commas). Pin capacitances are not in the file: OpenSTA adds them from
# the liberty. Every node becomes an internal SPEF node <net>:<k> unless a pin sits on it.
# A line that does not parse is an error (exit 1), never skipped.
function pin_name(p) { # "PIN/port" -> port, "inst/pin" -> inst:pin
  if (p ~ /^PIN\//) return substr(p, 5)
  sub(/\/[^\/]*$/, ":&", p)
  sub(/:\//, ":", p)
  return p
}
function magic_cap(v,   u) { # "0.26fF" -> 0.26 (fF)
  u = v; sub(/^[-0-9.eE+]+/, "", u); sub(/[a-zA-Z]+$/, "", v)
  if (u == "fF" || u == "") return v + 0
  if (u == "aF") return v / 1000
  if (u == "pF") return v * 1000
  printf "rc2spef: %s: capacitance '%s%s' has an unknown unit\n", capfile, v, u > "/dev/stderr"
  failed = 1
  exit 1
}
function read_magic(   l, a, k, v) { # capfile -> mcap[node] (fF)
  while ((getline l < capfile) > 0) {
    if (l !~ /^C/) continue
    split(l, a, " ")
    v = magic_cap(a[4])
    for (k = 2; k <= 3; k++)
      if (a[k] != "gnd" && a[k] != "vdd" && a[k] != "0" && a[k] !~ /#/) { mcap[a[k]] += v; mtot += v }
  }
  close(capfile)
  if (mtot == 0) { printf "rc2spef: no capacitance in %s\n", capfile > "/dev/stderr"; failed = 1; exit 1 }
}
function scale_to_magic(   k, p, cm, seen) { # the node caps of this net (cv[], totc) -> magic's total
  cm = 0
  for (k = 1; k <= nconn; k++) {
    p = conn[k]; sub(/^PIN\//, "", p)
    if (p in mcap && !(p in seen)) { cm += mcap[p]; seen[p] = 1; used[p] = 1 }
  }
  if ($1 in mcap && !($1 in seen)) { cm += mcap[$1]; used[$1] = 1 }
  if (cm == 0) { nomagic++; magtot += totc * 1000; return }
  magtot += cm
  cm /= 1000 # pF
  if (totc > 0) for (k = 1; k <= n; k++) cv[k] *= cm / totc
  else cv[1] = cm
  totc = cm
}
function read_def(   l, a, i, k, innets, cur) { # def -> defpins[net] = " inst/pin ... " (ports as PIN/x)
  while ((getline l < def) > 0) {
    k = split(l, a, " ")
    if (a[1] == "NETS") { innets = 1; continue }
    if (a[1] == "END" && a[2] == "NETS") break
    if (!innets) continue
    if (a[1] == "-") { cur = a[2]; defpins[cur] = " "; continue }
    for (i = 1; i + 3 <= k; i++)
      if (a[i] == "(" && a[i + 3] == ")" && a[i + 1] != "*" && a[i + 2] !~ /^[-0-9*]/) { defpins[cur] = defpins[cur] a[i + 1] "/" a[i + 2] " "; i += 3 }
  }
  close(def)
}
function resolve_errors(   k, p, m, got, missing, nm) { # name the ERROR taps of this net from the DEF
  if (def == "" || !($1 in defpins)) { unres += nerr; return }
  for (k = 1; k <= nconn; k++) got[conn[k]] = 1
  nm = split(defpins[$1], p, " ")
  m = 0
  for (k = 1; k <= nm; k++) if (!(p[k] in got)) missing[++m] = p[k]
  if (m != nerr) { unres += nerr; return }
  for (k = 1; k <= nerr; k++) { name[errnode[k]] = pin_name(missing[k]); conn[++nconn] = missing[k] }
  nerr = 0
}
function bad(msg) {
  printf "rc2spef: %s line %d: %s\n", FILENAME, FNR, msg > "/dev/stderr"
  failed = 1
  exit 1
}
BEGIN {
  if (design == "") design = "top"
  print "*SPEF \"IEEE 1481-1998\""
  printf "*DESIGN \"%s\"\n", design
  print "*DATE \"-\""
  print "*VENDOR \"gpucoh\""
  print "*PROGRAM \"synth/rc2spef.awk\""
  print "*VERSION \"1\""
  print "*DESIGN_FLOW \"NETLIST_TYPE_VERILOG\""
  print "*DIVIDER /"
  print "*DELIMITER :"
  print "*BUS_DELIMITER [ ]"
  print "*T_UNIT 1 NS"
  print "*C_UNIT 1 PF"
  print "*R_UNIT 1 OHM"
  print "*L_UNIT 1 HENRY"
  print ""
  nets = 0
  if (capfile != "") read_magic()
  if (def != "") read_def()
}
NF > 0 {
  if (NF < 9 || $2 != 1 || $4 !~ /^[0-9]+$/ || $5 != "(") bad("not a net line")
  net = $1
  # blif2Verilog writes an internal bus bit a[3] as a_3_ and a net of a sub-module u.a as u_a; a port
  # bit keeps its name (its PIN/ is on the line)
  if (net ~ /[[.]/ && index($0, "PIN/" net " ") == 0) gsub(/[][.]/, "_", net)
  drv = pin_name($3)
  n = 0       # nodes
  depth = 0   # open parentheses
  nconn = 0
  conn[++nconn] = $3
  nerr = 0
  totc = 0
  for (i = 5; i <= NF; i++) {
    t = $i
    if (t == "(") {
      if (i + 2 > NF) bad("truncated node")
      r = $(i + 1); c = $(i + 2)
      if (r !~ /^[0-9.eE+-]+$/ || c !~ /^[0-9.eE+-]+$/) bad("node without R and C")
      n++
      name[n] = net ":" n
      par[n] = depth > 0 ? stack[depth] : 0
      rv[n] = r; cv[n] = c
      totc += c
      stack[++depth] = n
      i += 2
    } else if (t == ")") {
      if (depth == 0) bad("unbalanced ')'")
      depth--
    } else if (t == ",") {
      continue
    } else if (t == "ERROR") {
      # qrouter 1.4.71 now and then writes ERROR for a tap it cannot name (a second tap of a pin
      # already in the tree): the wire stays as an internal node, no pin is connected to it
      if (depth == 0) bad("ERROR outside the tree")
      errnode[++nerr] = stack[depth]
      errs++
    } else {
      if (depth == 0) bad("pin '" t "' outside the tree")
      name[stack[depth]] = pin_name(t)
      conn[++nconn] = t
    }
  }
  if (depth != 0) bad("unbalanced '('")
  if (nconn - 1 + nerr != $4) bad("net " net ": " nconn - 1 + nerr " sinks in the tree, " $4 " announced")
  if (nerr > 0) resolve_errors()
  rctot += totc
  if (capfile != "") scale_to_magic()
  printf "*D_NET %s %.6g\n*CONN\n", net, totc
  for (k = 1; k <= nconn; k++) {
    p = conn[k]
    if (p ~ /^PIN\//) printf "*P %s %s\n", pin_name(p), k == 1 ? "I" : "O"
    else printf "*I %s %s\n", pin_name(p), k == 1 ? "O" : "I"
  }
  print "*CAP"
  for (k = 1; k <= n; k++) printf "%d %s %.6g\n", k, name[k], cv[k]
  print "*RES"
  for (k = 1; k <= n; k++) printf "%d %s %s %.6g\n", k, par[k] ? name[par[k]] : drv, name[k], rv[k]
  print "*END\n"
  nets++
}
END {
  if (failed) exit 1
  if (nets == 0) { print "rc2spef: no nets in the RC file" > "/dev/stderr"; exit 1 }
  if (summary != "") {
    for (p in mcap) if (!(p in used)) unas += mcap[p]
    printf "nets %d\nrc_error_taps %d\nrc_error_taps_unresolved %d\nwire_cap_rc_pf %.4f\n", nets, errs, unres, rctot > summary
    if (capfile != "") printf "wire_cap_magic_pf %.4f\nmagic_unassigned_pf %.4f\nnets_without_magic %d\n", magtot / 1000, unas / 1000, nomagic + 0 > summary
    close(summary)
  }
}
