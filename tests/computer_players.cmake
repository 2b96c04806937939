# Computer players (engine/ai*.c, determinize.c): legal play over random options at every
# level, no peeking, determinism, easy's cheapest card, the endgame search.
durak_unit_test(test_ai test_ai.c LIBS durak)
