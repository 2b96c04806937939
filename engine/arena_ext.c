/* arena_ext.c — external agents for durak-arena: fork/exec of sh -c CMD with two pipes, the
 * decision line (durak-arena --help), answers read with a deadline (poll). */
#define _POSIX_C_SOURCE 200809L /* fork, pipe, poll, kill, clock_gettime */

#include "arena_ext.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "textbuf.h"

/* ---- the decision line ------------------------------------------------------------ */

static void put_cards(textbuf *w, cards_t set)
{
    char c[3];
    if (!set)
        textbuf_put(w, "-");
    for (cards_t s = set; s; s &= s - 1)
        textbuf_put(w, "%s%s", s == set ? "" : " ", card_format(cards_first(s), c));
}

static void put_table(textbuf *w, const durak_game *g)
{
    char a[3], c[3];
    textbuf_put(w, "\ttable=");
    if (g->nattack == 0)
        textbuf_put(w, "-");
    for (int i = 0; i < g->nattack; i++)
        textbuf_put(w, "%s%s/%s", i ? " " : "", card_format(g->attack[i], a),
                    g->cover[i] == CARD_NONE ? "-" : card_format(g->cover[i], c));
}

/* The decision line for the seat to act in `v` (no newline); returns its length, or -1 if
 * `cap` is too small (EXT_LINE_MAX is always enough). */
static int ext_decision_line(const durak_view *v, const durak_action *acts, int n, char *buf,
                             size_t cap)
{
    textbuf w = { buf, cap, 0, false };
    const durak_game *g = &v->pub;
    char tc[3], view[DURAK_SERIAL_MAX], mv[32];
    textbuf_put(&w, "decide\tseat=%d\tplayers=%d\tvariant=%s\tphase=%s\tattacker=%d\tdefender=%d",
                v->seat, g->opt.players,
                g->opt.variant == DURAK_VARIANT_TRANSFER ? "transfer" : "classic",
                durak_phase_name(g->phase), g->attacker, g->defender);
    textbuf_put(&w, "\ttrump=%s\tstock=%d\tdiscard=%d", card_format(g->trump_card, tc),
                g->stock_len, v->discard_count);
    put_table(&w, g);
    textbuf_put(&w, "\thand=");
    put_cards(&w, g->hand[v->seat]);
    textbuf_put(&w, "\tcounts=");
    for (int s = 0; s < g->opt.players; s++)
        textbuf_put(&w, "%s%d", s ? "," : "", v->hand_count[s]);
    textbuf_put(&w, "\tknown=");
    for (int s = 0; s < g->opt.players; s++) {
        textbuf_put(&w, "%s%d:", s ? ";" : "", s);
        put_cards(&w, s == v->seat ? 0 : g->hand[s]);
    }
    if (durak_serialize(g, view, sizeof view) < 0)
        return -1;
    textbuf_put(&w, "\tview=%s\tlegal=", view);
    for (int i = 0; i < n; i++)
        textbuf_put(&w, "%s%s", i ? ";" : "", durak_action_format(acts[i], mv, sizeof mv));
    return w.overflow ? -1 : (int)w.len;
}

/* ---- the process ------------------------------------------------------------------ */

