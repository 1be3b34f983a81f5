# Table seats <-> positions in turn order.
# Seats on the device are numbered clockwise (0..n-1). Austrian, Slovenian and
# French games run counter-clockwise: forehand sits at the dealer's right, the
# cutter at his left, and the next dealer is the dealer's right neighbour.
# With five at a four-player table the dealer deals but sits out (seeds/000:
# pagat.com Königrufen, https://www.pagat.com/tarot/koenigrufen.html).
# Bavarian Tarock runs clockwise (RULES.md §5): pass clockwise=True.
# docs/SOURCES.md maps every seed and RULES.md section to its public source.


def positions(n_table, dealer, active=4, clockwise=False):
    """Table seats of positions 0 (forehand) .. active-1, in turn order."""
    if n_table < active or n_table > active + 1:
        raise ValueError("%d seats for a %d-player game" % (n_table, active))
    step = 1 if clockwise else -1
    out = []
    s = dealer
    for _ in range(active):
        s = (s + step) % n_table
        if s == dealer and n_table > active:
            s = (s + step) % n_table  # the dealer sits out
        out.append(s)
    return out


def sitting_out(n_table, dealer, active=4):
    """The seat that sits out this deal (the dealer at a full table), or -1."""
    return dealer if n_table > active else -1


def cutter_position(n_table, active=4):
    """Position of the seat at the dealer's left (he cuts or knocks)."""
    return active - 1 if n_table > active else active - 2


def next_dealer(n_table, dealer, clockwise=False):
    return (dealer + (1 if clockwise else -1)) % n_table


def to_table(deltas, seats, n_table):
    """Per-position deltas -> per-seat deltas (sitting-out seat gets 0)."""
    out = [0] * n_table
    for p in range(len(seats)):
        out[seats[p]] += deltas[p]
    return out
