/* test_sha256.c — the bot's SHA-256 against FIPS 180-4's examples and against OpenSSL at every
 * length around the padding's edges (55, 56, 63, 64 bytes...). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sha256.h"

static void hex(const uint8_t *md, char out[2 * SHA256_SIZE + 1])
{
    for (int i = 0; i < SHA256_SIZE; i++)
        snprintf(out + 2 * i, 3, "%02x", md[i]);
}

static void test_fips_examples(void **state)
{
    (void)state;
    static const struct {
        const char *text, *digest;
    } cases[] = {
        { "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
        { "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
        { "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
    };
    uint8_t md[SHA256_SIZE];
    char got[2 * SHA256_SIZE + 1];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sha256(cases[i].text, strlen(cases[i].text), md);
        hex(md, got);
        assert_string_equal(got, cases[i].digest);
    }
    size_t n = 1000000; /* a million 'a's */
    char *a = malloc(n);
    assert_non_null(a);
    memset(a, 'a', n);
    sha256(a, n, md);
    hex(md, got);
    assert_string_equal(got, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    free(a);
}

static void test_every_length_as_openssl(void **state)
{
    (void)state;
    uint8_t buf[300], md[SHA256_SIZE], want[EVP_MAX_MD_SIZE];
    for (size_t i = 0; i < sizeof buf; i++)
        buf[i] = (uint8_t)(i * 131 + 7);
    for (size_t len = 0; len <= sizeof buf; len++) {
        unsigned int n = 0;
        assert_true(EVP_Digest(buf, len, want, &n, EVP_sha256(), NULL) && n == SHA256_SIZE);
        sha256(buf, len, md);
        if (memcmp(md, want, SHA256_SIZE))
            fail_msg("SHA-256 of %zu bytes differs from OpenSSL's", len);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fips_examples),
        cmocka_unit_test(test_every_length_as_openssl),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
