"""``top`` and ``stats NAME`` as plain text (no PTY): boards, profiles, languages, bad requests."""

from __future__ import annotations

import re

import pytest

from ahoy_tui.community.service import Community
from ahoy_tui.lobby import InMemoryLobby, Lobby
from server.commands import answer
from ahoy_tui.store.base import ArchivedGame
from tests.community.helpers import ANNA, BO, CY, bot_game, game, listing


@pytest.fixture
def lobby():
    c = Community()
    for n in range(3):
        c.record(game(f"g{n}", (ANNA, BO, "user:cy"), (1, 2, 3), finished=1_700_000_000.0 + n,
                      names=("anna", "bo\u202e\x1b[31m", "cy")))
    c.record(game("g9", (CY, BO), (1, 2), finished=1_700_000_100.0, names=("cy", "bo")))
    assert c.flush()
    yield InMemoryLobby(Lobby(community=c, wall=lambda: 1_700_000_200.0))
    c.close()


async def test_top_lists_rated_players_best_first(lobby):
    ans = await answer("top", lobby, "ssh host")
    lines = ans.text.splitlines()
    assert ans.status == 0 and "overall" in lines[0]
    order = [ln.split()[2] for ln in lines[2:5]]
    assert order[0] == "anna" and set(order) == {"anna", "bo", "cy"}
    assert "?" in lines[2] and "\x1b" not in ans.text and "\u202e" not in ans.text
    assert ans.text.isascii()


async def test_top_of_30_days_and_of_a_seat_count(lobby):
    recent = await answer("top 30d", lobby, "ssh host")
    assert recent.status == 0 and "30 days" in recent.text and "+" in recent.text
    three = await answer("top 3", lobby, "ssh host")
    assert three.status == 0 and "3-player" in three.text
    assert "cy" in three.text.splitlines()[4]          # the keyless cy played 3-player games too
    two = await answer("top 2", lobby, "ssh host")
    assert [ln.split()[2] for ln in two.text.splitlines()[2:4]] == ["cy", "bo"]


@pytest.mark.parametrize("command", ["top 9", "top best", "top 3 4", "stats"])
async def test_bad_requests_say_how_to_ask_in_one_line(lobby, command):
    ans = await answer(command, lobby, "ssh host")
    assert ans.status == 1 and ans.text.count("\n") == 1 and "ssh HOST" in ans.text


async def test_stats_shows_every_count_of_a_player(lobby):
    ans = await answer("stats ANNA", lobby, "ssh host")
    assert ans.status == 0
    for words in ("rating", "games 3  wins 3", "AHOY! calls", "HANDS UP!", "offers made", "lies told",
                  "BIGGEST LOSER", "3 players: 3 games, 3 wins"):
        assert words in ans.text
    keyless = await answer("stats cy", lobby, "ssh host")   # a key named cy and a typed name cy
    assert keyless.text.count("never rated") == 1 and "not rated" in keyless.text


async def test_stats_of_nobody_and_spanish(lobby):
    ans = await answer("stats nobody\x1b[2J", lobby, "ssh host")
    assert ans.status == 1 and "Nobody called nobody" in ans.text and "\x1b" not in ans.text
    es = await answer("stats anna", lobby, "ssh host", "es", utf8=True)
    assert "partidas 3" in es.text and "victorias 3" in es.text
    help_text = (await answer("help", lobby, "ssh host")).text
    assert "top [30d|2..8]" in help_text and "stats NAME" in help_text


async def test_a_server_without_ratings_says_so():
    ans = await answer("top", InMemoryLobby(), "ssh host")
    assert ans.status == 1 and "keeps no ratings" in ans.text


CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([SHDC♠♥♦♣])(?![0-9A-Za-z])|(?<![0-9A-Za-z])JK(?![0-9A-Za-z])")


async def test_no_card_of_any_game_reaches_the_answers():
    """Stats are counts over finished games: no card name (hidden or not) is ever in ``top`` or ``stats``."""
    c = Community()
    try:
        for i in range(3):
            g, _ = bot_game(40 + i, 3)
            totals = g.state.totals
            places = tuple(1 + sum(t < x for t in totals) for x in totals)
            c.record(ArchivedGame(listing(f"g{i}", (ANNA, BO, None), places, names=("anna", "bo", "Hook")),
                                  tuple(g.record)))
        assert c.flush()
        lobby = InMemoryLobby(Lobby(community=c))
        for command in ("top", "top 30d", "top 3", "stats anna", "stats bo", "stats Hook"):
            for lang in ("en", "es"):
                text = (await answer(command, lobby, "ssh host", lang, utf8=True)).text
                assert not CARD.search(text), (command, text)
        assert "lies told" in (await answer("stats anna", lobby, "ssh host")).text
    finally:
        c.close()
