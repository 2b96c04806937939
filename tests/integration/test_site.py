#!/usr/bin/python3
"""site (the web face): two clients play a game over ngircd with site.dir and site.url set. The
game's page appears within seconds of the end, and the channel is told its address; the pages
are well-formed HTML that needs nothing from outside; the index's leaderboard is what !top says.
Then headless Chromium (DevTools protocol, cdp.py) opens them from file://: no console error,
the replay steps forward to its last bout and back (arrow keys and buttons), and shows every bout
without JS; screenshots at phone (390x844) and desktop (1280x800) widths are kept in
site-screenshots/ of the test's directory. On a phone no table is wider than the screen and no
word in one is split where its column has room, in English, in Spanish (anna's page, after `set
language es`) and in Russian (rows as the pages write them). Last, `set site off` turns a player
into "Player N" on the pages, and durakbot --export-site writes the same files as the refreshes
left, but not into the database's folder. Exits 77 without chromium (apt-get install chromium).
With w3m installed, the pages read as text in a terminal browser too."""
import html.parser
import os
import re
import shutil
import subprocess
import time

import cdp
import harness as h
import play

CH = "#durak"
URL = "http://127.0.0.1:8080/durak"
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class StrictParser(html.parser.HTMLParser):
    """Well-formedness: every element closed in order (void elements never), one doctype, ids
    unique, nothing loaded from outside the site, every link to a file of it that is there (the
    page is `name` under the site's directory `site`)."""

    def __init__(self, name, site):
        super().__init__(convert_charrefs=True)
        self.name, self.stack, self.ids, self.problems, self.doctype = name, [], set(), [], 0
        self.site, self.links = site, []

    def handle_decl(self, decl):
        self.doctype += decl.lower() == "doctype html"

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            if a["id"] in self.ids:
                self.problems.append("id %s twice" % a["id"])
            self.ids.add(a["id"])
        for key in ("src", "href"):
            if re.match(r"(?i)(https?:)?//", a.get(key) or ""):
                self.problems.append("<%s %s=%s> reaches outside" % (tag, key, a[key]))
            elif (a.get(key) or "#")[0] != "#" and not a[key].startswith("data:"):
                self.links.append(a[key].split("#")[0])  # data: is in the page (the icon)
        if tag not in VOID:
            self.stack.append((tag, self.getpos()))

    def handle_startendtag(self, tag, attrs):
        if tag not in VOID and not self.stack_has("svg"):
            self.problems.append("<%s/> is not a void element" % tag)

    def stack_has(self, tag):
        return any(t == tag for t, _ in self.stack)

    def handle_endtag(self, tag):
        if tag in VOID:
            self.problems.append("</%s> closes a void element" % tag)
        elif not self.stack or self.stack[-1][0] != tag:
            self.problems.append("</%s> at %s closes %s" % (tag, self.getpos(), self.stack[-1:]))
        else:
            self.stack.pop()

    def check(self, text):
        self.feed(text)
        self.close()
        if self.doctype != 1:
            self.problems.append("not one <!DOCTYPE html>")
        if self.stack:
            self.problems.append("left open: %r" % self.stack)
        here = os.path.dirname(os.path.join(self.site, self.name))
        self.problems += ["a link to %s, which is not there" % link for link in self.links
                          if not os.path.exists(os.path.normpath(os.path.join(here, link)))]
        h.check(not self.problems, "%s: %s" % (self.name, "; ".join(self.problems[:5])))


def skip(args):
    return None if cdp.find_chromium() else "no chromium (apt-get install chromium)"


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


