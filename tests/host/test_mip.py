"""The mip manifests (host_tools/build/mip_json.py): the root package.json's
"urls" are `make deploy`'s files as sources, every relative url names a file
of the repository, the adafruit libraries at the pinned versions, and the
"../main.py" destination lands at the filesystem root on MicroPython's own
littlefs (the way mip writes it: each parent stat-ed or made, then open)."""
import json
import os
import subprocess
import sys
from importlib.metadata import version

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import deploy  # noqa: E402
import mip_json  # noqa: E402

MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")


def test_manifests_are_as_generated():
    assert mip_json.main(["--check"]) == 0


def test_root_urls_are_the_deploy_files():
    with open(os.path.join(ROOT, "package.json"), encoding="utf-8") as fh:
        pkg = json.load(fh)
    assert "dependencies" in pkg and "rp2040js" in pkg["dependencies"]   # still npm's
    dests = {d for d, _ in pkg["urls"]}
    want = set()
    for dev, _, _ in deploy.manifest("RPI_PICO"):
        if dev == "board.py":
            continue
        rel = dev[4:] if dev.startswith("lib/") else dev
        rel = rel[:-4] + ".py" if rel.endswith(".mpy") else rel
        want.add("../" + rel if dev in deploy.SOURCE_FILES else rel)
    assert dests == want
    for dest, url in pkg["urls"]:
        if url.startswith("https://"):
            wheel = ("adafruit-circuitpython-ssd1306" if "SSD1306" in url
                     else "adafruit-circuitpython-busdevice")
            assert "/%s/" % version(wheel) in url and url.endswith(dest)
        else:
            assert os.path.isfile(os.path.join(ROOT, url)), url
    for board in deploy.ARCH:
        with open(os.path.join(ROOT, "boards", board, "package.json")) as fh:
            b = json.load(fh)
        assert b["urls"] == [["../board.py", "board.py"]]


LFS = r"""
import vfs, os
class Dev:
    def __init__(s): s.d = bytearray(b'\xff' * 4096 * 64)
    def readblocks(s, n, buf, off=0): buf[:] = s.d[n * 4096 + off:n * 4096 + off + len(buf)]
    def writeblocks(s, n, buf, off=0): s.d[n * 4096 + off:n * 4096 + off + len(buf)] = buf
    def ioctl(s, op, arg):
        if op == 4: return 64
        if op == 5: return 4096
        if op == 6: s.d[arg * 4096:(arg + 1) * 4096] = b'\xff' * 4096
        return 0
d = Dev()
vfs.VfsLfs2.mkfs(d)
vfs.mount(vfs.VfsLfs2(d), '/fs')
def ensure(path):           # micropython-lib mip's _ensure_path_exists
    split = path.split('/')
    if not split[0]:
        split.pop(0)
        split[0] = '/' + split[0]
    prefix = ''
    for i in range(len(split) - 1):
        prefix += split[i]
        try:
            os.stat(prefix)
        except OSError:
            os.mkdir(prefix)
        prefix += '/'
for dest in ('../main.py', 'table/app.py'):
    p = '/fs/lib/' + dest
    ensure(p)
    with open(p, 'w') as f:
        f.write('x')
print(sorted(os.listdir('/fs')), sorted(os.listdir('/fs/lib')))
"""


def test_dotdot_destination_on_littlefs():
    p = subprocess.run([MICROPYTHON, "-c", LFS], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split("\n")[0] == "['lib', 'main.py'] ['table']"
