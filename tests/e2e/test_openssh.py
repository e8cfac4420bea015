"""The real OpenSSH client in a pseudo-terminal, read through pyte."""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import re
import shutil
import struct
import subprocess
import termios
import time

import pyte
import pytest
from harness import wait_until

SSH = shutil.which("ssh")
pytestmark = pytest.mark.skipif(SSH is None, reason="OpenSSH client `ssh` not installed")


def _set_size(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class PtyClient:
    """``ssh`` running on a PTY whose output feeds a pyte screen."""

    def __init__(self, args: list[str], cols: int, rows: int) -> None:
        self.master, slave = pty.openpty()
        _set_size(self.master, cols, rows)
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        env = dict(os.environ, TERM="xterm-256color")
        env.pop("COLORTERM", None)
        self.proc = subprocess.Popen(
            args, stdin=slave, stdout=slave, stderr=slave, env=env,
            start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),
        )
        os.close(slave)
        self.raw = bytearray()
        loop = asyncio.get_running_loop()
        loop.add_reader(self.master, self._read)

    def _read(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except OSError:
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
            return
        self.raw.extend(data)
        self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, needle: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        while not re.search(needle, self.text()):
            if time.monotonic() > deadline:
                raise AssertionError(f"{needle!r} not on screen:\n{self.text()}\n{bytes(self.raw[-300:])!r}")
            await asyncio.sleep(0.02)
        return self.text()

    def type(self, text: str) -> None:
        os.write(self.master, text.encode())

    def resize(self, cols: int, rows: int) -> None:
        self.screen.resize(rows, cols)
        _set_size(self.master, cols, rows)  # the kernel sends ssh SIGWINCH

    async def wait_exit(self, timeout: float = 8.0) -> int:
        deadline = time.monotonic() + timeout
        while self.proc.poll() is None:
            if time.monotonic() > deadline:
                self.proc.kill()
                raise AssertionError("ssh did not exit")
            await asyncio.sleep(0.02)
        return self.proc.returncode

    def close(self) -> None:
        try:
            asyncio.get_running_loop().remove_reader(self.master)
        except Exception:
            pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.master)


async def test_openssh_client_plays(server, client_key, tmp_path):
    key_file = tmp_path / "id_ed25519"
    key_file.write_bytes(client_key.export_private_key())
    key_file.chmod(0o600)
    args = [
        SSH, "-tt", "-F", "/dev/null", "-p", str(server.port), "-i", str(key_file),
        "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
        "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "anna@127.0.0.1",
    ]
    client = PtyClient(args, 80, 24)
    try:
        await client.wait_for("Ahoy, anna!")
        fp = client_key.get_fingerprint("sha256")
        assert list(server.lobby.core.players) == [f"key:{fp}"]
        (session,) = server.sessions
        assert session.info.color_system == "256" and session.info.size == (80, 24)

        client.type("ahoy from openssh\r")
        await client.wait_for("You said: ahoy from openssh")

        client.resize(120, 40)
        await client.wait_for("Ahoy, anna!")
        await wait_until(lambda: session.link.size == (120, 40), timeout=30)
        # the repaint at the new size
        await wait_until(lambda: client.screen.display[39].rstrip().endswith("▎"), timeout=30)

        client.type("\x1b")
        await asyncio.sleep(0.3)
        client.type("q")
        assert await client.wait_exit() == 0
        assert b"\x1b[?1049l" in bytes(client.raw)
    finally:
        client.close()


async def test_openssh_no_pty_command(server, tmp_path):
    proc = await asyncio.create_subprocess_exec(
        SSH, "-T", "-F", "/dev/null", "-p", str(server.port), "-o", "StrictHostKeyChecking=no",
        "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "PubkeyAuthentication=no",
        "-o", "PreferredAuthentications=keyboard-interactive",
        "anna@127.0.0.1", "rules",
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode == 0, err
    assert b"treasure" in out and b"\x1b" not in out


async def _openssh_rules(port: int, *options: str) -> bytes:
    proc = await asyncio.create_subprocess_exec(
        SSH, "-T", "-F", "/dev/null", "-p", str(port), "-o", "StrictHostKeyChecking=no",
        "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "PubkeyAuthentication=no",
        "-o", "PreferredAuthentications=keyboard-interactive", *options,
        "anna@127.0.0.1", "rules",
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode == 0, err
    return out


async def test_openssh_no_pty_rules_follow_the_clients_lang(server):
    """``ssh -o SetEnv=LANG=es_ES.UTF-8 host rules`` answers in Spanish (UTF-8); LANG=C in English ASCII."""
    spanish = (await _openssh_rules(server.port, "-o", "SetEnv=LANG=es_ES.UTF-8")).decode("utf-8")
    assert "tesoro" in spanish and "¡MANOS ARRIBA!" in spanish and "treasure" not in spanish
    assert "\x1b" not in spanish
    latin = await _openssh_rules(server.port, "-o", "SetEnv=LANG=es_ES.ISO-8859-1")
    assert b"tesoro" in latin and all(b == 10 or 32 <= b < 127 for b in latin)
    english = await _openssh_rules(server.port, "-o", "SetEnv=LANG=C")
    assert b"treasure" in english and b"tesoro" not in english
