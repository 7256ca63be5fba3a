"""The hub's one error base type: every refusal or failure a program may act on carries a
stable ``code`` (one word, for programs and tests) and a ``message`` (for people).

Standard library only and no imports from the rest of ``hub``: the rules core, the
protocol, the store and the web layer all derive their coded errors from it, so a caller
can catch ``HubError`` and answer with ``code``/``message`` whatever raised it.
"""

from __future__ import annotations


class HubError(Exception):
    """A coded error. ``str(error)`` is ``"code: message"`` unless a subclass says otherwise."""

    def __init__(self, code: str, message: str, *, text: str | None = None) -> None:
        super().__init__(f"{code}: {message}" if text is None else text)
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}
