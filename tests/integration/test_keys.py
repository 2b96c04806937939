#!/usr/bin/python3
"""keys: a channel key (+k) in channel_settings. An operator makes #durak +k before the bot comes;
the bot's irc.channels lists #open first and #durak second, so its one JOIN line must name #durak
first for the server to pair the key with it:

- the bot joins both channels and answers !durak in #durak;
- kicked, it joins again with the key;
- SIGHUP without #durak: it parts; the operator changes the key; SIGHUP with #durak and the old
  key: the bot's JOIN carries the key of the new config, the server refuses it (475) and the log
  names the channel and channel_settings[0].key; SIGHUP with the new key: back in at once, not
  after the 30 s back-off;
- neither key ever shows in the bot's log."""
import os
import signal

import harness as h

CH, OPEN = "#durak", "#open"
KEY, NEW_KEY = "s3same-k3y", "0ther{k3y}"


def config(env, channels, key):
    return h.bot_config(env.ngircd.port, channels=channels) \
        + 'channel_settings = ( { name = "%s"; key = "%s"; } );\n' % (CH, key)


def reload(bot, text):
    with open(bot.conf + ".new", "w") as f:
        f.write(text)
    os.replace(bot.conf + ".new", bot.conf)
    bot.proc.send_signal(signal.SIGHUP)


def bot_joined(client, channel):
    return client.wait_for(lambda m: m.command == "JOIN" and m.nick.lower() == h.BOT_NICK
                           and m.text.lower() == channel, 10, what="the bot's JOIN of " + channel)


def test(env):
    env.ngircd.start()
    oper = env.client("oper")
    oper.join(CH)  # first in: the channel's operator
    oper.wait_for(lambda m: m.command == "366", 5, what="the end of NAMES for " + CH)
    oper.send("MODE %s +k %s" % (CH, KEY))
    oper.wait_for(lambda m: m.command == "MODE" and "+k" in m.raw, 5, what="+k set")
    zoe = env.client("zoe")
    zoe.join(OPEN)
    zoe.wait_for(lambda m: m.command == "366", 5, what="the end of NAMES for " + OPEN)

    bot = env.bot(config(env, (OPEN, CH), KEY))
    bot.start()
    bot_joined(oper, CH)
    bot_joined(zoe, OPEN)
    oper.privmsg(CH, "!durak")
    m = oper.wait_for(lambda m: h.from_bot(m) and m.target.lower() == CH, 10,
                      what="the answer to !durak in " + CH)
    h.log("in %s with its key: %s" % (CH, m.plain))

    oper.send("KICK %s %s :out" % (CH, h.BOT_NICK))
    bot_joined(oper, CH)
    h.log("kicked, it joined %s again with its key" % CH)

    reload(bot, h.bot_config(env.ngircd.port, channels=(OPEN,)))
    oper.wait_for(lambda m: m.command == "PART" and m.nick.lower() == h.BOT_NICK, 10,
                  what="the bot's PART of " + CH)
    oper.send("MODE %s -k %s" % (CH, KEY))
    oper.send("MODE %s +k %s" % (CH, NEW_KEY))
    oper.wait_for(lambda m: m.command == "MODE" and NEW_KEY in m.raw, 5, what="the new key set")
    log_at = len(bot.log_text())
    reload(bot, config(env, (OPEN, CH), KEY))
    refused = bot.wait_log(r"cannot join #durak: .*channel_settings\[0\]\.key.*\(475.*", 10,
                           log_at, what="the refused key logged")
    h.log("logged: %s" % refused.group(0))
    reload(bot, config(env, (OPEN, CH), NEW_KEY))
    bot_joined(oper, CH)  # well within the 30 s back-off
    h.log("SIGHUP with the new key: back in %s" % CH)

    log = bot.log_text()
    for k in (KEY, NEW_KEY):
        h.check(k not in log, "the key %r is in the bot's log" % k)


if __name__ == "__main__":
    h.run(test)
