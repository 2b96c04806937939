#!/usr/bin/python3
"""stopped: a test stopped by SIGTERM (ctest's time-out, or a whole run interrupted) stops what it
started. test_games.py runs as a child; once its bot is up, the child gets SIGTERM: it exits, and
none of the processes it started (its ngircd and durakbot) is left running (they were, orphans).
Only the child's own processes are looked at: other tests may run beside this one."""
import os
import signal
import subprocess
import sys
import time

import harness as h

HERE = os.path.dirname(os.path.abspath(__file__))


def started_by(parent):
    """{pid: program} of the running processes whose parent is `parent`."""
    found = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                program = f.read().split(b"\0")[0].decode(errors="replace")
        except OSError:
            continue
        if int(fields[1]) == parent and fields[0] != "Z":
            found[int(pid)] = program
    return found


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test(env):
    out = open(os.path.join(env.dir, "child.out"), "w+")
    child = subprocess.Popen([sys.executable, os.path.join(HERE, "test_games.py"), "--bot",
                              env.args.bot, "--ngircd", env.args.ngircd, "--timeout", "60"],
                             stdout=out, stderr=subprocess.STDOUT)
    theirs = {}
    try:
        end = time.monotonic() + 20
        while not any(p.endswith("durakbot") for p in theirs.values()) and time.monotonic() < end:
            time.sleep(0.1)
            theirs = started_by(child.pid)
        h.check(any(p.endswith("durakbot") for p in theirs.values()),
                "the child test's bot never started: %r" % theirs)
        h.log("the child test runs %s" % ", ".join(sorted(theirs.values())))
        child.send_signal(signal.SIGTERM)
        child.wait(20)
        out.seek(0)
        h.log("the child exited %d: %s" % (child.returncode, out.read().strip().splitlines()[-1:]))
        time.sleep(0.5)
        left = [pid for pid in theirs if alive(pid)]
        h.check(not left, "%d processes of the stopped test were left running: %s"
                % (len(left), ", ".join(theirs[p] for p in left)))
    finally:  # ours to stop, whatever happened: the child and what it started
        if child.poll() is None:
            child.kill()
            child.wait(5)
        for pid in theirs:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        out.close()


if __name__ == "__main__":
    h.run(test)
