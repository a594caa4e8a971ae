"""Finding packaged data, reading the rules ledger and component files, provenance."""
from __future__ import annotations

import functools
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from .errors import DataError


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


def _explain(err: ValidationError, where: str) -> DataError:
    lines = []
    for e in err.errors():
        loc = ".".join(str(p) for p in e["loc"]) or "(top)"
        lines.append(f"  {loc}: {e['msg']}")
    return DataError(f"{where} does not validate:\n" + "\n".join(lines))


MAX_DATA_BYTES = 1_000_000


def read_toml(path: Path, where: str | None = None) -> dict:
    where = where or str(path)
    path = Path(path)
    if not path.exists():
        raise DataError(f"{where}: file not found")
    if not path.is_file() or path.stat().st_size > MAX_DATA_BYTES:
        raise DataError(f"{where}: expected a TOML file of at most {MAX_DATA_BYTES:,} bytes")
    try:
        with open(path, "rb") as fh:
            return tomllib.loads(fh.read(MAX_DATA_BYTES + 1).decode("utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"{where}: cannot be read as UTF-8 text ({exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{where} is not valid TOML: {exc}") from None


# ---- rules ledger --------------------------------------------------------------------------

class Rule(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    text: str
    source: str
    section: str
    kind: Literal["rule", "interpretation"] = "rule"
    option: str | None = None


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


@functools.cache
def ledger(game: str) -> dict[str, Rule]:
    """Rule id -> Rule for a game, from `data/rules/<game>.toml`."""
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
    return f"{rule_id} ({r.source} § {r.section})"


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
    src = Path(path) if path is not None else data_root() / game / "components.toml"
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
        raise _explain(err, str(path or f"data/{game}/components.toml")) from None


def config_cache(cls):
    """`config(players, options, data=None)`: one shared `cls(players, options, data)` per distinct set-up.

    A set-up whose data file fails to load is not remembered, so a corrected file is read again."""
    @functools.lru_cache(maxsize=64)
    def cached(players: int, options: tuple, data: str | None):
        return cls(players, dict(options), data)

    def config(players: int, options: dict, data=None):
        data = str(Path(data).resolve()) if data is not None else None
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
