"""The clipping check of a seat screen (host side: tests, the golden device
runs). table/ui.py lays a screen model out as boxes (layout(): the ops the
painter draws, and the rows it could not fit or had to cut with …);
clipped() adds every box that leaves the 128x64 screen and every two boxes
that overlap (a legal-card mark under its own card aside), a picture's
(ui.PIC) among them."""
from table import ui


def clipped(deck, rows):
    """What a screen model would show cut off: rows or text that do not fit,
    a box outside the screen, boxes of two rows overlapping ([] if none)."""
    ops, problems = ui.layout(deck, rows)
    out = list(problems)
    # a picture (ui.PIC: web/phone.py's QR codes) is a box the layout leaves out
    ops = ops + [(None, r[3][0], r[3][1], r[3][2], r[3][3], "picture", 1, None, i)
                 for i, r in enumerate(rows) if r[0] & ui.PIC]
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


def shift_cut(deck, rows, dx, dy):
    """What the app's pixel shift (table.app.SHIFTS: dx, dy of 0 or 1)
    would cut of a screen model: the glyph and mark pixels (drawn alone, lit
    on dark, whatever their colour) that would leave the 128x64 screen ([]
    if none)."""
    import framebuf
    from table import text
    ops, _ = ui.layout(deck, rows)
    out = []
    for op in ops:
        if op[0] == ui.OP_FILL:
            continue
        x, y, w, h = op[1], op[2], op[3], op[4]
        fb = framebuf.FrameBuffer(bytearray(ui.W * ui.H // 8), ui.W, ui.H, framebuf.MONO_VLSB)
        if op[0] == ui.OP_TEXT:
            text.draw(fb, x, y, op[5], 1, op[7])
        else:
            fb.fill_rect(x, y, w, h, 1)
        lost = [(u, v) for v in range(max(y, 0), min(y + h, ui.H))
                for u in range(max(x, 0), min(x + w, ui.W))
                if fb.pixel(u, v) and (u + dx >= ui.W or v + dy >= ui.H)]
        if lost:
            out.append("row %d: %r loses %d pixel(s) moved by %d,%d, e.g. at %d,%d"
                       % (op[8], op[5], len(lost), dx, dy, lost[0][0], lost[0][1]))
    return out
