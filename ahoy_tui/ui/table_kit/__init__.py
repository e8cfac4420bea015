"""The table-screen kit: what every game's table screen shares.

``screen.TableScreenBase`` (the base class the app knows a table screen by),
``state``, ``seats``
(facts of a ``TableUpdate``), ``crew`` (seat keys), ``dialogs``
(confirmations, seat picker), ``chat``, ``watch`` (the turn strip over
dialogs), ``layout`` (sizes), ``deadline`` (the decision clock),
``reconnecting`` (grace of dropped seats, R17), ``look``. It imports no
game's UI package (``pyproject.toml``, import-linter).
"""
