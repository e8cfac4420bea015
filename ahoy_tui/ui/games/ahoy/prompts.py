"""What the player is asked right now, derived from a table update (issue 5).

Pure functions: given the seat's view, its legal actions and the seat
names, :func:`build` returns the focused prompt — one question, the options
that are legal now (each with its key), and how the hand is used (choose a
card, mark cards). The table screen only draws it and sends the chosen
action. Nothing here can offer an illegal action: every option comes from
``legal``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import (Ahoy, ChoosePartner, Discard, Draw, Exchange, HandsUp, LayDown, Pass, Pick,
                                         Respond, StepIn)
from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.games.ahoy.view import PlayerView
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.text import clean
from ahoy_tui.ui.games.ahoy.cards import card_label


@dataclass(frozen=True)
class Option:
    """One thing the player may do now.

    Attributes:
        key: The key that does it (``"d"``, ``"1"``, ``"enter"``).
        label: Button text.
        action: The engine action to send, or None for a UI step.
        command: UI step: ``"offer"`` (open the composer), ``"hands_up"``
            (choose a target), ``"confirm"`` (send the hand selection),
            ``"back"`` (leave a sub-prompt), ``"rematch"`` (ask for a
            rematch after the game, R15).
    """

    key: str
    label: str
    action: object = None
    command: str | None = None


@dataclass(frozen=True)
class Prompt:
    """The focused prompt (frozen: a new prompt is a new object).

    Attributes:
        text: The question or status line.
        options: Legal choices, in display order.
        hand_mode: ``"discard"``, ``"exchange"``, ``"lay_down"`` or None.
        lay_k: Cards to mark in ``lay_down`` mode.
        note: Second line: AHOY! available, or why R13 locks it.
        mine: True when the hand waits for this seat.
        urgent: The note says this seat may call AHOY! now (R12): shown first and emphasised.
    """

    text: str
    options: tuple[Option, ...] = ()
    hand_mode: str | None = None
    lay_k: int = 0
    note: str = ""
    mine: bool = False
    urgent: bool = False


def seat_name(names: Sequence[str], seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(names):
        return "?"
    return clean(names[seat], 16) or f"#{seat + 1}"


def build(view: PlayerView | None, legal: Sequence[object], names: Sequence[str], lang: str,
          ascii_only: bool = False, sub: str | None = None, status: str = "playing",
          asked: bool = False) -> Prompt:
    """The prompt for this seat now.

    Args:
        view: The seat's view (None before the first deal).
        legal: The seat's legal actions (empty for spectators).
        names: Seat names in play order.
        lang: ``"en"``, ``"es"`` or ``"de"``.
        ascii_only: Suits as letters.
        sub: ``"hands_up"`` while choosing a HANDS UP! target.
        status: Table status from the snapshot.
        asked: After the game: this seat already asked for a rematch.
    """
    t = lambda key, **kw: tr(lang, key, **kw)  # noqa: E731
    card = lambda i: card_label(i, ascii_only)  # noqa: E731
    nm = lambda s: seat_name(names, s)  # noqa: E731
    if view is None:
        return Prompt(t("table.no_hand"))
    if view.phase is Phase.GAME_OVER:
        return game_over_prompt(view.seat is not None, asked, lang)
    kinds = {a.KIND for a in legal}
    ahoys = [a for a in legal if isinstance(a, Ahoy)]
    note = ""
    extra: list[Option] = []
    if ahoys:
        note = t("p.ahoy")
        extra.append(Option("a", t("key.ahoy"), ahoys[0]))
    elif view.dealt_lock:
        note = t("p.ahoy_locked")
    me = view.seat
    if me is None:
        return Prompt(t("p.spectator"), note=note)
    p = view.phase
    mine = me in view.waiting_for
    if p is Phase.NO_HAND or not mine:
        if p is Phase.EXCHANGE and view.locked is not None:
            other = view.partner if me == view.active else view.active
            text = t("p.locked", name=nm(other))
        elif p is Phase.NO_HAND:
            text = t("table.no_hand")
        else:
            text = t("table.waiting_for", names=", ".join(nm(s) for s in view.waiting_for))
        return Prompt(text, tuple(extra), note=note, urgent=bool(ahoys))
    opts: list[Option] = []
    hand_mode = None
    lay_k = 0
    if "draw" in kinds:
        text = t("p.draw")
        opts.append(Option("d", t("key.draw"), Draw()))
    elif p is Phase.ACTION:
        targets = [a for a in legal if isinstance(a, HandsUp)]
        if sub == "hands_up" and targets:
            text = t("p.hands_up")
            opts += [Option(str(i + 1), nm(a.target), a) for i, a in enumerate(targets)]
            opts.append(Option("escape", t("key.back"), command="back"))
        else:
            text = t("p.action", name=nm((me + 1) % view.players),
                     joker=t("p.action_joker") if targets else "")
            opts.append(Option("o", t("key.offer"), command="offer"))
            if targets:
                opts.append(Option("u", t("key.hands_up"), command="hands_up"))
    elif "respond" in kinds and view.offer is not None:
        off, _, want, give = view.offer
        text = t("p.respond", offerer=nm(off), want=card(want), give=card(give))
        if Respond(True) in legal:
            opts.append(Option("y", t("key.accept"), Respond(True)))
        opts.append(Option("n", t("key.decline"), Respond(False)))
    elif p is Phase.STEP_IN and view.offer is not None:
        off, addressed, want, give = view.offer
        text = t("p.step_in", addressed=nm(addressed), offerer=nm(off), want=card(want), give=card(give))
        if view.verified_step_in:
            text += t("p.step_in_verified", want=card(want))
        if StepIn() in legal:
            opts.append(Option("i", t("key.step_in"), StepIn()))
        opts.append(Option("p", t("key.pass"), Pass()))
    elif "choose_partner" in kinds:
        text = t("p.choose_partner")
        opts += [Option(str(i + 1), nm(a.partner), a)
                 for i, a in enumerate(a for a in legal if isinstance(a, ChoosePartner))]
    elif "exchange" in kinds:
        other = view.partner if me == view.active else view.active
        text = t("p.exchange", other=nm(other), n=len(view.hand))
        hand_mode = "exchange"
        opts.append(Option("enter", t("key.confirm"), command="confirm"))
    elif "lay_down" in kinds:
        lay_k = min(3, len(view.hand))
        text = t("p.lay_down", attacker=nm(view.active), k=lay_k)
        hand_mode = "lay_down"
        opts.append(Option("enter", t("key.confirm"), command="confirm"))
    elif "pick" in kinds:
        picks = [a for a in legal if isinstance(a, Pick)]
        target = view.hands_up[1] if view.hands_up else None
        text = t("p.pick", target=nm(target), k=len(picks))
        opts += [Option(str(a.index + 1), t("p.facedown", i=a.index + 1), a) for a in picks]
    elif "discard" in kinds:
        text = t("p.discard", n=len(view.hand))
        hand_mode = "discard"
        opts.append(Option("enter", t("key.confirm"), command="confirm"))
    else:
        text = t("table.waiting_for", names=", ".join(nm(s) for s in view.waiting_for))
    return Prompt(text, tuple(extra + opts), hand_mode, lay_k, note, True, urgent=bool(ahoys))


def game_over_prompt(seated: bool, asked: bool, lang: str, others: Sequence[str] = (),
                     alone: bool = False, host: bool = False) -> Prompt:
    """After the game (R15): a seat may ask for a rematch (``r``); anyone may go back to the lobby (``q``).

    Once asked, the prompt says what the rematch waits for: another player
    (the host may add a bot, ``b``) or the seated people who have not asked.

    Args:
        seated: The viewer holds a seat (spectators are offered no rematch).
        asked: The seat already asked for a rematch.
        lang: ``"en"``, ``"es"`` or ``"de"``.
        others: Names of the other seated people who have not asked yet.
        alone: Fewer than two seats are filled (a rematch needs two players).
        host: The viewer is the host (may add bots).
    """
    if not seated:
        return Prompt(tr(lang, "p.game_over_watch"))
    if asked:
        if alone:
            return Prompt(tr(lang, "p.game_over_alone_host" if host else "p.game_over_alone"))
        if others:
            return Prompt(tr(lang, "p.game_over_waiting", names=", ".join(clean(n, 16) for n in others)))
        return Prompt(tr(lang, "p.game_over_asked"))
    return Prompt(tr(lang, "p.game_over"), (Option("r", tr(lang, "key.rematch"), command="rematch"),))


def hand_action(prompt: Prompt, hand: Sequence[int], cursor: int | None, marked: Sequence[int],
                legal: Sequence[object]) -> object | None:
    """The engine action the current hand selection stands for, if legal.

    Args:
        prompt: The current prompt (its ``hand_mode``).
        hand: The seat's hand (identities, sorted, as displayed).
        cursor: Index of the selected card.
        marked: Indices marked for laying down.
        legal: Legal actions now.
    """
    if prompt.hand_mode in ("discard", "exchange"):
        if cursor is None or not 0 <= cursor < len(hand):
            return None
        action = (Discard if prompt.hand_mode == "discard" else Exchange)(hand[cursor])
    elif prompt.hand_mode == "lay_down":
        if len(marked) != prompt.lay_k:
            return None
        action = LayDown(tuple(sorted(hand[i] for i in marked)))
    else:
        return None
    return action if action in legal else None


def copies_of(players: int) -> int:
    """How many physical cards share an identity: 1 with one deck (2–4 players), 2 with two (R1)."""
    return 1 if players <= 4 else 2


def dead_cards(discard: Sequence[int], copies: int = 1) -> frozenset[int]:
    """Identities whose every copy lies face up on the discard pile (public, R11): nobody can get them."""
    return frozenset(c for c in set(discard) if list(discard).count(c) >= copies)


def best_run(hand: Sequence[int], ace_low: bool = False, discard: Sequence[int] = (),
             copies: int = 1) -> tuple[int, ...] | None:
    """The one run (R2) worth playing for, or None.

    The run that holds most of this hand's cards (at least two) among those
    that can still be completed: a run missing a card whose every copy is on
    the discard pile is dead. Ties go to the run whose missing cards show
    least on the discard pile, then to the lowest run (spades first, low
    ranks first, as ``all_treasures`` lists them), so exactly one run is
    chosen (docs/ui.md "The ★ under your cards").
    """
    from ahoy_tui.games.ahoy.treasure import all_treasures

    have = {c for c in hand if c != C.JOKER}
    dead = dead_cards(discard, copies)
    seen = list(discard)
    chosen, best = None, None
    for run in all_treasures(ace_low):
        held = len(have.intersection(run))
        missing = [c for c in run if c not in have]
        if held < 2 or any(c in dead for c in missing):
            continue
        key = (held, -sum(seen.count(c) for c in missing))
        if best is None or key > best:
            chosen, best = run, key
    return chosen


def treasure_hint(hand: Sequence[int], ace_low: bool = False, discard: Sequence[int] = (),
                  copies: int = 1) -> frozenset[int]:
    """Indices of hand cards in the :func:`best_run` (the ★ under them); empty when there is none."""
    run = best_run(hand, ace_low, discard, copies)
    return frozenset() if run is None else frozenset(i for i, c in enumerate(hand) if c in run)


def offer_hint(hand: Sequence[int], ace_low: bool = False, discard: Sequence[int] = (),
               copies: int = 1) -> tuple[tuple[int, ...], int]:
    """What the offer composer shows this seat only: ``(needed, give)``.

    ``needed``: the cards the :func:`best_run` lacks, none of them dead on the
    discard pile (empty without a run or with a whole treasure); the
    composer lists them as a private hint and never pre-fills "I want" with
    them, so a quick Ctrl+S cannot tell the table your target. ``give``: the
    default claim, the highest-value card outside that run (R8: any
    statement is allowed; the player may change both).
    """
    run = best_run(hand, ace_low, discard, copies)
    have = set(hand)
    needed = tuple(c for c in run if c not in have) if run else ()
    keep = set(run or ())
    spare = sorted((c for c in hand if c not in keep), key=lambda c: (C.value(c), c))
    give = spare[-1] if spare else (hand[0] if hand else 1)
    return needed, give
