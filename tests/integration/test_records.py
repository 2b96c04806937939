#!/usr/bin/python3
"""records: two clients play a classic game to the end over ngircd. The
deal is announced with its fingerprint, the end reveals the seed and salt whose SHA-256
(hashlib here) is that fingerprint, with the durak-cli line that deals its hands; !last sums the
game up with its id and the same check a player can run (no operator's command); after the bot
stops, that durak-cli line deals what the export's replay starts from, and durakbot --export-game
ID piped into durak-cli (next to the bot in the build tree) ends in the game's result, with the
durak the channel was told."""
import hashlib
import os
import re
import sqlite3
import subprocess
import time

import harness as h
import play

CH = "#durak"
FINGERPRINT = re.compile(r"Deal fingerprint: ([0-9a-f]{64})\b")
REVEAL = re.compile(r"Deal: seed=(\d+) salt=([0-9a-f]{32}) \u00b7 check the fingerprint: "
                    r"printf '%s' '(durak-deal-v1:\d+:[0-9a-f]{32})' \| sha256sum \u00b7 the "
                    r"hands dealt: printf '(new [^']*)\\nstate\\n' \| durak-cli$")
LAST = re.compile(r"Last game #(\d+) \(classic, 2 players, \d+ min\): (.*) \u00b7 its deal: "
                  r"printf '%s' '(durak-deal-v1:\d+:[0-9a-f]{32})' \| sha256sum gives the "
                  r"fingerprint said at its start \u00b7 printf '(new [^']*)\\nstate\\n' \| "
                  r"durak-cli deals its hands again$")


def channel_lines(player):
    return [m.plain for m in player.c.all_msgs()
            if h.from_bot(m) and m.command == "PRIVMSG" and m.target.lower() == CH]


def test(env):
    env.ngircd.start()
    bot = env.bot(h.bot_config(env.ngircd.port, channels=(CH,), burst=20, rate=20,
                               turn_timeout=10, rejoin_grace=30))
    bot.start()
    players = [play.Player(env.client(n)) for n in ("anna", "boris")]
    for p in players:
        p.c.join_with_bot(CH)
    table = play.Table(CH, players, 5)
    table.open("classic")
    result = table.run(timeout=60)
    h.log("game over after %d moves: %s" % (table.moves, result))
    end = time.monotonic() + 10  # the reveal follows the end line, maybe read with it already
    while not any(REVEAL.search(l) for l in channel_lines(players[0])):
        h.check(time.monotonic() < end, "no reveal of the deal within 10 s of the end line")
        time.sleep(0.1)
    lines = channel_lines(players[0])
    prints = [FINGERPRINT.search(l) for l in lines]
    prints = [m.group(1) for m in prints if m]
    h.check(len(prints) == 1, "one fingerprint at the deal, got %r" % prints)
    h.log("deal: " + [l for l in lines if FINGERPRINT.search(l)][0])
    reveals = [l for l in lines if REVEAL.search(l)]
    h.check(len(reveals) == 1, "one reveal at the end, got %r" % reveals)
    seed, salt, commit, new = REVEAL.search(reveals[0]).groups()
    h.log("revealed: " + reveals[0])
    h.check(commit == "durak-deal-v1:%s:%s" % (seed, salt), "the committed string: " + commit)
    h.check(hashlib.sha256(commit.encode()).hexdigest() == prints[0],
            "sha256(%s) is not the fingerprint %s" % (commit, prints[0]))
    at = {what: [i for i, l in enumerate(lines) if rx(l)] for what, rx in
          (("print", FINGERPRINT.search), ("reveal", REVEAL.search),
           ("end", lambda l: l.startswith("Game over")))}
    h.check(at["print"][0] < at["reveal"][0] <= at["end"][0] + 1,
            "the fingerprint comes at the deal, the reveal at the end: %r" % at)

    players[1].c.privmsg(CH, "!last")
    last = players[1].c.wait_for(lambda m: h.from_bot(m) and LAST.search(m.plain), 10,
                                 what="the !last line")
    h.log("!last: " + last.plain)
    gid, summary, commit2, new2 = LAST.search(last.plain).groups()
    h.check(gid == "1", "the first game is #1: " + last.plain)
    h.check((commit2, new2) == (commit, new), "!last checks the deal the end revealed: " + last.plain)
    h.check("--export-game" not in last.plain, "!last names no operator's command")
    durak = re.search(r"Game over: (\S+) is the durak", result)
    if durak:
        h.check(summary.startswith("durak %s" % durak.group(1)), "!last names the durak")

    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)
    cli = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(env.args.bot))),
                       "engine", "durak-cli")
    export = subprocess.run([env.args.bot, "-c", bot.conf, "--export-game", gid],
                            capture_output=True, text=True, timeout=20)
    h.check(export.returncode == 0, "--export-game failed: " + export.stderr)
    h.check("seed=%s" % seed in export.stdout, "the export deals from the revealed seed")
    newer_database_left_alone(env, bot)  # the export above is all the replay below reads
    if not os.access(cli, os.X_OK):
        h.log("no durak-cli at %s: the replay is not checked" % cli)
        return
    h.check(new + "\n" in export.stdout, "the export deals as the line shown to players: " + new)
    dealt = subprocess.run([cli], input=new + "\nstate\n", capture_output=True, text=True,
                           timeout=20)
    h.check(dealt.returncode == 0 and "hand 0: " in dealt.stdout
            and "error:" not in dealt.stdout, "the players' durak-cli line: " + dealt.stdout)
    replay = subprocess.run([cli], input=export.stdout, capture_output=True, text=True,
                            timeout=20)
    out = replay.stdout.splitlines()
    h.check(not [l for l in out if l.startswith("error:")], "the replay refuses a move")
    results = [l for l in out if l.startswith("result: ")]
    h.check(results and results[-1] != "result: ongoing", "the replay ends: %r" % results[-1:])
    if durak:
        seats = re.findall(r"^# seat (\d+): (\S+) ", export.stdout, re.M)
        seat = [s for s, nick in seats if nick == durak.group(1)]
        h.check(seat and results[-1] == "result: durak %s" % seat[0],
                "the replay's %s is not %s's seat %s" % (results[-1], durak.group(1), seat))
    h.log("the export replays to %s" % results[-1])


def newer_database_left_alone(env, bot):
    """An export reads: a database a newer durakbot wrote is refused, never moved aside."""
    db = sqlite3.connect(bot.database)
    version = db.execute("PRAGMA user_version").fetchone()[0]
    db.execute("PRAGMA user_version = %d" % (version + 1))
    db.commit()
    db.close()
    run = subprocess.run([env.args.bot, "-c", bot.conf, "--export-games"], capture_output=True,
                         text=True, timeout=20)
    h.check(run.returncode == 1 and "newer durakbot" in run.stderr,
            "an export of a newer database: %s %r" % (run.returncode, run.stderr))
    aside = [f for f in os.listdir(os.path.dirname(bot.database)) if ".corrupt-" in f]
    h.check(os.path.exists(bot.database) and not aside,
            "the database is where it was, nothing moved aside: %r" % aside)
    h.log("an export refuses a newer database and leaves it: " + run.stderr.strip())


if __name__ == "__main__":
    h.run(test)
