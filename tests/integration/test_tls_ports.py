#!/usr/bin/python3
"""tls_ports: irc.tls that does not match the port says what to do. ngircd listens plain and TLS
(a certificate made with `openssl`, as in test_tls.py; skipped with exit code 77 without it).
1. irc.tls = false at the TLS port: ngircd ends the connection before saying anything, and the
   bot's line for each attempt ends "(... if port N expects TLS, set irc.tls = true)".
2. irc.tls = true at the plain port: ngircd waits for a line the ClientHello never ends and closes,
   and the line says "if port N is plain, set irc.tls = false".
Neither bot registers; both keep retrying and stop cleanly on SIGTERM."""
import shutil
import sys

import harness as h
import test_tls


def test(env):
    test_tls.make_certs(env.dir)
    tls_port = h.free_port()
    test_tls.serve_tls(env, "good", tls_port)
    plain_port = env.ngircd.port
    plain_bot = env.bot(h.bot_config(tls_port, nick="durakplain"), name="durakbot-plain")
    tls_bot = env.bot(test_tls.tls_config(env, plain_port, nick="duraktls"), name="durakbot-tls")
    plain_bot.start()
    tls_bot.start()
    m = plain_bot.wait_log(
        r"^<3>link: .*127\.0\.0\.1:%d\b.* before saying anything.*if port %d expects TLS, set "
        r"irc\.tls = true\); retrying in .*$" % (tls_port, tls_port), 15,
        what="tls = false at the TLS port")
    h.log("tls = false at the TLS port: %s" % m.group(0))
    # ngircd drops an unregistered connection that sent no line after some 20 s
    m = tls_bot.wait_log(
        r"^<3>TLS: .*127\.0\.0\.1:%d\b.*\(is it a TLS port\? if port %d is plain, set "
        r"irc\.tls = false; .*\); retrying in .*$" % (plain_port, plain_port), 40,
        what="tls = true at the plain port")
    h.log("tls = true at the plain port: %s" % m.group(0))
    for bot in (plain_bot, tls_bot):
        h.check("registered on" not in bot.log_text(), "%s registered" % bot.logpath)
        h.check(bot.alive(), "%s exited instead of retrying" % bot.logpath)
        rc, _ = bot.stop()
        h.check(rc == 0, "%s exited with status %s after SIGTERM" % (bot.logpath, rc))


if __name__ == "__main__":
    if shutil.which("openssl") is None:
        print("SKIP: the openssl command is not installed (apt-get install openssl); "
              "it makes the test's certificates")
        sys.exit(test_tls.SKIP)
    h.run(test)
