# Rule profiles, shared part: the error, the checks every family's
# validate_profile uses, overlays, and the preset registry across families
# (profiles.get('family/name'), list_presets()). Each family's keys, tariffs
# and presets live in its own package (tarock/<family>/profiles.py); the
# families registry (tarock.families) says which module that is.


class ProfileError(ValueError):
    pass


def _check_type(where, v, t):
    if t is int and isinstance(v, bool):
        raise ProfileError("%s: expected a number, got %r" % (where, v))
    if not isinstance(v, t):
        raise ProfileError("%s: expected %s, got %r" % (where, t.__name__, v))


def overlay(base, overrides):
    """A new profile: base with overrides applied. Dict-valued entries (contracts,
    bonus, ...) merge key by key, one level deeper for dicts of dicts; a key
    the base does not have is refused. Validates the result; raises
    ProfileError naming the key."""
    p = {}
    for k in base:
        v = base[k]
        if isinstance(v, dict):
            v2 = {}
            for j in v:
                v2[j] = dict(v[j]) if isinstance(v[j], dict) else v[j]
            v = v2
        p[k] = v
    for k in overrides:
        v = overrides[k]
        if k in p and isinstance(p[k], dict):
            _check_type(str(k), v, dict)
            for j in v:
                if j not in p[k]:
                    raise ProfileError("%s.%s: no such entry" % (k, j))
                if isinstance(p[k][j], dict):
                    _check_type("%s.%s" % (k, j), v[j], dict)
                    for i in v[j]:
                        p[k][j][i] = v[j][i]
                else:
                    p[k][j] = v[j]
        else:
            p[k] = v
    validate(p)
    return p


def combine(a, b):
    """One set of overrides that overlay() applies as a then b:
    overlay(overlay(p, a), b) == overlay(p, combine(a, b)). Either may be
    None; a new dict (dict-valued entries copied two levels deep, as
    overlay merges them)."""
    out = {}
    for ov in (a, b):
        if not ov:
            continue
        for k in ov:
            v = ov[k]
            if isinstance(v, dict):
                d = out.get(k)
                d = dict(d) if isinstance(d, dict) else {}
                for j in v:
                    w = v[j]
                    if isinstance(w, dict):
                        e = d.get(j)
                        e = dict(e) if isinstance(e, dict) else {}
                        for i in w:
                            e[i] = w[i]
                        w = e
                    d[j] = w
                v = d
            out[k] = v
    return out


# Table options every family's profile carries beside its rules (each
# family's validate_profile checks them with its own keys):
#   take_back  the seat that just played a card may take it back until the
#              next seat acts (a house rule: on in the home presets, off in
#              tournament presets such as the Tarockcup's)
TABLE_KEYS = " take_back:b "

# Money, optional in every family's profile (absent: the default; issue 37:
# "the Tirol cup plays 10 cents a point", the evening's settlement):
#   cents_per_point  the settlement's money per point, in cents (0: none)
#   currency         its sign, 1 to 3 characters ("€")


def take_back(p):
    """Whether profile p lets a card just played be taken back."""
    return p.get("take_back") is True


def _families():
    # the registry, imported when first needed: a deal's rules import this
    # module for ProfileError and the checks, and need not load the registry
    from tarock import families
    return families


def family_module(fam):
    """The family's profiles module (its validate_profile(p) and PRESETS
    {name: profile}), imported on first use: a device loads only the
    families it plays."""
    F = _families()
    if not isinstance(fam, str) or fam not in F.FAMILIES:
        raise ProfileError("family: unknown family %r" % (fam,))
    return F.module(fam, "profiles")


def validate(p):
    """Raise ProfileError naming the first bad key; return p when it is sound."""
    if not isinstance(p, dict):
        raise ProfileError("a profile must be a dict")
    q = dict(p)     # the family's own check knows its own keys only
    c = q.pop("cents_per_point", 0)
    if type(c) is not int or not 0 <= c <= 10000:   # (a bool is not an int here)
        raise ProfileError("cents_per_point: a number 0..10000")
    c = q.pop("currency", "C")
    if type(c) is not str or not 0 < len(c) < 4:
        raise ProfileError("currency: 1 to 3 characters")
    family_module(p.get("family")).validate_profile(q)
    return p


