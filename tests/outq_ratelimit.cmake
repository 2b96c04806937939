# outq: the send queue (token bucket, splitter, fairness); ratelimit: per-user command limits.
durak_unit_test(outq test_outq.c LIBS durak_outq)
durak_unit_test(ratelimit test_ratelimit.c LIBS durak_ratelimit)
