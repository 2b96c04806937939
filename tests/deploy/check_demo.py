#!/usr/bin/python3
"""check_demo: two demos at once are two worlds.

Demo A starts on a free port; demo B is asked for A's port while A's private ngircd holds it, so
B must name the holder (ngircd, A's ngircd's pid), suggest nothing about Debian's system ngircd,
and take the next free port. Both run deploy/demo.sh --bot BINARY (no build) with TMPDIR set to
a directory of their own under --work. Once both bots have joined #durak:
  - each bot has exactly one database open (/proc/PID/fd), durakbot.db in its own demo's
    temporary directory, and the two are different files;
  - a lobby opened on A (!durak from an IRC client) is saved in A's database, not in B's;
  - /var/lib/durakbot is as it was before (absent stays absent).
On A, bob then joins alice's lobby, alice starts the game (the channel is told the deal's
fingerprint) and leaves it: a forfeit, recorded. Then A is stopped as a person would (SIGINT to its process group:
Ctrl-C), B by SIGTERM to the script; both must say "Demo stopped.", their bot and ngircd must be
gone and so must their temporary directories (the TMPDIRs are empty again). A, which recorded a
game, must have printed its fairness check: the sha256sum command, run, gives the fingerprint
the channel was told, and the durak-cli command (the one built beside the bot), run, deals the hands;
B, which recorded none, prints none.

Only 127.0.0.1 and ports that were free are used; an ngircd already on 6667 (Debian's system one)
is never touched. Exits 77 (ctest: skipped) when the demo would have to install packages first
(ngircd or iproute2 missing), so the test never runs apt-get.

usage: check_demo.py --demo deploy/demo.sh --bot build/bot/durakbot --work DIR [--timeout 45]
"""
import argparse
import hashlib
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time

SERVICE_STATE = "/var/lib/durakbot"
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL: " + what, flush=True)
    return cond


def installed(package):
    run = subprocess.run(["dpkg-query", "-W", "-f=${Status}", package],
                         capture_output=True, text=True)
    return run.returncode == 0 and "install ok installed" in run.stdout


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def snapshot(top):
    """Every entry under top with its type, size, mtime and inode; None when top is absent."""
    if not os.path.lexists(top):
        return None
    seen = {}
    for d, dirs, files in os.walk(top):
        for name in [""] + dirs + files:
            p = os.path.join(d, name) if name else d
            st = os.lstat(p)
            seen[p] = (st.st_mode, st.st_size, st.st_mtime_ns, st.st_ino)
    return seen


