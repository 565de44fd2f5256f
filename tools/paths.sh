# shellcheck shell=bash
# SPDX-License-Identifier: Apache-2.0
#
# tools/paths.sh -- where a unit's files are, for the shell scripts (sourced; needs ROOT).
# Every role folder (rtl/, cmodel/, verilator/, systemc/, tests/, docs/units/) holds the files
# shared by every family at its top and one folder per family (docs/framework.md "Family
# folders"); a file name is unique across a role folder and its family folders.
#
#   gpucoh_find ROLE NAME   the path of ROLE/NAME or ROLE/<family>/NAME (the one that exists);
#                           status 1 and nothing printed when there is none
#   gpucoh_dirs ROLE        ROLE and each of its family folders, one a line (include paths)

gpucoh_find() {
    local f
    for f in "$ROOT/$1/$2" "$ROOT/$1"/*/"$2"; do
        [ -f "$f" ] && { printf '%s\n' "$f"; return 0; }
    done
    return 1
}

gpucoh_dirs() {
    local d
    printf '%s\n' "$ROOT/$1"
    for d in "$ROOT/$1"/*/; do printf '%s\n' "${d%/}"; done
}

# The name a synthesis fingerprint (synth/{sweep,hier,ctrl}.sh) gives an RTL file: a file of a
# family folder by its name under rtl/ (rtl/tc/tc_l1.sv -> rtl/tc_l1.sv), as it was named before
# the family folders, so that a committed result stays valid when its file only moved (its
# contents are hashed beside); anything else (rtl/include/*, flow scripts) by its path.
gpucoh_fp_name() {
    case $1 in
    rtl/include/*) printf '%s\n' "$1" ;;
    rtl/*/*.sv) printf 'rtl/%s\n' "${1##*/}" ;;
    *) printf '%s\n' "$1" ;;
    esac
}
