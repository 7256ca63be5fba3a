#!/bin/sh
# Make the table's own certificate authority and the broker's TLS certificate, so seats
# on the Wi-Fi talk to Mosquitto over TLS (listener 8883) and check they reached the Pi.
#   usage: make-ca.sh [DIR [NAME_OR_IP ...]]       (default DIR /etc/mosquitto/citadels)
# Names default to the table's address (TABLE_ADDRESS in hardware/table.env, the one
# flash_seat.py gives every seat), this host's name, NAME.local, localhost and 127.0.0.1;
# a seat checks the certificate against the address it dials, so that one must be here.
# Writes DIR/ca.crt (give it to every seat and to `mqtts://...?ca=`), DIR/ca.key (stays
# here, mode 600), DIR/server.crt and DIR/server.key (mode 600, owned by mosquitto).
# An existing CA is kept (seats keep trusting the broker); the server pair is renewed.
# Validity in days: CA_DAYS (default 3650), SERVER_DAYS (default 1825).
set -eu

dir=${1:-/etc/mosquitto/citadels}
[ $# -gt 0 ] && shift
command -v openssl >/dev/null || { echo "openssl not found (apt-get install openssl)" >&2; exit 1; }
ca_days=${CA_DAYS:-3650}
server_days=${SERVER_DAYS:-1825}

if [ $# -eq 0 ]; then
    table_env="$(cd "$(dirname "$0")/.." && pwd)/table.env"
    address=$(sed -n 's/^TABLE_ADDRESS=//p' "$table_env" 2>/dev/null | tail -n 1)
    [ -n "$address" ] || { echo "no TABLE_ADDRESS in $table_env: name the addresses seats dial" >&2; exit 1; }
    host=$(hostname)
    set -- "$address" "$host" "$host.local" localhost 127.0.0.1
fi
san=""
for name in "$@"; do
    case $name in
        *[!0-9.]*) case $name in *:*) entry="IP:$name" ;; *) entry="DNS:$name" ;; esac ;;
        *) entry="IP:$name" ;;
    esac
    san="${san:+$san,}$entry"
done

umask 077
mkdir -p "$dir"
chmod 755 "$dir"   # mosquitto must reach server.*; ca.key itself stays 600
work=$(mktemp -d "$dir/.make-ca.XXXXXX")
trap 'rm -rf "$work"' EXIT

if [ ! -s "$dir/ca.key" ] || [ ! -s "$dir/ca.crt" ]; then
    openssl req -x509 -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
        -keyout "$work/ca.key" -out "$work/ca.crt" -days "$ca_days" -sha256 \
        -subj "/O=Citadels table/CN=Citadels table CA $(date -u +%Y-%m-%d)" \
        -addext "basicConstraints=critical,CA:TRUE,pathlen:0" \
        -addext "keyUsage=critical,keyCertSign,cRLSign" \
        -addext "subjectKeyIdentifier=hash" 2>/dev/null
    mv "$work/ca.key" "$dir/ca.key"
    mv "$work/ca.crt" "$dir/ca.crt"
    echo "made a new CA: $dir/ca.crt (valid $ca_days days)" >&2
fi

openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
    -keyout "$work/server.key" -out "$work/server.csr" -subj "/O=Citadels table/CN=$1" 2>/dev/null
cat >"$work/server.ext" <<EOF
basicConstraints=critical,CA:FALSE
keyUsage=critical,digitalSignature
extendedKeyUsage=serverAuth
subjectAltName=$san
subjectKeyIdentifier=hash
authorityKeyIdentifier=keyid
EOF
openssl x509 -req -in "$work/server.csr" -CA "$dir/ca.crt" -CAkey "$dir/ca.key" \
    -CAcreateserial -CAserial "$work/ca.srl" -out "$work/server.crt" -days "$server_days" \
    -sha256 -extfile "$work/server.ext" 2>/dev/null
openssl verify -CAfile "$dir/ca.crt" "$work/server.crt" >/dev/null

chmod 644 "$dir/ca.crt" "$work/server.crt"
chmod 600 "$dir/ca.key" "$work/server.key"
if id mosquitto >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    chown mosquitto: "$work/server.key" "$work/server.crt"   # Mosquitto reads them as mosquitto
fi
mv "$work/server.key" "$dir/server.key"
mv "$work/server.crt" "$dir/server.crt"
echo "wrote $dir/server.crt for $san (valid $server_days days); restart mosquitto to load it" >&2
