"""``ringlab export``: the walkthrough of a code as GIF, MP4, PNG, SVG or PDF, headless."""
from __future__ import annotations

import sys
import time

from ..core.errors import RinglabError


def register(sub) -> None:
    p = sub.add_parser(
        "export", help="export the step-by-step walkthrough (gif, mp4, png, svg, pdf)",
        description="Draw the time-expanded graph G_T step by step with every symbol sent, "
                    "and write it as an animation (gif, mp4: all T + 1 steps), one step "
                    "(png, svg) or a handout (pdf: one page per step).")
    p.add_argument("file", help="a *.ringlab.json code file, or preset:NAME")
    p.add_argument("--format", "-f", dest="fmt", metavar="gif|mp4|png|svg|pdf",
                   help="output format (default: from the -o extension)")
    p.add_argument("-o", "--output", required=True, metavar="OUT", help="file to write")
    p.add_argument("--step", type=int, metavar="t",
                   help="for png/svg: the step t = 0..T to draw (default T, the decode)")
    p.add_argument("--inputs", default="random", metavar="random|matmul|FILE.json",
                   help="message symbols: 'random' (seeded, default), 'matmul' (the worked "
                        "partial sums X_i·W_i of the ring all-reduce example), or a JSON file of N rows of K entries")
    p.add_argument("--seed", type=int, default=0, help="seed for random inputs (default 0)")
    p.add_argument("--fps", type=float, default=None, metavar="F",
                   help="animation speed in steps per second (default 0.5: two seconds a step)")
    p.add_argument("--dpi", type=int, default=None, metavar="D",
                   help="dots per inch (default 100: a 1280×720 frame)")
    p.add_argument("--palette", default="default", metavar="default|colour-blind|high-contrast",
                   help="colours (colour-blind: Okabe–Ito; high-contrast for projectors)")
    p.set_defaults(func=cmd_export)


def cmd_export(args) -> int:
    from ..render.palette import use_palette
    use_palette(args.palette)
    from ..render.export import DEFAULT_DPI, DEFAULT_FPS, FORMATS, export_walkthrough
    from ._check import open_code

    fmt = args.fmt
    if fmt is None:
        ext = args.output.rsplit(".", 1)[-1].lower() if "." in args.output else ""
        if ext not in FORMATS:
            raise RinglabError(f"-o {args.output}: cannot tell the format from the extension; "
                               f"give --format {'|'.join(FORMATS)}")
        fmt = ext
    fmt = fmt.lower()
    if fmt not in FORMATS:
        raise RinglabError(f"--format {args.fmt}: expected one of {', '.join(FORMATS)}")
    ext = args.output.rsplit(".", 1)[-1].lower() if "." in args.output else ""
    if ext in FORMATS and ext != fmt:
        # a PNG written to walkthrough.gif opens nowhere: say so rather than write it
        raise RinglabError(f"-o {args.output}: the name ends in .{ext} but --format is {fmt}; "
                           f"expected a .{fmt} file name (or drop --format)")
    code = open_code(args.file)
    fps = DEFAULT_FPS if args.fps is None else args.fps
    dpi = DEFAULT_DPI if args.dpi is None else args.dpi
    tty = sys.stderr.isatty()
    start = time.monotonic()

    def progress(done: int, total: int) -> None:
        # a bar on a terminal, one line per frame otherwise (logs stay readable)
        if total <= 1:
            return
        width = 30
        bar = "#" * (width * done // total)
        line = f"exporting {fmt}: [{bar:<{width}}] {done}/{total} steps"
        if tty:
            sys.stderr.write("\r" + line + ("\n" if done == total else ""))
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()

    out = export_walkthrough(code, args.inputs, fmt, args.output, step=args.step, fps=fps,
                             dpi=dpi, progress=progress, seed=args.seed)
    sys.stderr.write(f"wrote {out} ({time.monotonic() - start:.1f} s)\n")
    return 0
