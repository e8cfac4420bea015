"""What every game's engine shares, written once (issue 26; docs/games.md "The engine kit").

A game package (``ahoy_tui.games.ahoy``, ``ahoy_tui.games.ahoi``) builds on
these modules; the kit imports no game (``pyproject.toml`` contract
``games-shape``). Pure Python: no textual, asyncio, asyncssh or rich.
"""
