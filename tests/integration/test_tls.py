#!/usr/bin/python3
"""tls: the bot talks to the server over TLS (irc.tls = true, through its in-process OpenSSL relay).
The test makes a throwaway CA and server certificates with the `openssl` command (skipped with exit
code 77 when it is missing) and runs ngircd with an [SSL] port next to its plain one: the bot uses
the TLS port with irc.tls_ca_file = the CA, the players the plain port (ngircd relays between them).
1. certificate for localhost and 127.0.0.1, signed by the CA: the log says the certificate was
   verified, and three players finish a game.
2. the server restarted with a certificate naming only irc.example.net: a new bot logs one
   "<3>TLS: certificate for irc.example.net does not match host 127.0.0.1 ..." line per attempt
   and never registers.
3. a self-signed certificate for 127.0.0.1 (not from the CA): "... is not signed by a CA in
   irc.tls_ca_file ..." and no registration either."""
import os
import re
import shutil
import subprocess
import sys
import time

import harness as h
import play

CH = "#durak"
SKIP = 77
EC = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]


def openssl(*args, cwd):
    r = subprocess.run(["openssl"] + list(args), cwd=cwd, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=20)
    if r.returncode != 0:
        raise h.TestFailure("openssl %s failed: %s" % (" ".join(args[:2]),
                                                       r.stdout.decode(errors="replace")))


def make_certs(d):
    """ca.pem; good.pem (DNS:localhost, IP:127.0.0.1) and wrong.pem (DNS:irc.example.net),
    both signed by the CA; self.pem, self-signed for 127.0.0.1."""
    openssl("req", "-x509", *EC, "-days", "2", "-subj", "/CN=Durak Test CA", "-keyout", "ca.key",
            "-out", "ca.pem", "-addext", "basicConstraints=critical,CA:TRUE",
            "-addext", "keyUsage=critical,keyCertSign,cRLSign", cwd=d)
    for name, cn, san in (("good", "localhost", "DNS:localhost,IP:127.0.0.1"),
                          ("wrong", "irc.example.net", "DNS:irc.example.net")):
        openssl("req", *EC, "-subj", "/CN=" + cn, "-keyout", name + ".key", "-out", name + ".csr",
                cwd=d)
        with open(os.path.join(d, name + ".ext"), "w") as f:
            f.write("subjectAltName=%s\nbasicConstraints=CA:FALSE\n" % san)
        openssl("x509", "-req", "-in", name + ".csr", "-CA", "ca.pem", "-CAkey", "ca.key",
                "-CAcreateserial", "-days", "2", "-extfile", name + ".ext", "-out", name + ".pem",
                cwd=d)
    openssl("req", "-x509", *EC, "-days", "2", "-subj", "/CN=127.0.0.1", "-keyout", "self.key",
            "-out", "self.pem", "-addext", "subjectAltName=IP:127.0.0.1", cwd=d)
    for f in os.listdir(d):               # ngircd started as root reads them as "nobody"
        os.chmod(os.path.join(d, f), 0o644)
    os.chmod(d, 0o755)


def serve_tls(env, cert, tls_port):
    """(Re)starts ngircd with its plain port and an [SSL] port presenting cert."""
    env.ngircd.stop()
    d = env.dir
    with open(env.ngircd.conf, "w") as f:
        f.write(h.NGIRCD_CONF.format(port=env.ngircd.port))
        f.write("[SSL]\nCertFile = %s\nKeyFile = %s\nPorts = %d\n"
                % (os.path.join(d, cert + ".pem"), os.path.join(d, cert + ".key"), tls_port))
    env.ngircd.start()
    h.wait_listening(env.ngircd.proc, [tls_port], 10, "ngircd (its TLS port)", env.ngircd.logpath)
    h.log("ngircd: plain port %d, TLS port %d with %s.pem" % (env.ngircd.port, tls_port, cert))


def tls_config(env, tls_port, nick=h.BOT_NICK):
    text = h.bot_config(tls_port, channels=(CH,), burst=20, rate=20, turn_timeout=10,
                        rejoin_grace=30, nick=nick)
    return text.replace('server = "127.0.0.1";',
                        'server = "127.0.0.1"; tls = true; tls_verify = true; '
                        'tls_ca_file = "%s";' % os.path.join(env.dir, "ca.pem"))


