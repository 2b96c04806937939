/* site_files.c — site.dir's files: its folders, each file written whole through a temporary, the
 * stamp saying whose pages they are, the mark of pages being written, what killed writes leave. */
#define _POSIX_C_SOURCE 200809L
#include "site_files.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log.h"

bool site_file_there(const site_options *o, const char *rel)
{
    char path[CONFIG_PATH_MAX + 48];
    snprintf(path, sizeof path, "%s/%s", o->dir, rel);
    return access(path, F_OK) == 0;
}

/* Pages are for everyone to read, whatever the bot's umask (the service's is 0077). Made by root
 * (durakbot --export-site in an upgrade) a folder belongs to the owner of the one above it: the
 * service's, which could otherwise never write its pages there again. */
static bool make_dir(const char *path)
{
    if (mkdir(path, 0755) != 0)
        return errno == EEXIST;
    char parent[CONFIG_PATH_MAX + 8];
    snprintf(parent, sizeof parent, "%s", path);
    char *slash = strrchr(parent, '/');
    struct stat up;
    if (slash)
        slash[slash == parent] = '\0'; /* "/x": "/" */
    if (geteuid() == 0 && slash && stat(parent, &up) == 0 && up.st_uid != 0
        && chown(path, up.st_uid, up.st_gid) != 0)
        return false;
    return chmod(path, 0755) == 0;
}

bool site_make_dirs(const site_options *o, char *why, size_t cap)
{
    char path[CONFIG_PATH_MAX + 8];
    snprintf(path, sizeof path, "%s", o->dir);
    bool ok = true;
    for (char *slash = strchr(path + 1, '/'); ok && slash; slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        ok = make_dir(path);
        *slash = '/';
    }
    ok = ok && make_dir(o->dir);
    snprintf(path, sizeof path, "%s/p", o->dir);
    ok = ok && make_dir(path);
    snprintf(path, sizeof path, "%s/g", o->dir);
    ok = ok && make_dir(path);
    snprintf(path, sizeof path, "%s/a", o->dir);
    ok = ok && make_dir(path);
    snprintf(path, sizeof path, "%s/c", o->dir);
    if (ok && make_dir(path))
        return true;
    snprintf(why, cap, "cannot make %s (and its p/, g/, a/ and c/): %s", o->dir, strerror(errno));
    return false;
}

