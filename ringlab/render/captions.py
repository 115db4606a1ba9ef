r"""Plain-words captions for a walkthrough, written from a :class:`~ringlab.core.simulate.Trace`.

Nothing here knows a preset: every sentence is read off the coefficient vector of a symbol
$y_{i\to}^{(t)}$ (column $jK + k - 1$ is $x_{j,k}$) and off the Theorem 2 report.  No Qt,
no matplotlib: the GUI shows these strings in a label and the renderer draws them.

A symbol is described by what it is made of:

* nothing (all zero) — the edge is idle at this step;
* one message symbol with coefficient 1 — the node's own $x_{i,k}$, or a forward of $x_{j,k}$;
* coefficient-1 terms all of one index k — a running sum of symbol k (it contains the
  sender's own $x_{i,k}$), a forwarded partial sum, or the full sum over all N nodes;
* anything else — a coded combination (several symbol indices, or other coefficients):
  this is where network coding differs from routing.
"""

from __future__ import annotations

import textwrap

from ..core.code import cell_name
from ..core.simulate import support, symbol_name

_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
_SUP = str.maketrans("0123456789()", "⁰¹²³⁴⁵⁶⁷⁸⁹⁽⁾")


def sub(n: int) -> str:
    return str(n).translate(_SUB)


def node_at(i: int, t: int) -> str:
    """The paper's $i^{(t)}$ as text: ``1⁽²⁾``."""
    return f"{i}" + f"({t})".translate(_SUP)


