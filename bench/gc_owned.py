"""Prototype (bench only): free one ended session's cyclic garbage without a full collection (issue 15).

Not used by the server: measured with ``bench/gc_garbage.py --owned``, it
frees too little (see docs/performance.md, "GC pauses under churn") and
it is not safe enough to run in production (below).

:class:`~server.gc_policy.GcPolicy` keeps every surviving object frozen,
so a session's app, screens and widgets (full of reference cycles) can
only be freed by a full pass over the whole heap. :func:`collect_owned`
does the collector's work for one ended session only:

1. walk the tracked objects reachable from the roots (the ended app), not
   into what sessions share: modules and their globals, classes, the event
   loop, loggers, lobby and game objects (:data:`SHARED_MODULES`);
2. count each object's references from inside that set
   (:func:`gc.get_referents`) against its reference count: an object with
   a reference from outside is alive, and so is everything it reaches;
3. empty the rest (dicts, lists, sets, instance attributes, slots, cells)
   so reference counting frees it.

References the walk cannot see make an object look referenced from
outside (kept, never freed in error). Unlike the real collector it does
not clear weak references before emptying objects, so a weakref callback
can meet a half-emptied object (``WeakSet._remove`` raising
``AttributeError``, seen with ``--nodes``): one reason it stays a bench tool.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
import time
from collections import deque
from dataclasses import dataclass
from types import FrameType, ModuleType
from typing import Any, Iterable

log = logging.getLogger("ahoy.server.gc")

SHARED_MODULES = ("ahoy_tui.lobby", "ahoy_tui.game", "ahoy_tui.bots", "server.ssh", "server.limits",
                  "server.gc_policy", "concurrent", "threading")
"""Instances of classes from these modules are shared by sessions (or the process): never walked into."""

SHARED_TYPES: tuple[type, ...] = (asyncio.AbstractEventLoop, logging.Logger, logging.Manager, logging.Handler)
"""Process-wide objects a session's objects refer to: never walked into."""

LIMIT = 100_000
"""Most objects one walk visits (a session at a table has ~10 thousand); past it nothing is freed."""

_REFS_OF_THE_WALK = 3
"""References :func:`sys.getrefcount` sees that the walk holds: its table, the loop variable, the argument."""


@dataclass(frozen=True)
class Reclaimed:
    """What one :func:`collect_owned` did.

    Attributes:
        walked: Objects visited (reachable from the roots, tracked, not shared).
        garbage: Of those, objects no live object refers to (their cycles were broken).
        seconds: Time it took.
        gave_up: True when the walk passed the limit (nothing was freed).
    """

    walked: int
    garbage: int
    seconds: float
    gave_up: bool = False


def _shared(obj: Any, module_dicts: set[int]) -> bool:
    """True for an object every session shares (not walked into, never emptied)."""
    if isinstance(obj, (type, ModuleType)) or isinstance(obj, SHARED_TYPES):
        return True
    kind = type(obj)
    if kind is dict:
        return id(obj) in module_dicts
    module = getattr(kind, "__module__", None) or ""
    return module.startswith(SHARED_MODULES)


def _walk(roots: Iterable[Any], limit: int) -> dict[int, Any] | None:
    """Every tracked, unshared object reachable from ``roots`` by id, or None past ``limit``."""
    module_dicts = {id(vars(m)) for m in list(sys.modules.values()) if m is not None}
    seen: dict[int, Any] = {}
    todo = list(roots)
    while todo:
        obj = todo.pop()
        key = id(obj)
        if key in seen or not gc.is_tracked(obj) or _shared(obj, module_dicts):
            continue
        seen[key] = obj
        if len(seen) > limit:
            return None
        todo.extend(gc.get_referents(obj))
    return seen


def _unreachable(seen: dict[int, Any], extra: dict[int, int]) -> list[int]:
    """Ids in ``seen`` that nothing outside ``seen`` reaches.

    ``extra`` counts references held by the caller (the roots list), not
    counted as coming from outside.
    """
    inside = dict.fromkeys(seen, 0)
    for obj in seen.values():
        for ref in gc.get_referents(obj):
            key = id(ref)
            if key in inside:
                inside[key] += 1
    ref = None
    alive: deque[int] = deque()
    for key in seen:  # not .items(): its iterator keeps the last (key, obj) pair alive
        obj = seen[key]
        if sys.getrefcount(obj) - _REFS_OF_THE_WALK - extra.get(key, 0) > inside[key]:
            alive.append(key)
    reached = set(alive)
    while alive:
        for ref in gc.get_referents(seen[alive.popleft()]):
            key = id(ref)
            if key in seen and key not in reached:
                reached.add(key)
                alive.append(key)
    return [key for key in seen if key not in reached]


def _empty(obj: Any) -> None:
    """Drop what ``obj`` refers to, where Python lets us (breaks the cycles it sits in)."""
    kind = type(obj)
    try:
        if kind in (dict, list, set, deque) or isinstance(obj, (dict, list, set, deque)):
            obj.clear()
        elif isinstance(obj, FrameType):
            obj.clear()
        elif kind.__name__ == "cell":
            del obj.cell_contents
        else:
            attrs = getattr(obj, "__dict__", None)
            if isinstance(attrs, dict):
                attrs.clear()
            for klass in kind.__mro__:
                for slot in klass.__dict__.get("__slots__", ()):
                    if slot not in ("__dict__", "__weakref__"):
                        try:
                            object.__delattr__(obj, slot)
                        except (AttributeError, TypeError):
                            pass
    except (ValueError, RuntimeError, TypeError, AttributeError):
        pass  # an executing frame, an empty cell, a read-only type: left to its neighbours


def collect_owned(roots: list[Any], limit: int = LIMIT) -> Reclaimed:
    """Free the cyclic garbage reachable from ``roots`` (call once the session ended).

    Args:
        roots: The ended session's own objects (its app, its terminal link).
            The list's own references are discounted; any other live
            reference to a root keeps it and all it reaches.
        limit: Most objects to visit before giving up (:data:`LIMIT`).

    Returns:
        What was walked and freed, and how long it took.
    """
    t0 = time.perf_counter()
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1.0)  # no other thread changes reference counts mid-walk
    try:
        seen = _walk(roots, limit)
        if seen is None:
            return Reclaimed(limit, 0, time.perf_counter() - t0, gave_up=True)
        extra: dict[int, int] = {}
        for key in map(id, roots):
            extra[key] = extra.get(key, 0) + 1
        garbage = _unreachable(seen, extra)
        doomed = [seen[key] for key in garbage]
        walked = len(seen)
        seen.clear()
        for obj in doomed:
            _empty(obj)
        del doomed
    finally:
        sys.setswitchinterval(interval)
    return Reclaimed(walked, len(garbage), time.perf_counter() - t0)
