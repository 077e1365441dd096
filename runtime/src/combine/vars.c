/*
 * vars.c - the variables a combine item can name, by key: the replicated
 * shared variables in scope (declared and undeclared by neststep/shvar.c)
 * in a hash table, and the one variable of a BSPlib collective in flight
 * (set by sync/collective.c around its superstep).  items.c finds an
 * arriving item's variable here.
 */
#include "internal.h"

ns_shvar *ns_vars_bucket[NS_VARS_NBUCKET];
ns_shvar *ns_coll_item_var;

ns_shvar *
ns_sh_find(uint64_t key)
{
    for (ns_shvar *v = ns_vars_bucket[key % NS_VARS_NBUCKET]; v; v = v->next_hash)
        if (v->key == key)
            return v;
    return NULL;
}

void
ns_sh_unlink(ns_shvar *v)
{
    for (ns_shvar **pp = &ns_vars_bucket[v->key % NS_VARS_NBUCKET]; *pp; pp = &(*pp)->next_hash)
        if (*pp == v) {
            *pp = v->next_hash;
            return;
        }
}

void
ns_sh_link(ns_shvar *v)
{
    v->next_hash = ns_vars_bucket[v->key % NS_VARS_NBUCKET];
    ns_vars_bucket[v->key % NS_VARS_NBUCKET] = v;
}
