#!/usr/bin/env python3
"""durak-arena -x: the example external agent plays whole games in 2 and 3 seats;
a wrong answer, a late one (also from an agent that ignores SIGTERM) and an agent that exits are
each reported and count as its loss."""
import os
import re
import subprocess
import sys

ARENA, AGENT = sys.argv[1], sys.argv[2]
GOOD = "python3 " + AGENT


def arena(*args):
    r = subprocess.run([ARENA, "-b", "0", "-i", "50", *args], capture_output=True, text=True,
                       timeout=120)
    return r.returncode, r.stdout, r.stderr


def row(out, name):
    m = re.search(r"^\d+\s+" + name + r"\s+(\d+)\s+(\d+)", out, re.M)
    assert m, out
    return int(m.group(1)), int(m.group(2))


def check(cond, what, out, err):
    if not cond:
        sys.exit("FAIL: %s\n--- stdout\n%s\n--- stderr\n%s" % (what, out, err))


rc, out, err = arena("-n", "6", "-x", GOOD, "normal")
check(rc == 0, "the example agent plays 6 games", out, err)
check(row(out, "x1") == (6, row(out, "x1")[1]), "x1 played 6 seat-games", out, err)
check("bad or late answers: 0" in out, "no bad answers", out, err)
check("x1: " + GOOD in out, "the report names the command", out, err)

rc, out, err = arena("-n", "6", "-x", GOOD, "-x", GOOD, "easy")
check(rc == 0 and row(out, "x2")[0] == 6, "two external agents in 3 seats", out, err)

rc, out, err = arena("-n", "2", "-x", "while read l; do echo dance; done", "normal")
check(rc == 1, "a wrong answer: exit status 1", out, err)
check('not one of the legal moves: "dance"' in err, "a wrong answer is named", out, err)
check(row(out, "x1") == (2, 0) and row(out, "normal") == (2, 2), "a wrong answer loses", out,
      err)
check("bad or late answers: 2" in out, "wrong answers counted", out, err)

# with teams the same agent plays both partners (R19): the wrong answer loses for both
rc, out, err = arena("-n", "2", "-p", "4", "-T", "on", "-x", "while read l; do echo dance; done",
                     "normal")
check(rc == 1 and row(out, "x1") == (4, 0) and row(out, "normal") == (4, 4),
      "a wrong answer in a team game loses for the agent's team", out, err)

rc, out, err = arena("-n", "1", "-w", "300", "-x", "sleep 30", "normal")
check(rc == 1 and "no answer in time" in err, "a late answer", out, err)

rc, out, err = arena("-n", "1", "-w", "300", "-x", "trap '' TERM; sleep 30", "normal")
check(rc == 1 and "no answer in time" in err, "an agent that ignores SIGTERM is killed", out, err)

rc, out, err = arena("-n", "1", "-x", "exit 0", "normal")
check(rc == 1 and "exited?" in err, "an agent that exits", out, err)

rc, out, err = arena("-x")
check(rc == 2 and "-x CMD" in err, "-x without a command: usage", out, err)
print("ok")
