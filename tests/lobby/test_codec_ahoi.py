"""Every Ahoi wire type (views, events, actions, phases, results) round-trips through the lobby codec."""

from __future__ import annotations

import random

from ahoy_tui.games.ahoi.actions import (CallAhoi, DiscardDrawn, DrawCard, Fernrohr, FirstLook, Lupe, Place,
                                        TakeDiscard, Tauschen)
from ahoy_tui.games.ahoi.game import AhoiGame
from ahoy_tui.games.ahoi.state import AhoiPhase, RoundResult
from ahoy_tui.games.ahoi.wire import WIRE_TYPES
from ahoy_tui.games.registry import GAMES
from ahoy_tui.lobby import Notice
from ahoy_tui.lobby.codec import decode, decode_value, encode
from tests.lobby.test_codec import assert_same


def test_every_ahoi_wire_type_round_trips_inside_a_message():
    samples = [FirstLook((1, 3)), TakeDiscard(), DrawCard(), DiscardDrawn(), Place((4, 1, 2)), Lupe(2),
               Fernrohr(1, 3), Tauschen(1, 2, 4), CallAhoi(), RoundResult(2, None, (9, 3), (9, 0), (20, 4)), *AhoiPhase]
    game = AhoiGame(["a", "b", "c"], True, seed=2)
    game.deal()
    events = [e for s in range(3) for e in game.act(s, FirstLook((1, 2)))]
    samples += [game.view(0), game.view(None), *events]
    assert {type(x) for x in samples} == set(WIRE_TYPES) == set(GAMES["ahoi"].wire_types)
    for x in samples:
        inside = Notice("x", "info", "", (("v", x),))  # type: ignore[arg-type]
        assert_same(inside, decode(encode(inside)))


def test_every_view_event_and_action_of_whole_games_round_trips():
    rng = random.Random(8)
    for seed in range(4):
        game = AhoiGame(["a", "b", "c", "d"], seed % 2 == 0, seed=seed)
        while not game.over:
            if not game.state.in_round:
                game.deal()
                continue
            seat = game.view(None).waiting_for[0]
            action = rng.choice(game.legal(seat))
            for x in [action, *game.act(seat, action), game.view(seat), game.view(None)]:
                back = decode_value(encode(x))
                assert back == x and type(back) is type(x)
