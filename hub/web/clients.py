"""Who a connection comes from, as far as the hub can tell: its address group.

On a LAN one machine can hold many addresses cheaply: IPv4 aliases, and with IPv6 every
interface gets a /64 and picks addresses in it at will (privacy addresses). So the share
one client may hold is counted per group: an IPv4 address (an IPv4-mapped IPv6 address is
that IPv4 address), or an IPv6 /64. Nobody on the Wi-Fi can be the Pi itself (127.0.0.1,
::1: a screen on the hub, local tools), which is never bounded per client.
"""

from __future__ import annotations

import ipaddress

THE_HUB_ITSELF = frozenset({"127.0.0.1", "::1"})
IPV6_GROUP_BITS = 64


def client_group(host: str) -> str:
    """The group `host` belongs to: itself for IPv4 (and the Pi's own addresses), its /64
    for IPv6 ("2001:db8:1:2::/64"); anything unreadable is its own group."""
    if host in THE_HUB_ITSELF or "." in host and ":" not in host:
        return host
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, IPV6_GROUP_BITS), strict=False))
    return str(address)
