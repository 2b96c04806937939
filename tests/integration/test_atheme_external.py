#!/usr/bin/env python3
"""test_atheme_external: SASL EXTERNAL against the real InspIRCd 3 + Atheme (servers.py).
The test makes a throwaway CA, a server certificate for 127.0.0.1 and a client certificate with
the `openssl` command; InspIRCd listens TLS on a loopback port (its GnuTLS module, sslinfo
passing sha256 fingerprints to services). The account "durakbot" is registered through NickServ
and the client certificate's sha256 fingerprint added with NickServ CERT ADD before the bot
connects; #reg is +R. The bot, with irc.tls = true, irc.tls_cert/tls_key and
irc.sasl_mechanism = "external" (no password anywhere), must log in (900, 903) before it
registers and join #reg; WHOIS then says it is logged in as durakbot and uses TLS (671).
Skips (77) when inspircd, atheme-services, openssl or InspIRCd's ssl_gnutls module is missing."""
import os
import re
import shutil
import subprocess

import harness as h
import servers
import test_atheme
import test_tls

PW = "sekritpw"
CH, REG = "#durak", "#reg"
GNUTLS = "/usr/lib/inspircd/modules/m_ssl_gnutls.so"


def skip(args):
    why = test_atheme.skip(args)
    if why:
        return why
    if shutil.which("openssl") is None:
        return "the openssl command is not installed (apt-get install openssl)"
    if not os.path.exists(GNUTLS):
        return "InspIRCd's TLS module %s is missing" % GNUTLS
    return None


def make_client_cert(d):
    """client.pem/client.key signed by the test CA (made by test_tls.make_certs); returns its
    sha256 fingerprint as InspIRCd reports it (lower-case hex, no colons)."""
    test_tls.openssl("req", *test_tls.EC, "-subj", "/CN=durakbot", "-keyout", "client.key",
                     "-out", "client.csr", cwd=d)
    with open(os.path.join(d, "client.ext"), "w") as f:
        f.write("basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n")
    test_tls.openssl("x509", "-req", "-in", "client.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
                     "-CAcreateserial", "-days", "2", "-extfile", "client.ext", "-out",
                     "client.pem", cwd=d)
    out = subprocess.run(["openssl", "x509", "-in", "client.pem", "-noout", "-fingerprint",
                          "-sha256"], cwd=d, capture_output=True, text=True, check=True).stdout
    return out.strip().split("=", 1)[1].replace(":", "").lower()


def config(ircd, d):
    cfg = h.bot_config(ircd.tls_port, channels=(CH, REG))
    cfg = cfg.replace('server = "127.0.0.1";',
                      'server = "127.0.0.1"; tls = true; tls_verify = true; tls_ca_file = "%s"; '
                      'tls_cert = "%s"; tls_key = "%s";'
                      % (os.path.join(d, "ca.pem"), os.path.join(d, "client.pem"),
                         os.path.join(d, "client.key")))
    return cfg.replace('nickserv_password = "";', 'sasl_mechanism = "external";')


def test(env):
    d = env.dir
    test_tls.make_certs(d)
    fp = make_client_cert(d)
    ircd = env.server(servers.InspIRCd(env.args.inspircd, d,
                                       tls=(os.path.join(d, "good.pem"),
                                            os.path.join(d, "good.key"))))
    ircd.start()
    atheme = env.server(servers.Atheme(env.args.atheme, d, ircd))
    atheme.start()
    servers.register_account(ircd.port, h.BOT_NICK, PW, enforce=True, certfp=fp)
    h.log("NickServ: durakbot registered, CERT ADD %s" % fp)
    op = env.client("op", port=ircd.port)
    op.send("OPER root %s" % ircd.oper_pw)
    op.wait_for(lambda m: m.command == "381", 5, what="OPER")
    op.join(CH)
    op.join(REG)
    op.send("MODE %s +R" % REG)
    op.wait_for(lambda m: m.command == "MODE" and m.target == REG, 5, what="MODE +R")

    bot = env.bot(config(ircd, d), name="external")
    bot.start()
    bot.wait_log(re.escape("SASL: logged in with EXTERNAL"), 15,
                 what="no SASL EXTERNAL login (903) in the bot's log")
    h.check(test_atheme.in_channel(op, h.BOT_NICK, REG, 15),
            "SASL EXTERNAL: the bot is not in the +R channel %s" % REG)
    log = bot.log_text()
    h.check("certificate verified" in log, "the server's certificate was not verified")
    h.check(log.find("SASL: logged in") < log.find("registered on"),
            "the bot registered before SASL finished")
    op.send("WHOIS %s" % h.BOT_NICK)
    seen = {}
    while "318" not in seen:
        m = op.wait_for(lambda m: m.command in ("330", "671", "318"), 5, what="WHOIS")
        seen[m.command] = m
    h.check("330" in seen and seen["330"].params[2] == "durakbot",
            "WHOIS: the bot is not logged in as durakbot")
    h.check("671" in seen, "WHOIS: the bot is not on a secure connection (no 671)")
    op.privmsg(CH, "!help")
    op.wait_for(lambda m: h.from_bot(m), 5, what="the bot's answer to !help")
    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)
    h.log("SASL EXTERNAL over TLS with the client certificate %s: logged in as durakbot before "
          "registration, joined the +R channel %s" % (fp[:16] + "...", REG))


if __name__ == "__main__":
    h.run(test, ngircd=False, skip=skip)
