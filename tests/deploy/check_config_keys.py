#!/usr/bin/python3
"""check_config_keys: every key the config loader accepts is documented, with its type and default,
in durakbot.conf(5), and is in the example config/durakbot.conf (set, or commented out as
"# key = value;"); durakbot.conf(5) documents no key the loader refuses; every key in README's
key table ("| key | default | meaning |") is one the loader accepts, and so is every key that
README and the other manual pages name (irc.*, flood.*, game.*, ui.*, state.*).

The keys and their types come from the loader itself (config_keys list, tests/deploy/config_keys.c);
each default written in the manual page is checked by loading it (config_keys same).

usage: check_config_keys.py --tool BIN --example FILE --manpage FILE --workdir DIR [--loader-source
       config/config.c] [--readme README.md] [--doc PAGE]...
With --loader-source, the key names written in the loader's table must all be among those it
lists (its list of names in an error has a length limit: this catches a cut list).
"""
import argparse
import os
import re
import subprocess
import sys

# The loader's words for a type (config.c, config_kind_name) -> the manual page's "Type:" word.
TYPE_WORDS = {
    "an integer": "integer",
    "a number": "number",
    "true or false": "boolean",
    "a string in double quotes": "string",
    'an array of strings [ "...", ... ]': "array of strings",
    'a list of groups ( { name = "#channel"; language = "ru"; }, ... )': "list of groups",
}


def loader_keys(tool, workdir):
    """[(key, type word)] in the loader's order."""
    run = subprocess.run([tool, "list", workdir], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"FAIL: {tool} list: {run.stderr.strip()}")
    keys = []
    for line in run.stdout.splitlines():
        key, words = line.split("\t", 1)
        if words not in TYPE_WORDS:
            sys.exit(f"FAIL: the loader has a new type for {key}: \"must be {words}\"; "
                     f"add its word to TYPE_WORDS in {__file__} and to durakbot.conf(5)")
        keys.append((key, TYPE_WORDS[words]))
    if len(keys) < 10:
        sys.exit(f"FAIL: the loader listed only {len(keys)} keys: {keys}")
    return keys


# ---- the manual page ----

def unroff(text):
    """Roff text -> plain text, for the few escapes a default may use."""
    text = re.sub(r"\\f(\[[^]]*\]|\(..|.)", "", text)
    for esc, plain in (("\\-", "-"), ("\\(dq", '"'), ("\\&", ""), ("\\e", "\\"), ("\\(ga", "`")):
        text = text.replace(esc, plain)
    return text


def manpage_entries(path):
    """{key: (type line, default literal or None, line number)} of the entries
    .TP / .B key / Type: ... ; and a list of problems (duplicates)."""
    lines = open(path, encoding="utf-8").read().splitlines()
    entries, problems = {}, []
    for i, line in enumerate(lines[:-2]):
        m = re.fullmatch(r"\.B ([A-Za-z0-9_.]+)\s*", lines[i + 1])
        if line != ".TP" or not m or not lines[i + 2].startswith("Type:"):
            continue
        key = m.group(1)
        default = None
        for body in lines[i + 3:]:
            if re.match(r"\.(TP|SH|SS|PP|LP|IP)\b", body):
                break
            d = re.match(r"Default: \\fB(.*?)\\f[RP]", body)
            if d:
                default = unroff(d.group(1))
                break
        if key in entries:
            problems.append(f"{key} has two entries (lines {entries[key][2]} and {i + 2})")
        entries[key] = (lines[i + 2], default, i + 2)
    return entries, problems


def config_text(key, value):
    if "." in key:
        group, name = key.split(".", 1)
        return f"{group} = {{\n  {name} = {value};\n}};\n"
    return f"{key} = {value};\n"


