#!/usr/bin/python3
"""lines: what the channel hears, measured. Ten complete games (five with 3 seats, five with 4,
classic and transfer alternating) between test clients over a real ngircd. For every public line
of the bot during play: a line that needs someone to act starts with that player's nick and no
other seated nick comes before the first separator, and no other seated nick is written so that a
client highlighting nicks anywhere (weechat) would highlight it (so each turn highlights one
person, in irssi and weechat alike); and over
all games the channel gets at most 1 line and 90 bytes (as sent, colour codes included) per move.
Prints lines per move, bytes per move and lines per minute."""
import json
import re
import subprocess
import time

import harness as h
import play

CH = "#durak"
SEP = " \u00b7 "
NICKS = ["ann", "ben", "cat", "dan"]
GAMES = [(3, "classic"), (4, "transfer"), (3, "transfer"), (4, "classic"), (3, "classic"),
         (4, "transfer"), (3, "transfer"), (4, "classic"), (3, "classic"), (4, "transfer")]


def public_lines(client, since, until):
    return [m for m in client.all_msgs()
            if since <= m.t <= until and h.from_bot(m) and m.command == "PRIVMSG"
            and m.target.lower() == CH]


def highlighted(text, nick):
    """Whether a client that highlights a nick anywhere as a word (weechat) would highlight."""
    return re.search(r"(?<![\w\[\]\\`^{}|-])%s(?![\w\[\]\\`^{}|-])" % re.escape(nick), text,
                     re.IGNORECASE) is not None


def check_highlights(lines, nicks):
    """A head "nick: task" names its actor first and nobody else seated before the separator
    (irssi highlights only there), and as sent no seated nick but the actor's can highlight
    anywhere (weechat highlights everywhere); lines without a head highlight nobody."""
    checked = 0
    for m in lines:
        text = m.plain
        if text.startswith("[") or (not text.startswith(("Game over", "Durak ("))
                                    and ": " not in text.split(SEP)[0]):
            lit = [n for n in nicks if highlighted(m.text, n)]
            h.check(not lit, "%r would highlight %s" % (m.text, lit))
        if text.startswith(("[", "Game over", "Durak (")) or ": " not in text.split(SEP)[0]:
            continue
        head = text.split(SEP)[0]
        actor = head.split(": ", 1)[0]
        if actor.lower() not in [n.lower() for n in nicks] and not actor.endswith("[bot]"):
            continue
        others = [n for n in nicks if n.lower() != actor.lower() and n.lower() in head.lower()]
        h.check(not others, "%r names %s before the first separator" % (text, others))
        lit = [n for n in nicks if highlighted(m.text, n)]
        h.check(lit == [actor] or actor.endswith("[bot]") and not lit,
                "%r would highlight %s, not just its actor" % (m.text, lit))
        checked += 1
    return checked


def test(env):
    env.ngircd.start()
    bot = env.bot(h.bot_config(env.ngircd.port, channels=(CH,), burst=50, rate=50,
                               turn_timeout=20, rejoin_grace=30))
    bot.start()
    players = [play.Player(env.client(n)) for n in NICKS]
    for p in players:
        p.c.join_with_bot(CH)
    total_lines = total_bytes = total_moves = heads = 0
    total_time = 0.0
    for i, (seats, variant) in enumerate(GAMES):
        table = play.Table(CH, players[:seats], 100 + i)
        table.open(variant)
        t0 = time.monotonic()
        result = table.run(timeout=60)
        t1 = time.monotonic()
        table.check_clean()
        lines = public_lines(players[0].c, t0, t1 + 0.5)
        nbytes = sum(len(m.text.encode()) for m in lines)
        heads += check_highlights(lines, NICKS[:seats])
        h.log("game %d (%d seats, %s): %d moves, %d lines, %.2f lines and %.1f bytes per move: %s"
              % (i + 1, seats, variant, table.moves, len(lines), len(lines) / table.moves,
                 nbytes / table.moves, result[:60]))
        total_lines += len(lines)
        total_bytes += nbytes
        total_moves += table.moves
        total_time += t1 - t0
        time.sleep(0.3)
    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)
    # the moves the games recorded: the players' sent moves count refused ones too, which
    # would make a move's share of lines look smaller than it is
    export = subprocess.run([env.args.bot, "-c", bot.conf, "--export-games"], capture_output=True,
                            text=True, timeout=30)
    games = [json.loads(l) for l in export.stdout.splitlines()]
    h.check(export.returncode == 0 and len(games) == len(GAMES), "the games' records: %s %r"
            % (export.returncode, export.stderr))
    sent, total_moves = total_moves, sum(len(g["moves"]) for g in games)
    h.log("%d moves sent, %d played" % (sent, total_moves))
    per_move, bytes_per_move = total_lines / total_moves, total_bytes / total_moves
    h.log("over %d games and %d moves: %.2f public lines per move, %.1f bytes per move, "
          "%.1f bytes per line, %.0f lines per minute of play (test clients answer at once); "
          "%d lines with a head checked" % (len(GAMES), total_moves, per_move, bytes_per_move,
                                              total_bytes / total_lines,
                                              60 * total_lines / total_time, heads))
    h.check(heads > 100, "only %d public lines named someone to act" % heads)
    h.check(per_move <= 1.0, "%.2f public lines per move (at most 1)" % per_move)
    h.check(bytes_per_move <= 90, "%.1f public bytes per move (at most 90)" % bytes_per_move)


if __name__ == "__main__":
    h.run(test)
