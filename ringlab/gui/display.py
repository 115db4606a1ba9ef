"""Can Qt open a window here?  Asked before the QApplication exists.

Without a display (``ringlab`` over ssh) or with the X11 platform plugin unable to load (a
``libxcb-*`` library missing), Qt prints a paragraph about platform plugins and aborts
(exit 134).  :func:`display_problem` finds both without aborting — the plugin is loaded the way
Qt would load it, with ``dlopen`` through ctypes, which fails with an exception instead — and
says in one line what is wrong and how to run headless.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HEADLESS = (
    "to run without a display use QT_QPA_PLATFORM=offscreen ringlab …, "
    "ringlab screenshot -o window.png, or xvfb-run ringlab"
)

# The libraries Qt's xcb plugin needs and the Debian/Ubuntu package of each.
XCB_PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb.so.1": "libxcb1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
}

_X_PLATFORMS = ("xcb", "wayland", "wayland-egl")


def display_problem(environ=None) -> str | None:
    """One line saying why Qt could not open a window here, or None when it can (as far as
    can be told without trying).  Only Linux desktops (xcb, Wayland) are checked; a platform
    the user chose (``offscreen``, ``vnc``, …) is theirs."""
    env = os.environ if environ is None else environ
    if not sys.platform.startswith("linux"):
        return None
    chosen = [
        p.split(":")[0].strip() for p in env.get("QT_QPA_PLATFORM", "").split(";") if p.strip()
    ]
    if any(name not in _X_PLATFORMS for name in chosen):
        return None
    display, wayland = env.get("DISPLAY", ""), env.get("WAYLAND_DISPLAY", "")
    xcb_only = chosen == ["xcb"] or (not chosen and not wayland)
    if not display and (not wayland or xcb_only):
        return (
            f"no display found (DISPLAY{'' if xcb_only and wayland else ' and WAYLAND_DISPLAY'} "
            f"unset, e.g. over ssh without -X); {HEADLESS}"
        )
    if not xcb_only:
        return None
    problem = _xcb_plugin_problem(env)
    if problem:
        return problem
    return _x_connection_problem(display)


def _platform_dirs(env) -> list[Path]:
    """Where Qt looks for platform plugins, in its order."""
    dirs = [Path(d) for d in env.get("QT_QPA_PLATFORM_PLUGIN_PATH", "").split(os.pathsep) if d]
    try:
        from PySide6.QtCore import QLibraryInfo

        dirs.append(Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)) / "platforms")
    except ImportError:  # pragma: no cover - PySide6 is a dependency
        pass
    return dirs


def _xcb_plugin_problem(env) -> str | None:
    plugins = [d / "libqxcb.so" for d in _platform_dirs(env) if (d / "libqxcb.so").is_file()]
    if not plugins:
        return None  # Qt will say so itself; nothing better to add
    import ctypes  # here, not at the top: an offscreen start needs none

    errors = []
    for plugin in plugins:
        try:
            ctypes.CDLL(str(plugin))
            return None  # loads: Qt will load it too
        except OSError as e:
            errors.append(str(e))
    return missing_library_message(errors[0])


def missing_library_message(dlopen_error: str) -> str:
    """The one line for the xcb plugin failing to load with ``dlopen_error``."""
    first = Path(dlopen_error.split(":", 1)[0].strip()).name
    missing = [first] if first in XCB_PACKAGES else []
    for soname in XCB_PACKAGES:  # dlopen names only the first one missing
        if soname not in missing and not _findable(soname):
            missing.append(soname)
    if missing:
        packages = " ".join(dict.fromkeys(XCB_PACKAGES[s] for s in missing))
        return (
            f"Qt's X11 (xcb) platform plugin cannot load: {', '.join(missing)} "
            f"{'is' if len(missing) == 1 else 'are'} missing; install "
            f"{'it' if len(missing) == 1 else 'them'} (Debian/Ubuntu: sudo apt install "
            f"{packages}), or {HEADLESS}"
        )
    return f"Qt's X11 (xcb) platform plugin cannot load ({dlopen_error.strip()}); {HEADLESS}"


def _findable(soname: str) -> bool:
    stem = soname[3:].split(".so", 1)[0]
    import ctypes.util  # (imports subprocess: only for this message)

    try:
        return ctypes.util.find_library(stem) is not None
    except Exception:  # pragma: no cover - no ldconfig, no gcc
        return True  # do not blame what cannot be checked


def _x_connection_problem(display: str) -> str | None:
    """Qt aborts when the X server named by DISPLAY does not answer (ssh with a stale DISPLAY)."""
    import ctypes

    try:
        xcb = ctypes.CDLL("libxcb.so.1")
    except OSError:
        return missing_library_message("libxcb.so.1: cannot open shared object file")
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    conn = xcb.xcb_connect(display.encode(), None)
    try:
        failed = not conn or xcb.xcb_connection_has_error(conn) != 0
    finally:
        if conn:
            xcb.xcb_disconnect(conn)
    if failed:
        return (
            f"cannot connect to the display DISPLAY={display} (is the X server running, "
            f"and ssh forwarding it?); {HEADLESS}"
        )
    return None
