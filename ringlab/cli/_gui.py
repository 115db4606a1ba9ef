"""``ringlab gui [FILE]`` (what plain ``ringlab`` and ``ringlab FILE`` run), ``ringlab present``
and ``ringlab screenshot``.  Qt is imported only when one of these runs."""

from __future__ import annotations

import sys

from ..core.errors import RinglabError
from ._options import add_palette


def register(sub) -> None:
    p = sub.add_parser(
        "gui", help="open the desktop app (the default: `ringlab` or `ringlab FILE`)"
    )
    p.add_argument(
        "file",
        nargs="?",
        help="a *.ringlab.json code file or preset:NAME to open (default: the K=2, T=3 preset)",
    )
    p.set_defaults(func=cmd_gui)

    p = sub.add_parser("screenshot", help="render the app window to a PNG (offscreen)")
    p.add_argument("-o", "--output", required=True, metavar="FILE.png", help="the PNG to write")
    src = p.add_mutually_exclusive_group()
    src.add_argument(
        "--preset", metavar="NAME", help="a preset code, e.g. paper-k2-t3 (the default)"
    )
    src.add_argument("file", nargs="?", help="a *.ringlab.json code file, or preset:NAME")
    p.add_argument("--field", default="Q", help="field for --preset (default Q)")
    p.add_argument("--view", metavar="NAME", help="the tab to show (default: the editor)")
    p.add_argument(
        "--size", default="1920x1080", metavar="WxH", help="window size (default 1920x1080)"
    )
    p.add_argument(
        "--lesson", type=int, metavar="N", help="open the Lessons panel on lesson N (1-based)"
    )
    p.add_argument(
        "--present",
        action="store_true",
        help="render present mode instead (the walkthrough, or --lesson N as slides)",
    )
    p.add_argument(
        "--step",
        type=int,
        default=0,
        metavar="I",
        help="with --present: the step shown (walkthrough t, or slide number − 1)",
    )
    p.add_argument(
        "--schedules",
        action="store_true",
        help="with --present: ring, tree and the code on the worked matmul",
    )
    add_palette(p)
    p.set_defaults(func=cmd_screenshot)

    p = sub.add_parser(
        "present",
        help="present a walkthrough or a lesson full screen (keys as "
        "in slide tools; a speaker view on a second screen)",
    )
    p.add_argument(
        "source",
        nargs="?",
        default="preset:paper-k2-t3",
        help="a code file, preset:NAME, a lesson file (*.md) or lesson:N (lesson:11, "
        "lesson:11-k2-t3-needs-coding); default preset:paper-k2-t3",
    )
    p.add_argument(
        "--inputs", default="random", help="walkthrough inputs: random, matmul or a JSON file"
    )
    p.add_argument("--seed", type=int, default=0, help="seed of random inputs (default 0)")
    p.add_argument("--windowed", action="store_true", help="a window instead of full screen")
    p.add_argument("--no-speaker", action="store_true", help="no speaker view")
    p.add_argument(
        "--schedules",
        action="store_true",
        help="present ring, tree and the code on the worked matmul, step by step",
    )
    add_palette(p)
    p.set_defaults(func=cmd_present)


def present_deck(source: str, inputs="random", seed: int = 0, schedules: bool = False):
    """A deck from a code file, ``preset:NAME``, a lesson file or ``lesson:N`` / ``lesson:NAME``
    of the course, as ``ringlab export`` takes them (bad input: RinglabError)."""
    from pathlib import Path

    if source.startswith("lesson:"):
        from ..render.present_decks import LessonDeck
        from ._export import open_lesson

        return LessonDeck(open_lesson(source))
    if source.endswith(".md"):
        if not Path(source).is_file():
            raise RinglabError(f"{source}: no such lesson file")
        from ..lessons import LessonError
        from ..render.present_decks import lesson_deck

        try:
            return lesson_deck(source)
        except LessonError as e:
            raise RinglabError(str(e)) from None
    from ..render.present_decks import schedules_deck, walkthrough_deck
    from ._check import open_code

    if schedules:
        return schedules_deck(open_code(source))
    return walkthrough_deck(open_code(source), inputs, seed)


def cmd_present(args) -> int:
    from ..render.palette import use_palette

    use_palette(args.palette)
    deck = present_deck(args.source, args.inputs, args.seed, schedules=args.schedules)
    from ..gui.app import make_app

    app = make_app()
    from ..gui.present import PresentWindow

    win = PresentWindow(deck, fullscreen=not args.windowed, speaker=not args.no_speaker)
    win.start()
    return app.exec()


def cmd_gui(args) -> int:
    from ..gui.app import run

    return run(args.file)


def parse_size(text: str) -> tuple[int, int]:
    w, sep, h = text.lower().partition("x")
    try:
        size = (int(w), int(h)) if sep else None
    except ValueError:
        size = None
    if size is None or not (200 <= size[0] <= 8000 and 200 <= size[1] <= 8000):
        raise RinglabError(
            f"--size {text}: expected WIDTHxHEIGHT in pixels, each 200..8000, e.g. 1920x1080"
        )
    return size


def cmd_screenshot(args) -> int:
    from ..render.palette import use_palette

    use_palette(args.palette)
    size = parse_size(args.size)
    if not args.output.lower().endswith(".png"):
        raise RinglabError(f"-o {args.output}: expected a file name ending in .png")
    from ..core.codefile import load_code
    from ..core.presets import DEFAULT, PREFIX, is_preset_spec, preset

    if not args.present and (args.schedules or args.step):
        raise RinglabError(
            f"{'--schedules' if args.schedules else '--step'} goes with --present "
            f"(it chooses what present mode shows)"
        )
    if args.present:
        from ..gui.app import present_screenshot

        if args.lesson is not None:
            from ..lessons import course

            files = [lesson.path for lesson in course()]
            if not 1 <= args.lesson <= len(files):
                raise RinglabError(
                    f"--lesson {args.lesson}: expected 1..{len(files)} (ringlab lessons lists them)"
                )
            source = str(files[args.lesson - 1])
        else:
            source = args.file or f"preset:{args.preset or DEFAULT}"
        out = present_screenshot(
            args.output, present_deck(source, schedules=args.schedules), size, args.step
        )
        print(f"wrote {out} ({size[0]}×{size[1]})", file=sys.stderr)
        return 0
    path = args.file
    if is_preset_spec(path):  # FILE may be preset:NAME, as everywhere
        code, path = preset(path[len(PREFIX) :].strip(), args.field), None
    else:
        code = load_code(path) if path else preset(args.preset or DEFAULT, args.field)
    from ..gui.app import screenshot

    out = screenshot(
        args.output, code=code, path=path, view=args.view, size=size, lesson=args.lesson
    )
    print(f"wrote {out} ({size[0]}×{size[1]})", file=sys.stderr)
    return 0
