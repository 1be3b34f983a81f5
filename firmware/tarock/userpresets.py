# User presets: a small text file on the device's storage that adds a table's
# own presets on top of the built-in ones (tarock.profiles.get/list_presets).
# The UI lists them with list_all() and picks one with pick(); the device
# keeps only read_index() (each preset's base and overrides, a few hundred
# bytes) and builds the one profile chosen with build().
#
# Format (UTF-8, a leading BOM is fine; one setting a line, values in JSON;
# '#' starts a comment line):
#
#   [stammtisch]                       <- a new preset: koenigrufen/stammtisch
#   base = "koenigrufen/tarockcup"     <- required, the first line of a section
#   title = "Stammtisch Linz"
#   contracts.Dreier.value = 5         <- a contract by its name or its id
#   contracts.9.loss = 5
#   bonus.Trull = [1, 3]               <- (silent, announced)
#   kaiserstich = true
#
# A preset name is 1..17 ASCII letters, digits, _ and -, used once in the
# file and not the name of a built-in preset of the family its base belongs
# to. A value nests at most MAX_DEPTH lists/objects deep; the file holds at
# most MAX_BYTES bytes.
#
# Everything is checked when the file is loaded: an unknown key, a value of
# the wrong type or out of range, contradictory options, bytes that are not
# UTF-8 -> ProfileError "<file> line N: <key>: <reason>" (options that
# contradict each other name the section's [name] line). A file that is not
# there means no user presets; a directory in its place, or a file that
# cannot be read, is a ProfileError "<file>: ...".
import json
import os
from tarock import profiles as PR

USER_FILE = "presets.txt"
MAX_BYTES = 8192    # the whole file (read at setup only: a small heap)
MAX_DEPTH = 3       # [ and { nested in one value (no profile key needs more)
MAX_NAME = 17       # the setup screen's Rules row shows 17 characters
_NAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"
_DIGITS = "0123456789"


def _norm(name):
    out = ""
    for ch in name.lower():
        if ch not in " -_.":
            out += ch
    return out


def _is_id(k):
    """ASCII digits only (str.isdigit() takes other scripts' digits on
    CPython, not on MicroPython)."""
    if not k:
        return False
    for ch in k:
        if ch not in _DIGITS:
            return False
    return True


def _resolve(base, path):
    """Internal key list for a dotted path: contract and bonus names -> ids."""
    parts = path.split(".")
    keys = []
    for i in range(len(parts)):
        k = parts[i]
        if i == 1 and keys[0] in ("contracts", "bonus"):
            table = base.get(keys[0], {})
            found = None
            if _is_id(k):
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
                raise PR.ProfileError("%s: no contract or bonus called '%s'" % (path, k))
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


def _too_deep(s):
    """True when the JSON text s nests more than MAX_DEPTH lists/objects
    (counted before json.loads: CPython's recursion would raise
    RecursionError, MicroPython's json has no limit but the heap)."""
    d = 0
    q = False
    esc = False
    for c in s.encode():
        if q:
            if esc:
                esc = False
            elif c == 0x5C:        # backslash
                esc = True
            elif c == 0x22:        # "
                q = False
        elif c == 0x22:
            q = True
        elif c == 0x5B or c == 0x7B:   # [ {
            d += 1
            if d > MAX_DEPTH:
                return True
        elif c == 0x5D or c == 0x7D:   # ] }
            d -= 1
    return False


def _put(over, keys, v):
    d = over
    for i in range(len(keys)):
        k = keys[i]
        if i == len(keys) - 1:
            if k in d:
                raise PR.ProfileError("%s: given twice" % _dotted(keys))
            d[k] = v
        elif k not in d:
            sub = {}
            d[k] = sub
            d = sub
        elif isinstance(d[k], dict):
            d = d[k]
        else:
            raise PR.ProfileError("%s: %s is given as a whole before"
                                  % (_dotted(keys), _dotted(keys[:i + 1])))


def _dotted(keys):
    return ".".join([str(k) for k in keys])


def _builtin(fam, name):
    key = fam + "/" + name
    for (k, t) in PR.list_presets(fam):
        if k == key:
            return True
    return False


def parse(text, source=USER_FILE):
    """[(name, base key, overrides dict, [(line, dotted internal path)], line
    of [name])], one per section, in file order. Raises ProfileError naming
    the line."""
    if text[:1] == "\ufeff":
        text = text[1:]
    return parse_lines(text.split("\n"), source)


