/* A fast 64-bit checksum that finds damage in cache entries (truncation,
 * flipped bits, another writer's bytes). It is not a cryptographic hash:
 * keys use SHA-256 (support/sha256.h). */
#ifndef TILE_SUPPORT_CHECKSUM_H
#define TILE_SUPPORT_CHECKSUM_H

#include <stddef.h>
#include <stdint.h>

uint64_t tileChecksum64(const void *data, size_t size);

#endif
