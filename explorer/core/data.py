"""Finding packaged data, reading the rules ledger and component files, provenance."""
from __future__ import annotations

import functools
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from .errors import DataError, clip


def _packaged_or_source(packaged: str, source: str) -> Path:
    """An installed wheel carries the folder inside the package; a checkout has it beside it."""
    here = Path(__file__).resolve().parents[1]
    inside = here / packaged
    return inside if inside.is_dir() else here.parent / source


def data_root() -> Path:
    """The `data/` folder (packaged as `explorer/_data`)."""
    return _packaged_or_source("_data", "data")


def widgets_root() -> Path:
    """The `widgets/` folder with the front end's ESM and CSS (packaged as `explorer/_widgets`)."""
    return _packaged_or_source("_widgets", "widgets")


def common_js() -> str:
    """widgets/common.js after the seat palette it reads (explorer.core.colour.SEAT_COLOURS)."""
    import json

    from .colour import SEAT_COLOURS
    return (f"const SEAT_COLOURS = {json.dumps(SEAT_COLOURS)};\n"
            + (widgets_root() / "common.js").read_text(encoding="utf-8"))


def front_end(*tail: str) -> str:
    """One ES module with no imports: widgets/common.js, every game's board, then the `tail` files of widgets/.
    The explorer, the study page (explorer.publish) and the boards' test page are all built this way."""
    root = widgets_root()
    out = [common_js()]
    for p in sorted((root / "boards").glob("*.js")):  # a block each: boards cannot clash with each other
        out.append(f"// ---- boards/{p.name}\n{{\n" + p.read_text(encoding="utf-8") + "\n}")
    out.extend((root / name).read_text(encoding="utf-8") for name in tail)
    return "\n".join(out)


def _explain(err: ValidationError, where: str) -> DataError:
    lines = []
    errors = err.errors()
    for e in errors[:5]:
        loc = clip(".".join(clip(p, 40) for p in e["loc"]) or "(top)", 120)
        lines.append(f"  {loc}: {clip(e['msg'], 200)}")
    if len(errors) > 5:
        lines.append(f"  and {len(errors) - 5} more")
    return DataError(f"{clip(where, 120)} does not validate:\n" + "\n".join(lines))


MAX_DATA_BYTES = 1_000_000


def read_toml(path: Path, where: str | None = None) -> dict:
    where = clip(where or str(path), 120)
    try:
        path = Path(path)
        if not path.exists():
            raise DataError(f"{where}: file not found")
        if not path.is_file() or path.stat().st_size > MAX_DATA_BYTES:
            raise DataError(f"{where}: expected a TOML file of at most {MAX_DATA_BYTES:,} bytes")
        with open(path, "rb") as fh:
            return tomllib.loads(fh.read(MAX_DATA_BYTES + 1).decode("utf-8"))
    except (OSError, ValueError) as exc:  # a name too long, a NUL byte, not UTF-8, ...
        if isinstance(exc, DataError):
            raise
        if isinstance(exc, tomllib.TOMLDecodeError):
            raise DataError(f"{where} is not valid TOML: {clip(exc, 200)}") from None
        raise DataError(f"{where}: cannot be read as UTF-8 text ({clip(exc, 120)})") from None
    except RecursionError:
        raise DataError(f"{where}: TOML nested too deeply") from None


# ---- rules ledger --------------------------------------------------------------------------

