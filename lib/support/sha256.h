/* SHA-256 (FIPS 180-4), for cache keys and the integrity of cache entries. */
#ifndef TILE_SUPPORT_SHA256_H
#define TILE_SUPPORT_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint32_t state[8];
  uint64_t length; /* bytes hashed so far */
  unsigned char block[64];
  size_t used; /* bytes waiting in `block` */
} TileSha256;

void tileSha256Init(TileSha256 *h);
void tileSha256Update(TileSha256 *h, const void *data, size_t size);
void tileSha256Final(TileSha256 *h, unsigned char digest[32]);

/* The digest of `size` bytes at `data`. */
void tileSha256(const void *data, size_t size, unsigned char digest[32]);

/* Writes the 64 lowercase hex digits of `digest` and a NUL into `hex`. */
void tileSha256Hex(const unsigned char digest[32], char hex[65]);

#endif
