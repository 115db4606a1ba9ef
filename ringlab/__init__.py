"""ringlab: linear network coding for sum All-Reduce on ring networks.

The flat public API (everything else is implementation):

>>> from ringlab import preset, check, simulate
>>> code = preset("paper-k2-t3")
>>> check(code).feasible
True
>>> simulate(code, inputs=[[1, 2], [3, 4], [5, 6]]).decoded_values[0]
[9, 12]

Each name is imported from its module on first use, so ``import ringlab`` (and the desktop
app's start) loads only what is asked for.
"""

import importlib

# public name → (module, attribute)
_API = {
    "Analysis": ("core.analysis", "Analysis"),
    "LinearCode": ("core.code", "LinearCode"),
    "RinglabError": ("core.errors", "RinglabError"),
    "bounds": ("core.bounds", "bounds"),
    "check": ("core.theorem2", "theorem2_report"),
    "classic_ring": ("core.presets", "classic_ring"),
    "dumps_code": ("core.codefile", "dumps_code"),
    "field": ("core.fields", "field"),
    "load_code": ("core.codefile", "load_code"),
    "loads_code": ("core.codefile", "loads_code"),
    "preset": ("core.presets", "preset"),
    "preset_names": ("core.presets", "preset_names"),
    "random_inputs": ("core.simulate", "random_inputs"),
    "reduce_multicast_shape": ("core.shape", "reduce_multicast_shape"),
    "save_code": ("core.codefile", "save_code"),
    "simulate": ("core.simulate", "simulate"),
    "theorem2_report": ("core.theorem2", "theorem2_report"),
    "time_expanded_graph": ("core.network", "time_expanded_graph"),
    "time_share": ("core.presets", "time_share"),
}

__all__ = sorted(_API)


def __getattr__(name):
    if name in _API:
        module, attr = _API[name]
        value = getattr(importlib.import_module(f".{module}", __name__), attr)
        globals()[name] = value  # once: later lookups are plain attribute reads
        return value
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


def __dir__():
    return sorted(set(globals()) | set(_API))
