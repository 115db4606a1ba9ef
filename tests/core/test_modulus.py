"""Issue 22 item 1: a GF(p^m) code file says which field it is (the "modulus" key).

The isomorphism between the Conway field and another modulus is computed here independently of
ringlab: polynomials over GF(p) as digit lists, a root of the Conway polynomial found by trying
every element of GF(p)[x]/(f)."""

import json
import pickle

import pytest

from ringlab import preset
from ringlab.core.codefile import (
    code_from_dict,
    code_to_dict,
    dumps_code,
    load_code,
    loads_code,
    save_code,
)
from ringlab.core.errors import CodeFileError, FieldError
from ringlab.core.fields import field, irreducible_moduli
from ringlab.core.theorem2 import theorem2_report

CONWAY = {
    "GF(2^2)": "x^2 + x + 1",
    "GF(2^3)": "x^3 + x + 1",
    "GF(3^2)": "x^2 + 2x + 2",
    "GF(2^4)": "x^4 + x + 1",
}
# (field, another irreducible modulus): the GF(8) pair of the audit, GF(9) and GF(16)
OTHER = [
    ("GF(2^3)", "x^3 + x^2 + 1"),
    ("GF(3^2)", "x^2 + 1"),
    ("GF(3^2)", "x^2 + x + 2"),
    ("GF(2^4)", "x^4 + x^3 + 1"),
]


# -- independent arithmetic -------------------------------------------------------------------
def _pm(name):
    inner = name[3:-1]
    p, m = inner.split("^")
    return int(p), int(m)


def _coeffs(text, p, m):
    """'x^3 + x^2 + 1' -> [1, 0, 1, 1] (lowest first, length m+1)."""
    out = [0] * (m + 1)
    for t in text.replace(" ", "").split("+"):
        c, _, rest = t.partition("x")
        if "x" not in t:
            out[0] = int(t)
            continue
        k = int(rest[1:]) if rest.startswith("^") else 1
        out[k] = int(c) if c else 1
    return out


