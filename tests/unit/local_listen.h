/* local_listen.h — a listening TCP socket on 127.0.0.1 at a free port, for the unit tests that
 * stand in for a server (test_link, test_link_irc). */
#ifndef DURAK_TEST_LOCAL_LISTEN_H
#define DURAK_TEST_LOCAL_LISTEN_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

/* Listens on 127.0.0.1 at a port the kernel picks (*port); asserts on failure. */
static inline int listen_local(int *port)
{
    struct sockaddr_in a = { 0 };
    socklen_t alen = sizeof a;
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(fd >= 0);
    assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
    assert_int_equal(listen(fd, 4), 0);
    assert_int_equal(getsockname(fd, (struct sockaddr *)&a, &alen), 0);
    *port = ntohs(a.sin_port);
    return fd;
}

#endif
