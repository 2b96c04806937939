#!/usr/bin/python3
"""bots: one person and four computer players. anna opens a game, seats `!bot easy`, `!bot normal`,
`!bot hard` and `!bot expert` (game.bot_delay = 0.2, game.expert_budget = 0.3), starts it and plays
to the end by private message while the computer players move on their own. Checks: each computer
player joins and moves; every line of the bot that names one marks it as a bot (`Easy[bot]`, never a
bare `Easy`); no PRIVMSG or NOTICE ever goes to a computer player (spy clients hold the nicks
Easy[bot], Normal[bot], Hard[bot] and Expert[bot] on the server, outside the channel, and must
receive nothing from the bot); the end is announced; no time-outs or forfeits; afterwards `!stats` answers with anna's nick and `1 game`, and `!top`
answers."""
import re
import time

import harness as h
import play

CH = "#durak"
LEVELS = ("easy", "normal", "hard", "expert")
NAMES = [lvl.capitalize() + "[bot]" for lvl in LEVELS]
BARE = re.compile(r"(?<![\w\[\]])(Easy|Normal|Hard|Expert)(?!\[bot\])(?![\w\[])")
MOVE = re.compile(r"(Easy|Normal|Hard|Expert)\[bot\] "
                  r"(leads|adds|throws in|beats|takes|picks up|passes|transfers)")


def bot_lines(client, since=0.0):
    """Every PRIVMSG/NOTICE of the bot the client received (in the channel or to it)."""
    return [m for m in client.all_msgs() if m.t >= since and h.from_bot(m)]


def test(env):
    env.ngircd.start()
    cfg = h.bot_config(env.ngircd.port, channels=(CH,), burst=20, rate=20, turn_timeout=15)
    h.check("first5 = false;" in cfg, "unexpected generated config")
    bot = env.bot(
        cfg.replace("first5 = false;", "first5 = false; bot_delay = 0.2; expert_budget = 0.3;"))
    spies = [env.client(n, user="spy%d" % i) for i, n in enumerate(NAMES)]
    bot.start()
    anna = play.Player(env.client("anna"))
    anna.c.join_with_bot(CH)
    h.log("anna and the bot are in %s; spies hold the nicks %s" % (CH, ", ".join(NAMES)))

    table = play.Table(CH, [anna], 31)
    t0 = time.monotonic()
    m = table._command(anna, "!durak classic", "anna opens", 15)
    for lvl, name in zip(LEVELS, NAMES):
        m = table._command(anna, "!bot %s" % lvl, name + " joins", 15)
        h.log(m.plain)
    anna.c.privmsg(CH, "!start")
    table.start_sent = table.last_public = time.monotonic()
    result = table.run(timeout=45)
    h.log("game over after %d moves by anna in %.1f s: %s" % (table.moves, time.monotonic() - t0,
                                                             result))
    table.check_clean()

    c = anna.c
    c.next_msgs()
    c.privmsg(CH, "!stats")
    m = c.wait_for(lambda m: h.from_bot(m) and " game" in m.plain, 5, what="an answer to !stats")
    h.log("!stats: %s" % m.plain)
    h.check(m.plain.startswith("anna:") and re.search(r"\b1 game\b", m.plain),
            "!stats does not give anna 1 game: %r" % m.plain)
    time.sleep(0.3)
    c.privmsg(CH, "!top")
    m = c.wait_for(lambda m: h.from_bot(m) and "Top players" in m.plain, 5,
                   what="an answer to !top")
    h.log("!top: %s" % m.plain)
    h.check("anna" in m.plain, "!top does not list anna: %r" % m.plain)
    h.check("[bot]" not in m.plain, "!top ranks computer players among people: %r" % m.plain)
    time.sleep(0.3)
    c.next_msgs()
    c.privmsg(CH, "!top bots")
    m = c.wait_for(lambda m: h.from_bot(m) and "Top computer players" in m.plain, 5,
                   what="an answer to !top bots")
    h.log("!top bots: %s" % m.plain)
    h.check("[bot]" in m.plain and "anna" not in m.plain,
            "!top bots does not list the computer players alone: %r" % m.plain)

    lines = bot_lines(c)
    h.log("anna received %d lines from the bot" % len(lines))
    start = [x.plain for x in lines if "starts:" in x.plain]
    h.check(start, "no start line")
    for name in NAMES:
        h.check(name in start[0], "the start line does not name %s: %r" % (name, start[0]))
    bare = [x.plain for x in lines if BARE.search(x.plain)]
    h.check(not bare, "%d line(s) name a computer player without [bot], e.g. %r"
            % (len(bare), bare[:3]))
    moved = {mm.group(1) for x in lines if x.target.lower() == CH for mm in MOVE.finditer(x.plain)}
    h.check(moved == {"Easy", "Normal", "Hard", "Expert"},
            "not every computer player made a move: only %s" % sorted(moved))

    time.sleep(0.3)
    for spy in spies:
        got = [x.raw for x in spy.all_msgs() if h.from_bot(x)]
        h.check(not got, "the bot sent %d line(s) to the computer player's nick %s: %r"
                % (len(got), spy.nick, got[:3]))
    h.log("no line went to %s" % ", ".join(NAMES))

    rc, took = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


if __name__ == "__main__":
    h.run(test)
