"""The lobby runs any game behind ``games.base`` and imports no game of its own (issue 13).

A second, tiny game ("race": every seat picks 1 or 2 at the same time, the
first total to reach the target wins) is registered for these tests and
played through the same lobby commands people use; it shares nothing with
AHOY!! V2 but the interface.
"""

from __future__ import annotations

import ast
import random
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import pytest

from ahoy_tui import games
from ahoy_tui.games import registry
from ahoy_tui.games.ahoi.spec import AHOI
from ahoy_tui.games.ahoy.spec import AHOY
from ahoy_tui.games.base import IllegalAction, Option, ReplayStep, SeatTally, StatLine, check_options, places_by_lowest
from ahoy_tui.lobby import CLOCK_PROFILES, Lobby, LobbyError, ManualClock, PlayerHandle, TableConfig, TableUpdate
from ahoy_tui.lobby.config import validate
from ahoy_tui.lobby.table import Table
from ahoy_tui.lobby.table_commands import SeatCommands

from .helpers import FAST, make_lobby

LOBBY_DIR = Path(__file__).resolve().parents[2] / "ahoy_tui" / "lobby"


# -- the imports of ahoy_tui/lobby --------------------------------------------------------

def _imports(path: Path) -> list[tuple[str, str | None]]:
    """Every import of a module as (module, name imported from it or None), TYPE_CHECKING and
    function-level imports included; relative imports resolved."""
    tree = ast.parse(path.read_text(), str(path))
    out: list[tuple[str, str | None]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, None) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = ["ahoy_tui", "lobby"][: 2 - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            out += [(base, a.name) for a in node.names]
    return out


def _targets(module: str, name: str | None) -> list[str]:
    """The modules an import loads: ``from pkg import sub`` names the submodule ``pkg.sub``."""
    return [module] + ([f"{module}.{name}"] if name else [])


def _lobby_modules() -> dict[str, Path]:
    mods = {f"ahoy_tui.lobby.{p.stem}": p for p in LOBBY_DIR.glob("*.py") if p.stem != "__init__"}
    mods["ahoy_tui.lobby"] = LOBBY_DIR / "__init__.py"
    return mods


def test_no_lobby_module_imports_a_game_engine_or_its_bots():
    """The lobby reaches games only through the seam (``games``, ``games.base``) and the registry:
    no game's package (``games.ahoy``, ``games.ahoi``) and not the engine kit."""
    games_dir = LOBBY_DIR.parent / "games"
    packages = {p.name for p in games_dir.iterdir() if (p / "__init__.py").is_file()}
    assert {"ahoy", "ahoi", "kit"} <= packages
    bad = []
    for mod, path in _lobby_modules().items():
        for module, name in _imports(path):
            for target in _targets(module, name):
                parts = target.split(".")
                if parts[:2] == ["ahoy_tui", "games"] and len(parts) > 2 and parts[2] in packages:
                    bad.append(f"{mod} imports {target}")
    assert bad == []


def test_the_lobby_package_has_no_import_circle():
    mods = _lobby_modules()
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for mod, path in mods.items():
        for module, name in _imports(path):
            hits = [t for t in _targets(module, name) if t in mods and t != mod]
            graph[mod].update(hits[-1:])  # the submodule when one is named, else the package
    assert sum(len(v) for v in graph.values()) > 20  # the graph was really read
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state and (cycle := visit(n)):
                return cycle
        state[m] = 2
        path.pop()
        return None

    for m in sorted(graph):
        if m not in state:
            assert (cycle := visit(m)) is None, " -> ".join(cycle)


# -- a second game --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Step:
    n: int


@dataclass(frozen=True, slots=True)
class Note:
    kind: str
    data: dict
    to: frozenset | None = None


class RaceMatch:
    def __init__(self, names: Sequence[str], target: int) -> None:
        self.names, self.target = list(names), target
        self.totals = [0] * len(names)
        self.picks: dict[int, int] = {}
        self.hand = 0
        self.round = 0
        self._record: list[dict] = [{"seats": self.names}]

    over = property(lambda self: max(self.totals) >= self.target)
    in_hand = property(lambda self: self.hand > 0 and not self.over)
    between_hands = property(lambda self: self.hand == 0)
    record = property(lambda self: self._record)
    scores = property(lambda self: tuple(self.totals))
    places = property(lambda self: places_by_lowest(self.totals))

    def deal(self):
        self.hand = 1
        return [Note("started", {})]

    def act(self, seat, action):
        if seat not in self.awaiting() or action not in self.legal(seat):
            raise IllegalAction("RACE1", "pick 1 or 2, once a round")
        self.picks[seat] = action.n
        self._record.append({"seat": seat, "n": action.n})
        events = [Note("picked", {"seat": seat, "n": action.n}, frozenset({seat}))]
        if len(self.picks) == len(self.names):
            for s, n in self.picks.items():
                self.totals[s] += n
            events.append(Note("round", {"totals": list(self.totals)}))
            self.picks = {}
            self.round += 1
        return events

    def legal(self, seat):
        return [Step(1), Step(2)] if seat in self.awaiting() else []

    def view(self, seat):
        return {"seat": seat, "totals": tuple(self.totals), "mine": self.picks.get(seat)}

    def visible(self, events, seat):
        return [e for e in events if e.to is None or seat in e.to]

    def awaiting(self):
        if not self.in_hand:
            return ()
        return tuple(s for s in range(len(self.names)) if s not in self.picks)

    def decision_key(self):
        return (self.round,) if self.awaiting() else None  # one decision for every seat at once

    def clock_kind(self):
        return "pick" if self.awaiting() else None

    def timeout_action(self, seat, legal):
        return legal[0]

    def is_interrupt(self, action):
        return False

    def auto_pass(self, seat, legal):
        return None

    def own_events(self, events, seat):
        return [e for e in events if e.to == frozenset({seat})]


class StepBot:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, view, legal):
        return legal[-1]


