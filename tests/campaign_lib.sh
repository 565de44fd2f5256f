# shellcheck shell=bash
# tests/campaign_lib.sh -- what the campaign tests share (tests/test_campaign*.sh), sourced after
# `cd` to the checkout: $G the gpucoh binary (GPUCOH, default build/gpucoh) as an absolute path,
# $T the scratch folder (the script's first argument, emptied, or a mktemp folder removed at the
# end), pass / fail / check printing "PASS name" / "FAIL name" and counting $passes and $fails.
G=${GPUCOH:-build/gpucoh}
G=$(cd "$(dirname "$G")" && pwd)/$(basename "$G")
if [ $# -ge 1 ]; then
    T=$1
    rm -rf "$T" && mkdir -p "$T"
else
    T=$(mktemp -d)
    trap 'rm -rf "$T"' EXIT
fi
passes=0 fails=0
pass() {
    echo "PASS $1"
    passes=$((passes + 1))
}
fail() {
    echo "FAIL $1"
    fails=$((fails + 1))
}
check() { # NAME CMD...
    local n=$1
    shift
    if "$@"; then pass "$n"; else fail "$n"; fi
}
