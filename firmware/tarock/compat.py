# MicroPython/CPython shims for the pure core. `const` folds at compile time on
# MicroPython; on CPython it is the identity.
try:
    from micropython import const  # pyright: ignore[reportAssignmentType] (host fallback untyped)
except ImportError:  # CPython
    def const(x):
        return x

try:
    from micropython import native  # pyright: ignore[reportAssignmentType] (not used yet; keeps imports uniform)
except ImportError:
    def native(f):
        return f


def ljust(s, n):
    """s padded with spaces to n characters. MicroPython's "%-12s" (and
    format's "<") pads by UTF-8 bytes: a name with an umlaut would come out
    a column short and push its row's numbers out of line."""
    k = len(s)
    return s + " " * (n - k) if k < n else s
