#!/usr/bin/python3
"""test_hybrid: the bot on ircd-hybrid 8 (tests/integration/servers.py IrcdHybrid: Debian's
package fetched with `apt-get download` into the build directory and unpacked there, never
installed; run by the test on a loopback port with a config it writes). Skips (77) when the
package cannot be fetched (no network).

- a complete game between three test clients by private message (play.py), no time-outs, no
  forfeits;
- CASEMAPPING=ascii: the player Ann[x] changes nick to ann{X} mid-game (under ascii a different
  nick, not a case variant of it) and plays on; after the game `!stats Ann[X]` (a case variant of
  the nick they sat down with) finds their record: stats stay with the nick a person was seated
  under, as they do with rfc1459; `!stats ann{x}` finds none (rfc1459 would fold it to ann[x]),
  so the server's CASEMAPPING is the one the game side uses;
- with Debian's flood limits for users on (recvq 2560 bytes, no can_flood: a burst of 5 lines,
  then about one a second; floodcount 10) and the bot's default pace (flood.burst 5,
  flood.rate 1): the start of a two-player game (every hand, the start lines) and 24 moves,
  no time-outs, no Excess Flood, one connection all along (a whole game at a line a second
  takes minutes; the game above is the complete one);
- with +B operator-only (Debian's default config) the bot's MODE +B gets 501: one log line."""
import time

import harness as h
import play
import servers

CH = "#durak"
FETCHED = {}


def skip(args):
    root, why = servers.fetch_hybrid(args.hybrid_dir)
    FETCHED["root"] = root
    return why and "ircd-hybrid: " + why


def test(env):
    ircd = env.server(servers.IrcdHybrid(FETCHED["root"], env.dir))
    ircd.start()
    bot = env.bot(h.bot_config(ircd.port, channels=(CH,), turn_timeout=10, rejoin_grace=30))
    bot.start()
    players = [play.Player(env.client(n, user="u%d" % i, port=ircd.port))
               for i, n in enumerate(("Ann[x]", "boris", "clara"))]
    for p in players:
        p.c.join_with_bot(CH)
    isupport = " ".join(m.raw for m in players[0].c.all_msgs() if m.command == "005")
    h.check("CASEMAPPING=ascii" in isupport, "ircd-hybrid does not say CASEMAPPING=ascii")
    ann = players[0]

    def rename(table):
        h.log("Ann[x] changes nick to ann{X} (after %d moves)" % table.moves)
        ann.c.send("NICK ann{X}")
    table = play.Table(CH, players, 3)
    t0 = time.monotonic()
    table.open("classic")
    table.after(6, rename)
    result = table.run(timeout=45)
    h.log("game over after %d moves in %.1f s: %s" % (table.moves, time.monotonic() - t0, result))
    table.check_clean()
    h.check(ann.nick == "ann{X}", "Ann[x] never became ann{X}: %s" % ann.nick)
    h.check(ann.moves_by_nick.get("ann{X}", 0) > 0, "no move played under the nick ann{X}")

    asker = players[1].c
    asker.privmsg(CH, "!stats Ann[X]")
    m = asker.wait_for(lambda m: h.from_bot(m) and m.target == CH
                       and ("game" in m.plain or "No games" in m.plain), 10,
                       what="an answer to !stats Ann[X]")
    h.log("!stats Ann[X]: %s" % m.plain)
    h.check("1 game," in m.plain, "!stats Ann[X] finds no record of the game: %r" % m.plain)
    # under the server's ascii, ann{x} is another nick (rfc1459 would fold { to [), but its person
    # is the one who played: her record, under the nick it is kept by
    asker.privmsg(CH, "!stats ann{x}")
    m = asker.wait_for(lambda m: h.from_bot(m) and m.target == CH
                       and ("game" in m.plain or "No games" in m.plain), 10,
                       what="an answer to !stats ann{x}")
    h.check("Ann[x]: 1 game," in m.plain, "!stats ann{x} under CASEMAPPING=ascii: %r" % m.plain)

    rc, took = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)
    flood_limits(env)
    bot_mode_refused(env)


def flood_limits(env):
    ircd = env.server(servers.IrcdHybrid(FETCHED["root"], env.dir + "/flood", flood_limits=True))
    ircd.start()
    bot = env.bot(h.bot_config(ircd.port, channels=(CH,), turn_timeout=60, rejoin_grace=60,
                               burst=5, rate=1.0), name="flood")
    bot.start()
    players = [play.Player(env.client(n, user="f%d" % i, port=ircd.port))
               for i, n in enumerate(("fedor", "galina"))]
    for p in players:
        p.c.join_with_bot(CH)
    # the bot speaks about a line a second here: the players wait as long for answers
    saved = play.SILENCE, play.ANSWER_WAIT, play.THROTTLE
    play.SILENCE, play.ANSWER_WAIT, play.THROTTLE = 10.0, 6.0, 6.0
    try:
        table = play.Table(CH, players, 5)
        t0 = time.monotonic()
        table.open("classic", timeout=30)
        result = table.run(timeout=150, moves=24)
    finally:
        play.SILENCE, play.ANSWER_WAIT, play.THROTTLE = saved
    took = time.monotonic() - t0
    h.check(not table.timeouts and not table.forfeits, "a time-out or forfeit: %s %s"
            % (table.timeouts[:1], table.forfeits[:1]))
    text = bot.log_text()
    h.check(text.count("registered on") == 1 and "Excess Flood" not in text,
            "the bot was dropped under hybrid's flood limits:\n%s" % text[-2000:])
    h.log("flood limits on, 1 line/s: %d moves of a two-player game in %.0f s (%.1f s a move)%s"
          % (table.moves, took, took / max(1, table.moves), ": " + result if result else ""))
    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


def bot_mode_refused(env):
    """Debian's ircd-hybrid config makes +B operator-only while 005 says BOT=B: the bot's
    MODE durakbot +B gets 501, logged once, and the bot goes on (answers !help)."""
    ircd = env.server(servers.IrcdHybrid(FETCHED["root"], env.dir + "/oper-only",
                                         oper_only_umodes="bot"))
    ircd.start()
    bot = env.bot(h.bot_config(ircd.port, channels=(CH,)), name="opermode")
    bot.start()
    c = env.client("watcher", port=ircd.port)
    c.join_with_bot(CH)
    c.privmsg(CH, "!help")
    c.wait_for(lambda m: h.from_bot(m), 10, what="the bot's answer to !help")
    text = bot.log_text()
    h.check(text.count("refused the bot user mode +B (501") == 1,
            "the refused +B is not logged exactly once:\n%s" % text)
    h.log("MODE +B refused with 501: logged once, the bot answers")


if __name__ == "__main__":
    h.run(test, ngircd=False, skip=skip)
