#!/usr/bin/python3
"""test_freeze: the IRC server freezes (SIGSTOP) during a player's turn and nobody can play; the
turn timer must not punish that player for the silence.

1. A freeze of FREEZE seconds, past the end of the turn (game.turn_timeout 10 s): when the turn
   timer falls due the server has been silent, so the bot PINGs and waits for the answer instead
   of timing the player out. Once the server goes on, the channel hears "The server did not
   answer for N seconds; the game goes on with the time each of you had" and no "Time is up";
   the player has the whole turn again (the time-out comes TURN seconds later, not at once).
2. A freeze longer than irc.ping_interval (10 s here): the bot drops the link and reconnects once
   the server goes on. The game goes on with the time the player had when the server went silent,
   not what was left when the link was dropped (none: the timer had fallen due)."""
import os
import signal
import time

import harness as h
import play

CH = "#durak"
TURN = 10
FREEZE = 14.0       # past the turn's end; shorter than ping_interval (case 1)
LONG_FREEZE = 26.0  # past the turn's end and ping_interval both (case 2)


def public(client, since):
    return [m for m in client.all_msgs() if h.from_bot(m) and m.target == CH and m.t >= since]


def freeze(env, seconds):
    h.log("freezing ngircd for %.0f s" % seconds)
    os.kill(env.ngircd.proc.pid, signal.SIGSTOP)
    try:
        time.sleep(seconds)
    finally:
        os.kill(env.ngircd.proc.pid, signal.SIGCONT)
    h.log("ngircd goes on")


def check_time_back(watcher, back, what):
    """After the line `back` (the game goes on), the time-out comes a whole turn later."""
    m = watcher.wait_for(lambda m: h.from_bot(m) and m.target == CH and "Time is up" in m.text,
                         TURN + 10, what="the time-out after " + what)
    waited = m.t - back.t
    h.log("%s: the time-out came %.1f s after the game went on" % (what, waited))
    h.check(waited >= TURN - 3, "%s: the time-out came %.1f s after the game went on, not about "
            "a whole turn (%d s): the silence was not given back" % (what, waited, TURN))


def case_stall(env, anna, boris):
    actor, first = play.start_two(CH, anna, boris)
    time.sleep(1)
    frozen_at = time.monotonic()
    freeze(env, FREEZE)
    back = anna.wait_for(lambda m: h.from_bot(m) and m.target == CH
                         and "did not answer for" in m.text, 10, what="the stall said")
    h.log("said: %s" % back.text)
    early = [m.text for m in public(anna, first.t) if "Time is up" in m.text and m.t <= back.t]
    h.check(not early, "the player was timed out for the server's silence: %r" % early)
    h.check(back.t - frozen_at < FREEZE + 5, "the game went on only %.1f s after the freeze began"
            % (back.t - frozen_at))
    check_time_back(anna, back, "a freeze of %.0f s" % FREEZE)
    actor.privmsg(CH, "!stop")
    (boris if actor is anna else anna).privmsg(CH, "!stop")
    anna.wait_for(lambda m: h.from_bot(m) and m.target == CH and "no result" in m.text, 10,
                  what="the game stopped")


def case_drop(env, anna, boris, bot):
    play.start_two(CH, anna, boris)
    time.sleep(1)
    log_at = len(bot.log_text())
    freeze(env, LONG_FREEZE)
    bot.wait_log(r"did not answer", 5, log_at, what="the link dropped during the freeze")
    back = anna.wait_for(lambda m: h.from_bot(m) and m.target == CH
                         and "The connection is back" in m.text, 60, what="the game resumed")
    check_time_back(anna, back, "a freeze of %.0f s and a reconnect" % LONG_FREEZE)


def test(env):
    env.ngircd.start()
    bot = env.bot(h.bot_config(env.ngircd.port, channels=(CH,), turn_timeout=TURN,
                               rejoin_grace=120, ping_interval=10, max_timeouts=5))
    bot.start()
    anna, boris = env.client("anna"), env.client("boris")
    for c in (anna, boris):
        c.join_with_bot(CH)
    case_stall(env, anna, boris)
    case_drop(env, anna, boris, bot)


if __name__ == "__main__":
    h.run(test)
