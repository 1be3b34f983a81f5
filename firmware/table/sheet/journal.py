# The score sheet's storage: an append-only journal of framed records.
#
# Frame: u16 little-endian payload length, the payload (one record: a JSON
# object written by dumps() below, keys sorted, UTF-8), u32 little-endian
# CRC32 of the two length bytes and the payload. Every record is flushed on
# its own (a party and its new players together: append_all).
#
# The framing is said before it is read: every file this module writes (the
# journal, its archive NAME.arc, its quarantine NAME.bad) starts with the
# preamble MAGIC, the frame of {"f": FRAMING, "t": "tbj"} (fixed bytes). A
# later framing keeps writing this preamble in today's framing with its own
# number, so it is recognised (framing()) and the file is left alone (read
# only), never read as damage; an older firmware sees a record it does not
# know and keeps it. Files without a preamble (firmware 0.3.0 and before)
# are framing 1. The journal's first record after it is a header {"t":
# "hdr", "v": FORMAT, "fw": version} (the records' format).
#
# Salvage, never cut: on open the journal is scanned frame by frame. A frame
# that is torn, fails its CRC or does not decode costs only its own bytes:
# the scan resynchronises on the next offset where a frame checks and goes
# on, so every intact record after the damage is replayed. The damaged bytes
# go to the quarantine NAME.bad, which is only ever appended to (records
# {"t": "bad", "at": offset, "why": reason, "part": i, "of": n, "hex": bytes}
# in the same framing), never removed or overwritten; then the live journal
# is rewritten without them (NAME.new, flushed, renamed over NAME).
#
# Compaction (rewrite) writes the given records to NAME.new, flushes and
# renames it over NAME. A crash before the rename leaves the old journal
# (NAME.new is dropped on the next open); after it, the new one. A store
# whose rename cannot replace (remove + rename) can leave only NAME.new:
# recover() then takes it (it was complete before the old file went).
#
# Storage is a tiny file interface, so the same code runs on littlefs
# (MicroPython's os/open), a host file system, and an in-memory fake:
#   size(name) -> bytes or -1        read(name, offset, n) -> bytes
#   append(name, data)               flush(name)   (durable when it returns)
#   rename(src, dst) (replaces dst)  remove(name)  close()
from binascii import hexlify
try:
    from binascii import crc32 as _crc32
except ImportError:  # pragma: no cover - ports built without binascii.crc32
    _crc32 = None
import json
import os   # at the top: a function's `import os` searches the file system
           # for an os.py first on MicroPython (~2.4 ms a call on the chip)

CHUNK = 256  # read window: small allocations on a fragmented heap
MAX_RECORD = 65535
# resynchronising after damage: a frame found there is believed only when it
# is no longer than this (every record this firmware writes is far shorter)
# and its payload is a JSON object; then its CRC must check
RESYNC_MAX = 8192
QHEX = 1024  # quarantined bytes per quarantine record (as hex: 2 KB of JSON)

# The journal's format: the major version of the header record's "v". A
# journal of a newer major version opens read-only; today's records without
# a header (format 1) still open.
FORMAT = 2

# the framing of frames (see the header): the preamble says it
FRAMING = 1

_T16 = []
for _i in range(16):
    _c = _i
    for _k in range(4):
        _c = (_c >> 1) ^ (0xEDB88320 if _c & 1 else 0)
    _T16.append(_c)


def crc32_fallback(data, crc=0):
    """CRC-32 (zlib polynomial), nibble table: for ports without binascii.crc32."""
    crc ^= 0xFFFFFFFF
    for b in data:
        crc = (crc >> 4) ^ _T16[(crc ^ b) & 15]
        crc = (crc >> 4) ^ _T16[(crc ^ (b >> 4)) & 15]
    return crc ^ 0xFFFFFFFF


def crc32(data):
    if _crc32 is None:
        return crc32_fallback(data)
    return _crc32(data) & 0xFFFFFFFF


# ------------------------------------------------------------ records
def _str(v):
    for ch in v:
        if ch == '"' or ch == "\\" or ord(ch) < 32:
            break
    else:
        return '"' + v + '"'
    out = ['"']
    for ch in v:
        o = ord(ch)
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif o < 32:
            out.append("\\u%04x" % o)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def dumps(v):
    """Compact, deterministic JSON (sorted keys, raw UTF-8): the same bytes on
    CPython and MicroPython. Dict keys become strings. Each container joins
    its own pieces (small allocations on a fragmented heap)."""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return _str(v)
    if isinstance(v, (list, tuple)):
        return "[" + ",".join([dumps(x) for x in v]) + "]"
    if isinstance(v, dict):
        keys = [str(k) for k in v]
        keys.sort()
        by = {}
        for k in v:
            by[str(k)] = v[k]
        return "{" + ",".join([_str(k) + ":" + dumps(by[k]) for k in keys]) + "}"
    raise ValueError("cannot store %r" % (v,))


