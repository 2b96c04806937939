#!/usr/bin/python3
"""ended: a game's end survives the bot's death before its last lines went out. With a slow send
queue (1 line a second), boris leaves a running game, which ends by his forfeit; the bot is
killed with SIGKILL as soon as its log says the game is recorded, before "Game over" reaches the
channel. Started again, it says in the channel that game #1 had ended, with its result. Stopped
cleanly (SIGTERM) and started again, it does not say it a second time."""
import signal
import sqlite3
import time

import harness as h

CH = "#durak"
ENDED = "I am back after a restart; game #1 had ended before its last lines went out: "


def quiet(client, seconds, timeout=30):
    """Waits until the client has received nothing for `seconds` (the queue has drained)."""
    end = time.monotonic() + timeout
    n = len(client.all_msgs())
    last = time.monotonic()
    while time.monotonic() < end:
        time.sleep(0.1)
        if len(client.all_msgs()) != n:
            n, last = len(client.all_msgs()), time.monotonic()
        elif time.monotonic() - last >= seconds:
            return
    raise h.TestFailure("the bot's lines did not stop within %d s" % timeout)


def said(client, since, text):
    return [m.plain for m in client.all_msgs()[since:]
            if h.from_bot(m) and m.target.lower() == CH and text in m.plain]


def ended_rows(bot):
    db = sqlite3.connect(bot.database)
    try:
        return db.execute("SELECT channel, snapshot FROM running_tables"
                          " WHERE channel LIKE '~ended %'").fetchall()
    finally:
        db.close()


def test(env):
    env.ngircd.start()
    bot = env.bot(h.bot_config(env.ngircd.port, channels=(CH,), burst=1, rate=1,
                               turn_timeout=60))
    bot.start()
    anna, boris = env.client("anna"), env.client("boris")
    for c in (anna, boris):
        c.join_with_bot(CH)
    anna.privmsg(CH, "!durak")
    time.sleep(0.5)
    boris.privmsg(CH, "!join")
    time.sleep(0.5)
    anna.privmsg(CH, "!start")
    anna.wait_for(lambda m: h.from_bot(m) and "fingerprint" in m.plain.lower(), 20,
                  what="the game's start")
    quiet(anna, 2.5)
    h.log("the game runs; its lines are out")

    mark = len(bot.log_text())
    seen = len(anna.all_msgs())
    boris.privmsg(CH, "!leave")
    bot.wait_log(r"game #1 recorded", 10, start=mark)
    bot.proc.send_signal(signal.SIGKILL)
    bot.proc.wait(5)
    bot.proc = None
    time.sleep(0.5)
    heard = [m.plain for m in anna.all_msgs()[seen:] if h.from_bot(m)]
    h.log("killed once game #1 was recorded; anna had heard: %s" % heard)
    h.check(not said(anna, seen, "Game over"), "the bot was killed after \"Game over\" went out: "
            "the test proves nothing (a faster machine?): %s" % heard)

    seen = len(anna.all_msgs())
    bot.start()
    m = anna.wait_for(lambda m: h.from_bot(m) and m.target.lower() == CH and ENDED in m.plain, 20,
                      what="game #1's result after the restart")
    h.log("after the restart: %s" % m.plain)
    h.check("anna won by forfeit" in m.plain and "boris left" in m.plain,
            "the result said after the restart is not game #1's: %s" % m.plain)
    quiet(anna, 2.0)

    rc, took = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)
    h.check(ended_rows(bot) == [], "game #1 is still kept as unsaid after its result went out "
            "and a clean stop: %s" % ended_rows(bot))
    seen, mark = len(anna.all_msgs()), len(bot.log_text())
    bot.start()
    bot.wait_log(r"registered on ", 15, start=mark)
    time.sleep(4)
    h.check(not said(anna, seen, "had ended before its last lines went out"),
            "the result was said again after a clean stop: %s"
            % said(anna, seen, "had ended before"))
    rc, took = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


if __name__ == "__main__":
    h.run(test)
