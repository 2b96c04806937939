"""harness.py — integration test harness: a private ngircd on a free loopback port, the durakbot
binary with a generated config, and plain-socket IRC clients that record when each line arrived.

Everything is bounded by timeouts and every process is killed on exit, also on failure.
Only 127.0.0.1 is used. Python 3 standard library only.
"""
import argparse
import os
import re
import resource
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

# No process a test starts leaves a core file in the build directory: InspIRCd 3 has dumped one
# on its SIGTERM at a test's end, and the tests read a crash from exit statuses and logs anyway.
# The hard limit too: InspIRCd raises its own soft limit to the hard one when it starts.
resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

BOT_NICK = "durakbot"
HOST = "127.0.0.1"

# mIRC formatting: bold, colour (with up to two 2-digit numbers), reset, reverse, italic,
# strike-through, underline; and the zero-width space the bot writes inside a nick it names
# without highlighting it.
_MIRC = re.compile(r"\x03(\d{1,2}(,\d{1,2})?)?|[\x02\x0f\x16\x1d\x1e\x1f]|\u200b")


def strip_codes(text):
    """The text as a reader sees it."""
    return _MIRC.sub("", text)


# The ports free_port handed out, each held by a bound socket until the test ends (release_ports).
_HELD = {}


def free_port():
    """A TCP port on 127.0.0.1 for a server the test starts, held for it until the test ends: a
    socket bound to it with SO_REUSEADDR that never listens. Closing the probe socket at once, as
    before, left the port to whoever came next (another test's free_port, any connect()'s local
    port) before the server bound it, and the server then failed to start, or the test talked to
    the other test's server. Linux hands a port out (bind to port 0, a connect's local port) only
    when no socket is bound to it, so nothing takes a held port; a server given it binds beside
    the holder (servers set SO_REUSEADDR on their listeners) and listens, also when the test
    restarts it there. A connect() to a held port nobody listens on is refused, as to a free one."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind((HOST, 0))
    port = s.getsockname()[1]
    _HELD[port] = s
    return port


def release_ports():
    for s in _HELD.values():
        s.close()
    _HELD.clear()


def _proc_addr(packed):
    """An address as /proc/net/tcp{,6} write it: each 4 bytes as the %08X of a native integer."""
    return "".join("%08X" % w for w in struct.unpack("=%dI" % (len(packed) // 4), packed))


# 127.0.0.1, and the same as an IPv4-mapped IPv6 address (ircd 2.11 listens on an AF_INET6 socket)
_LOOPBACK = {"/proc/net/tcp": _proc_addr(socket.inet_aton(HOST)),
             "/proc/net/tcp6": _proc_addr(socket.inet_pton(socket.AF_INET6, "::ffff:" + HOST))}


def _listeners(port):
    """The socket inodes listening on 127.0.0.1:port (on no other address: a server listening on
    every address is not what the tests run)."""
    found = set()
    for table, loopback in _LOOPBACK.items():
        with open(table) as f:
            next(f)
            for line in f:
                fields = line.split()
                addr, hexport = fields[1].split(":")
                if fields[3] == "0A" and int(hexport, 16) == port and addr == loopback:
                    found.add(fields[9])
    return found


def _sockets_of(pid):
    """The socket inodes process pid holds."""
    found = set()
    fds = "/proc/%d/fd" % pid
    try:
        names = os.listdir(fds)
    except OSError:
        return found
    for fd in names:
        try:
            target = os.readlink(os.path.join(fds, fd))
        except OSError:
            continue
        if target.startswith("socket:["):
            found.add(target[8:-1])
    return found


def wait_listening(proc, ports, timeout, what, logpath):
    """Waits until proc (a server the test started) listens on each of ports on 127.0.0.1 itself:
    a listener of another process on one of them is not taken for it (a connection would be).
    Fails the test at once when proc exits, naming what and logpath, or after timeout."""
    end = time.monotonic() + timeout
    while True:
        mine = _sockets_of(proc.pid)
        missing = [p for p in ports if not _listeners(p) & mine]
        if not missing:
            return
        if proc.poll() is not None:
            raise TestFailure("%s exited with status %s before it listened on %s; see %s"
                              % (what, proc.returncode, missing, logpath))
        if time.monotonic() >= end:
            other = [p for p in missing if _listeners(p)]
            raise TestFailure("%s did not listen on %s within %.0f s%s; see %s"
                              % (what, missing, timeout, " (another process listens on %s)"
                                 % other if other else "", logpath))
        time.sleep(0.05)


class TestFailure(Exception):
    pass


def check(cond, what):
    if not cond:
        raise TestFailure(what)


def log(msg):
    print("[%7.2f] %s" % (time.monotonic() - _T0, msg), flush=True)


_T0 = time.monotonic()


# ---- ngircd --------------------------------------------------------------------------------

NGIRCD_CONF = """# generated by tests/integration/harness.py
[Global]
Name = irc.durak.test
Info = durakbot integration test
Listen = 127.0.0.1
Ports = {port}
MotdPhrase = "durakbot test server"
[Limits]
# no cap on connections from 127.0.0.1, long nicks, no penalty time (ngircd's client throttling
# would slow the test clients and the bot down: see tests/integration/README.md)
MaxConnectionsIP = 0
MaxNickLength = 30
MaxPenaltyTime = 0
PingTimeout = 120
PongTimeout = 20
[Options]
DNS = no
Ident = no
PAM = no
# "F": relaxed flood protection for every client (no 3-commands-a-second throttle)
DefaultUserModes = F
"""


class Ngircd:
    def __init__(self, binary, workdir, port=None):
        self.binary = binary
        self.port = port or free_port()
        self.conf = os.path.join(workdir, "ngircd.conf")
        self.logpath = os.path.join(workdir, "ngircd.log")
        self.proc = None
        with open(self.conf, "w") as f:
            f.write(NGIRCD_CONF.format(port=self.port))

    def start(self, timeout=10):
        logf = open(self.logpath, "a")
        self.proc = subprocess.Popen([self.binary, "-n", "-f", self.conf], stdin=subprocess.DEVNULL,
                                     stdout=logf, stderr=subprocess.STDOUT)
        logf.close()
        try:
            wait_listening(self.proc, [self.port], timeout, "ngircd", self.logpath)
        except TestFailure:
            self.stop()
            raise

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None


# ---- durakbot ------------------------------------------------------------------------------

def bot_config(port, channels=("#durak",), burst=20, rate=20.0, turn_timeout=10,
               rejoin_grace=30, ping_interval=120, nick=BOT_NICK, max_timeouts=3):
    chans = ", ".join('"%s"' % c for c in channels)
    return """# generated by tests/integration/harness.py