PHONE_PAGE = """<!DOCTYPE html>
<html lang="ru"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="file://%s"></head><body><main>
<div class="scroll"><table>
<tr><th>Партия</th><th class="wide">Окончена (по Гринвичу)</th><th>Где</th><th>Место</th>
<th>Изменение рейтинга</th></tr>
<tr><td><a href="#">#3</a></td><td class="wide">2026-12-06 11:39</td>
<td><a href="#"><bdi>#&lt;x&gt;</bdi></a></td><td>команда проиграла</td>
<td>1500 &rarr; 1484 <span class="down">(-16)</span></td></tr>
</table></div>
<div class="scroll"><table>
<tr><th>Партия</th><th class="wide">Окончена (по Гринвичу)</th><th>Где</th><th>Игроки</th>
<th>Итог</th></tr>
<tr><td><a href="#">#7</a></td><td class="wide">2026-12-06 11:39</td><td>личная игра</td>
<td><bdi>anna</bdi>, <bdi>Normal2[bot]</bdi></td><td><bdi>anna</bdi> — дурак</td></tr>
<tr><td><a href="#">#3</a></td><td class="wide">2026-12-06 11:39</td>
<td><a href="#"><bdi>#&lt;x&gt;</bdi></a></td><td><bdi>^</bdi>, <bdi>Normal2[bot]</bdi></td>
<td>Команда <bdi>^</bdi>+<bdi>x\\</bdi> проигрывает, побеждают <bdi>Normal2[bot]</bdi>.</td></tr>
</table></div></main></body></html>
"""


# the words of the page's table cells that a line break splits ("abandon|o"), and how far each
# table reaches past its box (the rating, last, cut off to "1")
SPLIT_WORDS = r"""(() => { const out = [];
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n; (n = w.nextNode());) {
    if (!n.parentElement.closest('td,th')) continue;
    for (const m of n.textContent.matchAll(/\S+/g)) {
      const r = document.createRange();
      r.setStart(n, m.index);
      r.setEnd(n, m.index + m[0].length);
      const tops = new Set([...r.getClientRects()].filter(x => x.width > 0)
                           .map(x => Math.round(x.top)));
      if (tops.size > 1) out.push(m[0]);
    } }
  return out; })()"""
TOO_WIDE = "[...document.querySelectorAll('.scroll')].map(e => e.scrollWidth - e.clientWidth)"


def board_of(index):
    """[(nick, rating, games)] of the index's first leaderboard (people, as !top)."""
    part = index.split("</h2>", 1)[1].split("</table>", 1)[0]
    return re.findall(r"<bdi>([^<]*)</bdi>(?:</a>)?</td><td class=\"n\">(\d+)</td>"
                      r"<td class=\"n\">(\d+)</td>", part)


def wait_file(path, timeout, pred=None):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if os.path.exists(path) and (pred is None or pred(read(path))):
            return True
        time.sleep(0.05)
    return False


# WCAG's contrast ratio of the red cards' and the rating changes' text against the page's canvas
# (its background in the scheme shown): the lowest on the page, 99 for none.
LOWEST_CONTRAST = """(() => {
  const probe = document.createElement('div');
  probe.style.background = 'Canvas';
  document.body.appendChild(probe);
  const bg = getComputedStyle(probe).backgroundColor;
  probe.remove();
  const lum = c => {
    const v = c.match(/[\\d.]+/g).slice(0, 3).map(x => {
      x = Number(x) / 255;
      return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
  };
  const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
  return Math.min(99, ...[...document.querySelectorAll('.r, .up, .down')]
    .map(e => ratio(getComputedStyle(e).color, bg)));
})()"""


def hash_is(b, want, timeout=2):
    """Whether the address's #fragment is (or within timeout s becomes) want: the replay may
    write it a moment after the step."""
    end = time.monotonic() + timeout
    while b.eval("location.hash") != want and time.monotonic() < end:
        time.sleep(0.05)
    return b.eval("location.hash") == want


