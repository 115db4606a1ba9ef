"""The documents ringlab is built from, as the window and the lessons name them (Help → Sources,
``ringlab sources``): a short key, the title, the authors and year where the document gives
them, and what it contributes.

Every text a user reads names a source by its title (or its authors), never by a file number.

>>> source("paper").title
'Linear Network Coding for Sum All-Reduce over Ring Networks'
>>> [s.key for s in SOURCES][:3]
['paper', 'ring-derivation', 'mesh-coding']
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RinglabError


@dataclass(frozen=True)
class Source:
    key: str
    title: str
    authors: str  # "" where the document names none
    year: str  # "" where the document gives none
    contributes: str  # one sentence: what ringlab takes from it
    called: str = ""  # how the lessons call it once its title is given ("the course page")

    @property
    def byline(self) -> str:
        """Who and when: 'Pitch Patarasuk, Xin Yuan, 2009'; 'a course page, no author given'."""
        who = self.authors or "no author given"
        return f"{who}, {self.year}" if self.year else who


# Provenance (code comments only): the first five are the project's seed documents 000, 001,
# 002, 003 and 004 in that order; the others are the works they and the lessons cite.
SOURCES: tuple[Source, ...] = (
    Source(
        "paper",
        "Linear Network Coding for Sum All-Reduce over Ring Networks",
        "Zhuoqi Tu, Yi Chen, Shenghao Yang",
        "",
        "The model itself: the directed ring i → i+1, a code as matrices M, Λ, R per node, the "
        "time-expanded graph, Theorem 2 (when a code decodes the sum), Proposition 1 and "
        "Theorem 3 (how small T can be) and the three N = 3 codes among the presets.",
        "the paper",
    ),
    Source(
        "ring-derivation",
        "Ring all-reduce derivation; when each parallelism strategy applies",
        "a course page, no author given",
        "",
        "The “2S” argument for ring all-reduce, the α-β cost example (N = 4, S = 1 MB, "
        "α = 50 µs, B = 1 GB/s, 2.3 ms) and the table of DP, ZeRO, TP and PP that lessons 4, 6 "
        "and 14 read critically.",
        "the course page",
    ),
    Source(
        "mesh-coding",
        "The Case for Network Coding for Collective Communication on HPC Interconnection Networks",
        "Ahmed Shalaby, Ikki Fujiwara, Michihiro Koibuchi",
        "",
        "Hierarchical XOR network coding on a k-ary mesh: the Mesh tab, its Fig. 1 and Fig. 3 "
        "examples, the group-size curve and lesson 15.",
        "the mesh paper",
    ),
    Source(
        "tree-blog",
        "Why Tree All-Reduce Is 2·log₂(N), Not 2(N-1)",
        "blog post, no author given",
        "2026",
        "The tree all-reduce traced on the worked four-core matmul, and the tree → ring crossover "
        "for 8 cores at 1 µs and 190 GB/s (lesson 5).",
        "the tree post",
    ),
    Source(
        "ring-blog",
        "Why All-Reduce Is Reduce-Scatter + All-Gather",
        "blog post, no author given",
        "2026",
        "The worked matmul (X = [3 2 1 3] times W on four cores) and the ring's reduce-scatter "
        "and all-gather traced on it, cell by cell (lessons 1–3, the Schedules tab).",
        "the ring post",
    ),
    Source(
        "patarasuk-yuan",
        "Bandwidth Optimal All-reduce Algorithms for Clusters of Workstations",
        "Pitch Patarasuk, Xin Yuan",
        "2009",
        "The ring's bandwidth optimality among reduce-scatter + all-gather algorithms, cited by "
        "the paper and the course page (lesson 4).",
    ),
    Source(
        "zero",
        "ZeRO: Memory Optimizations Toward Training Trillion Parameter Models",
        "Samyam Rajbhandari et al.",
        "2020",
        "The communication volume of each ZeRO stage (2Ψ for stages 1 and 2, 3Ψ for stage 3) "
        "that lesson 6 checks the course page's table against.",
        "the ZeRO paper",
    ),
    Source(
        "thakur",
        "Optimization of Collective Communication Operations in MPICH",
        "Rajeev Thakur, Rolf Rabenseifner, William Gropp",
        "2005",
        "Recursive doubling and Rabenseifner's algorithm with their α-β costs (the Schedules "
        "tab, lesson 17).",
    ),
    Source(
        "swing",
        "Swing: Short-cutting Rings for Higher Bandwidth Allreduce",
        "Daniele De Sensi et al.",
        "2024",
        "The Swing schedule and its partners r ± 1, 3, 5, 11, … (the Schedules tab, lesson 17).",
    ),
    Source(
        "bruck",
        "Efficient Algorithms for All-to-All Communications in Multiport Message-Passing Systems",
        "Jehoshua Bruck et al.",
        "1997",
        "The k-port cost model and the peers of ringlab's radix-3 “bruck” schedules (an "
        "all-reduce built on Bruck's partners, not MPI's Bruck algorithm).",
    ),
)


def source(key: str) -> Source:
    """The source with this key; :class:`RinglabError` naming the keys otherwise."""
    for s in SOURCES:
        if s.key == key:
            return s
    raise RinglabError(f"no source {key!r}: sources are {', '.join(s.key for s in SOURCES)}")


def sources_text() -> str:
    """The list as plain text: title, who and when, what it contributes (``ringlab sources``)."""
    out = []
    for s in SOURCES:
        called = f" (in the lessons: {s.called})" if s.called else ""
        out += [s.title, f"  {s.byline}{called}", f"  {s.contributes}", ""]
    return "\n".join(out).rstrip() + "\n"
