"""Every use of a private Textual or rich name, in one place.

Ahoy pins ``textual==8.2.8`` and ``rich==15.0.0``; the names below are not
part of either library's public API and may change in any release, often
silently (a renamed attribute makes a ``getattr`` return its default, a
patched method is no longer called). Importing this module on any other
version raises :class:`ImportError` naming the module, so an upgrade fails
at start-up instead of in play; after an upgrade, check each function here
against the new sources and update the pins.

No other module of ``ahoy_tui`` or ``server`` may touch a private Textual or
rich name (``tests/hosting/test_textual_private.py`` scans them). Each function
says which private names it uses and why there is no public way.

Private classes (imported from private modules, re-exported here):

* :class:`Compositor`, :class:`ChopsUpdate`, :class:`CompositorUpdate`,
  :class:`LayoutUpdate` (``textual._compositor``): the frame diff encodes
  compositor updates itself (:mod:`ahoy_tui.hosting.framediff`); the frugal compositor
  renders only dirty rows (:mod:`ahoy_tui.hosting.compositor`).
* :class:`StylesCache` (``textual._styles_cache``): the per-widget line
  styler, kept per content line (:mod:`ahoy_tui.ui.widgets.rows`) and made
  not to pin ended widgets (:mod:`ahoy_tui.hosting.gc_policy`).
* :class:`XTermParser` (``textual._xterm_parser``): the SSH driver parses
  input bytes as Textual's own drivers do (:mod:`server.driver`).
* :data:`active_app` (``textual._context``): the app being rendered, for
  a class-wide scrollbar renderer (:mod:`ahoy_tui.ui.glyphs`).
* :func:`is_single_cell_widths` (``rich.cells._is_single_cell_widths``):
  the frame diff's fast test for a run of narrow characters.
"""

from __future__ import annotations

import contextlib
import functools
import weakref
from importlib.metadata import version as _installed
from typing import TYPE_CHECKING, Any, Callable, Iterable

TEXTUAL_VERSION = "8.2.8"
RICH_VERSION = "15.0.0"

_found = (_installed("textual"), _installed("rich"))
if _found != (TEXTUAL_VERSION, RICH_VERSION):
    raise ImportError(
        f"ahoy_tui.hosting.textual_private is written for textual {TEXTUAL_VERSION} and rich {RICH_VERSION} "
        f"(pinned in pyproject.toml); found textual {_found[0]} and rich {_found[1]}. "
        "Check every private name it uses against the installed versions before changing the pins."
    )

import textual.app as _textual_app  # noqa: E402
from rich.cells import _is_single_cell_widths as is_single_cell_widths  # noqa: E402
from rich.style import Style  # noqa: E402
from textual._compositor import ChopsUpdate, Compositor, CompositorUpdate, LayoutUpdate  # noqa: E402
from textual._context import active_app  # noqa: E402
from textual._styles_cache import StylesCache  # noqa: E402
from textual._xterm_parser import XTermParser  # noqa: E402
from textual.app import App  # noqa: E402
from textual.binding import Binding, BindingsMap  # noqa: E402
from textual.cache import LRUCache  # noqa: E402
from textual.css.model import RuleSet  # noqa: E402
from textual.css.stylesheet import Stylesheet  # noqa: E402
from textual.filter import ANSIToTruecolor  # noqa: E402
from textual.geometry import Region  # noqa: E402
from textual.strip import Strip  # noqa: E402

if TYPE_CHECKING:
    from textual.widget import Widget
    from textual.widgets import DataTable

__all__ = [
    "ChopsUpdate", "Compositor", "CompositorUpdate", "LayoutUpdate", "StylesCache", "XTermParser", "active_app",
    "is_single_cell_widths", "RowsCompositor", "SharedStylesheet",
]

# -- frames ---------------------------------------------------------------------------------


