"""Ratings, stats and leaderboards of a server's players (docs/community.md).

``rating`` is the rating rule (OpenSkill Plackett–Luce), ``stats`` counts a
finished game's record per seat, ``tables`` keeps both in SQLite and
``service`` runs the writer thread the lobby hands finished games to.
Nothing here imports the lobby or the UI.
"""
