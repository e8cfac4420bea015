"""Collect one part of the heap with Python's own collector, never the whole heap (issue 12, item 15).

Python 3.11 has no incremental collection: once :class:`~ahoy_tui.hosting.gc_policy.GcPolicy`
has frozen an object (:func:`gc.freeze`), only a full pass over every
object in the process (1-4 s with a hundred sessions) can find it in a
reference cycle. Here a chosen set of objects is moved back into the
youngest generation instead, and a collection of every generation not
frozen (:func:`gc.collect`; the frozen one is never walked) runs
CPython's own algorithm over it: an object that something outside the
set refers to stays alive (with everything it
reaches) and is frozen again; the rest is freed as a full pass would free
it, weak references cleared and their callbacks run, finalizers called.
A set that misses part of a dead cycle frees nothing of that cycle;
a set that holds live objects costs time only.

Moving an object between generations is one unlink and one link in the
collector's lists, done by the public C API
(``PyObject_GC_UnTrack`` then ``PyObject_GC_Track``, which appends to
generation 0), through :mod:`ctypes` with the GIL held, one object at a
time: between two objects the lists are whole, so a collection or another
thread may run at any point.

:class:`Walk` picks the set for an ended session, in slices: every
tracked object reachable from its roots, not walking into what every
session shares (:class:`Shared`). Measured with ``bench/gc_garbage.py``:
an ended lobby session's ~5,200 cyclic objects are all freed.
"""

from __future__ import annotations

import array
import bisect
import ctypes
import gc
import sys
import time
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Iterable

LIMIT = 60_000
"""Most objects a :class:`Walk` visits (an ended session at a table has ~10 thousand)."""

SHARED_MODULES = ("ahoy_tui.lobby", "ahoy_tui.games", "ahoy_tui.lobby.gate", "server.gc_",
                  "concurrent.", "threading", "logging", "asyncio.base_events", "asyncio.unix_events")
"""Instances of classes from these modules are shared by sessions or the process: never walked into.

Not ``asyncio.selector_events``: a connection's socket transport (``_SelectorSocketTransport``)
and its SSH connection are one reference cycle, so a walk that stopped at the transport found the
connection, and the session and screens it reaches, referenced from outside: they stayed frozen
for good (issue 24). The event loop itself was alive at start-up: a walk stops there."""

_untrack = ctypes.pythonapi.PyObject_GC_UnTrack
_untrack.argtypes = [ctypes.py_object]
_untrack.restype = None
_track = ctypes.pythonapi.PyObject_GC_Track
_track.argtypes = [ctypes.py_object]
_track.restype = None


def make_young(objects: Iterable[Any]) -> int:
    """Move every tracked object of ``objects`` into generation 0; returns how many moved.

    Each move is atomic under the GIL (the object is unlinked from its
    generation, frozen or not, and linked at the end of generation 0); an
    object the collector does not track is left alone.
    """
    moved = 0
    is_tracked = gc.is_tracked
    for obj in objects:
        if is_tracked(obj):
            _untrack(obj)
            _track(obj)
            moved += 1
    return moved


VALUE_TYPES = frozenset({
    "rich.style.Style", "rich.color.Color", "rich.color_triplet.ColorTriplet", "rich.segment.Segment",
    "textual.color.Color", "textual.style.Style", "textual.binding.Binding",
    "textual.geometry.Offset", "textual.geometry.Size", "textual.geometry.Region", "textual.geometry.Spacing",
    "textual.css.scalar.Scalar", "textual.box_model.BoxModel", "fractions.Fraction",
})
"""Types (``module.qualname``) whose instances hold values only: never part of a reference cycle
and never pointing at a session's objects, so a walk stops at them (refcounting frees them with
whatever held them). Most are shared by sessions through process-wide caches: walking them again
for every ended owner cost over a quarter of the walks (measured with ``bench/churn.py``).

``textual.strip.Strip`` is not one of them although it holds values: its caches of other strips
once made cycles (``gc_policy._divide``)."""


def _type_stops(tp: type, skip_modules: tuple[str, ...]) -> bool:
    """True if a walk stops at every instance of ``tp`` (classes, modules, shared modules, values)."""
    if issubclass(tp, (type, ModuleType)):
        return True
    module = tp.__module__ or ""
    return module.startswith(skip_modules) or f"{module}.{tp.__qualname__}" in VALUE_TYPES


