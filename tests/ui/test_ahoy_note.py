""""You hold a treasure: AHOY! (a)" stands out: first row, bold and reversed between ★ marks, also in ASCII mode
(issue 24 #13)."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from ahoy_tui.games.ahoy.bots import make_bot
from ahoy_tui.games.ahoy import Phase, awaiting
from ahoy_tui.games.ahoy.game import Game
from ahoy_tui.games.ahoy.state import Settings
from ahoy_tui.ui.games.ahoy import prompts
from ahoy_tui.ui.games.ahoy.widgets.prompt_bar import PromptBar

NAMES = ["anna", "Calico Jack", "Anne Bonny"]


def _ahoy_prompt(lang: str, ascii_only: bool) -> prompts.Prompt:
    """anna's prompt the first time she may call AHOY! in a baseline-bot game."""
    game = Game(NAMES, Settings(limit=1000, max_reshuffles=3), seed=4, first_seat=0)
    bots = [make_bot("baseline", 4 + i) for i in range(3)]
    for _ in range(5000):
        if game.state.phase is Phase.NO_HAND:
            game.deal()
            continue
        if any(a.KIND == "ahoy" for a in game.legal(0)):
            return prompts.build(game.view(0), game.legal(0), NAMES, lang, ascii_only)
        seat = next((s for s in (1, 2) if any(a.KIND == "ahoy" for a in game.legal(s))), None)
        seat = awaiting(game.state)[0] if seat is None else seat
        game.act(seat, bots[seat].choose(game.view(seat), game.legal(seat)))
    raise AssertionError("anna never held a treasure")


class _Bar(App):
    def __init__(self, prompt: prompts.Prompt, ascii_only: bool) -> None:
        super().__init__()
        self.prompt, self.ascii_only = prompt, ascii_only

    def compose(self) -> ComposeResult:
        bar = PromptBar()
        bar.styles.height = 2
        bar.ascii_only = self.ascii_only
        yield bar

    def on_mount(self) -> None:
        self.query_one(PromptBar).prompt = self.prompt


@pytest.mark.parametrize("ascii_only", [False, True])
async def test_the_ahoy_note_comes_first_bold_and_reversed(ascii_only):
    prompt = _ahoy_prompt("en", ascii_only)
    app = _Bar(prompt, ascii_only)
    async with app.run_test(size=(60, 2)) as pilot:
        await pilot.pause()
        bar = app.query_one(PromptBar)
        first = bar._rows[0]
        mark = "*" if ascii_only else "★"
        assert first.text.strip() == f"{mark} You hold a treasure: AHOY! (a) {mark}"
        styled = [seg.style for seg in first if seg.text.strip()]
        assert styled and all(s.bold and s.reverse for s in styled)
