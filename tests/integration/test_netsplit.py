#!/usr/bin/env python3
"""test_netsplit: a network of two InspIRCd 3 servers linked on loopback (servers.py
InspIRCd.link, m_spanningtree) with Atheme services on the first. The bot and anna are on
server A, boris on server B.

- an unflooded game between anna and boris plays to the end: its moves per second are the pace;
- a second game: three more clients on A send `!help` twice a second each from its start, and
  after a few moves an operator on A splits B off (SQUIT); boris's QUIT reaches the bot as a
  netsplit (the two server names), his seat is held, A relinks B by itself (autoconnect) and the
  burst brings boris back into the channel. The channel hears "NICK: … · boris is back and plays
  on." (whose turn it is, first), and the game ends with no time-out and no forfeit, at more than
  half the unflooded game's moves per second (split included).
Skips (77) when inspircd or atheme-services is not installed."""
import os
import threading
import time

import harness as h
import play
import servers

CH = "#durak"
FLOODERS = 3


def skip(args):
    for b, pkg in ((args.inspircd, "inspircd"), (args.atheme, "atheme-services")):
        if not os.access(b, os.X_OK):
            return "%s not found at %s: apt-get install %s" % (pkg, b, pkg)
    return None


def visible(client, nick, timeout):
    """Waits until nick is on the network as client's server sees it (ISON)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        client.send("ISON %s" % nick)
        m = client.wait_for(lambda m: m.command == "303", 5, what="ISON")
        if nick.lower() in m.text.lower().split():
            return True
        time.sleep(0.2)
    return False


def flood(clients, stop):
    """Each client sends `!help` to the channel twice a second until stop is set."""
    while not stop.wait(0.5):
        for c in clients:
            try:
                c.privmsg(CH, "!help")
            except OSError:
                pass


def play_game(players, seed, hooks=()):
    table = play.Table(CH, players, seed)
    t0 = time.monotonic()
    table.open("classic")
    for after, fn in hooks:
        table.after(after, fn)
    result = table.run(timeout=40)
    took = time.monotonic() - t0
    table.check_clean()
    pace = table.moves / took
    h.log("game over after %d moves in %.1f s (%.2f moves/s): %s"
          % (table.moves, took, pace, result))
    return table, t0, pace


def test(env):
    a = env.server(servers.InspIRCd(env.args.inspircd, env.dir))
    bdir = os.path.join(env.dir, "b")
    os.makedirs(bdir)
    b = env.server(servers.InspIRCd(env.args.inspircd, bdir, name="irc.b.durak.test", sid="1DT"))
    a.link(b)
    b.start()
    a.start()
    atheme = env.server(servers.Atheme(env.args.atheme, env.dir, a))
    atheme.start()
    bot = env.bot(h.bot_config(a.port, channels=(CH,), burst=10, rate=15, turn_timeout=10,
                               rejoin_grace=30))
    bot.start()
    anna = play.Player(env.client("anna", port=a.port))
    boris = play.Player(env.client("boris", port=b.port))
    h.check(visible(anna.c, "boris", 15), "servers A and B did not link within 15 s")
    for p in (anna, boris):
        p.c.join_with_bot(CH)
    h.log("the bot and anna on %s, boris on %s, all in %s" % (a.name, b.name, CH))
    players = [anna, boris]

    _, _, calm = play_game(players, 1)

    op = env.client("oper", port=a.port)
    op.send("OPER root %s" % a.oper_pw)
    op.wait_for(lambda m: m.command == "381", 10, what="381 (now an operator)")
    flooders = [env.client("spam%d" % i, port=a.port) for i in range(FLOODERS)]
    for c in flooders:
        c.join(CH)
    split = {}

    def squit(table):
        h.log("SQUIT %s after %d moves" % (b.name, table.moves))
        split["t"] = time.monotonic()
        op.send("SQUIT %s :netsplit test" % b.name)
    stop = threading.Event()
    spam = threading.Thread(target=flood, args=(flooders, stop), daemon=True)
    spam.start()
    try:
        table, t0, stormy = play_game(players, 2, hooks=[(4, squit)])
    finally:
        stop.set()
        spam.join(2)
    h.check("t" in split, "the game ended before the split")

    lines = [m for m in anna.c.all_msgs() if m.t >= split["t"]]
    quits = [m for m in lines if m.command == "QUIT" and m.nick.lower() == "boris"]
    h.check(quits, "anna never saw boris quit in the split")
    h.log("boris's QUIT: %r" % quits[0].text)
    h.check(quits[0].text.split() == [a.name, b.name] or
            quits[0].text.split() == [b.name, a.name],
            "boris's QUIT reason does not name the two servers: %r" % quits[0].text)
    joins = [m for m in lines if m.command == "JOIN" and m.nick.lower() == "boris"]
    h.check(joins, "boris did not come back into %s after the relink" % CH)
    h.log("boris back in %s %.1f s after the SQUIT" % (CH, joins[0].t - split["t"]))
    back = [m for m in lines if h.from_bot(m) and "boris is back and plays on" in m.plain]
    h.check(back, "the channel never heard that boris is back")
    h.log("rejoin line: %s" % back[0].plain)
    actor = back[0].plain.split(": ", 1)[0].lower()
    h.check(actor in ("anna", "boris") and back[0].plain.index(": ") < back[0].plain.index("\u00b7"),
            "the rejoin line does not start with whose turn it is: %r" % back[0].plain)
    answered = sum(1 for c in flooders for m in c.all_msgs() if m.t >= t0 and h.from_bot(m))
    h.log("the flooders got %d lines from the bot during the game" % answered)
    h.check(stormy > calm / 2, "flooded and split: %.2f moves/s, under half of %.2f unflooded"
            % (stormy, calm))

    rc, took = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


if __name__ == "__main__":
    h.run(test, ngircd=False, skip=skip)