def children(pid):
    """The pids whose parent is pid."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        if int(stat[stat.rindex(")") + 2:].split()[1]) == pid:
            out.append(int(entry))
    return out


def comm(pid):
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return None


def open_databases(pid):
    """The files ending in .db that process pid has open."""
    dbs = set()
    fd_dir = f"/proc/{pid}/fd"
    for fd in os.listdir(fd_dir):
        try:
            target = os.readlink(os.path.join(fd_dir, fd))
        except OSError:
            continue
        if target.endswith(".db"):
            dbs.add(target)
    return dbs


def saved_channels(db):
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
    try:
        return [row[0] for row in con.execute("SELECT channel FROM running_tables")]
    finally:
        con.close()


class Demo:
    def __init__(self, name, demo, bot, work, port):
        self.name = name
        self.tmpdir = os.path.join(work, name)  # the demo's TMPDIR
        self.out_path = os.path.join(work, name + ".out")  # its terminal, outside TMPDIR
        os.makedirs(self.tmpdir)
        env = dict(os.environ, TMPDIR=self.tmpdir)
        self.out = open(self.out_path, "wb")
        self.proc = subprocess.Popen(["bash", demo, "--port", str(port), "--bot", bot],
                                     stdin=subprocess.DEVNULL, stdout=self.out,
                                     stderr=subprocess.STDOUT, env=env, start_new_session=True)

    def text(self):
        with open(self.out_path, "rb") as f:
            return f.read().decode("utf-8", "replace")

    def wait_for(self, pattern, deadline):
        while time.monotonic() < deadline:
            m = re.search(pattern, self.text())
            if m:
                return m
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        check(False, f"demo {self.name}: no {pattern!r} in its output:\n{self.text()}")
        return None

    def child(self, name):
        pids = [p for p in children(self.proc.pid) if comm(p) == name]
        return pids[0] if len(pids) == 1 else None

    def kill(self):
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait()
        self.out.close()


class Client:
    """Just enough IRC to open a lobby."""

    def __init__(self, port, nick):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.buf = b""
        self.send(f"NICK {nick}")
        self.send(f"USER {nick} 0 * :{nick}")

    def send(self, line):
        self.sock.sendall(line.encode() + b"\r\n")

    def wait_line(self, pattern, deadline):
        while time.monotonic() < deadline:
            while b"\r\n" in self.buf:
                line, self.buf = self.buf.split(b"\r\n", 1)
                text = line.decode("utf-8", "replace")
                if text.startswith("PING"):
                    self.send("PONG" + text[4:])
                if re.search(pattern, text):
                    return text
            self.sock.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                data = self.sock.recv(4096)
            except socket.timeout:
                break
            if not data:
                break
            self.buf += data
        return None

    def close(self):
        try:
            self.send("QUIT :bye")
        except OSError:
            pass
        self.sock.close()


def check_fairness(said, fingerprint):
    """The commands demo a printed at its stop, run as a player would: sha256sum of the committed
    string is the fingerprint told at the deal; durak-cli deals the hands."""
    sha = re.search(r"^    (printf '%s' 'durak-deal-v1:\d+:[0-9a-f]{32}' \| sha256sum)$", said, re.M)
    cli = re.search(r"^    (printf 'new [^']*\\nstate\\n' \| (\S+))$", said, re.M)
    if not check(sha and cli, f"demo a: no fairness check printed at its stop:\n{said}"):
        return
    check(os.path.basename(cli.group(2)) == "durak-cli" and os.access(cli.group(2), os.X_OK),
          f"demo a: the check names no durak-cli that runs: {cli.group(2)}")
    digest = subprocess.run(["bash", "-c", sha.group(1)], capture_output=True, text=True,
                            timeout=10).stdout.split()
    check(fingerprint is not None and digest[:1] == [fingerprint],
          f"demo a: {sha.group(1)} gives {digest[:1]}, not the fingerprint {fingerprint}")
    dealt = subprocess.run(["bash", "-c", cli.group(1)], capture_output=True, text=True,
                           timeout=10)
    check(dealt.returncode == 0 and "hand 0: " in dealt.stdout and "error" not in dealt.stdout,
          f"demo a: {cli.group(1)} deals no hands: {dealt.stdout}{dealt.stderr}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--demo", required=True)
    ap.add_argument("--bot", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--timeout", type=float, default=45)
    a = ap.parse_args()
    missing = [p for p in ("ngircd", "iproute2") if not installed(p)]
    if missing:
        print(f"skipped: the demo would install {' '.join(missing)} first")
        return 77
    deadline = time.monotonic() + a.timeout
    # a wrong option: exit 2 and a line saying what to give, before anything is installed or run
    for args, words in ((["--port"], "--port needs a number"), (["--port", "x"], "not x"),
                        (["--bot"], "--bot needs the path"), (["--colour"], "unknown option")):
        bad = subprocess.run([a.demo] + args, capture_output=True, text=True, timeout=10)
        check(bad.returncode == 2 and bad.stderr.startswith("demo.sh: ") and words in bad.stderr,
              "demo.sh %s: exit %d, %r" % (" ".join(args), bad.returncode, bad.stderr))
    work = os.path.abspath(a.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    before = snapshot(SERVICE_STATE)
    bot = os.path.abspath(a.bot)
    demos = []
    client = None
    try:
        port_a = free_port()
        a_demo = Demo("a", a.demo, bot, work, port_a)
        demos.append(a_demo)
        if not a_demo.wait_for(rf"Private ngircd on 127\.0\.0\.1:{port_a} ", deadline):
            return 1
        a_ngircd = a_demo.child("ngircd")
        check(a_ngircd is not None, "demo a: its ngircd is not a child of the script")
        # B asks for the port A's ngircd holds: the message names it and suggests nothing else.
        # The next port is bound but not listening (as another program's connection may hold
        # it): nothing answers there, but ngircd cannot bind it, so B moves on once more.
        blocker = socket.socket()
        try:
            blocker.bind(("127.0.0.1", port_a + 1))
        except OSError:
            blocker.close()
            blocker = None
        # B runs a copy of the bot with durak-cli beside it in one directory (an install, not
        # a build tree): that durak-cli is the one its banner names
        flat = os.path.join(work, "flat")
        os.makedirs(flat)
        shutil.copy2(bot, os.path.join(flat, "durakbot"))
        shutil.copy2(os.path.join(os.path.dirname(bot), "..", "engine", "durak-cli"),
                     os.path.join(flat, "durak-cli"))
        b_demo = Demo("b", a.demo, os.path.join(flat, "durakbot"), work, port_a)
        demos.append(b_demo)
        m = b_demo.wait_for(r"Private ngircd on 127\.0\.0\.1:(\d+) ", deadline)
        if not m:
            return 1
        port_b = int(m.group(1))
        check(port_b != port_a, "demo b: took the port demo a holds")
        said = b_demo.text()
        check(f"127.0.0.1:{port_a} is already taken by ngircd (pid {a_ngircd})." in said,
              f"demo b: does not name demo a's ngircd (pid {a_ngircd}) as the holder:\n{said}")
        for wrong in ("systemctl", "system ngircd", "--use-running", "service ngircd"):
            check(wrong not in said, f"demo b: suggests {wrong!r} for another private ngircd")
        check(f"runs its private ngircd on port {port_b} instead" in said,
              f"demo b: does not say it takes port {port_b}")
        if blocker:
            check(f"127.0.0.1:{port_a + 1} was taken as ngircd started." in said
                  and port_b > port_a + 1, f"demo b: did not move past a bound port:\n{said}")
            blocker.close()
        for d in demos:
            d.wait_for(r"joined #durak", deadline)
        said = b_demo.text()
        check("not built" not in said and os.path.join(flat, "durak-cli") in said,
              f"demo b: does not name the durak-cli beside its --bot:\n{said}")
        if failures:
            return 1

        dbs = {}
        for d in demos:
            pid = d.child("durakbot")
            if not check(pid is not None, f"demo {d.name}: no durakbot child"):
                continue
            d.bot_pid = pid
            tmp = [e for e in os.listdir(d.tmpdir) if e.startswith("durakbot-demo.")]
            if not check(len(tmp) == 1, f"demo {d.name}: {len(tmp)} temporary directories: {tmp}"):
                continue
            d.tmp = os.path.join(d.tmpdir, tmp[0])
            open_dbs = open_databases(pid)
            check(open_dbs == {os.path.join(d.tmp, "durakbot.db")},
                  f"demo {d.name}: the bot has {sorted(open_dbs)} open, "
                  f"not {d.tmp}/durakbot.db alone")
            dbs[d.name] = os.path.join(d.tmp, "durakbot.db")
        if failures:
            return 1
        check(os.stat(dbs["a"]).st_ino != os.stat(dbs["b"]).st_ino
              or os.stat(dbs["a"]).st_dev != os.stat(dbs["b"]).st_dev,
              "the two demos share one database file")

        # a lobby on A lands in A's database only
        client = Client(port_a, "alice")
        check(client.wait_line(r" 001 ", deadline) is not None, "demo a: alice not welcomed")
        client.send("JOIN #durak")
        check(client.wait_line(r" 366 ", deadline) is not None, "demo a: alice did not join")
        client.send("PRIVMSG #durak :!durak")
        check(client.wait_line(r"^:durakbot!\S+ PRIVMSG #durak ", deadline) is not None,
              "demo a: the bot did not answer !durak")
        saved = []
        while time.monotonic() < deadline:
            saved = saved_channels(dbs["a"])
            if saved:
                break
            time.sleep(0.2)
        check(saved == ["#durak"], f"demo a: its database saved {saved}, not the lobby in #durak")
        check(saved_channels(dbs["b"]) == [], "demo b: its database has demo a's lobby")
        # a game recorded on A: bob joins alice's lobby, alice deals and leaves (a forfeit)
        bob = Client(port_a, "bob")  # until the game is over: a QUIT would leave the lobby
        try:
            check(bob.wait_line(r" 001 ", deadline) is not None, "demo a: bob not welcomed")
            bob.send("JOIN #durak")
            check(bob.wait_line(r" 366 ", deadline) is not None, "demo a: bob did not join")
            bob.send("PRIVMSG #durak :!join")
            check(bob.wait_line(r"PRIVMSG #durak :bob joins", deadline) is not None,
                  "demo a: bob's !join not answered")
            client.send("PRIVMSG #durak :!start")
            line = client.wait_line(r"PRIVMSG #durak :.*fingerprint: [0-9a-f]{64}", deadline)
            fingerprint = re.search(r"fingerprint: ([0-9a-f]{64})", line or "")
            check(fingerprint is not None, "demo a: no deal fingerprint at !start")
            client.send("PRIVMSG #durak :!leave")
            check(client.wait_line(r"PRIVMSG #durak :.*Game over", deadline) is not None,
                  "demo a: the game did not end when alice left")
        finally:
            bob.close()
        client.close()
        client = None

        # stopped as a person would (Ctrl-C), and by a TERM to the script
        os.killpg(a_demo.proc.pid, signal.SIGINT)
        b_demo.proc.send_signal(signal.SIGTERM)
        for d in demos:
            try:
                d.proc.wait(timeout=max(1.0, min(15.0, deadline - time.monotonic())))
            except subprocess.TimeoutExpired:
                check(False, f"demo {d.name}: still running after the signal")
                continue
            check("Demo stopped." in d.text(), f"demo {d.name}: did not say it stopped")
            left = [p for p in children(d.proc.pid) if comm(p) in ("durakbot", "ngircd")]
            check(not left and not os.path.exists(f"/proc/{d.bot_pid}"),
                  f"demo {d.name}: its bot or ngircd still runs")
            check(os.listdir(d.tmpdir) == [],
                  f"demo {d.name}: left {os.listdir(d.tmpdir)} in its TMPDIR")
        if a_ngircd:
            check(not os.path.exists(f"/proc/{a_ngircd}") or comm(a_ngircd) != "ngircd",
                  "demo a: its ngircd still runs")
        check(snapshot(SERVICE_STATE) == before, f"{SERVICE_STATE} changed while the demos ran")
        check_fairness(a_demo.text(), fingerprint.group(1) if fingerprint else None)
        check("fairness check" not in b_demo.text(), "demo b: a fairness check with no game")
    finally:
        if client:
            client.close()
        for d in demos:
            d.kill()
    if failures:
        for d in demos:
            print(f"--- demo {d.name} said:\n{d.text()}")
        return 1
    print(f"ok: two demos on ports {port_a} and {port_b}, databases {dbs['a']} and {dbs['b']}; "
          f"both gone after SIGINT/SIGTERM; {SERVICE_STATE} untouched")
    return 0


if __name__ == "__main__":
    sys.exit(main())
