#!/usr/bin/python3
"""rate: with flood.burst = 3 and flood.rate = 2, three clients fire commands in two channels at
once (lobbies, !join, !help, !rules, and ten commands in a row from one of them); the receive times
of every line the bot sends (channel lines seen by an observer in both channels, notices seen by
their recipients) never exceed burst + rate * t over any window, with 0.1 s of scheduling slack;
the flood of one user gets only a few answers; and every answer does come."""
import time

import harness as h

CHANNELS = ("#durak", "#two")
BURST, RATE = 3, 2.0
SLACK = 0.1          # seconds of receive-time jitter allowed between two lines


def worst_window(times):
    """max over i <= j of (j - i + 1) - (BURST + RATE * (t_j - t_i + SLACK)), and its window."""
    worst, where = float("-inf"), None
    for i in range(len(times)):
        for j in range(i, len(times)):
            excess = (j - i + 1) - (BURST + RATE * (times[j] - times[i] + SLACK))
            if excess > worst:
                worst, where = excess, (i, j)
    return worst, where


def wait_quiet(clients, quiet=2.0, timeout=40):
    """Waits until no client got a line from the bot for `quiet` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        last = max([m.t for c in clients for m in c.all_msgs() if h.from_bot(m)] or [0])
        if last and time.monotonic() - last >= quiet:
            return
        time.sleep(0.1)
    raise h.TestFailure("the bot kept talking for %d s" % timeout)


def test(env):
    env.ngircd.start()
    bot = env.bot(h.bot_config(env.ngircd.port, channels=CHANNELS, burst=BURST, rate=RATE))
    bot.start()
    observer = env.client("olga")
    senders = [env.client(n) for n in ("pavel", "rita", "sasha")]
    for c in [observer] + senders:
        for ch in CHANNELS:
            c.join_with_bot(ch)
    time.sleep(1.6)   # the bot's bucket refills after its JOIN and WHO lines
    start = time.monotonic()

    pavel, rita, sasha = senders
    script = [
        (pavel, "#durak", "!durak"), (sasha, "#two", "!durak transfer"),
        (rita, "#durak", "!join"), (pavel, "#two", "!help commands"), (rita, "#durak", "!help commands"),
        (sasha, "#durak", "!rules"), (pavel, "#durak", "!rules"), (rita, "#two", "!rules"),
        (sasha, "#two", "!help commands"),
    ] + [(pavel, "#durak", "!help commands")] * 10
    for who, ch, text in script:
        who.privmsg(ch, text)
    h.log("sent %d commands at once" % len(script))
    wait_quiet([observer] + senders)

    lines = [m for m in observer.all_msgs() if h.from_bot(m) and m.t >= start]
    for c in senders:
        lines += [m for m in c.all_msgs() if h.from_bot(m) and m.t >= start
                  and m.target.lower() == c.nick.lower()]
    times = sorted(m.t for m in lines)
    h.check(len(times) >= BURST + 8, "only %d lines from the bot: not enough to test the rate"
            % len(times))
    span = times[-1] - times[0]
    worst, (i, j) = worst_window(times)
    h.log("%d lines in %.2f s (%.2f lines/s after the burst); worst window: %d lines in %.3f s"
          % (len(times), span, (len(times) - BURST) / span if span else 0, j - i + 1,
             times[j] - times[i]))
    h.check(worst <= 1e-9, "the bot sent %d lines in %.3f s: more than burst %d + rate %.1f/s"
            % (j - i + 1, times[j] - times[i], BURST, RATE))
    h.check(span >= (len(times) - BURST) / RATE - 2 * SLACK,
            "the lines came faster than the rate allows overall")

    to_pavel = [m for m in lines if m.target.lower() == "pavel"]
    h.log("pavel sent 13 commands and got %d notices back" % len(to_pavel))
    h.check(len(to_pavel) < 14, "pavel's flood was answered line for line (%d)" % len(to_pavel))
    for c, what in ((rita, "!help commands"), (sasha, "!help commands")):
        h.check(any(m.target.lower() == c.nick.lower() for m in lines),
                "%s got no answer to %s" % (c.nick, what))
    h.check(any(m.target.lower() == "#two" for m in lines), "nothing was said in #two")

    rc, took = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


if __name__ == "__main__":
    h.run(test)
