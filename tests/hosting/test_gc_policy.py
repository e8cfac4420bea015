"""The garbage-collector policy keeps long pauses away and still frees what ended sessions leave.

No full collection ever runs while the policy is on: what an ended session
left frozen is freed by a young collection over that session's own objects.
"""

from __future__ import annotations

import asyncio
import gc
import sys
import weakref
from contextlib import contextmanager
from typing import Iterator

import pytest

from rich.segment import Segment
from textual._styles_cache import StylesCache
from textual.color import Color
from textual.strip import Strip
from textual.style import Style

from ahoy_tui.hosting import gc_policy
from ahoy_tui.hosting import textual_private
from ahoy_tui.hosting.gc_policy import GcPolicy, install_strip_patch, track_nodes
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from tests.waiting import wait_until


class _Node:
    """An object that sits in a reference cycle."""

    def __init__(self) -> None:
        self.me = self


class _Session:
    """An ended session's objects: a cycle with a finalizer, a weak set of its parts, a weakref callback."""

    finalized: list[str] = []
    called_back: list[str] = []
    watches: list[weakref.ref[_Node]] = []
    """Weak references held by a live object (the collector calls back only those)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.parts = [_Node() for _ in range(50)]
        self.index = weakref.WeakSet(self.parts)
        self.parts.append(self)
        _Session.watches.append(weakref.ref(self.parts[0], lambda _ref, name=name: _Session.called_back.append(name)))

    def __del__(self) -> None:
        _Session.finalized.append(f"{self.name}: {len(self.index)} parts indexed")


def test_dividing_a_strip_at_its_end_leaves_no_reference_cycle():
    install_strip_patch()
    strip = Strip([Segment("hello")])
    assert strip.divide([5]) == [strip]
    assert not strip._divide_cache  # Textual cached [strip] inside strip: a cycle only a full GC frees
    assert sys.getrefcount(strip) == 2  # only our name (and the call's argument): freed by reference counting
    two = Strip([Segment("hello")]).divide([2, 5])
    assert [s.text for s in two] == ["he", "llo"]


def test_a_widgets_line_cache_is_freed_once_the_widget_is_gone():
    install_strip_patch()
    cache = StylesCache()  # one per widget, holding the widget's rendered lines
    ref = weakref.ref(cache)
    base, background = Color(10, 22, 40), Color(28, 51, 88)
    inner, outer = cache.get_inner_outer(base, background)
    assert (inner, outer) == (Style(background=base + background), Style(background=base))
    del cache
    assert ref() is None  # Textual's lru_cache on the method kept the last 1,024 widgets' caches alive


def _policy(monkeypatch: pytest.MonkeyPatch) -> GcPolicy:
    """A started policy that collects ended sessions at once; the test runs its passes (``_tick``)."""
    monkeypatch.setattr(gc_policy, "SETTLE", 0.0)
    policy = GcPolicy(freeze_every=3600.0)
    policy.start()
    return policy


def _pass(policy: GcPolicy) -> None:
    """A pass after a busy second: Python ran a young collection meanwhile (a pass waits for one)."""
    gc.collect(0)
    policy._tick()


@contextmanager
def _full_passes() -> Iterator[list[str]]:
    """Every ``gc.unfreeze`` meanwhile: the start of a pass over every object in the process."""
    calls: list[str] = []
    unfreeze = gc.unfreeze
    gc.unfreeze = lambda: calls.append("unfreeze")  # type: ignore[assignment]
    try:
        yield calls
    finally:
        gc.unfreeze = unfreeze  # type: ignore[assignment]


async def _collected(policy: GcPolicy) -> None:
    _pass(policy)
    await wait_until(lambda: not policy.ended and policy._walk is None and not policy._draining,
                     what="the ended sessions' collections")


async def test_passes_freeze_what_survives_and_never_walk_the_whole_heap(monkeypatch):
    policy = _policy(monkeypatch)
    try:
        with _full_passes() as passes:
            for _ in range(3):
                node = _Node()
                _pass(policy)
                assert not any(o is node for o in gc.get_objects())  # frozen: no collection walks it again
        assert passes == []
    finally:
        policy.stop()


async def test_an_idle_second_starts_no_collection(monkeypatch):
    """Issue 25: idle costs nothing. A second in which Python ran no young collection (a few
    objects made, a keepalive answered) is no reason to collect: the pass waits for one."""
    policy = _policy(monkeypatch)
    started: list[int] = []

    def watch(phase: str, info: dict) -> None:
        if phase == "start":
            started.append(info["generation"])

    gc.callbacks.append(watch)
    try:
        kept = []
        for _ in range(5):
            kept.append(_Node())  # a little work, as an idle server's timers do
            policy._tick()
        assert started == [], f"an idle server ran collections of generations {started}"
        _pass(policy)
        assert 2 in started, "after a young collection the pass runs"
    finally:
        gc.callbacks.remove(watch)
        policy.stop()


async def test_a_pass_never_counts_the_frozen_objects(monkeypatch):
    """Issue 24 (10): on Python 3.11 ``gc.get_freeze_count()`` walks every frozen object (tens of
    ms with a dozen sessions, twice a second), stalling every player; a pass counts only its survivors."""
    policy = _policy(monkeypatch)
    counted = []
    real = gc.get_freeze_count
    monkeypatch.setattr(gc, "get_freeze_count", lambda: counted.append(1) or real())
    try:
        kept = [[] for _ in range(gc_policy.BUSY + 1_000)]
        _pass(policy)
        del kept
        _pass(policy)
        assert counted == []
    finally:
        policy.stop()


async def test_after_a_busy_second_the_next_pass_comes_four_times_sooner(monkeypatch):
    """More than ``BUSY`` objects survived a pass: the next one is due in a quarter of the period."""
    import asyncio

    policy = _policy(monkeypatch)
    try:
        loop = asyncio.get_running_loop()
        kept = [[] for _ in range(gc_policy.BUSY + 1_000)]  # survivors tracked by the collector
        _pass(policy)
        busy_in = policy._handle.when() - loop.time()
        del kept
        _pass(policy)
        quiet_in = policy._handle.when() - loop.time()
        assert busy_in <= policy.freeze_every / 4 + 1
        assert quiet_in > policy.freeze_every / 2
    finally:
        policy.stop()


async def test_an_ended_sessions_frozen_cycles_are_freed_without_a_full_collection(monkeypatch):
    policy = _policy(monkeypatch)
    try:
        session = _Session("anna")
        ref = weakref.ref(session)
        _pass(policy)  # frozen: no ordinary collection sees it again
        gc.collect(1)
        assert ref() is not None
        frozen = gc.get_freeze_count()
        with _full_passes() as passes:
            policy.session_ended(session)
            del session
            await _collected(policy)
        assert ref() is None
        assert passes == []  # young collections only, never a full pass
        assert gc.get_freeze_count() > frozen * 0.9  # everything else stays frozen
    finally:
        policy.stop()


async def test_weakref_callbacks_and_finalizers_run_on_whole_objects(monkeypatch):
    _Session.finalized.clear()
    _Session.called_back.clear()
    policy = _policy(monkeypatch)
    try:
        session = _Session("bo")
        _pass(policy)
        policy.session_ended(session)
        del session
        await _collected(policy)
    finally:
        policy.stop()
    assert _Session.called_back == ["bo"]
    assert _Session.finalized == ["bo: 50 parts indexed"]  # the finalizer met its objects whole


async def test_a_session_still_referenced_is_kept_and_collected_once_let_go(monkeypatch):
    policy = _policy(monkeypatch)
    try:
        session = _Session("cy")
        ref = weakref.ref(session)
        holder = [session]  # a connection still closing
        _pass(policy)
        policy.session_ended(session)
        monkeypatch.setattr(gc_policy, "SETTLE", 60.0)  # the next try waits
        del session
        _pass(policy)
        await wait_until(lambda: policy.ended and policy.ended[0].tries == 1 and policy._walk is None,
                         what="the first collection")
        assert ref() is holder[0] and ref().parts[0].me is ref().parts[0]  # kept, whole
        holder.clear()
        policy.ended[0].due = 0.0
        await _collected(policy)  # tried again: now it is garbage
        assert ref() is None
    finally:
        policy.stop()


class _Lobbyish(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Ahoy!")
        yield DataTable()
        yield Input(placeholder="chat")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("table", "seats")
        table.add_rows([(f"Black Pearl {i}", f"{i}/6") for i in range(20)])


async def test_an_ended_textual_app_and_its_widgets_are_freed(monkeypatch):
    policy = _policy(monkeypatch)
    try:
        app = _Lobbyish()
        track_nodes(app)
        nodes = gc_policy._TRACKED[app]  # every DOM node made under the app, weakly
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("tab", "a")
            _pass(policy)  # its widgets are frozen while it runs
            app.theme = "textual-light"  # a restyle: Textual's old virtual nodes die frozen, unreachable
            await pilot.press("tab", "down", "tab")
            await pilot.pause()
            widgets = weakref.WeakSet(app.query("*"))
            assert len(widgets) >= 3
        ref = weakref.ref(app)
        with _full_passes() as passes:
            policy.session_ended(app)
            del app, pilot
            await _collected(policy)
        assert ref() is None
        assert len(widgets) == 0 and len(nodes) == 0
        assert passes == []
    finally:
        policy.stop()


def test_disabled_policy_freezes_nothing():
    policy = GcPolicy(freeze_every=0)
    policy.start()
    assert gc.get_freeze_count() == 0
    policy.stop()


async def test_a_failing_collection_is_logged_and_the_next_session_still_collected(monkeypatch, caplog):
    policy = _policy(monkeypatch)
    step = gc_policy.gc_local.Walk.step
    failures = ["once"]

    def failing_step(walk, budget=float("inf")):
        if failures:
            failures.pop()
            raise RuntimeError("a finalizer went wrong")
        return step(walk, budget)

    monkeypatch.setattr(gc_policy.gc_local.Walk, "step", failing_step)
    try:
        first, second = _Session("dee"), _Session("eve")
        refs = [weakref.ref(first), weakref.ref(second)]
        _pass(policy)
        policy.session_ended(first)
        policy.session_ended(second)
        del first, second
        await _collected(policy)
        assert refs[0]() is not None and refs[1]() is None  # the first stays (frozen), the second is freed
    finally:
        policy.stop()
    assert "collecting an ended session failed" in caplog.text


async def test_one_loop_turn_collects_several_ended_sessions_while_its_budget_lasts(monkeypatch):
    """Issue 24: a turn did one phase (walk, move or collect) of one ended session; on a busy loop
    (long turns) sessions ended faster than that, and the frozen heap grew wave after wave."""
    policy = _policy(monkeypatch)
    monkeypatch.setattr(gc_policy, "SLICE", 5.0)  # a generous budget: the turn is not cut short
    monkeypatch.setattr(gc_policy, "SLICE_MAX", 5.0)
    try:
        sessions = [_Session(f"s{i}") for i in range(4)]
        refs = [weakref.ref(s) for s in sessions]
        _pass(policy)
        for s in sessions:
            policy.session_ended(s)
        del sessions, s
        policy._draining = True  # the test runs the turns itself
        policy.collect_ended()  # one loop turn
        assert [r() for r in refs] == [None] * 4
    finally:
        policy.stop()


class _Owner:
    """An ended session's app: the nodes made under it are listed weakly (``track_nodes``)."""

    def __init__(self, *nodes: object) -> None:
        self.me = self
        gc_policy._TRACKED[self] = weakref.WeakSet(nodes)


