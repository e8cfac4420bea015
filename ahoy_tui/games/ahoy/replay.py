"""Replay a record with full validation, and project it per seat (RECORDS.md).

``replay`` applies every line through the engine and stops at the first
illegal one with a :class:`RecordError` naming the line and the rule.
"""

from __future__ import annotations

from typing import Any, Sequence

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import Ahoy, Draw
from ahoy_tui.games.ahoy.errors import RuleError
from ahoy_tui.games.ahoy.follow import check_projection, is_projection
from ahoy_tui.games.ahoy.game import Game
from ahoy_tui.games.ahoy.record import ReplaySummary, _cards, _field, parse_action, parse_header, physical
from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.games.kit.replay import Replayer, check_deal, check_result


def _new_game(head: Any) -> Game:
    """The game a header line describes."""
    seats, settings, seed = parse_header(head)
    return Game(seats, settings, seed)


def _read(game: Game, lines: list, i: int, checked: int) -> tuple[int, int]:
    """Apply ``lines[i]``, a chance, action or result line (``kit.replay.Reader``)."""
    obj = lines[i][1]
    i += 1
    if not isinstance(obj, dict):
        raise RuleError("FORMAT", "a line must be a JSON object")
    if "chance" in obj:
        return _chance(game, obj, lines, i), checked
    if "result" in obj:
        return i, _result(game, obj, checked)
    if "act" in obj or "seat" in obj:
        return _action(game, obj, lines, i), checked
    raise RuleError("FORMAT", "a line must be a chance, action or result")


def summarize(game: Game) -> ReplaySummary:
    """The ``--json`` summary of a game so far."""
    s = game.state
    return ReplaySummary(
        results=[{"hand": r.hand, "winner": r.winner, "scores": list(r.scores)} for r in s.results],
        totals=list(s.totals), game_over=s.phase is Phase.GAME_OVER,
        winners=list(s.winners), losers=list(s.biggest_losers))


def _chance(game: Game, obj: dict, lines: list, i: int) -> int:
    kind = _field(obj, "chance", str)
    s = game.state
    if kind == "deal":
        if s.phase is Phase.GAME_OVER:
            raise RuleError("R15", "the game is over")
        _, first = check_deal(obj, hand="hand", seat="first_seat", in_hand=s.hand_in_progress, played=s.hand_no,
                              rule="R3", error=RuleError, busy="a hand is already in progress")
        deck = physical(_cards(obj, "deck"), C.full_deck(s.players))
        if deck is None:
            raise RuleError("R1", "the deck is not this game's card set")
        game.deal(deck, first)
        return i
    if kind == "reshuffle":
        nxt = lines[i][1] if i < len(lines) else None
        if not (_needs_reshuffle(game) and isinstance(nxt, dict) and nxt.get("act") == "draw"
                and nxt.get("seat") == s.active):
            raise RuleError("R6", "a reshuffle when no draw found the draw pile empty")
        _reshuffle_outcome(game, obj)
        return i
    raise RuleError("FORMAT", f"unknown chance {kind!r}")


def _reshuffle_outcome(game: Game, obj: dict) -> list[int]:
    s = game.state
    names = _cards(obj, "draw_pile")
    pile = physical(names, s.discard[:-1])
    if pile is None:
        raise RuleError("R6", "the reshuffled draw pile is not the discard pile below its top")
    return pile


def _needs_reshuffle(game: Game) -> bool:
    s = game.state
    m = s.settings.max_reshuffles
    return (s.phase is Phase.DRAW and not s.draw_pile and len(s.discard) > 1
            and not (m is not None and s.reshuffles >= m))


def _is_reshuffle(obj: Any) -> bool:
    return isinstance(obj, dict) and obj.get("chance") == "reshuffle"


def _action(game: Game, obj: dict, lines: list, i: int) -> int:
    s = game.state
    if s.phase is Phase.GAME_OVER:
        raise RuleError("R15", "the game is over")
    seat, action = parse_action(obj, s.players)
    if s.phase is Phase.NO_HAND:
        if game.seed is None:
            if isinstance(action, Ahoy):
                raise RuleError("R12", "no hand is in progress")
            raise RuleError("R3", "no deal line and no seed to shuffle from")
        game.deal()
    forced = None
    if isinstance(action, Draw) and _needs_reshuffle(game) and game.state.active == seat:
        prev = lines[i - 2][1] if i >= 2 else None
        if _is_reshuffle(prev) and i - 2 > 0:
            forced = _reshuffle_outcome(game, prev)
        elif i < len(lines) and _is_reshuffle(lines[i][1]):
            forced = _reshuffle_outcome(game, lines[i][1])
            i += 1
        elif game.seed is None:
            raise RuleError("R3", "a reshuffle is needed and there is no chance line or seed")
    events = game.act(seat, action, shuffle=False, reshuffle=forced)
    if isinstance(action, Draw) and "card" in obj:
        _check_drawn(obj, events)
    return i


