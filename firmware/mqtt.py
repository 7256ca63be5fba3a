"""Minimal MQTT 3.1.1 client for the seat (works on MicroPython and CPython sockets).

Written for this firmware instead of umqtt.simple because the seat needs non-blocking
QoS 1: publish() returns at once with a packet id and PUBACKs come back through
poll(), so the outbox keeps an event until the broker really has it. Every socket
call is bounded by a timeout; any failure raises OSError and the caller reconnects.

TLS (`tls=` a CA file path, or "" for no server check): the TCP socket is wrapped with
the port's `ssl` module (MicroPython >= 1.23 and CPython share SSLContext), verifying the
broker's certificate against the CA. MicroPython's TLS socket offers read/write (recv/send
only with DTLS) and timeouts live on the raw socket, so I/O goes through small helpers.
"""

import socket
import struct

CONNECT = 0x10
CONNACK = 0x20
PUBLISH = 0x30
PUBACK = 0x40
SUBSCRIBE = 0x82
SUBACK = 0x90
PINGREQ = 0xC0
PINGRESP = 0xD0
DISCONNECT = 0xE0
NO_DATA_ERRNOS = (11, 35, 110, 115)   # EAGAIN, EAGAIN (BSD), ETIMEDOUT, EINPROGRESS


def _no_data(exc):
    """A non-blocking read found nothing (plain socket errno, or CPython's TLS 'want read')."""
    return (exc.args and exc.args[0] in NO_DATA_ERRNOS) or type(exc).__name__ == "SSLWantReadError"


def tls_wrap(sock, server, cafile):
    """Wrap a connected socket in TLS; verify the broker against cafile unless it is ""."""
    import ssl
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    # setattr: MicroPython has verify_mode (mbedtls checks only with CERT_REQUIRED) but
    # its stubs do not list it.
    if cafile:
        context.load_verify_locations(cafile=cafile)
        setattr(context, "verify_mode", ssl.CERT_REQUIRED)
    else:
        if hasattr(context, "check_hostname"):
            setattr(context, "check_hostname", False)
        setattr(context, "verify_mode", ssl.CERT_NONE)
    return context.wrap_socket(sock, server_hostname=server)


class MQTTError(OSError):
    """Protocol-level failure (refused CONNECT, malformed packet): reconnect."""


class CertificateRefused(MQTTError):
    """The broker's certificate failed the check: another CA, or not issued for the name or
    address dialled. Retrying cannot help until the certificate or broker.host changes."""


CERT_VERIFY_FAILED = -9984   # MBEDTLS_ERR_X509_CERT_VERIFY_FAILED (MicroPython's TLS)


def _certificate_refused(exc):
    return ((exc.args and exc.args[0] == CERT_VERIFY_FAILED) or "CERTIFICATE_VERIFY_FAILED" in str(exc)
            or "certificate verify failed" in str(exc))


def _string(text):
    data = text.encode() if isinstance(text, str) else text
    return struct.pack("!H", len(data)) + data


def _remaining_length(length):
    out = bytearray()
    while True:
        byte = length & 0x7F
        length >>= 7
        out.append(byte | 0x80 if length else byte)
        if not length:
            return bytes(out)


