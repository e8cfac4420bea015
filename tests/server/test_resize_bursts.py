"""Window changes that arrive in a burst: the client's screen is right after the last one.

A terminal that shrinks loses what no longer fits; when it grows back the
lost cells are blank. A burst of window changes that ends at the size the
app already has changes nothing for Textual, so the server itself must
paint the whole screen again (server/driver.py ``SSHDriver.resize``).
"""

from __future__ import annotations

import pytest

from tests.hosting.test_frame_diff import Demo, Hosted


@pytest.mark.parametrize("sizes", [
    [(60, 20), (80, 24)],                       # shrink and straight back
    [(50, 12), (100, 30), (70, 16), (80, 24)],  # several sizes, back where it started
    [(80, 24)],                                 # a window change to the same size
    [(40, 10), (90, 30)],                       # ends at a new size
])
async def test_a_burst_of_window_changes_leaves_the_right_screen(sizes):
    h = Hosted(Demo())
    try:
        await h.settle()
        h.check()
        for cols, rows in sizes:  # one after the other, before the app runs again
            h.resize(cols, rows)
        await h.settle()
        h.check()
    finally:
        await h.close()
