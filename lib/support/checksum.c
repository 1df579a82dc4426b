#include "support/checksum.h"

#include <string.h>

/* Four independent multiply-xorshift lanes over 8-byte words (several
 * bytes per cycle, where SHA-256 in C takes about ten cycles a byte), then
 * the tail and the length, then a final mix of the lanes. */
static const uint64_t Prime1 = 0x9e3779b185ebca87ULL;
static const uint64_t Prime2 = 0xc2b2ae3d27d4eb4fULL;

static uint64_t mix(uint64_t lane, uint64_t word) {
  lane ^= word * Prime2;
  lane = (lane << 31) | (lane >> 33);
  return lane * Prime1;
}

static uint64_t word(const unsigned char *p) {
  uint64_t w;
  memcpy(&w, p, 8);
  return w;
}

uint64_t tileChecksum64(const void *data, size_t size) {
  const unsigned char *p = data;
  uint64_t lanes[4] = {Prime1, Prime2, ~Prime1, ~Prime2};
  size_t i = 0;
  for (; i + 32 <= size; i += 32)
    for (int l = 0; l < 4; ++l)
      lanes[l] = mix(lanes[l], word(p + i + 8 * l));
  uint64_t h = (uint64_t)size * Prime1;
  for (int l = 0; l < 4; ++l)
    h = mix(h, lanes[l]);
  for (; i + 8 <= size; i += 8)
    h = mix(h, word(p + i));
  uint64_t tail = 0;
  for (unsigned shift = 0; i < size; ++i, shift += 8)
    tail |= (uint64_t)p[i] << shift;
  h = mix(h, tail);
  h ^= h >> 33;
  h *= Prime2;
  h ^= h >> 29;
  return h;
}