class Rule(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    text: str
    source: str
    section: str
    kind: Literal["rule", "interpretation"] = "rule"
    option: str | None = None


class Book(BaseModel):
    model_config = ConfigDict(extra="forbid")
    file: str
    title: str


class Books(BaseModel):
    model_config = ConfigDict(extra="forbid")
    book: list[Book]


@functools.cache
def rulebooks() -> dict[str, str]:
    """Rulebook file name -> the title a reader knows it by (data/rules/rulebooks.toml)."""
    path = data_root() / "rules" / "rulebooks.toml"
    try:
        books = Books.model_validate(read_toml(path))
    except ValidationError as err:
        raise _explain(err, str(path)) from None
    return {b.file: b.title for b in books.book}


def where(rule: Rule) -> str:
    """Where a rule is written, as a reader can look it up: 'Lotus rulebook (English) § SETUP'."""
    return f"{rulebooks().get(rule.source, rule.source)} § {rule.section}"


def rule_notes(game: str) -> dict[str, str]:
    """Rule id -> its paraphrase and where it is written, for a reader hovering or clicking a rule id
    (the explorer's `rules` trait, the study page); an interpretation says so."""
    return {rid: f"{'our reading: ' if r.kind == 'interpretation' else ''}{r.text} ({where(r)})"
            for rid, r in ledger(game).items()}


class Ledger(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    rule: list[Rule]

    @model_validator(mode="after")
    def _unique(self):
        seen = set()
        for r in self.rule:
            if r.id in seen:
                raise ValueError(f"duplicate rule id {r.id}")
            if not r.id.startswith(self.game + "."):
                raise ValueError(f"rule id {r.id} must start with '{self.game}.'")
            seen.add(r.id)
        return self


def _game_key(game) -> str:
    """A game name as its data folders spell it (any case); never a path (ValueError)."""
    from .registry import canonical_name
    key = canonical_name(game)
    if key is None or not key.replace("_", "").isalpha() or not key.isascii():
        raise ValueError(f"unknown game {clip(repr(game), 60)}: expected a game name such as 'lotus'")
    return key


def ledger(game: str) -> dict[str, Rule]:
    """Rule id -> Rule for a game, from `data/rules/<game>.toml` (the name in any case)."""
    return _ledger(_game_key(game))


@functools.cache
def _ledger(game: str) -> dict[str, Rule]:
    path = data_root() / "rules" / f"{game}.toml"
    try:
        led = Ledger.model_validate(read_toml(path))
    except ValidationError as err:
        raise _explain(err, str(path)) from None
    return {r.id: r for r in led.rule}


def cite(rule_id: str) -> str:
    """'rule-id (file § section)' for a log line."""
    game = rule_id.split(".", 1)[0]
    r = ledger(game).get(rule_id)
    if r is None:
        return rule_id
    return f"{rule_id} ({where(r)})"


# ---- component files with provenance ----------------------------------------------------------

class Entry(BaseModel):
    """One component value and where it comes from."""
    model_config = ConfigDict(extra="forbid")
    value: Any
    source: Literal["rulebook", "assumed"]
    file: str | None = None
    section: str | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _cited(self):
        if self.source == "rulebook" and not (self.file and self.section):
            raise ValueError("a rulebook value needs 'file' and 'section'")
        if self.source == "assumed" and not self.note:
            raise ValueError("an assumed value needs a 'note' saying why it was chosen")
        return self


def load_components(game: str, path: str | Path | None = None) -> dict[str, Entry]:
    """Read `data/<game>/components.toml` (or a user's replacement) as name -> Entry."""
    if isinstance(path, str) and path in _ALLOWED:  # an allowed file's label
        path = _ALLOWED[path]
    src = Path(path) if path is not None else data_root() / _game_key(game) / "components.toml"
    raw = read_toml(src)
    if not isinstance(raw, dict) or not raw:
        raise DataError(f"{src}: expected tables of component values")
    out = {}
    for name, table in raw.items():
        if not isinstance(table, dict):
            raise DataError(f"{src}: '{name}' should be a table with value/source/file/section/note")
        try:
            out[name] = Entry.model_validate(table)
        except ValidationError as err:
            raise _explain(err, f"{src} [{name}]") from None
    return out


def validated_components(game: str, model: type[BaseModel], path: str | None):
    """The game's component values (or a user's file at `path`) checked by the pydantic `model`."""
    values = {k: e.value for k, e in load_components(game, path).items()}
    try:
        return model.model_validate(values)
    except ValidationError as err:
        raise _explain(err, clip(path or f"data/{game}/components.toml", 120)) from None


# ---- which component files a position may name ----------------------------------------------------
#
# A saved position names its component file by a label, "components-sha256:<16 hex digits>" of the file's
# bytes, never by a local path (views and saved files are shared). Files the user names explicitly --
# load(data=...), from_json(..., components=...), Timeline.load(..., components=...) -- are allowed for the
# rest of the session; a position may name only those (by label, or by path for hand-written positions).

LABEL_PREFIX = "components-sha256:"
_ALLOWED: dict[str, str] = {}   # label -> resolved path
_LABELS: dict[str, str] = {}    # resolved path -> label


def allow_components(path) -> str:
    """Allow a component file for positions loaded in this session; returns its label."""
    if isinstance(path, str) and path in _ALLOWED:
        return path
    try:
        real = str(Path(path).resolve())
    except (OSError, ValueError, TypeError, RuntimeError) as exc:
        raise DataError(f"{clip(path, 120)}: not a usable file name ({clip(exc, 80)})") from None
    label = _LABELS.get(real)
    if label is None:
        read_toml(Path(real), clip(path, 120))  # exists, small, TOML
        import hashlib
        with open(real, "rb") as fh:
            label = LABEL_PREFIX + hashlib.sha256(fh.read(MAX_DATA_BYTES + 1)).hexdigest()[:16]
        _LABELS[real], _ALLOWED[label] = label, real
    return label


def allow_all(components) -> None:
    """allow_components for None, one path or a list of paths."""
    if components is None:
        return
    if isinstance(components, (str, Path)):
        components = [components]
    for c in components:
        allow_components(c)


def _packaged(path: str) -> bool:
    import os
    root = os.path.abspath(data_root())
    ap = os.path.abspath(path)
    return os.path.dirname(os.path.dirname(ap)) == root and os.path.basename(ap) == "components.toml"


def position_data(value, field: str = "data") -> str | None:
    """A saved position's `data` field checked against the allowed files, without touching any file that
    is not allowed (so the message cannot tell whether it exists). Returns the label, path or None."""
    from .errors import PositionError
    if value is None:
        return None
    if not isinstance(value, str):
        raise PositionError(f"{field}: expected null or a components label, got {type(value).__name__}")
    if value in _ALLOWED:
        return value
    if value.startswith(LABEL_PREFIX):
        raise PositionError(
            f"{field}: this position uses a component file ({clip(value, 40)}) not given in this session; "
            f"pass it: explorer.from_json(..., components=path), Timeline.load(..., components=path) "
            f"or explorer.load(game, data=path)")
    import os
    try:
        ap = os.path.abspath(value)
    except (ValueError, TypeError):
        ap = None
    if ap is not None and (ap in _LABELS or _packaged(ap)):
        return value
    raise PositionError(
        f"{field}: a position may name only the packaged component files or ones you allow, got "
        f"{clip(value, 60)!r}; pass the file: explorer.from_json(..., components=path), "
        f"Timeline.load(..., components=path) or explorer.load(game, data=path)")


def config_cache(cls):
    """`config(players, options, data=None)`: one shared `cls(players, options, data)` per distinct set-up.

    `data` is None (the packaged file), a path (allowed by this call) or an allowed file's label. The
    config's `data` is the label (what positions and views carry), `data_path` the resolved path.
    A set-up whose data file fails to load is not remembered, so a corrected file is read again."""
    @functools.lru_cache(maxsize=64)
    def cached(players: int, options: tuple, data: str | None):
        cfg = cls(players, dict(options), data)
        cfg.data_path, cfg.data = data, _LABELS.get(data) if data is not None else None
        return cfg

    def config(players: int, options: dict, data=None):
        if data is not None:
            data = _ALLOWED.get(allow_components(data))
        try:
            return cached(players, tuple(sorted(options.items())), data)
        except DataError:
            cached.cache_clear()
            raise

    config.cache_clear = cached.cache_clear
    return config


def provenance(game: str, path: str | Path | None = None) -> list[dict]:
    """Every component value of a game that the rulebooks do not give (source = 'assumed')."""
    comps = load_components(game, path)
    return [
        {"name": name, "value": e.value, "note": e.note}
        for name, e in comps.items() if e.source == "assumed"
    ]
