"""The cost explorer's Figure (render layer, no Qt): what is drawn, not how it looks."""

from ringlab.core.schedules import explorer, parse_bandwidth, parse_bytes, parse_seconds
from ringlab.render.cost_plot import cost_figure


def test_figure_has_the_curves_and_the_labelled_crossover():
    exp = explorer(8, parse_seconds("1us"), parse_bandwidth("190GB/s"), size=parse_bytes("1MB"))
    fig = cost_figure(exp)
    ax = fig.axes[0]
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    assert [l.get_label() for l in ax.get_legend().get_lines()] == ["ring", "tree"]
    texts = [t.get_text() for t in ax.texts]
    assert "357.6 KB\ntree → ring" in texts and "S = 1 MB" in texts


def test_n3_family_marks_best_K():
    exp = explorer(3, parse_seconds("1us"), parse_bandwidth("190GB/s"))
    ax = cost_figure(exp).axes[0]
    labels = [l.get_label() for l in ax.get_legend().get_lines()]
    assert labels[2].startswith("coded, best K")
    assert {"K=2", "K=3"} <= {t.get_text() for t in ax.texts}
