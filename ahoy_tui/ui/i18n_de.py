"""German texts of everything but each game's own (in its UI plug-in: :mod:`ahoy_tui.ui.games.ahoy.texts`,
:mod:`ahoy_tui.ui.games.ahoi.texts`): the lobby, dialogs, what every table says, the footer key labels (``ui/keys.py``),
system lines, ``ssh HOST`` commands, history, moderation and ratings
(issue 24.7: German is a full language of the UI). Merged into :mod:`ahoy_tui.ui.i18n`.

Words: AHOY!! V2's calls stay as printed (AHOY!), HANDS UP! is „HÄNDE HOCH!“, a treasure a Schatz, an
offer an Angebot, to step in „einspringen“. Footer labels (``key.*``) are kept short: the lobby's and the
table's footers fit 80 columns (tests/ui/test_languages_complete.py).
"""

from __future__ import annotations

DE_GENERAL: dict[str, str] = {
    "app.title": "AHOY!! V2",
    "too_small": "Mach das Fenster mindestens 60x20 groß (jetzt {w}x{h}).",
    "key.theme": "Farben", "key.ascii": "ASCII", "key.back": "Zurück",
    "theme.now": "Farben: {name}", "confirm.yes_key": "j",
    "theme.name.pirate": "Pirat", "theme.name.four-colour": "Vierfarbenblatt",
    "theme.name.high-contrast": "Hoher Kontrast", "theme.name.monochrome": "Einfarbig",
    "ascii.on": "ASCII-Modus an", "ascii.off": "ASCII-Modus aus",
    "act.too_late": "Zu spät: am Tisch ist es schon weitergegangen. Schau noch einmal.",
    # lobby
    "lobby.title": "Lobby — willkommen, {name}",
    "lobby.tables": "Tische", "lobby.online": "Piraten online ({n})", "lobby.chat": "Lobby-Chat",
    "lobby.more": "+{n} weitere",
    "lobby.no_tables": "Noch keine Tische. Drück n, um einen anzulegen.",
    "lobby.col.name": "Tisch", "lobby.col.seats": "Plätze", "lobby.col.limit": "Spiel",
    "lobby.col.status": "Stand", "lobby.col.host": "Gastgeber",
    "lobby.chat_placeholder": "Schreib der Lobby etwas (Enter sendet, Esc verlässt)",
    "chat.paste_cut": "Eingefügter Text auf {n} Zeichen gekürzt.",
    "chat.paste_full": "Die Chatzeile ist voll ({limit} Zeichen): nichts eingefügt.",
    "chat.paste_first_line": "Nur die erste Zeile des Eingefügten bleibt.",
    "key.code": "Code",
    "status.waiting": "wartet", "status.playing": "läuft", "status.between_hands": "zwischen Händen",
    "status.game_over": "vorbei", "status.held": "pausiert", "private": "privat",
    "lobby.no_selection": "Wähl zuerst einen Tisch.",
    "lobby.your_seat": "dein Platz",
    "lobby.nickname": "Spitzname: ein Schlüssel sichert ihn",
    "code.watch_title": "Einem privaten Tisch zuschauen",
    "session.replaced": ("Ahoy! {name} hat sich gerade in einer anderen Sitzung angemeldet, die jetzt den"
                         " Platz hat. Diese Sitzung ist beendet."),
    # create table
    "limit.custom": "eigenes",
    "clock.hint": "{turn} s für einen Zug, {respond} s für eine Antwort, {discard} s zum Abwerfen.",
    "code.title": "Mit Code beitreten", "code.prompt": "Tischcode", "code.join": "Beitreten",
    # waiting room
    "wait.title": "{table} — die Crew wird erwartet", "wait.code": "Einladungscode: {code}",
    "wait.empty": "(freier Platz)", "wait.bot": "Bot", "wait.ready": "bereit", "wait.not_ready": "nicht bereit",
    "wait.host": "Gastgeber",
    "wait.hint_host": "Bots dazu (b), warten, bis alle bereit sind, dann starten (g).",
    "wait.hint": "Drück r, wenn du bereit bist. Der Gastgeber startet das Spiel.",
    "wait.hint_ready": "Du bist bereit; der Gastgeber startet das Spiel (r: doch nicht bereit).",
    "wait.hint_host_full": "Alle Plätze sind besetzt: starte das Spiel (g), sobald alle bereit sind.",
    "wait.hint_host_go": "Alle Plätze sind besetzt und alle bereit: starte das Spiel (g).",
    "wait.hint_watch": "Du schaust zu. Das Spiel beginnt, wenn der Gastgeber es startet.",
    "key.remove": "Entfernen",
    "bot.title": "Einen Bot dazunehmen",
    "bot.hint": "Drück 1, 2 oder 3 für die Spielstärke des Bots (Esc: abbrechen).",
    # table
    "table.spectating": "Zuschauer",
    "table.log": "Verlauf",
    "table.chat": "Tisch-Chat",
    "table.chat_placeholder": "Schreib dem Tisch etwas",
    "table.turn": "am Zug", "table.offline": "offline", "table.autopilot": "Autopilot", "table.api_bot": "Bot-API",
    "table.left": "weg",
    "log.title": "Verlauf (älteste → neueste)",
    "help.title": "Hilfe",
    "help.lobby_title": "Hilfe: die Lobby",
    "help.lobby": ("Jeder Tisch spielt ein Spiel, das in seiner Spalte Spiel steht: leg mit n einen an (du wählst"
                   " Spiel, Plätze, Bots und Uhren) oder setz dich an einen. Am Tisch erklärt F1 die Regeln und"
                   " Tasten seines Spiels.\n\nSPIELE:"),
    "help.lobby_keys": ("\nTASTEN: n neuer Tisch · j/Enter beitreten · w zusehen · k per Code beitreten ·"
                        " g Partien (deine beendeten; Enter spielt eine von deinem Platz aus nach: →/l weiter,"
                        " ←/h zurück, Leertaste Wiedergabe/Pause, +/- Tempo, g zu einem Schritt oder einer Hand"
                        " (12, h3), Bild↑/Bild↓ oder n/p Hand, Pos1/Ende, Esc) · L Rangliste · v Profil · c Chat ·"
                        " Esc Chat verlassen · t Farbschema · m ASCII · l Sprache · Strg+L neu zeichnen · ? Hilfe ·"
                        " q beenden\nMaus: Tische und Knöpfe anklicken."),
    "leave.title": "Den Tisch verlassen?",
    "leave.question": ("Das Spiel geht weiter: der Autopilot spielt deinen Platz, bis du zurückkommst"
                       " (tritt dem Tisch aus der Lobby wieder bei, mit demselben Namen)."),
    "leave.yes": "Verlassen", "leave.no": "Bleiben",
    "quit.title": "Ahoy beenden?",
    "quit.question": ("Dein Spiel geht weiter: der Autopilot spielt deinen Platz, bis du zurückkommst"
                      " (verbinde dich wieder mit demselben Namen)."),
    "quit.yes": "Beenden", "quit.no": "Bleiben",
    "remove.title": "Einen Spieler entfernen?", "remove.question": "{name} vom Tisch entfernen?",
    "remove.gone": "{name} hat diesen Platz nicht mehr: niemand wurde entfernt.",
    "remove.yes": "Entfernen", "remove.no": "Behalten",
    "autopilot.on": "Der Autopilot spielt jetzt deinen Platz. Drück z, um ihn zurückzunehmen.",
    "autopilot.off": "Dein Platz gehört wieder dir.",
    "autopilot.note": "Der Autopilot spielt deinen Platz (z nimmt ihn zurück).",
    "autowarn": "Autopilot in {n} s: mach deinen Zug!",
    "tobot.title": "Einen Platz für immer einem Bot geben",
    "tobot.hint": "Drück die Nummer des Platzes; Esc bricht ab.",
    "tobot.done": "Der Platz von {name} geht an einen Bot.",
    "tobot.confirm_title": "Diesen Platz einem Bot geben?",
    "tobot.question": ("{name} ist verbunden und spielt. Ein Bot übernimmt den Platz für immer;"
                       " {name} kann danach nur noch zuschauen."),
    "tobot.question_offline": "{name} ist offline. Ein Bot übernimmt den Platz für immer, auch wenn {name} zurückkommt.",
    "tobot.yes": "An Bot geben", "tobot.no": "Behalten",
    "tobot.gone": "{name} hat diesen Platz nicht mehr: nichts wurde vergeben.",
    "help.body": (
        "AHOY!! V2 — das Piraten-Kartenspiel von Lug und Verrat\n\n"
        "ZIEL: sammle einen Schatz, vier Karten einer Farbe in Folge (z. B. 3♠ 4♠ 5♠ 6♠; das Ass ist hoch:"
        " J Q K A). Ruf AHOY! und du gewinnst die Hand. Alle anderen schreiben die Punkte ihrer übrigen Karten"
        " an (2–10 ihr Wert, J Q K 10, A 20, Joker 30). Erreicht jemand das Limit, gewinnt, wer die wenigsten"
        " Punkte hat.\n\n"
        "DEIN ZUG: ZIEHEN → ANGEBOT oder HÄNDE HOCH! → ABWERFEN.\n"
        "• ANGEBOT an den nächsten Spieler: nenn eine Karte, die du willst, und eine, die du gibst. Beides darf"
        " gelogen sein.\n"
        "  Er nimmt an oder lehnt ab. Nach einer Ablehnung darf jeder andere einspringen (oder passen);"
        " springen mehrere ein, wählt der Anbietende.\n"
        "• SCHMUTZIGER DEAL: beide wählen geheim die Karte, die sie WIRKLICH geben. Alles ist erlaubt.\n"
        "• HÄNDE HOCH! (mit einem Joker, statt des Angebots): das Opfer legt 3 Karten verdeckt hin, du nimmst"
        " blind eine. Der Joker kommt auf die Ablage.\n"
        "• AHOY! darfst du jederzeit rufen, wenn du einen Schatz hast — ein ausgeteilter Schatz wartet aber,"
        " bis alle einmal gezogen haben.\n"
        "• ★ unter deinen Karten: die Karten deines nächsten Schatzes (eine Folge: die mit den meisten deiner"
        " Karten, die noch vollständig werden kann; keine, wenn alle Exemplare einer fehlenden Karte auf der"
        " Ablage liegen).\n\n"
        "TASTEN: d ziehen · o Angebot · u HÄNDE HOCH! · a AHOY! · y/n annehmen/ablehnen ·"
        " i/p einspringen/passen · ←/→ oder 1–8 wählen · Leertaste markieren · Enter bestätigen · x Ablage ·"
        " e ganzer Verlauf · s Punkte · c Chat · Esc Chat verlassen · h letzte Hand · H alle Hände ·"
        " z Autopilot · P immer passen · I Tipps an/aus · N Zug-Hinweise (aus/Glocke/Glocke+Titel) · B Platz an Bot (Gastgeber) · t Farben · m ASCII ·"
        " l Sprache · Strg+L neu zeichnen · ? Hilfe · q verlassen\n"
        "LOBBY: n neuer Tisch · j beitreten · w zuschauen · k mit Code beitreten · g meine Partien (deine"
        " beendeten Spiele; Enter spielt eines von deinem Platz aus nach: →/l/Leertaste weiter, ←/h zurück,"
        " Bild↑/Bild↓ Hand, Pos1/Ende, Esc)\n"
        "Maus: Karten und Knöpfe anklicken."
    ),
    # the lobby's and the create dialog's words, bot levels, shared footer keys, the game's first system line
    "bot.refused": "Bots an diesem Tisch spielen {levels}.",
    "bot.levels_or": "{first} oder {last}",
    "bot.hint_levels": "Drück {keys} für die Spielstärke des Bots (Esc: abbrechen).",
    "create.title": "Tisch anlegen",
    "create.name": "Name",
    "create.game": "Spiel",
    "create.seats": "Plätze",
    "create.clocks": "Uhren",
    "create.bots": "Plätze mit Bots füllen",
    "create.private": "Privat (nur mit Code)",
    "create.create": "Anlegen",
    "cancel": "Abbrechen",
    "create.default_name": "Schiff von {name}",
    "create.too_fast": "Du legst zu schnell Tische an: warte {wait} s.",
    "create.custom_value": "Oder eine Zahl ({low}–{high})",
    "create.bad_number": "Eine ganze Zahl von {low} bis {high}, bitte.",
    "clock.hint_turn": "{turn} s für jede Entscheidung.",
    "clock.hint_untimed": "Ohne Uhren (ein lange untätiger Platz geht an den Autopiloten).",
    "clock.relaxed": "gemütlich",
    "clock.normal": "normal",
    "clock.blitz": "Blitz",
    "clock.untimed": "ohne Uhr",
    "create.bot_pace": "Tempo der Bots",
    "pace.relaxed": "gemütlich",
    "pace.normal": "normal",
    "pace.fast": "schnell",
    "level.none": "keine",
    "level.random": "leicht",
    "level.baseline": "normal",
    "level.hard": "schwer",
    "sys.game_begins_title": "Das Spiel beginnt: {game}, {n} Spieler.",
    "key.lang": "English",
    "lang.now": "Sprache: Deutsch",
    "key.quit": "Beenden",
    "key.help": "Hilfe",
    "key.chat": "Chat",
    "key.leave": "Verlassen",
    "key.ready": "Bereit",
    "key.unready": "Nicht bereit",
    "key.bot": "Bot dazu",
    "key.start": "Start",
    "key.rematch": "Revanche",
    "key.scores": "Punkte",
    "key.confirm": "Bestätigen",
    "key.draw": "Ziehen",
    "key.mark": "Markieren",
    "key.close": "Schließen",
    "key.new": "Neuer Tisch",
    "key.join": "Beitreten",
    "key.watch": "Zusehen",
    "yes": "Ja",
    "no": "Nein",
    "ok": "OK",
}

