"""``ringlab export``: the walkthrough of a code as GIF, MP4, PNG, SVG, PDF or one HTML page,
headless; a lesson as one HTML page.

The lesson page is replayed by :mod:`._lesson_page` (the command sits above the lessons, the
drawings and the window's non-Qt deck code); :mod:`ringlab.render.html_export` writes it.  The
window's Lessons panel runs this command to export a lesson, so both give the same page.
"""

from __future__ import annotations

import os
import sys
import time

from ..core.errors import RinglabError
from ._options import add_palette


def register(sub) -> None:
    p = sub.add_parser(
        "export",
        help="export the step-by-step walkthrough (gif, mp4, png, svg, pdf, html) "
        "or a lesson (html)",
        description="Draw the time-expanded graph G_T step by step with every symbol sent, "
        "and write it as an animation (gif, mp4: all T + 1 steps), one step "
        "(png, svg), a handout (pdf: one page per step) or one self-contained "
        "HTML page (html: every step, keys, a scrubber, play; opens offline; "
        "page.html#step=N opens step N). A lesson (LESSON.md or lesson:NAME) "
        "exports as an HTML page: typeset maths, its drawings, predictions "
        "whose answer unfolds on click, tasks with their solution folded.",
    )
    p.add_argument(
        "file",
        help="a *.ringlab.json code file, preset:NAME, or (html) a lesson: "
        "LESSON.md or lesson:NAME (lesson:9, lesson:09-theorem2-break-repair)",
    )
    p.add_argument(
        "--format",
        "-f",
        dest="fmt",
        metavar="gif|mp4|png|svg|pdf|html",
        help="output format (default: from the -o extension)",
    )
    p.add_argument("-o", "--output", required=True, metavar="OUT", help="file to write")
    p.add_argument(
        "--step",
        type=int,
        metavar="t",
        help="for png/svg: the step t = 0..T to draw (default T, the decode)",
    )
    p.add_argument(
        "--inputs",
        default="random",
        metavar="random|matmul|FILE.json",
        help="message symbols: 'random' (seeded, default), 'matmul' (the worked "
        "partial sums Xᵢ·Wᵢ of the ring all-reduce example), or a JSON file of N rows of K entries",
    )
    p.add_argument("--seed", type=int, default=0, help="seed for random inputs (default 0)")
    p.add_argument(
        "--fps",
        type=float,
        default=None,
        metavar="F",
        help="animation speed in steps per second (default 0.5: two seconds a step)",
    )
    p.add_argument(
        "--dpi",
        type=int,
        default=None,
        metavar="D",
        help="dots per inch (default 100: a 1280×720 frame)",
    )
    add_palette(p)
    p.set_defaults(func=cmd_export)


def _is_lesson(spec: str) -> bool:
    return spec.startswith("lesson:") or spec.lower().endswith(".md")


def _checked_format(args, lesson: bool, formats: tuple) -> str:
    """The format to write: ``--format``, else the ``-o`` extension; a clash is refused."""
    ext = args.output.rsplit(".", 1)[-1].lower() if "." in args.output else ""
    ext = "html" if ext == "htm" else ext
    fmt = args.fmt
    if fmt is None:
        if ext not in formats:
            if lesson:
                ext = "html"  # a lesson has one format
            else:
                raise RinglabError(
                    f"-o {args.output}: cannot tell the format from the "
                    f"extension; give --format {'|'.join(formats)}"
                )
        fmt = ext
    fmt = fmt.lower()
    if fmt not in formats:
        raise RinglabError(f"--format {args.fmt}: expected one of {', '.join(formats)}")
    if ext in formats and ext != fmt:
        # a PNG written to walkthrough.gif opens nowhere: say so rather than write it
        raise RinglabError(
            f"-o {args.output}: the name ends in .{ext} but --format is {fmt}; "
            f"expected a .{fmt} file name (or drop --format)"
        )
    if lesson and fmt != "html":
        raise RinglabError(f"{args.file}: a lesson exports as html only (--format html), not {fmt}")
    if fmt == "html" and args.step is not None:
        raise RinglabError(
            f"--step is for one frame (png or svg); html has every step "
            f"(open {os.path.basename(args.output)}#step={args.step})"
        )
    return fmt


