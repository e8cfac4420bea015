"""The Ahoi presenter as data (no Textual): over whole random games, for every seat and a spectator after
every action, the model shows no card face the view does not give at that moment (AH15 off, AH16)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from ahoy_tui.games.ahoi.state import AhoiPhase
from ahoy_tui.games.registry import GAMES
from ahoy_tui.lobby.messages import SeatInfo, TableConfig
from ahoy_tui.ui.games.ahoi.cards import FACE
from ahoy_tui.ui.games.ahoi.presenter import present
from ahoy_tui.ui.games.ahoi.prompts import AhoiSelection
from ahoy_tui.ui.games.ahoy.model import Look

NAMES = ["anna", "bo", "cy", "di"]


def update_for(match, seat, names):
    """A ``TableUpdate``-shaped object for ``seat`` (None: a spectator), as the lobby would send it."""
    seats = [SeatInfo(n, "person", True, True, False) for n in names]
    table = SimpleNamespace(table_id="t1", name="Cove", host=names[0], seats=seats, players=tuple(names), gone=(),
                            status="game_over" if match.over else "playing", code=None,
                            config=TableConfig.make("ahoi", name="Cove", seats=len(names)))
    return SimpleNamespace(table=table, view=match.view(seat), legal=match.legal(seat) if seat is not None else [],
                           seat=seat, remaining=None, clock_seconds=None, waiting_for=match.awaiting(),
                           events=[], version=0, catch_up=False)


def model_text(model) -> str:
    return "\n".join(t.plain for t in (model.title, model.layouts, model.piles, model.status, model.mine, model.prompt))


def allowed(view) -> set[int]:
    """Values the view gives now: the discard's top, the card in hand, every layout after the round."""
    out = {view.discard_top} if view.discard_top is not None else set()
    if view.held is not None:
        out.add(view.held)
    if view.revealed is not None:
        out |= {v for layout in view.revealed for v in layout}
    return out


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 7), (3, 11)])
def test_no_face_the_view_does_not_give(players, seed):
    spec = GAMES["ahoi"]
    names = NAMES[:players]
    match = spec.new_match(names, spec.validate_options({}), seed)
    rng = random.Random(seed)
    look = Look("en", False, "pirate", {}, names[0], False)
    checked = faces = 0
    for _ in range(3000):
        if match.over:
            break
        if match.between_hands:
            match.deal()
        for seat in [None, *range(players)]:
            text = model_text(present(update_for(match, seat, names), look, AhoiSelection(), {}))
            shown = [int(m.group(1)) for m in FACE.finditer(text)]
            assert set(shown) <= allowed(match.view(seat)), (seat, text)
            checked += 1
            faces += len(shown)
        waiting = match.awaiting()
        if waiting:
            seat = waiting[0]
            match.act(seat, rng.choice(match.legal(seat)))
    assert match.over and match.view(None).phase is AhoiPhase.GAME_OVER
    assert checked > 100 and faces > checked  # the discard's top alone is a face in almost every model


def test_a_peek_shows_only_its_own_position():
    """A flash shows its value at its owner's position and nowhere else; without it the card is face down."""
    spec = GAMES["ahoi"]
    match = spec.new_match(NAMES[:2], spec.validate_options({}), 3)
    match.deal()
    look = Look("en", True, "pirate", {}, "anna", False)
    up = update_for(match, 0, NAMES[:2])
    plain = present(up, look, AhoiSelection(), {})
    assert "1[##] 2[##] 3[##] 4[##]" in plain.mine.plain and FACE.search(plain.layouts.plain) is None
    seen = present(up, look, AhoiSelection(), {(0, 3): 13, (1, 2): 0})
    assert "3[13]" in seen.mine.plain and "1[##] 2[##]" in seen.mine.plain
    assert "2[ 0]" in seen.layouts.plain and seen.layouts.plain.count("[ 0]") == 1


def test_flashes_come_from_the_viewers_own_peeks_and_go_when_the_layout_changes():
    from ahoy_tui.games.ahoi.events import AhoiEvent
    from ahoy_tui.ui.games.ahoi.presenter import Flash, flashes_after

    peek = AhoiEvent("peek", {"seat": 0, "owner": 1, "positions": [2], "values": [9], "source": "fernrohr"})
    others = AhoiEvent("peek", {"seat": 1, "owner": 1, "positions": [1], "values": [4], "source": "lupe"})
    shown = AhoiEvent("shown", {"seat": 1, "positions": [1, 3], "values": [5, 6]})
    got = flashes_after([], [peek, others, shown], 0, 10.0)
    assert got == [Flash(1, 2, 9, 10.0), Flash(1, 1, 5, 10.0), Flash(1, 3, 6, 10.0)]
    assert flashes_after([], [shown], 1, 10.0) == []  # the placer never sees its own named cards (AH8)
    swap = AhoiEvent("tauschen", {"seat": 2, "target": 1, "position": 1, "target_position": 2, "card": 11})
    assert flashes_after(got, [swap], 0, 11.0) == []
    placed = AhoiEvent("place", {"seat": 0, "positions": [1]})
    assert flashes_after(got, [placed], 0, 11.0) == got
    assert flashes_after(got, [AhoiEvent("deal", {"round": 2})], 0, 11.0) == []
