"""The garbage-collector policy keeps long pauses away and still frees what ended sessions leave."""

from __future__ import annotations

import gc
import sys
import weakref

from rich.segment import Segment
from textual._styles_cache import StylesCache
from textual.color import Color
from textual.strip import Strip
from textual.style import Style

from server.gc_policy import GcPolicy, install_strip_patch


class _Node:
    """An object that can sit in a reference cycle."""

    def __init__(self) -> None:
        self.me = self


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


def _policy() -> GcPolicy:
    """A started policy whose passes the test runs itself (``_tick``), one at a time."""
    policy = GcPolicy(freeze_every=3600.0, reclaim_every=0.0)
    policy.start()
    return policy


async def test_frozen_garbage_of_an_ended_session_is_reclaimed():
    policy = _policy()
    try:
        node = _Node()
        ref = weakref.ref(node)
        policy._tick()  # a pass: the cycle survives a young collection and is frozen
        del node
        gc.collect()
        assert ref() is not None  # frozen: an ordinary collection does not see it
        policy.session_ended()
        policy._tick()  # the next pass reclaims
        assert ref() is None
        assert policy.ended_sessions == 0
    finally:
        policy.stop()
    assert gc.get_freeze_count() == 0  # stopping hands everything back to the collector


async def test_no_reclaim_while_no_session_ended_and_frozen_objects_barely_grew():
    policy = _policy()
    try:
        node = _Node()
        ref = weakref.ref(node)
        policy._tick()
        del node
        policy._tick()
        assert ref() is not None  # no session ended, little growth: no full pass, no pause paid
    finally:
        policy.stop()
    gc.collect()
    assert ref() is None


async def test_frozen_garbage_is_reclaimed_when_it_grows_even_if_no_session_ended(monkeypatch):
    import server.gc_policy as policy_module

    monkeypatch.setattr(policy_module, "GROWTH", 1.0)  # any growth counts (the default is +25 %)
    policy = _policy()
    try:
        node = _Node()
        ref = weakref.ref(node)
        policy._tick()  # frozen (the frozen objects grew: the next pass reclaims)
        del node
        policy._tick()
        assert ref() is None
    finally:
        policy.stop()


def test_disabled_policy_freezes_nothing():
    policy = GcPolicy(freeze_every=0)
    policy.start()
    assert gc.get_freeze_count() == 0
    policy.stop()

