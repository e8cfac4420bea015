"""The table presenter: a pure function from (update, look, selection) to a :class:`TableModel`.

:func:`present` is all the table screen asks before it draws: every text,
row and flag of every panel (title, clock, waiting room, seat ring, piles,
banner, hand, prompt) and which keys are usable. It reads only the
viewer's ``TableUpdate`` (its ``view`` and the public snapshot), so it
cannot show what the viewer may not see (R18). No Textual here: the model
is checked as data (``tests/ui/test_presenter.py``).

Cheap per update: ``previous`` (the model shown) lends the pieces whose
inputs did not change (the banner's sentence, the hand's ★), so an update
that only moves a clock or a hand size costs a few attribute reads.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any, Sequence

from rich.text import Text

from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.ui.bot_levels import ring_tag
from ahoy_tui.ui.games.ahoy import prompts
from ahoy_tui.ui.games.ahoy.banner import banner_for
from ahoy_tui.ui.games.ahoy.prompts import Prompt
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.games.ahoy.model import (BannerModel, ClockModel, Facts, HandModel, Look, PilesModel, SeatRow,
                                     Selection, SeatsModel, TableModel)
from ahoy_tui.ui.table_kit.seats import (IN_PLAY, clock_is_mine, crew_keys, is_host, my_seat_info, seat_names,
                                         seat_status, waiting_text, waiting_hint)
from ahoy_tui.ui.text import asciify, clean


GAME_KEYS = {"draw": "d", "offer": "o", "hands_up": "u", "ahoy": "a", "accept": "y", "decline": "n",
             "step_in": "i", "pass": "p", "confirm": "enter", "rematch": "r"}
"""Game action name to the prompt option key it runs (usable when the prompt offers that key)."""
WAIT_ACTIONS = frozenset({"ready", "unready", "add_bot", "start", "remove_seat"})
"""Actions usable only while the table waits for players (before the first hand)."""
CREW_ACTIONS = frozenset({"autopilot", "seat_to_bot", "last_hand", "history"})
"""Seat keys: autopilot, seat to a bot (host), the last hand's report, the hand history."""
PACE_ACTIONS = frozenset({"auto_pass", "toggle_hints"})
"""Pacing keys: always pass on step-in (seated), hints on/off."""
KEY_ACTIONS = frozenset({*GAME_KEYS, "mark", "move", "number", "log", "discards", "scores",
                         *WAIT_ACTIONS, *CREW_ACTIONS, *PACE_ACTIONS})
"""Every action :attr:`TableModel.keys` decides; other table actions (chat, leave, Esc) are always usable."""


def _same(s: str) -> str:
    return s


# -- facts of an update ------------------------------------------------------------------














def selection_after(old_view: Any, view: Any, selection: Selection) -> Selection:
    """The selection once ``view`` replaces ``old_view``: a new hand or phase drops the cursor and marks;
    the HANDS UP! sub-prompt lasts only while the seat still chooses its action."""
    cursor, marked, sub = selection.cursor, selection.marked, selection.sub
    if old_view is None or view is None or old_view.hand != view.hand or old_view.phase != view.phase:
        cursor, marked = None, frozenset()
    if view is None or view.phase is not Phase.ACTION:
        sub = None
    if (cursor, marked, sub) == (selection.cursor, selection.marked, selection.sub):
        return selection
    return Selection(cursor, marked, sub)


# -- the prompt ----------------------------------------------------------------------------
def build_prompt(update: Any, look: Look, sub: str | None = None, host: bool | None = None) -> Prompt:
    """The focused prompt: the waiting room's hint, the game's question (``prompts.build``) or the rematch.

    ``host``: whether the viewer hosts the table (computed when None).
    """
    t = partial(tr, look.lang)
    view = None if update is None else update.view
    if host is None:
        host = is_host(update, look.me)
    if view is None:
        if update is None:
            return Prompt(t("wait.hint"))
        return Prompt(t(waiting_hint(update, look.me, host)))
    status = update.table.status
    mine = my_seat_info(update)
    if view.phase is Phase.GAME_OVER:
        seats, me = update.table.seats, update.seat
        others = [s.name for i, s in enumerate(seats) if s.kind == "person" and not s.ready and i != me]
        alone = sum(1 for s in seats if s.kind != "empty") < 2
        return prompts.game_over_prompt(me is not None, mine is not None and mine.ready, look.lang,
                                        others, alone, host)
    prompt = prompts.build(view, update.legal, seat_names(update), look.lang, look.ascii_only, sub,
                           status, asked=mine is not None and mine.ready)
    if mine is not None and mine.autopilot and status in IN_PLAY:
        prompt = replace(prompt, note=" ".join(filter(None, (prompt.note, t("autopilot.note")))))
    return prompt