def replay_in_browser(b, page, shots):
    start = b.goto("file://" + page)
    n = b.eval("document.querySelectorAll('.bout').length")
    h.check(n >= 2, "the replay has %s bouts" % n)
    shown = "[...document.querySelectorAll('.bout')].filter(e => getComputedStyle(e).display " \
            "!== 'none').map(e => e.id).join(' ')"
    pos = "document.getElementById('pos').textContent"
    h.check(b.eval(shown) == "b1" and b.eval(pos) == "1 / %d" % n, "it opens on bout 1 alone")
    for _ in range(n + 1):  # one more than needed: it stays on the last
        b.key("ArrowRight", 39)
    h.check(b.eval(shown) == "b%d" % n and b.eval(pos) == "%d / %d" % (n, n),
            "arrows step to the last bout: %s" % b.eval(shown))
    h.check(hash_is(b, "#b%d" % n), "the address names the bout: %s" % b.eval("location.hash"))
    disabled = "['prev', 'next'].map(k => document.getElementById(k).disabled).join(' ')"
    h.check(b.eval(disabled) == "false true", "at the last bout Next is off: %s" % b.eval(disabled))
    # Alt+Left is the browser's Back, not the replay's (sent to the page alone: a real one would
    # go back)
    b.eval("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft', altKey: true}))")
    h.check(b.eval(shown) == "b%d" % n, "Alt+Left stepped the replay: %s" % b.eval(shown))
    b.eval("document.getElementById('prev').click()")
    h.check(b.eval(shown) == "b%d" % (n - 1), "the Previous button steps back")
    for _ in range(n):
        b.key("ArrowLeft", 37)
    h.check(b.eval(shown) == "b1", "arrows step back to the first bout")
    h.check(b.eval(disabled) == "true false", "at bout 1 Previous is off: %s" % b.eval(disabled))
    pressed = "document.getElementById('all').getAttribute('aria-pressed')"
    h.check(b.eval(pressed) == "false", "All bouts starts unpressed")
    b.eval("document.getElementById('all').click()")
    h.check(len(b.eval(shown).split()) == n, "All bouts shows them all")
    h.check(b.eval(pressed) == "true", "All bouts says it is pressed: %s" % b.eval(pressed))
    h.check(not b.errors(start), "console errors: %r" % b.errors(start))
    for name, (w, ht, mobile) in (("phone", (390, 844, True)), ("desktop", (1280, 800, False))):
        b.size(w, ht, mobile)
        b.goto("file://" + page + "#b2")
        h.check(b.eval(shown) == "b2", "#b2 in the address opens bout 2")
        width = b.eval("document.documentElement.scrollWidth")
        h.check(width <= w, "the %s page is %s px wide, more than its %s" % (name, width, w))
        b.screenshot(os.path.join(shots, "game-%s.png" % name))
        h.log("screenshot %s" % os.path.join(shots, "game-%s.png" % name))
    # Chrome ignores history.replaceState past 200 calls in 10 s: many quick clicks (here 300,
    # ending on bout 2) still leave the address on the bout shown
    b.goto("file://" + page)
    b.eval("for (let k = 0; k < 300; k++) document.getElementById(k % 2 ? 'prev' : 'next')"
           ".click(); document.getElementById('next').click()")
    h.check(b.eval(shown) == "b2" and hash_is(b, "#b2"),
            "after 301 quick clicks bout %s shows, the address says %s"
            % (b.eval(shown), b.eval("location.hash")))
    b.eval("location.hash = '#b3'")  # a link or the address changed on the page
    end = time.monotonic() + 2
    while b.eval(shown) != "b3" and time.monotonic() < end:
        time.sleep(0.05)
    h.check(b.eval(shown) == "b3" and b.eval(pos) == "3 / %d" % n,
            "#b3 set on the page shows bout %s" % b.eval(shown))
    b.goto("file://" + page + "#fair")
    h.check(b.eval("location.hash") == "#fair" and b.eval(shown) == "b1",
            "#fair stays in the address: %s" % b.eval("location.hash"))
    b.page("Emulation.setScriptExecutionDisabled", {"value": True})
    b.goto("file://" + page)
    h.check(len(b.eval(shown).split()) == n, "without JS every bout shows")
    b.page("Emulation.setScriptExecutionDisabled", {"value": False})
    return n


def terminal_browser(game, index, moves):
    """A terminal browser (w3m, when installed) reads the pages as text: every bout of the replay
    in order, its cards with their suit symbols, the leaderboard's rows."""
    w3m = shutil.which("w3m")
    if not w3m:
        h.log("no w3m (apt-get install w3m): the terminal browser's reading is not checked")
        return
    dump = lambda path: subprocess.run([w3m, "-dump", "-cols", "80", "-O", "UTF-8", path],
                                       capture_output=True, text=True, timeout=20).stdout
    text = dump(game)
    bouts = [int(n) for n in re.findall(r"^\s*Bout (\d+):", text, re.M)]
    h.check(bouts and bouts == list(range(1, len(bouts) + 1)),
            "w3m: the game page's bouts in order, all shown: %r" % bouts)
    h.check(re.search("[\u2660\u2663\u2665\u2666]", text), "w3m: no suit symbol on the game page")
    h.check("sha256sum" in text, "w3m: no fairness check on the game page")
    board = dump(index)
    h.check("anna" in board and "boris" in board, "w3m: the leaderboard has no players:\n" + board)
    h.log("w3m: the game's %d bouts (%d moves) and the leaderboard read as text"
          % (len(bouts), moves))


