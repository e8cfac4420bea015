"""Keep Python's garbage collections short while people play (issues 6 and 12).

Every session holds a Textual app: tens of thousands of long-lived objects
(widgets, styles, cached strips). Python's oldest-generation collection
walks every tracked object in the process; measured with 40 playing
sessions (``bench/load_server.py`` logs each collection), those passes took
0.5-1.0 s each, a dozen times a minute, and every screen froze meanwhile;
with a hundred sessions a full pass takes 1.4-4 s.

:class:`GcPolicy` moves objects that have survived into the permanent
generation (:func:`gc.freeze`) every ``freeze_every`` seconds (sooner
after a busy second, ``BUSY``), after collecting everything not frozen
yet, so no collection walks old objects; Python itself never starts a
collection of the oldest generation meanwhile (``NEVER``). It never runs
a full collection, and a pass runs only when Python ran a young collection
since the last one (about 700 objects made and kept): an idle server
collects nothing (issue 25). What an ended session leaves frozen
(its app and widget tree, full of reference cycles) is freed by a
collection over that session's objects only (:mod:`ahoy_tui.hosting.gc_local`): the
objects its SSH session, its app and every DOM node made under that app
reach, walked and moved to the young generation a few milliseconds at a
time (``SLICE``), ``SETTLE`` seconds after the end (and again later while
any of them is still referenced, e.g. by a connection still closing).

Closed tables (:meth:`GcPolicy.table_closed`, told by ``Lobby.table_gone``) and
screens a live session removed (:meth:`GcPolicy.screen_removed`) are collected
the same way, each walk bounded by the live objects it still points at
(:class:`gc_local.Bounded`): otherwise nothing ever walks them and they stay
frozen for good (issue 24).

Frozen objects that later become garbage without a reference cycle are
still freed at once; :func:`install_strip_patch` removes the cycles that
Textual made for almost every rendered line and cached query, and two
caches that kept ended sessions reachable.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
import weakref
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterable, Sequence

from textual.color import Color
from textual.strip import Strip
from textual.style import Style

from ahoy_tui.hosting.textual_private import (StylesCache, clear_lru_caches_without_cycles, replace_get_inner_outer,
                                         replace_strip_method, uncache_instance_methods, watch_new_nodes, wrap_register)
from ahoy_tui.hosting import gc_local

log = logging.getLogger("ahoy.server.gc")

SETTLE = 3.0
"""Seconds between a session's end and the collection of what it left (its connection closes meanwhile)."""

SCREEN_SETTLE = 10.0
"""Seconds between a screen's removal and its collection. A session that ends meanwhile frees the
screen in its own collection (the screen's is then dropped): one walk instead of two when players
make a table and leave (``bench/churn.py``: screen walks were half of all the walking)."""

RETRIES = 6
"""Times an ended session is collected again while part of it lives (its connection still closing),
each ``BACKOFF`` times later than the one before."""

BACKOFF = 2.0

SLICE = 0.005
"""Seconds an ended session's walk may hold the event loop at a time."""

SLICE_MAX = 0.02
"""Seconds a walk may hold the loop at a time while ended owners queue up: ``SLICE`` more per
``BACKLOG`` waiting. Under a busy loop each turn is long, so walks at ``SLICE`` a turn fell
behind sessions ending (20 a wave, 2 cores shared) and their memory waited for the churn to stop."""

BACKLOG = 4

NEVER = 1 << 30
"""Threshold of the oldest generation while the policy runs: Python never collects it by itself
(at an allocation, in the middle of a render); each pass collects it, at most a pass's worth of
survivors, then freezes them."""

BUSY = 20_000
"""Objects surviving into the oldest generation between two passes past which the next pass comes
four times sooner, so that a pass stays short while many sessions start at once."""

_TRACKED: weakref.WeakKeyDictionary[Any, weakref.WeakSet[Any]] = weakref.WeakKeyDictionary()
"""Per hosted app (weakly): a ``WeakSet`` of every DOM node made or registered under it (:func:`track_nodes`)."""


