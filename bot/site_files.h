/* site_files.h — site.dir's files: its folders, each file written whole through a temporary, the
 * stamp saying whose pages they are, the mark of pages being written, what killed writes leave. */
#ifndef DURAK_SITE_FILES_H
#define DURAK_SITE_FILES_H

#include <stdbool.h>
#include <stddef.h>

#include "site.h"

/* Under site.dir: which database the pages are of (store_site_stamp), written after a whole
 * export. Another database's pages, or an older build's, would stay behind it, and where the ids
 * meet be taken for this one's. */
#define SITE_STAMP ".durakbot-db"
/* Its text: "db " and a store_site_stamp (95 bytes at most), then the languages' hash. */
#define SITE_STAMP_LINE 128
/* Under site.dir while pages are written, and after writing them failed or was cut off (a kill,
 * a crash, a stop that left refreshes undone): the pages written before it still show what came
 * before, so the next start writes every page. */
#define SITE_MARK ".durakbot-writing"

/* Whether the file rel ("index.html", "g/12.html") is under site.dir. */
bool site_file_there(const site_options *o, const char *rel);
/* site.dir and the directories above it that are missing ("made if missing", like mkdir -p),
 * then its p/, g/, a/ and c/; false with why. */
bool site_make_dirs(const site_options *o, char *why, size_t cap);
/* dir/rel, through rel.<pid>.tmp and a rename: a reader never sees half a page, and an
 * --export-site beside the running bot never writes into, or renames away, the bot's file. False,
 * logged, on failure. */
bool site_write_file(const site_options *o, const char *rel, const char *data, size_t len);

/* The stamp file's text for a database's stamp (store_site_stamp; "" for an empty one). */
void site_stamp_line(const site_options *o, const char *stamp, char line[SITE_STAMP_LINE]);
/* The stamp file's text, "" when there is none. */
void site_stamp_read(const site_options *o, char got[SITE_STAMP_LINE]);
/* Whether the pages are those of the database with that stamp, in o's languages. */
bool site_stamp_there(const site_options *o, const char *stamp);

/* Every numbered page of p/, g/, a/ and c/ (the bot's own files there; nothing else is touched). */
void site_clear_pages(const site_options *o);
/* What writes killed midway left: the temporaries of the bot's files (index.html, style.css, the
 * stamp, the numbered pages) whose process is gone; a live one's is being written. */
void site_clear_killed(const site_options *o);

/* SITE_MARK made before pages are written (false with why), removed once all were. */
bool site_mark(const site_options *o, char *why, size_t cap);
void site_unmark(const site_options *o);

#endif
