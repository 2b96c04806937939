#!/usr/bin/python3
"""faults: the state database fails under a running bot, and the config has bad @includes.

1. A full disk. If the test may mount (root with CAP_SYS_ADMIN, as in the project's container),
   the database lives on a 4 MiB tmpfs of its own, and once the game runs the test fills it with
   a file (writes then fail with ENOSPC, which SQLite reports as SQLITE_FULL); deleting the file
   frees the disk. Where mounting is refused (or FAULTS_DISK=fsize), the test lowers the running
   bot's RLIMIT_FSIZE (prlimit(2), like `prlimit --fsize`) to the size its files have: the next
   write that would grow the -wal fails with EFBIG (the bot ignores SIGXFSZ; SQLite says "disk I/O
   error" and the bot counts it as a full disk), and raising the limit frees the disk. PRAGMA
   max_page_count is no use from outside: it holds for one connection only. The bot's log goes
   through a pipe here, which no file size limit touches. anna plays `!bot easy` to the end while
   the disk is full: the channel hears "Results are not being saved: the disk is full" exactly
   once, the log says it at error level; once the disk is freed the channel hears that results are
   saved again, `!stats` counts the game, and after a restart the finished game does not come back.
2. A read-only database. Run as root (whom file modes do not stop), the test runs this bot as
   nobody (setpriv --reuid=65534) on a copy owned by root, 0644, in a root-owned 0555 directory,
   closed cleanly (no -wal, no -shm); run as another user, on its own such copy. Found here
   (SQLite 3.40): a read-only connection cannot read such a WAL file at all, as it would have to
   create the -shm (SQLITE_READONLY_DIRECTORY), so the bot reads it as immutable; with a -wal and
   -shm left beside it (after a kill -9) an ordinary read-only connection reads both; in a
   directory the bot may write, SQLite makes the -wal and -shm itself. The bot must start, log at
   error level that it cannot write, keep the file where and as it is, restore its lobby, answer
   `!stats` from it, say once in the channel that results are not being saved when the lobby
   changes, and keep running.
3. A locked database at start: a Python sqlite3 connection holds BEGIN EXCLUSIVE (a write lock,
   in WAL mode) when the bot starts and lets go once the bot has logged its second try (it is
   waiting, not giving up, however long its start took); the bot logs the lock, waits for it (its
   saved lobby is restored), comes up, and a lobby opened afterwards is in the file.
4. `@include` of a directory and of a file the bot may not read (mode 0, the bot as nobody):
   `--check-config` prints `FILE:LINE: @include: ...` and exits non-zero; the same config on
   SIGHUP to the running bot is logged, and the bot goes on (answers `!help`).
"""
import hashlib
import os
import re
import resource
import shutil
import signal
import sqlite3
import subprocess
import threading
import time

import harness as h
import play

CH = "#durak"
CH2 = "#locked"
NOT_SAVED = "Results are not being saved"  # the channel's line; the log's is lower-case
# root is not stopped by file modes: the read-only and @include cases run the bot as nobody
NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if os.geteuid() == 0 \
    else []


