"""A young collection over chosen objects frees their frozen cycles, and never anything still in use."""

from __future__ import annotations

import gc
import logging
import weakref

from ahoy_tui.hosting import gc_local
from ahoy_tui.hosting.gc_local import Shared, Walk, make_young


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


def _closure_over(widgets: dict) -> object:
    """A recursive closure, as Textual's ``Compositor._arrange_root`` makes: a cycle holding ``widgets``."""

    def add(depth: int) -> int:
        return 0 if depth == 0 else add(depth - 1) + len(widgets)

    return add


def test_garbage_that_aged_into_generation_2_is_not_frozen_by_a_walk():
    """Issue 24: a closure over a map of a screen's widgets that became garbage after aging into
    generation 2 was frozen by the next walk's young collection; frozen, it made every later walk
    see the widgets referenced, and the screen stayed for good."""
    gc.collect()
    other = [_Node()]
    _frozen(other)  # what the policy's last pass froze
    try:
        screen = _Node()
        closure = _closure_over({"screen": screen})
        gc.collect(1)
        gc.collect(1)  # twice: the closure is in generation 2 now
        assert any(o is closure for o in gc.get_objects(2))
        probe = weakref.ref(closure)
        del closure  # garbage now, and only a collection of generation 2 can see it
        gc_local.collect(other, Shared())  # some other owner's walk ends meanwhile
        assert probe() is None  # collected, not frozen
        roots = [screen]
        ref = weakref.ref(screen)
        del screen
        gc_local.collect(roots, Shared())
        assert ref() is None  # the screen's own walk frees it
    finally:
        gc.unfreeze()


async def test_a_closed_connections_socket_transport_is_freed_with_it():
    """Issue 24: a socket transport refers to itself (its read callbacks are its own bound
    methods); a walk that stopped at it (a class of ``asyncio.selector_events``) left every ended
    connection's transport, socket and buffers frozen for good."""
    import asyncio

    class Conn(asyncio.Protocol):
        def __init__(self) -> None:
            self.lost = asyncio.Event()

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            self.transport = transport

        def connection_lost(self, exc: Exception | None) -> None:
            self.lost.set()

    loop = asyncio.get_running_loop()
    server = await loop.create_server(asyncio.Protocol, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    shared = Shared(gc.get_objects())  # the loop and the server were there before the session
    transport, conn = await loop.create_connection(Conn, "127.0.0.1", port)
    transport.close()
    await conn.lost.wait()
    server.close()
    await server.wait_closed()
    _frozen(conn)
    try:
        gone, roots = weakref.ref(transport), [conn]
        del conn, transport
        gc_local.collect(roots, shared)
        assert gone() is None
    finally:
        gc.unfreeze()


def test_the_walk_stops_at_values_and_goes_on_into_containers():
    """Values (styles, colours, segments, geometry) are never in a cycle: the walk leaves them to
    reference counting instead of walking the ones every session shares again and again."""
    from rich.segment import Segment
    from rich.style import Style
    from textual.geometry import Region

    style = Style(bold=True, color="red")
    session = _Node(Segment("hi", style), style, Region(0, 0, 4, 1), [style])
    walk = Walk([session], Shared())
    walk.step()
    assert walk.reached(session) and walk.reached(session.links[-1])
    assert not walk.reached(style) and not walk.reached(session.links[0])