def parse_lines(lines, source=USER_FILE):
    """parse() of an iterable of lines (str); a leading BOM is dropped."""
    out = []
    cur = None
    ln = 0
    for line in lines:
        ln += 1
        if ln == 1 and line[:1] == "\ufeff":
            line = line[1:]
        line = line.strip()
        if not line or line[0] == "#":
            continue
        where = "%s line %d" % (source, ln)
        if line[0] == "[":
            if line[-1] != "]" or len(line) < 3:
                raise PR.ProfileError("%s: a section is [name]" % where)
            name = line[1:-1].strip()
            if not name or len(name) > MAX_NAME:
                raise PR.ProfileError("%s: preset name '%s': 1 to %d characters"
                                      % (where, name, MAX_NAME))
            for ch in name:
                if ch not in _NAME_CHARS:
                    raise PR.ProfileError("%s: preset name '%s': letters A-Z, digits, _ and - only"
                                          % (where, name))
            for sec in out:
                if sec[0] == name:
                    raise PR.ProfileError("%s: preset '%s' given twice" % (where, name))
            cur = [name, None, {}, [], None, ln]
            out.append(cur)
            continue
        eq = line.find("=")
        if eq < 0:
            raise PR.ProfileError("%s: expected 'key = value'" % where)
        if cur is None:
            raise PR.ProfileError("%s: a setting before the first [name]" % where)
        key = line[:eq].strip()
        text = line[eq + 1:].strip()
        if _too_deep(text):
            raise PR.ProfileError("%s: %s: the value nests more than %d deep"
                                  % (where, key, MAX_DEPTH))
        try:
            v = _value(json.loads(text))
        except (ValueError, RuntimeError):
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
            fam = cur[4]["family"]
            if _builtin(fam, cur[0]):
                raise PR.ProfileError("%s line %d: [%s]: %s has a built-in preset of that name"
                                      % (source, cur[5], cur[0], fam))
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
        try:
            _put(cur[2], keys, v)
        except PR.ProfileError as e:
            raise PR.ProfileError("%s: %s" % (where, e))
        cur[3].append((ln, _dotted(keys)))
    for sec in out:
        if sec[1] is None:
            raise PR.ProfileError("%s line %d: [%s] has no base" % (source, sec[5], sec[0]))
    return [(s[0], s[1], s[2], s[3], s[5]) for s in out]


def _checked(sections, source, keep):
    """{'family/name': profile (keep) or (base key, overrides)}, every
    section validated; a ProfileError names the file line of the offending
    setting (or of the section's [name] when no setting of its own is to
    blame)."""
    out = {}
    for (name, base_key, over, where, head) in sections:
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
            raise PR.ProfileError("%s line %d: [%s]: %s" % (source, head, name, msg))
        out[fam + "/" + name] = prof if keep else (base_key, over)
        prof = None
    return out


def load(text, source=USER_FILE):
    """{'family/name': profile} for every section, each validated; a
    ProfileError names the file line of the offending setting."""
    return _checked(parse(text, source), source, True)


def index(text, source=USER_FILE):
    """load(), keeping only {'family/name': (base key, overrides)} (build()
    makes the profile): what a device holds through its setup."""
    return _checked(parse(text, source), source, False)


def _basename(path):
    k = path.rfind("/")
    return path[k + 1:] if k >= 0 else path


def _lines(f, source):
    """The file's lines as str, each decoded on its own (the bad line named)."""
    ln = 0
    total = 0
    while True:
        try:
            b = f.readline()
        except OSError as e:
            raise PR.ProfileError("%s: cannot be read (%s)" % (source, e))
        if not b:
            return
        ln += 1
        total += len(b)
        if total > MAX_BYTES:
            raise PR.ProfileError("%s: more than %d bytes" % (source, MAX_BYTES))
        if ln == 1 and b[:3] == b"\xef\xbb\xbf":
            b = b[3:]
        try:
            s = b.decode()
        except UnicodeError:
            raise PR.ProfileError("%s line %d: not UTF-8 text (save the file as UTF-8)"
                                  % (source, ln))
        yield s


def _listed(os, path):
    """The name is in its folder (whether stat() failed because there is no
    such file: the errno numbers differ between ports, the WebAssembly
    port's ENOENT is 44, not errno.ENOENT)."""
    k = path.rfind("/")
    folder = path[:k] if k > 0 else ("/" if k == 0 else ".")
    try:
        return path[k + 1:] in os.listdir(folder)
    except OSError:
        return False


def _read(path, source, keep):
    if source is None:
        source = _basename(path)
    try:
        st = os.stat(path)
    except OSError as e:
        if not _listed(os, path):
            return {}       # no file: no user presets
        raise PR.ProfileError("%s: cannot be read (%s)" % (source, e))
    if st[0] & 0x4000:
        raise PR.ProfileError("%s: is a directory, not a file" % source)
    if st[6] > MAX_BYTES:
        raise PR.ProfileError("%s: %d bytes, at most %d" % (source, st[6], MAX_BYTES))
    try:
        f = open(path, "rb")
    except OSError as e:
        raise PR.ProfileError("%s: cannot be read (%s)" % (source, e))
    try:
        sections = parse_lines(_lines(f, source), source)
    finally:
        f.close()
    return _checked(sections, source, keep)


def read(path=USER_FILE, source=None):
    """load() of the file at path; {} when there is no such file. Errors name
    the file as source (default: the file's name without its folder)."""
    return _read(path, source, True)


def read_index(path=USER_FILE, source=None):
    """index() of the file at path; {} when there is no such file."""
    return _read(path, source, False)


def build(entry):
    """The profile of an index() entry (base key, overrides)."""
    return PR.overlay(PR.get(entry[0]), entry[1])


def list_all(user=None, family=None):
    """[(key, title, source)] for the UI: built-in presets ('builtin') then
    the user's ('user'); user = load()/read() or index()/read_index() result,
    or None."""
    out = []
    for (k, t) in PR.list_presets(family):
        out.append((k, t, "builtin"))
    if user:
        for k in sorted(user):
            if family is None or k.split("/")[0] == family:
                v = user[k]
                over = v if isinstance(v, dict) else v[1]
                out.append((k, over.get("title", k), "user"))
    return out


def pick(key, user=None):
    """The profile for a key from list_all(): the user's presets first."""
    if user and key in user:
        v = user[key]
        return v if isinstance(v, dict) else build(v)
    return PR.get(key)