def frame(rec):
    return _framed(dumps(rec).encode())


def _bad_frame(at, why, part, parts, n, data):
    """frame({"t": "bad", "at": at, "why": why, "part": part, "of": parts,
    "n": n, "hex": data as hex}), the same bytes, without dumps() walking
    the hex text a character at a time (a megabyte of damage is two
    thousand of these)."""
    return _framed(('{"at":%d,"hex":"%s","n":%d,"of":%d,"part":%d,"t":"bad","why":%s}'
                    % (at, hexlify(data).decode(), n, parts, part, _str(why))).encode())


def _framed(payload):
    n = len(payload)
    if n > MAX_RECORD:
        raise ValueError("record too long (%d bytes)" % n)
    head = bytes((n & 255, n >> 8))
    c = crc32(head + payload)
    return head + payload + bytes((c & 255, (c >> 8) & 255, (c >> 16) & 255, (c >> 24) & 255))


MAGIC = frame({"t": "tbj", "f": FRAMING})
_MAGIC_HEAD = b'{"f":'   # a preamble's payload starts so, whatever its framing
_UNREAD = {"t": ""}       # a frame whose record was not read (Journal.damaged)


def _u32(b, i):
    return b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)


# ------------------------------------------------------------ stores
class FileStore:
    """Files in a directory: littlefs on the device (os, open), any host FS."""

    def __init__(self, root=""):
        self.root = root
        self._out = {}
        # called before every write (append, rename, remove), and by the
        # sheet as a record is about to be made (Sheet._will_write): the app
        # shows the pressing seat that its press was taken before the flash
        # is busy (App._saving)
        self.on_write = None

    def _p(self, name):
        return self.root + "/" + name if self.root else name

    def size(self, name):
        try:
            return os.stat(self._p(name))[6]
        except OSError:
            return -1

    def read(self, name, offset, n):
        with open(self._p(name), "rb") as f:
            f.seek(offset)
            return f.read(n)

    def append(self, name, data):
        if self.on_write is not None:
            self.on_write()
        f = self._out.get(name)
        if f is None:
            f = self._out[name] = open(self._p(name), "ab")
        f.write(data)

    def flush(self, name):
        f = self._out.get(name)
        if f is not None:
            f.flush()  # MicroPython littlefs: lfs_file_sync
            if hasattr(os, "fsync"):
                os.fsync(f.fileno())

    def _close(self, name):
        f = self._out.pop(name, None)
        if f is not None:
            f.close()

    def rename(self, src, dst):
        if self.on_write is not None:
            self.on_write()
        self._close(src)
        self._close(dst)
        try:
            os.rename(self._p(src), self._p(dst))  # littlefs and POSIX replace atomically
        except OSError:
            os.remove(self._p(dst))  # file systems whose rename does not replace
            os.rename(self._p(src), self._p(dst))
        self._sync_dir()

    def _sync_dir(self):
        """POSIX: the rename is durable only once the directory is synced
        (littlefs commits it in the rename itself; MicroPython has no
        O_DIRECTORY, so this does nothing there)."""
        flag = getattr(os, "O_DIRECTORY", None)
        if flag is None:
            return
        fd = os.open(self.root or ".", os.O_RDONLY | flag)  # pyright: ignore[reportAttributeAccessIssue] (CPython only: O_DIRECTORY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def remove(self, name):
        if self.on_write is not None:
            self.on_write()
        self._close(name)
        try:
            os.remove(self._p(name))
        except OSError:
            pass

    def close(self):
        for k in list(self._out.keys()):
            self._close(k)

    def free(self):
        """Bytes the file system has left, or -1 when it does not say."""
        try:
            v = os.statvfs(self.root or ".")
        except (AttributeError, OSError):
            return -1
        return v[0] * v[4]


class PowerCut(BaseException):
    """Raised by MemStore when its operation budget runs out (a simulated
    crash). A BaseException: no `except Exception` in the sheet swallows it."""


