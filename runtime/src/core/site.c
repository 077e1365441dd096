/*
 * site.c - call sites: the hash of a site's file name, which site keys (the
 * agreement checks, sync/superstep.c) and registration sites
 * (transport/regtable.c) are made of, and a site as text for reports.
 */
#include <stdio.h>
#include "internal.h"

/* FNV-1a of a site's file name.  Names are string literals (__FILE__ in
 * the site macros, nsc's #line file), so the last one's hash is kept by
 * address: a program's supersteps mostly come from one file. */
uint32_t
ns_file_hash(const char *file)
{
    static const char *last;
    static uint32_t last_hash = 2166136261u;    /* that of NULL and "" */
    if (file == last)
        return last_hash;
    uint32_t h = 2166136261u;
    for (const char *c = file; c && *c; c++)
        h = (h ^ (unsigned char)*c) * 16777619u;
    last = file;
    last_hash = h;
    return h;
}

/* "file:line" of a site, or "line N" without a file. */
const char *
ns_where_site(char *buf, size_t size, const char *file, int line)
{
    if (file && file[0])
        snprintf(buf, size, "%s:%d", file, line);
    else
        snprintf(buf, size, "line %d", line);
    return buf;
}
