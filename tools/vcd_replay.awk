# SPDX-License-Identifier: Apache-2.0
#
# tools/vcd_replay.awk -- one Verilated unit's pins, cycle by cycle, out of a gpucoh wave (VCD),
# for tools/sim_compare.sh: the stimulus and the expected outputs that a replay testbench feeds
# to any simulator (docs/perf.md "Verilator options and Icarus").
#
#   awk -v scope=S -v dir=D -f tools/vcd_replay.awk WAVE.vcd
#
# scope: the scope holding the unit's ports (TOP for `gpucoh cosim UNIT --wave`, sm0_l1,
# bank0_l2, ... for `gpucoh cosim system --wave`). Writes into dir:
#   ports.txt   "in|out NAME WIDTH" in declaration order (clk_i left out: the testbench drives it)
#   params.txt  "NAME WIDTH HEX" of the unit module's parameters (the first scope inside S)
#   module.txt  the unit module's instance name (Verilator names it after the module)
#   stim.hex    one line a cycle: the inputs, concatenated in ports.txt order, in hex
#   expo.hex    one line a cycle: the outputs, concatenated the same way
# A cycle c is the wave at time 2c: the shim changes the inputs at 2c and lets the outputs settle
# before the rising edge at 2c+1 (verilator/shim_common.h), so those are the values a testbench
# applies before its edge and the outputs it must see then. Exit status 2 with a message when
# the scope or its clock is missing or a port is not a plain vector.
function die(msg) { print "vcd_replay: " msg > "/dev/stderr"; bad = 1; exit 2 }
function bin2hex(b, w,    np, h, i, n, d) {
    # zero-extend b (VCD drops leading zeros) to w bits, then to a multiple of 4
    b = pad(b, w)
    np = (4 - w % 4) % 4
    for (i = 0; i < np; i++) b = "0" b
    h = ""
    for (i = 1; i <= length(b); i += 4) {
        n = 0
        for (d = 0; d < 4; d++) n = n * 2 + (substr(b, i + d, 1) == "1")
        h = h HEX[n]
    }
    return h
}
function catbits(list, cnt,    s, i) {
    s = ""
    for (i = 1; i <= cnt; i++) s = s pad(val[pid[list, i]], pw[list, i])
    return s
}
function pad(b, w) {
    gsub(/[xzXZ]/, "0", b)
    while (length(b) < w) b = "0" b
    if (length(b) > w) b = substr(b, length(b) - w + 1)
    return b
}
function snapshot(    si, so) {
    si = catbits("in", nin); so = catbits("out", nout)
    print bin2hex(si, win) > (dir "/stim.hex")
    print bin2hex(so, wout) > (dir "/expo.hex")
    cycles++
}
BEGIN {
    split("0 1 2 3 4 5 6 7 8 9 a b c d e f", hx, " ")
    for (i = 0; i < 16; i++) HEX[i] = hx[i + 1]
    depth = 0; inscope = 0; t = -1; header = 1
    if (scope == "" || dir == "") die("usage: awk -v scope=S -v dir=D -f vcd_replay.awk WAVE")
}
header && $1 == "$scope" {
    depth++
    if (depth == 1 && scope == "TOP" && $3 == "TOP") inscope = depth
    else if (scope != "TOP" && $3 == scope && !inscope) inscope = depth
    else if (inscope && depth == inscope + 1 && mod == "") mod = $3
    next
}
header && $1 == "$upscope" {
    if (inscope && depth == inscope) { inscope = 0; done_scope = 1 }
    depth--; next
}
header && $1 == "$var" && inscope && depth == inscope {
    # $var wire WIDTH ID NAME [range] $end
    name = $5; w = $3 + 0
    if (name ~ /\[/ || $6 ~ /^\[[0-9]+\]$/) die("port " name " " $6 " is an unpacked array: not supported")
    if (name == "clk_i") { clkid = $4; want[$4] = 1; next }
    if (name ~ /_n?i$/) { nin++; pid["in", nin] = $4; pw["in", nin] = w; win += w; print "in", name, w > (dir "/ports.txt") }
    else if (name ~ /_n?o$/) { nout++; pid["out", nout] = $4; pw["out", nout] = w; wout += w; print "out", name, w > (dir "/ports.txt") }
    else die("port " name " is neither _i nor _o")
    want[$4] = 1; next
}
header && $1 == "$var" && inscope && depth == inscope + 1 && $2 == "parameter" {
    nparam++; parname[nparam] = $5; parid[nparam] = $4; parw[nparam] = $3 + 0; want[$4] = 1; next
}
header && $1 == "$enddefinitions" {
    header = 0
    if (!done_scope && !inscope) die("no scope " scope " in the wave")
    if (clkid == "") die("scope " scope " has no clk_i")
    if (nin == 0 || nout == 0) die("scope " scope " has no inputs or no outputs")
    print mod > (dir "/module.txt")
    next
}
header { next }
/^#/ {
    nt = substr($1, 2) + 0
    # every even time from t up to nt-1 is a cycle's settled inputs and outputs
    if (t >= 0) for (e = t; e < nt; e++) if (e % 2 == 0) snapshot()
    t = nt; next
}
/^b/ { if ($2 in want) val[$2] = substr($1, 2); next }
/^[01xzXZ]/ { id = substr($1, 2); if (id in want) val[id] = substr($1, 1, 1); next }
END {
    if (bad) exit 2
    if (t >= 0 && t % 2 == 0) snapshot()
    for (i = 1; i <= nparam; i++)
        print parname[i], parw[i], bin2hex(val[parid[i]], parw[i]) > (dir "/params.txt")
    if (cycles == 0) { print "vcd_replay: no cycles in the wave" > "/dev/stderr"; exit 2 }
    print cycles > (dir "/cycles.txt")
}
