# Installs the build into a fresh prefix and runs the installed weft on a program that needs the C
# runtime library (CTest `install_runs`). Run as
#   cmake -DBUILD_DIR=<build> -DPREFIX=<empty dir> -DPROGRAM=<file.c> -DEXPECTED=<summary regex> -P InstallAndRun.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
                RESULT_VARIABLE status OUTPUT_QUIET)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${status})")
endif()
foreach(file bin/weft bin/weft-gui share/weft/runtime/stdlib.c share/weft/runtime/string.c share/weft/examples/lost_update.c)
  if(NOT EXISTS "${PREFIX}/${file}")
    message(FATAL_ERROR "not installed: ${file}")
  endif()
endforeach()
execute_process(COMMAND "${PREFIX}/bin/weft" explore "${PROGRAM}"
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0 OR NOT out MATCHES "${EXPECTED}")
  message(FATAL_ERROR "the installed weft gave exit code ${status}:\n${out}${err}")
endif()
message(STATUS "installed weft: ${out}")
