r"""Does a code have the reduce-multicast shape of Sec. III-B, or does it really code?

The paper's three bullets, checked literally:

1. every coefficient is 0 or 1;
2. each $m_i^{(t)}$ and each $\lambda_i^{(t)}$ selects at most one symbol, and when both select,
   the received symbol carries the same message index as the selected message symbol;
3. each row of $T_i$ and of $R_i$ selects at most one symbol, and when $T_i$'s row selects
   message symbol k, $R_i$'s row selects a received symbol carrying index k.

"Carries index k" is tracked through the run: a transmitted symbol carries the index its
$m$ selects, or else the index of the received symbol its $\lambda$ selects.

>>> from ringlab import preset
>>> reduce_multicast_shape(preset("paper-k3-t4")).ok, reduce_multicast_shape(preset("paper-k2-t3")).ok
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .code import LinearCode, cell_name
from .sparse import nonzeros
from .theorem2 import theorem2_report


@dataclass
class ShapeReport:
    ok: bool
    reasons: list = field(default_factory=list)  # every violation, in words

    def summary(self) -> str:
        if self.ok:
            return "reduce-multicast shape (0/1, one symbol per row, same message index)"
        return (
            "non-trivial coding: "
            + self.reasons[0]
            + (f" (+{len(self.reasons) - 1} more)" if len(self.reasons) > 1 else "")
        )


def reduce_multicast_shape(code: LinearCode, report=None) -> ShapeReport:
    """The three bullets above, every violation in words (row by row, as the matrices read).

    Only non-zero entries are visited (:func:`ringlab.core.sparse.nonzeros`): a code at
    N = 32, K = 64, T = 128 has a million entries and a few thousand of them matter.
    """
    F = code.field
    N, K, T = code.shape
    reasons: list[str] = []
    report = report or theorem2_report(code)
    # per node and matrix, per row: the columns holding a non-zero (tolerance over R)
    sel = {}
    for i in range(N):
        nd = code.node(i)
        for which, m in (
            ("M", nd.M),
            ("Lambda", nd.Lambda),
            ("R", nd.R),
            ("T", report.effective_translation(i)),
        ):
            nz = nonzeros(m, remember=which != "T")
            cols = []
            for r, row in enumerate(nz):
                cols.append([c for c, v in row if not F.is_zero(v)])
                for c, v in row:
                    if not (F.is_zero(v) or F.is_one(v)):
                        reasons.append(
                            f"node {i} {which} ({cell_name(which, r, c)}) = "
                            f"{F.format(v)} is not 0 or 1"
                        )
            sel[i, which] = cols
    index = [[None] * N for _ in range(T)]  # message index (0-based k) carried by y_i^(t)
    for t in range(T):
        for i in range(N):
            prev = (i - 1) % N
            sel_m, sel_l = sel[i, "M"][t], sel[i, "Lambda"][t]
            if len(sel_m) > 1:
                reasons.append(f"node {i} row m^({t}) of M selects {len(sel_m)} message symbols")
            if len(sel_l) > 1:
                reasons.append(f"node {i} row λ^({t}) of Λ combines {len(sel_l)} received symbols")
            km = sel_m[0] if sel_m else None
            kl = index[sel_l[0]][prev] if sel_l else None
            if km is not None and sel_l and kl != km:
                reasons.append(
                    f"node {i} at t={t} adds message index {km + 1} to a received "
                    f"symbol carrying {'no single index' if kl is None else kl + 1}"
                )
            index[t][i] = km if km is not None else kl
    for i in range(N):
        prev = (i - 1) % N
        for k in range(K):
            sel_r, sel_t = sel[i, "R"][k], sel[i, "T"][k]
            if len(sel_r) > 1:
                reasons.append(f"node {i} row {k} of R combines {len(sel_r)} received symbols")
            if len(sel_t) > 1:
                reasons.append(f"node {i} row {k} of T combines {len(sel_t)} message symbols")
            if len(sel_t) == 1:
                kt = sel_t[0]
                kr = index[sel_r[0]][prev] if len(sel_r) == 1 else None
                if kr != kt:
                    reasons.append(
                        f"node {i} row {k}: T selects message index {kt + 1} but R "
                        f"selects {'no received symbol' if not sel_r else 'one carrying another index'}"
                    )
    return ShapeReport(not reasons, reasons)
