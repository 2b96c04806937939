#!/usr/bin/python3
"""lag: fake lag against a scripted server (FakeServer of test_protocol). Once the bot has sent
lines it probes with PING :durakbot-lag; the server does not answer until the bot has logged, on
its own clock, that it slows down (flood.rate 20 -> 10 lines/s) after at least 2 s (LAG_HIGH)
without the PONG, and before a second LAG_HIGH; the late PONG then changes nothing more. The next
probe (LAG_PROBE_EVERY, 10 s after the first, after a !help answered) is answered at once: the bot
logs it sends at flood.rate again, the PONG having come within 1 s (LAG_LOW) by its clock. The
keep-alive PING :durakbot (ping_interval) is not taken for a probe.

Load can only delay what the bot does and sees, so the waits are generous and the bounds are the
ones a delay cannot break: the slow-down no sooner than LAG_HIGH by the bot's own figure, the next
probe no sooner than LAG_PROBE_EVERY after a moment before the first. LAG_HIGH's exact value is
test_conn_lag's (a unit test on a fake clock); here the loop must arm the timer."""
import re
import time

import harness as h
from test_protocol import FakeServer

LAG_HIGH = 2.0           # bot/conn_lag.h
LAG_LOW = 1.0
LAG_PROBE_EVERY = 10.0
SLOWER = (r"^<5>the server has not answered PING after (\d+\.\d) s \(fake lag\): "
          r"sending (\d+\.\d\d) lines/s instead of 20\.00$")


def probe(srv, timeout):
    """Waits for the probe (other lines dropped); returns when it came."""
    while True:
        line = srv.expect("PING ", timeout)
        if line == "PING :durakbot-lag":
            return time.monotonic()


def check_slowdowns(log):
    """The slow-downs logged while the first probe waited: the first one; a later one only if
    its own LAG_HIGH passed too before the bot read the PONG (a stalled machine), each at half the
    rate before."""
    slow = re.findall(SLOWER, log, re.M)
    h.check(slow, "no slow-down logged")
    for k, (after, rate) in enumerate(slow, 1):
        h.check(float(after) >= LAG_HIGH * k,
                "slow-down %d logged after %s s without the PONG, before %d x LAG_HIGH (%.0f s)"
                % (k, after, k, LAG_HIGH * k))
        h.check(float(rate) == 20.0 / 2 ** k, "slow-down %d to %s lines/s, not %.2f"
                % (k, rate, 20.0 / 2 ** k))
    if len(slow) > 1:
        h.log("the PONG reached the bot after another LAG_HIGH: %d slow-downs" % len(slow))
    return slow


def test(env):
    srv = FakeServer()
    try:
        bot = env.bot(h.bot_config(srv.port))
        bot.start()
        srv.accept(30)
        before = time.monotonic()   # no probe is queued before the 001 that register() sends
        nick = srv.register(nick_taken=False)
        srv.send(":fake.server 376 %s :End of MOTD" % nick)
        srv.expect("JOIN #durak")
        probe(srv, 30)
        # no PONG until the bot slows down by itself: only its timer can make it
        m = bot.wait_log(SLOWER, 30, what="the slow-down without a PONG")
        h.log(m.group(0))
        h.check(float(m.group(1)) < 2 * LAG_HIGH,
                "the first slow-down came after %s s, not within the first LAG_HIGH after the "
                "probe" % m.group(1))
        srv.send(":fake.server PONG fake.server :durakbot-lag")
        srv.send(":zoe!z@zoe.host PRIVMSG #durak :!help commands")
        srv.expect("NOTICE zoe :", 15)   # the PONG before it is read, and logged if at all
        slow = check_slowdowns(bot.log_text())
        h.check("server answered PING" not in bot.log_text(), "the late PONG changed the rate: %r"
                % re.findall(r"^.*server answered PING.*$", bot.log_text(), re.M))
        # each probe from the next one (10 s after the first, however late the first PONG came)
        # is answered at once; each quick PONG doubles the rate: back at flood.rate after as many
        # as it was halved (once, unless the machine stalled)
        rate, first = 20.0 / 2 ** len(slow), True
        while rate < 20.0:
            t2 = probe(srv, 30)
            if first:
                h.check(t2 - before >= LAG_PROBE_EVERY,
                        "the next probe came %.2f s after the registration began, before "
                        "LAG_PROBE_EVERY" % (t2 - before))
            first = False
            mark = len(bot.log_text())
            srv.send(":fake.server PONG fake.server :durakbot-lag")
            rate *= 2
            again = r" again \(flood\.rate\)" if rate == 20 else ""
            m = bot.wait_log(r"^<5>the server answered PING after (\d+\.\d) s: sending %.2f "
                             r"lines/s%s$" % (rate, again), 15, start=mark,
                             what="%.2f lines/s after a PONG at once" % rate)
            h.log(m.group(0))
            h.check(float(m.group(1)) <= LAG_LOW, "a PONG %s s late made it faster" % m.group(1))
        h.check(len(re.findall(SLOWER, bot.log_text(), re.M)) == len(slow),
                "slowed down again after the first probe's PONG")
        h.check(bot.log_text().count("(fake lag)") == len(slow),
                "a slow-down was logged twice: %r" % re.findall(r"^.*fake lag.*$", bot.log_text(),
                                                                re.M))
        srv.stop_bot(bot)
    finally:
        srv.close()


if __name__ == "__main__":
    h.run(test)
