#!/usr/bin/python3
"""restart_people: after a restart the bot knows who is in its channel only from the member list
(WHO after joining). vera watches anna and boris's game from inside #durak; the bot is killed with
SIGKILL and vera leaves while it is down: after the restart the copies of the game's lines still
reach her privately, the restart line first. The game ends; the bot is stopped with SIGTERM, boris
quits and a stranger (another user@host) takes his nick and joins: after the restart the
stranger's !again is refused, and anna's !again does not seat boris. The stranger and carl join
that lobby; the bot is killed and carl quits while it is down: the member list after the restart
does not show him, but his seat is held for the rejoin grace (he may come back after the bot, as
after a server restart), so when he joins again he is told it is still his, and nobody hears that
he left."""
import signal
import time

import harness as h
import play

CH = "#durak"
BACK = "I am back after a restart"


def from_bot_to(nick, pred):
    return lambda m: h.from_bot(m) and m.target.lower() == nick and pred(m.plain)


def test(env):
    env.ngircd.start()
    bot = env.bot(h.bot_config(env.ngircd.port, channels=(CH,), turn_timeout=20, rejoin_grace=30))
    bot.start()
    players = [play.Player(env.client(n)) for n in ("anna", "boris")]
    for p in players:
        p.c.join_with_bot(CH)
    vera = env.client("vera")
    vera.join_with_bot(CH)
    table = play.Table(CH, players, 5)
    table.open("classic")
    vera.privmsg(CH, "!watch")
    vera.wait_for(from_bot_to("vera", lambda t: t.startswith("You watch the game")), 5,
                  what="the answer to !watch")
    state = {}

    def kill_and_leave(t):
        bot.proc.send_signal(signal.SIGKILL)
        bot.proc.wait(5)
        bot.proc = None
        vera.part(CH)
        time.sleep(0.3)
        vera.next_msgs()
        h.log("killed after %d moves; vera left #durak meanwhile" % t.moves)
        bot.start()
        t.last_public = time.monotonic()
        state["restarted"] = True

    table.after(4, kill_and_leave)
    result = table.run(timeout=60)
    h.check(state.get("restarted"), "the game ended before the restart")
    h.log("game over: %s" % result)
    time.sleep(0.5)
    copies = [m.plain for m in vera.next_msgs() if h.from_bot(m) and m.target.lower() == "vera"
              and m.plain.startswith("[#durak] ")]
    h.log("vera got %d copies after the restart" % len(copies))
    h.check(copies and BACK in copies[0], "vera's first copy after the restart is not the restart "
            "line: %s" % copies[:1])
    h.check(any("Game over" in c for c in copies), "vera did not get the end of the game")

    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)
    anna, boris = players[0].c, players[1].c
    boris.quit()
    time.sleep(0.3)
    stranger = env.client("boris", user="mallory")
    stranger.join(CH)
    bot.start()
    stranger.join_with_bot(CH)
    time.sleep(0.5)   # the bot's WHO answered: the member list lists "boris", not boris
    stranger.privmsg(CH, "!again")
    stranger.wait_for(from_bot_to("boris", lambda t: t.startswith("Only the last game's players")),
                      5, what="the refusal of a stranger's !again")
    anna.next_msgs()
    anna.privmsg(CH, "!again")
    m = anna.wait_for(lambda m: h.from_bot(m) and m.target.lower() == CH, 5,
                      what="the answer to anna's !again")
    h.log("anna's !again: %s" % m.plain)
    h.check("boris" not in m.plain, "the rematch seats boris, whose nick a stranger holds: %s"
            % m.plain)
    h.check(m.plain.startswith("anna opens a game"), "not an open lobby: %s" % m.plain)

    carl = env.client("carl")
    carl.join_with_bot(CH)
    for c in (stranger, carl):
        c.privmsg(CH, "!join")
        anna.wait_for(lambda m, n=c.nick: h.from_bot(m) and m.target.lower() == CH
                      and m.plain.startswith(n + " joins"), 5, what="%s's !join" % c.nick)
    time.sleep(0.3)  # the lobby saved
    bot.proc.send_signal(signal.SIGKILL)
    bot.proc.wait(5)
    bot.proc = None
    carl.quit()
    time.sleep(0.3)
    anna.next_msgs()
    bot.start()
    anna.wait_for(lambda m: h.from_bot(m) and m.target.lower() == CH and BACK in m.plain, 10,
                  what="the lobby restored")
    time.sleep(1)  # the bot's WHO read to its end without carl
    carl = env.client("carl")
    carl.join(CH)
    m = carl.wait_for(from_bot_to("carl", lambda t: "still have your seat" in t), 10,
                      what="carl told his seat was kept")
    h.log("carl back after the restart: %s" % m.plain)
    seats = m.plain.replace("\u200b", "")
    h.check("anna, boris, carl" in seats, "carl's notice names the seats: %s" % m.plain)
    left = [m.plain for m in anna.all_msgs() if h.from_bot(m) and "carl leaves" in m.plain]
    h.check(not left, "carl's seat was freed after the restart: %r" % left)
    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


if __name__ == "__main__":
    h.run(test)
