"""Ahoi records (RECORDS.md "Ahoi records"): replay exactly, name the AH rule of an illegal line, project (AH16)."""

from __future__ import annotations

import json

import pytest

from ahoy_tui.cli import main
from ahoy_tui.games.ahoi import cards as C
from ahoy_tui.games.ahoi.replay import check, project, replay
from ahoy_tui.games.kit.records import RecordError, dumps

from .helpers import stacked

LAYOUTS = [[3, 9, 3, 5], [6, 6, 2, 6]]


def _deal(round_no=1, dealer=1, deck=None) -> dict:
    ids = stacked(LAYOUTS, 4, [1, 11, 12, 13]) if deck is None else deck
    return {"chance": "deal", "round": round_no, "dealer": dealer, "deck": [C.value(c) for c in ids]}


HEAD = {"format": "ahoi-record", "version": 1, "game": "ahoi", "seats": ["anna", "bo"],
        "options": {"memory_aid": False}, "seed": None}
LOOKS = [{"seat": 0, "act": "first_look", "positions": [1, 3]}, {"seat": 1, "act": "first_look", "positions": [2, 4]}]
GAME = [HEAD, _deal(), *LOOKS,
        {"seat": 0, "act": "draw"}, {"seat": 0, "act": "place", "positions": [2]},        # 1 replaces the 9
        {"seat": 1, "act": "take_discard"}, {"seat": 1, "act": "place", "positions": [4, 1]},  # 6, 6 match: 9 6 2
        {"seat": 0, "act": "draw"},
        {"seat": 0, "act": "tauschen", "position": 4, "target": 1, "target_position": 1},  # 3 1 3 9 | 5 6 2
        {"seat": 1, "act": "ahoi"},
        {"seat": 0, "act": "draw"}, {"seat": 0, "act": "discard"},
        {"result": "round", "round": 1, "caller": 1, "sums": [16, 13], "scores": [16, 0], "totals": [16, 0]}]


def test_a_hand_written_record_replays_with_its_result():
    game, summary = replay(GAME)
    assert game.record == GAME
    assert summary.as_dict() == {"valid": True, "game": "ahoi", "totals": [16, 0], "game_over": False,
                                 "winners": [], "losers": [],
                                 "rounds": [{"round": 1, "caller": 1, "sums": [16, 13], "scores": [16, 0]}]}


def _bad(lines: list, at: int, line: object) -> list:
    return lines[:at] + [line] + lines[at + 1:]


@pytest.mark.parametrize("at, line, rule", [
    (1, {"chance": "deal", "round": 1, "dealer": 1, "deck": [0] * 52}, "AH1"),
    (1, {"chance": "deal", "round": 2, "dealer": 1, "deck": _deal()["deck"]}, "AH3"),
    (1, {"seat": 0, "act": "draw"}, "AH3"),                           # no deal and no seed
    (3, {"seat": 2, "act": "first_look", "positions": [1, 2]}, "AH3"),
    (3, {"seat": 0, "act": "draw"}, "AH4"),
    (3, {"seat": 0, "act": "first_look", "positions": [2, 4]}, "AH4"),
    (3, {"seat": 1, "act": "first_look", "positions": [4, 4]}, "AH4"),
    (4, {"seat": 1, "act": "draw"}, "AH5"),
    (4, {"seat": 0, "act": "discard"}, "AH5"),
    (5, {"seat": 0, "act": "place", "positions": [5]}, "AH7"),
    (5, {"seat": 0, "act": "place", "positions": []}, "AH7"),
    (5, {"seat": 0, "act": "place", "positions": [1, 1]}, "AH8"),
    (5, {"seat": 0, "act": "lupe", "position": 1}, "AH9"),
    (7, {"seat": 1, "act": "discard"}, "AH5"),
    (7, {"seat": 1, "act": "fernrohr", "target": 0, "target_position": 1}, "AH9"),
    (9, {"seat": 0, "act": "tauschen", "position": 4, "target": 0, "target_position": 1}, "AH9"),
    (11, {"seat": 0, "act": "ahoi"}, "AH10"),
    (13, {"result": "round", "round": 1, "caller": 1, "sums": [16, 13], "scores": [21, 0], "totals": [21, 0]},
     "AH12"),
    (13, {"result": "game", "winners": [1], "losers": [], "totals": [16, 0]}, "AH13"),
    (4, {"seat": 0, "act": "jump"}, "FORMAT"),
    (4, {"seat": "0", "act": "draw"}, "FORMAT"),
    (4, ["draw"], "FORMAT"),
])
def test_an_illegal_line_names_its_line_and_rule(at, line, rule):
    with pytest.raises(RecordError) as info:
        replay(_bad(GAME, at, line))
    assert (info.value.line, info.value.rule) == (at + 1, rule), info.value


