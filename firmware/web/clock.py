# The board's time of day for the journal's "when" (issue 38, item 4): the
# RP2040's RTC starts at 2021-01-01 on every boot, so no record carries a time
# until one is known: the network's (NTP, hw/net.py, when joined to a
# network) or, with the device's own access point, the clock of the first
# phone that loads the page (web/server.py), said as such ("page").
#
#   set(seconds, source)  seconds since 1970 UTC; the first source wins but
#                         NTP, which replaces a phone's
#   now()                 seconds since 1970 UTC, or None until set
#   source                "", "ntp" or "page"
import time

from table import scores

source = ""
_off = 0


def now():
    return int(time.time() + _off) if source else None


def set(seconds, src):   # (the module's verb, as in time.time)
    """Take the time from `src` unless a better source gave it already."""
    global source, _off
    if source == "ntp" or (source and src != "ntp"):
        return False
    if not isinstance(seconds, (int, float)) or not 1.5e9 < seconds < 4.1e9:
        return False     # no time of this century: a phone's clock gone wrong
    _off = seconds - time.time()
    source = src
    scores.now = now     # the entries from here on carry their time
    return True
