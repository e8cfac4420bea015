"""Bytes per opponent action and encoder CPU: Textual's path vs the server's.

One ``AhoyApp`` (headless, Pilot) at 80x24, 256 colours, at a table of four
(three baseline bots, the player's seat on the autopilot); hand-over reports
are closed as a player would. Every frame the app paints (what
``App._display`` receives outside batch updates) is encoded three ways from
the same update object:

* ``textual``: Textual's own ``render_segments`` + ``Strip.render`` (full SGR
  and a reset per segment, whole chops);
* ``merged``: the same updates with ``ahoy_tui.hosting.render`` (one SGR per same-pen
  run, only the colours that change);
* ``diff``: ``ahoy_tui.hosting.framediff.FrameDiff`` (merged SGR + only the cells that
  differ from what the client shows), the server's path.

Each frame also gets Textual's trailing cursor move (same for all three); no
synchronized-output markers (16 B per frame on terminals that announce
mode 2026). Bytes per opponent action: bytes of the frames between one action
at the table and the next, for actions by the three other seats (as
``bench/load.py`` counts them on the wire). CPU: ``time.perf_counter`` around
each encoding (one core, µs per frame), live (cold caches, whatever else
runs) and replayed: the recorded frames encoded again ``REPLAYS`` times per
path, best run, with a fourth path ``previous`` (the server's encoder before
frame encoding: full SGR and a reset per segment, no shared cache).

Run: .venv/bin/python bench/frame_bytes.py [SECONDS]   (default 20)
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rich.color import ColorSystem  # noqa: E402
from textual._compositor import ChopsUpdate, CompositorUpdate  # noqa: E402
from textual.strip import Strip  # noqa: E402

import ahoy_tui.lobby.table as lobby_table  # noqa: E402
from ahoy_tui.hosting import apps as hosting, render  # noqa: E402
from ahoy_tui.hosting.framediff import FrameDiff  # noqa: E402
from ahoy_tui.lobby import InMemoryLobby, Lobby, Timing  # noqa: E402
from ahoy_tui.session import SessionInfo  # noqa: E402
from ahoy_tui.ui.ahoy_app import AhoyApp  # noqa: E402
from ui_update import close_reports, start_bot_table  # noqa: E402

PATHS = ("textual", "merged", "diff")
REPLAYS = 30


class Recorder:
    """Encodes every painted frame three ways; records actions between them."""

    def __init__(self, app: AhoyApp, console: Any) -> None:
        self.app, self.console = app, console
        self.frames = FrameDiff()
        self.events: list[tuple[str, Any]] = []  # ("frame", {path: bytes}) | ("action", seat)
        self.cpu: dict[str, dict[str, list[float]]] = {p: {"partial": [], "full": []} for p in PATHS}
        self.recording = False
        self.updates: list[CompositorUpdate] = []
        original = app._display

        def display(screen: Any, update: Any) -> None:
            if update is not None and not app._batch_count and isinstance(update, CompositorUpdate):
                self.encode(update)
            original(screen, update)

        app._display = display  # type: ignore[method-assign]

    def encode(self, update: CompositorUpdate) -> None:
        console, kind = self.console, "partial" if isinstance(update, ChopsUpdate) else "full"
        x, y = self.app.cursor_position
        cursor = len(f"\x1b[{y + 1};{x + 1}H")
        sizes = {}
        for path in PATHS:
            t0 = time.perf_counter()
            if path == "diff":
                out = self.frames.encode(update, console)
            elif path == "merged":
                render.install()
                try:
                    out = update.render_segments(console)
                finally:
                    render.uninstall()
            else:
                out = update.render_segments(console)
            dt = time.perf_counter() - t0
            sizes[path] = len(out.encode()) + cursor
            if self.recording:
                self.cpu[path][kind].append(dt * 1e6)
        if self.recording:
            self.events.append(("frame", sizes))
            self.updates.append(update)

    def action(self, seat: int) -> None:
        if self.recording:
            self.events.append(("action", seat))

    def per_action(self, me: int) -> dict[str, list[int]]:
        """Bytes per path of the frames after each opponent action (until the next action)."""
        out: dict[str, list[int]] = {p: [] for p in PATHS}
        current: dict[str, int] | None = None
        for kind, value in self.events + [("action", None)]:
            if kind == "action":
                if current is not None:
                    for p in PATHS:
                        out[p].append(current[p])
                current = {p: 0 for p in PATHS} if value is not None and value != me else None
            elif current is not None:
                for p in PATHS:
                    current[p] += value[p]
        return out


def previous_render(strip: Strip, console: Any) -> str:
    """The server's strip encoding before frame encoding: full SGR + reset per segment."""
    system = console._color_system or ColorSystem.TRUECOLOR
    out = []
    for text, style, _ in strip._segments:
        sgr = render.pen(style, system).sgr if style is not None else ""
        piece = f"\x1b[{sgr}m{text}\x1b[0m" if sgr else text
        if style is not None and style._link:
            piece = f"\x1b]8;id={style._link_id};{style._link}\x1b\\{piece}\x1b]8;;\x1b\\"
        out.append(piece)
    return "".join(out)


