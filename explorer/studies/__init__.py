"""The project's own studies, one per game, written with explorer.study (see each module's build()).

    python -m explorer.studies            # write notebooks/<game>/05-study.ipynb and docs/studies/<game>.html
    python -m explorer.studies --check    # fail if a written file is out of date
"""
from __future__ import annotations

import importlib

STUDIES = {"lotus": "lotus", "lotus_chaos": "lotus_chaos", "rice_paddy": "rice_paddy", "round_house": "round_house"}


def build(game: str):
    """The study of `game`, built fresh from its module."""
    if game not in STUDIES:
        raise ValueError(f"no study for {game!r}; studies: {', '.join(STUDIES)}")
    return importlib.import_module(f"explorer.studies.{STUDIES[game]}").build()


__all__ = ["STUDIES", "build"]