def launch(bot, prefix=(), pipe=False):
    """Starts bot (under prefix, e.g. setpriv); with pipe its log goes through a pipe that a
    thread copies into the log file."""
    logf = open(bot.logpath, "a")
    out = subprocess.PIPE if pipe else logf
    bot.proc = subprocess.Popen(list(prefix) + [bot.binary, "-c", bot.conf],
                                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    if not pipe:
        logf.close()
        return

    def copy(src=bot.proc.stdout):
        for line in src:
            logf.write(line.decode("utf-8", "replace"))
            logf.flush()
        logf.close()
    threading.Thread(target=copy, daemon=True).start()


def config(env, database, channels=(CH,)):
    cfg = h.bot_config(env.ngircd.port, channels=channels, turn_timeout=15)
    h.check("first5 = false;" in cfg, "unexpected generated config")
    return cfg.replace("first5 = false;", "first5 = false; bot_delay = 0.1;") + \
        'state = {{ database = "{}"; }};\n'.format(database)


def saved_channels(path):
    """The keys of the saved lines: a channel's table, "~again #chan" its last game's seats."""
    con = sqlite3.connect("file:%s?mode=ro" % path, uri=True, timeout=2)
    try:
        return [r[0] for r in con.execute("SELECT channel FROM running_tables")]
    finally:
        con.close()


def wait_saved(path, channel, timeout=15):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if channel in saved_channels(path):
            return
        time.sleep(0.1)
    raise h.TestFailure("the table of %s is not in %s within %d s" % (channel, path, timeout))


def said(c, text, since=0.0):
    return [m.plain for m in c.all_msgs() if m.t >= since and h.from_bot(m)
            and m.target.lower() == CH and text in m.plain]


def ask(c, channel, command, pred, what, attempts=6):
    """Sends command until an answer satisfies pred (the bot's per-user limit may drop one): again
    after 2.5 s without it, 15 s in all (a late answer to an earlier try counts too)."""
    for attempt in range(attempts):
        c.privmsg(channel, command)
        try:
            return c.wait_for(lambda m: h.from_bot(m) and pred(m.plain), 2.5, what=what).plain
        except h.TestFailure:
            if attempt == attempts - 1:
                raise
    return None


def wait_said(c, text, since, timeout):
    end = time.monotonic() + timeout
    while not said(c, text, since) and time.monotonic() < end:
        time.sleep(0.05)
    h.check(said(c, text, since), "no '%s' in the channel within %d s" % (text, timeout))
    return said(c, text, since)[0]


class Disk:
    """Fills and frees the bot's disk: a tmpfs where mounting works, else RLIMIT_FSIZE."""

    def __init__(self, env):
        self.dir = os.path.join(env.dir, "disk")
        os.mkdir(self.dir)
        self.mounted = False
        if os.environ.get("FAULTS_DISK") != "fsize":
            r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m,mode=0755", "tmpfs",
                                self.dir], capture_output=True, text=True)
            self.mounted = r.returncode == 0
        self.how = "a 4 MiB tmpfs filled up" if self.mounted else "RLIMIT_FSIZE at the files' size"
        self.filler = os.path.join(self.dir, "filler")

    def fill(self, bot, database):
        if self.mounted:
            fd = os.open(self.filler, os.O_WRONLY | os.O_CREAT, 0o600)
            for chunk in (1 << 20, 4096, 1):
                try:
                    while True:
                        os.write(fd, b"\0" * chunk)
                except OSError:
                    pass
            os.close(fd)
            return
        sizes = [os.path.getsize(p) for p in (database, database + "-wal") if os.path.exists(p)]
        hard = resource.prlimit(bot.proc.pid, resource.RLIMIT_FSIZE)[1]
        resource.prlimit(bot.proc.pid, resource.RLIMIT_FSIZE, (max(sizes), hard))

    def free(self, bot):
        if self.mounted:
            os.unlink(self.filler)
        else:
            resource.prlimit(bot.proc.pid, resource.RLIMIT_FSIZE,
                             (resource.RLIM_INFINITY, resource.RLIM_INFINITY))

    def close(self):
        if self.mounted:
            subprocess.run(["umount", self.dir], capture_output=True)
            self.mounted = False


