#!/usr/bin/env python3
"""test_anope: the bot on InspIRCd 3 with Anope 2.0 services (tests/integration/servers.py
Anope: Debian's anope run by the test as an ordinary process, with a copy of its config and a
data directory in the test's directory, never the system service). The account "durakbot" is
registered through NickServ by a client of the test; #reg is +R (registered users only).

- SASL PLAIN through Anope: logged in before registration, joins #reg at once, WHOIS says so;
- NickServ IDENTIFY while a stranger holds the nick: the bot registers as durakbot_,
  IDENTIFYs, REGAIN is unknown to Anope, RECOVER takes the nick back; durakbot in #reg;
- a wrong password: one error line, and once Anope renames it to Guest… (kill protection) it
  says nothing in channels; an admin who writes to it privately gets one line saying why
  (MSG_NICK_REFUSED), and the log says it once.
Skips (77) when inspircd or anope is not installed (apt-get install inspircd anope)."""
import os
import re
import time

import harness as h
import servers
import test_atheme as ta

PW = "sekritpw"
CH, REG = ta.CH, ta.REG


def skip(args):
    for b, pkg in ((args.inspircd, "inspircd"), (args.anope, "anope")):
        if not os.access(b, os.X_OK):
            return "%s not found at %s: apt-get install %s" % (pkg, b, pkg)
    if not os.path.isdir("/etc/anope"):
        return "no /etc/anope (Debian's anope config, copied by the test)"
    return None


def register(port, nick, password, timeout=10):
    """Registers nick with Anope's NickServ as a client of its own (then gone)."""
    c = h.Client(port, nick, user="owner")
    c.connect()
    c.send("PRIVMSG NickServ :REGISTER %s %s@durak.test" % (password, nick))
    c.wait_for(lambda m: m.command == "NOTICE" and m.nick == "NickServ"
               and "registered" in m.text, timeout, what="NickServ REGISTER")
    c.quit()


def test_sasl(env, ircd, op):
    bot = env.bot(ta.config(ircd.port, sasl=True), name="sasl")  # ta.PW is PW
    bot.start()
    h.check(ta.in_channel(op, h.BOT_NICK, REG, 15), "SASL: the bot is not in the +R channel")
    op.send("WHOIS %s" % h.BOT_NICK)
    m = op.wait_for(lambda m: m.command in ("330", "318"), 5, what="WHOIS")
    h.check(m.command == "330" and m.params[2] == "durakbot", "WHOIS: not logged in: %r" % m.raw)
    text = bot.log_text()
    h.check("SASL: logged in with PLAIN as durakbot" in text, "no SASL log line")
    h.check(text.find("SASL: logged in") < text.find("registered on"),
            "the bot registered before SASL finished")
    bot.stop()
    h.log("SASL PLAIN through Anope: logged in before registration, joined the +R channel")


def test_recover(env, ircd, op):
    stranger = env.client(h.BOT_NICK, user="stranger", port=ircd.port)
    bot = env.bot(ta.config(ircd.port, password=PW), name="identify")
    t0 = time.monotonic()
    bot.start()
    bot.wait_log(re.escape("NickServ: identified for durakbot"), 15, what="not identified")
    bot.wait_log(re.escape("the nick durakbot is the bot's own again"), 30,
                 what="nick not recovered")
    took = time.monotonic() - t0
    h.check(ta.in_channel(op, h.BOT_NICK, REG, 10), "identified: the bot is not in %s" % REG)
    text = bot.log_text()
    h.check("registered on 127.0.0.1:%d as durakbot_" % ircd.port in text,
            "the bot did not register as durakbot_")
    h.log("nick held by another: durakbot_, IDENTIFY, RECOVER, durakbot again %.1f s after start,"
          " in %s" % (took, REG))
    stranger.close()
    bot.stop()


def test_wrong_password(env, ircd, op):
    cfg = ta.config(ircd.port, password="wrong").replace("admins = [ ];", 'admins = [ "op!*@*" ];')
    bot = env.bot(cfg, name="wrongpw")
    bot.start()
    bot.wait_log(re.escape("NickServ: the password was refused for durakbot"), 15,
                 what="no error line for the wrong password")
    h.check(bot.log_text().count("password was refused") == 1,
            "the wrong password is logged more than once")
    bot.wait_log(re.escape("to Guest"), 30, what="Anope did not rename the bot")
    ta.quiet_in_channel(op, "Guest", 3)
    guest = ta.bot_nick_now(op)
    h.check(guest and guest.startswith("Guest"), "the bot is not Guest…: %s" % guest)
    op.privmsg(guest, "hello?")
    m = op.wait_for(lambda m: m.nick == guest and m.command == "NOTICE", 10,
                    what="the bot's reason to an admin")
    h.check("NickServ refused my password" in m.text and "irc.nickserv_password" in m.text,
            "the reason is not the expected one: %r" % m.text)
    op.privmsg(guest, "and now?")
    time.sleep(1.5)
    h.check(not [m for m in op.next_msgs() if m.nick == guest],
            "the bot told the admin twice within a minute")
    h.check(bot.log_text().count("NickServ refused the password and services renamed") == 1,
            "the reason is not logged exactly once in the minute")
    h.log("renamed to Guest: the admin told once: %s" % m.text)
    h.log("wrong password: one error line, renamed to Guest by Anope and quiet")
    bot.stop()


def test(env):
    ircd = env.server(servers.InspIRCd(env.args.inspircd, env.dir,
                                       extra_conf=servers.ANOPE_INSPIRCD_CONF))
    ircd.start()
    anope = env.server(servers.Anope(env.args.anope, env.dir, ircd, kill_delay="5s"))
    anope.start()
    register(ircd.port, h.BOT_NICK, PW)
    op = ta.oper_client(env, ircd, "op")
    test_sasl(env, ircd, op)
    test_recover(env, ircd, op)
    test_wrong_password(env, ircd, op)


if __name__ == "__main__":
    h.run(test, ngircd=False, skip=skip)