def hook_display(app: App[Any], make_hook: Callable[[Callable[[Any, Any], None]], Callable[[Any, Any], None]]) -> None:
    """Route every frame of ``app`` through one hook (``App._display``).

    ``make_hook(textual_display)`` gets Textual's own ``App._display`` of this
    instance (batch checks, synchronized output, cursor, write) and returns
    its replacement ``hook(screen, renderable)``. Textual has no public hook
    on the frames an app writes; the hosting layer holds the first frames
    back and encodes the rest per session (``ahoy_tui.hosting.apps.prepare_app``).
    One hook per app: a second call raises ``RuntimeError``.
    """
    if app in _DISPLAY_HOOKED:
        raise RuntimeError("the display of this app is hooked already")
    app_class = type(app)

    def textual_display(screen: Any, renderable: Any) -> None:
        # Looked up per frame, so a class-wide wrapper installed later is reached (install_cost_hooks).
        app_class._display(app, screen, renderable)

    app._display = make_hook(textual_display)
    _DISPLAY_HOOKED.add(app)


def in_batch(app: App[Any]) -> bool:
    """True inside ``App.batch_update`` (``App._batch_count``), when Textual drops every frame."""
    return bool(app._batch_count)


def write_to_terminal(app: App[Any], text: str) -> None:
    """Send ``text`` (escape sequences that set no cell: a window title, a notification) to the app's terminal.

    Uses ``App._driver``, as ``App.bell`` does: Textual has no public call to write to the terminal
    besides the bell. Nothing happens for a headless app or one without a driver (turn alerts,
    :mod:`ahoy_tui.ui.terminal_alerts`).
    """
    driver = app._driver
    if driver is not None and not app.is_headless:
        driver.write(text)


def full_update(app: App[Any]) -> CompositorUpdate:
    """A full frame of the current screen, over the screens below it.

    Uses ``Screen._compositor`` and ``App._background_screens``: what
    ``App.refresh`` would paint, but now and without a layout pass, so the
    held-back first frame goes out at once (``ahoy_tui.hosting.apps.FirstPaint``).
    """
    return app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)


def set_compositor(screen: Any, compositor: Compositor) -> None:
    """Give ``screen`` its own compositor (``Screen._compositor``; before it is laid out)."""
    screen._compositor = compositor


class RowsCompositor(Compositor):
    """Textual's compositor with one public seam for partial updates.

    During ``render_partial_update`` the widget renders Textual asks for
    (``Compositor._get_renders``) go to :meth:`partial_renders` with the
    dirty regions of the update (``Compositor._dirty_regions``); full
    updates are Textual's own. Subclass and override :meth:`partial_renders`
    (``ahoy_tui.hosting.compositor.FrugalCompositor``).
    """

    def __init__(self) -> None:
        super().__init__()
        self._ahoy_dirty: list[Region] | None = None

    def render_partial_update(self) -> ChopsUpdate | None:
        self._ahoy_dirty = list(self._dirty_regions)
        try:
            return super().render_partial_update()
        finally:
            self._ahoy_dirty = None

    def _get_renders(self, crop: Region | None = None) -> Iterable[tuple[Region, Region, list[Strip]]]:
        dirty = self._ahoy_dirty
        if not dirty or crop is None:
            yield from super()._get_renders(crop)
            return
        yield from self.partial_renders(crop, dirty)

    def partial_renders(self, crop: Region, dirty: list[Region]) -> Iterable[tuple[Region, Region, list[Strip]]]:
        """``(region, clip, lines)`` per widget render for a partial update of ``dirty`` within ``crop``.

        The default is Textual's: every line of every widget under ``crop``.
        """
        yield from super()._get_renders(crop)


def wrap_register(app: App[Any], before: Callable[[Any], None]) -> None:
    """Call ``before(widget)`` for every widget ``app`` registers, before Textual does (``App._register``).

    The only point every widget passes before its first render, whoever
    mounts it (compose, mount, Textual's own toasts and overlays); used to
    switch off blinking cursors and bound every ``Input`` when hosted.
    """
    original = app._register

    def register(parent: Any, *widgets: Any, **kwargs: Any) -> list[Any]:
        for widget in widgets:
            before(widget)
        return original(parent, *widgets, **kwargs)

    app._register = register