def refused(env, name, tls_port, pattern, what):
    """A new bot against the server as it is now: it logs the TLS error and never registers."""
    bot = env.bot(tls_config(env, tls_port), name=name)
    bot.start()
    rx = re.compile(pattern, re.M)
    t0 = time.monotonic()
    end = t0 + 6
    while time.monotonic() < end and not rx.search(bot.log_text()):
        time.sleep(0.05)
    time.sleep(1.5)                       # room for a wrong registration or a second attempt
    log = bot.log_text()
    waited = time.monotonic() - t0
    m = rx.search(log)
    h.check(m is not None, "%s: no log line /%s/ within 6 s" % (what, pattern))
    h.log("%s: %s" % (what, m.group(0)))
    h.check("registered on" not in log, "%s: the bot registered anyway" % what)
    tls_errors = re.findall(r"^<3>TLS: .*$", log, re.M)
    attempts = len(re.findall(r"^<\d>connecting to ", log, re.M))
    h.check(len(tls_errors) <= max(1, attempts),
            "%s: %d <3>TLS: lines for %d connection attempts: %s" % (what, len(tls_errors),
                                                                      attempts, tls_errors[:3]))
    h.log("%s: %d connection attempt(s), %d <3>TLS: line(s) in %.1f s" % (what, attempts,
                                                                      len(tls_errors), waited))
    h.check(bot.alive(), "%s: the bot exited instead of retrying" % what)
    rc, _ = bot.stop()
    h.check(rc == 0, "%s: durakbot exited with status %s after SIGTERM" % (what, rc))


def test(env):
    make_certs(env.dir)
    tls_port = h.free_port()
    serve_tls(env, "good", tls_port)

    bot = env.bot(tls_config(env, tls_port))
    bot.start()
    players = [play.Player(env.client(n)) for n in ("tanya", "uma", "vova")]
    for p in players:
        p.c.join_with_bot(CH)
    log = bot.log_text()
    m = re.search(r"^<\d>TLS: connected to 127\.0\.0\.1:%d \(.*certificate verified.*$" % tls_port,
                  log, re.M)
    h.check(m is not None, "the bot's log does not say it connected with a verified certificate")
    h.log(m.group(0))
    h.check("WITHOUT checking" not in log, "the bot did not check the certificate")

    table = play.Table(CH, players, 21)
    t0 = time.monotonic()
    table.open("classic")
    result = table.run(timeout=45)
    h.log("game over TLS after %d moves in %.1f s: %s" % (table.moves, time.monotonic() - t0,
                                                         result))
    table.check_clean()
    rc, took = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)
    h.check(took < 2.0, "durakbot took %.2f s to exit" % took)
    for p in players:
        p.c.close()

    serve_tls(env, "wrong", tls_port)
    refused(env, "durakbot-wrong", tls_port,
            r"^<3>TLS: certificate for irc\.example\.net does not match host 127\.0\.0\.1 .*$",
            "wrong host")
    serve_tls(env, "self", tls_port)
    refused(env, "durakbot-self", tls_port,
            r"^<3>TLS: certificate for .* is not signed by a CA in irc\.tls_ca_file .*$",
            "unknown CA")
    certfp_checked(env, tls_port)


def certfp_checked(env, tls_port):
    """CertFP as durakbot(8) sets it up: the client certificate in irc.tls_cert (public, 0644),
    its key the systemd credential tls-key. --check-config by hand, without the credential: a
    warning that the service must give it, exit 0 (it said it could not load the key, exit 1);
    with the credential, as the service: no warning that the certificate is readable by others
    (it has no key to hide)."""
    conf = os.path.join(env.dir, "certfp.conf")
    with open(conf, "w") as f:
        f.write(tls_config(env, tls_port).replace(
            "tls = true;", 'tls = true; tls_cert = "%s";' % os.path.join(env.dir, "good.pem")))
    creds = os.path.join(env.dir, "creds")
    os.makedirs(creds, exist_ok=True)
    shutil.copyfile(os.path.join(env.dir, "good.key"), os.path.join(creds, "tls-key"))
    os.chmod(os.path.join(creds, "tls-key"), 0o400)
    base = {k: v for k, v in os.environ.items() if k != "CREDENTIALS_DIRECTORY"}
    for env_vars, what in ((base, "by hand"), (dict(base, CREDENTIALS_DIRECTORY=creds),
                                               "as the service")):
        r = subprocess.run([env.args.bot, "-c", conf, "--check-config"], env=env_vars,
                           capture_output=True, text=True, timeout=10)
        h.log("CertFP --check-config %s: exit %d: %s" % (what, r.returncode, r.stderr.strip()))
        h.check(r.returncode == 0, "CertFP --check-config %s: exit %d" % (what, r.returncode))
        h.check("readable by others" not in r.stderr,
                "CertFP %s: the certificate, which holds no key, called a secret" % what)
        h.check(("holds no private key" in r.stderr) == (what == "by hand"),
                "CertFP %s: the warning about the credential tls-key: %r" % (what, r.stderr))


if __name__ == "__main__":
    if shutil.which("openssl") is None:
        print("SKIP: the openssl command is not installed (apt-get install openssl); "
              "it makes the test's certificates")
        sys.exit(SKIP)
    h.run(test)
