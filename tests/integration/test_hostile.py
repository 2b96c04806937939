#!/usr/bin/python3
"""hostile: the connection layer against a scripted server. SASL PLAIN before NICK/USER: a 904
gives one clear error line and a back-off reconnect, then 903 registers. Then every line that
crashes or deafens libircclient 1.9 (numeric 000, NOTICE without parameters, NICK without a
prefix, a NUL byte, 2000-byte and 20000-byte lines, 8000 bytes of tags, a lone \\001, DCC, a
prefix faking the account separator, ...); with WHOX in ISUPPORT the bot asks WHO #chan %tcuhnfa:
the bot stays connected and answers !help (at once: the test waits 15 s at most, the time a loaded
machine may take; a line that deafens or kills the bot fails it), and the log names each kind of
dropped line once. A KILL right after registering counts as a failure: the back-off goes on (5 s,
then 10 s, the bot's own figures), it does not start over."""
import base64
import re
import time

import harness as h
from test_protocol import FakeServer

BAD_LINES = [
    b":fake.server 000 durakbot :zero",
    b":a!b@c NOTICE",
    b":a!b@c NOTICE durakbot",
    b":a!b@c PRIVMSG",
    b"NICK foo",
    b":fake.server 001",
    b":a!b@c",
    b":a!b@c PRIVMSG #durak :x\x00y",
    b":a!b@c PRIVMSG #durak :" + b"x" * 2000,
    b"@a=" + b"x" * 8000 + b" :a!b@c PRIVMSG #durak :tagged",
    b"",
    b"\n\r\n",
    b":a!b@c PRIVMSG durakbot :\x01",
    b":a!b@c PRIVMSG durakbot :\x01DCC SEND x 1 2 3\x01",
    b":a!b@c KICK #durak",
    b":a!b@c JOIN",
    b":a!b@c\x1fadmin PRIVMSG #durak :!help",
    b":a!b@c 0012 x",
    b":a!b@c PRIVMSG #durak :" + b"\xd0\xb6" * 400,
    b":a!b@c PRIVMSG #durak :" + b"y" * 20000,
]


class SaslServer(FakeServer):
    def lines_until(self, prefix, timeout=5):
        """The lines before the first one starting with prefix, and that line."""
        seen = []
        while True:
            line = self.expect("", timeout)
            if line.startswith(prefix):
                return seen, line
            seen.append(line)

    def sasl(self, result):
        self.expect("CAP LS 302")
        self.send(":fake.server CAP * LS * :multi-prefix sasl=PLAIN,EXTERNAL")
        self.send(":fake.server CAP * LS :account-notify extended-join message-tags")
        before, req = self.lines_until("CAP REQ")
        # NICK/USER after CAP LS 302, nothing else: a server with CAP holds registration until
        # CAP END. They may follow the CAP REQ (the relay answers the server's CAP LS while
        # libircclient's NICK and USER are on their way): then they come at once, alone.
        while len(before) < 2:
            before.append(self.expect(""))
        h.check([l.split()[0] for l in before] == ["NICK", "USER"],
                "not NICK and USER right after CAP LS 302: %r" % before)
        for cap in ("sasl", "account-notify", "extended-join", "multi-prefix", "message-tags"):
            h.check(cap in req.split(":", 1)[1].split(), "%s not requested: %r" % (cap, req))
        self.send(":fake.server CAP * ACK :%s" % req.split(":", 1)[1])
        self.expect("AUTHENTICATE PLAIN")
        self.send("AUTHENTICATE +")
        payload = self.expect("AUTHENTICATE ").split()[1]
        h.check(base64.b64decode(payload) == b"durakbot\0durakbot\0pw",
                "SASL PLAIN payload %r" % payload)
        if result == 904:
            self.send(":fake.server 904 * :SASL authentication failed")
            return
        self.send(":fake.server 900 * * durakbot :You are now logged in as durakbot")
        self.send(":fake.server 903 * :SASL authentication successful")
        before, _ = self.lines_until("CAP END")
        h.check(not [l for l in before if l.startswith(("NICK", "USER"))],
                "NICK/USER again before CAP END: %r" % before)

    def send_raw(self, data):
        self.conn.sendall(data + b"\r\n")


def config(port):
    text = h.bot_config(port)
    return text.replace('nickserv_password = "";',
                        'nickserv_password = "";\n  sasl_mechanism = "plain"; '
                        'sasl_username = "durakbot"; sasl_password = "pw";')


