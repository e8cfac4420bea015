"""All UI text in English, Spanish and German (issue 5: language from LANG, with a toggle; issue 18;
issue 24.7: German is a full language).

``tr(lang, key, **kw)`` formats one message. Keys are stable names; every key
of English has Spanish and German (``tests/ui/test_languages_complete.py``); a
key missing all the same falls back to English. Values are plain ``str.format``
templates; player-controlled strings are passed as arguments and never
parsed as markup (callers build ``rich.text.Text`` from the result).

Each game's own texts live in its UI plug-in (``GameUI.texts``: AHOY!! V2's in
``ui.games.ahoy.texts``, Ahoi's in ``ui.games.ahoi.texts``) and are merged here,
so ``tr`` finds every key the same way.
"""

from __future__ import annotations

from importlib import import_module

from ahoy_tui.lobby.messages import Notice, TableClosed

from ahoy_tui.ui.game_uis import game_uis
from ahoy_tui.ui.i18n_community import EN_COMMUNITY, ES_COMMUNITY
from ahoy_tui.ui.i18n_de import DE as DE_REST
from ahoy_tui.ui.i18n_dialogs import DE_DIALOGS, EN_DIALOGS, ES_DIALOGS
from ahoy_tui.ui.i18n_history import DE_HISTORY, EN_HISTORY, ES_HISTORY
from ahoy_tui.ui.i18n_moderation import EN_MODERATION, ES_MODERATION
from ahoy_tui.ui.i18n_plain import EN_PLAIN, ES_PLAIN
from ahoy_tui.ui.i18n_refusals import DE_REFUSALS, EN_REFUSALS, ES_REFUSALS
from ahoy_tui.ui.i18n_system import DE_SYSTEM, EN_SYSTEM, ES_SYSTEM

LANGS: tuple[str, ...] = ("en", "es", "de")
"""UI languages, in the order the ``l`` key cycles them."""