@dataclass(frozen=True)
class RaceSpec:
    name: str = "race"
    title: str = "Race"
    min_seats: int = 2
    max_seats: int = 3
    seats_refusal: str = "a race has 2 or 3 seats"
    options: tuple = (Option("target", "int", 5, low=3, high=9, refusal="the target is 3 to 9"),)
    bot_kinds: tuple = ("steady",)
    clock_kinds: tuple = ("pick",)
    wire_types: tuple = (Step, Note)
    stat_lines: tuple = (StatLine("twos", "steps of two {twos}", ("twos",)),)
    cli: str | None = None  # no part in the ahoy command

    def validate_options(self, options):
        return check_options(self.options, options)

    def new_match(self, seat_names, options, seed):
        return RaceMatch(seat_names, dict(options)["target"])

    def make_bot(self, kind, seed):
        return StepBot(seed)

    def bot_strength(self, kind):
        return None  # never measured

    def project(self, record, seat):
        return [line if line.get("seat") in (None, seat) else {**line, "n": None} for line in record]

    def replay_steps(self, record, seat):
        return [ReplayStep(line, 0, line) for line in record]

    def stats(self, record):
        out = [SeatTally() for _ in record[0]["seats"]]
        for line in record[1:]:
            out[line["seat"]].hands += 1
            out[line["seat"]].points += line["n"]
            out[line["seat"]].bump("twos", line["n"] == 2)
        return out


@pytest.fixture
def race(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "race", RaceSpec())
    lobby, clock = make_lobby()
    anna = lobby.connect("user:anna", "anna")
    got: list = []
    anna.subscribe(got.append)
    return lobby, clock, anna, got


def _last_update(got) -> TableUpdate:
    return [m for m in got if isinstance(m, TableUpdate)][-1]


