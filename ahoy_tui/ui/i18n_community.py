"""Texts of ratings, stats and leaderboards (docs/community.md), English and Spanish."""

from __future__ import annotations

EN_COMMUNITY: dict[str, str] = {
    "cm.board.overall": "Leaderboard: overall, by rating",
    "cm.board.recent": "Leaderboard: last 30 days, by rating gained",
    "cm.board.players": "Leaderboard: {n}-player games, by wins",
    "cm.board.bots": "Leaderboard: bot API programs, by rating (rated among themselves)",
    "cm.board.note": ("? = provisional rating (first {n} rated games). Rated: games between two or more"
                      " players with an SSH key; games against bots are not rated."),
    "cm.board.note_bots": ("? = provisional rating (first {n} rated games). Rated: games between two or more bot"
                           " API programs (keys), among themselves; people's ratings never count them."),
    "cm.board.empty": ("Nobody is on this leaderboard yet. A game is rated when two or more players with an"
                       " SSH key play it; games against bots are not rated."),
    "cm.unrated_game": ("This game is not rated: a rating needs two or more players with an SSH key at the"
                        " table; games against bots are not rated."),
    "cm.col.rank": "#", "cm.col.rating": "rating", "cm.col.player": "player", "cm.col.games": "games",
    "cm.col.wins": "wins", "cm.col.avg": "avg place", "cm.col.gained": "gained",
    "cm.unrated": "not rated (no SSH key)",
    "cm.keyless": "{name} (name typed without a key: never rated)",
    "cm.rating": "rating {rating} after {games} rated games",
    "cm.rating.one": "rating {rating} after 1 rated game",
    "cm.rating_none": "no rated game yet (only games with another player with an SSH key count, not bot games)",
    "cm.games": "games {games}  wins {wins}  average place {avg}  left {left}",
    "cm.hands": "hands {hands}  won {won}  points per hand {pph}",
    "cm.by_count": "{n} players: {games}, {wins}",
    "cm.n_games": "{n} games", "cm.n_games.one": "1 game", "cm.n_wins": "{n} wins", "cm.n_wins.one": "1 win",
    "cm.recent": "last games: {games}",
    "cm.change": "{name}: {before} -> {after} ({delta})",
    "cm.changes_head": "Ratings",
    "cm.no_player": "Nobody called {name} has finished a game here.",
    "cm.bot": "{name} is a bot: {game}, level {level}.",
    "cm.bot_strength": ("Strength {rating}: its level rated like people (the same scale), over {games} games"
                        " between the levels ({date})."),
    "cm.bot_unknown": "Its level's strength has not been measured yet.",
    "cm.bot_levels": "Levels: {levels}",
    "cm.bot_unrated": "A bot has no rating of its own; games against bots are not rated.",
    "cm.no_stats": "This server keeps no ratings or stats.",
    "cm.unreadable": "The stats cannot be read right now.",
    "cm.title": "Leaderboard",
    "cm.profile_title": "Pirate {name}",
    "cm.tabs": "g game · o overall · d 30 days · {low}-{high} players · b bots · Enter profile · Esc back",
    "key.leaderboard": "Top", "key.profile": "Profile",
    "key.game": "Game", "key.overall": "Overall", "key.recent": "30 days",
    "cm.help": ("RATINGS: L leaderboard (g game · o overall · d last 30 days · 2–8 seat count ·"
                " Enter a profile) ·"
                " v a player's profile card (lobby: players online; table and game over: its players)"),
    "plain.help_community": (
        "  top [30d|2..8]  the leaderboard of AHOY!! V2 (overall; last 30 days; games of that many players)\n"
        "  top GAME ...    the same for another game (ratings are per game): top ahoi, top ahoi 30d\n"
        "  stats NAME      a player's rating and stats\n"
    ),
    "plain.top_usage": "ahoy: which leaderboard? ssh HOST top, top 30d, top 2..8, top bots, or top ahoi [30d|2..6|bots]\n",
    "plain.stats_usage": "ahoy: whose stats? ssh HOST stats NAME\n",
}