def _node_set(owner: Any) -> weakref.WeakSet[Any] | None:
    """The live ``WeakSet`` of nodes :func:`track_nodes` keeps for ``owner``, or None."""
    try:
        return _TRACKED.get(owner)
    except TypeError:  # an owner that takes no weak reference (then it tracks nothing)
        return None


def tracked_nodes(owner: Any) -> list[Any]:
    """The DOM nodes made or registered under ``owner`` that are still alive ([] for an owner
    that tracks none: :func:`track_nodes` was not called for it)."""
    nodes = _node_set(owner)
    return [] if nodes is None else list(nodes)

_textual_divide = Strip.divide


def _divide(self: Strip, cuts: Iterable[int]) -> Sequence[Strip]:
    """``Strip.divide`` without caching ``[self]`` in the strip itself.

    Textual caches a division that cuts nothing as ``[self]`` inside the
    strip: a reference cycle, so each strip the compositor passes on lives
    until a full garbage collection (about 330 cyclic objects per table
    update and session, measured with ``gc.DEBUG_SAVEALL``). The result is
    the same list of strips.
    """
    cuts = list(cuts)
    if cuts and cuts[-1] == self.cell_length and len(cuts) == 1:
        return [self]
    return _textual_divide(self, cuts)


@lru_cache(1024)
def _inner_outer_styles(base_background: Color, background: Color) -> tuple[Style, Style]:
    """Inner and outer background styles of a widget's lines, shared by every widget."""
    return Style(background=base_background + background), Style(background=base_background)


def _get_inner_outer(self: StylesCache, base_background: Color, background: Color) -> tuple[Style, Style]:
    """``StylesCache.get_inner_outer`` without keeping the widget's line cache alive.

    Textual 8.2.8 decorates the method itself with ``lru_cache(1024)``, so
    the cache is keyed by the ``StylesCache`` instance too: the last 1,024
    widgets' caches, with every rendered line in them, stay alive after
    their widgets (and sessions) are gone (measured with
    ``bench/gc_garbage.py``: ~2,900 objects per ended lobby session left
    after a full collection, ~250 strips and their caches). Same result.
    """
    return _inner_outer_styles(base_background, background)


def install_strip_patch() -> None:
    """Make ``Strip.divide`` and ``LRUCache.clear`` cycle-free and stop Textual's per-widget style
    cache and its per-instance method caches from holding ended sessions (process-wide, idempotent)."""
    replace_strip_method("divide", _divide)
    replace_get_inner_outer(_get_inner_outer)
    clear_lru_caches_without_cycles()
    uncache_instance_methods()


_ALL_NODES: weakref.WeakSet[Any] = weakref.WeakSet()
"""Every DOM node made since :func:`track_nodes` was first called (weakly)."""


def _note_node(node: Any, app: Any) -> None:
    _ALL_NODES.add(node)
    nodes = _node_set(app)  # app: None for a node made outside any app
    if nodes is not None:
        nodes.add(node)


def track_nodes(app: Any) -> None:
    """Remember (weakly) every DOM node made or registered under ``app`` from now on.

    Textual's shutdown takes widgets out of the app, and restyles leave
    virtual nodes that only their own cycle holds: the ended session's
    collection walks from all of them.
    """
    nodes: weakref.WeakSet[Any] = weakref.WeakSet()
    _TRACKED[app] = nodes
    watch_new_nodes(_note_node)
    wrap_register(app, nodes.add)


def _attached(node: Any, app: Any) -> bool:
    """True if ``node`` hangs under ``app`` in the DOM (its parents lead there)."""
    while node is not None:
        if node is app:
            return True
        node = node.parent
    return False


def session_roots(owners: list[Any]) -> list[Any]:
    """``owners`` and every node made or registered under them (:func:`track_nodes`)."""
    return owners + [n for o in owners for n in tracked_nodes(o)]


def collect_session(owners: list[Any], shared: gc_local.Shared) -> gc_local.Collected:
    """Collect what an ended session left, in one go (the policy does it in slices); empties ``owners``."""
    walk = gc_local.Walk(session_roots(owners), shared)
    owners.clear()
    walk.step()
    walk.extend(_children(walk))
    walk.step()
    return walk.collect()


