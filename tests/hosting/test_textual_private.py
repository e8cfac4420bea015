"""Private Textual/rich names are used in one module only (``ahoy_tui.hosting.textual_private``).

An upgrade of Textual or rich can rename any private name without notice;
with every use in one module that checks the pinned versions at import, an
upgrade fails at start-up, in one place, instead of silently in play.

The scan reads every module of ``ahoy_tui`` and ``server`` (the AST) and
reports, outside ``textual_private``:

* an import from a private module (``textual._compositor``,
  ``textual.widgets._select``) or of a private name (``from rich.cells
  import _is_single_cell_widths``);
* ``x._name`` where ``x`` is not ``self``/``cls``/``super()`` and ``_name``
  is a private name that Textual or rich define anywhere (``app._display``,
  ``strip._segments``, ``style._color``); ``getattr``/``setattr``/``hasattr``
  with such a name as a literal;
* in a class that subclasses a Textual or rich class: ``self._name`` or a
  method ``_name`` where ``_name`` is private to one of those base classes
  (``self._bindings``, an ``_on_key`` override).

Private names of our own objects (``self.server._authorized``) are not
reported unless Textual or rich happen to define the same name; then rename
ours.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import textwrap
from functools import lru_cache
from pathlib import Path

import rich
import textual

ROOT = Path(__file__).resolve().parents[2]
ALLOWED = {ROOT / "ahoy_tui" / "hosting" / "textual_private.py"}
LIBRARIES = ("textual", "rich")
SELF_NAMES = ("self", "cls")


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _library(module: str) -> bool:
    return module.split(".")[0] in LIBRARIES


@lru_cache(maxsize=1)
def library_private_names() -> frozenset[str]:
    """Every private name Textual or rich define: functions, classes, attributes, module globals."""
    names: set[str] = set()
    for package in (textual, rich):
        for path in Path(package.__file__).parent.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    name = node.name
                elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                    name = node.attr
                elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    name = node.id
                else:
                    continue
                if _private(name):
                    names.add(name)
    return frozenset(names)


@lru_cache(maxsize=None)
def _class_private_names(cls: type) -> frozenset[str]:
    names = {name for name in vars(cls) if _private(name)}
    names.update(name for name in getattr(cls, "__slots__", ()) if _private(name))
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return frozenset(names)
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _private(node.attr)
                and isinstance(node.value, ast.Name) and node.value.id == "self"):
            names.add(node.attr)
    return frozenset(names)


def inherited_private_names(cls: type) -> frozenset[str]:
    """Private names the Textual/rich classes in ``cls``'s MRO define (methods, class and instance attributes)."""
    names: set[str] = set()
    for base in cls.__mro__:
        if _library(base.__module__):
            names |= _class_private_names(base)
    return frozenset(names)