def test(env):
    site = os.path.join(env.dir, "site")
    shots = os.environ.get("DURAK_SITE_SHOTS", os.path.join(os.getcwd(), "site-screenshots"))
    os.makedirs(shots, exist_ok=True)
    env.ngircd.start()
    conf = h.bot_config(env.ngircd.port, channels=(CH,), burst=20, rate=20, turn_timeout=10)
    conf += 'site = { dir = "%s"; url = "%s/"; };\n' % (site, URL)
    bot = env.bot(conf)
    bot.start()
    players = [play.Player(env.client(n)) for n in ("anna", "boris")]
    for p in players:
        p.c.join_with_bot(CH)
    table = play.Table(CH, players, 11)
    table.open("classic")
    result = table.run(timeout=60)
    ended = time.monotonic()
    h.log("game over after %d moves: %s" % (table.moves, result))
    game = os.path.join(site, "g", "1.html")
    h.check(wait_file(game, 5), "no game page %s within 5 s of the end" % game)
    h.log("the game's page appeared %.2f s after the end" % (time.monotonic() - ended))
    is_page = lambda m: h.from_bot(m) and m.plain == "Page: %s/g/1.html" % URL  # noqa: E731
    # it follows the result's lines, often in the same read: table.run may have taken it already
    if not any(is_page(m) for m in players[0].c.all_msgs()):
        players[0].c.wait_for(is_page, 10, what="the game page's address in the channel")

    # a Spanish page, whose table heads are the longest: anna's, as her language changes it
    players[0].c.privmsg(h.BOT_NICK, "set language es")
    players[0].c.wait_for(lambda m: h.from_bot(m) and "español" in m.plain, 10,
                          what="the Spanish answer to set language es")
    spanish = lambda: [f for f in os.listdir(os.path.join(site, "p"))  # noqa: E731
                       if '<html lang="es">' in read(os.path.join(site, "p", f))]
    end = time.monotonic() + 5
    while not spanish() and time.monotonic() < end:
        time.sleep(0.05)
    h.check(spanish(), "anna's page is not Spanish 5 s after set language es")

    pages = [os.path.join(site, "index.html"), game, os.path.join(site, "a", "1.html")]
    pages += [os.path.join(site, "p", f) for f in sorted(os.listdir(os.path.join(site, "p")))]
    pages += [os.path.join(site, "c", f) for f in sorted(os.listdir(os.path.join(site, "c")))]
    h.check(len(pages) == 6, "index, the game, the archive, two people and the channel: %r"
            % pages)
    for path in pages:
        text = read(path)
        h.check(len(text.encode()) <= 60 * 1024, "%s is over 60 KB" % path)
        StrictParser(os.path.relpath(path, site), site).check(text)
    h.check(re.search(r'<html lang="en">', read(game)), "lang is set")

    players[1].c.privmsg(CH, "!top")
    top = players[1].c.wait_for(lambda m: h.from_bot(m) and m.plain.startswith("Top players"), 10,
                                what="the !top line")
    said = re.findall(r"\d+\. (\S+) (\d+) \((\d+)\)", top.plain)
    board = board_of(read(pages[0]))
    h.log("!top: %s; index: %r" % (top.plain, board))
    h.check(said and board == said, "the index's leaderboard %r is not !top's %r" % (board, said))

    terminal_browser(game, pages[0], table.moves)

    b = cdp.Browser(cdp.find_chromium())
    try:
        for path in pages:
            start = b.goto("file://" + path)
            h.check(not b.errors(start), "%s: console errors %r" % (path, b.errors(start)))
            if "/p/" in path:
                h.check(b.eval("document.querySelector('svg polyline') !== null"),
                        "%s has no rating chart: %s" % (path, read(path)[-1500:]))
        for scheme in ("light", "dark"):
            b.scheme(scheme)
            for path in (game, [p for p in pages if "/p/" in p][0]):
                b.goto("file://" + path)
                low = b.eval(LOWEST_CONTRAST)
                h.check(low >= 4.5, "%s, %s scheme: red or green text at %.2f:1 on its "
                        "background, under 4.5:1" % (os.path.relpath(path, site), scheme, low))
                h.log("%s, %s scheme: red and green text at %.1f:1 or more"
                      % (os.path.relpath(path, site), scheme, low))
        b.scheme("light")
        n = replay_in_browser(b, game, shots)
        h.log("the replay stepped through %d bouts and back" % n)
        b.size(390, 844, True)  # on a phone the chart's labels stay readable
        b.goto("file://" + [p for p in pages if "/p/" in p][0])
        px = b.eval("Math.min(...[...document.querySelectorAll('svg text')]"
                    ".map(e => e.getBoundingClientRect().height))")
        h.check(px >= 11, "the chart's labels are %.1f px high on a phone" % px)
        h.log("the chart's labels on a phone: %.1f px high" % px)
        # the archive, people (one in Spanish), the channel: a short name never broken, a word
        # only where its column has no room for it, no table wider than the screen
        for path in pages[2:]:
            b.goto("file://" + path)
            width = b.eval("document.documentElement.scrollWidth")
            broken = b.eval("[...document.querySelectorAll('td bdi')]"
                            ".filter(e => e.getClientRects().length > 1).map(e => e.textContent)")
            split, wide = b.eval(SPLIT_WORDS), b.eval(TOO_WIDE)
            h.check(width <= 390 and not broken and not split and not any(wide),
                    "%s on a phone: %s px wide, broken names %r, words split %r, tables %r px "
                    "too wide" % (os.path.relpath(path, site), width, broken, split, wide))
        # the same in Russian, whose words are longer: a row as the archive and a person's page
        # write it, with a short channel name the browser would break ("#" and "<x>")
        phone = os.path.join(env.dir, "phone.html")
        with open(phone, "w") as f:
            f.write(PHONE_PAGE % os.path.join(site, "style.css"))
        b.goto("file://" + phone)
        widths, split = b.eval(TOO_WIDE), b.eval(SPLIT_WORDS)
        broken = b.eval("[...document.querySelectorAll('td bdi')]"
                        ".filter(e => e.getClientRects().length > 1).map(e => e.textContent)")
        h.check(not any(widths) and not broken and not split, "Russian rows on a phone: tables "
                "%r px too wide, broken names %r, words split %r" % (widths, broken, split))
        b.size(1280, 800, False)
        b.goto("file://" + pages[0])
        b.screenshot(os.path.join(shots, "index-desktop.png"))
    finally:
        b.close()

    players[1].c.privmsg(h.BOT_NICK, "set site off")
    h.check(wait_file(game, 5, lambda t: "boris" not in t and re.search(r"\bPlayer \d", t)),
            "boris still named on the game's page 5 s after set site off")
    h.check("boris" not in read(pages[0]), "boris still on the index")
    h.log("set site off: boris is \"Player N\" on the game's page")

    # the whole site written again from the database is what the refreshes left
    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)
    again = os.path.join(env.dir, "again")
    run = subprocess.run([env.args.bot, "-c", bot.conf, "--export-site", again],
                         capture_output=True, text=True, timeout=30)
    h.check(run.returncode == 0, "--export-site failed: " + run.stderr)
    files = lambda d: sorted(os.path.relpath(os.path.join(r, f), d)
                             for r, _, fs in os.walk(d) for f in fs)
    h.check(files(again) == files(site), "--export-site wrote %r, the bot %r"
            % (files(again), files(site)))
    for rel in files(site):
        h.check(read(os.path.join(again, rel)) == read(os.path.join(site, rel)),
                "%s differs between --export-site and the bot's refreshes" % rel)
    h.log("--export-site wrote the same %d files" % len(files(site)))
    # into the database's own folder: refused, as site.dir there is, before a page is written
    run = subprocess.run([env.args.bot, "-c", bot.conf, "--export-site",
                          os.path.dirname(bot.database)], capture_output=True, text=True, timeout=30)
    h.check(run.returncode == 1 and "holds state.database" in run.stderr,
            "--export-site into the database's folder: exit %d: %s" % (run.returncode, run.stderr))
    h.check(not os.path.exists(os.path.join(os.path.dirname(bot.database), "index.html")),
            "--export-site wrote pages beside the database")


if __name__ == "__main__":
    h.run(test, skip=skip)
