"""The reveal over the lobby: sent to every member only with its hand's end, never before (R18)."""

from __future__ import annotations

import random

import pytest

from ahoy_tui.games.kit.events import Event
from ahoy_tui.games.ahoy.reveal import deals_of, game_summary
from ahoy_tui.lobby import TableUpdate
from tests.lobby.helpers import Person, instrument, make_lobby, table_with


@pytest.fixture(autouse=True)
def _hands(monkeypatch):
    instrument(monkeypatch)


def _game(seed: int, reveal: bool = True):
    lobby, clock = make_lobby(seed=seed)
    ps = [Person(lobby, clock, f"user:p{i}", f"p{i}", rng=random.Random(seed + i), eager=True).connect()
          for i in range(2)]
    table = table_with(lobby, ps, bots=2, limit=50, reveal=reveal)
    fan = Person(lobby, clock, "user:fan", "fan", think=None).connect()
    lobby.spectate(fan.handle, table.table_id)
    clock.run(until=lambda: table.status == "game_over", max_steps=100_000)
    assert table.status == "game_over"
    return table, ps + [fan]


def _updates(member: Person) -> list[TableUpdate]:
    return [m for m in member.got if isinstance(m, TableUpdate)]


def _truth(table) -> dict[int, list[dict]]:
    """Each hand's deals recomputed from the table's full event list."""
    out, start = {}, 0
    evs: list[Event] = table.events
    for i, e in enumerate(evs):
        if e.kind == "hand_started":
            start = i
        elif e.kind == "hand_over":
            out[e.data["hand"]] = deals_of(evs[start:i + 1])
    return out


@pytest.mark.parametrize("seed", [3, 11])
def test_every_member_gets_each_reveal_with_its_hand_over_and_never_before(seed):
    table, members = _game(seed)
    truth = _truth(table)
    assert truth and any(d for deals in truth.values() for d in deals)
    for m in members:
        got: dict[int, list[dict]] = {}
        for u in _updates(m):
            kinds = [e.kind for e in u.events]
            over = {e.data["hand"] for e in u.events if e.kind == "hand_over"}
            for e in u.events:
                if e.kind == "reveal":
                    assert e.to is None and e.data["hand"] in over  # in the very update that ends the hand
                    assert kinds.index("reveal") > kinds.index("hand_over")
                    got[e.data["hand"]] = e.data["deals"]
            hand = u.view.hand_no if u.view is not None else 0
            # While hand `hand` is being played, nothing of its reveal has reached this member.
            if u.view is not None and u.view.phase.value not in ("no_hand", "game_over"):
                assert hand not in got
                assert "offerer_lied" not in repr(u)
        assert got == truth, m.name


def test_the_option_off_reveals_nothing():
    table, members = _game(3, reveal=False)
    assert table.config.option("reveal") is False
    for m in members:
        for u in _updates(m):
            assert all(e.kind != "reveal" for e in u.events)
            assert "offerer_lied" not in repr(u)


def test_summary_from_a_spectators_events_matches_the_seeded_game():
    table, members = _game(11)
    fan = members[-1]
    seen = [e for u in _updates(fan) for e in u.events]
    summary = game_summary(seen, len(table.played))
    evs = table.events
    g = table.game.state
    for seat, s in enumerate(summary):
        assert s.trades == sum(1 for e in evs if e.kind == "traded" and seat in (e.data["seat"], e.data["partner"]))
        assert s.ahoys == sum(1 for e in evs if e.kind == "ahoy" and e.data["seat"] == seat)
        assert s.hands_ups == sum(1 for e in evs if e.kind == "hands_up" and e.data["seat"] == seat)
        assert s.points == tuple(r.scores[seat] for r in g.results)
        # Lies from the private truth: each "received" names the card given by the other side.
        told = caught = 0
        offer = None
        for e in evs:
            if e.kind == "offered":
                offer = e.data
            elif e.kind == "received" and offer is not None:
                claim = offer["give"] if e.data["other"] == offer["seat"] else offer["want"]
                if e.data["card"] != claim:
                    told += e.data["other"] == seat
                    caught += e.data["seat"] == seat
        assert (s.lies_told, s.lies_caught) == (told, caught), seat
    assert len(g.results) >= 2 and sum(s.trades for s in summary) > 0
    assert sum(s.lies_told for s in summary) > 0
