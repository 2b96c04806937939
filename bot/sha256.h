/* sha256.h — SHA-256 (FIPS 180-4) of a byte string, for the deals' fingerprints: the bot's own,
 * so that a fingerprint does not start OpenSSL's provider machinery (2 MB of the bot's memory). */
#ifndef DURAK_SHA256_H
#define DURAK_SHA256_H

#include <stddef.h>
#include <stdint.h>

enum { SHA256_SIZE = 32 };

/* The digest of data[0..len). */
void sha256(const void *data, size_t len, uint8_t out[SHA256_SIZE]);

#endif
