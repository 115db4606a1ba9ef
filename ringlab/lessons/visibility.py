r"""What the window already shows, read off the state: so a prediction is not asked after its
answer is on screen (``ringlab lessons check`` flags it).

:func:`on_screen` answers, for a probe and a state, where the window shows that value *now*
(None when it does not, or when no rule here can tell).  The rules follow the window with a
lesson open at 1280×720: the parameter bar always shows N, K, T and the field; the Theorem 2
panel is folded (its verdict and checks are not shown); each tab shows what it draws at its
current step.

>>> from ringlab.lessons import LabState
>>> from ringlab.lessons.model import Call
>>> st = LabState.initial()
>>> on_screen(Call("probe", "param", {"name": "T"}, 1), st)
'the parameter bar shows N, K, T and the field'
>>> st.tab = "Schedules"
>>> on_screen(Call("probe", "schedule_steps", {"schedule": "tree"}, 1), st)
"the Schedules tab's column titles give each schedule's number of steps"
>>> on_screen(Call("probe", "feasible", {}, 1), st) is None
True
>>> st.schedules = ("swing",)
>>> on_screen(Call("probe", "algorithm_refused", {"schedule": "swing"}, 1), st)
"a ticked algorithm's column says in grey when it refuses this N"
"""

from __future__ import annotations

from ..state.tabs import EDITOR, PROPAGATION, SCHEDULES


def on_screen(call, st) -> str | None:
    name, a = call.name, call.args
    tab = st.tab
    if name == "param":
        return "the parameter bar shows N, K, T and the field"
    if tab == SCHEDULES:
        if name == "schedule_steps" or (
            name == "algorithm_steps" and a.get("schedule") in st.schedules
        ):
            return "the Schedules tab's column titles give each schedule's number of steps"
        if name == "algorithm_refused" and a.get("schedule") in st.schedules:
            return "a ticked algorithm's column says in grey when it refuses this N"
        if name == "schedules_shown":
            return "the 'Also show' boxes are ticked or not"
        if (
            name == "link_load"
            and a.get("core") is None
            and a.get("schedule") in st.schedules
            and a.get("step") == st.schedule_step
        ):
            return f"each column's ring drawing names its busiest link at step {st.schedule_step}"
        if name in ("schedule_cell", "chunk_owner") and a.get("step") == st.schedule_step:
            return f"the Schedules grids show step {st.schedule_step}"
        if name == "schedule_send" and a.get("step") == st.schedule_step:
            return f"the Schedules grids star what was sent on step {st.schedule_step}"
        if name == "target":
            return "the Schedules tab shows the target X @ W"
        if name == "partial" and st.schedule_step == 0:
            return "the Schedules grids at step 0 show the partials"
    if tab == PROPAGATION:
        if name in ("sent", "sent_symbol") and st.step > a.get("t", st.code.T):
            return f"the walkthrough at t = {st.step} shows what was sent at t = {a.get('t')}"
        if (
            name in ("decoded", "decodes", "wrong_nodes", "first_wrong_node", "feasible")
            and st.step >= st.code.T
        ):
            return "the walkthrough's last step shows every node's decode and the verdict"
        if name == "feasible":
            return "the Propagation tab's verdict line says whether Theorem 2 holds"
    if tab == EDITOR and name == "entry":
        return "the editor shows every entry"
    return None
