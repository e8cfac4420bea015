"""``TableUpdate.remaining`` becomes this session's own deadline (ui/table_kit/deadline.py)."""

from __future__ import annotations

from ahoy_tui.ui.table_kit.deadline import SAME_CLOCK, LocalDeadline


def test_updates_about_the_same_clock_keep_the_deadline_and_a_new_clock_moves_it():
    d = LocalDeadline()
    assert d.take(None, None, 100.0) is None
    first = d.take(20.0, 20, 100.0)
    assert first == 120.0
    assert d.take(19.5, 20, 100.5 + SAME_CLOCK / 2) == first      # re-sent, a little later: the same clock
    assert d.take(20.0, 20, 103.0) == 123.0                       # a new decision: a new deadline
    assert d.take(2.9, 3, 120.0) == 122.9                         # another length: another clock
    assert d.take(None, None, 121.0) is None and d.deadline is None
    assert d.take(3.0, 3, 119.9) == 122.9                         # after no clock: taken as it comes
