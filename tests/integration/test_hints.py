#!/usr/bin/python3
"""hints: `/msg durakbot hint` over IRC. With game.hints = "always", anna and bob start
a game; the player to act asks for a hint and gets `hint: MOVE — reason` from the bot, then plays
that very move (it must be legal: the bot announces it); the other player, asking meanwhile, off
their turn, is told it is for their turn. The game is then played to its end, whose line names the hint
taken (`hints taken: NICK 1`). A second bot with the default game.hints ("private") refuses a
hint in a channel game."""
import re
import time

import harness as h
import play

CH = "#durak"
DASH = " \u2014 "


def from_bot_to(client):
    return lambda m: h.from_bot(m) and m.target.lower() == client.nick.lower()


def start_game(env, hints, seed):
    cfg = h.bot_config(env.ngircd.port, channels=(CH,), burst=20, rate=20, turn_timeout=30)
    if hints:
        cfg = cfg.replace("first5 = false;", 'first5 = false; hints = "%s";' % hints)
    bot = env.bot(cfg)
    bot.start()
    anna = play.Player(env.client("anna%d" % seed))
    bob = play.Player(env.client("bob%d" % seed))
    for p in (anna, bob):
        p.c.join_with_bot(CH)
    table = play.Table(CH, [anna, bob], seed)
    table.open("classic")
    turn = None
    end = time.monotonic() + 15
    while turn is None and time.monotonic() < end:
        for p in (anna, bob):
            for m in p.c.next_msgs():
                if from_bot_to(p.c)(m) and m.plain.startswith("Your turn in"):
                    turn = p
        time.sleep(0.02)
    h.check(turn is not None, "no private turn line after !start")
    other = bob if turn is anna else anna
    return bot, table, turn, other


def test(env):
    env.ngircd.start()
    bot, table, turn, other = start_game(env, "always", 1)
    turn.c.privmsg(h.BOT_NICK, "hint")
    m = turn.c.wait_for(lambda m: from_bot_to(turn.c)(m) and m.plain.startswith("hint: "), 10,
                        what="a hint")
    h.log("%s asked: %s" % (turn.nick, m.plain))
    h.check(DASH in m.plain, "the hint gives no reason: %r" % m.plain)
    move = m.plain[len("hint: "):m.plain.index(DASH)]
    other.c.privmsg(h.BOT_NICK, "hint")
    other.c.wait_for(lambda m: from_bot_to(other.c)(m) and "A hint is for your turn" in m.plain,
                     10, what="the off-turn refusal")
    turn.send_move(move)
    public = turn.c.wait_for(lambda m: h.from_bot(m) and m.target.lower() == CH
                             and turn.nick in m.plain, 10, what="the hinted move announced")
    h.log("the hinted move %r: %s" % (move, public.plain))
    h.check(not re.search(r"not (a move|possible)|is not", public.plain),
            "the hinted move was refused: %r" % public.plain)
    result = table.run(timeout=60)
    h.log("game over: %s" % result)
    h.check("hints taken: %s 1" % turn.nick in result,
            "the end line does not count the hint: %r" % result)
    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)

    bot, table, turn, other = start_game(env, None, 2)
    turn.c.privmsg(h.BOT_NICK, "hint")
    turn.c.wait_for(lambda m: from_bot_to(turn.c)(m) and "only for private games" in m.plain, 10,
                    what="the refusal under game.hints = \"private\"")
    h.log("private (default): refused in a channel game")
    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


if __name__ == "__main__":
    h.run(test)
