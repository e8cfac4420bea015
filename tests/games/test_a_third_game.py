"""A third game touches only its own package and one registry line (issue 26).

``tests/games/toy.py`` („Two cards“) is built from the engine kit alone; registered
in ``GAMES`` for these tests, it is played whole by the random-simulation
harness and through the lobby, and its records replay through the kit. Its UI
plug-in (``tests/ui/toy_table.py``, on the table-screen kit) plays it to the end
through the lobby and the app: ``tests/ui/test_game_plugin.py``.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from ahoy_tui.cli import main
from ahoy_tui.games import registry
from ahoy_tui.games.kit.records import RecordError
from ahoy_tui.games.kit.simulation import random_game
from ahoy_tui.lobby import TableConfig, TableUpdate
from tests.lobby.helpers import make_lobby

from . import toy


@pytest.fixture
def with_toy(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "toy", toy.TOY)
    return registry.GAMES


def test_the_toy_imports_only_the_seam_and_the_kit():
    tree = ast.parse(Path(toy.__file__).read_text())
    ours = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module.startswith("ahoy_tui")}
    assert ours and all(m == "ahoy_tui.games.base" or m.startswith("ahoy_tui.games.kit.") for m in ours), ours


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_harness_plays_every_registered_game_the_toy_too(with_toy, seats):
    for name, spec in with_toy.items():
        if spec.min_seats <= seats <= spec.max_seats:
            run = random_game(spec, seats, 5)
            assert run.match.over and not run.cut, name
    toy_run = random_game(with_toy["toy"], seats, 5)
    game, summary = toy.REPLAYER.replay(toy_run.match.record)
    assert game.record == toy_run.match.record and summary.totals == list(toy_run.match.scores)
    assert summary.as_dict()["game"] == "toy" and summary.game_over


def test_a_toy_record_with_a_wrong_total_is_refused_at_its_line():
    run = random_game(toy.TOY, 2, 3)
    record = [dict(line) for line in run.match.record]
    record[-1]["totals"] = [0, 0]
    with pytest.raises(RecordError) as err:
        toy.REPLAYER.replay(record)
    assert (err.value.line, err.value.rule) == (len(record), "T4")


def test_a_toy_table_is_played_to_the_end_through_the_lobby(with_toy):
    lobby, clock = make_lobby()
    anna = lobby.connect("user:anna", "anna")
    got: list = []
    anna.subscribe(got.append)
    tid = lobby.create_table(anna, TableConfig.make("toy", name="Pair", seats=2, clocks="untimed", limit=20))
    table = lobby.tables[tid]
    assert lobby.add_bot(anna, tid, "steady") == 1
    lobby.start(anna, tid)
    while table.status != "game_over":
        u = [m for m in got if isinstance(m, TableUpdate)][-1]
        if u.legal:
            assert all(isinstance(v, int) for v in u.view.hand)
            lobby.act(anna, tid, toy.Keep(), u.version)
        else:
            assert clock.step()
    assert max(table.game.scores) >= 20
    game, summary = toy.REPLAYER.replay(table.game.record)
    assert summary.game_over and summary.totals == list(table.game.scores)


def test_the_ahoy_command_simulates_and_replays_the_toy_asking_the_registry(with_toy, tmp_path, capsys):
    """``ahoy simulate --game toy`` and ``ahoy replay`` of its records: the command names no game
    (``ToySpec.CLI``, the toy's own ``toy_cli`` module, is all it needs)."""
    assert main(["simulate", "--game", "toy", "--players", "3", "--games", "2", "--bots", "steady,random",
                 "--records", str(tmp_path), "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert (d["game"], d["games"], d["bots"]) == ("toy", 2, ["steady", "random", "steady"])
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == ["game-0001.toy.jsonl", "game-0002.toy.jsonl"]
    for f in files:
        assert main(["replay", str(f), "--json"]) == 0
        answer = json.loads(capsys.readouterr().out)
        assert answer["valid"] and answer["game"] == "toy" and answer["game_over"]
    lines = files[0].read_text().splitlines()
    files[0].write_text("\n".join(lines[:-1] + [lines[-1].replace('"totals": [', '"totals": [1000, ')]) + "\n")
    assert main(["replay", str(files[0])]) == 2
    assert capsys.readouterr().out.startswith(f"invalid record: line {len(lines)}: rule T4")
    assert main(["simulate", "--game", "toy", "--players", "5"]) == 2
    assert "Two cards takes 2 to 4 players and the bots steady, random" in capsys.readouterr().err


def test_without_the_toy_the_command_does_not_offer_it(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--game", "toy"])
    assert "invalid choice: 'toy' (choose from 'ahoy', 'ahoi')" in capsys.readouterr().err
