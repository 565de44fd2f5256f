#!/usr/bin/env bash
# Open a GTKWave save file in a real GTKWave on a virtual X display (Xvfb) and capture the
# screen as a PNG: how docs/waves-system.png is made (docs/waves.md, "The screenshot").
#
#   tools/wave_screenshot.sh FILE.gtkw OUT.png [SECONDS]
#
# GTKWave is started with the save file alone (it finds the dump and the translate filters
# relative to the save file), given SECONDS (default 8) to load and draw, then captured with
# ImageMagick's `import` and closed. Needs gtkwave, xvfb and imagemagick (Debian 12:
# apt-get install gtkwave xvfb imagemagick). The screen is 1600x1000, the save file's [size].
set -uo pipefail
GTKW=${1:?usage: tools/wave_screenshot.sh FILE.gtkw OUT.png [SECONDS]}
PNG=${2:?usage: tools/wave_screenshot.sh FILE.gtkw OUT.png [SECONDS]}
WAIT=${3:-8}
for t in Xvfb gtkwave import; do
    command -v "$t" > /dev/null ||
        { echo "wave_screenshot: $t is missing (apt-get install xvfb gtkwave imagemagick)" >&2; exit 2; }
done
# a free display number
n=90
while [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ]; do n=$((n + 1)); done
LOG=$(mktemp -d)
Xvfb ":$n" -screen 0 1600x1000x24 -nolisten tcp > "$LOG/xvfb.log" 2>&1 &
xpid=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
DISPLAY=":$n" gtkwave "$GTKW" > "$LOG/gtkwave.log" 2>&1 &
gpid=$!
sleep "$WAIT"
rc=0
if kill -0 "$gpid" 2> /dev/null; then
    DISPLAY=":$n" import -window root "$PNG" || rc=1
else
    echo "wave_screenshot: gtkwave exited early:" >&2
    cat "$LOG/gtkwave.log" >&2
    rc=1
fi
kill "$gpid" 2> /dev/null
wait "$gpid" 2> /dev/null
kill "$xpid" 2> /dev/null
wait "$xpid" 2> /dev/null
grep -E 'FSTLOAD|VCDLOAD|Error|error' "$LOG/gtkwave.log" | head -n 5
rm -rf "$LOG"
[ $rc -eq 0 ] && echo "wave_screenshot: $PNG"
exit $rc