class MemStore:
    """In-memory store with a power-loss model for fault-injection tests.
    Appended bytes are durable only after flush(); rename and remove are
    atomic and durable. budget: operations (append, flush, rename, remove)
    allowed before PowerCut is raised. after_crash(k) gives the store a device
    would find after the power came back: the durable bytes of every file plus
    the first k not-yet-flushed bytes (-1: all of them). A file is a list of
    the chunks appended (no big reallocations on a small heap)."""

    def __init__(self, files=None, budget=-1):
        self.files = {}    # name -> [chunks]
        self.sizes = {}
        self.durable = {}
        if files:
            for k in files:
                f = files[k]
                f = list(f) if isinstance(f, list) else [bytes(f)]
                n = 0
                for c in f:
                    n += len(c)
                self.files[k] = f
                self.sizes[k] = self.durable[k] = n
        self.budget = budget
        self.ops = 0
        self._hint = {}
        self.free_bytes = -1   # what free() reports (tests set it)

    def free(self):
        return self.free_bytes

    def _op(self):
        if self.budget >= 0 and self.ops >= self.budget:
            raise PowerCut("power cut after %d operations" % self.ops)
        self.ops += 1

    def data(self, name):
        return b"".join(self.files[name])

    def chunks(self, name, stop=-1, flip=-1, xor=0):
        """The file's chunks up to byte `stop` (-1: all), the byte at `flip`
        xor'ed with `xor`: builds damaged copies without one big buffer."""
        out = []
        pos = 0
        for c in self.files[name]:
            e = pos + len(c)
            if stop >= 0 and e > stop:
                c = c[:stop - pos]
                e = stop
            if pos <= flip < e:
                b = bytearray(c)
                b[flip - pos] ^= xor
                c = bytes(b)
            if c:
                out.append(c)
            pos = e
            if stop >= 0 and pos >= stop:
                break
        return out

    def size(self, name):
        return self.sizes.get(name, -1)

    def read(self, name, offset, n):
        f = self.files.get(name)
        if f is None:
            raise OSError(2)
        out = []
        # start from the chunk the last read ended in (scans read forwards)
        h = self._hint.get(name)
        i0, pos = h if h is not None and h[1] <= offset and h[0] < len(f) else (0, 0)
        for i in range(i0, len(f)):
            c = f[i]
            e = pos + len(c)
            if e <= offset:
                self._hint[name] = (i + 1, e)
            if e > offset and n > 0:
                a = offset - pos if offset > pos else 0
                piece = c[a:a + n]
                out.append(piece)
                n -= len(piece)
                offset += len(piece)
            pos = e
            if n <= 0:
                break
        return out[0] if len(out) == 1 else b"".join(out)

    def append(self, name, data):
        self._op()
        if name not in self.files:
            self.files[name] = []
            self.sizes[name] = self.durable[name] = 0
        if data:
            f = self.files[name]
            # small records join the last chunk (up to 512 B): fewer objects
            # and a short chunk list, so no long list has to grow in one piece
            if f and len(f[-1]) + len(data) <= 512:
                f[-1] = f[-1] + bytes(data)
                self._hint.pop(name, None)
            else:
                f.append(bytes(data))
            self.sizes[name] += len(data)

    def flush(self, name):
        self._op()
        if name in self.files:
            self.durable[name] = self.sizes[name]

    def rename(self, src, dst):
        self._op()
        if src not in self.files:
            raise OSError(2)
        self._hint = {}
        self.files[dst] = self.files.pop(src)
        self.sizes[dst] = self.sizes.pop(src)
        self.durable[dst] = self.durable.pop(src)

    def remove(self, name):
        self._op()
        self._hint = {}
        self.files.pop(name, None)
        self.sizes.pop(name, None)
        self.durable.pop(name, None)

    def close(self):
        pass

    def after_crash(self, keep=0):
        out = {}
        for k in self.files:
            d = self.durable[k]
            end = self.sizes[k] if keep < 0 else min(self.sizes[k], d + keep)
            out[k] = self.chunks(k, end)
        return MemStore(out)


