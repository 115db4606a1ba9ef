"""``ringlab lessons``: list the course; ``ringlab lessons check [FILE ...]``: validate and replay."""

from __future__ import annotations

import sys

from ..core.words import plural


def register(sub) -> None:
    p = sub.add_parser(
        "lessons",
        help="list the lessons (title, minutes, progress); 'lessons check' validates them",
        description="The self-study course. Without a subcommand: list the lessons with their "
        "progress. 'check' parses each lesson and replays its solutions headless.",
    )
    p.set_defaults(func=cmd_list)
    inner = p.add_subparsers(dest="lessons_command", metavar="check")
    c = inner.add_parser(
        "check",
        help="validate lesson files and replay their solutions (exit 0 all good, "
        "1 a solution does not satisfy its checks, 2 a malformed file)",
        description="Parse each lesson, replay it on a headless app state: every predict's "
        "answer must be what the app shows, every task's solution must meet its goal "
        "and every stored wrong answer must fail. Default: every shipped lesson.",
    )
    c.add_argument("files", nargs="*", metavar="FILE", help="lesson files (default: the course)")
    c.set_defaults(func=cmd_check)


def cmd_list(args) -> int:
    from ..lessons import Progress, course

    lessons = course()
    prog = Progress()
    w = max((len(les.key) for les in lessons), default=4)
    print(f"{'#':>3}  {'lesson':<{w}}  {'min':>3}  {'progress':<11}  title")
    for les in lessons:
        print(
            f"{les.order:>3}  {les.key:<{w}}  {les.minutes:>3}  {prog.summary(les):<11}  {les.title}"
        )
    total = sum(les.minutes for les in lessons)
    print(
        f"{plural(len(lessons), 'lesson')}, {plural(total, 'minute')}; "
        f"`ringlab lessons check` replays them"
    )
    return 0


def cmd_check(args) -> int:
    from ..lessons import check_file, lesson_files

    files = args.files or lesson_files()
    worst = 0
    for f in files:
        r = check_file(f)
        for line in r.problems:
            sys.stderr.write(line + "\n")
        if r.ok:
            les = r.lesson
            print(
                f"ok    {f} ({plural(len(les.predicts), 'prediction')}, "
                f"{plural(len(les.tasks), 'task')})"
            )
        worst = max(worst, r.code)
    return worst