def on_screen_removed(app: App[Any], removed: Callable[[Any, Any, Callable[[], bool]], None]) -> None:
    """Call ``removed(screen, app, done)`` each time ``app`` starts removing a screen it left (``App._replace_screen``).

    Textual removes a screen popped or switched away from unless it is
    installed or still on a stack; the hosted server frees it then
    (``ahoy_tui.hosting.gc_policy``) rather than when the session ends. The call comes
    as the removal starts (Textual runs it as a task from the pop, so in the
    next loop turn, turns before the screen below is drawn again); Textual
    then takes the screen's widgets apart over many loop turns
    (``Widget.remove``), and ``done()`` is False until it has finished.
    Screens removed while the app shuts down are not reported: the session's
    end frees them.
    """
    original = app._replace_screen

    async def replace_screen(screen: Any) -> Any:
        finished = False
        if app.is_running and not app.is_screen_installed(screen) and all(
                screen not in stack for stack in app._screen_stacks.values()):
            removed(screen, app, lambda: finished)
        try:
            return await original(screen)
        finally:
            finished = True

    app._replace_screen = replace_screen


def app_exception(app: App[Any]) -> BaseException | None:
    """The exception that ended ``app`` (``App._exception``), for the crash log line."""
    return app._exception


def message_pumps_idle(app: App[Any]) -> bool:
    """True when no message pump of ``app`` has a message or callback waiting.

    Reads ``App._registry`` (every mounted node), ``MessagePump._message_queue``,
    ``._pending_message`` and ``._next_callbacks``: Textual says nothing public
    about queued work; the key pacer releases the next key only when the last
    one was handled (``server.key_pacer``).
    """
    for pump in (app, *app._registry):
        if pump._message_queue.qsize() or pump._pending_message is not None or pump._next_callbacks:
            return False
    return True


def parser_deadline(parser: XTermParser) -> float | None:
    """When ``parser`` gives up waiting for the rest of an escape sequence (``Parser._timeout_time``).

    A lone Esc becomes a key only once that time passed and the parser is
    ticked; Textual's own drivers poll, the SSH driver schedules one tick.
    """
    return parser._timeout_time


def render_pending(app: App[Any]) -> bool:
    """True while ``app`` has a message, callback, refresh or frame still to handle.

    :func:`message_pumps_idle` plus the current screen's dirty widgets
    (``Screen._dirty_widgets``), dirty regions (``Compositor._dirty_regions``)
    and pending layout or repaint of it or a widget on it (``._layout_required``,
    ``._repaint_required``; screens below it are not painted until shown).
    Textual says nothing public about a frame still to come; the cost counters'
    tests and benches wait for it before reading a figure (``ahoy_tui.ui.cost``).
    """
    if not message_pumps_idle(app):
        return True
    try:
        screen = app.screen
    except Exception:  # no screen yet, or the app is closing
        return False
    if screen._dirty_widgets or screen._compositor._dirty_regions:
        return True
    return any(node._layout_required or node._repaint_required for node in (screen, *screen.walk_children()))


# -- process-wide patches ------------------------------------------------------------------

_stdio_guard: Callable[[Any], bool] | None = None

_DISPLAY_HOOKED: weakref.WeakSet[Any] = weakref.WeakSet()
"""Apps whose ``_display`` :func:`hook_display` replaced (one hook per app)."""
_TIMED: set[Any] = set()
"""The ``Screen._compositor_refresh`` wrapper :func:`time_screen_updates` installed, while installed."""


def _skipped(target: Any) -> bool:
    """``target`` is an app's print capture (``textual.app._PrintCapture``) whose app ``skip`` accepts."""
    return (_stdio_guard is not None and isinstance(target, _textual_app._PrintCapture)
            and _stdio_guard(target.app))


