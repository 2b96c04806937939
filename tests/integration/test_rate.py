#!/usr/bin/python3
"""rate: with flood.burst = 3 and flood.rate = 2, three clients fire commands in two channels at
once (lobbies, !join, !help, !rules, and ten commands in a row from one of them); of every line the
bot sends (channel lines seen by an observer in both channels, notices seen by their recipients)
the n-th is received no sooner than burst + rate * t allows, t counted from the moment the first
command was sent (no slack: a line is received after it is sent, and the bot sends none before it
has a command); over any window the lines stay within burst + rate * t with 1 s of slack for
receive times a loaded machine bunches up; the flood of one user gets only a few answers; and every
answer does come."""
import time

import harness as h

CHANNELS = ("#durak", "#two")
BURST, RATE = 3, 2.0
# Seconds of receive-time bunching allowed within a window: a paused ngircd or test client passes
# lines on together that left the bot at the bucket's pace. The count from the start needs none.
SLACK = 1.0


def worst_window(times):
    """max over i <= j of (j - i + 1) - (BURST + RATE * (t_j - t_i + SLACK)), and its window."""
    worst, where = float("-inf"), None
    for i in range(len(times)):
        for j in range(i, len(times)):
            excess = (j - i + 1) - (BURST + RATE * (times[j] - times[i] + SLACK))
            if excess > worst:
                worst, where = excess, (i, j)
    return worst, where


def worst_since(start, times):
    """max over j of (j + 1) - (BURST + RATE * (t_j - start)), and its j. The bucket holds at most
    BURST tokens at start and gains RATE a second; each line is sent no sooner than the bot had the
    command (after start) and received no sooner than sent: for a bot that keeps its bucket this is
    never above 0, however late lines come in."""
    worst, where = float("-inf"), None
    for j, t in enumerate(times):
        excess = (j + 1) - (BURST + RATE * (t - start))
        if excess > worst:
            worst, where = excess, j
    return worst, where


def wait_quiet(clients, quiet=2.0, timeout=60):
    """Waits until no client got a line from the bot for `quiet` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        last = max([m.t for c in clients for m in c.all_msgs() if h.from_bot(m)] or [0])
        if last and time.monotonic() - last >= quiet:
            return
        time.sleep(0.1)
    raise h.TestFailure("the bot kept talking for %d s" % timeout)


def wait_answers(observer, askers, timeout=60):
    """Waits until each of askers has a notice and #two a line from the bot (a pause of the bot or
    of ngircd longer than wait_quiet's could otherwise end the count before them)."""
    end = time.monotonic() + timeout
    while True:
        missing = [c.nick for c in askers if not any(
            h.from_bot(m) and m.target.lower() == c.nick.lower() for m in c.all_msgs())]
        if not any(h.from_bot(m) and m.target.lower() == "#two" for m in observer.all_msgs()):
            missing.append("#two")
        if not missing:
            return
        h.check(time.monotonic() < end, "nothing from the bot to %s within %d s"
                % (", ".join(missing), timeout))
        time.sleep(0.1)


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
    wait_answers(observer, (rita, sasha))   # their !help commands
    wait_quiet([observer] + senders)

    lines = [m for m in observer.all_msgs() if h.from_bot(m) and m.t >= start]
    for c in senders:
        lines += [m for m in c.all_msgs() if h.from_bot(m) and m.t >= start
                  and m.target.lower() == c.nick.lower()]
    times = sorted(m.t for m in lines)
    h.check(len(times) >= BURST + 8, "only %d lines from the bot: not enough to test the rate"
            % len(times))
    span = times[-1] - times[0]
    ahead, k = worst_since(start, times)
    worst, (i, j) = worst_window(times)
    h.log("%d lines in %.2f s (%.2f lines/s after the burst); line %d came %.3f s after the "
          "commands, %.2f lines short of the bucket's bound; worst window: %d lines in %.3f s"
          % (len(times), span, (len(times) - BURST) / span if span else 0, k + 1,
             times[k] - start, -ahead, j - i + 1, times[j] - times[i]))
    h.check(ahead <= 1e-9, "line %d of the bot came %.3f s after the commands: more than burst "
            "%d + rate %.1f/s allow" % (k + 1, times[k] - start, BURST, RATE))
    h.check(worst <= 1e-9, "the bot sent %d lines in %.3f s: more than burst %d + rate %.1f/s, "
            "even with %.1f s of slack" % (j - i + 1, times[j] - times[i], BURST, RATE, SLACK))

    to_pavel = [m for m in lines if m.target.lower() == "pavel"]
    h.log("pavel sent 13 commands and got %d notices back" % len(to_pavel))
    h.check(len(to_pavel) < 14, "pavel's flood was answered line for line (%d)" % len(to_pavel))

    rc, took = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


if __name__ == "__main__":
    h.run(test)