DE_SYSTEM_MORE: dict[str, str] = {
    "sys.sat_down": "{name} hat sich gesetzt.",
    "sys.api_bot_sat_down": "{name} (Bot-API) hat sich gesetzt.",
    "sys.bot_sat_down": "{name} ({kind}) hat sich gesetzt.",
    "sys.removed": "{name} wurde vom Gastgeber entfernt.",
    "sys.seat_to_bot": "Der Platz von {name} gehört jetzt {bot} ({kind}).",
    "sys.wants_rematch": "{name} will eine Revanche.",
    "sys.game_begins": "Das Spiel beginnt: {n} Spieler, bis {limit} Punkte.",
    "sys.store_failing": "Der Server kann diesen Tisch gerade nicht speichern: das Spiel pausiert, bis er es kann.",
    "sys.store_back": "Der Server speichert wieder: das Spiel geht weiter.",
    "sys.resumed": ("Der Server wurde neu gestartet: der Tisch ist wieder da, wie er war. Das Spiel geht weiter,"
                    " wenn ein Spieler zurückkommt."),
    "sys.resumed_partly": ("Der Server wurde neu gestartet: der Tisch ist wieder da, wie er kurz zuvor war (seine"
                           " letzten Züge ließen sich nicht wiederherstellen). Das Spiel geht weiter, wenn ein"
                           " Spieler zurückkommt."),
    "sys.back": "{name} ist zurück.",
    "sys.left_table": "{name} hat den Tisch verlassen.",
    "sys.left_autopilot": "{name} ist gegangen; der Autopilot hält den Platz.",
    "sys.lost_autopilot": "{name} hat die Verbindung verloren; der Autopilot hält den Platz.",
    "sys.new_host": "{name} ist jetzt Gastgeber.",
    "notice.timed_out": "Die Zeit ist abgelaufen: der Autopilot hat für dich entschieden.",
    "notice.timed_out_again": "Die Zeit ist wieder abgelaufen: der Autopilot spielt deinen Platz, bis du handelst.",
    "notice.slow_down": "Langsam, Matrose: warte {s} s bis zur nächsten Nachricht.",
    "notice.seat_given": "Der Gastgeber hat deinen Platz {bot} gegeben; du schaust jetzt zu.",
    "closed.removed": "Der Gastgeber hat dich vom Tisch entfernt.",
    "closed.empty": "Am Tisch war kein Spieler mehr.",
    "closed.moved": "Der Tisch ist auf einen anderen Server umgezogen: tritt ihm aus der Lobby wieder bei.",
    "sys.adopted": "Dieser Tisch ist nach einem Fehler zu einem anderen Serverprozess umgezogen; das Spiel geht weiter.",
    "sys.adopted_partly": ("Dieser Tisch ist nach einem Fehler zu einem anderen Serverprozess umgezogen; seine letzten"
                           " Züge ließen sich nicht wiederherstellen. Das Spiel geht weiter."),
}

