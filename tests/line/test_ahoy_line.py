"""AHOY!! V2's line words: each typed command is the legal action it names, or a refusal saying what to type;
the clock is announced; a lone player plays against bots from the lobby (issue 28.1)."""

from __future__ import annotations

from types import SimpleNamespace

from ahoy_tui.games.ahoy.actions import Ahoy, ChoosePartner, Draw, HandsUp, LayDown, Offer, Pick, Respond
from ahoy_tui.line import session as line_session
from ahoy_tui.line.games import Ctx, Refusal, line_game
from ahoy_tui.line.games.ahoy import parse_card as c
from ahoy_tui.line.session import LineSession
from ahoy_tui.line.texts import say
from ahoy_tui.lobby import InMemoryLobby, Lobby, Timing
from tests.waiting import wait_until

GAME = line_game("ahoy")


def ctx(legal, hand=("2s", "5d", "9h", "jk"), words=False) -> Ctx:
    view = SimpleNamespace(hand=tuple(sorted(c(x) for x in hand)), players=3, offer=None, active=0, partner=None,
                           hands_up=(1, 0, 3), locked=None)
    update = SimpleNamespace(view=view, legal=list(legal), version=1)
    return Ctx(update=update, names=("anna", "bo", "Ned Low"), me=0, lang="en", words=words,  # type: ignore[arg-type]
               say=lambda key, **kw: say("en", key, **kw))


def test_offer_names_the_card_given_then_the_card_wanted():
    x = ctx([Offer(want=c("5d"), give=c("2s"))])
    assert GAME.parse("offer", ["2s", "for", "5d"], x) == Offer(want=c("5d"), give=c("2s"))
    assert GAME.parse("offer", ["2♠", "for", "5♦", "to", "bo"], x) == Offer(want=c("5d"), give=c("2s"))
    assert GAME.parse("offer", ["2s", "for", "5d", "to", "ned"], x) == Refusal(
        "An offer goes to the next player, bo (R8). Type offer GIVE for WANT, for example offer 6h for 5d.")
    refused = GAME.parse("offer", ["2s"], x)
    assert isinstance(refused, Refusal) and "offer GIVE for WANT" in refused


def test_names_with_spaces_and_prefixes_pick_the_seat():
    x = ctx([HandsUp(1), HandsUp(2)])
    assert GAME.parse("hands", ["up", "ned", "low"], x) == HandsUp(2)
    assert GAME.parse("hands", ["up", "b"], x) == HandsUp(1)
    assert GAME.parse("hands", ["up", "zed"], x) == Refusal("Name the player: bo, Ned Low.")
    x = ctx([ChoosePartner(1), ChoosePartner(2)])
    assert GAME.parse("partner", ["Ned"], x) == ChoosePartner(2)


def test_lay_down_pick_and_ahoy():
    x = ctx([LayDown((c("2s"), c("5d"), c("9h")))])
    assert GAME.parse("lay", ["9h", "2s", "5d"], x) == LayDown((c("2s"), c("5d"), c("9h")))
    assert GAME.parse("lay", ["9h"], x) == Refusal("Lay down exactly 3 cards of your hand.")
    assert GAME.parse("lay", ["9h", "2s", "kd"], x) == Refusal("You do not hold K♦.")
    assert GAME.parse("lay", ["9h", "2s", "kd"], ctx(x.legal, words=True)) == Refusal("You do not hold king of diamonds.")
    x = ctx([Pick(0), Pick(1), Pick(2)])
    assert GAME.parse("pick", ["3"], x) == Pick(2)
    assert GAME.parse("pick", ["4"], x) == Refusal("Type pick and a number from 1 to 3.")
    one = Ahoy((c("2s"), c("3s"), c("4s"), c("5s")))
    assert GAME.parse("ahoy", [], ctx([one, Draw()])) == one
    assert GAME.legal_verbs([Draw(), Respond(False)]) == ["draw", "decline"]


async def test_the_clock_of_a_decision_is_announced(monkeypatch):
    # 2 s after a decision's start (60 s a turn, 20 s an answer, 10 s a step-in window: R17)
    monkeypatch.setattr(line_session, "CLOCK_MARKS", (58, 18, 8))
    lobby = InMemoryLobby(Lobby(timing=Timing(bot_delay=(0, 0.01), between_hands=0.05), seed=6))
    handle = await lobby.connect("user:anna", "anna")
    lines: list[str] = []
    s = LineSession(lobby, handle, lines.append)
    s.start()
    await s.line("create 2 seats 1 bot")
    await s.line("start")
    await wait_until(lambda: any("You have" in x and "seconds" in x for x in lines), 10, "a decision for anna")
    await wait_until(lambda: any(x in lines for x in ("58 seconds left.", "18 seconds left.", "8 seconds left.")),
                     10, "the clock announced")
    s.close()
    await lobby.disconnect(handle)


async def test_the_autopilot_is_told_and_taken_back_by_words():
    """R17: a seat the autopilot plays (3 timeouts, or by choice) is said so, and ``autopilot off`` takes it back."""
    lobby = InMemoryLobby(Lobby(timing=Timing(bot_delay=(5, 5), between_hands=0.05), seed=6))
    handle = await lobby.connect("user:anna", "anna")
    lines: list[str] = []
    s = LineSession(lobby, handle, lines.append)
    s.start()
    await s.line("create 2 seats 1 bot")
    await s.line("start")
    await s.line("autop on")
    assert "The autopilot plays your seat now; type autopilot off to play it yourself." in lines
    await s.line("autopilot off")
    assert lines[-1] == "You play your seat yourself again."
    s.close()
    await lobby.disconnect(handle)


async def test_an_ahoy_call_out_of_turn_is_not_timed_by_another_seats_clock():
    """R12: AHOY! may be called while another seat decides; that seat's clock is not this player's."""
    lobby = InMemoryLobby(Lobby(timing=Timing(bot_delay=(5, 5), between_hands=0.05), seed=6))
    handle = await lobby.connect("user:anna", "anna")
    lines: list[str] = []
    s = LineSession(lobby, handle, lines.append)
    one = Ahoy((c("2s"), c("3s"), c("4s"), c("5s")))
    x = ctx([one])
    update = SimpleNamespace(**vars(x.update), seat=0, waiting_for=(1,), remaining=30.0)
    s._prompt(Ctx(update=update, names=x.names, me=0, lang="en", words=False, say=x.say), GAME)  # type: ignore[arg-type]
    assert lines == ["You hold a treasure: type ahoy to call AHOY!"]
    assert s._clock is None
    mine = SimpleNamespace(**vars(x.update), seat=0, waiting_for=(0,), remaining=30.0)
    s.last_prompt = None
    s._prompt(Ctx(update=mine, names=x.names, me=0, lang="en", words=False, say=x.say), GAME)  # type: ignore[arg-type]
    assert lines[-1] == "You hold a treasure: type ahoy to call AHOY! You have 30 seconds."
    assert s._clock is not None
    s.close()
