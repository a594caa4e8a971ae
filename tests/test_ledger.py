"""The rules ledger: every id the code cites exists, every rule is cited by a test, sources are real."""
import pathlib
import re

import pytest

import explorer

ROOT = pathlib.Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"


def cited(folder, game):
    pat = re.compile(rf"\b{game}\.[a-z]+(?:\.[a-z0-9-]+)+")
    found = set()
    for p in (ROOT / folder).rglob("*.py"):
        found.update(pat.findall(p.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("game", [g["name"] for g in explorer.games()])
def test_code_cites_only_ledger_ids(game):
    ledger = explorer.ledger(game)
    unknown = sorted(c for c in cited("explorer", game) if c not in ledger)
    assert not unknown, f"cited in code but not in data/rules/{game}.toml: {unknown}"


@pytest.mark.parametrize("game", [g["name"] for g in explorer.games()])
def test_every_rule_is_cited_by_a_test(game):
    in_tests = cited("tests", game)
    missing = sorted(r for r in explorer.ledger(game) if r not in in_tests)
    assert not missing, f"rules no test cites: {missing}"


@pytest.mark.parametrize("game", [g["name"] for g in explorer.games()])
def test_sources_name_rulebook_files_and_sections(game):
    for rule in explorer.ledger(game).values():
        assert re.fullmatch(r"\d{3}_[0-9a-f]{16}\.txt", rule.source), rule.id
        if SEEDS.is_dir():  # shared/ sits beside the repository in CI and on developer machines
            text = (SEEDS / rule.source).read_text(encoding="utf-8")
            assert rule.section.split(" Cont.")[0] in text, f"{rule.id}: section {rule.section!r} not found"
        if rule.kind == "interpretation" and rule.option:
            assert rule.option in explorer.spec(game).options


def test_interpretations_that_change_play_are_options():
    opts = explorer.spec("lotus").options
    for rid, option in [("lotus.exchange.wildflowers", "exchange_wildflowers"),
                        ("lotus.complete.zero-influence", "zero_influence_control"),
                        ("lotus.tokens.limit", "scoring_tokens")]:
        assert explorer.ledger("lotus")[rid].option == option and option in opts
