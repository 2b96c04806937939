#!/usr/bin/python3
"""service: what systemd (Type=notify) hears over NOTIFY_SOCKET: READY=1 with a STATUS= line
naming the server, channels and games once connected; WATCHDOG=1 at half of WATCHDOG_USEC;
RELOADING=1 then READY=1 on SIGHUP, at once also while disconnected; STOPPING=1 on SIGTERM. And
NickServ: with irc.nickserv_password the bot IDENTIFYs first and joins its channels only once
NickServ answers with its success reply (a client named NickServ plays it here; its nag is no
answer), or after irc.nickserv_wait without an answer; without NickServ (401) at once, and
IDENTIFY again when NickServ speaks."""
import os
import signal
import socket
import time

import harness as h

CH = "#durak"


class Notify:
    """A unix datagram socket standing in for systemd's notification socket."""

    def __init__(self, path):
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(path)
        self.got = []

    def wait_for(self, pred, timeout, what):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for i, msg in enumerate(self.got):
                if pred(msg):
                    del self.got[: i + 1]
                    return msg
            self.sock.settimeout(max(0.01, end - time.monotonic()))
            try:
                self.got.append(self.sock.recv(4096).decode())
            except socket.timeout:
                pass
        raise h.TestFailure("no %s from the bot within %.0f s (got %r)" % (what, timeout, self.got))


def nickserv_config(port, wait):
    cfg = h.bot_config(port, channels=(CH,))
    return cfg.replace('nickserv_password = "";',
                       'nickserv_password = "sekrit"; nickserv_wait = %d;' % wait)


def bot_joined(client, timeout):
    return client.wait_for(lambda m: m.command == "JOIN" and m.nick == h.BOT_NICK, timeout,
                           what="the bot's JOIN")


def test_notify(env):
    notify = Notify(os.path.join(env.dir, "notify.sock"))
    os.environ["NOTIFY_SOCKET"] = notify.path
    os.environ["WATCHDOG_USEC"] = "1000000"
    bot = env.bot(h.bot_config(env.ngircd.port, channels=(CH,)))
    bot.start()
    del os.environ["NOTIFY_SOCKET"], os.environ["WATCHDOG_USEC"]
    ready = notify.wait_for(lambda m: "READY=1" in m, 15, "READY=1")
    h.check("STATUS=connected to 127.0.0.1:%d" % env.ngircd.port in ready
            and "1 channel(s)" in ready and "0 game(s)" in ready, "READY status: %r" % ready)
    t0 = time.monotonic()
    notify.wait_for(lambda m: m == "WATCHDOG=1", 2, "WATCHDOG=1")
    notify.wait_for(lambda m: m == "WATCHDOG=1", 2, "a second WATCHDOG=1")
    h.check(time.monotonic() - t0 < 1.6, "WATCHDOG=1 should come every 0.5 s")
    h.log("READY=1 %r, WATCHDOG=1 every ~0.5 s" % ready)
    alice = env.client("alice")
    alice.join_with_bot(CH)
    alice.privmsg(CH, "!durak")
    notify.wait_for(lambda m: "STATUS=" in m and "1 game(s) open" in m, 5, "STATUS with 1 game")
    bot.proc.send_signal(signal.SIGHUP)
    notify.wait_for(lambda m: "RELOADING=1" in m, 5, "RELOADING=1")
    notify.wait_for(lambda m: "READY=1" in m, 5, "READY=1 after the reload")
    env.ngircd.stop()  # a reload while the server is away ends at once all the same
    notify.wait_for(lambda m: "STATUS=disconnected" in m, 10, "STATUS=disconnected")
    bot.proc.send_signal(signal.SIGHUP)
    notify.wait_for(lambda m: "RELOADING=1" in m, 5, "RELOADING=1 while disconnected")
    notify.wait_for(lambda m: "READY=1" in m, 5, "READY=1 after a reload while disconnected")
    env.ngircd.start()
    rc, took = bot.stop()
    notify.wait_for(lambda m: "STOPPING=1" in m, 2, "STOPPING=1")
    h.check(rc == 0 and took < 2, "SIGTERM: exit %r after %.1f s" % (rc, took))
    h.log("SIGHUP: RELOADING=1, READY=1, also while disconnected; SIGTERM: STOPPING=1, exit 0")


def test_nickserv(env):
    nickserv = env.client("NickServ")
    watcher = env.client("watcher")
    watcher.join(CH)
    bot = env.bot(nickserv_config(env.ngircd.port, 30), name="identified")
    bot.start()
    m = nickserv.wait_for(lambda m: m.command == "PRIVMSG" and m.nick == h.BOT_NICK, 15,
                          what="IDENTIFY to NickServ")
    h.check(m.text == "IDENTIFY %s sekrit" % h.BOT_NICK, "the bot sent %r to NickServ" % m.text)
    nickserv.send("NOTICE %s :This nickname is registered. Please choose a different nickname, "
                  "or identify via \x02/msg NickServ identify <password>\x02." % h.BOT_NICK)
    time.sleep(1.0)
    h.check(not any(m.command == "JOIN" and m.nick == h.BOT_NICK for m in watcher.all_msgs()),
            "the bot joined before NickServ answered (it took the nag for an answer)")
    nickserv.send("NOTICE %s :Password accepted - you are now recognized." % h.BOT_NICK)
    bot_joined(watcher, 5)
    h.log("IDENTIFY <nick> <password>, the nag is no answer, JOIN once NickServ accepted")
    bot.stop()
    time.sleep(0.5)
    bot = env.bot(nickserv_config(env.ngircd.port, 2), name="unanswered")
    t0 = time.monotonic()
    bot.start()                             # NickServ is there but does not answer
    bot_joined(watcher, 15)
    h.check(time.monotonic() - t0 >= 2, "joined before irc.nickserv_wait without an answer")
    h.check("no answer to IDENTIFY in time" in bot.log_text(),
            "no log line about NickServ's silence")
    h.log("NickServ silent: joined after irc.nickserv_wait (%.1f s)" % (time.monotonic() - t0))
    bot.stop()
    nickserv.close()
    time.sleep(0.5)
    bot = env.bot(nickserv_config(env.ngircd.port, 30), name="absent")
    t0 = time.monotonic()
    bot.start()                             # no NickServ: 401, join at once, IDENTIFY later
    bot_joined(watcher, 10)
    h.check(time.monotonic() - t0 < 8, "no NickServ (401): the bot waited for it")
    h.check("no such nick NickServ (401)" in bot.log_text(), "no log line about the 401")
    nickserv = env.client("NickServ")       # services are back and speak
    nickserv.send("NOTICE %s :This nickname is registered." % h.BOT_NICK)
    m = nickserv.wait_for(lambda m: m.command == "PRIVMSG" and m.nick == h.BOT_NICK, 5,
                          what="IDENTIFY again once NickServ spoke")
    h.check(m.text == "IDENTIFY %s sekrit" % h.BOT_NICK, "the bot sent %r to NickServ" % m.text)
    h.log("NickServ absent (401): joined at once, IDENTIFY again when NickServ spoke")


def test(env):
    env.ngircd.start()
    test_notify(env)
    test_nickserv(env)


if __name__ == "__main__":
    h.run(test)
