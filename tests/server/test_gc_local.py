"""A young collection over chosen objects frees their frozen cycles, and never anything still in use."""

from __future__ import annotations

import gc
import logging
import weakref

from server import gc_local
from server.gc_local import Shared, Walk, make_young


class _Node:
    """An object in a reference cycle (with itself and its neighbours)."""

    def __init__(self, *links: object) -> None:
        self.me = self
        self.links = list(links)


def _frozen(*objects: object) -> None:
    """Freeze ``objects`` (and everything else) as the policy does."""
    gc.collect(1)
    gc.freeze()


def test_a_frozen_object_moves_back_to_the_youngest_generation():
    node = _Node()
    _frozen(node)
    try:
        assert not any(o is node for o in gc.get_objects(0))
        assert make_young([node, 42]) == 1  # an untracked object is left alone
        assert any(o is node for o in gc.get_objects(0))
    finally:
        gc.unfreeze()


def test_the_walk_stops_at_what_sessions_share():
    startup = _Node()
    shared = Shared([startup])
    log = logging.getLogger("ahoy.test")
    session = _Node(startup, logging, log, _Node, {"k": [1, 2]})
    walk = Walk([session], shared)
    assert walk.step()
    assert walk.reached(session) and walk.reached(session.links) and walk.reached(session.links[-1])
    assert not walk.reached(startup)  # alive at start-up
    assert not walk.reached(log)  # logging: the process's
    assert not walk.reached(_Node) and not walk.reached(vars(gc_local))  # classes, module globals


def test_collect_frees_a_frozen_cycle_and_keeps_what_is_used_elsewhere():
    kept = _Node()
    dead = _Node(kept, _Node(_Node()))
    _frozen(dead, kept)
    try:
        refs = [weakref.ref(dead), weakref.ref(dead.links[1]), weakref.ref(dead.links[1].links[0])]
        kept_ref = weakref.ref(kept)
        roots = [dead]
        del dead
        gc.collect(1)
        assert all(r() is not None for r in refs)  # frozen: a young collection alone does not see them
        done = gc_local.collect(roots, Shared())
        assert roots == []  # the caller's references are dropped
        assert all(r() is None for r in refs)
        assert kept_ref() is kept and kept.me is kept  # referenced from outside: alive and whole
        assert done.walked >= 4 and done.freed >= 3
    finally:
        gc.unfreeze()


def test_a_walk_past_its_limit_frees_nothing_wrongly():
    chain = [_Node()]
    for _ in range(50):
        chain.append(_Node(chain[-1]))
    head = chain[-1]
    _frozen(head)
    try:
        done = gc_local.collect([head], Shared(), limit=10)
        assert done.walked <= 10
        assert all(node.me is node for node in chain)  # all still in use (by ``chain``): untouched
    finally:
        gc.unfreeze()
