"""The Ahoi table presenter: a pure function from (update, look, selection, flashes) to an :class:`AhoiModel`.

It reads only the viewer's ``TableUpdate`` (its ``AhoiView`` and the public
snapshot) and the peeks the screen still shows (:class:`Flash`, made from the
viewer's own events), so it cannot show a value the viewer was not given
(AH16). With the memory aid off (AH15) a layout card is face up only while
a peek of it lasts; with it on, ``view.known`` keeps what the viewer saw.
No Textual here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Sequence

from rich.text import Text

from ahoy_tui.games.ahoi.state import AhoiPhase
from ahoy_tui.ui.games.ahoi.cards import face, row
from ahoy_tui.ui.games.ahoi.prompts import AhoiSelection, prompt_and_keys
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.table_kit.look import Look
from ahoy_tui.ui.table_kit.seats import crew_keys, is_host, my_seat_info, seat_names, seat_status, waiting_hint, waiting_text
from ahoy_tui.ui.text import asciify, clean

PEEK_SECONDS = 4.0
"""How long a peek (first look, Lupe, Fernrohr, AH8 as an onlooker) stays face up (AH15 off)."""


@dataclass(frozen=True, slots=True)
class Flash:
    """A value the viewer was shown at ``owner``'s ``position``, face up until ``until`` (monotonic s)."""

    owner: int
    position: int
    value: int
    until: float


def flashes_after(flashes: list[Flash], events: Sequence[Any], me: int | None, until: float) -> list[Flash]:
    """``flashes`` after ``events`` (the viewer's own, oldest first): every peek the viewer was shown
    (AH4 first look, AH9 Lupe and Fernrohr: ``peek``; AH8 as an onlooker: ``shown``) is face up until
    ``until``; a deal drops all, and a layout that changed (``place``, ``tauschen``) drops its own."""
    out = list(flashes)
    for e in events:
        d = e.data
        if e.kind == "deal":
            out = []
        elif e.kind == "place":
            out = [f for f in out if f.owner != d.get("seat")]
        elif e.kind == "tauschen":
            out = [f for f in out if f.owner not in (d.get("seat"), d.get("target"))]
        elif (e.kind == "peek" and d.get("seat") == me) or (e.kind == "shown" and d.get("seat") != me):
            owner = d.get("owner", d.get("seat"))
            out.extend(Flash(owner, pos, value, until) for pos, value in zip(d.get("positions", ()), d.get("values", ())))
    return out


@dataclass(frozen=True)
class AhoiModel:
    """Everything the Ahoi screen draws. ``keys``: the screen's key actions usable now."""

    title: Text
    waiting: Text | None
    layouts: Text = field(default_factory=Text)
    layouts_title: str = ""
    piles: Text = field(default_factory=Text)
    status: Text = field(default_factory=Text)
    mine: Text = field(default_factory=Text)
    mine_title: str = ""
    prompt: Text = field(default_factory=Text)
    keys: frozenset[str] = frozenset()


def _fix(look: Look) -> Callable[[str], str]:
    return asciify if look.ascii_only else (lambda s: s)


def shown_values(view: Any, owner: int, flashes: dict[tuple[int, int], int]) -> list[int | None]:
    """``owner``'s layout as the viewer may see it now: a value where a peek lasts or the memory aid
    remembers one, else None (face down)."""
    size = view.layout_sizes[owner] if owner < len(view.layout_sizes) else 0
    known = view.known[owner] if view.known is not None and owner < len(view.known) else ()
    out: list[int | None] = []
    for p in range(1, size + 1):
        v = flashes.get((owner, p))
        if v is None and p - 1 < len(known):
            v = known[p - 1]
        out.append(v)
    return out


def _seat_line(update: Any, view: Any, i: int, look: Look, names: Sequence[str], flashes: dict,
               cursor: int | None) -> Text:
    t = partial(tr, look.lang)
    fix = _fix(look)
    line = Text(no_wrap=True, overflow="crop")
    line.append((">" if look.ascii_only else "▸") if cursor == i else " ", style="bold")
    turn = view.active == i
    line.append(fix(clean(names[i] if i < len(names) else "?", 9)).ljust(9), style="bold" if turn else "")
    line.append(f"{view.totals[i] if i < len(view.totals) else 0:>3} ")
    if view.revealed is not None and i < len(view.revealed):
        cards = list(view.revealed[i])
        line.append_text(row(list(cards), look.ascii_only, look.card_styles))
        line.append(f" ={sum(cards)}")
    else:
        line.append_text(row(shown_values(view, i, flashes), look.ascii_only, look.card_styles))
    tags = [t("ahoi.caller_tag")] if view.caller == i else []
    status = seat_status(update, i, t)
    if status:
        tags.append(status)
    if tags:
        line.append(fix(" " + " ".join(tags)), style="italic")
    return line


def layouts_text(update: Any, view: Any, look: Look, flashes: dict, cursor: int | None) -> Text:
    """Every other seat's layout, one line each (a spectator: every seat), in play order."""
    names = seat_names(update)
    out = Text(no_wrap=True, overflow="crop")
    for i in range(view.players):
        if i == view.seat and view.revealed is None:
            continue
        if out:
            out.append("\n")
        out.append_text(_seat_line(update, view, i, look, names, flashes, cursor))
    return out


