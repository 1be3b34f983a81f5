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


def shorten(s, n=25):
    """s in n characters, its longest words without a digit shortened one
    letter at a time (a "." marks a shortened word): never a number, and
    never cut at the end. A line that cannot be shortened so stays long
    (the layout then says it is cut)."""
    while len(s) > n:
        ws = s.split(" ")
        k = -1
        for i in range(len(ws)):
            w = ws[i]
            if len(w) > 3 and (k < 0 or len(w) > len(ws[k])):
                for c in w:
                    if "0" <= c <= "9":
                        break
                else:
                    k = i
        if k < 0:
            break
        w = ws[k]
        ws[k] = w[:-2] + "."
        s = " ".join(ws)
    return s