def _progress_bar(fmt: str):
    """``progress(done, total, what)``: a bar on a terminal, one line per frame otherwise (logs
    stay readable)."""
    tty = sys.stderr.isatty()

    def progress(done: int, total: int, what: str = "steps") -> None:
        if total <= 1:
            return
        width = 30
        bar = "#" * (width * done // total)
        line = f"exporting {fmt}: [{bar:<{width}}] {done}/{total} {what}"
        if tty:
            sys.stderr.write("\r" + line + ("\n" if done == total else ""))
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()

    return progress


def cmd_export(args) -> int:
    from ..render.palette import use_palette

    use_palette(args.palette)
    from ..render.export import DEFAULT_DPI, DEFAULT_FPS, FORMATS, export_walkthrough
    from ._check import open_any

    lesson = _is_lesson(args.file)
    fmt = _checked_format(args, lesson, (*FORMATS, "html"))
    fps = DEFAULT_FPS if args.fps is None else args.fps
    dpi = DEFAULT_DPI if args.dpi is None else args.dpi
    progress = _progress_bar(fmt)
    start = time.monotonic()
    if lesson:
        from ..render.html_export import check_output, write_html

        check_output(args.output)
        page = lesson_html(
            open_lesson(args.file), progress=lambda done, total: progress(done, total, "blocks")
        )
        out = write_html(args.output, page)
    elif getattr(code := open_any(args.file), "ring", "one-way") == "two-way":
        out = _export_twoway(args, code, fmt, fps, dpi, progress)
    elif fmt == "html":
        from ..render.html_export import export_walkthrough_html

        out = export_walkthrough_html(
            code, args.inputs, args.output, seed=args.seed, progress=progress, fps=fps
        )
    else:
        out = export_walkthrough(
            code,
            args.inputs,
            fmt,
            args.output,
            step=args.step,
            fps=fps,
            dpi=dpi,
            progress=progress,
            seed=args.seed,
        )
    sys.stderr.write(f"wrote {out} ({time.monotonic() - start:.1f} s)\n")
    return 0


def _export_twoway(args, code, fmt: str, fps: float, dpi: int, progress) -> str:
    """The two-way walkthrough (:mod:`ringlab.render.twoway_export`); html is refused."""
    from ..render.twoway_export import FORMATS, export_twoway

    if fmt not in FORMATS:
        raise RinglabError(
            f"{args.file}: a two-way code exports as {', '.join(FORMATS)}, not {fmt} "
            f"(the HTML page is one-way only so far)"
        )
    return export_twoway(
        code,
        args.inputs,
        fmt,
        args.output,
        step=args.step,
        fps=fps,
        dpi=dpi,
        progress=progress,
        seed=args.seed,
    )


def open_lesson(spec: str):
    """A lesson from a file, or ``lesson:NAME`` of the course: its number (``lesson:9``),
    its file name without ``.md`` (``lesson:09-theorem2-break-repair``) or the start of it."""
    from ..lessons import course, load_lesson

    if not spec.startswith("lesson:"):
        return load_lesson(spec)
    name = spec[len("lesson:") :].strip()
    lessons = course()
    found = [les for les in lessons if les.key == name or str(les.order) == name.lstrip("0")]
    if not found and name:
        found = [les for les in lessons if les.key.startswith(name)]
    if len(found) != 1:
        keys = ", ".join(les.key for les in lessons)
        why = "matches several lessons" if found else "is not a lesson of the course"
        raise RinglabError(f"{spec}: {why}; expected lesson:N or one of {keys}")
    return found[0]


def lesson_html(lesson, progress=None) -> str:
    """The lesson as one HTML page: its prose with typeset formulas, each prediction with the
    answer the app shows (computed here by running its ``reveal``, as ``ringlab lessons
    check`` does) folded in a ``<details>``, each task with its solution folded, and the
    drawing of every block that moved the app.  ``progress(done, total)`` per block."""
    from ._lesson_page import LessonPage

    return LessonPage(lesson).html(progress)
