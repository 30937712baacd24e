// src/predicates/target_clones.hpp (private to the library's sources): runtime dispatch
// for hot double-precision loops. On x86-64 with GCC and glibc (ifunc), a
// function marked EXACTGEOM_TARGET_CLONES is compiled twice, for x86-64-v3
// (AVX2, FMA: four doubles per vector, std::fma as one instruction) and for
// the baseline, and the copy the CPU supports is chosen when the program
// loads. Plain C++ in both copies; elsewhere the macro is empty. (The batch
// filter pass dispatches by hand instead, so the tests can run every copy:
// src/predicates/batch.cpp.)
#pragma once

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__GLIBC__)
#define EXACTGEOM_TARGET_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define EXACTGEOM_TARGET_CLONES
#endif
