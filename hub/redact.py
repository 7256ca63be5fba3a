"""Masking secrets out of text meant for people: passwords in URLs, tokens in paths.

Messages, errors and log lines name what went wrong, never a secret: a mistyped broker
URL is echoed with its password replaced, and a request path such as
``/admin/<token>/game`` is logged as ``/admin/***/game``.
"""

from __future__ import annotations

import re

MASK = "***"
_WORD = re.compile(r"[^\s'\"<>]+")
_TOKEN_PATH = re.compile(r"(?P<head>/(?:api/)?(?:seat|admin)/)[^/?#\s'\"]+")


def mask_password(text: str) -> str:
    """``text`` with the password of every ``scheme://user:password@host`` replaced by ***.

    Works on mistyped URLs too (``mqtt//user:pw@host``, ``mqtt:/user:pw@host``,
    ``user:pw@host``): in any word with an ``@``, what lies between the user's ``:`` and
    the last ``@`` is masked.
    """
    return _WORD.sub(lambda m: _mask_userinfo(m.group()), text)


def _mask_userinfo(word: str) -> str:
    at = word.rfind("@")
    if at < 0:
        return word
    slashes = word.find("//", 0, at)
    start = slashes + 2 if slashes >= 0 else word.find("/", 0, at) + 1
    colon = word.find(":", start, at)
    return word if colon < 0 else f"{word[:colon + 1]}{MASK}{word[at:]}"


def mask_tokens(text: str) -> str:
    """``text`` with the token of every seat or admin link path replaced by ***."""
    return _TOKEN_PATH.sub(lambda m: f"{m['head']}{MASK}", text)


def mask_secrets(text: str) -> str:
    """Both masks: for any message that may quote a URL or a request path."""
    return mask_tokens(mask_password(text))
