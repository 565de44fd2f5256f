# shellcheck shell=bash
# SPDX-License-Identifier: Apache-2.0
#
# tools/campaign_lib.sh -- the shell side of `gpucoh campaign`'s script kinds (docs/campaigns.md,
# "Script kinds"), sourced by tools/regress.sh, synth/sweep.sh, synth/ctrl.sh and
# synth/hier_campaign.sh. The caller defines
# die MESSAGE (the message on stderr, exit 2).
#
#   camp_args "$@"          the campaign option, when it is the first argument: sets CAMP_MODE
#                           (serial | list | step | merge), CAMP_STEP (step), CAMP_JSON and
#                           CAMP_DIRS (merge); CAMP_NARGS is how many arguments it took (shift
#                           them); a merge takes all of them
#   camp_step_dir           $CAMPAIGN_JOB_DIR, checked to be a folder, into CAMP_OUT
#   camp_name_ok NAME       a step name: [A-Za-z0-9_-]+ (a folder name and a shell word)
#   camp_finished DIR FILE...  every FILE is in DIR, or die: DIR is not a finished step's folder
#   camp_atomic FILE        stdin into FILE through a temporary file and a rename (no half-written
#                           FILE); status 1 and nothing left behind when it cannot
#   camp_only_ok REGEX      an --only REGEX bash can match with (empty: none given), or die
#   camp_results_ok DIR     a --results DIR that is a folder or can be made in an existing one, or
#                           die (nothing is made)

# shellcheck disable=SC2034 # the CAMP_* variables are the caller's
camp_args() {
    CAMP_MODE=serial CAMP_STEP='' CAMP_JSON='' CAMP_NARGS=0
    CAMP_DIRS=()
    case ${1:-} in
        --campaign-list) CAMP_MODE=list CAMP_NARGS=1 ;;
        --campaign-step)
            [ $# -ge 2 ] || die "--campaign-step needs a step name"
            CAMP_MODE=step CAMP_STEP=$2 CAMP_NARGS=2 ;;
        --campaign-merge)
            [ $# -ge 3 ] || die "--campaign-merge needs JSON DIR..."
            CAMP_MODE=merge CAMP_JSON=$2 CAMP_NARGS=$#
            CAMP_DIRS=("${@:3}") ;;
    esac
}

camp_step_dir() {
    CAMP_OUT=${CAMPAIGN_JOB_DIR:-}
    if [ -z "$CAMP_OUT" ] || [ ! -d "$CAMP_OUT" ]; then
        die "--campaign-step: \$CAMPAIGN_JOB_DIR is no folder"
    fi
}

camp_name_ok() { [[ $1 =~ ^[A-Za-z0-9_-]+$ ]]; }

camp_finished() { # camp_finished DIR FILE...
    local d=$1 f
    shift
    for f in "$@"; do
        [ -f "$d/$f" ] || die "--campaign-merge: $d is not the folder of a finished step"
    done
}

camp_atomic() { # camp_atomic FILE < TEXT
    local tmp=$1.tmp.$$
    if cat > "$tmp" && mv -f "$tmp" "$1"; then return 0; fi
    rm -f "$tmp"
    return 1
}

camp_only_ok() { # camp_only_ok REGEX
    local rc=0
    [ -z "$1" ] && return 0
    # shellcheck disable=SC2319 # the status of [[ ]] itself: 2 is a bad regular expression
    [[ x =~ $1 ]] 2> /dev/null || rc=$?
    [ "$rc" != 2 ] || die "--only: bad regular expression '$1'"
}

camp_results_ok() { # camp_results_ok DIR
    if [ -e "$1" ]; then
        [ -d "$1" ] || die "--results '$1' is not a directory"
    else
        [ -d "$(dirname "$1")" ] || die "--results '$1': its parent folder does not exist"
    fi
}
