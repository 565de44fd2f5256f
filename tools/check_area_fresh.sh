#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# tools/check_area_fresh.sh -- are the committed synthesis results that make run and the area
# pages read made from the current inputs? (synth/{sweep,hier,tc,gpu,denovo,hlrc,gtsc}.sh --list
# compare each result's inputs_sha256 with the current RTL, flow and tools; nothing is
# synthesized.)
#
#   - the default-parameter points `make run` reports (each standalone unit's synth_script and
#     synth_point in the unit manifest, as tools/run_all.sh reads them) must be up to date;
#   - every other point (docs/area*.md) must be up to date or named in synth/known-stale.txt
#     (points known to be stale, waiting for a long re-synthesis: one name a line, "family
#     point"); a point that goes stale and is not listed fails, and so does a listed point that
#     is up to date again (the list must shrink with it).
# Prints every stale point. Exit 0 = fresh (apart from the listed ones), 1 = not.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
KNOWN=synth/known-stale.txt
# make run's points: family and point name, each standalone unit's synth_script and synth_point
# in the unit manifest (gpucoh units --get; tools/run_all.sh reads the same)
G=build/gpucoh
[ -x "$G" ] || { echo "check_area_fresh: $G missing (make build: the manifest)" >&2; exit 2; }
REQUIRED=$(for u in $("$G" units --get name --where context=standalone); do
    s=$("$G" units --get synth_script "$u") && [ -n "$s" ] && s=${s#synth/} &&
        echo "${s%.sh} $("$G" units --get synth_point "$u")"
done)
status=0
stale=()
listed=() # every point the listers know, "family point"
for fam in sweep hier tc gpu denovo hlrc gtsc; do
    out=$(bash "synth/$fam.sh" --list 2>&1) || { echo "synth/$fam.sh --list failed:"; echo "$out"; exit 1; }
    while read -r name _; do [ -n "$name" ] && listed+=("$fam $name"); done <<< "$out"
    while read -r name st _; do
        [ "$st" = stale ] && stale+=("$fam $name")
    done <<< "$out"
    # a point that is neither stale nor up to date (no result, unknown status) counts as stale
    while read -r name st _; do
        case $st in up-to-date | stale) ;; *) [ -n "$name" ] && stale+=("$fam $name") ;; esac
    done <<< "$(printf '%s\n' "$out" | grep -E '^[a-z0-9_]+ +[a-z-]+ ')"
done
echo "stale synthesis results: ${#stale[@]}"
# a standalone unit whose synthesis point no lister knows (a new unit without its point) fails
while read -r p; do
    [ -z "$p" ] && continue
    if ! grep -qxF "$p" <<< "$(printf '%s\n' "${listed[@]}")"; then
        echo "  $p  make run's point of a standalone unit, but synth/${p%% *}.sh --list has no such point"
        status=1
    fi
done <<< "$REQUIRED"
for p in "${stale[@]}"; do
    if grep -qxF "$p" <<< "$REQUIRED"; then
        echo "  $p  STALE, and make run reports it (re-run synth/${p%% *}.sh --only '^${p#* }\$')"
        status=1
    elif [ -f "$KNOWN" ] && grep -qxF "$p" "$KNOWN"; then
        echo "  $p  (listed in $KNOWN)"
    else
        echo "  $p  STALE and not listed in $KNOWN: re-synthesize it (synth/${p%% *}.sh --only '^${p#* }\$')"
        status=1
    fi
done
if [ -f "$KNOWN" ]; then
    while read -r p; do
        case $p in '' | '#'*) continue ;; esac
        # a here-string, not a pipe: `printf | grep -q` under pipefail fails when grep stops
        # reading at the first match and printf gets SIGPIPE (a listed stale point was then
        # reported as fresh now and then, under load)
        if ! grep -qxF "$p" <<< "$(printf '%s\n' "${stale[@]}")"; then
            echo "  $p  listed in $KNOWN but no longer stale: remove it from the list"
            status=1
        fi
    done < "$KNOWN"
fi
[ $status -eq 0 ] && echo "make run's $(grep -c . <<< "$REQUIRED") default points are up to date; every other stale point is listed"
exit $status
