/*
 * NestStep.h - the header name of the NestStep papers' programs
 * (#include "NestStep.h"): it only includes neststep.h, the runtime ABI.
 * nsc includes neststep.h in every .nst translation unit anyway, so with
 * nsc this header changes nothing; it lets the papers' programs build
 * unchanged.  Installed beside neststep.h.
 */
#ifndef NESTSTEP_COMPAT_H
#define NESTSTEP_COMPAT_H
#include <neststep.h>
#endif
