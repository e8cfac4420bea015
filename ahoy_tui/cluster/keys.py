"""Every Redis key and channel name Ahoy uses: see ``ahoy_tui.store.redis_keys`` (the store
names its keys there too, and may not import this layer)."""

from ahoy_tui.store.redis_keys import (CHAT, GAMES, LOGS, PREFIX, SEQ, TABLES, WORKER_SEQ, WORKERS, epoch,
                                       game, game_players, games_of, gone, handed, lease, log, watching, worker_channel,
                                       written)

__all__ = ["CHAT", "GAMES", "LOGS", "PREFIX", "SEQ", "TABLES", "WORKER_SEQ", "WORKERS", "epoch", "game",
           "game_players", "games_of", "gone", "handed", "lease", "log", "watching", "worker_channel", "written"]