def _children(walk: gc_local.Walk) -> list[Any]:
    """Nodes the walk did not reach whose parent it reached (a node made while another session's
    code ran, e.g. a lobby update restyling this session's widgets)."""
    return [n for n in list(_ALL_NODES) if walk.reached(n.parent) and not walk.reached(n)]


GAME_MODULES = ("ahoy_tui.lobby", "ahoy_tui.games")
"""Modules whose instances a closed table's walk enters (every other walk stops at them)."""


@dataclass
class _Ended:
    """An ended owner (a session, a closed table, a removed screen) waiting for its collection:
    weak references only (nothing kept alive).

    ``nodes`` are the weak sets of DOM nodes its apps tracked (:func:`track_nodes`), kept
    here so a walk cut short by ``gc_local.LIMIT`` can go on after the app itself was freed.
    ``stops`` (None for a session) names the live objects a walk from it must not enter,
    asked when the walk starts; ``enter``: module prefixes it walks into although sessions
    share them. ``retries``: collections again while part of it lives.
    """

    due: float
    owners: list[weakref.ref[Any]]
    tries: int = 0
    nodes: list[weakref.WeakSet[Any]] = field(default_factory=list)
    stops: Callable[[], Iterable[Any]] | None = None
    enter: tuple[str, ...] = ()
    retries: int = RETRIES
    more: Callable[[], list[Any]] | None = None
    """More roots, asked when the walk starts (a removed screen: its app's detached nodes)."""
    ready: Callable[[], bool] | None = None
    """False while the walk would be wasted (a session's SSH connection still closing, a removed
    screen still being taken apart): put off ``SETTLE`` seconds at a time."""
    within: weakref.ref[Any] | None = None
    """The app a removed screen belonged to: once it stopped, the session's own collection takes the screen."""

    def roots(self) -> list[Any]:
        """The owners still alive and every node made or registered under them."""
        return ([o for o in (ref() for ref in self.owners) if o is not None]
                + [n for nodes in self.nodes for n in list(nodes)]
                + (self.more() if self.more is not None else []))

    def alive(self) -> bool:
        """True while any owner, or any node made under its apps, is referenced (a screen a timer
        still held when the session's walk ran is garbage only later, and then frozen for good)."""
        return any(ref() is not None for ref in self.owners) or any(len(nodes) for nodes in self.nodes)


def lobby_stops(lobby: Any) -> Callable[[], list[Any]]:
    """What a closed table's walk stops at (:meth:`GcPolicy.table_closed`): the lobby, each of its
    attributes (clock, store, chat, listing...), its live tables and its players' handles."""
    ref = weakref.ref(lobby)

    def stops() -> list[Any]:
        core = ref()
        if core is None:
            return []
        handles = [h for hs in list(core.players.values()) for h in hs]
        return [core, *vars(core).values(), *core.tables.values(), *handles]

    return stops


