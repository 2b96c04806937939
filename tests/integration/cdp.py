"""cdp.py — headless Chromium driven over the Chrome DevTools Protocol, standard library only: a
small WebSocket client (RFC 6455, client side) on a socket, one browser, one page (flattened
session). For tests that look at the bot's web pages the way a browser shows them."""
import base64
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import tempfile
import time


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class WebSocket:
    def __init__(self, url, timeout=20):
        m = re.match(r"ws://([^:/]+):(\d+)(/.*)$", url)
        if not m:
            raise ValueError("not a ws:// address: " + url)
        host, port, path = m.group(1), int(m.group(2)), m.group(3)
        self.sock = socket.create_connection((host, port), timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(("GET %s HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\n"
                           "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n" % (path, host, port, key)).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("the browser closed the WebSocket handshake")
            head += chunk
        head, self.buf = head.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError("WebSocket refused: %r" % head[:200])

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise ConnectionError("the browser closed the WebSocket")
            self.buf += chunk
        data, self.buf = self.buf[:n], self.buf[n:]
        return data

    def send(self, text):
        data = text.encode()
        head = bytearray([0x81])
        n = len(data)
        if n < 126:
            head.append(0x80 | n)
        elif n < 65536:
            head.append(0x80 | 126)
            head += struct.pack(">H", n)
        else:
            head.append(0x80 | 127)
            head += struct.pack(">Q", n)
        mask = os.urandom(4)
        self.sock.sendall(bytes(head) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def recv(self):
        """The next whole text message (continuation frames joined; pings answered)."""
        parts = []
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            mask = self._read(4) if b1 & 0x80 else None
            data = self._read(n)
            if mask:
                data = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
            op = b0 & 0x0F
            if op == 0x8:
                raise ConnectionError("the browser closed the WebSocket")
            if op == 0x9:  # ping
                continue
            if op in (0x1, 0x2, 0x0):
                parts.append(data)
                if b0 & 0x80:
                    return b"".join(parts).decode()

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Browser:
    """One headless Chromium with one page. events: every event of the page, in order."""

    def __init__(self, binary, timeout=30):
        self.profile = tempfile.mkdtemp(prefix="durakbot-chromium-")
        self.proc = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--mute-audio",
             "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
             "--user-data-dir=" + self.profile, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        url = None
        end = time.monotonic() + timeout
        while time.monotonic() < end and url is None:
            line = self.proc.stderr.readline().decode(errors="replace")
            if not line and self.proc.poll() is not None:
                break
            m = re.search(r"DevTools listening on (ws://\S+)", line)
            url = m.group(1) if m else None
        if not url:
            self.close()
            raise RuntimeError("chromium did not start its DevTools endpoint")
        self.ws = WebSocket(url)
        self.next_id = 0
        self.events = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.page(domain + ".enable")

    def call(self, method, params=None, session=None, timeout=30):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        self.ws.send(json.dumps(msg))
        self.ws.sock.settimeout(timeout)
        while True:
            reply = json.loads(self.ws.recv())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def page(self, method, params=None, timeout=30):
        return self.call(method, params, self.session, timeout)

    def wait_event(self, method, timeout=15, start=0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for e in self.events[start:]:
                if e.get("method") == method:
                    return e
            self.ws.sock.settimeout(max(0.1, end - time.monotonic()))
            try:
                reply = json.loads(self.ws.recv())
            except socket.timeout:
                break
            if "method" in reply:
                self.events.append(reply)
        raise TimeoutError("no %s within %s s" % (method, timeout))

    def goto(self, url):
        """Loads url afresh (by way of about:blank: a change of #fragment alone would not)."""
        start = len(self.events)
        self.page("Page.navigate", {"url": "about:blank"})
        self.wait_event("Page.loadEventFired", start=start)
        start = len(self.events)
        self.page("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired", start=start)
        return start

    def eval(self, expr):
        r = self.page("Runtime.evaluate", {"expression": expr, "returnByValue": True})
        if "exceptionDetails" in r:
            raise RuntimeError("%s: %s" % (expr, r["exceptionDetails"].get("text")))
        return r["result"].get("value")

    def key(self, name, code):
        for kind in ("rawKeyDown", "keyUp"):
            self.page("Input.dispatchKeyEvent", {"type": kind, "key": name, "code": name,
                                                 "windowsVirtualKeyCode": code,
                                                 "nativeVirtualKeyCode": code})

    def size(self, width, height, mobile):
        self.page("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})

    def scheme(self, name):
        """The colour scheme the page is told the reader prefers: "light" or "dark"."""
        self.page("Emulation.setEmulatedMedia",
                  {"features": [{"name": "prefers-color-scheme", "value": name}]})

    def screenshot(self, path):
        """The whole page from its top, at the emulated width."""
        self.eval("window.scrollTo(0, 0)")
        data = self.page("Page.captureScreenshot",
                         {"format": "png", "captureBeyondViewport": True})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def errors(self, start=0):
        """Console errors, uncaught exceptions and failed loads since event number start."""
        out = []
        for e in self.events[start:]:
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.exceptionThrown":
                out.append("exception: %s" % p.get("exceptionDetails", {}).get("text"))
            elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append("console.%s: %s" % (p.get("type"), p.get("args")))
            elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                out.append("log: %s" % p["entry"].get("text"))
        return out

    def close(self):
        try:
            self.ws.close()
        except AttributeError:
            pass
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)
