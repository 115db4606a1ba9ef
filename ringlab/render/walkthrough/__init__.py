r"""The parts of the walkthrough drawing, composed by
:class:`ringlab.render.propagation.WalkthroughRenderer` (import it from there):

* :mod:`.style` — colours, fonts, the figure size and an Agg figure;
* :mod:`.layout` — where things go: the scale, the graph and table rectangles, wrapped notes;
* :mod:`.graph` — $G_T$: nodes, storage and transmission edges, the arrows and labels of a step;
* :mod:`.table` — the monospaced side table: inputs, received values, sends, the decode.

Each part builds its artists once per trace and restyles them per step; the text they show
comes from :mod:`ringlab.render.captions`.  No Qt here.
"""
