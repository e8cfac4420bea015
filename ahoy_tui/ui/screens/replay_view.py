"""The replay viewer: one past game, step by step, from the player's own seat (R18, AH16).

It asks the game (``GameSpec.replay_steps``, through the registry) for one
step per line of the seat's projection (``LobbyAPI.game_record``) and draws
each with the table's own widgets (``replay_games``: AHOY!! V2 and Ahoi).
It holds no game truth: only the steps the game built from that projection.

Keys: →/l next, ←/h previous, space play/pause (autoplay), +/- faster/slower,
g go to a step or hand (``12``, ``h3``; Ahoi ``r3``), PgDn/PgUp (n/p) next/previous
hand, Home/End, Esc back. Autoplay runs one timer, only while it plays.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Input, Static

from ahoy_tui.games import GAMES
from ahoy_tui.games.base import ReplayStep
from ahoy_tui.ui.live import built
from ahoy_tui.ui.screens.replay_games import painter_for
from ahoy_tui.ui.services import AppServices, RedrawsTexts, services
from ahoy_tui.ui.text import asciify, clean, date_utc
from ahoy_tui.ui.widgets.key_footer import KeyFooter

SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Autoplay speeds in steps per second (+/- move along them)."""
DEFAULT_SPEED = 2
"""Index into :data:`SPEEDS` a viewer starts at (2 steps a second: a game of ~500 steps in ~4 minutes)."""