irc = {{
  server = "127.0.0.1"; port = {port}; password = "";
  nick = "{nick}"; username = "durak"; realname = "Durak card game";
  channels = [ {chans} ];
  nickserv_password = "";
  ping_interval = {ping_interval};
}};
flood = {{ burst = {burst}; rate = {rate:.2f}; }};
game = {{ prefix = "!"; turn_timeout = {turn_timeout}; lobby_timeout = 600;
         rejoin_grace = {rejoin_grace}; max_timeouts = {max_timeouts};
         variant = "classic"; throwin = "all"; first5 = false; }};
ui = {{ colors = true; unicode_suits = true; }};
admins = [ ];
""".format(port=port, nick=nick, chans=chans, burst=burst, rate=rate,
           turn_timeout=turn_timeout, rejoin_grace=rejoin_grace, ping_interval=ping_interval,
           max_timeouts=max_timeouts)


class Bot:
    def __init__(self, binary, workdir, config_text, name="durakbot"):
        self.binary = binary
        self.conf = os.path.join(workdir, name + ".conf")
        self.logpath = os.path.join(workdir, name + ".log")
        self.proc = None
        self.database = os.path.join(workdir, name + ".db")
        if "state =" not in config_text:    # its own database in the test's temp dir
            config_text += 'state = {{ database = "{}"; }};\n'.format(self.database)
        with open(self.conf, "w") as f:
            f.write(config_text)

    def start(self):
        logf = open(self.logpath, "a")
        env = dict(os.environ)
        env.setdefault("ASAN_OPTIONS", "abort_on_error=0")
        self.proc = subprocess.Popen([self.binary, "-c", self.conf], stdin=subprocess.DEVNULL,
                                     stdout=logf, stderr=subprocess.STDOUT, env=env)
        logf.close()

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self, timeout=3.0):
        """SIGTERM; returns (exit status, seconds it took)."""
        if not self.proc:
            return None, 0.0
        t0 = time.monotonic()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        rc = self.proc.returncode
        self.proc = None
        return rc, time.monotonic() - t0

    def log_text(self):
        try:
            with open(self.logpath, errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def wait_log(self, pattern, timeout, start=0, what=None):
        """Waits for a log line matching the regular expression `pattern` (searched from offset
        `start`); returns the match, or fails the test naming `what` (else the pattern)."""
        rx = re.compile(pattern, re.M)
        end = time.monotonic() + timeout
        while True:
            m = rx.search(self.log_text(), start)
            if m:
                return m
            if time.monotonic() >= end:
                raise TestFailure("%sno log line /%s/ within %.1f s"
                                  % (what + ": " if what else "", pattern, timeout))
            time.sleep(0.05)


# ---- IRC client ----------------------------------------------------------------------------

class Msg:
    """One line from the server: prefix, nick, command, params; text is the last param."""

    def __init__(self, t, raw):
        self.t = t
        self.raw = raw
        self.prefix = ""
        rest = raw
        if rest.startswith(":"):
            self.prefix, _, rest = rest[1:].partition(" ")
        self.nick = self.prefix.split("!", 1)[0]
        trailing = None
        if " :" in rest:
            rest, _, trailing = rest.partition(" :")
        words = rest.split()
        self.command = words[0].upper() if words else ""
        self.params = words[1:] + ([trailing] if trailing is not None else [])
        self.text = self.params[-1] if self.params else ""
        self.plain = strip_codes(self.text)

    @property
    def target(self):
        return self.params[0] if self.params else ""

    def __repr__(self):
        return "<%s>" % self.raw


class Client:
    """A plain-socket IRC client. A reader thread timestamps every line (time.monotonic())
    and answers PINGs; the test thread reads lines in order with next_msgs() / wait_for().
    Lines are read in `encoding` (a subclass may set another); m.bytes holds each as received."""

    encoding = "utf-8"

    def __init__(self, port, nick, user=None):
        self.port = port
        self.nick = nick
        self.user = user or nick[:8]
        self.lines = []          # every Msg received, in order
        self.cursor = 0          # next_msgs() reads from here
        self.lock = threading.Lock()
        self.send_lock = threading.Lock()
        self.sock = None
        self.closed = threading.Event()
        self.thread = None

    # connection

    def connect(self, timeout=10):
        self.sock = socket.create_connection((HOST, self.port), timeout=timeout)
        self.sock.settimeout(None)
        self.closed.clear()
        self.thread = threading.Thread(target=self._reader, daemon=True)
        self.thread.start()
        self.send("NICK %s" % self.nick)
        self.send("USER %s 0 * :durakbot test client" % self.user)
        self.wait_for(lambda m: m.command == "001", timeout, what="welcome (001)")
        self.wait_for(lambda m: m.command in ("376", "422"), timeout, what="end of MOTD")

    def _reader(self):
        buf = b""
        sock = self.sock
        try:
            while True:
                data = sock.recv(65536)
                if not data:
                    break
                now = time.monotonic()
                buf += data
                while b"\r\n" in buf:
                    raw, buf = buf.split(b"\r\n", 1)
                    m = Msg(now, raw.decode(self.encoding, errors="replace"))
                    m.size = len(raw)
                    m.bytes = raw
                    if m.command == "PING":
                        self.send("PONG :%s" % m.text)
                    with self.lock:
                        self.lines.append(m)
        except OSError:
            pass
        self.closed.set()

    def close(self):
        if self.sock:
            try:
                self.sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            self.sock.close()
        if self.thread:
            self.thread.join(2)

    def quit(self, reason="bye"):
        try:
            self.send("QUIT :%s" % reason)
        except OSError:
            pass
        self.close()

    # sending

    def send_bytes(self, data):
        with self.send_lock:
            self.sock.sendall(data + b"\r\n")

    def send(self, line):
        self.send_bytes(line.encode("utf-8"))

    def privmsg(self, target, text):
        self.send("PRIVMSG %s :%s" % (target, text))

    def join(self, channel):
        self.send("JOIN %s" % channel)

    def part(self, channel):
        self.send("PART %s :brb" % channel)

    def change_nick(self, new, timeout=5):
        old = self.nick
        self.send("NICK %s" % new)
        self.wait_for(lambda m: m.command == "NICK" and m.nick == old, timeout,
                      what="NICK %s -> %s echoed" % (old, new))
        self.nick = new

    # reading

    def next_msgs(self):
        with self.lock:
            new = self.lines[self.cursor:]
            self.cursor = len(self.lines)
        return new

    def next_msg(self):
        """The next unread line, or None."""
        with self.lock:
            if self.cursor >= len(self.lines):
                return None
            self.cursor += 1
            return self.lines[self.cursor - 1]

    def all_msgs(self):
        with self.lock:
            return list(self.lines)

    def wait_for(self, pred, timeout, what="a line"):
        """Consumes lines until pred(msg) holds; returns that Msg or raises TestFailure."""
        if isinstance(pred, str):
            rx = re.compile(pred)
            pred = lambda m, rx=rx: rx.search(m.raw) is not None  # noqa: E731
        end = time.monotonic() + timeout
        while True:
            m = self.next_msg()
            while m is not None:
                if pred(m):
                    return m
                m = self.next_msg()
            if time.monotonic() > end:
                raise TestFailure("%s: no %s within %.1f s" % (self.nick, what, timeout))
            if self.closed.is_set() and self.cursor >= len(self.lines):
                raise TestFailure("%s: connection closed while waiting for %s" % (self.nick, what))
            time.sleep(0.01)

    def join_with_bot(self, channel, bot_nick=BOT_NICK, timeout=15):
        """Joins channel and waits until bot_nick is in it (NAMES, or its JOIN)."""
        self.join(channel)
        end = time.monotonic() + timeout
        names_at = 0.0
        while time.monotonic() < end:
            if time.monotonic() - names_at > 0.5:
                self.send("NAMES %s" % channel)
                names_at = time.monotonic()
            for m in self.next_msgs():
                if m.command == "353" and bot_nick.lower() in \
                        [n.lstrip("~&@%+").lower() for n in m.text.split()]:
                    return
                if m.command == "JOIN" and m.nick.lower() == bot_nick.lower() \
                        and m.text.lower() == channel.lower():
                    return
            time.sleep(0.02)
        raise TestFailure("%s: %s did not show up in %s within %d s" % (self.nick, bot_nick,
                                                                       channel, timeout))


def from_bot(m, bot_nick=BOT_NICK):
    return m.nick.lower() == bot_nick.lower() and m.command in ("PRIVMSG", "NOTICE")


# ---- test runner ---------------------------------------------------------------------------

class Env:
    """What a test owns: a temp dir, ngircd, bots and clients; all stopped by close()."""

    def __init__(self, args, workdir=None):
        """workdir: where its files go, left there by close(); else a temporary directory."""
        self.args = args
        self.tmp = None if workdir else tempfile.TemporaryDirectory(prefix="durakbot-it-")
        self.dir = workdir or self.tmp.name
        self.ngircd = Ngircd(args.ngircd, self.dir)
        self.servers = []  # other servers (tests/integration/servers.py), stopped by close()
        self.bots = []
        self.clients = []

    def bot(self, config_text, name="durakbot"):
        b = Bot(self.args.bot, self.dir, config_text, name)
        self.bots.append(b)
        return b

    def server(self, s):
        """Registers a server object (start/stop/log_tail) to be stopped and reported."""
        self.servers.append(s)
        return s

    def client(self, nick, user=None, connect=True, port=None):
        c = Client(port or self.ngircd.port, nick, user)
        self.clients.append(c)
        if connect:
            c.connect()
        return c

    def dump_logs(self):
        for b in self.bots:
            text = b.log_text()
            print("---- %s (last 60 lines) ----" % b.logpath)
            print("\n".join(text.splitlines()[-60:]))
        for s in self.servers:
            print("\n".join(s.log_tail()))
        try:
            with open(self.ngircd.logpath, errors="replace") as f:
                lines = f.read().splitlines()
            print("---- ngircd log (last 20 lines) ----")
            print("\n".join(lines[-int(os.environ.get("NGIRCD_LOG_LINES", "20")):]))
        except OSError:
            pass

    def close(self):
        for c in self.clients:
            try:
                c.close()
            except OSError:
                pass
        for b in self.bots:
            b.stop(2)
        for s in reversed(self.servers):
            s.stop()
        self.ngircd.stop()
        release_ports()
        if self.tmp:
            self.tmp.cleanup()


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--bot", required=True, help="the durakbot binary")
    p.add_argument("--ngircd", default="/usr/sbin/ngircd", help="the ngircd binary")
    p.add_argument("--timeout", type=float, default=150, help="the whole test, seconds")
    p.add_argument("--inspircd", default="/usr/sbin/inspircd", help="InspIRCd 3 (servers.py)")
    p.add_argument("--hybrid-dir", default="build/ircd-hybrid",
                   help="where ircd-hybrid is fetched and unpacked (servers.fetch_hybrid)")
    p.add_argument("--irc2-dir", default="build/ircd-irc2",
                   help="where ircd 2.11 is fetched and unpacked (servers.fetch_irc2)")
    p.add_argument("--anope", default="/usr/sbin/anope", help="Anope 2.0 (servers.py)")
    p.add_argument("--atheme", default="/usr/bin/atheme-services", help="Atheme (servers.py)")
    return p.parse_args()


def _alarm(signum, frame):
    raise TestFailure("the test took longer than its overall time limit")


def _stopped(signum, frame):
    # ctest stopped (a time-out, or Ctrl-C on a whole run): SIGTERM's default left ngircd, the
    # servers and the bots running with nobody to stop them; raised, close() stops them
    signal.signal(signum, signal.SIG_IGN)
    raise TestFailure("stopped by signal %d" % signum)


def run(test, ngircd=True, skip=None):
    """Runs test(env) with an overall time limit; prints logs on failure; exits 0/1. ngircd:
    the test needs it; skip(args): a reason to skip (exit 77, ctest's SKIP_RETURN_CODE) or None."""
    args = parse_args()
    if not os.access(args.bot, os.X_OK):
        print("durakbot binary not found: %s" % args.bot)
        sys.exit(1)
    why = skip(args) if skip else None
    if why:
        print("SKIP: %s" % why)
        sys.exit(77)
    if ngircd and not os.access(args.ngircd, os.X_OK):
        print("ngircd not found at %s: apt-get install ngircd" % args.ngircd)
        sys.exit(1)
    signal.signal(signal.SIGALRM, _alarm)
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _stopped)
    signal.alarm(int(args.timeout))
    env = Env(args)
    ok = False
    t0 = time.monotonic()
    try:
        test(env)
        ok = True
    except TestFailure as e:
        print("FAIL: %s" % e)
    except Exception:  # noqa: BLE001 - report anything, then clean up
        import traceback
        traceback.print_exc()
    finally:
        signal.alarm(0)
        try:
            if not ok:
                env.dump_logs()
        finally:  # also when the logs cannot be printed (stdout a pipe that is gone)
            env.close()
    print("%s in %.1f s" % ("PASS" if ok else "FAILED", time.monotonic() - t0))
    sys.exit(0 if ok else 1)