DE_PLAIN: dict[str, str] = {
    "plain.help": (
        "Ahoy! Das ist ein Server für das Kartenspiel AHOY!!.\n"
        "Im Terminal spielen:  {connect}\n"
        "In einfachen Zeilen spielen (Screenreader, Braille):  ssh -t ... line\n"
        "Befehle ohne Terminal:\n"
        "  help    dieser Text\n"
        "  rules   die Regeln in Kürze (rules ahoi: die von Ahoi)\n"
        "  tables  die offenen Tische\n"
        "  games   deine beendeten Spiele (Id, Datum UTC, Tisch, Spieler, Sieger, dein Platz)\n"
        "  record GAME_ID > game.ahoy.jsonl\n"
        "          dieses Spiel, wie dein Platz es sah; prüfen mit: ahoy replay game.ahoy.jsonl\n"
        "  motd    die Nachricht des Tages\n"
        "  (Betreiber: kick, ban, bans, unban, mute, unmute, mutes, close, motd TEXT, audit)\n"
    ),
    "plain.full": "Ahoy! Das Schiff ist gerade voll. Versuch es in einer Weile noch einmal.",
    "plain.unchecked": "Ahoy! Der Server kann seine Grenzen gerade nicht prüfen. Versuch es gleich noch einmal.",
    "plain.address_full": "Zu viele Sitzungen von deiner Adresse (Grenze {n}); schließ zuerst eine.",
    "plain.online": "Spieler online: {n}",
    "plain.no_tables": "Keine offenen Tische. Verbinde dich mit einem Terminal, um einen anzulegen.",
    "plain.private": " (privat)",
    "plain.table": "{id:<8} {name:<24} {taken}/{seats} Plätze  {status:<13} {game}{lock}",
    "plain.unknown": "ahoy: unbekannter Befehl '{word}'. Versuch: help, rules, tables, games, record GAME_ID\n",
    "plain.games_head": "Id             Datum (UTC)       Tisch / Spieler / Sieger / dein Platz",
    "plain.game": "{id:<14} {date}  {table} | {players} | Sieger: {winners} | Platz {place} von {of}",
    "plain.no_games": "Noch keine beendeten Spiele: spiel eines zu Ende, dann steht es hier.",
    "plain.no_game": "ahoy: du hast kein Spiel mit dieser Id gespielt. 'games' listet deine.\n",
    "plain.record_usage": "ahoy: welches Spiel? ssh HOST record GAME_ID ('games' listet deine).\n",
    "plain.damaged_game": "ahoy: der Spielbericht ist auf dem Server beschädigt und kann nicht gezeigt werden.\n",
}