class GcPolicy:
    """Periodic :func:`gc.freeze` and local collections of ended sessions, on the running loop.

    Args:
        freeze_every: Seconds between passes (0 disables the policy).
    """

    def __init__(self, freeze_every: float = 1.0) -> None:
        self.freeze_every = freeze_every
        self.ended: list[_Ended] = []
        """Ended sessions whose collection is due (or due again)."""
        self.shared = gc_local.Shared()
        self._handle: asyncio.TimerHandle | None = None
        self._draining = False
        self._walk: gc_local.Walk | None = None
        self._current: _Ended | None = None
        self._widened = False
        self._moving = False
        """True while a walk's objects are being moved (no freeze meanwhile)."""
        self._thresholds = gc.get_threshold()

    def start(self) -> None:
        """Freeze what start-up made, keep it as shared and schedule the next pass (call on the loop)."""
        install_strip_patch()
        if self.freeze_every <= 0:
            return
        gc.collect()
        self.shared = gc_local.Shared(gc.get_objects())
        gc.freeze()
        self._thresholds = gc.get_threshold()
        gc.set_threshold(self._thresholds[0], self._thresholds[1], NEVER)
        self._schedule()

    def stop(self) -> None:
        """Cancel the next pass and hand every frozen object back to the collector."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
            self._walk = None
            self._moving = False
            gc.set_threshold(*self._thresholds)
            gc.unfreeze()

    def session_ended(self, *owners: Any) -> None:
        """Collect what an ended session left, ``SETTLE`` seconds from now.

        Args:
            owners: The session's own objects (its SSH session, its app, its
                SSH connection), weakly referenced; the nodes an app tracks
                (:func:`track_nodes`) come along. Objects that take no weak
                reference are skipped. While an owner with ``is_closed()`` (the
                connection of a dropped link, until its keepalive gives up) is
                open, the collection is put off ``SETTLE`` seconds at a time.
        """
        owners = tuple(o for o in owners if o is not None)
        nodes = [n for n in map(_node_set, owners) if n is not None]
        # probe: owners are of three kinds (SSH session, app, SSH connection); only a connection has
        # ``is_closed``, and this layer may not import asyncssh to ask by type
        closing = [weakref.ref(o) for o in owners if callable(getattr(o, "is_closed", None))]

        def closed() -> bool:
            return all(c is None or c.is_closed() for c in (ref() for ref in closing))

        self._owner_ended(owners, nodes=nodes, ready=closed if closing else None)

    def table_closed(self, table: Any, stops: Callable[[], Iterable[Any]]) -> None:
        """Collect what a closed table left (its game, seats, chat, archive), ``SETTLE`` seconds from now.

        A table is a lobby object every session walk stops at, so nothing
        else frees its reference cycles once they are frozen.

        Args:
            table: The closed table (weakly referenced).
            stops: Called when the walk starts: the live objects the table still
                points at (its lobby, the lobby's attributes and live tables,
                live players' handles); the walk does not enter them.
        """
        self._owner_ended([table], stops=stops, enter=GAME_MODULES)

    def screen_removed(self, screen: Any, app: Any, done: Callable[[], bool] | None = None) -> None:
        """Collect a screen ``app`` popped or switched away from and removes, while the session goes on.

        Without this, each screen a session leaves (a table it watched or
        created, a dialog) stays frozen until the session ends. The walk starts
        from every node of the app no longer in its DOM (widgets a screen
        replaced while it showed hang under no screen). A screen still
        referenced (``app.table_screen``) is left alone, tried twice more.

        Args:
            screen: The screen (weakly referenced).
            app: Its app (weakly referenced).
            done: False while Textual still takes the screen apart
                (``textual_private.on_screen_removed`` reports a screen when its
                removal starts, so :attr:`ended` holds it from the moment it left);
                its walk is put off until then: a walk of a screen still in the DOM
                stops at it and frees none of it. None: removed already.
        """
        app_ref = weakref.ref(app)

        def detached() -> list[Any]:
            app = app_ref()
            return [] if app is None else [n for n in tracked_nodes(app) if n is not app and not _attached(n, app)]

        def shown() -> list[Any]:
            app = app_ref()
            return [] if app is None else [app, *(
                n for n in tracked_nodes(app) if n is not app and _attached(n, app))]

        self._owner_ended([screen], stops=shown, retries=2, more=detached, within=app_ref, settle=SCREEN_SETTLE,
                          ready=done)

    def _owner_ended(self, owners: Iterable[Any], settle: float | None = None, **details: Any) -> None:
        refs = []
        for owner in owners:
            try:
                refs.append(weakref.ref(owner))
            except TypeError:
                continue
        if refs and self.freeze_every > 0:
            self.ended.append(_Ended(time.monotonic() + (SETTLE if settle is None else settle), refs, **details))

    def _schedule(self, delay: float | None = None) -> None:
        if self._handle is not None:
            self._handle.cancel()
        self._handle = asyncio.get_running_loop().call_later(
            self.freeze_every if delay is None else delay, self._tick)

    def _tick(self) -> None:
        delay = None
        try:
            if self._moving:
                return
            counts = gc.get_count()
            if counts[1] or counts[2]:  # a young collection ran since the last pass: its survivors wait
                gc.collect(2)  # everything not frozen yet: at most a pass's worth of survivors
                # The survivors, all in generation 2 now: listing them costs what the collection did.
                # (gc.get_freeze_count() walks every frozen object in Python 3.11: O(heap), twice a pass.)
                if len(gc.get_objects(2)) > BUSY:
                    delay = self.freeze_every / 4
                gc.freeze()
            if not self._draining:
                self.collect_ended()
        finally:
            self._schedule(delay)

    def collect_ended(self) -> None:
        """Walk, move and collect the due ended owners one after another, ``_budget()`` seconds a loop turn.

        A turn goes on from one phase (walk, move, collect) to the next and
        from one owner to the next while its budget lasts: when each turn did
        one phase of one owner, a busy loop (long turns, 40 sessions playing)
        ended sessions faster than it collected them (issue 24).
        """
        if self._handle is None:
            self._draining = False
            return
        self._draining = True
        clock = time.perf_counter
        deadline = clock() + self._budget()
        try:
            while True:
                left = max(deadline - clock(), 0.0)
                if self._walk is None:
                    if not self._start_walk():
                        self._draining = False
                        return
                elif not self._moving:
                    if self._walk.step(left) and not self._widen(self._walk):
                        self._moving = True
                elif self._walk.move(left):
                    self._finish(self._walk)
                if clock() >= deadline:
                    break
        except Exception:
            log.exception("gc: collecting an ended session failed; it is left frozen")
            self._walk, self._current, self._moving = None, None, False
        asyncio.get_running_loop().call_soon(self.collect_ended)

    def _budget(self) -> float:
        """Seconds the walk may take this loop turn: ``SLICE``, more while others wait (``SLICE_MAX``)."""
        return min(SLICE_MAX, SLICE * (1 + len(self.ended) // BACKLOG))

    def _start_walk(self) -> bool:
        """Begin the walk of the first due ended session; False when none is due."""
        now = time.monotonic()
        due = None
        for e in [e for e in self.ended if e.due <= now]:
            app = e.within() if e.within is not None else None
            if e.within is not None and (app is None or not app.is_running):
                self.ended.remove(e)  # the session ended: its own collection takes the screen
            elif e.ready is not None and not e.ready():
                e.due = now + SETTLE
            else:
                due = e
                break
            app = None
        if due is None:
            return False
        self.ended.remove(due)
        roots = due.roots()
        if roots:
            self.shared.refresh()
            shared: gc_local.Shared | gc_local.Bounded = self.shared
            if due.stops is not None:
                shared = gc_local.Bounded(self.shared, due.stops(), due.enter)
            self._walk, self._current, self._widened = gc_local.Walk(roots, shared), due, False
        return True

    def _widen(self, walk: gc_local.Walk) -> bool:
        """Add the walked nodes' unwalked children once; True if there were any."""
        if self._widened:
            return False
        self._widened = True
        children = _children(walk)
        walk.extend(children)
        return not walk.done

    def _finish(self, walk: gc_local.Walk) -> None:
        due, self._walk, self._current = self._current, None, None
        done = walk.collect()
        self._moving = False
        log.info("gc: ended session collected: %d objects walked in %.0f ms, moved in %.0f ms, "
                 "%d freed in %.0f ms", done.walked, done.walking * 1000, done.moving * 1000, done.freed,
                 done.collecting * 1000)
        if due is not None and walk.capped and done.freed:  # stopped at gc_local.LIMIT: walk on, now
            due.due = time.monotonic()
            self.ended.append(due)
            return
        if due is None or not due.alive():
            return
        if due.tries < due.retries:
            due.tries += 1
            due.due = time.monotonic() + SETTLE * BACKOFF ** due.tries
            self.ended.append(due)
        elif due.stops is None:
            log.warning("gc: an ended session is still referenced after %d collections", due.tries + 1)
