"""Replay an Ahoi record with full validation, and project it per seat (RECORDS.md "Ahoi records").

``replay`` applies every line through the engine and stops at the first
illegal one with a ``RecordError`` naming the line and the AH rule (or
``FORMAT``). ``project`` is the record a seat or spectator may see (AH16).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ahoy_tui.games.ahoi import cards as C
from ahoy_tui.games.ahoi.events import AhoiEvent
from ahoy_tui.games.ahoi.game import AhoiGame
from ahoy_tui.games.ahoi.record import GAME, parse_action, parse_header
from ahoy_tui.games.ahoi.state import AhoiPhase
from ahoy_tui.games.ahoi.view import AhoiView
from ahoy_tui.games.base import IllegalAction, ReplayStep
from ahoy_tui.games.kit.events import for_viewer
from ahoy_tui.games.kit.records import RecordError, field
from ahoy_tui.games.kit.replay import Replayer, Summary, check_deal, check_result


class AhoiSummary(Summary):
    """What ``replay`` found (the ``ahoy replay --json`` shape for Ahoi: ``game``, ``rounds``, ``losers``);
    ``projected`` when the record hides cards (AH16) and only its lines' shapes and results were read."""

    GAME = GAME
    RESULTS = "rounds"
    LOSERS = "losers"


def _new_game(head: Any) -> AhoiGame:
    """The game a header line describes."""
    seats, aid, seed = parse_header(head)
    return AhoiGame(seats, aid, seed)


def _read(game: AhoiGame, lines: list, i: int, checked: int) -> tuple[int, int]:
    """Apply ``lines[i]`` (``kit.replay.Reader``)."""
    return i + 1, _line(game, lines[i][1], checked)


def _line(game: AhoiGame, obj: Any, checked: int) -> int:
    """Apply one line; returns how many round results have been checked."""
    if not isinstance(obj, dict):
        raise IllegalAction("FORMAT", "a line must be a JSON object")
    if "result" in obj:
        return _result(game, obj, checked)
    if game.over:
        raise IllegalAction("AH13", "the game is over")
    if "chance" in obj:
        _deal(game, obj)
    elif "act" in obj or "seat" in obj:
        seat, action = parse_action(obj)
        if game.state.phase is AhoiPhase.NO_ROUND:
            if game.seed is None:
                raise IllegalAction("AH3", "no round is being played: no deal line and no seed to shuffle from")
            game.deal()
        game.act(seat, action)
        _check_shown(game, seat, obj)
    else:
        raise IllegalAction("FORMAT", "a line must be a chance, action or result")
    return checked


SHOWN_RULE = {"draw": "AH5", "first_look": "AH4", "lupe": "AH9"}
"""The rule a projection's shown value checks against (RECORDS.md "Projections")."""


def _check_shown(game: AhoiGame, seat: int, obj: dict) -> None:
    """A projection's own ``draw``/``first_look``/``lupe`` line names the values the seat saw:
    they must be the cards there (AH4, AH5, AH9).

    Raises:
        IllegalAction: the rule of the line, when a named value is not the card there.
    """
    act = obj.get("act")
    key = "values" if act == "first_look" else "value"
    if act not in SHOWN_RULE or key not in obj:
        return
    s = game.state
    if act == "draw":
        truth: Any = C.value(s.held) if s.held >= 0 else None
    elif act == "first_look":
        truth = [C.value(s.layouts[seat][p - 1]) for p in obj["positions"]]
    else:
        truth = C.value(s.layouts[seat][obj["position"] - 1])
    if obj[key] != truth:
        raise IllegalAction(SHOWN_RULE[act], f"{key} {obj[key]!r} is not what the seat was shown")


def _deal(game: AhoiGame, obj: dict) -> list[AhoiEvent]:
    if field(obj, "chance", str) != "deal":
        raise IllegalAction("FORMAT", f"unknown chance {obj['chance']!r}")
    s = game.state
    _, dealer = check_deal(obj, hand="round", seat="dealer", in_hand=s.in_round, played=s.round_no, rule="AH3",
                           error=IllegalAction, busy="a round is in progress")
    deck = None
    if "deck" in obj and obj["deck"] is not None:
        values = field(obj, "deck", list)
        deck = C.physical(values, C.full_deck()) if len(values) == C.DECK_SIZE else None
        if deck is None:
            raise IllegalAction("AH1", "the deck is not the 52 cards of Ahoi")
    elif game.seed is None:
        raise IllegalAction("AH3", "a deal without a deck and no seed to shuffle from")
    return game.deal(deck, dealer)


