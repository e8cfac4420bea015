"""Ahoi's events as log lines: who did what, where; never a card's value (AH15).

The log is kept for the whole game, so a value in it would stay on screen
long after its seat was shown it: values appear only where the view shows
them now (the discard pile's top, the held card, a peek for a few
seconds, the round's reveal; ``ui.games.ahoi.presenter``).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from rich.text import Text

from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.text import asciify, clean

_SIMPLE = {"drew": "draw", "took": "take_discard", "discarded": "discard", "called": "ahoi"}


def _positions(ps: Sequence[int]) -> str:
    return ",".join(str(p) for p in ps)


def line(event: Any, names: Sequence[str], me: int | None, lang: str) -> str | None:
    """The sentence for ``event`` as seat ``me`` (None: a spectator) sees it, or None for events
    the log does not tell (turn changes, private peeks: the screen shows those)."""
    d, kind = event.data, event.kind
    t: Callable[..., str] = lambda key, **kw: tr(lang, key, **kw)  # noqa: E731

    def who(seat: Any) -> str:
        return clean(names[seat], 16) if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    name = who(d.get("seat"))
    for key, k in _SIMPLE.items():
        if kind == k:
            return t(f"ahoi.log.{key}", name=name)
    if kind == "deal":
        return t("ahoi.log.round", n=d.get("round", "?"), name=who(d.get("dealer")))
    if kind == "first_look":
        return t("ahoi.log.looked", name=name)
    if kind == "place":
        ps = list(d.get("positions") or ())
        if d.get("matched") is None:
            return t("ahoi.log.placed", name=name, pos=_positions(ps))
        return t("ahoi.log.matched" if d.get("matched") else "ahoi.log.mismatch", name=name,
                 positions=_positions(ps))
    if kind == "lupe":
        return t("ahoi.log.lupe", name=name, pos=d.get("position", "?"))
    if kind == "fernrohr":
        return t("ahoi.log.fernrohr", name=name, other=who(d.get("target")), pos=d.get("target_position", "?"))
    if kind == "tauschen":
        return t("ahoi.log.tauschen", name=name, pos=d.get("position", "?"), other=who(d.get("target")),
                 opos=d.get("target_position", "?"))
    if kind == "round_end":
        return t("ahoi.log.round_over", n=d.get("round", "?"))
    if kind == "game_over":
        return t("ahoi.log.game_over")
    return None


def narrate(events: Sequence[Any], names: Sequence[str], me: int | None, lang: str,
            ascii_only: bool) -> list[Text]:
    """The log lines of ``events`` (already filtered for the viewer), oldest first."""
    out = []
    for e in events:
        text = line(e, names, me, lang)
        if text is not None:
            out.append(Text(asciify(text) if ascii_only else text))
    return out
