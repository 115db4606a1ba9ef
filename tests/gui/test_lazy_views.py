"""Hidden views do no work for an edit; a view shown again catches up; one analysis per code."""

from PySide6.QtCore import Qt

from ringlab import check, classic_ring


def test_hidden_views_only_go_stale_and_catch_up_when_shown(qtbot, open_window, monkeypatch):
    win = open_window("paper-k2-t3", load_views=True)
    views = {win.tabs.tabText(i): win.view_widget(i) for i in range(1, win.tabs.count())}
    calls = {name: 0 for name in views}
    for name, view in views.items():
        original = view.refresh

        def counting(original=original, name=name):
            calls[name] += 1
            original()

        monkeypatch.setattr(view, "refresh", counting)
    win.show_view("Editor")
    model = win.editor.grid(0, "M").model
    for value in ("5", "0", "1"):
        assert model.setData(model.index(0, 0), value, Qt.EditRole)
    assert calls == {name: 0 for name in views}  # nobody redrew
    assert all(v.stale for v in views.values())
    win.show_view("Schedules")
    qtbot.waitUntil(lambda: not views["Schedules"].stale)
    assert calls["Schedules"] == 1 and calls["Propagation"] == 0  # one catch-up, on show
    assert views["Schedules"].comparison.code is win.document.code


def test_one_analysis_per_code_shared_by_the_views(qtbot, open_window):
    win = open_window("paper-k2-t3", load_views=True)
    doc = win.document
    a = doc.analysis
    assert a.code is doc.code and doc.report is a.report
    assert a.report.feasible == check(doc.code).feasible  # the core's own answer
    win.show_view("Propagation")
    prop = win.view_widget(win.find_view("Propagation"))
    qtbot.waitUntil(lambda: not prop.stale)
    assert prop.trace.report is a.report  # not recomputed
    doc.set_code(classic_ring(4), "Load classic ring")
    assert doc.analysis is not a and doc.analysis.code is doc.code
    qtbot.waitUntil(lambda: prop.trace is not None and prop.trace.code is doc.code)
