/* The build identity of the binary that holds libtile: its GNU build-ID
 * note, read from the loaded image (no file access), else a description of
 * the file. */
#define _GNU_SOURCE /* dladdr, dl_iterate_phdr */
#include "support/build_id.h"

#include "support/strbuf.h"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static char buildId[512];

typedef struct {
  uintptr_t address; /* an address inside libtile */
  TileStrBuf *hex;
} Search;

static bool containsAddress(const struct dl_phdr_info *info, uintptr_t at) {
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_LOAD && at >= start && at - start < ph->p_memsz)
      return true;
  }
  return false;
}

/* Appends the descriptor of the NT_GNU_BUILD_ID note of one PT_NOTE
 * segment, in hex; false when it has none. */
static bool readNote(const unsigned char *p, size_t size, TileStrBuf *hex) {
  size_t at = 0;
  while (at + sizeof(ElfW(Nhdr)) <= size) {
    const ElfW(Nhdr) *note = (const ElfW(Nhdr) *)(p + at);
    size_t name = (note->n_namesz + 3) & ~(size_t)3;
    size_t desc = (note->n_descsz + 3) & ~(size_t)3;
    const unsigned char *data = p + at + sizeof(*note) + name;
    if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 &&
        memcmp(p + at + sizeof(*note), "GNU", 4) == 0) {
      for (ElfW(Word) i = 0; i < note->n_descsz; ++i)
        tileStrBufPrintf(hex, "%02x", data[i]);
      return note->n_descsz > 0;
    }
    at += sizeof(*note) + name + desc;
  }
  return false;
}

static int visit(struct dl_phdr_info *info, size_t size, void *userData) {
  (void)size;
  Search *search = userData;
  if (!containsAddress(info, search->address))
    return 0;
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type == PT_NOTE &&
        readNote((const unsigned char *)(info->dlpi_addr + ph->p_vaddr),
                 ph->p_filesz, search->hex))
      return 1;
  }
  return 1;
}

/* Without a build ID: the file, as its path, size and time of change. */
static void describeFile(TileStrBuf *out) {
  Dl_info info;
  struct stat st;
  if (!dladdr((void *)tileBuildId, &info) || !info.dli_fname ||
      stat(info.dli_fname, &st) != 0)
    return;
  tileStrBufPrintf(out, "%s:%lld:%lld.%09ld", info.dli_fname,
                   (long long)st.st_size, (long long)st.st_mtim.tv_sec,
                   st.st_mtim.tv_nsec);
}

static void compute(void) {
  TileStrBuf hex = TILE_STRBUF_INIT;
  Search search = {(uintptr_t)(void *)tileBuildId, &hex};
  dl_iterate_phdr(visit, &search);
  if (hex.size == 0)
    describeFile(&hex);
  snprintf(buildId, sizeof(buildId), "%s", hex.size ? tileStrBufGet(&hex) : "");
  tileStrBufFree(&hex);
}

const char *tileBuildId(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, compute);
  return buildId;
}
