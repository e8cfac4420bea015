"""AHOY!! V2's UI plug-in: its table screen and collaborators, presenter, narration, prompts, dialogs, widgets.

``table`` (the screen, on the table-screen kit) with ``play`` (game keys),
``pace`` (always pass, autopilot warning, hints), ``paint``, ``dialogs``
(offer, hand and game reports, scores, discards, history) and ``state``;
``presenter`` (update -> ``TableModel``, ``model``), ``prompts``,
``narrate``, ``record`` (the kept events), ``replay`` (the replay viewer's
painter), ``widgets``, ``waiting`` (its waiting-room settings line),
``ahoy.tcss`` (its table's and dialogs' styles), ``texts`` (its table's words, prompts,
banner, offer composer, narration, reveal, reports, scores, history, hints; en,
es, de; the footer labels of its own keys are ``GameUI.key_texts``). Imports no other game's UI package.
"""

from ahoy_tui.ui.game_ui import GameUI

UI = GameUI(
    name="ahoy",
    table_screen="ahoy_tui.ui.games.ahoy.table:TableScreen",
    replay_paint="ahoy_tui.ui.games.ahoy.replay:AhoyPaint",
    rules_text="plain.rules",
    help_texts=("help.title", "help.body", "cm.help"),
    summary="help.summary_ahoy",
    texts="ahoy_tui.ui.games.ahoy.texts",
    styles="games/ahoy/ahoy.tcss",
    key_texts=(("offer", "key.offer"), ("hands_up", "key.hands_up"), ("ahoy", "key.ahoy"), ("accept", "key.accept"),
               ("decline", "key.decline"), ("step_in", "key.step_in"), ("pass", "key.pass"),
               ("discards", "key.discards"), ("log", "key.log"), ("lobby", "key.lobby"), ("send", "offer.send"),
               ("auto_pass", "key.auto_pass"), ("toggle_hints", "key.hints")),
    waiting_settings="ahoy_tui.ui.games.ahoy.waiting:settings_text",
)
