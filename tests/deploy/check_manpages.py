#!/usr/bin/python3
"""check_manpages: each manual page renders with groff (man macros, all warnings on) without a
single warning, its .TH names the file; with --durakbot, durakbot(8) mentions every option that
`durakbot --help` prints.

usage: check_manpages.py [--durakbot BIN] PAGE...
Exits 77 (ctest: skipped) when groff is not installed (apt-get install groff-base).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys


def render_warnings(page):
    """groff's complaints about page (empty when clean)."""
    run = subprocess.run(["groff", "-man", "-ww", "-Tutf8", "-k", "-z", page],
                         capture_output=True, text=True)
    problems = run.stderr.strip().splitlines()
    if run.returncode != 0:
        problems.append(f"groff exited with {run.returncode}")
    return problems


def title_problem(page):
    """None if the .TH line names this file (durakbot.conf.5: DURAKBOT.CONF 5)."""
    base = os.path.basename(page)
    name, section = base.rsplit(".", 1)
    for line in open(page, encoding="utf-8"):
        if line.startswith(".TH "):
            words = line.split()
            if len(words) < 3 or words[1].upper() != name.upper() or words[2] != section:
                return f"{base}: .TH says \"{' '.join(words[1:3])}\", want \"{name.upper()} {section}\""
            return None
    return f"{base}: no .TH line"


def unroff(text):
    text = re.sub(r"\\f(\[[^]]*\]|\(..|.)", "", text)
    return text.replace("\\-", "-").replace("\\&", "")


def missing_options(durakbot, page):
    """Options in durakbot --help that page does not mention."""
    run = subprocess.run([durakbot, "--help"], capture_output=True, text=True, timeout=30)
    if run.returncode != 0:
        return [f"{durakbot} --help exited with {run.returncode}: {run.stderr.strip()}"]
    options = sorted(set(re.findall(r"(?<![\w-])(--?[A-Za-z][\w-]*)", run.stdout)))
    if not options:
        return [f"{durakbot} --help printed no options:\n{run.stdout}"]
    text = unroff(open(page, encoding="utf-8").read())
    print(f"durakbot --help options: {' '.join(options)}")
    return [f"{os.path.basename(page)} does not mention {o} (durakbot --help has it)"
            for o in options if not re.search(rf"(?<![\w-]){re.escape(o)}(?![\w-])", text)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--durakbot")
    ap.add_argument("pages", nargs="+")
    a = ap.parse_args()
    if not shutil.which("groff"):
        print("SKIP: groff is not installed (apt-get install groff-base)")
        return 77
    failures = []
    for page in a.pages:
        failures += [f"{os.path.basename(page)}: {w}" for w in render_warnings(page)]
        problem = title_problem(page)
        if problem:
            failures.append(problem)
    if a.durakbot:
        eight = [p for p in a.pages if p.endswith(".8")]
        for page in eight:
            failures += missing_options(a.durakbot, page)
    if failures:
        print("FAIL:\n  " + "\n  ".join(failures))
        return 1
    print(f"ok: {', '.join(os.path.basename(p) for p in a.pages)} render without warnings"
          + (" and durakbot(8) has every option of --help" if a.durakbot else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
