/* fuzz_replay.c — runs a libFuzzer target without libFuzzer (gcc builds): every file in the
 * directories (or the files) given as arguments goes once through LLVMFuzzerTestOneInput. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Feeds one file; returns 1 if it was read, 0 if not. */
static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "fuzz_replay: cannot open %s\n", path);
        return 0;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            uint8_t *bigger = realloc(buf, cap *= 2);
            if (bigger == NULL)
                free(buf);
            buf = bigger;
        }
    }
    fclose(f);
    if (buf == NULL)
        return 0;
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 1;
}

static int replay_path(const char *path, int *failed)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "fuzz_replay: no such file or directory: %s\n", path);
        (*failed)++;
        return 0;
    }
    if (!S_ISDIR(st.st_mode)) {
        int ok = replay_file(path);
        *failed += !ok;
        return ok;
    }
    DIR *dir = opendir(path);
    if (dir == NULL) {
        (*failed)++;
        return 0;
    }
    int count = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char child[4096];
        snprintf(child, sizeof child, "%s/%s", path, e->d_name);
        count += replay_path(child, failed);
    }
    closedir(dir);
    return count;
}

int main(int argc, char **argv)
{
    int count = 0, failed = 0;
    for (int i = 1; i < argc; i++)
        count += replay_path(argv[i], &failed);
    printf("fuzz_replay: %d inputs replayed, %d unreadable\n", count, failed);
    return (failed || count == 0) ? 1 : 0;
}
