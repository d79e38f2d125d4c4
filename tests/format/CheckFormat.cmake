# The lines changed since BASELINE (committed or not) must be as clang-format 19 lays them out with
# the top-level .clang-format (CTest `clang_format`). Run as
#   cmake -DROOT=<source dir> -DBASELINE=<commit> -DGIT_CLANG_FORMAT=<git-clang-format-19>
#         -DCLANG_FORMAT=<clang-format-19> -P CheckFormat.cmake
# Fix what it reports with:  git clang-format-19 BASELINE   (formats exactly those lines)
cmake_minimum_required(VERSION 3.25)
if(NOT GIT_CLANG_FORMAT OR NOT CLANG_FORMAT)
  message(FATAL_ERROR "clang-format-19 and git-clang-format-19 are needed (Debian: clang-format-19, .ci/setup)")
endif()
execute_process(COMMAND git -C "${ROOT}" rev-parse --is-inside-work-tree
                RESULT_VARIABLE status OUTPUT_QUIET ERROR_QUIET)
if(NOT status EQUAL 0)
  message("clang_format: skipped, ${ROOT} is not a git checkout (the check compares with ${BASELINE})")
  return()
endif()
execute_process(COMMAND git -C "${ROOT}" cat-file -e "${BASELINE}^{commit}" RESULT_VARIABLE status ERROR_QUIET)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the format baseline ${BASELINE} is not in this clone (a shallow clone? fetch more history)")
endif()
execute_process(COMMAND "${GIT_CLANG_FORMAT}" --binary "${CLANG_FORMAT}" --diff --extensions cpp,hpp
                        "${BASELINE}" -- engine app views tests
                WORKING_DIRECTORY "${ROOT}" RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(out MATCHES "^(no modified files to format|clang-format did not modify any files)")
  message(STATUS "clang_format: the lines changed since ${BASELINE} are formatted")
  return()
endif()
message("${out}${err}")
message(FATAL_ERROR "lines changed since ${BASELINE} are not formatted as .clang-format says (the diff above); "
                    "'git clang-format-19 ${BASELINE}' fixes them")