async def test_a_node_still_held_when_its_session_was_collected_is_freed_once_let_go(monkeypatch):
    """Issue 24: a screen a timer still held when its session's walk ran became garbage later,
    frozen, and no walk ever came back for it (the session's owners were all gone)."""
    policy = _policy(monkeypatch)
    try:
        screen = _Session("lobby screen")
        gone = weakref.ref(screen)
        held = [screen]  # e.g. a timer's callback, about to fire
        app = _Owner(screen)
        _pass(policy)
        policy.session_ended(app)
        monkeypatch.setattr(gc_policy, "SETTLE", 60.0)  # the next try waits
        del app, screen
        await _collected_once(policy)
        assert gone() is not None  # still held: kept, whole
        held.clear()
        for e in policy.ended:
            e.due = 0.0
        await _collected(policy)
        assert gone() is None
    finally:
        policy.stop()


async def _collected_once(policy: GcPolicy) -> None:
    _pass(policy)
    await wait_until(lambda: policy.ended and policy.ended[0].tries >= 1 and policy._walk is None,
                     what="the first collection")


class _Connection:
    """An SSH connection that has not closed yet (a dropped link waits for its keepalive)."""

    def __init__(self) -> None:
        self.closed = False
        self.me = self

    def is_closed(self) -> bool:
        return self.closed


