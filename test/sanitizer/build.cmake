# cmake -DSOURCE_DIR=... -DBINARY_DIR=... -DSANITIZE=address,undefined -DCXX=...
#       -DTABLEGEN=<release torchdtype-tablegen> [-DTARGETS=a;b] -P build.cmake
# Configures and builds the sanitizer tier's torchdtype-tidy and unit tests
# (or TARGETS: the ThreadSanitizer tier builds torchdtype-cli alone).
foreach(var SOURCE_DIR BINARY_DIR SANITIZE CXX TABLEGEN)
  if(NOT ${var})
    message(FATAL_ERROR "build.cmake: -D${var}= is required")
  endif()
endforeach()
execute_process(
  COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BINARY_DIR} -G Ninja
          -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${CXX}
          # -O0: compiling with ASan dominates at -O1 and -O3, while the
          # tests spend their time in clang's own (uninstrumented) code
          "-DCMAKE_CXX_FLAGS_RELEASE=-O0 -DNDEBUG"
          -DTORCHDTYPE_SANITIZE=${SANITIZE} -DBUILD_TESTING=ON
          # the release tree's table generator (a host tool: its tables are
          # data, the same in every tree)
          -DTORCHDTYPE_TABLEGEN=${TABLEGEN}
          # the analysis, the checks, the driver and the unit tests in unity
          # batches of 16: a TSan tree's torchdtype 283 -> 220 CPU-s here
          # (the analysis alone), the ASan tree 271 -> 163 CPU-s (all
          # three); with the driver too (and its precompiled headers) the
          # TSan tree 130 -> 101 CPU-s, built alone on the 2 cores
          -DTORCHDTYPE_UNITY=ON
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sanitizer build: configuring failed (${rc})")
endif()
if(NOT TARGETS)
  set(TARGETS torchdtype-tidy torchdtype-unittests)
endif()
cmake_host_system_information(RESULT cores QUERY NUMBER_OF_LOGICAL_CORES)
execute_process(
  COMMAND ${CMAKE_COMMAND} --build ${BINARY_DIR} -j ${cores}
          --target ${TARGETS}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sanitizer build: building failed (${rc})")
endif()