class MQTTClient:
    def __init__(self, client_id, server, port=1883, user=None, password=None,
                 keepalive=30, timeout_s=5, tls=None):
        self.client_id = client_id
        self.server = server
        self.port = port
        self.user = user
        self.password = password
        self.keepalive = keepalive
        self.timeout_s = timeout_s
        self.tls = tls            # None: plain TCP; else the CA file path ("" = no check)
        self.sock = None  # type: socket.socket | None
        self.refused = None       # why the last TLS handshake refused the broker, or None
        self._raw = None  # the TCP socket under a TLS one (holds the timeouts on MicroPython)
        self.will = None
        self.on_message = None    # f(topic: str, payload: bytes)
        self.on_ack = None        # f(packet_id)
        self._next_pid = 0

    def set_last_will(self, topic, msg, retain=False, qos=0):
        self.will = (topic, msg, retain, qos)

    def _packet_id(self):
        self._next_pid = self._next_pid % 65535 + 1
        return self._next_pid

    def _socket(self):
        if self.sock is None:
            raise OSError(9)   # EBADF: not connected
        return self.sock

    def _timeout(self, seconds):
        """Socket timeout in s, or 0 for non-blocking, on whichever socket holds it."""
        sock = self._socket()
        target = sock if hasattr(sock, "settimeout") or self._raw is None else self._raw
        if seconds:
            target.settimeout(seconds)
        else:
            target.setblocking(False)

    def _recv(self, count):
        sock = self._socket()
        return sock.recv(count) if hasattr(sock, "recv") else sock.read(count)

    def _send(self, data):
        sock = self._socket()
        view = memoryview(data)
        while view:
            sent = sock.send(view) if hasattr(sock, "send") else sock.write(view)
            if not sent:
                raise OSError(104)
            view = view[sent:]

    def _recv_exact(self, count):
        data = b""
        while len(data) < count:
            chunk = self._recv(count - len(data))
            if not chunk:
                raise OSError(104)   # connection closed by the broker
            data += chunk
        return data

    def connect(self, clean_session=True):
        """Open the TCP connection and complete CONNECT/CONNACK, or raise OSError."""
        self.close()
        addr = socket.getaddrinfo(self.server, self.port)[0][-1]
        sock = socket.socket()
        self.sock = self._raw = sock
        sock.settimeout(self.timeout_s)
        sock.connect(addr)
        if self.tls is not None:
            try:
                self.sock = tls_wrap(sock, self.server, self.tls)
            except (ValueError, OSError) as exc:   # CPython's refusal is both
                if _certificate_refused(exc):
                    self.refused = ("CERTIFICATE_VERIFY_FAILED: the broker's certificate is not valid for %s "
                                    "(%s): make-ca.sh must name the address the seats dial, ca.crt must be "
                                    "the table's" % (self.server, getattr(exc, "verify_message", None) or exc))
                    raise CertificateRefused(self.refused)
                if isinstance(exc, ValueError):   # e.g. an unreadable CA file on MicroPython
                    raise MQTTError("TLS: %s" % (exc,))
                raise
        self.refused = None
        flags = 0x02 if clean_session else 0
        payload = _string(self.client_id)
        if self.will:
            topic, msg, retain, qos = self.will
            flags |= 0x04 | (qos & 3) << 3 | (0x20 if retain else 0)
            payload += _string(topic) + _string(msg)
        if self.user:
            flags |= 0x80
            payload += _string(self.user)
            if self.password:
                flags |= 0x40
                payload += _string(self.password)
        body = _string("MQTT") + struct.pack("!BBH", 4, flags, self.keepalive) + payload
        self._send(bytes((CONNECT,)) + _remaining_length(len(body)) + body)
        reply = self._recv_exact(4)
        if reply[0] != CONNACK or reply[1] != 2:
            raise MQTTError("bad CONNACK")
        if reply[3]:
            raise MQTTError("connection refused, code %d" % reply[3])
        return bool(reply[2] & 1)

    def publish(self, topic, msg, retain=False, qos=0, dup=False):
        """Send a PUBLISH; returns the packet id for QoS 1 (0 for QoS 0)."""
        pid = self._packet_id() if qos else 0
        data = msg.encode() if isinstance(msg, str) else msg
        body = _string(topic) + (struct.pack("!H", pid) if qos else b"") + data
        header = PUBLISH | (0x08 if dup else 0) | (qos & 3) << 1 | (1 if retain else 0)
        self._send(bytes((header,)) + _remaining_length(len(body)) + body)
        return pid

    def subscribe(self, topic, qos=1):
        pid = self._packet_id()
        body = struct.pack("!H", pid) + _string(topic) + bytes((qos,))
        self._send(bytes((SUBSCRIBE,)) + _remaining_length(len(body)) + body)
        return pid

    def ping(self):
        self._send(bytes((PINGREQ, 0)))

    def disconnect(self):
        try:
            self._send(bytes((DISCONNECT, 0)))
        finally:
            self.close()

    def close(self):
        for sock in (self.sock, self._raw):
            if sock is not None:
                try:
                    sock.close()
                except OSError:
                    pass
        self.sock = self._raw = None

    def poll(self):
        """Handle at most one incoming packet without waiting for one.

        Returns the packet type handled, or None when nothing was waiting.
        """
        self._timeout(0)
        try:
            first = self._recv(1)
        except OSError as exc:
            if _no_data(exc):
                return None
            raise
        finally:
            if self.sock:
                self._timeout(self.timeout_s)
        if first is None:
            return None
        if not first:
            raise OSError(104)
        kind = first[0] & 0xF0
        length = 0
        shift = 0
        while True:
            byte = self._recv_exact(1)[0]
            length |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
            if shift > 21:
                raise MQTTError("bad remaining length")
        body = self._recv_exact(length) if length else b""
        if kind == PUBLISH:
            self._handle_publish(first[0], body)
        elif kind == PUBACK:
            if self.on_ack and len(body) >= 2:
                self.on_ack(struct.unpack("!H", body[:2])[0])
        elif kind not in (SUBACK, PINGRESP):
            raise MQTTError("unexpected packet 0x%02x" % first[0])
        return kind

    def _handle_publish(self, header, body):
        qos = (header >> 1) & 3
        topic_len = struct.unpack("!H", body[:2])[0]
        topic = body[2:2 + topic_len].decode()
        pos = 2 + topic_len
        if qos:
            pid = body[pos:pos + 2]
            pos += 2
            self._send(bytes((PUBACK, 2)) + pid)
        if self.on_message:
            self.on_message(topic, body[pos:])
