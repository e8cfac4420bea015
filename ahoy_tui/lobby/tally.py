"""Process-wide counts of what the lobby's tables did, for the host's metrics (docs/deploy.md, "Metrics").

Plain ``Counter``\\ s keyed by game (``TableConfig.game``: ``"ahoy"``, ``"ahoi"``;
a bounded set), incremented once per event on the table's own path: an
O(1) increment, nothing else. ``server.metrics`` reads them only when
Prometheus scrapes; nothing here knows of Prometheus.

Attributes:
    actions: Game actions applied (a person's, a bot's or the autopilot's), by game.
    finished: Games that ended (archived), by game.
"""

from __future__ import annotations

from collections import Counter

actions: Counter[str] = Counter()
finished: Counter[str] = Counter()
