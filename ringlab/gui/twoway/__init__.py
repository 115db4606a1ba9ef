"""The two-way ring's own window: a code of ``"ring": "two-way"`` edited, checked and saved.

The one-way window's state is built around one :class:`~ringlab.core.code.LinearCode`; a
two-way code (:mod:`ringlab.core.twoway`) gets this self-contained window instead, in the
same house style: a pure model (:mod:`.model`: the code, its exact report, edits as commands
on a ``QUndoStack``), views that subscribe to it and write back only through it
(:mod:`.grids`, :mod:`.check_panel`, :mod:`.walk`), and the window (:mod:`.window`).
:mod:`.files` tells a two-way file from a one-way one before any window is made.
"""
