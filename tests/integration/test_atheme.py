#!/usr/bin/env python3
"""test_atheme: the bot on InspIRCd 3 with Atheme services (tests/integration/servers.py), both
run by the test on loopback ports with configs it writes. The account "durakbot" is registered
through NickServ by a client of the test (with ENFORCE on); #reg is +R (registered users only).

- SASL PLAIN: logged in before registration, joins #reg at once, WHOIS says "is logged in as";
- NickServ IDENTIFY without SASL while a stranger holds the nick: registers as durakbot_,
  IDENTIFY durakbot <pw>, REGAIN, and is durakbot again, in #reg;
- an operator renames the bot (SANICK to Guest…): it says nothing in channels meanwhile and
  takes its nick back;
- a wrong password: one error line, #reg not tried again, and once Atheme renames it to Guest…
  it says nothing in channels;
- services down when the bot connects (401 NickServ): it joins #durak (as durakbot_ while the
  enforcer's hold on durakbot lasts), waits, and once Atheme is back it IDENTIFYs, regains its
  nick and joins #reg;
- InspIRCd itself restarts, and the bot is back before Atheme relinks (the case that left it
  Guest…): it registers again, waits for NickServ instead of being renamed, IDENTIFYs once
  Atheme is linked, and is durakbot in #reg, never having spoken as Guest….
Skips (77) when inspircd or atheme-services is not installed."""
import os
import re
import time

import harness as h
import servers

PW = "sekritpw"
CH, REG = "#durak", "#reg"


def skip(args):
    for b, pkg in ((args.inspircd, "inspircd"), (args.atheme, "atheme-services")):
        if not os.access(b, os.X_OK):
            return "%s not found at %s: apt-get install %s" % (pkg, b, pkg)
    return None


def config(port, password="", sasl=False):
    cfg = h.bot_config(port, channels=(CH, REG))
    extra = 'nickserv_password = "%s"; nickserv_wait = 10;' % password
    if sasl:
        extra += ' sasl_mechanism = "plain"; sasl_username = "durakbot"; sasl_password = "%s";' % PW
    return cfg.replace('nickserv_password = "";', extra)


def in_channel(client, nick, channel, timeout):
    """Waits until nick is in channel, by NAMES (each reply read to its 366)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        client.send("NAMES %s" % channel)
        names = []
        while True:
            m = client.wait_for(lambda m: m.command in ("353", "366"), 5, what="NAMES")
            if m.command == "366":
                break
            names += [n.lstrip("~&@%+").lower() for n in m.text.split()]
        if nick.lower() in names:
            return True
        time.sleep(0.3)
    return False


def bot_nick_now(op, timeout=5):
    """The nick of the bot's user (ident "durak"), from WHO #durak."""
    op.send("WHO %s" % CH)
    nick = None
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        m = op.wait_for(lambda m: m.command in ("352", "315"), timeout, what="WHO")
        if m.command == "315":
            return nick
        if m.params[2] == "durak":
            nick = m.params[5]
    return nick


def quiet_in_channel(op, nick_prefix, seconds):
    """Sends !help in #durak and checks that nobody whose nick starts with nick_prefix says
    anything (in the channel or to op) for seconds; the bot answers !help when it may speak."""
    op.privmsg(CH, "!help")
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for m in op.next_msgs():
            h.check(not (m.command in ("PRIVMSG", "NOTICE")
                         and m.nick.lower().startswith(nick_prefix.lower())),
                    "the bot spoke under the wrong nick: %r" % m.raw)
        time.sleep(0.1)


def test_sasl(env, ircd, op):
    bot = env.bot(config(ircd.port, sasl=True), name="sasl")
    bot.start()
    h.check(in_channel(op, h.BOT_NICK, REG, 15), "SASL: the bot is not in the +R channel")
    op.send("WHOIS %s" % h.BOT_NICK)
    m = op.wait_for(lambda m: m.command in ("330", "318"), 5, what="WHOIS")
    h.check(m.command == "330" and m.params[2] == "durakbot", "WHOIS: not logged in: %r" % m.raw)
    h.check("SASL: logged in with PLAIN as durakbot" in bot.log_text(), "no SASL log line")
    op.privmsg(CH, "!help")
    op.wait_for(lambda m: h.from_bot(m), 5, what="the bot's answer to !help")
    bot.stop()
    h.log("SASL PLAIN: logged in before registration, joined the +R channel")


def test_identify_taken_nick(env, ircd, op):
    stranger = env.client(h.BOT_NICK, user="stranger", port=ircd.port)
    bot = env.bot(config(ircd.port, password=PW), name="identify")
    t0 = time.monotonic()
    bot.start()
    bot.wait_log(re.escape("NickServ: identified for durakbot"), 15, what="not identified")
    bot.wait_log(re.escape("the nick durakbot is the bot's own again"), 20,
                 what="nick not regained")
    h.check(in_channel(op, h.BOT_NICK, REG, 10), "identified: the bot is not in the +R channel")
    text = bot.log_text()
    h.check("registered on 127.0.0.1:%d as durakbot_" % ircd.port in text,
            "the bot did not register as durakbot_")
    # its own NICK taking the nick back is no change of the server's, nor a notice twice over
    h.check("the bot's nick is now durakbot (was durakbot_)" in text
            and "the server changed the bot's nick" not in text,
            "the nick taken back is logged as a change of the server's")
    h.log("nick taken: durakbot_, IDENTIFY durakbot, REGAIN, durakbot again in %.1f s, in %s"
          % (time.monotonic() - t0, REG))
    stranger.close()
    return bot