bool site_write_file(const site_options *o, const char *rel, const char *data, size_t len)
{
    char path[CONFIG_PATH_MAX + 40], tmp[CONFIG_PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", o->dir, rel);
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    FILE *f = fd >= 0 && fchmod(fd, 0644) == 0 ? fdopen(fd, "w") : NULL;
    if (!f && fd >= 0)
        close(fd);
    bool ok = f && fwrite(data, 1, len, f) == len;
    ok = f && fclose(f) == 0 && ok;
    ok = ok && rename(tmp, path) == 0;
    if (!ok) {
        log_msg(LOG_ERR, "site: could not write %s: %s; check site.dir's permissions and space",
                path, strerror(errno));
        unlink(tmp);
    }
    return ok;
}

void site_stamp_line(const site_options *o, const char *stamp, char line[SITE_STAMP_LINE])
{
    /* and the languages the pages were written in (game.language, channel_settings): a start
     * with others finds the site not its own, and writes it whole, not a page at a time */
    uint64_t h = UINT64_C(0xcbf29ce484222325) ^ (unsigned)o->lang; /* FNV-1a */
    for (int i = 0; i < o->nchannels; i++) {
        const config_channel *ch = &o->channels[i];
        for (const char *p = ch->name; *p; p++)
            h = (h ^ (unsigned char)*p) * UINT64_C(0x100000001b3);
        h = (h ^ (unsigned)(ch->language + 1) ^ 0x100) * UINT64_C(0x100000001b3);
    }
    snprintf(line, SITE_STAMP_LINE, "db %s\nlanguages %016llx\n", stamp, (unsigned long long)h);
}

void site_stamp_read(const site_options *o, char got[SITE_STAMP_LINE])
{
    char path[CONFIG_PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/%s", o->dir, SITE_STAMP);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(got, 1, SITE_STAMP_LINE - 1, f) : 0;
    got[n] = '\0';
    if (f)
        fclose(f);
}

bool site_stamp_there(const site_options *o, const char *stamp)
{
    char want[SITE_STAMP_LINE], got[SITE_STAMP_LINE];
    site_stamp_read(o, got);
    site_stamp_line(o, stamp, want);
    return !strcmp(got, want);
}

/* What follows one of the bot's file names in a temporary's: the pid of write_file's
 * "<file>.<pid>.tmp", 0 for an older build's "<file>.tmp"; -1 for anything else. */
static long temp_pid(const char *rest)
{
    if (!strcmp(rest, ".tmp"))
        return 0;
    size_t digits = *rest == '.' ? strspn(rest + 1, "0123456789") : 0;
    long pid = digits && digits < 10 && !strcmp(rest + 1 + digits, ".tmp") ? atol(rest + 1) : -1;
    return pid > 0 ? pid : -1;
}

/* The length of the page name "12.html" that name starts with, 0 if none. */
static size_t numbered(const char *name)
{
    size_t digits = strspn(name, "0123456789");
    return digits && !strncmp(name + digits, ".html", 5) ? digits + 5 : 0;
}

/* "12.html", and any temporary of it ("12.html.<pid>.tmp", an older build's "12.html.tmp"). */
static bool numbered_page(const char *name)
{
    size_t n = numbered(name);
    return n && (!name[n] || temp_pid(name + n) >= 0);
}

/* What a write killed midway left after one of the bot's file names: a temporary of an older
 * build, or of a process gone (a live one's is an --export-site beside the bot writing it; the
 * bot's own pid again is that of the run killed, in a container that gives it the same one). */
static bool killed_temp(const char *rest)
{
    long pid = temp_pid(rest);
    return !pid || (pid > 0 && (pid == (long)getpid() || (kill((pid_t)pid, 0) && errno == ESRCH)));
}

static bool killed_page(const char *name)
{
    size_t n = numbered(name);
    return n && killed_temp(name + n);
}

static bool killed_top(const char *name)
{
    static const char *const files[] = { "index.html", "style.css", SITE_STAMP };
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        size_t n = strlen(files[i]);
        if (!strncmp(name, files[i], n) && killed_temp(name + n))
            return true;
    }
    return false;
}

/* Removes the files of the folder at path that `doomed` picks by name. */
static void remove_files(const char *path, bool (*doomed)(const char *name))
{
    DIR *d = opendir(path);
    for (struct dirent *e; d && (e = readdir(d));)
        if (doomed(e->d_name) && unlinkat(dirfd(d), e->d_name, 0) != 0)
            log_msg(LOG_ERR, "site: could not remove %s/%s: %s", path, e->d_name, strerror(errno));
    if (d)
        closedir(d);
}

/* The files that `doomed` picks in p/, g/, a/ and c/ (the bot's own files there). */
static void remove_pages(const site_options *o, bool (*doomed)(const char *name))
{
    static const char kinds[] = "pgac";
    for (const char *k = kinds; *k; k++) {
        char path[CONFIG_PATH_MAX + 8];
        snprintf(path, sizeof path, "%s/%c", o->dir, *k);
        remove_files(path, doomed);
    }
}

void site_clear_pages(const site_options *o) { remove_pages(o, numbered_page); }

void site_clear_killed(const site_options *o)
{
    remove_files(o->dir, killed_top);
    remove_pages(o, killed_page);
}

bool site_mark(const site_options *o, char *why, size_t cap)
{
    char path[CONFIG_PATH_MAX + 24];
    snprintf(path, sizeof path, "%s/%s", o->dir, SITE_MARK);
    /* made in place, not through a temporary: a kill leaves it, or nothing */
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd >= 0 && close(fd) == 0)
        return true;
    snprintf(why, cap, "cannot write %s: %s", path, strerror(errno));
    return false;
}

void site_unmark(const site_options *o)
{
    char path[CONFIG_PATH_MAX + 24];
    snprintf(path, sizeof path, "%s/%s", o->dir, SITE_MARK);
    if (unlink(path) != 0 && errno != ENOENT) /* the next start writes every page again */
        log_msg(LOG_WARNING, "site: could not remove %s: %s", path, strerror(errno));
}
