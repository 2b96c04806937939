# messages: every text's printf conversions against its id's argument types, in every language;
# render: cards, hands, the table and moves as IRC text (colours, Unicode suits), exact strings.
durak_unit_test(messages test_messages.c LIBS durak_messages)
durak_unit_test(render test_render.c LIBS durak_render durak_parser)
# line_prio: every message id's send priority, said and noticed, pinned to what it has always been.
durak_unit_test(line_prio test_line_prio.c LIBS durak_tables)
