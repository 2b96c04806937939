#!/usr/bin/env python3
"""Writes the seed corpus of the restore fuzz target (tests/fuzz/corpus/state/): serialized games
from real play. Each game is dealt by durak-cli from a seed, played with random legal moves
(Python's random, seeded: the corpus is reproducible), sometimes with a forfeit, and saved
at a few points: the first bout, the middle, a late position with the stock empty, the end.

usage: tests/fuzz/make_state_corpus.py build/engine/durak-cli tests/fuzz/corpus/state
"""
import os
import random
import subprocess
import sys

# (options for new, seed, seat that forfeits at some step or None)
GAMES = [
    ("players=2", 1, None),
    ("players=2 variant=transfer", 2, None),
    ("players=3", 3, 2),
    ("players=3 variant=transfer throwin=neighbours", 4, None),
    ("players=4 throwin=neighbours first5=on", 5, 1),
    ("players=4 variant=transfer first5=on", 6, None),
    ("players=5 variant=transfer throwin=neighbours", 7, 0),
    ("players=6", 8, None),
    ("players=6 variant=transfer throwin=neighbours first5=on", 9, 3),
    ("players=2 deck=24", 10, None),
    ("players=4 deck=24 variant=transfer", 11, None),
    ("players=3 deck=52 first5=on", 12, None),
    ("players=6 deck=52 variant=transfer", 13, 5),
    ("players=4 teams=on variant=transfer", 14, None),  # R19
    ("players=6 teams=on throwin=neighbours", 15, 4),
]


class Cli:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True)

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            reply = self.p.stdout.readline().rstrip("\n")
            if reply == "ok" or reply.startswith("ok "):
                return out
            if reply.startswith("error:"):
                raise RuntimeError(f"{line}: {reply}")
            out.append(reply)

    def state(self):
        return dict(l.split(": ", 1) for l in self.ask("state"))


def play(cli, options, seed, forfeit, rng):
    cli.ask(f"new {options} seed={seed}")
    saved, step = [cli.ask("serialize")[0]], 0
    forfeit_at = rng.randrange(5, 60) if forfeit is not None else -1
    while True:
        st = cli.state()
        if st["phase"] == "over":
            break
        if step == forfeit_at and st["hand %d" % forfeit] != "-":
            cli.ask(f"resign {forfeit}")
            saved.append(cli.ask("serialize")[0])
        else:
            cli.ask(rng.choice(cli.ask("legal")))
        step += 1
        if step in (3, 20) or (st["stock"] == "0" and rng.random() < 0.08):
            saved.append(cli.ask("serialize")[0])
    saved.append(cli.ask("serialize")[0])
    return saved


def main():
    cli_path, out_dir = sys.argv[1], sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    cli = Cli(cli_path)
    for k, (options, seed, forfeit) in enumerate(GAMES):
        rng = random.Random(seed)
        lines = list(dict.fromkeys(play(cli, options, seed, forfeit, rng)))  # no duplicates
        if len(lines) > 5:  # the deal, four spread over the game, the end
            lines = [lines[0]] + rng.sample(lines[1:-1], 3) + [lines[-1]]
        for i, line in enumerate(lines):
            with open(os.path.join(out_dir, f"game{k:02d}_{i}"), "w") as f:
                f.write(line)
    cli.p.stdin.close()
    cli.p.wait()


if __name__ == "__main__":
    main()