def _result(game: AhoiGame, obj: dict, checked: int) -> int:
    s = game.state
    return check_result(obj, checked, hand="round", results=s.results, want=_round_line, over=game.over,
                        finals={"winners": s.winners, "losers": s.losers}, totals=s.totals, rules=("AH12", "AH13"),
                        error=IllegalAction)


def _round_line(r: Any) -> dict:
    """What a round's result line says (AH12)."""
    return {"round": r.round, "caller": r.caller, "sums": list(r.sums), "scores": list(r.scores),
            "totals": list(r.totals)}


def summarize(game: AhoiGame) -> AhoiSummary:
    """The ``--json`` summary of a game so far."""
    s = game.state
    return AhoiSummary(
        results=[{"round": r.round, "caller": r.caller, "sums": list(r.sums), "scores": list(r.scores)}
                for r in s.results],
        totals=list(s.totals), game_over=game.over, winners=list(s.winners), losers=list(s.losers))


def is_projection(lines: Sequence[Any]) -> bool:
    """True when a deal line hides cards (``null`` in its deck, AH16)."""
    return any(isinstance(o, dict) and o.get("chance") == "deal" and isinstance(o.get("deck"), list)
               and None in o["deck"] for o in lines)


def _check_projection(lines: list[tuple[int, Any]]) -> AhoiSummary:
    """A projection (AH16) checked as far as its cards allow.

    Every round with a result line shows every card it dealt or drew, so it
    replays in full once the hidden, never-drawn cards are filled in with the
    values missing from the deck (they are never used). The last round, if it
    has no result yet, is only read for its lines' shapes.

    Raises:
        RecordError: at the first illegal line.
    """
    rounds_done = sum(1 for _, o in lines if isinstance(o, dict) and o.get("result") == "round")
    full: list[tuple[int, Any]] = []
    for i, (no, obj) in enumerate(lines):
        if isinstance(obj, dict) and obj.get("chance") == "deal" and isinstance(obj.get("deck"), list):
            if obj.get("round") == rounds_done + 1:
                summary = REPLAYER.replay_numbered(full)[1]
                _shape_only(lines[i:], summary)
                summary.projected = True
                return summary
            obj = {**obj, "deck": _filled(obj["deck"])}
        full.append((no, obj))
    summary = REPLAYER.replay_numbered(full)[1]
    summary.projected = True
    return summary


def _filled(deck: list) -> list:
    """``deck`` with each ``null`` replaced by a value the rest of the deck lacks (AH1), lowest first."""
    missing = list(C.VALUES)
    for v in deck:
        if v in missing:
            missing.remove(v)
    fill = iter(missing)
    return [next(fill, None) if v is None else v for v in deck]


def _shape_only(lines: list[tuple[int, Any]], summary: AhoiSummary) -> None:
    """Read the last, unfinished round's lines for their shape only (its cards are hidden)."""
    no = lines[0][0] if lines else 0
    try:
        for no, obj in lines:
            if not isinstance(obj, dict):
                raise IllegalAction("FORMAT", "a line must be a JSON object")
            if "act" in obj or "seat" in obj:
                parse_action(obj)
            elif "result" in obj:
                raise IllegalAction("AH12", "a result line in a round whose cards are hidden")
    except IllegalAction as e:
        raise RecordError(no, e.rule, e.message) from None


def project(record: Sequence[dict], seat: int | None) -> list[dict]:
    """The record as ``seat`` (None: a spectator) may see it (RECORDS.md "Projections", AH16).

    The seed becomes ``null``. A deal's deck shows only the card that started
    the discard pile until the round's result line; then every card that was
    dealt or drawn (all of them were face up by the end, AH11) and ``null``
    for the cards never drawn. The seat's own lines carry the values it was
    shown: ``draw`` its drawn card's ``value`` (AH5.2), ``first_look`` its two
    ``values`` (AH4), ``lupe`` the ``value`` (AH9); no other line names a value.
    """
    shown = _shown(record, seat)
    out: list[dict] = []
    players = len(record[0].get("seats", [])) if record and isinstance(record[0], dict) else 0
    deal_at, full, draws = -1, [], 0
    for no, line in enumerate(record):
        line = dict(line)
        if "format" in line:
            line["seed"] = None
        elif line.get("chance") == "deal":
            deal_at, full, draws = len(out), list(line.get("deck") or []), 0
            line["deck"] = [c if i == 4 * players else None for i, c in enumerate(full)]
        elif line.get("act") == "draw":
            draws += 1
        elif line.get("result") == "round" and deal_at >= 0:
            shown_cards = 4 * players + 1 + draws
            out[deal_at]["deck"] = [c if i < shown_cards else None for i, c in enumerate(full)]
            deal_at = -1
        line.update(shown.get(no, {}))
        out.append(line)
    return out