def _check_drawn(obj: dict, events: list) -> None:
    """A projection's own ``draw`` line names the card drawn: it must be the one the pile gave (R6).

    Raises:
        RuleError: R1 for a bad card name, R6 when it is not the card drawn.
    """
    named = obj["card"]
    drew = next((e.data["card"] for e in events if e.kind == "drew_card"), None)
    if named is None and drew is None:
        return
    if not isinstance(named, str):
        raise RuleError("FORMAT", "field 'card' has the wrong type")
    if drew is None or C.identity(C.parse(named)) != drew:
        raise RuleError("R6", f"the draw gave {C.name(drew) if drew is not None else 'nothing'}, not {named}")


def _result(game: Game, obj: dict, checked: int) -> int:
    s = game.state
    return check_result(obj, checked, hand="hand", results=s.results, want=_hand_line, over=s.phase is Phase.GAME_OVER,
                        finals={"winners": s.winners, "biggest_losers": s.biggest_losers}, totals=s.totals,
                        rules=("R14", "R15"), error=RuleError, finals_verb="does not match")


def _hand_line(r: Any) -> dict:
    """What a hand's result line says (R14)."""
    return {"hand": r.hand, "winner": r.winner, "scores": list(r.scores), "totals": list(r.totals)}


def project(record: Sequence[dict], seat: int | None) -> list[dict]:
    """The record as ``seat`` (None: a spectator) may see it (RECORDS.md "Projections", R18).

    Hidden arguments become ``null``: the seed; undealt cards and reshuffle
    orders (always); other seats' dealt cards, exchange cards and laid-down
    cards until that hand's result line (R14). The seat's own ``draw`` lines
    carry the card it drew (``"card"``, R6: the draw pile's top, which it saw);
    no other seat's draw ever names a card.
    """
    out: list[dict] = []
    hand_lines: list[tuple[int, dict]] = []  # indexes in ``out`` of hidden lines of this hand
    players = len(record[0]["seats"]) if record and isinstance(record[0], dict) else 0
    pile: list[str] = []  # the draw pile, top first (full record: every card named)
    used = -1  # a reshuffle line read early: it stood just after its draw
    for no, line in enumerate(record):
        line = dict(line)
        if "format" in line:
            line["seed"] = None
        elif line.get("chance") == "deal":
            dealt = 5 * players
            first = line["first_seat"]
            full = list(line["deck"])
            pile = full[dealt:]
            line["deck"] = [c if i < dealt and (first + i) % players == seat else None
                            for i, c in enumerate(full)]
            hand_lines.append((len(out), {"deck": [c if i < dealt else None for i, c in enumerate(full)]}))
        elif line.get("chance") == "reshuffle":
            if no != used:
                pile = list(line["draw_pile"])
            line["draw_pile"] = [None] * len(line["draw_pile"])
        elif line.get("act") == "draw":
            nxt = record[no + 1] if no + 1 < len(record) else None
            if not pile and isinstance(nxt, dict) and nxt.get("chance") == "reshuffle":
                pile, used = list(nxt["draw_pile"]), no + 1  # written just after the draw (R6)
            drew = pile.pop(0) if pile else None
            if drew is not None and line.get("seat") == seat:
                line["card"] = drew
        elif line.get("act") in ("exchange", "lay_down") and line.get("seat") != seat:
            key = "card" if line["act"] == "exchange" else "cards"
            hand_lines.append((len(out), {key: line[key]}))
            line[key] = None if key == "card" else [None] * len(line[key])
        elif line.get("result") == "hand":
            for idx, revealed in hand_lines:
                out[idx].update(revealed)
            hand_lines = []
        out.append(line)
    return out


REPLAYER = Replayer(_new_game, _read, RuleError, summarize, is_projection, check_projection)
"""AHOY!! V2's replay check (``kit.replay``): a projection goes to ``follow.check_projection``."""

replay = REPLAYER.replay
"""``replay(record) -> (Game, ReplaySummary)``: check every line of ``record`` (JSON Lines text, or the
parsed line objects in order) against the rules; RecordError at the first illegal line."""

check = REPLAYER.check
"""``check(record) -> (seat names, ReplaySummary)``: ``ahoy replay``, a complete record through
:func:`replay`, a projection (R18, hidden cards as ``null``) through ``follow.check_projection``."""
