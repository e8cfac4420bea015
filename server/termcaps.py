"""What a client's terminal can show, from the environment it sent.

Two jobs: decide a session's colour depth / charset / language from TERM,
COLORTERM and LANG (never from the server's own terminal), and clamp the
colour codes of outgoing bytes to that depth.

The clamp exists because rich's ``Style._ansi`` and Textual's strip caches
are shared by every app in the process and are keyed without the colour
system, so a frame rendered for one session can carry codes of another
depth (see docs/ssh.md). :mod:`ahoy_tui.hosting.render` fixes the compositor path;
this module is the guarantee on the wire.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Mapping

from rich.color import Color, ColorSystem as RichColorSystem

from ahoy_tui.ui.i18n import normalize_lang

from ahoy_tui.session import ColorSystem

_RICH_SYSTEMS: dict[str, RichColorSystem] = {
    "standard": RichColorSystem.STANDARD,
    "256": RichColorSystem.EIGHT_BIT,
    "truecolor": RichColorSystem.TRUECOLOR,
}


def color_system_for(term: str | None, colorterm: str | None) -> ColorSystem:
    """Colour depth for a client.

    Args:
        term: The TERM sent with the PTY request (``None`` if absent).
        colorterm: COLORTERM if the client sent it (OpenSSH only does with
            SendEnv/SetEnv).

    Returns:
        ``"truecolor"`` only when COLORTERM says truecolor/24bit, ``"256"``
        for ``*-256color`` terminals, else ``"standard"`` (16 colours).
    """
    if (colorterm or "").strip().lower() in ("truecolor", "24bit"):
        return "truecolor"
    if "256col" in (term or "").lower():
        return "256"
    return "standard"


def _locale(env: Mapping[str, str]) -> str | None:
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(name)
        if value:
            return value
    return None


def utf8_for(env: Mapping[str, str]) -> bool:
    """True unless the client sent a locale that is not UTF-8.

    Args:
        env: Environment variables the client sent (LC_ALL, LC_CTYPE, LANG).
    """
    loc = _locale(env)
    if loc is None:
        return True
    low = loc.lower().replace("-", "")
    return "utf8" in low


def lang_for(env: Mapping[str, str]) -> str:
    """``"es"`` when the client's LANG/LC_ALL is Spanish, ``"de"`` when German, else ``"en"``."""
    return normalize_lang(env.get("LC_ALL") or env.get("LANG") or "")


def plain_locale(env: Mapping[str, str] | None) -> tuple[str, bool]:
    """The language and UTF-8-ness of a no-PTY answer (``ssh host tables``): ``(lang, utf8)``.

    Without any locale in ``env`` (``LC_ALL``, ``LC_CTYPE``, ``LANG``) the
    answer is English and ASCII only; else :func:`lang_for` and :func:`utf8_for`.
    """
    env = env or {}
    has_locale = any(env.get(k) for k in ("LC_ALL", "LC_CTYPE", "LANG"))
    return lang_for(env), bool(has_locale) and utf8_for(env)


_SGR = re.compile(r"\x1b\[([0-9;]*)m")


@lru_cache(maxsize=4096)
def _convert(kind: str, args: tuple[int, ...], system: str) -> str:
    """Rewrite one extended colour (``38;5;n`` / ``48;2;r;g;b``) for ``system``."""
    color = Color.from_ansi(args[0]) if len(args) == 1 else Color.from_rgb(*args)
    if kind == "58":  # underline colour: no 16-colour form, drop below truecolor.
        return "" if system != "truecolor" else "58;2;%d;%d;%d" % color.get_truecolor()
    target = _RICH_SYSTEMS[system]
    if target is RichColorSystem.TRUECOLOR:
        color = Color.from_triplet(color.get_truecolor())
    else:
        color = color.downgrade(target)
    return ";".join(color.get_ansi_codes(foreground=kind == "38"))


def _clamp_params(params: str, system: str) -> str:
    parts = params.split(";")
    out: list[str] = []
    i, n = 0, len(parts)
    while i < n:
        p = parts[i]
        if p in ("38", "48", "58") and i + 1 < n:
            mode = parts[i + 1]
            width = 1 if mode == "5" else 3 if mode == "2" else 0
            if width and i + 2 + width <= n:
                try:
                    args = tuple(int(a or 0) for a in parts[i + 2 : i + 2 + width])
                except ValueError:
                    args = ()
                is_native = (mode == "5" and system == "256") or (
                    mode == "2" and system == "truecolor"
                )
                if is_native:
                    out.extend(parts[i : i + 2 + width])
                elif args:
                    code = _convert(p, args, system)
                    if code:
                        out.append(code)
                i += 2 + width
                continue
        out.append(p)
        i += 1
    return ";".join(out)


_NATIVE_ONLY = {"truecolor": "8;5;", "256": "8;2;"}
"""Colour system -> the code (``38;5;``/``48;5;``/``58;5;``, or ``;2;``) without which its frames need no rewrite."""