def test(env):
    srv = SaslServer()
    try:
        bot = env.bot(config(srv.port))
        bot.start()
        srv.accept(30)
        srv.sasl(904)
        srv.wait_closed(15)
        t0 = time.monotonic()
        srv.conn.close()
        srv.accept(25)        # the back-off: 5 s +- 20%
        h.log("904: connection dropped, reconnected after %.1f s" % (time.monotonic() - t0))
        errors = [l for l in bot.log_text().splitlines() if l.startswith("<3>")]
        h.check(len(errors) == 1 and errors[0].startswith("<3>SASL: PLAIN authentication as "
                                                          "durakbot refused by the server (904"),
                "one SASL error line, not %r" % errors)
        srv.sasl(903)
        srv.send(":fake.server 001 durakbot :Welcome")
        srv.send(":fake.server 005 durakbot WHOX CASEMAPPING=rfc1459 :are supported")
        srv.send(":fake.server 376 durakbot :End of MOTD")
        srv.expect("JOIN #durak")
        srv.send(":durakbot!durak@bot.host JOIN :#durak")
        srv.expect("WHO #durak %tcuhnfa,152")
        srv.send(":fake.server 354 durakbot 152 #durak z zoe.host zoe H zoeacct")
        srv.send("@account=zoeacct :zoe!z@zoe.host ACCOUNT zoeacct")
        h.log("SASL PLAIN ok, registered after CAP END, joined, WHOX asked")

        for line in BAD_LINES:
            srv.send_raw(line)
        srv.send(":fake.server PRIVMSG durakbot :!help")     # a server is never answered
        srv.send(":fake.server PRIVMSG durakbot :\x01VERSION\x01")
        t0 = time.monotonic()
        srv.send(":zoe!z@zoe.host PRIVMSG #durak :!help commands")
        before, _ = srv.lines_until("NOTICE zoe :", 15)
        h.check(not [l for l in before if "fake.server" in l], "answered the server: %r" % before)
        took = time.monotonic() - t0
        h.check(bot.alive(), "durakbot died")
        h.log("%d hostile lines: still connected, !help answered in %.2f s"
              % (len(BAD_LINES), took))
        drops = re.findall(r"wire guard: dropped a line from \S+ with (.*?) \(",
                           bot.log_text())
        for kind in ("numeric 000", "too few parameters", "NICK without a prefix", "a NUL byte",
                     "a DCC or empty CTCP", "a malformed prefix", "a malformed command",
                     "no command", "a numeric without parameters"):
            h.check(drops.count(kind) == 1, "drop kind %r logged %d times" % (kind,
                                                                            drops.count(kind)))

        # a KILL soon after registering is a failure: the back-off goes on from 5 s to 10 s
        srv.send("ERROR :Closing Link: zoe.host (Killed (oper (testing)))")
        srv.conn.close()
        end = time.monotonic() + 15
        retries = []
        while time.monotonic() < end and len(retries) < 2:
            retries = re.findall(r"retrying in ([0-9.]+) s", bot.log_text())
            time.sleep(0.05)
        h.check(len(retries) == 2 and 3.9 <= float(retries[0]) <= 6.1
                and 7.9 <= float(retries[1]) <= 12.1,
                "retries after 904 then KILL: %r s, not about 5 then 10" % retries)
        h.log("retry after the 904: %s s, after the KILL: %s s" % tuple(retries))
        counted = re.findall(r"wire guard: (\d+) line\(s\) from \S+ dropped on this connection",
                             bot.log_text())
        # 14 of BAD_LINES are dropped: 000, both NOTICEs and the PRIVMSG short of parameters,
        # NICK without a prefix, 001 without parameters, a prefix alone, the NUL, the empty CTCP
        # and the DCC, KICK and JOIN short of parameters, the \x1f prefix, 0012; the rest are cut
        # or passed. The count comes once, when the connection ends.
        h.check(counted == ["14"], "dropped lines counted at the end: %r, not ['14']" % counted)
        h.log("the connection's end counts the %s dropped lines" % counted[0])
        rc, _ = bot.stop()
        h.check(rc == 0, "durakbot exited with %s" % rc)
    finally:
        srv.close()


if __name__ == "__main__":
    h.run(test)
