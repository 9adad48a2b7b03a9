/* The RTL backend of each core configuration is a library of its own
 * (sim/sim.mk), so that teasim builds and runs the ISS without Verilator;
 * --rtl loads the one --config names from lib/ beside teasim's bin/, or
 * where make install put it. */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "rtl/rtl_soc.h"
#include "attribution/sampler_model.h"
#include "attribution/tea_cycle.h"
#include "teasim/teasim.h"

/* Where the library is, the first that exists of:
 *  - lib/ beside teasim's bin/, where the build puts it
 *    ($(BUILD)/lib/teasim-rtl-<config>.so for $(BUILD)/bin/teasim);
 *  - lib/tea/ there, as make install lays it out under the default
 *    libdir, so that an installed tree still runs when moved or while
 *    staged under DESTDIR;
 *  - the libdir teasim was installed for (TEA_LIBDIR, defined only in
 *    the copy make install links: the build tree's names no system path).
 * None: the build tree's, which the error message then names. */
static int library_path(const char *config, char *path, size_t len)
{
	static const char *const beside[] = { "lib", "lib/tea" };
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash = NULL;

	if (n <= 0)
		return error(EXIT_ERROR, "cannot find teasim's own path: %s", strerror(errno));
	exe[n] = '\0';
	for (int up = 0; up < 2; up++) {
		slash = strrchr(exe, '/');
		if (slash)
			*slash = '\0';
	}
	for (size_t i = 0; i < sizeof(beside) / sizeof(beside[0]); i++) {
		snprintf(path, len, "%s/%s/teasim-rtl-%s.so", slash ? exe : ".", beside[i], config);
		if (!access(path, F_OK))
			return 0;
	}
#ifdef TEA_LIBDIR
	snprintf(path, len, TEA_LIBDIR "/tea/teasim-rtl-%s.so", config);
	if (!access(path, F_OK))
		return 0;
#endif
	snprintf(path, len, "%s/%s/teasim-rtl-%s.so", slash ? exe : ".", beside[0], config);
	return 0;
}

const struct rtl_backend *rtl_backend_load(const char *config)
{
	char path[PATH_MAX + 64];
	const size_t layout[] = RTL_BACKEND_LAYOUT;
	const struct rtl_backend *backend;
	void *lib;

	_Static_assert(sizeof(layout) == sizeof(((struct rtl_backend *)0)->layout),
		       "RTL_BACKEND_LAYOUT fills rtl_backend.layout");
	if (library_path(config, path, sizeof(path)))
		return NULL;
	if (access(path, F_OK)) {
		error(EXIT_ERROR, "--rtl --config %s: %s is not built (make teasim-rtl-%s builds it)",
		      config, path, config);
		return NULL;
	}
	lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		error(EXIT_ERROR, "--rtl --config %s: %s", config, dlerror());
		return NULL;
	}
	backend = dlsym(lib, RTL_BACKEND_SYMBOL);
	if (!backend) {
		error(EXIT_ERROR, "--rtl --config %s: %s has no " RTL_BACKEND_SYMBOL, config, path);
		return NULL;
	}
	if (memcmp(backend->layout, layout, sizeof(layout))) {
		error(EXIT_ERROR, "--rtl --config %s: %s was built against other headers "
		      "(make teasim-rtl-%s rebuilds it)", config, path, config);
		return NULL;
	}
	return backend;
}
