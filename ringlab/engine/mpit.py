r"""Read MPICH's control variables through the MPI tool interface (MPI_T), from inside a rank.

``--library-algorithm A`` sets ``MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM=A`` and
``MPIR_CVAR_DEVICE_COLLECTIVES=none`` in the ranks' environment (:func:`.launch.library_env`).
An environment variable the library does not know, or spells differently, is ignored without a
word; so each rank asks the library itself which value it took, with ``MPI_T_cvar_read``
(mpi4py has no MPI_T, so this calls the ``libmpi`` mpi4py already loaded, through ctypes).

MPICH registers these two as ``MPI_INT`` variables without an ``MPI_T_enum``: the integer is the
position of the value in the variable's description, which lists one ``name - words`` line per
value in the order MPICH numbers them (``auto`` 0, ``nb`` 1, ``smp`` 2, ``recursive_doubling``
3, …, the same list ``mpivars`` prints); :func:`enum_names` reads it from there.

Only for MPICH (the library version line says so): other libraries' handles have other sizes
and their variables other names.  Anything unexpected gives ``None`` and the reason, never an
exception — this only reports, the run goes on.
"""

from __future__ import annotations

import ctypes
import re

from ._proc import mapped_files

ALGORITHM_CVAR = "MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM"
DEVICE_CVAR = "MPIR_CVAR_DEVICE_COLLECTIVES"

_ITEM = re.compile(r"^\s*([A-Za-z0-9_]+)\s+-\s")


def enum_names(description: str) -> list[str]:
    """The value names a CVAR's description lists, one ``name - words`` line each, in order."""
    return [m.group(1) for line in description.splitlines()[1:] if (m := _ITEM.match(line))]


def _libmpi() -> str | None:
    """The path of the libmpi this process has loaded (mpi4py's), from /proc/self/maps."""
    maps = mapped_files()
    if maps is None:
        return None
    found = sorted(set(re.findall(r"(/\S*/libmpi(?:_abi)?\.so[.\d]*)\s*$", maps, re.MULTILINE)))
    return found[0] if found else None


def read_cvars(MPI, names=(ALGORITHM_CVAR, DEVICE_CVAR)) -> dict:
    """{"values": {name: value name (or int, or None)}, "via": "MPI_T", "note": …}.

    Call after MPI is initialised.  ``note`` says why a value could not be read."""
    out: dict = {"via": "MPI_T", "values": {n: None for n in names}, "note": None}
    version = MPI.Get_library_version()
    if not version.lstrip().startswith("MPICH"):
        out["note"] = "not MPICH: its control variables are not read"
        return out
    path = _libmpi()
    if path is None or path.endswith("_abi.so") or "_abi.so." in path:
        out["note"] = f"MPI_T not read: libmpi not found or the standard ABI build ({path})"
        return out
    try:
        L = ctypes.CDLL(path)
        provided = ctypes.c_int()
        if L.MPI_T_init_thread(0, ctypes.byref(provided)) != 0:
            out["note"] = "MPI_T_init_thread failed"
            return out
        try:
            for name in names:
                out["values"][name] = _read_one(L, name)
        finally:
            L.MPI_T_finalize()
    except (OSError, AttributeError, ValueError) as e:
        out["note"] = f"MPI_T not read: {type(e).__name__}: {e}"
    return out


def _read_one(L, name: str):
    idx = ctypes.c_int()
    if L.MPI_T_cvar_get_index(name.encode(), ctypes.byref(idx)) != 0:
        return None  # the library has no such variable
    nm, nlen = ctypes.create_string_buffer(256), ctypes.c_int(256)
    desc, dlen = ctypes.create_string_buffer(8192), ctypes.c_int(8192)
    verb, bind, scope = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
    dtype, enum = ctypes.c_void_p(), ctypes.c_void_p()  # wide enough for either ABI's handles
    if (
        L.MPI_T_cvar_get_info(
            idx,
            nm,
            ctypes.byref(nlen),
            ctypes.byref(verb),
            ctypes.byref(dtype),
            ctypes.byref(enum),
            desc,
            ctypes.byref(dlen),
            ctypes.byref(bind),
            ctypes.byref(scope),
        )
        != 0
    ):
        return None
    handle, count = ctypes.c_void_p(), ctypes.c_int()
    if L.MPI_T_cvar_handle_alloc(idx, None, ctypes.byref(handle), ctypes.byref(count)) != 0:
        return None
    try:
        if count.value != 1:
            return None
        buf = (ctypes.c_int64 * 4)()  # an MPI_INT is read into the first 4 bytes
        if L.MPI_T_cvar_read(handle, buf) != 0:
            return None
        value = ctypes.c_int.from_buffer(buf).value
    finally:
        L.MPI_T_cvar_handle_free(ctypes.byref(handle))
    names = enum_names(desc.value.decode(errors="replace"))
    return names[value] if 0 <= value < len(names) else value
