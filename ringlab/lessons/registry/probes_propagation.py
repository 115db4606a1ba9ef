"""Probes of the Propagation tab: what each node sends and decodes on the inputs, and what that
decode is as a number (the field's sum against the real one, quantised sums over GF(p))."""

from __future__ import annotations

from ...core.code import N_RANGE
from ...core.errors import RinglabError
from .limits import MAX_PRIME
from .signature import Bool, Int, Text, probe
from .values import field_value, to_number

NODES = N_RANGE


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


# -- from finite fields to real sums (core.quantised) -----------------------------------------


@probe("decoded_vector", node=Int())
def _decoded_vector(st, node):
    """ẑ_i, all K entries, on the inputs."""
    _node_t(st, node)
    return [field_value(st.code.field, v) for v in st.trace().decoded_values[node]]


def _typed_numbers(st) -> list[list]:
    """The walkthrough's inputs as the numbers typed (matmul: the worked partials), exact."""
    from ...core.inputs import matmul_partials_int

    if st.inputs == "matmul":
        P = matmul_partials_int()
        return [[P[i % 4][k % 4] for k in range(st.code.K)] for i in range(st.code.N)]
    if not isinstance(st.inputs, (list, tuple)) or not st.inputs:
        raise RinglabError("random inputs are field elements: type numbers (or pick matmul)")
    try:
        return [[to_number(v) for v in row] for row in st.inputs]
    except (TypeError, ValueError, ZeroDivisionError) as e:
        raise RinglabError(f"the typed inputs are not all numbers: {e}") from None


@probe("true_sum")
def _true_sum(st):
    """The sum over the nodes of the inputs as typed, as numbers (not in the field)."""
    return [sum(col) for col in zip(*_typed_numbers(st))]


def _read_back(st, e, signed: bool):
    """A decoded element as the number it stands for: itself over Q and R; over GF(p) its
    integer d, or d − p when inputs may be negative and d > p/2; over GF(p^m) its integer."""
    from ...core.quantised import read_back

    F = st.code.field
    if F.order is None:
        return field_value(F, e)
    d = int(F.format(e))
    return read_back(d, F.order, signed) if F.order == F.characteristic else d


@probe("reads_true_sum")
def _reads_true_sum(st):
    """Every node's decode, read back as a number, is the true sum of the typed inputs (false
    when the typed inputs are not elements of the field and the walkthrough fell back)."""
    want = _true_sum(st)
    _, refused = st.walkthrough_inputs()
    if refused:
        return False
    signed = any(v < 0 for row in _typed_numbers(st) for v in row)
    for row in st.trace().decoded_values:
        got = [_read_back(st, e, signed) for e in row]
        if st.code.field.exact and got != want:
            return False
        if not st.code.field.exact and any(
            abs(g - w) > 1e-9 * max(1, abs(w)) for g, w in zip(got, want)
        ):
            return False
    return True


@probe("field_kind")
def _field_kind(st):
    """Q, R, GF(p) or GF(p^m): which kind of field the code is over."""
    F = st.code.field
    if F.order is None:
        return F.name
    return "GF(p)" if F.order == F.characteristic else "GF(p^m)"


@probe("field_order")
def _field_order(st):
    """The number of elements of the code's finite field."""
    if st.code.field.order is None:
        raise RinglabError(f"{st.code.field.name} is not a finite field")
    return st.code.field.order


@probe("exact_prime")
def _exact_prime(st):
    """The smallest prime p for which GF(p) returns the typed integer inputs' sums exactly."""
    from ...core.quantised import exact_prime

    rows = _typed_numbers(st)
    if any(v.denominator != 1 for row in rows for v in row):
        raise RinglabError("the typed inputs are not all integers: quantise them first")
    return exact_prime(rows)


@probe("prime_for_sums", N=Int(NODES), max_abs=Int((1, 10**6)), signed=Bool(optional=True))
def _prime_for_sums(st, N, max_abs, signed=True):
    """The smallest p with GF(p) exact for every sum of N integers with |q| ≤ max_abs."""
    from ...core.quantised import prime_for_sums

    return prime_for_sums(N, max_abs, signed)


@probe("quantised_sum", node=Int(), k=Int(), scale=Text(), p=Int((2, MAX_PRIME)))
def _quantised_sum(st, node, k, scale, p):
    """Node i's entry k (1-based) when the code on screen all-reduces the typed inputs
    quantised with ``scale`` over GF(p), read back and scaled."""
    from ...core.quantised import quantised_allreduce

    _node_t(st, node)
    if not 1 <= k <= st.code.K:
        raise RinglabError(f"k = {k}: symbols are k = 1..{st.code.K}")
    try:
        s = to_number(scale)
    except (TypeError, ValueError, ZeroDivisionError) as e:
        raise RinglabError(f"scale: {e}") from None
    return quantised_allreduce(st.code, _typed_numbers(st), s, p)[node][k - 1]