# -- keys ------------------------------------------------------------------------------------
def usable_keys(update: Any, prompt: Prompt, me: str, facts: Facts = Facts(),
                host: bool | None = None) -> frozenset[str]:
    """The names among :data:`KEY_ACTIONS` usable now (the table's ``check_action``).

    Game keys follow the prompt's options (so only legal actions run);
    waiting-room keys need the waiting table (host-only ones the host, Add bot
    an empty seat); Scores and Discards a game view.
    """
    on = {"number", "log", "toggle_hints"}
    keys = {o.key for o in prompt.options}
    if update is not None:
        on.update(a for a, k in GAME_KEYS.items() if k in keys)
    if prompt.hand_mode == "lay_down":
        on.add("mark")
    if prompt.hand_mode is not None:
        on.add("move")
    if update is None:
        return frozenset(on)
    on |= crew_keys(update, me, host)
    if update.view is not None:
        on.update(("discards", "scores"))
    if facts.has_last_hand:
        on.add("last_hand")
    if facts.has_history:
        on.add("history")
    if update.seat is not None:
        on.add("auto_pass")
    return frozenset(on)


# -- panels ------------------------------------------------------------------------------------
def title_text(update: Any, look: Look) -> Text:
    """``Name · Hand 2 · Limit 100`` (and `` · spectating``, `` · always pass``)."""
    t = partial(tr, look.lang)
    fix = asciify if look.ascii_only else _same
    title = Text()
    if update is None:
        return title
    view = update.view
    title.append(fix(clean(update.table.name, 24)), style="bold")
    if view is not None:
        title.append(fix(f" · {t('table.hand', n=view.hand_no)} · {t('table.limit', n=view.limit)}"))
        if view.seat is None and update.seat is None:  # (seated after game over: a seat, a spectator's view)
            title.append(fix(f" · {t('table.spectating')}"))
    if update.seat is not None and look.auto_pass:
        title.append(fix(f" · {t('autopass.tag')}"))
    return title






def seats_model(update: Any, look: Look, names: Sequence[str], previous: SeatsModel | None = None) -> SeatsModel:
    """The ring's rows in play order; after a game over, people who sat down since (they join the rematch).

    ``previous``: a seats model in the same look (its labels are reused).
    """
    t = partial(tr, look.lang)
    view = update.view
    in_hand = view.phase not in (Phase.NO_HAND, Phase.GAME_OVER)
    rows = []
    for i in range(view.players):
        rows.append(SeatRow(
            name=names[i] if i < len(names) else "", cards=view.hand_sizes[i] if i < len(view.hand_sizes) else 0,
            total=view.totals[i] if i < len(view.totals) else 0, you=i == view.seat,
            turn=in_hand and i == view.active, waiting=in_hand and i in view.waiting_for,
            status=seat_status(update, i, t)))
    if view.phase is Phase.GAME_OVER:
        for i, s in enumerate(update.table.seats):
            if s.kind != "empty" and (i >= view.players or i in update.table.gone):
                rows.append(SeatRow(name=s.name, cards=0, total=0, you=i == update.seat,
                                    status=ring_tag(t, s.bot_kind) if s.kind == "bot"
                                    else t("table.new")))
    if previous is not None:
        return SeatsModel(tuple(rows), previous.you_label, previous.pts_label)
    return SeatsModel(tuple(rows), t("table.you"), t("table.pts", n="{n}"))


def piles_model(view: Any, look: Look, labels: tuple[str, str, str] | None = None) -> PilesModel:
    """The piles; ``labels`` are the translated words when the caller has them already."""
    if labels is None:
        fix = asciify if look.ascii_only else _same
        labels = tuple(fix(tr(look.lang, k)) for k in ("table.draw", "table.discard", "table.empty"))
    return PilesModel(view.draw_size, tuple(view.discard), labels)  # type: ignore[arg-type]


