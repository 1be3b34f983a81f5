"""What every host tool's command line shares, so each behaves like a Unix tool.

    import cli
    ap = cli.Parser(description=...)
    ap.add_argument("--deals", type=cli.int_range(1), default=1000)
    ap.add_argument("--family", type=cli.names(FAMILIES), default="")
    ap.add_argument("--csv", type=cli.existing_file)
    cli.add_force(ap)
    args = ap.parse_args(argv)
    cli.outputs(ap, args.force, [path, ...])   # before anything is written
    bar = cli.progress(total)                  # tqdm on a terminal, else None

- `--help` prints and exits 0; nothing is written before parse_args returns.
- A bad argument ends in ONE line on stderr, "prog: error: <what>, <accepted
  values>", and exit status 2: no usage block, no traceback. Checks that need
  more than one argument call `ap.error(...)` for the same line.
- Writing over an existing output needs --force (`outputs`).
- A progress bar only when stderr is a terminal: piped output stays clean.

tests/host/test_cli_tools.py runs every tool under host_tools/ with --help and
with each kind of bad value its options take; it learns the options from
TAROCKBOX_ARGSPEC=1, which makes parse_args print them as JSON and exit 0.
"""

import argparse
import json
import os
import sys
from typing import Any, Callable, Iterable, List, NoReturn, Sequence

SPEC_ENV = "TAROCKBOX_ARGSPEC"
MISSING = os.path.join(os.sep, "nonexistent", "tarockbox-missing")


class Parser(argparse.ArgumentParser):
    def error(self, message) -> NoReturn:
        # one line and status 2; the usage block is what --help is for
        self.exit(2, "%s: error: %s\n" % (self.prog, message))

    def parse_known_args(self, args=None, namespace=None):  # pyright: ignore[reportIncompatibleMethodOverride]
        # parse_args goes through here too; a sub-command's parser is only
        # reached inside the top one's parse, so this dumps the whole tool
        if os.environ.get(SPEC_ENV):
            print(json.dumps(spec(self)))
            sys.exit(0)
        return super().parse_known_args(args, namespace)


# ---------------------------------------------------------------- value types
def _accepted(accepted: Any) -> List[str]:
    """The accepted names: a sequence, or a callable that gives them."""
    if callable(accepted):
        accepted = accepted()
    return [str(x) for x in accepted]


def _typed(fn, name, bad, good):
    fn.__name__ = name          # argparse names the type in some messages
    fn.bad = bad                # values the test feeds in: each must be refused
    fn.good = good              # a value that passes (filler for required args)
    return fn


def int_range(lo=None, hi=None):
    """A whole number in lo..hi (either end open when None)."""
    if lo is not None and hi is not None:
        want = "a whole number %d..%d" % (lo, hi)
    elif lo is not None:
        want = "a whole number, %d or more" % lo
    elif hi is not None:
        want = "a whole number, %d or less" % hi
    else:
        want = "a whole number"

    def conv(text):
        try:
            v = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError("%r is not %s" % (text, want))
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise argparse.ArgumentTypeError("%d is out of range: %s" % (v, want))
        return v
    bad = ["x"] + ([str(lo - 1)] if lo is not None else []) + ([str(hi + 1)] if hi is not None else [])
    good = str(lo if lo is not None else (hi if hi is not None else 0))
    return _typed(conv, "int", bad, good)


def float_range(lo=0.0):
    """A number > lo."""
    def conv(text):
        try:
            v = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError("%r is not a number (more than %g)" % (text, lo))
        if not v > lo:
            raise argparse.ArgumentTypeError("%g is out of range: a number more than %g" % (v, lo))
        return v
    return _typed(conv, "float", ["x", str(lo)], str(lo + 1))


def names(accepted: "Sequence[str] | Callable[[], Iterable[str]]", what="name", empty_ok=True):
    """A comma list of names, each one of `accepted` (a sequence or a callable
    giving it, so a registry is read only when the option is used)."""
    def conv(text):
        acc = _accepted(accepted)
        items = [x.strip() for x in text.split(",") if x.strip()]
        for x in items:
            if x not in acc:
                raise argparse.ArgumentTypeError("unknown %s %r (accepted: %s)"
                                                 % (what, x, ", ".join(acc)))
        if not items and not empty_ok:
            raise argparse.ArgumentTypeError("give at least one %s (accepted: %s)"
                                             % (what, ", ".join(acc)))
        return items
    acc0 = accepted if not callable(accepted) else None
    return _typed(conv, "names", ["nosuch"], acc0[0] if acc0 else "")


