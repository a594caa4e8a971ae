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


@pytest.mark.parametrize("game", [g["name"] for g in explorer.games()])
def test_citations_name_the_rulebook_by_its_title(game):
    """Issue 25.8: a reader sees "Round House rulebook (圓樓) § 專家卡效果", never a hashed file name; every
    source has a title, and the notes the explorer and the page show on a rule id say where it is written."""
    from explorer.core.data import cite, rule_notes, rulebooks
    books = rulebooks()
    notes = rule_notes(game)
    assert set(notes) == set(explorer.ledger(game))
    for rid, rule in explorer.ledger(game).items():
        assert rule.source in books, f"{rid}: no title for {rule.source} in data/rules/rulebooks.toml"
        for said in (cite(rid), notes[rid]):
            assert ".txt" not in said and f"{books[rule.source]} § {rule.section}" in said
            assert rule.text in notes[rid]


def test_the_explorer_and_the_page_carry_the_rule_notes(tmp_path):
    from explorer.study import Study
    from explorer.widgets import Explorer
    w = Explorer("lotus", players=3, seed=7)
    assert "(Lotus rulebook (English) § " in w.rules["lotus.play.one-or-two"]
    study = Study("S")
    study.chapter("c", explorer.load("round_house", seed=1))
    html = study.to_html(tmp_path / "s.html").read_text(encoding="utf-8")
    assert "Round House rulebook (圓樓) §" in html and "004_00010dfb1d46ff35.txt" not in html


# ---- one hop from a rule id to the line that enforces it (issue 22.4) ------------------------------------

def enforcing_sites(game):
    """{rule id: [(file, line)]} where the game's package names a ledger id on a line of code: as a whole
    string literal (`IllegalAction("x.y", ...)`, `rule="x.y"`, a table key) or in a comment on or beside the
    check (`# x.y`). Ids inside docstrings or the prose of a message do not count: they are not one hop."""
    import io
    import tokenize
    pat = re.compile(rf"\b{game}\.[a-z]+(?:\.[a-z0-9-]+)+")
    found = {}
    for p in sorted((ROOT / "explorer" / "games" / game).rglob("*.py")):
        for tok in tokenize.generate_tokens(io.StringIO(p.read_text(encoding="utf-8")).readline):
            if tok.type == tokenize.STRING and pat.fullmatch(tok.string.strip("rbuf").strip("'\"")):
                ids = [tok.string.strip("rbuf").strip("'\"")]
            elif tok.type == tokenize.COMMENT:
                ids = pat.findall(tok.string)
            else:
                continue
            for rid in ids:
                found.setdefault(rid, []).append((p.relative_to(ROOT), tok.start[0]))
    return found


@pytest.mark.parametrize("game", [g["name"] for g in explorer.games()])
def test_every_rule_id_sits_on_the_line_that_enforces_it(game):
    sites = enforcing_sites(game)
    missing = sorted(r for r in explorer.ledger(game) if r not in sites)
    assert not missing, (f"{len(missing)} ledger ids of {game} are on no line of code in explorer/games/{game}/ "
                         f"(a string literal or a comment on the enforcing line): {missing}")


@pytest.mark.parametrize("game", [g["name"] for g in explorer.games()])
def test_no_wildcard_rule_ids(game):
    """`round_house.end.*` is not one hop from anything: every id is written out where it is enforced."""
    wild = re.compile(rf"\b{game}\.[a-z0-9.-]*\*")
    hits = [f"{p.relative_to(ROOT)}:{n}" for p in (ROOT / "explorer").rglob("*.py")
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if wild.search(line)]
    assert not hits, hits