def _shown(record: Sequence[dict], seat: int | None) -> dict[int, dict]:
    """Per line index, the values the full ``record`` showed ``seat`` by that line (its own draw,
    first look, Lupe); the engine replays the record to know which cards lay where. A line the
    engine refuses ends the reading (what came before stays)."""
    out: dict[int, dict] = {}
    if seat is None or not record:
        return out
    try:
        seats, aid, seed = parse_header(record[0])
        game, checked = AhoiGame(seats, aid, seed), 0
        for no, obj in enumerate(record[1:], 1):
            checked = _line(game, obj, checked)
            if not isinstance(obj, dict) or obj.get("seat") != seat:
                continue
            s, act = game.state, obj.get("act")
            if act == "draw" and s.held >= 0:
                out[no] = {"value": C.value(s.held)}
            elif act == "first_look":
                out[no] = {"values": [C.value(s.layouts[seat][p - 1]) for p in obj["positions"]]}
            elif act == "lupe":
                out[no] = {"value": C.value(s.layouts[seat][obj["position"] - 1])}
    except (IllegalAction, KeyError, IndexError, TypeError, ValueError):
        pass
    return out


@dataclass(frozen=True, slots=True)
class AhoiStep:
    """Ahoi after one record line as the viewing seat saw it (``ReplayStep.picture``; AH16).

    Attributes:
        view: The seat's :class:`AhoiView` after the line (what the live table showed it).
        events: The line's events the seat saw (``for_viewer``): its peeks (AH4, AH9) and an
            onlooker's AH8 ``shown`` are face up at this step only, as the table shows them.
    """

    view: AhoiView
    events: tuple[AhoiEvent, ...]


def replay_steps(record: Sequence[dict], seat: int) -> list[ReplayStep]:
    """``GameSpec.replay_steps`` for Ahoi: ``record`` is ``seat``'s projection (AH16).

    Every finished round names every card it dealt or drew, so the engine
    replays it once the never-drawn cards are filled in with the values the
    deck lacks (``_filled``; they never reach a view). A step's picture is
    the seat's own view then (:class:`AhoiStep`), so it shows only what the
    table showed that seat. A last round without a result line hides its
    cards: the steps end at its deal.

    Raises:
        IllegalAction: (a ``ValueError``) the AH rule a line breaks, its message starting
            ``line N:`` (1-based).
    """
    lines = list(record)
    if not lines:
        raise IllegalAction("FORMAT", "line 1: the record is empty")
    rounds_done = sum(1 for o in lines if isinstance(o, dict) and o.get("result") == "round")
    no = 1
    try:
        seats, aid, _ = parse_header(lines[0])
        if not 0 <= seat < len(seats):
            raise IllegalAction("FORMAT", f"seat {seat} is not in this game")
        game, checked = AhoiGame(seats, aid, None), 0
        steps = [ReplayStep(lines[0], 0, AhoiStep(game.view(seat), ()))]
        for no, obj in enumerate(lines[1:], 2):
            events: list[AhoiEvent] = []
            if not isinstance(obj, dict):
                raise IllegalAction("FORMAT", "a line must be a JSON object")
            if "chance" in obj:
                if obj.get("round") == rounds_done + 1 and None in (obj.get("deck") or [None]):
                    break  # an unfinished round: its cards stay hidden
                events = _deal(game, {**obj, "deck": _filled(list(obj.get("deck") or []))})
            elif "result" in obj:
                checked = _result(game, obj, checked)
            else:
                actor, action = parse_action(obj)
                events = game.act(actor, action)
                _check_shown(game, actor, obj)
            steps.append(ReplayStep(obj, game.state.round_no,
                                    AhoiStep(game.view(seat), tuple(for_viewer(events, seat)))))
    except IllegalAction as e:
        raise IllegalAction(e.rule, f"line {no}: {e.message}") from None
    return steps


REPLAYER = Replayer(_new_game, _read, IllegalAction, summarize, is_projection, _check_projection)
"""Ahoi's replay check (``kit.replay``): a projection goes to ``_check_projection``."""

replay = REPLAYER.replay
"""``replay(record) -> (AhoiGame, AhoiSummary)``: check every line of ``record`` (JSON Lines text or
parsed lines) against the rules; RecordError at the first illegal line (line number, rule id, text)."""

check = REPLAYER.check
"""``check(record) -> (seat names, AhoiSummary)``: ``ahoy replay`` for Ahoi, a complete record through
:func:`replay`, a projection (cards as ``null``) through ``_check_projection`` (finished rounds in full,
an unfinished one by shape)."""
