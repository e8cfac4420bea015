"""Text wrapped for 80 columns (``ssh host rules ahoi``) wrapped again, once, for a narrower box.

Textual would wrap each too-long line on its own and leave a word or two on
a line of their own ("cards,", "its"). :func:`reflow` joins each
paragraph's lines first and fills them at the box's width with the same
hanging indent:

- a paragraph starts at a bullet (``- ``, ``1. ``), a label column
  (``  your turn      d draw``) or any line not indented to the previous
  paragraph's hanging indent; a line after an unindented one with no bullet
  (a heading, a paragraph the widget wraps) starts one too;
- its hanging indent is the column where the text after the bullet or label starts.
"""

from __future__ import annotations

import re
import textwrap

_HEAD = re.compile(r"^( *)(?:(- |\d+\. )|(\S.*?\s{2,})(?=\S))?")


def _hang(line: str) -> int:
    """The column a paragraph starting with ``line`` continues at."""
    m = _HEAD.match(line)
    return m.end() if m and (m.group(2) or m.group(3)) else len(line) - len(line.lstrip(" "))


def _paragraphs(text: str) -> list[list[str]]:
    out: list[list[str]] = []
    hang = -1
    for line in text.split("\n"):
        indent = len(line) - len(line.lstrip(" "))
        bullet = bool(_HEAD.match(line).group(2))  # type: ignore[union-attr]
        starts = not line.strip() or bullet or hang <= 0 or indent != hang or not out
        if starts:
            out.append([line])
            hang = _hang(line) if line.strip() else -1
        else:
            out[-1].append(line)
    return out


def reflow(text: str, width: int) -> str:
    """``text`` with every paragraph that has a line longer than ``width`` filled at ``width``.

    Paragraphs that fit, and a lone long line with no bullet or label, are kept as they are (the widget
    wraps such a line itself).
    """
    if width < 20:
        return text
    lines: list[str] = []
    for para in _paragraphs(text):
        indent = len(para[0]) - len(para[0].lstrip(" "))
        if max(len(ln) for ln in para) <= width or (len(para) < 2 and _hang(para[0]) == indent):
            lines.extend(para)
            continue
        hang = _hang(para[0])
        head = para[0][:hang]
        words = " ".join([para[0][hang:].strip()] + [ln.strip() for ln in para[1:]])
        lines.extend(textwrap.wrap(words, width, initial_indent=head, subsequent_indent=" " * hang,
                                   break_on_hyphens=False) or [head])
    return "\n".join(lines)
