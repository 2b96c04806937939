/* store_schema.c — the state database's schema, as the steps that build it (store.c runs them when
 * it opens a file of an older version), and the statements the bot prepares on it. */
#include "store_internal.h"

/* store_migrations[v] takes a database from user_version v to v + 1, inside one transaction.
 * Append only: never edit a released step; a new schema is a new step (and STORE_SCHEMA_VERSION+1). */
const char *const store_migrations[] = {
    /* 0 -> 1: the first schema. */
    "PRAGMA application_id = 1146243906;"
    "CREATE TABLE running_tables (channel TEXT PRIMARY KEY NOT NULL, snapshot TEXT NOT NULL);"
    "CREATE TABLE players (key TEXT PRIMARY KEY NOT NULL, display TEXT NOT NULL,"
    " games INTEGER NOT NULL DEFAULT 0, firsts INTEGER NOT NULL DEFAULT 0,"
    " duraks INTEGER NOT NULL DEFAULT 0, draws INTEGER NOT NULL DEFAULT 0,"
    " forfeits INTEGER NOT NULL DEFAULT 0, rating REAL NOT NULL DEFAULT 1500);"
    "CREATE INDEX players_by_rating ON players (rating DESC, games DESC, key);",
    /* 1 -> 2: saved tables the bot refused to restore, kept to be looked at. */
    "CREATE TABLE rejected_tables (id INTEGER PRIMARY KEY, channel TEXT NOT NULL,"
    " snapshot TEXT NOT NULL, reason TEXT NOT NULL, rejected_at INTEGER NOT NULL);",
    /* 2 -> 3: each person's preferences for their private lines. */
    "CREATE TABLE prefs (key TEXT PRIMARY KEY NOT NULL, delivery INTEGER NOT NULL,"
    " colours INTEGER NOT NULL, turn INTEGER NOT NULL);",
    /* 3 -> 4: every finished game's record: options, deal, moves, seats, result. */
    "CREATE TABLE games (id INTEGER PRIMARY KEY, channel TEXT NOT NULL, channel_key TEXT NOT NULL,"
    " ended_at INTEGER NOT NULL, players INTEGER NOT NULL, variant INTEGER NOT NULL,"
    " throwin INTEGER NOT NULL, first5 INTEGER NOT NULL, deck INTEGER NOT NULL,"
    " seed TEXT NOT NULL, salt TEXT NOT NULL, draw INTEGER NOT NULL, result TEXT NOT NULL,"
    " truncated INTEGER NOT NULL, moves TEXT NOT NULL, teams INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX games_by_channel ON games (channel_key, id);"
    "CREATE INDEX games_by_end ON games (ended_at, id);"
    "CREATE TABLE game_seats (game INTEGER NOT NULL REFERENCES games (id), seat INTEGER NOT NULL,"
    " key TEXT NOT NULL, display TEXT NOT NULL, place INTEGER NOT NULL, durak INTEGER NOT NULL,"
    " forfeited INTEGER NOT NULL, PRIMARY KEY (game, seat));",
    /* 4 -> 5: the language of each person's private lines. */
    "ALTER TABLE prefs ADD COLUMN language TEXT NOT NULL DEFAULT '';",
    /* 5 -> 6: the web pages: whether a person shows there, each seat's rating before and after
     * the game (NULL for games recorded before), a person's games by key. */
    "ALTER TABLE prefs ADD COLUMN site INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE game_seats ADD COLUMN rating_before REAL;"
    "ALTER TABLE game_seats ADD COLUMN rating_after REAL;"
    "CREATE INDEX game_seats_by_key ON game_seats (key, game);",
    /* 6 -> 7: the language each game was played in, for its web page ('': recorded before; its
     * page stays in its channel's language, as it always was). */
    "ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT '';",
    /* 7 -> 8: team games won and lost (R19), counted for every seat of a team game that was not
     * a draw: a partner who neither went out first nor was the durak showed in no column. The
     * games recorded since schema 4 are counted back: the losing team is the one the result
     * names ("team 1 lost"), else the durak's, else the first forfeiter's; seat s is in team
     * s % (players / 2). */
    "ALTER TABLE players ADD COLUMN team_wins INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE players ADD COLUMN team_losses INTEGER NOT NULL DEFAULT 0;"
    "WITH lost (game, half, team) AS (SELECT g.id, g.players / 2,"
    " CASE WHEN g.result LIKE 'team % lost' THEN CAST(substr(g.result, 6) AS INTEGER)"
    " ELSE (SELECT s.seat FROM game_seats s WHERE s.game = g.id AND (s.durak OR s.forfeited)"
    " ORDER BY s.durak DESC, s.seat LIMIT 1) % (g.players / 2) END"
    " FROM games g WHERE g.teams AND NOT g.draw AND g.players >= 4),"
    " seats (key, won) AS (SELECT s.key, s.seat % l.half <> l.team FROM game_seats s"
    " JOIN lost l ON l.game = s.game WHERE l.team IS NOT NULL)"
    " UPDATE players SET"
    " team_wins = (SELECT count(*) FROM seats WHERE seats.key = players.key AND won),"
    " team_losses = (SELECT count(*) FROM seats WHERE seats.key = players.key AND NOT won);",
};
_Static_assert(sizeof store_migrations / sizeof *store_migrations == STORE_SCHEMA_VERSION,
               "one migration per schema version");

