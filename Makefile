# cbeval - corpus-bootstrap IR evaluation.  See README.md.  Needs GNU make.
#
# CC, CFLAGS, CPPFLAGS, LDFLAGS and LDLIBS are the user's and are passed to
# every compile and link (the product, the tests and the sanitizer build);
# the flags cbeval needs itself are added to them.  The optimised build
# defines NDEBUG; the sanitizer build, which the tests also run, keeps the
# assert()s that check the preconditions stated in the headers.

PREFIX ?= /usr/local
MANDIR ?= $(PREFIX)/share/man
CC ?= cc
CFLAGS ?= -O2
WARN = -std=c11 -Wall -Wextra -pedantic
# The headers are in one folder per stage of the pipeline (include/base,
# input, measures, image, figures, output, analyses, cli); each is on the
# include path, so a file includes a header by its name.
CPPFLAGS_CB = $(patsubst %/,-I%,$(sort $(wildcard include/*/))) -D_POSIX_C_SOURCE=200809L
LDLIBS_CB = -lm -pthread

SRC = $(sort $(wildcard src/*/*.c))
LIBSRC = $(filter-out src/cli/main.c,$(SRC))
HDR = $(wildcard include/*/*.h)
OBJ = $(SRC:%.c=build/rel/%.o)
LIBOBJ = $(LIBSRC:%.c=build/rel/%.o)
ASAN_OBJ = $(SRC:%.c=build/asan/%.o)
ASAN_LIBOBJ = $(LIBSRC:%.c=build/asan/%.o)
# The sanitizer build also runs the baseline x86-64 code where the
# optimised build dispatches to copies compiled for BMI2 (hot.h), so that
# the tests run both.
ASAN = -fsanitize=address,undefined -fno-omit-frame-pointer -g -O1 -DCB_BASELINE

all: cbeval

cbeval: $(OBJ)
	$(CC) $(WARN) $(CFLAGS) -pthread $(LDFLAGS) -o $@ $(OBJ) $(LDLIBS_CB) $(LDLIBS)

build/rel/%.o: %.c $(HDR)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) -pthread $(CPPFLAGS_CB) -DNDEBUG $(CPPFLAGS) -c -o $@ $<

build/asan/%.o: %.c $(HDR)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(ASAN) -pthread $(CPPFLAGS_CB) $(CPPFLAGS) -c -o $@ $<

build/asan/cbeval: $(ASAN_OBJ)
	$(CC) $(ASAN) -pthread $(LDFLAGS) -o $@ $(ASAN_OBJ) $(LDLIBS_CB) $(LDLIBS)

# Test programs: every tests/test_*.c is one program linked with the
# library objects, built twice (optimised and sanitized).
TESTSRC = $(wildcard tests/test_*.c)
REL_TESTS = $(TESTSRC:tests/%.c=build/rel/%)
ASAN_TESTS = $(TESTSRC:tests/%.c=build/asan/%)

# A test program too long for one file has parts: the files of
# tests/parts/PROGRAM/ (*.c, and the header they share), compiled with
# tests/PROGRAM.c (PARTS_OF: a prerequisite list, for the second
# expansion of the rules below).
.SECONDEXPANSION:
PARTS_OF = $$(wildcard tests/parts/$(1)/*.c tests/parts/$(1)/*.h)

build/rel/test_%: tests/test_%.c $(call PARTS_OF,test_$$*) tests/check.h $(LIBOBJ) $(HDR)
	$(CC) $(WARN) $(CFLAGS) -pthread $(CPPFLAGS_CB) $(CPPFLAGS) $(LDFLAGS) -o $@ $(filter %.c,$^) $(LIBOBJ) $(LDLIBS_CB) $(LDLIBS)

build/asan/test_%: tests/test_%.c $(call PARTS_OF,test_$$*) tests/check.h $(ASAN_LIBOBJ) $(HDR)
	$(CC) $(WARN) $(ASAN) -pthread $(CPPFLAGS_CB) $(CPPFLAGS) $(LDFLAGS) -o $@ $(filter %.c,$^) $(ASAN_LIBOBJ) $(LDLIBS_CB) $(LDLIBS)

build/gen: tests/gen.c $(call PARTS_OF,gen)
	@mkdir -p build
	$(CC) $(WARN) $(CFLAGS) -D_POSIX_C_SOURCE=200809L $(CPPFLAGS) $(LDFLAGS) -o $@ $(filter %.c,$^) -lm $(LDLIBS)

# The slow, independent references of the analyses (tests/ref_*.c, used
# by tests/t_*.sh): libc and libm only, no project header.
REFS = build/ref_sensitivity build/ref_partitions build/ref_meld build/ref_bias \
       build/ref_pools build/ref_intervals build/ref_compare

# Each is compiled with its parts and with tests/parts/ref_shared/ (what
# the references share: name sets, line and --images readers), whose
# messages name the program by REF_PROG.
REF_SHARED = $(wildcard tests/parts/ref_shared/*.c tests/parts/ref_shared/*.h)

build/ref_%: tests/ref_%.c $(call PARTS_OF,ref_$$*) $(REF_SHARED) tests/ref_common.h
	@mkdir -p build
	$(CC) $(WARN) $(CFLAGS) -D_POSIX_C_SOURCE=200809L -DREF_PROG='"ref_$*"' $(CPPFLAGS) $(LDFLAGS) -o $@ $(filter %.c,$^) -lm $(LDLIBS)

# The well-formedness checker of the --svg figures (tests/t_svg.sh).
build/xmlcheck: tests/xmlcheck.c
	@mkdir -p build
	$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) $(LDFLAGS) -o $@ tests/xmlcheck.c $(LDLIBS)

# libFuzzer targets (clang with libclang-rt; not needed by make test).
FUZZCC ?= clang
FUZZFLAGS = -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -pthread
FUZZ_TARGETS = qrels run options pipeline collection
FUZZ_BINS = $(FUZZ_TARGETS:%=build/fuzz/fuzz_%)
FUZZ_SECONDS ?= 600
SMOKE_SECONDS ?= 5

build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(LIBSRC) $(HDR)
	@mkdir -p build/fuzz
	$(FUZZCC) $(FUZZFLAGS) $(CPPFLAGS_CB) $(CPPFLAGS) -o $@ $< $(LIBSRC) -lm

fuzz: $(FUZZ_BINS)
	@for t in $(FUZZ_TARGETS); do mkdir -p build/fuzz/corpus_$$t; \
	  echo "fuzzing $$t for $(FUZZ_SECONDS) s"; \
	  build/fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	    -artifact_prefix=build/fuzz/crash_$$t- build/fuzz/corpus_$$t tests/fuzz/seed_$$t \
	    2>&1 | grep -E '^(stat::number_of_executed_units|stat::peak_rss|==|SUMMARY|artifact)' ; \
	done

fuzz-smoke: $(FUZZ_BINS)
	@for t in $(FUZZ_TARGETS); do mkdir -p build/fuzz/corpus_$$t; \
	  build/fuzz/fuzz_$$t -max_total_time=$(SMOKE_SECONDS) \
	    -artifact_prefix=build/fuzz/crash_$$t- build/fuzz/corpus_$$t tests/fuzz/seed_$$t \
	    > build/fuzz/smoke_$$t.log 2>&1 \
	  && echo "ok - fuzz smoke $$t: $$(grep -c . build/fuzz/smoke_$$t.log) log lines, no crash" \
	  || { echo "not ok - fuzz smoke $$t"; tail -30 build/fuzz/smoke_$$t.log; exit 1; }; \
	done

# The fast tier: the optimised build and the quick tests (about a minute).
NPROC = $$(getconf _NPROCESSORS_ONLN 2> /dev/null || echo 2)

check:
	@MAKE_START=$$(date +%s); \
	$(MAKE) -s -j$(NPROC) cbeval $(REL_TESTS) build/gen $(REFS) build/xmlcheck && \
	MAKE_START=$$MAKE_START sh tests/run.sh check

# Everything: both builds, every test, valgrind.
test:
	@MAKE_START=$$(date +%s); \
	$(MAKE) -s -j$(NPROC) cbeval build/asan/cbeval $(REL_TESTS) $(ASAN_TESTS) build/gen $(REFS) build/xmlcheck && \
	MAKE_START=$$MAKE_START sh tests/run.sh

# The figures of README.md (man/fig/*.svg), made from data/; tests/t_svg.sh
# checks that the committed ones are what this makes.
figures: cbeval
	sh tests/figures.sh write

check-valgrind: cbeval
	sh tests/valgrind.sh

check-scale: cbeval
	sh tests/scale.sh

# The benchmark (tests/bench.sh): figures beside the targets of the speed
# issue; bench-large: -b 10000 on the bench collection (about 20 s).
bench: cbeval build/gen
	sh tests/bench.sh

bench-large: cbeval build/gen
	sh tests/bench.sh large

# The manual: cbeval(1) and its topic pages (cbeval-*.7), each into the
# man directory of its section.
MANPAGES = $(wildcard man/*.[1-9])

install: cbeval
	mkdir -p $(DESTDIR)$(PREFIX)/bin
	cp cbeval $(DESTDIR)$(PREFIX)/bin/cbeval
	chmod 755 $(DESTDIR)$(PREFIX)/bin/cbeval
	for p in $(MANPAGES); do \
		d=$(DESTDIR)$(MANDIR)/man$${p##*.}; b=$${p##*/}; \
		mkdir -p $$d && cp $$p $$d/$$b && chmod 644 $$d/$$b || exit 1; \
	done
	if [ -n "$(TREC_EVAL_LINK)" ]; then \
		ln -sf cbeval $(DESTDIR)$(PREFIX)/bin/trec_eval; fi

# The trec_eval link goes only if it is ours.
uninstall:
	if [ "$$(readlink $(DESTDIR)$(PREFIX)/bin/trec_eval 2>/dev/null)" = cbeval ]; then \
		rm -f $(DESTDIR)$(PREFIX)/bin/trec_eval; fi
	rm -f $(DESTDIR)$(PREFIX)/bin/cbeval
	for p in $(MANPAGES); do \
		rm -f $(DESTDIR)$(MANDIR)/man$${p##*.}/$${p##*/}; done

clean:
	rm -rf build cbeval

.PHONY: check all test figures check-valgrind check-scale bench bench-large fuzz fuzz-smoke install uninstall clean