def banner_model(view: Any, look: Look, names: Sequence[str], previous: BannerModel | None = None) -> BannerModel:
    """The banner (``table_banner.banner_for``); ``previous`` is reused when nothing it says changed."""
    key = (view.phase, view.active, view.offer, view.hands_up, view.partner, view.seat, view.players,
           look.lang, look.ascii_only, tuple(names), look.theme)
    if previous is not None and previous.key == key:
        return previous
    line, backs = banner_for(view, list(names), partial(tr, look.lang), look.ascii_only, dict(look.card_styles))
    return BannerModel(key, line, backs)


def hand_model(view: Any, look: Look, selection: Selection, previous: HandModel | None = None) -> HandModel:
    """The viewer's hand with the ★ (best run), faded laid-down/locked cards and the selection."""
    if view is None:
        return HandModel(cursor=selection.cursor, marked=selection.marked)
    cards = tuple(view.hand)
    hint_key = (cards, bool(view.ace_low), tuple(view.discard), view.players)
    if previous is not None and previous.hint_key == hint_key:
        highlight = previous.highlight
    else:
        highlight = prompts.treasure_hint(cards, bool(view.ace_low), view.discard, prompts.copies_of(view.players))
    faded: set[int] = set()
    for c in list(view.laid_down) + ([view.locked] if view.locked is not None else []):
        for i, h in enumerate(cards):
            if h == c and i not in faded:
                faded.add(i)
                break
    title = tr(look.lang, "table.your_hand") if view.seat is not None else ""
    if title and highlight:  # the legend of the marks under the cards
        title = f"{title} · {tr(look.lang, 'table.star')}"
    return HandModel(cards, highlight, selection.cursor, selection.marked, frozenset(faded),
                     asciify(title) if look.ascii_only else title, hint_key)


def present(update: Any, look: Look, selection: Selection = Selection(), facts: Facts = Facts(),
            previous: TableModel | None = None) -> TableModel:
    """The table's model for ``update`` (None: nothing arrived yet) as this session sees it.

    Args:
        update: The latest ``TableUpdate`` for this viewer (or None).
        look: The session's language, ASCII mode, theme, name and always-pass preference.
        selection: The local card cursor, marks and sub-prompt.
        facts: What earlier updates left (a kept hand history, a last hand report).
        previous: The model shown now; its unchanged pieces are reused (same output, less work).
    """
    view = None if update is None else update.view
    names = seat_names(update)
    host = is_host(update, look.me)
    prompt = build_prompt(update, look, selection.sub, host)
    same_look = previous is not None and previous.look == look
    seats = piles = banner = None
    waiting = None
    if view is None:
        waiting = waiting_text(update, look)
    else:
        seats = seats_model(update, look, names, previous.seats if same_look else None)
        piles = piles_model(view, look, previous.piles.labels if same_look and previous.piles else None)
        banner = banner_model(view, look, names, None if previous is None else previous.banner)
    if same_look:
        chat_title, chat_placeholder, log_title = previous.chat_title, previous.chat_placeholder, previous.log_title
    else:
        t = partial(tr, look.lang)
        fix = asciify if look.ascii_only else _same
        chat_title, chat_placeholder = fix(t("table.chat")), fix(t("table.chat_placeholder"))
        log_title = fix(t("table.log"))
    title_key = _title_key(update, look)
    title = previous.title if previous is not None and previous.title_key == title_key else title_text(update, look)
    return TableModel(
        look=look,
        title=title,
        clock=ClockModel(None if update is None else update.remaining, clock_is_mine(update)),
        chat_title=chat_title,
        chat_placeholder=chat_placeholder,
        log_title=log_title,
        playing=view is not None,
        waiting=waiting,
        seats=seats,
        piles=piles,
        banner=banner,
        hand=hand_model(view, look, selection, None if previous is None else previous.hand),
        prompt=prompt,
        keys=usable_keys(update, prompt, look.me, facts, host),
        host=host,
        title_key=title_key,
    )


def _title_key(update: Any, look: Look) -> tuple:
    """Everything :func:`title_text` reads."""
    if update is None:
        return (None,)
    view = update.view
    return (update.table.name, update.seat, look.auto_pass, look.lang, look.ascii_only,
            None if view is None else (view.hand_no, view.limit, view.seat))


IDLE_KEYS = usable_keys(None, Prompt(""), "")
"""The usable keys before the first update."""