#define STORE_PLAYER_COLUMNS                                                                       \
    "key, display, games, firsts, duraks, draws, forfeits, rating, team_wins, team_losses"

const char *const store_sql[ST_COUNT] = {
    [ST_BEGIN] = "BEGIN IMMEDIATE",
    [ST_COMMIT] = "COMMIT",
    [ST_ROLLBACK] = "ROLLBACK",
    [ST_SAVEPOINT] = "SAVEPOINT store_sp",
    [ST_RELEASE] = "RELEASE store_sp",
    [ST_ROLLBACK_TO] = "ROLLBACK TO store_sp",
    [ST_SAVE_TABLE] = "INSERT INTO running_tables (channel, snapshot) VALUES (?1, ?2)"
                      " ON CONFLICT (channel) DO UPDATE SET snapshot = excluded.snapshot",
    [ST_DELETE_TABLE] = "DELETE FROM running_tables WHERE channel = ?1",
    [ST_LOAD_TABLES] = "SELECT channel, snapshot FROM running_tables ORDER BY channel",
    [ST_REJECT_TABLE] = "INSERT INTO rejected_tables (channel, snapshot, reason, rejected_at)"
                        " VALUES (?1, ?2, ?3, CAST(strftime('%s', 'now') AS INTEGER))",
    [ST_REJECT_ALL] = "INSERT INTO rejected_tables (channel, snapshot, reason, rejected_at)"
                      " SELECT channel, snapshot, ?1, CAST(strftime('%s', 'now') AS INTEGER)"
                      " FROM running_tables",
    [ST_DELETE_ALL] = "DELETE FROM running_tables",
    [ST_GET_PLAYER] = "SELECT " STORE_PLAYER_COLUMNS " FROM players WHERE key = ?1",
    [ST_PUT_PLAYER] =
        "INSERT INTO players (" STORE_PLAYER_COLUMNS
        ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"
        " ON CONFLICT (key) DO UPDATE SET display = excluded.display,"
        " games = excluded.games, firsts = excluded.firsts, duraks = excluded.duraks,"
        " draws = excluded.draws, forfeits = excluded.forfeits, rating = excluded.rating,"
        " team_wins = excluded.team_wins, team_losses = excluded.team_losses",
    [ST_TOP] =
        "SELECT " STORE_PLAYER_COLUMNS " FROM players"
        " WHERE CASE ?2 WHEN 2 THEN substr(key, 1, 1) = '+' AND substr(key, 2, 1) <> '*'" /* solo */
        " ELSE (substr(key, 1, 1) = '*') = ?2 AND substr(key, 1, 1) <> '+' END"
        " ORDER BY rating DESC, games DESC, key LIMIT ?1",
    [ST_GET_PREFS] = "SELECT delivery, colours, turn, language, site FROM prefs WHERE key = ?1",
    [ST_PUT_PREFS] = "INSERT OR REPLACE INTO prefs (key, delivery, colours, turn, language, site)"
                     " VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
};
