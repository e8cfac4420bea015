"""The Ahoi table's game keys: each turns the local selection into one action of ``update.legal``.

A key that completes a decision sends the legal action it names (the lobby
checks it again with the state version); a key that only narrows it (the
first of two first-look positions, a Tauschen's own card, a mark) changes
the selection. A complete choice that ``legal`` does not hold is refused
locally with a toast; nothing is sent.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from ahoy_tui.games.ahoi.actions import (CallAhoi, DiscardDrawn, DrawCard, Fernrohr, FirstLook, Lupe, Place,
                                         TakeDiscard, Tauschen)
from ahoy_tui.games.ahoi.state import AhoiPhase
from ahoy_tui.ui.games.ahoi.prompts import AhoiSelection, action_kind, holding, targets


class AhoiKeys:
    """The selection and the keys that change it or send an action.

    Args:
        update: Returns the latest ``TableUpdate`` (None before the first).
        send: Sends one action with the update's version.
        changed: Called after the selection changed (the screen redraws).
        refuse: Shows a short refusal (a toast).
    """

    def __init__(self, update: Callable[[], Any], send: Callable[[Any], None], changed: Callable[[], None],
                 refuse: Callable[[], None]) -> None:
        self._update = update
        self._send = send
        self._changed = changed
        self._refuse = refuse
        self.sel = AhoiSelection()

    # -- helpers ------------------------------------------------------------------------------
    @property
    def view(self) -> Any:
        u = self._update()
        return None if u is None else u.view

    @property
    def legal(self) -> list[Any]:
        u = self._update()
        return [] if u is None else list(u.legal or ())

    def _set(self, sel: AhoiSelection) -> None:
        if sel != self.sel:
            self.sel = sel
            self._changed()

    def _run(self, action: Any) -> None:
        """Send ``action`` if ``legal`` holds it (compared by value), else refuse; the selection resets."""
        if action in self.legal:
            self.sel = AhoiSelection()
            self._send(action)
            self._changed()
        else:
            self._refuse()

    def reset_for(self, old: Any, new: Any) -> None:
        """A new view: the selection lasts only while the same decision is open."""
        if old is None or new is None or (old.phase, old.active, old.round_no, old.held) != (
                new.phase, new.active, new.round_no, new.held):
            self.sel = AhoiSelection()

    # -- keys -----------------------------------------------------------------------------------
    def draw(self) -> None:
        self._run(DrawCard())

    def take(self) -> None:
        self._run(TakeDiscard())

    def can_call(self) -> bool:
        """``legal`` holds calling „Ahoi“ now (AH10)."""
        return CallAhoi() in self.legal

    def call(self) -> None:
        self._run(CallAhoi())

    def throw(self) -> None:
        self._run(DiscardDrawn())

    def use(self) -> None:
        """Start choosing the held action card's target (AH9)."""
        kind = action_kind(self.legal)
        if kind is None:
            self._refuse()
            return
        first = targets(self.legal)
        mode = "tauschen_own" if kind == "tauschen" else kind
        self._set(AhoiSelection(mode=mode, target=first[0] if first else None))

    def mark(self) -> None:
        """Space: start or stop marking equal cards (AH8)."""
        if not holding(self.view):
            return
        self._set(AhoiSelection() if self.sel.mode == "mark" else AhoiSelection(mode="mark"))

    def confirm(self) -> None:
        """Enter: place over the marked positions (AH8)."""
        if self.sel.mode == "mark" and len(self.sel.marked) >= 2:
            wanted = sorted(self.sel.marked)
            action = next((a for a in self.legal if isinstance(a, Place) and sorted(a.positions) == wanted),
                          Place(tuple(wanted)))
            self._run(action)

    def move(self, delta: int) -> None:
        """↑/↓: the next or previous seat a Fernrohr or Tauschen may aim at."""
        seats = targets(self.legal)
        if not seats or self.sel.mode not in ("fernrohr", "tauschen_other"):
            return
        i = seats.index(self.sel.target) if self.sel.target in seats else 0
        self._set(replace(self.sel, target=seats[(i + delta) % len(seats)]))

    def back(self) -> None:
        self._set(AhoiSelection())

    def number(self, n: int) -> None:
        """A position key 1..k: what it means depends on the decision (AH4, AH7, AH8, AH9)."""
        view, sel = self.view, self.sel
        if view is None or view.seat is None:
            return
        if view.phase is AhoiPhase.FIRST_LOOK:
            self._first_look(n)
        elif not holding(view):
            return
        elif sel.mode == "mark":
            self._set(replace(sel, marked=sel.marked ^ {n}))
        elif sel.mode == "lupe":
            self._run(Lupe(n))
        elif sel.mode == "fernrohr" and sel.target is not None:
            self._run(Fernrohr(sel.target, n))
        elif sel.mode == "tauschen_own":
            self._set(replace(sel, mode="tauschen_other", first=n))
        elif sel.mode == "tauschen_other" and sel.target is not None and sel.first is not None:
            self._run(Tauschen(sel.first, sel.target, n))
        else:
            self._run(Place((n,)))

    def _first_look(self, n: int) -> None:
        first = self.sel.first
        if first is None or first == n:
            size = self.view.layout_sizes[self.view.seat]
            if 1 <= n <= size:
                self._set(AhoiSelection(first=None if first == n else n))
            return
        pair = {first, n}
        action = next((a for a in self.legal if isinstance(a, FirstLook) and set(a.positions) == pair), None)
        self._run(action if action is not None else FirstLook((first, n)))
