# The layering of the sources, checked on their #include lines (CTest `layering`). Run as
#   cmake -DROOT=<source dir> -P CheckIncludes.cmake
# Every file under engine/, views/ and app/ belongs to the layer whose path prefix is the longest
# match in the table below; it may include its own layer and the layers listed, `llvm` (<llvm/...>,
# <clang/...>) and `qt` (<Q...>) only where listed. The table follows the data flow of
# docs/architecture.md; CMake's target dependencies (PRIVATE/PUBLIC) follow the same table.
cmake_minimum_required(VERSION 3.25)

set(WEFT_LAYERS
  "engine/base:"
  "engine/action:engine/base"
  "engine/frontend:engine/base llvm"
  "engine/program:engine/base"
  "engine/program/Lowering:engine/base engine/program engine/frontend llvm"
  "engine/execution:engine/base engine/action"
  "engine/interpreter:engine/base engine/action engine/program engine/execution"
  "engine/unfolding:engine/base engine/action"
  "engine/results:engine/base engine/action engine/execution engine/unfolding"
  "engine/explorer:engine/base engine/action engine/execution engine/unfolding engine/results"
  "engine/debugger:engine"
  "views:engine/base engine/results engine/debugger qt"
  "app/cli:engine"
  "app/cli/main:engine app/cli app/dap"
  "app/dap:engine app/cli"
  "app/session:engine app/cli qt"
  "app/gui:engine app views qt"
)

if(NOT ROOT)
  message(FATAL_ERROR "usage: cmake -DROOT=<source dir> -P CheckIncludes.cmake")
endif()

set(prefixes "")
foreach(entry IN LISTS WEFT_LAYERS)
  string(FIND "${entry}" ":" colon)
  string(SUBSTRING "${entry}" 0 ${colon} layer)
  math(EXPR rest "${colon} + 1")
  string(SUBSTRING "${entry}" ${rest} -1 allowed)
  string(REPLACE " " ";" allowed "${allowed}")
  list(APPEND prefixes "${layer}")
  set("allowed_${layer}" "${layer};${allowed}")
endforeach()

# The layer of a path: the longest prefix of the table it starts with ("" if none).
function(layer_of path out)
  set(best "")
  string(LENGTH "" bestLength)
  foreach(p IN LISTS prefixes)
    string(LENGTH "${p}" n)
    string(SUBSTRING "${path}" 0 ${n} head)
    if(head STREQUAL p AND n GREATER bestLength) # a folder, or a file-name prefix (program/Lowering)
      set(best "${p}")
      set(bestLength ${n})
    endif()
  endforeach()
  set(${out} "${best}" PARENT_SCOPE)
endfunction()

# Whether `target` (a path or llvm/qt) is allowed for `layer`: it starts with an allowed entry.
function(is_allowed layer target out)
  foreach(a IN LISTS "allowed_${layer}")
    string(LENGTH "${a}" n)
    string(SUBSTRING "${target}" 0 ${n} head)
    if(head STREQUAL a)
      set(${out} TRUE PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} FALSE PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE sources RELATIVE "${ROOT}"
     "${ROOT}/engine/*.hpp" "${ROOT}/engine/*.cpp" "${ROOT}/engine/*.h" "${ROOT}/engine/*.def"
     "${ROOT}/views/*.hpp" "${ROOT}/views/*.cpp" "${ROOT}/app/*.hpp" "${ROOT}/app/*.cpp")
list(SORT sources)
set(violations 0)
foreach(file IN LISTS sources)
  layer_of("${file}" layer)
  if(layer STREQUAL "")
    continue() # engine/runtime (C) and anything new is not in the table yet
  endif()
  # One list element per line: ';' and brackets would split or join CMake list elements.
  file(READ "${ROOT}/${file}" content)
  string(REGEX REPLACE "[][;]" "_" content "${content}")
  string(REPLACE "\n" ";" lines "${content}")
  set(number 0)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    if(NOT line MATCHES "^[ \t]*#[ \t]*include")
      continue()
    elseif(line MATCHES "#[ \t]*include[ \t]*\"((engine|views|app)/[^\"]+)\"")
      set(target "${CMAKE_MATCH_1}")
    elseif(line MATCHES "#[ \t]*include[ \t]*<(llvm|clang)/")
      set(target "llvm")
    elseif(line MATCHES "#[ \t]*include[ \t]*<(Q[A-Za-z]*|Qt[A-Za-z]+/[^>]*)>")
      set(target "qt")
    else()
      continue()
    endif()
    is_allowed("${layer}" "${target}" ok)
    if(NOT ok)
      string(REPLACE ";" ", " allowedText "${allowed_${layer}}")
      message(STATUS "${file}:${number}: ${layer} includes ${target}; it may include only ${allowedText}")
      math(EXPR violations "${violations} + 1")
    endif()
  endforeach()
endforeach()
if(violations GREATER 0)
  message(FATAL_ERROR "${violations} include(s) against the layering (tests/layering/CheckIncludes.cmake)")
endif()
list(LENGTH sources checked)
message(STATUS "layering: ${checked} files, every include follows the table")
