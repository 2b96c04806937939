/* aiworker.h — computer players' decisions off the main loop: one thread per decision,
 * each with its own copy of the seat's view; answers come back through a pipe the loop waits on. */
#ifndef DURAK_AIWORKER_H
#define DURAK_AIWORKER_H

#include <stdbool.h>

#include "tables.h"

typedef struct aiworker aiworker;

aiworker *aiworker_new(void);
/* Running decisions stop at once (their clock runs out) and are dropped; waits for them (at most
 * about 2 s), then frees everything. */
void aiworker_free(aiworker *w);
/* Readable when a decision is ready: add it to the select() read set. */
int aiworker_fd(const aiworker *w);
/* Starts deciding `job` (copied) on a new thread; false if no thread could be made. */
bool aiworker_start(aiworker *w, const tables_ai_job *job);
/* Hands every finished decision to cb (on the calling thread). */
void aiworker_collect(aiworker *w, void (*cb)(void *ctx, const tables_ai_job *job, durak_action a),
                      void *ctx);

#endif
