"""The table's options the host tools share: --family, --preset, --players
(host_tools/emulator/emulator.py, host_tools/sim/play.py).

    ap.add_argument("--family", type=cli.one_of(tableopts.families, "family"))
    ap.add_argument("--preset", type=tableopts.preset_arg, metavar="FAMILY/NAME")
    ap.add_argument("--players", type=int, choices=(2, 3, 4, 5))
    args = ap.parse_args(argv)
    family, preset = tableopts.resolve(ap, args.family, args.preset, args.players)

A rule set is family/name (koenigrufen/tarockcup) or, with --family, the
name alone; its family must be --family's when both are given; the name
must be one the table offers (the built-in presets, and with a storage
folder the table's own from its presets.txt); the players a size the game is
played at. Every problem is one line on stderr and exit status 2 (ap.error).
"""
import argparse
import os

DEFAULT = "koenigrufen"


def families():
    """The families a table can be set to (table.games, the default first)."""
    from table import games
    return games.families()


def preset_arg(text):
    """family/name, or a name alone: (family or "", name). The family part
    is checked here, the name once the family is known (resolve)."""
    fam, sep, name = text.rpartition("/")
    if not name or (sep and fam not in families()):
        raise argparse.ArgumentTypeError(
            "%r is not a rule set: family/name, family one of %s, or the name alone with "
            "--family" % (text, ", ".join(families())))
    return (fam, name)


# for tests/host/test_cli_tools.py, as cli's types: a value it must refuse
preset_arg.bad = ["nosuch/x"]  # pyright: ignore[reportFunctionMemberAccess]


def presets_of(family, storage=None):
    """The rule set names a table offers for the family: the built-in ones,
    then the table's own from presets.txt in storage (ProfileError, a
    ValueError, when that file does not read)."""
    from tarock import profiles as PR
    out = [k.split("/", 1)[1] for k, _ in PR.list_presets(family)]
    if storage:
        from tarock import userpresets as U
        for key in sorted(U.read_index(os.path.join(storage, U.USER_FILE))):
            f, n = key.split("/", 1)
            if f == family:
                out.append(n)
    return out


def resolve(ap, family, preset, players=None, storage=None):
    """(family, rule set name or None) from the options (see the module
    doc); any problem ends in ap.error."""
    from tarock import families as F
    fam = family or DEFAULT
    name = None
    if preset:
        pf, name = preset
        if pf and family and pf != family:
            ap.error("--preset %s/%s is not a rule set of --family %s" % (pf, name, family))
        fam = pf or fam
        names = []
        try:
            names = presets_of(fam, storage)
        except ValueError as e:    # ProfileError: presets.txt does not read
            ap.error("--preset %s: %s" % (name, e))
        if name not in names:
            ap.error("--preset %s: no rule set of %s is called so (accepted: %s)"
                     % (name, fam, ", ".join(names)))
    sizes = F.family(fam)["players"]
    if players is not None and players not in sizes:
        ap.error("--players %d: %s is played by %s" % (
            players, fam, " or ".join(str(n) for n in sizes)))
    return fam, name
