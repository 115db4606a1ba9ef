r"""When does a code with K ≠ N pay off?  A coded (N, K, T) all-reduce against the ring, recursive
doubling and other codes, in the α-β model.

A code cuts each node's S bytes into K symbols of S/K bytes and runs T slots, one symbol on each
link per slot, so it takes

$$t_{\text{code}}(S) = T\left(\alpha + \frac{S}{K B}\right) = T\alpha + \frac{T}{K}\cdot\frac{S}{B}:$$

a line in S with latency part $T\alpha$ and slope $T/(KB)$ — the inverse of the rate K/T per
unit of bandwidth.  The ring is the code K = N, T = 2(N − 1); a smaller K needs fewer slots (less
latency) but sends bigger symbols (more bytes per slot).  Recursive doubling on a power of two
is $\log_2 N$ steps of the whole S (:func:`~.models.closed_form_time` has every one-port
schedule's closed form).  Two lines cross at most once, at

$$S^\times = \frac{a_f - a_g}{b_g - b_f}\quad(t = a + bS).$$

With α = 1 µs and B = 10 GB/s (αB = 10 KB), at N = 3 the paper's K = 2, T = 3 code
($3\alpha + 1.5\,S/B$) beats the ring ($4\alpha + \tfrac43 S/B$) below 60 KB and the K = 1,
T = 2 code ($2\alpha + 2S/B$) above 20 KB:

>>> from fractions import Fraction
>>> a, B = Fraction(1, 10**6), 10**10
>>> crossover_size(code_line(2, 3, a, B), schedule_line("ring", 3, a, B))
Fraction(60000, 1)
>>> crossover_size(code_line(1, 2, a, B), code_line(2, 3, a, B))
Fraction(20000, 1)
>>> where_faster(code_line(2, 3, a, B), [schedule_line("recursive-doubling", 3, a, B)])
'every size'

A code must exist: :func:`check_code` refuses a T below the proven lower bound for N and K
(Proposition 1, Theorem 3 at N = 3, the counting bound).  All arithmetic is exact.
"""

from __future__ import annotations

from fractions import Fraction

from ..bounds import lower_bound
from ..errors import RinglabError
from .algorithms import schedule_info
from .costs import Line
from .models import closed_form_time

#: What :func:`where_faster` answers, in the order a size axis reads them.
WHERE = ("every size", "small messages", "middle sizes", "large messages", "no size")


def check_code(N: int, K: int, T: int) -> None:
    """Refuse (RinglabError) an (N, K, T) for which no linear code can exist.

    >>> check_code(3, 4, 5)
    Traceback (most recent call last):
    ...
    ringlab.core.errors.RinglabError: no code with N = 3, K = 4, T = 5: Theorem 3 needs T ≥ 6
    """
    if not (N >= 2 and K >= 1 and T >= 1):
        raise RinglabError(f"N = {N}, K = {K}, T = {T}: expected N ≥ 2, K ≥ 1, T ≥ 1")
    least, name = lower_bound(N, K)
    if T < least:
        raise RinglabError(f"no code with N = {N}, K = {K}, T = {T}: {name} needs T ≥ {least}")


def code_line(K: int, T: int, alpha, B, label: str | None = None) -> Line:
    """$t(S) = T\\alpha + S\\,T/(KB)$, a code's time as a line in S.

    >>> l = code_line(2, 3, Fraction(1, 10**6), 10**10)
    >>> l.at(1000) * 10**6   # 3·(1 µs + 1000 B / (2 · 10 GB/s)), in µs
    Fraction(63, 20)
    """
    return Line(label or f"K={K}, T={T}", T * Fraction(alpha), Fraction(T, K) / B, T, K)


def schedule_line(name: str, N: int, alpha, B) -> Line:
    """A one-port schedule's closed form on N cores as a line in S (its time at S = 0 and its
    growth per byte); refused for a schedule that uses more than one port a step (a code sends
    one symbol a slot, so only one-port schedules compare like with like).

    >>> l = schedule_line("recursive-doubling", 4, 1, 1)
    >>> l.a, l.b          # 2 steps of the whole S
    (Fraction(2, 1), Fraction(2, 1))
    """
    info = schedule_info(name)
    if info.ports != 1:
        raise RinglabError(
            f"{name} uses {info.ports} ports a step; a code sends one symbol a slot, so compare "
            f"it with one-port schedules (ring, tree, recursive-doubling, rabenseifner, swing)"
        )
    t0 = closed_form_time(name, N, 0, alpha, B)
    return Line(name, t0, closed_form_time(name, N, 1, alpha, B) - t0)


def crossover_size(f: Line, g: Line) -> Fraction | None:
    """The size S > 0 where f and g take equal time (None: they never cross at S > 0)."""
    if f.b == g.b:
        return None
    S = (f.a - g.a) / (g.b - f.b)
    return S if S > 0 else None


def where_faster(f: Line, others) -> str:
    """Where f is strictly faster than every line of ``others``: one of :data:`WHERE`.

    Each comparison leaves an interval of sizes (f is linear, so is each other line); their
    intersection is again one interval, read as small / middle / large messages.

    >>> ring, k3t5 = schedule_line("ring", 4, 1, 1), code_line(3, 5, 1, 1)
    >>> rd = schedule_line("recursive-doubling", 4, 1, 1)
    >>> where_faster(k3t5, [ring]), where_faster(k3t5, [ring, rd])
    ('small messages', 'no size')
    """
    lo, hi = Fraction(0), None  # f faster on (lo, hi); None: no upper end
    for g in others:
        da, db = f.a - g.a, f.b - g.b  # f − g = da + db·S, f faster where it is < 0
        if db == 0:
            if da >= 0:
                return "no size"
            continue
        root = -da / db
        if db > 0:  # f grows faster: faster below the root
            hi = root if hi is None else min(hi, root)
        else:
            lo = max(lo, root)
    if hi is not None and hi <= lo:
        return "no size"
    if lo == 0:
        return "every size" if hi is None else "small messages"
    return "large messages" if hi is None else "middle sizes"
