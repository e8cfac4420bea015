"""A reference client of the bot API (docs/bot-api.md): plays whole games over ``ssh -T host bot``.

It connects with an SSH key, creates a table of the chosen game, seats the
house's baseline bots beside it, starts, and plays every decision of its own
seat with the game's baseline policy (AHOY!! V2: ``ahoy_tui/games/ahoy/bots/baseline.py``,
Ahoi: ``ahoy_tui/games/ahoi/baseline.py``, through the game registry's ``make_bot``),
reading its view from the JSON lines the server pushes. The transport is
asyncssh; the lines are decoded with the same codec the server writes them with
(``ahoy_tui.lobby.codec``), and the chosen action is sent back as the very JSON
object the server listed it as (a bot in another language does the same:
pick one entry of ``legal`` and echo it).

    python examples/bot_client.py --port 2222 --key ~/.ssh/id_ed25519 --game ahoi

prints one line per finished game: the scores and the client's place.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import random
import sys
from dataclasses import dataclass, field
from typing import Any, Callable

import asyncssh

from ahoy_tui.games.registry import GAMES
from ahoy_tui.lobby import codec


class BotError(Exception):
    """The server refused a request this client cannot go on without (its error object)."""


@dataclass
class GameResult:
    """One finished game as the client saw it: the table, its seat, the scores, acts sent."""

    table_id: str
    seat: int
    scores: tuple[int, ...]
    acts: int
    refused: list[dict] = field(default_factory=list)


class BotClient:
    """One ``bot`` channel: send requests (:meth:`request`), read pushed messages (:meth:`next_push`).

    Args:
        process: An asyncssh ``SSHClientProcess`` running ``bot`` (bytes mode).
        on_line: Called with every raw line received (tests scan them).
    """

    def __init__(self, process: asyncssh.SSHClientProcess, on_line: Callable[[bytes], None] | None = None) -> None:
        self.process = process
        self.on_line = on_line
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict]] = {}
        self.pushes: asyncio.Queue[tuple[Any, dict]] = asyncio.Queue()
        self.closed = False
        """The server's side ended: no more replies or pushes."""
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        stdout = self.process.stdout
        try:
            while True:
                try:
                    line = await stdout.readline()
                except (OSError, asyncssh.Error):  # the connection broke (the server was killed)
                    break
                if not line:
                    break
                if self.on_line is not None:
                    self.on_line(line)
                raw = json.loads(line)
                if raw.get("@") == "Reply":
                    fut = self._waiting.pop(raw.get("id"), None)
                    if fut is not None and not fut.done():
                        fut.set_result(raw)
                else:
                    await self.pushes.put((codec.decode(line.rstrip(b"\n")), raw))
        finally:
            self.closed = True
            for fut in self._waiting.values():  # no reply will come: every request in flight fails
                if not fut.done():
                    fut.set_exception(ConnectionError("the server closed the connection"))
            self._waiting.clear()
            await self.pushes.put((None, {}))

    async def request(self, cmd: str, **fields: Any) -> dict:
        """Send one request; return its reply (``{"@":"Reply","id":..,"ok":..,"result"|"error":..}``).

        Raises:
            ConnectionError: the connection ended before the reply came (or had ended already).
        """
        if self.closed:
            raise ConnectionError("the server closed the connection")
        rid = next(self._ids)
        fut = asyncio.get_running_loop().create_future()
        self._waiting[rid] = fut
        self.process.stdin.write(json.dumps({"id": rid, "cmd": cmd, **fields}).encode() + b"\n")
        return await fut

    async def must(self, cmd: str, **fields: Any) -> Any:
        """:meth:`request` that raises :class:`BotError` when refused; returns the decoded result."""
        reply = await self.request(cmd, **fields)
        if not reply["ok"]:
            raise BotError(f"{cmd}: {reply['error']}")
        return codec.decode_value(json.dumps(reply["result"]).encode())

    async def close(self) -> None:
        self.process.stdin.write_eof()
        await self._reader


