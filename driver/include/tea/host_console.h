/* What a program on a board prints for the host that reads the board's
 * console (the board's device tree has /chosen/tea,host-console). No
 * includes, so that the kernel's nolibc programs can use it too.
 *
 * Last, SERIAL_BOOT_EXIT, a space and the exit status in decimal. The
 * bare-metal runtime prints it at exit, make linux's init before it powers
 * off; teaperf record --serial and teaperf boot end with that status.
 *
 * A file, for the host to write (the target's teaperf record -o
 * console:NAME; teaperf boot and teaperf extract take it), as lines:
 *   CONSOLE_FILE_BEGIN NAME SIZE      SIZE in decimal
 *   CONSOLE_FILE_DATA HEX             at most CONSOLE_FILE_LINE bytes each
 *   CONSOLE_FILE_END CRC              CRC-32 (IEEE 802.3) of the bytes, 8 hex digits
 * NAME is 1 to CONSOLE_FILE_NAME_MAX of [A-Za-z0-9._-], not starting with
 * '.'. Other lines may come between them (the console is shared); a line
 * may end in "\r\n". */
#ifndef TEA_HOST_CONSOLE_H
#define TEA_HOST_CONSOLE_H

#define SERIAL_BOOT_EXIT "TEA-EXIT"

#define CONSOLE_FILE_BEGIN    "TEA-FILE"
#define CONSOLE_FILE_DATA     "TEA-FILE-DATA"
#define CONSOLE_FILE_END      "TEA-FILE-END"
#define CONSOLE_FILE_LINE     48
#define CONSOLE_FILE_NAME_MAX 64

/* Whether the n bytes at s are a name the host writes a file under: 1 to
 * max of [A-Za-z0-9._-], not starting with '.', so that it cannot leave
 * the host's folder nor hide in it. The console's files and teasim's host
 * file channel (tea/host_files.h) both take this rule. */
static inline int tea_file_name_ok(const char *s, unsigned long n, unsigned long max)
{
	if (!n || n > max || s[0] == '.')
		return 0;
	for (unsigned long i = 0; i < n; i++) {
		char c = s[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '.' || c == '_' || c == '-'))
			return 0;
	}
	return 1;
}

/* Whether the n bytes at s are a name the host takes for a console file. */
static inline int console_file_name_ok(const char *s, unsigned long n)
{
	return tea_file_name_ok(s, n, CONSOLE_FILE_NAME_MAX);
}

/* CRC-32 (IEEE 802.3: reflected, polynomial 0xedb88320) of len bytes,
 * continuing from crc (0 to start): the console's files and the serial
 * boot protocol's frames. Plain C types, for want of stdint.h. */
static inline unsigned int tea_crc32(unsigned int crc, const unsigned char *p, unsigned long len)
{
	crc = ~crc;
	while (len--) {
		crc ^= *p++;
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
	}
	return ~crc;
}

#endif
