#!/usr/bin/env python3
"""records_export: durakbot --export-game and --export-games on the database that
test_records leaves in the build tree: each exported session, piped into the real durak-cli,
ends in the game's recorded result; the JSON Lines parse and follow durakbot(8)'s schema; names
with backslashes, quotes, control codes and invalid UTF-8 (test_records' nicks.db) read back as
stored; bad ids and dates get a message and a non-zero exit. Writes only into --dir."""
import argparse
import json
import os
import subprocess
import sys

FAILURES = []


def check(cond, what):
    if not cond:
        FAILURES.append(what)
        print("FAIL:", what)


def bot(args, conf):
    return subprocess.run([ARGS.bot, "-c", conf] + args, capture_output=True, text=True,
                          timeout=30)


def replay(cli, session):
    out = subprocess.run([cli], input=session, capture_output=True, text=True, timeout=30)
    lines = out.stdout.splitlines()
    errors = [l for l in lines if l.startswith("error:")]
    results = [l[len("result: "):] for l in lines if l.startswith("result: ")]
    return errors, results[-1] if results else None


SEAT_KEYS = {"seat": int, "nick": str, "key": str, "bot": bool, "place": int, "durak": bool,
             "forfeited": bool}
GAME_KEYS = {"id": int, "channel": str, "ended_at": str, "ended_unix": int, "duration_ms": int,
             "options": dict, "seed": str, "salt": str, "fingerprint": str, "result": str,
             "draw": bool, "truncated": bool, "language": str, "seats": list, "moves": list}


def check_schema(game):
    for key, kind in GAME_KEYS.items():
        check(isinstance(game.get(key), kind), "game field %s is a %s" % (key, kind.__name__))
    opts = game["options"]
    check(opts.get("variant") in ("classic", "transfer"), "options.variant")
    check(opts.get("throwin") in ("all", "neighbours"), "options.throwin")
    check(opts.get("deck") in (24, 36, 52), "options.deck")
    check(opts.get("players") == len(game["seats"]), "options.players is the number of seats")
    for seat in game["seats"]:
        for key, kind in SEAT_KEYS.items():
            check(isinstance(seat.get(key), kind), "seat field %s" % key)
    for move in game["moves"]:
        check(set(move) == {"seat", "ms", "move", "timed_out"}, "a move has seat, ms, move, timed_out")
        check(isinstance(move.get("timed_out"), bool), "a move's timed_out is a boolean")
    check(len(game["salt"]) == 32 and len(game["fingerprint"]) == 64, "salt and fingerprint")


def write_conf(name, db):
    conf = os.path.join(ARGS.dir, name)
    with open(conf, "w") as f:
        f.write('irc = { server = "127.0.0.1"; port = 6667; nick = "durakbot";'
                ' channels = [ "#durak" ]; };\n')
        f.write('state = { database = "%s"; };\n' % db)
    return conf


# nicks.db's game as test_records wrote it: what each string must read back as (invalid UTF-8
# as U+FFFD, one for each byte that starts no valid sequence)
STORED_CHANNEL = '#"quoted"\x02\\'
STORED_NICKS = ["back\\slash", 'say "hi"', "tab\there\x01\x1f\x7f",
                 "bad\ufffd\ufffd(\ufffd\ufffd\ufffdend"]


def check_escapes():
    """--export-games of names that need escaping: valid UTF-8, valid JSON, the same text."""
    conf = write_conf("nicks.conf", os.path.join(ARGS.dir, "nicks.db"))
    out = subprocess.run([ARGS.bot, "-c", conf, "--export-games"], capture_output=True,
                         timeout=30)
    check(out.returncode == 0, "--export-games of nicks.db exits 0: %r" % out.stderr)
    try:
        text = out.stdout.decode("utf-8")
        games = [json.loads(line) for line in text.splitlines()]
    except ValueError as e:  # UnicodeDecodeError and json's JSONDecodeError alike
        check(False, "nicks.db's export is UTF-8 and JSON: %s: %r" % (e, out.stdout))
        return
    check(len(games) == 1, "one game in nicks.db, got %d" % len(games))
    if games:
        check(games[0]["channel"] == STORED_CHANNEL, "channel %r" % games[0]["channel"])
        nicks = [seat["nick"] for seat in games[0]["seats"]]
        check(nicks == STORED_NICKS, "nicks %r" % nicks)
        check(games[0]["seats"][0]["key"] == "back\\slash", "a key with a backslash")


def main():
    conf = write_conf("export.conf", ARGS.db)
    out = bot(["--export-games", "--since", "2000-01-01"], conf)
    check(out.returncode == 0, "--export-games exits 0: " + out.stderr)
    games = [json.loads(line) for line in out.stdout.splitlines()]
    check(len(games) == 2, "two games recorded by test_records, got %d" % len(games))
    for game in games:
        check_schema(game)
        session = bot(["--export-game", str(game["id"])], conf)
        check(session.returncode == 0, "--export-game %d exits 0" % game["id"])
        errors, result = replay(ARGS.cli, session.stdout)
        check(not errors, "the replay of game %d has no errors: %s" % (game["id"], errors))
        check(result == game["result"] and result != "ongoing",
              "game %d replays to %s, recorded %s" % (game["id"], result, game["result"]))
        check(("seed=%s" % game["seed"]) in session.stdout, "the session deals from the seed")
        # test_records plays in an English channel: the language the game was played in
        check(game["language"] == "en", "game %d's language: %r" % (game["id"], game["language"]))
        check(session.stdout.startswith("# durakbot game #%d in #durak (language en), "
                                        % game["id"]), "the session's head names the language")
        # the moves in JSON are the moves of the session, in order
        moves = [l for l in session.stdout.splitlines()
                 if l and not l.startswith(("#", "new ", "state"))]
        check(moves == [m["move"] for m in game["moves"]], "JSON moves are the session's")
        # game 2's first lead was the bot's, its attacker's time up: said so, and no other move
        late = [i for i, m in enumerate(game["moves"]) if m["timed_out"]]
        check(late == ([0] if game["id"] == 2 else []), "game %d's timed-out moves: %s"
              % (game["id"], late))
        if game["id"] == 2:
            print(session.stdout, end="")
    check_escapes()
    later = bot(["--export-games", "--since", "2999-01-01"], conf)
    check(later.returncode == 0 and later.stdout == "", "nothing ends after 2999")
    for args, words in ((["--export-game", "999"], "no game has that id"),
                        (["--export-game", "x"], "is not a game id"),
                        (["--export-game"], "needs a game id"),
                        (["--export-games", "--since", "2026-02-30"], "is not a date"),
                        (["--since", "2026-01-01"], "--since goes with --export-games")):
        bad = bot(args, conf)
        check(bad.returncode != 0 and words in bad.stderr,
              "%s: exit %d, %r" % (" ".join(args), bad.returncode, bad.stderr))
    missing = os.path.join(ARGS.dir, "missing.conf")
    with open(missing, "w") as f:
        f.write('irc = { server = "127.0.0.1"; nick = "d"; channels = [ "#d" ]; };\n')
        f.write('state = { database = "%s"; };\n' % os.path.join(ARGS.dir, "none", "x.db"))
    bad = bot(["--export-game", "1"], missing)
    check(bad.returncode != 0 and "no state database" in bad.stderr, "a missing database")
    check(not os.path.exists(os.path.join(ARGS.dir, "none")), "a missing database is not made")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    P = argparse.ArgumentParser()
    for opt in ("--bot", "--cli", "--db", "--dir"):
        P.add_argument(opt, required=True)
    ARGS = P.parse_args()
    sys.exit(main())