async def test_a_session_is_collected_once_its_connection_has_closed(monkeypatch):
    """Walking a session whose connection still refers to it is wasted: the walk waits for the close."""
    policy = _policy(monkeypatch)
    walks = []
    real = gc_policy.gc_local.Walk.__init__
    monkeypatch.setattr(gc_policy.gc_local.Walk, "__init__",
                        lambda self, *a, **k: walks.append(1) or real(self, *a, **k))
    try:
        session, conn = _Session("dee"), _Connection()
        conn.session = session
        ref = weakref.ref(session)
        _pass(policy)
        policy.session_ended(session, conn)
        del session
        _pass(policy)
        await wait_until(lambda: not policy._draining, what="the turn")
        assert walks == [] and policy.ended and ref() is not None  # put off, not walked
        conn.closed = True
        del conn
        for e in policy.ended:
            e.due = 0.0
        await _collected(policy)
        assert walks and ref() is None
    finally:
        policy.stop()


class _SlowToGo(Static):
    """A widget that takes a while to unmount: Textual takes a screen apart over many loop turns."""

    def __init__(self, let_go: asyncio.Event) -> None:
        super().__init__("seats")
        self.let_go = let_go

    async def on_unmount(self) -> None:
        self.let_go.unmounting = True  # type: ignore[attr-defined]
        await self.let_go.wait()


