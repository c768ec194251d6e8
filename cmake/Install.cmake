# `cmake --install` and the Debian package (CPack).
#
#   bin/torchdtype, bin/torchdtype-tidy
#   lib/torchdtype/torchdtype.so          for clang-tidy-19 --load=
#   share/torchdtype/kb/                  the knowledge base (compiled in too)
#   share/torchdtype/pre-commit-hook.sh   the hook, for a `repo: local` entry
#   share/doc/torchdtype/                 README.md and docs/
#
# The programs need nothing of the build or source tree: the knowledge base
# and the tables are compiled in, and clang's own headers are LLVM 19's
# (/usr/lib/clang/19 from clang-tidy-19's dependencies).
include(GNUInstallDirs)

install(TARGETS torchdtype-cli torchdtype-tidy
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS torchdtype
  LIBRARY DESTINATION lib/torchdtype)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/kb/records
  DESTINATION ${CMAKE_INSTALL_DATADIR}/torchdtype/kb)
install(FILES ${CMAKE_SOURCE_DIR}/kb/schema.json
  DESTINATION ${CMAKE_INSTALL_DATADIR}/torchdtype/kb)
install(PROGRAMS ${CMAKE_SOURCE_DIR}/tools/pre-commit-hook.sh
  DESTINATION ${CMAKE_INSTALL_DATADIR}/torchdtype)
install(FILES ${CMAKE_SOURCE_DIR}/README.md
  DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/
  DESTINATION ${CMAKE_INSTALL_DOCDIR}
  PATTERN "notes" EXCLUDE)

# A .deb for Debian bookworm: cpack -G DEB in the build directory (or
# `cmake --build build --target package`). Its dependencies are the
# runtime libraries the programs link (dpkg-shlibdeps: libllvm19,
# libclang-cpp19, libstdc++6 ...) and clang-tidy-19, which brings clang's
# headers and loads the module.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME torchdtype)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "torchdtype maintainers <torchdtype@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "static analyzer for dtype and device mistakes in LibTorch C++ code")
set(CPACK_PACKAGE_INSTALL_DIRECTORY /usr)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "clang-tidy-19")
include(CPack)
