# The game families the core knows, as data: which module plays a deal, which
# scores a summary, how many play, which way the turn goes. The score sheet,
# the device app and the host tools look families up here instead of naming
# modules. Each family module is imported on first use (a device need not load
# the families it does not play).
#
# Entry fields:
#   deal:     module with Deal (the state machine)        e.g. "tarock.koenigrufen"
#   score:    module with Summary, score(profile, s), summary_to_dict(s),
#             summary_from_dict(d), check_summary(profile, s)
#   players:  table sizes it supports; active: players per deal for each size
#   clockwise: turn order (False: counter-clockwise, forehand at dealer's right)
#   points:   card points in the deck (70, 91, 120); unit: counting unit per point
#   presets:  the profiles.FAMILIES key
#   dealing:  the dealing pattern for physical cards, steps in order: ("each", n)
#             a packet of n to every active player from forehand, ("talon", n)
#             n face down to the talon; cut: what the cutter may do instead of
#             a plain cut ("knock") and the pattern then (("choose", n): packets
#             of n that the players choose in turn from forehand)

FAMILIES = {
    "koenigrufen": {
        "deal": "tarock.koenigrufen",
        "score": "tarock.score",
        "players": (4, 5),
        "active": {4: 4, 5: 4},
        "clockwise": False,
        "points": 70,
        "unit": 3,
        "default": "koenigrufen/pagat",
        # seeds/000 "Austeilen": 6 each from forehand, 6 to the talon, 6 each;
        # knocked: the talon first, then four packets of 12 chosen in turn
        "dealing": (("each", 6), ("talon", 6), ("each", 6)),
        "cut": "knock",
        "knocked": (("talon", 6), ("choose", 12)),
    },
}


def family(name):
    f = FAMILIES.get(name)
    if f is None:
        raise ValueError("unknown family %r" % (name,))
    return f


def module(name, which):
    """The family's module for 'deal' or 'score', imported on first use."""
    mod = family(name)[which]
    __import__(mod)
    import sys
    return sys.modules[mod]