# ------------------------------------------------------------ the journal
class Journal:
    def __init__(self, store, name="sheet.tbj"):
        self.store = store
        self.name = name
        self.end = 0          # bytes scanned (the journal's length)
        self.bad = []         # damaged regions found by scan: (offset, length, reason)
        self.notes = []       # what recover()/salvage() did, for the report
        self._buf = b""       # the scan's read window
        self._boff = 0
        # storage that cannot be written: with hold on (the table chose to
        # play on) a record the store refuses is held in memory, in order,
        # and written at the next append or retry()
        self.hold = False
        # a file this firmware must not write (a later framing, a journal it
        # could not read whole): with hold on, records stay in memory
        self.frozen = False
        self.held = []        # (offset, framed bytes) not yet on the store
        self._remap = {}      # offset held -> where it was written (a torn write moved it)

    @property
    def damage(self):
        """(offset, reason) of the first damaged region, or None."""
        return (self.bad[0][0], self.bad[0][2]) if self.bad else None

    def recover(self):
        """Finish or drop an interrupted rewrite (see the header)."""
        st = self.store
        new = self.name + ".new"
        if st.size(new) >= 0:
            if st.size(self.name) < 0:
                st.rename(new, self.name)
                self.notes.append("journal: took %s (interrupted replace)" % new)
            else:
                st.remove(new)
                self.notes.append("journal: dropped %s (interrupted rewrite)" % new)

    def framing(self):
        """The file's framing by its preamble: 0 for an empty or missing
        file, 1 without a preamble (firmware 0.3.0 and before), else the
        number the preamble says (> FRAMING: a later framing; even a
        damaged preamble is recognised by its first bytes)."""
        st = self.store
        size = st.size(self.name)
        if size <= 0:
            return 0
        b = st.read(self.name, 0, 24)
        if len(b) < 8 or b[2:7] != _MAGIC_HEAD:
            return 1
        n = b[0] | (b[1] << 8)
        if len(b) >= n + 6 and crc32(b[:2 + n]) == _u32(b, 2 + n):
            try:
                rec = json.loads(b[2:2 + n].decode())
                f = rec.get("f") if isinstance(rec, dict) and rec.get("t") == "tbj" else None
                if isinstance(f, int) and not isinstance(f, bool) and f >= 1:
                    return f
            except ValueError:
                pass
            return 1
        # the preamble is damaged: its number, if its digits read
        k = 7
        while k < len(b) and 48 <= b[k] <= 57:
            k += 1
        f = int(b[7:k]) if k > 7 else 0
        return f if f > FRAMING else 1

    def _window(self, off, n):
        """At least n bytes from off (fewer at the end of the file), from a
        read window so that resynchronising byte by byte reads little."""
        b = self._buf
        if off < self._boff or off + n > self._boff + len(b):
            # a long frame's window reaches a chunk further: the candidates
            # after it while crossing damage fall inside it
            b = self._buf = self.store.read(self.name, off, n + CHUNK if n > CHUNK else CHUNK)
            self._boff = off
        i = off - self._boff
        return b, i

    def _frame(self, off, size, strict, decode=True):
        """(record, total bytes) of a good frame at off, or (None, reason).
        strict: resynchronising (a frame must also look like a record);
        decode False: its CRC is checked, its record not read (_UNREAD)."""
        if off + 2 > size:
            return None, "torn record head"
        b, i = self._window(off, 4)
        n = b[i] | (b[i + 1] << 8)
        if strict and (n > RESYNC_MAX or n < 2 or len(b) < i + 4 or b[i + 2] != 123
                       or b[i + 3] != 34):
            return None, "no frame"     # a record is {"...}
        total = 2 + n + 4
        if off + total > size:
            return None, "torn record (%d of %d bytes)" % (size - off, total)
        b, i = self._window(off, total)
        if strict and b[i + 1 + n] != 125:
            # ... and ends in }: checked before the CRC, so crossing damage
            # costs a CRC only where a frame may really start
            return None, "no frame"
        if crc32(memoryview(b)[i:i + 2 + n]) != _u32(b, i + 2 + n):
            return None, "bad CRC"      # (a view: no copy for a frame that fails)
        if not decode:
            return _UNREAD, total
        fr = b[i:i + 2 + n]
        try:
            rec = json.loads(fr[2:].decode())
            if not isinstance(rec, dict) or not isinstance(rec.get("t"), str):
                rec = None
        except ValueError:  # JSON and UTF-8 errors (never MemoryError: no damage)
            rec = None
        if rec is None:
            return None, "record does not decode"
        return rec, total

    def _candidate(self, off, size):
        """The first offset from off where a frame could start (its payload,
        at +2, opens a JSON object: '{"'), or size: damage is crossed with
        bytes.find, not a frame check per byte (a megabyte of garbage costs
        milliseconds, not seconds)."""
        while off < size:
            b, i = self._window(off, CHUNK)
            k = b.find(b'{"', i + 2)
            while k >= 0:
                # the frame's length and its last byte, where the window
                # holds them, before a candidate costs a frame check
                o = k - 2
                n = b[o] | (b[o + 1] << 8)
                if 2 <= n <= RESYNC_MAX:
                    if o + 6 + n > len(b):
                        return self._boff + o
                    if b[o + 1 + n] == 125 and \
                            crc32(memoryview(b)[o:o + 2 + n]) == _u32(b, o + 2 + n):
                        return self._boff + o
                k = b.find(b'{"', k + 1)
            end = self._boff + len(b)
            if end >= size:
                return size
            off = end - 3
        return size

    def damaged(self):
        """Bytes of the file that do not check (CRC and framing only, no
        record decoded: a quick look at an archive at boot)."""
        for x in self._walk(0, -1, False):
            pass
        return sum([n for (o, n, w) in self.bad])

    def scan(self, start=0, stop=-1):
        """Yield (offset, record) for every good frame (from start up to
        stop, -1: the end; not the preamble), resynchronising past damage;
        afterwards self.bad lists the damaged regions and self.end is the
        journal's length."""
        return self._walk(start, stop, True)

    def _walk(self, start, stop, decode):
        """scan(); decode False: frames whose CRC checks, records not read
        (each given as _UNREAD)."""
        name = self.name
        size = self.store.size(name)
        self.end = size if size > 0 else 0
        if 0 <= stop < size:
            size = stop
        self.bad = []
        self._buf = b""
        self._boff = 0
        off = start
        while 0 <= off < size:
            rec, total = self._frame(off, size, False, decode)
            if rec is not None:
                if off or rec is _UNREAD or rec["t"] != "tbj":   # the preamble is the file's, not a record
                    yield off, rec
                off += total  # pyright: ignore[reportOperatorIssue] (a record: total is its length)
                continue
            why = total
            start = off
            off += 1
            while off < size:
                off = self._candidate(off, size)
                if off >= size:
                    break
                rec, total = self._frame(off, size, True, decode)
                if rec is not None:
                    break
                off += 1
            self.bad.append((start, off - start, why))
        self._buf = b""

    def read_bytes(self, offset, n):
        """n bytes of the journal from offset, read in small pieces."""
        out = []
        while n > 0:
            k = n if n < CHUNK else CHUNK
            b = self.store.read(self.name, offset, k)
            if not b:
                break
            out.append(b)
            offset += len(b)
            n -= len(b)
        return b"".join(out)

    def quarantine(self):
        """Append every damaged region to NAME.bad (never removed, never
        overwritten), flushed, before the journal is rewritten without it."""
        st = self.store
        q = self.name + ".bad"
        if self.bad and st.size(q) <= 0:
            st.append(q, MAGIC)
        for off, n, why in self.bad:
            parts = (n + QHEX - 1) // QHEX
            for p in range(parts):
                k = n - p * QHEX if n - p * QHEX < QHEX else QHEX
                data = self.read_bytes(off + p * QHEX, k)
                st.append(q, _bad_frame(off + p * QHEX, why, p, parts, n, data))
            st.flush(q)

    def salvage_scan(self):
        """After a scan found damage: quarantine it, then rewrite the journal
        with every good frame, copied byte for byte (a second walk: no list
        of offsets on the heap), flushed and renamed over NAME."""
        self.quarantine()
        bad = self.bad
        st = self.store
        new = self.name + ".new"
        st.remove(new)
        pre = st.read(self.name, 0, len(MAGIC)) == MAGIC
        out = [MAGIC]
        n = pos = len(MAGIC)
        # frames found by their CRC alone (no record decoded), their bytes
        # from the read window, appended a kilobyte at a time
        for off, rec in self._walk(0, -1, False):
            if off == 0 and pre:
                continue            # the preamble: written anew above
            b, i = self._window(off, 2)
            total = 2 + (b[i] | (b[i + 1] << 8)) + 4
            b, i = self._window(off, total)
            out.append(b[i:i + total])
            n += total
            pos += total
            if n >= 1024:
                st.append(new, b"".join(out))
                out = []
                n = 0
        st.append(new, b"".join(out))
        st.flush(new)
        st.rename(new, self.name)
        for off, n, why in bad:
            self.notes.append("journal: %d damaged bytes at offset %d (%s) moved to %s"
                              % (n, off, why, self.name + ".bad"))
        self.end = pos
        self.bad = []

    def append(self, rec):
        """Write one record and flush it; return its offset. A store that
        refuses raises OSError (nothing taken), or with hold on keeps the
        record in memory (self.held) to write it later."""
        return self.append_all([rec])[0]

    def append_all(self, recs):
        """Write several records in one append and one flush (a party and
        its new players: one flash sync, not one per record); their offsets.
        A cut leaves a prefix of whole records and at most one torn one, set
        aside on the next open, as with append. A new file gets its preamble
        (MAGIC) in the same append. Refusals as append."""
        data = [frame(rec) for rec in recs]
        if self.held:
            self.retry()
        if not self.held and not self.frozen:
            off = self.end
            pre = b""
            if off == 0 and self.store.size(self.name) <= 0:
                pre = MAGIC
                off = len(MAGIC)
            offs = []
            for d in data:
                offs.append(off)
                off += len(d)
            try:
                self.store.append(self.name, pre + b"".join(data) if pre or len(data) > 1
                                  else data[0])
                self.store.flush(self.name)
                self.end = off
                return offs
            except OSError:
                if not self.hold:
                    self._resync()
                    raise
        # held in memory: offsets from the journal's end as it is now (a new
        # file's preamble is written by retry)
        off = self.end if self.end > 0 else len(MAGIC)
        offs = []
        for d in data:
            offs.append(off)
            self.held.append((off, d))
            off += len(d)
        self.end = off
        return offs

    def _resync(self):
        # a refused write may have left part of the record in the file: go
        # on from the file's real end (a torn record there is set aside on
        # the next open)
        try:
            size = self.store.size(self.name)
        except OSError:
            return
        if size >= 0:
            self.end = size

    def retry(self):
        """Write the records held in memory, in order; True when none is left."""
        if self.frozen:
            return not self.held
        while self.held:
            off, data = self.held[0]
            try:
                size = self.store.size(self.name)
                at = size if size > 0 else 0
                if at == 0:
                    self.store.append(self.name, MAGIC)   # a new file: its preamble first
                    at = len(MAGIC)
                self.store.append(self.name, data)
                self.store.flush(self.name)
            except OSError:
                return False
            if at != off:
                self._remap[off] = at
            self.held.pop(0)
            if not self.held:
                self.end = at + len(data)
        return True

    def read_at(self, offset):
        """The record at a known good offset (found by scan or append)."""
        for off, data in self.held:
            if off == offset:
                n = data[0] | (data[1] << 8)
                return json.loads(data[2:2 + n].decode())
        offset = self._remap.get(offset, offset)
        st = self.store
        head = st.read(self.name, offset, 2)
        n = head[0] | (head[1] << 8)
        fr = st.read(self.name, offset, 2 + n + 4)
        if len(fr) < 6 + n or crc32(fr[:2 + n]) != _u32(fr, 2 + n):
            raise ValueError("journal: no valid record at %d" % offset)
        return json.loads(fr[2:2 + n].decode())

    def rewrite(self, records):
        """Compaction: the records (iterable of dicts) become the journal.
        Returns the new length."""
        st = self.store
        new = self.name + ".new"
        st.remove(new)
        st.append(new, MAGIC)
        total = len(MAGIC)
        for rec in records:
            if rec.get("t") == "tbj":
                continue            # a preamble: the file has its own
            data = frame(rec)
            st.append(new, data)
            total += len(data)
        st.flush(new)
        st.rename(new, self.name)
        self.end = total
        self.bad = []
        return total


# ------------------------------------------------------------ the archive
class Archive:
    """Finished parties, record by record, in NAME.arc: the same framing,
    only ever appended to. The journal keeps an index record per party
    ({"t": "arch", "at": offset, "len": bytes, ...}); a copy that a power cut
    left without its index is never listed and is appended again."""

    def __init__(self, store, name):
        self.j = Journal(store, name + ".arc")

    def size(self):
        s = self.j.store.size(self.j.name)
        return s if s > 0 else 0

    def add(self, records):
        """Append the records of one party, flushed; (offset, length)."""
        st = self.j.store
        start = self.size()
        if start == 0:
            st.append(self.j.name, MAGIC)    # a new file: its preamble first
            start = len(MAGIC)
        n = 0
        for rec in records:
            data = frame(rec)
            st.append(self.j.name, data)
            n += len(data)
        st.flush(self.j.name)
        return start, n
