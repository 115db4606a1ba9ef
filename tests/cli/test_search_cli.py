"""``ringlab search`` as a user runs it (in-process, conftest.py): exit codes 0/1/3/2, the file,
the progress line."""

from functools import partial

import pytest

from ringlab import check, load_code, reduce_multicast_shape


@pytest.fixture
def run(ringlab):
    """``ringlab search ARGS`` in-process (conftest.py); the SAT solver runs in the worker
    process the command starts, as for a user."""
    return partial(ringlab, "search")


def test_found_writes_a_verified_file(tmp_path, run):
    out = tmp_path / "k2t3.ringlab.json"
    r = run("--N", "3", "--K", "2", "--T", "3", "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert "found" in r.stdout and str(out) in r.stdout
    assert "ringlab search:" in r.stderr  # the progress line
    code = load_code(out)
    assert (code.N, code.K, code.T, code.field.name) == (3, 2, 3, "GF(2)")
    assert check(code).feasible
    assert "SAT" in code.description and "general linear codes" in code.description


def test_found_without_output_prints_the_file(tmp_path, run):
    r = run("--N", "3", "--K", "3", "--T", "4", "--routing-only")
    assert r.returncode == 0, r.stderr
    from ringlab import loads_code

    code = loads_code(r.stdout)
    assert check(code).feasible and reduce_multicast_shape(code).ok


def test_appendix_routing_impossible_exit_1(tmp_path, run):
    out = tmp_path / "x.json"
    r = run("--N", "3", "--K", "2", "--T", "3", "--routing-only", "-o", str(out))
    assert r.returncode == 1, r.stderr
    assert "impossible" in r.stdout and "routing only" in r.stdout and "GF(2)" in r.stdout
    assert "proven by SAT" in r.stdout
    assert not out.exists()


def test_proposition1_is_named(run):
    r = run("--N", "3", "--K", "4", "--T", "4")
    assert r.returncode == 1 and "Proposition 1" in r.stdout


def test_undecided_exit_3(run):
    r = run("--N", "3", "--K", "4", "--T", "5", "--encoding", "plain", "--timeout", "1")
    assert r.returncode == 3, r.stdout + r.stderr
    assert "undecided" in r.stdout


def test_gf3_and_symmetric(run):
    r = run("--N", "3", "--K", "3", "--T", "4", "--field", "GF(3)", "--symmetric")
    assert r.returncode == 0, r.stderr
    from ringlab import loads_code

    assert loads_code(r.stdout).field.name == "GF(3)"


@pytest.mark.slow  # two SAT searches each over GF(2^m), seconds
@pytest.mark.parametrize("field,ringlab_name", [("GF(4)", "GF(2^2)"), ("GF(8)", "GF(2^3)")])
def test_gf4_gf8_answer_names_field_and_class(tmp_path, field, ringlab_name, run):
    out = tmp_path / "c.ringlab.json"
    r = run("--N", "4", "--K", "3", "--T", "5", "--field", field, "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert f"over {ringlab_name}" in r.stdout and "general linear codes" in r.stdout
    code = load_code(out)
    assert code.field.name == ringlab_name and check(code).feasible
    r = run("--N", "3", "--K", "4", "--T", "5", "--field", field, "--routing-only")
    assert r.returncode == 1
    assert f"over {ringlab_name}" in r.stdout and "routing only" in r.stdout


@pytest.mark.parametrize(
    "args,words",
    [
        (["--N", "3", "--K", "2", "--T", "3", "--field", "Q"], "GF(p)"),
        (["--N", "3", "--K", "2", "--T", "3", "--field", "GF(9)"], "not supported"),
        (["--N", "3", "--K", "2", "--T", "3", "--field", "GF(6)"], "not a prime or a prime power"),
        (["--N", "1", "--K", "2", "--T", "3"], "N = 1"),
        (["--N", "3", "--K", "two", "--T", "3"], "--K"),
        (["--N", "3", "--K", "2"], "--T"),
        (["--N", "3", "--K", "2", "--T", "3", "--timeout", "0"], "--timeout"),
        (["--N", "3", "--K", "2", "--T", "3", "-o", "/no/such/folder/x.json"], "does not exist"),
        (["--N", "12", "--K", "16", "--T", "40"], "too large"),
    ],
)
def test_bad_arguments_exit_2_one_line(args, words, run):
    r = run(*args)
    assert r.returncode == 2
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and words in lines[0], r.stderr
    assert "Traceback" not in r.stderr
