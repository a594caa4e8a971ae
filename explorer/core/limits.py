"""Size limits on saved files and the text in them, and reading a saved file safely (issue 21).

Real files sit far below every limit: a 10,000-node timeline is about 0.5 MB (10,000 objects and lists),
a position a few kilobytes (a few hundred JSON values)."""
from __future__ import annotations

import os
import stat
from typing import Annotated

from pydantic import BeforeValidator, FailFast, Field
from pydantic_core import PydanticCustomError

from .errors import PositionError, clip

MAX_FILE_BYTES = 5_000_000  # a saved timeline, study or position, file or JSON text
MAX_CONTAINERS = 500_000  # '{' and '[' in such a text (a 5 MB timeline holds about 100,000 nodes)
MAX_COMMENT = 2_000  # a node's comment: what the explorer's comment box takes
MAX_ACTION = 2_000  # a saved move's text: what the explorer's move box takes
MAX_NODES = 1_000_000  # nodes in one saved timeline (given as a dict: a file holds far fewer)
MAX_POSITION_TEXT = 2_000  # characters in one string value of a position (real ones: a few dozen)
MAX_POSITION_VALUES = 20_000  # JSON values (objects, lists, strings, numbers) in one position


def read_file(path, what: str) -> bytes:
    """The bytes of the regular file at `path`, at most MAX_FILE_BYTES; PositionError otherwise. Devices
    (/dev/zero), pipes and folders are refused without reading them, and the open never waits on a pipe."""
    def fail(reason):
        raise PositionError(f"cannot read the {what} file {clip(repr(str(path)), 60)}: {reason}")

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError, TypeError) as exc:  # missing, no permission, a NUL in the name, not a path
        fd, reason = None, clip(getattr(exc, "strerror", None) or exc, 80)
    if fd is None:
        fail(reason)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            fail("expected a regular file (not a folder, device or pipe)")
        if info.st_size > MAX_FILE_BYTES:
            fail(f"expected at most {MAX_FILE_BYTES:,} bytes, got {info.st_size:,}")
        chunks, size = [], 0
        while size <= MAX_FILE_BYTES:  # a file that grows while read is cut off here
            chunk = os.read(fd, min(1 << 20, MAX_FILE_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_FILE_BYTES:
            fail(f"expected at most {MAX_FILE_BYTES:,} bytes")
        return b"".join(chunks)
    except OSError as exc:
        reason = clip(exc.strerror or exc, 80)
    finally:
        os.close(fd)
    fail(reason)


def check_text_size(text, what: str) -> None:
    """PositionError if JSON text (str or bytes) is longer than MAX_FILE_BYTES, or would make more than
    MAX_CONTAINERS objects and lists (every '{' and '[' counted, in strings too): parsing 5 MB of `[[]]`
    would otherwise take 150 MB."""
    if len(text) > MAX_FILE_BYTES:
        raise PositionError(f"{what}: expected JSON text of at most {MAX_FILE_BYTES:,} characters, "
                            f"got {len(text):,}")
    brackets = ("[", "{") if isinstance(text, str) else (b"[", b"{")
    count = text.count(brackets[0]) + text.count(brackets[1])
    if count > MAX_CONTAINERS:
        raise PositionError(f"{what}: expected JSON of at most {MAX_CONTAINERS:,} objects and lists "
                            f"(every '{{' and '[' counted), got {count:,}")


def check_values(data, what: str, limit: int = MAX_POSITION_VALUES) -> None:
    """PositionError if `data` holds more than `limit` JSON values (counted without recursion, stopping
    at the limit), so validating it cannot build millions of error records, or a string value longer than
    MAX_POSITION_TEXT (a card's text, a group's name: what a view sends to every seat)."""
    count, stack = 1, [(data, ())]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str):
            if len(value) > MAX_POSITION_TEXT:
                field = clip(".".join(clip(str(k), 40) for k in where), 120)
                raise PositionError(f"{what}, field {field}: expected a text of at most {MAX_POSITION_TEXT:,} "
                                    f"characters, got {len(value):,}")
        elif isinstance(value, (dict, list, tuple)):
            count += len(value)  # a dict's values (its keys are not counted)
            if count > limit:
                raise PositionError(f"{what}: expected at most {limit:,} values (objects, lists, strings and "
                                    f"numbers); a real position holds a few hundred")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            stack.extend((v, (*where, k)) for k, v in items)


# ---- for pydantic models of saved files: errors stay few whatever the input holds

def bounded_list(item, most: int):
    """A list of at most `most` items whose validation stops at the first bad one."""
    return Annotated[list[item], Field(max_length=most), FailFast()]


def few_fields(what: str, fields) -> BeforeValidator:
    """Refuses whole an object with more fields than `fields` (pydantic would record each unknown one):
    error type "too_many_fields", message "expected <what> with <fields>; got <n> fields"."""
    fields = list(fields)

    def check(value):
        if isinstance(value, dict) and len(value) > len(fields):
            raise PydanticCustomError("too_many_fields", "expected {what} with {fields}; got {n} fields",
                                      {"what": what, "fields": ", ".join(fields), "n": f"{len(value):,}"})
        return value
    return BeforeValidator(check)
