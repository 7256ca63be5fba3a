#!/bin/sh
# Create the table's broker logins and access rules (Mosquitto's dynamic security plugin,
# the plugin_opt_config_file of mosquitto.conf): users hub and seat1..seat7, each with a
# fresh random password, printed once so you can put it in that seat's config (and the
# hub's). Re-running replaces every password. The printed `user password` lines, kept in a
# file only you can read, are what `citadels-hub sim --seat-logins FILE` takes.
# The rules (dynsec.py, beside this script) name the table in every seat's role: a seat
# login writes only its own status/hello/event under its own table, and may subscribe to
# nothing but its own cmd and the hub's status (docs/security.md, "Broker and transport").
#   usage: make-passwords.sh [CONFIG_FILE [TABLE [KEEP]]]
#          (defaults /etc/mosquitto/citadels-dynsec.json and t1, the hub's --table)
# KEEP: a file of `user password` lines an earlier run printed; those passwords are kept
# (boards already flashed need no new one), the others made new.
set -eu

file=${1:-/etc/mosquitto/citadels-dynsec.json}
table=${2:-t1}
keep=${3:-}
here=$(dirname "$0")
python=$(command -v python3 || true)
[ -n "$python" ] || { echo "python3 not found (apt-get install python3)" >&2; exit 1; }
case "$table" in
    ""|*[!A-Za-z0-9_-]*) echo "table name '$table': letters, digits, _ and - only (as the hub's --table)" >&2; exit 2 ;;
esac
[ ${#table} -le 32 ] || { echo "table name '$table': at most 32 characters" >&2; exit 2; }

umask 077
tmp="$file.new.$$"
trap 'rm -f "$tmp"' EXIT
"$python" "$here/dynsec.py" "$table" "$tmp" ${keep:+"$keep"}
if id mosquitto >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    chown mosquitto: "$tmp"
fi
mv "$tmp" "$file"
trap - EXIT
echo "wrote $file (table $table); restart mosquitto to load it" >&2
