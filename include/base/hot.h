/*
 * hot.h - what the functions of the innermost loops (a line of a run
 * file, a docno's hash) share: HOT_INLINE, and HOT_CLONES, the choice of
 * compiling such a loop a second time for the BMI2 instructions.
 *
 * HOT_INLINE asks that a small function be inlined even into a function
 * compiled for other instructions (a clone with target("bmi,bmi2")),
 * where GCC would otherwise call it out of line.  HOT_CLONES is 1 where
 * the compiler can make such clones (GCC or Clang on x86-64) and the
 * build has not asked for the baseline code only: the sanitizer build
 * defines CB_BASELINE, so that `make test` runs both the clones (the
 * optimised build, on a processor with BMI2) and the baseline code.
 */
#ifndef CBEVAL_HOT_H
#define CBEVAL_HOT_H

#if defined(__GNUC__) || defined(__clang__)
#define HOT_INLINE __attribute__((always_inline))
#else
#define HOT_INLINE
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && \
	!defined(CB_BASELINE)
#define HOT_CLONES 1
#else
#define HOT_CLONES 0
#endif

#endif
