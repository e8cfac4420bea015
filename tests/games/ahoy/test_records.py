"""Game records: write, replay, errors by line and rule (RECORDS.md)."""

import json

import pytest

from ahoy_tui.cli import main
from ahoy_tui.games.ahoy.game import Game
from ahoy_tui.games.ahoy.replay import replay
from ahoy_tui.games.ahoy.simulate import simulate
from ahoy_tui.games.ahoy.state import Settings
from ahoy_tui.games.kit.records import RecordError, dumps
from tests.games.ahoy.helpers import HANDS_4, stacked_deck
from ahoy_tui.games.ahoy import cards as C

HEADER = {"format": "ahoy-record", "version": 1, "seats": ["anna", "bo", "cy", "di"],
          "settings": {"limit": 100, "ace_low": False, "verified_step_in": False, "max_reshuffles": None},
          "seed": None}


def deal_line(first=0, hands=HANDS_4, draw=("AH", "8H")):
    deck = stacked_deck(4, hands, draw, first)
    return {"chance": "deal", "hand": 1, "first_seat": first, "deck": [C.card_name(c) for c in deck]}


def quiet_turn(seat, discard):
    nxt = (seat + 1) % 4
    lines = [{"seat": seat, "act": "draw"}, {"seat": seat, "act": "offer", "want": "6H", "give": "5D"},
             {"seat": nxt, "act": "respond", "accept": False}]
    lines += [{"seat": x, "act": "pass"} for x in range(4) if x not in (seat, nxt)]
    lines.append({"seat": seat, "act": "discard", "card": discard})
    return lines


def error_of(lines):
    with pytest.raises(RecordError) as e:
        replay(lines)
    return e.value.line, e.value.rule


def test_records_written_while_playing_replay_cleanly(tmp_path):
    stats = simulate(4, 3, 9, ["baseline", "random"], limit=50, records_dir=str(tmp_path))
    files = sorted(tmp_path.glob("*.ahoy.jsonl"))
    assert len(files) == 3
    for f in files:
        game, summary = replay(f.read_text())
        assert summary.game_over
        lines = [json.loads(x) for x in f.read_text().splitlines()]
        assert lines[-1]["result"] == "game" and lines[-1]["totals"] == summary.totals
        assert all("chance" in l or "act" in l or "result" in l for l in lines[1:])


def test_a_scripted_record_with_an_ahoy_and_results():
    lines = [HEADER, deal_line()] + quiet_turn(0, "AH")
    lines += [{"seat": 1, "act": "draw"}]  # draws 8H: 5H 6H 7H 8H
    lines += [{"seat": 1, "act": "ahoy", "cards": ["5H", "6H", "7H", "8H"]}]
    lines += [{"result": "hand", "hand": 1, "winner": 1, "scores": [28, 0, 50, 36], "totals": [28, 0, 50, 36]}]
    game, summary = replay(lines)
    assert summary.results == [{"hand": 1, "winner": 1, "scores": [28, 0, 50, 36]}]
    bad = lines[:-1] + [dict(lines[-1], scores=[28, 0, 50, 35])]
    assert error_of(bad) == (len(bad), "R14")


@pytest.mark.parametrize("line,rule", [
    ({"seat": 0, "act": "fly"}, "FORMAT"),
    ({"seat": 0}, "FORMAT"),
    ({"seat": "0", "act": "draw"}, "FORMAT"),
    ({"seat": 9, "act": "draw"}, "R4"),
    ({"seat": 1, "act": "draw"}, "R5"),
    ({"seat": 0, "act": "discard", "card": "2S"}, "R5"),
    ({"seat": 0, "act": "respond", "accept": True}, "R9"),
    ({"seat": 0, "act": "exchange", "card": "2S"}, "R10"),
    ({"seat": 0, "act": "pick", "index": 0}, "R7"),
    ({"seat": 1, "act": "ahoy", "cards": ["5H", "6H", "7H", "8H"]}, "R12"),
    ({"seat": 0, "act": "ahoy", "cards": ["2S", "3S", "4S", "9H"]}, "R2"),
    ({"seat": 0, "act": "offer", "want": "1X", "give": "2S"}, "R1"),
    ({"chance": "reshuffle", "draw_pile": []}, "R6"),
    ({"chance": "deal", "hand": 1, "first_seat": 0, "deck": []}, "R3"),
    ({"result": "hand", "hand": 1, "winner": 0, "scores": [0, 0, 0, 0], "totals": [0, 0, 0, 0]}, "R14"),
    ({"result": "game", "winners": [0], "biggest_losers": [1], "totals": [0, 0, 0, 0]}, "R15"),
])
def test_illegal_lines_name_their_line_and_rule(line, rule):
    lines = [HEADER, deal_line(), line]
    assert error_of(lines) == (3, rule)


