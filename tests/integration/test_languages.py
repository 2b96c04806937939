#!/usr/bin/python3
"""languages: two clients play a complete classic game and a complete transfer game in
#durak.ru, a channel whose language is Russian (channel_settings), where anna has chosen French
(/msg durakbot set language fr) and boris nothing. Every channel line is Russian (Cyrillic, and no
Latin word but the nicks and the channel's name); anna's private lines are French (no Cyrillic, no
English word of the English table); boris's private lines are Russian. The players read their
moves from their own turn lines and `moves` answers ("Ваш ход в …", "À vous dans …") and send
them in English words (always understood), so the test does not depend on the parser's Russian and
French words. The complete channel lines of each game are logged."""
import random
import re
import time

import harness as h

CH = "#durak.ru"
SEP = " \u00b7 "
# the move words and rank letters of each language (bot/messages_ru.c, messages_fr.c)
WORDS = {
    "ru": {"хожу": "play", "бью": "beat", "беру": "take", "пас": "pass", "перевожу": "transfer"},
    "fr": {"joue": "play", "couvre": "beat", "ramasse": "take", "passe": "pass",
           "transfère": "transfer"},
}
RANKS = {"ru": {"В": "J", "Д": "Q", "К": "K", "Т": "A"}, "fr": {"V": "J", "D": "Q", "R": "K", "A": "A"}}
SUITS = {"\u2660": "s", "\u2663": "c", "\u2666": "d", "\u2665": "h"}
# a turn line, a `moves` answer and the lines that say it is not your turn, in each language
TURN = {"ru": re.compile(r"^Ваш ход в (\S+): .*? \u2014 (.*?) \u00b7 на руках: "),
        "fr": re.compile(r"^À vous dans (\S+) : .*? \u2014 (.*?) \u00b7 main : ")}
# a lead, where any card goes: the example's move word, then the hand
LEAD = {"ru": re.compile(r"^Ваш ход в (\S+): ходите с любой карты, например (\S+) \S+ \u00b7 "
                         r"на руках: (.*?) \("),
        "fr": re.compile(r"^À vous dans (\S+) : attaquez avec la carte de votre choix, par ex\. "
                         r"(\S+) \S+ \u00b7 main : (.*?) \(")}
# a decision that may be passed: its moves but the pass, which is the last word
OPTION = {"ru": re.compile(r"^В (\S+) (?:\S+ берёт — )?можно подкинуть(?: вдогонку)?: (.*?) "
                           r"или (пас) \u00b7 на руках: "),
          "fr": re.compile(r"^Dans (\S+) (?:\S+ ramasse ; )?vous pouvez (?:ajouter|lui donner) : "
                           r"(.*?) ou (passe) \u00b7 main : ")}
MOVES = {"ru": "Ваши ходы: ", "fr": "Vos coups : "}
ENGLISH = re.compile(r"\b(Your|turn|trump|hand|take|beat|play|pass|moves|Game over|picks up|"
                     r"leads|throws|wins|durak is)\b")
SILENCE = 2.0
# Runs of Latin letters and digits; one with a digit (a hash in hex, first5, sha256sum) is no word.
LATIN_WORD = re.compile(r"[A-Za-z0-9]*[A-Za-z]{2,}[A-Za-z0-9]*")
# The deal's check as typed in a shell: SHA-256, seed=, salt=, printf '%s' 'durak-deal-...', and
# the durak-cli line that deals the same cards (new players=2 variant=classic ... \nstate).
SHELL_WORDS = {"sha", "seed", "salt", "printf", "deal", "new", "players", "variant", "classic",
               "transfer", "throwin", "all", "neighbours", "deck", "teams", "on", "off", "state",
               "nstate", "cli"}
# A long line goes out in pieces cut at 400 bytes: a last piece may hold only cards ("10♣)",
# a CI run of stop 19), which are in no language. A piece with a letter is one to check.
LETTER = re.compile(r"[^\W\d_]")


def russian(line):
    return re.search("[\u0400-\u04ff]", line) or not LETTER.search(line)


def to_english(lang, move):
    """"бью Д♥ 9♥" -> "beat Qh 9h"; "couvre R♠ 7♠" -> "beat K♠ 7♠": to a French reader a "c"
    could be cœur and "As" the ace (the bot asks which), so her suits stay symbols."""
    out = []
    for w in move.split():
        if w in WORDS[lang]:
            out.append(WORDS[lang][w])
            continue
        rank, suit = w[:-1], w[-1]
        rank = RANKS[lang].get(rank, rank)
        out.append(rank + suit if lang == "fr" else
                   ("T" if rank == "10" else rank) + SUITS.get(suit, "?"))
    return " ".join(out)


def latin_words(text, allowed):
    return [w for w in LATIN_WORD.findall(text)
            if w.lower() not in allowed and w.lower() not in SHELL_WORDS
            and not any(c.isdigit() for c in w)]


