"""``top`` and ``stats NAME`` as plain text (no PTY): boards, profiles, languages, bad requests."""

from __future__ import annotations

import re

import pytest

from ahoy_tui.community.service import Community
from ahoy_tui.lobby import InMemoryLobby, Lobby
from ahoy_tui.plain.answers import answer
from ahoy_tui.store.base import ArchivedGame
from tests.community.helpers import ANNA, BO, CY, ahoi_game, bot_game, game, listing


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
    assert "top [30d|2..8]" in help_text and "stats NAME" in help_text and "top ahoi" in help_text


async def test_top_ahoi_and_stats_show_each_game_apart():
    """Ratings are per game: ``top ahoi`` lists Ahoi's players only; ``stats`` has a part per game played."""
    c = Community()
    try:
        c.record(game("g1", (ANNA, BO), (1, 2), names=("anna", "bo"))).result(5)
        for i in range(2):
            c.record(ahoi_game(f"a{i}", (CY, ANNA, None), seed=20 + i, names=("cy", "anna", "Hook"),
                               finished=1_700_000_000.0 + i)).result(5)
        lobby = InMemoryLobby(Lobby(community=c, wall=lambda: 1_700_000_100.0))
        ahoy = await answer("top", lobby, "ssh host")
        assert ahoy.text.startswith("AHOY!! V2") and [ln.split()[2] for ln in ahoy.text.splitlines()[2:4]] == \
            ["anna", "bo"] and " cy " not in ahoy.text
        ahoi = await answer("top ahoi", lobby, "ssh host")
        assert ahoi.status == 0 and ahoi.text.startswith("Ahoi")
        lines = ahoi.text.splitlines()
        assert sorted(ln.split()[2] for ln in lines[2:4]) == ["anna", "cy"] and not lines[4].strip()
        assert "3-player" in (await answer("top ahoi 3", lobby, "ssh host")).text
        assert "30 days" in (await answer("top AHOI 30d", lobby, "ssh host")).text
        assert (await answer("top ahoi 8", lobby, "ssh host")).status == 1     # Ahoi seats 2 to 6
        anna = (await answer("stats anna", lobby, "ssh host", utf8=True)).text
        head_ahoy, head_ahoi = anna.index("AHOY!! V2 · rating"), anna.index("Ahoi · rating")
        assert head_ahoy < anna.index("AHOY! calls") < head_ahoi < anna.index("„Ahoi“ calls")
        assert "rounds " in anna and "Lupe" in anna and "failed matches" in anna
        card = c.profile(ANNA).game("ahoi").stats
        assert f"rounds {card.hands}  won {card.hands_won}" in anna
        cy = (await answer("stats cy", lobby, "ssh host")).text
        assert "Ahoi" in cy and "AHOY!! V2" not in cy and cy.isascii()
        es = (await answer("stats anna", lobby, "ssh host", "es", utf8=True)).text
        assert "rondas" in es and "penalizados" in es
    finally:
        c.close()


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


class _Games:
    """A lobby that only answers ``my_games`` (what ``ssh host games`` asks), with ``listings``."""

    def __init__(self, *listings) -> None:
        self.listings = list(listings)

    async def connect(self, identity, name):
        return identity

    async def disconnect(self, handle):
        return None

    async def my_games(self, handle, limit=50):
        return self.listings


async def test_stats_and_games_give_a_leaver_the_same_last_place():
    """bob left mid-game and a bot finished his seat 3rd on points, ahead of anna: every answer puts
    him 4th of 4 and anna 3rd of 4."""
    ids, names = (ANNA, None, "user:carl", None), ("anna", "bob", "carl", "Hook")
    left = listing("g1", ids, (4, 3, 1, 2), (None, BO, None, None), 1_700_000_000.0, names)
    stayed = listing("g1", (ANNA, BO, "user:carl", None), (4, 3, 1, 2), (None, BO, None, None),
                     1_700_000_000.0, names)       # he left the seat without a bot taking it
    c = Community()
    try:
        c.record(game("g1", ids, (4, 3, 1, 2), (None, BO, None, None), 1_700_000_000.0, names)).result(5)
        lobby = InMemoryLobby(Lobby(community=c))
        bob = (await answer("stats bob", lobby, "ssh host")).text
        assert "4/4" in bob and "average place 4.00" in bob and "after 1 rated game" in bob
        anna = (await answer("stats anna", lobby, "ssh host")).text
        assert "3/4" in anna and "average place 3.00" in anna
    finally:
        c.close()
    for lst in (left, stayed):
        bob_games = (await answer("games", _Games(lst), "ssh host", identity=BO)).text
        assert "place 4 of 4" in bob_games.splitlines()[1]
    anna_games = (await answer("games", _Games(left), "ssh host", identity=ANNA)).text
    assert "place 3 of 4" in anna_games and "winner: carl" in anna_games


@pytest.mark.parametrize("lang,utf8,why", [
    ("en", False, "games against bots are not rated"),
    ("es", True, "las partidas contra bots no puntúan"),
    ("de", True, "Spiele gegen Bots werden nicht gewertet"),
    ("de", False, "SSH-Schluessel"),          # an ASCII client reads German as German writes it without umlauts
])
async def test_a_player_alone_with_bots_reads_why_top_and_stats_show_no_rating(lang, utf8, why):
    """Issue 24.8: a keyed player's finished games against bots: ``top`` and ``stats`` say why there is no
    rating instead of only "Nobody is on this leaderboard yet"."""
    c = Community()
    for n in range(2):
        c.record(game(f"g{n}", (ANNA, None), (1, 2), finished=1_700_000_000.0 + n, names=("anna", "Hook")))
    assert c.flush()
    lobby = InMemoryLobby(Lobby(community=c, wall=lambda: 1_700_000_200.0))
    try:
        top = await answer("top", lobby, "ssh host", lang=lang, utf8=utf8)
        stats = await answer("stats anna", lobby, "ssh host", lang=lang, utf8=utf8)
    finally:
        c.close()
    assert top.status == 0 and why in top.text
    assert stats.status == 0 and ("bot" in stats.text.lower()) and "SSH" in stats.text
    assert utf8 or (top.text.isascii() and stats.text.isascii() and "HAENDE HOCH!" in stats.text) or lang != "de"


async def test_top_bots_lists_the_bot_api_programs_only(lobby):
    """``ssh host top bots``: bot API programs, rated among themselves (docs/bot-api.md); never people."""
    c = lobby.core.community
    c.record(game("g20", ("bot:SHA256:r2", ANNA, "bot:SHA256:d2"), (2, 1, 3), finished=1_700_000_150.0,
                  names=("r2d2", "anna", "dee"))).result(5)
    ans = await answer("top bots", lobby, "ssh host")
    lines = ans.text.splitlines()
    assert ans.status == 0 and "bot API" in lines[0]
    assert [ln.split()[2] for ln in lines[2:4]] == ["r2d2", "dee"] and "anna" not in ans.text
    assert "bot API programs" in lines[-1] and "games against bots are not rated" not in ans.text  # its own note
    assert "r2d2" not in (await answer("top", lobby, "ssh host")).text
