#!/usr/bin/python3
"""nicks: every nick refused at registration, against a scripted server (FakeServer of
test_protocol) that answers each NICK with 433. The bot tries irc.nick, its alt nick, irc.nick
with one to four '_', then four times its first six letters and three random digits; then it
closes the connection and logs, at warning level, that every nick tried is taken and what to set
(irc.nick or irc.alt_nicks), with its retry delay.

A scripted server rather than ngircd with clients holding the nicks: the last four tries are
random (1000 nicks each), which no test can hold cheaply."""
import re

import harness as h
from test_protocol import FakeServer

ALT = "DurakAlt"


def test(env):
    srv = FakeServer()
    try:
        conf = h.bot_config(srv.port).replace(
            'nickserv_password = "";', 'nickserv_password = ""; alt_nicks = [ "%s" ];' % ALT)
        bot = env.bot(conf)
        bot.start()
        srv.accept(10)
        srv.expect("CAP LS 302")
        tried = [srv.expect("NICK ").split()[1]]
        srv.expect("USER durak")
        srv.send(":fake.server CAP * LS :multi-prefix")
        srv.expect("CAP REQ :multi-prefix")
        srv.send(":fake.server CAP * ACK :multi-prefix")
        srv.expect("CAP END")
        while len(tried) < 10:
            srv.send(":fake.server 433 * %s :Nickname is already in use" % tried[-1])
            tried.append(srv.expect("NICK ").split()[1])
        h.log("nicks tried: %s" % " ".join(tried))
        want = ["durakbot", ALT] + ["durakbot" + "_" * n for n in range(1, 5)]
        h.check(tried[:6] == want, "tried %r first, not %r" % (tried[:6], want))
        h.check(all(re.fullmatch(r"durakb[0-9]{3}", n) for n in tried[6:]),
                "the last four tries are not durakb + 3 digits: %r" % tried[6:])

        srv.send(":fake.server 433 * %s :Nickname is already in use" % tried[-1])
        srv.wait_closed(10)
        line = bot.wait_log(r"^<4>cannot connect to 127\.0\.0\.1:%d: every nick tried is taken; "
                            r"set another irc\.nick or irc\.alt_nicks; retrying in [0-9.]+ s$"
                            % srv.port, 10, what="the drop").group(0)
        h.log("logged: %s" % line)
        rc, _ = bot.stop()
        h.check(rc == 0, "durakbot exited with %s" % rc)
    finally:
        srv.close()


if __name__ == "__main__":
    h.run(test, ngircd=False)
