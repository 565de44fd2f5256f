# SPDX-License-Identifier: Apache-2.0
#
# synth/plot_lib.sh -- what the plot scripts (synth/plot_energy.sh, synth/plot_subblock.sh) share,
# sourced after they set `prog` and cd to the repository: die, and their command line
# `[--results DIR] PNG` read into results and png, checked before any work (exit 2: the
# directory of PNG not writable, no results directory, no gnuplot).
# shellcheck shell=bash
# shellcheck disable=SC2034,SC2154 # results and png are read by the sourcing script, prog is its

die() {
  echo "$prog: error: $*" >&2
  exit 2
}

plot_args() {
  results=synth/results
  if [[ ${1:-} == --results ]]; then
    [[ $# -ge 2 ]] || die "--results needs a directory"
    results=$2
    shift 2
  fi
  [[ $# -eq 1 ]] || die "usage: $prog [--results DIR] PNG"
  png=$1
  [[ -d $(dirname "$png") && -w $(dirname "$png") ]] || die "cannot write '$png'"
  [[ -d $results ]] || die "no directory $results"
  command -v gnuplot > /dev/null || die "gnuplot not found"
}