def test_oper_rename(env, ircd, op, bot):
    op.send("SANICK %s Guest12345" % h.BOT_NICK)
    op.wait_for(lambda m: m.command == "NICK" and m.nick.lower() == h.BOT_NICK, 5,
                what="the bot renamed")
    t0 = time.monotonic()
    quiet_in_channel(op, "Guest", 1.5)
    bot.wait_log(re.escape("the nick durakbot is the bot's own again"), 30,
                 what="the bot did not take its nick back after SANICK")
    h.check(bot_nick_now(op) == h.BOT_NICK, "the bot is not durakbot in %s" % CH)
    h.log("renamed by an operator: quiet, nick back in %.1f s" % (time.monotonic() - t0))
    bot.stop()


def test_wrong_password(env, ircd, op):
    bot = env.bot(config(ircd.port, password="wrong"), name="wrongpw")
    bot.start()
    bot.wait_log(re.escape("NickServ: the password was refused for durakbot"), 15,
                 what="no error line for the wrong password")
    bot.wait_log(re.escape("cannot join %s" % REG), 10, what="no log line for %s" % REG)
    h.check("not tried again" in bot.log_text(), "%s is tried again in vain" % REG)
    bot.wait_log(re.escape("to Guest"), 20, what="Atheme did not rename the bot")
    quiet_in_channel(op, "Guest", 3)
    h.log("wrong password: error line, %s not retried, renamed to Guest and quiet" % REG)
    bot.stop()


def test_services_restart(env, ircd, atheme, op):
    atheme.stop()
    time.sleep(0.5)
    bot = env.bot(config(ircd.port, password=PW), name="restart")
    bot.start()
    bot.wait_log(re.escape("no such nick NickServ (401)"), 15,
                 what="no log line for NickServ's absence")
    bot.wait_log(re.escape("joined %s" % CH), 5, what="no services: the bot did not join %s" % CH)
    # Atheme's enforcer may still hold "durakbot" (SVSHOLD) from the rename before: then the bot
    # is durakbot_ until services are back and REGAIN it
    nick = bot_nick_now(op)
    h.check(nick is not None, "the bot is not in %s" % CH)
    h.check(not in_channel(op, nick, REG, 1), "joined %s unidentified" % REG)
    t0 = time.monotonic()
    atheme.start()
    h.check(in_channel(op, h.BOT_NICK, REG, 25), "services back: the bot did not join %s" % REG)
    h.check(bot_nick_now(op) == h.BOT_NICK, "the bot lost its nick")
    h.log("services down (401), the bot %s in %s; Atheme back: IDENTIFY, durakbot, %s joined "
          "%.1f s later" % (nick, CH, REG, time.monotonic() - t0))
    bot.stop()


def oper_client(env, ircd, name):
    op = env.client(name, port=ircd.port)
    op.send("OPER root %s" % ircd.oper_pw)
    op.wait_for(lambda m: m.command == "381", 5, what="OPER")
    op.join(CH)
    op.join(REG)
    op.send("MODE %s +R" % REG)
    op.wait_for(lambda m: m.command == "MODE" and m.target == REG, 5, what="MODE +R")
    return op


def test_ircd_restart(env, ircd, atheme, op):
    bot = env.bot(config(ircd.port, password=PW), name="ircdrestart")
    bot.start()
    h.check(in_channel(op, h.BOT_NICK, REG, 25), "identified: the bot is not in %s" % REG)
    atheme.stop()
    ircd.stop()
    t0 = time.monotonic()
    ircd.start()
    op2 = oper_client(env, ircd, "op2")
    end = time.monotonic() + 20
    while bot.log_text().count("registered on 127.0.0.1:%d" % ircd.port) < 2:
        h.check(time.monotonic() < end, "the bot did not come back after the restart")
        time.sleep(0.2)
    bot.wait_log(re.escape("no such nick NickServ (401)"), 10,
                 what="NickServ's absence not noticed")
    back = time.monotonic() - t0
    atheme.start()
    h.check(in_channel(op2, h.BOT_NICK, REG, 25), "after the restart: not in %s" % REG)
    h.check(bot_nick_now(op2) == h.BOT_NICK, "after the restart the bot is not durakbot")
    quiet_in_channel(op2, "Guest", 1.5)
    h.check(bot.log_text().count("NickServ: identified for durakbot") >= 2,
            "not identified again after the restart")
    h.log("InspIRCd restarted: the bot back in %.1f s before Atheme (401), identified and in %s "
          "as durakbot %.1f s after the restart" % (back, REG, time.monotonic() - t0))
    bot.stop()


def test(env):
    ircd = env.server(servers.InspIRCd(env.args.inspircd, env.dir))
    ircd.start()
    atheme = env.server(servers.Atheme(env.args.atheme, env.dir, ircd))
    atheme.start()
    servers.register_account(ircd.port, h.BOT_NICK, PW, enforce=True)
    op = oper_client(env, ircd, "op")
    test_sasl(env, ircd, op)
    bot = test_identify_taken_nick(env, ircd, op)
    test_oper_rename(env, ircd, op, bot)
    test_wrong_password(env, ircd, op)
    test_services_restart(env, ircd, atheme, op)
    test_ircd_restart(env, ircd, atheme, op)


if __name__ == "__main__":
    h.run(test, ngircd=False, skip=skip)
