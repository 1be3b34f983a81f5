# The app's view of the score sheet: add_deal() and totals(). A thin adapter
# kept until the score sheet of the score-sheet issue (table.sheet, with its
# journal, corrections and parties) is on main; then this points to its Sheet.
# Deltas are per table seat (tarock.seating.to_table), already confirmed.


class Scores:
    def __init__(self, family, preset, names):
        self.family = family
        self.preset = preset
        self.names = list(names)
        self.deals = []            # (deltas tuple, note) per deal
        self._tot = [0] * len(names)

    def add_deal(self, deltas, note="", summary=None):
        """deltas per table seat, confirmed; summary (the family's Summary,
        positions in turn order) is what the real sheet will journal."""
        if len(deltas) != len(self._tot):
            raise ValueError("deltas for %d seats, the table has %d"
                             % (len(deltas), len(self._tot)))
        self.deals.append((tuple(deltas), note))
        for i in range(len(deltas)):
            self._tot[i] += deltas[i]
        return len(self.deals) - 1

    def totals(self):
        return list(self._tot)

    def count(self):
        return len(self.deals)

    def lines(self):
        """The sheet as text: one line per deal, then the totals."""
        out = ["  ".join(self.names)]
        for k in range(len(self.deals)):
            d, note = self.deals[k]
            out.append("%2d %s  %s" % (k + 1, " ".join("%+d" % x for x in d), note))
        out.append("total " + " ".join("%+d" % x for x in self._tot))
        return out


def new_sheet(family, preset, names):
    return Scores(family, preset, names)
