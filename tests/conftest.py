"""Suite-wide test settings.

Hypothesis runs derandomized and without an example database by default, so
every run, on every machine and in CI, tries the same examples: a failure is
a bug to reproduce, not a roll of the dice. ``HYPOTHESIS_PROFILE=explore``
draws fresh examples (and keeps a database) for a hunt.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
