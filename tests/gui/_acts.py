"""What a user does in the window, once for every GUI test: click a tab, a lesson, a preset."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabBar


def click_tab(qtbot, win, title):
    """Click the view tab ``title`` in the tab bar; returns the view shown."""
    bar = win.tabs.findChild(QTabBar)
    k = win.find_view(title)
    qtbot.mouseClick(bar, Qt.LeftButton, pos=bar.tabRect(k).center())
    qtbot.waitUntil(lambda: win.tabs.currentIndex() == k)
    return win.view_widget(k)


def click_lesson(qtbot, win, index):
    """Click lesson ``index`` (0-based) in the Lessons panel's course list."""
    lst = win.lessons_panel.list
    item = lst.item(index)
    lst.scrollToItem(item)
    qtbot.mouseClick(lst.viewport(), Qt.LeftButton, pos=lst.visualItemRect(item).center())


def open_lesson(qtbot, win, title_start: str):
    """Click the lesson whose title contains ``title_start`` in the Lessons panel's list."""
    lst = win.lessons_panel.list
    item = next(lst.item(i) for i in range(lst.count()) if title_start in lst.item(i).text())
    lst.scrollToItem(item)
    qtbot.mouseClick(lst.viewport(), Qt.LeftButton, pos=lst.visualItemRect(item).center())


def answer_boxes(win) -> set[str]:
    """The accessible names ("Answer: <question id>") of the answer boxes a student sees."""
    from PySide6.QtWidgets import QWidget

    return {
        x.accessibleName()
        for x in win.findChildren(QWidget)
        if x.isVisible() and x.accessibleName().startswith("Answer: ")
    }


def shown_view(win, title):
    """The view on the current tab, ``title``'s kind (the tab's page may wrap it)."""
    view = win.tabs.currentWidget()
    kind = type(win.view_by_title(title)[1])
    return view if isinstance(view, kind) else view.findChild(kind)


def pick_preset(win, name):
    """Choose a preset in the parameter bar's list, as a click on its item does."""
    combo = win.params.presets
    i = combo.findData(name)
    combo.setCurrentIndex(i)
    combo.activated.emit(i)


def shown_text(widget) -> str:
    """Every label's text a user can see in ``widget`` (folded or hidden parts are not seen),
    one a line; a label under a veil reads as the veil."""
    from PySide6.QtWidgets import QLabel

    lines = []
    for lab in widget.findChildren(QLabel):
        if not lab.isVisibleTo(widget) or not lab.text():
            continue
        veils = [
            v for v in lab.findChildren(QLabel, "hidden_until_answered") if v.isVisibleTo(widget)
        ]
        lines.append(veils[0].text() if veils else lab.text())
    return "\n".join(lines)


def status_bar_text(win) -> str:
    """What the status bar shows: its message and its permanent labels."""
    bar = win.statusBar()
    return "\n".join([bar.currentMessage(), shown_text(bar)])


def answer_question(qtbot, win, qid, text):
    """Answer the lesson question ``qid`` as a student does: type ``text`` into its box and
    press Enter, or for a yes/no or choice question pick the item ``text`` in its list with
    the arrow keys and click Check."""
    from PySide6.QtWidgets import QComboBox, QLineEdit, QPushButton

    def named(cls, name):
        hits = [w for w in win.findChildren(cls) if w.accessibleName() == name and w.isVisible()]
        assert len(hits) == 1, (name, len(hits))
        return hits[0]

    box = [
        w
        for cls in (QLineEdit, QComboBox)
        for w in win.findChildren(cls)
        if w.accessibleName() == f"Answer: {qid}" and w.isVisible()
    ]
    assert len(box) == 1, (qid, len(box))
    box = box[0]
    box.setFocus()
    if isinstance(box, QLineEdit):
        box.selectAll()
        qtbot.keyClicks(box, text)
        qtbot.keyClick(box, Qt.Key_Return)
        return
    want = box.findText(text)
    assert want > 0, (qid, text)
    while box.currentIndex() < want:
        qtbot.keyClick(box, Qt.Key_Down)
    qtbot.mouseClick(named(QPushButton, f"Check: {qid}"), Qt.LeftButton)


def ink(widget) -> float:
    """The share of the widget's pixels that differ from its most common colour (what is
    drawn on its background), from a grab of it as the screen shows it."""
    img = widget.grab().toImage()
    counts: dict[int, int] = {}
    step = 3  # every third pixel each way: enough to tell a drawing from a blank
    for y in range(0, img.height(), step):
        for x in range(0, img.width(), step):
            rgb = img.pixel(x, y)
            counts[rgb] = counts.get(rgb, 0) + 1
    total = sum(counts.values())
    return 1 - max(counts.values()) / total


def choose_in_menu(qtbot, button, text):
    """Click ``button`` (a button with a menu) and choose the entry ``text`` with the keyboard,
    as a user does; whether the menu runs its own event loop or not, the choice is made once
    it is shown, and this returns after it."""
    from PySide6.QtCore import QTimer

    menu = button.menu()
    action = next(a for a in menu.actions() if a.text() == text)
    chosen = []

    def choose():
        qtbot.waitUntil(menu.isVisible)
        menu.setActiveAction(action)
        qtbot.keyClick(menu, Qt.Key.Key_Return)
        chosen.append(text)

    QTimer.singleShot(0, choose)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(chosen))