class Player:
    def __init__(self, client, lang):
        self.c = client
        self.lang = lang
        self.moves = 0
        self.rng = random.Random(hash(client.nick) & 0xffff)

    def send(self, listing):
        moves = [m.strip() for m in listing.split(" | ") if m.strip()]
        if not moves:
            return
        take = [m for m in moves if to_english(self.lang, m) != "take"]
        move = to_english(self.lang, self.rng.choice(take or moves))
        self.c.privmsg(h.BOT_NICK, move)
        self.moves += 1


def play_game(players, variant, allowed):
    anna, boris = players
    public, private = [], {p.c.nick: [] for p in players}
    anna.c.privmsg(CH, "!durak %s" % variant)
    public.append(anna.c.wait_for(lambda m: h.from_bot(m) and m.target == CH
                                  and "собирает игру" in m.plain, 10, "the Russian lobby line").plain)
    boris.c.privmsg(CH, "!join")
    public.append(anna.c.wait_for(lambda m: h.from_bot(m) and m.target == CH
                                  and "садится за стол" in m.plain, 10, "the Russian join line").plain)
    anna.c.privmsg(CH, "!start")
    last_public = time.monotonic()
    end = time.monotonic() + 60
    result = None
    while result is None:
        now = time.monotonic()
        h.check(now < end, "the game did not end within 60 s")
        for p in players:
            for m in p.c.next_msgs():
                if not h.from_bot(m):
                    continue
                text = m.plain
                if m.target == CH:
                    if p is anna:      # each public line once
                        public.append(text)
                        last_public = now
                        if text.startswith("Игра окончена"):
                            result = text
                    continue
                private[p.c.nick].append(text)
                turn = TURN[p.lang].match(text)
                option = OPTION[p.lang].match(text)
                lead = LEAD[p.lang].match(text)
                if turn and turn.group(1) == CH:
                    p.send(turn.group(2))
                elif lead and lead.group(1) == CH:
                    p.send(" | ".join(lead.group(2) + " " + c for c in lead.group(3).split()
                                      if c[-1] in SUITS))
                elif option and option.group(1) == CH:
                    p.send(option.group(2) + " | " + option.group(3))
                elif text.startswith(MOVES[p.lang]):
                    p.send(text[len(MOVES[p.lang]):])
        if now - last_public > SILENCE:
            for p in players:
                p.c.privmsg(h.BOT_NICK, "moves")
            last_public = now
        time.sleep(0.005)
    h.log("%s game in %s, %d moves: the channel's lines:" % (variant, CH,
                                                             sum(p.moves for p in players)))
    for line in public:
        h.log("  <%s> %s" % (CH, line))
    for line in public:
        h.check(russian(line), "not Russian: %r" % line)
        h.check(not latin_words(line, allowed), "a Latin word %s in the channel line %r"
                % (latin_words(line, allowed), line))
    for line in private["anna"]:
        h.check(not re.search("[\u0400-\u04ff]", line), "anna (French) was told %r" % line)
        h.check(not ENGLISH.search(line), "anna (French) was told in English: %r" % line)
    h.check(any(line.startswith("À vous dans") for line in private["anna"]),
            "anna had no French turn line")
    for line in private["boris"]:
        h.check(russian(line), "boris (Russian) was told %r" % line)
        h.check(not latin_words(line, allowed), "a Latin word %s in boris's line %r"
                % (latin_words(line, allowed), line))
    h.check(any(line.startswith("Ваш ход в") for line in private["boris"]),
            "boris had no Russian turn line")
    for p in players:
        first = next(line for line in private[p.c.nick]
                     if TURN[p.lang].match(line) or LEAD[p.lang].match(line))
        h.log("  (to %s) %s" % (p.c.nick, first))
    h.log("%s: %s" % (variant, result))
    return public


def test(env):
    env.ngircd.start()
    config = h.bot_config(env.ngircd.port, channels=(CH,), burst=20, rate=20, turn_timeout=20)
    config += 'channel_settings = ( { name = "%s"; language = "ru"; } );\n' % CH
    bot = env.bot(config)
    bot.start()
    anna = Player(env.client("anna"), "fr")
    boris = Player(env.client("boris"), "ru")
    for p in (anna, boris):
        p.c.join_with_bot(CH)
    anna.c.privmsg(h.BOT_NICK, "set language fr")
    anna.c.wait_for(lambda m: h.from_bot(m) and "désormais en français" in m.plain, 10,
                    "the French answer to set language fr")
    allowed = {"anna", "boris", "durak", "ru", h.BOT_NICK.lower()}
    play_game([anna, boris], "classic", allowed)
    play_game([anna, boris], "transfer", allowed)
    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


if __name__ == "__main__":
    h.run(test)
