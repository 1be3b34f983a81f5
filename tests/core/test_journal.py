# Journal framing: CRC32 (binascii and the table fallback agree with the
# standard check value), frames, deterministic records, the power-loss model
# of MemStore, recovery of an interrupted replace.
from mpcompat import raises
from table.sheet import journal as J
from table.sheet.journal import MemStore, Journal, PowerCut


def test_crc32_check_value():
    # CRC-32/ISO-HDLC check value of "123456789" is 0xCBF43926
    assert J.crc32(b"123456789") == 0xCBF43926
    assert J.crc32_fallback(b"123456789") == 0xCBF43926
    assert J.crc32_fallback(b"") == 0 and J.crc32(b"") == 0
    data = bytes(range(256)) * 3
    assert J.crc32_fallback(data) == J.crc32(data)


def test_frame_layout():
    f = J.frame({"t": "ok", "s": 2})
    payload = b'{"s":2,"t":"ok"}'
    assert f[:2] == bytes((len(payload), 0)) and f[2:-4] == payload
    c = J.crc32(f[:-4])
    assert f[-4:] == bytes((c & 255, (c >> 8) & 255, (c >> 16) & 255, c >> 24))


def test_dumps_is_deterministic_json():
    assert J.dumps({"b": [1, -2], "a": "x\"y", 3: None, "u": "Jürgen"}) == \
        '{"3":null,"a":"x\\"y","b":[1,-2],"u":"Jürgen"}'
    assert raises(ValueError, J.dumps, {"f": 1.5})


def test_append_scan_read_at():
    st = MemStore()
    j = Journal(st, "j")
    offs = [j.append({"t": "x", "i": i, "pad": "p" * (i * 37 % 300)}) for i in range(40)]
    j2 = Journal(st, "j")
    got = list(j2.scan())
    assert [o for o, r in got] == offs and [r["i"] for o, r in got] == list(range(40))
    assert j2.damage is None and j2.end == st.size("j")
    assert j2.read_at(offs[17])["i"] == 17


def test_unflushed_bytes_are_lost_on_power_cut():
    st = MemStore()
    st.append("f", b"abc")
    st.flush("f")
    st.append("f", b"def")
    assert st.after_crash(0).data("f") == b"abc"
    assert st.after_crash(2).data("f") == b"abcde"
    assert st.after_crash(-1).data("f") == b"abcdef"
    st2 = MemStore(budget=1)
    st2.append("f", b"x")
    assert raises(PowerCut, st2.flush, "f")


def test_recover_interrupted_replace():
    j = Journal(MemStore(), "j")
    j.append({"t": "x"})
    data = j.store.data("j")
    # only NAME.new left (old removed, rename not done): it is taken
    st = MemStore({"j.new": data})
    Journal(st, "j").recover()
    assert st.data("j") == data and st.size("j.new") < 0
    # both there: NAME.new was not finished, it goes
    st = MemStore({"j": data, "j.new": data[:3]})
    Journal(st, "j").recover()
    assert st.data("j") == data and st.size("j.new") < 0


def test_every_file_says_its_framing_before_its_first_frame():
    """Issue 35 (A.6): the journal, its archive and its quarantine start
    with the preamble (a frame of {"f": FRAMING, "t": "tbj"}, fixed bytes);
    files of firmware 0.3.0 (no preamble) are framing 1."""
    assert J.MAGIC == J.frame({"t": "tbj", "f": 1}) and J.MAGIC[2:7] == b'{"f":'
    st = MemStore()
    j = Journal(st, "j")
    assert j.framing() == 0
    assert j.append({"t": "x"}) == len(J.MAGIC)
    assert st.data("j").startswith(J.MAGIC) and j.framing() == J.FRAMING
    assert [r for o, r in Journal(st, "j").scan()] == [{"t": "x"}]   # not a record
    old = MemStore({"j": J.frame({"t": "x"})})
    assert Journal(old, "j").framing() == 1
    a = J.Archive(st, "j")
    assert a.add([{"t": "y"}]) == (len(J.MAGIC), len(J.frame({"t": "y"})))
    assert st.data("j.arc").startswith(J.MAGIC)
    # the quarantine: damage after the first record
    st.append("j", b"\x07\x00garbage")
    j2 = Journal(st, "j")
    list(j2.scan())
    j2.salvage_scan()
    assert st.data("j.bad").startswith(J.MAGIC) and st.data("j").startswith(J.MAGIC)
    assert [r for o, r in Journal(st, "j").scan()] == [{"t": "x"}]
    # a held first write gets its preamble when it is written
    st3 = MemStore()
    j3 = Journal(st3, "k")
    j3.hold = True
    j3.held.append((len(J.MAGIC), J.frame({"t": "z"})))
    j3.end = len(J.MAGIC) + len(J.frame({"t": "z"}))
    assert j3.retry() and st3.data("k") == J.MAGIC + J.frame({"t": "z"})


def test_a_later_framing_is_recognised_even_with_a_damaged_preamble():
    later = J.frame({"t": "tbj", "f": 3}) + b"\x00\x01 frames of another kind \xff"
    assert Journal(MemStore({"j": later}), "j").framing() == 3
    bad = bytearray(later)
    bad[12] ^= 0x40         # the preamble's CRC fails: its number still reads
    assert Journal(MemStore({"j": bytes(bad)}), "j").framing() == 3
    bad1 = bytearray(J.MAGIC + J.frame({"t": "x"}))
    bad1[12] ^= 0x40        # today's own, damaged: framing 1, salvaged as damage
    assert Journal(MemStore({"j": bytes(bad1)}), "j").framing() == 1


def test_a_quarantine_record_is_framed_as_frame_would():
    from binascii import hexlify
    d = bytes(range(200))
    assert J._bad_frame(5, 'bad "CRC', 1, 3, 300, d) == J.frame(
        {"t": "bad", "at": 5, "why": 'bad "CRC', "part": 1, "of": 3, "n": 300,
         "hex": hexlify(d).decode()})
