"""Export the Propagation walkthrough from the window (File → Export walkthrough…): ask for a
file name, whose ending says the format, and write it with a progress dialog.  A .html name
writes one self-contained page with every step (:mod:`ringlab.render.html_export`).

MP4 needs the ``video`` extra (imageio-ffmpeg): without it the dialog's MP4 choice says so, and
choosing it exports nothing and says the one line, ``pip install 'ringlab[video]'``."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QProgressDialog

from ...core.errors import RinglabError
from ...core.extras import MissingExtra, installed

FORMATS = ("gif", "mp4", "pdf", "png", "svg", "html")


def ask_and_export(view) -> None:
    """Ask where, then export what ``view`` (a PropagationView) shows; the outcome is said
    through ``view.message``."""
    path, fmt = _ask_path(view)
    if not path:
        return
    if fmt == "mp4" and not installed("video"):
        view.message.emit(f"Export not done: {MissingExtra('video', 'MP4 export')}")
        return
    dlg = QProgressDialog("Exporting…", "", 0, view.last_step + 1, view)
    dlg.setCancelButton(None)
    dlg.setWindowModality(Qt.WindowModal)
    dlg.setMinimumDuration(300)

    def progress(done, total):
        dlg.setMaximum(total)
        dlg.setValue(done)

    try:
        if fmt == "html":
            out = _export_html(view, path, progress)
        else:
            step = view.step if fmt in ("png", "svg") else None
            out = view.export(path, fmt, step=step, progress=progress)
    except RinglabError as e:
        why = str(e)
        why = why[3:] if why.startswith("-o ") else why  # (the CLI's flag; no flags here)
        view.message.emit(f"Export failed: {why}")
    else:
        view.message.emit(f"Exported {out}")
    finally:
        dlg.close()


def export_shown(view, path: str, fmt: str, step: int | None = None, progress=None) -> str:
    """Export what ``view`` shows (same code, same inputs) as ``fmt``; ``step``: that step
    only (PNG, SVG)."""
    from ...render.export import export_walkthrough

    view.ensure_ready()  # current_inputs() must say what is drawn now
    return export_walkthrough(
        view.document.code,
        view.current_inputs(),
        fmt,
        path,
        step=step,
        seed=view.state.seed,
        progress=progress,
        fps=view.speed_box.currentData(),
    )


def _export_html(view, path: str, progress) -> str:
    from ...render.html_export import export_walkthrough_html

    view.ensure_ready()  # current_inputs() must say what is drawn now
    return export_walkthrough_html(
        view.document.code,
        view.current_inputs(),
        path,
        seed=view.state.seed,
        progress=progress,
        fps=view.speed_box.currentData(),
    )


def _ask_path(view) -> tuple[str, str]:
    """The file name chosen, ending in its format, and the format (``("", "")`` when cancelled
    or not a known format)."""
    mp4 = "MP4 video" if installed("video") else "MP4 video, needs pip install 'ringlab[video]'"
    path, chosen = QFileDialog.getSaveFileName(
        view,
        "Export walkthrough",
        "walkthrough.gif",
        f"Animated GIF (*.gif);;{mp4} (*.mp4);;PDF, one page per step (*.pdf);;"
        "PNG of this step (*.png);;SVG of this step (*.svg);;"
        "Web page, every step, opens offline (*.html)",
    )
    if not path:
        return "", ""
    fmt = path.rsplit(".", 1)[-1].lower() if "." in path else ""
    fmt = "html" if fmt == "htm" else fmt
    if fmt in FORMATS:
        return path, fmt
    # the chosen filter decides; some dialogs return none: then say what is expected
    fmt = chosen.split("*.")[-1].rstrip(")") if chosen else ""
    if fmt not in FORMATS:
        view.message.emit(
            f"Export not done: {path} does not end in .gif, .mp4, .pdf, .png or .svg, "
            f"or .html for a web page (the name says which format to write)"
        )
        return "", ""
    return path + "." + fmt, fmt
