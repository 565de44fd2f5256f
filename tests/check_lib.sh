# shellcheck shell=bash
# SPDX-License-Identifier: Apache-2.0
#
# tests/check_lib.sh -- sourced by script tests that print one "PASS ..." / "FAIL ..." line a
# check (tools/run_tests.sh's script_checks counts them): a scratch directory T removed on exit,
# the failure count, and expect NAME WANT CMD... (CMD must exit with status WANT; on a
# difference the tail of its output is shown). The caller ends with [ "$fails" = 0 ].
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1"; fails=$((fails + 1)); }
expect() {
    local name=$1 want=$2 rc=0
    shift 2
    "$@" > "$T/out" 2>&1 || rc=$?
    if [[ $rc == "$want" ]]; then pass "$name (exit $rc)"; else
        fail "$name (exit $rc, want $want)"
        sed 's/^/        | /' "$T/out" | tail -n 15
    fi
}