def _is_self(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return node.id in SELF_NAMES
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"


def _other_module(module: object, value: ast.expr) -> bool:
    """True when ``value`` names a module other than Textual's or rich's (``os._exit`` is no Textual name)."""
    named = getattr(module, value.id, None) if isinstance(value, ast.Name) else None
    return inspect.ismodule(named) and not _library(named.__name__)


def scan(path: Path) -> list[str]:
    """The private Textual/rich names ``path`` uses, as ``"file:line: what"``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module = importlib.import_module(".".join(path.relative_to(ROOT).with_suffix("").parts))
    private = library_private_names()
    where = path.relative_to(ROOT)
    found: list[str] = []

    def report(node: ast.AST, what: str) -> None:
        found.append(f"{where}:{node.lineno}: {what}")

    def visit(node: ast.AST, owner: type | None) -> None:
        for child in ast.iter_child_nodes(node):
            inner = owner
            if isinstance(child, ast.ClassDef):
                scope = module if owner is None else owner
                cls = getattr(scope, child.name, None)
                inner = cls if inspect.isclass(cls) else None
                if inner is not None:
                    inherited = inherited_private_names(inner)
                    for item in child.body:
                        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name in inherited:
                            report(item, f"overrides {child.name}.{item.name} (private in Textual/rich)")
            elif isinstance(child, ast.ImportFrom) and child.module and _library(child.module):
                if any(_private(part) for part in child.module.split(".")):
                    report(child, f"imports from private module {child.module}")
                for alias in child.names:
                    if _private(alias.name):
                        report(child, f"imports {child.module}.{alias.name}")
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    if _library(alias.name) and any(_private(part) for part in alias.name.split(".")):
                        report(child, f"imports private module {alias.name}")
            elif isinstance(child, ast.Attribute) and _private(child.attr):
                if _is_self(child.value):
                    if owner is not None and child.attr in inherited_private_names(owner):
                        report(child, f"{ast.unparse(child)} (private in a Textual/rich base class)")
                elif child.attr in private and not _other_module(module, child.value):
                    report(child, ast.unparse(child))
            elif (isinstance(child, ast.Call) and isinstance(child.func, ast.Name)
                  and child.func.id in ("getattr", "setattr", "hasattr", "delattr") and len(child.args) >= 2
                  and isinstance(child.args[1], ast.Constant) and isinstance(child.args[1].value, str)
                  and child.args[1].value in private):
                report(child, ast.unparse(child))
            visit(child, inner)

    visit(tree, None)
    return found


def our_modules() -> list[Path]:
    return sorted(p for package in ("ahoy_tui", "server") for p in (ROOT / package).rglob("*.py")
                  if p not in ALLOWED)


def test_no_private_textual_or_rich_name_outside_textual_private():
    found = [line for path in our_modules() for line in scan(path)]
    assert not found, ("private Textual/rich names outside ahoy_tui/hosting/textual_private.py "
                       "(move the use there, with a docstring saying why):\n" + "\n".join(found))


def test_the_scan_finds_each_kind_of_private_use(tmp_path, monkeypatch):
    """The scan reports every kind of use it claims to (a scan that finds nothing proves nothing)."""
    package = tmp_path / "ahoy_tui_scan_probe"
    package.mkdir()
    (package / "__init__.py").write_text("")
    probe = package / "probe.py"
    probe.write_text(textwrap.dedent('''
        from textual._compositor import Compositor
        from rich.cells import _is_single_cell_widths
        from textual.widgets import Input
        from textual.strip import Strip


        class Mine(Input):
            def _on_key(self, event):
                return self._cursor_visible


        class Ours:
            def __init__(self):
                self._display = None

            def show(self, app, strip):
                return app._display, strip._segments, getattr(app, "_exit", False), self._display
    '''))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    found = scan(probe)
    text = "\n".join(found)
    assert "private module textual._compositor" in text
    assert "rich.cells._is_single_cell_widths" in text
    assert "overrides Mine._on_key" in text
    assert "self._cursor_visible" in text
    assert "app._display" in text and "strip._segments" in text and "getattr(app, '_exit', False)" in text
    assert len(found) == 7, text  # not Ours's own self._display


def test_textual_private_refuses_other_versions(monkeypatch):
    """Importing the private-names module on another Textual release fails, naming the module."""
    import importlib.metadata
    import sys

    real = importlib.metadata.version
    monkeypatch.setattr(importlib.metadata, "version",
                        lambda name: "9.0.0" if name == "textual" else real(name))
    monkeypatch.delitem(sys.modules, "ahoy_tui.hosting.textual_private")
    try:
        importlib.import_module("ahoy_tui.hosting.textual_private")
    except ImportError as exc:
        assert "ahoy_tui.hosting.textual_private" in str(exc) and "9.0.0" in str(exc) and "8.2.8" in str(exc)
    else:
        raise AssertionError("textual_private imported on textual 9.0.0")


def test_every_session_filters_a_shared_row_with_one_filter_per_theme():
    """Each app makes its own ``ANSIToTruecolor``; rows shared by a table's sessions are filtered once
    (``shared_line_filters``), with the same result as the session's own filter."""
    from rich.segment import Segment
    from rich.style import Style
    from rich.terminal_theme import MONOKAI, NIGHT_OWLISH
    from textual.color import Color
    from textual.filter import ANSIToTruecolor, DimFilter
    from textual.strip import Strip

    from ahoy_tui.hosting.textual_private import shared_line_filters

    anna, bo, other = ANSIToTruecolor(MONOKAI), ANSIToTruecolor(MONOKAI), ANSIToTruecolor(NIGHT_OWLISH)
    dim = DimFilter()
    (a,), (b,), (c,) = shared_line_filters([anna]), shared_line_filters([bo]), shared_line_filters([other])
    assert a is b and a is not anna and c is not a
    assert shared_line_filters([dim]) == [dim]
    row = Strip([Segment("Hook offered ", Style(color="red", bgcolor="blue")), Segment("7", Style(bold=True))])
    background = Color(10, 20, 30)
    assert list(row.apply_filter(a, background)) == list(row.apply_filter(anna, background))
    assert row.apply_filter(a, background) is row.apply_filter(b, background)  # filtered once, kept on the row
