#!/usr/bin/python3
"""restart: mid-game the IRC server is stopped and started again on the same port; the bot
notices the drop, reconnects with back-off (first retry after about 5 s), rejoins its channel,
and the game goes on to its end once the players are back."""
import re
import time

import harness as h
import play

CH = "#durak"
DOWN_SECONDS = 1.5


def restart_server(env, players):
    def hook(table):
        h.log("stopping ngircd after %d moves" % table.moves)
        env.ngircd.stop()
        for p in players:
            p.c.closed.wait(5)
            p.c.close()
            p.asked_at = None
        time.sleep(DOWN_SECONDS)
        env.ngircd.start()
        h.log("ngircd is back on port %d" % env.ngircd.port)
        for p in players:
            p.c.connect()
            p.c.join(CH)
        table.last_public = time.monotonic()
    return hook


def test(env):
    env.ngircd.start()
    bot = env.bot(h.bot_config(env.ngircd.port, channels=(CH,), burst=20, rate=20,
                               turn_timeout=10, rejoin_grace=30))
    bot.start()
    players = [play.Player(env.client(n)) for n in ("dasha", "egor", "fedya")]
    for p in players:
        p.c.join_with_bot(CH)
    h.log("three players and the bot are in %s" % CH)

    table = play.Table(CH, players, 3)
    table.open("classic")
    table.after(10, restart_server(env, players))
    t0 = time.monotonic()
    result = table.run(timeout=90)
    h.log("game over after %d moves in %.1f s: %s" % (table.moves, time.monotonic() - t0, result))
    h.log(table.summary())
    table.check_clean()

    log = bot.log_text()
    h.check("lost the connection" in log, "the bot's log does not report the drop")
    h.check(len(re.findall(r"registered on ", log)) >= 2, "the bot's log shows no second registration")
    retry = re.search(r"retrying in ([0-9.]+) s", log)
    h.check(retry and 3.9 <= float(retry.group(1)) <= 6.1,
            "the first retry was not after about 5 s: %s" % (retry.group(0) if retry else None))
    h.check(table.moves > 10, "no move was played after the restart")

    rc, took = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


if __name__ == "__main__":
    h.run(test)