def full_disk(env, disk):
    db = os.path.join(disk.dir, "durakbot.db")
    bot = env.bot(config(env, db), name="full")
    launch(bot, pipe=True)
    anna = play.Player(env.client("anna"))
    c = anna.c
    c.join_with_bot(CH)
    st = os.stat(db)
    h.check(st.st_mode & 0o777 == 0o600, "the database was created %o, not 0600"
            % (st.st_mode & 0o777))
    table = play.Table(CH, [anna], 41)
    table._command(anna, "!durak classic", "anna opens", 15)
    table._command(anna, "!bot easy", "Easy[bot] joins", 15)
    wait_saved(db, CH)
    state = {}

    def fill(table):
        disk.fill(bot, db)
        state["t"] = time.monotonic()
        h.log("the disk is full (%s) after %d moves" % (disk.how, table.moves))
    table.after(1, fill)
    anna.c.privmsg(CH, "!start")
    table.start_sent = table.last_public = time.monotonic()
    result = table.run(timeout=40)
    h.log("game over after %d moves by anna: %s" % (table.moves, result))
    h.check("t" in state, "the game ended before the disk was filled")
    table.check_clean()
    told = said(c, NOT_SAVED)
    h.check(len(told) == 1, "the channel heard %d times that results are not saved: %r"
            % (len(told), told))
    h.check("the disk is full" in told[0], "not a full disk: %r" % told[0])
    h.check(CH in saved_channels(db), "the finished game's table is gone from the full disk")
    errors = [ln for ln in bot.log_text().splitlines()
              if ln.startswith("<3>") and NOT_SAVED.lower() in ln]
    h.check(errors, "no error-level log line says results are not being saved")
    h.log("told once: %s; logged: %s" % (told[0], errors[0]))

    mark = time.monotonic()
    disk.free(bot)
    m = c.wait_for(lambda m: h.from_bot(m) and "saved again" in m.plain, 45,
                   what="'saved again' after the disk was freed")
    h.log("%.1f s after the disk was freed: %s" % (time.monotonic() - mark, m.plain))
    stats = ask(c, CH, "!stats", lambda t: t.startswith("anna:"), "an answer to !stats")
    h.check(re.search(r"\b1 game\b", stats), "!stats does not count the game: %r" % stats)
    h.check(CH not in saved_channels(db), "the finished game is still saved")
    h.check("~again " + CH in saved_channels(db), "the finished game's seats are not kept for "
            "!again")
    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)

    since = time.monotonic()
    launch(bot)
    c.wait_for(lambda m: m.command == "JOIN" and m.nick == h.BOT_NICK, 15, what="the bot's JOIN")
    stats = ask(c, CH, "!stats", lambda t: t.startswith("anna:"), "an answer to !stats")
    h.check(re.search(r"\b1 game\b", stats), "!stats after the restart: %r" % stats)
    h.check(not said(c, "I am back after a restart", since), "the finished game came back")
    h.check("restored from" not in bot.log_text(), "the bot restored a game")
    h.log("after the restart: no game back, %s" % stats)
    table._command(anna, "!durak classic", "anna opens", 15)   # for the next two cases
    wait_saved(db, CH)
    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)
    h.check(not os.path.exists(db + "-wal"), "a -wal file is left after a clean stop")
    return c, db


def read_only(env, c, source):
    ro = os.path.join(env.dir, "ro")
    os.mkdir(ro, 0o755)
    db = os.path.join(ro, "durakbot.db")
    shutil.copyfile(source, db)
    os.chmod(db, 0o644)
    os.chmod(ro, 0o555)
    digest = hashlib.sha256(open(db, "rb").read()).hexdigest()
    bot = env.bot(config(env, db), name="readonly")
    since = time.monotonic()
    launch(bot, prefix=NOBODY)
    c.wait_for(lambda m: m.command == "JOIN" and m.nick == h.BOT_NICK, 15, what="the bot's JOIN")
    c.wait_for(lambda m: h.from_bot(m) and "still waiting to start" in m.plain, 15,
               what="the lobby restored")
    log = bot.log_text()
    h.check(re.search(r"^<3>.*cannot be written", log, re.M), "no error-level line says the "
            "database cannot be written:\n" + log)
    stats = ask(c, CH, "!stats", lambda t: t.startswith("anna:"), "an answer to !stats")
    h.check(re.search(r"\b1 game\b", stats), "!stats from the read-only file: %r" % stats)
    ask(c, CH, "!bot easy", lambda t: "Easy[bot] joins" in t, "Easy[bot] joining")
    told = wait_said(c, NOT_SAVED, since, 15)
    h.check("cannot be written" in told, "not a read-only database: %r" % told)
    ask(c, CH, "!help", lambda t: "durak" in t, "an answer to !help")
    h.check(len(said(c, NOT_SAVED, since)) == 1, "told more than once: %r"
            % said(c, NOT_SAVED, since))
    h.check(sorted(os.listdir(ro)) == ["durakbot.db"], "the directory changed: %r"
            % os.listdir(ro))
    h.check(hashlib.sha256(open(db, "rb").read()).hexdigest() == digest, "the file changed")
    h.check(bot.alive(), "the bot stopped")
    h.log("read-only: %s; told once: %s" % (stats, told))
    return bot


