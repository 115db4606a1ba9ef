"""``ringlab export``: the walkthrough of a code as GIF, MP4, PNG, SVG, PDF or one HTML page,
headless; a lesson as one HTML page.

The lesson page is replayed here (the command sits above the lessons, the drawings and the
window's non-Qt deck code): each prediction's ``reveal`` runs and its answer is what the app
then shows (``Predict.truth``, as ``ringlab lessons check`` reads it), each task's solution
runs, and a block that moved the app (to a walkthrough step or the Schedules grids) gets that
drawing.  :mod:`ringlab.render.html_export` writes the page.  The window's Lessons panel runs
this command to export a lesson, so both give the same page.
"""

from __future__ import annotations

import os
import sys
import time

from ..core.errors import RinglabError


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
        "partial sums X_i·W_i of the ring all-reduce example), or a JSON file of N rows of K entries",
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
    p.add_argument(
        "--palette",
        default="default",
        metavar="default|colour-blind|high-contrast",
        help="colours (colour-blind: Okabe–Ito; high-contrast for projectors)",
    )
    p.set_defaults(func=cmd_export)


def _is_lesson(spec: str) -> bool:
    return spec.startswith("lesson:") or spec.lower().endswith(".md")


def cmd_export(args) -> int:
    from ..render.palette import use_palette

    use_palette(args.palette)
    from ..render.export import DEFAULT_DPI, DEFAULT_FPS, FORMATS, export_walkthrough
    from ._check import open_code

    formats = (*FORMATS, "html")
    ext = args.output.rsplit(".", 1)[-1].lower() if "." in args.output else ""
    ext = "html" if ext == "htm" else ext
    lesson = _is_lesson(args.file)
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
    fps = DEFAULT_FPS if args.fps is None else args.fps
    dpi = DEFAULT_DPI if args.dpi is None else args.dpi
    tty = sys.stderr.isatty()
    start = time.monotonic()

    def progress(done: int, total: int, what: str = "steps") -> None:
        # a bar on a terminal, one line per frame otherwise (logs stay readable)
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

    if lesson:
        from ..render.html_export import check_output, write_html

        check_output(args.output)
        page = lesson_html(
            open_lesson(args.file), progress=lambda done, total: progress(done, total, "blocks")
        )
        out = write_html(args.output, page)
    elif fmt == "html":
        from ..render.html_export import export_walkthrough_html

        out = export_walkthrough_html(
            open_code(args.file),
            args.inputs,
            args.output,
            seed=args.seed,
            progress=progress,
            fps=fps,
        )
    else:
        out = export_walkthrough(
            open_code(args.file),
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
    from markupsafe import Markup

    from ..gui.present_decks import Drawing, _moves  # the slides' drawings (no Qt)
    from ..lessons import Notes, Predict, Prose, Task, registry
    from ..lessons.text import formula_as_text, math_to_text, prose_to_html
    from ..render import html_export as hx

    def formula(tex, display, level=0):
        return hx.formula_html(tex, display, level, alt=math_to_text(tex)) or formula_as_text(
            tex, display
        )

    def md(text: str, inline: bool = False) -> Markup:
        return Markup(prose_to_html(text, formula, inline=inline)) if text else Markup("")

    drawings = hx.Drawings()
    shown = []  # the last drawing (kept: its key holds id(code)), not drawn twice running

    def draw(st) -> tuple[Markup, str]:
        d = Drawing.of(st)
        if d is None or (shown and (d.key(), d.step) == (shown[0].key(), shown[0].step)):
            return Markup(""), ""
        shown[:] = [d]
        if d.kind == "schedules":
            return Markup(d.schedules().html(d.step)), ""
        svg, caption = drawings.svg(d.key(), d.trace(), d.step)
        return Markup(svg), caption

    def run(calls, st, what: str) -> None:
        for c in calls:
            try:
                c.run(st)
            except RinglabError as e:
                raise RinglabError(
                    f"{lesson.path}:{c.line}: {what}: {c.name} does not run "
                    f"({e}); `ringlab lessons check` says more"
                ) from None

    st = lesson.new_state()
    opening, opening_caption = draw(st) if lesson.setup else (Markup(""), "")
    blocks = []
    for n, block in enumerate(lesson.blocks, 1):
        if isinstance(block, Notes):
            blocks.append(hx.LessonBlock("notes", md(block.text)))
        elif isinstance(block, Prose):
            blocks.append(hx.LessonBlock("prose", md(block.text)))
        elif isinstance(block, Predict):
            before = _moves(st)
            run(block.reveal, st, f"{{predict}} {block.id}")
            try:
                truth = registry.show(block.truth(st))
            except RinglabError as e:
                raise RinglabError(
                    f"{lesson.path}:{block.line}: {{predict}} {block.id}: "
                    f"{block.show} cannot be read ({e})"
                ) from None
            svg, caption = draw(st) if _moves(st) != before else (Markup(""), "")
            blocks.append(
                hx.LessonBlock(
                    "predict",
                    md(block.text),
                    id=block.id,
                    answer=truth,
                    explain=md(block.explain),
                    choices=list(block.choices or []),
                    drawing=svg,
                    caption=caption,
                )
            )
        elif isinstance(block, Task):
            before = _moves(st)
            run(block.solution, st, f"{{task}} {block.id}: solution")
            svg, caption = draw(st) if _moves(st) != before else (Markup(""), "")
            blocks.append(
                hx.LessonBlock(
                    "task",
                    md(block.text),
                    id=block.id,
                    explain=md(block.explain),
                    hints=[md(h) for h in block.hints],
                    solution=[str(c) for c in block.solution],
                    drawing=svg,
                    caption=caption,
                )
            )
        if progress is not None:
            progress(n, len(lesson.blocks))
    return hx.lesson_page(
        lesson.title,
        lesson.minutes,
        md(lesson.summary, inline=True),
        blocks,
        opening,
        opening_caption,
        source=f"ringlab lesson {lesson.key}",
    )
