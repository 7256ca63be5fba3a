#!/bin/sh
# Create the Mosquitto password file for a table: users hub and seat1..seat7, each with
# a fresh random password, printed once so you can put it in that seat's config
# (and the hub's). Re-running replaces every password. The printed `user password` lines,
# kept in a file only you can read, are what `citadels-hub sim --seat-logins FILE` takes.
#   usage: make-passwords.sh [PASSWORD_FILE]   (default /etc/mosquitto/citadels.passwd)
set -eu

file=${1:-/etc/mosquitto/citadels.passwd}
tool=$(command -v mosquitto_passwd || true)
[ -n "$tool" ] || { echo "mosquitto_passwd not found (apt-get install mosquitto)" >&2; exit 1; }

new_password() {
    # 20 characters from [A-Za-z0-9]: ~119 bits, typeable into a seat's config file.
    LC_ALL=C tr -dc 'A-Za-z0-9' </dev/urandom | head -c 20
}

umask 077
tmp="$file.new.$$"
trap 'rm -f "$tmp"' EXIT
: >"$tmp"
for user in hub seat1 seat2 seat3 seat4 seat5 seat6 seat7; do
    password=$(new_password)
    "$tool" -b "$tmp" "$user" "$password"
    printf '%s %s\n' "$user" "$password"
done
if id mosquitto >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    chown mosquitto: "$tmp"
fi
mv "$tmp" "$file"
trap - EXIT
echo "wrote $file; restart mosquitto to load it" >&2