def check_default(tool, workdir, key, value):
    """None if `key = value` is what the loader has by default, else what is wrong."""
    path = os.path.join(workdir, "default.conf")
    with open(path, "w", encoding="utf-8") as f:
        f.write(config_text(key, value))
    run = subprocess.run([tool, "same", path], capture_output=True, text=True)
    if run.returncode == 0:
        return None
    if run.returncode == 1:
        return f"its default is not {value} (the loader's default differs)"
    return f"its documented default {value} does not load: {run.stderr.strip()}"


# ---- the example config ----

TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<comment>(?:\#|//)[^\n]*)
  | (?P<block>/\*.*?\*/)
  | (?P<include>@include[^\n]*)
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<name>[A-Za-z*][\w*-]*)
  | (?P<number>[-+.0-9][\w.+-]*)
  | (?P<punct>.)
""", re.VERBOSE | re.DOTALL)


def example_keys(path):
    """(keys set, keys commented out as "# name = value;") of a libconfig file, dotted."""
    text = open(path, encoding="utf-8").read()
    set_keys, commented = set(), set()
    stack = []          # enclosing groups by name; None for a list or an array
    pending = None      # "name =" waiting for its value
    last_name = None

    def path_of(name):
        return ".".join(stack + [name]) if None not in stack else None

    for m in TOKEN.finditer(text):
        kind, tok = m.lastgroup, m.group()
        if kind in ("space", "block", "include"):
            continue
        if kind == "comment":
            c = re.fullmatch(r"\s*([A-Za-z][\w-]*)\s*[=:]\s*[^;]*;\s*", tok.lstrip("#/"))
            if c and path_of(c.group(1)):
                commented.add(path_of(c.group(1)))
            continue
        if pending is not None:           # the value of "pending ="
            if tok == "{":
                stack.append(pending)
            else:
                if path_of(pending):
                    set_keys.add(path_of(pending))
                if tok in "[(":
                    stack.append(None)
            pending = last_name = None
            continue
        if kind == "name":
            last_name = tok
        elif tok in "=:" and last_name is not None:
            pending, last_name = last_name, None
        else:
            if tok in "{[(":
                stack.append(None)
            elif tok in "}])" and stack:
                stack.pop()
            last_name = None
    return set_keys, commented


def table_keys(source):
    """The key names in the schema table of config.c (rows "KEY_INT("irc.port", ..." or
    "{"irc.channels", KIND_LIST, ..."), or an empty set if its form changed."""
    text = open(source, encoding="utf-8").read()
    table = re.search(r"config_keys\[\]\s*=\s*\{(.*?)\n\};", text, re.S)
    if not table:
        return set()
    text = table.group(1)
    return set(re.findall(r'^\s*(?:KEY_[A-Z]+\(|\{)"([a-z0-9_]+(?:\.[a-z0-9_]+)?)",', text, re.M))


# ---- README and the other pages ----

KEY_TOKEN = re.compile(r"^(?:irc|flood|game|ui|state)\.[a-z][a-z0-9_]*$|^admins$|^channel_settings$")
# A key named in running text: group.name, not part of a longer dotted name (irc.libera.chat).
KEY_MENTION = re.compile(r"(?<![\w./-])((?:irc|flood|game|ui|state)\.[a-z][a-z0-9_]*)(?!\w|\.\w)")

FILE_ENDINGS = {"c", "h", "py", "md", "sh", "cmake", "conf", "json"}  # irc.c is a file


def readme_table(path):
    """[(key, line number)] of the first cell of each row of README's table under the header
    "| key | default | meaning |"; a list of problems when there is none or a cell names no key."""
    lines = open(path, encoding="utf-8").read().splitlines()
    head = [i for i, line in enumerate(lines)
            if re.fullmatch(r"\|\s*key\s*\|\s*default\s*\|\s*meaning\s*\|\s*", line)]
    if len(head) != 1:
        return [], [f"{path}: want one table headed \"| key | default | meaning |\", found "
                    f"{len(head)}"]
    keys, problems = [], []
    for i in range(head[0] + 2, len(lines)):
        if not lines[i].startswith("|"):
            break
        cell = lines[i].split("|")[1]
        names = re.findall(r"`([^`]*)`", cell)
        if not names or not all(KEY_TOKEN.match(n) for n in names):
            problems.append(f"{path}:{i + 1}: the first cell should name keys in backquotes: "
                            f"{cell.strip()}")
        keys += [(n, i + 1) for n in names]
    if not keys:
        problems.append(f"{path}: the key table under line {head[0] + 1} names no key")
    return keys, problems


def key_mentions(path):
    """[(key, line number)] of every group.name key named in a document (roff or Markdown)."""
    found = []
    for i, line in enumerate(open(path, encoding="utf-8"), 1):
        if line.startswith('.\\"'):
            continue
        found += [(m.group(1), i) for m in KEY_MENTION.finditer(unroff(line))
                  if m.group(1).split(".")[1] not in FILE_ENDINGS]
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--example", required=True)
    ap.add_argument("--manpage", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--loader-source")
    ap.add_argument("--readme")
    ap.add_argument("--doc", action="append", default=[])
    a = ap.parse_args()
    os.makedirs(a.workdir, exist_ok=True)

    keys = loader_keys(a.tool, a.workdir)
    print(f"the loader accepts {len(keys)} keys: {', '.join(k for k, _ in keys)}")
    entries, failures = manpage_entries(a.manpage)
    set_keys, commented = example_keys(a.example)
    man = os.path.basename(a.manpage)
    example = a.example

    for key, word in keys:
        entry = entries.get(key)
        if entry is None:
            failures.append(f"{key} is missing from {man} (add a .TP entry: .B {key} / "
                            f"Type: {word}, ... / Default: \\fBvalue\\fR / what it means)")
        else:
            type_line, default, line = entry
            if not re.match(rf"Type: {re.escape(word)}\b", type_line):
                failures.append(f"{man}:{line}: {key}: says \"{type_line}\"; the loader takes "
                                f"\"Type: {word}\"")
            if default is None:
                failures.append(f"{man}:{line}: {key}: no \"Default: \\fBvalue\\fR\" line")
            else:
                why = check_default(a.tool, a.workdir, key, default)
                if why:
                    failures.append(f"{man}:{line}: {key}: {why}")
        if key not in set_keys and key not in commented:
            failures.append(f"{key} is missing from {example} (add it with its default and a "
                            f"comment, or as \"# name = default;\" in its group)")
    known = {k for k, _ in keys}
    if a.loader_source:
        in_table = table_keys(a.loader_source)
        if not in_table:
            print(f"note: no key table found in {a.loader_source}; the cross-check is skipped")
        elif in_table - known:
            failures.append(f"{a.loader_source} has keys that the loader did not list (is its "
                            f"\"expected one of\" list cut?): {', '.join(sorted(in_table - known))}")
    for key, (_, _, line) in entries.items():
        if key not in known:
            failures.append(f"{man}:{line}: documents {key}, which the loader does not accept")
    readme_keys = []
    if a.readme:
        readme_keys, problems = readme_table(a.readme)
        failures += problems
        failures += [f"{a.readme}:{line}: the key table names {key}, which the loader does not "
                     f"accept" for key, line in readme_keys if key not in known]
    mentions = 0
    for doc in [a.manpage] + a.doc + ([a.readme] if a.readme else []):
        for key, line in key_mentions(doc):
            mentions += 1
            if key not in known:
                failures.append(f"{doc}:{line}: names {key}, which the loader does not accept")

    if failures:
        print("FAIL:\n  " + "\n  ".join(failures))
        return 1
    only_commented = sorted(k for k, _ in keys if k not in set_keys)
    print(f"ok: {len(keys)} keys in {man} (type and default checked by the loader) and in "
          f"{example}" + (f" (commented out there: {', '.join(only_commented)})"
                          if only_commented else ""))
    if a.readme:
        print(f"ok: the {len(readme_keys)} keys of {a.readme}'s key table and the {mentions} keys "
              f"named in it and the manual pages are all the loader's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