def one_of(accepted: "Sequence[str] | Callable[[], Iterable[str]]", what="name"):
    """One name of `accepted` (for a positional with nargs="*", where
    argparse's choices= refuses the empty default)."""
    def conv(text):
        acc = _accepted(accepted)
        if text not in acc:
            raise argparse.ArgumentTypeError("unknown %s %r (accepted: %s)"
                                             % (what, text, ", ".join(acc)))
        return text
    acc0 = accepted if not callable(accepted) else None
    return _typed(conv, what, ["nosuch"], acc0[0] if acc0 else "")


def existing_file(path):
    if not os.path.isfile(path):
        raise argparse.ArgumentTypeError("%s: no such file" % path)
    return path


def existing_dir(path):
    if not os.path.isdir(path):
        raise argparse.ArgumentTypeError("%s: no such directory" % path)
    return path


def new_dir(path):
    """A directory that is there or can be made: the nearest existing part of
    the path must be a directory."""
    if not path:
        raise argparse.ArgumentTypeError("an empty path, give a directory")
    p = os.path.abspath(path)
    while not os.path.lexists(p):
        p = os.path.dirname(p)
    if not os.path.isdir(p):
        raise argparse.ArgumentTypeError("%s is not a directory (give one, there or new)" % p)
    return path


def new_file(path):
    """A file that can be written: its directory is there or can be made."""
    if not path or os.path.isdir(path):
        raise argparse.ArgumentTypeError("%r is not a file name" % path)
    new_dir(os.path.dirname(os.path.abspath(path)))
    return path


_typed(existing_file, "existing_file", [MISSING], __file__)
_typed(existing_dir, "existing_dir", [MISSING], os.path.dirname(__file__))
# good: paths that pass the check (the probes never get to write them)
_typed(new_dir, "new_dir", [os.path.join(__file__, "sub")],
       os.path.join(os.path.dirname(MISSING), "tarockbox-probe"))
_typed(new_file, "new_file", [os.path.join(__file__, "sub", "x.json")],
       os.path.join(os.path.dirname(MISSING), "tarockbox-probe.out"))


