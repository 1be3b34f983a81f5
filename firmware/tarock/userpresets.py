# User presets: a small text file on the device's storage that adds a table's
# own presets on top of the built-in ones (tarock.profiles.get/list_presets).
# The UI lists them with list_all() and picks one with pick().
#
# Format (one setting a line, values in JSON; '#' starts a comment line):
#
#   [stammtisch]                       <- a new preset: koenigrufen/stammtisch
#   base = "koenigrufen/tarockcup"     <- required, the first line of a section
#   title = "Stammtisch Linz"
#   contracts.Dreier.value = 5         <- a contract by its name or its id
#   contracts.9.loss = 5
#   bonus.Trull = [1, 3]               <- (silent, announced)
#   kaiserstich = true
#
# Everything is checked when the file is loaded: an unknown key, a value of
# the wrong type or out of range, contradictory options -> ProfileError
# "<file> line N: <key>: <reason>".
import json
from tarock import profiles as PR

USER_FILE = "presets.txt"


def _norm(name):
    out = ""
    for ch in name.lower():
        if ch not in " -_.":
            out += ch
    return out


def _resolve(base, path):
    """Internal key list for a dotted path: contract and bonus names -> ids."""
    parts = path.split(".")
    keys = []
    for i in range(len(parts)):
        k = parts[i]
        if i == 1 and keys[0] in ("contracts", "bonus"):
            table = base.get(keys[0], {})
            found = None
            if k.isdigit():
                found = int(k)
            elif keys[0] == "contracts":
                for cid in table:
                    if _norm(table[cid].get("name", "")) == _norm(k):
                        found = cid
            else:
                names = base.get("bonus_names", ())
                for b in range(len(names)):
                    if _norm(names[b]) == _norm(k):
                        found = b
                if found is None:
                    # the family's own (untranslated) names
                    std = getattr(PR.family_module(base.get("family")), "BONUS_NAMES", ())
                    for b in range(len(std)):
                        if _norm(std[b]) == _norm(k):
                            found = b
            if found is None:
                raise PR.ProfileError("%s: no contract or bonus called %r" % (path, k))
            k = found
        keys.append(k)
    if not keys or not keys[0] or len(keys) > 3:
        raise PR.ProfileError("%s: not a setting" % path)
    return keys


def _value(v):
    # JSON lists are tuples in profiles (bonus values, bonus_names)
    if isinstance(v, list):
        return tuple(v)
    return v


def _put(over, keys, v):
    d = over
    for k in keys[:-1]:
        if k not in d:
            d[k] = {}
        d = d[k]
    d[keys[-1]] = v


def _dotted(keys):
    return ".".join([str(k) for k in keys])


def parse(text, source=USER_FILE):
    """[(name, base key, overrides dict, [(line, dotted internal path)])], one
    per section, in file order. Raises ProfileError naming the line."""
    out = []
    cur = None
    lines = text.split("\n")
    for i in range(len(lines)):
        ln = i + 1
        line = lines[i].strip()
        if not line or line[0] == "#":
            continue
        where = "%s line %d" % (source, ln)
        if line[0] == "[":
            if line[-1] != "]" or len(line) < 3:
                raise PR.ProfileError("%s: a section is [name]" % where)
            name = line[1:-1].strip()
            for ch in name:
                if not (ch.isalpha() or ch.isdigit() or ch in "_-"):
                    raise PR.ProfileError("%s: preset name %r: letters, digits, _ and - only" % (where, name))
            for sec in out:
                if sec[0] == name:
                    raise PR.ProfileError("%s: preset %r given twice" % (where, name))
            cur = [name, None, {}, [], None]
            out.append(cur)
            continue
        eq = line.find("=")
        if eq < 0:
            raise PR.ProfileError("%s: expected 'key = value'" % where)
        if cur is None:
            raise PR.ProfileError("%s: a setting before the first [name]" % where)
        key = line[:eq].strip()
        try:
            v = _value(json.loads(line[eq + 1:].strip()))
        except ValueError:
            raise PR.ProfileError("%s: %s: the value is not JSON (strings in \"quotes\")" % (where, key))
        if key == "base":
            if cur[1] is not None:
                raise PR.ProfileError("%s: base: given twice" % where)
            if not isinstance(v, str):
                raise PR.ProfileError("%s: base: expected a preset name" % where)
            try:
                cur[4] = PR.get(v)
            except PR.ProfileError as e:
                raise PR.ProfileError("%s: base: %s" % (where, e))
            cur[1] = v
            continue
        if cur[1] is None:
            raise PR.ProfileError("%s: base = \"family/name\" must come first" % where)
        if key in ("family", "name"):
            raise PR.ProfileError("%s: %s: comes from base and [name]" % (where, key))
        try:
            keys = _resolve(cur[4], key)
        except PR.ProfileError as e:
            raise PR.ProfileError("%s: %s" % (where, e))
        _put(cur[2], keys, v)
        cur[3].append((ln, _dotted(keys)))
    for sec in out:
        if sec[1] is None:
            raise PR.ProfileError("%s: [%s] has no base" % (source, sec[0]))
    return [(s[0], s[1], s[2], s[3]) for s in out]


def load(text, source=USER_FILE):
    """{'family/name': profile} for every section, each validated; a
    ProfileError names the file line of the offending setting."""
    out = {}
    for (name, base_key, over, where) in parse(text, source):
        base = PR.get(base_key)
        fam = base["family"]
        over["name"] = name
        try:
            prof = PR.overlay(base, over)
        except PR.ProfileError as e:
            msg = str(e)
            line = 0
            for (ln, path) in where:
                # the setting the message names (longest matching path wins)
                if msg.startswith(path + ":") or msg.startswith(path + "."):
                    line = ln
            if line:
                raise PR.ProfileError("%s line %d: %s" % (source, line, msg))
            raise PR.ProfileError("%s [%s]: %s" % (source, name, msg))
        out[fam + "/" + name] = prof
    return out


def read(path=USER_FILE):
    """load() of the file at path; {} when there is no such file."""
    try:
        f = open(path)
    except OSError:
        return {}
    try:
        text = f.read()
    finally:
        f.close()
    return load(text, path)


def list_all(user=None, family=None):
    """[(key, title, source)] for the UI: built-in presets ('builtin') then
    the user's ('user'); user = load()/read() result or None."""
    out = []
    for (k, t) in PR.list_presets(family):
        out.append((k, t, "builtin"))
    if user:
        for k in sorted(user):
            if family is None or k.split("/")[0] == family:
                out.append((k, user[k].get("title", k), "user"))
    return out


def pick(key, user=None):
    """The profile for a key from list_all(): the user's presets first."""
    if user and key in user:
        return user[key]
    return PR.get(key)
