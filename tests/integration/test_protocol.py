#!/usr/bin/python3
"""protocol: the bot against a scripted fake server (no ngircd), for what a real one rarely shows:
CAP LS/REQ/ACK/END before NICK and USER, nick in use at registration (433 -> durakbot_), ISUPPORT
split over two 005 lines with BOT= and CASEMAPPING= past libircclient's 10-parameter cut (-> MODE
+B, once a connection however often 005 says it), JOIN then WHO, CTCP PING echoed, a KICK answered
by joining again (a second one right after by waiting, an INVITE ending the wait); a join
throttle's 437 about a channel is a refusal, tried again (an INVITE: at once); a channel the server
joins the bot to (a 470 forward, an autojoin) is left at once, hosts no game and is not joined
again after a kick; a silent server
gets "PING :durakbot" after ping_interval and is dropped after as long again, then the bot
reconnects about 5 s later (a server's throttle) and asks for +B again; SIGTERM sends QUIT, exit 0.

Load only delays what the bot does and what the test sees: every wait is generous and ends when its
line comes; the time bounds are lower bounds from moments that cannot be late (the silence counted
from before the test's last line, not after it), or the bot's own figure (its reconnect delay)."""
import re
import select
import socket
import time

import harness as h

PING_INTERVAL = 10


class FakeServer:
    def __init__(self):
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind((h.HOST, 0))
        self.listener.listen(4)
        self.port = self.listener.getsockname()[1]
        self.conn = None
        self.buf = b""
        self.sent_at = None  # when send() began to send its last line

    def accept(self, timeout):
        self.listener.settimeout(timeout)
        try:
            self.conn, _ = self.listener.accept()
        except socket.timeout:
            raise h.TestFailure("the bot did not connect within %.1f s" % timeout)
        self.buf = b""
        return time.monotonic()

    def accept_watched(self, timeout):
        """Accepts the next connection, watching the listener meanwhile; returns the last moment
        at which no connection was waiting yet (taken before the look that found none), so the
        bot connected after it."""
        end = time.monotonic() + timeout
        quiet = time.monotonic()
        while True:
            looked = time.monotonic()
            if select.select([self.listener], [], [], 0.02)[0]:
                break
            quiet = looked
            if looked > end:
                raise h.TestFailure("the bot did not connect within %.1f s" % timeout)
        self.accept(1)
        return quiet

    def send(self, line):
        self.sent_at = time.monotonic()
        self.conn.sendall(line.encode() + b"\r\n")

    def expect(self, prefix, timeout=15):
        """Reads lines until one starts with prefix; returns it."""
        end = time.monotonic() + timeout
        while True:
            while b"\r\n" in self.buf:
                raw, self.buf = self.buf.split(b"\r\n", 1)
                line = raw.decode("utf-8", "replace")
                if line.startswith(prefix):
                    return line
            left = end - time.monotonic()
            if left <= 0:
                raise h.TestFailure("no line starting %r from the bot within %.1f s"
                                    % (prefix, timeout))
            self.conn.settimeout(left)
            try:
                data = self.conn.recv(4096)
            except socket.timeout:
                continue
            if not data:
                raise h.TestFailure("the bot closed the connection while we waited for %r"
                                    % prefix)
            self.buf += data

    def lines_for(self, seconds):
        """Every line (bytes) the bot sends within `seconds`."""
        out, end = [], time.monotonic() + seconds
        while True:
            while b"\r\n" in self.buf:
                raw, self.buf = self.buf.split(b"\r\n", 1)
                out.append(raw)
            left = end - time.monotonic()
            if left <= 0:
                return out
            self.conn.settimeout(left)
            try:
                data = self.conn.recv(4096)
            except socket.timeout:
                continue
            h.check(data, "the bot closed the connection")
            self.buf += data

    def stop_bot(self, bot):
        """SIGTERM: the bot says QUIT and exits 0."""
        bot.proc.send_signal(15)
        self.expect("QUIT :")
        rc, _ = bot.stop()
        h.check(rc == 0, "durakbot exited with %s" % rc)

    def wait_closed(self, timeout):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.conn.settimeout(max(0.01, end - time.monotonic()))
            try:
                if not self.conn.recv(4096):
                    return time.monotonic()
            except socket.timeout:
                pass
            except OSError:
                return time.monotonic()
        raise h.TestFailure("the bot did not drop the silent connection within %.1f s" % timeout)

    def register(self, nick_taken):
        # the connection layer sends CAP LS 302 first and libircclient's NICK/USER right after
        # it (a server with CAP holds registration until CAP END), then negotiates
        self.expect("CAP LS 302")
        self.expect("NICK durakbot")
        self.expect("USER durak")
        self.send(":fake.server CAP * LS :multi-prefix")
        self.expect("CAP REQ :multi-prefix")
        self.send(":fake.server CAP * ACK :multi-prefix")
        self.expect("CAP END")
        nick = "durakbot"
        if nick_taken:
            self.send(":fake.server 433 * durakbot :Nickname is already in use")
            nick = self.expect("NICK ").split()[1]
        self.send(":fake.server 001 %s :Welcome" % nick)
        return nick

    def close(self):
        for s in (self.conn, self.listener):
            if s:
                s.close()