def test_a_table_of_another_game_is_played_to_the_end(race):
    lobby, clock, anna, got = race
    tid = lobby.create_table(anna, TableConfig.make("race", name="Sprint", seats=2, clocks="untimed", target=4))
    table = lobby.tables[tid]
    assert table.config.options == (("target", 4),)
    assert lobby.add_bot(anna, tid, "steady") == 1
    with pytest.raises(LobbyError, match="bots are steady"):
        lobby.add_bot(anna, tid, "baseline")
    lobby.start(anna, tid)
    assert lobby.table_summaries()[0].game == "race"
    rounds = 0
    while table.status != "game_over":
        u = _last_update(got)
        if u.legal:
            lobby.act(anna, tid, Step(1), u.version)
            rounds += 1
        else:
            assert clock.step()
    # the bot always steps 2: it reaches 4 in two rounds, anna has 2
    assert rounds == 2 and table.game.scores == (2, 4)
    picks = [e for e in _last_update(got).events if e.kind == "picked"]
    assert all(e.data["seat"] == 0 for e in picks)  # never the bot's private picks (R18)
    assert lobby.record_for(anna, tid) == [{"seats": ["anna", table.seats[1].name]},
                                           {"seat": 0, "n": 1}, {"seat": 1, "n": None},
                                           {"seat": 0, "n": 1}, {"seat": 1, "n": None}]


def test_ratings_and_stats_of_another_game_are_its_own(monkeypatch):
    """The community tables count a race through ``RaceSpec.stats`` and rate it apart from AHOY!! V2."""
    from ahoy_tui.community.service import Community

    monkeypatch.setitem(registry.GAMES, "race", RaceSpec())
    community = Community()
    lobby = Lobby(clock=ManualClock(), timing=FAST, seed=1, wall=lambda: 0.0, community=community)
    anna, bo = lobby.connect("key:anna", "anna"), lobby.connect("key:bo", "bo")
    for h in (anna, bo):
        h.subscribe(lambda m: None)
    tid = lobby.create_table(anna, TableConfig.make("race", name="Sprint", seats=2, clocks="untimed", target=4))
    lobby.join(bo, tid)
    lobby.set_ready(bo, tid, True)
    lobby.start(anna, tid)
    for h in (anna, bo):
        lobby.set_autopilot(h, tid, True)
    lobby.clock.run(until=lambda: lobby.tables[tid].status == "game_over", max_steps=10_000)
    try:
        assert community.flush()
        anna_card = community.profile("key:anna").game("race")
        assert anna_card.rating is not None and community.rating("key:anna") is None   # no AHOY!! V2 rating
        assert anna_card.stats.hands == lobby.tables[tid].game.round
        assert anna_card.stats.count("twos") + anna_card.stats.hands == anna_card.stats.points
    finally:
        community.close()


def test_the_game_names_the_clock_and_decides_when_it_runs_out(race):
    lobby, clock, anna, got = race
    tid = lobby.create_table(anna, TableConfig.make("race", name="Sprint", seats=2, clocks="blitz"))
    lobby.add_bot(anna, tid, "steady")
    lobby.start(anna, tid)
    u = _last_update(got)
    # "pick" is in no profile: it runs the turn clock (blitz: 20 s)
    assert u.clock_seconds == CLOCK_PROFILES["blitz"]["turn"]
    t0 = clock.now()
    while lobby.tables[tid].game.awaiting() != (0, 1) or clock.now() == t0:
        assert clock.step()
    assert lobby.tables[tid].game.scores == (1, 2)  # the clock took the game's timeout action for anna


@pytest.mark.parametrize("cfg, sentence", [
    (dict(game="race", seats=4), "a race has 2 or 3 seats"),
    (dict(game="race", seats=2, target=10), "the target is 3 to 9"),
    (dict(game="race", seats=2, limit=100), "unknown table option 'limit'"),
    (dict(game="chess"), "there is no game 'chess'"),
    (dict(limit=19), "the point limit is 50, 100, 150, 200 or a whole number from 20 to 1000"),
    (dict(seats=9), "a table has 2 to 8 seats"),
    (dict(reveal="yes"), "reveal must be on or off"),
])
def test_each_game_refuses_its_own_bad_settings(race, cfg, sentence):
    lobby, _clock, anna, _got = race
    with pytest.raises(LobbyError) as refused:
        lobby.create_table(anna, TableConfig.make(**cfg))
    assert str(refused.value).startswith(sentence)