async def play_game(client: BotClient, game: str, bots: int = 2, options: dict | None = None,
                    seed: int = 1) -> GameResult:
    """Create a table of ``game`` with ``bots`` baseline bots, start it, play the client's seat
    with the baseline policy until the game is over."""
    config = {"game": game, "name": f"{game} bots", "seats": bots + 1, "clocks": "untimed",
              "bot_pace": "fast", "options": options or {}}
    table_id = await client.must("create", config=config)
    for _ in range(bots):
        await client.must("add_bot", table=table_id, kind="baseline")
    await client.must("ready", table=table_id)
    await client.must("start", table=table_id)
    policy = GAMES[game].make_bot("baseline", seed)
    acted: set[int] = set()
    refused: list[dict] = []
    rng = random.Random(seed)
    while True:
        msg, raw = await client.pushes.get()
        while not client.pushes.empty():  # act on the newest update only: older ones are stale
            newer = client.pushes.get_nowait()
            if newer[0] is None or _update_of(newer[0], table_id):
                msg, raw = newer
            if newer[0] is None:
                break
        if msg is None:
            raise BotError("the server closed the connection before the game ended")
        if not _update_of(msg, table_id):
            continue
        if msg.table.status == "game_over":
            await client.must("leave", table=table_id)
            return GameResult(table_id, msg.seat, tuple(msg.view.totals), len(acted), refused)
        if not msg.legal or msg.view is None or msg.version in acted:
            continue
        acted.add(msg.version)
        try:
            choice = policy.choose(msg.view, msg.legal)
        except Exception:  # a policy's bug must not stop the game: any legal action will do
            choice = rng.choice(msg.legal)
        wire = raw["legal"][msg.legal.index(choice)]  # echo the server's own JSON of that action
        reply = await client.request("act", table=table_id, action=wire, version=msg.version)
        while not reply["ok"] and reply["error"]["code"] == "slow_down":  # over the rate: wait, try again
            await asyncio.sleep(0.2)
            reply = await client.request("act", table=table_id, action=wire, version=msg.version)
        if not reply["ok"]:  # e.g. stale: the table moved on; the next update says what is legal
            refused.append(reply["error"])


def _update_of(msg: Any, table_id: str) -> bool:
    return type(msg).__name__ == "TableUpdate" and msg.table.table_id == table_id


async def open_bot(host: str, port: int, key: asyncssh.SSHKey | str, username: str = "robo",
                   on_line: Callable[[bytes], None] | None = None) -> tuple[asyncssh.SSHClientConnection, BotClient]:
    """Connect with ``key`` (an ``SSHKey`` or a private key file) and open the ``bot`` channel."""
    keys = [key] if isinstance(key, asyncssh.SSHKey) else [asyncssh.read_private_key(key)]
    conn = await asyncssh.connect(host, port, username=username, client_keys=keys, known_hosts=None,
                                  agent_path=None, config=None, preferred_auth="publickey")
    process = await conn.create_process("bot", encoding=None, request_pty=False)
    return conn, BotClient(process, on_line)


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=2222)
    parser.add_argument("--key", required=True, help="private key file (its public key is the bot's identity)")
    parser.add_argument("--name", default="robo", help="the bot's name (the SSH username)")
    parser.add_argument("--game", default="ahoy", choices=sorted(GAMES))
    parser.add_argument("--bots", type=int, default=2, help="baseline bots beside the client")
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args(argv)
    conn, client = await open_bot(args.host, args.port, args.key, args.name)
    options = {"limit": 50} if args.game == "ahoy" else {}
    try:
        for n in range(args.games):
            result = await play_game(client, args.game, args.bots, options, seed=n + 1)
            print(f"{args.game} table {result.table_id}: seat {result.seat}, scores {list(result.scores)}, "
                  f"{result.acts} decisions")
    except (BotError, ConnectionError) as e:
        print(f"bot_client: {e}", file=sys.stderr)
        return 1
    finally:
        if not client.closed:
            await client.close()
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
