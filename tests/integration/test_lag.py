#!/usr/bin/python3
"""lag: fake lag against a scripted server (FakeServer of test_protocol). Once the bot has sent
lines it probes with PING :durakbot-lag; the server answers it 3 s late: 2 s without the PONG
the bot logs once that it slows down (flood.rate 20 -> 10 lines/s), and the late PONG changes
nothing more. The next probe (LAG_PROBE_EVERY, 10 s later, after
a !help answered) is answered at once: the bot logs it sends at flood.rate again. The keep-alive
PING :durakbot (ping_interval) is not taken for a probe."""
import time

import harness as h
from test_protocol import FakeServer


def probe(srv, timeout):
    """Waits for the probe (other lines dropped); returns when it came."""
    while True:
        line = srv.expect("PING ", timeout)
        if line == "PING :durakbot-lag":
            return time.monotonic()


def test(env):
    srv = FakeServer()
    try:
        bot = env.bot(h.bot_config(srv.port))
        bot.start()
        srv.accept(10)
        nick = srv.register(nick_taken=False)
        srv.send(":fake.server 376 %s :End of MOTD" % nick)
        srv.expect("JOIN #durak")
        t = probe(srv, 5)
        time.sleep(3.0)
        srv.send(":fake.server PONG fake.server :durakbot-lag")
        slow = bot.wait_log(r"^<5>the server has not answered PING after 2\.\d s \(fake lag\): "
                            r"sending 10\.00 lines/s instead of 20\.00$", 3).group(0)
        h.log(slow)
        srv.send(":zoe!z@zoe.host PRIVMSG #durak :!help commands")
        srv.expect("NOTICE zoe :")
        t2 = probe(srv, 12)
        h.check(t2 - t >= 9.5, "the next probe came %.1f s after the first" % (t2 - t))
        srv.send(":fake.server PONG fake.server :durakbot-lag")
        back = bot.wait_log(r"^<5>the server answered PING after 0\.\d s: sending 20\.00 "
                            r"lines/s again \(flood\.rate\)$", 3).group(0)
        h.log(back)
        h.check(bot.log_text().count("(fake lag)") == 1, "the slow-down was logged more than once")
        srv.stop_bot(bot)
    finally:
        srv.close()


if __name__ == "__main__":
    h.run(test)