def bad_includes(env, c, bot):
    """Runs on the read-only case's bot (it runs as nobody, who may not read secret.conf)."""
    os.mkdir(os.path.join(env.dir, "inc.d"), 0o755)
    secret = os.path.join(env.dir, "secret.conf")
    with open(secret, "w") as f:
        f.write("# nobody may read this\n")
    os.chmod(secret, 0)
    good = open(bot.conf).read()
    line = good.count("\n") + 2
    for name, why in (("inc.d", "it is a directory"), ("secret.conf", "Permission denied")):
        text = good + "\n@include \"%s\"\n" % name
        with open(bot.conf, "w") as f:
            f.write(text)
        r = subprocess.run(NOBODY + [bot.binary, "-c", bot.conf, "--check-config"],
                           capture_output=True, text=True, timeout=10)
        want = "%s:%d: @include: " % (bot.conf, line)
        h.check(r.returncode != 0, "--check-config passes an @include of %s" % name)
        h.check(r.stderr.startswith(want) and why in r.stderr,
                "--check-config with %s says %r, not %r...%r" % (name, r.stderr, want, why))
        mark = len(bot.log_text())
        bot.proc.send_signal(signal.SIGHUP)
        end = time.monotonic() + 15
        while want not in bot.log_text()[mark:] and time.monotonic() < end:
            time.sleep(0.05)
        h.check(want in bot.log_text()[mark:], "SIGHUP with @include of %s: not logged" % name)
        ask(c, CH, "!help", lambda t: "durak" in t, "an answer to !help after SIGHUP")
        h.check(bot.alive(), "the bot stopped after SIGHUP with @include of %s" % name)
        h.log("@include \"%s\": %s" % (name, r.stderr.strip()))
    with open(bot.conf, "w") as f:
        f.write(good)
    rc, _ = bot.stop()
    os.chmod(os.path.join(env.dir, "ro"), 0o755)
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


def locked(env, source):
    lk = os.path.join(env.dir, "lock")
    os.mkdir(lk)
    db = os.path.join(lk, "durakbot.db")
    shutil.copyfile(source, db)
    os.chmod(db, 0o600)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("UPDATE players SET display = display")
    bot = env.bot(config(env, db, channels=(CH, CH2)), name="locked")
    t0 = time.monotonic()
    launch(bot)
    # it opens the file (SQLite's busy wait), logs the lock and tries again after a pause: let go
    # once it logged the second try, so it did wait and keep trying, however slow its start
    bot.wait_log(r"locked by another process; trying again in 0\.5 s", 30,
                 what="the lock logged, then a second try")
    released = time.monotonic() - t0
    holder.execute("ROLLBACK")
    holder.close()
    boris = env.client("boris")     # anna sits in the restored lobby of #durak
    boris.join_with_bot(CH2)
    h.log("the bot came up %.1f s after its start, the lock released at %.1f s"
          % (time.monotonic() - t0, released))
    log = bot.log_text()
    h.check("no longer locked" in log, "the release is not logged")
    h.check("1 saved game(s) restored" in log, "the saved lobby is not restored: the bot did not "
            "wait for the lock")
    ask(boris, CH2, "!durak classic", lambda t: "boris opens" in t, "a lobby in %s" % CH2)
    wait_saved(db, CH2)
    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


def test(env):
    os.chmod(env.dir, 0o755)        # nobody must reach the configs and the read-only copy
    env.ngircd.start()
    disk = Disk(env)
    try:
        c, db = full_disk(env, disk)
        keep = os.path.join(env.dir, "after-full.db")
        shutil.copyfile(db, keep)
    finally:
        disk.close()
    bot = read_only(env, c, keep)
    bad_includes(env, c, bot)
    locked(env, keep)


if __name__ == "__main__":
    h.run(test)
