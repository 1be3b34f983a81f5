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
