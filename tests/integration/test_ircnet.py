#!/usr/bin/python3
"""test_ircnet: the bot on IRCnet's ircd 2.11 (tests/integration/servers.py IrcdIrc2: Debian's
ircd-irc2 fetched with `apt-get download` into the build directory and unpacked there, never
installed; its fixed paths bound to the test's directory in a private mount namespace). Skips
(77) when the package cannot be fetched, m4 is missing or namespaces are not allowed.

ircd 2.11 knows no CAP (it ignores CAP LS before registration) and limits clients by penalty:
each command adds seconds to the client's clock, and past 10 s ahead the server stops reading
it, so lines sent too fast are not refused but answered late.

- a refused connect (nothing listens): one log line per attempt;
- registration: the bot, at its shipped pace (flood.burst 5, flood.rate 1), registers within
  REGISTER_MAX seconds of starting (measured and printed; ircd 2.11 ignores CAP LS);
- a two-player game by private message (play.py; the players ask `moves` only after SILENCE
  without a public line), GAME_MOVES moves of it (a whole game takes 60 to 80 moves, over ten
  minutes at this server's pace): at most MOVE_MAX seconds a move on average, no time-outs or
  forfeits, one connection all along (measured and printed, with the bot's lines a move). The
  server, not the bot, sets that pace: each line costs the bot about 2 s plus 1 s per 100
  bytes, and a move takes about 1.6 lines of the game's (3.3 with the answers to `moves`);
- a second bot whose irc.nick is longer than NICKLEN (15): the server cuts it, the bot logs that
  once with both lengths and takes the cut nick as its own (no attempt to take it back), also
  after the restart below;
- a second game: the server is stopped and started again after RESTART_AFTER moves; the bot
  reconnects and the game goes on (RESTART_MOVES moves in all)."""
import time

import harness as h
import play
import servers

CH, CH2 = "#durak", "#durak2"  # the second game at its own table
FETCHED = {}
REGISTER_MAX = 5.0
MOVE_MAX = 12.0
GAME_MOVES = 10
RESTART_AFTER, RESTART_MOVES = 4, 7
LONG_NICK = "durakbot_longnick"   # 17 characters: ircd 2.11 cuts it to durakbot_longni


def skip(args):
    root, why = servers.fetch_irc2(args.irc2_dir)
    FETCHED["root"] = root
    return why and "ircd 2.11: " + why


def restart_server(ircd, players):
    def hook(table):
        h.log("stopping ircd 2.11 after %d moves" % table.moves)
        ircd.stop()
        for p in players:
            p.c.closed.wait(5)
            p.c.close()
            p.asked_at = None
        time.sleep(1.0)
        ircd.start()
        h.log("ircd 2.11 is back on port %d" % ircd.port)
        for p in players:
            p.c.connect()
            p.c.join(CH)
            p.c.join(CH2)
        table.last_public = time.monotonic()
    return hook


def refused_connect(env):
    bot = env.bot(h.bot_config(h.free_port()), name="refused")
    bot.start()
    bot.wait_log(r"retrying in [0-9.]+ s", 10, what="the refused connect")
    time.sleep(0.3)
    lines = [l for l in bot.log_text().splitlines() if "cannot connect" in l]
    h.check(len(lines) == 1, "a refused connect logged %d times: %r" % (len(lines), lines))
    h.log("refused connect, one line: %s" % lines[0])
    bot.stop()


