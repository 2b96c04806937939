#!/usr/bin/env python3
"""test_fakelag: the bot on InspIRCd 3 with its default fake lag for users (servers.py InspIRCd
fakelag=True: recvq 8192 bytes, past a burst of 10 commands one a second is read), the bot set
four times faster than that (flood.burst 10, flood.rate 4). Four people asking for help at once
make it answer 32 lines: its lag probe goes unanswered and it slows down before the server's
receive queue overflows, and back up once the server has caught up; then the start of a
two-player game and 24 moves play on the same connection: no time-outs, no "RecvQ
exceeded"/"Excess Flood".
Skips (77) when inspircd is not installed."""
import os
import time

import harness as h
import play
import servers

CH = "#durak"


def skip(args):
    if not os.access(args.inspircd, os.X_OK):
        return "inspircd not found at %s: apt-get install inspircd" % args.inspircd
    return None


def test(env):
    ircd = env.server(servers.InspIRCd(env.args.inspircd, env.dir, fakelag=True))
    ircd.start()
    bot = env.bot(h.bot_config(ircd.port, channels=(CH,), turn_timeout=60, rejoin_grace=60,
                               burst=10, rate=4.0))
    bot.start()
    players = [play.Player(env.client(n, user="u%d" % i, port=ircd.port))
               for i, n in enumerate(("fedor", "galina"))]
    for p in players:
        p.c.join_with_bot(CH)
    # The surge: a game alone may send no faster than the server reads (a CI run of stop 18 never
    # slowed down). Each asker's 4 `help`s pass the bot's per-user limit; each is answered with 2
    # notices: 32 lines, past the server's 10 at once and 1 a second. The bot must slow down, and
    # once the server has caught up, go back to flood.rate (replies that waited too long may be
    # dropped as stale: a CI run of stop 19 lost one, so the test does not count them).
    askers = [p.c for p in players] + [env.client(n, user=n, port=ircd.port)
                                       for n in ("hanna", "ivan")]
    for c in askers:
        for _ in range(4):
            c.privmsg(h.BOT_NICK, "help")
    h.log("slowed: %s" % bot.wait_log(r"^.*\(fake lag\).*$", 60).group(0))
    h.log("back: %s" % bot.wait_log(r"^.*again \(flood\.rate\)$", 120).group(0))
    for c in askers:
        c.next_msgs()  # the help notices: read
    # the server reads about a line a second from the bot: the players wait as long for answers
    play.SILENCE, play.ANSWER_WAIT, play.THROTTLE = 10.0, 6.0, 6.0
    table = play.Table(CH, players, 7)
    t0 = time.monotonic()
    table.open("classic", timeout=30)
    result = table.run(timeout=150, moves=24)
    took = time.monotonic() - t0
    h.check(not table.timeouts and not table.forfeits, "a time-out or forfeit: %s %s"
            % (table.timeouts[:1], table.forfeits[:1]))
    text = bot.log_text()
    h.check(text.count("registered on") == 1 and "RecvQ" not in text and "Flood" not in text,
            "the bot was dropped under InspIRCd's fake lag:\n%s" % text[-2000:])
    slowed = [l for l in text.splitlines() if "(fake lag)" in l]
    h.log("fake lag on, the bot at 4 lines/s: %d moves of a two-player game in %.0f s "
          "(%.1f s a move), %d slow-down(s)%s"
          % (table.moves, took, took / max(1, table.moves), len(slowed),
             ": " + result if result else ""))
    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


if __name__ == "__main__":
    h.run(test, ngircd=False, skip=skip)