DE_MODERATION: dict[str, str] = {
    "lobby.operator": "O: Betreibermenü",
    "operator.title": "Betreibermenü (Enter: Befehl ausführen, Esc: schließen)",
    "operator.line": "Befehl, z. B. kick NAME GRUND (Enter führt ihn aus)",
    "notice.muted": ("Du bist im Lobby-Chat stummgeschaltet bis {until}: niemand sieht deine Nachrichten."
                     " ({reason})"),
    "session.kicked": "Ein Betreiber hat deine Sitzung beendet: {reason}",
}

DE_COMMUNITY: dict[str, str] = {
    "cm.board.overall": "Rangliste: gesamt, nach Wertung",
    "cm.board.recent": "Rangliste: letzte 30 Tage, nach gewonnener Wertung",
    "cm.board.players": "Rangliste: Spiele mit {n} Spielern, nach Siegen",
    "cm.board.bots": "Rangliste: Programme der Bot-API, nach Wertung (untereinander)",
    "cm.board.note": ("? = vorläufige Wertung (erste {n} gewertete Spiele). Gewertet werden Spiele zwischen zwei"
                      " oder mehr Spielern mit SSH-Schlüssel; Spiele gegen Bots nicht."),
    "cm.board.note_bots": ("? = vorläufige Wertung (erste {n} gewertete Spiele). Gewertet werden Spiele zwischen zwei"
                           " oder mehr Programmen der Bot-API (Schlüsseln), untereinander; Menschen zählen sie nie."),
    "cm.board.empty": ("Noch niemand auf dieser Rangliste. Ein Spiel wird gewertet, wenn zwei oder mehr Spieler"
                       " mit SSH-Schlüssel es spielen; Spiele gegen Bots werden nicht gewertet."),
    "cm.unrated_game": ("Dieses Spiel wird nicht gewertet: dazu braucht es zwei oder mehr Spieler mit"
                        " SSH-Schlüssel am Tisch; Spiele gegen Bots werden nicht gewertet."),
    "cm.col.rank": "#", "cm.col.rating": "Wertung", "cm.col.player": "Spieler", "cm.col.games": "Spiele",
    "cm.col.wins": "Siege", "cm.col.avg": "mittl. Platz", "cm.col.gained": "gewonnen",
    "cm.unrated": "ohne Wertung (kein SSH-Schlüssel)",
    "cm.keyless": "{name} (Name ohne Schlüssel getippt: nie gewertet)",
    "cm.rating": "Wertung {rating} nach {games} gewerteten Spielen",
    "cm.rating.one": "Wertung {rating} nach 1 gewerteten Spiel",
    "cm.rating_none": "noch kein gewertetes Spiel (es zählen nur Spiele mit einem anderen Spieler mit SSH-Schlüssel, keine gegen Bots)",
    "cm.games": "Spiele {games}  Siege {wins}  mittlerer Platz {avg}  verlassen {left}",
    "cm.hands": "Hände {hands}  gewonnen {won}  Punkte pro Hand {pph}",
    "cm.by_count": "{n} Spieler: {games}, {wins}",
    "cm.n_games": "{n} Spiele", "cm.n_games.one": "1 Spiel", "cm.n_wins": "{n} Siege", "cm.n_wins.one": "1 Sieg",
    "cm.recent": "letzte Spiele: {games}",
    "cm.change": "{name}: {before} -> {after} ({delta})",
    "cm.changes_head": "Wertungen",
    "cm.no_player": "Niemand namens {name} hat hier ein Spiel beendet.",
    "cm.bot": "{name} ist ein Bot: {game}, Spielstärke {level}.",
    "cm.bot_strength": ("Stärke {rating}: die Stufe gewertet wie Menschen (dieselbe Skala), aus {games} Spielen"
                        " zwischen den Stufen ({date})."),
    "cm.bot_unknown": "Die Stärke dieser Stufe ist noch nicht gemessen.",
    "cm.bot_levels": "Stufen: {levels}",
    "cm.bot_unrated": "Ein Bot hat keine eigene Wertung; Spiele gegen Bots werden nicht gewertet.",
    "cm.no_stats": "Dieser Server führt keine Wertungen oder Statistiken.",
    "cm.unreadable": "Die Statistiken lassen sich gerade nicht lesen.",
    "cm.title": "Rangliste",
    "cm.profile_title": "Pirat {name}",
    "cm.tabs": "g Spiel · o gesamt · d 30 Tage · {low}-{high} Spieler · b Bots · Enter Profil · Esc zurück",
    "key.leaderboard": "Rangliste", "key.profile": "Profil",
    "key.game": "Spiel", "key.overall": "Gesamt", "key.recent": "30 Tage",
    "cm.help": ("WERTUNGEN: L Rangliste (g Spiel · o gesamt · d letzte 30 Tage · 2–8 Spielerzahl ·"
                " Enter ein Profil) ·"
                " v Profilkarte eines Spielers (Lobby: wer online ist; Tisch und Spielende: seine Spieler)"),
    "plain.help_community": (
        "  top [30d|2..8]  die Rangliste von AHOY!! V2 (gesamt; letzte 30 Tage; Spiele so vieler Spieler)\n"
        "  top SPIEL ...   dasselbe für ein anderes Spiel (Wertung je Spiel): top ahoi, top ahoi 30d\n"
        "  stats NAME      Wertung und Statistik eines Spielers\n"
    ),
    "plain.top_usage": "ahoy: welche Rangliste? ssh HOST top, top 30d, top 2..8, top bots oder top ahoi [30d|2..6|bots]\n",
    "plain.stats_usage": "ahoy: wessen Statistik? ssh HOST stats NAME\n",
}

DE: dict[str, str] = {**DE_GENERAL, **DE_SYSTEM_MORE, **DE_PLAIN, **DE_MODERATION,
                      **DE_COMMUNITY}
"""Every German text of this module (each game's own, the game history's and the database notices are in their own
modules)."""
