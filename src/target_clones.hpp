// src/target_clones.hpp (private to the library's sources): runtime dispatch
// for hot double-precision loops. On x86-64 with GCC and glibc (ifunc), a
// function marked EXACTGEOM_TARGET_CLONES is compiled twice, for x86-64-v3
// (AVX2, FMA: four doubles per vector, std::fma as one instruction) and for
// the baseline, and the copy the CPU supports is chosen when the program
// loads. Plain C++ in both copies; elsewhere the macro is empty.
#pragma once

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__GLIBC__)
#define EXACTGEOM_TARGET_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
// Vector loops (the batch filter pass) get an x86-64-v4 copy too: AVX-512's
// eight doubles per vector, mask compares and wider shuffles. Measured on
// the AMD EPYC of the README: orient2d/orient3d exact_batch/random from
// 1.07x/1.19x of the scalar float loop to 0.62x/0.60x. The test suite runs
// whichever copy the machine picks (this one's: v4); the copies are the
// same C++ and the filters' bounds hold with or without FMA contraction.
#define EXACTGEOM_TARGET_CLONES_WIDE \
  __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define EXACTGEOM_TARGET_CLONES
#define EXACTGEOM_TARGET_CLONES_WIDE
#endif
