"""Small test helpers that work the same on CPython and MicroPython.

The core suite (tests/core/test_*.py) runs under pytest on CPython and under
tests/mp_run.py on MicroPython (unix and WebAssembly ports), so it cannot use
pytest.raises & co. Use these instead:

    from mpcompat import raises, no_alloc, IS_MICROPYTHON

    e = raises(ValueError, parse, "bad")      # returns the exception
    n = no_alloc(trick_winner, cards, trump)  # proves no heap allocation (MP)
"""

import sys

IS_MICROPYTHON = sys.implementation.name == "micropython"

try:
    import micropython as _mp

    _HAS_HEAP_LOCK = hasattr(_mp, "heap_lock") and hasattr(_mp, "heap_unlock")
except ImportError:  # CPython
    _mp = None
    _HAS_HEAP_LOCK = False

# True when no_alloc really checks allocations (unix and wasm ports: yes).
HEAP_LOCK_ACTIVE = IS_MICROPYTHON and _HAS_HEAP_LOCK


def _name(fn):
    return getattr(fn, "__name__", None) or repr(fn)


def raises(exc_type, fn, *args, **kw):
    """Call fn(*args, **kw); return the exception of type exc_type it raised.

    Fails with AssertionError if it returned normally. Exceptions of other
    types propagate unchanged (so the test fails with the real error).
    """
    try:
        fn(*args, **kw)
    except exc_type as e:
        return e
    raise AssertionError(
        "%s did not raise %s" % (_name(fn), getattr(exc_type, "__name__", exc_type))
    )


def _call_locked(fn, args):
    # Fixed-arity calls on purpose: `fn(*args)` makes MicroPython allocate
    # the argument array on the heap, which would trip heap_lock by itself.
    n = len(args)
    if n == 0:
        return fn()
    if n == 1:
        return fn(args[0])
    if n == 2:
        return fn(args[0], args[1])
    if n == 3:
        return fn(args[0], args[1], args[2])
    if n == 4:
        return fn(args[0], args[1], args[2], args[3])
    if n == 5:
        return fn(args[0], args[1], args[2], args[3], args[4])
    if n == 6:
        return fn(args[0], args[1], args[2], args[3], args[4], args[5])
    raise TypeError("no_alloc: at most 6 positional arguments")


def no_alloc(fn, *args):
    """Run fn(*args) and return its result, proving it allocates nothing.

    On MicroPython the call runs under micropython.heap_lock(); any heap
    allocation inside raises MemoryError, which is turned into an
    AssertionError naming fn. On CPython it simply calls fn(*args).

    Note: returning a new object (a list, a tuple, a big int >= 2**30 on
    32-bit ports) is itself an allocation. Keyword arguments are not
    supported (they would allocate).
    """
    if not HEAP_LOCK_ACTIVE:
        return fn(*args)
    if len(args) > 6:
        raise TypeError("no_alloc: at most 6 positional arguments")
    failed = False
    _mp.heap_lock()
    try:
        result = _call_locked(fn, args)
    except MemoryError:
        failed = True
    finally:
        _mp.heap_unlock()
    if failed:
        raise AssertionError(
            "%s allocated on the heap (MemoryError under micropython.heap_lock)"
            % _name(fn)
        )
    return result


def tmpdir(tag):
    """A fresh empty directory (a file store for the score sheet: flash on a
    board, not heap). CPython: tempfile; MicroPython: under /tmp."""
    import os
    if not IS_MICROPYTHON:
        import tempfile
        return tempfile.mkdtemp(prefix=tag)
    try:
        os.mkdir("/tmp")
    except OSError:
        pass
    n = 0
    while True:
        p = "/tmp/%s%d" % (tag, n)
        try:
            os.mkdir(p)
            return p
        except OSError:
            n += 1


def rmdir(p):
    """Remove a flat directory made by tmpdir and the files in it."""
    import os
    for f in os.listdir(p):
        os.remove(p + "/" + f)
    os.rmdir(p)


def unload_since(before):
    """Drop every module imported since `before` (a set of sys.modules
    names), from sys.modules and from its package's attributes, and collect
    the garbage: a test going through the families one at a time holds one,
    as a board does (table.app drops a family so)."""
    for m in list(sys.modules):
        if m not in before:
            del sys.modules[m]
            k = m.rfind(".")
            p = sys.modules.get(m[:k]) if k > 0 else None
            if p is not None and hasattr(p, m[k + 1:]):
                delattr(p, m[k + 1:])
    import gc
    gc.collect()
