"""Ahoi's UI plug-in: its table screen, presenter, narration, prompts, cards, round reveal, texts and styles.

``table`` (the screen, on the table-screen kit), ``presenter`` (update ->
``AhoiModel``), ``prompts``, ``keys``, ``narrate``, ``cards``, ``round``
(the round's reveal), ``replay`` (the replay viewer's painter), ``texts``
(en, es, de), ``ahoi.tcss``. Imports no other game's UI package.
"""

from ahoy_tui.ui.game_ui import GameUI

UI = GameUI(
    name="ahoi",
    table_screen="ahoy_tui.ui.games.ahoi.table:AhoiTableScreen",
    replay_paint="ahoy_tui.ui.games.ahoi.replay:AhoiPaint",
    rules_text="plain.rules_ahoi",
    help_texts=("ahoi.help.title", "plain.rules_ahoi", "ahoi.help.keys"),
    summary="ahoi.help.summary",
    texts="ahoy_tui.ui.games.ahoi.texts",
    styles="games/ahoi/ahoi.tcss",
    key_texts=(("take", "key.take"), ("call", "key.call"), ("throw", "key.throw"), ("use", "key.use"),
               ("last_round", "key.reveal")),
)