EN: dict[str, str] = {
    # general
    "app.title": "AHOY!! V2",
    "too_small": "Make the window at least 60x20 (now {w}x{h}).",
    "key.quit": "Quit", "key.help": "Help", "key.theme": "Theme", "key.ascii": "ASCII",
    "key.lang": "Español", "key.back": "Back", "key.close": "Close",
    "yes": "Yes", "no": "No", "cancel": "Cancel", "ok": "OK",
    "theme.now": "Theme: {name}", "confirm.yes_key": "y",
    "theme.name.pirate": "Pirate", "theme.name.four-colour": "Four-colour deck",
    "theme.name.high-contrast": "High contrast", "theme.name.monochrome": "Monochrome",
    "ascii.on": "ASCII mode on", "ascii.off": "ASCII mode off",
    "lang.now": "Language: English",
    "act.too_late": "Too late: the table has moved on. Look again.",
    # lobby
    "lobby.title": "Lobby — welcome aboard, {name}",
    "lobby.tables": "Tables", "lobby.online": "Pirates online ({n})", "lobby.chat": "Lobby chat",
    "lobby.more": "+{n} more",
    "lobby.no_tables": "No tables yet. Press n to create one.",
    "lobby.col.name": "Table", "lobby.col.seats": "Seats", "lobby.col.limit": "Game",
    "lobby.col.status": "Status", "lobby.col.host": "Host",
    "lobby.chat_placeholder": "Say something to the lobby (Enter sends, Esc leaves)",
    "chat.paste_cut": "Pasted text cut to {n} characters.",
    "chat.paste_full": "The chat line is full ({limit} characters): nothing was pasted.",
    "chat.paste_first_line": "Only the first line of the paste was kept.",
    "key.new": "New table", "key.join": "Join", "key.watch": "Watch", "key.code": "Join by code",
    "key.chat": "Chat",
    "status.waiting": "waiting", "status.playing": "playing", "status.between_hands": "between hands",
    "status.game_over": "game over", "status.held": "paused", "private": "private",
    "lobby.no_selection": "Choose a table first.",
    "lobby.your_seat": "your seat",
    "lobby.nickname": "nickname: a key makes it yours",
    "code.watch_title": "Watch a private table",
    "session.replaced": "Ahoy! {name} just logged in again from another session, which now has the seat. "
                        "This session is closed.",
    # create table
    "create.title": "Create a table", "create.name": "Name", "create.seats": "Seats",
    "create.clocks": "Clocks", "create.private": "Private (join by code only)",
    "create.create": "Create", "create.default_name": "{name}'s ship",
    "create.too_fast": "You are making tables too fast: wait {wait} s.",
    "limit.custom": "custom",
    "clock.relaxed": "relaxed", "clock.normal": "normal", "clock.blitz": "blitz",
    "clock.untimed": "untimed",
    "create.bot_pace": "Bot pace", "pace.relaxed": "relaxed", "pace.normal": "normal", "pace.fast": "fast",
    "clock.hint": "{turn} s for a turn, {respond} s to answer an offer, {discard} s to discard.",
    "clock.hint_untimed": "No clocks (a long-idle seat still goes to the autopilot).",
    "code.title": "Join by code", "code.prompt": "Table code", "code.join": "Join",
    # waiting room
    "wait.title": "{table} — waiting for the crew", "wait.code": "Invite code: {code}",
    "wait.empty": "(empty seat)", "wait.bot": "bot", "wait.ready": "ready", "wait.not_ready": "not ready",
    "wait.host": "host", "wait.hint_host": "Add bots (b), wait for everyone to be ready, then start (g).",
    "wait.hint": "Press r when you are ready. The host starts the game.",
    "wait.hint_ready": "You are ready; the host starts the game (r: not ready after all).",
    "wait.hint_host_full": "Every seat is taken: start the game (g) once everyone is ready.",
    "wait.hint_host_go": "Every seat is taken and everyone is ready: start the game (g).",
    "wait.hint_watch": "You are watching. The game starts when the host starts it.",
    "key.ready": "Ready", "key.unready": "Not ready", "key.bot": "Add bot", "key.start": "Start", "key.leave": "Leave",
    "key.remove": "Remove player",
    "level.random": "easy", "level.baseline": "normal", "level.hard": "hard", "level.none": "none",
    "create.bots": "Fill seats with bots", "bot.title": "Add a bot",
    "bot.hint": "Press 1, 2 or 3 for the bot's level (Esc: cancel).",
    # table
    "table.spectating": "watching", "table.log": "Log", "table.chat": "Table chat",
    "table.chat_placeholder": "Say something to the table", "table.turn": "turn", "table.offline": "offline",
    "table.autopilot": "autopilot", "table.api_bot": "bot API", "table.left": "left", "log.title": "Log (oldest → newest)",
    "key.draw": "Draw", "key.confirm": "Confirm", "key.mark": "Mark", "key.scores": "Scores", "key.rematch": "Rematch",
    # help
    "help.title": "Help",
    "help.lobby_title": "Help: the lobby",
    "help.lobby": ("Every table plays one game, named in its Game column: create one with n (you choose the game,"
                   " seats, bots and clocks) or join one. At a table, F1 explains that game's rules and keys.\n\n"
                   "GAMES:"),
    "help.lobby_keys": ("\nKEYS: n new table · j/Enter join · w watch · k join by code · g my games (your finished"
                        " games; Enter replays one from your seat: →/l next, ←/h back, space play/pause, +/- speed,"
                        " g go to a step or hand (12, h3), PgUp/PgDn or n/p hand, Home/End, Esc) · L leaderboard ·"
                        " v profile · c chat · Esc leave chat · t theme · m ASCII · l language · Ctrl+L redraw ·"
                        " ? help · q quit\nMouse: click tables and buttons."),
    "leave.title": "Leave the table?",
    "leave.question": ("The game goes on: the autopilot plays your seat until you come back"
                       " (join the table again from the lobby, same name)."),
    "leave.yes": "Leave", "leave.no": "Stay",
    "quit.title": "Quit Ahoy?",
    "quit.question": ("Your game goes on: the autopilot plays your seat until you come back"
                      " (connect again with the same name)."),
    "quit.yes": "Quit", "quit.no": "Stay",
    "remove.title": "Remove a player?", "remove.question": "Remove {name} from the table?",
    "remove.gone": "{name} no longer holds that seat: nobody was removed.",
    "remove.yes": "Remove", "remove.no": "Keep",
    "autopilot.on": "The autopilot plays your seat now. Press z to take it back.",
    "autopilot.off": "Your seat is yours again.",
    "autopilot.note": "The autopilot is playing your seat (z takes it back).",
    "autowarn": "Autopilot in {n} s: make your move!",
    "tobot.title": "Give a seat to a bot for good",
    "tobot.hint": "Press the seat's number; Esc cancels.",
    "tobot.done": "{name}'s seat goes to a bot.",
    "tobot.confirm_title": "Give this seat to a bot?",
    "tobot.question": ("{name} is connected and playing. A bot takes the seat for good;"
                       " {name} can only watch from then on."),
    "tobot.question_offline": "{name} is offline. A bot takes the seat for good, even if {name} comes back.",
    "tobot.yes": "Give to bot", "tobot.no": "Keep",
    "tobot.gone": "{name} no longer holds that seat: nothing was given.",
    "help.body": (
        "AHOY!! V2 — the pirate card game of lies and betrayal\n\n"
        "GOAL: collect a treasure, four cards of one suit in a row (e.g. 3♠ 4♠ 5♠ 6♠;"
        " ace high: J Q K A). Call AHOY! and you win the hand. Everybody else scores the"
        " points left in their hand (2–10 face value, J Q K 10, A 20, Joker 30). Lowest total wins"
        " when someone reaches the limit.\n\n"
        "YOUR TURN: DRAW → OFFER or HANDS UP! → DISCARD.\n"
        "• OFFER to the next player: name a card you want and a card you'll give. Both may be lies.\n"
        "  They accept or decline. After a decline anyone else may step in (or pass);"
        " if several step in, the offerer chooses.\n"
        "• DIRTY DEAL: both traders secretly choose the card they REALLY give. Anything goes.\n"
        "• HANDS UP! (needs a Joker, instead of the offer): the target lays 3 cards face down,"
        " you take one blind. The Joker goes to the discard pile.\n"
        "• AHOY! may be called any time you hold a treasure — but a treasure you were dealt"
        " waits until everyone has drawn once.\n"
        "• ★ under your cards: the cards of your nearest treasure (one run: the one with most of your"
        " cards that can still be completed; none when every copy of a missing card is on the discard pile).\n\n"
        "KEYS: d draw · o offer · u HANDS UP! · a AHOY! · y/n accept/decline · i/p step in/pass ·"
        " ←/→ or 1–8 choose · space mark · Enter confirm · x discard pile · e whole log · s scores · c chat ·"
        " Esc leave chat · h last hand · H every hand · z autopilot · P always pass on step-in · I hints on/off ·"
        " N turn alerts (off/bell/bell+title) · B seat to bot (host) · t theme · m ASCII ·"
        " l language · Ctrl+L redraw · ? help · q leave\n"
        "LOBBY: n new table · j join · w watch · k join by code · g my games (your finished games;"
        " Enter replays one from your seat, AHOY!! V2 or Ahoi: →/l next, ←/h back, space play/pause, +/- speed,"
        " g go to a step or hand (12, h3), PgUp/PgDn or n/p hand, Home/End, Esc)\n"
        "Mouse: click cards and buttons."
    ),
    # the create dialog for any game, bot levels, the game's first system line
    "bot.refused": "Bots at this table play {levels}.",
    "bot.levels_or": "{first} or {last}",
    "bot.hint_levels": "Press {keys} for the bot's level (Esc: cancel).",
    "create.game": "Game",
    "create.custom_value": "Or type a number ({low}–{high})",
    "create.bad_number": "Type a whole number from {low} to {high}.",
    "clock.hint_turn": "{turn} s for every decision.",
    "sys.game_begins_title": "The game begins: {game}, {n} players.",
}

