# casemap: nick and channel comparison per the server's CASEMAPPING, and admin hostmask matching.
durak_unit_test(casemap test_casemap.c LIBS durak_casemap)
