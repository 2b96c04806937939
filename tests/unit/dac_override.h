/* dac_override.h — for unit tests run as root: drop (or take back) the capabilities that let
 * root ignore file modes, so that a read-only file is read-only to the test too. */
#ifndef DURAK_TEST_DAC_OVERRIDE_H
#define DURAK_TEST_DAC_OVERRIDE_H

#include <linux/capability.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Root ignores file modes: drop the capabilities that let it (effective set only, restored). The
 * includer defines _DEFAULT_SOURCE or _GNU_SOURCE first (syscall). */
static inline bool set_dac_override(bool on)
{
    struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[2];
    if (syscall(SYS_capget, &hdr, data) != 0)
        return false;
    uint32_t bits = 1u << CAP_DAC_OVERRIDE | 1u << CAP_DAC_READ_SEARCH | 1u << CAP_FOWNER;
    data[0].effective =
        on ? data[0].effective | (data[0].permitted & bits) : data[0].effective & ~bits;
    return syscall(SYS_capset, &hdr, data) == 0;
}

#endif
