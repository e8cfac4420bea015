"""A Textual app whose first action is a bot search (tests/lobby/test_search_pool.py).

Run as ``python -m tests.lobby.pool_in_app``: the process's first search
starts from inside a running Textual app, as in ``ahoy play`` with a hard
bot, where ``sys.stderr`` is Textual's capture (``fileno()`` is -1). It
prints ``answer: 42`` (or ``error: ...``) and exits.
"""

from __future__ import annotations

from textual.app import App

from ahoy_tui.lobby.clock import LoopClock


def answer() -> int:
    return 42


class SearchApp(App):
    def on_mount(self) -> None:
        LoopClock().off_loop(answer, self.done)

    def done(self, result: object, error: BaseException | None) -> None:
        self.exit(f"answer: {result}" if error is None else f"error: {error!r}")


if __name__ == "__main__":
    print(SearchApp().run(headless=True))
