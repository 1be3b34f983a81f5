"""The clipping check of a seat screen (host side: tests, the golden device
runs). table/ui.py lays a screen model out as boxes (layout(): the ops the
painter draws, and the rows it could not fit or had to cut with …);
clipped() adds every box that leaves the 128x64 screen and every two boxes
that overlap (a legal-card mark under its own card aside)."""
from table import ui


def clipped(deck, rows):
    """What a screen model would show cut off: rows or text that do not fit,
    a box outside the screen, boxes of two rows overlapping ([] if none)."""
    ops, problems = ui.layout(deck, rows)
    out = list(problems)
    boxes = []
    for op in ops:
        kind, x, y, w, h, s = op[0], op[1], op[2], op[3], op[4], op[5]
        if x < 0 or y < 0 or x + w > ui.W or y + h > ui.H:
            out.append("row %d: %r outside the screen at %d,%d %dx%d" % (op[8], s, x, y, w, h))
        if kind != ui.OP_FILL:
            boxes.append(op)
    for a in range(len(boxes)):
        p = boxes[a]
        for b in range(a + 1, len(boxes)):
            q = boxes[b]
            if p[8] == q[8] and ui.OP_MARK in (p[0], q[0]):
                continue   # a mark under its own card
            if p[1] < q[1] + q[3] and q[1] < p[1] + p[3] and \
                    p[2] < q[2] + q[4] and q[2] < p[2] + p[4]:
                out.append("rows %d, %d: %r overlaps %r" % (p[8], q[8], p[5], q[5]))
    return out
