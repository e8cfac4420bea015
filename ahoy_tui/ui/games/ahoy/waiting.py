"""AHOY!! V2's settings line in the waiting room (``GameUI.waiting_settings``; ``table_kit.seats.waiting_text``)."""

from __future__ import annotations

from typing import Callable

from ahoy_tui.lobby.messages import TableConfig


def settings_text(t: Callable[..., str], cfg: TableConfig) -> str:
    """``Limit: 100 · Clocks: normal`` and the house rules that are on (R15, R2, R9.2); a bot pace
    other than normal on a line of its own (it fits 80x24). ``cfg``: the table's ``TableConfig``."""
    out = f"{t('create.limit')}: {cfg.option('limit')} · {t('create.clocks')}: {t('clock.' + str(cfg.clocks))}"
    if cfg.option("ace_low"):
        out += f" · {t('create.ace_low')}"
    if cfg.option("verified_step_in"):
        out += f" · {t('create.verified')}"
    pace = str(cfg.bot_pace)
    if pace != "normal":
        out += f"\n{t('create.bot_pace')}: {t('pace.' + pace)}"
    return out
