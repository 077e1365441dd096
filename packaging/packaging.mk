# packaging.mk - included by the Makefile: shared libraries beside the static
# ones, and what make install adds for users' build systems (pkg-config
# files, a CMake package), and make uninstall.
#
#   $(BUILD)/lib/libnsengine.so.$(VERSION), libbsp.so.$(VERSION) with sonames
#     libnsengine.so.$(SOVERSION), libbsp.so.$(SOVERSION), and the links
#     lib*.so.$(SOVERSION) and lib*.so
#   <prefix>/lib/pkgconfig/{bsplib,bsplib-mcbsp,neststep}.pc
#   <prefix>/lib/cmake/NestStepC/NestStepConfig{,Version}.cmake
#
# libbsp.so finds libnsengine.so beside itself (RUNPATH $ORIGIN), so a
# program that links -lbsp alone runs with one -rpath (or none in a system
# directory).  The shared libraries are built from their own position-independent objects
# ($(BUILD)/obj-pic/), so the static libraries keep their flags (and speed).

VERSION   := 1.0.0
SOVERSION := 1

RUNTIME_PIC := $(RUNTIME_SRC:%.c=$(BUILD)/obj-pic/%.o)
BSPLIB_PIC  := $(BSPLIB_SRC:%.c=$(BUILD)/obj-pic/%.o)
SHLIB_NAMES := libnsengine libbsp
SHLIBS      := $(SHLIB_NAMES:%=$(BUILD)/lib/%.so.$(VERSION))
SHLIB_LINKS := $(SHLIB_NAMES:%=$(BUILD)/lib/%.so.$(SOVERSION)) $(SHLIB_NAMES:%=$(BUILD)/lib/%.so)
PC_FILES    := bsplib.pc bsplib-mcbsp.pc neststep.pc
CMAKE_FILES := NestStepCConfig.cmake NestStepCConfigVersion.cmake

all: $(SHLIBS) $(SHLIB_LINKS)

$(RUNTIME_PIC) $(BSPLIB_PIC): | deps

$(BUILD)/obj-pic/runtime/%.o: runtime/%.c
	@mkdir -p $(dir $@)
	@echo "  CC -fPIC $<"
	$(Q)$(CC) $(CFLAGS) -fPIC $(RUNTIME_INC) -c $< -o $@

$(BUILD)/obj-pic/lib-bsplib/%.o: lib-bsplib/%.c
	@mkdir -p $(dir $@)
	@echo "  CC -fPIC $<"
	$(Q)$(CC) $(CFLAGS) -fPIC $(BSPLIB_INC) -c $< -o $@

$(BUILD)/lib/libnsengine.so.$(VERSION): $(RUNTIME_PIC)
	@mkdir -p $(dir $@)
	@echo "  LINK    $@"
	$(Q)$(CC) $(LDFLAGS) -shared -Wl,-soname,libnsengine.so.$(SOVERSION) $^ -o $@

$(BUILD)/lib/libbsp.so.$(VERSION): $(BSPLIB_PIC) $(BUILD)/lib/libnsengine.so.$(SOVERSION)
	@mkdir -p $(dir $@)
	@echo "  LINK    $@"
	$(Q)$(CC) $(LDFLAGS) -shared -Wl,-soname,libbsp.so.$(SOVERSION) $(BSPLIB_PIC) \
	  $(BUILD)/lib/libnsengine.so.$(SOVERSION) -Wl,-rpath,'$$ORIGIN' -o $@

$(BUILD)/lib/%.so.$(SOVERSION): $(BUILD)/lib/%.so.$(VERSION)
	$(Q)ln -sf $(notdir $<) $@

$(BUILD)/lib/%.so: $(BUILD)/lib/%.so.$(SOVERSION)
	$(Q)ln -sf $(notdir $<) $@

# install: the Makefile's recipe installs the tools, static libraries,
# headers and manual pages; this adds the rest.
install: install-packaging
install-packaging: all
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/lib/cmake/NestStepC
	install -m 755 $(SHLIBS) $(DESTDIR)$(PREFIX)/lib
	cp -P $(SHLIB_LINKS) $(DESTDIR)$(PREFIX)/lib
	for f in $(PC_FILES); do \
	  sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' packaging/$$f.in \
	    > $(DESTDIR)$(PREFIX)/lib/pkgconfig/$$f && chmod 644 $(DESTDIR)$(PREFIX)/lib/pkgconfig/$$f || exit 1; \
	done
	for f in $(CMAKE_FILES); do \
	  sed -e 's|@VERSION@|$(VERSION)|g' -e 's|@SOVERSION@|$(SOVERSION)|g' packaging/$$f.in \
	    > $(DESTDIR)$(PREFIX)/lib/cmake/NestStepC/$$f && chmod 644 $(DESTDIR)$(PREFIX)/lib/cmake/NestStepC/$$f || exit 1; \
	done

# uninstall: every file install puts under $(DESTDIR)$(PREFIX), then the
# directories under it that install makes, if they are left empty (never
# $(PREFIX) itself or anything above it).
INSTALLED := $(addprefix bin/,$(notdir $(TOOLS))) \
  $(addprefix libexec/neststep/,$(notdir $(LIBEXEC))) \
  $(addprefix lib/,$(notdir $(LIBS) $(SHLIBS) $(SHLIB_LINKS))) \
  $(addprefix include/,$(notdir $(HEADERS))) \
  $(addprefix share/man/man1/,$(notdir $(wildcard docs/man/man1/*.1))) \
  $(addprefix share/man/man3/,$(notdir $(wildcard docs/man/man3/*.3))) \
  $(addprefix lib/pkgconfig/,$(PC_FILES)) $(addprefix lib/cmake/NestStepC/,$(CMAKE_FILES))
UNINSTALL_DIRS := lib/pkgconfig lib/cmake share/man/man1 share/man/man3 share/man share \
  bin libexec lib include
uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALLED))
	for d in libexec/neststep lib/cmake/NestStepC $(UNINSTALL_DIRS); do \
	  [ ! -d $(DESTDIR)$(PREFIX)/$$d ] || rmdir --ignore-fail-on-non-empty $(DESTDIR)$(PREFIX)/$$d; \
	done

.PHONY: install-packaging uninstall
-include $(RUNTIME_PIC:.o=.d) $(BSPLIB_PIC:.o=.d)
