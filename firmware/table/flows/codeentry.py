# Typing a table code (table.tcode, issue 39 item 3) on one seat's screen:
# a wheel of the 32 code characters, delete and done (◀ ▶ move it, held
# they repeat; ● takes), as the setup's name editor has it. The code shows
# in the large font in its groups of 4, dots for what is still to come;
# the wheel stays on the character last taken. The 15th character checks
# the code at once (done does it for a shorter one): a wrong code says
# why and stays for mending (delete), a right one goes to on_done(dict of
# tcode.decode). Hold ● on the typing seat: on_cancel(). The other seats
# see who is typing. A Flow: the app's flow while a code is typed, or the
# setup passes its press/model/back here.
from table.ui import row, wrap, INV, CENTER, SEL, LARGE, BOTTOM, LEFT, RIGHT, OK
from table.lang import t
from table.flows.common import Flow
from table.tcode import A, N, decode, group

ED_OK = 0
ED_DEL = 1
ED_FIRST = 2        # the wheel's first character ("0"): where it starts


class CodeEntry(Flow):
    def __init__(self, app, seat, on_done, on_cancel):
        self.app = app
        self.seat = seat
        self.on_done = on_done
        self.on_cancel = on_cancel
        self.code = ""          # the characters typed (of tcode.A)
        self.ed = ED_FIRST      # the wheel's position
        self.err = ""           # the lang key of what the last ● found wrong

    def press(self, seat, button, kind):
        if seat != self.seat:
            return
        self.err = ""
        self.app.dirty(seat)
        if button == LEFT:
            self.ed = (self.ed - 1) % (ED_FIRST + len(A))
        elif button == RIGHT:
            self.ed = (self.ed + 1) % (ED_FIRST + len(A))
        elif button == OK:
            e = self.ed
            if e == ED_OK:
                self._check()
            elif e == ED_DEL:
                self.code = self.code[:-1]
            elif len(self.code) >= N:
                self.err = "tc_length"
            else:
                self.code += A[e - ED_FIRST]
                if len(self.code) == N:
                    self._check()

    def _check(self):
        try:
            d = decode(self.code)
        except ValueError as e:
            self.err = e.args[0]
            return
        self.on_done(d)

    def back(self, seat):
        """Hold ●: the typing seat gives up (on_cancel); False for the
        others (their menu)."""
        if seat != self.seat:
            return False
        self.on_cancel()
        return True

    def model(self, seat):
        if seat != self.seat:
            return [row(t("tc_title"), INV)] + wrap(t("tc_typing") % (self.seat + 1), CENTER)
        e = self.ed
        if e == ED_OK:
            ch = t("ed_done")
        elif e == ED_DEL:
            ch = t("ed_delete")
        else:
            # the wheel around the cursor: two characters either side
            k = e - ED_FIRST
            n = len(A)
            ch = "%s %s [%s] %s %s" % (A[(k - 2) % n], A[(k - 1) % n], A[k],
                                       A[(k + 1) % n], A[(k + 2) % n])
        err = self.err
        if err:
            s = t(err)
            if "%" in s:
                s %= N      # tc_length: how long a code is
            foot = row(s, INV | BOTTOM | CENTER)
        else:
            foot = row(t("choose_back"), BOTTOM | CENTER)
        return [row(t("tc_title"), INV),
                row(group(self.code + "\u00b7" * (N - len(self.code))), LARGE | CENTER),
                row(ch, SEL | LARGE | CENTER),
                foot]
