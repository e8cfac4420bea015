"""Line mode's pieces: command words (prefixes), the SSH line editor, cards in words, texts in three languages."""

from __future__ import annotations

from ahoy_tui.line.games import line_game
from ahoy_tui.line.games.ahoy import card_words, parse_card
from ahoy_tui.line.texts import DE, EN, ES
from ahoy_tui.line.words import Pick, pick
from server.line_session import LineEditor, wants_line_mode


def test_a_unique_prefix_of_what_is_legal_now_is_enough():
    legal = ["help", "hand", "draw", "offer"]
    assert pick("dr", legal, legal + ["discard"]) == Pick("ok", "draw")
    assert pick("d", legal, legal + ["discard", "decline"]) == Pick("ok", "draw")  # only draw is legal now
    assert pick("DRAW", legal, legal) == Pick("ok", "draw")
    assert pick("h", legal, legal) == Pick("ambiguous", choices=("hand", "help"))
    assert pick("disc", legal, legal + ["discard"]) == Pick("not_now", "discard")
    assert pick("zzz", legal, legal) == Pick("unknown")


class Lines:
    def __init__(self, echo: bool = True) -> None:
        self.lines: list[tuple[str, bool]] = []
        self.echoed = bytearray()
        self.too_long: list[int] = []
        self.quits = 0
        self.editor = LineEditor(on_line=lambda t, bad: self.lines.append((t, bad)),
                                 on_too_long=self.too_long.append, on_quit=self._quit,
                                 echo=self.echoed.extend if echo else None, limit=100)

    def _quit(self) -> None:
        self.quits += 1


def test_the_editor_ends_lines_on_cr_lf_or_crlf_and_edits_them():
    x = Lines()
    x.editor.feed(b"draw\r\nhand\rwho\n")
    assert [t for t, _ in x.lines] == ["draw", "hand", "who"]
    x.editor.feed(b"hx\x7fand\x08\x08nd\r")
    assert x.lines[-1] == ("hand", False)
    x.editor.feed("6♥\x7f\x7foffer\r".encode())  # backspace removes a whole UTF-8 character
    assert x.lines[-1] == ("offer", False)
    x.editor.feed(b"wh\x1b[Do\x1bOA\r")  # arrow keys are dropped, not typed
    assert x.lines[-1] == ("who", False)
    assert b"\x1b" not in x.echoed


def test_a_huge_line_is_dropped_whole_and_said_once():
    x = Lines()
    x.editor.feed(b"a" * 150)
    x.editor.feed(b"b" * 1_000_000 + b"\r")
    assert x.too_long == [100] and x.lines == []
    assert len(x.echoed) < 200
    x.editor.feed(b"who\r")
    assert x.lines == [("who", False)]


def test_invalid_utf8_is_flagged_and_replaced():
    x = Lines(echo=False)
    x.editor.feed(b"\xff\xfewho\r")
    assert x.lines == [("\ufffd\ufffdwho", True)]
    x.editor.feed("say \ufffd ok\r".encode())  # a real replacement character typed is not bad input
    assert x.lines[-1] == ("say \ufffd ok", False)


def test_ctrl_c_or_ctrl_d_on_an_empty_line_quits():
    x = Lines()
    x.editor.feed(b"ab\x03")
    assert x.quits == 0
    x.editor.feed(b"\x15\x04")
    assert x.quits == 1


def test_which_channels_get_line_mode():
    assert wants_line_mode("line", None, True, False)
    assert wants_line_mode(" LINE ", None, False, False)
    assert not wants_line_mode("tables", None, True, True)
    assert wants_line_mode(None, "dumb", True, False)
    assert wants_line_mode(None, "xterm", True, True)
    assert not wants_line_mode(None, "xterm", True, False)
    assert not wants_line_mode(None, "dumb", False, False)  # ssh -T: the plain answer


def test_cards_are_typed_and_said_in_words():
    assert parse_card("6h") == parse_card("6♥") == parse_card("6H")
    assert parse_card("10s") == parse_card("ts")
    assert parse_card("jk") == parse_card("joker") == 52
    assert parse_card("6x") is None
    six_hearts = parse_card("6h")
    assert card_words(six_hearts, "en") == "6 of hearts"
    assert card_words(six_hearts, "es") == "6 de corazones"
    assert card_words(six_hearts, "de") == "Herz 6"
    assert card_words(parse_card("qs"), "en") == "queen of spades"


def test_every_sentence_has_spanish_and_german():
    for table in (EN,):
        assert set(ES) >= set(table) and set(DE) >= set(table), set(table) - set(ES) - set(DE)
    for game in ("ahoy", "ahoi"):
        texts = line_game(game).texts
        assert set(texts["es"]) == set(texts["en"]) == set(texts["de"]), game


def test_every_session_word_but_quit_has_its_command_and_no_game_word_is_taken_by_one():
    """A word a player types is the session's (``session.COMMANDS``) or the game's: ``help`` lists
    every session word, so each must do something; a game's move or ``tells`` word named like a
    session word would never reach the game."""
    from ahoy_tui.line.games import LINE_GAMES
    from ahoy_tui.line.session import COMMANDS, SESSION_WORDS

    assert set(COMMANDS) == set(SESSION_WORDS) - {"quit"}
    for game in LINE_GAMES:
        plugin = line_game(game)
        assert not set(COMMANDS) & {*plugin.verbs, *plugin.tells}, game
