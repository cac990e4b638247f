"""Which addresses a server listens on, in the words its warnings use:
loopback (this computer only) or every network the computer is on."""

from __future__ import annotations

import ipaddress

EVERY_ADDRESS = ("0.0.0.0", "::", "")


def is_loopback(host: str) -> bool:
    """Whether `host` is reachable from this computer only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def reach(host: str) -> str:
    """Who may reach a server on `host`, for a warning."""
    return "every network this computer is on" if host in EVERY_ADDRESS else host
