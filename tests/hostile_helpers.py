"""Shared by the hostile-input tests: which files a block of code opens (an audit hook)."""
from __future__ import annotations

import sys

_OPENED: list | None = None


def _audit(event, args):
    if _OPENED is not None and event == "open" and args and isinstance(args[0], (str, bytes)):
        _OPENED.append(args[0] if isinstance(args[0], str) else args[0].decode(errors="replace"))


sys.addaudithook(_audit)  # hooks cannot be removed: this one records only while _OPENED is a list


class opened:
    """`with opened() as files:` -> the paths opened inside the block."""

    def __enter__(self):
        global _OPENED
        _OPENED = []
        return _OPENED

    def __exit__(self, *exc):
        global _OPENED
        _OPENED = None
