"""TLS for `mqtts://` broker URLs: which CA the hub trusts, and why a handshake failed.

The table's broker has a certificate from its own CA (`hardware/mosquitto/make-ca.sh`),
so the hub must be told that CA's `ca.crt`: the URL's `?ca=/path` wins, else the
environment variable `CITADELS_MQTT_CA`, else the system's trust store (a broker with a
public certificate). The host name or IP in the URL must be in the certificate.

paho swallows the exception of a failed connection attempt, so the context made here
records the last handshake failure for `MqttBus` to report in one line.
"""

from __future__ import annotations

import os
import ssl
from collections.abc import Mapping
from typing import Any

CA_ENV = "CITADELS_MQTT_CA"
HINT = f"is ?ca= (or {CA_ENV}) the table's ca.crt from make-ca.sh, and the host name in its certificate?"


def ca_file_for(query_ca: str | None, environ: Mapping[str, str] | None = None) -> str | None:
    """The CA file to trust: the URL's `ca`, else $CITADELS_MQTT_CA, else None (system store)."""
    if query_ca:
        return query_ca
    found = (os.environ if environ is None else environ).get(CA_ENV, "")
    return found or None


class _RecordingSocket(ssl.SSLSocket):
    """An SSL socket that leaves its handshake failure on its context (see module doc)."""

    def do_handshake(self, block: bool = False) -> None:
        try:
            super().do_handshake(block)
        except (ssl.SSLError, ssl.CertificateError) as failure:
            context: Any = self.context
            context.last_failure = describe_failure(failure)
            self.close()  # paho drops a socket whose handshake failed without closing it
            raise
        except OSError:  # the broker went away mid-handshake (restarted, reset): no verdict on its certificate
            self.close()
            raise


def describe_failure(failure: Exception) -> str:
    """One line saying why the broker's certificate was not accepted."""
    reason = getattr(failure, "verify_message", None) or getattr(failure, "reason", None) or str(failure)
    return f"TLS handshake failed ({reason}); {HINT}"


def client_context(ca_file: str | None) -> ssl.SSLContext:
    """A client context that checks the broker's certificate and host name (TLS >= 1.2),
    trusting `ca_file` (or the system store if None). A missing or unreadable CA file
    is a ValueError naming it."""
    try:
        context = ssl.create_default_context(cafile=ca_file)
    except FileNotFoundError:
        raise ValueError(f"CA file {ca_file} not found (mqtts://...?ca=PATH or {CA_ENV})") from None
    except (ssl.SSLError, OSError) as error:
        raise ValueError(f"CA file {ca_file} is not a PEM certificate: {error}") from None
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.sslsocket_class = _RecordingSocket
    context.last_failure = None  # type: ignore[attr-defined]
    return context


def take_failure(context: ssl.SSLContext | None) -> str | None:
    """The handshake failure recorded since the last call, if any."""
    if context is None:
        return None
    failure: str | None = getattr(context, "last_failure", None)
    context.last_failure = None  # type: ignore[attr-defined]
    return failure
