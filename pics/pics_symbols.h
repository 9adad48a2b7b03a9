/* Symbols: the functions and source lines of the profiled ELFs, read with
 * libelf and libdw, and opening the files that inputs name. */
#ifndef PICS_SYMBOLS_H
#define PICS_SYMBOLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pics_error.h"
#include "pics_mapping.h"

struct pics_symbols;

/* Function symbols (libelf) and line tables (libdw) of one ELF, or of
 * several at their load addresses (a program and the kernel). A stripped
 * ELF adds fine and resolves nothing. */
struct pics_symbols *pics_symbols_new(struct pics_error *err);
/* Adds the ELF at @path with every address moved by @bias (load address
 * minus link address, modulo 2^64). A file that cannot be read adds
 * nothing. @path is opened as pics_open_file opens it: inside @root when
 * @root is not NULL, and only when it is a regular file. */
int pics_symbols_add(struct pics_symbols *s, const char *root,
		     const char *path, uint64_t bias, struct pics_error *err);
/* Adds the ELF at @elf (inside @root when @root is not NULL, as
 * pics_open_file finds it) as the file @map shows: its build-id must match
 * the mapping's when both have one (else PICS_ERR_MISMATCH), and its bias
 * follows from the PT_LOAD segment holding map->pgoff, or for "[kernel]"
 * from its _stext. An ELF already added for code in @map is not read
 * again. When @elf is NULL or cannot be used, the mapping's addresses get
 * the function name "[kernel]", "[vdso]" or "[PATH]" instead; a failure
 * is still reported, for the caller to warn about. */
int pics_symbols_add_mapping(struct pics_symbols *s,
			     const struct pics_mapping *map, const char *root,
			     const char *elf, struct pics_error *err);
/* pics_symbols_new and pics_symbols_add with no root and bias 0. */
struct pics_symbols *pics_symbols_open(const char *path,
				       struct pics_error *err);
void pics_symbols_close(struct pics_symbols *s);
/* The ELF whose executable sections (moved by its bias) hold @addr: the
 * path it was opened at (under a root, the root joined with the path the
 * links inside it led to) and its bias. */
bool pics_symbols_elf(const struct pics_symbols *s, uint64_t addr,
		      const char **path, uint64_t *bias);
/* Function containing @addr: its name and start address. */
bool pics_symbols_function(const struct pics_symbols *s, uint64_t addr,
			   const char **name, uint64_t *start);
/* Variable (a sized object symbol) containing the data address @addr:
 * its name and start address. */
bool pics_symbols_data(const struct pics_symbols *s, uint64_t addr, const char **name,
		       uint64_t *start);
/* Source line of @addr; @file is the last path component. */
bool pics_symbols_line(const struct pics_symbols *s, uint64_t addr,
		       const char **file, unsigned *line);
/* Source line of @addr with the file's path as the line table gives it
 * (absolute when the compiler recorded its directory). */
bool pics_symbols_source(const struct pics_symbols *s, uint64_t addr,
			 const char **path, unsigned *line);
/* The function named @name, or the mapping named so for want of its ELF:
 * its first address and the address after it (the first such function
 * when several share the name). */
bool pics_symbols_lookup(const struct pics_symbols *s, const char *name,
			 uint64_t *start, uint64_t *end);
/* The GNU build-id note of the first ELF added, or 0 bytes. */
size_t pics_symbols_build_id(const struct pics_symbols *s,
			     const uint8_t **id);

/* ---- files that inputs name ---------------------------------------------- */

/* Opens @path for reading when it is a regular file; a FIFO, a device or
 * a folder is refused without waiting or running the device's open.
 * When @root is not NULL, @path is looked up inside the folder @root as
 * if it were "/" (teaperf's --symfs): symbolic links inside it are
 * followed, an absolute one from @root, and a ".." or a link that leads
 * out of it is refused. Returns the descriptor, and when @where is not
 * NULL the path opened (@root joined with where @path led, to be freed);
 * -1 with @err set otherwise. */
int pics_open_file(const char *root, const char *path, char **where,
		   struct pics_error *err);

#endif
