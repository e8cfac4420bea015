"""The process pool for bots' searches (issue 17): none of it outlives the server (issue 24).

:func:`search_executor` is one ``ProcessPoolExecutor`` per server process
(``SEARCH_WORKERS`` workers, made on first use; ``LoopClock.off_loop`` sends
it work). Two promises, whatever way the server ends (``kill -9`` too):

* **No worker holds the server's sockets.** The workers are forked from
  multiprocessing's *forkserver*, a fresh interpreter started with nothing
  but its own pipes (not forked from the server, whose listening socket and
  players' connections a forked child would inherit: killed hard, the server
  left such a child listening on its port and holding its players' SSH
  connections, and a restart failed with "address already in use"). The
  forkserver imports what the server's main module imports, and
  :data:`PRELOAD`, once (:func:`preload`), so a new worker is a cheap fork of
  it: multiprocessing runs the main module again in every worker it starts,
  which costs little once its imports are loaded (``server.main`` imports for
  1–3 s). :func:`start_forkserver` starts it ahead of the first search.
* **No worker outlives the server.** Each worker's initializer starts a
  thread that reads a pipe whose only write end the server holds
  (``_server_alive``). When the server's process ends, the kernel closes that
  end, the read sees end-of-file and the worker exits at once (idle or in a
  search; exit status 0). The forkserver then exits too (multiprocessing's own
  pipe: it ends when the server and every worker it forked are gone), and so
  does multiprocessing's resource tracker. Workers ignore SIGINT: a Ctrl+C
  in the server's terminal stops the server politely, and they end with it.

Portable (macOS too): a pipe, no ``prctl``. Windows has no forkserver.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.forkserver
import os
import signal
import sys
import threading
import types
from concurrent.futures import Executor, ProcessPoolExecutor
from multiprocessing.connection import Connection

#: Worker processes that run bot searches for every table of a server (LoopClock.off_loop):
#: all cores but the one the event loop runs on. Processes, not threads: a search is pure
#: Python and would hold the GIL the loop needs.
SEARCH_WORKERS = max(1, (os.cpu_count() or 2) - 1)

#: Modules the forkserver imports once for every worker: what unpickling a search needs
#: (``autopilot.decide``, and every game's bots: the registry imports each game's spec, whose
#: ``make_bot`` imports its bot kinds, AHOY!! V2's hard bot and Ahoi's alike).
PRELOAD = ["ahoy_tui.lobby.autopilot", "ahoy_tui.games.registry"]

_executor: Executor | None = None
_server_alive: Connection | None = None
"""The write end of the workers' pipe: only this process holds it; it is never written."""


def preload() -> list[str]:
    """What the forkserver imports: what this process's main module needs, then :data:`PRELOAD`.

    Multiprocessing runs the main module again in every worker (as ``__mp_main__``; its
    ``if __name__ == "__main__"`` block does not run). ``"__main__"`` has the forkserver load a
    main *script* (the ``ahoy-server`` console script) the way a worker would, which then skips
    it. A main *module* (``python -m server.main``) runs again in every worker whatever the
    forkserver did, so the forkserver loads the modules it imported (those of its globals),
    not the module itself: loading it by name as well would make ``runpy`` warn in every worker.
    """
    names = ["__main__"]
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)  # probe: no __main__ at all when embedded (sys.modules lacks it)
    if spec is not None and spec.name and not spec.name.endswith("__main__"):
        for value in vars(main).values():
            # probe: any global of the main module; only functions, classes and a few objects have __module__
            name = value.__name__ if isinstance(value, types.ModuleType) else getattr(value, "__module__", None)
            if isinstance(name, str) and name in sys.modules and name not in names + ["__main__", spec.name]:
                names.append(name)
    return names + [name for name in PRELOAD if name not in names]


def start_forkserver() -> None:
    """Start the forkserver now, so the first search need not wait while it imports (another
    process's time, not this one's). Safe to call again; without it the first search starts it.

    Multiprocessing starts its helpers (the resource tracker, the forkserver) passing on
    ``sys.stderr.fileno()``; inside a running Textual app (``ahoy play``) ``sys.stderr`` is
    Textual's capture, whose ``fileno()`` is -1, and the start fails ("bad value(s) in
    fds_to_keep"). They are started with the process's own stderr (synchronous: no other
    task runs meanwhile)."""
    multiprocessing.get_context("forkserver").set_forkserver_preload(preload())
    captured, sys.stderr = sys.stderr, sys.__stderr__
    try:
        multiprocessing.forkserver.ensure_running()
    finally:
        sys.stderr = captured


def search_executor() -> Executor:
    """The process-wide pool for off-loop work (the module docstring says what its workers promise)."""
    global _executor, _server_alive
    if _executor is None:
        context = multiprocessing.get_context("forkserver")  # here, not at import: Windows has none
        start_forkserver()
        workers_end, _server_alive = context.Pipe(duplex=False)
        _executor = ProcessPoolExecutor(SEARCH_WORKERS, mp_context=context,
                                        initializer=exit_with_server, initargs=(workers_end,))
    return _executor


def discard_broken(executor: Executor) -> None:
    """Forget ``executor`` if it is still this process's pool, so the next :func:`search_executor`
    makes a new one. Called when a search fails with ``BrokenProcessPool`` (a worker died on its
    own, e.g. the out-of-memory killer): a broken pool refuses every later task, so without
    this every later search would fall back to the baseline bot for the rest of the server's life."""
    global _executor, _server_alive
    if executor is not _executor:
        return
    _executor = None
    if _server_alive is not None:
        _server_alive.close()   # the old pool's remaining workers see end-of-file and exit
        _server_alive = None
    executor.shutdown(wait=False, cancel_futures=True)


def exit_with_server(server_alive: Connection) -> None:
    """A worker's initializer: exit (status 0) as soon as ``server_alive``'s write end, held by
    the server alone, is closed (the server ended, however); ignore SIGINT."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        try:
            server_alive.recv_bytes()   # nothing is ever sent: returns only at end-of-file
        except (EOFError, OSError):
            pass
        os._exit(0)
    threading.Thread(target=watch, name="ahoy-exit-with-server", daemon=True).start()
