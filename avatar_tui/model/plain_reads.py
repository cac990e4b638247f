"""Reading a field of a game model the way Python reads any object's.

Pydantic's `BaseModel` defines `__getattr__`, which serves a model's
private attributes and extra fields. CPython gives a class with a
`__getattr__` anywhere in its bases a slower read for every attribute of
its instances, found or not: each read goes through a hook that looks the
method up first, and the interpreter's specialised attribute reads refuse
such classes. The engine reads the state's fields hundreds of times a
move, so every move paid it.

A model with no private attributes and no extra fields never needs that
`__getattr__`: for a name it does not have, pydantic's method raises the
same `AttributeError` Python's own read raises. `use_plain_reads(cls)`
gives such a class the read it would have if pydantic defined no
`__getattr__` (its type slot `tp_getattro` set to Python's generic read).
The state, card, effect and action models call it as each class is made.

The slot is written through CPython's type layout, so the layout is
checked first, once, against a class of our own (its size and its read
slot where the layout puts them); where the check fails, on another
interpreter or a changed layout, nothing is written and the models read as
before, only slower. CPython fills a new class's slots from its bases'
methods, so each subclass is set when it is made; a class that defines a
`__getattr__` of its own keeps it. docs/performance.md has the measurement.
"""

from __future__ import annotations

import ctypes
from functools import cache

from pydantic import BaseModel


class _TypeHead(ctypes.Structure):
    """The start of CPython's `PyTypeObject`, up to the attribute slots."""

    _fields_ = [
        ("ob_refcnt", ctypes.c_ssize_t), ("ob_type", ctypes.c_void_p),
        ("ob_size", ctypes.c_ssize_t), ("tp_name", ctypes.c_char_p),
        ("tp_basicsize", ctypes.c_ssize_t), ("tp_itemsize", ctypes.c_ssize_t),
        ("tp_dealloc", ctypes.c_void_p), ("tp_vectorcall_offset", ctypes.c_ssize_t),
        ("tp_getattr", ctypes.c_void_p), ("tp_setattr", ctypes.c_void_p),
        ("tp_as_async", ctypes.c_void_p), ("tp_repr", ctypes.c_void_p),
        ("tp_as_number", ctypes.c_void_p), ("tp_as_sequence", ctypes.c_void_p),
        ("tp_as_mapping", ctypes.c_void_p), ("tp_hash", ctypes.c_void_p),
        ("tp_call", ctypes.c_void_p), ("tp_str", ctypes.c_void_p),
        ("tp_getattro", ctypes.c_void_p), ("tp_setattro", ctypes.c_void_p),
    ]


class _Plain:
    """A class with Python's own attribute read: the layout's check."""


class _Hooked:
    def __getattr__(self, name: str) -> None:
        return None


@cache
def generic_read() -> int | None:
    """The address of Python's generic attribute read, where the type
    layout is the one `_TypeHead` describes; None where it is not."""
    try:
        address = ctypes.cast(ctypes.pythonapi.PyObject_GenericGetAttr, ctypes.c_void_p).value
    except (AttributeError, ValueError):  # not CPython
        return None
    plain, hooked = _TypeHead.from_address(id(_Plain)), _TypeHead.from_address(id(_Hooked))
    fits = (plain.tp_basicsize == _Plain.__basicsize__ and plain.tp_getattro == address
            and hooked.tp_basicsize == _Hooked.__basicsize__ and hooked.tp_getattro != address)
    return address if fits else None


def use_plain_reads(cls: type[BaseModel]) -> bool:
    """Give `cls` Python's generic attribute read, when pydantic's
    `__getattr__` has nothing to serve in it (no private attributes, no
    extra fields kept) and the class defines none of its own. True when
    set."""
    address = generic_read()
    if (address is None or cls.__private_attributes__
            or cls.model_config.get("extra") == "allow"
            or getattr(cls, "__getattr__", None) is not getattr(BaseModel, "__getattr__", None)):
        return False
    _TypeHead.from_address(id(cls)).tp_getattro = address
    return True