ES: dict[str, str] = {
    "app.title": "AHOY!! V2",
    "too_small": "Haz la ventana de al menos 60x20 (ahora {w}x{h}).",
    "key.quit": "Salir", "key.help": "Ayuda", "key.theme": "Tema", "key.ascii": "ASCII",
    "key.lang": "Deutsch", "key.back": "Volver", "key.close": "Cerrar",
    "yes": "Sí", "no": "No", "cancel": "Cancelar", "ok": "Aceptar",
    "theme.now": "Tema: {name}", "confirm.yes_key": "s",
    "theme.name.pirate": "Pirata", "theme.name.four-colour": "Baraja de cuatro colores",
    "theme.name.high-contrast": "Alto contraste", "theme.name.monochrome": "Monocromo",
    "ascii.on": "Modo ASCII activado", "ascii.off": "Modo ASCII desactivado",
    "lang.now": "Idioma: español",
    "act.too_late": "Demasiado tarde: la mesa ya ha cambiado. Mira otra vez.",
    "lobby.title": "Salón — bienvenido a bordo, {name}",
    "lobby.tables": "Mesas", "lobby.online": "Piratas conectados ({n})", "lobby.chat": "Chat del salón",
    "lobby.more": "+{n} más",
    "lobby.no_tables": "Aún no hay mesas. Pulsa n para crear una.",
    "lobby.col.name": "Mesa", "lobby.col.seats": "Plazas", "lobby.col.limit": "Juego",
    "lobby.col.status": "Estado", "lobby.col.host": "Anfitrión",
    "lobby.chat_placeholder": "Escribe al salón (Enter envía, Esc sale)",
    "chat.paste_cut": "Texto pegado recortado a {n} caracteres.",
    "chat.paste_full": "La línea del chat está llena ({limit} caracteres): no se pegó nada.",
    "chat.paste_first_line": "Solo se guardó la primera línea de lo pegado.",
    "key.new": "Nueva mesa", "key.join": "Unirse", "key.watch": "Mirar", "key.code": "Código",
    "key.chat": "Chat",
    "status.waiting": "esperando", "status.playing": "jugando", "status.between_hands": "entre manos",
    "status.game_over": "terminada", "status.held": "en pausa", "private": "privada",
    "lobby.no_selection": "Elige primero una mesa.",
    "lobby.your_seat": "tu asiento",
    "lobby.nickname": "apodo: una clave lo hace tuyo",
    "code.watch_title": "Mirar una mesa privada",
    "session.replaced": "¡Ahoy! {name} acaba de entrar otra vez desde otra sesión, que ahora tiene el asiento. "
                        "Esta sesión se cierra.",
    "create.title": "Crear una mesa", "create.name": "Nombre", "create.seats": "Plazas",
    "create.clocks": "Relojes", "create.private": "Privada (solo con código)",
    "create.create": "Crear", "create.default_name": "Barco de {name}",
    "create.too_fast": "Estás creando mesas demasiado deprisa: espera {wait} s.",
    "limit.custom": "propio",
    "clock.relaxed": "tranquilo", "clock.normal": "normal", "clock.blitz": "blitz",
    "clock.untimed": "sin reloj",
    "create.bot_pace": "Ritmo de los bots", "pace.relaxed": "tranquilo", "pace.normal": "normal",
    "pace.fast": "rápido",
    "clock.hint": "{turn} s por turno, {respond} s para responder, {discard} s para descartar.",
    "clock.hint_untimed": "Sin relojes (una plaza inactiva mucho rato pasa al piloto automático).",
    "code.title": "Unirse con código", "code.prompt": "Código de la mesa", "code.join": "Unirse",
    "wait.title": "{table} — esperando a la tripulación", "wait.code": "Código de invitación: {code}",
    "wait.empty": "(plaza libre)", "wait.bot": "bot", "wait.ready": "listo", "wait.not_ready": "no listo",
    "wait.host": "anfitrión", "wait.hint_host": "Añade bots (b), espera a que todos estén listos y empieza (g).",
    "wait.hint": "Pulsa r cuando estés listo. El anfitrión empieza la partida.",
    "wait.hint_ready": "Estás listo; el anfitrión empieza la partida (r: no listo).",
    "wait.hint_host_full": "Todas las plazas están ocupadas: empieza (g) cuando todos estén listos.",
    "wait.hint_host_go": "Todas las plazas están ocupadas y todos listos: empieza la partida (g).",
    "wait.hint_watch": "Estás mirando. La partida empieza cuando el anfitrión la empiece.",
    "key.ready": "Listo", "key.unready": "No listo", "key.bot": "Añadir bot", "key.start": "Empezar", "key.leave": "Salir",
    "key.remove": "Quitar jugador",
    "level.random": "fácil", "level.baseline": "normal", "level.hard": "difícil", "level.none": "ninguno",
    "create.bots": "Llenar plazas con bots", "bot.title": "Añadir un bot",
    "bot.hint": "Pulsa 1, 2 o 3 para el nivel del bot (Esc: cancelar).",
    "table.spectating": "mirando", "table.log": "Registro", "table.chat": "Chat de la mesa",
    "table.chat_placeholder": "Escribe a la mesa", "table.turn": "turno", "table.offline": "desconectado",
    "table.autopilot": "autopiloto", "table.api_bot": "bot API", "table.left": "se fue", "log.title": "Registro (del primero al último)",
    "key.draw": "Robar", "key.confirm": "Confirmar", "key.mark": "Marcar", "key.scores": "Puntos",
    "key.rematch": "Revancha",
    "help.title": "Ayuda",
    "help.lobby_title": "Ayuda: el vestíbulo",
    "help.lobby": ("Cada mesa juega un juego, el de su columna Juego: crea una con n (eliges el juego, las plazas,"
                   " los bots y los relojes) o únete a una. En una mesa, F1 explica las reglas y teclas de su"
                   " juego.\n\nJUEGOS:"),
    "help.lobby_keys": ("\nTECLAS: n mesa nueva · j/Enter unirse · w mirar · k unirse con código · g mis partidas"
                        " (las terminadas; Enter repite una desde tu plaza: →/l siguiente, ←/h atrás, espacio"
                        " reproducir/pausa, +/- velocidad, g ir a un paso o mano (12, h3), RePág/AvPág o n/p mano,"
                        " Inicio/Fin, Esc) · L clasificación · v perfil · c chat · Esc salir del chat · t tema ·"
                        " m ASCII · l idioma · Ctrl+L redibujar · ? ayuda · q salir\nRatón: haz clic en mesas y"
                        " botones."),
    "leave.title": "¿Dejar la mesa?",
    "leave.question": ("La partida sigue: el piloto automático juega tu plaza hasta que vuelvas"
                       " (vuelve a unirte a la mesa desde el salón, con el mismo nombre)."),
    "leave.yes": "Salir", "leave.no": "Quedarme",
    "quit.title": "¿Salir de Ahoy?",
    "quit.question": ("Tu partida sigue: el piloto automático juega tu plaza hasta que vuelvas"
                      " (conéctate otra vez con el mismo nombre)."),
    "quit.yes": "Salir", "quit.no": "Quedarme",
    "remove.title": "¿Quitar a un jugador?", "remove.question": "¿Quitar a {name} de la mesa?",
    "remove.gone": "{name} ya no ocupa ese asiento: no se quitó a nadie.",
    "remove.yes": "Quitar", "remove.no": "Dejar",
    "autopilot.on": "El piloto automático juega tu plaza. Pulsa z para recuperarla.",
    "autopilot.off": "Vuelves a llevar tu plaza.",
    "autopilot.note": "El piloto automático juega tu plaza (z la recupera).",
    "autowarn": "Piloto automático en {n} s: ¡juega ya!",
    "tobot.title": "Dar una plaza a un bot para siempre",
    "tobot.hint": "Pulsa el número de la plaza; Esc cancela.",
    "tobot.done": "La plaza de {name} pasa a un bot.",
    "tobot.confirm_title": "¿Dar esta plaza a un bot?",
    "tobot.question": ("{name} está conectado y jugando. Un bot se queda la plaza para siempre;"
                       " desde entonces {name} solo podrá mirar."),
    "tobot.question_offline": "{name} no está conectado. Un bot se queda la plaza para siempre, aunque {name} vuelva.",
    "tobot.yes": "Dar al bot", "tobot.no": "Dejar",
    "tobot.gone": "{name} ya no ocupa esa plaza: no se dio nada.",
    "help.body": (
        "AHOY!! V2 — el juego de cartas de piratas, engaño y traición\n\n"
        "OBJETIVO: reúne un tesoro, cuatro cartas seguidas del mismo palo (p. ej. 3♠ 4♠ 5♠ 6♠;"
        " el As es alto: J Q K A). Grita ¡AHOY! y ganas la mano. Los demás suman los puntos"
        " que les quedan (2–10 su valor, J Q K 10, A 20, Joker 30). Cuando alguien llega al límite,"
        " gana quien tenga menos puntos.\n\n"
        "TU TURNO: ROBAR → OFERTAR o ¡MANOS ARRIBA! → DESCARTAR.\n"
        "• OFERTA al siguiente jugador: nombra una carta que quieres y otra que das. Ambas pueden ser mentira.\n"
        "  Acepta o rechaza. Tras un rechazo, cualquier otro puede intervenir (o pasar);"
        " si intervienen varios, elige quien ofertó.\n"
        "• TRATO SUCIO: ambos eligen en secreto la carta que DE VERDAD dan. Todo vale.\n"
        "• ¡MANOS ARRIBA! (con un Joker, en lugar de la oferta): la víctima pone 3 cartas boca abajo"
        " y tú te llevas una a ciegas. El Joker va al descarte.\n"
        "• ¡AHOY! se grita en cualquier momento con un tesoro en la mano — pero un tesoro"
        " repartido espera a que todos hayan robado una vez.\n"
        "• ★ bajo tus cartas: las de tu tesoro más cercano (una sola escalera: la que tiene más cartas tuyas"
        " y aún se puede completar; ninguna si todas las copias de una carta que falta están en el descarte).\n\n"
        "TECLAS: d robar · o ofertar · u ¡MANOS ARRIBA! · a ¡AHOY! · y/n aceptar/rechazar ·"
        " i/p intervenir/pasar · ←/→ o 1–8 elegir · espacio marcar · Enter confirmar · x descarte · e registro entero ·"
        " s puntos · c chat · Esc salir del chat · h última mano · H todas las manos · z piloto automático ·"
        " P pasar siempre al intervenir · I consejos sí/no ·"
        " N avisos de turno (no/campana/campana+título) · B plaza a un bot (anfitrión) · t tema · m ASCII · l idioma · Ctrl+L redibujar · ? ayuda · q salir\n"
        "SALÓN: n mesa nueva · j unirse · w mirar · k unirse con código · g mis partidas (tus partidas"
        " terminadas; Enter repasa una desde tu asiento, AHOY!! V2 o Ahoi: →/l siguiente, ←/h atrás,"
        " espacio reproducir/pausa, +/- velocidad, g ir a un paso o mano (12, h3), RePág/AvPág o n/p mano,"
        " Inicio/Fin, Esc)\n"
        "Ratón: pulsa cartas y botones."
    ),
    # the create dialog for any game, bot levels, the game's first system line
    "bot.refused": "Los bots de esta mesa juegan en nivel {levels}.",
    "bot.levels_or": "{first} o {last}",
    "bot.hint_levels": "Pulsa {keys} para el nivel del bot (Esc: cancelar).",
    "create.game": "Juego",
    "create.custom_value": "O escribe un número ({low}–{high})",
    "create.bad_number": "Escribe un número entero de {low} a {high}.",
    "clock.hint_turn": "{turn} s para cada decisión.",
    "sys.game_begins_title": "Empieza la partida: {game}, {n} jugadores.",
}

