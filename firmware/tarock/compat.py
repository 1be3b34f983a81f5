# MicroPython/CPython shims for the pure core. `const` folds at compile time on
# MicroPython; on CPython it is the identity.
try:
    from micropython import const  # noqa: F401
except ImportError:  # CPython
    def const(x):
        return x

try:
    from micropython import native  # noqa: F401  (not used yet; keeps imports uniform)
except ImportError:
    def native(f):
        return f
