#!/usr/bin/python3
"""nicks: every nick refused at registration, against a scripted server (FakeServer of
test_protocol) that answers each NICK with 433. The bot tries irc.nick, its alt nick, irc.nick
with one to four '_', then four times its first six letters and three random digits; then it
closes the connection and logs, at warning level, that every nick tried is taken and what to set
(irc.nick or irc.alt_nicks), with its retry delay. At the next connection the random tries are
refused as erroneous (432): the log says "taken or refused as erroneous".

A scripted server rather than ngircd with clients holding the nicks: the last four tries are
random (1000 nicks each), which no test can hold cheaply."""
import re

import harness as h
from test_protocol import FakeServer

ALT = "DurakAlt"


def refuse_all(srv, last_code):
    """Registration with every NICK refused: 433, but the random tries by last_code; the nicks."""
    srv.expect("CAP LS 302")
    tried = [srv.expect("NICK ").split()[1]]
    srv.expect("USER durak")
    srv.send(":fake.server CAP * LS :multi-prefix")
    srv.expect("CAP REQ :multi-prefix")
    srv.send(":fake.server CAP * ACK :multi-prefix")
    srv.expect("CAP END")
    while len(tried) <= 10:
        code, why = (433, "Nickname is already in use") if len(tried) <= 6 else last_code
        srv.send(":fake.server %d * %s :%s" % (code, tried[-1], why))
        if len(tried) < 10:
            tried.append(srv.expect("NICK ").split()[1])
        else:
            break
    return tried


def test(env):
    srv = FakeServer()
    try:
        conf = h.bot_config(srv.port).replace(
            'nickserv_password = "";', 'nickserv_password = ""; alt_nicks = [ "%s" ];' % ALT)
        bot = env.bot(conf)
        bot.start()
        srv.accept(10)
        tried = refuse_all(srv, (433, "Nickname is already in use"))
        h.log("nicks tried: %s" % " ".join(tried))
        want = ["durakbot", ALT] + ["durakbot" + "_" * n for n in range(1, 5)]
        h.check(tried[:6] == want, "tried %r first, not %r" % (tried[:6], want))
        h.check(all(re.fullmatch(r"durakb[0-9]{3}", n) for n in tried[6:]),
                "the last four tries are not durakb + 3 digits: %r" % tried[6:])
        srv.wait_closed(10)
        line = bot.wait_log(r"^<4>cannot connect to 127\.0\.0\.1:%d: every nick tried is taken; "
                            r"set another irc\.nick or irc\.alt_nicks; retrying in [0-9.]+ s$"
                            % srv.port, 10, what="the drop").group(0)
        h.log("logged: %s" % line)

        # the next connection: the random tries refused as erroneous (a server that allows no
        # digits, say), which "taken" would misname
        srv.conn.close()
        srv.accept_watched(20)
        refuse_all(srv, (432, "Erroneous Nickname"))
        srv.wait_closed(10)
        line = bot.wait_log(r"^<4>cannot connect to 127\.0\.0\.1:%d: every nick tried is taken or "
                            r"refused as erroneous \(432\); set another irc\.nick or "
                            r"irc\.alt_nicks; retrying" % srv.port, 10, what="the 432 drop").group(0)
        h.log("logged: %s" % line)
        rc, _ = bot.stop()
        h.check(rc == 0, "durakbot exited with %s" % rc)
    finally:
        srv.close()


if __name__ == "__main__":
    h.run(test, ngircd=False)