class Shared:
    """What no session owns: the objects a walk stops at (never moved, never emptied).

    Modules, classes, module dictionaries, instances of :data:`SHARED_MODULES`
    classes and of :data:`VALUE_TYPES`, and everything that was alive when the
    policy started. The start-up objects are kept alive here (a list, and their ids sorted in an
    ``array``: 16 bytes an object), so no new object can ever take the id of
    a dead one and be mistaken for shared.

    A walk reads :attr:`stops_by_type` (type -> bool, filled by
    :meth:`type_stops`), :attr:`held` (ids) and :meth:`fixed_id`.
    """

    skip_modules = SHARED_MODULES

    def __init__(self, startup: Iterable[Any] = ()) -> None:
        self._held = list(startup)
        self._startup = array.array("Q", sorted(map(id, self._held)))
        self.held: set[int] = set()
        """Ids of module dictionaries (as of the last :meth:`refresh`)."""
        self.stops_by_type: dict[type, bool] = {}
        self.refresh()

    def refresh(self) -> None:
        """Take in modules imported since (call before a walk)."""
        self.held = {id(vars(m)) for m in list(sys.modules.values()) if isinstance(m, ModuleType)}

    def type_stops(self, tp: type) -> bool:
        """True if a walk stops at every instance of ``tp`` (remembered in :attr:`stops_by_type`)."""
        stops = self.stops_by_type[tp] = _type_stops(tp, self.skip_modules)
        return stops

    def fixed_id(self, key: int) -> bool:
        """True if ``key`` is the id of an object alive when the policy started."""
        startup = self._startup
        at = bisect.bisect_left(startup, key)
        return at < len(startup) and startup[at] == key

    def __contains__(self, obj: Any) -> bool:
        stops = self.stops_by_type.get(type(obj))
        if stops is None:
            stops = self.type_stops(type(obj))
        return stops or id(obj) in self.held or self.fixed_id(id(obj))


class Bounded:
    """Where the walk from one ended owner that is not a session stops (a closed table, a removed screen).

    What :class:`Shared` holds, except instances of classes from the
    ``enter`` modules (a closed table is an ``ahoy_tui.lobby`` object, its
    game an ``ahoy_tui.games`` one), and the ``stops``: the live objects the
    owner still points at (the lobby and its live tables, the app of a
    removed screen and its widgets still shown), kept alive here while the
    walk runs. Stopping short frees less; walking into live objects costs
    time only.

    Args:
        shared: What every session shares.
        stops: Objects the walk must not enter.
        enter: Module prefixes (of :data:`SHARED_MODULES`) whose instances are walked.
    """

    def __init__(self, shared: Shared, stops: Iterable[Any], enter: tuple[str, ...] = ()) -> None:
        self._shared = shared
        self._stops_held = list(stops)
        self.held = shared.held | {id(o) for o in self._stops_held}
        self.skip_modules = tuple(m for m in SHARED_MODULES if not m.startswith(enter)) if enter else SHARED_MODULES
        self.stops_by_type: dict[type, bool] = {} if enter else shared.stops_by_type
        self.fixed_id = shared.fixed_id

    type_stops = Shared.type_stops
    __contains__ = Shared.__contains__


