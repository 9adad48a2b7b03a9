/* Files carried by a board's console (tea/host_console.h), written back
 * into files on the host: teaperf boot at the end of a run, teaperf
 * extract from a saved console log. */
#ifndef TEAPERF_CONSOLE_FILES_H
#define TEAPERF_CONSOLE_FILES_H

#include <stdbool.h>
#include <stddef.h>

/* Writes every whole file in the len bytes of console text into dir,
 * saying so on stderr: each a new file there (write_file_in: never over
 * one that exists unless force, never through a symbolic link). With dir
 * NULL, into a new folder teaperf-CMD-N in the current one, made when the
 * first file is whole. Returns how many, or -1 when a file's lines were
 * damaged or cut off, or one could not be written (each said in one
 * line; the good ones are written all the same). */
int console_files_write(const char *cmd, const char *text, size_t len, const char *dir,
			bool force);

#endif