def first_connection(srv):
    nick = srv.register(nick_taken=True)
    h.check(nick == "durakbot_", "the bot chose %s after 433, not durakbot_" % nick)
    filler = " ".join("TOK%d=x" % i for i in range(12))
    srv.send(":fake.server 005 %s %s CASEMAPPING=ascii :are supported" % (nick, filler))
    srv.send(":fake.server 005 %s BOT=B NICKLEN=30 :are supported" % nick)
    srv.send(":fake.server 376 %s :End of MOTD" % nick)
    srv.expect("MODE %s +B" % nick)    # 005 asks for it at once
    srv.expect("JOIN #durak")          # once 005 is over (376 here): TARGMAX, LINELEN known
    for _ in range(5):                 # 005 again (a module loaded): no MODE again
        srv.send(":fake.server 005 %s BOT=B :are supported" % nick)
    modes = [l for l in srv.lines_for(1) if l.startswith(b"MODE")]
    h.check(not modes, "a 005 sent again asked for the bot mode again: %r" % modes)
    srv.send(":%s!durak@bot.host JOIN :#durak" % nick)
    srv.expect("WHO #durak")
    h.log("433 -> %s, BOT=B -> MODE +B once, JOIN after 005, then WHO" % nick)

    srv.send(":zoe!z@zoe.host PRIVMSG %s :\x01PING 12345\x01" % nick)
    srv.expect("NOTICE zoe :\x01PING 12345\x01")
    srv.send(":zoe!z@zoe.host PRIVMSG #durak :!help commands")
    srv.expect("NOTICE zoe :")
    srv.send(":op!o@op.host KICK #durak %s :testing" % nick)
    srv.expect("JOIN #durak")
    srv.send(":%s!durak@bot.host JOIN :#durak" % nick)
    srv.send(":op!o@op.host KICK #durak %s :and stay out" % nick)  # again, at once: it waits
    joins = [l for l in srv.lines_for(2) if l.startswith(b"JOIN")]
    h.check(not joins, "kicked again at once, the bot joined again at once: %r" % joins)
    srv.send(":op!o@op.host INVITE %s #durak" % nick)  # an operator wants it back
    srv.expect("JOIN #durak")
    srv.send(":%s!durak@bot.host JOIN :#durak" % nick)
    h.log("CTCP PING echoed, !help answered, rejoined after KICK, not at once after a second")
    return nick


