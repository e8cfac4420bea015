"""A panel's changed row is painted without a message per panel (issue 25: the cost of a move).

Textual's ``refresh`` costs two dispatched messages per repainted widget
(a ``Prompt`` to the widget, an ``Update`` to its screen); a table update
repaints five to seven panels. ``RowsWidget`` puts itself straight into its
screen's dirty widgets: the screen is prompted once, and the player sees
the same new row.
"""

from __future__ import annotations

import pyte
from rich.text import Text
from textual.app import App, ComposeResult
from textual.message import Message
from textual.message_pump import MessagePump

from ahoy_tui.ui.widgets.rows import RowsWidget


class _Panel(RowsWidget):
    DEFAULT_CSS = "_Panel { height: 3; }"

    def __init__(self, word: str, **kwargs) -> None:  # noqa: ANN003
        super().__init__(**kwargs)
        self.word = word

    def rebuild(self) -> None:
        if self.row_width:
            self.set_rows([row for i in range(3) for row in self.wrap(Text(f"{self.word} {i}"))])


class _Table(App):
    def compose(self) -> ComposeResult:
        for i in range(5):
            yield _Panel(f"panel{i}", id=f"p{i}")


async def test_five_panels_changing_a_row_post_no_update_and_prompt_the_screen_once(monkeypatch):
    app = _Table()
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        posted: list[tuple[str, str]] = []
        post = MessagePump.post_message

        def watched(self: MessagePump, message: Message) -> bool:
            posted.append((type(self).__name__, type(message).__name__))
            return post(self, message)

        monkeypatch.setattr(MessagePump, "post_message", watched)
        for i in range(5):
            panel = app.query_one(f"#p{i}", _Panel)
            panel.word = f"moved{i}"
            panel.rebuild()
        await pilot.pause()
        await pilot.pause()
        monkeypatch.setattr(MessagePump, "post_message", post)
        term = pyte.Screen(40, 20)
        pyte.Stream(term).feed(app.screen._compositor.render_update(full=True).render_segments(app.console))
        shown = "\n".join(term.display)
        assert all(f"moved{i} 1" in shown for i in range(5)), shown
        updates = [p for p in posted if p[1] == "Update"]
        panel_prompts = [p for p in posted if p == ("_Panel", "Prompt")]
        assert not updates and not panel_prompts, f"messages per repaint: {posted}"
        assert posted.count(("Screen", "Prompt")) <= 1, posted

