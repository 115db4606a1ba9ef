"""``ringlab sources``: the documents ringlab is built from, as Help → Sources lists them."""

from __future__ import annotations


def register(sub) -> None:
    p = sub.add_parser(
        "sources",
        help="the documents ringlab is built from: title, authors, what each contributes",
        description="Each source document by its title, who wrote it and when (where it says), "
        "and what ringlab takes from it; the lessons name them the same way.",
    )
    p.set_defaults(func=cmd_sources)


def cmd_sources(args) -> int:
    from ..core.sources import sources_text

    print(sources_text(), end="")
    return 0