class ReplayScreen(Screen[None], RedrawsTexts):
    """Step through one archived game of any registered game.

    Attributes:
        game: The game's ``GameListing``.
        seat: The viewer's seat in it.
        steps: One ``ReplayStep`` per record line (the header first).
        starts: Indexes of the steps where a hand (round) begins.
        at: The step shown (index into ``steps``).
        speed: Index into :data:`SPEEDS`.
        playing: Autoplay is on.
    """

    DEFAULT_CSS = """
    ReplayScreen #replay-state { height: auto; padding: 0 1; }
    ReplayScreen #replay-hand { height: 4; }
    ReplayScreen #replay-log { height: 1fr; padding: 0 1; overflow-y: hidden; }
    ReplayScreen #replay-jump { display: none; }
    ReplayScreen #replay-jump.-open { display: block; }
    """
    BINDINGS = [
        Binding("right,l", "next", "Next"),
        Binding("left,h", "prev", "Previous", show=False),
        Binding("space", "play", "Play"),
        Binding("space", "pause", "Pause"),
        Binding("plus,equals_sign", "faster", "Faster"),
        Binding("minus", "slower", "Slower", show=False),
        Binding("g", "jump", "Go to"),
        Binding("pagedown,n", "next_hand", "Next hand"),
        Binding("pageup,p", "prev_hand", "Previous hand", show=False),
        Binding("home", "first", "Start", show=False),
        Binding("end", "last", "End", show=False),
        Binding("escape,q", "back", "Back"),
    ]

    def __init__(self, game: Any, record: Sequence[dict], seat: int) -> None:
        """Build every step now.

        Raises:
            KeyError: a game that is not registered or that the viewer cannot draw.
            ValueError: a record the game cannot follow (``GameSpec.replay_steps``).
        """
        super().__init__()
        self.game = game
        self.seat = seat
        self.names = [clean(n, 16) for n in record[0].get("seats", game.names)]
        self.steps: list[ReplayStep] = GAMES[game.game].replay_steps(record, seat)
        self.paint = painter_for(game.game, self.names, seat, record[0])
        self.starts = [i for i in range(1, len(self.steps)) if self.steps[i].hand != self.steps[i - 1].hand]
        self.at = 0
        self.speed = DEFAULT_SPEED
        self.playing = False
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="replay-title", classes="title-bar")
        with Vertical(id="replay-state", classes="panel"):
            yield from self.paint.compose()
        yield Static(id="replay-log", classes="panel")
        yield Input(id="replay-jump", disabled=True)  # not focusable until g opens it
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_texts()

    # -- moving ------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Show step ``index`` (clamped to the game)."""
        self.at = max(0, min(len(self.steps) - 1, index))
        if self.at == len(self.steps) - 1:
            self._stop()
        self.refresh_texts()

    def action_next(self) -> None:
        self.go(self.at + 1)

    def action_prev(self) -> None:
        self.go(self.at - 1)

    def action_first(self) -> None:
        self.go(0)

    def action_last(self) -> None:
        self.go(len(self.steps) - 1)

    def action_next_hand(self) -> None:
        self.go(next((i for i in self.starts if i > self.at), len(self.steps) - 1))

    def action_prev_hand(self) -> None:
        self.go(max((i for i in self.starts if i < self.at), default=0))

    # -- autoplay ----------------------------------------------------------------
    def action_play(self) -> None:
        """Step on by itself at :attr:`speed` (from the start again when at the end)."""
        if self.at == len(self.steps) - 1:
            self.at = 0
        self.playing = True
        self._restart()
        self.refresh_texts()

    def action_pause(self) -> None:
        self._stop()
        self.refresh_texts()

    def action_faster(self) -> None:
        self.speed = min(len(SPEEDS) - 1, self.speed + 1)
        self._restart()
        self.refresh_texts()

    def action_slower(self) -> None:
        self.speed = max(0, self.speed - 1)
        self._restart()
        self.refresh_texts()

    def _restart(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.playing:
            self._timer = self.set_interval(1 / SPEEDS[self.speed], self.action_next)

    def _stop(self) -> None:
        self.playing = False
        self._restart()

    # -- jumping -----------------------------------------------------------------
    def action_jump(self) -> None:
        """Ask for a step number or a hand (``h3``; Ahoi's rounds ``r3``)."""
        self._stop()
        box = self.query_one("#replay-jump", Input)
        box.add_class("-open")
        box.disabled = False
        box.placeholder = self._fix()(self.app.t(self.paint.jump_key, last=len(self.steps) - 1,
                                                 hands=len(self.starts)))
        box.value = ""
        box.focus()
        self.refresh_texts()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        target = self.target(event.value)
        if target is None:  # the text stays in the box to be mended
            app = services(self)
            app.notify(self._fix()(app.t("replay.jump_bad", text=clean(event.value, 20), last=len(self.steps) - 1,
                                         hands=len(self.starts))), severity="warning", timeout=5)
            return
        self._close_jump()
        self.go(target)

    def target(self, text: str) -> int | None:
        """The step ``text`` names: a step number (0..last), or the hand word and a hand number
        (``h3``: the step where hand 3 is dealt); None for anything else."""
        m = re.fullmatch(r"\s*([a-z]?)\s*(\d{1,6})\s*", text.lower())
        if m is None:
            return None
        word, n = m.group(1), int(m.group(2))
        if word == self.paint.hand_word:
            return self.starts[n - 1] if 1 <= n <= len(self.starts) else None
        if word:
            return None
        return n if n < len(self.steps) else None

    def _close_jump(self) -> None:
        box = self.query_one("#replay-jump", Input)
        box.remove_class("-open")
        box.disabled = True
        box.value = ""
        self.set_focus(None)
        self.refresh_texts()

    def action_back(self) -> None:
        if self._jumping():
            self._close_jump()
            return
        self._stop()
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Play or Pause on space, as autoplay stands; no stepping keys while the jump box is open."""
        if action == "play":
            return not self.playing
        if action == "pause":
            return self.playing
        if self._jumping() and action != "back":
            return False
        return True

    def _jumping(self) -> bool:
        """The jump box is open (it takes the keys)."""
        boxes = self.query("#replay-jump").results(Input) if self.is_mounted else iter(())
        return any(box.has_class("-open") for box in boxes)

    # -- drawing -----------------------------------------------------------------
    def _fix(self) -> Any:
        return asciify if services(self).ascii_only else (lambda s: s)

    def refresh_texts(self) -> None:
        """Draw the step shown, in the session's language and ASCII mode."""
        if not built(self, "#replay-title", "#replay-state", "#replay-log"):
            return
        app = services(self)
        self.set_class(app.ascii_only, "-ascii")
        fix = self._fix()
        step = self.steps[self.at]
        title = app.t(self.paint.title_key, table=clean(self.game.table_name, 24), date=date_utc(self.game.finished),
                      hand=step.hand, step=self.at, steps=len(self.steps) - 1)
        state = app.t("replay.playing", speed=f"{SPEEDS[self.speed]:g}") if self.playing else app.t("replay.paused")
        self.query_one("#replay-title", Static).update(Text(fix(f"{title} · {state}")))
        self.paint.paint(self, step, app, fix)
        log = self.query_one("#replay-log", Static)
        report = self.paint.report(step, app, fix)
        if report is not None:
            log.border_title, text = report
            log.update(text)
        else:
            log.border_title = fix(app.t("replay.log"))
            log.update(self._log(app, fix))
        self.refresh_bindings()

    def _log(self, app: AppServices, fix: Any) -> Text:
        """The sentences up to the step shown, newest last and bold (as many as fit)."""
        rows = max(1, self.query_one("#replay-log").size.height or 10)
        lines: list[str] = []
        i = self.at
        while i >= 0 and len(lines) < rows:
            said = self.paint.say(self.steps[i], app)
            if said or i == self.at:
                lines.insert(0, fix(said))
            i -= 1
        out = Text()
        for k, line in enumerate(lines):
            last = k == len(lines) - 1
            out.append(("> " if last else "  ") + line + ("" if last else "\n"), style="bold" if last else "dim")
        return out