class _TableScreen(Screen[None]):
    def __init__(self, let_go: asyncio.Event) -> None:
        super().__init__()
        self.let_go = let_go

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("waiting for the crew")
            yield _SlowToGo(self.let_go)
            yield DataTable()


async def test_a_screen_a_session_left_is_due_from_the_moment_it_left_and_walked_once_taken_apart(monkeypatch):
    """Issue 24: the policy heard of a screen the player left only once Textual had taken it apart,
    loop turns after the lobby was drawn again; meanwhile nothing said that screen was still to be
    freed (``tests/e2e/test_memory_soak.py`` then counted its widgets as left behind, 2 runs in 5).
    A walk while the screen is still in the DOM would stop at it and free nothing."""
    policy = _policy(monkeypatch)
    monkeypatch.setattr(gc_policy, "SCREEN_SETTLE", 0.0)
    let_go = asyncio.Event()
    walks = []
    real = gc_policy.gc_local.Walk.__init__
    monkeypatch.setattr(gc_policy.gc_local.Walk, "__init__",
                        lambda self, *a, **k: walks.append(1) or real(self, *a, **k))
    try:
        app = _Lobbyish()
        track_nodes(app)
        textual_private.on_screen_removed(app, policy.screen_removed)
        async with app.run_test(size=(80, 24)) as pilot:
            try:
                screen = _TableScreen(let_go)
                await app.push_screen(screen)
                await pilot.pause()
                left = weakref.ref(screen)
                widgets = weakref.WeakSet(screen.query("*"))
                assert len(widgets) >= 3
                del screen
                policy._tick()  # frozen while shown
                app.pop_screen()  # q: back to the lobby
                await wait_until(lambda: getattr(let_go, "unmounting", False), what="Textual taking the screen apart")
                assert app.screen is not left() and left() is not None
                assert [e.owners[0]() for e in policy.ended] == [left()], "due at once, not once taken apart"
                policy._tick()
                await wait_until(lambda: not policy._draining, what="the turn")
                assert walks == [] and len(widgets) >= 3  # not walked while Textual takes it apart
            finally:
                let_go.set()
            await wait_until(lambda: policy.ended and policy.ended[0].ready(), what="the screen taken apart")
            for e in policy.ended:
                e.due = 0.0
            await _collected(policy)
            assert walks and left() is None and len(widgets) == 0
    finally:
        policy.stop()
