"""The board fragment (run under node with a tiny DOM stand-in) and the study helpers."""
import json
import pathlib
import shutil
import subprocess

import pytest

from explorer.games.round_house.plots import score_race, worship_options, worship_svg

from .helpers import edit, fresh, play, workers_to_town

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_board_highlights_reachable_rooms(tmp_path):
    s = play(fresh(3, 4), "1>o1", "done")
    view = tmp_path / "view.json"
    view.write_text(json.dumps(s.view(-1)), encoding="utf-8")
    out = subprocess.run(["node", str(ROOT / "tests" / "round_house" / "board_harness.js"), str(ROOT), str(view)],
                         capture_output=True, text=True, timeout=60, check=True).stdout.splitlines()
    assert out[0] == "leaders 6 rooms 16"
    lit, expected = out[1].split()[1], out[1].split()[3]
    assert lit == expected and int(lit) > 0
    first = s.view(-1)["seats"][s.seat]["reachable"][0][0]
    assert out[2] == f'sent [{{"type":"act","text":"1>{first}"}}]'
    assert out[3] == "preview 1"


def test_worship_options_match_the_engine():
    """round_house.worship.line and round_house.worship.score: the helper lists the engine's legal ends."""
    s = edit(fresh(3), lambda d: workers_to_town(d, 0, 0, 4))
    opts = worship_options(s, 4)
    s2 = edit(s, lambda d: (d["seats"][0].update(leaders=["o10", "h"]), d.update(phase="move")))
    s2 = play(s2, "1>h", "fam:1")
    assert sorted(o["cell"] for o in opts) == sorted(a[5:] for a in s2.legal_actions())
    best = opts[0]
    assert best["total"] == max(o["total"] for o in opts) and best["placed"] == 4
    pic = worship_svg(s, 4)
    assert pic.startswith("<svg") and pic.count("#ffd95a") == len(opts)


def test_score_race_figure():
    states = [fresh(3, 2)]
    import random
    rnd = random.Random(2)
    while not states[-1].is_terminal:
        states.append(states[-1].apply(rnd.choice(states[-1].legal_actions())))
    fig = score_race(states)
    names = {r.name for r in fig.renderers}
    assert {"seat-0", "seat-1", "seat-2"} <= names
    spans = [x for x in fig.center if getattr(x, "name", "") and x.name.startswith("worship-")]
    assert len(spans) == states[-1].marker


def test_heuristic_hook_rates_every_action():
    from explorer.games.round_house.heuristic import rate
    s = fresh(3, 1)
    while not s.is_terminal and s.phase != "room":
        s = s.apply(s.legal_actions()[0])
    scores = rate(s.view(s.seat), s.legal_actions())
    assert len(scores) == len(s.legal_actions())
    assert scores[s.legal_actions().index("done")] == 0.0 and max(scores) > 0
