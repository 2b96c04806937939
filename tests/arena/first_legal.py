#!/usr/bin/env python3
"""An example durak-arena external agent (durak-arena -x "python3 first_legal.py"): reads one
decision line per move (TAB-separated key=value fields after "decide") and plays the first
legal move. See README, "External agents"."""
import sys

REQUIRED = ("seat", "players", "variant", "phase", "trump", "stock", "discard", "table",
            "hand", "counts", "known", "view", "legal")

for line in sys.stdin:
    words = line.rstrip("\n").split("\t")
    if words[0] != "decide":
        continue  # room for other kinds of lines later
    fields = dict(w.split("=", 1) for w in words[1:])
    missing = [k for k in REQUIRED if k not in fields]
    if missing:
        sys.exit("first_legal.py: decision line without " + ", ".join(missing))
    legal = fields["legal"].split(";")
    print(legal[0], flush=True)
