"""The Ahoi engine imports no Textual, asyncio, asyncssh or rich and uses no module-level random (issue 18)."""

import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[3] / "ahoy_tui" / "games" / "ahoi"


def test_ahoi_imports_no_ui_async_or_ssh_module():
    modules = ", ".join(f"ahoy_tui.games.ahoi.{p.stem}" for p in ROOT.glob("*.py") if p.stem != "__init__")
    code = (f"import sys\nimport {modules}\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'asyncio', 'asyncssh', 'rich'))\n"
            "print(','.join(bad))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_ahoi_uses_no_module_level_random():
    paths = list(ROOT.glob("*.py"))
    assert len(paths) > 10
    for path in paths:
        text = path.read_text()
        assert not re.search(r"(^|[^.\w])random\.(shuffle|choice|randint|random|sample|randrange)\(", text), path
