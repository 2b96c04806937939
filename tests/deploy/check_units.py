#!/usr/bin/python3
"""check_units: the installed units pass `systemd-analyze verify` without a word of complaint, and
`systemd-analyze security --offline=yes` rates the exposure of each at most --max-exposure.

No systemd needs to run: both work on a root directory (--root=) made of the DESTDIR tree that
deploy_install left and a copy of this machine's units (sysinit.target and the rest that a
service depends on). verify checks that ExecStart's binary exists there, so the units are checked
as installed. A broken unit is verified first, to show that verify does report problems here.
The template is checked as the instance durakbot@deploytest.service.

usage: check_units.py --destdir DIR --layout layout.json --max-exposure 1.5 --work DIR
Exits 77 (ctest: skipped) when systemd-analyze is missing or too old for --offline (< 250).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

UNITS = ["durakbot.service", "durakbot@deploytest.service"]


def analyze(*args):
    run = subprocess.run(["systemd-analyze", *args], capture_output=True, text=True, timeout=60)
    return run.returncode, (run.stdout + run.stderr).strip()


def host_unit_dir():
    for d in ("/usr/lib/systemd/system", "/lib/systemd/system"):
        if os.path.isfile(os.path.join(d, "sysinit.target")):
            return d
    return None


def make_root(destdir, work, host_units):
    """work/root: the DESTDIR tree plus this machine's units (without any durakbot units)."""
    root = os.path.join(work, "root")
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(destdir, root, symlinks=True)
    shutil.copytree(host_units, root + "/usr/lib/systemd/system", symlinks=True, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("durakbot*"))
    return root


def verify(root, units):
    return analyze("verify", "--man=no", f"--root={root}", *units)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--destdir", required=True)
    ap.add_argument("--layout", required=True)
    ap.add_argument("--max-exposure", type=float, required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    if not shutil.which("systemd-analyze"):
        print("SKIP: systemd-analyze is not installed (apt-get install systemd)")
        return 77
    code, out = analyze("security", "--help")
    if "--offline" not in out:
        print("SKIP: this systemd-analyze has no --offline (systemd 250 or later needed)")
        return 77
    host_units = host_unit_dir()
    if not host_units:
        print("SKIP: no sysinit.target in /usr/lib/systemd/system or /lib/systemd/system")
        return 77
    layout = json.load(open(a.layout, encoding="utf-8"))
    unitdir = layout["unitdir"]
    if not os.path.isfile(a.destdir + os.path.join(unitdir, "durakbot.service")):
        print(f"FAIL: no installed units in {a.destdir}{unitdir} (deploy_install makes them)")
        return 1
    os.makedirs(a.work, exist_ok=True)
    root = make_root(a.destdir, a.work, host_units)
    failures = []

    # verify must complain about a unit with an unknown key and a missing binary.
    with open(root + os.path.join(unitdir, "deploy-selftest.service"), "w") as f:
        f.write("[Service]\nExecStart=/nonexistent/durakbot\nNoSuchKey=yes\n")
    code, out = verify(root, ["deploy-selftest.service"])
    if code == 0 and not out:
        failures.append("systemd-analyze verify accepted a broken unit: it checks nothing here")
    os.remove(root + os.path.join(unitdir, "deploy-selftest.service"))

    code, out = verify(root, UNITS)
    print(f"systemd-analyze verify --man=no --root=... {' '.join(UNITS)}: exit {code}"
          + (f"\n{out}" if out else ", no output"))
    if code != 0 or out:
        failures.append(f"systemd-analyze verify: exit {code}: {out or '(no output)'}")

    for unit in UNITS:
        code, out = analyze("security", "--offline=yes", f"--root={root}", "--no-pager", unit)
        m = re.search(r"^.*Overall exposure level for \S+: ([0-9.]+).*$", out, re.M)
        if not m:
            failures.append(f"systemd-analyze security {unit}: no exposure level in:\n{out}")
            continue
        print(m.group(0))
        if float(m.group(1)) > a.max_exposure:
            worst = [l for l in out.splitlines() if l.startswith("✗")]
            failures.append(f"{unit}: exposure {m.group(1)} > {a.max_exposure}; open:\n    "
                            + "\n    ".join(worst))
    if failures:
        print("FAIL:\n  " + "\n  ".join(failures))
        return 1
    print(f"ok: both units verify cleanly, exposure at most {a.max_exposure}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