EN.update(EN_SYSTEM)
EN.update(EN_PLAIN)
EN.update(EN_HISTORY)
EN.update(EN_MODERATION)
ES.update(ES_SYSTEM)
ES.update(ES_PLAIN)
ES.update(ES_HISTORY)
ES.update(ES_MODERATION)
EN.update(EN_COMMUNITY)
ES.update(ES_COMMUNITY)
DE: dict[str, str] = dict(DE_REST)
for _ui in game_uis():  # each game's own texts (GameUI.texts), where it keeps them apart
    if _ui.texts is not None:
        _texts = import_module(_ui.texts).TEXTS
        EN.update(_texts["en"])
        ES.update(_texts["es"])
        DE.update(_texts["de"])
EN.update(EN_REFUSALS)
ES.update(ES_REFUSALS)
DE.update(DE_SYSTEM)
DE.update(DE_HISTORY)
DE.update(DE_REFUSALS)
EN.update(EN_DIALOGS)
ES.update(ES_DIALOGS)
DE.update(DE_DIALOGS)
_TABLES = {"en": EN, "es": ES, "de": DE}


def normalize_lang(lang: str | None) -> str:
    """``"es"`` for any Spanish locale (``es``, ``es_AR.UTF-8``), ``"de"`` for any German one, else ``"en"``."""
    low = (lang or "").lower()
    return "es" if low.startswith("es") else "de" if low.startswith("de") else "en"


