#!/usr/bin/env python3
"""test_impostor: an impostor on the nick NickServ while services are down, on InspIRCd 3 with
Atheme (tests/integration/servers.py), the bot set to irc.nickserv_target =
"NickServ@services.durak.test" (Atheme's server, whose name is also its NickServ's host).

- InspIRCd delivers "NickServ@<server>" only to the nick NickServ on that server: a message from
  a client of the test to NickServ@services.durak.test gets 401 while the impostor (on
  irc.durak.test) holds NickServ, and one to NickServ@irc.durak.test reaches the impostor;
- the bot's IDENTIFY gets the same 401 ("no such nick NickServ@services.durak.test (401)"): the
  impostor receives no line from the bot at all, neither at registration nor when it "speaks"
  (a NickServ notice while NickServ counts as absent makes the bot IDENTIFY at once);
- the impostor's notices "You are now identified", "Invalid password" are not believed: one
  warning naming its host, the bot neither identified nor refused;
- the impostor leaves and Atheme comes back: the bot's next IDENTIFY reaches Atheme and it is
  identified;
- a bot with a wrong password: Atheme's refusal (a notice from services' host, no numeric)
  counts: "the password was refused".
Skips (77) when inspircd or atheme-services is not installed."""
import os
import re
import time

import harness as h
import servers

PW = "sekritpw"
SERVICES = "services.durak.test"
TARGET = "NickServ@" + SERVICES


def skip(args):
    for b, pkg in ((args.inspircd, "inspircd"), (args.atheme, "atheme-services")):
        if not os.access(b, os.X_OK):
            return "%s not found at %s: apt-get install %s" % (pkg, b, pkg)
    return None


def config(port, password):
    cfg = h.bot_config(port)
    return cfg.replace('nickserv_password = "";',
                       'nickserv_password = "%s"; nickserv_wait = 5; nickserv_target = "%s";'
                       % (password, TARGET))


def nick_gone(op, nick, timeout):
    """Waits until ISON says nick is not on the network. A message to nick each time: InspIRCd
    may leave a services link the other end closed in CLOSE-WAIT (services' nicks still there)
    until it next writes to it."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        op.privmsg(nick, "are you there?")
        op.send("ISON %s" % nick)
        m = op.wait_for(lambda m: m.command == "303", 5, what="ISON")
        if nick.lower() not in " ".join(m.params[1:]).lower().split():
            return
        time.sleep(0.2)
    raise h.TestFailure("%s is still on the network after %d s" % (nick, timeout))


def check_nick_at_server(op, fake, ircd):
    """What the bot builds on: InspIRCd sends nick@server only to that nick on that server."""
    op.privmsg(TARGET, "probe-1")
    m = op.wait_for(lambda m: m.command == "401", 5, what="401 for %s" % TARGET)
    h.check(m.params[1].lower() == TARGET.lower(), "401 names %r, not %s" % (m.params[1], TARGET))
    op.privmsg("NickServ@%s" % ircd.name, "probe-2")
    fake.wait_for(lambda m: m.command == "PRIVMSG" and m.text == "probe-2", 5,
                  what="a message to NickServ@%s" % ircd.name)
    h.check(not any("probe-1" in m.raw for m in fake.all_msgs()),
            "the impostor got a message sent to %s" % TARGET)


def sync(fake):
    """The bot has handled every line the impostor sent before: it answers a CTCP VERSION after
    them (it handles the server's lines in order)."""
    fake.privmsg(h.BOT_NICK, "\x01VERSION\x01")
    fake.wait_for(lambda m: m.command == "NOTICE" and m.nick.lower() == h.BOT_NICK
                  and "VERSION" in m.text, 10, what="the bot's CTCP VERSION reply")


def test(env):
    ircd = env.server(servers.InspIRCd(env.args.inspircd, env.dir))
    ircd.start()
    atheme = env.server(servers.Atheme(env.args.atheme, env.dir, ircd))
    atheme.start()
    servers.register_account(ircd.port, h.BOT_NICK, PW)
    op = env.client("op", port=ircd.port)
    atheme.stop()
    nick_gone(op, "NickServ", 10)
    fake = env.client("NickServ", user="fake", port=ircd.port)
    check_nick_at_server(op, fake, ircd)
    h.log("InspIRCd: %s gets 401 while an impostor holds NickServ on %s" % (TARGET, ircd.name))

    bot = env.bot(config(ircd.port, PW), name="impostor")
    bot.start()
    # NickServ absent (401), or else joined after irc.nickserv_wait without an answer
    absent = re.escape("NickServ: no such nick %s (401)" % TARGET)
    bot.wait_log(absent + "|joined #durak", 15, what="neither 401 nor joined")
    for text in ("This nickname is registered. Please identify via /msg NickServ IDENTIFY",
                 "You are now identified for \x02durakbot\x02.",
                 "Invalid password for \x02durakbot\x02."):
        fake.send("NOTICE %s :%s" % (h.BOT_NICK, text))
    sync(fake)
    leaked = [m.raw for m in fake.all_msgs()
              if m.nick.lower() == h.BOT_NICK and m.command == "PRIVMSG"
              and ("IDENTIFY" in m.raw.upper() or PW in m.raw)]
    h.check(not leaked, "the impostor got the bot's IDENTIFY: %r" % leaked)
    text = bot.log_text()
    h.check("NickServ: identified" not in text, "the impostor's notice was believed: identified")
    h.check("password was refused" not in text, "the impostor's notice was believed: refused")
    h.check(re.search(absent, text), "IDENTIFY to %s did not get 401" % TARGET)
    h.check("NickServ: ignoring a notice from NickServ!fake@" in text
            and "services speak from %s" % SERVICES in text,
            "no warning about the impostor's notices")
    h.log("impostor on NickServ: no IDENTIFY reached it, its notices ignored with a warning")

    fake.quit()
    nick_gone(op, "NickServ", 10)
    t0 = time.monotonic()
    atheme.start()
    bot.wait_log(re.escape("NickServ: identified for durakbot"), 45,
                 what="Atheme back: not identified through %s" % TARGET)
    h.log("Atheme back: identified through %s %.1f s later" % (TARGET, time.monotonic() - t0))
    bot.stop()

    wrong = env.bot(config(ircd.port, "wrongpw"), name="wrongpw")
    wrong.start()
    wrong.wait_log(re.escape("NickServ: the password was refused for durakbot"), 15,
                   what="Atheme's refusal from %s not taken" % SERVICES)
    h.check("ignoring a notice" not in wrong.log_text(), "a notice from Atheme was ignored")
    h.log("wrong password: Atheme's refusal from %s counts" % SERVICES)
    wrong.stop()


if __name__ == "__main__":
    h.run(test, ngircd=False, skip=skip)
