#!/bin/sh
# Screenshots of the Deliveries screen at several text sizes, as docs/ shows
# them: xterm with DejaVu Sans Mono 11, 100x30, under a virtual X server.
# With SCREEN=shipment, the second delivery's Shipment screen instead (keys
# are typed with xdotool).
# Needs xterm, xvfb and imagemagick (apt-get install -y xterm xvfb imagemagick
# xdotool). Usage: [SCREEN=shipment] [GLYPHS=mode] docs/screenshots.sh [binary] [sizes...]
# (run from the repository root). Mosaics unless GLYPHS says otherwise (xterm
# would get doubled lines); with GLYPHS the files are docs/GLYPHS-SIZE.png.
set -eu
BIN=${1:-.build/release/idelivermobile}
[ $# -gt 0 ] && shift
SIZES=${*:-Large xLarge xxxLarge AX2 AX5}
SCREEN=${SCREEN:-deliveries}
NAME=${GLYPHS:+$GLYPHS}
NAME=${NAME:-$SCREEN}
GLYPHS=${GLYPHS:-mosaic}
DISPLAY_NUMBER=${DISPLAY_NUMBER:-99}
export DISPLAY=:$DISPLAY_NUMBER LANG=C.UTF-8 LC_ALL=C.UTF-8
# A private home: the screenshots never touch the user's store or text size.
HOME=$(mktemp -d)
export HOME
unset XDG_CONFIG_HOME XDG_DATA_HOME
started=""
if ! xdpyinfo >/dev/null 2>&1; then
    Xvfb ":$DISPLAY_NUMBER" -screen 0 1280x1024x24 >/dev/null 2>&1 &
    started=$!
    sleep 1
fi
for size in $SIZES; do
    xterm -u8 -tn xterm-256color -fa 'DejaVu Sans Mono' -fs 11 -geometry 100x30+0+0 \
        -e "$BIN" browse --glyphs "$GLYPHS" --text-size "$size" Data/deliveries.json &
    term=$!
    sleep 3
    if [ "$SCREEN" = shipment ]; then
        xdotool search --sync --pid "$term" windowfocus --sync key Down Return >/dev/null 2>&1 ||
            xdotool key Down Return
        sleep 1
    fi
    import -window root "docs/$NAME-$size.png"
    convert "docs/$NAME-$size.png" -trim +repage "docs/$NAME-$size.png"
    kill "$term" 2>/dev/null || true
    wait "$term" 2>/dev/null || true
done
[ -n "$started" ] && kill "$started"
exit 0
