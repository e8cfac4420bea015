"""Ratings, stats and leaderboards of a server's players (docs/community.md).

Ratings, stats and boards are per game (``GameListing.game``). ``rating`` is
the rating rule (OpenSkill Plackett–Luce), ``stats`` the generic counts of a
finished game per seat (the game's own come from ``GameSpec.stats``),
``tables`` keeps both in SQLite (``migrate`` moves older tables to it),
``redis_tables`` in the Redis a cluster shares (``--redis``), and
``service`` runs the writer thread the lobby hands finished games to
(``redis_service``: the same over Redis).
Nothing here imports the lobby or the UI, or knows a game's rules.
"""
