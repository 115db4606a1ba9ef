"""The state's signals: a field assigned emits ``events.<field>(new, old)``.

What :class:`~ringlab.state.AppState` needs of an evented dataclass, and no more (psygnal's
``evented`` and ``Signal`` did this; importing psygnal reads its own package metadata, a
twentieth of the app's start-up):

* ``Signal()`` on a class is a signal per instance (``state.said.emit("…")``);
* ``@evented`` on a dataclass gives each instance ``events``: one signal per field, emitted
  with ``(new, old)`` when an assignment changes the value (``==``), and ``events.connect(f)``,
  called with an :class:`EmissionInfo` for any field's emission;
* ``connect(f)`` calls ``f`` with as many of the arguments as it takes (``lambda: …`` gets
  none); a bound method is held weakly (its object may go, and the connection with it);
  ``disconnect(f)``; ``blocked()`` silences a signal for a ``with`` block; a slot's exception
  propagates to whoever assigned (the remaining slots are not called).

>>> from dataclasses import dataclass
>>> @evented
... @dataclass
... class Point:
...     x: int = 0
>>> p, seen = Point(), []
>>> _ = p.events.x.connect(lambda new, old: seen.append((old, new)))
>>> p.x = 2
>>> p.x = 2  # not a change: no emission
>>> seen
[(0, 2)]
"""

from __future__ import annotations

import inspect
import weakref
from collections import namedtuple
from contextlib import contextmanager
from dataclasses import fields
from types import MethodType

EmissionInfo = namedtuple("EmissionInfo", ["signal", "args"])

_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
_MISSING = object()


def _max_args(slot) -> int | None:
    """How many positional arguments ``slot`` takes (None: any number, or not known)."""
    try:
        params = inspect.signature(slot).parameters.values()
    except (TypeError, ValueError):
        return None
    n = 0
    for p in params:
        if p.kind is inspect.Parameter.VAR_POSITIONAL:
            return None
        if p.kind in _POSITIONAL:
            n += 1
    return n


class _Slot:
    __slots__ = ("max_args", "ref", "strong")

    def __init__(self, slot):
        self.max_args = _max_args(slot)
        if isinstance(slot, MethodType):
            try:
                self.ref, self.strong = weakref.WeakMethod(slot), None
                return
            except TypeError:  # an object without weak references: held as it is
                pass
        self.ref, self.strong = None, slot

    def get(self):
        return self.strong if self.ref is None else self.ref()


class SignalInstance:
    """One signal of one object: ``connect``, ``disconnect``, ``emit``, ``blocked``."""

    __slots__ = ("__weakref__", "_blocked", "_slots", "name")

    def __init__(self, name: str = ""):
        self.name = name
        self._slots: list[_Slot] = []
        self._blocked = 0

    def connect(self, slot):
        """Call ``slot`` on each emission (with as many arguments as it takes); returns it."""
        if not callable(slot):
            raise TypeError(f"cannot connect {slot!r}: not callable")
        self._slots.append(_Slot(slot))
        return slot

    def disconnect(self, slot=None, missing_ok: bool = True) -> None:
        """Forget ``slot`` (every slot when None); a slot not connected is an error only
        with ``missing_ok=False``."""
        if slot is None:
            self._slots.clear()
            return
        for i, s in enumerate(self._slots):
            if s.get() == slot:
                del self._slots[i]
                return
        if not missing_ok:
            raise ValueError(f"{slot!r} is not connected to {self.name!r}")

    def __len__(self) -> int:
        return len(self._slots)

    def emit(self, *args) -> None:
        if self._blocked:
            return
        for s in tuple(self._slots):  # a slot may connect or disconnect others
            f = s.get()
            if f is None:  # its object is gone
                if s in self._slots:
                    self._slots.remove(s)
                continue
            if s.max_args is None:
                f(*args)
            else:
                f(*args[: s.max_args])

    __call__ = emit

    @contextmanager
    def blocked(self):
        """No emission inside the ``with`` block."""
        self._blocked += 1
        try:
            yield
        finally:
            self._blocked -= 1


class Signal:
    """A signal per instance of the class it is declared on (``said = Signal(str)``)."""

    def __init__(self, *types):
        self.types = types
        self.name = ""

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        inst = SignalInstance(self.name)
        obj.__dict__[self.name] = inst  # the instance's own from now on
        return inst


class SignalGroup:
    """A dataclass instance's ``events``: a :class:`SignalInstance` per field, and
    ``connect`` for all of them at once."""

    def __init__(self, names: tuple[str, ...]):
        self._names = names
        self._relay: SignalInstance | None = None
        for name in names:
            setattr(self, name, SignalInstance(name))

    def connect(self, slot):
        """Call ``slot(EmissionInfo(signal, args))`` whenever any field's signal emits."""
        if self._relay is None:
            self._relay = SignalInstance("events")
            for name in self._names:
                sig = getattr(self, name)
                sig.connect(self._relayer(sig))
        return self._relay.connect(slot)

    def disconnect(self, slot=None, missing_ok: bool = True) -> None:
        if self._relay is not None:
            self._relay.disconnect(slot, missing_ok)
        elif not missing_ok:
            raise ValueError(f"{slot!r} is not connected")

    def _relayer(self, sig: SignalInstance):
        relay = self._relay

        def relayed(*args):
            relay.emit(EmissionInfo(sig, args))

        return relayed


def _equal(a, b) -> bool:
    try:
        return bool(a == b)
    except Exception:  # an __eq__ that cannot say (an array): the same object or not
        return a is b


class _Events:
    """The ``events`` attribute: the instance's :class:`SignalGroup`, made on first use."""

    def __init__(self, names: tuple[str, ...]):
        self.names = names

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        group = obj.__dict__.get("_events")
        if group is None:
            group = obj.__dict__["_events"] = SignalGroup(self.names)
        return group


def evented(cls):
    """Make a dataclass emit ``events.<field>(new, old)`` when a field's value changes."""
    names = tuple(f.name for f in fields(cls))
    evented_fields = frozenset(names)
    plain_setattr = cls.__setattr__

    def __setattr__(self, name, value):
        group = self.__dict__.get("_events")
        if group is None or name not in evented_fields:
            return plain_setattr(self, name, value)
        sig = getattr(group, name)
        if not len(sig):  # no one listens
            return plain_setattr(self, name, value)
        old = getattr(self, name, _MISSING)
        plain_setattr(self, name, value)
        new = getattr(self, name)
        if old is _MISSING or not _equal(new, old):
            sig.emit(new, old)

    cls.__setattr__ = __setattr__
    cls.events = _Events(names)
    return cls
