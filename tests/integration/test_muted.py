#!/usr/bin/python3
"""test_muted: a channel operator sets +m on the game's channel, where the bot has no voice: the
server refuses the bot's lines there (404), so nobody would see the game.

- the first public line refused holds the game: the next player's move gets "The game in #durak
  waits: the channel does not take my lines ...", and no turn clock runs meanwhile (no "Hurry"
  warning, no time-out, for more than a turn's time);
- the operator's -m lets the bot speak: the channel hears "The channel takes my lines again; the
  game goes on with the time each of you had" and the table, and the waiting move is then
  played;
- then the operator bans and kicks the bot: its join is refused (474) and tried again after a
  back-off of 30 s, but the ban lifted and an INVITE bring it back at once."""
import time

import harness as h
import play

CH = "#durak"
TURN = 10


def private_turn(client, since):
    """The first move of the turn line to client since `since` (already read or still to come)."""
    asked = [m for m in client.all_msgs() if m.t >= since and h.from_bot(m) and m.target ==
             client.nick and play.prompt(m.plain)]
    m = asked[-1] if asked else client.wait_for(
        lambda m: h.from_bot(m) and play.prompt(m.plain), 15, what="a turn line")
    _, moves, _ = play.prompt(m.plain)
    return moves.split(" | ")[0]


def test(env):
    env.ngircd.start()
    oper = env.client("oper")
    oper.join(CH)  # first in: the channel's operator, not the bot
    oper.wait_for(lambda m: m.command == "JOIN" and m.nick == "oper", 5, what="oper's join")
    bot = env.bot(h.bot_config(env.ngircd.port, channels=(CH,), turn_timeout=TURN,
                               max_timeouts=5))
    bot.start()
    anna, boris = env.client("anna"), env.client("boris")
    for c in (anna, boris):
        c.join_with_bot(CH)
    started = time.monotonic()
    first, _ = play.start_two(CH, anna, boris)
    second = boris if first is anna else anna
    lead = private_turn(first, started)

    oper.send("MODE %s +m" % CH)
    oper.wait_for(lambda m: m.command == "MODE" and "+m" in m.raw, 5, what="+m set")
    log_at = len(bot.log_text())
    held = time.monotonic()
    first.privmsg(h.BOT_NICK, lead)  # made; its public line is refused
    bot.wait_log(r"cannot send to #durak \(404", 10, log_at, what="the refusal logged")
    answer = private_turn(second, held)
    second.privmsg(h.BOT_NICK, answer)
    second.wait_for(lambda m: h.from_bot(m) and m.plain.startswith(
        "The game in #durak waits: the channel does not take my lines"), 10,
        what="the move held")
    held_at = time.monotonic()
    time.sleep(TURN + 3)
    late = [m.plain for m in first.all_msgs() + second.all_msgs() if h.from_bot(m)
            and m.t >= held_at and ("Hurry" in m.plain or "Time is up" in m.plain)]
    h.check(not late, "the clock ran while the channel refused the bot: %r" % late)

    oper.send("MODE %s -m" % CH)
    back = anna.wait_for(lambda m: h.from_bot(m) and m.target == CH
                         and "The channel takes my lines again" in m.plain, 10,
                         what="the game said again")
    h.log("after -m: %s" % back.plain)
    second.privmsg(h.BOT_NICK, answer)
    m = anna.wait_for(lambda m: h.from_bot(m) and m.target == CH and m.t > back.t, 10,
                      what="the held move played")
    h.log("then: %s" % m.plain)

    log_at = len(bot.log_text())
    oper.send("MODE %s +b %s!*@*" % (CH, h.BOT_NICK))
    oper.send("KICK %s %s :out" % (CH, h.BOT_NICK))
    bot.wait_log(r"cannot join #durak: the bot is banned there", 10, log_at, what="the 474")
    log_at = len(bot.log_text())
    oper.send("MODE %s -b %s!*@*" % (CH, h.BOT_NICK))
    oper.send("INVITE %s %s" % (h.BOT_NICK, CH))
    invited = time.monotonic()
    bot.wait_log(r"joined #durak", 5, log_at, what="the join on the INVITE")
    h.log("back in %s %.1f s after the INVITE (the back-off was 30 s)"
          % (CH, time.monotonic() - invited))


if __name__ == "__main__":
    h.run(test)