def piles_text(view: Any, look: Look) -> Text:
    """``Draw pile 31 · Discard [ 7]``."""
    t, fix = partial(tr, look.lang), _fix(look)
    out = Text(no_wrap=True, overflow="crop")
    out.append(fix(f"{t('ahoi.draw_pile')} {view.draw_size} · {t('ahoi.discard_pile')} "))
    out.append(face(view.discard_top) if view.discard_top is not None else "-", style="bold")
    return out


def status_text(update: Any, view: Any, look: Look) -> Text:
    """The held card, whose turn, who called „Ahoi“, the first look (AH4, AH5, AH10): ``Drawn [ 9] · Your turn``."""
    t, fix = partial(tr, look.lang), _fix(look)
    names = seat_names(update)
    out = Text(no_wrap=True, overflow="crop")
    if view.held is not None:  # the held card, where the view has it (AH5: drawn by the viewer, or taken)
        out.append(fix(t("ahoi.taken" if view.held_from == "discard" else "ahoi.drawn")) + " ")
        out.append(face(view.held), style="bold reverse")
        out.append(fix(" · "))
    parts = []
    if view.phase is AhoiPhase.FIRST_LOOK:
        parts.append(t("ahoi.first_look_wait"))
    elif view.active is not None:
        parts.append(t("ahoi.your_turn") if view.active == view.seat else
                     t("ahoi.turn", name=clean(names[view.active], 16)))
    if view.caller is not None:
        parts.append(t("ahoi.called", name=clean(names[view.caller], 16)))
    if view.memory_aid:
        parts.append(t("ahoi.memory"))
    out.append(fix(" · ".join(parts)), style="bold")
    return out


def mine_text(view: Any, look: Look, flashes: dict, sel: AhoiSelection) -> Text:
    """The viewer's own running total in the other rows' columns, then their layout with position numbers
    (marks and the first-look pick reversed): ``Total      9 1[░░] 2[ 5] 3[░░] 4[░░]``."""
    if view.seat is None:
        return Text()
    total = view.totals[view.seat] if view.seat < len(view.totals) else 0
    out = Text(no_wrap=True, overflow="crop")
    out.append(_fix(look)(tr(look.lang, "ahoi.reveal.total"))[:9].ljust(9) + f"{total:>3} ")
    if view.revealed is not None:
        cards = list(view.revealed[view.seat])
        out.append_text(row(cards, look.ascii_only, look.card_styles))
        out.append(f" ={sum(cards)}")
        return out
    marked = sel.marked | (frozenset({sel.first}) if sel.first is not None else frozenset())
    out.append_text(row(shown_values(view, view.seat, flashes), look.ascii_only, look.card_styles, marked))
    return out


def title_text(update: Any, view: Any, look: Look) -> Text:
    """``Name · Ahoi · Round 2 · to 101``."""
    t, fix = partial(tr, look.lang), _fix(look)
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append(fix(clean(update.table.name, 24)), style="bold")
    out.append(fix(" · Ahoi"))
    if view is not None:
        out.append(fix(" · " + t("ahoi.title", n=max(view.round_no, 1), target=view.target)))
        if view.seat is None and update.seat is None:
            out.append(fix(f" · {t('table.spectating')}"))
    return out


def present(update: Any, look: Look, sel: AhoiSelection, flashes: dict[tuple[int, int], int]) -> AhoiModel:
    """The Ahoi table as this session sees it now.

    Args:
        update: The latest ``TableUpdate`` (its ``view`` an ``AhoiView`` or None in the waiting room).
        look: Language, ASCII mode, theme and name.
        sel: The local selection.
        flashes: ``(owner, position) -> value`` of the peeks still face up.
    """
    view = update.view
    title = title_text(update, view, look)
    if view is None:
        host = is_host(update, look.me)
        hint = tr(look.lang, waiting_hint(update, look.me, host))
        return AhoiModel(title, waiting_text(update, look), prompt=Text(_fix(look)(hint)),
                         keys=frozenset({"number"}) | crew_keys(update, look.me, host))
    t, fix = partial(tr, look.lang), _fix(look)
    prompt, keys = prompt_and_keys(update, view, look, sel)
    mine = my_seat_info(update)
    if mine is not None and mine.autopilot and update.table.status in ("playing", "between_hands"):
        ends = prompt.plain.rstrip().endswith((".", "!", "?", "…", ":"))  # "Waiting for Hook" has no stop
        prompt.append(fix((" " if ends else ". ") + t("autopilot.note")), style="italic")  # R17: z takes it back
    cursor = sel.target if sel.mode in ("fernrohr", "tauschen_other") else None
    return AhoiModel(
        title=title, waiting=None,
        layouts=layouts_text(update, view, look, flashes, cursor),
        layouts_title=fix(t("ahoi.layouts")),
        piles=piles_text(view, look), status=status_text(update, view, look),
        mine=mine_text(view, look, flashes, sel),
        mine_title=fix(t("ahoi.your_layout")) if view.seat is not None else "",
        prompt=prompt, keys=keys | seat_keys(update, look),
    )


def seat_keys(update: Any, look: Look) -> frozenset[str]:
    """Seat keys during and after play: the kit's (autopilot, seat to a bot, add bot after the game), rematch
    after the game, the last round's reveal once a round ended."""
    on = set(crew_keys(update, look.me))
    if update.table.status == "game_over" and update.seat is not None:
        on.add("rematch")
    if update.view is not None and update.view.results:
        on.add("last_round")
    return frozenset(on)