double arena_clock_ms(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static double wall_ms(void) { return arena_clock_ms(CLOCK_MONOTONIC); }

enum {
    EXT_FD_SCAN = 1024,     /* descriptors closed in the child before exec */
    EXT_STOP_WAIT_MS = 1000 /* after SIGTERM, then SIGKILL */
};

static bool ext_start(ext_agent *x)
{
    int in[2], out[2];
    if (pipe(in) != 0)
        return false;
    if (pipe(out) != 0) {
        close(in[0]);
        close(in[1]);
        return false;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        signal(SIGPIPE, SIG_DFL); /* the arena ignores it; exec keeps an ignored signal */
        setpgid(0, 0);            /* its own group: ended with whatever it started */
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        for (int fd = STDERR_FILENO + 1; fd < EXT_FD_SCAN; fd++)
            close(fd); /* the arena's own pipes and other agents' stay theirs */
        execl("/bin/sh", "sh", "-c", x->cmd, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    if (pid < 0) {
        close(in[1]);
        close(out[0]);
        return false;
    }
    setpgid(pid, pid); /* also here: no race with the first kill */
    x->pid = pid;
    x->to_fd = in[1];
    x->from_fd = out[0];
    x->len = 0;
    return true;
}

void ext_agent_stop(ext_agent *x)
{
    if (!x->pid)
        return;
    close(x->to_fd);
    close(x->from_fd);
    kill(-x->pid, SIGTERM);
    kill(x->pid, SIGTERM);
    struct timespec tick = { 0, 10 * 1000 * 1000 };
    for (int waited = 0; waited < EXT_STOP_WAIT_MS; waited += 10) {
        pid_t r = waitpid(x->pid, NULL, WNOHANG);
        if (r == x->pid || (r < 0 && errno != EINTR)) {
            x->pid = 0;
            return;
        }
        nanosleep(&tick, NULL);
    }
    kill(-x->pid, SIGKILL); /* it ignores SIGTERM */
    kill(x->pid, SIGKILL);
    while (waitpid(x->pid, NULL, 0) < 0 && errno == EINTR)
        ;
    x->pid = 0;
}

static bool write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return false;
        p += k;
        n -= (size_t)k;
    }
    return true;
}

/* Reads up to a newline before the deadline into `line`; NULL on success, else why not. */
static const char *read_line(ext_agent *x, double deadline, char *line, size_t cap)
{
    for (;;) {
        char *nl = memchr(x->buf, '\n', x->len);
        if (nl) {
            size_t n = (size_t)(nl - x->buf);
            if (n >= cap)
                return "the answer is too long";
            memcpy(line, x->buf, n);
            line[n] = '\0';
            if (n && line[n - 1] == '\r')
                line[n - 1] = '\0';
            memmove(x->buf, nl + 1, x->len - n - 1);
            x->len -= n + 1;
            return NULL;
        }
        if (x->len == sizeof x->buf)
            return "the answer is too long";
        double left = deadline - wall_ms();
        if (left <= 0)
            return "no answer in time";
        struct pollfd p = { x->from_fd, POLLIN, 0 };
        int r = poll(&p, 1, (int)left + 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0)
            return "no answer in time";
        ssize_t k = read(x->from_fd, x->buf + x->len, sizeof x->buf - x->len);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return "the agent closed its output (exited?)";
        x->len += (size_t)k;
    }
}

static bool fail(ext_agent *x, char *why, size_t cap, const char *reason, const char *line)
{
    if (line)
        snprintf(why, cap, "%s: \"%.80s\"", reason, line);
    else
        snprintf(why, cap, "%s", reason);
    ext_agent_stop(x);
    return false;
}

bool ext_agent_decide(ext_agent *x, const durak_view *v, const durak_action *acts, int n,
                      int timeout_ms, durak_action *out, char *why, size_t why_cap)
{
    char line[EXT_LINE_MAX + 1], answer[64], mv[32];
    if (!x->pid && !ext_start(x))
        return fail(x, why, why_cap, "could not start the agent", NULL);
    int len = ext_decision_line(v, acts, n, line, sizeof line - 1);
    if (len < 0)
        return fail(x, why, why_cap, "the decision line is too long", NULL);
    line[len++] = '\n';
    double deadline = wall_ms() + timeout_ms;
    if (!write_all(x->to_fd, line, (size_t)len))
        return fail(x, why, why_cap, "the agent does not read its input (exited?)", NULL);
    const char *err = read_line(x, deadline, answer, sizeof answer);
    if (err)
        return fail(x, why, why_cap, err, NULL);
    for (int i = 0; i < n; i++)
        if (strcmp(answer, durak_action_format(acts[i], mv, sizeof mv)) == 0) {
            *out = acts[i];
            return true;
        }
    return fail(x, why, why_cap, "not one of the legal moves", answer);
}