def test_a_config_holds_every_option_of_its_game_once_validated(race):
    lobby, _clock, anna, _got = race
    tid = lobby.create_table(anna, TableConfig.make(name="Cove", ace_low=True, limit=50))
    cfg = lobby.tables[tid].config
    assert cfg.options == (("limit", 50), ("ace_low", True), ("verified_step_in", False), ("reveal", True))
    assert (cfg.option("limit"), cfg.option("ace_low"), cfg.option("nope", "x")) == (50, True, "x")


def test_the_registry_names_its_games():
    assert games.get("ahoy") is AHOY and AHOY.title == "AHOY!! V2"
    assert games.get("ahoi") is AHOI and AHOI.title == "Ahoi"
    with pytest.raises(games.UnknownGame, match="the games are ahoy, ahoi"):
        games.get("cabo")


def _members(protocol: type) -> set[str]:
    names = set(getattr(protocol, "__annotations__", {}))
    return names | {n for n in vars(protocol) if not n.startswith("_")}


@pytest.mark.parametrize("spec", [AHOY, AHOI, RaceSpec()])
def test_every_game_has_every_member_of_the_interface(spec):
    match = spec.new_match(["anna", "bo"], spec.validate_options(()), seed=1)
    assert isinstance(spec, games.GameSpec) and isinstance(match, games.Match)
    assert not [m for m in _members(games.GameSpec) if not hasattr(spec, m)]
    assert not [m for m in _members(games.Match) if not hasattr(match, m)]
    assert match.between_hands and not match.in_hand and match.awaiting() == ()
    match.deal()
    assert match.in_hand and match.awaiting() and match.clock_kind() in spec.clock_kinds
    assert all(match.legal(s) for s in match.awaiting())


def test_every_clock_kind_of_ahoy_has_seconds_in_every_timed_profile():
    for name, profile in CLOCK_PROFILES.items():
        if profile is not None:
            assert set(AHOY.clock_kinds) <= set(profile), name


# -- a table needs only its TableHost ---------------------------------------------------------

class Host:
    """A TableHost that is not a Lobby: records what the table asked of it."""

    def __init__(self, clock) -> None:
        self.clock, self.timing, self.wall = clock, FAST, lambda: 0.0
        self.frozen = False
        self.logged: list[tuple[str, dict]] = []
        self.sent: list = []
        self.finished_ids: list[str] = []
        self.closed: list[str] = []

    def post(self, handle, msg) -> None:
        self.sent.append((handle, msg))

    def restart_log(self, table_id) -> None:
        self.logged = [(t, e) for t, e in self.logged if t != table_id]

    def log(self, table_id, entry) -> int:
        self.logged.append((table_id, entry))
        return len(self.logged)

    @contextmanager
    def batch(self):
        yield

    def tables_changed(self, table=None) -> None:
        pass

    def finished(self, table_id, game) -> None:
        self.finished_ids.append(table_id)

    def seated_at(self, identity, table_id) -> None:
        pass

    def close_table(self, table_id, reason, key="") -> None:
        self.closed.append(key)


def test_a_table_plays_a_whole_game_for_any_host():
    clock = ManualClock()
    host = Host(clock)
    config = validate(TableConfig.make(name="Solo", seats=3, limit=20, clocks="untimed"), "anna")
    table = Table(host, "t1", config, None, random.Random(3))
    anna = PlayerHandle("user:anna", "anna")
    cmd = SeatCommands(table)
    assert cmd.take_seat(anna) == 0 and table.host == "user:anna"
    cmd.add_bot("baseline")
    cmd.add_bot("random")
    cmd.set_autopilot(anna, True)
    cmd.start()
    while table.status != "game_over":
        assert clock.step()
    assert host.finished_ids == ["t1"] and max(table.game.scores) >= 20
    updates = [m for h, m in host.sent if isinstance(m, TableUpdate)]
    assert updates and all(u.seat == 0 for u in updates)
    assert all(e.to is None or e.to == frozenset({0}) for u in updates for e in u.events)  # R18
