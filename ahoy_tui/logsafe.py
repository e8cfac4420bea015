"""Log hygiene: player-controlled text never reaches the log raw.

Anything a client chooses (username, TERM, exec command, subsystem name,
chat text) may carry terminal escape sequences, bidi overrides or line
breaks that would repaint an operator's terminal or forge log lines.
:func:`esc` turns such a string into one printable line; :class:`SafeFormatter`
is the net under it for every record the server logs.
"""

from __future__ import annotations

import logging
import traceback

#: Characters longer than this are cut (with a count of what was cut).
MAX_LOGGED = 200

# Format characters that are not "printable" by str.isprintable() already
# cover bidi controls (U+202A..U+202E, U+2066..U+2069, U+200E/F, U+061C);
# these are listed so the intent is visible and tested.
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _escape_char(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def esc(value: object, limit: int = MAX_LOGGED) -> str:
    """``value`` as one printable line for a log.

    Backslashes are doubled; controls (C0, DEL, C1), format characters
    (bidi overrides, zero-width), separators other than space, surrogates
    and unassigned code points become ``\\xNN``/``\\uNNNN``. Text beyond
    ``limit`` characters is cut and marked ``…(+N)``.

    Args:
        value: Anything; ``str(value)`` is escaped (None gives ``None``).
        limit: Characters of the original kept.
    """
    text = str(value)
    cut = len(text) - limit
    if cut > 0:
        text = text[:limit]
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch.isprintable() and ch not in BIDI:
            out.append(ch)
        else:
            out.append(_escape_char(ch))
    if cut > 0:
        out.append(f"…(+{cut})")
    return "".join(out)


def esc_lines(text: str) -> str:
    """Like :func:`esc` but keeps line breaks (tracebacks) and has no length cap."""
    return "\n".join(esc(line, limit=len(line)) for line in text.split("\n"))


def _exception_lines(te: traceback.TracebackException) -> list[str]:
    """A traceback whose exception messages are one escaped line each."""
    out: list[str] = []
    if te.__cause__ is not None:
        out += _exception_lines(te.__cause__)
        out.append("\nThe above exception was the direct cause of the following exception:\n\n")
    elif te.__context__ is not None and not te.__suppress_context__:
        out += _exception_lines(te.__context__)
        out.append("\nDuring handling of the above exception, another exception occurred:\n\n")
    if te.stack:
        out.append("Traceback (most recent call last):\n")
        out += [esc_lines(frame) for frame in te.stack.format()]
    message = "".join(te.format_exception_only()).rstrip("\n")
    out.append(esc(message, limit=max(len(message), 1)) + "\n")
    return out


class SafeFormatter(logging.Formatter):
    """A formatter whose output holds no control byte but the line breaks of tracebacks.

    The message (with its arguments) is one line; an exception's message is
    one line too; stack frames keep their line breaks and lose every other
    control character.
    """

    def format(self, record: logging.LogRecord) -> str:  # noqa: A003 - logging API
        message = record.getMessage()
        safe = logging.makeLogRecord(record.__dict__)
        safe.msg, safe.args = esc(message, limit=max(len(message), 1)), None
        return super().format(safe)

    def formatException(self, ei) -> str:  # noqa: N802, ANN001 - logging API
        if ei[1] is None:
            return esc_lines(super().formatException(ei))
        te = traceback.TracebackException(*ei, compact=True)
        return "".join(_exception_lines(te)).rstrip("\n")

    def formatStack(self, stack_info: str) -> str:  # noqa: N802 - logging API
        return esc_lines(super().formatStack(stack_info))