def test_header_errors():
    assert error_of([dict(HEADER, settings=dict(HEADER["settings"], limit=5))]) == (1, "R15")
    assert error_of([dict(HEADER, settings=dict(HEADER["settings"], max_reshuffles=-1))]) == (1, "R16")
    assert error_of([dict(HEADER, seats=["solo"])]) == (1, "R1")
    assert error_of([{"format": "chess"}]) == (1, "FORMAT")


def test_deal_errors():
    bad_deck = deal_line()
    bad_deck["deck"] = bad_deck["deck"][:-1] + ["2S"]
    assert error_of([HEADER, bad_deck]) == (2, "R1")
    assert error_of([HEADER, dict(deal_line(), first_seat=7)]) == (2, "R3")
    assert error_of([HEADER, deal_line(), deal_line()]) == (3, "R3")
    # no deal line and no seed
    assert error_of([HEADER, {"seat": 0, "act": "draw"}]) == (2, "R3")


def test_missing_deal_is_shuffled_from_the_seed():
    g = Game(["a", "b", "c"], Settings(limit=50), seed=77)
    g.deal()
    only_header = [g.record[0], {"seat": g.state.first_seat, "act": "draw"}]
    game, _ = replay(only_header)
    assert game.record[1]["deck"] == g.record[1]["deck"]  # the same shuffle from the seed
    assert game.state.first_seat == g.state.first_seat


def test_reshuffle_line_may_stand_before_or_after_the_draw():
    g = Game(["a", "b"], Settings(limit=1000), seed=5)
    from ahoy_tui.games.ahoy.bots import make_bot
    from ahoy_tui.games.ahoy.engine import awaiting
    bots = [make_bot("baseline", 1), make_bot("baseline", 2)]
    while not any(l.get("chance") == "reshuffle" for l in g.record):
        if not g.state.hand_in_progress:
            g.deal()
            continue
        seat = awaiting(g.state)[0]
        legal = [a for a in g.legal(seat) if a.KIND != "ahoy"]
        g.act(seat, bots[seat].choose(g.view(seat), legal))
    i = next(i for i, l in enumerate(g.record) if l.get("chance") == "reshuffle")
    assert g.record[i + 1]["act"] == "draw"
    replay(g.record)
    moved = g.record[:i] + [g.record[i + 1], g.record[i]] + g.record[i + 2:]
    replay(moved)
    wrong = list(g.record)
    wrong[i] = dict(wrong[i], draw_pile=list(reversed(wrong[i]["draw_pile"]))[1:] + ["JK"])
    line, rule = error_of(wrong)
    assert rule in ("R6", "R1") and line == i + 1


def test_cli_replay_json_and_exit_status(tmp_path, capsys):
    good = tmp_path / "good.ahoy.jsonl"
    good.write_text(dumps([HEADER, deal_line()] + quiet_turn(0, "AH")))
    assert main(["replay", str(good), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"valid": True, "hands": [], "totals": [0, 0, 0, 0], "game_over": False,
                   "winners": [], "biggest_losers": []}
    bad = tmp_path / "bad.ahoy.jsonl"
    bad.write_text(dumps([HEADER, deal_line()]) + "{not json\n")
    assert main(["replay", str(bad), "--json"]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["valid"] is False and out["line"] == 3 and out["rule"] == "FORMAT"
    assert main(["replay", str(tmp_path / "missing")]) == 2


def test_cli_simulate_json_and_bad_arguments(capsys):
    assert main(["simulate", "--players", "3", "--games", "2", "--seed", "4", "--json",
                 "--bots", "baseline,random"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and len(out["hand_wins"]) == 3 and len(out["game_wins"]) == 3
    assert out["hands"] == sum(out["hand_wins"]) + out["becalmed"] and out["hands_per_second"] > 0
    for bad in (["--players", "1"], ["--games", "0"], ["--bots", "pirate"], ["--limit", "5"], ["--seed", "x"]):
        with pytest.raises(SystemExit) as e:
            main(["simulate", *bad])
        assert e.value.code == 2


def test_an_illegal_lay_down_draws_no_chance():
    from ahoy_tui.games.ahoy.actions import LayDown
    from ahoy_tui.games.ahoy.errors import RuleError

    a = Game(["a", "b", "c"], Settings(limit=50), seed=8)
    b = Game(["a", "b", "c"], Settings(limit=50), seed=8)
    a.deal(), b.deal()
    with pytest.raises(RuleError):
        a.act(0, LayDown((1, 2, 3)))  # not in the HANDS UP! phase
    assert a.rng.getstate() == b.rng.getstate()