def kept_out(srv, bot, nick):
    """437 about a channel (InspIRCd's +j join throttle) was taken for registration's "nick
    unavailable": never retried, no log line, and an INVITE did not bring the bot back."""
    srv.send(":fake.server 437 %s #durak :This channel is temporarily unavailable (+j is set)" % nick)
    bot.wait_log(r"cannot join #durak: it is closed for a while .*trying again in \d+ s", 10,
                 what="437 about #durak as a refusal")
    srv.send(":op!o@op.host INVITE %s #durak" % nick)
    srv.expect("JOIN #durak")
    srv.send(":%s!durak@bot.host JOIN :#durak" % nick)
    # a forward (+L): 470, and the server joins it elsewhere; an autojoin likewise
    srv.send(":fake.server 470 %s #durak #overflow :Forwarding to another channel" % nick)
    srv.send(":%s!durak@bot.host JOIN :#overflow" % nick)
    srv.expect("PART #overflow")
    srv.send(":zoe!z@zoe.host PRIVMSG #overflow :!durak")
    srv.send(":op!o@op.host KICK #overflow %s :not here" % nick)
    stray = [l for l in srv.lines_for(2) if b"#overflow" in l]
    h.check(not stray, "the bot answered or rejoined in #overflow: %r" % stray)
    bot.wait_log(r"cannot join #durak: the server sent the bot to another channel", 5,
                 what="470 as a refusal")
    h.log("437 and 470 about #durak: refusals, retried; #overflow left, silent there, not rejoined")


def test(env):
    srv = FakeServer()
    try:
        bot = env.bot(h.bot_config(srv.port, ping_interval=PING_INTERVAL))
        bot.start()
        srv.accept(30)
        nick = first_connection(srv)
        kept_out(srv, bot, nick)

        # the bot hears the test's last line after the test began to send it: the silence it
        # counts starts no sooner, so both figures are lower bounds however late the bot runs
        silent_from = srv.sent_at
        srv.expect("PING :durakbot", PING_INTERVAL + 15)
        pinged = time.monotonic() - silent_from
        h.check(pinged >= PING_INTERVAL, "PING after %.2f s of silence" % pinged)
        seen = srv.wait_closed(PING_INTERVAL + 15)
        closed = seen - silent_from
        h.log("silent server: PING after %.1f s, dropped after %.1f s" % (pinged, closed))
        h.check(closed >= 2 * PING_INTERVAL, "dropped after only %.2f s" % closed)

        # the delay is the bot's own figure: 5 s (BACKOFF_FIRST) times a jitter of 0.8 .. 1.2;
        # the test sees the drop late, or the connection late, only by its own lateness, and
        # allows 2 s of that: a bot that reconnects sooner than its delay by more than that fails
        # the operator is told why: no answer for twice ping_interval (the PING's and its own)
        drop = (r"^<\d>lost the connection to [^ ]+: the server did not answer for %d s;"
                r".* retrying in ([0-9.]+) s$" % (2 * PING_INTERVAL))
        delay = float(bot.wait_log(drop, 15, what="the drop").group(1))
        h.check(4.0 <= delay <= 6.0, "reconnect in %.1f s, not 5 s +- 20%%" % delay)
        srv.conn.close()
        quiet = srv.accept_watched(delay + 15)
        again = time.monotonic() - seen
        h.check(quiet - seen >= delay - 2.0, "reconnected within %.2f s of the drop, the bot said "
                "%.1f s" % (quiet - seen, delay))
        nick = srv.register(nick_taken=False)
        srv.send(":fake.server 005 %s BOT=B :are supported" % nick)
        srv.expect("MODE %s +B" % nick)    # a new connection asks again
        srv.send(":fake.server 422 %s :No MOTD" % nick)
        srv.expect("JOIN #durak")
        h.log("reconnected after %.2f s (the bot said %.1f s) as %s" % (again, delay, nick))

        bot.proc.send_signal(15)
        srv.expect("QUIT :")
        srv.conn.close()
        rc, took = bot.stop()
        h.check(rc == 0, "durakbot exited with %s" % rc)
    finally:
        srv.close()


if __name__ == "__main__":
    h.run(test)
