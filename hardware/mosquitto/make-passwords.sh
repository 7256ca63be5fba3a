#!/bin/sh
# Create the Mosquitto password file for a table: users hub and seat1..seat7, each with
# a fresh random password, printed once so you can put it in that seat's config
# (and the hub's). Re-running replaces every password. The printed `user password` lines,
# kept in a file only you can read, are what `citadels-hub sim --seat-logins FILE` takes.
# It also writes the table's ACL beside the password file (citadels.passwd -> citadels.acl,
# the acl_file of mosquitto.conf) from the template `acl` next to this script, with the
# table's name in every seat rule: a seat login can only ever write under its own table.
#   usage: make-passwords.sh [PASSWORD_FILE [TABLE]]
#          (defaults /etc/mosquitto/citadels.passwd and t1, the hub's --table)
set -eu

file=${1:-/etc/mosquitto/citadels.passwd}
table=${2:-t1}
here=$(dirname "$0")
tool=$(command -v mosquitto_passwd || true)
[ -n "$tool" ] || { echo "mosquitto_passwd not found (apt-get install mosquitto)" >&2; exit 1; }
case "$table" in
    ""|*[!A-Za-z0-9_-]*) echo "table name '$table': letters, digits, _ and - only (as the hub's --table)" >&2; exit 2 ;;
esac
[ ${#table} -le 32 ] || { echo "table name '$table': at most 32 characters" >&2; exit 2; }
acl="${file%.passwd}.acl"
[ "$acl" != "$file" ] || acl="$file.acl"

new_password() {
    # 20 characters from [A-Za-z0-9]: ~119 bits, typeable into a seat's config file.
    LC_ALL=C tr -dc 'A-Za-z0-9' </dev/urandom | head -c 20
}

umask 077
tmp="$file.new.$$"
trap 'rm -f "$tmp" "$tmp.acl"' EXIT
: >"$tmp"
for user in hub seat1 seat2 seat3 seat4 seat5 seat6 seat7; do
    password=$(new_password)
    "$tool" -b "$tmp" "$user" "$password"
    printf '%s %s\n' "$user" "$password"
done
sed "s#^\(topic [a-z]* citadels/\)TABLE/#\1$table/#" "$here/acl" >"$tmp.acl"
if id mosquitto >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    chown mosquitto: "$tmp" "$tmp.acl"
fi
mv "$tmp.acl" "$acl"
mv "$tmp" "$file"
trap - EXIT
echo "wrote $file and $acl (table $table); restart mosquitto to load them" >&2