def shard(text):
    """k/n: part k (1-based) of n."""
    try:
        k, n = (int(x, 10) for x in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not K/N (part K of N, 1 <= K <= N)" % text)
    if not 1 <= k <= n:
        raise argparse.ArgumentTypeError("%s is out of range: K/N with 1 <= K <= N" % text)
    return k, n


_typed(shard, "shard", ["x", "0/3", "4/3"], "1/1")


# ---------------------------------------------------------------- outputs
def add_force(ap):
    ap.add_argument("--force", action="store_true",
                    help="write over output files that are already there")


def outputs(ap, force, paths):
    """Refuse (one line, exit 2) when an output is already there and --force
    was not given; call before anything is written."""
    if force:
        return
    there = [p for p in paths if p and os.path.exists(p)]
    if there:
        ap.error("%s already there (add --force to write over it)"
                 % ", ".join(os.path.relpath(p) for p in there))


class Generated:
    """Files a generator makes (golden transcripts, tables, fonts): compare
    them with what is there, then write only those that changed.

        g = cli.Generated("host_tools/golden/playthroughs.py")
        g.text(path, text)            # or g.image(path, pil_image), g.remove(path)
        return g.finish(check, force)

finish: with check, exit status 1 and the names when any differ; without
--force nothing is written over an existing file (status 1, the names of
those that would change); with it the changed ones are written and named.
"""

    def __init__(self, tool, root=None):
        self.tool = tool
        self.root = root
        self.new = []       # (path, writer) of files not there yet
        self.changed = []   # (path, writer) of files there with other content
        self.gone = []      # files to remove
        self.count = 0

    def _add(self, path, same, writer):
        self.count += 1
        if not os.path.exists(path):
            self.new.append((path, writer))
        elif not same():
            self.changed.append((path, writer))

    def text(self, path, text):
        def same():
            with open(path, encoding="utf-8", newline="") as fh:
                return fh.read() == text

        def write():
            with open(path, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
        self._add(path, same, write)

    def image(self, path, im):
        def same():
            from PIL import Image, ImageChops
            old = Image.open(path).convert("RGB")
            return old.size == im.size and \
                ImageChops.difference(old, im.convert("RGB")).getbbox() is None
        self._add(path, same, lambda: im.save(path, optimize=True))

    def remove(self, path):
        self.gone.append(path)

    def names(self, paths):
        root = self.root or os.getcwd()
        return ", ".join(os.path.relpath(p, root) for p in paths)

    def finish(self, check, force):
        stale = [p for p, _ in self.new + self.changed] + self.gone
        if check:
            if stale:
                print("%s: %d of %d files differ: %s (run %s and review the diff)"
                      % (self.tool, len(stale), self.count, self.names(stale), self.tool))
                return 1
            print("%s: checked %d files, all current" % (self.tool, self.count))
            return 0
        over = [p for p, _ in self.changed] + self.gone
        if over and not force:
            print("%s: would change %s (add --force to write them; --check only compares)"
                  % (self.tool, self.names(over)), file=sys.stderr)
            return 1
        for p, write in self.new + self.changed:
            os.makedirs(os.path.dirname(p) or ".", exist_ok=True)
            write()
        for p in self.gone:
            os.remove(p)
        if stale:
            print("%s: %d of %d files changed: %s" % (self.tool, len(stale), self.count,
                                                     self.names(stale)))
        else:
            print("%s: %d files, none changed" % (self.tool, self.count))
        return 0


def progress(total, **kw):
    """A tqdm bar on stderr when that is a terminal, else None."""
    if not sys.stderr.isatty():
        return None
    import shutil
    from tqdm import tqdm
    # a terminal that reports no size (a bare pty, 0x0) would get no bar
    size = shutil.get_terminal_size((80, 24))
    kw.setdefault("ncols", size.columns or 80)
    kw.setdefault("nrows", size.lines or 24)
    return tqdm(total=total, file=sys.stderr, **kw)


# ---------------------------------------------------------------- the spec
def spec(ap, prefix=()):
    """Each argument of the parser (and its sub-commands) with a value it must
    refuse: [{"argv": [...], "option": name, "bad": value, "accepted": [...]}];
    argv holds the sub-command and passing values for the other required
    arguments."""
    out = []
    acts = [a for a in ap._actions if not isinstance(a, argparse._HelpAction)]
    subs = [a for a in acts if isinstance(a, argparse._SubParsersAction)]
    plain = [a for a in acts if a not in subs]
    needed = [o for o in plain if o.required or not o.option_strings]
    for a in plain:
        goods = {o: _good_value(o) for o in needed if o is not a}
        if any(g is None for g in goods.values()):
            continue
        for b in _bad_values(a):
            argv = list(prefix)
            for o in needed:
                if o.option_strings and o is not a:
                    argv += [o.option_strings[0], goods[o]]
            if a.option_strings:
                argv.append("%s=%s" % (a.option_strings[-1], b))
            argv += [b if o is a else goods[o] for o in needed if not o.option_strings]
            out.append({"argv": argv, "option": a.option_strings[-1] if a.option_strings
                        else (a.metavar or a.dest), "bad": b,
                        "accepted": [str(c) for c in a.choices] if a.choices else []})
    if not subs:   # an unknown option, with the required arguments given
        goods = {o: _good_value(o) for o in needed}
        if all(g is not None for g in goods.values()):
            argv = list(prefix)
            for o in needed:
                if o.option_strings:
                    argv += [o.option_strings[0], goods[o]]
            argv += ["--no-such-option"] + [goods[o] for o in needed if not o.option_strings]
            out.append({"argv": argv, "option": "--no-such-option", "bad": "--no-such-option",
                        "accepted": []})
    for s in subs:
        for name, sp in s.choices.items():
            out += spec(sp, tuple(prefix) + (name,))
    return out


def _bad_values(a):
    if a.nargs == 0:
        return []
    t = a.type
    if getattr(t, "bad", None):
        return list(t.bad)
    if a.choices is not None:
        if t is int:
            return [str(max(a.choices) + 1)]
        return ["nosuch"]
    if t is int:
        return ["x"]
    if t is float:
        return ["x"]
    return []


def _good_value(a):
    t = a.type
    if a.choices is not None:
        return str(next(iter(a.choices)))
    g = getattr(t, "good", None)
    if g:
        return g
    if t is int:
        return "1"
    if t in (None, str):
        return os.path.abspath(__file__)
    return None
