"""``ringlab gui [FILE]`` (what plain ``ringlab`` and ``ringlab FILE`` run) and
``ringlab screenshot``.  Qt is imported only when one of these runs."""
from __future__ import annotations

import sys

from ..core.errors import RinglabError


def register(sub) -> None:
    p = sub.add_parser("gui", help="open the desktop app (the default: `ringlab` or `ringlab FILE`)")
    p.add_argument("file", nargs="?", help="a *.ringlab.json code file to open (default: the K=2, T=3 preset)")
    p.set_defaults(func=cmd_gui)

    p = sub.add_parser("screenshot", help="render the app window to a PNG (offscreen)")
    p.add_argument("-o", "--output", required=True, metavar="FILE.png", help="the PNG to write")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--preset", metavar="NAME", help="a preset code, e.g. paper-k2-t3 (the default)")
    src.add_argument("file", nargs="?", help="a *.ringlab.json code file")
    p.add_argument("--field", default="Q", help="field for --preset (default Q)")
    p.add_argument("--view", metavar="NAME", help="the tab to show (default: the editor)")
    p.add_argument("--size", default="1920x1080", metavar="WxH", help="window size (default 1920x1080)")
    p.add_argument("--lesson", type=int, metavar="N", help="open the Lessons panel on lesson N (1-based)")
    p.set_defaults(func=cmd_screenshot)


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
        raise RinglabError(f"--size {text}: expected WIDTHxHEIGHT in pixels, each 200..8000, e.g. 1920x1080")
    return size


def cmd_screenshot(args) -> int:
    size = parse_size(args.size)
    if not args.output.lower().endswith(".png"):
        raise RinglabError(f"-o {args.output}: expected a file name ending in .png")
    from ..core.codefile import load_code
    from ..core.presets import DEFAULT, preset
    code = load_code(args.file) if args.file else preset(args.preset or DEFAULT, args.field)
    from ..gui.app import screenshot
    out = screenshot(args.output, code=code, path=args.file, view=args.view, size=size,
                     lesson=args.lesson)
    print(f"wrote {out} ({size[0]}×{size[1]})", file=sys.stderr)
    return 0
