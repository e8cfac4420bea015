"""Line mode: the game as a conversation of plain lines, for screen readers and braille displays (issue 28.1).

``ssh -t host line`` (also ``TERM=dumb``, or the saved ``line on`` preference) gets this mode instead
of the full-screen app. Each change is one sentence, announced once; commands are words, forgiving
and abbreviable (unique prefixes), and ``help`` lists what is legal now (docs/accessibility.md).

* :mod:`ahoy_tui.line.session` — :class:`LineSession`: the conversation over a text in/out
  interface: parse a line, dispatch to the :class:`~ahoy_tui.lobby.api.LobbyAPI`, narrate the
  messages that arrive on the ``PlayerHandle``;
* :mod:`ahoy_tui.line.lobby_words` — the lobby and table commands (tables, join, watch, create, start,
  leave, autopilot) and the saved preferences (``suits words``, ``line on``);
* :mod:`ahoy_tui.line.words` — prefix matching of command words;
* :mod:`ahoy_tui.line.texts` — the mode's own sentences (en, es, de);
* :mod:`ahoy_tui.line.games` — each game's words and narration (a :class:`LineGame` plug-in per game).

Nothing here imports Textual or asyncssh (import-linter contract ``line-core``): the SSH side is
``server.line_session``. What is said comes only from what the lobby sends this seat (views, the
events it may see, its legal actions; R18, AH16).
"""
