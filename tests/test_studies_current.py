"""The four shipped studies build, and their published forms (docs/studies/*.html, notebooks/*/05-study.ipynb) are
what `python -m explorer.studies` writes from the current code."""
from explorer.studies.__main__ import main


def test_published_studies_are_up_to_date(capsys):
    assert main(["--check"]) == 0, capsys.readouterr().err
