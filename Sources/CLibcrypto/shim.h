// OpenSSL's libcrypto (Debian: libssl-dev, which libpq-dev brings), for its
// SHA-256 only: libpq links it already, so the hash adds no library.
#include <openssl/evp.h>
