"""UI tests import their helpers (ui_helpers, ui_driver) from this folder; fixtures are in tests/conftest.py."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
