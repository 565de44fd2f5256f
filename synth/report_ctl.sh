# SPDX-License-Identifier: Apache-2.0
#
# synth/report_ctl.sh -- the command line of the controller families' area reports
# (synth/report_gpu.sh, synth/report_denovo.sh), sourced by them after they set
#   prog        the report's name (report_gpu.sh): its messages and its tables' markers
#   fam         the family (gpu): its results synth/results/<fam>_*.area.txt, its driver synth/<fam>.sh
#   rtl_files   the family's RTL files (globs), hashed as synth/ctrl.sh hashes them
# and define report() (the markdown, on stdout; it reads $cur and ${files[@]}). Parses
# [--results DIR] [--update PAGE] [--help: lines 4-22 of the report], sets results, update,
# files (the results) and cur (the work tree's RTL: "name=sha16 ..."); report_main prints the
# report, or with --update splices it into PAGE (synth/report_splice.sh).
# shellcheck shell=bash
# shellcheck disable=SC2154 # prog, fam, rtl_files and report() are the report's

die() {
  echo "$prog: error: $*" >&2
  exit 2
}
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root" || exit 2

results=synth/results
update=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --results) [[ $# -ge 2 ]] || die "--results needs a directory"; results=$2; shift 2 ;;
    --results=*) results=${1#--results=}; shift ;;
    --update) [[ $# -ge 2 ]] || die "--update needs a file"; update=$2; shift 2 ;;
    --update=*) update=${1#--update=}; shift ;;
    -h | --help) sed -n '4,22p' "synth/$prog" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
done
[[ -d $results ]] || die "no directory '$results'"
[[ -z $update || -f $update ]] || die "no file '$update' to update"
shopt -s nullglob
files=("$results"/"$fam"_*.area.txt)
((${#files[@]} > 0)) || die "no $results/${fam}_*.area.txt (run synth/$fam.sh first)"

# The work tree's RTL, hashed as synth/ctrl.sh hashes it (comments stripped), to say which
# results were measured on other versions.
# shellcheck source=tools/paths.sh
. tools/paths.sh # gpucoh_fp_name: a file's name in the results (rtl/<name>, family folders aside)
cur=""
for f in $rtl_files; do
  [[ -f $f ]] && cur+="$(gpucoh_fp_name "$f")=$(sed -e 's://.*$::' "$f" | sha256sum | cut -c1-16) "
done

report_main() {
  if [[ -z $update ]]; then
    report
    exit 0
  fi
  # --update: the report once, then each marked block of the page replaced by its table
  tmp=$(mktemp)
  trap 'rm -f "$tmp"' EXIT
  report >"$tmp"
  bash synth/report_splice.sh "$prog" "$tmp" "$update"
}