def next_lang(lang: str) -> str:
    """The language the ``l`` key switches to: the next of :data:`LANGS` (en → es → de → en)."""
    return LANGS[(LANGS.index(lang) + 1) % len(LANGS)] if lang in LANGS else LANGS[0]


def tr(lang: str, key: str, **kw: object) -> str:
    """The message ``key`` in ``lang``, formatted with ``kw``.

    Falls back to English, then to the key itself, so a missing string is
    visible rather than a crash.
    """
    template = _TABLES.get(lang, EN).get(key) or EN.get(key) or key
    return template.format(**kw) if kw else template


def keyed(lang: str, prefix: str, msg: Notice | TableClosed, fallback: str) -> str:
    """A lobby message's sentence ``prefix.<msg.key>`` in ``lang``, else ``fallback``.

    Args:
        lang: ``"en"``, ``"es"`` or ``"de"``.
        prefix: ``"notice"`` (``Notice``) or ``"closed"`` (``TableClosed``).
        msg: Its ``key`` (``""``: none) and, a ``Notice``, its ``args``, ``(name, value)`` pairs
            of untrusted strings (cleaned here to 40 characters).
        fallback: The message's own English text, used for an unknown key.
    """
    from ahoy_tui.ui.text import clean

    key = msg.key
    if not key or f"{prefix}.{key}" not in EN:
        return fallback
    pairs = msg.args if isinstance(msg, Notice) else ()
    args = {str(k): clean(str(v), 40) for k, v in pairs}
    try:
        return tr(lang, f"{prefix}.{key}", **args)
    except (KeyError, IndexError, ValueError):
        return fallback
