"""The table presenter as data, without Textual: what every panel shows for an update (issue 13 item 6).

Updates come from real ``Lobby`` games (tests/lobby/helpers.py) and from
hand-made snapshots; each is turned into a ``TableModel`` by
``ui.games.ahoy.presenter.present`` and checked for what a player would notice:
no other seat's card in any text (R18), exactly the legal choices offered,
the clock, ASCII mode, the waiting room's keys.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import Ahoy, Draw, HandsUp, Pass, Respond, StepIn
from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.lobby import TableUpdate
from ahoy_tui.ui.games.ahoy.presenter import GAME_KEYS, present, selection_after
from ahoy_tui.ui.games.ahoy.model import ClockModel, Facts, Look, Selection
from ahoy_tui.ui.games.ahoy.cards import card_label
from tests.lobby.helpers import Person, instrument, make_lobby, table_with

SUITS = set(C.SUIT_SYMBOLS)
EN, ES = Look("en", me="anna"), Look("es", me="anna")


@pytest.fixture(autouse=True)
def _hands(monkeypatch):
    instrument(monkeypatch)


def _game(seed: int = 5, clocks: str = "normal", limit: int = 40):
    """A whole game: anna and bo (people, the baseline bot's choices), one bot; cy watches."""
    lobby, clock = make_lobby(seed=seed)
    anna = Person(lobby, clock, "user:anna", "anna", rng=random.Random(seed)).connect()
    bo = Person(lobby, clock, "user:bo", "bo", rng=random.Random(seed + 1), eager=True).connect()
    table = table_with(lobby, [anna, bo], bots=1, limit=limit, clocks=clocks)
    cy = Person(lobby, clock, "user:cy", "cy", think=None).connect()
    lobby.spectate(cy.handle, table.table_id)
    clock.run(until=lambda: table.status == "game_over", max_steps=50_000)
    assert table.status == "game_over"
    return table, anna, bo, cy


@pytest.fixture(scope="module")
def game():
    mp = pytest.MonkeyPatch()
    instrument(mp)
    try:
        yield _game()
    finally:
        mp.undo()


def _secret_labels(table, u: TableUpdate) -> set[str]:
    """Labels of cards other seats hold at ``u``'s version that ``u``'s viewer does not know."""
    hands = table.hand_log.get(u.version)
    if hands is None or u.view is None:
        return set()
    view = u.view
    known = set(view.hand) | set(view.discard) | set(view.ahoy_cards)
    if view.offer is not None:
        known |= {view.offer[2], view.offer[3]}  # statements (R8): public, whatever the hands hold
    others = {c for seat, hand in enumerate(hands) if seat != u.seat for c in hand}
    return {card_label(c) for c in others - known if c != C.JOKER}


def test_no_text_of_the_model_names_a_card_the_viewer_may_not_see(game):
    table, anna, bo, cy = game
    checked = 0
    for person in (anna, bo, cy):
        for u in person.updates():
            model = present(u, EN)
            if u.view is not None and u.view.phase not in (Phase.NO_HAND, Phase.GAME_OVER):
                own = () if u.seat is None else tuple(table.hand_log[u.version][u.seat])
                assert sorted(model.hand.cards) == sorted(own)  # only the viewer's own cards
                secret = _secret_labels(table, u)
                for text in model.strings():
                    assert not any(label in text for label in secret), (person.name, text)
                checked += bool(secret)
    assert checked > 200


def test_a_spectator_gets_no_hand_no_choices_and_no_game_keys(game):
    table, anna, bo, cy = game
    for u in cy.updates():
        model = present(u, Look("en", me="cy"))
        assert model.hand.cards == () and model.hand.title == ""
        assert all(o.action is None for o in model.prompt.options)
        assert not model.keys & set(GAME_KEYS)
        assert "autopilot" not in model.keys and "auto_pass" not in model.keys
        if u.view is not None:
            assert model.title.plain.endswith("· watching")


def test_the_prompt_offers_exactly_the_legal_choices(game):
    table, anna, bo, cy = game
    asked = set()
    for u in anna.updates() + bo.updates():
        if u.view is None or u.view.phase is Phase.GAME_OVER:
            continue
        model = present(u, EN)
        prompt, legal, keys = model.prompt, u.legal, model.keys
        sent = [o.action for o in prompt.options if o.action is not None]
        assert all(a in legal for a in sent)
        assert ("draw" in keys) == (Draw() in legal)
        assert ("accept" in keys) == (Respond(True) in legal)
        assert ("decline" in keys) == (Respond(False) in legal)
        assert ("step_in" in keys) == (StepIn() in legal)
        assert ("pass" in keys) == (Pass() in legal)
        assert ("ahoy" in keys) == any(isinstance(a, Ahoy) for a in legal)
        assert ("offer" in keys) == any(a.KIND == "offer" for a in legal)
        targets = {a for a in legal if isinstance(a, HandsUp)}
        assert ("hands_up" in keys) == bool(targets)
        if targets:  # u: choose a target among exactly the legal ones
            sub = present(u, EN, Selection(sub="hands_up"))
            assert {o.action for o in sub.prompt.options if o.action is not None} == targets
        for kind in ("discard", "exchange", "lay_down"):
            assert (prompt.hand_mode == kind) == any(a.KIND == kind for a in legal), kind
        for kind in ("choose_partner", "pick"):
            assert {a for a in sent if a.KIND == kind} == {a for a in legal if a.KIND == kind}
        asked |= {a.KIND for a in legal}
    assert {"draw", "offer", "respond", "discard"} <= asked


def test_the_clock_of_an_untimed_table_never_runs_and_only_your_own_clock_is_yours():
    table, anna, bo, cy = _game(seed=7, clocks="untimed", limit=20)
    assert all(present(u, EN).clock == ClockModel(None, False) for u in anna.updates())
    table, anna, bo, cy = _game(seed=7, clocks="normal", limit=20)
    mine = [present(u, EN).clock.mine for u in anna.updates()]
    assert any(mine) and not all(mine)
    assert not any(present(u, EN).clock.mine for u in cy.updates())
    u = next(u for u in anna.updates() if present(u, EN).clock.mine)
    away = replace(u, table=replace(u.table, seats=[replace(s, autopilot=i == u.seat)
                                                    for i, s in enumerate(u.table.seats)]))
    assert not present(away, EN).clock.mine  # the autopilot has the seat: no warning is due


def test_ascii_mode_names_cards_by_letters_and_draws_no_unicode(game):
    table, anna, bo, cy = game
    for look in (Look("en", ascii_only=True, me="anna"), Look("es", ascii_only=True, me="anna")):
        for u in anna.updates()[::7] + cy.updates()[::7]:
            model = present(u, look)
            drawn = [model.title.plain, model.chat_title, model.chat_placeholder, model.log_title, model.hand.title]
            if model.banner is not None:
                drawn.append(model.banner.line.plain)
            if model.piles is not None:
                drawn += model.piles.labels
            if model.waiting is not None:
                drawn.append(model.waiting.plain)
            assert all(text.isascii() for text in drawn), drawn
            assert not SUITS & set(model.prompt.text + model.prompt.note + "".join(o.label for o in model.prompt.options))


def test_reusing_the_previous_model_changes_nothing_and_keeps_the_unchanged_banner(game):
    table, anna, bo, cy = game
    previous, reused = None, 0
    for u in anna.updates():
        fresh = present(u, EN, facts=Facts(True, True))
        model = present(u, EN, facts=Facts(True, True), previous=previous)
        assert model == fresh
        if previous is not None and model.banner is not None and model.banner is previous.banner:
            reused += 1
        previous = model
    assert reused > 5


def test_the_waiting_room_keys_follow_host_and_seat():
    lobby, clock = make_lobby(seed=3)
    anna = Person(lobby, clock, "user:anna", "anna", think=None).connect()
    bo = Person(lobby, clock, "user:bo", "bo", think=None).connect()
    from ahoy_tui.lobby import TableConfig

    tid = lobby.create_table(anna.handle, TableConfig(name="Cove", seats=3))
    lobby.join(bo.handle, tid)
    host, guest = anna.updates()[-1], bo.updates()[-1]
    assert host.view is None and guest.view is None
    m = present(host, EN)
    assert {"start", "remove_seat", "add_bot"} <= m.keys and m.host and not {"ready", "unready"} & m.keys  # nobody waits for the host's ready
    assert not {"discards", "scores", "autopilot"} & m.keys
    g = present(guest, Look("en", me="bo"))
    assert "ready" in g.keys and not {"start", "remove_seat", "add_bot"} & g.keys
    assert "Cove" in g.waiting.plain and "bo" in g.waiting.plain and not g.playing
    assert g.prompt.text and g.prompt.text != m.prompt.text  # the host is told about g; the guest about r
    assert present(guest, Look("es", me="bo")).prompt.text != g.prompt.text


def test_a_new_hand_or_phase_drops_the_selection_but_a_clock_tick_keeps_it(game):
    table, anna, bo, cy = game
    ups = [u for u in anna.updates() if u.view is not None]
    sel = Selection(cursor=1, marked=frozenset({0, 1}), sub="hands_up")
    a, b = next((a, b) for a, b in zip(ups, ups[1:]) if a.view.hand != b.view.hand)
    assert selection_after(a.view, b.view, sel).cursor is None
    assert selection_after(a.view, b.view, sel).marked == frozenset()
    same = next(u for u in ups if u.view.phase is Phase.ACTION)
    assert selection_after(same.view, same.view, sel) is sel
    assert selection_after(same.view, replace(same.view, phase=Phase.RESPOND), sel).sub is None


def test_the_presenter_imports_no_textual():
    import subprocess
    import sys

    code = ("import sys, ahoy_tui.ui.games.ahoy.presenter, ahoy_tui.ui.games.ahoy.record; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
