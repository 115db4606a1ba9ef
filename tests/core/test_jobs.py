"""The job runner (no Qt): results keyed by their input, cancel, one computation per slot."""

import threading

from ringlab.state.jobs import JobRunner


class Poster:
    """Collects callbacks the way the window's event loop would, run when the test says."""

    def __init__(self):
        self.queue, self.lock = [], threading.Lock()
        self.arrived = threading.Event()

    def __call__(self, fn):
        with self.lock:
            self.queue.append(fn)
        self.arrived.set()

    def run(self):
        with self.lock:
            todo, self.queue = self.queue, []
        for fn in todo:
            fn()


def test_a_synchronous_runner_delivers_at_once():
    got, errors = [], []
    r = JobRunner()
    r.submit("a", sum, [1, 2, 3], on_done=got.append)
    r.submit("b", int, "x", on_error=errors.append)
    assert got == [6] and errors and errors[0].startswith("ValueError")
    assert r.running() == []


def test_a_cancelled_job_is_never_delivered():
    post = Poster()
    r = JobRunner(post)
    gate = threading.Event()
    got = []
    r.submit("k", lambda: gate.wait(30) and 1, on_done=got.append)
    assert r.is_running("k")
    r.cancel("k")
    gate.set()
    assert post.arrived.wait(30)
    post.run()
    assert got == [] and not r.is_running("k")


def test_replace_drops_the_old_result_and_computes_one_at_a_time():
    post = Poster()
    r = JobRunner(post)
    gate, active, most = threading.Event(), [0], [0]
    lock = threading.Lock()

    def work(x):
        with lock:
            active[0] += 1
            most[0] = max(most[0], active[0])
        if x == 1:
            gate.wait(30)
        with lock:
            active[0] -= 1
        return x

    got = []
    r.submit("view", work, 1, replace=True, on_done=got.append)
    second = r.submit("view", work, 2, replace=True, on_done=got.append)
    third = r.submit("view", work, 3, replace=True, on_done=got.append)
    gate.set()
    assert third.wait(30) and second.wait(30)
    post.run()
    assert got == [3]  # only the input still wanted
    assert most[0] == 1  # never two computations in one slot


def test_without_replace_a_running_key_keeps_its_job_and_the_newest_reader_hears_it():
    post = Poster()
    r = JobRunner(post)
    gate = threading.Event()
    first, second = [], []
    j1 = r.submit("k", lambda: gate.wait(30) and "done", on_done=first.append)
    j2 = r.submit("k", lambda: "other", on_done=second.append)
    assert j1 is j2
    gate.set()
    assert j1.wait(30)
    post.run()
    assert first == [] and second == ["done"]


def test_a_process_job_that_cannot_start_says_so():
    post = Poster()
    r = JobRunner(post)
    errors = []
    job = r.submit("p", len, lambda: None, process=True, on_error=errors.append)  # a lambda
    assert job.wait(60)  # does not pickle
    post.run()
    assert errors and "could not start" in errors[0] and not r.running()


def test_a_code_with_its_native_matrices_built_still_pickles():
    import pickle

    from ringlab import preset

    code = preset("classic-ring-n4")
    assert code.native  # the flint cache is built
    again = pickle.loads(pickle.dumps(code))
    assert again == code and "native" not in again.__dict__
