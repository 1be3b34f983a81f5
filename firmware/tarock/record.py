# Reading a deal summary written by any firmware (issue 35: what the table
# confirmed stands under every later firmware, and an older one keeps what
# a newer one wrote). A summary's dict form names its fields; each family's
# summary_from_dict reads it through these helpers:
# - a field the writer did not know (absent) takes its default, the value
#   that reproduces the writer's result: nothing played, nothing announced;
# - per-bonus lists (and the Kontra slots that follow them) grow at their
#   end only: a bonus id is stable, never reused (tests/core/test_layouts.py
#   holds every family's names against tests/golden/layouts.txt), so a list's
#   length is the writer's count: a shorter one is padded with the default,
#   a longer one must hold only defaults past the ids this firmware knows;
# - a field this firmware does not know is ignored while it holds its empty
#   value (0, an empty or all-0 list); otherwise the summary was written by
#   a newer firmware and cannot be read here: Newer (a ValueError) says so,
#   and the score sheet counts the deal with the deltas its seats confirmed.
REQUIRED = object()


class Newer(ValueError):
    """A summary this firmware cannot read: a newer firmware wrote it."""


def _empty(v):
    if v is None or v is False or v == 0:
        return True
    if isinstance(v, list):
        for x in v:
            if not _empty(x):
                return False
        return True
    return False


def unknown(d, known):
    """Refuse a dict that is not one, or a field this firmware does not
    know holding something (Newer)."""
    if not isinstance(d, dict):
        raise ValueError("summary: expected a dict, got %r" % (d,))
    for k in d:
        if k not in known and not _empty(d[k]):
            raise Newer("%s: a field of a newer firmware" % (k,))


def num(d, key, default=REQUIRED):
    # type: (dict, str, object) -> int
    """An int field (a bool is not one); absent: default (REQUIRED: an error)."""
    v = d.get(key)
    if v is None:
        if default is REQUIRED:
            raise ValueError("%s: missing" % (key,))
        return default  # type: ignore[return-value]  # pyright: ignore[reportReturnType] (the caller's default: an int)
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError("%s: expected a whole number, got %r" % (key, v))
    return v


def nums(d, key, m, fill=0, grows=True):
    """An int list of length m, or None when absent. grows: a per-bonus
    list (shorter: padded with fill; longer: only fill past m, else Newer);
    otherwise (per position) exactly m."""
    v = d.get(key)
    if v is None:
        return None
    if not isinstance(v, list):
        raise ValueError("%s: expected a list, got %r" % (key, v))
    for x in v:
        if isinstance(x, bool) or not isinstance(x, int):
            raise ValueError("%s: expected whole numbers, got %r" % (key, x))
    k = len(v)
    if k == m:
        return list(v)
    if not grows:
        raise ValueError("%s: expected a list of %d numbers, got %r" % (key, m, v))
    if k < m:
        return list(v) + [fill] * (m - k)
    for i in range(m, k):
        if v[i] != fill:
            raise Newer("%s: entry %d is one a newer firmware knows" % (key, i))
    return v[:m]