def test(env):
    refused_connect(env)
    ircd = env.server(servers.IrcdIrc2(FETCHED["root"], env.dir))
    ircd.start()
    bot = env.bot(h.bot_config(ircd.port, channels=(CH, CH2), burst=5, rate=1.0, turn_timeout=60,
                               rejoin_grace=60))
    t0 = time.monotonic()
    bot.start()
    bot.wait_log(r"registered on ", 30, what="registration on ircd 2.11")
    took = time.monotonic() - t0
    h.log("registered %.1f s after start" % took)
    h.check(took <= REGISTER_MAX, "registration took %.1f s (at most %.0f s wanted)"
            % (took, REGISTER_MAX))
    players = [play.Player(env.client(n, user="i%d" % i, port=ircd.port))
               for i, n in enumerate(("anja", "bogdan"))]
    for p in players:
        p.c.join_with_bot(CH, timeout=30)
    saved = play.SILENCE, play.ANSWER_WAIT, play.THROTTLE
    # the server reads about one line of the bot's in 3 s: the players wait for their turn lines
    play.SILENCE, play.ANSWER_WAIT, play.THROTTLE = 15.0, 10.0, 10.0
    try:
        table = play.Table(CH, players, 11)
        t0 = time.monotonic()
        table.open("classic", timeout=40)
        result = table.run(timeout=GAME_MOVES * 2 * MOVE_MAX, moves=GAME_MOVES)
        took = time.monotonic() - t0
        per_move = took / max(1, table.moves)
        h.log("%d moves in %.1f s (%.2f s a move)%s"
              % (table.moves, took, per_move, ": " + result if result else ""))
        h.check(not table.timeouts and not table.forfeits, "a time-out or forfeit: %s %s"
                % (table.timeouts[:1], table.forfeits[:1]))
        text = bot.log_text()
        h.check(text.count("registered on") == 1, "the bot reconnected during the game:\n%s"
                % text[-2000:])
        lpm, lpm_moves = table.lines_per_move(t0)
        sent = [m for m in players[0].c.all_msgs() if m.t >= t0 and table._public(m)]
        sent += [m for p in players for m in p.c.all_msgs() if m.t >= t0 and h.from_bot(m)
                 and not m.target.startswith(("#", "&"))]
        h.log("the bot's lines: %.2f a move (%.2f without answers to `moves`), %.0f bytes a line;"
              " %d rate changes logged" % (lpm, lpm_moves, sum(len(m.raw) for m in sent)
                                           / max(1, len(sent)), text.count("lines/s")))
        h.check(per_move <= MOVE_MAX, "%.2f s a move (at most %.1f wanted)" % (per_move, MOVE_MAX))

        longbot = env.bot(h.bot_config(ircd.port, channels=("#other",), nick=LONG_NICK),
                          name="longnick")
        longbot.start()
        longbot.wait_log(r"registered on ", 15, what="the long nick's registration")
        # players are seated in one game at a time: two others play the second game (the first
        # two leave: Debian's ircd.conf lets 5 clients come from one host)
        for p in players:
            p.c.quit()
        players = [play.Player(env.client(n, user="j%d" % i, port=ircd.port))
                   for i, n in enumerate(("clara", "dima"))]
        for p in players:
            p.c.join_with_bot(CH2, timeout=30)
        table = play.Table(CH2, players, 12)
        t0 = time.monotonic()
        table.open("classic", timeout=40)
        table.after(RESTART_AFTER, restart_server(ircd, players))
        result = table.run(timeout=RESTART_MOVES * 2 * MOVE_MAX + 30, moves=RESTART_MOVES)
        h.log("a server restart after %d moves: %d moves in %.1f s%s"
              % (RESTART_AFTER, table.moves, time.monotonic() - t0,
                 ": " + result if result else ""))
        h.check(table.moves > RESTART_AFTER, "no move was played after the restart")
        h.check(bot.log_text().count("registered on") == 2, "the bot did not register again")
        longbot.wait_log(r"registered on .* as durakbot_longni;[^\n]*\n(.|\n)*registered on", 30,
                         what="the long nick's bot after the restart")
        text = longbot.log_text()
        cut = [l for l in text.splitlines() if "(NICKLEN)" in l]
        h.check(len(cut) == 1 and "is 17 characters, the server allows 15" in cut[0],
                "the cut nick is not told once with its lengths: %r" % cut)
        h.check("take the nick back" not in text and "taking the nick back" not in text,
                "the bot tries to take back a nick the server cuts:\n%s" % text)
        h.log("a 17-character nick: %s" % cut[0])
    finally:
        play.SILENCE, play.ANSWER_WAIT, play.THROTTLE = saved
    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


if __name__ == "__main__":
    h.run(test, ngircd=False, skip=skip)
