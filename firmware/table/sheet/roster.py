# The players the device remembers (issue 15, "Setup in seconds"): names,
# most recent first, bounded, in a small file next to the score sheet's
# journal (players.txt, one name a line, UTF-8) in the same store
# (journal.FileStore on flash, MemStore in memory).
# A table that starts puts its players first (use); forgetting a name
# (forget, after the whole table agreed) takes it off this list only: the
# journal keeps every player record, past parties still show the name.
# Written crash-safe: players.new, flushed, renamed over players.txt; a
# store whose rename cannot replace may leave only players.new, which is
# read then. No file yet (a device from before this list): the list comes
# from the journal, the players of its latest parties first.

FILE = "players.txt"
NEW = "players.new"
MAX = 24   # remembered names; the oldest drop off


def _read(store, name):
    n = store.size(name)
    if n < 0:
        return None
    out = []
    for line in store.read(name, 0, n).decode().split("\n"):
        line = line.strip()
        if line and line not in out:
            out.append(line)
    return out


def from_sheet(sheet):
    """Names of the sheet's players, those of its latest party first, then
    the newest player records."""
    out = []
    for k in range(len(sheet.parties) - 1, -1, -1):
        for pid in sheet.parties[k].players:
            nm = sheet.players.get(pid)
            if nm and nm not in out and pid >= 0:   # (seats by number are no players)
                out.append(nm)
    for pid in sorted(sheet.players, reverse=True):
        nm = sheet.players[pid]
        if nm not in out and pid >= 0:
            out.append(nm)
    return out


class Roster:
    def __init__(self, store, sheet=None):
        self.store = store
        self.names = []
        try:
            got = _read(store, FILE)
            if got is None:
                got = _read(store, NEW)
            if got is None and sheet is not None:
                got = from_sheet(sheet)
            self.names = (got or [])[:MAX]
        except (OSError, ValueError):   # unreadable (UnicodeError is a ValueError)
            self.names = []

    def use(self, names, save=True):
        """These players sit at a table now: first, in this order. save
        False: the list changes now, the file at save() (the app writes it
        once the screens are out)."""
        out = list(names)
        for nm in self.names:
            if nm not in out:
                out.append(nm)
        self.names = out[:MAX]
        if save:
            self.save()

    def forget(self, name):
        if name in self.names:
            self.names.remove(name)
            self.save()

    def save(self):
        st = self.store
        st.remove(NEW)
        st.append(NEW, ("\n".join(self.names) + "\n").encode())
        st.flush(NEW)
        st.rename(NEW, FILE)
