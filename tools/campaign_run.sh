#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# tools/campaign_run.sh -- run a planned campaign's jobs on this machine with GNU parallel, stage
# by stage (docs/campaigns.md section 14): a plan whose jobs wait for others (campaign.txt's
# "stages N") has ROOT/jobs-1.txt ... jobs-N.txt, each run after the one before; any other plan
# has ROOT/jobs.txt. Nothing else: the merge is `gpucoh campaign merge ROOT`.
#
# Usage: tools/campaign_run.sh ROOT [JOBS]   (JOBS at once, default one per core)
# Exit: 0 when every stage ran (a job's own exit 1 is a verdict the merge reports), 2 on bad
# input, else GNU parallel's status.
set -euo pipefail
die() { echo "campaign_run.sh: error: $*" >&2; exit 2; }
[[ $# -ge 1 && $# -le 2 ]] || die "usage: tools/campaign_run.sh ROOT [JOBS]"
root=$1 jobs=${2:-$(nproc)}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "JOBS '$jobs' is not a positive number"
[[ -f $root/campaign.txt && -f $root/jobs.txt ]] || die "'$root' is not a planned campaign (gpucoh campaign plan writes campaign.txt and jobs.txt)"
command -v parallel > /dev/null || die "GNU parallel not found (Debian package 'parallel')"
n=$(sed -n 's/^stages //p' "$root/campaign.txt")
if [[ -z $n ]]; then
  files=("$root/jobs.txt")
else
  files=()
  for ((k = 1; k <= n; k++)); do
    [[ -f $root/jobs-$k.txt ]] || die "'$root/jobs-$k.txt' is missing (the plan has $n stages)"
    files+=("$root/jobs-$k.txt")
  done
fi
for f in "${files[@]}"; do
  rc=0
  parallel --jobs "$jobs" < "$f" > /dev/null || rc=$?
  # GNU parallel's status is the number of failed jobs (up to 100): a verdict of 1 is one of them
  ((rc <= 100)) || exit "$rc"
done
exit 0
