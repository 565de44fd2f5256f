/* SPDX-License-Identifier: Apache-2.0 */
/*
 * protocols.c -- the protocols registered with the shared system: the one place that names a
 * protocol (docs/framework.md, "Protocols", rule 1, and "Layers": a registry sees every layer,
 * so it lives in tb/cli, above tb/sys and tb/proto). A new protocol adds its descriptor here.
 * The lookups are declared in tb/sys/gsys.h.
 */
#include <string.h>

#include "gsys.h"

extern const gsys_proto_t tc_proto;     /* tb/proto/tc/tc_proto.c */
extern const gsys_proto_t gpu_proto;    /* tb/proto/gpu/gpu_proto.c */
extern const gsys_proto_t denovo_proto; /* tb/proto/denovo/denovo_proto.c */
extern const gsys_proto_t hlrc_proto;   /* tb/proto/hlrc/hlrc_proto.c */
extern const gsys_proto_t gtsc_proto;   /* tb/proto/gtsc/gtsc_proto.c */

static const gsys_proto_t* const protocols[] = {&tc_proto,   &gpu_proto,  &denovo_proto,
                                                &hlrc_proto, &gtsc_proto, NULL};

const gsys_proto_t* const* gsys_protocols(void) {
    return protocols;
}

const gsys_proto_t* gsys_proto_find(const char* family) {
    for (const gsys_proto_t* const* p = protocols; *p; p++)
        if (!strcmp((*p)->name, family))
            return *p;
    return NULL;
}

const gsys_proto_t* gsys_variant_find(const char* name, uint32_t* variant) {
    for (const gsys_proto_t* const* p = protocols; *p; p++)
        for (uint32_t i = 0; i < (*p)->nvariants; i++)
            if (!strcmp((*p)->variants[i].name, name)) {
                *variant = i;
                return *p;
            }
    return NULL;
}