def test_ah9_tauschen_at_the_callers_layout_in_a_last_turn():
    lines = GAME[:11] + [{"seat": 0, "act": "draw"}]  # a 12 (Tauschen) after seat 1 called
    with pytest.raises(RecordError) as info:
        replay(lines + [{"seat": 0, "act": "tauschen", "position": 1, "target": 1, "target_position": 1}])
    assert (info.value.line, info.value.rule) == (13, "AH9") and "called" in info.value.error


def test_ah13_any_line_after_the_game_is_over():
    from ahoy_tui.games.ahoi.game import AhoiGame
    from ahoy_tui.games.ahoi.bots import make_bot

    game = AhoiGame(["a", "b"], seed=3)
    bots = [make_bot("random", 1), make_bot("random", 2)]
    while not game.over:
        if not game.state.in_round:
            game.deal()
            continue
        seat = game.view(None).waiting_for[0]
        game.act(seat, bots[seat].choose(game.view(seat), game.legal(seat)))
    assert game.record[-1]["result"] == "game"
    for extra in ({"seat": 0, "act": "draw"}, {"chance": "deal", "round": 99, "dealer": 0}):
        with pytest.raises(RecordError) as info:
            replay(game.record + [extra])
        assert (info.value.line, info.value.rule) == (len(game.record) + 1, "AH13")
    with pytest.raises(RecordError) as info:
        replay(game.record[:-1] + [{**game.record[-1], "losers": []}])
    assert info.value.rule == "AH13"


def test_a_record_that_stops_mid_round_is_valid():
    assert replay(GAME[:8])[1].results == []


def test_ah16_a_projection_hides_the_seed_and_cards_until_the_round_ends():
    during = project(GAME[:8], 0)
    assert during[0]["seed"] is None
    deck = during[1]["deck"]
    assert deck[8] == 4 and deck.count(None) == 51
    after = project(GAME, 1)[1]["deck"]
    full = GAME[1]["deck"]
    assert after[:12] == full[:12] and after[12:] == [None] * 40  # 8 dealt, the first discard, 3 drawn
    names, summary = check(dumps(project(GAME, 1)))
    assert names == ["anna", "bo"] and summary.projected and summary.totals == [16, 0]


