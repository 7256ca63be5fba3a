#!/usr/bin/env bash
# Chinese on a screen driven by the Pi (a TV in kiosk mode, the desktop's browser): without
# a CJK font every Chinese character is a box. Installs Debian's Noto CJK fonts and checks
# that the families the scoreboard's CSS asks for are known to fontconfig.
# Usage: hardware/install-fonts.sh        (exit 0: fonts present; 1: still missing)
set -euo pipefail

FAMILIES=("Noto Sans CJK TC" "Noto Sans CJK SC")   # Traditional (zh-Hant), Simplified (zh-Hans)

sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
if ! dpkg -s fonts-noto-cjk >/dev/null 2>&1; then
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq fonts-noto-cjk fontconfig
fi

missing=0
for family in "${FAMILIES[@]}"; do
    if fc-list ":family=$family" family | grep -q .; then
        echo "font ok: $family"
    else
        echo "font missing: $family (sudo apt-get install fonts-noto-cjk; then fc-cache -f)" >&2
        missing=1
    fi
done
exit "$missing"