class Walk:
    """The tracked, unshared objects reachable from some roots, found a slice at a time.

    Holds every object found (they cannot be freed meanwhile) until
    :meth:`move` has moved them into the young generation and
    :meth:`collect` collects it (every generation but the frozen one).

    Args:
        roots: Where the walk starts; the list is emptied (its references
            would keep them alive).
        shared: Where the walk stops.
        limit: Most objects to visit; past it the walk ends early (collecting
            what was found is still correct, it may free less).
    """

    def __init__(self, roots: list[Any], shared: Shared | Bounded, limit: int = LIMIT) -> None:
        self._todo = list(roots)
        roots.clear()
        self._seen: dict[int, Any] = {}
        self._shared = shared
        self._limit = limit
        self._found: list[Any] | None = None
        self._moved = 0
        self._capped = False
        self.walked = 0
        """Objects moved to the young generation so far."""
        self.seconds = 0.0
        """Seconds spent walking so far."""
        self.moving = 0.0
        """Seconds spent moving so far."""

    @property
    def done(self) -> bool:
        """True once every reachable object was visited (or the limit was reached)."""
        return not self._todo or len(self._seen) >= self._limit

    @property
    def capped(self) -> bool:
        """True if the walk stopped at its limit with objects left to visit."""
        return bool(self._todo) and len(self._seen) >= self._limit or self._capped

    def reached(self, obj: Any) -> bool:
        """True if the walk found ``obj``."""
        return id(obj) in self._seen

    def extend(self, roots: list[Any]) -> None:
        """Walk on from more roots (the list is emptied)."""
        self._todo.extend(roots)
        roots.clear()

    def step(self, budget: float = float("inf")) -> bool:
        """Walk for about ``budget`` seconds at most; returns :attr:`done`."""
        t0 = time.perf_counter()
        todo, seen, limit = self._todo, self._seen, self._limit
        shared = self._shared
        by_type, type_stops, held, fixed_id = shared.stops_by_type, shared.type_stops, shared.held, shared.fixed_id
        is_tracked, referents, clock = gc.is_tracked, gc.get_referents, time.perf_counter
        while todo and len(seen) < limit:
            for _ in range(512):
                if not todo or len(seen) >= limit:
                    break
                obj = todo.pop()
                key = id(obj)
                if key in seen or key in held:
                    continue
                tp = type(obj)
                stops = by_type.get(tp)
                if stops is None:
                    stops = type_stops(tp)
                if stops or not is_tracked(obj) or fixed_id(key):
                    continue
                seen[key] = obj
                todo.extend(referents(obj))
            obj = None
            if clock() - t0 >= budget:
                break
        self.seconds += clock() - t0
        return self.done

    def move(self, budget: float = float("inf")) -> bool:
        """Move what was found into generation 0, about ``budget`` seconds' worth; True once all moved.

        Call once the walk is done, and freeze nothing until :meth:`collect`
        (a freeze would take moved objects back). A collection meanwhile
        carries moved objects (alive: the walk holds them) on to an older
        generation, which :meth:`collect` collects too.
        """
        t0 = clock = time.perf_counter()
        if self._found is None:
            self._capped = self.capped
            self._todo.clear()
            self._found = list(self._seen.values())
            self._seen.clear()
        found = self._found
        while self._moved < len(found) and clock - t0 < budget:
            self.walked += make_young(found[self._moved:self._moved + 512])
            self._moved += 512
            clock = time.perf_counter()
        self.moving += clock - t0
        return self._moved >= len(found)

    def collect(self) -> Collected:
        """Move what is left into generation 0, collect every generation not frozen, freeze what lives.

        Generation 2 too: it holds only what survived since the policy's last
        pass (at most a second's worth), and among it garbage that a young
        collection leaves. Frozen, that garbage would stay for good, and keep
        alive what it points at: Textual's ``Compositor._arrange_root`` makes a
        recursive closure (a cycle) over a map of every widget it places, and one
        that aged into generation 2 while the map was built and was frozen by
        a young collection here kept a screen's widgets looking referenced to
        every later walk (issue 24).
        """
        automatic = gc.isenabled()
        gc.disable()
        try:
            self.move()
            t0 = time.perf_counter()
            if self._found is not None:
                self._found.clear()
            freed = gc.collect(2)  # the frozen generation is not walked
            gc.freeze()
        finally:
            if automatic:
                gc.enable()
        return Collected(self.walked, freed, self.seconds, self.moving, time.perf_counter() - t0)


@dataclass(frozen=True)
class Collected:
    """What one :class:`Walk` freed.

    Attributes:
        walked: Objects moved to the young generation.
        freed: Objects the young collection found unreachable (``gc.collect``'s count).
        walking: Seconds spent walking (in slices).
        moving: Seconds spent moving objects (in slices).
        collecting: Seconds of the last step: the collection and the freeze.
    """

    walked: int
    freed: int
    walking: float
    moving: float
    collecting: float


def collect(roots: list[Any], shared: Shared, limit: int = LIMIT) -> Collected:
    """Free the cyclic garbage among the objects ``roots`` reach, in one go (see :class:`Walk`)."""
    walk = Walk(roots, shared, limit)
    walk.step()
    return walk.collect()