def terms(trace, coeffs) -> list[tuple[int, int, object]]:
    """Non-zero ``(j, k, coefficient)`` of a coefficient vector; k is 1-based."""
    K = trace.code.K
    return [(col // K, col % K + 1, coeffs[col]) for col in support(trace.field, coeffs)]


def fmt_vec(F, vals, limit: int) -> str:
    """``[a, b, …]``: at most ``limit`` items, the last of them ``…`` when some are left out."""
    s = [F.format(v) for v in vals[:limit]]
    if len(vals) > limit:
        s = s[: limit - 1] + ["…"]
    return "[" + ", ".join(s) + "]"


def fit_vec(F, vals, chars: int) -> str:
    """``[a, b, c]`` with as many entries as fit in ``chars`` characters, then ``…``."""
    s = [F.format(v) for v in vals]
    for n in range(len(s), 0, -1):
        shown = s if n >= len(s) - 1 else s[:n] + ["…"]  # dropping one item saves nothing
        text = "[" + ", ".join(shown) + "]"
        if len(text) <= chars:
            return text
    return "[" + ", ".join(s if len(s) <= 1 else ["…"]) + "]"


def last_values(F, vals, room: int) -> str:
    """``a, b, c`` if that fits in ``room`` characters, else ``…, `` and as many of the last
    values as fit (at least one).  Formats only what can be shown: $s_i^{(t)}$ grows with t."""
    parts, length = [], -2
    for v in reversed(vals):
        parts.append(F.format(v))
        length += 2 + len(parts[-1])
        if length > room:
            break
    if len(parts) == len(vals) and (length <= room or len(vals) == 1):
        return ", ".join(reversed(parts))
    n, length = 1, len(parts[0])
    for p in parts[1 : len(vals) - 1]:
        if 3 + length + 2 + len(p) > room:
            break
        n, length = n + 1, length + 2 + len(p)
    return "…, " + ", ".join(reversed(parts[:n]))


def classify(trace, i: int, coeffs) -> tuple[str, str]:
    """``(kind, words)`` for a symbol sent by node i.

    kind is one of ``idle``, ``own``, ``forward``, ``running``, ``partial``, ``full``, ``coded``.
    """
    F, N = trace.field, trace.code.N
    ts = terms(trace, coeffs)
    if not ts:
        return "idle", "nothing (the edge is idle)"
    ones = all(F.is_one(c) for _, _, c in ts)
    ks = {k for _, k, _ in ts}
    if len(ts) == 1 and ones:
        j, k, _ = ts[0]
        if j == i:
            return "own", f"its own symbol {symbol_name(j, k)}"
        return "forward", f"a forward of node {j}'s symbol {symbol_name(j, k)}"
    if ones and len(ks) == 1:
        k = next(iter(ks))
        js = {j for j, _, _ in ts}
        if len(js) == N:
            return "full", f"the full sum of symbol {k}"
        if i in js:
            return "running", f"the running sum of symbol {k} ({len(js)} of {N} nodes)"
        return "partial", f"a forwarded partial sum of symbol {k} ({len(js)} of {N} nodes)"
    what = (
        f"symbols {', '.join(map(str, sorted(ks)))}" if len(ks) > 1 else f"symbol {next(iter(ks))}"
    )
    return "coded", f"a coded mix of {what} (network coding, not routing)"


def ring_combination(trace, coeffs, sender: int | None = None) -> str:
    """A symbol as a combination, terms in ring order backwards from the sender: node i's own
    symbols first, then its predecessor's, …, so a running sum reads the way it was built
    (``x₁,₂ + x₀,₂`` for node 1).  Without a sender: column order, as ``Trace.pretty``."""
    F, N = trace.field, trace.code.N
    ts = terms(trace, coeffs)
    if sender is not None:
        ts.sort(key=lambda jkc: ((sender - jkc[0]) % N, jkc[1]))
    parts = []
    for j, k, c in ts:
        neg = F.characteristic == 0 and c < 0
        mag = -c if neg else c
        term = symbol_name(j, k) if F.is_one(mag) else f"{F.format(mag)}·{symbol_name(j, k)}"
        parts.append((("−" if neg else "") if not parts else ("− " if neg else "+ ")) + term)
    return " ".join(parts) if parts else "0"


def short_combination(trace, coeffs, max_chars: int = 28, sender: int | None = None) -> str:
    """:func:`ring_combination` if it fits in ``max_chars``, else a faithful abbreviation
    that keeps the first two terms (so the direction shows) and the last one:
    ``x₀,₆ + x₇,₆ + … + x₅,₆ (4 terms)``."""
    full = ring_combination(trace, coeffs, sender)
    if len(full) <= max_chars:
        return full
    parts = full.replace(" − ", " + −").split(" + ")
    two = f"{parts[0]} + {parts[1]} + … + {parts[-1]} ({len(parts)} terms)"
    if len(parts) > 3 and len(two) <= max_chars:
        return two
    return f"{parts[0]} + … + {parts[-1]} ({len(parts)} terms)"


def _send_clause(trace, t: int, i: int, with_kind: bool = True) -> str:
    F = trace.field
    y = trace.sent[t][i]
    kind, words = classify(trace, i, y)
    if kind == "idle":
        return f"node {i} sends nothing"
    val = "" if trace.sent_values is None else f" = {F.format(trace.sent_values[t][i])}"
    head = f"node {i} sends {short_combination(trace, y, 40, sender=i)}{val}"
    return f"{head} — {words}" if with_kind else head


_KIND_WORDS = {
    "own": "own symbols",
    "forward": "forwards",
    "running": "running sums",
    "partial": "forwarded partial sums",
    "full": "full sums",
    "coded": "coded combinations",
    "idle": "idle edges",
}


def step_caption(trace, t: int, width: int = 110) -> str:
    """The caption of step t (0..T), a few lines wrapped at ``width`` characters.

    For t < T it describes the transmissions $y_{i\to}^{(t)}$ (arriving at t + 1); for
    t = T each destination's decode.  Small rings get one clause per node; larger ones a
    headline (the first coded symbol, else node 0) and a count of the rest by kind.
    """
    code = trace.code
    N, T = code.N, code.T
    if t >= T:
        return "\n".join(textwrap.wrap(decode_caption(trace), width))
    head = f"t = {t}: "
    if N <= 3:
        if all(not any(not trace.field.is_zero(c) for c in trace.sent[t][i]) for i in range(N)):
            return head + f"all {N} transmission edges are idle — no node sends anything."
        body = "; ".join(_send_clause(trace, t, i) for i in range(N))
        return "\n".join(textwrap.wrap(head + body + ".", width))
    kinds = [classify(trace, i, trace.sent[t][i])[0] for i in range(N)]
    if all(k == "idle" for k in kinds):
        return head + f"all {N} transmission edges are idle — no node sends anything at this step."
    first = next(
        (i for i in range(N) if kinds[i] == "coded"),
        next((i for i in range(N) if kinds[i] != "idle"), 0),
    )
    rest: dict[str, int] = {}
    for i in range(N):
        if i != first:
            rest[kinds[i]] = rest.get(kinds[i], 0) + 1
    more = ", ".join(
        f"{n} {_KIND_WORDS[k] if n > 1 else _KIND_WORDS[k].rstrip('s')}" for k, n in rest.items()
    )
    text = head + _send_clause(trace, t, first) + f". The other {N - 1} nodes send: {more}."
    return "\n".join(textwrap.wrap(text, width))


def failing_reason(trace, i: int) -> str | None:
    """Why node i cannot decode, from Theorem 2 — or ``None`` if its checks all hold."""
    rep, N = trace.report, trace.code.N
    bad = [c for c in rep.checks if c.node == i and not c.ok]
    if bad:
        c = bad[0]
        # entries named as the editor numbers them: rows the decoded entries k, columns the
        # source's symbols k, both from 1
        where = "; ".join(cell_name("T", r, s) for r, s in c.wrong[:3]) + (
            " …" if len(c.wrong) > 3 else ""
        )
        more = f" (and {len(bad) - 1} more j)" if len(bad) > 1 else ""
        return (
            f"Theorem 2 fails at node {i}, j = {c.j} (source node {c.source}): "
            f"{' · '.join(c.chain(N))} is not the identity at {where}{more}"
        )
    if rep.translation_ok[i] is False:
        return f"node {i}'s given T{sub(i)} differs from eq. (6)"
    return None


def decode_caption(trace) -> str:
    F, N, T = trace.field, trace.code.N, trace.code.T
    head = f"t = T = {T}: each node decodes ẑᵢ = Rᵢ sᵢ" + f"({T})".translate(_SUP) + " + Tᵢ xᵢ"
    wrong = [i for i in range(N) if trace.wrong_entries(i)]
    if trace.true_sum is not None:
        total = "[" + ", ".join(F.format(v) for v in trace.true_sum) + "]"
    else:
        total = "Σⱼ xⱼ"
    if not wrong:
        tail = f" — all {N} nodes get the sum {total} ✓"
        if not trace.report.feasible:
            tail += " for these inputs, but Theorem 2 fails (other inputs would go wrong)"
        return head + tail
    i = wrong[0]
    ks = ", ".join(str(k + 1) for k in trace.wrong_entries(i))
    if trace.decoded_values is not None:
        z = "[" + ", ".join(F.format(v) for v in trace.decoded_values[i]) + "]"
        got = f"ẑ{sub(i)} = {z} ≠ {total}"
    else:
        got = f"ẑ{sub(i)} is not the sum"
    others = f" ({len(wrong)} of {N} nodes wrong)" if len(wrong) > 1 else ""
    reason = failing_reason(trace, i)
    return f"{head} — node {i} is wrong at k = {ks}: {got}{others}." + (
        f" {reason}." if reason else ""
    )


def node_tooltip(trace, i: int, t: int) -> str:
    """What node i holds at time t: its input and $s_i^{(t)}$, each received symbol as a
    combination and a value, and at t = T its decode (the hover text of the app)."""
    F, N = trace.field, trace.code.N
    lines = [f"node {i} at t = {t}"]
    if trace.inputs is not None:
        lines.append(f"input x{sub(i)} = " + fmt_vec(F, trace.inputs[i], 99))
    rec = trace.received(i, t)
    vals = trace.received_values(i, t)
    if not rec:
        lines.append("received nothing yet (s is empty)")
    else:
        lines.append(
            f"received s{sub(i)}" + f"({t})".translate(_SUP) + f" from node {(i - 1) % N}:"
        )
        for u, y in enumerate(rec):
            v = "" if vals is None else f" = {F.format(vals[u])}"
            lines.append(f"  at t = {u + 1}: {ring_combination(trace, y, (i - 1) % N)}{v}")
    if t == trace.code.T and trace.decoded_values is not None:
        z = fmt_vec(F, trace.decoded_values[i], 99)
        lines.append(f"decodes ẑ{sub(i)} = {z}" + (" ✗" if trace.wrong_entries(i) else " ✓"))
    return "\n".join(lines)


def decode_arithmetic(trace, i: int) -> list[str]:
    r"""Node i's decode $\hat z_i = R_i s_i^{(T)} + T_i x_i$ with the numbers: one line per
    entry k, then one line per received symbol used, saying where it came from.

    Entry k is $\sum_u R_i[k,u]\, s_i[u] + \sum_l T_i[k,l]\, x_{i,l}$, where $s_i[u]$ is
    $y_{i'\to}^{(u)}$, sent by the predecessor $i' = i-1$ at t = u and received at u + 1;
    $T_i$ is the given one or, if none was given, the one eq. (6) solves.  For the paper's
    K = 2, T = 3 code on inputs [1 2], [3 4], [5 6], node 0's first line reads
    ``ẑ₀,₁ = y₂→⁽¹⁾ − y₂→⁽²⁾ + x₀,₁ + x₀,₂ = 18 − 12 + 1 + 2 = 9``.
    Empty for a symbolic run (no values)."""
    vals = trace.received_values(i, trace.code.T)
    if vals is None or trace.inputs is None:
        return []
    F, code = trace.field, trace.code
    N, K, T = code.shape
    node = code.node(i)
    Tm = node.T if node.T is not None else trace.report.translation[i]
    prev = (i - 1) % N
    zero = F.zero
    lines, used = [], set()
    for k in range(K):
        names, nums, total = [], [], zero
        parts = [
            (node.R[k][u], vals[u], f"y{sub(prev)}→" + f"({u})".translate(_SUP), u)
            for u in range(T)
        ]
        parts += [(Tm[k][l], trace.inputs[i][l], symbol_name(i, l + 1), None) for l in range(K)]
        for c, v, name, u in parts:
            if F.is_zero(c):
                continue
            if u is not None:
                used.add(u)
            term = F.mul(c, v)
            total = F.add(total, term)
            neg_c = F.characteristic == 0 and c < 0
            mag = F.neg(c) if neg_c else c
            coef = "" if F.is_one(mag) else f"{F.format(mag)}·"
            names.append(("− " if neg_c else "+ ") + coef + name)
            neg_t = F.characteristic == 0 and term < 0
            nums.append(("− " if neg_t else "+ ") + F.format(F.neg(term) if neg_t else term))
        if not names:
            lines.append(
                f"ẑ{sub(i)},{sub(k + 1)} = 0 (row {k + 1} of R{sub(i)} and T{sub(i)} is zero)"
            )
            continue
        strip = lambda s: s[2:] if s.startswith("+ ") else "−" + s[2:]  # noqa: E731
        numbers = (
            "" if len(nums) == 1 and not names[0][2:].count("·") else f"{strip(' '.join(nums))} = "
        )  # one plain term: its value is the result
        lines.append(
            f"ẑ{sub(i)},{sub(k + 1)} = {strip(' '.join(names))} = {numbers}{F.format(total)}"
        )
    if used:
        lines += [
            f"y{sub(prev)}→" + f"({u})".translate(_SUP) + f" = {F.format(vals[u])}: "
            f"sent by node {prev} at t = {u}, received by node {i} at t = {u + 1}"
            for u in sorted(used)
        ]
    return lines
