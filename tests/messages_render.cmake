# messages: every text's printf conversions against its id's argument types, in every language;
# render: cards, hands, the table and moves as IRC text (colours, Unicode suits), exact strings.
durak_unit_test(messages test_messages.c LIBS durak_messages)
durak_unit_test(render test_render.c LIBS durak_render durak_parser)
