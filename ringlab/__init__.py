"""ringlab: linear network coding for sum All-Reduce on ring networks.

The flat public API (everything else is implementation):

>>> from ringlab import preset, check, simulate
>>> code = preset("paper-k2-t3")
>>> check(code).feasible
True
>>> simulate(code, inputs=[[1, 2], [3, 4], [5, 6]]).decoded_values[0]
[9, 12]
"""
from .core.bounds import bounds
from .core.code import LinearCode
from .core.codefile import dumps_code, load_code, loads_code, save_code
from .core.errors import RinglabError
from .core.fields import field
from .core.network import time_expanded_graph
from .core.presets import classic_ring, preset, preset_names, time_share
from .core.shape import reduce_multicast_shape
from .core.simulate import random_inputs, simulate
from .core.theorem2 import theorem2_report

check = theorem2_report

__all__ = ["LinearCode", "RinglabError", "bounds", "check", "classic_ring", "dumps_code",
           "field", "load_code", "loads_code", "preset", "preset_names",
           "random_inputs", "reduce_multicast_shape", "save_code", "simulate",
           "theorem2_report", "time_expanded_graph", "time_share"]


def __getattr__(name):
    # ringlab.__version__: the version pyproject.toml gave the installed distribution (one
    # source of truth), looked up on first use because importing importlib.metadata costs
    # ~35 ms of start-up; a bare source tree (no metadata) says so instead of guessing
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version
        try:
            return version("ringlab")
        except PackageNotFoundError:
            return "0+unknown"
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