def test_ahoy_replay_detects_ahoi_and_reports_a_rule(tmp_path, capsys):
    good = tmp_path / "good.ahoi.jsonl"
    good.write_text(dumps(GAME))
    assert main(["replay", str(good), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rounds"][0]["caller"] == 1
    assert main(["replay", str(good)]) == 0
    assert "round 1: „Ahoi“ by bo" in capsys.readouterr().out
    bad = tmp_path / "bad.ahoi.jsonl"
    bad.write_text(dumps(_bad(GAME, 11, {"seat": 0, "act": "ahoi"})))
    assert main(["replay", str(bad), "--json"]) == 2
    assert json.loads(capsys.readouterr().out) == {"valid": False, "line": 12, "rule": "AH10",
                                                   "error": "seat 1 has called „Ahoi“ this round"}
    assert main(["replay", str(bad)]) == 2
    assert capsys.readouterr().out.startswith("invalid record: line 12: rule AH10:")


def test_ahoy_replay_names_the_files_line_after_blank_lines(tmp_path, capsys):
    """A player reading ``ahoy replay``'s answer finds the bad line where the file has it, blank
    lines counted, as for AHOY!! V2 records (the kit's one replay check)."""
    bad = tmp_path / "bad.ahoi.jsonl"
    text = dumps(_bad(GAME, 11, {"seat": 0, "act": "ahoi"}))
    head, rest = text.split("\n", 1)
    bad.write_text(head + "\n\n\n" + rest)
    assert main(["replay", str(bad), "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["line"] == 14
    assert bad.read_text().splitlines()[13] == json.dumps({"seat": 0, "act": "ahoi"}, ensure_ascii=False)


def test_ahoy_simulate_game_ahoi_reports_round_wins(capsys):
    assert main(["simulate", "--game", "ahoi", "--players", "3", "--games", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and len(out["hand_wins"]) == 3 and out["hands"] >= 2
    assert main(["simulate", "--game", "ahoi", "--players", "7"]) == 2
    assert main(["simulate", "--game", "ahoi", "--players", "2", "--games", "1", "--bots", "hard,baseline"]) == 0


def test_the_example_of_records_md_replays_line_for_line():
    """RECORDS.md "Ahoi records": its lines, with a deck that starts [7, 0, 12, ...] as printed."""
    head = [7, 0, 12, 1, 3, 2, 10, 5, 6, 2, 11, 4]
    rest = list(C.VALUES)
    for v in head:
        rest.remove(v)
    example = [
        {"format": "ahoi-record", "version": 1, "game": "ahoi", "seats": ["anna", "bo"],
         "options": {"memory_aid": False}, "seed": 99},
        {"chance": "deal", "round": 1, "dealer": 1, "deck": head + rest},
        {"seat": 0, "act": "first_look", "positions": [1, 3]},
        {"seat": 1, "act": "first_look", "positions": [2, 4]},
        {"seat": 0, "act": "draw"},
        {"seat": 0, "act": "place", "positions": [2]},
        {"seat": 1, "act": "take_discard"},
        {"seat": 1, "act": "place", "positions": [1, 4]},
        {"seat": 0, "act": "draw"},
        {"seat": 0, "act": "tauschen", "position": 3, "target": 1, "target_position": 1},
        {"seat": 1, "act": "ahoi"},
        {"seat": 0, "act": "draw"},
        {"seat": 0, "act": "discard"},
        {"result": "round", "round": 1, "caller": 1, "sums": [19, 11], "scores": [19, 0], "totals": [19, 0]},
    ]
    game, summary = replay(dumps(example))
    assert game.record == example and summary.totals == [19, 0]
    assert game.view(None).discard_top == 4 and game.view(None).layout_sizes == (4, 4)


def _whole_game(seed: int):
    from ahoy_tui.games.ahoi.bots import make_bot
    from ahoy_tui.games.ahoi.game import AhoiGame

    game = AhoiGame(["a", "b", "c"], seed=seed)
    bots = [make_bot("baseline", seed + i) for i in range(3)]
    while not game.over:
        if not game.state.in_round:
            game.deal()
            continue
        seat = game.view(None).waiting_for[0]
        game.act(seat, bots[seat].choose(game.view(seat), game.legal(seat)))
    return game


def test_ah16_a_players_projection_of_a_whole_game_is_checked_round_by_round():
    game = _whole_game(6)
    for seat in (0, 2, None):
        names, summary = check(dumps(project(game.record, seat)))
        assert summary.projected and summary.game_over and summary.totals == game.state.totals
        assert len(summary.results) == len(game.state.results)
    projected = project(game.record, 1)
    at = next(i for i, line in enumerate(projected) if line.get("act") == "draw")
    broken = projected[:at] + [{"seat": projected[at]["seat"], "act": "discard"}] + projected[at + 1:]
    with pytest.raises(RecordError) as info:
        check(dumps(broken))
    assert (info.value.line, info.value.rule) == (at + 1, "AH5")


def test_ah16_an_unfinished_round_of_a_projection_is_read_for_its_shape():
    game = _whole_game(8)
    cut = [i for i, line in enumerate(game.record) if line.get("chance") == "deal"][-1] + 6
    projected = project(game.record[:cut], 0)
    names, summary = check(dumps(projected))
    assert summary.projected and len(summary.results) == len(game.state.results) - 1
    with pytest.raises(RecordError) as info:
        check(dumps(projected + [{"seat": 0, "act": "fly"}]))
    assert (info.value.line, info.value.rule) == (cut + 1, "FORMAT")


def test_ah16_a_seats_projection_names_what_it_was_shown_and_nothing_else():
    """RECORDS.md "Projections": the seat's own ``draw`` carries the drawn ``value``, its
    ``first_look`` the two ``values``, its ``lupe`` the ``value``; no other line names a value,
    even mid-round (AH16), and the replayer checks them (AH4, AH5)."""
    mine = project(GAME, 0)
    assert mine[2]["values"] == [3, 3] and "values" not in mine[3]
    assert [mine[i].get("value") for i in (4, 8, 11)] == [1, 11, 12]
    theirs = project(GAME[:9], 1)  # mid-round: seat 0's draws stay hidden from seat 1
    assert theirs[3]["values"] == [6, 6]
    assert all("value" not in line for line in theirs) and "values" not in theirs[2]
    assert all("value" not in line and "values" not in line for line in project(GAME, None))
    assert check(dumps(mine))[1].totals == [16, 0]
    for at, key, wrong, rule in ((4, "value", 13, "AH5"), (2, "values", [3, 5], "AH4")):
        lying = [dict(line) for line in mine]
        lying[at][key] = wrong
        with pytest.raises(RecordError) as info:
            check(dumps(lying))
        assert (info.value.line, info.value.rule) == (at + 1, rule)


def test_ah16_every_seat_of_a_whole_game_gets_its_own_values_only():
    game = _whole_game(6)
    hidden = {"seed", "deck", "value", "values"}
    for seat in (0, 1, 2, None):
        lines = project(game.record, seat)
        for full, line in zip(game.record, lines):
            assert {k: v for k, v in full.items() if k not in hidden} == \
                {k: v for k, v in line.items() if k not in hidden}
            named = "value" in line or "values" in line
            assert not named or (line.get("seat") == seat and line["act"] in ("draw", "first_look", "lupe"))
        if seat is not None:
            assert sum("value" in line for line in lines if line.get("act") == "draw") > 5
        assert check(dumps(lines))[1].totals == game.state.totals  # every shown value checked by the engine