def _redirect_stdout(target: Any) -> contextlib.AbstractContextManager[Any]:
    return contextlib.nullcontext(target) if _skipped(target) else contextlib.redirect_stdout(target)


def _redirect_stderr(target: Any) -> contextlib.AbstractContextManager[Any]:
    return contextlib.nullcontext(target) if _skipped(target) else contextlib.redirect_stderr(target)


def skip_stdio_capture(skip: Callable[[Any], bool]) -> None:
    """Don't let Textual swap ``sys.stdout``/``sys.stderr`` for the apps ``skip`` accepts.

    ``App.run_async`` wraps the app in ``redirect_stdout(capture)`` and
    ``redirect_stderr(capture)`` (the module globals of ``textual.app``),
    which swap the process-wide streams; apps running concurrently restore
    each other's streams out of order. ``skip(app)`` True leaves the streams
    alone for that app; other
    apps in the process are untouched. Installed once (idempotent; the last
    ``skip`` wins).
    """
    global _stdio_guard
    _stdio_guard = skip
    _textual_app.redirect_stdout = _redirect_stdout  # type: ignore[assignment]
    _textual_app.redirect_stderr = _redirect_stderr  # type: ignore[assignment]


def replace_strip_method(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
    """Set ``Strip.<name>`` process-wide; returns what it was.

    Used for ``Strip.render`` (per-colour-system encoding, ``ahoy_tui.hosting.render``)
    and ``Strip.divide`` (no ``[self]`` cycle, ``ahoy_tui.hosting.gc_policy``): Textual
    has no per-app or per-console strip rendering.
    """
    previous = getattr(Strip, name)
    setattr(Strip, name, method)
    return previous


def replace_get_inner_outer(method: Callable[..., Any]) -> None:
    """Set ``StylesCache.get_inner_outer`` process-wide (``ahoy_tui.hosting.gc_policy``: its cache pins widgets)."""
    StylesCache.get_inner_outer = method  # type: ignore[method-assign]


def _clear_lru_cache(self: LRUCache) -> None:
    """``LRUCache.clear`` that also empties each link of its ring (``_cache``, ``_head``)."""
    for link in self._cache.values():
        link.clear()
    self._cache.clear()
    self._full = False
    self._head = []


def clear_lru_caches_without_cycles() -> None:
    """Make ``textual.cache.LRUCache.clear`` free its entries by reference counting (process-wide).

    The cache keeps its entries in a ring of ``[prev, next, key, value]``
    lists; ``clear`` drops the ring whole, a reference cycle that only a
    full collection frees, and with it the values (a node's query cache
    holds widgets: an ended session's whole tree stays reachable from such
    a ring). Emptying each link first breaks the ring; same behaviour
    otherwise.
    """
    LRUCache.clear = _clear_lru_cache  # type: ignore[method-assign]


def _uncached(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` without its ``lru_cache`` (a no-op ``cache_clear`` stays, for Textual's callers)."""
    plain = getattr(method, "__wrapped__", method)  # probe: only an lru_cache wrapper has __wrapped__
    if plain is method:
        return method

    def call(*args: Any, **kwargs: Any) -> Any:
        return plain(*args, **kwargs)

    functools.update_wrapper(call, plain)
    call.cache_clear = lambda: None  # type: ignore[attr-defined]
    return call


def uncache_instance_methods() -> None:
    """Drop the ``lru_cache`` Textual puts on two methods (process-wide, idempotent).

    ``XTermParser._parse_extended_key`` and
    ``DataTable._get_styles_to_render_cell`` are cached on the method itself,
    so the cache is keyed by the instance too: its last entries keep their
    parser or table, and with it an ended session's whole app, alive. Both
    are a regular-expression match or a few style additions.
    """
    from textual.widgets import DataTable

    XTermParser._parse_extended_key = _uncached(XTermParser._parse_extended_key)  # type: ignore[method-assign]
    DataTable._get_styles_to_render_cell = _uncached(  # type: ignore[method-assign]
        DataTable._get_styles_to_render_cell)


_node_watcher: Callable[[Any, Any], None] | None = None


def watch_new_nodes(on_node: Callable[[Any, Any], None]) -> None:
    """Call ``on_node(node, app)`` for every DOM node created from now on, with the app it is made under.

    ``app`` is the app being run (``active_app``, a private context
    variable) or None outside any app. Textual creates nodes no app
    registers: a virtual node per component class, each restyle
    (``Stylesheet._process_component_classes``); :mod:`ahoy_tui.hosting.gc_policy`
    needs every node of an ended session. Wraps ``DOMNode.__init__``
    process-wide, once (idempotent; the last ``on_node`` wins).
    """
    global _node_watcher
    from textual.dom import DOMNode

    first = _node_watcher is None
    _node_watcher = on_node
    if not first:
        return
    init = DOMNode.__init__

    def watched_init(self: Any, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        if _node_watcher is not None:
            _node_watcher(self, active_app.get(None))

    DOMNode.__init__ = watched_init  # type: ignore[method-assign]


def install_cost_hooks(
    message: Callable[[Any], None],
    render: Callable[[Any, int], None],
    frame: Callable[[Any], None],
    reflow: Callable[[Any], None],
    tick: Callable[[Any], None],
    styled: Callable[[Any], None],
) -> Callable[[], None]:
    """Report Textual's units of work, process-wide, until the returned function is called.

    Each callback gets the app the work is done for (``active_app``, the
    app whose task runs it; ``None`` outside any app):

    * ``message(app)``: a message or event a pump dispatches
      (``MessagePump._dispatch_message``; any pump of the app: app, screens, widgets);
    * ``render(app, rows)``: a widget render the compositor uses for a frame
      (each ``(region, clip, lines)`` of ``Compositor._get_renders`` within
      ``Compositor._render_chops``, ``RowsCompositor.partial_renders`` included),
      with the number of lines (rows) it produced;
    * ``frame(app)``: a frame Textual writes (``App._display`` with an update,
      outside ``App.batch_update``);
    * ``reflow(app)``: a layout pass (``Compositor.reflow``);
    * ``tick(app)``: a Textual timer firing (``Timer._tick``; a timer with a
      callback calls it without dispatching a message);
    * ``styled(app)``: a line Textual styled (``StylesCache.render_line``: padded,
      bordered and coloured; a finished line found in a cache is not styled again).

    Textual has no public hooks for any of these. For ``App._display`` this
    counts frames of apps hooked by :func:`hook_display` too (it calls the
    class's method late). The returned ``uninstall()`` restores Textual's
    methods; the wrappers cost one call per unit of work, so install them
    only to measure (:mod:`ahoy_tui.ui.cost`). Not reentrant: one
    installation at a time (a second raises ``RuntimeError``).
    """
    from textual.message_pump import MessagePump
    from textual.timer import Timer

    global _cost_hooks_installed
    if _cost_hooks_installed:
        raise RuntimeError("the cost hooks are installed already")
    dispatch = MessagePump._dispatch_message
    render_chops = Compositor._render_chops
    display = _textual_app.App._display
    do_reflow = Compositor.reflow
    do_tick = Timer._tick
    style_line = StylesCache.render_line
    current = active_app.get

    async def counted_dispatch(self: Any, msg: Any) -> None:
        message(current(None))
        await dispatch(self, msg)

    def counted_render_chops(self: Any, crop: Any, is_rendered_line: Any) -> Any:
        app = current(None)
        renders = self._get_renders  # this compositor's own (RowsCompositor: partial renders)

        def counted_renders(crop: Any = None) -> Iterable[tuple[Region, Region, list[Strip]]]:
            for item in renders(crop):
                render(app, len(item[2]))
                yield item

        self._get_renders = counted_renders
        try:
            return render_chops(self, crop, is_rendered_line)
        finally:
            del self._get_renders

    def counted_display(self: Any, screen: Any, renderable: Any) -> None:
        if renderable is not None and not self._batch_count:
            frame(self)
        display(self, screen, renderable)

    def counted_reflow(self: Any, parent: Any, size: Any) -> Any:
        reflow(current(None))
        return do_reflow(self, parent, size)

    async def counted_tick(self: Any, *, next_timer: float, count: int) -> None:
        tick(current(None))
        await do_tick(self, next_timer=next_timer, count=count)

    def counted_style_line(self: Any, *args: Any, **kwargs: Any) -> Any:
        styled(current(None))
        return style_line(self, *args, **kwargs)

    replaced = [(MessagePump, "_dispatch_message", counted_dispatch), (Timer, "_tick", counted_tick),
                (StylesCache, "render_line", counted_style_line), (Compositor, "_render_chops", counted_render_chops),
                (_textual_app.App, "_display", counted_display), (Compositor, "reflow", counted_reflow)]
    originals = [(owner, name, owner.__dict__[name]) for owner, name, _ in replaced]
    for owner, name, method in replaced:
        setattr(owner, name, method)
    _cost_hooks_installed = True

    def uninstall() -> None:
        global _cost_hooks_installed
        for owner, name, method in originals:
            setattr(owner, name, method)
        _cost_hooks_installed = False

    return uninstall


_cost_hooks_installed = False


# -- rich styles ----------------------------------------------------------------------------


def style_attribute_bits(style: Style) -> int:
    """The bits of the attributes ``style`` sets on (``Style._attributes & Style._set_attributes``).

    Bit ``n`` is ``textual.strip.SGR_STYLES[n]`` (bold, dim, italic, ...).
    rich offers one property per attribute, but no mask; the renderer
    (``ahoy_tui.hosting.render.pen``) needs all of them at once.
    """
    return style._attributes & style._set_attributes


# -- widgets, screens, the app ------------------------------------------------------------


def set_bindings(node: Any, bindings: list[Binding]) -> None:
    """Give ``node`` its own key bindings (``DOMNode._bindings``).

    Textual builds bindings per class from ``BINDINGS``; a dialog whose keys
    depend on the session's language (the "yes" key: ``y`` or ``s``,
    ``ui.screens.confirm``) needs them per instance.
    """
    node._bindings = BindingsMap(bindings)


def set_styles_cache(widget: Any, cache: StylesCache) -> None:
    """Make ``widget`` style its lines with ``cache`` (``Widget._styles_cache``; in ``__init__``)."""
    widget._styles_cache = cache


def repaint_region(widget: Any, region: Any) -> None:
    """``widget.refresh(region)`` for a mounted, shown widget, without two messages per repaint.

    Textual's ``Widget.refresh`` marks the region dirty, then posts the
    widget a ``Prompt``; at its idle the widget posts its screen an
    ``Update`` (``Widget._check_refresh``), and the screen adds it to
    ``Screen._dirty_widgets`` and wakes its update timer at its own idle.
    At a table every move repaints five to seven panels this way: two
    dispatched messages each, over half of the ~17 messages a table update
    cost (``bench/ui_update.py``; issue 25). Here the widget goes straight
    into its screen's ``_dirty_widgets`` and the screen alone is prompted
    (once per loop turn however many panels changed); the frame is the same.
    Uses ``Widget._layout_cache``, ``_set_dirty``, ``_rich_style_cache``,
    ``_is_mounted`` and ``Screen._dirty_widgets``, ``_compositor``; any other
    case (not mounted, hidden, no screen yet, a screen not laid out) takes
    ``refresh``.
    """
    try:
        screen = widget.screen if widget._is_mounted and widget.display else None
    except Exception:  # NoScreen: not in a DOM yet
        screen = None
    if screen is None or widget not in screen._compositor:
        widget.refresh(region)
        return
    widget._layout_cache.clear()
    widget._set_dirty(region)
    widget._rich_style_cache.clear()
    screen._dirty_widgets.add(widget)
    screen.check_idle()


_SHARED_TRUECOLOR: dict[int, tuple[Any, Any]] = {}
"""``id(terminal theme)`` -> ``(theme, the process's one ANSIToTruecolor filter for it)``."""


def shared_line_filters(filters: Iterable[Any]) -> list[Any]:
    """``filters`` with each ``ANSIToTruecolor`` replaced by the one process-wide filter for its theme.

    Every app makes its own ``ANSIToTruecolor``, and ``Strip.apply_filter``
    keeps a filtered line per filter object, so a row shared by the four
    sessions of a table (``ahoy_tui.ui.widgets.rows``) was filtered four
    times. The filter is a pure function of the theme, the segments and the
    background: one object per theme gives the same lines, filtered once.
    Uses ``ANSIToTruecolor._terminal_theme`` (no public accessor). Other
    filters pass unchanged.
    """
    out = []
    for line_filter in filters:
        if type(line_filter) is ANSIToTruecolor:
            theme = line_filter._terminal_theme
            kept = _SHARED_TRUECOLOR.get(id(theme))
            if kept is None or kept[0] is not theme:
                kept = _SHARED_TRUECOLOR[id(theme)] = (theme, ANSIToTruecolor(theme))
            line_filter = kept[1]
        out.append(line_filter)
    return out


def drop_styles_cache(widget: Widget) -> None:
    """Forget ``widget``'s styled lines (``Widget._styles_cache.clear()``).

    Textual keeps them for the next repaint and offers no public way to let
    them go while a screen is hidden (``ui.screens.lobby``).
    """
    widget._styles_cache.clear()


def drop_table_caches(table: DataTable[Any]) -> None:
    """Forget a ``DataTable``'s rendered rows, cells and lines (``DataTable._clear_caches``).

    The ``DataTable`` keys its render caches by a count of changes, so
    after ``update_cell``/``add_row``/``remove_row`` the old entries are never
    read again but stay until their LRU limits (10,000 cells, 1,000 rows and
    lines): in a long-lived lobby with many changes that is megabytes per
    session. ``clear()`` (a full rebuild) drops them; in-place updates must
    do it themselves (``ui.screens.lobby``).
    """
    table._clear_caches()


def set_border_title_text(widget: Any, title: str) -> bool:
    """Set ``widget``'s border title without repainting the whole box (``Widget._border_title``).

    The ``border_title`` setter refreshes every cell of the widget; the
    caller repaints the top line only. Returns False (nothing done) when the
    widget has no such attribute; then use ``border_title``.
    """
    if not hasattr(widget, "_border_title"):
        return False
    widget._border_title = widget.render_str(title).expand_tabs(4).split()[0]
    return True


def notifications(app: App[Any]) -> list[Any]:
    """The live toasts of ``app`` (``App._notifications``), oldest first."""
    return list(app._notifications)


def unnotify(app: App[Any], notification: Any, refresh: bool = True) -> None:
    """Take one toast down (``App._unnotify``); ``refresh=False`` to refresh once after several.

    Textual can clear all toasts, not one.
    """
    app._unnotify(notification, refresh=refresh)


def refresh_notifications(app: App[Any]) -> None:
    """Redraw the toast rack after ``unnotify(..., refresh=False)`` (``App._refresh_notifications``)."""
    app._refresh_notifications()


# -- stylesheets ----------------------------------------------------------------------------

_SHARED_RULES: LRUCache[tuple, list[RuleSet]] = LRUCache(512)
"""Parsed CSS rules of every app in the process, by source and CSS variables (:class:`SharedStylesheet`)."""
_VARIABLE_KEYS: dict[tuple, tuple] = {}
"""One copy of each theme's CSS variables as a key (every app of a theme shares it)."""


class SharedStylesheet(Stylesheet):
    """A Textual ``Stylesheet`` whose parsed rules are shared by every app of the process.

    Textual parses the app's CSS and every widget's ``DEFAULT_CSS`` again for
    each app, and once more when the app sets its theme: the largest single
    cost of a session's start (docs/performance.md). Parsed rules are a pure
    function of the CSS text, where it came from and the CSS variables (the
    theme), and nothing changes them afterwards (within one app they are
    already shared by every widget they match), so one parse per source and
    theme serves the whole process.

    Private names: it overrides ``Stylesheet._parse_rules`` (the one parse
    step of a source) and reads ``._variables``; :meth:`reparse` is
    ``Stylesheet.reparse`` of textual 8.2.8 (``._invalid_css``, ``._rules``,
    ``._rules_map``, ``._require_parse``) building a ``SharedStylesheet``.
    """

    _variables_key: tuple | None = None

    @classmethod
    def replacing(cls, stylesheet: Stylesheet) -> SharedStylesheet:
        """A shared stylesheet with the variables of ``stylesheet`` (an app's own, before it parses)."""
        return cls(variables=stylesheet._variables)

    def set_variables(self, variables: dict[str, str]) -> None:
        super().set_variables(variables)
        self._variables_key = None

    def _parse_rules(self, css: str, read_from: Any, is_default_rules: bool = False,
                     tie_breaker: int = 0, scope: str = "") -> list[RuleSet]:
        if self._variables_key is None:
            key = tuple(sorted(self._variables.items()))
            self._variables_key = _VARIABLE_KEYS.setdefault(key, key)
        key = (css, read_from, is_default_rules, tie_breaker, scope, self._variables_key)
        rules = _SHARED_RULES.get(key)
        if rules is None:
            rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            _SHARED_RULES[key] = rules
        return rules

    def copy(self) -> Stylesheet:
        stylesheet = SharedStylesheet(variables=self._variables.copy())
        stylesheet.source = self.source.copy()
        return stylesheet

    def reparse(self) -> None:
        """As ``Stylesheet.reparse`` (textual 8.2.8), through the shared rules."""
        stylesheet = SharedStylesheet(variables=self._variables)
        stylesheet._variables_key = self._variables_key
        for read_from, (css, is_defaults, tie_breaker, scope) in self.source.items():
            stylesheet.add_source(css, read_from=read_from, is_default_css=is_defaults,
                                  tie_breaker=tie_breaker, scope=scope)
        try:
            stylesheet.parse()
        except Exception:
            self._invalid_css.update(stylesheet._invalid_css)
            raise
        self._rules = stylesheet.rules
        self._rules_map = None
        self.source = stylesheet.source
        self._require_parse = False


def time_screen_updates(observe: Callable[[float], None]) -> Callable[[], None]:
    """Report the CPU time of every screen update, process-wide, until the returned function is called.

    ``observe(seconds)`` gets the loop thread's CPU time (``time.thread_time``) one
    ``Screen._compositor_refresh`` took: the compositor rendering the changed
    widgets and the frame written (``App._display``: the host's frame diff and
    encoding included). Textual has no public hook here. Installed by the host's
    metrics only (``server.metrics``, ``--metrics``): it costs two clock reads
    and one call per screen update. Not reentrant (a second raises ``RuntimeError``).
    """
    import time

    from textual.screen import Screen

    refresh = Screen._compositor_refresh
    if refresh in _TIMED:
        raise RuntimeError("screen updates are timed already")
    clock = time.thread_time

    def timed(self: Any) -> None:
        started = clock()
        try:
            refresh(self)
        finally:
            observe(clock() - started)

    _TIMED.add(timed)
    Screen._compositor_refresh = timed  # type: ignore[method-assign]

    def uninstall() -> None:
        _TIMED.discard(timed)
        Screen._compositor_refresh = refresh  # type: ignore[method-assign]

    return uninstall
