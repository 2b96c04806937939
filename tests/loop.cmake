# loop: the event loop's timers, waits, sources and stages (a fake clock, and a pipe).
durak_unit_test(test_loop test_loop.c LIBS durak_loop durak_clock m)