def money(p):
    """(cents per point, currency sign) of profile p; 0 cents: no money."""
    return p.get("cents_per_point", 0), p.get("currency", "\u20ac")


def get(name):
    """A preset by 'family/name', e.g. 'koenigrufen/pagat'. Presets a family
    builds on demand are named in its LAZY_PRESETS {name: module}; that
    module's PRESETS holds them (validated when it is first imported)."""
    parts = name.split("/", 1)
    fam = parts[0]
    preset = parts[1] if len(parts) > 1 else ""
    mod = family_module(fam) if fam in _families().FAMILIES else None
    presets = mod.PRESETS if mod is not None else {}
    if preset not in presets:
        lazy = getattr(mod, "LAZY_PRESETS", {}).get(preset)
        if lazy is None:
            raise ProfileError("unknown profile %r" % (name,))
        __import__(lazy)
        import sys
        presets = sys.modules[lazy].PRESETS
    return presets[preset]


def list_presets(family=None):
    """[(key, title)] of every built-in preset, 'family/name' keys sorted;
    for the UI's preset picker (titles of lazy presets without loading them)."""
    out = []
    for fam in sorted(_families().FAMILIES):
        if family is not None and fam != family:
            continue
        mod = family_module(fam)
        for n in mod.PRESETS:
            out.append((fam + "/" + n, mod.PRESETS[n].get("title", n)))
        lazy = getattr(mod, "LAZY_PRESETS", {})
        titles = getattr(mod, "LAZY_TITLES", {})
        for n in lazy:
            if n not in mod.PRESETS:
                out.append((fam + "/" + n, titles.get(n, n)))
    out.sort()
    return out


# A profile's keys and their types as a spec, one str: " key:t key:t ..."
# (t: s str, i int, b bool, d dict, t tuple). A str constant stays in flash
# on a board, where a {key: type} dict would be about 200 bytes of heap.
_TYPES = (str, int, bool, dict, tuple)


def spec_type(spec, k):
    """The type spec gives key k, None when it has no such key."""
    if not isinstance(k, str):
        return None
    i = spec.find(" " + k + ":")
    return None if i < 0 else _TYPES["sibdt".find(spec[i + len(k) + 2])]


def check_keys(d, spec, where):
    """Every key of d known and of its type (spec: spec_type's), none missing."""
    for k in d:
        t = spec_type(spec, k)
        if t is None:
            raise ProfileError("%s%s: unknown key" % (where, k))
        _check_type(where + str(k), d[k], t)
    for kt in spec.split():
        if kt[:-2] not in d:
            raise ProfileError("%s%s: missing" % (where, kt[:-2]))


def check_bonus_pairs(p, n_bonus):
    """p["bonus"]: (silent, announced) ints >= 0 for each bonus id 0..n_bonus-1."""
    for b in p["bonus"]:
        v = p["bonus"][b]
        w = "bonus.%s" % (b,)
        if not isinstance(b, int) or not 0 <= b < n_bonus:
            raise ProfileError("%s: no such bonus" % w)
        if not (isinstance(v, tuple) and len(v) == 2):
            raise ProfileError("%s: expected (silent, announced)" % w)
        for x in v:
            _check_type(w, x, int)
            if x < 0 or x > 1000:
                raise ProfileError("%s: values must be 0..1000" % w)
    for b in range(n_bonus):
        if b not in p["bonus"]:
            raise ProfileError("bonus.%d: missing" % b)


def with_defaults(defaults, d):
    """A new dict: defaults, overridden by d (allocates; not hot)."""
    c = dict(defaults)
    for k in d:
        c[k] = d[k]
    return c
