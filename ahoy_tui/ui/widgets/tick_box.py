"""A checkbox whose ticked and unticked states differ in shape, not only in colour.

Textual's ``Checkbox`` draws ``▐X▌`` both ways and tells them apart by the
colour of the ``X``, which 16-colour terminals, monochrome themes and tired
eyes lose. A :class:`TickBox` shows ``X`` when ticked and a blank when not
(ASCII mode: ``[X]`` / ``[ ]``, see :mod:`ahoy_tui.ui.glyphs`).
"""

from __future__ import annotations

from textual.widgets import Checkbox


class TickBox(Checkbox):
    """A ``Checkbox`` showing ``X`` only while ticked."""

    @property  # type: ignore[override]
    def BUTTON_INNER(self) -> str:  # noqa: N802 - Textual's attribute name
        """``"X"`` while ticked, ``" "`` while not."""
        return "X" if self.value else " "
