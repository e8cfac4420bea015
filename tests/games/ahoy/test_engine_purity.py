"""The engine imports no Textual, asyncio or asyncssh (DESIGN.md layers; STYLE.md 1)."""

import subprocess
import sys


def test_engine_imports_no_ui_async_or_ssh_module():
    code = (
        "import sys\n"
        "import ahoy_tui.games.ahoy, ahoy_tui.games.ahoy.replay, ahoy_tui.games.ahoy.game\n"
        "import ahoy_tui.games.ahoy.bots, ahoy_tui.games.ahoy.simulate, ahoy_tui.games.kit\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'asyncio', 'asyncssh', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_engine_uses_no_module_level_random():
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[3] / "ahoy_tui" / "games" / "ahoy"
    for path in root.glob("*.py"):
        text = path.read_text()
        assert not re.search(r"(^|[^.\w])random\.(shuffle|choice|randint|random|sample|randrange)\(", text), path
