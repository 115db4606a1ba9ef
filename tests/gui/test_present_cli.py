"""``ringlab present`` takes a lesson as ``ringlab export`` and ``screenshot`` do: ``lesson:N``
or ``lesson:NAME`` of the course (issue 32: it said "no such file")."""

from ringlab.cli import main


def present_in_process(qapp, capsys, monkeypatch, *args):
    """``ringlab present ARGS`` in this process: (exit code, stderr, the deck it showed).
    Where the command would run the event loop, the presentation is read and closed, as a
    presenter's Esc would: an event loop run and quit inside a test left Qt's state changed
    for the tests after it (F5 from a window no longer filled the screen, found in CI)."""
    from PySide6.QtWidgets import QApplication

    from ringlab.gui.present import PresentWindow

    shown = []

    def leave():
        for w in qapp.topLevelWidgets():
            if isinstance(w, PresentWindow) and w.isVisible():
                shown.append(w.view.deck)
                w.close()
                w.deleteLater()
        return 0

    monkeypatch.setattr(QApplication, "exec", staticmethod(leave))
    capsys.readouterr()
    code = main(["present", *args, "--windowed", "--no-speaker"])
    return code, capsys.readouterr().err, shown


def test_present_a_lesson_by_its_number(qapp, capsys, monkeypatch):
    from ringlab.lessons import course

    lesson = next(les for les in course() if les.order == 11)
    code, err, shown = present_in_process(qapp, capsys, monkeypatch, "lesson:11")
    assert code == 0, err
    assert [d.kind for d in shown] == ["lesson"]
    assert shown[0].markdown(0).startswith(f"# {lesson.title}")


def test_present_an_unknown_lesson_names_the_course(qapp, capsys):
    code = main(["present", "lesson:99", "--windowed", "--no-speaker"])
    err = capsys.readouterr().err
    assert code == 2
    assert "lesson:99: is not a lesson of the course; expected lesson:N" in err
    assert "no such" not in err