ES_COMMUNITY: dict[str, str] = {
    "cm.board.overall": "Clasificación: general, por puntuación",
    "cm.board.recent": "Clasificación: últimos 30 días, por puntuación ganada",
    "cm.board.players": "Clasificación: partidas de {n} jugadores, por victorias",
    "cm.board.bots": "Clasificación: programas de la bot API, por puntuación (entre ellos)",
    "cm.board.note": ("? = puntuación provisional (primeras {n} partidas puntuadas). Puntúan las partidas entre"
                      " dos o más jugadores con clave SSH; las partidas contra bots no puntúan."),
    "cm.board.note_bots": ("? = puntuación provisional (primeras {n} partidas puntuadas). Puntúan las partidas entre"
                           " dos o más programas de la bot API (claves), entre ellos; nunca cuentan para las personas."),
    "cm.board.empty": ("Aún no hay nadie en esta clasificación. Una partida puntúa cuando la juegan dos o más"
                       " jugadores con clave SSH; las partidas contra bots no puntúan."),
    "cm.unrated_game": ("Esta partida no puntúa: hacen falta dos o más jugadores con clave SSH en la mesa;"
                        " las partidas contra bots no puntúan."),
    "cm.col.rank": "#", "cm.col.rating": "puntos", "cm.col.player": "jugador", "cm.col.games": "partidas",
    "cm.col.wins": "victorias", "cm.col.avg": "puesto medio", "cm.col.gained": "ganado",
    "cm.unrated": "sin puntuación (sin clave SSH)",
    "cm.keyless": "{name} (nombre escrito sin clave: nunca puntúa)",
    "cm.rating": "puntuación {rating} tras {games} partidas puntuadas",
    "cm.rating.one": "puntuación {rating} tras 1 partida puntuada",
    "cm.rating_none": "aún sin partidas puntuadas (solo cuentan las jugadas con otro jugador con clave SSH, no contra bots)",
    "cm.games": "partidas {games}  victorias {wins}  puesto medio {avg}  abandonos {left}",
    "cm.hands": "manos {hands}  ganadas {won}  puntos por mano {pph}",
    "cm.by_count": "{n} jugadores: {games}, {wins}",
    "cm.n_games": "{n} partidas", "cm.n_games.one": "1 partida",
    "cm.n_wins": "{n} victorias", "cm.n_wins.one": "1 victoria",
    "cm.recent": "últimas partidas: {games}",
    "cm.change": "{name}: {before} -> {after} ({delta})",
    "cm.changes_head": "Puntuaciones",
    "cm.no_player": "Nadie llamado {name} ha terminado una partida aquí.",
    "cm.bot": "{name} es un bot: {game}, nivel {level}.",
    "cm.bot_strength": ("Fuerza {rating}: su nivel puntuado como las personas (la misma escala), en {games}"
                        " partidas entre los niveles ({date})."),
    "cm.bot_unknown": "La fuerza de su nivel aún no se ha medido.",
    "cm.bot_levels": "Niveles: {levels}",
    "cm.bot_unrated": "Un bot no tiene puntuación propia; las partidas contra bots no puntúan.",
    "cm.no_stats": "Este servidor no guarda puntuaciones ni estadísticas.",
    "cm.unreadable": "Las estadísticas no se pueden leer ahora.",
    "cm.title": "Clasificación",
    "cm.profile_title": "Pirata {name}",
    "cm.tabs": "g juego · o general · d 30 días · {low}-{high} jugadores · b bots · Intro perfil · Esc volver",
    "key.leaderboard": "Ranking", "key.profile": "Perfil",
    "key.game": "Juego", "key.overall": "General", "key.recent": "30 días",
    "cm.help": ("PUNTUACIONES: L clasificación (g juego · o general · d últimos 30 días · 2–8 jugadores ·"
                " Intro un perfil) ·"
                " v ficha de un jugador (salón: conectados; mesa y fin de partida: sus jugadores)"),
    "plain.help_community": (
        "  top [30d|2..8]  la clasificación de AHOY!! V2 (general; últimos 30 días; partidas de tantos jugadores)\n"
        "  top JUEGO ...   lo mismo para otro juego (cada juego puntúa aparte): top ahoi, top ahoi 30d\n"
        "  stats NOMBRE    puntuación y estadísticas de un jugador\n"
    ),
    "plain.top_usage": "ahoy: ¿qué clasificación? ssh HOST top, top 30d, top 2..8, top bots o top ahoi [30d|2..6|bots]\n",
    "plain.stats_usage": "ahoy: ¿de quién? ssh HOST stats NOMBRE\n",
}
