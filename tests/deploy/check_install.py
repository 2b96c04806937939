#!/usr/bin/python3
"""check_install: `cmake --install` into an empty DESTDIR under umask 027, then the installed tree
(its own folders 0755: the service's dynamic user reads the config's); the binaries,
both units (no @placeholder@ left, ExecStart and ExecReload on the installed binary and config),
the config, its example, the three manual pages (durak.7 too) and INSTALL.md. A second install
must keep a config the administrator changed; `--prefix` another than the configured one is
refused before a file is written. Leaves the tree in DESTDIR for deploy_units.

usage: check_install.py --cmake CMAKE --build DIR --source DIR --layout layout.json --destdir DIR
"""
import argparse
import filecmp
import json
import os
import re
import shutil
import stat
import subprocess
import sys

failures = []


def fail(msg):
    failures.append(msg)


def install(cmake, build, destdir, umask=None):
    env = dict(os.environ, DESTDIR=destdir)
    run = subprocess.run([cmake, "--install", build], env=env, capture_output=True, text=True,
                         preexec_fn=(lambda: os.umask(umask)) if umask is not None else None)
    if run.returncode != 0:
        sys.exit(f"FAIL: cmake --install {build} (DESTDIR={destdir}) exited with "
                 f"{run.returncode}:\n{run.stdout}{run.stderr}")
    return run.stdout


def exec_lines(unit_text, key):
    """The command lines of key= (ExecStart, ExecReload) in a unit, as word lists."""
    return [line.split("=", 1)[1].split() for line in unit_text.splitlines()
            if line.startswith(key + "=")]


def check_unit(root, layout, name, config):
    path = root + os.path.join(layout["unitdir"], name)
    if not os.path.isfile(path):
        return fail(f"{name} is not installed at {layout['unitdir']}")
    text = open(path, encoding="utf-8").read()
    left = sorted(set(re.findall(r"@[A-Z_]+@", text)))
    if left:
        fail(f"{name}: placeholders left by configure_file: {' '.join(left)}")
    binary = os.path.join(layout["bindir"], "durakbot")
    starts = exec_lines(text, "ExecStart")
    if starts != [[binary, "-c", config]]:
        fail(f"{name}: ExecStart is {starts}, want [['{binary}', '-c', '{config}']]")
    reloads = exec_lines(text, "ExecReload")
    want = [[binary, "-c", config, "--check-config"], ["/bin/kill", "-HUP", "$MAINPID"]]
    if reloads != want:
        fail(f"{name}: ExecReload is {reloads}, want {want}")
    for key in ("Type=notify", "WatchdogSec=", "Restart=on-failure", "DynamicUser=yes",
                "StateDirectory=", "LoadCredential=irc-password:",
                "LoadCredential=nickserv-password:", "LoadCredential=tls-key:"):
        if not re.search(rf"^{re.escape(key)}", text, re.M):
            fail(f"{name}: no {key} line")
    conf_dir_line = re.search(r"^ConfigurationDirectory=(.*)$", text, re.M)
    if layout["confdir"] == "/etc/durakbot" and not conf_dir_line:
        fail(f"{name}: no ConfigurationDirectory=durakbot although the config is in /etc/durakbot")
    print(f"{name}: ExecStart={' '.join(starts[0]) if starts else '?'}")


def check_file(root, path, source=None, mode=None):
    full = root + path
    if not os.path.isfile(full):
        return fail(f"{path} is not installed")
    if source and not filecmp.cmp(full, source, shallow=False):
        fail(f"{path} differs from {source}")
    if mode is not None and stat.S_IMODE(os.stat(full).st_mode) != mode:
        fail(f"{path} has mode {stat.S_IMODE(os.stat(full).st_mode):o}, want {mode:o}")


def main():
    ap = argparse.ArgumentParser()
    for opt in ("--cmake", "--build", "--source", "--layout", "--destdir"):
        ap.add_argument(opt, required=True)
    a = ap.parse_args()
    layout = json.load(open(a.layout, encoding="utf-8"))
    root = os.path.abspath(a.destdir)
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    # another prefix than the configured one: refused, nothing written (the units would name a
    # binary that is not there)
    other = root + ".other"
    shutil.rmtree(other, ignore_errors=True)
    os.makedirs(other)
    run = subprocess.run([a.cmake, "--install", a.build, "--prefix", other + "/p"],
                         env=dict(os.environ, DESTDIR=other), capture_output=True, text=True)
    if run.returncode == 0 or "-DCMAKE_INSTALL_PREFIX=" not in run.stdout + run.stderr:
        fail(f"cmake --install --prefix another: exit {run.returncode}, no advice to configure "
             f"with -DCMAKE_INSTALL_PREFIX:\n{run.stdout}{run.stderr}")
    written = [os.path.join(d, f) for d, _, files in os.walk(other) for f in files]
    if written:
        fail(f"cmake --install --prefix another wrote {len(written)} files: {written[:3]}")
    shutil.rmtree(other, ignore_errors=True)
    install(a.cmake, a.build, root, umask=0o027)  # a root shell's strict umask

    binary = os.path.join(layout["bindir"], "durakbot")
    # durak-cli too: `durakbot --export-game N | durak-cli` is how the man pages check a deal
    for program in (binary, os.path.join(layout["bindir"], "durak-cli")):
        if not os.access(root + program, os.X_OK):
            fail(f"{program} is not installed or not executable")
    conf = os.path.join(layout["confdir"], "durakbot.conf")
    example = os.path.join(a.source, "config", "durakbot.conf")
    check_file(root, conf, example, 0o644)
    for d in (layout["confdir"], layout["docdir"]):
        mode = stat.S_IMODE(os.stat(root + d).st_mode)
        if mode != 0o755:  # the service's dynamic user reads the config through its folder
            fail(f"{d} has mode {mode:o} under umask 027, want 755")
    check_file(root, os.path.join(layout["docdir"], "durakbot.conf.example"), example)
    check_file(root, os.path.join(layout["docdir"], "INSTALL.md"),
               os.path.join(a.source, "deploy", "INSTALL.md"))
    check_file(root, os.path.join(layout["mandir"], "man8", "durakbot.8"),
               os.path.join(a.source, "deploy", "durakbot.8"))
    check_file(root, os.path.join(layout["mandir"], "man5", "durakbot.conf.5"),
               os.path.join(a.source, "deploy", "durakbot.conf.5"))
    check_file(root, os.path.join(layout["mandir"], "man7", "durak.7"),
               os.path.join(a.source, "deploy", "durak.7"))
    check_unit(root, layout, "durakbot.service", conf)
    check_unit(root, layout, "durakbot@.service", os.path.join(layout["confdir"], "%i.conf"))

    # The administrator's config survives a second install.
    mine = '# edited by the administrator\nirc = { nick = "mybot"; };\n'
    with open(root + conf, "w", encoding="utf-8") as f:
        f.write(mine)
    out = install(a.cmake, a.build, root)
    if open(root + conf, encoding="utf-8").read() != mine:
        fail(f"a second cmake --install overwrote the changed {conf}")
    elif "Keeping: " not in out:
        fail(f"a second cmake --install kept {conf} but did not say so")
    shutil.copyfile(example, root + conf)

    if failures:
        print("FAIL:\n  " + "\n  ".join(failures))
        return 1
    print(f"ok: installed into {root}: {binary}, the units in {layout['unitdir']}, {conf} "
          f"(kept on reinstall), the example and INSTALL.md in {layout['docdir']}, the manual "
          f"pages in {layout['mandir']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