def clamp_colors(text: str, system: ColorSystem) -> str:
    """Rewrite every extended colour code in ``text`` to ``system``'s depth.

    16-colour codes (30–37, 90–97, 40–47, 100–107) are valid at every depth
    and pass untouched; ``38;5``/``48;5`` and ``38;2``/``48;2`` codes are
    converted (down or up) so the session only ever gets its own kind.

    Args:
        text: Terminal output, possibly with SGR sequences.
        system: The session's colour system; ``"monochrome"`` is treated as
            ``"standard"``.

    Returns:
        ``text`` with clamped SGR sequences (the same object if nothing to do).

    A frame already at the session's depth (every frame our encoder writes:
    ``ahoy_tui.hosting.render``) is returned by a substring test, without the
    regular expression: a truecolor session only ever has ``;5;`` codes
    rewritten, a 256-colour one ``;2;`` codes (issue 25: the rewrite was
    ~2.5 % of a loaded server's CPU).
    """
    if "8;" not in text:
        return text
    native = _NATIVE_ONLY.get(system)
    if native is not None and native not in text:
        return text
    sys_name = "standard" if system == "monochrome" else system

    def fix(match: re.Match[str]) -> str:
        params = match.group(1)
        new = _clamp_params(params, sys_name)
        return "" if params and not new else f"\x1b[{new}m"

    return _SGR.sub(fix, text)


# -- turn alerts: which terminals may get a title and a desktop notification (issue 28.3) ---------------

_NO_TITLE = ("linux", "vt", "dumb", "ansi", "cons", "sun", "pcansi", "wy", "tvi", "adm", "hp", "unknown")
"""TERM prefixes of terminals that have no window title: the Linux console prints an unknown OSC's
text on the screen; vt100/vt220, ``dumb`` and the other hardware terminals have no title at all."""
_TITLE = ("xterm", "rxvt", "screen", "tmux", "foot", "alacritty", "wezterm", "konsole", "gnome", "vte",
          "putty", "st", "contour", "iterm", "mintty", "ms-terminal", "kitty")
"""TERM prefixes of terminal emulators known to set their window (or tmux pane) title from OSC 2."""

_OSC777_TERMS = ("foot", "wezterm", "xterm-ghostty", "ghostty")
"""TERM prefixes of terminals showing ``OSC 777;notify;title;body`` as a desktop notification:
foot (``TERM=foot``/``foot-extra``), WezTerm (``TERM=wezterm``, set in its config), Ghostty
(``TERM=xterm-ghostty``)."""
_OSC9_TERMS = ("xterm-kitty",)
"""TERM prefixes of terminals showing ``OSC 9;text`` as a desktop notification: kitty."""
_OSC777_PROGRAMS = ("wezterm", "ghostty")
"""``TERM_PROGRAM`` values (lower case) of terminals that show OSC 777 (only sent with ``SendEnv``/``SetEnv``)."""
_OSC9_PROGRAMS = ("iterm.app",)
"""``TERM_PROGRAM`` values (lower case) of terminals that show OSC 9: iTerm2."""
_OSC9_LC_TERMINAL = ("iterm2",)
"""``LC_TERMINAL`` values (lower case) of terminals that show OSC 9: iTerm2 sets it so that it passes
OpenSSH's default ``SendEnv LANG LC_*``."""


def title_for(term: str | None) -> bool:
    """Whether the terminal called ``term`` shows a window title set by ``OSC 2`` (and ignores the title
    stack's ``CSI 22;2 t`` / ``CSI 23;2 t``): True for the emulators in ``_TITLE``, False for the Linux
    console, vt100/vt220, ``dumb`` and anything unknown (an unknown OSC could print as text there)."""
    low = (term or "").strip().lower()
    if not low or low.startswith(_NO_TITLE):
        return False
    return low.startswith(_TITLE)


def notify_for(term: str | None, env: Mapping[str, str]) -> str:
    """The desktop notification the client's terminal is known to show: ``"osc777"``, ``"osc9"`` or ``""``.

    Decided from ``TERM`` and the environment the client sent (``TERM_PROGRAM`` and ``LC_TERMINAL``
    when it sent them); a terminal not on these lists gets none, so nothing can print as junk there.
    Inside tmux or screen (``TERM=screen*``/``tmux*``) none either: they drop these sequences.

    Args:
        term: The client's TERM.
        env: Environment variables the client sent.
    """
    low = (term or "").strip().lower()
    if not title_for(low) or low.startswith(("screen", "tmux")):
        return ""
    if low.startswith(_OSC777_TERMS):
        return "osc777"
    if low.startswith(_OSC9_TERMS):
        return "osc9"
    program = (env.get("TERM_PROGRAM") or "").strip().lower()
    if program in _OSC777_PROGRAMS:
        return "osc777"
    if program in _OSC9_PROGRAMS or (env.get("LC_TERMINAL") or "").strip().lower() in _OSC9_LC_TERMINAL:
        return "osc9"
    return ""