def replay(updates: list[CompositorUpdate], console: Any) -> dict[str, float]:
    """Best µs per frame over ``REPLAYS`` encodings of ``updates``, per path."""
    original = Strip.render

    def run(path: str) -> None:
        frames = FrameDiff()
        for update in updates:
            frames.encode(update, console) if path == "diff" else update.render_segments(console)

    paths = (("textual", original), ("previous", previous_render), ("merged", render._render), ("diff", original))
    best = {path: float("inf") for path, _ in paths}
    for _ in range(REPLAYS):  # interleaved, so every path sees the same machine
        for path, strip_render in paths:
            Strip.render = strip_render  # type: ignore[method-assign]
            try:
                t0 = time.perf_counter()
                run(path)
                best[path] = min(best[path], time.perf_counter() - t0)
            finally:
                Strip.render = original  # type: ignore[method-assign]
    return {path: value * 1e6 / max(1, len(updates)) for path, value in best.items()}


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def main(seconds: float) -> None:
    lobby = Lobby(timing=Timing(bot_delay=(0.15, 0.25), between_hands=0.5), seed=5)
    info = SessionInfo(identity="user:anna", display_name="anna", color_system="256", size=(80, 24))
    app = AhoyApp(info, InMemoryLobby(lobby))
    recorder = Recorder(app, hosting.session_console(info))
    apply = lobby_table.Table.apply_action

    def recorded_apply(table: Any, seat: int, *args: Any, **kwargs: Any) -> Any:
        result = apply(table, seat, *args, **kwargs)
        recorder.action(seat)
        return result

    lobby_table.Table.apply_action = recorded_apply  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        tid = start_bot_table(app, lobby)
        await pilot.pause(0.5)
        me = lobby.table(tid).seat_of(info.identity)
        closer = asyncio.create_task(close_reports(app))
        recorder.recording = True
        await asyncio.sleep(seconds)
        recorder.recording = False
        closer.cancel()
        while len(app.screen_stack) > 2:
            app.pop_screen()
    lobby_table.Table.apply_action = apply  # type: ignore[method-assign]

    per_action = recorder.per_action(me)
    frames = sum(kind == "frame" for kind, _ in recorder.events)
    n = len(per_action["diff"])
    print(f"80x24, 256 colours, {seconds:.0f} s: {n} opponent actions, {frames} frames "
          f"({len(recorder.cpu['diff']['full'])} full)")
    print(f"{'path':8} {'bytes/opp. action median':>25} {'p90':>7} {'mean':>7}   "
          f"{'CPU µs/partial frame median':>28} {'mean':>6} {'µs/full frame':>14}")
    for path in PATHS:
        b, cpu = per_action[path], recorder.cpu[path]
        print(f"{path:8} {statistics.median(b):>25,.0f} {pct(b, 0.9):>7,.0f} {statistics.mean(b):>7,.0f}   "
              f"{statistics.median(cpu['partial']):>28.0f} {statistics.mean(cpu['partial']):>6.0f} "
              f"{statistics.median(cpu['full']) if cpu['full'] else float('nan'):>14.0f}")
    best = replay(recorder.updates, recorder.console)
    print(f"replayed {len(recorder.updates)} frames x {REPLAYS}, best, µs per frame: "
          + ", ".join(f"{path} {value:.0f}" for path, value in best.items()))


if __name__ == "__main__":
    asyncio.run(main(float(sys.argv[1]) if len(sys.argv) > 1 else 20.0))
