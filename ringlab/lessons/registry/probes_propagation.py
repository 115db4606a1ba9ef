"""Probes of the Propagation tab: what each node sends and decodes on the inputs."""

from __future__ import annotations

from ...core.errors import RinglabError
from .signature import Int, probe
from .values import field_value


def _node_t(st, node, t=None):
    if not 0 <= node < st.code.N:
        raise RinglabError(f"node {node} does not exist: nodes are 0..{st.code.N - 1}")
    if t is not None and not 0 <= t < st.code.T:
        raise RinglabError(f"t = {t}: transmissions happen at t = 0..{st.code.T - 1}")


@probe("sent", node=Int(), t=Int())
def _sent(st, node, t):
    _node_t(st, node, t)
    return field_value(st.code.field, st.trace().sent_values[t][node])


@probe("sent_symbol", node=Int(), t=Int())
def _sent_symbol(st, node, t):
    _node_t(st, node, t)
    tr = st.trace()
    return tr.pretty(tr.sent[t][node])


@probe("decoded", node=Int(), k=Int())
def _decoded(st, node, k):
    _node_t(st, node)
    if not 1 <= k <= st.code.K:
        raise RinglabError(f"k = {k}: symbols are k = 1..{st.code.K}")
    return field_value(st.code.field, st.trace().decoded_values[node][k - 1])


@probe("decodes", node=Int())
def _decodes(st, node):
    _node_t(st, node)
    return not st.trace().wrong_entries(node)


@probe("wrong_nodes")
def _wrong_nodes(st):
    tr = st.trace()
    return [i for i in range(st.code.N) if tr.wrong_entries(i)]


@probe("first_wrong_node")
def _first_wrong_node(st):
    wrong = _wrong_nodes(st)
    return wrong[0] if wrong else None
