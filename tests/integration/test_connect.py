#!/usr/bin/python3
"""connect: the bot registers and joins its channel; answers CTCP VERSION and !help; the longest
line ngircd accepts (509 bytes), control codes, CTCP oddities and invalid UTF-8, in the channel and
in private, leave it answering; every line it sends fits in 512 bytes; a second bot with the same
nick registers as durakbot_; SIGTERM makes it QUIT and exit 0 within 2 s."""
import time

import harness as h

CH = "#durak"
LINE_MAX = 509          # ngircd closes a client that sends more (512 with CR LF, minus one)


def fill(prefix, unit):
    """prefix followed by as many `unit`s as fit in LINE_MAX bytes."""
    n = (LINE_MAX - len(prefix)) // len(unit)
    return prefix + unit * n


def hostile_lines(target):
    head = b"PRIVMSG " + target.encode() + b" :"
    payloads = [
        b"!help " + b"x" * 600,                             # cut to LINE_MAX below
        "!durak ".encode() + "♠".encode() * 200,            # UTF-8, cut mid-character by the cap
        b"\x02\x0304,12!help\x0f \x16\x1d\x1e\x1f\x07\x1b[31m\x7f plain",
        b"\x03" b"99,99\x03\x03,\x02\x02\x0f",
        b"\xff\xfe\xfd !durak \xc3\x28 \xa0\xa1 \xe2\x28\xa1 \xf0\x90\x28\xbc \xed\xa0\x80 \xc0\xaf",
        b"play \xff\xff", b"beat \xe2\x99 \xe2", b"moves\xc3",
        b"\x01", b"\x01\x01", b"\x01PING " + b"A" * 300 + b"\x01", b"\x01PING \xff\x1b\x01",
        b"\x01DCC SEND x 1 2 3\x01", b"\x01DCC CHAT chat 2130706433 1\x01",
        b"\x01ACTION waves\x01", b"\x01VERSION", b"!", b"!!!", b" ", b":", b"%s%n%x%p",
    ]
    lines = []
    for p in payloads:
        line = head + p
        if len(line) > LINE_MAX:
            line = line[:LINE_MAX]
        lines.append(line)
    return lines


def bot_lines(clients):
    return [m for c in clients for m in c.all_msgs() if h.from_bot(m)]


def test(env):
    env.ngircd.start()
    cfg = h.bot_config(env.ngircd.port, channels=(CH,), burst=10, rate=5)
    bot = env.bot(cfg)
    bot.start()

    alice = env.client("alice")
    alice.join_with_bot(CH)
    h.log("the bot is in %s" % CH)

    alice.privmsg(h.BOT_NICK, "\x01VERSION\x01")
    m = alice.wait_for(lambda m: h.from_bot(m) and m.command == "NOTICE"
                       and m.text.startswith("\x01VERSION durakbot "), 5, what="CTCP VERSION reply")
    h.log("CTCP VERSION: %r" % m.text)

    alice.privmsg(CH, "!help")
    alice.wait_for(lambda m: h.from_bot(m) and "durak" in m.plain, 5, what="an answer to !help")
    h.log("!help answered")

    mallory = env.client("mallory")
    mallory.join(CH)
    mallory.wait_for(lambda m: m.command == "JOIN" and m.nick == "mallory", 5, what="own JOIN")
    sent = 0
    for target in (CH, h.BOT_NICK):
        for line in hostile_lines(target):
            mallory.send_bytes(line)
            sent += 1
            time.sleep(0.02)
    h.log("sent %d hostile lines (%d bytes the longest)" % (sent, LINE_MAX))
    time.sleep(1.0)
    h.check(bot.alive(), "the bot died after the hostile lines")
    h.check(not mallory.closed.is_set(), "ngircd dropped the sender: the test lines are too long")

    # mallory's per-user command budget is spent: someone else checks that the bot still answers
    bob = env.client("bob")
    bob.join_with_bot(CH)
    bob.privmsg(CH, "!help")
    bob.wait_for(lambda m: h.from_bot(m) and "durak" in m.plain, 5, what="!help after hostile")
    bob.privmsg(h.BOT_NICK, "moves")
    bob.wait_for(lambda m: h.from_bot(m) and m.target == "bob", 5,
                 what="an answer to a private message after hostile lines")
    h.log("still answering in the channel and in private")

    sizes = [m.size for m in bot_lines([alice, bob, mallory])]
    h.check(sizes and max(sizes) <= 510, "a line from the bot is longer than 512 bytes: %s"
            % max(sizes))
    h.log("%d lines from the bot, the longest %d bytes" % (len(sizes), max(sizes)))

    second = env.bot(cfg, name="durakbot2")
    second.start()
    alice.wait_for(lambda m: m.command == "JOIN" and m.nick == h.BOT_NICK + "_", 10,
                   what="the second bot joining as %s_" % h.BOT_NICK)
    alice.privmsg(h.BOT_NICK + "_", "\x01VERSION\x01")
    alice.wait_for(lambda m: m.nick == h.BOT_NICK + "_" and m.command == "NOTICE"
                   and "VERSION durakbot" in m.text, 5, what="CTCP VERSION from durakbot_")
    rc, took = second.stop()
    h.check(rc == 0, "the second bot exited with %s" % rc)
    h.log("nick in use: the second bot took %s_" % h.BOT_NICK)

    rc, took = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM (sanitizer report?)" % rc)
    h.check(took < 2.0, "durakbot took %.2f s to exit after SIGTERM" % took)
    alice.wait_for(lambda m: m.command == "QUIT" and m.nick == h.BOT_NICK, 3,
                   what="the bot's QUIT")
    h.log("SIGTERM: QUIT sent, exit 0 in %.2f s" % took)


if __name__ == "__main__":
    h.run(test)
