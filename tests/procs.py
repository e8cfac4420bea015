"""The processes a real server started, read from ``/proc`` (Linux): for tests that kill it hard."""

from __future__ import annotations

import os
from pathlib import Path


def _stat(pid: int) -> tuple[str, int] | None:
    """``(state, ppid)`` of ``pid`` from ``/proc/PID/stat``, or None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()  # after "pid (comm) ": state, ppid, ...
    return fields[0], int(fields[1])


def descendants(pid: int) -> set[int]:
    """Every live process under ``pid`` (children, their children, ...)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (st := _stat(int(entry))) is not None:
            children.setdefault(st[1], []).append(int(entry))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    """``pid`` runs (a zombie waiting for its reaper holds nothing: not alive)."""
    st = _stat(pid)
    return st is not None and st[0] != "Z"


def running(pid: int) -> bool:
    """``pid`` is on a CPU or waiting for one (state R): a search worker in a search."""
    st = _stat(pid)
    return st is not None and st[0] == "R"
