"""First-game hints come once per identity, across reconnects and server restarts (issue 24.13): the
hints shown are kept with the identity's preferences, in SQLite or (``--redis``) in Redis."""

from __future__ import annotations

import pytest
from ui_driver import play_until
from ui_helpers import at_table, bot_table, new_lobby, toasts, wait_for

from ahoy_tui.store.base import StoreError
from ahoy_tui.store.prefs import RedisPrefs, SQLitePrefs
from ahoy_tui.ui.prefs import Prefs, PrefsStore
from ahoy_tui.lobby import InMemoryLobby
from ahoy_tui.session import SessionInfo
from ahoy_tui.ui.ahoy_app import AhoyApp


@pytest.fixture
def hints_on(monkeypatch):
    monkeypatch.setattr("ahoy_tui.ui.prefs.HINTS_DEFAULT", True)


def _backend(kind: str, tmp_path, request):
    if kind == "sqlite":
        return SQLitePrefs(tmp_path / "ahoy.db")
    return RedisPrefs(request.getfixturevalue("redis_server").url)


def _app(store: PrefsStore) -> AhoyApp:
    """anna's session on a new lobby, with preferences in ``store``."""
    return AhoyApp(SessionInfo(identity="key:SHA256:anna", display_name="anna"), InMemoryLobby(new_lobby(seed=3)),
                   prefs=store)


async def _first_hint(store: PrefsStore) -> tuple[str, list[str]]:
    """anna at a bot table until a first-game hint shows: (its key, the hint texts toasted)."""
    app = _app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        bot_table(app, players=4, limit=100)
        await wait_for(pilot, at_table)
        await play_until(pilot, lambda a: bool(a.hints_shown))
        return next(iter(app.hints_shown)), toasts(app)


@pytest.mark.parametrize("kind", ["sqlite", "redis"])
async def test_a_hint_shown_once_does_not_come_back_after_a_restart(hints_on, tmp_path, request, kind):
    first = _backend(kind, tmp_path, request)
    key, shown = await _first_hint(PrefsStore(first))
    first.close()
    assert any(t.startswith(_text(key)[:20]) for t in shown)
    again = PrefsStore(_backend(kind, tmp_path, request))   # the server started again: memory is empty
    app = _app(again)
    async with app.run_test(size=(80, 24)) as pilot:
        bot_table(app, players=4, limit=100)
        await wait_for(pilot, at_table)
        assert key in app.hints_shown
        await play_until(pilot, lambda a: len(a.hints_shown) > 1 or a.screen.update.view.hand_no > 1)
        assert _text(key) not in toasts(app)


async def test_a_reconnect_keeps_the_hints_shown(hints_on):
    """A second session of the same identity on the same server (no store): the hint stays shown."""
    store = PrefsStore()
    key, _ = await _first_hint(store)
    app = _app(store)
    assert key in app.hints_shown


def test_unreadable_prefs_text_is_no_prefs_and_a_good_one_comes_back_whole():
    p = Prefs("pirate", False, "de", auto_pass=True, hints=False, hints_seen=("clock", "star"))
    assert Prefs.from_text(p.to_text()) == p
    assert Prefs.from_text("not json") is None and Prefs.from_text("[1]") is None
    assert Prefs.from_text('{"theme": "pirate", "lang": "es", "hints_seen": "x"}').hints_seen == ()


def _text(key: str) -> str:
    from ahoy_tui.ui.i18n import tr

    return tr("en", f"hint.{key}")


def test_with_redis_a_worker_reads_what_another_worker_kept(redis_server):
    """Two workers (two ``PrefsStore`` on one Redis): a hint shown on one is not shown again on the other,
    even after the second had read the identity's preferences before."""
    a, b = PrefsStore(RedisPrefs(redis_server.url)), PrefsStore(RedisPrefs(redis_server.url))
    b.put("key:SHA256:anna", Prefs("pirate", False, "en"))
    assert b.get("key:SHA256:anna").hints_seen == ()
    a.put("key:SHA256:anna", Prefs("pirate", False, "en", hints_seen=("star",)))
    assert b.get("key:SHA256:anna").hints_seen == ("star",)


def test_a_store_that_fails_keeps_preferences_in_memory():
    class Broken:
        def load(self, identity):
            raise StoreError("disk gone")

        def save(self, identity, text):
            raise StoreError("disk gone")

        def close(self):
            pass

    store = PrefsStore(Broken())
    store.put("user:anna", Prefs("pirate", True, "de", hints_seen=("clock",)))
    assert store.get("user:anna").hints_seen == ("clock",) and store.get("user:anna").lang == "de"
