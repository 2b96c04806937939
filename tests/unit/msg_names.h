/* msg_names.h — each message id's name ("MSG_HAND"), for the tests' failure messages: an id as a
 * number would have to be counted down messages_en.def and the .def files it includes by hand. */
#ifndef DURAK_TEST_MSG_NAMES_H
#define DURAK_TEST_MSG_NAMES_H

#include "messages.h"

static const char *const msg_names[] = {
#define MSG(id, types, prio, text) #id,
#include "messages_en.def"
#undef MSG
};

static inline const char *msg_name(int id)
{
    return id >= 0 && id < MSG_COUNT ? msg_names[id] : "(no such message)";
}

#endif