def _digits(v, p, m):
    return [(v // p**k) % p for k in range(m)]


def _int(d, p):
    return sum(c * p**k for k, c in enumerate(d))


def _mul(a, b, f, p):
    m = len(f) - 1
    prod = [0] * (2 * m)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            prod[i + j] = (prod[i + j] + x * y) % p
    for k in range(2 * m - 1, m - 1, -1):
        c = prod[k]
        for j in range(m + 1):
            prod[k - m + j] = (prod[k - m + j] - c * f[j]) % p
    return prod[:m]


def isomorphism(name, other):
    """phi: Conway-field integer -> other-field integer, x -> a root of Conway's polynomial."""
    p, m = _pm(name)
    f, c = _coeffs(other, p, m), _coeffs(CONWAY[name], p, m)
    for v in range(p, p**m):
        y = _digits(v, p, m)
        acc, pw = [0] * m, [1] + [0] * (m - 1)
        for k in range(m + 1):
            acc = [(a + c[k] * b) % p for a, b in zip(acc, pw)]
            pw = _mul(pw, y, f, p)
        if not any(acc):
            root = y
            break
    else:
        raise AssertionError("no root")
    table = {}
    for v in range(p**m):
        acc, pw = [0] * m, [1] + [0] * (m - 1)
        for d in _digits(v, p, m):
            acc = [(a + d * b) % p for a, b in zip(acc, pw)]
            pw = _mul(pw, root, f, p)
        table[v] = _int(acc, p)
    assert sorted(table.values()) == list(range(p**m))
    return table


def _mm(F, A, B):
    out = []
    for row in A:
        r = []
        for j in range(len(B[0])):
            s = 0
            for k, a in enumerate(row):
                s = F.add(s, F.mul(a, B[k][j]))
            r.append(s)
        out.append(r)
    return out


def scrambled(name):
    """A feasible code over the Conway field with entries beyond 0 and 1: paper K=2, T=3 with
    every M_j times A on the right and every R_i times A^{-1} on the left (T solved)."""
    F = field(name)
    d = code_to_dict(preset("paper-k2-t3", name))
    x = F.characteristic  # the element x
    A = [[x, 1], [1, F.mul(x, x)]]  # det = x^3 - 1, nonzero here (asserted)
    det = F.sub(F.mul(A[0][0], A[1][1]), F.mul(A[0][1], A[1][0]))
    assert det != 0
    inv = F.div(1, det)
    Ai = [
        [F.mul(inv, A[1][1]), F.mul(inv, F.neg(A[0][1]))],
        [F.mul(inv, F.neg(A[1][0])), F.mul(inv, A[0][0])],
    ]
    assert _mm(F, A, Ai) == [[1, 0], [0, 1]]
    for nd in d["nodes"]:
        nd["M"] = _mm(F, nd["M"], A)
        nd["R"] = _mm(F, Ai, nd["R"])
        nd.pop("T", None)
    code = code_from_dict(d)
    assert theorem2_report(code).feasible
    return d


def mapped(name, other):
    """``scrambled(name)`` carried into the field modulo ``other`` by the isomorphism."""
    phi = isomorphism(name, other)
    d = json.loads(json.dumps(scrambled(name)))
    for nd in d["nodes"]:
        for which in list(nd):
            nd[which] = [[phi[v] for v in row] for row in nd[which]]
    d["modulus"] = other
    return d


# -- the field --------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["GF(2^2)", "GF(2^3)", "GF(3^2)"])
def test_conway_is_default_and_named(name):
    F = field(name)
    assert F.modulus == CONWAY[name] and F.conway and F.name == name
    assert field(name, modulus=CONWAY[name].replace(" ", "")) is F
    assert irreducible_moduli(*_pm(name))[0] == CONWAY[name]


@pytest.mark.parametrize("name,other", OTHER)
def test_other_modulus_is_another_field(name, other):
    F = field(name, modulus=other)
    assert F is not field(name) and F.modulus == other and F.base_name == name
    assert F.name == f"{name}[{other}]" and field(F.name) is F
    assert pickle.loads(pickle.dumps(F)) is F
    assert other in irreducible_moduli(*_pm(name))
    phi = isomorphism(name, other)
    C = field(name)
    for a in range(C.order):  # phi is a ring isomorphism
        for b in range(C.order):
            assert phi[C.mul(a, b)] == F.mul(phi[a], phi[b])
            assert phi[C.add(a, b)] == F.add(phi[a], phi[b])


def test_spellings_and_refusals():
    F = field("GF(2^3)", modulus="x³+x²+1")
    assert F is field("GF(2^3)", modulus="x^3+x^2+1") is field("GF(8)", modulus="x^3 + x^2 + 1")
    assert (
        field("GF(2^8)", modulus="x^8 + x^4 + x^3 + x + 1").mul(0x53, 0xCA) == 1
    )  # AES: x not primitive
    for bad, word in [
        ("x^3 + 1", "reducible"),
        ("x^2 + x + 1", "degree"),
        ("x^3 + 2x + 1", "coefficient"),
        ("y^3", "not a polynomial"),
        ("x^3 - x - 1", "not a polynomial"),
    ]:
        with pytest.raises(FieldError, match=word) as e:
            field("GF(2^3)", modulus=bad)
        assert "\n" not in str(e.value)
    with pytest.raises(FieldError, match="GF\\(p\\^m\\)"):
        field("GF(7)", modulus="x + 1")
    assert irreducible_moduli(2, 2) == ["x^2 + x + 1"]  # GF(4) has one modulus only


# -- the file ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["GF(2^2)", "GF(2^3)", "GF(3^2)"])
def test_modulus_written_for_every_extension_and_read(tmp_path, name):
    code = preset("paper-k2-t3", name)
    d = json.loads(dumps_code(code))
    assert d["field"] == name and d["modulus"] == CONWAY[name]
    assert load_code(save_code(code, tmp_path / "c.ringlab.json")) == code
    assert "modulus" not in json.loads(dumps_code(preset("paper-k2-t3", "GF(7)")))
    assert "modulus" not in json.loads(dumps_code(preset("paper-k2-t3", "Q")))


@pytest.mark.parametrize("name,other", OTHER)
def test_other_modulus_round_trips_and_decides(tmp_path, name, other):
    d = mapped(name, other)
    code = code_from_dict(d)
    assert code.field is field(name, modulus=other)
    assert theorem2_report(code).feasible  # feasible in that field
    back = load_code(save_code(code, tmp_path / "c.ringlab.json"))
    assert back == code and json.loads(dumps_code(back))["modulus"] == other
    del d["modulus"]  # read under Conway instead
    wrong = code_from_dict(d)
    assert wrong.field is field(name) and not theorem2_report(wrong).feasible


def test_bad_modulus_in_file_is_one_line():
    d = code_to_dict(preset("paper-k1-t2", "GF(2^3)"))
    for bad in ["x^3 + 1", "x^4 + x + 1", 3]:
        d["modulus"] = bad
        with pytest.raises(CodeFileError, match='"modulus"') as e:
            loads_code(json.dumps(d), "f.ringlab.json")
        assert str(e.value).startswith("f.ringlab.json: ") and "\n" not in str(e.value)
    d = code_to_dict(preset("paper-k1-t2", "GF(7)"))
    d["modulus"] = "x^2 + 1"
    with pytest.raises(CodeFileError, match="GF\\(p\\^m\\) only"):
        loads_code(json.dumps(d), "f.ringlab.json")


@pytest.mark.parametrize("name", ["GF(2^2)", "GF(2^3)", "GF(3^2)"])
def test_every_preset_still_feasible(name):
    from ringlab.core.presets import preset_names

    for pn in preset_names():
        code = preset(pn, name)
        again = loads_code(dumps_code(code))
        assert again == code and theorem2_report(again).feasible, pn
